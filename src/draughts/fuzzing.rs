//! Properties checked by the cargo-fuzz targets (`fuzz/fuzz_targets/draughts_*.rs`) and by
//! the test that replays their seed corpora on stable toolchains. Each function takes raw
//! bytes, must never panic on any input, and panics only if a property is violated:
//! parsers never panic, and whatever parses round-trips.

use super::notation::{self, Notation};
use super::{fen, Position, Variant};

/// PDN FEN: a text that parses is written canonically, the canonical text parses back to the
/// same setup (and writes identically), and every legal move of a valid position can be
/// played. Returns whether the text parsed.
pub fn check_fen(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let Ok(setup) = fen::parse(text) else {
        return false;
    };
    let canonical = setup.to_string();
    let again = fen::parse(&canonical).expect("canonical FEN must parse");
    assert_eq!(again, setup);
    assert_eq!(again.to_string(), canonical);
    for variant in [Variant::Brazilian, Variant::Russian] {
        if let Ok(pos) = Position::from_setup(&setup, variant) {
            assert_eq!(pos.to_fen(), canonical);
            for m in pos.legal_paths() {
                let _ = pos.play_unchecked(&m);
            }
        }
    }
    true
}

/// Move text: input is a FEN line, a newline, then the move text (an invalid FEN falls back
/// to the start position, so the move reader sees every input). A text that names a legal
/// move reads back to the same identity from its numeric and algebraic writing. Returns
/// whether the move resolved under at least one ruleset.
pub fn check_move(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let (fen, mv) = text.split_once('\n').unwrap_or(("", text));
    let mut resolved = false;
    for variant in [Variant::Brazilian, Variant::Russian] {
        let pos = Position::from_fen(fen, variant).unwrap_or_else(|_| Position::start(variant));
        if let Ok(m) = pos.parse_move(mv) {
            resolved = true;
            assert!(pos.is_legal(&m));
            for n in [Notation::Numeric, Notation::Algebraic] {
                let back = pos
                    .parse_move(&notation::write(&m, n))
                    .expect("written move must read back");
                assert_eq!(back.key(), m.key());
            }
        }
    }
    resolved
}
