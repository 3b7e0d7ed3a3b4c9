//! Issue 29: no file cites a document that is not in the repository, and the book's inputs
//! (clause catalogs, cases) carry no development notes.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn texts(dirs: &[&str]) -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut list = Vec::new();
    for d in dirs {
        let p = root.join(d);
        if p.is_file() {
            list.push(p);
        } else {
            files(&p, &mut list);
        }
    }
    list.into_iter()
        .filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t)))
        .collect()
}

#[test]
fn no_file_cites_the_notes_outside_the_repository() {
    // Built so that this file does not name them itself.
    let outside = [
        concat!("RULES", ".md"),
        concat!("DESIGN", ".md"),
        "/work/shared",
    ];
    let mut found = Vec::new();
    for (path, text) in texts(&[
        "spec",
        "cases",
        "docs",
        "src",
        "fuzz/corpus",
        "tests/data",
        "README.md",
        "build.rs",
    ]) {
        for (n, line) in text.lines().enumerate() {
            if outside.iter().any(|o| line.contains(o)) {
                found.push(format!("{}:{}", path.display(), n + 1));
            }
        }
    }
    assert!(found.is_empty(), "cite docs/rulings.md instead: {found:?}");
}

#[test]
fn book_inputs_carry_no_development_notes() {
    let mut found = Vec::new();
    for (path, text) in texts(&["spec", "cases"]) {
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            let mut rest = lower.as_str();
            while let Some(i) = rest.find("issue ") {
                rest = &rest[i + 6..];
                if rest.starts_with(|c: char| c.is_ascii_digit()) {
                    found.push(format!("{}:{}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "book pages show these notes: {found:?}");
}
