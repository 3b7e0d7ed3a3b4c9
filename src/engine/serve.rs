//! Serving an engine over the protocol: `arbiter engine` puts the reference on stdin and
//! stdout so other programs can ask it, one process for any number of requests.

use super::child::{read_line_bounded, skip_rest_of_line, LineRead};
use super::Engine;
use crate::protocol::wire::{parse_incoming, reply_json, start_reply_json, Incoming};
use crate::protocol::{EngineFailure, FailureKind, Reply, PROTOCOL_VERSION};
use serde_json::json;
use std::io::{BufRead, Write};

/// The longest request line `serve` reads (4 MiB, about 500,000 moves of history): a longer
/// one is answered `errored` at once and skipped, so that the work and memory of a request
/// stay bounded (docs/protocol.md, "Limits").
pub const MAX_REQUEST_LINE: usize = 4 << 20;

/// Answers protocol requests read from `input` on `output` until `stop` or the end of the
/// input. A request that cannot be read is answered `errored` (with its `seq` when it has
/// one) and the server goes on, as it does after a line longer than [`MAX_REQUEST_LINE`]; a `start` asking another protocol version is answered
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
    let mut input = input;
    let mut buf = Vec::new();
    loop {
        let line = match read_line_bounded(&mut input, MAX_REQUEST_LINE, &mut buf) {
            Ok(LineRead::Eof) => break,
            Ok(LineRead::Line) => match std::str::from_utf8(&buf) {
                Ok(text) => text.to_owned(),
                Err(e) => {
                    let msg = format!("cannot read the request: a line that is not UTF-8: {e}");
                    writeln!(output, "{}", json!({"errored": true, "message": msg}))?;
                    output.flush()?;
                    continue;
                }
            },
            Ok(LineRead::TooLong) => {
                // Answered at once, before the rest of the line is read (and dropped).
                let msg = format!(
                    "request line longer than {MAX_REQUEST_LINE} bytes, the limit of one \
                     request (docs/protocol.md, \"Limits\"): not read; send a shorter history"
                );
                writeln!(output, "{}", json!({"errored": true, "message": msg}))?;
                output.flush()?;
                match skip_rest_of_line(&mut input) {
                    Ok(_) => continue,
                    Err(_) => break,
                }
            }
            Err(e) => {
                let msg = format!("cannot read the request: {e}");
                writeln!(output, "{}", json!({"errored": true, "message": msg}))?;
                output.flush()?;
                break;
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
