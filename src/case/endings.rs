//! The expectations about the end of the game: `outcome` (with the history), `claims`,
//! `claim`, `counters` and `draw_offer`.

use super::{unexpected, Checker, Halt};
use crate::case::{ClaimExpect, DrawOfferExpect, Expect};
use crate::engine::{Answer, Query, Side};
use crate::{Game, GameOutcome};
use serde_json::{json, Value};
use std::collections::BTreeMap;

impl Checker<'_> {
    pub(super) fn check_endings(&mut self, expect: &Expect) -> Result<(), Halt> {
        if let Some(want) = &expect.outcome {
            let got = self.outcome()?;
            let result_ok = got.result == want.result.name();
            let reason_ok = want.reason.as_ref().is_none_or(|r| *r == got.reason);
            if !(result_ok && reason_ok) {
                let text = match &want.reason {
                    Some(r) => format!("{} ({r})", want.result.name()),
                    None => want.result.name().to_owned(),
                };
                self.fail(
                    "outcome",
                    format!("expected {text}, got {} ({})", got.result, got.reason),
                    json!({"result": want.result.name(), "reason": want.reason}),
                    json!({"result": got.result, "reason": got.reason}),
                );
            }
        }
        if let Some(kinds) = &expect.claims {
            let got = self.outcome()?;
            let mut want: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            want.sort_unstable();
            want.dedup();
            let mut have: Vec<&str> = got.claims.iter().map(String::as_str).collect();
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
        if let Some(want) = &expect.counters {
            self.check_counters(want)?;
        }
        if let Some(want) = &expect.claim {
            self.check_claim(want)?;
        }
        if let Some(want) = &expect.draw_offer {
            self.check_draw_offer(want);
        }
        Ok(())
    }

    fn outcome(&mut self) -> Result<GameOutcome, Halt> {
        if let Some(o) = &self.outcome {
            return Ok(o.clone());
        }
        match self
            .runner
            .answer(self.case, self.ruleset, Query::Outcome)?
        {
            Answer::Outcome(o) => {
                self.outcome = Some((*o).clone());
                Ok(*o)
            }
            other => Err(unexpected(other, "outcome")),
        }
    }

    fn check_counters(&mut self, want: &BTreeMap<String, Option<u32>>) -> Result<(), Halt> {
        let got = self.outcome()?;
        let mut problems = Vec::new();
        for (name, value) in want {
            match (value, got.counters.get(name)) {
                (Some(v), Some(g)) if v == g => {}
                (None, None) => {}
                (Some(v), Some(g)) => problems.push(format!("{name} is {g}, expected {v}")),
                (Some(v), None) => problems.push(format!("{name} is not counting, expected {v}")),
                (None, Some(g)) => {
                    problems.push(format!("{name} is {g}, expected it not to count"))
                }
            }
        }
        if !problems.is_empty() {
            self.fail(
                "counters",
                problems.join("; "),
                json!(want),
                json!(got.counters),
            );
        }
        Ok(())
    }

    /// Reads a side name that belongs to the case's game.
    fn side(&self, name: &str) -> Option<Side> {
        let side = Side::from_name(name)?;
        let ok = match self.ruleset.game {
            Game::Xiangqi => side != Side::White,
            _ => side != Side::Red,
        };
        ok.then_some(side)
    }

    fn check_claim(&mut self, want: &ClaimExpect) -> Result<(), Halt> {
        let expected = json!({
            "kind": want.kind.name(),
            "by": want.by,
            "upheld": want.upheld,
            "penalty_seconds": want.penalty_seconds,
        });
        if !want.kind.belongs_to(self.ruleset.game) {
            self.fail(
                "claim",
                format!("'{}' is not a claim of {}", want.kind, self.ruleset.game),
                expected,
                Value::Null,
            );
            return Ok(());
        }
        let by = match &want.by {
            None => None,
            Some(name) => match self.side(name) {
                Some(s) => Some(s),
                None => {
                    self.fail(
                        "claim",
                        format!("'{name}' is not a side of {}", self.ruleset.game),
                        expected,
                        Value::Null,
                    );
                    return Ok(());
                }
            },
        };
        let query = Query::Claim {
            kind: want.kind,
            by,
        };
        let ruling = match self.runner.answer(self.case, self.ruleset, query)? {
            Answer::Claim(r) => r,
            other => return Err(unexpected(other, "claim")),
        };
        let penalty = ruling.penalty.as_ref().map(|p| p.seconds);
        let mut problems = Vec::new();
        if ruling.upheld != want.upheld {
            problems.push(format!(
                "the claim was {}: {}",
                if ruling.upheld { "upheld" } else { "refused" },
                ruling.reason
            ));
        }
        if penalty != want.penalty_seconds {
            let say = |p: Option<u32>| p.map_or("no penalty".to_owned(), |s| format!("{s} s"));
            problems.push(format!(
                "penalty {}, expected {}",
                say(penalty),
                say(want.penalty_seconds)
            ));
        }
        if let Some(p) = &ruling.penalty {
            if p.side != ruling.by {
                problems.push(format!(
                    "the penalty falls on {}, not on the claimant {}",
                    p.side, ruling.by
                ));
            }
        }
        if ruling.upheld && ruling.outcome.result != "draw" {
            problems.push(format!(
                "an upheld claim left the game {}",
                ruling.outcome.result
            ));
        }
        if !problems.is_empty() {
            self.fail(
                "claim",
                problems.join("; "),
                expected,
                json!({
                    "kind": ruling.kind,
                    "by": ruling.by,
                    "upheld": ruling.upheld,
                    "penalty_seconds": penalty,
                    "reason": ruling.reason,
                }),
            );
        }
        Ok(())
    }

    /// Draw offers are a rule of the arbiter, not of an engine: they are checked with the
    /// rules the runner reads moves with.
    fn check_draw_offer(&mut self, want: &DrawOfferExpect) {
        let expected = json!({"by": want.by, "allowed": want.allowed});
        let bad_side = std::iter::once(&want.by)
            .chain(want.earlier.iter().map(|o| &o.by))
            .find(|name| self.side(name).is_none());
        if let Some(name) = bad_side {
            self.fail(
                "draw_offer",
                format!("'{name}' is not a side of {}", self.ruleset.game),
                expected,
                Value::Null,
            );
            return;
        }
        let start = match &self.case.position {
            Some(p) => self.rules.canonical_fen(p),
            None => Ok(self.rules.start_fen()),
        };
        let ruling = start.and_then(|s| {
            self.rules
                .draw_offer(&s, &self.case.moves, &want.by, &want.earlier)
        });
        match ruling {
            Ok(r) if r.allowed == want.allowed => {}
            Ok(r) => self.fail(
                "draw_offer",
                format!(
                    "the offer by {} is {}: {}",
                    r.by,
                    if r.allowed { "allowed" } else { "not allowed" },
                    r.reason
                ),
                expected,
                json!({"by": r.by, "allowed": r.allowed, "reason": r.reason, "clause": r.clause}),
            ),
            Err(e) => self.fail(
                "draw_offer",
                format!("the rules could not rule on the offer: {e}"),
                expected,
                json!({"error": e.to_string()}),
            ),
        }
    }
}
