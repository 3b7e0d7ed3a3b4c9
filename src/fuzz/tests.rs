use super::*;
use crate::{rules_for, Game};
use proptest::prelude::{any, prop_assert, prop_assert_eq, proptest, ProptestConfig, Strategy};

fn ruleset(name: &str) -> Ruleset {
    name.parse().unwrap()
}

const RULESETS: [&str; 4] = ["russian", "brazilian", "xiangqi", "xiangqi@axf"];

/// A proptest strategy of samples of a ruleset: a sample is a pure function of a seed and
/// an index, so the strategy draws those.
pub(crate) fn samples(ruleset: Ruleset) -> impl Strategy<Value = (u64, u64, Sample)> {
    (any::<u64>(), 0..4096u64).prop_map(move |(seed, index)| {
        let sample = Generator::new(&ruleset, seed).sample(index);
        (seed, index, sample)
    })
}

#[test]
fn rng_is_deterministic_and_in_range() {
    let mut a = Rng::new(1);
    let mut b = Rng::new(1);
    let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
    let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
    assert_eq!(xs, ys);
    assert_ne!(Rng::new(1).next_u64(), Rng::new(2).next_u64());
    let mut r = Rng::new(3);
    let mut seen = [false; 5];
    for _ in 0..200 {
        let v = r.range(2, 6);
        assert!((2..=6).contains(&v));
        seen[v - 2] = true;
    }
    assert!(seen.iter().all(|&s| s), "{seen:?}");
    assert_eq!(r.weighted(&[0, 0]), None);
    assert_eq!(r.weighted(&[0, 5, 0]), Some(1));
}

#[test]
fn same_seed_same_samples_in_any_order() {
    for name in RULESETS {
        let rs = ruleset(name);
        let forward: Vec<Sample> = {
            let mut g = Generator::new(&rs, 11);
            (0..48).map(|i| g.sample(i)).collect()
        };
        let backward: Vec<Sample> = {
            let mut g = Generator::new(&rs, 11);
            let mut v: Vec<Sample> = (0..48).rev().map(|i| g.sample(i)).collect();
            v.reverse();
            v
        };
        assert_eq!(forward, backward, "{name}");
        let other: Vec<Sample> = {
            let mut g = Generator::new(&rs, 12);
            (0..48).map(|i| g.sample(i)).collect()
        };
        assert_ne!(
            forward, other,
            "{name}: seeds 11 and 12 gave the same samples"
        );
    }
}

#[test]
fn shards_partition_the_campaign() {
    let all: Vec<u64> = Shard::ALL.indices(100).collect();
    let mut union: Vec<u64> = (0..7)
        .flat_map(|k| Shard { index: k, count: 7 }.indices(100))
        .collect();
    union.sort_unstable();
    assert_eq!(union, all);
    assert_eq!("2/7".parse::<Shard>(), Ok(Shard { index: 2, count: 7 }));
    for bad in ["7/7", "1/0", "x/2", "1", "-1/2"] {
        let err = bad.parse::<Shard>().unwrap_err();
        assert!(err.contains("expected i/n"), "{bad}: {err}");
    }
}

/// Every sample is accepted by the reference, and the generator reaches the hard rules:
/// captures, kings, sparse positions, long histories, repeated positions, checks.
#[test]
fn samples_are_valid_and_varied() {
    for name in RULESETS {
        let rs = ruleset(name);
        let rules = rules_for(&rs);
        let differ = Differ::new(&rs);
        let mut g = Generator::new(&rs, 5);
        let (mut captures, mut kings, mut sparse, mut long, mut repeated, mut checks) =
            (0, 0, 0, 0, 0, 0);
        let mut distinct = std::collections::HashSet::new();
        for i in 0..640 {
            let s = g.sample(i);
            assert_eq!(rules.canonical_fen(&s.fen).as_deref(), Ok(s.fen.as_str()));
            let reached = rules
                .play(&s.fen, &s.moves)
                .unwrap_or_else(|e| panic!("{name} #{i}: {e}\n{s:?}"));
            let out = rules
                .outcome(&s.fen, &s.moves)
                .unwrap_or_else(|e| panic!("{name} #{i}: {e}"));
            let moves = rules.legal_moves(&reached, None).unwrap();
            captures += usize::from(moves.iter().any(|m| m.text.contains('x')));
            if rs.game == Game::Xiangqi {
                captures += usize::from(moves.iter().any(|m| !m.json["capture"].is_null()));
                checks += usize::from(out.in_check);
            } else {
                kings += usize::from(s.fen.contains('K'));
            }
            sparse += usize::from(pieces(&differ, &s) <= 8);
            long += usize::from(s.moves.len() >= 16);
            repeated +=
                usize::from(out.counters.iter().any(|(_, c)| c.value >= 3) && s.moves.len() >= 8);
            distinct.insert(s);
        }
        assert!(distinct.len() > 400, "{name}: {} distinct", distinct.len());
        assert!(captures > 30, "{name}: {captures} with captures");
        assert!(sparse > 30, "{name}: {sparse} sparse");
        assert!(long > 30, "{name}: {long} long histories");
        assert!(repeated > 5, "{name}: {repeated} repeated");
        if rs.game == Game::Xiangqi {
            assert!(checks > 10, "{name}: {checks} in check");
        } else {
            assert!(kings > 100, "{name}: {kings} with kings");
        }
    }
}

#[test]
fn the_reference_agrees_with_itself() {
    let engine = crate::engine::ReferenceEngine::new();
    for name in RULESETS {
        let rs = ruleset(name);
        let mut fuzzer = Fuzzer::new(&engine, &rs, 3, &FUZZ_QUERIES).unwrap();
        for i in 0..64 {
            let found = fuzzer.check(i);
            assert_eq!(found, Checked::default(), "{name} #{i}");
        }
        let stats = fuzzer.stats();
        assert_eq!(stats.invalid, 0);
        assert_eq!(stats.disagreements, 0);
        assert_eq!(stats.queries, 64 * fuzzer.queries().len() as u64);
    }
}

#[test]
fn queries_the_engine_does_not_answer_are_not_asked() {
    let engine = crate::engine::ReferenceEngine::new();
    let err = Fuzzer::new(&engine, &ruleset("russian"), 1, &[QueryKind::Repetition])
        .err()
        .unwrap();
    assert!(err.to_string().starts_with("nothing to ask"), "{err}");
    let f = Fuzzer::new(&engine, &ruleset("xiangqi"), 1, &FUZZ_QUERIES).unwrap();
    assert_eq!(f.queries().len(), 5);
    let f = Fuzzer::new(&engine, &ruleset("russian"), 1, &FUZZ_QUERIES).unwrap();
    assert!(!f.queries().contains(&QueryKind::Repetition));
}

#[test]
fn finding_ids_are_stable_slugs() {
    let s = Sample {
        fen: "W:W22:B18".into(),
        moves: vec![],
    };
    let id = finding_id(&ruleset("russian"), QueryKind::Legal, &s);
    assert!(crate::case::is_case_id(&id), "{id}");
    assert!(id.starts_with("fuzz.russian.legal."), "{id}");
    assert_eq!(
        id,
        finding_id(&ruleset("russian"), QueryKind::Legal, &s.clone())
    );
    assert_ne!(id, finding_id(&ruleset("russian"), QueryKind::Play, &s));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn generated_samples_are_accepted((seed, index, s) in samples(ruleset("russian"))) {
        let again = Generator::new(&ruleset("russian"), seed).sample(index);
        prop_assert_eq!(&again, &s);
        prop_assert!(rules_for(&ruleset("russian")).outcome(&s.fen, &s.moves).is_ok());
    }

    #[test]
    fn generated_xiangqi_samples_are_accepted((_seed, _index, s) in samples(ruleset("xiangqi"))) {
        let rules = rules_for(&ruleset("xiangqi"));
        prop_assert!(rules.outcome(&s.fen, &s.moves).is_ok());
    }
}

/// Found on Russian seed 1, sample 41717: a capture the reference writes `14x23x32` it used
/// to read as ambiguous (it also matches `14x21x30x23x32` as a partial path). Since the
/// reader prefers the route named exactly, every move of the position has a text that
/// reads back, and the generator writes it.
#[test]
fn histories_are_written_in_texts_the_reference_reads_back() {
    use super::generate::GamePos;
    use crate::draughts::{Position, Variant};
    let pos = Position::from_fen(
        "B:W17,18,22,25,26,27,29:B1,3,5,10,12,14,20",
        Variant::Russian,
    )
    .unwrap();
    let mut unwritable = Vec::new();
    for m in pos.legal_moves() {
        match pos.text(&m) {
            Some(t) => assert_eq!(pos.parse_move(&t).unwrap().identity(), m.identity()),
            None => unwritable.push(m.to_string()),
        }
    }
    assert!(
        unwritable.is_empty(),
        "no text reads back as {unwritable:?}"
    );
}

/// Every kind of expectation the fuzzer writes loads as a case, and the case passes against
/// the reference when the answer is the reference's.
#[test]
fn emitted_expectations_of_every_query_load_and_pass() {
    use crate::case::{Case, Runner, Verdict};
    use crate::engine::ReferenceEngine;
    let engine = ReferenceEngine::new();
    let runner = Runner::reference();
    for (rs, fen, moves) in [
        ("russian", "W:W32:B13", vec![]),
        ("brazilian", "B:W22:B18", vec![]),
        (
            "xiangqi",
            "r3k4/9/4P4/9/9/9/9/2NC5/9/3K5 w - - 0 1",
            vec!["d2e2"],
        ),
        (
            "xiangqi",
            crate::xiangqi::START_FEN,
            vec![
                "h2e2", "h9g7", "e2h2", "g7h9", "h2e2", "h9g7", "e2h2", "g7h9", "h2e2",
            ],
        ),
    ] {
        let rs = ruleset(rs);
        let differ = Differ::new(&rs);
        let sample = Sample {
            fen: fen.into(),
            moves: moves.into_iter().map(String::from).collect(),
        };
        for &query in FUZZ_QUERIES.iter().filter(|q| applies(**q, rs.game)) {
            let reference = differ.reference_answer(&sample, query).unwrap();
            let finding = Finding {
                id: finding_id(&rs, query, &sample),
                ruleset: rs.clone(),
                sample: sample.clone(),
                found: sample.clone(),
                seed: 0,
                index: 0,
                disagreement: Disagreement {
                    query,
                    reference,
                    engine: "?".into(),
                    message: "?".into(),
                },
                engine: "test".into(),
            };
            let yaml = finding.to_yaml();
            let cases: Vec<Case> =
                serde_yaml::from_str(&yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"));
            let result = runner.run(&cases[0], &rs);
            assert_eq!(result.verdict, Verdict::Passed, "{result:?}\n{yaml}");
            assert_eq!(differ.compare(&engine, &sample, query), Comparison::Agree);
        }
    }
}

/// The typed in-process comparison finds every move-generation mutant, under every game it
/// alters, within a bounded number of positions, at a position where the legal moves really
/// differ (checked again through the text rules); the reference agrees with itself there.
#[test]
fn the_typed_comparison_finds_every_movegen_mutant() {
    use crate::mutant::Mutant;
    for &m in Mutant::ALL.iter().filter(|m| m.is_movegen()) {
        for &game in m.games() {
            let ruleset = Ruleset::default_for(game);
            let mut fuzzer = MovegenFuzzer::new(&ruleset, 1, Some(m));
            let Some(found) = fuzzer.run(20_000) else {
                panic!(
                    "{m} not found under {ruleset} in {} positions",
                    fuzzer.positions()
                );
            };
            let keys = |rules: Box<dyn crate::Rules>| -> Vec<String> {
                let mut k: Vec<String> = rules
                    .legal_moves(&found.fen, None)
                    .expect("a valid position")
                    .into_iter()
                    .map(|i| i.key)
                    .collect();
                k.sort();
                k.dedup();
                k
            };
            let want = keys(rules_for(&ruleset));
            let Mutant::Moves(moves) = m else {
                unreachable!("a movegen mutant")
            };
            let book = crate::rulebook::RuleBook::of(&ruleset).mutated(Mutant::Moves(moves));
            let got = keys(crate::rules_of(&book.play));
            assert_ne!(want, got, "{m} under {ruleset}: {found:?}");
            assert_eq!(want.len(), found.reference_moves, "{m}: {found:?}");
            assert_eq!(got.len(), found.compared_moves, "{m}: {found:?}");
            let mut itself = MovegenFuzzer::new(&ruleset, 1, None);
            assert_eq!(itself.run(found.positions), None);
        }
    }
}

/// The differ answers `legal`, `play` and `check` from one replay per sample, and about a
/// prefix of a xiangqi history the reference already accepted without replaying it: its
/// answers are still the reference engine's, for the samples in order, for the prefixes of
/// a long history asked longest first, and for histories that go on with an illegal move.
#[test]
fn the_differs_reference_answers_are_the_reference_engines() {
    use crate::engine::{Engine, ReferenceEngine};
    use crate::protocol::Reply;
    let engine = ReferenceEngine::new();
    for name in ["xiangqi", "xiangqi@axf", "russian"] {
        let rs = ruleset(name);
        let differ = Differ::new(&rs);
        let mut generator = Generator::new(&rs, 5);
        let mut asked: Vec<Sample> = (0..400).map(|i| generator.sample(i)).collect();
        let longest = asked.iter().max_by_key(|s| s.moves.len()).cloned().unwrap();
        assert!(longest.moves.len() > 20, "{name}: {}", longest.moves.len());
        for n in (0..=longest.moves.len()).rev() {
            asked.push(Sample {
                fen: longest.fen.clone(),
                moves: longest.moves[..n].to_vec(),
            });
        }
        let mut illegal = longest.clone();
        illegal.moves.push(
            if rs.game == Game::Xiangqi {
                "a0a9"
            } else {
                "1-32"
            }
            .to_owned(),
        );
        asked.push(illegal.clone());
        illegal.moves.insert(3, illegal.moves[3].clone());
        asked.push(illegal);
        for sample in &asked {
            for kind in [QueryKind::Legal, QueryKind::Play, QueryKind::Check] {
                let want = match engine.run(&differ.request(sample, kind)) {
                    Reply::Answer(a) => Some(a),
                    _ => None,
                };
                assert_eq!(
                    differ.reference_answer(sample, kind).ok(),
                    want,
                    "{name} {kind}: {sample:?}"
                );
            }
        }
    }
}
