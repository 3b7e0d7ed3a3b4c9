//! The session's game clock: what a move, a forcing move or the arbiter's time does to it, and
//! the flags and lateness forfeits that end the game.

use super::{Session, Side};
use crate::clock::{Clock, Span};
use crate::outcome::{Outcome, Reason, Score};
use crate::procedure::ProcedureError;

impl Session {
    /// The clock, or the error naming what needed it.
    pub(super) fn clock_mut(&mut self, what: &'static str) -> Result<&mut Clock, ProcedureError> {
        self.clock
            .as_deref_mut()
            .ok_or(ProcedureError::NoClock(what))
    }

    /// A flag or a lateness forfeit on the clock ends the game.
    pub(super) fn check_clock(&mut self) {
        if self.verdict.is_some() {
            return;
        }
        let Some(clock) = &self.clock else {
            return;
        };
        if let Some(f) = clock.flag() {
            self.verdict = Some(Outcome::new(
                Score::Win(f.side.other()),
                Reason::TimeForfeit,
                Some(f.clause.clone().into()),
            ));
        } else if let Some(l) = clock.late_forfeit() {
            self.verdict = Some(match l.sides.as_slice() {
                [one] => Outcome::new(
                    Score::Win(one.other()),
                    Reason::LateForfeit,
                    Some(l.clause.clone().into()),
                ),
                _ => Outcome::new(
                    Score::BothLost,
                    Reason::BothLate,
                    Some(l.clause.clone().into()),
                ),
            });
        }
    }

    /// The clock after a move by `mover` on the board.
    pub(super) fn clock_moved(&mut self, mover: Side, pressed: bool) {
        if let Some(c) = &mut self.clock {
            c.move_made(mover);
            if pressed {
                c.press(mover);
            }
        }
    }

    /// The forcing-move count of the move just played by `mover` (xiangqi 第四章 第二节 一
    /// (五)): a forcing move goes on its piece's run, any other move ends the run.
    pub(super) fn clock_forcing(
        &mut self,
        mover: Side,
        forcing: bool,
    ) -> Result<(), ProcedureError> {
        let Some(c) = &mut self.clock else {
            return match forcing {
                true => Err(ProcedureError::NoClock("a forcing move")),
                false => Ok(()),
            };
        };
        if !forcing {
            c.plain_move(mover);
            return Ok(());
        }
        // The clock names the piece's run by the move's text: its first two characters
        // (the origin square in ICCS) and the rest.
        let played = self.moves.last().map(|m| m.text()).unwrap_or_default();
        let (from, to) = played.split_at(played.len().min(2));
        c.forcing_move(mover, from, to)?;
        Ok(())
    }

    /// Time that passes with the clocks stopped (the arbiter at work), then restarted.
    pub(super) fn clocks_stopped_for(&mut self, span: Span) -> Result<(), ProcedureError> {
        if let Some(c) = &mut self.clock {
            let running = c.running();
            c.stop();
            c.elapse(span)?;
            if let Some(side) = running {
                c.start(side);
            }
        }
        Ok(())
    }
}
