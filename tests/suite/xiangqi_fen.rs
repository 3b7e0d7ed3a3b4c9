//! FEN reading and writing, and the rejection of impossible setups (第一章 第一节: the
//! pieces and their numbers; 第二节 三: where each piece can go; 帅将不准对面).

use arbiter::xiangqi::fen::{parse_fen, write_fen};
use arbiter::xiangqi::{Position, START_FEN};
use proptest::prelude::*;
use rstest::rstest;

#[rstest]
#[case::canonical(START_FEN)]
#[case::h_and_e_letters("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1")]
#[case::r_for_red("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1")]
#[case::counters_missing("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")]
#[case::dashes_missing("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w 0 1")]
#[case::turn_missing("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR")]
#[case::split_digits("rnbakabnr/45/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")]
fn lenient_forms_read_as_the_start_position(#[case] fen: &str) {
    assert_eq!(Position::from_fen(fen).unwrap().fen(), START_FEN);
}

#[test]
fn black_to_move_and_counters_are_kept() {
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
    let fen = "4k4/9/9/9/9/9/9/9/9/3K5 b - - 17 42";
    assert_eq!(Position::from_fen(fen).unwrap().fen(), fen);
}

// Text that is not FEN: the error names the rank (board rank: the first row is rank 9).
#[rstest]
#[case::empty("", "empty FEN")]
#[case::three_ranks("9/9/9 w", "the board has 3 ranks")]
#[case::eleven_ranks("9/9/9/9/9/9/9/9/9/9/9 w", "the board has 11 ranks")]
#[case::long_rank("4k5/9/9/9/9/9/9/9/9/3K5 w", "rank 9 ('4k5') has 10 files")]
#[case::short_rank("4k4/9/9/9/9/9/9/9/9/3K4 w", "rank 0 ('3K4') has 8 files")]
#[case::bad_letter("4k4/9/9/4x4/9/9/9/9/9/3K5 w", "rank 6: invalid character 'x'")]
#[case::zero_digit("4k4/09/9/9/9/9/9/9/9/3K5 w", "rank 8: invalid character '0'")]
#[case::bad_turn("4k4/9/9/9/9/9/9/9/9/3K5 x", "invalid side to move 'x'")]
#[case::bad_counter("4k4/9/9/9/9/9/9/9/9/3K5 w - - x 1", "invalid halfmove clock 'x'")]
#[case::bad_move_number("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 y", "invalid move number 'y'")]
#[case::trailing("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1 z", "unexpected text 'z'")]
fn unreadable_fen_is_rejected_naming_the_place(#[case] fen: &str, #[case] message: &str) {
    let err = Position::from_fen(fen).unwrap_err().to_string();
    assert!(err.contains(message), "{err}");
}

// Impossible setups: the error names the square at fault.
#[rstest]
#[case::no_red_general("4k4/9/9/9/9/9/9/9/9/9 w", "red has no general")]
#[case::no_black_general("9/9/9/9/9/9/9/9/9/4K4 w", "black has no general")]
#[case::two_generals(
    "4k4/9/9/9/9/9/9/9/4K4/3K5 w",
    "red has more than 1 general(s): the one on e1"
)]
#[case::general_outside_palace(
    "4k4/9/9/9/9/9/9/9/9/2K6 w",
    "red general on c0 is outside its palace"
)]
#[case::general_across_river(
    "4k4/9/9/9/9/4K4/9/9/9/9 w",
    "red general on e4 is outside its palace"
)]
#[case::black_general_outside(
    "9/9/9/9/9/4k4/9/9/9/3K5 w",
    "black general on e4 is outside its palace"
)]
#[case::advisor_off_point(
    "4k4/9/9/9/9/9/9/9/9/3KA4 w",
    "red advisor on e0 is not on one of its five palace points"
)]
#[case::advisor_outside_palace("4k4/9/9/9/9/9/9/9/9/2AK5 w", "red advisor on c0")]
#[case::elephant_off_point(
    "4k4/9/9/9/9/9/9/9/3B5/3K5 w",
    "red elephant on d1 is not on one of its seven points"
)]
#[case::elephant_across_river("4k4/9/9/2B6/9/9/9/9/9/3K5 w", "red elephant on c6")]
#[case::black_elephant_across_river("4k4/9/9/9/9/2b6/9/9/9/3K5 w", "black elephant on c4")]
#[case::soldier_behind_start(
    "4k4/9/9/9/9/9/9/P8/9/3K5 w",
    "red soldier on a2 is behind its starting rank"
)]
#[case::soldier_on_back_rank(
    "4k4/9/9/9/9/9/9/9/9/P2K5 w",
    "red soldier on a0 is behind its starting rank"
)]
#[case::soldier_off_file_before_river(
    "4k4/9/9/9/9/9/1P7/9/9/3K5 w",
    "red soldier on b3 has not crossed the river"
)]
#[case::soldier_off_file_on_rank_4(
    "4k4/9/9/9/9/3P5/9/9/9/3K5 w",
    "red soldier on d4 has not crossed the river"
)]
#[case::black_soldier_behind_start(
    "4k4/9/p8/9/9/9/9/9/9/3K5 w",
    "black soldier on a7 is behind its starting rank"
)]
#[case::black_soldier_off_file(
    "4k4/9/9/1p7/9/9/9/9/9/3K5 w",
    "black soldier on b6 has not crossed the river"
)]
#[case::three_chariots(
    "4k4/9/9/9/9/9/9/9/RRR6/3K5 w",
    "red has more than 2 chariot(s): the one on c1"
)]
#[case::six_soldiers(
    "4k4/9/9/PPPPPP3/9/9/9/9/9/3K5 w",
    "red has more than 5 soldier(s): the one on f6"
)]
#[case::three_black_horses(
    "4k4/9/9/nnn6/9/9/9/9/9/3K5 w",
    "black has more than 2 horse(s): the one on c6"
)]
#[case::generals_facing(
    "4k4/9/9/9/9/9/9/9/9/4K4 w",
    "the generals on e0 and e9 face each other"
)]
#[case::side_not_to_move_in_check(
    "4k4/9/9/9/4R4/9/9/9/9/3K5 w",
    "black is not to move but is in check (its general on e9"
)]
#[case::red_not_to_move_in_check(
    "4k4/9/9/9/9/9/9/9/9/3K1r3 b",
    "red is not to move but is in check"
)]
fn impossible_setups_are_rejected_naming_the_square(#[case] fen: &str, #[case] message: &str) {
    let err = Position::from_fen(fen).unwrap_err().to_string();
    assert!(err.contains(message), "{err}");
}

#[test]
fn generals_on_one_file_with_a_piece_between_are_fine() {
    assert!(Position::from_fen("4k4/9/9/9/4P4/9/9/9/9/4K4 w").is_ok());
}

proptest! {
    // Writing is canonical: every position reached by random play reads back the same.
    #[test]
    fn random_positions_round_trip_through_fen(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut pos = Position::start();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos = pos.play(moves[c as usize % moves.len()]).unwrap();
            let fen = pos.fen();
            prop_assert_eq!(write_fen(&parse_fen(&fen).unwrap()), fen.clone());
            prop_assert_eq!(Position::from_fen(&fen).unwrap(), pos);
        }
    }
}
