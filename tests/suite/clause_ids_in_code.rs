//! Every clause id the code names (`"xq.repetition.perpetual-check-loses"` in a ruling, an
//! outcome, a permitted-move decision) exists in a catalog of `spec/` and applies to the
//! game whose code names it: a renamed or mistyped id in code is caught here, not by a user
//! reading a report.

use crate::common::root;
use arbiter::spec::load_catalogs;
use arbiter::{Game, Ruleset};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of the form `"d64.…"`, `"xq.…"` or `"chess.…"` in the non-test code
/// of a file, with their line numbers. Test modules (after `#[cfg(test)]`) use made-up ids.
fn clause_literals(text: &str) -> Vec<(usize, String)> {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    let mut found = Vec::new();
    for (n, line) in code.lines().enumerate() {
        // The string literals of the line, up to a `//` comment outside them.
        let mut literals = Vec::new();
        let mut current: Option<String> = None;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match (&mut current, c) {
                (Some(lit), '\\') => {
                    lit.push(c);
                    if let Some(next) = chars.next() {
                        lit.push(next);
                    }
                }
                (Some(_), '"') => literals.push(current.take().unwrap_or_default()),
                (Some(lit), _) => lit.push(c),
                (None, '"') => current = Some(String::new()),
                (None, '/') if chars.peek() == Some(&'/') => break,
                (None, _) => {}
            }
        }
        for literal in literals {
            let is_id = ["d64.", "xq.", "chess."]
                .iter()
                .any(|p| literal.starts_with(p))
                && literal
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
                && literal.split('.').count() >= 3
                && !literal.ends_with('.');
            if is_id {
                found.push((n + 1, literal));
            }
        }
    }
    found
}

/// Touch-move rule steps are named after their clause with a step number
/// (`xq.touch-move.own-then-opponent.2`): the clause is the id without it.
fn clause_of(id: &str) -> &str {
    match id.rsplit_once('.') {
        Some((clause, step)) if step.chars().all(|c| c.is_ascii_digit()) => clause,
        _ => id,
    }
}

#[test]
fn every_clause_id_in_code_is_in_a_catalog_and_applies_to_its_game() {
    let spec = load_catalogs(&root().join("spec")).unwrap_or_else(|e| panic!("{e:?}"));
    let clauses: BTreeMap<&str, &arbiter::spec::Clause> =
        spec.clauses().map(|(_, c)| (c.id.as_str(), c)).collect();
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    files.sort();
    let mut problems = Vec::new();
    let mut seen = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let name = file.strip_prefix(root()).unwrap().display().to_string();
        for (line, id) in clause_literals(&text) {
            seen += 1;
            let clause_id = clause_of(&id);
            let Some(clause) = clauses.get(clause_id) else {
                problems.push(format!("{name}:{line}: '{id}' is in no catalog of spec/"));
                continue;
            };
            let games: &[Game] = if id.starts_with("xq.") {
                &[Game::Xiangqi]
            } else if id.starts_with("d64.") {
                &[Game::Brazilian, Game::Russian]
            } else {
                &Game::ALL
            };
            let applies = games.iter().any(|g| {
                g.editions().iter().any(|e| {
                    clause.applies_to(&Ruleset {
                        game: *g,
                        edition: (*e).to_owned(),
                    })
                })
            });
            if !applies {
                problems.push(format!(
                    "{name}:{line}: '{id}' applies to no ruleset of {}",
                    games
                        .iter()
                        .map(|g| g.name())
                        .collect::<Vec<_>>()
                        .join(" or ")
                ));
            }
        }
    }
    assert!(
        seen > 30,
        "only {seen} clause ids found in src/: is the scan broken?"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_scan_finds_ids_and_skips_comments_and_tests() {
    let text = "let a = \"xq.move.horse-leg\"; // \"xq.not.this\"\n// \"d64.nor.this\"\nf(\"d64.capture.compulsory\", \"plain\");\n#[cfg(test)]\nmod tests { const X: &str = \"d64.t.t\"; }\n";
    let found: Vec<String> = clause_literals(text)
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    assert_eq!(found, ["xq.move.horse-leg", "d64.capture.compulsory"]);
    assert_eq!(
        clause_of("xq.touch-move.own-then-opponent.2"),
        "xq.touch-move.own-then-opponent"
    );
}
