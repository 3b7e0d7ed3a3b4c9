//! Properties checked by the cargo-fuzz targets (`fuzz/fuzz_targets/xiangqi_*.rs`) and by
//! the test that replays their seed corpora on stable toolchains. Each function takes raw
//! bytes, must never panic on any input, and panics only if a property is violated:
//! parsers never panic, and whatever parses writes back to text that parses to the same.
//!
//! The move targets read `FEN\nmove`: the first line is a position (the start position if
//! it is not a valid FEN or there is no newline), the rest is the move text.

use super::fen::{parse_fen, write_fen};
use super::notation::{parse_move, Notation};
use super::position::Position;

/// FEN: a parsed setup writes back to a FEN that parses to the same setup; a valid
/// position round-trips, and each of its legal moves can be played.
pub fn check_fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = parse_fen(text) {
        let fen = write_fen(&setup);
        assert_eq!(parse_fen(&fen).as_ref(), Ok(&setup), "{fen}");
    }
    if let Ok(pos) = Position::from_fen(text) {
        let fen = pos.fen();
        assert_eq!(Position::from_fen(&fen), Ok(pos), "{fen}");
        for m in pos.legal_moves().iter() {
            assert!(pos.play(*m).is_ok(), "{m} in {fen}");
        }
    }
}

fn split(data: &[u8]) -> Option<(Position, &str)> {
    let text = std::str::from_utf8(data).ok()?;
    Some(match text.split_once('\n') {
        Some((fen, mv)) => (
            Position::from_fen(fen).unwrap_or_else(|_| Position::start()),
            mv,
        ),
        None => (Position::start(), text),
    })
}

fn check_notation(data: &[u8], notation: Notation) {
    let Some((pos, text)) = split(data) else {
        return;
    };
    if let Ok(m) = notation.parse(&pos, text) {
        assert!(pos.is_legal(m), "{notation} '{text}' gave illegal {m}");
        let written = notation.write(&pos, m);
        assert_eq!(
            notation.parse(&pos, &written),
            Ok(m),
            "{notation} '{written}'"
        );
        if notation != Notation::Uci10 {
            assert_eq!(parse_move(&pos, &written), Ok(m), "'{written}'");
        }
    }
    let _ = parse_move(&pos, text);
}

/// ICCS and uci10: a move read back from its canonical text is the same move.
pub fn check_iccs(data: &[u8]) {
    check_notation(data, Notation::Iccs);
    check_notation(data, Notation::Uci10);
}

/// WXF: a move read back from its canonical text is the same move.
pub fn check_wxf(data: &[u8]) {
    check_notation(data, Notation::Wxf);
}

/// The Chinese record: a move read back from its canonical text is the same move.
pub fn check_chinese(data: &[u8]) {
    check_notation(data, Notation::Chinese);
}
