//! Choosing which cases run under which rulesets.

use super::{Case, LoadedCaseFile, Suite};
use crate::spec::RulesetPattern;
use crate::Ruleset;
use std::path::Path;

/// A shell-style pattern over case ids: `*` matches any run of characters, `?` any one
/// character; everything else matches itself.
///
/// ```
/// use arbiter::case::Glob;
/// let g = Glob::new("russian.capture.*");
/// assert!(g.matches("russian.capture.promotes-mid-capture"));
/// assert!(!g.matches("brazilian.capture.majority"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glob(Vec<char>);

impl Glob {
    /// A pattern from its text.
    pub fn new(pattern: &str) -> Glob {
        Glob(pattern.chars().collect())
    }

    /// Whether the whole of `text` matches.
    pub fn matches(&self, text: &str) -> bool {
        let text: Vec<char> = text.chars().collect();
        let pat = &self.0;
        // Iterative matching with backtracking to the last `*`.
        let (mut p, mut t) = (0, 0);
        let mut star: Option<(usize, usize)> = None;
        while t < text.len() {
            match pat.get(p) {
                Some('*') => {
                    star = Some((p, t));
                    p += 1;
                }
                Some(&c) if c == '?' || c == text[t] => {
                    p += 1;
                    t += 1;
                }
                _ => match star {
                    Some((sp, st)) => {
                        p = sp + 1;
                        t = st + 1;
                        star = Some((sp, st + 1));
                    }
                    None => return false,
                },
            }
        }
        pat[p..].iter().all(|&c| c == '*')
    }
}

/// Which case runs to make. Empty lists select everything.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    /// Run only under rulesets these patterns match (`xiangqi` = every xiangqi edition).
    pub rulesets: Vec<RulesetPattern>,
    /// Run only cases whose id matches one of these.
    pub filters: Vec<Glob>,
    /// Run only cases that cite one of these clause ids.
    pub clauses: Vec<String>,
}

/// One case to run under one ruleset.
#[derive(Debug, Clone, Copy)]
pub struct PlannedRun<'a> {
    /// The file the case is in.
    pub file: &'a Path,
    /// The case.
    pub case: &'a Case,
    /// The ruleset to run it under.
    pub ruleset: &'a Ruleset,
}

impl PlannedRun<'_> {
    /// The test name: the case id, with `@<ruleset>` appended when the case runs under
    /// several rulesets.
    pub fn name(&self) -> String {
        if self.case.rulesets.len() > 1 {
            format!("{}@{}", self.case.id, self.ruleset)
        } else {
            self.case.id.clone()
        }
    }
}

/// The runs a selection makes of a suite, in file and case order.
pub fn planned_runs<'a>(suite: &'a Suite, selection: &Selection) -> Vec<PlannedRun<'a>> {
    let mut runs = Vec::new();
    for (file, case) in suite.cases() {
        if !selected_case(case, selection) {
            continue;
        }
        for ruleset in &case.rulesets {
            if selection.rulesets.is_empty()
                || selection.rulesets.iter().any(|p| p.matches(ruleset))
            {
                runs.push(PlannedRun {
                    file: file_path(file),
                    case,
                    ruleset,
                });
            }
        }
    }
    runs
}

fn file_path(file: &LoadedCaseFile) -> &Path {
    &file.path
}

fn selected_case(case: &Case, selection: &Selection) -> bool {
    (selection.filters.is_empty() || selection.filters.iter().any(|g| g.matches(&case.id)))
        && (selection.clauses.is_empty()
            || case.clauses.iter().any(|c| selection.clauses.contains(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_stars_and_question_marks() {
        assert!(Glob::new("*").matches(""));
        assert!(Glob::new("a*c").matches("abbbc"));
        assert!(Glob::new("a*c").matches("ac"));
        assert!(!Glob::new("a*c").matches("acb"));
        assert!(Glob::new("a?c").matches("abc"));
        assert!(!Glob::new("a?c").matches("ac"));
        assert!(Glob::new("*.capture.*").matches("russian.capture.x"));
        assert!(!Glob::new("russian").matches("russian.capture.x"));
        assert!(Glob::new("*a*b").matches("xaxbxab"));
    }
}
