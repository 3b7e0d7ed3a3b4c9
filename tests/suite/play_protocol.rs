//! Protocol engines as players (`arbiter play --red "<command>"`, the `go` query): the
//! reference answers `go` and plays whole matches whose records reproduce their results,
//! and planted engines that misbehave (`tests/data/planted-protocol.sh`) get the ruling the
//! rulebook gives, or the harness's engine failure, named in the record.

use crate::common::{
    arbiter, code, game_options as options, records_replay_and_rank, replays, stderr, stdout,
    temp_dir,
};
use arbiter::engine::ProcessOptions;
use arbiter::play::{
    play_game, run_match, Decision, Entry, GameRecord, MatchOptions, Opening, Player, PlayerSpec,
    ProtocolPlayer, RandomPlayer,
};
use arbiter::ClauseId;
use arbiter::Side;
use std::time::{Duration, Instant};

/// The moves and results of records.
fn games(records: &[GameRecord]) -> Vec<(Vec<&str>, &str)> {
    records
        .iter()
        .map(|r| {
            let moves = r
                .entries
                .iter()
                .filter_map(|e| match e {
                    Entry::Move { text, .. } => Some(text.as_str()),
                    Entry::Decision(_) => None,
                })
                .collect();
            (moves, r.result.as_ref().unwrap().reason.slug())
        })
        .collect()
}

fn last_decision(record: &GameRecord) -> &Decision {
    record
        .entries
        .iter()
        .rev()
        .find_map(|e| match e {
            Entry::Decision(d) => Some(d),
            Entry::Move { .. } => None,
        })
        .expect("a decision")
}

/// The reference engine, as a subprocess speaking the protocol.
fn reference_command() -> String {
    format!("{} engine", env!("CARGO_BIN_EXE_arbiter"))
}

/// The planted protocol engine with `args` (see the script).
fn planted_command(args: &str) -> String {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/planted-protocol.sh"
    );
    format!("bash {script} {args}")
}

fn planted(args: &str, timeout: Duration) -> ProtocolPlayer {
    let options = ProcessOptions {
        timeout,
        ..ProcessOptions::default()
    };
    ProtocolPlayer::start(&planted_command(args), options).unwrap()
}

/// Red is the planted engine, black a random player; the game from the start position.
fn against_random(red: &mut ProtocolPlayer, control: Option<&str>) -> GameRecord {
    let mut black = RandomPlayer::new(3);
    let mut players: [&mut dyn Player; 2] = [red, &mut black];
    play_game(
        &mut players,
        &Opening::default(),
        &options("xiangqi", control),
    )
    .unwrap()
}

#[test]
fn the_reference_over_the_protocol_plays_random_with_clocks_and_the_records_replay() {
    let specs = [
        PlayerSpec::parse(&reference_command()).unwrap(),
        PlayerSpec::parse("random").unwrap(),
    ];
    for (ruleset, control) in [("xiangqi", "1m+1s"), ("russian", "fischer-30m-10s")] {
        let mut o = MatchOptions::new(options(ruleset, Some(control)), 4);
        o.game.max_plies = Some(400);
        let played = run_match(&specs, &o, |_| {}).unwrap();
        assert_eq!(played.names[0], "arbiter reference");
        assert_eq!(played.records.len(), 4);
        for record in &played.records {
            assert!(record.control.is_some());
            // Every move on the clock: the arbiter timed the engine's answers.
            assert!(record
                .entries
                .iter()
                .all(|e| !matches!(e, Entry::Move { spent: None, .. })));
            replays(record);
        }
        // In xiangqi, taking material one ply ahead beats random moves (deterministic:
        // seeded on both sides); in draughts captures are compulsory, and it does not.
        if ruleset == "xiangqi" {
            assert!(
                played.score.wins > played.score.losses,
                "{ruleset}: {:?}",
                played.score
            );
        }
        // The same seed, the same games (the moves and results; the times are the wall
        // time the engine took), on two threads too.
        o.concurrency = 2;
        let again = run_match(&specs, &o, |_| {}).unwrap();
        assert_eq!(games(&again.records), games(&played.records), "{ruleset}");
    }
}

#[test]
fn arbiter_play_with_a_protocol_engine_writes_records_that_replay_and_rank() {
    let dir = temp_dir("play-protocol-cli");
    let record = dir.join("games.pgn");
    let red = reference_command();
    let out = arbiter(&[
        "play",
        "--red",
        &red,
        "--black",
        "random",
        "-r",
        "xiangqi",
        "-c",
        "1m+1s",
        "-n",
        "2",
        "-q",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("arbiter reference vs random"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(text.contains("[Red \"arbiter reference\"]"), "{text}");
    assert!(text.contains("[TimeControl \"1m+1s\"]"), "{text}");
    records_replay_and_rank(&record, "arbiter reference");
}

#[test]
fn an_engine_without_the_go_query_is_refused_before_the_match() {
    let red = planted_command("--no-go h2e2");
    let out = arbiter(&["play", "--red", &red, "--black", "random", "-r", "xiangqi"]);
    assert_eq!(code(&out), 2, "{}", stdout(&out));
    assert!(
        stderr(&out).contains("does not list the `go` query (its queries: legal)"),
        "{}",
        stderr(&out)
    );
    // And one that does not play the ruleset.
    let red = planted_command("--only xiangqi h2e2");
    let out = arbiter(&["play", "--red", &red, "--black", "random", "-r", "russian"]);
    assert_eq!(code(&out), 2, "{}", stdout(&out));
    assert!(
        stderr(&out)
            .contains("planted: the engine does not play russian@fmjd64 (its rulesets: xiangqi)"),
        "{}",
        stderr(&out)
    );
    let out = arbiter(&[
        "play",
        "--red",
        "no-such-program-x",
        "--black",
        "random",
        "-r",
        "xiangqi",
    ]);
    assert_eq!(code(&out), 2);
    assert!(
        stderr(&out).contains("the built-in players are random and greedy"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_protocol_engine_playing_an_illegal_move_loses_at_the_third_violation() {
    // xq.violation.illegal-move, xq.result.third-violation: the general cannot step two
    // points; each time the move is taken back and counted, and the third loses.
    let mut red = planted("e0e2", Duration::from_secs(10));
    let record = against_random(&mut red, None);
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
    let counts: Vec<u32> = record
        .entries
        .iter()
        .filter_map(|e| match e {
            Entry::Decision(Decision::Illegal { count, clause, .. }) => {
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

/// The engine's failure loses the game, named in the record: the forfeit's detail.
#[track_caller]
fn loses_by_engine_failure(record: &GameRecord, words: &[&str]) {
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (Some(Side::Second), "engine-failure")
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause,
        None,
        "no clause of the rulebooks"
    );
    match last_decision(record) {
        Decision::Forfeit {
            side,
            reason,
            detail,
        } => {
            assert_eq!((*side, reason.name()), (Side::First, "engine-failure"));
            for w in words {
                assert!(detail.contains(w), "{detail:?} lacks {w:?}");
            }
        }
        other => panic!("expected a forfeit, got {other:?}"),
    }
    let text = record.to_text();
    assert!(
        text.contains("[%arbiter forfeit red engine-failure]"),
        "{text}"
    );
    replays(record);
}

#[test]
fn a_protocol_engine_answering_garbage_loses_by_engine_failure() {
    let mut red = planted("--garbage h2e2", Duration::from_secs(10));
    let record = against_random(&mut red, Some("1m+1s"));
    loses_by_engine_failure(&record, &["engine spoke nonsense", "not JSON", "bestmove"]);
}

#[test]
fn a_protocol_engine_answering_another_seq_loses_by_engine_failure() {
    let mut red = planted("--wrong-seq h2e2", Duration::from_secs(10));
    let record = against_random(&mut red, None);
    loses_by_engine_failure(
        &record,
        &["engine spoke nonsense", "for seq 2, expected seq 1"],
    );
}

#[test]
fn a_protocol_engine_that_crashes_loses_by_engine_failure() {
    let mut red = planted("--exit h2e2", Duration::from_secs(10));
    let record = against_random(&mut red, Some("1m+1s"));
    loses_by_engine_failure(&record, &["engine crashed", "exit"]);
}

#[test]
fn a_protocol_engine_that_hangs_without_a_clock_loses_by_engine_failure() {
    let mut red = planted("--sleep 5 h2e2", Duration::from_millis(700));
    let started = Instant::now();
    let record = against_random(&mut red, None);
    assert!(started.elapsed() < Duration::from_secs(4));
    loses_by_engine_failure(
        &record,
        &["engine hung", "no reply to seq 1 (go) within 0.7 s"],
    );
}

#[test]
fn a_protocol_engine_that_hangs_past_its_time_loses_on_time() {
    // xq.result.time-forfeit: one second for the game; the engine gives no move at all. The
    // flag falls before the arbiter stops waiting (its time and half a second), so the
    // ruling is the clock's, not an engine failure.
    let mut red = planted("--sleep 5 h2e2", Duration::from_secs(10));
    let started = Instant::now();
    let record = against_random(&mut red, Some("1s+0s"));
    assert!(started.elapsed() < Duration::from_secs(4));
    assert_eq!(
        (
            record.result.as_ref().unwrap().winner(),
            record.result.as_ref().unwrap().reason.slug()
        ),
        (Some(Side::Second), "time-forfeit")
    );
    assert_eq!(
        record.result.as_ref().unwrap().clause_str(),
        Some("xq.result.time-forfeit")
    );
    match last_decision(&record) {
        Decision::Flag { side, spent, .. } => {
            assert_eq!(*side, Side::First);
            assert!(spent.millis() >= 1500, "{spent}");
        }
        other => panic!("expected a flag, got {other:?}"),
    }
    replays(&record);
}

#[test]
fn the_reference_answers_go_within_the_permitted_moves_and_by_its_seed() {
    use arbiter::engine::{Engine, ReferenceEngine};
    use arbiter::protocol::{Answer, GoRequest, Query, Reply, Request};
    use std::collections::BTreeSet;
    let engine = ReferenceEngine::new();
    let ask = |position: &str, permitted: Option<Vec<&str>>, seed: Option<u64>| {
        let mut request = Request::new(
            "xiangqi".parse().unwrap(),
            Query::Go(Box::new(GoRequest {
                times: None,
                permitted: permitted.map(|p| p.into_iter().map(str::to_owned).collect()),
                seed,
            })),
        );
        request.position = Some(position.to_owned());
        match engine.run(&request) {
            Reply::Answer(Answer::Move(m)) => m.text,
            other => panic!("{other:?}"),
        }
    };
    // Red's general has two moves (e0d0 would face black's general), both worth nothing:
    // the seed picks between them, the same seed always the same one.
    let bare = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    let picked: BTreeSet<String> = (0..16).map(|s| ask(bare, None, Some(s))).collect();
    assert_eq!(picked, ["e0e1", "e0f0"].map(str::to_owned).into());
    assert_eq!(ask(bare, None, Some(7)), ask(bare, None, Some(7)));
    // The chariot takes the chariot, unless the arbiter permits only the general's moves.
    let capture = "r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    assert_eq!(ask(capture, None, Some(3)), "a0a9");
    assert_eq!(ask(capture, Some(vec!["e0e1"]), Some(3)), "e0e1");
}
