//! Reading case files.

use super::Case;
use crate::yaml::{find_id_line, parse_text, yaml_files, LoadError, LoadErrors};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// The file of a case directory that names histories shared by its cases.
pub const HISTORIES_FILE: &str = "histories.yaml";

/// A history shared by several cases (`histories.yaml`, beside the case files): a starting
/// position and moves. A case that writes `history: <name>` starts from its position and
/// plays its moves before its own.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SharedHistory {
    /// The starting position as FEN; the start position when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// The moves played from it: a list of texts, or numbered rounds in one string
    /// ([`read_rounds`](crate::case::read_rounds)).
    #[serde(deserialize_with = "super::rounds::list_or_rounds")]
    pub moves: Vec<String>,
    /// What the history is, for a reader.
    #[serde(default)]
    pub note: Option<String>,
}

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
    // A case file named alone still finds the histories beside it.
    let dirs: BTreeSet<PathBuf> = files
        .iter()
        .filter_map(|f| f.parent().map(Path::to_owned))
        .collect();
    files.extend(
        dirs.into_iter()
            .map(|dir| dir.join(HISTORIES_FILE))
            .filter(|beside| beside.is_file()),
    );
    files.sort();
    files.dedup();
    let mut texts = Vec::with_capacity(files.len());
    for path in files {
        match std::fs::read_to_string(&path) {
            Ok(text) => texts.push((path, text)),
            Err(e) => errors.push(LoadError::file(&path, format!("cannot read file: {e}"))),
        }
    }
    assemble(texts, errors)
}

/// The cases shipped inside the binary ([`crate::shipped::CASE_FILES`]), each file named by
/// its path in the repository (`cases/xiangqi/check.yaml`), as errors name it.
///
/// ```
/// let suite = arbiter::case::shipped_cases().unwrap();
/// assert!(suite.len() > 100);
/// assert!(suite.files.iter().all(|f| f.path.starts_with("cases")));
/// ```
pub fn shipped_cases() -> Result<Suite, LoadErrors> {
    cases_from_texts(crate::shipped::CASE_FILES)
}

/// Case files from texts, each named by a path (`cases/xiangqi/check.yaml`) that errors
/// name with their line and column. A `histories.yaml` among them serves the case files of
/// its directory.
pub fn cases_from_texts(files: &[(&str, &str)]) -> Result<Suite, LoadErrors> {
    let texts = files
        .iter()
        .map(|(path, text)| (PathBuf::from(path), (*text).to_owned()))
        .collect();
    assemble(texts, Vec::new())
}

/// Parses case files and the shared histories among them (sorted by path), and resolves
/// each case's history against those of its directory.
fn assemble(
    files: Vec<(PathBuf, String)>,
    mut errors: Vec<LoadError>,
) -> Result<Suite, LoadErrors> {
    let (history_files, files): (Vec<_>, Vec<_>) = files
        .into_iter()
        .partition(|(p, _)| p.file_name().is_some_and(|n| n == HISTORIES_FILE));
    // The shared histories of each directory.
    let mut histories: HashMap<PathBuf, BTreeMap<String, SharedHistory>> = HashMap::new();
    for (path, text) in history_files {
        match parse_text::<Option<BTreeMap<String, SharedHistory>>>(&path, &text) {
            Ok(map) => {
                let dir = path.parent().map(Path::to_owned).unwrap_or_default();
                histories.insert(dir, map.unwrap_or_default());
            }
            Err(e) => errors.push(e),
        }
    }
    let mut suite = Suite::default();
    for (path, text) in files {
        let dir = path.parent().map(Path::to_owned).unwrap_or_default();
        let parsed = match parse_text::<Option<Vec<Case>>>(&path, &text) {
            Ok(cases) => LoadedCaseFile {
                path,
                text,
                // An empty file is an empty list.
                cases: cases.unwrap_or_default(),
            },
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        match resolve_histories(parsed, histories.get(&dir)) {
            Ok(file) => suite.files.push(file),
            Err(e) => errors.extend(e),
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

/// Puts each case's shared history in front of its own moves.
fn resolve_histories(
    mut file: LoadedCaseFile,
    histories: Option<&BTreeMap<String, SharedHistory>>,
) -> Result<LoadedCaseFile, Vec<LoadError>> {
    let mut errors = Vec::new();
    for case in &mut file.cases {
        let Some(name) = &case.history else { continue };
        let at = |message: String| LoadError {
            path: file.path.clone(),
            line: find_id_line(&file.text, &case.id),
            column: None,
            message,
        };
        let Some(shared) = histories.and_then(|h| h.get(name)) else {
            let known = histories
                .map(|h| h.keys().cloned().collect::<Vec<_>>().join(", "))
                .unwrap_or_default();
            errors.push(at(format!(
                "{}: history '{name}' is not in {} beside this file{}",
                case.id,
                HISTORIES_FILE,
                if known.is_empty() {
                    String::new()
                } else {
                    format!(" (it has: {known})")
                }
            )));
            continue;
        };
        if case.position.is_some() {
            errors.push(at(format!(
                "{}: `position` and `history` do not go together (the history starts from its own position)",
                case.id
            )));
            continue;
        }
        case.position = shared.position.clone();
        let own = std::mem::take(&mut case.moves);
        case.moves = shared.moves.iter().cloned().chain(own).collect();
    }
    if errors.is_empty() {
        Ok(file)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_embedded_case_error_names_its_repository_path_and_line() {
        let bad = "- id: a.b\n  ruleset: xiangqi\n  clauses: [xq.a.b]\n  nonsense: 1\n";
        let text = cases_from_texts(&[("cases/xiangqi/x.yaml", bad)])
            .unwrap_err()
            .to_string();
        assert!(text.starts_with("cases/xiangqi/x.yaml:"), "{text}");
        assert!(text.contains("nonsense"), "{text}");
    }

    #[test]
    fn embedded_cases_find_the_histories_of_their_directory() {
        let histories = "opening:\n  moves: [h2e2]\n";
        let cases = "- id: a.b\n  ruleset: xiangqi\n  clauses: [xq.a.b]\n  history: opening\n  moves: [h9g7]\n  expect: {legal: [a0a1]}\n";
        let suite = cases_from_texts(&[
            ("cases/x/histories.yaml", histories),
            ("cases/x/a.yaml", cases),
        ])
        .unwrap();
        assert_eq!(suite.files.len(), 1);
        assert_eq!(suite.files[0].cases[0].moves, ["h2e2", "h9g7"]);
        let missing = cases_from_texts(&[("cases/y/a.yaml", cases)]).unwrap_err();
        assert!(
            missing.to_string().contains("history 'opening'"),
            "{missing}"
        );
    }

    #[test]
    fn the_shipped_cases_are_the_reviewed_files_of_cases() {
        let shipped = shipped_cases().unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let on_disk = load_cases(&[root.join("cases")]).unwrap();
        fn files(suite: &Suite) -> Vec<(&Path, &Vec<Case>)> {
            suite
                .files
                .iter()
                .map(|f| (f.path.as_path(), &f.cases))
                .collect()
        }
        crate::shipped::assert_shipped_as_on_disk(&files(&shipped), &files(&on_disk));
    }
}
