//! Playing moves: legal ones, illegal ones and irregular ones, and the draughts
//! irregularity settled.

use super::{IllegalHandling, Pending, Played, Session, Side};
use crate::procedure::board::{Candidate, Spot};
use crate::procedure::irregular::{
    draughts_irregular, xiangqi_illegal, IrregularMove, Irregularity,
};
use crate::procedure::touch::{check_permitted, Touch, TouchOrigin};
use crate::procedure::{Board, ProcedureError};
use std::sync::Arc;

impl Session {
    /// The pending draughts irregularity is accepted: the position on the board stands and
    /// joins the history.
    pub(super) fn settle(&mut self) -> Result<(), ProcedureError> {
        let Some(p) = self.pending.take() else {
            return Ok(());
        };
        let as_move = p
            .before
            .read_move(&p.irregular.text)
            .ok()
            .filter(|m| p.before.play(m).fen() == self.board.fen());
        match as_move {
            Some(m) => self.moves.push(m.text()),
            None => {
                // No legal move leads here: the history restarts at this position.
                self.save_history();
                self.start_fen = self.board.fen().into();
                self.moves.clear();
                for o in &mut self.offers {
                    o.after_move = 0;
                }
            }
        }
        self.moved(p.irregular.offender);
        self.refresh()
    }

    pub(super) fn play(&mut self, text: String) -> Result<(), ProcedureError> {
        let legal = Arc::clone(self.legal_moves());
        let m = self.board.read_listed(&text, &legal)?;
        if let Err(ruling) =
            check_permitted(&self.touch_rules, &self.board, &legal, &self.touches, &m)
        {
            if self.policy.illegal == IllegalHandling::OpponentChooses {
                return self.irregular_legal_move(m);
            }
            return Err(ProcedureError::NotPermitted {
                text,
                permitted: ruling
                    .permitted
                    .iter()
                    .map(|m| m.text())
                    .collect::<Vec<_>>()
                    .join(" "),
                clause: ruling.clause(self.policy.game).unwrap_or(""),
            });
        }
        let mover = self.turn();
        self.set_board(self.board.play(&m));
        self.touches.clear();
        self.moves.push(m.text_reusing(text));
        self.moved(mover);
        self.judge_history(Played::Listed(m))
    }

    /// Draughts art. 7.4.3: a legal move of another piece than the touched one.
    fn irregular_legal_move(&mut self, m: Candidate) -> Result<(), ProcedureError> {
        let before = Board::clone(&self.board);
        let irregular = IrregularMove {
            offender: self.turn(),
            text: m.text(),
            kind: Irregularity::TouchedOneMovedAnother,
            moved: Some(m.from()),
            after: before.play(&m),
        };
        self.open(irregular, before);
        Ok(())
    }

    fn open(&mut self, irregular: IrregularMove, before: Board) {
        self.breach(
            irregular.offender,
            irregular.kind.slug(),
            irregular.kind.clause(),
            false,
        );
        self.set_board(irregular.after.clone());
        let touches = std::mem::take(&mut self.touches);
        self.pending = Some(Box::new(Pending {
            irregular,
            before,
            touches,
        }));
    }

    /// The position before the last move of the history, replayed from its start; `None`
    /// when the history has no move (at the start, or right after an accepted irregular
    /// position restarted it).
    fn before_last_move(&self) -> Option<Board> {
        let (_, earlier) = self.moves.split_last()?;
        let mut board = Board::of(&self.play, Some(&self.start_fen)).ok()?;
        for text in earlier {
            let m = board.read_move(text).ok()?;
            board = board.play(&m);
        }
        Some(board)
    }

    pub(super) fn illegal(
        &mut self,
        text: &str,
        side: Option<Side>,
        fen: Option<&str>,
        removed: Option<&[String]>,
    ) -> Result<(), ProcedureError> {
        match self.policy.illegal {
            IllegalHandling::TakenBack => {
                if side.is_some_and(|s| s != self.turn()) || fen.is_some() || removed.is_some() {
                    return Err(ProcedureError::WrongGame(
                        "`side`, `fen` and `removed` of an illegal move (draughts only)",
                    ));
                }
                let irregular = xiangqi_illegal(&self.board, text)?;
                let kind = irregular.kind;
                self.count(irregular.offender, kind.slug(), kind.clause());
                self.fresh_illegal = Some(irregular.offender);
                // 第四章 第一节 三 (三) 1: replay under (一) with the moved piece touched.
                self.touches = irregular
                    .moved
                    .filter(|_| self.policy.retaken_piece_touched)
                    .map(|spot: Spot| Touch {
                        squares: vec![spot],
                        origin: TouchOrigin::IllegalMove,
                    })
                    .into_iter()
                    .collect();
                Ok(())
            }
            IllegalHandling::OpponentChooses => {
                let offender = side.unwrap_or(self.turn());
                let mut irregular = draughts_irregular(&self.board, offender, text, fen, removed)?;
                // Art. 7.4.4: a second act of the side that just moved which puts the
                // pieces back as they were before its move takes that move back.
                if irregular.kind == Irregularity::TwoMovesInARow
                    && self
                        .before_last_move()
                        .is_some_and(|b| irregular.restores(&b))
                {
                    irregular.kind = Irregularity::TakeBack;
                }
                let before = Board::clone(&self.board);
                self.open(irregular, before);
                Ok(())
            }
        }
    }
}
