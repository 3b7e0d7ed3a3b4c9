//! Valid and invalid move counts of repeated forcing moves (xiangqi 第四章 第二节 一 (五)).
//!
//! When a side repeats forbidden forcing moves (将军, 要杀, 捉子) only to make up the move
//! quota, the moves of the offending piece count from when it starts moving: at most
//! [`ForcingRules::valid`] (four) consecutive ones are valid (有效着数) and count towards the
//! quota; every further one is invalid (无效着数) and does not. The defending side's replies
//! are always valid. Whether a move is such a forcing move is the arbiter's ruling (本款是针对
//! 确实没有积极意义的"有效着数"所作出的规定 … 裁判员须根据具体情况掌握判断); a case says so
//! with the move key `forcing: true`.
//!
//! The seed explains the count on three shapes of cycle, by the points (intersections) the
//! piece arrives at: two points, only two arrivals on the same point are valid (图二); three
//! points, one point twice and the other two once (图三); four or more, the first four points
//! once each (图四). Each shape allows exactly four arrivals, so one mechanism counts them all:
//! the first four arrivals are valid, and an invalid one is decided by the clause of the shape
//! those four arrivals made ([`ForcingRules::forms`]). The reading is in `docs/clock.md`.
//!
//! ```
//! use arbiter::clock::{ForcingRules, ForcingRun};
//!
//! // 图二: a rook shuttling between two points; the 5th move is its third arrival on b.
//! let rules = ForcingRules::xiangqi();
//! let mut run = ForcingRun::default();
//! let verdicts: Vec<_> = [("a", "b"), ("b", "c"), ("c", "b"), ("b", "c"), ("c", "b")]
//!     .iter()
//!     .map(|(from, to)| run.arrive(&rules, from, to))
//!     .collect();
//! assert_eq!(verdicts[..4], [None, None, None, None]);
//! assert_eq!(verdicts[4], Some("xq.timing.forcing-two-points"));
//! ```

use crate::clause;

/// How repeated forcing moves count (xiangqi 第四章 第二节 一 (五)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcingRules {
    /// The consecutive moves of the offending piece that are valid (连续不超过四着).
    pub valid: u32,
    /// Whether the valid moves must be consecutive: a move of another piece, or a move that
    /// forces nothing, starts the count again (连续).
    pub consecutive: bool,
    /// The clause of the count as a whole (and of the defender's replies, always valid).
    pub clause: &'static str,
    /// The shapes of a cycle by the number of distinct points its valid arrivals touched,
    /// with the clause deciding an invalid move after them; the last applies to its number
    /// or more.
    pub forms: Vec<(u32, &'static str)>,
}

impl ForcingRules {
    /// The CXA rules: four valid moves; cycles on two, three, four or more points.
    pub fn xiangqi() -> ForcingRules {
        ForcingRules {
            valid: 4,
            consecutive: true,
            clause: clause::XQ_TIMING_FORCING_MOVES_VALID,
            forms: vec![
                (2, clause::XQ_TIMING_FORCING_TWO_POINTS),
                (3, clause::XQ_TIMING_FORCING_THREE_POINTS),
                (4, clause::XQ_TIMING_FORCING_FOUR_POINTS),
            ],
        }
    }

    /// The clause deciding an invalid move after valid arrivals on `points` distinct points.
    fn form_clause(&self, points: u32) -> &'static str {
        self.forms
            .iter()
            .rev()
            .find(|(n, _)| points >= *n)
            .map_or(self.clause, |(_, c)| c)
    }
}

/// One side's run of forcing moves with one piece: where the piece stands and the points it
/// arrived at since it started.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ForcingRun {
    /// The square the forcing piece stands on, once it has moved.
    at: Option<String>,
    /// The points it arrived at, in order (the square it started from is not an arrival).
    arrivals: Vec<String>,
}

impl ForcingRun {
    /// The forcing piece moves `from` → `to`: a move of another piece starts a new run.
    /// `None` when the move is valid, else the clause that makes it invalid.
    pub fn arrive(&mut self, rules: &ForcingRules, from: &str, to: &str) -> Option<&'static str> {
        if rules.consecutive && self.at.as_deref() != Some(from) {
            self.arrivals.clear();
        }
        self.at = Some(to.to_owned());
        self.arrivals.push(to.to_owned());
        let n = self.arrivals.len();
        let valid = rules.valid as usize;
        if n <= valid {
            return None;
        }
        let mut points: Vec<&str> = self.arrivals[..valid].iter().map(String::as_str).collect();
        points.sort_unstable();
        points.dedup();
        Some(rules.form_clause(u32::try_from(points.len()).unwrap_or(u32::MAX)))
    }

    /// A move that forces nothing ends the run (when the valid moves must be consecutive).
    pub fn end(&mut self, rules: &ForcingRules) {
        if rules.consecutive {
            *self = ForcingRun::default();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdicts(moves: &[(&str, &str)]) -> Vec<Option<&'static str>> {
        let rules = ForcingRules::xiangqi();
        let mut run = ForcingRun::default();
        moves
            .iter()
            .map(|(f, t)| run.arrive(&rules, f, t))
            .collect()
    }

    /// Four valid moves, then a fifth invalid by `clause`.
    fn fifth_is_invalid(moves: &[(&str, &str); 5], clause: &str) {
        let v = verdicts(moves);
        assert_eq!(v[..4], [None; 4]);
        assert_eq!(v[4], Some(clause));
    }

    #[test]
    fn three_points_one_twice_then_invalid() {
        // 图三: the back-rank point x twice, y and z once; the 5th adds an arrival.
        fifth_is_invalid(
            &[("s", "x"), ("x", "y"), ("y", "x"), ("x", "z"), ("z", "x")],
            "xq.timing.forcing-three-points",
        );
    }

    #[test]
    fn three_points_then_a_new_point_is_invalid_by_the_three_point_rule() {
        // 图三 as the seed tells it: 第五着…又增加了一个点 — the 5th arrival is on a new point.
        fifth_is_invalid(
            &[("s", "x"), ("x", "y"), ("y", "x"), ("x", "z"), ("z", "w")],
            "xq.timing.forcing-three-points",
        );
    }

    #[test]
    fn four_points_once_each_then_even_a_return_is_invalid() {
        fifth_is_invalid(
            &[("s", "w"), ("w", "x"), ("x", "y"), ("y", "z"), ("z", "w")],
            "xq.timing.forcing-four-points",
        );
    }

    #[test]
    fn another_piece_starts_a_new_run() {
        let v = verdicts(&[("a", "b"), ("b", "a"), ("a", "b"), ("b", "a"), ("q", "r")]);
        assert_eq!(v, [None; 5]);
    }
}
