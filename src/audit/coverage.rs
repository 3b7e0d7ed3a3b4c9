//! Which executable clauses have cases.

use crate::case::Suite;
use crate::spec::{Kind, Spec};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

/// Executable clauses and how many of them have at least one case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CoverageRow {
    /// The document id, the kind, or `total`.
    pub name: String,
    /// Executable clauses.
    pub executable: usize,
    /// Executable clauses cited by at least one case.
    pub covered: usize,
    /// Clauses that are not executable (not counted as uncovered).
    pub not_executable: usize,
}

impl CoverageRow {
    fn new(name: &str) -> CoverageRow {
        CoverageRow {
            name: name.to_owned(),
            executable: 0,
            covered: 0,
            not_executable: 0,
        }
    }

    /// Covered executable clauses in percent (100 when there are none).
    pub fn percent(&self) -> f64 {
        if self.executable == 0 {
            100.0
        } else {
            100.0 * self.covered as f64 / self.executable as f64
        }
    }
}

/// Coverage of the catalog by the cases: per document, per kind, in total, and the ids of
/// the executable clauses without a case.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// One row per document.
    pub documents: Vec<CoverageRow>,
    /// One row per kind that has clauses.
    pub kinds: Vec<CoverageRow>,
    /// All clauses.
    pub total: CoverageRow,
    /// Executable clauses that no case cites, by document order.
    pub uncovered: Vec<String>,
}

impl Coverage {
    /// Computes the coverage. A case citing a clause by a former id (alias) counts for it.
    pub fn compute(spec: &Spec, suite: &Suite) -> Coverage {
        let cited: BTreeSet<&str> = suite
            .cases()
            .flat_map(|(_, case)| case.clauses.iter())
            .filter_map(|id| spec.clause(id))
            .map(|c| c.id.as_str())
            .collect();
        let mut documents = Vec::new();
        let mut kinds: BTreeMap<Kind, CoverageRow> = BTreeMap::new();
        let mut total = CoverageRow::new("total");
        let mut uncovered = Vec::new();
        for loaded in &spec.catalogs {
            let mut row = CoverageRow::new(&loaded.catalog.document.id);
            for clause in &loaded.catalog.clauses {
                let kind = kinds
                    .entry(clause.kind)
                    .or_insert_with(|| CoverageRow::new(clause.kind.name()));
                for r in [&mut row, kind, &mut total] {
                    if !clause.executable {
                        r.not_executable += 1;
                    } else {
                        r.executable += 1;
                        if cited.contains(clause.id.as_str()) {
                            r.covered += 1;
                        }
                    }
                }
                if clause.executable && !cited.contains(clause.id.as_str()) {
                    uncovered.push(clause.id.clone());
                }
            }
            documents.push(row);
        }
        Coverage {
            documents,
            kinds: kinds.into_values().collect(),
            total,
            uncovered,
        }
    }

    /// The coverage as text tables followed by the uncovered clause ids.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let table = |out: &mut String, title: &str, rows: &[&CoverageRow]| {
            let width = rows
                .iter()
                .map(|r| r.name.len())
                .max()
                .unwrap_or(0)
                .max(title.len());
            let _ = writeln!(
                out,
                "{title:<width$}  executable  covered  uncovered  percent  not executable"
            );
            for r in rows {
                let _ = writeln!(
                    out,
                    "{:<width$}  {:>10}  {:>7}  {:>9}  {:>6.1}%  {:>14}",
                    r.name,
                    r.executable,
                    r.covered,
                    r.executable - r.covered,
                    r.percent(),
                    r.not_executable
                );
            }
        };
        let mut docs: Vec<&CoverageRow> = self.documents.iter().collect();
        docs.push(&self.total);
        table(&mut out, "document", &docs);
        out.push('\n');
        let kinds: Vec<&CoverageRow> = self.kinds.iter().collect();
        table(&mut out, "kind", &kinds);
        out.push('\n');
        if self.uncovered.is_empty() {
            out.push_str("every executable clause has a case\n");
        } else {
            let _ = writeln!(
                out,
                "executable clauses without a case ({}):",
                self.uncovered.len()
            );
            for id in &self.uncovered {
                let _ = writeln!(out, "  {id}");
            }
        }
        out
    }
}
