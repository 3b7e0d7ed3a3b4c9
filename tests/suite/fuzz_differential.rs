//! Differential fuzzing against deliberately broken engines: each is found within a bounded
//! number of positions, shrunk to a small case, and the emitted case loads, passes against
//! the reference and fails against the broken engine.

use crate::common::temp_dir;
use arbiter::audit::lint;
use arbiter::case::{load_cases, Runner, Verdict};
use arbiter::engine::{Engine, ReferenceEngine};
use arbiter::fuzz::{pieces, Finding, Fuzzer, FUZZ_QUERIES};
use arbiter::protocol::QueryKind;
use arbiter::spec::load_catalogs;
use arbiter::{
    rules_for, ClaimRuling, GameState, MoveInfo, OfferRecord, OfferRuling, Perft, PerftCount,
    Rules, RulesError, Ruleset, Side, Status,
};
use std::path::Path;
use std::sync::Arc;

/// How a [`Broken`] rules object differs from the reference.
#[derive(Clone, Copy, Debug)]
enum Bug {
    /// With several captures to choose from, the last one is not listed.
    DropsACapture,
    /// The general's own moves are not listed.
    GeneralFrozen,
    /// `check` always answers false.
    NeverInCheck,
}

/// The reference rules with one bug.
struct Broken {
    inner: Box<dyn Rules>,
    bug: Bug,
}

impl Rules for Broken {
    fn ruleset(&self) -> &Ruleset {
        self.inner.ruleset()
    }
    fn start_fen(&self) -> String {
        self.inner.start_fen()
    }
    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError> {
        self.inner.canonical_fen(fen)
    }
    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError> {
        self.inner.play(fen, moves)
    }
    fn legal_moves(&self, fen: &str, notation: Option<&str>) -> Result<Vec<MoveInfo>, RulesError> {
        let mut moves = self.inner.legal_moves(fen, notation)?;
        match self.bug {
            Bug::DropsACapture => {
                if moves.len() > 1 && moves.iter().all(|m| m.text.contains('x')) {
                    moves.pop();
                }
            }
            Bug::GeneralFrozen => {
                moves.retain(|m| !matches!(m.json["piece"].as_str(), Some("K" | "k")));
            }
            Bug::NeverInCheck => {}
        }
        Ok(moves)
    }
    fn resolve_move(&self, fen: &str, text: &str) -> Result<MoveInfo, RulesError> {
        self.inner.resolve_move(fen, text)
    }
    fn perft(
        &self,
        fen: &str,
        depth: u32,
        count: PerftCount,
        divide: bool,
    ) -> Result<Perft, RulesError> {
        self.inner.perft(fen, depth, count, divide)
    }
    fn status(&self, fen: &str) -> Result<Status, RulesError> {
        let mut status = self.inner.status(fen)?;
        if let Bug::NeverInCheck = self.bug {
            status.in_check = false;
        }
        Ok(status)
    }
    fn render(&self, fen: &str, chinese: bool) -> Result<String, RulesError> {
        self.inner.render(fen, chinese)
    }
    fn outcome(&self, fen: &str, moves: &[String]) -> Result<GameState, RulesError> {
        self.inner.outcome(fen, moves)
    }
    fn claim(
        &self,
        fen: &str,
        moves: &[String],
        kind: &str,
        by: Option<&str>,
    ) -> Result<ClaimRuling, RulesError> {
        self.inner.claim(fen, moves, kind, by)
    }
    fn draw_offer(
        &self,
        fen: &str,
        moves: &[String],
        by: Side,
        earlier: &[OfferRecord],
    ) -> Result<OfferRuling, RulesError> {
        self.inner.draw_offer(fen, moves, by, earlier)
    }
}

fn broken(bug: Bug) -> ReferenceEngine {
    ReferenceEngine::with_rules(Arc::new(move |r: &Ruleset| {
        Box::new(Broken {
            inner: rules_for(r),
            bug,
        }) as Box<dyn Rules>
    }))
    .named(format!("broken ({bug:?})"))
}

/// Runs a campaign until the first finding, within `bound` positions.
fn first_finding(engine: &dyn Engine, ruleset: &str, query: QueryKind, bound: u64) -> Finding {
    let ruleset: Ruleset = ruleset.parse().unwrap();
    let mut fuzzer = Fuzzer::new(engine, &ruleset, 1, &[query]).unwrap();
    for index in 0..bound {
        if let Some(f) = fuzzer.check(index).findings.into_iter().next() {
            return f;
        }
    }
    panic!("{ruleset}: no disagreement on `{query}` within {bound} positions");
}

/// The emitted case loads, lints clean against the catalog, passes against the reference
/// and fails against the broken engine.
fn check_emitted(finding: &Finding, bug: Bug) {
    let dir = temp_dir(&format!("fuzz-{}", finding.id));
    let (path, written) = finding.write(&dir).unwrap();
    assert!(written);
    assert!(!finding.write(&dir).unwrap().1, "written twice");
    let text = std::fs::read_to_string(&path).unwrap();
    let suite = load_cases(std::slice::from_ref(&path)).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    let spec = load_catalogs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("spec")).unwrap();
    let problems = lint(&spec, &suite);
    assert!(problems.is_empty(), "{problems:?}\n{text}");
    let (_, case) = suite.cases().next().unwrap();
    let reference = Runner::reference().run(case, &finding.ruleset);
    assert_eq!(reference.verdict, Verdict::Passed, "{reference:?}\n{text}");
    let against =
        Runner::new(Box::new(broken(bug)), Arc::new(rules_for)).run(case, &finding.ruleset);
    assert_eq!(against.verdict, Verdict::Failed, "{against:?}\n{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_dropped_capture_is_found_shrunk_and_emitted() {
    for ruleset in ["russian", "brazilian"] {
        let bug = Bug::DropsACapture;
        let engine = broken(bug);
        let finding = first_finding(&engine, ruleset, QueryKind::Legal, 400);
        let differ = arbiter::fuzz::Differ::new(&finding.ruleset);
        let n = pieces(&differ, &finding.sample);
        assert!(n <= 4, "{ruleset}: {n} pieces left: {finding:?}");
        assert!(finding.sample.moves.is_empty(), "{finding:?}");
        assert!(finding.id.starts_with(&format!("fuzz.{ruleset}.legal.")));
        check_emitted(&finding, bug);
    }
}

#[test]
fn a_frozen_general_is_found_and_shrunk_to_the_generals() {
    let bug = Bug::GeneralFrozen;
    let engine = broken(bug);
    let finding = first_finding(&engine, "xiangqi", QueryKind::Legal, 100);
    let differ = arbiter::fuzz::Differ::new(&finding.ruleset);
    let n = pieces(&differ, &finding.sample);
    assert!(n <= 3, "{n} pieces left: {finding:?}");
    assert!(finding.sample.moves.is_empty(), "{finding:?}");
    check_emitted(&finding, bug);
}

#[test]
fn a_wrong_check_answer_is_found_and_shrunk() {
    let bug = Bug::NeverInCheck;
    let engine = broken(bug);
    let finding = first_finding(&engine, "xiangqi", QueryKind::Check, 400);
    let differ = arbiter::fuzz::Differ::new(&finding.ruleset);
    let n = pieces(&differ, &finding.sample);
    // Two generals and the checker, and its screen if the checker is a cannon.
    assert!(n <= 4, "{n} pieces left: {finding:?}");
    assert!(finding.sample.moves.is_empty(), "{finding:?}");
    check_emitted(&finding, bug);
}

#[test]
fn the_same_disagreement_is_reported_once() {
    let engine = broken(Bug::GeneralFrozen);
    let ruleset: Ruleset = "xiangqi".parse().unwrap();
    let mut fuzzer = Fuzzer::new(&engine, &ruleset, 2, &[QueryKind::Legal]).unwrap();
    let mut ids = Vec::new();
    for index in 0..48 {
        ids.extend(fuzzer.check(index).findings.into_iter().map(|f| f.id));
    }
    let stats = fuzzer.stats();
    assert!(stats.disagreements > stats.findings, "{stats:?}");
    assert_eq!(stats.findings as usize, ids.len());
    let mut unique = ids.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), ids.len(), "{ids:?}");
}

#[test]
fn shards_together_ask_the_unsharded_campaign() {
    let engine = broken(Bug::DropsACapture);
    let ruleset: Ruleset = "russian".parse().unwrap();
    let findings = |shard: arbiter::fuzz::Shard| {
        let mut fuzzer = Fuzzer::new(&engine, &ruleset, 9, &FUZZ_QUERIES).unwrap();
        let found: Vec<(u64, String)> = shard
            .indices(96)
            .flat_map(|i| fuzzer.check(i).findings)
            .map(|f| (f.index, f.id))
            .collect();
        (found, fuzzer.stats().positions)
    };
    let (all, positions) = findings(arbiter::fuzz::Shard::ALL);
    assert_eq!(positions, 96);
    let mut union = Vec::new();
    let mut total = 0;
    for k in 0..3 {
        let (found, n) = findings(arbiter::fuzz::Shard { index: k, count: 3 });
        union.extend(found);
        total += n;
    }
    assert_eq!(total, 96);
    // The same findings at the same indices; a finding a shard sees first at a later index
    // is reported there instead, so compare the distinct ids.
    let ids = |v: &[(u64, String)]| {
        let mut ids: Vec<String> = v.iter().map(|(_, id)| id.clone()).collect();
        ids.sort();
        ids.dedup();
        ids
    };
    assert!(!all.is_empty());
    assert_eq!(ids(&all), ids(&union));
}

#[test]
fn staged_cases_are_loaded_only_when_named() {
    let dir = temp_dir("fuzz-staging");
    let staging = dir.join("staging");
    std::fs::create_dir_all(&staging).unwrap();
    let case = |id: &str| {
        format!("- id: {id}\n  clauses: [d64.move.alternate]\n  ruleset: russian\n  expect:\n    legal_count: 7\n")
    };
    std::fs::write(dir.join("a.yaml"), case("fuzz.a")).unwrap();
    std::fs::write(staging.join("b.yaml"), case("fuzz.b")).unwrap();
    assert_eq!(load_cases(std::slice::from_ref(&dir)).unwrap().len(), 1);
    assert_eq!(load_cases(std::slice::from_ref(&staging)).unwrap().len(), 1);
    assert_eq!(load_cases(&[staging.join("b.yaml")]).unwrap().len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_placeholder_clause_lints_clean() {
    use arbiter::fuzz::{applies, placeholder_clause};
    use arbiter::protocol::Answer;
    let spec = load_catalogs(&Path::new(env!("CARGO_MANIFEST_DIR")).join("spec")).unwrap();
    let dir = temp_dir("fuzz-placeholders");
    let mut yaml = String::new();
    for ruleset in ["russian", "brazilian", "xiangqi", "xiangqi@axf"] {
        let rs: Ruleset = ruleset.parse().unwrap();
        for query in FUZZ_QUERIES.iter().filter(|q| applies(**q, rs.game)) {
            for (n, answer) in [Answer::Moves(vec!["9x18".into()]), Answer::Check(false)]
                .iter()
                .enumerate()
            {
                let clause = placeholder_clause(rs.game, *query, answer);
                yaml.push_str(&format!(
                    "- id: fuzz.{}.{query}.n{n}\n  clauses: [{clause}]\n  ruleset: {rs}\n  expect:\n    legal_count: 1\n",
                    ruleset.replace('@', "-")
                ));
            }
        }
    }
    std::fs::write(dir.join("all.yaml"), &yaml).unwrap();
    let suite = load_cases(std::slice::from_ref(&dir)).unwrap();
    // Draughts: 2 rulesets x 4 queries; xiangqi: 2 x 5; each with and without captures.
    assert_eq!(suite.len(), 36);
    let problems = lint(&spec, &suite);
    assert!(problems.is_empty(), "{problems:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
