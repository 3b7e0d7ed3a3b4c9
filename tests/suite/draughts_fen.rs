//! PDN FEN reading (lenient) and writing (canonical), and position validation.

use arbiter::draughts::{
    fen, side_letter, FenError, Position, PositionError, Setup, Square, Variant,
};
use arbiter::Side;
use proptest::prelude::*;
use rstest::rstest;

fn sq(n: u8) -> Square {
    Square::from_number(n).unwrap()
}

#[rstest]
#[case::canonical("W:W21,22,K30:B1,2,K9", "W:W21,22,K30:B1,2,K9")]
#[case::unsorted("W:WK30,22,21:BK9,2,1", "W:W21,22,K30:B1,2,K9")]
#[case::black_section_first("B:B1,2:W31,32", "B:W31,32:B1,2")]
#[case::algebraic("W:Wa1,c3:Bb6", "W:W22,29:B9")]
#[case::algebraic_king("W:WKa1:BKh8", "W:WK29:BK4")]
#[case::mixed_styles("W:W29,c3:B9", "W:W22,29:B9")]
#[case::range(
    "W:W21-32:B1-12",
    "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
)]
#[case::king_range("B:WK1-3:B12", "B:WK1,K2,K3:B12")]
#[case::tag("[FEN \"W:W21,22:B1,2\"]", "W:W21,22:B1,2")]
#[case::tag_with_spaces("  [ FEN  \"B:W21:B1\" ]  ", "B:W21:B1")]
#[case::whitespace(" W : W 21 , 22 : B 1 , K 2 ", "W:W21,22:B1,K2")]
#[case::trailing_dot("W:W21:B1.", "W:W21:B1")]
#[case::lowercase_turn("b:W21:B1", "B:W21:B1")]
#[case::empty_side("W:W:B1", "W:W:B1")]
#[case::missing_side("W:B1,2", "W:W:B1,2")]
#[case::leading_zero("W:W05:B01", "W:W5:B1")]
fn reads_leniently_writes_canonically(#[case] input: &str, #[case] canonical: &str) {
    let setup = fen::parse(input).unwrap();
    assert_eq!(setup.to_string(), canonical);
    assert_eq!(fen::parse(canonical).unwrap(), setup);
}

#[rstest]
#[case::empty("", "empty position")]
#[case::blank("   ", "empty position")]
#[case::empty_tag("[FEN \"\"]", "empty position")]
#[case::bad_turn("X:W21:B1", "bad side to move 'X'")]
#[case::no_turn(":W21:B1", "bad side to move ''")]
#[case::no_lists("W", "missing piece lists")]
#[case::unknown_number("W:W33:B1", "unknown square '33'")]
#[case::zero("W:W0:B1", "unknown square '0'")]
#[case::light_square("W:Wa2:B1", "unknown square 'a2'")]
#[case::garbage_square("W:W2x:B1", "unknown square '2x'")]
#[case::listed_twice("W:W21,21:B1", "square 21 is listed twice")]
#[case::listed_in_both("W:W21:B21", "square 21 is listed twice")]
#[case::twice_via_algebraic("W:W22,c3:B1", "square 22 is listed twice")]
#[case::twice_via_range("W:W20-22,21:B1", "square 21 is listed twice")]
#[case::bad_range("W:W22-20:B1", "bad square range '22-20'")]
#[case::algebraic_range("W:Wa1-c3:B1", "bad square range 'a1-c3'")]
#[case::range_past_32("W:W30-33:B1", "unknown square '33'")]
#[case::empty_entry("W:W21,,22:B1", "empty entry in the white piece list")]
#[case::bad_section("W:X21:B1", "bad piece list 'X21'")]
#[case::duplicate_section("W:W21:W22", "white pieces are listed in two sections")]
#[case::unclosed_tag("[FEN \"W:W21:B1\"", "missing closing ']'")]
#[case::unquoted_tag("[FEN W:W21:B1]", "double quotes")]
fn rejects_bad_fen_with_a_precise_message(#[case] input: &str, #[case] message: &str) {
    let err = fen::parse(input).unwrap_err();
    assert!(
        err.to_string().contains(message),
        "{input:?}: got '{err}', expected it to contain '{message}'"
    );
}

#[rstest]
#[case::white_man_on_1("W:W1:B12", "white man on square 1 stands on its promotion row")]
#[case::white_man_on_4("W:W4:B12", "white man on square 4")]
#[case::black_man_on_29("W:W21:B29", "black man on square 29")]
#[case::black_man_on_32("W:W21:B32", "black man on square 32")]
#[case::thirteen_white("W:W1-13:B32", "white has 13 pieces (at most 12)")]
#[case::thirteen_black("W:W5:B20-32", "black has 13 pieces (at most 12)")]
fn rejects_impossible_setups(#[case] input: &str, #[case] message: &str) {
    let err = Position::from_fen(input, Variant::Russian).unwrap_err();
    assert!(
        err.to_string().contains(message),
        "{input:?}: got '{err}', expected '{message}'"
    );
}

#[test]
fn kings_may_stand_on_the_crowning_row() {
    let pos = Position::from_fen("W:WK1,K4:BK29,K32", Variant::Brazilian).unwrap();
    assert_eq!(pos.to_fen(), "W:WK1,K4:BK29,K32");
}

#[test]
fn hand_made_setups_are_validated() {
    let mut s = Setup::empty(Side::First);
    s.white = s.white.with(sq(10));
    s.black = s.black.with(sq(10));
    assert_eq!(
        Position::from_setup(&s, Variant::Russian),
        Err(PositionError::Overlap(sq(10)))
    );
    let mut s = Setup::empty(Side::First);
    s.kings = s.kings.with(sq(7));
    assert_eq!(
        Position::from_setup(&s, Variant::Russian),
        Err(PositionError::KingOnEmptySquare(sq(7)))
    );
    assert_eq!(
        Position::from_fen("", Variant::Russian),
        Err(PositionError::Fen(FenError::Empty))
    );
}

#[test]
fn algebraic_writing() {
    let setup = fen::parse("W:W21,K30:B1").unwrap();
    assert_eq!(
        fen::write(&setup, fen::SquareStyle::Algebraic),
        "W:Wa3,Kc1:Bb8"
    );
}

/// Random valid setups, about four squares in seven holding a piece.
fn arb_setup() -> impl Strategy<Value = Setup> {
    crate::common::draughts_setups(7..8)
}

proptest! {
    #[test]
    fn parse_of_write_is_the_setup(setup in arb_setup()) {
        let text = setup.to_string();
        prop_assert_eq!(fen::parse(&text).unwrap(), setup);
        let algebraic = fen::write(&setup, fen::SquareStyle::Algebraic);
        prop_assert_eq!(fen::parse(&algebraic).unwrap(), setup);
        prop_assert!(Position::from_setup(&setup, Variant::Russian).is_ok());
    }

    #[test]
    fn write_of_parse_is_canonical(setup in arb_setup(), reverse in any::<bool>()) {
        // Write the lists in a scrambled order (black first, descending) and read it back.
        let list = |color: Side| {
            let mut items: Vec<String> = setup
                .pieces(color)
                .into_iter()
                .map(|s| format!("{}{}", if setup.kings.contains(s) { "K" } else { "" }, s))
                .collect();
            items.reverse();
            format!("{}{}", side_letter(color), items.join(" , "))
        };
        let (a, b) = if reverse { (Side::Second, Side::First) } else { (Side::First, Side::Second) };
        let text = format!(" {} : {} : {} ", side_letter(setup.turn), list(a), list(b));
        let parsed = fen::parse(&text).unwrap();
        prop_assert_eq!(parsed, setup);
        prop_assert_eq!(parsed.to_string(), setup.to_string());
    }

    #[test]
    fn parse_never_panics(text in "\\PC{0,40}") {
        let _ = fen::parse(&text);
    }

    #[test]
    fn parse_never_panics_on_fen_like_text(text in "[WBK:,0-9a-h\\- \\[\\]\"FEN.]{0,40}") {
        if let Ok(setup) = fen::parse(&text) {
            prop_assert_eq!(fen::parse(&setup.to_string()).unwrap(), setup);
        }
    }
}
