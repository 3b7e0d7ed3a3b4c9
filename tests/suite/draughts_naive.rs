//! A deliberately plain second implementation of the move rules, written independently of
//! the bitboard generator (an 8×8 array, coordinate steps, explicit lists), used only to
//! cross-check it. It lists move identities (from, to, captured set, promotion) as PDN
//! numbers; paths are not compared (both agree on identities by construction of the rules,
//! and the path convention is checked against the published perft tables instead).

#![allow(dead_code)]

use std::collections::BTreeSet;

/// Board cell: 0 empty, 1 white man, 2 white king, -1 black man, -2 black king.
pub type Board = [i8; 64];

/// A move identity in PDN numbers: (from, to, captured ascending, promotes).
pub type Identity = (u8, u8, Vec<u8>, bool);

const DIRS: [(i8, i8); 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];

pub fn number(file: i8, rank: i8) -> u8 {
    ((7 - rank) * 4 + file / 2 + 1) as u8
}

fn coords(n: u8) -> (i8, i8) {
    let i = (n - 1) as i8;
    let row = i / 4;
    let rank = 7 - row;
    let file = if row % 2 == 0 {
        (i % 4) * 2 + 1
    } else {
        (i % 4) * 2
    };
    (file, rank)
}

fn at(f: i8, r: i8) -> Option<usize> {
    if (0..8).contains(&f) && (0..8).contains(&r) {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

/// Reads the canonical FEN written by the library (numeric squares, `K` for kings).
pub fn board_from_fen(fen: &str) -> (Board, bool) {
    let mut board = [0i8; 64];
    let mut parts = fen.split(':');
    let white_to_move = parts.next() == Some("W");
    for part in parts {
        let (sign, list) = match part.split_at(1) {
            ("W", l) => (1, l),
            (_, l) => (-1, l),
        };
        for entry in list.split(',').filter(|e| !e.is_empty()) {
            let (king, num) = match entry.strip_prefix('K') {
                Some(n) => (true, n),
                None => (false, entry),
            };
            let (f, r) = coords(num.parse().unwrap());
            board[at(f, r).unwrap()] = sign * if king { 2 } else { 1 };
        }
    }
    (board, white_to_move)
}

struct Ctx {
    me: i8,
    russian: bool,
    found: Vec<(Identity, usize)>,
}

fn last_rank(me: i8) -> i8 {
    if me > 0 {
        7
    } else {
        0
    }
}

/// Continues a capture from (f, r); returns whether any further capture was found.
fn extend(
    ctx: &mut Ctx,
    board: &Board,
    start: (i8, i8),
    pos: (i8, i8),
    king: bool,
    crowned: bool,
    taken: &mut Vec<(i8, i8)>,
) -> bool {
    let mut any = false;
    for (df, dr) in DIRS {
        if king {
            let (mut f, mut r) = (pos.0 + df, pos.1 + dr);
            while at(f, r).is_some_and(|i| board[i] == 0) {
                f += df;
                r += dr;
            }
            let Some(vi) = at(f, r) else { continue };
            if board[vi] * ctx.me >= 0 || taken.contains(&(f, r)) {
                continue;
            }
            let victim = (f, r);
            let mut landings = Vec::new();
            let (mut lf, mut lr) = (f + df, r + dr);
            while at(lf, lr).is_some_and(|i| board[i] == 0) {
                landings.push((lf, lr));
                lf += df;
                lr += dr;
            }
            if landings.is_empty() {
                continue;
            }
            any = true;
            taken.push(victim);
            let mut ends = Vec::new();
            let mut continued = false;
            for &l in &landings {
                if extend(ctx, board, start, l, true, crowned, taken) {
                    continued = true;
                } else {
                    ends.push(l);
                }
            }
            if !continued {
                for l in ends {
                    record(ctx, start, l, taken, crowned);
                }
            }
            taken.pop();
        } else {
            let (vf, vr) = (pos.0 + df, pos.1 + dr);
            let (lf, lr) = (pos.0 + 2 * df, pos.1 + 2 * dr);
            let (Some(vi), Some(li)) = (at(vf, vr), at(lf, lr)) else {
                continue;
            };
            if board[vi] * ctx.me >= 0 || taken.contains(&(vf, vr)) || board[li] != 0 {
                continue;
            }
            any = true;
            taken.push((vf, vr));
            let on_last = lr == last_rank(ctx.me);
            if ctx.russian && on_last {
                if !extend(ctx, board, start, (lf, lr), true, true, taken) {
                    record(ctx, start, (lf, lr), taken, true);
                }
            } else if !extend(ctx, board, start, (lf, lr), false, false, taken) {
                record(ctx, start, (lf, lr), taken, on_last);
            }
            taken.pop();
        }
    }
    any
}

fn record(ctx: &mut Ctx, start: (i8, i8), end: (i8, i8), taken: &[(i8, i8)], promotes: bool) {
    let mut caps: Vec<u8> = taken.iter().map(|&(f, r)| number(f, r)).collect();
    caps.sort_unstable();
    let n = caps.len();
    ctx.found.push((
        (
            number(start.0, start.1),
            number(end.0, end.1),
            caps,
            promotes,
        ),
        n,
    ));
}

/// The legal move identities of a position.
pub fn legal(board: &Board, white: bool, russian: bool) -> BTreeSet<Identity> {
    let me: i8 = if white { 1 } else { -1 };
    let mut ctx = Ctx {
        me,
        russian,
        found: Vec::new(),
    };
    for i in 0..64usize {
        if board[i] * me > 0 {
            let (f, r) = ((i % 8) as i8, (i / 8) as i8);
            let mut b = *board;
            b[i] = 0;
            let king = board[i].abs() == 2;
            extend(&mut ctx, &b, (f, r), (f, r), king, false, &mut Vec::new());
        }
    }
    if !ctx.found.is_empty() {
        let best = ctx.found.iter().map(|(_, n)| *n).max().unwrap_or(0);
        return ctx
            .found
            .into_iter()
            .filter(|(_, n)| russian || *n == best)
            .map(|(id, _)| id)
            .collect();
    }
    let mut out = BTreeSet::new();
    for i in 0..64usize {
        if board[i] * me <= 0 {
            continue;
        }
        let (f, r) = ((i % 8) as i8, (i / 8) as i8);
        let king = board[i].abs() == 2;
        for (df, dr) in DIRS {
            if !king && dr != me {
                continue;
            }
            let (mut tf, mut tr) = (f + df, r + dr);
            while at(tf, tr).is_some_and(|j| board[j] == 0) {
                let promotes = !king && tr == last_rank(me);
                out.insert((number(f, r), number(tf, tr), Vec::new(), promotes));
                if !king {
                    break;
                }
                tf += df;
                tr += dr;
            }
        }
    }
    out
}

/// Plays an identity.
pub fn play(board: &Board, white: bool, id: &Identity) -> Board {
    let mut b = *board;
    let (ff, fr) = coords(id.0);
    let (tf, tr) = coords(id.1);
    let piece = b[at(ff, fr).unwrap()];
    b[at(ff, fr).unwrap()] = 0;
    for &c in &id.2 {
        let (cf, cr) = coords(c);
        b[at(cf, cr).unwrap()] = 0;
    }
    let me: i8 = if white { 1 } else { -1 };
    b[at(tf, tr).unwrap()] = if id.3 { 2 * me } else { piece };
    b
}

/// Perft in the moves convention.
pub fn perft_moves(board: &Board, white: bool, russian: bool, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal(board, white, russian);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| perft_moves(&play(board, white, m), !white, russian, depth - 1))
        .sum()
}
