//! `arbiter standings`: the table of a tournament from its game records and/or a tournament
//! file, scored as the rulebooks score it (docs/standings.md).

use super::{CliError, Format};
use arbiter::protocol::StandingsAnswer;
use arbiter::records::{check_game, read_file, CheckOptions, Status};
use arbiter::standings::{compute, GameEntry, Kind, Standings, Tournament};
use arbiter::{Game, Ruleset};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;

/// The `--kind` values: each kind's slug, with what it scores for the help.
fn kind_values() -> impl TypedValueParser<Value = Kind> {
    let values = Kind::ALL.map(|kind| PossibleValue::new(kind.name()).help(kind_help(kind)));
    PossibleValuesParser::new(values).map(|name| {
        name.parse::<Kind>()
            .unwrap_or_else(|e| unreachable!("a possible value is a kind: {e}"))
    })
}

/// What a kind of competition scores, as `--help` lists it.
fn kind_help(kind: Kind) -> &'static str {
    match kind {
        Kind::RoundRobin => {
            "Individual round robin, one game per pairing: 小分 (Sonneborn-Berger), then fewer violations"
        }
        Kind::RoundRobinMatches => {
            "Individual round robin of two-or-more-game matches: match points, 小分, game points, violations"
        }
        Kind::Swiss => "Individual Swiss: 对手分 (Buchholz)",
        Kind::TeamRoundRobin => "Team round robin: match points, game points, violations",
        Kind::TeamSwiss => "Team Swiss: match points, team 对手分, game points, violations",
        Kind::TeamTotal => {
            "Players' total: the players' game points, the sum of their places, violations"
        }
    }
}

/// Arguments of `arbiter standings`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// Record files (PDN, PGN-style xiangqi records, as `arbiter play --record` writes):
    /// their games are added to the tournament's.
    records: Vec<PathBuf>,
    /// A tournament file (YAML, the `tournament:` form of docs/cases.md): the kind, players
    /// or teams, games, team forfeits, withdrawals, penalties, pairings.
    #[arg(long, value_name = "FILE")]
    tournament: Option<PathBuf>,
    /// The kind of competition, which decides the score and the tie-breaks (default: the
    /// tournament file's, else round-robin).
    #[arg(long, value_parser = kind_values(), alias = "system")]
    kind: Option<Kind>,
    /// The ruleset, when no record names it (a tournament file alone, records whose tags
    /// name no game), and the edition of records whose tags name only the game.
    #[arg(long, short)]
    ruleset: Option<Ruleset>,
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
    let mut tournament = match &args.tournament {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            serde_yaml::from_str::<Tournament>(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?
        }
        None => Tournament::default(),
    };
    if args.records.is_empty() && args.tournament.is_none() {
        return Err("give record files, a --tournament file, or both".into());
    }
    if let Some(k) = args.kind {
        tournament.kind = k;
    }
    let mut game: Option<Game> = args.ruleset.as_ref().map(|r| r.game);
    for path in &args.records {
        let read = read_file(path, None)?;
        for (i, r) in read.games.iter().enumerate() {
            let at = || format!("{}: game {}", path.display(), i + 1);
            let r = r.as_ref().map_err(|e| {
                format!(
                    "{}, line {}: {} (no game is skipped: mend the record)",
                    at(),
                    e.line,
                    e.message
                )
            })?;
            let (g, entry) = GameEntry::from_record_as(r, args.ruleset.as_ref())
                .map_err(|e| format!("{}, line {}: {e}", at(), r.line))?;
            match game {
                Some(known) if known.is_draughts() != g.is_draughts() => {
                    return Err(format!(
                        "{}: a {} game among {} games (one table scores one game)",
                        at(),
                        g.name(),
                        known.name()
                    )
                    .into())
                }
                _ => game = Some(g),
            }
            if args.verify {
                let options = CheckOptions {
                    ruleset: args.ruleset.clone(),
                    ..CheckOptions::default()
                };
                let report = check_game(r, &options);
                if report.status != Status::Clean {
                    return Err(format!(
                        "{}: not reproduced ({}): {}",
                        at(),
                        report.status.slug(),
                        report.message.unwrap_or_default()
                    )
                    .into());
                }
            }
            tournament.games.push(entry);
        }
    }
    let game = game.ok_or("no record names the game: give --ruleset")?;
    let table = compute(game, &tournament)?;
    match args.format {
        Format::Json => println!("{}", serde_json::to_string_pretty(&json_of(&table, game))?),
        Format::Text => {
            let c = &table.competition;
            println!(
                "{} {} — ranked by {} ({}), then {}",
                game.name(),
                c.kind,
                match c.score {
                    arbiter::standings::RankedBy::MatchPoints => "match points",
                    _ => "game points",
                },
                c.score_clause,
                if c.tiebreaks.is_empty() {
                    "equal points share the place".to_owned()
                } else {
                    c.tiebreaks
                        .iter()
                        .map(|t| format!("{} ({})", t.criterion, t.clause))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
            );
            print!("{table}");
            if let Some(ind) = &table.individual {
                println!("\nindividual competition:");
                for r in ind {
                    println!("{:<6} {} {}", r.place_text(), r.name, r.game_points);
                }
            }
            for c in &table.colours {
                println!(
                    "round {} game {}{}: {} {} – {} black",
                    c.round,
                    c.game,
                    c.board.map(|b| format!(" board {b}")).unwrap_or_default(),
                    c.first,
                    arbiter::Side::First.name(game),
                    c.second
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn json_of(table: &Standings, game: Game) -> serde_json::Value {
    let mut v = serde_json::to_value(StandingsAnswer::of(table, game)).unwrap_or_default();
    v["kind"] = json!(table.competition.kind.name());
    v
}
