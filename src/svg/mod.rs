//! Boards drawn as SVG: the 8×8 draughts board and the xiangqi board, from a position, with
//! a move, a capture path and its captured pieces, or touched pieces marked on them.
//!
//! The drawings are self-contained SVG documents (no script, no external font or image):
//! a browser, an image viewer or an HTML page shows them as they are. Text uses the
//! generic `serif` family, so the Chinese piece names need a font with CJK glyphs where the
//! drawing is shown.
//!
//! ```
//! use arbiter::draughts::{Position, Variant};
//! use arbiter::svg::{draughts_board, Marks, Style};
//!
//! let pos = Position::from_fen("W:W22:B18", Variant::Russian).unwrap();
//! let capture = pos.parse_move("22x15").unwrap();
//! let svg = draughts_board(&pos, &Marks::draughts_move(&capture), &Style::default());
//! assert!(svg.starts_with("<svg"));
//! assert!(svg.contains(r#"class="captured""#));
//! ```

mod draughts;
mod xiangqi;

pub use self::draughts::{draughts_board, draughts_point};
pub use self::xiangqi::{xiangqi_board, xiangqi_point};

use std::fmt::Write;

/// The colour scheme of a drawing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    /// Dark lines and pieces on a light board.
    #[default]
    Light,
    /// Light lines on a dark board, for dark pages.
    Dark,
}

/// How a board is drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    /// The colour scheme.
    pub theme: Theme,
    /// Draughts: the PDN number (1–32) on each dark square.
    pub numbers: bool,
    /// The coordinates around the board: files and ranks for draughts (a–h, 1–8); for
    /// xiangqi the file numbers as the rulebook prints them (red 一…九 from red's right,
    /// below; black 1…9 from black's right, above).
    pub coordinates: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style {
            theme: Theme::Light,
            numbers: true,
            coordinates: true,
        }
    }
}

/// What is marked on a board: a move (its origin, destination and route), the pieces it
/// captures, and touched pieces. Squares are the game's own square type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marks<S> {
    /// The squares the moving piece stands on in turn: origin, every landing square,
    /// destination. Empty: no move marked.
    pub route: Vec<S>,
    /// Pieces the move captures (crossed out).
    pub captured: Vec<S>,
    /// Pieces touched (touch-move), ringed in the order given.
    pub touched: Vec<S>,
}

impl<S> Default for Marks<S> {
    fn default() -> Marks<S> {
        Marks {
            route: Vec::new(),
            captured: Vec::new(),
            touched: Vec::new(),
        }
    }
}

impl Marks<crate::draughts::Square> {
    /// A draughts move: its route (one of its paths) and the pieces it captures.
    pub fn draughts_move(m: &crate::draughts::Move) -> Marks<crate::draughts::Square> {
        Marks {
            route: m.path().to_vec(),
            captured: m.captured().into_iter().collect(),
            touched: Vec::new(),
        }
    }
}

impl Marks<crate::xiangqi::Square> {
    /// A xiangqi move, with the piece it takes in `pos` (if any) marked as captured.
    pub fn xiangqi_move(
        pos: &crate::xiangqi::Position,
        m: crate::xiangqi::Move,
    ) -> Marks<crate::xiangqi::Square> {
        Marks {
            route: vec![m.from, m.to],
            captured: pos.piece_at(m.to).map(|_| m.to).into_iter().collect(),
            touched: Vec::new(),
        }
    }
}

/// The colours of a theme.
struct Palette {
    background: &'static str,
    light_square: &'static str,
    dark_square: &'static str,
    line: &'static str,
    text: &'static str,
    number: &'static str,
    first_fill: &'static str,
    first_stroke: &'static str,
    second_fill: &'static str,
    second_stroke: &'static str,
    route: &'static str,
    captured: &'static str,
    touched: &'static str,
    highlight: &'static str,
}

impl Theme {
    fn palette(self) -> Palette {
        match self {
            Theme::Light => Palette {
                background: "#f4e4bc",
                light_square: "#f0d9b5",
                dark_square: "#8b5a2b",
                line: "#3b2a1a",
                text: "#3b2a1a",
                number: "#f0d9b5",
                first_fill: "#fbf7ee",
                first_stroke: "#3b2a1a",
                second_fill: "#222222",
                second_stroke: "#000000",
                route: "#1e6fd9",
                captured: "#d62828",
                touched: "#2a9d3a",
                highlight: "#f6c343",
            },
            Theme::Dark => Palette {
                background: "#1f1b16",
                light_square: "#4a4036",
                dark_square: "#2a231c",
                line: "#d8c9a8",
                text: "#d8c9a8",
                number: "#8c7d62",
                first_fill: "#f2efe6",
                first_stroke: "#bfb6a0",
                second_fill: "#3a3a3a",
                second_stroke: "#9a9a9a",
                route: "#5aa9ff",
                captured: "#ff6b6b",
                touched: "#5fd36f",
                highlight: "#b8860b",
            },
        }
    }
}

/// Escapes text for an SVG text node or attribute.
fn escape(text: &str) -> String {
    escape_markup(text, None)
}

/// Escapes text for a markup text node or a double-quoted attribute value (SVG, HTML, XML):
/// `&`, `<`, `>` and `"` become entity references, and `'` becomes `apostrophe` when one is
/// given (the markups written disagree on it) or stays as it is.
///
/// ```
/// use arbiter::svg::escape_markup;
/// assert_eq!(escape_markup(r#"<a href="x">Tom & Jerry's</a>"#, None),
///     "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry's&lt;/a&gt;");
/// assert_eq!(escape_markup("Jerry's", Some("&#39;")), "Jerry&#39;s");
/// ```
pub fn escape_markup(text: &str, apostrophe: Option<&str>) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match (c, apostrophe) {
            ('&', _) => out.push_str("&amp;"),
            ('<', _) => out.push_str("&lt;"),
            ('>', _) => out.push_str("&gt;"),
            ('"', _) => out.push_str("&quot;"),
            ('\'', Some(entity)) => out.push_str(entity),
            _ => out.push(c),
        }
    }
    out
}

/// The opening of a drawing: the document element, its title, the arrow head marker.
fn open(out: &mut String, width: u32, height: u32, title: &str, p: &Palette) {
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" role="img" aria-label="{title}">"#,
        title = escape(title)
    );
    let _ = write!(out, "<title>{}</title>", escape(title));
    let _ = write!(
        out,
        r#"<defs><marker id="arrow" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{}"/></marker></defs>"#,
        p.route
    );
    let _ = write!(
        out,
        r#"<rect class="background" width="{width}" height="{height}" fill="{}"/>"#,
        p.background
    );
}

/// The end of a drawing: the marks over the pieces (the route, a cross of half-size
/// `cross_size` on each captured piece, a ring of radius `ring_radius` around each touched
/// one, numbered when several are), each square placed at the point `at` gives.
fn close_with_marks<S: Copy>(
    mut out: String,
    marks: &Marks<S>,
    at: impl Fn(S) -> (f64, f64),
    cross_size: f64,
    ring_radius: f64,
    p: &Palette,
) -> String {
    let points: Vec<(f64, f64)> = marks.route.iter().map(|&s| at(s)).collect();
    route(&mut out, &points, p);
    for &sq in &marks.captured {
        cross(&mut out, at(sq), cross_size, p);
    }
    let numbered = marks.touched.len() > 1;
    for (i, &sq) in marks.touched.iter().enumerate() {
        ring(&mut out, at(sq), ring_radius, numbered.then_some(i + 1), p);
    }
    out.push_str("</svg>\n");
    out
}

/// The route of a move as a line with an arrow head, through the centres given.
fn route(out: &mut String, points: &[(f64, f64)], p: &Palette) {
    if points.len() < 2 {
        return;
    }
    let list: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let _ = write!(
        out,
        r#"<polyline class="route" points="{}" fill="none" stroke="{}" stroke-width="5" stroke-linejoin="round" stroke-linecap="round" opacity="0.85" marker-end="url(#arrow)"/>"#,
        list.join(" "),
        p.route
    );
}

/// A cross over a captured piece centred at (x, y) with half-size `r`.
fn cross(out: &mut String, (x, y): (f64, f64), r: f64, p: &Palette) {
    let _ = write!(
        out,
        r#"<g class="captured" stroke="{c}" stroke-width="5" stroke-linecap="round"><line x1="{}" y1="{}" x2="{}" y2="{}"/><line x1="{}" y1="{}" x2="{}" y2="{}"/></g>"#,
        x - r,
        y - r,
        x + r,
        y + r,
        x - r,
        y + r,
        x + r,
        y - r,
        c = p.captured
    );
}

/// A ring around a touched piece, with its order number when several were touched.
fn ring(out: &mut String, (x, y): (f64, f64), r: f64, order: Option<usize>, p: &Palette) {
    let _ = write!(
        out,
        r#"<g class="touched"><circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{c}" stroke-width="4" stroke-dasharray="6 4"/>"#,
        c = p.touched
    );
    if let Some(n) = order {
        let _ = write!(
            out,
            r##"<circle cx="{}" cy="{}" r="9" fill="{c}"/><text x="{}" y="{}" font-family="sans-serif" font-size="12" font-weight="bold" text-anchor="middle" dominant-baseline="central" fill="#ffffff">{n}</text>"##,
            x + r * 0.7,
            y - r * 0.7,
            x + r * 0.7,
            y - r * 0.7,
            c = p.touched
        );
    }
    out.push_str("</g>");
}

#[cfg(test)]
mod tests;
