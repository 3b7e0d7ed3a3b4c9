//! The xiangqi board.

use super::{close_with_marks, open, Marks, Style};
use crate::xiangqi::{Position, Square};
use crate::Side;
use std::fmt::Write;

/// The distance between two neighbouring points, in SVG units.
const STEP: f64 = 50.0;
/// The margin around the outer lines: half a piece, plus room for the file numbers.
const MARGIN: f64 = 62.0;
/// Red's file numbers, from red's right (file i) to red's left (file a): 一 … 九.
const RED_FILES: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// The point of a square in the drawing's coordinates (red at the bottom, file a on the
/// left), for drawing more on a board.
///
/// ```
/// let a0: arbiter::xiangqi::Square = "a0".parse().unwrap();
/// assert_eq!(arbiter::svg::xiangqi_point(a0), (62.0, 512.0));
/// ```
pub fn xiangqi_point(sq: Square) -> (f64, f64) {
    point(sq)
}

/// The point of a square (red at the bottom, file a on the left).
fn point(sq: Square) -> (f64, f64) {
    let x = MARGIN + f64::from(sq.file()) * STEP;
    let y = MARGIN + f64::from(9 - sq.rank()) * STEP;
    (x, y)
}

/// The board of `pos` as an SVG document, with `marks` drawn on it.
///
/// Red is at the bottom, as the rulebook prints diagrams (印刷体棋图规定为：红方棋子在下):
/// nine files and ten ranks of lines, the river (河界) between ranks 4 and 5, the two
/// palaces (九宫) with their diagonals. Pieces carry their Chinese names (red 帅仕相马车炮兵
/// in red, black 将士象马车炮卒 in black). With `style.coordinates` the files are numbered
/// as the rulebook numbers them: 一 to 九 from red's right, below the board, and 1 to 9
/// from black's right, above it.
///
/// ```
/// use arbiter::xiangqi::Position;
/// use arbiter::svg::{xiangqi_board, Marks, Style};
///
/// let svg = xiangqi_board(&Position::start(), &Marks::default(), &Style::default());
/// assert_eq!(svg.matches(r#"class="piece red""#).count(), 16);
/// assert!(svg.contains(">帅<") && svg.contains(">将<"));
/// ```
pub fn xiangqi_board(pos: &Position, marks: &Marks<Square>, style: &Style) -> String {
    let p = style.theme.palette();
    let width = (MARGIN * 2.0 + STEP * 8.0) as u32;
    let height = (MARGIN * 2.0 + STEP * 9.0) as u32;
    let mut out = String::with_capacity(16 * 1024);
    open(&mut out, width, height, &pos.fen(), &p);

    let (left, right) = (MARGIN, MARGIN + STEP * 8.0);
    let (top, bottom) = (MARGIN, MARGIN + STEP * 9.0);
    let y_of = |rank: u8| MARGIN + f64::from(9 - rank) * STEP;
    let x_of = |file: u8| MARGIN + f64::from(file) * STEP;
    let line = |out: &mut String, x1: f64, y1: f64, x2: f64, y2: f64, w: f64| {
        let _ = write!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}" stroke-width="{w}"/>"#,
            p.line
        );
    };
    out.push_str(r#"<g class="grid">"#);
    for rank in 0..10u8 {
        line(&mut out, left, y_of(rank), right, y_of(rank), 1.5);
    }
    for file in 0..9u8 {
        let x = x_of(file);
        if file == 0 || file == 8 {
            line(&mut out, x, top, x, bottom, 1.5);
        } else {
            // The inner files stop at the river.
            line(&mut out, x, y_of(9), x, y_of(5), 1.5);
            line(&mut out, x, y_of(4), x, y_of(0), 1.5);
        }
    }
    // The palaces' diagonals.
    for (low, high) in [(0u8, 2u8), (7, 9)] {
        line(&mut out, x_of(3), y_of(low), x_of(5), y_of(high), 1.5);
        line(&mut out, x_of(5), y_of(low), x_of(3), y_of(high), 1.5);
    }
    // The outer frame.
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="3"/>"#,
        left - 6.0,
        top - 6.0,
        right - left + 12.0,
        bottom - top + 12.0,
        p.line
    );
    out.push_str("</g>");
    // The river's words.
    let river_y = (y_of(4) + y_of(5)) / 2.0;
    for (x, words) in [(x_of(2), "楚 河"), (x_of(6), "汉 界")] {
        let _ = write!(
            out,
            r#"<text class="river" x="{x}" y="{river_y}" font-family="serif" font-size="26" text-anchor="middle" dominant-baseline="central" fill="{}">{words}</text>"#,
            p.text
        );
    }
    if style.coordinates {
        for file in 0..9u8 {
            let x = x_of(file);
            // Red numbers its files from its right (file i) leftwards; black from its own
            // right, which is red's left (file a).
            let red = RED_FILES[usize::from(8 - file)];
            let black = file + 1;
            let _ = write!(
                out,
                r#"<text class="file red" x="{x}" y="{}" font-family="serif" font-size="16" text-anchor="middle" dominant-baseline="central" fill="{}">{red}</text>"#,
                bottom + MARGIN * 0.68,
                p.text
            );
            let _ = write!(
                out,
                r#"<text class="file black" x="{x}" y="{}" font-family="serif" font-size="16" text-anchor="middle" dominant-baseline="central" fill="{}">{black}</text>"#,
                top - MARGIN * 0.68,
                p.text
            );
        }
    }

    // Highlights of the move's two points, under the pieces.
    for sq in [marks.route.first(), marks.route.last()]
        .into_iter()
        .flatten()
    {
        let (x, y) = point(*sq);
        let _ = write!(
            out,
            r#"<circle class="highlight" cx="{x}" cy="{y}" r="23" fill="{}" opacity="0.8"/>"#,
            p.highlight
        );
    }

    // The pieces: a disc with the Chinese name, red or black.
    for sq in Square::all() {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (x, y) = point(sq);
        let (colour, ink) = match piece.color {
            Side::First => ("red", "#c1121f"),
            Side::Second => ("black", "#1a1a1a"),
        };
        let _ = write!(
            out,
            r##"<g class="piece {colour}"><title>{colour} {name} on {sq}</title><circle cx="{x}" cy="{y}" r="21" fill="#f7e7c4" stroke="{ink}" stroke-width="2"/><circle cx="{x}" cy="{y}" r="17" fill="none" stroke="{ink}" stroke-width="1"/><text x="{x}" y="{y}" font-family="serif" font-size="22" text-anchor="middle" dominant-baseline="central" fill="{ink}">{name}</text></g>"##,
            name = piece.chinese()
        );
    }

    close_with_marks(out, marks, point, 13.0, 25.0, &p)
}
