//! Repetition adjudication (棋例): the nature of moves and the verdict on cycles, under the
//! Chinese (CXA) and Asian (AXF) rules. Clause ids refer to spec/xiangqi.yaml; positions are
//! FEN (ranks 9 to 0), moves ICCS. `docs/repetition.md` explains each judgement.

use arbiter::case::{Case, RepetitionExpect, Runner, Verdict};
use arbiter::xiangqi::repetition::{
    adjudicate, classify, history, Classification, CycleDecision, CycleRuling, Nature,
    RepetitionError, RepetitionRules, SubKind,
};
use arbiter::xiangqi::{parse_move, Position};
use arbiter::Side;
use rstest::rstest;

const CXA: RepetitionRules = RepetitionRules::CXA;
const AXF: RepetitionRules = RepetitionRules::AXF;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Classifies the last of `moves` (played from `fen`) under `rules`.
fn nature_of(fen: &str, moves: &[&str], rules: &RepetitionRules) -> Classification {
    let start = pos(fen);
    let played = history(&start, moves).unwrap();
    let (last, before) = played.split_last().unwrap();
    let mut p = start;
    for m in before {
        p = p.play(*m).unwrap();
    }
    classify(&p, *last, before.last().copied(), rules).unwrap()
}

fn chased(c: &Classification) -> Vec<String> {
    c.chased
        .iter()
        .map(|x| format!("{} {}", x.square, x.role))
        .collect()
}

/// Plays `cycle` `times` times from `fen` and adjudicates.
fn judge(fen: &str, cycle: &[&str], times: usize, rules: &RepetitionRules) -> Option<CycleRuling> {
    let start = pos(fen);
    let texts: Vec<&str> = cycle
        .iter()
        .cycle()
        .take(cycle.len() * times)
        .copied()
        .collect();
    let moves = history(&start, &texts).unwrap();
    adjudicate(&start, &moves, rules).unwrap()
}

fn natures(v: &CycleRuling, side: Side) -> Vec<Nature> {
    v.cycle
        .iter()
        .filter(|c| c.side == side)
        .map(|c| c.nature)
        .collect()
}

// Positions (drawn in cases/xiangqi/repetition.yaml).
const PERPETUAL_CHECK: &str = "3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1";
const LOOSE_CANNON: &str = "2bakab2/R8/2c6/4p4/9/9/4P4/9/9/2BAKAB2 w - - 0 1";
const PROTECTED_CANNON: &str = "3akab2/1R7/2c6/4p4/2r6/9/4P4/9/9/2BAKAB2 w - - 0 1";
const PINNED_PROTECTOR: &str = "3aka3/2c6/4n4/R8/9/9/9/4R4/9/3K5 w - - 0 1";
const FREE_PROTECTOR: &str = "3aka3/2c6/4n4/R8/9/9/9/9/9/3K5 w - - 0 1";
const HORSE_VS_CHARIOT: &str = "2bakab2/2r6/9/2r1p4/9/9/1N2P4/9/9/2BAKAB2 w - - 0 1";
const CANNON_VS_CHARIOT: &str = "2raka3/9/4b3C/2r1p4/9/9/9/4B4/9/3AKAB2 w - - 0 1";
const GENERAL_CHASE: &str = "3a1k3/4a4/9/9/9/9/9/4K4/3c5/3A1A3 w - - 0 1";
const SOLDIER_CHASE: &str = "3k5/9/4c4/3P5/9/9/9/9/9/5K3 w - - 0 1";
const UNCOVERED: &str = "2bakab2/9/9/4p4/9/9/9/R7n/R3K3n/3A1A3 w - - 0 1";
const CHECK_OR_CHASE: &str = "3k5/9/2c3R2/9/9/9/9/9/9/4K4 w - - 0 1";
const MATE_THREAT: &str = "N2aka3/9/9/3R5/1n7/9/9/9/9/5K3 w - - 0 1";
const ANSWERS_CHECK: &str = "3a1k3/4a4/9/9/9/9/9/3c5/6r2/3K5 b - - 0 1";
const CHECK_FORK: &str = "3a1k3/9/N8/7n1/r8/9/9/7R1/9/4K4 w - - 0 1";

// ------------------------------------------------------------------ natures

/// xq.repetition.term-check: a move after which the opponent's general is attacked is 将.
#[test]
fn a_checking_move_is_check() {
    let c = nature_of(PERPETUAL_CHECK, &["g8g9"], &CXA);
    assert_eq!(c.nature, Nature::Check);
}

/// xq.repetition.term-chase: the chariot attacks a loose cannon it did not attack before.
#[test]
fn attacking_a_loose_piece_is_a_chase() {
    let c = nature_of(LOOSE_CANNON, &["a8a7"], &CXA);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["c7 cannon"]);
}

/// The threat must be new: moving along the file while still attacking the same piece is not
/// a chase (the chariot on a7 already attacked c7).
#[test]
fn a_threat_that_already_existed_is_not_a_chase() {
    let c = nature_of(LOOSE_CANNON, &["a8a7", "f9e8", "a7a6"], &CXA);
    assert_ne!(c.nature, Nature::Chase);
    let c = nature_of(LOOSE_CANNON, &["a8a7", "f9e8", "a7b7"], &CXA);
    assert_eq!(c.nature, Nature::Idle, "b7 still attacks c7: not new");
}

/// xq.repetition.term-chase / unprotected: a protected cannon attacked by a chariot is not
/// chased (taking it costs the chariot).
#[test]
fn attacking_a_protected_piece_is_idle() {
    let c = nature_of(PROTECTED_CANNON, &["b8b7"], &CXA);
    assert_eq!(c.nature, Nature::Idle);
    assert!(c.chased.is_empty());
}

/// xq.repetition.unprotected: a protector pinned against its own general is a false root.
#[test]
fn a_pinned_protector_does_not_protect() {
    let c = nature_of(PINNED_PROTECTOR, &["a6a8"], &CXA);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["c8 cannon"]);
    let c = nature_of(FREE_PROTECTOR, &["a6a8"], &CXA);
    assert_eq!(
        c.nature,
        Nature::Idle,
        "without the pin the horse protects c8"
    );
}

/// xq.repetition.unprotected: a general that would face the other general by recapturing
/// protects nothing. Here the only protector of the f9 advisor is the black general, and
/// red's general stands on the f-file; under AXF (where the mate threat does not outrank
/// it) the move is a chase of f9.
#[test]
fn a_protector_that_would_expose_its_general_does_not_protect() {
    let c = nature_of(MATE_THREAT, &["d6f6"], &AXF);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["f9 advisor"]);
}

/// xq.repetition.chariot-chased-protected: a horse attacking a protected chariot chases it.
#[test]
fn a_horse_chases_a_protected_chariot() {
    let c = nature_of(HORSE_VS_CHARIOT, &["b3d4"], &CXA);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["c6 chariot"]);
}

/// xq.repetition.chariot-chased-protected: so does a cannon.
#[test]
fn a_cannon_chases_a_protected_chariot() {
    let c = nature_of(CANNON_VS_CHARIOT, &["i7i6"], &CXA);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["c6 chariot"]);
}

/// xq.repetition.general-soldier-chase: the general's and soldiers' chases are idle.
#[rstest]
#[case::general(GENERAL_CHASE, "e2e1", SubKind::GeneralChase, "d1 cannon")]
#[case::soldier(SOLDIER_CHASE, "d6e6", SubKind::SoldierChase, "e7 cannon")]
fn general_and_soldier_chases_are_idle(
    #[case] fen: &str,
    #[case] mv: &str,
    #[case] kind: SubKind,
    #[case] target: &str,
) {
    for rules in [CXA, AXF] {
        let c = nature_of(fen, &[mv], &rules);
        assert_eq!(c.nature, Nature::Idle);
        assert_eq!(c.sub_kind, Some(kind));
        assert_eq!(chased(&c), [target]);
    }
}

/// xq.repetition.general-uncovers-chase: the general steps aside and a chariot behind it now
/// attacks a loose horse: a chase by the chariot.
#[test]
fn a_general_uncovering_a_chase_chases() {
    let c = nature_of(UNCOVERED, &["e1e2"], &CXA);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["i1 horse"]);
}

/// xq.repetition.general-answers-check: the general escaping check onto an attack of a loose
/// cannon is idle.
#[test]
fn a_general_answering_check_is_idle() {
    let c = nature_of(ANSWERS_CHECK, &["g1g0"], &CXA);
    assert_eq!(c.nature, Nature::Check);
    let c = nature_of(ANSWERS_CHECK, &["g1g0", "d0d1"], &CXA);
    assert_eq!(c.nature, Nature::Idle);
    assert_eq!(c.sub_kind, Some(SubKind::AnswersCheck));
    assert_eq!(chased(&c), ["d2 cannon"]);
}

/// xq.repetition.term-mate-threat: a quiet move threatening mate is 杀 under CXA.
#[test]
fn a_mate_threat_is_recognised() {
    let c = nature_of(MATE_THREAT, &["d6f6"], &CXA);
    assert_eq!(c.nature, Nature::MateThreat);
}

/// xq.repetition.term-chase (by consecutive checks) vs xq.repetition.axf-direct-chase: the
/// chariot on e2 threatens Re9+ and then takes the d9 advisor. CXA: a chase; AXF: not.
#[test]
fn winning_by_a_check_is_a_chase_only_under_cxa() {
    let c = nature_of(CHECK_FORK, &["h2e2"], &CXA);
    assert_eq!(c.nature, Nature::Chase);
    assert_eq!(chased(&c), ["d9 advisor"]);
    let c = nature_of(CHECK_FORK, &["h2e2"], &AXF);
    assert_eq!(c.nature, Nature::Idle);
}

/// xq.repetition.term-idle: offering an even exchange (兑) and offering a piece (献).
#[test]
fn exchange_and_sacrifice_offers_are_idle() {
    let exchange = "3akab2/9/R8/2r1p4/R8/9/9/4B4/9/3AKAB2 w - - 0 1";
    let c = nature_of(exchange, &["a7a6"], &CXA);
    assert_eq!(
        (c.nature, c.sub_kind),
        (Nature::Idle, Some(SubKind::ExchangeOffer))
    );
    let sacrifice = "2bakab2/9/9/4p4/r1N6/9/9/4B4/9/3AKAB2 w - - 0 1";
    let c = nature_of(sacrifice, &["c5a4"], &CXA);
    assert_eq!(
        (c.nature, c.sub_kind),
        (Nature::Idle, Some(SubKind::SacrificeOffer))
    );
}

/// An illegal move is refused, not classified.
#[test]
fn classify_refuses_an_illegal_move() {
    let p = pos(PERPETUAL_CHECK);
    let m = parse_move(&p, "g8g9").unwrap();
    let black = p.play(m).unwrap();
    assert!(classify(&black, m, None, &CXA).is_err());
}

// ------------------------------------------------------------------ forbidden or allowed

/// xq.repetition.all-attack-forbidden (CXA) vs axf-check-and-chase / axf-mate-threat-draw.
#[rstest]
#[case::perpetual_check(&[Nature::Check, Nature::Check], true, true)]
#[case::perpetual_chase(&[Nature::Chase, Nature::Chase], true, true)]
#[case::perpetual_mate_threat(&[Nature::MateThreat, Nature::MateThreat], true, false)]
#[case::check_and_chase(&[Nature::Check, Nature::Chase], true, false)]
#[case::check_and_mate_threat(&[Nature::Check, Nature::MateThreat], true, false)]
#[case::check_and_idle(&[Nature::Check, Nature::Idle], false, false)]
#[case::chase_and_idle(&[Nature::Chase, Nature::Idle], false, false)]
#[case::all_idle(&[Nature::Idle, Nature::Idle], false, false)]
fn which_cycles_are_forbidden(#[case] n: &[Nature], #[case] cxa: bool, #[case] axf: bool) {
    assert_eq!(CXA.is_forbidden(n), cxa, "cxa {n:?}");
    assert_eq!(AXF.is_forbidden(n), axf, "axf {n:?}");
}

// ------------------------------------------------------------------ verdicts

/// xq.repetition.perpetual-check-loses: one-sided perpetual check must change after three
/// cycles, and loses after a fourth.
#[test]
fn perpetual_check_must_change_then_loses() {
    let cycle = ["g8g9", "d9d8", "g9g8", "d8d9"];
    let v = judge(PERPETUAL_CHECK, &cycle, 3, &CXA).unwrap();
    assert_eq!(
        (v.ruling, v.side, v.repetitions),
        (CycleDecision::MustChange, Some(Side::First), 3)
    );
    assert_eq!(natures(&v, Side::First), [Nature::Check, Nature::Check]);
    let v = judge(PERPETUAL_CHECK, &cycle, 4, &AXF).unwrap();
    assert_eq!((v.ruling, v.side), (CycleDecision::Loss, Some(Side::First)));
    assert!(v
        .reason
        .contains("xq.result.forbidden-repetition-unchanged"));
}

/// 第一章 第四节 二 (三): the verdict needs three cycles; two are not enough.
#[test]
fn two_cycles_give_no_verdict() {
    let cycle = ["g8g9", "d9d8", "g9g8", "d8d9"];
    assert_eq!(judge(PERPETUAL_CHECK, &cycle, 2, &CXA), None);
    let start = pos(PERPETUAL_CHECK);
    assert_eq!(adjudicate(&start, &[], &CXA).unwrap(), None);
}

/// xq.repetition.all-attack-forbidden vs axf-check-and-chase: 一将一捉.
#[test]
fn check_and_chase_is_forbidden_only_under_cxa() {
    let cycle = ["g7g9", "d9d8", "g9g7", "d8d9"];
    let v = judge(CHECK_OR_CHASE, &cycle, 3, &CXA).unwrap();
    assert_eq!(
        (v.ruling, v.side),
        (CycleDecision::MustChange, Some(Side::First))
    );
    assert_eq!(natures(&v, Side::First), [Nature::Check, Nature::Chase]);
    let v = judge(CHECK_OR_CHASE, &cycle, 3, &AXF).unwrap();
    assert_eq!((v.ruling, v.side), (CycleDecision::Draw, None));
}

/// xq.repetition.term-mate-threat vs axf-mate-threat-draw: 长杀.
#[test]
fn perpetual_mate_threat_is_forbidden_only_under_cxa() {
    let cycle = ["d6f6", "d9e8", "f6d6", "e8d9"];
    let v = judge(MATE_THREAT, &cycle, 3, &CXA).unwrap();
    assert_eq!(
        (v.ruling, v.side),
        (CycleDecision::MustChange, Some(Side::First))
    );
    assert_eq!(
        natures(&v, Side::First),
        [Nature::MateThreat, Nature::MateThreat]
    );
    let v = judge(MATE_THREAT, &cycle, 4, &AXF).unwrap();
    assert_eq!(v.ruling, CycleDecision::Draw);
}

/// xq.repetition.mutual-draw: both sides forbidden is a draw, not a verdict against one.
#[test]
fn both_sides_forbidden_is_a_draw() {
    let fen = "3aka3/9/7c1/R6n1/4p4/1C7/1N6r/9/9/3AKA3 w - - 0 1";
    let v = judge(fen, &["a6a7", "i3i4", "a7a6", "i4i3"], 3, &CXA).unwrap();
    assert_eq!(natures(&v, Side::First), [Nature::Chase, Nature::Chase]);
    assert_eq!(natures(&v, Side::Second), [Nature::Chase, Nature::Chase]);
    assert_eq!((v.ruling, v.side), (CycleDecision::Draw, None));
}

/// xq.repetition.general-answers-check + perpetual-check-loses: black checks perpetually,
/// red's general escapes onto an attack; red is allowed, black must change.
#[test]
fn perpetual_check_against_general_escapes() {
    let v = judge(ANSWERS_CHECK, &["g1g0", "d0d1", "g0g1", "d1d0"], 3, &CXA).unwrap();
    assert_eq!(
        (v.ruling, v.side),
        (CycleDecision::MustChange, Some(Side::Second))
    );
}

/// A history with an illegal move is an error naming the move.
#[test]
fn an_illegal_history_is_an_error() {
    let start = pos(PERPETUAL_CHECK);
    let p = start.play(parse_move(&start, "g8g9").unwrap()).unwrap();
    let wrong = parse_move(&p, "d9d8").unwrap();
    let err = adjudicate(&start, &[wrong], &CXA).unwrap_err();
    assert_eq!(
        err,
        RepetitionError::Illegal {
            number: 1,
            mv: wrong
        }
    );
    assert!(history(&start, &["g8g9", "z9z9"])
        .unwrap_err()
        .to_string()
        .contains("move 2"));
}

/// The JSON shape of `arbiter status --format json`'s `repetition` object.
#[test]
fn the_verdict_serialises_to_the_documented_json() {
    let v = judge(LOOSE_CANNON, &["a8a7", "c7c8", "a7a8", "c8c7"], 3, &CXA).unwrap();
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["verdict"], "must-change");
    assert_eq!(json["side"], "red");
    assert_eq!(json["repetitions"], 3);
    assert_eq!(json["judgement"]["red"], "forbidden");
    assert_eq!(json["judgement"]["black"], "allowed");
    let first = &json["cycle"][0];
    assert_eq!(first["ply"], 9);
    assert_eq!(first["move"], "a8a7");
    assert_eq!(first["side"], "red");
    assert_eq!(first["nature"], "chase");
    assert_eq!(first["sub_kind"], serde_json::Value::Null);
    assert_eq!(first["chased"][0]["square"], "c7");
    assert_eq!(first["chased"][0]["piece"], "cannon");
    assert!(json["reason"].as_str().unwrap().contains("长捉"));
    let draw = judge(PROTECTED_CANNON, &["b8b7", "c7c8", "b7b8", "c8c7"], 3, &CXA).unwrap();
    assert_eq!(
        serde_json::to_value(&draw).unwrap()["side"],
        serde_json::Value::Null
    );
}

// ------------------------------------------------------------------ the case expectation

fn case(yaml: &str) -> Case {
    serde_yaml::from_str(yaml).unwrap()
}

#[test]
fn the_repetition_expectation_parses_and_validates() {
    let c = case("{id: a.b, clauses: [x], ruleset: xiangqi, expect: {repetition: none}}");
    assert_eq!(c.expect.repetition, Some(RepetitionExpect::None));
    assert!(c.skip_reason().is_none());
    for (bad, says) in [
        ("{verdict: lose, side: red}", "unknown verdict"),
        ("{verdict: must-change}", "needs `side"),
        ("{verdict: draw, side: red}", "no `side`"),
        ("{verdict: loss, side: white}", "side 'white'"),
        (
            "{verdict: draw, natures: {red: [chase], black: [nap]}}",
            "unknown move nature 'nap'",
        ),
        ("{verdict: draw, chased: [z9]}", "chased square 'z9'"),
        ("{verdict: draw, extra: 1}", "unknown field"),
        ("maybe", "expected `none`"),
    ] {
        let text =
            format!("{{id: a.b, clauses: [x], ruleset: xiangqi, expect: {{repetition: {bad}}}}}");
        let err = serde_yaml::from_str::<Case>(&text).unwrap_err().to_string();
        assert!(err.contains(says), "{bad}: {err}");
    }
}

#[test]
fn the_runner_checks_the_repetition_expectation() {
    let moves = "[a8a7, c7c8, a7a8, c8c7, a8a7, c7c8, a7a8, c8c7, a8a7, c7c8, a7a8, c8c7]";
    let runner = Runner::reference();
    let run = |expect: &str, ruleset: &str| {
        let c = case(&format!(
            "{{id: a.b, clauses: [x], ruleset: {ruleset}, position: '{LOOSE_CANNON}', moves: {moves}, expect: {{repetition: {expect}}}}}"
        ));
        runner.run(&c, &c.rulesets[0])
    };
    let good = "{verdict: must-change, side: red, natures: {red: [chase, chase], black: [idle, idle]}, chased: [c7, c8]}";
    assert_eq!(run(good, "xiangqi").verdict, Verdict::Passed);
    for wrong in [
        "none",
        "{verdict: draw}",
        "{verdict: must-change, side: black}",
        "{verdict: must-change, side: red, natures: {red: [chase, idle], black: [idle, idle]}}",
        "{verdict: must-change, side: red, chased: [c7]}",
    ] {
        let r = run(wrong, "xiangqi");
        assert_eq!(r.verdict, Verdict::Failed, "{wrong}");
        assert_eq!(r.mismatches[0].expectation, "repetition");
    }
    assert_eq!(run(good, "xiangqi@axf").verdict, Verdict::Passed);
    // Other games have no repetition adjudicator (the runner reports such cases skipped).
    assert_eq!(
        RepetitionRules::for_ruleset(&"russian".parse().unwrap()),
        None
    );
    assert_eq!(
        RepetitionRules::for_ruleset(&"xiangqi@axf".parse().unwrap()),
        Some(AXF)
    );
}
