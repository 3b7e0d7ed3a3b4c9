//! Baselines: loading with located errors, the gate, `arbiter baseline update` and
//! `arbiter report --baseline`.

use crate::common::{arbiter, code, stderr, stdout, temp_dir};
use crate::report_fixtures::{self, reference_header};
use arbiter::case::Verdict;
use arbiter::report::{gate, read_report, Baseline, ResultEvent};
use std::path::{Path, PathBuf};

/// A result checking `d64.capture.majority`, with the message an engine's failure gives.
fn result(case: &str, ruleset: &str, verdict: Verdict) -> ResultEvent {
    let message = match verdict {
        Verdict::Failed => format!("{case}: wrong answer"),
        Verdict::Errored => "engine hung (no reply in 10 s)".into(),
        _ => String::new(),
    };
    report_fixtures::result(case, ruleset, "d64.capture.majority", verdict, &message)
}

fn baseline(text: &str) -> Baseline {
    Baseline::parse(Path::new("b.yaml"), text).unwrap()
}

fn load_error(text: &str) -> String {
    Baseline::parse(Path::new("b.yaml"), text)
        .unwrap_err()
        .to_string()
}

#[test]
fn load_errors_name_file_line_and_field() {
    assert_eq!(
        load_error("engine: x\nfailures:\n  - case: a.b\n    rulset: russian\n    reason: r\n"),
        "b.yaml:4:5: failures[0]: unknown field `rulset`, expected one of `case`, `ruleset`, `reason`"
    );
    assert_eq!(
        load_error("failures:\n  - case: a.b\n"),
        "b.yaml:2:5: failures[0]: missing field `reason`"
    );
    assert_eq!(
        load_error("engine: x\nfixes: []\n"),
        "b.yaml:2:1: unknown field `fixes`, expected `engine` or `failures`"
    );
    assert_eq!(
        load_error("failures:\n  - case: a.b\n    reason: r\n  - case: c.d\n    ruleset: russian@nowhere\n    reason: r\n"),
        "b.yaml:4: failures[1].ruleset: unknown edition 'nowhere' of russian (expected one of: fmjd64)"
    );
    let dir = temp_dir("baseline-load");
    let missing = dir.join("none.yaml");
    let err = Baseline::load(&missing).unwrap_err().to_string();
    assert!(
        err.starts_with(&format!("{}: cannot read baseline: ", missing.display())),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unexpected_failure_fails_the_gate() {
    let results = [
        result("a.pass", "russian@fmjd64", Verdict::Passed),
        result("a.fail", "russian@fmjd64", Verdict::Failed),
    ];
    let g = gate(&Baseline::default(), &results);
    assert!(!g.conformant());
    assert_eq!(g.exit_code(), 1);
    assert_eq!(g.unexpected_failures.len(), 1);
    assert_eq!(g.unexpected_failures[0].case, "a.fail");
    // An entry for another ruleset does not cover it.
    let b = baseline("failures:\n  - case: a.fail\n    ruleset: brazilian\n    reason: r\n");
    let g = gate(&b, &results);
    assert_eq!(g.exit_code(), 1);
    assert_eq!(g.stale.len(), 1);
}

#[test]
fn a_baselined_failure_passes_the_gate_and_is_listed() {
    let results = [
        result("a.fail", "russian@fmjd64", Verdict::Failed),
        result("a.hang", "xiangqi@axf", Verdict::Errored),
        result("a.pass", "russian@fmjd64", Verdict::Passed),
    ];
    let b = baseline(
        "failures:\n  - case: a.fail\n    ruleset: russian@fmjd64\n    reason: majority not enforced\n  \
         - case: a.hang\n    ruleset: xiangqi\n    reason: hangs on long chases\n",
    );
    let g = gate(&b, &results);
    assert!(g.conformant());
    assert_eq!(g.exit_code(), 0);
    let listed: Vec<(&str, Option<&str>)> = g
        .expected_failures
        .iter()
        .map(|r| (r.case.as_str(), r.expected_failure()))
        .collect();
    assert_eq!(
        listed,
        [
            ("a.fail", Some("majority not enforced")),
            ("a.hang", Some("hangs on long chases"))
        ]
    );
    assert!(g.unexpected_passes.is_empty() && g.stale.is_empty());
}

#[test]
fn unexpected_passes_and_stale_entries_are_reported_without_failing() {
    let results = [
        result("a.fixed", "russian@fmjd64", Verdict::Passed),
        result("a.skipped", "russian@fmjd64", Verdict::Skipped),
    ];
    let b = baseline(
        "failures:\n  - case: a.fixed\n    reason: was wrong\n  - case: a.gone\n    reason: old\n  \
         - case: a.skipped\n    reason: not asked\n",
    );
    let g = gate(&b, &results);
    assert_eq!(g.exit_code(), 0);
    assert_eq!(g.unexpected_passes.len(), 1);
    assert_eq!(g.unexpected_passes[0].case, "a.fixed");
    assert_eq!(g.stale.len(), 1);
    assert_eq!(g.stale[0].case, "a.gone");
    assert_eq!(g.stale[0].line, Some(4));
    let text = g.to_text();
    assert!(
        text.contains(
            "unexpected passes (remove from the baseline): 1\n  a.fixed [russian@fmjd64]"
        ),
        "{text}"
    );
    assert!(
        text.contains("stale baseline entries (no run matched): 1\n  a.gone (line 4)"),
        "{text}"
    );
}

/// A reference run's report in `dir`: `r.jsonl`, or `cut.jsonl` without `footer` (a
/// cut-short run's partial file, renamed).
fn write_report(dir: &Path, results: &[ResultEvent], footer: bool) -> PathBuf {
    let path = dir.join("r.jsonl");
    report_fixtures::write_report(&path, reference_header(), results, footer);
    if footer {
        return path;
    }
    let cut = dir.join("cut.jsonl");
    std::fs::rename(dir.join("r.jsonl.partial"), &cut).unwrap();
    cut
}

#[test]
fn baseline_update_then_report_closes_the_loop() {
    let dir = temp_dir("baseline-loop");
    let report = write_report(
        &dir,
        &[
            result("b.two", "russian@fmjd64", Verdict::Failed),
            result("a.one", "russian@fmjd64", Verdict::Errored),
            result("c.ok", "russian@fmjd64", Verdict::Passed),
        ],
        true,
    );
    let r = report.to_str().unwrap();
    let b = dir.join("baseline.yaml");
    let b_arg = b.to_str().unwrap();

    // Without a baseline the run does not conform.
    assert_eq!(code(&arbiter(&["report", r])), 1);

    let out = arbiter(&["baseline", "update", r, "--out", b_arg]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("2 known failure(s)"),
        "{}",
        stderr(&out)
    );
    let text = std::fs::read_to_string(&b).unwrap();
    assert_eq!(
        text,
        "# arbiter baseline: known failures of arbiter 0.1.0\n\
         engine: arbiter 0.1.0\n\
         failures:\n  \
         - case: a.one\n    ruleset: russian@fmjd64\n    reason: engine hung (no reply in 10 s)\n  \
         - case: b.two\n    ruleset: russian@fmjd64\n    reason: 'b.two: wrong answer'\n"
    );

    let out = arbiter(&["report", r, "--baseline", b_arg]);
    assert_eq!(code(&out), 0, "{}\n{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("FAILED b.two [russian@fmjd64]: b.two: wrong answer"),
        "{}",
        stdout(&out)
    );
    assert!(
        stdout(&out).contains("conformant given the baseline: 0 unexpected failure(s), 2 expected"),
        "{}",
        stdout(&out)
    );

    // A hand-written reason survives an update; a new entry gets --reason.
    std::fs::write(
        &b,
        text.replace("engine hung (no reply in 10 s)", "hangs in perft"),
    )
    .unwrap();
    let report2 = write_report(
        &dir,
        &[
            result("a.one", "russian@fmjd64", Verdict::Errored),
            result("b.two", "russian@fmjd64", Verdict::Passed),
            result("c.ok", "russian@fmjd64", Verdict::Failed),
        ],
        true,
    );
    let r2 = report2.to_str().unwrap();
    let out = arbiter(&["report", r2, "--baseline", b_arg, "--format", "markdown"]);
    assert_eq!(code(&out), 1);
    let md = stdout(&out);
    assert!(
        md.contains(
            "## Unexpected passes (1): remove them from the baseline\n\n- `b.two` `russian@fmjd64`"
        ),
        "{md}"
    );
    assert!(md.contains("### `c.ok` · `russian@fmjd64`"), "{md}");
    let out = arbiter(&[
        "baseline",
        "update",
        r2,
        "-o",
        b_arg,
        "--reason",
        "regressed",
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("1 reason(s) kept, 1 entr(ies) no longer failing removed"),
        "{}",
        stderr(&out)
    );
    let updated = Baseline::load(&b).unwrap();
    let entries: Vec<(&str, &str)> = updated
        .failures
        .iter()
        .map(|f| (f.case.as_str(), f.reason.as_str()))
        .collect();
    assert_eq!(
        entries,
        [("a.one", "hangs in perft"), ("c.ok", "regressed")]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn baseline_update_refuses_a_truncated_report_unless_allowed() {
    let dir = temp_dir("baseline-truncated");
    let cut = write_report(
        &dir,
        &[result("a.one", "russian@fmjd64", Verdict::Failed)],
        false,
    );
    let c = cut.to_str().unwrap();
    assert!(read_report(&cut).unwrap().truncated());
    let out = arbiter(&["baseline", "update", c]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out),
        format!(
            "error: {c}: truncated report (the run did not get to its end): a baseline from it \
             would miss the cases that did not run; pass --allow-truncated to write it anyway\n"
        )
    );
    let out = arbiter(&["baseline", "update", c, "--allow-truncated"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(stdout(&out).contains("- case: a.one"), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_baseline_on_the_command_line_exits_2_with_its_location() {
    let dir = temp_dir("baseline-bad");
    let report = write_report(
        &dir,
        &[result("a.one", "russian@fmjd64", Verdict::Passed)],
        true,
    );
    let b = dir.join("b.yaml");
    std::fs::write(&b, "failures:\n  - case: a.one\n    reason: [1]\n").unwrap();
    let out = arbiter(&[
        "report",
        report.to_str().unwrap(),
        "--baseline",
        b.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 2);
    assert_eq!(
        stderr(&out),
        format!(
            "error: {}:3:13: failures[0].reason: invalid type: sequence, expected a string\n",
            b.display()
        )
    );
    // An existing baseline that cannot be read is not overwritten.
    let out = arbiter(&[
        "baseline",
        "update",
        report.to_str().unwrap(),
        "--out",
        b.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 2);
    assert!(std::fs::read_to_string(&b).unwrap().contains("[1]"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn baseline_help_lists_the_exit_codes() {
    let out = arbiter(&["baseline", "update", "--help"]);
    assert_eq!(code(&out), 0);
    let help = stdout(&out);
    assert!(
        help.contains("Exit codes:\n  0  the baseline was written"),
        "{help}"
    );
    assert!(help.contains("--allow-truncated"), "{help}");
}
