//! The move notations side by side: [`Notation`] names each, writes and reads a move in it,
//! and [`parse_move`] reads any notation that cannot be confused. The notations themselves
//! are [`iccs`](super::iccs), [`chinese`](super::chinese) and [`wxf`](super::wxf).

pub use super::description::{Notation, NotationError};
use super::position::{Move, Position};

// The notations' names are beside the error that reports them (`description`, which the
// notations' readers build on); reading and writing in a notation is here, above them.
impl Notation {
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
