//! [`MoveRules`]: how the pieces of a ruleset's game move and capture, one variant per game.

/// The move rules of a ruleset's game: how its pieces move and capture.
///
/// ```
/// use arbiter::mutant::{MoveMutant, Mutant};
/// use arbiter::rulebook::RuleBook;
/// use arbiter::rules::MoveRules;
///
/// let book = RuleBook::of(&"russian".parse().unwrap());
/// let MoveRules::Draughts(rules) = book.play.moves else { panic!("russian is draughts") };
/// assert!(rules.kings_fly);
/// let mutant = book.mutated(Mutant::Moves(MoveMutant::KingsNotFlying));
/// let slow = arbiter::draughts::MoveRules { kings_fly: false, ..rules };
/// assert_eq!(mutant.play.moves, MoveRules::Draughts(slow));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveRules {
    /// The rules of a 64-square draughts variant.
    Draughts(crate::draughts::MoveRules),
    /// The rules of xiangqi.
    Xiangqi(crate::xiangqi::MoveRules),
}

impl MoveRules {
    /// The move rules of a game as written.
    pub fn of(game: crate::Game) -> MoveRules {
        match crate::draughts::Variant::from_game(game) {
            Some(v) => MoveRules::Draughts(crate::draughts::MoveRules::of(v)),
            None => MoveRules::Xiangqi(crate::xiangqi::MoveRules::STANDARD),
        }
    }
}
