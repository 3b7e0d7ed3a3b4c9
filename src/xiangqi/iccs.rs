//! Coordinate notations: ICCS (ranks 0–9 from red's side, `h2e2`), the canonical one, and
//! the 1–10 rank form Fairy-Stockfish uses under UCI (`h3e3`, `h3h10`), called `uci10`.
//!
//! ICCS parsing accepts upper case (`H2E2`) and a dash (`h2-e2`). The `uci10` form is only
//! read when asked for by name.
//!
//! ```
//! use arbiter::xiangqi::iccs::{parse_iccs, parse_uci10, write_uci10};
//! use arbiter::xiangqi::Position;
//!
//! let pos = Position::start();
//! let m = parse_iccs(&pos, "H2-E2").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(write_uci10(m), "h3e3");
//! assert_eq!(parse_uci10(&pos, "h3e3").unwrap(), m);
//! ```

use super::description::{Notation, NotationError};
use super::position::{Move, Position};
use super::square::Square;

/// The four coordinate characters of an ICCS text (`h2e2`, `H2E2`, `h2-e2`; a dash only
/// between the squares), when it has that shape.
fn iccs_coords(text: &str) -> Option<[u8; 4]> {
    let b = text.as_bytes();
    let c = match b.len() {
        4 => [b[0], b[1], b[2], b[3]],
        5 if b[2] == b'-' => [b[0], b[1], b[3], b[4]],
        _ => return None,
    };
    let coord =
        |f: u8, r: u8| (b'a'..=b'i').contains(&f.to_ascii_lowercase()) && r.is_ascii_digit();
    (coord(c[0], c[1]) && coord(c[2], c[3])).then_some(c)
}

/// Whether `text` has the shape of an ICCS move (`h2e2`, `H2E2`, `h2-e2`).
pub fn looks_like_iccs(text: &str) -> bool {
    iccs_coords(text).is_some()
}

/// The ICCS text of a move (`h2e2`).
pub fn write_iccs(m: Move) -> String {
    // One allocation of the exact size (the text of every legal move is written for the
    // arbiter's permitted moves).
    let bytes = m.iccs_bytes();
    std::str::from_utf8(&bytes).unwrap_or_default().to_owned()
}

/// The `uci10` text of a move: ranks 1–10 (`h3e3`, `h3h10`).
pub fn write_uci10(m: Move) -> String {
    format!(
        "{}{}{}{}",
        m.from.file_char(),
        m.from.rank() + 1,
        m.to.file_char(),
        m.to.rank() + 1
    )
}

/// Reads an ICCS move (coordinates only, not checked against a position).
pub fn parse_iccs_coords(text: &str) -> Result<Move, NotationError> {
    let square = |f: u8, r: u8| Square::new(f.to_ascii_lowercase() - b'a', r - b'0');
    match iccs_coords(text.trim()).and_then(|c| Some((square(c[0], c[1])?, square(c[2], c[3])?))) {
        Some((from, to)) => Ok(Move { from, to }),
        None => Err(NotationError::syntax(text, Notation::Iccs)),
    }
}

/// Reads an ICCS move and checks that it is legal in `pos`.
pub fn parse_iccs(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m = parse_iccs_coords(text)?;
    check_legal(pos, m, text)
}

/// Reads a `uci10` move (ranks 1–10) and checks that it is legal in `pos`.
pub fn parse_uci10(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let err = || NotationError::syntax(text, Notation::Uci10);
    let t = text.trim().to_ascii_lowercase();
    let b = t.as_bytes();
    let square = |i: usize| -> Option<(Square, usize)> {
        let f = *b.get(i)?;
        if !(b'a'..=b'i').contains(&f) {
            return None;
        }
        let (rank, used) = if b.get(i + 1..i + 3) == Some(b"10") {
            (10, 3)
        } else {
            let d = *b.get(i + 1)?;
            if !(b'1'..=b'9').contains(&d) {
                return None;
            }
            (d - b'0', 2)
        };
        Some((Square::new(f - b'a', rank - 1)?, used))
    };
    let (from, n1) = square(0).ok_or_else(err)?;
    let (to, n2) = square(n1).ok_or_else(err)?;
    if n1 + n2 != b.len() {
        return Err(err());
    }
    check_legal(pos, Move { from, to }, text)
}

fn check_legal(pos: &Position, m: Move, text: &str) -> Result<Move, NotationError> {
    if pos.is_legal(m) {
        return Ok(m);
    }
    let reason = match pos.piece_at(m.from) {
        None => format!("there is no piece on {}", m.from),
        Some(p) if p.color != pos.turn() => {
            format!(
                "the piece on {} is {}'s, and {} is to move",
                m.from,
                p.color.xiangqi_name(),
                pos.turn().xiangqi_name()
            )
        }
        Some(p) => {
            let pseudo = pos.pseudo_legal_moves().contains(&m);
            if pseudo {
                format!(
                    "the {p} on {} may not go to {}: it would leave its general attacked or facing the other general",
                    m.from, m.to
                )
            } else {
                format!("the {p} on {} cannot move to {}", m.from, m.to)
            }
        }
    };
    Err(NotationError::NoLegalMove {
        text: text.to_owned(),
        reason,
    })
}

impl Position {
    /// The position after a legal move given in ICCS (`h2e2`).
    pub fn play_iccs(&self, text: &str) -> Result<Position, NotationError> {
        let m = parse_iccs(self, text)?;
        let mut next = *self;
        next.make(m);
        Ok(next)
    }
}
