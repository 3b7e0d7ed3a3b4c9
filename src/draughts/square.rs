//! Squares, pieces and variants: the vocabulary of 64-square draughts.
//!
//! Only the 32 dark squares are playable. They are numbered the PDN way: 1 = b8, 2 = d8,
//! 3 = f8, 4 = h8, 5 = a7, … 29 = a1, 30 = c1, 31 = e1, 32 = g1, with white at the bottom
//! (ranks 1–3) moving up and the dark square a1 in white's left corner.

use std::fmt;

use crate::Side;

/// One of the 32 dark squares of the board.
///
/// ```
/// use arbiter::draughts::Square;
///
/// let sq = Square::from_number(32).unwrap();
/// assert_eq!(sq.to_string(), "32");
/// assert_eq!(sq.algebraic(), "g1");
/// assert_eq!(Square::from_algebraic("b8"), Some(Square::from_number(1).unwrap()));
/// assert_eq!(Square::from_algebraic("a2"), None); // a light square
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Every square, in number order (1 to 32).
    pub const ALL: [Square; 32] = {
        let mut all = [Square(0); 32];
        let mut i = 0;
        while i < 32 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with a 0-based index (0 = square 1, 31 = square 32).
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 32 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with a PDN number, 1 to 32.
    pub const fn from_number(number: u8) -> Option<Square> {
        if number >= 1 && number <= 32 {
            Some(Square(number - 1))
        } else {
            None
        }
    }

    /// The dark square at a file (0 = a … 7 = h) and rank (0 = 1 … 7 = 8); `None` for a
    /// light square or coordinates off the board.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file > 7 || rank > 7 || (file + rank) % 2 != 0 {
            return None;
        }
        let row = 7 - rank;
        Some(Square(row * 4 + file / 2))
    }

    /// Reads an algebraic square name (`a1`, `h8`, lowercase); `None` for a light square or
    /// anything else.
    pub fn from_algebraic(text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].checked_sub(b'a')?;
        let rank = bytes[1].checked_sub(b'1')?;
        Square::from_coords(file, rank)
    }

    /// The 0-based index (square number minus one).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The PDN number, 1 to 32.
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The file, 0 = a … 7 = h.
    pub const fn file(self) -> u8 {
        let row = self.0 / 4;
        let col = self.0 % 4;
        if row % 2 == 0 {
            col * 2 + 1
        } else {
            col * 2
        }
    }

    /// The rank, 0 = rank 1 (white's back row) … 7 = rank 8.
    pub const fn rank(self) -> u8 {
        7 - self.0 / 4
    }

    /// The algebraic name, `a1` … `h8`.
    pub fn algebraic(self) -> String {
        let mut s = String::with_capacity(2);
        s.push((b'a' + self.file()) as char);
        s.push((b'1' + self.rank()) as char);
        s
    }

    /// The single-bit mask of this square.
    pub(crate) const fn bit(self) -> u32 {
        1 << self.0
    }
}

impl fmt::Display for Square {
    /// Writes the PDN number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// `W` or `B`: the side to move as written in FEN.
pub const fn side_letter(side: Side) -> char {
    match side {
        Side::First => 'W',
        Side::Second => 'B',
    }
}

/// The row where a side's men are crowned (white: 1–4, black: 29–32).
pub const fn promotion_row(side: Side) -> u32 {
    match side {
        Side::First => 0x0000_000F,
        Side::Second => 0xF000_0000,
    }
}

/// What a piece is: a man or a (flying) king.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// A man: moves one square forward, captures forward and backward.
    Man,
    /// A king: moves and captures any distance along a diagonal.
    King,
}

/// A piece on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Side,
    /// Man or king.
    pub role: Role,
}

impl Piece {
    /// The board letter: `w`/`b` for men, `W`/`B` for kings.
    pub const fn char(self) -> char {
        match (self.color, self.role) {
            (Side::First, Role::Man) => 'w',
            (Side::First, Role::King) => 'W',
            (Side::Second, Role::Man) => 'b',
            (Side::Second, Role::King) => 'B',
        }
    }
}

/// Which rules of 64-square draughts apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// Brazilian rules: the capture taking most pieces is compulsory (art. 6.12.1.2) and a
    /// man only passing the last row during a capture stays a man (art. 6.12.1.3).
    Brazilian,
    /// Russian rules: free choice among captures; a man reaching the last row during a
    /// capture is crowned at once and goes on capturing as a king.
    Russian,
}

impl Variant {
    /// The draughts variant of a game, if it is one.
    pub const fn from_game(game: crate::Game) -> Option<Variant> {
        match game {
            crate::Game::Brazilian => Some(Variant::Brazilian),
            crate::Game::Russian => Some(Variant::Russian),
            crate::Game::Xiangqi => None,
        }
    }

    /// `brazilian` or `russian`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Brazilian => "brazilian",
            Variant::Russian => "russian",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_corners() {
        let name = |n| Square::from_number(n).unwrap().algebraic();
        assert_eq!(name(1), "b8");
        assert_eq!(name(4), "h8");
        assert_eq!(name(5), "a7");
        assert_eq!(name(29), "a1");
        assert_eq!(name(32), "g1");
        for sq in Square::ALL {
            assert_eq!(Square::from_algebraic(&sq.algebraic()), Some(sq));
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
        }
        assert_eq!(Square::from_number(0), None);
        assert_eq!(Square::from_number(33), None);
    }
}
