//! [`Side`]: the two players of any game, named per game.
//!
//! The procedures, the clock, the engine protocol and the reports speak of the first player
//! (red in xiangqi, white in draughts) and the second (black) through this one type, and so
//! do the games' boards, pieces and positions: there is no colour type beside it.
//!
//! ```
//! use arbiter::{Game, Side};
//!
//! assert_eq!(Side::First.name(Game::Xiangqi), "red");
//! assert_eq!(Side::parse("white", Game::Russian), Ok(Side::First));
//! assert_eq!(
//!     Side::parse("red", Game::Russian).unwrap_err().to_string(),
//!     "invalid side 'red' (expected white or black)"
//! );
//! ```

use crate::Game;

/// A side, named per game: the first player (red in xiangqi, white in draughts) or the
/// second (black).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Red (xiangqi) or white (draughts): moves first.
    First,
    /// Black.
    Second,
}

/// A side name that is not one of the game's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid side '{text}' (expected {expected})")]
pub struct SideError {
    /// The text given.
    pub text: String,
    /// The side names of the game (`red or black`).
    pub expected: String,
}

impl Side {
    /// Both sides, first player first.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// `red`, `white` or `black`.
    pub const fn name(self, game: Game) -> &'static str {
        match game {
            Game::Xiangqi => self.xiangqi_name(),
            Game::Brazilian | Game::Russian => self.draughts_name(),
        }
    }

    /// `white` or `black`: the side's name in draughts, whatever the variant.
    pub const fn draughts_name(self) -> &'static str {
        match self {
            Side::First => "white",
            Side::Second => "black",
        }
    }

    /// `red` or `black`: the side's name in xiangqi.
    pub const fn xiangqi_name(self) -> &'static str {
        match self {
            Side::First => "red",
            Side::Second => "black",
        }
    }

    /// Reads `red`/`black` (xiangqi) or `white`/`black` (draughts).
    pub fn parse(text: &str, game: Game) -> Result<Side, SideError> {
        Side::BOTH
            .into_iter()
            .find(|s| s.name(game) == text)
            .ok_or_else(|| SideError {
                text: text.to_owned(),
                expected: format!("{} or {}", Side::First.name(game), Side::Second.name(game)),
            })
    }

    /// 0 for the first player, 1 for the second: the index of per-side arrays.
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }
}
