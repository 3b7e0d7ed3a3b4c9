//! Shrinking a disagreement: a smaller sample on which the engine still disagrees with the
//! reference about the same query.
//!
//! The history is shortened first, from the front (the position is re-based on the FEN the
//! reference reaches) and then from the back; then pieces are removed one at a time (keeping
//! the setup valid and the history playable), then draughts kings are demoted to men. The
//! steps repeat until none helps or the probe budget is spent ([`SHRINK_BUDGET`]). A probe
//! on which the engine fails rather than answers does not count as the disagreement
//! persisting: an engine failure is not a disagreement ([`Comparison::Failed`]).

use super::compare::{Comparison, Differ, Disagreement};
use super::Sample;
use crate::draughts::{self, Variant};
use crate::engine::Engine;
use crate::xiangqi;
use crate::Side;

/// Engine queries a shrink may spend at most.
pub const SHRINK_BUDGET: usize = 1500;

/// A shrunk disagreement.
#[derive(Debug, Clone, PartialEq)]
pub struct Shrunk {
    /// The smallest sample found on which they still disagree.
    pub sample: Sample,
    /// The disagreement on it.
    pub disagreement: Disagreement,
    /// Engine queries spent.
    pub probes: usize,
}

/// Shrinks `sample`, on which `engine` disagrees with the reference about `disagreement`'s
/// query, while the disagreement persists.
///
/// ```
/// use arbiter::engine::ReferenceEngine;
/// use arbiter::fuzz::{pieces, shrink, Comparison, Differ, Sample};
/// use arbiter::protocol::QueryKind;
/// use arbiter::{rules_for, Rules, Ruleset};
/// use std::sync::Arc;
///
/// // An engine whose rules claim nobody is ever in check.
/// struct NeverInCheck(Box<dyn Rules>);
/// impl Rules for NeverInCheck {
///     fn ruleset(&self) -> &Ruleset { self.0.ruleset() }
///     fn start_fen(&self) -> String { self.0.start_fen() }
///     fn canonical_fen(&self, f: &str) -> Result<String, arbiter::RulesError> { self.0.canonical_fen(f) }
///     fn play(&self, f: &str, m: &[String]) -> Result<String, arbiter::RulesError> { self.0.play(f, m) }
///     fn legal_moves(&self, f: &str, n: Option<&str>) -> Result<Vec<arbiter::MoveInfo>, arbiter::RulesError> { self.0.legal_moves(f, n) }
///     fn resolve_move(&self, f: &str, t: &str) -> Result<arbiter::MoveInfo, arbiter::RulesError> { self.0.resolve_move(f, t) }
///     fn perft(&self, f: &str, d: u32, c: arbiter::PerftCount, v: bool) -> Result<arbiter::Perft, arbiter::RulesError> { self.0.perft(f, d, c, v) }
///     fn status(&self, f: &str) -> Result<arbiter::Status, arbiter::RulesError> {
///         let mut s = self.0.status(f)?;
///         s.in_check = false;
///         Ok(s)
///     }
///     fn render(&self, f: &str, c: bool) -> Result<String, arbiter::RulesError> { self.0.render(f, c) }
/// }
/// let engine = ReferenceEngine::with_rules(Arc::new(|r: &Ruleset| {
///     Box::new(NeverInCheck(rules_for(r))) as Box<dyn Rules>
/// }));
/// let ruleset = "xiangqi".parse().unwrap();
/// let differ = Differ::new(&ruleset);
/// // A horse and a chariot move, then a cannon checks down the e-file over a soldier.
/// let sample = Sample {
///     fen: "r3k4/9/4P4/9/9/9/9/2NC5/9/3K5 w - - 0 1".into(),
///     moves: vec!["c2b4".into(), "a9a8".into(), "d2e2".into()],
/// };
/// let Comparison::Disagree(d) = differ.compare(&engine, &sample, QueryKind::Check) else {
///     panic!("the check was not missed");
/// };
/// let shrunk = shrink(&differ, &engine, &sample, d);
/// assert!(shrunk.sample.moves.is_empty());
/// assert!(pieces(&differ, &shrunk.sample) <= 4); // two generals, a cannon and its screen
/// ```
pub fn shrink(
    differ: &Differ,
    engine: &dyn Engine,
    sample: &Sample,
    disagreement: Disagreement,
) -> Shrunk {
    let query = disagreement.query;
    let mut best = Shrunk {
        sample: sample.clone(),
        disagreement,
        probes: 0,
    };
    let try_candidate = |best: &mut Shrunk, candidate: Sample| -> bool {
        if best.probes >= SHRINK_BUDGET {
            return false;
        }
        best.probes += 1;
        match differ.compare(engine, &candidate, query) {
            Comparison::Disagree(d) => {
                best.sample = candidate;
                best.disagreement = d;
                true
            }
            _ => false,
        }
    };
    loop {
        let mut progress = false;
        // The history, from the front (re-based on the position reached), then from the back.
        loop {
            let len = best.sample.moves.len();
            let mut candidates: Vec<Sample> = chunks(len)
                .into_iter()
                .filter_map(|k| rebase(differ, &best.sample, k))
                .collect();
            candidates.extend(chunks(len).into_iter().map(|k| {
                let mut c = best.sample.clone();
                c.moves.truncate(len - k);
                c
            }));
            if !candidates.into_iter().any(|c| try_candidate(&mut best, c)) {
                break;
            }
            progress = true;
        }
        // Pieces, one at a time; then kings demoted.
        for simpler in [Simplify::Remove, Simplify::Demote] {
            let mut i = 0;
            loop {
                let candidates = simpler_setups(differ, &best.sample.fen, simpler);
                let Some(fen) = candidates.get(i).cloned() else {
                    break;
                };
                let candidate = Sample {
                    fen,
                    moves: best.sample.moves.clone(),
                };
                if try_candidate(&mut best, candidate) {
                    progress = true;
                } else {
                    i += 1;
                }
            }
        }
        if !progress || best.probes >= SHRINK_BUDGET {
            break;
        }
    }
    best
}

/// Chunk sizes to try dropping from a history of `len` moves: all of it, then halves, down
/// to single moves.
fn chunks(len: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut k = len;
    while k > 0 {
        out.push(k);
        k /= 2;
    }
    out
}

/// The sample with its first `k` history moves played into the position.
fn rebase(differ: &Differ, sample: &Sample, k: usize) -> Option<Sample> {
    let fen = differ.rules().play(&sample.fen, &sample.moves[..k]).ok()?;
    Some(Sample {
        fen,
        moves: sample.moves[k..].to_vec(),
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Simplify {
    Remove,
    Demote,
}

/// The valid setups one simplification away from `fen`, as canonical FENs.
fn simpler_setups(differ: &Differ, fen: &str, how: Simplify) -> Vec<String> {
    let mut out = Vec::new();
    match Variant::from_game(differ.ruleset().game) {
        Some(variant) => {
            let Ok(pos) = draughts::Position::from_fen(fen, variant) else {
                return out;
            };
            let setup = pos.setup();
            let squares = match how {
                Simplify::Remove => setup.white | setup.black,
                Simplify::Demote => setup.kings,
            };
            for sq in squares {
                let mut next = setup;
                match how {
                    Simplify::Remove => next.remove_piece(sq),
                    Simplify::Demote => next.kings = next.kings.without(sq),
                }
                if let Ok(p) = draughts::Position::from_setup(&next, variant) {
                    out.push(p.to_fen());
                }
            }
        }
        None => {
            if how == Simplify::Demote {
                return out;
            }
            let Ok(pos) = xiangqi::Position::from_fen(fen) else {
                return out;
            };
            let setup = pos.to_setup();
            for sq in xiangqi::Square::all() {
                if setup
                    .piece_at(sq)
                    .is_some_and(|p| p.role != xiangqi::Role::General)
                {
                    let mut next = setup.clone();
                    next.set(sq, None);
                    if let Ok(p) = xiangqi::Position::from_setup(&next) {
                        out.push(p.fen());
                    }
                }
            }
        }
    }
    out
}

/// The number of pieces on the board of a sample's starting position (0 if it is not a
/// valid position of the ruleset).
///
/// ```
/// use arbiter::fuzz::{pieces, Differ, Sample};
///
/// let differ = Differ::new(&"russian".parse().unwrap());
/// assert_eq!(pieces(&differ, &Sample { fen: "W:W32:B13".into(), moves: vec![] }), 2);
/// ```
pub fn pieces(differ: &Differ, sample: &Sample) -> usize {
    match Variant::from_game(differ.ruleset().game) {
        Some(variant) => draughts::Position::from_fen(&sample.fen, variant)
            .map(|p| (p.pieces(Side::First) | p.pieces(Side::Second)).count() as usize)
            .unwrap_or(0),
        None => xiangqi::Position::from_fen(&sample.fen)
            .map(|p| {
                xiangqi::Square::all()
                    .filter(|&sq| p.piece_at(sq).is_some())
                    .count()
            })
            .unwrap_or(0),
    }
}
