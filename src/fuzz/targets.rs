//! Properties checked by the cargo-fuzz targets `case_file`, `catalog_file`,
//! `edition_file` and `generated` (`fuzz/fuzz_targets/`), and by the test that replays their
//! seed corpora on stable toolchains. Each function takes raw bytes, must never panic on any
//! input, and panics only if a property is violated.

use super::{Generator, Sample};
use crate::case::{Case, LoadedCaseFile, Suite};
use crate::draughts::{self, PerftCount, Variant};
use crate::edition::Registry;
use crate::spec::{lint, Catalog, LoadedCatalog, Spec};
use crate::{rules_for, xiangqi, Ruleset};
use std::path::{Path, PathBuf};

/// A case file: the loader's parse never panics, and lint of what parses never panics
/// either (against an empty catalog, and the catalog the text parses as, if it does).
/// Returns whether the text parsed as a case file.
///
/// ```
/// use arbiter::fuzz::targets::check_case_file;
///
/// assert!(check_case_file(b"- id: a.b\n  clauses: [d64.move.alternate]\n  ruleset: russian\n  expect: {legal_count: 7}\n"));
/// assert!(!check_case_file(b"- id: [\n"));
/// ```
pub fn check_case_file(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let Ok(cases) = serde_yaml::from_str::<Option<Vec<Case>>>(text) else {
        return false;
    };
    let suite = Suite {
        files: vec![LoadedCaseFile {
            path: PathBuf::from("fuzz.yaml"),
            text: text.to_owned(),
            cases: cases.unwrap_or_default(),
        }],
    };
    let _ = lint(&Spec::default(), &suite);
    for (_, case) in suite.cases() {
        let _ = case.skip_reason();
        let _ = case.expect.has_position_expectations();
    }
    true
}

/// A catalog file: parsing never panics, and lint of a catalog that parses never panics.
/// Returns whether the text parsed as a catalog.
///
/// ```
/// use arbiter::fuzz::targets::check_catalog_file;
///
/// assert!(!check_catalog_file(b"clauses: 3"));
/// ```
pub fn check_catalog_file(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    let Ok(catalog) = serde_yaml::from_str::<Catalog>(text) else {
        return false;
    };
    let spec = Spec {
        catalogs: vec![LoadedCatalog {
            path: PathBuf::from("fuzz.yaml"),
            text: text.to_owned(),
            catalog,
        }],
    };
    let _ = lint(&spec, &Suite::default());
    true
}

/// An edition file: reading it into a registry never panics. Returns whether it was
/// accepted.
///
/// ```
/// use arbiter::fuzz::targets::check_edition_file;
///
/// let shipped = include_str!("../../spec/editions/russian.yaml");
/// assert!(check_edition_file(shipped.as_bytes()));
/// assert!(!check_edition_file(b"editions: [{id: X}]"));
/// ```
pub fn check_edition_file(data: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(data) else {
        return false;
    };
    Registry::default()
        .add_text(Path::new("fuzz.yaml"), text)
        .is_ok()
}

/// The ruleset, seed and index the `generated` target reads from its input: the first byte
/// picks the ruleset, the next eight the seed, the next two the index.
pub fn generated_input(data: &[u8]) -> (Ruleset, u64, u64) {
    const RULESETS: [&str; 4] = ["russian", "brazilian", "xiangqi", "xiangqi@axf"];
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let ruleset = RULESETS[usize::from(byte(0)) % RULESETS.len()]
        .parse()
        .unwrap_or_else(|_| unreachable!());
    let seed = u64::from_le_bytes(std::array::from_fn(|i| byte(1 + i)));
    let index = u64::from(u16::from_le_bytes([byte(9), byte(10)]));
    (ruleset, seed, index)
}

/// Properties of a generated sample ([`generated_input`] names it): the reference accepts
/// it; every move of its history and every legal move of the position reached is legal and
/// playable; path and identity counts agree (perft at depth 1 in both conventions, the
/// paths of each identity); play → FEN → parse gives the same position; the outcome is the
/// same after a FEN round trip. Returns the sample.
///
/// ```
/// use arbiter::fuzz::targets::check_generated;
///
/// let sample = check_generated(&[2, 7, 0, 0, 0, 0, 0, 0, 0, 5, 0]);
/// assert!(sample.fen.contains('/')); // a xiangqi FEN
/// ```
pub fn check_generated(data: &[u8]) -> Sample {
    let (ruleset, seed, index) = generated_input(data);
    let sample = Generator::new(&ruleset, seed).sample(index);
    let rules = rules_for(&ruleset);
    let reached = rules
        .play(&sample.fen, &sample.moves)
        .unwrap_or_else(|e| panic!("{ruleset} seed {seed} index {index}: {e}"));
    let outcome = rules.outcome(&sample.fen, &sample.moves).expect("outcome");
    let status = rules.status(&reached).expect("status");
    let again = rules.canonical_fen(&reached).expect("canonical");
    assert_eq!(again, reached, "the reached FEN is canonical");
    assert_eq!(rules.status(&again).expect("status"), status);
    if sample.moves.is_empty() {
        // Without a history only the position decides.
        let decided = status.result != "ongoing";
        assert!(
            !decided || outcome.result == status.result,
            "{outcome:?} {status:?}"
        );
    }
    match Variant::from_game(ruleset.game) {
        Some(variant) => draughts_properties(&sample, &reached, variant),
        None => xiangqi_properties(&sample, &reached),
    }
    sample
}

fn draughts_properties(sample: &Sample, reached: &str, variant: Variant) {
    let mut pos = draughts::Position::from_fen(&sample.fen, variant).expect("start");
    for text in &sample.moves {
        let m = pos.parse_move(text).expect("history move");
        assert!(pos.is_legal(&m), "{text}");
        pos = pos.play(&m).expect("playable");
    }
    assert_eq!(pos.to_fen(), reached);
    let paths = pos.legal_paths();
    let identities = pos.legal_moves();
    assert_eq!(
        draughts::perft(&pos, 1, PerftCount::Paths),
        paths.len() as u64
    );
    assert_eq!(
        draughts::perft(&pos, 1, PerftCount::Moves),
        identities.len() as u64
    );
    let by_identity: usize = identities.iter().map(|m| pos.paths_of(m).len()).sum();
    assert_eq!(by_identity, paths.len(), "{reached}");
    for m in &paths {
        assert!(pos.is_legal(m), "{m} in {reached}");
        assert!(identities.iter().any(|i| i.identity() == m.identity()));
        let after = pos.play(m).expect("a legal path plays");
        let back = draughts::Position::from_fen(&after.to_fen(), variant).expect("FEN parses");
        assert_eq!(back, after, "{m} in {reached}");
        assert_eq!(back.outcome(), after.outcome());
    }
}

fn xiangqi_properties(sample: &Sample, reached: &str) {
    let mut pos = xiangqi::Position::from_fen(&sample.fen).expect("start");
    for text in &sample.moves {
        let m = xiangqi::parse_move(&pos, text).expect("history move");
        pos = pos.play(m).expect("playable");
    }
    assert_eq!(pos.fen(), reached);
    let moves = pos.legal_moves();
    assert_eq!(xiangqi::perft(&pos, 1), moves.len() as u64);
    for &m in moves.iter() {
        let after = pos.play(m).expect("a legal move plays");
        let back = xiangqi::Position::from_fen(&after.fen()).expect("FEN parses");
        assert_eq!(back, after, "{m} in {reached}");
        assert_eq!(back.outcome(), after.outcome());
        assert_eq!(back.is_check(), after.is_check());
    }
}
