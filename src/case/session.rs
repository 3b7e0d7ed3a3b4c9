//! Checking cases with `steps:`, `permitted` or `violations`: the history and the steps are
//! applied to a [`Session`] of the reference procedures, then `permitted`, `violations`,
//! `fen` and `outcome` are checked against the state reached.
//!
//! The engine protocol has no session query yet, so only the reference engine answers
//! these cases; under any other engine they are skipped.

use super::steps::{PermittedExpect, Step, ViolationsExpect};
use super::{Case, CaseResult, Mismatch, Verdict};
use crate::procedure::{Event, Session, Side};
use crate::{Game, Ruleset};
use serde_json::json;
use std::collections::BTreeSet;

/// Whether a case needs the session machinery.
pub(super) fn uses_session(case: &Case) -> bool {
    case.steps.is_some() || case.expect.permitted.is_some() || case.expect.violations.is_some()
}

fn result(verdict: Verdict, message: String) -> CaseResult {
    CaseResult {
        verdict,
        message,
        mismatches: Vec::new(),
        fen: None,
        board: None,
    }
}

fn fail(
    expectation: &'static str,
    message: String,
    expected: serde_json::Value,
    actual: serde_json::Value,
) -> Mismatch {
    Mismatch {
        expectation,
        message,
        expected,
        actual,
    }
}

/// Reads a side name of the game.
fn side(text: &str, game: Game) -> Result<Side, String> {
    Side::parse(text, game).map_err(|e| e.to_string())
}

/// The session event of a step under a game.
fn event(step: &Step, game: Game) -> Result<Event, String> {
    let opt_side = |s: &Option<String>| s.as_deref().map(|t| side(t, game)).transpose();
    Ok(match step {
        Step::Move(m) => Event::Move(m.clone()),
        Step::Touch { squares, side: s } => Event::Touch {
            squares: squares.clone(),
            side: opt_side(s)?,
        },
        Step::Accidental(s) => Event::Accidental(s.clone()),
        Step::Adjust { square, announced } => Event::Adjust {
            square: square.clone(),
            announced: *announced,
        },
        Step::Illegal {
            text,
            side: s,
            fen,
            removed,
        } => Event::Illegal {
            text: text.clone(),
            side: opt_side(s)?,
            fen: fen.clone(),
            removed: removed.clone(),
        },
        Step::Accept => Event::Accept,
        Step::Correct => Event::Correct,
        Step::Violation { side: s, kind } => Event::Violation {
            side: side(s, game)?,
            kind: kind.clone(),
        },
        Step::Resign(s) => Event::Resign(side(s, game)?),
        Step::Forfeit { side: s, reason } => Event::Forfeit {
            side: side(s, game)?,
            reason: reason.clone(),
        },
    })
}

/// Checks a session case under one ruleset with the reference procedures.
pub(super) fn check(case: &Case, ruleset: &Ruleset, engine_plays_sessions: bool) -> CaseResult {
    if !engine_plays_sessions {
        return result(
            Verdict::Skipped,
            "steps, permitted and violations are checked with the reference procedures only \
             (the engine protocol has no session query yet)"
                .to_owned(),
        );
    }
    let e = &case.expect;
    let unsupported: Vec<&str> = [
        ("legal", e.legal.is_some()),
        ("legal_includes", e.legal_includes.is_some()),
        ("illegal", e.illegal.is_some()),
        ("legal_count", e.legal_count.is_some()),
        ("perft", e.perft.is_some()),
        ("check", e.check.is_some()),
        ("rejected", e.rejected.is_some()),
    ]
    .into_iter()
    .filter(|(_, used)| *used)
    .map(|(k, _)| k)
    .collect();
    if !unsupported.is_empty() {
        return result(
            Verdict::Errored,
            format!(
                "{} cannot be combined with steps, permitted or violations (expect permitted, \
                 violations, fen or outcome)",
                unsupported.join(", ")
            ),
        );
    }
    let game = ruleset.game;
    let mut session = match Session::new(ruleset, case.position.as_deref()) {
        Ok(s) => s,
        Err(err) => return result(Verdict::Errored, format!("the position: {err}")),
    };
    let start = session.fen();
    let mut mismatches = Vec::new();
    let mut halted = false;
    for (i, m) in case.moves.iter().enumerate() {
        if let Err(err) = session.apply(Event::Move(m.clone())) {
            mismatches.push(fail(
                "moves",
                format!("history move {} '{m}' was refused: {err}", i + 1),
                json!(m),
                json!(err.to_string()),
            ));
            halted = true;
            break;
        }
    }
    if !halted {
        for (i, step) in case.steps.iter().flatten().enumerate() {
            let applied =
                event(step, game).and_then(|ev| session.apply(ev).map_err(|e| e.to_string()));
            if let Err(err) = applied {
                mismatches.push(fail(
                    "steps",
                    format!("step {} ({step}) was refused: {err}", i + 1),
                    json!(step.to_string()),
                    json!(err),
                ));
                halted = true;
                break;
            }
        }
    }
    if !halted {
        if let Some(p) = &e.permitted {
            check_permitted(&session, p, &mut mismatches);
        }
        if let Some(v) = &e.violations {
            check_violations(&session, v, game, &mut mismatches);
        }
        if let Some(fen) = &e.fen {
            match crate::procedure::Board::new(ruleset, Some(fen)) {
                Ok(want) if want.fen() == session.fen() => {}
                Ok(want) => mismatches.push(fail(
                    "fen",
                    format!("reached {}, expected {}", session.fen(), want.fen()),
                    json!(want.fen()),
                    json!(session.fen()),
                )),
                Err(err) => mismatches.push(fail(
                    "fen",
                    format!("the expected FEN is invalid: {err}"),
                    json!(fen),
                    json!(session.fen()),
                )),
            }
        }
        if let Some(o) = &e.outcome {
            let (result_name, reason) = match session.outcome() {
                Some(out) => (
                    out.winner.map_or("draw", |w| w.name(game)).to_owned(),
                    out.reason,
                ),
                None => ("ongoing".to_owned(), String::new()),
            };
            let reason_ok = o.reason.as_ref().is_none_or(|r| *r == reason);
            if result_name != o.result.name() || !reason_ok {
                mismatches.push(fail(
                    "outcome",
                    format!(
                        "expected {}{}, got {result_name} ({reason})",
                        o.result.name(),
                        o.reason
                            .as_ref()
                            .map(|r| format!(" ({r})"))
                            .unwrap_or_default()
                    ),
                    json!({"result": o.result.name(), "reason": o.reason}),
                    json!({"result": result_name, "reason": reason}),
                ));
            }
        }
    }
    let fen = if halted { start } else { session.fen() };
    let rules = crate::rules_for(ruleset);
    let board = rules.render(&fen, false).ok();
    if mismatches.is_empty() {
        CaseResult {
            board,
            fen: Some(fen),
            ..result(Verdict::Passed, String::new())
        }
    } else {
        let message = mismatches
            .iter()
            .map(|m| format!("{}: {}", m.expectation, m.message))
            .collect::<Vec<_>>()
            .join("; ");
        CaseResult {
            verdict: Verdict::Failed,
            message,
            mismatches,
            fen: Some(fen),
            board,
        }
    }
}

fn check_permitted(session: &Session, want: &PermittedExpect, out: &mut Vec<Mismatch>) {
    let game = session.board().game();
    let ruling = session.permitted();
    let mut problems = Vec::new();
    let mut keys = BTreeSet::new();
    let mut missing = Vec::new();
    for text in &want.moves {
        match session.board().read_move(text) {
            Ok(m) => {
                if !keys.insert(m.key.clone()) {
                    problems.push(format!("'{text}' is listed twice (same move)"));
                }
                if !ruling.permits(&m.key) {
                    missing.push(format!("'{text}'"));
                }
            }
            Err(err) => problems.push(format!("expected '{text}' names no legal move ({err})")),
        }
    }
    let unexpected: Vec<String> = ruling
        .permitted
        .iter()
        .filter(|m| !keys.contains(&m.key))
        .map(|m| format!("'{}'", m.text))
        .collect();
    if !missing.is_empty() {
        problems.push(format!("not permitted: {}", missing.join(", ")));
    }
    if !unexpected.is_empty() {
        problems.push(format!("also permitted: {}", unexpected.join(", ")));
    }
    let clause = ruling.clause(game);
    if let Some(by) = &want.by {
        if clause != Some(by.as_str()) {
            problems.push(format!(
                "decided by {}, expected {by}",
                clause.unwrap_or("no clause (nothing binds)")
            ));
        }
    }
    let step = ruling.step_id(game);
    if let Some(s) = &want.step {
        if *s != step {
            problems.push(format!("decided at step {step}, expected {s}"));
        }
    }
    if !problems.is_empty() {
        let actual: Vec<&str> = ruling.permitted.iter().map(|m| m.text.as_str()).collect();
        out.push(fail(
            "permitted",
            problems.join("; "),
            json!({"moves": want.moves, "by": want.by, "step": want.step}),
            json!({"moves": actual, "by": clause, "step": step}),
        ));
    }
}

fn check_violations(
    session: &Session,
    want: &ViolationsExpect,
    game: Game,
    out: &mut Vec<Mismatch>,
) {
    let mut problems = Vec::new();
    for (name, count) in [
        ("red", want.red),
        ("white", want.white),
        ("black", want.black),
    ] {
        let Some(count) = count else { continue };
        match Side::parse(name, game) {
            Ok(s) if session.violations(s) != count => problems.push(format!(
                "{name} has {} violation(s), expected {count}",
                session.violations(s)
            )),
            Ok(_) => {}
            Err(err) => problems.push(err.to_string()),
        }
    }
    let kinds: Vec<&str> = session.breaches().iter().map(|b| b.kind.as_str()).collect();
    if let Some(k) = &want.kinds {
        if *k != kinds {
            problems.push(format!(
                "breaches recorded [{}], expected [{}]",
                kinds.join(", "),
                k.join(", ")
            ));
        }
    }
    if !problems.is_empty() {
        let actual = json!({
            Side::First.name(game): session.violations(Side::First),
            Side::Second.name(game): session.violations(Side::Second),
            "kinds": kinds,
        });
        out.push(fail(
            "violations",
            problems.join("; "),
            json!({"red": want.red, "white": want.white, "black": want.black, "kinds": want.kinds}),
            actual,
        ));
    }
}
