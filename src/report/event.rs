//! The events of a run, and their JSON form.

use super::ReportError;
use crate::case::{MoveDifference, Verdict};
use crate::protocol::wire::kind_of;
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// The first event: what ran, on which suite, when.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Header {
    /// The arbiter version.
    pub arbiter: String,
    /// The git commit of the suite, if known.
    pub suite_commit: Option<String>,
    /// When the run started, RFC 3339 in UTC.
    #[serde(default, deserialize_with = "null_as_default")]
    pub started: String,
    /// The rulesets the run covers.
    #[serde(default, deserialize_with = "null_as_default")]
    pub rulesets: Vec<String>,
    /// The engine under test; `None` in reports written before engines were named (those
    /// checked the built-in reference).
    pub engine: Option<EngineRecord>,
    /// The baseline file the run was judged against, if any.
    pub baseline: Option<String>,
}

/// The engine a run checked.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EngineRecord {
    /// Its name, as it reports it.
    pub name: String,
    /// Its version, as it reports it.
    #[serde(default, deserialize_with = "null_as_default")]
    pub version: String,
    /// The command that started it; `None` for the built-in reference.
    pub command: Option<String>,
    /// For an engine behind a built-in adapter (UCI, UCCI, XBoard): what its start-up
    /// probes found and how each kind of question was put to it, one line each
    /// ([`crate::engine::Engine::asked`]); empty for a protocol engine and in older reports.
    /// Written only when there is something to say, so a protocol engine's and the
    /// reference's headers stay as they were.
    #[serde(
        default,
        deserialize_with = "null_as_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub asked: Vec<String>,
}

impl EngineRecord {
    /// The built-in reference rules of this arbiter.
    pub fn reference() -> EngineRecord {
        EngineRecord {
            name: "arbiter".to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            command: None,
            asked: Vec::new(),
        }
    }

    /// `name version`, for titles (`pydraughts 0.6.7`).
    pub fn label(&self) -> String {
        if self.version.is_empty() {
            self.name.clone()
        } else {
            format!("{} {}", self.name, self.version)
        }
    }
}

/// Why a result is a failure: the engine disagreed with the rules, or the engine itself went
/// wrong. Views keep the two apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Failure {
    /// The engine answered, and the answer disagrees with the rules (`failed`).
    Rules,
    /// The engine crashed, hung or spoke nonsense, or the case could not run (`errored`).
    Engine,
}

impl Failure {
    /// The name used in reports: `rules` or `engine`.
    pub fn name(self) -> &'static str {
        match self {
            Failure::Rules => "rules",
            Failure::Engine => "engine",
        }
    }

    /// The kind of failure a verdict implies when the report does not say: `failed` is a
    /// disagreement with the rules, `errored` an engine failure.
    pub fn of(verdict: Verdict) -> Option<Failure> {
        match verdict {
            Verdict::Failed => Some(Failure::Rules),
            Verdict::Errored => Some(Failure::Engine),
            Verdict::Passed | Verdict::Skipped => None,
        }
    }
}

/// What a baseline says about a result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaselineMark {
    /// The baseline lists the case as a known failure of the engine, for this reason.
    ExpectedFailure {
        /// The baseline entry's reason.
        reason: String,
    },
}

/// The result of one case under one ruleset.
///
/// `Default` is a passed result with every field empty, for filling in with
/// `..ResultEvent::default()`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ResultEvent {
    /// The case id.
    pub case: String,
    /// The test name (`<case id>` or `<case id>@<ruleset>`).
    #[serde(default, deserialize_with = "null_as_default")]
    pub name: String,
    /// The ruleset, written in full (`russian@fmjd64`).
    pub ruleset: String,
    /// The case file.
    #[serde(default, deserialize_with = "null_as_default")]
    pub file: String,
    /// The clause ids the case cites.
    #[serde(default, deserialize_with = "null_as_default")]
    pub clauses: Vec<String>,
    /// How it ended.
    #[serde(rename = "status")]
    pub verdict: Verdict,
    /// Why it failed, was skipped or errored.
    #[serde(default, deserialize_with = "null_as_default")]
    pub message: String,
    /// What the failed expectations expected.
    #[serde(default)]
    pub expected: Value,
    /// What the engine answered to them.
    #[serde(default)]
    pub actual: Value,
    /// For the failed move-list expectations (`legal`, `legal_includes`, `permitted`), by
    /// expectation: the moves on one side only, as the runner found them. Written only when
    /// there is one (reports before it have none).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub difference: BTreeMap<String, MoveDifference>,
    /// The case's starting position as written (to reproduce it).
    pub position: Option<String>,
    /// The case's history moves.
    #[serde(default, deserialize_with = "null_as_default")]
    pub moves: Vec<String>,
    /// The position concerned drawn as a board (terminal view only; not written).
    #[serde(skip)]
    pub board: Option<String>,
    /// The FEN of that position.
    pub fen: Option<String>,
    /// A session case's steps, as JSON objects with the keys the case file uses.
    #[serde(default, deserialize_with = "null_as_default")]
    pub steps: Vec<Value>,
    /// The engine's standard error captured around a failure.
    pub stderr: Option<String>,
    /// A one-line shell command reproducing this result.
    pub reproduce: Option<String>,
    /// Whether a failure is a disagreement with the rules or an engine failure; `None` when
    /// the result is not a failure (or a report did not say: see
    /// [`ResultEvent::failure_kind`]).
    pub failure: Option<Failure>,
    /// What the run's baseline says about this case: written as two keys, `baseline`
    /// (`"expected-failure"` or null) and `baseline_reason`.
    #[serde(flatten, with = "baseline_keys")]
    pub baseline: Option<BaselineMark>,
}

impl Default for ResultEvent {
    fn default() -> ResultEvent {
        ResultEvent {
            case: String::new(),
            name: String::new(),
            ruleset: String::new(),
            file: String::new(),
            clauses: Vec::new(),
            verdict: Verdict::Passed,
            message: String::new(),
            expected: Value::Null,
            actual: Value::Null,
            difference: BTreeMap::new(),
            position: None,
            moves: Vec::new(),
            board: None,
            fen: None,
            steps: Vec::new(),
            stderr: None,
            reproduce: None,
            failure: None,
            baseline: None,
        }
    }
}

impl ResultEvent {
    /// Failed or errored.
    pub fn is_failure(&self) -> bool {
        matches!(self.verdict, Verdict::Failed | Verdict::Errored)
    }

    /// The kind of failure: the one recorded, else the one the verdict implies; `None` for a
    /// passed or skipped result.
    pub fn failure_kind(&self) -> Option<Failure> {
        if !self.is_failure() {
            return None;
        }
        self.failure.or_else(|| Failure::of(self.verdict))
    }

    /// The baseline's reason when it lists this case as a known failure.
    pub fn expected_failure(&self) -> Option<&str> {
        match &self.baseline {
            Some(BaselineMark::ExpectedFailure { reason }) => Some(reason),
            None => None,
        }
    }

    /// The recorded reproduce command, else an `arbiter run` command line selecting this case
    /// and ruleset (with `--engine` when the engine was started by `engine_command`).
    pub fn reproduce_command(&self, engine_command: Option<&str>) -> String {
        if let Some(cmd) = self.reproduce.as_deref().filter(|c| !c.trim().is_empty()) {
            return cmd.to_owned();
        }
        let mut words = vec!["arbiter".to_owned(), "run".to_owned()];
        if !self.file.is_empty() {
            words.push(shell_quote(&self.file));
        }
        words.push("--filter".to_owned());
        words.push(shell_quote(&self.case));
        if !self.ruleset.is_empty() {
            words.push("--ruleset".to_owned());
            words.push(shell_quote(&self.ruleset));
        }
        if let Some(cmd) = engine_command {
            words.push("--engine".to_owned());
            words.push(shell_quote(cmd));
        }
        words.join(" ")
    }
}

/// `text` as one POSIX shell word: unchanged when it has only safe characters, else in single
/// quotes.
///
/// ```
/// use arbiter::report::shell_quote;
/// assert_eq!(shell_quote("cases/russian.yaml"), "cases/russian.yaml");
/// assert_eq!(shell_quote("python3 it's.py"), "'python3 it'\\''s.py'");
/// ```
pub fn shell_quote(text: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "-_./@:=+,%".contains(c);
    if !text.is_empty() && text.chars().all(safe) {
        text.to_owned()
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
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
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
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
    #[serde(default, deserialize_with = "null_as_default")]
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

/// One event of a run; on the wire, one JSON object whose `type` is `header`, `result` or
/// `footer`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Event {
    /// The start of the run.
    Header(Header),
    /// One result.
    Result(Box<ResultEvent>),
    /// The end of the run.
    Footer(Footer),
}

impl Event {
    /// The event as one JSON object, as written to the JSON-lines report: the serde form
    /// of the event, its keys in alphabetical order (the order of a [`Value`] object).
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).expect("an event is plain data")
    }

    /// Reads an event back from its JSON object. Fields added after the first version of the
    /// report (`engine`, `steps`, `failure`, …) may be absent or null; unknown fields are
    /// ignored. The error names the field; [`crate::report::read_report`] adds the file and
    /// line.
    ///
    /// ```
    /// use arbiter::report::{Event, Footer};
    ///
    /// let footer = Event::Footer(Footer { passed: 3, failed: 1, skipped: 0, errored: 0, seconds: 0.5 });
    /// assert_eq!(Event::from_json(&footer.to_json()).unwrap(), footer);
    /// let err = Event::from_json(&serde_json::json!({"type": "result", "status": "passed"}));
    /// assert_eq!(err.unwrap_err().to_string(), "missing field `case`");
    /// ```
    pub fn from_json(value: &Value) -> Result<Event, ReportError> {
        match value {
            Value::Object(obj) if !obj.contains_key("type") => {
                return Err(ReportError::new("event without `type`"))
            }
            Value::Object(_) => {}
            other => {
                return Err(ReportError::new(format!(
                    "expected a JSON object, found {}",
                    kind_of(other)
                )))
            }
        }
        let mut event =
            Event::deserialize(value).map_err(|e| ReportError::new(naming_the_field(value, e)))?;
        if let Event::Result(r) = &mut event {
            if value.get("name").is_none_or(Value::is_null) {
                r.name = r.case.clone();
            }
        }
        Ok(event)
    }
}

/// A serde message about `event`, naming the field it is about (serde names a missing field,
/// but not one of the wrong type). An optional field is the one without which the event
/// reads or fails otherwise; a required one (whose absence fails too) is found as serde
/// reads the fields, in the object's order, stopping at the first wrong one: it is the last
/// of the shortest first part of the object (with its `type`) that fails with this message.
/// A field missing from the event itself is named by serde already.
fn naming_the_field(event: &Value, error: serde_json::Error) -> String {
    let message = error.to_string();
    let Some(obj) = event.as_object() else {
        return message;
    };
    let error_of = |part: &Map<String, Value>| {
        Event::deserialize(&Value::Object(part.clone()))
            .err()
            .map(|e| e.to_string())
    };
    let named = |key: &str| format!("`{key}`: {message}");
    for key in obj.keys().filter(|k| *k != "type") {
        let mut without = obj.clone();
        without.remove(key);
        match error_of(&without) {
            None => return named(key),
            Some(other) if other != message && other != format!("missing field `{key}`") => {
                return named(key)
            }
            Some(_) => {}
        }
    }
    if message.starts_with("missing field") {
        return message;
    }
    let mut part: Map<String, Value> = obj
        .iter()
        .filter(|(k, _)| *k == "type")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if error_of(&part).as_ref() == Some(&message) {
        return named("type");
    }
    for (key, value) in obj.iter().filter(|(k, _)| *k != "type") {
        part.insert(key.clone(), value.clone());
        if error_of(&part).as_ref() == Some(&message) {
            return named(key);
        }
    }
    message
}

/// A field written `null` or left out reads as its default (an empty list or text, zero).
fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A result's baseline mark on the wire: two keys, `baseline` (`"expected-failure"` or
/// null) and `baseline_reason` (the reason or null).
mod baseline_keys {
    use super::BaselineMark;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Kind {
        ExpectedFailure,
    }

    #[derive(Serialize, Deserialize)]
    struct Keys<'a> {
        #[serde(default)]
        baseline: Option<Kind>,
        #[serde(default, borrow)]
        baseline_reason: Option<std::borrow::Cow<'a, str>>,
    }

    pub fn serialize<S: Serializer>(mark: &Option<BaselineMark>, s: S) -> Result<S::Ok, S::Error> {
        match mark {
            Some(BaselineMark::ExpectedFailure { reason }) => Keys {
                baseline: Some(Kind::ExpectedFailure),
                baseline_reason: Some(reason.as_str().into()),
            },
            None => Keys {
                baseline: None,
                baseline_reason: None,
            },
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BaselineMark>, D::Error> {
        let keys = Keys::deserialize(d)?;
        Ok(keys
            .baseline
            .map(|Kind::ExpectedFailure| BaselineMark::ExpectedFailure {
                reason: keys.baseline_reason.map(Into::into).unwrap_or_default(),
            }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn full_result() -> ResultEvent {
        ResultEvent {
            case: "russian.capture.majority".into(),
            name: "russian.capture.majority@russian@fmjd64".into(),
            ruleset: "russian@fmjd64".into(),
            file: "cases/russian/capture.yaml".into(),
            clauses: vec!["d64.capture.majority".into()],
            verdict: Verdict::Failed,
            message: "legal: missing 9x27".into(),
            expected: json!({"legal": ["9x27"]}),
            actual: json!({"legal": []}),
            difference: BTreeMap::from([(
                "legal".to_owned(),
                MoveDifference {
                    only_expected: vec![crate::case::ListedMove {
                        text: "9x27".into(),
                        canonical: Some("9x27".into()),
                        route: vec!["9".into(), "18".into(), "27".into()],
                    }],
                    only_engine: Vec::new(),
                },
            )]),
            position: Some("W:W9:B13,22".into()),
            moves: vec!["9-13".into()],
            board: None,
            fen: Some("W:W9:B13,22".into()),
            steps: vec![json!({"touch": ["h2"]}), json!({"move": "h2e2"})],
            stderr: Some("Traceback …\n".into()),
            reproduce: Some("arbiter run cases/russian/capture.yaml".into()),
            failure: Some(Failure::Rules),
            baseline: Some(BaselineMark::ExpectedFailure {
                reason: "pydraughts does not enforce the majority".into(),
            }),
        }
    }

    #[test]
    fn every_event_reads_back_as_written() {
        let header = Event::Header(Header {
            arbiter: "0.1.0".into(),
            suite_commit: Some("3f2c".into()),
            started: "2025-01-31T12:00:05Z".into(),
            rulesets: vec!["russian@fmjd64".into()],
            engine: Some(EngineRecord {
                name: "pydraughts".into(),
                version: "0.6.7".into(),
                command: Some("python3 engine.py".into()),
                asked: vec!["legal moves: go perft 1".into()],
            }),
            baseline: Some("baseline.yaml".into()),
        });
        let result = Event::Result(Box::new(full_result()));
        let plain = Event::Result(Box::new(ResultEvent {
            case: "xiangqi.a".into(),
            name: "xiangqi.a".into(),
            ruleset: "xiangqi@cxa".into(),
            verdict: Verdict::Skipped,
            message: "the engine does not answer repetition".into(),
            ..ResultEvent::default()
        }));
        let footer = Event::Footer(Footer {
            passed: 1,
            failed: 2,
            skipped: 3,
            errored: 4,
            seconds: 0.25,
        });
        for event in [header, result, plain, footer] {
            let line = serde_json::to_string(&event.to_json()).unwrap();
            let back = Event::from_json(&serde_json::from_str(&line).unwrap()).unwrap();
            assert_eq!(back, event, "{line}");
        }
    }

    #[test]
    fn old_reports_without_the_new_fields_read() {
        let old = json!({"type":"result","case":"russian.start.seven-moves","ruleset":"russian@fmjd64",
            "clauses":["d64.movement.man-forward"],"status":"errored","message":"panic",
            "expected":null,"actual":null,"file":"cases/russian/start.yaml","position":null,"moves":[]});
        let Event::Result(r) = Event::from_json(&old).unwrap() else {
            panic!("not a result")
        };
        assert_eq!(r.name, "russian.start.seven-moves");
        assert_eq!(r.failure, None);
        assert_eq!(r.failure_kind(), Some(Failure::Engine));
        assert!(r.steps.is_empty() && r.stderr.is_none() && r.baseline.is_none());
        let header = json!({"type":"header","arbiter":"0.1.0","suite_commit":null,
            "started":"2025-01-31T12:00:05Z","rulesets":[]});
        let Event::Header(h) = Event::from_json(&header).unwrap() else {
            panic!("not a header")
        };
        assert_eq!(h.engine, None);
    }

    #[test]
    fn malformed_events_name_the_field() {
        let failed = |field: &str, value: Value| {
            let mut v = json!({"type": "result", "case": "a.b", "ruleset": "russian",
                "status": "failed"});
            v[field] = value;
            v
        };
        for (event, message) in [
            (json!([1]), "expected a JSON object, found a list"),
            (json!({"case": "a.b"}), "event without `type`"),
            (
                json!({"type": "result", "case": "a.b", "ruleset": "russian", "status": "ok"}),
                "`status`: unknown variant `ok`, expected one of `passed`, `failed`, `skipped`, `errored`",
            ),
            (
                json!({"type": "result", "case": "a.b", "status": "passed"}),
                "missing field `ruleset`",
            ),
            (
                failed("moves", json!("9-13")),
                "`moves`: invalid type: string \"9-13\", expected a sequence",
            ),
            (
                failed("failure", json!("judge")),
                "`failure`: unknown variant `judge`, expected `rules` or `engine`",
            ),
            (
                failed("baseline", json!("known")),
                "`baseline`: unknown variant `known`, expected `expected-failure`",
            ),
            (
                json!({"type": "footer", "passed": 1, "failed": -1}),
                "`failed`: invalid value: integer `-1`, expected usize",
            ),
            (
                json!({"type": "header", "arbiter": "0.1.0", "engine": {"version": "1"}}),
                "`engine`: missing field `name`",
            ),
            (
                json!({"type": "summary"}),
                "`type`: unknown variant `summary`, expected one of `header`, `result`, `footer`",
            ),
        ] {
            assert_eq!(
                Event::from_json(&event).unwrap_err().to_string(),
                message,
                "{event}"
            );
        }
    }

    #[test]
    fn failure_kind_follows_the_verdict_unless_recorded() {
        let mut r = ResultEvent {
            verdict: Verdict::Failed,
            ..ResultEvent::default()
        };
        assert_eq!(r.failure_kind(), Some(Failure::Rules));
        r.failure = Some(Failure::Engine);
        assert_eq!(r.failure_kind(), Some(Failure::Engine));
        r.verdict = Verdict::Passed;
        assert_eq!(r.failure_kind(), None);
    }

    #[test]
    fn reproduce_command_is_built_when_not_recorded() {
        let mut r = full_result();
        assert_eq!(
            r.reproduce_command(None),
            "arbiter run cases/russian/capture.yaml"
        );
        r.reproduce = None;
        assert_eq!(
            r.reproduce_command(Some("python3 my engine.py")),
            "arbiter run cases/russian/capture.yaml --filter russian.capture.majority \
             --ruleset russian@fmjd64 --engine 'python3 my engine.py'"
        );
    }
}
