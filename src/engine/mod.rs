//! Engines: whatever answers the questions a case asks. The reference rules in-process
//! ([`ReferenceEngine`]), a program speaking the engine protocol over JSON lines
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

mod child;
mod process;
mod reference;
mod serve;
mod uci;

pub use process::{ProcessEngine, ProcessOptions, StartError};
pub use reference::ReferenceEngine;
pub use serve::serve;
pub use uci::{UciEngine, UciRanks};

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
}

/// Makes the rules of a ruleset (the reference [`crate::rules_for`], or another
/// implementation).
pub type RulesFactory = Arc<dyn Fn(&Ruleset) -> Box<dyn Rules> + Send + Sync>;
