//! The session's procedure rules and the clock rules as fields of the book: each mutant of
//! them alters its field, and the session built from the mutated book applies it.

use super::*;
use crate::clock::{controls, Clock, ClockStart, Span};
use crate::mutant::{ClockMutant, DrawMutant as D};
use crate::procedure::{BreachKind, ErrorKind, Event, OfferAfterPress, Session, TouchRules};
use crate::{Game, Side};

fn book(ruleset: &str) -> RuleBook {
    RuleBook::of(&ruleset.parse().unwrap())
}

/// The book of a ruleset as written and as the mutant `m` alters it.
fn written_and_mutated(ruleset: &str, m: Mutant) -> (RuleBook, RuleBook) {
    let written = book(ruleset);
    let mutant = written.clone().mutated(m);
    (written, mutant)
}

/// A session under a book's rules of play and procedure rules, from the start position.
fn session(book: &RuleBook) -> Session {
    Session::with_rules(book.play.clone(), book.procedure.clone(), None).unwrap()
}

/// The session after `moves`.
fn played(mut s: Session, moves: &[&str]) -> Session {
    for m in moves {
        s.apply(Event::Move((*m).into())).unwrap();
    }
    s
}

/// The mutants whose rules the book now holds for the session (touch-move, policy,
/// corrections, adjournment) or the clock.
fn session_and_clock_mutants() -> Vec<Mutant> {
    Mutant::ALL
        .iter()
        .copied()
        .filter(|m| match m {
            Mutant::Draws(d) => procedure::is_procedure(*d),
            Mutant::Clock(_) => true,
            _ => false,
        })
        .collect()
}

#[test]
fn every_session_and_clock_mutant_alters_a_field_of_the_book() {
    let mutants = session_and_clock_mutants();
    assert_eq!(mutants.len(), 25 + ClockMutant::ALL.len());
    for m in mutants {
        let mut altered = false;
        for game in Game::ALL {
            let book = book(game.name());
            let mutant = book.clone().mutated(m);
            altered |= mutant != book;
            assert_eq!((&mutant.play, &mutant.scoring), (&book.play, &book.scoring));
            if !m.games().contains(&game) {
                let (p, q) = (&mutant.procedure, &book.procedure);
                assert_eq!(
                    (p.touch, &p.policy, &p.adjourn),
                    (q.touch, &q.policy, &q.adjourn)
                );
            }
        }
        assert!(altered, "{m} alters no rule of the book");
    }
}

#[test]
fn a_touch_mutant_alters_the_table_of_the_games_it_names_only() {
    let touch_mutants = [
        D::OwnThenOpponentSwapped,
        D::OpponentThenOwnSwapped,
        D::SimultaneousInOwnFirstOrder,
        D::LastTouchBinds,
        D::OpponentTouchIgnored,
        D::DraughtsOpponentTouchBinds,
    ];
    for m in touch_mutants {
        for game in Game::ALL {
            let altered = book(game.name()).mutated(Mutant::Draws(m)).procedure.touch;
            let named = m.games().contains(&game);
            assert_eq!(
                altered != *TouchRules::of(game),
                named,
                "{} in {game:?}",
                m.name()
            );
            assert_eq!(
                altered.clauses,
                TouchRules::of(game).clauses,
                "{}",
                m.name()
            );
        }
    }
}

#[test]
fn under_last_touch_binds_the_session_binds_the_last_piece_touched() {
    // 应该走那个最先触摸到的子: red touches his cannon on h2, then his cannon on b2.
    let (written, mutant) = written_and_mutated("xiangqi", Mutant::Draws(D::LastTouchBinds));
    assert!(written.procedure.touch.first_touch_binds);
    assert!(!mutant.procedure.touch.first_touch_binds);
    let from = |book: &RuleBook| {
        let mut s = session(book);
        s.apply(Event::touch(["h2"])).unwrap();
        s.apply(Event::touch(["b2"])).unwrap();
        let mut from: Vec<String> = s
            .permitted()
            .permitted
            .iter()
            .map(|m| m.text()[..2].to_owned())
            .collect();
        from.dedup();
        from
    };
    assert_eq!(from(&written), ["h2"]);
    assert_eq!(from(&mutant), ["b2"]);
}

#[test]
fn under_third_violation_goes_on_the_session_plays_on_after_three() {
    // 第一章 第四节 一 (八): the third violation loses.
    let (written, mutant) = written_and_mutated("xiangqi", Mutant::Draws(D::ThirdViolationGoesOn));
    assert_eq!(written.procedure.policy.violation_limit, 3);
    assert_eq!(mutant.procedure.policy.violation_limit, 4);
    let after_three = |book: &RuleBook| {
        let mut s = session(book);
        for _ in 0..3 {
            s.apply(Event::Violation {
                side: Side::First,
                kind: crate::procedure::ViolationKind::MinorConduct,
            })
            .unwrap();
        }
        s.outcome().map(|o| o.winner())
    };
    assert_eq!(after_three(&written), Some(Some(Side::Second)));
    assert_eq!(after_three(&mutant), None);
}

#[test]
fn under_setup_error_after_end_corrected_the_session_reopens_the_game() {
    // 三 (二): a set-up error found after the game ended leaves the result.
    let (written, mutant) =
        written_and_mutated("xiangqi", Mutant::Draws(D::SetupErrorAfterEndCorrected));
    assert!(written.procedure.corrections.setup_stands_after_end);
    assert!(!mutant.procedure.corrections.setup_stands_after_end);
    let corrected = |book: &RuleBook| {
        let mut s = played(session(book), &["h2e2", "h9g7"]);
        s.apply(Event::Resign(Side::First)).unwrap();
        let error = ErrorKind::InitialSetup;
        s.apply(Event::Correction { error, at: None }).unwrap();
        (s.outcome().is_some(), s.moves().len())
    };
    assert_eq!(corrected(&written), (true, 2));
    assert_eq!(corrected(&mutant), (false, 0));
}

#[test]
fn under_draughts_offer_after_press_stands_the_offer_is_pending() {
    // Art. 12.4: an offer made after starting the opponent's clock is no offer.
    let (written, mutant) = written_and_mutated(
        "brazilian",
        Mutant::Clock(ClockMutant::OfferAfterPressStands),
    );
    let offer = |r: &RuleBook| r.procedure.policy.offer_after_press;
    assert_eq!(offer(&written), OfferAfterPress::Void);
    assert_eq!(offer(&mutant), OfferAfterPress::Stands);
    let offered = |book: &RuleBook| {
        // Twenty moves each (the offer is not early), then white moves and presses.
        let shuttle = ["30-26", "3-7", "26-30", "7-3"].repeat(10);
        let fen = Some("W:WK30:BK3");
        let s = Session::with_rules(book.play.clone(), book.procedure.clone(), fen).unwrap();
        let mut s = played(s, &shuttle).with_clock(clock(Game::Brazilian, [20, 20], [0, 0]));
        s.apply(Event::Move("30-26".into())).unwrap();
        s.apply(Event::Offer(Side::First)).unwrap();
        let breach = s
            .breaches()
            .iter()
            .any(|b| b.kind == BreachKind::OfferAfterPress);
        (breach, s.pending_offer())
    };
    assert_eq!(offered(&written), (true, None));
    assert_eq!(offered(&mutant), (true, Some(Side::First)));
}

#[test]
fn under_setup_restart_from_first_move_the_clocks_keep_a_share() {
    // 第二节 一 (四): the moves played at a set-up error are none, so a restart puts each
    // side's time used back to zero.
    let (written, mutant) = written_and_mutated(
        "xiangqi",
        Mutant::Clock(ClockMutant::SetupRestartFromFirstMove),
    );
    assert!(written.procedure.corrections.setup_error_before_any_move);
    assert!(!mutant.procedure.corrections.setup_error_before_any_move);
    let used = |book: &RuleBook| {
        let shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"].repeat(3);
        let s = played(session(book), &shuffle);
        let mut s = s.with_clock(clock(Game::Xiangqi, [6, 6], [90, 60]));
        let error = ErrorKind::InitialSetup;
        s.apply(Event::Correction { error, at: None }).unwrap();
        let c = s.clock().unwrap();
        [Side::First, Side::Second].map(|side| c.report(side).used)
    };
    assert_eq!(used(&written), [Span::ZERO, Span::ZERO]);
    assert_eq!(
        used(&mutant),
        [Span::from_minutes(15), Span::from_minutes(10)]
    );
}

/// A clock of the game (draughts: sudden death in 60 minutes; xiangqi: the national
/// control), `moves` made and `minutes` used per side, the first player's running.
fn clock(game: Game, moves: [u32; 2], minutes: [u64; 2]) -> Clock {
    let id = match game {
        Game::Xiangqi => "national",
        _ => "sudden-death-60m",
    };
    let control = controls().get(game, id).unwrap().clone();
    let start = ClockStart {
        used: minutes.map(Span::from_minutes),
        moves,
        running: Some(Side::First),
        ..ClockStart::default()
    };
    Clock::new(control, ClockRules::of(game), start).unwrap()
}
