//! WXF notation, written as Fairy-Stockfish writes it (`C2=5`, `H8+7`, `R+=4`).
//!
//! A move is the piece letter (K general, A advisor, E elephant, H horse, R chariot,
//! C cannon, P soldier), the file it stands on numbered 1–9 from the mover's right, the
//! direction (`+` forward, `-` backward, `=` sideways) and a number: the destination file
//! for sideways moves and diagonal movers, the number of points otherwise. No check marks.
//!
//! Like pieces on one file, as Fairy-Stockfish writes them:
//! - two on a file: `+` (front) or `-` (rear) replaces the file (`R+=4`, `C--1`) when the
//!   other piece could make the same displacement inside the area its kind may stand on;
//!   otherwise the file is kept (`A6+5`);
//! - three or more soldiers on a file, or two or more soldiers on each of two files: the
//!   letter is replaced by the soldier's number counted from the front, and the file is
//!   kept (`15=4`: the front soldier on file 5 goes to file 4).
//!
//! Reading also accepts lower case, `B`/`N` for elephant/horse, `.` for `=`, the prefix
//! form `+R`/`-R`, the WXF committee's `++`/`--` (foremost/rearmost soldier) and `3+`/`3-`
//! (front/rear soldier on file 3), and a trailing check mark `+` or `#` after the number.
//!
//! ```
//! use arbiter::xiangqi::wxf::{parse_wxf, write_wxf};
//! use arbiter::xiangqi::Position;
//!
//! let pos = Position::start();
//! let m = parse_wxf(&pos, "C2=5").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(write_wxf(&pos, parse_wxf(&pos, "h2+3").unwrap()), "H2+3");
//! ```

use super::description::{read, relative, Description, Direction, Notation, NotationError, Place};
use super::position::{Move, Position};
use super::square::{file_number, relative_rank};
use super::square::{Role, Square};
use crate::Side;

fn letter(role: Role) -> char {
    match role {
        Role::General => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Chariot => 'R',
        Role::Cannon => 'C',
        Role::Soldier => 'P',
    }
}

/// Whether a piece of `role` and `color` may stand on `sq` as far as Fairy-Stockfish's
/// WXF writer is concerned: the palace for generals and advisors, the own half for
/// elephants, anywhere for the others.
fn region(color: Side, role: Role, sq: Square) -> bool {
    let r = relative_rank(color, sq.rank());
    match role {
        Role::General | Role::Advisor => r <= 2 && (3..=5).contains(&sq.file()),
        Role::Elephant => r <= 4,
        _ => true,
    }
}

/// Writes a legal move of `pos` in WXF notation.
pub fn write_wxf(pos: &Position, m: Move) -> String {
    let Some(r) = relative(pos, m) else {
        return String::new();
    };
    let file = file_number(r.color, m.from.file());
    let n = r.tandem.len();
    let mut out = String::new();
    if n >= 3 || (n == 2 && r.multi) {
        out.push_str(&format!("{}{}", r.index + 1, file));
    } else {
        out.push(letter(r.role));
        let shifted = if n == 2 {
            let other = r.tandem[1 - r.index];
            let dr = m.to.rank() as i32 - m.from.rank() as i32;
            Square::from_coords(m.to.file() as i32, other.rank() as i32 + dr)
                .is_some_and(|s| region(r.color, r.role, s))
        } else {
            false
        };
        if shifted {
            out.push(if r.index == 0 { '+' } else { '-' });
        } else {
            out.push_str(&file.to_string());
        }
    }
    out.push(match r.direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '=',
    });
    out.push_str(&r.number.to_string());
    out
}

fn role_of(c: u8) -> Option<Role> {
    Some(match c.to_ascii_uppercase() {
        b'K' => Role::General,
        b'A' => Role::Advisor,
        b'E' | b'B' => Role::Elephant,
        b'H' | b'N' => Role::Horse,
        b'R' => Role::Chariot,
        b'C' => Role::Cannon,
        b'P' => Role::Soldier,
        _ => return None,
    })
}

fn digit(c: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&c).then(|| c - b'0')
}

fn sign(c: u8) -> Option<Place> {
    match c {
        b'+' => Some(Place::Front),
        b'-' => Some(Place::Rear),
        _ => None,
    }
}

fn parse_description(text: &str) -> Option<Description> {
    let mut b: Vec<u8> = text.trim().bytes().collect();
    if b.len() == 5 && matches!(b[4], b'+' | b'#') {
        b.pop();
    }
    let [d0, d1, op, n] = b.as_slice() else {
        return None;
    };
    let (role, file, place) = if let Some(role) = role_of(*d0) {
        match (digit(*d1), sign(*d1)) {
            (Some(f), _) => (role, Some(f), None),
            (_, Some(p)) => (role, None, Some(p)),
            _ => return None,
        }
    } else if let Some(p) = sign(*d0) {
        match (role_of(*d1), sign(*d1)) {
            (Some(role), _) => (role, None, Some(p)),
            (_, Some(q)) if p == q => (Role::Soldier, None, Some(p)),
            _ => return None,
        }
    } else {
        let first = digit(*d0)?;
        match (digit(*d1), sign(*d1)) {
            (Some(f), _) => (Role::Soldier, Some(f), Some(Place::Ordinal(first))),
            (_, Some(p)) => (Role::Soldier, Some(first), Some(p)),
            _ => return None,
        }
    };
    let direction = match op {
        b'+' => Direction::Forward,
        b'-' => Direction::Backward,
        b'=' | b'.' => Direction::Sideways,
        _ => return None,
    };
    Some(Description {
        role,
        file,
        place,
        direction: Some(direction),
        number: digit(*n)?,
    })
}

/// Reads a move of `pos` in WXF notation.
pub fn parse_wxf(pos: &Position, text: &str) -> Result<Move, NotationError> {
    read(pos, text, Notation::Wxf, parse_description(text))
}
