//! `arbiter standings`: the table of a tournament from its game records, scored as the
//! rulebooks score it.

use super::{CliError, Format};
use arbiter::play::{parse_records, verify};
use arbiter::standings::{standings, GameScore, System};
use arbiter::{Game, Ruleset};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// The tournament system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum SystemArg {
    /// Round robin, one game per pairing: 小分 (Sonneborn-Berger), then fewer violations.
    #[default]
    RoundRobin,
    /// Swiss: 对手分 (Buchholz).
    Swiss,
}

/// Arguments of `arbiter standings`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// Record files (PDN, PGN-style xiangqi records, as `arbiter play --record` writes).
    #[arg(required = true)]
    records: Vec<PathBuf>,
    /// The tournament system, which decides the tie-breaks.
    #[arg(long, value_enum, default_value_t)]
    system: SystemArg,
    /// Replay every game through the arbiter first and refuse a record whose result the
    /// replay does not reproduce.
    #[arg(long)]
    verify: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Prints the table.
pub fn standings_cmd(args: StandingsArgs) -> Result<ExitCode, CliError> {
    let mut games = Vec::new();
    let mut game: Option<Game> = None;
    for path in &args.records {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let records = parse_records(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for (i, r) in records.iter().enumerate() {
            let at = || format!("{}: game {}", path.display(), i + 1);
            let ruleset: Ruleset = r
                .tag("Ruleset")
                .ok_or_else(|| format!("{}: no Ruleset tag", at()))?
                .parse()
                .map_err(|e| format!("{}: tag Ruleset: {e}", at()))?;
            match game {
                Some(g) if g.is_draughts() != ruleset.game.is_draughts() => {
                    return Err(format!(
                        "{}: a {} game among {} games (one table scores one game)",
                        at(),
                        ruleset.game.name(),
                        g.name()
                    )
                    .into())
                }
                _ => game = Some(ruleset.game),
            }
            if args.verify {
                verify(r).map_err(|e| format!("{}: not reproduced: {e}", at()))?;
            }
            games.push(GameScore::from_record(r).map_err(|e| format!("{}: {e}", at()))?);
        }
    }
    let game = game.ok_or("no game in the records")?;
    let system = match args.system {
        SystemArg::RoundRobin => System::RoundRobin,
        SystemArg::Swiss => System::Swiss,
    };
    let table = standings(game, &games, system);
    let place = |p: (usize, usize)| {
        if p.0 == p.1 {
            p.0.to_string()
        } else {
            format!("{}-{}", p.0, p.1)
        }
    };
    match args.format {
        Format::Json => {
            let rows: Vec<_> = table
                .iter()
                .map(|r| {
                    serde_json::json!({
                        "place": place(r.place), "name": r.name, "games": r.games,
                        "points": r.points, "tiebreak": r.tiebreak, "violations": r.violations,
                    })
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&rows)?);
        }
        Format::Text => {
            let tb = match system {
                System::RoundRobin => "小分 (SB)",
                System::Swiss => "对手分 (Buchholz)",
            };
            let width = table
                .iter()
                .map(|r| r.name.chars().count())
                .max()
                .unwrap_or(4)
                .max(6);
            println!(
                "{:<6} {:<width$} {:>5} {:>7} {:>18} {:>10}",
                "place", "player", "games", "points", tb, "violations"
            );
            for r in &table {
                println!(
                    "{:<6} {:<width$} {:>5} {:>7} {:>18} {:>10}",
                    place(r.place),
                    r.name,
                    r.games,
                    r.points,
                    r.tiebreak,
                    r.violations
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
