//! `arbiter fuzz`, run as a user would.

use crate::common::{arbiter, text};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-cli-fuzz-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn the_reference_against_itself_exits_0_with_a_summary() {
    let emit = scratch("clean");
    let out = arbiter(&[
        "fuzz",
        "--ruleset",
        "brazilian",
        "--positions",
        "40",
        "--emit",
        emit.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("40 positions, 160 queries asked"),
        "{stdout}"
    );
    assert!(stdout.contains("0 disagreements"), "{stdout}");
    assert!(!emit.exists(), "nothing to write, so no directory");
}

#[test]
fn a_lying_engine_exits_1_and_its_case_is_written() {
    let emit = scratch("lie");
    let engine = format!(
        "env ARBITER_BIN={} python3 tests/fixtures/engines/faulty.py lie",
        env!("CARGO_BIN_EXE_arbiter")
    );
    let out = arbiter(&[
        "fuzz",
        "--engine",
        &engine,
        "--ruleset",
        "xiangqi",
        "--positions",
        "2",
        "--queries",
        "legal",
        "--emit",
        emit.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(
        stderr.contains("disagreement: fuzz.xiangqi.legal."),
        "{stderr}"
    );
    let files: Vec<_> = std::fs::read_dir(&emit).unwrap().collect();
    assert!(!files.is_empty());
    let _ = std::fs::remove_dir_all(&emit);
}

#[test]
fn a_hanging_engine_is_reported_without_shrinking() {
    let emit = scratch("hang");
    let engine = format!(
        "env ARBITER_BIN={} python3 tests/fixtures/engines/faulty.py hang 2",
        env!("CARGO_BIN_EXE_arbiter")
    );
    let started = std::time::Instant::now();
    let out = arbiter(&[
        "fuzz",
        "--engine",
        &engine,
        "--ruleset",
        "russian",
        "--positions",
        "4",
        "--queries",
        "legal",
        "--timeout",
        "1",
        "--emit",
        emit.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stderr.contains("engine hung"), "{stderr}");
    // The restarted engine hangs on its second request too.
    assert!(
        stdout.contains("distinct, 0 shrinking queries)"),
        "{stdout}"
    );
    assert!(started.elapsed().as_secs() < 30);
    let _ = std::fs::remove_dir_all(&emit);
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["fuzz", "--ruleset", "russian", "--shard", "2/2"][..],
        &["fuzz", "--ruleset", "russian", "--queries", "perft"],
        &["fuzz", "--ruleset", "russian", "--queries", "repetition"],
        &["fuzz", "--ruleset", "russian", "--time", "soon"],
        &["fuzz", "--ruleset", "checkers"],
    ] {
        let out = arbiter(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let help = text(&arbiter(&["fuzz", "--help"]).stdout);
    assert!(help.contains("Exit codes:"), "{help}");
}
