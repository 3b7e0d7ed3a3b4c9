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
