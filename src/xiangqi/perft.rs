//! Perft: counting the leaf nodes of the legal move tree, to check move generation against
//! published figures (44; 1,920; 79,666; 3,290,240; 133,312,995 from the start).
//!
//! ```
//! use arbiter::xiangqi::{perft, Position};
//!
//! assert_eq!(perft(&Position::start(), 2), 1920);
//! ```

use super::position::{Move, MoveList, Position};
use super::tables::{Legality, Tables};

/// The number of leaf nodes `depth` plies below `pos` (1 at depth 0).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    // Looked up once: every position below inherits the root's rules.
    let tables = Tables::of(&pos.move_rules());
    match depth {
        0 => 1,
        _ => inner(pos, depth, &tables),
    }
}

fn inner(pos: &Position, depth: u32, tables: &Tables) -> u64 {
    if depth == 1 {
        return pos.count_legal(tables);
    }
    let mut list = MoveList::new();
    pos.gen_pseudo(&mut list, tables);
    let us = pos.turn().index();
    // Under the rules every child is tested; a mutant may take them all.
    let all =
        tables.legality != Legality::Full && pos.anything_goes(pos.attacked(us, tables), tables);
    let mut nodes = 0;
    for m in list.iter() {
        let mut child = *pos;
        child.make(*m);
        if all || !child.attacked(us, tables) {
            nodes += inner(&child, depth - 1, tables);
        }
    }
    nodes
}

/// Perft split by root move: each legal move with the leaf count below it, in the order of
/// [`Position::legal_moves`].
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.make(*m);
            (*m, perft(&child, depth - 1))
        })
        .collect()
}
