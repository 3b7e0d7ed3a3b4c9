//! The game's history as the rules see it: judged again as it changes, numbered by move,
//! and cut back to correct an error.

use super::{Played, Session, Side};
use crate::procedure::{Board, Candidate, ProcedureError};
use crate::{Judge, Rules, RulesError};
use std::sync::Arc;

// The rules read a history as text: the two functions below, the read moves of `push` and
// [`Session::history_text`] are where the session writes it for them.

/// The canonical texts of moves, for the rules.
fn texts(moves: &[Candidate]) -> Vec<String> {
    moves.iter().map(Candidate::text).collect()
}

/// The rules' judge of the history `moves` from `start`.
pub(super) fn judge_of(
    rules: &dyn Rules,
    start: &Board,
    moves: &[Candidate],
) -> Result<Box<dyn Judge>, RulesError> {
    rules.judge(&start.fen(), &texts(moves))
}

/// The judge takes the move `m`, found legal as `played` says: typed when the session
/// listed it, else as its canonical text, read again.
fn push(judge: &mut dyn Judge, m: &Candidate, played: Played) -> Result<(), RulesError> {
    match played {
        Played::Listed => judge.push_listed(m),
        Played::Read => judge.push(&m.text()),
    }
}

impl Session {
    pub(super) fn rules(&self) -> Box<dyn Rules> {
        crate::rules::rules_enforcing(&self.play, self.policy.repetition)
    }

    /// Judges the history again after it changed: the judge takes the move just played, or,
    /// after any other change (a restart, cancelled moves), judges the history anew.
    pub(super) fn refresh(&mut self) -> Result<(), ProcedureError> {
        self.judge_history(Played::Read)
    }

    /// [`Session::refresh`], saying how the last move of the history was found legal.
    pub(super) fn judge_history(&mut self, played: Played) -> Result<(), ProcedureError> {
        let rules_error = |e: RulesError| ProcedureError::Rules(e.to_string());
        let n = self.moves.len();
        match &mut self.judge {
            Some((start, judge)) if **start == *self.start && judge.plies() + 1 == n => {
                push(&mut **judge, &self.moves[n - 1], played).map_err(rules_error)?;
            }
            _ => {
                let judge =
                    judge_of(&*self.rules(), &self.start, &self.moves).map_err(rules_error)?;
                self.judge = Some((Arc::clone(&self.start), judge));
            }
        }
        // A move found among the listed legal moves leads to the position on the board,
        // whose legal moves the next player is given: listed now, they tell the judge
        // whether the game ended there.
        let has_legal_move = match played {
            Played::Listed => Some(!self.legal_moves().is_empty()),
            Played::Read => None,
        };
        if let Some((_, judge)) = &self.judge {
            let ending = match has_legal_move {
                Some(has) => judge.outcome_knowing(has),
                None => judge.outcome(),
            };
            self.ending = Arc::new(ending);
        }
        Ok(())
    }

    /// The history as the rules read it: the start's FEN and the moves' canonical texts.
    pub(super) fn history_text(&self) -> (String, Vec<String>) {
        (self.start.fen(), texts(&self.moves))
    }

    /// Keeps the history as it was before the event, before something other than playing
    /// a move changes it (only moves were appended to it since).
    pub(super) fn save_history(&mut self) {
        if self.undo.is_none() {
            let before = self.moves[..self.mark.min(self.moves.len())].to_vec();
            self.undo = Some(before);
        }
    }

    /// The move number and side of each move of the history, counted from the start's
    /// move number (a xiangqi FEN's sixth field), or from 1 when it has none (draughts).
    pub(super) fn move_numbers(&self) -> Vec<(u32, Side)> {
        let mut number = match &*self.start {
            Board::Xiangqi(p) => p.fullmoves(),
            Board::Draughts(_) => 1,
        };
        let mut turn = self.start.turn();
        self.moves
            .iter()
            .map(|_| {
                let here = (number, turn);
                if turn == Side::Second {
                    number += 1;
                }
                turn = turn.other();
                here
            })
            .collect()
    }

    /// The position after `moves` played from the start of the history.
    pub(super) fn replayed(&self, moves: &[Candidate]) -> Board {
        moves
            .iter()
            .fold(Board::clone(&self.start), |b, m| b.play(m))
    }

    /// An error found now, made at move `number` of `side`: that move and every later one
    /// are cancelled (xiangqi 第四章 第一节 三 (三): 由发生错误的那一着起重新下棋), and the clock
    /// rescales the times (三 (四), 第二节 一 (四)).
    pub(super) fn correct_error(&mut self, number: u32, side: Side) -> Result<(), ProcedureError> {
        self.cancel_moves(number, side, number)
    }

    /// Cancels move `number` of `side` and every later one; the clock rescales the times
    /// by `at_error` (the moves played at the error, 已走着数) over the current move.
    pub(super) fn cancel_moves(
        &mut self,
        number: u32,
        side: Side,
        at_error: u32,
    ) -> Result<(), ProcedureError> {
        let numbers = self.move_numbers();
        let game = self.policy.game;
        let Some(at) = numbers.iter().position(|p| *p == (number, side)) else {
            return Err(ProcedureError::Move {
                text: format!("{number} ({})", side.name(game)),
                reason: format!(
                    "no move {number} of {} in the history ({})",
                    side.name(game),
                    match (numbers.first(), numbers.last()) {
                        (Some(a), Some(b)) => format!(
                            "it has move {} of {} to move {} of {}",
                            a.0,
                            a.1.name(game),
                            b.0,
                            b.1.name(game)
                        ),
                        _ => "it has no moves".to_owned(),
                    }
                ),
            });
        };
        let current = numbers.last().map_or(number, |p| p.0);
        let mut removed = [0u32; 2];
        for (_, s) in &numbers[at..] {
            removed[usize::from(*s == Side::Second)] += 1;
        }
        let kept = self.moves[..at].to_vec();
        self.set_board(self.replayed(&kept));
        self.save_history();
        self.moves = kept;
        self.touches.clear();
        self.pending = None;
        self.refresh()?;
        if let Some(c) = &mut self.clock {
            let made = [
                c.moves_made(Side::First).saturating_sub(removed[0]),
                c.moves_made(Side::Second).saturating_sub(removed[1]),
            ];
            c.rescale(at_error, current, made)?;
            if c.running().is_some() {
                c.start(side);
            }
        }
        Ok(())
    }
}
