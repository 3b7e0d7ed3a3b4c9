//! The runner against a small fake game, so every expectation kind is shown to pass when it
//! holds and to fail when it does not.
//!
//! The fake game: a position is a number `n` (FEN `"n"`); the side to move may add 1, 2 or
//! 3 (`+1`, `+2`, `+3`; `add1` is another spelling of `+1`) while the number stays below
//! 10. At 10 or more the game is over: white won by `no-legal-move`. The side to move is
//! "in check" on odd numbers. FEN `13` makes the rules panic.

use super::*;
use crate::engine::{ReferenceEngine, RulesFactory};
use crate::protocol::{EngineInfo, QueryKind};
use crate::{MoveInfo, Perft, PerftCount, Rules, RulesError, Ruleset, Status};
use std::sync::Arc;

struct Counting {
    ruleset: Ruleset,
}

fn parse(fen: &str) -> Result<u32, RulesError> {
    let n: u32 = fen
        .trim()
        .parse()
        .map_err(|_| RulesError::Position(format!("'{fen}' is not a number")))?;
    if n == 13 {
        panic!("unlucky number");
    }
    if n > 20 {
        return Err(RulesError::Position(format!(
            "{n} is too large (at most 20)"
        )));
    }
    Ok(n)
}

impl Counting {
    fn moves(n: u32) -> Vec<u32> {
        if n >= 10 {
            vec![]
        } else {
            vec![1, 2, 3]
        }
    }
}

impl Rules for Counting {
    fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }
    fn start_fen(&self) -> String {
        "0".into()
    }
    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError> {
        parse(fen).map(|n| n.to_string())
    }
    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError> {
        let mut fen = self.canonical_fen(fen)?;
        for (i, text) in moves.iter().enumerate() {
            let m = self
                .resolve_move(&fen, text)
                .map_err(|e| RulesError::Move {
                    number: i + 1,
                    text: text.clone(),
                    reason: e.to_string(),
                })?;
            let add: u32 = m.key.trim_start_matches('k').parse().unwrap_or(0);
            fen = (parse(&fen)? + add).to_string();
        }
        Ok(fen)
    }
    fn legal_moves(&self, fen: &str, _: Option<&str>) -> Result<Vec<MoveInfo>, RulesError> {
        let n = parse(fen)?;
        Ok(Counting::moves(n)
            .into_iter()
            .map(|a| MoveInfo {
                text: format!("+{a}"),
                key: format!("k{a}"),
                json: serde_json::Value::Null,
                route: Vec::new(),
            })
            .collect())
    }
    fn resolve_move(&self, fen: &str, text: &str) -> Result<MoveInfo, RulesError> {
        let text = if text == "add1" { "+1" } else { text };
        self.legal_moves(fen, None)?
            .into_iter()
            .find(|m| m.text == text)
            .ok_or_else(|| RulesError::Position(format!("'{text}' is not legal")))
    }
    fn perft(&self, fen: &str, depth: u32, _: PerftCount, _: bool) -> Result<Perft, RulesError> {
        fn count(n: u32, depth: u32) -> u64 {
            if depth == 0 {
                return 1;
            }
            Counting::moves(n)
                .into_iter()
                .map(|a| count(n + a, depth - 1))
                .sum()
        }
        Ok(Perft {
            nodes: count(parse(fen)?, depth),
            divide: vec![],
        })
    }
    fn status(&self, fen: &str) -> Result<Status, RulesError> {
        let n = parse(fen)?;
        Ok(Status {
            outcome: (n >= 10)
                .then(|| crate::Outcome::win(crate::Side::First, crate::Reason::NoLegalMove, None)),
            in_check: n % 2 == 1,
        })
    }
    fn render(&self, fen: &str, _: bool) -> Result<String, RulesError> {
        Ok(format!("[{}]\n", parse(fen)?))
    }
}

/// The fake game's rules, for each ruleset.
fn counting() -> RulesFactory {
    Arc::new(|r: &Ruleset| Box::new(Counting { ruleset: r.clone() }) as Box<dyn Rules>)
}

fn runner() -> Runner {
    Runner::new(
        Box::new(ReferenceEngine::with_rules(counting())),
        counting(),
    )
}

/// What a fake engine says of itself: it plays `russian` and answers `queries`.
fn fake_info(name: &str, queries: Vec<QueryKind>) -> EngineInfo {
    EngineInfo {
        name: name.into(),
        version: "1".into(),
        rulesets: vec!["russian".into()],
        queries,
        features: Vec::new(),
        arbiter_messages: false,
    }
}

/// The result's message says `part`.
#[track_caller]
fn says(r: &CaseResult, part: &str) {
    assert!(r.message.contains(part), "'{}' lacks '{part}'", r.message);
}

/// Runs a case given as YAML (its `id`, `clauses` and `ruleset` are filled in).
fn run(yaml: &str) -> CaseResult {
    let text = format!("id: t.case\nclauses: [d64.t.t]\nruleset: russian\n{yaml}");
    let case: Case = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    runner().run(&case, &case.rulesets[0])
}

#[track_caller]
fn passes(yaml: &str) {
    let r = run(yaml);
    assert_eq!(r.verdict, Verdict::Passed, "{yaml}\n{}", r.message);
}

#[track_caller]
fn fails(yaml: &str, message_part: &str) -> CaseResult {
    let r = run(yaml);
    assert_eq!(r.verdict, Verdict::Failed, "{yaml}\n{}", r.message);
    says(&r, message_part);
    r
}

#[test]
fn legal_is_the_exact_set_compared_by_identity() {
    passes("expect: {legal: ['+1', '+2', '+3']}");
    // Another spelling of the same move is the same move.
    passes("expect: {legal: ['add1', '+2', '+3']}");
    passes("position: '10'\nexpect: {legal: []}");
    let r = fails("expect: {legal: ['+1', '+2']}", "unexpected '+3'");
    assert_eq!(r.expected()["legal"], serde_json::json!(["+1", "+2"]));
    assert_eq!(r.actual()["legal"], serde_json::json!(["+1", "+2", "+3"]));
    fails("position: '10'\nexpect: {legal: ['+1']}", "'+1'");
    // An expected text that names no move is named.
    fails("expect: {legal: ['+1', '+2', '+3', '+4']}", "'+4'");
    fails(
        "expect: {legal: ['+1', 'add1', '+2', '+3']}",
        "are the same move",
    );
}

#[test]
fn legal_includes_needs_each_move_legal() {
    passes("expect: {legal_includes: ['+2']}");
    passes("moves: ['+3', '+3']\nexpect: {legal_includes: ['add1']}");
    fails("expect: {legal_includes: ['+2', '+5']}", "'+5'");
    fails("position: '12'\nexpect: {legal_includes: ['+1']}", "'+1'");
}

#[test]
fn illegal_needs_each_text_refused() {
    passes("expect: {illegal: ['+4', '-1', 'nonsense']}");
    passes("position: '10'\nexpect: {illegal: ['+1']}");
    fails("expect: {illegal: ['+4', '+2']}", "accepted as legal: '+2'");
}

#[test]
fn legal_count_counts_identities() {
    passes("expect: {legal_count: 3}");
    passes("position: '11'\nexpect: {legal_count: 0}");
    fails("expect: {legal_count: 4}", "3 legal moves, expected 4");
}

#[test]
fn perft_compares_nodes_per_depth() {
    // From 0: 3 moves, then 9 (all below 10), then 27, ...; from 8: +2 and +3 reach the end.
    passes("expect: {perft: [{depth: 1, nodes: 3}, {depth: 2, nodes: 9}, {depth: 3, nodes: 27}]}");
    passes("position: '8'\nexpect: {perft: [{depth: 2, nodes: 3, count: moves}]}");
    let r = fails(
        "expect: {perft: [{depth: 1, nodes: 3}, {depth: 2, nodes: 10}]}",
        "perft(2) counted 9 nodes, expected 10",
    );
    assert_eq!(r.actual()["perft"]["nodes"], 9);
}

#[test]
fn fen_compares_canonical_positions() {
    passes("moves: ['+1', '+3']\nexpect: {fen: '4'}");
    // The expected FEN is canonicalised first.
    passes("moves: ['+1', '+3']\nexpect: {fen: ' 04 '}");
    fails(
        "moves: ['+1', '+3']\nexpect: {fen: '5'}",
        "reached 4, expected 5",
    );
    fails("expect: {fen: 'x'}", "the expected FEN is invalid");
}

#[test]
fn outcome_compares_result_and_reason() {
    passes("position: '10'\nexpect: {outcome: {result: white, reason: no-legal-move}}");
    passes("position: '10'\nexpect: {outcome: {result: white}}");
    passes("expect: {outcome: {result: ongoing}}");
    passes("expect: {outcome: {result: ongoing, reason: ''}}");
    fails(
        "position: '10'\nexpect: {outcome: {result: black}}",
        "expected black",
    );
    fails(
        "position: '10'\nexpect: {outcome: {result: white, reason: no-pieces}}",
        "expected white (no-pieces), got white (no-legal-move)",
    );
    fails("expect: {outcome: {result: draw}}", "got ongoing");
}

#[test]
fn check_compares_the_side_to_move() {
    passes("position: '3'\nexpect: {check: true}");
    passes("position: '4'\nexpect: {check: false}");
    fails(
        "position: '4'\nexpect: {check: true}",
        "expected the side to move in check",
    );
}

#[test]
fn rejected_setup_needs_the_position_refused_with_the_text() {
    passes("position: 'x'\nexpect: {rejected: {stage: setup}}");
    passes("position: '99'\nexpect: {rejected: {stage: setup, contains: 'too large'}}");
    fails(
        "position: '99'\nexpect: {rejected: {stage: setup, contains: 'odd'}}",
        "does not contain 'odd'",
    );
    fails(
        "position: '5'\nexpect: {rejected: {stage: setup}}",
        "everything was accepted",
    );
    fails(
        "moves: ['+9']\nexpect: {rejected: {stage: setup}}",
        "move 1 was refused instead",
    );
}

#[test]
fn rejected_move_needs_that_history_move_refused() {
    passes(
        "moves: ['+1', '+7']\nexpect: {rejected: {stage: move, move: 2, contains: 'not legal'}}",
    );
    fails(
        "moves: ['+1', '+7']\nexpect: {rejected: {stage: move, move: 1}}",
        "move 2 was refused instead",
    );
    fails(
        "moves: ['+1', '+2']\nexpect: {rejected: {stage: move, move: 2}}",
        "everything was accepted",
    );
}

#[test]
fn a_case_the_reference_cannot_set_up_is_errored() {
    for yaml in [
        "moves: ['+1', '+7']\nexpect: {legal_count: 3}",
        "position: 'x'\nexpect: {legal_count: 3}",
    ] {
        let r = run(yaml);
        assert_eq!(r.verdict, Verdict::Errored, "{yaml}");
        says(&r, "cannot set up the case");
    }
}

/// An engine that refuses a position or history the rules accept disagrees with them.
#[test]
fn an_engine_refusing_a_valid_history_fails() {
    use crate::engine::Engine;
    use crate::protocol::{Reply, Request, Stage};
    struct Refuser;
    impl Engine for Refuser {
        fn info(&self) -> EngineInfo {
            fake_info("refuser", vec![QueryKind::Legal])
        }
        fn run(&self, request: &Request) -> Reply {
            let stage = if request.moves.is_empty() {
                Stage::Setup
            } else {
                Stage::Move(request.moves.len())
            };
            Reply::Rejected {
                stage,
                message: "no".into(),
            }
        }
    }
    let runner = Runner::new(Box::new(Refuser), counting());
    for (yaml, part) in [
        (
            "moves: ['+1', '+2']\nexpect: {legal_count: 3}",
            "moves: the engine refused history move 2: no",
        ),
        (
            "position: '4'\nexpect: {legal_count: 3}",
            "setup: the engine refused the position: no",
        ),
    ] {
        let text = format!("id: t.case\nclauses: [d64.t.t]\nruleset: russian\n{yaml}");
        let case: Case = serde_yaml::from_str(&text).unwrap();
        let r = runner.run(&case, &case.rulesets[0]);
        assert_eq!(r.verdict, Verdict::Failed, "{yaml}: {}", r.message);
        says(&r, part);
    }
}

#[test]
fn every_failed_expectation_is_reported() {
    let r = fails(
        "expect: {legal_count: 5, check: true, fen: '1'}",
        "legal_count",
    );
    let names: Vec<&str> = r.mismatches.iter().map(|m| m.expectation).collect();
    assert_eq!(names, ["legal_count", "fen", "check"]);
    assert_eq!(r.board.as_deref(), Some("[0]\n"));
}

#[test]
fn a_panic_in_the_rules_is_an_errored_case_not_a_crash() {
    capture_panics();
    let r = run("position: '13'\nexpect: {legal_count: 3}");
    assert_eq!(r.verdict, Verdict::Errored);
    says(&r, "unlucky number");
}

#[test]
fn reserved_keys_are_skipped_with_the_reason() {
    let r = run("expect: {clock: {white: 10}, legal_count: 3}");
    assert_eq!(r.verdict, Verdict::Skipped);
    assert!(
        r.message.starts_with("uses clock without a `clock:` key"),
        "{}",
        r.message
    );
}

/// An engine that disagrees with the rules it is checked against is caught.
#[test]
fn an_engine_listing_a_wrong_move_fails() {
    use crate::engine::Engine;
    use crate::protocol::{Answer, Query, Reply, Request};
    struct Liar;
    impl Engine for Liar {
        fn info(&self) -> EngineInfo {
            fake_info(
                "liar",
                vec![QueryKind::Legal, QueryKind::Play, QueryKind::Perft],
            )
        }
        fn run(&self, request: &Request) -> Reply {
            match request.query {
                Query::Legal => Reply::Answer(Answer::Moves(vec!["+1".into(), "+4".into()])),
                Query::Play => Reply::Answer(Answer::Position("0".into())),
                _ => Reply::Skipped("no".into()),
            }
        }
    }
    let runner = Runner::new(Box::new(Liar), counting());
    let case: Case = serde_yaml::from_str(
        "{id: t.c, clauses: [d64.t.t], ruleset: russian, expect: {legal: ['+1', '+2', '+3']}}",
    )
    .unwrap();
    let r = runner.run(&case, &case.rulesets[0]);
    assert_eq!(r.verdict, Verdict::Failed);
    says(&r, "'+4'");
    says(&r, "missing '+2', '+3'");
    let case: Case = serde_yaml::from_str(
        "{id: t.c, clauses: [d64.t.t], ruleset: russian, expect: {perft: [{depth: 1, nodes: 3}]}}",
    )
    .unwrap();
    assert_eq!(
        runner.run(&case, &case.rulesets[0]).verdict,
        Verdict::Skipped
    );
    // Session cases need an engine that plays sessions; the liar does not.
    let case: Case = serde_yaml::from_str(
        "{id: t.s, clauses: [d64.t.t], ruleset: russian, steps: [{touch: 22}], \
         expect: {permitted: ['22-18']}}",
    )
    .unwrap();
    let r = runner.run(&case, &case.rulesets[0]);
    assert_eq!(r.verdict, Verdict::Skipped);
    says(&r, "does not answer `session` queries");
}

/// Session expectations: `offer`, `claim` after steps, and `rejected` at a step, each shown
/// to pass when it holds and to fail when it does not.
#[test]
fn session_offer_claim_and_refused_step() {
    let runner = Runner::reference();
    let run = |yaml: &str| {
        let case: Case = serde_yaml::from_str(yaml).unwrap();
        runner.run(&case, &case.rulesets[0])
    };
    let head = "{id: t.s, clauses: [xq.t], ruleset: xiangqi, steps: [{move: h2e2}, {offer: red}";
    let r = run(&format!("{head}], expect: {{offer: {{pending: red}}}}}}"));
    assert_eq!(r.verdict, Verdict::Passed, "{}", r.message);
    let r = run(&format!("{head}], expect: {{offer: {{pending: none}}}}}}"));
    assert_eq!(r.verdict, Verdict::Failed);
    says(&r, "pending draw offer: red, expected none");
    let r = run(&format!("{head}], expect: {{offer: {{pending: white}}}}}}"));
    says(&r, "'white' is no side of xiangqi");
    // A refused step.
    let refused = format!("{head}, {{answer: accept}}, {{move: h9g7}}]");
    let r = run(&format!(
        "{refused}, expect: {{rejected: {{stage: step, step: 4, contains: agreement}}}}}}"
    ));
    assert_eq!(r.verdict, Verdict::Passed, "{}", r.message);
    let r = run(&format!(
        "{refused}, expect: {{rejected: {{stage: step, step: 3}}}}}}"
    ));
    says(&r, "expected step 3 to be refused, but step 4");
    let r = run(&format!(
        "{head}], expect: {{rejected: {{stage: step, step: 2}}}}}}"
    ));
    says(&r, "everything was accepted");
    // `claim` after steps reads the last claim step; none made is a failure.
    let r = run(&format!(
        "{head}], expect: {{claim: {{kind: sixty-move, upheld: false}}}}}}"
    ));
    says(&r, "no claim was made");
    let r = run(
        "{id: t.s, clauses: [xq.t], ruleset: xiangqi, steps: [{claim: sixty-move}], \
         expect: {claim: {kind: sixty-move, by: red, upheld: false}}}",
    );
    says(&r, "penalty 300 s, expected none");
    // Expectations a session does not answer are an error, not silently ignored.
    let r = run(&format!(
        "{head}], expect: {{counters: {{sixty-move: 2}}}}}}"
    ));
    assert_eq!(r.verdict, Verdict::Errored);
    says(&r, "counters cannot be combined");
}
