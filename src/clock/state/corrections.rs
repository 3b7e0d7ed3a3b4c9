//! Corrections to a [`Clock`]: penalties charged, times set by the arbiter, a faulty clock
//! replaced, times rescaled after an error.

use super::{ix, Clock, ClockError, Rescaling};
use crate::clock::control::Period;
use crate::clock::forcing::ForcingRun;
use crate::clock::Span;
use crate::Side;

impl Clock {
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
    pub(super) fn resettle(&mut self, side: Side) -> Result<(), ClockError> {
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
}
