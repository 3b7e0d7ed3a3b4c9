//! The built-in UCI adapter ([`UciEngine`]) driven directly: against scripted fake UCI
//! engines in `tests/fixtures/uci/` (a liar, a hang, a crash, garbage; stdlib Python 3), and
//! against the real Fairy-Stockfish when `/usr/games/fairy-stockfish` is installed.

use crate::common::temp_dir;
use arbiter::engine::{Engine, ProcessOptions, ReferenceEngine, UciEngine, UciRanks};
use arbiter::protocol::{Answer, FailureKind, Query, QueryKind, Reply, Request, Stage};
use arbiter::PerftCount;
use std::collections::BTreeSet;
use std::path::Path;
use std::time::{Duration, Instant};

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

/// The command line of a fake engine, with its arguments.
fn fake(script: &str, args: &str) -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/uci");
    format!("python3 {} {args}", dir.join(script).display())
}

fn options(timeout_ms: u64, restarts: u32) -> ProcessOptions {
    ProcessOptions {
        timeout: Duration::from_millis(timeout_ms),
        start_timeout: Duration::from_secs(20),
        restarts,
    }
}

fn start(command: &str) -> UciEngine {
    UciEngine::start(command, options(10_000, 2)).unwrap_or_else(|e| panic!("{e}"))
}

fn request(position: Option<&str>, moves: &str, query: Query) -> Request {
    let mut request = Request::new("xiangqi".parse().unwrap(), query);
    request.position = position.map(str::to_owned);
    request.moves = moves.split_whitespace().map(str::to_owned).collect();
    request
}

/// The legal moves as an engine answers them.
fn legal(engine: &dyn Engine, position: Option<&str>, moves: &str) -> BTreeSet<String> {
    match engine.run(&request(position, moves, Query::Legal)) {
        Reply::Answer(Answer::Moves(moves)) => moves.into_iter().collect(),
        other => panic!("legal after `{moves}`: {other:?}"),
    }
}

/// What the reference answers.
fn reference(position: Option<&str>, moves: &str, query: Query) -> Reply {
    ReferenceEngine::new().run(&request(position, moves, query))
}

fn reference_legal(position: Option<&str>, moves: &str) -> BTreeSet<String> {
    legal(&ReferenceEngine::new(), position, moves)
}

fn reference_fen(moves: &str) -> String {
    match reference(None, moves, Query::Play) {
        Reply::Answer(Answer::Position(fen)) => fen,
        other => panic!("reference play `{moves}`: {other:?}"),
    }
}

fn failure(reply: Reply, kind: FailureKind) -> arbiter::protocol::EngineFailure {
    match reply {
        Reply::Failed(f) if f.kind == kind => f,
        other => panic!("expected a {} failure, got {other:?}", kind.name()),
    }
}

#[test]
fn the_liar_says_who_it_is_and_its_ranks_are_detected() {
    let command = fake("liar.py", "");
    let engine = start(&command);
    let info = engine.info();
    assert_eq!((info.name.as_str(), info.version.as_str()), ("Fake", "1.0"));
    assert_eq!(info.rulesets, vec!["xiangqi".to_owned()]);
    assert_eq!(
        info.queries,
        vec![
            QueryKind::Legal,
            QueryKind::Outcome,
            QueryKind::Perft,
            QueryKind::Play,
            QueryKind::Check
        ]
    );
    assert!(!info.arbiter_messages);
    assert_eq!(engine.ranks(), UciRanks::FromOne);
    assert_eq!(engine.command(), Some(format!("uci:{command}")));
    // A leading `uci:` is the same command.
    let again = start(&format!("uci:{command}"));
    assert_eq!(again.command(), Some(format!("uci:{command}")));
}

#[test]
fn the_liars_moves_arrive_in_iccs_with_its_lies() {
    let engine = start(&fake("liar.py", ""));
    // The start position: the 44 legal moves plus its bogus pawn double step e4e6 (e3e5).
    let mut expected = reference_legal(None, "");
    assert_eq!(expected.len(), 44);
    expected.insert("e3e5".to_owned());
    assert_eq!(legal(&engine, None, ""), expected);
    // After h2e2 it omits h9g7.
    let mut expected = reference_legal(None, "h2e2");
    assert!(expected.remove("h9g7"));
    assert_eq!(legal(&engine, None, "h2e2"), expected);
    // Upper case and a dash are ICCS too.
    assert_eq!(legal(&engine, None, "H2-E2"), expected);
}

#[test]
fn history_moves_are_judged_by_the_engine_not_by_the_rules() {
    let engine = start(&fake("liar.py", ""));
    let play = |moves: &str| engine.run(&request(None, moves, Query::Play));
    // Its bogus move is played, since it lists it; the FEN is the one its `d` shows.
    assert_eq!(
        play("e3e5"),
        Reply::Answer(Answer::Position(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/9/P1P3P1P/1C5C1/9/RNBAKABNR b - - 1 1".into()
        ))
    );
    // The move it omits is refused at its index, though it is legal.
    let Reply::Rejected { stage, message } = play("h2e2 h9g7") else {
        panic!("h9g7 must be refused")
    };
    assert_eq!(stage, Stage::Move(2));
    assert!(
        message.contains("h9g7") && message.contains("h10g8"),
        "{message}"
    );
    assert!(matches!(
        play("a0a5 h9g7"),
        Reply::Rejected {
            stage: Stage::Move(1),
            ..
        }
    ));
    assert_eq!(
        play("h2e2 h9i7"),
        Reply::Answer(Answer::Position(
            "rnbakab1r/9/1c5cn/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2".into()
        ))
    );
    // A text that is no ICCS move cannot be put to it: skipped, never judged.
    match play("h2e2 h10g8") {
        Reply::Skipped(why) => assert!(why.contains("history move 2"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Other queries play the history the same way.
    assert!(matches!(
        engine.run(&request(None, "h2e2 h9g7", Query::Legal)),
        Reply::Rejected {
            stage: Stage::Move(2),
            ..
        }
    ));
}

#[test]
fn check_is_the_engines_word() {
    let engine = start(&fake("liar.py", ""));
    let check = |moves: &str| engine.run(&request(None, moves, Query::Check));
    assert_eq!(check(""), Reply::Answer(Answer::Check(false)));
    // It claims black is in check after h2e2; the reference does not.
    assert_eq!(check("h2e2"), Reply::Answer(Answer::Check(true)));
    assert_eq!(
        reference(None, "h2e2", Query::Check),
        Reply::Answer(Answer::Check(false))
    );
}

#[test]
fn perft_is_the_engines_node_count() {
    let engine = start(&fake("liar.py", ""));
    let perft = Query::Perft {
        depth: 1,
        count: PerftCount::Paths,
    };
    assert_eq!(
        engine.run(&request(None, "", perft.clone())),
        Reply::Answer(Answer::Nodes(45))
    );
    let zero = Query::Perft {
        depth: 0,
        count: PerftCount::Paths,
    };
    assert!(matches!(
        engine.run(&request(None, "", zero)),
        Reply::Skipped(_)
    ));
}

#[test]
fn a_position_is_set_by_fen_and_its_echo_is_checked() {
    let engine = start(&fake("liar.py", ""));
    let fen = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        engine.run(&request(Some(fen), "", Query::Play)),
        Reply::Answer(Answer::Position(fen.into()))
    );
    // The start position by FEN is the start position.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(legal(&engine, Some(start), "").len(), 45);
}

#[test]
fn a_pikafish_like_engine_counts_ranks_from_zero_and_gets_no_variant_option() {
    // The fake exits if it is sent `setoption name UCI_Variant …`, which it does not list.
    let engine = start(&fake("liar.py", "--ranks 0 --name 'Pikafish 2023-06-24'"));
    assert_eq!(engine.ranks(), UciRanks::FromZero);
    let info = engine.info();
    assert_eq!(
        (info.name.as_str(), info.version.as_str()),
        ("Pikafish", "2023-06-24")
    );
    let mut expected = reference_legal(None, "");
    expected.insert("e3e5".to_owned());
    assert_eq!(legal(&engine, None, ""), expected);
    let mut expected = reference_legal(None, "h2e2");
    assert!(expected.remove("h9g7"));
    assert_eq!(legal(&engine, None, "h2e2"), expected);
    assert!(matches!(
        engine.run(&request(None, "h2e2 h9i7", Query::Play)),
        Reply::Answer(Answer::Position(_))
    ));
    assert_eq!(engine.restarts(), 0);
}

#[test]
fn play_and_check_are_listed_only_when_d_shows_them() {
    let engine = start(&fake("liar.py", "--no-d"));
    assert_eq!(
        engine.info().queries,
        vec![QueryKind::Legal, QueryKind::Outcome, QueryKind::Perft]
    );
    assert!(matches!(
        engine.run(&request(None, "", Query::Play)),
        Reply::Skipped(_)
    ));
    let engine = start(&fake("liar.py", "--no-checkers"));
    assert_eq!(
        engine.info().queries,
        vec![
            QueryKind::Legal,
            QueryKind::Outcome,
            QueryKind::Perft,
            QueryKind::Play
        ]
    );
    match engine.run(&request(None, "", Query::Check)) {
        Reply::Skipped(why) => assert!(why.contains("Checkers:"), "{why}"),
        other => panic!("{other:?}"),
    }
    match engine.run(&request(None, "", Query::Repetition)) {
        Reply::Skipped(why) => assert_eq!(why, "a UCI engine cannot answer `repetition` queries"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn an_engine_without_xiangqi_in_its_variants_is_refused() {
    let Err(e) = UciEngine::start(
        &fake("liar.py", "--variants chess,janggi"),
        options(10_000, 2),
    ) else {
        panic!("started")
    };
    assert!(e.message.contains("var xiangqi"), "{e}");
    assert!(e.command.starts_with("uci:python3 "), "{e}");
}

#[test]
fn a_hang_is_reported_within_the_timeout_and_the_engine_restarted() {
    let engine = UciEngine::start(&fake("hang.py", ""), options(1500, 2)).unwrap();
    let started = Instant::now();
    let f = failure(
        engine.run(&request(None, "h2e2", Query::Legal)),
        FailureKind::Hung,
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(f.message.contains("Nodes searched"), "{}", f.message);
    assert!(
        f.stderr
            .as_deref()
            .unwrap_or("")
            .contains("thinking forever"),
        "{f:?}"
    );
    // The next request restarts it; the bare start position it answers.
    assert_eq!(legal(&engine, None, "").len(), 45);
    assert_eq!(engine.restarts(), 1);
}

#[test]
fn an_engine_silent_to_uci_does_not_start() {
    let mut options = options(500, 2);
    options.start_timeout = Duration::from_secs(2);
    let started = Instant::now();
    let Err(e) = UciEngine::start(&fake("hang.py", "--at uci"), options) else {
        panic!("started")
    };
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(e.message.contains("`uciok`"), "{e}");
    assert!(
        e.stderr
            .as_deref()
            .unwrap_or("")
            .contains("not answering uci"),
        "{e}"
    );
}

#[test]
fn a_crash_is_reported_with_its_stderr() {
    let engine = start(&fake("crash.py", ""));
    let f = failure(
        engine.run(&request(None, "h2e2", Query::Legal)),
        FailureKind::Crashed,
    );
    assert!(f.message.contains("status 3"), "{}", f.message);
    assert!(
        f.stderr
            .as_deref()
            .unwrap_or("")
            .contains("simulated crash on go perft"),
        "{f:?}"
    );
}

#[test]
fn after_a_crash_the_next_request_restarts_the_engine() {
    let dir = temp_dir("uci-crash-once");
    let marker = dir.join("crashed");
    let engine = start(&fake("crash.py", &format!("--marker {}", marker.display())));
    failure(
        engine.run(&request(None, "h2e2", Query::Legal)),
        FailureKind::Crashed,
    );
    assert!(marker.exists());
    let mut expected = reference_legal(None, "h2e2");
    expected.remove("h9g7");
    assert_eq!(legal(&engine, None, "h2e2"), expected);
    assert_eq!(engine.restarts(), 1);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_crashing_every_time_is_given_up() {
    let engine = UciEngine::start(&fake("crash.py", ""), options(10_000, 1)).unwrap();
    let ask = || engine.run(&request(None, "h2e2", Query::Legal));
    failure(ask(), FailureKind::Crashed);
    failure(ask(), FailureKind::Crashed);
    let f = failure(ask(), FailureKind::GivenUp);
    assert!(f.message.contains("1 restart"), "{}", f.message);
    failure(ask(), FailureKind::GivenUp);
}

#[test]
fn garbage_during_perft_is_nonsense() {
    let engine = start(&fake("garbage.py", ""));
    let f = failure(
        engine.run(&request(None, "h2e2", Query::Legal)),
        FailureKind::Nonsense,
    );
    assert!(f.message.contains("the quick brown fox"), "{}", f.message);
    // A divide whose lines do not add up to its `Nodes searched` is nonsense too.
    let engine = start(&fake("garbage.py", "--miscount"));
    let f = failure(
        engine.run(&request(None, "h2e2", Query::Legal)),
        FailureKind::Nonsense,
    );
    assert!(f.message.contains("Nodes searched: 45"), "{}", f.message);
}

/// The real engine, or `None` with a note when it is not installed.
fn fairy_stockfish() -> Option<UciEngine> {
    if !Path::new(FAIRY_STOCKFISH).exists() {
        eprintln!("note: {FAIRY_STOCKFISH} is not installed; the real-engine test is skipped");
        return None;
    }
    Some(start(FAIRY_STOCKFISH))
}

#[test]
fn fairy_stockfish_counts_ranks_from_one_and_agrees_on_the_start_position() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    assert_eq!(engine.ranks(), UciRanks::FromOne);
    let info = engine.info();
    assert_eq!(info.name, "Fairy-Stockfish");
    assert_eq!(
        info.queries,
        vec![
            QueryKind::Legal,
            QueryKind::Outcome,
            QueryKind::Perft,
            QueryKind::Play,
            QueryKind::Check
        ]
    );
    let moves = legal(&engine, None, "");
    assert_eq!(moves.len(), 44);
    assert_eq!(moves, reference_legal(None, ""));
    assert!(moves.contains("b2b9") && moves.contains("a0a1"));
    for history in ["h2e2", "h2e2 h9g7 e2e6", "b2b6 h9g7 h2h6 c9e7 b6e6"] {
        assert_eq!(
            legal(&engine, None, history),
            reference_legal(None, history),
            "{history}"
        );
    }
    let perft = Query::Perft {
        depth: 3,
        count: PerftCount::Paths,
    };
    assert_eq!(
        engine.run(&request(None, "", perft)),
        Reply::Answer(Answer::Nodes(79_666))
    );
}

#[test]
fn fairy_stockfish_refuses_an_illegal_history_move_at_its_index() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    let play = |moves: &str| engine.run(&request(None, moves, Query::Play));
    // d9e8 would screen the cannon on e6 and leave black's general attacked; a horse onto
    // its own cannon; a cannon through a piece without capturing; a cannon over two screens.
    for (moves, index) in [
        ("h2e2 h9g7 e2e6 d9e8", 4),
        ("h2e2 h9h7", 2),
        ("h2h8", 1),
        ("h2e2 h9g7 h0g2 g7e8 e2e8", 5),
    ] {
        assert!(
            matches!(reference(None, moves, Query::Play), Reply::Rejected { stage: Stage::Move(n), .. } if n == index),
            "the reference must refuse {moves} at {index}"
        );
        match play(moves) {
            Reply::Rejected { stage, .. } => assert_eq!(stage, Stage::Move(index), "{moves}"),
            other => panic!("{moves}: {other:?}"),
        }
    }
    for moves in [
        "h2e2 h9g7 e2e6",
        "b2b6 h9g7 h2h6 c9e7 b6e6",
        "e3e4 e6e5 e4e5",
    ] {
        assert_eq!(
            play(moves),
            Reply::Answer(Answer::Position(reference_fen(moves))),
            "{moves}"
        );
    }
}

#[test]
fn fairy_stockfish_shows_check() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    for (moves, in_check) in [
        ("", false),
        ("h2e2 h9g7 e2e6", false),
        ("b2b6 h9g7 h2h6 c9e7 b6e6", true),
    ] {
        let want = Reply::Answer(Answer::Check(in_check));
        assert_eq!(reference(None, moves, Query::Check), want, "{moves}");
        assert_eq!(
            engine.run(&request(None, moves, Query::Check)),
            want,
            "{moves}"
        );
    }
    let fen = "4k4/9/9/9/9/9/9/9/9/4R3K b - - 0 1";
    assert_eq!(
        engine.run(&request(Some(fen), "", Query::Check)),
        Reply::Answer(Answer::Check(true))
    );
}

#[test]
fn fairy_stockfish_misreading_a_fen_is_nonsense_not_a_rejection() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    // `r` for red to move: it reads black to move, which its `d` shows.
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1";
    let f = failure(
        engine.run(&request(Some(fen), "", Query::Legal)),
        FailureKind::Nonsense,
    );
    assert!(f.message.contains(" b - - 0 1"), "{}", f.message);
    // The engine is restarted for the next request.
    let fen = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";
    assert_eq!(
        legal(&engine, Some(fen), ""),
        reference_legal(Some(fen), "")
    );
    assert_eq!(engine.restarts(), 1);
}

#[test]
fn fairy_stockfish_agrees_with_the_reference_along_random_games() {
    let Some(engine) = fairy_stockfish() else {
        return;
    };
    // Positions set by FEN (one `d` and one `go perft 1` each), moves picked by a fixed
    // generator: every move text crosses the rank translation both ways.
    let mut seed: u64 = 2024;
    for _game in 0..3 {
        let mut fen = arbiter::xiangqi::START_FEN.to_owned();
        for _ply in 0..60 {
            let moves = reference_legal(Some(&fen), "");
            assert_eq!(legal(&engine, Some(&fen), ""), moves, "{fen}");
            let check = request(Some(&fen), "", Query::Check);
            assert_eq!(
                engine.run(&check),
                ReferenceEngine::new().run(&check),
                "{fen}"
            );
            if moves.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves
                .iter()
                .nth((seed >> 33) as usize % moves.len())
                .unwrap();
            let play = request(Some(&fen), m, Query::Play);
            let reached = engine.run(&play);
            assert_eq!(reached, ReferenceEngine::new().run(&play), "{fen} {m}");
            let Reply::Answer(Answer::Position(next)) = reached else {
                unreachable!()
            };
            fen = next;
        }
    }
}
