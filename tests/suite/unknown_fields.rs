//! A field an engine leaves out of its answer means "unknown" (docs/protocol.md, "A missing
//! optional field in an engine's answer means \"unknown\", everywhere"): the expectations
//! that need it are skipped with a reason naming the field, never failed; an explicit `null`
//! still means none and is compared, and a wrong value fails. Each field is shown three
//! ways on a case the reference passes: left out, `null` (or absent where none is not an
//! answer), and wrong.

use crate::common::root;
use arbiter::case::{load_cases, Runner, Verdict};
use arbiter::engine::{Engine, ReferenceEngine};
use arbiter::protocol::wire::{parse_reply, reply_json};
use arbiter::protocol::{EngineInfo, Reply, Request};
use arbiter::rules_for;
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// The reference with its answers sent over the wire and one field of them, where it writes
/// it, edited on the way: left out (`to: None`) or set to a value.
struct Edited {
    inner: ReferenceEngine,
    /// The JSON pointer of the object holding the field, in the reply.
    object: &'static str,
    field: &'static str,
    to: Option<Value>,
}

impl Engine for Edited {
    fn info(&self) -> EngineInfo {
        self.inner.info()
    }

    fn run(&self, request: &Request) -> Reply {
        let mut json = reply_json(1, &self.inner.run(request));
        if let Some(Value::Object(object)) = json
            .pointer_mut(self.object)
            .filter(|o| o.get(self.field).is_some())
        {
            match &self.to {
                None => object.remove(self.field),
                Some(v) => object.insert(self.field.to_owned(), v.clone()),
            };
        }
        parse_reply(&json.to_string(), 1, request.query.kind()).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// The verdict and message of case `id` of `file` against the reference with `field` of the
/// object at `object` in its answers edited to `to` (`None`: left out).
fn run(
    file: &str,
    id: &str,
    object: &'static str,
    field: &'static str,
    to: Option<Value>,
) -> (Verdict, String) {
    let engine = Edited {
        inner: ReferenceEngine::new(),
        object,
        field,
        to,
    };
    run_against(file, id, Box::new(engine))
}

/// The verdict and message of case `id` of `file` against `engine`.
fn run_against(file: &str, id: &str, engine: Box<dyn Engine>) -> (Verdict, String) {
    let suite = load_cases(&[root().join(file)]).unwrap_or_else(|e| panic!("{e}"));
    let (_, case) = suite
        .cases()
        .find(|(_, c)| c.id == id)
        .unwrap_or_else(|| panic!("no case {id}"));
    let r = Runner::new(engine, Arc::new(rules_for)).run(case, &case.rulesets[0]);
    (r.verdict, r.message)
}

/// Left out: skipped with `reason`; each of `wrong` (an explicit `null` among them where it
/// means none): failed with `failure`.
fn unknown_when_left_out(
    file: &str,
    id: &str,
    object: &'static str,
    field: &'static str,
    reason: &str,
    wrong: &[(Value, &str)],
) {
    let (verdict, message) = run(file, id, object, field, None);
    assert_eq!(
        verdict,
        Verdict::Skipped,
        "{id}, {field} left out: {message}"
    );
    assert!(
        message.contains(reason),
        "{id}, {field} left out: {message}"
    );
    for (value, failure) in wrong {
        let (verdict, message) = run(file, id, object, field, Some(value.clone()));
        assert_eq!(
            verdict,
            Verdict::Failed,
            "{id}, {field}: {value}: {message}"
        );
        assert!(
            message.contains(failure),
            "{id}, {field}: {value}: {message}"
        );
    }
}

#[test]
fn a_claim_answer_without_its_penalty_skips_the_claim() {
    unknown_when_left_out(
        "cases/xiangqi/draws.yaml",
        "xiangqi.draw.sixty-move-119-plies",
        "",
        "penalty_seconds",
        "the engine does not report the claim's `penalty_seconds`",
        &[
            (Value::Null, "penalty none, expected 300 s"),
            (60.into(), "penalty 60 s, expected 300 s"),
        ],
    );
}

#[test]
fn a_session_claim_without_its_penalty_skips_the_claim() {
    unknown_when_left_out(
        "cases/xiangqi/session.yaml",
        "xiangqi.session.false-sixty-move-claim-penalised",
        "/claim",
        "penalty_seconds",
        "the engine does not report the claim's `penalty_seconds`",
        &[
            (Value::Null, "penalty none, expected 300 s"),
            (60.into(), "penalty 60 s, expected 300 s"),
        ],
    );
}

#[test]
fn a_side_left_out_of_the_violations_skips_its_count() {
    unknown_when_left_out(
        "cases/xiangqi/violations.yaml",
        "xiangqi.violation.exposing-general-is-a-violation-not-a-loss",
        "/violations",
        "red",
        "the engine does not report red's violations",
        &[(2.into(), "red has 2 violation(s), expected 1")],
    );
}

#[test]
fn a_side_left_out_of_the_clock_skips_its_clock() {
    unknown_when_left_out(
        "cases/xiangqi/clock.yaml",
        "xiangqi.clock.national-period-two-after-forty-in-ninety-minutes",
        "/clock/sides",
        "red",
        "the engine does not report red's clock",
        &[(
            serde_json::json!({"used": 5430, "remaining": 1770, "moves": 41, "period": 2,
                "quota": 20, "bank": null, "time_trouble": false}),
            "red moves 41, expected 40",
        )],
    );
}

#[test]
fn a_period_or_quota_left_out_of_a_clock_side_skips_it() {
    for (field, reason, wrong) in [
        (
            "period",
            "the engine does not report red's clock `period`",
            [
                (Value::Null, "red period none, expected 2"),
                (3.into(), "red period 3, expected 2"),
            ],
        ),
        (
            "quota",
            "the engine does not report red's clock `quota`",
            [
                (Value::Null, "red quota none, expected 20"),
                (19.into(), "red quota 19, expected 20"),
            ],
        ),
    ] {
        unknown_when_left_out(
            "cases/xiangqi/clock.yaml",
            "xiangqi.clock.national-period-two-after-forty-in-ninety-minutes",
            "/clock/sides/red",
            field,
            reason,
            &wrong,
        );
    }
}

#[test]
fn a_bank_left_out_of_a_clock_side_skips_it() {
    unknown_when_left_out(
        "cases/xiangqi/clock.yaml",
        "xiangqi.clock.per-move-bank-spent-then-a-long-move-loses",
        "/clock/sides/black",
        "bank",
        "the engine does not report black's clock `bank`",
        &[
            (Value::Null, "black bank none, expected 0:30:00"),
            (60.into(), "black bank 0:01:00, expected 0:30:00"),
        ],
    );
}

#[test]
fn a_flag_without_its_reporter_skips_the_reporter() {
    unknown_when_left_out(
        "cases/xiangqi/timing-flags.yaml",
        "xiangqi.clock.a-fallen-indicator-reported-decides",
        "/clock/flag",
        "reported_by",
        "the engine does not report the flag's `reported_by`",
        &[
            (
                Value::Null,
                "the flag was not reported, expected reported by black",
            ),
            ("red".into(), "the flag reported by red, expected by black"),
        ],
    );
}

/// The reference, keeping the `clock.flag` of each of its answers as it writes it on the
/// wire.
struct FlagsSeen {
    inner: ReferenceEngine,
    seen: Arc<Mutex<Vec<Value>>>,
}

impl Engine for FlagsSeen {
    fn info(&self) -> EngineInfo {
        self.inner.info()
    }

    fn run(&self, request: &Request) -> Reply {
        let reply = self.inner.run(request);
        if let Some(flag) = reply_json(1, &reply).pointer("/clock/flag") {
            self.seen.lock().unwrap().push(flag.clone());
        }
        reply
    }
}

#[test]
fn the_reference_writes_a_flag_nobody_reported_with_a_null_reporter() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let engine = FlagsSeen {
        inner: ReferenceEngine::new(),
        seen: Arc::clone(&seen),
    };
    let (verdict, message) = run_against(
        "cases/xiangqi/clock.yaml",
        "xiangqi.clock.quota-not-met-when-the-period-ends-loses",
        Box::new(engine),
    );
    assert_eq!(verdict, Verdict::Passed, "{message}");
    let seen = seen.lock().unwrap();
    let flag = seen
        .iter()
        .find(|f| f.is_object())
        .unwrap_or_else(|| panic!("no flag in {seen:?}"));
    assert_eq!(flag.get("reported_by"), Some(&Value::Null), "{flag}");
}
