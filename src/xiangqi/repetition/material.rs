//! The bounded look-ahead the classifier rests on: piece values, exchanges on one square,
//! mate by consecutive checks, and which opponent pieces a side could win next move.
//!
//! Every search here is bounded by a fixed depth, and moves are visited in the order
//! [`Position::legal_moves`] gives them, so the answers are deterministic.

use super::RepetitionRules;
use crate::xiangqi::square::own_half;
use crate::xiangqi::{Move, Piece, Position, Role, Square};
use crate::Side;

/// How many of its own moves the attacker may use in [`mates_by_checks`] when deciding a
/// mate threat (杀): mate next move, or mate after at most two further consecutive checks.
pub const MATE_DEPTH: u32 = 3;

/// How many of its own moves the defender may use to mate the side that has just won a
/// piece: a capture that lets the opponent mate by at most this many consecutive checks is
/// not a real win (捉 requires that winning the piece does not get the winner mated).
pub const SAFETY_DEPTH: u32 = 2;

/// The value of a piece standing on `sq`: chariot 10, horse and cannon 5, advisor and
/// elephant 2, a soldier 2 once it has crossed the river and 1 before; the general counts
/// 1000 so that it is always the last piece to recapture.
///
/// The CXA table (第五章 第二节 子力价值) is not in the seed; these are the customary values.
pub fn value(piece: Piece, sq: Square) -> i32 {
    match piece.role {
        Role::General => 1000,
        Role::Chariot => 10,
        Role::Horse | Role::Cannon => 5,
        Role::Advisor | Role::Elephant => 2,
        Role::Soldier if crossed(piece.color, sq) => 2,
        Role::Soldier => 1,
    }
}

/// Whether a piece of `color` on `sq` stands beyond the river.
pub fn crossed(color: Side, sq: Square) -> bool {
    !own_half(color, sq.rank())
}

/// Whether chasing this piece can be 捉: neither the general nor a soldier that has not
/// crossed the river is material (xq.repetition.not-material).
pub fn is_material(piece: Piece, sq: Square) -> bool {
    match piece.role {
        Role::General => false,
        Role::Soldier => crossed(piece.color, sq),
        _ => true,
    }
}

/// The position after a move known to be legal.
pub(super) fn after(pos: &Position, m: Move) -> Position {
    let mut next = *pos;
    next.make(m);
    next
}

/// The same placement with the other side to move ("what if it were my move again"), or
/// `None` when that is not a position (the side that would then wait is in check).
pub fn pass(pos: &Position) -> Option<Position> {
    let mut setup = pos.to_setup();
    setup.turn = setup.turn.other();
    Position::from_setup(&setup)
        .ok()
        .map(|p| p.with_move_rules(pos.move_rules()))
}

/// The same placement with the other side to move even when that side's opponent is in
/// check: "what if it were my move again, the check set aside". Only for asking what a
/// checking move would win next (a chase made by a checking move, under the rules that
/// look at it, `RepetitionRules::check_can_chase`); the opponent, still in check, may only
/// recapture with moves that are legal in check.
pub fn pass_through_check(pos: &Position) -> Position {
    pos.with_turn_unchecked(pos.turn().other())
}

/// Whether the side to move mates by a series of checks using at most `depth` of its own
/// moves: some checking move leaves no legal reply, or every reply allows another such
/// series one move shorter. Only checking moves are tried (a quiet move that stalemates is
/// not searched).
pub fn mates_by_checks(pos: &Position, depth: u32) -> bool {
    if depth == 0 {
        return false;
    }
    for &m in &pos.legal_moves() {
        let child = after(pos, m);
        if !child.is_check() {
            continue;
        }
        let replies = child.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if depth > 1
            && replies
                .iter()
                .all(|&r| mates_by_checks(&after(&child, r), depth - 1))
        {
            return true;
        }
    }
    false
}

/// The material the side to move gains by the capture `m` when both sides then go on
/// capturing on that square with their least valuable piece that can legally do so, each
/// free to stop (a static exchange played with real legal moves, so pinned protectors and
/// recaptures that would expose the general do not count).
pub fn exchange_gain(pos: &Position, m: Move) -> i32 {
    let Some(victim) = pos.piece_at(m.to) else {
        return 0;
    };
    let child = after(pos, m);
    value(victim, m.to) - recapture_gain(&child, m.to).max(0)
}

/// The gain of the best recapture on `sq` for the side to move (0 when none is legal).
fn recapture_gain(pos: &Position, sq: Square) -> i32 {
    let cheapest = pos
        .legal_moves()
        .iter()
        .filter(|m| m.to == sq)
        .filter_map(|&m| pos.piece_at(m.from).map(|p| (value(p, m.from), m)))
        .min_by_key(|&(v, m)| (v, m));
    match cheapest {
        Some((_, m)) => exchange_gain(pos, m),
        None => 0,
    }
}

/// An opponent piece the side to move could win with its next move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Threat {
    /// Where the piece stands.
    pub target: Square,
    /// The piece.
    pub piece: Piece,
    /// The pieces that win it: those capturing it with a gain, or the checking piece that
    /// starts a winning series of checks.
    pub attackers: Vec<Square>,
    /// Won only through a check first (抽将), not by a direct capture.
    pub by_check: bool,
}

/// Whether the capture `m` wins material and does not let the opponent mate in return.
fn winning_capture(pos: &Position, m: Move) -> bool {
    exchange_gain(pos, m) > 0 && !mates_by_checks(&after(pos, m), SAFETY_DEPTH)
}

/// The opponent pieces of value the side to move could win next move: by a capture that
/// gains material in the exchange on that square, or (when the rules count indirect
/// chases) by one check after which, whatever the reply, such a capture nets material.
pub fn threats(pos: &Position, rules: &RepetitionRules) -> Vec<Threat> {
    let us = pos.turn();
    let moves = pos.legal_moves();
    // Protection counts (a capture must win material in the exchange), unless a mutant of
    // the reference says otherwise (`crate::mutant`).
    let protection_counts = crate::mutant::draws::protection_counts();
    let mut out: Vec<Threat> = Vec::new();
    for &m in &moves {
        let Some(victim) = pos.piece_at(m.to) else {
            continue;
        };
        let wins = if protection_counts {
            winning_capture(pos, m)
        } else {
            !mates_by_checks(&after(pos, m), SAFETY_DEPTH)
        };
        if victim.color == us || !is_material(victim, m.to) || !wins {
            continue;
        }
        match out.iter_mut().find(|t| t.target == m.to) {
            Some(t) => t.attackers.push(m.from),
            None => out.push(Threat {
                target: m.to,
                piece: victim,
                attackers: vec![m.from],
                by_check: false,
            }),
        }
    }
    if rules.chases_by_checks {
        for (target, piece, checker) in wins_by_check(pos, &moves, &out) {
            match out.iter_mut().find(|t| t.target == target) {
                Some(t) => {
                    if !t.attackers.contains(&checker) {
                        t.attackers.push(checker);
                    }
                }
                None => out.push(Threat {
                    target,
                    piece,
                    attackers: vec![checker],
                    by_check: true,
                }),
            }
        }
    }
    out
}

/// Pieces won by one check and then a capture: for each checking move, the opponent's
/// material pieces (not already directly threatened) such that after every reply the
/// checking side can capture the piece (where it went, if the reply moved it) and come out
/// ahead counting what the check captured and what the reply captured.
fn wins_by_check(
    pos: &Position,
    moves: &[Move],
    direct: &[Threat],
) -> Vec<(Square, Piece, Square)> {
    let them = pos.turn().other();
    let candidates: Vec<(Square, Piece)> = Square::all()
        .filter_map(|sq| pos.piece_at(sq).map(|p| (sq, p)))
        .filter(|&(sq, p)| {
            p.color == them && is_material(p, sq) && !direct.iter().any(|t| t.target == sq)
        })
        .collect();
    let mut found = Vec::new();
    if candidates.is_empty() {
        return found;
    }
    for &c in moves {
        let child = after(pos, c);
        if !child.is_check() {
            continue;
        }
        let replies = child.legal_moves();
        if replies.is_empty() {
            continue; // a mate, not a chase
        }
        let gained = pos.piece_at(c.to).map(|p| value(p, c.to)).unwrap_or(0);
        for &(sq, piece) in &candidates {
            if sq == c.to || found.iter().any(|&(t, _, _)| t == sq) {
                continue;
            }
            let wins = replies.iter().all(|&r| {
                let lost = child.piece_at(r.to).map(|p| value(p, r.to)).unwrap_or(0);
                let target = if r.from == sq { r.to } else { sq };
                let next = after(&child, r);
                let best = next
                    .legal_moves()
                    .iter()
                    .filter(|m| m.to == target)
                    .map(|&m| exchange_gain(&next, m))
                    .max();
                best.is_some_and(|b| b > 0 && gained - lost + b > 0)
            });
            if wins {
                found.push((sq, piece, c.from));
            }
        }
    }
    found
}
