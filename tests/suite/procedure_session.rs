//! The game session: illegal moves and violations (xiangqi 第一章 第二节 四, 第一章 第四节 一 (八),
//! 第三章 第六节 三, 第四章 第一节 三), draughts irregularities (art. 7.4, 7.7) and warnings (14.2.4).

use arbiter::edition::DrawKind;
use arbiter::procedure::{
    BreachKind, Candidate, Event, Irregularity, ProcedureError, Session, ViolationKind,
};
use arbiter::{Reason, Side};

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

/// The canonical texts of the session's history.
fn texts(s: &Session) -> Vec<String> {
    s.moves().iter().map(Candidate::text).collect()
}

fn violation(side: Side, kind: ViolationKind) -> Event {
    Event::Violation { side, kind }
}

/// 第一章 第二节 四: exposing one's general is a violation, not a loss; the move is taken back.
#[test]
fn exposing_the_general_is_one_violation_and_is_taken_back() {
    let mut s = xq(LAB);
    s.apply(illegal("e1c2")).unwrap();
    assert_eq!(s.violations(Side::First), 1);
    assert_eq!(
        s.breaches()[0].kind,
        BreachKind::Violation(ViolationKind::ExposingGeneral)
    );
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
    assert_eq!(
        s.breaches()[0].kind,
        BreachKind::Violation(ViolationKind::IllegalMove)
    );
    let r = s.permitted();
    assert_eq!(r.permitted.len(), 8);
    assert!(r.permitted.iter().all(|m| m.text().starts_with("a0")));
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
    s.apply(violation(Side::First, ViolationKind::StoppingClock))
        .unwrap();
    s.apply(violation(Side::Second, ViolationKind::StoppingClock))
        .unwrap();
    s.apply(illegal("a0b1")).unwrap();
    assert!(s.outcome().is_none(), "two violations do not lose");
    s.apply(violation(Side::Second, ViolationKind::RecordingOmissions))
        .unwrap();
    assert!(s.outcome().is_none());
    s.apply(violation(Side::First, ViolationKind::RepeatedDrawOffer))
        .unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(o.winner(), Some(Side::Second));
    assert_eq!(o.reason, Reason::ThirdViolation);
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
        .apply(violation(Side::First, ViolationKind::Warning))
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
    let texts: Vec<String> = s.permitted().permitted.iter().map(|m| m.text()).collect();
    assert_eq!(texts, ["22-17", "22-18"]);
}

/// Art. 7.4.4 (悔棋): putting back the man just moved is a take-back, not merely a second
/// move in a row; accepted, the pieces stand as before the move with the opponent to move;
/// corrected, the move stands as played.
#[test]
fn taking_a_move_back_is_its_own_irregularity() {
    let start = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    let take_back = Event::Illegal {
        text: "18-22".into(),
        side: Some(Side::First),
        fen: None,
        removed: None,
    };
    let mut s = Session::new(&"russian".parse().unwrap(), None).unwrap();
    s.apply(mv("22-18")).unwrap();
    let after_move = s.fen();
    s.apply(take_back.clone()).unwrap();
    let pending = &s.pending_irregularity().unwrap().irregular;
    assert_eq!(pending.kind, Irregularity::TakeBack);
    assert_eq!(pending.kind.slug(), "take-back");
    assert_eq!(pending.kind.clause(), "d64.irregularity.take-back");
    assert_eq!(pending.offender, Side::First);

    let mut accepted = s.clone();
    accepted.apply(Event::Accept).unwrap();
    // The start pieces, but black to move: the take-back was white's act in black's turn.
    assert_eq!(accepted.fen(), format!("B{}", &start[1..]));
    assert_eq!(accepted.turn(), Side::Second);
    // No legal move leads there: the history restarts at that position.
    assert_eq!(accepted.start().fen(), accepted.fen());
    assert!(accepted.moves().is_empty());

    s.apply(Event::Correct).unwrap();
    assert_eq!(s.fen(), after_move);
    assert_eq!(texts(&s), ["22-18"]);
    assert!(
        s.pending_touches().is_empty(),
        "white's man binds black to nothing"
    );

    // Another second act of white (filling c3 from d2) is two moves in a row.
    let mut s = Session::new(&"russian".parse().unwrap(), None).unwrap();
    s.apply(mv("22-18")).unwrap();
    s.apply(Event::Illegal {
        text: "26-22".into(),
        side: Some(Side::First),
        fen: None,
        removed: None,
    })
    .unwrap();
    assert_eq!(
        s.pending_irregularity().unwrap().irregular.kind,
        Irregularity::TwoMovesInARow
    );
}

/// Art. 7.4.4: a capture is taken back only if the captured pieces are put back too; the
/// capturing man alone returned to its square leaves another position (7.4.1).
#[test]
fn a_capture_taken_back_restores_the_captured_pieces() {
    let back = |fen: Option<&str>| {
        let mut s = d64("brazilian", "W:W22:B1,18");
        s.apply(mv("22x15")).unwrap();
        s.apply(Event::Illegal {
            text: "15-22".into(),
            side: Some(Side::First),
            fen: fen.map(str::to_owned),
            removed: None,
        })
        .unwrap();
        s.pending_irregularity().unwrap().irregular.kind
    };
    assert_eq!(back(Some("B:W22:B1,18")), Irregularity::TakeBack);
    assert_eq!(back(None), Irregularity::TwoMovesInARow);
    // With no move in the history there is nothing to take back.
    let mut s = d64("russian", "B:W22:B1");
    s.apply(Event::Illegal {
        text: "22-18".into(),
        side: Some(Side::First),
        fen: None,
        removed: None,
    })
    .unwrap();
    assert_eq!(
        s.pending_irregularity().unwrap().irregular.kind,
        Irregularity::TwoMovesInARow
    );
}

/// Art. 14.4 (with 7.8 and 14.3.1): refusing the correction the opponent demanded loses the
/// game; the refusal answers the demand at once and only the offender can make it.
#[test]
fn refusing_a_demanded_correction_loses() {
    let mut s = d64("russian", "W:W22,27:B1,18");
    s.apply(illegal("27-23")).unwrap();
    // Nothing demanded yet: nothing to refuse.
    let err = s.apply(Event::RefuseCorrection(Side::First)).unwrap_err();
    assert_eq!(
        err,
        ProcedureError::NoCorrectionDemanded {
            side: "white".into()
        }
    );
    assert!(
        s.pending_irregularity().is_some(),
        "the refused step changed nothing"
    );
    s.apply(Event::Correct).unwrap();
    // The side that demanded cannot refuse.
    let err = s.apply(Event::RefuseCorrection(Side::Second)).unwrap_err();
    assert!(
        err.to_string()
            .contains("black has no correction to refuse"),
        "{err}"
    );

    let mut refused = s.clone();
    refused.apply(Event::RefuseCorrection(Side::First)).unwrap();
    let outcome = refused.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Side::Second));
    assert_eq!(outcome.reason, Reason::RefusedCorrection);
    assert_eq!(
        outcome.clause_str(),
        Some("d64.penalty.refused-technical-correction-loses")
    );
    assert_eq!(
        refused.fen(),
        "B:W22,23:B1,18",
        "the irregular position stays"
    );
    assert_eq!(refused.violations(Side::First), 0);
    assert!(refused.apply(mv("18x27")).is_err(), "the game is over");

    // Complying (playing the capture) answers the demand: a later refusal is refused.
    s.apply(mv("22x15")).unwrap();
    assert_eq!(
        s.apply(Event::RefuseCorrection(Side::First)).unwrap_err(),
        ProcedureError::NoCorrectionDemanded {
            side: "white".into()
        }
    );
    assert!(s.outcome().is_none());

    // Xiangqi has no correction to refuse.
    let mut x = xq(LAB);
    assert!(matches!(
        x.apply(Event::RefuseCorrection(Side::First)),
        Err(ProcedureError::WrongGame(_))
    ));
}

/// Art. 14.2.4: the second oral warning loses.
#[test]
fn second_warning_loses_in_draughts() {
    let mut s = d64("brazilian", "W:W22,32:B1");
    s.apply(violation(Side::Second, ViolationKind::Warning))
        .unwrap();
    assert!(s.outcome().is_none());
    s.apply(violation(Side::Second, ViolationKind::Warning))
        .unwrap();
    assert_eq!(s.outcome().unwrap().reason, Reason::SecondWarning);
    assert_eq!(s.outcome().unwrap().winner(), Some(Side::First));
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

// ---------------------------------------------------------------------------------------
// Draw offers, answers, claims, and the outcome of the history.

fn mv(text: &str) -> Event {
    Event::Move(text.into())
}

fn play_all(s: &mut Session, moves: &str) {
    for m in moves.split_whitespace() {
        s.apply(mv(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn claim(kind: DrawKind, by: Option<Side>) -> Event {
    Event::Claim { kind, by }
}

fn start(ruleset: &str) -> Session {
    Session::new(&ruleset.parse().unwrap(), None).unwrap()
}

/// 第一章 第四节 二 (二): an offer made after one's move; the opponent's acceptance draws.
#[test]
fn xiangqi_accepted_offer_draws_by_agreement_and_ends_the_game() {
    let mut s = start("xiangqi");
    s.apply(mv("h2e2")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    assert_eq!(s.pending_offer(), Some(Side::First));
    assert!(s.breaches().is_empty());
    s.apply(Event::Answer { accept: true }).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(o.winner(), None);
    assert_eq!(o.reason, Reason::Agreement);
    assert_eq!(o.clause_str(), Some("xq.draw-offer.agreement"));
    let err = s.apply(mv("h9g7")).unwrap_err().to_string();
    assert_eq!(err, "the game is over: drawn (agreement)");
}

/// Art. 12.3.2 and 12.4: the same in draughts, after 20 moves of the offering side.
#[test]
fn draughts_agreed_draw_cites_its_clause() {
    let mut s = d64("brazilian", "W:WK30:BK3");
    play_all(&mut s, &"30-26 3-7 26-30 7-3 ".repeat(10)[..]);
    // 40 plies: both sides have made 20 moves; black moved last.
    s.apply(Event::Offer(Side::Second)).unwrap();
    s.apply(Event::Answer { accept: true }).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner(), o.reason.slug(), o.clause_str()),
        (None, "agreement", Some("d64.end.agreed-draw"))
    );
}

/// 第一章 第四节 二 (二), art. 12.4: the opponent refuses by saying so or by moving.
#[test]
fn an_offer_is_refused_by_an_answer_or_by_a_move() {
    let mut s = start("xiangqi");
    s.apply(mv("h2e2")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    // The state names the offering side as the game does.
    let offer =
        |answer: &str| serde_json::json!([{"by": "red", "after_move": 1, "answer": answer}]);
    assert_eq!(s.state()["offers"], offer("pending"));
    let mut answered = s.clone();
    answered.apply(Event::Answer { accept: false }).unwrap();
    assert_eq!(answered.pending_offer(), None);
    assert!(answered.outcome().is_none());
    assert_eq!(
        answered.apply(Event::Answer { accept: true }).unwrap_err(),
        ProcedureError::NoOffer
    );
    // Touching or an illegal attempt does not answer it; a move does.
    s.apply(Event::touch(["h9"])).unwrap();
    assert_eq!(s.pending_offer(), Some(Side::First));
    s.apply(mv("h9g7")).unwrap();
    assert_eq!(s.pending_offer(), None);
    assert_eq!(s.offers()[0].answer, arbiter::outcome::OfferAnswer::Refused);
    assert_eq!(s.state()["offers"], offer("refused"));
    assert_eq!(
        s.apply(Event::Answer { accept: true }).unwrap_err(),
        ProcedureError::NoOffer,
        "a refused offer cannot be accepted later"
    );
}

/// 第三章 第六节 三 (三): offering again after a refusal, before the opponent has offered, is a
/// counted violation; the offer does not stand.
#[test]
fn xiangqi_reoffer_after_refusal_is_a_counted_violation() {
    let mut s = start("xiangqi");
    s.apply(mv("h2e2")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    s.apply(mv("h9g7")).unwrap(); // refuses
    s.apply(mv("h0g2")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    assert_eq!(s.violations(Side::First), 1);
    let b = &s.breaches()[0];
    assert_eq!(
        (b.kind, b.clause.as_str(), b.counted),
        (
            BreachKind::Violation(ViolationKind::RepeatedDrawOffer),
            "xq.violation.repeated-draw-offer",
            true
        )
    );
    assert_eq!(
        s.pending_offer(),
        None,
        "the forbidden offer does not stand"
    );
    assert_eq!(s.offers().len(), 1);
    // Once black has offered and been refused too, red may offer again.
    s.apply(mv("i9h9")).unwrap();
    s.apply(Event::Offer(Side::Second)).unwrap();
    s.apply(Event::Answer { accept: false }).unwrap();
    s.apply(mv("i0h0")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    assert_eq!(s.pending_offer(), Some(Side::First));
    assert_eq!(s.violations(Side::First), 1);
}

/// 第一章 第四节 一 (八): a re-offer that is the third violation loses.
#[test]
fn a_third_violation_by_reoffer_loses() {
    let mut s = start("xiangqi");
    s.apply(violation(Side::First, ViolationKind::StoppingClock))
        .unwrap();
    s.apply(violation(Side::First, ViolationKind::MinorConduct))
        .unwrap();
    s.apply(mv("h2e2")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    s.apply(Event::Answer { accept: false }).unwrap();
    assert!(s.outcome().is_none());
    s.apply(mv("h9g7")).unwrap();
    s.apply(mv("h0g2")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner(), o.reason.slug()),
        (Some(Side::Second), "third-violation")
    );
}

/// An offer not made right after one's own move is refused and recorded, not counted.
#[test]
fn an_offer_out_of_turn_does_not_stand() {
    let mut s = start("xiangqi");
    s.apply(mv("h2e2")).unwrap();
    s.apply(Event::Offer(Side::Second)).unwrap();
    assert_eq!(s.pending_offer(), None);
    assert_eq!(s.breaches()[0].kind, BreachKind::DrawOfferOutOfTurn);
    assert_eq!(s.violations(Side::Second), 0);
}

/// Art. 12.4: a draw may be offered only after one's 20th move; too early it is recorded, not
/// counted, and does not stand. A re-offer after a refusal is recorded too (no-repeat rule).
#[test]
fn draughts_offers_need_twenty_moves_and_no_repeat_after_decline() {
    let shuttle = "30-26 3-7 26-30 7-3 ".repeat(10);
    let plies: Vec<&str> = shuttle.split_whitespace().collect();
    let mut s = d64("brazilian", "W:WK30:BK3");
    play_all(&mut s, &plies[..37].join(" ")); // white's 19th move
    s.apply(Event::Offer(Side::First)).unwrap();
    assert_eq!(s.pending_offer(), None);
    let b = &s.breaches()[0];
    assert_eq!(
        (b.kind, b.clause.as_str(), b.counted),
        (
            BreachKind::EarlyDrawOffer,
            "d64.draw-offer.after-twenty-moves",
            false
        )
    );
    assert_eq!(s.violations(Side::First), 0);
    play_all(&mut s, &plies[37..39].join(" ")); // white's 20th move
    s.apply(Event::Offer(Side::First)).unwrap();
    assert_eq!(s.pending_offer(), Some(Side::First));
    s.apply(mv(plies[39])).unwrap(); // black moves on: refused
    s.apply(mv("30-26")).unwrap();
    s.apply(Event::Offer(Side::First)).unwrap();
    let b = &s.breaches()[1];
    assert_eq!(
        (b.kind, b.clause.as_str(), b.counted),
        (
            BreachKind::Violation(ViolationKind::RepeatedDrawOffer),
            "d64.draw-offer.no-repeat-after-decline",
            false
        )
    );
    assert_eq!(s.violations(Side::First), 0);
    assert!(s.outcome().is_none());
}

const SIXTY: &str = "3k5/9/9/9/9/9/4P4/9/9/R3K4 w - - 118 60";

/// 第一章 第四节 二 (四): 60 moves without a capture, claimed, draw the game.
#[test]
fn an_upheld_sixty_move_claim_draws() {
    let mut s = xq(SIXTY);
    s.apply(mv("a0d0")).unwrap();
    let mut early = s.clone();
    s.apply(mv("d9e9")).unwrap();
    s.apply(claim(DrawKind::SixtyMove, Some(Side::First)))
        .unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner(), o.reason.slug(), o.clause_str()),
        (None, "sixty-move", Some("xq.draw.sixty-move-claim"))
    );
    assert!(s.claim_rulings()[0].upheld);
    assert_eq!(s.penalty_seconds(Side::First), 0);
    assert!(s.apply(mv("d0d1")).is_err());
    // One ply short (119): refused, 5 minutes on the claimant, and the game goes on.
    early.apply(claim(DrawKind::SixtyMove, None)).unwrap();
    assert!(early.outcome().is_none());
    let r = early.claim_rulings().last().unwrap();
    assert!(!r.upheld);
    assert_eq!(r.by, Side::Second, "the side to move claims by default");
    assert_eq!(early.penalty_seconds(Side::Second), 300);
    assert_eq!(early.penalty_seconds(Side::First), 0);
    early
        .apply(claim(DrawKind::SixtyMove, Some(Side::Second)))
        .unwrap();
    assert_eq!(early.penalty_seconds(Side::Second), 600, "penalties add up");
    early.apply(mv("d9e9")).unwrap();
    assert_eq!(early.state()["penalties"]["black"], 600);
}

#[test]
fn claim_kinds_of_another_game_are_errors_naming_the_kinds() {
    let mut s = start("xiangqi");
    let err = s
        .apply(claim(DrawKind::KingsOnly, None))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("'kings-only'") && err.contains("sixty-move"),
        "{err}"
    );
    assert!(s.claim_rulings().is_empty());
}

const SHUTTLE: &str = "30-26 3-7 26-30 7-3 30-26 3-7 26-30 7-3";

/// FMJD-64 7.2.3: the third occurrence of a position draws at once under an edition with
/// automatic draws; the session ends and refuses further moves.
#[test]
fn an_automatic_draw_ends_the_session() {
    let mut s = d64("russian", "W:WK30:BK3");
    play_all(&mut s, "30-26 3-7 26-30 7-3 30-26 3-7 26-30");
    assert!(s.outcome().is_none());
    s.apply(mv("7-3")).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner(), o.reason.slug(), o.clause_str()),
        (None, "threefold", Some("d64.draw.russian-threefold"))
    );
    let err = s.apply(mv("30-26")).unwrap_err().to_string();
    assert_eq!(err, "the game is over: drawn (threefold)");
    assert!(s.apply(Event::touch(["30"])).is_err());
}

/// Art. 12.5 (CXA Brazilian): the same position is drawn only when claimed.
#[test]
fn a_claim_mode_draw_goes_on_until_claimed() {
    let mut s = d64("brazilian", "W:WK30:BK3");
    play_all(&mut s, SHUTTLE);
    assert!(s.outcome().is_none());
    assert_eq!(s.ending().claims, [DrawKind::Threefold]);
    let mut wrong = s.clone();
    wrong.apply(claim(DrawKind::KingsOnly, None)).unwrap();
    assert!(
        wrong.outcome().is_none(),
        "8 plies of kings only is not 15 moves"
    );
    assert_eq!(
        wrong.penalty_seconds(Side::First),
        0,
        "no penalty in draughts"
    );
    s.apply(claim(DrawKind::Threefold, Some(Side::Second)))
        .unwrap();
    let o = s.outcome().unwrap();
    assert_eq!((o.winner(), o.reason.slug()), (None, "threefold"));
}

/// The history the rules judge follows the board: moves, an accepted legal irregular move,
/// and a restart at an accepted position that no legal move reaches.
#[test]
fn the_history_follows_the_board() {
    let rules = arbiter::rules_for(&"russian".parse().unwrap());
    let consistent = |s: &Session| {
        assert_eq!(rules.play(&s.start().fen(), &texts(s)).unwrap(), s.fen());
    };
    // Touched 22, moved 32: irregular but legal; accepted by moving on it joins the history.
    let mut s = d64("russian", "W:W22,32:B1");
    s.apply(Event::touch(["22"])).unwrap();
    s.apply(mv("32-28")).unwrap();
    assert!(s.moves().is_empty(), "pending: not yet part of the game");
    s.apply(mv("1-6")).unwrap();
    assert_eq!(texts(&s), ["32-28", "1-6"]);
    consistent(&s);
    // A compulsory capture not taken: accepted, the history restarts there.
    let mut s = d64("russian", "W:W22,27:B18");
    s.apply(illegal("27-23")).unwrap();
    s.apply(Event::Accept).unwrap();
    assert_eq!(s.start().fen(), "B:W22,23:B18");
    assert!(s.moves().is_empty());
    s.apply(mv("18x27")).unwrap();
    consistent(&s);
    // Corrected: the history is as before.
    let mut s = d64("russian", "W:W22,27:B18");
    s.apply(illegal("27-23")).unwrap();
    s.apply(Event::Correct).unwrap();
    s.apply(mv("22x15")).unwrap();
    assert_eq!(texts(&s), ["22x15"]);
    consistent(&s);
}

/// Mate still ends the session (now through the rules' outcome of the history).
#[test]
fn checkmate_ends_the_session() {
    // The rook on i8 holds rank 8; a0a9 mates on rank 9.
    let mut s = xq("3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    s.apply(mv("a0a9")).unwrap();
    let o = s.outcome().unwrap();
    assert_eq!(
        (o.winner(), o.reason.slug(), o.clause_str()),
        (
            Some(Side::First),
            "checkmate",
            Some("xq.result.checkmate-loses")
        )
    );
}

/// The session judges a move it found among its listed legal moves without testing it again,
/// and tells the judge whether the reached position has a legal move (its list of them);
/// whatever it concludes must be what the rules conclude from the whole history replayed
/// and tested move by move. Random games, to their end, in every game.
#[test]
fn the_sessions_judgement_is_the_replayed_historys() {
    for (ruleset, games) in [("xiangqi", 12), ("russian", 12), ("brazilian", 12)] {
        let ruleset: arbiter::Ruleset = ruleset.parse().unwrap();
        let rules = arbiter::rules_for(&ruleset);
        let mut rng = arbiter::fuzz::Rng::new(7);
        let mut ended = 0;
        for game in 0..games {
            let mut s = Session::new(&ruleset, None).unwrap();
            while s.outcome().is_none() && s.ending().claims.is_empty() {
                let legal = s.legal_moves().clone();
                assert!(
                    !legal.is_empty(),
                    "{ruleset} game {game}: no legal move, no outcome"
                );
                let pick = legal[rng.below(legal.len())].text();
                s.apply(mv(&pick)).unwrap();
                let replayed = rules.outcome(&s.start().fen(), &texts(&s)).unwrap();
                assert_eq!(
                    *s.ending(),
                    replayed,
                    "{ruleset} game {game} after {:?}",
                    s.moves()
                );
            }
            ended += usize::from(s.outcome().is_some());
        }
        assert!(ended > 0, "{ruleset}: no random game reached a decided end");
    }
}

/// The session's list of legal moves is always the one of the position on its board: a
/// correction that turns the board round (colours only, 第四章 第一节 三 (二)) after the list
/// was made leaves no stale list behind.
#[test]
fn the_listed_legal_moves_follow_the_board_through_a_correction() {
    let mut s = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
    for m in ["h2e2", "h9g7", "h0g2"] {
        s.apply(mv(m)).unwrap();
    }
    let before = s.legal_moves().clone();
    s.apply(Event::Correction {
        error: arbiter::procedure::ErrorKind::ColoursOnly,
        at: None,
    })
    .unwrap();
    assert_eq!(s.legal_moves()[..], s.board().legal_moves()[..]);
    assert_ne!(
        s.legal_moves()[..],
        before[..],
        "the board was turned round"
    );
}
