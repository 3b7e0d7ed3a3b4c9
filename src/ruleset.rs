//! Rulesets: which game's rules apply, and which edition of them.
//!
//! A ruleset is written `game@edition` (`russian@fmjd64`, `xiangqi@axf`). The edition may be
//! left out, in which case the game's default edition applies: `brazilian` means
//! `brazilian@cxa`, `russian` means `russian@fmjd64` and `xiangqi` means `xiangqi@cxa`.
//! The editions are data (`spec/editions/`, see [`crate::edition`]).
//!
//! ```
//! use arbiter::{Game, Ruleset};
//!
//! let r: Ruleset = "russian".parse().unwrap();
//! assert_eq!(r.game, Game::Russian);
//! assert_eq!(r.to_string(), "russian@fmjd64");
//! assert!("checkers".parse::<Ruleset>().is_err());
//! ```

use crate::edition::{registry, Edition};
use crate::game::{Game, UnknownGame};
use std::fmt;
use std::str::FromStr;

/// The editions of a game, from the edition registry (`spec/editions/`,
/// [`crate::edition`]).
impl Game {
    /// The edition used when a ruleset names none: the one marked `default` in
    /// `spec/editions/<game>.yaml` (see [`crate::edition`]).
    pub fn default_edition(self) -> &'static str {
        &registry().default_edition(self).id
    }

    /// The editions arbiter knows for this game, from the edition registry, in file order.
    pub fn editions(self) -> Vec<&'static str> {
        registry().names(self)
    }
}

/// A game together with an edition of its rules.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ruleset {
    /// The game.
    pub game: Game,
    /// The edition, one of [`Game::editions`].
    pub edition: String,
}

impl Ruleset {
    /// The game's default edition.
    pub fn default_for(game: Game) -> Ruleset {
        Ruleset {
            game,
            edition: game.default_edition().to_owned(),
        }
    }

    /// The edition this ruleset names, from the edition registry.
    ///
    /// # Panics
    ///
    /// If the edition is not in the registry: a ruleset parsed from text always names a
    /// known edition; one built by hand may not.
    pub fn edition(&self) -> &'static Edition {
        registry()
            .get(self.game, &self.edition)
            .unwrap_or_else(|| panic!("unknown edition {self}"))
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.game, self.edition)
    }
}

/// Why a ruleset name was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// The game part is not a known game.
    #[error("unknown game '{0}' (expected brazilian, russian or xiangqi)")]
    UnknownGame(String),
    /// The edition part is not an edition of that game.
    #[error("unknown edition '{edition}' of {game} (expected one of: {known})")]
    UnknownEdition {
        /// The game.
        game: Game,
        /// The edition given.
        edition: String,
        /// The known editions, comma separated.
        known: String,
    },
}

impl From<UnknownGame> for RulesetError {
    fn from(e: UnknownGame) -> RulesetError {
        RulesetError::UnknownGame(e.0)
    }
}

impl FromStr for Ruleset {
    type Err = RulesetError;

    fn from_str(s: &str) -> Result<Ruleset, RulesetError> {
        let s = s.trim();
        let (game, edition) = match s.split_once('@') {
            Some((g, e)) => (g.parse::<Game>()?, e),
            None => {
                let game = s.parse::<Game>()?;
                (game, game.default_edition())
            }
        };
        if !game.editions().contains(&edition) {
            return Err(RulesetError::UnknownEdition {
                game,
                edition: edition.to_owned(),
                known: game.editions().join(", "),
            });
        }
        Ok(Ruleset {
            game,
            edition: edition.to_owned(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_editions() {
        assert_eq!(
            "brazilian".parse::<Ruleset>().unwrap().to_string(),
            "brazilian@cxa"
        );
        assert_eq!("xiangqi@axf".parse::<Ruleset>().unwrap().edition, "axf");
    }

    #[test]
    fn unknown_edition_lists_known_ones() {
        let err = "russian@cxa".parse::<Ruleset>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown edition 'cxa' of russian (expected one of: fmjd64)"
        );
    }
}
