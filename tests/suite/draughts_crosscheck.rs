//! The bitboard generator against an independent plain implementation
//! (`draughts_naive`): the same move identities on the hand-built clause positions,
//! on the start position and on random positions, for both rulesets.

use crate::draughts_naive as naive;
use arbiter::draughts::{perft, PerftCount, Position, Setup, Variant};
use proptest::prelude::*;
use std::collections::BTreeSet;

fn fast_identities(pos: &Position) -> BTreeSet<naive::Identity> {
    pos.legal_moves()
        .iter()
        .map(|m| {
            (
                m.from().number(),
                m.to().number(),
                m.captured().into_iter().map(|s| s.number()).collect(),
                m.promotes(),
            )
        })
        .collect()
}

fn check(fen: &str, variant: Variant, depth: u32) {
    let pos = Position::from_fen(fen, variant).unwrap();
    let (board, white) = naive::board_from_fen(&pos.to_fen());
    let russian = variant == Variant::Russian;
    assert_eq!(
        fast_identities(&pos),
        naive::legal(&board, white, russian),
        "legal moves of {fen} ({variant})"
    );
    assert_eq!(
        perft(&pos, depth, PerftCount::Moves),
        naive::perft_moves(&board, white, russian, depth),
        "perft {depth} of {fen} ({variant})"
    );
}

/// The positions of `draughts_captures.rs`, with an extra black man so play goes on.
const CLAUSE_POSITIONS: [&str; 16] = [
    "W:W21,22:B18,3",
    "W:W22:B3",
    "W:W18:B22,1",
    "W:WK29:B4",
    "W:WK29:B15,1",
    "W:W11,22:B18,1",
    "W:W22:B9,10,17,18,1",
    "W:WK29:B19,22,27",
    "W:WK29:B17,19,22,27",
    "W:WK18:B6,7,14,22,1",
    "W:WK29:B19,22,1",
    "W:W21,24:B11,17,19",
    "W:W7,K12,29:B8,17,25",
    "W:W22,24:B18,19,1",
    "W:W9:B6,7,28",
    "W:W9:B6,7,24,28",
];

#[test]
fn clause_positions_agree_with_the_plain_implementation() {
    for fen in CLAUSE_POSITIONS {
        for v in [Variant::Brazilian, Variant::Russian] {
            check(fen, v, 4);
        }
    }
}

#[test]
fn start_position_agrees_with_the_plain_implementation() {
    // The plain implementation also reproduces the published figures (docs/rulings.md).
    let (board, white) = naive::board_from_fen(&Position::start(Variant::Russian).to_fen());
    assert_eq!(naive::perft_moves(&board, white, true, 5), 7482);
    assert_eq!(naive::perft_moves(&board, white, false, 5), 7473);
    check(&Setup::start().to_fen(), Variant::Russian, 4);
    check(&Setup::start().to_fen(), Variant::Brazilian, 4);
}

/// Random valid setups, from crowded to sparse.
fn arb_setup() -> impl Strategy<Value = Setup> {
    crate::common::draughts_setups(5..40)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_positions_agree_with_the_plain_implementation(setup in arb_setup()) {
        for v in [Variant::Brazilian, Variant::Russian] {
            let pos = Position::from_setup(&setup, v).unwrap();
            let (board, white) = naive::board_from_fen(&pos.to_fen());
            let russian = v == Variant::Russian;
            prop_assert_eq!(fast_identities(&pos), naive::legal(&board, white, russian));
            prop_assert_eq!(
                perft(&pos, 2, PerftCount::Moves),
                naive::perft_moves(&board, white, russian, 2)
            );
        }
    }
}
