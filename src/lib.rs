//! arbiter: a rules-conformance test suite and simulator harness for 64-square draughts
//! (Brazilian and Russian rules) and xiangqi (CXA competition rules).
//!
//! - [`draughts`] and [`xiangqi`] are the reference rules: positions, FEN, notation, legal
//!   moves, perft.
//! - [`Rules`] is the game-neutral view of them used by the CLI and the case runner.
//! - [`Ruleset`] names a game and an edition of its rules (`russian@fmjd64`).
//! - [`spec`] is the clause catalog, [`case`] the executable scenarios and their runner,
//!   [`engine`] what the runner asks, [`report`] the views of a run.
//! - [`fuzz`] compares an engine with the reference on generated positions and shrinks
//!   each disagreement to a case.

#![warn(missing_docs)]

/// For the small enums written as one word each (`name()`): `Display` writes the name;
/// with `from_name`, also `from_name`, the value of a name among `ALL` (the inverse of
/// `name`); with `from_str`, also `FromStr` by `from_name`, its error (of the type given)
/// made from the unknown text by the function given. Defined before the modules, which use
/// it.
macro_rules! named {
    (from_str $t:ident, $err:ty, $unknown:expr) => {
        impl std::str::FromStr for $t {
            type Err = $err;

            fn from_str(s: &str) -> Result<$t, $err> {
                $t::from_name(s).ok_or_else(|| $unknown(s))
            }
        }
        named!(from_name $t);
    };
    (from_name $t:ident) => {
        impl $t {
            /// The value of a name (`None` for any other text): the inverse of `name`.
            pub fn from_name(name: &str) -> Option<$t> {
                $t::ALL.into_iter().find(|v| v.name() == name)
            }
        }
        named!($t);
    };
    ($t:ident) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

pub mod audit;
pub mod book;
pub mod case;
pub mod clause;
pub mod clock;
pub mod draughts;
pub mod edition;
pub mod engine;
pub mod fuzz;
pub mod game;
pub mod mutant;
pub mod outcome;
pub mod page;
pub mod play;
pub mod procedure;
pub mod protocol;
pub mod records;
pub mod report;
pub mod rulebook;
pub mod rules;
pub mod ruleset;
pub mod shipped;
pub mod side;
pub mod spec;
pub mod standings;
pub mod svg;
pub mod targets;
pub mod xiangqi;
pub mod yaml;

pub use game::{Game, UnknownGame};
pub use outcome::{
    ClauseId, ClockPenalty, OfferAnswer, OfferRecord, OfferRuling, Outcome, Reason, Score,
};
pub use rules::{
    rules_for, rules_of, ClaimRuling, GameState, Judge, MoveInfo, Perft, PerftCount, Rules,
    RulesError, Status,
};
pub use ruleset::{Ruleset, RulesetError};
pub use side::{Side, SideError};
