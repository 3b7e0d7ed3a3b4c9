//! [`Differ`]: asks the reference and an engine the same question about a [`Sample`] and
//! says whether they agree.

use super::Sample;
use crate::engine::{Engine, ReferenceEngine};
use crate::protocol::{
    Answer, EngineFailure, FailureKind, Query, QueryKind, Reply, Request, Stage,
};
use crate::{rules_for, Game, Rules, RulesError, Ruleset};
use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

/// The queries the fuzzer can compare, in the order it asks them.
pub const FUZZ_QUERIES: [QueryKind; 5] = [
    QueryKind::Legal,
    QueryKind::Play,
    QueryKind::Outcome,
    QueryKind::Check,
    QueryKind::Repetition,
];

/// Whether the fuzzer compares `kind` under `game` (`repetition` is a xiangqi query; `check`
/// is always false in draughts but an engine may still answer it).
///
/// ```
/// use arbiter::fuzz::applies;
/// use arbiter::protocol::QueryKind;
/// use arbiter::Game;
///
/// assert!(applies(QueryKind::Repetition, Game::Xiangqi));
/// assert!(!applies(QueryKind::Repetition, Game::Russian));
/// assert!(!applies(QueryKind::Perft, Game::Russian));
/// ```
pub fn applies(kind: QueryKind, game: Game) -> bool {
    FUZZ_QUERIES.contains(&kind) && (kind != QueryKind::Repetition || game == Game::Xiangqi)
}

/// The outcome of comparing one query on one sample.
#[derive(Debug, Clone, PartialEq)]
pub enum Comparison {
    /// Both gave the same answer.
    Agree,
    /// The engine skipped the query (it does not answer it here), with its reason.
    Skipped(String),
    /// They differ.
    Disagree(Disagreement),
    /// The reference itself refused the sample (a shrinking step went too far, or a
    /// generator bug), with its reason.
    Invalid(String),
    /// The engine failed (errored, crashed, hung, spoke nonsense, was given up) instead of
    /// answering: a fault of the engine, with its stderr, not a disagreement about the
    /// rules (no case is written for it).
    Failed(EngineFailure),
}

/// How the engine's answer differs from the reference's.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    /// The query.
    pub query: QueryKind,
    /// The reference's answer.
    pub reference: Answer,
    /// What the engine replied, in words.
    pub engine: String,
    /// How the two differ, in words.
    pub message: String,
}

/// Compares engines with the reference on samples of one ruleset.
///
/// ```
/// use arbiter::engine::ReferenceEngine;
/// use arbiter::fuzz::{Comparison, Differ, Generator};
/// use arbiter::protocol::QueryKind;
///
/// let ruleset = "xiangqi".parse().unwrap();
/// let differ = Differ::new(&ruleset);
/// let sample = Generator::new(&ruleset, 1).sample(0);
/// let engine = ReferenceEngine::new();
/// assert_eq!(differ.compare(&engine, &sample, QueryKind::Legal), Comparison::Agree);
/// ```
pub struct Differ {
    ruleset: Ruleset,
    rules: Box<dyn Rules>,
    reference: ReferenceEngine,
    /// The position the reference reaches through the last sample's history (or its
    /// refusal), which answers `legal`, `play` and `check` about that sample without
    /// replaying the history once per query.
    reached: Mutex<Option<(Sample, Result<String, Reply>)>>,
    /// Xiangqi histories the reference accepted whole, by starting FEN ([`Lines`]).
    lines: Mutex<Lines>,
}

/// How many starting FENs [`Lines`] keeps before it forgets them all.
const LINES_KEPT: usize = 64;

/// Xiangqi histories the reference accepted whole, by starting FEN, with the position
/// after each move. A prefix of an accepted history is accepted too (a move is refused for
/// what came before it, never for what follows), and reaches the position after its last
/// move: the samples of an episode that start at its base are prefixes of one another, and
/// the reference's replay, which judges the repetitions at every ply, is paid once for the
/// longest asked so far instead of once per sample.
#[derive(Default)]
struct Lines(HashMap<String, (Vec<String>, Vec<String>)>);

impl Lines {
    /// The canonical FEN reached through `moves` from `fen`, when a history it starts was
    /// accepted.
    fn reached(&self, fen: &str, moves: &[String]) -> Option<String> {
        let (line, fens) = self.0.get(fen)?;
        (moves.len() <= line.len() && line[..moves.len()] == *moves)
            .then(|| fens[moves.len()].clone())
    }

    /// Keeps `moves` from `fen` (canonically `start`), which the reference accepted and
    /// which reached `reached`, unless a longer history from `fen` is kept. The positions
    /// after each move are those of the typed board; they are kept only when the board
    /// starts at `start` and ends at `reached` as the reference's replay does.
    fn keep(&mut self, fen: &str, start: &str, moves: &[String], reached: &str) {
        if self
            .0
            .get(fen)
            .is_some_and(|(line, _)| line.len() >= moves.len())
        {
            return;
        }
        let Ok(mut position) = crate::xiangqi::Position::from_fen(start) else {
            return;
        };
        let mut fens = Vec::with_capacity(moves.len() + 1);
        fens.push(position.fen());
        for text in moves {
            let Some(next) = crate::xiangqi::iccs::parse_iccs_coords(text)
                .ok()
                .and_then(|m| position.play(m).ok())
            else {
                return;
            };
            position = next;
            fens.push(position.fen());
        }
        if fens[0] != start || fens[moves.len()] != reached {
            return;
        }
        if self.0.len() >= LINES_KEPT {
            self.0.clear();
        }
        self.0.insert(fen.to_owned(), (moves.to_vec(), fens));
    }
}

impl Differ {
    /// A differ over the reference rules of `ruleset`.
    pub fn new(ruleset: &Ruleset) -> Differ {
        Differ {
            ruleset: ruleset.clone(),
            rules: rules_for(ruleset),
            reference: ReferenceEngine::new(),
            reached: Mutex::new(None),
            lines: Mutex::new(Lines::default()),
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The reference rules (to read moves and FENs).
    pub fn rules(&self) -> &dyn Rules {
        self.rules.as_ref()
    }

    /// The request asking `kind` about `sample`.
    pub fn request(&self, sample: &Sample, kind: QueryKind) -> Request {
        let query = match kind {
            QueryKind::Legal => Query::Legal,
            QueryKind::Play => Query::Play,
            QueryKind::Outcome => Query::Outcome,
            QueryKind::Check => Query::Check,
            QueryKind::Repetition => Query::Repetition,
            other => unreachable!("the fuzzer does not ask `{other}`"),
        };
        Request {
            ruleset: self.ruleset.clone(),
            position: Some(sample.fen.clone()),
            moves: sample.moves.clone(),
            query,
        }
    }

    /// The reference's answer to `kind` about `sample`, or why it refused the sample.
    pub fn reference_answer(&self, sample: &Sample, kind: QueryKind) -> Result<Answer, String> {
        match self.reference_reply(sample, kind) {
            Reply::Answer(a) => Ok(a),
            Reply::Rejected { stage, message } => Err(format!("refused {stage}: {message}")),
            Reply::Skipped(m) => Err(format!("skipped: {m}")),
            Reply::Failed(f) => Err(f.to_string()),
        }
    }

    /// The reference's reply to `kind` about `sample`. `legal`, `play` and `check` are
    /// answered as the reference engine answers them (the legal moves, the position or
    /// check where the history leads, or the history's refusal), from the position reached
    /// by the last sample's replay when the sample is the same; the other queries are put
    /// to the reference engine.
    fn reference_reply(&self, sample: &Sample, kind: QueryKind) -> Reply {
        if !matches!(kind, QueryKind::Legal | QueryKind::Play | QueryKind::Check) {
            return self.reference.run(&self.request(sample, kind));
        }
        let reached = {
            let mut last = self.reached.lock().unwrap_or_else(|e| e.into_inner());
            match last.as_ref() {
                Some((s, reached)) if s == sample => reached.clone(),
                _ => {
                    let reached = self.replay(sample);
                    *last = Some((sample.clone(), reached.clone()));
                    reached
                }
            }
        };
        let reached = match reached {
            Ok(fen) => fen,
            Err(refused) => return refused,
        };
        let answer = match kind {
            QueryKind::Legal => self
                .rules
                .legal_moves(&reached, None)
                .map(|moves| Answer::Moves(moves.into_iter().map(|m| m.text).collect())),
            QueryKind::Check => self
                .rules
                .status(&reached)
                .map(|status| Answer::Check(status.in_check)),
            _ => Ok(Answer::Position(reached)),
        };
        answer.map_or_else(failed, Reply::Answer)
    }

    /// The canonical FEN the reference reaches through the sample's history, or the reply
    /// refusing it (as the reference engine refuses a request's position or history).
    fn replay(&self, sample: &Sample) -> Result<String, Reply> {
        let start = self
            .rules
            .position_or_start(Some(&sample.fen))
            .map_err(|e| Reply::Rejected {
                stage: Stage::Setup,
                message: e.to_string(),
            })?;
        if sample.moves.is_empty() {
            return Ok(start);
        }
        let xiangqi = self.ruleset.game == Game::Xiangqi;
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        if xiangqi {
            if let Some(reached) = lines.reached(&sample.fen, &sample.moves) {
                return Ok(reached);
            }
        }
        let reached = self
            .rules
            .play(&start, &sample.moves)
            .map_err(|e| match e {
                RulesError::Move { number, .. } => Reply::Rejected {
                    stage: Stage::Move(number),
                    message: e.to_string(),
                },
                e => failed(e),
            })?;
        if xiangqi {
            lines.keep(&sample.fen, &start, &sample.moves, &reached);
        }
        Ok(reached)
    }

    /// Asks the reference and `engine` `kind` about `sample` and compares the answers.
    pub fn compare(&self, engine: &dyn Engine, sample: &Sample, kind: QueryKind) -> Comparison {
        let reference = match self.reference_answer(sample, kind) {
            Ok(a) => a,
            Err(e) => return Comparison::Invalid(e),
        };
        let reply = engine.run(&self.request(sample, kind));
        let differ = |engine: String, message: String| {
            Comparison::Disagree(Disagreement {
                query: kind,
                reference: reference.clone(),
                engine,
                message,
            })
        };
        let answer = match reply {
            Reply::Answer(a) => a,
            Reply::Skipped(why) => return Comparison::Skipped(why),
            Reply::Rejected { stage, message } => {
                return differ(
                    format!("refused {stage}: {message}"),
                    format!("the engine refused {stage}, which the reference accepts: {message}"),
                )
            }
            Reply::Failed(f) => return Comparison::Failed(f),
        };
        if answer.kind() != kind {
            return differ(
                format!("{answer:?}"),
                format!(
                    "the engine answered a `{kind}` query with a `{}` answer",
                    answer.kind()
                ),
            );
        }
        match self.differences(sample, &reference, &answer) {
            None => Comparison::Agree,
            Some(message) => differ(describe(&answer), message),
        }
    }

    /// How `got` differs from the reference's `want`, if it does.
    fn differences(&self, sample: &Sample, want: &Answer, got: &Answer) -> Option<String> {
        match (want, got) {
            (Answer::Moves(want), Answer::Moves(got)) => self.legal_differences(sample, want, got),
            (Answer::Position(want), Answer::Position(got)) => {
                match self.rules.canonical_fen(got) {
                    Ok(canonical) if canonical == *want => None,
                    Ok(canonical) => Some(format!("reached {canonical}, expected {want}")),
                    Err(e) => Some(format!(
                        "reached '{got}', which the reference cannot read: {e}"
                    )),
                }
            }
            (Answer::Check(want), Answer::Check(got)) => (want != got).then(|| {
                let say = |b: bool| if b { "in check" } else { "not in check" };
                format!(
                    "the side to move is {}, the engine says {}",
                    say(*want),
                    say(*got)
                )
            }),
            (Answer::Outcome(want), Answer::Outcome(got)) => {
                let want_reason = want.reason.clone().unwrap_or_default();
                let reason_differs = got.reason.as_ref().is_some_and(|r| *r != want_reason);
                (want.result != got.result || reason_differs).then(|| {
                    format!(
                        "expected {} ({want_reason}), got {} ({})",
                        want.result,
                        got.result,
                        got.reason.as_deref().unwrap_or("no reason given")
                    )
                })
            }
            (Answer::Repetition(want), Answer::Repetition(got)) => {
                let same = want.verdict == got.verdict
                    && (want.verdict == "none" || want.side == got.side);
                (!same).then(|| {
                    let say = |v: &str, s: Option<&str>| match s {
                        Some(s) => format!("{v} for {s}"),
                        None => v.to_owned(),
                    };
                    format!(
                        "expected {}, got {}",
                        say(&want.verdict, want.side.as_deref()),
                        say(&got.verdict, got.side.as_deref())
                    )
                })
            }
            _ => Some("the answers are of different kinds".to_owned()),
        }
    }

    /// Legal moves compared by identity. When the engine writes exactly the reference's
    /// canonical texts they agree without reading a move.
    fn legal_differences(
        &self,
        sample: &Sample,
        want: &[String],
        got: &[String],
    ) -> Option<String> {
        if want.len() == got.len() {
            let mut a: Vec<&str> = want.iter().map(String::as_str).collect();
            let mut b: Vec<&str> = got.iter().map(String::as_str).collect();
            a.sort_unstable();
            b.sort_unstable();
            if a == b && a.windows(2).all(|w| w[0] != w[1]) {
                return None;
            }
        }
        let known = match self
            .reached
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_ref()
        {
            Some((s, Ok(fen))) if s == sample => Some(fen.clone()),
            _ => None,
        };
        let reached = if let Some(fen) = known {
            fen
        } else if sample.moves.is_empty() {
            sample.fen.clone()
        } else {
            match self.rules.play(&sample.fen, &sample.moves) {
                Ok(f) => f,
                Err(e) => return Some(format!("the reference cannot replay the history: {e}")),
            }
        };
        let keys: BTreeMap<String, String> = match self.rules.legal_moves(&reached, None) {
            Ok(moves) => moves.into_iter().map(|m| (m.key, m.text)).collect(),
            Err(e) => return Some(format!("the reference cannot list the moves: {e}")),
        };
        let mut engine: BTreeMap<String, String> = BTreeMap::new();
        let mut problems = Vec::new();
        let mut unreadable = Vec::new();
        let mut twice = Vec::new();
        for text in got {
            match self.rules.resolve_move(&reached, text) {
                Ok(m) => {
                    if let Some(first) = engine.insert(m.key, text.clone()) {
                        twice.push(format!("'{first}' and '{text}'"));
                    }
                }
                Err(_) => unreadable.push(format!("'{text}'")),
            }
        }
        let missing: Vec<&str> = keys
            .iter()
            .filter(|(k, _)| !engine.contains_key(*k))
            .map(|(_, t)| t.as_str())
            .collect();
        if !missing.is_empty() {
            problems.push(format!("missing {}", missing.join(" ")));
        }
        if !unreadable.is_empty() {
            problems.push(format!("not legal: {}", unreadable.join(" ")));
        }
        if !twice.is_empty() {
            problems.push(format!("one move listed twice: {}", twice.join(", ")));
        }
        (!problems.is_empty()).then(|| problems.join("; "))
    }
}

/// The reply of the reference engine whose rules failed with `e`: an unsupported question
/// is skipped, any other error is a failure.
fn failed(e: RulesError) -> Reply {
    match e {
        RulesError::Unsupported(message) => Reply::Skipped(message),
        e => Reply::Failed(EngineFailure::new(FailureKind::Errored, e.to_string())),
    }
}

/// An answer in words, for messages and case comments.
///
/// ```
/// use arbiter::fuzz::describe;
/// use arbiter::protocol::Answer;
///
/// assert_eq!(describe(&Answer::Moves(vec!["9-13".into()])), "1 move(s): 9-13");
/// assert_eq!(describe(&Answer::Check(false)), "not in check");
/// ```
pub fn describe(answer: &Answer) -> String {
    match answer {
        Answer::Moves(m) => format!("{} move(s): {}", m.len(), m.join(" ")),
        Answer::Position(f) => f.clone(),
        Answer::Check(c) => if *c { "in check" } else { "not in check" }.to_owned(),
        Answer::Outcome(o) => format!(
            "{} ({})",
            o.result,
            o.reason.as_deref().unwrap_or("no reason given")
        ),
        Answer::Repetition(r) => match &r.side {
            Some(s) => format!("{} for {s}", r.verdict),
            None => r.verdict.clone(),
        },
        other => format!("{other:?}"),
    }
}
