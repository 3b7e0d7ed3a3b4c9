//! `arbiter fuzz`: compares an engine with the reference on generated positions and writes
//! each distinct disagreement, shrunk, as a case.

use super::progress::Progress;
use super::CliError;
use arbiter::fuzz::{FuzzBaseline, Fuzzer, Shard, FUZZ_QUERIES};
use arbiter::protocol::QueryKind;
use arbiter::Ruleset;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Exit codes, shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes:
  0  no disagreement: the engine answered every query asked as the reference does
  1  disagreements found (each written, shrunk, as a case in the --emit directory); with
     --baseline, only findings the baseline does not list for the ruleset count; or the
     engine failed queries (errored, crashed, hung, spoke nonsense): each is printed on
     stderr with the engine's stderr, and no case is written for it
  2  could not run: bad arguments, an engine that does not start, does not play the
     ruleset or answers none of the queries, an engine given up after too many restarts,
     a case file that cannot be written, a baseline that cannot be read or cites a clause
     the catalog does not have

Baseline (--baseline FILE, docs/fuzzing.md): a YAML file `known:` listing finding ids
(as printed, fuzz.<game>.<query>.<hash>), each with its ruleset, who is wrong (engine,
reference or neither), the clause and the reason. A listed finding is reported as known;
an entry of the ruleset the campaign did not find is reported as not reproduced, which
is not a failure (a bounded campaign may not reach it, or the engine was fixed).

Shards: --shard i/n takes the positions whose index is i modulo n (0 <= i < n); the n
shards of a --positions campaign together check exactly the positions of the unsharded
one, with the same seed.";

/// Arguments of `arbiter fuzz`.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct FuzzArgs {
    /// The engine to check: `reference`, a command line of a program speaking the engine
    /// protocol (docs/protocol.md), or `uci:`, `ucci:` or `xboard:<command line>` (a
    /// xiangqi engine behind the built-in adapters).
    #[arg(long, short = 'e', default_value = "reference", value_name = "ENGINE")]
    engine: String,
    /// The ruleset: a game (its default edition) or game@edition.
    #[arg(long, short = 'r')]
    ruleset: Ruleset,
    /// The seed: a campaign is a pure function of the ruleset, the seed and the indices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many positions (indices 0 to N-1; a shard checks its part of them). Default
    /// 10000 unless --time is given.
    #[arg(long, value_name = "N", conflicts_with = "time")]
    positions: Option<u64>,
    /// Run for this long instead (90s, 5m, 1h; a bare number is seconds).
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    time: Option<Duration>,
    /// Check only the positions of one shard: i/n, 0 <= i < n.
    #[arg(long, default_value = "0/1", value_name = "I/N")]
    shard: Shard,
    /// The queries to compare, comma-separated; those the engine does not answer (and
    /// `repetition` outside xiangqi) are left out.
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "legal,play,outcome,check,repetition",
        value_parser = parse_query
    )]
    queries: Vec<QueryKind>,
    /// Where to write the cases of the disagreements found (one file each).
    #[arg(long, default_value = "cases/staging", value_name = "DIR")]
    emit: PathBuf,
    #[command(flatten)]
    limits: super::engine::EngineLimits,
    /// The engine's known, adjudicated disagreements: findings listed here for the ruleset
    /// are reported as known and do not fail the campaign.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// The clause catalog directory the baseline's clauses are checked against. Default:
    /// the catalogs inside the binary.
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
}

/// Reads the baseline and checks that its clauses are in the catalog.
fn load_baseline(
    path: &std::path::Path,
    spec: Option<&std::path::Path>,
) -> Result<FuzzBaseline, String> {
    let baseline = FuzzBaseline::load(path).map_err(|e| e.to_string())?;
    let spec = super::run::load_spec(spec)
        .map_err(|e| format!("cannot check the baseline's clauses: {e}"))?;
    for (i, k) in baseline.known.iter().enumerate() {
        if spec.clause(&k.clause).is_none() {
            let at = k.line.map(|l| format!(":{l}")).unwrap_or_default();
            return Err(format!(
                "{}{at}: known[{i}].clause: '{}' is not a clause of the catalog",
                path.display(),
                k.clause
            ));
        }
    }
    Ok(baseline)
}

fn parse_query(text: &str) -> Result<QueryKind, String> {
    QueryKind::from_name(text.trim())
        .filter(|k| FUZZ_QUERIES.contains(k))
        .ok_or_else(|| {
            format!("unknown query '{text}' (expected legal, play, outcome, check or repetition)")
        })
}

/// Reads `90`, `90s`, `5m`, `1h`, `1.5h`.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (number, unit) = match t.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => t.split_at(i),
        None => (t, "s"),
    };
    let scale = match unit {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        _ => f64::NAN,
    };
    let value: f64 = number.trim().parse().unwrap_or(f64::NAN);
    let seconds = value * scale;
    if seconds.is_finite() && seconds > 0.0 {
        Ok(Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "duration '{text}': expected a positive number of seconds, or one ending in s, m or h (90s, 5m, 1h)"
        ))
    }
}

/// Runs the campaign.
pub fn fuzz(args: FuzzArgs) -> Result<ExitCode, CliError> {
    let options = args.limits.options()?;
    let baseline = match &args.baseline {
        Some(path) => match load_baseline(path, args.spec.as_deref()) {
            Ok(b) => Some(b),
            Err(e) => {
                eprintln!("error: {e}");
                return Ok(ExitCode::from(2));
            }
        },
        None => None,
    };
    let engine = match arbiter::engine::open(&args.engine, options) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let mut fuzzer = match Fuzzer::new(engine.as_ref(), &args.ruleset, args.seed, &args.queries) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let info = engine.info();
    let queries: Vec<&str> = fuzzer.queries().iter().map(|k| k.name()).collect();
    let left_out: Vec<&str> = args
        .queries
        .iter()
        .filter(|k| !fuzzer.queries().contains(k))
        .map(|k| k.name())
        .collect();
    if !left_out.is_empty() {
        eprintln!(
            "note: not asking {} (the engine does not answer it, or it does not apply to {})",
            left_out.join(", "),
            args.ruleset
        );
    }

    let positions = match (args.positions, args.time) {
        (Some(n), _) => Some(n),
        (None, Some(_)) => None,
        (None, None) => Some(10_000),
    };
    let planned = positions.map(|n| args.shard.indices(n).count() as u64);
    let progress = Progress::new(
        "positions",
        planned,
        match planned {
            Some(_) => "{bar:40} {pos}/{len} {per_sec} {elapsed} {msg}",
            None => "{spinner} {pos} {per_sec} {elapsed} {msg}",
        },
        false,
    );
    progress.set_message("0 disagreements".to_owned());
    let say = |line: String| progress.println(line);

    let started = Instant::now();
    let deadline = args.time.map(|t| started + t);
    let indices: Box<dyn Iterator<Item = u64>> = match positions {
        Some(n) => Box::new(args.shard.indices(n)),
        None => Box::new(args.shard.endless()),
    };
    let mut written = Vec::new();
    let mut found: Vec<String> = Vec::new();
    let mut given_up = false;
    for index in indices {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let checked = fuzzer.check(index);
        for fault in &checked.failures {
            // An engine failure is no finding: reported with the engine's stderr, no case.
            say(format!("engine failure: {fault}"));
            given_up |= fault.given_up();
        }
        for finding in checked.findings {
            let (path, new) = finding
                .write(&args.emit)
                .map_err(|e| format!("cannot write a case into {}: {e}", args.emit.display()))?;
            let known = baseline
                .as_ref()
                .is_some_and(|b| b.entry(&finding.id, &args.ruleset).is_some());
            say(format!(
                "{}: {} -> {}{}",
                if known {
                    "known disagreement"
                } else {
                    "disagreement"
                },
                finding.summary(),
                path.display(),
                if new { "" } else { " (already there)" }
            ));
            found.push(finding.id.clone());
            written.push(path);
        }
        let s = fuzzer.stats();
        progress.set_message(format!(
            "{} disagreements ({} distinct), {} engine failures",
            s.disagreements, s.findings, s.failures
        ));
        progress.inc(1);
        if given_up {
            break;
        }
    }
    progress.finish();
    let elapsed = started.elapsed().as_secs_f64();
    let s = fuzzer.stats();
    println!(
        "fuzz {} seed {} shard {} against {} {}: queries {}",
        args.ruleset,
        args.seed,
        args.shard,
        info.name,
        info.version,
        queries.join(",")
    );
    println!(
        "{} positions, {} queries asked ({} skipped), {} disagreements ({} distinct, {} shrinking queries), {:.2} s, {:.0} positions/s",
        s.positions,
        s.queries,
        s.skipped,
        s.disagreements,
        s.findings,
        s.shrink_probes,
        elapsed,
        if elapsed > 0.0 {
            s.positions as f64 / elapsed
        } else {
            0.0
        }
    );
    if let Some(usage) = engine.usage() {
        let waiting = usage.waiting.as_secs_f64();
        println!(
            "engine: {} request(s), {waiting:.2} s waiting for replies of {elapsed:.2} s wall time ({:.1}% inside the engine)",
            usage.requests,
            if elapsed > 0.0 { 100.0 * waiting / elapsed } else { 0.0 }
        );
    }
    if s.invalid > 0 {
        eprintln!(
            "warning: the reference refused {} generated position(s): a generator bug, please report it",
            s.invalid
        );
    }
    if !written.is_empty() {
        println!(
            "{} case(s) in {}: check each against the rulebook, cite its clause, and move it into cases/ (docs/fuzzing.md)",
            written.len(),
            args.emit.display()
        );
    }
    if s.failures > 0 {
        println!(
            "engine failures: {} quer{} failed (errored, crashed, hung or nonsense; each printed on stderr with the engine's stderr); no case is written for them",
            s.failures,
            if s.failures == 1 { "y" } else { "ies" }
        );
    }
    if given_up {
        eprintln!(
            "error: the engine was given up after {} restart(s) (--restarts); the campaign stopped at position {}",
            args.limits.restarts,
            s.positions.saturating_sub(1)
        );
        return Ok(ExitCode::from(2));
    }
    if let Some(baseline) = &baseline {
        if let Some(listed) = baseline.engine.as_deref() {
            let running = format!("{} {}", info.name, info.version);
            if listed != running {
                println!("note: the baseline is of {listed}, the engine is {running}");
            }
        }
        let triage = baseline.triage(&args.ruleset, &found);
        print!("{}", triage.to_text(&args.ruleset));
        if args.shard != Shard::ALL {
            println!("note: a shard checks part of the positions; entries another shard reaches are not reproduced here");
        }
        return Ok(ExitCode::from(u8::from(!triage.passes() || s.failures > 0)));
    }
    Ok(ExitCode::from(u8::from(
        s.disagreements > 0 || s.failures > 0,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_duration("1.5h"), Ok(Duration::from_secs(5400)));
        for bad in ["", "0", "-3s", "5x", "m"] {
            assert!(
                parse_duration(bad).unwrap_err().contains("expected"),
                "{bad}"
            );
        }
    }

    #[test]
    fn queries() {
        assert_eq!(parse_query("legal"), Ok(QueryKind::Legal));
        assert!(parse_query("perft").unwrap_err().contains("expected legal"));
    }
}
