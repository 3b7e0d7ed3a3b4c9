//! `arbiter baseline update`: a baseline of known failures written from a report.

use super::CliError;
use arbiter::report::{read_report, write_atomically, Baseline};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `arbiter baseline`.
#[derive(Debug, Args)]
pub struct BaselineArgs {
    #[command(subcommand)]
    command: BaselineCommand,
}

#[derive(Debug, Subcommand)]
enum BaselineCommand {
    /// Write a baseline listing every failed or errored result of a report.
    #[command(after_help = "Exit codes:
  0  the baseline was written
  2  could not: unreadable report or existing baseline, a truncated report (without
     --allow-truncated), an output file that cannot be written, bad arguments")]
    Update(UpdateArgs),
}

/// Arguments of `arbiter baseline update`.
#[derive(Debug, Args)]
struct UpdateArgs {
    /// The JSON-lines report written by `arbiter run --report`.
    report: PathBuf,
    /// Write the baseline to this file (through a temporary file) instead of standard
    /// output. The reasons of entries already in it are kept.
    #[arg(long, short = 'o')]
    out: Option<PathBuf>,
    /// The reason given to entries new to the baseline. Default: the result's message.
    #[arg(long)]
    reason: Option<String>,
    /// Write a baseline from a truncated report (one the run did not finish), which misses
    /// the cases that did not run.
    #[arg(long)]
    allow_truncated: bool,
}

/// Runs `arbiter baseline …`.
pub fn run(args: BaselineArgs) -> Result<ExitCode, CliError> {
    let BaselineCommand::Update(args) = args.command;
    let report = read_report(&args.report)?;
    if report.truncated() && !args.allow_truncated {
        return Err(format!(
            "{}: truncated report (the run did not get to its end): a baseline from it would \
             miss the cases that did not run; pass --allow-truncated to write it anyway",
            report.path.display()
        )
        .into());
    }
    let mut baseline = Baseline::from_report(&report, args.reason.as_deref());
    let Some(out) = &args.out else {
        print!("{}", baseline.to_yaml());
        return Ok(ExitCode::SUCCESS);
    };
    let mut note = String::new();
    if out.exists() {
        let previous = Baseline::load(out)?;
        let kept = baseline.keep_reasons(&previous);
        let dropped = previous
            .failures
            .iter()
            .filter(|old| {
                !baseline
                    .failures
                    .iter()
                    .any(|new| new.case == old.case && new.ruleset == old.ruleset)
            })
            .count();
        note = format!(", {kept} reason(s) kept, {dropped} entr(ies) no longer failing removed");
    }
    write_atomically(out, baseline.to_yaml().as_bytes())
        .map_err(|e| format!("cannot write baseline {}: {e}", out.display()))?;
    eprintln!(
        "wrote {}: {} known failure(s){note}",
        out.display(),
        baseline.failures.len()
    );
    Ok(ExitCode::SUCCESS)
}
