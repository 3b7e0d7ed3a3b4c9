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
//!   - ids: [fuzz.brazilian.outcome.c158622f, fuzz.brazilian.outcome.d529c834]
//!     ruleset: brazilian@cxa                 # one adjudication for several findings
//!     wrong: engine
//!     clause: d64.end.draw-claim-verified
//!     reason: "an automatic threefold draw; CXA art. 12.5 makes every draw a claim"
//! ```
//!
//! The same fault of an engine shrinks to different cases from different starting samples,
//! so an entry may list several ids (`ids:`) that share one adjudication.
//!
//! A campaign judged against a baseline ([`FuzzBaseline::triage`]) passes when every finding
//! is listed for its ruleset. Entries of the campaign's ruleset that it did not find are
//! reported as *not reproduced*: in a bounded campaign (`--positions N`) that usually means
//! the positions that reach them were not among the N checked, or the engine was fixed;
//! neither fails the campaign.

use super::FUZZ_QUERIES;
use crate::report::ReportError;
use crate::yaml::item_lines;
use crate::{Game, Ruleset};
use serde::Deserialize;
use std::fmt::Write as _;
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

named!(Wrong);

/// One known disagreement, adjudicated: one or several findings of the same fault.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownFinding {
    /// The findings' ids ([`super::finding_id`] of the shrunk cases), at least one.
    pub ids: Vec<String>,
    /// The ruleset the campaign ran under.
    pub ruleset: Ruleset,
    /// Who is wrong.
    pub wrong: Wrong,
    /// The catalog clause the adjudication rests on.
    pub clause: String,
    /// Why, in a sentence.
    pub reason: String,
    /// The line of the entry's `id:` or `ids:` in the file it was loaded from.
    pub line: Option<usize>,
}

impl KnownFinding {
    /// The entry's first id and how many more it lists, for messages.
    pub fn label(&self) -> String {
        let first = self.ids.first().map(String::as_str).unwrap_or("");
        match self.ids.len() {
            0 | 1 => first.to_owned(),
            n => format!("{first} and {} more", n - 1),
        }
    }
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
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    ids: Option<Vec<String>>,
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
        let text = ReportError::read(path, "fuzz baseline")?;
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
        let raw: Option<RawBaseline> = ReportError::parse_yaml(path, text)?;
        let raw = raw.unwrap_or(RawBaseline {
            engine: None,
            known: Vec::new(),
        });
        let lines = item_lines(text, &["id", "ids"], raw.known.len());
        let mut known: Vec<KnownFinding> = Vec::with_capacity(raw.known.len());
        for (i, entry) in raw.known.into_iter().enumerate() {
            let line = lines.as_ref().map(|l| l[i]);
            let fail = |message: String| {
                ReportError::new(format!("known[{i}].{message}")).within(path, line)
            };
            let ruleset: Ruleset = entry
                .ruleset
                .parse()
                .map_err(|e| fail(format!("ruleset: {e}")))?;
            let (key, ids) = match (entry.id, entry.ids) {
                (Some(id), None) => ("id", vec![id]),
                (None, Some(ids)) if !ids.is_empty() => ("ids", ids),
                (None, Some(_)) => return Err(fail("ids: empty; list at least one finding id".to_owned())),
                (Some(_), Some(_)) => {
                    return Err(fail("id: give either `id` or `ids`, not both".to_owned()))
                }
                (None, None) => {
                    return Err(fail(
                        "id: missing; give the finding's `id` (or `ids` for several findings of one fault)"
                            .to_owned(),
                    ))
                }
            };
            for (n, id) in ids.iter().enumerate() {
                if let Some(problem) = id_problem(id, ruleset.game) {
                    let key = if key == "ids" {
                        format!("ids[{n}]")
                    } else {
                        key.to_owned()
                    };
                    return Err(fail(format!("{key}: {problem}")));
                }
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
            for (n, id) in ids.iter().enumerate() {
                let earlier = known
                    .iter()
                    .enumerate()
                    .find(|(_, k)| k.ruleset == ruleset && k.ids.contains(id))
                    .map(|(j, k)| (format!("known[{j}]"), k.line))
                    .or_else(|| ids[..n].contains(id).then(|| (format!("known[{i}]"), line)));
                if let Some((first, first_line)) = earlier {
                    let at = first_line
                        .map(|l| format!(", line {l}"))
                        .unwrap_or_default();
                    return Err(fail(format!(
                        "{key}: {id} [{ruleset}] is listed twice (first in {first}{at})"
                    )));
                }
            }
            known.push(KnownFinding {
                ids,
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

    /// The entry listing finding `id` found under `ruleset`.
    pub fn entry(&self, id: &str, ruleset: &Ruleset) -> Option<&KnownFinding> {
        self.known
            .iter()
            .find(|k| &k.ruleset == ruleset && k.ids.iter().any(|i| i == id))
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
    /// assert_eq!(triage.not_reproduced[0].0, "fuzz.xiangqi.check.0000000b"); // not the axf entry
    /// assert!(!triage.passes());
    /// ```
    pub fn triage(&self, ruleset: &Ruleset, found: &[String]) -> Triage {
        let mut triage = Triage::default();
        for id in found {
            match self.entry(id, ruleset) {
                Some(k) => triage.known.push((id.clone(), k.clone())),
                None => triage.new.push(id.clone()),
            }
        }
        for k in self.known.iter().filter(|k| &k.ruleset == ruleset) {
            for id in &k.ids {
                if !found.contains(id) {
                    triage.not_reproduced.push((id.clone(), k.clone()));
                }
            }
        }
        triage
    }
}

/// A campaign's findings judged against a [`FuzzBaseline`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Triage {
    /// Findings the baseline lists, with the entry that adjudicates them.
    pub known: Vec<(String, KnownFinding)>,
    /// Findings it does not list: the campaign fails.
    pub new: Vec<String>,
    /// Ids listed for the campaign's ruleset that it did not find (stale, or not reached in
    /// a bounded campaign), with their entries: reported, not a failure.
    pub not_reproduced: Vec<(String, KnownFinding)>,
}

impl Triage {
    /// No new finding.
    pub fn passes(&self) -> bool {
        self.new.is_empty()
    }

    /// The judgement for the terminal: the known findings by entry, each new finding, the
    /// ids not reproduced, then a verdict line.
    pub fn to_text(&self, ruleset: &Ruleset) -> String {
        let mut out = String::new();
        let mut entries: Vec<&KnownFinding> = Vec::new();
        for (_, k) in &self.known {
            if !entries.contains(&k) {
                entries.push(k);
            }
        }
        for k in entries {
            let ids: Vec<&str> = self
                .known
                .iter()
                .filter(|(_, e)| e == k)
                .map(|(id, _)| id.as_str())
                .collect();
            let _ = writeln!(
                out,
                "known: {} ({} wrong, {}): {}",
                ids.join(", "),
                k.wrong,
                k.clause,
                k.reason
            );
        }
        for id in &self.new {
            let _ = writeln!(out, "new: {id} (not in the baseline)");
        }
        for (id, k) in &self.not_reproduced {
            let at = k.line.map(|l| format!(", line {l}")).unwrap_or_default();
            let _ = writeln!(out, "not reproduced: {id} [{}{at}]", k.ruleset);
        }
        let _ = writeln!(
            out,
            "{}: {} new finding(s), {} known, {} listed id(s) of {ruleset} not reproduced (not a failure: a bounded campaign may not reach them)",
            if self.passes() {
                "passed given the baseline"
            } else {
                "failed"
            },
            self.new.len(),
            self.known.len(),
            self.not_reproduced.len(),
        );
        out
    }
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
        assert!(bad("wrong: engine", "wrong: both")
            .starts_with("b.yaml:4:12: known[0].wrong: unknown variant `both`"));
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
            "b.yaml:7: known[1].id: fuzz.xiangqi.repetition.7215e4a9 [xiangqi@axf] is listed twice (first in known[0], line 2)"
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
        assert!(
            text.contains("passed given the baseline: 0 new finding(s), 1 known, 0 listed id(s)")
        );
        let failed = b.triage(&axf, &["fuzz.xiangqi.legal.00000001".to_owned()]);
        let text = failed.to_text(&axf);
        assert!(text.contains("new: fuzz.xiangqi.legal.00000001 (not in the baseline)"));
        assert!(
            text.contains("not reproduced: fuzz.xiangqi.repetition.7215e4a9 [xiangqi@axf, line 2]")
        );
        assert!(
            text.starts_with("new:")
                && text.contains("failed: 1 new finding(s), 0 known, 1 listed id(s)")
        );
    }

    #[test]
    fn one_entry_may_adjudicate_several_findings() {
        let text = "known:\n  - ids: [fuzz.brazilian.outcome.0000000a, fuzz.brazilian.outcome.0000000b]\n    ruleset: brazilian\n    wrong: engine\n    clause: d64.end.draw-claim-verified\n    reason: automatic draw\n";
        let b = parse(text).unwrap();
        assert_eq!(b.known[0].ids.len(), 2);
        assert_eq!(b.known[0].line, Some(2));
        assert_eq!(
            b.known[0].label(),
            "fuzz.brazilian.outcome.0000000a and 1 more"
        );
        let cxa: Ruleset = "brazilian".parse().unwrap();
        let triage = b.triage(&cxa, &["fuzz.brazilian.outcome.0000000b".to_owned()]);
        assert!(triage.passes());
        let out = triage.to_text(&cxa);
        assert!(out.contains(
            "known: fuzz.brazilian.outcome.0000000b (engine wrong, d64.end.draw-claim-verified)"
        ));
        assert!(
            out.contains("not reproduced: fuzz.brazilian.outcome.0000000a [brazilian@cxa, line 2]")
        );
        let bad = |from: &str, to: &str| parse(&text.replace(from, to)).unwrap_err();
        assert!(bad("0000000b", "0000000a").contains("known[0].ids: fuzz.brazilian.outcome.0000000a [brazilian@cxa] is listed twice (first in known[0], line 2)"));
        assert!(bad("0000000b", "zz")
            .contains("known[0].ids[1]: 'fuzz.brazilian.outcome.zz' is not a finding id"));
        assert!(bad(
            "ids: [fuzz.brazilian.outcome.0000000a, fuzz.brazilian.outcome.0000000b]",
            "ids: []"
        )
        .contains("known[0].ids: empty"));
        let missing = parse(
            "known:\n  - ruleset: brazilian\n    wrong: engine\n    clause: d64.end.draw-claim-verified\n    reason: r\n",
        )
        .unwrap_err();
        assert!(
            missing.starts_with("b.yaml: known[0].id: missing"),
            "{missing}"
        );
    }
}
