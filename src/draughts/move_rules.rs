//! [`MoveRules`]: the movement, capture and crowning rules a [`Position`](super::Position)
//! carries, as a value.
//!
//! A position made from a FEN or the start carries its variant's rules
//! ([`MoveRules::of`]); the positions reached from it by moves inherit them. A mutant of the
//! reference is another value ([`MoveRules::mutated`]) handed to the positions it makes
//! ([`Position::with_move_rules`](super::Position::with_move_rules)), never a switch the
//! generator reads.

use super::bitboard::{DL, DR, UL, UR};
use super::square::Variant;
use crate::Side;

/// How a man is crowned when it reaches the last row during a capture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Passing {
    /// Only a move ending on the last row crowns; a capture passing it goes on as a man
    /// (Brazilian, art. 6.12.1.3).
    EndsThere,
    /// Crowned at once, going on as a king (Russian).
    GoesOnAsKing,
    /// Crowned at once but going on as a man (a mutant).
    GoesOnAsMan,
}

/// The movement and capture rules of one game of draughts: one switch per clause.
///
/// ```
/// use arbiter::draughts::{MoveRules, Position, Variant};
///
/// let russian = MoveRules::of(Variant::Russian);
/// assert!(russian.compulsory && !russian.majority);
/// let pos = Position::from_fen("W:WK29:B4", Variant::Russian).unwrap();
/// assert_eq!(pos.legal_moves().len(), 6); // 29-25, 29-22, 29-18, 29-15, 29-11, 29-8
/// let slow = pos.with_move_rules(MoveRules { kings_fly: false, ..russian });
/// assert!(slow.legal_moves().len() < 6); // one square at a time
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveRules {
    /// Only the captures taking the most pieces (Brazilian, art. 6.12.1.2).
    pub majority: bool,
    /// For the majority rule a captured king counts as two pieces (false: as one man,
    /// art. 6.12.1.2).
    pub king_counts_double: bool,
    /// How a man reaching the last row during a capture is crowned.
    pub passing: Passing,
    /// Men capture backward too (art. 6.1).
    pub men_capture_backward: bool,
    /// Men move only forward (art. 5.4).
    pub men_move_forward_only: bool,
    /// Kings move any number of squares without capturing (art. 5.6).
    pub kings_fly: bool,
    /// Kings capture at a distance (art. 6.3).
    pub kings_capture_far: bool,
    /// A capturing king may land on any empty square behind its victim (art. 6.3).
    pub king_lands_anywhere: bool,
    /// Capture is compulsory (art. 6.2).
    pub compulsory: bool,
    /// A king that can go on from some landing squares must land on one of them (Russian).
    pub king_must_take_continuing_square: bool,
    /// A man that can jump again must (art. 6.5).
    pub man_must_continue: bool,
    /// A king that can jump again must (art. 6.6).
    pub king_must_continue: bool,
    /// A king may turn onto the other diagonal during a multiple capture (art. 6.6).
    pub king_may_turn: bool,
    /// Captured pieces stay on the board, blocking, until the move ends (art. 6.11).
    pub captured_stay: bool,
    /// No piece may be jumped twice (art. 6.8).
    pub jump_once: bool,
    /// The square the capturing piece left is empty (art. 6.8).
    pub start_vacated: bool,
}

impl MoveRules {
    /// The rules of a variant.
    pub const fn of(variant: Variant) -> MoveRules {
        let russian = matches!(variant, Variant::Russian);
        MoveRules {
            majority: !russian,
            king_counts_double: false,
            passing: if russian {
                Passing::GoesOnAsKing
            } else {
                Passing::EndsThere
            },
            men_capture_backward: true,
            men_move_forward_only: true,
            kings_fly: true,
            kings_capture_far: true,
            king_lands_anywhere: true,
            compulsory: true,
            king_must_take_continuing_square: true,
            man_must_continue: true,
            king_must_continue: true,
            king_may_turn: true,
            captured_stay: true,
            jump_once: true,
            start_vacated: true,
        }
    }

    /// The directions a man of `color` captures in, as a mask of direction bits.
    #[inline(always)]
    pub(crate) fn man_capture_dirs(&self, color: Side) -> u32 {
        if self.men_capture_backward {
            0b1111
        } else {
            let [a, b] = forward(color);
            1 << a | 1 << b
        }
    }
}

/// The forward directions of a side's men.
#[inline(always)]
pub(crate) const fn forward(color: Side) -> [usize; 2] {
    match color {
        Side::First => [UL, UR],
        Side::Second => [DL, DR],
    }
}
