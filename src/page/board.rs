//! Boards for pages: a position drawn as SVG with the move that led to it, touched pieces,
//! and moves drawn over it in kinds that read apart (expected, missing, extra).

use super::escape;
use crate::svg::{draughts_board, draughts_point, xiangqi_board, xiangqi_point, Marks, Style};
use crate::{Game, Ruleset};
use std::fmt::Write as _;

/// How a move drawn over a board is meant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArrowKind {
    /// A move the case expects (drawn solid, blue-green).
    Expected,
    /// A move the case expects that the engine left out (dashed, green).
    Missing,
    /// A move the engine gave that the case does not expect (dotted, red).
    Extra,
}

impl ArrowKind {
    /// The CSS class and the legend word.
    pub fn name(self) -> &'static str {
        match self {
            ArrowKind::Expected => "expected",
            ArrowKind::Missing => "missing",
            ArrowKind::Extra => "extra",
        }
    }

    fn colour(self) -> &'static str {
        match self {
            ArrowKind::Expected => "#0f8a8a",
            ArrowKind::Missing => "#1a9e2f",
            ArrowKind::Extra => "#c81e1e",
        }
    }

    fn dash(self) -> &'static str {
        match self {
            ArrowKind::Expected => "",
            ArrowKind::Missing => r#" stroke-dasharray="12 6""#,
            ArrowKind::Extra => r#" stroke-dasharray="3 6""#,
        }
    }
}

/// Where an arrow goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// A move, as text: read in the position drawn (by the reference), or failing that, its
    /// squares as written.
    Move(String),
    /// The squares the move passes, as the game writes them (`22`, `15`; `h2`, `e2`): drawn
    /// as given, no move is read (the report's move differences).
    Squares(Vec<String>),
}

/// What to draw on one board.
#[derive(Debug, Clone, Default)]
pub struct BoardRequest<'a> {
    /// The position drawn (FEN).
    pub fen: &'a str,
    /// The move that led to it, marked as the board's own route (from the position before
    /// it): `(fen before, move text)`.
    pub last_move: Option<(String, String)>,
    /// Touched pieces, in the order touched (squares as the game writes them).
    pub touched: Vec<String>,
    /// Moves drawn over the board.
    pub arrows: Vec<(ArrowKind, Route)>,
}

/// The SVG of a board, or why it cannot be drawn (a FEN the reference cannot read).
pub fn board_svg(ruleset: &Ruleset, req: &BoardRequest<'_>) -> Result<String, String> {
    let style = Style::default();
    let (svg, points) = match crate::draughts::Variant::from_game(ruleset.game) {
        Some(variant) => {
            use crate::draughts::{Position, Square};
            let pos = Position::from_fen(req.fen, variant).map_err(|e| e.to_string())?;
            let mut marks = Marks::default();
            if let Some((before, text)) = &req.last_move {
                if let Ok(m) = Position::from_fen(before, variant)
                    .map_err(|e| e.to_string())
                    .and_then(|p| p.parse_move(text).map_err(|e| e.to_string()))
                {
                    marks = Marks::draughts_move(&m);
                }
            }
            // One expected move on a board without a last move: drawn as the board's own
            // route, with the pieces it captures crossed out.
            let mut arrows = req.arrows.as_slice();
            if let ([(ArrowKind::Expected, Route::Move(text))], true) =
                (arrows, marks.route.is_empty())
            {
                if let Ok(m) = pos.parse_move(text) {
                    marks = Marks::draughts_move(&m);
                    arrows = &[];
                }
            }
            marks.touched = req
                .touched
                .iter()
                .filter_map(|t| draughts_square(t))
                .collect();
            let points: Vec<(ArrowKind, Vec<(f64, f64)>)> = arrows
                .iter()
                .map(|(kind, route)| {
                    let route = match route {
                        Route::Squares(squares) => {
                            squares.iter().filter_map(|s| draughts_square(s)).collect()
                        }
                        Route::Move(text) => match pos.parse_move(text) {
                            Ok(m) => m.path().to_vec(),
                            Err(_) => text
                                .split(['-', 'x', ':'])
                                .filter_map(draughts_square)
                                .collect::<Vec<Square>>(),
                        },
                    };
                    (*kind, route.into_iter().map(draughts_point).collect())
                })
                .collect();
            (draughts_board(&pos, &marks, &style), points)
        }
        None => {
            use crate::xiangqi::{notation::parse_move, Position, Square};
            let pos = Position::from_fen(req.fen).map_err(|e| e.to_string())?;
            let mut marks = Marks::default();
            if let Some((before, text)) = &req.last_move {
                if let Ok(p) = Position::from_fen(before) {
                    if let Ok(m) = parse_move(&p, text) {
                        marks = Marks::xiangqi_move(&p, m);
                    }
                }
            }
            let mut arrows = req.arrows.as_slice();
            if let ([(ArrowKind::Expected, Route::Move(text))], true) =
                (arrows, marks.route.is_empty())
            {
                if let Ok(m) = parse_move(&pos, text) {
                    marks = Marks::xiangqi_move(&pos, m);
                    arrows = &[];
                }
            }
            marks.touched = req
                .touched
                .iter()
                .filter_map(|t| t.trim().parse::<Square>().ok())
                .collect();
            let points = arrows
                .iter()
                .map(|(kind, route)| {
                    let route: Vec<Square> = match route {
                        Route::Squares(squares) => squares
                            .iter()
                            .filter_map(|s| s.trim().parse().ok())
                            .collect(),
                        Route::Move(text) => match parse_move(&pos, text) {
                            Ok(m) => vec![m.from, m.to],
                            Err(_) => {
                                let t = text.trim();
                                match (t.get(..2), t.get(2..4)) {
                                    (Some(a), Some(b)) if t.len() == 4 => {
                                        [a, b].iter().filter_map(|s| s.parse().ok()).collect()
                                    }
                                    _ => Vec::new(),
                                }
                            }
                        },
                    };
                    (*kind, route.into_iter().map(xiangqi_point).collect())
                })
                .collect();
            (xiangqi_board(&pos, &marks, &style), points)
        }
    };
    Ok(overlay(svg, &points, ruleset.game))
}

/// A draughts square written as a number (1–32) or algebraically (c3).
fn draughts_square(text: &str) -> Option<crate::draughts::Square> {
    let t = text.trim();
    t.parse::<u8>()
        .ok()
        .and_then(crate::draughts::Square::from_number)
        .or_else(|| crate::draughts::Square::from_algebraic(t))
}

/// The board with the arrows drawn over it, before the closing tag.
fn overlay(svg: String, arrows: &[(ArrowKind, Vec<(f64, f64)>)], game: Game) -> String {
    let drawn: Vec<_> = arrows.iter().filter(|(_, p)| p.len() >= 2).collect();
    if drawn.is_empty() {
        return svg;
    }
    let mut extra = String::from(r#"<g class="arrows"><defs>"#);
    for kind in [ArrowKind::Expected, ArrowKind::Missing, ArrowKind::Extra] {
        let _ = write!(
            extra,
            r#"<marker id="head-{n}" viewBox="0 0 10 10" refX="7" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="{c}"/></marker>"#,
            n = kind.name(),
            c = kind.colour()
        );
    }
    extra.push_str("</defs>");
    // Arrows of one kind sharing their ends are shifted apart a little, so that a missing
    // and an extra move between the same points both show.
    let shift = if game == Game::Xiangqi { 4.0 } else { 3.0 };
    for (kind, points) in drawn {
        let d = match kind {
            ArrowKind::Expected => 0.0,
            ArrowKind::Missing => -shift,
            ArrowKind::Extra => shift,
        };
        let list: Vec<String> = points
            .iter()
            .map(|(x, y)| format!("{},{}", x + d, y + d))
            .collect();
        let _ = write!(
            extra,
            r#"<polyline class="arrow {n}" points="{p}" fill="none" stroke="{c}" stroke-width="4"{dash} stroke-linejoin="round" stroke-linecap="round" opacity="0.9" marker-end="url(#head-{n})"/>"#,
            n = kind.name(),
            p = list.join(" "),
            c = kind.colour(),
            dash = kind.dash()
        );
    }
    extra.push_str("</g>");
    match svg.rfind("</svg>") {
        Some(at) => {
            let mut out = svg;
            out.insert_str(at, &extra);
            out
        }
        None => svg,
    }
}

/// The legend of the arrow kinds shown, as HTML.
pub fn legend(kinds: &[ArrowKind]) -> String {
    let mut out = String::from(r#"<p class="legend">"#);
    for kind in kinds {
        let _ = write!(
            out,
            r#"<span class="key {n}"><svg width="34" height="10" aria-hidden="true"><line x1="2" y1="5" x2="32" y2="5" stroke="{c}" stroke-width="4"{dash}/></svg> {label}</span> "#,
            n = kind.name(),
            c = kind.colour(),
            dash = kind.dash(),
            label = escape(match kind {
                ArrowKind::Expected => "expected move",
                ArrowKind::Missing => "missing: the case expects it, the engine left it out",
                ArrowKind::Extra => "extra: the engine gave it, the case does not expect it",
            })
        );
    }
    out.push_str("</p>");
    out
}
