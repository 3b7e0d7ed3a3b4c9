//! Illegal and irregular moves: what kind of breach a move the rules do not allow is, and
//! (draughts) the position it leaves on the board.
//!
//! - Xiangqi: an illegal move is written in ICCS (`e1e2`); it is either a move that leaves
//!   the own general capturable (第一章 第二节 四) or one that breaks the movement rules
//!   (第三章 第六节 三 (一)). It is never played: the arbiter takes it back at once.
//! - Draughts: an irregular move (art. 7.4) stays on the board until the opponent decides.
//!   It is written as a move text (`22-17`, `22x13`, any path) and, where the text does not
//!   say it, with the squares whose pieces were removed (`removed`) or the whole position
//!   left on the board (`fen`). Without them, the piece on the first square goes to the last
//!   one, a man ending on the far row is crowned, and the opponent's pieces on the diagonals
//!   between consecutive squares of a capture text are removed.

use super::board::{Board, Spot};
use super::ProcedureError;
use crate::clause;
use crate::draughts::promotion_row;
use crate::draughts::{self, Bitboard, Piece, Role};
use crate::xiangqi;
use crate::Side;

/// What kind of breach an illegal or irregular move is. Each has a slug and a catalog
/// clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Irregularity {
    /// Xiangqi: the move leaves the own general capturable (第一章 第二节 四).
    ExposesGeneral,
    /// Xiangqi: the move breaks the movement rules (第三章 第六节 三 (一)).
    BreaksMovementRules,
    /// Draughts 7.4.1: two moves in succession.
    TwoMovesInARow,
    /// Draughts 7.4.2: a man or king moved in a way the rules do not allow.
    IllegalPieceMove,
    /// Draughts 7.4.3: one piece touched, another moved.
    TouchedOneMovedAnother,
    /// Draughts 7.4.4: taking a move back (悔棋) — the side that has just moved puts the
    /// position back as it was before its move (the piece just moved returned to its
    /// square, and any piece it captured put back). Without it, a second act by the side
    /// that just moved is [`TwoMovesInARow`](Irregularity::TwoMovesInARow).
    TakeBack,
    /// Draughts 7.4.5: an opponent's piece moved.
    MovingOpponentPiece,
    /// Draughts 7.4.6: a non-capturing move while a capture is compulsory.
    CaptureNotTaken,
    /// Draughts 7.4.8: more or fewer pieces captured than the rules require.
    WrongNumberCaptured,
    /// Draughts 7.4.9: the capturing piece released before the capture was complete.
    ReleasedMidCapture,
    /// Draughts 7.4.11: fewer pieces removed than were jumped.
    TooFewRemoved,
    /// Draughts 7.4.12: a piece removed that was not jumped.
    UnjumpedRemoved,
    /// Draughts 7.4.14: own pieces removed after a capture.
    OwnPieceRemoved,
}

impl Irregularity {
    /// Every kind, of both games.
    pub const ALL: [Irregularity; 13] = [
        Irregularity::ExposesGeneral,
        Irregularity::BreaksMovementRules,
        Irregularity::TwoMovesInARow,
        Irregularity::IllegalPieceMove,
        Irregularity::TouchedOneMovedAnother,
        Irregularity::TakeBack,
        Irregularity::MovingOpponentPiece,
        Irregularity::CaptureNotTaken,
        Irregularity::WrongNumberCaptured,
        Irregularity::ReleasedMidCapture,
        Irregularity::TooFewRemoved,
        Irregularity::UnjumpedRemoved,
        Irregularity::OwnPieceRemoved,
    ];

    /// The slug used in cases and reports (`exposing-general`, `too-few-removed`, …).
    pub fn slug(self) -> &'static str {
        match self {
            Irregularity::ExposesGeneral => "exposing-general",
            Irregularity::BreaksMovementRules => "illegal-move",
            Irregularity::TwoMovesInARow => "two-moves-in-a-row",
            Irregularity::IllegalPieceMove => "illegal-piece-move",
            Irregularity::TouchedOneMovedAnother => "touched-one-moved-another",
            Irregularity::TakeBack => "take-back",
            Irregularity::MovingOpponentPiece => "moving-opponent-piece",
            Irregularity::CaptureNotTaken => "capture-not-taken",
            Irregularity::WrongNumberCaptured => "wrong-number-captured",
            Irregularity::ReleasedMidCapture => "released-mid-capture",
            Irregularity::TooFewRemoved => "too-few-removed",
            Irregularity::UnjumpedRemoved => "unjumped-removed",
            Irregularity::OwnPieceRemoved => "own-piece-removed",
        }
    }

    /// The catalog clause it breaks.
    pub fn clause(self) -> &'static str {
        match self {
            Irregularity::ExposesGeneral => clause::XQ_IRREGULARITY_EXPOSING_GENERAL,
            Irregularity::BreaksMovementRules => clause::XQ_VIOLATION_ILLEGAL_MOVE,
            Irregularity::TwoMovesInARow => clause::D64_IRREGULARITY_TWO_MOVES_IN_A_ROW,
            Irregularity::IllegalPieceMove => clause::D64_IRREGULARITY_ILLEGAL_PIECE_MOVE,
            Irregularity::TouchedOneMovedAnother => {
                clause::D64_IRREGULARITY_TOUCHED_ONE_MOVED_ANOTHER
            }
            Irregularity::TakeBack => clause::D64_IRREGULARITY_TAKE_BACK,
            Irregularity::MovingOpponentPiece => clause::D64_IRREGULARITY_MOVING_OPPONENT_PIECE,
            Irregularity::CaptureNotTaken => clause::D64_IRREGULARITY_CAPTURE_NOT_TAKEN,
            Irregularity::WrongNumberCaptured => clause::D64_IRREGULARITY_WRONG_NUMBER_CAPTURED,
            Irregularity::ReleasedMidCapture => clause::D64_IRREGULARITY_RELEASED_MID_CAPTURE,
            Irregularity::TooFewRemoved => clause::D64_IRREGULARITY_TOO_FEW_REMOVED,
            Irregularity::UnjumpedRemoved => clause::D64_IRREGULARITY_UNJUMPED_REMOVED,
            Irregularity::OwnPieceRemoved => clause::D64_IRREGULARITY_OWN_PIECE_REMOVED,
        }
    }
}

/// An illegal or irregular move, read and classified.
#[derive(Debug, Clone, PartialEq)]
pub struct IrregularMove {
    /// Who made it.
    pub offender: Side,
    /// The move as written.
    pub text: String,
    /// What kind of breach it is.
    pub kind: Irregularity,
    /// The square the offender's own piece moved from (it counts as touched when the move
    /// is taken back); `None` when he moved an opponent's piece.
    pub moved: Option<Spot>,
    /// The position left on the board (draughts); the position before it in xiangqi, where
    /// the move is taken back at once.
    pub after: Board,
}

impl IrregularMove {
    /// Whether the position it leaves has exactly the pieces of `earlier` on the same
    /// squares (men and kings alike), whoever is to move: a draughts move taken back
    /// (art. 7.4.4) leaves the pieces as they were before the move it takes back. Always
    /// `false` in xiangqi or when the two boards are of different games.
    pub fn restores(&self, earlier: &Board) -> bool {
        match (&self.after, earlier) {
            (Board::Draughts(a), Board::Draughts(b)) => {
                let (a, b) = (a.setup(), b.setup());
                (a.white, a.black, a.kings) == (b.white, b.black, b.kings)
            }
            _ => false,
        }
    }
}

/// Reads an illegal move of the side to move in xiangqi (ICCS coordinates).
pub fn xiangqi_illegal(board: &Board, text: &str) -> Result<IrregularMove, ProcedureError> {
    let Board::Xiangqi(pos) = board else {
        return Err(ProcedureError::WrongGame("an illegal xiangqi move"));
    };
    let refuse = |reason: &str| ProcedureError::Move {
        text: text.to_owned(),
        reason: reason.to_owned(),
    };
    let m = xiangqi::iccs::parse_iccs_coords(text).map_err(|e| ProcedureError::Move {
        text: text.to_owned(),
        reason: e.to_string(),
    })?;
    match pos.piece_at(m.from) {
        Some(p) if p.color == pos.turn() => {}
        Some(_) => return Err(refuse("the piece on its first square is the opponent's")),
        None => return Err(refuse("there is no piece on its first square")),
    }
    if pos.is_legal(m) {
        return Err(refuse("it is a legal move (write it as `move`)"));
    }
    let kind = if pos.pseudo_legal_moves().contains(&m) {
        Irregularity::ExposesGeneral
    } else {
        Irregularity::BreaksMovementRules
    };
    Ok(IrregularMove {
        offender: board.turn(),
        text: text.to_owned(),
        kind,
        moved: Some(Spot(m.from.index() as u8)),
        after: board.clone(),
    })
}

/// Squares strictly between two squares on one diagonal; `None` if they are not on one.
fn between(a: draughts::Square, b: draughts::Square) -> Option<Vec<draughts::Square>> {
    let (af, ar, bf, br) = (
        i32::from(a.file()),
        i32::from(a.rank()),
        i32::from(b.file()),
        i32::from(b.rank()),
    );
    let (df, dr) = (bf - af, br - ar);
    if df == 0 || df.abs() != dr.abs() {
        return None;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let squares = (1..df.abs())
        .filter_map(|k| draughts::Square::from_coords((af + k * sf) as u8, (ar + k * sr) as u8))
        .collect();
    Some(squares)
}

/// What a draughts irregular move leaves on the board and what kind it is.
///
/// `offender` is the side that made it (the side to move unless it moved twice); `fen`
/// gives the position left on the board, `removed` the squares whose pieces were taken off.
pub fn draughts_irregular(
    board: &Board,
    offender: Side,
    text: &str,
    fen: Option<&str>,
    removed: Option<&[String]>,
) -> Result<IrregularMove, ProcedureError> {
    let Board::Draughts(pos) = board else {
        return Err(ProcedureError::WrongGame("an irregular draughts move"));
    };
    let refuse = |reason: String| ProcedureError::Move {
        text: text.to_owned(),
        reason,
    };
    let parsed = draughts::notation::parse(text).map_err(|e| refuse(e.to_string()))?;
    let (Some(&from), Some(&to)) = (parsed.squares.first(), parsed.squares.last()) else {
        return Err(refuse("a move needs at least two squares".to_owned()));
    };
    let Some(piece) = pos.piece_at(from) else {
        return Err(refuse(format!("there is no piece on {from}")));
    };
    let me = offender;
    // The opponent pieces jumped along the text's squares.
    let mut jumped = Bitboard::EMPTY;
    if parsed.capture {
        for pair in parsed.squares.windows(2) {
            for sq in between(pair[0], pair[1]).unwrap_or_default() {
                if pos.pieces(piece.color.other()).contains(sq) {
                    jumped = jumped.with(sq);
                }
            }
        }
    }
    let removed_set: Bitboard = match removed {
        Some(list) => {
            let mut set = Bitboard::EMPTY;
            for s in list {
                let spot = board.parse_square(s)?;
                let sq = draughts::Square::from_index(spot.0).unwrap_or_else(|| unreachable!());
                if pos.piece_at(sq).is_none() {
                    return Err(ProcedureError::EmptySquare(sq.to_string()));
                }
                set = set.with(sq);
            }
            set
        }
        None => jumped,
    };
    let after = match fen {
        Some(f) => {
            let p = draughts::Position::from_fen(f, pos.variant())
                .map_err(|e| ProcedureError::Position(e.to_string()))?
                .with_move_rules(pos.move_rules());
            if p.turn() != me.other() {
                return Err(ProcedureError::Position(format!(
                    "the position after {}'s irregular move must have {} to move",
                    me.draughts_name(),
                    me.other().draughts_name()
                )));
            }
            p
        }
        None => {
            let mut setup = pos.setup();
            for sq in removed_set {
                setup.remove_piece(sq);
            }
            setup.remove_piece(from);
            let crowned =
                piece.role == Role::Man && Bitboard(promotion_row(piece.color)).contains(to);
            let role = if crowned { Role::King } else { piece.role };
            setup.set_piece(
                to,
                Piece {
                    color: piece.color,
                    role,
                },
            );
            setup.turn = me.other();
            draughts::Position::from_setup(&setup, pos.variant())
                .map_err(|e| ProcedureError::Position(e.to_string()))?
                .with_move_rules(pos.move_rules())
        }
    };
    let legal = pos.legal_moves();
    let same_route = |m: &draughts::Move| m.from() == from && m.to() == to;
    let kind = if offender != board.turn() {
        Irregularity::TwoMovesInARow
    } else if piece.color != me {
        Irregularity::MovingOpponentPiece
    } else if !(removed_set & pos.pieces(me)).is_empty() {
        Irregularity::OwnPieceRemoved
    } else if parsed.capture
        && legal
            .iter()
            .any(|m| same_route(m) && m.captured() == jumped)
    {
        if removed_set == jumped {
            return Err(refuse(
                "it is a legal move played correctly (write it as `move`)".to_owned(),
            ));
        } else if !(removed_set & !jumped).is_empty() {
            Irregularity::UnjumpedRemoved
        } else {
            Irregularity::TooFewRemoved
        }
    } else if parsed.capture && !jumped.is_empty() && legal.iter().any(|m| m.is_capture()) {
        let prefix = legal.iter().any(|m| {
            m.from() == from && (m.captured() & jumped) == jumped && m.captured() != jumped
        });
        if prefix {
            Irregularity::ReleasedMidCapture
        } else {
            Irregularity::WrongNumberCaptured
        }
    } else if !parsed.capture && legal.iter().any(|m| m.is_capture()) {
        Irregularity::CaptureNotTaken
    } else if legal
        .iter()
        .any(|m| same_route(m) && removed_set == m.captured())
    {
        return Err(refuse("it is a legal move (write it as `move`)".to_owned()));
    } else {
        Irregularity::IllegalPieceMove
    };
    Ok(IrregularMove {
        offender,
        text: text.to_owned(),
        kind,
        moved: (piece.color == offender).then_some(Spot(from.index() as u8)),
        after: Board::Draughts(after),
    })
}
