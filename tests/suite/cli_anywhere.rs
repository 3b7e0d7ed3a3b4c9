//! The suite inside the binary (issue 26, "The engine author's path into CI"): a copied or
//! `cargo install`ed `arbiter` runs the catalogs and cases it was built with from any
//! directory, and a `--spec` or case path given on the command line wins over them.

use crate::common::{code, root, stderr, stdout, temp_dir};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The built binary copied into a fresh directory (no checkout around it), and an empty
/// directory to run it in.
fn copied_binary(name: &str) -> (PathBuf, PathBuf) {
    let dir = temp_dir(name);
    let bin = dir.join("bin").join("arbiter");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_arbiter"), &bin).unwrap();
    let cwd = dir.join("work");
    std::fs::create_dir_all(&cwd).unwrap();
    (bin, cwd)
}

fn run_in(bin: &Path, cwd: &Path, args: &[&str]) -> Output {
    Command::new(bin)
        .current_dir(cwd)
        .args(args)
        .env_remove("ARBITER_EDITIONS")
        .env_remove("ARBITER_CONTROLS")
        .env_remove("ARBITER_SEEDS")
        .output()
        .expect("the copied binary runs")
}

#[test]
fn a_copied_binary_runs_the_whole_suite_from_an_empty_directory() {
    let (bin, cwd) = copied_binary("anywhere-run");
    let out = run_in(&bin, &cwd, &["run", "--report", "report.jsonl"]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(!stderr(&out).contains("note:"), "{}", stderr(&out));
    let shipped = arbiter::case::shipped_cases().unwrap();
    let text = std::fs::read_to_string(cwd.join("report.jsonl")).unwrap();
    let results: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "result")
        .collect();
    assert!(
        results.len() >= shipped.len(),
        "{} results for {} cases",
        results.len(),
        shipped.len()
    );
    assert!(results.iter().all(|r| r["status"] == "passed"));
    // Each result names the case's file by its path in the repository, and its reproducing
    // command needs no path: the id names the case in any directory.
    let first = &results[0];
    assert!(
        first["file"].as_str().unwrap().starts_with("cases/"),
        "{first}"
    );
    let reproduce = first["reproduce"].as_str().unwrap();
    assert!(
        reproduce.starts_with("arbiter run --filter "),
        "{reproduce}"
    );
    let again: Vec<&str> = reproduce.split_whitespace().skip(1).collect();
    let again: Vec<String> = again
        .iter()
        .map(|w| w.trim_matches('\'').to_owned())
        .collect();
    let again: Vec<&str> = again.iter().map(String::as_str).collect();
    let out = run_in(&bin, &cwd, &again);
    assert_eq!(code(&out), 0, "{reproduce}: {}", stderr(&out));
    assert!(stdout(&out).contains("1 passed"), "{}", stdout(&out));
    let _ = std::fs::remove_dir_all(cwd.parent().unwrap());
}

#[test]
fn a_copied_binary_lints_builds_the_book_and_lists_controls_from_an_empty_directory() {
    let (bin, cwd) = copied_binary("anywhere-other");
    let lint = run_in(&bin, &cwd, &["spec", "lint"]);
    assert_eq!(code(&lint), 0, "{}", stderr(&lint));
    assert!(stderr(&lint).contains("no problem"), "{}", stderr(&lint));
    let coverage = run_in(&bin, &cwd, &["spec", "coverage"]);
    assert_eq!(code(&coverage), 0, "{}", stderr(&coverage));
    let book = run_in(&bin, &cwd, &["book", "--out", "book"]);
    assert_eq!(code(&book), 0, "{}", stderr(&book));
    assert!(cwd.join("book/index.html").is_file());
    // The cases' source links lead to copies of the embedded files beside the pages.
    let page = std::fs::read_to_string(cwd.join("book/clauses/xq.move.horse-leg.html")).unwrap();
    let link = "href=\"../source/cases/xiangqi/movement.yaml#L";
    assert!(page.contains(link), "no {link} in the page");
    let copy =
        std::fs::read_to_string(cwd.join("book/source/cases/xiangqi/movement.yaml")).unwrap();
    assert_eq!(
        copy,
        std::fs::read_to_string(root().join("cases/xiangqi/movement.yaml")).unwrap()
    );
    let clock = run_in(&bin, &cwd, &["clock", "--ruleset", "xiangqi", "--list"]);
    assert_eq!(code(&clock), 0, "{}", stderr(&clock));
    assert!(stdout(&clock).contains("national"), "{}", stdout(&clock));
    let _ = std::fs::remove_dir_all(cwd.parent().unwrap());
}

#[test]
fn a_spec_directory_and_case_paths_given_win_over_the_shipped_suite() {
    let (bin, cwd) = copied_binary("anywhere-override");
    let spec = root().join("tests/fixtures/spec");
    let cases = root().join("tests/fixtures/cases/pass");
    let out = run_in(
        &bin,
        &cwd,
        &[
            "run",
            cases.to_str().unwrap(),
            "--spec",
            spec.to_str().unwrap(),
            "--filter",
            "fixture.*start-count",
        ],
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // The fixture's three runs (russian, brazilian, xiangqi), not the shipped suite.
    assert!(
        stdout(&out).contains("3 passed, 0 failed, 0 skipped, 0 errored"),
        "{}",
        stdout(&out)
    );
    // A catalog directory given is read, even when it cannot be: no falling back.
    let out = run_in(&bin, &cwd, &["run", "--spec", "no-such-spec"]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("no-such-spec: cannot read directory"),
        "{}",
        stderr(&out)
    );
    // So is a spec/ directory in the working directory only when named: the shipped
    // catalogs are the default wherever the binary runs.
    std::fs::create_dir_all(cwd.join("spec")).unwrap();
    std::fs::write(cwd.join("spec/broken.yaml"), "document: [not a catalog\n").unwrap();
    let out = run_in(&bin, &cwd, &["spec", "lint"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    // Not silently either: the directory that was not read is named.
    assert!(
        stderr(&out).contains(
            "note: ./spec differs from the catalogs inside this binary, which this run uses"
        ),
        "{}",
        stderr(&out)
    );
    let out = run_in(&bin, &cwd, &["spec", "lint", "--spec", "spec"]);
    assert_eq!(code(&out), 2);
    assert!(stderr(&out).contains("broken.yaml:"), "{}", stderr(&out));
    let _ = std::fs::remove_dir_all(cwd.parent().unwrap());
}

/// `cargo install` and `cargo package` build from the package's files: every file build.rs
/// embeds must be in it (Cargo.toml's `exclude`/`include`), and build.rs itself.
#[test]
fn the_package_holds_every_file_build_rs_embeds() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .current_dir(root())
        .args(["package", "--list", "--allow-dirty", "--offline"])
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{}", stderr(&out));
    let listed: std::collections::BTreeSet<String> =
        stdout(&out).lines().map(str::to_owned).collect();
    let embedded = arbiter::shipped::CATALOG_FILES
        .iter()
        .chain(arbiter::shipped::CASE_FILES)
        .chain(arbiter::edition::BUILTIN_FILES)
        .map(|(path, _)| *path)
        .chain(["build.rs"]);
    for path in embedded {
        assert!(
            listed.contains(path),
            "{path} is embedded by build.rs but not in the package (Cargo.toml exclude/include)"
        );
    }
}

/// In the checkout, whose `spec/` and `cases/` are those the binary was built from, the
/// shipped suite is used without a word.
#[test]
fn the_checkout_s_own_directories_raise_no_note() {
    let out = crate::common::arbiter(&["spec", "lint"]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(!stderr(&out).contains("note:"), "{}", stderr(&out));
}
