//! Tournament standings from game records, scored as the rulebooks score them.
//!
//! - Points: xiangqi 1/½/0 per game (`xq.scoring.game-points`), draughts 2/1/0
//!   (`d64.scoring.win-two`, `d64.scoring.draw-one`, `d64.scoring.loss-zero`); a game both
//!   sides lost scores 0 for each. Internally every score is counted in *units* (a draw is
//!   one unit for each side in both games), shown as points per game.
//! - Round robin of one game per pairing (`xq.scoring.rr-single-rank`): ranked by points;
//!   first tie-break 小分 (`xq.scoring.rr-single-sonneborn`: the final scores of the
//!   opponents one beat, plus half those of the opponents one drew with — Sonneborn-Berger);
//!   second, fewer violations (`xq.scoring.rr-single-violations`); still tied, the places
//!   are shared (`xq.scoring.rr-single-shared`).
//! - Swiss (`xq.scoring.swiss-individual-rank`): ranked by points; tie-break 对手分 (the
//!   final scores of all opponents met — Buchholz); still tied, shared.
//!
//! Violations are read from the records: each counted xiangqi violation (an illegal move
//! the arbiter took back) and each draughts oral warning.
//!
//! ```
//! use arbiter::standings::{standings, GameScore, System};
//! use arbiter::procedure::Side;
//! use arbiter::Game;
//!
//! let game = |a: &str, b: &str, winner| GameScore::new([a, b], winner, false);
//! // A beats B, B beats C, C beats A; D loses to all: A, B, C tie on 2 points, and 小分
//! // cannot tell them apart either (each beat one 2-point player and D).
//! let games = [
//!     game("A", "B", Some(Side::First)),
//!     game("B", "C", Some(Side::First)),
//!     game("C", "A", Some(Side::First)),
//!     game("A", "D", Some(Side::First)),
//!     game("B", "D", Some(Side::First)),
//!     game("C", "D", Some(Side::First)),
//! ];
//! let table = standings(Game::Xiangqi, &games, System::RoundRobin);
//! assert_eq!(table[0].place, (1, 3));
//! assert_eq!(table[3].name, "D");
//! assert_eq!(table[3].place, (4, 4));
//! ```

use crate::play::{GameResult, ReadRecord};
use crate::procedure::Side;
use crate::Game;
use std::collections::BTreeMap;

/// The tournament system, which decides the tie-breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum System {
    /// Round robin, one game per pairing: 小分 (Sonneborn-Berger), then violations.
    RoundRobin,
    /// Swiss: 对手分 (Buchholz).
    Swiss,
}

/// One game as the standings see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameScore {
    /// The players, first player first.
    pub players: [String; 2],
    /// The winner; `None`: a draw, or both lost.
    pub winner: Option<Side>,
    /// Both sides lost (0 points each).
    pub both_lost: bool,
    /// Counted violations (warnings) of each side in the game.
    pub violations: [u32; 2],
}

impl GameScore {
    /// A game without violations.
    pub fn new(players: [&str; 2], winner: Option<Side>, both_lost: bool) -> GameScore {
        GameScore {
            players: players.map(str::to_owned),
            winner,
            both_lost,
            violations: [0, 0],
        }
    }

    /// The game of a read record: players from the `Red`/`White` and `Black` tags, the
    /// result from the result token, violations from the arbiter's comments.
    pub fn from_record(record: &ReadRecord) -> Result<GameScore, String> {
        let first = record
            .tag("Red")
            .or_else(|| record.tag("White"))
            .ok_or("the record has no Red or White tag")?;
        let second = record.tag("Black").ok_or("the record has no Black tag")?;
        let (winner, both_lost) = GameResult::from_token(&record.result)
            .ok_or_else(|| format!("result '{}' is not a finished game", record.result))?;
        let draughts = record.tag("GameType").is_some();
        let mut violations = [0u32; 2];
        for item in &record.items {
            let crate::play::Item::Comment(c) = item else {
                continue;
            };
            let Some(rest) = c.strip_prefix("[%arbiter ") else {
                continue;
            };
            let words: Vec<&str> = rest.split([' ', ']']).collect();
            let counted = match words.first() {
                Some(&"illegal") => !draughts,
                Some(&"warning") => draughts,
                _ => false,
            };
            if counted {
                let i = usize::from(words.get(1) == Some(&"black"));
                violations[i] += 1;
            }
        }
        Ok(GameScore {
            players: [first.to_owned(), second.to_owned()],
            winner,
            both_lost,
            violations,
        })
    }

    /// The units of each side: 2 a win, 1 a draw, 0 a loss.
    fn units(&self) -> [u32; 2] {
        match (self.winner, self.both_lost) {
            (Some(Side::First), _) => [2, 0],
            (Some(Side::Second), _) => [0, 2],
            (None, true) => [0, 0],
            (None, false) => [1, 1],
        }
    }
}

/// A row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The place, or the shared range of places (first, last).
    pub place: (usize, usize),
    /// The player.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Points, as the game counts them (xiangqi 1/½/0, draughts 2/1/0).
    pub points: f64,
    /// The tie-break score in points: 小分 (round robin) or 对手分 (Swiss).
    pub tiebreak: f64,
    /// Counted violations over the event.
    pub violations: u32,
}

/// The standings of the games: rows in order of place.
pub fn standings(game: Game, games: &[GameScore], system: System) -> Vec<Row> {
    #[derive(Default)]
    struct Tally {
        games: u32,
        units: u32,
        violations: u32,
        /// (opponent, my units in the game)
        met: Vec<(String, u32)>,
    }
    let mut tally: BTreeMap<String, Tally> = BTreeMap::new();
    for g in games {
        let units = g.units();
        for (i, (name, mine)) in g.players.iter().zip(units).enumerate() {
            let t = tally.entry(name.clone()).or_default();
            t.games += 1;
            t.units += mine;
            t.violations += g.violations[i];
            t.met.push((g.players[1 - i].clone(), mine));
        }
    }
    let finals: BTreeMap<String, u32> = tally.iter().map(|(n, t)| (n.clone(), t.units)).collect();
    // Tie-break in half-units: 小分 counts a beaten opponent's score whole (2 × units) and a
    // drawn one's half (1 × units); 对手分 every opponent's score whole.
    let tiebreak = |t: &Tally| -> u32 {
        t.met
            .iter()
            .map(|(o, mine)| {
                let theirs = finals[o];
                match system {
                    System::RoundRobin => match mine {
                        2 => 2 * theirs,
                        1 => theirs,
                        _ => 0,
                    },
                    System::Swiss => 2 * theirs,
                }
            })
            .sum()
    };
    let mut rows: Vec<(String, u32, u32, u32, u32)> = tally
        .iter()
        .map(|(n, t)| (n.clone(), t.units, tiebreak(t), t.violations, t.games))
        .collect();
    // Higher points, higher tie-break, then (round robin) fewer violations; names only
    // order the printing of shared places.
    let key = |r: &(String, u32, u32, u32, u32)| {
        let v = if system == System::RoundRobin { r.3 } else { 0 };
        (std::cmp::Reverse(r.1), std::cmp::Reverse(r.2), v)
    };
    rows.sort_by(|a, b| key(a).cmp(&key(b)).then_with(|| a.0.cmp(&b.0)));
    let scale = if game.is_draughts() { 1.0 } else { 0.5 };
    let mut out = Vec::with_capacity(rows.len());
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        while j + 1 < rows.len() && key(&rows[j + 1]) == key(&rows[i]) {
            j += 1;
        }
        for r in &rows[i..=j] {
            out.push(Row {
                place: (i + 1, j + 1),
                name: r.0.clone(),
                games: r.4,
                points: f64::from(r.1) * scale,
                tiebreak: f64::from(r.2) * scale / 2.0,
                violations: r.3,
            });
        }
        i = j + 1;
    }
    out
}
