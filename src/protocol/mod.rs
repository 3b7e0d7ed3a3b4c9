//! The engine protocol's vocabulary: what arbiter asks an engine ([`Request`], [`Query`])
//! and what an engine may answer ([`Reply`], [`Answer`]), with their JSON-lines wire form
//! (`docs/protocol.md`, version [`PROTOCOL_VERSION`]).
//!
//! These types are shared by every engine (the in-process reference, a subprocess speaking
//! the protocol, a UCI engine behind the built-in adapter) and by the case runner, which asks
//! them questions and compares the answers with the expectations of a case.
//!
//! ```
//! use arbiter::protocol::{Query, Request, wire};
//!
//! let request = Request::new("russian".parse().unwrap(), Query::Legal);
//! let line = wire::request_json(7, &request).to_string();
//! assert_eq!(
//!     line,
//!     r#"{"cmd":"run","moves":[],"position":null,"query":"legal","ruleset":"russian@fmjd64","seq":7}"#
//! );
//! let (seq, back) = wire::parse_request(&line).unwrap();
//! assert_eq!((seq, back), (7, request));
//! ```

mod clock;
mod go;
pub(crate) mod keys;
pub mod offer;
mod standings;
mod step;
pub mod wire;

pub use clock::{
    AdjournmentReport, ClockAnswer, ClockReport, ClockRequest, ClockStartText, EnvelopeReport,
    FlagReport, InvalidMoveReport, LateReport, ObjectionReport, SideClock, SideStart,
};
pub use go::{GoAnswer, GoRequest, GoTimes};
pub use standings::{ColourAnswer, Colours, GameOfMatch, StandingRow, StandingsAnswer};
pub use step::{SquareText, Step, StepTime};

use crate::{PerftCount, Ruleset};
use keys::Place;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// The protocol version this arbiter speaks.
pub const PROTOCOL_VERSION: u64 = 1;

/// What a request asks, with the query's own fields.
#[derive(Debug, Clone, PartialEq)]
pub enum Query {
    /// The legal moves.
    Legal,
    /// The perft node count.
    Perft {
        /// Depth in plies.
        depth: u32,
        /// Counting convention.
        count: PerftCount,
    },
    /// The FEN of the position reached.
    Play,
    /// Whether the side to move is in check.
    Check,
    /// The outcome with the history: result, reason, claims valid now, counters.
    Outcome,
    /// The ruling on a draw claim of `kind` by `by` (`None`: the side to move).
    Claim {
        /// The claim kind slug (`sixty-move`, `threefold`, …).
        kind: String,
        /// The claiming side (`white`, `black`, `red`).
        by: Option<String>,
    },
    /// Whether `by` may offer a draw now, given the earlier offers.
    DrawOffer {
        /// The offering side.
        by: String,
        /// The earlier offers of the game.
        earlier: Vec<offer::OfferText>,
    },
    /// The repetition verdict on the cycle the history ends in (xiangqi).
    Repetition,
    /// The state of a game session after the history and these steps.
    Session {
        /// The events at the board, in order.
        steps: Vec<Step>,
    },
    /// The state of a game session with a clock, after the history and these steps (which
    /// may be timed and include clock events).
    Clock {
        /// The control and how the clock is set up.
        clock: Box<ClockRequest>,
        /// The events at the board, in order.
        steps: Vec<Step>,
    },
    /// The standings of a tournament and the colours of its pairings.
    Standings {
        /// The tournament.
        tournament: Box<crate::standings::Tournament>,
    },
    /// The engine's move for the side to move, as a player in a game under the arbiter
    /// (`arbiter play`).
    Go(Box<GoRequest>),
}

impl Query {
    /// The kind of the query.
    pub fn kind(&self) -> QueryKind {
        match self {
            Query::Legal => QueryKind::Legal,
            Query::Perft { .. } => QueryKind::Perft,
            Query::Play => QueryKind::Play,
            Query::Check => QueryKind::Check,
            Query::Outcome => QueryKind::Outcome,
            Query::Claim { .. } => QueryKind::Claim,
            Query::DrawOffer { .. } => QueryKind::DrawOffer,
            Query::Repetition => QueryKind::Repetition,
            Query::Session { .. } => QueryKind::Session,
            Query::Clock { .. } => QueryKind::Clock,
            Query::Standings { .. } => QueryKind::Standings,
            Query::Go(_) => QueryKind::Go,
        }
    }
}

/// The kinds of [`Query`], as named on the wire and in an engine's `start` reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QueryKind {
    /// `legal`
    Legal,
    /// `perft`
    Perft,
    /// `play`
    Play,
    /// `check`
    Check,
    /// `outcome`
    Outcome,
    /// `claim`
    Claim,
    /// `draw_offer`
    DrawOffer,
    /// `repetition`
    Repetition,
    /// `session`
    Session,
    /// `clock`
    Clock,
    /// `standings`
    Standings,
    /// `go`
    Go,
}

impl QueryKind {
    /// Every kind, in protocol order.
    pub const ALL: [QueryKind; 12] = [
        QueryKind::Legal,
        QueryKind::Perft,
        QueryKind::Play,
        QueryKind::Check,
        QueryKind::Outcome,
        QueryKind::Claim,
        QueryKind::DrawOffer,
        QueryKind::Repetition,
        QueryKind::Session,
        QueryKind::Clock,
        QueryKind::Standings,
        QueryKind::Go,
    ];

    /// The wire name (`legal`, `draw_offer`, …).
    pub fn name(self) -> &'static str {
        match self {
            QueryKind::Legal => "legal",
            QueryKind::Perft => "perft",
            QueryKind::Play => "play",
            QueryKind::Check => "check",
            QueryKind::Outcome => "outcome",
            QueryKind::Claim => "claim",
            QueryKind::DrawOffer => "draw_offer",
            QueryKind::Repetition => "repetition",
            QueryKind::Session => "session",
            QueryKind::Clock => "clock",
            QueryKind::Standings => "standings",
            QueryKind::Go => "go",
        }
    }
}

named!(from_name QueryKind);

/// A question for an engine: play `moves` from `position` under `ruleset`, then answer
/// `query`.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The starting position as FEN; the initial position when `None`.
    pub position: Option<String>,
    /// Moves to play first.
    pub moves: Vec<String>,
    /// The question.
    pub query: Query,
}

impl Request {
    /// A request about the initial position with no history.
    pub fn new(ruleset: Ruleset, query: Query) -> Request {
        Request {
            ruleset,
            position: None,
            moves: Vec::new(),
            query,
        }
    }
}

/// Where an engine refused a request's position, history or steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// The position itself is invalid.
    Setup,
    /// The history move with this 1-based number is refused.
    Move(usize),
    /// The step with this 1-based number is refused (the steps before it applied).
    Step(usize),
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Setup => f.write_str("the position"),
            Stage::Move(n) => write!(f, "history move {n}"),
            Stage::Step(n) => write!(f, "step {n}"),
        }
    }
}

/// The answer to [`Query::Outcome`], as it travels on the wire: an engine's words, kept as
/// text because a case compares them as text with its expectation and an engine may name a
/// result or reason arbiter does not know. It is the wire form only; the typed ending of a
/// game is [`crate::Outcome`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeAnswer {
    /// `white`, `black`, `red`, `draw` or `ongoing`.
    pub result: String,
    /// Why, as a slug; empty while the game goes on; `None` when the engine does not name
    /// the rule that ended the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The draw claims valid now, when the engine reports them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims: Option<Vec<String>>,
    /// The draw rules' counters, when the engine reports them, by rule slug: a count while
    /// the rule's condition holds, `None` (null) while it does not. A rule the engine does
    /// not track is left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<BTreeMap<String, Option<u32>>>,
}

/// Reads an optional answer field that tells a field left out from `null` (read with
/// `#[serde(default, deserialize_with = "reported")]`): `None` when the engine leaves the
/// field out, which means "unknown" (the expectations that need it are skipped); `Some(None)`
/// for an explicit `null`, which means none and is compared; `Some(Some(value))` for a value.
/// Written back with `skip_serializing_if = "Option::is_none"`, the three forms round-trip.
///
/// ```
/// use arbiter::protocol::ClaimAnswer;
/// let read = |json: &str| serde_json::from_str::<ClaimAnswer>(json).unwrap().ruling.penalty_seconds;
/// assert_eq!(read(r#"{"upheld": false}"#), None);
/// assert_eq!(read(r#"{"upheld": false, "penalty_seconds": null}"#), Some(None));
/// assert_eq!(read(r#"{"upheld": false, "penalty_seconds": 300}"#), Some(Some(300)));
/// ```
pub fn reported<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

/// A ruling on a draw claim, as an engine answers it: in the answer to [`Query::Claim`]
/// ([`ClaimAnswer`]) and for a session's last claim ([`SessionClaim`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimRulingAnswer {
    /// Whether the claim is upheld (the game is then drawn).
    pub upheld: bool,
    /// Why, in words.
    #[serde(default)]
    pub reason: String,
    /// Seconds added to the claimant's clock for a false claim: `Some(None)` (`null`) for
    /// no penalty, `None` when the engine leaves the field out (unknown, see [`reported`]).
    #[serde(
        default,
        deserialize_with = "reported",
        skip_serializing_if = "Option::is_none"
    )]
    pub penalty_seconds: Option<Option<u32>>,
}

impl ClaimRulingAnswer {
    /// The answer for a ruling of the rules.
    pub fn of(c: &crate::rules::ClaimRuling) -> ClaimRulingAnswer {
        ClaimRulingAnswer {
            upheld: c.upheld,
            reason: c.reason.clone(),
            penalty_seconds: Some(c.penalty.as_ref().map(|p| p.seconds)),
        }
    }
}

/// The answer to [`Query::Claim`]: the ruling's keys and `result`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimAnswer {
    /// The ruling.
    #[serde(flatten)]
    pub ruling: ClaimRulingAnswer,
    /// The result after the ruling, when the engine reports it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

impl<'de> Deserialize<'de> for ClaimAnswer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ClaimAnswer, D::Error> {
        let ([result], ruling) = keys::with_keys(d, "ClaimAnswer", ["result"], Place::After)?;
        Ok(ClaimAnswer { ruling, result })
    }
}

/// The answer to [`Query::DrawOffer`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawOfferAnswer {
    /// Whether the offer is allowed.
    pub allowed: bool,
    /// Why (not), in words.
    #[serde(default)]
    pub reason: String,
}

/// The answer to [`Query::Repetition`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionAnswer {
    /// `none`, `draw`, `must-change` or `loss`.
    pub verdict: String,
    /// The side that must change or loses.
    #[serde(default)]
    pub side: Option<String>,
    /// Why, in words.
    #[serde(default)]
    pub reason: String,
    /// The moves of the last cycle with their nature, when the engine reports them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<CycleMoveAnswer>>,
}

/// One move of a repetition cycle, as judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CycleMoveAnswer {
    /// The side that made it.
    pub side: String,
    /// `check`, `mate-threat`, `chase` or `idle`.
    pub nature: String,
    /// A finer kind, when there is one.
    #[serde(default)]
    pub sub_kind: Option<String>,
    /// The squares of the pieces it chases.
    #[serde(default)]
    pub chased: Vec<String>,
}

/// The moves permitted after the steps of a session (touch-move).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PermittedAnswer {
    /// The permitted moves.
    pub moves: Vec<String>,
    /// The clause of the rule step that decided it, if any binds.
    #[serde(default)]
    pub clause: Option<String>,
    /// The rule step id.
    #[serde(default)]
    pub step: Option<String>,
}

/// A claim ruled during a session: `kind` and `by` beside the ruling's keys.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SessionClaim {
    /// The claim kind.
    pub kind: String,
    /// The claimant.
    pub by: String,
    /// The ruling.
    #[serde(flatten)]
    pub ruling: ClaimRulingAnswer,
}

impl<'de> Deserialize<'de> for SessionClaim {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SessionClaim, D::Error> {
        let ([kind, by], ruling) =
            keys::with_keys(d, "SessionClaim", ["kind", "by"], Place::Before)?;
        Ok(SessionClaim { kind, by, ruling })
    }
}

/// A game result with its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultAnswer {
    /// `white`, `black`, `red`, `draw`, `ongoing`, or `both-lost` (both forfeited).
    pub result: String,
    /// Why, as a slug; empty while the game goes on.
    #[serde(default)]
    pub reason: String,
}

/// The answer to [`Query::Session`]: the state after the history and the steps.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionAnswer {
    /// The position on the board.
    pub fen: String,
    /// The moves permitted now.
    pub permitted: PermittedAnswer,
    /// Counted violations by side.
    pub violations: BTreeMap<String, u32>,
    /// The kinds of every breach recorded, in order.
    pub breaches: Vec<String>,
    /// The side whose draw offer awaits an answer.
    #[serde(default)]
    pub offer: Option<String>,
    /// The ruling on the last claim of the steps.
    #[serde(default)]
    pub claim: Option<SessionClaim>,
    /// The draw claims valid now.
    pub claims: Vec<String>,
    /// The result now.
    pub outcome: ResultAnswer,
    /// The last correction of a named error in the steps (feature `error-corrections`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub correction: Option<SessionCorrection>,
}

/// A correction of an error made (or declined, the game being over) during a session
/// (xiangqi 第四章 第一节 三).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionCorrection {
    /// The error's slug (`colours-only`, …).
    pub error: String,
    /// The deciding clause; absent: the engine does not say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// Whether the game was corrected (`false`: it had ended and the result stands).
    pub applied: bool,
    /// Whether the players now hold the other colours than when the session started.
    pub exchanged: bool,
}

/// An engine's answer to a query.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// The legal moves (to [`Query::Legal`]), in the engine's notation.
    Moves(Vec<String>),
    /// Leaf nodes (to [`Query::Perft`]).
    Nodes(u64),
    /// The FEN reached (to [`Query::Play`]).
    Position(String),
    /// Whether the side to move is in check (to [`Query::Check`]).
    Check(bool),
    /// To [`Query::Outcome`].
    Outcome(OutcomeAnswer),
    /// To [`Query::Claim`].
    Claim(ClaimAnswer),
    /// To [`Query::DrawOffer`].
    DrawOffer(DrawOfferAnswer),
    /// To [`Query::Repetition`].
    Repetition(RepetitionAnswer),
    /// To [`Query::Session`].
    Session(Box<SessionAnswer>),
    /// To [`Query::Clock`].
    Clock(Box<ClockAnswer>),
    /// To [`Query::Standings`].
    Standings(Box<StandingsAnswer>),
    /// To [`Query::Go`]: the engine's move.
    Move(GoAnswer),
}

impl Answer {
    /// The query kind this answer belongs to.
    pub fn kind(&self) -> QueryKind {
        match self {
            Answer::Moves(_) => QueryKind::Legal,
            Answer::Nodes(_) => QueryKind::Perft,
            Answer::Position(_) => QueryKind::Play,
            Answer::Check(_) => QueryKind::Check,
            Answer::Outcome(_) => QueryKind::Outcome,
            Answer::Claim(_) => QueryKind::Claim,
            Answer::DrawOffer(_) => QueryKind::DrawOffer,
            Answer::Repetition(_) => QueryKind::Repetition,
            Answer::Session(_) => QueryKind::Session,
            Answer::Clock(_) => QueryKind::Clock,
            Answer::Standings(_) => QueryKind::Standings,
            Answer::Move(_) => QueryKind::Go,
        }
    }
}

/// How an engine failed a request, as opposed to disagreeing with the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FailureKind {
    /// The engine replied `errored` itself.
    Errored,
    /// The process exited or closed its output.
    Crashed,
    /// No reply within the timeout.
    Hung,
    /// A reply that is not valid for the request (bad JSON, wrong `seq`, missing fields).
    Nonsense,
    /// The engine was given up after too many restarts.
    GivenUp,
}

impl FailureKind {
    /// A lowercase name for reports (`errored`, `crashed`, `hung`, `nonsense`, `given-up`).
    pub fn name(self) -> &'static str {
        match self {
            FailureKind::Errored => "errored",
            FailureKind::Crashed => "crashed",
            FailureKind::Hung => "hung",
            FailureKind::Nonsense => "nonsense",
            FailureKind::GivenUp => "given-up",
        }
    }
}

/// An engine failure with what is known about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineFailure {
    /// What kind of failure.
    pub kind: FailureKind,
    /// What happened.
    pub message: String,
    /// The engine's standard error around the failure, when captured.
    pub stderr: Option<String>,
}

impl EngineFailure {
    /// A failure without captured stderr.
    pub fn new(kind: FailureKind, message: impl Into<String>) -> EngineFailure {
        EngineFailure {
            kind,
            message: message.into(),
            stderr: None,
        }
    }
}

impl fmt::Display for EngineFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            FailureKind::Errored => write!(f, "engine errored: {}", self.message),
            FailureKind::Crashed => write!(f, "engine crashed: {}", self.message),
            FailureKind::Hung => write!(f, "engine hung: {}", self.message),
            FailureKind::Nonsense => write!(f, "engine spoke nonsense: {}", self.message),
            FailureKind::GivenUp => write!(f, "engine given up: {}", self.message),
        }
    }
}

/// How an engine replied.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// It answered.
    Answer(Answer),
    /// It refused the position, a history move or a step, with its message.
    Rejected {
        /// Where.
        stage: Stage,
        /// The engine's words.
        message: String,
    },
    /// It does not answer this, with why.
    Skipped(String),
    /// It failed (errored, crashed, hung, answered nonsense).
    Failed(EngineFailure),
}

/// What an engine says of itself in its `start` reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineInfo {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
    /// The rulesets it plays: a game name (every edition) or `game@edition`.
    pub rulesets: Vec<String>,
    /// The queries it answers.
    pub queries: Vec<QueryKind>,
    /// The optional parts of the `clock` query it supports (`features` in its `start`
    /// reply): a case that needs one it does not list is skipped.
    pub features: Vec<Feature>,
    /// Whether its refusal messages are worded as the reference words them.
    pub arbiter_messages: bool,
}

impl EngineInfo {
    /// Whether it plays `ruleset` (listed as the game or as `game@edition`).
    pub fn plays(&self, ruleset: &Ruleset) -> bool {
        self.rulesets.iter().any(|r| match r.split_once('@') {
            Some((game, edition)) => game == ruleset.game.name() && edition == ruleset.edition,
            None => r == ruleset.game.name(),
        })
    }

    /// Whether it answers queries of this kind.
    pub fn answers(&self, kind: QueryKind) -> bool {
        self.queries.contains(&kind)
    }

    /// Whether it supports an optional part of a query.
    pub fn supports(&self, feature: Feature) -> bool {
        self.features.contains(&feature)
    }
}

/// An optional part of the `clock` query, which an engine lists in the `features` of its
/// `start` reply. A case that needs a feature the engine does not list is skipped with the
/// reason, never passed or failed.
///
/// ```
/// use arbiter::protocol::Feature;
///
/// assert_eq!(Feature::from_name("adjournment"), Some(Feature::Adjournment));
/// assert_eq!(Feature::FlagReports.name(), "flag-reports");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Feature {
    /// Adjournment and resumption: the steps `adjourn`, `seal`, `resume`, `seal_reply`,
    /// `envelope_lost`, `agree_draw`, `clock_objection`, and `expect.adjournment`.
    Adjournment,
    /// Flags that fall unnoticed until reported: the set-up `flags: reported` and the step
    /// `flag`.
    FlagReports,
    /// Valid and invalid move counts of repeated forcing moves: the move key `forcing`.
    ForcingMoves,
    /// Corrections of named errors (xiangqi 第四章 第一节 三): the step
    /// `correct_error` with `error`, and `expect.correction`. Asked in `session` and
    /// `clock` queries alike.
    Corrections,
}

impl Feature {
    /// Every feature.
    pub const ALL: [Feature; 4] = [
        Feature::Adjournment,
        Feature::FlagReports,
        Feature::ForcingMoves,
        Feature::Corrections,
    ];

    /// The name on the wire.
    pub fn name(self) -> &'static str {
        match self {
            Feature::Adjournment => "adjournment",
            Feature::FlagReports => "flag-reports",
            Feature::ForcingMoves => "forcing-moves",
            Feature::Corrections => "error-corrections",
        }
    }
}

named!(from_name Feature);
