//! The notation, the `id name`, option, FEN and `bestmove` readings, and the side of a
//! reply, as the protocols and the engines write them.

use super::asked::{same_fen, side_of_reply};
use super::probe::variant_option;
use super::*;
use crate::engine::program::name_and_version;
use crate::xiangqi::fen::parse_fen;
use crate::xiangqi::iccs::parse_iccs_coords;
use crate::xiangqi::START_FEN;

#[test]
fn ranks_translate_both_ways() {
    assert_eq!(UciRanks::FromOne.to_engine("h2e2").as_deref(), Some("h3e3"));
    assert_eq!(
        UciRanks::FromOne.to_engine("b2b9").as_deref(),
        Some("b3b10")
    );
    assert_eq!(
        UciRanks::FromZero.to_engine("H2-E2").as_deref(),
        Some("h2e2")
    );
    assert_eq!(UciRanks::FromOne.to_engine("h3h10"), None);
    assert_eq!(UciRanks::FromOne.to_iccs("b10b3").as_deref(), Some("b9b2"));
    assert_eq!(UciRanks::FromOne.to_iccs("a1a2").as_deref(), Some("a0a1"));
    assert_eq!(UciRanks::FromOne.to_iccs("a0a1"), None);
    assert_eq!(UciRanks::FromOne.to_iccs("a11a1"), None);
    assert_eq!(UciRanks::FromOne.to_iccs("a01a2"), None);
    assert_eq!(UciRanks::FromZero.to_iccs("a0a1").as_deref(), Some("a0a1"));
    assert_eq!(UciRanks::FromZero.to_iccs("b2b10"), None);
    assert_eq!(UciRanks::FromZero.to_iccs("j0a1"), None);
    assert_eq!(UciRanks::FromZero.to_iccs("a0a1q"), None);
}

#[test]
fn names_and_versions() {
    let split = |s: &str| name_and_version(s);
    assert_eq!(
        split("Fairy-Stockfish 11.1 LB 64"),
        ("Fairy-Stockfish".into(), "11.1 LB 64".into())
    );
    assert_eq!(
        split("Pikafish dev-20230601-abc"),
        ("Pikafish".into(), "dev-20230601-abc".into())
    );
    assert_eq!(split("Some Engine"), ("Some Engine".into(), String::new()));
    assert_eq!(split("Engine v2"), ("Engine".into(), "v2".into()));
}

#[test]
fn variant_options_with_or_without_name() {
    for line in [
        "option name UCI_Variant type combo default chess var chess var xiangqi",
        // UCCI engines leave `name` out.
        "option UCI_Variant type combo default xiangqi var chess var xiangqi",
    ] {
        assert_eq!(
            variant_option(line),
            Some(vec!["chess".into(), "xiangqi".into()]),
            "{line}"
        );
    }
    assert_eq!(
        variant_option("option name Hash type spin default 16"),
        None
    );
}

#[test]
fn fens_compare_on_the_given_fields() {
    let start = crate::xiangqi::START_FEN;
    assert!(same_fen(start, start));
    assert!(same_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        start
    ));
    assert!(!same_fen(
        start,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
    ));
    assert!(!same_fen(
        start,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
    ));
}

#[test]
fn bestmove_lines_and_no_move() {
    assert_eq!(
        best_move("bestmove h3e3 ponder h10g8"),
        Some(Some("h3e3".into()))
    );
    assert_eq!(best_move("bestmove (none)"), Some(None));
    assert_eq!(best_move("bestmove 0000"), Some(None));
    assert_eq!(best_move("nobestmove"), Some(None));
    assert_eq!(best_move("bestmoves"), None);
    assert_eq!(best_move("info depth 1"), None);
}

#[test]
fn the_ranks_come_from_the_engines_own_move() {
    assert_eq!(ranks_of_start_move("h3e3").ok(), Some(UciRanks::FromOne));
    assert_eq!(ranks_of_start_move("h2e2").ok(), Some(UciRanks::FromZero));
    assert!(ranks_of_start_move("e5e6").is_err());
}

#[test]
fn the_side_of_the_reply_tells_whether_a_move_was_taken() {
    let setup = parse_fen(START_FEN).unwrap();
    let m = parse_iccs_coords("h2e2").unwrap();
    // A black reply: the move was taken; a red one: the board stayed before it.
    assert!(side_of_reply(&setup, m, "h10g8", UciRanks::FromOne).unwrap());
    assert!(!side_of_reply(&setup, m, "b1c3", UciRanks::FromOne).unwrap());
    assert!(side_of_reply(&setup, m, "e5e6", UciRanks::FromOne).is_err());
}
