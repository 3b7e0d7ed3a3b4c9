//! Touch-move resolution (xiangqi 第四章 第一节 一, draughts art. 5.8), one test per step.
//! The lab position: red rook a0 (can take the rook a5, not the soldier i5), red rook i0
//! (can take i5), a red horse e1 pinned by the facing generals (no legal move), and a black
//! advisor f9 that nothing can take.

use arbiter::procedure::{resolve_touches, Board, Touch, TouchStep};
use arbiter::Ruleset;
use rstest::rstest;

const LAB: &str = "4ka3/9/9/9/r7p/9/9/9/4N4/R3K3R w - - 0 1";
const A0: &str = "a0b0 a0c0 a0d0 a0a1 a0a2 a0a3 a0a4 a0a5";
const I0: &str = "i0f0 i0g0 i0h0 i0i1 i0i2 i0i3 i0i4 i0i5";
const FREE: &str =
    "a0b0 a0c0 a0d0 a0a1 a0a2 a0a3 a0a4 a0a5 e0d0 e0f0 i0f0 i0g0 i0h0 i0i1 i0i2 i0i3 i0i4 i0i5";

fn rule(ruleset: &str, fen: &str, touches: &str) -> (Vec<String>, TouchStep, String) {
    let board = Board::new(&ruleset.parse::<Ruleset>().unwrap(), Some(fen)).unwrap();
    let groups: Vec<Touch> = touches
        .split_whitespace()
        .map(|g| Touch::at(&board, &g.split(',').collect::<Vec<_>>()).unwrap())
        .collect();
    let r = resolve_touches(&board, &groups);
    let mut moves: Vec<String> = r.permitted.iter().map(|m| m.text()).collect();
    moves.sort();
    (
        moves,
        r.step,
        r.clause(board.game()).unwrap_or("").to_owned(),
    )
}

fn sorted(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s.split_whitespace().map(str::to_owned).collect();
    v.sort();
    v
}

/// Every branch of every resolution order: where the earlier step fails, the next decides.
#[rstest]
// (一) own piece: must move unless it has no legal move.
#[case("a0", A0, TouchStep::OwnMoves, "xq.touch-move.own-piece")]
#[case("e1", FREE, TouchStep::OwnFree, "xq.touch-move.own-piece")]
#[case("i0 a0", I0, TouchStep::OwnMoves, "xq.touch-move.own-several")]
#[case(
    "i0,a0",
    "a0b0 a0c0 a0d0 a0a1 a0a2 a0a3 a0a4 a0a5 i0f0 i0g0 i0h0 i0i1 i0i2 i0i3 i0i4 i0i5",
    TouchStep::OwnMoves,
    "xq.touch-move.own-several"
)]
#[case("e1 a0", FREE, TouchStep::OwnFree, "xq.touch-move.own-several")]
// (二) opponent piece: must be captured unless nothing can.
#[case(
    "i5",
    "i0i5",
    TouchStep::OpponentCaptured,
    "xq.touch-move.opponent-piece"
)]
#[case("f9", FREE, TouchStep::OpponentFree, "xq.touch-move.opponent-piece")]
#[case(
    "a5 i5",
    "a0a5",
    TouchStep::OpponentCaptured,
    "xq.touch-move.opponent-several"
)]
#[case(
    "a5,i5",
    "a0a5 i0i5",
    TouchStep::OpponentCaptured,
    "xq.touch-move.opponent-several"
)]
// (三) own then opponent: capture with it; move it; other captures; free.
#[case(
    "a0 a5",
    "a0a5",
    TouchStep::OwnThenOpponent(1),
    "xq.touch-move.own-then-opponent-capture"
)]
#[case(
    "a0 i5",
    A0,
    TouchStep::OwnThenOpponent(2),
    "xq.touch-move.own-then-opponent-move-own"
)]
#[case(
    "e1 i5",
    "i0i5",
    TouchStep::OwnThenOpponent(3),
    "xq.touch-move.own-then-opponent-other-captures"
)]
#[case(
    "e1 f9",
    FREE,
    TouchStep::OwnThenOpponent(4),
    "xq.touch-move.own-then-opponent-free"
)]
// (四) opponent then own: capture with it; other captures; move it; free.
#[case(
    "a5 a0",
    "a0a5",
    TouchStep::OpponentThenOwn(1),
    "xq.touch-move.opponent-then-own-capture"
)]
#[case(
    "i5 a0",
    "i0i5",
    TouchStep::OpponentThenOwn(2),
    "xq.touch-move.opponent-then-own-other-captures"
)]
#[case(
    "f9 a0",
    A0,
    TouchStep::OpponentThenOwn(3),
    "xq.touch-move.opponent-then-own-move-own"
)]
#[case(
    "f9 e1",
    FREE,
    TouchStep::OpponentThenOwn(4),
    "xq.touch-move.opponent-then-own-free"
)]
// (五) at once: the order of (四).
#[case(
    "a5,a0",
    "a0a5",
    TouchStep::Simultaneous(1),
    "xq.touch-move.simultaneous"
)]
#[case(
    "i5,a0",
    "i0i5",
    TouchStep::Simultaneous(2),
    "xq.touch-move.simultaneous"
)]
#[case("f9,a0", A0, TouchStep::Simultaneous(3), "xq.touch-move.simultaneous")]
#[case(
    "f9,e1",
    FREE,
    TouchStep::Simultaneous(4),
    "xq.touch-move.simultaneous"
)]
// More than two touches: the first of each kind binds.
#[case(
    "a0 i5 a5",
    A0,
    TouchStep::OwnThenOpponent(2),
    "xq.touch-move.own-then-opponent-move-own"
)]
#[case(
    "i5 a5 a0",
    "i0i5",
    TouchStep::OpponentThenOwn(2),
    "xq.touch-move.opponent-then-own-other-captures"
)]
fn xiangqi_resolution_orders(
    #[case] touches: &str,
    #[case] permitted: &str,
    #[case] step: TouchStep,
    #[case] clause: &str,
) {
    let (moves, got_step, got_clause) = rule("xiangqi", LAB, touches);
    assert_eq!(moves, sorted(permitted), "touches {touches}");
    assert_eq!(got_step, step, "touches {touches}");
    assert_eq!(got_clause, clause, "touches {touches}");
}

/// Permitted moves are always legal: the pinned horse's pseudo-legal moves never appear.
#[test]
fn permitted_moves_are_legal_moves() {
    let (moves, _, _) = rule("xiangqi", LAB, "e1");
    assert!(moves.iter().all(|m| !m.starts_with("e1")), "{moves:?}");
}

/// Art. 5.8 with compulsory capture and, in Brazilian, the majority rule.
#[rstest]
#[case("russian", "W:W22,27:B18", "27", "22x15", TouchStep::OwnFree)]
#[case(
    "brazilian",
    "W:W22,30:B10,18,26",
    "22",
    "30x23x14x7",
    TouchStep::OwnFree
)]
#[case(
    "russian",
    "W:W22,30:B10,18,26",
    "22",
    "22x15x6 22x31",
    TouchStep::OwnMoves
)]
#[case("russian", "W:W22,32:B1", "22", "22-17 22-18", TouchStep::OwnMoves)]
#[case(
    "brazilian",
    "W:W22,32:B1",
    "1",
    "22-17 22-18 32-27 32-28",
    TouchStep::Untouched
)]
fn draughts_touched_piece(
    #[case] ruleset: &str,
    #[case] fen: &str,
    #[case] touches: &str,
    #[case] permitted: &str,
    #[case] step: TouchStep,
) {
    let (moves, got_step, _) = rule(ruleset, fen, touches);
    assert_eq!(moves, sorted(permitted));
    assert_eq!(got_step, step);
}

#[test]
fn touching_an_empty_or_unknown_square_names_it() {
    let board = Board::new(&"xiangqi".parse().unwrap(), None).unwrap();
    assert_eq!(
        Touch::at(&board, &["e4"]).unwrap_err().to_string(),
        "no piece on e4"
    );
    let err = Touch::at(&board, &["j2"]).unwrap_err().to_string();
    assert!(err.contains("'j2'") && err.contains("a-i"), "{err}");
    let board = Board::new(&"russian".parse().unwrap(), None).unwrap();
    let err = Touch::at(&board, &["33"]).unwrap_err().to_string();
    assert!(err.contains("'33'") && err.contains("1-32"), "{err}");
}
