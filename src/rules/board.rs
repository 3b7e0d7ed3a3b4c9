//! [`Board`]: one game-neutral, typed view of a draughts or xiangqi position — who owns a
//! square, the legal moves ([`Candidate`]s) with their origin, destination and captured
//! squares, and playing them. The procedures and the players see the games through it, and
//! a judge ([`Judge`](super::Judge)) takes the moves it lists; text is read and written
//! only where a method says so.

use super::{MoveRules, PlayRules};
use crate::draughts::{self, Variant};
use crate::xiangqi;
use crate::{Game, Ruleset};
use crate::{Outcome, Side};
use std::fmt;
use std::sync::Arc;

/// Why a board could not be made or could not read a square or a move. Every message names
/// the text at fault and says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The position is invalid.
    #[error("invalid position: {0}")]
    Position(String),
    /// A square could not be read.
    #[error("invalid square '{text}' (expected {expected})")]
    Square {
        /// The text given.
        text: String,
        /// What a square looks like in this game.
        expected: &'static str,
    },
    /// A move could not be read, or is no legal move.
    #[error("move '{text}': {reason}")]
    Move {
        /// The move text.
        text: String,
        /// Why.
        reason: String,
    },
}

/// A point of the board, by the game's own square index (xiangqi `rank * 9 + file`,
/// draughts square number minus one). Written and read through a [`Board`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot(pub u8);

/// A legal move, typed, with its text written only when asked for ([`Candidate::text`]), so
/// that listing the legal moves of a position allocates no text (the match simulator lists
/// them on every ply); a judge plays one as it stands ([`Judge::push_listed`](super::Judge::push_listed)).
///
/// Two candidates are equal when they are the same move by identity
/// ([`MoveInfo::key`](crate::MoveInfo::key)): a draughts capture is kept as its smallest path.
#[derive(Clone)]
pub struct Candidate {
    /// The move itself (20 bytes: a position's list of legal moves is small enough to
    /// come from the allocator's fast path).
    inner: Inner,
}

impl Candidate {
    /// Where the moving piece stands.
    pub fn from(&self) -> Spot {
        match &self.inner {
            Inner::Xiangqi { m, .. } => Spot(m.from.index() as u8),
            Inner::Draughts(m) => Spot(m.from().index() as u8),
        }
    }

    /// Where it ends.
    pub fn to(&self) -> Spot {
        match &self.inner {
            Inner::Xiangqi { m, .. } => Spot(m.to.index() as u8),
            Inner::Draughts(m) => Spot(m.to().index() as u8),
        }
    }

    /// Whether it captures the piece on `spot`.
    ///
    /// ```
    /// use arbiter::rules::Board;
    ///
    /// let fen = "r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
    /// let board = Board::new(&"xiangqi".parse().unwrap(), Some(fen)).unwrap();
    /// let take = board.read_move("a0a9").unwrap();
    /// assert!(take.captures(board.parse_square("a9").unwrap()));
    /// assert!(!take.captures(board.parse_square("a0").unwrap()));
    /// assert!(take.captured().len() == 1);
    /// ```
    pub fn captures(&self, spot: Spot) -> bool {
        match &self.inner {
            Inner::Xiangqi { m, capture } => *capture && m.to.index() == usize::from(spot.0),
            Inner::Draughts(m) => {
                draughts::Square::from_index(spot.0).is_some_and(|s| m.captured().contains(s))
            }
        }
    }

    /// The points of the pieces it captures, in square order.
    pub fn captured(&self) -> Vec<Spot> {
        match &self.inner {
            Inner::Xiangqi { capture: true, .. } => vec![self.to()],
            Inner::Xiangqi { capture: false, .. } => Vec::new(),
            Inner::Draughts(m) => m
                .captured()
                .into_iter()
                .map(|s| Spot(s.index() as u8))
                .collect(),
        }
    }

    /// Canonical text (ICCS, or numeric draughts notation with the smallest path).
    ///
    /// ```
    /// use arbiter::rules::Board;
    ///
    /// let board = Board::new(&"xiangqi".parse().unwrap(), None).unwrap();
    /// assert_eq!(board.read_move("C2=5").unwrap().text(), "h2e2");
    /// ```
    pub fn text(&self) -> String {
        match &self.inner {
            Inner::Xiangqi { m, .. } => xiangqi::iccs::write_iccs(*m),
            Inner::Draughts(m) => m.to_string(),
        }
    }

    /// The xiangqi move, when it is one.
    pub(crate) fn xiangqi_move(&self) -> Option<xiangqi::Move> {
        match self.inner {
            Inner::Xiangqi { m, .. } => Some(m),
            Inner::Draughts(_) => None,
        }
    }

    /// The draughts move (by its smallest path), when it is one.
    pub(crate) fn draughts_move(&self) -> Option<draughts::Move> {
        match self.inner {
            Inner::Draughts(m) => Some(m),
            Inner::Xiangqi { .. } => None,
        }
    }
}

impl PartialEq for Candidate {
    fn eq(&self, other: &Candidate) -> bool {
        match (&self.inner, &other.inner) {
            (Inner::Xiangqi { m: a, .. }, Inner::Xiangqi { m: b, .. }) => a == b,
            (Inner::Draughts(a), Inner::Draughts(b)) => a == b,
            _ => false,
        }
    }
}

impl fmt::Debug for Candidate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

#[derive(Clone, Copy)]
enum Inner {
    /// A xiangqi move, and whether it captures (on its destination).
    Xiangqi { m: xiangqi::Move, capture: bool },
    /// A draughts move by its smallest path (its captured squares are part of it).
    Draughts(draughts::Move),
}

/// A validated position of any game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Board {
    /// A xiangqi position.
    Xiangqi(xiangqi::Position),
    /// A Brazilian or Russian draughts position.
    Draughts(draughts::Position),
}

impl Board {
    /// The position of `fen` (the start position when `None`) under a ruleset, with the
    /// game's move rules as written.
    pub fn new(ruleset: &Ruleset, fen: Option<&str>) -> Result<Board, BoardError> {
        let bad = |e: &dyn fmt::Display| BoardError::Position(e.to_string());
        Ok(match Variant::from_game(ruleset.game) {
            None => Board::Xiangqi(match fen {
                Some(f) => xiangqi::Position::from_fen(f).map_err(|e| bad(&e))?,
                None => xiangqi::Position::start(),
            }),
            Some(v) => Board::Draughts(match fen {
                Some(f) => draughts::Position::from_fen(f, v).map_err(|e| bad(&e))?,
                None => draughts::Position::start(v),
            }),
        })
    }

    /// The position of `fen` (the start position when `None`) under the rules of play
    /// `play`: its legal moves and every position reached from it obey `play.moves`.
    ///
    /// ```
    /// use arbiter::mutant::{MoveMutant, Mutant};
    /// use arbiter::rules::Board;
    /// use arbiter::rulebook::RuleBook;
    ///
    /// let book = RuleBook::of(&"russian".parse().unwrap());
    /// let board = Board::of(&book.play, Some("W:WK29:B4")).unwrap();
    /// assert_eq!(board.legal_moves().len(), 6);
    /// let mutant = book.mutated(Mutant::Moves(MoveMutant::KingsNotFlying));
    /// assert!(Board::of(&mutant.play, Some("W:WK29:B4")).unwrap().legal_moves().len() < 6);
    /// ```
    pub fn of(play: &PlayRules, fen: Option<&str>) -> Result<Board, BoardError> {
        Ok(Board::new(&play.ruleset, fen)?.with_move_rules(play.moves))
    }

    /// The same position under the move rules `rules`: its legal moves and every position
    /// reached from it obey them (unchanged when they are another game's).
    pub fn with_move_rules(self, rules: MoveRules) -> Board {
        match (self, rules) {
            (Board::Xiangqi(p), MoveRules::Xiangqi(r)) => Board::Xiangqi(p.with_move_rules(r)),
            (Board::Draughts(p), MoveRules::Draughts(r)) => Board::Draughts(p.with_move_rules(r)),
            (board, _) => board,
        }
    }

    /// The game played.
    pub fn game(&self) -> Game {
        match self {
            Board::Xiangqi(_) => Game::Xiangqi,
            Board::Draughts(p) => match p.variant() {
                Variant::Brazilian => Game::Brazilian,
                Variant::Russian => Game::Russian,
            },
        }
    }

    /// The canonical FEN.
    pub fn fen(&self) -> String {
        match self {
            Board::Xiangqi(p) => p.fen(),
            Board::Draughts(p) => p.to_fen(),
        }
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        match self {
            Board::Xiangqi(p) => p.turn(),
            Board::Draughts(p) => p.turn(),
        }
    }

    /// Reads a square: xiangqi `e0`; draughts a number `1`–`32` or an algebraic dark
    /// square (`c3`).
    pub fn parse_square(&self, text: &str) -> Result<Spot, BoardError> {
        let t = text.trim();
        let found = match self {
            Board::Xiangqi(_) => t
                .parse::<xiangqi::Square>()
                .ok()
                .map(|s| Spot(s.index() as u8)),
            Board::Draughts(_) => parse_draughts_square(t).map(|s| Spot(s.index() as u8)),
        };
        found.ok_or_else(|| BoardError::Square {
            text: text.to_owned(),
            expected: match self {
                Board::Xiangqi(_) => "a file a-i and a rank 0-9, like 'e0'",
                Board::Draughts(_) => "a square number 1-32 or a dark square like 'c3'",
            },
        })
    }

    /// The canonical name of a square (`e0`, `22`).
    pub fn square_name(&self, spot: Spot) -> String {
        match self {
            Board::Xiangqi(_) => xiangqi::Square::from_index(spot.0 as usize)
                .map(|s| s.to_string())
                .unwrap_or_default(),
            Board::Draughts(_) => draughts::Square::from_index(spot.0)
                .map(|s| s.to_string())
                .unwrap_or_default(),
        }
    }

    /// Whose piece stands on a square, if any.
    pub fn owner(&self, spot: Spot) -> Option<Side> {
        match self {
            Board::Xiangqi(p) => xiangqi::Square::from_index(spot.0 as usize)
                .and_then(|s| p.piece_at(s))
                .map(|piece| piece.color),
            Board::Draughts(p) => draughts::Square::from_index(spot.0)
                .and_then(|s| p.piece_at(s))
                .map(|piece| piece.color),
        }
    }

    /// The legal moves, one per move identity (in draughts only captures when a capture
    /// exists, and in Brazilian only the ones taking most pieces).
    pub fn legal_moves(&self) -> Vec<Candidate> {
        self.collect_legal()
    }

    /// [`Board::legal_moves`] in one shared allocation (a session keeps them per position).
    pub(crate) fn legal_list(&self) -> Arc<[Candidate]> {
        self.collect_legal()
    }

    fn collect_legal<C: FromIterator<Candidate>>(&self) -> C {
        match self {
            Board::Xiangqi(p) => p
                .legal_moves()
                .iter()
                .map(|m| xq_candidate(p, *m))
                .collect(),
            Board::Draughts(p) => p
                .legal_moves()
                .iter()
                .map(|m| d64_candidate(p, m))
                .collect(),
        }
    }

    /// Reads a legal move in any notation the game reads.
    pub fn read_move(&self, text: &str) -> Result<Candidate, BoardError> {
        let illegal = |reason: String| BoardError::Move {
            text: text.to_owned(),
            reason,
        };
        match self {
            Board::Xiangqi(p) => xiangqi::parse_move(p, text)
                .map(|m| xq_candidate(p, m))
                .map_err(|e| illegal(e.to_string())),
            Board::Draughts(p) => p
                .parse_move(text)
                .map(|m| d64_candidate(p, &m))
                .map_err(|e| illegal(e.to_string())),
        }
    }

    /// Reads a legal move among `legal`, the legal moves of this position as
    /// [`Board::legal_moves`] lists them: a move in ICCS, the canonical xiangqi notation, is
    /// looked up in the list instead of being tested for legality again; any other text is
    /// read by [`Board::read_move`] (with its error when it is no legal move).
    ///
    /// ```
    /// use arbiter::rules::Board;
    ///
    /// let board = Board::new(&"xiangqi".parse().unwrap(), None).unwrap();
    /// let legal = board.legal_moves();
    /// assert_eq!(board.read_listed("h2e2", &legal).unwrap(), board.read_move("C2=5").unwrap());
    /// assert!(board.read_listed("a0a5", &legal).is_err()); // the chariot cannot jump
    /// ```
    pub fn read_listed(&self, text: &str, legal: &[Candidate]) -> Result<Candidate, BoardError> {
        if let (Board::Xiangqi(_), Ok(m)) = (self, xiangqi::iccs::parse_iccs_coords(text)) {
            if let Some(c) = legal
                .iter()
                .find(|c| matches!(c.inner, Inner::Xiangqi { m: l, .. } if l == m))
            {
                return Ok(c.clone());
            }
        }
        self.read_move(text)
    }

    /// The position after a legal move of this position (a candidate is legal by
    /// construction, so it is not checked again).
    pub fn play(&self, c: &Candidate) -> Board {
        match (self, c.inner) {
            (Board::Xiangqi(p), Inner::Xiangqi { m, .. }) => {
                let mut next = *p;
                next.make(m);
                Board::Xiangqi(next)
            }
            (Board::Draughts(p), Inner::Draughts(m)) => Board::Draughts(p.play_unchecked(&m)),
            _ => self.clone(),
        }
    }

    /// Whether the position ends the game: how, as the rules score it (the game's
    /// `Position::outcome`).
    pub fn status(&self) -> Option<Outcome> {
        match self {
            Board::Xiangqi(p) => p.outcome(),
            Board::Draughts(p) => p.outcome(),
        }
    }
}

/// Reads a draughts square: a number 1–32 or an algebraic dark square.
fn parse_draughts_square(t: &str) -> Option<draughts::Square> {
    match t.parse::<u8>() {
        Ok(n) => draughts::Square::from_number(n),
        Err(_) => draughts::Square::from_algebraic(&t.to_ascii_lowercase()),
    }
}

fn xq_candidate(p: &xiangqi::Position, m: xiangqi::Move) -> Candidate {
    Candidate {
        inner: Inner::Xiangqi {
            m,
            capture: p.captured(m).is_some(),
        },
    }
}

fn d64_candidate(p: &draughts::Position, m: &draughts::Move) -> Candidate {
    let smallest = p.paths_of(m).first().copied().unwrap_or(*m);
    Candidate {
        inner: Inner::Draughts(smallest),
    }
}
