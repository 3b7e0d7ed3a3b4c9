//! Squares, colours, roles and pieces: the vocabulary of the board.
//!
//! The board has 9 files `a`–`i` from red's left and 10 ranks `0`–`9` from red's side, the
//! coordinates of ICCS (`h2e2`). Red's general starts on `e0`, black's on `e9`.

use std::fmt;
use std::str::FromStr;

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

/// A side: red moves first and sits on ranks 0–4, black on ranks 5–9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Red (红), written `w` in FEN.
    Red,
    /// Black (黑), written `b` in FEN.
    Black,
}

impl Color {
    /// The game-neutral side: red is the first player.
    pub const fn side(self) -> crate::Side {
        match self {
            Color::Red => crate::Side::First,
            Color::Black => crate::Side::Second,
        }
    }

    /// The other side.
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `red` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// 0 for red, 1 for black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether `rank` is on this side's half of the board (before the river).
    pub const fn own_half(self, rank: u8) -> bool {
        match self {
            Color::Red => rank <= 4,
            Color::Black => rank >= 5,
        }
    }

    /// The rank as counted from this side (0 = own back rank).
    pub const fn relative_rank(self, rank: u8) -> u8 {
        match self {
            Color::Red => rank,
            Color::Black => 9 - rank,
        }
    }

    /// The file as numbered by this side in move records: 1 at the player's right hand,
    /// 9 at the left. Red's file 1 is `i`, black's file 1 is `a`.
    pub const fn file_number(self, file: u8) -> u8 {
        match self {
            Color::Red => 9 - file,
            Color::Black => file + 1,
        }
    }

    /// The board file (0 = `a`) of this side's file number 1–9.
    pub const fn file_of_number(self, number: u8) -> u8 {
        match self {
            Color::Red => 9 - number,
            Color::Black => number - 1,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// The canonical FEN letter: upper case for red, lower case for black.
    pub fn char(self) -> char {
        match self.color {
            Color::Red => self.role.char().to_ascii_uppercase(),
            Color::Black => self.role.char(),
        }
    }

    /// The piece of a FEN letter (`h`/`e` accepted for horse/elephant).
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The Chinese name as printed in diagrams: red 帅仕相马车炮兵, black 将士象马车炮卒.
    pub fn chinese(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::General) => '帅',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Soldier) => '兵',
            (Color::Black, Role::General) => '将',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Soldier) => '卒',
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
            Color::Black
        } else {
            Color::Red
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}
