//! Finding the cycle a history ends in, and the ruling on it ([`CycleRuling`]).

use super::classify::{classify, display, Chased, Nature, SubKind};
use super::RepetitionRules;
use crate::mutant::DrawMutant as D;
use crate::xiangqi::{parse_move, Move, NotationError, Position, Square};
use crate::Side;
use serde::{Serialize, Serializer};

/// What the rules make of a repeated cycle: the decision of a [`CycleRuling`], written
/// `verdict` in its JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CycleDecision {
    /// Neither side must change: the repetition is a draw (不变作和; with allowed moves on
    /// both sides either side may claim it).
    Draw,
    /// One side repeats a forbidden cycle and must change its moves.
    MustChange,
    /// One side went on repeating a forbidden cycle after it had to change, and loses.
    Loss,
}

impl CycleDecision {
    /// The slug used in JSON and cases (`draw`, `must-change`, `loss`).
    pub const fn slug(self) -> &'static str {
        match self {
            CycleDecision::Draw => "draw",
            CycleDecision::MustChange => "must-change",
            CycleDecision::Loss => "loss",
        }
    }
}

/// Whether a side's moves in a cycle are allowed (允许着法) or forbidden (禁止着法).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Judgement {
    /// At least one idle move.
    Allowed,
    /// Every move an attack (打).
    Forbidden,
}

/// Each side's judgement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Judgements {
    /// Red's moves in the cycle.
    pub red: Judgement,
    /// Black's moves in the cycle.
    pub black: Judgement,
}

/// One move of the cycle, with its nature.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CycleMove {
    /// Its number in the history, counting from 1.
    pub ply: usize,
    /// The move (ICCS in JSON).
    #[serde(rename = "move", serialize_with = "display")]
    pub mv: Move,
    /// Who played it.
    #[serde(serialize_with = "color")]
    pub side: Side,
    /// 将, 杀, 捉 or 闲.
    pub nature: Nature,
    /// For an idle move, its kind where one applies.
    pub sub_kind: Option<SubKind>,
    /// The pieces it chases (see [`super::Classification::chased`]).
    pub chased: Vec<Chased>,
    /// The chased pieces as pieces, not squares: a number per piece standing at the start
    /// of the cycle, followed as it moves (for "the same piece chased on every move").
    #[serde(skip)]
    pub(crate) chased_pieces: Vec<usize>,
}

/// The ruling on the cycle a history ends in (棋例): the decision, the side it binds, the
/// cycle and the reasoning. Named for what it is, so that `Verdict` means only a case's
/// result (`case::Verdict`). Serialises to the `repetition` object of
/// `arbiter status --format json` (see `docs/repetition.md`), whose `verdict` key is the
/// decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CycleRuling {
    /// Draw, must change, or loss.
    #[serde(rename = "verdict")]
    pub ruling: CycleDecision,
    /// The side that must change or has lost; `None` for a draw.
    #[serde(serialize_with = "opt_color")]
    pub side: Option<Side>,
    /// The last cycle of the history, move by move.
    pub cycle: Vec<CycleMove>,
    /// How many times the cycle has been played in a row, ending with the last move.
    pub repetitions: usize,
    /// Each side's moves: allowed or forbidden.
    pub judgement: Judgements,
    /// The reasoning in a sentence, with the clauses it follows.
    pub reason: String,
}

fn color<S: Serializer>(c: &Side, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.xiangqi_name())
}

fn opt_color<S: Serializer>(c: &Option<Side>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => s.serialize_str(c.xiangqi_name()),
        None => s.serialize_none(),
    }
}

/// Why a history cannot be judged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RepetitionError {
    /// A move text could not be read in the position it is played in.
    #[error("move {number} '{text}': {reason}")]
    Notation {
        /// 1-based number of the move in the history.
        number: usize,
        /// The text.
        text: String,
        /// Why it was refused.
        reason: NotationError,
    },
    /// A move is not legal in the position it is played in.
    #[error("move {number} ({mv}) is not legal in the position it is played in")]
    Illegal {
        /// 1-based number of the move in the history.
        number: usize,
        /// The move.
        mv: Move,
    },
}

/// Reads a history of move texts (ICCS, WXF or Chinese) played from `start`.
pub fn history<S: AsRef<str>>(start: &Position, texts: &[S]) -> Result<Vec<Move>, RepetitionError> {
    let mut pos = *start;
    let mut moves = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let text = text.as_ref();
        let m = parse_move(&pos, text).map_err(|reason| RepetitionError::Notation {
            number: i + 1,
            text: text.to_owned(),
            reason,
        })?;
        pos = pos.play(m).map_err(|_| RepetitionError::Illegal {
            number: i + 1,
            mv: m,
        })?;
        moves.push(m);
    }
    Ok(moves)
}

/// Judges the cycle the history `moves` (played from `start`) ends in, or `None` when the
/// history does not end in a cycle played [`RepetitionRules::cycles_for_verdict`] times.
///
/// The cycle is the shortest period `L` (in plies) such that each of the last
/// `cycles_for_verdict × L` positions equals the one `L` plies later (same pieces, same
/// side to move). Each move of the last `L` plies is classified; a side whose moves are all
/// attacks is forbidden ([`RepetitionRules::is_forbidden`]). Then:
///
/// - one side checks perpetually and the other does not: the checker must change;
/// - otherwise one side forbidden and the other allowed: the forbidden side must change;
/// - otherwise (both allowed, both forbidden): draw.
///
/// A side that must change and has let the cycle be played once more (the repetition
/// count exceeds `cycles_for_verdict`) has lost.
pub fn adjudicate(
    start: &Position,
    moves: &[Move],
    rules: &RepetitionRules,
) -> Result<Option<CycleRuling>, RepetitionError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    positions.push(*start);
    let mut pos = *start;
    for (i, &m) in moves.iter().enumerate() {
        pos = pos.play(m).map_err(|_| RepetitionError::Illegal {
            number: i + 1,
            mv: m,
        })?;
        positions.push(pos);
    }
    adjudicate_played(&positions, moves, rules)
}

/// [`adjudicate`] of a history already played: `positions[i + 1]` is `positions[i]` after
/// the legal move `moves[i]` (a game keeps them as it goes, [`crate::xiangqi::endings`]).
pub(crate) fn adjudicate_played(
    positions: &[Position],
    moves: &[Move],
    rules: &RepetitionRules,
) -> Result<Option<CycleRuling>, RepetitionError> {
    adjudicate_played_after(positions, moves, rules, None).map(|(verdict, _)| verdict)
}

/// The repeated stretch at the end of a history that a verdict was found on: the positions
/// from ply `first` to ply `plies` each equal the one `len` plies later.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    /// The length of the history it was found on.
    pub(crate) plies: usize,
    /// The cycle's length.
    pub(crate) len: usize,
    /// Where the repetition of the cycle starts.
    pub(crate) first: usize,
}

/// [`adjudicate_played`] knowing the [`Run`] found on a shorter prefix of the same history
/// (a game asks after every move): when the cycle is the same and the stretch continues,
/// its start is not searched for again, so that a history repeating one cycle for n plies
/// costs O(n) in all, not O(n²). Returns the run found, for the next call.
pub(crate) fn adjudicate_played_after(
    positions: &[Position],
    moves: &[Move],
    rules: &RepetitionRules,
    earlier: Option<Run>,
) -> Result<(Option<CycleRuling>, Option<Run>), RepetitionError> {
    debug_assert_eq!(positions.len(), moves.len() + 1);
    // Two positions are the same for repetition with the same pieces on the same squares
    // and the same side to move.
    let same = |a: usize, b: usize| positions[a].same_placement(&positions[b]);
    let n = moves.len();
    let r = rules.cycles_for_verdict.max(1);
    let periodic = |from: usize, len: usize| (from..=n - len).rev().all(|k| same(k, k + len));
    let Some(len) = (1..)
        .map(|k| 2 * k)
        .take_while(|&len| r * len <= n)
        .find(|&len| periodic(n - r * len, len))
    else {
        return Ok((None, None));
    };
    let mut first = n - r * len;
    // The earlier stretch (plies `e.first` to `e.plies`) and the one just checked (from
    // `n - r * len`) touch or overlap: together one stretch, which starts at `e.first`.
    if let Some(e) = earlier
        .filter(|e| e.len == len && e.plies <= n && e.first <= first && e.plies + 1 >= first + len)
    {
        first = e.first;
    }
    while first > 0 && same(first - 1, first - 1 + len) {
        first -= 1;
    }
    let run = Run {
        plies: n,
        len,
        first,
    };
    let repetitions = (n - first) / len;

    let mut cycle = Vec::with_capacity(len);
    // Each piece standing at the start of the cycle gets a number that follows it.
    let mut ids: Vec<Option<usize>> = vec![None; 90];
    for sq in Square::all() {
        if positions[n - len].piece_at(sq).is_some() {
            ids[sq.index()] = Some(sq.index());
        }
    }
    for ply in n - len + 1..=n {
        let before = &positions[ply - 1];
        let m = moves[ply - 1];
        let previous = ply.checked_sub(2).map(|i| moves[i]);
        let c = classify(before, m, previous, rules)
            .map_err(|_| RepetitionError::Illegal { number: ply, mv: m })?;
        ids[m.to.index()] = ids[m.from.index()].take();
        let chased_pieces = c
            .chased
            .iter()
            .filter_map(|x| ids[x.square.index()])
            .collect();
        cycle.push(CycleMove {
            ply,
            mv: m,
            side: before.turn(),
            nature: c.nature,
            sub_kind: c.sub_kind,
            chased: c.chased,
            chased_pieces,
        });
    }
    let judging = Judging::in_force();
    Ok((Some(judge(cycle, repetitions, rules, judging)), Some(run)))
}

fn natures(cycle: &[CycleMove], side: Side) -> Vec<Nature> {
    cycle
        .iter()
        .filter(|c| c.side == side)
        .map(|c| c.nature)
        .collect()
}

/// The Chinese name of a side's pattern: 长将, 长捉, 一将一捉, 一捉一闲, 闲 …
fn pattern(natures: &[Nature]) -> String {
    let mut distinct: Vec<Nature> = Vec::new();
    for &n in natures {
        if !distinct.contains(&n) {
            distinct.push(n);
        }
    }
    match distinct.as_slice() {
        [Nature::Idle] => "闲".to_owned(),
        [one] => format!("长{}", one.chinese()),
        many => many.iter().map(|n| format!("一{}", n.chinese())).collect(),
    }
}

/// How the verdict follows from the judgements, beyond the edition's readings: the rules'
/// own ([`Judging::RULES`]), or as a mutant of the reference alters them (`crate::mutant`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Judging {
    /// How many further cycles a side that must change may play before it loses (一 (七):
    /// one); `None`: it never loses.
    pub cycles_before_loss: Option<usize>,
    /// One idle move makes a side's moves allowed (xq.repetition.idle-allowed).
    pub idle_move_allows: bool,
}

impl Judging {
    /// The rules' judging.
    pub const RULES: Judging = Judging {
        cycles_before_loss: Some(1),
        idle_move_allows: true,
    };
}

/// Whether a side's moves in the cycle are forbidden: every move an attack (and, unless
/// the rules forbid mixtures, all of one nature: 长将, 长捉, 长杀). Where the rules look at a
/// checking move as a chase too, a side that chases on every move, some of them checks,
/// chases perpetually. Where one piece chasing two in turn is allowed, a perpetual chase
/// needs one piece chased on every move.
fn side_forbidden(
    cycle: &[CycleMove],
    side: Side,
    rules: &RepetitionRules,
    judging: Judging,
) -> bool {
    let moves: Vec<&CycleMove> = cycle.iter().filter(|c| c.side == side).collect();
    let natures: Vec<Nature> = moves.iter().map(|c| c.nature).collect();
    if moves.is_empty() {
        return false;
    }
    if !judging.idle_move_allows && natures.iter().any(|&n| rules.is_attack(n)) {
        return true;
    }
    let chases = |c: &&CycleMove| {
        c.nature == Nature::Chase
            || (rules.check_can_chase && c.nature != Nature::Idle && !c.chased.is_empty())
    };
    let one_piece = || {
        let mut common: Vec<usize> = moves[0].chased_pieces.clone();
        for c in &moves[1..] {
            common.retain(|p| c.chased_pieces.contains(p));
        }
        !common.is_empty()
    };
    let perpetual_chase =
        moves.iter().all(chases) && (rules.alternate_targets_forbidden || one_piece());
    if rules.mixed_attacks_forbidden {
        // Every move an attack; but a cycle of chases alone is 长捉 only if the rules say
        // so for chases of different pieces in turn.
        if !natures.iter().all(|&n| rules.is_attack(n)) {
            return false;
        }
        return !natures.iter().all(|&n| n == Nature::Chase) || perpetual_chase;
    }
    let all = |n: Nature| natures.iter().all(|&x| x == n);
    all(Nature::Check)
        || (rules.mate_threat_is_attack && all(Nature::MateThreat))
        || perpetual_chase
}

fn judge(
    cycle: Vec<CycleMove>,
    repetitions: usize,
    rules: &RepetitionRules,
    judging: Judging,
) -> CycleRuling {
    let red = natures(&cycle, Side::First);
    let black = natures(&cycle, Side::Second);
    let forbidden = |side: Side| {
        if side_forbidden(&cycle, side, rules, judging) {
            Judgement::Forbidden
        } else {
            Judgement::Allowed
        }
    };
    let judgement = Judgements {
        red: forbidden(Side::First),
        black: forbidden(Side::Second),
    };
    let perpetual = |n: &[Nature]| !n.is_empty() && n.iter().all(|&x| x == Nature::Check);
    let describe = |side: Side, n: &[Nature], j: Judgement| {
        let list: Vec<&str> = n.iter().map(|x| x.slug()).collect();
        let j = match j {
            Judgement::Allowed => "allowed",
            Judgement::Forbidden => "forbidden",
        };
        format!(
            "{} {} ({}): {j}",
            side.xiangqi_name(),
            list.join(", "),
            pattern(n)
        )
    };
    let mut reason = format!(
        "cycle of {} plies played {repetitions} times; {}; {}",
        cycle.len(),
        describe(Side::First, &red, judgement.red),
        describe(Side::Second, &black, judgement.black)
    );
    let (red_pc, black_pc) = (perpetual(&red), perpetual(&black));
    let culprit = if rules.perpetual_check_always_loses && red_pc != black_pc {
        let side = if red_pc { Side::First } else { Side::Second };
        reason.push_str(&format!(
            "; {side} checks perpetually and the other side does not, so {side} must change \
             (xq.repetition.perpetual-check-loses)",
            side = side.xiangqi_name()
        ));
        Some(side)
    } else {
        match (judgement.red, judgement.black) {
            (Judgement::Forbidden, Judgement::Allowed)
            | (Judgement::Allowed, Judgement::Forbidden) => {
                let side = if judgement.red == Judgement::Forbidden {
                    Side::First
                } else {
                    Side::Second
                };
                reason.push_str(&format!(
                    "; only {side}'s moves are forbidden, so {side} must change \
                     (xq.repetition.mutual-draw, xq.result.forbidden-repetition-unchanged)",
                    side = side.xiangqi_name()
                ));
                Some(side)
            }
            (Judgement::Allowed, Judgement::Allowed) => {
                reason.push_str(
                    "; both sides' moves are allowed: drawn if neither changes, and either side may \
                     claim the draw (xq.draw.repetition-claim, xq.repetition.mutual-draw)",
                );
                None
            }
            (Judgement::Forbidden, Judgement::Forbidden) => {
                reason.push_str(
                    "; both sides' moves are forbidden: drawn if neither changes (不变作和, \
                     xq.repetition.mutual-draw, xq.draw.repetition-unchanged)",
                );
                None
            }
        }
    };
    let ruling = match culprit {
        None => CycleDecision::Draw,
        Some(side)
            if judging
                .cycles_before_loss
                .is_some_and(|k| repetitions >= rules.cycles_for_verdict + k) =>
        {
            reason.push_str(&format!(
                "; {side} went on repeating after the cycle had been played {} times and loses \
                 (xq.result.forbidden-repetition-unchanged)",
                rules.cycles_for_verdict,
                side = side.xiangqi_name()
            ));
            CycleDecision::Loss
        }
        Some(_) => CycleDecision::MustChange,
    };
    CycleRuling {
        ruling,
        side: culprit,
        cycle,
        repetitions,
        judgement,
        reason,
    }
}

impl Judging {
    /// The judging in force: [`Judging::RULES`], unless the active mutant of the reference
    /// ([`crate::mutant`]) alters it.
    pub(crate) fn in_force() -> Judging {
        let mut j = Judging::RULES;
        match crate::mutant::active_draw() {
            Some(D::UnchangedRepetitionNeverLoses) => j.cycles_before_loss = None,
            Some(D::ForbiddenRepetitionLosesAtOnce) => j.cycles_before_loss = Some(0),
            Some(D::IdleMoveDoesNotAllow) => j.idle_move_allows = false,
            _ => {}
        }
        j
    }
}
