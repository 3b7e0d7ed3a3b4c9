//! Checking one case under one ruleset.

use super::{Case, Expect, Rejected, RepetitionExpect, RepetitionVerdict, Stage};
use crate::engine::{
    Answer, Capability, Engine, Query, ReferenceEngine, RejectedAt, Reply, Request, RulesFactory,
};
use crate::{rules_for, Rules, RulesError, Ruleset, Status};
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Once};

#[path = "endings.rs"]
mod endings;

/// How a case run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Every expectation held.
    Passed,
    /// Some expectation did not hold.
    Failed,
    /// Not run: the case uses something not supported yet, or the engine does not answer
    /// that kind of query.
    Skipped,
    /// The case could not be run (the rules panicked, the engine failed).
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
}

impl CaseResult {
    fn new(verdict: Verdict, message: impl Into<String>) -> CaseResult {
        CaseResult {
            verdict,
            message: message.into(),
            mismatches: Vec::new(),
            fen: None,
            board: None,
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

/// Stops a case before its expectations are all checked.
enum Halt {
    Skipped(String),
    Errored(String),
}

/// Runs cases: asks an [`Engine`] and compares its answers with the expectations, reading
/// move texts through the reference rules so moves are compared by identity.
pub struct Runner {
    engine: Box<dyn Engine>,
    rules_for: RulesFactory,
}

impl Runner {
    /// A runner asking `engine`, reading moves with the rules `rules_for` makes.
    pub fn new(engine: Box<dyn Engine>, rules_for: RulesFactory) -> Runner {
        Runner { engine, rules_for }
    }

    /// The reference engine, checked against cases with the reference rules.
    pub fn reference() -> Runner {
        Runner::new(Box::new(ReferenceEngine::new()), Arc::new(rules_for))
    }

    /// The engine asked.
    pub fn engine(&self) -> &dyn Engine {
        self.engine.as_ref()
    }

    /// Runs one case under one of its rulesets. Never panics: a panic in the rules or the
    /// engine makes the result [`Verdict::Errored`].
    pub fn run(&self, case: &Case, ruleset: &Ruleset) -> CaseResult {
        if let Some(reason) = case.skip_reason() {
            return CaseResult::new(Verdict::Skipped, reason);
        }
        CAPTURING.with(|c| c.set(true));
        let outcome = catch_unwind(AssertUnwindSafe(|| self.check(case, ruleset)));
        CAPTURING.with(|c| c.set(false));
        match outcome {
            Ok(Ok(result)) => result,
            Ok(Err(Halt::Skipped(msg))) => CaseResult::new(Verdict::Skipped, msg),
            Ok(Err(Halt::Errored(msg))) => CaseResult::new(Verdict::Errored, msg),
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

    fn ask(&self, case: &Case, ruleset: &Ruleset, moves: &[String], query: Query) -> Reply {
        self.engine.run(&Request {
            ruleset,
            position: case.position.as_deref(),
            moves,
            query,
        })
    }

    /// Asks a query about the position reached; refusing it now is the engine's failure,
    /// since it accepted the same position before.
    fn answer(&self, case: &Case, ruleset: &Ruleset, query: Query) -> Result<Answer, Halt> {
        match self.ask(case, ruleset, &case.moves, query) {
            Reply::Answer(a) => Ok(a),
            Reply::Skipped(msg) => Err(Halt::Skipped(msg)),
            Reply::Errored(msg) => Err(Halt::Errored(format!("engine failed: {msg}"))),
            Reply::Rejected(_, msg) => Err(Halt::Errored(format!(
                "engine accepted the position but refused it for {query:?}: {msg}"
            ))),
        }
    }

    fn check(&self, case: &Case, ruleset: &Ruleset) -> Result<CaseResult, Halt> {
        let rules = (self.rules_for)(ruleset);
        if super::session::uses_session(case) {
            let can = self.engine.capabilities().contains(&Capability::Session);
            return Ok(super::session::check(case, ruleset, can));
        }
        if let Some(rejected) = &case.expect.rejected {
            return self.check_rejected(case, ruleset, rules.as_ref(), rejected);
        }
        let reached = match self.ask(case, ruleset, &case.moves, Query::Play) {
            Reply::Answer(Answer::Position(fen)) => fen,
            Reply::Answer(other) => {
                return Err(Halt::Errored(format!("engine answered {other:?} to play")))
            }
            Reply::Rejected(at, msg) => {
                let mut result = failed(vec![Mismatch {
                    expectation: "setup",
                    message: format!("{} refused: {msg}", describe(at)),
                    expected: json!("accepted"),
                    actual: json!({"rejected": describe(at), "message": msg}),
                }]);
                draw_start(&mut result, rules.as_ref(), case);
                return Ok(result);
            }
            Reply::Skipped(msg) => return Err(Halt::Skipped(msg)),
            Reply::Errored(msg) => return Err(Halt::Errored(format!("engine failed: {msg}"))),
        };
        let fen = reference_position(rules.as_ref(), case).map_err(|e| {
            Halt::Errored(format!("the reference rules cannot set up the case: {e}"))
        })?;
        let mut checker = Checker {
            runner: self,
            case,
            ruleset,
            rules: rules.as_ref(),
            fen: &fen,
            legal: None,
            status: None,
            outcome: None,
            mismatches: Vec::new(),
        };
        checker.check_all(&case.expect, &reached)?;
        let mut result = if checker.mismatches.is_empty() {
            CaseResult::new(Verdict::Passed, "")
        } else {
            failed(checker.mismatches)
        };
        result.board = rules.render(&fen, false).ok();
        result.fen = Some(fen);
        Ok(result)
    }

    fn check_rejected(
        &self,
        case: &Case,
        ruleset: &Ruleset,
        rules: &dyn Rules,
        rejected: &Rejected,
    ) -> Result<CaseResult, Halt> {
        let want = match rejected.stage {
            Stage::Setup => RejectedAt::Setup,
            Stage::Move(n) => RejectedAt::Move(n),
            Stage::Step(n) => {
                return Err(Halt::Errored(format!(
                    "rejected: `stage: step, step: {n}` needs `steps`"
                )))
            }
        };
        let expected = json!({
            "rejected": describe(want),
            "contains": rejected.contains,
        });
        let mismatch = match self.ask(case, ruleset, &case.moves, Query::Play) {
            Reply::Rejected(at, msg) if at == want => match &rejected.contains {
                Some(text) if !msg.contains(text.as_str()) => Some(Mismatch {
                    expectation: "rejected",
                    message: format!(
                        "{} was refused as expected, but the message does not contain '{text}': {msg}",
                        describe(at)
                    ),
                    expected,
                    actual: json!({"rejected": describe(at), "message": msg}),
                }),
                _ => None,
            },
            Reply::Rejected(at, msg) => Some(Mismatch {
                expectation: "rejected",
                message: format!(
                    "expected {} to be refused, but {} was refused instead: {msg}",
                    describe(want),
                    describe(at)
                ),
                expected,
                actual: json!({"rejected": describe(at), "message": msg}),
            }),
            Reply::Answer(Answer::Position(fen)) => Some(Mismatch {
                expectation: "rejected",
                message: format!(
                    "expected {} to be refused, but everything was accepted (reached {fen})",
                    describe(want)
                ),
                expected,
                actual: json!({"accepted": fen}),
            }),
            Reply::Answer(other) => {
                return Err(Halt::Errored(format!("engine answered {other:?} to play")))
            }
            Reply::Skipped(msg) => return Err(Halt::Skipped(msg)),
            Reply::Errored(msg) => return Err(Halt::Errored(format!("engine failed: {msg}"))),
        };
        let mut result = match mismatch {
            None => CaseResult::new(Verdict::Passed, ""),
            Some(m) => failed(vec![m]),
        };
        draw_start(&mut result, rules, case);
        Ok(result)
    }
}

/// A failed result whose message joins the mismatches.
pub(super) fn failed(mismatches: Vec<Mismatch>) -> CaseResult {
    let message = mismatches
        .iter()
        .map(|m| format!("{}: {}", m.expectation, m.message))
        .collect::<Vec<_>>()
        .join("; ");
    CaseResult {
        verdict: Verdict::Failed,
        message,
        mismatches,
        fen: None,
        board: None,
    }
}

/// Draws the case's starting position, if the reference rules accept it.
fn draw_start(result: &mut CaseResult, rules: &dyn Rules, case: &Case) {
    let fen = match &case.position {
        Some(p) => rules.canonical_fen(p).ok(),
        None => Some(rules.start_fen()),
    };
    if let Some(fen) = fen {
        result.board = rules.render(&fen, false).ok();
        result.fen = Some(fen);
    }
}

fn describe(at: RejectedAt) -> String {
    match at {
        RejectedAt::Setup => "the position".to_owned(),
        RejectedAt::Move(n) => format!("move {n}"),
    }
}

/// The position a case reaches according to the reference rules.
fn reference_position(rules: &dyn Rules, case: &Case) -> Result<String, RulesError> {
    let fen = match &case.position {
        Some(p) => rules.canonical_fen(p)?,
        None => rules.start_fen(),
    };
    if case.moves.is_empty() {
        Ok(fen)
    } else {
        rules.play(&fen, &case.moves)
    }
}

/// A legal move as the engine wrote it, with its identity per the reference rules.
struct EngineMove {
    text: String,
    key: Result<String, String>,
}

struct Checker<'a> {
    runner: &'a Runner,
    case: &'a Case,
    ruleset: &'a Ruleset,
    rules: &'a dyn Rules,
    /// The position reached, per the reference rules (to read move texts).
    fen: &'a str,
    legal: Option<Vec<EngineMove>>,
    status: Option<Status>,
    outcome: Option<crate::GameOutcome>,
    mismatches: Vec<Mismatch>,
}

impl Checker<'_> {
    fn fail(&mut self, expectation: &'static str, message: String, expected: Value, actual: Value) {
        self.mismatches.push(Mismatch {
            expectation,
            message,
            expected,
            actual,
        });
    }

    fn check_all(&mut self, expect: &Expect, reached: &str) -> Result<(), Halt> {
        if let Some(list) = &expect.legal {
            self.check_legal(list)?;
        }
        if let Some(list) = &expect.legal_includes {
            self.check_legal_includes(list)?;
        }
        if let Some(list) = &expect.illegal {
            self.check_illegal(list)?;
        }
        if let Some(count) = expect.legal_count {
            self.check_legal_count(count)?;
        }
        for p in expect.perft.iter().flatten() {
            let query = Query::Perft {
                depth: p.depth,
                count: p.count.into(),
            };
            match self.runner.answer(self.case, self.ruleset, query)? {
                Answer::Nodes(n) if n == p.nodes => {}
                Answer::Nodes(n) => self.fail(
                    "perft",
                    format!("perft({}) counted {n} nodes, expected {}", p.depth, p.nodes),
                    json!({"depth": p.depth, "nodes": p.nodes}),
                    json!({"depth": p.depth, "nodes": n}),
                ),
                other => return Err(unexpected(other, "perft")),
            }
        }
        if let Some(expected) = &expect.fen {
            self.check_fen(expected, reached);
        }
        self.check_endings(expect)?;
        if let Some(repetition) = &expect.repetition {
            self.check_repetition(repetition)?;
        }
        if let Some(check) = expect.check {
            let status = self.status()?;
            if status.in_check != check {
                let say = |b: bool| if b { "in check" } else { "not in check" };
                self.fail(
                    "check",
                    format!(
                        "expected the side to move {}, but it is {}",
                        say(check),
                        say(status.in_check)
                    ),
                    json!(check),
                    json!(status.in_check),
                );
            }
        }
        Ok(())
    }

    /// The repetition verdict, judged by the reference adjudicator
    /// ([`crate::xiangqi::repetition::adjudicate`]) on the case's position and history: the
    /// engine protocol has no repetition query, so this checks the reference itself.
    fn check_repetition(&mut self, expected: &RepetitionExpect) -> Result<(), Halt> {
        use crate::xiangqi::repetition::{adjudicate, history, RepetitionRules};
        use crate::xiangqi::Position;
        let Some(rules) = RepetitionRules::for_ruleset(self.ruleset) else {
            return Err(Halt::Skipped(format!(
                "repetition is only judged for xiangqi, not {}",
                self.ruleset
            )));
        };
        let start = match &self.case.position {
            Some(fen) => Position::from_fen(fen)
                .map_err(|e| Halt::Errored(format!("repetition: the position is invalid: {e}")))?,
            None => Position::start(),
        };
        let verdict = history(&start, &self.case.moves)
            .and_then(|moves| adjudicate(&start, &moves, &rules))
            .map_err(|e| Halt::Errored(format!("repetition: {e}")))?;
        let actual = serde_json::to_value(&verdict).unwrap_or(Value::Null);
        let want = match expected {
            RepetitionExpect::None => {
                if let Some(v) = &verdict {
                    self.fail(
                        "repetition",
                        format!(
                            "expected no verdict, got {} ({})",
                            v.ruling.slug(),
                            v.reason
                        ),
                        json!("none"),
                        actual,
                    );
                }
                return Ok(());
            }
            RepetitionExpect::Verdict(want) => want,
        };
        let expected_json = repetition_json(want);
        let Some(v) = verdict else {
            self.fail(
                "repetition",
                format!(
                    "expected {}, but the history does not end in a cycle played {} times",
                    want.verdict, rules.cycles_for_verdict
                ),
                expected_json,
                json!("none"),
            );
            return Ok(());
        };
        let mut problems = Vec::new();
        let side = v.side.map(|c| c.name());
        if v.ruling.slug() != want.verdict || side != want.side.as_deref() {
            let say = |r: &str, s: Option<&str>| match s {
                Some(s) => format!("{r} for {s}"),
                None => r.to_owned(),
            };
            problems.push(format!(
                "expected {}, got {}",
                say(&want.verdict, want.side.as_deref()),
                say(v.ruling.slug(), side)
            ));
        }
        if let Some(natures) = &want.natures {
            for (color, words) in [
                (crate::xiangqi::Color::Red, &natures.red),
                (crate::xiangqi::Color::Black, &natures.black),
            ] {
                let got: Vec<String> = v
                    .cycle
                    .iter()
                    .filter(|c| c.side == color)
                    .map(|c| match c.sub_kind {
                        Some(k) => format!("{}/{}", c.nature, k),
                        None => c.nature.to_string(),
                    })
                    .collect();
                let matches = got.len() == words.len()
                    && v.cycle
                        .iter()
                        .filter(|c| c.side == color)
                        .zip(words.iter())
                        .all(|(c, w)| {
                            c.nature.slug() == w || c.sub_kind.is_some_and(|k| k.slug() == w)
                        });
                if !matches {
                    problems.push(format!(
                        "{} moves: expected [{}], got [{}]",
                        color.name(),
                        words.join(", "),
                        got.join(", ")
                    ));
                }
            }
        }
        if let Some(chased) = &want.chased {
            let want_set: BTreeSet<&str> = chased.iter().map(String::as_str).collect();
            let got_set: BTreeSet<String> = v
                .cycle
                .iter()
                .flat_map(|c| c.chased.iter().map(|p| p.square.to_string()))
                .collect();
            let got_ref: BTreeSet<&str> = got_set.iter().map(String::as_str).collect();
            if want_set != got_ref {
                problems.push(format!(
                    "chased: expected [{}], got [{}]",
                    want_set.into_iter().collect::<Vec<_>>().join(", "),
                    got_ref.into_iter().collect::<Vec<_>>().join(", ")
                ));
            }
        }
        if !problems.is_empty() {
            self.fail(
                "repetition",
                format!("{} ({})", problems.join("; "), v.reason),
                expected_json,
                actual,
            );
        }
        Ok(())
    }

    fn status(&mut self) -> Result<Status, Halt> {
        if let Some(s) = &self.status {
            return Ok(s.clone());
        }
        match self.runner.answer(self.case, self.ruleset, Query::Status)? {
            Answer::Status(s) => {
                self.status = Some(s.clone());
                Ok(s)
            }
            other => Err(unexpected(other, "status")),
        }
    }

    /// The engine's legal moves with their identities.
    fn legal(&mut self) -> Result<&[EngineMove], Halt> {
        if self.legal.is_none() {
            let moves = match self.runner.answer(self.case, self.ruleset, Query::Legal)? {
                Answer::Moves(m) => m,
                other => return Err(unexpected(other, "legal")),
            };
            let moves = moves
                .into_iter()
                .map(|text| {
                    let key = self
                        .rules
                        .resolve_move(self.fen, &text)
                        .map(|m| m.key)
                        .map_err(|e| e.to_string());
                    EngineMove { text, key }
                })
                .collect();
            self.legal = Some(moves);
        }
        Ok(self.legal.as_deref().unwrap_or_default())
    }

    /// Reads expected move texts; those that name no legal move (per the reference) are
    /// returned apart, with the reason.
    fn resolve_expected(&self, texts: &[String]) -> (Vec<(String, String)>, Vec<String>) {
        let mut keyed = Vec::new();
        let mut unreadable = Vec::new();
        for text in texts {
            match self.rules.resolve_move(self.fen, text) {
                Ok(m) => keyed.push((text.clone(), m.key)),
                Err(e) => unreadable.push(format!("'{text}' ({e})")),
            }
        }
        (keyed, unreadable)
    }

    /// Reports engine moves the reference cannot read; returns the readable ones' keys.
    fn engine_keys(&mut self, expectation: &'static str) -> Result<BTreeMap<String, String>, Halt> {
        let mut keys = BTreeMap::new();
        let mut unreadable = Vec::new();
        for m in self.legal()? {
            match &m.key {
                Ok(k) => {
                    keys.entry(k.clone()).or_insert_with(|| m.text.clone());
                }
                Err(e) => unreadable.push(format!("'{}' ({e})", m.text)),
            }
        }
        if !unreadable.is_empty() {
            self.fail(
                expectation,
                format!(
                    "the engine listed moves that are not legal: {}",
                    unreadable.join(", ")
                ),
                Value::Null,
                json!(unreadable),
            );
        }
        Ok(keys)
    }

    fn check_legal(&mut self, expected: &[String]) -> Result<(), Halt> {
        let actual = self.engine_keys("legal")?;
        let (keyed, unreadable) = self.resolve_expected(expected);
        let mut problems = Vec::new();
        if !unreadable.is_empty() {
            problems.push(format!(
                "expected moves that name no legal move: {}",
                unreadable.join(", ")
            ));
        }
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        for (text, key) in &keyed {
            if let Some(first) = seen.insert(key, text) {
                problems.push(format!(
                    "'{first}' and '{text}' are listed but are the same move"
                ));
            }
        }
        let missing: Vec<&str> = keyed
            .iter()
            .filter(|(_, k)| !actual.contains_key(k))
            .map(|(t, _)| t.as_str())
            .collect();
        let expected_keys: BTreeSet<&str> = keyed.iter().map(|(_, k)| k.as_str()).collect();
        let unexpected: Vec<&str> = actual
            .iter()
            .filter(|(k, _)| !expected_keys.contains(k.as_str()))
            .map(|(_, t)| t.as_str())
            .collect();
        if !missing.is_empty() {
            problems.push(format!("missing {}", quoted(&missing)));
        }
        if !unexpected.is_empty() {
            problems.push(format!("unexpected {}", quoted(&unexpected)));
        }
        if !problems.is_empty() {
            let mut actual_texts: Vec<&str> = actual.values().map(String::as_str).collect();
            actual_texts.sort_unstable();
            self.fail(
                "legal",
                problems.join("; "),
                json!(expected),
                json!(actual_texts),
            );
        }
        Ok(())
    }

    fn check_legal_includes(&mut self, expected: &[String]) -> Result<(), Halt> {
        let actual = self.engine_keys("legal_includes")?;
        let (keyed, unreadable) = self.resolve_expected(expected);
        let mut problems = Vec::new();
        if !unreadable.is_empty() {
            problems.push(format!("not legal: {}", unreadable.join(", ")));
        }
        let missing: Vec<&str> = keyed
            .iter()
            .filter(|(_, k)| !actual.contains_key(k))
            .map(|(t, _)| t.as_str())
            .collect();
        if !missing.is_empty() {
            problems.push(format!(
                "missing from the engine's moves: {}",
                quoted(&missing)
            ));
        }
        if !problems.is_empty() {
            let mut actual_texts: Vec<&str> = actual.values().map(String::as_str).collect();
            actual_texts.sort_unstable();
            self.fail(
                "legal_includes",
                problems.join("; "),
                json!(expected),
                json!(actual_texts),
            );
        }
        Ok(())
    }

    /// Each text, played after the history, must be refused as that next move.
    fn check_illegal(&mut self, texts: &[String]) -> Result<(), Halt> {
        let next = self.case.moves.len() + 1;
        let mut accepted = Vec::new();
        for text in texts {
            let mut moves = self.case.moves.clone();
            moves.push(text.clone());
            match self
                .runner
                .ask(self.case, self.ruleset, &moves, Query::Play)
            {
                Reply::Rejected(RejectedAt::Move(n), _) if n == next => {}
                Reply::Rejected(at, msg) => {
                    return Err(Halt::Errored(format!(
                    "engine accepted the position but refused {} when '{text}' was added: {msg}",
                    describe(at)
                )))
                }
                Reply::Answer(Answer::Position(fen)) => accepted.push((text.clone(), fen)),
                Reply::Answer(other) => return Err(unexpected(other, "play")),
                Reply::Skipped(msg) => return Err(Halt::Skipped(msg)),
                Reply::Errored(msg) => return Err(Halt::Errored(format!("engine failed: {msg}"))),
            }
        }
        if !accepted.is_empty() {
            let names: Vec<&str> = accepted.iter().map(|(t, _)| t.as_str()).collect();
            self.fail(
                "illegal",
                format!("accepted as legal: {}", quoted(&names)),
                json!(texts),
                json!(accepted
                    .iter()
                    .map(|(t, f)| json!({"move": t, "reached": f}))
                    .collect::<Vec<_>>()),
            );
        }
        Ok(())
    }

    fn check_legal_count(&mut self, expected: usize) -> Result<(), Halt> {
        let keys = self.engine_keys("legal_count")?;
        if keys.len() != expected {
            let mut texts: Vec<&str> = keys.values().map(String::as_str).collect();
            texts.sort_unstable();
            self.fail(
                "legal_count",
                format!(
                    "{} legal moves, expected {expected}: {}",
                    keys.len(),
                    texts.join(" ")
                ),
                json!(expected),
                json!(keys.len()),
            );
        }
        Ok(())
    }

    fn check_fen(&mut self, expected: &str, reached: &str) {
        let want = match self.rules.canonical_fen(expected) {
            Ok(f) => f,
            Err(e) => {
                self.fail(
                    "fen",
                    format!("the expected FEN is invalid: {e}"),
                    json!(expected),
                    json!(reached),
                );
                return;
            }
        };
        let got = self
            .rules
            .canonical_fen(reached)
            .unwrap_or_else(|_| reached.to_owned());
        if got != want {
            self.fail(
                "fen",
                format!("reached {got}, expected {want}"),
                json!(want),
                json!(got),
            );
        }
    }
}

fn repetition_json(want: &RepetitionVerdict) -> Value {
    json!({
        "verdict": want.verdict,
        "side": want.side,
        "natures": want.natures.as_ref().map(|n| json!({"red": n.red, "black": n.black})),
        "chased": want.chased,
    })
}

fn unexpected(answer: Answer, query: &str) -> Halt {
    Halt::Errored(format!("engine answered {answer:?} to {query}"))
}

fn quoted(texts: &[&str]) -> String {
    texts
        .iter()
        .map(|t| format!("'{t}'"))
        .collect::<Vec<_>>()
        .join(", ")
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
