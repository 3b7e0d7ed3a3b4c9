//! Benchmark of the differential fuzzer, in-process: the reference compared with itself on
//! `legal`, one core.
//!
//! ```text
//! cargo run --release --example fuzz_bench -- [ruleset] [positions]
//! ```
//!
//! Prints three rates: generating samples alone; comparing `legal` on the generated samples
//! (position + history: both sides replay the history); comparing `legal` on the positions
//! those histories reach, without history. Numbers are recorded in docs/performance.md.

use arbiter::engine::ReferenceEngine;
use arbiter::fuzz::{Comparison, Differ, Generator, Sample};
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

    let started = Instant::now();
    let mut generator = Generator::new(&ruleset, 1);
    let samples: Vec<Sample> = (0..n).map(|i| generator.sample(i)).collect();
    let generate = started.elapsed().as_secs_f64();

    let differ = Differ::new(&ruleset);
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
