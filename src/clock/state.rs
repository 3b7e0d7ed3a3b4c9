//! [`Clock`]: a game clock driven by events — time passing, moves made, the clock pressed
//! or not, the arbiter stopping and starting it, penalties, arrivals of late players, a
//! faulty clock replaced, times rescaled after an error — under a [`Control`] and the game's
//! [`ClockRules`]. It reports each side's time, period and quota, time trouble, the flag and
//! lateness forfeits, each with the clause that decided it.
//!
//! Time is kept in milliseconds. A side's time runs out when its clock would run past the
//! limit: a move completed (clock pressed) with exactly no time left is in time, and the flag
//! falls at the first moment after. Under a period control the flag falls at the end of a
//! period only if the quota is not met then; with the quota met the next period begins.

use super::control::{Control, Timing};
use super::forcing::ForcingRun;
use super::rules::ClockRules;
use super::Span;
use crate::Game;
use crate::Side;
use serde_json::{json, Value};

mod corrections;
mod flags;
mod lateness;
mod periods;
mod presses;

/// One side's dial.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Dial {
    /// Time used this game, as the clock counts it.
    used: Span,
    /// Moves made on the board.
    made: u32,
    /// Moves completed with the clock pressed: the ones that count towards quotas.
    counted: u32,
    /// Moves made that are invalid (repeated forcing moves beyond the valid ones): they
    /// never count towards a quota.
    invalid: u32,
    /// A move was made and the clock not yet pressed.
    unpressed: bool,
    /// Periods: the index of the current period (the last, when it repeats).
    period: usize,
    /// Periods: the 1-based number of the current period.
    period_number: u32,
    /// Periods: the used time at which the current period ends.
    period_end: Span,
    /// Periods: the moves (counted) due by the end of the current period; `None`: the rest
    /// of the game, no quota.
    target: Option<u32>,
    /// Fischer: the increments earned.
    bonus: Span,
    /// Per move: the time on the move being thought about.
    move_used: Span,
    /// Per move: the extension time spent by earlier moves.
    bank_used: Span,
}

/// The flag of a side whose time ran out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    /// Whose.
    pub side: Side,
    /// The game time when the time ran out (since the clocks were set up).
    pub at: Span,
    /// The side's time used then.
    pub used: Span,
    /// The period it ran out in (period controls).
    pub period: Option<u32>,
    /// The moves the side had completed.
    pub moves: u32,
    /// The moves due by then (period controls).
    pub due: Option<u32>,
    /// Why, in words.
    pub reason: String,
    /// The deciding clause.
    pub clause: String,
    /// Under a clock whose flags fall unnoticed: who reported it (a side's name, or
    /// `arbiter`) and the clause that made the report end the game.
    pub reported: Option<(String, String)>,
}

/// How a fallen flag comes to end the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FlagNotice {
    /// The flag is noticed as it falls and ends the game at once (an electronic clock, an
    /// arbiter watching).
    #[default]
    AtOnce,
    /// The flag falls unnoticed and ends the game only when it is reported to the arbiter,
    /// or he establishes it himself ([`Clock::report_flag`]); meanwhile the game goes on and a
    /// resignation or an agreed draw stands (chess laws art. 12.7).
    Reported,
}

/// What the arbiter finds when a flag is reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlagFinding {
    /// The side's flag is down and the other's is not: it loses on time.
    Lost(Side),
    /// The side's flag is not down: the game goes on.
    NotDown(Side),
    /// Both flags are down and which fell first cannot be established: the game goes on
    /// (art. 12.8); `next_control`: the next move of each side is the first of its next
    /// period.
    BothDown {
        /// Whether both sides were moved into their next period.
        next_control: bool,
    },
}

/// A move that does not count towards the quota: a repeated forcing move beyond the valid
/// ones (xiangqi 第四章 第二节 一 (五)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvalidMove {
    /// Whose.
    pub side: Side,
    /// The side's move number on the board (1 = its first move of the game).
    pub number: u32,
    /// The deciding clause.
    pub clause: String,
}

/// A loss for lateness.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LateForfeit {
    /// Who did not arrive in time (one side, or both).
    pub sides: Vec<Side>,
    /// The game time it was decided (the lateness limit).
    pub at: Span,
    /// The deciding clause.
    pub clause: String,
}

/// Something the clock did, with the clause that decided it: the lines `arbiter clock`
/// prints between moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The game time.
    pub at: Span,
    /// The side concerned, if one.
    pub side: Option<Side>,
    /// What happened.
    pub text: String,
    /// The deciding clause.
    pub clause: String,
}

/// One side's time as reported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideReport {
    /// Time used this game.
    pub used: Span,
    /// Time left before the flag: to the end of the game (sudden death, Fischer), of the
    /// period (period controls), or of the move with the extension bank (per move).
    pub remaining: Span,
    /// Moves completed (clock pressed).
    pub moves: u32,
    /// The current period, 1-based (period controls).
    pub period: Option<u32>,
    /// Moves still to make in the current period (period controls with a quota).
    pub quota: Option<u32>,
    /// Extension time left (per-move controls).
    pub bank: Option<Span>,
    /// Whether the side is in time trouble (`false` when the control does not say).
    pub time_trouble: bool,
    /// Moves made that do not count towards the quota (invalid forcing moves).
    pub invalid: u32,
    /// Whether its flag is down, unnoticed (a clock whose flags are reported).
    pub flag_down: bool,
}

/// How the clock is set up: each side's time used and moves, which clock runs, who is
/// absent, the lateness limit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ClockStart {
    /// Time used and moves completed per side (first player first).
    pub used: [Span; 2],
    /// Moves completed per side.
    pub moves: [u32; 2],
    /// Moves still due in the current period, when not the default (the quotas of earlier
    /// periods met exactly).
    pub quota: [Option<u32>; 2],
    /// The clock running; `None`: stopped.
    pub running: Option<Side>,
    /// Players not present at the start.
    pub absent: Vec<Side>,
    /// The lateness limit; the control's when `None`.
    pub lateness_limit: Option<Span>,
    /// How a fallen flag comes to end the game.
    pub flags: FlagNotice,
    /// The time each side had left at the end of the previous game of a match (first
    /// player first): carried into this game or not, as the game's rules say.
    pub carried: Option<[Span; 2]>,
}

/// A clock set up wrongly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ClockError(pub String);

/// The result of rescaling after an error (第四章 第二节 一 (四), chess laws art. 12.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rescaling {
    /// Whether the times were changed.
    pub applied: bool,
    /// The times used before and after, per side.
    pub before: [Span; 2],
    /// After.
    pub after: [Span; 2],
    /// The deciding clause.
    pub clause: String,
}

/// A game clock. See the [module documentation](self).
///
/// ```
/// use arbiter::clock::{controls, Clock, ClockRules, ClockStart, Span};
/// use arbiter::Side;
/// use arbiter::Game;
///
/// let control = controls().get(Game::Xiangqi, "national").unwrap().clone();
/// let start = ClockStart { running: Some(Side::First), ..ClockStart::default() };
/// let mut clock = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap();
/// // Red makes 41 moves in 80 minutes, black answers at once.
/// for _ in 0..41 {
///     clock.elapse(Span::from_secs(117)).unwrap();
///     clock.move_made(Side::First);
///     clock.press(Side::First);
///     clock.move_made(Side::Second);
///     clock.press(Side::Second);
/// }
/// let red = clock.report(Side::First);
/// assert_eq!((red.period, red.quota), (Some(1), Some(0)));
/// // Past 90 minutes red is in period 2, and the extra move of period 1 counts there.
/// clock.elapse(Span::from_minutes(11)).unwrap();
/// let red = clock.report(Side::First);
/// assert_eq!((red.period, red.quota), (Some(2), Some(19)));
/// assert!(clock.flag().is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: Control,
    rules: ClockRules,
    /// Game time since the clocks were set up (the scheduled start).
    wall: Span,
    running: Option<Side>,
    dials: [Dial; 2],
    flag: Option<Flag>,
    absent: [bool; 2],
    both_absent_at_start: bool,
    /// The time each side's clock has run while he was absent.
    absent_ran: [Span; 2],
    lateness_limit: Option<Span>,
    late: Option<LateForfeit>,
    notes: Vec<Note>,
    notice: FlagNotice,
    /// The flags down and not yet reported (flags that fall unnoticed).
    down: [Option<Flag>; 2],
    /// Each side's run of forcing moves.
    forcing: [ForcingRun; 2],
    invalid_moves: Vec<InvalidMove>,
}

fn ix(side: Side) -> usize {
    match side {
        Side::First => 0,
        Side::Second => 1,
    }
}

impl Clock {
    /// A clock under `control`, set up as `start` says.
    pub fn new(
        control: Control,
        rules: ClockRules,
        start: ClockStart,
    ) -> Result<Clock, ClockError> {
        let lateness_limit = start
            .lateness_limit
            .or(control.lateness.as_ref().map(|l| l.limit));
        let mut clock = Clock {
            control,
            rules,
            wall: Span::ZERO,
            running: start.running,
            dials: [Dial::default(), Dial::default()],
            flag: None,
            absent: [false, false],
            both_absent_at_start: false,
            absent_ran: [Span::ZERO; 2],
            lateness_limit,
            late: None,
            notes: Vec::new(),
            notice: start.flags,
            down: [None, None],
            forcing: [ForcingRun::default(), ForcingRun::default()],
            invalid_moves: Vec::new(),
        };
        for side in Side::BOTH {
            let i = ix(side);
            let dial = &mut clock.dials[i];
            dial.used = start.used[i];
            dial.made = start.moves[i];
            dial.counted = start.moves[i];
            clock.settle_periods(side, start.quota[i], true)?;
        }
        for side in &start.absent {
            clock.absent[ix(*side)] = true;
        }
        clock.both_absent_at_start = clock.absent == [true, true];
        if let Some(left) = start.carried {
            clock.carry(left)?;
        }
        if !start.absent.is_empty() && clock.lateness_limit.is_none() {
            return Err(ClockError(format!(
                "a player is absent but no lateness limit is set (the control {} has none: give \
                 `lateness_limit`)",
                clock.control.id
            )));
        }
        Ok(clock)
    }

    /// The control.
    pub fn control(&self) -> &Control {
        &self.control
    }

    /// The game's clock rules.
    pub fn rules(&self) -> &ClockRules {
        &self.rules
    }

    pub(super) fn game(&self) -> Game {
        self.rules.game
    }

    pub(super) fn name(&self, side: Side) -> &'static str {
        side.name(self.game())
    }

    /// The game time since the clocks were set up.
    pub fn now(&self) -> Span {
        self.wall
    }

    /// The clock running, if one.
    pub fn running(&self) -> Option<Side> {
        self.running
    }

    /// The flag, once a side's time has run out.
    pub fn flag(&self) -> Option<&Flag> {
        self.flag.as_ref()
    }

    /// The loss for lateness, once decided.
    pub fn late_forfeit(&self) -> Option<&LateForfeit> {
        self.late.as_ref()
    }

    /// Whether the clock has decided the game (a flag or a lateness forfeit).
    pub fn decided(&self) -> bool {
        self.flag.is_some() || self.late.is_some()
    }

    /// Whether a side has not arrived yet.
    pub fn is_absent(&self, side: Side) -> bool {
        self.absent[ix(side)]
    }

    /// What the clock did, in order.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// Moves made on the board by a side.
    pub fn moves_made(&self, side: Side) -> u32 {
        self.dials[ix(side)].made
    }

    pub(super) fn note(&mut self, side: Option<Side>, text: String, clause: &str) {
        self.notes.push(Note {
            at: self.wall,
            side,
            text,
            clause: clause.to_owned(),
        });
    }

    /// A side's time as reported now.
    pub fn report(&self, side: Side) -> SideReport {
        let d = &self.dials[ix(side)];
        let remaining = self.headroom(side);
        let is_periods = self.periods().is_some();
        let quota = d
            .target
            .filter(|_| is_periods)
            .map(|t| t.saturating_sub(d.counted));
        let bank = match &self.control.timing {
            Timing::PerMove {
                per_move,
                extension,
            } => Some(
                extension
                    .minus(d.bank_used)
                    .minus(d.move_used.minus(*per_move)),
            ),
            _ => None,
        };
        let time_trouble = self.control.time_trouble.as_ref().is_some_and(|t| {
            t.under.is_some_and(|u| remaining < u)
                || t.per_move.is_some_and(|m| {
                    quota.is_some_and(|q| q > 0 && remaining < Span(m.0 * u64::from(q)))
                })
        });
        SideReport {
            used: d.used,
            remaining,
            moves: d.counted,
            period: is_periods.then_some(d.period_number),
            quota,
            bank,
            time_trouble,
            invalid: d.invalid,
            flag_down: self.down[ix(side)].is_some(),
        }
    }

    /// The clock as JSON, as the `clock` answer of the engine protocol writes it
    /// (`docs/protocol.md`): sides, running, flag, lateness forfeit, clauses.
    pub fn state(&self) -> Value {
        let game = self.game();
        let side_json = |s: Side| {
            let r = self.report(s);
            json!({
                "used": r.used,
                "remaining": r.remaining,
                "moves": r.moves,
                "period": r.period,
                "quota": r.quota,
                "bank": r.bank,
                "time_trouble": r.time_trouble,
                "invalid": r.invalid,
                "flag_down": r.flag_down,
                "absent": self.is_absent(s),
            })
        };
        json!({
            "control": self.control.id,
            "now": self.wall,
            "sides": {
                Side::First.name(game): side_json(Side::First),
                Side::Second.name(game): side_json(Side::Second),
            },
            "running": self.running.map(|s| vec![s.name(game)]).unwrap_or_default(),
            "flag": self.flag.as_ref().map(|f| json!({
                "side": f.side.name(game),
                "at": f.at,
                "period": f.period,
                "moves": f.moves,
                "due": f.due,
                "reason": f.reason,
                "clause": f.clause,
                "reported_by": f.reported.as_ref().map(|r| &r.0),
                "report_clause": f.reported.as_ref().map(|r| &r.1),
            })),
            "invalid": self.invalid_moves.iter().map(|m| json!({
                "side": m.side.name(game),
                "number": m.number,
                "clause": m.clause,
            })).collect::<Vec<_>>(),
            "late": self.late.as_ref().map(|l| json!({
                "sides": l.sides.iter().map(|s| s.name(game)).collect::<Vec<_>>(),
                "at": l.at,
                "clause": l.clause,
            })),
            "clauses": {
                "control": self.control.clause,
                "time_trouble": self.control.time_trouble.as_ref().map(|t| &t.clause),
            },
        })
    }
}

#[cfg(test)]
mod tests;
