//! Mutants of outcomes, draw counts, edition parameters, repetition verdicts, claims and
//! touch-move, and where each one alters the rules.
//!
//! Every mutant alters one parameter of a mechanism that already has it: each is a
//! transform of a rule book (`RuleBook::mutated`). The mutants of the rules of play — an
//! edition's draw rules and draw-offer rule (counts, modes, readings), the draw counting,
//! the scores of the endings the position decides, claim verification, the repetition
//! readings (棋例) and the judging of the verdict — alter its `PlayRules`
//! (`src/rulebook/draws.rs`), which the rules adapters and the session's judge apply; the
//! mutants of the session's procedure (touch-move, policy, corrections) alter its
//! `procedure::SessionRules` (`src/rulebook/procedure.rs`).
//!
//! ```
//! use arbiter::mutant::{DrawMutant, Mutant};
//! use arbiter::rulebook::RuleBook;
//! use arbiter::{rules_of, Score, Side};
//!
//! // Stalemated black: under CXA the side with no legal move loses.
//! let book = RuleBook::of(&"xiangqi".parse().unwrap());
//! let fen = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";
//! let judge = |book: &RuleBook| {
//!     let outcome = rules_of(&book.play).outcome(fen, &[]).unwrap();
//!     outcome.outcome.map(|o| o.result)
//! };
//! assert_eq!(judge(&book), Some(Score::Win(Side::First)));
//! let m = Mutant::Draws(DrawMutant::StalemateIsDraw);
//! assert_eq!(judge(&book.mutated(m)), Some(Score::Draw));
//! ```

use crate::clause;

super::mutant_family! {
    /// A mutant of outcomes, draws, repetition and procedures.
    DrawMutant;
    // Outcomes decided by the position.
    StalemateIsDraw = "stalemate-is-draw", clause::XQ_RESULT_STALEMATE_LOSES, [Xiangqi],
        "a xiangqi side without a legal move draws instead of losing";
    CheckmateGoesOn = "checkmate-goes-on", clause::XQ_RESULT_CHECKMATE_LOSES, [Xiangqi],
        "a checkmated xiangqi side does not lose: the game goes on";
    BlockedSideDraws = "blocked-side-draws", clause::D64_END_NO_LEGAL_MOVE, [Brazilian, Russian],
        "a draughts side that cannot move draws instead of losing";
    // Draughts draw counts, each one move off (the edition's `moves`/`occurrences`).
    BrazilianKingsOnly16 = "brazilian-kings-only-16-moves",
        clause::D64_DRAW_BRAZILIAN_KINGS_ONLY_15, [Brazilian],
        "the Brazilian (CXA) kings-only count is 16 moves instead of 15";
    RussianKingsOnly14 = "russian-kings-only-14-moves", clause::D64_DRAW_RUSSIAN_KINGS_ONLY_15, [Russian],
        "the Russian kings-only count is 14 moves instead of 15";
    FmjdKingsOnly24 = "fmjd-kings-only-24-moves", clause::D64_DRAW_FMJD_KINGS_ONLY_25, [Brazilian],
        "the brazilian@fmjd kings-only count is 24 moves instead of 25";
    CbdKingsOnly21 = "cbd-kings-only-21-moves", clause::D64_DRAW_CBD_KINGS_ONLY_20, [Brazilian],
        "the brazilian@cbd kings-only count is 21 moves instead of 20";
    BrazilianSmallEnding6 = "brazilian-small-ending-6-moves",
        clause::D64_DRAW_BRAZILIAN_SMALL_ENDINGS_5, [Brazilian],
        "the Brazilian (CXA, CBD) small endings last 6 moves instead of 5";
    RussianTwoVsOne4 = "russian-two-vs-one-4-moves", clause::D64_DRAW_RUSSIAN_TWO_VS_ONE_5, [Russian],
        "the Russian two-against-one count is 4 moves instead of 5";
    FmjdTwoVsOne6 = "fmjd-two-vs-one-6-moves", clause::D64_DRAW_FMJD_TWO_VS_ONE_5, [Brazilian],
        "the brazilian@fmjd two-against-one count is 6 moves instead of 5";
    RussianThreeKings16 = "russian-three-kings-16-moves",
        clause::D64_DRAW_RUSSIAN_THREE_KINGS_VS_KING_15, [Russian],
        "the Russian three-kings-against-one count is 16 moves instead of 15";
    RussianEqualBalance29 = "russian-equal-balance-4-5-pieces-29-moves",
        clause::D64_DRAW_RUSSIAN_EQUAL_BALANCE_4_5_PIECES, [Russian],
        "the Russian 4-5-piece equal-balance count is 29 moves instead of 30";
    RussianEqualBalance61 = "russian-equal-balance-6-7-pieces-61-moves",
        clause::D64_DRAW_RUSSIAN_EQUAL_BALANCE_6_7_PIECES, [Russian],
        "the Russian 6-7-piece equal-balance count is 61 moves instead of 60";
    RussianEqualBalanceUpTo6 = "russian-equal-balance-4-6-pieces",
        clause::D64_DRAW_RUSSIAN_EQUAL_BALANCE_4_5_PIECES, [Russian],
        "the Russian 4-5-piece equal-balance rule also covers 6 pieces";
    RussianLongDiagonal6 = "russian-long-diagonal-6-moves",
        clause::D64_DRAW_RUSSIAN_THREE_VS_KING_LONG_DIAGONAL_5, [Russian],
        "the Russian long-diagonal count is 6 moves instead of 5";
    FmjdThreeVsKing15 = "fmjd-three-vs-king-15-moves",
        clause::D64_DRAW_FMJD_THREE_VS_KING_16, [Brazilian],
        "the brazilian@fmjd three-against-one count is 15 moves instead of 16";
    FmjdLongDiagonal4 = "fmjd-long-diagonal-4-moves",
        clause::D64_DRAW_FMJD_THREE_VS_KING_LONG_DIAGONAL_5, [Brazilian],
        "the brazilian@fmjd long-diagonal count is 4 moves instead of 5";
    ThreefoldNeedsFour = "threefold-needs-four", clause::D64_DRAW_THREEFOLD_REPETITION, [Brazilian],
        "Brazilian repetition needs the position a fourth time";
    RussianThreefoldNeedsFour = "russian-threefold-needs-four",
        clause::D64_DRAW_RUSSIAN_THREEFOLD, [Russian],
        "Russian repetition needs the position a fourth time";
    // Draughts edition readings.
    RussianKingsOnlyNotSuspended = "russian-kings-only-not-suspended",
        clause::D64_DRAW_RUSSIAN_KINGS_ONLY_15, [Russian],
        "the Russian kings-only count also ends 4-7-piece equal-balance endings";
    RussianDiagonalFromBalance = "russian-long-diagonal-from-balance",
        clause::D64_DRAW_RUSSIAN_THREE_VS_KING_LONG_DIAGONAL_5, [Russian],
        "the Russian long-diagonal count runs from the balance (the FMJD reading)";
    CxaDrawsAutomatic = "brazilian-cxa-draws-automatic", clause::D64_END_DRAW_CLAIM_VERIFIED, [Brazilian],
        "the brazilian@cxa draws end the game without a claim";
    // Draughts counting: resets and position identity.
    KingsOnlyNotResetByManMove = "kings-only-not-reset-by-man-move",
        clause::D64_DRAW_BRAZILIAN_KINGS_ONLY_15, [Brazilian, Russian],
        "a man move does not reset the kings-only count";
    KingsOnlyNotResetByCapture = "kings-only-not-reset-by-capture",
        clause::D64_DRAW_BRAZILIAN_KINGS_ONLY_15, [Brazilian, Russian],
        "a capture by a king does not reset the kings-only count";
    BalanceNotResetByPromotion = "endgame-count-not-reset-by-promotion",
        clause::D64_DRAW_RUSSIAN_EQUAL_BALANCE_4_5_PIECES, [Brazilian, Russian],
        "a promotion does not restart the endgame counts";
    BalanceResetByManMove = "endgame-count-reset-by-man-move",
        clause::D64_DRAW_RUSSIAN_EQUAL_BALANCE_4_5_PIECES, [Brazilian, Russian],
        "a man move restarts the endgame counts";
    DiagonalNotResetOnLeaving = "long-diagonal-count-not-reset-on-leaving",
        clause::D64_DRAW_RUSSIAN_THREE_VS_KING_LONG_DIAGONAL_5, [Russian],
        "the Russian diagonal count goes on when the lone king leaves the diagonal";
    FmjdDiagonalNotChecked = "fmjd-long-diagonal-anywhere",
        clause::D64_DRAW_FMJD_THREE_VS_KING_LONG_DIAGONAL_5, [Brazilian],
        "the brazilian@fmjd long-diagonal draw needs no lone king on the diagonal";
    ThreefoldIgnoresSideToMove = "threefold-ignores-side-to-move",
        clause::D64_DRAW_THREEFOLD_REPETITION, [Brazilian, Russian],
        "draughts repetition counts the same pieces with the other side to move";
    // Xiangqi 60-move rule.
    SixtyMoveInPlies = "sixty-move-counted-in-plies", clause::XQ_DRAW_SIXTY_MOVE_CLAIM, [Xiangqi],
        "the xiangqi 60-move count is reached after 60 plies";
    SixtyMoveResetBySoldier = "sixty-move-reset-by-soldier-move",
        clause::XQ_DRAW_SIXTY_MOVE_CLAIM, [Xiangqi],
        "a soldier move resets the xiangqi 60-move count";
    SixtyMoveResetByCheck = "sixty-move-reset-by-check", clause::XQ_DRAW_SIXTY_MOVE_CLAIM, [Xiangqi],
        "a check resets the xiangqi 60-move count";
    SixtyMoveAutomatic = "sixty-move-automatic", clause::XQ_DRAW_SIXTY_MOVE_CLAIM, [Xiangqi],
        "the xiangqi 60-move rule draws without a claim";
    FalseClaimNotPenalised = "false-sixty-move-claim-unpenalised",
        clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM, [Xiangqi],
        "a false 60-move claim adds nothing to the claimant's clock";
    // Xiangqi repetition verdict (棋例).
    CheckAndChaseAllowed = "cxa-check-and-chase-allowed",
        clause::XQ_REPETITION_ALL_ATTACK_FORBIDDEN, [Xiangqi],
        "一将一捉 (check and chase in turn) is allowed under CXA";
    AxfCheckAndChaseForbidden = "axf-check-and-chase-forbidden",
        clause::XQ_REPETITION_AXF_CHECK_AND_CHASE, [Xiangqi],
        "一将一捉 (check and chase in turn) is forbidden under AXF";
    MateThreatNotAttack = "cxa-mate-threat-not-an-attack", clause::XQ_REPETITION_TERM_ATTACK, [Xiangqi],
        "杀 (mate threat) is not an attack under CXA: 长杀 is allowed";
    GeneralChaseForbidden = "general-chase-is-a-chase",
        clause::XQ_REPETITION_GENERAL_SOLDIER_CHASE, [Xiangqi],
        "a chase by the general counts as 捉";
    SoldierChaseForbidden = "soldier-chase-is-a-chase",
        clause::XQ_REPETITION_GENERAL_SOLDIER_CHASE, [Xiangqi],
        "a chase by a soldier counts as 捉";
    PerpetualCheckNotAlwaysLosing = "perpetual-check-drawn-against-forbidden",
        clause::XQ_REPETITION_PERPETUAL_CHECK_LOSES, [Xiangqi],
        "perpetual check against forbidden moves is drawn instead of having to change";
    CxaAlternateChaseAllowed = "cxa-alternate-chase-allowed",
        clause::XQ_REPETITION_ALL_ATTACK_FORBIDDEN, [Xiangqi],
        "under CXA chasing different pieces in turn is allowed (the AXF reading)";
    AxfAlternateChaseForbidden = "axf-alternate-chase-forbidden",
        clause::XQ_REPETITION_AXF_ALTERNATE_CHASE, [Xiangqi],
        "under AXF chasing different pieces in turn is 长捉 (the CXA reading)";
    AxfImmobilisedAttackerChases = "axf-immobilised-attacker-chases",
        clause::XQ_REPETITION_AXF_PINNED_CHARIOT, [Xiangqi],
        "under AXF a piece that can only capture the piece it attacks chases it";
    AxfRenewedChaseIgnored = "axf-renewed-chase-ignored",
        clause::XQ_REPETITION_AXF_RENEWED_CHASE, [Xiangqi],
        "under AXF a new attacker of a piece already winnable does not chase it";
    AxfCheckNeverChases = "axf-check-never-chases",
        clause::XQ_REPETITION_AXF_CHECK_ALSO_CHASES, [Xiangqi],
        "under AXF a checking move is never looked at as a chase";
    CxaChaseByCheckIgnored = "cxa-chase-by-check-ignored", clause::XQ_REPETITION_TERM_CHASE, [Xiangqi],
        "under CXA a piece won by a check and a capture (抽将) is not chased";
    StandingMateIsThreat = "standing-mate-is-a-threat", clause::XQ_REPETITION_TERM_MATE_THREAT, [Xiangqi],
        "a mate the mover could already give counts as a new 杀";
    JointChaseIgnored = "joint-chase-ignored", clause::XQ_REPETITION_JOINT_CHASE, [Xiangqi],
        "a move that adds the attacker a general's or soldier's capture needs is not 捉";
    VerdictAfterFourCycles = "repetition-verdict-after-four-cycles",
        clause::XQ_DRAW_REPETITION_CLAIM, [Xiangqi],
        "the repetition verdict needs the cycle played four times";
    VerdictAfterTwoCycles = "repetition-verdict-after-two-cycles",
        clause::XQ_DRAW_REPETITION_CLAIM, [Xiangqi],
        "the repetition verdict comes once the cycle is played twice";
    UnchangedRepetitionNeverLoses = "forbidden-repetition-never-loses",
        clause::XQ_RESULT_FORBIDDEN_REPETITION_UNCHANGED, [Xiangqi],
        "a side that had to change a forbidden cycle never loses by repeating it";
    ForbiddenRepetitionLosesAtOnce = "forbidden-repetition-loses-at-once",
        clause::XQ_RESULT_FORBIDDEN_REPETITION_UNCHANGED, [Xiangqi],
        "a side whose cycle is forbidden loses at the verdict, without a chance to change";
    IdleMoveDoesNotAllow = "idle-move-does-not-allow", clause::XQ_REPETITION_IDLE_ALLOWED, [Xiangqi],
        "one attack in a side's cycle makes it forbidden, idle moves or not";
    ProtectedPieceChased = "protected-piece-chased", clause::XQ_REPETITION_TERM_CHASE, [Xiangqi],
        "attacking a protected piece counts as 捉";
    // Claims and draw offers.
    ClaimUnverified = "draughts-claim-unverified",
        clause::D64_END_DRAW_CLAIM_VERIFIED, [Brazilian, Russian],
        "a draughts draw claim is upheld while the rule's condition holds, count reached or not";
    DrawOfferAfter19 = "draw-offer-after-19-moves",
        clause::D64_DRAW_OFFER_AFTER_TWENTY_MOVES, [Brazilian, Russian],
        "a draughts draw may be offered after 19 own moves";
    DraughtsReofferEqualCounts = "draughts-reoffer-by-equal-counts",
        clause::D64_DRAW_OFFER_NO_REPEAT_AFTER_DECLINE, [Brazilian, Russian],
        "the draughts re-offer rule is read as the xiangqi one (equal refusals)";
    XiangqiReofferAfterOpponent = "xiangqi-reoffer-after-opponent-offer",
        clause::XQ_DRAW_OFFER_ALTERNATION, [Xiangqi],
        "the xiangqi re-offer rule is read as the draughts one (after an opponent's offer)";
    // The session: violations, warnings, irregular moves.
    ThirdViolationGoesOn = "third-violation-does-not-lose", clause::XQ_RESULT_THIRD_VIOLATION, [Xiangqi],
        "a side's third xiangqi violation does not lose";
    SecondWarningGoesOn = "second-warning-does-not-lose",
        clause::D64_PENALTY_TWO_WARNINGS_LOSE, [Brazilian, Russian],
        "a side's second draughts warning does not lose";
    RepeatedOfferNotCounted = "repeated-draw-offer-not-counted",
        clause::XQ_VIOLATION_REPEATED_DRAW_OFFER, [Xiangqi],
        "a xiangqi draw offer repeated after a refusal is not a counted violation";
    IllegalMovePieceNotTouched = "illegal-move-piece-not-touched",
        clause::XQ_IRREGULARITY_ILLEGAL_MOVE_TOUCHED, [Xiangqi],
        "the piece of a xiangqi illegal move taken back does not count as touched";
    CorrectedPieceNotTouched = "corrected-piece-not-touched",
        clause::D64_TOUCH_MOVE_TOUCHED_PIECE_MUST_MOVE, [Brazilian, Russian],
        "the piece of a corrected draughts irregular move does not count as touched";
    UnannouncedAdjustNoTouch = "unannounced-adjust-no-touch", clause::XQ_TOUCH_MOVE_ADJUSTING, [Xiangqi],
        "adjusting a xiangqi piece without announcing it is no touch";
    IllegalCountedOnResignation = "illegal-move-counted-on-resignation",
        clause::XQ_VIOLATION_ILLEGAL_MOVE, [Xiangqi],
        "an illegal move's violation stays counted when its author resigns at once";
    RefusedCorrectionGoesOn = "refused-correction-does-not-lose",
        clause::D64_PENALTY_REFUSED_TECHNICAL_CORRECTION_LOSES, [Brazilian, Russian],
        "refusing a demanded draughts correction does not lose";
    OmissionsOwnMovesOnly = "omissions-count-own-moves-only", clause::XQ_RECORDING_OMISSION_LIMIT,
        [Xiangqi],
        "a score sheet may lack three moves of its own side (six in time pressure), not three in all";
    OmissionPressureIgnored = "omission-limit-ignores-time-pressure", clause::XQ_RECORDING_OMISSION_LIMIT,
        [Xiangqi],
        "the omission limit stays three in severe time pressure instead of rising to six";
    OmissionNoReminder = "omission-first-excess-counted", clause::XQ_RECORDING_OMISSION_PENALTY,
        [Xiangqi],
        "a side's first excess of the omission limit counts a violation instead of a reminder";
    // The session: correcting errors (第四章 第一节 三).
    SetupErrorAfterEndCorrected = "setup-error-after-end-corrected",
        clause::XQ_IRREGULARITY_SETUP_FINISHED_GAME, [Xiangqi],
        "a set-up or colour error found after the game ended reopens it";
    MoveErrorAfterEndCorrected = "move-error-after-end-corrected",
        clause::XQ_IRREGULARITY_FINISHED_GAME_STANDS, [Xiangqi],
        "an illegal move or displaced piece found after the game ended reopens it";
    DisplacedPieceTouched = "displaced-piece-counts-as-touched",
        clause::XQ_IRREGULARITY_DISPLACED_PIECE, [Xiangqi],
        "after a displaced piece is put back, the piece moved at that move counts as touched";
    ColoursOnlyRestarts = "colours-only-restarts", clause::XQ_IRREGULARITY_COLOURS_ONLY, [Xiangqi],
        "wrong colours with the right order restart the game instead of going on";
    ColoursAndOrderContinues = "colours-and-order-continues",
        clause::XQ_IRREGULARITY_COLOURS_AND_ORDER, [Xiangqi],
        "wrong colours and order swap the colours in the position instead of restarting";
    ColoursSwapKeepsTurn = "colours-swap-keeps-turn", clause::XQ_IRREGULARITY_COLOURS_ONLY, [Xiangqi],
        "after the colours are swapped the same colour is to move, not the same player";
    ResumptionSetupRestartsGame = "resumption-setup-restarts-game",
        clause::XQ_IRREGULARITY_WRONG_RESUMPTION_SETUP, [Xiangqi],
        "a wrong set-up at resumption restarts the game from its start";
    UnknownDisplacementGoesOn = "unknown-displacement-goes-on",
        clause::XQ_IRREGULARITY_DISPLACED_UNKNOWN, [Xiangqi],
        "a displacement with no position certainly correct leaves the moves standing";
    // Touch-move.
    OwnThenOpponentSwapped = "own-then-opponent-steps-swapped",
        clause::XQ_TOUCH_MOVE_OWN_THEN_OPPONENT_MOVE_OWN, [Xiangqi],
        "touch-move (三): another piece's capture is tried before the touched piece's move";
    OpponentThenOwnSwapped = "opponent-then-own-steps-swapped",
        clause::XQ_TOUCH_MOVE_OPPONENT_THEN_OWN_OTHER_CAPTURES, [Xiangqi],
        "touch-move (四): the touched piece's move is tried before another piece's capture";
    SimultaneousInOwnFirstOrder = "simultaneous-in-own-then-opponent-order",
        clause::XQ_TOUCH_MOVE_SIMULTANEOUS, [Xiangqi],
        "touch-move (五): pieces touched at once follow the order of (三)";
    LastTouchBinds = "last-touch-binds", clause::XQ_TOUCH_MOVE_OWN_SEVERAL, [Xiangqi],
        "the last piece touched of a kind binds instead of the first";
    OpponentTouchIgnored = "opponent-touch-binds-nothing",
        clause::XQ_TOUCH_MOVE_OPPONENT_PIECE, [Xiangqi],
        "touching a xiangqi opponent's piece obliges nothing";
    DraughtsOpponentTouchBinds = "draughts-opponent-touch-binds",
        clause::D64_TOUCH_MOVE_TOUCHED_PIECE_MUST_MOVE, [Brazilian, Russian],
        "touching a draughts opponent's piece obliges capturing it";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_kebab_case() {
        let mut names: Vec<&str> = DrawMutant::ALL.iter().map(|m| m.name()).collect();
        assert!(names.iter().all(|n| n
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')));
        names.sort();
        let before = names.len();
        names.dedup();
        assert_eq!(before, names.len(), "a name is used twice");
    }
}
