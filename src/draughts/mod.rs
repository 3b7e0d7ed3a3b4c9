//! Placeholder until the draughts reference lands (scaffolding; replaced by the real module).

use crate::{Rules, Ruleset};

/// The reference rules for a draughts ruleset.
pub fn rules(_ruleset: Ruleset) -> Box<dyn Rules> {
    unimplemented!("draughts rules are not written yet")
}
