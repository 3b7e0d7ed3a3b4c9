//! `arbiter records`: game records as they exist (PGN, PDN; UTF-8, GB18030, Big5) read
//! and replayed through the arbiter, with a verdict per game (docs/records.md).

use super::{CliError, Format};
use arbiter::records::{
    check_game, games, read_text, record_files, CheckOptions, GameReport, Status, TextEncoding,
};
use arbiter::Ruleset;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Arguments of `arbiter records`.
#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 every game clean, 1 some game not clean, 2 nothing \
                        could be read (or bad arguments).\n\nExamples:\n  arbiter records \
                        games.pgn\n  arbiter records --ruleset xiangqi --format json dir/ > \
                        checked.jsonl\n  arbiter records --encoding big5 old.pgn"
)]
pub struct RecordsArgs {
    /// Record files (PGN, PDN), or directories searched for *.pgn and *.pdn files.
    #[arg(required = true, value_name = "FILE|DIR")]
    paths: Vec<PathBuf>,
    /// The ruleset of games whose tags do not name the game (Ruleset, Variant, Game,
    /// GameType), and the edition of those that name only the game.
    #[arg(long, short)]
    ruleset: Option<Ruleset>,
    /// The files' encoding (utf-8, utf-16, gb18030, big5); by default told from each
    /// file's bytes.
    #[arg(long, value_parser = parse_encoding)]
    encoding: Option<TextEncoding>,
    /// Output: a table (text) or one JSON object per game per line, then a summary object
    /// (json).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Text: list every game, clean ones too (by default the table lists the games that
    /// are not clean or have findings).
    #[arg(long)]
    all: bool,
}

fn parse_encoding(s: &str) -> Result<TextEncoding, String> {
    s.parse()
}

#[derive(Default)]
struct Tally {
    files: usize,
    games: usize,
    clean: usize,
    illegal: usize,
    result_differs: usize,
    unreadable: usize,
    unreadable_files: usize,
    findings: usize,
    plies: usize,
}

impl Tally {
    fn add(&mut self, r: &GameReport) {
        self.games += 1;
        self.plies += r.plies;
        self.findings += r.findings.len();
        match r.status {
            Status::Clean => self.clean += 1,
            Status::Illegal => self.illegal += 1,
            Status::ResultDiffers => self.result_differs += 1,
            Status::Unreadable => self.unreadable += 1,
        }
    }
}

fn json_line(file: &str, r: &GameReport) -> serde_json::Value {
    let mut v = serde_json::to_value(r).unwrap_or_default();
    v["file"] = json!(file);
    v
}

/// Checks every game of every file.
pub fn records(args: RecordsArgs) -> Result<ExitCode, CliError> {
    let files = record_files(&args.paths)?;
    if files.is_empty() {
        return Err("no .pgn or .pdn file found in the paths given".into());
    }
    let options = CheckOptions {
        ruleset: args.ruleset.clone(),
        ..CheckOptions::default()
    };
    let started = Instant::now();
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(files.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed} {msg}")
        {
            bar.set_style(style);
        }
        bar
    });
    let mut last_line = Instant::now();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    if args.format == Format::Text {
        writeln!(
            out,
            "{:<40} {:>5} {:>6} {:>5} {:<14} {:>4}  problem / findings",
            "file", "game", "line", "plies", "status", "ply"
        )?;
    }
    for path in &files {
        tally.files += 1;
        let name = path.display().to_string();
        let (text, _) = match read_text(path, args.encoding) {
            Ok(r) => r,
            Err(e) => {
                tally.unreadable_files += 1;
                match args.format {
                    Format::Json => writeln!(
                        out,
                        "{}",
                        json!({"file": name, "index": null, "plies": 0, "status": "unreadable",
                               "ply": null, "message": e, "findings": []})
                    )?,
                    Format::Text => writeln!(
                        out,
                        "{name:<40} {:>5} {:>6} {:>5} {:<14} {:>4}  {e}",
                        "-", "-", 0, "unreadable", "-"
                    )?,
                }
                continue;
            }
        };
        for (i, game) in games(&text).enumerate() {
            let report = match game {
                Ok(record) => {
                    let mut r = check_game(&record, &options);
                    r.index = i + 1;
                    r
                }
                Err(e) => {
                    GameReport::unreadable(i + 1, e.line, format!("line {}: {}", e.line, e.message))
                }
            };
            tally.add(&report);
            match args.format {
                Format::Json => writeln!(out, "{}", json_line(&name, &report))?,
                Format::Text => {
                    if args.all || report.status != Status::Clean || !report.findings.is_empty() {
                        let mut notes: Vec<String> = report.message.iter().cloned().collect();
                        notes.extend(
                            report
                                .findings
                                .iter()
                                .map(|f| format!("[{} at ply {}] {}", f.kind, f.ply, f.message)),
                        );
                        writeln!(
                            out,
                            "{name:<40} {:>5} {:>6} {:>5} {:<14} {:>4}  {}",
                            report.index,
                            report.line,
                            report.plies,
                            report.status.slug(),
                            report.ply.map_or("-".to_owned(), |p| p.to_string()),
                            notes.join(" | ")
                        )?;
                        if let Some(m) = &report.illegal {
                            writeln!(out, "    position {}", m.fen)?;
                            writeln!(out, "    legal moves: {}", m.legal.join(" "))?;
                        }
                    }
                }
            }
        }
        match &bar {
            Some(b) => {
                b.inc(1);
                b.set_message(format!("{} games, {} clean", tally.games, tally.clean));
            }
            None if last_line.elapsed() >= Duration::from_secs(5) => {
                eprintln!(
                    "records: {}/{} files, {} games, {} clean",
                    tally.files,
                    files.len(),
                    tally.games,
                    tally.clean
                );
                last_line = Instant::now();
            }
            None => {}
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let secs = started.elapsed().as_secs_f64();
    match args.format {
        Format::Json => writeln!(
            out,
            "{}",
            json!({"summary": true, "files": tally.files, "unreadable_files": tally.unreadable_files,
                   "games": tally.games, "plies": tally.plies, "clean": tally.clean,
                   "illegal": tally.illegal, "result_differs": tally.result_differs,
                   "unreadable": tally.unreadable, "findings": tally.findings,
                   "seconds": (secs * 1000.0).round() / 1000.0})
        )?,
        Format::Text => writeln!(
            out,
            "{} games in {} files: {} clean, {} illegal, {} result-differs, {} unreadable{}; {} findings; {} plies in {:.1}s",
            tally.games,
            tally.files,
            tally.clean,
            tally.illegal,
            tally.result_differs,
            tally.unreadable,
            if tally.unreadable_files > 0 {
                format!(" ({} files unreadable)", tally.unreadable_files)
            } else {
                String::new()
            },
            tally.findings,
            tally.plies,
            secs
        )?,
    }
    out.flush()?;
    let readable = tally.games - tally.unreadable;
    Ok(if readable == 0 {
        ExitCode::from(2)
    } else if tally.clean == tally.games && tally.unreadable_files == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
