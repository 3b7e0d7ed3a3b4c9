//! The transforms of the session's procedure rules ([`SessionRules`]): which parameter of
//! touch-move, the game's policy, the corrections of errors and adjournment a mutant of the
//! reference alters.

use crate::clause;
use crate::mutant::{ClockMutant, DrawMutant as D};
use crate::procedure::{EarlySeal, OfferAfterPress, SealStop, SealedError, SessionRules};
use crate::Game;

/// Whether the draw mutant `d` alters a procedure rule of the session (touch-move, the
/// policy, corrections) rather than a rule of play.
#[cfg(test)]
pub(super) fn is_procedure(d: D) -> bool {
    matches!(
        d,
        D::OwnThenOpponentSwapped
            | D::OpponentThenOwnSwapped
            | D::SimultaneousInOwnFirstOrder
            | D::LastTouchBinds
            | D::OpponentTouchIgnored
            | D::DraughtsOpponentTouchBinds
            | D::ThirdViolationGoesOn
            | D::SecondWarningGoesOn
            | D::RepeatedOfferNotCounted
            | D::IllegalMovePieceNotTouched
            | D::CorrectedPieceNotTouched
            | D::UnannouncedAdjustNoTouch
            | D::IllegalCountedOnResignation
            | D::RefusedCorrectionGoesOn
            | D::OmissionsOwnMovesOnly
            | D::OmissionPressureIgnored
            | D::OmissionNoReminder
            | D::SetupErrorAfterEndCorrected
            | D::MoveErrorAfterEndCorrected
            | D::DisplacedPieceTouched
            | D::ColoursOnlyRestarts
            | D::ColoursAndOrderContinues
            | D::ColoursSwapKeepsTurn
            | D::ResumptionSetupRestartsGame
            | D::UnknownDisplacementGoesOn
    )
}

/// `rules` (of `game`) as the draw mutant `d` alters them: touch-move and the policy only
/// in the games `d` names, the corrections in every game.
pub(super) fn drawn(mut rules: SessionRules, game: Game, d: D) -> SessionRules {
    if d.games().contains(&game) {
        let t = &mut rules.touch;
        match d {
            D::OwnThenOpponentSwapped => t.own_then_opponent.swap(1, 2),
            D::OpponentThenOwnSwapped => t.opponent_then_own.swap(1, 2),
            D::SimultaneousInOwnFirstOrder => t.simultaneous = t.own_then_opponent,
            D::LastTouchBinds => t.first_touch_binds = false,
            D::OpponentTouchIgnored => t.opponent_binds = false,
            D::DraughtsOpponentTouchBinds => t.opponent_binds = true,
            _ => {}
        }
        let p = &mut rules.policy;
        match d {
            D::ThirdViolationGoesOn | D::SecondWarningGoesOn => p.violation_limit += 1,
            D::RepeatedOfferNotCounted => p.reoffer_counted = false,
            D::IllegalMovePieceNotTouched | D::CorrectedPieceNotTouched => {
                p.retaken_piece_touched = false
            }
            D::UnannouncedAdjustNoTouch => p.unannounced_adjust_touches = false,
            D::IllegalCountedOnResignation => p.resigning_at_once_uncounts = false,
            D::RefusedCorrectionGoesOn => p.refused_correction_loses = false,
            D::OmissionsOwnMovesOnly => {
                if let Some(o) = &mut p.omissions {
                    o.calm *= 2;
                    o.pressed *= 2;
                }
            }
            D::OmissionPressureIgnored => {
                if let Some(o) = &mut p.omissions {
                    o.pressed = o.calm;
                }
            }
            D::OmissionNoReminder => {
                if let Some(o) = &mut p.omissions {
                    o.first_is_reminder = false;
                }
            }
            _ => {}
        }
    }
    let c = &mut rules.corrections;
    match d {
        D::SetupErrorAfterEndCorrected => c.setup_stands_after_end = false,
        D::MoveErrorAfterEndCorrected => c.moves_stand_after_end = false,
        D::DisplacedPieceTouched => c.displaced_touched = true,
        D::ColoursOnlyRestarts => c.colours_only_continues = false,
        D::ColoursAndOrderContinues => c.colours_and_order_restarts = false,
        D::ColoursSwapKeepsTurn => c.turn_follows_player = false,
        D::ResumptionSetupRestartsGame => c.resumption_from_adjournment = false,
        D::UnknownDisplacementGoesOn => c.unknown_annuls_all = false,
        _ => {}
    }
    rules
}

/// `rules` (of `game`) as the clock mutant `m` alters the session's steps: an offer after
/// pressing the clock and the restart for a set-up error, and adjournment (only in the
/// games `m` names, but the restart in every game).
pub(super) fn clocked(mut rules: SessionRules, game: Game, m: ClockMutant) -> SessionRules {
    if m == ClockMutant::SetupRestartFromFirstMove {
        rules.corrections.setup_error_before_any_move = false;
    }
    if !m.games().contains(&game) {
        return rules;
    }
    if m == ClockMutant::OfferAfterPressStands {
        rules.policy.offer_after_press = OfferAfterPress::Stands;
    }
    let steps = &mut rules.adjourn.steps;
    match m {
        ClockMutant::SealerLastMover => steps.side_to_move_seals = false,
        ClockMutant::ChangeAfterLeavingHall => steps.leaving_ends_change = false,
        ClockMutant::EnvelopeTimesAtAnnouncement => steps.envelope_times_at_stop = false,
        ClockMutant::SealerClockAfterSealedMove => steps.replier_runs_after_sealed_move = false,
        ClockMutant::EnvelopeOpenedReplierAbsent => steps.opened_with_replier_only = false,
        ClockMutant::SealedReplyPlayedAtOnce => steps.absent_sealer_reply_waits = false,
        ClockMutant::EveryObjectionUpheld => steps.objection_before_first_move = false,
        ClockMutant::ObjectionDropsTimeSinceResumption => {
            steps.objection_keeps_time_since_resumption = false
        }
        ClockMutant::LostEnvelopeStatedMoveFree => steps.lost_envelope_stated_move_binds = false,
        ClockMutant::LostEnvelopeVoidResumes => steps.lost_envelope_unknown_voids = false,
        ClockMutant::LostEnvelopeReplierClock => steps.lost_envelope_sealer_clock_starts = false,
        _ => {}
    }
    let a = &mut rules.adjourn;
    match m {
        ClockMutant::SealedMoveNotChangeable => a.change_clause = None,
        ClockMutant::DraughtsSealerStopsClocks => a.stop = SealStop::Sealer,
        ClockMutant::XiangqiOnlyArbiterStops => a.stop = SealStop::Arbiter,
        ClockMutant::SealedErrorAlwaysLoses => a.sealed_error = SealedError::Loses,
        ClockMutant::SealedErrorExplainable => a.sealed_error = SealedError::ExplainedIsViolation,
        ClockMutant::SheetMissingNoRule => a.sheet_missing_clause = None,
        ClockMutant::EarlySealCharged => {
            a.early_seal =
                EarlySeal::Charged(clause::CHESS_ADJOURNMENT_EARLY_SEAL_CHARGED_TO_SESSION_END)
        }
        _ => {}
    }
    rules
}
