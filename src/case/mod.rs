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

mod adjourn;
mod check;
mod clock;
mod difference;
mod endings;
mod load;
mod model;
mod moves;
mod repetition;
mod result;
mod rounds;
mod run;
mod select;
mod session;
mod sides;
mod standings;
mod steps;

pub use crate::protocol::SquareText;
pub use crate::protocol::{Stage, Step};
pub use adjourn::{AdjournmentExpect, EnvelopeExpect, ObjectionExpect};
pub use clock::{CaseClock, ClockExpect, FlagExpect, GameClockExpect, LateExpect, SideClockExpect};
pub use difference::{ListedMove, MoveDifference};
pub use load::{
    cases_from_texts, load_cases, shipped_cases, LoadedCaseFile, SharedHistory, Suite,
    HISTORIES_FILE, STAGING_DIR,
};
pub use model::{
    is_case_id, Case, ClaimExpect, CorrectionExpect, CountConvention, DrawOfferExpect, Expect,
    GameResult, OutcomeExpect, PerftExpect, Rejected, RepetitionExpect, RepetitionVerdict,
    SideNatures,
};
pub use result::{CaseResult, Mismatch, Verdict};
pub use rounds::read_rounds;
pub use run::{capture_panics, Runner};
pub use select::{planned_runs, Glob, PlannedRun, Selection};
pub use sides::{BySide, Sided};
pub use standings::{ColourExpect, RowExpect};
pub use steps::{BreachesExpect, OfferExpect, PermittedExpect, ViolationsExpect};

#[cfg(test)]
mod tests;
