//! Moves and presses on a [`Clock`]: a move made or taken back, the clock pressed, stopped,
//! started or restarted, sides exchanged.

use super::{ix, Clock, ClockError, Dial};
use crate::clock::control::Timing;
use crate::clock::forcing::ForcingRun;
use crate::clock::Span;
use crate::Side;

impl Clock {
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
}
