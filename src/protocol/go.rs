//! The `go` query: an engine as a player in a game under the arbiter (`arbiter play`). The
//! request carries the position and the history as every query does, the clock times of
//! both sides (with the increment and the moves left in the period when the control has
//! them), the moves the arbiter permits when it restricts them, and a seed; the answer is a
//! move, in the protocol's move text (docs/protocol.md, "The `go` query").

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What a `go` request asks besides the position and the history.
///
/// ```
/// use arbiter::protocol::{wire, GoRequest, GoTimes, Query, Request};
///
/// let go = GoRequest {
///     times: Some(GoTimes {
///         remaining: [("red".to_owned(), 290.5), ("black".to_owned(), 300.0)].into(),
///         increment: Some(2.0),
///         quota: None,
///     }),
///     permitted: None,
///     seed: Some(7),
/// };
/// let request = Request::new("xiangqi".parse().unwrap(), Query::Go(Box::new(go)));
/// let line = wire::request_json(3, &request);
/// assert_eq!(line["query"], "go");
/// assert_eq!(line["times"]["remaining"]["red"], 290.5);
/// assert_eq!(wire::parse_request(&line.to_string()).unwrap(), (3, request));
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct GoRequest {
    /// The clock times, when the game has a clock.
    pub times: Option<GoTimes>,
    /// The moves the arbiter permits now, when it permits fewer than the legal moves
    /// (a touched piece, an illegal move taken back); `None`: every legal move.
    pub permitted: Option<Vec<String>>,
    /// A number the engine may vary its choice by (the same request with the same seed
    /// should get the same move); `None`: none given.
    pub seed: Option<u64>,
}

/// The clock times of a `go` request, in seconds (a fraction for milliseconds), by side
/// name (`red`, `white`, `black`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct GoTimes {
    /// The time left of each side (to the next control, or to the end of the game).
    pub remaining: BTreeMap<String, f64>,
    /// The increment per move (Fischer controls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub increment: Option<f64>,
    /// The moves each side has left to make in its current period (period controls).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quota: Option<BTreeMap<String, u32>>,
}

/// The answer to a `go` request: the engine's move, and the score it gives it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GoAnswer {
    /// The move, in the protocol's move text (draughts numeric notation, xiangqi ICCS);
    /// the arbiter rules on it, legal or not.
    #[serde(rename = "move")]
    pub text: String,
    /// The engine's score of the position after its move, in centipawns for its own side,
    /// when it reports one (read by score adjudication).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}
