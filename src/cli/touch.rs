//! `arbiter touch`: the moves permitted after touching pieces, and the rule step that
//! decided them.

use super::board::PositionArgs;
use super::{CliError, Format};
use arbiter::procedure::{Event, Session};
use clap::Args;
use std::process::ExitCode;

/// Arguments of `arbiter touch`.
#[derive(Debug, Args)]
#[command(
    after_help = "Touches are applied in the order given, by the side to move. A value \
with commas (`--together h2,h9` or `--touch h2,h9`) is a group of pieces touched at the same \
moment. Xiangqi squares: `e0`..`i9`; draughts squares: 1-32 or dark squares like `c3`.

Examples:
  arbiter touch -r xiangqi --touch h2 --touch h9
  arbiter touch -r xiangqi --together h2,h9 --format json
  arbiter touch -r brazilian -p 'W:W22,23:B18' --touch 23"
)]
pub struct TouchArgs {
    #[command(flatten)]
    game: PositionArgs,
    /// A touched square; repeat in the order of touching. Commas group squares touched at
    /// the same moment.
    #[arg(
        long = "touch",
        short = 't',
        visible_alias = "together",
        value_name = "SQ[,SQ…]",
        required = true
    )]
    touches: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Prints the permitted moves and the deciding step.
pub fn touch(args: TouchArgs) -> Result<ExitCode, CliError> {
    let mut session = Session::new(&args.game.ruleset, args.game.position.as_deref())?;
    for (i, text) in args.game.move_list().into_iter().enumerate() {
        session
            .apply(Event::Move(text))
            .map_err(|e| format!("--moves, move {}: {e}", i + 1))?;
    }
    for (i, group) in args.touches.iter().enumerate() {
        let squares: Vec<String> = group
            .split(',')
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        session
            .apply(Event::touch(squares))
            .map_err(|e| format!("touch {} ('{group}'): {e}", i + 1))?;
    }
    let game = args.game.ruleset.game;
    let ruling = session.permitted();
    let texts: Vec<String> = ruling.permitted.iter().map(|m| m.text()).collect();
    match args.format {
        Format::Text => {
            println!("permitted ({}): {}", texts.len(), texts.join(" "));
            println!(
                "by: {} (step {})",
                ruling.clause(game).unwrap_or("nothing binds"),
                ruling.step_id(game)
            );
        }
        Format::Json => {
            let out = serde_json::json!({
                "ruleset": args.game.ruleset.to_string(),
                "position": session.fen(),
                "touches": args.touches,
                "permitted": texts,
                "free": ruling.is_free(),
                "clause": ruling.clause(game),
                "step": ruling.step_id(game),
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
    }
    Ok(ExitCode::SUCCESS)
}
