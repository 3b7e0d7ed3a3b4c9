//! Xiangqi (Chinese chess) under the Chinese Xiangqi Association competition rules,
//! 第一章 行棋规定: the board and pieces, how each piece moves and captures, check, mate
//! and stalemate (困毙), and the move record (第四章 第三节).
//!
//! - [`Setup`] is what a FEN says, possibly impossible; [`Position`] is a validated
//!   position with legal move generation ([`Position::legal_moves`]), check and its
//!   [`Outcome`](crate::Outcome).
//! - [`fen`] reads and writes FEN; [`iccs`], [`chinese`] and [`wxf`] read and write moves;
//!   [`parse_move`] reads any of them.
//! - [`perft()`] counts the move tree.
//!
//! ```
//! use arbiter::xiangqi::{parse_move, perft, Position};
//!
//! let pos = Position::start();
//! assert_eq!(perft(&pos, 3), 79_666);
//! let pos = pos.play(parse_move(&pos, "炮二平五").unwrap()).unwrap();
//! assert_eq!(pos.legal_moves().len(), 45); // black's h-file cannon gained a square
//! ```

pub mod chinese;
mod description;
pub mod endings;
pub mod fen;
pub mod fuzzing;
pub mod iccs;
mod move_rules;
pub mod notation;
pub mod perft;
pub mod position;
pub mod repetition;
pub mod setup;
pub mod square;
mod tables;
pub mod wxf;

pub use fen::FenError;
pub use move_rules::MoveRules;
pub use notation::{parse_move, Notation, NotationError};
pub use perft::{perft, perft_divide};
pub use position::{IllegalMove, Move, MoveList, ParseFenError, Position, PositionError};
pub use setup::Setup;
pub use square::{ParseSquareError, Piece, Role, Square};

/// The FEN of the initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
