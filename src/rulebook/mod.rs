//! [`RuleBook`]: the rules of one ruleset as one value, built from its edition, and passed
//! explicitly to the mechanisms that apply them. A mutant of the reference
//! ([`crate::mutant`]) is a transform of a book ([`RuleBook::mutated`]): it alters the
//! field of the clause it names, and the mechanism built from the book applies the
//! altered rule with no branch on a global.
//!
//! The scoring rules are a field of the book ([`RuleBook::scoring`]). The other families
//! (move generation, clocks and adjournment, outcomes, draws and procedures) are still read
//! from the switch of [`crate::mutant`] while their mutant is active
//! ([`RuleBook::needs_switch`]).
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

use crate::mutant::Mutant;
use crate::standings::Scoring;
use crate::Ruleset;

/// The rules of one ruleset, each mechanism's as a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleBook {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// Tournament scoring, standings and colour allocation.
    pub scoring: Scoring,
}

impl RuleBook {
    /// The rules of a ruleset as written.
    pub fn of(ruleset: &Ruleset) -> RuleBook {
        RuleBook {
            ruleset: ruleset.clone(),
            scoring: Scoring::of(ruleset.game),
        }
    }

    /// The book with the clause `m` names altered as the mutant alters it: a mutant of
    /// another family leaves the book as it is ([`RuleBook::needs_switch`]).
    pub fn mutated(mut self, m: Mutant) -> RuleBook {
        if let Mutant::Scoring(s) = m {
            self.scoring.alteration = Some(s);
        }
        self
    }

    /// Whether the mechanisms altered by `m` still read it from the switch of
    /// [`crate::mutant`] (it must be active while they run) rather than from a book.
    pub fn needs_switch(m: Mutant) -> bool {
        !matches!(m, Mutant::Scoring(_))
    }
}
