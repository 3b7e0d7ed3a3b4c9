//! The state of checking one case against one engine: the questions asked so far, the
//! answers, the mismatches found and why some expectations could not be checked. Each
//! expectation family adds its checks in its own module (`moves`, `endings`, `repetition`,
//! `session`).

use super::result::{CaseResult, Mismatch, Verdict};
use super::{Case, Stage};
use crate::engine::Engine;
use crate::protocol::{Answer, EngineFailure, EngineInfo, Query, Reply, Request};
use crate::{Rules, Ruleset};
use serde_json::{json, Value};

/// Stops a case before its expectations are all checked.
pub(super) enum Halt {
    /// The case cannot run (a bad case, or the reference cannot set it up).
    Errored(String),
    /// The engine failed (crashed, hung, nonsense, errored).
    Engine(EngineFailure),
    /// The engine refused the case's position or history, which the case expects accepted.
    Refused(Mismatch),
}

/// What an engine answered to moves put to it in a `play` query.
pub(super) enum Played {
    /// It took them all: the position reached (FEN).
    Reached(String),
    /// It refused one: where, and its words.
    Refused(Stage, String),
}

/// A legal move as the engine wrote it, with its identity per the reference rules.
pub(super) struct EngineMove {
    pub text: String,
    /// The move as the reference reads it, or why it cannot.
    pub read: Result<crate::rules::MoveInfo, String>,
}

/// The state of checking one case: the engine's answers so far and the mismatches found.
pub(super) struct Checker<'a> {
    /// The engine under test.
    pub engine: &'a dyn Engine,
    /// What it said of itself.
    pub info: &'a EngineInfo,
    pub case: &'a Case,
    pub ruleset: &'a Ruleset,
    pub rules: &'a dyn Rules,
    /// The starting position as sent to the engine.
    pub position: Option<String>,
    /// The history as sent to the engine (canonical where the reference can read it).
    pub moves: Vec<String>,
    /// The position reached per the reference rules (to read move texts); `None` when the
    /// reference cannot set the case up.
    pub fen: Option<String>,
    /// The starting position per the reference, when valid.
    pub start: Option<String>,
    pub legal: Option<Vec<EngineMove>>,
    pub outcome: Option<Option<crate::protocol::OutcomeAnswer>>,
    pub mismatches: Vec<Mismatch>,
    /// Why some expectation could not be checked.
    pub unanswered: Vec<String>,
}

impl<'a> Checker<'a> {
    pub fn new(
        engine: &'a dyn Engine,
        info: &'a EngineInfo,
        case: &'a Case,
        ruleset: &'a Ruleset,
        rules: &'a dyn Rules,
    ) -> Self {
        let start = rules.position_or_start(case.position.as_deref()).ok();
        let position = match (&case.position, &start) {
            (None, _) => None,
            (Some(_), Some(fen)) => Some(fen.clone()),
            (Some(p), None) => Some(p.clone()),
        };
        // The history in canonical notation, as far as the reference reads it; the rest
        // as the case writes it.
        let mut moves = Vec::with_capacity(case.moves.len());
        let mut fen = start.clone();
        for text in &case.moves {
            let next = fen.as_deref().and_then(|f| {
                let m = rules.resolve_move(f, text).ok()?;
                let after = rules.play(f, std::slice::from_ref(&m.text)).ok()?;
                Some((m.text, after))
            });
            match next {
                Some((canonical, after)) => {
                    moves.push(canonical);
                    fen = Some(after);
                }
                None => {
                    moves.push(text.clone());
                    fen = None;
                }
            }
        }
        Checker {
            engine,
            info,
            case,
            ruleset,
            rules,
            position,
            moves,
            fen,
            start,
            legal: None,
            outcome: None,
            mismatches: Vec::new(),
            unanswered: Vec::new(),
        }
    }

    pub fn fail(
        &mut self,
        expectation: &'static str,
        message: String,
        expected: Value,
        actual: Value,
    ) {
        self.mismatches
            .push(Mismatch::new(expectation, message, expected, actual));
    }

    /// The engine's reply to `query` about the case's position after `moves`.
    pub fn ask_raw(&self, moves: &[String], query: Query) -> Reply {
        self.engine.run(&Request {
            ruleset: self.ruleset.clone(),
            position: self.position.clone(),
            moves: moves.to_vec(),
            query,
        })
    }

    /// Asks a query about the position reached. `None`: the engine does not answer it (the
    /// reason is kept); a refusal of the position or history stops the case as a mismatch.
    pub fn ask(&mut self, query: Query) -> Result<Option<Answer>, Halt> {
        let kind = query.kind();
        if !self.info.answers(kind) {
            self.skip(format!("the engine does not answer `{kind}` queries"));
            return Ok(None);
        }
        match self.ask_raw(&self.moves.clone(), query) {
            Reply::Answer(a) if a.kind() == kind => Ok(Some(a)),
            Reply::Answer(a) => Err(Halt::Errored(format!(
                "the engine answered a `{}` query with a `{}` answer",
                kind,
                a.kind()
            ))),
            Reply::Skipped(msg) => {
                self.skip(format!("`{kind}`: {msg}"));
                Ok(None)
            }
            Reply::Failed(f) => Err(Halt::Engine(f)),
            Reply::Rejected { stage, message } => Err(Halt::Refused(refused(stage, &message))),
        }
    }

    /// The engine's `play` answer after `moves`; `None`: the engine did not answer (the
    /// reason is kept).
    pub fn ask_play(&mut self, moves: &[String]) -> Result<Option<Played>, Halt> {
        match self.ask_raw(moves, Query::Play) {
            Reply::Answer(Answer::Position(fen)) => Ok(Some(Played::Reached(fen))),
            Reply::Rejected { stage, message } => Ok(Some(Played::Refused(stage, message))),
            Reply::Answer(other) => Err(Halt::Errored(format!(
                "the engine answered a `play` query with a `{}` answer",
                other.kind()
            ))),
            Reply::Skipped(msg) => {
                self.skip(format!("`play`: {msg}"));
                Ok(None)
            }
            Reply::Failed(f) => Err(Halt::Engine(f)),
        }
    }

    /// Whether a side name belongs to the case's game.
    pub fn is_side(&self, name: &str) -> bool {
        crate::Side::parse(name, self.ruleset.game).is_ok()
    }

    pub fn skip(&mut self, reason: String) {
        if !self.unanswered.contains(&reason) {
            self.unanswered.push(reason);
        }
    }

    /// Checks every expectation of a case without steps or `rejected`.
    pub fn check_all(&mut self) -> Result<(), Halt> {
        if self.fen.is_none() {
            return Err(Halt::Errored(
                "the reference rules cannot set up the case (position or history invalid); \
                 a case that expects that writes `rejected`"
                    .to_owned(),
            ));
        }
        let expect = &self.case.expect;
        self.check_moves(expect)?;
        self.check_endings(expect)?;
        if let Some(repetition) = &expect.repetition {
            self.check_repetition(repetition)?;
        }
        Ok(())
    }

    /// `rejected` without steps: the engine must refuse the position or that history move.
    pub fn check_rejected(&mut self, rejected: &super::Rejected) -> Result<(), Halt> {
        if let Stage::Step(n) = rejected.stage {
            return Err(Halt::Errored(format!(
                "rejected: `stage: step, step: {n}` needs `steps`"
            )));
        }
        if !self.info.answers(crate::protocol::QueryKind::Play) {
            self.skip("the engine does not answer `play` queries".to_owned());
            return Ok(());
        }
        let got = match self.ask_play(&self.moves.clone())? {
            None => return Ok(()),
            Some(Played::Refused(stage, message)) => Some((stage, message)),
            Some(Played::Reached(fen)) => {
                let m = self.refusal(rejected, None);
                if let Some(mut m) = m {
                    m.actual = json!({"accepted": fen});
                    m.message = format!("{} (reached {fen})", m.message);
                    self.mismatches.push(m);
                }
                return Ok(());
            }
        };
        let m = self.refusal(rejected, got.as_ref().map(|(s, m)| (*s, m.as_str())));
        self.mismatches.extend(m);
        Ok(())
    }

    /// Compares an expected refusal with what was refused (`None`: everything was
    /// accepted). The words of the refusal are compared only for engines that word their
    /// refusals as the reference does.
    pub fn refusal(&self, want: &super::Rejected, got: Option<(Stage, &str)>) -> Option<Mismatch> {
        let expected = json!({"rejected": want.stage.to_string(), "contains": want.contains});
        match got {
            Some((at, msg)) if at == want.stage => match &want.contains {
                Some(text)
                    if self.info.arbiter_messages && !msg.contains(text.as_str()) =>
                {
                    Some(Mismatch::new(
                        "rejected",
                        format!(
                            "{at} was refused as expected, but the message does not contain '{text}': {msg}"
                        ),
                        expected,
                        json!({"rejected": at.to_string(), "message": msg}),
                    ))
                }
                _ => None,
            },
            Some((at, msg)) => Some(Mismatch::new(
                "rejected",
                format!(
                    "expected {} to be refused, but {at} was refused instead: {msg}",
                    want.stage
                ),
                expected,
                json!({"rejected": at.to_string(), "message": msg}),
            )),
            None => Some(Mismatch::new(
                "rejected",
                format!(
                    "expected {} to be refused, but everything was accepted",
                    want.stage
                ),
                expected,
                json!("accepted"),
            )),
        }
    }

    /// The result from the mismatches, the unanswered queries and how checking ended.
    pub fn finish(mut self, halted: Result<(), Halt>) -> CaseResult {
        let mut result = match halted {
            Ok(()) => self.verdict(),
            Err(Halt::Refused(m)) => {
                self.mismatches.push(m);
                self.verdict()
            }
            Err(Halt::Errored(msg)) => CaseResult::new(Verdict::Errored, msg),
            Err(Halt::Engine(f)) => CaseResult {
                engine_failure: Some(f.kind),
                stderr: f.stderr.clone(),
                ..CaseResult::new(Verdict::Errored, f.to_string())
            },
        };
        let fen = self.fen.clone().or_else(|| self.start.clone());
        if let Some(fen) = fen {
            // Boards are drawn for the results that are shown with one.
            if matches!(result.verdict, Verdict::Failed | Verdict::Errored) {
                result.board = self.rules.render(&fen, false).ok();
            }
            result.fen = Some(fen);
        }
        result
    }

    fn verdict(&mut self) -> CaseResult {
        if !self.mismatches.is_empty() {
            CaseResult::failed(std::mem::take(&mut self.mismatches))
        } else if !self.unanswered.is_empty() {
            CaseResult::new(Verdict::Skipped, self.unanswered.join("; "))
        } else {
            CaseResult::new(Verdict::Passed, "")
        }
    }
}

/// The mismatch for an engine that refused what the case expects accepted.
fn refused(stage: Stage, message: &str) -> Mismatch {
    let expectation = match stage {
        Stage::Setup => "setup",
        Stage::Move(_) => "moves",
        Stage::Step(_) => "steps",
    };
    Mismatch::new(
        expectation,
        format!("the engine refused {stage}: {message}"),
        json!("accepted"),
        json!({"rejected": stage.to_string(), "message": message}),
    )
}

/// Items joined by `separator`, or `none`.
pub(super) fn listed(items: &[String], separator: &str) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(separator)
    }
}

pub(super) fn quoted(texts: &[&str]) -> String {
    texts
        .iter()
        .map(|t| format!("'{t}'"))
        .collect::<Vec<_>>()
        .join(", ")
}
