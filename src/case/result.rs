//! The result of checking one case under one ruleset.

use super::MoveDifference;
use crate::protocol::FailureKind;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// How a case run ended; written in reports by its [`Verdict::name`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Every expectation held.
    Passed,
    /// Some expectation did not hold: the engine disagrees with the rules.
    Failed,
    /// Not run, or not wholly: the case uses something not supported yet, or the engine
    /// does not answer a query the case needs (the message says which).
    Skipped,
    /// The case could not be run: the engine crashed, hung or spoke nonsense, or the case
    /// itself cannot be set up.
    Errored,
}

impl Verdict {
    /// The lowercase name used in reports (`passed`, `failed`, `skipped`, `errored`).
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Passed => "passed",
            Verdict::Failed => "failed",
            Verdict::Skipped => "skipped",
            Verdict::Errored => "errored",
        }
    }
}

/// One expectation that did not hold.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// Which expectation (`legal`, `perft`, `fen`, …).
    pub expectation: &'static str,
    /// What went wrong, naming the moves, counts or texts involved.
    pub message: String,
    /// What the case expected.
    pub expected: Value,
    /// What the engine answered.
    pub actual: Value,
    /// For a list of moves: the moves on one side only (`None` when no move is: the lists
    /// differ in another way, a move listed twice or one that is not legal).
    pub difference: Option<Box<MoveDifference>>,
}

impl Mismatch {
    /// A mismatch of `expectation`.
    pub fn new(
        expectation: &'static str,
        message: impl Into<String>,
        expected: Value,
        actual: Value,
    ) -> Mismatch {
        Mismatch {
            expectation,
            message: message.into(),
            expected,
            actual,
            difference: None,
        }
    }

    /// The mismatch with the difference of its move lists, unless no move is on one side
    /// only.
    pub fn with_difference(self, difference: MoveDifference) -> Mismatch {
        Mismatch {
            difference: (!difference.is_empty()).then(|| Box::new(difference)),
            ..self
        }
    }
}

/// The result of one case under one ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseResult {
    /// Passed, failed, skipped or errored.
    pub verdict: Verdict,
    /// Why it failed, was skipped or errored (empty when passed).
    pub message: String,
    /// The expectations that did not hold (failed cases only).
    pub mismatches: Vec<Mismatch>,
    /// The position the case is about (reached, or the starting one), as FEN, when known.
    pub fen: Option<String>,
    /// That position drawn as a board, when the rules could draw it.
    pub board: Option<String>,
    /// When the engine failed (errored cases): how.
    pub engine_failure: Option<FailureKind>,
    /// The engine's stderr around its failure, when captured.
    pub stderr: Option<String>,
}

impl CaseResult {
    /// A result with a verdict and a message, nothing else.
    pub fn new(verdict: Verdict, message: impl Into<String>) -> CaseResult {
        CaseResult {
            verdict,
            message: message.into(),
            mismatches: Vec::new(),
            fen: None,
            board: None,
            engine_failure: None,
            stderr: None,
        }
    }

    /// A failed result whose message joins the mismatches.
    pub fn failed(mismatches: Vec<Mismatch>) -> CaseResult {
        let message = mismatches
            .iter()
            .map(|m| format!("{}: {}", m.expectation, m.message))
            .collect::<Vec<_>>()
            .join("; ");
        CaseResult {
            mismatches,
            ..CaseResult::new(Verdict::Failed, message)
        }
    }

    /// What the case expected, by expectation, for the failed ones (`null` otherwise).
    pub fn expected(&self) -> Value {
        self.by_expectation(|m| &m.expected)
    }

    /// What the engine answered, by expectation, for the failed ones (`null` otherwise).
    pub fn actual(&self) -> Value {
        self.by_expectation(|m| &m.actual)
    }

    /// The differences of the failed move lists, by expectation.
    pub fn differences(&self) -> BTreeMap<String, MoveDifference> {
        self.mismatches
            .iter()
            .filter_map(|m| Some((m.expectation.to_owned(), (**m.difference.as_ref()?).clone())))
            .collect()
    }

    fn by_expectation(&self, f: impl Fn(&Mismatch) -> &Value) -> Value {
        if self.mismatches.is_empty() {
            return Value::Null;
        }
        let map: serde_json::Map<String, Value> = self
            .mismatches
            .iter()
            .map(|m| (m.expectation.to_owned(), f(m).clone()))
            .collect();
        Value::Object(map)
    }
}
