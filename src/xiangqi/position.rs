//! [`Position`]: a validated position, its legal moves, check, mate and stalemate.

use super::fen::{parse_fen, write_fen, FenError};
use super::move_rules::MoveRules;
use super::setup::{advisor_point, elephant_point, in_palace, soldier_point, Setup};
use super::square::relative_rank;
use super::square::{Piece, Role, Square};
use super::tables::{Legality, Tables, DANGER, HORSE_ATTACKS, LINES, NONE, RAYS};
use crate::clause;
use crate::outcome::{Outcome, Reason};
use crate::Side;
use std::fmt;

/// A move: the piece on `from` goes to `to`, capturing whatever stands there.
///
/// Its canonical text is ICCS (`h2e2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// The four ASCII characters of the move's ICCS text (`h2e2`).
    #[inline]
    pub(crate) fn iccs_bytes(self) -> [u8; 4] {
        [
            b'a' + self.from.file(),
            b'0' + self.from.rank(),
            b'a' + self.to.file(),
            b'0' + self.to.rank(),
        ]
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Four ASCII characters written at once: move texts are written for every legal move
        // of every position the arbiter looks at, so this is on the simulator's hot path.
        let buf = self.iccs_bytes();
        f.write_str(std::str::from_utf8(&buf).map_err(|_| fmt::Error)?)
    }
}

/// Why a [`Setup`] is not a possible position. Every variant names the square at fault.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A side has no general.
    #[error("{} has no general", .0.xiangqi_name())]
    MissingGeneral(Side),
    /// More pieces of a kind than a side owns (1 general, 5 soldiers, 2 of the others).
    #[error("{} has more than {max} {role}(s): the one on {square} is one too many", .color.xiangqi_name())]
    TooMany {
        /// The side.
        color: Side,
        /// The kind of piece.
        role: Role,
        /// The first square holding one too many.
        square: Square,
        /// How many the side owns.
        max: usize,
    },
    /// A general outside its palace.
    #[error(
        "{} general on {square} is outside its palace (files d-f, its own three back ranks)",
        .color.xiangqi_name()
    )]
    GeneralOutsidePalace {
        /// The side.
        color: Side,
        /// The square.
        square: Square,
    },
    /// An advisor that is not on one of the five palace points it can reach.
    #[error("{} advisor on {square} is not on one of its five palace points (the palace corners and centre)", .color.xiangqi_name())]
    AdvisorOffPoint {
        /// The side.
        color: Side,
        /// The square.
        square: Square,
    },
    /// An elephant that is not on one of the seven points it can reach.
    #[error("{} elephant on {square} is not on one of its seven points on its own side of the river", .color.xiangqi_name())]
    ElephantOffPoint {
        /// The side.
        color: Side,
        /// The square.
        square: Square,
    },
    /// A soldier on or behind its starting rank's back, which it can never reach.
    #[error("{} soldier on {square} is behind its starting rank", .color.xiangqi_name())]
    SoldierBehindStart {
        /// The side.
        color: Side,
        /// The square.
        square: Square,
    },
    /// A soldier before the river off the files soldiers start on.
    #[error("{} soldier on {square} has not crossed the river but is off the files a, c, e, g, i it can only advance along", .color.xiangqi_name())]
    SoldierOffFile {
        /// The side.
        color: Side,
        /// The square.
        square: Square,
    },
    /// The two generals on one file with nothing between them.
    #[error("the generals on {red} and {black} face each other on an open file")]
    GeneralsFacing {
        /// Red's general.
        red: Square,
        /// Black's general.
        black: Square,
    },
    /// The side that has just moved is in check (its general could be captured).
    #[error("{} is not to move but is in check (its general on {general} is attacked)", .color.xiangqi_name())]
    OpponentInCheck {
        /// The side not to move.
        color: Side,
        /// Its general.
        general: Square,
    },
}

/// A FEN that is unreadable or describes an impossible position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// The text is not FEN.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The position is impossible.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move that is not legal in the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0}")]
pub struct IllegalMove(pub Move);

/// A list of moves without heap allocation (a position has at most 119 pseudo-legal moves).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; 128],
    len: usize,
}

const A0: Square = match Square::new(0, 0) {
    Some(s) => s,
    None => unreachable!(),
};

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move { from: A0, to: A0 }; 128],
            len: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, from: u8, to: u8) {
        self.moves[self.len] = Move {
            from: Square::from_raw(from),
            to: Square::from_raw(to),
        };
        self.len += 1;
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// A legal xiangqi position: both generals in their palaces, every piece on a point it
/// can reach, no more pieces than a side owns, generals not facing, and the side that has
/// just moved not in check.
///
/// ```
/// use arbiter::xiangqi::Position;
///
/// let pos = Position::start();
/// assert_eq!(pos.legal_moves().len(), 44);
/// let pos = pos.play_iccs("h2e2").unwrap();
/// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
/// assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").is_err()); // generals facing
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Piece codes by square index; cell 90 is an always-empty sentinel.
    board: [u8; 91],
    occupied: [u128; 2],
    generals: [u8; 2],
    turn: Side,
    halfmoves: u32,
    fullmoves: u32,
    rules: MoveRules,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// A code no piece has.
const NO_PIECE: u8 = 0xFF;

const fn code(color: usize, role: Role) -> u8 {
    1 + role as u8 + 8 * color as u8
}

#[inline(always)]
fn is_own(c: u8, us: usize) -> bool {
    c != 0 && (c >> 3) as usize == us
}

/// What the legality of a pseudo-legal move depends on in one position
/// ([`Position::keeps_general_safe`]).
struct Safety {
    /// The side to move, by index.
    us: usize,
    /// Its general's square index.
    general: usize,
    /// Whether it is in check.
    in_check: bool,
    /// Whether a mutant lets every pseudo-legal move be legal here.
    anything_goes: bool,
}

impl Position {
    /// The initial position.
    pub fn start() -> Position {
        Position::from_setup(&Setup::start()).expect("the start position is legal")
    }

    /// Reads and validates a FEN.
    pub fn from_fen(fen: &str) -> Result<Position, ParseFenError> {
        Ok(Position::from_setup(&parse_fen(fen)?)?)
    }

    /// Validates a setup.
    pub fn from_setup(setup: &Setup) -> Result<Position, PositionError> {
        let mut counts = [[0usize; 7]; 2];
        let mut pos = Position {
            board: [0; 91],
            occupied: [0; 2],
            generals: [NONE; 2],
            turn: setup.turn,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves.max(1),
            rules: MoveRules::STANDARD,
        };
        for sq in Square::all() {
            let Some(piece) = setup.piece_at(sq) else {
                continue;
            };
            let (color, role) = (piece.color, piece.role);
            let n = &mut counts[color.index()][role.index()];
            *n += 1;
            if *n > role.max_count() {
                return Err(PositionError::TooMany {
                    color,
                    role,
                    square: sq,
                    max: role.max_count(),
                });
            }
            let placed = match role {
                Role::General => in_palace(color, sq),
                Role::Advisor => advisor_point(color, sq),
                Role::Elephant => elephant_point(color, sq),
                Role::Soldier => soldier_point(color, sq),
                _ => true,
            };
            if !placed {
                let square = sq;
                return Err(match role {
                    Role::General => PositionError::GeneralOutsidePalace { color, square },
                    Role::Advisor => PositionError::AdvisorOffPoint { color, square },
                    Role::Elephant => PositionError::ElephantOffPoint { color, square },
                    _ if relative_rank(color, sq.rank()) <= 2 => {
                        PositionError::SoldierBehindStart { color, square }
                    }
                    _ => PositionError::SoldierOffFile { color, square },
                });
            }
            pos.board[sq.index()] = piece.code();
            pos.occupied[color.index()] |= 1u128 << sq.index();
            if role == Role::General {
                pos.generals[color.index()] = sq.index() as u8;
            }
        }
        for color in [Side::First, Side::Second] {
            if pos.generals[color.index()] == NONE {
                return Err(PositionError::MissingGeneral(color));
            }
        }
        let (red, black) = (pos.general(Side::First), pos.general(Side::Second));
        if red.file() == black.file()
            && (red.rank() + 1..black.rank())
                .filter_map(|r| Square::new(red.file(), r))
                .all(|s| pos.board[s.index()] == 0)
        {
            return Err(PositionError::GeneralsFacing { red, black });
        }
        let them = setup.turn.other();
        if pos.attacked(them.index(), &Tables::of(&MoveRules::STANDARD)) {
            return Err(PositionError::OpponentInCheck {
                color: them,
                general: pos.general(them),
            });
        }
        Ok(pos)
    }

    /// The same placement with `turn` to move, without validating it: the side that then
    /// waits may be in check. Used by the repetition rules to ask what a checking move would
    /// win if the check were set aside (`repetition::material::pass_through_check`).
    pub(crate) fn with_turn_unchecked(&self, turn: Side) -> Position {
        let mut next = *self;
        next.turn = turn;
        next
    }

    /// Whether two positions are the same for repetition: the same pieces on the same
    /// squares and the same side to move (the move counters do not count).
    ///
    /// ```
    /// use arbiter::xiangqi::Position;
    ///
    /// let a = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    /// let b = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 7 12").unwrap();
    /// let c = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1").unwrap();
    /// assert!(a.same_placement(&b));
    /// assert!(!a.same_placement(&c));
    /// ```
    pub fn same_placement(&self, other: &Position) -> bool {
        self.turn == other.turn && self.occupied == other.occupied && self.board == other.board
    }

    /// What [`Position::same_placement`] compares, as a key: equal keys, same placement.
    pub(crate) fn placement_key(&self) -> ([u8; 91], Side) {
        (self.board, self.turn)
    }

    /// Whether this position, reached from `before` by one move (or equal to it), has fewer
    /// pieces: the pieces of the side not to move in `before` changed (a move changes only
    /// the mover's pieces, and a capture removes one of the other side's).
    pub(crate) fn captured_from(&self, before: &Position) -> bool {
        let them = before.turn.other().index();
        self.occupied[them] != before.occupied[them]
    }

    /// The position as a [`Setup`].
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        for sq in Square::all() {
            setup.set(sq, self.piece_at(sq));
        }
        setup.turn = self.turn;
        setup.halfmoves = self.halfmoves;
        setup.fullmoves = self.fullmoves;
        setup
    }

    /// The canonical FEN.
    pub fn fen(&self) -> String {
        write_fen(&self.to_setup())
    }

    /// The piece on a square.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The movement and check rules the position's moves obey.
    pub fn move_rules(&self) -> MoveRules {
        self.rules
    }

    /// The same position under other movement and check rules (a mutant of the
    /// reference's): its legal moves, checks, outcome and every position reached from it
    /// obey `rules`.
    ///
    /// ```
    /// use arbiter::xiangqi::{MoveRules, Position};
    ///
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
    /// assert!(!pos.legal_moves().iter().any(|m| m.to.to_string() == "d0"));
    /// let facing = MoveRules { generals_may_not_face: false, ..MoveRules::STANDARD };
    /// let pos = pos.with_move_rules(facing);
    /// assert!(pos.legal_moves().iter().any(|m| m.to.to_string() == "d0"));
    /// assert_eq!(pos.play_iccs("e0e1").unwrap().move_rules(), facing);
    /// ```
    pub fn with_move_rules(mut self, rules: MoveRules) -> Position {
        self.rules = rules;
        self
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Plies since the last capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Where a side's general stands.
    pub fn general(&self, color: Side) -> Square {
        Square::from_index(self.generals[color.index()] as usize).unwrap_or(A0)
    }

    /// The squares of a side's pieces of one role, in square order.
    pub fn squares_of(&self, color: Side, role: Role) -> Vec<Square> {
        let c = code(color.index(), role);
        Square::all()
            .filter(|s| self.board[s.index()] == c)
            .collect()
    }

    /// Whether the side to move is in check: its general could be captured, or faces the
    /// other general on an open file.
    pub fn is_check(&self) -> bool {
        self.attacked(self.turn.index(), &Tables::of(&self.rules))
    }

    /// Whether the general of colour index `c` is attacked, looking out from the general:
    /// along its four lines for a chariot (or, on its file, the other general) before any
    /// other piece and a cannon after exactly one screen; at the four horse positions whose
    /// leg is empty; at the three squares an enemy soldier attacks from.
    #[inline]
    pub(crate) fn attacked(&self, c: usize, rules: &Tables) -> bool {
        let g = self.generals[c] as usize;
        let e = 1 - c;
        let (chariot, cannon) = (code(e, Role::Chariot), code(e, Role::Cannon));
        // Pieces that attack along a line with nothing between: a code that matches no
        // piece where the rule does not apply.
        let general = if !rules.generals_may_not_face {
            NO_PIECE
        } else {
            code(e, Role::General)
        };
        let close_cannon = if !rules.cannon_needs_screen {
            cannon
        } else {
            NO_PIECE
        };
        let horse = code(e, Role::Horse);
        let soldier = code(e, Role::Soldier);
        let b = &self.board;
        for a in &rules.soldier_attacks[c][g] {
            if b[*a as usize] == soldier {
                return true;
            }
        }
        for [leg, h1, h2] in &rules.horse_attacks[g] {
            if b[*leg as usize] == 0 && (b[*h1 as usize] == horse || b[*h2 as usize] == horse) {
                return true;
            }
        }
        for d in 0..4 {
            let ray = &RAYS.squares[g][d];
            let len = RAYS.len[g][d] as usize;
            let mut i = 0;
            while i < len {
                let p = b[ray[i] as usize];
                if p != 0 {
                    if p == chariot || p == close_cannon || (d < 2 && p == general) {
                        return true;
                    }
                    break;
                }
                i += 1;
            }
            i += 1;
            while i < len {
                let p = b[ray[i] as usize];
                if p != 0 {
                    if p == cannon {
                        return true;
                    }
                    break;
                }
                i += 1;
            }
        }
        false
    }

    /// Whether, after the move of the side to move from `from` to `to`, its general (of
    /// colour `c`) is attacked, under the real rules; for a move of another piece than the
    /// general, in a position where the general is not attacked. Only what the two changed
    /// points can change is looked at, on this board with the move read into it (no child
    /// position is made): the rays from the general through either point (a line opened, a
    /// cannon given a screen or losing one), and the horse whose leg the move vacates. A
    /// point becoming occupied can only block a horse, and no enemy soldier moves.
    #[inline(always)]
    fn attacked_after(&self, c: usize, from: usize, to: usize) -> bool {
        let g = self.generals[c] as usize;
        let e = 1 - c;
        let (chariot, cannon) = (code(e, Role::Chariot), code(e, Role::Cannon));
        let (general, horse) = (code(e, Role::General), code(e, Role::Horse));
        let mover = self.board[from];
        let at = |s: usize| match s {
            _ if s == from => 0,
            _ if s == to => mover,
            _ => self.board[s],
        };
        let mut lines = LINES[g][from] | LINES[g][to];
        while lines != 0 {
            let d = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            let ray = &RAYS.squares[g][d][..RAYS.len[g][d] as usize];
            let mut pieces = ray.iter().map(|&s| at(s as usize)).filter(|&p| p != 0);
            match pieces.next() {
                Some(p) if p == chariot || (d < 2 && p == general) => return true,
                Some(_) if pieces.next() == Some(cannon) => return true,
                _ => {}
            }
        }
        HORSE_ATTACKS[g].iter().any(|&[leg, h1, h2]| {
            leg as usize == from
                && [h1, h2]
                    .iter()
                    .any(|&h| h as usize != to && self.board[h as usize] == horse)
        })
    }

    /// All moves of the side to move by the movement rules alone, ignoring whether they
    /// leave the own general attacked.
    pub fn pseudo_legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, &Tables::of(&self.rules));
        list
    }

    /// The moves of each piece of the side to move by the movement rules alone, by origin
    /// square.
    #[inline]
    pub(crate) fn gen_pseudo(&self, list: &mut MoveList, rules: &Tables) {
        let mut bb = self.occupied[self.turn.index()];
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            self.gen_piece(from, list, rules);
        }
    }

    /// The moves of the piece of the side to move on `from` (which must hold one), by the
    /// movement rules alone.
    #[inline(always)]
    fn gen_piece(&self, from: usize, list: &mut MoveList, rules: &Tables) {
        let us = self.turn.index();
        let (general, advisor, elephant, horse) =
            (rules.general, rules.advisor, rules.elephant, rules.horse);
        let b = &self.board;
        let f8 = from as u8;
        match (b[from] - 1) & 7 {
            0 => {
                for i in 0..general.len[from] as usize {
                    let to = general.to[from][i];
                    if !is_own(b[to as usize], us) {
                        list.push(f8, to);
                    }
                }
            }
            1 => {
                for i in 0..advisor.len[from] as usize {
                    let to = advisor.to[from][i];
                    if !is_own(b[to as usize], us) {
                        list.push(f8, to);
                    }
                }
            }
            2 => {
                for i in 0..elephant.len[from] as usize {
                    let to = elephant.to[from][i];
                    if b[elephant.block[from][i] as usize] == 0 && !is_own(b[to as usize], us) {
                        list.push(f8, to);
                    }
                }
            }
            3 => {
                for i in 0..horse.len[from] as usize {
                    let to = horse.to[from][i];
                    if b[horse.block[from][i] as usize] == 0 && !is_own(b[to as usize], us) {
                        list.push(f8, to);
                    }
                }
            }
            4 => {
                for d in 0..4 {
                    let ray = &RAYS.squares[from][d];
                    let ray = &ray[..RAYS.len[from][d] as usize];
                    for (i, &to) in ray.iter().enumerate() {
                        let p = b[to as usize];
                        if p == 0 {
                            list.push(f8, to);
                        } else {
                            if !is_own(p, us) {
                                list.push(f8, to);
                            }
                            if rules.chariot_jumps {
                                // A mutant: on over the piece to the empty points beyond.
                                for &beyond in ray[i + 1..].iter() {
                                    if b[beyond as usize] != 0 {
                                        break;
                                    }
                                    list.push(f8, beyond);
                                }
                            }
                            break;
                        }
                    }
                }
            }
            5 => {
                for d in 0..4 {
                    let ray = &RAYS.squares[from][d];
                    let len = RAYS.len[from][d] as usize;
                    let mut i = 0;
                    while i < len {
                        let to = ray[i];
                        let p = b[to as usize];
                        if p != 0 {
                            if !rules.cannon_needs_screen && !is_own(p, us) {
                                // A mutant: a capture without a screen.
                                list.push(f8, to);
                            }
                            break;
                        }
                        list.push(f8, to);
                        i += 1;
                    }
                    i += 1;
                    while i < len {
                        let to = ray[i];
                        let p = b[to as usize];
                        if p != 0 {
                            if !is_own(p, us) {
                                list.push(f8, to);
                            }
                            break;
                        }
                        if rules.cannon_jumps {
                            // A mutant: a move over the screen without capturing.
                            list.push(f8, to);
                        }
                        i += 1;
                    }
                }
            }
            _ => {
                let steps = &rules.soldier[us];
                for i in 0..steps.len[from] as usize {
                    let to = steps.to[from][i];
                    if !is_own(b[to as usize], us) {
                        list.push(f8, to);
                    }
                }
            }
        }
    }

    /// Plays a move without checking it. The move must be pseudo-legal.
    #[inline(always)]
    pub(crate) fn make(&mut self, m: Move) {
        let (from, to) = (m.from.index(), m.to.index());
        let us = self.turn.index();
        let piece = self.board[from];
        let captured = self.board[to];
        self.board[to] = piece;
        self.board[from] = 0;
        self.occupied[us] ^= (1u128 << from) | (1u128 << to);
        if captured != 0 {
            self.occupied[1 - us] ^= 1u128 << to;
            self.halfmoves = 0;
        } else {
            self.halfmoves = self.halfmoves.saturating_add(1);
        }
        if piece & 7 == 1 {
            self.generals[us] = to as u8;
        }
        if self.turn == Side::Second {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
    }

    /// What decides, in this position, whether a pseudo-legal move is legal: whether the
    /// side to move is in check, and where its general stands.
    #[inline]
    fn safety(&self, rules: &Tables) -> Safety {
        let us = self.turn.index();
        let in_check = self.attacked(us, rules);
        Safety {
            us,
            general: self.generals[us] as usize,
            in_check,
            anything_goes: self.anything_goes(in_check, rules),
        }
    }

    /// Whether a pseudo-legal move leaves the own general safe (not attacked, not facing
    /// the other general). A move that cannot change the general's safety (neither end on
    /// the general's file, rank or diagonal neighbours, while not in check) is safe without
    /// playing it.
    #[inline(always)]
    fn keeps_general_safe(&self, safety: &Safety, m: Move, rules: &Tables) -> bool {
        if safety.anything_goes {
            return true;
        }
        let (from, to) = (m.from.index(), m.to.index());
        let g = safety.general;
        let danger = DANGER[g];
        let quiet = !safety.in_check && from != g;
        if quiet && (danger >> from) & 1 == 0 && (danger >> to) & 1 == 0 {
            return true;
        }
        if quiet && rules.standard_attacks {
            return !self.attacked_after(safety.us, from, to);
        }
        let mut child = *self;
        child.make(m);
        !child.attacked(safety.us, rules)
    }

    /// Removes from `list` the moves that leave the own general attacked (or facing the
    /// other general), keeping the order of the others.
    #[inline]
    pub(crate) fn filter_legal(&self, list: &mut MoveList, rules: &Tables) {
        let safety = self.safety(rules);
        if safety.anything_goes {
            return;
        }
        let mut kept = 0;
        for i in 0..list.len {
            let m = list.moves[i];
            if self.keeps_general_safe(&safety, m, rules) {
                list.moves[kept] = m;
                kept += 1;
            }
        }
        list.len = kept;
    }

    /// The number of legal moves, counted without building the child positions where the
    /// move cannot affect the general.
    #[inline]
    pub(crate) fn count_legal(&self, rules: &Tables) -> u64 {
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, rules);
        let us = self.turn.index();
        let g = self.generals[us] as usize;
        let in_check = self.attacked(us, rules);
        if self.anything_goes(in_check, rules) {
            return list.len as u64;
        }
        let danger = DANGER[g];
        let mut n = 0;
        for m in &list.moves[..list.len] {
            let (from, to) = (m.from.index(), m.to.index());
            let quiet = !in_check && from != g;
            if quiet && (danger >> from) & 1 == 0 && (danger >> to) & 1 == 0 {
                n += 1;
            } else if quiet && rules.standard_attacks {
                if !self.attacked_after(us, from, to) {
                    n += 1;
                }
            } else {
                let mut child = *self;
                child.make(*m);
                if !child.attacked(us, rules) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Whether every move the movement rules allow is legal here: never under the rules;
    /// under a mutant that allows self-check, or (another) while in check.
    #[inline(always)]
    pub(crate) fn anything_goes(&self, in_check: bool, rules: &Tables) -> bool {
        match rules.legality {
            Legality::Full => false,
            Legality::UnansweredCheck => in_check,
            Legality::Movement => true,
        }
    }

    /// The legal moves, in canonical order (by origin square, then destination square).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = self.legal_moves_unordered();
        // The generator finds the moves by origin square already; only each piece's moves
        // (a handful) are out of order, which an insertion sort puts right in a few steps.
        let moves = &mut list.moves[..list.len];
        for i in 1..moves.len() {
            let m = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1] > m {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = m;
        }
        list
    }

    /// The legal moves in the order the generator finds them (by origin square, then
    /// direction): for comparisons that sort only when two lists differ (the typed fuzzer).
    pub(crate) fn legal_moves_unordered(&self) -> MoveList {
        let rules = Tables::of(&self.rules);
        let mut list = MoveList::new();
        self.gen_pseudo(&mut list, &rules);
        self.filter_legal(&mut list, &rules);
        list
    }

    /// Whether a move is legal here: one of the moves the movement rules give the piece on
    /// its origin square, leaving the own general safe (the test the legal move generator
    /// applies, on that piece's moves only).
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from.index();
        if !is_own(self.board[from], self.turn.index()) {
            return false;
        }
        let rules = Tables::of(&self.rules);
        let mut list = MoveList::new();
        self.gen_piece(from, &mut list, &rules);
        if !list.contains(&m) {
            return false;
        }
        if rules.legality != Legality::Full {
            return self.keeps_general_safe(&self.safety(&rules), m, &rules);
        }
        // One move: playing it and looking at the general once is cheaper than first asking
        // whether it stands in check (the shortcut of the generator, which pays for a list).
        let mut child = *self;
        child.make(m);
        !child.attacked(self.turn.index(), &rules)
    }

    /// Whether the side to move has a legal move (stops at the first one found).
    pub fn has_legal_move(&self) -> bool {
        let rules = Tables::of(&self.rules);
        self.has_legal_move_in(&self.safety(&rules), &rules)
    }

    /// [`Position::has_legal_move`], with the general's safety already looked at.
    fn has_legal_move_in(&self, safety: &Safety, rules: &Tables) -> bool {
        // Piece by piece: the first piece with a legal move ends the search, so the other
        // pieces' moves are never generated.
        let mut list = MoveList::new();
        let mut bb = self.occupied[self.turn.index()];
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            list.len = 0;
            self.gen_piece(from, &mut list, rules);
            if list
                .iter()
                .any(|&m| self.keeps_general_safe(safety, m, rules))
            {
                return true;
            }
        }
        false
    }

    /// The position after a legal move.
    pub fn play(&self, m: Move) -> Result<Position, IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m));
        }
        let mut next = *self;
        next.make(m);
        Ok(next)
    }

    /// The piece a legal move captures, if any.
    pub fn captured(&self, m: Move) -> Option<Piece> {
        self.piece_at(m.to)
    }

    /// Whether a legal move gives check.
    pub fn gives_check(&self, m: Move) -> bool {
        // Every attack on a general runs along its file or rank (chariot, cannon, the other
        // general) or comes from within two points of it (horse and its leg, soldier). A move
        // changes only its two points, so one that touches neither those lines nor that
        // neighbourhood cannot give check (the opponent is not in check before it).
        let g = self.generals[self.turn.other().index()] as usize;
        let g = Square::from_index(g).unwrap_or(m.to);
        let near = |s: Square| {
            s.file() == g.file()
                || s.rank() == g.rank()
                || (s.file().abs_diff(g.file()) <= 2 && s.rank().abs_diff(g.rank()) <= 2)
        };
        if !near(m.from) && !near(m.to) {
            return false;
        }
        let mut next = *self;
        next.make(m);
        next.is_check()
    }

    /// Whether the game is over: the side to move has no legal move and loses, by
    /// checkmate if in check, by stalemate (困毙) otherwise (第一章 第四节 一 (一), (二)), as
    /// the rules score it (the endings score it under their
    /// [`EndingScores`](crate::outcome::EndingScores)).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_and_check(None).0
    }

    /// [`Position::outcome`] and [`Position::is_check`], looking at the general once;
    /// `has_legal_move`: whether the side to move has a legal move, when the caller knows
    /// (it listed them), else it is searched for.
    pub(crate) fn outcome_and_check(
        &self,
        has_legal_move: Option<bool>,
    ) -> (Option<Outcome>, bool) {
        let rules = Tables::of(&self.rules);
        let safety = self.safety(&rules);
        if has_legal_move.unwrap_or_else(|| self.has_legal_move_in(&safety, &rules)) {
            return (None, safety.in_check);
        }
        let (reason, clause) = if safety.in_check {
            (Reason::Checkmate, clause::XQ_RESULT_CHECKMATE_LOSES)
        } else {
            (Reason::Stalemate, clause::XQ_RESULT_STALEMATE_LOSES)
        };
        let outcome = Outcome::win(self.turn.other(), reason, Some(clause.into()));
        (Some(outcome), safety.in_check)
    }

    /// The like pieces (same colour and role as the piece on `sq`) on `sq`'s file, from the
    /// front (nearest the opponent) to the rear.
    pub fn tandem(&self, sq: Square) -> Vec<Square> {
        let c = self.board[sq.index()];
        let Some(piece) = Piece::from_code(c) else {
            return Vec::new();
        };
        let mut v: Vec<Square> = (0..10)
            .filter_map(|r| Square::new(sq.file(), r))
            .filter(|s| self.board[s.index()] == c)
            .collect();
        if piece.color == Side::First {
            v.reverse();
        }
        v
    }

    /// How many files hold two or more of a side's pieces of one role.
    pub fn tandem_files(&self, color: Side, role: Role) -> usize {
        let c = code(color.index(), role);
        (0..9u8)
            .filter(|&f| {
                (0..10)
                    .filter_map(|r| Square::new(f, r))
                    .filter(|s| self.board[s.index()] == c)
                    .count()
                    >= 2
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `gives_check` skips moves far from the enemy general's lines; it must agree with
    /// playing the move and looking, on every legal move of many positions (playouts from
    /// the start, always preferring a checking move so that checks are common).
    #[test]
    fn gives_check_agrees_with_playing_the_move() {
        let mut checks = 0;
        for seed in 0..200u64 {
            let mut pos = Position::start();
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mut checking = None;
                for &m in &moves {
                    let mut next = pos;
                    next.make(m);
                    assert_eq!(pos.gives_check(m), next.is_check(), "{} {m}", pos.fen());
                    if next.is_check() {
                        checks += 1;
                        checking = Some(m);
                    }
                }
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let m = match checking {
                    Some(m) if state % 3 == 0 => m,
                    _ => moves[(state % moves.len() as u64) as usize],
                };
                pos.make(m);
            }
        }
        assert!(checks > 1000, "too few checking moves seen: {checks}");
    }
}
