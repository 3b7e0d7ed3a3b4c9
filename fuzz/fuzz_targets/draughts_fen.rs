//! PDN FEN reading never panics and round-trips: a text that parses is written canonically,
//! and the canonical text parses back to the same setup (and writes identically).

#![no_main]

use arbiter::draughts::{fen, Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = fen::parse(text) else {
        return;
    };
    let canonical = setup.to_string();
    let again = fen::parse(&canonical).expect("canonical FEN must parse");
    assert_eq!(again, setup);
    assert_eq!(again.to_string(), canonical);
    for variant in [Variant::Brazilian, Variant::Russian] {
        if let Ok(pos) = Position::from_setup(&setup, variant) {
            assert_eq!(pos.to_fen(), canonical);
            // Legal moves of any valid position can be generated and played.
            for m in pos.legal_paths() {
                let _ = pos.play_unchecked(&m);
            }
        }
    }
});
