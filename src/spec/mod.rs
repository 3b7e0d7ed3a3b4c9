//! The clause catalog: every clause of each source rulebook as data (`spec/*.yaml`).
//!
//! A catalog file holds one [`Document`] and its [`Clause`]s. [`load_catalogs`] reads every
//! `*.yaml` file of a directory and reports every malformed file at once, each error naming
//! the file, line, column and field. [`lint`](crate::spec::lint()) checks a catalog and a set
//! of cases against each other, [`Coverage`] tells which executable clauses have cases.
//!
//! ```
//! use arbiter::spec::{Catalog, Kind};
//!
//! let catalog = Catalog::from_yaml(r#"
//! document: {id: draughts64, title: "Rules", source: seeds/d.txt, language: zh}
//! clauses:
//!   - id: d64.capture.compulsory
//!     source: "art. 6.2"
//!     rulesets: [brazilian, russian]
//!     kind: capture
//!     executable: true
//!     statement: "Capturing is compulsory."
//! "#).unwrap();
//! assert_eq!(catalog.clauses[0].kind, Kind::Capture);
//! assert!(catalog.clauses[0].applies_to(&"russian@fmjd64".parse().unwrap()));
//! ```

mod coverage;
mod lint;
pub(crate) mod load;
mod model;

pub use coverage::{Coverage, CoverageRow};
pub use lint::{lint, Problem};
pub(crate) use load::is_slug_segment;
pub use load::{
    find_id_line, find_id_line_nth, is_clause_id, load_catalogs, yaml_files, LoadError, LoadErrors,
    LoadedCatalog, Spec,
};
pub use model::{Catalog, Clause, Document, Kind, RulesetPattern};
