//! Move notation: numeric (`9-13`, `9x18x27`) and algebraic (`c3-d4`, `c3:e5:g7`).
//!
//! Reading is lenient: squares may be numbers or algebraic names (even mixed); a plain move
//! is written with `-`, a capture with `x`, `X`, `:` or `×` between squares. A capture may
//! give its full path or only some of its squares in order — at least the start and end
//! square (`9x27`). A text names the legal moves whose path starts and ends on the given
//! squares and whose piece may land on the given intermediate squares in that order
//! ([`landing_squares`]: a flying king that takes two pieces on one diagonal may be written
//! landing anywhere between them, `29x18x11` as well as `29x22x11`); if those moves are of
//! several identities, the text is ambiguous and the error lists them. A text that no path
//! fits is refused with the reason.
//!
//! Writing gives the full path of a capture: `9x18x27` (numeric) or `c3:e5:g7`
//! (algebraic, the `:` usual in Russian records).

use super::fen::parse_square;
use super::mv::{dedup_identities, Move};
use super::position::Position;
use super::square::Square;
use std::fmt;
use std::str::FromStr;

/// A way of writing moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Notation {
    /// PDN numbers: `9-13`, `9x18x27` (canonical).
    #[default]
    Numeric,
    /// Algebraic squares: `c3-d4`, `c3:e5:g7`.
    Algebraic,
}

impl Notation {
    /// The names accepted by [`Notation::from_str`].
    pub const NAMES: [&'static str; 2] = ["numeric", "algebraic"];
}

impl FromStr for Notation {
    type Err = String;
    fn from_str(s: &str) -> Result<Notation, String> {
        match s {
            "numeric" => Ok(Notation::Numeric),
            "algebraic" => Ok(Notation::Algebraic),
            other => Err(format!(
                "unknown draughts notation '{other}' (expected one of: {})",
                Notation::NAMES.join(", ")
            )),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Numeric => "numeric",
            Notation::Algebraic => "algebraic",
        })
    }
}

/// Writes a move with its full path.
///
/// ```
/// use arbiter::draughts::{notation::{write, Notation}, Position, Variant};
///
/// let pos = Position::start(Variant::Brazilian);
/// let m = pos.parse_move("22-18").unwrap();
/// assert_eq!(write(&m, Notation::Algebraic), "c3-d4");
/// ```
pub fn write(mv: &Move, notation: Notation) -> String {
    let sep = match (mv.is_capture(), notation) {
        (false, _) => "-",
        (true, Notation::Numeric) => "x",
        (true, Notation::Algebraic) => ":",
    };
    let names: Vec<String> = mv
        .path()
        .iter()
        .map(|sq| match notation {
            Notation::Numeric => sq.number().to_string(),
            Notation::Algebraic => sq.algebraic(),
        })
        .collect();
    names.join(sep)
}

/// A move text read but not yet matched against a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveText {
    /// The squares given, in order (at least two).
    pub squares: Vec<Square>,
    /// Whether the text is a capture (`x`, `:`, `×`) rather than a plain move (`-`).
    pub capture: bool,
}

/// Why a move text could not be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move at all.
    #[error("cannot read move '{text}': {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The text names no legal move.
    #[error("illegal move '{text}': {reason}")]
    Illegal {
        /// The text.
        text: String,
        /// Why (e.g. a capture is compulsory).
        reason: String,
    },
    /// The text names several legal moves.
    #[error("ambiguous move '{text}': it matches {}", candidates.join(", "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it matches, with full paths.
        candidates: Vec<String>,
    },
}

/// Reads a move text without a position.
///
/// ```
/// use arbiter::draughts::notation::parse;
///
/// let t = parse("c3:e5:g7").unwrap();
/// assert!(t.capture);
/// assert_eq!(t.squares.iter().map(|s| s.number()).collect::<Vec<_>>(), vec![22, 15, 8]);
/// assert!(parse("9-13-17").is_err());
/// ```
pub fn parse(text: &str) -> Result<MoveText, MoveError> {
    let syntax = |reason: &str| MoveError::Syntax {
        text: text.to_owned(),
        reason: reason.to_owned(),
    };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Err(syntax("empty move"));
    }
    let is_capture_sep = |c: char| matches!(c, 'x' | 'X' | ':' | '×');
    let has_dash = trimmed.contains('-');
    let has_x = trimmed.contains(is_capture_sep);
    if has_dash && has_x {
        return Err(syntax("mixes '-' (plain move) with a capture separator"));
    }
    if !has_dash && !has_x {
        return Err(syntax(
            "expected squares separated by '-' (plain move) or 'x', ':', '×' (capture)",
        ));
    }
    let mut squares = Vec::new();
    for token in trimmed.split(|c: char| c == '-' || is_capture_sep(c)) {
        let token = token.trim();
        if token.is_empty() {
            return Err(syntax("a square is missing between separators"));
        }
        match parse_square(token) {
            Some(sq) => squares.push(sq),
            None => {
                return Err(syntax(&format!(
                    "unknown square '{token}' (expected 1-32 or a dark square a1-h8)"
                )))
            }
        }
    }
    if has_dash && squares.len() != 2 {
        return Err(syntax("a plain move has exactly two squares"));
    }
    if squares.len() > super::mv::MAX_PATH {
        return Err(syntax("too many squares for one move"));
    }
    Ok(MoveText {
        squares,
        capture: has_x,
    })
}

impl MoveText {
    /// Whether a legal path fits this text: it starts and ends where the path does, and its
    /// other squares are, in order, squares the capturing piece may land on along the path
    /// ([`landing_squares`]).
    pub fn matches(&self, mv: &Move) -> bool {
        let path = mv.path();
        let (Some(first), Some(last)) = (self.squares.first(), self.squares.last()) else {
            return false;
        };
        if mv.is_capture() != self.capture || path[0] != *first || path[path.len() - 1] != *last {
            return false;
        }
        // The intermediate squares must occur in order among the landing squares before the
        // end square.
        let landings = landing_squares(mv);
        let mut it = landings[..landings.len().saturating_sub(1)].iter();
        self.squares[1..self.squares.len() - 1]
            .iter()
            .all(|want| it.any(|have| have == want))
    }
}

/// The squares a move's piece may land on along its path, in order, ending with its last
/// square: the path's own landing squares and, where a king's capture goes on in the same
/// direction after a landing, every empty square between the two pieces it takes there — it
/// may land on any of them and take the next piece from there, which is the same move
/// (`29x22x11` and `29x18x11` in `W:WK29:B25,15`). A plain move: its end square.
///
/// ```
/// use arbiter::draughts::{notation, Position, Variant};
///
/// let pos = Position::from_fen("W:WK29:B25,15", Variant::Russian).unwrap();
/// let mv = notation::resolve(&pos, "29x22x11").unwrap();
/// let squares: Vec<u8> = notation::landing_squares(&mv).iter().map(|s| s.number()).collect();
/// assert_eq!(squares, [22, 18, 11]);
/// assert_eq!(notation::resolve(&pos, "29x18x11").unwrap().identity(), mv.identity());
/// ```
pub fn landing_squares(mv: &Move) -> Vec<Square> {
    let path = mv.path();
    if !mv.is_capture() {
        return path[1..].to_vec();
    }
    let captured = mv.captured();
    let dir = |a: Square, b: Square| {
        (
            (b.file() as i32 - a.file() as i32).signum(),
            (b.rank() as i32 - a.rank() as i32).signum(),
        )
    };
    let segments: Vec<(Square, Square)> = path.windows(2).map(|w| (w[0], w[1])).collect();
    let mut out = Vec::new();
    for (i, &(a, b)) in segments.iter().enumerate() {
        let d = dir(a, b);
        let same_before = i > 0 && dir(segments[i - 1].0, segments[i - 1].1) == d;
        let same_after = segments.get(i + 1).is_some_and(|&(c, e)| dir(c, e) == d);
        let mut passed = false;
        let (mut f, mut r) = (a.file() as i32, a.rank() as i32);
        loop {
            f += d.0;
            r += d.1;
            let Some(sq) = Square::from_coords(f as u8, r as u8) else {
                break;
            };
            if captured.contains(sq) {
                passed = true;
            } else if sq == b || (passed && same_after) || (!passed && same_before) {
                out.push(sq);
            }
            if sq == b {
                break;
            }
        }
    }
    out
}

/// Finds the legal move a text names in a position (see the module documentation).
/// The returned move carries the smallest matching path.
pub fn resolve(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let parsed = parse(text)?;
    let mut paths = pos.legal_paths();
    let any_capture = paths.iter().any(Move::is_capture);
    paths.retain(|m| parsed.matches(m));
    dedup_identities(&mut paths);
    if paths.len() > 1 {
        // A text naming every square of one route exactly is that route, even where it also
        // fits a longer route as a partial path: the canonical text of a move always reads
        // back as that move (`14x23x32` beside `14x21x30x23x32`).
        let exact: Vec<Move> = paths
            .iter()
            .filter(|m| m.path() == parsed.squares.as_slice())
            .copied()
            .collect();
        if exact.len() == 1 {
            paths = exact;
        }
    }
    match paths.len() {
        1 => Ok(paths[0]),
        0 => {
            let reason = if any_capture && !parsed.capture {
                "a capture is compulsory here".to_owned()
            } else if parsed.capture && !any_capture {
                "there is no capture in this position".to_owned()
            } else {
                "it matches no legal move".to_owned()
            };
            Err(MoveError::Illegal {
                text: text.to_owned(),
                reason,
            })
        }
        _ => Err(MoveError::Ambiguous {
            text: text.to_owned(),
            candidates: paths.iter().map(|m| m.to_string()).collect(),
        }),
    }
}

impl Position {
    /// Reads a move in any notation (see [`notation`](super::notation)) and plays it.
    pub fn play_text(&self, text: &str) -> Result<Position, MoveError> {
        let mv = self.parse_move(text)?;
        Ok(self.play_unchecked(&mv))
    }

    /// Reads a move in any notation and finds the legal move it names.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        resolve(self, text)
    }
}
