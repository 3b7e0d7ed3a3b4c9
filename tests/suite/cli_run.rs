//! The `arbiter run` and `arbiter spec` commands, run as a user would: exit codes, messages,
//! report files.

use crate::common::{arbiter, code, stderr, stdout, temp_dir};

const SPEC: &str = "tests/fixtures/spec";

#[test]
fn run_exits_2_when_case_files_are_malformed_and_names_each() {
    let out = arbiter(&["run", "tests/fixtures/broken/cases", "--spec", SPEC]);
    assert_eq!(code(&out), 2);
    let err = stderr(&out);
    assert!(
        err.contains("tests/fixtures/broken/cases/wrong-type.yaml:5:18: [0].expect.legal_count"),
        "{err}"
    );
    assert!(err.contains("unknown-field.yaml:5:5"), "{err}");
    assert!(err.contains("5 file(s) could not be loaded"), "{err}");
}

#[test]
fn run_exits_2_when_the_catalog_is_malformed_or_missing() {
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases",
        "--spec",
        "tests/fixtures/broken/spec",
    ]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("missing-field.yaml"));
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases",
        "--spec",
        "tests/fixtures/nowhere",
    ]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("nowhere"), "{}", stderr(&out));
}

#[test]
fn run_exits_2_on_lint_problems() {
    let out = arbiter(&[
        "run",
        "tests/fixtures/lint/cases",
        "--spec",
        "tests/fixtures/lint/spec",
    ]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("problems.yaml:13: case 'lint.unknown-clause'"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn run_exits_2_on_bad_arguments() {
    let out = arbiter(&["run", "--ruleset", "checkers", "--spec", SPEC]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("unknown game 'checkers'"),
        "{}",
        stderr(&out)
    );
    assert_eq!(code(&arbiter(&["run", "--no-such-flag"])), 2);
}

#[test]
fn run_help_documents_the_exit_codes() {
    let out = arbiter(&["run", "--help"]);
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    assert!(
        help.contains("Exit codes:") && help.contains("2  could not run"),
        "{help}"
    );
}

/// Skipped cases need no rules: the report format is checked on them.
#[test]
fn run_writes_the_json_lines_report_and_junit_for_skipped_cases() {
    let dir = temp_dir("cli-run-skipped");
    let report = dir.join("report.jsonl");
    let junit = dir.join("junit.xml");
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases",
        "--spec",
        SPEC,
        "--filter",
        "*reserved*",
        "--report",
        report.to_str().unwrap(),
        "--junit",
        junit.to_str().unwrap(),
    ]);
    // Nothing was checked: exit 2 (tests/suite/nothing_checked.rs), the reports written.
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stdout(&out).contains("0 passed, 0 failed, 1 skipped, 0 errored"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&report).unwrap();
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0]["type"], "header");
    assert_eq!(lines[0]["arbiter"], env!("CARGO_PKG_VERSION"));
    assert!(lines[0]["started"].as_str().unwrap().ends_with('Z'));
    assert!(lines[0]["suite_commit"].is_string() || lines[0]["suite_commit"].is_null());
    assert_eq!(lines[0]["rulesets"], serde_json::json!(["xiangqi@cxa"]));
    assert_eq!(lines[1]["type"], "result");
    assert_eq!(lines[1]["case"], "fixture.xiangqi.reserved-skipped");
    assert_eq!(lines[1]["status"], "skipped");
    assert_eq!(
        lines[1]["message"],
        "uses clock without a `clock:` key naming the time control, so there is no clock to check"
    );
    assert_eq!(
        lines[1]["clauses"],
        serde_json::json!(["xq.repetition.cxa-only"])
    );
    assert_eq!(lines[2]["type"], "footer");
    assert_eq!(lines[2]["skipped"], 1);
    assert!(!dir.join("report.jsonl.partial").exists());
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<testcase name=\"fixture.xiangqi.reserved-skipped\""),
        "{xml}"
    );
    assert!(
        xml.contains("<skipped message=\"uses clock without a `clock:` key naming the time control, so there is no clock to check\"/>"),
        "{xml}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn spec_lint_exits_0_1_2() {
    let clean = arbiter(&[
        "spec",
        "lint",
        "--spec",
        SPEC,
        "--cases",
        "tests/fixtures/cases",
    ]);
    assert_eq!(code(&clean), 0, "{}", stdout(&clean));
    let dirty = arbiter(&[
        "spec",
        "lint",
        "--spec",
        "tests/fixtures/lint/spec",
        "--cases",
        "tests/fixtures/lint/cases",
    ]);
    assert_eq!(code(&dirty), 1);
    assert!(
        stdout(&dirty).contains("tests/fixtures/lint/spec/xiangqi.yaml:26: "),
        "{}",
        stdout(&dirty)
    );
    let broken = arbiter(&[
        "spec",
        "lint",
        "--spec",
        "tests/fixtures/broken/spec",
        "--cases",
        "tests/fixtures/broken/cases",
    ]);
    assert_eq!(code(&broken), 2);
    // Both the catalogs and the cases are reported.
    assert!(
        stderr(&broken).contains("10 file(s) could not be loaded"),
        "{}",
        stderr(&broken)
    );
}

#[test]
fn spec_coverage_prints_text_and_json() {
    let out = arbiter(&[
        "spec",
        "coverage",
        "--spec",
        SPEC,
        "--cases",
        "tests/fixtures/cases/pass",
    ]);
    assert_eq!(code(&out), 0);
    assert!(
        stdout(&out).contains("executable clauses without a case (1):\n  d64.capture.compulsory"),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&[
        "spec",
        "coverage",
        "--format",
        "json",
        "--spec",
        SPEC,
        "--cases",
        "tests/fixtures/cases/pass",
    ]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["total"]["executable"], 4);
    assert_eq!(json["total"]["covered"], 3);
}

#[test]
fn run_exits_0_when_every_case_passes() {
    let dir = temp_dir("cli-run-pass");
    let report = dir.join("report.jsonl");
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases/pass",
        "--spec",
        SPEC,
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}\n{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("3 passed, 0 failed, 1 skipped, 0 errored"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(text.lines().last().unwrap().contains("\"type\":\"footer\""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_exits_1_when_a_case_fails_and_shows_why() {
    let dir = temp_dir("cli-run-fail");
    let junit = dir.join("junit.xml");
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases/fail",
        "--spec",
        SPEC,
        "--junit",
        junit.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1, "{}\n{}", stdout(&out), stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("FAILED fixture.russian.wrong-count"),
        "{text}"
    );
    assert!(text.contains("7 legal moves, expected 8"), "{text}");
    assert!(text.contains("d64.movement.man-forward"), "{text}");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("<failure message=\"legal_count: 7 legal moves, expected 8"),
        "{xml}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn run_fail_fast_stops_at_the_first_failure() {
    let out = arbiter(&["run", "tests/fixtures/cases", "--spec", SPEC, "--fail-fast"]);
    assert_eq!(code(&out), 1);
    // fail/ sorts before pass/: only the failing case ran.
    assert!(
        stdout(&out).contains("0 passed, 1 failed, 0 skipped, 0 errored"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_junit_path_in_a_missing_directory_is_refused_before_running() {
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases/pass",
        "--spec",
        SPEC,
        "--junit",
        "/nonexistent-arbiter-dir/junit.xml",
    ]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("cannot write JUnit report /nonexistent-arbiter-dir/junit.xml"),
        "{}",
        stderr(&out)
    );
    // Nothing ran: no summary was printed.
    assert!(!stdout(&out).contains("passed"), "{}", stdout(&out));
}
