//! The engine harness against engines with planted faults (`tests/fixtures/engines/
//! faulty.py`, a proxy to `arbiter engine` that misbehaves on purpose): each fault is
//! reported as the right kind of failure, the run goes on after it, and an engine that
//! answers only some queries passes only the cases those queries decide.

use arbiter::case::{load_cases, planned_runs, Runner, Selection, Verdict};
use arbiter::engine::{Engine, ProcessEngine, ProcessOptions};
use arbiter::protocol::{Answer, FailureKind, Query, Reply, Request};
use arbiter::rules_for;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

fn command(fault: &str) -> String {
    format!(
        "env ARBITER_BIN={} python3 {} {fault}",
        env!("CARGO_BIN_EXE_arbiter"),
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/engines/faulty.py")
            .display()
    )
}

fn options() -> ProcessOptions {
    ProcessOptions {
        timeout: Duration::from_millis(1500),
        start_timeout: Duration::from_secs(20),
        restarts: 2,
    }
}

fn start(fault: &str) -> ProcessEngine {
    ProcessEngine::start(&command(fault), options()).unwrap_or_else(|e| panic!("{e}"))
}

fn legal() -> Request {
    Request::new("russian".parse().unwrap(), Query::Legal)
}

fn failure(reply: Reply) -> arbiter::protocol::EngineFailure {
    match reply {
        Reply::Failed(f) => f,
        other => panic!("expected a failure, got {other:?}"),
    }
}

#[test]
fn an_honest_engine_answers() {
    let engine = start("honest");
    assert_eq!(engine.info().name, "faulty-honest");
    let Reply::Answer(Answer::Moves(moves)) = engine.run(&legal()) else {
        panic!("no moves")
    };
    assert_eq!(moves.len(), 7);
    assert_eq!(engine.command().unwrap(), command("honest"));
}

#[test]
fn an_engine_that_dies_on_start_is_refused_with_its_stderr() {
    let e = ProcessEngine::start(&command("die-on-start"), options())
        .err()
        .expect("it must not start");
    assert!(e.message.contains("exited with status 7"), "{e}");
    assert!(
        e.stderr
            .as_deref()
            .unwrap_or("")
            .contains("cannot load my opening book"),
        "{e}"
    );
}

#[test]
fn another_protocol_version_is_refused() {
    let e = ProcessEngine::start(&command("version2"), options())
        .err()
        .expect("it must not start");
    assert!(e.message.contains("protocol version 2"), "{e}");
}

#[test]
fn a_missing_program_is_refused() {
    let e = ProcessEngine::start("/nonexistent/engine --fast", options())
        .err()
        .expect("it must not start");
    assert!(
        e.message.contains("cannot start '/nonexistent/engine'"),
        "{e}"
    );
}

#[test]
fn a_crash_is_reported_with_stderr_and_the_engine_restarts() {
    let dir = std::env::temp_dir().join(format!("arbiter-crash-once-{}", std::process::id()));
    let _ = std::fs::remove_file(&dir);
    let engine = start(&format!("crash-once 2 {}", dir.display()));
    assert!(matches!(engine.run(&legal()), Reply::Answer(_)));
    let f = failure(engine.run(&legal()));
    assert_eq!(f.kind, FailureKind::Crashed, "{f}");
    assert!(f.message.contains("exited with status 3"), "{f}");
    assert!(
        f.stderr
            .as_deref()
            .unwrap_or("")
            .contains("segmentation fault"),
        "{f:?}"
    );
    // The next request restarts the engine and is answered.
    assert!(matches!(engine.run(&legal()), Reply::Answer(_)));
    assert_eq!(engine.restarts(), 1);
    let _ = std::fs::remove_file(&dir);
}

#[test]
fn an_engine_that_keeps_crashing_is_given_up() {
    let engine = start("crash 1");
    let mut kinds = Vec::new();
    for _ in 0..5 {
        kinds.push(failure(engine.run(&legal())).kind);
    }
    // The first crash, then two restarts that crash again, then given up.
    assert_eq!(
        kinds,
        [
            FailureKind::Crashed,
            FailureKind::Crashed,
            FailureKind::Crashed,
            FailureKind::GivenUp,
            FailureKind::GivenUp
        ]
    );
}

#[test]
fn a_hang_is_a_timeout() {
    let engine = start("hang 2");
    assert!(matches!(engine.run(&legal()), Reply::Answer(_)));
    let f = failure(engine.run(&legal()));
    assert_eq!(f.kind, FailureKind::Hung, "{f}");
    assert!(
        f.message.contains("no reply to seq 2 (legal) within 1.5 s"),
        "{f}"
    );
    assert!(
        f.stderr
            .as_deref()
            .unwrap_or("")
            .contains("thinking forever"),
        "{f:?}"
    );
    assert!(matches!(engine.run(&legal()), Reply::Answer(_)));
}

#[test]
fn garbage_wrong_seq_and_extra_answers_are_nonsense() {
    let engine = start("garbage 1");
    let f = failure(engine.run(&legal()));
    assert_eq!(f.kind, FailureKind::Nonsense);
    assert!(f.message.contains("bestmove e2e4"), "{f}");

    let engine = start("wrong-seq 1");
    let f = failure(engine.run(&legal()));
    assert_eq!(f.kind, FailureKind::Nonsense);
    assert!(f.message.contains("for seq 1001, expected seq 1"), "{f}");

    let engine = start("extra 1");
    assert!(matches!(engine.run(&legal()), Reply::Answer(_)));
    // Give the second answer time to arrive before the next request.
    std::thread::sleep(Duration::from_millis(200));
    let f = failure(engine.run(&legal()));
    assert_eq!(f.kind, FailureKind::Nonsense);
    assert!(f.message.contains("extra line"), "{f}");
}

/// Runs the whole suite against an engine; returns (case id, ruleset, verdict, message).
fn run_suite(engine: Box<dyn Engine>) -> Vec<(String, String, Verdict, String, Vec<&'static str>)> {
    let suite = load_cases(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("cases")])
        .unwrap_or_else(|e| panic!("{e:?}"));
    let runs = planned_runs(&suite, &Selection::default());
    let runner = Runner::new(engine, Arc::new(rules_for));
    runs.iter()
        .map(|r| {
            let result = runner.run(r.case, r.ruleset);
            (
                r.case.id.clone(),
                r.ruleset.to_string(),
                result.verdict,
                result.message,
                expectation_keys(r.case),
            )
        })
        .collect()
}

/// The expectation keys a case uses, and `steps` when it has some.
fn expectation_keys(case: &arbiter::case::Case) -> Vec<&'static str> {
    let e = &case.expect;
    [
        ("legal", e.legal.is_some()),
        ("legal_includes", e.legal_includes.is_some()),
        ("legal_count", e.legal_count.is_some()),
        ("illegal", e.illegal.is_some()),
        ("perft", e.perft.is_some()),
        ("fen", e.fen.is_some()),
        ("outcome", e.outcome.is_some()),
        ("check", e.check.is_some()),
        ("rejected", e.rejected.is_some()),
        ("claims", e.claims.is_some()),
        ("claim", e.claim.is_some()),
        ("counters", e.counters.is_some()),
        ("draw_offer", e.draw_offer.is_some()),
        ("repetition", e.repetition.is_some()),
        ("permitted", e.permitted.is_some()),
        ("violations", e.violations.is_some()),
        ("offer", e.offer.is_some()),
        ("standings", e.standings.is_some()),
        ("colours", e.colours.is_some()),
        ("steps", case.steps.is_some()),
    ]
    .into_iter()
    .filter(|(_, used)| *used)
    .map(|(k, _)| k)
    .collect()
}

const LEGAL_ONLY: [&str; 3] = ["legal", "legal_includes", "legal_count"];

/// The runner never answers for the engine: an engine that answers only `legal` passes
/// exactly the cases decided by its legal moves; every other case is skipped (it does not
/// list the queries) or errored (it lists them but fails them), never passed.
#[test]
fn a_stub_engine_passes_only_what_it_answers() {
    for fault in ["legal-only", "claims-all"] {
        let results = run_suite(Box::new(start(fault)));
        let mut passed = 0;
        for (id, ruleset, verdict, message, keys) in &results {
            let decided_by_legal = keys.iter().all(|k| LEGAL_ONLY.contains(k));
            match verdict {
                Verdict::Passed => {
                    passed += 1;
                    assert!(
                        decided_by_legal,
                        "{fault}: {id}@{ruleset} passed but needs {keys:?}"
                    );
                }
                Verdict::Failed => panic!("{fault}: {id}@{ruleset} failed: {message}"),
                Verdict::Skipped if fault == "legal-only" => assert!(
                    !decided_by_legal || message.contains("uses clock"),
                    "{id}: {message}"
                ),
                Verdict::Errored if fault == "claims-all" => assert!(
                    message.contains("only legal is implemented"),
                    "{id}: {message}"
                ),
                other => panic!("{fault}: {id}@{ruleset} {other:?}: {message}"),
            }
        }
        let legal_cases = results
            .iter()
            .filter(|r| r.4.iter().all(|k| LEGAL_ONLY.contains(k)) && !r.4.is_empty())
            .count();
        assert!(passed > 50, "{fault}: only {passed} passed");
        assert!(passed <= legal_cases, "{fault}: {passed} > {legal_cases}");
        // Repetition, draw offers and sessions are never passed by such an engine.
        for (id, _, verdict, _, keys) in &results {
            if keys
                .iter()
                .any(|k| ["repetition", "draw_offer", "steps", "permitted"].contains(k))
            {
                assert_ne!(*verdict, Verdict::Passed, "{fault}: {id}");
            }
        }
    }
}

/// An engine that drops a legal move disagrees with the rules: failed, not errored.
#[test]
fn a_lying_engine_fails_cases_and_does_not_error() {
    let results = run_suite(Box::new(start("lie")));
    let failed: Vec<_> = results.iter().filter(|r| r.2 == Verdict::Failed).collect();
    assert!(failed.len() > 20, "only {} failed", failed.len());
    assert!(results.iter().all(|r| r.2 != Verdict::Errored));
    assert!(failed
        .iter()
        .any(|r| r.3.contains("legal: missing") || r.3.contains("legal_count")));
}
