//! `arbiter moves`, `arbiter perft` and `arbiter show`: the reference rules on one position.

use super::{CliError, Format};
use arbiter::{rules_for, PerftCount, Rules, Ruleset};
use clap::{Args, ValueEnum};
use std::process::ExitCode;
use std::time::Instant;

/// Where the position comes from: a ruleset, a FEN (or the start position) and moves played
/// from it. Shared by every command that looks at one game.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The ruleset: brazilian, russian or xiangqi, optionally with an edition
    /// (`russian@fmjd64`, `brazilian@fmjd`); the edition decides the draw rules.
    #[arg(long, short = 'r')]
    pub ruleset: Ruleset,
    /// The position as FEN (PDN FEN for draughts). Default: the start position.
    #[arg(long, short = 'p')]
    pub position: Option<String>,
    /// Moves played from the position, separated by spaces, in any notation the game reads.
    #[arg(long, short = 'm', allow_hyphen_values = true)]
    pub moves: Option<String>,
}

impl PositionArgs {
    /// The moves of `--moves`, one text each.
    pub fn move_list(&self) -> Vec<String> {
        self.moves
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_owned)
            .collect()
    }

    /// The rules and the canonical FEN of the starting position (before `--moves`).
    pub fn start(&self) -> Result<(Box<dyn Rules>, String), CliError> {
        let rules = rules_for(&self.ruleset);
        let fen = rules.position_or_start(self.position.as_deref())?;
        Ok((rules, fen))
    }

    /// The rules and the canonical FEN of the position reached after `--moves`.
    fn resolve(&self) -> Result<(Box<dyn Rules>, String), CliError> {
        let (rules, fen) = self.start()?;
        let moves = self.move_list();
        let fen = if moves.is_empty() {
            fen
        } else {
            rules.play(&fen, &moves)?
        };
        Ok((rules, fen))
    }
}

/// Arguments of `arbiter moves`.
#[derive(Debug, Args)]
pub struct MovesArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Notation to write the moves in. Draughts: numeric (default) or algebraic. Xiangqi:
    /// iccs (default), uci10, chinese or wxf.
    #[arg(long, short = 'n')]
    notation: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Read positions from stdin, one FEN per line (optionally followed by `moves` and move
    /// texts: `<fen> moves 22-18 11-15`), and write one JSON object per line:
    /// `{"line":n,"position":…,"moves":[…]}` or `{"line":n,"error":…}`. Exit code 1 if
    /// any line had an error.
    #[arg(long, conflicts_with_all = ["position", "moves"])]
    batch: bool,
}

/// Prints the legal moves, one per line (or a JSON array).
pub fn moves(args: MovesArgs) -> Result<ExitCode, CliError> {
    if args.batch {
        return moves_batch(&args);
    }
    let (rules, fen) = args.position.resolve()?;
    let moves = rules.legal_moves(&fen, args.notation.as_deref())?;
    match args.format {
        Format::Text => {
            for m in &moves {
                println!("{}", m.text);
            }
        }
        Format::Json => {
            let list: Vec<_> = moves.iter().map(|m| m.json.clone()).collect();
            let out = serde_json::json!({
                "ruleset": rules.ruleset().to_string(),
                "position": fen,
                "moves": list,
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `moves --batch`: one position per stdin line, one JSON object per stdout line.
fn moves_batch(args: &MovesArgs) -> Result<ExitCode, CliError> {
    use std::io::{BufRead, Write};
    let rules = rules_for(&args.position.ruleset);
    let notation = args.notation.as_deref();
    // Fail on a bad notation before reading anything.
    rules.legal_moves(&rules.start_fen(), notation)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut errors = 0usize;
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("stdin line {}: {e}", i + 1))?;
        let text = line.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        let (fen_text, moves) = batch_line(text);
        let answer = (|| -> Result<serde_json::Value, arbiter::RulesError> {
            let fen = rules.position_or_start(Some(fen_text).filter(|f| *f != "startpos"))?;
            let fen = if moves.is_empty() {
                fen
            } else {
                rules.play(&fen, &moves)?
            };
            let list: Vec<String> = rules
                .legal_moves(&fen, notation)?
                .into_iter()
                .map(|m| m.text)
                .collect();
            Ok(serde_json::json!({"line": i + 1, "position": fen, "moves": list}))
        })();
        let value = answer.unwrap_or_else(|e| {
            errors += 1;
            serde_json::json!({"line": i + 1, "input": text, "error": e.to_string()})
        });
        writeln!(out, "{value}")?;
    }
    out.flush()?;
    Ok(if errors > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// A `moves --batch` line split into its position (a FEN or `startpos`) and the move texts
/// after the word `moves`, which may end the line (`startpos moves`: no move played).
///
/// The word is found as a whole word, so `startpos moves` and `<fen> moves` with nothing
/// after it name the position alone rather than being read as a FEN.
fn batch_line(text: &str) -> (&str, Vec<String>) {
    let mut offset = 0;
    for word in text.split_whitespace() {
        let at = offset + text[offset..].find(word).unwrap_or(0);
        offset = at + word.len();
        if word == "moves" {
            let moves = text[offset..]
                .split_whitespace()
                .map(str::to_owned)
                .collect();
            return (text[..at].trim(), moves);
        }
    }
    (text, Vec::new())
}

/// The perft counting convention on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum CountArg {
    /// Every distinct capture path.
    #[default]
    Paths,
    /// Distinct move identities (from, to, captured set).
    Moves,
}

/// Arguments of `arbiter perft`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Depth in plies. A depth deeper than perft's stack allows (131,072 plies) is refused;
    /// any depth below runs until done or interrupted (Ctrl-C).
    #[arg(long, short = 'd')]
    depth: u32,
    /// Also print the count below each root move.
    #[arg(long)]
    divide: bool,
    /// Counting convention (matters for draughts only).
    #[arg(long, value_enum, default_value_t)]
    count: CountArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// Runs perft and prints the count and the speed.
pub fn perft(args: PerftArgs) -> Result<ExitCode, CliError> {
    let (rules, fen) = args.position.resolve()?;
    let count = match args.count {
        CountArg::Paths => PerftCount::Paths,
        CountArg::Moves => PerftCount::Moves,
    };
    let started = Instant::now();
    let result = rules.perft(&fen, args.depth, count, args.divide)?;
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        result.nodes as f64 / seconds
    } else {
        0.0
    };
    match args.format {
        Format::Text => {
            for (mv, n) in &result.divide {
                println!("{mv}: {n}");
            }
            if !result.divide.is_empty() {
                println!();
            }
            println!("nodes {}", result.nodes);
            println!("time {seconds:.3} s");
            println!("speed {:.0} nodes/s", nps);
        }
        Format::Json => {
            let divide: serde_json::Map<String, serde_json::Value> = result
                .divide
                .iter()
                .map(|(m, n)| (m.clone(), serde_json::Value::from(*n)))
                .collect();
            let out = serde_json::json!({
                "ruleset": rules.ruleset().to_string(),
                "position": fen,
                "depth": args.depth,
                "count": match count { PerftCount::Paths => "paths", PerftCount::Moves => "moves" },
                "nodes": result.nodes,
                "divide": divide,
                "seconds": seconds,
                "nodes_per_second": nps,
            });
            println!("{}", serde_json::to_string_pretty(&out)?);
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Arguments of `arbiter show`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:
  arbiter show -r russian -p 'B:W14,15,22,23,24:B19'
  arbiter show -r russian -p 'B:W14,15,22,23,24:B19' --svg --mark 19x10x17x26x19x28 > capture.svg
  arbiter show -r xiangqi -m 'h2e2 h9g7' --svg --mark e2e6 --theme dark > cannon.svg
  arbiter show -r xiangqi --svg --touch h0,h9 > touched.svg")]
pub struct ShowArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Use Chinese piece names (xiangqi, text board).
    #[arg(long)]
    chinese: bool,
    /// Write the board as an SVG document instead of text.
    #[arg(long)]
    svg: bool,
    /// With --svg: a legal move of the position to mark (its route, and the pieces it
    /// captures), in any notation the game reads.
    #[arg(long, requires = "svg", allow_hyphen_values = true)]
    mark: Option<String>,
    /// With --svg: touched pieces to ring, in the order touched (squares, comma-separated:
    /// `22,11` or `c3,d6` for draughts, `h0,h9` for xiangqi).
    #[arg(long, requires = "svg", value_delimiter = ',')]
    touch: Vec<String>,
    /// With --svg: the colour theme.
    #[arg(long, requires = "svg", value_enum, default_value_t = ThemeArg::Light)]
    theme: ThemeArg,
    /// With --svg: leave out the draughts square numbers.
    #[arg(long, requires = "svg")]
    no_numbers: bool,
    /// With --svg: leave out the coordinates around the board.
    #[arg(long, requires = "svg")]
    no_coordinates: bool,
}

/// The colour theme of an SVG board.
#[derive(Debug, Clone, Copy, ValueEnum)]
enum ThemeArg {
    /// Dark lines and pieces on a light board.
    Light,
    /// Light lines on a dark board.
    Dark,
}

/// Draws the board.
pub fn show(args: ShowArgs) -> Result<ExitCode, CliError> {
    let (rules, fen) = args.position.resolve()?;
    if args.svg {
        print!("{}", svg_board(&args, rules.ruleset().game, &fen)?);
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", rules.render(&fen, args.chinese)?);
    println!("{fen}");
    Ok(ExitCode::SUCCESS)
}

/// The SVG drawing `arbiter show --svg` writes.
fn svg_board(args: &ShowArgs, game: arbiter::Game, fen: &str) -> Result<String, CliError> {
    use arbiter::svg::{draughts_board, xiangqi_board, Marks, Style, Theme};
    let style = Style {
        theme: match args.theme {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
        },
        numbers: !args.no_numbers,
        coordinates: !args.no_coordinates,
    };
    match arbiter::draughts::Variant::from_game(game) {
        Some(variant) => {
            use arbiter::draughts::{Position, Square};
            let pos = Position::from_fen(fen, variant)?;
            let mut marks = match &args.mark {
                Some(text) => Marks::draughts_move(
                    &pos.parse_move(text)
                        .map_err(|e| format!("--mark {text}: {e}"))?,
                ),
                None => Marks::default(),
            };
            for text in &args.touch {
                let sq = text
                    .trim()
                    .parse::<u8>()
                    .ok()
                    .and_then(Square::from_number)
                    .or_else(|| Square::from_algebraic(text.trim()))
                    .ok_or_else(|| {
                        format!("--touch {text}: expected a dark square, 1 to 32 or algebraic (c3)")
                    })?;
                marks.touched.push(sq);
            }
            Ok(draughts_board(&pos, &marks, &style))
        }
        None => {
            use arbiter::xiangqi::{notation::parse_move, Position, Square};
            let pos = Position::from_fen(fen)?;
            let mut marks = match &args.mark {
                Some(text) => {
                    let m = parse_move(&pos, text).map_err(|e| format!("--mark {text}: {e}"))?;
                    Marks::xiangqi_move(&pos, m)
                }
                None => Marks::default(),
            };
            for text in &args.touch {
                let sq: Square = text.trim().parse().map_err(|_| {
                    format!("--touch {text}: expected a point in ICCS coordinates (a0 to i9)")
                })?;
                marks.touched.push(sq);
            }
            Ok(xiangqi_board(&pos, &marks, &style))
        }
    }
}
