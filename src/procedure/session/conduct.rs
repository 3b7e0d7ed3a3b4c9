//! The players' conduct: breaches recorded, counted violations and their limit, incomplete
//! score sheets.

use super::{Breach, Session, Side, ViolationKind};
use crate::outcome::{ClauseId, Outcome, Score};
use crate::procedure::ProcedureError;

impl Session {
    pub(super) fn breach(&mut self, side: Side, kind: &str, clause: &str, counted: bool) {
        self.breaches.push(Breach {
            side,
            kind: kind.to_owned(),
            clause: clause.to_owned(),
            counted,
        });
    }

    /// A score sheet found lacking `moves` moves (第四章 第三节): within the limit nothing
    /// happens; beyond it the side's first time is a reminder (an uncounted breach
    /// `omission-reminder`) and every later time a counted `recording-omissions` violation.
    pub(super) fn unrecorded(
        &mut self,
        side: Side,
        moves: u32,
        time_pressure: bool,
    ) -> Result<(), ProcedureError> {
        let limits = self
            .policy
            .omissions
            .ok_or(ProcedureError::WrongGame("unrecorded"))?;
        let limit = if time_pressure {
            limits.pressed
        } else {
            limits.calm
        };
        if moves <= limit {
            return Ok(());
        }
        let reminded = self.reminded.slot(side);
        if limits.first_is_reminder && !*reminded {
            *reminded = true;
            self.breach(side, "omission-reminder", limits.penalty_clause, false);
        } else {
            self.count(
                side,
                ViolationKind::RecordingOmissions.name(),
                limits.penalty_clause,
            );
        }
        Ok(())
    }

    /// A side's stop of the clocks just before it resigned or agreed a draw: not a violation
    /// after all (第三章 第六节 三 (四): 自动认输或同意作和不受此限).
    pub(super) fn uncount_stop(&mut self, side: Side) {
        if let Some(b) = self
            .breaches
            .iter_mut()
            .rev()
            .find(|b| b.side == side && b.counted && b.kind == "stopping-clock")
        {
            b.counted = false;
            *self.counts.slot(side) -= 1;
        }
    }

    /// Counts a violation; reaching the limit loses.
    pub(super) fn count(&mut self, side: Side, kind: &str, clause: &str) {
        self.breach(side, kind, clause, true);
        let n = self.counts.slot(side);
        *n += 1;
        if *n >= self.policy.violation_limit {
            self.verdict = Some(Outcome::new(
                Score::Win(side.other()),
                self.policy.violation_limit_reason.clone(),
                Some(ClauseId::from(self.policy.violation_limit_clause)),
            ));
        }
    }
}
