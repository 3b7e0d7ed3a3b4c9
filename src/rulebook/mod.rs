//! [`RuleBook`]: the rules of one ruleset as one value, built from its edition, and passed
//! explicitly to the mechanisms that apply them. A mutant of the reference
//! ([`crate::mutant`]) is a transform of a book ([`RuleBook::mutated`]): it alters the
//! field of the clause it names, and the mechanism built from the book applies the
//! altered rule with no branch on a global.
//!
//! The rules of play ([`PlayRules`]: the move rules, the draw rules of the edition with
//! their counting, the scores of the endings the position decides, the repetition readings
//! and claim verification), scoring, clock and adjournment rules are fields of the book;
//! the draw mutants alter the rules of play in `draws.rs`. The rules adapters take the
//! book's rules of play ([`crate::rules_of`]). The mutants of move generation (the
//! session's board does not take its move rules from the book yet), of the session's
//! procedure and the clock mutants of the session's steps are still read from the switch
//! of [`crate::mutant`] while their mutant is active ([`RuleBook::needs_switch`]).
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

mod draws;

use crate::clock::ClockRules;
use crate::mutant::{ClockMutant, Mutant};
use crate::procedure::AdjournRules;
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
    /// Adjournment and resumption.
    pub adjourn: AdjournRules,
}

/// The clock mutants of the session's steps, with no parameter of their own yet: they
/// still read the switch ([`crate::mutant::clock_is`]).
const CLOCK_STEPS: [ClockMutant; 2] = [
    ClockMutant::OfferAfterPressStands,
    ClockMutant::SetupRestartFromFirstMove,
];

impl RuleBook {
    /// The rules of a ruleset as written.
    pub fn of(ruleset: &Ruleset) -> RuleBook {
        RuleBook {
            ruleset: ruleset.clone(),
            play: PlayRules::of(ruleset),
            scoring: Scoring::of(ruleset.game),
            clock: ClockRules::of(ruleset.game),
            adjourn: AdjournRules::of(ruleset.game),
        }
    }

    /// The book with the clause `m` names altered as the mutant alters it: a mutant of
    /// another family leaves the book as it is ([`RuleBook::needs_switch`]).
    pub fn mutated(mut self, m: Mutant) -> RuleBook {
        match m {
            Mutant::Scoring(s) => self.scoring.alteration = Some(s),
            Mutant::Clock(c) => {
                self.clock = self.clock.altered(c);
                self.adjourn = self.adjourn.altered(self.ruleset.game, c);
            }
            Mutant::Moves(m) => self.play.moves = self.play.moves.mutated(m),
            Mutant::Draws(d) => draws::alter(&mut self.play, d),
        }
        self
    }

    /// Whether the mechanisms altered by `m` still read it from the switch of
    /// [`crate::mutant`] (it must be active while they run) rather than from a book.
    pub fn needs_switch(m: Mutant) -> bool {
        match m {
            Mutant::Scoring(_) => false,
            Mutant::Clock(c) => CLOCK_STEPS.contains(&c),
            Mutant::Draws(d) => draws::of_session(d),
            Mutant::Moves(_) => true,
        }
    }
}
