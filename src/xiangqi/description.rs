//! What the notations share: their names, with the error every notation reports; and, for
//! the relative notations (the Chinese record and WXF), the description of a move from the
//! mover's side and matching a description against the legal moves. The `notation` module
//! builds on it.

use super::position::{Move, Position};
use super::square::{file_number, relative_rank};
use super::square::{Role, Square};
use crate::Side;
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
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a move text was not accepted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// The text is not written in the notation.
    #[error("'{text}' is not a move in {notation} notation (expected {expected})")]
    Syntax {
        /// The text.
        text: String,
        /// The notation tried.
        notation: &'static str,
        /// What the notation looks like.
        expected: &'static str,
    },
    /// The text is well formed but names no legal move.
    #[error("'{text}' names no legal move: {reason}")]
    NoLegalMove {
        /// The text.
        text: String,
        /// Why not.
        reason: String,
    },
    /// The text fits more than one legal move.
    #[error("'{text}' is ambiguous: it fits the legal moves {}", .candidates.join(", "))]
    Ambiguous {
        /// The text.
        text: String,
        /// The moves it fits, in ICCS.
        candidates: Vec<String>,
    },
}

/// Which of several like pieces on one file moves, counted from the front (the end
/// nearest the opponent).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Place {
    /// 前 / `+`: the front one of two or more.
    Front,
    /// 中: the middle one of three.
    Middle,
    /// 后 / `-`: the rear one of two or more.
    Rear,
    /// The n-th from the front, 1-based (the seed's "1兵", "5卒"; Fairy-Stockfish's `1`).
    Ordinal(u8),
}

/// Which way a piece moves, from the mover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Direction {
    /// 进 / `+`.
    Forward,
    /// 退 / `-`.
    Backward,
    /// 平 / `=`.
    Sideways,
}

/// A move described relative to the mover, as in the Chinese record and WXF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Description {
    /// The kind of piece.
    pub role: Role,
    /// The mover's file number (1–9 from the mover's right) of the origin, if given.
    pub file: Option<u8>,
    /// Which of the like pieces on the file, if given.
    pub place: Option<Place>,
    /// The direction, if given (the simplified Chinese record leaves it out).
    pub direction: Option<Direction>,
    /// Destination file number (sideways moves and diagonal movers) or step count.
    pub number: u8,
}

/// Facts about one legal move used by both relative notations.
pub(crate) struct Relative {
    pub color: Side,
    pub role: Role,
    /// Like pieces on the origin file, front first.
    pub tandem: Vec<Square>,
    /// Index of the origin in `tandem`.
    pub index: usize,
    /// Whether two or more files hold two or more of these pieces.
    pub multi: bool,
    pub direction: Direction,
    /// The number written last: destination file or steps.
    pub number: u8,
}

pub(crate) fn relative(pos: &Position, m: Move) -> Option<Relative> {
    let piece = pos.piece_at(m.from)?;
    let (color, role) = (piece.color, piece.role);
    let tandem = pos.tandem(m.from);
    let index = tandem.iter().position(|s| *s == m.from).unwrap_or(0);
    let multi = tandem.len() >= 2 && pos.tandem_files(color, role) >= 2;
    let (fr, tr) = (
        relative_rank(color, m.from.rank()),
        relative_rank(color, m.to.rank()),
    );
    let direction = if fr == tr {
        Direction::Sideways
    } else if tr > fr {
        Direction::Forward
    } else {
        Direction::Backward
    };
    let number = if direction == Direction::Sideways || role.moves_diagonally() {
        file_number(color, m.to.file())
    } else {
        fr.abs_diff(tr)
    };
    Some(Relative {
        color,
        role,
        tandem,
        index,
        multi,
        direction,
        number,
    })
}

fn matches(pos: &Position, m: Move, d: &Description) -> bool {
    let Some(r) = relative(pos, m) else {
        return false;
    };
    if r.role != d.role || r.number != d.number {
        return false;
    }
    if d.direction.is_some_and(|dir| dir != r.direction) {
        return false;
    }
    if d.file
        .is_some_and(|f| f != file_number(r.color, m.from.file()))
    {
        return false;
    }
    let n = r.tandem.len();
    match d.place {
        None => true,
        Some(Place::Front) => n >= 2 && r.index == 0,
        Some(Place::Rear) => n >= 2 && r.index == n - 1,
        Some(Place::Middle) => n == 3 && r.index == 1,
        Some(Place::Ordinal(k)) => n >= 2 && r.index + 1 == k as usize,
    }
}

impl NotationError {
    /// The error of a text not written in `notation`.
    pub(crate) fn syntax(text: &str, notation: Notation) -> NotationError {
        NotationError::Syntax {
            text: text.to_owned(),
            notation: notation.title(),
            expected: notation.expected(),
        }
    }
}

/// The legal move of `pos` that `text` describes in `notation` (the Chinese record or WXF),
/// `description` being what the notation's reader made of the text.
pub(crate) fn read(
    pos: &Position,
    text: &str,
    notation: Notation,
    description: Option<Description>,
) -> Result<Move, NotationError> {
    let d = description.ok_or_else(|| NotationError::syntax(text, notation))?;
    resolve(pos, &d, text)
}

/// The one legal move fitting a description, or an error naming the candidates.
fn resolve(pos: &Position, d: &Description, text: &str) -> Result<Move, NotationError> {
    let found: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| matches(pos, *m, d))
        .collect();
    match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(NotationError::NoLegalMove {
            text: text.to_owned(),
            reason: no_match_reason(pos, d),
        }),
        many => Err(NotationError::Ambiguous {
            text: text.to_owned(),
            candidates: many.iter().map(|m| m.to_string()).collect(),
        }),
    }
}

fn no_match_reason(pos: &Position, d: &Description) -> String {
    let color = pos.turn();
    let mut on_file: Vec<Square> = pos.squares_of(color, d.role);
    if let Some(f) = d.file {
        if !(1..=9).contains(&f) {
            return format!("there is no file {f}");
        }
        on_file.retain(|s| file_number(color, s.file()) == f);
    }
    let color = color.xiangqi_name();
    if on_file.is_empty() {
        return match d.file {
            Some(f) => format!("{color} has no {} on its file {f}", d.role),
            None => format!("{color} has no {}", d.role),
        };
    }
    let list: Vec<String> = on_file.iter().map(|s| s.to_string()).collect();
    format!(
        "no legal move of the {color} {} on {} fits it",
        d.role,
        list.join(", ")
    )
}
