//! Legal move generation on bitboards.
//!
//! Captures are searched depth-first from every piece of the side to move. The search keeps
//! the captured pieces on the board until the sequence ends (art. 6.11): they block further
//! jumps and are never jumped twice (art. 6.8), while the square the mover left is empty
//! and may be crossed or landed on again. A sequence ends only when the piece can take
//! nothing more (art. 6.5, 6.6); a king may stop on any empty square behind its last victim
//! unless some of those squares allow it to go on capturing, in which case it must pick one
//! of those. Brazilian rules then keep only the sequences taking the most pieces
//! (art. 6.12.1.2); Russian rules keep all of them, and a man reaching the last row during a
//! capture is crowned at once and goes on as a king.
//!
//! Path convention: when a king, having taken a piece, goes on along the same diagonal to
//! take the next one, that is one route, recorded with the landing square right behind the
//! first piece (touching down on a farther empty square before the next piece is not a
//! separate route). Turning routes are separate routes from every landing square. This is
//! the convention of the published perft path counts (docs/rulings.md), which this generator
//! reproduces; identities (and so the moves convention) do not depend on it.
//!
//! The search writes into a [`Sink`], so perft can count sequences without building moves.

use super::bitboard::{nearest, shift, DL, DR, NEIGHBOR, NONE, RAY, UL, UR};
use super::move_rules::{forward, MoveRules, Passing};
use super::mv::{dedup_identities, Move, MAX_PATH};
use super::position::{PlayError, Position};
use super::square::{promotion_row, Square};
use crate::clause;
use crate::outcome::{Outcome, Reason};
use crate::Side;

/// Receives the complete capture sequences found by the search.
pub(crate) trait Sink {
    /// One complete sequence: `path` holds square indices, the start square first.
    fn sequence(&mut self, path: &[u8], captured: u32, promotes: bool);
    /// Forgets every sequence received so far (a longer one was found, Brazilian rules).
    fn clear(&mut self);
}

/// Collects [`Move`]s into a vector.
pub(crate) struct MoveSink<'a> {
    pub moves: &'a mut Vec<Move>,
    pub start: usize,
}

impl Sink for MoveSink<'_> {
    #[inline]
    fn sequence(&mut self, path: &[u8], captured: u32, promotes: bool) {
        self.moves.push(Move::capture(path, captured, promotes));
    }
    fn clear(&mut self) {
        self.moves.truncate(self.start);
    }
}

/// Counts sequences (every distinct path).
#[derive(Default)]
pub(crate) struct CountSink(pub u64);

impl Sink for CountSink {
    #[inline]
    fn sequence(&mut self, _path: &[u8], _captured: u32, _promotes: bool) {
        self.0 += 1;
    }
    fn clear(&mut self) {
        self.0 = 0;
    }
}

/// Collects identities (from, to, captured, promotes) packed into `u64`s, to count the
/// distinct ones.
pub(crate) struct IdentitySink<'a>(pub &'a mut Vec<u64>);

impl IdentitySink<'_> {
    /// The number of distinct identities collected.
    pub fn distinct(&mut self) -> u64 {
        let v = &mut *self.0;
        if v.len() < 2 {
            return v.len() as u64;
        }
        v.sort_unstable();
        v.dedup();
        v.len() as u64
    }
}

impl Sink for IdentitySink<'_> {
    #[inline]
    fn sequence(&mut self, path: &[u8], captured: u32, promotes: bool) {
        let from = path[0] as u64;
        let to = path[path.len() - 1] as u64;
        self.0
            .push(captured as u64 | from << 32 | to << 40 | (promotes as u64) << 48);
    }
    fn clear(&mut self) {
        self.0.clear();
    }
}

/// Every direction, as a mask of direction bits.
const ALL_DIRS: u32 = 0b1111;

/// The state of one capture search.
struct Search<'a, S: Sink> {
    /// Opponent pieces (captured ones included: they stay until the move ends).
    them: u32,
    /// The opponent's kings.
    their_kings: u32,
    /// Every piece on the board except the one moving.
    occ: u32,
    /// The mover's promotion row.
    promo: u32,
    /// The directions men capture in (bits `1 << d`).
    man_dirs: u32,
    /// Squares of captured pieces that disappear at once: none under the rules (they stay
    /// until the move ends, art. 6.11), all of them under a mutant.
    vanish: u32,
    /// Taken pieces that may not be jumped again: all of them under the rules (art. 6.8),
    /// none under a mutant.
    taken_block: u32,
    /// A man reaching the last row during a capture goes on as a king (Russian).
    as_king: bool,
    /// The capturing man was crowned earlier in this move and goes on as a man (a mutant).
    crowned_man: bool,
    rules: MoveRules,
    /// Majority rule: the most pieces taken by a sequence found so far.
    best: u32,
    path: [u8; MAX_PATH],
    sink: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    #[inline]
    fn emit(&mut self, depth: usize, captured: u32, promotes: bool) {
        if self.rules.majority {
            let mut n = captured.count_ones();
            if self.rules.king_counts_double {
                n += (captured & self.their_kings).count_ones();
            }
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.sink.clear();
            }
        }
        self.sink.sequence(&self.path[..=depth], captured, promotes);
    }

    /// Whether the piece on `v`, already `captured`, may be jumped again onto `landings`
    /// (only under the mutant that allows it): the landing squares not yet landed on in
    /// this sequence, and room left in the path for every piece still to take.
    #[cold]
    fn rejump(&self, v: u32, captured: u32, depth: usize, landings: u32) -> u32 {
        if captured & (1 << v) == 0 {
            return 0;
        }
        let left = (self.them & !captured).count_ones() as usize;
        if depth + 2 + left > MAX_PATH {
            return 0;
        }
        let visited = self.path[..=depth].iter().fold(0u32, |m, &s| m | 1 << s);
        landings & !visited
    }

    /// A man on `s` (having taken `captured`) looks for a further jump; returns whether it
    /// found one (and so the sequence went on).
    fn man(&mut self, s: usize, captured: u32, depth: usize) -> bool {
        let mut found = false;
        let occ = self.occ & !(captured & self.vanish);
        let jumpable = self.them & !(captured & self.taken_block);
        for d in [UL, UR, DL, DR] {
            if self.man_dirs & (1 << d) == 0 {
                continue;
            }
            let v = NEIGHBOR[s][d];
            if v == NONE || jumpable & (1 << v) == 0 {
                continue;
            }
            let takes = captured & (1 << v) == 0;
            let l = NEIGHBOR[v as usize][d];
            if l == NONE || occ & (1 << l) != 0 {
                continue;
            }
            if !takes && self.rejump(v as u32, captured, depth, 1 << l) == 0 {
                continue;
            }
            found = true;
            let taken = captured | 1 << v;
            self.path[depth + 1] = l;
            let on_last_row = self.promo & (1 << l) != 0;
            let went_on = if self.as_king && on_last_row {
                // Russian: crowned at once, goes on capturing as a king.
                self.king(l as usize, taken, depth + 1, true, ALL_DIRS)
            } else if self.rules.passing == Passing::GoesOnAsMan {
                // A mutant: crowned at once, goes on as a man.
                let before = self.crowned_man;
                self.crowned_man |= on_last_row;
                let went_on = self.man(l as usize, taken, depth + 1);
                self.crowned_man = before;
                went_on
            } else {
                // Brazilian: crowned only if the sequence ends on the last row.
                self.man(l as usize, taken, depth + 1)
            };
            if !went_on || !self.rules.man_must_continue {
                self.emit(depth + 1, taken, on_last_row || self.crowned_man);
            }
        }
        found
    }

    /// A king on `s` looks for a further capture in the directions `dirs` (bits `1 << d`);
    /// `crowned` is true for a man crowned during this move. Returns whether it found one.
    fn king(&mut self, s: usize, captured: u32, depth: usize, crowned: bool, dirs: u32) -> bool {
        let mut found = false;
        let occ = self.occ & !(captured & self.vanish);
        let jumpable = self.them & !(captured & self.taken_block);
        for d in [UL, UR, DL, DR] {
            if dirs & (1 << d) == 0 {
                continue;
            }
            let blockers = RAY[s][d] & occ;
            if blockers == 0 {
                continue;
            }
            let v = nearest(blockers, d);
            // Own piece, a piece already taken, or nothing to take (unless a mutant lets a
            // taken piece be jumped again).
            if jumpable & (1 << v) == 0 {
                continue;
            }
            let takes = captured & (1 << v) == 0;
            let first = NEIGHBOR[v as usize][d];
            if first == NONE || !self.rules.kings_capture_far && NEIGHBOR[s][d] as u32 != v {
                continue;
            }
            let beyond = RAY[v as usize][d];
            let after = beyond & occ;
            let mut landings = if after == 0 {
                beyond
            } else {
                let stop = nearest(after, d);
                beyond & !(RAY[stop as usize][d] | 1 << stop)
            };
            if landings == 0 {
                continue;
            }
            if !self.rules.king_lands_anywhere {
                landings &= 1 << first;
            }
            if !takes {
                landings = self.rejump(v, captured, depth, landings);
                if landings == 0 {
                    continue;
                }
            }
            found = true;
            let taken = captured | 1 << v;
            let mut stops = 0u32;
            let mut went_on = false;
            let mut rest = landings;
            while rest != 0 {
                let l = rest.trailing_zeros();
                rest &= rest - 1;
                self.path[depth + 1] = l as u8;
                // Going on along the same line is one route, taken from the first landing
                // square; from the others only the turning routes are new.
                let next = match (self.rules.king_may_turn, l == first as u32) {
                    (true, true) => ALL_DIRS,
                    (true, false) => ALL_DIRS & !(1 << d),
                    (false, true) => 1 << d,
                    (false, false) => 0,
                };
                if self.king(l as usize, taken, depth + 1, crowned, next) {
                    went_on = true;
                } else {
                    stops |= 1 << l;
                }
            }
            let ends = if !self.rules.king_must_continue {
                // A mutant: any landing square may end the move.
                landings
            } else if !went_on {
                // No landing square allows a further capture: any of them ends the move.
                stops
            } else if !self.rules.king_must_take_continuing_square {
                // A mutant: the squares that do not allow going on end it too.
                stops & !self.straight_on(v, taken, d, after)
            } else {
                0
            };
            let mut ends = ends;
            while ends != 0 {
                let l = ends.trailing_zeros();
                ends &= ends - 1;
                self.path[depth + 1] = l as u8;
                self.emit(depth + 1, taken, crowned);
            }
        }
        found
    }

    /// The landing squares behind `v` (taken, along `d`) from which the king can go on along
    /// the same diagonal: all of them if the next piece on it can be taken, none otherwise.
    /// (The search follows that route from the first landing square only, so a stop counted
    /// on another square may still allow going on straight.)
    #[cold]
    fn straight_on(&self, v: u32, taken: u32, d: usize, after: u32) -> u32 {
        if after == 0 {
            return 0;
        }
        let next = nearest(after, d);
        let behind = NEIGHBOR[next as usize][d];
        let open = behind != NONE && self.occ & (1 << behind) == 0;
        if open && (self.them & !taken) & (1 << next) != 0 {
            RAY[v as usize][d]
        } else {
            0
        }
    }
}

/// The board as the side to move sees it: its men, its kings, the opponent's pieces and the
/// occupied squares.
#[inline(always)]
fn sides(pos: &Position) -> (u32, u32, u32, u32) {
    let (us, them) = match pos.turn {
        Side::First => (pos.white, pos.black),
        Side::Second => (pos.black, pos.white),
    };
    let kings = pos.kings & us;
    (us & !kings, kings, them, us | them)
}

/// Whether the side to move has a capture.
#[inline(always)]
pub(crate) fn has_capture(pos: &Position, rules: &MoveRules) -> bool {
    let (men, kings, them, occ) = sides(pos);
    let empty = !occ;
    let man_dirs = rules.man_capture_dirs(pos.turn);
    for d in [UL, UR, DL, DR] {
        if man_dirs & (1 << d) != 0 && shift(shift(men, d) & them, d) & empty != 0 {
            return true;
        }
    }
    let mut ks = kings;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        for d in [UL, UR, DL, DR] {
            let blockers = RAY[k][d] & occ;
            if blockers == 0 {
                continue;
            }
            let v = nearest(blockers, d);
            if them & (1 << v) != 0 && (rules.kings_capture_far || NEIGHBOR[k][d] as u32 == v) {
                let l = NEIGHBOR[v as usize][d];
                if l != NONE && empty & (1 << l) != 0 {
                    return true;
                }
            }
        }
    }
    false
}

/// Runs the capture search for every piece of the side to move.
pub(crate) fn captures<S: Sink>(pos: &Position, rules: &MoveRules, sink: &mut S) {
    let (men, kings, them, all) = sides(pos);
    let man_dirs = rules.man_capture_dirs(pos.turn);
    let mut search = Search {
        them,
        their_kings: them & pos.kings,
        occ: all,
        promo: promotion_row(pos.turn),
        man_dirs,
        vanish: if rules.captured_stay { 0 } else { !0 },
        taken_block: if rules.jump_once { !0 } else { 0 },
        as_king: rules.passing == Passing::GoesOnAsKing,
        crowned_man: false,
        rules: *rules,
        best: 1,
        path: [0; MAX_PATH],
        sink,
    };
    // Only men with a first jump can start a capture: an enemy piece next to them with an
    // empty square behind it.
    let empty = !all;
    let mut jumpers = 0;
    for d in [UL, UR, DL, DR] {
        if man_dirs & (1 << d) != 0 {
            let back = opposite(d);
            jumpers |= men & shift(shift(empty, back) & them, back);
        }
    }
    let mut pieces = jumpers | kings;
    while pieces != 0 {
        let s = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        // The square the piece leaves is empty once it has left (art. 6.8).
        search.occ = if rules.start_vacated {
            all & !(1 << s)
        } else {
            all
        };
        search.path[0] = s as u8;
        if kings & (1 << s) != 0 {
            search.king(s, 0, 0, false, ALL_DIRS);
        } else {
            search.man(s, 0, 0);
        }
    }
}

/// The direction opposite to `d`.
#[inline(always)]
const fn opposite(d: usize) -> usize {
    3 - d
}

/// The directions a man moves in without capturing, as a mask of direction bits.
#[inline(always)]
fn man_moves(color: Side, rules: &MoveRules) -> u32 {
    if !rules.men_move_forward_only {
        ALL_DIRS
    } else {
        let [a, b] = forward(color);
        1 << a | 1 << b
    }
}

/// Appends the non-capturing moves of the side to move.
pub(crate) fn quiets(pos: &Position, rules: &MoveRules, moves: &mut Vec<Move>) {
    let (men, kings, _, occ) = sides(pos);
    let empty = !occ;
    let promo = promotion_row(pos.turn);
    let dirs = man_moves(pos.turn, rules);
    for d in [UL, UR, DL, DR] {
        if dirs & (1 << d) == 0 {
            continue;
        }
        let mut targets = shift(men, d) & empty;
        while targets != 0 {
            let t = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let from = NEIGHBOR[t][opposite(d)] as usize;
            moves.push(Move::quiet(
                Square::ALL[from],
                Square::ALL[t],
                promo & (1 << t) != 0,
            ));
        }
    }
    let mut ks = kings;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        for d in [UL, UR, DL, DR] {
            let mut t = NEIGHBOR[k][d];
            while t != NONE && empty & (1 << t) != 0 {
                moves.push(Move::quiet(Square::ALL[k], Square::ALL[t as usize], false));
                if !rules.kings_fly {
                    break;
                }
                t = NEIGHBOR[t as usize][d];
            }
        }
    }
}

/// The number of non-capturing moves of the side to move.
#[inline(always)]
pub(crate) fn count_quiets(pos: &Position, rules: &MoveRules) -> u64 {
    let (men, kings, _, occ) = sides(pos);
    let empty = !occ;
    let mut n = 0;
    let dirs = man_moves(pos.turn, rules);
    for d in [UL, UR, DL, DR] {
        if dirs & (1 << d) != 0 {
            n += (shift(men, d) & empty).count_ones();
        }
    }
    let mut ks = kings;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        for d in [UL, UR, DL, DR] {
            let ray = RAY[k][d];
            let blockers = ray & occ;
            n += if !rules.kings_fly {
                let t = NEIGHBOR[k][d];
                u32::from(t != NONE && empty & (1 << t) != 0)
            } else if blockers == 0 {
                ray.count_ones()
            } else {
                let b = nearest(blockers, d);
                (ray & !(RAY[b as usize][d] | 1 << b)).count_ones()
            };
        }
    }
    n as u64
}

/// Appends every legal path of the side to move: all capture sequences the rules allow if
/// there is a capture (capture is compulsory, art. 6.2), the plain moves otherwise.
pub(crate) fn legal_paths(pos: &Position, rules: &MoveRules, moves: &mut Vec<Move>) {
    if has_capture(pos, rules) {
        let start = moves.len();
        captures(pos, rules, &mut MoveSink { moves, start });
        if rules.compulsory {
            return;
        }
    }
    quiets(pos, rules, moves);
}

impl Position {
    /// Every legal path: each distinct capture route is listed, so two entries may be the
    /// same move (equal identities). Capture is compulsory (art. 6.2): if any capture exists
    /// only captures are listed.
    pub fn legal_paths(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        legal_paths(self, &self.rules, &mut moves);
        moves
    }

    /// The legal moves, one per identity. Where several paths have the same identity, the
    /// move carries the lexicographically smallest path (comparing square numbers in
    /// order). Sorted by that path.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = self.legal_paths();
        dedup_identities(&mut moves);
        moves
    }

    /// Every path of the same identity as `mv`, smallest first.
    pub fn paths_of(&self, mv: &Move) -> Vec<Move> {
        let mut paths: Vec<Move> = self.legal_paths().into_iter().filter(|m| m == mv).collect();
        paths.sort_by(Move::cmp_path);
        paths
    }

    /// Whether `mv` (by identity) is legal here.
    pub fn is_legal(&self, mv: &Move) -> bool {
        self.legal_paths().contains(mv)
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&self, mv: &Move) -> Result<Position, PlayError> {
        if self.is_legal(mv) {
            Ok(self.play_unchecked(mv))
        } else {
            Err(PlayError::Illegal(mv.to_string()))
        }
    }

    /// The game result if it is decided by the position: the side to move has no pieces or
    /// no legal move and loses (art. 12.2.2 and 12.2.3), as the rules score it (the
    /// endings score it under their [`EndingScores`](crate::outcome::EndingScores)).
    pub fn outcome(&self) -> Option<Outcome> {
        let (reason, clause) = if self.pieces(self.turn).is_empty() {
            (Reason::NoPieces, clause::D64_END_ALL_PIECES_CAPTURED)
        } else if !has_capture(self, &self.rules) && count_quiets(self, &self.rules) == 0 {
            (Reason::NoLegalMove, clause::D64_END_NO_LEGAL_MOVE)
        } else {
            return None;
        };
        Some(Outcome::win(self.turn.other(), reason, Some(clause.into())))
    }
}
