//! `arbiter play`: a match between two players under the arbiter, with clocks, records and
//! a final score; `arbiter play --replay <records>` replays records and checks their
//! results.

use super::CliError;
use arbiter::play::elo::show;
use arbiter::play::{
    control_for, parse_records, run_match, verify, Adjudication, DrawAdjudication, GameOptions,
    MatchOptions, MatchResult, MatchScore, Opening, PlayerSpec, Progress, RecordNotation,
    ResignAdjudication,
};
use arbiter::Ruleset;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `arbiter play`.
#[derive(Debug, Args)]
pub struct PlayArgs {
    /// The first player (red in xiangqi, white in draughts; `--white` is the same option):
    /// random, greedy, uci:<command line>[@movetime=<ms>] (a UCI engine; ucci: for UCCI), or a protocol
    /// engine answering `go`: proto:<command line>, reference, mutant:<name>, or any other
    /// command line (as `arbiter run --engine` reads it).
    #[arg(long, alias = "white", required_unless_present = "replay")]
    red: Option<String>,
    /// The second player (black), named as --red is.
    #[arg(long, required_unless_present = "replay")]
    black: Option<String>,
    /// How long a protocol engine may take for a move in a game without a clock, in
    /// seconds (with a clock: its time left). A hang past it loses by engine failure.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,
    /// The ruleset: brazilian, russian or xiangqi (optionally @edition).
    #[arg(long, short = 'r', required_unless_present = "replay")]
    ruleset: Option<Ruleset>,
    /// The number of games; colours alternate every game.
    #[arg(long, short = 'n', default_value_t = 2)]
    games: u32,
    /// Play each opening twice, colours swapped (games 2k+1 and 2k+2 from opening k);
    /// without it each game takes the next opening.
    #[arg(long)]
    repeat: bool,
    /// Games played at the same time, on as many threads (each with its own players); the
    /// games do not depend on it (a seed per game).
    #[arg(long, short = 'j', default_value_t = 1)]
    concurrency: usize,
    /// The time control: an installed control's id (`arbiter clock --list`) or
    /// <base>+<increment> (`5m+2s`). Without it the games have no clock.
    #[arg(long, short = 'c')]
    control: Option<String>,
    /// A file of openings, one a line: a FEN, a FEN followed by `moves m1 m2 …`, or a move
    /// list from the start position; `#` starts a comment. Used in turn (twice each with
    /// `--repeat`).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// The seed of the random players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Adjudicate a draw after this many plies (off by default; named in the record).
    #[arg(long, conflicts_with = "max_moves")]
    max_plies: Option<u32>,
    /// Adjudicate a draw after this many moves of each side (cutechess's `-maxmoves`: 2N
    /// plies; off by default; named in the record).
    #[arg(long)]
    max_moves: Option<u32>,
    /// Adjudicate a draw by the engines' scores (cutechess's `-draw`): "movenumber=N
    /// movecount=M score=S": both scores within S centipawns of zero for M consecutive
    /// moves each, after N full moves. Off by default; named in the record.
    #[arg(long, value_name = "RULE")]
    draw: Option<DrawAdjudication>,
    /// Adjudicate a loss by an engine's score (cutechess's `-resign`): "movecount=M
    /// score=S": its score S centipawns or more below zero for M consecutive moves. Off by
    /// default; named in the record.
    #[arg(long, value_name = "RULE")]
    resign: Option<ResignAdjudication>,
    /// Write the games' records (PDN for draughts, PGN-style for xiangqi) to this file.
    #[arg(long, alias = "pgn", alias = "pdn")]
    record: Option<PathBuf>,
    /// The notation of the moves in --record: canonical (ICCS in xiangqi, numeric in
    /// draughts), or for xiangqi chinese (the CXA move record: 炮二平五 马8进7) or wxf
    /// (C2=5). Every one is read back by --replay and `arbiter standings`.
    #[arg(long, value_name = "NOTATION", default_value = "canonical")]
    record_notation: RecordNotation,
    /// No progress line.
    #[arg(long, short = 'q')]
    quiet: bool,
    /// Replay the records of a file through the arbiter and check each result.
    #[arg(long, conflicts_with_all = ["red", "black"])]
    replay: Option<PathBuf>,
}

/// Plays the match (or replays records).
pub fn play(args: PlayArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.replay {
        return replay(path);
    }
    let (Some(red), Some(black), Some(ruleset)) = (&args.red, &args.black, &args.ruleset) else {
        return Err("give --red (or --white), --black and --ruleset".into());
    };
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        return Err(format!(
            "--timeout {}: expected a number of seconds above 0",
            args.timeout
        )
        .into());
    }
    let timeout = std::time::Duration::from_secs_f64(args.timeout);
    args.record_notation.check(ruleset.game)?;
    let specs = [
        PlayerSpec::parse(red)?.with_timeout(timeout),
        PlayerSpec::parse(black)?.with_timeout(timeout),
    ];
    let control = match &args.control {
        Some(c) => Some(control_for(ruleset.game, c)?),
        None => None,
    };
    let openings = match &args.openings {
        Some(path) => read_openings(path)?,
        None => Vec::new(),
    };
    let options = MatchOptions {
        game: GameOptions {
            ruleset: ruleset.clone(),
            control,
            max_plies: args
                .max_plies
                .or(args.max_moves.map(|m| m.saturating_mul(2))),
            round: 0,
        },
        games: args.games,
        openings,
        repeat: args.repeat,
        seed: args.seed,
        concurrency: args.concurrency.max(1),
        adjudication: Adjudication {
            draw: args.draw,
            resign: args.resign,
        },
    };
    let show = !args.quiet && std::io::stderr().is_terminal();
    let started = std::time::Instant::now();
    let total = args.games;
    let played = run_match(&specs, &options, |p: &Progress<'_>| {
        if show {
            let width = 30;
            let filled = (p.done * width / total.max(1)) as usize;
            eprint!(
                "\r[{}{}] {}/{total} {}: {}   ",
                "#".repeat(filled),
                "-".repeat(width as usize - filled),
                p.done,
                p.names[0],
                p.score.summary()
            );
            let _ = std::io::stderr().flush();
        }
    })?;
    if show {
        eprintln!();
    }
    let elapsed = started.elapsed();
    if let Some(path) = &args.record {
        let text: String = played
            .records
            .iter()
            .map(|r| r.to_text_in(args.record_notation))
            .collect();
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let mut reasons: std::collections::BTreeMap<String, u32> = Default::default();
    for r in &played.records {
        if let Some(o) = &r.result {
            *reasons.entry(o.reason.slug().to_owned()).or_default() += 1;
        }
    }
    println!(
        "{} vs {} ({ruleset}, {} games{})",
        played.names[0],
        played.names[1],
        played.records.len(),
        args.control
            .as_ref()
            .map_or_else(String::new, |c| format!(", control {c}"))
    );
    println!("score of {}: {}", played.names[0], played.score.summary());
    let plies: usize = played
        .records
        .iter()
        .map(|r| {
            r.entries
                .iter()
                .filter(|e| matches!(e, arbiter::play::Entry::Move { .. }))
                .count()
        })
        .sum();
    println!(
        "endings: {}",
        reasons
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    print!("{}", table(&played));
    println!(
        "{} plies in {:.2} s ({:.2} games/s)",
        plies,
        elapsed.as_secs_f64(),
        f64::from(total) / elapsed.as_secs_f64().max(1e-9),
    );
    Ok(ExitCode::SUCCESS)
}

/// The final table, like cutechess's: rank, name, Elo, ±, games, score, draws; each row
/// from that player's side of the score.
fn table(played: &MatchResult) -> String {
    let a = played.score;
    let b = MatchScore {
        wins: a.losses,
        losses: a.wins,
        ..a
    };
    let mut rows = [(&played.names[0], a), (&played.names[1], b)];
    rows.sort_by(|x, y| y.1.points().total_cmp(&x.1.points()));
    let width = played
        .names
        .iter()
        .map(|n| n.len())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = format!(
        "{:>4}  {:<width$}  {:>7}  {:>7}  {:>5}  {:>6}  {:>5}\n",
        "rank", "name", "elo", "+/-", "games", "score", "draws"
    );
    for (rank, (name, s)) in rows.iter().enumerate() {
        let e = s.estimate();
        let games = s.wins + s.draws + s.losses;
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        out.push_str(&format!(
            "{:>4}  {:<width$}  {:>7}  {:>7}  {:>5}  {:>6}  {:>5}\n",
            rank + 1,
            name,
            e.map_or("-".to_owned(), |e| show(e.difference)),
            e.map_or("-".to_owned(), |e| {
                let m = e.margin();
                if m.is_finite() {
                    format!("{m:.1}")
                } else {
                    "inf".to_owned()
                }
            }),
            s.games(),
            s.fraction().map_or("-".to_owned(), pct),
            if games == 0 {
                "-".to_owned()
            } else {
                pct(f64::from(s.draws) / f64::from(games))
            },
        ));
    }
    out
}

/// Replays every record of a file and checks its result.
fn replay(path: &PathBuf) -> Result<ExitCode, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let records = parse_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut failed = 0;
    for (i, r) in records.iter().enumerate() {
        match verify(r) {
            Ok(result) => println!(
                "game {}: {} {}{} — reproduced",
                i + 1,
                r.result,
                result.reason,
                result
                    .clause
                    .map_or_else(String::new, |c| format!(" ({c})"))
            ),
            Err(e) => {
                failed += 1;
                println!("game {}: NOT reproduced: {e}", i + 1);
            }
        }
    }
    println!(
        "{} of {} games reproduced",
        records.len() - failed,
        records.len()
    );
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// Reads an openings file (see `--openings`).
fn read_openings(path: &PathBuf) -> Result<Vec<Opening>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (fen, moves) = match line.split_once(" moves ") {
            Some((f, m)) => (Some(f.trim().to_owned()), m),
            None if line.contains('/') || line.contains(':') => (Some(line.to_owned()), ""),
            None => (None, line),
        };
        out.push(Opening {
            fen,
            moves: moves.split_whitespace().map(str::to_owned).collect(),
        });
    }
    if out.is_empty() {
        return Err(format!("{}: no opening in the file", path.display()).into());
    }
    Ok(out)
}
