//! The bitboard generator against an independent plain implementation
//! (`draughts_naive`): the same move identities on the hand-built clause positions,
//! on the start position and on random positions, for both rulesets.

use crate::draughts_naive as naive;
use arbiter::draughts::{perft, promotion_row, Bitboard, PerftCount, Position, Setup, Variant};
use arbiter::Side;
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

/// Random legal setups: up to 12 pieces a side, men never on their crowning row, many kings.
fn arb_setup() -> impl Strategy<Value = Setup> {
    // Values 0-3 are pieces, the rest empty: density varies from crowded to sparse.
    let cells = (5u8..40).prop_flat_map(|n| proptest::collection::vec(0u8..n, 32));
    (cells, any::<bool>()).prop_map(|(cells, white)| {
        let mut s = Setup::empty(if white { Side::First } else { Side::Second });
        let mut counts = [0; 2];
        for (i, c) in cells.iter().enumerate() {
            let sq = arbiter::draughts::Square::from_number(i as u8 + 1).unwrap();
            let (color, king) = match c {
                0 => (Side::First, false),
                1 => (Side::First, true),
                2 => (Side::Second, false),
                3 => (Side::Second, true),
                _ => continue,
            };
            let slot = (color == Side::Second) as usize;
            if counts[slot] == 12 {
                continue;
            }
            let crowning = Bitboard(promotion_row(color)).contains(sq);
            counts[slot] += 1;
            match color {
                Side::First => s.white = s.white.with(sq),
                Side::Second => s.black = s.black.with(sq),
            }
            if king || crowning {
                s.kings = s.kings.with(sq);
            }
        }
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_positions_agree_with_the_plain_implementation(setup in arb_setup()) {
        // A side that has just moved always has pieces; other setups are rejected.
        prop_assume!(!setup.pieces(setup.turn.other()).is_empty());
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
