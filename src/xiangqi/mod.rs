//! Placeholder until the xiangqi reference lands (scaffolding; replaced by the real module).

use crate::{Rules, Ruleset};

/// The reference rules for a xiangqi ruleset.
pub fn rules(_ruleset: Ruleset) -> Box<dyn Rules> {
    unimplemented!("xiangqi rules are not written yet")
}
