//! [`SessionRules`]: the procedure rules of a game as one value, what a [`Session`](super::Session) applies:
//! touch-move, the game's [`Policy`], the corrections of errors and adjournment.
//!
//! They are built as written by [`SessionRules::of`]; a mutant of the reference alters a
//! copy (the rule book's transforms, `rulebook::RuleBook::mutated`), and the session built
//! from it applies the altered rule.
//!

use super::correct::CorrectionRules;
use super::policy::Policy;
use crate::procedure::adjourn::AdjournRules;
use crate::procedure::touch::TouchRules;
use crate::Game;

/// The procedure rules of one game.
///
/// ```
/// use arbiter::procedure::{OfferAfterPress, SessionRules};
/// use arbiter::Game;
///
/// let rules = SessionRules::of(Game::Russian);
/// assert!(!rules.touch.opponent_binds); // art. 5.8
/// assert_eq!(rules.policy.offer_after_press, OfferAfterPress::Void); // art. 12.4
/// assert!(rules.corrections.setup_error_before_any_move);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRules {
    /// Touch-move.
    pub touch: TouchRules,
    /// How the game's procedures differ from the other games'.
    pub policy: Policy,
    /// How the errors the arbiter finds are corrected.
    pub corrections: CorrectionRules,
    /// Adjournment and resumption.
    pub adjourn: AdjournRules,
}

impl SessionRules {
    /// The procedure rules of a game as written.
    pub fn of(game: Game) -> SessionRules {
        SessionRules {
            touch: *TouchRules::of(game),
            policy: Policy::of(game),
            corrections: CorrectionRules::RULES,
            adjourn: AdjournRules::of(game),
        }
    }
}
