//! The `clock` query: a game session with a clock. The request carries the time control as
//! data and how the clock is set up ([`ClockRequest`]); the answer is the session's state
//! with the clock's ([`ClockAnswer`]). See `docs/protocol.md` and `docs/clock.md`.

use super::{reported, SessionAnswer};
use crate::clock::{Clock, ClockRules, ClockStart, Control, FlagNotice, Span};
use crate::procedure::{Adjournment, Phase, Session};
use crate::Game;
use crate::Side;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One side's clock at the start, as written (`{used: 1:29:00, moves: 39}`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideStart {
    /// Time used (default 0).
    #[serde(default)]
    pub used: Span,
    /// Moves completed; default: the side's moves in the history.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Moves still due in the current period (period controls); default: the quotas of the
    /// periods passed were met exactly.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quota: Option<u32>,
}

/// How the clock is set up, as a case or a request writes it: sides by name.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockStartText {
    /// Red's clock (xiangqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<SideStart>,
    /// White's clock (draughts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<SideStart>,
    /// Black's clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<SideStart>,
    /// The clock running at the start: a side, or `none`; default the side to move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub running: Option<String>,
    /// Players absent at the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<String>,
    /// The lateness limit, when not the control's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lateness_limit: Option<Span>,
    /// How a fallen flag ends the game: `at-once` (the default) or `reported` (it falls
    /// unnoticed until a `flag` step reports it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flags: Option<String>,
    /// The time each side had left at the end of the previous game of the match, by side
    /// name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carried: Option<BTreeMap<String, Span>>,
}

impl ClockStartText {
    /// The side clocks given, by name.
    pub fn sides(&self) -> [(&'static str, Option<&SideStart>); 3] {
        [
            ("red", self.red.as_ref()),
            ("white", self.white.as_ref()),
            ("black", self.black.as_ref()),
        ]
    }
}

/// The clock of a `clock` request: the control as data, and its set-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockRequest {
    /// The time control.
    pub control: Control,
    /// How the clock is set up.
    pub start: ClockStartText,
}

impl ClockStartText {
    /// The clock set-up under a game, after a history: sides' moves default to their moves
    /// in the history (`history`, first player first), the running clock to the side to
    /// move (`turn`).
    pub fn to_start(
        &self,
        game: Game,
        turn: Side,
        history: [u32; 2],
    ) -> Result<ClockStart, String> {
        let side = |name: &str, what: &str| {
            Side::parse(name, game).map_err(|e| format!("clock{what}: {e}"))
        };
        let mut start = ClockStart {
            moves: history,
            ..ClockStart::default()
        };
        for (name, given) in self.sides() {
            let Some(given) = given else { continue };
            let i = usize::from(side(name, "")? == Side::Second);
            start.used[i] = given.used;
            if let Some(m) = given.moves {
                start.moves[i] = m;
            }
            start.quota[i] = given.quota;
        }
        start.running = match self.running.as_deref() {
            None => Some(turn),
            Some("none") => None,
            Some(name) => Some(side(name, ".running").map_err(|e| format!("{e} (or none)"))?),
        };
        start.absent = self
            .absent
            .iter()
            .map(|name| side(name, ".absent"))
            .collect::<Result<_, _>>()?;
        start.lateness_limit = self.lateness_limit;
        start.flags = match self.flags.as_deref() {
            None | Some("at-once") => FlagNotice::AtOnce,
            Some("reported") => FlagNotice::Reported,
            Some(other) => {
                return Err(format!(
                    "clock.flags: '{other}' (expected `at-once` or `reported`)"
                ))
            }
        };
        if let Some(carried) = &self.carried {
            let mut left = [Span::ZERO; 2];
            for (name, span) in carried {
                left[usize::from(side(name, ".carried")? == Side::Second)] = *span;
            }
            start.carried = Some(left);
        }
        Ok(start)
    }
}

impl ClockRequest {
    /// The reference clock for a session that has played the history: set up as
    /// [`ClockStartText::to_start`] says, under the game's [`ClockRules`].
    pub fn clock_for(&self, session: &Session) -> Result<Clock, String> {
        self.clock_with_rules(session, ClockRules::of(session.ruleset().game))
    }

    /// The same clock under other clock rules (a variant of the reference).
    pub fn clock_with_rules(&self, session: &Session, rules: ClockRules) -> Result<Clock, String> {
        let game = session.ruleset().game;
        let start = self
            .start
            .to_start(game, session.turn(), session.moves_per_side())?;
        Clock::new(self.control.clone(), rules, start).map_err(|e| e.to_string())
    }
}

/// One side's clock in an answer (times in seconds on the wire).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideClock {
    /// Time used.
    pub used: Span,
    /// Time left before the flag (the end of the game, of the period, or of the move with
    /// the extension bank).
    pub remaining: Span,
    /// Moves completed (clock pressed).
    pub moves: u32,
    /// The current period (period controls); `Some(None)` (`null`) under other controls,
    /// `None` when the engine leaves the field out (unknown, see [`reported`]).
    #[serde(
        default,
        deserialize_with = "reported",
        skip_serializing_if = "Option::is_none"
    )]
    pub period: Option<Option<u32>>,
    /// Moves still due in the period (period controls); `None`: left out, as `period`.
    #[serde(
        default,
        deserialize_with = "reported",
        skip_serializing_if = "Option::is_none"
    )]
    pub quota: Option<Option<u32>>,
    /// Extension time left (per-move controls); `None`: left out, as `period`.
    #[serde(
        default,
        deserialize_with = "reported",
        skip_serializing_if = "Option::is_none"
    )]
    pub bank: Option<Option<Span>>,
    /// In time trouble.
    pub time_trouble: bool,
    /// Moves made that do not count towards the quota (invalid forcing moves).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub invalid: u32,
    /// Its flag is down, not yet reported (a clock whose flags are reported).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub flag_down: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A move that does not count towards the quota, in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InvalidMoveReport {
    /// Whose.
    pub side: String,
    /// The side's move number on the board.
    pub number: u32,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// A fallen flag in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagReport {
    /// Whose.
    pub side: String,
    /// The game time it fell.
    pub at: Span,
    /// Why, in words.
    #[serde(default)]
    pub reason: String,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
    /// Who reported it (a side, or `arbiter`), under a clock whose flags are reported:
    /// `Some(None)` (`null`) when nobody did, `None` when the engine leaves the field out
    /// (unknown, see [`reported`]).
    #[serde(
        default,
        deserialize_with = "reported",
        skip_serializing_if = "Option::is_none"
    )]
    pub reported_by: Option<Option<String>>,
    /// The clause that made the report end the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub report_clause: Option<String>,
}

/// A lateness forfeit in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LateReport {
    /// Who forfeits (one side or both).
    pub sides: Vec<String>,
    /// The game time it was decided.
    pub at: Span,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// The clock's state in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockReport {
    /// The game time since the clocks were set up.
    pub now: Span,
    /// Each side's clock, by side name.
    pub sides: BTreeMap<String, SideClock>,
    /// The clocks running (none, one; a broken clock might say both).
    pub running: Vec<String>,
    /// The flag, once a side's time ran out.
    #[serde(default)]
    pub flag: Option<FlagReport>,
    /// The lateness forfeit, once decided.
    #[serde(default)]
    pub late: Option<LateReport>,
    /// The clause deciding time trouble under this control.
    #[serde(default)]
    pub time_trouble_clause: Option<String>,
    /// The moves that did not count towards a quota (invalid forcing moves), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub invalid: Vec<InvalidMoveReport>,
}

impl ClockReport {
    /// The report of a reference [`Clock`].
    pub fn of(clock: &Clock, game: Game) -> ClockReport {
        let sides = Side::BOTH
            .into_iter()
            .map(|s| {
                let r = clock.report(s);
                (
                    s.name(game).to_owned(),
                    SideClock {
                        used: r.used,
                        remaining: r.remaining,
                        moves: r.moves,
                        period: Some(r.period),
                        quota: Some(r.quota),
                        bank: Some(r.bank),
                        time_trouble: r.time_trouble,
                        invalid: r.invalid,
                        flag_down: r.flag_down,
                    },
                )
            })
            .collect();
        ClockReport {
            now: clock.now(),
            sides,
            running: clock
                .running()
                .map(|s| vec![s.name(game).to_owned()])
                .unwrap_or_default(),
            flag: clock.flag().map(|f| FlagReport {
                side: f.side.name(game).to_owned(),
                at: f.at,
                reason: f.reason.clone(),
                clause: Some(f.clause.clone()),
                reported_by: Some(f.reported.as_ref().map(|r| r.0.clone())),
                report_clause: f.reported.as_ref().map(|r| r.1.clone()),
            }),
            late: clock.late_forfeit().map(|l| LateReport {
                sides: l.sides.iter().map(|s| s.name(game).to_owned()).collect(),
                at: l.at,
                clause: Some(l.clause.clone()),
            }),
            time_trouble_clause: clock
                .control()
                .time_trouble
                .as_ref()
                .map(|t| t.clause.clone()),
            invalid: clock
                .invalid_moves()
                .iter()
                .map(|m| InvalidMoveReport {
                    side: m.side.name(game).to_owned(),
                    number: m.number,
                    clause: Some(m.clause.clone()),
                })
                .collect(),
        }
    }
}

/// The answer to a `clock` query: the session's state, and the clock's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockAnswer {
    /// The state of the session (as a `session` answer).
    pub session: SessionAnswer,
    /// The clock.
    pub clock: ClockReport,
    /// The adjournment, once announced (an engine that does not report it leaves the
    /// adjournment expectations skipped).
    pub adjournment: Option<AdjournmentReport>,
}

/// The envelope in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeReport {
    /// The position at adjournment, before the sealed move.
    pub fen: String,
    /// Who sealed.
    pub sealer: String,
    /// The sealed move as written.
    pub sealed: String,
    /// Whether it was played on the board (and so recorded as the sealed move).
    #[serde(default)]
    pub on_board: bool,
    /// Each side's time used at adjournment, by side name.
    pub used: BTreeMap<String, Span>,
    /// Each side's moves completed, by side name.
    pub moves: BTreeMap<String, u32>,
}

/// An objection to the clock setting at resumption, in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectionReport {
    /// Who objected.
    pub by: String,
    /// Whether the clock was corrected.
    pub upheld: bool,
    /// The deciding clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// The adjournment in an answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjournmentReport {
    /// `sealing`, `adjourned` or `resumed`.
    pub phase: String,
    /// The side that seals (the side to move at adjournment).
    pub sealer: String,
    /// The sealed move written so far (while sealing) or in the envelope.
    #[serde(default)]
    pub sealed: Option<String>,
    /// The envelope, once the clocks are stopped.
    #[serde(default)]
    pub envelope: Option<EnvelopeReport>,
    /// Whether the envelope has been opened (resumed).
    #[serde(default)]
    pub opened: bool,
    /// The reply sealed while the sealer is absent, not yet played.
    #[serde(default)]
    pub reply: Option<String>,
    /// The envelope was lost and the game resumed from the agreed position and times.
    #[serde(default)]
    pub lost: bool,
    /// The objections to the clock setting at resumption.
    #[serde(default)]
    pub objections: Vec<ObjectionReport>,
}

impl AdjournmentReport {
    /// The report of a reference [`Adjournment`].
    pub fn of(a: &Adjournment, game: Game) -> AdjournmentReport {
        let name = |s: Side| s.name(game).to_owned();
        let per_side = |v: [Span; 2]| {
            Side::BOTH
                .into_iter()
                .map(|s| (name(s), v[usize::from(s == Side::Second)]))
                .collect::<BTreeMap<_, _>>()
        };
        let (sealer, sealed) = match (&a.phase, &a.envelope) {
            (Phase::Sealing { sealer, sealed, .. }, _) => {
                (*sealer, sealed.as_ref().map(|s| s.text.clone()))
            }
            (_, Some(e)) => (e.sealer, Some(e.sealed.text.clone())),
            (_, None) => (Side::First, None),
        };
        let (opened, reply) = match &a.phase {
            Phase::Resumed { opened, reply, .. } => (*opened, reply.clone()),
            _ => (false, None),
        };
        AdjournmentReport {
            phase: a.phase.slug().to_owned(),
            sealer: name(sealer),
            sealed,
            envelope: a.envelope.as_ref().map(|e| EnvelopeReport {
                fen: e.position.fen(),
                sealer: name(e.sealer),
                sealed: e.sealed.text.clone(),
                on_board: e.sealed.on_board,
                used: per_side(e.used),
                moves: Side::BOTH
                    .into_iter()
                    .map(|s| (name(s), e.moves[usize::from(s == Side::Second)]))
                    .collect(),
            }),
            opened,
            reply,
            lost: a.lost,
            objections: a
                .objections
                .iter()
                .map(|o| ObjectionReport {
                    by: name(o.by),
                    upheld: o.upheld,
                    clause: Some(o.clause.to_owned()),
                })
                .collect(),
        }
    }
}
