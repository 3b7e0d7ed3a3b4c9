//! A case's position for a page: its history in numbered rounds and its boards (the start,
//! and the position reached with the last move marked and moves drawn over it).

use super::{board_svg, escape, legend, plies_in_moves, ArrowKind, BoardRequest, Replay, Route};
use crate::Ruleset;
use serde_json::Value;
use std::fmt::Write as _;

/// What to show of one position.
#[derive(Debug, Clone, Default)]
pub struct Scene<'a> {
    /// The starting position (FEN); the start position when `None`.
    pub position: Option<&'a str>,
    /// The history.
    pub moves: &'a [String],
    /// How many of the first moves come from a shared history, and its name.
    pub shared: Option<(&'a str, usize)>,
    /// The FEN the report recorded for the position concerned, drawn when the history
    /// cannot be replayed.
    pub fen: Option<&'a str>,
    /// Touched pieces.
    pub touched: Vec<String>,
    /// Moves drawn over the position reached.
    pub arrows: Vec<(ArrowKind, Route)>,
}

/// The squares a case's steps (as written, JSON) touch, in order, for [`Scene::touched`]:
/// each `touch` is a list of squares or one string of them separated by commas.
///
/// ```
/// use arbiter::page::touched_squares;
/// use serde_json::json;
/// let steps = [json!({"touch": ["h2", "h9"]}), json!({"move": "h2e2"}), json!({"touch": "a1, b2"})];
/// assert_eq!(touched_squares(&steps), ["h2", "h9", "a1", "b2"]);
/// ```
pub fn touched_squares<'v>(steps: impl IntoIterator<Item = &'v Value>) -> Vec<String> {
    steps
        .into_iter()
        .filter_map(|s| s.get("touch"))
        .flat_map(|t| match t {
            Value::Array(items) => items
                .iter()
                .filter_map(|i| i.as_str().map(str::to_owned))
                .collect(),
            Value::String(s) => s.split(',').map(|x| x.trim().to_owned()).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// The history and boards of a scene as HTML.
pub fn scene_html(ruleset: &Ruleset, scene: &Scene<'_>) -> String {
    let mut out = String::new();
    let replay = Replay::play(ruleset, scene.position, scene.moves);
    let game = ruleset.game;
    if !scene.moves.is_empty() {
        let _ = write!(
            out,
            r#"<p class="history"><b>History</b> ({})"#,
            escape(&plies_in_moves(scene.moves.len() as u64, game))
        );
        if let Some((name, n)) = scene.shared {
            let _ = write!(
                out,
                r#", of which the shared history <code>{}</code>: {}"#,
                escape(name),
                escape(&plies_in_moves(n as u64, game))
            );
        }
        out.push_str(":<br>");
        match &replay {
            Ok(r) => {
                let _ = write!(
                    out,
                    r#"<span class="rounds">{}</span>"#,
                    escape(&r.rounds())
                );
                if let Some((at, why)) = &r.refused {
                    let _ = write!(
                        out,
                        r#"<br><span class="muted small">The reference refuses move {} ({}): {}</span>"#,
                        at + 1,
                        escape(&r.raw[*at]),
                        escape(why)
                    );
                }
            }
            Err(_) => {
                let _ = write!(
                    out,
                    r#"<span class="rounds">{}</span>"#,
                    escape(&scene.moves.join(" "))
                );
            }
        }
        out.push_str("</p>");
    }
    out.push_str(r#"<div class="boards">"#);
    match &replay {
        Ok(r) => {
            if !r.texts.is_empty() {
                figure(
                    &mut out,
                    ruleset,
                    &BoardRequest {
                        fen: &r.fens[0],
                        ..BoardRequest::default()
                    },
                    "The starting position",
                );
            }
            let caption = if r.texts.is_empty() {
                "The position".to_owned()
            } else {
                format!(
                    "After {} (last move marked)",
                    plies_in_moves(r.texts.len() as u64, game)
                )
            };
            figure(
                &mut out,
                ruleset,
                &BoardRequest {
                    fen: r.reached(),
                    last_move: r.last_move(),
                    touched: scene.touched.clone(),
                    arrows: scene.arrows.clone(),
                },
                &caption,
            );
        }
        Err(e) => match scene.fen {
            Some(fen) => figure(
                &mut out,
                ruleset,
                &BoardRequest {
                    fen,
                    touched: scene.touched.clone(),
                    arrows: scene.arrows.clone(),
                    ..BoardRequest::default()
                },
                "The position concerned",
            ),
            None => {
                let _ = write!(
                    out,
                    r#"<p class="muted">No board: the position cannot be read ({}).</p>"#,
                    escape(e)
                );
            }
        },
    }
    out.push_str("</div>");
    let mut kinds: Vec<ArrowKind> = Vec::new();
    for (k, _) in &scene.arrows {
        if !kinds.contains(k) {
            kinds.push(*k);
        }
    }
    // One expected move is the board's own route (see `board_svg`), not an arrow.
    let single = matches!(scene.arrows.as_slice(), [(ArrowKind::Expected, _)]);
    if single {
        out.push_str(r#"<p class="legend small muted">The expected move is marked on the board; the pieces it takes are crossed out.</p>"#);
    } else if !kinds.is_empty() {
        out.push_str(&legend(&kinds));
    }
    out
}

fn figure(out: &mut String, ruleset: &Ruleset, req: &BoardRequest<'_>, caption: &str) {
    match board_svg(ruleset, req) {
        Ok(svg) => {
            let _ = write!(
                out,
                r#"<figure class="board">{svg}<figcaption>{} · <code>{}</code></figcaption></figure>"#,
                escape(caption),
                escape(req.fen)
            );
        }
        Err(e) => {
            let _ = write!(
                out,
                r#"<p class="muted">No board for <code>{}</code>: {}</p>"#,
                escape(req.fen),
                escape(&e)
            );
        }
    }
}
