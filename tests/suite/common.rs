//! Helpers shared by the suite's modules: the repository root, running the `arbiter` binary
//! and reading what it wrote, and scratch directories.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The repository root (the package directory).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the `arbiter` binary in the repository root.
pub fn arbiter(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Runs the `arbiter` binary in the repository root with `input` on its standard input.
pub fn arbiter_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .current_dir(root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The exit code of a process that exited normally.
pub fn code(out: &Output) -> i32 {
    out.status.code().expect("exited normally")
}

/// What a process wrote on its standard output.
pub fn stdout(out: &Output) -> String {
    text(&out.stdout)
}

/// What a process wrote on its standard error.
pub fn stderr(out: &Output) -> String {
    text(&out.stderr)
}

/// Bytes as text, invalid UTF-8 replaced.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A xiangqi position from a list of `square=letter` placements (FEN letters: `e0=K
/// e9=k a0=R`), red (`w`) or black (`b`) to move.
pub fn xiangqi_position(pieces: &str, turn: char) -> arbiter::xiangqi::Position {
    use arbiter::xiangqi::{fen::write_fen, Piece, Position, Setup, Square};
    use arbiter::Side;
    let mut setup = Setup::empty();
    for item in pieces.split_whitespace() {
        let (sq, letter) = item.split_once('=').expect("square=letter");
        let sq: Square = sq.parse().expect("square");
        let piece = Piece::from_char(letter.chars().next().expect("letter")).expect("piece");
        setup.set(sq, Some(piece));
    }
    setup.turn = if turn == 'w' {
        Side::First
    } else {
        Side::Second
    };
    let fen = write_fen(&setup);
    Position::from_setup(&setup).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Runs the `arbiter` binary in the repository root: (exit code, stdout, stderr), the code
/// -1 when it was killed by a signal.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = arbiter(args);
    (out.status.code().unwrap_or(-1), stdout(&out), stderr(&out))
}

/// An empty directory `arbiter-<name>-<process id>` in the system's temporary directory;
/// `name` must be unique in the suite (prefix it with the module's name).
pub fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs, against the reference, a case whose `legal` expectation is wrong (it forgets that
/// capturing is compulsory: it expects 22-17 and 25-21 where the only move is 22x15), with
/// its JSON-lines report written into `dir`; the run must fail. Returns the report's path.
pub fn failed_move_list_report(dir: &Path, id: &str) -> PathBuf {
    let case = dir.join("wrong.yaml");
    std::fs::write(
        &case,
        format!(
            "- id: {id}\n  clauses: [d64.capture.compulsory]\n  ruleset: russian\n  position: \"W:W22,25:B18\"\n  expect:\n    legal: [22-17, 25-21]\n"
        ),
    )
    .unwrap();
    let report = dir.join("report.jsonl");
    let out = arbiter(&[
        "run",
        case.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    report
}

/// The committed seed corpus of a cargo-fuzz target (`fuzz/corpus/<target>`), as
/// (file name, bytes) sorted by name; at least `min` files, so a corpus emptied by accident
/// fails.
pub fn fuzz_corpus(target: &str, min: usize) -> Vec<(String, Vec<u8>)> {
    let dir = root().join("fuzz/corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= min,
        "{target}: only {} seed files",
        files.len()
    );
    files
}

/// The options of a simulated game under `ruleset`, with a clock when `control` names one.
pub fn game_options(ruleset: &str, control: Option<&str>) -> arbiter::play::GameOptions {
    let ruleset: arbiter::Ruleset = ruleset.parse().unwrap();
    arbiter::play::GameOptions {
        control: control.map(|c| arbiter::play::control_for(ruleset.game, c).unwrap()),
        ruleset,
        max_plies: None,
        round: 1,
    }
}

/// The record written, read back and replayed gives the same result.
pub fn replays(record: &arbiter::play::GameRecord) {
    let text = record.to_text();
    let read = arbiter::records::parse_records(&text).unwrap();
    assert_eq!(read.len(), 1);
    assert_eq!(
        Some(arbiter::records::verify(&read[0]).unwrap()),
        record.result,
        "{text}"
    );
}

/// The records file of a 2-game `arbiter play` reproduces with `--replay`, and
/// `standings --verify` ranks it with a player named `name`.
pub fn records_replay_and_rank(record: &Path, name: &str) {
    let out = arbiter(&["play", "--replay", record.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("2 of 2 games reproduced"),
        "{}",
        stdout(&out)
    );
    let out = arbiter(&["standings", "--verify", record.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains(name), "{}", stdout(&out));
}

/// Random valid draughts setups: at most 12 pieces a side, men off their crowning row (a
/// piece there is a king), and a piece of the side that moved last (`Position::from_setup`
/// refuses a setup without one). Each square holds a piece with probability 4/n, n drawn
/// from `density` (`5..40`: from crowded to sparse).
pub fn draughts_setups(
    density: std::ops::Range<u8>,
) -> impl proptest::strategy::Strategy<Value = arbiter::draughts::Setup> {
    use arbiter::draughts::{promotion_row, Bitboard, Setup, Square};
    use arbiter::Side;
    use proptest::prelude::*;
    let cells = density.prop_flat_map(|n| proptest::collection::vec(0u8..n, 32));
    (cells, any::<bool>())
        .prop_map(|(cells, white)| {
            let mut s = Setup::empty(if white { Side::First } else { Side::Second });
            let mut counts = [0; 2];
            for (i, c) in cells.iter().enumerate() {
                let square = Square::from_number(i as u8 + 1).expect("32 squares");
                let (color, king) = match c {
                    0 => (Side::First, false),
                    1 => (Side::First, true),
                    2 => (Side::Second, false),
                    3 => (Side::Second, true),
                    _ => continue,
                };
                let slot = usize::from(color == Side::Second);
                if counts[slot] == 12 {
                    continue;
                }
                counts[slot] += 1;
                match color {
                    Side::First => s.white = s.white.with(square),
                    Side::Second => s.black = s.black.with(square),
                }
                if king || Bitboard(promotion_row(color)).contains(square) {
                    s.kings = s.kings.with(square);
                }
            }
            s
        })
        .prop_filter("the side that moved last has a piece", |s| {
            !s.pieces(s.turn.other()).is_empty()
        })
}
