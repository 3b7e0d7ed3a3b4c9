//! [`Game`]: the games whose rules arbiter knows. Which edition of a game's rules applies is
//! a [`Ruleset`](crate::Ruleset) (`src/ruleset.rs`), built on the editions' data.
//!
//! ```
//! use arbiter::Game;
//!
//! let game: Game = "xiangqi".parse().unwrap();
//! assert_eq!(game, Game::Xiangqi);
//! assert!(!game.is_draughts());
//! assert_eq!(
//!     "checkers".parse::<Game>().unwrap_err().to_string(),
//!     "unknown game 'checkers' (expected brazilian, russian or xiangqi)"
//! );
//! ```

/// A game whose rules arbiter knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Game {
    /// 64-square draughts, Brazilian rules (majority capture, no promotion in passing).
    Brazilian,
    /// 64-square draughts, Russian rules (free capture choice, promotion during capture).
    Russian,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

impl Game {
    /// Every game, in a fixed order.
    pub const ALL: [Game; 3] = [Game::Brazilian, Game::Russian, Game::Xiangqi];

    /// The name used in rulesets and files (`brazilian`, `russian`, `xiangqi`).
    pub fn name(self) -> &'static str {
        match self {
            Game::Brazilian => "brazilian",
            Game::Russian => "russian",
            Game::Xiangqi => "xiangqi",
        }
    }

    /// Whether this is one of the 64-square draughts games.
    pub fn is_draughts(self) -> bool {
        matches!(self, Game::Brazilian | Game::Russian)
    }
}

named!(from_str Game, UnknownGame, |s: &str| UnknownGame(s.to_owned()));

/// A game name arbiter does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown game '{0}' (expected brazilian, russian or xiangqi)")]
pub struct UnknownGame(pub String);
