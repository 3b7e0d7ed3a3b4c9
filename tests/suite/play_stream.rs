//! Issue 27, "memory that grows with the match": `arbiter play` gives each record away as
//! its game ends, in the order of the games whatever the number of threads, and keeps only
//! running totals (the memory itself is a benchmark: docs/performance.md, "Match memory").

use crate::common::{run, temp_dir};
use arbiter::play::{stream_match, GameOptions, MatchError, MatchOptions, PlayerSpec};

fn options(games: u32, concurrency: usize) -> MatchOptions {
    let game = GameOptions {
        ruleset: "xiangqi".parse().unwrap(),
        control: None,
        max_plies: Some(40),
        round: 0,
    };
    let mut options = MatchOptions::new(game, games);
    options.concurrency = concurrency;
    options
}

fn specs() -> [PlayerSpec; 2] {
    [
        PlayerSpec::parse("random").unwrap(),
        PlayerSpec::parse("greedy").unwrap(),
    ]
}

#[test]
fn records_come_in_the_order_of_the_games_whatever_the_threads() {
    let mut alone = Vec::new();
    let totals = stream_match(&specs(), &options(24, 1), |p| {
        alone.push(p.last.to_text());
        Ok(())
    })
    .unwrap();
    assert_eq!(totals.games, 24);
    let mut rounds = Vec::new();
    let mut threaded = Vec::new();
    let again = stream_match(&specs(), &options(24, 4), |p| {
        rounds.push(p.last.round);
        assert_eq!(p.done, p.last.round);
        threaded.push(p.last.to_text());
        Ok(())
    })
    .unwrap();
    assert_eq!(rounds, (1..=24).collect::<Vec<_>>());
    assert_eq!(threaded, alone);
    assert_eq!(again.score, totals.score);
}

#[test]
fn a_record_that_cannot_be_taken_stops_the_match_there() {
    let mut calls = 0;
    let stopped = stream_match(&specs(), &options(200, 3), |p| {
        calls += 1;
        if p.done == 5 {
            return Err("disk full".to_owned());
        }
        Ok(())
    });
    assert_eq!(
        stopped.unwrap_err(),
        MatchError::Output {
            round: 5,
            message: "disk full".to_owned()
        }
    );
    assert_eq!(calls, 5);
}

/// The record file is opened before the first game: a path that cannot be written is
/// refused at once, not after the whole match (a million games here).
#[test]
fn a_record_path_that_cannot_be_written_is_refused_before_playing() {
    let dir = temp_dir("play-stream-missing");
    let path = dir.join("no/such/dir/match.pgn");
    let (code, stdout, stderr) = run(&[
        "play",
        "--red",
        "random",
        "--black",
        "random",
        "--ruleset",
        "russian",
        "--games",
        "1000000",
        "--record",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{stdout}{stderr}");
    assert!(stderr.contains("cannot write"), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
