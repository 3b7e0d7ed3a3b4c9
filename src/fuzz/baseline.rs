//! Fuzz baselines: the known, adjudicated disagreements of an engine, so that a bounded
//! campaign in CI fails only on what is new.
//!
//! ```yaml
//! # arbiter fuzz baseline: known disagreements of pyffish 0.0.90 (docs/findings.md)
//! engine: pyffish 0.0.90
//! known:
//!   - id: fuzz.xiangqi.repetition.7215e4a9   # fuzz::finding_id of the shrunk case
//!     ruleset: xiangqi@axf
//!     wrong: engine                          # engine, reference or neither
//!     clause: xq.draw.repetition-claim
//!     reason: "a draw after two cycles; the rule needs three (循环反复已达三次)"
//! ```
//!
//! A campaign judged against a baseline ([`FuzzBaseline::triage`]) passes when every finding
//! is listed for its ruleset. Entries of the campaign's ruleset that it did not find are
//! reported as *not reproduced*: in a bounded campaign (`--positions N`) that usually means
//! the positions that reach them were not among the N checked, or the engine was fixed;
//! neither fails the campaign.

use super::FUZZ_QUERIES;
use crate::report::ReportError;
use crate::{Game, Ruleset};
use serde::Deserialize;
use std::fmt::{self, Write as _};
use std::path::{Path, PathBuf};

/// Who is wrong about a known disagreement, as adjudicated against the rulebook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Wrong {
    /// The engine breaks the clause.
    Engine,
    /// The reference breaks the clause (and is to be fixed; a case records it).
    Reference,
    /// Neither: the rulebook leaves the point open, or the two answer different questions
    /// (the reason says which).
    Neither,
}

impl Wrong {
    /// `engine`, `reference` or `neither`.
    pub const fn name(self) -> &'static str {
        match self {
            Wrong::Engine => "engine",
            Wrong::Reference => "reference",
            Wrong::Neither => "neither",
        }
    }
}

impl fmt::Display for Wrong {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One known disagreement, adjudicated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownFinding {
    /// The finding's id ([`super::finding_id`] of the shrunk case).
    pub id: String,
    /// The ruleset the campaign ran under.
    pub ruleset: Ruleset,
    /// Who is wrong.
    pub wrong: Wrong,
    /// The catalog clause the adjudication rests on.
    pub clause: String,
    /// Why, in a sentence.
    pub reason: String,
    /// The line of the entry's `id:` in the file it was loaded from.
    pub line: Option<usize>,
}

/// The known disagreements of one engine.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FuzzBaseline {
    /// The engine (`pyffish 0.0.90`), for people and warnings.
    pub engine: Option<String>,
    /// The known disagreements.
    pub known: Vec<KnownFinding>,
    /// The file it was loaded from.
    pub path: Option<PathBuf>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBaseline {
    #[serde(default)]
    engine: Option<String>,
    #[serde(default)]
    known: Vec<RawEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEntry {
    id: String,
    ruleset: String,
    wrong: Wrong,
    clause: String,
    reason: String,
}

/// Whether `id` has the shape of a finding id for `game`: `fuzz.<game>.<query>.<8 hex>`.
fn id_problem(id: &str, game: Game) -> Option<String> {
    let parts: Vec<&str> = id.split('.').collect();
    let queries: Vec<String> = FUZZ_QUERIES
        .iter()
        .map(|k| k.name().replace('_', "-"))
        .collect();
    let shape = || {
        format!(
            "'{id}' is not a finding id (expected fuzz.{}.<query>.<8 hex digits>, as `arbiter fuzz` prints)",
            game.name()
        )
    };
    match parts.as_slice() {
        ["fuzz", g, query, hash] => {
            if *g != game.name() {
                Some(format!(
                    "'{id}' is a {g} finding, but the entry's ruleset is {}",
                    game.name()
                ))
            } else if !queries.iter().any(|q| q == query) {
                Some(format!(
                    "'{id}': unknown query '{query}' (expected one of {})",
                    queries.join(", ")
                ))
            } else if hash.len() != 8 || !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                Some(shape())
            } else {
                None
            }
        }
        _ => Some(shape()),
    }
}

impl FuzzBaseline {
    /// Reads a baseline file. Errors name the file, line and field.
    pub fn load(path: &Path) -> Result<FuzzBaseline, ReportError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| ReportError::file(path, format!("cannot read fuzz baseline: {e}")))?;
        FuzzBaseline::parse(path, &text)
    }

    /// Parses the text of a baseline file; `path` is used in messages.
    ///
    /// ```
    /// use arbiter::fuzz::{FuzzBaseline, Wrong};
    /// use std::path::Path;
    ///
    /// let text = "known:\n  - id: fuzz.russian.legal.0123abcd\n    ruleset: russian\n    wrong: engine\n    clause: d64.capture.majority\n    reason: takes fewer pieces\n";
    /// let baseline = FuzzBaseline::parse(Path::new("b.yaml"), text).unwrap();
    /// assert_eq!(baseline.known[0].wrong, Wrong::Engine);
    /// assert_eq!(baseline.known[0].line, Some(2));
    ///
    /// let err = FuzzBaseline::parse(Path::new("b.yaml"), &text.replace("0123abcd", "xyz")).unwrap_err();
    /// assert!(err.to_string().starts_with("b.yaml:2: known[0].id: 'fuzz.russian.legal.xyz' is not a finding id"));
    /// ```
    pub fn parse(path: &Path, text: &str) -> Result<FuzzBaseline, ReportError> {
        let raw: Option<RawBaseline> =
            serde_yaml::from_str(text).map_err(|e| ReportError::yaml(path, &e))?;
        let raw = raw.unwrap_or(RawBaseline {
            engine: None,
            known: Vec::new(),
        });
        let lines = id_lines(text, raw.known.len());
        let mut known: Vec<KnownFinding> = Vec::with_capacity(raw.known.len());
        for (i, entry) in raw.known.into_iter().enumerate() {
            let line = lines.as_ref().map(|l| l[i]);
            let fail = |message: String| {
                let err = ReportError::new(format!("known[{i}].{message}"));
                match line {
                    Some(line) => err.at(path, line),
                    None => ReportError {
                        path: Some(path.to_owned()),
                        ..err
                    },
                }
            };
            let ruleset: Ruleset = entry
                .ruleset
                .parse()
                .map_err(|e| fail(format!("ruleset: {e}")))?;
            if let Some(problem) = id_problem(&entry.id, ruleset.game) {
                return Err(fail(format!("id: {problem}")));
            }
            if !crate::spec::is_clause_id(&entry.clause) {
                return Err(fail(format!(
                    "clause: '{}' is not a clause id (like xq.draw.repetition-claim)",
                    entry.clause
                )));
            }
            if entry.reason.trim().is_empty() {
                return Err(fail(
                    "reason: empty; say who is wrong and why, by the rulebook".to_owned(),
                ));
            }
            if let Some((j, first)) = known
                .iter()
                .enumerate()
                .find(|(_, k)| k.id == entry.id && k.ruleset == ruleset)
            {
                let at = first
                    .line
                    .map(|l| format!(", line {l}"))
                    .unwrap_or_default();
                return Err(fail(format!(
                    "id: {} [{ruleset}] is listed twice (first as known[{j}]{at})",
                    entry.id
                )));
            }
            known.push(KnownFinding {
                id: entry.id,
                ruleset,
                wrong: entry.wrong,
                clause: entry.clause,
                reason: entry.reason.trim().to_owned(),
                line,
            });
        }
        Ok(FuzzBaseline {
            engine: raw.engine,
            known,
            path: Some(path.to_owned()),
        })
    }

    /// The entry for finding `id` found under `ruleset`.
    pub fn entry(&self, id: &str, ruleset: &Ruleset) -> Option<&KnownFinding> {
        self.known
            .iter()
            .find(|k| k.id == id && &k.ruleset == ruleset)
    }

    /// Judges the distinct findings of a campaign under `ruleset` (their ids, in the order
    /// found): known, new, and the entries of the ruleset not found.
    ///
    /// ```
    /// use arbiter::fuzz::FuzzBaseline;
    /// use std::path::Path;
    ///
    /// let text = "known:\n  - {id: fuzz.xiangqi.check.0000000a, ruleset: xiangqi, wrong: engine, clause: xq.check.definition, reason: r}\n  - {id: fuzz.xiangqi.check.0000000b, ruleset: xiangqi, wrong: engine, clause: xq.check.definition, reason: r}\n  - {id: fuzz.xiangqi.check.0000000c, ruleset: xiangqi@axf, wrong: engine, clause: xq.check.definition, reason: r}\n";
    /// let baseline = FuzzBaseline::parse(Path::new("b.yaml"), text).unwrap();
    /// let found = ["fuzz.xiangqi.check.0000000a".to_owned(), "fuzz.xiangqi.check.0000000d".to_owned()];
    /// let triage = baseline.triage(&"xiangqi".parse().unwrap(), &found);
    /// assert_eq!(triage.known.len(), 1);
    /// assert_eq!(triage.new, vec!["fuzz.xiangqi.check.0000000d".to_owned()]);
    /// assert_eq!(triage.not_reproduced[0].id, "fuzz.xiangqi.check.0000000b"); // not the axf entry
    /// assert!(!triage.passes());
    /// ```
    pub fn triage(&self, ruleset: &Ruleset, found: &[String]) -> Triage {
        let mut triage = Triage::default();
        for id in found {
            match self.entry(id, ruleset) {
                Some(k) => triage.known.push(k.clone()),
                None => triage.new.push(id.clone()),
            }
        }
        triage.not_reproduced = self
            .known
            .iter()
            .filter(|k| &k.ruleset == ruleset && !found.contains(&k.id))
            .cloned()
            .collect();
        triage
    }
}

/// A campaign's findings judged against a [`FuzzBaseline`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Triage {
    /// Findings the baseline lists, with their adjudication.
    pub known: Vec<KnownFinding>,
    /// Findings it does not list: the campaign fails.
    pub new: Vec<String>,
    /// Entries of the campaign's ruleset that it did not find (stale, or not reached in a
    /// bounded campaign): reported, not a failure.
    pub not_reproduced: Vec<KnownFinding>,
}

impl Triage {
    /// No new finding.
    pub fn passes(&self) -> bool {
        self.new.is_empty()
    }

    /// The judgement for the terminal: one line per known, new and not reproduced finding,
    /// then a verdict line.
    pub fn to_text(&self, ruleset: &Ruleset) -> String {
        let mut out = String::new();
        for k in &self.known {
            let _ = writeln!(
                out,
                "known: {} ({} wrong, {}): {}",
                k.id, k.wrong, k.clause, k.reason
            );
        }
        for id in &self.new {
            let _ = writeln!(out, "new: {id} (not in the baseline)");
        }
        for k in &self.not_reproduced {
            let at = k.line.map(|l| format!(", line {l}")).unwrap_or_default();
            let _ = writeln!(out, "not reproduced: {} [{}{at}]", k.id, k.ruleset);
        }
        let _ = writeln!(
            out,
            "{}: {} new finding(s), {} known, {} baseline entr{} of {ruleset} not reproduced (not a failure: a bounded campaign may not reach them)",
            if self.passes() {
                "passed given the baseline"
            } else {
                "failed"
            },
            self.new.len(),
            self.known.len(),
            self.not_reproduced.len(),
            if self.not_reproduced.len() == 1 { "y" } else { "ies" },
        );
        out
    }
}

/// The 1-based lines of the `id:` keys of the `count` entries, when they can all be found
/// (block or flow items, one per line); `None` otherwise.
fn id_lines(text: &str, count: usize) -> Option<Vec<usize>> {
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let item = line.trim_start();
            let item = item.strip_prefix('-').map_or(item, str::trim_start);
            let item = item.strip_prefix('{').map_or(item, str::trim_start);
            item.starts_with("id:")
        })
        .map(|(i, _)| i + 1)
        .collect();
    (lines.len() == count).then_some(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<FuzzBaseline, String> {
        FuzzBaseline::parse(Path::new("b.yaml"), text).map_err(|e| e.to_string())
    }

    const ENTRY: &str = "known:\n  - id: fuzz.xiangqi.repetition.7215e4a9\n    ruleset: xiangqi@axf\n    wrong: engine\n    clause: xq.draw.repetition-claim\n    reason: two cycles\n";

    #[test]
    fn a_baseline_reads_with_lines() {
        let b = parse(&format!("engine: pyffish 0.0.90\n{ENTRY}")).unwrap();
        assert_eq!(b.engine.as_deref(), Some("pyffish 0.0.90"));
        assert_eq!(b.known[0].line, Some(3));
        assert_eq!(b.known[0].ruleset.to_string(), "xiangqi@axf");
        assert!(parse("").unwrap().known.is_empty());
    }

    #[test]
    fn bad_entries_are_named_by_line_and_field() {
        let bad = |from: &str, to: &str| parse(&ENTRY.replace(from, to)).unwrap_err();
        assert!(bad("wrong: engine", "wrong: both").starts_with("b.yaml:4:12: known[0].wrong: unknown variant `both`"));
        assert!(bad("wrong: engine", "wrong: both").contains("unknown variant `both`"));
        assert!(bad("xiangqi@axf", "xiangqi@fide")
            .starts_with("b.yaml:2: known[0].ruleset: unknown edition 'fide' of xiangqi"));
        assert!(bad("fuzz.xiangqi", "fuzz.russian")
            .contains("is a russian finding, but the entry's ruleset is xiangqi"));
        assert!(bad(".repetition.", ".perft.").contains("unknown query 'perft'"));
        assert!(bad("xq.draw.repetition-claim", "Repetition")
            .starts_with("b.yaml:2: known[0].clause: 'Repetition' is not a clause id"));
        assert!(bad("two cycles", "''").contains("known[0].reason: empty"));
        assert!(bad("reason:", "why:").contains("unknown field `why`"));
        let twice = parse(&format!("{ENTRY}{}", &ENTRY["known:\n".len()..])).unwrap_err();
        assert_eq!(
            twice,
            "b.yaml:7: known[1].id: fuzz.xiangqi.repetition.7215e4a9 [xiangqi@axf] is listed twice (first as known[0], line 2)"
        );
    }

    #[test]
    fn the_same_id_under_two_rulesets_is_two_entries() {
        let other = ENTRY["known:\n".len()..].replace("xiangqi@axf", "xiangqi@cxa");
        let b = parse(&format!("{ENTRY}{other}")).unwrap();
        assert_eq!(b.known.len(), 2);
        let cxa: Ruleset = "xiangqi".parse().unwrap();
        assert_eq!(
            b.entry("fuzz.xiangqi.repetition.7215e4a9", &cxa)
                .unwrap()
                .line,
            Some(7)
        );
    }

    #[test]
    fn triage_text_names_each_finding() {
        let b = parse(ENTRY).unwrap();
        let axf: Ruleset = "xiangqi@axf".parse().unwrap();
        let passed = b.triage(&axf, &["fuzz.xiangqi.repetition.7215e4a9".to_owned()]);
        assert!(passed.passes());
        let text = passed.to_text(&axf);
        assert!(text.contains("known: fuzz.xiangqi.repetition.7215e4a9 (engine wrong, xq.draw.repetition-claim): two cycles"));
        assert!(text
            .contains("passed given the baseline: 0 new finding(s), 1 known, 0 baseline entries"));
        let failed = b.triage(&axf, &["fuzz.xiangqi.legal.00000001".to_owned()]);
        let text = failed.to_text(&axf);
        assert!(text.contains("new: fuzz.xiangqi.legal.00000001 (not in the baseline)"));
        assert!(
            text.contains("not reproduced: fuzz.xiangqi.repetition.7215e4a9 [xiangqi@axf, line 2]")
        );
        assert!(
            text.starts_with("new:")
                && text.contains("failed: 1 new finding(s), 0 known, 1 baseline entry")
        );
    }
}
