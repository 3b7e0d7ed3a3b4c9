//! [`Move`]: a move's identity (from, to, captured set, promotion) and its path.

use super::bitboard::Bitboard;
use super::square::Square;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// The most squares a path can visit: the start square and one landing per captured piece
/// (a side has at most 12 pieces).
pub(crate) const MAX_PATH: usize = 13;

/// A move: what it does (its identity) and the route it takes (its path).
///
/// The identity is the start square, the end square, the set of captured squares and
/// whether the piece is crowned. Two capture routes with the same identity are the same
/// move, so `==`, `Hash` and [`Move::key`] look at the identity only; the path is how the
/// move is shown (compare paths with [`Move::path`]). A king going on along the same
/// diagonal to its next victim is recorded with the square right behind the first one.
///
/// ```
/// use arbiter::draughts::{Position, Variant};
///
/// let pos = Position::from_fen("W:W22:B18,11", Variant::Russian).unwrap();
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 1);
/// let m = &moves[0];
/// assert_eq!(m.to_string(), "22x15x8");
/// assert_eq!(m.captured().count(), 2);
/// assert!(!m.promotes());
/// ```
#[derive(Clone, Copy)]
pub struct Move {
    pub(crate) path: [Square; MAX_PATH],
    pub(crate) len: u8,
    pub(crate) promotes: bool,
    pub(crate) captured: u32,
}

/// The identity of a move, without its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveIdentity {
    /// Start square.
    pub from: Square,
    /// End square.
    pub to: Square,
    /// Squares of the captured pieces.
    pub captured: Bitboard,
    /// Whether the moving man is crowned by this move.
    pub promotes: bool,
}

impl Move {
    /// A non-capturing move.
    pub(crate) fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        let mut path = [from; MAX_PATH];
        path[1] = to;
        Move {
            path,
            len: 2,
            promotes,
            captured: 0,
        }
    }

    /// A capture from a path given as square indices (start square first).
    pub(crate) fn capture(indices: &[u8], captured: u32, promotes: bool) -> Move {
        let mut path = [Square::ALL[0]; MAX_PATH];
        for (slot, &i) in path.iter_mut().zip(indices) {
            *slot = Square::ALL[(i & 31) as usize];
        }
        Move {
            path,
            len: indices.len().min(MAX_PATH) as u8,
            promotes,
            captured,
        }
    }

    /// Start square.
    pub fn from(&self) -> Square {
        self.path[0]
    }

    /// End square.
    pub fn to(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// The squares of the pieces taken.
    pub fn captured(&self) -> Bitboard {
        Bitboard(self.captured)
    }

    /// Whether the move takes pieces.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Whether the moving man becomes a king.
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// The route: the start square, then every landing square in order.
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// The identity (from, to, captured set, promotion).
    pub fn identity(&self) -> MoveIdentity {
        MoveIdentity {
            from: self.from(),
            to: self.to(),
            captured: self.captured(),
            promotes: self.promotes,
        }
    }

    /// A text equal for two moves exactly when their identities are equal:
    /// `from-to` for a plain move, `fromxto(c1,c2,…)` with the captured squares ascending for
    /// a capture, and `+K` appended when the piece is crowned (e.g. `9x27(13,18)`,
    /// `10-1+K`).
    pub fn key(&self) -> String {
        let mut s = format!("{}", self.from());
        if self.is_capture() {
            s.push('x');
            s.push_str(&self.to().to_string());
            s.push('(');
            let caps: Vec<String> = self.captured().into_iter().map(|q| q.to_string()).collect();
            s.push_str(&caps.join(","));
            s.push(')');
        } else {
            s.push('-');
            s.push_str(&self.to().to_string());
        }
        if self.promotes {
            s.push_str("+K");
        }
        s
    }

    /// Orders moves by their paths, comparing square numbers one by one.
    pub fn cmp_path(&self, other: &Move) -> Ordering {
        self.path().cmp(other.path())
    }
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.identity() == other.identity()
    }
}

impl Eq for Move {}

impl Hash for Move {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}")?;
        if self.promotes {
            f.write_str(", promotes")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Move {
    /// Writes the numeric notation with the full path (`9-13`, `9x18x27`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { 'x' } else { '-' };
        for (i, sq) in self.path().iter().enumerate() {
            if i > 0 {
                write!(f, "{sep}")?;
            }
            write!(f, "{}", sq.number())?;
        }
        Ok(())
    }
}

/// Keeps one move per identity, with the smallest path; sorts by path.
pub(crate) fn dedup_identities(moves: &mut Vec<Move>) {
    moves.sort_by(|a, b| a.identity().cmp(&b.identity()).then_with(|| a.cmp_path(b)));
    moves.dedup_by(|later, earlier| later == earlier);
    moves.sort_by(Move::cmp_path);
}
