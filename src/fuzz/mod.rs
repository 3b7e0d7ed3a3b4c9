//! Differential fuzzing: generated positions and histories asked of an engine and of the
//! reference, each disagreement shrunk to a small case (`docs/fuzzing.md`).
//!
//! - [`Generator`] makes valid samples (a position and a history) of a ruleset, a pure
//!   function of a seed and an index ([`Rng`] is its small deterministic generator).
//! - [`Differ`] asks the reference and an engine one query about a sample and compares.
//! - [`shrink`] makes a disagreement small; [`Finding::to_yaml`] writes it as a case.
//! - [`Fuzzer`] runs a campaign position by position, reporting each distinct finding once;
//!   [`Shard`] splits a campaign so that the shards together ask exactly its questions.
//! - [`FuzzBaseline`] lists an engine's known, adjudicated findings, so that a campaign
//!   fails only on new ones ([`Triage`]).
//!
//! ```
//! use arbiter::engine::ReferenceEngine;
//! use arbiter::fuzz::Fuzzer;
//! use arbiter::protocol::QueryKind;
//!
//! let engine = ReferenceEngine::new();
//! let ruleset = "brazilian".parse().unwrap();
//! let mut fuzzer = Fuzzer::new(&engine, &ruleset, 7, &[QueryKind::Legal]).unwrap();
//! for index in 0..20 {
//!     let checked = fuzzer.check(index);
//!     assert!(checked.findings.is_empty()); // the reference agrees with itself
//!     assert!(checked.failures.is_empty());
//! }
//! assert_eq!(fuzzer.stats().positions, 20);
//! ```

mod baseline;
mod compare;
mod emit;
pub(crate) mod generate;
mod movegen;
mod rng;
mod shrink;

pub use baseline::{FuzzBaseline, KnownFinding, Triage, Wrong};
pub use compare::{applies, describe, Comparison, Differ, Disagreement, FUZZ_QUERIES};
pub use emit::{finding_id, placeholder_clause, Finding};
pub use generate::{Generator, Sample, EPISODE_LEN};
pub use movegen::{MovegenFinding, MovegenFuzzer};
pub use rng::Rng;
pub use shrink::{pieces, shrink, Shrunk, SHRINK_BUDGET};

use crate::engine::Engine;
use crate::protocol::{EngineFailure, FailureKind, QueryKind};
use crate::Ruleset;
use std::collections::HashSet;
use std::fmt;
use std::str::FromStr;

/// Why a campaign cannot start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FuzzError {
    /// The engine does not play the ruleset.
    #[error("the engine {engine} does not play {ruleset} (it plays {plays})")]
    Ruleset {
        /// The engine's name.
        engine: String,
        /// The ruleset asked for.
        ruleset: String,
        /// What it plays.
        plays: String,
    },
    /// None of the queries asked for is one the engine answers and the fuzzer compares.
    #[error("nothing to ask: the engine {engine} answers none of {wanted} under {ruleset} (it answers {answers})")]
    NoQuery {
        /// The engine's name.
        engine: String,
        /// The ruleset.
        ruleset: String,
        /// The queries asked for.
        wanted: String,
        /// The queries the engine answers.
        answers: String,
    },
}

/// Counts of a campaign so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Positions (samples) checked.
    pub positions: u64,
    /// Queries asked of the engine (shrinking not included).
    pub queries: u64,
    /// Queries the engine skipped.
    pub skipped: u64,
    /// Disagreements seen, before shrinking and de-duplication.
    pub disagreements: u64,
    /// Distinct findings (shrunk disagreements) reported.
    pub findings: u64,
    /// Samples the reference itself refused (a generator bug if ever non-zero).
    pub invalid: u64,
    /// Engine queries spent shrinking.
    pub shrink_probes: u64,
    /// Queries the engine failed (errored, crashed, hung, spoke nonsense, was given up)
    /// instead of answering.
    pub failures: u64,
}

/// An engine failure met in a campaign: the question it failed, and how. Not a finding: no
/// case is written for it (the rules were never in question).
#[derive(Debug, Clone, PartialEq)]
pub struct EngineFault {
    /// The sample asked about.
    pub sample: Sample,
    /// Its index in the campaign.
    pub index: u64,
    /// The query asked.
    pub query: QueryKind,
    /// How the engine failed, with its stderr.
    pub failure: EngineFailure,
}

impl EngineFault {
    /// Whether the engine was given up: nothing more can be asked of it.
    pub fn given_up(&self) -> bool {
        self.failure.kind == FailureKind::GivenUp
    }
}

impl fmt::Display for EngineFault {
    /// `<query> at position <index> (position "<fen>", <n> history move(s)): <failure>`,
    /// then the engine's stderr, indented, when it wrote some.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at position {} (position \"{}\", {} history move(s)): {}",
            self.query,
            self.index,
            self.sample.fen,
            self.sample.moves.len(),
            self.failure
        )?;
        if let Some(stderr) = self
            .failure
            .stderr
            .as_deref()
            .filter(|s| !s.trim().is_empty())
        {
            write!(f, "\n  its stderr:")?;
            for line in stderr.trim_end().lines() {
                write!(f, "\n    {line}")?;
            }
        }
        Ok(())
    }
}

/// What checking one sample found: the new findings, and the engine's failures.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Checked {
    /// Disagreements not reported before, shrunk.
    pub findings: Vec<Finding>,
    /// Queries the engine failed instead of answering.
    pub failures: Vec<EngineFault>,
}

/// One part of a campaign: the sample indices `i` with `i % count == index`.
///
/// ```
/// use arbiter::fuzz::Shard;
///
/// let shard: Shard = "1/3".parse().unwrap();
/// assert_eq!(shard.indices(8).collect::<Vec<_>>(), vec![1, 4, 7]);
/// assert!("3/3".parse::<Shard>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 0.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// The whole campaign.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// This shard's indices below `positions`, in order.
    pub fn indices(self, positions: u64) -> impl Iterator<Item = u64> {
        (self.index..positions).step_by(self.count as usize)
    }

    /// This shard's indices without end.
    pub fn endless(self) -> impl Iterator<Item = u64> {
        (self.index..).step_by(self.count as usize)
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::ALL
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("shard '{s}': expected i/n with 0 <= i < n, like 0/4");
        let (i, n) = s.split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count || count > usize::MAX as u64 {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A campaign against one engine under one ruleset from one seed.
pub struct Fuzzer<'e> {
    engine: &'e dyn Engine,
    engine_name: String,
    differ: Differ,
    generator: Generator,
    queries: Vec<QueryKind>,
    seen: HashSet<String>,
    stats: Stats,
}

impl<'e> Fuzzer<'e> {
    /// A campaign asking `engine` the `wanted` queries it answers (and the fuzzer compares
    /// under the ruleset) about samples of `seed`.
    pub fn new(
        engine: &'e dyn Engine,
        ruleset: &Ruleset,
        seed: u64,
        wanted: &[QueryKind],
    ) -> Result<Fuzzer<'e>, FuzzError> {
        let info = engine.info();
        if !info.plays(ruleset) {
            return Err(FuzzError::Ruleset {
                engine: info.name,
                ruleset: ruleset.to_string(),
                plays: info.rulesets.join(", "),
            });
        }
        let queries: Vec<QueryKind> = FUZZ_QUERIES
            .into_iter()
            .filter(|k| wanted.contains(k) && info.answers(*k) && applies(*k, ruleset.game))
            .collect();
        if queries.is_empty() {
            let names =
                |ks: &[QueryKind]| ks.iter().map(|k| k.name()).collect::<Vec<_>>().join(", ");
            return Err(FuzzError::NoQuery {
                engine: info.name,
                ruleset: ruleset.to_string(),
                wanted: names(wanted),
                answers: names(&info.queries),
            });
        }
        Ok(Fuzzer {
            engine,
            engine_name: format!("{} {}", info.name, info.version),
            differ: Differ::new(ruleset),
            generator: Generator::new(ruleset, seed),
            queries,
            seen: HashSet::new(),
            stats: Stats::default(),
        })
    }

    /// The queries asked, in order.
    pub fn queries(&self) -> &[QueryKind] {
        &self.queries
    }

    /// The counts so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The differ (reference rules) of the campaign.
    pub fn differ(&self) -> &Differ {
        &self.differ
    }

    /// Checks sample `index`: asks every query, shrinks each disagreement and returns the
    /// findings not reported before, and the queries the engine failed (a failure is not
    /// shrunk: it is not a disagreement about the rules). After the engine is given up no
    /// more query is asked.
    pub fn check(&mut self, index: u64) -> Checked {
        let sample = self.generator.sample(index);
        self.stats.positions += 1;
        let mut checked = Checked::default();
        let findings = &mut checked.findings;
        for &kind in &self.queries {
            self.stats.queries += 1;
            match self.differ.compare(self.engine, &sample, kind) {
                Comparison::Agree => {}
                Comparison::Skipped(_) => self.stats.skipped += 1,
                Comparison::Invalid(_) => self.stats.invalid += 1,
                Comparison::Failed(failure) => {
                    self.stats.failures += 1;
                    let fault = EngineFault {
                        sample: sample.clone(),
                        index,
                        query: kind,
                        failure,
                    };
                    let given_up = fault.given_up();
                    checked.failures.push(fault);
                    if given_up {
                        break;
                    }
                }
                Comparison::Disagree(d) => {
                    self.stats.disagreements += 1;
                    let shrunk = shrink(&self.differ, self.engine, &sample, d);
                    self.stats.shrink_probes += shrunk.probes as u64;
                    let id = finding_id(self.differ.ruleset(), kind, &shrunk.sample);
                    if self.seen.insert(id.clone()) {
                        self.stats.findings += 1;
                        findings.push(Finding {
                            id,
                            ruleset: self.differ.ruleset().clone(),
                            sample: shrunk.sample,
                            found: sample.clone(),
                            seed: self.generator.seed(),
                            index,
                            disagreement: shrunk.disagreement,
                            engine: self.engine_name.clone(),
                        });
                    }
                }
            }
        }
        checked
    }
}

#[cfg(test)]
mod tests;
