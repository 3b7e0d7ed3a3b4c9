//! Properties checked in process by the cargo-fuzz targets `case_file`, `catalog_file`,
//! `edition_file`, `generated` and `repetition_start` (`fuzz/fuzz_targets/`), and by the test
//! that replays their seed corpora on stable toolchains. Each function takes raw bytes, must
//! never panic on any input, and panics only if a property is violated. The module sits on
//! top of the library: its properties reach from the parsers to the lint and the fuzzer.

use crate::audit::lint;
use crate::case::{Case, LoadedCaseFile, Suite};
use crate::draughts::{self, PerftCount, Variant};
use crate::edition::{DrawKind, Registry};
use crate::fuzz::generate::GamePos;
use crate::fuzz::{Generator, Rng, Sample};
use crate::spec::{Catalog, LoadedCatalog, Spec};
use crate::{rules_for, xiangqi, GameState, Rules, Ruleset};
use std::path::{Path, PathBuf};

/// A case file: the loader's parse never panics, and lint of what parses never panics
/// either (against an empty catalog, and the catalog the text parses as, if it does).
/// Returns whether the text parsed as a case file.
///
/// ```
/// use arbiter::targets::check_case_file;
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
/// use arbiter::targets::check_catalog_file;
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
/// use arbiter::targets::check_edition_file;
///
/// let shipped = include_str!("../spec/editions/russian.yaml");
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
/// use arbiter::targets::check_generated;
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
        let result = |o: &Option<crate::Outcome>| o.as_ref().map(|o| o.result);
        assert!(
            status.outcome.is_none() || result(&outcome.outcome) == result(&status.outcome),
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

/// Most plies of the history the `repetition_start` target builds.
pub const REPETITION_LINE_PLIES: usize = 48;

/// The ruleset and history the `repetition_start` target reads from its input. Byte 0 picks
/// the ruleset (as for `generated`); bytes 1–3 seed a biased playout of `byte 1 % 64` plies
/// from the start position, thinned to a sparse position when bit 0 of byte 2 is set: that
/// position is the history's start. The rest are steps, up to [`REPETITION_LINE_PLIES`]
/// plies: a byte below `0x80` plays the legal move of that index (modulo their number), a
/// byte from `0x80` plays a repetition cycle `1 + (byte & 3)` times, its quiet move and quiet
/// reply picked by the next two bytes and then both undone (draughts: king moves, as the
/// generator's shuffles); bits 2 and 3 pick the move and the reply among the quiet moves the
/// generator favours most (xiangqi: checks by a chariot, horse or cannon). The history is
/// cut before a move the reference refuses (after the game ended) and before a move without
/// a text that reads back.
///
/// ```
/// use arbiter::targets::repetition_line;
///
/// // Xiangqi, no playout, then a cycle played four times.
/// let (ruleset, sample) = repetition_line(&[2, 0, 0, 0, 0x83, 1, 5]);
/// assert_eq!(ruleset.to_string(), "xiangqi@cxa");
/// assert_eq!(sample.moves.len(), 16);
/// assert_eq!(sample.moves[..4], sample.moves[12..]);
/// ```
pub fn repetition_line(data: &[u8]) -> (Ruleset, Sample) {
    let (ruleset, _, _) = generated_input(data.get(..1).unwrap_or(&[]));
    let sample = match Variant::from_game(ruleset.game) {
        Some(variant) => scripted_line(draughts::Position::start(variant), &ruleset, data),
        None => scripted_line(xiangqi::Position::start(), &ruleset, data),
    };
    (ruleset, sample)
}

fn scripted_line<P: GamePos>(start: P, ruleset: &Ruleset, data: &[u8]) -> Sample {
    let byte = |i: usize| data.get(i).copied().unwrap_or(0);
    let seed = u64::from(byte(1)) | u64::from(byte(2)) << 8 | u64::from(byte(3)) << 16;
    let mut rng = Rng::new(seed);
    let mut base = start;
    for _ in 0..byte(1) % 64 {
        let moves = base.moves();
        let weights: Vec<u32> = moves.iter().map(|m| base.weight(m)).collect();
        let Some(pick) = rng.weighted(&weights) else {
            break;
        };
        base = base.play(&moves[pick]);
    }
    if byte(2) & 1 == 1 {
        base = base.sparsify(&mut rng);
    }
    let mut positions = vec![base.clone()];
    let mut moves: Vec<P::Move> = Vec::new();
    let mut steps = data.get(4..).unwrap_or(&[]).iter().copied();
    // The quiet move of index `b`; among the most favoured ones (xiangqi: checks by the
    // chariots, horses and cannons) when `heavy`.
    let nth_quiet = |pos: &P, b: u8, heavy: bool| {
        let mut quiet: Vec<P::Move> = pos.moves().into_iter().filter(|m| pos.quiet(m)).collect();
        if heavy {
            let top = quiet.iter().map(|m| pos.weight(m)).max().unwrap_or(0);
            quiet.retain(|m| pos.weight(m) == top);
        }
        (!quiet.is_empty()).then(|| quiet[usize::from(b) % quiet.len()].clone())
    };
    while let Some(step) = steps.next() {
        if moves.len() >= REPETITION_LINE_PLIES {
            break;
        }
        let now = positions.last().unwrap_or_else(|| unreachable!()).clone();
        let mut play = |m: P::Move, positions: &mut Vec<P>| {
            let last = positions.last().unwrap_or_else(|| unreachable!());
            positions.push(last.play(&m));
            moves.push(m);
        };
        if step < 0x80 {
            let legal = now.moves();
            if legal.is_empty() {
                break;
            }
            play(
                legal[usize::from(step) % legal.len()].clone(),
                &mut positions,
            );
            continue;
        }
        let (b1, b2) = (steps.next().unwrap_or(0), steps.next().unwrap_or(0));
        let Some(m1) = nth_quiet(&now, b1, step & 4 != 0) else {
            continue;
        };
        let p1 = now.play(&m1);
        let Some(m2) = nth_quiet(&p1, b2, step & 8 != 0) else {
            continue;
        };
        let p2 = p1.play(&m2);
        let Some(u1) = p2.moves().into_iter().find(|u| P::undoes(&m1, u)) else {
            continue;
        };
        let Some(u2) = p2.play(&u1).moves().into_iter().find(|u| P::undoes(&m2, u)) else {
            continue;
        };
        for _ in 0..=(step & 3) {
            for m in [&m1, &m2, &u1, &u2] {
                play(m.clone(), &mut positions);
            }
        }
    }
    moves.truncate(REPETITION_LINE_PLIES);
    let accepted = base.accepted(ruleset, &moves);
    let texts = moves[..accepted]
        .iter()
        .zip(&positions)
        .map_while(|(m, pos)| pos.text(m))
        .collect();
    Sample {
        fen: base.fen(),
        moves: texts,
    }
}

/// The `repetition_start` property: the repetition verdict and the draw counts do not depend
/// on where the history starts, except as far as the rules make them depend on it. Returns
/// the sample ([`repetition_line`]) it checked.
///
/// Let the history H start at position S₀ and reach P after n moves; for each k ≤ n, let
/// Hₖ start at Sₖ, the position after k moves written as FEN (so the xiangqi halfmove clock
/// goes with it), and be the remaining n − k moves: the same line seen from a later start.
///
/// **Xiangqi.** A repetition verdict is about the cycle H ends in and how many times in a
/// row it has been played (docs/repetition.md, "Finding the cycle"): the run of repetition
/// is the longest stretch of positions, ending at P, in which each position equals the one
/// L plies later, from position f on. What came before f cannot matter, so for k ≤ f the
/// verdict on Hₖ equals the verdict on H (the same cycle, move natures, chased pieces,
/// judgements, ruling and side; the plies counted from Sₖ), and `Rules::outcome` gives the
/// same result, reason, claims and 60-move count (asked at the starts where the answer can
/// change — 0, f, where the cycles shown drop to the edition's and below it, n — since a
/// replay judges the repetition at every ply). A later start legitimately cuts into the
/// run: Hₖ shows the cycle played r′ = ⌊(n − k) / L⌋ times, so it has no verdict when r′ is
/// below the edition's cycles, and otherwise the same cycle and judgements with the ruling
/// recomputed for r′ (a forbidden side must change at r′ = cycles and has lost above). No
/// start can make a verdict where H has none. The verdict `Rules::outcome` reports is the
/// one `adjudicate` gives.
///
/// **Draughts.** A FEN carries no counters: the counts run from the position the history
/// starts at (src/draughts/endings.rs). So Hₖ legitimately sees at most n − k plies of
/// each: its kings-only, material-balance and long-diagonal counts are those of H capped at
/// n − k, and its threefold count is the occurrences of P among the positions from Sₖ on.
/// When these equal H's, `Rules::outcome` of Hₖ (result, reason, claims, counters) equals
/// that of H: the outcome depends on nothing else.
///
/// ```
/// use arbiter::targets::check_repetition_start;
///
/// let sample = check_repetition_start(&[3, 0, 0, 0, 0x83, 1, 5]);
/// assert_eq!(sample.moves.len(), 16);
/// ```
pub fn check_repetition_start(data: &[u8]) -> Sample {
    let (ruleset, sample) = repetition_line(data);
    match Variant::from_game(ruleset.game) {
        Some(variant) => draughts_starts(&ruleset, &sample, variant),
        None => xiangqi_starts(&ruleset, &sample),
    }
    sample
}

fn xiangqi_starts(ruleset: &Ruleset, sample: &Sample) {
    use xiangqi::repetition::{adjudicate, CycleDecision, CycleRuling, RepetitionRules};
    let rules = RepetitionRules::for_ruleset(ruleset).expect("xiangqi repetition rules");
    let reference = rules_for(ruleset);
    let mut positions = vec![xiangqi::Position::from_fen(&sample.fen).expect("start")];
    let mut moves = Vec::new();
    for text in &sample.moves {
        let last = positions[positions.len() - 1];
        let m = xiangqi::parse_move(&last, text).expect("history move");
        positions.push(last.play(m).expect("playable"));
        moves.push(m);
    }
    let n = moves.len();
    let key = |p: &xiangqi::Position| {
        let fen = p.fen();
        fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ")
    };
    let keys: Vec<String> = positions.iter().map(key).collect();
    let full = adjudicate(&positions[0], &moves, &rules).expect("the history is legal");
    let outcome = reference
        .outcome(&sample.fen, &sample.moves)
        .expect("the history is accepted");
    // The run of repetition: from `first` on, each position equals the one `len` later.
    let (len, first) = match &full {
        Some(v) => {
            let len = v.cycle.len();
            let mut first = n - len;
            while first > 0 && keys[first - 1] == keys[first - 1 + len] {
                first -= 1;
            }
            (len, first)
        }
        None => (0, 0),
    };
    let shifted = |v: &CycleRuling, k: usize| {
        let mut v = v.clone();
        for c in &mut v.cycle {
            c.ply -= k;
        }
        v
    };
    // `Rules::outcome` replays a history judging the repetition before every move, so one
    // replay costs a verdict per ply: it is asked at the starts where its answer can change
    // (the history's start, the run's start, the last starts that show the cycle more than
    // and exactly the edition's number of times, the first starts after them, the end),
    // `adjudicate` at every start.
    let mut replayed = vec![0, n];
    if full.is_some() {
        let cycles = rules.cycles_for_verdict;
        let loss = n.saturating_sub((cycles + 1) * len);
        let last = n.saturating_sub(cycles * len);
        replayed.extend([first, loss, loss + 1, last, last + 1]);
    }
    for k in 0..=n {
        let fen = positions[k].fen();
        let start = xiangqi::Position::from_fen(&fen).expect("a reached FEN parses");
        assert_eq!(start, positions[k], "FEN round trip at ply {k}");
        let got = adjudicate(&start, &moves[k..], &rules).expect("a suffix is legal");
        let context = || format!("{ruleset} {} {:?}, from ply {k}", sample.fen, sample.moves);
        let expected = full.as_ref().and_then(|v| {
            let reps = (n - k.max(first)) / len;
            if reps < rules.cycles_for_verdict {
                return None;
            }
            let mut v = shifted(v, k);
            v.repetitions = reps;
            if v.side.is_some() {
                v.ruling = if reps > rules.cycles_for_verdict {
                    CycleDecision::Loss
                } else {
                    CycleDecision::MustChange
                };
            }
            Some(v)
        });
        match (&got, &expected) {
            (None, None) => {}
            (Some(g), Some(e)) => {
                assert_eq!(g.cycle, e.cycle, "cycle, {}", context());
                assert_eq!(
                    (g.ruling, g.side, g.repetitions, g.judgement),
                    (e.ruling, e.side, e.repetitions, e.judgement),
                    "{}",
                    context()
                );
                if k <= first {
                    assert_eq!(g, e, "{}", context());
                }
            }
            _ => panic!("verdict {got:?}, expected {expected:?}: {}", context()),
        }
        if !replayed.contains(&k) {
            continue;
        }
        let suffix = suffix_outcome(&*reference, &fen, &sample.moves[k..], context);
        assert_eq!(suffix.repetition, got, "outcome's verdict, {}", context());
        if k <= first || full.is_none() {
            assert_eq!(
                (&suffix.outcome, &suffix.claims, suffix.in_check),
                (&outcome.outcome, &outcome.claims, outcome.in_check),
                "{}",
                context()
            );
            assert_eq!(
                suffix.counters.get(DrawKind::SixtyMove),
                outcome.counters.get(DrawKind::SixtyMove),
                "{}",
                context()
            );
        }
    }
}

/// The outcome the rules give for a suffix of an accepted history, from `fen` (the
/// position reached where it starts): it must be accepted too.
fn suffix_outcome(
    reference: &dyn Rules,
    fen: &str,
    moves: &[String],
    context: impl Fn() -> String,
) -> GameState {
    reference.outcome(fen, moves).unwrap_or_else(|e| {
        panic!(
            "a suffix of an accepted history is refused: {e}: {}",
            context()
        )
    })
}

fn draughts_starts(ruleset: &Ruleset, sample: &Sample, variant: Variant) {
    use draughts::endings::DraughtsEndings;
    let reference = rules_for(ruleset);
    let start = draughts::Position::from_fen(&sample.fen, variant).expect("start");
    let mut game = DraughtsEndings::new(ruleset, start);
    let mut positions = vec![start];
    let mut moves = Vec::new();
    for text in &sample.moves {
        let m = game.position().parse_move(text).expect("history move");
        game.push(&m);
        positions.push(*game.position());
        moves.push(m);
    }
    let n = moves.len();
    let counts = |g: &DraughtsEndings| {
        [
            g.kings_only_plies(),
            g.balance_plies(),
            g.diagonal_plies(),
            g.occurrences(),
        ]
    };
    let full = counts(&game);
    let outcome = reference
        .outcome(&sample.fen, &sample.moves)
        .expect("the history is accepted");
    for k in 0..=n {
        let fen = positions[k].to_fen();
        let from = draughts::Position::from_fen(&fen, variant).expect("a reached FEN parses");
        assert_eq!(from, positions[k], "FEN round trip at ply {k}");
        let mut suffix = DraughtsEndings::new(ruleset, from);
        for m in &moves[k..] {
            suffix.push(m);
        }
        let context = || format!("{ruleset} {} {:?}, from ply {k}", sample.fen, sample.moves);
        let cap = (n - k) as u32;
        let occurrences = positions[k..]
            .iter()
            .filter(|p| **p == positions[n])
            .count() as u32;
        let expected = [
            full[0].min(cap),
            full[1].min(cap),
            full[2].min(cap),
            occurrences,
        ];
        assert_eq!(
            counts(&suffix),
            expected,
            "kings-only, balance, diagonal, occurrences: {}",
            context()
        );
        let got = suffix_outcome(&*reference, &fen, &sample.moves[k..], context);
        if expected == full {
            assert_eq!(got, outcome, "{}", context());
        }
    }
}
