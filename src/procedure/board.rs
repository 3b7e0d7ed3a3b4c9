//! The board of a session: the game-neutral [`Board`] of the rules layer (re-exported here,
//! where the procedures have always found it) with the legal moves of its position listed
//! once, and the per-side counters of the procedures.

pub use crate::rules::{Board, BoardError, Candidate, Spot};
use crate::Side;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

/// The position on a session's board, with its legal moves listed once, when first asked
/// for. Putting another position there ([`OnBoard::set`]) forgets them, so the list is
/// always the one of the position on the board. Reads as the [`Board`] itself.
#[derive(Debug, Clone)]
pub(crate) struct OnBoard {
    board: Board,
    legal: OnceLock<Arc<[Candidate]>>,
}

impl OnBoard {
    pub fn new(board: Board) -> OnBoard {
        OnBoard {
            board,
            legal: OnceLock::new(),
        }
    }

    /// Puts a position on the board.
    pub fn set(&mut self, board: Board) {
        *self = OnBoard::new(board);
    }

    /// The legal moves of the position, as [`Board::legal_moves`] lists them.
    pub fn moves(&self) -> &Arc<[Candidate]> {
        self.legal.get_or_init(|| self.board.legal_list())
    }
}

impl Deref for OnBoard {
    type Target = Board;

    fn deref(&self) -> &Board {
        &self.board
    }
}

/// Per-side counters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct PerSide<T>(pub [T; 2]);

impl<T: Copy> PerSide<T> {
    pub fn get(&self, side: Side) -> T {
        self.0[side.index()]
    }

    pub fn slot(&mut self, side: Side) -> &mut T {
        &mut self.0[side.index()]
    }
}
