//! `arbiter engine`: the reference rules served over the engine protocol on stdin and
//! stdout, so any program can use arbiter as an oracle (docs/protocol.md).

use super::CliError;
use arbiter::engine::{serve, ProcessOptions, ReferenceEngine};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `arbiter engine`.
#[derive(Debug, Args)]
#[command(
    after_help = "Reads protocol v1 requests (one JSON object per line) on stdin and \
writes one reply per line on stdout, until {\"cmd\":\"stop\"} or the end of input. \
A request line longer than 4 MiB (4194304 bytes) is answered {\"errored\":true,…} \
at once and skipped (docs/protocol.md, \"Limits\"). See docs/protocol.md.

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
    match serve(
        &ReferenceEngine::new(),
        stdin.lock(),
        std::io::BufWriter::new(stdout.lock()),
    ) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The reader went away: the conversation is over.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(format!("cannot write to stdout: {e}").into()),
    }
}

/// The default of `--start-timeout` (run, fuzz, play): seconds an external engine may take
/// to start, the interpreter of a scripted engine on a loaded machine included.
pub const DEFAULT_START_TIMEOUT: f64 = 30.0;

/// A number of seconds given to `option`, refused unless positive and finite.
pub fn seconds(option: &str, value: f64) -> Result<std::time::Duration, String> {
    if value.is_finite() && value > 0.0 && value <= 1e9 {
        Ok(std::time::Duration::from_secs_f64(value))
    } else {
        Err(format!(
            "{option} {value}: expected a positive number of seconds"
        ))
    }
}

/// How long an external engine may take and how often it is restarted: the options
/// `--timeout`, `--start-timeout` and `--restarts` that `run` and `fuzz` share.
#[derive(Debug, Args)]
pub struct EngineLimits {
    /// Seconds an external engine may take to answer one request before it counts as hung.
    #[arg(long, default_value_t = 10.0, value_name = "SECONDS")]
    pub timeout: f64,
    /// Seconds an external engine may take to start (answer `start`, or the UCI handshake),
    /// at the beginning and at each restart, before it counts as not starting.
    #[arg(long, default_value_t = DEFAULT_START_TIMEOUT, value_name = "SECONDS")]
    pub start_timeout: f64,
    /// How many times a crashed, hung or confused engine is restarted before it is given up.
    #[arg(long, default_value_t = 5)]
    pub restarts: u32,
}

impl EngineLimits {
    /// The process options these limits give, or why a number of seconds is refused.
    pub fn options(&self) -> Result<ProcessOptions, String> {
        Ok(ProcessOptions {
            timeout: seconds("--timeout", self.timeout)?,
            start_timeout: seconds("--start-timeout", self.start_timeout)?,
            restarts: self.restarts,
        })
    }
}
