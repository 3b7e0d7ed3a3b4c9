//! The xiangqi repetition claim and the loss by forbidden repetition, decided by the
//! repetition verdict (棋例) through `Rules::outcome` and `Rules::claim`.
//!
//! 第一章 第四节 二 (三): a cycle played three times (循环反复已达三次（六个回合）) with allowed
//! moves may be claimed as a draw; 二 (五): both sides forbidden, 不变作和; 一 (七): a side that
//! must change and does not, loses (走棋违犯禁例，应当变着而不变). Positions are FEN (ranks 9 to
//! 0), moves ICCS; the same histories are cases in cases/xiangqi/draws.yaml.

use super::xiangqi_cycles::*;
use arbiter::edition::DrawKind;
use arbiter::xiangqi::repetition::{adjudicate, history, CycleDecision, RepetitionRules};
use arbiter::xiangqi::Position;
use arbiter::{rules_for, ClauseId, Rules, Ruleset};

fn rules(r: &str) -> Box<dyn Rules> {
    rules_for(&r.parse::<Ruleset>().unwrap())
}

/// 二 (三): the claim needs the cycle played three times; the third occurrence of the
/// position (two cycles) is too early, and the refusal says why.
#[test]
fn an_allowed_cycle_is_claimable_after_three_cycles_not_before() {
    for r in ["xiangqi", "xiangqi@axf"] {
        let r = rules(r);
        let two = times(&SHUTTLE, 2, &[]);
        let early = r.outcome(IDLE, &two).unwrap();
        assert_eq!(early.counters[DrawKind::Repetition], 3);
        assert!(early.claims.is_empty());
        assert_eq!(early.repetition, None);
        let refused = r.claim(IDLE, &two, "repetition", None).unwrap();
        assert!(!refused.upheld && refused.penalty.is_none());
        assert!(
            refused.reason.contains("has not been repeated enough"),
            "{}",
            refused.reason
        );

        let three = times(&SHUTTLE, 3, &[]);
        let at = r.outcome(IDLE, &three).unwrap();
        assert_eq!(
            at.result_slug(),
            "ongoing",
            "a claim, not an automatic draw"
        );
        assert_eq!(at.claims, vec![DrawKind::Repetition]);
        assert_eq!(at.counters[DrawKind::Repetition], 4);
        let count = at.counters.get(DrawKind::Repetition).unwrap();
        assert_eq!(count.limit, 4);
        let upheld = r.claim(IDLE, &three, "repetition", Some("black")).unwrap();
        assert!(upheld.upheld, "{}", upheld.reason);
        assert_eq!(
            upheld.clause.as_ref().map(ClauseId::as_str),
            Some("xq.draw.repetition-claim")
        );
        assert_eq!(upheld.outcome.result_slug(), "draw");
        assert_eq!(upheld.outcome.reason_slug(), "repetition");
    }
}

/// The outcome carries the verdict the adjudicator gives, and its JSON.
#[test]
fn the_outcome_carries_the_verdict() {
    let r = rules("xiangqi");
    let moves = times(&CHASE_CYCLE, 3, &[]);
    let start = Position::from_fen(CHASE).unwrap();
    let verdict = adjudicate(
        &start,
        &history(&start, &moves).unwrap(),
        &RepetitionRules::CXA,
    )
    .unwrap()
    .unwrap();
    let outcome = r.outcome(CHASE, &moves).unwrap();
    assert_eq!(outcome.repetition.as_ref(), Some(&verdict));
    let json = serde_json::to_value(&outcome).unwrap()["repetition"].take();
    assert_eq!(json, serde_json::to_value(&verdict).unwrap());
    assert_eq!(json["verdict"], "must-change");
    assert_eq!(json["side"], "red");
    assert_eq!(json["cycle"][0]["chased"][0]["square"], "c7");
}

/// xq.repetition.mutual-draw: only red's moves are forbidden, so red must change; nobody may
/// claim the draw, the side whose moves are allowed neither.
#[test]
fn a_claim_on_a_must_change_verdict_is_refused_and_names_the_side() {
    for r in ["xiangqi", "xiangqi@axf"] {
        let r = rules(r);
        let moves = times(&CHASE_CYCLE, 3, &[]);
        let outcome = r.outcome(CHASE, &moves).unwrap();
        assert_eq!(
            outcome.result_slug(),
            "ongoing",
            "must change is not yet a loss"
        );
        assert!(outcome.claims.is_empty());
        for by in ["red", "black"] {
            let ruling = r.claim(CHASE, &moves, "repetition", Some(by)).unwrap();
            assert!(!ruling.upheld, "{by}: {}", ruling.reason);
            assert!(
                ruling.reason.contains("must-change: red must change"),
                "{}",
                ruling.reason
            );
            assert_eq!(ruling.outcome.result_slug(), "ongoing");
        }
    }
}

/// The editions differ in the verdict, and the difference reaches the claim: 一将一捉 is
/// forbidden under CXA (xq.repetition.all-attack-forbidden), allowed under AXF
/// (xq.repetition.axf-check-and-chase).
#[test]
fn check_and_chase_is_refused_under_cxa_and_upheld_under_axf() {
    let moves = times(&CHECK_CHASE_CYCLE, 3, &[]);
    let cxa = rules("xiangqi")
        .claim(CHECK_CHASE, &moves, "repetition", None)
        .unwrap();
    assert!(!cxa.upheld);
    assert!(cxa.reason.contains("red must change"), "{}", cxa.reason);
    let axf = rules("xiangqi@axf")
        .claim(CHECK_CHASE, &moves, "repetition", None)
        .unwrap();
    assert!(axf.upheld, "{}", axf.reason);
    assert_eq!(axf.outcome.result_slug(), "draw");
}

/// 二 (五) 不变作和: both sides forbidden and neither changes is a draw; the claim is upheld
/// under xq.draw.repetition-unchanged, and a fourth cycle is no loss.
#[test]
fn both_sides_forbidden_is_a_draw_on_claim_and_never_a_loss() {
    let r = rules("xiangqi");
    let three = times(&BOTH_CYCLE, 3, &[]);
    let ruling = r.claim(BOTH, &three, "repetition", None).unwrap();
    assert!(ruling.upheld, "{}", ruling.reason);
    assert_eq!(
        ruling.clause.as_ref().map(ClauseId::as_str),
        Some("xq.draw.repetition-unchanged")
    );
    let four = times(&BOTH_CYCLE, 4, &[]);
    let outcome = r.outcome(BOTH, &four).unwrap();
    assert_eq!(outcome.result_slug(), "ongoing");
    assert_eq!(outcome.claims, vec![DrawKind::Repetition]);
}

/// 一 (七): red had to change its perpetual check after the third cycle and played it a
/// fourth time: black wins; nothing can be claimed any more, and a further move is refused.
#[test]
fn a_fourth_forbidden_cycle_loses_and_ends_the_game() {
    for name in ["xiangqi", "xiangqi@axf"] {
        let r = rules(name);
        let three = times(&CHECK_CYCLE, 3, &["a1d1"]);
        let before = r.outcome(CHECKS, &three).unwrap();
        assert_eq!(
            before.result_slug(),
            "ongoing",
            "{name}: must change, not lost yet"
        );
        assert_eq!(before.repetition.unwrap().ruling, CycleDecision::MustChange);

        let four = times(&CHECK_CYCLE, 4, &["a1d1"]);
        let lost = r.outcome(CHECKS, &four).unwrap();
        assert_eq!(lost.result_slug(), "black", "{name}");
        assert_eq!(lost.reason_slug(), "forbidden-repetition");
        assert_eq!(
            lost.outcome.as_ref().and_then(|o| o.clause_str()),
            Some("xq.result.forbidden-repetition-unchanged")
        );
        assert!(lost.claims.is_empty());
        assert_eq!(lost.repetition.unwrap().ruling, CycleDecision::Loss);
        let claim = r.claim(CHECKS, &four, "repetition", Some("black")).unwrap();
        assert!(!claim.upheld);
        assert!(claim.reason.contains("already over"), "{}", claim.reason);

        let mut more = four.clone();
        more.push("d9e9".into());
        for err in [
            r.outcome(CHECKS, &more).unwrap_err().to_string(),
            r.play(CHECKS, &more).unwrap_err().to_string(),
        ] {
            assert!(err.contains("move 18"), "{err}");
            assert!(err.contains("already over after move 17"), "{err}");
        }
    }
}

/// The verdict is the only mechanism: a loss comes from the adjudicator's `loss`, not from
/// counting occurrences (five occurrences of a position in an allowed cycle are no loss).
#[test]
fn occurrences_alone_decide_nothing() {
    let r = rules("xiangqi");
    let moves = times(&SHUTTLE, 4, &[]);
    let outcome = r.outcome(IDLE, &moves).unwrap();
    assert_eq!(outcome.counters[DrawKind::Repetition], 5);
    assert_eq!(outcome.result_slug(), "ongoing");
    let start = Position::from_fen(IDLE).unwrap();
    let v = adjudicate(
        &start,
        &history(&start, &moves).unwrap(),
        &RepetitionRules::CXA,
    )
    .unwrap()
    .unwrap();
    assert_eq!(v.ruling, CycleDecision::Draw);
    assert_eq!(outcome.claims, vec![DrawKind::Repetition]);
}
