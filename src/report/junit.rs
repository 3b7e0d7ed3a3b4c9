//! JUnit XML, for CI systems that draw test results.

use super::{write_atomically, Event, Report, ResultEvent, Totals, View};
use crate::case::Verdict;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Collects results and writes them as JUnit XML at the end: one `testsuite` per case file,
/// one `testcase` per case and ruleset. A failure the baseline expects is written as
/// `<skipped>` with the baseline's reason (as pytest writes an expected failure), so CI
/// systems count only the unexpected ones.
pub struct Junit {
    path: PathBuf,
    suites: BTreeMap<String, Vec<ResultEvent>>,
    seconds: f64,
    engine_command: Option<String>,
}

/// The verdict a result is written with: an expected failure is skipped.
fn shown(r: &ResultEvent) -> Verdict {
    if r.is_failure() && r.baseline.is_some() {
        Verdict::Skipped
    } else {
        r.verdict
    }
}

impl Junit {
    /// A JUnit view that will write `path` when finished.
    pub fn new(path: &Path) -> Junit {
        Junit {
            path: path.to_owned(),
            suites: BTreeMap::new(),
            seconds: 0.0,
            engine_command: None,
        }
    }

    /// The JUnit view of a report read back, to be written to `path`.
    pub fn from_report(report: &Report, path: &Path) -> Junit {
        let mut junit = Junit::new(path);
        for event in report.events() {
            junit.take(&event);
        }
        junit
    }

    fn take(&mut self, event: &Event) {
        match event {
            Event::Result(r) => self
                .suites
                .entry(r.file.clone())
                .or_default()
                .push((**r).clone()),
            Event::Footer(f) => self.seconds = f.seconds,
            Event::Header(h) => {
                self.engine_command = h.engine.as_ref().and_then(|e| e.command.clone());
            }
        }
    }

    /// The XML document for the results so far.
    pub fn to_xml(&self) -> String {
        let mut all = Totals::default();
        for r in self.suites.values().flatten() {
            all.add(shown(r));
        }
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<testsuites name=\"arbiter\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"{:.3}\">",
            all.total(),
            all.failed,
            all.errored,
            all.skipped,
            self.seconds
        );
        for (file, results) in &self.suites {
            let mut t = Totals::default();
            for r in results {
                t.add(shown(r));
            }
            let _ = writeln!(
                out,
                "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
                escape(file),
                t.total(),
                t.failed,
                t.errored,
                t.skipped
            );
            for r in results {
                let _ = write!(
                    out,
                    "    <testcase name=\"{}\" classname=\"{}\"",
                    escape(&r.name),
                    escape(file)
                );
                let detail = || {
                    let mut d = r.message.clone();
                    d.push_str(&format!("\nclauses: {}", r.clauses.join(", ")));
                    if !r.expected.is_null() {
                        d.push_str(&format!("\nexpected: {}", r.expected));
                        d.push_str(&format!("\nactual: {}", r.actual));
                    }
                    if let Some(fen) = &r.fen {
                        d.push_str(&format!("\nposition: {fen}"));
                    }
                    if let Some(board) = &r.board {
                        d.push('\n');
                        d.push_str(board);
                    }
                    d.push_str(&format!(
                        "\nreproduce: {}",
                        r.reproduce_command(self.engine_command.as_deref())
                    ));
                    escape(&d)
                };
                let stderr = || match r.stderr.as_deref().filter(|s| !s.trim().is_empty()) {
                    Some(text) => format!("      <system-err>{}</system-err>\n", escape(text)),
                    None => String::new(),
                };
                match shown(r) {
                    Verdict::Passed => out.push_str("/>\n"),
                    verdict @ (Verdict::Failed | Verdict::Errored) => {
                        let tag = if verdict == Verdict::Failed {
                            "failure"
                        } else {
                            "error"
                        };
                        let _ = write!(
                            out,
                            ">\n      <{tag} message=\"{}\">{}</{tag}>\n{}    </testcase>\n",
                            escape(&r.message),
                            detail(),
                            stderr()
                        );
                    }
                    Verdict::Skipped => {
                        let message = match r.expected_failure().filter(|_| r.is_failure()) {
                            Some(reason) => format!(
                                "expected failure (baseline): {reason}; {} {}",
                                r.verdict.name(),
                                r.message
                            ),
                            None => r.message.clone(),
                        };
                        let _ = write!(
                            out,
                            ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                            escape(&message)
                        );
                    }
                }
            }
            out.push_str("  </testsuite>\n");
        }
        out.push_str("</testsuites>\n");
        out
    }
}

impl View for Junit {
    fn event(&mut self, event: &Event) -> std::io::Result<()> {
        self.take(event);
        Ok(())
    }

    fn finish(self: Box<Self>) -> std::io::Result<()> {
        write_atomically(&self.path, self.to_xml().as_bytes())
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", self.path.display())))
    }
}

/// Escapes text for XML attributes and content; characters XML 1.0 cannot carry at all are
/// written as U+FFFD.
pub(crate) fn escape(text: &str) -> String {
    let carried: String = text
        .chars()
        .map(|c| match c {
            '\n' | '\t' | '\r' => c,
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => '\u{FFFD}',
            c => c,
        })
        .collect();
    crate::svg::escape_markup(&carried, Some("&apos;"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::BaselineMark;

    #[test]
    fn expected_failures_are_skipped_and_stderr_kept() {
        let failed = ResultEvent {
            case: "a.b".into(),
            name: "a.b".into(),
            ruleset: "russian@fmjd64".into(),
            file: "cases/a.yaml".into(),
            verdict: Verdict::Failed,
            message: "legal: missing 9x27".into(),
            stderr: Some("panic at <engine>".into()),
            ..ResultEvent::default()
        };
        let mut junit = Junit::new(Path::new("junit.xml"));
        junit.take(&Event::Result(Box::new(failed.clone())));
        let xml = junit.to_xml();
        assert!(xml.contains("failures=\"1\""), "{xml}");
        assert!(
            xml.contains("<system-err>panic at &lt;engine&gt;</system-err>"),
            "{xml}"
        );
        assert!(
            xml.contains("reproduce: arbiter run cases/a.yaml --filter a.b"),
            "{xml}"
        );
        let mut junit = Junit::new(Path::new("junit.xml"));
        junit.take(&Event::Result(Box::new(ResultEvent {
            baseline: Some(BaselineMark::ExpectedFailure {
                reason: "known".into(),
            }),
            ..failed
        })));
        let xml = junit.to_xml();
        assert!(
            xml.contains("failures=\"0\" errors=\"0\" skipped=\"1\""),
            "{xml}"
        );
        assert!(
            xml.contains(
                "<skipped message=\"expected failure (baseline): known; failed legal: missing 9x27\"/>"
            ),
            "{xml}"
        );
    }

    #[test]
    fn escapes_markup_and_control_characters() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("x\u{1}y\nz"), "x\u{FFFD}y\nz");
        assert_eq!(escape("炮二平五"), "炮二平五");
    }
}
