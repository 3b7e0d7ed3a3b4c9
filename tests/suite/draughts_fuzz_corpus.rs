//! Replays the committed cargo-fuzz seed corpora (`fuzz/corpus/draughts_*`) with the same
//! properties as the fuzz targets, so stable toolchains exercise them: parsing never
//! panics, and whatever parses round-trips.

use arbiter::draughts::fuzzing::{check_fen, check_move};
use std::fs;
use std::path::Path;

fn corpus(name: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(name);
    let mut files: Vec<_> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    assert!(files.len() >= 20, "{name}: only {} seed files", files.len());
    files
}

#[test]
fn fen_corpus_replays() {
    let results: Vec<(String, bool)> = corpus("draughts_fen")
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
    let results: Vec<(String, bool)> = corpus("draughts_move")
        .into_iter()
        .map(|(name, data)| (name, check_move(&data)))
        .collect();
    assert!(results.iter().any(|(_, ok)| *ok));
    assert!(results.iter().any(|(_, ok)| !*ok));
}
