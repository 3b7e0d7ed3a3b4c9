//! The typed, in-process legal-move comparison: the reference against one of its
//! [mutants](crate::mutant), on the positions of the fuzzer's episodes, without any text.
//!
//! [`Fuzzer`](super::Fuzzer) asks an engine questions in protocol form (FEN and move texts),
//! which any engine understands but which costs a text round trip per question. When the
//! engine is the reference itself with a mutant active, both sides can be asked in the
//! typed vocabulary instead: each position's legal moves are reduced to their identities
//! (draughts: from, to, captured pieces, crowning; xiangqi: from, to) and compared as sorted
//! lists. This is what `arbiter mutants --fuzz` uses to show that the fuzzer finds every
//! move-generation mutant, and its speed is the fuzzer's in-process figure in
//! docs/performance.md.
//!
//! The positions are those of the lines the [`Generator`](super::Generator) cuts its samples
//! from: episode `e` of seed `s` is the same line in both modes, and its positions are
//! walked in order (a playout's positions, a mutated position played on, a sparse
//! position's shuffles). A disagreement gives the position's FEN, from which the text
//! [`Differ`](super::Differ) rebuilds the full disagreement to shrink and write as a case.
//!
//! ```
//! use arbiter::fuzz::MovegenFuzzer;
//! use arbiter::mutant::Mutant;
//!
//! let ruleset = "russian".parse().unwrap();
//! let mut fuzzer = MovegenFuzzer::new(&ruleset, 1, None);
//! // The reference agrees with itself on every position of the first episodes.
//! assert_eq!(fuzzer.run(200), None);
//! assert!(fuzzer.positions() >= 200);
//! ```

use super::generate::{episode_positions, GamePos};
use crate::draughts::{self, Variant};
use crate::mutant::Mutant;
use crate::{xiangqi, Ruleset};

/// Where the reference and the compared rules first disagreed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovegenFinding {
    /// The position, as canonical FEN.
    pub fen: String,
    /// How many positions had been compared, this one included.
    pub positions: u64,
    /// The episode it belongs to.
    pub episode: u64,
    /// How many distinct legal moves (identities) the reference gives.
    pub reference_moves: usize,
    /// How many distinct ones the compared rules give.
    pub compared_moves: usize,
}

/// Compares the reference's legal moves with those of the reference under a mutant (or
/// with itself, for `None`) on the positions of successive episodes of one seed.
#[derive(Debug, Clone)]
pub struct MovegenFuzzer {
    ruleset: Ruleset,
    seed: u64,
    mutant: Option<Mutant>,
    episode: u64,
    positions: u64,
    want: Vec<u64>,
    got: Vec<u64>,
}

impl MovegenFuzzer {
    /// A comparison under `ruleset` from `seed`, against the reference under `mutant`.
    pub fn new(ruleset: &Ruleset, seed: u64, mutant: Option<Mutant>) -> MovegenFuzzer {
        MovegenFuzzer {
            ruleset: ruleset.clone(),
            seed,
            mutant,
            episode: 0,
            positions: 0,
            want: Vec::new(),
            got: Vec::new(),
        }
    }

    /// Positions compared so far.
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Episodes walked so far.
    pub fn episodes(&self) -> u64 {
        self.episode
    }

    /// Compares episode after episode until a disagreement or until at least `limit`
    /// positions have been compared (whole episodes are walked).
    pub fn run(&mut self, limit: u64) -> Option<MovegenFinding> {
        while self.positions < limit {
            if let Some(found) = self.next_episode() {
                return Some(found);
            }
        }
        None
    }

    /// Compares every position of the next episode; the first disagreement, if any.
    pub fn next_episode(&mut self) -> Option<MovegenFinding> {
        let episode = self.episode;
        self.episode += 1;
        match Variant::from_game(self.ruleset.game) {
            Some(variant) => self.walk(episode, draughts::Position::start(variant)),
            None => self.walk(episode, xiangqi::Position::start()),
        }
    }

    fn walk<P: GamePos>(&mut self, episode: u64, start: P) -> Option<MovegenFinding> {
        for pos in episode_positions(self.seed, episode, start) {
            self.positions += 1;
            pos.identities(&mut self.want);
            match self.mutant {
                Some(Mutant::Moves(m)) => pos.mutated(m).identities(&mut self.got),
                _ => pos.identities(&mut self.got),
            }
            // The same rules generate in the same order, so equal lists are the common case;
            // only unequal ones are compared as sets.
            if self.want != self.got && !same_set(&mut self.want, &mut self.got) {
                return Some(MovegenFinding {
                    fen: pos.fen(),
                    positions: self.positions,
                    episode,
                    reference_moves: self.want.len(),
                    compared_moves: self.got.len(),
                });
            }
        }
        None
    }
}

/// Whether two identity lists hold the same identities (sorts and deduplicates both).
fn same_set(a: &mut Vec<u64>, b: &mut Vec<u64>) -> bool {
    for v in [&mut *a, &mut *b] {
        v.sort_unstable();
        v.dedup();
    }
    a == b
}
