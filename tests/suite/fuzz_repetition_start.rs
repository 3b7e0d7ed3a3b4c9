//! Replays the committed seed corpus of the `repetition_start` cargo-fuzz target
//! (`fuzz/corpus/repetition_start/`) with its property, so stable toolchains exercise it,
//! and pins what the seeds reach: every repetition ruling in both xiangqi editions and the
//! draughts draws by count, so the property is checked where the history's start matters.

use arbiter::rules_for;
use arbiter::targets::{check_repetition_start, repetition_line};
use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

#[test]
fn repetition_start_corpus_replays_and_reaches_every_ruling() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/repetition_start");
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    let mut reached = BTreeSet::new();
    for path in &files {
        let data = fs::read(path).unwrap();
        let sample = check_repetition_start(&data);
        let (ruleset, again) = repetition_line(&data);
        assert_eq!(sample, again, "{}", path.display());
        let outcome = rules_for(&ruleset)
            .outcome(&sample.fen, &sample.moves)
            .unwrap();
        let verdict = outcome
            .repetition
            .as_ref()
            .map(|v| v.ruling.slug().to_owned());
        reached.insert(format!(
            "{ruleset} {} {}",
            verdict.unwrap_or_else(|| "-".into()),
            outcome.reason_slug()
        ));
    }
    for wanted in [
        "xiangqi@cxa draw ",
        "xiangqi@cxa must-change ",
        "xiangqi@cxa loss forbidden-repetition",
        "xiangqi@axf draw ",
        "xiangqi@axf must-change ",
        "xiangqi@axf loss forbidden-repetition",
        "russian@fmjd64 - threefold",
        "russian@fmjd64 - small-ending",
        "russian@fmjd64 - long-diagonal",
    ] {
        assert!(
            reached.contains(wanted),
            "no seed reaches {wanted:?}: {reached:?}"
        );
    }
}
