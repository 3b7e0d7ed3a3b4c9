//! The move notations side by side: [`Notation`] names each, writes and reads a move in it,
//! and [`parse_move`] reads any notation that cannot be confused. The notations themselves
//! are [`iccs`](super::iccs), [`chinese`](super::chinese) and [`wxf`](super::wxf).

pub use super::description::NotationError;
use super::position::{Move, Position};
use std::fmt;

/// A notation xiangqi moves can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, ranks 0–9 from red's side (`h2e2`); the canonical one.
    Iccs,
    /// Coordinates with ranks 1–10, as Fairy-Stockfish writes under UCI (`h3e3`, `h3h10`).
    Uci10,
    /// The Chinese move record of the CXA rules (`炮二平五`, `马8进7`).
    Chinese,
    /// WXF notation as Fairy-Stockfish writes it (`C2=5`, `H8+7`, `R+=4`).
    Wxf,
}

impl Notation {
    /// Every notation, canonical first.
    pub const ALL: [Notation; 4] = [
        Notation::Iccs,
        Notation::Uci10,
        Notation::Chinese,
        Notation::Wxf,
    ];

    /// The name used on the command line: `iccs`, `uci10`, `chinese`, `wxf`.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Uci10 => "uci10",
            Notation::Chinese => "chinese",
            Notation::Wxf => "wxf",
        }
    }

    /// Its name in messages (`ICCS`, `uci10`, `Chinese`, `WXF`).
    pub(crate) fn title(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Uci10 => "uci10",
            Notation::Chinese => "Chinese",
            Notation::Wxf => "WXF",
        }
    }

    /// What a move written in it looks like, said when a text cannot be read.
    pub(crate) fn expected(self) -> &'static str {
        match self {
            Notation::Iccs => "two squares, files a-i and ranks 0-9 from red's side, like h2e2",
            Notation::Uci10 => "two squares, files a-i and ranks 1-10 from red's side, like h3e3",
            Notation::Chinese => "piece, file, direction 进/退/平 and number, like 炮二平五 or 马8进7, or 前/后 before the piece, like 前马退四",
            Notation::Wxf => "piece letter K A E H R C P, file 1-9 (or + / - for front / rear), direction + - = and a number, like C2=5",
        }
    }

    /// The notation of a name (exact, lower case).
    pub fn from_name(name: &str) -> Option<Notation> {
        Notation::ALL.into_iter().find(|n| n.name() == name)
    }

    /// Writes a legal move of `pos`.
    pub fn write(self, pos: &Position, m: Move) -> String {
        match self {
            Notation::Iccs => super::iccs::write_iccs(m),
            Notation::Uci10 => super::iccs::write_uci10(m),
            Notation::Chinese => super::chinese::write_chinese(pos, m),
            Notation::Wxf => super::wxf::write_wxf(pos, m),
        }
    }

    /// Reads a move of `pos` in this notation.
    pub fn parse(self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        match self {
            Notation::Iccs => super::iccs::parse_iccs(pos, text),
            Notation::Uci10 => super::iccs::parse_uci10(pos, text),
            Notation::Chinese => super::chinese::parse_chinese(pos, text),
            Notation::Wxf => super::wxf::parse_wxf(pos, text),
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads a move in ICCS, WXF or the Chinese record, whichever the text is written in:
/// text with CJK characters is Chinese, ASCII text shaped like ICCS (`h2e2`, `H2-E2`) is
/// ICCS, and other ASCII text is WXF; full-width forms (`Ｃ２＝５`) are read as ASCII. The 1–10 rank form (`uci10`) is never guessed,
/// because `h3e3` is also a valid ICCS move.
///
/// ```
/// use arbiter::xiangqi::{parse_move, Position};
///
/// let pos = Position::start();
/// let m = parse_move(&pos, "h2e2").unwrap();
/// assert_eq!(parse_move(&pos, "炮二平五").unwrap(), m);
/// assert_eq!(parse_move(&pos, "C2=5").unwrap(), m);
/// assert!(parse_move(&pos, "炮二进九").is_err());
/// // Full-width WXF is WXF; text in no notation is not called Chinese alone.
/// assert_eq!(parse_move(&pos, "Ｃ２＝５").unwrap(), m);
/// let e = parse_move(&pos, "h2–e2").unwrap_err().to_string();
/// assert!(e.contains("in ICCS, WXF or Chinese notation"), "{e}");
/// ```
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let any = |text: String| NotationError::Syntax {
        text,
        notation: "ICCS, WXF or Chinese",
        expected: "ICCS like h2e2, WXF like C2=5 or a Chinese record like 炮二平五",
    };
    let t = text.trim();
    // Full-width forms (`Ｃ２＝５`, `ｈ２ｅ２`) are read as their ASCII forms; a Chinese
    // record keeps its full-width digits, which it reads itself.
    let folded: String;
    let t = if t.chars().any(is_full_width_form) && !t.chars().any(is_cjk) {
        folded = t
            .chars()
            .map(|c| {
                if is_full_width_form(c) {
                    char::from_u32(c as u32 - 0xFEE0).unwrap_or(c)
                } else {
                    c
                }
            })
            .collect();
        folded.as_str()
    } else {
        t
    };
    if t.chars().any(is_cjk) {
        super::chinese::parse_chinese(pos, t)
    } else if !t.is_ascii() {
        Err(any(t.to_owned()))
    } else if super::iccs::looks_like_iccs(t) {
        super::iccs::parse_iccs(pos, t)
    } else {
        match super::wxf::parse_wxf(pos, t) {
            Err(NotationError::Syntax { text, .. }) => Err(any(text)),
            other => other,
        }
    }
}

/// A full-width form of an ASCII character (U+FF01–U+FF5E).
fn is_full_width_form(c: char) -> bool {
    ('\u{FF01}'..='\u{FF5E}').contains(&c)
}

/// A CJK ideograph (the Chinese record's pieces, numerals and directions).
fn is_cjk(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c) || ('\u{3400}'..='\u{4DBF}').contains(&c)
}
