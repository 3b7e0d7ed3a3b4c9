//! Issue 26, "The protocols engines really speak": standard UCI and UCCI engines (no `go
//! perft`, no `d`) checked through `searchmoves` and through the side of their replies, on
//! `tests/fixtures/uci/standard_uci.py` (arbiter's rules over the engine protocol, with one
//! fault planted), and the protocol faults (silence, garbage, a crash).

use super::common::{root, run, temp_dir};
use arbiter::engine::{Engine, ProcessOptions, ReferenceEngine, UciEngine};
use arbiter::protocol::{Answer, FailureKind, Query, QueryKind, Reply, Request, Stage};
use std::collections::BTreeSet;
use std::time::Duration;

fn fake(dialect: &str, args: &str) -> String {
    let script = root().join("tests/fixtures/uci/standard_uci.py");
    format!(
        "{dialect}:python3 {} --arbiter {} {args}",
        script.display(),
        env!("CARGO_BIN_EXE_arbiter")
    )
}

fn start(command: &str) -> UciEngine {
    let options = ProcessOptions {
        timeout: Duration::from_secs(10),
        start_timeout: Duration::from_secs(20),
        restarts: 1,
    };
    UciEngine::start(command, options).unwrap_or_else(|e| panic!("{e}"))
}

fn request(position: Option<&str>, moves: &str, query: Query) -> Request {
    let mut r = Request::new("xiangqi".parse().unwrap(), query);
    r.position = position.map(str::to_owned);
    r.moves = moves.split_whitespace().map(str::to_owned).collect();
    r
}

fn moves(reply: Reply) -> BTreeSet<String> {
    match reply {
        Reply::Answer(Answer::Moves(m)) => m.into_iter().collect(),
        other => panic!("expected moves, got {other:?}"),
    }
}

fn reference_legal(position: Option<&str>, history: &str) -> BTreeSet<String> {
    moves(ReferenceEngine::new().run(&request(position, history, Query::Legal)))
}

#[test]
fn a_standard_uci_engine_is_asked_through_searchmoves_and_agrees_with_the_rules() {
    for (args, ranks) in [("--ranks 0", "0-9"), ("--ranks 1", "1-10")] {
        let engine = start(&fake("uci", args));
        assert_eq!(engine.ranks().name(), ranks);
        assert_eq!(
            engine.info().queries,
            vec![QueryKind::Legal, QueryKind::Outcome]
        );
        let asked = engine.asked().join("\n");
        assert!(asked.contains("searchmoves <m>"), "{asked}");
        assert!(asked.contains("no `go perft`"), "{asked}");
        for history in ["", "h2e2", "h2e2 h9g7 e2e6"] {
            let got = moves(engine.run(&request(None, history, Query::Legal)));
            assert_eq!(got, reference_legal(None, history), "after `{history}`");
        }
        // Perft, the position reached and check cannot be asked: skipped, never passed.
        for query in [Query::Play, Query::Check] {
            assert!(matches!(
                engine.run(&request(None, "", query)),
                Reply::Skipped(_)
            ));
        }
    }
}

#[test]
fn a_ucci_engine_is_asked_through_the_side_of_its_reply() {
    let engine = start(&fake("ucci", "--ucci"));
    let asked = engine.asked().join("\n");
    assert!(asked.starts_with("UCCI: ranks 0-9"), "{asked}");
    assert!(asked.contains("the side of its `bestmove`"), "{asked}");
    for history in ["", "h2e2 h9g7"] {
        let got = moves(engine.run(&request(None, history, Query::Legal)));
        assert_eq!(got, reference_legal(None, history), "after `{history}`");
    }
    // A history move it does not take is refused at its index.
    let Reply::Rejected { stage, message } =
        engine.run(&request(None, "h2e2 h9g7 e2e9", Query::Legal))
    else {
        panic!("e2e9 must be refused")
    };
    assert_eq!(stage, Stage::Move(3));
    assert!(message.contains("e2e9"), "{message}");
}

#[test]
fn game_end_is_no_move_with_score_mate_0() {
    // Black has no move (the chariots on e8 and e7 hold d8 and e9; c9 is outside the
    // palace): in xiangqi a loss, and the engine says `score mate 0`.
    let mated = "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1";
    for dialect in ["uci", "ucci"] {
        let extra = if dialect == "ucci" { "--ucci" } else { "" };
        let engine = start(&fake(dialect, extra));
        let outcome = engine.run(&request(Some(mated), "", Query::Outcome));
        let Reply::Answer(Answer::Outcome(o)) = outcome else {
            panic!("{outcome:?}")
        };
        assert_eq!((o.result.as_str(), o.reason), ("red", None));
        assert!(moves(engine.run(&request(Some(mated), "", Query::Legal))).is_empty());
        let going = engine.run(&request(None, "h2e2", Query::Outcome));
        assert!(
            matches!(&going, Reply::Answer(Answer::Outcome(o)) if o.result == "ongoing"),
            "{going:?}"
        );
    }
}

/// Issue 26, done when: "a standard-UCI engine that wrongly refuses a legal capture is
/// caught on that capture's clause".
#[test]
fn a_standard_uci_engine_refusing_a_legal_cannon_capture_fails_the_cannon_screen_clause() {
    let dir = temp_dir("standard-uci-refuses-capture");
    let report = dir.join("report.jsonl");
    let engine = fake("uci", "--refuse-cannon-captures");
    let (code, out, err) = run(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "xiangqi.move.cannon-screen-capture",
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(out.contains("legal: missing 'e2e8'"), "{out}");
    let text = std::fs::read_to_string(&report).unwrap();
    let failed = text
        .lines()
        .find(|l| l.contains("\"status\":\"failed\""))
        .unwrap_or_else(|| panic!("no failure in {text}"));
    assert!(failed.contains("xq.capture.cannon-screen"), "{failed}");
    // The same engine without the fault passes the case.
    let (code, out, _) = run(&[
        "run",
        "--engine",
        &fake("uci", ""),
        "--filter",
        "xiangqi.move.cannon-screen-capture",
    ]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_standard_uci_engine_allowing_a_general_out_of_its_palace_is_caught() {
    let engine = start(&fake("uci", "--allow-general-out"));
    let position = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1";
    let got = moves(engine.run(&request(Some(position), "", Query::Legal)));
    let expected = reference_legal(Some(position), "");
    assert!(!expected.contains("d0c0"));
    let extra: Vec<&String> = got.difference(&expected).collect();
    assert_eq!(extra, vec!["d0c0"]);
}

/// Issue 27's fault matrix for each protocol adapter: an engine that falls silent, answers
/// nonsense or crashes in the middle of a query is an engine failure of that kind (with its
/// stderr), under UCI, UCCI and XBoard alike. (XBoard has no "garbage" row: an XBoard engine's
/// unknown lines are chatter the protocol tells a client to ignore, and an unreadable `move`
/// is not asked for.)
#[test]
fn silence_garbage_and_a_crash_are_engine_failures() {
    let options = ProcessOptions {
        timeout: Duration::from_millis(1500),
        start_timeout: Duration::from_secs(20),
        restarts: 1,
    };
    let ask = |dialect: &str, fault: &str| {
        let command = match dialect {
            "uci" => fake("uci", &format!("--fault {fault}")),
            "ucci" => fake("ucci", &format!("--ucci --fault {fault}")),
            _ => fake("xboard", &format!("--xboard --fault {fault}")),
        };
        let engine: Box<dyn Engine> = if dialect == "xboard" {
            Box::new(
                arbiter::engine::XboardEngine::start(&command, options)
                    .unwrap_or_else(|e| panic!("{dialect}: {e}")),
            )
        } else {
            Box::new(UciEngine::start(&command, options).unwrap_or_else(|e| panic!("{e}")))
        };
        match engine.run(&request(None, "h2e2", Query::Legal)) {
            Reply::Failed(f) => f,
            other => panic!("{dialect} {fault}: expected a failure, got {other:?}"),
        }
    };
    for dialect in ["uci", "ucci", "xboard"] {
        let silent = ask(dialect, "silence");
        assert_eq!(silent.kind, FailureKind::Hung, "{dialect}");
        assert!(
            silent.message.contains("within 1.5 s"),
            "{dialect}: {}",
            silent.message
        );
        if dialect != "xboard" {
            let garbage = ask(dialect, "garbage");
            assert_eq!(garbage.kind, FailureKind::Nonsense, "{dialect}");
            assert!(garbage.message.contains("zz99"), "{}", garbage.message);
        }
        let crash = ask(dialect, "crash");
        assert_eq!(crash.kind, FailureKind::Crashed, "{dialect}");
        assert!(
            crash.stderr.unwrap_or_default().contains("simulated crash"),
            "{dialect}: {}",
            crash.message
        );
    }
}

#[test]
fn an_xboard_engine_is_asked_through_illegal_move_and_its_announced_results() {
    let engine = arbiter::engine::XboardEngine::start(
        &fake("xboard", "--xboard"),
        ProcessOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        engine.info().queries,
        vec![QueryKind::Legal, QueryKind::Outcome]
    );
    for history in ["", "h2e2 h9g7"] {
        let got = moves(engine.run(&request(None, history, Query::Legal)));
        assert_eq!(got, reference_legal(None, history), "after `{history}`");
    }
    assert!(matches!(
        engine.run(&request(None, "h2e2 h9g7 e2e9", Query::Legal)),
        Reply::Rejected {
            stage: Stage::Move(3),
            ..
        }
    ));
    let mated = "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1";
    let outcome = engine.run(&request(Some(mated), "", Query::Outcome));
    assert!(
        matches!(&outcome, Reply::Answer(Answer::Outcome(o)) if o.result == "red"),
        "{outcome:?}"
    );
    // The refused cannon capture is caught through XBoard too.
    let (code, out, _) = run(&[
        "run",
        "--engine",
        &fake("xboard", "--xboard --refuse-cannon-captures"),
        "--filter",
        "xiangqi.move.cannon-screen-capture",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("legal: missing 'e2e8'"), "{out}");
}

/// Issue 26: "saying in the report header what was asked and how". The adapter's probes go
/// into the JSON report's header, and every view of that report shows them.
#[test]
fn the_report_header_and_every_view_say_how_the_engine_was_asked() {
    let dir = temp_dir("standard-uci-asked");
    let report = dir.join("r.jsonl");
    let report_arg = report.to_str().unwrap();
    let engine = fake("uci", "--ranks 0");
    let (code, _, stderr) = run(&[
        "run",
        "--engine",
        &engine,
        "--ruleset",
        "xiangqi",
        "--filter",
        "xiangqi.move.cannon-*",
        "--report",
        report_arg,
    ]);
    assert!(code == 0 || code == 1, "exit {code}: {stderr}");
    let header: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&report)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let asked: Vec<String> = header["engine"]["asked"]
        .as_array()
        .unwrap_or_else(|| panic!("no `asked` in the header: {header}"))
        .iter()
        .map(|l| l.as_str().unwrap().to_owned())
        .collect();
    assert!(
        asked.iter().any(|l| l.contains("searchmoves <m>")),
        "{asked:?}"
    );
    for format in ["terminal", "markdown", "html"] {
        let (code, out, stderr) = run(&["report", report_arg, "--format", format]);
        assert!(code == 0 || code == 1, "{format}: exit {code}: {stderr}");
        assert!(
            out.contains("how the engine was asked") || out.contains("How the engine was asked"),
            "{format}: {out}"
        );
        // The terminal prints each line as it is; markdown and HTML escape their markup.
        if format == "terminal" {
            assert!(asked.iter().all(|l| out.contains(l.as_str())), "{out}");
        } else {
            assert!(out.contains("searchmoves"), "{format}: {out}");
        }
    }
    // The reference's header has no `asked` at all: its reports are as they were.
    let (_, _, _) = run(&[
        "run",
        "--filter",
        "xiangqi.move.cannon-*",
        "--report",
        report_arg,
    ]);
    let header = std::fs::read_to_string(&report).unwrap();
    assert!(!header.lines().next().unwrap().contains("asked"));
}
