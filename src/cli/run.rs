//! `arbiter run`: runs cases against the reference rules and reports.

use super::progress::Progress;
use super::CliError;
use arbiter::audit::lint;
use arbiter::case::{
    capture_panics, load_cases, planned_runs, shipped_cases, Glob, PlannedRun, Runner, Selection,
    Suite, Verdict,
};
use arbiter::engine::Engine;
use arbiter::report::{
    gate, rfc3339_utc, shell_quote, suite_commit, Baseline, EngineRecord, Event, Failure, Footer,
    Header, JsonLines, Junit, ResultEvent, Summary, Totals, View,
};
use arbiter::rules_for;
use arbiter::spec::{load_catalogs, shipped_catalogs, RulesetPattern, Spec};
use arbiter::yaml::LoadErrors;
use clap::Args;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Instant, SystemTime};

/// Exit codes, shown in `--help`.
pub const EXIT_CODES: &str = "Exit codes:
  0  conformant: every case run passed or was skipped, or failed as the baseline expects
  1  non-conformant: a case failed or errored that the baseline does not list
  2  could not run: unreadable or malformed files, lint problems, bad arguments, an
     engine that does not start or speaks another protocol version";

/// Arguments of `arbiter run`.
#[derive(Debug, Args)]
#[command(after_help = EXIT_CODES)]
pub struct RunArgs {
    /// Case files or directories (searched recursively for *.yaml). Default: the cases
    /// inside the binary (those of cases/ when it was built), from any directory.
    paths: Vec<PathBuf>,
    /// Run only under rulesets matching this: a game (every edition of it) or game@edition.
    /// Repeatable.
    #[arg(long, short = 'r')]
    ruleset: Vec<RulesetPattern>,
    /// Run only cases whose id matches this pattern (`*` any text, `?` one character).
    /// Repeatable.
    #[arg(long, short = 'f')]
    filter: Vec<String>,
    /// Run only cases citing this clause id. Repeatable.
    #[arg(long, short = 'c')]
    clause: Vec<String>,
    /// Write the JSON-lines report to this file (as <file>.partial until complete).
    #[arg(long)]
    report: Option<PathBuf>,
    /// Write JUnit XML to this file.
    #[arg(long)]
    junit: Option<PathBuf>,
    /// The clause catalog directory. Default: the catalogs inside the binary (those of
    /// spec/ when it was built).
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
    /// Stop at the first failed or errored case.
    #[arg(long)]
    fail_fast: bool,
    /// The engine to check: `reference` (the built-in rules, default), a command line of a
    /// program speaking the engine protocol (docs/protocol.md), or `uci:<command line>`,
    /// `ucci:<command line>` or `xboard:<command line>` for a xiangqi engine speaking UCI,
    /// UCCI or XBoard (docs/conformance.md: what each protocol can be asked).
    #[arg(long, short = 'e', default_value = "reference", value_name = "ENGINE")]
    engine: String,
    #[command(flatten)]
    limits: super::engine::EngineLimits,
    /// Known failures of this engine (YAML, see docs/cli.md): the run fails only on
    /// failures the baseline does not list, and reports listed cases that now pass.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
}

/// Prints load errors and returns exit code 2.
pub fn load_failed(errors: &LoadErrors) -> ExitCode {
    for e in &errors.0 {
        eprintln!("{e}");
    }
    eprintln!("error: {} file(s) could not be loaded", errors.0.len());
    ExitCode::from(2)
}

/// The catalogs of the directory `--spec` names, or those inside the binary.
pub fn load_spec(dir: Option<&Path>) -> Result<Spec, LoadErrors> {
    match dir {
        Some(dir) => load_catalogs(dir),
        None => {
            note_local_copy("spec", "catalogs", arbiter::shipped::CATALOG_FILES);
            shipped_catalogs()
        }
    }
}

/// The cases under the paths given, or (none given) those inside the binary.
pub fn load_suite(paths: &[PathBuf]) -> Result<Suite, LoadErrors> {
    if paths.is_empty() {
        note_local_copy("cases", "cases", arbiter::shipped::CASE_FILES);
        shipped_cases()
    } else {
        load_cases(paths)
    }
}

/// Says so on stderr when the working directory has a `dir/` whose data files differ from
/// those inside the binary (a checkout edited since the binary was built, or another
/// project's directory of that name): the binary's are used, and `dir/` only when named.
pub fn note_local_copy(dir: &str, what: &str, shipped: &[(&str, &str)]) {
    let local = Path::new(dir);
    if !local.is_dir() {
        return;
    }
    // The catalogs are the files directly in spec/; the cases those below cases/, but the
    // unreviewed ones of staging/.
    let recursive = dir == "cases";
    let Ok(files) = arbiter::yaml::yaml_files(local, recursive) else {
        return;
    };
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| {
            !f.components()
                .any(|c| c.as_os_str() == arbiter::case::STAGING_DIR)
        })
        .collect();
    let same = files.len() == shipped.len()
        && files.iter().all(|f| {
            let key = f
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            shipped.iter().any(|(path, text)| {
                *path == key && std::fs::read_to_string(f).is_ok_and(|t| t == *text)
            })
        });
    if !same {
        eprintln!(
            "note: ./{dir} differs from the {what} inside this binary, which this run uses; \
             name the directory to use it instead ({})",
            if dir == "spec" {
                "--spec spec"
            } else {
                "arbiter run cases, --cases cases"
            }
        );
    }
}

/// Loads the cases and lints them against the catalogs (both from the paths given, else
/// from inside the binary); on any problem, prints it and returns the exit code (2: could
/// not run).
pub fn load_linted(spec_dir: Option<&Path>, paths: &[PathBuf]) -> Result<Suite, ExitCode> {
    let spec = load_spec(spec_dir).map_err(|errors| load_failed(&errors))?;
    let suite = load_suite(paths).map_err(|errors| load_failed(&errors))?;
    let problems = lint(&spec, &suite);
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("{p}");
        }
        eprintln!(
            "error: {} lint problem(s); run `arbiter spec lint` for details",
            problems.len()
        );
        return Err(ExitCode::from(2));
    }
    Ok(suite)
}

/// Runs the cases.
pub fn run(args: RunArgs) -> Result<ExitCode, CliError> {
    capture_panics();
    let suite = match load_linted(args.spec.as_deref(), &args.paths) {
        Ok(suite) => suite,
        Err(code) => return Ok(code),
    };
    let baseline = match &args.baseline {
        Some(path) => Baseline::load(path)?,
        None => Baseline::default(),
    };
    let selection = Selection {
        rulesets: args.ruleset.clone(),
        filters: args.filter.iter().map(|f| Glob::new(f)).collect(),
        clauses: args.clause.clone(),
    };
    let runs = planned_runs(&suite, &selection);
    if runs.is_empty() {
        eprintln!(
            "error: no case selected ({} case(s) loaded): nothing would be checked; loosen \
             --ruleset, --filter or --clause (`arbiter spec coverage` lists the clauses with \
             cases)",
            suite.len()
        );
        return Ok(ExitCode::from(2));
    }

    let runner = match open_engine(&args) {
        Ok(engine) => Runner::new(engine, Arc::new(rules_for)),
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(ExitCode::from(2));
        }
    };
    let info = runner.info().clone();
    if let Some(refusal) = plays_none(&info, &runs) {
        eprintln!("error: {refusal}");
        return Ok(ExitCode::from(2));
    }
    let mut views: Vec<Box<dyn View>> = vec![Box::new(Summary::default())];
    if let Some(path) = &args.report {
        let view = JsonLines::create(path)
            .map_err(|e| format!("cannot write report {}: {e}", path.display()))?;
        views.push(Box::new(view));
    }
    if let Some(path) = &args.junit {
        // JUnit XML is written whole at the end; refuse a path that cannot take it before
        // running anything.
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !dir.is_dir() {
                return Err(format!(
                    "cannot write JUnit report {}: directory {} does not exist",
                    path.display(),
                    dir.display()
                )
                .into());
            }
        }
        views.push(Box::new(Junit::new(path)));
    }
    let rulesets: BTreeSet<String> = runs.iter().map(|r| r.ruleset.to_string()).collect();
    let header = Event::Header(Header {
        arbiter: env!("CARGO_PKG_VERSION").to_owned(),
        suite_commit: match args.paths.first() {
            Some(path) => suite_commit(suite_dir(path)),
            None => arbiter::shipped::SUITE_COMMIT.map(str::to_owned),
        },
        started: rfc3339_utc(SystemTime::now()),
        rulesets: rulesets.into_iter().collect(),
        engine: Some(EngineRecord {
            name: info.name.clone(),
            version: info.version.clone(),
            command: runner.engine().command(),
            asked: runner.engine().asked(),
        }),
        baseline: args.baseline.as_ref().map(|p| p.display().to_string()),
    });
    emit(&mut views, &header)?;

    let progress = Progress::new(
        "case runs",
        Some(runs.len() as u64),
        "{bar:40} {pos}/{len} {per_sec} {elapsed} {msg}",
        runs.len() <= 1,
    );
    let started = Instant::now();
    let mut totals = Totals::default();
    let mut results = Vec::with_capacity(runs.len());
    for planned in &runs {
        let name = planned.name();
        progress.set_message(format!(
            "{} failed, {} errored · {name}",
            totals.failed, totals.errored
        ));
        let result = runner.run(planned.case, planned.ruleset);
        totals.add(result.verdict);
        let verdict = result.verdict;
        let failure = match verdict {
            Verdict::Failed => Some(Failure::Rules),
            Verdict::Errored => Some(Failure::Engine),
            _ => None,
        };
        let mut event = ResultEvent {
            case: planned.case.id.clone(),
            name,
            ruleset: planned.ruleset.to_string(),
            file: planned.file.display().to_string(),
            clauses: planned.case.clauses.clone(),
            verdict,
            expected: result.expected(),
            actual: result.actual(),
            difference: result.differences(),
            message: result.message,
            position: planned.case.position.clone(),
            moves: planned.case.moves.clone(),
            board: result.board,
            fen: result.fen,
            steps: planned
                .case
                .steps
                .iter()
                .flatten()
                .map(|s| serde_json::json!(s))
                .collect(),
            stderr: result.stderr,
            reproduce: Some(reproduce(
                &args,
                planned.file,
                &planned.case.id,
                planned.ruleset,
            )),
            failure,
            ..ResultEvent::default()
        };
        baseline.mark(&mut event);
        results.push(event.clone());
        emit(&mut views, &Event::Result(Box::new(event)))?;
        progress.inc(1);
        if args.fail_fast && matches!(verdict, Verdict::Failed | Verdict::Errored) {
            break;
        }
    }
    progress.finish();
    let footer = Event::Footer(Footer::new(totals, started.elapsed().as_secs_f64()));
    emit(&mut views, &footer)?;
    for view in views {
        view.finish()
            .map_err(|e| format!("cannot write report: {e}"))?;
    }
    if let Some(usage) = runner.engine().usage() {
        let wall = started.elapsed().as_secs_f64();
        let waiting = usage.waiting.as_secs_f64();
        eprintln!(
            "engine: {} request(s), {waiting:.2} s waiting for replies of {wall:.2} s wall time \
             ({:.1}% inside the engine, {:.0} requests/s)",
            usage.requests,
            if wall > 0.0 {
                100.0 * waiting / wall
            } else {
                0.0
            },
            if wall > 0.0 {
                usage.requests as f64 / wall
            } else {
                0.0
            },
        );
    }
    let gate = gate(&baseline, &results);
    if args.baseline.is_some() {
        print!("{}", gate.to_text());
    }
    if totals.passed + totals.failed + totals.errored == 0 {
        eprintln!(
            "error: nothing was checked: the engine {} skipped all {} selected case(s) (the \
             reasons are in the report: --report FILE); ask for cases it answers (--ruleset, \
             --filter), or teach it the queries they ask (docs/protocol.md)",
            info.name, totals.skipped
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::from(gate.exit_code()))
}

/// Why the run cannot check anything: the engine plays none of the rulesets of the selected
/// cases. `None` when it plays at least one (the cases of the others are skipped, and
/// reported so).
fn plays_none(info: &arbiter::protocol::EngineInfo, runs: &[PlannedRun<'_>]) -> Option<String> {
    if runs.iter().any(|r| info.plays(r.ruleset)) {
        return None;
    }
    let asked: BTreeSet<String> = runs.iter().map(|r| r.ruleset.to_string()).collect();
    Some(format!(
        "the engine {} plays none of the selected rulesets (asked: {}; it plays: {}), so \
         nothing would be checked; ask for a ruleset it plays (--ruleset {}){}",
        info.name,
        asked.into_iter().collect::<Vec<_>>().join(", "),
        if info.rulesets.is_empty() {
            "none".to_owned()
        } else {
            info.rulesets.join(", ")
        },
        info.rulesets.first().map_or("…", String::as_str),
        if info.rulesets.iter().all(|r| r.starts_with("xiangqi")) {
            ", or check a draughts engine through the JSON-lines engine protocol \
             (docs/protocol.md; adapters/ has examples)"
        } else {
            ""
        }
    ))
}

/// A one-line command that runs this one case again against the same engine.
fn reproduce(args: &RunArgs, file: &Path, case: &str, ruleset: &arbiter::Ruleset) -> String {
    let mut words = vec!["arbiter".to_owned(), "run".to_owned()];
    // The cases inside the binary need no path: the id names the case in any directory.
    if !args.paths.is_empty() {
        words.push(shell_quote(&file.display().to_string()));
    }
    words.extend([
        "--filter".to_owned(),
        shell_quote(case),
        "--ruleset".to_owned(),
        ruleset.to_string(),
    ]);
    if let Some(spec) = &args.spec {
        words.push("--spec".to_owned());
        words.push(shell_quote(&spec.display().to_string()));
    }
    if args.engine != "reference" {
        words.push("--engine".to_owned());
        words.push(shell_quote(&args.engine));
    }
    if (args.limits.timeout - 10.0).abs() > f64::EPSILON {
        words.push(format!("--timeout {}", args.limits.timeout));
    }
    words.join(" ")
}

fn emit(views: &mut [Box<dyn View>], event: &Event) -> Result<(), CliError> {
    for view in views.iter_mut() {
        view.event(event)
            .map_err(|e| format!("cannot write report: {e}"))?;
    }
    Ok(())
}

/// Starts the engine `--engine` names.
fn open_engine(args: &RunArgs) -> Result<Box<dyn Engine>, CliError> {
    let options = args.limits.options()?;
    Ok(arbiter::engine::open(&args.engine, options)?)
}

/// The directory to ask git about: the path itself, or the directory of a file.
fn suite_dir(path: &Path) -> &Path {
    if path.is_dir() {
        path
    } else {
        match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        }
    }
}
