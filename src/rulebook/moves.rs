//! The transforms of the move rules ([`MoveRules`]): which switch of a game's move rules a
//! move mutant of the reference alters.
//!
//! ```
//! use arbiter::draughts::{MoveRules, Position, Variant};
//! use arbiter::mutant::MoveMutant;
//! use arbiter::rulebook::moves;
//!
//! let pos = Position::from_fen("W:WK29:B4", Variant::Russian).unwrap();
//! assert_eq!(pos.legal_moves().len(), 6);
//! let slow = moves::draughts(MoveRules::of(Variant::Russian), MoveMutant::KingsNotFlying);
//! assert_eq!(pos.with_move_rules(slow).legal_moves().len(), 1);
//! ```

use crate::draughts::{MoveRules as DraughtsMoves, Passing};
use crate::mutant::{MoveMutant, MoveMutant as M};
use crate::rules::MoveRules;
use crate::xiangqi::MoveRules as XiangqiMoves;

/// The move rules of either game with the clause `m` breaks altered (unchanged for a
/// mutant of the other game).
pub fn mutated(rules: MoveRules, m: MoveMutant) -> MoveRules {
    match rules {
        MoveRules::Draughts(r) => MoveRules::Draughts(draughts(r, m)),
        MoveRules::Xiangqi(r) => MoveRules::Xiangqi(xiangqi(r, m)),
    }
}

/// The rules with the clause `m` breaks altered (unchanged for a mutant of xiangqi, or
/// of a crowning rule the variant does not have).
pub fn draughts(mut rules: DraughtsMoves, m: MoveMutant) -> DraughtsMoves {
    match m {
        M::NoMajorityRule => rules.majority = false,
        M::RussianMajorityRule => rules.majority = true,
        M::MajorityCountsKingsDouble => rules.king_counts_double = true,
        M::PromotionInPassing if rules.passing == Passing::EndsThere => {
            rules.passing = Passing::GoesOnAsKing
        }
        M::RussianNoPromotionInPassing if rules.passing == Passing::GoesOnAsKing => {
            rules.passing = Passing::EndsThere
        }
        M::CrownedGoesOnAsMan if rules.passing == Passing::GoesOnAsKing => {
            rules.passing = Passing::GoesOnAsMan
        }
        M::CapturedRemovedAtOnce => rules.captured_stay = false,
        M::PieceJumpedTwice => rules.jump_once = false,
        M::MenCaptureForwardOnly => rules.men_capture_backward = false,
        M::KingsNotFlying => rules.kings_fly = false,
        M::KingsCaptureAdjacentOnly => rules.kings_capture_far = false,
        M::KingLandsRightBehind => rules.king_lands_anywhere = false,
        M::CaptureNotCompulsory => rules.compulsory = false,
        M::KingFreeStop => rules.king_must_take_continuing_square = false,
        M::ManMayStopMidCapture => rules.man_must_continue = false,
        M::KingMayStopMidCapture => rules.king_must_continue = false,
        M::MenMoveBackward => rules.men_move_forward_only = false,
        M::StartSquareStaysOccupied => rules.start_vacated = false,
        M::KingCannotTurn => rules.king_may_turn = false,
        _ => {}
    }
    rules
}

/// The rules with the clause `m` breaks altered (unchanged for a mutant of draughts).
pub fn xiangqi(mut rules: XiangqiMoves, m: MoveMutant) -> XiangqiMoves {
    match m {
        M::HorseLegNotBlocking => rules.horse_leg_blocks = false,
        M::ElephantEyeNotBlocking => rules.elephant_eye_blocks = false,
        M::ElephantCrossesRiver => rules.elephant_stays_home = false,
        M::SoldierSidewaysBeforeRiver => rules.soldier_sideways_before_river = true,
        M::SoldierNotSidewaysAfterRiver => rules.soldier_sideways_after_river = false,
        M::GeneralLeavesPalace => rules.general_confined = false,
        M::AdvisorLeavesPalace => rules.advisor_confined = false,
        M::AdvisorMovesStraight => rules.advisor_diagonal = false,
        M::GeneralsMayFace => rules.generals_may_not_face = false,
        M::SelfCheckAllowed => rules.no_self_exposure = false,
        M::CheckNeedNotBeAnswered => rules.check_must_be_answered = false,
        M::CannonCapturesWithoutScreen => rules.cannon_needs_screen = false,
        M::CannonJumpsToEmpty => rules.cannon_jumps = true,
        M::ChariotJumps => rules.chariot_jumps = true,
        _ => {}
    }
    rules
}
