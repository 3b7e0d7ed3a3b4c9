//! Reading case files.

use super::Case;
use crate::spec::{load::parse_file, yaml_files, LoadError, LoadErrors};
use std::path::{Path, PathBuf};

/// A case file and its cases.
#[derive(Debug, Clone)]
pub struct LoadedCaseFile {
    /// The file.
    pub path: PathBuf,
    /// Its text (to find the line of a case for messages).
    pub text: String,
    /// The cases, in file order.
    pub cases: Vec<Case>,
}

/// Every loaded case file.
#[derive(Debug, Clone, Default)]
pub struct Suite {
    /// The files, sorted by path.
    pub files: Vec<LoadedCaseFile>,
}

impl Suite {
    /// Every case with the file it came from.
    pub fn cases(&self) -> impl Iterator<Item = (&LoadedCaseFile, &Case)> {
        self.files
            .iter()
            .flat_map(|f| f.cases.iter().map(move |c| (f, c)))
    }

    /// The number of cases.
    pub fn len(&self) -> usize {
        self.files.iter().map(|f| f.cases.len()).sum()
    }

    /// Whether there are no cases.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The directory name of cases not yet reviewed (`cases/staging/`, where `arbiter fuzz`
/// writes what it finds): skipped when a directory above it is loaded, loaded when named.
pub const STAGING_DIR: &str = "staging";

/// Loads the case files (`*.yaml`, `*.yml`) under each path, recursively; a path may also
/// name one file. A `staging/` directory below a path is skipped ([`STAGING_DIR`]): its
/// cases are loaded only when it (or one of its files) is named. Every malformed file is
/// reported, not just the first.
pub fn load_cases(paths: &[PathBuf]) -> Result<Suite, LoadErrors> {
    let mut errors = Vec::new();
    let mut files = Vec::new();
    for path in paths {
        if !path.exists() {
            errors.push(LoadError::file(path, "no such file or directory"));
            continue;
        }
        match yaml_files(path, true) {
            Ok(found) => files.extend(found.into_iter().filter(|f| !staged(path, f))),
            Err(e) => errors.push(e),
        }
    }
    files.sort();
    files.dedup();
    let mut suite = Suite::default();
    for path in files {
        match load_file(&path) {
            Ok(file) => suite.files.push(file),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(suite)
    } else {
        Err(LoadErrors(errors))
    }
}

/// Whether `file`, found under `root`, lies in a staging directory below it.
fn staged(root: &Path, file: &Path) -> bool {
    file.strip_prefix(root).is_ok_and(|rel| {
        rel.parent()
            .is_some_and(|dir| dir.components().any(|c| c.as_os_str() == STAGING_DIR))
    })
}

fn load_file(path: &Path) -> Result<LoadedCaseFile, LoadError> {
    let (text, cases) = parse_file::<Option<Vec<Case>>>(path)?;
    Ok(LoadedCaseFile {
        path: path.to_owned(),
        text,
        // An empty file is an empty list.
        cases: cases.unwrap_or_default(),
    })
}
