//! The 8×8 draughts board.

use super::{close_with_marks, open, Marks, Style};
use crate::draughts::{Position, Role, Square};
use crate::Side;
use std::fmt::Write;

/// The side of one square, in SVG units.
const CELL: f64 = 50.0;
/// The margin around the board that holds the coordinates.
const MARGIN: f64 = 24.0;

/// The centre of a square in the drawing's coordinates (white at the bottom, square 1 = b8
/// at the top), for drawing more on a board.
///
/// ```
/// use arbiter::draughts::Square;
/// assert_eq!(arbiter::svg::draughts_point(Square::from_number(29).unwrap()), (49.0, 399.0));
/// ```
pub fn draughts_point(sq: Square) -> (f64, f64) {
    centre(sq)
}

/// The centre of a square (white at the bottom, square 1 = b8 at the top).
fn centre(sq: Square) -> (f64, f64) {
    let x = MARGIN + f64::from(sq.file()) * CELL + CELL / 2.0;
    let y = MARGIN + f64::from(7 - sq.rank()) * CELL + CELL / 2.0;
    (x, y)
}

/// The board of `pos` as an SVG document, with `marks` drawn on it.
///
/// White is at the bottom (squares 21–32), as the rulebooks print diagrams. A man is a
/// disc; a king is a disc with a second ring and a crown mark. The route of a move is an
/// arrow through its landing squares; captured pieces are crossed out; touched pieces are
/// ringed and numbered in the order touched.
///
/// ```
/// use arbiter::draughts::{Position, Variant};
/// use arbiter::svg::{draughts_board, Marks, Style};
///
/// let svg = draughts_board(&Position::start(Variant::Brazilian), &Marks::default(), &Style::default());
/// assert_eq!(svg.matches(r#"class="piece man white""#).count(), 12);
/// assert_eq!(svg.matches(r#"class="piece man black""#).count(), 12);
/// ```
pub fn draughts_board(pos: &Position, marks: &Marks<Square>, style: &Style) -> String {
    let p = style.theme.palette();
    let size = (MARGIN * 2.0 + CELL * 8.0) as u32;
    let mut out = String::with_capacity(16 * 1024);
    open(&mut out, size, size, &pos.to_fen(), &p);

    // The squares: light ones plain, dark ones with their PDN number.
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let x = MARGIN + f64::from(file) * CELL;
            let y = MARGIN + f64::from(7 - rank) * CELL;
            let dark = Square::from_coords(file, rank);
            let highlighted = dark.is_some_and(|sq| {
                marks.route.first() == Some(&sq) || marks.route.last() == Some(&sq)
            });
            let fill = match dark {
                Some(_) if highlighted => p.highlight,
                Some(_) => p.dark_square,
                None => p.light_square,
            };
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"/>"#
            );
            if let (Some(sq), true) = (dark, style.numbers) {
                let _ = write!(
                    out,
                    r#"<text class="number" x="{}" y="{}" font-family="sans-serif" font-size="10" fill="{}">{}</text>"#,
                    x + 3.0,
                    y + 11.0,
                    p.number,
                    sq.number()
                );
            }
        }
    }
    let _ = write!(
        out,
        r#"<rect x="{MARGIN}" y="{MARGIN}" width="{w}" height="{w}" fill="none" stroke="{}" stroke-width="2"/>"#,
        p.line,
        w = CELL * 8.0
    );
    if style.coordinates {
        for i in 0..8u8 {
            let file = (b'a' + i) as char;
            let x = MARGIN + f64::from(i) * CELL + CELL / 2.0;
            let rank_y = MARGIN + f64::from(7 - i) * CELL + CELL / 2.0;
            for y in [MARGIN / 2.0, MARGIN * 1.5 + CELL * 8.0] {
                let _ = write!(
                    out,
                    r#"<text class="coordinate" x="{x}" y="{y}" font-family="sans-serif" font-size="13" text-anchor="middle" dominant-baseline="central" fill="{}">{file}</text>"#,
                    p.text
                );
            }
            for x in [MARGIN / 2.0, MARGIN * 1.5 + CELL * 8.0] {
                let _ = write!(
                    out,
                    r#"<text class="coordinate" x="{x}" y="{rank_y}" font-family="sans-serif" font-size="13" text-anchor="middle" dominant-baseline="central" fill="{}">{}</text>"#,
                    p.text,
                    i + 1
                );
            }
        }
    }

    // The pieces.
    for sq in Square::ALL {
        let Some(piece) = pos.piece_at(sq) else {
            continue;
        };
        let (x, y) = centre(sq);
        let (fill, stroke, colour) = match piece.color {
            Side::First => (p.first_fill, p.first_stroke, "white"),
            Side::Second => (p.second_fill, p.second_stroke, "black"),
        };
        let role = match piece.role {
            Role::Man => "man",
            Role::King => "king",
        };
        let _ = write!(
            out,
            r#"<g class="piece {role} {colour}"><title>{} {role} on {}</title><circle cx="{x}" cy="{y}" r="19" fill="{fill}" stroke="{stroke}" stroke-width="2"/><circle cx="{x}" cy="{y}" r="13" fill="none" stroke="{stroke}" stroke-width="1.2"/>"#,
            colour,
            sq.number()
        );
        if piece.role == Role::King {
            // A crown: three points over a band.
            let _ = write!(
                out,
                r#"<path d="M{},{} l3,-9 l4,6 l4,-8 l4,8 l4,-6 l3,9 z" fill="{stroke}" stroke="none"/>"#,
                x - 11.0,
                y + 5.0
            );
        }
        out.push_str("</g>");
    }

    close_with_marks(out, marks, centre, 12.0, 23.0, &p)
}
