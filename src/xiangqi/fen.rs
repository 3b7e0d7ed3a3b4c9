//! Xiangqi FEN: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! The board is written from rank 9 (black's back rank) down to rank 0, files `a` to `i`
//! within a rank; red pieces are upper case. Letters: `k` general, `a` advisor, `b`
//! elephant, `n` horse, `r` chariot, `c` cannon, `p` soldier.
//!
//! Parsing is lenient: `h` and `e` are read as horse and elephant, `r` (as well as `w`) as
//! red to move, the two `-` fields may be left out, and missing counters default to `0 1`
//! (a missing side to move defaults to red). Writing is canonical: `n`/`b` letters, `w`
//! or `b`, both `-` fields and both counters.
//!
//! ```
//! use arbiter::xiangqi::fen::{parse_fen, write_fen};
//!
//! let setup = parse_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
//! assert_eq!(
//!     write_fen(&setup),
//!     "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
//! );
//! ```

use super::setup::Setup;
use super::square::{Piece, Square};
use crate::Side;

/// Why a FEN text could not be read. Ranks are board ranks: the first FEN row is rank 9.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but white space.
    #[error("empty FEN")]
    Empty,
    /// The board field does not have 10 ranks separated by `/`.
    #[error("the board has {found} ranks (expected 10 separated by '/')")]
    RankCount {
        /// How many ranks the text has.
        found: usize,
    },
    /// A rank describes more or fewer than 9 files.
    #[error("rank {rank} ('{text}') has {files} files (expected 9)")]
    FileCount {
        /// The board rank (9 = the first row of the FEN).
        rank: u8,
        /// The rank's text.
        text: String,
        /// How many files it describes.
        files: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error("rank {rank}: invalid character '{found}' (expected a piece letter k a b n r c p, h, e or a digit 1-9)")]
    InvalidChar {
        /// The board rank.
        rank: u8,
        /// The character.
        found: char,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("invalid side to move '{0}' (expected w or r for red, b for black)")]
    Turn(String),
    /// A counter is not a number.
    #[error("invalid {field} '{text}' (expected a non-negative number)")]
    Counter {
        /// `halfmove clock` or `move number`.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// Fields left over after the counters.
    #[error("unexpected text '{0}' after the move counters")]
    Trailing(String),
}

/// Reads a FEN into a [`Setup`] (which may still be an impossible position).
pub fn parse_fen(text: &str) -> Result<Setup, FenError> {
    let mut fields = text.split_whitespace();
    let board = fields.next().ok_or(FenError::Empty)?;
    let mut setup = Setup::empty();
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != 10 {
        return Err(FenError::RankCount { found: rows.len() });
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file: usize = 0;
        let mut pieces = Vec::new();
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::InvalidChar { rank, found: c });
                }
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(c) {
                pieces.push((file, piece));
                file += 1;
            } else {
                return Err(FenError::InvalidChar { rank, found: c });
            }
        }
        if file != 9 {
            return Err(FenError::FileCount {
                rank,
                text: (*row).to_owned(),
                files: file,
            });
        }
        for (f, piece) in pieces {
            if let Some(sq) = Square::new(f as u8, rank) {
                setup.set(sq, Some(piece));
            }
        }
    }
    if let Some(turn) = fields.next() {
        setup.turn = match turn {
            "w" | "W" | "r" | "R" => Side::First,
            "b" | "B" => Side::Second,
            _ => return Err(FenError::Turn(turn.to_owned())),
        };
    }
    let mut rest: Vec<&str> = fields.collect();
    // Castling and en passant fields, written `-` by everyone for xiangqi.
    let dashes = rest.iter().take(2).take_while(|f| **f == "-").count();
    rest.drain(..dashes);
    let mut rest = rest.into_iter();
    if let Some(h) = rest.next() {
        setup.halfmoves = h.parse().map_err(|_| FenError::Counter {
            field: "halfmove clock",
            text: h.to_owned(),
        })?;
    }
    if let Some(m) = rest.next() {
        let n: u32 = m.parse().map_err(|_| FenError::Counter {
            field: "move number",
            text: m.to_owned(),
        })?;
        setup.fullmoves = n.max(1);
    }
    if let Some(extra) = rest.next() {
        return Err(FenError::Trailing(extra.to_owned()));
    }
    Ok(setup)
}

/// Writes the canonical FEN of a setup.
pub fn write_fen(setup: &Setup) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            let piece = Square::new(file, rank).and_then(|sq| setup.piece_at(sq));
            match piece {
                Some(p) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(p.char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let turn = match setup.turn {
        Side::First => 'w',
        Side::Second => 'b',
    };
    out.push_str(&format!(
        " {turn} - - {} {}",
        setup.halfmoves, setup.fullmoves
    ));
    out
}

impl Setup {
    /// The initial position.
    pub fn start() -> Setup {
        parse_fen(super::START_FEN).expect("the start FEN is well formed")
    }
}
