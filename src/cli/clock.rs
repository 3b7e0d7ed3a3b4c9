//! `arbiter clock`: a timed game replayed under a time control, printing after every move
//! each side's time, period and quota, and every flag, forfeit and period change with the
//! clause that decided it.

use super::{CliError, Format};
use arbiter::case::CaseClock;
use arbiter::clock::{controls, SideReport, Span};
use arbiter::procedure::replay::{parse_timed_moves, replay, Row, Timed};
use arbiter::procedure::{Event, Session};
use arbiter::protocol::{ClockRequest, ClockStartText, Step};
use arbiter::Outcome;
use arbiter::Side;
use arbiter::{Game, Ruleset};
use clap::Args;
use serde_json::{json, Value};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `arbiter clock`.
#[derive(Debug, Args)]
#[command(
    after_help = "Each move of --moves is `<move>@<time>`: the time the move took \
(35, 12.5, 1:30, 2m30s); with --timestamps, the game time it was made at (1:02:05). A move \
without @ takes no time. A `!` after the move marks a repeated forbidden forcing move \
(xiangqi 第四章 第二节 一 (五): beyond the valid ones it is invalid and does not count towards \
the quota): h0g2!@20. flag:black reports black's flag (by the arbiter), flag:black:red by red \
(with --setup '{flags: reported}'). --file reads the same tokens (# starts a comment), or a \
YAML list of case steps ({move: h2e2, took: 35, forcing: true}, {flag: black, by: red}, \
{elapse: 60}, {press: red}, {stop_clocks: arbiter}, {claim: sixty-move, by: black}, \
{arrive: black}, … as in docs/cases.md). Each side's invalid moves are counted, each with \
the clause that decided it.

--setup is the case's `clock:` map without `control`: each side's used time and moves, \
the running clock, absent players, the lateness limit.

Time controls (spec/controls/*.yaml, plus ARBITER_CONTROLS=<dir>): --list shows them.

Examples:
  arbiter clock -r xiangqi -c national --setup '{red: {used: 1:25:00, moves: 43}, black: {used: 1:00:00, moves: 43}}' --moves 'h2e2@2:00 h9g7@30 h0g2@4:00'
  arbiter clock -r xiangqi -c per-move --moves 'h2e2@2:30 h9g7@10 b0c2@31m'
  arbiter clock -r xiangqi -c national -p '4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1' --setup '{red: {used: 1:20:00, moves: 35}, black: {used: 1:00:00, moves: 35}}' --moves 'a8a9!@60 e9e8@10 a9a8!@60 e8e9@10 a8a9!@60 e9e8@10 a9a8!@60 e8e9@10 a8a9!@60 e9e8@10'
  arbiter clock -r russian -c sudden-death-60m --moves '22-18@30 11-15@59m 18x11@1 8x15@2m'
  arbiter clock -r brazilian -c fischer-30m-10s --moves '22-18@29m 11-15@20 18x11@50' --format json
  arbiter clock -r xiangqi --list"
)]
pub struct ClockArgs {
    /// The ruleset: brazilian, russian or xiangqi (optionally @edition).
    #[arg(long, short = 'r')]
    ruleset: Ruleset,
    /// The time control, an id of spec/controls (see --list).
    #[arg(long, short = 'c', required_unless_present = "list")]
    control: Option<String>,
    /// The timed moves: `<move>@<time> …`.
    #[arg(long, short = 'm', allow_hyphen_values = true, conflicts_with = "file")]
    moves: Option<String>,
    /// A file of timed moves, or a YAML list of case steps.
    #[arg(long)]
    file: Option<PathBuf>,
    /// The times after `@` are game times (since the clocks started), not durations.
    #[arg(long)]
    timestamps: bool,
    /// The position as FEN; default the start position.
    #[arg(long, short = 'p')]
    position: Option<String>,
    /// Untimed moves played before the clock starts (space separated).
    #[arg(long, allow_hyphen_values = true)]
    history: Option<String>,
    /// The clock at the start, as the case's `clock:` map without `control` (YAML).
    #[arg(long)]
    setup: Option<String>,
    /// List the time controls of the ruleset's game.
    #[arg(long)]
    list: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Replays the moves and prints each row.
pub fn clock(args: ClockArgs) -> Result<ExitCode, CliError> {
    let game = args.ruleset.game;
    if args.list {
        return list(game, args.format);
    }
    let id = args.control.clone().unwrap_or_default();
    let control = controls().require(game, &id)?.clone();
    let start: ClockStartText = match &args.setup {
        Some(text) => {
            let mut yaml: serde_yaml::Value =
                serde_yaml::from_str(text).map_err(|e| format!("--setup: {e}"))?;
            if let Some(map) = yaml.as_mapping_mut() {
                map.insert("control".into(), id.clone().into());
            }
            let case: CaseClock =
                serde_yaml::from_value(yaml).map_err(|e| format!("--setup: {e}"))?;
            case.start
        }
        None => ClockStartText::default(),
    };
    let mut session = Session::new(&args.ruleset, args.position.as_deref())?;
    for (i, text) in args
        .history
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .enumerate()
    {
        session
            .apply(Event::Move(text.to_owned()))
            .map_err(|e| format!("--history, move {}: {e}", i + 1))?;
    }
    let request = ClockRequest {
        control: control.clone(),
        start,
    };
    let clock = request
        .clock_for(&session)
        .map_err(|e| format!("--setup: {e}"))?;
    let session = session.with_clock(clock.clone());
    let events = events(&args, game)?;
    let (rows, stopped) = match replay(session, events) {
        Ok(rows) => (rows, None),
        Err(e) => {
            let message = e.to_string();
            (e.rows, Some(message))
        }
    };
    let names = [Side::First.name(game), Side::Second.name(game)];
    match args.format {
        Format::Text => {
            println!("{} ({}): {}", control.id, control.clause, control.summary());
            let start = [clock.report(Side::First), clock.report(Side::Second)];
            println!("start: {}", sides_text(&start, names));
            for row in &rows {
                println!(
                    "{:>3}. {:<14} {:<5} at {}  {}",
                    row.number,
                    row.label,
                    row.side.name(game),
                    row.at,
                    sides_text(&row.sides, names)
                );
                for note in &row.notes {
                    println!("       {} ({})", note.text, note.clause);
                }
                if let Some(o) = &row.outcome {
                    println!("       game over: {}", outcome_text(o, game));
                }
            }
            if let Some(m) = &stopped {
                println!("stopped: {m}");
            }
        }
        Format::Json => {
            let out = json!({
                "ruleset": args.ruleset.to_string(),
                "control": control,
                "rows": rows.iter().map(|r| row_json(r, game)).collect::<Vec<_>>(),
                "outcome": rows.last().and_then(|r| r.outcome.as_ref()).map(|o| outcome_json(o, game)),
                "invalid_moves": invalid_json(&rows, game),
                "stopped": stopped,
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
    }
    Ok(if stopped.is_some() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn events(args: &ClockArgs, game: Game) -> Result<Vec<Timed>, CliError> {
    let text = match (&args.moves, &args.file) {
        (Some(m), _) => m.clone(),
        (None, Some(path)) => {
            std::fs::read_to_string(path).map_err(|e| format!("--file {}: {e}", path.display()))?
        }
        (None, None) => String::new(),
    };
    if args.file.is_some() {
        if let Ok(steps) = serde_yaml::from_str::<Vec<Step>>(&text) {
            return steps
                .iter()
                .enumerate()
                .map(|(i, step)| {
                    arbiter::engine::step_event(step, game)
                        .map(|event| Timed {
                            label: step.to_string(),
                            event,
                        })
                        .map_err(|e| format!("--file, step {}: {e}", i + 1).into())
                })
                .collect();
        }
    }
    Ok(parse_timed_moves(&text, args.timestamps, game).map_err(|e| format!("--moves: {e}"))?)
}

fn list(game: Game, format: Format) -> Result<ExitCode, CliError> {
    let all: Vec<_> = controls().of_game(game).collect();
    match format {
        Format::Text => {
            for c in all {
                println!("{:<18} {} ({})", c.id, c.summary(), c.clause);
            }
        }
        Format::Json => println!("{}", serde_json::to_string_pretty(&all)?),
    }
    Ok(ExitCode::SUCCESS)
}

fn side_text(r: &SideReport) -> String {
    let mut s = format!("{} used, {} left", r.used, r.remaining);
    if let Some(p) = r.period {
        s.push_str(&format!(", period {p}"));
    }
    if let Some(q) = r.quota {
        s.push_str(&format!(", {q} to make"));
    }
    if let Some(b) = r.bank {
        s.push_str(&format!(", bank {b}"));
    }
    if r.time_trouble {
        s.push_str(", time trouble");
    }
    if r.invalid > 0 {
        s.push_str(&format!(", {} invalid", r.invalid));
    }
    if r.flag_down {
        s.push_str(", flag down");
    }
    s
}

fn sides_text(sides: &[SideReport; 2], names: [&str; 2]) -> String {
    format!(
        "| {} {} | {} {}",
        names[0],
        side_text(&sides[0]),
        names[1],
        side_text(&sides[1])
    )
}

/// Every invalid move (a forcing move beyond the valid ones) with the clause that decided it,
/// from the rows' notes, and each side's count at the end.
fn invalid_json(rows: &[Row], game: Game) -> Value {
    let last = rows
        .last()
        .map(|r| [r.sides[0].invalid, r.sides[1].invalid]);
    let mut moves = Vec::new();
    let mut before = [0u32; 2];
    for r in rows {
        for (i, side) in Side::BOTH.into_iter().enumerate() {
            if r.sides[i].invalid > before[i] {
                let clause = r
                    .notes
                    .iter()
                    .find(|n| n.side == Some(side))
                    .map(|n| n.clause.clone());
                moves.push(json!({"event": r.number, "move": r.label, "side": side.name(game), "clause": clause}));
            }
            before[i] = r.sides[i].invalid;
        }
    }
    json!({
        Side::First.name(game): last.map_or(0, |l| l[0]),
        Side::Second.name(game): last.map_or(0, |l| l[1]),
        "moves": moves,
    })
}

fn outcome_text(o: &Outcome, game: Game) -> String {
    format!(
        "{} ({}{})",
        o.result.slug(game),
        o.reason,
        o.clause
            .as_ref()
            .map(|c| format!(", {c}"))
            .unwrap_or_default()
    )
}

fn outcome_json(o: &Outcome, game: Game) -> Value {
    json!({"result": o.result.slug(game), "reason": o.reason, "clause": o.clause})
}

fn side_json(r: &SideReport) -> Value {
    json!({
        "used": r.used, "remaining": r.remaining, "moves": r.moves, "period": r.period,
        "quota": r.quota, "bank": r.bank, "time_trouble": r.time_trouble,
        "invalid": r.invalid, "flag_down": r.flag_down,
    })
}

fn row_json(r: &Row, game: Game) -> Value {
    let span = |s: Span| json!({"seconds": s, "text": s.to_string()});
    json!({
        "number": r.number,
        "event": r.label,
        "side": r.side.name(game),
        "at": span(r.at),
        "sides": {
            Side::First.name(game): side_json(&r.sides[0]),
            Side::Second.name(game): side_json(&r.sides[1]),
        },
        "running": r.running.map(|s| s.name(game)),
        "notes": r.notes.iter().map(|n| json!({"text": n.text, "clause": n.clause, "at": n.at})).collect::<Vec<_>>(),
        "outcome": r.outcome.as_ref().map(|o| outcome_json(o, game)),
    })
}
