//! Cases with `tournament:`: the tournament goes to the engine as one `standings` query,
//! and `standings` (the table, row by row) and `colours` (the games of the pairings) are
//! compared with its answer; `rejected: {stage: setup}` expects the engine to refuse the
//! tournament. See docs/cases.md, "Tournaments".

use super::check::{listed, Checker, Halt};
use super::{Expect, Stage};
use crate::protocol::{
    Answer, ColourAnswer, Colours, GameOfMatch, Query, QueryKind, Reply, StandingRow,
};
use crate::standings::Criterion;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::json;
use std::collections::{BTreeMap, BTreeSet};

/// An expected row of the table: the entry's name and whatever else is given.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowExpect {
    /// The player or team.
    pub name: String,
    /// The place: `1`, `"2-3"` (shared), or `"-"` (results cancelled, not ranked).
    #[serde(
        default,
        deserialize_with = "place_text",
        skip_serializing_if = "Option::is_none"
    )]
    pub place: Option<String>,
    /// The score that ranks first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// Game points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_points: Option<f64>,
    /// Match points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_points: Option<f64>,
    /// Tie-break values by criterion (`sonneborn`, `buchholz`, `game-points`,
    /// `violations`, `penalty`, `place-sum`).
    #[serde(
        default,
        deserialize_with = "tiebreaks",
        skip_serializing_if = "Option::is_none"
    )]
    pub tiebreaks: Option<BTreeMap<String, f64>>,
    /// Counted violations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub violations: Option<u32>,
    /// `+` marks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plus: Option<u32>,
    /// `−` marks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minus: Option<u32>,
    /// Games played at the board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u32>,
    /// `results-stand`, `results-cancelled`, or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn: Option<String>,
}

/// An expected game of the colours: who has red (white) and black; the game of the match
/// may be left out for the first.
pub type ColourExpect = Colours<Option<u32>>;

fn place_text<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum P {
        N(u64),
        S(String),
    }
    Ok(Some(match P::deserialize(d)? {
        P::N(n) => n.to_string(),
        P::S(s) => {
            let ok = s == "-"
                || s.split('-').all(|p| p.parse::<u64>().is_ok()) && s.split('-').count() <= 2;
            if !ok {
                return Err(serde::de::Error::custom(format!(
                    "place '{s}' (expected a number, a shared range like \"2-3\", or \"-\")"
                )));
            }
            s
        }
    }))
}

fn tiebreaks<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BTreeMap<String, f64>>, D::Error> {
    let map = BTreeMap::<String, f64>::deserialize(d)?;
    for k in map.keys() {
        if Criterion::from_name(k).is_none() {
            return Err(serde::de::Error::custom(format!(
                "unknown tie-break '{k}' (expected {})",
                Criterion::ALL.map(Criterion::name).join(", ")
            )));
        }
    }
    Ok(Some(map))
}

impl Checker<'_> {
    pub(super) fn check_standings(&mut self) -> Result<(), Halt> {
        let case = self.case;
        // No position is asked about: reports draw no board for a tournament.
        self.fen = None;
        self.start = None;
        let Some(tournament) = &case.tournament else {
            return Err(Halt::Errored(
                "`standings` and `colours` need the case's `tournament:`".to_owned(),
            ));
        };
        let e = &case.expect;
        let rest = Expect {
            standings: None,
            colours: None,
            rejected: None,
            ..e.clone()
        };
        if !rest.is_empty()
            || case.steps.is_some()
            || case.clock.is_some()
            || case.position.is_some()
            || !case.moves.is_empty()
        {
            return Err(Halt::Errored(
                "a case with `tournament:` has no position, moves, steps or clock, and expects \
                 only standings, colours or rejected"
                    .to_owned(),
            ));
        }
        if let Some(r) = &e.rejected {
            if r.stage != Stage::Setup {
                return Err(Halt::Errored(
                    "a tournament is refused whole: `rejected: {stage: setup}`".to_owned(),
                ));
            }
        }
        if !self.info.answers(QueryKind::Standings) {
            self.skip("the engine does not answer `standings` queries".to_owned());
            return Ok(());
        }
        let reply = self.ask_raw(
            &[],
            Query::Standings {
                tournament: Box::new(tournament.clone()),
            },
        );
        if let (Reply::Rejected { message, .. }, None) = (&reply, &e.rejected) {
            self.fail(
                "standings",
                format!("the engine refused the tournament: {message}"),
                json!("accepted"),
                json!({"rejected": "setup", "message": message}),
            );
            return Ok(());
        }
        match self.settle_reply(reply, "standings")? {
            Some(Answer::Standings(a)) => {
                if let Some(rows) = &e.standings {
                    self.compare_rows(&a.rows, rows);
                }
                if let Some(colours) = &e.colours {
                    self.compare_colours(&a.colours, colours);
                }
            }
            Some(other) => {
                return Err(Halt::Errored(format!(
                    "the engine answered a `standings` query with a `{}` answer",
                    other.kind()
                )))
            }
            None => {}
        }
        Ok(())
    }

    fn compare_rows(&mut self, got: &[StandingRow], want: &[RowExpect]) {
        let mut problems = Vec::new();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        for w in want {
            let Some(g) = got.iter().find(|g| g.name == w.name) else {
                problems.push(format!("no row for '{}'", w.name));
                continue;
            };
            let mut say = |what: &str, want: String, got: String| {
                problems.push(format!("{}: {what} expected {want}, got {got}", w.name));
            };
            if let Some(p) = &w.place {
                let gp = g.place.clone().unwrap_or_else(|| "-".to_owned());
                if *p != gp {
                    say("place", p.clone(), gp);
                }
            }
            for (what, want, got) in [
                ("points", w.points, Some(g.points)),
                ("game_points", w.game_points, Some(g.game_points)),
                ("match_points", w.match_points, g.match_points),
            ] {
                match (want, got) {
                    (Some(x), Some(y)) if close(x, y) => {}
                    (Some(x), y) => say(
                        what,
                        x.to_string(),
                        y.map_or_else(|| "none".to_owned(), |y| y.to_string()),
                    ),
                    (None, _) => {}
                }
            }
            for (k, x) in w.tiebreaks.iter().flatten() {
                match g.tiebreaks.get(k) {
                    Some(y) if close(*x, *y) => {}
                    Some(y) => say(&format!("tie-break {k}"), x.to_string(), y.to_string()),
                    None => say(
                        &format!("tie-break {k}"),
                        x.to_string(),
                        "none (the engine does not break ties by it)".to_owned(),
                    ),
                }
            }
            for (what, want, got) in [
                ("violations", w.violations, g.violations),
                ("plus", w.plus, g.plus),
                ("minus", w.minus, g.minus),
                ("games", w.games, g.games),
            ] {
                if let Some(x) = want {
                    if x != got {
                        say(what, x.to_string(), got.to_string());
                    }
                }
            }
            if let Some(x) = &w.withdrawn {
                let y = g.withdrawn.clone().unwrap_or_else(|| "none".to_owned());
                if *x != y {
                    say("withdrawn", x.clone(), y);
                }
            }
        }
        let names: BTreeSet<&str> = want.iter().map(|w| w.name.as_str()).collect();
        for g in got.iter().filter(|g| !names.contains(g.name.as_str())) {
            problems.push(format!("unexpected row '{}'", g.name));
        }
        if !problems.is_empty() {
            self.fail(
                "standings",
                problems.join("; "),
                serde_json::to_value(want).unwrap_or_default(),
                serde_json::to_value(got).unwrap_or_default(),
            );
        }
    }

    fn compare_colours(&mut self, got: &[ColourAnswer], want: &[ColourExpect]) {
        type Key = (u32, u32, Option<u32>, String, String);
        fn key<G: GameOfMatch>(c: &Colours<G>) -> Key {
            let first = c.first().unwrap_or("").to_owned();
            (c.round, c.game.number(), c.board, first, c.black.clone())
        }
        let got: BTreeSet<Key> = got.iter().map(key).collect();
        let want_set: BTreeSet<Key> = want.iter().map(key).collect();
        if got == want_set {
            return;
        }
        let show = |k: &Key| {
            format!(
                "round {} game {}{}: {} – {}",
                k.0,
                k.1,
                k.2.map(|b| format!(" board {b}")).unwrap_or_default(),
                k.3,
                k.4
            )
        };
        let missing: Vec<String> = want_set.difference(&got).map(show).collect();
        let extra: Vec<String> = got.difference(&want_set).map(show).collect();
        self.fail(
            "colours",
            format!(
                "missing (first player – black): {}; not expected: {}",
                listed(&missing, ", "),
                listed(&extra, ", ")
            ),
            serde_json::to_value(want).unwrap_or_default(),
            json!(got.iter().map(show).collect::<Vec<_>>()),
        );
    }
}
