//! Late arrival on a [`Clock`]: the lateness each absent side has run up and the forfeit at
//! its limit.

use super::{ix, Clock, ClockError, LateForfeit};
use crate::clock::rules::{BothAbsent, LatenessMeasure};
use crate::clock::Span;
use crate::Side;

impl Clock {
    /// An absent side's lateness as the rules measure it (`LatenessMeasure`): the game
    /// time, or the lateness he is charged — his own clock's time while away, or the game
    /// time when both were absent at the start (each charged his own lateness).
    pub(super) fn lateness(&self, side: Side) -> Span {
        match self.rules.lateness_measure {
            LatenessMeasure::GameTime => self.wall,
            LatenessMeasure::Charged if self.both_absent_at_start => self.wall,
            LatenessMeasure::Charged => self.absent_ran[ix(side)],
        }
    }

    /// The time until an absent side's lateness reaches the limit, when it grows while
    /// `run` runs (`None`: present, no limit, or his lateness stands still).
    pub(super) fn to_lateness_limit(&self, side: Side, run: Option<Side>) -> Option<Span> {
        let limit = self.lateness_limit.filter(|_| self.absent[ix(side)])?;
        let grows = match self.rules.lateness_measure {
            LatenessMeasure::GameTime => true,
            LatenessMeasure::Charged => self.both_absent_at_start || run == Some(side),
        };
        grows.then(|| limit.minus(self.lateness(side)))
    }

    pub(super) fn lateness_forfeit(&mut self) {
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
}
