//! Engines: whatever answers the questions a case asks (legal moves, perft, the position
//! reached, the game status).
//!
//! Requests have the shape of the `run` queries of the engine protocol (a ruleset, a
//! position, a history and a query), so an external engine driven over JSON lines can stand
//! where the [`ReferenceEngine`] stands now.
//!
//! ```
//! use arbiter::engine::{Answer, Engine, Query, ReferenceEngine, Reply, Request};
//! use arbiter::Ruleset;
//!
//! let engine = ReferenceEngine::new();
//! let ruleset: Ruleset = "russian".parse().unwrap();
//! let reply = engine.run(&Request { ruleset: &ruleset, position: None, moves: &[], query: Query::Legal });
//! if let Reply::Answer(Answer::Moves(moves)) = reply {
//!     assert_eq!(moves.len(), 7);
//! } else {
//!     panic!("expected moves, got {reply:?}");
//! }
//! ```

use crate::edition::DrawKind;
use crate::{rules_for, ClaimRuling, GameOutcome, PerftCount, Rules, RulesError, Ruleset, Status};
use std::sync::Arc;

/// What a request asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Query {
    /// The legal moves, as move texts.
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
    /// Whether the game is over, and check.
    Status,
    /// The outcome with the history: result, reason, claims valid now, counters.
    Outcome,
    /// The ruling on a draw claim of `kind` by `by` (`None`: the side to move).
    Claim {
        /// The claim kind.
        kind: DrawKind,
        /// The claiming side.
        by: Option<Side>,
    },
}

/// A side of a game, as a claimant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// White (draughts).
    White,
    /// Black.
    Black,
    /// Red (xiangqi).
    Red,
}

impl Side {
    /// `white`, `black` or `red`.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
            Side::Red => "red",
        }
    }

    /// Reads `white`, `black` or `red`.
    pub fn from_name(name: &str) -> Option<Side> {
        [Side::White, Side::Black, Side::Red]
            .into_iter()
            .find(|s| s.name() == name)
    }
}

/// Something an engine may be able to do beyond answering [`Query`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    /// Plays a game session: touches, illegal moves and their correction, violations
    /// (the case keys `steps`, `permitted` and `violations`).
    Session,
}

/// A question for an engine: play `moves` from `position` under `ruleset`, then answer
/// `query`.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The ruleset.
    pub ruleset: &'a Ruleset,
    /// The starting position as FEN; the start position when `None`.
    pub position: Option<&'a str>,
    /// Moves to play first.
    pub moves: &'a [String],
    /// The question.
    pub query: Query,
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
    /// The game status (to [`Query::Status`]).
    Status(Status),
    /// The outcome with the history (to [`Query::Outcome`]).
    Outcome(Box<GameOutcome>),
    /// The ruling on a claim (to [`Query::Claim`]).
    Claim(Box<ClaimRuling>),
}

/// Where an engine refused a request's position or history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RejectedAt {
    /// The position is invalid.
    Setup,
    /// The history move with this 1-based number could not be played.
    Move(usize),
}

/// How an engine replied.
#[derive(Debug, Clone, PartialEq)]
pub enum Reply {
    /// It answered.
    Answer(Answer),
    /// It refused the position or a history move, with its message.
    Rejected(RejectedAt, String),
    /// It does not answer this kind of query, with why.
    Skipped(String),
    /// It failed (crashed, answered nonsense), with what happened.
    Errored(String),
}

/// Something that answers requests: the reference rules, or later an external engine.
pub trait Engine: Send + Sync {
    /// A name for reports.
    fn name(&self) -> String;
    /// What the engine answers beyond the [`Query`] kinds every engine answers (the
    /// protocol's `start` reply lists them). Cases that need a capability the engine lacks
    /// are skipped, not failed.
    fn capabilities(&self) -> Vec<Capability> {
        Vec::new()
    }
    /// Answers one request.
    fn run(&self, request: &Request<'_>) -> Reply;
}

/// Makes the rules of a ruleset (the reference [`rules_for`], or another implementation).
pub type RulesFactory = Arc<dyn Fn(&Ruleset) -> Box<dyn Rules> + Send + Sync>;

/// The reference rules as an engine.
#[derive(Clone)]
pub struct ReferenceEngine {
    rules_for: RulesFactory,
}

impl ReferenceEngine {
    /// The engine over the crate's reference rules ([`rules_for`]).
    pub fn new() -> ReferenceEngine {
        ReferenceEngine::with_rules(Arc::new(rules_for))
    }

    /// The engine over other rules (a test double, a variant of the reference).
    pub fn with_rules(rules_for: RulesFactory) -> ReferenceEngine {
        ReferenceEngine { rules_for }
    }
}

impl Default for ReferenceEngine {
    fn default() -> Self {
        ReferenceEngine::new()
    }
}

impl Engine for ReferenceEngine {
    fn name(&self) -> String {
        format!("arbiter reference {}", env!("CARGO_PKG_VERSION"))
    }

    fn capabilities(&self) -> Vec<Capability> {
        vec![Capability::Session]
    }

    fn run(&self, request: &Request<'_>) -> Reply {
        let rules = (self.rules_for)(request.ruleset);
        let fen = match request.position {
            Some(fen) => match rules.canonical_fen(fen) {
                Ok(fen) => fen,
                Err(e) => return Reply::Rejected(RejectedAt::Setup, e.to_string()),
            },
            None => rules.start_fen(),
        };
        let fen = if request.moves.is_empty() {
            fen
        } else {
            match rules.play(&fen, request.moves) {
                Ok(fen) => fen,
                Err(e @ RulesError::Move { number, .. }) => {
                    return Reply::Rejected(RejectedAt::Move(number), e.to_string())
                }
                Err(e) => return failure(e),
            }
        };
        let answer = match request.query {
            Query::Legal => rules
                .legal_moves(&fen, None)
                .map(|moves| Answer::Moves(moves.into_iter().map(|m| m.text).collect())),
            Query::Perft { depth, count } => rules
                .perft(&fen, depth, count, false)
                .map(|p| Answer::Nodes(p.nodes)),
            Query::Play => Ok(Answer::Position(fen.clone())),
            Query::Status => rules.status(&fen).map(Answer::Status),
            Query::Outcome => {
                let start = match request.position {
                    Some(p) => rules.canonical_fen(p),
                    None => Ok(rules.start_fen()),
                };
                start
                    .and_then(|s| rules.outcome(&s, request.moves))
                    .map(|o| Answer::Outcome(Box::new(o)))
            }
            Query::Claim { kind, by } => {
                let start = match request.position {
                    Some(p) => rules.canonical_fen(p),
                    None => Ok(rules.start_fen()),
                };
                start
                    .and_then(|s| rules.claim(&s, request.moves, kind.name(), by.map(Side::name)))
                    .map(|c| Answer::Claim(Box::new(c)))
            }
        };
        answer.map_or_else(failure, Reply::Answer)
    }
}

fn failure(err: RulesError) -> Reply {
    match err {
        RulesError::Unsupported(msg) => Reply::Skipped(msg),
        other => Reply::Errored(other.to_string()),
    }
}
