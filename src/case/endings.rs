//! The expectations about the end of the game: `outcome` (with the history), `claims`,
//! `counters`, `claim` and `draw_offer`, each asked of the engine.

use super::check::{Checker, Halt};
use super::{ClaimExpect, DrawOfferExpect, Expect};
use crate::protocol::{Answer, ClaimRulingAnswer, OutcomeAnswer, Query};
use serde_json::json;
use std::collections::BTreeMap;

/// What an engine said of a claim, for [`Checker::compare_claim`]: the kind and claimant
/// when the engine names them (a session's last claim), the ruling, and the result after it
/// when reported.
pub(super) struct ClaimSeen<'a> {
    pub kind: Option<&'a str>,
    pub by: Option<&'a str>,
    pub ruling: &'a ClaimRulingAnswer,
    pub result: Option<&'a str>,
}

impl Checker<'_> {
    pub(super) fn check_endings(&mut self, expect: &Expect) -> Result<(), Halt> {
        if let Some(want) = &expect.outcome {
            if let Some(got) = self.outcome()? {
                let result_ok = got.result == want.result.name();
                let reason_ok = match (&want.reason, &got.reason) {
                    (None, _) => true,
                    (Some(want), Some(got)) => want == got,
                    // The engine does not name the rule: the result alone is compared.
                    (Some(_), None) => {
                        if result_ok {
                            self.skip("the engine does not name the reason of the outcome".into());
                        }
                        true
                    }
                };
                if !(result_ok && reason_ok) {
                    let text = match &want.reason {
                        Some(r) => format!("{} ({r})", want.result.name()),
                        None => want.result.name().to_owned(),
                    };
                    let reason = got.reason.as_deref().unwrap_or("no reason given");
                    self.fail(
                        "outcome",
                        format!("expected {text}, got {} ({reason})", got.result),
                        json!({"result": want.result.name(), "reason": want.reason}),
                        json!({"result": got.result, "reason": got.reason}),
                    );
                }
            }
        }
        if let Some(kinds) = &expect.claims {
            if let Some(got) = self.outcome()? {
                match &got.claims {
                    None => self.skip("the engine does not report the claims valid now".into()),
                    Some(claims) => self.check_claims(kinds, claims),
                }
            }
        }
        if let Some(want) = &expect.counters {
            self.check_counters(want)?;
        }
        if let Some(want) = &expect.claim {
            self.check_claim(want)?;
        }
        if let Some(want) = &expect.draw_offer {
            self.check_draw_offer(want)?;
        }
        Ok(())
    }

    /// `claims`: the exact set of draw claims valid now, compared as sets of kinds.
    pub(super) fn check_claims(&mut self, kinds: &[crate::edition::DrawKind], claims: &[String]) {
        let mut want: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
        want.sort_unstable();
        want.dedup();
        let mut have: Vec<&str> = claims.iter().map(String::as_str).collect();
        have.sort_unstable();
        if want != have {
            self.fail(
                "claims",
                format!(
                    "valid claims are [{}], expected [{}]",
                    have.join(", "),
                    want.join(", ")
                ),
                json!(want),
                json!(have),
            );
        }
    }

    /// The engine's outcome answer, asked once.
    fn outcome(&mut self) -> Result<Option<OutcomeAnswer>, Halt> {
        if let Some(o) = &self.outcome {
            return Ok(o.clone());
        }
        let answer = match self.ask(Query::Outcome)? {
            Some(Answer::Outcome(o)) => Some(o),
            _ => None,
        };
        self.outcome = Some(answer.clone());
        Ok(answer)
    }

    fn check_counters(&mut self, want: &BTreeMap<String, Option<u32>>) -> Result<(), Halt> {
        let Some(got) = self.outcome()? else {
            return Ok(());
        };
        let Some(counters) = &got.counters else {
            self.skip("the engine does not report the draw rules' counters".into());
            return Ok(());
        };
        let mut problems = Vec::new();
        let mut untracked = Vec::new();
        for (name, value) in want {
            match (value, counters.get(name)) {
                (_, None) => untracked.push(name.as_str()),
                (Some(v), Some(Some(g))) if v == g => {}
                (None, Some(None)) => {}
                (Some(v), Some(Some(g))) => problems.push(format!("{name} is {g}, expected {v}")),
                (Some(v), Some(None)) => {
                    problems.push(format!("{name} is not counting, expected {v}"))
                }
                (None, Some(Some(g))) => {
                    problems.push(format!("{name} is {g}, expected it not to count"))
                }
            }
        }
        if !untracked.is_empty() {
            self.skip(format!(
                "the engine does not report the {} counter",
                untracked.join(", ")
            ));
        }
        if !problems.is_empty() {
            self.fail(
                "counters",
                problems.join("; "),
                json!(want),
                json!(counters),
            );
        }
        Ok(())
    }

    fn check_claim(&mut self, want: &ClaimExpect) -> Result<(), Halt> {
        if !want.kind.belongs_to(self.ruleset.game) {
            return Err(Halt::Errored(format!(
                "claim: '{}' is not a claim of {}",
                want.kind, self.ruleset.game
            )));
        }
        if let Some(name) = want.by.as_deref().filter(|n| !self.is_side(n)) {
            return Err(Halt::Errored(format!(
                "claim: '{name}' is not a side of {}",
                self.ruleset.game
            )));
        }
        let query = Query::Claim {
            kind: want.kind.name().to_owned(),
            by: want.by.clone(),
        };
        let Some(Answer::Claim(answer)) = self.ask(query)? else {
            return Ok(());
        };
        self.compare_claim(
            want,
            &ClaimSeen {
                kind: None,
                by: None,
                ruling: &answer.ruling,
                result: answer.result.as_deref(),
            },
        );
        Ok(())
    }

    /// `claim`: the engine's ruling on a claim (a `claim` query's answer, or a session's
    /// last claim step) compared with the expected one.
    pub(super) fn compare_claim(&mut self, want: &ClaimExpect, got: &ClaimSeen) {
        let ruling = got.ruling;
        let mut problems = Vec::new();
        if let Some(kind) = got.kind.filter(|k| *k != want.kind.name()) {
            problems.push(format!(
                "the last claim is {kind}, expected {}",
                want.kind.name()
            ));
        }
        if let (Some(by), Some(got_by)) = (&want.by, got.by) {
            if by != got_by {
                problems.push(format!("claimed by {got_by}, expected {by}"));
            }
        }
        if ruling.upheld != want.upheld {
            let say = |upheld: bool| if upheld { "upheld" } else { "refused" };
            problems.push(format!(
                "the claim was {} ({}), expected {}",
                say(ruling.upheld),
                ruling.reason,
                say(want.upheld)
            ));
        }
        match ruling.penalty_seconds {
            None => self.skip("the engine does not report the claim's `penalty_seconds`".into()),
            Some(have) if have != want.penalty_seconds => {
                let say = |p: Option<u32>| p.map_or("none".to_owned(), |s| format!("{s} s"));
                problems.push(format!(
                    "penalty {}, expected {}",
                    say(have),
                    say(want.penalty_seconds)
                ));
            }
            Some(_) => {}
        }
        if let Some(result) = got.result {
            if ruling.upheld && result != "draw" {
                problems.push(format!("an upheld claim left the game {result}"));
            }
        }
        if !problems.is_empty() {
            self.fail(
                "claim",
                problems.join("; "),
                json!({
                    "kind": want.kind.name(),
                    "by": want.by,
                    "upheld": want.upheld,
                    "penalty_seconds": want.penalty_seconds,
                }),
                json!({
                    "kind": got.kind.unwrap_or(want.kind.name()),
                    "by": got.by.map_or(json!(want.by), |b| json!(b)),
                    "upheld": ruling.upheld,
                    "penalty_seconds": ruling.penalty_seconds,
                    "reason": ruling.reason,
                }),
            );
        }
    }

    fn check_draw_offer(&mut self, want: &DrawOfferExpect) -> Result<(), Halt> {
        let expected = json!({"by": want.by, "allowed": want.allowed});
        let bad_side = std::iter::once(&want.by)
            .chain(want.earlier.iter().map(|o| &o.by))
            .find(|name| !self.is_side(name));
        if let Some(name) = bad_side {
            return Err(Halt::Errored(format!(
                "draw_offer: '{name}' is not a side of {}",
                self.ruleset.game
            )));
        }
        let query = Query::DrawOffer {
            by: want.by.clone(),
            earlier: want.earlier.clone(),
        };
        let Some(Answer::DrawOffer(ruling)) = self.ask(query)? else {
            return Ok(());
        };
        if ruling.allowed != want.allowed {
            self.fail(
                "draw_offer",
                format!(
                    "the offer by {} is {}: {}",
                    want.by,
                    if ruling.allowed {
                        "allowed"
                    } else {
                        "not allowed"
                    },
                    ruling.reason
                ),
                expected,
                json!({"by": want.by, "allowed": ruling.allowed, "reason": ruling.reason}),
            );
        }
        Ok(())
    }
}
