//! `arbiter engine`: the reference rules served over the engine protocol on stdin and
//! stdout, so any program can use arbiter as an oracle (docs/protocol.md).

use super::CliError;
use arbiter::engine::{serve, ReferenceEngine};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `arbiter engine`.
#[derive(Debug, Args)]
#[command(
    after_help = "Reads protocol v1 requests (one JSON object per line) on stdin and \
writes one reply per line on stdout, until {\"cmd\":\"stop\"} or the end of input. \
See docs/protocol.md.

Example:
  printf '%s\\n' '{\"cmd\":\"start\",\"protocol\":1}' \\
    '{\"cmd\":\"run\",\"seq\":1,\"query\":\"legal\",\"ruleset\":\"russian\",\"position\":null,\"moves\":[]}' \\
    | arbiter engine

Exit codes:
  0  the conversation ended (stop or end of input)
  2  stdout could not be written"
)]
pub struct EngineArgs {}

/// Serves the reference until `stop` or the end of input.
pub fn engine(_args: EngineArgs) -> Result<ExitCode, CliError> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(
        &ReferenceEngine::new(),
        stdin.lock(),
        std::io::BufWriter::new(stdout.lock()),
    )
    .map_err(|e| format!("cannot write to stdout: {e}"))?;
    Ok(ExitCode::SUCCESS)
}
