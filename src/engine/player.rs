//! The reference engine as a player: its answer to the protocol's `go` query
//! ([`best_by_material`]), the permitted move that leaves the mover the best material
//! balance one ply ahead ([`material`]), ties broken by the request's seed. No search: a
//! simple, deterministic opponent for `arbiter play`, and the built-in `greedy` player.
//!
//! ```
//! use arbiter::engine::best_by_material;
//! use arbiter::procedure::Board;
//! use arbiter::Side;
//!
//! // Red's chariot on a0 can take black's chariot on a9.
//! let fen = "r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
//! let board = Board::new(&"xiangqi".parse().unwrap(), Some(fen)).unwrap();
//! let all = board.legal_moves();
//! let best = best_by_material(&board, Side::First, &all, None).unwrap();
//! assert_eq!(best.text, "a0a9");
//! assert_eq!(best.score, 90); // a chariot up
//! ```

use crate::procedure::{Board, Candidate};
use crate::Side;
use crate::{draughts, xiangqi};

/// The move [`best_by_material`] chooses, and the material balance it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MaterialChoice {
    /// The move, canonical text.
    pub text: String,
    /// The mover's material balance after it ([`material`]).
    pub score: i32,
}

/// The move of `permitted` (legal moves of `board`) that leaves `side` the best material
/// balance after it. Ties go to the first in the order given without a seed, else to the
/// one the seed picks (the same seed, the same pick). `None` when `permitted` is empty.
pub fn best_by_material(
    board: &Board,
    side: Side,
    permitted: &[Candidate],
    seed: Option<u64>,
) -> Option<MaterialChoice> {
    let mut best: Vec<&Candidate> = Vec::new();
    let mut best_score = i32::MIN;
    for c in permitted {
        let score = material(&board.play(c), side);
        if score > best_score {
            best_score = score;
            best.clear();
        }
        if score == best_score {
            best.push(c);
        }
    }
    if best.is_empty() {
        return None;
    }
    let i = seed.map_or(0, |s| (mix(s) % best.len() as u64) as usize);
    Some(MaterialChoice {
        text: best[i].text(),
        score: best_score,
    })
}

/// SplitMix64's finaliser: spreads a seed over the bits, so that neighbouring seeds pick
/// different ties.
fn mix(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The material balance of a board for `side`, in tenths of a soldier (a man in draughts).
/// Values: xiangqi chariot 9, cannon 4.5, horse 4, elephant and advisor 2, soldier 1 (2
/// across the river), general 100; draughts man 1, king 3.
pub fn material(board: &Board, side: Side) -> i32 {
    let mut total = 0;
    match board {
        Board::Xiangqi(p) => {
            for i in 0..90 {
                let Some(piece) = xiangqi::Square::from_index(i).and_then(|s| p.piece_at(s)) else {
                    continue;
                };
                let red = piece.color == Side::First;
                let crossed = if red { i / 9 >= 5 } else { i / 9 <= 4 };
                let value = match piece.role {
                    xiangqi::Role::General => 1000,
                    xiangqi::Role::Chariot => 90,
                    xiangqi::Role::Cannon => 45,
                    xiangqi::Role::Horse => 40,
                    xiangqi::Role::Elephant | xiangqi::Role::Advisor => 20,
                    xiangqi::Role::Soldier if crossed => 20,
                    xiangqi::Role::Soldier => 10,
                };
                total += if red == (side == Side::First) {
                    value
                } else {
                    -value
                };
            }
        }
        Board::Draughts(p) => {
            for i in 0..32u8 {
                let Some(piece) = draughts::Square::from_index(i).and_then(|s| p.piece_at(s))
                else {
                    continue;
                };
                let value = match piece.role {
                    draughts::Role::Man => 10,
                    draughts::Role::King => 30,
                };
                let white = piece.color == Side::First;
                total += if white == (side == Side::First) {
                    value
                } else {
                    -value
                };
            }
        }
    }
    total
}
