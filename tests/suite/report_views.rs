//! Reading reports back and `arbiter report`: views, truncated reports, exit codes.

use crate::common::{arbiter, code, failed_move_list_report, stderr, stdout, temp_dir};
use crate::report_fixtures::{self, engine_header};
use arbiter::case::Verdict;
use arbiter::report::{read_report, ResultEvent};
use serde_json::json;
use std::path::{Path, PathBuf};

const REPRODUCE: &str = "arbiter run cases/russian/capture.yaml --filter russian.capture.majority --ruleset russian@fmjd64 --engine 'python3 engine.py'";

fn result(case: &str, clause: &str, verdict: Verdict, message: &str) -> ResultEvent {
    report_fixtures::result(case, "russian@fmjd64", clause, verdict, message)
}

/// A run of an engine with one disagreement, one crash, one pass and two skips.
fn results() -> Vec<ResultEvent> {
    let mut wrong = result(
        "russian.capture.majority",
        "d64.capture.majority",
        Verdict::Failed,
        "legal: missing 9x27",
    );
    wrong.expected = json!({"legal": ["9x27"]});
    wrong.actual = json!({"legal": []});
    wrong.reproduce = Some(REPRODUCE.into());
    wrong.stderr = Some("considering 9x18\n".into());
    let mut crash = result(
        "russian.draw.threefold",
        "d64.draw.threefold",
        Verdict::Errored,
        "engine crashed (exit status 1)",
    );
    crash.stderr = Some("Traceback (most recent call last):\nKeyError: 'claims'\n".into());
    vec![
        wrong,
        crash,
        result(
            "russian.capture.simple",
            "d64.capture.compulsory",
            Verdict::Passed,
            "",
        ),
        result(
            "russian.draw.kings",
            "d64.draw.kings-only",
            Verdict::Skipped,
            "the engine does not answer claim",
        ),
        result(
            "russian.draw.small",
            "d64.draw.small-ending",
            Verdict::Skipped,
            "the engine does not answer claim",
        ),
    ]
}

/// The report `dir/name` of the engine run; see [`report_fixtures::write_report`].
fn write_report(dir: &Path, name: &str, results: &[ResultEvent], footer: bool) -> PathBuf {
    let path = dir.join(name);
    report_fixtures::write_report(&path, engine_header(), results, footer);
    path
}

#[test]
fn a_written_report_reads_back_whole() {
    let dir = temp_dir("report-roundtrip");
    let path = write_report(&dir, "r.jsonl", &results(), true);
    let report = read_report(&path).unwrap();
    assert_eq!(report.header, engine_header());
    assert_eq!(report.results, results());
    assert_eq!(report.footer.unwrap().errored, 1);
    assert!(!report.truncated());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_cut_short_report_is_read_from_partial_and_flagged() {
    let dir = temp_dir("report-partial");
    let path = write_report(&dir, "r.jsonl", &results()[..2], false);
    assert!(!path.exists());
    let report = read_report(&path).unwrap();
    assert!(report.partial && report.truncated());
    assert_eq!(report.results.len(), 2);
    assert!(report.path.ends_with("r.jsonl.partial"));

    let out = arbiter(&["report", path.to_str().unwrap(), "--format", "markdown"]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let md = stdout(&out);
    assert!(
        md.lines()
            .take(4)
            .any(|l| l.contains("**TRUNCATED REPORT**")),
        "{md}"
    );
    assert!(
        stderr(&out).contains("truncated report"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_report_without_footer_exits_2_after_the_view() {
    let dir = temp_dir("report-nofooter");
    let path = dir.join("r.jsonl");
    std::fs::rename(
        write_report(&dir, "cut.jsonl", &results()[2..], false).with_extension("jsonl.partial"),
        &path,
    )
    .unwrap();
    let out = arbiter(&["report", path.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    let text = stdout(&out);
    assert!(
        text.starts_with("TRUNCATED: the report has no footer"),
        "{text}"
    );
    assert!(text.contains("(truncated: no footer)"), "{text}");
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!("error: {}: truncated report", path.display())),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn markdown_shows_each_failure_with_its_reproduce_line_and_stderr() {
    let dir = temp_dir("report-markdown");
    let path = write_report(&dir, "r.jsonl", &results(), true);
    let md_path = dir.join("summary.md");
    let out = arbiter(&[
        "report",
        path.to_str().unwrap(),
        "--format",
        "markdown",
        "--out",
        md_path.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1, "{}", stderr(&out));
    assert!(stdout(&out).is_empty());
    let md = std::fs::read_to_string(&md_path).unwrap();
    assert!(
        md.starts_with("# Conformance of pydraughts 0.6.7\n"),
        "{md}"
    );
    assert!(!md.contains("TRUNCATED"), "{md}");
    assert!(md.contains(&format!("```sh\n{REPRODUCE}\n```")), "{md}");
    // The crash has no recorded command: one is built from the case and the engine.
    assert!(
        md.contains("arbiter run cases/russian/draw.yaml --filter russian.draw.threefold --ruleset russian@fmjd64 --engine 'python3 engine.py'"),
        "{md}"
    );
    assert!(md.contains("| `d64.capture` | 1 | 1 | 0 | 0 |"), "{md}");
    assert!(md.contains("| `d64.draw` | 0 | 0 | 2 | 1 |"), "{md}");
    let rules = md.find("## Disagreements with the rules (1)").unwrap();
    let engine = md.find("## Engine failures").unwrap();
    let crash = md.find("### `russian.draw.threefold`").unwrap();
    let wrong = md.find("### `russian.capture.majority`").unwrap();
    assert!(rules < wrong && wrong < engine && engine < crash, "{md}");
    assert!(
        md.contains("<details><summary>engine stderr (2 line(s))</summary>\n\n```text\nTraceback"),
        "{md}"
    );
    assert!(
        md.contains("| the engine does not answer claim | 2 |"),
        "{md}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn terminal_and_junit_views_of_a_report() {
    let dir = temp_dir("report-views");
    let path = write_report(&dir, "r.jsonl", &results(), true);
    let out = arbiter(&["report", path.to_str().unwrap()]);
    assert_eq!(code(&out), 1);
    let text = stdout(&out);
    assert!(
        text.contains("FAILED russian.capture.majority [russian@fmjd64]"),
        "{text}"
    );
    assert!(text.contains(&format!("reproduce: {REPRODUCE}")), "{text}");
    assert!(text.contains("    | KeyError: 'claims'"), "{text}");
    assert!(
        text.contains("1 passed, 1 failed, 2 skipped, 1 errored in 1.25 s"),
        "{text}"
    );

    let junit = dir.join("junit.xml");
    let out = arbiter(&[
        "report",
        path.to_str().unwrap(),
        "--format",
        "junit",
        "-o",
        junit.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 1);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains("tests=\"5\" failures=\"1\" errors=\"1\" skipped=\"2\""),
        "{xml}"
    );
    assert!(
        xml.contains("<error message=\"engine crashed (exit status 1)\">"),
        "{xml}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_conformant_report_exits_0() {
    let dir = temp_dir("report-conformant");
    let path = write_report(&dir, "r.jsonl", &results()[2..], true);
    let out = arbiter(&["report", path.to_str().unwrap(), "--format", "markdown"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("**Conformant**."), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unreadable_reports_exit_2_with_one_located_line() {
    let dir = temp_dir("report-unreadable");
    let missing = dir.join("missing.jsonl");
    let out = arbiter(&["report", missing.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out),
        format!(
            "error: {}: cannot read report: no such file (nor {}.partial)\n",
            missing.display(),
            missing.display()
        )
    );

    let bad = dir.join("bad.jsonl");
    let good = std::fs::read_to_string(write_report(&dir, "good.jsonl", &results(), true)).unwrap();
    let mut lines: Vec<String> = good.lines().map(str::to_owned).collect();
    lines[2] = r#"{"type":"result","ruleset":"russian@fmjd64","status":"failed"}"#.into();
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    let out = arbiter(&["report", bad.to_str().unwrap()]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out),
        format!("error: {}:3: missing field `case`\n", bad.display())
    );
    assert!(stdout(&out).is_empty());

    let out = arbiter(&["report", bad.to_str().unwrap(), "--format", "html"]);
    assert_eq!(code(&out), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn report_help_lists_the_exit_codes() {
    let out = arbiter(&["report", "--help"]);
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    assert!(help.contains("Exit codes:"), "{help}");
    assert!(help.contains("1  the run does not conform"), "{help}");
    assert!(help.contains("truncated"), "{help}");
}

/// Issue 28, design point 4: a failed move list carries its difference, found where the
/// runner compares the lists; the JSON report writes it and the HTML draws its arrows from
/// it. A case that forgets that capturing is compulsory expects 22-17 and 25-21 (which the
/// reference does not read as legal) and is given the reference's only move, 22x15.
#[test]
fn a_failed_move_list_carries_its_difference_into_the_report_and_its_arrows() {
    let dir = temp_dir("report-difference");
    let report = failed_move_list_report(&dir, "report.wrong-expectation");
    let text = std::fs::read_to_string(&report).unwrap();
    let result: serde_json::Value = serde_json::from_str(text.lines().nth(1).unwrap()).unwrap();
    assert_eq!(
        result["difference"],
        serde_json::json!({"legal": {
            "only_expected": [
                {"text": "22-17", "canonical": null, "route": ["22", "17"]},
                {"text": "25-21", "canonical": null, "route": ["25", "21"]},
            ],
            "only_engine": [{"text": "22x15", "canonical": "22x15", "route": ["22", "15"]}],
        }})
    );
    let html = stdout(&arbiter(&[
        "report",
        report.to_str().unwrap(),
        "--format",
        "html",
    ]));
    assert_eq!(
        html.matches(r#"class="arrow missing""#).count(),
        2,
        "22-17 and 25-21"
    );
    assert_eq!(html.matches(r#"class="arrow extra""#).count(), 1, "22x15");
    // Without the difference (a report written before it), the page reads no move again:
    // no arrow.
    let mut old = result.clone();
    old.as_object_mut().unwrap().remove("difference");
    let lines: Vec<String> = text.lines().map(str::to_owned).collect();
    let older = dir.join("older.jsonl");
    std::fs::write(&older, format!("{}\n{old}\n{}\n", lines[0], lines[2])).unwrap();
    let html = stdout(&arbiter(&[
        "report",
        older.to_str().unwrap(),
        "--format",
        "html",
    ]));
    assert!(html.contains("report.wrong-expectation"));
    assert!(
        !html.contains(r#"class="arrow "#),
        "no arrow without a difference"
    );
}
