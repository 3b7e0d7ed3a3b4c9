//! The nature of one move (着法性质): 将 check, 杀 mate threat, 捉 chase or 闲 idle.

use super::material::{
    after, exchange_gain, mates_by_checks, pass, pass_through_check, threats, Threat, MATE_DEPTH,
};
use super::RepetitionRules;
use crate::xiangqi::{IllegalMove, Move, Position, Role, Square};
use serde::{Serialize, Serializer};
use std::fmt;

/// For an enum whose values are written as slugs (kebab-case words in JSON and cases):
/// `ALL`, `slug`, `from_slug` and a `Display` that writes the slug.
macro_rules! slugs {
    ($ty:ident { $($value:ident => $slug:literal),+ $(,)? }) => {
        impl $ty {
            /// Every value, in order.
            pub const ALL: [$ty; [$($slug),+].len()] = [$($ty::$value),+];

            /// The slug used in JSON and cases.
            pub const fn slug(self) -> &'static str {
                match self {
                    $($ty::$value => $slug,)+
                }
            }

            /// The value a slug names.
            pub fn from_slug(s: &str) -> Option<$ty> {
                $ty::ALL.into_iter().find(|v| v.slug() == s)
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.slug())
            }
        }
    };
}

/// What a move does, for the repetition rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Nature {
    /// 将: after the move a piece attacks the opponent's general.
    Check,
    /// 杀: not a check, but the mover threatens to mate next move or by consecutive checks.
    MateThreat,
    /// 捉: a new threat to win an opponent's piece of value next move.
    Chase,
    /// 闲: anything else.
    Idle,
}

slugs!(Nature {
    Check => "check",
    MateThreat => "mate-threat",
    Chase => "chase",
    Idle => "idle",
});

impl Nature {
    /// The Chinese term (将, 杀, 捉, 闲).
    pub const fn chinese(self) -> char {
        match self {
            Nature::Check => '将',
            Nature::MateThreat => '杀',
            Nature::Chase => '捉',
            Nature::Idle => '闲',
        }
    }
}

/// Why an idle move is idle, where one of the named kinds applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SubKind {
    /// 兑: the moved piece may be taken, but only in an even exchange.
    ExchangeOffer,
    /// 献: the moved piece may be taken for a gain.
    SacrificeOffer,
    /// 拦: the moved piece stands in the way of a check or of an attack on one of its own
    /// pieces.
    Block,
    /// 跟: the moved piece repeats the opponent's last move alongside it (same step, from
    /// and to squares in line with the opponent's piece).
    Follow,
    /// A chase made by the general, which the rules allow.
    GeneralChase,
    /// A chase made by a soldier, which the rules allow.
    SoldierChase,
    /// A move of the general out of check; what it attacks does not count.
    AnswersCheck,
}

slugs!(SubKind {
    ExchangeOffer => "exchange-offer",
    SacrificeOffer => "sacrifice-offer",
    Block => "block",
    Follow => "follow",
    GeneralChase => "general-chase",
    SoldierChase => "soldier-chase",
    AnswersCheck => "answers-check",
});

/// An opponent piece a move chases (or, for an allowed chase, attacks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Chased {
    /// Where it stands.
    #[serde(serialize_with = "display")]
    pub square: Square,
    /// What it is (`chariot`, `horse`, …).
    #[serde(rename = "piece", serialize_with = "display")]
    pub role: Role,
}

pub(super) fn display<T: fmt::Display, S: Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// The nature of one move, with what it chases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Classification {
    /// 将, 杀, 捉 or 闲.
    pub nature: Nature,
    /// For an idle move, which kind of idle move, when one applies.
    pub sub_kind: Option<SubKind>,
    /// The pieces chased: for a chase, the new targets; for an allowed general's or
    /// soldier's chase, the pieces it attacks; otherwise empty.
    pub chased: Vec<Chased>,
}

/// Classifies the legal move `m` played in `before` under `rules`. `previous` is the
/// opponent's move that led to `before`, if known (only used to recognise 跟).
///
/// The order of the tests is: check; mate threat (when the rules count it as an attack);
/// chase; mate threat (when they do not); idle with its sub-kind. See `docs/repetition.md`.
///
/// ```
/// use arbiter::xiangqi::repetition::{classify, Nature, RepetitionRules};
/// use arbiter::xiangqi::{parse_move, Position};
///
/// // The red chariot leaves a1 for d1 and attacks the loose black horse on d6.
/// let pos = Position::from_fen("3aka3/9/4b4/3n5/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
/// let m = parse_move(&pos, "a1d1").unwrap();
/// let c = classify(&pos, m, None, &RepetitionRules::CXA).unwrap();
/// assert_eq!(c.nature, Nature::Chase);
/// assert_eq!(c.chased[0].square.to_string(), "d6");
/// ```
pub fn classify(
    before: &Position,
    m: Move,
    previous: Option<Move>,
    rules: &RepetitionRules,
) -> Result<Classification, IllegalMove> {
    let Some(mover) = before.piece_at(m.from).filter(|_| before.is_legal(m)) else {
        return Err(IllegalMove(m));
    };
    let now = after(before, m);
    if now.is_check() {
        // 将. Under rules that also look at a check as a chase, what it would win if the
        // check were set aside is reported with it (and counts for 长捉).
        let chased = if rules.check_can_chase {
            let again = pass_through_check(&now);
            let (real, _) = new_threats(before, &now, &again, m, mover.role, rules);
            chased_of(&real)
        } else {
            Vec::new()
        };
        return Ok(Classification {
            nature: Nature::Check,
            sub_kind: None,
            chased,
        });
    }
    // `now` is not check, so passing the move back to the mover is always a position.
    let again = pass(&now);
    let mate = again
        .as_ref()
        .is_some_and(|q| mates_by_checks(q, MATE_DEPTH))
        && !(rules.mate_threat_must_be_new && mates_by_checks(before, MATE_DEPTH));

    let answers_check = before.is_check() && mover.role == Role::General;
    let (real, allowed) = match &again {
        Some(q) => new_threats(before, &now, q, m, mover.role, rules),
        None => (Vec::new(), Vec::new()),
    };

    if mate && rules.mate_threat_is_attack {
        return Ok(Classification {
            nature: Nature::MateThreat,
            sub_kind: None,
            chased: chased_of(&real),
        });
    }
    if !real.is_empty() {
        return Ok(Classification {
            nature: Nature::Chase,
            sub_kind: None,
            chased: chased_of(&real),
        });
    }
    if mate {
        return Ok(Classification {
            nature: Nature::MateThreat,
            sub_kind: None,
            chased: Vec::new(),
        });
    }
    if !allowed.is_empty() {
        let sub_kind = if answers_check {
            SubKind::AnswersCheck
        } else if allowed.iter().any(|t| {
            t.attackers
                .iter()
                .any(|&a| now.piece_at(a).is_some_and(|p| p.role == Role::General))
        }) {
            SubKind::GeneralChase
        } else {
            SubKind::SoldierChase
        };
        return Ok(Classification {
            nature: Nature::Idle,
            sub_kind: Some(sub_kind),
            chased: chased_of(&allowed),
        });
    }
    Ok(Classification {
        nature: Nature::Idle,
        sub_kind: idle_kind(before, &now, m, mover.role, previous, rules),
        chased: Vec::new(),
    })
}

fn chased_of(list: &[Threat]) -> Vec<Chased> {
    let mut v: Vec<Chased> = list
        .iter()
        .map(|t| Chased {
            square: t.target,
            role: t.piece.role,
        })
        .collect();
    v.sort();
    v.dedup();
    v
}

/// The new threats of the move `m` (played in `before`, leading to `now`; `again` is `now`
/// with the mover to move again), split into those that chase (捉) and those the rules
/// allow (made by the general or a soldier alone, or by the general answering a check).
fn new_threats(
    before: &Position,
    now: &Position,
    again: &Position,
    m: Move,
    mover: Role,
    rules: &RepetitionRules,
) -> (Vec<Threat>, Vec<Threat>) {
    // New threats: targets the mover could win after the move that it could not win before
    // (or, where the rules say so, that a piece could not win before: a renewed chase).
    let old = threats(before, rules);
    let moved = |sq: Square| if sq == m.from { m.to } else { sq };
    let mut new: Vec<Threat> = threats(again, rules);
    new.retain_mut(|t| {
        let Some(o) = old
            .iter()
            .find(|o| o.target == t.target && o.piece == t.piece)
        else {
            return true;
        };
        if !rules.renewed_by_new_attacker {
            return false;
        }
        t.attackers
            .retain(|&a| !o.attackers.iter().any(|&b| moved(b) == a));
        !t.attackers.is_empty()
    });
    // 联合捉 (joint chase): the moved piece joins an attack on a piece that another of the
    // mover's pieces now wins by capturing first (the piece's one protector is outnumbered),
    // though the moved piece itself might only exchange. The chase is the moved piece's,
    // whichever piece would make the winning capture — a general or soldier (whose own
    // chases are allowed), or a horse, cannon or chariot that the target could trade itself
    // for: an exchange the target may offer back does not take the threat away. Only a moved
    // piece that the target takes for a gain (献) chases nothing.
    let joins = |t: &Threat| {
        rules.joint_chase_by_mover
            && !rules.free_chasers.contains(&mover)
            && t.attackers.iter().any(|&a| a != m.to)
            && again.legal_moves().contains(&Move {
                from: m.to,
                to: t.target,
            })
            && !wins_back(now, t.target, m.to)
    };
    let joint: Vec<bool> = new.iter().map(joins).collect();
    // The opponent moves next: a target that can itself take its attacker without loss is
    // not chased by that attacker (兑, or the attacker is offered: 献).
    for t in &mut new {
        t.attackers.retain(|&a| !strikes_back(now, t.target, a));
    }
    // A piece that cannot move except to take the piece it attacks (a chariot pinned by
    // that horse) does not chase it, under the rules that say so.
    if !rules.immobilised_attacker_chases {
        let legal = again.legal_moves();
        for t in &mut new {
            t.attackers
                .retain(|&a| legal.iter().any(|l| l.from == a && l.to != t.target));
        }
    }

    let free = |sq: Square| {
        now.piece_at(sq)
            .is_some_and(|p| rules.free_chasers.contains(&p.role))
    };
    let answers_check = before.is_check() && mover == Role::General;
    let mut real = Vec::new();
    let mut allowed = Vec::new();
    for (t, joint) in new.into_iter().zip(joint) {
        if !answers_check && (joint || t.attackers.iter().any(|&a| !free(a))) {
            real.push(t);
        } else if !t.attackers.is_empty() {
            allowed.push(t);
        }
    }
    (real, allowed)
}

/// Whether the piece on `target` (its side to move in `pos`) can legally take the piece on
/// `attacker` and come out ahead in the exchange that follows.
fn wins_back(pos: &Position, target: Square, attacker: Square) -> bool {
    let m = Move {
        from: target,
        to: attacker,
    };
    pos.legal_moves().contains(&m) && exchange_gain(pos, m) > 0
}

/// Whether the piece on `target` (its side to move in `pos`) can legally take the piece on
/// `attacker` without losing material in the exchange that follows.
fn strikes_back(pos: &Position, target: Square, attacker: Square) -> bool {
    let m = Move {
        from: target,
        to: attacker,
    };
    pos.legal_moves().contains(&m) && exchange_gain(pos, m) >= 0
}

/// Which named kind of idle move `m` is, if any: offered for an even exchange (兑) or for
/// a gain (献), blocking (拦), following (跟).
fn idle_kind(
    before: &Position,
    now: &Position,
    m: Move,
    role: Role,
    previous: Option<Move>,
    rules: &RepetitionRules,
) -> Option<SubKind> {
    let best_take = now
        .legal_moves()
        .iter()
        .filter(|r| r.to == m.to)
        .map(|&r| exchange_gain(now, r))
        .max();
    match best_take {
        Some(g) if g > 0 => return Some(SubKind::SacrificeOffer),
        Some(0) => return Some(SubKind::ExchangeOffer),
        _ => {}
    }
    let captures = before.piece_at(m.to).is_some();
    if before.is_check() && role != Role::General && !captures {
        return Some(SubKind::Block); // interposed against the check
    }
    if !captures {
        if let Some(them) = pass(before) {
            let was = threats(&them, rules);
            let still = threats(now, rules);
            let blocked = was.iter().any(|t| {
                t.target != m.from
                    && !still.iter().any(|s| s.target == t.target)
                    && t.attackers
                        .iter()
                        .any(|&a| stands_between(&them, a, t.target, m.to))
            });
            if blocked {
                return Some(SubKind::Block);
            }
        }
    }
    let follows = previous
        .is_some_and(|p| step(p) == step(m) && in_line(p.from, m.from) && in_line(p.to, m.to));
    follows.then_some(SubKind::Follow)
}

fn step(m: Move) -> (i32, i32) {
    (
        m.to.file() as i32 - m.from.file() as i32,
        m.to.rank() as i32 - m.from.rank() as i32,
    )
}

fn in_line(a: Square, b: Square) -> bool {
    a.file() == b.file() || a.rank() == b.rank()
}

/// Whether `sq` lies in the way of the piece on `from` reaching `to`: strictly between them
/// on a file or rank (chariot, cannon), or on the horse's leg.
fn stands_between(pos: &Position, from: Square, to: Square, sq: Square) -> bool {
    let Some(p) = pos.piece_at(from) else {
        return false;
    };
    let (ff, fr) = (from.file() as i32, from.rank() as i32);
    let (tf, tr) = (to.file() as i32, to.rank() as i32);
    let (sf, sr) = (sq.file() as i32, sq.rank() as i32);
    match p.role {
        Role::Chariot | Role::Cannon => {
            (ff == tf && sf == ff && sr > fr.min(tr) && sr < fr.max(tr))
                || (fr == tr && sr == fr && sf > ff.min(tf) && sf < ff.max(tf))
        }
        Role::Horse => {
            let (df, dr) = (tf - ff, tr - fr);
            let leg = if df.abs() == 2 {
                (ff + df / 2, fr)
            } else {
                (ff, fr + dr / 2)
            };
            leg == (sf, sr)
        }
        _ => false,
    }
}
