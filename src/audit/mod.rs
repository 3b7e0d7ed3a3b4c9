//! The catalog and the cases checked against each other: [`lint`] finds every broken link
//! between clauses, cases, editions and time controls, and [`Coverage`] tells which
//! executable clauses have cases. It sits above both [`spec`](crate::spec) and
//! [`case`](crate::case), so neither depends on the other through it.

mod coverage;
mod lint;

pub use coverage::{Coverage, CoverageRow};
pub use lint::{lint, Problem};
