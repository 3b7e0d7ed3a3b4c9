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
//! `GameEntry::from_record` (in [`crate::records`], which reads the records) reads a game
//! record (`arbiter play --record`) into a game of the tournament, so `arbiter standings
//! <records…>` uses the same model.
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

pub use competition::{
    Competition, Criterion, Points, RankedBy, Scoring, Threshold, Tiebreak, WithdrawalRule,
};
pub use table::{compute, Colour, Row, Standings, StandingsError, Withdrawn};
pub use tournament::{GameEntry, Kind, Pairing, Penalty, TeamForfeit, Tournament};
