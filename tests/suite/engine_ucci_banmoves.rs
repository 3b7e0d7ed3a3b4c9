//! Issue 26, UCCI's `banmoves`: a UCCI engine without `go perft` that honours `banmoves`
//! lists its legal moves through it (the moves it plays, each banned in turn, until it has
//! none) and takes a history move when it plays it with every other candidate banned; one
//! that ignores it, or honours only part of it, is asked as before, and the report header
//! says so. The fake (`tests/fixtures/uci/standard_uci.py --banmoves honour|first`) exits
//! with status 4 when `banmoves` is misused (not after a `position`, or naming something
//! that is not a move in its notation), so a misuse fails these tests.

use super::common::{root, run, temp_dir};
use arbiter::engine::{Engine, ProcessOptions, ReferenceEngine, UciEngine};
use arbiter::protocol::{Answer, Query, Reply, Request, Stage};
use std::collections::BTreeSet;
use std::time::Duration;

fn fake(args: &str) -> String {
    let script = root().join("tests/fixtures/uci/standard_uci.py");
    format!(
        "ucci:python3 {} --arbiter {} --ucci {args}",
        script.display(),
        env!("CARGO_BIN_EXE_arbiter")
    )
}

fn start(command: &str) -> UciEngine {
    let options = ProcessOptions {
        timeout: Duration::from_secs(10),
        start_timeout: Duration::from_secs(20),
        restarts: 0,
    };
    UciEngine::start(command, options).unwrap_or_else(|e| panic!("{e}"))
}

fn request(moves: &str, query: Query) -> Request {
    let mut r = Request::new("xiangqi".parse().unwrap(), query);
    r.moves = moves.split_whitespace().map(str::to_owned).collect();
    r
}

fn moves(reply: Reply) -> BTreeSet<String> {
    match reply {
        Reply::Answer(Answer::Moves(m)) => m.into_iter().collect(),
        other => panic!("expected moves, got {other:?}"),
    }
}

fn reference_legal(history: &str) -> BTreeSet<String> {
    moves(ReferenceEngine::new().run(&request(history, Query::Legal)))
}

#[test]
fn a_ucci_engine_honouring_banmoves_lists_its_moves_through_it() {
    for ranks in ["0", "1"] {
        let engine = start(&fake(&format!("--banmoves honour --ranks {ranks}")));
        let asked = engine.asked().join("\n");
        assert!(
            asked.contains("`banmoves <the moves it played so far>`"),
            "{asked}"
        );
        for history in ["", "h2e2", "h2e2 h9g7 e2e6"] {
            let got = moves(engine.run(&request(history, Query::Legal)));
            assert_eq!(got, reference_legal(history), "after `{history}`");
        }
        // A history move it does not play with every other candidate banned is refused at
        // its index.
        let Reply::Rejected { stage, message } =
            engine.run(&request("h2e2 h9g7 e2e9", Query::Legal))
        else {
            panic!("e2e9 must be refused")
        };
        assert_eq!(stage, Stage::Move(3));
        assert!(message.contains("banmoves"), "{message}");
        assert_eq!(engine.restarts(), 0, "the engine was restarted");
    }
}

#[test]
fn a_legal_capture_refused_is_missing_from_the_banmoves_list() {
    // The cannons' captures of the horses over the black cannons on the start position.
    let engine = start(&fake("--banmoves honour --refuse-cannon-captures"));
    let got = moves(engine.run(&request("", Query::Legal)));
    let mut want = reference_legal("");
    assert!(want.remove("b2b9") && want.remove("h2h9"));
    assert_eq!(got, want);
}

#[test]
fn a_ucci_engine_ignoring_or_half_honouring_banmoves_is_asked_as_before() {
    for args in ["", "--banmoves first"] {
        let engine = start(&fake(args));
        let asked = engine.asked().join("\n");
        assert!(asked.contains("`banmoves` ignored"), "{args}: {asked}");
        assert!(
            asked.contains("the side of its `bestmove`"),
            "{args}: {asked}"
        );
        let got = moves(engine.run(&request("h2e2 h9g7", Query::Legal)));
        assert_eq!(got, reference_legal("h2e2 h9g7"), "{args}");
    }
}

#[test]
fn fuzzing_through_banmoves_agrees_with_the_reference() {
    let dir = temp_dir("ucci-banmoves-fuzz");
    let emit = dir.to_str().unwrap();
    let engine = fake("--banmoves honour");
    let (code, out, err) = run(&[
        "fuzz",
        "--engine",
        &engine,
        "--ruleset",
        "xiangqi",
        "--positions",
        "12",
        "--queries",
        "legal",
        "--restarts",
        "0",
        "--emit",
        emit,
    ]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("12 positions"), "{out}");
}
