//! [`RuleBook`]: the rules of one ruleset as one value, built from its edition, and passed
//! explicitly to the mechanisms that apply them. A mutant of the reference
//! ([`crate::mutant`]) is a transform of a book ([`RuleBook::mutated`]): it alters the
//! field of the clause it names, and the mechanism built from the book applies the
//! altered rule with no branch on a global.
//!
//! The rules of play ([`PlayRules`]: the move rules, the draw rules of the edition with
//! their counting, the scores of the endings the position decides, the repetition readings
//! and claim verification), the session's procedure rules ([`SessionRules`]: touch-move,
//! policy, corrections, adjournment), the scoring and the clock rules are fields of the
//! book. The rules adapters ([`crate::rules_of`]) and the session
//! ([`crate::procedure::Session::with_rules`]) take their rules from it; the transforms
//! that alter them for a mutant live here (`draws`, `procedure`, `clock`), so no module
//! below the book reads a mutant.
//!
//! ```
//! use arbiter::mutant::{Mutant, ScoringMutant};
//! use arbiter::rulebook::RuleBook;
//! use arbiter::standings::Kind;
//!
//! let book = RuleBook::of(&"xiangqi".parse().unwrap());
//! let win = |book: &RuleBook| book.scoring.competition(Kind::RoundRobin).unwrap().points.win;
//! assert_eq!(win(&book), 1.0);
//! let mutant = book.mutated(Mutant::Scoring(ScoringMutant::XiangqiGamesTwoOneZero));
//! assert_eq!(win(&mutant), 2.0);
//! ```

mod clock;
mod draws;
pub mod moves;
mod procedure;
mod scoring;
#[cfg(test)]
mod tests;

use crate::clock::ClockRules;
use crate::mutant::Mutant;
use crate::procedure::SessionRules;
use crate::rules::PlayRules;
use crate::standings::Scoring;
use crate::Ruleset;

/// The rules of one ruleset, each mechanism's as a field.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleBook {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The rules of play: how the pieces move and capture.
    pub play: PlayRules,
    /// Tournament scoring, standings and colour allocation.
    pub scoring: Scoring,
    /// The clock rules.
    pub clock: ClockRules,
    /// The session's procedure rules: touch-move, policy, corrections, adjournment.
    pub procedure: SessionRules,
}

impl RuleBook {
    /// The rules of a ruleset as written.
    pub fn of(ruleset: &Ruleset) -> RuleBook {
        RuleBook {
            ruleset: ruleset.clone(),
            play: PlayRules::of(ruleset),
            scoring: Scoring::of(ruleset.game),
            clock: ClockRules::of(ruleset.game),
            procedure: SessionRules::of(ruleset.game),
        }
    }

    /// The book with the clause `m` names altered as the mutant alters it: a mutant of
    /// another game leaves the book as it is.
    pub fn mutated(mut self, m: Mutant) -> RuleBook {
        match m {
            Mutant::Scoring(s) => self.scoring = scoring::scored(self.scoring, s),
            Mutant::Clock(c) => {
                self.clock = clock::clocked(self.clock, c);
                self.procedure = procedure::clocked(self.procedure, self.ruleset.game, c);
            }
            Mutant::Moves(m) => self.play.moves = moves::mutated(self.play.moves, m),
            Mutant::Draws(d) => {
                draws::alter(&mut self.play, d);
                self.procedure = procedure::drawn(self.procedure, self.ruleset.game, d)
            }
        }
        self
    }
}
