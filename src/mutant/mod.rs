//! Mutants of the reference: each one switches off or alters exactly one clause of the rules,
//! to measure whether the suite (and the fuzzer) notices. A mutant that no case kills is a
//! clause the suite does not really check.
//!
//! A mutant is a transform of a rule book (`rulebook::RuleBook::mutated`): it alters the
//! field of the clause it names, and the mechanisms built from the altered book apply it.
//! Nothing reads a mutant while the rules run: this module is the catalog (names, clauses
//! broken, games altered, what each does), and it sits above every mechanism, right below
//! the rule book.
//!
//! The catalog is a data file, `src/mutant/mutants.yaml` (docs/mutants.md, "The catalog
//! file"): build.rs writes [`Mutant`] and the enum of each family from it, and stops the
//! build on a malformed entry or an id that is no clause of `spec/`.
//!
//! ```
//! use arbiter::mutant::Mutant;
//!
//! let m: Mutant = "kings-not-flying".parse().unwrap();
//! assert_eq!(m.name(), "kings-not-flying");
//! assert!(m.games().contains(&arbiter::Game::Russian));
//! ```
//!
//! # The families
//!
//! - [`MoveMutant`]s alter one clause of the movement, capture, promotion or check rules:
//!   each is a transform of the move rules a position carries
//!   (`draughts::MoveRules::mutated`, `xiangqi::MoveRules::mutated`), so a mutant is a
//!   different value of a switch the real rules already have, never a branch of its own in
//!   the search.
//!
//!   ```
//!   use arbiter::mutant::MoveMutant;
//!
//!   let m = MoveMutant::KingsNotFlying;
//!   assert_eq!(m.name(), "kings-not-flying");
//!   assert_eq!(m.clause(), "d64.move.king-flies");
//!   assert!(MoveMutant::ALL.len() >= 20);
//!   ```
//!
//! - [`DrawMutant`]s alter outcomes, draw counts, edition parameters, repetition verdicts,
//!   claims and touch-move. Every one alters one parameter of a mechanism that already has
//!   it. The mutants of the rules of play — an edition's draw rules and draw-offer rule
//!   (counts, modes, readings), the draw counting, the scores of the endings the position
//!   decides, claim verification, the repetition readings (棋例) and the judging of the
//!   verdict — alter its `PlayRules` (`src/rulebook/draws.rs`), which the rules adapters and
//!   the session's judge apply; the mutants of the session's procedure (touch-move, policy,
//!   corrections) alter its `procedure::SessionRules` (`src/rulebook/procedure.rs`).
//!
//!   ```
//!   use arbiter::mutant::{DrawMutant, Mutant};
//!   use arbiter::rulebook::RuleBook;
//!   use arbiter::{rules_of, Score, Side};
//!
//!   // Stalemated black: under CXA the side with no legal move loses.
//!   let book = RuleBook::of(&"xiangqi".parse().unwrap());
//!   let fen = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";
//!   let judge = |book: &RuleBook| {
//!       let outcome = rules_of(&book.play).outcome(fen, &[]).unwrap();
//!       outcome.outcome.map(|o| o.result)
//!   };
//!   assert_eq!(judge(&book), Some(Score::Win(Side::First)));
//!   let m = Mutant::Draws(DrawMutant::StalemateIsDraw);
//!   assert_eq!(judge(&book.mutated(m)), Some(Score::Draw));
//!   ```
//!
//! - [`ScoringMutant`]s alter one entry of a competition's table
//!   ([`crate::standings::Competition`]): a point value, a tie-break or its place in the
//!   order, the withdrawal rule, a colour rule.
//!
//! - [`ClockMutant`]s alter one parameter of the game's `ClockRules` or of the session's
//!   `procedure::SessionRules` (adjournment, an offer after pressing the clock, the restart
//!   for a set-up error), fields of the rule book ([`crate::rulebook::RuleBook`]): the
//!   book's transforms apply them (`RuleBook::mutated`), and no mechanism reads a clock
//!   mutant.
//!
//!   ```
//!   use arbiter::mutant::{ClockMutant, Mutant};
//!   use arbiter::rulebook::RuleBook;
//!
//!   let book = RuleBook::of(&"xiangqi".parse().unwrap());
//!   assert_eq!(book.clock.forcing.as_ref().unwrap().valid, 4);
//!   let book = book.mutated(Mutant::Clock(ClockMutant::FiveValidForcingMoves));
//!   assert_eq!(book.clock.forcing.as_ref().unwrap().valid, 5);
//!   ```

use std::fmt;
use std::str::FromStr;

include!(concat!(env!("OUT_DIR"), "/mutants.rs"));

impl Mutant {
    /// Whether the mutant alters move generation (the fuzzer's legal-move comparison must
    /// find it).
    pub fn is_movegen(self) -> bool {
        matches!(self, Mutant::Moves(_))
    }
}

impl fmt::Display for Mutant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a mutant's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown mutant '{0}' (`arbiter mutants --list` lists them)")]
pub struct UnknownMutant(pub String);

impl FromStr for Mutant {
    type Err = UnknownMutant;

    fn from_str(s: &str) -> Result<Mutant, UnknownMutant> {
        let s = s.trim();
        Mutant::ALL
            .iter()
            .copied()
            .find(|m| m.name() == s)
            .ok_or_else(|| UnknownMutant(s.to_owned()))
    }
}
