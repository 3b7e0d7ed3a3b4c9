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
//! # One procedure, a table per game
//!
//! [`resolve_touches`], [`TouchRuling::step_id`] and [`TouchRuling::clause`] are written once; where
//! the games differ they read the game's [`TouchRules`] ([`DRAUGHTS_TOUCH`],
//! [`XIANGQI_TOUCH`]): the prefix of the step ids (`d64`, `xq`), whether an opponent's
//! touch binds, which touch of a kind binds, the order of the mixed steps, and the clause of
//! each step ([`TouchClauses`]: draughts cites art. 5.8's one clause for every step,
//! xiangqi a clause per step). A mutant of the reference alters the table of the games it
//! names.
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
//! let texts: Vec<String> = ruling.permitted.iter().map(|m| m.text()).collect();
//! assert_eq!(texts, ["h2h9"]);
//! ```

use super::board::{Board, Candidate, Spot};
use super::ProcedureError;
use crate::clause;
use crate::Game;
use crate::Side;
use std::sync::Arc;

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
pub struct TouchRuling {
    /// The permitted moves: always legal moves, one per identity. Shared: when every legal
    /// move is permitted this is the position's list of legal moves itself, not a copy.
    pub permitted: Arc<[Candidate]>,
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

impl TouchRuling {
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
    /// `xq.touch.none`, …; the prefix is the game's ([`TouchRules::step_prefix`]).
    pub fn step_id(&self, game: Game) -> String {
        let prefix = TouchRules::of(game).step_prefix;
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

    /// The catalog clause (`spec/`) of the deciding step in `game`, from the game's table
    /// ([`TouchClauses`]); `None` when nothing was touched.
    pub fn clause(&self, game: Game) -> Option<&'static str> {
        let c = &TouchRules::of(game).clauses;
        let own = |several: bool| match self.origin {
            TouchOrigin::IllegalMove => c.illegal_move_retaken,
            TouchOrigin::Hand if several => c.own_several,
            TouchOrigin::Hand => c.own,
        };
        Some(match self.step {
            TouchStep::Untouched => return None,
            TouchStep::OwnMoves | TouchStep::OwnFree => own(self.own_touched > 1),
            TouchStep::OpponentCaptured | TouchStep::OpponentFree if self.opponent_touched > 1 => {
                c.opponent_several
            }
            TouchStep::OpponentCaptured | TouchStep::OpponentFree => c.opponent,
            TouchStep::OwnThenOpponent(n) => mixed_step(&c.own_then_opponent, n),
            TouchStep::OpponentThenOwn(n) => mixed_step(&c.opponent_then_own, n),
            TouchStep::Simultaneous(_) => c.simultaneous,
        })
    }

    /// Whether a legal move is permitted (by identity).
    pub fn permits(&self, m: &Candidate) -> bool {
        self.permitted.contains(m)
    }
}

/// One move set a mixed resolution order tries (第四章 第一节 一 (三)–(五)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Try {
    /// The touched own piece captures the touched opponent piece.
    OwnCaptures,
    /// The touched own piece moves.
    OwnMoves,
    /// Any piece captures the touched opponent piece.
    AnyCaptures,
}

/// The clause of step `n` (1–4) of a mixed case; any other number is the free step 4.
fn mixed_step(steps: &[&'static str; 4], n: u8) -> &'static str {
    match n {
        1..=3 => steps[usize::from(n) - 1],
        _ => steps[3],
    }
}

/// The catalog clauses touch-move cites, one per step kind, of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TouchClauses {
    /// A single own piece touched, whether it must move or cannot (一 (一)).
    pub own: &'static str,
    /// Several own pieces touched (一 (一), second part).
    pub own_several: &'static str,
    /// A single opponent piece touched, captured or not (一 (二)).
    pub opponent: &'static str,
    /// Several opponent pieces touched (一 (二), second part).
    pub opponent_several: &'static str,
    /// The binding own piece was moved illegally and the move taken back (三 (三) 1).
    pub illegal_move_retaken: &'static str,
    /// (三) own, then opponent: steps 1–4.
    pub own_then_opponent: [&'static str; 4],
    /// (四) opponent, then own: steps 1–4.
    pub opponent_then_own: [&'static str; 4],
    /// (五) both at once, every step.
    pub simultaneous: &'static str,
}

/// The parameters of touch-move in one game: the prefix of its step ids, which touch of a
/// kind binds, whether an opponent's touch binds, the order of the steps of each mixed case
/// and the clause of each step. [`DRAUGHTS_TOUCH`] and [`XIANGQI_TOUCH`] are the rules of
/// the seed; a mutant of the reference (`crate::mutant`) may alter the table of the games
/// it names.
///
/// ```
/// use arbiter::procedure::TouchRules;
/// use arbiter::Game;
///
/// // Art. 5.8: touching an opponent's draughts piece obliges nothing; xiangqi 一 (二): it must
/// // be captured.
/// assert!(!TouchRules::of(Game::Russian).opponent_binds);
/// assert!(TouchRules::of(Game::Xiangqi).opponent_binds);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TouchRules {
    /// The first segment of the game's step ids ([`TouchRuling::step_id`]).
    pub step_prefix: &'static str,
    /// The first group of a kind binds (应该走那个最先触摸到的子); otherwise the last.
    pub first_touch_binds: bool,
    /// Whether touching an opponent's piece binds (xiangqi 一 (二); draughts art. 5.8: no).
    pub opponent_binds: bool,
    /// (三) own, then opponent: 1 own captures, 2 own moves, 3 another captures.
    pub own_then_opponent: [Try; 3],
    /// (四) opponent, then own: 1 own captures, 2 another captures, 3 own moves.
    pub opponent_then_own: [Try; 3],
    /// (五) both at once: the order of (四).
    pub simultaneous: [Try; 3],
    /// The clause of each step.
    pub clauses: TouchClauses,
}

/// The order of the mixed cases in the seed (第四章 第一节 一 (三)–(五)); draughts shares it,
/// though with no binding opponent touch it never reaches them.
const MIXED_ORDERS: ([Try; 3], [Try; 3], [Try; 3]) = (
    [Try::OwnCaptures, Try::OwnMoves, Try::AnyCaptures],
    [Try::OwnCaptures, Try::AnyCaptures, Try::OwnMoves],
    [Try::OwnCaptures, Try::AnyCaptures, Try::OwnMoves],
);

/// The one clause of draughts touch-move (art. 5.8), cited by every step.
const D64_TOUCHED_PIECE_MUST_MOVE: &str = clause::D64_TOUCH_MOVE_TOUCHED_PIECE_MUST_MOVE;

/// Touch-move in 64-square draughts (Brazilian and Russian alike, art. 5.8): a touched own
/// piece must move if it can; an opponent's touch obliges nothing; one clause for every
/// step.
pub const DRAUGHTS_TOUCH: TouchRules = TouchRules {
    step_prefix: "d64",
    first_touch_binds: true,
    opponent_binds: false,
    own_then_opponent: MIXED_ORDERS.0,
    opponent_then_own: MIXED_ORDERS.1,
    simultaneous: MIXED_ORDERS.2,
    clauses: TouchClauses {
        own: D64_TOUCHED_PIECE_MUST_MOVE,
        own_several: D64_TOUCHED_PIECE_MUST_MOVE,
        opponent: D64_TOUCHED_PIECE_MUST_MOVE,
        opponent_several: D64_TOUCHED_PIECE_MUST_MOVE,
        illegal_move_retaken: D64_TOUCHED_PIECE_MUST_MOVE,
        own_then_opponent: [D64_TOUCHED_PIECE_MUST_MOVE; 4],
        opponent_then_own: [D64_TOUCHED_PIECE_MUST_MOVE; 4],
        simultaneous: D64_TOUCHED_PIECE_MUST_MOVE,
    },
};

/// Touch-move in xiangqi (第四章 第一节 一, and 三 (三) 1 for a retaken illegal move): a
/// clause per step.
pub const XIANGQI_TOUCH: TouchRules = TouchRules {
    step_prefix: "xq",
    first_touch_binds: true,
    opponent_binds: true,
    own_then_opponent: MIXED_ORDERS.0,
    opponent_then_own: MIXED_ORDERS.1,
    simultaneous: MIXED_ORDERS.2,
    clauses: TouchClauses {
        own: clause::XQ_TOUCH_MOVE_OWN_PIECE,
        own_several: clause::XQ_TOUCH_MOVE_OWN_SEVERAL,
        opponent: clause::XQ_TOUCH_MOVE_OPPONENT_PIECE,
        opponent_several: clause::XQ_TOUCH_MOVE_OPPONENT_SEVERAL,
        illegal_move_retaken: clause::XQ_IRREGULARITY_ILLEGAL_MOVE_TOUCHED,
        own_then_opponent: [
            clause::XQ_TOUCH_MOVE_OWN_THEN_OPPONENT_CAPTURE,
            clause::XQ_TOUCH_MOVE_OWN_THEN_OPPONENT_MOVE_OWN,
            clause::XQ_TOUCH_MOVE_OWN_THEN_OPPONENT_OTHER_CAPTURES,
            clause::XQ_TOUCH_MOVE_OWN_THEN_OPPONENT_FREE,
        ],
        opponent_then_own: [
            clause::XQ_TOUCH_MOVE_OPPONENT_THEN_OWN_CAPTURE,
            clause::XQ_TOUCH_MOVE_OPPONENT_THEN_OWN_OTHER_CAPTURES,
            clause::XQ_TOUCH_MOVE_OPPONENT_THEN_OWN_MOVE_OWN,
            clause::XQ_TOUCH_MOVE_OPPONENT_THEN_OWN_FREE,
        ],
        simultaneous: clause::XQ_TOUCH_MOVE_SIMULTANEOUS,
    },
};

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
/// binds (the ruling is [`TouchStep::Untouched`]: every legal move), so nothing is looked
/// at then. `legal`: the legal moves of `board`, as [`Board::legal_moves`] lists them.
pub(crate) fn check_permitted(
    rules: &TouchRules,
    board: &Board,
    legal: &Arc<[Candidate]>,
    touches: &[Touch],
    m: &Candidate,
) -> Result<(), TouchRuling> {
    if touches.is_empty() {
        return Ok(());
    }
    let ruling = resolve_touches_among(rules, board, Arc::clone(legal), touches);
    if ruling.permits(m) {
        Ok(())
    } else {
        Err(ruling)
    }
}

/// The moves permitted in `board` after `touches` (by the side to move, in order), and the
/// rule step that decided them, under the game's touch-move rules as written
/// ([`TouchRules::of`]). See the [module documentation](self) for the rules.
pub fn resolve_touches(board: &Board, touches: &[Touch]) -> TouchRuling {
    resolve_touches_under(TouchRules::of(board.game()), board, touches)
}

/// [`resolve_touches`] under the touch-move rules `rules` (a session's, which a mutant of
/// the reference may have altered: [`crate::rulebook::RuleBook::mutated`]).
pub fn resolve_touches_under(rules: &TouchRules, board: &Board, touches: &[Touch]) -> TouchRuling {
    resolve_touches_among(rules, board, board.legal_list(), touches)
}

/// [`resolve_touches_under`] with the legal moves of `board` already listed (a session
/// lists them once per position).
pub(crate) fn resolve_touches_among(
    order: &TouchRules,
    board: &Board,
    legal: Arc<[Candidate]>,
    touches: &[Touch],
) -> TouchRuling {
    let me = board.turn();
    let own = first_of(board, touches, me, order.first_touch_binds);
    let opponent = if order.opponent_binds {
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
    let ruling = |permitted: Arc<[Candidate]>, step: TouchStep| TouchRuling {
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
            let moves = pick(&|m| mine.contains(&m.from()));
            if moves.is_empty() {
                (None, TouchStep::OwnFree)
            } else {
                (Some(moves), TouchStep::OwnMoves)
            }
        }
        (None, Some((_, theirs, _))) => {
            let captures = pick(&|m| theirs.iter().any(|s| m.captures(*s)));
            if captures.is_empty() {
                (None, TouchStep::OpponentFree)
            } else {
                (Some(captures), TouchStep::OpponentCaptured)
            }
        }
        (Some((i, mine, _)), Some((j, theirs, _))) => {
            let takes = |m: &Candidate| theirs.iter().any(|s| m.captures(*s));
            let own_captures = pick(&|m| mine.contains(&m.from()) && takes(m));
            let own_moves = pick(&|m| mine.contains(&m.from()));
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
    ruling(chosen.map_or(legal, Arc::from), step)
}

impl TouchRules {
    /// The touch-move rules of `game` as the seed writes them: the game's table
    /// ([`DRAUGHTS_TOUCH`], [`XIANGQI_TOUCH`]).
    pub fn of(game: Game) -> &'static TouchRules {
        match game {
            Game::Brazilian | Game::Russian => &DRAUGHTS_TOUCH,
            Game::Xiangqi => &XIANGQI_TOUCH,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A ruling decided by `step`, the binding own piece touched by hand, with `own` own and
    /// `opponent` opponent pieces touched.
    fn decided(step: TouchStep, own: usize, opponent: usize) -> TouchRuling {
        TouchRuling {
            permitted: Arc::from([]),
            step,
            origin: TouchOrigin::Hand,
            own_touched: own,
            opponent_touched: opponent,
        }
    }

    fn retaken(step: TouchStep, own: usize) -> TouchRuling {
        TouchRuling {
            origin: TouchOrigin::IllegalMove,
            ..decided(step, own, 0)
        }
    }

    #[test]
    fn xiangqi_cites_a_clause_for_each_step() {
        use TouchStep::*;
        let xq = |r: TouchRuling| r.clause(Game::Xiangqi);
        assert_eq!(xq(decided(Untouched, 0, 0)), None);
        // 一 (一): the touched own piece must move, unless it cannot; several touched.
        assert_eq!(xq(decided(OwnMoves, 1, 0)), Some("xq.touch-move.own-piece"));
        assert_eq!(xq(decided(OwnFree, 1, 0)), Some("xq.touch-move.own-piece"));
        assert_eq!(
            xq(decided(OwnMoves, 2, 0)),
            Some("xq.touch-move.own-several")
        );
        assert_eq!(
            xq(decided(OwnFree, 3, 0)),
            Some("xq.touch-move.own-several")
        );
        // 一 (二): the touched opponent piece must be captured, unless none can.
        let opponent = "xq.touch-move.opponent-piece";
        assert_eq!(xq(decided(OpponentCaptured, 0, 1)), Some(opponent));
        assert_eq!(xq(decided(OpponentFree, 0, 1)), Some(opponent));
        let several = "xq.touch-move.opponent-several";
        assert_eq!(xq(decided(OpponentCaptured, 0, 2)), Some(several));
        assert_eq!(xq(decided(OpponentFree, 0, 2)), Some(several));
        // 一 (三) own, then opponent.
        let own_then_opponent = [
            "xq.touch-move.own-then-opponent-capture",
            "xq.touch-move.own-then-opponent-move-own",
            "xq.touch-move.own-then-opponent-other-captures",
            "xq.touch-move.own-then-opponent-free",
        ];
        // 一 (四) opponent, then own.
        let opponent_then_own = [
            "xq.touch-move.opponent-then-own-capture",
            "xq.touch-move.opponent-then-own-other-captures",
            "xq.touch-move.opponent-then-own-move-own",
            "xq.touch-move.opponent-then-own-free",
        ];
        for n in 1..=4u8 {
            let i = usize::from(n - 1);
            let own_first = xq(decided(OwnThenOpponent(n), 1, 1));
            assert_eq!(own_first, Some(own_then_opponent[i]), "(三) step {n}");
            let opponent_first = xq(decided(OpponentThenOwn(n), 1, 1));
            assert_eq!(opponent_first, Some(opponent_then_own[i]), "(四) step {n}");
            // 一 (五) both at once: one clause for its steps.
            let at_once = xq(decided(Simultaneous(n), 1, 1));
            assert_eq!(at_once, Some("xq.touch-move.simultaneous"), "(五) step {n}");
        }
        // 三 (三) 1: the piece of an illegal move taken back counts as touched.
        let illegal = "xq.irregularity.illegal-move-touched";
        assert_eq!(xq(retaken(OwnMoves, 1)), Some(illegal));
        assert_eq!(xq(retaken(OwnFree, 2)), Some(illegal));
    }

    #[test]
    fn draughts_cites_article_5_8_for_every_step() {
        use TouchStep::*;
        let steps = [
            OwnMoves,
            OwnFree,
            OpponentCaptured,
            OpponentFree,
            OwnThenOpponent(1),
            OwnThenOpponent(4),
            OpponentThenOwn(2),
            Simultaneous(3),
        ];
        for game in [Game::Brazilian, Game::Russian] {
            assert_eq!(decided(Untouched, 0, 0).clause(game), None);
            for step in steps {
                for ruling in [decided(step, 1, 1), decided(step, 2, 2), retaken(step, 1)] {
                    let clause = ruling.clause(game);
                    let expected = Some("d64.touch-move.touched-piece-must-move");
                    assert_eq!(clause, expected, "{game:?} {step:?}");
                }
            }
        }
    }

    #[test]
    fn step_ids_carry_the_games_prefix() {
        let own = decided(TouchStep::OwnFree, 1, 0);
        assert_eq!(own.step_id(Game::Russian), "d64.touch.own.free");
        assert_eq!(own.step_id(Game::Brazilian), "d64.touch.own.free");
        assert_eq!(own.step_id(Game::Xiangqi), "xq.touch.own.free");
        let retaken = retaken(TouchStep::OwnMoves, 1);
        assert_eq!(retaken.step_id(Game::Xiangqi), "xq.touch.illegal-move.move");
        let mixed = decided(TouchStep::OpponentThenOwn(3), 1, 1);
        assert_eq!(mixed.step_id(Game::Xiangqi), "xq.touch.opponent-then-own.3");
        let none = decided(TouchStep::Untouched, 0, 0);
        assert_eq!(none.step_id(Game::Xiangqi), "xq.touch.none");
    }

    #[test]
    fn only_xiangqi_binds_the_opponents_touch() {
        // Art. 5.8 binds only the player's own pieces; 一 (二) binds the opponent's too.
        assert!(!TouchRules::of(Game::Brazilian).opponent_binds);
        assert!(!TouchRules::of(Game::Russian).opponent_binds);
        assert!(TouchRules::of(Game::Xiangqi).opponent_binds);
        // 应该走那个最先触摸到的子, in both games.
        assert!(Game::ALL
            .iter()
            .all(|&g| TouchRules::of(g).first_touch_binds));
    }
}
