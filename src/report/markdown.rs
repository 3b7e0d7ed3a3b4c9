//! The markdown summary, for CI job pages (GitHub's `$GITHUB_STEP_SUMMARY`, merge-request
//! comments).

use super::{write_failures, write_list, Failure, Gate, Report, ResultEvent, Totals};
use crate::case::Verdict;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The group of a clause id: its first two dot-separated parts (`d64.capture.majority` →
/// `d64.capture`).
///
/// ```
/// assert_eq!(arbiter::report::clause_group("xq.repetition.mutual-draw"), "xq.repetition");
/// assert_eq!(arbiter::report::clause_group("d64"), "d64");
/// ```
pub fn clause_group(clause: &str) -> &str {
    match clause.match_indices('.').nth(1) {
        Some((i, _)) => &clause[..i],
        None => clause,
    }
}

/// The report as markdown: a loud line when it is truncated, the engine and totals, a table
/// per clause group, the unexpected failures in detail (disagreements with the rules apart
/// from engine failures) with their reproduce command and the engine's stderr, the failures
/// the baseline expects, unexpected passes, stale baseline entries, and the skip reasons
/// with counts.
///
/// The results' baseline marks decide which failures are expected; `gate` gives the
/// verdict, the unexpected passes and the stale entries.
pub fn to_markdown(report: &Report, gate: &Gate) -> String {
    let mut out = String::new();
    let engine = report.engine();
    let totals = report.totals();
    let _ = writeln!(out, "# Conformance of {}\n", text(&engine.label()));
    if !engine.asked.is_empty() {
        let _ = writeln!(out, "How the engine was asked:\n");
        for line in &engine.asked {
            let _ = writeln!(out, "- {}", text(line));
        }
        out.push('\n');
    }
    if report.truncated() {
        let why = if report.partial {
            "only the `.partial` file exists"
        } else {
            "the report has no footer"
        };
        let _ = writeln!(
            out,
            "> [!CAUTION]\n> **TRUNCATED REPORT**: {why}; the run was cut short after {} result(s). \
             The counts below cover only the cases that ran.\n",
            totals.total()
        );
    }
    let rules = count_kind(report, Failure::Rules);
    let engine_failures = count_kind(report, Failure::Engine);
    let expected = report
        .results
        .iter()
        .filter(|r| r.is_failure() && r.baseline.is_some())
        .count();
    if gate.conformant() {
        let _ = write!(out, "**Conformant**");
        if expected > 0 {
            let _ = write!(
                out,
                ": every failure is listed in the baseline ({expected})"
            );
        }
        out.push_str(".\n\n");
    } else {
        let _ = writeln!(
            out,
            "**Not conformant**: {} unexpected failure(s): {rules} disagreement(s) with the rules, \
             {engine_failures} engine failure(s).\n",
            gate.unexpected_failures.len()
        );
    }

    out.push_str("| | |\n| --- | --- |\n");
    let mut engine_cell = text(&engine.label());
    match &engine.command {
        Some(cmd) => {
            let _ = write!(engine_cell, " ({})", code(cmd));
        }
        None => engine_cell.push_str(" (built-in reference)"),
    }
    row(&mut out, "engine", &engine_cell);
    row(&mut out, "arbiter", &text(&report.header.arbiter));
    if let Some(commit) = &report.header.suite_commit {
        row(&mut out, "suite commit", &code(commit));
    }
    row(&mut out, "started", &text(&report.header.started));
    row(
        &mut out,
        "rulesets",
        &report
            .header
            .rulesets
            .iter()
            .map(|r| code(r))
            .collect::<Vec<_>>()
            .join(", "),
    );
    if let Some(baseline) = &report.header.baseline {
        row(&mut out, "baseline", &code(baseline));
    }
    let mut results = format!(
        "{} passed, {} failed, {} skipped, {} errored",
        totals.passed, totals.failed, totals.skipped, totals.errored
    );
    match &report.footer {
        Some(f) => {
            let _ = write!(results, " in {:.2} s", f.seconds);
        }
        None => results.push_str(" (truncated)"),
    }
    row(&mut out, "results", &results);
    out.push('\n');

    groups_table(&mut out, report);

    let unexpected: Vec<&ResultEvent> = report
        .results
        .iter()
        .filter(|r| r.is_failure() && r.baseline.is_none())
        .collect();
    write_failures(
        &mut out,
        unexpected.iter().copied(),
        [
            "Disagreements with the rules",
            "Engine failures: crashed, hung, spoke nonsense, or could not run",
        ],
        |title, n| format!("## {title} ({n})\n"),
        |out, r| failure(out, r, engine.command.as_deref()),
    );

    let expected: Vec<&ResultEvent> = report
        .results
        .iter()
        .filter(|r| r.is_failure() && r.baseline.is_some())
        .collect();
    if !expected.is_empty() {
        let _ = writeln!(
            out,
            "## Expected failures, listed in the baseline ({})\n",
            expected.len()
        );
        out.push_str(
            "| case | ruleset | status | reason | message |\n| --- | --- | --- | --- | --- |\n",
        );
        for r in expected {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                code(&r.case),
                code(&r.ruleset),
                r.verdict.name(),
                text(r.expected_failure().unwrap_or_default()),
                text(&r.message)
            );
        }
        out.push('\n');
    }
    write_list(
        &mut out,
        &gate.unexpected_passes,
        |n| format!("## Unexpected passes ({n}): remove them from the baseline\n"),
        |out, r| {
            let _ = writeln!(out, "- {} {}", code(&r.case), code(&r.ruleset));
        },
        "\n",
    );
    write_list(
        &mut out,
        &gate.stale,
        |n| format!("## Stale baseline entries ({n}): no run matched them\n"),
        |out, f| {
            let _ = write!(out, "- {}", code(&f.case));
            if let Some(r) = &f.ruleset {
                let _ = write!(out, " {}", code(r));
            }
            if let Some(line) = f.line {
                let _ = write!(out, " (line {line})");
            }
            out.push('\n');
        },
        "\n",
    );

    let mut reasons: BTreeMap<&str, usize> = BTreeMap::new();
    for r in report
        .results
        .iter()
        .filter(|r| r.verdict == Verdict::Skipped)
    {
        *reasons.entry(r.message.as_str()).or_default() += 1;
    }
    if !reasons.is_empty() {
        let mut reasons: Vec<(&str, usize)> = reasons.into_iter().collect();
        reasons.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        let _ = writeln!(out, "## Skipped ({})\n", totals.skipped);
        out.push_str("| reason | cases |\n| --- | ---: |\n");
        for (reason, n) in reasons {
            let reason = if reason.is_empty() {
                "(no reason given)".to_owned()
            } else {
                text(reason)
            };
            let _ = writeln!(out, "| {reason} | {n} |");
        }
        out.push('\n');
    }
    out
}

fn count_kind(report: &Report, kind: Failure) -> usize {
    report
        .results
        .iter()
        .filter(|r| r.baseline.is_none() && r.failure_kind() == Some(kind))
        .count()
}

fn row(out: &mut String, key: &str, value: &str) {
    let _ = writeln!(out, "| {key} | {value} |");
}

/// The per-group table: a result counts once in each group its clauses fall in.
fn groups_table(out: &mut String, report: &Report) {
    let mut groups: BTreeMap<String, Totals> = BTreeMap::new();
    for r in &report.results {
        let mine: BTreeSet<&str> = r.clauses.iter().map(|c| clause_group(c)).collect();
        if mine.is_empty() {
            groups
                .entry("(no clause)".to_owned())
                .or_default()
                .add(r.verdict);
        }
        for g in mine {
            groups.entry(g.to_owned()).or_default().add(r.verdict);
        }
    }
    if groups.is_empty() {
        return;
    }
    out.push_str("## By clause group\n\n");
    out.push_str(
        "| group | passed | failed | skipped | errored |\n| --- | ---: | ---: | ---: | ---: |\n",
    );
    for (g, t) in &groups {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            code(g),
            t.passed,
            t.failed,
            t.skipped,
            t.errored
        );
    }
    out.push('\n');
}

/// One failure in detail.
fn failure(out: &mut String, r: &ResultEvent, engine_command: Option<&str>) {
    let _ = writeln!(out, "### {} · {}\n", code(&r.case), code(&r.ruleset));
    let _ = writeln!(out, "- status: **{}**", r.verdict.name());
    let _ = writeln!(
        out,
        "- clauses: {}",
        r.clauses
            .iter()
            .map(|c| code(c))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !r.file.is_empty() {
        let _ = writeln!(out, "- file: {}", code(&r.file));
    }
    if let Some(fen) = r.fen.as_deref().or(r.position.as_deref()) {
        let _ = writeln!(out, "- position: {}", code(fen));
    }
    if !r.moves.is_empty() {
        let _ = writeln!(out, "- moves: {}", code(&r.moves.join(" ")));
    }
    if !r.steps.is_empty() {
        let steps = serde_json::Value::Array(r.steps.clone()).to_string();
        let _ = writeln!(out, "- steps: {}", code(&steps));
    }
    let parts: Vec<&str> = r.message.split("; ").filter(|p| !p.is_empty()).collect();
    match parts.as_slice() {
        [] => {}
        [one] => {
            let _ = writeln!(out, "- message: {}", text(one));
        }
        many => {
            out.push_str("- message:\n");
            for p in many {
                let _ = writeln!(out, "  - {}", text(p));
            }
        }
    }
    if !r.expected.is_null() || !r.actual.is_null() {
        let _ = writeln!(out, "- expected: {}", code(&r.expected.to_string()));
        let _ = writeln!(out, "- actual: {}", code(&r.actual.to_string()));
    }
    out.push('\n');
    let _ = writeln!(
        out,
        "{}",
        fenced("sh", &r.reproduce_command(engine_command))
    );
    if let Some(stderr) = r.stderr.as_deref().filter(|s| !s.trim().is_empty()) {
        let _ = writeln!(
            out,
            "<details><summary>engine stderr ({} line(s))</summary>\n\n{}\n</details>\n",
            stderr.lines().count(),
            fenced("text", stderr)
        );
    }
}

/// Text with markdown's inline markup escaped, on one line.
fn text(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#' | '~' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// An inline code span that holds `s` whatever backticks it has, safe in a table cell.
fn code(s: &str) -> String {
    let s = s.replace(['\n', '\r'], " ").replace('|', "\\|");
    let fence = "`".repeat(longest_run(&s, '`') + 1);
    if s.starts_with('`') || s.ends_with('`') {
        format!("{fence} {s} {fence}")
    } else {
        format!("{fence}{s}{fence}")
    }
}

/// A fenced code block that holds `s` whatever backticks it has.
fn fenced(info: &str, s: &str) -> String {
    let fence = "`".repeat(longest_run(s, '`').max(2) + 1);
    format!("{fence}{info}\n{}\n{fence}\n", s.trim_end_matches('\n'))
}

fn longest_run(s: &str, c: char) -> usize {
    let (mut best, mut run) = (0, 0);
    for x in s.chars() {
        run = if x == c { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{gate, Baseline, Footer, Header};
    use serde_json::json;

    fn report(results: Vec<ResultEvent>, footer: bool) -> Report {
        let mut totals = Totals::default();
        for r in &results {
            totals.add(r.verdict);
        }
        Report {
            header: Header {
                arbiter: "0.1.0".into(),
                rulesets: vec!["russian@fmjd64".into()],
                ..Header::default()
            },
            footer: footer.then(|| Footer::new(totals, 1.5)),
            results,
            ..Report::default()
        }
    }

    fn result(case: &str, clause: &str, verdict: Verdict, message: &str) -> ResultEvent {
        ResultEvent {
            case: case.into(),
            name: case.into(),
            ruleset: "russian@fmjd64".into(),
            file: "cases/russian/x.yaml".into(),
            clauses: vec![clause.into()],
            verdict,
            message: message.into(),
            ..ResultEvent::default()
        }
    }

    #[test]
    fn groups_failures_and_skip_reasons() {
        let mut failed = result(
            "russian.capture.majority",
            "d64.capture.majority",
            Verdict::Failed,
            "legal: missing 9x27",
        );
        failed.expected = json!({"legal": ["9x27"]});
        failed.actual = json!({"legal": []});
        failed.stderr = Some("warning: ```odd```\n".into());
        let mut crashed = result(
            "russian.start.count",
            "d64.movement.man-forward",
            Verdict::Errored,
            "engine crashed (exit status 1)",
        );
        crashed.failure = Some(Failure::Engine);
        let r = report(
            vec![
                failed,
                crashed,
                result("russian.capture.a", "d64.capture.x", Verdict::Passed, ""),
                result(
                    "russian.draw.a",
                    "d64.draw.x",
                    Verdict::Skipped,
                    "no outcome",
                ),
                result(
                    "russian.draw.b",
                    "d64.draw.y",
                    Verdict::Skipped,
                    "no outcome",
                ),
                result(
                    "russian.draw.c",
                    "d64.draw.z",
                    Verdict::Skipped,
                    "no claims",
                ),
            ],
            true,
        );
        let md = to_markdown(&r, &gate(&Baseline::default(), &r.results));
        assert!(md.starts_with("# Conformance of arbiter 0.1.0\n"), "{md}");
        assert!(!md.contains("TRUNCATED"), "{md}");
        assert!(md.contains("**Not conformant**: 2 unexpected failure(s): 1 disagreement(s) with the rules, 1 engine failure(s)."), "{md}");
        assert!(md.contains("| `d64.capture` | 1 | 1 | 0 | 0 |"), "{md}");
        assert!(md.contains("| `d64.draw` | 0 | 0 | 3 | 0 |"), "{md}");
        let rules = md.find("## Disagreements with the rules (1)").unwrap();
        let engine = md.find("## Engine failures").unwrap();
        assert!(rules < md.find("russian.capture.majority").unwrap(), "{md}");
        assert!(
            engine > md.find("russian.capture.majority").unwrap(),
            "{md}"
        );
        assert!(engine < md.find("russian.start.count").unwrap(), "{md}");
        assert!(md.contains("- expected: `{\"legal\":[\"9x27\"]}`"), "{md}");
        assert!(md.contains("```sh\narbiter run cases/russian/x.yaml --filter russian.capture.majority --ruleset russian@fmjd64\n```"), "{md}");
        assert!(md.contains("<details><summary>engine stderr (1 line(s))</summary>\n\n````text\nwarning: ```odd```\n````"), "{md}");
        assert!(md.contains("| no outcome | 2 |\n| no claims | 1 |"), "{md}");
    }

    #[test]
    fn a_truncated_report_is_flagged_at_the_top() {
        let r = report(
            vec![result("a.b", "d64.capture.x", Verdict::Passed, "")],
            false,
        );
        let md = to_markdown(&r, &Gate::default());
        let first_lines: Vec<&str> = md.lines().take(4).collect();
        assert!(
            first_lines
                .iter()
                .any(|l| l.contains("**TRUNCATED REPORT**: the report has no footer")),
            "{md}"
        );
        assert!(md.contains("(truncated)"), "{md}");
    }

    #[test]
    fn code_spans_survive_backticks_and_pipes() {
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code("x `y` z"), "``x `y` z``");
        assert_eq!(code("`y`"), "`` `y` ``");
        assert_eq!(text("a_b <c>"), "a\\_b \\<c\\>");
    }
}
