//! Green with nothing checked (issue 26, "The engine author's path into CI"; issue 27): a
//! run that checks nothing is exit 2 with what to do next, never a pass — an engine that
//! plays none of the asked rulesets, a selection of no case, a run whose every case was
//! skipped, and a match a player cannot play at all.

use crate::common::{arbiter, code, root, stderr, stdout, temp_dir};

/// The scripted UCI xiangqi engine of the adapter tests.
fn fake_uci() -> String {
    format!(
        "uci:python3 {}",
        root().join("tests/fixtures/uci/fake_uci.py").display()
    )
}

#[test]
fn a_uci_engine_asked_only_draughts_rulesets_is_exit_2_before_running() {
    let dir = temp_dir("nothing-checked-uci");
    let report = dir.join("report.jsonl");
    let out = arbiter(&[
        "run",
        "--engine",
        &fake_uci(),
        "--ruleset",
        "russian",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 2, "{}", stdout(&out));
    let err = stderr(&out);
    assert!(
        err.contains(
            "plays none of the selected rulesets (asked: russian@fmjd64; it plays: xiangqi)"
        ),
        "{err}"
    );
    assert!(err.contains("--ruleset xiangqi"), "{err}");
    assert!(err.contains("docs/protocol.md"), "{err}");
    assert!(!report.exists(), "no report of a run that did not start");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_playing_one_of_the_asked_rulesets_runs_and_reports_the_rest_skipped() {
    let out = arbiter(&[
        "run",
        "--engine",
        &fake_uci(),
        "--ruleset",
        "russian",
        "--ruleset",
        "xiangqi",
        "--filter",
        "xiangqi.move.general-one-step-orthogonal",
        "--filter",
        "draughts.movement.start-position-white-moves",
    ]);
    // Something was asked of the engine (pass or fail), so the run is judged, not refused.
    assert_ne!(code(&out), 2, "{}", stderr(&out));
    assert!(stdout(&out).contains("skipped"), "{}", stdout(&out));
}

#[test]
fn a_selection_of_no_case_is_exit_2() {
    let out = arbiter(&["run", "--filter", "no.such.case.*"]);
    assert_eq!(code(&out), 2, "{}", stdout(&out));
    assert!(
        stderr(&out).contains("no case selected"),
        "{}",
        stderr(&out)
    );
    assert!(stderr(&out).contains("--filter"), "{}", stderr(&out));
}

#[test]
fn a_run_whose_every_case_was_skipped_is_exit_2_with_its_report_written() {
    let dir = temp_dir("nothing-checked-skipped");
    let report = dir.join("report.jsonl");
    let out = arbiter(&[
        "run",
        "tests/fixtures/cases",
        "--spec",
        "tests/fixtures/spec",
        "--filter",
        "*reserved*",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("nothing was checked"),
        "{}",
        stderr(&out)
    );
    assert!(
        stdout(&out).contains("0 passed, 0 failed, 1 skipped, 0 errored"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(text.contains("\"type\":\"footer\""), "{text}");
    // The saved report read again is judged the same way: every view of it is printed and
    // the exit is still 2, never a pass.
    for format in ["terminal", "markdown", "junit", "html"] {
        let view = arbiter(&["report", report.to_str().unwrap(), "--format", format]);
        assert_eq!(code(&view), 2, "{format}: {}", stderr(&view));
        assert!(
            stderr(&view).contains("nothing was checked"),
            "{format}: {}",
            stderr(&view)
        );
        assert!(
            !stdout(&view).is_empty(),
            "{format}: the view is printed first"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_uci_player_under_a_draughts_ruleset_is_refused_before_the_match() {
    for (red, black) in [
        (fake_uci(), "random".to_owned()),
        ("greedy".to_owned(), fake_uci()),
    ] {
        let out = arbiter(&[
            "play",
            "--red",
            &red,
            "--black",
            &black,
            "--ruleset",
            "russian",
            "--games",
            "1",
        ]);
        assert_eq!(code(&out), 2, "{}", stdout(&out));
        let err = stderr(&out);
        let option = if red.starts_with("uci:") {
            "--red"
        } else {
            "--black"
        };
        assert!(err.contains(&format!("{option} uci:")), "{err}");
        assert!(
            err.contains("the UCI, UCCI and XBoard players play xiangqi only, not russian@fmjd64"),
            "{err}"
        );
        assert!(err.contains("proto:<command line>"), "{err}");
        assert!(
            stdout(&out).is_empty(),
            "no game was played: {}",
            stdout(&out)
        );
    }
}
