//! The clause catalog: every clause of each source rulebook as data (`spec/*.yaml`).
//!
//! A catalog file holds one [`Document`] and its [`Clause`]s. [`load_catalogs`] reads every
//! `*.yaml` file of a directory and reports every malformed file at once, each error naming
//! the file, line, column and field ([`crate::yaml`]). The catalog and the cases are checked
//! against each other in [`crate::audit`], which sits above both.
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

pub(crate) mod load;
mod model;

pub use load::{
    catalogs_from_texts, is_clause_id, load_catalogs, shipped_catalogs, LoadedCatalog, Spec,
};
pub use model::{Catalog, Clause, Document, Kind, RulesetPattern};
