//! Checking one case under one ruleset: every expectation becomes a query to the engine
//! under test, and its answer is compared with what the case expects.
//!
//! The runner never answers for the engine. It uses the reference [`Rules`] only to write
//! the case's position and history in canonical notation for the engine, and to read move
//! texts back as move identities. A query the engine does not answer, or skips, leaves its
//! expectation unchecked: the case is then reported skipped with the reason (unless another
//! expectation already failed), never passed.

use super::check::Checker;
use super::result::{CaseResult, Verdict};
use super::Case;
use crate::engine::{Engine, ReferenceEngine, RulesFactory};
use crate::protocol::EngineInfo;
use crate::{rules_for, Ruleset};
use std::cell::{Cell, RefCell};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Once};

/// Runs cases: asks an [`Engine`] and compares its answers with the expectations.
pub struct Runner {
    engine: Box<dyn Engine>,
    info: EngineInfo,
    rules_for: RulesFactory,
}

impl Runner {
    /// A runner asking `engine`, reading moves with the rules `rules_for` makes.
    pub fn new(engine: Box<dyn Engine>, rules_for: RulesFactory) -> Runner {
        let info = engine.info();
        Runner {
            engine,
            info,
            rules_for,
        }
    }

    /// The reference engine, checked against cases with the reference rules.
    pub fn reference() -> Runner {
        Runner::new(Box::new(ReferenceEngine::new()), Arc::new(rules_for))
    }

    /// The engine asked.
    pub fn engine(&self) -> &dyn Engine {
        self.engine.as_ref()
    }

    /// What the engine said of itself when it started.
    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    /// Runs one case under one of its rulesets. Never panics: a panic in the rules or the
    /// engine makes the result [`Verdict::Errored`].
    pub fn run(&self, case: &Case, ruleset: &Ruleset) -> CaseResult {
        if let Some(reason) = case.skip_reason() {
            return CaseResult::new(Verdict::Skipped, reason);
        }
        if !self.info.plays(ruleset) {
            return CaseResult::new(
                Verdict::Skipped,
                format!(
                    "the engine does not play {ruleset} (it plays {})",
                    list_or_nothing(&self.info.rulesets)
                ),
            );
        }
        CAPTURING.with(|c| c.set(true));
        let outcome = catch_unwind(AssertUnwindSafe(|| self.check(case, ruleset)));
        CAPTURING.with(|c| c.set(false));
        match outcome {
            Ok(result) => result,
            Err(payload) => {
                let text = PANIC_TEXT
                    .with(|p| p.borrow_mut().take())
                    .unwrap_or_else(|| {
                        payload
                            .downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| payload.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "a panic without a message".to_owned())
                    });
                CaseResult::new(
                    Verdict::Errored,
                    format!("panicked: {}", text.replace('\n', " ")),
                )
            }
        }
    }

    fn check(&self, case: &Case, ruleset: &Ruleset) -> CaseResult {
        let rules = (self.rules_for)(ruleset);
        let mut checker = Checker::new(
            self.engine.as_ref(),
            &self.info,
            case,
            ruleset,
            rules.as_ref(),
        );
        let halted = if case.tournament.is_some()
            || case.expect.standings.is_some()
            || case.expect.colours.is_some()
        {
            checker.check_standings()
        } else if case.clock.is_some() {
            checker.check_clock()
        } else if super::session::uses_session(case) {
            checker.check_session()
        } else if let Some(rejected) = &case.expect.rejected {
            checker.check_rejected(rejected)
        } else {
            checker.check_all()
        };
        checker.finish(halted)
    }
}

fn list_or_nothing(items: &[String]) -> String {
    if items.is_empty() {
        "nothing".to_owned()
    } else {
        items.join(", ")
    }
}

thread_local! {
    static CAPTURING: Cell<bool> = const { Cell::new(false) };
    static PANIC_TEXT: RefCell<Option<String>> = const { RefCell::new(None) };
}

static INSTALL_HOOK: Once = Once::new();

/// Keeps panics inside [`Runner::run`] off stderr: their message and location go into the
/// errored result instead. Panics elsewhere are printed as before. Call once, early.
pub fn capture_panics() {
    INSTALL_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CAPTURING.with(Cell::get) {
                PANIC_TEXT.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}
