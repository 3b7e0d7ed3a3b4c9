//! Adjournment (封棋) and resumption (续赛) as a state machine of the game [`Session`]:
//! who seals, what the envelope records, who stops the clocks, how the game resumes from the
//! envelope, and the absent players, the lost envelope, the erroneous sealed move and the
//! objection to a wrongly set clock.
//!
//! ```text
//!   playing ──adjourn──▶ sealing ──seal──▶ sealing (sealed) ──stop clocks──▶ adjourned
//!                         │   ▲  └─seal (changed, xiangqi)─┘                  │  │
//!                         └─move on the board = the sealed move, locked ──────┘  │
//!   adjourned ──resume (replier present)──▶ opened: sealed move played, replier's clock runs ─▶ playing
//!   adjourned ──resume (replier absent)───▶ closed: replier's clock runs ──arrive──▶ opened
//!   opened (sealer absent) ──seal_reply──▶ reply sealed, sealer's clock runs ──arrive──▶ playing
//!   adjourned ──envelope lost (agreed)────▶ playing at the adjourned position and times, the sealer's stated move first
//!   adjourned ──envelope lost (not restorable)─▶ playing again from the start, clocks at zero (void)
//!   adjourned ──draw agreed / resignation──▶ over (the envelope is never judged)
//! ```
//!
//! Where the rulebooks differ, an [`AdjournRules`], one table per game, says how:
//!
//! | | draughts (CXA seed, art. 11) | xiangqi (CXA seed, 第四章 第四节) |
//! | --- | --- | --- |
//! | who stops the clocks after the sealing | the arbiter (item 3.4); a player stopping them loses (art. 9 item 2) | the sealer (chess laws art. 13.1) or the arbiter |
//! | changing the sealed move | not provided for | allowed while the clock runs (只要还没有停钟) |
//! | an unreadable or illegal sealed move | loses (item 3.6) | explainable: a counted 违例 and the explained move is played; otherwise loses (第一章 第四节 一 (六)) |
//! | the sealer's score sheet missing from an intact envelope | not provided for | the sealer loses |
//! | sealing before the session's scheduled end | refused: play is interrupted only when it must be (art. 11 item 2) | refused: the chief arbiter adjourns every unfinished game at once at the session's end (第四章 第四节 一: 统一宣布"封棋") |
//!
//! Rules that allow sealing early (the chess laws, art. 13.1(2)) charge the time left until
//! the session's end to the sealer's clock: [`EarlySeal::Charged`], set with
//! [`Session::with_adjourn_rules`](crate::procedure::Session::with_adjourn_rules).
//!
//! ```
//! use arbiter::clock::{controls, Clock, ClockRules, ClockStart};
//! use arbiter::procedure::{Event, Phase, Seal, Session};
//! use arbiter::Side;
//!
//! let ruleset: arbiter::Ruleset = "xiangqi".parse().unwrap();
//! let control = controls().get(arbiter::Game::Xiangqi, "national").unwrap().clone();
//! let clock = Clock::new(control, ClockRules::of(ruleset.game), ClockStart::default()).unwrap();
//! let mut game = Session::new(&ruleset, None).unwrap().with_clock(clock);
//! game.apply(Event::Adjourn).unwrap();
//! game.apply(Event::Seal(Seal { text: "h2e2".into(), explained: None, before_end: None })).unwrap();
//! game.apply(Event::StopClocks(Some(Side::First))).unwrap(); // the sealer stops the clock
//! assert!(matches!(game.adjournment().unwrap().phase, Phase::Adjourned));
//! game.apply(Event::Resume { set: [None, None], absent: vec![], sheet_missing: false }).unwrap();
//! // The sealed move is played, black's clock runs.
//! assert_eq!(game.moves(), [game.start().read_move("h2e2").unwrap()]);
//! assert_eq!(game.clock().unwrap().running(), Some(Side::Second));
//! ```
//!
//! [`Session`]: super::Session

use super::Board;
use crate::clause;
use crate::clock::Span;
use crate::Game;
use crate::Side;

/// Who stops the clocks once the move is sealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SealStop {
    /// The arbiter (draughts art. 11 item 3.4); a player stopping the clocks is dealt with
    /// as any player stopping them (art. 9 item 2: he loses).
    Arbiter,
    /// The sealer himself, after sealing (chess laws art. 13.1), or the arbiter.
    Sealer,
}

/// What an unreadable or illegal sealed move costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SealedError {
    /// The sealer loses (draughts art. 11 item 3.6).
    Loses,
    /// If the sealer's explanation makes it a legal move, a counted violation
    /// (`sealed-move-explainable`) and the explained move is played; otherwise he loses
    /// (xiangqi 第一章 第四节 一 (六), 第三章 第六节 三 (五)).
    ExplainedIsViolation,
}

/// Whether the sealer may seal before the scheduled end of the session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EarlySeal {
    /// He may; the time left until the scheduled end is charged to his clock (chess laws
    /// art. 13.1(2)). The clause of that.
    Charged(&'static str),
    /// The rules have no early sealing: the clause that says when a game is adjourned
    /// (xiangqi: at the session's end, every unfinished game at once, 第四章 第四节 一; draughts:
    /// only when the arbiter must interrupt play, art. 11 item 2).
    Refused(&'static str),
}

/// How a game's rules adjourn and resume a game (see the [module documentation](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdjournRules {
    /// Whether a move may be sealed before the session's scheduled end.
    pub early_seal: EarlySeal,
    /// Who stops the clocks after the sealing.
    pub stop: SealStop,
    /// The clause of that.
    pub stop_clause: &'static str,
    /// The clause making the sealed move changeable while the clock runs, if it is.
    pub change_clause: Option<&'static str>,
    /// An erroneous sealed move.
    pub sealed_error: SealedError,
    /// Its clause.
    pub sealed_error_clause: &'static str,
    /// The clause making a missing sealed score sheet lose, if the rules have one.
    pub sheet_missing_clause: Option<&'static str>,
    /// The clause of the objection to a wrongly set clock at resumption.
    pub objection_clause: &'static str,
    /// The steps of the machine that every game takes from the chess laws (art. 14).
    pub steps: AdjournSteps,
}

/// The steps of the adjournment machine that every game takes from the chess laws
/// (art. 14), each a parameter so that a mutant of the reference can alter it
/// (`rulebook::RuleBook::mutated`): [`AdjournSteps::LAWS`] as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AdjournSteps {
    /// The side to move seals (`false`: the side that moved last).
    pub side_to_move_seals: bool,
    /// A sealer who has left the playing hall may no longer change his sealed move, where
    /// the rules allow a change.
    pub leaving_ends_change: bool,
    /// The envelope records the times when the clocks stopped (`false`: when the
    /// adjournment was announced).
    pub envelope_times_at_stop: bool,
    /// After the sealed move is played the replier's clock runs (`false`: the sealer's).
    pub replier_runs_after_sealed_move: bool,
    /// The envelope is opened only with the replier present (`false`: he may be absent).
    pub opened_with_replier_only: bool,
    /// A reply sealed while the sealer is absent waits for him (`false`: played at once).
    pub absent_sealer_reply_waits: bool,
    /// An objection to the clock setting is upheld only before the objector's first move
    /// (`false`: always).
    pub objection_before_first_move: bool,
    /// A corrected clock keeps the time used since resumption (`false`: drops it).
    pub objection_keeps_time_since_resumption: bool,
    /// After a lost envelope the sealer plays the move he states he sealed (`false`: any).
    pub lost_envelope_stated_move_binds: bool,
    /// A lost envelope whose position cannot be restored voids the game (`false`: it
    /// resumes on the board).
    pub lost_envelope_unknown_voids: bool,
    /// After a lost envelope the sealer's clock starts (`false`: the replier's).
    pub lost_envelope_sealer_clock_starts: bool,
}

impl AdjournSteps {
    /// The steps as the chess laws write them.
    pub const LAWS: AdjournSteps = AdjournSteps {
        side_to_move_seals: true,
        leaving_ends_change: true,
        envelope_times_at_stop: true,
        replier_runs_after_sealed_move: true,
        opened_with_replier_only: true,
        absent_sealer_reply_waits: true,
        objection_before_first_move: true,
        objection_keeps_time_since_resumption: true,
        lost_envelope_stated_move_binds: true,
        lost_envelope_unknown_voids: true,
        lost_envelope_sealer_clock_starts: true,
    };
}

impl AdjournRules {
    /// The rules of a game.
    ///
    /// ```
    /// use arbiter::procedure::{AdjournRules, SealStop};
    /// assert_eq!(AdjournRules::of("russian".parse::<arbiter::Ruleset>().unwrap().game).stop, SealStop::Arbiter);
    /// ```
    pub fn of(game: Game) -> AdjournRules {
        AdjournRules::unaltered(game)
    }

    /// The rules of a game as written: the game's table ([`DRAUGHTS_ADJOURN`],
    /// [`XIANGQI_ADJOURN`]).
    fn unaltered(game: Game) -> AdjournRules {
        match game {
            Game::Brazilian | Game::Russian => DRAUGHTS_ADJOURN,
            Game::Xiangqi => XIANGQI_ADJOURN,
        }
    }
}

/// Adjournment in 64-square draughts (Brazilian and Russian alike, art. 11).
const DRAUGHTS_ADJOURN: AdjournRules = AdjournRules {
    early_seal: EarlySeal::Refused(clause::D64_ADJOURNMENT_FORCED_INTERRUPTION),
    stop: SealStop::Arbiter,
    stop_clause: clause::D64_ADJOURNMENT_STOP_CLOCKS,
    change_clause: None,
    sealed_error: SealedError::Loses,
    sealed_error_clause: clause::D64_ADJOURNMENT_SEALED_MOVE_LEGAL,
    sheet_missing_clause: None,
    objection_clause: clause::CHESS_ADJOURNMENT_CLOCK_ERROR_CORRECTED_BEFORE_FIRST_MOVE,
    steps: AdjournSteps::LAWS,
};

/// Adjournment and resumption in xiangqi (第四章 第四节, both editions).
const XIANGQI_ADJOURN: AdjournRules = AdjournRules {
    early_seal: EarlySeal::Refused(clause::XQ_ADJOURNMENT_ANNOUNCE),
    stop: SealStop::Sealer,
    stop_clause: clause::CHESS_ADJOURNMENT_STOP_CLOCK_AFTER_SEALING,
    change_clause: Some(clause::XQ_ADJOURNMENT_CHANGE_SEALED_MOVE),
    sealed_error: SealedError::ExplainedIsViolation,
    sealed_error_clause: clause::XQ_RESUMPTION_SEALED_MOVE_ERROR,
    sheet_missing_clause: Some(clause::XQ_RESUMPTION_SEALED_SHEET_MISSING),
    objection_clause: clause::XQ_TIMING_RESUMPTION_CLOCK_OBJECTION,
    steps: AdjournSteps::LAWS,
};

/// The sealed move as the sealer wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedMove {
    /// The text written on the score sheet.
    pub text: String,
    /// The move the sealer explains it as, when the text is unreadable or illegal.
    pub explained: Option<String>,
    /// Whether he played it on the board instead of sealing it (it must be recorded as the
    /// sealed move and may not be changed).
    pub on_board: bool,
}

/// What the envelope records (chess laws art. 13.2, draughts art. 11 item 3, xiangqi
/// 第四章 第四节 一).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// The position at adjournment, before the sealed move.
    pub position: Board,
    /// Who sealed: the side that had the move.
    pub sealer: Side,
    /// The sealed move.
    pub sealed: SealedMove,
    /// Each side's time used when the clocks were stopped, first player first.
    pub used: [Span; 2],
    /// Each side's moves completed.
    pub moves: [u32; 2],
}

/// An objection to the clock setting at resumption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Objection {
    /// Who objected.
    pub by: Side,
    /// Whether the clock was corrected (the objector had not yet moved since resumption).
    pub upheld: bool,
    /// The deciding clause.
    pub clause: &'static str,
}

/// Where the adjournment stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Phase {
    /// Adjournment announced: the side to move seals; his clock runs.
    Sealing {
        /// The side to move.
        sealer: Side,
        /// The move sealed so far.
        sealed: Option<SealedMove>,
        /// Each side's time used when the adjournment was announced.
        announced_used: [Span; 2],
        /// Whether the sealer has left the playing hall since the announcement (he can then
        /// no longer change his sealed move: 仅限于未离开过赛场者).
        left: bool,
    },
    /// The clocks are stopped; the envelope is with the arbiter.
    Adjourned,
    /// Resumption: position and clocks set from the envelope.
    Resumed {
        /// Whether the envelope has been opened and the sealed move played.
        opened: bool,
        /// The players still absent.
        absent: Vec<Side>,
        /// The reply the replier sealed while the sealer was absent, to be played when he
        /// arrives.
        reply: Option<String>,
        /// Each side's time as the arbiter set the clock at resumption.
        set: [Span; 2],
        /// Whether each side has moved on the board since resumption.
        moved: [bool; 2],
    },
}

/// The adjournment of a session: its phase, the envelope once the clocks are stopped, and
/// the clock objections at resumption.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjournment {
    /// Where it stands.
    pub phase: Phase,
    /// The envelope, once sealed and the clocks stopped.
    pub envelope: Option<Envelope>,
    /// Whether the envelope was lost (the game resumed from the agreed position and times,
    /// or was void and played again).
    pub lost: bool,
    /// After a lost envelope, the move the sealer stated he sealed, until he makes it on
    /// the board (chess laws art. 14.5: 封棋方在棋盤上走出封棋).
    pub stated: Option<String>,
    /// The objections to the clock setting at resumption.
    pub objections: Vec<Objection>,
}

impl Phase {
    /// The phase's slug: `sealing`, `adjourned`, `resumed`.
    pub fn slug(&self) -> &'static str {
        match self {
            Phase::Sealing { .. } => "sealing",
            Phase::Adjourned => "adjourned",
            Phase::Resumed { .. } => "resumed",
        }
    }
}
