//! The JSON-lines form of the protocol messages (`docs/protocol.md`): writing and reading
//! `start`, `run` and their replies. Reading is strict: every problem is a [`WireError`]
//! naming the field and what was expected, so a client can report an engine that speaks
//! nonsense and a server can answer a bad request with `errored`.

use super::offer::OfferText;
use super::{
    AdjournmentReport, Answer, ClaimAnswer, ClockAnswer, ClockReport, ClockRequest, ClockStartText,
    DrawOfferAnswer, EngineFailure, EngineInfo, FailureKind, Feature, GoAnswer, GoRequest, GoTimes,
    OutcomeAnswer, Query, QueryKind, RepetitionAnswer, Reply, Request, SessionAnswer, Stage,
    StandingsAnswer, Step, PROTOCOL_VERSION,
};
use crate::{PerftCount, Ruleset};
use serde_json::{json, Map, Value};

/// A message that does not have the protocol's shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct WireError(pub String);

fn err<T>(msg: impl Into<String>) -> Result<T, WireError> {
    Err(WireError(msg.into()))
}

fn object(line: &str) -> Result<Map<String, Value>, WireError> {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(other) => err(format!("expected a JSON object, got {}", kind_of(&other))),
        Err(e) => err(format!("not JSON: {e}")),
    }
}

/// `a string`, `a number`, …: what a JSON value is, for messages.
pub fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn string(map: &Map<String, Value>, key: &str) -> Result<String, WireError> {
    match map.get(key) {
        Some(Value::String(s)) => Ok(s.clone()),
        Some(other) => err(format!("`{key}` must be a string, got {}", kind_of(other))),
        None => err(format!("`{key}` is missing")),
    }
}

fn opt_string(map: &Map<String, Value>, key: &str) -> Result<Option<String>, WireError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(other) => err(format!(
            "`{key}` must be a string or null, got {}",
            kind_of(other)
        )),
    }
}

fn strings(map: &Map<String, Value>, key: &str) -> Result<Vec<String>, WireError> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::String(s) => Ok(s.clone()),
                other => err(format!(
                    "`{key}[{i}]` must be a string, got {}",
                    kind_of(other)
                )),
            })
            .collect(),
        Some(other) => err(format!(
            "`{key}` must be a list of strings, got {}",
            kind_of(other)
        )),
    }
}

fn unsigned(map: &Map<String, Value>, key: &str) -> Result<u64, WireError> {
    match map.get(key) {
        Some(v) => v.as_u64().map_or_else(
            || {
                err(format!(
                    "`{key}` must be a non-negative integer, got {}",
                    compact(v)
                ))
            },
            Ok,
        ),
        None => err(format!("`{key}` is missing")),
    }
}

/// A value shortened for an error message.
fn compact(v: &Value) -> String {
    let text = v.to_string();
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text
    }
}

/// The `start` request.
pub fn start_json() -> Value {
    json!({"cmd": "start", "protocol": PROTOCOL_VERSION})
}

/// The `stop` request.
pub fn stop_json() -> Value {
    json!({"cmd": "stop"})
}

/// The `start` reply describing an engine.
pub fn start_reply_json(info: &EngineInfo) -> Value {
    let mut v = json!({
        "protocol": PROTOCOL_VERSION,
        "name": info.name,
        "version": info.version,
        "rulesets": info.rulesets,
        "queries": info.queries.iter().map(|q| q.name()).collect::<Vec<_>>(),
    });
    if !info.features.is_empty() {
        v["features"] = json!(info.features.iter().map(|f| f.name()).collect::<Vec<_>>());
    }
    if info.arbiter_messages {
        v["messages"] = json!("arbiter");
    }
    v
}

/// Reads an engine's `start` reply. Another protocol version is refused with a message
/// naming it; unknown query names are refused too (an engine that claims a query arbiter
/// cannot ask is confused about the protocol).
pub fn parse_start_reply(line: &str) -> Result<EngineInfo, WireError> {
    let map = object(line)?;
    if map.get("errored").and_then(Value::as_bool) == Some(true) {
        let msg = opt_string(&map, "message")?.unwrap_or_default();
        return err(format!("the engine refused to start: {msg}"));
    }
    let version = unsigned(&map, "protocol")?;
    if version != PROTOCOL_VERSION {
        return err(format!(
            "the engine speaks protocol version {version}; this arbiter speaks version {PROTOCOL_VERSION}"
        ));
    }
    let name = string(&map, "name")?;
    let version = match map.get("version") {
        Some(Value::Number(n)) => n.to_string(),
        _ => string(&map, "version")?,
    };
    let rulesets = strings(&map, "rulesets")?;
    for r in &rulesets {
        let game = r.split_once('@').map_or(r.as_str(), |(g, _)| g);
        if !["russian", "brazilian", "xiangqi"].contains(&game) {
            return err(format!(
                "`rulesets`: unknown game '{game}' (expected russian, brazilian or xiangqi, \
                 optionally with @edition)"
            ));
        }
    }
    let queries = strings(&map, "queries")?
        .iter()
        .map(|q| {
            QueryKind::from_name(q).ok_or_else(|| {
                WireError(format!(
                    "`queries`: unknown query '{q}' (expected one of {})",
                    QueryKind::ALL.map(|k| k.name()).join(", ")
                ))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let arbiter_messages = opt_string(&map, "messages")?.as_deref() == Some("arbiter");
    // Unknown features are ignored: a later protocol may add some this arbiter never asks.
    let features = match map.get("features") {
        None | Some(Value::Null) => Vec::new(),
        Some(_) => strings(&map, "features")?
            .iter()
            .filter_map(|f| Feature::from_name(f))
            .collect(),
    };
    Ok(EngineInfo {
        name,
        version,
        rulesets,
        queries,
        features,
        arbiter_messages,
    })
}

/// A `run` request.
pub fn request_json(seq: u64, request: &Request) -> Value {
    let mut v = json!({
        "cmd": "run",
        "seq": seq,
        "query": request.query.kind().name(),
        "ruleset": request.ruleset.to_string(),
        "position": request.position,
        "moves": request.moves,
    });
    match &request.query {
        Query::Perft { depth, count } => {
            v["depth"] = json!(depth);
            v["count"] = json!(match count {
                PerftCount::Paths => "paths",
                PerftCount::Moves => "moves",
            });
        }
        Query::Claim { kind, by } => {
            v["kind"] = json!(kind);
            v["by"] = json!(by);
        }
        Query::DrawOffer { by, earlier } => {
            v["by"] = json!(by);
            v["earlier"] = json!(earlier);
        }
        Query::Session { steps } => {
            v["steps"] = json!(steps);
        }
        Query::Clock { clock, steps } => {
            let mut c = serde_json::to_value(&clock.start).unwrap_or_else(|_| json!({}));
            c["control"] = serde_json::to_value(&clock.control).unwrap_or(Value::Null);
            v["clock"] = c;
            v["steps"] = json!(steps);
        }
        Query::Standings { tournament } => {
            v["tournament"] = serde_json::to_value(tournament).unwrap_or(Value::Null);
        }
        Query::Go(go) => {
            v["times"] = serde_json::to_value(&go.times).unwrap_or(Value::Null);
            if let Some(p) = &go.permitted {
                v["permitted"] = json!(p);
            }
            if let Some(seed) = go.seed {
                v["seed"] = json!(seed);
            }
        }
        Query::Legal | Query::Play | Query::Check | Query::Outcome | Query::Repetition => {}
    }
    v
}

/// A request as a server reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum Incoming {
    /// `start`, with the protocol version asked for.
    Start(u64),
    /// `run`, with its `seq`.
    Run(u64, Request),
    /// `stop`.
    Stop,
}

/// Reads any request line (`start`, `run` or `stop`). For a `run` whose fields are wrong,
/// the error carries the `seq` when it could be read, so the server can answer `errored`
/// for that request.
pub fn parse_incoming(line: &str) -> Result<Incoming, (Option<u64>, WireError)> {
    let map = object(line).map_err(|e| (None, e))?;
    let cmd = string(&map, "cmd").map_err(|e| (None, e))?;
    match cmd.as_str() {
        "start" => unsigned(&map, "protocol")
            .map(Incoming::Start)
            .map_err(|e| (None, e)),
        "stop" => Ok(Incoming::Stop),
        "run" => {
            let seq = unsigned(&map, "seq").map_err(|e| (None, e))?;
            run_request(&map)
                .map(|r| Incoming::Run(seq, r))
                .map_err(|e| (Some(seq), e))
        }
        other => Err((
            None,
            WireError(format!(
                "unknown cmd '{other}' (expected start, run or stop)"
            )),
        )),
    }
}

/// Reads a `run` request line: its `seq` and the request.
pub fn parse_request(line: &str) -> Result<(u64, Request), WireError> {
    match parse_incoming(line) {
        Ok(Incoming::Run(seq, r)) => Ok((seq, r)),
        Ok(_) => err("expected a `run` request"),
        Err((_, e)) => Err(e),
    }
}

fn run_request(map: &Map<String, Value>) -> Result<Request, WireError> {
    let ruleset: Ruleset = string(map, "ruleset")?
        .parse()
        .map_err(|e| WireError(format!("`ruleset`: {e}")))?;
    let position = opt_string(map, "position")?;
    let moves = strings(map, "moves")?;
    let name = string(map, "query")?;
    let kind = QueryKind::from_name(&name).ok_or_else(|| {
        WireError(format!(
            "unknown query '{name}' (expected one of {})",
            QueryKind::ALL.map(|k| k.name()).join(", ")
        ))
    })?;
    let query = match kind {
        QueryKind::Legal => Query::Legal,
        QueryKind::Play => Query::Play,
        QueryKind::Check => Query::Check,
        QueryKind::Outcome => Query::Outcome,
        QueryKind::Repetition => Query::Repetition,
        QueryKind::Perft => {
            let depth = unsigned(map, "depth")?;
            let depth = u32::try_from(depth)
                .map_err(|_| WireError(format!("`depth` {depth} is too large")))?;
            let count = match opt_string(map, "count")?.as_deref() {
                None | Some("paths") => PerftCount::Paths,
                Some("moves") => PerftCount::Moves,
                Some(other) => {
                    return err(format!(
                        "`count` must be \"paths\" or \"moves\", got '{other}'"
                    ))
                }
            };
            Query::Perft { depth, count }
        }
        QueryKind::Claim => Query::Claim {
            kind: string(map, "kind")?,
            by: opt_string(map, "by")?,
        },
        QueryKind::DrawOffer => {
            let earlier: Vec<OfferText> = match map.get("earlier") {
                None | Some(Value::Null) => Vec::new(),
                Some(v) => serde_json::from_value(v.clone())
                    .map_err(|e| WireError(format!("`earlier`: {e}")))?,
            };
            Query::DrawOffer {
                by: string(map, "by")?,
                earlier,
            }
        }
        QueryKind::Session => Query::Session { steps: steps(map)? },
        QueryKind::Standings => {
            let Some(t) = map.get("tournament") else {
                return err("a `standings` request needs `tournament`");
            };
            Query::Standings {
                tournament: Box::new(
                    serde_json::from_value(t.clone())
                        .map_err(|e| WireError(format!("`tournament`: {e}")))?,
                ),
            }
        }
        QueryKind::Go => {
            let times = match map.get("times") {
                None | Some(Value::Null) => None,
                Some(t) => Some(
                    serde_json::from_value::<GoTimes>(t.clone())
                        .map_err(|e| WireError(format!("`times`: {e}")))?,
                ),
            };
            let permitted = match map.get("permitted") {
                None | Some(Value::Null) => None,
                Some(_) => Some(strings(map, "permitted")?),
            };
            let seed = match map.get("seed") {
                None | Some(Value::Null) => None,
                Some(_) => Some(unsigned(map, "seed")?),
            };
            Query::Go(Box::new(GoRequest {
                times,
                permitted,
                seed,
            }))
        }
        QueryKind::Clock => {
            let Some(Value::Object(c)) = map.get("clock") else {
                return err("a `clock` request needs `clock`: an object with the `control`");
            };
            let mut c = c.clone();
            let control = c
                .remove("control")
                .ok_or_else(|| WireError("`clock.control` is missing".to_owned()))?;
            let control = serde_json::from_value(control)
                .map_err(|e| WireError(format!("`clock.control`: {e}")))?;
            let start: ClockStartText = serde_json::from_value(Value::Object(c))
                .map_err(|e| WireError(format!("`clock`: {e}")))?;
            Query::Clock {
                clock: Box::new(ClockRequest { control, start }),
                steps: steps(map)?,
            }
        }
    };
    Ok(Request {
        ruleset,
        position,
        moves,
        query,
    })
}

fn steps(map: &Map<String, Value>) -> Result<Vec<Step>, WireError> {
    match map.get("steps") {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, s)| {
                serde_json::from_value(s.clone())
                    .map_err(|e| WireError(format!("`steps[{i}]`: {e}")))
            })
            .collect(),
        Some(other) => err(format!("`steps` must be a list, got {}", kind_of(other))),
    }
}

/// A reply line for `seq`. An engine failure is written as `errored` with its message.
pub fn reply_json(seq: u64, reply: &Reply) -> Value {
    let mut v = match reply {
        Reply::Answer(answer) => answer_json(answer),
        Reply::Rejected { stage, message } => {
            let stage = match stage {
                Stage::Setup => json!({"stage": "setup"}),
                Stage::Move(n) => json!({"stage": "move", "index": n}),
                Stage::Step(n) => json!({"stage": "step", "index": n}),
            };
            json!({"rejected": stage, "message": message})
        }
        Reply::Skipped(message) => json!({"skipped": true, "message": message}),
        Reply::Failed(f) => json!({"errored": true, "message": f.message}),
    };
    v["seq"] = json!(seq);
    v
}

fn answer_json(answer: &Answer) -> Value {
    let to = |v: Result<Value, serde_json::Error>| v.unwrap_or(Value::Null);
    match answer {
        Answer::Moves(moves) => json!({"moves": moves}),
        Answer::Nodes(n) => json!({"nodes": n}),
        Answer::Position(fen) => json!({"fen": fen}),
        Answer::Check(b) => json!({"in_check": b}),
        Answer::Outcome(o) => to(serde_json::to_value(o)),
        Answer::Claim(c) => to(serde_json::to_value(c)),
        Answer::DrawOffer(d) => to(serde_json::to_value(d)),
        Answer::Repetition(r) => to(serde_json::to_value(r)),
        Answer::Session(s) => to(serde_json::to_value(s)),
        Answer::Standings(s) => to(serde_json::to_value(s)),
        Answer::Move(m) => to(serde_json::to_value(m)),
        Answer::Clock(c) => {
            let mut v = to(serde_json::to_value(&c.session));
            v["clock"] = to(serde_json::to_value(&c.clock));
            if let Some(a) = &c.adjournment {
                v["adjournment"] = to(serde_json::to_value(a));
            }
            v
        }
    }
}

/// Reads a reply line to the request `seq` that asked `kind`. Anything that is not exactly
/// one of the reply shapes for that query is an error (the engine spoke nonsense).
pub fn parse_reply(line: &str, seq: u64, kind: QueryKind) -> Result<Reply, WireError> {
    let mut map = object(line)?;
    let got = match map.remove("seq") {
        Some(v) => v.as_u64().ok_or_else(|| {
            WireError(format!(
                "`seq` must be a non-negative integer, got {}",
                compact(&v)
            ))
        })?,
        None => return err("the reply has no `seq`"),
    };
    if got != seq {
        return err(format!("the reply is for seq {got}, expected seq {seq}"));
    }
    let markers: Vec<&str> = ["skipped", "errored", "rejected"]
        .into_iter()
        .filter(|k| map.contains_key(*k))
        .collect();
    if let [marker] = markers.as_slice() {
        let allowed = ["skipped", "errored", "rejected", "message"];
        if let Some(extra) = map.keys().find(|k| !allowed.contains(&k.as_str())) {
            return err(format!(
                "a `{marker}` reply has `{extra}`; expected only `{marker}` and `message`"
            ));
        }
    } else if markers.len() > 1 {
        return err(format!(
            "a reply is one of skipped, errored or rejected, not {}",
            markers.join(" and ")
        ));
    }
    if map.get("skipped").and_then(Value::as_bool) == Some(true) {
        return Ok(Reply::Skipped(
            opt_string(&map, "message")?.unwrap_or_default(),
        ));
    }
    if map.get("errored").and_then(Value::as_bool) == Some(true) {
        return Ok(Reply::Failed(EngineFailure::new(
            FailureKind::Errored,
            opt_string(&map, "message")?.unwrap_or_default(),
        )));
    }
    if let Some(rejected) = map.get("rejected") {
        let Value::Object(r) = rejected else {
            return err(format!(
                "`rejected` must be an object like {{\"stage\":\"move\",\"index\":3}}, got {}",
                kind_of(rejected)
            ));
        };
        let index = || -> Result<usize, WireError> {
            let n = unsigned(r, "index").map_err(|e| WireError(format!("`rejected`: {e}")))?;
            match usize::try_from(n) {
                Ok(n) if n >= 1 => Ok(n),
                _ => err(format!("`rejected.index` must be 1 or more, got {n}")),
            }
        };
        let stage = match string(r, "stage")
            .map_err(|e| WireError(format!("`rejected`: {e}")))?
            .as_str()
        {
            "setup" => Stage::Setup,
            "move" => Stage::Move(index()?),
            "step" => Stage::Step(index()?),
            other => {
                return err(format!(
                    "`rejected.stage` must be setup, move or step, got '{other}'"
                ))
            }
        };
        return Ok(Reply::Rejected {
            stage,
            message: opt_string(&map, "message")?.unwrap_or_default(),
        });
    }
    let answer = parse_answer(Value::Object(map), kind)?;
    Ok(Reply::Answer(answer))
}

fn parse_answer(value: Value, kind: QueryKind) -> Result<Answer, WireError> {
    let shape = |e: serde_json::Error| WireError(format!("a `{kind}` answer: {e}"));
    let Value::Object(map) = &value else {
        return err("expected an object");
    };
    let only = |keys: &[&str]| -> Result<(), WireError> {
        match map.keys().find(|k| !keys.contains(&k.as_str())) {
            Some(k) => err(format!(
                "a `{kind}` answer has `{}`; expected {}",
                k,
                keys.iter()
                    .map(|k| format!("`{k}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
            None => Ok(()),
        }
    };
    Ok(match kind {
        QueryKind::Legal => {
            only(&["moves"])?;
            if !map.contains_key("moves") {
                return err("a `legal` answer needs `moves`");
            }
            Answer::Moves(strings(map, "moves")?)
        }
        QueryKind::Perft => {
            only(&["nodes"])?;
            Answer::Nodes(unsigned(map, "nodes")?)
        }
        QueryKind::Play => {
            only(&["fen"])?;
            Answer::Position(string(map, "fen")?)
        }
        QueryKind::Check => {
            only(&["in_check"])?;
            match map.get("in_check") {
                Some(Value::Bool(b)) => Answer::Check(*b),
                Some(other) => {
                    return err(format!(
                        "`in_check` must be true or false, got {}",
                        compact(other)
                    ))
                }
                None => return err("a `check` answer needs `in_check`"),
            }
        }
        QueryKind::Outcome => {
            Answer::Outcome(serde_json::from_value::<OutcomeAnswer>(value).map_err(shape)?)
        }
        QueryKind::Claim => {
            Answer::Claim(serde_json::from_value::<ClaimAnswer>(value).map_err(shape)?)
        }
        QueryKind::DrawOffer => {
            Answer::DrawOffer(serde_json::from_value::<DrawOfferAnswer>(value).map_err(shape)?)
        }
        QueryKind::Repetition => {
            Answer::Repetition(serde_json::from_value::<RepetitionAnswer>(value).map_err(shape)?)
        }
        QueryKind::Go => {
            if !map.contains_key("move") {
                return err("a `go` answer needs `move`");
            }
            Answer::Move(serde_json::from_value::<GoAnswer>(value).map_err(shape)?)
        }
        QueryKind::Standings => Answer::Standings(Box::new(
            serde_json::from_value::<StandingsAnswer>(value).map_err(shape)?,
        )),
        QueryKind::Session => Answer::Session(Box::new(
            serde_json::from_value::<SessionAnswer>(value).map_err(shape)?,
        )),
        QueryKind::Clock => {
            let mut map = map.clone();
            let clock = map
                .remove("clock")
                .ok_or_else(|| WireError("a `clock` answer needs `clock`".to_owned()))?;
            let clock: ClockReport = serde_json::from_value(clock)
                .map_err(|e| WireError(format!("a `clock` answer: `clock`: {e}")))?;
            let adjournment = match map.remove("adjournment") {
                None | Some(Value::Null) => None,
                Some(a) => Some(
                    serde_json::from_value::<AdjournmentReport>(a)
                        .map_err(|e| WireError(format!("a `clock` answer: `adjournment`: {e}")))?,
                ),
            };
            let session =
                serde_json::from_value::<SessionAnswer>(Value::Object(map)).map_err(shape)?;
            Answer::Clock(Box::new(ClockAnswer {
                session,
                clock,
                adjournment,
            }))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruleset(s: &str) -> Ruleset {
        s.parse().unwrap()
    }

    #[test]
    fn requests_round_trip() {
        let queries = [
            Query::Legal,
            Query::Perft {
                depth: 3,
                count: PerftCount::Moves,
            },
            Query::Play,
            Query::Check,
            Query::Outcome,
            Query::Claim {
                kind: "sixty-move".into(),
                by: Some("red".into()),
            },
            Query::DrawOffer {
                by: "black".into(),
                earlier: vec![],
            },
            Query::Repetition,
            Query::Go(Box::default()),
            Query::Go(Box::new(GoRequest {
                times: Some(GoTimes {
                    remaining: [("red".to_owned(), 1.5), ("black".to_owned(), 300.0)].into(),
                    increment: None,
                    quota: Some([("red".to_owned(), 3), ("black".to_owned(), 4)].into()),
                }),
                permitted: Some(vec!["e0e1".into()]),
                seed: Some(u64::MAX),
            })),
            Query::Session {
                steps: vec![
                    Step::Touch {
                        squares: vec!["h2".into(), "h9".into()],
                        side: None,
                    },
                    Step::Answer(false),
                    Step::Claim {
                        kind: crate::edition::DrawKind::SixtyMove,
                        by: None,
                    },
                ],
            },
        ];
        for query in queries {
            let request = Request {
                ruleset: ruleset("xiangqi@axf"),
                position: Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into()),
                moves: vec!["e0d0".into()],
                query,
            };
            let line = request_json(42, &request).to_string();
            assert_eq!(parse_request(&line), Ok((42, request)), "{line}");
        }
    }

    #[test]
    fn replies_round_trip() {
        let replies = [
            (
                QueryKind::Legal,
                Reply::Answer(Answer::Moves(vec!["h2e2".into()])),
            ),
            (QueryKind::Perft, Reply::Answer(Answer::Nodes(44))),
            (QueryKind::Check, Reply::Answer(Answer::Check(true))),
            (
                QueryKind::Go,
                Reply::Answer(Answer::Move(GoAnswer {
                    text: "h2e2".into(),
                    score: Some(-35),
                })),
            ),
            (
                QueryKind::Go,
                Reply::Answer(Answer::Move(GoAnswer {
                    text: "22-18".into(),
                    score: None,
                })),
            ),
            (
                QueryKind::Play,
                Reply::Rejected {
                    stage: Stage::Move(3),
                    message: "illegal".into(),
                },
            ),
            (QueryKind::Session, Reply::Skipped("no sessions".into())),
            (
                QueryKind::Outcome,
                Reply::Answer(Answer::Outcome(OutcomeAnswer {
                    result: "draw".into(),
                    reason: Some("threefold".into()),
                    claims: None,
                    counters: Some(
                        [
                            ("kings-only".to_owned(), Some(3)),
                            ("threefold".to_owned(), None),
                        ]
                        .into(),
                    ),
                })),
            ),
        ];
        for (kind, reply) in replies {
            let line = reply_json(9, &reply).to_string();
            assert_eq!(parse_reply(&line, 9, kind), Ok(reply), "{line}");
        }
    }

    #[test]
    fn nonsense_is_named() {
        let cases = [
            ("not json", "not JSON"),
            ("[1]", "expected a JSON object, got a list"),
            (r#"{"moves":[]}"#, "no `seq`"),
            (r#"{"seq":8,"moves":[]}"#, "for seq 8, expected seq 9"),
            (r#"{"seq":9,"moves":"h2e2"}"#, "`moves` must be a list"),
            (r#"{"seq":9,"moves":[],"extra":1}"#, "has `extra`"),
            (r#"{"seq":9}"#, "needs `moves`"),
            (
                r#"{"seq":9,"rejected":{"stage":"move"}}"#,
                "`index` is missing",
            ),
            (
                r#"{"seq":9,"rejected":{"stage":"move","index":0}}"#,
                "1 or more",
            ),
        ];
        for (line, want) in cases {
            let e = parse_reply(line, 9, QueryKind::Legal).unwrap_err();
            assert!(e.0.contains(want), "{line}: {e}");
        }
    }

    #[test]
    fn go_nonsense_is_named() {
        let cases = [
            (r#"{"seq":9}"#, "needs `move`"),
            (r#"{"seq":9,"move":7}"#, "a `go` answer"),
            (
                r#"{"seq":9,"move":"h2e2","best":1}"#,
                "unknown field `best`",
            ),
            (r#"{"seq":10,"move":"h2e2"}"#, "for seq 10, expected seq 9"),
            (r#"{"seq":9,"fen":"x"}"#, "needs `move`"),
        ];
        for (line, want) in cases {
            let e = parse_reply(line, 9, QueryKind::Go).unwrap_err();
            assert!(e.0.contains(want), "{line}: {e}");
        }
    }

    #[test]
    fn start_reply_versions() {
        let e = parse_start_reply(
            r#"{"protocol":2,"name":"x","version":"1","rulesets":[],"queries":[]}"#,
        )
        .unwrap_err();
        assert!(e.0.contains("protocol version 2"), "{e}");
        let e = parse_start_reply(
            r#"{"protocol":1,"name":"x","version":"1","rulesets":["chess"],"queries":[]}"#,
        )
        .unwrap_err();
        assert!(e.0.contains("unknown game 'chess'"), "{e}");
        let info = parse_start_reply(
            r#"{"protocol":1,"name":"x","version":"1","rulesets":["russian","xiangqi@axf"],"queries":["legal"]}"#,
        )
        .unwrap();
        assert!(info.plays(&ruleset("russian@fmjd64")));
        assert!(info.plays(&ruleset("xiangqi@axf")));
        assert!(!info.plays(&ruleset("xiangqi@cxa")));
        assert!(!info.plays(&ruleset("brazilian")));
        assert_eq!(info.queries, vec![QueryKind::Legal]);
    }
}
