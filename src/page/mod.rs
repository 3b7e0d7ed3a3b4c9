//! HTML pages shared by the rulebook site ([`crate::book`]) and the HTML failure report
//! ([`crate::report::to_html`]): boards with moves drawn over them, replayed histories in
//! numbered rounds, expectations in plain words, the page frame and its style sheet,
//! escaping.
//!
//! Every page is self-contained: inline CSS and SVG, no external resource.
//!
//! ```
//! use arbiter::page::{escape, expectation_words};
//! use arbiter::Game;
//!
//! assert_eq!(escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
//! let words = expectation_words(&serde_json::json!({"check": true}), Game::Xiangqi);
//! assert_eq!(words, ["The side to move is in check."]);
//! ```

mod board;
mod figure;
mod record;
mod words;

pub use board::{board_svg, legend, ArrowKind, BoardRequest, Route};
pub use figure::{scene_html, touched_squares, Scene};
pub use record::{plies_in_moves, Replay};
pub use words::expectation_words;

/// Escapes text for HTML text and attribute values (`'` too, for single-quoted attributes).
pub fn escape(text: &str) -> String {
    crate::svg::escape_markup(text, Some("&#39;"))
}

/// The style sheet of every page.
pub const CSS: &str = r#"
:root { color-scheme: light; --fg: #1d1b18; --muted: #6b6257; --bg: #fffdf8; --line: #e2d9c6; --accent: #8b5a2b; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 1.2em 1.5em 3em; font: 16px/1.5 "Noto Sans CJK SC", "Noto Sans", system-ui, sans-serif; color: var(--fg); background: var(--bg); }
h1 { font-size: 1.6em; margin: 0.2em 0 0.4em; } h2 { font-size: 1.25em; margin-top: 1.6em; border-bottom: 1px solid var(--line); }
h3 { font-size: 1.05em; margin: 1.2em 0 0.3em; }
a { color: #1e5fa8; } code, .mono { font-family: "Noto Sans Mono", ui-monospace, monospace; font-size: 0.92em; }
.muted { color: var(--muted); } .small { font-size: 0.88em; }
blockquote.seed { margin: 0.6em 0; padding: 0.6em 1em; border-left: 4px solid var(--accent); background: #f7efe0; font-family: "Noto Serif CJK SC", serif; }
.missing-seed { border-left-color: #c81e1e; background: #fbeaea; }
table { border-collapse: collapse; margin: 0.6em 0; } th, td { border: 1px solid var(--line); padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f4ecdc; }
.case, .failure { border: 1px solid var(--line); border-radius: 6px; padding: 0.8em 1em; margin: 1em 0; background: #fff; }
.failure { border-left: 5px solid #c81e1e; } .failure.engine { border-left-color: #d98e04; } .failure.known { border-left-color: #888; }
.boards { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
.boards figure { margin: 0; flex: 1 1 340px; max-width: 470px; } .boards figcaption { font-size: 0.85em; color: var(--muted); max-width: 460px; }
.board svg { max-width: 100%; height: auto; display: block; }
.rounds { font-family: "Noto Sans CJK SC", sans-serif; word-spacing: 0.15em; }
.expect li { margin: 0.15em 0; }
.badge { display: inline-block; padding: 0 0.5em; border-radius: 1em; font-size: 0.82em; border: 1px solid; }
.badge.cases { color: #1a7a2f; } .badge.no-cases { color: #a15c00; } .badge.not-executable { color: #666; }
.badge.failed { color: #c81e1e; } .badge.errored { color: #b36b00; } .badge.passed { color: #1a7a2f; } .badge.skipped { color: #666; }
.legend .key { margin-right: 1.2em; font-size: 0.88em; white-space: nowrap; }
.editions { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 0.6em; }
.editions > div { border: 1px solid var(--line); border-radius: 6px; padding: 0.5em 0.8em; background: #fff; }
.editions .differs { background: #fff7e6; }
pre { white-space: pre-wrap; background: #f6f3ec; padding: 0.5em 0.8em; border-radius: 4px; }
input[type=search] { font-size: 1em; padding: 0.3em 0.6em; width: 100%; max-width: 30em; }
nav.crumbs { font-size: 0.9em; margin-bottom: 0.4em; }
"#;

/// A whole page: the document around `body`, with the style sheet inline.
pub fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{CSS}</style>\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        escape(title)
    )
}
