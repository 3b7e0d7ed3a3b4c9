//! The suite checked against the catalog and against itself: [`lint`] finds every broken
//! link between clauses, cases, editions and time controls; [`Coverage`] tells which
//! executable clauses have cases; [`mutants`] scores the suite and the fuzzer against the
//! mutants of the reference. It sits above [`spec`](crate::spec), [`case`](crate::case)
//! and [`fuzz`](crate::fuzz), so none of them depends on another through it.

mod coverage;
mod lint;
pub mod mutants;

pub use coverage::{Coverage, CoverageRow};
pub use lint::{lint, Problem};
