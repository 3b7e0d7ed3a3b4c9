//! Embeds the shipped data files in the library, so that the installed binary carries the
//! whole suite and works from any directory (docs/ci.md):
//!
//! - every `*.yaml` of `spec/editions/` and of `spec/controls/` (adding an edition or a time
//!   control is adding a file);
//! - the clause catalogs, every `*.yaml` directly in `spec/`;
//! - the cases, every `*.yaml` and `*.yml` under `cases/` but those under a `staging/`
//!   directory (cases not yet reviewed, which `arbiter run` skips unless named);
//! - the commit the data was built from, when the package is a git checkout whose `spec/`
//!   and `cases/` are those of the commit (`ARBITER_SUITE_COMMIT`).
//!
//! Each table is `&[(path in the repository, text)]`, sorted by path, written to `OUT_DIR`
//! and included by the module that reads it.
//!
//! It also writes the clause vocabulary: one `&str` constant per clause id of the catalogs
//! (`d64.draw.russian-two-vs-one-5` is `D64_DRAW_RUSSIAN_TWO_VS_ONE_5`), included by
//! `src/clause.rs`, so that a mistyped id in code fails to compile. Two ids with one
//! constant name stop the build.

use std::collections::BTreeMap;
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A table of embedded files.
struct Table {
    /// The constant's name.
    name: &'static str,
    /// The directory, relative to the package root.
    dir: &'static str,
    /// Whether subdirectories are searched too.
    recursive: bool,
    /// The file written to `OUT_DIR`.
    file_name: &'static str,
}

const TABLES: [Table; 4] = [
    Table {
        name: "EDITION_FILES",
        dir: "spec/editions",
        recursive: false,
        file_name: "edition_files.rs",
    },
    Table {
        name: "CONTROL_FILES",
        dir: "spec/controls",
        recursive: false,
        file_name: "control_files.rs",
    },
    Table {
        name: "CATALOG_FILES",
        dir: "spec",
        recursive: false,
        file_name: "catalog_files.rs",
    },
    Table {
        name: "CASE_FILES",
        dir: "cases",
        recursive: true,
        file_name: "case_files.rs",
    },
];

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    for table in &TABLES {
        println!("cargo:rerun-if-changed={}", table.dir);
        let mut files = Vec::new();
        collect(&root, Path::new(table.dir), table.recursive, &mut files);
        files.sort();
        let mut out = String::from("// Written by build.rs: the shipped data files.\n");
        let _ = writeln!(
            out,
            "/// The shipped `*.yaml` files of `{}/`: (path in the repository, text).",
            table.dir
        );
        let _ = writeln!(out, "pub const {}: &[(&str, &str)] = &[", table.name);
        for file in files {
            let _ = writeln!(
                out,
                "    ({:?}, include_str!({:?})),",
                file,
                root.join(&file).display().to_string()
            );
        }
        out.push_str("];\n");
        let dest = out_dir.join(table.file_name);
        fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    }
    clause_ids(&root, &out_dir);
    if let Some(commit) = suite_commit(&root) {
        println!("cargo:rustc-env=ARBITER_SUITE_COMMIT={commit}");
    }
}

/// The data files (`*.yaml`, `*.yml`) of `dir` (relative to `root`), as `/`-separated
/// paths relative to `root`; with `recursive`, those of its subdirectories too, except
/// `staging/` ones.
fn collect(root: &Path, dir: &Path, recursive: bool, files: &mut Vec<String>) {
    let entries = fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("{}: cannot read directory: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = dir.join(&name);
        let kind = entry
            .file_type()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if kind.is_dir() {
            if recursive && name != "staging" {
                collect(root, &path, recursive, files);
            }
        } else if name.ends_with(".yaml") || name.ends_with(".yml") {
            let parts: Vec<String> = path
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push(parts.join("/"));
        }
    }
}

/// Writes `clause_ids.rs`: a constant per clause id of the catalogs (`spec/*.yaml`), named
/// by [`constant_name`] and documented with the clause's statement, in catalog order.
fn clause_ids(root: &Path, out_dir: &Path) {
    let mut catalogs = Vec::new();
    collect(root, Path::new("spec"), false, &mut catalogs);
    catalogs.sort();
    // Constant name -> (id, catalog file), to refuse two ids with one name.
    let mut names: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut out = String::from(
        "// Written by build.rs: a constant per clause id of the catalogs of spec/.\n",
    );
    for file in &catalogs {
        println!("cargo:rerun-if-changed={file}");
        let path = root.join(file);
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let yaml: serde_yaml::Value =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let clauses = yaml
            .get("clauses")
            .and_then(|c| c.as_sequence())
            .unwrap_or_else(|| panic!("{file}: no list of clauses"));
        for clause in clauses {
            let field = |key: &str| {
                clause
                    .get(key)
                    .and_then(|v| v.as_str())
                    .unwrap_or_else(|| panic!("{file}: a clause without {key}: {clause:?}"))
            };
            let id = field("id");
            let statement = field("statement");
            let name = constant_name(id).unwrap_or_else(|| {
                panic!("{file}: clause id '{id}' is not lowercase letters, digits, '.' and '-'")
            });
            if let Some((other, other_file)) = names.get(&name) {
                panic!(
                    "{file}: clause id '{id}' and clause id '{other}' ({other_file}) both make \
                     the constant {name}: rename one of them"
                );
            }
            names.insert(name.clone(), (id.to_owned(), file.clone()));
            let doc = format!("`{id}` ({file}): {}", markdown_text(statement));
            let _ = writeln!(out, "#[doc = {doc:?}]");
            let _ = writeln!(out, "pub const {name}: &str = {id:?};");
        }
    }
    let dest = out_dir.join("clause_ids.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}

/// The constant's name for a clause id: upper case, `.` and `-` as `_`
/// (`xq.result.checkmate-loses` is `XQ_RESULT_CHECKMATE_LOSES`); `None` for an id that is
/// not lowercase ASCII letters, digits, `.` and `-` starting with a letter.
/// `scripts/clause_ids.py` and `tests/suite/clause_ids_in_code.rs` use the same rule.
fn constant_name(id: &str) -> Option<String> {
    let valid = id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-');
    valid.then(|| id.to_ascii_uppercase().replace(['.', '-'], "_"))
}

/// A statement as documentation text: Markdown's special characters escaped, so that the
/// text reads as written and rustdoc finds no link or HTML in it.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The commit of the checkout the package is, when its `spec/` and `cases/` have no change
/// against it; `None` outside a git checkout of this package (a packaged crate).
fn suite_commit(root: &Path) -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    // The package must be the top of the checkout, not a directory inside another one
    // (`cargo package` builds in target/package/).
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    if fs::canonicalize(&top).ok()? != fs::canonicalize(root).ok()? {
        return None;
    }
    let changed = git(&["status", "--porcelain", "--", "spec", "cases"])?;
    if !changed.is_empty() {
        return None;
    }
    let commit = git(&["rev-parse", "HEAD"])?;
    (!commit.is_empty()).then_some(commit)
}
