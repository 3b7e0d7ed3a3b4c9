//! Move tables computed at compile time: for every square, where each kind of piece can
//! step, with the square that must be empty (horse leg, elephant eye), and the rays of the
//! straight movers. Squares are indices `rank * 9 + file`; [`NONE`] (90) stands for "off
//! the board" and indexes an always-empty sentinel cell of the position's board.

/// Index of the always-empty sentinel cell.
pub(crate) const NONE: u8 = 90;

const fn sq(file: i32, rank: i32) -> u8 {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        (rank * 9 + file) as u8
    } else {
        NONE
    }
}

const fn in_any_palace(file: i32, rank: i32) -> bool {
    file >= 3 && file <= 5 && (rank <= 2 || rank >= 7) && rank >= 0 && rank <= 9
}

/// Up to 9 squares in each of the directions north (rank + 1), south, east (file + 1),
/// west, nearest first.
pub(crate) struct Rays {
    pub(crate) squares: [[[u8; 9]; 4]; 90],
    pub(crate) len: [[u8; 4]; 90],
}

/// Steps of 0 to `N` target squares, each with a square that must be empty.
pub(crate) struct Steps<const N: usize> {
    pub(crate) to: [[u8; N]; 90],
    pub(crate) block: [[u8; N]; 90],
    pub(crate) len: [u8; 90],
}

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn make_rays() -> Rays {
    let mut t = Rays {
        squares: [[[NONE; 9]; 4]; 90],
        len: [[0; 4]; 90],
    };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            let mut n = 0;
            while sq(x, y) != NONE {
                t.squares[s][d][n] = sq(x, y);
                n += 1;
                x += df;
                y += dr;
            }
            t.len[s][d] = n as u8;
            d += 1;
        }
        s += 1;
    }
    t
}

const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// One step in one of `dirs`, from a palace point to a palace point: the general moves
/// orthogonally (`DIRS`), the advisor diagonally (`DIAG`).
const fn make_palace_steps(dirs: [(i32, i32); 4]) -> Steps<4> {
    let mut t = Steps {
        to: [[NONE; 4]; 90],
        block: [[NONE; 4]; 90],
        len: [0; 90],
    };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (x, y) = (f + dirs[d].0, r + dirs[d].1);
            if in_any_palace(f, r) && in_any_palace(x, y) {
                let n = t.len[s] as usize;
                t.to[s][n] = sq(x, y);
                t.len[s] += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Elephant: two diagonal steps, the eye (the point between) empty, never across the river.
const fn make_elephant() -> Steps<4> {
    let mut t = Steps {
        to: [[NONE; 4]; 90],
        block: [[NONE; 4]; 90],
        len: [0; 90],
    };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (x, y) = (f + 2 * DIAG[d].0, r + 2 * DIAG[d].1);
            if sq(x, y) != NONE && (r <= 4) == (y <= 4) {
                let n = t.len[s] as usize;
                t.to[s][n] = sq(x, y);
                t.block[s][n] = sq(f + DIAG[d].0, r + DIAG[d].1);
                t.len[s] += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

const HORSE: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (2, -1),
    (-2, 1),
    (-2, -1),
];

/// Horse: one orthogonal then one diagonal step; the leg (the orthogonal neighbour in the
/// long direction) must be empty.
const fn make_horse() -> Steps<8> {
    let mut t = Steps {
        to: [[NONE; 8]; 90],
        block: [[NONE; 8]; 90],
        len: [0; 90],
    };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = HORSE[d];
            let (x, y) = (f + df, r + dr);
            if sq(x, y) != NONE {
                let leg = if df == 2 || df == -2 {
                    sq(f + df / 2, r)
                } else {
                    sq(f, r + dr / 2)
                };
                let n = t.len[s] as usize;
                t.to[s][n] = sq(x, y);
                t.block[s][n] = leg;
                t.len[s] += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Soldier of colour `c` (0 red, 1 black): forward, and sideways once across the river.
const fn make_soldier(c: usize) -> Steps<3> {
    let mut t = Steps {
        to: [[NONE; 3]; 90],
        block: [[NONE; 3]; 90],
        len: [0; 90],
    };
    let fwd = if c == 0 { 1 } else { -1 };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let crossed = if c == 0 { r >= 5 } else { r <= 4 };
        let mut n = 0;
        if sq(f, r + fwd) != NONE {
            t.to[s][n] = sq(f, r + fwd);
            n += 1;
        }
        if crossed {
            if sq(f - 1, r) != NONE {
                t.to[s][n] = sq(f - 1, r);
                n += 1;
            }
            if sq(f + 1, r) != NONE {
                t.to[s][n] = sq(f + 1, r);
                n += 1;
            }
        }
        t.len[s] = n as u8;
        s += 1;
    }
    t
}

/// For a general on each square: the four diagonal neighbours (horse legs) and, for each,
/// the two squares from which a horse would attack through that leg.
const fn make_horse_attacks() -> [[[u8; 3]; 4]; 90] {
    let mut t = [[[NONE; 3]; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (a, b) = DIAG[d];
            t[s][d] = [sq(f + a, r + b), sq(f + a, r + 2 * b), sq(f + 2 * a, r + b)];
            d += 1;
        }
        s += 1;
    }
    t
}

/// For a general of colour `c` on each square: the squares from which an enemy soldier
/// attacks it (in front of it, and beside it).
const fn make_soldier_attacks(c: usize) -> [[u8; 3]; 90] {
    let mut t = [[NONE; 3]; 90];
    let fwd = if c == 0 { 1 } else { -1 };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        t[s] = [sq(f, r + fwd), sq(f - 1, r), sq(f + 1, r)];
        s += 1;
    }
    t
}

/// For a general on each square: the squares where a moving piece may change whether the
/// general is attacked (its file, its rank and its four diagonal neighbours).
const fn make_danger() -> [u128; 90] {
    let mut t = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut m = 0u128;
        let mut o = 0;
        while o < 90 {
            let (x, y) = (o % 9, o / 9);
            let diag = (x - f == 1 || f - x == 1) && (y - r == 1 || r - y == 1);
            if x == f || y == r || diag {
                m |= 1u128 << o;
            }
            o += 1;
        }
        t[s] = m;
        s += 1;
    }
    t
}

pub(crate) static RAYS: Rays = make_rays();
pub(crate) static GENERAL: Steps<4> = make_palace_steps(DIRS);
pub(crate) static ADVISOR: Steps<4> = make_palace_steps(DIAG);
pub(crate) static ELEPHANT: Steps<4> = make_elephant();
pub(crate) static HORSE_STEPS: Steps<8> = make_horse();
pub(crate) static SOLDIER: [Steps<3>; 2] = [make_soldier(0), make_soldier(1)];
pub(crate) static HORSE_ATTACKS: [[[u8; 3]; 4]; 90] = make_horse_attacks();
pub(crate) static SOLDIER_ATTACKS: [[[u8; 3]; 90]; 2] =
    [make_soldier_attacks(0), make_soldier_attacks(1)];
pub(crate) static DANGER: [u128; 90] = make_danger();
