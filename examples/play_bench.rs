//! Benchmark of the match simulator: complete games under the arbiter (every rule checked on
//! every move), one thread, and the arbiter's own time per move next to a subprocess engine.
//!
//! ```text
//! cargo run --profile dist --example play_bench -- random <ruleset> [games] [seed]
//! cargo run --profile dist --example play_bench -- engine <command> [movetime-ms] [plies] [games]
//! ```
//!
//! `random`: two built-in random players play `games` complete games (no adjudication);
//! prints the plies, the CPU time of the process (user + system, from `getrusage`) and the
//! rates per CPU second: complete games and plies.
//!
//! `engine`: the UCI engine `command` plays itself at `go movetime <ms>` for `games` games of
//! at most `plies` plies; prints the arbiter process's CPU time per move (the engines are
//! other processes, so this is the arbiter's own work: judging, records, clocks, the UCI
//! text both ways) as a share of the move time, and the wall time per move beyond the move
//! time (the engine's overshoot plus the pipes). Figures: docs/performance.md.

use arbiter::play::{run_match, GameOptions, MatchOptions, PlayerSpec};
use std::time::Instant;

/// The CPU time of this process so far, in seconds (user + system).
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage writes into the zeroed struct it is given and reads nothing else.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    secs(usage.ru_utime) + secs(usage.ru_stime)
}

fn plies(played: &arbiter::play::MatchResult) -> usize {
    played
        .records
        .iter()
        .flat_map(|r| &r.entries)
        .filter(|e| matches!(e, arbiter::play::Entry::Move { .. }))
        .count()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    match arg(0) {
        Some("random") => {
            let ruleset = arg(1).unwrap_or("xiangqi").parse().expect("a ruleset");
            let games: u32 = arg(2).map_or(200, |g| g.parse().expect("a number of games"));
            let seed: u64 = arg(3).map_or(1, |s| s.parse().expect("a seed"));
            let mut options = MatchOptions::new(
                GameOptions {
                    ruleset,
                    control: None,
                    max_plies: None,
                    round: 0,
                },
                games,
            );
            options.seed = seed;
            let specs = [PlayerSpec::Random, PlayerSpec::Random];
            let (cpu, wall) = (cpu_seconds(), Instant::now());
            let played = run_match(&specs, &options, |_| {}).expect("the match");
            let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
            let n = plies(&played);
            let mut reasons = std::collections::BTreeMap::<String, u32>::new();
            for r in &played.records {
                if let Some(o) = &r.result {
                    *reasons.entry(o.reason.slug().to_owned()).or_default() += 1;
                }
            }
            println!(
                "{} random games: {n} plies ({:.0} per game), {cpu:.3} s CPU, {wall:.3} s wall",
                played.records.len(),
                n as f64 / f64::from(games.max(1)),
            );
            println!(
                "{:.1} complete games per CPU second, {:.0} plies per CPU second ({:.2} µs per ply)",
                f64::from(games) / cpu,
                n as f64 / cpu,
                1e6 * cpu / n as f64
            );
            println!("endings: {reasons:?}");
        }
        Some("engine") => {
            let command = arg(1).unwrap_or("/usr/games/fairy-stockfish");
            let movetime: u64 = arg(2).map_or(100, |m| m.parse().expect("milliseconds"));
            let max_plies: u32 = arg(3).map_or(40, |p| p.parse().expect("plies"));
            let games: u32 = arg(4).map_or(2, |g| g.parse().expect("games"));
            let spec = PlayerSpec::parse(&format!("uci:{command}@movetime={movetime}"))
                .expect("an engine");
            let options = MatchOptions::new(
                GameOptions {
                    ruleset: "xiangqi".parse().expect("xiangqi"),
                    control: None,
                    max_plies: Some(max_plies),
                    round: 0,
                },
                games,
            );
            let (cpu, wall) = (cpu_seconds(), Instant::now());
            let played = run_match(&[spec.clone(), spec], &options, |_| {}).expect("the match");
            let (cpu, wall) = (cpu_seconds() - cpu, wall.elapsed().as_secs_f64());
            let n = plies(&played) as f64;
            let per_move_cpu = 1e3 * cpu / n;
            let per_move_wall = 1e3 * wall / n;
            println!(
                "{} games, {n} moves at movetime {movetime} ms: {wall:.2} s wall, {cpu:.3} s arbiter CPU",
                played.records.len()
            );
            println!(
                "arbiter CPU per move {per_move_cpu:.3} ms = {:.2}% of the move time; wall per move {per_move_wall:.1} ms ({:+.1} ms beyond the move time)",
                100.0 * per_move_cpu / movetime as f64,
                per_move_wall - movetime as f64
            );
        }
        _ => {
            eprintln!(
                "usage: play_bench random <ruleset> [games] [seed]\n       play_bench engine <command> [movetime-ms] [plies] [games]"
            );
            std::process::exit(2);
        }
    }
}
