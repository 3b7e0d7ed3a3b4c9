//! `arbiter play`: a match between two players under the arbiter, with clocks, records and
//! a final score; `arbiter play --replay <records>` replays records and checks their
//! results.

use super::CliError;
use arbiter::play::elo::show;
use arbiter::play::{
    control_for, stream_match, Adjudication, Decision, DrawAdjudication, Entry, GameOptions,
    MatchOptions, MatchScore, Opening, PlayerSpec, Progress, RecordNotation, ResignAdjudication,
};
use arbiter::records::{check_game, game_outcome, read_file, CheckOptions, Status, TextEncoding};
use arbiter::{Game, Ruleset};
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Exit codes of `arbiter play`, shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes:
  0  the match was played (or, with --replay, every record reproduced)
  1  a game was lost by engine failure: a crash, a hang, nonsense on its output or an
     error of its own (each printed on stderr with what the engine wrote there), or, with
     --replay, a record not reproduced
  2  could not run: bad arguments, a player that cannot start or does not play the
     ruleset, a record file that cannot be written";

/// Arguments of `arbiter play`.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct PlayArgs {
    /// The first player (red in xiangqi, white in draughts; `--white` is the same option):
    /// random, greedy, uci:<command line>[@movetime=<ms>] (a UCI engine; ucci: for UCCI,
    /// xboard: for XBoard/CECP), or a protocol engine answering `go`: proto:<command line>, reference, mutant:<name>, or any other
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
    /// How long a protocol engine may take to start (answer `start`), at the beginning and
    /// at each restart after a failure, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = super::engine::DEFAULT_START_TIMEOUT)]
    start_timeout: f64,
    /// The ruleset: brazilian, russian or xiangqi (optionally @edition).
    #[arg(long, short = 'r', required_unless_present = "replay")]
    ruleset: Option<Ruleset>,
    /// The number of games (at least 1); colours alternate every game.
    #[arg(long, short = 'n', default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
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
    /// Replay the records of a file through the arbiter and check each result (any PGN or
    /// PDN record, as `arbiter records` reads it; --ruleset for games whose tags name no
    /// game). A forbidden repetition is refereed: a finding, not the end of the game.
    #[arg(long, conflicts_with_all = ["red", "black"])]
    replay: Option<PathBuf>,
    /// With --replay: the file's encoding (utf-8, utf-16, gb18030, big5); by default told
    /// from its bytes.
    #[arg(long, requires = "replay", value_parser = |s: &str| s.parse::<TextEncoding>())]
    encoding: Option<TextEncoding>,
}

/// Plays the match (or replays records).
pub fn play(args: PlayArgs) -> Result<ExitCode, CliError> {
    if let Some(path) = &args.replay {
        return replay(path, args.ruleset.as_ref(), args.encoding);
    }
    let (Some(red), Some(black), Some(ruleset)) = (&args.red, &args.black, &args.ruleset) else {
        return Err("give --red (or --white), --black and --ruleset".into());
    };
    let timeout = super::engine::seconds("--timeout", args.timeout)?;
    let start_timeout = super::engine::seconds("--start-timeout", args.start_timeout)?;
    args.record_notation.check(ruleset.game)?;
    let specs = [
        PlayerSpec::parse(red)?
            .with_timeout(timeout)
            .with_start_timeout(start_timeout),
        PlayerSpec::parse(black)?
            .with_timeout(timeout)
            .with_start_timeout(start_timeout),
    ];
    for (option, given, spec) in [("--red", red, &specs[0]), ("--black", black, &specs[1])] {
        if let Some(why) = cannot_play(spec, ruleset) {
            return Err(format!("{option} {given}: {why}").into());
        }
    }
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
    // The record file is opened before the first game (a bad path is refused at once) and
    // each record is written as its game ends, in the order of the games.
    let mut record_file = match &args.record {
        Some(path) => Some((
            std::io::BufWriter::new(
                std::fs::File::create(path)
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
            ),
            path,
        )),
        None => None,
    };
    let show = !args.quiet && std::io::stderr().is_terminal();
    // Without a terminal: a plain line every few seconds instead of the bar.
    let plain = (!args.quiet && !show)
        .then(|| super::progress::Progress::new("games", Some(u64::from(args.games)), "", false));
    let started = std::time::Instant::now();
    let total = args.games;
    // Running totals: nothing of a game is kept once its record is written.
    let mut reasons: std::collections::BTreeMap<String, u32> = Default::default();
    let mut plies = 0u64;
    let mut engine_failures = 0u32;
    let played = stream_match(&specs, &options, |p: &Progress<'_>| {
        if let Some(plain) = &plain {
            plain.set_message(format!("{}: {}", p.names[0], p.score.summary()));
            plain.inc(1);
        }
        let record = p.last;
        if let Some((file, path)) = &mut record_file {
            file.write_all(record.to_text_in(args.record_notation).as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        if let Some(o) = &record.result {
            *reasons.entry(o.reason.slug().to_owned()).or_default() += 1;
        }
        plies += record
            .entries
            .iter()
            .filter(|e| matches!(e, Entry::Move { .. }))
            .count() as u64;
        for entry in &record.entries {
            if let Entry::Decision(Decision::Forfeit {
                side,
                reason,
                detail,
            }) = entry
            {
                if *reason == arbiter::outcome::ForfeitReason::EngineFailure {
                    engine_failures += 1;
                    let who = &record.players[usize::from(*side == arbiter::Side::Second)];
                    if show {
                        eprintln!();
                    }
                    eprintln!(
                        "game {}: {who} ({}) lost by engine failure: {detail}",
                        record.round,
                        side.name(ruleset.game)
                    );
                }
            }
        }
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
        Ok(())
    });
    if show {
        eprintln!();
    }
    if let Some((file, path)) = &mut record_file {
        file.flush()
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let played = played?;
    let elapsed = started.elapsed();
    println!(
        "{} vs {} ({ruleset}, {} games{})",
        played.names[0],
        played.names[1],
        played.games,
        args.control
            .as_ref()
            .map_or_else(String::new, |c| format!(", control {c}"))
    );
    println!("score of {}: {}", played.names[0], played.score.summary());
    println!(
        "endings: {}",
        reasons
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    print!("{}", table(&played.names, played.score));
    println!(
        "{} plies in {:.2} s ({:.2} games/s)",
        plies,
        elapsed.as_secs_f64(),
        f64::from(total) / elapsed.as_secs_f64().max(1e-9),
    );
    if engine_failures > 0 {
        eprintln!(
            "engine failures: {engine_failures} game(s) lost by engine failure (a crash, a \
             hang, nonsense or an error on the engine's side; each named above)"
        );
        return Ok(ExitCode::FAILURE);
    }
    Ok(ExitCode::SUCCESS)
}

/// The games a `uci:`, `ucci:` or `xboard:` player plays: the players set the xiangqi
/// variant and read moves as ICCS, so a draughts engine would lose every game by an
/// unreadable move.
const UCI_GAMES: [Game; 1] = [Game::Xiangqi];

/// Why a player cannot play `ruleset` by what its kind declares, before it is started (a
/// protocol engine's own rulesets are checked when it starts, from its `start` reply);
/// `None`: it may.
fn cannot_play(spec: &PlayerSpec, ruleset: &Ruleset) -> Option<String> {
    match spec {
        PlayerSpec::Uci { .. } | PlayerSpec::Xboard { .. }
            if !UCI_GAMES.contains(&ruleset.game) =>
        {
            Some(format!(
                "the UCI, UCCI and XBoard players play {} only, not {ruleset} (every game would \
                 be lost by an unreadable move); play a draughts engine through the JSON-lines \
                 engine protocol (proto:<command line>, docs/protocol.md; adapters/ has examples)",
                UCI_GAMES.map(Game::name).join(", ")
            ))
        }
        _ => None,
    }
}

/// The final table, like cutechess's: rank, name, Elo, ±, games, score, draws; each row
/// from that player's side of the score.
fn table(names: &[String; 2], score: MatchScore) -> String {
    let a = score;
    let b = MatchScore {
        wins: a.losses,
        losses: a.wins,
        ..a
    };
    let mut rows = [(&names[0], a), (&names[1], b)];
    rows.sort_by(|x, y| y.1.points().total_cmp(&x.1.points()));
    let width = names.iter().map(|n| n.len()).max().unwrap_or(4).max(4);
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

/// Replays every record of a file and checks its result (`arbiter records`' check, one
/// line per game).
fn replay(
    path: &Path,
    ruleset: Option<&Ruleset>,
    encoding: Option<TextEncoding>,
) -> Result<ExitCode, CliError> {
    let read = read_file(path, encoding)?;
    let options = CheckOptions {
        ruleset: ruleset.cloned(),
        ..CheckOptions::default()
    };
    let total = read.games.len();
    let mut failed = 0;
    for (i, game) in read.games.iter().enumerate() {
        let n = i + 1;
        let record = match game {
            Ok(r) => r,
            Err(e) => {
                failed += 1;
                println!("game {n}: NOT read: line {}: {}", e.line, e.message);
                continue;
            }
        };
        let report = check_game(record, &options);
        for f in &report.findings {
            println!("game {n}: finding at ply {}: {}", f.ply, f.message);
        }
        if report.status != Status::Clean {
            failed += 1;
            println!(
                "game {n} (line {}): NOT reproduced ({}): {}",
                report.line,
                report.status.slug(),
                report.message.unwrap_or_default()
            );
            continue;
        }
        match game_outcome(record, &options) {
            Ok(result) => println!(
                "game {n}: {} {}{} — reproduced",
                report.recorded.as_deref().unwrap_or("*"),
                result.reason,
                result
                    .clause
                    .map_or_else(String::new, |c| format!(" ({c})"))
            ),
            Err(_) => println!(
                "game {n}: {} — every move legal; no rule ended the game and the record does \
                 not say how its result came about",
                report.recorded.as_deref().unwrap_or("*")
            ),
        }
    }
    println!("{} of {total} games reproduced", total - failed);
    Ok(if total == 0 {
        ExitCode::from(2)
    } else if failed == 0 {
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
