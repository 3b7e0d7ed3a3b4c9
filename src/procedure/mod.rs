//! The arbiter's procedures at the board: touch-move, illegal and irregular moves,
//! violations, and a game [`Session`] that applies them in order, together with draw
//! offers, their answers and draw claims, and judges its history by the edition's rules.
//!
//! - [`Board`]: the game-neutral view of a position the procedures need (who owns a square,
//!   legal moves with origin, destination and captured squares), from the rules layer
//!   (`rules::Board`), where the judge takes its moves too.
//! - [`touch`]: which moves are permitted after touches ([`resolve_touches`]), following
//!   xiangqi 第四章 第一节 一 and draughts art. 5.8.
//! - [`irregular`]: what kind of breach a move the rules do not allow is.
//! - [`session`]: the game as a sequence of [`Event`]s.
//! - [`replay`]: a timed game replayed event by event through a session with a clock
//!   (`arbiter clock`).
//!
//! ```
//! use arbiter::procedure::{Event, Session};
//!
//! let mut game = Session::new(&"russian".parse().unwrap(), None).unwrap();
//! game.apply(Event::touch(["22"])).unwrap(); // c3: it can move, so it must
//! let texts: Vec<String> = game.permitted().permitted.iter().map(|m| m.text()).collect();
//! assert_eq!(texts, ["22-17", "22-18"]);
//! ```

pub mod adjourn;
pub mod board;
pub mod irregular;
pub mod replay;
pub mod session;
pub mod touch;

pub use adjourn::{
    AdjournRules, AdjournSteps, Adjournment, EarlySeal, Envelope, Objection, Phase, SealStop,
    SealedError, SealedMove,
};
pub use board::{Board, BoardError, Candidate, Spot};
pub use irregular::{IrregularMove, Irregularity};
pub use session::{
    Adjustment, Breach, BreachKind, Correction, CorrectionRules, ErrorKind, ErrorMove, Event,
    EventGroup, EventKey, EventTime, IllegalHandling, OfferAfterPress, Pending, Policy,
    RepetitionEnforcement, Seal, Session, SessionRules, ViolationKind,
};
pub use touch::{
    resolve_touches, resolve_touches_under, Touch, TouchClauses, TouchOrigin, TouchRules,
    TouchRuling, TouchStep,
};

/// Why a procedure could not be applied. Every message names the square, move or value at
/// fault and says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProcedureError {
    /// The position is invalid.
    #[error("invalid position: {0}")]
    Position(String),
    /// The board could not read a position or a square ([`BoardError`]; a move it could not
    /// read is a [`ProcedureError::Move`]).
    #[error(transparent)]
    Board(BoardError),
    /// A touched or removed square holds no piece.
    #[error("no piece on {0}")]
    EmptySquare(String),
    /// A touch names no square.
    #[error("a touch needs at least one square")]
    NoSquares,
    /// A side name could not be read.
    #[error(transparent)]
    Side(#[from] crate::side::SideError),
    /// A move could not be read or used.
    #[error("move '{text}': {reason}")]
    Move {
        /// The move text.
        text: String,
        /// Why.
        reason: String,
    },
    /// A legal move the touches forbid (xiangqi: the arbiter refuses it).
    #[error("move '{text}' is not permitted after the touches ({clause}); permitted: {permitted}")]
    NotPermitted {
        /// The move text.
        text: String,
        /// The permitted moves, space separated.
        permitted: String,
        /// The deciding clause.
        clause: &'static str,
    },
    /// A violation kind this game does not know.
    #[error("unknown violation kind '{kind}' (expected one of: {expected})")]
    ViolationKind {
        /// The kind given.
        kind: crate::procedure::ViolationKind,
        /// The known kinds, comma separated.
        expected: String,
    },
    /// An event this game does not have.
    #[error("{0} does not apply to this game")]
    WrongGame(&'static str),
    /// A correction of an error (第四章 第一节 三) that cannot be made.
    #[error("{0}")]
    Correction(String),
    /// `accept` or `correct` without an irregular move pending.
    #[error("no irregular move is pending (accept and correct answer one)")]
    NothingPending,
    /// `refuse_correction` not right after the opponent demanded the correction of this
    /// side's irregular move.
    #[error(
        "{side} has no correction to refuse (refusing answers the opponent's demand to correct {side}'s irregular move, as the next event)"
    )]
    NoCorrectionDemanded {
        /// The side that tried to refuse.
        side: String,
    },
    /// Another event while an irregular move awaits the opponent's choice.
    #[error("an irregular move is pending: the opponent must first accept, correct, or move")]
    Pending,
    /// `answer` without a draw offer pending.
    #[error("no draw offer is pending (answer replies to one)")]
    NoOffer,
    /// The rules could not judge the history, a claim or an offer (an unknown claim kind,
    /// a position the rules refuse).
    #[error("{0}")]
    Rules(String),
    /// A clock event, or an event with a time, in a session without a clock.
    #[error("{0} needs a clock (the case's `clock` key, or `Session::with_clock`)")]
    NoClock(&'static str),
    /// The clock refused an event (time going backwards, a player not absent arriving, …).
    #[error("clock: {0}")]
    Clock(String),
    /// An adjournment event out of place (see [`adjourn`]).
    #[error("adjournment: {0}")]
    Adjournment(String),
    /// An event after the game ended.
    #[error("the game is over: {0}")]
    GameOver(String),
}

impl From<BoardError> for ProcedureError {
    fn from(e: BoardError) -> ProcedureError {
        match e {
            BoardError::Move { text, reason } => ProcedureError::Move { text, reason },
            other => ProcedureError::Board(other),
        }
    }
}

impl From<crate::clock::ClockError> for ProcedureError {
    fn from(e: crate::clock::ClockError) -> ProcedureError {
        ProcedureError::Clock(e.0)
    }
}
