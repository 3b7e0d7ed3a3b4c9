//! Perft: counting the leaves of the move tree, in both draughts conventions.
//!
//! [`PerftCount::Paths`] counts every distinct capture route; [`PerftCount::Moves`] counts
//! distinct move identities (from, to, captured set, promotion), so routes taking the same
//! pieces between the same squares count once.
//!
//! The search copies the small position instead of undoing moves, reuses one move buffer per
//! ply (no allocation once warmed up), and counts the last ply without playing it: plain
//! moves by popcount, captures by running the capture search with a counting sink.

use super::move_rules::MoveRules;
use super::movegen::{self, CountSink, IdentitySink};
use super::mv::{dedup_identities, Move};
use super::position::Position;

/// Which perft counting convention to use.
///
/// In draughts two capture routes may take the same pieces between the same squares: they
/// are different *paths* but the same *move* (identity). In xiangqi both counts agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PerftCount {
    /// Count every distinct capture path.
    #[default]
    Paths,
    /// Count distinct move identities (from, to, captured set, promotion).
    Moves,
}

/// Reusable buffers for a perft run.
struct Buffers {
    /// One move list per ply from the root, made when the search first gets that deep (a
    /// perft asked for an absurd depth allocates only for the plies it reaches).
    moves: Vec<Vec<Move>>,
    /// The depth of the root.
    root: u32,
    /// Identities at the last ply (moves convention).
    ids: Vec<u64>,
}

/// Leaf nodes `depth` plies below `pos`.
///
/// ```
/// use arbiter::draughts::{perft, PerftCount, Position, Variant};
///
/// let start = Position::start(Variant::Russian);
/// assert_eq!(perft(&start, 3, PerftCount::Paths), 302);
/// ```
pub fn perft(pos: &Position, depth: u32, count: PerftCount) -> u64 {
    let mut buf = Buffers {
        moves: Vec::new(),
        root: depth,
        ids: Vec::with_capacity(64),
    };
    // Read once: every position below inherits the root's rules.
    let rules = pos.rules;
    node(pos, &rules, depth, count, &mut buf)
}

/// The root moves (one per path, or one per identity with its smallest path) and the leaf
/// count below each, in path order.
pub fn perft_divide(pos: &Position, depth: u32, count: PerftCount) -> Vec<(Move, u64)> {
    let mut roots = match count {
        PerftCount::Paths => pos.legal_paths(),
        PerftCount::Moves => pos.legal_moves(),
    };
    roots.sort_by(Move::cmp_path);
    roots
        .into_iter()
        .map(|m| {
            let n = if depth == 0 {
                0
            } else {
                perft(&pos.play_unchecked(&m), depth - 1, count)
            };
            (m, n)
        })
        .collect()
}

/// The number of leaves one ply below `pos`.
#[inline]
fn count_leaves(pos: &Position, rules: &MoveRules, count: PerftCount, ids: &mut Vec<u64>) -> u64 {
    if !movegen::has_capture(pos, rules) {
        return movegen::count_quiets(pos, rules);
    }
    let quiets = if rules.compulsory {
        0
    } else {
        movegen::count_quiets(pos, rules)
    };
    quiets
        + match count {
            PerftCount::Paths => {
                let mut sink = CountSink(0);
                movegen::captures(pos, rules, &mut sink);
                sink.0
            }
            PerftCount::Moves => {
                ids.clear();
                let mut sink = IdentitySink(ids);
                movegen::captures(pos, rules, &mut sink);
                sink.distinct()
            }
        }
}

fn node(
    pos: &Position,
    rules: &MoveRules,
    depth: u32,
    count: PerftCount,
    buf: &mut Buffers,
) -> u64 {
    match depth {
        0 => 1,
        1 => count_leaves(pos, rules, count, &mut buf.ids),
        _ => {
            // The search reaches ply k only from ply k - 1: the lists are made one at a
            // time, as deep as the search goes.
            let at = (buf.root - depth) as usize;
            if buf.moves.len() == at {
                buf.moves.push(Vec::with_capacity(64));
            }
            let mut list = std::mem::take(&mut buf.moves[at]);
            list.clear();
            movegen::legal_paths(pos, rules, &mut list);
            if count == PerftCount::Moves && list.len() > 1 && list[0].is_capture() {
                dedup_identities(&mut list);
            }
            let mut total = 0;
            for m in &list {
                total += node(&pos.play_unchecked(m), rules, depth - 1, count, buf);
            }
            buf.moves[at] = list;
            total
        }
    }
}
