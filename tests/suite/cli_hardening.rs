//! Issue 27 (hardening), the command line's smaller items: `play --games 0` refused, a
//! `moves --batch` line `startpos moves` is the start position, `--help` wrapped to at most
//! 100 columns, and long runs print plain progress lines on stderr when it is not a
//! terminal.

use crate::common::{arbiter, arbiter_with_input, code, stderr, stdout, temp_dir};
use std::process::Command;

#[test]
fn play_refuses_zero_games_with_exit_2() {
    let out = arbiter(&[
        "play", "-r", "xiangqi", "--red", "random", "--black", "random", "--games", "0",
    ]);
    assert_eq!(code(&out), 2, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.contains("--games") && err.contains("0 is not in 1.."),
        "{err}"
    );
    assert!(stdout(&out).is_empty(), "nothing played: {}", stdout(&out));
}

#[test]
fn batch_startpos_moves_with_nothing_after_is_the_start_position() {
    for ruleset in ["xiangqi", "russian"] {
        let out = arbiter_with_input(
            &["moves", "-r", ruleset, "--batch"],
            "startpos moves\nstartpos\nstartpos   moves   \n",
        );
        assert_eq!(code(&out), 0, "{ruleset}: {}{}", stdout(&out), stderr(&out));
        let lines: Vec<serde_json::Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3);
        for line in &lines {
            assert!(line.get("error").is_none(), "{ruleset}: {line}");
            assert_eq!(line["position"], lines[1]["position"], "{ruleset}: {line}");
            assert_eq!(line["moves"], lines[1]["moves"]);
        }
    }
}

#[test]
fn batch_fen_moves_with_nothing_after_is_that_fen_and_moves_after_it_are_played() {
    let fen = "W:W21,22:B10";
    let out = arbiter_with_input(
        &["moves", "-r", "russian", "--batch"],
        &format!("{fen} moves\n{fen} moves 22-18\n"),
    );
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines[0]["position"].as_str().unwrap().starts_with("W:"));
    assert!(lines[1]["position"].as_str().unwrap().starts_with("B:"));
}

/// The columns a terminal gives a line: two for the wide (CJK) characters, one for others.
fn columns(line: &str) -> usize {
    line.chars()
        .map(|c| match c as u32 {
            0x1100..=0x115F
            | 0x2E80..=0x303E
            | 0x3041..=0x33FF
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xA000..=0xA4CF
            | 0xAC00..=0xD7A3
            | 0xF900..=0xFAFF
            | 0xFE30..=0xFE4F
            | 0xFF00..=0xFF60
            | 0xFFE0..=0xFFE6 => 2,
            _ => 1,
        })
        .sum()
}

/// The subcommands a help text lists under `Commands:` (but `help`).
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_owned)
        .collect()
}

#[test]
fn no_help_line_of_any_subcommand_is_wider_than_100_columns() {
    let mut todo: Vec<Vec<String>> = vec![Vec::new()];
    let mut seen = 0;
    while let Some(path) = todo.pop() {
        let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
        args.push("--help");
        let out = arbiter(&args);
        assert_eq!(code(&out), 0, "{args:?}: {}", stderr(&out));
        let help = stdout(&out);
        seen += 1;
        for line in help.lines() {
            assert!(
                columns(line) <= 100,
                "`arbiter {}` has a help line of {} columns:\n{line}",
                args.join(" "),
                columns(line)
            );
        }
        for sub in subcommands(&help) {
            let mut deeper = path.clone();
            deeper.push(sub);
            todo.push(deeper);
        }
    }
    assert!(seen > 16, "every subcommand was looked at ({seen})");
}

/// Runs arbiter with stderr a pipe and plain progress lines on every step.
fn with_plain_progress(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(crate::common::root())
        .args(args)
        .env("ARBITER_PROGRESS_SECONDS", "0")
        .output()
        .unwrap()
}

#[test]
fn run_prints_plain_progress_lines_when_stderr_is_not_a_terminal() {
    let out = with_plain_progress(&["run", "cases/draughts/capture.yaml", "-r", "russian"]);
    assert!(code(&out) <= 1, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.lines()
            .any(|l| l.starts_with("progress: 1/") && l.contains("case runs")),
        "{err}"
    );
}

#[test]
fn play_prints_plain_progress_lines_when_stderr_is_not_a_terminal() {
    let play = [
        "play", "-r", "russian", "--red", "random", "--black", "random",
    ];
    let out = with_plain_progress(&[&play[..], &["--games", "2"]].concat());
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("progress: 1/2 games"), "{err}");
    assert!(err.contains("progress: 2/2 games"), "{err}");
    let quiet = with_plain_progress(&[&play[..], &["--games", "2", "--quiet"]].concat());
    assert!(!stderr(&quiet).contains("progress:"), "{}", stderr(&quiet));
}

#[test]
fn fuzz_prints_plain_progress_lines_when_stderr_is_not_a_terminal() {
    let emit = temp_dir("hardening-fuzz-progress");
    let out = with_plain_progress(&[
        "fuzz",
        "-r",
        "brazilian",
        "--positions",
        "3",
        "--emit",
        emit.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    assert!(
        stderr(&out).contains("progress: 3/3 positions"),
        "{}",
        stderr(&out)
    );
    let _ = std::fs::remove_dir_all(&emit);
}

#[test]
fn mutants_prints_plain_progress_lines_when_stderr_is_not_a_terminal() {
    let out = with_plain_progress(&[
        "mutants",
        "--only",
        "kings-not-flying",
        "cases/draughts/movement.yaml",
    ]);
    assert!(code(&out) <= 1, "{}", stderr(&out));
    let err = stderr(&out);
    assert!(
        err.lines()
            .any(|l| l.starts_with("progress: 1/") && l.contains("case runs")),
        "{err}"
    );
}
