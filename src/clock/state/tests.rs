//! The clock's rules, case by case: periods and quotas, flag falls, lateness, presses and
//! the arbiter's corrections.

use super::*;
use crate::clause;
use crate::clock::controls;

const RED: Side = Side::First;
const BLACK: Side = Side::Second;

fn clock(game: Game, control: &str, start: ClockStart) -> Clock {
    let control = controls().get(game, control).unwrap().clone();
    Clock::new(control, ClockRules::of(game), start).unwrap()
}

fn running(game: Game, control: &str) -> Clock {
    clock(
        game,
        control,
        ClockStart {
            running: Some(RED),
            ..ClockStart::default()
        },
    )
}

/// A clock started with `used` time used and `moves` moves made by each side, `running`
/// to move.
fn in_play(used: [Span; 2], moves: u32, running: Side) -> ClockStart {
    ClockStart {
        used,
        moves: [moves; 2],
        running: Some(running),
        ..ClockStart::default()
    }
}

/// The time each side has used.
fn used(c: &Clock) -> [Span; 2] {
    [c.report(RED).used, c.report(BLACK).used]
}

fn min(n: u64) -> Span {
    Span::from_minutes(n)
}

fn sec(n: u64) -> Span {
    Span::from_secs(n)
}

/// `side` thinks `took`, moves and presses.
fn play(c: &mut Clock, side: Side, took: Span) {
    c.elapse(took).unwrap();
    if !c.decided() {
        c.move_made(side);
        c.press(side);
    }
}

/// `moves` moves each, red first, each side thinking `took` (by side) on each.
fn play_moves(c: &mut Clock, moves: u32, took: [Span; 2]) {
    for _ in 0..moves {
        play(c, RED, took[0]);
        play(c, BLACK, took[1]);
    }
}

#[test]
fn sudden_death_flags_only_past_the_limit() {
    let mut c = running(Game::Russian, "sudden-death-60m");
    play(&mut c, RED, min(60)); // exactly all the time: in time
    assert!(c.flag().is_none());
    assert_eq!(c.report(RED).remaining, Span::ZERO);
    assert_eq!(c.running(), Some(BLACK));
    play(&mut c, BLACK, min(1));
    c.elapse(Span(1)).unwrap();
    let f = c.flag().unwrap();
    assert_eq!(
        (f.side, f.at, f.clause.as_str()),
        (RED, min(61), clause::D64_TIMING_FLAG_FALL_LOSES)
    );
    assert!(c.elapse(sec(1)).is_err(), "decided");
}

#[test]
fn time_trouble_under_five_minutes_never_under_fischer() {
    let mut c = running(Game::Brazilian, "sudden-death-30m");
    c.elapse(min(25)).unwrap();
    assert!(!c.report(RED).time_trouble, "exactly 5 minutes left");
    c.elapse(Span(1)).unwrap();
    assert!(c.report(RED).time_trouble);
    let mut f = running(Game::Brazilian, "fischer-30m-10s");
    f.elapse(min(29)).unwrap();
    assert!(!f.report(RED).time_trouble);
}

#[test]
fn fischer_adds_the_increment_per_move() {
    let mut c = running(Game::Russian, "fischer-30m-10s");
    play_moves(&mut c, 3, [sec(5), sec(20)]);
    assert_eq!(
        c.report(RED).remaining,
        min(30).plus(sec(30)).minus(sec(15))
    );
    assert_eq!(
        c.report(BLACK).remaining,
        min(30).plus(sec(30)).minus(sec(60))
    );
    assert_eq!(c.report(RED).moves, 3);
}

#[test]
fn national_control_carries_period_one_surplus_only() {
    let mut c = running(Game::Xiangqi, "national");
    // 44 moves in the first 88 minutes (2 minutes each); black answers at once.
    play_moves(&mut c, 44, [min(2), Span::ZERO]);
    c.elapse(min(3)).unwrap(); // 91 minutes: period 2
    let r = c.report(RED);
    assert_eq!(
        (r.period, r.quota, r.remaining),
        (Some(2), Some(16), min(29))
    );
    // 20 more moves by 2:00:00 → 64; period 3 needs 10 more (the surplus of period 2 is
    // lost), not 6.
    play_moves(&mut c, 20, [sec(60), Span::ZERO]);
    c.elapse(min(10)).unwrap(); // 1:51:00 + 10 minutes: past 2:00:00
    let r = c.report(RED);
    assert_eq!((r.period, r.quota), (Some(3), Some(10)), "{r:?}");
    assert!(c.flag().is_none());
}

#[test]
fn a_quota_not_met_flags_at_the_end_of_the_period() {
    let mut c = running(Game::Xiangqi, "national");
    play_moves(&mut c, 39, [min(2), Span::ZERO]);
    // 78 minutes, 39 moves; red thinks 13 minutes.
    c.elapse(min(13)).unwrap();
    let f = c.flag().unwrap();
    assert_eq!((f.side, f.at, f.due, f.moves), (RED, min(90), Some(40), 39));
    assert_eq!(f.clause, clause::XQ_TIMING_MOVE_QUOTA_LOSS);
}

#[test]
fn a_move_not_pressed_before_the_end_of_the_period_loses() {
    let start = in_play([min(89), min(80)], 39, RED);
    let mut c = clock(Game::Xiangqi, "national", start);
    c.elapse(sec(30)).unwrap();
    c.move_made(RED); // the 40th move, not pressed
    c.elapse(sec(31)).unwrap();
    let f = c.flag().unwrap();
    assert_eq!(f.clause, clause::XQ_TIMING_CLOCK_NOT_PRESSED);
    assert_eq!(
        f.at,
        sec(60),
        "1:30:00 on red's clock, a minute after the start"
    );
}

#[test]
fn provincial_control_carries_nothing() {
    let start = in_play([min(50), min(40)], 34, RED);
    let mut c = clock(Game::Xiangqi, "provincial", start);
    assert_eq!(c.report(RED).quota, Some(0));
    c.elapse(min(11)).unwrap();
    let r = c.report(RED);
    assert_eq!(
        (r.period, r.quota, r.remaining),
        (Some(2), Some(10), min(9))
    );
}

#[test]
fn per_move_control_spends_the_bank_then_flags() {
    let mut c = running(Game::Xiangqi, "per-move");
    play(&mut c, RED, min(2));
    assert_eq!(c.report(RED).bank, Some(min(30)));
    play(&mut c, BLACK, Span::ZERO);
    play(&mut c, RED, min(31)); // 29 minutes over: 1 left in the bank
    assert_eq!(c.report(RED).bank, Some(min(1)));
    play(&mut c, BLACK, Span::ZERO);
    c.elapse(min(3)).unwrap();
    assert!(
        c.flag().is_none(),
        "2 minutes plus the last minute of the bank"
    );
    c.elapse(Span(1)).unwrap();
    let f = c.flag().unwrap();
    assert_eq!(
        (f.side, f.clause.as_str()),
        (RED, clause::XQ_TIMING_PER_MOVE_SYSTEM)
    );
}

#[test]
fn a_penalty_past_the_limit_flags_with_its_clause() {
    let start = in_play([min(80), min(116)], 59, BLACK);
    let mut c = clock(Game::Xiangqi, "national", start);
    c.charge(BLACK, min(5), clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM)
        .unwrap();
    let f = c.flag().unwrap();
    assert_eq!(f.side, BLACK);
    assert_eq!(f.clause, clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM);
    // With the quota met the same penalty only moves black into the next period.
    let start = in_play([min(80), min(116)], 60, BLACK);
    let mut c = clock(Game::Xiangqi, "national", start);
    c.charge(BLACK, min(5), clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM)
        .unwrap();
    assert!(c.flag().is_none());
    assert_eq!(c.report(BLACK).period, Some(3));
}

#[test]
fn lateness_forfeits_one_or_both_at_the_limit() {
    let start = ClockStart {
        running: Some(RED),
        absent: vec![BLACK],
        lateness_limit: Some(min(30)),
        ..ClockStart::default()
    };
    let mut c = clock(Game::Xiangqi, "national", start.clone());
    play(&mut c, RED, min(1)); // black's clock runs while he is absent
                               // 四 (二): the limit is measured on the clock (若棋钟有一方超过了…时限): at game time
                               // 30:00 black's clock shows 29:00, and he is not yet forfeited.
    c.elapse(min(29)).unwrap();
    assert!(c.late_forfeit().is_none());
    assert_eq!(c.report(BLACK).used, min(29));
    c.elapse(min(1)).unwrap();
    assert!(c.late_forfeit().is_none());
    c.elapse(Span(1)).unwrap();
    let l = c.late_forfeit().unwrap();
    assert_eq!(
        (l.sides.clone(), l.clause.as_str(), l.at),
        (vec![BLACK], clause::XQ_LATENESS_ONE_SIDE_ABSENT, min(31))
    );
    assert_eq!(c.report(BLACK).used, min(30));
    let mut both = clock(
        Game::Xiangqi,
        "national",
        ClockStart {
            absent: vec![RED, BLACK],
            ..start
        },
    );
    both.elapse(min(31)).unwrap();
    let l = both.late_forfeit().unwrap();
    assert_eq!(
        (l.sides.len(), l.clause.as_str()),
        (2, clause::XQ_LATENESS_BOTH_LATE)
    );
}

#[test]
fn both_absent_draughts_splits_xiangqi_charges_each_his_own() {
    let start = ClockStart {
        running: Some(RED),
        absent: vec![RED, BLACK],
        ..ClockStart::default()
    };
    let mut d = clock(Game::Russian, "sudden-death-60m", start.clone());
    d.elapse(min(10)).unwrap();
    d.arrive(BLACK).unwrap(); // black first: 5 minutes on each clock, white's restarts
    assert_eq!(used(&d), [min(5), min(5)]);
    assert_eq!(d.running(), Some(RED));
    let mut x = clock(
        Game::Xiangqi,
        "national",
        ClockStart {
            lateness_limit: Some(min(30)),
            ..start
        },
    );
    x.elapse(min(10)).unwrap();
    x.arrive(BLACK).unwrap();
    x.elapse(min(5)).unwrap();
    x.arrive(RED).unwrap();
    assert_eq!(used(&x), [min(15), min(10)]);
}

#[test]
fn a_replaced_clock_is_set_from_the_elapsed_time() {
    let start = in_play([min(50), min(40)], 30, RED);
    let mut one = clock(Game::Xiangqi, "national", start.clone());
    one.replace([Some(min(70)), Some(min(35))], Some(RED))
        .unwrap();
    assert_eq!(used(&one), [min(55), min(35)]);
    let mut both = clock(Game::Xiangqi, "national", start);
    both.replace([Some(min(46)), Some(min(38))], None).unwrap();
    assert_eq!(used(&both), [min(49), min(41)]);
}

#[test]
fn rescaling_follows_the_seed_example_and_its_exceptions() {
    let start = in_play([min(90), min(60)], 30, RED);
    let mut c = clock(Game::Xiangqi, "national", start.clone());
    let r = c.rescale(20, 30, [19, 19]).unwrap();
    assert!(r.applied);
    assert_eq!(r.after, [min(60), min(40)]);
    assert_eq!(c.report(RED).moves, 19);
    let mut recent = clock(Game::Xiangqi, "national", start.clone());
    let r = recent.rescale(29, 30, [28, 28]).unwrap();
    assert!(!r.applied);
    assert_eq!(r.clause, clause::XQ_TIMING_RECENT_ERROR_NO_ADJUSTMENT);
    assert_eq!(recent.report(RED).used, min(90));
    let mut older = clock(Game::Xiangqi, "national", start);
    assert!(older.rescale(28, 30, [27, 27]).unwrap().applied);
    // Draughts (chess laws art. 12.6): not applied if it leaves less than 5 minutes.
    let start = in_play([min(58), min(20)], 30, RED);
    let mut d = clock(Game::Russian, "sudden-death-60m", start);
    let r = d.rescale(29, 30, [28, 28]).unwrap();
    assert!(!r.applied, "{r:?}");
    assert_eq!(
        r.clause,
        clause::CHESS_IRREGULARITY_TIME_REALLOCATION_MINIMUM
    );
}

#[test]
fn a_setup_past_a_missed_quota_is_refused() {
    let control = controls().get(Game::Xiangqi, "national").unwrap().clone();
    let start = ClockStart {
        used: [min(95), Span::ZERO],
        moves: [38, 0],
        ..ClockStart::default()
    };
    let e = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap_err();
    assert!(e.0.contains("40 moves were due by 1:30:00"), "{e}");
}
