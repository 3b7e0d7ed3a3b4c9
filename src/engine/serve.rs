//! Serving an engine over the protocol: `arbiter engine` puts the reference on stdin and
//! stdout so other programs can ask it, one process for any number of requests.

use super::Engine;
use crate::protocol::wire::{parse_incoming, reply_json, start_reply_json, Incoming};
use crate::protocol::{EngineFailure, FailureKind, Reply, PROTOCOL_VERSION};
use serde_json::json;
use std::io::{BufRead, Write};

/// Answers protocol requests read from `input` on `output` until `stop` or the end of the
/// input. A request that cannot be read is answered `errored` (with its `seq` when it has
/// one) and the server goes on; a `start` asking another protocol version is answered
/// `errored` and ends the conversation. Returns an error only when `output` fails.
///
/// ```
/// use arbiter::engine::{serve, ReferenceEngine};
///
/// let input = concat!(
///     r#"{"cmd":"start","protocol":1}"#, "\n",
///     r#"{"cmd":"run","seq":1,"query":"legal","ruleset":"xiangqi","position":null,"moves":[]}"#, "\n",
///     r#"{"cmd":"stop"}"#, "\n",
/// );
/// let mut out = Vec::new();
/// serve(&ReferenceEngine::new(), input.as_bytes(), &mut out).unwrap();
/// let lines: Vec<serde_json::Value> = String::from_utf8(out).unwrap().lines()
///     .map(|l| serde_json::from_str(l).unwrap()).collect();
/// assert_eq!(lines[0]["protocol"], 1);
/// assert_eq!(lines[1]["seq"], 1);
/// assert_eq!(lines[1]["moves"].as_array().unwrap().len(), 44);
/// ```
pub fn serve(
    engine: &dyn Engine,
    input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            Err(e) => {
                let msg = format!("cannot read the request: {e}");
                writeln!(output, "{}", json!({"errored": true, "message": msg}))?;
                output.flush()?;
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        match parse_incoming(&line) {
            Ok(Incoming::Start(version)) if version == PROTOCOL_VERSION => {
                writeln!(output, "{}", start_reply_json(&engine.info()))?;
            }
            Ok(Incoming::Start(version)) => {
                let msg = format!(
                    "protocol version {version} is not spoken here; this engine speaks version {PROTOCOL_VERSION}"
                );
                writeln!(output, "{}", json!({"errored": true, "message": msg}))?;
                output.flush()?;
                return Ok(());
            }
            Ok(Incoming::Run(seq, request)) => {
                let reply = engine.run(&request);
                writeln!(output, "{}", reply_json(seq, &reply))?;
            }
            Ok(Incoming::Stop) => {
                output.flush()?;
                return Ok(());
            }
            Err((seq, e)) => {
                let reply = Reply::Failed(EngineFailure::new(
                    FailureKind::Errored,
                    format!("bad request: {e}"),
                ));
                let mut v = reply_json(seq.unwrap_or(0), &reply);
                if seq.is_none() {
                    v.as_object_mut().map(|m| m.remove("seq"));
                }
                writeln!(output, "{v}")?;
            }
        }
        output.flush()?;
    }
    output.flush()
}
