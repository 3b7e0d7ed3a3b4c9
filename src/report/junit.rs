//! JUnit XML, for CI systems that draw test results.

use super::{write_atomically, Event, ResultEvent, Totals, View};
use crate::case::Verdict;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Collects results and writes them as JUnit XML at the end: one `testsuite` per case file,
/// one `testcase` per case and ruleset.
pub struct Junit {
    path: PathBuf,
    suites: BTreeMap<String, Vec<ResultEvent>>,
    seconds: f64,
}

impl Junit {
    /// A JUnit view that will write `path` when finished.
    pub fn new(path: &Path) -> Junit {
        Junit {
            path: path.to_owned(),
            suites: BTreeMap::new(),
            seconds: 0.0,
        }
    }

    /// The XML document for the results so far.
    pub fn to_xml(&self) -> String {
        let mut all = Totals::default();
        for r in self.suites.values().flatten() {
            all.add(r.verdict);
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
                t.add(r.verdict);
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
                    escape(&d)
                };
                match r.verdict {
                    Verdict::Passed => out.push_str("/>\n"),
                    Verdict::Failed => {
                        let _ = write!(
                            out,
                            ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                            escape(&r.message),
                            detail()
                        );
                    }
                    Verdict::Errored => {
                        let _ = write!(
                            out,
                            ">\n      <error message=\"{}\">{}</error>\n    </testcase>\n",
                            escape(&r.message),
                            detail()
                        );
                    }
                    Verdict::Skipped => {
                        let _ = write!(
                            out,
                            ">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                            escape(&r.message)
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
        match event {
            Event::Result(r) => self
                .suites
                .entry(r.file.clone())
                .or_default()
                .push((**r).clone()),
            Event::Footer(f) => self.seconds = f.seconds,
            Event::Header(_) => {}
        }
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
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\n' | '\t' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

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
