//! Editions installed from a directory (`tests/fixtures/editions-club`) before first use.
//!
//! This is a test binary of its own, not a module of `tests/suite`: the edition registry is
//! process-wide and takes extra editions only before any ruleset is parsed, which the
//! hundreds of tests running beside it in the suite would do first.

#[allow(dead_code)]
#[path = "suite/xiangqi_cycles.rs"]
mod xiangqi_cycles;

use arbiter::edition::install_dir;
use arbiter::xiangqi::repetition::RepetitionRules;
use arbiter::{rules_for, Rules, Ruleset};
use std::path::Path;
use std::sync::Once;
use xiangqi_cycles::*;

/// Installs the club edition (AXF rules, two cycles) before any ruleset is parsed; every
/// test calls it first, so the registry is never used before.
fn rules(r: &str) -> Box<dyn Rules> {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/editions-club");
        install_dir(&dir).unwrap_or_else(|e| panic!("{e}"));
    });
    rules_for(&r.parse::<Ruleset>().unwrap())
}

/// The 棋例 rules and the number of cycles are parameters of the edition: the club edition
/// (tests/fixtures/editions-club) judges with the AXF rules after two cycles.
#[test]
fn the_verdict_parameters_come_from_the_edition() {
    let club: Ruleset = {
        rules("xiangqi");
        "xiangqi@club".parse().unwrap()
    };
    let params = RepetitionRules::for_ruleset(&club).unwrap();
    assert_eq!((params.edition, params.cycles_for_verdict), ("axf", 2));
    assert_eq!(
        RepetitionRules::for_ruleset(&"xiangqi@axf".parse().unwrap()),
        Some(RepetitionRules::AXF)
    );
    let r = rules("xiangqi@club");
    // Two cycles of 一将一捉: a draw under AXF rules after two cycles.
    let two = times(&CHECK_CHASE_CYCLE, 2, &[]);
    assert!(
        r.claim(CHECK_CHASE, &two, "repetition", None)
            .unwrap()
            .upheld
    );
    assert!(rules("xiangqi@axf")
        .outcome(CHECK_CHASE, &two)
        .unwrap()
        .claims
        .is_empty());
    // 长捉 played three times is already one cycle past the obligation to change: a loss.
    let three = times(&CHASE_CYCLE, 3, &[]);
    let outcome = r.outcome(CHASE, &three).unwrap();
    assert_eq!(
        (outcome.result_slug(), outcome.reason_slug()),
        ("black", "forbidden-repetition")
    );
    let repetition = arbiter::edition::DrawKind::Repetition;
    assert_eq!(outcome.counters.get(repetition).map(|c| c.limit), Some(3));
}
