//! The events of a run.

use crate::case::Verdict;
use serde_json::{json, Value};

/// The first event: what ran, on which suite, when.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    /// The arbiter version.
    pub arbiter: String,
    /// The git commit of the suite, if known.
    pub suite_commit: Option<String>,
    /// When the run started, RFC 3339 in UTC.
    pub started: String,
    /// The rulesets the run covers.
    pub rulesets: Vec<String>,
}

/// The result of one case under one ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultEvent {
    /// The case id.
    pub case: String,
    /// The test name (`<case id>` or `<case id>@<ruleset>`).
    pub name: String,
    /// The ruleset, written in full (`russian@fmjd64`).
    pub ruleset: String,
    /// The case file.
    pub file: String,
    /// The clause ids the case cites.
    pub clauses: Vec<String>,
    /// How it ended.
    pub verdict: Verdict,
    /// Why it failed, was skipped or errored.
    pub message: String,
    /// What the failed expectations expected.
    pub expected: Value,
    /// What the engine answered to them.
    pub actual: Value,
    /// The case's starting position as written (to reproduce it).
    pub position: Option<String>,
    /// The case's history moves.
    pub moves: Vec<String>,
    /// The position concerned drawn as a board (terminal view only).
    pub board: Option<String>,
    /// The FEN of that position.
    pub fen: Option<String>,
}

/// Counts of results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Passed runs.
    pub passed: usize,
    /// Failed runs.
    pub failed: usize,
    /// Skipped runs.
    pub skipped: usize,
    /// Errored runs.
    pub errored: usize,
}

impl Totals {
    /// Counts one more result.
    pub fn add(&mut self, verdict: Verdict) {
        match verdict {
            Verdict::Passed => self.passed += 1,
            Verdict::Failed => self.failed += 1,
            Verdict::Skipped => self.skipped += 1,
            Verdict::Errored => self.errored += 1,
        }
    }

    /// All results.
    pub fn total(&self) -> usize {
        self.passed + self.failed + self.skipped + self.errored
    }
}

/// The last event: the counts and the time taken. A report without it was cut short.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Footer {
    /// Passed runs.
    pub passed: usize,
    /// Failed runs.
    pub failed: usize,
    /// Skipped runs.
    pub skipped: usize,
    /// Errored runs.
    pub errored: usize,
    /// Wall-clock seconds of the run.
    pub seconds: f64,
}

impl Footer {
    /// The footer for these totals.
    pub fn new(totals: Totals, seconds: f64) -> Footer {
        Footer {
            passed: totals.passed,
            failed: totals.failed,
            skipped: totals.skipped,
            errored: totals.errored,
            seconds,
        }
    }
}

/// One event of a run.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The start of the run.
    Header(Header),
    /// One result.
    Result(Box<ResultEvent>),
    /// The end of the run.
    Footer(Footer),
}

impl Event {
    /// The event as one JSON object, as written to the JSON-lines report.
    pub fn to_json(&self) -> Value {
        match self {
            Event::Header(h) => json!({
                "type": "header",
                "arbiter": h.arbiter,
                "suite_commit": h.suite_commit,
                "started": h.started,
                "rulesets": h.rulesets,
            }),
            Event::Result(r) => json!({
                "type": "result",
                "case": r.case,
                "ruleset": r.ruleset,
                "clauses": r.clauses,
                "status": r.verdict.name(),
                "message": r.message,
                "expected": r.expected,
                "actual": r.actual,
                "file": r.file,
                "position": r.position,
                "moves": r.moves,
            }),
            Event::Footer(f) => json!({
                "type": "footer",
                "passed": f.passed,
                "failed": f.failed,
                "skipped": f.skipped,
                "errored": f.errored,
                "seconds": f.seconds,
            }),
        }
    }
}
