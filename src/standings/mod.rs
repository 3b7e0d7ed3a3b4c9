//! Tournament scoring and standings as the rulebooks define them (docs/standings.md).
//!
//! - [`Tournament`] (`tournament.rs`): the input — the kind of competition, players or teams
//!   in board order, games with colours, results, absences and violations, team forfeits,
//!   withdrawals, penalties, pairings to give colours to. Cases carry it as `tournament:`
//!   and the `standings` query of the protocol sends it to the engine.
//! - [`Competition`] (`competition.rs`): per game and kind, what is scored (xiangqi 1/½/0 a
//!   game, match points 1/½/0 for individual matches and 2/1/0 for team matches; draughts
//!   2/1/0), the tie-breaks in order with the clause of each, the withdrawal rule and the
//!   colour rules: typed tables from the seeds, so a kind is data, not a branch.
//! - [`compute`] (`table.rs`): the table — rows with place (shared when every criterion is
//!   equal), points, game and match points, each tie-break's value, violations, `+`/`−`
//!   counts, what a withdrawal did — and the colours of the pairings.
//!
//! [`GameEntry::from_record`] reads a game record (`arbiter play --record`) into a game of
//! the tournament, so `arbiter standings <records…>` uses the same model.
//!
//! ```
//! use arbiter::standings::{compute, Tournament};
//! use arbiter::Game;
//!
//! // A beats B, B beats C, C beats A; D loses to all: A, B, C tie on 2 points, and 小分
//! // cannot tell them apart either (each beat one 2-point player and D).
//! let t: Tournament = serde_yaml::from_str(r#"
//! kind: round-robin
//! players: [A, B, C, D]
//! games:
//!   - {red: A, black: B, result: red}
//!   - {red: B, black: C, result: red}
//!   - {red: C, black: A, result: red}
//!   - {red: A, black: D, result: red}
//!   - {red: B, black: D, result: red}
//!   - {red: C, black: D, result: red}
//! "#).unwrap();
//! let table = compute(Game::Xiangqi, &t).unwrap();
//! assert_eq!(table.rows[0].place, Some((1, 3)));
//! assert_eq!(table.rows[3].name, "D");
//! assert_eq!(table.rows[3].place_text(), "4");
//! ```

mod competition;
mod table;
mod tournament;

pub use competition::{Competition, Criterion, Points, Score, Tiebreak, WithdrawalRule};
pub use table::{compute, Colour, Row, Standings, StandingsError, Withdrawn};
pub use tournament::{GameEntry, Kind, Pairing, Penalty, TeamForfeit, Tournament};

use crate::play::{GameResult, Item, ReadRecord};
use crate::procedure::Side;
use crate::{Game, Ruleset};

impl GameEntry {
    /// The game of a read record, with its game: players from the `Red`/`White` and
    /// `Black` tags, the round from `Round`, the result from the result token, violations
    /// from the arbiter's comments (xiangqi: each illegal move taken back; draughts: each
    /// oral warning).
    ///
    /// ```
    /// use arbiter::play::parse_records;
    /// use arbiter::standings::GameEntry;
    ///
    /// let text = "[Ruleset \"xiangqi@cxa\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n\
    ///             {[%arbiter illegal red e0e2] taken back} 1. h2e2 1/2-1/2\n";
    /// let record = &parse_records(text).unwrap()[0];
    /// let (game, entry) = GameEntry::from_record(record).unwrap();
    /// assert_eq!(game, arbiter::Game::Xiangqi);
    /// assert_eq!(entry.result.as_deref(), Some("draw"));
    /// assert_eq!(entry.violations["red"], 1);
    /// ```
    pub fn from_record(record: &ReadRecord) -> Result<(Game, GameEntry), String> {
        let ruleset: Ruleset = record
            .tag("Ruleset")
            .ok_or("the record has no Ruleset tag")?
            .parse()
            .map_err(|e| format!("tag Ruleset: {e}"))?;
        let game = ruleset.game;
        let first_tag = if game.is_draughts() { "White" } else { "Red" };
        let first = record
            .tag(first_tag)
            .ok_or_else(|| format!("the record has no {first_tag} tag"))?;
        let second = record.tag("Black").ok_or("the record has no Black tag")?;
        let (winner, both_lost) = GameResult::from_token(&record.result)
            .ok_or_else(|| format!("result '{}' is not a finished game", record.result))?;
        let result = match (winner, both_lost) {
            (Some(s), _) => s.name(game).to_owned(),
            (None, true) => "both-lost".to_owned(),
            (None, false) => "draw".to_owned(),
        };
        let mut entry = GameEntry {
            round: record.tag("Round").and_then(|r| r.parse().ok()),
            result: Some(result),
            black: Some(second.to_owned()),
            ..GameEntry::default()
        };
        if game.is_draughts() {
            entry.white = Some(first.to_owned());
        } else {
            entry.red = Some(first.to_owned());
        }
        for item in &record.items {
            let Item::Comment(c) = item else {
                continue;
            };
            let Some(rest) = c.strip_prefix("[%arbiter ") else {
                continue;
            };
            let words: Vec<&str> = rest.split([' ', ']']).collect();
            let counted = match words.first() {
                Some(&"illegal") => !game.is_draughts(),
                Some(&"warning") => game.is_draughts(),
                _ => false,
            };
            if counted {
                let side = if words.get(1) == Some(&"black") {
                    Side::Second
                } else {
                    Side::First
                };
                *entry
                    .violations
                    .entry(side.name(game).to_owned())
                    .or_insert(0) += 1;
            }
        }
        Ok((game, entry))
    }
}
