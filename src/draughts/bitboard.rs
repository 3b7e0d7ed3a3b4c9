//! Sets of dark squares as 32-bit masks, and the diagonal geometry of the board.
//!
//! Bit `i` is square number `i + 1`. Rows alternate between squares on files b, d, f, h
//! (rows starting with squares 1, 9, 17, 25) and files a, c, e, g (5, 13, 21, 29), so a step
//! along a diagonal is a shift by 3, 4 or 5 depending on the row; the shift helpers apply the
//! right amount to every square at once.

use super::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not};

/// A set of dark squares.
///
/// ```
/// use arbiter::draughts::{Bitboard, Square};
///
/// let sq = |n| Square::from_number(n).unwrap();
/// let set = Bitboard::EMPTY.with(sq(9)).with(sq(13));
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.into_iter().map(|s| s.number()).collect::<Vec<_>>(), vec![9, 13]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u32);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 32 dark squares.
    pub const ALL: Bitboard = Bitboard(u32::MAX);

    /// Whether the set holds `sq`.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.bit() != 0
    }

    /// The set with `sq` added.
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.bit())
    }

    /// The set with `sq` removed.
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !sq.bit())
    }

    /// Number of squares in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-numbered square, if any.
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as u8)
        }
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.into_iter().map(|s| s.number()))
            .finish()
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest number first.
#[derive(Debug, Clone)]
pub struct Squares(u32);

impl Iterator for Squares {
    type Item = Square;
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Square::from_index(i as u8)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        Squares(self.0)
    }
}

// ---------------------------------------------------------------------------------------
// Geometry (crate-internal, used by move generation).

/// Up-left: towards rank 8 and file a (white's forward-left).
pub(crate) const UL: usize = 0;
/// Up-right.
pub(crate) const UR: usize = 1;
/// Down-left: towards rank 1.
pub(crate) const DL: usize = 2;
/// Down-right.
pub(crate) const DR: usize = 3;

/// Marker for "no square" in [`NEIGHBOR`].
pub(crate) const NONE: u8 = 0xFF;

/// Rows with squares on files b, d, f, h.
const EVEN_ROWS: u32 = 0x0F0F_0F0F;
/// Rows with squares on files a, c, e, g.
const ODD_ROWS: u32 = 0xF0F0_F0F0;
/// First column of each row (files a or b).
const COL0: u32 = 0x1111_1111;
/// Last column of each row (files g or h).
const COL3: u32 = 0x8888_8888;

/// Every square of `b` moved one step in direction `dir` (squares leaving the board vanish).
#[inline(always)]
pub(crate) const fn shift(b: u32, dir: usize) -> u32 {
    match dir {
        UL => ((b & EVEN_ROWS) >> 4) | ((b & ODD_ROWS & !COL0) >> 5),
        UR => ((b & EVEN_ROWS & !COL3) >> 3) | ((b & ODD_ROWS) >> 4),
        DL => ((b & EVEN_ROWS) << 4) | ((b & ODD_ROWS & !COL0) << 3),
        _ => ((b & EVEN_ROWS & !COL3) << 5) | ((b & ODD_ROWS) << 4),
    }
}

const fn neighbor_of(sq: u8, dir: usize) -> u8 {
    let s = Square::ALL[sq as usize];
    let (f, r) = (s.file() as i8, s.rank() as i8);
    let (df, dr) = match dir {
        UL => (-1, 1),
        UR => (1, 1),
        DL => (-1, -1),
        _ => (1, -1),
    };
    let (nf, nr) = (f + df, r + dr);
    if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
        return NONE;
    }
    match Square::from_coords(nf as u8, nr as u8) {
        Some(n) => n.index() as u8,
        None => NONE,
    }
}

/// `NEIGHBOR[sq][dir]`: the adjacent square in a direction, or [`NONE`].
pub(crate) const NEIGHBOR: [[u8; 4]; 32] = {
    let mut t = [[NONE; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            t[sq][d] = neighbor_of(sq as u8, d);
            d += 1;
        }
        sq += 1;
    }
    t
};

/// `RAY[sq][dir]`: every square beyond `sq` in a direction, to the edge.
pub(crate) const RAY: [[u32; 4]; 32] = {
    let mut t = [[0u32; 4]; 32];
    let mut sq = 0;
    while sq < 32 {
        let mut d = 0;
        while d < 4 {
            let mut mask = 0u32;
            let mut s = NEIGHBOR[sq][d];
            while s != NONE {
                mask |= 1 << s;
                s = NEIGHBOR[s as usize][d];
            }
            t[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    t
};

/// The nearest square of `mask` (a subset of `RAY[sq][dir]`) seen from `sq` in `dir`.
/// Up-directions go to lower indices, down-directions to higher ones.
#[inline(always)]
pub(crate) const fn nearest(mask: u32, dir: usize) -> u32 {
    if dir < DL {
        31 - mask.leading_zeros()
    } else {
        mask.trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_agree_with_coordinates() {
        for sq in 0..32u8 {
            for d in [UL, UR, DL, DR] {
                let n = NEIGHBOR[sq as usize][d];
                let expected = if n == NONE { 0 } else { 1u32 << n };
                assert_eq!(shift(1 << sq, d), expected, "square {} dir {d}", sq + 1);
            }
        }
    }

    #[test]
    fn rays_from_a_corner() {
        // The long diagonal from a1 (29): b2 = 25, c3 = 22, d4 = 18, e5 = 15, f6 = 11,
        // g7 = 8, h8 = 4.
        let ray: Vec<u8> = Bitboard(RAY[28][UR])
            .into_iter()
            .map(|s| s.number())
            .collect();
        assert_eq!(ray, vec![4, 8, 11, 15, 18, 22, 25]);
    }
}
