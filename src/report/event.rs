//! The events of a run, and their JSON form.

use super::ReportError;
use crate::case::Verdict;
use serde_json::{json, Map, Value};

/// The first event: what ran, on which suite, when.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Header {
    /// The arbiter version.
    pub arbiter: String,
    /// The git commit of the suite, if known.
    pub suite_commit: Option<String>,
    /// When the run started, RFC 3339 in UTC.
    pub started: String,
    /// The rulesets the run covers.
    pub rulesets: Vec<String>,
    /// The engine under test; `None` in reports written before engines were named (those
    /// checked the built-in reference).
    pub engine: Option<EngineRecord>,
    /// The baseline file the run was judged against, if any.
    pub baseline: Option<String>,
}

/// The engine a run checked.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EngineRecord {
    /// Its name, as it reports it.
    pub name: String,
    /// Its version, as it reports it.
    pub version: String,
    /// The command that started it; `None` for the built-in reference.
    pub command: Option<String>,
    /// For an engine behind a built-in adapter (UCI, UCCI, XBoard): what its start-up
    /// probes found and how each kind of question was put to it, one line each
    /// ([`crate::engine::Engine::asked`]); empty for a protocol engine and in older reports.
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    fn from_name(name: &str) -> Option<Failure> {
        match name {
            "rules" => Some(Failure::Rules),
            "engine" => Some(Failure::Engine),
            _ => None,
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
    /// A session case's steps, as JSON objects with the keys the case file uses.
    pub steps: Vec<Value>,
    /// The engine's standard error captured around a failure.
    pub stderr: Option<String>,
    /// A one-line shell command reproducing this result.
    pub reproduce: Option<String>,
    /// Whether a failure is a disagreement with the rules or an engine failure; `None` when
    /// the result is not a failure (or a report did not say: see
    /// [`ResultEvent::failure_kind`]).
    pub failure: Option<Failure>,
    /// What the run's baseline says about this case.
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
                "engine": h.engine.as_ref().map(|e| {
                    let mut engine = json!({
                        "name": e.name,
                        "version": e.version,
                        "command": e.command,
                    });
                    // Written only when there is something to say, so a protocol engine's
                    // and the reference's headers stay as they were.
                    if !e.asked.is_empty() {
                        engine["asked"] = json!(e.asked);
                    }
                    engine
                }),
                "baseline": h.baseline,
            }),
            Event::Result(r) => json!({
                "type": "result",
                "case": r.case,
                "name": r.name,
                "ruleset": r.ruleset,
                "clauses": r.clauses,
                "status": r.verdict.name(),
                "message": r.message,
                "expected": r.expected,
                "actual": r.actual,
                "file": r.file,
                "position": r.position,
                "moves": r.moves,
                "fen": r.fen,
                "steps": r.steps,
                "stderr": r.stderr,
                "reproduce": r.reproduce,
                "failure": r.failure.map(Failure::name),
                "baseline": r.baseline.as_ref().map(|_| "expected-failure"),
                "baseline_reason": r.expected_failure(),
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

    /// Reads an event back from its JSON object. Fields added after the first version of the
    /// report (`engine`, `steps`, `failure`, …) may be absent; unknown fields are ignored.
    /// The error names the field; [`crate::report::read_report`] adds the file and line.
    ///
    /// ```
    /// use arbiter::report::{Event, Footer};
    ///
    /// let footer = Event::Footer(Footer { passed: 3, failed: 1, skipped: 0, errored: 0, seconds: 0.5 });
    /// assert_eq!(Event::from_json(&footer.to_json()).unwrap(), footer);
    /// let err = Event::from_json(&serde_json::json!({"type": "result", "status": "passed"}));
    /// assert_eq!(err.unwrap_err().to_string(), "result without `case`");
    /// ```
    pub fn from_json(value: &Value) -> Result<Event, ReportError> {
        let Some(obj) = value.as_object() else {
            return Err(ReportError::new(format!(
                "expected a JSON object, found {}",
                kind_of(value)
            )));
        };
        let kind = match obj.get("type") {
            None => return Err(ReportError::new("event without `type`")),
            Some(Value::String(s)) => s.as_str(),
            Some(other) => {
                return Err(ReportError::new(format!(
                    "`type`: expected a string, found {}",
                    kind_of(other)
                )))
            }
        };
        let f = Fields { obj, event: kind };
        match kind {
            "header" => Ok(Event::Header(Header {
                arbiter: f.string("arbiter")?,
                suite_commit: f.opt_string("suite_commit")?,
                started: f.opt_string("started")?.unwrap_or_default(),
                rulesets: f.strings("rulesets")?,
                engine: f.engine()?,
                baseline: f.opt_string("baseline")?,
            })),
            "result" => {
                let case = f.string("case")?;
                let status = f.string("status")?;
                let verdict = verdict_from_name(&status).ok_or_else(|| {
                    ReportError::new(format!(
                        "`status`: expected passed, failed, skipped or errored, found \"{status}\""
                    ))
                })?;
                let failure = match f.opt_string("failure")? {
                    None => None,
                    Some(name) => Some(Failure::from_name(&name).ok_or_else(|| {
                        ReportError::new(format!(
                            "`failure`: expected \"rules\", \"engine\" or null, found \"{name}\""
                        ))
                    })?),
                };
                let baseline = match f.opt_string("baseline")?.as_deref() {
                    None => None,
                    Some("expected-failure") => Some(BaselineMark::ExpectedFailure {
                        reason: f.opt_string("baseline_reason")?.unwrap_or_default(),
                    }),
                    Some(other) => {
                        return Err(ReportError::new(format!(
                            "`baseline`: expected \"expected-failure\" or null, found \"{other}\""
                        )))
                    }
                };
                let steps = match obj.get("steps") {
                    None | Some(Value::Null) => Vec::new(),
                    Some(Value::Array(steps)) => steps.clone(),
                    Some(other) => {
                        return Err(ReportError::new(format!(
                            "`steps`: expected a list, found {}",
                            kind_of(other)
                        )))
                    }
                };
                Ok(Event::Result(Box::new(ResultEvent {
                    name: f.opt_string("name")?.unwrap_or_else(|| case.clone()),
                    case,
                    ruleset: f.string("ruleset")?,
                    file: f.opt_string("file")?.unwrap_or_default(),
                    clauses: f.strings("clauses")?,
                    verdict,
                    message: f.opt_string("message")?.unwrap_or_default(),
                    expected: obj.get("expected").cloned().unwrap_or(Value::Null),
                    actual: obj.get("actual").cloned().unwrap_or(Value::Null),
                    position: f.opt_string("position")?,
                    moves: f.strings("moves")?,
                    board: None,
                    fen: f.opt_string("fen")?,
                    steps,
                    stderr: f.opt_string("stderr")?,
                    reproduce: f.opt_string("reproduce")?,
                    failure,
                    baseline,
                })))
            }
            "footer" => Ok(Event::Footer(Footer {
                passed: f.count("passed")?,
                failed: f.count("failed")?,
                skipped: f.count("skipped")?,
                errored: f.count("errored")?,
                seconds: match obj.get("seconds") {
                    None | Some(Value::Null) => 0.0,
                    Some(v) => v.as_f64().ok_or_else(|| {
                        ReportError::new(format!(
                            "`seconds`: expected a number, found {}",
                            kind_of(v)
                        ))
                    })?,
                },
            })),
            other => Err(ReportError::new(format!(
                "unknown event type \"{other}\" (expected header, result or footer)"
            ))),
        }
    }
}

/// The verdict named in reports (`passed`, `failed`, `skipped`, `errored`).
fn verdict_from_name(name: &str) -> Option<Verdict> {
    [
        Verdict::Passed,
        Verdict::Failed,
        Verdict::Skipped,
        Verdict::Errored,
    ]
    .into_iter()
    .find(|v| v.name() == name)
}

/// `a string`, `a number`, …: what a JSON value is, for messages.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// The fields of one event's object, read with messages naming the field.
struct Fields<'a> {
    obj: &'a Map<String, Value>,
    event: &'a str,
}

impl Fields<'_> {
    fn string(&self, key: &str) -> Result<String, ReportError> {
        self.opt_string(key)?
            .ok_or_else(|| ReportError::new(format!("{} without `{key}`", self.event)))
    }

    fn opt_string(&self, key: &str) -> Result<Option<String>, ReportError> {
        match self.obj.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(ReportError::new(format!(
                "`{key}`: expected a string, found {}",
                kind_of(other)
            ))),
        }
    }

    fn strings(&self, key: &str) -> Result<Vec<String>, ReportError> {
        let bad = |found: &Value| {
            ReportError::new(format!(
                "`{key}`: expected a list of strings, found {}",
                kind_of(found)
            ))
        };
        match self.obj.get(key) {
            None | Some(Value::Null) => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|item| item.as_str().map(str::to_owned).ok_or_else(|| bad(item)))
                .collect(),
            Some(other) => Err(bad(other)),
        }
    }

    fn count(&self, key: &str) -> Result<usize, ReportError> {
        match self.obj.get(key) {
            None => Err(ReportError::new(format!("{} without `{key}`", self.event))),
            Some(v) => v
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .ok_or_else(|| {
                    ReportError::new(format!(
                        "`{key}`: expected a count, found {}",
                        match v {
                            Value::Number(n) => format!("{n}"),
                            other => kind_of(other).to_owned(),
                        }
                    ))
                }),
        }
    }

    fn engine(&self) -> Result<Option<EngineRecord>, ReportError> {
        match self.obj.get("engine") {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Object(obj)) => {
                let f = Fields {
                    obj,
                    event: "engine",
                };
                Ok(Some(EngineRecord {
                    name: f.string("name")?,
                    version: f.opt_string("version")?.unwrap_or_default(),
                    command: f.opt_string("command")?,
                    asked: f.strings("asked")?,
                }))
            }
            Some(other) => Err(ReportError::new(format!(
                "`engine`: expected an object, found {}",
                kind_of(other)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let err = |v: Value| Event::from_json(&v).unwrap_err().to_string();
        assert_eq!(err(json!([1])), "expected a JSON object, found a list");
        assert_eq!(err(json!({"case": "a.b"})), "event without `type`");
        assert_eq!(
            err(json!({"type": "result", "case": "a.b", "ruleset": "russian", "status": "ok"})),
            "`status`: expected passed, failed, skipped or errored, found \"ok\""
        );
        assert_eq!(
            err(json!({"type": "result", "case": "a.b", "status": "passed"})),
            "result without `ruleset`"
        );
        assert_eq!(
            err(
                json!({"type": "result", "case": "a.b", "ruleset": "russian",
                "status": "failed", "moves": "9-13"})
            ),
            "`moves`: expected a list of strings, found a string"
        );
        assert_eq!(
            err(json!({"type": "footer", "passed": 1, "failed": -1})),
            "`failed`: expected a count, found -1"
        );
        assert_eq!(
            err(json!({"type": "header", "arbiter": "0.1.0", "engine": {"version": "1"}})),
            "engine without `name`"
        );
        assert_eq!(
            err(json!({"type": "summary"})),
            "unknown event type \"summary\" (expected header, result or footer)"
        );
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
