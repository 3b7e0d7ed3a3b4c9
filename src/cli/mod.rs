//! Subcommands of the `arbiter` binary. Each lives in its own module; this one only
//! declares them and dispatches.

mod baseline;
mod board;
mod book;
mod clock;
mod engine;
mod fuzz;
mod mutants;
mod play;
mod progress;
mod records;
mod report;
mod run;
mod spec;
mod standings;
mod status;
mod touch;

use clap::{Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

/// A rules-conformance test suite and simulator harness for 64-square draughts
/// (Brazilian and Russian rules) and xiangqi.
#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about, long_about = None, max_term_width = HELP_WIDTH)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the legal moves of a position.
    Moves(board::MovesArgs),
    /// Count the leaf nodes of the move tree to a depth (perft), with speed.
    Perft(board::PerftArgs),
    /// Draw a position as a board in the terminal.
    Show(board::ShowArgs),
    /// The result of a game after a history: draws, claims valid now, counters; rule on a
    /// claim.
    Status(status::StatusArgs),
    /// Run the cases against an engine (the built-in reference by default) and report.
    Run(run::RunArgs),
    /// Serve the reference rules over the engine protocol on stdin/stdout (an oracle for
    /// other programs).
    Engine(engine::EngineArgs),
    /// Compare an engine with the reference on generated positions; write each
    /// disagreement, shrunk, as a case.
    Fuzz(fuzz::FuzzArgs),
    /// Run the suite against mutants of the reference (one clause altered each) and report
    /// which cases kill each; with --fuzz, how fast the fuzzer finds them.
    Mutants(mutants::MutantsArgs),
    /// Check the clause catalog and the cases: lint, coverage.
    Spec(spec::SpecArgs),
    /// The moves permitted after touching pieces (touch-move), and the deciding rule step.
    Touch(touch::TouchArgs),
    /// Replay a timed game under a time control: each side's time, period and quota after
    /// every move, and every flag or forfeit with its clause.
    Clock(clock::ClockArgs),
    /// Play a match between two players (built-in or UCI engines) under the arbiter, who
    /// applies every rule as it happens; write the records; print the score.
    Play(play::PlayArgs),
    /// The standings of a tournament from game records or a tournament file: points,
    /// tie-breaks (小分/Sonneborn-Berger, 对手分/Buchholz, violations), shared places.
    Standings(standings::StandingsArgs),
    /// Check game records as they exist (PGN, PDN; UTF-8, GB18030, Big5): replay every game
    /// through the arbiter and say per game clean, illegal, result-differs or unreadable,
    /// with findings such as a forbidden repetition cycle.
    Records(records::RecordsArgs),
    /// Show a JSON-lines report (terminal, markdown, JUnit, HTML) and judge it against a
    /// baseline.
    Report(report::ReportArgs),
    /// Baselines of known failures: write one from a report.
    Baseline(baseline::BaselineArgs),
    /// Write the clause catalogs as a static site: per clause the seed's words, the reading,
    /// the editions and its cases drawn as boards; an index with coverage.
    Book(book::BookArgs),
}

/// The widest `--help` is wrapped to: the terminal's width up to this, and this when the
/// output is not a terminal.
pub const HELP_WIDTH: usize = 100;

/// Output format of commands that print data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// JSON, for other tools.
    Json,
}

/// A failure that stops a command; printed as one `error: …` line, exit code 2.
pub type CliError = Box<dyn std::error::Error>;

/// Runs the parsed command line and returns the process exit code.
pub fn run(cli: Cli) -> Result<ExitCode, CliError> {
    match cli.command {
        Command::Moves(args) => board::moves(args),
        Command::Perft(args) => board::perft(args),
        Command::Show(args) => board::show(args),
        Command::Status(args) => status::status(args),
        Command::Run(args) => run::run(args),
        Command::Engine(args) => engine::engine(args),
        Command::Fuzz(args) => fuzz::fuzz(args),
        Command::Mutants(args) => mutants::mutants(args),
        Command::Spec(args) => spec::run(args),
        Command::Touch(args) => touch::touch(args),
        Command::Clock(args) => clock::clock(args),
        Command::Play(args) => play::play(args),
        Command::Standings(args) => standings::standings_cmd(args),
        Command::Records(args) => records::records(args),
        Command::Report(args) => report::report(args),
        Command::Baseline(args) => baseline::run(args),
        Command::Book(args) => book::book(args),
    }
}
