//! The adjournment of a session: the sealing, the envelope, the resumption and what can go
//! wrong with them (see [`adjourn`](crate::procedure::adjourn)).

use super::{event_name, Event, EventTime, Seal, Session, Side, ViolationKind};
use crate::clause;
use crate::clock::Span;
use crate::outcome::{ClauseId, Outcome, Reason, Score};
use crate::procedure::adjourn::{
    Adjournment, EarlySeal, Envelope, Objection, Phase, SealStop, SealedError, SealedMove,
};
use crate::procedure::{Board, ProcedureError};

impl Session {
    /// The adjournment's part of an event: `None` when the adjournment handled it, the
    /// event back when the board and the clock take it as usual.
    pub(super) fn adjourn_step(
        &mut self,
        event: Event,
        time: &EventTime,
    ) -> Result<Option<Event>, ProcedureError> {
        let err = |m: String| Err(ProcedureError::Adjournment(m));
        let game = self.policy.game;
        let steps = self.adjourn_rules.steps;
        let phase = self.adjournment.as_deref().map(|a| a.phase.clone());
        match (phase, event) {
            (None | Some(Phase::Resumed { .. }), Event::Adjourn) => {
                if let Some(Phase::Resumed { opened, reply, .. }) =
                    self.adjournment.as_deref().map(|a| &a.phase)
                {
                    if !opened || reply.is_some() {
                        return err("the resumption is not complete: the game cannot be adjourned again yet".to_owned());
                    }
                }
                if self.pending.is_some() {
                    return Err(ProcedureError::Pending);
                }
                if let Some(span) = time.arbiter {
                    // Draughts art. 11 item 3.1: recording the position is charged to nobody.
                    self.clocks_stopped_for(span)?;
                }
                let clock = self.clock_mut("an adjournment")?;
                let announced_used = Side::BOTH.map(|s| clock.report(s).used);
                let sealer = match steps.side_to_move_seals {
                    true => self.turn(),
                    false => self.turn().other(),
                };
                self.adjournment = Some(Box::new(Adjournment {
                    phase: Phase::Sealing {
                        sealer,
                        sealed: None,
                        announced_used,
                        left: false,
                    },
                    envelope: None,
                    lost: false,
                    stated: None,
                    objections: Vec::new(),
                }));
                Ok(None)
            }
            (Some(Phase::Sealing { sealer, .. }), Event::LeaveHall(side)) => {
                if side == sealer {
                    if let Some(Adjournment { phase: Phase::Sealing { left, .. }, .. }) = self.adjournment.as_deref_mut() {
                        *left = true;
                    }
                }
                Ok(None)
            }
            (Some(Phase::Sealing { sealer, sealed, left, .. }), ev @ (Event::Seal { .. } | Event::Move(_))) => {
                if let Some(prev) = &sealed {
                    if left && matches!(ev, Event::Seal { .. }) && steps.leaving_ends_change {
                        return err(format!(
                            "{} has left the playing hall since sealing {}: the sealed move can no longer be changed (仅限于未离开过赛场者, xq.adjournment.change-sealed-move)",
                            sealer.name(game), prev.text
                        ));
                    }
                    if prev.on_board {
                        return err(format!(
                            "{} played {} on the board after the adjournment: it is his sealed move and cannot be changed (chess.adjournment.move-on-board-is-sealed-move, xq.adjournment.move-played-on-board)",
                            sealer.name(game), prev.text
                        ));
                    }
                    if self.adjourn_rules.change_clause.is_none() {
                        return err(format!(
                            "{} has sealed {}: these rules make no provision for changing a sealed move",
                            sealer.name(game), prev.text
                        ));
                    }
                }
                let new = match ev {
                    Event::Seal(Seal { text, explained, before_end }) => {
                        if let Some(span) = before_end {
                            match self.adjourn_rules.early_seal {
                                EarlySeal::Charged(clause) => {
                                    self.clock_mut("sealing early")?.charge(sealer, span, clause)?;
                                }
                                EarlySeal::Refused(clause) => {
                                    return err(format!(
                                        "{} cannot seal {span} before the session's end: these rules adjourn a game only at the end of the session or when play must be interrupted ({clause})",
                                        sealer.name(game)
                                    ));
                                }
                            }
                        }
                        SealedMove { text, explained, on_board: false }
                    }
                    Event::Move(text) => {
                        // The move must be legal on the board; it becomes the sealed move.
                        let m = self.board.read_move(&text)?;
                        SealedMove { text: m.text(), explained: None, on_board: true }
                    }
                    _ => unreachable!("matched above"),
                };
                if let Some(Adjournment { phase: Phase::Sealing { sealed, .. }, .. }) = self.adjournment.as_deref_mut() {
                    *sealed = Some(new);
                }
                Ok(None)
            }
            (Some(Phase::Sealing { sealer, sealed, announced_used, .. }), Event::StopClocks(by)) => {
                let proper = match (self.adjourn_rules.stop, by) {
                    (_, None) => true,
                    (SealStop::Sealer, Some(s)) => s == sealer,
                    (SealStop::Arbiter, Some(_)) => false,
                };
                if !proper {
                    // A player stopping the clocks as in any game (draughts: he loses).
                    return Ok(Some(Event::StopClocks(by)));
                }
                let Some(sealed) = sealed else {
                    return err(format!(
                        "{} has not sealed a move yet: the clocks are stopped only after the sealing ({})",
                        sealer.name(game),
                        self.adjourn_rules.stop_clause
                    ));
                };
                let position = Board::clone(&self.board);
                let clock = self.clock_mut("an adjournment")?;
                clock.stop();
                let mut used = Side::BOTH.map(|s| clock.report(s).used);
                if !steps.envelope_times_at_stop {
                    used = announced_used;
                }
                let moves = Side::BOTH.map(|s| clock.moves_made(s));
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.phase = Phase::Adjourned;
                    a.envelope = Some(Envelope {
                        position,
                        sealer,
                        sealed,
                        used,
                        moves,
                    });
                }
                Ok(None)
            }
            (
                Some(Phase::Sealing { .. }),
                ev @ (Event::Elapse(_)
                | Event::Resign(_)
                | Event::Forfeit { .. }
                | Event::Violation { .. }
                | Event::StartClocks(_)
                | Event::Offer(_)
                | Event::Answer { .. }),
            ) => Ok(Some(ev)),
            (Some(Phase::Sealing { sealer, .. }), ev) => err(format!(
                "the game is being adjourned: {} seals his move (`seal`) and the clocks are stopped; `{}` is not possible now",
                sealer.name(game),
                event_name(&ev)
            )),
            (Some(Phase::Adjourned), Event::Resume { set, absent, sheet_missing }) => {
                self.resume(set, absent, sheet_missing).map(|()| None)
            }
            (Some(Phase::Adjourned), Event::EnvelopeLost { restored: false, .. }) => {
                self.void_and_replay().map(|()| None)
            }
            (Some(Phase::Adjourned), Event::EnvelopeLost { stated, restored: true }) => {
                let (sealer, used) = {
                    let e = self.envelope()?;
                    (e.sealer, e.used)
                };
                let Some(stated) = stated else {
                    return err(format!(
                        "the envelope is lost: {} must state the move he sealed, which he then makes on the board (chess.adjournment.lost-envelope-stated-move)",
                        sealer.name(game)
                    ));
                };
                let stated = self.board.read_move(&stated)?.text();
                let clock = self.clock_mut("a resumption")?;
                for s in Side::BOTH {
                    clock.set_used(s, used[usize::from(s == Side::Second)])?;
                }
                match steps.lost_envelope_sealer_clock_starts {
                    true => clock.start(sealer),
                    false => clock.start(sealer.other()),
                }
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.lost = true;
                    a.stated = steps.lost_envelope_stated_move_binds
                        .then_some(stated);
                    a.phase = Phase::Resumed {
                        opened: true,
                        absent: Vec::new(),
                        reply: None,
                        set: used,
                        moved: [false; 2],
                    };
                }
                Ok(None)
            }
            (Some(Phase::Adjourned | Phase::Resumed { opened: false, .. }), Event::AgreeDraw) => {
                // The agreement stands whatever the sealed move (chess laws art. 14.2(1),
                // xiangqi 第四章 第四节 二): the envelope is never judged.
                self.verdict = Some(Outcome::new(Score::Draw, Reason::Agreement, Some(clause::CHESS_ADJOURNMENT_AGREED_RESULT_DURING_ADJOURNMENT.into())));
                Ok(None)
            }
            (
                Some(Phase::Adjourned),
                ev @ (Event::Elapse(_) | Event::Resign(_) | Event::Forfeit { .. }),
            ) => Ok(Some(ev)),
            (Some(Phase::Adjourned), ev) => err(format!(
                "the game is adjourned: `{}` is not possible before it resumes (`resume`, or `envelope_lost`)",
                event_name(&ev)
            )),
            (Some(Phase::Resumed { absent, reply, opened, .. }), Event::Arrive(side))
                if absent.contains(&side) =>
            {
                let sealer = self.envelope()?.sealer;
                if let Some(Adjournment { phase: Phase::Resumed { absent, .. }, .. }) = self.adjournment.as_deref_mut() {
                    absent.retain(|s| *s != side);
                }
                if side != sealer && !opened {
                    self.open_envelope(false)?;
                } else if side == sealer {
                    if let Some(text) = reply {
                        let replier = sealer.other();
                        self.play(text)?;
                        if let Some(c) = &mut self.clock {
                            c.move_made(replier);
                            c.press(replier);
                        }
                        if let Some(Adjournment { phase: Phase::Resumed { reply, moved, .. }, .. }) = self.adjournment.as_deref_mut() {
                            *reply = None;
                            moved[usize::from(replier == Side::Second)] = true;
                        }
                    }
                }
                Ok(None)
            }
            (Some(Phase::Resumed { opened: false, .. }), ev @ (Event::Move(_) | Event::Illegal { .. } | Event::Touch { .. } | Event::Claim { .. } | Event::Offer(_))) => err(format!(
                "the envelope is still closed (the replier is absent): `{}` is not possible before the sealed move is played",
                event_name(&ev)
            )),
            (Some(Phase::Resumed { absent, reply, opened: true, .. }), Event::SealReply(text)) => {
                let sealer = self.envelope()?.sealer;
                if !absent.contains(&sealer) {
                    return err(format!(
                        "{} is present: the reply is played on the board (a reply is sealed only while the sealer is absent)",
                        sealer.name(game)
                    ));
                }
                if reply.is_some() || self.turn() == sealer {
                    return err("the reply has been made already".to_owned());
                }
                if !steps.absent_sealer_reply_waits {
                    return Ok(Some(Event::Move(text)));
                }
                let m = self.board.read_move(&text)?;
                self.clock_mut("sealing a reply")?.start(sealer);
                if let Some(Adjournment { phase: Phase::Resumed { reply, .. }, .. }) = self.adjournment.as_deref_mut() {
                    *reply = Some(m.text());
                }
                Ok(None)
            }
            (Some(Phase::Resumed { reply: Some(_), .. }), ev @ (Event::Move(_) | Event::Illegal { .. } | Event::Touch { .. })) => err(format!(
                "the reply is sealed until the sealer arrives: `{}` is not possible now",
                event_name(&ev)
            )),
            (Some(Phase::Resumed { set, moved, .. }), Event::ClockObjection(by)) => {
                let clause = self.adjourn_rules.objection_clause;
                let upheld = !moved[usize::from(by == Side::Second)]
                    || !steps.objection_before_first_move;
                if upheld {
                    let envelope = self.envelope()?.used;
                    let clock = self.clock_mut("a clock objection")?;
                    for s in Side::BOTH {
                        let i = usize::from(s == Side::Second);
                        let mut since = clock.report(s).used.minus(set[i]);
                        if !steps.objection_keeps_time_since_resumption {
                            since = Span::ZERO;
                        }
                        clock.set_used(s, envelope[i].plus(since))?;
                    }
                    if let Some(Adjournment { phase: Phase::Resumed { set, .. }, .. }) = self.adjournment.as_deref_mut() {
                        *set = envelope;
                    }
                }
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.objections.push(Objection { by, upheld, clause });
                }
                Ok(None)
            }
            (Some(Phase::Resumed { .. }), Event::Move(text))
                if self.adjournment.as_deref().is_some_and(|a| a.stated.is_some()) =>
            {
                let stated = self.adjournment.as_deref().and_then(|a| a.stated.clone()).unwrap_or_default();
                let m = self.board.read_move(&text)?;
                if m.text() != stated {
                    return err(format!(
                        "the envelope was lost and {} stated he sealed {stated}: he makes that move on the board, not {} (chess.adjournment.lost-envelope-stated-move)",
                        self.turn().name(game),
                        m.text()
                    ));
                }
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.stated = None;
                }
                Ok(Some(Event::Move(text)))
            }
            (
                _,
                ev @ (Event::Seal { .. }
                | Event::Resume { .. }
                | Event::SealReply(_)
                | Event::EnvelopeLost { .. }
                | Event::LeaveHall(_)
                | Event::AgreeDraw
                | Event::ClockObjection(_)),
            ) => err(format!(
                "`{}` is not possible {}",
                event_name(&ev),
                match self.adjournment.as_deref().map(|a| a.phase.slug()) {
                    None => "without an adjournment (`adjourn` first)".to_owned(),
                    Some(p) => format!("while the adjournment is {p}"),
                }
            )),
            (_, ev) => Ok(Some(ev)),
        }
    }

    /// A lost envelope whose position and times cannot be restored (chess laws art. 14.5(2),
    /// xiangqi 第四章 第四节 二: 全盘对局应作废重下): the game is void and played again from the
    /// session's start position, each clock back to zero and the first player's running.
    /// The conduct (violations, offers) stands, as after a restart for a set-up error.
    fn void_and_replay(&mut self) -> Result<(), ProcedureError> {
        let board = Board::clone(&self.start);
        let first = board.turn();
        let keep_moves = !self.adjourn_rules.steps.lost_envelope_unknown_voids;
        if !keep_moves {
            self.set_board(board);
            self.save_history();
            self.moves.clear();
            self.touches.clear();
            self.pending = None;
            self.refresh()?;
        }
        if keep_moves {
            let sealer = self.envelope()?.sealer;
            self.clock_mut("a void game")?.start(sealer);
        } else {
            self.clock_mut("a void game")?.restart(first)?;
        }
        if let Some(a) = self.adjournment.as_deref_mut() {
            a.lost = true;
            a.phase = Phase::Resumed {
                opened: true,
                absent: Vec::new(),
                reply: None,
                set: [Span::ZERO; 2],
                moved: [false; 2],
            };
        }
        Ok(())
    }

    /// The envelope of the adjournment.
    fn envelope(&self) -> Result<&Envelope, ProcedureError> {
        self.adjournment
            .as_deref()
            .and_then(|a| a.envelope.as_ref())
            .ok_or_else(|| ProcedureError::Adjournment("there is no envelope".to_owned()))
    }

    /// Resumption (chess laws art. 14, draughts art. 11 item 4, xiangqi 第四章 第四节 二):
    /// position and clocks set from the envelope; the envelope opened when the replier is
    /// present, else his clock runs with it closed.
    fn resume(
        &mut self,
        set: [Option<Span>; 2],
        absent: Vec<Side>,
        sheet_missing: bool,
    ) -> Result<(), ProcedureError> {
        let (sealer, used) = {
            let e = self.envelope()?;
            if *self.board != e.position {
                return Err(ProcedureError::Adjournment(format!(
                    "the board ({}) is not the envelope's position ({})",
                    self.board.fen(),
                    e.position.fen()
                )));
            }
            (e.sealer, e.used)
        };
        let set = [0, 1].map(|i| set[i].unwrap_or(used[i]));
        let clock = self.clock_mut("a resumption")?;
        clock.stop();
        for s in Side::BOTH {
            clock.set_used(s, set[usize::from(s == Side::Second)])?;
        }
        let replier = sealer.other();
        let replier_absent = absent.contains(&replier);
        if let Some(a) = self.adjournment.as_deref_mut() {
            a.phase = Phase::Resumed {
                opened: false,
                absent,
                reply: None,
                set,
                moved: [false; 2],
            };
        }
        if sheet_missing {
            let Some(clause) = self.adjourn_rules.sheet_missing_clause else {
                return Err(ProcedureError::Adjournment(
                    "these rules make no provision for a sealed score sheet missing from the envelope".to_owned(),
                ));
            };
            self.verdict = Some(Outcome::new(
                Score::Win(replier),
                Reason::SealedSheetMissing,
                Some(ClauseId::from(clause)),
            ));
            return Ok(());
        }
        if replier_absent && self.adjourn_rules.steps.opened_with_replier_only {
            // Chess laws art. 14.3, xiangqi: the replier's clock runs, the envelope stays
            // closed until he arrives.
            self.clock_mut("a resumption")?.start(replier);
            return Ok(());
        }
        self.open_envelope(true)
    }

    /// Opens the envelope and plays the sealed move (or rules on its error); then the
    /// replier's clock runs (`start`: it is started now; else it runs already).
    fn open_envelope(&mut self, start: bool) -> Result<(), ProcedureError> {
        let steps = self.adjourn_rules.steps;
        let (sealer, sealed) = {
            let e = self.envelope()?;
            (e.sealer, e.sealed.clone())
        };
        if let Some(Adjournment {
            phase: Phase::Resumed { opened, .. },
            ..
        }) = self.adjournment.as_deref_mut()
        {
            *opened = true;
        }
        let rules = self.adjourn_rules.clone();
        let text = if self.board.read_move(&sealed.text).is_ok() {
            Some(sealed.text.clone())
        } else {
            match (rules.sealed_error, &sealed.explained) {
                (SealedError::ExplainedIsViolation, Some(e)) if self.board.read_move(e).is_ok() => {
                    self.count(
                        sealer,
                        ViolationKind::SealedMoveExplainable,
                        clause::XQ_VIOLATION_SEALED_MOVE_EXPLAINABLE,
                    );
                    Some(e.clone())
                }
                _ => None,
            }
        };
        let Some(text) = text else {
            self.verdict = Some(Outcome::new(
                Score::Win(sealer.other()),
                Reason::SealedMoveError,
                Some(ClauseId::from(rules.sealed_error_clause)),
            ));
            return Ok(());
        };
        if self.verdict.is_some() {
            return Ok(()); // the violation was the sealer's last
        }
        let m = self.board.read_move(&text)?;
        self.set_board(self.board.play(&m));
        self.touches.clear();
        self.moves.push(m);
        self.moved(sealer);
        self.refresh()?;
        if let Some(c) = &mut self.clock {
            c.move_made(sealer);
            c.press(sealer);
            if start {
                match steps.replier_runs_after_sealed_move {
                    true => c.start(sealer.other()),
                    false => c.start(sealer),
                }
            }
        }
        Ok(())
    }
}
