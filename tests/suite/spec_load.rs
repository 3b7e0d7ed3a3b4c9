//! Loading catalogs and cases: malformed files are reported with file, line, column and the
//! field, and every bad file is reported, not only the first.

use crate::common::temp_dir;
use arbiter::case::load_cases;
use arbiter::spec::load_catalogs;
use arbiter::yaml::LoadError;
use std::path::{Path, PathBuf};

fn fixture(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(p)
}

fn error_for<'a>(errors: &'a [LoadError], file: &str) -> &'a LoadError {
    errors
        .iter()
        .find(|e| e.path.ends_with(file))
        .unwrap_or_else(|| panic!("no error for {file}: {errors:?}"))
}

#[test]
fn good_fixtures_load() {
    let spec = load_catalogs(&fixture("spec")).unwrap();
    assert_eq!(spec.catalogs.len(), 2);
    assert_eq!(spec.clauses().count(), 5);
    let suite = load_cases(&[fixture("cases")]).unwrap();
    assert_eq!(suite.files.len(), 2, "files found recursively");
    assert_eq!(suite.len(), 4);
}

#[test]
fn every_malformed_catalog_is_reported_with_file_line_and_field() {
    let errors = load_catalogs(&fixture("broken/spec")).unwrap_err().0;
    assert_eq!(errors.len(), 5, "{errors:?}");

    let e = error_for(&errors, "unknown-field.yaml");
    assert_eq!((e.line, e.column), (Some(12), Some(5)));
    assert!(
        e.message.contains("clauses[0]: unknown field `statment`"),
        "{e}"
    );
    assert!(e.message.contains("expected one of"), "{e}");

    let e = error_for(&errors, "wrong-type.yaml");
    assert_eq!(e.line, Some(11));
    assert!(e.message.contains("clauses[0].executable"), "{e}");
    assert!(e.message.contains("expected a boolean"), "{e}");

    let e = error_for(&errors, "missing-field.yaml");
    assert!(e.line.is_some());
    assert!(e.message.contains("missing field `kind`"), "{e}");

    let e = error_for(&errors, "bad-kind.yaml");
    assert_eq!(e.line, Some(5));
    assert!(e.message.contains("unknown game 'checkers'"), "{e}");

    let e = error_for(&errors, "bad-yaml.yaml");
    assert!(e.line.is_some() && e.column.is_some(), "{e}");

    // The displayed form is file:line:column: message.
    let shown = error_for(&errors, "wrong-type.yaml").to_string();
    assert!(
        shown.contains("broken/spec/wrong-type.yaml:11:17: clauses[0].executable"),
        "{shown}"
    );
}

#[test]
fn every_malformed_case_file_is_reported_with_file_line_and_field() {
    let errors = load_cases(&[fixture("broken/cases")]).unwrap_err().0;
    assert_eq!(errors.len(), 5, "{errors:?}");
    let e = error_for(&errors, "unknown-field.yaml");
    assert_eq!(e.line, Some(5));
    assert!(
        e.message.contains("[0].expect: unknown field `legal_cout`"),
        "{e}"
    );
    let e = error_for(&errors, "wrong-type.yaml");
    assert!(
        e.message.contains("[0].expect.legal_count: invalid type"),
        "{e}"
    );
    let e = error_for(&errors, "missing-field.yaml");
    assert!(e.message.contains("missing field `clauses`"), "{e}");
    let e = error_for(&errors, "bad-ruleset.yaml");
    assert_eq!(e.line, Some(3));
    assert!(
        e.message.contains("[0].ruleset: unknown game 'checkers'"),
        "{e}"
    );
    assert!(error_for(&errors, "bad-yaml.yaml").line.is_some());
}

#[test]
fn missing_paths_are_errors_too() {
    let errors = load_cases(&[
        fixture("no-such-dir"),
        fixture("broken/cases/wrong-type.yaml"),
    ])
    .unwrap_err()
    .0;
    assert_eq!(errors.len(), 2);
    assert!(errors[0]
        .to_string()
        .contains("no-such-dir: no such file or directory"));
    assert!(load_catalogs(&fixture("no-such-dir")).is_err());
}

/// A temporary case directory with these files.
fn case_dir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = temp_dir(&format!("spec-load-hist-{name}"));
    for (file, text) in files {
        std::fs::write(dir.join(file), text).unwrap();
    }
    dir
}

const HISTORIES: &str = "shuffle:\n  position: \"W:WK32:BK1\"\n  moves: [\"32-28\", \"1-5\"]\n";

#[test]
fn a_shared_history_comes_before_the_case_moves() {
    let dir = case_dir(
        "ok",
        &[
            ("histories.yaml", HISTORIES),
            (
                "c.yaml",
                "- id: a.b\n  clauses: [d64.x.y]\n  ruleset: russian\n  history: shuffle\n  moves: [\"28-32\"]\n  expect: {legal_count: 1}\n",
            ),
        ],
    );
    // The directory, and the case file named alone, both find the histories.
    for path in [dir.clone(), dir.join("c.yaml")] {
        let suite = load_cases(&[path]).unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(suite.len(), 1, "histories.yaml is not a case file");
        let (_, case) = suite.cases().next().unwrap();
        assert_eq!(case.position.as_deref(), Some("W:WK32:BK1"));
        assert_eq!(case.moves, ["32-28", "1-5", "28-32"]);
        assert_eq!(case.history.as_deref(), Some("shuffle"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_history_or_one_with_a_position_is_an_error_at_the_case() {
    let dir = case_dir(
        "bad",
        &[
            ("histories.yaml", HISTORIES),
            (
                "c.yaml",
                "- id: a.b\n  clauses: [d64.x.y]\n  ruleset: russian\n  history: shufle\n  expect: {legal_count: 1}\n\n- id: a.c\n  clauses: [d64.x.y]\n  ruleset: russian\n  position: \"W:W21:B1\"\n  history: shuffle\n  expect: {legal_count: 1}\n",
            ),
        ],
    );
    let errors = load_cases(std::slice::from_ref(&dir)).unwrap_err().0;
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert_eq!(errors[0].line, Some(1));
    assert!(
        errors[0].message.contains(
            "history 'shufle' is not in histories.yaml beside this file (it has: shuffle)"
        ),
        "{}",
        errors[0]
    );
    assert_eq!(errors[1].line, Some(7));
    assert!(
        errors[1]
            .message
            .contains("`position` and `history` do not go together"),
        "{}",
        errors[1]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_malformed_histories_file_is_reported() {
    let dir = case_dir(
        "malformed",
        &[("histories.yaml", "shuffle:\n  moves: [1-5]\n  start: x\n")],
    );
    let errors = load_cases(std::slice::from_ref(&dir)).unwrap_err().0;
    assert!(errors[0].path.ends_with("histories.yaml"), "{errors:?}");
    assert!(errors[0].message.contains("start"), "{}", errors[0]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A history in numbered rounds that skips a round number is a load error at its line,
/// in a case file and in a shared history alike.
#[test]
fn a_misnumbered_round_names_the_file_line_and_number() {
    let dir = temp_dir("spec-load-rounds");
    std::fs::write(
        dir.join("histories.yaml"),
        "shuffle:\n  position: \"W:WK30:BK3\"\n  moves: \"1. 30-26 3-7 3. 26-30\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("a.yaml"),
        "- id: russian.t.rounds\n  clauses: [d64.t.t]\n  ruleset: russian\n  moves: >-\n    1. 22-18 11-15\n    2. 18x11 8x15 4. 24-19\n  expect: {check: false}\n",
    )
    .unwrap();
    let errors = load_cases(std::slice::from_ref(&dir)).unwrap_err().0;
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    assert!(
        text.iter().any(
            |e| e.contains("a.yaml:4") && e.contains("round number '4.' where 3. was expected")
        ),
        "{text:?}"
    );
    assert!(
        text.iter().any(|e| e.contains("histories.yaml:3")
            && e.contains("round number '3.' where 2. was expected")),
        "{text:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
