//! Correcting errors found during a xiangqi game (第四章 第一节 三, 纠正错误): a wrong set-up
//! at the start or at resumption, wrong colours, an illegal move or a displaced piece found
//! later. Each is an [`Event::Correction`](super::Event::Correction) of an [`ErrorKind`];
//! the session records each one as a [`Correction`] with the clause that decided it.
//!
//! | error | the session | clause |
//! | --- | --- | --- |
//! | `wrong-initial-setup` | every move cancelled: play restarts from the start position (全盘就应重新下起) | `xq.irregularity.wrong-initial-setup` |
//! | `wrong-resumption-setup` | the moves after the sealed move cancelled: the replier moves again in the position at resumption | `xq.irregularity.wrong-resumption-setup` |
//! | `colours-and-order` | the players exchange colours and every move is cancelled (交换棋子重下) | `xq.irregularity.colours-and-order` |
//! | `colours-only` | the players exchange colours in the position on the board (互换棋子的颜色，摆成目前发现时的形势): written red at the bottom it is turned round, and the same player is to move | `xq.irregularity.colours-only` |
//! | `illegal-move` at move *n* | moves from *n* cancelled; the piece moved then counts as touched (三 (三) 1) | `xq.irregularity.illegal-move`, then `xq.irregularity.illegal-move-touched` |
//! | `displaced-piece` at move *n* | moves from *n* cancelled; no piece counts as touched (三 (三) 2: 可以不走当时所走动的那个棋子) | `xq.irregularity.displaced-piece` |
//! | `displaced-unknown`, from move *n* or none | moves from *n* cancelled; none: every move (取消全部着法重赛) | `xq.irregularity.displaced-unknown` |
//!
//! Found after the game ended (the session's result is final) the result stands and nothing
//! changes: `xq.irregularity.setup-finished-game` for the set-up and colour errors,
//! `xq.irregularity.finished-game-stands` for the others. Cancelled moves rescale the times
//! as every correction does (三 (四), 第二节 一 (四)): by the error's move, the first one
//! cancelled, over the current move; an error of the set-up is before any move (已走着数
//! 0), so a restart for it gives both sides their whole time back. An exchange of colours leaves each player his own clock, violations and
//! penalties. The readings behind these choices are in `docs/procedure.md`, "Correcting
//! errors".
//!
//! ```
//! use arbiter::procedure::{ErrorKind, Event, Session};
//! use arbiter::Side;
//!
//! let mut game = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
//! for m in ["h2e2", "h9g7", "h0g2"] {
//!     game.apply(Event::Move(m.into())).unwrap();
//! }
//! // A piece was displaced at black's first move: the position before it is restored and
//! // black may move any piece.
//! game.apply(Event::Correction { error: ErrorKind::DisplacedPiece, at: Some((1, Side::Second)) })
//!     .unwrap();
//! assert_eq!(game.moves(), [game.start().read_move("h2e2").unwrap()]);
//! assert_eq!(game.permitted().clause(game.board().game()), None);
//! assert_eq!(game.corrections()[0].clause, "xq.irregularity.displaced-piece");
//! ```

use super::{Session, Side};
use crate::clause;
use crate::procedure::adjourn::{Adjournment, Phase};
use crate::procedure::touch::{Touch, TouchOrigin};
use crate::procedure::{Board, Candidate, ProcedureError};
use std::sync::Arc;

/// An error put right by [`Event::Correction`](super::Event::Correction) (xiangqi 第四章
/// 第一节 三).
///
/// ```
/// use arbiter::procedure::ErrorKind;
///
/// let e = ErrorKind::from_slug("colours-only").unwrap();
/// assert_eq!(e.clause(), "xq.irregularity.colours-only");
/// assert_eq!(e.stands_clause(), "xq.irregularity.setup-finished-game");
/// assert_eq!(ErrorKind::IllegalMove.stands_clause(), "xq.irregularity.finished-game-stands");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// 三 (一): the pieces were set up wrongly at the start of the game.
    InitialSetup,
    /// 三 (一): the position was set up wrongly at the resumption of an adjourned game.
    ResumptionSetup,
    /// 三 (二): wrong colours, and the wrong player moved first.
    ColoursAndOrder,
    /// 三 (二): wrong colours, the order of moves right.
    ColoursOnly,
    /// 三 (三) 1: a move that broke the movement rules, made at a given move.
    IllegalMove,
    /// 三 (三) 2: a piece displaced by accident at a given move.
    DisplacedPiece,
    /// 三 (三) 2: a displaced piece whose round cannot be found; given: the move from which
    /// the position is certainly correct.
    DisplacedUnknown,
}

/// Whether a correction names the move of the error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorMove {
    /// It must (`illegal-move`, `displaced-piece`).
    Required,
    /// It may (`displaced-unknown`: the move from which the position is certainly correct).
    Optional,
    /// It cannot (the set-up and colour errors).
    None,
}

impl ErrorKind {
    /// Every kind.
    pub const ALL: [ErrorKind; 7] = [
        ErrorKind::InitialSetup,
        ErrorKind::ResumptionSetup,
        ErrorKind::ColoursAndOrder,
        ErrorKind::ColoursOnly,
        ErrorKind::IllegalMove,
        ErrorKind::DisplacedPiece,
        ErrorKind::DisplacedUnknown,
    ];

    /// The slug a case writes (`correct_error: {error: colours-only}`).
    pub fn slug(self) -> &'static str {
        match self {
            ErrorKind::InitialSetup => "wrong-initial-setup",
            ErrorKind::ResumptionSetup => "wrong-resumption-setup",
            ErrorKind::ColoursAndOrder => "colours-and-order",
            ErrorKind::ColoursOnly => "colours-only",
            ErrorKind::IllegalMove => "illegal-move",
            ErrorKind::DisplacedPiece => "displaced-piece",
            ErrorKind::DisplacedUnknown => "displaced-unknown",
        }
    }

    /// The kind of a slug.
    pub fn from_slug(slug: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.slug() == slug)
    }

    /// The slugs, comma separated (for messages).
    pub fn slugs() -> String {
        ErrorKind::ALL.map(ErrorKind::slug).join(", ")
    }

    /// The catalog clause of the correction made during the game.
    pub fn clause(self) -> &'static str {
        match self {
            ErrorKind::InitialSetup => clause::XQ_IRREGULARITY_WRONG_INITIAL_SETUP,
            ErrorKind::ResumptionSetup => clause::XQ_IRREGULARITY_WRONG_RESUMPTION_SETUP,
            ErrorKind::ColoursAndOrder => clause::XQ_IRREGULARITY_COLOURS_AND_ORDER,
            ErrorKind::ColoursOnly => clause::XQ_IRREGULARITY_COLOURS_ONLY,
            ErrorKind::IllegalMove => clause::XQ_IRREGULARITY_ILLEGAL_MOVE,
            ErrorKind::DisplacedPiece => clause::XQ_IRREGULARITY_DISPLACED_PIECE,
            ErrorKind::DisplacedUnknown => clause::XQ_IRREGULARITY_DISPLACED_UNKNOWN,
        }
    }

    /// The catalog clause by which the result stands when the error is found only after
    /// the game ended.
    pub fn stands_clause(self) -> &'static str {
        if self.is_setup() {
            clause::XQ_IRREGULARITY_SETUP_FINISHED_GAME
        } else {
            clause::XQ_IRREGULARITY_FINISHED_GAME_STANDS
        }
    }

    /// Whether it is an error of the set-up or the colours (三 (一)–(二)).
    pub fn is_setup(self) -> bool {
        matches!(
            self,
            ErrorKind::InitialSetup
                | ErrorKind::ResumptionSetup
                | ErrorKind::ColoursAndOrder
                | ErrorKind::ColoursOnly
        )
    }

    /// Whether the correction names the move of the error.
    pub fn error_move(self) -> ErrorMove {
        match self {
            ErrorKind::IllegalMove | ErrorKind::DisplacedPiece => ErrorMove::Required,
            ErrorKind::DisplacedUnknown => ErrorMove::Optional,
            _ => ErrorMove::None,
        }
    }
}

/// A correction the session made or, the game being over, declined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// The error.
    pub error: ErrorKind,
    /// The move number and side of the error (for `displaced-unknown`: of the first move
    /// after the last position certainly correct).
    pub at: Option<(u32, Side)>,
    /// The deciding clause.
    pub clause: &'static str,
    /// Whether the game was corrected; `false`: it had ended and its result stands.
    pub applied: bool,
}

/// The corrections of a session, and whether the players now hold the other colours than
/// when it started.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Corrections {
    pub(super) made: Vec<Correction>,
    pub(super) exchanged: bool,
}

/// How corrections are made (第四章 第一节 三): the seed's rules
/// ([`CorrectionRules::RULES`]), or as a mutant of the reference alters them
/// (`rulebook::RuleBook::mutated`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CorrectionRules {
    /// Set-up and colour errors found after the game ended leave the result (三 (二)).
    pub setup_stands_after_end: bool,
    /// Illegal moves and displaced pieces found after the game ended leave it (三 (三)).
    pub moves_stand_after_end: bool,
    /// The piece moved at the displacement's move counts as touched (the seed: no).
    pub displaced_touched: bool,
    /// Colours only: the position stays and play continues (else the game restarts).
    pub colours_only_continues: bool,
    /// Colours and order: the game restarts (else the position stays).
    pub colours_and_order_restarts: bool,
    /// After an exchange of colours the same player is to move (else the same colour).
    pub turn_follows_player: bool,
    /// A wrong set-up at resumption restarts from the position at resumption (else from
    /// the start of the game).
    pub resumption_from_adjournment: bool,
    /// With no position certainly correct every move is cancelled (else play goes on).
    pub unknown_annuls_all: bool,
    /// A game restarted for a set-up error had no move played at the error (第二节 一 (四)
    /// 已走着数: each side's time used goes back to zero); else the first move counts as
    /// played.
    pub setup_error_before_any_move: bool,
}

impl CorrectionRules {
    /// The seed's rules.
    pub const RULES: CorrectionRules = CorrectionRules {
        setup_stands_after_end: true,
        moves_stand_after_end: true,
        displaced_touched: false,
        colours_only_continues: true,
        colours_and_order_restarts: true,
        turn_follows_player: true,
        resumption_from_adjournment: true,
        unknown_annuls_all: true,
        setup_error_before_any_move: true,
    };

    /// Whether an error of this kind found after the end leaves the result.
    fn stands_after_end(&self, error: ErrorKind) -> bool {
        match error.is_setup() {
            true => self.setup_stands_after_end,
            false => self.moves_stand_after_end,
        }
    }
}

impl Session {
    /// The corrections made (or declined after the end), in order.
    pub fn corrections(&self) -> &[Correction] {
        &self.corrections.made
    }

    /// Whether the players hold the other colours than when the session started (after
    /// an odd number of exchanges, 第四章 第一节 三 (二)).
    pub fn colours_exchanged(&self) -> bool {
        self.corrections.exchanged
    }

    /// A correction asked for after the game ended: the result stands, recorded with its
    /// clause (`Ok(true)`), unless the rules in force reopen the game (`Ok(false)`: the
    /// correction is then made as during the game).
    pub(super) fn correction_after_end(
        &mut self,
        error: ErrorKind,
        at: Option<(u32, Side)>,
    ) -> Result<bool, ProcedureError> {
        if self.draughts_colours_stand(error, at) {
            return Ok(true);
        }
        self.check_correction(error, at)?;
        if self.correction_rules.stands_after_end(error) {
            self.corrections.made.push(Correction {
                error,
                at,
                clause: error.stands_clause(),
                applied: false,
            });
            return Ok(true);
        }
        self.verdict = None;
        Ok(false)
    }

    /// Draughts art. 9.4: colours found reversed after the start change nothing — the game
    /// goes on (or its result stands) as played, recorded under `d64.start.colours-reversed`
    /// and not applied (比赛必须继续进行，比赛结果不变). `true` when that is the case.
    fn draughts_colours_stand(&mut self, error: ErrorKind, at: Option<(u32, Side)>) -> bool {
        let colours = matches!(error, ErrorKind::ColoursAndOrder | ErrorKind::ColoursOnly);
        if !(self.policy.game.is_draughts() && colours && at.is_none()) {
            return false;
        }
        self.corrections.made.push(Correction {
            error,
            at,
            clause: clause::D64_START_COLOURS_REVERSED,
            applied: false,
        });
        true
    }

    /// The correction's fields are those of its kind, and the game is xiangqi.
    fn check_correction(
        &self,
        error: ErrorKind,
        at: Option<(u32, Side)>,
    ) -> Result<(), ProcedureError> {
        if !self.policy.error_corrections {
            return Err(ProcedureError::WrongGame(
                "correcting a set-up, colour or displacement error (xiangqi 第四章 第一节 三)",
            ));
        }
        let problem = match (error.error_move(), at) {
            (ErrorMove::Required, None) => "needs the move of the error (`move`, `side`)",
            (ErrorMove::None, Some(_)) => "has no move of the error (leave out `move` and `side`)",
            _ => return Ok(()),
        };
        Err(ProcedureError::Correction(format!(
            "a correction of `{}` {problem}",
            error.slug()
        )))
    }

    /// Makes a correction during the game (see the [module documentation](self)).
    pub(super) fn correct(
        &mut self,
        error: ErrorKind,
        at: Option<(u32, Side)>,
    ) -> Result<(), ProcedureError> {
        if self.draughts_colours_stand(error, at) {
            return Ok(());
        }
        self.check_correction(error, at)?;
        let rules = self.correction_rules;
        let restart = |s: &mut Session| s.cancel_from(0);
        match error {
            ErrorKind::InitialSetup => self.restart_for_setup()?,
            ErrorKind::ResumptionSetup => {
                let from = match rules.resumption_from_adjournment {
                    true => self.after_sealed_move()?,
                    false => 0,
                };
                self.cancel_from(from)?;
            }
            ErrorKind::ColoursAndOrder | ErrorKind::ColoursOnly => {
                let continues = match error {
                    ErrorKind::ColoursOnly => rules.colours_only_continues,
                    _ => !rules.colours_and_order_restarts,
                };
                if continues {
                    self.turn_board_round(rules.turn_follows_player)?;
                } else {
                    self.restart_for_setup()?;
                }
                self.exchange_players(error.clause());
            }
            ErrorKind::IllegalMove | ErrorKind::DisplacedPiece => {
                let Some((number, side)) = at else {
                    return Err(ProcedureError::Correction(format!(
                        "a correction of `{}` needs the move of the error (`move` and `side`)",
                        error.slug()
                    )));
                };
                let piece = self.piece_moved_at(number, side);
                self.correct_error(number, side)?;
                let touched = match error {
                    ErrorKind::IllegalMove => self.policy.retaken_piece_touched,
                    _ => rules.displaced_touched,
                };
                if let (true, Some(m)) = (touched, piece) {
                    self.touches = vec![Touch {
                        squares: vec![m.from()],
                        origin: TouchOrigin::IllegalMove,
                    }];
                }
            }
            ErrorKind::DisplacedUnknown => match at {
                Some((number, side)) => self.correct_error(number, side)?,
                None if rules.unknown_annuls_all => restart(self)?,
                None => {}
            },
        }
        self.corrections.made.push(Correction {
            error,
            at,
            clause: error.clause(),
            applied: true,
        });
        Ok(())
    }

    /// The move of the history made at move `number` of `side`, if there is one.
    fn piece_moved_at(&self, number: u32, side: Side) -> Option<Candidate> {
        let i = self
            .move_numbers()
            .iter()
            .position(|p| *p == (number, side))?;
        self.moves.get(i).cloned()
    }

    /// Cancels the moves of the history from the `index`th on (none when there are fewer),
    /// as [`Session::correct_error`] does: times rescaled, touches dropped.
    fn cancel_from(&mut self, index: usize) -> Result<(), ProcedureError> {
        match self.move_numbers().get(index).copied() {
            Some((number, side)) => self.correct_error(number, side),
            None => {
                self.touches.clear();
                Ok(())
            }
        }
    }

    /// Every move cancelled for an error of the set-up (三 (一) 全盘就应重新下起, 三 (二)
    /// 交换棋子重下). The error is before any move: the moves played at it (第二节 一 (四)
    /// 已走着数) are none, so each side's time used goes back to zero (0/n), unless the error
    /// is within the last two rounds.
    fn restart_for_setup(&mut self) -> Result<(), ProcedureError> {
        let Some(&(number, side)) = self.move_numbers().first() else {
            self.touches.clear();
            return Ok(());
        };
        let at_error = match self.correction_rules.setup_error_before_any_move {
            true => number.saturating_sub(1),
            false => number,
        };
        self.cancel_moves(number, side, at_error)
    }

    /// The index in the history of the first move after the sealed move of a resumed
    /// game: the position at resumption is the envelope's with the sealed move made.
    fn after_sealed_move(&self) -> Result<usize, ProcedureError> {
        let adjourned_at =
            match self.adjournment.as_deref() {
                Some(Adjournment {
                    phase: Phase::Resumed { opened: true, .. },
                    envelope: Some(e),
                    ..
                }) => &e.position,
                _ => return Err(ProcedureError::Correction(
                    "a wrong set-up at resumption needs a resumed game with its envelope opened \
                     (`adjourn`, `seal`, `stop_clocks`, `resume` first)"
                        .to_owned(),
                )),
            };
        let mut board = Board::clone(&self.start);
        let mut adjourned = (board == *adjourned_at).then_some(0);
        for (i, m) in self.moves.iter().enumerate() {
            board = board.play(m);
            if board == *adjourned_at {
                adjourned = Some(i + 1);
            }
        }
        let at = adjourned.ok_or_else(|| {
            ProcedureError::Correction(format!(
                "the envelope's position ({}) is not in the history",
                adjourned_at.fen()
            ))
        })?;
        // The sealed move, played when the envelope was opened, stands.
        Ok((at + 1).min(self.moves.len()))
    }

    /// Colours only (三 (二)): the pieces change colour where they stand. Written red at
    /// the bottom, the board is turned round: start position and moves are rotated by 180°
    /// with the colours swapped, so each player keeps the moves (and the notation) he
    /// played. The same player is to move (`turn_follows_player`), now with the other
    /// colour.
    fn turn_board_round(&mut self, turn_follows_player: bool) -> Result<(), ProcedureError> {
        let start = turned_fen(&self.start.fen(), turn_follows_player)?;
        let turned = self
            .moves
            .iter()
            .map(|m| turned_move(&m.text()))
            .collect::<Result<Vec<_>, _>>()?;
        let start = Board::of(&self.play, Some(&start))?;
        let mut board = start.clone();
        let mut moves = Vec::with_capacity(turned.len());
        for text in &turned {
            let m = board.read_move(text)?;
            board = board.play(&m);
            moves.push(m);
        }
        self.save_history();
        self.start = Arc::new(start);
        self.moves = moves;
        self.set_board(board);
        self.touches.clear();
        self.judge = None;
        self.refresh()
    }

    /// The players exchange colours: each keeps his clock, violations, breaches, penalties
    /// and draw offers.
    fn exchange_players(&mut self, clause: &str) {
        self.corrections.exchanged = !self.corrections.exchanged;
        self.counts.0.swap(0, 1);
        self.penalties.0.swap(0, 1);
        for b in &mut self.breaches {
            b.side = b.side.other();
        }
        for o in &mut self.offers {
            o.by = o.by.other();
        }
        if let Some(c) = &mut self.clock {
            c.exchange_sides(clause);
        }
    }
}

/// A xiangqi FEN turned round with the colours swapped; the side to move changes colour
/// when `turn_follows_player`.
fn turned_fen(fen: &str, turn_follows_player: bool) -> Result<String, ProcedureError> {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    let bad = || ProcedureError::Correction(format!("cannot turn the position {fen} round"));
    let board = fields.first().ok_or_else(bad)?;
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .rev()
                .map(|c| match c.is_ascii_uppercase() {
                    true => c.to_ascii_lowercase(),
                    false => c.to_ascii_uppercase(),
                })
                .collect()
        })
        .collect();
    fields[0] = ranks.join("/");
    if turn_follows_player {
        let turn = fields.get_mut(1).ok_or_else(bad)?;
        *turn = match turn.as_str() {
            "w" | "r" => "b".to_owned(),
            "b" => "w".to_owned(),
            _ => return Err(bad()),
        };
    }
    Ok(fields.join(" "))
}

/// A xiangqi move in coordinates (`h2e2`) turned round by 180° (`b7e7`).
fn turned_move(text: &str) -> Result<String, ProcedureError> {
    let b = text.as_bytes();
    let square = |f: u8, r: u8| -> Option<[char; 2]> {
        ((b'a'..=b'i').contains(&f) && r.is_ascii_digit())
            .then(|| [char::from(b'a' + b'i' - f), char::from(b'0' + b'9' - r)])
    };
    if let [f1, r1, f2, r2] = b {
        if let (Some(a), Some(z)) = (square(*f1, *r1), square(*f2, *r2)) {
            return Ok(a.iter().chain(z.iter()).collect());
        }
    }
    Err(ProcedureError::Correction(format!(
        "cannot turn the move {text} round (expected coordinates such as h2e2)"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_round_twice_gives_the_position_back() {
        let fen = "rnbakabr1/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 2";
        let once = turned_fen(fen, true).unwrap();
        assert_eq!(
            once,
            "r1bakabnr/9/2n1c2c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/1RBAKABNR w - - 3 2"
        );
        assert_eq!(turned_fen(&once, true).unwrap(), fen);
        assert_eq!(turned_move("h2e2").unwrap(), "b7e7");
        assert_eq!(turned_move("a0i9").unwrap(), "i9a0");
        assert!(turned_move("22-18").is_err());
    }
}
