//! Scoring the suite against the mutants: which cases kill each one, and how many generated
//! positions the differential fuzzer needs to find a move-generation mutant.

use crate::case::{PlannedRun, Runner, Verdict};
use crate::engine::ReferenceEngine;
use crate::fuzz::{Finding, FuzzError, Fuzzer};
use crate::mutant::{MoveMutant, Mutant};
use crate::protocol::QueryKind;
use crate::{rules_for, Ruleset};
use std::sync::Arc;

/// What the suite did to one mutant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kill {
    /// The mutant.
    pub mutant: Mutant,
    /// The runs (case id, `@ruleset` when the case runs under several) that the reference
    /// passes and the mutant fails, in suite order.
    pub failed: Vec<String>,
    /// The runs that the reference passes and on which the mutant errored (crashed or
    /// answered something unreadable): a kill too, but a suspicious one.
    pub errored: Vec<String>,
}

impl Kill {
    /// Whether some case killed the mutant.
    pub fn killed(&self) -> bool {
        !self.failed.is_empty() || !self.errored.is_empty()
    }

    /// Every run that killed it, failures first.
    pub fn killers(&self) -> impl Iterator<Item = &String> {
        self.failed.iter().chain(&self.errored)
    }
}

/// The verdict of each run against the plain reference, to know which runs can kill: a run
/// the reference does not pass says nothing about a mutant.
pub fn reference_verdicts(runs: &[PlannedRun<'_>]) -> Vec<Verdict> {
    let runner = Runner::reference();
    runs.iter()
        .map(|r| runner.run(r.case, r.ruleset).verdict)
        .collect()
}

/// Runs every planned run under the mutant's games against the mutant (a mutant alters
/// only the rules of [`Mutant::games`]); `reference` holds the reference's verdicts
/// ([`reference_verdicts`]). `progress` is called after each planned run.
///
/// ```
/// use arbiter::case::{load_cases, planned_runs, Selection};
/// use arbiter::audit::mutants as score;
/// use arbiter::mutant::Mutant;
///
/// let suite = load_cases(&["cases/draughts".into()]).unwrap();
/// let runs = planned_runs(&suite, &Selection::default());
/// let reference = score::reference_verdicts(&runs);
/// let m: Mutant = "kings-not-flying".parse().unwrap();
/// let kill = score::kill(m, &runs, &reference, || {});
/// assert!(kill.killed());
/// ```
pub fn kill(
    mutant: Mutant,
    runs: &[PlannedRun<'_>],
    reference: &[Verdict],
    mut progress: impl FnMut(),
) -> Kill {
    let runner = Runner::new(
        Box::new(ReferenceEngine::mutant(mutant)),
        Arc::new(rules_for),
    );
    let mut kill = Kill {
        mutant,
        failed: Vec::new(),
        errored: Vec::new(),
    };
    for (run, &before) in runs.iter().zip(reference) {
        // A mutant alters only the rules of its games: a run under another game answers
        // exactly as the reference does and cannot kill it.
        if before == Verdict::Passed && mutant.games().contains(&run.ruleset.game) {
            match runner.run(run.case, run.ruleset).verdict {
                Verdict::Failed => kill.failed.push(run.name()),
                Verdict::Errored => kill.errored.push(run.name()),
                Verdict::Passed | Verdict::Skipped => {}
            }
        }
        progress();
    }
    kill
}

/// The queries the fuzzer asks a move-generation mutant.
pub const FUZZ_QUERIES: [QueryKind; 2] = [QueryKind::Legal, QueryKind::Play];

/// How the fuzzer did against one move-generation mutant under one ruleset.
#[derive(Debug, Clone)]
pub struct Found {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// How many positions (from index 0) it took: the index of the first disagreement plus
    /// one. `None`: not found within the positions tried.
    pub positions: Option<u64>,
    /// The first disagreement, shrunk.
    pub finding: Option<Finding>,
}

/// Runs the fuzzer ([`FUZZ_QUERIES`], seed `seed`) with the mutant as the engine under each
/// game it alters, on positions `0..limit`, stopping at the first disagreement. Fails only
/// if the fuzzer cannot start (the reference plays every game and answers both queries).
///
/// ```
/// use arbiter::audit::mutants as score;
/// use arbiter::mutant::MoveMutant;
///
/// let found = score::fuzz(MoveMutant::KingsNotFlying, 1, 500).unwrap();
/// assert_eq!(found.len(), 2); // brazilian and russian
/// assert!(found.iter().all(|f| f.positions.is_some()));
/// ```
pub fn fuzz(mutant: MoveMutant, seed: u64, limit: u64) -> Result<Vec<Found>, FuzzError> {
    let engine = ReferenceEngine::mutant(Mutant::Moves(mutant));
    mutant
        .games()
        .iter()
        .map(|&game| {
            let ruleset = Ruleset::default_for(game);
            let mut fuzzer = Fuzzer::new(&engine, &ruleset, seed, &FUZZ_QUERIES)?;
            let mut found = Found {
                ruleset,
                positions: None,
                finding: None,
            };
            for index in 0..limit {
                if let Some(f) = fuzzer.check(index).findings.into_iter().next() {
                    found.positions = Some(index + 1);
                    found.finding = Some(f);
                    break;
                }
            }
            Ok(found)
        })
        .collect()
}
