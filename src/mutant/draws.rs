//! Mutants of outcomes, draw counts, edition parameters, repetition verdicts, claims and
//! touch-move, and where each one alters the rules.
//!
//! Every mutant alters one parameter of a mechanism that already has it, where its
//! parameters are built, once per operation. This module sits below the rules and knows
//! none of their types but the edition's; each mechanism reads the active mutant
//! ([`active_draw`](crate::mutant::active_draw)) where it builds its parameters:
//!
//! - [`edition`] (here): an edition's draw rules and draw-offer rule (counts, modes,
//!   readings);
//! - `Counting::in_force` (`draughts::endings`), `XiangqiCounting::in_force`
//!   (`xiangqi::endings`): what resets the draw counters and what makes two draughts
//!   positions the same;
//! - `RepetitionRules::in_force` (`xiangqi::repetition`): the readings of the repetition
//!   verdict (棋例); `Judging::in_force`: how the verdict follows from the judgements;
//! - `TouchRules::in_force` (`procedure::touch`): the steps of touch-move, in the table of
//!   the games the mutant names;
//!   `Policy::in_force` (`procedure::session`): the session's procedure;
//! - [`score_ending`], [`claims_verified`], [`protection_counts`] (here): the few rules
//!   with no parameter of their own, read once per judgement.
//!
//! With no mutant active each of these returns the rules unchanged.
//!
//! ```
//! use arbiter::mutant::{self, DrawMutant, Mutant};
//! use arbiter::{rules_for, Ruleset, Score, Side};
//!
//! // Stalemated black: under CXA the side with no legal move loses.
//! let rules = rules_for(&"xiangqi".parse::<Ruleset>().unwrap());
//! let fen = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";
//! let judge = || rules.outcome(fen, &[]).unwrap().outcome.map(|o| o.result);
//! assert_eq!(judge(), Some(Score::Win(Side::First)));
//! let m = Mutant::Draws(DrawMutant::StalemateIsDraw);
//! assert_eq!(mutant::with(m, judge), Some(Score::Draw));
//! ```

use crate::edition::{DiagonalCount, DrawKind, Edition, Mode, Reoffer};
use crate::{Game, Ruleset};
use std::borrow::Cow;

super::mutant_family! {
    /// A mutant of outcomes, draws, repetition and procedures.
    DrawMutant;
    // Outcomes decided by the position.
    StalemateIsDraw = "stalemate-is-draw", "xq.result.stalemate-loses", [Xiangqi],
        "a xiangqi side without a legal move draws instead of losing";
    CheckmateGoesOn = "checkmate-goes-on", "xq.result.checkmate-loses", [Xiangqi],
        "a checkmated xiangqi side does not lose: the game goes on";
    BlockedSideDraws = "blocked-side-draws", "d64.end.no-legal-move", [Brazilian, Russian],
        "a draughts side that cannot move draws instead of losing";
    // Draughts draw counts, each one move off (the edition's `moves`/`occurrences`).
    BrazilianKingsOnly16 = "brazilian-kings-only-16-moves",
        "d64.draw.brazilian-kings-only-15", [Brazilian],
        "the Brazilian (CXA) kings-only count is 16 moves instead of 15";
    RussianKingsOnly14 = "russian-kings-only-14-moves", "d64.draw.russian-kings-only-15", [Russian],
        "the Russian kings-only count is 14 moves instead of 15";
    FmjdKingsOnly24 = "fmjd-kings-only-24-moves", "d64.draw.fmjd-kings-only-25", [Brazilian],
        "the brazilian@fmjd kings-only count is 24 moves instead of 25";
    CbdKingsOnly21 = "cbd-kings-only-21-moves", "d64.draw.cbd-kings-only-20", [Brazilian],
        "the brazilian@cbd kings-only count is 21 moves instead of 20";
    BrazilianSmallEnding6 = "brazilian-small-ending-6-moves",
        "d64.draw.brazilian-small-endings-5", [Brazilian],
        "the Brazilian (CXA, CBD) small endings last 6 moves instead of 5";
    RussianTwoVsOne4 = "russian-two-vs-one-4-moves", "d64.draw.russian-two-vs-one-5", [Russian],
        "the Russian two-against-one count is 4 moves instead of 5";
    FmjdTwoVsOne6 = "fmjd-two-vs-one-6-moves", "d64.draw.fmjd-two-vs-one-5", [Brazilian],
        "the brazilian@fmjd two-against-one count is 6 moves instead of 5";
    RussianThreeKings16 = "russian-three-kings-16-moves",
        "d64.draw.russian-three-kings-vs-king-15", [Russian],
        "the Russian three-kings-against-one count is 16 moves instead of 15";
    RussianEqualBalance29 = "russian-equal-balance-4-5-pieces-29-moves",
        "d64.draw.russian-equal-balance-4-5-pieces", [Russian],
        "the Russian 4-5-piece equal-balance count is 29 moves instead of 30";
    RussianEqualBalance61 = "russian-equal-balance-6-7-pieces-61-moves",
        "d64.draw.russian-equal-balance-6-7-pieces", [Russian],
        "the Russian 6-7-piece equal-balance count is 61 moves instead of 60";
    RussianEqualBalanceUpTo6 = "russian-equal-balance-4-6-pieces",
        "d64.draw.russian-equal-balance-4-5-pieces", [Russian],
        "the Russian 4-5-piece equal-balance rule also covers 6 pieces";
    RussianLongDiagonal6 = "russian-long-diagonal-6-moves",
        "d64.draw.russian-three-vs-king-long-diagonal-5", [Russian],
        "the Russian long-diagonal count is 6 moves instead of 5";
    FmjdThreeVsKing15 = "fmjd-three-vs-king-15-moves",
        "d64.draw.fmjd-three-vs-king-16", [Brazilian],
        "the brazilian@fmjd three-against-one count is 15 moves instead of 16";
    FmjdLongDiagonal4 = "fmjd-long-diagonal-4-moves",
        "d64.draw.fmjd-three-vs-king-long-diagonal-5", [Brazilian],
        "the brazilian@fmjd long-diagonal count is 4 moves instead of 5";
    ThreefoldNeedsFour = "threefold-needs-four", "d64.draw.threefold-repetition", [Brazilian],
        "Brazilian repetition needs the position a fourth time";
    RussianThreefoldNeedsFour = "russian-threefold-needs-four",
        "d64.draw.russian-threefold", [Russian],
        "Russian repetition needs the position a fourth time";
    // Draughts edition readings.
    RussianKingsOnlyNotSuspended = "russian-kings-only-not-suspended",
        "d64.draw.russian-kings-only-15", [Russian],
        "the Russian kings-only count also ends 4-7-piece equal-balance endings";
    RussianDiagonalFromBalance = "russian-long-diagonal-from-balance",
        "d64.draw.russian-three-vs-king-long-diagonal-5", [Russian],
        "the Russian long-diagonal count runs from the balance (the FMJD reading)";
    CxaDrawsAutomatic = "brazilian-cxa-draws-automatic", "d64.end.draw-claim-verified", [Brazilian],
        "the brazilian@cxa draws end the game without a claim";
    // Draughts counting: resets and position identity.
    KingsOnlyNotResetByManMove = "kings-only-not-reset-by-man-move",
        "d64.draw.brazilian-kings-only-15", [Brazilian, Russian],
        "a man move does not reset the kings-only count";
    KingsOnlyNotResetByCapture = "kings-only-not-reset-by-capture",
        "d64.draw.brazilian-kings-only-15", [Brazilian, Russian],
        "a capture by a king does not reset the kings-only count";
    BalanceNotResetByPromotion = "endgame-count-not-reset-by-promotion",
        "d64.draw.russian-equal-balance-4-5-pieces", [Brazilian, Russian],
        "a promotion does not restart the endgame counts";
    BalanceResetByManMove = "endgame-count-reset-by-man-move",
        "d64.draw.russian-equal-balance-4-5-pieces", [Brazilian, Russian],
        "a man move restarts the endgame counts";
    DiagonalNotResetOnLeaving = "long-diagonal-count-not-reset-on-leaving",
        "d64.draw.russian-three-vs-king-long-diagonal-5", [Russian],
        "the Russian diagonal count goes on when the lone king leaves the diagonal";
    FmjdDiagonalNotChecked = "fmjd-long-diagonal-anywhere",
        "d64.draw.fmjd-three-vs-king-long-diagonal-5", [Brazilian],
        "the brazilian@fmjd long-diagonal draw needs no lone king on the diagonal";
    ThreefoldIgnoresSideToMove = "threefold-ignores-side-to-move",
        "d64.draw.threefold-repetition", [Brazilian, Russian],
        "draughts repetition counts the same pieces with the other side to move";
    // Xiangqi 60-move rule.
    SixtyMoveInPlies = "sixty-move-counted-in-plies", "xq.draw.sixty-move-claim", [Xiangqi],
        "the xiangqi 60-move count is reached after 60 plies";
    SixtyMoveResetBySoldier = "sixty-move-reset-by-soldier-move",
        "xq.draw.sixty-move-claim", [Xiangqi],
        "a soldier move resets the xiangqi 60-move count";
    SixtyMoveResetByCheck = "sixty-move-reset-by-check", "xq.draw.sixty-move-claim", [Xiangqi],
        "a check resets the xiangqi 60-move count";
    SixtyMoveAutomatic = "sixty-move-automatic", "xq.draw.sixty-move-claim", [Xiangqi],
        "the xiangqi 60-move rule draws without a claim";
    FalseClaimNotPenalised = "false-sixty-move-claim-unpenalised",
        "xq.draw.sixty-move-false-claim", [Xiangqi],
        "a false 60-move claim adds nothing to the claimant's clock";
    // Xiangqi repetition verdict (棋例).
    CheckAndChaseAllowed = "cxa-check-and-chase-allowed",
        "xq.repetition.all-attack-forbidden", [Xiangqi],
        "一将一捉 (check and chase in turn) is allowed under CXA";
    AxfCheckAndChaseForbidden = "axf-check-and-chase-forbidden",
        "xq.repetition.axf-check-and-chase", [Xiangqi],
        "一将一捉 (check and chase in turn) is forbidden under AXF";
    MateThreatNotAttack = "cxa-mate-threat-not-an-attack", "xq.repetition.term-attack", [Xiangqi],
        "杀 (mate threat) is not an attack under CXA: 长杀 is allowed";
    GeneralChaseForbidden = "general-chase-is-a-chase",
        "xq.repetition.general-soldier-chase", [Xiangqi],
        "a chase by the general counts as 捉";
    SoldierChaseForbidden = "soldier-chase-is-a-chase",
        "xq.repetition.general-soldier-chase", [Xiangqi],
        "a chase by a soldier counts as 捉";
    PerpetualCheckNotAlwaysLosing = "perpetual-check-drawn-against-forbidden",
        "xq.repetition.perpetual-check-loses", [Xiangqi],
        "perpetual check against forbidden moves is drawn instead of having to change";
    CxaAlternateChaseAllowed = "cxa-alternate-chase-allowed",
        "xq.repetition.all-attack-forbidden", [Xiangqi],
        "under CXA chasing different pieces in turn is allowed (the AXF reading)";
    AxfAlternateChaseForbidden = "axf-alternate-chase-forbidden",
        "xq.repetition.axf-alternate-chase", [Xiangqi],
        "under AXF chasing different pieces in turn is 长捉 (the CXA reading)";
    AxfImmobilisedAttackerChases = "axf-immobilised-attacker-chases",
        "xq.repetition.axf-pinned-chariot", [Xiangqi],
        "under AXF a piece that can only capture the piece it attacks chases it";
    AxfRenewedChaseIgnored = "axf-renewed-chase-ignored",
        "xq.repetition.axf-renewed-chase", [Xiangqi],
        "under AXF a new attacker of a piece already winnable does not chase it";
    AxfCheckNeverChases = "axf-check-never-chases",
        "xq.repetition.axf-check-also-chases", [Xiangqi],
        "under AXF a checking move is never looked at as a chase";
    CxaChaseByCheckIgnored = "cxa-chase-by-check-ignored", "xq.repetition.term-chase", [Xiangqi],
        "under CXA a piece won by a check and a capture (抽将) is not chased";
    StandingMateIsThreat = "standing-mate-is-a-threat", "xq.repetition.term-mate-threat", [Xiangqi],
        "a mate the mover could already give counts as a new 杀";
    JointChaseIgnored = "joint-chase-ignored", "xq.repetition.joint-chase", [Xiangqi],
        "a move that adds the attacker a general's or soldier's capture needs is not 捉";
    VerdictAfterFourCycles = "repetition-verdict-after-four-cycles",
        "xq.draw.repetition-claim", [Xiangqi],
        "the repetition verdict needs the cycle played four times";
    VerdictAfterTwoCycles = "repetition-verdict-after-two-cycles",
        "xq.draw.repetition-claim", [Xiangqi],
        "the repetition verdict comes once the cycle is played twice";
    UnchangedRepetitionNeverLoses = "forbidden-repetition-never-loses",
        "xq.result.forbidden-repetition-unchanged", [Xiangqi],
        "a side that had to change a forbidden cycle never loses by repeating it";
    ForbiddenRepetitionLosesAtOnce = "forbidden-repetition-loses-at-once",
        "xq.result.forbidden-repetition-unchanged", [Xiangqi],
        "a side whose cycle is forbidden loses at the verdict, without a chance to change";
    IdleMoveDoesNotAllow = "idle-move-does-not-allow", "xq.repetition.idle-allowed", [Xiangqi],
        "one attack in a side's cycle makes it forbidden, idle moves or not";
    ProtectedPieceChased = "protected-piece-chased", "xq.repetition.term-chase", [Xiangqi],
        "attacking a protected piece counts as 捉";
    // Claims and draw offers.
    ClaimUnverified = "draughts-claim-unverified",
        "d64.end.draw-claim-verified", [Brazilian, Russian],
        "a draughts draw claim is upheld while the rule's condition holds, count reached or not";
    DrawOfferAfter19 = "draw-offer-after-19-moves",
        "d64.draw-offer.after-twenty-moves", [Brazilian, Russian],
        "a draughts draw may be offered after 19 own moves";
    DraughtsReofferEqualCounts = "draughts-reoffer-by-equal-counts",
        "d64.draw-offer.no-repeat-after-decline", [Brazilian, Russian],
        "the draughts re-offer rule is read as the xiangqi one (equal refusals)";
    XiangqiReofferAfterOpponent = "xiangqi-reoffer-after-opponent-offer",
        "xq.draw-offer.alternation", [Xiangqi],
        "the xiangqi re-offer rule is read as the draughts one (after an opponent's offer)";
    // The session: violations, warnings, irregular moves.
    ThirdViolationGoesOn = "third-violation-does-not-lose", "xq.result.third-violation", [Xiangqi],
        "a side's third xiangqi violation does not lose";
    SecondWarningGoesOn = "second-warning-does-not-lose",
        "d64.penalty.two-warnings-lose", [Brazilian, Russian],
        "a side's second draughts warning does not lose";
    RepeatedOfferNotCounted = "repeated-draw-offer-not-counted",
        "xq.violation.repeated-draw-offer", [Xiangqi],
        "a xiangqi draw offer repeated after a refusal is not a counted violation";
    IllegalMovePieceNotTouched = "illegal-move-piece-not-touched",
        "xq.irregularity.illegal-move-touched", [Xiangqi],
        "the piece of a xiangqi illegal move taken back does not count as touched";
    CorrectedPieceNotTouched = "corrected-piece-not-touched",
        "d64.touch-move.touched-piece-must-move", [Brazilian, Russian],
        "the piece of a corrected draughts irregular move does not count as touched";
    UnannouncedAdjustNoTouch = "unannounced-adjust-no-touch", "xq.touch-move.adjusting", [Xiangqi],
        "adjusting a xiangqi piece without announcing it is no touch";
    IllegalCountedOnResignation = "illegal-move-counted-on-resignation",
        "xq.violation.illegal-move", [Xiangqi],
        "an illegal move's violation stays counted when its author resigns at once";
    RefusedCorrectionGoesOn = "refused-correction-does-not-lose",
        "d64.penalty.refused-technical-correction-loses", [Brazilian, Russian],
        "refusing a demanded draughts correction does not lose";
    OmissionsOwnMovesOnly = "omissions-count-own-moves-only", "xq.recording.omission-limit",
        [Xiangqi],
        "a score sheet may lack three moves of its own side (six in time pressure), not three in all";
    OmissionPressureIgnored = "omission-limit-ignores-time-pressure", "xq.recording.omission-limit",
        [Xiangqi],
        "the omission limit stays three in severe time pressure instead of rising to six";
    OmissionNoReminder = "omission-first-excess-counted", "xq.recording.omission-penalty",
        [Xiangqi],
        "a side's first excess of the omission limit counts a violation instead of a reminder";
    // The session: correcting errors (第四章 第一节 三).
    SetupErrorAfterEndCorrected = "setup-error-after-end-corrected",
        "xq.irregularity.setup-finished-game", [Xiangqi],
        "a set-up or colour error found after the game ended reopens it";
    MoveErrorAfterEndCorrected = "move-error-after-end-corrected",
        "xq.irregularity.finished-game-stands", [Xiangqi],
        "an illegal move or displaced piece found after the game ended reopens it";
    DisplacedPieceTouched = "displaced-piece-counts-as-touched",
        "xq.irregularity.displaced-piece", [Xiangqi],
        "after a displaced piece is put back, the piece moved at that move counts as touched";
    ColoursOnlyRestarts = "colours-only-restarts", "xq.irregularity.colours-only", [Xiangqi],
        "wrong colours with the right order restart the game instead of going on";
    ColoursAndOrderContinues = "colours-and-order-continues",
        "xq.irregularity.colours-and-order", [Xiangqi],
        "wrong colours and order swap the colours in the position instead of restarting";
    ColoursSwapKeepsTurn = "colours-swap-keeps-turn", "xq.irregularity.colours-only", [Xiangqi],
        "after the colours are swapped the same colour is to move, not the same player";
    ResumptionSetupRestartsGame = "resumption-setup-restarts-game",
        "xq.irregularity.wrong-resumption-setup", [Xiangqi],
        "a wrong set-up at resumption restarts the game from its start";
    UnknownDisplacementGoesOn = "unknown-displacement-goes-on",
        "xq.irregularity.displaced-unknown", [Xiangqi],
        "a displacement with no position certainly correct leaves the moves standing";
    // Touch-move.
    OwnThenOpponentSwapped = "own-then-opponent-steps-swapped",
        "xq.touch-move.own-then-opponent-move-own", [Xiangqi],
        "touch-move (三): another piece's capture is tried before the touched piece's move";
    OpponentThenOwnSwapped = "opponent-then-own-steps-swapped",
        "xq.touch-move.opponent-then-own-other-captures", [Xiangqi],
        "touch-move (四): the touched piece's move is tried before another piece's capture";
    SimultaneousInOwnFirstOrder = "simultaneous-in-own-then-opponent-order",
        "xq.touch-move.simultaneous", [Xiangqi],
        "touch-move (五): pieces touched at once follow the order of (三)";
    LastTouchBinds = "last-touch-binds", "xq.touch-move.own-several", [Xiangqi],
        "the last piece touched of a kind binds instead of the first";
    OpponentTouchIgnored = "opponent-touch-binds-nothing",
        "xq.touch-move.opponent-piece", [Xiangqi],
        "touching a xiangqi opponent's piece obliges nothing";
    DraughtsOpponentTouchBinds = "draughts-opponent-touch-binds",
        "d64.touch-move.touched-piece-must-move", [Brazilian, Russian],
        "touching a draughts opponent's piece obliges capturing it";
}

use DrawMutant as D;

impl DrawMutant {
    /// The count it sets (in moves, or occurrences for repetition) on the draw rule of the
    /// clause it breaks, for the count mutants.
    fn count(self) -> Option<u32> {
        Some(match self {
            D::BrazilianKingsOnly16 | D::RussianThreeKings16 => 16,
            D::RussianKingsOnly14 => 14,
            D::FmjdKingsOnly24 => 24,
            D::CbdKingsOnly21 => 21,
            D::BrazilianSmallEnding6 | D::FmjdTwoVsOne6 | D::RussianLongDiagonal6 => 6,
            D::RussianTwoVsOne4 | D::FmjdLongDiagonal4 => 4,
            D::RussianEqualBalance29 => 29,
            D::RussianEqualBalance61 => 61,
            D::FmjdThreeVsKing15 => 15,
            D::ThreefoldNeedsFour | D::RussianThreefoldNeedsFour => 4,
            _ => return None,
        })
    }

    /// Alters an edition; whether anything changed.
    fn alter_edition(self, e: &mut Edition) -> bool {
        let clause = self.clause();
        let mut changed = false;
        if let Some(n) = self.count() {
            for rule in e.draws.iter_mut().filter(|r| r.clause == clause) {
                if rule.rule.counts_occurrences() {
                    rule.occurrences = Some(n);
                } else {
                    rule.moves = Some(n);
                }
                changed = true;
            }
            return changed;
        }
        let game = e.game;
        let offer = &mut e.draw_offer;
        for rule in &mut e.draws {
            let of_clause = rule.clause == clause;
            let sixty = rule.rule == DrawKind::SixtyMove;
            match self {
                D::RussianKingsOnlyNotSuspended if of_clause => rule.suspended_in.clear(),
                D::RussianEqualBalanceUpTo6 if of_clause => {
                    rule.pieces = rule.pieces.map(|[lo, hi]| [lo, hi + 1])
                }
                D::RussianDiagonalFromBalance if of_clause => {
                    rule.count_from = Some(DiagonalCount::Balance)
                }
                D::CxaDrawsAutomatic if game == Game::Brazilian && e.id == "cxa" => {
                    rule.mode = Mode::Automatic
                }
                // 60 rounds of one move by each side read as 60 plies (30 rounds).
                D::SixtyMoveInPlies if sixty => rule.moves = rule.moves.map(|m| m / 2),
                D::SixtyMoveAutomatic if sixty => rule.mode = Mode::Automatic,
                D::FalseClaimNotPenalised if sixty => rule.false_claim_penalty_seconds = None,
                _ => continue,
            }
            changed = true;
        }
        match self {
            D::DrawOfferAfter19 if offer.clause == clause => {
                offer.min_own_moves = offer.min_own_moves.saturating_sub(1);
                changed = true;
            }
            D::DraughtsReofferEqualCounts if game.is_draughts() => {
                offer.reoffer = Reoffer::EqualCounts;
                changed = true;
            }
            D::XiangqiReofferAfterOpponent if game == Game::Xiangqi => {
                offer.reoffer = Reoffer::AfterOpponentOffer;
                changed = true;
            }
            _ => {}
        }
        changed
    }
}

/// The draw mutant active on this thread, if any.
pub(crate) fn active() -> Option<DrawMutant> {
    match super::active() {
        Some(super::Mutant::Draws(m)) => Some(m),
        _ => None,
    }
}

/// The edition of `ruleset`: the registry's, or a copy altered by the active mutant.
pub(crate) fn edition(ruleset: &Ruleset) -> Cow<'static, Edition> {
    let base = ruleset.edition();
    let Some(m) = active() else {
        return Cow::Borrowed(base);
    };
    let mut altered = base.clone();
    if m.alter_edition(&mut altered) {
        Cow::Owned(altered)
    } else {
        Cow::Borrowed(base)
    }
}

/// How a game ending found in the position is scored for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scored {
    /// It loses (the rules, for every such ending).
    Loss,
    /// It draws.
    Draw,
    /// The game goes on.
    Ongoing,
}

/// How an ending of the position (`checkmate`, `stalemate`, `no-legal-move`, `no-pieces`)
/// is scored: a loss for the side to move, unless the active mutant says otherwise.
pub(crate) fn score_ending(reason: &str) -> Scored {
    match (active(), reason) {
        (Some(D::StalemateIsDraw), "stalemate") => Scored::Draw,
        (Some(D::CheckmateGoesOn), "checkmate") => Scored::Ongoing,
        (Some(D::BlockedSideDraws), "no-legal-move") => Scored::Draw,
        _ => Scored::Loss,
    }
}

/// Whether a chase needs a capture that wins material in the exchange (a protected piece is
/// not chased unless the exchange wins).
pub(crate) fn protection_counts() -> bool {
    active() != Some(D::ProtectedPieceChased)
}

/// Whether the arbiter verifies a draw claim of `game` (upholds it only when the count is
/// reached).
pub(crate) fn claims_verified(game: Game) -> bool {
    !(game.is_draughts() && active() == Some(D::ClaimUnverified))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::endings::Counting;
    use crate::mutant::{with, Mutant};
    use crate::procedure::touch::{TouchRules, XIANGQI_TOUCH};

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

    #[test]
    fn every_count_mutant_alters_a_rule_of_its_games() {
        for &m in DrawMutant::ALL.iter().filter(|m| m.count().is_some()) {
            let altered = m.games().iter().any(|&g| {
                g.editions().iter().any(|e| {
                    let ruleset = Ruleset {
                        game: g,
                        edition: (*e).to_owned(),
                    };
                    with(Mutant::Draws(m), || {
                        matches!(edition(&ruleset), Cow::Owned(_))
                    })
                })
            });
            assert!(altered, "{} alters no edition", m.name());
        }
    }

    #[test]
    fn nothing_is_altered_without_a_mutant() {
        let ruleset: Ruleset = "russian".parse().unwrap();
        assert!(matches!(edition(&ruleset), Cow::Borrowed(_)));
        assert_eq!(Counting::in_force(), Counting::RULES);
        assert_eq!(TouchRules::in_force(Game::Xiangqi), XIANGQI_TOUCH);
        assert_eq!(score_ending("stalemate"), Scored::Loss);
        let m = Mutant::Draws(D::RussianKingsOnly14);
        let limit = with(m, || {
            edition(&ruleset)
                .rule(DrawKind::KingsOnly)
                .map(|r| r.limit_plies())
        });
        assert_eq!(limit, Some(28));
    }
}
