//! Baselines: the known failures of an engine, so a run can be judged on what changed.
//!
//! ```yaml
//! # arbiter baseline: known failures of pydraughts 0.6.7
//! engine: pydraughts 0.6.7
//! failures:
//!   - case: russian.capture.majority
//!     ruleset: russian@fmjd64      # optional: every ruleset the case runs under when absent
//!     reason: "pydraughts does not enforce the capture majority"
//! ```
//!
//! A run judged against a baseline ([`gate`]) is conformant when every failed or errored
//! result is listed. Listed cases that pass are reported so the baseline shrinks, and entries
//! that match no run are reported as stale; neither makes the run non-conformant.

use super::{write_list, BaselineMark, Report, ReportError, ResultEvent};
use crate::case::{is_case_id, Verdict};
use crate::spec::RulesetPattern;
use crate::yaml::item_lines;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The known failures of an engine.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Baseline {
    /// The engine the failures are of (`pydraughts 0.6.7`), for people and warnings.
    pub engine: Option<String>,
    /// The known failures.
    pub failures: Vec<BaselineEntry>,
    /// The file it was loaded from.
    pub path: Option<PathBuf>,
}

/// One known failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaselineEntry {
    /// The case id.
    pub case: String,
    /// The ruleset: `game@edition`, or a game for every edition of it; `None` for every
    /// ruleset the case runs under.
    pub ruleset: Option<String>,
    /// Why the engine fails it.
    pub reason: String,
    /// The line of the entry's `case:` in the file it was loaded from.
    pub line: Option<usize>,
}

impl BaselineEntry {
    /// Whether this entry lists `case` under `ruleset` (written in full, `russian@fmjd64`).
    pub fn matches(&self, case: &str, ruleset: &str) -> bool {
        self.case == case
            && match self.ruleset.as_deref() {
                None => true,
                Some(r) if r.contains('@') => r == ruleset,
                Some(game) => ruleset.split('@').next() == Some(game),
            }
    }

    /// `case` or `case@ruleset`, for messages.
    pub fn label(&self) -> String {
        match &self.ruleset {
            Some(r) => format!("{} [{r}]", self.case),
            None => self.case.clone(),
        }
    }
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawBaseline {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    engine: Option<String>,
    #[serde(default)]
    failures: Vec<RawEntry>,
}

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    case: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ruleset: Option<String>,
    reason: String,
}

impl Baseline {
    /// Reads a baseline file. Errors name the file, line and field
    /// (`baseline.yaml:5:5: failures[0]: unknown field `rulset`, …`).
    pub fn load(path: &Path) -> Result<Baseline, ReportError> {
        let text = ReportError::read(path, "baseline")?;
        Baseline::parse(path, &text)
    }

    /// Parses the text of a baseline file; `path` is used in messages.
    pub fn parse(path: &Path, text: &str) -> Result<Baseline, ReportError> {
        let raw: RawBaseline = ReportError::parse_yaml(path, text)?;
        let lines = item_lines(text, &["case"], raw.failures.len());
        let mut failures: Vec<BaselineEntry> = Vec::with_capacity(raw.failures.len());
        for (i, entry) in raw.failures.into_iter().enumerate() {
            let line = lines.as_ref().map(|l| l[i]);
            let fail = |message: String| {
                ReportError::new(format!("failures[{i}].{message}")).within(path, line)
            };
            if !is_case_id(&entry.case) {
                return Err(fail(format!(
                    "case: '{}' is not a case id (like russian.capture.majority)",
                    entry.case
                )));
            }
            if let Some(ruleset) = &entry.ruleset {
                if let Err(e) = ruleset.parse::<RulesetPattern>() {
                    return Err(fail(format!("ruleset: {e}")));
                }
            }
            if entry.reason.trim().is_empty() {
                return Err(fail(
                    "reason: empty; say why the engine fails this case".to_owned(),
                ));
            }
            if let Some((j, first)) = failures
                .iter()
                .enumerate()
                .find(|(_, f)| f.case == entry.case && f.ruleset == entry.ruleset)
            {
                let at = first
                    .line
                    .map(|l| format!(", line {l}"))
                    .unwrap_or_default();
                return Err(fail(format!(
                    "case: {} is listed twice (first as failures[{j}]{at})",
                    first.label()
                )));
            }
            failures.push(BaselineEntry {
                case: entry.case,
                ruleset: entry.ruleset,
                reason: entry.reason,
                line,
            });
        }
        Ok(Baseline {
            engine: raw.engine,
            failures,
            path: Some(path.to_owned()),
        })
    }

    /// The baseline that accepts a report as it is: every failed or errored result, by case
    /// and ruleset, sorted. The reason is `reason` when given, else the result's message.
    pub fn from_report(report: &Report, reason: Option<&str>) -> Baseline {
        let mut seen = BTreeSet::new();
        let mut failures: Vec<BaselineEntry> = report
            .results
            .iter()
            .filter(|r| r.is_failure())
            .filter(|r| seen.insert((r.case.clone(), r.ruleset.clone())))
            .map(|r| BaselineEntry {
                case: r.case.clone(),
                ruleset: Some(r.ruleset.clone()),
                reason: match reason {
                    Some(text) if !text.trim().is_empty() => text.to_owned(),
                    _ if !r.message.trim().is_empty() => first_line(&r.message),
                    _ => r.verdict.name().to_owned(),
                },
                line: None,
            })
            .collect();
        failures.sort_by(|a, b| (&a.case, &a.ruleset).cmp(&(&b.case, &b.ruleset)));
        Baseline {
            engine: Some(report.engine().label()),
            failures,
            path: None,
        }
    }

    /// The baseline a report was judged against, as recorded in its results (`baseline:
    /// expected-failure`): one entry per marked result. Entries that matched no run are not
    /// recorded in a report, so this baseline has no stale entries.
    pub fn from_marks(report: &Report) -> Baseline {
        let failures = report
            .results
            .iter()
            .filter_map(|r| {
                r.expected_failure().map(|reason| BaselineEntry {
                    case: r.case.clone(),
                    ruleset: Some(r.ruleset.clone()),
                    reason: reason.to_owned(),
                    line: None,
                })
            })
            .collect();
        Baseline {
            engine: report.header.engine.as_ref().map(|e| e.label()),
            failures,
            path: report.header.baseline.as_ref().map(PathBuf::from),
        }
    }

    /// Takes the reasons of `previous` for the entries it also lists (a hand-written reason
    /// survives `arbiter baseline update`). Returns how many reasons were kept.
    pub fn keep_reasons(&mut self, previous: &Baseline) -> usize {
        let mut kept = 0;
        for entry in &mut self.failures {
            let ruleset = entry.ruleset.clone().unwrap_or_default();
            if let Some(old) = previous.entry_for(&entry.case, &ruleset) {
                entry.reason.clone_from(&old.reason);
                kept += 1;
            }
        }
        kept
    }

    /// The file's text, with a comment naming the engine.
    pub fn to_yaml(&self) -> String {
        let raw = RawBaseline {
            engine: self.engine.clone(),
            failures: self
                .failures
                .iter()
                .map(|f| RawEntry {
                    case: f.case.clone(),
                    ruleset: f.ruleset.clone(),
                    reason: f.reason.clone(),
                })
                .collect(),
        };
        let body = serde_yaml::to_string(&raw).unwrap_or_default();
        let engine = self.engine.as_deref().unwrap_or("the engine");
        let mut out = format!("# arbiter baseline: known failures of {engine}\n");
        // The list items indented under `failures:` (the last key), as people write them.
        let mut in_failures = false;
        for line in body.lines() {
            if in_failures {
                out.push_str("  ");
            }
            out.push_str(line);
            out.push('\n');
            in_failures |= line == "failures:";
        }
        out
    }

    /// The entry listing `case` under `ruleset`: one naming the ruleset (or its game) before
    /// one for every ruleset.
    pub fn entry_for(&self, case: &str, ruleset: &str) -> Option<&BaselineEntry> {
        let mut matching = self.failures.iter().filter(|f| f.matches(case, ruleset));
        let first = matching.next()?;
        if first.ruleset.is_some() {
            return Some(first);
        }
        Some(matching.find(|f| f.ruleset.is_some()).unwrap_or(first))
    }

    /// Records in `result` what this baseline says about it (replacing an earlier mark).
    pub fn mark(&self, result: &mut ResultEvent) {
        result.baseline =
            self.entry_for(&result.case, &result.ruleset)
                .map(|f| BaselineMark::ExpectedFailure {
                    reason: f.reason.clone(),
                });
    }
}

/// The judgement of a run against a baseline.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Gate {
    /// Failed or errored results the baseline does not list: the run is not conformant.
    pub unexpected_failures: Vec<ResultEvent>,
    /// Failed or errored results the baseline lists (marked with its reason).
    pub expected_failures: Vec<ResultEvent>,
    /// Passed results the baseline lists: remove them from the baseline.
    pub unexpected_passes: Vec<ResultEvent>,
    /// Baseline entries that match no result: the case is gone, renamed, or not selected.
    pub stale: Vec<BaselineEntry>,
}

impl Gate {
    /// No unexpected failure: the run conforms, given the baseline.
    pub fn conformant(&self) -> bool {
        self.unexpected_failures.is_empty()
    }

    /// The exit code of a run that went to its end: 0 conformant, 1 not.
    pub fn exit_code(&self) -> u8 {
        u8::from(!self.conformant())
    }

    /// The gate for the terminal, after the [`Summary`](super::Summary) (which lists the
    /// expected failures): unexpected passes, stale entries and the verdict. Empty when
    /// there is nothing to say (no baseline entry, no failure).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        write_list(
            &mut out,
            &self.unexpected_passes,
            |n| format!("unexpected passes (remove from the baseline): {n}"),
            |out, r| {
                let _ = writeln!(out, "  {} [{}]", r.case, r.ruleset);
            },
            "",
        );
        write_list(
            &mut out,
            &self.stale,
            |n| format!("stale baseline entries (no run matched): {n}"),
            |out, f| match f.line {
                Some(line) => {
                    let _ = writeln!(out, "  {} (line {line})", f.label());
                }
                None => {
                    let _ = writeln!(out, "  {}", f.label());
                }
            },
            "",
        );
        let anything = !out.is_empty()
            || !self.unexpected_failures.is_empty()
            || !self.expected_failures.is_empty();
        if anything {
            let _ = writeln!(
                out,
                "{}: {} unexpected failure(s), {} expected, {} unexpected pass(es), {} stale",
                if self.conformant() {
                    "conformant given the baseline"
                } else {
                    "not conformant"
                },
                self.unexpected_failures.len(),
                self.expected_failures.len(),
                self.unexpected_passes.len(),
                self.stale.len()
            );
        }
        out
    }
}

/// Judges `results` against `baseline`. The results in the gate carry the baseline's marks.
pub fn gate(baseline: &Baseline, results: &[ResultEvent]) -> Gate {
    let mut out = Gate::default();
    let mut used = vec![false; baseline.failures.len()];
    for result in results {
        for (i, f) in baseline.failures.iter().enumerate() {
            if f.matches(&result.case, &result.ruleset) {
                used[i] = true;
            }
        }
        let mut r = result.clone();
        baseline.mark(&mut r);
        match (r.verdict, r.baseline.is_some()) {
            (Verdict::Failed | Verdict::Errored, false) => out.unexpected_failures.push(r),
            (Verdict::Failed | Verdict::Errored, true) => out.expected_failures.push(r),
            (Verdict::Passed, true) => out.unexpected_passes.push(r),
            (Verdict::Passed | Verdict::Skipped, _) => {}
        }
    }
    out.stale = baseline
        .failures
        .iter()
        .zip(used)
        .filter(|(_, used)| !used)
        .map(|(f, _)| f.clone())
        .collect();
    out
}

/// The first line of a message (a baseline reason is one line).
fn first_line(text: &str) -> String {
    text.lines().next().unwrap_or_default().trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Baseline, String> {
        Baseline::parse(Path::new("baseline.yaml"), text).map_err(|e| e.to_string())
    }

    #[test]
    fn entries_match_by_case_and_ruleset_or_game() {
        let entry = |ruleset: Option<&str>| BaselineEntry {
            case: "a.b".into(),
            ruleset: ruleset.map(str::to_owned),
            reason: "r".into(),
            line: None,
        };
        assert!(entry(None).matches("a.b", "russian@fmjd64"));
        assert!(!entry(None).matches("a.c", "russian@fmjd64"));
        assert!(entry(Some("xiangqi")).matches("a.b", "xiangqi@axf"));
        assert!(!entry(Some("xiangqi@cxa")).matches("a.b", "xiangqi@axf"));
        assert!(!entry(Some("russian")).matches("a.b", "brazilian@cxa"));
    }

    #[test]
    fn the_specific_entry_gives_the_reason() {
        let baseline = parse(
            "failures:\n  - case: a.b\n    reason: everywhere\n  \
             - case: a.b\n    ruleset: russian\n    reason: russian only\n",
        )
        .unwrap();
        assert_eq!(
            baseline.entry_for("a.b", "russian@fmjd64").unwrap().reason,
            "russian only"
        );
        assert_eq!(
            baseline.entry_for("a.b", "brazilian@cxa").unwrap().reason,
            "everywhere"
        );
        assert_eq!(baseline.failures[1].line, Some(4));
    }

    #[test]
    fn semantic_errors_are_located() {
        assert_eq!(
            parse("failures:\n  - case: a.b\n    reason: x\n  - case: Bad\n    reason: y\n")
                .unwrap_err(),
            "baseline.yaml:4: failures[1].case: 'Bad' is not a case id (like russian.capture.majority)"
        );
        assert_eq!(
            parse("failures:\n  - case: a.b\n    ruleset: rusian\n    reason: x\n").unwrap_err(),
            "baseline.yaml:2: failures[0].ruleset: unknown game 'rusian' (expected brazilian, russian or xiangqi)"
        );
        assert_eq!(
            parse("failures:\n  - case: a.b\n    reason: ' '\n").unwrap_err(),
            "baseline.yaml:2: failures[0].reason: empty; say why the engine fails this case"
        );
        assert_eq!(
            parse("failures:\n  - case: a.b\n    reason: x\n  - case: a.b\n    reason: y\n")
                .unwrap_err(),
            "baseline.yaml:4: failures[1].case: a.b is listed twice (first as failures[0], line 2)"
        );
    }

    #[test]
    fn yaml_round_trips() {
        let baseline = Baseline {
            engine: Some("pydraughts 0.6.7".into()),
            failures: vec![BaselineEntry {
                case: "a.b".into(),
                ruleset: Some("russian@fmjd64".into()),
                reason: "it's: \"quoted\" # not a comment".into(),
                line: None,
            }],
            path: None,
        };
        let text = baseline.to_yaml();
        assert!(
            text.starts_with(
                "# arbiter baseline: known failures of pydraughts 0.6.7\n\
                 engine: pydraughts 0.6.7\nfailures:\n  - case: a.b\n    ruleset: russian@fmjd64\n"
            ),
            "{text}"
        );
        let back = parse(&text).unwrap();
        assert_eq!(back.engine, baseline.engine);
        assert_eq!(back.failures[0].reason, baseline.failures[0].reason);
        assert_eq!(back.failures[0].ruleset, baseline.failures[0].ruleset);
    }

    #[test]
    fn an_empty_file_is_an_empty_baseline() {
        assert!(parse("# nothing known yet\n").unwrap().failures.is_empty());
    }
}
