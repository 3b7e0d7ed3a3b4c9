//! The terminal summary.

use super::{write_failures, write_list, Event, Report, ResultEvent, Totals, View};
use crate::case::Verdict;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Per-clause counts, totals, and the details of every failed or errored run: disagreements
/// with the rules apart from engine failures, and failures the baseline expects in one line
/// each.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    clauses: BTreeMap<String, Totals>,
    totals: Totals,
    problems: Vec<ResultEvent>,
    expected: Vec<ResultEvent>,
    seconds: Option<f64>,
    engine_command: Option<String>,
    /// How the engine was asked (an adapter's probes), printed first.
    asked: Vec<String>,
    truncated: bool,
}

/// A result's first line: `FAILED name [ruleset]`.
fn headline(r: &ResultEvent) -> String {
    format!(
        "{} {} [{}]",
        r.verdict.name().to_uppercase(),
        r.name,
        r.ruleset
    )
}

/// How many lines of an engine's stderr the terminal shows (the last ones).
const STDERR_LINES: usize = 20;

impl Summary {
    /// The summary of a report read back; a truncated report is flagged at the top and in
    /// the totals.
    pub fn from_report(report: &Report) -> Summary {
        let mut summary = Summary::default();
        for event in report.events() {
            summary.take(&event);
        }
        summary.truncated = report.truncated();
        summary
    }

    /// The counts so far.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// The summary as text: the failures in detail, then the per-clause table and totals.
    pub fn render(&self) -> String {
        let mut out = String::new();
        if !self.asked.is_empty() {
            let _ = writeln!(out, "how the engine was asked:");
            for line in &self.asked {
                let _ = writeln!(out, "  {line}");
            }
            out.push('\n');
        }
        if self.truncated {
            let _ = writeln!(
                out,
                "TRUNCATED: the report has no footer; the run was cut short after {} result(s)\n",
                self.totals.total()
            );
        }
        write_failures(
            &mut out,
            &self.problems,
            [
                "disagreements with the rules",
                "engine failures (crashed, hung, spoke nonsense, or the case could not run)",
            ],
            |title, n| format!("== {title}: {n} ==\n"),
            |out, r| self.render_problem(out, r),
        );
        write_list(
            &mut out,
            &self.expected,
            |n| format!("== expected failures (listed in the baseline): {n} =="),
            |out, r| {
                let _ = writeln!(
                    out,
                    "{}: {}",
                    headline(r),
                    r.expected_failure().unwrap_or_default()
                );
            },
            "\n",
        );
        if !self.clauses.is_empty() {
            let width = self
                .clauses
                .keys()
                .map(String::len)
                .max()
                .unwrap_or(0)
                .max(6);
            let _ = writeln!(
                out,
                "{:<width$}  passed  failed  skipped  errored",
                "clause"
            );
            for (id, t) in &self.clauses {
                let _ = writeln!(
                    out,
                    "{id:<width$}  {:>6}  {:>6}  {:>7}  {:>7}",
                    t.passed, t.failed, t.skipped, t.errored
                );
            }
            out.push('\n');
        }
        let t = self.totals;
        let _ = write!(
            out,
            "{} passed, {} failed, {} skipped, {} errored",
            t.passed, t.failed, t.skipped, t.errored
        );
        if let Some(s) = self.seconds {
            let _ = write!(out, " in {s:.2} s");
        }
        if !self.expected.is_empty() {
            let _ = write!(out, " ({} expected by the baseline)", self.expected.len());
        }
        if self.truncated {
            out.push_str(" (truncated: no footer)");
        }
        out.push('\n');
        out
    }

    fn render_problem(&self, out: &mut String, r: &ResultEvent) {
        let _ = writeln!(out, "{} ({})", headline(r), r.file);
        let _ = writeln!(out, "  clauses: {}", r.clauses.join(", "));
        if let Some(board) = &r.board {
            for line in board.lines() {
                let _ = writeln!(out, "  {line}");
            }
        }
        if let Some(fen) = &r.fen {
            let _ = writeln!(out, "  position: {fen}");
        }
        for line in r.message.split("; ") {
            let _ = writeln!(out, "  {line}");
        }
        if !r.expected.is_null() {
            let _ = writeln!(out, "  expected: {}", r.expected);
            let _ = writeln!(out, "  actual:   {}", r.actual);
        }
        if let Some(stderr) = r.stderr.as_deref().filter(|s| !s.trim().is_empty()) {
            let lines: Vec<&str> = stderr.lines().collect();
            let skip = lines.len().saturating_sub(STDERR_LINES);
            if skip > 0 {
                let _ = writeln!(out, "  stderr (last {STDERR_LINES} lines):");
            } else {
                let _ = writeln!(out, "  stderr:");
            }
            for line in &lines[skip..] {
                let _ = writeln!(out, "    | {line}");
            }
        }
        let _ = writeln!(
            out,
            "  reproduce: {}",
            r.reproduce_command(self.engine_command.as_deref())
        );
        out.push('\n');
    }

    fn take(&mut self, event: &Event) {
        match event {
            Event::Result(r) => {
                self.totals.add(r.verdict);
                for c in &r.clauses {
                    self.clauses.entry(c.clone()).or_default().add(r.verdict);
                }
                if matches!(r.verdict, Verdict::Failed | Verdict::Errored) {
                    if r.baseline.is_some() {
                        self.expected.push((**r).clone());
                    } else {
                        self.problems.push((**r).clone());
                    }
                }
            }
            Event::Footer(f) => self.seconds = Some(f.seconds),
            Event::Header(h) => {
                self.engine_command = h.engine.as_ref().and_then(|e| e.command.clone());
                self.asked = h
                    .engine
                    .as_ref()
                    .map(|e| e.asked.clone())
                    .unwrap_or_default();
            }
        }
    }
}

impl View for Summary {
    fn event(&mut self, event: &Event) -> std::io::Result<()> {
        self.take(event);
        Ok(())
    }

    fn finish(self: Box<Self>) -> std::io::Result<()> {
        print!("{}", self.render());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{BaselineMark, Failure};

    fn result(case: &str, verdict: Verdict, failure: Option<Failure>) -> ResultEvent {
        ResultEvent {
            case: case.into(),
            name: case.into(),
            ruleset: "russian@fmjd64".into(),
            file: "cases/x.yaml".into(),
            clauses: vec!["d64.capture.majority".into()],
            verdict,
            message: format!("{case} went wrong"),
            failure,
            ..ResultEvent::default()
        }
    }

    #[test]
    fn engine_failures_are_shown_apart_from_rules_failures() {
        let mut summary = Summary::default();
        summary.take(&Event::Result(Box::new(result(
            "a.crash",
            Verdict::Errored,
            Some(Failure::Engine),
        ))));
        summary.take(&Event::Result(Box::new(result(
            "a.wrong",
            Verdict::Failed,
            None,
        ))));
        let text = summary.render();
        let rules = text.find("== disagreements with the rules: 1 ==").unwrap();
        let engine = text.find("== engine failures").unwrap();
        let wrong = text.find("FAILED a.wrong").unwrap();
        let crash = text.find("ERRORED a.crash").unwrap();
        assert!(rules < wrong && wrong < engine && engine < crash, "{text}");
        assert!(
            text.contains(
                "reproduce: arbiter run cases/x.yaml --filter a.wrong --ruleset russian@fmjd64"
            ),
            "{text}"
        );
    }

    #[test]
    fn baselined_failures_take_one_line() {
        let mut r = result("a.known", Verdict::Failed, Some(Failure::Rules));
        r.baseline = Some(BaselineMark::ExpectedFailure {
            reason: "known bug".into(),
        });
        let mut summary = Summary::default();
        summary.take(&Event::Result(Box::new(r)));
        let text = summary.render();
        assert!(!text.contains("disagreements"), "{text}");
        assert!(
            text.contains("FAILED a.known [russian@fmjd64]: known bug"),
            "{text}"
        );
        assert!(text.contains("(1 expected by the baseline)"), "{text}");
    }
}
