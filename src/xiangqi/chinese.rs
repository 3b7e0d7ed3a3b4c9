//! The Chinese move record of the CXA rules (第四章 第三节 记录, 完整记录).
//!
//! A move is four characters: the piece, the number of the file it stands on, the
//! direction (进 forward, 退 backward, 平 sideways) and a number: the destination file for
//! sideways moves and for the diagonal movers (马, 相/象, 仕/士), the number of points moved
//! otherwise. Red numbers the files with Chinese numerals 一 to 九 from red's right; black
//! with Arabic numerals 1 to 9 from black's right: `炮二平五`, `马8进7`.
//!
//! Two like pieces on one file are told apart by 前 (front) and 后 (rear) in place of the
//! file number: `前马退四`, `后车平6`. With more than two soldiers on a file the seed numbers
//! them from the front with Arabic digits: `1兵平四`, `5卒进1`. The seed gives no rule for
//! two files that each hold two or more soldiers; then (and only then) the file number is
//! written after the piece, as in `前兵七进一`, so the record stays unambiguous.
//!
//! Writing uses simplified characters (red 帅仕相马车炮兵, black 将士象马车炮卒). Reading
//! also accepts traditional and variant characters (車俥 馬傌 砲包 帥將 進 後), 上/下 for
//! 进/退, Arabic or full-width digits for red and Chinese numerals for black, 中 for the
//! middle one of three, Chinese or full-width ordinals (一兵, ２兵), the file number together
//! with 前/后, and the simplified record without the direction (`前马4`) when only one
//! legal move fits.
//!
//! ```
//! use arbiter::xiangqi::chinese::{parse_chinese, write_chinese};
//! use arbiter::xiangqi::Position;
//!
//! let pos = Position::start();
//! let m = parse_chinese(&pos, "炮二平五").unwrap();
//! assert_eq!(m.to_string(), "h2e2");
//! let pos = pos.play(m).unwrap();
//! let m = parse_chinese(&pos, "馬8進7").unwrap();
//! assert_eq!(write_chinese(&pos, m), "马8进7");
//! ```

use super::description::{read, relative, Description, Direction, Notation, NotationError, Place};
use super::position::{Move, Position};
use super::square::file_number;
use super::square::{Piece, Role};
use crate::Side;

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

fn numeral(color: Side, n: u8) -> char {
    match color {
        Side::First => RED_NUMERALS
            .get((n as usize).wrapping_sub(1))
            .copied()
            .unwrap_or('?'),
        Side::Second => char::from_digit(n as u32, 10).unwrap_or('?'),
    }
}

/// Writes a legal move of `pos` in the full Chinese record.
pub fn write_chinese(pos: &Position, m: Move) -> String {
    let Some(r) = relative(pos, m) else {
        return String::new();
    };
    let name = Piece {
        color: r.color,
        role: r.role,
    }
    .chinese();
    let file = numeral(r.color, file_number(r.color, m.from.file()));
    let mut out = String::new();
    let n = r.tandem.len();
    if n <= 1 {
        out.push(name);
        out.push(file);
    } else {
        if n == 2 {
            out.push(if r.index == 0 { '前' } else { '后' });
        } else {
            out.push(char::from_digit(r.index as u32 + 1, 10).unwrap_or('?'));
        }
        out.push(name);
        if r.multi {
            out.push(file);
        }
    }
    out.push(match r.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    out.push(numeral(r.color, r.number));
    out
}

fn role_of(c: char) -> Option<Role> {
    Some(match c {
        '车' | '車' | '俥' => Role::Chariot,
        '马' | '馬' | '傌' => Role::Horse,
        '炮' | '砲' | '包' => Role::Cannon,
        '相' | '象' => Role::Elephant,
        '仕' | '士' => Role::Advisor,
        '帅' | '将' | '帥' | '將' => Role::General,
        '兵' | '卒' => Role::Soldier,
        _ => return None,
    })
}

fn number_of(c: char) -> Option<u8> {
    if let Some(i) = RED_NUMERALS.iter().position(|x| *x == c) {
        return Some(i as u8 + 1);
    }
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '１'..='９' => Some((c as u32 - '０' as u32) as u8),
        _ => None,
    }
}

fn place_of(c: char) -> Option<Place> {
    match c {
        '前' => Some(Place::Front),
        '中' => Some(Place::Middle),
        '后' | '後' => Some(Place::Rear),
        _ => match number_of(c) {
            Some(n @ 1..=5) => Some(Place::Ordinal(n)),
            _ => None,
        },
    }
}

fn direction_of(c: char) -> Option<Direction> {
    match c {
        '进' | '進' | '上' => Some(Direction::Forward),
        '退' | '下' => Some(Direction::Backward),
        '平' => Some(Direction::Sideways),
        _ => None,
    }
}

/// Reads a move of `pos` in the Chinese record (full, or simplified without direction).
pub fn parse_chinese(pos: &Position, text: &str) -> Result<Move, NotationError> {
    read(pos, text, Notation::Chinese, parse_description(text))
}

fn parse_description(text: &str) -> Option<Description> {
    let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    let first = *chars.first()?;
    let (role, mut file, place, rest) = if let Some(role) = role_of(first) {
        let file = number_of(*chars.get(1)?)?;
        (role, Some(file), None, chars.get(2..)?)
    } else {
        let place = place_of(first)?;
        let role = role_of(*chars.get(1)?)?;
        (role, None, Some(place), chars.get(2..)?)
    };
    let (direction, number) = match rest {
        [n] => (None, number_of(*n)?),
        [a, n] if direction_of(*a).is_some() => (direction_of(*a), number_of(*n)?),
        [f, n] if place.is_some() => {
            file = Some(number_of(*f)?);
            (None, number_of(*n)?)
        }
        [f, a, n] if place.is_some() => {
            file = Some(number_of(*f)?);
            (Some(direction_of(*a)?), number_of(*n)?)
        }
        _ => return None,
    };
    Some(Description {
        role,
        file,
        place,
        direction,
        number,
    })
}
