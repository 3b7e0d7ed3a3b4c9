//! [`Setup`]: a board, a side to move and counters, not necessarily a legal position.

use super::square::relative_rank;
use super::square::{Piece, Role, Square};
use crate::Side;

/// Pieces on the board, the side to move and the move counters, as read from a FEN. It may
/// describe an impossible position; [`Position::from_setup`](super::Position::from_setup)
/// checks it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 90],
    /// The side to move.
    pub turn: Side,
    /// Plies since the last capture (FEN field 5).
    pub halfmoves: u32,
    /// The move number, starting at 1 and incremented after black's move (FEN field 6).
    pub fullmoves: u32,
}

impl Setup {
    /// The empty board, red to move.
    pub fn empty() -> Setup {
        Setup {
            board: [None; 90],
            turn: Side::First,
            halfmoves: 0,
            fullmoves: 1,
        }
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts a piece on (or, with `None`, clears) a square.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// The squares of one colour's pieces of one role, in square order.
    pub fn squares_of(&self, color: Side, role: Role) -> Vec<Square> {
        Square::all()
            .filter(|&sq| self.piece_at(sq) == Some(Piece { color, role }))
            .collect()
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// Whether `sq` is inside `color`'s palace (九宫).
pub fn in_palace(color: Side, sq: Square) -> bool {
    (3..=5).contains(&sq.file()) && relative_rank(color, sq.rank()) <= 2
}

/// Whether `sq` is one of the five palace points an advisor of `color` can stand on.
pub fn advisor_point(color: Side, sq: Square) -> bool {
    let r = relative_rank(color, sq.rank());
    let f = sq.file();
    matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
}

/// Whether `sq` is one of the seven points an elephant of `color` can stand on.
pub fn elephant_point(color: Side, sq: Square) -> bool {
    let r = relative_rank(color, sq.rank());
    let f = sq.file();
    matches!(
        (f, r),
        (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
    )
}

/// Whether a soldier of `color` may stand on `sq`: never behind its starting rank, and
/// before the river only on the files it starts on (a, c, e, g, i).
pub fn soldier_point(color: Side, sq: Square) -> bool {
    match relative_rank(color, sq.rank()) {
        0..=2 => false,
        3 | 4 => sq.file() % 2 == 0,
        _ => true,
    }
}
