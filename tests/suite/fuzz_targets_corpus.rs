//! Replays the committed cargo-fuzz seed corpora of the `case_file`, `catalog_file`,
//! `edition_file` and `generated` targets (`fuzz/corpus/`) with the same properties, so
//! stable toolchains exercise them.

use crate::common::fuzz_corpus;
use arbiter::targets::{check_case_file, check_catalog_file, check_edition_file, check_generated};

/// Replays a corpus; the files expected to parse are exactly those listed.
fn replay(name: &str, check: fn(&[u8]) -> bool, parse: &[&str]) {
    for (file, data) in fuzz_corpus(name, 6) {
        let ok = check(&data);
        assert_eq!(ok, parse.contains(&file.as_str()), "{name}/{file}");
    }
}

#[test]
fn case_file_corpus_replays() {
    replay(
        "case_file",
        check_case_file,
        &[
            "draughts-end-of-game.yaml",
            "draughts-promotion.yaml",
            "draughts-touch-move.yaml",
            "empty.yaml",
            "lint-problems.yaml",
            "minimal.yaml",
            "xiangqi-notation.yaml",
        ],
    );
}

#[test]
fn catalog_file_corpus_replays() {
    replay(
        "catalog_file",
        check_catalog_file,
        &["draughts64-head.yaml", "minimal.yaml", "xiangqi-head.yaml"],
    );
}

#[test]
fn edition_file_corpus_replays() {
    replay(
        "edition_file",
        check_edition_file,
        &["brazilian.yaml", "russian.yaml", "xiangqi.yaml"],
    );
}

#[test]
fn generated_corpus_replays() {
    let mut games = std::collections::BTreeSet::new();
    for (_, data) in fuzz_corpus("generated", 6) {
        let sample = check_generated(&data);
        games.insert(sample.fen.contains('/'));
    }
    assert_eq!(games.len(), 2, "both draughts and xiangqi samples");
}
