//! The moves a text-protocol adapter puts to an engine one by one when the engine cannot
//! list its legal moves itself (standard UCI, UCCI, XBoard): every move each piece of the
//! side to move could make by the shape of its movement alone — a chariot or cannon to any
//! point of its file and rank, a horse to its eight points, an elephant two points and an
//! advisor one point diagonally, a general or soldier one point straight (and the general
//! onto the other general along their file) — ignoring blocking pieces, the palace, the
//! river and check, and never onto a piece of its own side.
//!
//! That is a superset of the pseudo-legal moves, so an engine that forgets a legal move
//! and one that allows an illegal one (a horse over its leg, an elephant across the river,
//! a general out of its palace or into check) are both caught: the engine is asked about
//! each candidate and its answers are the list. Only the board's piece placement is read
//! (a [`Setup`], which may be an invalid position), so the candidates exist even where
//! arbiter's rules refuse the position or a move the engine accepted.
//!
//! ```
//! use arbiter::engine::candidate_moves;
//! use arbiter::xiangqi::{fen::parse_fen, Position, START_FEN};
//!
//! let setup = parse_fen(START_FEN).unwrap();
//! let candidates = candidate_moves(&setup);
//! // Every legal move is a candidate, and so is the horse jump over its blocked leg.
//! for m in Position::start().legal_moves().iter() {
//!     assert!(candidates.contains(m));
//! }
//! assert!(candidates.iter().any(|m| m.to_string() == "b0d1"));
//! ```

use crate::xiangqi::{Move, Role, Setup, Square};
use crate::Side;

/// The candidate moves of the side to move on `setup`, by origin square, then destination.
pub fn candidate_moves(setup: &Setup) -> Vec<Move> {
    let mut moves = Vec::with_capacity(160);
    let turn = setup.turn;
    for index in 0..90 {
        let Some(from) = Square::from_index(index) else {
            continue;
        };
        let Some(piece) = setup.piece_at(from) else {
            continue;
        };
        if piece.color != turn {
            continue;
        }
        let (file, rank) = (i32::from(from.file()), i32::from(from.rank()));
        let mut push = |df: i32, dr: i32| {
            let (f, r) = (file + df, rank + dr);
            if !(0..9).contains(&f) || !(0..10).contains(&r) {
                return;
            }
            let Some(to) = Square::new(f as u8, r as u8) else {
                return;
            };
            if setup.piece_at(to).is_some_and(|p| p.color == turn) {
                return;
            }
            let m = Move { from, to };
            if !moves.contains(&m) {
                moves.push(m);
            }
        };
        match piece.role {
            Role::Chariot | Role::Cannon => {
                for d in 1..10 {
                    push(d, 0);
                    push(-d, 0);
                    push(0, d);
                    push(0, -d);
                }
            }
            Role::Horse => {
                for (df, dr) in [
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ] {
                    push(df, dr);
                }
            }
            Role::Elephant => {
                for (df, dr) in [(2, 2), (2, -2), (-2, -2), (-2, 2)] {
                    push(df, dr);
                }
            }
            Role::Advisor => {
                for (df, dr) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                    push(df, dr);
                }
            }
            Role::General | Role::Soldier => {
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    push(df, dr);
                }
                if piece.role == Role::General {
                    let other = setup.squares_of(turn.other(), Role::General);
                    if let [g] = other.as_slice() {
                        if g.file() == from.file() {
                            push(0, i32::from(g.rank()) - rank);
                        }
                    }
                }
            }
        }
    }
    moves
}

/// `setup` after moving the piece on `m.from` to `m.to` (whatever was there is taken), the
/// other side to move: a move the engine accepted, played on the board whether or not
/// arbiter's rules allow it. `None` when `m.from` holds no piece of the side to move.
pub fn moved(setup: &Setup, m: Move) -> Option<Setup> {
    let piece = setup.piece_at(m.from)?;
    if piece.color != setup.turn {
        return None;
    }
    let mut next = setup.clone();
    next.set(m.from, None);
    next.set(m.to, Some(piece));
    next.turn = setup.turn.other();
    if setup.turn == Side::Second {
        next.fullmoves += 1;
    }
    Some(next)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::fen::parse_fen;
    use crate::xiangqi::Position;

    /// Issue 26: the candidates hold every legal move, in positions along random games.
    #[test]
    fn every_legal_move_is_a_candidate_along_random_games() {
        let mut rng = crate::fuzz::Rng::new(26);
        for _ in 0..40 {
            let mut pos = Position::start();
            for _ in 0..60 {
                let setup = parse_fen(&pos.fen()).unwrap();
                let candidates = candidate_moves(&setup);
                let legal = pos.legal_moves();
                for m in legal.iter() {
                    assert!(candidates.contains(m), "{m} missing in {}", pos.fen());
                }
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                pos = pos.play(m).unwrap();
            }
        }
    }

    #[test]
    fn candidates_include_the_illegal_shapes_and_never_own_pieces() {
        let setup = parse_fen("3k5/9/9/9/9/9/9/9/4A4/3K5 w - - 0 1").unwrap();
        let texts: Vec<String> = candidate_moves(&setup)
            .iter()
            .map(ToString::to_string)
            .collect();
        // The general out of the palace (c0) and onto the facing general (d9).
        assert!(texts.contains(&"d0c0".to_owned()), "{texts:?}");
        assert!(texts.contains(&"d0d9".to_owned()), "{texts:?}");
        // The advisor off its diagonal points stays a candidate; never onto its own general.
        assert!(texts.contains(&"e1f2".to_owned()), "{texts:?}");
        assert!(!texts.contains(&"e1d0".to_owned()), "{texts:?}");
    }

    #[test]
    fn a_move_played_on_the_setup_turns_the_side() {
        let setup = parse_fen(crate::xiangqi::START_FEN).unwrap();
        let m = crate::xiangqi::iccs::parse_iccs_coords("h2e2").unwrap();
        let next = moved(&setup, m).unwrap();
        assert_eq!(next.turn, Side::Second);
        assert!(next.piece_at(m.from).is_none());
        assert!(moved(&next, m).is_none());
    }
}
