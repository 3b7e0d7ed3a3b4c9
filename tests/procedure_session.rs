//! The game session: illegal moves and violations (xiangqi 第一章 第二节 四, 第一章 第四节 一 (八),
//! 第三章 第六节 三, 第四章 第一节 三), draughts irregularities (art. 7.4, 7.7) and warnings (14.2.4).

use arbiter::procedure::{Event, Irregularity, ProcedureError, Session, Side};

const LAB: &str = "4ka3/9/9/9/r7p/9/9/9/4N4/R3K3R w - - 0 1";

fn xq(fen: &str) -> Session {
    Session::new(&"xiangqi".parse().unwrap(), Some(fen)).unwrap()
}

fn illegal(text: &str) -> Event {
    Event::Illegal {
        text: text.into(),
        side: None,
        fen: None,
        removed: None,
    }
}

fn violation(side: Side, kind: &str) -> Event {
    Event::Violation {
        side,
        kind: kind.into(),
    }
}

/// 第一章 第二节 四: exposing one's general is a violation, not a loss; the move is taken back.
#[test]
fn exposing_the_general_is_one_violation_and_is_taken_back() {
    let mut s = xq(LAB);
    s.apply(illegal("e1c2")).unwrap();
    assert_eq!(s.violations(Side::First), 1);
    assert_eq!(s.breaches()[0].kind, "exposing-general");
    assert_eq!(
        s.fen(),
        arbiter::xiangqi::Position::from_fen(LAB).unwrap().fen()
    );
    assert_eq!(s.turn(), Side::First);
    assert!(s.outcome().is_none());
}

/// 第四章 第一节 三 (三) 1: the piece moved illegally counts as touched.
#[test]
fn the_illegally_moved_piece_must_move_again() {
    let mut s = xq(LAB);
    s.apply(Event::touch(["i5"])).unwrap();
    s.apply(illegal("a0b1")).unwrap();
    assert_eq!(s.breaches()[0].kind, "illegal-move");
    let r = s.permitted();
    assert_eq!(r.permitted.len(), 8);
    assert!(r.permitted.iter().all(|m| m.text.starts_with("a0")));
    // Moving another piece is refused by the arbiter, naming the permitted moves.
    let err = s.apply(Event::Move("i0i5".into())).unwrap_err();
    assert!(
        matches!(&err, ProcedureError::NotPermitted { clause, .. } if *clause == "xq.irregularity.illegal-move-touched"),
        "{err}"
    );
    s.apply(Event::Move("a0a5".into())).unwrap();
    assert_eq!(s.turn(), Side::Second);
    assert!(s.pending_touches().is_empty());
}

#[test]
fn a_legal_move_is_not_an_illegal_one() {
    let mut s = xq(LAB);
    let err = s.apply(illegal("a0a1")).unwrap_err().to_string();
    assert!(err.contains("legal move"), "{err}");
    let err = s.apply(illegal("a5a4")).unwrap_err().to_string();
    assert!(err.contains("opponent"), "{err}");
    assert_eq!(s.violations(Side::First), 0);
}

/// 第一章 第四节 一 (八): the third violation by one side loses; two do not.
#[test]
fn third_violation_loses_and_ends_the_game() {
    let mut s = xq(LAB);
    s.apply(violation(Side::First, "stopping-clock")).unwrap();
    s.apply(violation(Side::Second, "stopping-clock")).unwrap();
    s.apply(illegal("a0b1")).unwrap();
    assert!(s.outcome().is_none(), "two violations do not lose");
    s.apply(violation(Side::Second, "recording-omissions"))
        .unwrap();
    assert!(s.outcome().is_none());
    s.apply(violation(Side::First, "repeated-draw-offer"))
        .unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(o.winner, Some(Side::Second));
    assert_eq!(o.reason, "third-violation");
    let err = s.apply(Event::Move("a0a1".into())).unwrap_err().to_string();
    assert_eq!(err, "the game is over: black won (third-violation)");
}

/// 第三章 第六节 三 (一): resigning at once, the illegal move is not counted.
#[test]
fn resigning_at_once_cancels_the_illegal_move_violation() {
    let mut s = xq(LAB);
    s.apply(illegal("a0b1")).unwrap();
    s.apply(Event::Resign(Side::First)).unwrap();
    assert_eq!(s.violations(Side::First), 0);
    let mut s = xq(LAB);
    s.apply(illegal("a0b1")).unwrap();
    s.apply(Event::touch(["a0"])).unwrap();
    s.apply(Event::Resign(Side::First)).unwrap();
    assert_eq!(s.violations(Side::First), 1, "not at once: still counted");
}

#[test]
fn unknown_violation_kinds_are_listed() {
    let mut s = xq(LAB);
    let err = s
        .apply(violation(Side::First, "warning"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("'warning'") && err.contains("stopping-clock"),
        "{err}"
    );
}

fn d64(ruleset: &str, fen: &str) -> Session {
    Session::new(&ruleset.parse().unwrap(), Some(fen)).unwrap()
}

/// Art. 7.4 and 7.7: the opponent corrects or accepts; moving on accepts.
#[test]
fn draughts_irregular_move_waits_for_the_opponent() {
    let mut s = d64("russian", "W:W22,27:B18");
    s.apply(illegal("27-23")).unwrap();
    assert_eq!(
        s.pending_irregularity().unwrap().irregular.kind,
        Irregularity::CaptureNotTaken
    );
    assert_eq!(s.fen(), "B:W22,23:B18");
    assert_eq!(
        s.apply(Event::Accidental("22".into())).unwrap_err(),
        ProcedureError::Pending
    );
    let mut corrected = s.clone();
    corrected.apply(Event::Correct).unwrap();
    assert_eq!(corrected.fen(), "W:W22,27:B18");
    s.apply(Event::Move("18x25".into())).unwrap();
    assert!(s.pending_irregularity().is_none());
    assert_eq!(
        s.apply(Event::Correct).unwrap_err(),
        ProcedureError::NothingPending
    );
}

#[test]
fn draughts_capture_irregularities_are_classified() {
    let cases = [
        (
            "W:W22:B10,18",
            "22x15x6",
            Some(vec!["18"]),
            Irregularity::TooFewRemoved,
        ),
        (
            "W:W22:B1,4,10,18",
            "22x15x6",
            Some(vec!["18", "10", "1"]),
            Irregularity::UnjumpedRemoved,
        ),
        (
            "W:W22:B10,18",
            "22x15",
            None,
            Irregularity::ReleasedMidCapture,
        ),
        (
            "W:W22,31:B1,18",
            "22x15",
            Some(vec!["18", "31"]),
            Irregularity::OwnPieceRemoved,
        ),
        ("W:W18:B1", "18-22", None, Irregularity::IllegalPieceMove),
    ];
    for (fen, text, removed, kind) in cases {
        let mut s = d64("russian", fen);
        s.apply(Event::Illegal {
            text: text.into(),
            side: None,
            fen: None,
            removed: removed.map(|r| r.into_iter().map(str::to_owned).collect()),
        })
        .unwrap();
        assert_eq!(
            s.pending_irregularity().unwrap().irregular.kind,
            kind,
            "{fen} {text}"
        );
    }
    // Brazilian majority: one piece where two were due.
    let mut s = d64("brazilian", "W:W22:B10,17,18");
    s.apply(illegal("22x13")).unwrap();
    assert_eq!(
        s.pending_irregularity().unwrap().irregular.kind,
        Irregularity::WrongNumberCaptured
    );
    // The same capture is legal in Russian.
    let mut s = d64("russian", "W:W22:B10,17,18");
    assert!(s.apply(illegal("22x13")).is_err());
}

/// Art. 7.4.3: touched one, moved another — irregular in draughts, refused in xiangqi.
#[test]
fn a_move_the_touch_forbids() {
    let mut s = d64("russian", "W:W22,32:B1");
    s.apply(Event::touch(["22"])).unwrap();
    s.apply(Event::Move("32-28".into())).unwrap();
    assert_eq!(
        s.pending_irregularity().unwrap().irregular.kind,
        Irregularity::TouchedOneMovedAnother
    );
    s.apply(Event::Correct).unwrap();
    let texts: Vec<String> = s
        .permitted()
        .permitted
        .iter()
        .map(|m| m.text.clone())
        .collect();
    assert_eq!(texts, ["22-17", "22-18"]);
}

/// Art. 14.2.4: the second oral warning loses.
#[test]
fn second_warning_loses_in_draughts() {
    let mut s = d64("brazilian", "W:W22,32:B1");
    s.apply(violation(Side::Second, "warning")).unwrap();
    assert!(s.outcome().is_none());
    s.apply(violation(Side::Second, "warning")).unwrap();
    assert_eq!(s.outcome().unwrap().reason, "second-warning");
    assert_eq!(s.outcome().unwrap().winner, Some(Side::First));
}

#[test]
fn side_names_follow_the_game() {
    assert_eq!(
        Side::parse("red", arbiter::Game::Xiangqi).unwrap(),
        Side::First
    );
    let err = Side::parse("red", arbiter::Game::Russian)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "invalid side 'red' (expected white or black)");
}
