//! The error of reading reports and baselines.

use std::fmt;
use std::path::{Path, PathBuf};

/// A report or baseline that could not be read: the file and line when known, and what is
/// wrong (naming the field).
///
/// ```
/// use arbiter::report::ReportError;
///
/// let err = ReportError::new("missing field `case`").at("report.jsonl", 17);
/// assert_eq!(err.to_string(), "report.jsonl:17: missing field `case`");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportError {
    /// The file, when known.
    pub path: Option<PathBuf>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// 1-based column, when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl ReportError {
    /// An error not yet placed in a file.
    pub fn new(message: impl Into<String>) -> ReportError {
        ReportError {
            path: None,
            line: None,
            column: None,
            message: message.into(),
        }
    }

    /// An error about a whole file.
    pub fn file(path: impl Into<PathBuf>, message: impl Into<String>) -> ReportError {
        ReportError {
            path: Some(path.into()),
            ..ReportError::new(message)
        }
    }

    /// The error placed at `line` of `path`.
    pub fn at(self, path: impl Into<PathBuf>, line: usize) -> ReportError {
        ReportError {
            path: Some(path.into()),
            line: Some(line),
            ..self
        }
    }

    /// The error placed in `path`: at `line` when known, else at the whole file (an entry
    /// of a list whose lines could not all be found).
    pub(crate) fn within(self, path: &Path, line: Option<usize>) -> ReportError {
        match line {
            Some(line) => self.at(path, line),
            None => ReportError {
                path: Some(path.to_owned()),
                ..self
            },
        }
    }

    /// Reads a file of entries (a baseline); `what` names it in the message when it cannot
    /// be read (`cannot read baseline: …`).
    pub(crate) fn read(path: &Path, what: &str) -> Result<String, ReportError> {
        std::fs::read_to_string(path)
            .map_err(|e| ReportError::file(path, format!("cannot read {what}: {e}")))
    }

    /// Parses the text of a YAML file; errors keep their line, column and field.
    pub(crate) fn parse_yaml<T: serde::de::DeserializeOwned>(
        path: &Path,
        text: &str,
    ) -> Result<T, ReportError> {
        serde_yaml::from_str(text).map_err(|e| ReportError::yaml(path, &e))
    }

    /// Converts a YAML error, keeping its location and adding the file.
    pub(crate) fn yaml(path: &Path, err: &serde_yaml::Error) -> ReportError {
        let mut message = err.to_string();
        let (line, column) = match err.location() {
            Some(loc) => {
                // The text says " at line L column C"; the location goes in front instead.
                let place = format!(" at line {} column {}", loc.line(), loc.column());
                message = message.replacen(&place, "", 1);
                (Some(loc.line()), Some(loc.column()))
            }
            None => (None, None),
        };
        ReportError {
            path: Some(path.to_owned()),
            line,
            column,
            message,
        }
    }
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}", path.display())?;
            if let Some(line) = self.line {
                write!(f, ":{line}")?;
                if let Some(column) = self.column {
                    write!(f, ":{column}")?;
                }
            }
            write!(f, ": ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ReportError {}
