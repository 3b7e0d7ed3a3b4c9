//! How the games' rules differ in the procedures: a [`Policy`] per game, one table each
//! ([`DRAUGHTS_POLICY`], [`XIANGQI_POLICY`]).

use super::{RepetitionEnforcement, ViolationKind};
use crate::clause;
use crate::outcome::Reason;
use crate::Game;

/// What happens to an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalHandling {
    /// The arbiter takes it back at once and counts a violation (xiangqi).
    TakenBack,
    /// It stays on the board until the opponent corrects or accepts it (draughts).
    OpponentChooses,
}

/// How a game's rules differ in the procedures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Policy {
    /// The game.
    pub game: Game,
    /// What happens to an illegal move.
    pub illegal: IllegalHandling,
    /// The kinds of counted violation, by slug, with their catalog clause.
    pub violation_kinds: &'static [(ViolationKind, &'static str)],
    /// The count at which a side loses.
    pub violation_limit: u32,
    /// The clause of that loss.
    pub violation_limit_clause: &'static str,
    /// The clause of a draw by agreement.
    pub agreement_clause: &'static str,
    /// The clause of a draw offer repeated against the re-offer rule.
    pub reoffer_clause: &'static str,
    /// Whether such an offer is a counted violation (xiangqi 违例, 第三章 第六节 三 (三)) or
    /// only a recorded breach (draughts).
    pub reoffer_counted: bool,
    /// Whether the own piece of an illegal move taken back (xiangqi 第四章 第一节 三 (三) 1)
    /// or of a corrected irregular move (draughts art. 7.4, 5.8) counts as touched.
    pub retaken_piece_touched: bool,
    /// Whether adjusting a piece without announcing it counts as touching it (xiangqi
    /// 第四章 第一节 一, draughts art. 5.10).
    pub unannounced_adjust_touches: bool,
    /// Whether the violation of an illegal move is not counted when its author resigns at
    /// once (xiangqi 第三章 第六节 三 (一)).
    pub resigning_at_once_uncounts: bool,
    /// Whether refusing a demanded correction loses (draughts art. 14.4).
    pub refused_correction_loses: bool,
    /// The reason of the loss at the violation limit (`third-violation`,
    /// `second-warning`).
    pub violation_limit_reason: Reason,
    /// The clause of a loss by resignation.
    pub resignation_clause: &'static str,
    /// The clause breached by a draw offer made after pressing the clock (on the
    /// opponent's time).
    pub offer_after_press_clause: &'static str,
    /// Whether such an offer stands.
    pub offer_after_press: OfferAfterPress,
    /// The clause breached by touching a piece when not on move (draughts art. 5.11: a
    /// `touch-off-move` breach, no obligation); `None`: such a touch is not regulated and
    /// is ignored (xiangqi).
    pub touch_off_move_clause: Option<&'static str>,
    /// How many moves a score sheet may lack, when the game limits it (xiangqi).
    pub omissions: Option<OmissionLimits>,
    /// Whether the rulebook names the errors the arbiter corrects (set-up, colours,
    /// displaced pieces: xiangqi 第四章 第一节 三); the draughts seed names none.
    pub error_corrections: bool,
    /// Who enforces a forbidden repetition (xiangqi): the automatic loss of a computer
    /// tournament (the default), or a referee whose ruling a move record does not show
    /// ([`RepetitionEnforcement`]; [`Session::with_repetition`](super::Session::with_repetition)).
    ///
    /// ```
    /// use arbiter::procedure::{RepetitionEnforcement, Session};
    ///
    /// let s = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
    /// assert_eq!(s.policy().repetition, RepetitionEnforcement::Automatic);
    /// let s = s.with_repetition(RepetitionEnforcement::Refereed);
    /// assert_eq!(s.policy().repetition, RepetitionEnforcement::Refereed);
    /// ```
    pub repetition: RepetitionEnforcement,
}

/// How many moves (both sides' together) a score sheet may lack before the arbiter acts,
/// and what he does then (xiangqi 第四章 第三节).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OmissionLimits {
    /// The limit without time pressure (three).
    pub calm: u32,
    /// The limit in severe time pressure, as the arbiter judges it (six).
    pub pressed: u32,
    /// Whether a side's first excess earns only a reminder (later ones count violations).
    pub first_is_reminder: bool,
    /// The clause of the reminder and of the violations.
    pub penalty_clause: &'static str,
}

const XIANGQI_OMISSIONS: OmissionLimits = OmissionLimits {
    calm: 3,
    pressed: 6,
    first_is_reminder: true,
    penalty_clause: clause::XQ_RECORDING_OMISSION_PENALTY,
};

const XIANGQI_VIOLATIONS: &[(ViolationKind, &str)] = &[
    (
        ViolationKind::IllegalMove,
        clause::XQ_VIOLATION_ILLEGAL_MOVE,
    ),
    (
        ViolationKind::ExposingGeneral,
        clause::XQ_IRREGULARITY_EXPOSING_GENERAL,
    ),
    (
        ViolationKind::QuestionOpponentTime,
        clause::XQ_VIOLATION_QUESTION_OPPONENT_TIME,
    ),
    (
        ViolationKind::RepeatedDrawOffer,
        clause::XQ_VIOLATION_REPEATED_DRAW_OFFER,
    ),
    (
        ViolationKind::StoppingClock,
        clause::XQ_VIOLATION_STOPPING_CLOCK,
    ),
    (
        ViolationKind::SealedMoveExplainable,
        clause::XQ_VIOLATION_SEALED_MOVE_EXPLAINABLE,
    ),
    (
        ViolationKind::RecordingOmissions,
        clause::XQ_VIOLATION_RECORDING_OMISSIONS,
    ),
    (
        ViolationKind::AfterGameConduct,
        clause::XQ_VIOLATION_AFTER_GAME_CONDUCT,
    ),
    (
        ViolationKind::MinorConduct,
        clause::XQ_VIOLATION_MINOR_CONDUCT,
    ),
];

const DRAUGHTS_VIOLATIONS: &[(ViolationKind, &str)] = &[(
    ViolationKind::Warning,
    clause::D64_PENALTY_TWO_WARNINGS_LOSE,
)];

impl Policy {
    /// The policy of a game as written: the game's table (`DRAUGHTS_POLICY`,
    /// `XIANGQI_POLICY`). A mutant of the reference alters a copy
    /// (`rulebook::RuleBook::mutated`).
    pub fn of(game: Game) -> Policy {
        let table = match game {
            Game::Brazilian | Game::Russian => DRAUGHTS_POLICY,
            Game::Xiangqi => XIANGQI_POLICY,
        };
        Policy { game, ..table }
    }
}

/// The procedures of 64-square draughts (Brazilian and Russian alike): the FMJD rules'
/// articles cited in the module docs.
const DRAUGHTS_POLICY: Policy = Policy {
    // Replaced by the game the table is used for (`Policy::of`).
    game: Game::Russian,
    illegal: IllegalHandling::OpponentChooses,
    violation_kinds: DRAUGHTS_VIOLATIONS,
    violation_limit: 2,
    violation_limit_clause: clause::D64_PENALTY_TWO_WARNINGS_LOSE,
    violation_limit_reason: Reason::SecondWarning,
    agreement_clause: clause::D64_END_AGREED_DRAW,
    reoffer_clause: clause::D64_DRAW_OFFER_NO_REPEAT_AFTER_DECLINE,
    reoffer_counted: false,
    retaken_piece_touched: true,
    unannounced_adjust_touches: true,
    resigning_at_once_uncounts: true,
    refused_correction_loses: true,
    resignation_clause: clause::D64_END_RESIGNATION,
    offer_after_press_clause: clause::D64_DRAW_OFFER_THEN_START_CLOCK,
    offer_after_press: OfferAfterPress::Void,
    touch_off_move_clause: Some(clause::D64_TOUCH_MOVE_NO_TOUCH_OFF_MOVE),
    omissions: None,
    error_corrections: false,
    repetition: RepetitionEnforcement::Automatic,
};

/// The procedures of xiangqi (CXA competition rules, both editions): the sections cited in
/// the module docs.
const XIANGQI_POLICY: Policy = Policy {
    game: Game::Xiangqi,
    illegal: IllegalHandling::TakenBack,
    violation_kinds: XIANGQI_VIOLATIONS,
    violation_limit: 3,
    violation_limit_clause: clause::XQ_RESULT_THIRD_VIOLATION,
    violation_limit_reason: Reason::ThirdViolation,
    agreement_clause: clause::XQ_DRAW_OFFER_AGREEMENT,
    reoffer_clause: clause::XQ_VIOLATION_REPEATED_DRAW_OFFER,
    reoffer_counted: true,
    retaken_piece_touched: true,
    unannounced_adjust_touches: true,
    resigning_at_once_uncounts: true,
    refused_correction_loses: true,
    resignation_clause: clause::XQ_RESULT_RESIGNATION,
    offer_after_press_clause: clause::XQ_DRAW_OFFER_BEFORE_CLOCK,
    offer_after_press: OfferAfterPress::Stands,
    touch_off_move_clause: None,
    omissions: Some(XIANGQI_OMISSIONS),
    error_corrections: true,
    repetition: RepetitionEnforcement::Automatic,
};

/// What becomes of a draw offer made after pressing the clock, on the opponent's time (the
/// breach `offer-after-press` is recorded either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferAfterPress {
    /// The offer stands: the rules bind the press to the offer, not the offer to the press
    /// (xiangqi 第一章 第四节 二 (二): 只能在提和后，方可按动对方的计时钟).
    Stands,
    /// It is no offer: the rules make the order part of the offer (draughts art. 12.4:
    /// 必须用自己棋钟上的时间，并严格执行下面三个程序来完成提和请求 — a. move, b. offer, c. the
    /// opponent's clock).
    Void,
}
