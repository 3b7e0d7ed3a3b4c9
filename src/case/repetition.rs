//! The `repetition` expectation: the verdict on the cycle the history ends in (xiangqi),
//! asked of the engine.

use super::check::{Checker, Halt};
use super::{RepetitionExpect, RepetitionVerdict};
use crate::protocol::{Answer, Query};
use serde_json::json;
use std::collections::BTreeSet;

impl Checker<'_> {
    pub(super) fn check_repetition(&mut self, expected: &RepetitionExpect) -> Result<(), Halt> {
        let Some(Answer::Repetition(got)) = self.ask(Query::Repetition)? else {
            return Ok(());
        };
        let actual = serde_json::to_value(&got).unwrap_or_default();
        let want = match expected {
            RepetitionExpect::None => {
                if got.verdict != "none" {
                    self.fail(
                        "repetition",
                        format!("expected no verdict, got {} ({})", got.verdict, got.reason),
                        json!("none"),
                        actual,
                    );
                }
                return Ok(());
            }
            RepetitionExpect::Verdict(want) => want,
        };
        let expected_json = repetition_json(want);
        if got.verdict == "none" {
            self.fail(
                "repetition",
                format!(
                    "expected {}, but the engine sees no judged cycle ({})",
                    want.verdict, got.reason
                ),
                expected_json,
                actual,
            );
            return Ok(());
        }
        let mut problems = Vec::new();
        if got.verdict != want.verdict || got.side != want.side {
            let say = |r: &str, s: Option<&str>| match s {
                Some(s) => format!("{r} for {s}"),
                None => r.to_owned(),
            };
            problems.push(format!(
                "expected {}, got {}",
                say(&want.verdict, want.side.as_deref()),
                say(&got.verdict, got.side.as_deref())
            ));
        }
        if want.natures.is_some() || want.chased.is_some() {
            match &got.cycle {
                None => {
                    self.skip("the engine does not report the natures of the cycle's moves".into())
                }
                Some(cycle) => {
                    if let Some(natures) = &want.natures {
                        for (side, words) in [("red", &natures.red), ("black", &natures.black)] {
                            let mine: Vec<_> = cycle.iter().filter(|c| c.side == side).collect();
                            let got_words: Vec<String> = mine
                                .iter()
                                .map(|c| match &c.sub_kind {
                                    Some(k) => format!("{}/{}", c.nature, k),
                                    None => c.nature.clone(),
                                })
                                .collect();
                            let matches = mine.len() == words.len()
                                && mine.iter().zip(words.iter()).all(|(c, w)| {
                                    c.nature == *w || c.sub_kind.as_deref() == Some(w.as_str())
                                });
                            if !matches {
                                problems.push(format!(
                                    "{side} moves: expected [{}], got [{}]",
                                    words.join(", "),
                                    got_words.join(", ")
                                ));
                            }
                        }
                    }
                    if let Some(chased) = &want.chased {
                        let want_set: BTreeSet<&str> = chased.iter().map(String::as_str).collect();
                        let got_set: BTreeSet<&str> = cycle
                            .iter()
                            .flat_map(|c| c.chased.iter().map(String::as_str))
                            .collect();
                        if want_set != got_set {
                            problems.push(format!(
                                "chased: expected [{}], got [{}]",
                                want_set.into_iter().collect::<Vec<_>>().join(", "),
                                got_set.into_iter().collect::<Vec<_>>().join(", ")
                            ));
                        }
                    }
                }
            }
        }
        if !problems.is_empty() {
            self.fail(
                "repetition",
                format!("{} ({})", problems.join("; "), got.reason),
                expected_json,
                actual,
            );
        }
        Ok(())
    }
}

fn repetition_json(want: &RepetitionVerdict) -> serde_json::Value {
    json!({
        "verdict": want.verdict,
        "side": want.side,
        "natures": want.natures.as_ref().map(|n| json!({"red": n.red, "black": n.black})),
        "chased": want.chased,
    })
}
