//! Perft against `tests/data/draughts.perft`: the start position and hand-picked positions
//! (king captures, the Brazilian majority rule, crowning during a capture, many routes to one
//! move), both rulesets and both counting conventions, each count with its source (a
//! published table, or implementations other than arbiter's). Also the divide and
//! `Rules::perft` entry points.

use crate::perft_data::{self, expected, Entry, EVERYDAY_NODES};
use arbiter::draughts::{perft, perft_divide, PerftCount, Position, Variant};
use arbiter::{rules_for, Game, Ruleset};

const FILE: &str = "draughts.perft";

fn entries() -> Vec<Entry> {
    perft_data::load(FILE)
}

/// Every count up to [`EVERYDAY_NODES`]; the file must cover both rulesets, both
/// conventions and more than the start position, so an emptied file fails too.
#[test]
fn counts_in_the_data_file() {
    let entries = entries();
    for game in [Game::Russian, Game::Brazilian] {
        for count in [PerftCount::Paths, PerftCount::Moves] {
            let n = entries
                .iter()
                .filter(|e| e.game == game && e.count == Some(count) && e.position != "start")
                .count();
            assert!(
                n >= 5,
                "{FILE}: {n} {game:?} {count:?} counts beyond the start"
            );
        }
    }
    let checked = perft_data::check(&entries, |e| e.nodes <= EVERYDAY_NODES);
    assert!(checked >= 100, "{FILE}: only {checked} everyday counts");
}

/// The counts above [`EVERYDAY_NODES`] (the start at depth 11: 111 million leaves a count).
#[test]
#[ignore = "over 25 million nodes a count: cargo test --release --test suite draughts_perft:: -- --ignored"]
fn deep_counts_in_the_data_file() {
    let checked = perft_data::check(&entries(), |e| e.nodes > EVERYDAY_NODES);
    assert!(checked > 0);
}

#[test]
fn depth_zero_is_one_node() {
    assert_eq!(
        perft(&Position::start(Variant::Russian), 0, PerftCount::Paths),
        1
    );
}

#[test]
fn divide_sums_to_the_total_and_lists_root_moves() {
    let start = Position::start(Variant::Brazilian);
    let rows = perft_divide(&start, 5, PerftCount::Moves);
    assert_eq!(rows.len(), 7);
    assert_eq!(
        rows.iter().map(|(_, n)| n).sum::<u64>(),
        expected(
            &entries(),
            "start",
            Game::Brazilian,
            5,
            Some(PerftCount::Moves)
        )
    );
    let texts: Vec<String> = rows.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(
        texts,
        ["21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"]
    );
}

#[test]
fn rules_perft_with_divide_matches() {
    let rules = rules_for(&"russian".parse::<Ruleset>().unwrap());
    let fen = rules.start_fen();
    let nodes = expected(
        &entries(),
        "start",
        Game::Russian,
        6,
        Some(PerftCount::Paths),
    );
    let plain = rules.perft(&fen, 6, PerftCount::Paths, false).unwrap();
    let divided = rules.perft(&fen, 6, PerftCount::Paths, true).unwrap();
    assert_eq!(plain.nodes, nodes);
    assert_eq!(divided.nodes, nodes);
    assert_eq!(divided.divide.len(), 7);
    assert_eq!(divided.divide[0].0, "21-17");
    assert_eq!(divided.divide.iter().map(|(_, n)| n).sum::<u64>(), nodes);
}

/// The paths/moves split at depth 8 comes from routes with the same identity: in the
/// Russian tree 6 leaves are second routes of a move already counted.
#[test]
fn paths_and_moves_split_at_depth_8() {
    let start = Position::start(Variant::Russian);
    let paths = perft(&start, 8, PerftCount::Paths);
    let moves = perft(&start, 8, PerftCount::Moves);
    assert_eq!(paths - moves, 6);
}
