//! Mutants of outcomes, draw counts, edition parameters, repetition verdicts, claims and touch-move.

use crate::Game;

/// A mutant of outcomes, draws, repetition and procedures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DrawMutant {
    /// A xiangqi side without a legal move draws instead of losing.
    StalemateIsDraw,
}

impl DrawMutant {
    /// Every such mutant.
    pub const ALL: &'static [DrawMutant] = &[DrawMutant::StalemateIsDraw];

    /// The name, in kebab case.
    pub fn name(self) -> &'static str {
        match self {
            DrawMutant::StalemateIsDraw => "stalemate-is-draw",
        }
    }

    /// The catalog id of the clause broken.
    pub fn clause(self) -> &'static str {
        match self {
            DrawMutant::StalemateIsDraw => "TODO",
        }
    }

    /// What it does, in one line.
    pub fn about(self) -> &'static str {
        match self {
            DrawMutant::StalemateIsDraw => {
                "a xiangqi side without a legal move draws instead of losing"
            }
        }
    }

    /// The games it alters.
    pub fn games(self) -> &'static [Game] {
        match self {
            DrawMutant::StalemateIsDraw => &[Game::Xiangqi],
        }
    }
}
