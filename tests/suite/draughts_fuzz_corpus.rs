//! Replays the committed cargo-fuzz seed corpora (`fuzz/corpus/draughts_*`) with the same
//! properties as the fuzz targets, so stable toolchains exercise them: parsing never
//! panics, and whatever parses round-trips.

use crate::common::fuzz_corpus;
use arbiter::draughts::fuzzing::{check_fen, check_move};

#[test]
fn fen_corpus_replays() {
    let results: Vec<(String, bool)> = fuzz_corpus("draughts_fen", 20)
        .into_iter()
        .map(|(name, data)| (name, check_fen(&data)))
        .collect();
    // The corpus holds both kinds of seeds.
    assert!(results.iter().any(|(_, ok)| *ok));
    assert!(results.iter().any(|(_, ok)| !*ok));
    for (name, ok) in results {
        let expected_ok = !matches!(
            name.trim_end_matches(".txt"),
            "empty"
                | "blank"
                | "bad_turn"
                | "only_turn"
                | "unknown_square"
                | "square_zero"
                | "light_square"
                | "listed_twice"
                | "listed_in_both"
                | "bad_range"
                | "range_past_end"
                | "empty_entry"
                | "duplicate_section"
                | "unclosed_tag"
                | "huge_number"
                | "non_ascii"
                | "colons"
        );
        assert_eq!(ok, expected_ok, "{name}");
    }
}

#[test]
fn move_corpus_replays() {
    let results: Vec<(String, bool)> = fuzz_corpus("draughts_move", 20)
        .into_iter()
        .map(|(name, data)| (name, check_move(&data)))
        .collect();
    assert!(results.iter().any(|(_, ok)| *ok));
    assert!(results.iter().any(|(_, ok)| !*ok));
}
