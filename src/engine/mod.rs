//! Engines: whatever answers the questions a case asks. The reference rules in-process
//! ([`ReferenceEngine`], also with one clause altered: [`ReferenceEngine::mutant`]), a program speaking the engine protocol over JSON lines
//! ([`ProcessEngine`]), or a UCI engine behind the built-in adapter.
//!
//! Every engine answers [`Request`]s with [`Reply`]s (`src/protocol/`); what it answers at
//! all is in its [`EngineInfo`]. The runner asks an engine only what its info lists, and
//! reports the rest as skipped, never passed.
//!
//! ```
//! use arbiter::engine::{Engine, ReferenceEngine};
//! use arbiter::protocol::{Answer, Query, Reply, Request};
//!
//! let engine = ReferenceEngine::new();
//! let mut request = Request::new("xiangqi".parse().unwrap(), Query::Check);
//! request.moves = vec!["h2e2".into(), "h9g7".into(), "e2e6".into()];
//! assert_eq!(engine.run(&request), Reply::Answer(Answer::Check(false)));
//! ```

mod candidates;
pub(crate) mod child;
mod player;
mod process;
mod program;
mod reference;
mod serve;
mod talk;
mod uci;
mod xboard;

pub(crate) use talk::lettered;

pub use candidates::{candidate_moves, moved};
pub use player::{best_by_material, material, MaterialChoice};
pub use process::{ProcessEngine, ProcessOptions, StartError};
pub use reference::{step_event, ClockRulesFactory, ReferenceEngine};
pub use serve::{serve, MAX_REQUEST_LINE};
pub use uci::{Dialect, UciEngine, UciRanks};
pub use xboard::XboardEngine;

use crate::protocol::{EngineInfo, Reply, Request};
use crate::{Rules, Ruleset};
use std::sync::Arc;

/// Something that answers requests: the reference rules, or an external engine.
pub trait Engine: Send + Sync {
    /// What the engine says of itself: name, version, rulesets, the queries it answers.
    fn info(&self) -> EngineInfo;
    /// The command line that starts it, for reports (`None` for an in-process engine).
    fn command(&self) -> Option<String> {
        None
    }
    /// Answers one request.
    fn run(&self, request: &Request) -> Reply;
    /// Answers one request, waiting at most `timeout` for an engine in another process
    /// (instead of its usual request timeout): a player's `go` is given the time on its
    /// clock. An in-process engine answers as [`Engine::run`] does.
    fn run_within(&self, request: &Request, timeout: std::time::Duration) -> Reply {
        let _ = timeout;
        self.run(request)
    }
    /// For an engine in another process: how many requests it was sent and the time spent
    /// waiting for its replies (from sending a request to reading its reply), to tell the
    /// engine's share of a run's wall time from the harness's.
    fn usage(&self) -> Option<Usage> {
        None
    }
    /// For an engine behind a built-in adapter (UCI, UCCI, XBoard): what the start-up
    /// probes found it answers, and how each kind of question is put to it, one line each,
    /// for the report and the run's progress lines.
    fn asked(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Requests sent to an engine process and the time spent waiting for them.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Usage {
    /// Requests sent.
    pub requests: u64,
    /// Time from sending each request to reading its reply, summed.
    pub waiting: std::time::Duration,
}

/// Starts the engine an `--engine` argument names: `reference` (the built-in rules),
/// `mutant:<name>` (the built-in rules with one clause altered, see [`crate::mutant`]),
/// `uci:<command line>`, `ucci:<command line>` or `xboard:<command line>` (a UCI, UCCI or
/// XBoard/CECP engine behind the built-in adapters), or the command line of a program
/// speaking the engine protocol.
///
/// ```
/// use arbiter::engine::{open, ProcessOptions};
///
/// let engine = open("mutant:kings-not-flying", ProcessOptions::default()).unwrap();
/// assert_eq!(engine.info().name, "arbiter reference (mutant kings-not-flying)");
/// let error = open("mutant:no-such-rule", ProcessOptions::default()).err().unwrap();
/// assert!(error.to_string().contains("arbiter mutants --list"));
/// ```
pub fn open(spec: &str, options: ProcessOptions) -> Result<Box<dyn Engine>, StartError> {
    let spec = spec.trim();
    if spec == "reference" {
        return Ok(Box::new(ReferenceEngine::new()));
    }
    if let Some(name) = spec.strip_prefix("mutant:") {
        return match name.parse::<crate::mutant::Mutant>() {
            Ok(m) => Ok(Box::new(ReferenceEngine::mutant(m))),
            Err(e) => Err(StartError {
                command: spec.to_owned(),
                message: e.to_string(),
                stderr: None,
            }),
        };
    }
    if spec.starts_with("uci:") || spec.starts_with("ucci:") {
        return Ok(Box::new(UciEngine::start(spec, options)?));
    }
    if spec.starts_with("xboard:") {
        return Ok(Box::new(XboardEngine::start(spec, options)?));
    }
    Ok(Box::new(ProcessEngine::start(spec, options)?))
}

/// Makes the rules of a ruleset (the reference [`crate::rules_for`], or another
/// implementation).
pub type RulesFactory = Arc<dyn Fn(&Ruleset) -> Box<dyn Rules> + Send + Sync>;
