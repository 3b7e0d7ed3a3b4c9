//! Perft from the start position against the published figures (RULES.md), both rulesets
//! and both counting conventions. Depths 8 and 9 take a few seconds in a debug build and
//! well under a second in `cargo test --release`.

use arbiter::draughts::{perft, perft_divide, PerftCount, Position, Variant};
use arbiter::{rules_for, Ruleset};
use rstest::rstest;

const RUSSIAN_PATHS: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929905, 4570667];
const RUSSIAN_MOVES: [u64; 9] = [7, 49, 302, 1469, 7482, 37986, 190146, 929899, 4570586];
const BRAZILIAN_PATHS: [u64; 9] = [7, 49, 302, 1469, 7473, 37628, 187302, 907836, 4431847];
const BRAZILIAN_MOVES: [u64; 9] = [7, 49, 302, 1469, 7473, 37628, 187302, 907830, 4431766];

#[rstest]
#[case::russian_paths(Variant::Russian, PerftCount::Paths, RUSSIAN_PATHS)]
#[case::russian_moves(Variant::Russian, PerftCount::Moves, RUSSIAN_MOVES)]
#[case::brazilian_paths(Variant::Brazilian, PerftCount::Paths, BRAZILIAN_PATHS)]
#[case::brazilian_moves(Variant::Brazilian, PerftCount::Moves, BRAZILIAN_MOVES)]
fn start_position_to_depth_9(
    #[case] variant: Variant,
    #[case] count: PerftCount,
    #[case] expected: [u64; 9],
) {
    let start = Position::start(variant);
    for (i, &nodes) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(
            perft(&start, depth, count),
            nodes,
            "{variant} depth {depth}"
        );
    }
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
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 7473);
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
    let plain = rules.perft(&fen, 6, PerftCount::Paths, false).unwrap();
    let divided = rules.perft(&fen, 6, PerftCount::Paths, true).unwrap();
    assert_eq!(plain.nodes, 37986);
    assert_eq!(divided.nodes, 37986);
    assert_eq!(divided.divide.len(), 7);
    assert_eq!(divided.divide[0].0, "21-17");
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
