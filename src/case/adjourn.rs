//! `expect.adjournment`: the adjournment a `clock` query answers after the steps (its
//! phase, the sealer and sealed move, the envelope, the clock objections). Only what is
//! given is compared; an engine that does not report the adjournment leaves it skipped.
//! See `docs/cases.md`, "Adjournment".

use super::check::Checker;
use crate::clock::Span;
use crate::protocol::AdjournmentReport;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;

/// `expect.adjournment`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjournmentExpect {
    /// `sealing`, `adjourned` or `resumed`.
    #[serde(default)]
    pub phase: Option<String>,
    /// The side that seals.
    #[serde(default)]
    pub sealer: Option<String>,
    /// The sealed move (as written).
    #[serde(default)]
    pub sealed: Option<String>,
    /// Whether the envelope has been opened.
    #[serde(default)]
    pub opened: Option<bool>,
    /// The reply sealed while the sealer is absent (`none`: no reply pending).
    #[serde(default)]
    pub reply: Option<String>,
    /// Whether the envelope was lost.
    #[serde(default)]
    pub lost: Option<bool>,
    /// The envelope.
    #[serde(default)]
    pub envelope: Option<EnvelopeExpect>,
    /// The objections to the clock setting, in order.
    #[serde(default)]
    pub objections: Option<Vec<ObjectionExpect>>,
}

/// The expected envelope.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvelopeExpect {
    /// The position at adjournment.
    #[serde(default)]
    pub fen: Option<String>,
    /// Who sealed.
    #[serde(default)]
    pub sealer: Option<String>,
    /// The sealed move.
    #[serde(default)]
    pub sealed: Option<String>,
    /// Whether it was played on the board.
    #[serde(default)]
    pub on_board: Option<bool>,
    /// Times used at adjournment, by side.
    #[serde(default)]
    pub used: Option<BTreeMap<String, Span>>,
    /// Moves completed, by side.
    #[serde(default)]
    pub moves: Option<BTreeMap<String, u32>>,
}

/// An expected clock objection.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ObjectionExpect {
    /// Who objected.
    pub by: String,
    /// Whether the clock was corrected.
    pub upheld: bool,
}

/// The differences found between what was expected and what was got, in words.
#[derive(Default)]
struct Differences(Vec<String>);

impl Differences {
    /// Notes `what` when an expected value is given and is not the one got.
    fn same(&mut self, what: &str, want: Option<String>, got: String) {
        if let Some(w) = want {
            if w != got {
                self.0.push(format!("{what}: expected {w}, got {got}"));
            }
        }
    }

    fn push(&mut self, difference: String) {
        self.0.push(difference);
    }
}

impl Checker<'_> {
    pub(super) fn compare_adjournment(
        &mut self,
        got: Option<&AdjournmentReport>,
        want: &AdjournmentExpect,
    ) {
        let Some(got) = got else {
            self.skip("the engine does not report the adjournment".to_owned());
            return;
        };
        let mut problems = Differences::default();
        problems.same("phase", want.phase.clone(), got.phase.clone());
        problems.same("sealer", want.sealer.clone(), got.sealer.clone());
        problems.same(
            "sealed",
            want.sealed.clone(),
            got.sealed.clone().unwrap_or_else(|| "none".to_owned()),
        );
        problems.same(
            "opened",
            want.opened.map(|b| b.to_string()),
            got.opened.to_string(),
        );
        problems.same(
            "reply",
            want.reply.clone(),
            got.reply.clone().unwrap_or_else(|| "none".to_owned()),
        );
        problems.same(
            "lost",
            want.lost.map(|b| b.to_string()),
            got.lost.to_string(),
        );
        if let Some(we) = &want.envelope {
            match &got.envelope {
                None => problems.push("envelope: expected one, got none".to_owned()),
                Some(ge) => {
                    if let Some(fen) = &we.fen {
                        let canon = |f: &str| self.rules.canonical_fen(f).unwrap_or(f.to_owned());
                        if canon(fen) != canon(&ge.fen) {
                            problems.push(format!(
                                "envelope.fen: expected {}, got {}",
                                canon(fen),
                                canon(&ge.fen)
                            ));
                        }
                    }
                    problems.same("envelope.sealer", we.sealer.clone(), ge.sealer.clone());
                    problems.same("envelope.sealed", we.sealed.clone(), ge.sealed.clone());
                    problems.same(
                        "envelope.on_board",
                        we.on_board.map(|b| b.to_string()),
                        ge.on_board.to_string(),
                    );
                    for (side, t) in we.used.iter().flatten() {
                        problems.same(
                            &format!("envelope.used.{side}"),
                            Some(t.to_string()),
                            ge.used.get(side).map_or("none".to_owned(), Span::to_string),
                        );
                    }
                    for (side, n) in we.moves.iter().flatten() {
                        problems.same(
                            &format!("envelope.moves.{side}"),
                            Some(n.to_string()),
                            ge.moves.get(side).map_or("none".to_owned(), u32::to_string),
                        );
                    }
                }
            }
        }
        if let Some(wo) = &want.objections {
            let got_o: Vec<String> = got
                .objections
                .iter()
                .map(|o| format!("{} {}", o.by, if o.upheld { "upheld" } else { "refused" }))
                .collect();
            let want_o: Vec<String> = wo
                .iter()
                .map(|o| format!("{} {}", o.by, if o.upheld { "upheld" } else { "refused" }))
                .collect();
            if got_o != want_o {
                problems.push(format!(
                    "objections: expected [{}], got [{}]",
                    want_o.join(", "),
                    got_o.join(", ")
                ));
            }
        }
        if !problems.0.is_empty() {
            self.fail(
                "adjournment",
                problems.0.join("; "),
                json!(format!("{want:?}")),
                json!(got),
            );
        }
    }
}
