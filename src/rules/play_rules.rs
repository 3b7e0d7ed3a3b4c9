//! [`PlayRules`]: the rules of play of a ruleset as one value, what the rules adapters
//! ([`crate::rules_of`]) and the session's board and judge apply: how the pieces move and
//! capture, how the endings the position decides are scored, the draw rules with their
//! counting, the repetition readings and the draw claims and offers.

use super::MoveRules;
use crate::draughts::endings::Counting;
use crate::edition::Edition;
use crate::outcome::EndingScores;
use crate::xiangqi::endings::XiangqiCounting;
use crate::xiangqi::repetition::RepetitionRules;
use crate::Ruleset;
use std::borrow::Cow;

/// The rules of play of one ruleset.
///
/// ```
/// use arbiter::outcome::EndingScores;
/// use arbiter::rules::{MoveRules, PlayRules};
///
/// let play = PlayRules::of(&"xiangqi".parse().unwrap());
/// assert_eq!(play.moves, MoveRules::of(arbiter::Game::Xiangqi));
/// assert_eq!(play.endings, EndingScores::RULES);
/// assert_eq!(play.repetition.map(|r| r.cycles_for_verdict), Some(3));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct PlayRules {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// How the pieces move and capture.
    pub moves: MoveRules,
    /// The edition: its draw rules (counts, modes, readings) and its draw-offer rule.
    pub edition: Cow<'static, Edition>,
    /// How the endings the position decides (no legal move, checkmate, stalemate) score.
    pub endings: EndingScores,
    /// Draughts: what resets the draw counters and what makes two positions the same.
    pub counting: Counting,
    /// Xiangqi: what resets the 60-move count.
    pub sixty_move: XiangqiCounting,
    /// Xiangqi: the readings of the repetition verdict (棋例); `None` for draughts.
    pub repetition: Option<RepetitionRules>,
    /// Whether the arbiter verifies a draw claim, upholding it only when the count is
    /// reached (`d64.end.draw-claim-verified`).
    pub claims_verified: bool,
}

impl PlayRules {
    /// The rules of play of a ruleset as written.
    pub fn of(ruleset: &Ruleset) -> PlayRules {
        PlayRules {
            ruleset: ruleset.clone(),
            moves: MoveRules::of(ruleset.game),
            edition: Cow::Borrowed(ruleset.edition()),
            endings: EndingScores::RULES,
            counting: Counting::RULES,
            sixty_move: XiangqiCounting::RULES,
            repetition: RepetitionRules::for_ruleset(ruleset),
            claims_verified: true,
        }
    }
}
