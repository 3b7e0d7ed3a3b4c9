//! The match simulator: planted players get the ruling the rulebook gives, and every
//! record replays to the same result.

use crate::common::{game_options as options, replays};
use arbiter::clock::Span;
use arbiter::edition::DrawKind;
use arbiter::play::{
    play_game, Choice, Decision, Entry, GameRecord, MoveRequest, Opening, Player, PlayerError,
    RandomPlayer,
};
use arbiter::records::{parse_records, replay, verify};
use arbiter::ClauseId;
use arbiter::Side;

/// Plays the given move texts in turn, whatever the position; claims nothing.
struct Scripted {
    moves: Vec<&'static str>,
    next: usize,
    spent: Span,
}

impl Scripted {
    fn new(moves: &[&'static str]) -> Scripted {
        Scripted {
            moves: moves.to_vec(),
            next: 0,
            spent: Span::ZERO,
        }
    }
}

impl Player for Scripted {
    fn name(&self) -> String {
        "planted".to_owned()
    }
    fn choose(&mut self, _: &MoveRequest) -> Result<Choice, PlayerError> {
        let text = self.moves[self.next % self.moves.len()];
        self.next += 1;
        Ok(Choice {
            text: text.to_owned(),
            spent: Some(self.spent),
        })
    }
    fn claim(&mut self, _: &[DrawKind]) -> Option<DrawKind> {
        None
    }
}

fn decisions(record: &GameRecord) -> Vec<&Decision> {
    record
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Decision(d) => Some(d),
            Entry::Move { .. } => None,
        })
        .collect()
}

#[test]
fn xiangqi_illegal_moves_lose_at_the_third_violation() {
    // The general steps two points: against the movement rules, every time.
    let mut red = Scripted::new(&["e0e2"]);
    let mut black = RandomPlayer::new(1);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let record = play_game(&mut players, &Opening::default(), &options("xiangqi", None)).unwrap();
    assert_eq!(record.result.as_ref().unwrap().winner(), Some(Side::Second));
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "third-violation"
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.result.third-violation")
    );
    let illegal: Vec<_> = decisions(&record)
        .into_iter()
        .filter_map(|d| match d {
            Decision::Illegal { count, clause, .. } => Some((*count, clause.clone())),
            _ => None,
        })
        .collect();
    let clause = Some(ClauseId::from("xq.violation.illegal-move"));
    assert_eq!(
        illegal,
        [(1, clause.clone()), (2, clause.clone()), (3, clause)]
    );
    assert!(record.to_text().contains("(xq.violation.illegal-move)"));
    replays(&record);
}

#[test]
fn xiangqi_an_illegal_move_then_the_touched_piece_moves() {
    // One illegal general move, then the general (touched by it) must move: e0e1 is
    // permitted, the game goes on with one violation.
    let mut red = Scripted::new(&["e0e2", "e0e1", "a0a1"]);
    let mut black = Scripted::new(&["a9a8", "a8a9"]);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let mut o = options("xiangqi", None);
    o.max_plies = Some(4);
    let record = play_game(&mut players, &Opening::default(), &o).unwrap();
    assert!(record.result.as_ref().unwrap().reason.is_adjudication());
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "adjudicated-max-plies"
    );
    assert!(matches!(
        decisions(&record).as_slice(),
        [
            Decision::Illegal { count: 1, .. },
            Decision::Adjudicated { plies: 4 }
        ]
    ));
    assert!(record.to_text().contains("[Adjudicated \"max-plies\"]"));
    replays(&record);
}

#[test]
fn xiangqi_a_forbidden_perpetual_check_loses() {
    // Red's chariot checks from g9 and g8 for ever; black's general steps between d9
    // and d8. Nobody claims. Red must change, does not, and loses.
    let fen = "3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let mut red = Scripted::new(&["g8g9", "g9g8"]);
    let mut black = Scripted::new(&["d9d8", "d8d9"]);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let opening = Opening {
        fen: Some(fen.to_owned()),
        moves: Vec::new(),
    };
    let record = play_game(&mut players, &opening, &options("xiangqi", None)).unwrap();
    assert_eq!(record.result.as_ref().unwrap().winner(), Some(Side::Second));
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "forbidden-repetition"
    );
    assert!(decisions(&record)
        .iter()
        .any(|d| **d == Decision::MustChange { side: Side::First }));
    replays(&record);
}

#[test]
fn a_player_whose_flag_falls_loses_on_time() {
    let mut red = RandomPlayer::new(3);
    let mut black = Scripted::new(&["a9a8", "a8a9"]);
    black.spent = Span::from_secs(20);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    // One minute plus one second a move: black's third move of 20 s finds 63 - 60 left.
    let record = play_game(
        &mut players,
        &Opening::default(),
        &options("xiangqi", Some("1m+1s")),
    )
    .unwrap();
    assert_eq!(record.result.as_ref().unwrap().winner(), Some(Side::First));
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "time-forfeit"
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.result.time-forfeit")
    );
    assert!(matches!(
        decisions(&record).last(),
        Some(Decision::Flag {
            side: Side::Second,
            ..
        })
    ));
    replays(&record);
}

#[test]
fn a_period_control_flag_has_the_quota_clause() {
    let mut red = RandomPlayer::new(3);
    let mut black = Scripted::new(&["a9a8", "a8a9"]);
    black.spent = Span::from_minutes(30);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let record = play_game(
        &mut players,
        &Opening::default(),
        &options("xiangqi", Some("national")),
    )
    .unwrap();
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "time-forfeit"
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.timing.move-quota-loss")
    );
    replays(&record);
}

#[test]
fn draughts_irregular_moves_are_corrected_and_the_second_warning_loses() {
    // The man on 22 (c3) jumps to 13 (e5) without capturing: irregular every time.
    let mut white = Scripted::new(&["22-13"]);
    let mut black = RandomPlayer::new(2);
    let mut players: [&mut dyn Player; 2] = [&mut white, &mut black];
    let record = play_game(&mut players, &Opening::default(), &options("russian", None)).unwrap();
    assert_eq!(record.result.as_ref().unwrap().winner(), Some(Side::Second));
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "second-warning"
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("d64.penalty.two-warnings-lose")
    );
    let kinds: Vec<&str> = decisions(&record)
        .iter()
        .map(|d| match d {
            Decision::Illegal { .. } => "illegal",
            Decision::Correct { .. } => "correct",
            Decision::Warning { .. } => "warning",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["illegal", "correct", "illegal", "correct", "warning", "illegal", "correct", "warning"]
    );
    replays(&record);
}

#[test]
fn an_unreadable_move_forfeits_by_the_simulators_ruling() {
    let mut red = Scripted::new(&["resign please"]);
    let mut black = RandomPlayer::new(2);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let record = play_game(&mut players, &Opening::default(), &options("xiangqi", None)).unwrap();
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "unreadable-move"
    );
    assert_eq!(record.result.as_ref().unwrap().clause, None);
    assert!(record.to_text().contains("not of the rulebook"));
    replays(&record);
}

#[test]
fn random_games_replay_in_every_ruleset() {
    for (ruleset, control) in [
        ("russian", Some("fischer-30m-10s")),
        ("brazilian", None),
        ("xiangqi", Some("per-move")),
    ] {
        for seed in 0..3 {
            let mut a = RandomPlayer::new(seed);
            let mut b = RandomPlayer::new(seed + 100);
            let mut players: [&mut dyn Player; 2] = [&mut a, &mut b];
            let mut o = options(ruleset, control);
            o.max_plies = Some(300);
            let record = play_game(&mut players, &Opening::default(), &o).unwrap();
            replays(&record);
        }
    }
}

#[test]
fn a_tampered_record_is_not_reproduced() {
    let mut red = Scripted::new(&["e0e2"]);
    let mut black = RandomPlayer::new(1);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let record = play_game(&mut players, &Opening::default(), &options("xiangqi", None)).unwrap();
    // Drop one illegal move: two violations do not lose.
    let text = record.to_text();
    let first = text.find("{[%arbiter illegal").unwrap();
    let end = first + text[first..].find('}').unwrap() + 1;
    let tampered = format!("{}{}", &text[..first], &text[end..]);
    let read = parse_records(&tampered).unwrap();
    assert!(replay(&read[0]).unwrap_err().contains("not over"));
    // A wrong result token.
    let at = text.rfind("0-1").unwrap();
    let wrong = format!("{}1-0{}", &text[..at], &text[at + 3..]);
    let read = parse_records(&wrong).unwrap();
    assert!(verify(&read[0]).unwrap_err().contains("result"));
}

#[test]
fn fairy_stockfish_plays_a_match_under_the_arbiter() {
    use arbiter::play::{run_match, MatchOptions, PlayerSpec};
    let engine = "/usr/games/fairy-stockfish";
    if !std::path::Path::new(engine).exists() {
        // CI installs it (.ci/run): there a missing engine is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "{engine} is not installed (apt-get install fairy-stockfish)"
        );
        eprintln!("skipped: {engine} is not installed (CI is unset)");
        return;
    }
    let specs = [
        PlayerSpec::parse(&format!("uci:{engine}")).unwrap(),
        PlayerSpec::parse("greedy").unwrap(),
    ];
    let options = MatchOptions::new(options("xiangqi", Some("20s+100ms")), 2);
    let played = run_match(&specs, &options, |_| {}).unwrap();
    assert_eq!(played.records.len(), 2);
    // Colours alternate: the engine is red in game 1 and black in game 2.
    assert_eq!(played.records[0].players[1], "greedy");
    assert_eq!(played.records[1].players[0], "greedy");
    for record in &played.records {
        assert!(record.control.is_some());
        replays(record);
    }
    // A one-ply material player does not beat a search engine.
    assert_eq!(played.score.losses, 0, "{:?}", played.score);
}

/// A planted UCI engine, a subprocess (`tests/data/planted-uci.sh`): it plays `args`'s
/// moves in turn whatever the position (see the script). `movetime`: `go movetime`;
/// `None`: the clock's times.
fn planted_engine(args: &str, movetime: Option<u64>) -> arbiter::play::UciPlayer {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/planted-uci.sh");
    arbiter::play::UciPlayer::start(
        &format!("bash {script} {args}"),
        movetime.map(std::time::Duration::from_millis),
    )
    .unwrap()
}

#[test]
fn a_planted_engine_playing_an_illegal_move_loses_at_the_third_violation() {
    // xq.violation.illegal-move, xq.result.third-violation: the general cannot step two
    // points; each time the move is taken back and counted, and the third loses.
    let mut red = planted_engine("e0e2", Some(5));
    let mut black = RandomPlayer::new(1);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let record = play_game(&mut players, &Opening::default(), &options("xiangqi", None)).unwrap();
    assert_eq!(record.players[0], "planted");
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (Some(Side::Second), "third-violation")
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.result.third-violation")
    );
    let counts: Vec<u32> = decisions(&record)
        .iter()
        .filter_map(|d| match d {
            Decision::Illegal { count, clause, .. } => {
                assert_eq!(
                    clause.as_ref().map(ClauseId::as_str),
                    Some("xq.violation.illegal-move")
                );
                Some(*count)
            }
            _ => None,
        })
        .collect();
    assert_eq!(counts, [1, 2, 3]);
    replays(&record);
}

#[test]
fn a_planted_engine_repeating_a_forbidden_cycle_must_change_and_loses() {
    // xq.result.forbidden-repetition-unchanged: red checks perpetually (长将), is told to
    // change, goes on, and loses; black's general steps are allowed.
    let fen = "3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let mut red = planted_engine("g8g9 g9g8", Some(5));
    let mut black = planted_engine("d9d8 d8d9", Some(5));
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let opening = Opening {
        fen: Some(fen.to_owned()),
        moves: Vec::new(),
    };
    let record = play_game(&mut players, &opening, &options("xiangqi", None)).unwrap();
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (Some(Side::Second), "forbidden-repetition")
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.result.forbidden-repetition-unchanged")
    );
    let must_change: Vec<Side> = decisions(&record)
        .iter()
        .filter_map(|d| match d {
            Decision::MustChange { side } => Some(*side),
            _ => None,
        })
        .collect();
    assert_eq!(must_change, [Side::First]);
    replays(&record);
}

#[test]
fn a_planted_engine_that_lets_its_flag_fall_loses_on_time() {
    // xq.result.time-forfeit: one second for the game; black's engine thinks 1.5 s by the
    // arbiter's clock (wall time measured from `go` to `bestmove`).
    let mut red = RandomPlayer::new(5);
    let mut black = planted_engine("--sleep 1.5 a9a8", None);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let record = play_game(
        &mut players,
        &Opening::default(),
        &options("xiangqi", Some("1s+0s")),
    )
    .unwrap();
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (Some(Side::First), "time-forfeit")
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.result.time-forfeit")
    );
    match decisions(&record).last() {
        Some(Decision::Flag { side, spent, .. }) => {
            assert_eq!(*side, Side::Second);
            assert!(*spent >= Span::from_millis(1500), "{spent}");
        }
        other => panic!("expected a flag, got {other:?}"),
    }
    replays(&record);
}

#[test]
fn score_adjudication_is_off_by_default_and_named_in_the_record_when_used() {
    use arbiter::play::{play_game_adjudicated, Adjudication};
    let opening = Opening::default();
    let game = |adjudication: &Adjudication, red_score: i32| {
        let mut red = planted_engine(&format!("--score {red_score} h2e2 e2h2"), Some(5));
        let mut black = planted_engine("--score 0 h9g7 g7h9", Some(5));
        let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
        let mut o = options("xiangqi", None);
        o.max_plies = Some(12);
        play_game_adjudicated(&mut players, &opening, &o, adjudication).unwrap()
    };
    // Off: the scores change nothing (the game runs to the length limit).
    let record = game(&Adjudication::default(), -500);
    assert_eq!(
        record.result.as_ref().unwrap().reason.slug(),
        "adjudicated-max-plies"
    );
    // Resign: red's -500 on two moves of its own loses, after its second move (ply 3).
    let resign = Adjudication {
        resign: Some("movecount=2 score=400".parse().unwrap()),
        draw: None,
    };
    let record = game(&resign, -500);
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (Some(Side::Second), "adjudicated-resign")
    );
    assert_eq!(record.entries.len(), 4);
    let text = record.to_text();
    assert!(
        text.contains("[Adjudicated \"resign movecount=2 score=400\"]"),
        "{text}"
    );
    replays(&record);
    // -300 is above the threshold: no resignation.
    assert_eq!(
        game(&resign, -300).result.as_ref().unwrap().reason.slug(),
        "adjudicated-max-plies"
    );
    // Draw: both near zero for 2 moves each, from move 3 on: at ply 6.
    let draw = Adjudication {
        draw: Some("movenumber=3 movecount=2 score=10".parse().unwrap()),
        resign: None,
    };
    let record = game(&draw, 5);
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (None, "adjudicated-draw")
    );
    assert_eq!(record.entries.len(), 7);
    assert!(record
        .to_text()
        .contains("[Adjudicated \"draw movenumber=3"));
    replays(&record);
    assert_eq!(
        game(&draw, 50).result.as_ref().unwrap().reason.slug(),
        "adjudicated-max-plies"
    );
}
