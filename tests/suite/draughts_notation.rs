//! Move notation: numeric and algebraic, full and short capture paths, ambiguity.

use arbiter::draughts::notation::{self, Notation};
use arbiter::draughts::{MoveError, Position, Variant};
use proptest::prelude::*;
use rstest::rstest;

fn resolve(fen: &str, variant: Variant, text: &str) -> Result<String, MoveError> {
    let pos = Position::from_fen(fen, variant).unwrap();
    pos.parse_move(text).map(|m| m.to_string())
}

const START: &str = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
/// Russian: 12x17 goes either h6xg7-f8 (crowned) xc5-b4, or h6xg5-f4xe5-d6xc5-b4.
const TWO_ROUTES: &str = "W:W12:B8,14,15,16";
/// The man on c3 goes round four pieces either way and comes back to c3 (one move).
const LOOP: &str = "W:W22:B9,10,17,18";

#[rstest]
#[case::numeric(START, "22-18", "22-18")]
#[case::algebraic(START, "c3-d4", "22-18")]
#[case::mixed(START, "c3-18", "22-18")]
#[case::spaces(START, " 22 - 18 ", "22-18")]
#[case::full_path(TWO_ROUTES, "12x19x10x17", "12x19x10x17")]
#[case::trailing_junk(TWO_ROUTES, "h6:g5...", "")]
#[case::algebraic_capture(TWO_ROUTES, "h6:f4:d6:b4", "12x19x10x17")]
#[case::times_sign(TWO_ROUTES, "12×3×17", "12x3x17")]
#[case::upper_x(TWO_ROUTES, "12X3X17", "12x3x17")]
#[case::partial_path(TWO_ROUTES, "12x10x17", "12x19x10x17")]
#[case::via_crowning(TWO_ROUTES, "12x3x17", "12x3x17")]
#[case::short_unique(TWO_ROUTES, "12x21", "12x3x21")]
#[case::same_identity_two_paths(LOOP, "22x22", "22x13x6x15x22")]
#[case::either_route_of_the_loop(LOOP, "22x15x6x13x22", "22x15x6x13x22")]
fn reads_moves(#[case] fen: &str, #[case] text: &str, #[case] canonical: &str) {
    let got = resolve(fen, Variant::Russian, text);
    if canonical.is_empty() {
        assert!(
            matches!(got, Err(MoveError::Syntax { .. })),
            "{text}: {got:?}"
        );
    } else {
        assert_eq!(got.unwrap(), canonical, "{text}");
    }
}

#[test]
fn ambiguous_text_lists_the_candidates() {
    let err = resolve(TWO_ROUTES, Variant::Russian, "12x17").unwrap_err();
    assert_eq!(
        err,
        MoveError::Ambiguous {
            text: "12x17".into(),
            candidates: vec!["12x3x17".into(), "12x19x10x17".into()],
        }
    );
    assert_eq!(
        err.to_string(),
        "ambiguous move '12x17': it matches 12x3x17, 12x19x10x17"
    );
    assert!(matches!(
        resolve(TWO_ROUTES, Variant::Russian, "h6:b4"),
        Err(MoveError::Ambiguous { .. })
    ));
    // Brazilian: the majority rule leaves only the three-piece route, so no ambiguity.
    assert_eq!(
        resolve(TWO_ROUTES, Variant::Brazilian, "12x17").unwrap(),
        "12x19x10x17"
    );
}

#[rstest]
#[case::no_such_move(START, "22-19", "illegal move '22-19': it matches no legal move")]
#[case::backward(START, "22-26", "illegal move '22-26'")]
#[case::capture_compulsory(TWO_ROUTES, "12-8", "a capture is compulsory here")]
#[case::no_capture(START, "22x15", "there is no capture in this position")]
#[case::wrong_route(TWO_ROUTES, "12x15x17", "illegal move '12x15x17'")]
#[case::empty(START, "", "cannot read move '': empty move")]
#[case::no_separator(START, "2218", "expected squares separated by")]
#[case::mixed_separators(START, "22-18x15", "mixes '-'")]
#[case::three_square_plain(START, "22-18-15", "a plain move has exactly two squares")]
#[case::unknown_square(START, "22-33", "unknown square '33'")]
#[case::light_square(START, "c3-c4", "unknown square 'c4'")]
#[case::dangling(START, "22-", "a square is missing")]
fn rejects_moves_with_a_reason(#[case] fen: &str, #[case] text: &str, #[case] message: &str) {
    let err = resolve(fen, Variant::Russian, text).unwrap_err();
    assert!(
        err.to_string().contains(message),
        "{text:?}: got '{err}', expected '{message}'"
    );
}

#[rstest]
#[case::plain(START, "22-18", Notation::Algebraic, "c3-d4")]
#[case::capture(TWO_ROUTES, "12x19x10x17", Notation::Algebraic, "h6:f4:d6:b4")]
#[case::capture_numeric(TWO_ROUTES, "h6:f4:d6:b4", Notation::Numeric, "12x19x10x17")]
fn writes_moves(
    #[case] fen: &str,
    #[case] text: &str,
    #[case] notation: Notation,
    #[case] expected: &str,
) {
    let pos = Position::from_fen(fen, Variant::Russian).unwrap();
    let m = pos.parse_move(text).unwrap();
    assert_eq!(notation::write(&m, notation), expected);
}

#[test]
fn notation_names() {
    assert_eq!("numeric".parse::<Notation>(), Ok(Notation::Numeric));
    assert_eq!("algebraic".parse::<Notation>(), Ok(Notation::Algebraic));
    assert_eq!(
        "iccs".parse::<Notation>().unwrap_err(),
        "unknown draughts notation 'iccs' (expected one of: numeric, algebraic)"
    );
}

/// Positions reached by a few random plies from the start (to get captures and kings).
fn arb_position() -> impl Strategy<Value = Position> {
    (
        prop_oneof![Just(Variant::Brazilian), Just(Variant::Russian)],
        proptest::collection::vec(any::<u16>(), 0..60),
    )
        .prop_map(|(variant, choices)| {
            let mut pos = Position::start(variant);
            for c in choices {
                let moves = pos.legal_paths();
                if moves.is_empty() {
                    break;
                }
                pos = pos.play_unchecked(&moves[c as usize % moves.len()]);
            }
            pos
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every generated move's text (both notations, every path) reads back to the same
    /// identity.
    #[test]
    fn every_move_text_reads_back_to_its_identity(pos in arb_position()) {
        for m in pos.legal_paths() {
            for n in [Notation::Numeric, Notation::Algebraic] {
                let text = notation::write(&m, n);
                let back = pos.parse_move(&text).unwrap();
                prop_assert_eq!(back.key(), m.key());
                prop_assert_eq!(back, m);
            }
        }
    }

    #[test]
    fn move_parser_never_panics(pos in arb_position(), text in "[0-9a-hx:\\-× ]{0,16}") {
        let _ = pos.parse_move(&text);
    }
}

/// The canonical text of every legal move reads back as that move, also where it fits a
/// longer route as a partial path (found by `arbiter fuzz`: `14x23x32` is a route of its
/// own and a partial path of `14x21x30x23x32`, which promotes at 30 and goes on as a king).
#[test]
fn canonical_texts_read_back_even_as_partial_paths_of_longer_routes() {
    use arbiter::draughts::{notation, Position, Variant};
    let pos = Position::from_fen(
        "B:W17,18,22,25,26,27,29:B1,3,5,10,12,14,20",
        Variant::Russian,
    )
    .unwrap();
    let short = notation::resolve(&pos, "14x23x32").unwrap();
    assert_eq!(short.path().len(), 3, "{short}");
    let long = notation::resolve(&pos, "14x21x30x23x32").unwrap();
    assert_ne!(short.identity(), long.identity());
    for mv in pos.legal_moves() {
        let text = mv.to_string();
        let back = notation::resolve(&pos, &text)
            .unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
        assert_eq!(back.identity(), mv.identity(), "{text}");
    }
}
