//! Reading the project's YAML data (catalogs, cases, editions, time controls): every error
//! located by file, line and column, the data files of a directory, the line an `id:` stands
//! on, and the slug syntax ids are made of. Everything that loads YAML builds on this
//! module; it depends on nothing else in the crate.

use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The keys given, in order, of `keys`, each paired with whether it is present: for the
/// checks that a data entry has exactly one of some keys, or none of others.
///
/// ```
/// let given = arbiter::yaml::keys_given([("fischer", false), ("periods", true)]);
/// assert_eq!(given, ["periods"]);
/// ```
pub fn keys_given<const N: usize>(keys: [(&'static str, bool); N]) -> Vec<&'static str> {
    keys.into_iter()
        .filter(|(_, given)| *given)
        .map(|(key, _)| key)
        .collect()
}

/// A file that could not be read or parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line of the problem, when known.
    pub line: Option<usize>,
    /// 1-based column of the problem, when known.
    pub column: Option<usize>,
    /// What is wrong: the field (as a path like `clauses[2].kind`) and what was expected.
    pub message: String,
}

impl LoadError {
    /// An error about a whole file (it cannot be read, a directory is missing).
    pub fn file(path: impl Into<PathBuf>, message: impl Into<String>) -> LoadError {
        LoadError {
            path: path.into(),
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// Converts a YAML error, keeping its location and adding the file.
    pub fn yaml(path: &Path, err: &serde_yaml::Error) -> LoadError {
        let mut message = err.to_string();
        let (line, column) = match err.location() {
            Some(loc) => {
                // The YAML error text ends with " at line L column C"; the location is
                // printed in front instead.
                let suffix = format!(" at line {} column {}", loc.line(), loc.column());
                if let Some(stripped) = message.strip_suffix(&suffix) {
                    message = stripped.to_owned();
                }
                // A list at the top (case files) has the path ".[0]": drop the dot.
                if message.starts_with(".[") {
                    message.remove(0);
                }
                (Some(loc.line()), Some(loc.column()))
            }
            None => (None, None),
        };
        LoadError {
            path: path.to_owned(),
            line,
            column,
            message,
        }
    }
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
            if let Some(column) = self.column {
                write!(f, ":{column}")?;
            }
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for LoadError {}

/// Every error found while loading a set of files, one per line when displayed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, err) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{err}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// The definitions a process uses, data the shipped files give and a directory of files
/// may extend (editions, time controls): the shipped ones, unless others were installed
/// before the first use; after it they are fixed.
pub struct Installed<T> {
    cell: OnceLock<T>,
    /// Loads the shipped definitions.
    builtin: fn() -> Result<T, LoadErrors>,
    /// Adds those of a directory.
    with_dir: fn(T, &Path) -> Result<T, LoadErrors>,
    /// The panic message when the shipped files do not load.
    broken: &'static str,
    /// The error message of an installation after the first use.
    in_use: &'static str,
}

impl<T> Installed<T> {
    /// Nothing installed yet: `builtin` loads the shipped definitions and `with_dir` adds
    /// those of a directory; `broken` is the panic message when the shipped files do not
    /// load, `in_use` the error of an installation after the first use.
    pub const fn new(
        builtin: fn() -> Result<T, LoadErrors>,
        with_dir: fn(T, &Path) -> Result<T, LoadErrors>,
        broken: &'static str,
        in_use: &'static str,
    ) -> Installed<T> {
        Installed {
            cell: OnceLock::new(),
            builtin,
            with_dir,
            broken,
            in_use,
        }
    }

    /// The installed definitions, the shipped ones when none were installed.
    ///
    /// # Panics
    ///
    /// If the shipped files are broken (a build defect the crate's tests catch).
    pub fn get(&self) -> &T {
        self.cell.get_or_init(|| match (self.builtin)() {
            Ok(t) => t,
            Err(e) => panic!("{}:\n{e}", self.broken),
        })
    }

    /// Installs `value`; after the first use, the installed value stays and `value` is
    /// given back.
    pub fn install(&self, value: T) -> Result<(), T> {
        self.cell.set(value)
    }

    /// Installs the shipped definitions plus those of `dir`.
    pub fn install_dir(&self, dir: &Path) -> Result<(), LoadErrors> {
        let all = (self.with_dir)((self.builtin)()?, dir)?;
        self.install(all)
            .map_err(|_| LoadErrors(vec![LoadError::file(dir, self.in_use)]))
    }
}

/// Gives the text of every `*.yaml` file of `dir` (not its subdirectories), in file order,
/// to `add`; `Ok` holds the errors of the files that could not be read or added, `Err` the
/// error of a directory that cannot be listed.
pub fn add_dir_files(
    dir: &Path,
    mut add: impl FnMut(&Path, &str) -> Result<(), LoadError>,
) -> Result<Vec<LoadError>, LoadErrors> {
    let files = yaml_files(dir, false).map_err(|e| LoadErrors(vec![e]))?;
    let mut errors = Vec::new();
    for path in files {
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                if let Err(e) = add(&path, &text) {
                    errors.push(e);
                }
            }
            Err(e) => errors.push(LoadError::file(&path, format!("cannot read file: {e}"))),
        }
    }
    Ok(errors)
}

/// The `*.yaml` and `*.yml` files of a directory, sorted; with `recursive`, also those of
/// its subdirectories. A path that is itself a file is returned as it is.
pub fn yaml_files(path: &Path, recursive: bool) -> Result<Vec<PathBuf>, LoadError> {
    if path.is_file() {
        return Ok(vec![path.to_owned()]);
    }
    let mut files = Vec::new();
    collect(path, recursive, &mut files)?;
    files.sort();
    Ok(files)
}

fn collect(dir: &Path, recursive: bool, files: &mut Vec<PathBuf>) -> Result<(), LoadError> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| LoadError::file(dir, format!("cannot read directory: {e}")))?;
    for entry in entries {
        let entry =
            entry.map_err(|e| LoadError::file(dir, format!("cannot read directory: {e}")))?;
        let path = entry.path();
        if path.is_dir() {
            if recursive {
                collect(&path, recursive, files)?;
            }
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yaml") | Some("yml")
        ) {
            files.push(path);
        }
    }
    Ok(())
}

/// Reads and parses one YAML file; the text is returned alongside the value.
pub(crate) fn parse_file<T: DeserializeOwned>(path: &Path) -> Result<(String, T), LoadError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| LoadError::file(path, format!("cannot read file: {e}")))?;
    let value = parse_text(path, &text)?;
    Ok((text, value))
}

/// Parses the text of a YAML file (one read from disk, or one embedded in the binary and
/// named by its path in the repository); errors name `path`.
pub(crate) fn parse_text<T: DeserializeOwned>(path: &Path, text: &str) -> Result<T, LoadError> {
    serde_yaml::from_str(text).map_err(|e| LoadError::yaml(path, &e))
}

/// The 1-based line on which a list item `id: <id>` (or `- id: <id>`) stands in a YAML
/// text, to point messages at a clause or case. Quoted ids are found too.
pub fn find_id_line(text: &str, id: &str) -> Option<usize> {
    find_id_line_nth(text, id, 0)
}

/// Like [`find_id_line`], for the `nth` (0-based) item with that id (duplicates).
pub fn find_id_line_nth(text: &str, id: &str, nth: usize) -> Option<usize> {
    item_keys(text)
        .filter(|(_, key)| {
            let Some(rest) = key.strip_prefix("id:") else {
                return false;
            };
            let value = rest.split(" #").next().unwrap_or("").trim();
            value.trim_matches(|c| c == '"' || c == '\'') == id
        })
        .nth(nth)
        .map(|(line, _)| line)
}

/// The 1-based lines of the `count` items of a YAML list that open with one of `keys`
/// (`case:`, `id:`), when they can all be found (block items, or flow items one per line);
/// `None` otherwise. Loaders use them to point an entry's error at its line.
pub(crate) fn item_lines(text: &str, keys: &[&str], count: usize) -> Option<Vec<usize>> {
    let lines: Vec<usize> = item_keys(text)
        .filter(|(_, key)| {
            keys.iter()
                .any(|k| key.strip_prefix(k).is_some_and(|r| r.starts_with(':')))
        })
        .map(|(line, _)| line)
        .collect();
    (lines.len() == count).then_some(lines)
}

/// Each line of a YAML text (1-based) with what follows its indentation, a list item's `-`
/// and a flow mapping's `{`: `  - case: a.b` and `- {case: a.b}` give `case: a.b…`.
fn item_keys(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| {
        let item = line.trim_start();
        let item = item.strip_prefix('-').map_or(item, str::trim_start);
        let item = item.strip_prefix('{').map_or(item, str::trim_start);
        (i + 1, item)
    })
}

/// Whether `s` matches `[a-z0-9]+(-[a-z0-9]+)*`.
pub(crate) fn is_slug_segment(s: &str) -> bool {
    s.split('-').all(|w| {
        !w.is_empty()
            && w.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one() -> Result<u32, LoadErrors> {
        Ok(1)
    }

    fn plus_one(n: u32, _: &Path) -> Result<u32, LoadErrors> {
        Ok(n + 1)
    }

    #[test]
    fn installed_definitions_are_fixed_at_their_first_use() {
        static NUMBERS: Installed<u32> = Installed::new(one, plus_one, "broken", "in use");
        assert_eq!(*NUMBERS.get(), 1);
        let err = NUMBERS.install_dir(Path::new("more")).unwrap_err();
        assert_eq!(err.0[0].message, "in use");
        assert_eq!(NUMBERS.install(5), Err(5));
        assert_eq!(*NUMBERS.get(), 1);
    }

    #[test]
    fn installed_definitions_take_a_directory_before_their_first_use() {
        static NUMBERS: Installed<u32> = Installed::new(one, plus_one, "broken", "in use");
        NUMBERS.install_dir(Path::new("more")).unwrap();
        assert_eq!(*NUMBERS.get(), 2);
    }

    #[test]
    fn id_lines_are_found_with_or_without_dash_and_quotes() {
        let text = "- id: a.b\n  x: 1\n-   id: \"c.d\" # note\n  - id: 'e.f'\n";
        assert_eq!(find_id_line(text, "a.b"), Some(1));
        assert_eq!(find_id_line(text, "c.d"), Some(3));
        assert_eq!(find_id_line(text, "e.f"), Some(4));
        assert_eq!(find_id_line(text, "a"), None);
    }

    #[test]
    fn item_lines_are_found_only_when_every_item_is() {
        let text = "known:\n  - id: a\n    ids_note: x\n  - {ids: [b, c]}\n  -   case: d\n";
        assert_eq!(item_lines(text, &["id", "ids"], 2), Some(vec![2, 4]));
        assert_eq!(item_lines(text, &["case"], 1), Some(vec![5]));
        assert_eq!(item_lines(text, &["case"], 2), None);
    }
}
