//! Every case of `cases/` is its own test, named by its id (with `@<ruleset>` when the case
//! runs under several rulesets): `cargo test --test cases <id>` runs one. A trial
//! `audit::lint` fails on any lint problem, and a file that cannot be loaded is a failing
//! trial of its own.
//!
//! The engine asked is the reference, which answers every query: only a passed case passes.
//! A case it skips fails with the reason, so a reference that stopped answering a query
//! cannot stay green (the trials `self-check::…` check that rule itself).

use arbiter::audit::lint;
use arbiter::case::{
    capture_panics, cases_from_texts, load_cases, planned_runs, CaseResult, Runner, Selection,
    Verdict,
};
use arbiter::spec::load_catalogs;
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use std::sync::Arc;

/// The trial's result for a case's `result` (`what` names the case, its ruleset and file):
/// only a pass passes. A skip fails with its reason: the reference answers every query, so a
/// case it skips is a query it stopped answering (or a case it cannot run).
fn judged(what: &str, result: &CaseResult) -> Result<(), Failed> {
    match result.verdict {
        Verdict::Passed => Ok(()),
        Verdict::Skipped => Err(format!(
            "skipped {what}: the reference must answer every case\n{}",
            result.message
        )
        .into()),
        Verdict::Failed | Verdict::Errored => {
            let mut text = format!("{} {what}\n", result.verdict.name());
            if let Some(board) = &result.board {
                text.push_str(board);
            }
            if let Some(fen) = &result.fen {
                text.push_str(&format!("position: {fen}\n"));
            }
            text.push_str(&result.message.replace("; ", "\n"));
            if !result.expected().is_null() {
                text.push_str(&format!(
                    "\nexpected: {}\nactual:   {}",
                    result.expected(),
                    result.actual()
                ));
            }
            Err(text.into())
        }
    }
}

/// The trials that check [`judged`] itself: a skip, whatever its cause, fails with its reason.
fn self_checks() -> Vec<Trial> {
    vec![
        Trial::test("self-check::a-skipped-answer-fails", || {
            let skipped = CaseResult::new(Verdict::Skipped, "the engine does not answer `perft`");
            match judged("a case", &skipped) {
                Err(e) if format!("{e:?}").contains("does not answer `perft`") => {}
                other => return Err(format!("a skip was judged {other:?}").into()),
            }
            judged("a case", &CaseResult::new(Verdict::Passed, ""))
        }),
        Trial::test("self-check::a-case-the-reference-cannot-run-fails", || {
            // Clock state expected with no time control: the runner skips it unasked.
            let text = "- id: self-check.no-clock\n  clauses: [xq.timing.national-control]\n  \
                        ruleset: xiangqi\n  expect: {clock: {running: red}}\n";
            let suite =
                cases_from_texts(&[("self-check.yaml", text)]).map_err(|e| format!("{:?}", e.0))?;
            let (_, case) = suite.cases().next().ok_or("no case loaded")?;
            let result = Runner::reference().run(case, &case.rulesets[0]);
            match judged("self-check.no-clock", &result) {
                Err(e) if format!("{e:?}").contains("skipped self-check.no-clock") => Ok(()),
                other => Err(format!("{:?} was judged {other:?}", result.verdict).into()),
            }
        }),
    ]
}

fn main() {
    let args = Arguments::from_args();
    capture_panics();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let spec = load_catalogs(&root.join("spec"));
    let cases_dir = root.join("cases");
    let suite = if cases_dir.exists() {
        load_cases(&[cases_dir])
    } else {
        Ok(Default::default())
    };
    let (spec, suite) = match (spec, suite) {
        (Ok(spec), Ok(suite)) => (spec, suite),
        (spec, suite) => {
            let mut errors = Vec::new();
            if let Err(e) = spec {
                errors.extend(e.0);
            }
            if let Err(e) = suite {
                errors.extend(e.0);
            }
            let text = errors
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join("\n");
            let trial = Trial::test("load", move || Err(Failed::from(text)));
            libtest_mimic::run(&args, vec![trial]).exit();
        }
    };

    let problems: Vec<String> = lint(&spec, &suite).iter().map(|p| p.to_string()).collect();
    let mut trials = vec![Trial::test("spec::lint", move || {
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Failed::from(problems.join("\n")))
        }
    })];
    trials.extend(self_checks());

    let runner = Arc::new(Runner::reference());
    let suite = Arc::new(suite);
    let runs: Vec<(String, usize, usize, bool)> = planned_runs(&suite, &Selection::default())
        .iter()
        .map(|run| {
            let index = suite
                .cases()
                .position(|(_, c)| std::ptr::eq(c, run.case))
                .unwrap_or(0);
            let r = run
                .case
                .rulesets
                .iter()
                .position(|r| r == run.ruleset)
                .unwrap_or(0);
            (run.name(), index, r, run.case.skip_reason().is_some())
        })
        .collect();
    for (name, index, r, ignored) in runs {
        let runner = Arc::clone(&runner);
        let suite = Arc::clone(&suite);
        trials.push(
            Trial::test(name, move || {
                let Some((file, case)) = suite.cases().nth(index) else {
                    return Err("case vanished".into());
                };
                let Some(ruleset) = case.rulesets.get(r) else {
                    return Err("ruleset vanished".into());
                };
                let result = runner.run(case, ruleset);
                let what = format!(
                    "{} under {ruleset} ({})\nclauses: {}",
                    case.id,
                    file.path.display(),
                    case.clauses.join(", ")
                );
                judged(&what, &result)
            })
            .with_ignored_flag(ignored),
        );
    }
    libtest_mimic::run(&args, trials).exit();
}
