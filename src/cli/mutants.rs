//! `arbiter mutants`: runs the suite against every mutant of the reference and reports which
//! cases kill each one; with `--fuzz N`, also how many generated positions the differential
//! fuzzer needs to find each move-generation mutant.

use super::progress::Progress;
use super::run::load_linted;
use super::{CliError, Format};
use arbiter::audit::mutants::{self as scoring, Found, Kill};
use arbiter::case::{capture_panics, planned_runs, Selection, Verdict};
use arbiter::fuzz::FuzzError;
use arbiter::mutant::Mutant;
use clap::Args;
use serde_json::json;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Exit codes, shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes:
  0  every mutant run was killed by a case (and, with --fuzz, every move-generation
     mutant was found by the fuzzer)
  1  a mutant survived the suite, or the fuzzer did not find a move-generation mutant
  2  could not run: unreadable or malformed files, lint problems, an unknown mutant name,
     bad arguments

A mutant is the reference rules with one clause switched off or altered (docs/mutants.md).
A case kills a mutant when the reference passes it and the mutant fails it (or errors).";

/// How many killing cases to name per mutant in text output.
const SHOWN: usize = 3;

/// Arguments of `arbiter mutants`.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct MutantsArgs {
    /// Case files or directories (searched recursively for *.yaml). Default: the cases
    /// inside the binary.
    paths: Vec<PathBuf>,
    /// List the mutants (name, clause, games, what each alters) and exit.
    #[arg(long)]
    list: bool,
    /// Run only these mutants (comma-separated names; `--list` lists them).
    #[arg(long, value_delimiter = ',', value_name = "NAMES")]
    only: Vec<String>,
    /// Also fuzz each move-generation mutant (queries legal and play, under each game it
    /// alters) on generated positions 0 to N-1, and report how many it took to find it.
    #[arg(long, value_name = "N")]
    fuzz: Option<u64>,
    /// The fuzzer's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The clause catalog directory. Default: the catalogs inside the binary.
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// The mutants `--only` names (all of them by default).
fn selected(only: &[String]) -> Result<Vec<Mutant>, String> {
    if only.is_empty() {
        return Ok(Mutant::ALL.to_vec());
    }
    let mut chosen = Vec::new();
    for name in only.iter().filter(|n| !n.trim().is_empty()) {
        let m: Mutant = name.parse().map_err(|e| format!("--only: {e}"))?;
        if !chosen.contains(&m) {
            chosen.push(m);
        }
    }
    if chosen.is_empty() {
        return Err("--only: no mutant named".to_owned());
    }
    Ok(chosen)
}

fn games(m: Mutant) -> String {
    m.games()
        .iter()
        .map(|g| g.name())
        .collect::<Vec<_>>()
        .join(",")
}

fn list(mutants: &[Mutant], format: Format) {
    match format {
        Format::Json => {
            let items: Vec<_> = mutants
                .iter()
                .map(|&m| {
                    json!({
                        "name": m.name(),
                        "clause": m.clause(),
                        "games": m.games().iter().map(|g| g.name()).collect::<Vec<_>>(),
                        "movegen": m.is_movegen(),
                        "about": m.about(),
                    })
                })
                .collect();
            println!("{}", serde_json::Value::Array(items));
        }
        Format::Text => {
            let width = mutants.iter().map(|m| m.name().len()).max().unwrap_or(0);
            for &m in mutants {
                println!(
                    "{:width$}  {}  [{}] {}",
                    m.name(),
                    m.clause(),
                    games(m),
                    m.about()
                );
            }
        }
    }
}

/// One mutant's results.
struct Outcome {
    kill: Kill,
    found: Option<Vec<Found>>,
}

impl Outcome {
    fn fuzz_ok(&self) -> bool {
        self.found
            .as_ref()
            .is_none_or(|f| f.iter().all(|x| x.positions.is_some()))
    }

    fn text(&self) -> String {
        let m = self.kill.mutant;
        let mut line = if self.kill.killed() {
            let all: Vec<&String> = self.kill.killers().collect();
            let mut names: Vec<&str> = all.iter().take(SHOWN).map(|s| s.as_str()).collect();
            if all.len() > SHOWN {
                names.push("…");
            }
            let errored = if self.kill.errored.is_empty() {
                String::new()
            } else {
                format!(", {} by erroring", self.kill.errored.len())
            };
            format!(
                "KILLED   {} ({}) by {} case(s){errored}: {}",
                m.name(),
                m.clause(),
                all.len(),
                names.join(", ")
            )
        } else {
            format!("SURVIVED {} ({}): no case fails it", m.name(), m.clause())
        };
        if let Some(found) = &self.found {
            let parts: Vec<String> = found
                .iter()
                .map(|f| match f.positions {
                    Some(n) => format!("{} after {n} position(s)", f.ruleset),
                    None => format!("{} NOT FOUND", f.ruleset),
                })
                .collect();
            line.push_str(&format!("; fuzzer: {}", parts.join(", ")));
        }
        line
    }

    fn json(&self) -> serde_json::Value {
        let m = self.kill.mutant;
        json!({
            "name": m.name(),
            "clause": m.clause(),
            "games": m.games().iter().map(|g| g.name()).collect::<Vec<_>>(),
            "movegen": m.is_movegen(),
            "killed": self.kill.killed(),
            "failed": self.kill.failed,
            "errored": self.kill.errored,
            "fuzz": self.found.as_ref().map(|found| found.iter().map(|f| json!({
                "ruleset": f.ruleset.to_string(),
                "positions": f.positions,
                "finding": f.finding.as_ref().map(|x| x.summary()),
            })).collect::<Vec<_>>()),
        })
    }
}

/// Runs the suite (and the fuzzer) against the mutants.
pub fn mutants(args: MutantsArgs) -> Result<ExitCode, CliError> {
    let chosen = match selected(&args.only) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    if args.list {
        list(&chosen, args.format);
        return Ok(ExitCode::SUCCESS);
    }
    if args.fuzz == Some(0) {
        eprintln!("error: --fuzz 0: expected a number of positions of at least 1");
        return Ok(ExitCode::from(2));
    }
    capture_panics();
    let suite = match load_linted(args.spec.as_deref(), &args.paths) {
        Ok(suite) => suite,
        Err(code) => return Ok(code),
    };
    let runs = planned_runs(&suite, &Selection::default());
    if runs.is_empty() {
        eprintln!("error: no case to run");
        return Ok(ExitCode::from(2));
    }
    let started = Instant::now();
    let reference = scoring::reference_verdicts(&runs);
    let not_passing = reference.iter().filter(|v| **v != Verdict::Passed).count();
    if not_passing > 0 {
        eprintln!(
            "note: the reference does not pass {not_passing} of the {} case runs (skipped or failed); they cannot kill a mutant",
            runs.len()
        );
    }

    let progress = Progress::new(
        "case runs",
        Some((chosen.len() * runs.len()) as u64),
        "{bar:40} {pos}/{len} case runs {elapsed} {msg}",
        false,
    );
    // Mutants are independent (each is active only on the thread that runs it): spread them
    // over the cores, then report in the order of `chosen`.
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(chosen.len());
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, Result<Outcome, FuzzError>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(&m) = chosen.get(i) else { break };
                        let kill = scoring::kill(m, &runs, &reference, || progress.inc(1));
                        let found = match (args.fuzz, m) {
                            (Some(n), Mutant::Moves(mm)) => {
                                scoring::fuzz(mm, args.seed, n).map(Some)
                            }
                            _ => Ok(None),
                        };
                        mine.push((i, found.map(|found| Outcome { kill, found })));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    let mut outcomes = Vec::with_capacity(chosen.len());
    for (_, outcome) in results {
        let outcome = outcome?;
        if args.format == Format::Text {
            progress.stdout_line(outcome.text());
        }
        outcomes.push(outcome);
    }
    progress.finish();

    let killed = outcomes.iter().filter(|o| o.kill.killed()).count();
    let movegen: Vec<&Outcome> = outcomes.iter().filter(|o| o.found.is_some()).collect();
    let found = movegen.iter().filter(|o| o.fuzz_ok()).count();
    let survived: Vec<&str> = outcomes
        .iter()
        .filter(|o| !o.kill.killed())
        .map(|o| o.kill.mutant.name())
        .collect();
    let not_found: Vec<&str> = movegen
        .iter()
        .filter(|o| !o.fuzz_ok())
        .map(|o| o.kill.mutant.name())
        .collect();
    let seconds = started.elapsed().as_secs_f64();
    let percent = 100.0 * killed as f64 / outcomes.len() as f64;
    match args.format {
        Format::Text => {
            let mut summary = format!(
                "mutation score: {killed}/{} mutants killed ({percent:.1}%) by {} case runs",
                outcomes.len(),
                runs.len()
            );
            if let Some(n) = args.fuzz {
                summary.push_str(&format!(
                    "; fuzzer (seed {}, at most {n} positions): {found}/{} move-generation mutants found",
                    args.seed,
                    movegen.len()
                ));
            }
            println!("{summary}; {seconds:.2} s");
            if !survived.is_empty() {
                println!("survived: {}", survived.join(", "));
            }
            if !not_found.is_empty() {
                println!("not found by the fuzzer: {}", not_found.join(", "));
            }
        }
        Format::Json => {
            let doc = json!({
                "mutants": outcomes.iter().map(Outcome::json).collect::<Vec<_>>(),
                "summary": {
                    "mutants": outcomes.len(),
                    "killed": killed,
                    "score": killed as f64 / outcomes.len() as f64,
                    "case_runs": runs.len(),
                    "survived": survived,
                    "fuzz": args.fuzz.map(|n| json!({
                        "seed": args.seed,
                        "positions": n,
                        "movegen": movegen.len(),
                        "found": found,
                        "not_found": not_found,
                    })),
                    "seconds": seconds,
                },
            });
            println!("{doc}");
        }
    }
    Ok(ExitCode::from(u8::from(
        !survived.is_empty() || !not_found.is_empty(),
    )))
}
