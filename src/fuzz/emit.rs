//! A finding written as a ready-to-commit YAML case.

use super::compare::{describe, Disagreement};
use super::Sample;
use crate::clause;
use crate::protocol::{Answer, QueryKind};
use crate::{Game, Ruleset};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A disagreement found, shrunk, with where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    /// The case id: `fuzz.<game>.<query>.<hash>`, the hash of the shrunk sample.
    pub id: String,
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The shrunk sample.
    pub sample: Sample,
    /// The sample as generated.
    pub found: Sample,
    /// The seed of the campaign that found it.
    pub seed: u64,
    /// The index of the sample that found it.
    pub index: u64,
    /// The disagreement on the shrunk sample (its `reference` answer is the expectation).
    pub disagreement: Disagreement,
    /// The engine, as `name version`.
    pub engine: String,
}

/// FNV-1a, 64 bits: a stable hash for ids (std's hasher may change between releases).
pub(crate) fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The id of the case for a shrunk disagreement: equal for the same ruleset, query,
/// position and history.
///
/// ```
/// use arbiter::fuzz::{finding_id, Sample};
/// use arbiter::protocol::QueryKind;
///
/// let sample = Sample { fen: "W:W32:B13".into(), moves: vec![] };
/// let id = finding_id(&"russian".parse().unwrap(), QueryKind::Legal, &sample);
/// assert!(id.starts_with("fuzz.russian.legal."));
/// assert_eq!(id.len(), "fuzz.russian.legal.".len() + 8);
/// ```
pub fn finding_id(ruleset: &Ruleset, query: QueryKind, sample: &Sample) -> String {
    let key = format!(
        "{ruleset}\n{query}\n{}\n{}",
        sample.fen,
        sample.moves.join(" ")
    );
    format!(
        "fuzz.{}.{}.{:08x}",
        ruleset.game.name(),
        query.name().replace('_', "-"),
        fnv1a(&key) >> 32
    )
}

/// A clause of the catalog about the query's topic, cited by an emitted case so that lint
/// accepts it; a person replaces it with the clause the case really exercises.
///
/// ```
/// use arbiter::fuzz::placeholder_clause;
/// use arbiter::protocol::{Answer, QueryKind};
/// use arbiter::Game;
///
/// let captures = Answer::Moves(vec!["22x15".into()]);
/// assert_eq!(placeholder_clause(Game::Russian, QueryKind::Legal, &captures), "d64.capture.compulsory");
/// assert_eq!(placeholder_clause(Game::Xiangqi, QueryKind::Check, &Answer::Check(true)), "xq.check.definition");
/// ```
pub fn placeholder_clause(game: Game, query: QueryKind, reference: &Answer) -> &'static str {
    let captures = matches!(reference, Answer::Moves(m) if m.iter().any(|t| t.contains('x')));
    match (game, query) {
        (Game::Xiangqi, QueryKind::Legal) => clause::XQ_PLAY_MOVE_DEFINITION,
        (Game::Xiangqi, QueryKind::Play) => clause::XQ_PLAY_ALTERNATE,
        (Game::Xiangqi, QueryKind::Outcome) => clause::XQ_CHECK_CHECKMATE,
        (Game::Xiangqi, QueryKind::Check) => clause::XQ_CHECK_DEFINITION,
        (Game::Xiangqi, _) => clause::XQ_REPETITION_IDLE_ALLOWED,
        (_, QueryKind::Legal) if captures => clause::D64_CAPTURE_COMPULSORY,
        (_, QueryKind::Legal) => clause::D64_MOVE_ONE_PIECE_PER_MOVE,
        (_, QueryKind::Outcome) => clause::D64_END_NO_LEGAL_MOVE,
        _ => clause::D64_MOVE_ALTERNATE,
    }
}

fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

fn list(items: &[String]) -> String {
    let items: Vec<String> = items.iter().map(|t| quoted(t)).collect();
    format!("[{}]", items.join(", "))
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl Finding {
    /// The file name of its case: `<id>.yaml`.
    pub fn file_name(&self) -> String {
        format!("{}.yaml", self.id)
    }

    /// The case, as a YAML file holding a list of one case. The expectation is the
    /// reference's answer; the comments say where it came from and what to do before
    /// committing it.
    ///
    /// ```
    /// use arbiter::fuzz::{finding_id, Disagreement, Finding, Sample};
    /// use arbiter::protocol::{Answer, QueryKind};
    ///
    /// let ruleset = "russian".parse().unwrap();
    /// let sample = Sample { fen: "W:W22:B18".into(), moves: vec![] };
    /// let finding = Finding {
    ///     id: finding_id(&ruleset, QueryKind::Legal, &sample),
    ///     ruleset,
    ///     found: sample.clone(),
    ///     sample,
    ///     seed: 1,
    ///     index: 2,
    ///     disagreement: Disagreement {
    ///         query: QueryKind::Legal,
    ///         reference: Answer::Moves(vec!["22x15".into()]),
    ///         engine: "0 move(s): ".into(),
    ///         message: "missing 22x15".into(),
    ///     },
    ///     engine: "broken 1".into(),
    /// };
    /// let yaml = finding.to_yaml();
    /// assert!(yaml.contains("legal: [\"22x15\"]"));
    /// let cases: Vec<arbiter::case::Case> = serde_yaml::from_str(&yaml).unwrap();
    /// assert_eq!(cases[0].id, finding.id);
    /// ```
    pub fn to_yaml(&self) -> String {
        let d = &self.disagreement;
        let mut y = String::new();
        let _ = writeln!(
            y,
            "# Found by `arbiter fuzz --ruleset {} --seed {}` at position {} against {}.",
            self.ruleset, self.seed, self.index, self.engine
        );
        let _ = writeln!(y, "# The engine answered: {}", one_line(&d.engine));
        let _ = writeln!(y, "# The difference: {}", one_line(&d.message));
        let _ = writeln!(
            y,
            "# As generated: position {} with {} history move(s).",
            quoted(&self.found.fen),
            self.found.moves.len()
        );
        let _ = writeln!(
            y,
            "# Before committing: check the rulebook (the reference is not presumed right), cite"
        );
        let _ = writeln!(
            y,
            "# the clause, and move the case into cases/{}/ (docs/fuzzing.md).",
            if self.ruleset.game == Game::Xiangqi {
                "xiangqi"
            } else {
                "draughts"
            }
        );
        let _ = writeln!(y, "- id: {}", self.id);
        let _ = writeln!(
            y,
            "  # TODO: cite the clause. This one is a placeholder about the query's topic."
        );
        let _ = writeln!(
            y,
            "  clauses: [{}]",
            placeholder_clause(self.ruleset.game, d.query, &d.reference)
        );
        let _ = writeln!(y, "  ruleset: {}", self.ruleset);
        let _ = writeln!(y, "  position: {}", quoted(&self.sample.fen));
        if !self.sample.moves.is_empty() {
            let _ = writeln!(y, "  moves: {}", list(&self.sample.moves));
        }
        let note = format!(
            "fuzz (seed {}, position {}): {} disagreed on `{}`: {}",
            self.seed,
            self.index,
            self.engine,
            d.query,
            one_line(&d.message)
        );
        let _ = writeln!(y, "  note: {}", quoted(&note));
        let _ = writeln!(y, "  expect:");
        let _ = writeln!(y, "    {}", expectation(&d.reference));
        y
    }

    /// Writes the case into `dir` (created if missing), unless a file of that name is
    /// already there. Returns the path and whether it was written.
    pub fn write(&self, dir: &Path) -> std::io::Result<(PathBuf, bool)> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(self.file_name());
        if path.exists() {
            return Ok((path, false));
        }
        std::fs::write(&path, self.to_yaml())?;
        Ok((path, true))
    }

    /// One line for the terminal.
    pub fn summary(&self) -> String {
        format!(
            "{} ({} at position {}): {}",
            self.id,
            self.disagreement.query,
            self.index,
            one_line(&self.disagreement.message)
        )
    }
}

/// The `expect` entry for the reference's answer.
fn expectation(reference: &Answer) -> String {
    match reference {
        Answer::Moves(m) => format!("legal: {}", list(m)),
        Answer::Position(f) => format!("fen: {}", quoted(f)),
        Answer::Check(c) => format!("check: {c}"),
        Answer::Outcome(o) => format!(
            "outcome: {{result: {}, reason: {}}}",
            o.result,
            quoted(o.reason.as_deref().unwrap_or(""))
        ),
        Answer::Repetition(r) if r.verdict == "none" => "repetition: none".to_owned(),
        Answer::Repetition(r) => match &r.side {
            Some(s) => format!("repetition: {{verdict: {}, side: {s}}}", r.verdict),
            None => format!("repetition: {{verdict: {}}}", r.verdict),
        },
        other => format!("# unsupported answer: {}", describe(other)),
    }
}
