//! Cases with a `clock:` key: the history and the steps go to the engine as one `clock`
//! query (a session with a clock); `expect.clock` is checked against the clock it answers,
//! and the session's expectations (`outcome`, `claim`, `violations`, …) against its session
//! state. See `docs/cases.md`, "Clocks".

use super::check::{listed, Checker, Halt};
use super::sides::Sided;
use crate::clock::{controls, Span};
use crate::protocol::keys::{with_keys, Place};
use crate::protocol::{
    Answer, ClockReport, ClockRequest, ClockStartText, Feature, FlagReport, LateReport, Query,
    QueryKind, SideClock, Step,
};
use serde::de::{self, Deserializer};
use serde::Deserialize;
use serde_json::{json, Value};

/// The case-level `clock:` key: the time control (an id of `spec/controls/`) and how the
/// clock is set up after the history, in one map (`{control: national, red: {used:
/// 1:29:00}}`): `control` beside the keys of [`ClockStartText`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseClock {
    /// The control's id (`national`, `fischer-30m-10s`).
    pub control: String,
    /// The set-up, as a `clock` request sends it.
    pub start: ClockStartText,
}

impl<'de> Deserialize<'de> for CaseClock {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CaseClock, D::Error> {
        let ([control], start) = with_keys(d, "CaseClock", ["control"], Place::Before)?;
        Ok(CaseClock { control, start })
    }
}

/// `expect.clock`: the clock after the steps, each side's clock (`red`, `white`, `black`)
/// beside the keys of [`GameClockExpect`]. Only what is given is compared.
pub type ClockExpect = Sided<SideClockExpect, GameClockExpect>;

/// The keys of `expect.clock` about the game's clock as a whole, beside the sides' clocks.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields, rename = "ClockExpect")]
pub struct GameClockExpect {
    /// The clocks running: a side, `none`, or a list.
    #[serde(default, deserialize_with = "running")]
    pub running: Option<Vec<String>>,
    /// The flag: `none`, or `{side, at, clause}`.
    #[serde(default, deserialize_with = "none_or")]
    pub flag: Option<Option<FlagExpect>>,
    /// The lateness forfeit: `none`, or `{sides, at, clause}`.
    #[serde(default, deserialize_with = "none_or")]
    pub late: Option<Option<LateExpect>>,
    /// The clause deciding time trouble under the control.
    #[serde(default)]
    pub time_trouble_clause: Option<String>,
    /// The game time since the clocks were set up.
    #[serde(default)]
    pub now: Option<Span>,
    /// The flags down and not yet reported: a side, `none`, or a list.
    #[serde(default, deserialize_with = "running")]
    pub down: Option<Vec<String>>,
    /// The moves that did not count towards the quota (invalid forcing moves), in order;
    /// `[]`: none.
    #[serde(default)]
    pub invalid: Option<Vec<InvalidExpect>>,
}

/// An expected invalid move.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvalidExpect {
    /// Whose.
    pub side: String,
    /// The side's move number on the board.
    pub number: u32,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// One side's expected clock; a bare time is its `remaining`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(remote = "Self", default, deny_unknown_fields)]
pub struct SideClockExpect {
    /// Time used.
    pub used: Option<Span>,
    /// Time left before the flag.
    pub remaining: Option<Span>,
    /// Moves completed.
    pub moves: Option<u32>,
    /// The current period.
    pub period: Option<u32>,
    /// Moves still due in the period.
    pub quota: Option<u32>,
    /// Extension time left.
    pub bank: Option<Span>,
    /// In time trouble.
    pub time_trouble: Option<bool>,
    /// Moves made that do not count towards the quota.
    pub invalid: Option<u32>,
}

impl<'de> Deserialize<'de> for SideClockExpect {
    /// A bare time (its `remaining`), or the map the derived reader reads.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SideClockExpect, D::Error> {
        #[derive(Deserialize)]
        #[serde(
            untagged,
            expecting = "a time left (300, 4:59, 5m) or a map of used, remaining, moves, period, \
                         quota, bank, time_trouble, invalid"
        )]
        enum Raw {
            Remaining(Span),
            Full(#[serde(deserialize_with = "SideClockExpect::deserialize")] SideClockExpect),
        }
        Ok(match Raw::deserialize(d)? {
            Raw::Remaining(r) => SideClockExpect {
                remaining: Some(r),
                ..SideClockExpect::default()
            },
            Raw::Full(full) => full,
        })
    }
}

/// The expected flag.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagExpect {
    /// Whose flag.
    pub side: String,
    /// When it fell (game time).
    #[serde(default)]
    pub at: Option<Span>,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
    /// Who reported it (a side, or `arbiter`).
    #[serde(default)]
    pub by: Option<String>,
    /// The clause that made the report end the game.
    #[serde(default)]
    pub report_clause: Option<String>,
}

/// The expected lateness forfeit.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LateExpect {
    /// Who forfeits.
    pub sides: Vec<String>,
    /// When (game time).
    #[serde(default)]
    pub at: Option<Span>,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
}

fn running<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<String>>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged, expecting = "a side, `none`, or a list of sides")]
    enum Raw {
        One(String),
        Many(Vec<String>),
    }
    Ok(Some(match Raw::deserialize(d)? {
        Raw::One(s) if s == "none" => Vec::new(),
        Raw::One(s) => vec![s],
        Raw::Many(mut list) => {
            list.sort();
            list
        }
    }))
}

fn none_or<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    let v = serde_yaml::Value::deserialize(d)?;
    match &v {
        serde_yaml::Value::String(s) if s == "none" => Ok(Some(None)),
        serde_yaml::Value::String(s) => Err(de::Error::custom(format!(
            "'{s}' (expected `none` or a map)"
        ))),
        _ => T::deserialize(v)
            .map(|t| Some(Some(t)))
            .map_err(de::Error::custom),
    }
}

impl Checker<'_> {
    /// Checks a case with a `clock:` key.
    pub(super) fn check_clock(&mut self) -> Result<(), Halt> {
        self.only_session_expectations("a clock")?;
        let Some(setup) = self.case.clock.clone() else {
            return Ok(());
        };
        let game = self.ruleset.game;
        let control = controls()
            .require(game, &setup.control)
            .map_err(|e| Halt::Errored(format!("clock.control: {e}")))?
            .clone();
        if !self.info.answers(QueryKind::Clock) {
            self.skip("the case uses clock: the engine does not answer `clock` queries".to_owned());
            return Ok(());
        }
        let mut needed: Vec<(Feature, String)> = self
            .case
            .steps
            .iter()
            .flatten()
            .filter_map(|s| s.feature().map(|f| (f, step_key(s))))
            .collect();
        if self.case.expect.adjournment.is_some() {
            needed.push((Feature::Adjournment, "expect.adjournment".to_owned()));
        }
        if self.case.expect.correction.is_some() {
            needed.push((Feature::Corrections, "expect.correction".to_owned()));
        }
        if setup.start.flags.as_deref() == Some("reported") {
            needed.push((Feature::FlagReports, "clock.flags: reported".to_owned()));
        }
        if let Some((feature, what)) = needed.into_iter().find(|(f, _)| !self.info.supports(*f)) {
            self.skip(format!(
                "the case uses {what}: the engine does not list the `{feature}` feature"
            ));
            return Ok(());
        }
        let query = Query::Clock {
            clock: Box::new(ClockRequest {
                control,
                start: setup.start,
            }),
            steps: self.case.steps.clone().unwrap_or_default(),
        };
        let reply = self.ask_raw(&self.moves.clone(), query);
        match self.settle_reply(reply, "clock")? {
            Some(Answer::Clock(answer)) => {
                self.compare_session(&answer.session);
                if let Some(want) = &self.case.expect.clock {
                    self.compare_clock(&answer.clock, want);
                }
                if let Some(want) = &self.case.expect.adjournment.clone() {
                    self.compare_adjournment(answer.adjournment.as_ref(), want);
                }
            }
            Some(other) => {
                return Err(Halt::Errored(format!(
                    "the engine answered a `clock` query with a `{}` answer",
                    other.kind()
                )))
            }
            None => {}
        }
        Ok(())
    }

    fn compare_clock(&mut self, got: &ClockReport, expect: &ClockExpect) {
        let mut problems = self.compare_sides(
            &expect.sides,
            &got.sides,
            "clock",
            |me, name, side, have, problems| {
                for field in side_problems(name, side, have, problems) {
                    me.skip(format!(
                        "the engine does not report {name}'s clock `{field}`"
                    ));
                }
            },
        );
        let want = &expect.own;
        if let Some(running) = &want.running {
            sides_problem("running", running, got.running.clone(), &mut problems);
        }
        self.compare_event(
            &want.flag,
            got.flag.as_ref(),
            |f| format!("{}'s flag fell at {} ({})", f.side, f.at, f.reason),
            |w| format!("no flag, expected {}'s", w.side),
            Self::compare_flag,
            &mut problems,
        );
        self.compare_event(
            &want.late,
            got.late.as_ref(),
            |l| {
                format!(
                    "{} forfeited for lateness at {}",
                    l.sides.join(" and "),
                    l.at
                )
            },
            |w| format!("no lateness forfeit, expected {}'s", w.sides.join(" and ")),
            Self::compare_late,
            &mut problems,
        );
        if let Some(c) = &want.time_trouble_clause {
            self.clause_problem(
                "time trouble",
                Some(c),
                got.time_trouble_clause.as_deref(),
                &mut problems,
            );
        }
        if let Some(now) = want.now {
            if now != got.now {
                problems.push(format!("the game time is {}, expected {now}", got.now));
            }
        }
        if let Some(down) = &want.down {
            let have = got
                .sides
                .iter()
                .filter(|(_, c)| c.flag_down)
                .map(|(n, _)| n.clone())
                .collect();
            sides_problem("flags down", down, have, &mut problems);
        }
        if let Some(want) = &want.invalid {
            let say = |side: &str, n: u32| format!("{side}'s move {n}");
            let have: Vec<String> = got.invalid.iter().map(|m| say(&m.side, m.number)).collect();
            let wanted: Vec<String> = want.iter().map(|m| say(&m.side, m.number)).collect();
            if have != wanted {
                problems.push(format!(
                    "invalid moves: {}, expected {}",
                    listed(&have, ", "),
                    listed(&wanted, ", ")
                ));
            } else {
                for (w, g) in want.iter().zip(&got.invalid) {
                    self.clause_problem(
                        &format!("invalid {}", say(&w.side, w.number)),
                        w.clause.as_deref(),
                        g.clause.as_deref(),
                        &mut problems,
                    );
                }
            }
        }
        if !problems.is_empty() {
            let expected = expected_json(expect);
            self.fail(
                "clock",
                problems.join("; "),
                expected,
                serde_json::to_value(got).unwrap_or(Value::Null),
            );
        }
    }

    /// An event the case expects (`want`: not given, `none`, or one that `W` describes)
    /// against the one the engine reports: one reported but expected `none` is a problem
    /// (`happened` says it), one expected but not reported too (`missing` says it), and
    /// `compare` notes how one reported differs from the one expected.
    fn compare_event<W, G>(
        &mut self,
        want: &Option<Option<W>>,
        got: Option<&G>,
        happened: impl FnOnce(&G) -> String,
        missing: impl FnOnce(&W) -> String,
        compare: impl FnOnce(&mut Self, &W, &G, &mut Vec<String>),
        problems: &mut Vec<String>,
    ) {
        match (want, got) {
            (None, _) | (Some(None), None) => {}
            (Some(None), Some(g)) => problems.push(happened(g)),
            (Some(Some(w)), None) => problems.push(missing(w)),
            (Some(Some(w)), Some(g)) => compare(self, w, g, problems),
        }
    }

    /// How the flag that fell differs from the one expected.
    fn compare_flag(&mut self, w: &FlagExpect, f: &FlagReport, problems: &mut Vec<String>) {
        if w.side != f.side {
            problems.push(format!("{}'s flag fell, expected {}'s", f.side, w.side));
        }
        at_problem("flag fell", w.at, f.at, problems);
        self.clause_problem("flag", w.clause.as_deref(), f.clause.as_deref(), problems);
        if let Some(by) = &w.by {
            match &f.reported_by {
                Some(Some(have)) if have == by => {}
                Some(Some(have)) => {
                    problems.push(format!("the flag reported by {have}, expected by {by}"))
                }
                Some(None) => problems.push(format!(
                    "the flag was not reported, expected reported by {by}"
                )),
                None => self.skip("the engine does not report the flag's `reported_by`".to_owned()),
            }
        }
        self.clause_problem(
            "flag report",
            w.report_clause.as_deref(),
            f.report_clause.as_deref(),
            problems,
        );
    }

    /// How the lateness forfeit decided differs from the one expected.
    fn compare_late(&mut self, w: &LateExpect, l: &LateReport, problems: &mut Vec<String>) {
        let (mut a, mut b) = (w.sides.clone(), l.sides.clone());
        a.sort();
        b.sort();
        if a != b {
            problems.push(format!(
                "{} forfeited for lateness, expected {}",
                b.join(" and "),
                a.join(" and ")
            ));
        }
        at_problem("lateness forfeit", w.at, l.at, problems);
        self.clause_problem(
            "lateness forfeit",
            w.clause.as_deref(),
            l.clause.as_deref(),
            problems,
        );
    }

    /// A clause the engine names, compared with the expected one; an engine that names none
    /// leaves it unchecked (skipped), never passed.
    fn clause_problem(
        &mut self,
        what: &str,
        want: Option<&str>,
        got: Option<&str>,
        problems: &mut Vec<String>,
    ) {
        match (want, got) {
            (None, _) => {}
            (Some(w), Some(g)) if w == g => {}
            (Some(w), Some(g)) => problems.push(format!("{what} decided by {g}, expected {w}")),
            (Some(_), None) => self.skip(format!(
                "the engine does not report the clause deciding the {what}"
            )),
        }
    }
}

/// The moment `what` happened, compared with the expected one when the case gives it.
fn at_problem(what: &str, want: Option<Span>, got: Span, problems: &mut Vec<String>) {
    if let Some(at) = want {
        if at != got {
            problems.push(format!("the {what} at {got}, expected {at}"));
        }
    }
}

/// The sides the engine names for `what`, sorted, compared with the expected ones as the
/// case lists them.
fn sides_problem(what: &str, want: &[String], mut got: Vec<String>, problems: &mut Vec<String>) {
    got.sort();
    if want != got {
        problems.push(format!(
            "{what}: {}, expected {}",
            listed(&got, " and "),
            listed(want, " and ")
        ));
    }
}

/// What is wrong with side `name`'s clock; returns the fields the expectation needs that the
/// engine left out (unknown, not compared).
fn side_problems(
    name: &str,
    want: &SideClockExpect,
    have: &SideClock,
    out: &mut Vec<String>,
) -> Vec<&'static str> {
    let mut unreported = Vec::new();
    let span = |what: &str, w: Option<Span>, h: Span, out: &mut Vec<String>| {
        if let Some(w) = w {
            if w != h {
                out.push(format!("{name} {what} {h}, expected {w}"));
            }
        }
    };
    span("used", want.used, have.used, out);
    span("remaining", want.remaining, have.remaining, out);
    let opt = |what: &str, w: Option<u32>, h: Option<u32>, out: &mut Vec<String>| {
        if let Some(w) = w {
            if Some(w) != h {
                let h = h.map_or("none".to_owned(), |h| h.to_string());
                out.push(format!("{name} {what} {h}, expected {w}"));
            }
        }
    };
    opt("moves", want.moves, Some(have.moves), out);
    opt("invalid", want.invalid, Some(have.invalid), out);
    for (what, w, h) in [
        ("period", want.period, have.period),
        ("quota", want.quota, have.quota),
    ] {
        match h {
            Some(h) => opt(what, w, h, out),
            None if w.is_some() => unreported.push(what),
            None => {}
        }
    }
    if let Some(w) = want.bank {
        match have.bank {
            None => unreported.push("bank"),
            Some(h) if h != Some(w) => {
                let h = h.map_or("none".to_owned(), |b| b.to_string());
                out.push(format!("{name} bank {h}, expected {w}"));
            }
            Some(_) => {}
        }
    }
    if let Some(w) = want.time_trouble {
        if w != have.time_trouble {
            out.push(format!(
                "{name} is {}in time trouble, expected {}",
                if have.time_trouble { "" } else { "not " },
                if w { "in it" } else { "not" }
            ));
        }
    }
    unreported
}

fn expected_json(expect: &ClockExpect) -> Value {
    let side = |s: &Option<SideClockExpect>| {
        s.as_ref().map(|s| {
            json!({"used": s.used, "remaining": s.remaining, "moves": s.moves,
                "period": s.period, "quota": s.quota, "bank": s.bank,
                "time_trouble": s.time_trouble, "invalid": s.invalid})
        })
    };
    let want = &expect.own;
    json!({
        "red": side(&expect.sides.red),
        "white": side(&expect.sides.white),
        "black": side(&expect.sides.black),
        "running": want.running,
        "flag": match &want.flag {
            None => Value::Null,
            Some(None) => json!("none"),
            Some(Some(f)) => json!({"side": f.side, "at": f.at, "clause": f.clause,
                "by": f.by, "report_clause": f.report_clause}),
        },
        "late": match &want.late {
            None => Value::Null,
            Some(None) => json!("none"),
            Some(Some(l)) => json!({"sides": l.sides, "at": l.at, "clause": l.clause}),
        },
        "time_trouble_clause": want.time_trouble_clause,
        "now": want.now,
        "down": want.down,
        "invalid": want.invalid.as_ref().map(|l| l.iter().map(|m| json!({
            "side": m.side, "number": m.number, "clause": m.clause})).collect::<Vec<_>>()),
    })
}

/// What a case wrote for a step that needs a feature (`the step `seal``, `a move with
/// `forcing``), for skip messages.
fn step_key(step: &Step) -> String {
    match step {
        Step::Timed { time, .. } if time.forcing.is_some() => "a move with `forcing`".to_owned(),
        step => format!("the step `{}`", step.key().name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A skipped clock case names the step that needs the missing feature as the case
    /// wrote it (the keys are the protocol's, one list for every step).
    #[test]
    fn a_step_needing_a_feature_is_named_by_its_key() {
        let key = |s: &str| step_key(&serde_yaml::from_str::<Step>(s).unwrap());
        assert_eq!(key("{seal: h2e2, before_end: 600}"), "the step `seal`");
        assert_eq!(key("{adjourn: true}"), "the step `adjourn`");
        assert_eq!(key("{flag: black, by: white}"), "the step `flag`");
        assert_eq!(
            key("{correct_error: {error: wrong-initial-setup}}"),
            "the step `correct_error`"
        );
        assert_eq!(key("{seal_reply: h9g7, took: 5}"), "the step `seal_reply`");
        assert_eq!(
            key("{move: a8a9, took: 60, forcing: true}"),
            "a move with `forcing`"
        );
    }

    #[test]
    fn a_side_clock_is_a_bare_time_or_a_map() {
        let read = |s: &str| serde_yaml::from_str::<SideClockExpect>(s).map_err(|e| e.to_string());
        let span = |s: &str| s.parse::<Span>().ok();
        assert_eq!(read("4:59").unwrap().remaining, span("4:59"));
        let full = read("{used: 1:00, moves: 3}").unwrap();
        assert_eq!(
            (full.used, full.moves, full.remaining),
            (span("1:00"), Some(3), None)
        );
        for bad in ["{usd: 3}", "{used: x}", "[x]"] {
            let err = read(bad).unwrap_err();
            assert!(
                err.starts_with("a time left (300, 4:59, 5m) or a map of used,"),
                "{bad}: {err}"
            );
        }
    }
}
