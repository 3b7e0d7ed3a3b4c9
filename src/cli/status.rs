//! `arbiter status`: the result of a game given a position and the moves that led to it,
//! the draw claims valid now, the counters, and the ruling on a claim.

use super::board::PositionArgs;
use super::{CliError, Format};
use arbiter::rules::XiangqiRules;
use arbiter::xiangqi::repetition::{CycleRuling, Judgement};
use arbiter::{ClaimRuling, Game, GameState};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `arbiter status`.
#[derive(Debug, Args)]
pub struct StatusArgs {
    #[command(flatten)]
    game: PositionArgs,
    /// Rule on a draw claim of this kind: xiangqi sixty-move, repetition; draughts
    /// threefold, kings-only, small-ending, three-kings-vs-king, equal-balance,
    /// three-vs-king, long-diagonal.
    #[arg(long)]
    claim: Option<String>,
    /// The claiming side (white, black, red). Default: the side to move.
    #[arg(long)]
    by: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Prints the outcome, and the ruling on `--claim`.
pub fn status(args: StatusArgs) -> Result<ExitCode, CliError> {
    let (rules, start) = args.game.start()?;
    let moves = args.game.move_list();
    let outcome = rules.outcome(&start, &moves)?;
    let reached = if moves.is_empty() {
        start.clone()
    } else {
        rules.play(&start, &moves)?
    };
    let ruling = match &args.claim {
        Some(kind) => Some(rules.claim(&start, &moves, kind, args.by.as_deref())?),
        None => None,
    };
    match args.format {
        Format::Json => {
            let mut out = serde_json::json!({
                "ruleset": rules.ruleset().to_string(),
                "position": reached,
                "moves": moves.len(),
            });
            if let (Some(map), serde_json::Value::Object(o)) =
                (out.as_object_mut(), serde_json::to_value(&outcome)?)
            {
                map.extend(o);
                if rules.ruleset().game == Game::Xiangqi {
                    map.entry("repetition").or_insert(serde_json::Value::Null);
                }
                if let Some(r) = &ruling {
                    map.insert("claim".to_owned(), serde_json::to_value(r)?);
                }
            }
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
        Format::Text => {
            println!("ruleset   {}", rules.ruleset());
            println!("position  {reached}");
            println!("moves     {}", moves.len());
            print_outcome(&outcome);
            if rules.ruleset().game == Game::Xiangqi {
                // The typed verdict, from the same replay the outcome's JSON comes from.
                let game = XiangqiRules::new(rules.ruleset().clone()).replay(&start, &moves)?;
                print_repetition(game.verdict());
            }
            if let Some(r) = &ruling {
                print_ruling(r);
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn print_outcome(o: &GameState) {
    let reason = match &o.outcome {
        None => String::new(),
        Some(end) => match &end.clause {
            Some(c) => format!(" ({}, {c})", end.reason),
            None => format!(" ({})", end.reason),
        },
    };
    println!("result    {}{reason}", o.result_slug());
    if o.in_check {
        println!("check     the side to move is in check");
    }
    let claims = if o.claims.is_empty() {
        "none".to_owned()
    } else {
        let names: Vec<&str> = o.claims.iter().map(|k| k.name()).collect();
        names.join(", ")
    };
    println!("claims    {claims}");
    for (kind, count) in o.counters.iter() {
        let unit = if kind.counts_occurrences() {
            "occurrences"
        } else {
            "plies"
        };
        println!("counter   {kind} {}/{} {unit}", count.value, count.limit);
    }
}

/// The repetition verdict (docs/repetition.md): the ruling, then one line per move of the
/// cycle with its nature and the pieces it chases, then the reasoning.
fn print_repetition(verdict: Option<&CycleRuling>) {
    let Some(v) = verdict else {
        println!(
            "repetition none (the history does not end in a cycle played three times in a row)"
        );
        return;
    };
    let judgement = |j: Judgement| match j {
        Judgement::Allowed => "allowed",
        Judgement::Forbidden => "forbidden",
    };
    let side = match v.side {
        Some(s) => format!(" for {}", s.xiangqi_name()),
        None => String::new(),
    };
    println!(
        "repetition {}{side}: cycle of {} plies played {} times; red {}, black {}",
        v.ruling.slug(),
        v.cycle.len(),
        v.repetitions,
        judgement(v.judgement.red),
        judgement(v.judgement.black),
    );
    for m in &v.cycle {
        let nature = match m.sub_kind {
            Some(kind) => format!("{} ({kind})", m.nature),
            None => m.nature.to_string(),
        };
        let chased: Vec<String> = m
            .chased
            .iter()
            .map(|c| format!("{} {}", c.role, c.square))
            .collect();
        let chased = if chased.is_empty() {
            String::new()
        } else {
            format!("  chases {}", chased.join(", "))
        };
        println!(
            "  ply {:<4} {:<5} {:<6} {nature}{chased}",
            m.ply,
            m.mv.to_string(),
            m.side.xiangqi_name(),
        );
    }
    println!("reasoning  {}", v.reason);
}

fn print_ruling(r: &ClaimRuling) {
    let verdict = if r.upheld { "upheld" } else { "refused" };
    let by = r.by.name(r.outcome.game);
    println!("claim     {} by {by}: {verdict}: {}", r.kind, r.reason);
    if let Some(c) = &r.clause {
        println!("clause    {c}");
    }
    if let Some(p) = &r.penalty {
        println!(
            "penalty   {} seconds added to {}'s clock",
            p.seconds,
            p.side.name(r.outcome.game)
        );
    }
    match &r.outcome.outcome {
        Some(end) => println!("after     {} ({})", r.outcome.result_slug(), end.reason),
        None => println!("after     {}", r.outcome.result_slug()),
    }
}
