//! Mutants of move generation and legality.
//!
//! Each one alters one clause of the movement, capture, promotion or check rules: it is a
//! transform of the move rules a position carries (`draughts::MoveRules::mutated`,
//! `xiangqi::MoveRules::mutated`), so a mutant is a different value of a switch the real
//! rules already have, never a branch of its own in the search.

use crate::clause;
use crate::Game;

/// A mutant of move generation or legality.
///
/// ```
/// use arbiter::mutant::MoveMutant;
///
/// let m = MoveMutant::KingsNotFlying;
/// assert_eq!(m.name(), "kings-not-flying");
/// assert_eq!(m.clause(), "d64.move.king-flies");
/// assert!(MoveMutant::ALL.len() >= 20);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MoveMutant {
    // Draughts.
    /// Brazilian: any capture may be chosen, not only one taking the most pieces.
    NoMajorityRule,
    /// Russian: only the captures taking the most pieces are allowed.
    RussianMajorityRule,
    /// Brazilian majority rule: a captured king counts as two pieces.
    MajorityCountsKingsDouble,
    /// Brazilian: a man reaching the last row during a capture is crowned at once and goes
    /// on capturing as a king.
    PromotionInPassing,
    /// Russian: a man passing the last row during a capture goes on as a man and is crowned
    /// only if it ends there.
    RussianNoPromotionInPassing,
    /// Russian: a man crowned during a capture is a king at the end, but goes on capturing
    /// as a man.
    CrownedGoesOnAsMan,
    /// Captured pieces are removed as they are jumped, so they no longer block.
    CapturedRemovedAtOnce,
    /// A piece already taken may be jumped again (onto a square not yet landed on).
    PieceJumpedTwice,
    /// Men capture only forward.
    MenCaptureForwardOnly,
    /// Without capturing, kings move one square at a time.
    KingsNotFlying,
    /// Kings capture only a piece right next to them.
    KingsCaptureAdjacentOnly,
    /// A capturing king must land on the square right behind the piece it takes.
    KingLandsRightBehind,
    /// A plain move may be played when a capture is available.
    CaptureNotCompulsory,
    /// Russian: a king may stop on a square behind its last victim from which it cannot go
    /// on, even when another one lets it go on.
    KingFreeStop,
    /// Russian: a man may stop after any jump, though it could jump again.
    ManMayStopMidCapture,
    /// Russian: a king may stop after any jump, though it could jump again.
    KingMayStopMidCapture,
    /// Without capturing, men also move one square backward.
    MenMoveBackward,
    /// The square a capturing piece started from stays occupied until the move ends.
    StartSquareStaysOccupied,
    /// During a multiple capture a king goes on only along the diagonal it came by.
    KingCannotTurn,
    // Xiangqi.
    /// A piece on the horse's leg does not block it (moves and checks).
    HorseLegNotBlocking,
    /// A piece on the elephant's eye does not block it.
    ElephantEyeNotBlocking,
    /// The elephant may cross the river.
    ElephantCrossesRiver,
    /// A soldier moves sideways before it has crossed the river.
    SoldierSidewaysBeforeRiver,
    /// A soldier never moves sideways, even after crossing the river (moves and checks).
    SoldierNotSidewaysAfterRiver,
    /// The general may step out of its palace.
    GeneralLeavesPalace,
    /// The advisor may step out of its palace.
    AdvisorLeavesPalace,
    /// The advisor steps orthogonally inside the palace instead of diagonally.
    AdvisorMovesStraight,
    /// The generals may face each other on an open file.
    GeneralsMayFace,
    /// A move may leave the mover's own general attacked.
    SelfCheckAllowed,
    /// A side in check may make a move that leaves it in check (when not in check, a move
    /// may still not expose the general).
    CheckNeedNotBeAnswered,
    /// The cannon also captures the first piece in its line, without a screen (moves and
    /// checks).
    CannonCapturesWithoutScreen,
    /// Without capturing, the cannon may also jump over one piece to the empty points
    /// beyond.
    CannonJumpsToEmpty,
    /// Without capturing, the chariot may jump over one piece to the empty points beyond.
    ChariotJumps,
}

/// What a mutant is: name, clause, description, games.
struct Info {
    name: &'static str,
    clause: &'static str,
    about: &'static str,
    games: &'static [Game],
}

const DRAUGHTS: &[Game] = &[Game::Brazilian, Game::Russian];
const BRAZILIAN: &[Game] = &[Game::Brazilian];
const RUSSIAN: &[Game] = &[Game::Russian];
const XIANGQI: &[Game] = &[Game::Xiangqi];

impl MoveMutant {
    /// Every move-generation mutant, draughts first.
    pub const ALL: &'static [MoveMutant] = &[
        MoveMutant::NoMajorityRule,
        MoveMutant::RussianMajorityRule,
        MoveMutant::MajorityCountsKingsDouble,
        MoveMutant::PromotionInPassing,
        MoveMutant::RussianNoPromotionInPassing,
        MoveMutant::CrownedGoesOnAsMan,
        MoveMutant::CapturedRemovedAtOnce,
        MoveMutant::PieceJumpedTwice,
        MoveMutant::MenCaptureForwardOnly,
        MoveMutant::KingsNotFlying,
        MoveMutant::KingsCaptureAdjacentOnly,
        MoveMutant::KingLandsRightBehind,
        MoveMutant::CaptureNotCompulsory,
        MoveMutant::KingFreeStop,
        MoveMutant::ManMayStopMidCapture,
        MoveMutant::KingMayStopMidCapture,
        MoveMutant::MenMoveBackward,
        MoveMutant::StartSquareStaysOccupied,
        MoveMutant::KingCannotTurn,
        MoveMutant::HorseLegNotBlocking,
        MoveMutant::ElephantEyeNotBlocking,
        MoveMutant::ElephantCrossesRiver,
        MoveMutant::SoldierSidewaysBeforeRiver,
        MoveMutant::SoldierNotSidewaysAfterRiver,
        MoveMutant::GeneralLeavesPalace,
        MoveMutant::AdvisorLeavesPalace,
        MoveMutant::AdvisorMovesStraight,
        MoveMutant::GeneralsMayFace,
        MoveMutant::SelfCheckAllowed,
        MoveMutant::CheckNeedNotBeAnswered,
        MoveMutant::CannonCapturesWithoutScreen,
        MoveMutant::CannonJumpsToEmpty,
        MoveMutant::ChariotJumps,
    ];

    fn info(self) -> Info {
        use MoveMutant as M;
        let (name, clause, about, games) = match self {
            M::NoMajorityRule => (
                "no-majority-rule",
                clause::D64_CAPTURE_MAJORITY_RULE,
                "Brazilian: any capture may be chosen, not only one taking the most pieces",
                BRAZILIAN,
            ),
            M::RussianMajorityRule => (
                "russian-majority-rule",
                clause::D64_CAPTURE_RUSSIAN_FREE_CHOICE,
                "Russian: only the captures taking the most pieces are allowed",
                RUSSIAN,
            ),
            M::MajorityCountsKingsDouble => (
                "majority-counts-kings-double",
                clause::D64_CAPTURE_MAJORITY_COUNTS_PIECES,
                "Brazilian majority rule: a captured king counts as two pieces",
                BRAZILIAN,
            ),
            M::PromotionInPassing => (
                "promotion-in-passing",
                clause::D64_PROMOTION_NO_PROMOTION_IN_PASSING,
                "Brazilian: a man reaching the last row during a capture is crowned at once and goes on as a king",
                BRAZILIAN,
            ),
            M::RussianNoPromotionInPassing => (
                "russian-no-promotion-in-passing",
                clause::D64_PROMOTION_RUSSIAN_PROMOTES_IN_PASSING,
                "Russian: a man passing the last row during a capture goes on as a man, crowned only if it ends there",
                RUSSIAN,
            ),
            M::CrownedGoesOnAsMan => (
                "crowned-goes-on-as-man",
                clause::D64_PROMOTION_RUSSIAN_CONTINUE_AS_KING,
                "Russian: a man crowned during a capture goes on capturing as a man",
                RUSSIAN,
            ),
            M::CapturedRemovedAtOnce => (
                "captured-removed-at-once",
                clause::D64_CAPTURE_REMOVED_AFTER_SEQUENCE,
                "captured pieces are removed as they are jumped and no longer block",
                DRAUGHTS,
            ),
            M::PieceJumpedTwice => (
                "piece-jumped-twice",
                clause::D64_CAPTURE_NO_PIECE_JUMPED_TWICE,
                "a piece already taken may be jumped again (onto a square not yet landed on)",
                DRAUGHTS,
            ),
            M::MenCaptureForwardOnly => (
                "men-capture-forward-only",
                clause::D64_CAPTURE_MAN_BACKWARD,
                "men capture only forward",
                DRAUGHTS,
            ),
            M::KingsNotFlying => (
                "kings-not-flying",
                clause::D64_MOVE_KING_FLIES,
                "without capturing, kings move one square at a time",
                DRAUGHTS,
            ),
            M::KingsCaptureAdjacentOnly => (
                "kings-capture-adjacent-only",
                clause::D64_CAPTURE_KING_LONG_JUMP,
                "kings capture only a piece right next to them",
                DRAUGHTS,
            ),
            M::KingLandsRightBehind => (
                "king-lands-right-behind",
                clause::D64_CAPTURE_KING_LANDING_CHOICE,
                "a capturing king must land on the square right behind the piece it takes",
                DRAUGHTS,
            ),
            M::CaptureNotCompulsory => (
                "capture-not-compulsory",
                clause::D64_CAPTURE_COMPULSORY,
                "a plain move may be played when a capture is available",
                DRAUGHTS,
            ),
            M::KingFreeStop => (
                "king-free-stop",
                clause::D64_CAPTURE_RUSSIAN_KING_MUST_STOP_TO_CONTINUE,
                "Russian: a king may stop behind its last victim where it cannot go on, though another square lets it go on",
                RUSSIAN,
            ),
            M::ManMayStopMidCapture => (
                "man-may-stop-mid-capture",
                clause::D64_CAPTURE_MAN_MUST_CONTINUE,
                "Russian: a capturing man may stop after any jump, though it could jump again",
                RUSSIAN,
            ),
            M::KingMayStopMidCapture => (
                "king-may-stop-mid-capture",
                clause::D64_CAPTURE_KING_MUST_CONTINUE,
                "Russian: a capturing king may stop after any jump, though it could jump again",
                RUSSIAN,
            ),
            M::MenMoveBackward => (
                "men-move-backward",
                clause::D64_MOVE_MAN_NO_BACKWARD,
                "without capturing, men also move one square backward",
                DRAUGHTS,
            ),
            M::StartSquareStaysOccupied => (
                "start-square-stays-occupied",
                clause::D64_CAPTURE_EMPTY_SQUARE_TWICE,
                "the square a capturing piece started from stays occupied until the move ends",
                DRAUGHTS,
            ),
            M::KingCannotTurn => (
                "king-cannot-turn",
                clause::D64_CAPTURE_KING_MAY_TURN,
                "during a multiple capture a king goes on only along the diagonal it came by",
                DRAUGHTS,
            ),
            M::HorseLegNotBlocking => (
                "horse-leg-not-blocking",
                clause::XQ_MOVE_HORSE_LEG,
                "a piece on the horse's leg does not block it (moves and checks)",
                XIANGQI,
            ),
            M::ElephantEyeNotBlocking => (
                "elephant-eye-not-blocking",
                clause::XQ_MOVE_ELEPHANT_EYE,
                "a piece on the elephant's eye does not block it",
                XIANGQI,
            ),
            M::ElephantCrossesRiver => (
                "elephant-crosses-river",
                clause::XQ_MOVE_ELEPHANT_RIVER,
                "the elephant may cross the river",
                XIANGQI,
            ),
            M::SoldierSidewaysBeforeRiver => (
                "soldier-sideways-before-river",
                clause::XQ_MOVE_SOLDIER_BEFORE_RIVER,
                "a soldier moves sideways before it has crossed the river",
                XIANGQI,
            ),
            M::SoldierNotSidewaysAfterRiver => (
                "soldier-not-sideways-after-river",
                clause::XQ_MOVE_SOLDIER_AFTER_RIVER,
                "a soldier never moves sideways, even across the river (moves and checks)",
                XIANGQI,
            ),
            M::GeneralLeavesPalace => (
                "general-leaves-palace",
                clause::XQ_MOVE_GENERAL_PALACE,
                "the general may step out of its palace",
                XIANGQI,
            ),
            M::AdvisorLeavesPalace => (
                "advisor-leaves-palace",
                clause::XQ_MOVE_ADVISOR_PALACE,
                "the advisor may step out of its palace",
                XIANGQI,
            ),
            M::AdvisorMovesStraight => (
                "advisor-moves-straight",
                clause::XQ_MOVE_ADVISOR_DIAGONAL,
                "the advisor steps orthogonally inside the palace instead of diagonally",
                XIANGQI,
            ),
            M::GeneralsMayFace => (
                "generals-may-face",
                clause::XQ_MOVE_FLYING_GENERAL,
                "the generals may face each other on an open file",
                XIANGQI,
            ),
            M::SelfCheckAllowed => (
                "self-check-allowed",
                clause::XQ_CHECK_NO_SELF_EXPOSURE,
                "a move may leave the mover's own general attacked",
                XIANGQI,
            ),
            M::CheckNeedNotBeAnswered => (
                "check-need-not-be-answered",
                clause::XQ_CHECK_MUST_ANSWER,
                "a side in check may make a move that leaves it in check",
                XIANGQI,
            ),
            M::CannonCapturesWithoutScreen => (
                "cannon-captures-without-screen",
                clause::XQ_CAPTURE_CANNON_SCREEN,
                "the cannon also captures the first piece in its line, without a screen (moves and checks)",
                XIANGQI,
            ),
            M::CannonJumpsToEmpty => (
                "cannon-jumps-to-empty",
                clause::XQ_MOVE_CANNON,
                "without capturing, the cannon may also jump over one piece to the empty points beyond",
                XIANGQI,
            ),
            M::ChariotJumps => (
                "chariot-jumps",
                clause::XQ_MOVE_CHARIOT,
                "without capturing, the chariot may jump over one piece to the empty points beyond",
                XIANGQI,
            ),
        };
        Info {
            name,
            clause,
            about,
            games,
        }
    }

    /// The name, in kebab case.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The catalog id of the clause broken.
    pub fn clause(self) -> &'static str {
        self.info().clause
    }

    /// What it does, in one line.
    pub fn about(self) -> &'static str {
        self.info().about
    }

    /// The games whose legal moves it changes (where the fuzzer looks for it). A mutant of a
    /// rule of both draughts games that the other rules of one game make unobservable (a
    /// Russian rule that the Brazilian majority rule already implies) lists only the game
    /// where it shows.
    pub fn games(self) -> &'static [Game] {
        self.info().games
    }
}
