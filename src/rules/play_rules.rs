//! [`PlayRules`]: the rules of play of a ruleset as one value, what the rules adapters
//! ([`crate::rules_of`]) and the session's board and judge apply: how the pieces move and
//! capture (more of the rules of play join it as they become values).

use super::MoveRules;
use crate::Ruleset;

/// The rules of play of one ruleset.
///
/// ```
/// use arbiter::rules::{MoveRules, PlayRules};
///
/// let play = PlayRules::of(&"xiangqi".parse().unwrap());
/// assert_eq!(play.moves, MoveRules::of(arbiter::Game::Xiangqi));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayRules {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// How the pieces move and capture.
    pub moves: MoveRules,
}

impl PlayRules {
    /// The rules of play of a ruleset as written.
    pub fn of(ruleset: &Ruleset) -> PlayRules {
        PlayRules {
            ruleset: ruleset.clone(),
            moves: MoveRules::of(ruleset.game),
        }
    }
}
