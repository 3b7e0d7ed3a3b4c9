//! The flag on a [`Clock`]: its fall, a fall reported by a player or found after the result,
//! a fall forgiven or reclaused, and the forcing-move runs that decide a flag fall.

use super::{ix, Clock, ClockError, Flag, FlagFinding, FlagNotice, InvalidMove};
use crate::clock::control::Timing;
use crate::Side;

impl Clock {
    pub(super) fn fall(&mut self, side: Side) {
        self.fall_by(side, None);
    }

    /// The flag of `side` falls; `by` names the clause when another rule than the control's
    /// decided it (a penalty).
    pub(super) fn fall_by(&mut self, side: Side, by: Option<&str>) {
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
        if by == Some(side) && !self.rules.own_flag_report_heard {
            return Ok(FlagFinding::NotDown(side));
        }
        if let (Some(a), Some(b)) = (&self.down[0], &self.down[1]) {
            let first = if a.at <= b.at {
                Side::First
            } else {
                Side::Second
            };
            if self.rules.both_flags_first_loses {
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
}
