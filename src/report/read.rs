//! Reading a JSON-lines report back.

use super::{partial_path, EngineRecord, Event, Footer, Header, ReportError, ResultEvent, Totals};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A report read back from its JSON-lines file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report {
    /// The file read (`<path>.partial` when only that existed).
    pub path: PathBuf,
    /// Read from `<path>.partial`: the run never completed its report.
    pub partial: bool,
    /// The first line.
    pub header: Header,
    /// One per case run, in the order run.
    pub results: Vec<ResultEvent>,
    /// The last line; `None` when the run was cut short.
    pub footer: Option<Footer>,
}

impl Report {
    /// The run was cut short: no footer, or only the `.partial` file exists.
    pub fn truncated(&self) -> bool {
        self.partial || self.footer.is_none()
    }

    /// The counts of the results present.
    pub fn totals(&self) -> Totals {
        let mut totals = Totals::default();
        for r in &self.results {
            totals.add(r.verdict);
        }
        totals
    }

    /// The engine checked: the header's, or the built-in reference for reports that do not
    /// name one.
    pub fn engine(&self) -> EngineRecord {
        self.header.engine.clone().unwrap_or_else(|| EngineRecord {
            name: "arbiter".to_owned(),
            version: self.header.arbiter.clone(),
            command: None,
            asked: Vec::new(),
        })
    }

    /// The report as the event stream it was written from, for the views.
    pub fn events(&self) -> impl Iterator<Item = Event> + '_ {
        std::iter::once(Event::Header(self.header.clone()))
            .chain(
                self.results
                    .iter()
                    .map(|r| Event::Result(Box::new(r.clone()))),
            )
            .chain(self.footer.map(Event::Footer))
    }

    /// Parses the text of a report; `path` is used in messages.
    ///
    /// A last line without its newline that is not JSON is a line cut short by the end of
    /// the run: it is dropped (the report has no footer then, so it is truncated).
    pub fn parse(path: &Path, text: &str) -> Result<Report, ReportError> {
        let mut header: Option<(usize, Header)> = None;
        let mut results = Vec::new();
        let mut unnamed = Vec::new();
        let mut footer: Option<(usize, Footer)> = None;
        let lines: Vec<&str> = text.split('\n').collect();
        for (i, line) in lines.iter().enumerate() {
            let number = i + 1;
            if line.trim().is_empty() {
                continue;
            }
            let last_unterminated = i + 1 == lines.len();
            let value: serde_json::Value = match serde_json::from_str(line) {
                Ok(value) => value,
                Err(_) if last_unterminated && footer.is_none() => break,
                Err(e) => {
                    let mut message = e.to_string();
                    if let Some(s) = message.strip_suffix(&format!(
                        " at line {} column {}",
                        e.line(),
                        e.column()
                    )) {
                        message = s.to_owned();
                    }
                    return Err(ReportError {
                        column: Some(e.column()),
                        ..ReportError::new(format!("invalid JSON: {message}")).at(path, number)
                    });
                }
            };
            let event = Event::from_json(&value).map_err(|e| e.at(path, number))?;
            if let Some((at, _)) = footer {
                return Err(ReportError::new(format!(
                    "{} after the footer (line {at})",
                    event_name(&event)
                ))
                .at(path, number));
            }
            match event {
                Event::Header(h) => match &header {
                    None => header = Some((number, h)),
                    Some((at, _)) => {
                        return Err(ReportError::new(format!(
                            "second header (the first is on line {at})"
                        ))
                        .at(path, number))
                    }
                },
                Event::Result(r) => {
                    if header.is_none() {
                        return Err(ReportError::new(
                            "result before the header: the first line must be the header",
                        )
                        .at(path, number));
                    }
                    if value.get("name").is_none() {
                        unnamed.push(results.len());
                    }
                    results.push(*r);
                }
                Event::Footer(f) => {
                    if header.is_none() {
                        return Err(ReportError::new(
                            "footer before the header: the first line must be the header",
                        )
                        .at(path, number));
                    }
                    let mut counted = Totals::default();
                    for r in &results {
                        counted.add(r.verdict);
                    }
                    let said = Totals {
                        passed: f.passed,
                        failed: f.failed,
                        skipped: f.skipped,
                        errored: f.errored,
                    };
                    if said != counted {
                        return Err(ReportError::new(format!(
                            "footer counts {} but the results above it count {}",
                            counts(said),
                            counts(counted)
                        ))
                        .at(path, number));
                    }
                    footer = Some((number, f));
                }
            }
        }
        let Some((_, header)) = header else {
            return Err(ReportError::file(path, "empty report: no header line"));
        };
        // Reports written before results carried `name`: name them as the runner does.
        let mut rulesets: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for r in &results {
            rulesets.entry(&r.case).or_default().insert(&r.ruleset);
        }
        let several: BTreeSet<String> = rulesets
            .into_iter()
            .filter(|(_, set)| set.len() > 1)
            .map(|(case, _)| case.to_owned())
            .collect();
        for i in unnamed {
            let r: &mut ResultEvent = &mut results[i];
            if several.contains(&r.case) {
                r.name = format!("{}@{}", r.case, r.ruleset);
            }
        }
        Ok(Report {
            path: path.to_owned(),
            partial: false,
            header,
            results,
            footer: footer.map(|(_, f)| f),
        })
    }
}

/// Reads the JSON-lines report at `path`, or `<path>.partial` when `path` does not exist
/// (a run still going or cut short; the report is then [`Report::truncated`]).
///
/// Errors name the file and line: `report.jsonl:17: missing field `case``.
pub fn read_report(path: &Path) -> Result<Report, ReportError> {
    let (file, partial) = if path.exists() {
        (path.to_owned(), false)
    } else {
        let partial = partial_path(path);
        if partial.exists() {
            (partial, true)
        } else {
            return Err(ReportError::file(
                path,
                format!(
                    "cannot read report: no such file (nor {})",
                    partial.display()
                ),
            ));
        }
    };
    let text = std::fs::read_to_string(&file)
        .map_err(|e| ReportError::file(&file, format!("cannot read report: {e}")))?;
    let mut report = Report::parse(&file, &text)?;
    report.partial = partial;
    Ok(report)
}

fn event_name(event: &Event) -> &'static str {
    match event {
        Event::Header(_) => "header",
        Event::Result(_) => "result",
        Event::Footer(_) => "footer",
    }
}

fn counts(t: Totals) -> String {
    format!(
        "{} passed, {} failed, {} skipped, {} errored",
        t.passed, t.failed, t.skipped, t.errored
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#"{"type":"header","arbiter":"0.1.0","suite_commit":null,"started":"2025-01-31T12:00:05Z","rulesets":["russian@fmjd64"]}"#;

    fn result(case: &str, ruleset: &str, status: &str) -> String {
        format!(
            r#"{{"type":"result","case":"{case}","ruleset":"{ruleset}","clauses":["d64.capture.majority"],"status":"{status}","message":"","expected":null,"actual":null,"file":"cases/x.yaml","position":null,"moves":[]}}"#
        )
    }

    /// A report file: the header, then `lines`, one a line.
    fn after_header(lines: &[String]) -> String {
        format!("{HEADER}\n{}\n", lines.join("\n"))
    }

    fn parse(text: &str) -> Result<Report, String> {
        Report::parse(Path::new("report.jsonl"), text).map_err(|e| e.to_string())
    }

    #[test]
    fn a_complete_report_reads() {
        let text = after_header(&[
            result("a.b", "russian@fmjd64", "passed"),
            result("a.c", "russian@fmjd64", "failed"),
            r#"{"type":"footer","passed":1,"failed":1,"skipped":0,"errored":0,"seconds":0.5}"#
                .to_owned(),
        ]);
        let report = parse(&text).unwrap();
        assert_eq!(report.results.len(), 2);
        assert!(!report.truncated());
        assert_eq!(report.totals().failed, 1);
        assert_eq!(report.events().count(), 4);
    }

    #[test]
    fn a_report_without_footer_is_truncated_and_a_cut_line_dropped() {
        let text = format!(
            "{HEADER}\n{}\n{{\"type\":\"res",
            result("a.b", "russian@fmjd64", "passed")
        );
        let report = parse(&text).unwrap();
        assert!(report.truncated());
        assert_eq!(report.footer, None);
        assert_eq!(report.results.len(), 1);
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let passed = result("a.b", "russian", "passed");
        let footer = |passed: usize| {
            format!(
                r#"{{"type":"footer","passed":{passed},"failed":0,"skipped":0,"errored":0,"seconds":0}}"#
            )
        };
        for (text, message) in [
            (
                format!("{HEADER}\n\n{}\n", r#"{"type":"result","status":"passed"}"#),
                "report.jsonl:3: missing field `case`",
            ),
            (
                format!("{HEADER}\nnot json\n{passed}\n"),
                "report.jsonl:2:2: invalid JSON: expected ident",
            ),
            (
                format!("{passed}\n"),
                "report.jsonl:1: result before the header: the first line must be the header",
            ),
            (
                format!("{HEADER}\n{HEADER}\n"),
                "report.jsonl:2: second header (the first is on line 1)",
            ),
            (
                "\n".to_owned(),
                "report.jsonl: empty report: no header line",
            ),
            (
                format!("{HEADER}\n{passed}\n{}\n", footer(2)),
                "report.jsonl:3: footer counts 2 passed, 0 failed, 0 skipped, 0 errored \
                 but the results above it count 1 passed, 0 failed, 0 skipped, 0 errored",
            ),
            (
                format!("{HEADER}\n{}\n{passed}\n", footer(0)),
                "report.jsonl:3: result after the footer (line 2)",
            ),
        ] {
            assert_eq!(parse(&text).unwrap_err(), message, "{text}");
        }
    }

    #[test]
    fn old_results_are_named_like_the_runner_names_them() {
        let text = after_header(&[
            result("a.b", "russian@fmjd64", "passed"),
            result("a.b", "brazilian@cxa", "passed"),
            result("a.c", "russian@fmjd64", "passed"),
        ]);
        let names: Vec<String> = parse(&text)
            .unwrap()
            .results
            .into_iter()
            .map(|r| r.name)
            .collect();
        assert_eq!(names, ["a.b@russian@fmjd64", "a.b@brazilian@cxa", "a.c"]);
    }
}
