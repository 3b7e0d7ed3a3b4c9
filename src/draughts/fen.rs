//! PDN FEN: reading (lenient) and writing (canonical).
//!
//! A FEN is the side to move and one piece list per side, separated by colons:
//! `W:W21,22,K30:B1,2,K9`. Reading accepts:
//!
//! - numeric squares 1–32 and algebraic dark squares (`a1` … `h8`, lowercase), mixed freely;
//! - `K` before a square (or a range) for kings;
//! - numeric ranges such as `1-12` or `K29-32`, as PDN allows;
//! - the sections in either order, a side with no pieces (`W:W:B1`) or left out (`B:B1`);
//! - the PDN tag form `[FEN "W:W21:B1"]`, spaces around any token and one trailing `.`;
//! - after the piece lists, the fields some tools append, `H<half-move clock>` and
//!   `F<move number>` (`W:W21,22:B9,10:H0:F1`): read and ignored, since every draughts count
//!   starts at the position the history starts from (docs/editions.md). Any other trailing
//!   field is refused with an error naming it and the known extensions.
//!
//! Writing is canonical: numeric squares, white's list first, squares in ascending order,
//! kings marked `K` in place (`W:W21,22,K30:B1,2,K9`).

use super::bitboard::Bitboard;
use super::setup::Setup;
use super::square::side_letter;
use super::square::Square;
use crate::Side;
use std::fmt;
use std::str::FromStr;

/// Why a FEN could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but whitespace.
    #[error("empty position (expected a FEN such as W:W21,22:B1,2)")]
    Empty,
    /// A `[FEN …]` tag that is not well formed.
    #[error("malformed FEN tag: {0}")]
    Tag(String),
    /// The side to move is not `W` or `B`.
    #[error("bad side to move '{0}' (expected W or B)")]
    Turn(String),
    /// Only a side to move and no piece list.
    #[error("missing piece lists after the side to move (expected e.g. W:W21,22:B1,2)")]
    MissingPieces,
    /// A section that does not start with `W` or `B`.
    #[error("bad piece list '{0}' (expected W or B followed by squares)")]
    Section(String),
    /// A trailing field after the piece lists that is not a known extension.
    #[error("unknown FEN field '{0}' after the piece lists (known extensions: H<half-move clock>, F<move number>, as in W:W21,22:B9,10:H0:F1)")]
    Extension(String),
    /// Two sections for the same side.
    #[error("{} pieces are listed in two sections", .0.draughts_name())]
    DuplicateColor(Side),
    /// A square that does not exist (or is a light square).
    #[error("unknown square '{0}' (expected 1-32 or a dark square a1-h8)")]
    UnknownSquare(String),
    /// A range whose ends are not numbers in increasing order.
    #[error("bad square range '{0}' (expected two square numbers, the first not larger)")]
    Range(String),
    /// An empty entry between commas.
    #[error("empty entry in the {} piece list", .0.draughts_name())]
    EmptyEntry(Side),
    /// A square listed twice (in one list or in both).
    #[error("square {0} is listed twice")]
    ListedTwice(Square),
}

/// Reads one square written as a number (1–32) or algebraically (`c3`).
pub(crate) fn parse_square(token: &str) -> Option<Square> {
    if token.bytes().all(|b| b.is_ascii_digit()) {
        if token.is_empty() || token.len() > 2 {
            return None;
        }
        token.parse::<u8>().ok().and_then(Square::from_number)
    } else {
        Square::from_algebraic(token)
    }
}

/// Strips the `[FEN "…"]` tag around a FEN, if present.
fn strip_tag(text: &str) -> Result<&str, FenError> {
    let Some(inner) = text.strip_prefix('[') else {
        return Ok(text);
    };
    let inner = inner
        .trim_end()
        .strip_suffix(']')
        .ok_or_else(|| FenError::Tag("missing closing ']'".into()))?
        .trim();
    let rest = inner
        .strip_prefix("FEN")
        .ok_or_else(|| FenError::Tag("expected [FEN \"…\"]".into()))?
        .trim();
    let quoted = rest
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| FenError::Tag("the FEN must be in double quotes".into()))?;
    Ok(quoted)
}

/// Parses a PDN FEN into a [`Setup`] (see the module documentation for what is accepted).
///
/// ```
/// use arbiter::draughts::fen;
///
/// let setup = fen::parse("B:Wa1,c3:BK1-3").unwrap();
/// assert_eq!(setup.to_string(), "B:W22,29:BK1,K2,K3");
/// assert_eq!(fen::parse("W:W33:B1").unwrap_err().to_string(),
///            "unknown square '33' (expected 1-32 or a dark square a1-h8)");
/// // Trailing half-move clock and move number fields are accepted (and ignored) ...
/// assert_eq!(fen::parse("W:W21,22:B9,10:H0:F1").unwrap().to_string(), "W:W21,22:B9,10");
/// // ... other trailing fields are named.
/// assert!(fen::parse("W:W21:B9:X3").unwrap_err().to_string().starts_with("unknown FEN field 'X3'"));
/// ```
pub fn parse(text: &str) -> Result<Setup, FenError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let text = strip_tag(text)?.trim();
    if text.is_empty() {
        return Err(FenError::Empty);
    }
    let text = text.strip_suffix('.').unwrap_or(text);
    let mut fields = text.split(':');
    let turn_text = fields.next().unwrap_or("").trim();
    let turn = match turn_text {
        "W" | "w" => Side::First,
        "B" | "b" => Side::Second,
        other => return Err(FenError::Turn(other.to_owned())),
    };
    let mut setup = Setup::empty(turn);
    let mut seen = [false, false];
    let mut any = false;
    let mut extensions = false;
    for section in fields {
        let section = section.trim();
        // Trailing fields some tools write after the piece lists (PDN 3.0 style): the
        // half-move clock `H<n>` and the move number `F<n>`. Accepted and ignored: a FEN
        // carries no draughts counters here (docs/editions.md).
        if let Some(kind) = extension(section).filter(|_| any) {
            if !kind {
                return Err(FenError::Extension(section.to_owned()));
            }
            extensions = true;
            continue;
        }
        if extensions {
            return Err(FenError::Extension(section.to_owned()));
        }
        any = true;
        let (color, list) = if let Some(rest) = section.strip_prefix('W') {
            (Side::First, rest)
        } else if let Some(rest) = section.strip_prefix('B') {
            (Side::Second, rest)
        } else {
            return Err(FenError::Section(section.to_owned()));
        };
        let slot = match color {
            Side::First => 0,
            Side::Second => 1,
        };
        if seen[slot] {
            return Err(FenError::DuplicateColor(color));
        }
        seen[slot] = true;
        if list.trim().is_empty() {
            continue;
        }
        for entry in list.split(',') {
            let entry = entry.trim();
            if entry.is_empty() {
                return Err(FenError::EmptyEntry(color));
            }
            let (king, body) = match entry.strip_prefix('K') {
                Some(rest) => (true, rest.trim_start()),
                None => (false, entry),
            };
            let squares = parse_entry(body)?;
            for sq in squares {
                if setup.white.contains(sq) || setup.black.contains(sq) {
                    return Err(FenError::ListedTwice(sq));
                }
                match color {
                    Side::First => setup.white = setup.white.with(sq),
                    Side::Second => setup.black = setup.black.with(sq),
                }
                if king {
                    setup.kings = setup.kings.with(sq);
                }
            }
        }
    }
    if !any {
        return Err(FenError::MissingPieces);
    }
    Ok(setup)
}

/// Whether a section is a trailing field rather than a piece list: `Some(true)` for a known
/// extension (`H` or `F` followed by digits), `Some(false)` for another letter-and-value field
/// (an unknown extension), `None` for anything else (a piece list, or garbage reported as
/// such).
fn extension(section: &str) -> Option<bool> {
    let mut chars = section.chars();
    let first = chars.next()?;
    let rest = chars.as_str();
    if first == 'W' || first == 'B' || !first.is_ascii_alphabetic() || rest.is_empty() {
        return None;
    }
    let known = matches!(first, 'H' | 'F') && rest.bytes().all(|b| b.is_ascii_digit());
    Some(known)
}

/// One entry of a piece list without its `K`: a square or a numeric range.
fn parse_entry(body: &str) -> Result<Bitboard, FenError> {
    if let Some((a, b)) = body.split_once('-') {
        let (a, b) = (a.trim(), b.trim());
        let numeric = |t: &str| !t.is_empty() && t.bytes().all(|c| c.is_ascii_digit());
        if !numeric(a) || !numeric(b) {
            return Err(FenError::Range(body.to_owned()));
        }
        let lo = parse_square(a).ok_or_else(|| FenError::UnknownSquare(a.to_owned()))?;
        let hi = parse_square(b).ok_or_else(|| FenError::UnknownSquare(b.to_owned()))?;
        if lo > hi {
            return Err(FenError::Range(body.to_owned()));
        }
        Ok(Square::ALL[lo.index()..=hi.index()]
            .iter()
            .copied()
            .collect())
    } else {
        let sq = parse_square(body).ok_or_else(|| FenError::UnknownSquare(body.to_owned()))?;
        Ok(Bitboard::EMPTY.with(sq))
    }
}

/// How squares are written in a FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SquareStyle {
    /// PDN numbers 1–32 (canonical).
    #[default]
    Numeric,
    /// Algebraic names `a1` … `h8`.
    Algebraic,
}

/// Writes a setup as FEN: white's list first, squares ascending, `K` before kings.
pub fn write(setup: &Setup, style: SquareStyle) -> String {
    let mut out = String::with_capacity(96);
    out.push(side_letter(setup.turn));
    for color in [Side::First, Side::Second] {
        out.push(':');
        out.push(side_letter(color));
        for (i, sq) in setup.pieces(color).into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            if setup.kings.contains(sq) {
                out.push('K');
            }
            match style {
                SquareStyle::Numeric => out.push_str(&sq.number().to_string()),
                SquareStyle::Algebraic => out.push_str(&sq.algebraic()),
            }
        }
    }
    out
}

impl fmt::Display for Setup {
    /// Writes the canonical (numeric) FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&write(self, SquareStyle::Numeric))
    }
}

impl FromStr for Setup {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Setup, FenError> {
        parse(s)
    }
}

impl Setup {
    /// Parses a PDN FEN (see [`fen::parse`](parse)).
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        parse(text)
    }

    /// The canonical FEN (numeric squares).
    pub fn to_fen(&self) -> String {
        write(self, SquareStyle::Numeric)
    }
}
