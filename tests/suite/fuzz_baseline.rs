//! `arbiter fuzz --baseline`: known, adjudicated findings do not fail a campaign, new ones do,
//! listed findings not found are reported; and the committed baselines of the real engines
//! (`baselines/fuzz/`) read, cite clauses of the catalog and name the scripts' engines.

use crate::common::{arbiter, root, text};
use arbiter::fuzz::{FuzzBaseline, Wrong};
use arbiter::spec::load_catalogs;
use std::path::{Path, PathBuf};
use std::process::Output;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "arbiter-fuzz-baseline-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn lying_engine() -> String {
    format!(
        "env ARBITER_BIN={} python3 tests/fixtures/engines/faulty.py lie",
        env!("CARGO_BIN_EXE_arbiter")
    )
}

/// Fuzzes the lying engine (it drops the last legal move) under xiangqi, 3 positions.
fn campaign(emit: &Path, baseline: Option<&Path>) -> Output {
    let engine = lying_engine();
    let mut args = vec![
        "fuzz",
        "--engine",
        &engine,
        "--ruleset",
        "xiangqi",
        "--positions",
        "3",
        "--queries",
        "legal",
        "--emit",
        emit.to_str().unwrap(),
    ];
    if let Some(b) = baseline {
        args.extend(["--baseline", b.to_str().unwrap()]);
    }
    arbiter(&args)
}

fn entry(id: &str, ruleset: &str) -> String {
    format!(
        "  - id: {id}\n    ruleset: {ruleset}\n    wrong: engine\n    clause: xq.play.move-definition\n    reason: drops a legal move\n"
    )
}

#[test]
fn known_findings_pass_new_ones_fail_and_unseen_ones_are_reported() {
    let dir = scratch("gate");
    let emit = dir.join("cases");
    let out = campaign(&emit, None);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let mut ids: Vec<String> = std::fs::read_dir(&emit)
        .unwrap()
        .map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.trim_end_matches(".yaml").to_owned()
        })
        .collect();
    ids.sort();
    assert!(!ids.is_empty());

    // Every finding listed (and one that this campaign cannot find, and one of another
    // edition): passes, exit 0.
    let stale = "fuzz.xiangqi.legal.00000000";
    let mut yaml = String::from("engine: faulty\nknown:\n");
    for id in &ids {
        yaml.push_str(&entry(id, "xiangqi@cxa"));
    }
    yaml.push_str(&entry(stale, "xiangqi"));
    yaml.push_str(&entry("fuzz.xiangqi.legal.00000001", "xiangqi@axf"));
    let all = dir.join("all.yaml");
    std::fs::write(&all, &yaml).unwrap();
    let out = campaign(&emit, Some(&all));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains(&format!("known: {}", ids[0])), "{stdout}");
    assert!(stdout.contains("(engine wrong, xq.play.move-definition): drops a legal move"));
    let line = 3 + 5 * ids.len();
    assert!(
        stdout.contains(&format!(
            "not reproduced: {stale} [xiangqi@cxa, line {line}]"
        )),
        "{stdout}"
    );
    assert!(
        !stdout.contains("00000001"),
        "another edition's entry: {stdout}"
    );
    assert!(
        stdout.contains(&format!(
            "passed given the baseline: 0 new finding(s), {} known, 1 listed id(s) of xiangqi@cxa not reproduced",
            ids.len()
        )),
        "{stdout}"
    );
    assert!(stdout.contains("note: the baseline is of faulty, the engine is"));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("known disagreement: fuzz.xiangqi.legal."),
        "{stderr}"
    );

    // The first finding left out: it is new, exit 1.
    let some = dir.join("some.yaml");
    let yaml: String = ids[1..].iter().map(|id| entry(id, "xiangqi")).collect();
    std::fs::write(&some, format!("known:\n{yaml}")).unwrap();
    let out = campaign(&emit, Some(&some));
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(&format!("new: {} (not in the baseline)", ids[0])),
        "{stdout}"
    );
    assert!(stdout.contains("failed: 1 new finding(s)"), "{stdout}");

    // The same ids under another edition do not count for this one.
    let other = dir.join("other.yaml");
    let yaml: String = ids.iter().map(|id| entry(id, "xiangqi@axf")).collect();
    std::fs::write(&other, format!("known:\n{yaml}")).unwrap();
    let out = campaign(&emit, Some(&other));
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_baseline_that_cannot_be_used_stops_the_campaign_with_exit_2() {
    let dir = scratch("bad");
    let emit = dir.join("cases");
    let bad = dir.join("bad.yaml");
    std::fs::write(
        &bad,
        format!(
            "known:\n{}",
            entry("fuzz.xiangqi.legal.0000abcd", "xiangqi")
        )
        .replace("xq.play.move-definition", "xq.play.no-such-clause"),
    )
    .unwrap();
    let out = campaign(&emit, Some(&bad));
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "bad.yaml:2: known[0].clause: 'xq.play.no-such-clause' is not a clause of the catalog"
        ),
        "{stderr}"
    );
    let missing = dir.join("missing.yaml");
    let out = campaign(&emit, Some(&missing));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read fuzz baseline"));
    assert!(!emit.exists(), "nothing was run");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn help_documents_the_baseline() {
    let out = arbiter(&["fuzz", "--help"]);
    let help = text(&out.stdout);
    assert!(help.contains("--baseline <FILE>"), "{help}");
    assert!(help.contains("not reproduced"), "{help}");
}

#[test]
fn the_committed_baselines_read_and_cite_catalog_clauses() {
    let spec = load_catalogs(&root().join("spec")).expect("the catalog loads");
    let script = std::fs::read_to_string(root().join("scripts/fuzz-engines.sh")).unwrap();
    let dir = root().join("baselines/fuzz");
    let mut names = Vec::new();
    for file in std::fs::read_dir(&dir).unwrap() {
        let path = file.unwrap().path();
        let baseline = FuzzBaseline::load(&path).unwrap_or_else(|e| panic!("{e}"));
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            script.contains(&format!("\"{name}|")),
            "{name}: no campaign of scripts/fuzz-engines.sh uses it"
        );
        for k in &baseline.known {
            assert!(
                spec.clause(&k.clause).is_some(),
                "{}: {}",
                path.display(),
                k.clause
            );
            assert!(
                script.contains(&format!("|{}|", k.ruleset)),
                "{}: no campaign runs {}",
                path.display(),
                k.ruleset
            );
            assert_ne!(
                k.wrong,
                Wrong::Reference,
                "a known fault of the reference is fixed, not listed"
            );
        }
        names.push(name);
    }
    names.sort();
    assert_eq!(
        names,
        ["fairy-stockfish", "py-draughts", "pydraughts", "pyffish"]
    );
}
