//! [`Setup`]: a placement of pieces and a side to move that may break the rules.

use super::bitboard::Bitboard;
use super::square::{Piece, Role, Square};
use crate::Side;

/// Pieces on the board and the side to move, not yet checked against the rules.
///
/// A `Setup` is what a FEN describes; [`Position::from_setup`](super::Position::from_setup)
/// validates it. Squares in both `white` and `black`, kings on empty squares, more than 12
/// pieces a side or men on the row where they would already have been crowned are all
/// representable here and rejected there.
///
/// ```
/// use arbiter::draughts::Setup;
/// use arbiter::Side;
///
/// let setup = Setup::start();
/// assert_eq!(setup.turn, Side::First);
/// assert_eq!(setup.white.count(), 12);
/// assert_eq!(setup.to_string(), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Squares holding a white piece.
    pub white: Bitboard,
    /// Squares holding a black piece.
    pub black: Bitboard,
    /// Squares holding a king (of either colour).
    pub kings: Bitboard,
    /// The side to move.
    pub turn: Side,
}

impl Setup {
    /// The start position: black men on 1–12, white men on 21–32, white to move.
    pub const fn start() -> Setup {
        Setup {
            white: Bitboard(0xFFF0_0000),
            black: Bitboard(0x0000_0FFF),
            kings: Bitboard::EMPTY,
            turn: Side::First,
        }
    }

    /// An empty board with `turn` to move.
    pub const fn empty(turn: Side) -> Setup {
        Setup {
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            kings: Bitboard::EMPTY,
            turn,
        }
    }

    /// The squares of one side.
    pub fn pieces(&self, color: Side) -> Bitboard {
        match color {
            Side::First => self.white,
            Side::Second => self.black,
        }
    }

    /// The piece on a square (white wins if the square is, invalidly, in both sets).
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let role = if self.kings.contains(sq) {
            Role::King
        } else {
            Role::Man
        };
        if self.white.contains(sq) {
            Some(Piece {
                color: Side::First,
                role,
            })
        } else if self.black.contains(sq) {
            Some(Piece {
                color: Side::Second,
                role,
            })
        } else {
            None
        }
    }

    /// Puts a piece on a square (replacing whatever was there).
    pub fn set_piece(&mut self, sq: Square, piece: Piece) {
        self.remove_piece(sq);
        match piece.color {
            Side::First => self.white = self.white.with(sq),
            Side::Second => self.black = self.black.with(sq),
        }
        if piece.role == Role::King {
            self.kings = self.kings.with(sq);
        }
    }

    /// Empties a square.
    pub fn remove_piece(&mut self, sq: Square) {
        self.white = self.white.without(sq);
        self.black = self.black.without(sq);
        self.kings = self.kings.without(sq);
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}
