//! `arbiter report`: a view of a JSON-lines report, judged against a baseline.

use super::CliError;
use arbiter::report::{
    gate, read_report, to_html, to_markdown, write_atomically, Baseline, Junit, Summary,
};
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

/// Exit codes, shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes:
  0  the run conforms: nothing failed or errored but what the baseline lists
  1  the run does not conform: a failure or error the baseline does not list
  2  could not read the report or the baseline, bad arguments, an output file that cannot
     be written; the report is truncated (the run did not get to its end: the view is
     printed first); or nothing was checked (every result skipped, or none)";

/// Arguments of `arbiter report`.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct ReportArgs {
    /// The JSON-lines report written by `arbiter run --report` (<FILE>.partial is read when
    /// only it exists).
    report: PathBuf,
    /// The view.
    #[arg(long, value_enum, default_value_t)]
    format: ReportFormat,
    /// Write the view to this file instead of standard output.
    #[arg(long, short = 'o')]
    out: Option<PathBuf>,
    /// Judge the run against this baseline (known failures) instead of the one the report
    /// was run with.
    #[arg(long)]
    baseline: Option<PathBuf>,
}

/// The views of a report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
enum ReportFormat {
    /// The summary `arbiter run` prints.
    #[default]
    Terminal,
    /// Markdown for CI job pages.
    Markdown,
    /// JUnit XML.
    Junit,
    /// One self-contained HTML page: the summary per clause group, each failure with its
    /// board (missing and extra moves drawn on it) and the command reproducing it.
    Html,
}

/// Prints or writes the view and returns the verdict's exit code.
pub fn report(args: ReportArgs) -> Result<ExitCode, CliError> {
    let mut report = read_report(&args.report)?;
    let baseline = match &args.baseline {
        Some(path) => {
            let baseline = Baseline::load(path)?;
            let engine = report.engine();
            if let Some(of) = &baseline.engine {
                if !of.starts_with(&engine.name) {
                    eprintln!(
                        "warning: baseline {} lists failures of {of}; the report checked {}",
                        path.display(),
                        engine.label()
                    );
                }
            }
            for r in &mut report.results {
                baseline.mark(r);
            }
            report.header.baseline = Some(path.display().to_string());
            baseline
        }
        None => Baseline::from_marks(&report),
    };
    let gate = gate(&baseline, &report.results);
    let view = match args.format {
        ReportFormat::Terminal => {
            let mut text = Summary::from_report(&report).render();
            let judged = gate.to_text();
            if !judged.is_empty() {
                text.push('\n');
                text.push_str(&judged);
            }
            text
        }
        ReportFormat::Markdown => to_markdown(&report, &gate),
        ReportFormat::Junit => {
            let path = args.out.clone().unwrap_or_else(|| PathBuf::from("-"));
            Junit::from_report(&report, &path).to_xml()
        }
        ReportFormat::Html => to_html(&report, &gate),
    };
    match &args.out {
        Some(path) => write_atomically(path, view.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?,
        None => print!("{view}"),
    }
    if report.truncated() {
        eprintln!(
            "error: {}: truncated report: the run did not get to its end ({}); {} result(s) read",
            report.path.display(),
            if report.partial {
                "only the .partial file exists"
            } else {
                "no footer"
            },
            report.results.len()
        );
        return Ok(ExitCode::from(2));
    }
    let totals = report.totals();
    if totals.passed + totals.failed + totals.errored == 0 {
        eprintln!(
            "error: {}: nothing was checked: {} result(s), all skipped (the reasons are in the \
             view); a report that checks nothing is not a pass: run again with cases the \
             engine answers (--ruleset, --filter)",
            report.path.display(),
            totals.skipped
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::from(gate.exit_code()))
}
