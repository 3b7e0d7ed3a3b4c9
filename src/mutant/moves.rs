//! Mutants of move generation and legality.

use crate::Game;

/// A mutant of move generation or legality.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveMutant {
    /// Kings move and capture one square at a time instead of flying.
    KingsNotFlying,
}

impl MoveMutant {
    /// Every move-generation mutant.
    pub const ALL: &'static [MoveMutant] = &[MoveMutant::KingsNotFlying];

    /// The name, in kebab case.
    pub fn name(self) -> &'static str {
        match self {
            MoveMutant::KingsNotFlying => "kings-not-flying",
        }
    }

    /// The catalog id of the clause broken.
    pub fn clause(self) -> &'static str {
        match self {
            MoveMutant::KingsNotFlying => "TODO",
        }
    }

    /// What it does, in one line.
    pub fn about(self) -> &'static str {
        match self {
            MoveMutant::KingsNotFlying => "kings move and capture one square at a time",
        }
    }

    /// The games it alters.
    pub fn games(self) -> &'static [Game] {
        match self {
            MoveMutant::KingsNotFlying => &[Game::Brazilian, Game::Russian],
        }
    }
}
