//! The reference rules of 64-square draughts: Brazilian and Russian.
//!
//! - [`Square`], [`Side`](crate::Side), [`Piece`], [`Role`], [`Variant`]: the vocabulary
//!   ([`square`]); [`Bitboard`]: sets of squares ([`bitboard`]).
//! - [`Setup`] (may be invalid) and [`Position`] (validated), read from and written as PDN
//!   FEN ([`fen`]).
//! - [`Move`]: identity and path; numeric and algebraic [`notation`].
//! - Legal moves for both rulesets, and [`perft`] in both counting conventions.
//! - the game-neutral [`Rules`](crate::Rules) view used by the CLI and runner is
//!   [`DraughtsRules`](crate::rules::DraughtsRules), built on this module.
//!
//! ```
//! use arbiter::draughts::{Position, Variant};
//!
//! // Russian: a man reaching the last row during a capture goes on as a king …
//! let pos = Position::from_fen("W:W9:B6,7", Variant::Russian).unwrap();
//! let texts: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(texts, vec!["9x2x11", "9x2x16", "9x2x20"]);
//!
//! // … Brazilian: it goes on as a man and, ending on f6, is not crowned.
//! let pos = Position::from_fen("W:W9:B6,7", Variant::Brazilian).unwrap();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].to_string(), "9x2x11");
//! assert!(!moves[0].promotes());
//! ```

pub mod bitboard;
pub mod endings;
pub mod fen;
pub mod fuzzing;
mod move_rules;
mod movegen;
mod mv;
pub mod notation;
mod perft;
mod position;
pub mod setup;
pub mod square;

pub use bitboard::Bitboard;
pub use fen::{FenError, SquareStyle};
pub use move_rules::{MoveRules, Passing};
pub use mv::{Move, MoveIdentity};
pub use notation::{MoveError, MoveText, Notation};
pub use perft::{perft, perft_divide, PerftCount};
pub use position::{PlayError, Position, PositionError};
pub use setup::Setup;
pub use square::{promotion_row, side_letter, Piece, Role, Square, Variant};
