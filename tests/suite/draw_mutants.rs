//! Every mutant of outcomes, draws, repetition and procedures (`DrawMutant`) is killed by
//! the suite: at least one case of `cases/` that cites the clause the mutant breaks fails
//! when the reference answers with the mutant active, and every case that kills it passes
//! against the unmutated reference.
//!
//! The engine under test is the mutant reference (`ReferenceEngine::mutant`; the runner
//! itself reads moves with the unmutated rules). Only cases of the games a mutant
//! alters are run; cases whose expectations are all about move generation (`legal`,
//! `legal_includes`, `illegal`, `legal_count`, `perft`, `check`) are left out, since no
//! draw mutant touches move generation.
//!
//! `cargo test --release --test suite draw_mutants:: -- --nocapture` prints which cases kill each.

use arbiter::case::{capture_panics, load_cases, planned_runs, Case, Runner, Selection, Verdict};
use arbiter::engine::{Engine, ReferenceEngine};
use arbiter::mutant::{self, DrawMutant, Mutant};
use arbiter::{rules_for, Ruleset};
use std::path::Path;
use std::sync::Arc;

/// The reference, or the reference with one mutant ([`ReferenceEngine::mutant`]: its rule
/// book altered, or the mutant active while it answers for the rules that still read it).
fn runner(mutant: Option<Mutant>) -> Runner {
    let engine: Box<dyn Engine> = match mutant {
        Some(mutant) => Box::new(ReferenceEngine::mutant(mutant)),
        None => Box::new(ReferenceEngine::new()),
    };
    Runner::new(engine, Arc::new(rules_for))
}

/// Whether a case asks only about move generation.
fn movegen_only(case: &Case) -> bool {
    let e = &case.expect;
    case.steps.is_none()
        && e.outcome.is_none()
        && e.claims.is_none()
        && e.claim.is_none()
        && e.counters.is_none()
        && e.draw_offer.is_none()
        && e.repetition.is_none()
        && e.permitted.is_none()
        && e.violations.is_none()
        && e.offer.is_none()
        && e.rejected.is_none()
        && e.fen.is_none()
}

#[test]
fn every_draw_mutant_is_killed_by_a_case_the_reference_passes() {
    capture_panics();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let suite = load_cases(&[root.join("cases")]).unwrap_or_else(|e| panic!("{e}"));
    let runs: Vec<(String, &Case, &Ruleset)> = planned_runs(&suite, &Selection::default())
        .into_iter()
        .filter(|r| r.case.skip_reason().is_none() && !movegen_only(r.case))
        .map(|r| (r.name(), r.case, r.ruleset))
        .collect();
    let reference = runner(None);
    let mut survivors: Vec<String> = Vec::new();
    let mut wrong = Vec::new();
    for &m in DrawMutant::ALL {
        let mutated = runner(Some(Mutant::Draws(m)));
        let killers: Vec<&(String, &Case, &Ruleset)> = runs
            .iter()
            .filter(|(_, _, ruleset)| m.games().contains(&ruleset.game))
            .filter(|(_, case, ruleset)| {
                matches!(
                    mutated.run(case, ruleset).verdict,
                    Verdict::Failed | Verdict::Errored
                )
            })
            .collect();
        // The killers that cite the clause the mutant breaks come first.
        let (citing, others): (Vec<_>, Vec<_>) = killers
            .iter()
            .partition(|(_, case, _)| case.clauses.iter().any(|c| c == m.clause()));
        let names = |list: &[&&(String, &Case, &Ruleset)]| {
            list.iter()
                .map(|(n, _, _)| n.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        };
        println!(
            "{} ({}): {} [+{} other]",
            m.name(),
            m.clause(),
            names(&citing),
            others.len()
        );
        if citing.is_empty() {
            survivors.push(format!("{} ({} other killers)", m.name(), others.len()));
        }
        for (name, case, ruleset) in killers {
            let result = reference.run(case, ruleset);
            if result.verdict != Verdict::Passed {
                wrong.push(format!("{name}: {}", result.message));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "cases that kill a mutant but fail against the reference:\n{}",
        wrong.join("\n")
    );
    assert!(
        survivors.is_empty(),
        "mutants no case citing their clause kills: {}",
        survivors.join(", ")
    );
}

#[test]
fn a_mutant_alters_only_the_thread_it_is_active_on() {
    let rules = rules_for(&"xiangqi".parse().unwrap());
    let fen = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";
    let m = Mutant::Draws(DrawMutant::StalemateIsDraw);
    let (inside, other) = mutant::with(m, || {
        let inside = rules.outcome(fen, &[]).unwrap().result_slug();
        let other = std::thread::scope(|s| {
            s.spawn(|| rules_for(&"xiangqi".parse().unwrap()).outcome(fen, &[]))
                .join()
                .unwrap()
                .unwrap()
                .result_slug()
        });
        (inside, other)
    });
    assert_eq!((inside, other), ("draw", "red"));
    assert_eq!(rules.outcome(fen, &[]).unwrap().result_slug(), "red");
}
