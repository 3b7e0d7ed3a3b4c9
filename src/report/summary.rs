//! The terminal summary.

use super::{Event, ResultEvent, Totals, View};
use crate::case::Verdict;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Per-clause counts, totals, and the details of every failed or errored run.
#[derive(Debug, Clone, Default)]
pub struct Summary {
    clauses: BTreeMap<String, Totals>,
    totals: Totals,
    problems: Vec<ResultEvent>,
    seconds: Option<f64>,
}

impl Summary {
    /// The counts so far.
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// The summary as text: the failures in detail, then the per-clause table and totals.
    pub fn render(&self) -> String {
        let mut out = String::new();
        for r in &self.problems {
            let _ = writeln!(
                out,
                "{} {} [{}] ({})",
                r.verdict.name().to_uppercase(),
                r.name,
                r.ruleset,
                r.file
            );
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
            out.push('\n');
        }
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
        out.push('\n');
        out
    }
}

impl View for Summary {
    fn event(&mut self, event: &Event) -> std::io::Result<()> {
        match event {
            Event::Result(r) => {
                self.totals.add(r.verdict);
                for c in &r.clauses {
                    self.clauses.entry(c.clone()).or_default().add(r.verdict);
                }
                if matches!(r.verdict, Verdict::Failed | Verdict::Errored) {
                    self.problems.push((**r).clone());
                }
            }
            Event::Footer(f) => self.seconds = Some(f.seconds),
            Event::Header(_) => {}
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> std::io::Result<()> {
        print!("{}", self.render());
        Ok(())
    }
}
