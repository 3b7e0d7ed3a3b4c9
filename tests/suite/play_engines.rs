//! Issue 26, the UCCI and XBoard players of `arbiter play`, on a fake engine that thinks as
//! long as the clock it is told says, in the unit it reads, and writes down every line it
//! receives (`tests/fixtures/play/clocked_engine.py`): UCCI's time unit as probed (seconds
//! unless the engine takes `usemillisec`; an engine that reads milliseconds without saying
//! so; one that misreads `increment`), XBoard's `level`/`time`/`otim` (centiseconds), and
//! the XBoard player's faults (an illegal move, garbage, silence, a crash, a resignation, a
//! result claimed instead of a move, a refused history move, a line over the limit of one
//! line of output), each a ruling with a reason.

use crate::common::{arbiter, code, game_options, replays, root, stderr, stdout, temp_dir};
use arbiter::play::{
    play_game, Decision, Entry, GameRecord, Opening, Player, RandomPlayer, UciPlayer, XboardPlayer,
};
use arbiter::Side;
use std::path::{Path, PathBuf};

fn fake(args: &str, log: &Path) -> String {
    let script = root().join("tests/fixtures/play/clocked_engine.py");
    format!(
        "python3 {} --arbiter {} --log {} {args}",
        script.display(),
        env!("CARGO_BIN_EXE_arbiter"),
        log.display()
    )
}

fn log_in(name: &str) -> PathBuf {
    let path = temp_dir(name).join("received.log");
    let _ = std::fs::remove_file(&path);
    path
}

/// The `go` lines the engine received after the player's start-up probes (those on the
/// probe position), in order.
fn game_gos(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap();
    let mut gos = Vec::new();
    let mut probe = false;
    for line in text.lines() {
        if line.starts_with("position") {
            probe = line.contains("a3a4 a6a5 i3i4 i6i5");
        }
        if line.starts_with("go ") && !probe && !line.contains("depth") {
            gos.push(line.to_owned());
        }
    }
    gos
}

fn number_after(line: &str, key: &str) -> Option<u64> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == key)?;
    words.get(i + 1)?.parse().ok()
}

/// A game of `max_plies` between the engine (red) and a random player, under `control`.
fn game(red: &mut dyn Player, control: Option<&str>, max_plies: u32) -> GameRecord {
    let mut black = RandomPlayer::new(3);
    let mut players: [&mut dyn Player; 2] = [red, &mut black];
    let mut options = game_options("xiangqi", control);
    options.max_plies = Some(max_plies);
    play_game(&mut players, &Opening::default(), &options).unwrap()
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

/// The game went to its ply limit: no flag fell, nobody forfeited.
fn went_the_distance(record: &GameRecord) {
    let reason = record.result.as_ref().unwrap().reason.slug().to_owned();
    assert_eq!(reason, "adjudicated-max-plies", "{}", record.to_text());
    replays(record);
}

#[test]
fn ucci_times_are_milliseconds_once_the_engine_takes_usemillisec() {
    // The fake reads seconds (UCCI's unit) until `setoption usemillisec true`: told
    // milliseconds without it, 5000 "seconds" would have it think past its flag.
    let log = log_in("ucci-usemillisec");
    let mut red = UciPlayer::start(
        &format!("ucci:{}", fake("--ucci --offer-usemillisec", &log)),
        None,
    )
    .unwrap();
    let times = red.times();
    assert!(times.millis && times.increment, "{times:?}");
    let record = game(&mut red, Some("5s+100ms"), 12);
    went_the_distance(&record);
    let received = std::fs::read_to_string(&log).unwrap();
    assert!(
        received.contains("setoption usemillisec true"),
        "{received}"
    );
    let gos = game_gos(&log);
    assert_eq!(gos.len(), 6, "{gos:?}");
    for go in &gos {
        let time = number_after(go, "time").unwrap();
        assert!((1000..=5100).contains(&time), "{go}");
        assert_eq!(number_after(go, "increment"), Some(100), "{go}");
        assert_eq!(number_after(go, "oppincrement"), Some(100), "{go}");
    }
}

#[test]
fn ucci_times_are_seconds_for_an_engine_that_reads_seconds_without_usemillisec() {
    // UCCI's own unit: 5 s left is `time 5`; an increment under a second is not sent
    // (rounded down to nothing), never rounded up.
    let log = log_in("ucci-seconds");
    let mut red =
        UciPlayer::start(&format!("ucci:{}", fake("--ucci --units s", &log)), None).unwrap();
    assert!(!red.times().millis, "{:?}", red.times());
    let record = game(&mut red, Some("5s+100ms"), 8);
    went_the_distance(&record);
    let gos = game_gos(&log);
    assert_eq!(gos.len(), 4, "{gos:?}");
    for go in &gos {
        let time = number_after(go, "time").unwrap();
        assert!((1..=5).contains(&time), "{go}");
        assert!(!go.contains("increment"), "{go}");
    }
}

#[test]
fn ucci_times_are_milliseconds_for_an_engine_that_reads_them_without_saying_so() {
    // Debian's Fairy-Stockfish 11.1: no `usemillisec` option, milliseconds read. The probe
    // finds it (`go time 100` answered within a second), so it is not told 5 s as `time 5`.
    let log = log_in("ucci-silent-millis");
    let mut red =
        UciPlayer::start(&format!("ucci:{}", fake("--ucci --units ms", &log)), None).unwrap();
    assert!(red.times().millis, "{:?}", red.times());
    let record = game(&mut red, Some("5s+100ms"), 8);
    went_the_distance(&record);
    for go in &game_gos(&log) {
        assert!(number_after(go, "time").unwrap() >= 1000, "{go}");
        assert_eq!(number_after(go, "increment"), Some(100), "{go}");
    }
}

#[test]
fn a_ucci_engine_that_misreads_increment_is_not_sent_one() {
    // Sjaak II 1.4.1 reads an unset value for `increment` and thinks far too long: the
    // probe (`go time 4000 increment 0`, still thinking after a second) finds it, and the
    // increment is left out, so it plays as without one instead of losing on time.
    let log = log_in("ucci-bad-increment");
    let mut red = UciPlayer::start(
        &format!(
            "ucci:{}",
            fake("--ucci --offer-usemillisec --bad-increment", &log)
        ),
        None,
    )
    .unwrap();
    let times = red.times();
    assert!(times.millis && !times.increment, "{times:?}");
    let record = game(&mut red, Some("5s+100ms"), 8);
    went_the_distance(&record);
    let gos = game_gos(&log);
    assert!(!gos.is_empty());
    for go in &gos {
        assert!(!go.contains("increment"), "{go}");
        assert!(number_after(go, "time").unwrap() >= 1000, "{go}");
    }
}

fn xboard(args: &str, log: &Path) -> XboardPlayer {
    XboardPlayer::start(
        &format!("xboard:{}", fake(&format!("--xboard {args}"), log)),
        None,
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_xboard_player_plays_on_level_time_and_otim_in_centiseconds() {
    let log = log_in("xboard-clock");
    let mut red = xboard("", &log);
    assert_eq!(red.name(), "Clocked Fake");
    assert_eq!(red.ranks().name(), "0-9");
    let record = game(&mut red, Some("1m+1s"), 12);
    went_the_distance(&record);
    assert!(record.players[0] == "Clocked Fake");
    let received = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = received.lines().collect();
    assert!(lines.contains(&"accepted usermove"), "{received}");
    assert!(lines.contains(&"level 0 1 1"), "{received}");
    let times: Vec<u64> = lines
        .iter()
        .filter_map(|l| l.strip_prefix("time "))
        .map(|t| t.parse().unwrap())
        .collect();
    assert_eq!(times.len(), 6, "{received}");
    // One minute (and the increments gained) is about 6000 centiseconds; never
    // milliseconds (60000) nor seconds (60).
    assert!(times.iter().all(|t| (5000..=6700).contains(t)), "{times:?}");
    assert!(lines.iter().any(|l| l.starts_with("otim ")), "{received}");
    // Each `go` is followed by `force`: the arbiter, not the engine, moves the game on.
    let after_go: Vec<&str> = lines
        .windows(2)
        .filter(|w| w[0] == "go")
        .map(|w| w[1])
        .collect();
    assert!(after_go.iter().all(|l| *l == "force"), "{after_go:?}");
}

#[test]
fn the_xboard_player_with_a_fixed_time_per_move_sends_it_as_time() {
    let log = log_in("xboard-movetime");
    let mut red = XboardPlayer::start(
        &format!("xboard:{}", fake("--xboard", &log)),
        Some(std::time::Duration::from_millis(50)),
    )
    .unwrap();
    let record = game(&mut red, None, 6);
    went_the_distance(&record);
    let received = std::fs::read_to_string(&log).unwrap();
    assert!(received.contains("level 1 0:01 0\n"), "{received}");
    assert!(received.contains("time 5\notim 5\ngo\n"), "{received}");
}

/// The fault planted at the engine's second `go`, the game's ruling.
fn faulty(fault: &str) -> (GameRecord, Option<Side>, String, String) {
    let log = log_in(&format!("xboard-{fault}"));
    let mut red = xboard(&format!("--fault {fault} --at 2"), &log);
    let record = game(&mut red, None, 40);
    let result = record.result.clone().unwrap();
    let (reason, detail) = decisions(&record)
        .iter()
        .find_map(|d| match d {
            Decision::Forfeit { reason, detail, .. } => {
                Some((reason.name().to_owned(), detail.clone()))
            }
            _ => None,
        })
        .unwrap_or_else(|| (result.reason.slug().to_owned(), String::new()));
    replays(&record);
    (record, result.winner(), reason, detail)
}

#[test]
fn an_xboard_engine_playing_an_illegal_move_loses_at_the_third_violation() {
    // xq.result.third-violation: its general steps two points, is taken back, three times.
    let (record, winner, reason, _) = faulty("illegal");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "third-violation")
    );
    let counts = decisions(&record)
        .iter()
        .filter(|d| matches!(d, Decision::Illegal { .. }))
        .count();
    assert_eq!(counts, 3);
}

#[test]
fn an_xboard_engine_answering_garbage_loses_by_an_unreadable_move() {
    let (_, winner, reason, detail) = faulty("garbage");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "unreadable-move")
    );
    assert!(detail.contains("zz99"), "{detail}");
}

#[test]
fn a_crashing_xboard_engine_loses_by_engine_failure_with_its_exit_status() {
    let (_, winner, reason, detail) = faulty("crash");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "engine-failure")
    );
    assert!(detail.contains("exit status: 3"), "{detail}");
    assert!(detail.contains("`move …` after `go`"), "{detail}");
    // What it wrote on stderr before it died goes with its exit status.
    assert!(
        detail.ends_with(
            "(it exited: exit status: 3; its stderr: clocked_engine.py: simulated crash on go)"
        ),
        "{detail}"
    );
}

#[test]
fn a_silent_xboard_engine_loses_by_engine_failure_after_its_grace() {
    // No clock: a move may take 100 ms and 10 s of grace.
    let (_, winner, reason, detail) = faulty("silence");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "engine-failure")
    );
    assert!(
        detail.contains("no `move …` after `go` within 10.1 s"),
        "{detail}"
    );
}

#[test]
fn an_xboard_engine_that_resigns_loses_by_resignation_not_by_failure() {
    let (_, winner, reason, detail) = faulty("resign");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "resignation")
    );
    assert!(detail.contains("it resigned"), "{detail}");
}

#[test]
fn an_xboard_engine_claiming_a_result_instead_of_moving_gave_no_move() {
    let (_, winner, reason, detail) = faulty("claim");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "engine-failure")
    );
    assert!(detail.contains("1/2-1/2 {Draw by repetition}"), "{detail}");
}

#[test]
fn an_xboard_engine_refusing_a_move_the_arbiter_took_cannot_go_on() {
    let (_, winner, reason, detail) = faulty("refuse");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "engine-failure")
    );
    assert!(detail.contains("it refuses move"), "{detail}");
    assert!(detail.contains("Illegal move"), "{detail}");
}

#[test]
fn an_xboard_engine_writing_a_line_over_the_limit_loses_by_engine_failure_saying_so() {
    // A line of 2 MiB: one line of engine output is read up to 1 MiB (a hostile engine
    // writing one endless line cannot fill the arbiter's memory), and the rest is not
    // taken for a line the engine may go on from.
    let (_, winner, reason, detail) = faulty("endless-line");
    assert_eq!(
        (winner, reason.as_str()),
        (Some(Side::Second), "engine-failure")
    );
    assert!(
        detail.starts_with(
            "Clocked Fake: its output: a line longer than 1048576 bytes (the limit of one line \
             of engine output), starting: 1 0 0 1 hhh"
        ),
        "{detail}"
    );
    assert!(
        detail.ends_with("…, while arbiter waited for `move …` after `go`"),
        "{detail}"
    );
}

#[test]
fn arbiter_play_takes_an_xboard_engine_and_its_records_replay() {
    let dir = temp_dir("play-xboard-cli");
    let record = dir.join("games.pgn");
    let log = dir.join("cli.log");
    let engine = format!("xboard:{}", fake("--xboard", &log));
    let out = arbiter(&[
        "play",
        "--red",
        &engine,
        "--black",
        "random",
        "--ruleset",
        "xiangqi",
        "--games",
        "2",
        "--control",
        "1m+1s",
        "--max-plies",
        "16",
        "--record",
        record.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("Clocked Fake"), "{}", stdout(&out));
    let out = arbiter(&["play", "--replay", record.to_str().unwrap()]);
    assert_eq!(code(&out), 0, "{}", stdout(&out));
    assert!(
        stdout(&out).contains("2 of 2 games reproduced"),
        "{}",
        stdout(&out)
    );
    // A crash is an engine failure: exit code 1.
    let crash = format!("xboard:{}", fake("--xboard --fault crash --at 2", &log));
    let out = arbiter(&[
        "play",
        "--red",
        &crash,
        "--black",
        "random",
        "--ruleset",
        "xiangqi",
        "--games",
        "1",
        "--quiet",
    ]);
    assert_eq!(code(&out), 1, "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).contains("exit status: 3"), "{}", stderr(&out));
}
