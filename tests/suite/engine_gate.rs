//! The engine gate (`scripts/engine-gate.sh`, which the GitHub Action `action.yml` runs;
//! issue 26, "The engine author's path into CI"): its exit codes, its reports, and the
//! markdown summary it appends to `$GITHUB_STEP_SUMMARY`, run from a directory without the
//! checkout as an engine's repository is.

use crate::common::{code, root, stderr, stdout, temp_dir};
use std::path::Path;
use std::process::{Command, Output};

/// Runs the gate in `cwd` with the built binary and a step summary file.
fn gate(cwd: &Path, summary: &Path, args: &[&str]) -> Output {
    Command::new("bash")
        .arg(root().join("scripts/engine-gate.sh"))
        .args(args)
        .current_dir(cwd)
        .env("ARBITER", env!("CARGO_BIN_EXE_arbiter"))
        .env("GITHUB_STEP_SUMMARY", summary)
        .env_remove("GITHUB_ACTIONS")
        .output()
        .expect("bash runs")
}

#[test]
fn a_conformant_engine_passes_the_gate_with_junit_and_a_step_summary() {
    let dir = temp_dir("engine-gate-pass");
    let summary = dir.join("step-summary.md");
    std::fs::write(&summary, "earlier step\n").unwrap();
    let out = gate(
        &dir,
        &summary,
        &["--engine", "reference", "--rulesets", "brazilian,russian"],
    );
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(
        stdout(&out).contains("engine-gate: conformant"),
        "{}",
        stdout(&out)
    );
    for file in ["report.jsonl", "junit.xml", "summary.md"] {
        assert!(dir.join("arbiter-report").join(file).is_file(), "{file}");
    }
    let text = std::fs::read_to_string(&summary).unwrap();
    // Appended, as GitHub expects of every step.
    assert!(text.starts_with("earlier step\n# Conformance of"), "{text}");
    assert!(text.contains("`brazilian@cbd`"), "{text}");
    let junit = std::fs::read_to_string(dir.join("arbiter-report/junit.xml")).unwrap();
    assert!(junit.contains("<testsuite"), "{junit}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_gate_fails_on_failures_only_until_the_baseline_lists_them() {
    let dir = temp_dir("engine-gate-baseline");
    let summary = dir.join("step-summary.md");
    let engine = [
        "--engine",
        "mutant:no-majority-rule",
        "--rulesets",
        "brazilian",
    ];
    let out = gate(&dir, &summary, &engine);
    assert_eq!(code(&out), 1, "{}{}", stdout(&out), stderr(&out));
    assert!(
        stderr(&out).contains("failures the baseline does not list"),
        "{}",
        stderr(&out)
    );
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.contains("**Not conformant**"), "{text}");
    // The author records the known failures, and the gate passes with them listed.
    let baseline = dir.join("baseline.yaml");
    let written = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["baseline", "update", "arbiter-report/report.jsonl", "--out"])
        .arg(&baseline)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(code(&written), 0, "{}", stderr(&written));
    let mut args = engine.to_vec();
    args.extend(["--baseline", "baseline.yaml"]);
    let out = gate(&dir, &summary, &args);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.contains("**Conformant**"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engine_that_cannot_be_checked_is_exit_2_with_why_in_the_summary() {
    let dir = temp_dir("engine-gate-cannot");
    let summary = dir.join("step-summary.md");
    // An engine that does not start.
    let out = gate(&dir, &summary, &["--engine", "./no-such-engine"]);
    assert_eq!(code(&out), 2, "{}{}", stdout(&out), stderr(&out));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(text.contains("could not be checked (exit 2)"), "{text}");
    assert!(text.contains("no-such-engine"), "{text}");
    // An engine that plays none of the rulesets asked.
    std::fs::remove_file(&summary).unwrap();
    let uci = format!(
        "uci:python3 {}",
        root().join("tests/fixtures/uci/fake_uci.py").display()
    );
    let out = gate(&dir, &summary, &["--engine", &uci, "--rulesets", "russian"]);
    assert_eq!(code(&out), 2, "{}{}", stdout(&out), stderr(&out));
    let text = std::fs::read_to_string(&summary).unwrap();
    assert!(
        text.contains("plays none of the selected rulesets"),
        "{text}"
    );
    // A baseline that is not there, and a missing engine option.
    let out = gate(
        &dir,
        &summary,
        &["--engine", "reference", "--baseline", "missing.yaml"],
    );
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("missing.yaml: no such file"),
        "{}",
        stderr(&out)
    );
    let out = gate(&dir, &summary, &[]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("--engine"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The action runs the script with the inputs it declares; a renamed option or input would
/// break every engine repository using it.
#[test]
fn the_action_passes_its_inputs_to_the_gate_script() {
    let action = std::fs::read_to_string(root().join("action.yml")).unwrap();
    let action: serde_yaml::Value = serde_yaml::from_str(&action).unwrap();
    let inputs = action["inputs"].as_mapping().expect("inputs");
    for input in [
        "engine",
        "rulesets",
        "baseline",
        "out",
        "timeout",
        "arbiter-ref",
    ] {
        assert!(inputs.contains_key(input), "input {input}");
    }
    assert_eq!(action["inputs"]["engine"]["required"], true);
    assert_eq!(action["runs"]["using"], "composite");
    let steps = action["runs"]["steps"].as_sequence().unwrap();
    let scripts: String = steps
        .iter()
        .filter_map(|s| s["run"].as_str())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(scripts.contains("scripts/engine-gate.sh"), "{scripts}");
    assert!(scripts.contains("cargo install --locked"), "{scripts}");
    let help = Command::new("bash")
        .arg(root().join("scripts/engine-gate.sh"))
        .arg("--help")
        .output()
        .unwrap();
    let help = stdout(&help);
    for option in ["--engine", "--rulesets", "--baseline", "--out", "--timeout"] {
        assert!(
            scripts.contains(option),
            "the action does not pass {option}"
        );
        assert!(
            help.contains(option),
            "the script's help does not name {option}"
        );
    }
}
