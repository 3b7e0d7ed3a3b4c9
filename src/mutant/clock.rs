//! Mutants of the clock rules and of adjournment and resumption, and where each one alters
//! the rules.
//!
//! Each alters one parameter of the game's `ClockRules` or of the session's
//! `procedure::SessionRules` (adjournment, an offer after pressing the clock, the restart
//! for a set-up error), fields of the rule book ([`crate::rulebook::RuleBook`]): the
//! book's transforms apply them (`RuleBook::mutated`; this module knows none of their
//! types), and no mechanism reads a clock mutant from the switch.
//!
//! ```
//! use arbiter::mutant::{ClockMutant, Mutant};
//! use arbiter::rulebook::RuleBook;
//!
//! let book = RuleBook::of(&"xiangqi".parse().unwrap());
//! assert_eq!(book.clock.forcing.as_ref().unwrap().valid, 4);
//! let book = book.mutated(Mutant::Clock(ClockMutant::FiveValidForcingMoves));
//! assert_eq!(book.clock.forcing.as_ref().unwrap().valid, 5);
//! ```

use crate::clause;

super::mutant_family! {
    /// A mutant of the clock rules, adjournment and resumption.
    ClockMutant;
    // Flags reported, both flags, matches.
    OwnFlagReportIgnored = "own-flag-report-ignored", clause::D64_TIMING_FLAG_CLAIM,
        [Brazilian, Russian],
        "a player's report of his own fallen flag is ignored";
    FlagFoundAfterResultOverrides = "flag-found-after-result-overrides",
        clause::CHESS_CLOCK_RESULT_STANDS_AFTER_FLAG_FALL, [Brazilian, Russian, Xiangqi],
        "a flag found down after a resignation or an agreed draw makes the flagged side lose";
    BothFlagsFirstLoses = "both-flags-first-fallen-loses",
        clause::CHESS_CLOCK_BOTH_FLAGS_GAME_CONTINUES, [Xiangqi],
        "with both flags down the one that fell first loses, as if the order were known";
    FirstFlagNotShown = "first-flag-not-shown",
        clause::D64_TIMING_FIRST_FLAG_SHOWN, [Brazilian, Russian],
        "with both flags down the game goes on, as if the clock could not show which fell first";
    BothFlagsNoNextControl = "both-flags-no-next-control",
        clause::CHESS_CLOCK_BOTH_FLAGS_NEXT_CONTROL, [Xiangqi],
        "with both flags down the next move is not the first of the next period";
    LatenessOnGameTime = "lateness-on-game-time", clause::XQ_LATENESS_ONE_SIDE_ABSENT, [Xiangqi],
        "the lateness limit is measured on the game time since the start, not on the absent player's clock";
    MatchTimeCarried = "match-time-carried", clause::D64_TIMING_MATCH_GAMES_SEPARATE,
        [Brazilian, Russian],
        "the time left at the end of a match game is added in the next game";
    // Forcing moves.
    FiveValidForcingMoves = "five-valid-forcing-moves", clause::XQ_TIMING_FORCING_MOVES_VALID,
        [Xiangqi],
        "five consecutive forcing moves are valid instead of four";
    ForcingNotConsecutive = "forcing-moves-not-consecutive", clause::XQ_TIMING_FORCING_MOVES_VALID,
        [Xiangqi],
        "forcing moves are counted together even when another move came between";
    ForcingTwoPointsUnnamed = "forcing-two-points-unnamed", clause::XQ_TIMING_FORCING_TWO_POINTS,
        [Xiangqi],
        "an invalid move of a two-point cycle is not decided by the two-point rule";
    ForcingThreePointsAsTwo = "forcing-three-points-as-two", clause::XQ_TIMING_FORCING_THREE_POINTS,
        [Xiangqi],
        "a three-point cycle is judged by the two-point rule";
    ForcingFourPointsAsThree = "forcing-four-points-as-three",
        clause::XQ_TIMING_FORCING_FOUR_POINTS, [Xiangqi],
        "a cycle on four points is judged by the three-point rule";
    // Draw offers on the clock.
    OfferAfterPressStands = "draughts-offer-after-press-stands",
        clause::D64_DRAW_OFFER_THEN_START_CLOCK, [Brazilian, Russian],
        "a draughts draw offer made after starting the opponent's clock stands, as in xiangqi";
    // Corrections on the clock.
    SetupRestartFromFirstMove = "setup-restart-keeps-a-share-of-the-time",
        clause::XQ_IRREGULARITY_TIME_ADJUSTMENT, [Xiangqi],
        "a game restarted for a set-up error keeps 1/n of each side's time, the error counted at move 1 instead of before any move";
    // Adjournment: the rules' parameters.
    SealedMoveNotChangeable = "sealed-move-not-changeable", clause::XQ_ADJOURNMENT_CHANGE_SEALED_MOVE,
        [Xiangqi],
        "a xiangqi sealed move cannot be changed while the clock runs";
    DraughtsSealerStopsClocks = "draughts-sealer-stops-clocks", clause::D64_ADJOURNMENT_STOP_CLOCKS,
        [Brazilian, Russian],
        "a draughts sealer stops the clocks himself, not the arbiter";
    XiangqiOnlyArbiterStops = "xiangqi-only-arbiter-stops-clocks",
        clause::CHESS_ADJOURNMENT_STOP_CLOCK_AFTER_SEALING, [Xiangqi],
        "a xiangqi sealer may not stop the clock after sealing: only the arbiter";
    SealedErrorAlwaysLoses = "sealed-move-error-always-loses", clause::XQ_RESUMPTION_SEALED_MOVE_ERROR,
        [Xiangqi],
        "an erroneous xiangqi sealed move loses even when it can be explained";
    SealedErrorExplainable = "draughts-sealed-move-error-explainable",
        clause::D64_ADJOURNMENT_SEALED_MOVE_LEGAL, [Brazilian, Russian],
        "an erroneous draughts sealed move that can be explained is played, with a violation";
    ChangeAfterLeavingHall = "sealed-move-changed-after-leaving-the-hall",
        clause::XQ_ADJOURNMENT_CHANGE_SEALED_MOVE, [Xiangqi],
        "a sealer who has left the playing hall may still change his sealed move";
    SheetMissingNoRule = "sealed-sheet-missing-no-rule", clause::XQ_RESUMPTION_SEALED_SHEET_MISSING,
        [Xiangqi],
        "a sealed score sheet missing from the envelope is no rule of xiangqi";
    EarlySealCharged = "early-seal-charged", clause::XQ_ADJOURNMENT_ANNOUNCE,
        [Brazilian, Russian, Xiangqi],
        "a move may be sealed before the session's end, the time to the end charged (the chess laws' art. 13.1(2)), though the game's rules adjourn only at the end or when play must be interrupted";
    // Adjournment: the machine's steps.
    SealerLastMover = "sealer-is-the-last-mover", clause::CHESS_ADJOURNMENT_SEALED_MOVE_WRITTEN,
        [Brazilian, Russian, Xiangqi],
        "the side that moved last seals, not the side to move";
    EnvelopeTimesAtAnnouncement = "envelope-times-at-announcement",
        clause::CHESS_ADJOURNMENT_RESUME_POSITION_AND_CLOCKS, [Brazilian, Russian, Xiangqi],
        "the envelope records the times when the adjournment was announced, not when the clocks stopped";
    SealerClockAfterSealedMove = "sealer-clock-runs-after-sealed-move",
        clause::CHESS_ADJOURNMENT_START_CLOCK_AFTER_SEALED_MOVE, [Brazilian, Russian, Xiangqi],
        "after the sealed move is played the sealer's clock runs instead of the replier's";
    EnvelopeOpenedReplierAbsent = "envelope-opened-replier-absent",
        clause::CHESS_ADJOURNMENT_OPEN_ENVELOPE_WHEN_REPLIER_PRESENT, [Brazilian, Russian, Xiangqi],
        "the envelope is opened and the sealed move played though the replier is absent";
    SealedReplyPlayedAtOnce = "sealed-reply-played-at-once",
        clause::CHESS_ADJOURNMENT_SEALER_ABSENT_SEAL_REPLY, [Brazilian, Russian, Xiangqi],
        "a reply sealed while the sealer is absent is played at once";
    EveryObjectionUpheld = "every-clock-objection-upheld",
        clause::CHESS_ADJOURNMENT_CLOCK_ERROR_CORRECTED_BEFORE_FIRST_MOVE, [Brazilian, Russian, Xiangqi],
        "an objection to the clock setting is upheld even after the objector has moved";
    ObjectionDropsTimeSinceResumption = "objection-drops-time-since-resumption",
        clause::XQ_TIMING_RESUMPTION_CLOCK_OBJECTION, [Brazilian, Russian, Xiangqi],
        "a corrected clock is set to the envelope's times, dropping the time since resumption";
    LostEnvelopeStatedMoveFree = "lost-envelope-stated-move-free",
        clause::CHESS_ADJOURNMENT_LOST_ENVELOPE_STATED_MOVE, [Brazilian, Russian, Xiangqi],
        "after a lost envelope the sealer may play any move, not the one he states he sealed";
    LostEnvelopeVoidResumes = "lost-envelope-void-resumes",
        clause::CHESS_ADJOURNMENT_LOST_ENVELOPE_POSITION_UNKNOWN, [Brazilian, Russian, Xiangqi],
        "a lost envelope whose position cannot be restored resumes the game on the board instead of voiding it";
    LostEnvelopeReplierClock = "lost-envelope-replier-clock-starts",
        clause::CHESS_ADJOURNMENT_LOST_ENVELOPE_RESUME_AT_ADJOURNMENT, [Brazilian, Russian, Xiangqi],
        "after a lost envelope the replier's clock starts, not the clock of the sealer, who is to move";
}
