//! Benchmark of the differential fuzzer, in-process: the reference compared with itself on
//! `legal`, one core.
//!
//! ```text
//! cargo run --release --example fuzz_bench -- [ruleset] [positions] [typed]
//! ```
//!
//! Prints three rates: generating samples alone; comparing `legal` on the generated samples
//! (position + history: both sides replay the history); comparing `legal` on the positions
//! those histories reach, without history; and the typed in-process comparison
//! ([`MovegenFuzzer`]): generating the episodes' positions and comparing their legal move
//! identities, with no text at all. Numbers are recorded in docs/performance.md.

use arbiter::engine::ReferenceEngine;
use arbiter::fuzz::{Comparison, Differ, Generator, MovegenFuzzer, Sample};
use arbiter::mutant::Mutant;
use arbiter::protocol::QueryKind;
use arbiter::Ruleset;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let ruleset: Ruleset = args
        .next()
        .unwrap_or_else(|| "russian".into())
        .parse()
        .expect("a ruleset");
    let n: u64 = args
        .next()
        .map(|s| s.parse().expect("a number of positions"))
        .unwrap_or(50_000);
    let typed_only = args.next().as_deref() == Some("typed");
    if !typed_only {
        text_paths(&ruleset, n);
    }
    typed_path(&ruleset, n);
}

/// The text paths: generation, and `legal` compared through `Differ::compare`.
fn text_paths(ruleset: &Ruleset, n: u64) {
    let started = Instant::now();
    let mut generator = Generator::new(ruleset, 1);
    let samples: Vec<Sample> = (0..n).map(|i| generator.sample(i)).collect();
    let generate = started.elapsed().as_secs_f64();

    let differ = Differ::new(ruleset);
    let engine = ReferenceEngine::new();
    let compare = |samples: &[Sample]| {
        let started = Instant::now();
        for s in samples {
            let c = differ.compare(&engine, s, QueryKind::Legal);
            assert_eq!(c, Comparison::Agree);
        }
        started.elapsed().as_secs_f64()
    };
    let with_history = compare(&samples);
    let reached: Vec<Sample> = samples
        .iter()
        .map(|s| Sample {
            fen: differ.rules().play(&s.fen, &s.moves).expect("accepted"),
            moves: Vec::new(),
        })
        .collect();
    let without_history = compare(&reached);
    let moves: usize = samples.iter().map(|s| s.moves.len()).sum();
    let rate = |t: f64| n as f64 / t;
    println!(
        "{ruleset}: {n} positions, {:.1} history moves on average",
        moves as f64 / n as f64
    );
    println!(
        "generate:                          {:>10.0} positions/s",
        rate(generate)
    );
    println!(
        "compare legal, with history:       {:>10.0} positions/s",
        rate(with_history)
    );
    println!(
        "compare legal, position reached:   {:>10.0} positions/s",
        rate(without_history)
    );
    println!(
        "generate + compare (with history): {:>10.0} positions/s",
        rate(generate + with_history)
    );
}

/// The typed path: [`MovegenFuzzer`].
fn typed_path(ruleset: &Ruleset, n: u64) {
    // The typed path: the reference against itself with a mutant of another game active
    // (so the answers agree, but every position pays for switching the mutant on and off).
    let other = Mutant::ALL
        .iter()
        .copied()
        .find(|m| !m.games().contains(&ruleset.game));
    let started = Instant::now();
    let mut typed = MovegenFuzzer::new(ruleset, 1, other);
    assert_eq!(typed.run(n), None);
    let t = started.elapsed().as_secs_f64();
    println!(
        "typed in-process (generate + compare): {:>6.0} positions/s ({} positions, {} episodes, mutant {})",
        typed.positions() as f64 / t,
        typed.positions(),
        typed.episodes(),
        other.map_or("none".to_owned(), |m| m.to_string()),
    );
}
