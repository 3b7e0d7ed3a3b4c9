//! [`Generator`]: valid positions with histories, a pure function of a seed and an index.
//!
//! Positions come in *episodes* of [`EPISODE_LEN`] samples: sample `i` belongs to episode
//! `i / EPISODE_LEN`, and an episode is drawn from its own generator
//! ([`Rng::for_item`]`(seed, episode)`), so a sample depends on nothing but `(seed, i)`. A
//! [`Generator`] keeps the last episode it built, so walking the indices in order builds each
//! episode once.
//!
//! An episode is one of:
//!
//! - a **playout** from the start position, biased toward captures, promotions, king moves
//!   and checks, so the capture and promotion rules are reached; its samples are windows of
//!   the game (a position reached and the moves played since an earlier one);
//! - draughts **capture tangles**: independent positions, each a capturing piece among
//!   opposing pieces spread where they can be taken (often on a lattice where every landing
//!   square is free), so long chains, circuits and king turns are common;
//! - a **mutation**: a position of a short playout changed by valid-by-construction steps
//!   (remove a piece, add one, crown a man, flip the side to move, set the xiangqi halfmove
//!   clock near the 60-move limit), keeping only setups the reference accepts, then played
//!   on;
//! - a **shuffle**: a sparse position (draughts: mostly kings) and a history of long
//!   capture-free stretches and repetition cycles (a move, a reply, both undone, several
//!   times over: kings shuffling in draughts, chariots and horses oscillating in xiangqi), to
//!   reach the counting endings, threefold repetition and the xiangqi repetition verdicts.
//!
//! Every sample is checked with the reference before it is handed out: a history that goes
//! on after the game ended (an automatic draw, a loss by forbidden repetition) is cut before
//! the move the reference would refuse.

use super::rng::Rng;
use crate::draughts::{self, Bitboard, Variant};
use crate::mutant::MoveMutant;
use crate::xiangqi;
use crate::Ruleset;

/// Samples per episode.
pub const EPISODE_LEN: u64 = 16;

/// A generated position and history: the question the fuzzer asks both engines.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sample {
    /// The starting position, as canonical FEN.
    pub fen: String,
    /// The history played from it, in canonical move text.
    pub moves: Vec<String>,
}

/// Generates samples of one ruleset from one seed.
///
/// ```
/// use arbiter::fuzz::Generator;
///
/// let ruleset = "russian".parse().unwrap();
/// let mut a = Generator::new(&ruleset, 42);
/// let mut b = Generator::new(&ruleset, 42);
/// assert_eq!(a.sample(17), b.sample(17));
/// // Indices can be taken in any order: a sample depends only on (seed, index).
/// assert_eq!(a.sample(3), Generator::new(&ruleset, 42).sample(3));
/// ```
#[derive(Debug, Clone)]
pub struct Generator {
    ruleset: Ruleset,
    seed: u64,
    cache: Option<(u64, Vec<Sample>)>,
}

impl Generator {
    /// A generator of `ruleset` positions from `seed`.
    pub fn new(ruleset: &Ruleset, seed: u64) -> Generator {
        Generator {
            ruleset: ruleset.clone(),
            seed,
            cache: None,
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Sample `index` of the seed.
    pub fn sample(&mut self, index: u64) -> Sample {
        let episode = index / EPISODE_LEN;
        if self.cache.as_ref().map(|(e, _)| *e) != Some(episode) {
            let mut rng = Rng::for_item(self.seed, episode);
            let samples = match Variant::from_game(self.ruleset.game) {
                Some(variant) => {
                    episode_samples(&mut rng, draughts::Position::start(variant), &self.ruleset)
                }
                None => episode_samples(&mut rng, xiangqi::Position::start(), &self.ruleset),
            };
            self.cache = Some((episode, samples));
        }
        let samples = &self
            .cache
            .as_ref()
            .map(|(_, s)| s)
            .unwrap_or_else(|| unreachable!());
        samples[(index % EPISODE_LEN) as usize % samples.len()].clone()
    }
}

/// What the generator needs of a game's typed position.
pub(crate) trait GamePos: Clone {
    type Move: Clone;
    /// The legal moves, one per identity.
    fn moves(&self) -> Vec<Self::Move>;
    /// The identities of the legal moves, packed into `u64`s, into `out` (cleared first),
    /// in generation order (a path's identity may come more than once in draughts). Equal
    /// lists mean equal legal moves; for unequal ones, compare them sorted and deduplicated.
    fn identities(&self, out: &mut Vec<u64>);
    fn play(&self, m: &Self::Move) -> Self;
    /// The same position with the clause `m` breaks altered in its move rules.
    fn mutated(&self, m: MoveMutant) -> Self;
    /// A text the reference reads back as this move, if there is one.
    fn text(&self, m: &Self::Move) -> Option<String>;
    fn fen(&self) -> String;
    /// How much a playout favours the move.
    fn weight(&self, m: &Self::Move) -> u32;
    /// Whether the move keeps a capture-free stretch going (and, in a cycle, may be undone).
    fn quiet(&self, m: &Self::Move) -> bool;
    /// Whether `b` puts back the piece `a` moved.
    fn undoes(a: &Self::Move, b: &Self::Move) -> bool;
    /// One valid-by-construction change of the setup, or `None` if the attempt gave an
    /// invalid setup.
    fn mutate(&self, rng: &mut Rng) -> Option<Self>;
    /// A sparse position: pieces removed down to a few (draughts: most men crowned).
    fn sparsify(&self, rng: &mut Rng) -> Self;
    /// Whether the game has capture tangles ([`GamePos::tangle`]).
    const TANGLES: bool;
    /// A capture tangle: a few pieces of the side to move among opposing pieces spread
    /// over the squares where they can be taken, so long capture sequences (circuits, king
    /// turns, routes crossing their own start square or a piece already taken) are common.
    /// `None` if the attempt gave an invalid setup.
    fn tangle(&self, rng: &mut Rng) -> Option<Self>;
    /// How many moves of `moves` from `self` the reference accepts in a row (a move after
    /// the game ended is refused).
    fn accepted(&self, ruleset: &Ruleset, moves: &[Self::Move]) -> usize;
}

/// A line of play from a base position.
struct Line<P: GamePos> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
}

impl<P: GamePos> Line<P> {
    fn new(base: P) -> Line<P> {
        Line {
            positions: vec![base],
            moves: Vec::new(),
        }
    }

    /// A playout from `base` of a random number of plies in `lo..=hi`.
    fn played(rng: &mut Rng, base: P, lo: usize, hi: usize) -> Line<P> {
        let mut line = Line::new(base);
        let plies = rng.range(lo, hi);
        line.playout(rng, plies, false);
        line
    }

    fn last(&self) -> &P {
        self.positions.last().unwrap_or_else(|| unreachable!())
    }

    fn push(&mut self, m: P::Move) {
        let next = self.last().play(&m);
        self.positions.push(next);
        self.moves.push(m);
    }

    /// Plays `plies` biased random moves (quiet ones when `quiet`); stops when no move.
    fn playout(&mut self, rng: &mut Rng, plies: usize, quiet: bool) {
        for _ in 0..plies {
            let pos = self.last();
            let moves = pos.moves();
            if moves.is_empty() {
                return;
            }
            let pick = if quiet {
                let q: Vec<u32> = moves.iter().map(|m| u32::from(pos.quiet(m))).collect();
                rng.weighted(&q)
            } else {
                None
            };
            let pick = pick.unwrap_or_else(|| {
                let w: Vec<u32> = moves.iter().map(|m| pos.weight(m)).collect();
                rng.weighted(&w).unwrap_or(0)
            });
            self.push(moves[pick].clone());
        }
    }

    /// Plays a repetition cycle `reps` times: a quiet move, a quiet reply, and both undone.
    /// Returns whether one was found.
    fn cycle(&mut self, rng: &mut Rng, reps: usize) -> bool {
        for _ in 0..8 {
            let p0 = self.last().clone();
            let Some(m1) = pick_quiet(&p0, rng) else {
                return false;
            };
            let p1 = p0.play(&m1);
            let Some(m2) = pick_quiet(&p1, rng) else {
                continue;
            };
            let p2 = p1.play(&m2);
            let Some(u1) = p2.moves().into_iter().find(|u| P::undoes(&m1, u)) else {
                continue;
            };
            let p3 = p2.play(&u1);
            let Some(u2) = p3.moves().into_iter().find(|u| P::undoes(&m2, u)) else {
                continue;
            };
            for _ in 0..reps {
                for m in [&m1, &m2, &u1, &u2] {
                    self.push(m.clone());
                }
            }
            return true;
        }
        false
    }
}

fn pick_quiet<P: GamePos>(pos: &P, rng: &mut Rng) -> Option<P::Move> {
    let moves = pos.moves();
    let w: Vec<u32> = moves
        .iter()
        .map(|m| if pos.quiet(m) { pos.weight(m) } else { 0 })
        .collect();
    rng.weighted(&w).map(|i| moves[i].clone())
}

/// What an episode is made of.
enum Episode<P: GamePos> {
    /// One line of play; `from_base`: its samples favour starting at its base.
    Line { line: Line<P>, from_base: bool },
    /// Independent capture tangles, one per sample, each sometimes with the move that
    /// starts untangling it.
    Tangles(Vec<Line<P>>),
}

/// An episode of capture tangles.
fn tangles<P: GamePos>(rng: &mut Rng, start: &P) -> Episode<P> {
    Episode::Tangles(
        (0..EPISODE_LEN)
            .map(|_| {
                let base = (0..8)
                    .find_map(|_| start.tangle(rng))
                    .unwrap_or_else(|| start.clone());
                let mut line = Line::new(base);
                if rng.chance(25) {
                    line.playout(rng, 1, false);
                }
                line
            })
            .collect(),
    )
}

/// The play of one episode.
fn episode<P: GamePos>(rng: &mut Rng, start: P) -> Episode<P> {
    let kind = rng.below(10);
    if kind < 4 {
        // A playout from the start.
        let line = Line::played(rng, start, 4, 140);
        Episode::Line {
            line,
            from_base: false,
        }
    } else if kind == 6 && P::TANGLES {
        tangles(rng, &start)
    } else if kind < 7 {
        // A mutated position, played on.
        let pre = Line::played(rng, start, 0, 70);
        let mut base = pre.last().clone();
        if rng.chance(30) {
            base = base.sparsify(rng);
        }
        for _ in 0..rng.range(1, 6) {
            if let Some(b) = base.mutate(rng) {
                base = b;
            }
        }
        let line = Line::played(rng, base, 0, 40);
        Episode::Line {
            line,
            from_base: false,
        }
    } else {
        // Shuffles: a sparse position, capture-free stretches and repetition cycles.
        let pre = Line::played(rng, start, 0, 60);
        let base = if rng.chance(70) {
            pre.last().sparsify(rng)
        } else {
            pre.last().clone()
        };
        let mut line = Line::new(base);
        for _ in 0..rng.range(1, 4) {
            if rng.chance(50) {
                let plies = rng.range(1, 40);
                line.playout(rng, plies, true);
            }
            let reps = rng.range(1, 5);
            if !line.cycle(rng, reps) {
                line.playout(rng, 2, false);
            }
        }
        Episode::Line {
            line,
            from_base: true,
        }
    }
}

/// Every position of episode `episode` of `seed`, in order (the positions its samples are
/// cut from). The typed in-process comparison (`fuzz::movegen`) walks these.
pub(crate) fn episode_positions<P: GamePos>(seed: u64, episode: u64, start: P) -> Vec<P> {
    let mut rng = Rng::for_item(seed, episode);
    match self::episode(&mut rng, start) {
        Episode::Line { line, .. } => line.positions,
        Episode::Tangles(lines) => lines.into_iter().flat_map(|l| l.positions).collect(),
    }
}

/// The samples of one episode.
fn episode_samples<P: GamePos>(rng: &mut Rng, start: P, ruleset: &Ruleset) -> Vec<Sample> {
    let (line, from_base) = match episode(rng, start) {
        Episode::Line { line, from_base } => (line, from_base),
        Episode::Tangles(lines) => {
            return lines
                .iter()
                .map(|line| {
                    let ok = line.positions[0].accepted(ruleset, &line.moves);
                    let moves = line.moves[..ok]
                        .iter()
                        .enumerate()
                        .map_while(|(k, m)| line.positions[k].text(m))
                        .collect();
                    Sample {
                        fen: line.positions[0].fen(),
                        moves,
                    }
                })
                .collect()
        }
    };
    let accepted = line.positions[0].accepted(ruleset, &line.moves);
    let len = accepted.min(line.moves.len());
    let mut samples = Vec::with_capacity(EPISODE_LEN as usize);
    for _ in 0..EPISODE_LEN {
        // Where the sample ends: late positions are favoured (sparser, with kings).
        let end = if rng.chance(50) {
            len - rng.below(len / 3 + 1)
        } else {
            rng.range(0, len)
        };
        let begin = if from_base && rng.chance(70) {
            0
        } else {
            end - rng.below(end.min(24) + 1)
        };
        // A window of an accepted history should be accepted too (its counters start
        // afresh), but this is checked rather than assumed. A window from the line's base
        // is a prefix of the history checked above (`end <= len`), whose replay is the
        // same move for move: it is accepted whole without replaying it again.
        let base = &line.positions[begin];
        let window = &line.moves[begin..end];
        let ok = if begin == 0 {
            window.len()
        } else {
            base.accepted(ruleset, window)
        };
        // A move with no text the reference reads back ends the history before it.
        let moves = window[..ok]
            .iter()
            .enumerate()
            .map_while(|(k, m)| line.positions[begin + k].text(m))
            .collect();
        samples.push(Sample {
            fen: base.fen(),
            moves,
        });
    }
    samples
}

impl GamePos for draughts::Position {
    type Move = draughts::Move;

    fn moves(&self) -> Vec<draughts::Move> {
        self.legal_moves()
    }

    fn identities(&self, out: &mut Vec<u64>) {
        out.clear();
        out.extend(self.legal_moves().iter().map(|m| {
            let id = m.identity();
            u64::from(id.captured.0)
                | (id.from.index() as u64) << 32
                | (id.to.index() as u64) << 40
                | u64::from(id.promotes) << 48
        }));
    }

    fn play(&self, m: &draughts::Move) -> Self {
        self.play_unchecked(m)
    }

    fn mutated(&self, m: MoveMutant) -> Self {
        self.with_move_rules(crate::rulebook::moves::draughts(self.move_rules(), m))
    }

    /// The full path of one of the move's routes that reads back as the move. A full path
    /// is read as a partial one, so it can be ambiguous: `14x23x32` also names
    /// `14x21x30x23x32` (see docs/fuzzing.md, findings).
    fn text(&self, m: &draughts::Move) -> Option<String> {
        std::iter::once(*m)
            .chain(self.paths_of(m))
            .map(|p| p.to_string())
            .find(|t| {
                self.parse_move(t)
                    .is_ok_and(|back| back.identity() == m.identity())
            })
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn weight(&self, m: &draughts::Move) -> u32 {
        let king = self.kings().contains(m.from());
        2 + 2 * m.captured().count() + 6 * u32::from(m.promotes()) + 2 * u32::from(king)
    }

    fn quiet(&self, m: &draughts::Move) -> bool {
        !m.is_capture() && self.kings().contains(m.from())
    }

    fn undoes(a: &draughts::Move, b: &draughts::Move) -> bool {
        !b.is_capture() && b.from() == a.to() && b.to() == a.from()
    }

    fn mutate(&self, rng: &mut Rng) -> Option<Self> {
        use crate::Side;
        use draughts::{Piece, Role, Square};
        let mut setup = self.setup();
        let occupied = setup.white | setup.black;
        let pick = |rng: &mut Rng, set: Bitboard| {
            let squares: Vec<Square> = set.into_iter().collect();
            (!squares.is_empty()).then(|| squares[rng.below(squares.len())])
        };
        match rng.below(4) {
            0 => setup.remove_piece(pick(rng, occupied)?),
            1 => {
                let color = if rng.chance(50) {
                    Side::First
                } else {
                    Side::Second
                };
                let role = if rng.chance(30) {
                    Role::King
                } else {
                    Role::Man
                };
                setup.set_piece(pick(rng, !occupied)?, Piece { color, role });
            }
            2 => setup.kings = setup.kings.with(pick(rng, occupied & !setup.kings)?),
            _ => setup.turn = setup.turn.other(),
        }
        draughts::Position::from_setup(&setup, self.variant()).ok()
    }

    fn sparsify(&self, rng: &mut Rng) -> Self {
        let mut pos = *self;
        let target = rng.range(2, 7) as u32;
        let crown = rng.range(40, 100) as u32;
        for _ in 0..64 {
            let setup = pos.setup();
            let count = (setup.white | setup.black).count();
            if count <= target {
                break;
            }
            // Both sides keep a piece: an empty side is a mutation's business.
            let squares: Vec<_> = (setup.white | setup.black)
                .into_iter()
                .filter(|&sq| {
                    let side = if setup.white.contains(sq) {
                        setup.white
                    } else {
                        setup.black
                    };
                    side.count() > 1
                })
                .collect();
            if squares.is_empty() {
                break;
            }
            let mut next = setup;
            next.remove_piece(squares[rng.below(squares.len())]);
            if let Ok(p) = draughts::Position::from_setup(&next, pos.variant()) {
                pos = p;
            }
        }
        let mut setup = pos.setup();
        for sq in setup.white | setup.black {
            if rng.chance(crown) {
                setup.kings = setup.kings.with(sq);
            }
        }
        draughts::Position::from_setup(&setup, pos.variant()).unwrap_or(pos)
    }

    const TANGLES: bool = true;

    fn tangle(&self, rng: &mut Rng) -> Option<Self> {
        use crate::Side;
        use draughts::{Piece, Role, Setup, Square};
        let turn = if rng.chance(50) {
            Side::First
        } else {
            Side::Second
        };
        let mut setup = Setup::empty(turn);
        let mut free: Vec<Square> = Square::ALL.to_vec();
        // Half the time the tangle is a lattice: the opponent's pieces on ranks of one
        // parity and the capturing piece on the other, so that every square a jump lands on
        // is of the capturing piece's parity and free of them (a man then often has long
        // chains and circuits back to its start square).
        let lattice = rng.chance(75).then(|| rng.below(2) as u8);
        let mut take = |rng: &mut Rng, victim: bool| {
            let fits = |sq: &Square| match (victim, lattice) {
                // Only a piece off the edges can be taken.
                (true, parity) => {
                    (1..7).contains(&sq.file())
                        && (1..7).contains(&sq.rank())
                        && parity.is_none_or(|p| sq.rank() % 2 == p)
                }
                (false, Some(p)) => sq.rank() % 2 != p,
                (false, None) => true,
            };
            let squares: Vec<usize> = (0..free.len()).filter(|&i| fits(&free[i])).collect();
            (!squares.is_empty()).then(|| free.swap_remove(squares[rng.below(squares.len())]))
        };
        // The opponent's pieces.
        for _ in 0..rng.range(4, 9) {
            let role = if rng.chance(25) {
                Role::King
            } else {
                Role::Man
            };
            let sq = take(rng, true)?;
            setup.set_piece(
                sq,
                Piece {
                    color: turn.other(),
                    role,
                },
            );
        }
        // The capturing piece: a king, or one time in four a man (half the time in a
        // lattice).
        let man = if lattice.is_some() { 50 } else { 25 };
        let role = if rng.chance(man) {
            Role::Man
        } else {
            Role::King
        };
        setup.set_piece(take(rng, false)?, Piece { color: turn, role });
        // A few bystanders of its own side, which block routes.
        for _ in 0..rng.range(0, 2) {
            setup.set_piece(
                take(rng, false)?,
                Piece {
                    color: turn,
                    role: Role::Man,
                },
            );
        }
        draughts::Position::from_setup(&setup, self.variant()).ok()
    }

    fn accepted(&self, ruleset: &Ruleset, moves: &[draughts::Move]) -> usize {
        let mut game = draughts::endings::DraughtsEndings::new(ruleset, *self);
        for (i, m) in moves.iter().enumerate() {
            if i > 0 && game.outcome().is_over() {
                return i;
            }
            game.push(m);
        }
        moves.len()
    }
}

impl GamePos for xiangqi::Position {
    type Move = xiangqi::Move;

    fn moves(&self) -> Vec<xiangqi::Move> {
        self.legal_moves().to_vec()
    }

    fn identities(&self, out: &mut Vec<u64>) {
        out.clear();
        out.extend(
            self.legal_moves_unordered()
                .iter()
                .map(|m| (m.from.index() as u64) << 8 | m.to.index() as u64),
        );
    }

    /// Every move played here comes from the position's own legal moves (playouts and
    /// cycles pick from [`GamePos::moves`]), so it is made without checking it again.
    fn play(&self, m: &xiangqi::Move) -> Self {
        let mut next = *self;
        next.make(*m);
        next
    }

    fn mutated(&self, m: MoveMutant) -> Self {
        self.with_move_rules(crate::rulebook::moves::xiangqi(self.move_rules(), m))
    }

    fn text(&self, m: &xiangqi::Move) -> Option<String> {
        Some(m.to_string())
    }

    fn fen(&self) -> String {
        xiangqi::Position::fen(self)
    }

    fn weight(&self, m: &xiangqi::Move) -> u32 {
        use xiangqi::Role;
        let role = self.piece_at(m.from).map(|p| p.role);
        let mut w = match role {
            Some(Role::Chariot | Role::Horse | Role::Cannon) => 4,
            _ => 2,
        };
        if self.captured(*m).is_some() {
            w += 8;
        }
        if self.gives_check(*m) {
            w += 6;
        }
        w
    }

    fn quiet(&self, m: &xiangqi::Move) -> bool {
        self.captured(*m).is_none()
    }

    fn undoes(a: &xiangqi::Move, b: &xiangqi::Move) -> bool {
        b.from == a.to && b.to == a.from
    }

    fn mutate(&self, rng: &mut Rng) -> Option<Self> {
        use crate::Side;
        use xiangqi::{Piece, Role, Square};
        let mut setup = self.to_setup();
        let squares: Vec<Square> = Square::all().collect();
        match rng.below(5) {
            0 => {
                let pieces: Vec<Square> = squares
                    .iter()
                    .copied()
                    .filter(|&sq| setup.piece_at(sq).is_some_and(|p| p.role != Role::General))
                    .collect();
                if pieces.is_empty() {
                    return None;
                }
                setup.set(pieces[rng.below(pieces.len())], None);
            }
            1 => {
                let sq = squares[rng.below(squares.len())];
                if setup.piece_at(sq).is_some() {
                    return None;
                }
                let color = if rng.chance(50) {
                    Side::First
                } else {
                    Side::Second
                };
                let role = Role::ALL[rng.range(1, Role::ALL.len() - 1)];
                setup.set(sq, Some(Piece { color, role }));
            }
            2 => setup.turn = setup.turn.other(),
            3 => setup.halfmoves = rng.range(100, 119) as u32,
            _ => setup.halfmoves = 0,
        }
        xiangqi::Position::from_setup(&setup).ok()
    }

    fn sparsify(&self, rng: &mut Rng) -> Self {
        let mut pos = *self;
        let target = rng.range(4, 10);
        for _ in 0..64 {
            let setup = pos.to_setup();
            let pieces: Vec<xiangqi::Square> = xiangqi::Square::all()
                .filter(|&sq| {
                    setup
                        .piece_at(sq)
                        .is_some_and(|p| p.role != xiangqi::Role::General)
                })
                .collect();
            if pieces.len() + 2 <= target {
                break;
            }
            let mut next = setup;
            next.set(pieces[rng.below(pieces.len())], None);
            if let Ok(p) = xiangqi::Position::from_setup(&next) {
                pos = p;
            }
        }
        pos
    }

    const TANGLES: bool = false;

    fn tangle(&self, _rng: &mut Rng) -> Option<Self> {
        None
    }

    fn accepted(&self, ruleset: &Ruleset, moves: &[xiangqi::Move]) -> usize {
        use xiangqi::repetition::CycleDecision;
        let mut game = xiangqi::endings::XiangqiEndings::new(ruleset, *self);
        for (i, m) in moves.iter().enumerate() {
            if i > 0 && matches!(game.verdict(), Some(v) if v.ruling == CycleDecision::Loss) {
                return i;
            }
            game.push(*m);
        }
        moves.len()
    }
}
