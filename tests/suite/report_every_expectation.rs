//! Issue 27 (hardening), "a report that says the opposite": every view of a result —
//! terminal, markdown, JUnit, HTML — says what the JSON report says, for every kind of
//! expectation the case model has (`Expect` in src/case/model.rs) and for an engine's
//! refusal under any of them. The HTML report once read "The must be refused." in the
//! engine's column of every "position must be refused" failure although the engine had
//! accepted the position.
//!
//! Each row is a failure as the runner writes it (the expected and actual values of
//! `src/case/*.rs`'s mismatches), with the facts each column of the HTML must state and the
//! words that would contradict the JSON.

use crate::common::{arbiter, code, root, stderr, stdout, temp_dir};
use crate::report_fixtures::{engine_header, result, write_report};
use arbiter::case::Verdict;
use serde_json::{json, Value};

struct Row {
    /// The expectation (the key of `expected` and `actual` in the report).
    kind: &'static str,
    ruleset: &'static str,
    message: &'static str,
    expected: Value,
    actual: Value,
    /// What the HTML's "the case expects" column must say.
    says_expected: &'static [&'static str],
    /// What the HTML's "the engine answered" column must say.
    says_actual: &'static [&'static str],
    /// What the engine's column must not say (it would contradict the JSON).
    never_actual: &'static [&'static str],
    /// What the case's column must not say.
    never_expected: &'static [&'static str],
}

const D: &str = "russian@fmjd64";
const X: &str = "xiangqi@cxa";

#[rustfmt::skip]
fn rows() -> Vec<Row> {
    let row = |kind, ruleset, message, expected, actual, says_expected, says_actual, never_actual, never_expected| Row {
        kind, ruleset, message, expected, actual, says_expected, says_actual, never_actual, never_expected,
    };
    vec![
        row("legal", D, "missing 22-18", json!(["22-17", "22-18"]), json!(["22-17"]),
            &["exactly these 2 moves", "22-18"], &["exactly one move: 22-17"], &["22-18"], &[]),
        row("legal", D, "the engine listed moves that are not legal: 9-99", Value::Null, json!(["9-99"]),
            &["nothing given"], &["9-99"], &[], &["no move at all"]),
        row("legal_includes", D, "missing 9x27", json!(["9x27"]), json!(["22-17"]),
            &["9x27"], &["22-17"], &["9x27"], &[]),
        row("illegal", D, "accepted as legal: '22-17'", json!(["22-17"]),
            json!([{"move": "22-17", "reached": "B:W17:B1"}]),
            &["not legal", "22-17"], &["Accepted as legal", "22-17", "B:W17:B1"], &["not legal"], &[]),
        row("illegal", D, "with '22-17' added, the engine refused the position instead of move 1: no piece",
            json!(["22-17"]), json!({"rejected": "the position", "message": "no piece"}),
            &["not legal", "22-17"], &["The position is refused: no piece"], &["not legal", "must be refused"], &[]),
        row("legal_count", D, "5 legal moves, expected 7: 1-5", json!(7), json!(5),
            &["7 legal moves"], &["5 legal moves"], &["7"], &["5"]),
        row("perft", D, "perft(3) counted 300 nodes, expected 302", json!({"depth": 3, "nodes": 302}),
            json!({"depth": 3, "nodes": 300}), &["302"], &["300"], &["302"], &["300"]),
        row("fen", D, "reached B:W17:B1, expected W:W22:B1", json!("W:W22:B1"), json!("B:W17:B1"),
            &["W:W22:B1"], &["B:W17:B1"], &["W:W22:B1"], &["B:W17:B1"]),
        row("outcome", D, "expected white (no-legal-move), got ongoing (none)",
            json!({"result": "white", "reason": "no-legal-move"}), json!({"result": "ongoing", "reason": null}),
            &["White wins", "no legal move"], &["goes on"], &["wins", "over"], &["goes on"]),
        row("check", X, "expected the side to move in check, but it is not in check", json!(true), json!(false),
            &["is in check"], &["not in check"], &["is in check"], &["not in check"]),
        row("rejected", X, "expected the position to be refused, but everything was accepted (reached 3k5/9/9/9/9/9/9/9/9/R8 w - - 0 1)",
            json!({"rejected": "the position", "contains": "general"}),
            json!({"accepted": "3k5/9/9/9/9/9/9/9/9/R8 w - - 0 1"}),
            &["The position must be refused", "general"], &["accepted", "3k5/9/9/9/9/9/9/9/9/R8 w - - 0 1"],
            &["must be refused", "is refused"], &["accepted"]),
        row("rejected", X, "expected history move 18 to be refused, but everything was accepted",
            json!({"rejected": "history move 18", "contains": null}), json!("accepted"),
            &["History move 18 must be refused"], &["Everything is accepted"], &["must be refused", "is refused"], &["accepted"]),
        row("rejected", X, "expected history move 2 to be refused, but the position was refused instead: two generals",
            json!({"rejected": "history move 2", "contains": null}),
            json!({"rejected": "the position", "message": "two generals"}),
            &["History move 2 must be refused"], &["The position is refused: two generals"], &["must be refused", "move 2"], &["two generals"]),
        row("rejected", X, "the position was refused as expected, but the message does not contain 'general': bad FEN",
            json!({"rejected": "the position", "contains": "general"}),
            json!({"rejected": "the position", "message": "bad FEN"}),
            &["The position must be refused", "general"], &["The position is refused: bad FEN"], &["must be refused"], &["bad FEN"]),
        row("claims", D, "valid claims are [], expected [threefold]", json!(["threefold"]), json!([]),
            &["threefold"], &["No draw can be claimed"], &["threefold"], &["No draw"]),
        row("claim", D, "the claim is rejected, expected upheld",
            json!({"kind": "threefold", "by": "white", "upheld": true, "penalty_seconds": null}),
            json!({"kind": "threefold", "by": "white", "upheld": false, "penalty_seconds": null, "reason": "only twice"}),
            &["upheld"], &["rejected"], &["upheld"], &["rejected"]),
        row("claim", D, "no claim was made in the steps",
            json!({"kind": "threefold", "by": "white", "upheld": true, "penalty_seconds": null}), Value::Null,
            &["upheld"], &["nothing given"], &["upheld", "rejected"], &[]),
        row("correction", X, "the engine reports no correction", json!("illegal-move"), Value::Null,
            &["illegal-move"], &["nothing given"], &["illegal-move"], &[]),
        row("counters", D, "kings-only: 12 plies, expected 30", json!({"kings-only": 30}), json!({"kings-only": 12}),
            &["30 plies"], &["12 plies"], &["30"], &["12"]),
        row("draw_offer", D, "the offer by white is not allowed: no move yet",
            json!({"by": "white", "allowed": true}), json!({"by": "white", "allowed": false, "reason": "no move yet"}),
            &["White may offer"], &["White may not offer"], &["may offer"], &["may not"]),
        row("repetition", X, "expected no verdict, got draw (both idle)", json!("none"),
            json!({"verdict": "draw", "reason": "both idle"}),
            &["no repetition cycle"], &["drawn"], &["no repetition"], &["drawn"]),
        row("permitted", D, "permitted moves [22-18], expected [22-17]",
            json!({"moves": ["22-17"], "by": "d64.touch.move", "step": 1}),
            json!({"moves": ["22-18"], "by": "d64.touch.other", "step": 1}),
            &["22-17", "d64.touch.move"], &["22-18", "d64.touch.other"], &["22-17"], &["22-18"]),
        row("permitted", D, "the engine's session position is invalid: bad", json!(["22-17"]), json!("W:W99"),
            &["22-17"], &["W:W99"], &["may make"], &[]),
        row("violations", X, "red has 0 violation(s), expected 1",
            json!({"red": 1, "white": null, "black": 0, "kinds": null}), json!({"red": 0, "black": 0, "kinds": []}),
            &["Red 1"], &["Red 0"], &["Red 1"], &["Red 0"]),
        row("offer", D, "pending draw offer: none, expected white", json!({"pending": "white"}), json!({"pending": null}),
            &["by White is pending"], &["No draw offer is pending"], &["by White", "by none"], &["No draw offer"]),
        row("clock", D, "white's time 59.5 s, expected 60 s",
            json!({"white": {"seconds": 60.0}}), json!({"white": {"seconds": 59.5}}),
            &["60"], &["59.5"], &[], &["59.5"]),
        row("adjournment", D, "sealed by black, expected white",
            json!("AdjournmentExpect { sealed_by: white }"), json!({"sealed_by": "black"}),
            &["white"], &["black"], &["white"], &["black"]),
        row("standings", D, "Ann: 1 point, expected 2",
            json!([{"name": "Ann", "points": 2.0}]), json!([{"name": "Ann", "points": 1.0}]),
            &["Ann", "2"], &["Ann", "1"], &["2"], &[]),
        row("colours", D, "missing (first player – black): round 1 game 1: Ann – Bob; not expected: none",
            json!([{"round": 1, "game": 1, "white": "Ann", "black": "Bob"}]), json!([]),
            &["Ann", "Bob"], &["[]"], &["Ann", "Bob"], &[]),
        // An engine that refused what the case expects accepted, under the stage…
        row("setup", D, "the engine refused the position: no white piece", json!("accepted"),
            json!({"rejected": "the position", "message": "no white piece"}),
            &["Everything is accepted"], &["The position is refused: no white piece"], &["accepted", "must be"], &["refused:"]),
        row("moves", D, "the engine refused history move 3: illegal", json!("accepted"),
            json!({"rejected": "history move 3", "message": "illegal"}),
            &["Everything is accepted"], &["History move 3 is refused: illegal"], &["accepted", "must be"], &["refused:"]),
        row("steps", D, "the engine refused step 2: not your piece", json!("accepted"),
            json!({"rejected": "step 2", "message": "not your piece"}),
            &["Everything is accepted"], &["Step 2 is refused: not your piece"], &["accepted", "must be"], &["refused:"]),
        // …or under the expectation it was asked for.
        row("standings", D, "the engine refused the tournament: two rounds 1", json!("accepted"),
            json!({"rejected": "setup", "message": "two rounds 1"}),
            &["Everything is accepted"], &["Setup is refused: two rounds 1"], &["accepted", "must be"], &["refused:"]),
        row("permitted", D, "step 2 was refused: not your piece", json!("accepted"),
            json!({"rejected": "step 2", "message": "not your piece"}),
            &["Everything is accepted"], &["Step 2 is refused: not your piece"], &["accepted", "may make"], &["refused:"]),
    ]
}

/// The fields of `Expect` in src/case/model.rs, read from the source.
fn expect_fields() -> Vec<String> {
    let source = std::fs::read_to_string(root().join("src/case/model.rs")).unwrap();
    let body = source
        .split("pub struct Expect {")
        .nth(1)
        .expect("src/case/model.rs has `pub struct Expect`");
    let body = &body[..body.find("\n}").unwrap()];
    body.lines()
        .filter_map(|l| l.trim().strip_prefix("pub "))
        .filter_map(|l| l.split(':').next())
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_rows_cover_every_kind_of_expectation_of_the_case_model() {
    let fields = expect_fields();
    assert!(fields.len() > 20, "{fields:?}");
    let kinds: Vec<&str> = rows().iter().map(|r| r.kind).collect();
    for field in &fields {
        assert!(
            kinds.contains(&field.as_str()),
            "no row for the expectation `{field}`: add one (its expected and actual as the runner writes them)"
        );
    }
}

fn name(i: usize, row: &Row) -> String {
    format!("views.{}.{i}", row.kind.replace('_', "-"))
}

/// Un-escapes what the views escape (HTML and XML entities, markdown's backslashes).
fn plain(text: &str) -> String {
    text.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
        .replace('\\', "")
}

/// The part of `text` from `start` (of `names[i]`) to the next `start` of another row.
fn section<'a>(text: &'a str, marker: &str, next: &[String]) -> &'a str {
    let from = text
        .find(marker)
        .unwrap_or_else(|| panic!("no {marker} in:\n{text}"));
    let rest = &text[from + marker.len()..];
    let to = next
        .iter()
        .filter_map(|m| rest.find(m.as_str()))
        .min()
        .unwrap_or(rest.len());
    &rest[..to]
}

fn view(path: &std::path::Path, format: &str) -> String {
    let out = arbiter(&["report", path.to_str().unwrap(), "--format", format]);
    assert_eq!(code(&out), 1, "{format}: {}", stderr(&out));
    stdout(&out)
}

#[test]
fn every_view_of_every_kind_of_failure_says_what_the_json_says() {
    let rows = rows();
    let results: Vec<_> = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = result(&name(i, row), row.ruleset, "d64.test", Verdict::Failed, "");
            r.message = format!("{}: {}", row.kind, row.message);
            r.expected = json!({ row.kind: row.expected });
            r.actual = json!({ row.kind: row.actual });
            r
        })
        .collect();
    let dir = temp_dir("report-every-expectation");
    let path = dir.join("r.jsonl");
    write_report(&path, engine_header(), &results, true);
    let terminal = view(&path, "terminal");
    let markdown = view(&path, "markdown");
    let junit = view(&path, "junit");
    let html = view(&path, "html");
    let names: Vec<String> = rows.iter().enumerate().map(|(i, r)| name(i, r)).collect();
    let markers =
        |f: &dyn Fn(&str) -> String| -> Vec<String> { names.iter().map(|n| f(n)).collect() };
    let term_markers = markers(&|n| format!("FAILED {n} ["));
    let md_markers = markers(&|n| format!("### `{n}`"));
    let junit_markers = markers(&|n| format!("<testcase name=\"{n}\""));
    let html_markers = markers(&|n| format!("id=\"{n}\""));
    for (i, (row, r)) in rows.iter().zip(&results).enumerate() {
        let expected_json = r.expected.to_string();
        let actual_json = r.actual.to_string();
        for (view_name, text, marks) in [
            ("terminal", &terminal, &term_markers),
            ("markdown", &markdown, &md_markers),
            ("junit", &junit, &junit_markers),
        ] {
            let part = plain(section(text, &marks[i], marks));
            for piece in r.message.split("; ") {
                assert!(
                    part.contains(&plain(piece)),
                    "{view_name} of {}: no message {piece:?}:\n{part}",
                    names[i]
                );
            }
            assert!(
                part.contains(&plain(&expected_json)),
                "{view_name} of {}: no expected {expected_json}:\n{part}",
                names[i]
            );
            assert!(
                part.contains(&plain(&actual_json)),
                "{view_name} of {}: no actual {actual_json}:\n{part}",
                names[i]
            );
        }
        let part = plain(section(&html, &html_markers[i], &html_markers));
        assert!(
            part.contains(&plain(&r.message)),
            "html of {}: no message:\n{part}",
            names[i]
        );
        let table = part
            .split("<th>the engine answered</th></tr><tr><td>")
            .nth(1)
            .unwrap_or_else(|| panic!("html of {}: no table:\n{part}", names[i]));
        let (case_column, rest) = table.split_once("</td><td>").unwrap();
        let engine_column = &rest[..rest.find("</td>").unwrap()];
        for fact in row.says_expected {
            assert!(
                case_column.contains(fact),
                "html of {}: the case's column lacks {fact:?}: {case_column}",
                names[i]
            );
        }
        for fact in row.says_actual {
            assert!(
                engine_column.contains(fact),
                "html of {}: the engine's column lacks {fact:?}: {engine_column}",
                names[i]
            );
        }
        for wrong in row.never_actual {
            assert!(!engine_column.contains(wrong), "html of {}: the engine's column says {wrong:?}, against the JSON {actual_json}: {engine_column}", names[i]);
        }
        for wrong in row.never_expected {
            assert!(!case_column.contains(wrong), "html of {}: the case's column says {wrong:?}, against the JSON {expected_json}: {case_column}", names[i]);
        }
        for column in [case_column, engine_column] {
            assert!(
                !column.contains("The  ") && !column.contains("<li></li>"),
                "html of {}: a sentence lost its subject: {column}",
                names[i]
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
