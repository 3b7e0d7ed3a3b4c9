//! `arbiter spec lint` and `arbiter spec coverage`.

use super::run::{load_failed, load_spec, load_suite};
use super::{CliError, Format};
use arbiter::audit::{lint, Coverage};
use clap::{Args, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `arbiter spec`.
#[derive(Debug, Args)]
pub struct SpecArgs {
    #[command(subcommand)]
    command: SpecCommand,
}

#[derive(Debug, Subcommand)]
enum SpecCommand {
    /// Check the catalogs and the cases against each other.
    #[command(after_help = "Exit codes:
  0  no problem
  1  lint problems (printed as file:line: message)
  2  files could not be loaded")]
    Lint(Files),
    /// Which executable clauses have cases, per document and per kind.
    #[command(after_help = "Exit codes:
  0  coverage printed
  2  files could not be loaded")]
    Coverage {
        #[command(flatten)]
        files: Files,
        /// Output format.
        #[arg(long, value_enum, default_value_t)]
        format: Format,
    },
}

/// Where the catalogs and cases are.
#[derive(Debug, Args)]
struct Files {
    /// The clause catalog directory. Default: the catalogs inside the binary (those of
    /// spec/ when it was built).
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
    /// Case files or directories (recursive). Repeatable. Default: the cases inside the
    /// binary (those of cases/ when it was built).
    #[arg(long)]
    cases: Vec<PathBuf>,
}

/// Runs `arbiter spec …`.
pub fn run(args: SpecArgs) -> Result<ExitCode, CliError> {
    let (files, format) = match args.command {
        SpecCommand::Lint(files) => (files, None),
        SpecCommand::Coverage { files, format } => (files, Some(format)),
    };
    let spec = load_spec(files.spec.as_deref());
    let suite = load_suite(&files.cases);
    let (spec, suite) = match (spec, suite) {
        (Ok(spec), Ok(suite)) => (spec, suite),
        (spec, suite) => {
            let mut errors = spec.err().unwrap_or_default();
            errors.0.extend(suite.err().unwrap_or_default().0);
            return Ok(load_failed(&errors));
        }
    };
    match format {
        None => {
            let problems = lint(&spec, &suite);
            for p in &problems {
                println!("{p}");
            }
            if problems.is_empty() {
                eprintln!(
                    "{} clauses, {} cases: no problem",
                    spec.clauses().count(),
                    suite.len()
                );
                Ok(ExitCode::SUCCESS)
            } else {
                eprintln!("{} problem(s)", problems.len());
                Ok(ExitCode::from(1))
            }
        }
        Some(format) => {
            let coverage = Coverage::compute(&spec, &suite);
            match format {
                Format::Text => print!("{}", coverage.to_text()),
                Format::Json => println!("{}", serde_json::to_string_pretty(&coverage)?),
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
