//! Move tables computed at compile time: for every square, where each kind of piece can
//! step, with the square that must be empty (horse leg, elephant eye), and the rays of the
//! straight movers. Squares are indices `rank * 9 + file`; [`NONE`] (90) stands for "off
//! the board" and indexes an always-empty sentinel cell of the position's board.

use super::move_rules::MoveRules;

/// Index of the always-empty sentinel cell.
pub(crate) const NONE: u8 = 90;

const fn sq(file: i32, rank: i32) -> u8 {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        (rank * 9 + file) as u8
    } else {
        NONE
    }
}

/// The file and rank of square `s`.
const fn file_rank(s: usize) -> (i32, i32) {
    ((s % 9) as i32, (s / 9) as i32)
}

/// `for $i in 0..$n $body`, for the const fns (which may not use iterators); the body may
/// not `continue`.
macro_rules! upto {
    ($i:ident, $n:expr, $body:block) => {
        let mut $i = 0;
        while $i < $n {
            $body
            $i += 1;
        }
    };
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

impl<const N: usize> Steps<N> {
    /// No step from any square.
    const EMPTY: Steps<N> = Steps {
        to: [[NONE; N]; 90],
        block: [[NONE; N]; 90],
        len: [0; 90],
    };

    /// These steps and one more from `from`: to `to`, past `block` (or [`NONE`]).
    const fn with(mut self, from: usize, to: u8, block: u8) -> Steps<N> {
        let n = self.len[from] as usize;
        self.to[from][n] = to;
        self.block[from][n] = block;
        self.len[from] += 1;
        self
    }
}

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn make_rays() -> Rays {
    let mut t = Rays {
        squares: [[[NONE; 9]; 4]; 90],
        len: [[0; 4]; 90],
    };
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        upto!(d, 4, {
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
        });
    });
    t
}

const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// One step in one of `dirs`, from a palace point to a palace point: the general moves
/// orthogonally (`DIRS`), the advisor diagonally (`DIAG`). Not `confined` (a mutant): from
/// any point to any point.
const fn make_palace_steps(dirs: [(i32, i32); 4], confined: bool) -> Steps<4> {
    let mut t = Steps::EMPTY;
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        upto!(d, 4, {
            let (x, y) = (f + dirs[d].0, r + dirs[d].1);
            let inside = in_any_palace(f, r) && in_any_palace(x, y);
            if sq(x, y) != NONE && (inside || !confined) {
                t = t.with(s, sq(x, y), NONE);
            }
        });
    });
    t
}

/// Elephant: two diagonal steps, the eye (the point between) empty (unless not `eye`, a
/// mutant), never across the river (unless not `river`, a mutant).
const fn make_elephant(eye: bool, river: bool) -> Steps<4> {
    let mut t = Steps::EMPTY;
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        upto!(d, 4, {
            let (x, y) = (f + 2 * DIAG[d].0, r + 2 * DIAG[d].1);
            if sq(x, y) != NONE && ((r <= 4) == (y <= 4) || !river) {
                let eye = if eye {
                    sq(f + DIAG[d].0, r + DIAG[d].1)
                } else {
                    NONE
                };
                t = t.with(s, sq(x, y), eye);
            }
        });
    });
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
/// long direction) must be empty (unless not `leg`, a mutant).
const fn make_horse(leg: bool) -> Steps<8> {
    let mut t = Steps::EMPTY;
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        upto!(d, 8, {
            let (df, dr) = HORSE[d];
            let (x, y) = (f + df, r + dr);
            if sq(x, y) != NONE {
                let leg = if !leg {
                    NONE
                } else if df == 2 || df == -2 {
                    sq(f + df / 2, r)
                } else {
                    sq(f, r + dr / 2)
                };
                t = t.with(s, sq(x, y), leg);
            }
        });
    });
    t
}

/// Soldier of colour `c` (0 red, 1 black): forward, and sideways once across the river.
/// `sideways[0]`: sideways before the river (a mutant); `sideways[1]`: after it.
const fn make_soldier(c: usize, sideways: [bool; 2]) -> Steps<3> {
    let mut t = Steps::EMPTY;
    let fwd = if c == 0 { 1 } else { -1 };
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        let crossed = if c == 0 { r >= 5 } else { r <= 4 };
        let aside = sideways[crossed as usize];
        let targets = [
            (sq(f, r + fwd), true),
            (sq(f - 1, r), aside),
            (sq(f + 1, r), aside),
        ];
        upto!(i, 3, {
            let (to, allowed) = targets[i];
            if allowed && to != NONE {
                t = t.with(s, to, NONE);
            }
        });
    });
    t
}

/// [`make_soldier`] for both colours.
const fn make_soldiers(sideways: [bool; 2]) -> [Steps<3>; 2] {
    [make_soldier(0, sideways), make_soldier(1, sideways)]
}

/// For a general on each square: the four diagonal neighbours (horse legs) and, for each,
/// the two squares from which a horse would attack through that leg. Not `leg` (a mutant):
/// the legs are the always-empty sentinel.
const fn make_horse_attacks(leg: bool) -> [[[u8; 3]; 4]; 90] {
    let mut t = [[[NONE; 3]; 4]; 90];
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        upto!(d, 4, {
            let (a, b) = DIAG[d];
            let leg = if leg { sq(f + a, r + b) } else { NONE };
            t[s][d] = [leg, sq(f + a, r + 2 * b), sq(f + 2 * a, r + b)];
        });
    });
    t
}

/// For a general of colour `c` on each square: the squares from which an enemy soldier
/// attacks it (in front of it, and beside it unless not `sideways`, a mutant).
const fn make_soldier_attacks(c: usize, sideways: bool) -> [[u8; 3]; 90] {
    let mut t = [[NONE; 3]; 90];
    let fwd = if c == 0 { 1 } else { -1 };
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        t[s] = if sideways {
            [sq(f, r + fwd), sq(f - 1, r), sq(f + 1, r)]
        } else {
            [sq(f, r + fwd), NONE, NONE]
        };
    });
    t
}

/// For a general on each square: the squares where a moving piece may change whether the
/// general is attacked (its file, its rank and its four diagonal neighbours).
const fn make_danger() -> [u128; 90] {
    let mut t = [0u128; 90];
    upto!(s, 90, {
        let (f, r) = file_rank(s);
        let mut m = 0u128;
        upto!(o, 90, {
            let (x, y) = (o % 9, o / 9);
            let diag = (x - f == 1 || f - x == 1) && (y - r == 1 || r - y == 1);
            if x == f || y == r || diag {
                m |= 1u128 << o;
            }
        });
        t[s] = m;
    });
    t
}

/// For a general on each square and each point: the rays of [`RAYS`] from the general that
/// pass through the point, one bit per direction.
const fn make_lines(rays: &Rays) -> [[u8; 90]; 90] {
    let mut t = [[0u8; 90]; 90];
    upto!(g, 90, {
        upto!(d, 4, {
            upto!(i, rays.len[g][d] as usize, {
                t[g][rays.squares[g][d][i] as usize] |= 1 << d;
            });
        });
    });
    t
}

pub(crate) static RAYS: Rays = make_rays();
pub(crate) static LINES: [[u8; 90]; 90] = make_lines(&make_rays());
pub(crate) static HORSE_ATTACKS: [[[u8; 3]; 4]; 90] = make_horse_attacks(true);
static HORSE_ATTACKS_NO_LEG: [[[u8; 3]; 4]; 90] = make_horse_attacks(false);
pub(crate) static DANGER: [u128; 90] = make_danger();

// The step tables for each setting of the switches of `MoveRules` a table depends on
// (xiangqi's, and the rules' alterations: the mutants of `crate::mutant`), indexed by the
// switches in the order named (`false` 0, `true` 1).

/// By `general_confined`.
static GENERAL: [Steps<4>; 2] = [
    make_palace_steps(DIRS, false),
    make_palace_steps(DIRS, true),
];
/// By `advisor_diagonal`, then `advisor_confined`.
static ADVISOR: [[Steps<4>; 2]; 2] = [
    [
        make_palace_steps(DIRS, false),
        make_palace_steps(DIRS, true),
    ],
    [
        make_palace_steps(DIAG, false),
        make_palace_steps(DIAG, true),
    ],
];
/// By `elephant_eye_blocks`, then `elephant_stays_home`.
static ELEPHANT: [[Steps<4>; 2]; 2] = [
    [make_elephant(false, false), make_elephant(false, true)],
    [make_elephant(true, false), make_elephant(true, true)],
];
/// By `horse_leg_blocks`.
static HORSE_STEPS: [Steps<8>; 2] = [make_horse(false), make_horse(true)];
/// By `soldier_sideways_before_river`, then `soldier_sideways_after_river`; then by
/// colour.
static SOLDIER: [[[Steps<3>; 2]; 2]; 2] = [
    [make_soldiers([false, false]), make_soldiers([false, true])],
    [make_soldiers([true, false]), make_soldiers([true, true])],
];
/// By `soldier_sideways_after_river`; then by colour.
static SOLDIER_ATTACKS: [[[[u8; 3]; 90]; 2]; 2] = [
    [
        make_soldier_attacks(0, false),
        make_soldier_attacks(1, false),
    ],
    [make_soldier_attacks(0, true), make_soldier_attacks(1, true)],
];

/// Which moves a side in check, or not in check, may make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Legality {
    /// No move may leave the own general attacked (第一章 第二节 四, 第三节).
    Full,
    /// A side in check may leave it unanswered (a mutant).
    UnansweredCheck,
    /// Every move allowed by the movement rules is legal (a mutant).
    Movement,
}

/// The tables and switches the generator and the attack test read for some
/// [`MoveRules`]: looked up once per operation (a move list, a count, a perft run) and
/// passed down.
#[derive(Clone, Copy)]
pub(crate) struct Tables {
    pub(crate) general: &'static Steps<4>,
    pub(crate) advisor: &'static Steps<4>,
    pub(crate) elephant: &'static Steps<4>,
    pub(crate) horse: &'static Steps<8>,
    pub(crate) soldier: &'static [Steps<3>; 2],
    pub(crate) horse_attacks: &'static [[[u8; 3]; 4]; 90],
    pub(crate) soldier_attacks: &'static [[[u8; 3]; 90]; 2],
    pub(crate) cannon_needs_screen: bool,
    pub(crate) cannon_jumps: bool,
    pub(crate) chariot_jumps: bool,
    pub(crate) generals_may_not_face: bool,
    pub(crate) legality: Legality,
    /// Whether the attack rules are xiangqi's (horse legs block, soldiers attack sideways
    /// across the river, the generals may not face, the cannon needs a screen): then the
    /// shortcut `Position::attacked_after`, written for them, may stand for playing a move
    /// and testing the general.
    pub(crate) standard_attacks: bool,
}

impl Tables {
    /// The tables of `rules`.
    #[inline]
    pub(crate) fn of(rules: &MoveRules) -> Tables {
        let r = rules;
        Tables {
            general: &GENERAL[usize::from(r.general_confined)],
            advisor: &ADVISOR[usize::from(r.advisor_diagonal)][usize::from(r.advisor_confined)],
            elephant: &ELEPHANT[usize::from(r.elephant_eye_blocks)]
                [usize::from(r.elephant_stays_home)],
            horse: &HORSE_STEPS[usize::from(r.horse_leg_blocks)],
            soldier: &SOLDIER[usize::from(r.soldier_sideways_before_river)]
                [usize::from(r.soldier_sideways_after_river)],
            horse_attacks: if r.horse_leg_blocks {
                &HORSE_ATTACKS
            } else {
                &HORSE_ATTACKS_NO_LEG
            },
            soldier_attacks: &SOLDIER_ATTACKS[usize::from(r.soldier_sideways_after_river)],
            cannon_needs_screen: r.cannon_needs_screen,
            cannon_jumps: r.cannon_jumps,
            chariot_jumps: r.chariot_jumps,
            generals_may_not_face: r.generals_may_not_face,
            legality: if !r.no_self_exposure {
                Legality::Movement
            } else if !r.check_must_be_answered {
                Legality::UnansweredCheck
            } else {
                Legality::Full
            },
            standard_attacks: r.horse_leg_blocks
                && r.soldier_sideways_after_river
                && r.generals_may_not_face
                && r.cannon_needs_screen,
        }
    }
}
