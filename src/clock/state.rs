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

use super::control::{Control, Period, Timing};
use super::forcing::ForcingRun;
use super::rules::{BothAbsent, ClockRules, LatenessMeasure, MatchTime};
use super::Span;
use crate::mutant::{self, ClockMutant};
use crate::Game;
use crate::Side;
use serde_json::{json, Value};

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

    fn game(&self) -> Game {
        self.rules.game
    }

    fn name(&self, side: Side) -> &'static str {
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

    fn note(&mut self, side: Option<Side>, text: String, clause: &str) {
        self.notes.push(Note {
            at: self.wall,
            side,
            text,
            clause: clause.to_owned(),
        });
    }

    fn periods(&self) -> Option<&[Period]> {
        match &self.control.timing {
            Timing::Periods(p) => Some(p),
            _ => None,
        }
    }

    /// Places a dial's period state from its used time and moves: the periods it has passed
    /// are taken to have had their quotas met exactly (or as `quota` says for the current one).
    fn settle_periods(
        &mut self,
        side: Side,
        quota: Option<u32>,
        strict: bool,
    ) -> Result<(), ClockError> {
        let Some(periods) = self.periods().map(<[Period]>::to_vec) else {
            return Ok(());
        };
        let name = self.name(side);
        let dial = &mut self.dials[ix(side)];
        let (mut index, mut number) = (0usize, 1u32);
        let mut end = periods[0].time;
        let mut target = periods[0].moves;
        while dial.used > end {
            let Some(due) = target else {
                if !strict {
                    break;
                }
                return Err(ClockError(format!(
                    "{name}'s clock starts with {} used, past the end of the game's time ({end})",
                    dial.used
                )));
            };
            if strict && dial.counted < due {
                return Err(ClockError(format!(
                    "{name}'s clock starts with {} used and {} moves, but {due} moves were due by \
                     {end} (period {number})",
                    dial.used, dial.counted
                )));
            }
            let next = (index + 1).min(periods.len() - 1);
            target = periods[next].moves.map(|m| due + m);
            end = end.plus(periods[next].time);
            index = next;
            number += 1;
        }
        if let (Some(q), Some(_)) = (quota, target) {
            target = Some(dial.counted + q);
        }
        dial.period = index;
        dial.period_number = number;
        dial.period_end = end;
        dial.target = target;
        Ok(())
    }

    /// How long a side's clock can run before it reaches a limit: the flag (sudden death,
    /// Fischer, per move) or the end of the period (period controls).
    fn headroom(&self, side: Side) -> Span {
        let d = &self.dials[ix(side)];
        match &self.control.timing {
            Timing::SuddenDeath { time } => time.plus(d.bonus).minus(d.used),
            Timing::Fischer { base, .. } => base.plus(d.bonus).minus(d.used),
            Timing::Periods(_) => d.period_end.minus(d.used),
            Timing::PerMove {
                per_move,
                extension,
            } => per_move
                .plus(extension.minus(d.bank_used))
                .minus(d.move_used),
        }
    }

    /// Time passes on the running clock (if any) and the game clock; the clock decides any
    /// flag or lateness forfeit that falls within. Refused once the game is decided.
    pub fn elapse(&mut self, span: Span) -> Result<(), ClockError> {
        self.refuse_if_decided()?;
        let mut left = span;
        loop {
            let run = self.running;
            // A side whose flag is down (unnoticed) has no limit left to reach.
            let to_limit = run
                .filter(|s| self.down[ix(*s)].is_none())
                .map(|s| self.headroom(s));
            let to_late = Side::BOTH
                .into_iter()
                .filter_map(|s| self.to_lateness_limit(s, run))
                .min();
            let step = [Some(left), to_limit, to_late]
                .into_iter()
                .flatten()
                .min()
                .unwrap_or(Span::ZERO);
            self.wall = self.wall.plus(step);
            if let Some(s) = run {
                let d = &mut self.dials[ix(s)];
                d.used = d.used.plus(step);
                d.move_used = d.move_used.plus(step);
                if self.absent[ix(s)] {
                    self.absent_ran[ix(s)] = self.absent_ran[ix(s)].plus(step);
                }
            }
            left = left.minus(step);
            if left == Span::ZERO {
                return Ok(());
            }
            if to_late == Some(step) {
                self.lateness_forfeit();
                return Ok(());
            }
            if let (Some(s), Some(limit)) = (run, to_limit) {
                if limit == step && !self.next_period(s) {
                    self.fall(s);
                    if self.flag.is_some() {
                        return Ok(());
                    }
                }
            }
        }
    }

    /// Time passes on the running clock and the game clock through a flag: the clock keeps
    /// running after the time is exceeded (the arbiter ruling on a claim while the
    /// claimant's clock runs, draughts art. 8 item 2.7); the flag stays recorded.
    pub fn elapse_through(&mut self, span: Span) -> Result<(), ClockError> {
        let before = self.wall;
        self.elapse(span)?;
        if self.flag.is_some() {
            let rest = span.minus(self.wall.minus(before));
            self.wall = self.wall.plus(rest);
            if let Some(s) = self.running {
                let d = &mut self.dials[ix(s)];
                d.used = d.used.plus(rest);
                d.move_used = d.move_used.plus(rest);
            }
        }
        Ok(())
    }

    /// Time passes until the game time `at` (a timestamp since the clocks were set up).
    pub fn elapse_until(&mut self, at: Span) -> Result<(), ClockError> {
        if at < self.wall {
            return Err(ClockError(format!(
                "time {at} is before the time already reached ({})",
                self.wall
            )));
        }
        self.elapse(at.minus(self.wall))
    }

    fn refuse_if_decided(&self) -> Result<(), ClockError> {
        if let Some(f) = &self.flag {
            return Err(ClockError(format!(
                "{}'s flag has fallen at {}",
                self.name(f.side),
                f.at
            )));
        }
        if let Some(l) = &self.late {
            return Err(ClockError(format!(
                "the game was forfeited for lateness at {}",
                l.at
            )));
        }
        Ok(())
    }

    /// At the end of a period with the quota met, the next period begins; `false` when the
    /// time is up (no quota met, or the time of the game is over).
    fn next_period(&mut self, side: Side) -> bool {
        let Some(periods) = self.periods().map(<[Period]>::to_vec) else {
            return false;
        };
        let name = self.name(side);
        let clause = self.control.clause.clone();
        let d = &mut self.dials[ix(side)];
        let Some(due) = d.target else {
            return false;
        };
        if d.counted < due {
            return false;
        }
        let current = &periods[d.period];
        let next_index = (d.period + 1).min(periods.len() - 1);
        let next = &periods[next_index];
        let base = if current.carries_surplus() {
            due
        } else {
            d.counted
        };
        let surplus = d.counted - due;
        d.target = next.moves.map(|m| base + m);
        d.period_end = d.period_end.plus(next.time);
        d.period = next_index;
        d.period_number += 1;
        let number = d.period_number;
        let quota = d.target.map(|t| t.saturating_sub(d.counted));
        let text = match (quota, current.carries_surplus() && surplus > 0) {
            (Some(q), true) => format!(
                "{name} begins period {number} with {surplus} move(s) beyond the quota carried: \
                 {q} to make"
            ),
            (Some(q), false) => format!("{name} begins period {number}: {q} moves to make"),
            (None, _) => format!("{name} begins period {number}: the rest of the game"),
        };
        self.note(Some(side), text, &clause);
        true
    }

    fn fall(&mut self, side: Side) {
        self.fall_by(side, None);
    }

    /// The flag of `side` falls; `by` names the clause when another rule than the control's
    /// decided it (a penalty).
    fn fall_by(&mut self, side: Side, by: Option<&str>) {
        let d = self.dials[ix(side)].clone();
        let (reason, clause) = if d.unpressed && self.rules.unpressed_clause.is_some() {
            (
                "the time ran out before the clock was pressed after the move".to_owned(),
                self.rules.unpressed_clause.unwrap_or_default().to_owned(),
            )
        } else {
            let reason = match (&self.control.timing, d.target) {
                (Timing::Periods(_), Some(due)) => format!(
                    "{} of {due} moves made when period {} ended",
                    d.counted, d.period_number
                ),
                (Timing::PerMove { .. }, _) => {
                    "a move took longer than the limit with the extension bank used up".to_owned()
                }
                _ => "the time ran out".to_owned(),
            };
            (reason, self.control.flag_clause.clone())
        };
        let clause = by.map_or(clause, str::to_owned);
        let unnoticed = self.notice == FlagNotice::Reported;
        let flag = Flag {
            side,
            at: self.wall,
            used: d.used,
            period: self.periods().map(|_| d.period_number),
            moves: d.counted,
            due: d.target.filter(|_| self.periods().is_some()),
            reason: reason.clone(),
            clause: clause.clone(),
            reported: None,
        };
        if unnoticed {
            let text = format!("{}'s flag falls, unnoticed: {reason}", self.name(side));
            self.note(Some(side), text, &clause);
            self.down[ix(side)] = Some(flag);
            return;
        }
        let text = format!("{}'s flag falls: {reason}", self.name(side));
        self.note(Some(side), text, &clause);
        self.flag = Some(flag);
    }

    /// An absent side's lateness as the rules measure it (`LatenessMeasure`): the game
    /// time, or the lateness he is charged — his own clock's time while away, or the game
    /// time when both were absent at the start (each charged his own lateness).
    fn lateness(&self, side: Side) -> Span {
        match self.rules.lateness_measure {
            LatenessMeasure::GameTime => self.wall,
            LatenessMeasure::Charged if self.both_absent_at_start => self.wall,
            LatenessMeasure::Charged => self.absent_ran[ix(side)],
        }
    }

    /// The time until an absent side's lateness reaches the limit, when it grows while
    /// `run` runs (`None`: present, no limit, or his lateness stands still).
    fn to_lateness_limit(&self, side: Side, run: Option<Side>) -> Option<Span> {
        let limit = self.lateness_limit.filter(|_| self.absent[ix(side)])?;
        let grows = match self.rules.lateness_measure {
            LatenessMeasure::GameTime => true,
            LatenessMeasure::Charged => self.both_absent_at_start || run == Some(side),
        };
        grows.then(|| limit.minus(self.lateness(side)))
    }

    fn lateness_forfeit(&mut self) {
        let limit = self.lateness_limit.unwrap_or(Span::ZERO);
        let sides: Vec<Side> = Side::BOTH
            .into_iter()
            .filter(|s| self.absent[ix(*s)] && self.lateness(*s) >= limit)
            .collect();
        let clause = if sides.len() == 2 {
            self.rules.both_late_clause
        } else {
            self.rules.late_forfeit_clause
        };
        let who = sides
            .iter()
            .map(|s| self.name(*s))
            .collect::<Vec<_>>()
            .join(" and ");
        self.note(
            None,
            format!("{who} not arrived at the lateness limit: forfeit"),
            clause,
        );
        self.late = Some(LateForfeit {
            sides,
            at: self.wall,
            clause: clause.to_owned(),
        });
    }

    /// The game is played again from the start (a void game replayed, chess laws art.
    /// 14.5(2), xiangqi 第四章 第四节 二: 全盘对局应作废重下): every dial back to zero with no move
    /// made, the first period's quota due, no flag down, and `first`'s clock running.
    pub fn restart(&mut self, first: Side) -> Result<(), ClockError> {
        self.refuse_if_decided()?;
        for side in Side::BOTH {
            self.dials[ix(side)] = Dial::default();
            self.settle_periods(side, None, true)?;
        }
        self.down = [None, None];
        self.forcing = [ForcingRun::default(), ForcingRun::default()];
        self.running = Some(first);
        Ok(())
    }

    /// A move is made on the board by `side` (its clock still running until pressed).
    pub fn move_made(&mut self, side: Side) {
        let d = &mut self.dials[ix(side)];
        d.made += 1;
        d.unpressed = true;
    }

    /// `side` presses its clock: its moves made count, it gets its increment (Fischer), its
    /// move time is settled against the extension bank (per move), and the other clock
    /// starts. Pressing a clock that is not running changes no clock.
    pub fn press(&mut self, side: Side) {
        let running = self.running == Some(side);
        let timing = self.control.timing.clone();
        let d = &mut self.dials[ix(side)];
        let valid = d.made.saturating_sub(d.invalid);
        let newly = valid.saturating_sub(d.counted);
        d.counted = valid;
        d.unpressed = false;
        if !running {
            return;
        }
        match timing {
            Timing::Fischer { increment, .. } => {
                d.bonus = d.bonus.plus(Span(increment.0 * u64::from(newly)));
            }
            Timing::PerMove { per_move, .. } => {
                d.bank_used = d.bank_used.plus(d.move_used.minus(per_move));
            }
            _ => {}
        }
        d.move_used = Span::ZERO;
        self.running = Some(side.other());
        self.dials[ix(side.other())].move_used = Span::ZERO;
    }

    /// A move made and then corrected (draughts: an irregular move whose correction the
    /// opponent demanded): it no longer counts, and the mover's clock runs for the move he
    /// must make instead.
    pub fn undo_move(&mut self, side: Side) {
        let d = &mut self.dials[ix(side)];
        d.made = d.made.saturating_sub(1);
        d.counted = d.counted.min(d.made.saturating_sub(d.invalid));
        d.unpressed = false;
        if self.running.is_some() {
            self.start(side);
        }
    }

    /// The players exchange colours (xiangqi 第四章 第一节 三 (二)): each keeps his dial —
    /// time used, moves, periods, forcing runs, absence, a flag down unreported — under the
    /// other colour, and the clock that ran runs on under its new colour.
    ///
    /// ```
    /// use arbiter::clock::{controls, Clock, ClockRules, ClockStart, Span};
    /// use arbiter::Side;
    /// use arbiter::Game;
    ///
    /// let control = controls().get(Game::Xiangqi, "national").unwrap().clone();
    /// let start = ClockStart { running: Some(Side::First), ..ClockStart::default() };
    /// let mut clock = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap();
    /// clock.elapse(Span::from_minutes(3)).unwrap();
    /// clock.exchange_sides("xq.irregularity.colours-only");
    /// assert_eq!(clock.report(Side::Second).used, Span::from_minutes(3));
    /// assert_eq!(clock.running(), Some(Side::Second));
    /// ```
    pub fn exchange_sides(&mut self, clause: &str) {
        self.dials.swap(0, 1);
        self.forcing.swap(0, 1);
        self.absent.swap(0, 1);
        self.down.swap(0, 1);
        for f in self.down.iter_mut().flatten() {
            f.side = f.side.other();
        }
        self.running = self.running.map(Side::other);
        let text = "the players exchange colours: each keeps his clock".to_owned();
        self.note(None, text, clause);
    }

    /// The flag that fell while the arbiter ruled on a claim that he upheld is ignored
    /// (draughts art. 8 item 2.7).
    pub fn forgive_flag(&mut self, clause: &str) {
        if let Some(f) = self.flag.take() {
            let text = format!(
                "{}'s flag fell while the arbiter ruled on the claim: ignored, the claim is upheld",
                self.name(f.side)
            );
            self.note(Some(f.side), text, clause);
        }
    }

    /// The flag that fell while the arbiter ruled on a claim he refused: the loss stands,
    /// decided by `clause` (draughts art. 8 item 2.7).
    pub fn reclause_flag(&mut self, clause: &str) {
        if let Some(f) = &mut self.flag {
            f.clause = clause.to_owned();
            let text = format!(
                "{}'s flag fell while the arbiter ruled on the claim, which is refused: the loss stands",
                f.side.name(self.rules.game)
            );
            let side = f.side;
            self.note(Some(side), text, clause);
        }
    }

    /// A move made and taken back (xiangqi: an illegal move): it does not count, and the
    /// mover's clock keeps running for the move he must make instead; the time is not given
    /// back (第四章 第二节 一 (一)).
    pub fn move_taken_back(&mut self, side: Side) {
        if let Some(clause) = self.rules.illegal_move_clause {
            let text = format!(
                "{}'s illegal move does not count; its time is not given back",
                self.name(side)
            );
            self.note(Some(side), text, clause);
        }
    }

    /// The arbiter (or a player) stops both clocks.
    pub fn stop(&mut self) {
        self.running = None;
    }

    /// The clock of `side` is started (by the arbiter, or by the start of the game).
    pub fn start(&mut self, side: Side) {
        if self.running != Some(side) {
            self.dials[ix(side)].move_used = Span::ZERO;
        }
        self.running = Some(side);
    }

    /// Time added to a side's clock (a penalty, or time charged to it); the flag falls if it
    /// runs out (a false 60-move claim: 第一章 第四节 二 (四), 如提和方因此超时，应判输棋).
    pub fn charge(&mut self, side: Side, span: Span, clause: &str) -> Result<(), ClockError> {
        self.refuse_if_decided()?;
        let text = format!("{} is charged {span}", self.name(side));
        self.note(Some(side), text, clause);
        let mut left = span;
        loop {
            let limit = self.headroom(side);
            let step = left.min(limit);
            let d = &mut self.dials[ix(side)];
            d.used = d.used.plus(step);
            d.move_used = d.move_used.plus(step);
            left = left.minus(step);
            if left == Span::ZERO {
                return Ok(());
            }
            if self.down[ix(side)].is_some() || !self.next_period(side) {
                if self.down[ix(side)].is_none() {
                    self.fall_by(side, Some(clause));
                }
                if self.flag.is_none() {
                    // The flag is down unnoticed: the rest of the charge is on the clock.
                    let d = &mut self.dials[ix(side)];
                    d.used = d.used.plus(left);
                    d.move_used = d.move_used.plus(left);
                }
                return Ok(());
            }
        }
    }

    /// Sets a side's time used (the arbiter setting the clock, e.g. at resumption).
    pub fn set_used(&mut self, side: Side, used: Span) -> Result<(), ClockError> {
        self.dials[ix(side)].used = used;
        self.resettle(side)
    }

    /// Re-places a dial in its period after its time changed: the period is kept when the
    /// time is still within it.
    fn resettle(&mut self, side: Side) -> Result<(), ClockError> {
        let Some(periods) = self.periods().map(<[Period]>::to_vec) else {
            return Ok(());
        };
        let d = &self.dials[ix(side)];
        let start = d.period_end.minus(periods[d.period].time);
        if d.used >= start && d.used <= d.period_end {
            return Ok(());
        }
        self.settle_periods(side, None, false)
    }

    /// A late player arrives. When both were absent at the start and this is the first to
    /// come, the game's rule settles the clocks (split or own lateness); a player arriving
    /// second after such a start is charged his own lateness where that is the rule.
    pub fn arrive(&mut self, side: Side) -> Result<(), ClockError> {
        self.refuse_if_decided()?;
        if !self.absent[ix(side)] {
            return Err(ClockError(format!("{} is not absent", self.name(side))));
        }
        self.absent[ix(side)] = false;
        let (rule, clause) = self.rules.both_absent;
        let name = self.name(side);
        if self.both_absent_at_start {
            let first = self.absent[ix(side.other())];
            match rule {
                BothAbsent::SplitAtFirstArrival if first => {
                    let total = self.dials[0].used.plus(self.dials[1].used);
                    let half = total.scale(1, 2);
                    self.dials[0].used = half;
                    self.dials[1].used = total.minus(half);
                    self.resettle(Side::First)?;
                    self.resettle(Side::Second)?;
                    self.start(Side::First);
                    let text = format!(
                        "{name} arrives first: the {total} elapsed are split, {half} on each \
                         clock; the first player's clock restarts"
                    );
                    self.note(Some(side), text, clause);
                    return Ok(());
                }
                BothAbsent::OwnLateness => {
                    let late = self.wall;
                    let d = &mut self.dials[ix(side)];
                    if d.used < late {
                        d.used = late;
                    }
                    self.resettle(side)?;
                    let text = format!("{name} arrives: his lateness of {late} is on his clock");
                    self.note(Some(side), text, clause);
                    return Ok(());
                }
                BothAbsent::SplitAtFirstArrival => {}
            }
        }
        let text = format!(
            "{name} arrives: the {} on his clock stay used",
            self.dials[ix(side)].used
        );
        let deducted = self.rules.lateness_deducted_clause;
        self.note(Some(side), text, deducted);
        Ok(())
    }

    /// A faulty clock is replaced. `shown` are the dials' readings; `faulty` the side whose
    /// dial is known wrong, or `None` when both are. The elapsed playing time of the game is
    /// the sum of both sides' times as this clock keeps them: with one faulty dial, it gets
    /// that sum minus the other's reading (第四章 第二节 一 (三): 双方时间的总和等于当场比赛已进
    /// 行的时间); with both faulty, the difference between the sum of the readings and the
    /// elapsed time is shared equally.
    pub fn replace(
        &mut self,
        shown: [Option<Span>; 2],
        faulty: Option<Side>,
    ) -> Result<(), ClockError> {
        self.refuse_if_decided()?;
        let elapsed = self.dials[0].used.plus(self.dials[1].used);
        let reading = |side: Side| {
            shown[ix(side)].ok_or_else(|| {
                ClockError(format!(
                    "the reading of {}'s dial is needed",
                    side.name(self.rules.game)
                ))
            })
        };
        let (new, clause) = match faulty {
            Some(bad) => {
                let good = reading(bad.other())?;
                if good > elapsed {
                    return Err(ClockError(format!(
                        "{}'s dial shows {good}, more than the {elapsed} played",
                        self.name(bad.other())
                    )));
                }
                let mut new = [Span::ZERO; 2];
                new[ix(bad.other())] = good;
                new[ix(bad)] = elapsed.minus(good);
                (new, self.rules.fault_one_clause)
            }
            None => {
                let r = [reading(Side::First)?, reading(Side::Second)?];
                let sum = r[0].plus(r[1]);
                let new = if elapsed >= sum {
                    let diff = elapsed.minus(sum);
                    let half = diff.scale(1, 2);
                    [r[0].plus(half), r[1].plus(diff.minus(half))]
                } else {
                    let diff = sum.minus(elapsed);
                    let half = diff.scale(1, 2);
                    [r[0].minus(half), r[1].minus(diff.minus(half))]
                };
                (new, self.rules.fault_both_clause)
            }
        };
        for side in Side::BOTH {
            self.dials[ix(side)].used = new[ix(side)];
            self.resettle(side)?;
        }
        let text = format!(
            "the clock is replaced: {} {}, {} {}",
            self.name(Side::First),
            new[0],
            self.name(Side::Second),
            new[1]
        );
        self.note(None, text, clause);
        Ok(())
    }

    /// Moves are taken back to correct an error made at move `error_move` (a move number),
    /// found when `current_move` had been played; each side is left with `moves` completed.
    /// The times used are rescaled by `error_move / current_move` (第四章 第二节 一 (四): 90 ×
    /// 20/30 = 60), unless the rules keep them: an error within the last rounds (xiangqi: two),
    /// or a reallocation that would leave a side under the minimum (chess laws art. 12.6).
    /// `error_move` 0 is an error of the set-up, before any move (已走着数 0): the times go
    /// back to zero.
    pub fn rescale(
        &mut self,
        error_move: u32,
        current_move: u32,
        moves: [u32; 2],
    ) -> Result<Rescaling, ClockError> {
        self.refuse_if_decided()?;
        if error_move > current_move {
            return Err(ClockError(format!(
                "the error's move {error_move} must be from 0 (the set-up) to the current move \
                 {current_move}"
            )));
        }
        let rule = self.rules.correction.clone();
        let before = [self.dials[0].used, self.dials[1].used];
        let after = before.map(|u| u.scale(u64::from(error_move), u64::from(current_move)));
        for side in Side::BOTH {
            let d = &mut self.dials[ix(side)];
            d.made = moves[ix(side)];
            d.counted = moves[ix(side)];
            d.invalid = 0;
            d.unpressed = false;
        }
        self.forcing = [ForcingRun::default(), ForcingRun::default()];
        let recent = rule
            .recent_rounds
            .is_some_and(|r| current_move - error_move < r);
        let mut result = Rescaling {
            applied: !recent,
            before,
            after: if recent { before } else { after },
            clause: if recent {
                rule.recent_clause.unwrap_or(rule.clause).to_owned()
            } else {
                rule.clause.to_owned()
            },
        };
        if result.applied {
            let saved = self.dials.clone();
            for side in Side::BOTH {
                self.dials[ix(side)].used = after[ix(side)];
                self.settle_periods(side, None, false)?;
            }
            let short = Side::BOTH.into_iter().find(|s| {
                let r = self.report(*s);
                rule.minimum.is_some_and(|m| r.remaining < m)
                    || rule.minimum_per_move.is_some_and(|m| {
                        r.quota
                            .is_some_and(|q| r.remaining < Span(m.0 * u64::from(q)))
                    })
            });
            if let Some(s) = short {
                // Art. 12.6: not applied; the clocks stay, the moves are taken back.
                for side in Side::BOTH {
                    let d = &mut self.dials[ix(side)];
                    d.used = saved[ix(side)].used;
                }
                for side in Side::BOTH {
                    self.settle_periods(side, None, false)?;
                }
                result.applied = false;
                result.after = before;
                result.clause = rule.minimum_clause.unwrap_or(rule.clause).to_owned();
                let text = format!(
                    "the times are not reallocated: {} would be left short of time",
                    self.name(s)
                );
                self.note(Some(s), text, &result.clause);
                return Ok(result);
            }
        } else {
            for side in Side::BOTH {
                self.settle_periods(side, None, false)?;
            }
        }
        let text = if result.applied {
            format!(
                "the error at move {error_move} found at move {current_move}: times × \
                 {error_move}/{current_move}: {} {} → {}, {} {} → {}",
                self.name(Side::First),
                before[0],
                result.after[0],
                self.name(Side::Second),
                before[1],
                result.after[1]
            )
        } else {
            format!(
                "the error at move {error_move} is within the last rounds of move \
                 {current_move}: the times stay"
            )
        };
        let clause = result.clause.clone();
        self.note(None, text, &clause);
        Ok(result)
    }

    /// The flags down and not yet reported (flags that fall unnoticed).
    pub fn flags_down(&self) -> Vec<Side> {
        Side::BOTH
            .into_iter()
            .filter(|s| self.down[ix(*s)].is_some())
            .collect()
    }

    /// The moves that did not count towards a quota, in order.
    pub fn invalid_moves(&self) -> &[InvalidMove] {
        &self.invalid_moves
    }

    /// A side's flag is reported to the arbiter, by a player (`by`) or by the arbiter himself
    /// (`None`), under a clock whose flags fall unnoticed. The side's flag down and the
    /// other's not: it loses on time. Both down, which fell first unknown: the game goes on
    /// (chess laws art. 12.8), and where the rules say so each side's next move is the first
    /// of its next period. Not down: nothing changes.
    pub fn report_flag(&mut self, side: Side, by: Option<Side>) -> Result<FlagFinding, ClockError> {
        self.refuse_if_decided()?;
        let reporter = by.map_or("arbiter", |s| self.name(s)).to_owned();
        if by == Some(side) && mutant::clock_is(ClockMutant::OwnFlagReportIgnored) {
            return Ok(FlagFinding::NotDown(side));
        }
        if let (Some(a), Some(b)) = (&self.down[0], &self.down[1]) {
            let first = if a.at <= b.at {
                Side::First
            } else {
                Side::Second
            };
            if mutant::clock_is(ClockMutant::BothFlagsFirstLoses) {
                self.flag = self.down[ix(first)].take();
                return Ok(FlagFinding::Lost(first));
            }
            // The clock shows who overstepped first (draughts): that player loses.
            if let Some(clause) = self.rules.first_flag_shown_clause {
                let mut flag = self.down[ix(first)].take().expect("the first flag is down");
                self.down[ix(first.other())] = None;
                let text = format!(
                    "{} reports a flag; both are down and the clock shows {} overstepped first: he loses on time",
                    reporter,
                    self.name(first)
                );
                self.note(Some(first), text, clause);
                flag.reported = Some((reporter, clause.to_owned()));
                self.flag = Some(flag);
                return Ok(FlagFinding::Lost(first));
            }
        }
        if self.down[0].is_some() && self.down[1].is_some() {
            let clause = self.rules.both_flags_clause;
            self.note(
                None,
                "both flags are down and which fell first cannot be established: the game goes on"
                    .to_owned(),
                clause,
            );
            let next_control = match self.rules.both_flags_next_control_clause {
                Some(next) if self.periods().is_some() => {
                    for s in Side::BOTH {
                        self.next_control(s, next);
                    }
                    self.down = [None, None];
                    true
                }
                _ => false,
            };
            return Ok(FlagFinding::BothDown { next_control });
        }
        let Some(mut flag) = self.down[ix(side)].take() else {
            let text = format!(
                "{} reports {}'s flag, which is not down: the game goes on",
                reporter,
                self.name(side)
            );
            let clause = self.rules.flag_report_clause;
            self.note(Some(side), text, clause);
            return Ok(FlagFinding::NotDown(side));
        };
        let clause = self.rules.flag_report_clause.to_owned();
        let text = format!(
            "{} reports {}'s flag: he loses on time",
            reporter,
            self.name(side)
        );
        self.note(Some(side), text, &clause);
        flag.reported = Some((reporter, clause));
        self.flag = Some(flag);
        Ok(FlagFinding::Lost(side))
    }

    /// With both flags down (art. 12.8): the side's next move is the first move of the period
    /// after the one whose end passed; its quota counts from the moves made now.
    fn next_control(&mut self, side: Side, clause: &str) {
        let Some(periods) = self.periods().map(<[Period]>::to_vec) else {
            return;
        };
        let name = self.name(side);
        let d = &mut self.dials[ix(side)];
        loop {
            let next = (d.period + 1).min(periods.len() - 1);
            d.period = next;
            d.period_number += 1;
            d.period_end = d.period_end.plus(periods[next].time);
            d.target = periods[next].moves.map(|m| d.counted + m);
            if d.used < d.period_end || d.target.is_none() {
                break;
            }
        }
        let text = format!(
            "{name}'s next move is the first of period {} ({} to make)",
            d.period_number,
            d.target
                .map_or("the rest of the game".to_owned(), |t| (t - d.counted)
                    .to_string())
        );
        self.note(Some(side), text, clause);
    }

    /// A flag reported after the game ended by a resignation or an agreed draw: the result
    /// stands (chess laws art. 12.7). The clause, when the flag is indeed down.
    pub fn found_after_result(&mut self, side: Side) -> Option<&'static str> {
        self.down[ix(side)].as_ref()?;
        let clause = self.rules.result_stands_clause;
        let text = format!(
            "{}'s flag is found down after the game ended: the result stands",
            self.name(side)
        );
        self.note(Some(side), text, clause);
        Some(clause)
    }

    /// `side` makes a move the arbiter rules a repeated forbidden forcing move (xiangqi
    /// 第四章 第二节 一 (五)) with the piece from `from` to `to`, before the clock is pressed:
    /// beyond the valid ones it is invalid and will not count towards the quota. The clause
    /// of an invalid move, `None` for a valid one.
    pub fn forcing_move(
        &mut self,
        side: Side,
        from: &str,
        to: &str,
    ) -> Result<Option<String>, ClockError> {
        let Some(rules) = self.rules.forcing.clone() else {
            return Err(ClockError(format!(
                "the {} rules have no valid and invalid move counts for forcing moves",
                self.game()
            )));
        };
        let verdict = self.forcing[ix(side)].arrive(&rules, from, to);
        let Some(clause) = verdict else {
            return Ok(None);
        };
        let d = &mut self.dials[ix(side)];
        d.invalid += 1;
        let number = d.made + 1;
        let text = format!(
            "{}'s move {number} ({from}-{to}) repeats the forcing moves beyond the {} valid ones: \
             it does not count",
            self.name(side),
            rules.valid
        );
        self.note(Some(side), text, clause);
        self.invalid_moves.push(InvalidMove {
            side,
            number,
            clause: clause.to_owned(),
        });
        Ok(Some(clause.to_owned()))
    }

    /// A move that is no forcing move ends the side's run of forcing moves.
    pub fn plain_move(&mut self, side: Side) {
        if let Some(rules) = &self.rules.forcing {
            self.forcing[ix(side)].end(rules);
        }
    }

    /// The time left from the previous game of a match, as the rules say: not carried
    /// (draughts art. 8 item 2.10), or added to each side's time.
    fn carry(&mut self, left: [Span; 2]) -> Result<(), ClockError> {
        let Some((rule, clause)) = self.rules.match_games else {
            return Err(ClockError(format!(
                "the {} rules say nothing about time left from an earlier game of a match",
                self.game()
            )));
        };
        match rule {
            MatchTime::Separate => self.note(
                None,
                format!(
                    "the time left from the previous game ({} {}, {} {}) is not carried",
                    self.name(Side::First),
                    left[0],
                    self.name(Side::Second),
                    left[1]
                ),
                clause,
            ),
            MatchTime::Carried => {
                if !matches!(
                    self.control.timing,
                    Timing::SuddenDeath { .. } | Timing::Fischer { .. }
                ) {
                    return Err(ClockError(
                        "time carried between games needs a sudden-death or Fischer control"
                            .to_owned(),
                    ));
                }
                for side in Side::BOTH {
                    let d = &mut self.dials[ix(side)];
                    d.bonus = d.bonus.plus(left[ix(side)]);
                }
            }
        }
        Ok(())
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
mod tests {
    use super::*;
    use crate::clock::controls;

    const RED: Side = Side::First;
    const BLACK: Side = Side::Second;

    fn clock(game: Game, control: &str, start: ClockStart) -> Clock {
        let control = controls().get(game, control).unwrap().clone();
        Clock::new(control, ClockRules::of(game), start).unwrap()
    }

    fn running(game: Game, control: &str) -> Clock {
        clock(
            game,
            control,
            ClockStart {
                running: Some(RED),
                ..ClockStart::default()
            },
        )
    }

    fn min(n: u64) -> Span {
        Span::from_minutes(n)
    }

    fn sec(n: u64) -> Span {
        Span::from_secs(n)
    }

    /// `side` thinks `took`, moves and presses.
    fn play(c: &mut Clock, side: Side, took: Span) {
        c.elapse(took).unwrap();
        if !c.decided() {
            c.move_made(side);
            c.press(side);
        }
    }

    #[test]
    fn sudden_death_flags_only_past_the_limit() {
        let mut c = running(Game::Russian, "sudden-death-60m");
        play(&mut c, RED, min(60)); // exactly all the time: in time
        assert!(c.flag().is_none());
        assert_eq!(c.report(RED).remaining, Span::ZERO);
        assert_eq!(c.running(), Some(BLACK));
        play(&mut c, BLACK, min(1));
        c.elapse(Span(1)).unwrap();
        let f = c.flag().unwrap();
        assert_eq!(
            (f.side, f.at, f.clause.as_str()),
            (RED, min(61), "d64.timing.flag-fall-loses")
        );
        assert!(c.elapse(sec(1)).is_err(), "decided");
    }

    #[test]
    fn time_trouble_under_five_minutes_never_under_fischer() {
        let mut c = running(Game::Brazilian, "sudden-death-30m");
        c.elapse(min(25)).unwrap();
        assert!(!c.report(RED).time_trouble, "exactly 5 minutes left");
        c.elapse(Span(1)).unwrap();
        assert!(c.report(RED).time_trouble);
        let mut f = running(Game::Brazilian, "fischer-30m-10s");
        f.elapse(min(29)).unwrap();
        assert!(!f.report(RED).time_trouble);
    }

    #[test]
    fn fischer_adds_the_increment_per_move() {
        let mut c = running(Game::Russian, "fischer-30m-10s");
        for _ in 0..3 {
            play(&mut c, RED, sec(5));
            play(&mut c, BLACK, sec(20));
        }
        assert_eq!(
            c.report(RED).remaining,
            min(30).plus(sec(30)).minus(sec(15))
        );
        assert_eq!(
            c.report(BLACK).remaining,
            min(30).plus(sec(30)).minus(sec(60))
        );
        assert_eq!(c.report(RED).moves, 3);
    }

    #[test]
    fn national_control_carries_period_one_surplus_only() {
        let mut c = running(Game::Xiangqi, "national");
        // 44 moves in the first 88 minutes (2 minutes each); black answers at once.
        for _ in 0..44 {
            play(&mut c, RED, min(2));
            play(&mut c, BLACK, Span::ZERO);
        }
        c.elapse(min(3)).unwrap(); // 91 minutes: period 2
        let r = c.report(RED);
        assert_eq!(
            (r.period, r.quota, r.remaining),
            (Some(2), Some(16), min(29))
        );
        // 20 more moves by 2:00:00 → 64; period 3 needs 10 more (the surplus of period 2 is
        // lost), not 6.
        for _ in 0..20 {
            play(&mut c, RED, sec(60));
            play(&mut c, BLACK, Span::ZERO);
        }
        c.elapse(min(10)).unwrap(); // 1:51:00 + 10 minutes: past 2:00:00
        let r = c.report(RED);
        assert_eq!((r.period, r.quota), (Some(3), Some(10)), "{r:?}");
        assert!(c.flag().is_none());
    }

    #[test]
    fn a_quota_not_met_flags_at_the_end_of_the_period() {
        let mut c = running(Game::Xiangqi, "national");
        for _ in 0..39 {
            play(&mut c, RED, min(2));
            play(&mut c, BLACK, Span::ZERO);
        }
        // 78 minutes, 39 moves; red thinks 13 minutes.
        c.elapse(min(13)).unwrap();
        let f = c.flag().unwrap();
        assert_eq!((f.side, f.at, f.due, f.moves), (RED, min(90), Some(40), 39));
        assert_eq!(f.clause, "xq.timing.move-quota-loss");
    }

    #[test]
    fn a_move_not_pressed_before_the_end_of_the_period_loses() {
        let start = ClockStart {
            used: [min(89), min(80)],
            moves: [39, 39],
            running: Some(RED),
            ..ClockStart::default()
        };
        let mut c = clock(Game::Xiangqi, "national", start);
        c.elapse(sec(30)).unwrap();
        c.move_made(RED); // the 40th move, not pressed
        c.elapse(sec(31)).unwrap();
        let f = c.flag().unwrap();
        assert_eq!(f.clause, "xq.timing.clock-not-pressed");
        assert_eq!(
            f.at,
            sec(60),
            "1:30:00 on red's clock, a minute after the start"
        );
    }

    #[test]
    fn provincial_control_carries_nothing() {
        let start = ClockStart {
            used: [min(50), min(40)],
            moves: [34, 34],
            running: Some(RED),
            ..ClockStart::default()
        };
        let mut c = clock(Game::Xiangqi, "provincial", start);
        assert_eq!(c.report(RED).quota, Some(0));
        c.elapse(min(11)).unwrap();
        let r = c.report(RED);
        assert_eq!(
            (r.period, r.quota, r.remaining),
            (Some(2), Some(10), min(9))
        );
    }

    #[test]
    fn per_move_control_spends_the_bank_then_flags() {
        let mut c = running(Game::Xiangqi, "per-move");
        play(&mut c, RED, min(2));
        assert_eq!(c.report(RED).bank, Some(min(30)));
        play(&mut c, BLACK, Span::ZERO);
        play(&mut c, RED, min(31)); // 29 minutes over: 1 left in the bank
        assert_eq!(c.report(RED).bank, Some(min(1)));
        play(&mut c, BLACK, Span::ZERO);
        c.elapse(min(3)).unwrap();
        assert!(
            c.flag().is_none(),
            "2 minutes plus the last minute of the bank"
        );
        c.elapse(Span(1)).unwrap();
        let f = c.flag().unwrap();
        assert_eq!(
            (f.side, f.clause.as_str()),
            (RED, "xq.timing.per-move-system")
        );
    }

    #[test]
    fn a_penalty_past_the_limit_flags_with_its_clause() {
        let start = ClockStart {
            used: [min(80), min(116)],
            moves: [59, 59],
            running: Some(BLACK),
            ..ClockStart::default()
        };
        let mut c = clock(Game::Xiangqi, "national", start);
        c.charge(BLACK, min(5), "xq.draw.sixty-move-false-claim")
            .unwrap();
        let f = c.flag().unwrap();
        assert_eq!(f.side, BLACK);
        assert_eq!(f.clause, "xq.draw.sixty-move-false-claim");
        // With the quota met the same penalty only moves black into the next period.
        let start = ClockStart {
            used: [min(80), min(116)],
            moves: [60, 60],
            running: Some(BLACK),
            ..ClockStart::default()
        };
        let mut c = clock(Game::Xiangqi, "national", start);
        c.charge(BLACK, min(5), "xq.draw.sixty-move-false-claim")
            .unwrap();
        assert!(c.flag().is_none());
        assert_eq!(c.report(BLACK).period, Some(3));
    }

    #[test]
    fn lateness_forfeits_one_or_both_at_the_limit() {
        let start = ClockStart {
            running: Some(RED),
            absent: vec![BLACK],
            lateness_limit: Some(min(30)),
            ..ClockStart::default()
        };
        let mut c = clock(Game::Xiangqi, "national", start.clone());
        play(&mut c, RED, min(1)); // black's clock runs while he is absent
                                   // 四 (二): the limit is measured on the clock (若棋钟有一方超过了…时限): at game time
                                   // 30:00 black's clock shows 29:00, and he is not yet forfeited.
        c.elapse(min(29)).unwrap();
        assert!(c.late_forfeit().is_none());
        assert_eq!(c.report(BLACK).used, min(29));
        c.elapse(min(1)).unwrap();
        assert!(c.late_forfeit().is_none());
        c.elapse(Span(1)).unwrap();
        let l = c.late_forfeit().unwrap();
        assert_eq!(
            (l.sides.clone(), l.clause.as_str(), l.at),
            (vec![BLACK], "xq.lateness.one-side-absent", min(31))
        );
        assert_eq!(c.report(BLACK).used, min(30));
        let mut both = clock(
            Game::Xiangqi,
            "national",
            ClockStart {
                absent: vec![RED, BLACK],
                ..start
            },
        );
        both.elapse(min(31)).unwrap();
        let l = both.late_forfeit().unwrap();
        assert_eq!(
            (l.sides.len(), l.clause.as_str()),
            (2, "xq.lateness.both-late")
        );
    }

    #[test]
    fn both_absent_draughts_splits_xiangqi_charges_each_his_own() {
        let start = ClockStart {
            running: Some(RED),
            absent: vec![RED, BLACK],
            ..ClockStart::default()
        };
        let mut d = clock(Game::Russian, "sudden-death-60m", start.clone());
        d.elapse(min(10)).unwrap();
        d.arrive(BLACK).unwrap(); // black first: 5 minutes on each clock, white's restarts
        assert_eq!((d.report(RED).used, d.report(BLACK).used), (min(5), min(5)));
        assert_eq!(d.running(), Some(RED));
        let mut x = clock(
            Game::Xiangqi,
            "national",
            ClockStart {
                lateness_limit: Some(min(30)),
                ..start
            },
        );
        x.elapse(min(10)).unwrap();
        x.arrive(BLACK).unwrap();
        x.elapse(min(5)).unwrap();
        x.arrive(RED).unwrap();
        assert_eq!(
            (x.report(RED).used, x.report(BLACK).used),
            (min(15), min(10))
        );
    }

    #[test]
    fn a_replaced_clock_is_set_from_the_elapsed_time() {
        let start = ClockStart {
            used: [min(50), min(40)],
            moves: [30, 30],
            running: Some(RED),
            ..ClockStart::default()
        };
        let mut one = clock(Game::Xiangqi, "national", start.clone());
        one.replace([Some(min(70)), Some(min(35))], Some(RED))
            .unwrap();
        assert_eq!(
            (one.report(RED).used, one.report(BLACK).used),
            (min(55), min(35))
        );
        let mut both = clock(Game::Xiangqi, "national", start);
        both.replace([Some(min(46)), Some(min(38))], None).unwrap();
        assert_eq!(
            (both.report(RED).used, both.report(BLACK).used),
            (min(49), min(41))
        );
    }

    #[test]
    fn rescaling_follows_the_seed_example_and_its_exceptions() {
        let start = ClockStart {
            used: [min(90), min(60)],
            moves: [30, 30],
            running: Some(RED),
            ..ClockStart::default()
        };
        let mut c = clock(Game::Xiangqi, "national", start.clone());
        let r = c.rescale(20, 30, [19, 19]).unwrap();
        assert!(r.applied);
        assert_eq!(r.after, [min(60), min(40)]);
        assert_eq!(c.report(RED).moves, 19);
        let mut recent = clock(Game::Xiangqi, "national", start.clone());
        let r = recent.rescale(29, 30, [28, 28]).unwrap();
        assert!(!r.applied);
        assert_eq!(r.clause, "xq.timing.recent-error-no-adjustment");
        assert_eq!(recent.report(RED).used, min(90));
        let mut older = clock(Game::Xiangqi, "national", start);
        assert!(older.rescale(28, 30, [27, 27]).unwrap().applied);
        // Draughts (chess laws art. 12.6): not applied if it leaves less than 5 minutes.
        let start = ClockStart {
            used: [min(58), min(20)],
            moves: [30, 30],
            running: Some(RED),
            ..ClockStart::default()
        };
        let mut d = clock(Game::Russian, "sudden-death-60m", start);
        let r = d.rescale(29, 30, [28, 28]).unwrap();
        assert!(!r.applied, "{r:?}");
        assert_eq!(r.clause, "chess.irregularity.time-reallocation-minimum");
    }

    #[test]
    fn a_setup_past_a_missed_quota_is_refused() {
        let control = controls().get(Game::Xiangqi, "national").unwrap().clone();
        let start = ClockStart {
            used: [min(95), Span::ZERO],
            moves: [38, 0],
            ..ClockStart::default()
        };
        let e = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap_err();
        assert!(e.0.contains("40 moves were due by 1:30:00"), "{e}");
    }
}
