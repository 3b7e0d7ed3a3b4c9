//! [`Position`]: a setup that obeys the rules, with its variant, and playing a move on it.
//!
//! The legal moves are generated in [`movegen`](super::movegen) and move texts are read in
//! [`notation`](super::notation); both add methods to [`Position`].

use super::bitboard::Bitboard;
use super::fen::{self, FenError, SquareStyle};
use super::move_rules::MoveRules;
use super::mv::Move;
use super::setup::Setup;
use super::square::promotion_row;
use super::square::{Piece, Square, Variant};
use crate::Side;
use std::fmt;

/// Why a setup is not a legal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The FEN could not be read.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// A square holds a white and a black piece at once.
    #[error("square {0} holds both a white and a black piece")]
    Overlap(Square),
    /// A square is marked as a king but holds no piece.
    #[error("square {0} is marked as a king but holds no piece")]
    KingOnEmptySquare(Square),
    /// A side has more than 12 pieces (art. 2.1).
    #[error("{} has {count} pieces (at most 12)", .color.draughts_name())]
    TooManyPieces {
        /// The side.
        color: Side,
        /// How many it has.
        count: u32,
    },
    /// A man stands on the row where it would already have been crowned (art. 5.5).
    #[error("{} man on square {square} stands on its promotion row (it would be a king)", .color.draughts_name())]
    ManOnPromotionRow {
        /// The side.
        color: Side,
        /// The square.
        square: Square,
    },
    /// The side that made the last move has no pieces: a move never leaves its own side
    /// without pieces, so no game reaches this (art. 12.2.2 ends the game one move earlier).
    #[error("{} has no pieces but has just moved (the side not to move must have pieces)", .0.draughts_name())]
    MoverHasNoPieces(Side),
}

/// Why a move could not be played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is not one of the legal moves of the position.
    #[error("{0} is not a legal move")]
    Illegal(String),
}

/// A legal position of Brazilian or Russian draughts, with the [`MoveRules`] its moves
/// obey (its variant's unless [`Position::with_move_rules`] gave it others; the positions
/// reached by moves inherit them).
///
/// ```
/// use arbiter::draughts::{Position, Variant};
///
/// let pos = Position::start(Variant::Russian);
/// assert_eq!(pos.legal_moves().len(), 7);
/// let pos = pos.play_text("c3-d4").unwrap();
/// assert_eq!(pos.to_fen(), "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) white: u32,
    pub(crate) black: u32,
    pub(crate) kings: u32,
    pub(crate) turn: Side,
    pub(crate) variant: Variant,
    pub(crate) rules: MoveRules,
}

impl Position {
    /// The start position: black men on 1–12, white men on 21–32, white to move.
    pub fn start(variant: Variant) -> Position {
        let s = Setup::start();
        Position {
            white: s.white.0,
            black: s.black.0,
            kings: 0,
            turn: Side::First,
            variant,
            rules: MoveRules::of(variant),
        }
    }

    /// Validates a setup.
    pub fn from_setup(setup: &Setup, variant: Variant) -> Result<Position, PositionError> {
        if let Some(sq) = (setup.white & setup.black).first() {
            return Err(PositionError::Overlap(sq));
        }
        if let Some(sq) = (setup.kings & !(setup.white | setup.black)).first() {
            return Err(PositionError::KingOnEmptySquare(sq));
        }
        for color in [Side::First, Side::Second] {
            let pieces = setup.pieces(color);
            if pieces.count() > 12 {
                return Err(PositionError::TooManyPieces {
                    color,
                    count: pieces.count(),
                });
            }
            let men = pieces & !setup.kings;
            if let Some(square) = (men & Bitboard(promotion_row(color))).first() {
                return Err(PositionError::ManOnPromotionRow { color, square });
            }
        }
        let mover = setup.turn.other();
        if setup.pieces(mover).is_empty() {
            return Err(PositionError::MoverHasNoPieces(mover));
        }
        Ok(Position {
            white: setup.white.0,
            black: setup.black.0,
            kings: setup.kings.0,
            turn: setup.turn,
            variant,
            rules: MoveRules::of(variant),
        })
    }

    /// Parses and validates a PDN FEN (see [`fen`](super::fen) for what is accepted).
    pub fn from_fen(text: &str, variant: Variant) -> Result<Position, PositionError> {
        Position::from_setup(&fen::parse(text)?, variant)
    }

    /// The pieces and side to move.
    pub fn setup(&self) -> Setup {
        Setup {
            white: Bitboard(self.white),
            black: Bitboard(self.black),
            kings: Bitboard(self.kings),
            turn: self.turn,
        }
    }

    /// The canonical FEN (numeric squares, ascending).
    pub fn to_fen(&self) -> String {
        fen::write(&self.setup(), SquareStyle::Numeric)
    }

    /// The rules in force.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The movement and capture rules the position's moves obey.
    pub fn move_rules(&self) -> MoveRules {
        self.rules
    }

    /// The same position under other movement and capture rules (a mutant of the
    /// reference's): its legal moves, its outcome and every position reached from it obey
    /// `rules`.
    ///
    /// ```
    /// use arbiter::draughts::{MoveRules, Position, Variant};
    ///
    /// let pos = Position::from_fen("W:W22:B18", Variant::Russian).unwrap();
    /// assert_eq!(pos.legal_moves().len(), 1); // 22x15: capture is compulsory
    /// let free = MoveRules { compulsory: false, ..MoveRules::of(Variant::Russian) };
    /// let pos = pos.with_move_rules(free);
    /// assert_eq!(pos.move_rules(), free);
    /// assert_eq!(pos.legal_moves().len(), 2); // 22x15 and 22-17
    /// ```
    pub fn with_move_rules(mut self, rules: MoveRules) -> Position {
        self.rules = rules;
        self
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The squares of one side's pieces.
    pub fn pieces(&self, color: Side) -> Bitboard {
        Bitboard(match color {
            Side::First => self.white,
            Side::Second => self.black,
        })
    }

    /// The squares holding kings.
    pub fn kings(&self) -> Bitboard {
        Bitboard(self.kings)
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.setup().piece_at(sq)
    }

    /// Plays a move without checking it; the result is meaningless if the move is not legal.
    #[inline]
    pub fn play_unchecked(&self, mv: &Move) -> Position {
        let from = 1u32 << mv.from().index();
        let to = 1u32 << mv.to().index();
        let caps = mv.captured;
        let mut p = *self;
        let king = self.kings & from != 0 || mv.promotes;
        match self.turn {
            Side::First => {
                p.white = (p.white & !from) | to;
                p.black &= !caps;
            }
            Side::Second => {
                p.black = (p.black & !from) | to;
                p.white &= !caps;
            }
        }
        p.kings &= !(caps | from);
        if king {
            p.kings |= to;
        }
        p.turn = self.turn.other();
        p
    }

    /// The board drawn for a terminal: rank 8 at the top, files a–h below, men `w`/`b`,
    /// kings `W`/`B`, `.` for empty dark squares, and the side to move.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for rank in (0..8u8).rev() {
            out.push_str(&format!("{} ", rank + 1));
            for file in 0..8u8 {
                let c = match Square::from_coords(file, rank) {
                    None => ' ',
                    Some(sq) => self.piece_at(sq).map_or('.', Piece::char),
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("   a b c d e f g h\n");
        out.push_str(&format!("{} to move\n", self.turn.draughts_name()));
        out
    }
}

impl fmt::Display for Position {
    /// Writes the canonical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_fen())
    }
}

impl From<Position> for Setup {
    fn from(p: Position) -> Setup {
        p.setup()
    }
}
