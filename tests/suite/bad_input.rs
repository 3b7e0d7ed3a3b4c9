//! Issue 27 (hardening), the bad-input harness: every subcommand under random and malformed
//! arguments, files and stdin lines. The only outcomes allowed are exit 0, 1 or 2, with a
//! few lines of stderr and no panic text — or still working when the time runs out (a deep
//! perft, a long match), which the harness ends itself.
//!
//! The flags of each subcommand are read from its `--help`, so a new subcommand or flag is
//! exercised without editing this file. The processes run in a scratch directory (the
//! default `cases/` is absent there, and anything written lands in the scratch).
//! `ARBITER_BAD_INPUT_CASES` sets the number of generated command lines (default 160,
//! about 10 s on two cores).

use crate::common::{root, text};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// How long one command may run before the harness ends it (not a failure: a valid deep
/// perft or a long match may well run longer).
const TIME_LIMIT: Duration = Duration::from_secs(3);

/// The most stderr lines a bad input may produce.
const MAX_STDERR_LINES: usize = 12;

/// A subcommand path (`["spec", "lint"]`), the flags its `--help` lists, and the flags its
/// usage line requires.
type Commands = Vec<(Vec<String>, Vec<String>, Vec<String>)>;

/// Every subcommand with its flags, read from the `--help`s.
fn commands() -> &'static Commands {
    static COMMANDS: OnceLock<Commands> = OnceLock::new();
    COMMANDS.get_or_init(|| {
        let mut out = Vec::new();
        let mut todo: Vec<Vec<String>> = vec![Vec::new()];
        while let Some(path) = todo.pop() {
            let help = text(
                &Command::new(env!("CARGO_BIN_EXE_arbiter"))
                    .args(&path)
                    .arg("--help")
                    .output()
                    .unwrap()
                    .stdout,
            );
            let subs: Vec<String> = help
                .lines()
                .skip_while(|l| !l.starts_with("Commands:"))
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .filter(|l| !l.starts_with("   "))
                .filter_map(|l| l.split_whitespace().next())
                .filter(|c| *c != "help")
                .map(str::to_owned)
                .collect();
            if subs.is_empty() && !path.is_empty() {
                let flags: Vec<String> = help
                    .split(|c: char| c.is_whitespace() || c == ',' || c == '[' || c == ']')
                    .filter(|w| {
                        w.starts_with("--") && w.len() > 2 || w.len() == 2 && w.starts_with('-')
                    })
                    .map(|w| {
                        w.split('=')
                            .next()
                            .unwrap()
                            .trim_end_matches('.')
                            .to_owned()
                    })
                    .filter(|w| w != "--help" && w != "-h")
                    .collect();
                let required: Vec<String> = help
                    .lines()
                    .find(|l| l.starts_with("Usage:"))
                    .unwrap_or("")
                    .split_whitespace()
                    .filter(|w| w.starts_with("--"))
                    .map(str::to_owned)
                    .collect();
                out.push((path.clone(), flags, required));
            }
            for s in subs {
                let mut deeper = path.clone();
                deeper.push(s);
                todo.push(deeper);
            }
        }
        out
    })
}

/// Values that go wrong in the ways people and programs get them wrong.
fn junk_value(scratch: &Path) -> BoxedStrategy<String> {
    let file = |name: &str| scratch.join(name).display().to_string();
    let fixed: Vec<String> = vec![
        "".into(),
        " ".into(),
        "-".into(),
        "--".into(),
        "-1".into(),
        "0".into(),
        "1".into(),
        "3".into(),
        "4294967295".into(),
        "4294967296".into(),
        "99999999999999999999999".into(),
        "1e308".into(),
        "NaN".into(),
        "inf".into(),
        "-0.5".into(),
        "xiangqi".into(),
        "russian".into(),
        "brazilian".into(),
        "xiangqi@nope".into(),
        "russian@".into(),
        "@".into(),
        "startpos".into(),
        "startpos moves".into(),
        "W:W21,22:B1".into(),
        "W:W33:B1".into(),
        "W:WK0:B".into(),
        "B:W:B".into(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into(),
        "rnbakabnr/9/1c5c1 w".into(),
        "9/9/9/9/9/9/9/9/9/9 w - - 0 1".into(),
        "22-18 11-15".into(),
        "22x99".into(),
        "h2e2 h9g7".into(),
        "炮二平五".into(),
        "C2=5".into(),
        "e2e4".into(),
        "a0,i9".into(),
        "h0,h0,z9".into(),
        "5m+2s".into(),
        "5m+".into(),
        "+".into(),
        "reference".into(),
        "random".into(),
        "uci:".into(),
        "uci:/nonexistent/engine".into(),
        "/nonexistent/engine --flag".into(),
        "'unclosed".into(),
        "\u{FEFF}xiangqi".into(),
        "*".into(),
        "[".into(),
        "{".into(),
        "{}".into(),
        "null".into(),
        "x".repeat(5000),
        "/".into(),
        "/nonexistent/dir/file".into(),
        file("junk.yaml"),
        file("junk.json"),
        file("junk.jsonl"),
        file("empty.txt"),
        file("deep.yaml"),
        file("deep.json"),
        file("out"),
        scratch.display().to_string(),
    ];
    prop_oneof![
        4 => proptest::sample::select(fixed),
        1 => "[ -~]{0,24}",
        1 => any::<String>().prop_map(|s| s.chars().take(24).collect()),
    ]
    .boxed()
}

/// A value that fits `flag` (so the command gets past its argument checks and reads what it
/// was given), or `None` for a flag without typical values.
fn fitting(flag: &str, scratch: &Path) -> Option<Vec<String>> {
    let file = |name: &str| scratch.join(name).display().to_string();
    let v = |items: &[&str]| Some(items.iter().map(|s| s.to_string()).collect());
    match flag.trim_start_matches('-') {
        "ruleset" | "r" => v(&[
            "xiangqi",
            "russian",
            "brazilian",
            "russian@fmjd64",
            "xiangqi@cxa",
            "brazilian@fmjd",
        ]),
        "position" | "p" => v(&[
            "W:W21,22:B1",
            "B:W18:B14",
            "W:WK1:BK32",
            "4k4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
            "3k5/9/9/9/9/9/9/9/9/R8 w - - 0 1",
        ]),
        "moves" | "m" | "mark" => {
            v(&["22-18", "22-18 11-15", "h2e2 h9g7", "h2e2", "c3-d4", "a0a9"])
        }
        "depth" | "d" => v(&["0", "1", "2", "3", "70", "20000", "4294967295"]),
        "games" | "n" | "positions" | "fuzz" | "max-plies" | "max-moves" | "concurrency" | "j"
        | "seed" => v(&["0", "1", "2", "3", "4294967295"]),
        "engine" | "e" | "red" | "white" | "black" => v(&[
            "reference",
            "random",
            "uci:/nonexistent",
            "true",
            "false",
            "cat",
        ]),
        "format" => v(&["text", "json", "terminal", "markdown", "junit", "html"]),
        "notation" => v(&["numeric", "algebraic", "iccs", "uci10", "chinese", "wxf"]),
        "control" | "c" => v(&["5m+2s", "blitz", "nope"]),
        "report" | "junit" | "out" | "o" | "record" | "emit" | "baseline" | "openings"
        | "replay" => Some(vec![
            file("junk.jsonl"),
            file("junk.yaml"),
            file("out"),
            file("deep.json"),
            "/nonexistent/x".into(),
        ]),
        _ => None,
    }
}

/// Lines on stdin: protocol-ish requests, FENs, records, junk.
fn junk_line() -> BoxedStrategy<String> {
    let fixed: Vec<String> = vec![
        "".into(),
        "startpos".into(),
        "startpos moves".into(),
        "startpos moves 22-18 11-15".into(),
        "moves".into(),
        "moves 22-18".into(),
        "W:W21:B1 moves".into(),
        "# comment".into(),
        "{}".into(),
        "[".into(),
        "null".into(),
        r#"{"cmd":"start","protocol":1}"#.into(),
        r#"{"cmd":"run","seq":1,"ruleset":"russian@fmjd64","position":null,"moves":[],"query":"legal"}"#.into(),
        r#"{"cmd":"run","seq":1,"ruleset":"xiangqi@cxa","position":null,"moves":["h2e2"],"query":"perft","depth":4294967295,"count":"paths"}"#.into(),
        r#"{"cmd":"run","seq":-1,"ruleset":"nope","query":"legal"}"#.into(),
        r#"{"cmd":"stop"}"#.into(),
        "[".repeat(10_000),
        "{\"a\":".repeat(1000),
        "[Event \"x\"]".into(),
        "1. 22-18 11-15 *".into(),
        "1. h2e2 h9g7 2. 1-0".into(),
        "\u{FFFD}\u{0}\u{7}".into(),
    ];
    prop_oneof![
        3 => proptest::sample::select(fixed),
        1 => "[ -~]{0,40}",
    ]
    .boxed()
}

/// Writes the scratch files the junk values name.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-bad-input-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let files: [(&str, String); 6] = [
        ("junk.yaml", "- id: [\n  ruleset: 3\n\t bad: : :\n".into()),
        ("junk.json", "{\"type\":\"header\",\"arbiter\":1}\n{".into()),
        ("junk.jsonl", "{\"type\":\"result\"}\nnot json\n".into()),
        ("empty.txt", String::new()),
        (
            "deep.yaml",
            format!("{}1{}", "[".repeat(5000), "]".repeat(5000)),
        ),
        (
            "deep.json",
            format!("{}1{}", "[".repeat(5000), "]".repeat(5000)),
        ),
    ];
    for (name, contents) in files {
        std::fs::write(dir.join(name), contents).unwrap();
    }
    dir
}

/// What one run did: `None` if it was still running at the time limit (ended by us).
struct Ran {
    code: Option<i32>,
    signal: Option<i32>,
    stderr: String,
}

fn run(dir: &Path, args: &[String], stdin: &str) -> Ran {
    use std::os::unix::process::ExitStatusExt;
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(dir)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env("ARBITER_SEEDS", root().join("nonexistent"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_owned();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(stdin.as_bytes());
    });
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut buf);
        buf
    });
    let started = Instant::now();
    let mut ended_by_us = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            ended_by_us = true;
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = writer.join();
    let stderr = text(&reader.join().unwrap());
    Ran {
        code: status.code(),
        signal: if ended_by_us { None } else { status.signal() },
        stderr,
    }
}

/// The verdict on one run: `Err` with what went wrong.
fn judge(ran: &Ran) -> Result<(), String> {
    if let Some(signal) = ran.signal {
        return Err(format!("killed by signal {signal}"));
    }
    for bad in ["panicked at", "RUST_BACKTRACE", "stack overflow"] {
        if ran.stderr.contains(bad) {
            return Err(format!("stderr has {bad:?}"));
        }
    }
    match ran.code {
        Some(0..=2) | None => {}
        Some(code) => return Err(format!("exit code {code}")),
    }
    if ran.code.is_some() && ran.stderr.lines().count() > MAX_STDERR_LINES {
        return Err(format!("{} lines of stderr", ran.stderr.lines().count()));
    }
    Ok(())
}

#[test]
fn every_command_under_bad_input_exits_0_1_or_2_without_panic() {
    let dir = scratch();
    let cases = std::env::var("ARBITER_BAD_INPUT_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(160);
    let commands = commands();
    assert!(commands.len() > 16, "{commands:?}");
    let value = junk_value(&dir);
    let strategy = (
        proptest::sample::select((0..commands.len()).collect::<Vec<_>>()),
        proptest::collection::vec(
            (
                any::<proptest::sample::Index>(),
                value.clone(),
                any::<proptest::sample::Index>(),
                0..6u8,
            ),
            0..4,
        ),
        proptest::collection::vec(junk_line(), 0..4),
        (any::<proptest::sample::Index>(), any::<[bool; 4]>()),
    );
    let tally = std::sync::Mutex::new([0usize; 5]);
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&strategy, |(which, parts, lines, (pick, given))| {
        let (path, flags, required) = &commands[which];
        let mut args = path.clone();
        // The required flags, each most of the time, with a fitting value.
        for (flag, given) in required.iter().zip(given.iter().cycle().chain(&[true; 8])) {
            if *given || args.len() % 3 != 0 {
                let value = fitting(flag, &dir)
                    .map_or_else(|| "1".to_owned(), |fit| pick.get(&fit).clone());
                args.extend([flag.clone(), value]);
            }
        }
        for (flag, value, pick, shape) in parts {
            match (shape, flags.is_empty()) {
                // a flag and a fitting value (twice as likely); a flag and junk; a flag
                // alone; `--flag=junk`; a bare value
                (0 | 4, false) => {
                    let flag = flag.get(flags).clone();
                    let value = fitting(&flag, &dir).map_or(value, |fit| pick.get(&fit).clone());
                    args.extend([flag, value]);
                }
                (1, false) => args.extend([flag.get(flags).clone(), value]),
                (2, false) => args.push(flag.get(flags).clone()),
                (3, false) => args.push(format!("{}={value}", flag.get(flags))),
                _ => args.push(value),
            }
        }
        // An argument cannot hold a NUL byte (the operating system's limit, not arbiter's).
        for a in &mut args {
            a.retain(|c| c != '\0');
        }
        let stdin = lines.join("\n");
        let ran = run(&dir, &args, &stdin);
        tally.lock().unwrap()[match ran.code {
            Some(c @ 0..=2) => c as usize,
            Some(_) => 4,
            None => 3,
        }] += 1;
        judge(&ran).map_err(|why| {
            TestCaseError::fail(format!(
                "arbiter {args:?} with stdin {stdin:?}: {why}\nstderr:\n{}",
                ran.stderr.chars().take(3000).collect::<String>()
            ))
        })
    });
    let _ = std::fs::remove_dir_all(&dir);
    let [ok, findings, refused, timed_out, other] = *tally.lock().unwrap();
    eprintln!(
        "bad input: exit 0 {ok}, exit 1 {findings}, exit 2 {refused}, still running at {} s {timed_out}, other {other}",
        TIME_LIMIT.as_secs()
    );
    if let Err(e) = result {
        panic!("{e}");
    }
}
