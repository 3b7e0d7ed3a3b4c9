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
//! the convention of the published perft path counts (RULES.md), which this generator
//! reproduces; identities (and so the moves convention) do not depend on it.
//!
//! The search writes into a [`Sink`], so perft can count sequences without building moves.

use super::bitboard::{nearest, shift, DL, DR, NEIGHBOR, NONE, RAY, UL, UR};
use super::mv::{Move, MAX_PATH};
use super::position::Position;
use super::square::{Color, Square};

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

/// No direction (nothing to skip).
const NO_DIR: usize = 4;

/// The state of one capture search.
struct Search<'a, S: Sink> {
    /// Opponent pieces (captured ones included: they stay until the move ends).
    them: u32,
    /// Every piece on the board except the one moving.
    occ: u32,
    /// The mover's promotion row.
    promo: u32,
    russian: bool,
    /// Brazilian: the most pieces taken by a sequence found so far.
    best: u32,
    path: [u8; MAX_PATH],
    sink: &'a mut S,
}

impl<S: Sink> Search<'_, S> {
    #[inline]
    fn emit(&mut self, depth: usize, captured: u32, promotes: bool) {
        if !self.russian {
            let n = captured.count_ones();
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

    /// A man on `s` (having taken `captured`) looks for a further jump in all four
    /// directions; returns whether it found one (and so the sequence went on).
    fn man(&mut self, s: usize, captured: u32, depth: usize) -> bool {
        let mut found = false;
        for d in [UL, UR, DL, DR] {
            let v = NEIGHBOR[s][d];
            if v == NONE || (self.them & !captured) & (1 << v) == 0 {
                continue;
            }
            let l = NEIGHBOR[v as usize][d];
            if l == NONE || self.occ & (1 << l) != 0 {
                continue;
            }
            found = true;
            let taken = captured | 1 << v;
            self.path[depth + 1] = l;
            let on_last_row = self.promo & (1 << l) != 0;
            if self.russian && on_last_row {
                // Russian: crowned at once, goes on capturing as a king.
                if !self.king(l as usize, taken, depth + 1, true, NO_DIR) {
                    self.emit(depth + 1, taken, true);
                }
            } else if !self.man(l as usize, taken, depth + 1) {
                // Brazilian: crowned only if the sequence ends on the last row.
                self.emit(depth + 1, taken, on_last_row);
            }
        }
        found
    }

    /// A king on `s` looks for a further capture; `crowned` is true for a man crowned
    /// during this move. Returns whether it found one.
    fn king(&mut self, s: usize, captured: u32, depth: usize, crowned: bool, skip: usize) -> bool {
        let mut found = false;
        for d in [UL, UR, DL, DR] {
            if d == skip {
                continue;
            }
            let blockers = RAY[s][d] & self.occ;
            if blockers == 0 {
                continue;
            }
            let v = nearest(blockers, d);
            if (self.them & !captured) & (1 << v) == 0 {
                continue; // own piece, a piece already taken, or nothing to take
            }
            let beyond = RAY[v as usize][d];
            let after = beyond & self.occ;
            let landings = if after == 0 {
                beyond
            } else {
                let stop = nearest(after, d);
                beyond & !(RAY[stop as usize][d] | 1 << stop)
            };
            if landings == 0 {
                continue;
            }
            found = true;
            let taken = captured | 1 << v;
            let mut stops = 0u32;
            let mut went_on = false;
            let first = NEIGHBOR[v as usize][d] as u32;
            let mut rest = landings;
            while rest != 0 {
                let l = rest.trailing_zeros();
                rest &= rest - 1;
                self.path[depth + 1] = l as u8;
                // Going on along the same line is one route, taken from the first landing
                // square; from the others only the turning routes are new.
                let skip = if l == first { NO_DIR } else { d };
                if self.king(l as usize, taken, depth + 1, crowned, skip) {
                    went_on = true;
                } else {
                    stops |= 1 << l;
                }
            }
            if !went_on {
                // No landing square allows a further capture: any of them ends the move.
                while stops != 0 {
                    let l = stops.trailing_zeros();
                    stops &= stops - 1;
                    self.path[depth + 1] = l as u8;
                    self.emit(depth + 1, taken, crowned);
                }
            }
        }
        found
    }
}

/// The side to move's pieces, the opponent's, and the side to move's kings.
#[inline(always)]
fn sides(pos: &Position) -> (u32, u32, u32) {
    match pos.turn {
        Color::White => (pos.white, pos.black, pos.kings & pos.white),
        Color::Black => (pos.black, pos.white, pos.kings & pos.black),
    }
}

/// Whether the side to move has a capture.
#[inline]
pub(crate) fn has_capture(pos: &Position) -> bool {
    let (us, them, kings) = sides(pos);
    let occ = us | them;
    let empty = !occ;
    let men = us & !kings;
    for d in [UL, UR, DL, DR] {
        if shift(shift(men, d) & them, d) & empty != 0 {
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
            if them & (1 << v) != 0 {
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
pub(crate) fn captures<S: Sink>(pos: &Position, sink: &mut S) {
    let (us, them, kings) = sides(pos);
    let all = us | them;
    let mut search = Search {
        them,
        occ: all,
        promo: pos.turn.promotion_row(),
        russian: pos.variant == super::Variant::Russian,
        best: 1,
        path: [0; MAX_PATH],
        sink,
    };
    // Only men with a first jump can start a capture: an enemy piece next to them with an
    // empty square behind it.
    let empty = !all;
    let men = us & !kings;
    let mut jumpers = 0;
    for d in [UL, UR, DL, DR] {
        let back = opposite(d);
        jumpers |= men & shift(shift(empty, back) & them, back);
    }
    let mut pieces = jumpers | kings;
    while pieces != 0 {
        let s = pieces.trailing_zeros() as usize;
        pieces &= pieces - 1;
        search.occ = all & !(1 << s);
        search.path[0] = s as u8;
        if kings & (1 << s) != 0 {
            search.king(s, 0, 0, false, NO_DIR);
        } else {
            search.man(s, 0, 0);
        }
    }
}

/// The forward directions of a side's men.
#[inline(always)]
const fn forward(color: Color) -> [usize; 2] {
    match color {
        Color::White => [UL, UR],
        Color::Black => [DL, DR],
    }
}

/// The direction opposite to `d`.
#[inline(always)]
const fn opposite(d: usize) -> usize {
    3 - d
}

/// Appends the non-capturing moves of the side to move.
pub(crate) fn quiets(pos: &Position, moves: &mut Vec<Move>) {
    let (us, them, kings) = sides(pos);
    let occ = us | them;
    let empty = !occ;
    let men = us & !kings;
    let promo = pos.turn.promotion_row();
    for d in forward(pos.turn) {
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
                t = NEIGHBOR[t as usize][d];
            }
        }
    }
}

/// The number of non-capturing moves of the side to move.
#[inline]
pub(crate) fn count_quiets(pos: &Position) -> u64 {
    let (us, them, kings) = sides(pos);
    let occ = us | them;
    let empty = !occ;
    let men = us & !kings;
    let [a, b] = forward(pos.turn);
    let mut n = (shift(men, a) & empty).count_ones() + (shift(men, b) & empty).count_ones();
    let mut ks = kings;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        for d in [UL, UR, DL, DR] {
            let ray = RAY[k][d];
            let blockers = ray & occ;
            n += if blockers == 0 {
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
pub(crate) fn legal_paths(pos: &Position, moves: &mut Vec<Move>) {
    if has_capture(pos) {
        let start = moves.len();
        captures(pos, &mut MoveSink { moves, start });
    } else {
        quiets(pos, moves);
    }
}
