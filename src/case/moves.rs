//! The expectations about moves and positions: `legal`, `legal_includes`, `illegal`,
//! `legal_count`, `perft`, `fen` and `check`.

use super::check::{quoted, Checker, EngineMove, Halt, Played};
use super::{Expect, ListedMove, Mismatch, MoveDifference};
use crate::protocol::{Answer, Query, QueryKind, Stage};
use crate::rules::MoveInfo;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

impl Checker<'_> {
    pub(super) fn check_moves(&mut self, expect: &Expect) -> Result<(), Halt> {
        if let Some(list) = &expect.legal {
            self.check_legal(list, true)?;
        }
        if let Some(list) = &expect.legal_includes {
            self.check_legal(list, false)?;
        }
        if let Some(list) = &expect.illegal {
            self.check_illegal(list)?;
        }
        if let Some(count) = expect.legal_count {
            self.check_legal_count(count)?;
        }
        for p in expect.perft.iter().flatten() {
            let query = Query::Perft {
                depth: p.depth,
                count: p.count.into(),
            };
            match self.ask(query)? {
                Some(Answer::Nodes(n)) if n == p.nodes => {}
                Some(Answer::Nodes(n)) => self.fail(
                    "perft",
                    format!("perft({}) counted {n} nodes, expected {}", p.depth, p.nodes),
                    json!({"depth": p.depth, "nodes": p.nodes}),
                    json!({"depth": p.depth, "nodes": n}),
                ),
                _ => {}
            }
        }
        if let Some(expected) = &expect.fen {
            if let Some(Answer::Position(reached)) = self.ask(Query::Play)? {
                self.check_fen(expected, &reached);
            }
        }
        if let Some(check) = expect.check {
            if let Some(Answer::Check(in_check)) = self.ask(Query::Check)? {
                if in_check != check {
                    let say = |b: bool| if b { "in check" } else { "not in check" };
                    self.fail(
                        "check",
                        format!(
                            "expected the side to move {}, but it is {}",
                            say(check),
                            say(in_check)
                        ),
                        json!(check),
                        json!(in_check),
                    );
                }
            }
        }
        Ok(())
    }

    /// The position reached per the reference (present whenever moves are checked).
    fn reached(&self) -> &str {
        self.fen.as_deref().unwrap_or_default()
    }

    /// The engine's legal moves with their identities; `None` when it does not answer.
    fn legal(&mut self) -> Result<Option<&[EngineMove]>, Halt> {
        if self.legal.is_none() {
            let Some(Answer::Moves(moves)) = self.ask(Query::Legal)? else {
                return Ok(None);
            };
            let fen = self.reached().to_owned();
            let moves = moves
                .into_iter()
                .map(|text| {
                    let read = self
                        .rules
                        .resolve_move(&fen, &text)
                        .map_err(|e| e.to_string());
                    EngineMove { text, read }
                })
                .collect();
            self.legal = Some(moves);
        }
        Ok(self.legal.as_deref())
    }

    /// Reads expected move texts; those that name no legal move (per the reference) are
    /// returned apart, with the reason.
    fn resolve_expected(&self, texts: &[String]) -> (Vec<(String, MoveInfo)>, Vec<String>) {
        let mut keyed = Vec::new();
        let mut unreadable = Vec::new();
        for text in texts {
            match self.rules.resolve_move(self.reached(), text) {
                Ok(m) => keyed.push((text.clone(), m)),
                Err(e) => unreadable.push(format!("'{text}' ({e})")),
            }
        }
        (keyed, unreadable)
    }

    /// The expected moves that are not among the engine's, in the case's order: those the
    /// reference reads (`read`, by text) and those it does not.
    fn only_expected(
        &self,
        expected: &[String],
        read: &[(String, MoveInfo)],
        engine: &BTreeMap<String, ListedMove>,
    ) -> Vec<ListedMove> {
        let read: BTreeMap<&str, &MoveInfo> = read.iter().map(|(t, m)| (t.as_str(), m)).collect();
        expected
            .iter()
            .filter_map(|text| match read.get(text.as_str()) {
                Some(m) if engine.contains_key(&m.key) => None,
                Some(m) => Some(ListedMove::new(text, m)),
                None => Some(ListedMove::unread(text, self.ruleset.game)),
            })
            .collect()
    }

    /// The engine's moves by identity key, as it wrote them and as the reference reads
    /// them; reports those the reference cannot read as legal. `None` when the engine does
    /// not answer.
    fn engine_keys(
        &mut self,
        expectation: &'static str,
    ) -> Result<Option<BTreeMap<String, ListedMove>>, Halt> {
        let Some(legal) = self.legal()? else {
            return Ok(None);
        };
        let mut keys = BTreeMap::new();
        let mut unreadable = Vec::new();
        let mut twice = Vec::new();
        for m in legal {
            match &m.read {
                Ok(read) => {
                    let listed = ListedMove::new(&m.text, read);
                    if let Some(first) = keys.insert(read.key.clone(), listed) {
                        twice.push(format!("'{}' and '{}'", first.text, m.text));
                    }
                }
                Err(e) => unreadable.push(format!("'{}' ({e})", m.text)),
            }
        }
        if !unreadable.is_empty() {
            self.fail(
                expectation,
                format!(
                    "the engine listed moves that are not legal: {}",
                    unreadable.join(", ")
                ),
                Value::Null,
                json!(unreadable),
            );
        }
        if !twice.is_empty() {
            self.fail(
                expectation,
                format!(
                    "the engine listed one move twice: {} (a move is listed once per identity)",
                    twice.join(", ")
                ),
                Value::Null,
                json!(twice),
            );
        }
        Ok(Some(keys))
    }

    /// The problems found with the engine's moves (`actual`: key to move) as one mismatch
    /// of `expectation`, with its moves sorted and their `difference`; nothing when there
    /// are none.
    fn fail_listing(
        &mut self,
        expectation: &'static str,
        problems: &[String],
        expected: &[String],
        actual: &BTreeMap<String, ListedMove>,
        difference: MoveDifference,
    ) {
        if problems.is_empty() {
            return;
        }
        self.mismatches.push(
            Mismatch::new(
                expectation,
                problems.join("; "),
                json!(expected),
                json!(sorted_texts(actual)),
            )
            .with_difference(difference),
        );
    }

    /// `legal` (`exact`: the engine's moves are exactly the expected ones) or
    /// `legal_includes` (the expected moves are among the engine's).
    fn check_legal(&mut self, expected: &[String], exact: bool) -> Result<(), Halt> {
        let expectation = if exact { "legal" } else { "legal_includes" };
        let Some(actual) = self.engine_keys(expectation)? else {
            return Ok(());
        };
        let (keyed, unreadable) = self.resolve_expected(expected);
        let mut problems = Vec::new();
        if !unreadable.is_empty() {
            let what = if exact {
                "expected moves that name no legal move"
            } else {
                "not legal"
            };
            problems.push(format!("{what}: {}", unreadable.join(", ")));
        }
        if exact {
            let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
            for (text, read) in &keyed {
                if let Some(first) = seen.insert(&read.key, text) {
                    problems.push(format!(
                        "'{first}' and '{text}' are listed but are the same move"
                    ));
                }
            }
        }
        let missing = self.only_expected(expected, &keyed, &actual);
        let missing_texts: Vec<&str> = keyed
            .iter()
            .filter(|(_, m)| !actual.contains_key(&m.key))
            .map(|(t, _)| t.as_str())
            .collect();
        if !missing.is_empty() {
            let what = if exact {
                "missing"
            } else {
                "missing from the engine's moves:"
            };
            problems.push(format!("{what} {}", quoted(&missing_texts)));
        }
        let mut only_engine: Vec<ListedMove> = Vec::new();
        if exact {
            let expected_keys: BTreeSet<&str> = keyed.iter().map(|(_, m)| m.key.as_str()).collect();
            let unexpected: Vec<&ListedMove> = actual
                .iter()
                .filter(|(k, _)| !expected_keys.contains(k.as_str()))
                .map(|(_, m)| m)
                .collect();
            if !unexpected.is_empty() {
                problems.push(format!(
                    "unexpected {}",
                    quoted(&texts(unexpected.iter().copied()))
                ));
            }
            only_engine = unexpected.into_iter().cloned().collect();
            only_engine.sort_by(|a, b| a.text.cmp(&b.text));
        }
        let difference = MoveDifference {
            only_expected: missing,
            only_engine,
        };
        self.fail_listing(expectation, &problems, expected, &actual, difference);
        Ok(())
    }

    /// Each text, played after the history, must be refused as that next move.
    fn check_illegal(&mut self, texts: &[String]) -> Result<(), Halt> {
        if !self.info.answers(QueryKind::Play) {
            self.skip("the engine does not answer `play` queries".to_owned());
            return Ok(());
        }
        let next = self.moves.len() + 1;
        let mut accepted = Vec::new();
        for text in texts {
            let mut moves = self.moves.clone();
            moves.push(text.clone());
            match self.ask_play(&moves)? {
                None => return Ok(()),
                Some(Played::Refused(Stage::Move(n), _)) if n == next => {}
                Some(Played::Refused(stage, message)) => {
                    self.fail(
                        "illegal",
                        format!("with '{text}' added, the engine refused {stage} instead of move {next}: {message}"),
                        json!(texts),
                        json!({"rejected": stage.to_string(), "message": message}),
                    );
                }
                Some(Played::Reached(fen)) => accepted.push((text.clone(), fen)),
            }
        }
        if !accepted.is_empty() {
            let names: Vec<&str> = accepted.iter().map(|(t, _)| t.as_str()).collect();
            self.fail(
                "illegal",
                format!("accepted as legal: {}", quoted(&names)),
                json!(texts),
                json!(accepted
                    .iter()
                    .map(|(t, f)| json!({"move": t, "reached": f}))
                    .collect::<Vec<_>>()),
            );
        }
        Ok(())
    }

    fn check_legal_count(&mut self, expected: usize) -> Result<(), Halt> {
        let Some(keys) = self.engine_keys("legal_count")? else {
            return Ok(());
        };
        if keys.len() != expected {
            let texts = sorted_texts(&keys);
            self.fail(
                "legal_count",
                format!(
                    "{} legal moves, expected {expected}: {}",
                    keys.len(),
                    texts.join(" ")
                ),
                json!(expected),
                json!(keys.len()),
            );
        }
        Ok(())
    }

    fn check_fen(&mut self, expected: &str, reached: &str) {
        let want = match self.rules.canonical_fen(expected) {
            Ok(f) => f,
            Err(e) => {
                self.fail(
                    "fen",
                    format!("the expected FEN is invalid: {e}"),
                    json!(expected),
                    json!(reached),
                );
                return;
            }
        };
        let got = self
            .rules
            .canonical_fen(reached)
            .unwrap_or_else(|_| reached.to_owned());
        if got != want {
            self.fail(
                "fen",
                format!("reached {got}, expected {want}"),
                json!(want),
                json!(got),
            );
        }
    }
}

/// The moves' texts as written.
fn texts<'m>(moves: impl IntoIterator<Item = &'m ListedMove>) -> Vec<&'m str> {
    moves.into_iter().map(|m| m.text.as_str()).collect()
}

/// The engine's move texts, sorted.
fn sorted_texts(engine: &BTreeMap<String, ListedMove>) -> Vec<&str> {
    let mut texts = texts(engine.values());
    texts.sort_unstable();
    texts
}
