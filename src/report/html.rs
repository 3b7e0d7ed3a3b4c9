//! The report as one self-contained HTML page: the summary per clause group, then each
//! failure with its board, the expected and the actual answer drawn on it (missing moves and
//! extra moves apart), the engine and the command that reproduces it.

use super::{clause_group, Gate, Report, ResultEvent};
use crate::case::{ListedMove, Verdict};
use crate::page::{
    escape, expectation_words, page, scene_html, touched_squares, ArrowKind, Route, Scene,
};
use crate::Ruleset;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// The report as an HTML page (inline CSS and SVG, no script, no external resource).
///
/// The arrows of a move-list failure come from the result's `difference` (the runner's
/// comparison); the page reads no move again. Reports written before results carried it
/// draw no arrows.
///
/// Failures the baseline expects are shown after the unexpected ones, marked. Every text
/// from the report is escaped.
///
/// ```
/// use arbiter::report::{gate, to_html, Baseline, Report};
///
/// let text = concat!(
///     r#"{"type":"header","arbiter":"0.1.0","started":"2025-01-31T12:00:05Z","rulesets":["russian@fmjd64"]}"#, "\n",
///     r#"{"type":"result","case":"a.b","ruleset":"russian@fmjd64","clauses":["d64.capture.compulsory"],"status":"failed","#,
///     r#""message":"legal: missing 22x15; unexpected '22-17'","expected":{"legal":["22x15"]},"actual":{"legal":["22-17"]},"fen":"W:W22:B18","#,
///     r#""difference":{"legal":{"only_expected":[{"text":"22x15","canonical":"22x15","route":["22","15"]}],"#,
///     r#""only_engine":[{"text":"22-17","canonical":"22-17","route":["22","17"]}]}}}"#, "\n",
///     r#"{"type":"footer","passed":0,"failed":1,"skipped":0,"errored":0,"seconds":0.1}"#, "\n");
/// let report = Report::parse(std::path::Path::new("r.jsonl"), text).unwrap();
/// let html = to_html(&report, &gate(&Baseline::from_marks(&report), &report.results));
/// assert!(html.contains(r#"class="arrow missing""#) && html.contains(r#"class="arrow extra""#));
/// ```
pub fn to_html(report: &Report, gate: &Gate) -> String {
    let engine = report.engine();
    let totals = report.totals();
    let mut b = String::new();
    let _ = write!(b, "<h1>Conformance of {}</h1>", escape(&engine.label()));
    if report.truncated() {
        b.push_str(r#"<p class="failure"><b>Truncated report:</b> the run did not get to its end; the results below are those written.</p>"#);
    }
    let _ = write!(
        b,
        r#"<p>Engine: <b>{}</b>{} · arbiter {} · suite {} · started {} · rulesets {}</p>"#,
        escape(&engine.label()),
        engine
            .command
            .as_deref()
            .map(|c| format!(" (<code>{}</code>)", escape(c)))
            .unwrap_or_else(|| " (built in)".to_owned()),
        escape(&report.header.arbiter),
        escape(report.header.suite_commit.as_deref().unwrap_or("unknown")),
        escape(&report.header.started),
        escape(&report.header.rulesets.join(", "))
    );
    if !engine.asked.is_empty() {
        b.push_str("<p>How the engine was asked:</p><ul>");
        for line in &engine.asked {
            let _ = write!(b, "<li>{}</li>", escape(line));
        }
        b.push_str("</ul>");
    }
    let _ = write!(
        b,
        r#"<p><span class="badge passed">{} passed</span> <span class="badge failed">{} failed</span> <span class="badge skipped">{} skipped</span> <span class="badge errored">{} errored</span> · {}</p>"#,
        totals.passed,
        totals.failed,
        totals.skipped,
        totals.errored,
        if gate.conformant() {
            "conformant: nothing failed but what the baseline lists".to_owned()
        } else {
            format!(
                "<b>not conformant</b>: {} unexpected failure(s)",
                gate.unexpected_failures.len()
            )
        }
    );
    // Summary per clause group.
    let mut groups: BTreeMap<&str, [usize; 4]> = BTreeMap::new();
    for r in &report.results {
        let mut seen = BTreeSet::new();
        for c in &r.clauses {
            let g = clause_group(c);
            if seen.insert(g) {
                let row = groups.entry(g).or_default();
                row[match r.verdict {
                    Verdict::Passed => 0,
                    Verdict::Failed => 1,
                    Verdict::Skipped => 2,
                    Verdict::Errored => 3,
                }] += 1;
            }
        }
    }
    b.push_str("<h2>Summary per clause group</h2><table><tr><th>clause group</th><th>passed</th><th>failed</th><th>skipped</th><th>errored</th></tr>");
    for (g, [p, f, s, e]) in &groups {
        let _ = write!(
            b,
            r#"<tr><td><code>{}</code></td><td>{p}</td><td>{}</td><td>{s}</td><td>{}</td></tr>"#,
            escape(g),
            if *f > 0 {
                format!(r#"<span class="badge failed">{f}</span>"#)
            } else {
                f.to_string()
            },
            if *e > 0 {
                format!(r#"<span class="badge errored">{e}</span>"#)
            } else {
                e.to_string()
            }
        );
    }
    b.push_str("</table>");
    let command = engine.command.as_deref();
    let _ = write!(b, "<h2>Failures ({})</h2>", gate.unexpected_failures.len());
    if gate.unexpected_failures.is_empty() {
        b.push_str(r#"<p class="muted">None.</p>"#);
    }
    for r in &gate.unexpected_failures {
        failure_html(&mut b, r, command, &engine.label(), false);
    }
    if !gate.expected_failures.is_empty() {
        let _ = write!(
            b,
            "<h2>Failures the baseline expects ({})</h2>",
            gate.expected_failures.len()
        );
        for r in &gate.expected_failures {
            failure_html(&mut b, r, command, &engine.label(), true);
        }
    }
    if !gate.unexpected_passes.is_empty() {
        b.push_str("<h2>Passes the baseline lists as failures</h2><ul>");
        for r in &gate.unexpected_passes {
            let _ = write!(b, "<li><code>{}</code></li>", escape(&r.name));
        }
        b.push_str("</ul>");
    }
    page(&format!("Conformance of {}", engine.label()), &b)
}

/// The arrows of a move-list failure, from the difference the runner found: the expected
/// moves the engine left out (missing), then the moves it gave that are not expected
/// (extra). A failure with several move lists is drawn with the first (`legal`, then
/// `legal_includes`, then `permitted`).
fn arrows(r: &ResultEvent) -> Vec<(ArrowKind, Route)> {
    let Some(difference) = r.difference.values().next() else {
        return Vec::new();
    };
    let drawn = |kind: ArrowKind, moves: &[ListedMove]| {
        moves
            .iter()
            .map(move |m| (kind, Route::Squares(m.route.clone())))
            .collect::<Vec<_>>()
    };
    let mut arrows = drawn(ArrowKind::Missing, &difference.only_expected);
    arrows.extend(drawn(ArrowKind::Extra, &difference.only_engine));
    arrows
}

fn failure_html(b: &mut String, r: &ResultEvent, command: Option<&str>, engine: &str, known: bool) {
    let kind = r.failure_kind().map(|f| f.name()).unwrap_or("rules");
    let _ = write!(
        b,
        r#"<section class="failure {kind}{}" id="{id}"><h3><code>{name}</code> <span class="badge {v}">{v}</span></h3>"#,
        if known { " known" } else { "" },
        id = escape(&r.name),
        name = escape(&r.name),
        v = r.verdict.name()
    );
    let _ = write!(
        b,
        r#"<p class="small">under <b>{}</b> · engine <b>{}</b> · {} · clauses {} · case file <code>{}</code></p>"#,
        escape(&r.ruleset),
        escape(engine),
        if kind == "engine" {
            "the engine went wrong"
        } else {
            "the answer disagrees with the rules"
        },
        escape(&r.clauses.join(", ")),
        escape(&r.file)
    );
    if let Some(reason) = r.expected_failure() {
        let _ = write!(
            b,
            r#"<p class="muted">Known failure: {}</p>"#,
            escape(reason)
        );
    }
    let _ = write!(b, "<pre>{}</pre>", escape(&r.message));
    let ruleset: Option<Ruleset> = r.ruleset.parse().ok();
    if let Some(ruleset) = &ruleset {
        let game = ruleset.game;
        b.push_str(&scene_html(
            ruleset,
            &Scene {
                position: r.position.as_deref(),
                moves: &r.moves,
                shared: None,
                fen: r.fen.as_deref(),
                touched: touched_squares(&r.steps),
                arrows: arrows(r),
            },
        ));
        b.push_str(r#"<table><tr><th>the case expects</th><th>the engine answered</th></tr><tr><td><ul class="expect">"#);
        for w in expectation_words(&r.expected, game) {
            let _ = write!(b, "<li>{}</li>", escape(&w));
        }
        b.push_str(r#"</ul></td><td><ul class="expect">"#);
        for w in expectation_words(&r.actual, game) {
            let _ = write!(b, "<li>{}</li>", escape(&w));
        }
        b.push_str("</ul></td></tr>");
        let _ = write!(
            b,
            r#"<tr><td><pre class="small">{}</pre></td><td><pre class="small">{}</pre></td></tr></table>"#,
            escape(&pretty(&r.expected)),
            escape(&pretty(&r.actual))
        );
    }
    if !r.steps.is_empty() {
        let steps: Vec<String> = r.steps.iter().map(Value::to_string).collect();
        let _ = write!(
            b,
            r#"<p class="small">Steps: <code>{}</code></p>"#,
            escape(&steps.join(" "))
        );
    }
    let _ = write!(
        b,
        r#"<p>Reproduce: <code>{}</code></p>"#,
        escape(&r.reproduce_command(command))
    );
    if let Some(stderr) = r.stderr.as_deref().filter(|s| !s.trim().is_empty()) {
        let _ = write!(
            b,
            r#"<details><summary>the engine's stderr</summary><pre>{}</pre></details>"#,
            escape(stderr)
        );
    }
    b.push_str("</section>");
}

fn pretty(v: &Value) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}
