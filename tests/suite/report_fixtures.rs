//! Report events for the baseline and report tests (`baseline`, `report_views`), and reports
//! written with the library's own writer, whole or cut short.

use arbiter::case::Verdict;
use arbiter::report::{
    EngineRecord, Event, Failure, Footer, Header, JsonLines, ResultEvent, Totals, View,
};
use std::path::Path;

/// The header of a run of the reference (no engine) on `russian@fmjd64`.
pub fn reference_header() -> Header {
    Header {
        arbiter: "0.1.0".into(),
        rulesets: vec!["russian@fmjd64".into()],
        ..Header::default()
    }
}

/// The header of a run of pydraughts (`python3 engine.py`) on `russian@fmjd64`.
pub fn engine_header() -> Header {
    Header {
        arbiter: "0.1.0".into(),
        suite_commit: None,
        started: "2025-01-31T12:00:05Z".into(),
        rulesets: vec!["russian@fmjd64".into()],
        engine: Some(EngineRecord {
            name: "pydraughts".into(),
            version: "0.6.7".into(),
            command: Some("python3 engine.py".into()),
            asked: Vec::new(),
        }),
        baseline: None,
    }
}

/// The result of `case` (`<game>.<file>.<name>`) under `ruleset`, checking `clause`; the
/// failure kind follows the verdict, the file the case id.
pub fn result(
    case: &str,
    ruleset: &str,
    clause: &str,
    verdict: Verdict,
    message: &str,
) -> ResultEvent {
    let game = ruleset.split('@').next().unwrap();
    let file = case.split('.').nth(1).unwrap_or(case);
    ResultEvent {
        case: case.into(),
        name: case.into(),
        ruleset: ruleset.into(),
        file: format!("cases/{game}/{file}.yaml"),
        clauses: vec![clause.into()],
        verdict,
        message: message.into(),
        failure: Failure::of(verdict),
        ..ResultEvent::default()
    }
}

/// Writes a report at `path` with the library's writer, the run taking 1.25 s. Without
/// `footer` the run is left cut short, as a killed run leaves it: only `<path>.partial`
/// exists.
pub fn write_report(path: &Path, header: Header, results: &[ResultEvent], footer: bool) {
    let mut view: Box<dyn View> = Box::new(JsonLines::create(path).unwrap());
    view.event(&Event::Header(header)).unwrap();
    let mut totals = Totals::default();
    for r in results {
        totals.add(r.verdict);
        view.event(&Event::Result(Box::new(r.clone()))).unwrap();
    }
    if footer {
        view.event(&Event::Footer(Footer::new(totals, 1.25)))
            .unwrap();
        view.finish().unwrap();
    }
}
