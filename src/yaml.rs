//! Reading the project's YAML data (catalogs, cases, editions, time controls): every error
//! located by file, line and column, the data files of a directory, the line an `id:` stands
//! on, and the slug syntax ids are made of. Everything that loads YAML builds on this
//! module; it depends on nothing else in the crate.

use serde::de::DeserializeOwned;
use std::fmt;
use std::path::{Path, PathBuf};

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
