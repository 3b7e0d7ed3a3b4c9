//! Consistency checks of the catalog and the cases against each other.

use crate::case::{is_case_id, Suite};
use crate::spec::{is_clause_id, Spec};
use crate::yaml::{find_id_line, find_id_line_nth};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// One lint problem, printed `file:line: message`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    /// The file.
    pub path: PathBuf,
    /// The 1-based line of the clause or case, when found.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "{}:{line}: {}", self.path.display(), self.message),
            None => write!(f, "{}: {}", self.path.display(), self.message),
        }
    }
}

/// The clause-id prefix each known document uses.
fn document_prefix(document: &str) -> Option<&'static str> {
    match document {
        "draughts64" => Some("d64"),
        "xiangqi" => Some("xq"),
        "chess-laws" => Some("chess"),
        _ => None,
    }
}

/// The line of the next `id: <id>` in `text` for `key`: each call with the same key finds
/// the following one, so an id defined twice points at each of its own lines.
fn next_id_line<K: Ord>(
    seen: &mut BTreeMap<K, usize>,
    key: K,
    text: &str,
    id: &str,
) -> Option<usize> {
    let nth = seen.entry(key).or_insert(0);
    let line = find_id_line_nth(text, id, *nth);
    *nth += 1;
    line
}

/// Reports the problems of one place: each message goes to `problems` with `path` and
/// `line`.
fn reporter<'p>(
    problems: &'p mut Vec<Problem>,
    path: &'p Path,
    line: Option<usize>,
) -> impl FnMut(String) + 'p {
    move |message| {
        problems.push(Problem {
            path: path.to_path_buf(),
            line,
            message,
        })
    }
}

/// Checks the catalogs and the cases: well-formed and unique ids, references that exist,
/// rulesets that fit, cases that only cite executable clauses and expect something. The
/// problems come sorted by file and line.
pub fn lint(spec: &Spec, suite: &Suite) -> Vec<Problem> {
    let mut problems = Vec::new();

    // Clause ids and aliases share one namespace: where each was first defined.
    let mut defined: BTreeMap<&str, (PathBuf, Option<usize>)> = BTreeMap::new();
    let mut documents: BTreeMap<&str, &PathBuf> = BTreeMap::new();
    for loaded in &spec.catalogs {
        let doc = &loaded.catalog.document;
        let at = |id: &str| find_id_line(&loaded.text, id);
        if let Some(first) = documents.insert(&doc.id, &loaded.path) {
            problems.push(Problem {
                path: loaded.path.clone(),
                line: at(&doc.id),
                message: format!(
                    "document id '{}' is also used by {}",
                    doc.id,
                    first.display()
                ),
            });
        }
        let prefix = document_prefix(&doc.id);
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        for clause in &loaded.catalog.clauses {
            let line = next_id_line(&mut seen, &clause.id, &loaded.text, &clause.id);
            let mut problem = reporter(&mut problems, &loaded.path, line);
            if !is_clause_id(&clause.id) {
                problem(format!(
                    "clause id '{}' is malformed (expected d64|xq|chess, then at least two \
                     lowercase slug segments, like 'xq.move.horse-leg')",
                    clause.id
                ));
            } else if let Some(prefix) = prefix {
                if !clause.id.starts_with(&format!("{prefix}.")) {
                    problem(format!(
                        "clause id '{}' does not start with '{prefix}.', the prefix of document '{}'",
                        clause.id, doc.id
                    ));
                }
            }
            if clause.rulesets.is_empty() {
                problem(format!("clause '{}' has no rulesets", clause.id));
            }
            for alias in &clause.aliases {
                if !is_clause_id(alias) {
                    problem(format!(
                        "alias '{alias}' of clause '{}' is malformed",
                        clause.id
                    ));
                }
            }
            for name in std::iter::once(&clause.id).chain(&clause.aliases) {
                if let Some((path, first_line)) = defined.get(name.as_str()) {
                    let place = match first_line {
                        Some(l) => format!("{}:{l}", path.display()),
                        None => path.display().to_string(),
                    };
                    problem(format!("clause id '{name}' is already defined at {place}"));
                } else {
                    defined.insert(name, (loaded.path.clone(), line));
                }
            }
        }
    }
    for loaded in &spec.catalogs {
        for clause in &loaded.catalog.clauses {
            for target in &clause.see_also {
                if spec.clause(target).is_none() {
                    problems.push(Problem {
                        path: loaded.path.clone(),
                        line: find_id_line(&loaded.text, &clause.id),
                        message: format!(
                            "clause '{}' has see_also '{target}', which is no clause",
                            clause.id
                        ),
                    });
                }
            }
        }
    }

    let mut case_ids: BTreeMap<&str, (PathBuf, Option<usize>)> = BTreeMap::new();
    let mut seen: BTreeMap<(&std::path::Path, &str), usize> = BTreeMap::new();
    for (file, case) in suite.cases() {
        let line = next_id_line(&mut seen, (&file.path, &case.id), &file.text, &case.id);
        let mut problem = reporter(&mut problems, &file.path, line);
        if !is_case_id(&case.id) {
            problem(format!(
                "case id '{}' is malformed (expected lowercase slug segments separated by dots, \
                 like 'russian.capture.promotes-mid-capture')",
                case.id
            ));
        }
        match case_ids.get(case.id.as_str()) {
            Some((path, first)) => {
                let place = match first {
                    Some(l) => format!("{}:{l}", path.display()),
                    None => path.display().to_string(),
                };
                problem(format!("case id '{}' is already used at {place}", case.id));
            }
            None => {
                case_ids.insert(&case.id, (file.path.clone(), line));
            }
        }
        if case.clauses.is_empty() {
            problem(format!("case '{}' cites no clause", case.id));
        }
        for id in &case.clauses {
            let Some(clause) = spec.clause(id) else {
                problem(format!(
                    "case '{}' cites clause '{id}', which is not in the catalog",
                    case.id
                ));
                continue;
            };
            if !clause.executable {
                problem(format!(
                    "case '{}' cites clause '{id}', which is not executable",
                    case.id
                ));
            }
            // A case that runs under several rulesets may cite clauses of each: under a
            // ruleset it exercises the cited clauses that apply there. So every cited
            // clause must apply to at least one of the case's rulesets...
            if !case.rulesets.iter().any(|r| clause.applies_to(r)) {
                let applies: Vec<String> = clause.rulesets.iter().map(|r| r.to_string()).collect();
                let runs: Vec<String> = case.rulesets.iter().map(|r| r.to_string()).collect();
                problem(format!(
                    "case '{}' runs under [{}], but clause '{id}' applies only to [{}]",
                    case.id,
                    runs.join(", "),
                    applies.join(", ")
                ));
            }
        }
        // ... and under every ruleset of the case at least one cited clause applies.
        for ruleset in &case.rulesets {
            let cited: Vec<_> = case
                .clauses
                .iter()
                .filter_map(|id| spec.clause(id))
                .collect();
            if !cited.is_empty() && !cited.iter().any(|c| c.applies_to(ruleset)) {
                problem(format!(
                    "case '{}' runs under {ruleset}, but none of its clauses applies to {ruleset}",
                    case.id
                ));
            }
        }
        if let Some(crate::case::Rejected {
            stage: crate::case::Stage::Step(n),
            ..
        }) = &case.expect.rejected
        {
            let count = case.steps.as_ref().map_or(0, Vec::len);
            if *n > count {
                problem(format!(
                    "case '{}' expects step {n} to be refused, but has {count} step(s)",
                    case.id
                ));
            }
        }
        if let Some(clock) = &case.clock {
            for ruleset in &case.rulesets {
                if let Err(e) = crate::clock::controls().require(ruleset.game, &clock.control) {
                    problem(format!("case '{}': clock.control: {e}", case.id));
                }
            }
        } else if let Some((n, step)) = case
            .steps
            .iter()
            .flatten()
            .enumerate()
            .find(|(_, s)| s.needs_clock())
        {
            problem(format!(
                "case '{}': step {} ({step}) needs a clock: give the case a `clock:` key \
                 naming the time control",
                case.id,
                n + 1
            ));
        }
        let e = &case.expect;
        if case.tournament.is_none() && (e.standings.is_some() || e.colours.is_some()) {
            problem(format!(
                "case '{}' expects standings or colours without a `tournament:` to score",
                case.id
            ));
        }
        if case.tournament.is_some()
            && (case.position.is_some()
                || !case.moves.is_empty()
                || case.steps.is_some()
                || case.clock.is_some()
                || crate::case::Expect {
                    standings: None,
                    colours: None,
                    rejected: None,
                    ..e.clone()
                } != crate::case::Expect::default())
        {
            problem(format!(
                "case '{}' has a `tournament:`: it has no position, moves, steps or clock and \
                 expects only standings, colours or rejected",
                case.id
            ));
        }
        if case.expect.is_empty() {
            problem(format!("case '{}' expects nothing", case.id));
        } else if case.expect.rejected.is_some() && case.expect.has_position_expectations() {
            problem(format!(
                "case '{}' combines `rejected` with expectations about the position reached",
                case.id
            ));
        }
    }
    lint_editions(spec, crate::edition::registry(), &mut problems);
    lint_controls(spec, crate::clock::controls(), &mut problems);
    problems.sort();
    problems
}

/// Every clause a time control names exists and applies to one of its games (checked for
/// the documents among the catalogs linted; shipped controls only with the `spec/` beside
/// them, as editions).
fn lint_controls(spec: &Spec, controls: &crate::clock::Controls, problems: &mut Vec<Problem>) {
    for loaded in controls.all() {
        if !checks_data(spec, crate::clock::control::BUILTIN_FILES, &loaded.path) {
            continue;
        }
        let control = &loaded.control;
        for id in control.clause_ids() {
            if !document_linted(spec, id) {
                continue;
            }
            let message = match spec.clause(id) {
                None => format!(
                    "time control '{}' names clause '{id}', which is not in the catalog",
                    control.id
                ),
                Some(c)
                    if !loaded
                        .games
                        .iter()
                        .any(|g| c.applies_to(&crate::Ruleset::default_for(*g))) =>
                {
                    format!(
                        "time control '{}' names clause '{id}', which applies to none of its games",
                        control.id
                    )
                }
                Some(_) => continue,
            };
            problems.push(Problem {
                path: loaded.path.clone(),
                line: None,
                message,
            });
        }
    }
}

/// Whether a data file (an edition or a time control) is linted with these catalogs: a
/// shipped one (among `builtin`: `spec/editions/…`, `spec/controls/…`) only with the
/// catalogs of the `spec/` directory beside it (not with other catalogs, such as test
/// fixtures); one installed from elsewhere always.
fn checks_data(spec: &Spec, builtin: &[(&str, &str)], data_path: &std::path::Path) -> bool {
    let shipped = builtin
        .iter()
        .any(|(p, _)| std::path::Path::new(p) == data_path);
    !shipped || spec_beside(spec, data_path)
}

/// Whether clause `id` is in one of the documents being linted: a data file's clause ids
/// are checked only against those.
fn document_linted(spec: &Spec, id: &str) -> bool {
    let prefix = id.split('.').next().unwrap_or("");
    spec.catalogs
        .iter()
        .any(|c| document_prefix(&c.catalog.document.id) == Some(prefix))
}

/// Whether the catalogs linted are those of the `spec/` directory holding a shipped data
/// file (`spec/editions/…`, `spec/controls/…`).
fn spec_beside(spec: &Spec, data_path: &std::path::Path) -> bool {
    let Some(dir) = data_path.parent().and_then(|p| p.parent()) else {
        return false;
    };
    let Ok(dir) = dir.canonicalize() else {
        return false;
    };
    spec.catalogs.iter().any(|c| {
        c.path
            .parent()
            .and_then(|p| p.canonicalize().ok())
            .is_some_and(|p| p == dir)
    })
}

/// Every clause an edition names exists and applies to that edition (checked for the
/// documents among the catalogs linted).
fn lint_editions(spec: &Spec, registry: &crate::edition::Registry, problems: &mut Vec<Problem>) {
    for edition in registry.editions() {
        let text = registry
            .files()
            .iter()
            .rev()
            .find(|f| f.path == edition.path)
            .map(|f| f.text.as_str())
            .unwrap_or("");
        let ruleset = crate::Ruleset {
            game: edition.game,
            edition: edition.id.clone(),
        };
        if !checks_data(spec, crate::edition::BUILTIN_FILES, &edition.path) {
            continue;
        }
        for id in edition.clause_ids() {
            if !document_linted(spec, id) {
                continue;
            }
            let message = match spec.clause(id) {
                None => {
                    format!("edition {ruleset} names clause '{id}', which is not in the catalog")
                }
                Some(c) if !c.applies_to(&ruleset) => {
                    let applies: Vec<String> = c.rulesets.iter().map(|r| r.to_string()).collect();
                    format!(
                        "edition {ruleset} names clause '{id}', which applies only to [{}]",
                        applies.join(", ")
                    )
                }
                Some(_) => continue,
            };
            problems.push(Problem {
                path: edition.path.clone(),
                line: find_id_line(text, &edition.id),
                message,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edition::Registry;
    use std::path::Path;

    #[test]
    fn edition_clauses_must_exist_and_apply() {
        let spec = Spec {
            catalogs: vec![crate::spec::LoadedCatalog {
                path: "d.yaml".into(),
                text: String::new(),
                catalog: crate::spec::Catalog::from_yaml(
                    "document: {id: draughts64, title: t, source: s, language: zh}\nclauses:\n  - {id: d64.draw-offer.after-twenty-moves, source: s, rulesets: [brazilian], kind: draw-offer, executable: true, statement: s}\n",
                )
                .unwrap(),
            }],
        };
        let mut registry = Registry::default();
        registry
            .add_text(
                Path::new("club.yaml"),
                "game: russian\neditions:\n  - id: club\n    default: true\n    title: t\n    source: s\n    draws:\n      - {rule: kings-only, clause: d64.draw.nowhere, mode: claim, moves: 10}\n    draw_offer: {clause: d64.draw-offer.after-twenty-moves, min_own_moves: 5, reoffer: after-opponent-offer}\n",
            )
            .unwrap();
        let mut problems = Vec::new();
        lint_editions(&spec, &registry, &mut problems);
        let text: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
        assert_eq!(
            text,
            [
                "club.yaml:3: edition russian@club names clause 'd64.draw.nowhere', which is not in the catalog",
                "club.yaml:3: edition russian@club names clause 'd64.draw-offer.after-twenty-moves', which applies only to [brazilian]",
            ]
        );
    }
}
