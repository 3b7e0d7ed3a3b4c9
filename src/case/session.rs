//! Checking cases with `steps:`, `permitted`, `violations`, `offer` or a refused step: the
//! history and the steps are applied to a [`Session`] of the reference procedures, then
//! `permitted`, `violations`, `offer`, `claim` (the last claim step's ruling), `claims`,
//! `fen` and `outcome` are checked against the state reached, or `rejected` against the
//! event refused.
//!
//! The engine protocol has no session query yet, so only the reference engine answers
//! these cases; under any other engine they are skipped.

use super::steps::{OfferExpect, PermittedExpect, Step, ViolationsExpect};
use super::{Case, CaseResult, ClaimExpect, Mismatch, Rejected, Stage, Verdict};
use crate::procedure::{Event, Session, Side};
use crate::{Game, Ruleset};
use serde_json::json;
use std::collections::BTreeSet;

/// Whether a case needs the session machinery.
pub(super) fn uses_session(case: &Case) -> bool {
    let e = &case.expect;
    case.steps.is_some()
        || e.permitted.is_some()
        || e.violations.is_some()
        || e.offer.is_some()
        || matches!(
            e.rejected,
            Some(Rejected {
                stage: Stage::Step(_),
                ..
            })
        )
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
        Step::RefuseCorrection(s) => Event::RefuseCorrection(side(s, game)?),
        Step::Violation { side: s, kind } => Event::Violation {
            side: side(s, game)?,
            kind: kind.clone(),
        },
        Step::Resign(s) => Event::Resign(side(s, game)?),
        Step::Forfeit { side: s, reason } => Event::Forfeit {
            side: side(s, game)?,
            reason: reason.clone(),
        },
        Step::Offer(s) => Event::Offer(side(s, game)?),
        Step::Answer(accept) => Event::Answer { accept: *accept },
        Step::Claim { kind, by } => Event::Claim {
            kind: kind.clone(),
            by: opt_side(by)?,
        },
    })
}

fn stage_name(stage: Stage) -> String {
    match stage {
        Stage::Setup => "the setup".to_owned(),
        Stage::Move(n) => format!("history move {n}"),
        Stage::Step(n) => format!("step {n}"),
    }
}

/// Compares an expected refusal with what was refused (`None`: everything was accepted).
fn check_refusal(want: &Rejected, got: Option<(Stage, &str)>) -> Option<Mismatch> {
    let expected = json!({"rejected": stage_name(want.stage), "contains": want.contains});
    match got {
        Some((at, msg)) if at == want.stage => match &want.contains {
            Some(text) if !msg.contains(text.as_str()) => Some(fail(
                "rejected",
                format!(
                    "{} was refused as expected, but the message does not contain '{text}': {msg}",
                    stage_name(at)
                ),
                expected,
                json!({"rejected": stage_name(at), "message": msg}),
            )),
            _ => None,
        },
        Some((at, msg)) => Some(fail(
            "rejected",
            format!(
                "expected {} to be refused, but {} was refused instead: {msg}",
                stage_name(want.stage),
                stage_name(at)
            ),
            expected,
            json!({"rejected": stage_name(at), "message": msg}),
        )),
        None => Some(fail(
            "rejected",
            format!(
                "expected {} to be refused, but everything was accepted",
                stage_name(want.stage)
            ),
            expected,
            json!("accepted"),
        )),
    }
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
        ("counters", e.counters.is_some()),
        ("draw_offer", e.draw_offer.is_some()),
        ("repetition", e.repetition.is_some()),
    ]
    .into_iter()
    .filter(|(_, used)| *used)
    .map(|(k, _)| k)
    .collect();
    if !unsupported.is_empty() {
        return result(
            Verdict::Errored,
            format!(
                "{} cannot be combined with steps, permitted, violations or offer (expect \
                 permitted, violations, offer, claim, claims, fen, outcome or rejected)",
                unsupported.join(", ")
            ),
        );
    }
    let game = ruleset.game;
    let rejected = e.rejected.as_ref();
    let mut session = match Session::new(ruleset, case.position.as_deref()) {
        Ok(s) => s,
        Err(err) => {
            let msg = format!("the position: {err}");
            return match rejected {
                Some(want) => match check_refusal(want, Some((Stage::Setup, &err.to_string()))) {
                    None => result(Verdict::Passed, String::new()),
                    Some(m) => CaseResult {
                        mismatches: vec![m],
                        ..result(Verdict::Failed, msg)
                    },
                },
                None => result(Verdict::Errored, msg),
            };
        }
    };
    let start = session.fen();
    let mut mismatches = Vec::new();
    let mut halted = false;
    // The first event refused, for `rejected`.
    let mut refused: Option<(Stage, String)> = None;
    for (i, m) in case.moves.iter().enumerate() {
        if let Err(err) = session.apply(Event::Move(m.clone())) {
            if rejected.is_some() {
                refused = Some((Stage::Move(i + 1), err.to_string()));
            } else {
                mismatches.push(fail(
                    "moves",
                    format!("history move {} '{m}' was refused: {err}", i + 1),
                    json!(m),
                    json!(err.to_string()),
                ));
            }
            halted = true;
            break;
        }
    }
    if !halted {
        for (i, step) in case.steps.iter().flatten().enumerate() {
            let applied =
                event(step, game).and_then(|ev| session.apply(ev).map_err(|e| e.to_string()));
            if let Err(err) = applied {
                if rejected.is_some() {
                    refused = Some((Stage::Step(i + 1), err));
                } else {
                    mismatches.push(fail(
                        "steps",
                        format!("step {} ({step}) was refused: {err}", i + 1),
                        json!(step.to_string()),
                        json!(err),
                    ));
                }
                halted = true;
                break;
            }
        }
    }
    if let Some(want) = rejected {
        // `rejected` stands alone: the state reached is not checked further.
        mismatches.extend(check_refusal(
            want,
            refused.as_ref().map(|(at, msg)| (*at, msg.as_str())),
        ));
        halted = true;
    }
    if !halted {
        if let Some(p) = &e.permitted {
            check_permitted(&session, p, &mut mismatches);
        }
        if let Some(v) = &e.violations {
            check_violations(&session, v, game, &mut mismatches);
        }
        if let Some(o) = &e.offer {
            check_offer(&session, o, &mut mismatches);
        }
        if let Some(c) = &e.claim {
            check_claim(&session, c, &mut mismatches);
        }
        if let Some(kinds) = &e.claims {
            let mut want: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            want.sort_unstable();
            want.dedup();
            let mut have: Vec<&str> = session.ending().claims.iter().map(String::as_str).collect();
            have.sort_unstable();
            if want != have {
                mismatches.push(fail(
                    "claims",
                    format!(
                        "valid claims are [{}], expected [{}]",
                        have.join(", "),
                        want.join(", ")
                    ),
                    json!(want),
                    json!(have),
                ));
            }
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
        CaseResult {
            fen: Some(fen),
            board,
            ..super::run::failed(mismatches)
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

fn check_offer(session: &Session, want: &OfferExpect, out: &mut Vec<Mismatch>) {
    let game = session.board().game();
    let have = session.pending_offer().map_or("none", |s| s.name(game));
    let valid = want.pending == "none" || Side::parse(&want.pending, game).is_ok();
    if !valid {
        out.push(fail(
            "offer",
            format!(
                "pending: '{}' is no side of {game} (expected {}, {} or none)",
                want.pending,
                Side::First.name(game),
                Side::Second.name(game)
            ),
            json!({"pending": want.pending}),
            json!({"pending": have}),
        ));
    } else if have != want.pending {
        out.push(fail(
            "offer",
            format!("pending draw offer: {have}, expected {}", want.pending),
            json!({"pending": want.pending}),
            json!({"pending": have}),
        ));
    }
}

fn check_claim(session: &Session, want: &ClaimExpect, out: &mut Vec<Mismatch>) {
    let expected = json!({"kind": want.kind.name(), "by": want.by, "upheld": want.upheld,
        "penalty_seconds": want.penalty_seconds});
    let Some(got) = session.claim_rulings().last() else {
        out.push(fail(
            "claim",
            "no claim was made in the steps".to_owned(),
            expected,
            json!(null),
        ));
        return;
    };
    let seconds = got.penalty.as_ref().map(|p| p.seconds);
    let mut problems = Vec::new();
    if got.kind != want.kind.name() {
        problems.push(format!(
            "the last claim is {}, expected {}",
            got.kind,
            want.kind.name()
        ));
    }
    if let Some(by) = &want.by {
        if *by != got.by {
            problems.push(format!("claimed by {}, expected {by}", got.by));
        }
    }
    if got.upheld != want.upheld {
        problems.push(format!(
            "the claim was {} ({}), expected {}",
            if got.upheld { "upheld" } else { "refused" },
            got.reason,
            if want.upheld { "upheld" } else { "refused" }
        ));
    }
    if seconds != want.penalty_seconds {
        problems.push(format!(
            "penalty {}, expected {}",
            seconds.map_or("none".to_owned(), |s| format!("{s} s")),
            want.penalty_seconds
                .map_or("none".to_owned(), |s| format!("{s} s"))
        ));
    }
    if !problems.is_empty() {
        out.push(fail(
            "claim",
            problems.join("; "),
            expected,
            json!({"kind": got.kind, "by": got.by, "upheld": got.upheld,
                "penalty_seconds": seconds, "reason": got.reason}),
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
