//! The `standings` query's answer: the table of a tournament and the colours of its
//! pairings, as an engine writes them (docs/protocol.md, "The `standings` query").

use crate::standings::{Row, Standings};
use crate::Game;
use crate::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The answer to [`Query::Standings`](super::Query::Standings).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingsAnswer {
    /// The rows, in order of place (entries whose results are cancelled last).
    pub rows: Vec<StandingRow>,
    /// Team total: the individual competition's rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub individual: Option<Vec<StandingRow>>,
    /// The colours of the tournament's pairings.
    #[serde(default)]
    pub colours: Vec<ColourAnswer>,
}

/// One row of a table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StandingRow {
    /// `1`, `2-3` (shared), or null: results cancelled, not ranked.
    pub place: Option<String>,
    /// The player or team.
    pub name: String,
    /// Games played at the board.
    pub games: u32,
    /// The score that ranks first (game points, or match points in events of matches).
    pub points: f64,
    /// Game points.
    pub game_points: f64,
    /// Match points, in events of matches.
    #[serde(default)]
    pub match_points: Option<f64>,
    /// Each tie-break's value, by criterion slug (`sonneborn`, `buchholz`, `game-points`,
    /// `violations`, `penalty`, `place-sum`).
    #[serde(default)]
    pub tiebreaks: BTreeMap<String, f64>,
    /// Counted violations.
    pub violations: u32,
    /// Wins by the opponent's absence (`+`).
    pub plus: u32,
    /// Losses by one's own absence (`−`).
    pub minus: u32,
    /// `results-stand` or `results-cancelled` for an entry that withdrew.
    #[serde(default)]
    pub withdrawn: Option<String>,
}

/// The colours of one game of a pairing: who has red (white) and black. `G` is the game of
/// the match (2: the second game of a two-game match): a number in an answer
/// ([`ColourAnswer`]); in a case's expectation, which may leave it out for the first game,
/// an `Option<u32>`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Colours<G> {
    /// The round.
    pub round: u32,
    /// The game of the match.
    #[serde(
        skip_serializing_if = "GameOfMatch::unsaid",
        bound(serialize = "G: Serialize + GameOfMatch")
    )]
    pub game: G,
    /// The board, in team events.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The player with red (xiangqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<String>,
    /// The player with white (draughts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// The player with black.
    pub black: String,
}

/// The colours of one game of a pairing, in an answer.
pub type ColourAnswer = Colours<u32>;

/// The game of a match in [`Colours`]: a number, or (`Option<u32>`) one that may be left
/// out for the first game.
pub trait GameOfMatch {
    /// The game's number (1 when left out).
    fn number(&self) -> u32;
    /// Whether it is left out.
    fn unsaid(&self) -> bool;
}

impl GameOfMatch for u32 {
    fn number(&self) -> u32 {
        *self
    }
    fn unsaid(&self) -> bool {
        false
    }
}

impl GameOfMatch for Option<u32> {
    fn number(&self) -> u32 {
        self.unwrap_or(1)
    }
    fn unsaid(&self) -> bool {
        self.is_none()
    }
}

impl<G: GameOfMatch> Colours<G> {
    /// The player who moves first (red or white).
    pub fn first(&self) -> Option<&str> {
        self.red.as_deref().or(self.white.as_deref())
    }
}

impl StandingRow {
    /// A row of a computed table.
    pub fn of(r: &Row) -> StandingRow {
        StandingRow {
            place: r.place.map(|_| r.place_text()),
            name: r.name.clone(),
            games: r.games,
            points: r.points,
            game_points: r.game_points,
            match_points: r.match_points,
            tiebreaks: r
                .tiebreaks
                .iter()
                .map(|(c, v)| (c.name().to_owned(), *v))
                .collect(),
            violations: r.violations,
            plus: r.plus,
            minus: r.minus,
            withdrawn: r.withdrawn.map(|w| w.name().to_owned()),
        }
    }
}

impl StandingsAnswer {
    /// The answer for a computed table under `game` (colours named by the game's sides).
    ///
    /// ```
    /// use arbiter::protocol::StandingsAnswer;
    /// use arbiter::standings::{compute, Tournament};
    /// use arbiter::Game;
    ///
    /// let t: Tournament = serde_yaml::from_str(
    ///     "{players: [A, B], games: [{red: A, black: B, result: black}]}").unwrap();
    /// let answer = StandingsAnswer::of(&compute(Game::Xiangqi, &t).unwrap(), Game::Xiangqi);
    /// assert_eq!(answer.rows[0].name, "B");
    /// assert_eq!(answer.rows[0].place.as_deref(), Some("1"));
    /// ```
    pub fn of(table: &Standings, game: Game) -> StandingsAnswer {
        StandingsAnswer {
            rows: table.rows.iter().map(StandingRow::of).collect(),
            individual: table
                .individual
                .as_ref()
                .map(|rows| rows.iter().map(StandingRow::of).collect()),
            colours: table
                .colours
                .iter()
                .map(|c| {
                    let first = Some(c.first.clone());
                    let xiangqi = Side::First.name(game) == "red";
                    ColourAnswer {
                        round: c.round,
                        game: c.game,
                        board: c.board,
                        red: if xiangqi { first.clone() } else { None },
                        white: if xiangqi { None } else { first },
                        black: c.second.clone(),
                    }
                })
                .collect(),
        }
    }
}
