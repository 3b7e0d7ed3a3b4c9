//! The difference of two move lists, found where the runner compares them: what the HTML,
//! markdown and JUnit views of a failure show without reading a move again.

use crate::rules::MoveInfo;
use crate::Game;
use serde::{Deserialize, Serialize};

/// How the moves an engine listed (or permitted) differ from those a case expects, each move
/// with what it takes to show it. Written in the JSON-lines report under `difference`, by
/// expectation (`legal`, `legal_includes`, `permitted`), for failed move-list expectations
/// only (docs/cli.md, "The JSON-lines report").
///
/// ```
/// use arbiter::case::{ListedMove, MoveDifference};
///
/// let missing = ListedMove { text: "22x15".into(), canonical: Some("22x15".into()), route: vec!["22".into(), "15".into()] };
/// let difference = MoveDifference { only_expected: vec![missing], only_engine: Vec::new() };
/// assert_eq!(
///     serde_json::to_string(&difference).unwrap(),
///     r#"{"only_expected":[{"text":"22x15","canonical":"22x15","route":["22","15"]}],"only_engine":[]}"#
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MoveDifference {
    /// The moves the case expects that the engine left out, in the case's order.
    pub only_expected: Vec<ListedMove>,
    /// The moves the engine gave that the case does not expect, in the order the report lists
    /// the engine's moves (always empty for `legal_includes`, which allows more moves).
    pub only_engine: Vec<ListedMove>,
}

impl MoveDifference {
    /// No move on either side.
    pub fn is_empty(&self) -> bool {
        self.only_expected.is_empty() && self.only_engine.is_empty()
    }
}

/// One move of a [`MoveDifference`].
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct ListedMove {
    /// The move as the case or the engine wrote it.
    pub text: String,
    /// The move in the reference's canonical notation; `None` when the reference reads no
    /// legal move in the text.
    pub canonical: Option<String>,
    /// The squares it passes, from start to end, as the game writes them (`22`, `15`;
    /// `h2`, `e2`): the arrow drawn for it. For a text the reference cannot read, the
    /// squares it names as written (`22-17` is `22`, `17`).
    pub route: Vec<String>,
}

impl ListedMove {
    /// `text` as the reference read it.
    pub fn new(text: &str, read: &MoveInfo) -> ListedMove {
        ListedMove {
            text: text.to_owned(),
            canonical: Some(read.text.clone()),
            route: read.route.clone(),
        }
    }

    /// `text`, which the reference reads as no legal move of `game`, with the squares it
    /// names: draughts squares between `-`, `x` and `:`, or a xiangqi move of four
    /// characters (`h2e2`).
    ///
    /// ```
    /// use arbiter::{case::ListedMove, Game};
    /// assert_eq!(ListedMove::unread("22-17", Game::Russian).route, ["22", "17"]);
    /// assert_eq!(ListedMove::unread("h2e2", Game::Xiangqi).route, ["h2", "e2"]);
    /// assert!(ListedMove::unread("炮二平五", Game::Xiangqi).route.is_empty());
    /// ```
    pub fn unread(text: &str, game: Game) -> ListedMove {
        let t = text.trim();
        let route = if game == Game::Xiangqi {
            match (t.get(..2), t.get(2..)) {
                (Some(from), Some(to)) if t.len() == 4 => vec![from.to_owned(), to.to_owned()],
                _ => Vec::new(),
            }
        } else {
            t.split(['-', 'x', ':'])
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_owned)
                .collect()
        };
        ListedMove {
            text: text.to_owned(),
            canonical: None,
            route,
        }
    }
}
