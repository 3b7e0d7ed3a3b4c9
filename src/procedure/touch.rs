//! Touch-move: which moves a player may make after touching pieces.
//!
//! # Xiangqi (第四章 第一节 一)
//!
//! The touches are an ordered list of groups; the squares of one group were touched at the
//! same moment (the order cannot be told). "Own" and "opponent" are relative to the side to
//! move.
//!
//! - (一) only own pieces touched: the touched piece must move, unless it has no legal move;
//!   a group of several: any of them that can move ([`TouchStep::OwnMoves`],
//!   [`TouchStep::OwnFree`]).
//! - (二) only opponent pieces touched: the touched piece must be captured, by any piece,
//!   unless none can; a group of several: one of them.
//! - (三) own, then opponent: 1 the touched own piece captures the touched opponent piece;
//!   else 2 the touched own piece moves; else 3 another piece captures it; else 4 free.
//! - (四) opponent, then own, and (五) both at once: 1 the touched own piece captures it;
//!   else 2 another piece captures it; else 3 the touched own piece moves; else 4 free.
//!
//! **More than two touches.** Only the *first* touch of each kind binds: "the touched own
//! piece" is the first group holding own pieces, "the touched opponent piece" the first
//! group holding opponent pieces; later touches of a kind already touched add nothing. This
//! is the seed's rule for several pieces of one kind (应该走那个最先触摸到的子 … 除非 … 根本不能走，
//! 才可以另走别的棋子): when the first-touched piece cannot move, the player is free — a
//! later-touched piece does not take its place. Which of (三), (四), (五) applies is decided by
//! whether the first own group comes before, after, or is the same group as the first
//! opponent group. When a group holds several pieces of a kind, "the touched piece" means
//! any of them (the seed's 自选其中的一个).
//!
//! # Draughts (art. 5.8)
//!
//! A touched own piece that has a legal move must be moved: the permitted moves are the
//! legal moves (compulsory capture, and in Brazilian the majority rule, already applied)
//! starting on it; if it has none, every legal move is permitted. Touching an opponent's
//! piece obliges nothing. The same "first touch binds" generalisation applies.
//!
//! ```
//! use arbiter::procedure::{resolve_touches, Board, Touch, TouchStep};
//! use arbiter::Ruleset;
//!
//! let ruleset: Ruleset = "xiangqi".parse().unwrap();
//! let board = Board::new(&ruleset, None).unwrap();
//! // Red touches his cannon on h2, then black's horse on h9: the cannon must take it.
//! let touches = vec![Touch::at(&board, &["h2"]).unwrap(), Touch::at(&board, &["h9"]).unwrap()];
//! let ruling = resolve_touches(&board, &touches);
//! assert_eq!(ruling.step, TouchStep::OwnThenOpponent(1));
//! assert_eq!(ruling.step_id(board.game()), "xq.touch.own-then-opponent.1");
//! assert_eq!(ruling.clause(board.game()), Some("xq.touch-move.own-then-opponent-capture"));
//! let texts: Vec<&str> = ruling.permitted.iter().map(|m| m.text.as_str()).collect();
//! assert_eq!(texts, ["h2h9"]);
//! ```

use super::board::{Board, Candidate, Spot};
use super::ProcedureError;
use crate::mutant::DrawMutant as D;
use crate::Game;
use crate::Side;

/// Why a group of squares counts as touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TouchOrigin {
    /// The player touched them (or adjusted them without announcing it).
    Hand,
    /// The piece was moved illegally and the move taken back; it counts as touched
    /// (xiangqi 第四章 第一节 三 (三) 1; draughts: the piece was touched, art. 5.8).
    IllegalMove,
}

/// Squares touched at the same moment, by the side to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Touch {
    /// The squares, each holding a piece.
    pub squares: Vec<Spot>,
    /// How the touch came about.
    pub origin: TouchOrigin,
}

impl Touch {
    /// Reads a group of squares touched together; each must hold a piece.
    pub fn at(board: &Board, squares: &[&str]) -> Result<Touch, ProcedureError> {
        let mut spots = Vec::new();
        for text in squares {
            let spot = board.parse_square(text)?;
            if board.owner(spot).is_none() {
                return Err(ProcedureError::EmptySquare(board.square_name(spot)));
            }
            if !spots.contains(&spot) {
                spots.push(spot);
            }
        }
        if spots.is_empty() {
            return Err(ProcedureError::NoSquares);
        }
        Ok(Touch {
            squares: spots,
            origin: TouchOrigin::Hand,
        })
    }
}

/// The rule step that decided which moves are permitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TouchStep {
    /// No touch binds: every legal move is permitted.
    Untouched,
    /// (一) / art. 5.8: the touched own piece (one of a simultaneous group) must move.
    OwnMoves,
    /// (一) / art. 5.8: the touched own piece cannot move; any legal move.
    OwnFree,
    /// (二): the touched opponent piece (one of a simultaneous group) must be captured.
    OpponentCaptured,
    /// (二): no piece can capture it; any legal move.
    OpponentFree,
    /// (三) own then opponent, step 1–4.
    OwnThenOpponent(u8),
    /// (四) opponent then own, step 1–4.
    OpponentThenOwn(u8),
    /// (五) both at once, step 1–4 (the order of (四)).
    Simultaneous(u8),
}

/// The permitted moves after touches, and the step that decided them.
#[derive(Debug, Clone, PartialEq)]
pub struct Ruling {
    /// The permitted moves: always legal moves, one per identity.
    pub permitted: Vec<Candidate>,
    /// The deciding step.
    pub step: TouchStep,
    /// Where the binding own touch came from (decides the clause for a retaken illegal
    /// move).
    pub origin: TouchOrigin,
    /// How many own pieces were touched in all (several: 第四章 第一节 一 (一) second part).
    pub own_touched: usize,
    /// How many opponent pieces were touched in all.
    pub opponent_touched: usize,
}

impl Ruling {
    /// Whether the touches restrict nothing (every legal move is permitted).
    pub fn is_free(&self) -> bool {
        matches!(
            self.step,
            TouchStep::Untouched
                | TouchStep::OwnFree
                | TouchStep::OpponentFree
                | TouchStep::OwnThenOpponent(4)
                | TouchStep::OpponentThenOwn(4)
                | TouchStep::Simultaneous(4)
        )
    }

    /// A stable id of the deciding step: `xq.touch.own-then-opponent.2`,
    /// `xq.touch.own.move`, `d64.touch.own.free`, `xq.touch.illegal-move.move`,
    /// `xq.touch.none`, ….
    pub fn step_id(&self, game: Game) -> String {
        let prefix = if game.is_draughts() { "d64" } else { "xq" };
        let own = match self.origin {
            TouchOrigin::Hand => "own",
            TouchOrigin::IllegalMove => "illegal-move",
        };
        let rest = match self.step {
            TouchStep::Untouched => "none".to_owned(),
            TouchStep::OwnMoves => format!("{own}.move"),
            TouchStep::OwnFree => format!("{own}.free"),
            TouchStep::OpponentCaptured => "opponent.capture".to_owned(),
            TouchStep::OpponentFree => "opponent.free".to_owned(),
            TouchStep::OwnThenOpponent(n) => format!("own-then-opponent.{n}"),
            TouchStep::OpponentThenOwn(n) => format!("opponent-then-own.{n}"),
            TouchStep::Simultaneous(n) => format!("simultaneous.{n}"),
        };
        format!("{prefix}.touch.{rest}")
    }

    /// The catalog clause (`spec/`) of the deciding step; `None` when nothing was touched.
    pub fn clause(&self, game: Game) -> Option<&'static str> {
        if game.is_draughts() {
            return match self.step {
                TouchStep::Untouched => None,
                _ => Some("d64.touch-move.touched-piece-must-move"),
            };
        }
        if self.origin == TouchOrigin::IllegalMove
            && matches!(self.step, TouchStep::OwnMoves | TouchStep::OwnFree)
        {
            return Some("xq.irregularity.illegal-move-touched");
        }
        Some(match self.step {
            TouchStep::Untouched => return None,
            TouchStep::OwnMoves | TouchStep::OwnFree if self.own_touched > 1 => {
                "xq.touch-move.own-several"
            }
            TouchStep::OwnMoves | TouchStep::OwnFree => "xq.touch-move.own-piece",
            TouchStep::OpponentCaptured | TouchStep::OpponentFree if self.opponent_touched > 1 => {
                "xq.touch-move.opponent-several"
            }
            TouchStep::OpponentCaptured | TouchStep::OpponentFree => "xq.touch-move.opponent-piece",
            TouchStep::OwnThenOpponent(1) => "xq.touch-move.own-then-opponent-capture",
            TouchStep::OwnThenOpponent(2) => "xq.touch-move.own-then-opponent-move-own",
            TouchStep::OwnThenOpponent(3) => "xq.touch-move.own-then-opponent-other-captures",
            TouchStep::OwnThenOpponent(_) => "xq.touch-move.own-then-opponent-free",
            TouchStep::OpponentThenOwn(1) => "xq.touch-move.opponent-then-own-capture",
            TouchStep::OpponentThenOwn(2) => "xq.touch-move.opponent-then-own-other-captures",
            TouchStep::OpponentThenOwn(3) => "xq.touch-move.opponent-then-own-move-own",
            TouchStep::OpponentThenOwn(_) => "xq.touch-move.opponent-then-own-free",
            TouchStep::Simultaneous(_) => "xq.touch-move.simultaneous",
        })
    }

    /// Whether a legal move is permitted (by identity).
    pub fn permits(&self, m: &Candidate) -> bool {
        self.permitted.contains(m)
    }
}

/// One move set a mixed resolution order tries (第四章 第一节 一 (三)–(五)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Try {
    /// The touched own piece captures the touched opponent piece.
    OwnCaptures,
    /// The touched own piece moves.
    OwnMoves,
    /// Any piece captures the touched opponent piece.
    AnyCaptures,
}

/// The parameters of touch-move: the order of the steps of each mixed case, which touch of
/// a kind binds, and whose pieces bind in each game. [`TouchOrder::RULES`] is the seed's;
/// a mutant of the reference (`crate::mutant`) may alter one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct TouchOrder {
    /// (三) own, then opponent: 1 own captures, 2 own moves, 3 another captures.
    pub own_then_opponent: [Try; 3],
    /// (四) opponent, then own: 1 own captures, 2 another captures, 3 own moves.
    pub opponent_then_own: [Try; 3],
    /// (五) both at once: the order of (四).
    pub simultaneous: [Try; 3],
    /// The first group of a kind binds (应该走那个最先触摸到的子); otherwise the last.
    pub first_touch_binds: bool,
    /// Whether touching an opponent's piece binds in xiangqi (一 (二)).
    pub xiangqi_opponent_binds: bool,
    /// Whether touching an opponent's piece binds in draughts (art. 5.8: no).
    pub draughts_opponent_binds: bool,
}

impl TouchOrder {
    /// The rules of the seed (xiangqi 第四章 第一节 一, draughts art. 5.8).
    pub const RULES: TouchOrder = TouchOrder {
        own_then_opponent: [Try::OwnCaptures, Try::OwnMoves, Try::AnyCaptures],
        opponent_then_own: [Try::OwnCaptures, Try::AnyCaptures, Try::OwnMoves],
        simultaneous: [Try::OwnCaptures, Try::AnyCaptures, Try::OwnMoves],
        first_touch_binds: true,
        xiangqi_opponent_binds: true,
        draughts_opponent_binds: false,
    };
}

/// The first group holding pieces of `side`, its index and those pieces.
fn first_of(
    board: &Board,
    touches: &[Touch],
    side: Side,
    first: bool,
) -> Option<(usize, Vec<Spot>, TouchOrigin)> {
    let of_side = |(i, t): (usize, &Touch)| {
        let spots: Vec<Spot> = t
            .squares
            .iter()
            .copied()
            .filter(|s| board.owner(*s) == Some(side))
            .collect();
        (!spots.is_empty()).then_some((i, spots, t.origin))
    };
    if first {
        touches.iter().enumerate().find_map(of_side)
    } else {
        touches.iter().enumerate().rev().find_map(of_side)
    }
}

/// Whether the legal move `m` of `board` is permitted after `touches`: `Ok` when it is,
/// else the ruling of [`resolve_touches`] that forbids it. With nothing touched no touch
/// binds (the ruling is [`TouchStep::Untouched`]: every legal move), so the legal moves are
/// not listed then.
pub(crate) fn check_permitted(
    board: &Board,
    touches: &[Touch],
    m: &Candidate,
) -> Result<(), Ruling> {
    if touches.is_empty() {
        return Ok(());
    }
    let ruling = resolve_touches(board, touches);
    if ruling.permits(m) {
        Ok(())
    } else {
        Err(ruling)
    }
}

/// The moves permitted in `board` after `touches` (by the side to move, in order), and the
/// rule step that decided them. See the [module documentation](self) for the rules.
pub fn resolve_touches(board: &Board, touches: &[Touch]) -> Ruling {
    let order = TouchOrder::in_force(board.game());
    let legal = board.legal_moves();
    let me = board.turn();
    let own = first_of(board, touches, me, order.first_touch_binds);
    // Art. 5.8 binds only the player's own pieces.
    let opponent_binds = if board.game().is_draughts() {
        order.draughts_opponent_binds
    } else {
        order.xiangqi_opponent_binds
    };
    let opponent = if opponent_binds {
        first_of(board, touches, me.other(), order.first_touch_binds)
    } else {
        None
    };
    let origin = own.as_ref().map_or(TouchOrigin::Hand, |o| o.2);
    let count = |side: Side| {
        touches
            .iter()
            .flat_map(|t| &t.squares)
            .filter(|s| board.owner(**s) == Some(side))
            .count()
    };
    let (own_touched, opponent_touched) = (count(me), count(me.other()));
    let pick = |f: &dyn Fn(&Candidate) -> bool| -> Vec<Candidate> {
        legal.iter().filter(|m| f(m)).cloned().collect()
    };
    let ruling = |permitted: Vec<Candidate>, step: TouchStep| Ruling {
        permitted,
        step,
        origin,
        own_touched,
        opponent_touched,
    };
    // The moves the deciding step permits; `None`: every legal move (the list itself is
    // moved into the ruling, not copied).
    let (chosen, step) = match (own, opponent) {
        (None, None) => (None, TouchStep::Untouched),
        (Some((_, mine, _)), None) => {
            let moves = pick(&|m| mine.contains(&m.from));
            if moves.is_empty() {
                (None, TouchStep::OwnFree)
            } else {
                (Some(moves), TouchStep::OwnMoves)
            }
        }
        (None, Some((_, theirs, _))) => {
            let captures = pick(&|m| m.captured.iter().any(|c| theirs.contains(c)));
            if captures.is_empty() {
                (None, TouchStep::OpponentFree)
            } else {
                (Some(captures), TouchStep::OpponentCaptured)
            }
        }
        (Some((i, mine, _)), Some((j, theirs, _))) => {
            let takes = |m: &Candidate| m.captured.iter().any(|c| theirs.contains(c));
            let own_captures = pick(&|m| mine.contains(&m.from) && takes(m));
            let own_moves = pick(&|m| mine.contains(&m.from));
            let any_captures = pick(&takes);
            let set = |t: &Try| match t {
                Try::OwnCaptures => &own_captures,
                Try::OwnMoves => &own_moves,
                Try::AnyCaptures => &any_captures,
            };
            // (三) tries the touched own piece's move second; (四) and (五) try capturing
            // the touched opponent piece with another piece second.
            let (tries, make): (&[Try; 3], fn(u8) -> TouchStep) = if i < j {
                (&order.own_then_opponent, TouchStep::OwnThenOpponent)
            } else if i > j {
                (&order.opponent_then_own, TouchStep::OpponentThenOwn)
            } else {
                (&order.simultaneous, TouchStep::Simultaneous)
            };
            let steps: Vec<&Vec<Candidate>> = tries.iter().map(set).collect();
            match steps.iter().position(|s| !s.is_empty()) {
                Some(k) => (Some(steps[k].clone()), make(k as u8 + 1)),
                None => (None, make(4)),
            }
        }
    };
    ruling(chosen.unwrap_or(legal), step)
}

impl TouchOrder {
    /// The touch-move parameters of `game` in force: [`TouchOrder::RULES`], unless the
    /// active mutant of the reference ([`crate::mutant`]) alters them.
    pub(crate) fn in_force(game: Game) -> TouchOrder {
        let mut t = TouchOrder::RULES;
        let xiangqi = game == Game::Xiangqi;
        match crate::mutant::active_draw() {
            Some(D::OwnThenOpponentSwapped) => t.own_then_opponent.swap(1, 2),
            Some(D::OpponentThenOwnSwapped) => t.opponent_then_own.swap(1, 2),
            Some(D::SimultaneousInOwnFirstOrder) => t.simultaneous = t.own_then_opponent,
            Some(D::LastTouchBinds) if xiangqi => t.first_touch_binds = false,
            Some(D::OpponentTouchIgnored) => t.xiangqi_opponent_binds = false,
            Some(D::DraughtsOpponentTouchBinds) => t.draughts_opponent_binds = true,
            _ => {}
        }
        t
    }
}
