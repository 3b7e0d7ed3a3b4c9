//! Move reading never panics, and a text that names a legal move round-trips: the move's
//! canonical text (and its algebraic text) reads back to the same identity.
//!
//! Input: a FEN line, a newline, then the move text. Invalid FENs fall back to the start
//! position, so the move parser is exercised on every input.

#![no_main]

use arbiter::draughts::notation::{self, Notation};
use arbiter::draughts::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (fen, mv) = text.split_once('\n').unwrap_or(("", text));
    for variant in [Variant::Brazilian, Variant::Russian] {
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|_| Position::start(variant));
        if let Ok(m) = pos.parse_move(mv) {
            assert!(pos.is_legal(&m));
            for n in [Notation::Numeric, Notation::Algebraic] {
                let back = pos
                    .parse_move(&notation::write(&m, n))
                    .expect("written move must read back");
                assert_eq!(back.key(), m.key());
            }
        }
    }
});
