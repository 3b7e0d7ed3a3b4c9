//! Time passing on a [`Clock`]: the periods and controls each side is in, the time carried
//! between them, and the quota checks at the end of a period.

use super::{ix, Clock, ClockError};
use crate::clock::control::{Period, Timing};
use crate::clock::rules::MatchTime;
use crate::clock::Span;
use crate::Side;

impl Clock {
    pub(super) fn periods(&self) -> Option<&[Period]> {
        match &self.control.timing {
            Timing::Periods(p) => Some(p),
            _ => None,
        }
    }

    /// Places a dial's period state from its used time and moves: the periods it has passed
    /// are taken to have had their quotas met exactly (or as `quota` says for the current one).
    pub(super) fn settle_periods(
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
    pub(super) fn headroom(&self, side: Side) -> Span {
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

    pub(super) fn refuse_if_decided(&self) -> Result<(), ClockError> {
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
    pub(super) fn next_period(&mut self, side: Side) -> bool {
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

    /// With both flags down (art. 12.8): the side's next move is the first move of the period
    /// after the one whose end passed; its quota counts from the moves made now.
    pub(super) fn next_control(&mut self, side: Side, clause: &str) {
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

    /// The time left from the previous game of a match, as the rules say: not carried
    /// (draughts art. 8 item 2.10), or added to each side's time.
    pub(super) fn carry(&mut self, left: [Span; 2]) -> Result<(), ClockError> {
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
}
