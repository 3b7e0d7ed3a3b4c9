//! The engine fault matrix (issue 27, "every engine fault for every command that drives an
//! engine"): each fault of the planted engine (`tests/fixtures/engines/faulty.py`) against
//! `run`, `fuzz` and `play` (a protocol player), and the `arbiter engine` server against
//! over-long and endless request lines. Every case must end, within a bound, with the
//! failure reported (its kind in words, and the engine's stderr where it wrote some), the
//! command's documented exit code, and no panic, no death by a signal.

use crate::common::{root, temp_dir, text};
use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The longest any case may take: a hang or a flood that is not cut short fails here
/// instead of stalling the suite.
const BOUND: Duration = Duration::from_secs(90);

fn faulty(fault: &str) -> String {
    format!(
        "env ARBITER_BIN={} python3 tests/fixtures/engines/faulty.py {fault}",
        env!("CARGO_BIN_EXE_arbiter")
    )
}

/// Runs arbiter with `input` on stdin, killed (and the test failed) after [`BOUND`].
fn bounded(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let pid = child.id();
    let started = Instant::now();
    let (done, waited) = std::sync::mpsc::channel();
    let watcher = std::thread::spawn(move || child.wait_with_output().map(|o| done.send(o)));
    let out = match waited.recv_timeout(BOUND) {
        Ok(out) => out,
        Err(_) => {
            let _ = Command::new("kill").arg(pid.to_string()).status();
            panic!("{args:?} did not end within {BOUND:?}");
        }
    };
    let _ = watcher.join();
    let _ = writer.join();
    assert!(started.elapsed() < BOUND);
    out
}

/// Checks the end every faulty case must have: an exit code (no signal), no panic.
fn ended_cleanly(args: &[&str], out: &Output) -> (i32, String, String) {
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    let code = out.status.code().unwrap_or_else(|| {
        panic!(
            "{args:?} was killed by a signal: {:?}\n{stderr}",
            out.status
        )
    });
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (code, stdout, stderr)
}

/// The faults that fail a request, the words that report each, and whether the restarted
/// engine fails again (so that, with `--restarts 1`, it is given up).
const FAULTS: [(&str, &str, bool); 8] = [
    ("closed-stdin", "Broken pipe", true),
    ("crash 2", "engine crashed: exited with status 3", true),
    ("hang 2", "engine hung: no reply to seq 2", true),
    ("garbage 2", "engine spoke nonsense: not JSON", true),
    ("wrong-seq 2", "expected seq 2", true),
    ("errored 2", "engine errored: out of hash memory", false),
    ("flood-line 2", "a line longer than 1048576 bytes", true),
    ("flood 2", "engine spoke nonsense: not JSON", true),
];

/// The stderr line the engine writes before a fault, where it writes one.
fn stderr_of(fault: &str) -> Option<&'static str> {
    match fault.split(' ').next() {
        Some("crash") => Some("segmentation fault in movegen"),
        Some("hang") => Some("thinking forever"),
        Some("errored") => Some("out of hash memory"),
        _ => None,
    }
}

/// Issue 27, "silent death": an engine whose standard input is closed made the first
/// write to it raise SIGPIPE, whose default action killed arbiter with no word (exit 141).
/// The engine here closes its stdin before answering `start`, so every request written to
/// it meets a broken pipe: deterministic, not a race.
#[test]
fn an_engine_with_a_closed_stdin_is_reported_not_a_silent_death() {
    let engine = faulty("closed-stdin");
    let cases: [&[&str]; 3] = [
        &[
            "run",
            "--engine",
            &engine,
            "--restarts",
            "1",
            "cases/draughts",
        ],
        &[
            "fuzz",
            "--engine",
            &engine,
            "--ruleset",
            "russian",
            "--positions",
            "3",
            "--queries",
            "legal",
            "--restarts",
            "1",
            "--emit",
            "/nonexistent/never-written",
        ],
        &[
            "play",
            "--red",
            &engine,
            "--black",
            "random",
            "--ruleset",
            "russian",
            "--games",
            "2",
            "--max-plies",
            "10",
        ],
    ];
    for args in cases {
        let out = bounded(args, b"");
        let (code, stdout, stderr) = ended_cleanly(args, &out);
        assert_ne!(code, 0, "{args:?}\n{stdout}{stderr}");
        assert!(
            format!("{stdout}{stderr}").contains("Broken pipe"),
            "{args:?}: the failure is not reported\n{stdout}{stderr}"
        );
    }
}

/// Issue 27, "silent death", as it was found: `arbiter run --engine true` (an engine that
/// exits at once) died of SIGPIPE in 3 of 5 tries; each try must be a reported start
/// failure, exit code 2.
#[test]
fn an_engine_that_exits_at_once_is_a_start_failure_every_time() {
    for _ in 0..20 {
        let args = ["run", "--engine", "true", "cases/draughts"];
        let out = bounded(&args, b"");
        let (code, _, stderr) = ended_cleanly(&args, &out);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("engine `true`"), "{stderr}");
    }
}

#[test]
fn run_reports_every_engine_fault() {
    for (fault, words, _) in FAULTS {
        let engine = faulty(fault);
        let args = [
            "run",
            "--engine",
            &engine,
            "--timeout",
            "1",
            "--restarts",
            "1",
            "cases/draughts",
        ];
        let out = bounded(&args, b"");
        let (code, stdout, stderr) = ended_cleanly(&args, &out);
        let all = format!("{stdout}{stderr}");
        // Errored cases are exit code 1; a run that checked nothing may be 2.
        assert!(code == 1 || code == 2, "{fault}: exit {code}\n{all}");
        assert!(all.contains(words), "{fault}: no '{words}'\n{all}");
    }
}

/// Issue 27, "junk findings": a crash or a hang is an engine failure reported with its
/// stderr, never a "disagreement" case written into the emit directory.
#[test]
fn fuzz_reports_every_engine_fault_and_writes_no_case_for_it() {
    for (fault, words, again) in FAULTS {
        let emit = temp_dir(&format!("engine-faults-fuzz-{}", fault.replace(' ', "-")));
        let engine = faulty(fault);
        let args = [
            "fuzz",
            "--engine",
            &engine,
            "--ruleset",
            "russian",
            "--positions",
            "6",
            "--queries",
            "legal",
            "--timeout",
            "1",
            "--restarts",
            "1",
            "--emit",
            emit.to_str().unwrap(),
        ];
        let out = bounded(&args, b"");
        let (code, stdout, stderr) = ended_cleanly(&args, &out);
        // Given up after its restart: could not run (2); a failure it recovers from: 1.
        assert_eq!(code, if again { 2 } else { 1 }, "{fault}\n{stdout}{stderr}");
        assert!(
            stderr.contains("engine failure: legal at position"),
            "{fault}\n{stderr}"
        );
        assert!(stderr.contains(words), "{fault}: no '{words}'\n{stderr}");
        if let Some(line) = stderr_of(fault) {
            assert!(stderr.contains("its stderr:"), "{fault}\n{stderr}");
            assert!(stderr.contains(line), "{fault}\n{stderr}");
        }
        assert!(!stderr.contains("disagreement:"), "{fault}\n{stderr}");
        assert!(stdout.contains("0 disagreements"), "{fault}\n{stdout}");
        let written: Vec<_> = std::fs::read_dir(&emit).unwrap().collect();
        assert!(
            written.is_empty(),
            "{fault}: a case was written: {written:?}"
        );
        let _ = std::fs::remove_dir_all(&emit);
    }
}

/// A protocol player with each fault loses its games by engine failure, each named on
/// stderr with the engine's stderr; the match ends, exit code 1; every record is written.
#[test]
fn play_reports_every_engine_fault() {
    for (fault, words, _) in FAULTS {
        let dir = temp_dir(&format!("engine-faults-play-{}", fault.replace(' ', "-")));
        let record = dir.join("match.pdn");
        let engine = faulty(fault);
        let args = [
            "play",
            "--red",
            &engine,
            "--black",
            "random",
            "--ruleset",
            "russian",
            "--games",
            "3",
            "--max-plies",
            "20",
            "--timeout",
            "1",
            "--concurrency",
            "2",
            "--record",
            record.to_str().unwrap(),
        ];
        let out = bounded(&args, b"");
        let (code, stdout, stderr) = ended_cleanly(&args, &out);
        assert_eq!(code, 1, "{fault}\n{stdout}{stderr}");
        assert!(
            stderr.contains("lost by engine failure"),
            "{fault}\n{stderr}"
        );
        assert!(stderr.contains(words), "{fault}: no '{words}'\n{stderr}");
        if let Some(line) = stderr_of(fault) {
            assert!(stderr.contains(line), "{fault}\n{stderr}");
        }
        assert!(stdout.contains("engine-failure"), "{fault}\n{stdout}");
        let written = std::fs::read_to_string(&record).unwrap();
        assert_eq!(written.matches("[Round ").count(), 3, "{fault}\n{written}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn an_engine_that_dies_on_start_is_exit_code_2_for_every_command() {
    let engine = faulty("die-on-start");
    let cases: [&[&str]; 3] = [
        &["run", "--engine", &engine, "cases/draughts"],
        &[
            "fuzz",
            "--engine",
            &engine,
            "--ruleset",
            "russian",
            "--positions",
            "3",
        ],
        &[
            "play",
            "--red",
            &engine,
            "--black",
            "random",
            "--ruleset",
            "russian",
        ],
    ];
    for args in cases {
        let out = bounded(args, b"");
        let (code, _, stderr) = ended_cleanly(args, &out);
        assert_eq!(code, 2, "{args:?}\n{stderr}");
        assert!(
            stderr.contains("exited with status 7"),
            "{args:?}\n{stderr}"
        );
        assert!(
            stderr.contains("cannot load my opening book"),
            "{args:?}\n{stderr}"
        );
    }
}

/// Issue 27, "the engine start timeout is 30 s whatever --timeout says": it follows
/// `--start-timeout`, for every command that starts an engine, and `--help` says so.
#[test]
fn the_start_timeout_follows_its_option() {
    let silent = "sh -c 'sleep 20'";
    let cases: [&[&str]; 3] = [
        &[
            "run",
            "--engine",
            silent,
            "--start-timeout",
            "0.5",
            "cases/draughts",
        ],
        &[
            "fuzz",
            "--engine",
            silent,
            "--ruleset",
            "russian",
            "--start-timeout",
            "0.5",
        ],
        &[
            "play",
            "--red",
            silent,
            "--black",
            "random",
            "--ruleset",
            "russian",
            "--start-timeout",
            "0.5",
        ],
    ];
    for args in cases {
        let started = Instant::now();
        let out = bounded(args, b"");
        let (code, _, stderr) = ended_cleanly(args, &out);
        assert_eq!(code, 2, "{args:?}\n{stderr}");
        assert!(
            stderr.contains("no answer to `start` within 0.5 s"),
            "{args:?}\n{stderr}"
        );
        assert!(started.elapsed() < Duration::from_secs(15), "{args:?}");
        let help = bounded(&[args[0], "--help"], b"");
        assert!(
            text(&help.stdout).contains("--start-timeout"),
            "{} --help",
            args[0]
        );
    }
    for command in ["run", "fuzz", "play"] {
        let mut args = vec![command, "--start-timeout", "0"];
        if command != "run" {
            args.extend(["--ruleset", "russian"]);
        }
        if command == "play" {
            args.extend(["--red", "random", "--black", "random"]);
        }
        let out = bounded(&args, b"");
        let (code, _, stderr) = ended_cleanly(&args, &out);
        assert_eq!(code, 2, "{args:?}\n{stderr}");
        assert!(
            stderr.contains("--start-timeout 0: expected a positive number of seconds"),
            "{args:?}\n{stderr}"
        );
    }
}

/// Issue 27, "super-linear histories": a request line longer than the documented limit is
/// answered `errored` at once, naming the limit, and the conversation goes on; so is an
/// endless one (memory bounded: the rest of the line is read and dropped).
#[test]
fn the_server_refuses_a_request_line_over_the_limit_and_goes_on() {
    let limit = arbiter::engine::MAX_REQUEST_LINE;
    let start = r#"{"cmd":"start","protocol":1}"#;
    let legal =
        r#"{"cmd":"run","seq":2,"query":"legal","ruleset":"russian","position":null,"moves":[]}"#;
    // A history of 5 MB: over the limit however fast it would be played.
    let moves = vec!["\"h0g2\""; 5 << 20 >> 3].join(",");
    let long = format!(
        r#"{{"cmd":"run","seq":1,"query":"legal","ruleset":"xiangqi","position":null,"moves":[{moves}]}}"#
    );
    assert!(long.len() > limit);
    let input = format!("{start}\n{long}\n{legal}\n");
    let out = bounded(&["engine"], input.as_bytes());
    let (code, stdout, stderr) = ended_cleanly(&["engine"], &out);
    assert_eq!(code, 0, "{stderr}");
    let replies: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(replies.len(), 3, "{stdout}");
    assert_eq!(replies[1]["errored"], true);
    let message = replies[1]["message"].as_str().unwrap();
    assert!(
        message.contains(&format!("longer than {limit} bytes")),
        "{message}"
    );
    assert!(message.contains("docs/protocol.md"), "{message}");
    assert_eq!(replies[2]["seq"], 2);
    assert_eq!(replies[2]["moves"].as_array().unwrap().len(), 7);

    // One endless line (64 MB without a line break, then the end of input).
    let endless = vec![b'x'; 64 << 20];
    let out = bounded(&["engine"], &endless);
    let (code, stdout, _) = ended_cleanly(&["engine"], &out);
    assert_eq!(code, 0);
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.contains("longer than"), "{stdout}");
}

/// The UCI adapter as it is (its own fakes are elsewhere): a `uci:` engine that exits at
/// once is a start failure for every command, reported, never a death by SIGPIPE.
#[test]
fn a_uci_engine_that_exits_at_once_is_a_start_failure_for_every_command() {
    let cases: [&[&str]; 3] = [
        &["run", "--engine", "uci:true", "cases/xiangqi"],
        &[
            "fuzz",
            "--engine",
            "uci:true",
            "--ruleset",
            "xiangqi",
            "--positions",
            "3",
        ],
        &[
            "play",
            "--red",
            "uci:true",
            "--black",
            "random",
            "--ruleset",
            "xiangqi",
        ],
    ];
    for args in cases {
        for _ in 0..5 {
            let out = bounded(args, b"");
            let (code, stdout, stderr) = ended_cleanly(args, &out);
            assert_eq!(code, 2, "{args:?}\n{stdout}{stderr}");
            assert!(stderr.contains("true"), "{args:?}\n{stderr}");
        }
    }
}
