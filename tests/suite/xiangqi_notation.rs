//! Move notations: ICCS and uci10 coordinates, the Chinese move record of the rules
//! (第四章 第三节 记录) and WXF as Fairy-Stockfish writes it.

use crate::common::xiangqi_position as position;
use arbiter::xiangqi::chinese::{parse_chinese, write_chinese};
use arbiter::xiangqi::iccs::{parse_iccs, parse_uci10, write_uci10};
use arbiter::xiangqi::wxf::{parse_wxf, write_wxf};
use arbiter::xiangqi::{parse_move, Move, Notation, NotationError, Position};
use proptest::prelude::*;
use rstest::rstest;

fn mv(text: &str) -> Move {
    Move {
        from: text[..2].parse().unwrap(),
        to: text[2..].parse().unwrap(),
    }
}

const START: &str = "";

/// Every example of the seed's 记录 section (and the two classic opening moves), in a
/// position where it names one move; each must read as that move and print back the same.
/// The seed's simplified forms (前马4 …) mark the direction by underlining, which plain text
/// cannot show; they are read when only one legal move fits, but never written.
#[rstest]
#[case::cannon_two_to_five(START, 'w', "炮二平五", "h2e2")]
#[case::horse_eight_advances_to_seven("h2e2", 'b', "马8进7", "h9g7")]
#[case::front_horse_retreats_to_four("d0=K f9=k g5=N g3=N", 'w', "前马退四", "g5f3")]
#[case::rear_chariot_to_six("e0=K f9=k d8=r d4=r", 'b', "后车平6", "d8f8")]
#[case::first_soldier_to_four("d0=K f9=k e5=P e6=P e7=P", 'w', "1兵平四", "e7f7")]
#[case::fifth_soldier_advances_one("e0=K f9=k c6=p c4=p c3=p c2=p c1=p", 'b', "5卒进1", "c6c5")]
fn seed_examples_parse_and_print_back(
    #[case] pieces: &str,
    #[case] turn: char,
    #[case] text: &str,
    #[case] iccs: &str,
) {
    let pos = if pieces == START {
        Position::start()
    } else if pieces == "h2e2" {
        Position::start().play(mv("h2e2")).unwrap()
    } else {
        position(pieces, turn)
    };
    let m = parse_chinese(&pos, text).unwrap();
    assert_eq!(m, mv(iccs));
    assert_eq!(write_chinese(&pos, m), text);
}

// The simplified record (简写记录) without the direction sign, and the other forms the
// seed names (上/下 for 进/退, Arabic numerals for both sides) and traditional characters.
#[rstest]
#[case::simplified_front_horse("d0=K f9=k g5=N g3=N g6=P", 'w', "前马4", "g5f3")]
#[case::simplified_rear_chariot("e0=K f9=k d8=r d4=r", 'b', "后车6", "d8f8")]
#[case::simplified_soldier("d0=K f9=k e5=P e6=P e7=P", 'w', "1兵4", "e7f7")]
#[case::shang_for_forward("e0=K f9=k c6=p c4=p c3=p c2=p c1=p", 'b', "5卒上1", "c6c5")]
#[case::xia_for_backward("d0=K f9=k g5=N g3=N", 'w', "前马下四", "g5f3")]
#[case::arabic_for_red("d0=K f9=k g5=N g3=N", 'w', "前马退4", "g5f3")]
#[case::traditional("d0=K f9=k g5=N g3=N", 'w', "前馬退四", "g5f3")]
#[case::traditional_rear("d0=K f9=k g5=N g3=N", 'w', "後傌退四", "g3f1")]
#[case::middle_of_three("d0=K f9=k e5=P e6=P e7=P", 'w', "中兵平四", "e6f6")]
#[case::rear_of_three("d0=K f9=k e5=P e6=P e7=P", 'w', "后兵平四", "e5f5")]
#[case::chinese_ordinal("d0=K f9=k e5=P e6=P e7=P", 'w', "二兵平六", "e6d6")]
#[case::full_width_ordinal("d0=K f9=k e5=P e6=P e7=P", 'w', "３兵平六", "e5d5")]
#[case::full_width_black_number("e0=K f9=k c6=p c4=p c3=p c2=p c1=p", 'b', "５卒进１", "c6c5")]
#[case::file_with_front("d0=K f9=k g5=N g3=N", 'w', "前马三退四", "g5f3")]
fn lenient_chinese_forms(
    #[case] pieces: &str,
    #[case] turn: char,
    #[case] text: &str,
    #[case] iccs: &str,
) {
    let pos = position(pieces, turn);
    assert_eq!(parse_chinese(&pos, text).unwrap(), mv(iccs));
}

// 记录: 前/后 for two like pieces on a file (for every kind, advisors too), the number after
// 进/退 is a destination file for 马相仕 and a step count for the straight movers; two files
// each with two or more soldiers get the file number after the piece.
#[rstest]
#[case::step_count_for_chariot("d0=K f9=k i0=R", 'w', "i0i3", "车一进三")]
#[case::destination_file_for_horse(START, 'w', "h0g2", "马二进三")]
#[case::destination_file_for_elephant(START, 'w', "c0e2", "相七进五")]
#[case::destination_file_for_advisor(START, 'w', "f0e1", "仕四进五")]
#[case::general_steps(START, 'w', "e0e1", "帅五进一")]
#[case::black_general("d0=K f9=k", 'b', "f9f8", "将6进1")]
#[case::black_elephant_retreats("d0=K f9=k c5=b", 'b', "c5e7", "象3退5")]
#[case::front_advisor("e0=K f9=k d0=A d2=A", 'w', "d2e1", "前仕退五")]
#[case::rear_advisor("e0=K f9=k d0=A d2=A", 'w', "d0e1", "后仕进五")]
#[case::two_soldiers_on_one_file("d0=K f9=k c5=P c6=P", 'w', "c6c7", "前兵进一")]
#[case::two_tandem_files_front("d0=K f9=k c5=P c6=P g5=P g6=P", 'w', "c6c7", "前兵七进一")]
#[case::two_tandem_files_rear("d0=K f9=k c5=P c6=P g5=P g6=P", 'w', "g5f5", "后兵三平四")]
#[case::tandem_files_three_and_two("d0=K f9=k c5=P c6=P g5=P g6=P g7=P", 'w', "g6h6", "2兵三平二")]
fn chinese_record_is_written_as_the_rules_say(
    #[case] pieces: &str,
    #[case] turn: char,
    #[case] iccs: &str,
    #[case] text: &str,
) {
    let pos = if pieces == START {
        Position::start()
    } else {
        position(pieces, turn)
    };
    let m = mv(iccs);
    assert!(pos.is_legal(m));
    assert_eq!(write_chinese(&pos, m), text);
    assert_eq!(parse_chinese(&pos, text).unwrap(), m);
}

#[test]
fn simplified_record_that_fits_two_moves_is_ambiguous() {
    let pos = position("d0=K f9=k g5=N g3=N", 'w');
    let err = parse_chinese(&pos, "前马4").unwrap_err().to_string();
    assert!(err.contains("g5f3, g5f7"), "{err}");
}

#[test]
fn two_tandem_files_without_the_file_is_ambiguous() {
    let pos = position("d0=K f9=k c5=P c6=P g5=P g6=P", 'w');
    let err = parse_chinese(&pos, "前兵进一").unwrap_err();
    assert_eq!(
        err,
        NotationError::Ambiguous {
            text: "前兵进一".into(),
            candidates: vec!["c6c7".into(), "g6g7".into()],
        }
    );
}

#[test]
fn a_file_holding_two_chariots_named_by_file_is_ambiguous() {
    let pos = position("d0=K f9=k i0=R i3=R", 'w');
    let err = parse_chinese(&pos, "车一进一").unwrap_err().to_string();
    assert!(
        err.contains("ambiguous") && err.contains("i0i1, i3i4"),
        "{err}"
    );
    let err = parse_wxf(&pos, "R1+1").unwrap_err().to_string();
    assert!(err.contains("ambiguous"), "{err}");
    assert_eq!(parse_chinese(&pos, "前车进一").unwrap(), mv("i3i4"));
}

#[rstest]
#[case::cannon_cannot_go_nine("炮二进九", "names no legal move")]
#[case::no_piece_on_file("车五进一", "red has no chariot on its file 5")]
#[case::front_without_tandem("前炮平五", "names no legal move")]
#[case::garbage("炮二平", "is not a move in Chinese notation")]
#[case::unknown_piece("王五进一", "is not a move in Chinese notation")]
fn chinese_errors_say_what_is_wrong(#[case] text: &str, #[case] message: &str) {
    let err = parse_chinese(&Position::start(), text)
        .unwrap_err()
        .to_string();
    assert!(err.contains(message), "{err}");
}

// WXF: files 1-9 from each player's right, + forward, - backward, = sideways.
#[rstest]
#[case::central_cannon(START, 'w', "h2e2", "C2=5")]
#[case::horse(START, 'w', "h0g2", "H2+3")]
#[case::chariot(START, 'w', "i0i1", "R1+1")]
#[case::elephant(START, 'w', "c0e2", "E7+5")]
#[case::advisor(START, 'w', "f0e1", "A4+5")]
#[case::king(START, 'w', "e0e1", "K5+1")]
#[case::pawn(START, 'w', "g3g4", "P3+1")]
#[case::black_horse("d0=K f9=k h9=n", 'b', "h9g7", "H8+7")]
#[case::black_cannon_retreat("d0=K f9=k b4=c", 'b', "b4b7", "C2-3")]
#[case::tandem_chariots_front("d0=K f9=k e3=R e6=R", 'w', "e6d6", "R+=6")]
#[case::tandem_chariots_rear("d0=K f9=k e3=R e6=R", 'w', "e3e2", "R--1")]
#[case::tandem_advisors_keep_the_file("e0=K f9=k d0=A d2=A", 'w', "d0e1", "A6+5")]
#[case::tandem_advisors_keep_the_file_back("e0=K f9=k d0=A d2=A", 'w', "d2e1", "A6-5")]
#[case::three_pawns_ordinal("d0=K f9=k e5=P e6=P e7=P", 'w', "e7f7", "15=4")]
#[case::three_pawns_rear("d0=K f9=k e5=P e6=P e7=P", 'w', "e5f5", "35=4")]
#[case::two_tandem_files("d0=K f9=k c5=P c6=P g5=P g6=P", 'w', "g5f5", "23=4")]
fn wxf_is_written_as_fairy_stockfish_writes_it(
    #[case] pieces: &str,
    #[case] turn: char,
    #[case] iccs: &str,
    #[case] text: &str,
) {
    let pos = if pieces == START {
        Position::start()
    } else {
        position(pieces, turn)
    };
    let m = mv(iccs);
    assert_eq!(write_wxf(&pos, m), text);
    assert_eq!(parse_wxf(&pos, text).unwrap(), m);
}

#[rstest]
#[case::dot_for_sideways(START, "C2.5", "h2e2")]
#[case::lower_case(START, "c2=5", "h2e2")]
#[case::b_for_elephant(START, "B7+5", "c0e2")]
#[case::n_for_horse(START, "N2+3", "h0g2")]
#[case::check_mark_suffix(START, "C2=5+", "h2e2")]
#[case::prefix_front("d0=K f9=k e3=R e6=R", "+R=6", "e6d6")]
#[case::prefix_rear("d0=K f9=k e3=R e6=R", "-R-1", "e3e2")]
#[case::committee_foremost("d0=K f9=k e5=P e6=P e7=P", "++=4", "e7f7")]
#[case::committee_rearmost("d0=K f9=k e5=P e6=P e7=P", "--=4", "e5f5")]
#[case::committee_file_and_front("d0=K f9=k c5=P c6=P g5=P g6=P", "3-=4", "g5f5")]
fn lenient_wxf_forms(#[case] pieces: &str, #[case] text: &str, #[case] iccs: &str) {
    let pos = if pieces == START {
        Position::start()
    } else {
        position(pieces, 'w')
    };
    assert_eq!(parse_wxf(&pos, text).unwrap(), mv(iccs));
}

#[rstest]
#[case::bad_letter("X2=5", "is not a move in WXF notation")]
#[case::file_zero("C0=5", "is not a move in WXF notation")]
#[case::too_long("C2=55", "is not a move in WXF notation")]
#[case::no_such_move("C2+9", "names no legal move")]
fn wxf_errors(#[case] text: &str, #[case] message: &str) {
    let err = parse_wxf(&Position::start(), text).unwrap_err().to_string();
    assert!(err.contains(message), "{err}");
}

#[rstest]
#[case::plain("h2e2", "h2e2")]
#[case::upper("H2E2", "h2e2")]
#[case::dash("h2-e2", "h2e2")]
#[case::upper_dash("B0-C2", "b0c2")]
fn iccs_forms(#[case] text: &str, #[case] iccs: &str) {
    assert_eq!(parse_iccs(&Position::start(), text).unwrap(), mv(iccs));
}

#[rstest]
#[case::empty_square("h3e3", "there is no piece on h3")]
#[case::opponent_piece("h7e7", "the piece on h7 is black's")]
#[case::cannot_move("h2h8", "the red cannon on h2 cannot move to h8")]
#[case::off_board("h2h10", "is not a move in ICCS notation")]
fn iccs_errors(#[case] text: &str, #[case] message: &str) {
    let err = parse_iccs(&Position::start(), text)
        .unwrap_err()
        .to_string();
    assert!(err.contains(message), "{err}");
}

#[test]
fn iccs_error_explains_a_move_into_check() {
    let pos = position("e0=K e9=k e5=N", 'w');
    let err = parse_iccs(&pos, "e5d7").unwrap_err().to_string();
    assert!(err.contains("would leave its general attacked"), "{err}");
}

// uci10 (ranks 1-10) is read only when asked for: `h3e3` is also ICCS.
#[test]
fn uci10_is_explicit_and_never_guessed() {
    let pos = Position::start();
    assert_eq!(parse_uci10(&pos, "h3e3").unwrap(), mv("h2e2"));
    assert_eq!(parse_uci10(&pos, "h3h10").unwrap(), mv("h2h9"));
    assert_eq!(write_uci10(mv("h2h9")), "h3h10");
    assert!(parse_uci10(&pos, "h2e2").is_err()); // that cannon is on h3 in uci10 terms
    assert!(parse_uci10(&pos, "h3h11").is_err());
    assert!(parse_uci10(&pos, "h0h1").is_err());
    let err = parse_move(&pos, "h3e3").unwrap_err().to_string();
    assert!(err.contains("there is no piece on h3"), "{err}");
}

#[test]
fn parse_move_reads_every_guessable_notation() {
    let pos = Position::start();
    for text in ["h2e2", "H2-E2", "C2=5", "c2.5", "炮二平五", "砲二平五"] {
        assert_eq!(parse_move(&pos, text).unwrap(), mv("h2e2"), "{text}");
    }
    let err = parse_move(&pos, "zz").unwrap_err().to_string();
    assert!(err.contains("ICCS, WXF or Chinese"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    // Every legal move of every position reached by random play reads back from its text in
    // every notation, and the guessable ones through parse_move too.
    #[test]
    fn every_notation_round_trips(choices in prop::collection::vec(any::<u16>(), 0..80)) {
        let mut pos = Position::start();
        for c in choices {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                for n in Notation::ALL {
                    let text = n.write(&pos, m);
                    prop_assert_eq!(n.parse(&pos, &text), Ok(m), "{} {} in {}", n, text, pos.fen());
                    if n != Notation::Uci10 {
                        prop_assert_eq!(parse_move(&pos, &text), Ok(m), "{}", text);
                    }
                }
            }
            pos = pos.play(moves[c as usize % moves.len()]).unwrap();
        }
    }
}
