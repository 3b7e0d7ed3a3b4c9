//! [`MoveRules`]: the movement and check rules a [`Position`](super::Position) carries, as
//! a value.
//!
//! A position made from a FEN or the start carries the rules of xiangqi
//! ([`MoveRules::STANDARD`]); the positions reached from it by moves inherit them. A mutant
//! of the reference is another value ([`MoveRules::mutated`]) handed to the positions it
//! makes ([`Position::with_move_rules`](super::Position::with_move_rules)), never a switch
//! the generator reads.

/// The movement and check rules of xiangqi: one switch per clause.
///
/// ```
/// use arbiter::xiangqi::{MoveRules, Position};
///
/// // A horse on b0 whose leg (b1) is blocked by its own chariot's neighbour.
/// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/1C7/1N2K4 w - - 0 1").unwrap();
/// let horse = |p: &Position| p.legal_moves().iter().filter(|m| m.from.to_string() == "b0").count();
/// assert_eq!(horse(&pos), 1); // b0d1: the leg b1 of b0a2 and b0c2 is taken
/// let free = pos.with_move_rules(MoveRules { horse_leg_blocks: false, ..MoveRules::STANDARD });
/// assert_eq!(horse(&free), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveRules {
    /// A piece on the horse's leg blocks it, for moves and checks (xq.move.horse-leg).
    pub horse_leg_blocks: bool,
    /// A piece on the elephant's eye blocks it (xq.move.elephant-eye).
    pub elephant_eye_blocks: bool,
    /// The elephant stays on its own side of the river (xq.move.elephant-river).
    pub elephant_stays_home: bool,
    /// A soldier moves sideways before crossing the river (false: xq.move.soldier-before-river).
    pub soldier_sideways_before_river: bool,
    /// A soldier moves sideways once across the river, and so attacks sideways there
    /// (xq.move.soldier-after-river).
    pub soldier_sideways_after_river: bool,
    /// The general stays in its palace (xq.move.general-palace).
    pub general_confined: bool,
    /// The advisor stays in its palace (xq.move.advisor-palace).
    pub advisor_confined: bool,
    /// The advisor steps diagonally (xq.move.advisor-diagonal); orthogonally if false.
    pub advisor_diagonal: bool,
    /// The generals may not face each other on an open file (xq.move.flying-general).
    pub generals_may_not_face: bool,
    /// No move may leave the mover's own general attacked (xq.check.no-self-exposure).
    pub no_self_exposure: bool,
    /// A side in check must answer it (xq.check.must-answer).
    pub check_must_be_answered: bool,
    /// The cannon captures only over a screen, for moves and checks (xq.capture.cannon-screen).
    pub cannon_needs_screen: bool,
    /// Without capturing, the cannon may jump a screen to the empty points beyond (false:
    /// xq.move.cannon).
    pub cannon_jumps: bool,
    /// Without capturing, the chariot may jump a piece to the empty points beyond (false:
    /// xq.move.chariot).
    pub chariot_jumps: bool,
}

impl MoveRules {
    /// The rules of xiangqi.
    pub const STANDARD: MoveRules = MoveRules {
        horse_leg_blocks: true,
        elephant_eye_blocks: true,
        elephant_stays_home: true,
        soldier_sideways_before_river: false,
        soldier_sideways_after_river: true,
        general_confined: true,
        advisor_confined: true,
        advisor_diagonal: true,
        generals_may_not_face: true,
        no_self_exposure: true,
        check_must_be_answered: true,
        cannon_needs_screen: true,
        cannon_jumps: false,
        chariot_jumps: false,
    };
}

impl Default for MoveRules {
    fn default() -> MoveRules {
        MoveRules::STANDARD
    }
}
