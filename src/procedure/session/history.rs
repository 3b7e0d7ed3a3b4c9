//! The game's history as the rules see it: judged again as it changes, numbered by move,
//! and cut back to correct an error.

use super::{Played, Session, Side};
use crate::procedure::{Board, ProcedureError};
use crate::Rules;
use std::sync::Arc;

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
        let rules_error = |e: crate::RulesError| ProcedureError::Rules(e.to_string());
        let n = self.moves.len();
        match &mut self.judge {
            Some((start, judge)) if **start == *self.start_fen && judge.plies() + 1 == n => {
                match &played {
                    Played::Listed(m) => judge.push_listed(m),
                    Played::Read => judge.push(&self.moves[n - 1]),
                }
                .map_err(rules_error)?;
            }
            _ => {
                let judge = self
                    .rules()
                    .judge(&self.start_fen, &self.moves)
                    .map_err(rules_error)?;
                self.judge = Some((self.start_fen.to_string(), judge));
            }
        }
        // A move found among the listed legal moves leads to the position on the board,
        // whose legal moves the next player is given: listed now, they tell the judge
        // whether the game ended there.
        let has_legal_move = match played {
            Played::Listed(_) => Some(!self.legal_moves().is_empty()),
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

    /// Keeps the history as it was before the event, before something other than playing
    /// a move changes it (only moves were appended to it since).
    pub(super) fn save_history(&mut self) {
        if self.undo.is_none() {
            let before = self.moves[..self.mark.min(self.moves.len())].to_vec();
            self.undo = Some(before);
        }
    }

    /// The move number and side of each move of the history, counted from the start FEN's
    /// move number (its sixth field), or from 1 when it has none (a draughts FEN).
    pub(super) fn move_numbers(&self) -> Vec<(u32, Side)> {
        let mut number: u32 = self
            .start_fen
            .split_whitespace()
            .nth(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let mut turn = Board::of(&self.play, Some(&self.start_fen))
            .map(|b| b.turn())
            .unwrap_or(Side::First);
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
        let mut board = Board::of(&self.play, Some(&self.start_fen))?;
        for text in &kept {
            let m = board.read_move(text)?;
            board = board.play(&m);
        }
        self.set_board(board);
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
