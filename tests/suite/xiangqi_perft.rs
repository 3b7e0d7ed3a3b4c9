//! Perft against `tests/data/xiangqi.perft`: the start position, Fairy-Stockfish's own test
//! positions, and hand-picked ones (checks through a cannon screen, pins, the facing
//! generals, mate and stalemate), each count with its source. Depth 2 of the start catches
//! the classic bug of pseudo-legal generation (1,926 instead of 1,920: moves that expose the
//! general through a cannon screen).

use crate::perft_data::{self, expected, Entry, EVERYDAY_NODES};
use arbiter::xiangqi::{perft, perft_divide, Position};
use arbiter::Game;

const FILE: &str = "xiangqi.perft";

fn entries() -> Vec<Entry> {
    perft_data::load(FILE)
}

/// Every count up to [`EVERYDAY_NODES`]; the file must hold more than the start position.
#[test]
fn counts_in_the_data_file() {
    let entries = entries();
    let beyond = entries.iter().filter(|e| e.position != "start").count();
    assert!(
        beyond >= 20,
        "{FILE}: only {beyond} counts beyond the start"
    );
    assert!(entries.iter().all(|e| e.game == Game::Xiangqi));
    let checked = perft_data::check(&entries, |e| e.nodes <= EVERYDAY_NODES);
    assert!(checked >= 30, "{FILE}: only {checked} everyday counts");
}

/// The counts above [`EVERYDAY_NODES`] (the start at depth 5: 133 million leaves).
#[test]
#[ignore = "133 million nodes and more: cargo test --release --test suite xiangqi_perft:: -- --ignored"]
fn deep_counts_in_the_data_file() {
    let checked = perft_data::check(&entries(), |e| e.nodes > EVERYDAY_NODES);
    assert!(checked > 0);
}

#[test]
fn depth_zero_is_one_node() {
    assert_eq!(perft(&Position::start(), 0), 1);
}

#[test]
fn divide_sums_to_perft_and_lists_every_root_move() {
    let pos = Position::start();
    let rows = perft_divide(&pos, 3);
    assert_eq!(rows.len(), 44);
    assert_eq!(
        rows.iter().map(|(_, n)| n).sum::<u64>(),
        expected(&entries(), "start", Game::Xiangqi, 3, None)
    );
    let central = rows.iter().find(|(m, _)| m.to_string() == "h2e2").unwrap();
    assert_eq!(perft(&pos.play(central.0).unwrap(), 2), central.1);
}
// Perft must agree with a slow, independent judge of legality: play each pseudo-legal
// move on a `Setup` and keep it when the result is a valid position (the side that moved
// not in check, generals not facing). The fast count skips building children for moves
// that cannot affect the general.
#[test]
fn bulk_count_agrees_with_validating_every_child() {
    fn slow(pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut n = 0;
        for m in pos.pseudo_legal_moves().iter() {
            let mut setup = pos.to_setup();
            let piece = setup.piece_at(m.from);
            setup.set(m.from, None);
            setup.set(m.to, piece);
            setup.turn = setup.turn.other();
            if let Ok(child) = Position::from_setup(&setup) {
                n += slow(&child, depth - 1);
            }
        }
        n
    }
    for fen in [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 0 1",
        "3k5/4a4/4C4/9/9/9/9/9/4c4/4K4 w - - 0 1",
        "4k4/4a4/9/9/9/4R4/9/9/4A4/4K4 b - - 0 1",
    ] {
        let pos = Position::from_fen(fen).unwrap();
        assert_eq!(perft(&pos, 3), slow(&pos, 3), "{fen}");
    }
}
