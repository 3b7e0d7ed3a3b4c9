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
/// assert_eq!(mutant.play.moves, MoveRules::Draughts(rules.mutated(MoveMutant::KingsNotFlying)));
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

    /// The rules with the clause `m` breaks altered (unchanged for a mutant of the other
    /// game).
    pub fn mutated(self, m: crate::mutant::MoveMutant) -> MoveRules {
        match self {
            MoveRules::Draughts(r) => MoveRules::Draughts(r.mutated(m)),
            MoveRules::Xiangqi(r) => MoveRules::Xiangqi(r.mutated(m)),
        }
    }
}
