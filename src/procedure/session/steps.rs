//! Applying an event to a session: its timing first, then the adjournment's part, then the
//! board's and the clock's.

use super::{
    Adjustment, BreachKind, Event, EventTime, IllegalHandling, OfferAfterPress, Pending, Session,
    Side, ViolationKind,
};
use crate::clause;
use crate::clock::{ClaimClock, PlayerStop, Span};
use crate::outcome::{ClauseId, OfferAnswer, Outcome, Reason, Score};
use crate::procedure::adjourn::{Adjournment, Phase};
use crate::procedure::touch::{Touch, TouchOrigin};
use crate::procedure::ProcedureError;

impl Session {
    /// Applies one event. On error the session is unchanged.
    pub fn apply(&mut self, event: Event) -> Result<(), ProcedureError> {
        if let Some(o) = self.outcome().cloned() {
            // A flag found down after a resignation or an agreed draw: the result stands
            // (chess laws art. 12.7).
            if let (Event::FlagReport { side, .. }, Some(c)) = (&event, &mut self.clock) {
                if !c.decided() && c.found_after_result(*side).is_some() {
                    if !c.rules().result_stands_after_flag {
                        self.verdict = Some(Outcome::new(
                            Score::Win(side.other()),
                            Reason::TimeForfeit,
                            None,
                        ));
                    }
                    return Ok(());
                }
            }
            // Stopping the clocks once the game is resigned or drawn by agreement is no
            // violation (第三章 第六节 三 (四): 自动认输或同意作和不受此限); they stand already.
            let inner = match &event {
                Event::Timed { event, .. } => &**event,
                e => e,
            };
            if matches!(inner, Event::StopClocks(Some(_)))
                && matches!(o.reason, Reason::Resignation | Reason::Agreement)
            {
                return Ok(());
            }
            // An error found after the end: the result stands (第四章 第一节 三 (二), (三)).
            let stands = match &event {
                Event::Correction { error, at } => Some(self.correction_after_end(*error, *at)?),
                _ => None,
            };
            match stands {
                Some(true) => return Ok(()),
                Some(false) => {}
                None => return Err(ProcedureError::GameOver(o.describe(self.policy.game))),
            }
        }
        let fresh = self.fresh_illegal.take();
        // The history is moved into the next state, not copied (a copy per event would make
        // a game of n moves cost O(n²)); if the event fails it is put back as it was.
        let moves = std::mem::take(&mut self.moves);
        let judge = self.judge.take();
        let mut next = self.clone();
        next.mark = moves.len();
        next.moves = moves;
        next.judge = judge;
        next.undo = None;
        let demanded = next.demanded.take();
        if let Err(e) = next.step_timed(event, fresh, demanded) {
            let (mark, mut moves) = (next.mark, next.moves);
            match next.undo {
                Some(before) => moves = before,
                None => moves.truncate(mark),
            }
            // A judge that judged a move of the failed event is dropped (and rebuilt by the
            // next change of the history).
            self.judge = next
                .judge
                .filter(|(start, j)| **start == *self.start && j.plies() == moves.len());
            self.moves = moves;
            self.fresh_illegal = fresh;
            return Err(e);
        }
        next.undo = None;
        next.check_clock();
        if next.outcome().is_some() {
            if let Some(c) = &mut next.clock {
                c.stop();
            }
        }
        *self = next;
        Ok(())
    }

    /// The time of an event passes first; a flag that falls meanwhile ends the game before
    /// the event happens.
    fn step_timed(
        &mut self,
        event: Event,
        fresh: Option<Side>,
        demanded: Option<Box<Pending>>,
    ) -> Result<(), ProcedureError> {
        let (event, time) = match event {
            Event::Timed { event, time } => (*event, time),
            other => (other, EventTime::default()),
        };
        check_timing(&event, &time)?;
        if time != EventTime::default() {
            let clock = self.clock_mut("timing an event")?;
            if let Some(d) = time.elapsed {
                clock.elapse(d)?;
            } else if let Some(at) = time.at {
                clock.elapse_until(at)?;
            }
            if clock.decided() {
                return Ok(());
            }
        }
        let Some(event) = self.adjourn_step(event, &time)? else {
            return Ok(());
        };
        let mover = self.turn();
        let moving = matches!(event, Event::Move(_) | Event::Illegal { .. });
        self.board_step(event, fresh, demanded, &time)?;
        if moving {
            if let Some(Adjournment {
                phase: Phase::Resumed { moved, .. },
                ..
            }) = self.adjournment.as_deref_mut()
            {
                moved[usize::from(mover == Side::Second)] = true;
            }
        }
        Ok(())
    }

    fn board_step(
        &mut self,
        event: Event,
        fresh: Option<Side>,
        demanded: Option<Box<Pending>>,
        time: &EventTime,
    ) -> Result<(), ProcedureError> {
        if self.pending.is_some() {
            match event {
                Event::Accept
                | Event::Correct
                | Event::RefuseCorrection(_)
                | Event::Resign(_)
                | Event::Violation { .. }
                | Event::Forfeit { .. } => {}
                // Art. 7.7: going on with the game (touching or moving) without demanding
                // correction accepts the position.
                Event::Move(_) | Event::Touch { side: None, .. } => self.settle()?,
                Event::Touch { side: Some(s), .. } if s == self.turn() => self.settle()?,
                _ => return Err(ProcedureError::Pending),
            }
        }
        // A stop of the clocks is fresh for this event only (a draw offer passes it on).
        let stopped = self.fresh_stop.take();
        match event {
            Event::Move(text) => {
                let mover = self.turn();
                self.play(text)?;
                self.clock_forcing(mover, time.forcing)?;
                self.clock_moved(mover, time.pressed.unwrap_or(true));
                Ok(())
            }
            Event::FlagReport { side, by } => {
                self.clock_mut("a flag report")?.report_flag(side, by)?;
                Ok(())
            }
            Event::Elapse(span) => Ok(self.clock_mut("elapse")?.elapse(span)?),
            Event::Press(side) => {
                self.clock_mut("press")?.press(side);
                Ok(())
            }
            Event::StopClocks(by) => {
                let (rule, clause) = self.clock_mut("stopping the clocks")?.rules().player_stop;
                self.clock_mut("stopping the clocks")?.stop();
                match by {
                    None => {}
                    Some(side) if rule == PlayerStop::Loses => {
                        self.breach(side, BreachKind::StoppedClock, clause, false);
                        self.verdict = Some(Outcome::new(
                            Score::Win(side.other()),
                            Reason::StoppedClock,
                            Some(ClauseId::from(clause)),
                        ));
                    }
                    Some(side) => {
                        self.count(side, ViolationKind::StoppingClock, clause);
                        self.fresh_stop = Some(side);
                    }
                }
                Ok(())
            }
            Event::StartClocks(side) => {
                self.clock_mut("starting the clocks")?.start(side);
                Ok(())
            }
            Event::Arrive(side) => Ok(self.clock_mut("an arrival")?.arrive(side)?),
            Event::ReplaceClock { shown, faulty } => Ok(self
                .clock_mut("replacing the clock")?
                .replace(shown, faulty)?),
            Event::SetClock { side, used } => {
                Ok(self.clock_mut("setting the clock")?.set_used(side, used)?)
            }
            Event::CorrectError { number, side } => self.correct_error(number, side),
            Event::Correction { error, at } => self.correct(error, at),
            Event::Timed { .. } => Err(ProcedureError::Clock(
                "an event has one timing, not a timed event inside another".to_owned(),
            )),
            Event::Touch { squares, side } => {
                let refs: Vec<&str> = squares.iter().map(String::as_str).collect();
                let touch = Touch::at(&self.board, &refs)?;
                let by = side.unwrap_or(self.turn());
                if by == self.turn() {
                    self.touches.push(touch);
                } else if let Some(clause) = self.policy.touch_off_move_clause {
                    self.breach(by, BreachKind::TouchOffMove, clause, false);
                }
                Ok(())
            }
            Event::Accidental(square) => {
                Touch::at(&self.board, &[square.as_str()])?;
                Ok(())
            }
            Event::Adjust(Adjustment { square, announced }) => {
                let touch = Touch::at(&self.board, &[square.as_str()])?;
                if !announced && self.policy.unannounced_adjust_touches {
                    self.touches.push(touch);
                }
                Ok(())
            }
            Event::Illegal {
                text,
                side,
                fen,
                removed,
            } => {
                let offender = side.unwrap_or(self.turn());
                self.illegal(&text, side, fen.as_deref(), removed.as_deref())?;
                match self.policy.illegal {
                    // Taken back at once: no move towards the quota, the time not given back.
                    IllegalHandling::TakenBack => {
                        if let Some(c) = &mut self.clock {
                            c.move_taken_back(offender);
                        }
                    }
                    IllegalHandling::OpponentChooses => {
                        self.clock_moved(offender, time.pressed.unwrap_or(true))
                    }
                }
                Ok(())
            }
            Event::Accept => {
                if self.pending.is_none() {
                    return Err(ProcedureError::NothingPending);
                }
                self.settle()
            }
            Event::Correct => {
                let p = self.pending.take().ok_or(ProcedureError::NothingPending)?;
                let offender = p.irregular.offender;
                if let Some(c) = &mut self.clock {
                    c.undo_move(offender);
                }
                if let Some(span) = time.arbiter {
                    // Art. 8 item 2.8: the arbiter's time is charged to the offender.
                    self.clocks_stopped_for(span)?;
                    if let Some(c) = &mut self.clock {
                        if let Some(clause) = c.rules().correction_charged_clause {
                            c.charge(offender, span, clause)?;
                        }
                    }
                }
                self.demanded = Some(p.clone());
                self.set_board(p.before);
                self.touches = p.touches;
                if let Some(spot) = p.irregular.moved {
                    if p.irregular.offender == self.turn() && self.policy.retaken_piece_touched {
                        self.touches.push(Touch {
                            squares: vec![spot],
                            origin: TouchOrigin::IllegalMove,
                        });
                    }
                }
                Ok(())
            }
            Event::RefuseCorrection(side) => {
                // Only an irregular move left for the opponent to correct can be refused.
                if self.policy.illegal != IllegalHandling::OpponentChooses {
                    return Err(ProcedureError::WrongGame("refusing a correction"));
                }
                let p = demanded
                    .filter(|p| p.irregular.offender == side)
                    .ok_or_else(|| ProcedureError::NoCorrectionDemanded {
                        side: side.name(self.policy.game).to_owned(),
                    })?;
                // Art. 7.8, 14.3.1: the correction is not made, the irregular position
                // stays; art. 14.4: the offender loses the game.
                self.set_board(p.irregular.after);
                self.touches.clear();
                self.breach(
                    side,
                    BreachKind::RefusedCorrection,
                    REFUSED_CORRECTION_CLAUSE,
                    false,
                );
                if self.policy.refused_correction_loses {
                    self.verdict = Some(Outcome::new(
                        Score::Win(side.other()),
                        Reason::RefusedCorrection,
                        Some(ClauseId::from(REFUSED_CORRECTION_CLAUSE)),
                    ));
                }
                Ok(())
            }
            Event::Violation { side, kind } => {
                let kinds = self.policy.violation_kinds;
                let (_, clause) = kinds.iter().find(|(k, _)| *k == kind).ok_or_else(|| {
                    ProcedureError::ViolationKind {
                        kind,
                        expected: kinds
                            .iter()
                            .map(|(k, _)| k.name())
                            .collect::<Vec<_>>()
                            .join(", "),
                    }
                })?;
                self.count(side, kind, clause);
                Ok(())
            }
            Event::Unrecorded {
                side,
                moves,
                time_pressure,
            } => self.unrecorded(side, moves, time_pressure),
            Event::Offer(side) => {
                // Draughts art. 12.4 (a)–(c), xiangqi 第一章 第四节 二 (二): the offer is made on
                // one's own time, after the move and before pressing the clock.
                if let Some(c) = &self.clock {
                    if c.running().is_some() && c.running() != Some(side) {
                        let clause = self.policy.offer_after_press_clause;
                        self.breach(side, BreachKind::OfferAfterPress, clause, false);
                        if self.policy.offer_after_press == OfferAfterPress::Void {
                            return Ok(());
                        }
                    }
                }
                self.fresh_stop = stopped;
                self.offer(side)
            }
            Event::Answer { accept } => {
                let offer = self
                    .offers
                    .iter_mut()
                    .rfind(|o| o.answer == OfferAnswer::Pending)
                    .ok_or(ProcedureError::NoOffer)?;
                if accept {
                    offer.answer = OfferAnswer::Accepted;
                    if let Some(stopper) = stopped {
                        self.uncount_stop(stopper);
                    }
                    self.verdict = Some(Outcome::new(
                        Score::Draw,
                        Reason::Agreement,
                        Some(ClauseId::from(self.policy.agreement_clause)),
                    ));
                } else {
                    offer.answer = OfferAnswer::Refused;
                }
                Ok(())
            }
            Event::Claim { kind, by } => {
                let game = self.policy.game;
                let claimant = by.unwrap_or(self.turn());
                let mut ruling_clock = None;
                if let (Some(span), Some(c)) = (time.arbiter, &mut self.clock) {
                    let (mode, clause) = c.rules().claim_clock;
                    match mode {
                        ClaimClock::Runs => {
                            c.elapse_through(span)?;
                            ruling_clock = Some(clause);
                        }
                        ClaimClock::Stopped => self.clocks_stopped_for(span)?,
                    }
                }
                // The judge of the history rules on it where it stands; without one (it is
                // rebuilt by the next change of the history) the rules replay the history.
                let ruling = match &self.judge {
                    Some((start, judge))
                        if **start == *self.start && judge.plies() == self.moves.len() =>
                    {
                        judge.claim(kind, by)
                    }
                    _ => {
                        let by = by.map(|s| s.name(game));
                        let (fen, moves) = self.history_text();
                        self.rules().claim(&fen, &moves, kind.name(), by)
                    }
                }
                .map_err(|e| ProcedureError::Rules(e.to_string()))?;
                let flagged = self.clock.as_ref().and_then(|c| c.flag()).map(|f| f.side);
                if let (Some(clause), Some(c)) = (ruling_clock, &mut self.clock) {
                    // Art. 8 item 2.7: a flag while the arbiter rules on the claim is ignored
                    // when the claim is upheld; refused, the claimant loses.
                    if ruling.upheld && flagged == Some(claimant) {
                        c.forgive_flag(clause);
                    } else if c.flag().is_some() {
                        c.reclause_flag(clause);
                    }
                }
                if ruling.upheld {
                    self.verdict = ruling.outcome.outcome.clone();
                } else if let Some(p) = &ruling.penalty {
                    let side = p.side;
                    *self.penalties.slot(side) += p.seconds;
                    if let Some(c) = &mut self.clock {
                        if !c.decided() {
                            let clause =
                                c.rules()
                                    .penalty_clause
                                    .unwrap_or(ruling.clause.as_ref().map_or(
                                        clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM,
                                        ClauseId::as_str,
                                    ));
                            let clause = clause.to_owned();
                            c.charge(side, Span::from_secs(u64::from(p.seconds)), &clause)?;
                        }
                    }
                }
                self.claims.push(ruling);
                Ok(())
            }
            Event::Resign(side) => {
                if stopped == Some(side) {
                    self.uncount_stop(side);
                }
                if fresh == Some(side) && self.policy.resigning_at_once_uncounts {
                    // 第三章 第六节 三 (一): resigning at once, the illegal move is not counted.
                    if let Some(b) = self
                        .breaches
                        .iter_mut()
                        .rev()
                        .find(|b| b.side == side && b.counted)
                    {
                        b.counted = false;
                        *self.counts.slot(side) -= 1;
                    }
                }
                self.verdict = Some(Outcome::new(
                    Score::Win(side.other()),
                    Reason::Resignation,
                    Some(ClauseId::from(self.policy.resignation_clause)),
                ));
                Ok(())
            }
            Event::Forfeit { side, reason } => {
                self.verdict = Some(Outcome::new(
                    Score::Win(side.other()),
                    Reason::Forfeit(reason),
                    None,
                ));
                Ok(())
            }
            Event::Adjourn
            | Event::Seal(_)
            | Event::Resume { .. }
            | Event::SealReply(_)
            | Event::EnvelopeLost { .. }
            | Event::LeaveHall(_)
            | Event::AgreeDraw
            | Event::ClockObjection(_) => Err(ProcedureError::Adjournment(
                "this event belongs to an adjournment".to_owned(),
            )),
        }
    }
}

/// The catalog clause of a loss by refusing to correct an irregular move (art. 14.4).
const REFUSED_CORRECTION_CLAUSE: &str = clause::D64_PENALTY_REFUSED_TECHNICAL_CORRECTION_LOSES;

/// Whether `time` may go with `event`: one timing, and each field only with the events it
/// times.
fn check_timing(event: &Event, time: &EventTime) -> Result<(), ProcedureError> {
    if matches!(event, Event::Timed { .. }) {
        return Err(ProcedureError::Clock(
            "an event has one timing, not a timed event inside another".to_owned(),
        ));
    }
    if time.forcing && !matches!(event, Event::Move(_)) {
        return Err(ProcedureError::Clock(
            "`forcing` goes with a move only".to_owned(),
        ));
    }
    if time.pressed.is_some() && !matches!(event, Event::Move(_) | Event::Illegal { .. }) {
        return Err(ProcedureError::Clock(
            "`pressed` goes with a move (or an illegal move) only".to_owned(),
        ));
    }
    if time.arbiter.is_some()
        && !matches!(event, Event::Claim { .. } | Event::Correct | Event::Adjourn)
    {
        return Err(ProcedureError::Clock(
            "the arbiter's time goes with a claim, a correction or an adjournment only".to_owned(),
        ));
    }
    if time.elapsed.is_some() && time.at.is_some() {
        return Err(ProcedureError::Clock(
            "give the time an event took or the time it happened at, not both".to_owned(),
        ));
    }
    Ok(())
}
