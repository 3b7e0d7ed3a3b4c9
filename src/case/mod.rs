//! Cases: executable scenarios (`cases/**/*.yaml`) and the runner that checks them.
//!
//! A case file is a YAML list of [`Case`]s; [`load_cases`] reads every file under a
//! directory and reports every malformed file at once. [`Runner::run`] checks one case under
//! one ruleset by asking an [`Engine`](crate::engine::Engine), using the reference
//! [`Rules`](crate::Rules) only to read move texts as move identities.
//!
//! ```
//! use arbiter::case::Case;
//!
//! let cases: Vec<Case> = serde_yaml::from_str(r#"
//! - id: russian.start.seven-moves
//!   clauses: [d64.movement.man-forward]
//!   ruleset: russian
//!   expect:
//!     legal_count: 7
//! "#).unwrap();
//! assert_eq!(cases[0].expect.legal_count, Some(7));
//! ```

mod load;
mod model;
mod run;
mod select;
mod session;
mod steps;

pub use load::{load_cases, LoadedCaseFile, Suite};
pub use model::{
    is_case_id, Case, ClaimExpect, CountConvention, DrawOfferExpect, Expect, GameResult,
    OutcomeExpect, PerftExpect, Rejected, RepetitionExpect, RepetitionVerdict, SideNatures, Stage,
};
pub use run::{capture_panics, CaseResult, Mismatch, Runner, Verdict};
pub use select::{planned_runs, Glob, PlannedRun, Selection};
pub use steps::{OfferExpect, PermittedExpect, SquareText, Step, ViolationsExpect};

#[cfg(test)]
mod tests;
