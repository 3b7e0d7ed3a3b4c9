//! Cases with `steps:`, `permitted`, `violations`, `offer` or a refused step: the history
//! and the steps go to the engine as one `session` query, and `permitted`, `violations`,
//! `offer`, `claim` (the last claim step's ruling), `claims`, `fen` and `outcome` are
//! checked against the state it answers, or `rejected` against the stage it refused.

use super::check::{Checker, Halt};
use super::endings::ClaimSeen;
use super::steps::{OfferExpect, PermittedExpect, ViolationsExpect};
use super::{
    Case, ClaimExpect, CorrectionExpect, ListedMove, Mismatch, MoveDifference, Rejected, Stage,
};
use crate::protocol::{Answer, Feature, Query, QueryKind, Reply, SessionAnswer, Step};
use serde_json::json;
use std::collections::BTreeSet;

/// Whether a case needs a game session.
pub(super) fn uses_session(case: &Case) -> bool {
    let e = &case.expect;
    case.steps.is_some()
        || e.permitted.is_some()
        || e.violations.is_some()
        || e.offer.is_some()
        || e.correction.is_some()
        || matches!(
            e.rejected,
            Some(Rejected {
                stage: Stage::Step(_),
                ..
            })
        )
}

impl Checker<'_> {
    pub(super) fn check_session(&mut self) -> Result<(), Halt> {
        self.only_session_expectations("steps, permitted, violations or offer")?;
        if !self.info.answers(QueryKind::Session) {
            self.skip("the engine does not answer `session` queries".to_owned());
            return Ok(());
        }
        if let Some(what) = self.needs_corrections() {
            if !self.info.supports(Feature::Corrections) {
                self.skip(format!(
                    "the case uses {what}: the engine does not list the `{}` feature",
                    Feature::Corrections
                ));
                return Ok(());
            }
        }
        let steps = self.case.steps.clone().unwrap_or_default();
        let reply = self.ask_raw(&self.moves.clone(), Query::Session { steps });
        match self.settle_reply(reply, "session")? {
            Some(Answer::Session(state)) => self.compare_session(&state),
            Some(other) => {
                return Err(Halt::Errored(format!(
                    "the engine answered a `session` query with a `{}` answer",
                    other.kind()
                )))
            }
            None => {}
        }
        Ok(())
    }

    /// The expectations a session-like case (steps, a clock) cannot have, as an error.
    pub(super) fn only_session_expectations(&self, what: &str) -> Result<(), Halt> {
        let e = &self.case.expect;
        let unsupported = crate::yaml::keys_given([
            ("legal", e.legal.is_some()),
            ("legal_includes", e.legal_includes.is_some()),
            ("illegal", e.illegal.is_some()),
            ("legal_count", e.legal_count.is_some()),
            ("perft", e.perft.is_some()),
            ("check", e.check.is_some()),
            ("counters", e.counters.is_some()),
            ("draw_offer", e.draw_offer.is_some()),
            ("repetition", e.repetition.is_some()),
        ]);
        if unsupported.is_empty() {
            return Ok(());
        }
        Err(Halt::Errored(format!(
            "{} cannot be combined with {what} (expect permitted, violations, offer, claim, \
             claims, fen, outcome{} or rejected)",
            unsupported.join(", "),
            if what.contains("clock") {
                ", clock"
            } else {
                ""
            }
        )))
    }

    /// The answer of a session-like query, or what the reply means for the case: the
    /// engine failed (a halt), skipped it (noted), or refused the setup, a history move or
    /// a step (compared with `rejected`, which stands alone). `Some` only for an answer to
    /// a case that does not expect a refusal.
    pub(super) fn settle_reply(
        &mut self,
        reply: Reply,
        query: &str,
    ) -> Result<Option<Answer>, Halt> {
        let e = &self.case.expect;
        match (reply, &e.rejected) {
            (Reply::Failed(f), _) => Err(Halt::Engine(f)),
            (Reply::Skipped(msg), _) => {
                self.skip(format!("`{query}`: {msg}"));
                Ok(None)
            }
            (Reply::Answer(answer), None) => Ok(Some(answer)),
            // `rejected` stands alone: the state reached is not checked further.
            (Reply::Rejected { stage, message }, Some(want)) => {
                let m = self.refusal(want, Some((stage, &message)));
                self.mismatches.extend(m);
                Ok(None)
            }
            (Reply::Answer(_), Some(want)) => {
                let m = self.refusal(want, None);
                self.mismatches.extend(m);
                Ok(None)
            }
            (Reply::Rejected { stage, message }, None) => {
                let (expectation, what) = match stage {
                    Stage::Setup => ("setup", "the position".to_owned()),
                    Stage::Move(n) => ("moves", format!("history move {n}")),
                    Stage::Step(n) => {
                        let step = self
                            .case
                            .steps
                            .as_ref()
                            .and_then(|s| s.get(n - 1))
                            .map_or_else(String::new, |s| format!(" ({s})"));
                        ("steps", format!("step {n}{step}"))
                    }
                };
                self.fail(
                    expectation,
                    format!("{what} was refused: {message}"),
                    json!("accepted"),
                    json!({"rejected": stage.to_string(), "message": message}),
                );
                Ok(None)
            }
        }
    }

    pub(super) fn compare_session(&mut self, state: &SessionAnswer) {
        let e = &self.case.expect;
        if let Some(p) = &e.permitted {
            self.check_permitted(state, p);
        }
        if let Some(v) = &e.violations {
            self.check_violations(state, v);
        }
        if let Some(o) = &e.offer {
            self.check_offer(state, o);
        }
        if let Some(c) = &e.claim {
            self.check_session_claim(state, c);
        }
        if let Some(kinds) = &e.claims {
            self.check_claims(kinds, &state.claims);
        }
        if let Some(c) = &e.correction {
            self.check_correction(state, c);
        }
        if let Some(fen) = &e.fen {
            let got = self
                .rules
                .canonical_fen(&state.fen)
                .unwrap_or_else(|_| state.fen.clone());
            match self.rules.canonical_fen(fen) {
                Ok(want) if want == got => {}
                Ok(want) => self.fail(
                    "fen",
                    format!("reached {got}, expected {want}"),
                    json!(want),
                    json!(got),
                ),
                Err(err) => self.fail(
                    "fen",
                    format!("the expected FEN is invalid: {err}"),
                    json!(fen),
                    json!(got),
                ),
            }
        }
        if let Some(o) = &e.outcome {
            let got = &state.outcome;
            let reason_ok = o.reason.as_ref().is_none_or(|r| *r == got.reason);
            if got.result != o.result.name() || !reason_ok {
                self.fail(
                    "outcome",
                    format!(
                        "expected {}{}, got {} ({})",
                        o.result.name(),
                        o.reason
                            .as_ref()
                            .map(|r| format!(" ({r})"))
                            .unwrap_or_default(),
                        got.result,
                        got.reason
                    ),
                    json!({"result": o.result.name(), "reason": o.reason}),
                    json!({"result": got.result, "reason": got.reason}),
                );
            }
        }
        // The board of the result is the position the session reached.
        if let Ok(fen) = self.rules.canonical_fen(&state.fen) {
            self.fen = Some(fen);
        }
    }

    fn check_permitted(&mut self, state: &SessionAnswer, want: &PermittedExpect) {
        let fen = match self.rules.canonical_fen(&state.fen) {
            Ok(f) => f,
            Err(e) => {
                self.fail(
                    "permitted",
                    format!("the engine's session position is invalid: {e}"),
                    json!(want.moves),
                    json!(state.fen),
                );
                return;
            }
        };
        let mut problems = Vec::new();
        let mut got_keys = BTreeSet::new();
        let mut got_by_key = Vec::new();
        for text in &state.permitted.moves {
            match self.rules.resolve_move(&fen, text) {
                Ok(m) => {
                    got_keys.insert(m.key.clone());
                    got_by_key.push((m.key.clone(), ListedMove::new(text, &m)));
                }
                Err(e) => {
                    problems.push(format!(
                        "the engine permits '{text}', which is not legal ({e})"
                    ));
                    got_by_key.push((String::new(), ListedMove::unread(text, self.ruleset.game)));
                }
            }
        }
        let mut keys = BTreeSet::new();
        let mut missing = Vec::new();
        for text in &want.moves {
            match self.rules.resolve_move(&fen, text) {
                Ok(m) => {
                    if !keys.insert(m.key.clone()) {
                        problems.push(format!("'{text}' is listed twice (same move)"));
                    }
                    if !got_keys.contains(&m.key) {
                        missing.push(ListedMove::new(text, &m));
                    }
                }
                Err(err) => {
                    problems.push(format!("expected '{text}' names no legal move ({err})"));
                    missing.push(ListedMove::unread(text, self.ruleset.game));
                }
            }
        }
        let unexpected: Vec<ListedMove> = got_by_key
            .into_iter()
            .filter(|(k, m)| m.canonical.is_none() || !keys.contains(k))
            .map(|(_, m)| m)
            .collect();
        // The moves the reference cannot read are told apart above.
        let quoted = |moves: &[ListedMove]| {
            let texts: Vec<String> = moves
                .iter()
                .filter(|m| m.canonical.is_some())
                .map(|m| format!("'{}'", m.text))
                .collect();
            (!texts.is_empty()).then(|| texts.join(", "))
        };
        if let Some(texts) = quoted(&missing) {
            problems.push(format!("not permitted: {texts}"));
        }
        if let Some(texts) = quoted(&unexpected) {
            problems.push(format!("also permitted: {texts}"));
        }
        let clause = state.permitted.clause.as_deref();
        if let Some(by) = &want.by {
            if clause != Some(by.as_str()) {
                problems.push(format!(
                    "decided by {}, expected {by}",
                    clause.unwrap_or("no clause (nothing binds)")
                ));
            }
        }
        if let Some(s) = &want.step {
            match &state.permitted.step {
                Some(step) if step == s => {}
                Some(step) => problems.push(format!("decided at step {step}, expected {s}")),
                None => self.skip("the engine does not report the deciding rule step".into()),
            }
        }
        if !problems.is_empty() {
            let mismatch = Mismatch::new(
                "permitted",
                problems.join("; "),
                json!({"moves": want.moves, "by": want.by, "step": want.step}),
                json!({"moves": state.permitted.moves, "by": clause, "step": state.permitted.step}),
            );
            let difference = MoveDifference {
                only_expected: missing,
                only_engine: unexpected,
            };
            self.mismatches.push(mismatch.with_difference(difference));
        }
    }

    /// What of the case needs the `error-corrections` feature: a `correct_error` step
    /// naming its error, or `expect.correction`.
    pub(super) fn needs_corrections(&self) -> Option<&'static str> {
        let named = self
            .case
            .steps
            .iter()
            .flatten()
            .any(|s| matches!(s.untimed(), Step::CorrectError { error: Some(_), .. }));
        match (named, self.case.expect.correction.is_some()) {
            (true, _) => Some("correct_error with error"),
            (false, true) => Some("expect.correction"),
            _ => None,
        }
    }

    fn check_correction(&mut self, state: &SessionAnswer, want: &CorrectionExpect) {
        let Some(got) = &state.correction else {
            self.fail(
                "correction",
                "the engine reports no correction".to_owned(),
                json!(want.error),
                json!(null),
            );
            return;
        };
        let mut problems = Vec::new();
        if got.error != want.error {
            problems.push(format!("error {} (expected {})", got.error, want.error));
        }
        if let Some(by) = &want.by {
            match &got.clause {
                Some(c) if c == by => {}
                Some(c) => problems.push(format!("decided by {c} (expected {by})")),
                None => self
                    .skip("the engine does not say which clause decided the correction".to_owned()),
            }
        }
        if want.applied.is_some_and(|a| a != got.applied) {
            problems.push(match got.applied {
                true => "the game was corrected (expected the result to stand)".to_owned(),
                false => "the result stood (expected the game corrected)".to_owned(),
            });
        }
        if want.exchanged.is_some_and(|x| x != got.exchanged) {
            problems.push(match got.exchanged {
                true => "the players hold the other colours (expected their own)".to_owned(),
                false => "the players hold their own colours (expected them exchanged)".to_owned(),
            });
        }
        if !problems.is_empty() {
            self.fail(
                "correction",
                problems.join("; "),
                json!({"error": want.error, "by": want.by, "applied": want.applied, "exchanged": want.exchanged}),
                json!({"error": got.error, "by": got.clause, "applied": got.applied, "exchanged": got.exchanged}),
            );
        }
    }

    fn check_offer(&mut self, state: &SessionAnswer, want: &OfferExpect) {
        if want.pending != "none" && !self.is_side(&want.pending) {
            self.fail(
                "offer",
                format!(
                    "pending: '{}' is no side of {} (expected a side or none)",
                    want.pending, self.ruleset.game
                ),
                json!({"pending": want.pending}),
                json!({"pending": state.offer}),
            );
            return;
        }
        let have = state.offer.as_deref().unwrap_or("none");
        if have != want.pending {
            self.fail(
                "offer",
                format!("pending draw offer: {have}, expected {}", want.pending),
                json!({"pending": want.pending}),
                json!({"pending": have}),
            );
        }
    }

    fn check_session_claim(&mut self, state: &SessionAnswer, want: &ClaimExpect) {
        let Some(got) = &state.claim else {
            self.fail(
                "claim",
                "no claim was made in the steps".to_owned(),
                json!({"kind": want.kind.name(), "by": want.by, "upheld": want.upheld,
                    "penalty_seconds": want.penalty_seconds}),
                json!(null),
            );
            return;
        };
        self.compare_claim(
            want,
            &ClaimSeen {
                kind: Some(&got.kind),
                by: Some(&got.by),
                ruling: &got.ruling,
                result: None,
            },
        );
    }

    fn check_violations(&mut self, state: &SessionAnswer, want: &ViolationsExpect) {
        let mut problems = self.compare_sides(
            &want.sides,
            &state.violations,
            "violations",
            |_, name, &count, &n, problems| {
                if n != count {
                    problems.push(format!("{name} has {n} violation(s), expected {count}"));
                }
            },
        );
        if let Some(kinds) = &want.own.kinds {
            // The engine answers in text: the kinds are compared by slug.
            let k: Vec<&str> = kinds.iter().map(|k| k.slug()).collect();
            if k != state.breaches {
                problems.push(format!(
                    "breaches recorded [{}], expected [{}]",
                    state.breaches.join(", "),
                    k.join(", ")
                ));
            }
        }
        if !problems.is_empty() {
            let mut actual = json!(state.violations);
            actual["kinds"] = json!(state.breaches);
            self.fail(
                "violations",
                problems.join("; "),
                json!({"red": want.sides.red, "white": want.sides.white, "black": want.sides.black,
                    "kinds": want.own.kinds}),
                actual,
            );
        }
    }
}
