//! How deep the reference's perft may go, and the stack it runs on.
//!
//! Perft recurses once per ply, and neither game's move tree is bounded (kings and chariots
//! can shuttle for ever), so the first line searched really is `depth` plies long: the stack
//! it needs grows with the depth. Measured on the release build with the 8 MiB main-thread
//! stack (`arbiter perft --depth D` from the start position, the deepest D that does not
//! overflow): xiangqi about 16,850 plies (≈ 500 bytes a ply), draughts about 37,400
//! (≈ 225 bytes a ply). [`STACK_PER_PLY`] allows twice the larger of them (eight times more
//! in a debug build, whose frames are bigger); a deep perft runs on a thread of its own
//! with that much stack per ply, and a depth needing more than [`STACK_LIMIT`] is refused
//! ([`MAX_DEPTH`] plies). Nothing else is allocated in proportion to the requested depth:
//! buffers grow with the depth actually reached.

use super::RulesError;

/// The stack one ply of perft may take, in bytes (twice the measured frame; see the module
/// documentation).
pub const STACK_PER_PLY: usize = if cfg!(debug_assertions) {
    8 * 1024
} else {
    1024
};

/// The most stack a perft may be given, in bytes: 128 MiB.
pub const STACK_LIMIT: usize = 128 << 20;

/// The deepest perft that runs: [`STACK_LIMIT`] / [`STACK_PER_PLY`] plies.
pub const MAX_DEPTH: u32 = (STACK_LIMIT / STACK_PER_PLY) as u32;

/// Up to this depth perft runs on the caller's thread (any thread has that much stack).
const ON_CALLER: u32 = 64;

/// Stack beyond the plies, for the frames around the search.
const STACK_BASE: usize = 1 << 20;

/// Runs `search`, a perft `depth` plies deep, on a stack large enough for it: the caller's
/// for a shallow one, a thread of its own for a deep one. A depth over [`MAX_DEPTH`] is
/// refused before anything is searched or allocated.
///
/// ```
/// use arbiter::{rules_for, PerftCount, Ruleset};
///
/// let rules = rules_for(&"xiangqi".parse::<Ruleset>().unwrap());
/// let err = rules.perft(&rules.start_fen(), 4_294_967_295, PerftCount::Paths, false);
/// assert!(err.unwrap_err().to_string().contains("at most"));
/// ```
pub(crate) fn with_stack_for<T: Send>(
    depth: u32,
    search: impl FnOnce() -> T + Send,
) -> Result<T, RulesError> {
    if depth > MAX_DEPTH {
        return Err(RulesError::TooDeep {
            depth,
            max: MAX_DEPTH,
        });
    }
    if depth <= ON_CALLER {
        return Ok(search());
    }
    let stack = STACK_BASE + depth as usize * STACK_PER_PLY;
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("perft".into())
            .stack_size(stack)
            .spawn_scoped(scope, search)
            .map_err(|e| {
                RulesError::Unsupported(format!(
                    "perft to depth {depth} needs a {} MiB stack, which could not be had: {e}",
                    stack >> 20
                ))
            })?;
        Ok(worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}
