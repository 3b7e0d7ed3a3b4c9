//! Endings of a draughts game with its history (art. 12; FMJD-64 7.2.3–7.2.8): the losses
//! decided by the position, and the draw rules of the edition — threefold repetition, the
//! kings-only count and the endgame counts — with their counters.
//!
//! All counters are in plies. A rule's "N moves" (one move by each side) is 2N plies. The
//! counts run from the position the history starts at: a FEN carries no counters, so a
//! material balance present in the starting position is counted as arising there.
//!
//! - `kings-only`: consecutive plies that moved a king without capturing; any man move or
//!   capture resets it to 0.
//! - The endgame counts (`small-ending`, `three-kings-vs-king`, `equal-balance`,
//!   `three-vs-king`, `long-diagonal` counted from the balance): plies since the material
//!   balance (men and kings of each side) last changed — a capture or a promotion resets it;
//!   a man move that does not promote does not. The counter is shown while the rule's
//!   material configuration holds.
//! - `long-diagonal` counted from the diagonal: plies since the lone king has stood on the
//!   long diagonal a1–h8 with that balance; leaving the diagonal resets it.
//! - `threefold`: occurrences of the current position (pieces and side to move) in the game.
//!
//! ```
//! use arbiter::draughts::{endings::DraughtsEndings, Position, Variant};
//! use arbiter::Ruleset;
//!
//! let ruleset: Ruleset = "brazilian".parse().unwrap();
//! let start = Position::from_fen("W:WKc1:BKh8", Variant::Brazilian).unwrap();
//! let mut game = DraughtsEndings::new(&ruleset, start);
//! game.push_text("c1-d2").unwrap();
//! assert_eq!(game.kings_only_plies(), 1);
//! ```

use super::notation::MoveError;
use super::{Bitboard, Move, Position, Square};
use crate::edition::{DiagonalCount, DrawKind, Edition};
use crate::outcome::{assemble, Ending, EndingScores, Outcome, RuleState};
use crate::Ruleset;
use crate::Side;
use std::borrow::Cow;

/// The squares of the long diagonal a1–h8 (the "main road"), from the board geometry: the
/// dark squares whose file equals their rank (29, 25, 22, 18, 15, 11, 8, 4).
pub fn long_diagonal() -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|s| s.file() == s.rank())
        .collect()
}

/// Men and kings of each side: the material balance.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Balance {
    /// White men.
    pub white_men: u32,
    /// White kings.
    pub white_kings: u32,
    /// Black men.
    pub black_men: u32,
    /// Black kings.
    pub black_kings: u32,
}

impl Balance {
    /// The balance of a position.
    pub fn of(pos: &Position) -> Balance {
        let count = |c: Side, kings: bool| {
            let own = pos.pieces(c);
            let k = own & pos.kings();
            if kings {
                k.count()
            } else {
                own.count() - k.count()
            }
        };
        Balance {
            white_men: count(Side::First, false),
            white_kings: count(Side::First, true),
            black_men: count(Side::Second, false),
            black_kings: count(Side::Second, true),
        }
    }

    fn side(&self, c: Side) -> (u32, u32) {
        match c {
            Side::First => (self.white_men, self.white_kings),
            Side::Second => (self.black_men, self.black_kings),
        }
    }

    /// Pieces on the board, both sides.
    pub fn total(&self) -> u32 {
        self.white_men + self.white_kings + self.black_men + self.black_kings
    }

    /// The side that has a lone king (one piece, a king) against a stronger side meeting
    /// `strong(men, kings)`.
    fn lone_king_against(&self, strong: impl Fn(u32, u32) -> bool) -> Option<Side> {
        [Side::First, Side::Second].into_iter().find(|&c| {
            let (m, k) = self.side(c);
            let (om, ok) = self.side(c.other());
            m == 0 && k == 1 && strong(om, ok)
        })
    }

    /// Two kings, king + man, or a king against a lone king (art. 12.3.4.2, FMJD-64 7.2.8).
    pub fn is_small_ending(&self) -> bool {
        self.lone_king_against(|m, k| matches!((m, k), (0, 2) | (1, 1) | (0, 1)))
            .is_some()
    }

    /// Three or more kings against a lone king (FMJD-64 7.2.4).
    pub fn is_three_kings_vs_king(&self) -> bool {
        self.lone_king_against(|_, k| k >= 3).is_some()
    }

    /// Three pieces, at least one a king, against a lone king (FMJD-64 7.2.7, FMJD 16
    /// moves); the side with the lone king.
    pub fn three_vs_king(&self) -> Option<Side> {
        self.lone_king_against(|m, k| k >= 1 && m + k == 3)
    }

    /// Both sides have kings and the pieces number `lo..=hi` (FMJD-64 7.2.6).
    pub fn is_equal_balance(&self, lo: u32, hi: u32) -> bool {
        self.white_kings >= 1 && self.black_kings >= 1 && (lo..=hi).contains(&self.total())
    }
}

/// What resets the draw counters and what makes two positions the same: the counting rules
/// of art. 12 and FMJD-64 7.2 listed in the module documentation. [`Counting::RULES`] is
/// theirs; a mutant of the reference alters one in the rules of play it is given
/// (`crate::rules::PlayRules`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Counting {
    /// A man move resets the kings-only count.
    pub man_move_resets_kings_only: bool,
    /// A capture resets the kings-only count.
    pub capture_resets_kings_only: bool,
    /// The endgame counts run from the last change of men and kings of each side (a
    /// promotion changes it); otherwise from the last change of the number of pieces.
    pub promotion_resets_balance: bool,
    /// A man move resets the endgame counts.
    pub man_move_resets_balance: bool,
    /// The lone king leaving the long diagonal resets the diagonal count.
    pub leaving_diagonal_resets: bool,
    /// A long-diagonal count run from the balance draws only with the lone king on the
    /// diagonal when it reaches its limit.
    pub diagonal_checked_at_limit: bool,
    /// Two positions are the same only with the same side to move.
    pub side_to_move_in_identity: bool,
}

impl Counting {
    /// The rules' counting.
    pub const RULES: Counting = Counting {
        man_move_resets_kings_only: true,
        capture_resets_kings_only: true,
        promotion_resets_balance: true,
        man_move_resets_balance: false,
        leaving_diagonal_resets: true,
        diagonal_checked_at_limit: true,
        side_to_move_in_identity: true,
    };
}

/// A draughts game from a starting position: its positions and the draw counters, updated
/// move by move.
#[derive(Debug, Clone)]
pub struct DraughtsEndings {
    edition: Cow<'static, Edition>,
    counting: Counting,
    scores: EndingScores,
    positions: Vec<Position>,
    kings_only: u32,
    balance_age: u32,
    diagonal_age: u32,
}

impl DraughtsEndings {
    /// A game starting at `start` under the edition of `ruleset`, as written.
    pub fn new(ruleset: &Ruleset, start: Position) -> DraughtsEndings {
        let edition = Cow::Borrowed(ruleset.edition());
        DraughtsEndings::under(edition, Counting::RULES, EndingScores::RULES, start)
    }

    /// A game starting at `start` under the given draw rules (`edition`: its draw rules),
    /// `counting` and `scores` of the endings the position decides.
    pub fn under(
        edition: Cow<'static, Edition>,
        counting: Counting,
        scores: EndingScores,
        start: Position,
    ) -> DraughtsEndings {
        DraughtsEndings {
            edition,
            counting,
            scores,
            positions: vec![start],
            kings_only: 0,
            balance_age: 0,
            diagonal_age: 0,
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!())
    }

    /// Moves played so far.
    pub fn plies(&self) -> usize {
        self.positions.len() - 1
    }

    /// Plays a legal move and updates the counters.
    pub fn push(&mut self, mv: &Move) {
        let before = *self.position();
        let after = before.play_unchecked(mv);
        let c = self.counting;
        let king_move = before.kings().contains(mv.from());
        let resets_kings_only = (!king_move && c.man_move_resets_kings_only)
            || (mv.is_capture() && c.capture_resets_kings_only);
        self.kings_only = if resets_kings_only {
            0
        } else {
            self.kings_only + 1
        };
        let (b, a) = (Balance::of(&before), Balance::of(&after));
        let same_balance = if c.promotion_resets_balance {
            b == a
        } else {
            b.total() == a.total()
        } && (king_move || !c.man_move_resets_balance);
        self.balance_age = if same_balance {
            self.balance_age + 1
        } else {
            0
        };
        let stays_on_diagonal =
            (on_diagonal(&before) && on_diagonal(&after)) || !c.leaving_diagonal_resets;
        self.diagonal_age = if same_balance && stays_on_diagonal {
            self.diagonal_age + 1
        } else {
            0
        };
        self.positions.push(after);
    }

    /// Reads a move in any notation, plays it and updates the counters.
    pub fn push_text(&mut self, text: &str) -> Result<(), MoveError> {
        let mv = self.position().parse_move(text)?;
        self.push(&mv);
        Ok(())
    }

    /// Consecutive plies of king moves without capture.
    pub fn kings_only_plies(&self) -> u32 {
        self.kings_only
    }

    /// Plies since the material balance last changed.
    pub fn balance_plies(&self) -> u32 {
        self.balance_age
    }

    /// Plies the lone king of a three-against-one ending has stood on the long diagonal.
    pub fn diagonal_plies(&self) -> u32 {
        self.diagonal_age
    }

    /// How many times the current position has occurred (same pieces, same side to move).
    pub fn occurrences(&self) -> u32 {
        let now = self.position();
        let same = |p: &Position| {
            if self.counting.side_to_move_in_identity {
                p == now
            } else {
                let (a, b) = (p.setup(), now.setup());
                (a.white, a.black, a.kings) == (b.white, b.black, b.kings)
            }
        };
        self.positions.iter().filter(|p| same(p)).count() as u32
    }

    /// The state of each draw rule of the edition now.
    pub(crate) fn rule_states(&self) -> Vec<RuleState<'_>> {
        let pos = self.position();
        let balance = Balance::of(pos);
        let mut states: Vec<RuleState<'_>> = Vec::new();
        for rule in &self.edition.draws {
            let value = match rule.rule {
                DrawKind::Threefold => Some(self.occurrences()),
                DrawKind::KingsOnly => Some(self.kings_only),
                DrawKind::SmallEnding => balance.is_small_ending().then_some(self.balance_age),
                DrawKind::ThreeKingsVsKing => {
                    balance.is_three_kings_vs_king().then_some(self.balance_age)
                }
                DrawKind::EqualBalance => {
                    let [lo, hi] = rule.pieces.unwrap_or([0, 0]);
                    balance.is_equal_balance(lo, hi).then_some(self.balance_age)
                }
                DrawKind::ThreeVsKing => balance.three_vs_king().map(|_| self.balance_age),
                DrawKind::LongDiagonal => match rule.count_from {
                    Some(DiagonalCount::Diagonal) => on_diagonal(pos).then_some(self.diagonal_age),
                    _ => balance.three_vs_king().map(|_| self.balance_age),
                },
                DrawKind::SixtyMove | DrawKind::Repetition => None,
            };
            let mut state = RuleState::counted(rule, value);
            if rule.rule == DrawKind::LongDiagonal
                && rule.count_from == Some(DiagonalCount::Balance)
                && self.counting.diagonal_checked_at_limit
                && state.met
                && !on_diagonal(pos)
            {
                state.met = false;
                state.blocked =
                    Some("the lone king does not stand on the long diagonal a1-h8".to_owned());
            }
            states.push(state);
        }
        // A rule suspended while another rule's condition holds (FMJD-64 7.2.5 inside 7.2.6).
        let holding: Vec<DrawKind> = states
            .iter()
            .filter(|s| s.value.is_some() && s.rule.rule != DrawKind::KingsOnly)
            .map(|s| s.rule.rule)
            .collect();
        for s in &mut states {
            if let Some(k) = s.rule.suspended_in.iter().find(|k| holding.contains(k)) {
                if s.met {
                    s.met = false;
                    s.blocked = Some(format!(
                        "the {} rule does not apply while the {k} count runs",
                        s.rule.rule
                    ));
                }
            }
        }
        states
    }

    /// The game these endings are of.
    pub fn game(&self) -> crate::Game {
        self.edition.game
    }

    /// The ending now: a loss decided by the position, an automatic draw of the edition,
    /// or the claims valid now; with the counters.
    pub fn outcome(&self) -> Ending {
        assemble(
            position_outcome(self.position(), &self.scores),
            &self.rule_states(),
            false,
        )
    }
}

/// The ending the position alone decides: a side without pieces, or without a legal move,
/// loses, unless `scores` score a side without a legal move otherwise.
pub fn position_outcome(pos: &Position, scores: &EndingScores) -> Option<Outcome> {
    scores.rescore(pos.outcome()?)
}

/// Whether the position is three pieces (one a king) against a lone king standing on the
/// long diagonal.
fn on_diagonal(pos: &Position) -> bool {
    Balance::of(pos)
        .three_vs_king()
        .is_some_and(|lone| (pos.pieces(lone) & long_diagonal()).count() == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_long_diagonal_runs_from_a1_to_h8() {
        let squares: Vec<u8> = long_diagonal().into_iter().map(|s| s.number()).collect();
        assert_eq!(squares, vec![4, 8, 11, 15, 18, 22, 25, 29]);
        let names: Vec<String> = long_diagonal().into_iter().map(|s| s.algebraic()).collect();
        assert!(names.contains(&"a1".to_owned()) && names.contains(&"h8".to_owned()));
    }

    #[test]
    fn material_classes() {
        let b = |fen: &str| {
            Balance::of(&Position::from_fen(fen, super::super::Variant::Russian).unwrap())
        };
        assert!(b("W:WK1,K2:BK32").is_small_ending());
        assert!(b("W:WK1,9:BK32").is_small_ending());
        assert!(b("W:WK1:BK32").is_small_ending());
        assert!(!b("W:W9:BK32").is_small_ending()); // a man alone is not in the class
        assert!(!b("W:WK1,K2,K3:BK32").is_small_ending());
        assert!(b("W:WK1,K2,K3:BK32").is_three_kings_vs_king());
        assert!(!b("W:WK1,K2,9:BK32").is_three_kings_vs_king());
        assert_eq!(b("W:WK1,9,10:BK32").three_vs_king(), Some(Side::Second));
        assert_eq!(b("W:W9,10,11:BK32").three_vs_king(), None); // no king
        assert!(b("W:WK1,9:BK32,K31").is_equal_balance(4, 5));
        assert!(!b("W:W5,9:BK32,K31").is_equal_balance(4, 5)); // white has no king
    }
}
