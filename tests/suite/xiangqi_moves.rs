//! How each piece moves and captures (第一章 第二节 三、四) and the check rules that limit
//! moves (第一章 第二节 三 帅将不准对面; 第一章 第三节 应将), each tested on hand-built
//! positions with the exact set of legal moves of one piece.

use crate::common::xiangqi_position as position;
use arbiter::xiangqi::{Position, Square};
use arbiter::Side;
use rstest::rstest;
use std::collections::BTreeSet;

/// The destinations of the legal moves of the piece on `from`.
fn targets(pos: &Position, from: &str) -> BTreeSet<String> {
    let from: Square = from.parse().expect("square");
    pos.legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to.to_string())
        .collect()
}

fn set(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

// 第一章 第二节 三: 马走日字; 蹩马腿 — a piece (of either side) on the leg square stops it.
#[rstest]
#[case::free_horse_has_eight_moves("d0=K f9=k e4=N", "e4", "d6 f6 c5 g5 c3 g3 d2 f2")]
#[case::own_piece_on_leg_blocks_two("d0=K f9=k e4=N e5=P", "e4", "c5 g5 c3 g3 d2 f2")]
#[case::enemy_piece_on_leg_blocks_too("d0=K f9=k e4=N e5=P d4=p", "e4", "g5 g3 d2 f2")]
#[case::horse_in_corner("d0=K f9=k a0=N", "a0", "b2 c1")]
#[case::corner_horse_legs_blocked("d0=K f9=k a0=N a1=R b0=R", "a0", "")]
#[case::horse_captures_but_not_own("d0=K f9=k e4=N d6=n f6=P", "e4", "d6 c5 g5 c3 g3 d2 f2")]
fn horse_moves_one_step_straight_then_one_diagonal(
    #[case] pieces: &str,
    #[case] from: &str,
    #[case] expected: &str,
) {
    assert_eq!(targets(&position(pieces, 'w'), from), set(expected));
}

// 第一章 第二节 三: 相（象）走田字, 塞相眼, 不能越过河界.
#[rstest]
#[case::elephant_in_the_middle("d0=K f9=k e2=B", "e2", "c0 g0 c4 g4")]
#[case::eye_blocked_by_own_piece("d0=K f9=k e2=B d3=N", "e2", "c0 g0 g4")]
#[case::eye_blocked_by_enemy_piece("d0=K f9=k e2=B f1=p", "e2", "c0 c4 g4")]
#[case::red_elephant_cannot_cross_the_river("d0=K f9=k c4=B", "c4", "a2 e2")]
#[case::black_elephant_cannot_cross_the_river("d0=K f9=k c5=b", "c5", "a7 e7")]
fn elephant_moves_two_diagonal_steps_on_its_own_side(
    #[case] pieces: &str,
    #[case] from: &str,
    #[case] expected: &str,
) {
    let turn = if pieces.contains("=b") { 'b' } else { 'w' };
    assert_eq!(targets(&position(pieces, turn), from), set(expected));
}

// 第一章 第二节 三: 车直进、直退、横走，不限步数; 四: captures by taking the place.
#[rstest]
#[case::chariot_stops_before_own_and_on_enemy(
    "d0=K f9=k e5=R d5=P e8=a",
    "e5",
    "e6 e7 e8 e4 e3 e2 e1 e0 f5 g5 h5 i5"
)]
#[case::chariot_in_corner("d0=K f9=k a0=R a1=N b0=n", "a0", "b0")]
fn chariot_moves_any_distance_straight(
    #[case] pieces: &str,
    #[case] from: &str,
    #[case] expected: &str,
) {
    assert_eq!(targets(&position(pieces, 'w'), from), set(expected));
}

// 第一章 第二节 三、四: 炮在不吃子的时候走法同车; 炮打隔子 — it captures only by jumping
// exactly one piece (of either side).
#[rstest]
#[case::screen_capture_no_capture_without_screen_and_not_over_two_screens(
    "d0=K f9=k e4=C e6=P e8=n h4=r d4=N c4=p a4=r",
    "e4",
    "e5 e8 f4 g4 c4 e3 e2 e1 e0"
)]
#[case::cannon_cannot_capture_an_adjacent_piece(
    "d0=K f9=k e4=C e5=r",
    "e4",
    "f4 g4 h4 i4 d4 c4 b4 a4 e3 e2 e1 e0"
)]
#[case::cannon_cannot_capture_own_piece_over_screen(
    "d0=K f9=k e4=C e5=p e6=N",
    "e4",
    "f4 g4 h4 i4 d4 c4 b4 a4 e3 e2 e1 e0"
)]
#[case::screen_may_be_an_enemy_piece(
    "d0=K f9=k e4=C e5=p e9=r",
    "e4",
    "e9 f4 g4 h4 i4 d4 c4 b4 a4 e3 e2 e1 e0"
)]
fn cannon_moves_like_chariot_and_captures_over_one_screen(
    #[case] pieces: &str,
    #[case] from: &str,
    #[case] expected: &str,
) {
    assert_eq!(targets(&position(pieces, 'w'), from), set(expected));
}

// 第一章 第二节 三: 兵（卒）在没有过“河界”时，每着只准向前直走一步。过“河界”后，
// 可以向前走一步，也可以横走一步，但不能后退。
#[rstest]
#[case::red_soldier_before_river_only_forward("d0=K f9=k e3=P", 'w', "e3", "e4")]
#[case::red_soldier_on_rank_4_still_only_forward("d0=K f9=k c4=P", 'w', "c4", "c5")]
#[case::red_soldier_across_river_forward_and_sideways("d0=K f9=k e5=P", 'w', "e5", "e6 d5 f5")]
#[case::red_soldier_on_last_rank_only_sideways("d0=K f9=k c9=P", 'w', "c9", "b9 d9")]
#[case::soldier_on_edge_file("d0=K f9=k a6=P", 'w', "a6", "a7 b6")]
#[case::black_soldier_before_river_only_forward("d0=K f9=k c6=p", 'b', "c6", "c5")]
#[case::black_soldier_across_river("d0=K f9=k c4=p", 'b', "c4", "c3 b4 d4")]
#[case::black_soldier_on_last_rank("d0=K f9=k a0=p", 'b', "a0", "b0")]
fn soldier_moves_forward_then_also_sideways_after_the_river(
    #[case] pieces: &str,
    #[case] turn: char,
    #[case] from: &str,
    #[case] expected: &str,
) {
    assert_eq!(targets(&position(pieces, turn), from), set(expected));
}

// 第一章 第二节 三: 帅（将）每一着只准走一步 … 不准走出“九宫”; 士沿九宫斜线走一步.
#[rstest]
#[case::general_in_palace_corner("d0=K f9=k", 'w', "d0", "e0 d1")]
#[case::general_in_palace_centre("e1=K f9=k f5=P", 'w', "e1", "d1 f1 e0 e2")]
#[case::general_on_palace_front_edge("d2=K f9=k", 'w', "d2", "d1 e2")]
#[case::black_general_on_palace_front_edge("d0=K f7=k", 'b', "f7", "e7 f8")]
#[case::advisor_in_centre("d0=K f9=k e1=A", 'w', "e1", "d2 f2 f0")]
#[case::advisor_in_corner("d0=K f9=k f2=A", 'w', "f2", "e1")]
#[case::black_advisor("d0=K f9=k d7=a", 'b', "d7", "e8")]
fn general_and_advisor_stay_in_the_palace(
    #[case] pieces: &str,
    #[case] turn: char,
    #[case] from: &str,
    #[case] expected: &str,
) {
    assert_eq!(targets(&position(pieces, turn), from), set(expected));
}

// 第一章 第二节 三: 帅与将在同一直线上不准直接对面 — as a move restriction on the general.
#[test]
fn general_may_not_step_onto_the_open_file_of_the_other_general() {
    let pos = position("e0=K d9=k", 'w');
    assert_eq!(targets(&pos, "e0"), set("f0 e1"));
}

// The same rule as a pin: the only piece between the generals may not leave the file.
#[test]
fn only_piece_between_the_generals_is_pinned() {
    let pos = position("e0=K e9=k e5=N", 'w');
    assert_eq!(targets(&pos, "e5"), set(""));
    let pos = position("e0=K e9=k e5=R", 'b');
    assert!(pos.legal_moves().iter().all(|m| m.from.to_string() == "e9"));
}

// 第一章 第二节 四 / 第三节: a move may not leave one's own general capturable. With two
// screens between a cannon and the general, moving either screen off the file exposes the
// general (plain pseudo-legal generation counts these moves: 1,926 instead of 1,920 at
// perft 2 from the start).
#[test]
fn screen_in_front_of_general_is_pinned_by_the_cannon() {
    let pos = position("e0=K d9=k e2=N e3=P e7=c", 'w');
    assert_eq!(targets(&pos, "e2"), set(""));
    assert_eq!(targets(&pos, "e3"), set("e4"));
}

// Moving onto the line between a cannon and one's own general makes a screen: illegal.
#[test]
fn piece_may_not_become_the_screen_of_an_enemy_cannon() {
    let pos = position("d0=K e9=k e2=C d7=n", 'b');
    assert_eq!(targets(&pos, "d7"), set("c9 c5 b8 b6 f8 f6"));
}

// A horse whose leg is blocked does not give check; one whose leg is free does.
#[rstest]
#[case::leg_free("d0=K e9=k f7=N", true)]
#[case::leg_blocked("d0=K e9=k f7=N f8=n", false)]
#[case::soldier_in_front("d0=K e9=k e8=P", true)]
#[case::soldier_beside("d0=K e9=k d9=P", true)]
#[case::chariot_on_rank("d0=K e9=k a9=R", true)]
#[case::cannon_without_screen("d0=K e9=k e5=C", false)]
#[case::cannon_with_screen("d0=K e9=k e5=C e7=n", true)]
#[case::cannon_with_two_screens("d0=K e9=k e5=C e7=n e6=P", false)]
fn check_detection(#[case] pieces: &str, #[case] check: bool) {
    assert_eq!(position(pieces, 'b').is_check(), check);
}

// 第一章 第三节: 被“将军”的一方必须立即“应将” — in check, only answers are legal.
#[test]
fn in_check_only_moves_that_answer_it_are_legal() {
    // Red chariot on a9 checks along rank 9; black may block with the chariot or step
    // off the rank (f9 and d9 stay on it).
    let pos = position("d0=K e9=k a9=R b1=r", 'b');
    let moves: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, set("b1b9 e9e8"));
}

// 第一章 第三节 将死, 困毙; 第四节 一 (一)(二): both lose for the side to move.
#[test]
fn checkmate_loses() {
    let pos = position("d0=K e9=k b9=R a8=R", 'b');
    let outcome = pos.outcome().expect("game over");
    assert_eq!(outcome.winner(), Some(Side::First));
    assert_eq!(outcome.reason.slug(), "checkmate");
}

#[test]
fn stalemate_loses() {
    let pos = position("e0=K e9=k e7=P d1=R f1=R", 'b');
    assert!(!pos.is_check());
    let outcome = pos.outcome().expect("game over");
    assert_eq!(outcome.winner(), Some(Side::First));
    assert_eq!(outcome.reason.slug(), "stalemate");
}

#[test]
fn start_position_is_not_over() {
    assert!(Position::start().outcome().is_none());
    assert!(!Position::start().is_check());
}

// A piece on the leg of an enemy horse aimed at the general may not leave it, even to a
// square off the general's lines (the fast legality filter must watch the four squares
// diagonally next to the general).
#[test]
fn piece_blocking_a_horse_leg_next_to_the_general_is_pinned() {
    let pos = position("e0=K d9=k f1=N g1=n", 'w');
    assert_eq!(targets(&pos, "f1"), set(""));
    let pos = position("e0=K d9=k f1=N g2=n", 'w');
    assert_eq!(targets(&pos, "f1"), set("d0 d2 e3 g3 h2 h0"));
}
