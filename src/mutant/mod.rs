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
//! ```
//! use arbiter::mutant::Mutant;
//!
//! let m: Mutant = "kings-not-flying".parse().unwrap();
//! assert_eq!(m.name(), "kings-not-flying");
//! assert!(m.games().contains(&arbiter::Game::Russian));
//! ```

/// Declares a family of mutants: an enum whose variants are each `Variant = name, clause
/// broken, [games altered], what it does;` (the last also the variant's documentation),
/// with `ALL`, `name`, `clause`, `about` and `games`.
macro_rules! mutant_family {
    ($(#[$meta:meta])* $family:ident;
     $($variant:ident = $name:literal, $clause:expr, [$($game:ident),+],
        $about:literal;)+) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $family {
            $(#[doc = $about] $variant,)+
        }

        impl $family {
            /// Every such mutant.
            pub const ALL: &'static [$family] = &[$($family::$variant,)+];

            /// The name, in kebab case.
            pub fn name(self) -> &'static str {
                match self {
                    $($family::$variant => $name,)+
                }
            }

            /// The catalog id of the clause broken.
            pub fn clause(self) -> &'static str {
                match self {
                    $($family::$variant => $clause,)+
                }
            }

            /// What it does, in one line.
            pub fn about(self) -> &'static str {
                match self {
                    $($family::$variant => $about,)+
                }
            }

            /// The games it alters.
            pub fn games(self) -> &'static [crate::Game] {
                match self {
                    $($family::$variant => &[$(crate::Game::$game),+],)+
                }
            }
        }
    };
}
use mutant_family;

pub(crate) mod clock;
pub(crate) mod draws;
mod moves;
mod standings;

pub use clock::ClockMutant;
pub use draws::DrawMutant;
pub use moves::MoveMutant;
pub use standings::ScoringMutant;

use crate::Game;
use std::fmt;
use std::str::FromStr;

/// One altered clause of the reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mutant {
    /// Move generation and legality (movement, capture, promotion, check).
    Moves(MoveMutant),
    /// Everything after the moves: outcomes, draw counts, edition parameters, repetition
    /// verdicts, claims, touch-move.
    Draws(DrawMutant),
    /// Tournament scoring, standings and colour allocation.
    Scoring(ScoringMutant),
    /// The clock rules, adjournment and resumption.
    Clock(ClockMutant),
}

impl Mutant {
    /// Every mutant, movegen first.
    pub const ALL: &'static [Mutant] = &{
        const M: usize = MoveMutant::ALL.len();
        const D: usize = DrawMutant::ALL.len();
        const S: usize = ScoringMutant::ALL.len();
        const C: usize = ClockMutant::ALL.len();
        let mut all = [Mutant::Moves(MoveMutant::ALL[0]); M + D + S + C];
        let mut i = 0;
        while i < M {
            all[i] = Mutant::Moves(MoveMutant::ALL[i]);
            i += 1;
        }
        while i < M + D {
            all[i] = Mutant::Draws(DrawMutant::ALL[i - M]);
            i += 1;
        }
        while i < M + D + S {
            all[i] = Mutant::Scoring(ScoringMutant::ALL[i - M - D]);
            i += 1;
        }
        while i < M + D + S + C {
            all[i] = Mutant::Clock(ClockMutant::ALL[i - M - D - S]);
            i += 1;
        }
        all
    };

    /// The mutant's name, in kebab case (`kings-not-flying`).
    pub fn name(self) -> &'static str {
        match self {
            Mutant::Moves(m) => m.name(),
            Mutant::Draws(m) => m.name(),
            Mutant::Scoring(m) => m.name(),
            Mutant::Clock(m) => m.name(),
        }
    }

    /// The catalog id of the clause the mutant breaks.
    pub fn clause(self) -> &'static str {
        match self {
            Mutant::Moves(m) => m.clause(),
            Mutant::Draws(m) => m.clause(),
            Mutant::Scoring(m) => m.clause(),
            Mutant::Clock(m) => m.clause(),
        }
    }

    /// What the mutant does, in one line.
    pub fn about(self) -> &'static str {
        match self {
            Mutant::Moves(m) => m.about(),
            Mutant::Draws(m) => m.about(),
            Mutant::Scoring(m) => m.about(),
            Mutant::Clock(m) => m.about(),
        }
    }

    /// The games whose rules the mutant alters.
    pub fn games(self) -> &'static [Game] {
        match self {
            Mutant::Moves(m) => m.games(),
            Mutant::Draws(m) => m.games(),
            Mutant::Scoring(m) => m.games(),
            Mutant::Clock(m) => m.games(),
        }
    }

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
