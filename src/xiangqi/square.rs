//! Squares, roles and pieces: the vocabulary of the board.
//!
//! The board has 9 files `a`–`i` from red's left and 10 ranks `0`–`9` from red's side, the
//! coordinates of ICCS (`h2e2`). Red's general starts on `e0`, black's on `e9`.

use std::fmt;
use std::str::FromStr;

use crate::Side;

/// Number of files.
pub const FILES: u8 = 9;
/// Number of ranks.
pub const RANKS: u8 = 10;

/// One of the 90 points of the board.
///
/// ```
/// use arbiter::xiangqi::Square;
///
/// let sq: Square = "h2".parse().unwrap();
/// assert_eq!((sq.file(), sq.rank()), (7, 2));
/// assert_eq!(sq.to_string(), "h2");
/// assert!("j2".parse::<Square>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = red's back rank), if on the board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square with index `rank * 9 + file`, if below 90.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The square with a known-valid index (used by the move tables).
    #[inline(always)]
    pub(crate) const fn from_raw(index: u8) -> Square {
        Square(index)
    }

    /// The square at signed coordinates, if on the board.
    pub fn from_coords(file: i32, rank: i32) -> Option<Square> {
        if (0..FILES as i32).contains(&file) && (0..RANKS as i32).contains(&rank) {
            Some(Square((rank * FILES as i32 + file) as u8))
        } else {
            None
        }
    }

    /// `rank * 9 + file`, in `0..90`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (`a`) to 8 (`i`), from red's left.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The rank, 0 (red's back rank) to 9 (black's back rank).
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The file letter, `a`–`i`.
    pub fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// Every square, `a0`, `b0`, … `i9`.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank())
    }
}

/// Why a square name was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square '{0}' (expected a file a-i and a rank 0-9, like 'e0')")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `e0`; upper-case file letters are accepted.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let f = b[0].to_ascii_lowercase();
            if (b'a'..=b'i').contains(&f) && b[1].is_ascii_digit() {
                if let Some(sq) = Square::new(f - b'a', b[1] - b'0') {
                    return Ok(sq);
                }
            }
        }
        Err(ParseSquareError(s.to_owned()))
    }
}

/// Whether `rank` is on `side`'s half of the board (before the river): red sits on ranks
/// 0–4, black on ranks 5–9.
pub const fn own_half(side: Side, rank: u8) -> bool {
    match side {
        Side::First => rank <= 4,
        Side::Second => rank >= 5,
    }
}

/// The rank as counted from `side` (0 = own back rank).
pub const fn relative_rank(side: Side, rank: u8) -> u8 {
    match side {
        Side::First => rank,
        Side::Second => 9 - rank,
    }
}

/// The file as numbered by `side` in move records: 1 at the player's right hand, 9 at the
/// left. Red's file 1 is `i`, black's file 1 is `a`.
pub const fn file_number(side: Side, file: u8) -> u8 {
    match side {
        Side::First => 9 - file,
        Side::Second => file + 1,
    }
}

/// The board file (0 = `a`) of `side`'s file number 1–9.
pub const fn file_of_number(side: Side, number: u8) -> u8 {
    match side {
        Side::First => 9 - number,
        Side::Second => number - 1,
    }
}

/// The seven kinds of pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将, FEN `k`.
    General,
    /// 仕/士, FEN `a`.
    Advisor,
    /// 相/象, FEN `b` (also read as `e`).
    Elephant,
    /// 马, FEN `n` (also read as `h`).
    Horse,
    /// 车, FEN `r`.
    Chariot,
    /// 炮, FEN `c`.
    Cannon,
    /// 兵/卒, FEN `p`.
    Soldier,
}

impl Role {
    /// Every role, in order.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// The canonical lower-case FEN letter.
    pub const fn char(self) -> char {
        match self {
            Role::General => 'k',
            Role::Advisor => 'a',
            Role::Elephant => 'b',
            Role::Horse => 'n',
            Role::Chariot => 'r',
            Role::Cannon => 'c',
            Role::Soldier => 'p',
        }
    }

    /// The role of a FEN letter of either case; `h` and `e` are read as horse and elephant.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_lowercase() {
            'k' => Role::General,
            'a' => Role::Advisor,
            'b' | 'e' => Role::Elephant,
            'n' | 'h' => Role::Horse,
            'r' => Role::Chariot,
            'c' => Role::Cannon,
            'p' => Role::Soldier,
            _ => return None,
        })
    }

    /// How many of this role one side has at the start (and at most).
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// The English name (`general`, `advisor`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// Whether the piece moves diagonally, so that a move record names its destination
    /// file rather than a step count (horse, elephant, advisor).
    pub const fn moves_diagonally(self) -> bool {
        matches!(self, Role::Advisor | Role::Elephant | Role::Horse)
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a role of a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side it belongs to.
    pub color: Side,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The canonical FEN letter: upper case for red, lower case for black.
    pub fn char(self) -> char {
        match self.color {
            Side::First => self.role.char().to_ascii_uppercase(),
            Side::Second => self.role.char(),
        }
    }

    /// The piece of a FEN letter (`h`/`e` accepted for horse/elephant).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Side::First
        } else {
            Side::Second
        };
        Some(Piece { color, role })
    }

    /// The Chinese name as printed in diagrams: red 帅仕相马车炮兵, black 将士象马车炮卒.
    pub fn chinese(self) -> char {
        match (self.color, self.role) {
            (Side::First, Role::General) => '帅',
            (Side::First, Role::Advisor) => '仕',
            (Side::First, Role::Elephant) => '相',
            (Side::First, Role::Soldier) => '兵',
            (Side::Second, Role::General) => '将',
            (Side::Second, Role::Advisor) => '士',
            (Side::Second, Role::Elephant) => '象',
            (Side::Second, Role::Soldier) => '卒',
            (_, Role::Horse) => '马',
            (_, Role::Chariot) => '车',
            (_, Role::Cannon) => '炮',
        }
    }

    /// Compact code used by the board: 0 is empty, red 1–7, black 9–15.
    pub(crate) const fn code(self) -> u8 {
        1 + self.role as u8 + 8 * self.color as u8
    }

    pub(crate) fn from_code(code: u8) -> Option<Piece> {
        if code == 0 {
            return None;
        }
        let role = *Role::ALL.get(((code - 1) & 7) as usize)?;
        let color = if code & 8 != 0 {
            Side::Second
        } else {
            Side::First
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.xiangqi_name(), self.role)
    }
}
