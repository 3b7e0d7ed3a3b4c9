//! [`Session`]: a game as the arbiter sees it — events applied in order, and the state
//! after each (position, whose turn, permitted moves, violation counts, pending touches and
//! irregularity, outcome).
//!
//! One mechanism serves both games; where their rules differ a [`Policy`] says how:
//!
//! | | xiangqi | draughts |
//! | --- | --- | --- |
//! | touching an opponent's piece | binds (第四章 第一节 一 (二)–(五)) | binds nothing |
//! | a touch by the side not on move | ignored (not regulated) | a breach of art. 5.11, no obligation |
//! | an illegal move | taken back at once; one violation; the moved piece counts as touched (第一章 第二节 四, 第四章 第一节 三 (三) 1) | stays until the opponent corrects or accepts it (art. 7.4, 7.7) |
//! | a legal move the touches forbid | refused | irregular (art. 7.4.3) |
//! | counted violations | 违例, the third loses (第一章 第四节 一 (八)) | oral warnings, the second loses (art. 14.2.4) |
//!
//! ```
//! use arbiter::procedure::{Event, Session, Side};
//!
//! // Red's rook on e1 shields his general from black's rook on e9.
//! let fen = "3kr4/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
//! let mut game = Session::new(&"xiangqi".parse().unwrap(), Some(fen)).unwrap();
//! // Moving it off the file exposes the general: one violation, and the rook counts as
//! // touched, so it must move along the file.
//! game.apply(Event::Illegal { text: "e1d1".into(), side: None, fen: None, removed: None })
//!     .unwrap();
//! assert_eq!(game.violations(Side::First), 1);
//! let ruling = game.permitted();
//! assert!(ruling.permitted.iter().all(|m| m.text.starts_with("e1e")));
//! assert_eq!(ruling.clause(game.board().game()), Some("xq.irregularity.illegal-move-touched"));
//! game.apply(Event::Move("e1e8".into())).unwrap();
//! assert_eq!(game.turn(), Side::Second);
//! ```
//!
//! Claims and draw offers are left for later: [`Event`] is `#[non_exhaustive]` so that
//! `Offer`, `Answer` and `Claim` variants can be added without breaking callers.

use super::board::{Board, Candidate, PerSide, Side, Spot};
use super::irregular::{draughts_irregular, xiangqi_illegal, IrregularMove, Irregularity};
use super::touch::{resolve_touches, Ruling, Touch, TouchOrigin};
use super::ProcedureError;
use crate::{Game, Ruleset};
use serde_json::{json, Value};

/// Something that happens at the board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Event {
    /// A legal move by the side to move, in any notation the game reads.
    Move(String),
    /// Pieces touched together (one square, or several at once). `side` is who touched;
    /// `None` means the side to move.
    Touch {
        /// The squares.
        squares: Vec<String>,
        /// Who touched, when not the side to move.
        side: Option<Side>,
    },
    /// An obviously accidental brush of a piece: the arbiter treats it as no touch
    /// (xiangqi 第四章 第一节 一, last paragraph).
    Accidental(String),
    /// Adjusting a piece (摆正, art. 5.10): announced beforehand it is no touch; unannounced
    /// it counts as touching it.
    Adjust {
        /// The square.
        square: String,
        /// Whether it was announced.
        announced: bool,
    },
    /// A move the rules do not allow (see [`irregular`](super::irregular)).
    Illegal {
        /// The move text.
        text: String,
        /// Who made it, when not the side to move (draughts: two moves in a row).
        side: Option<Side>,
        /// Draughts: the position left on the board.
        fen: Option<String>,
        /// Draughts: the squares whose pieces were taken off.
        removed: Option<Vec<String>>,
    },
    /// Draughts: the opponent accepts the pending irregular move (art. 7.4).
    Accept,
    /// Draughts: the opponent demands its correction (art. 7.4): the position before it is
    /// restored and the piece moved counts as touched.
    Correct,
    /// A violation (违例) or, in draughts, an oral warning, by kind slug.
    Violation {
        /// Who committed it.
        side: Side,
        /// The kind (see [`Policy::violation_kinds`]).
        kind: String,
    },
    /// A player resigns.
    Resign(Side),
    /// The arbiter declares a loss for a reason decided elsewhere — the hook for the
    /// repetition verdict (xiangqi 第一章 第四节 一 (七): a forbidden repetition not changed
    /// after the verdict loses). `reason` is a slug such as `forbidden-repetition`.
    Forfeit {
        /// The side that loses.
        side: Side,
        /// Why, as a slug.
        reason: String,
    },
}

impl Event {
    /// A touch by the side to move of one or more squares at the same moment.
    pub fn touch<I: IntoIterator<Item = S>, S: Into<String>>(squares: I) -> Event {
        Event::Touch {
            squares: squares.into_iter().map(Into::into).collect(),
            side: None,
        }
    }
}

/// What happens to an illegal move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IllegalHandling {
    /// The arbiter takes it back at once and counts a violation (xiangqi).
    TakenBack,
    /// It stays on the board until the opponent corrects or accepts it (draughts).
    OpponentChooses,
}

/// How a game's rules differ in the procedures.
#[derive(Debug, Clone, PartialEq)]
pub struct Policy {
    /// The game.
    pub game: Game,
    /// What happens to an illegal move.
    pub illegal: IllegalHandling,
    /// The kinds of counted violation, by slug, with their catalog clause.
    pub violation_kinds: &'static [(&'static str, &'static str)],
    /// The count at which a side loses.
    pub violation_limit: u32,
    /// The clause of that loss.
    pub violation_limit_clause: &'static str,
}

const XIANGQI_VIOLATIONS: &[(&str, &str)] = &[
    ("illegal-move", "xq.violation.illegal-move"),
    ("exposing-general", "xq.irregularity.exposing-general"),
    (
        "question-opponent-time",
        "xq.violation.question-opponent-time",
    ),
    ("repeated-draw-offer", "xq.violation.repeated-draw-offer"),
    ("stopping-clock", "xq.violation.stopping-clock"),
    (
        "sealed-move-explainable",
        "xq.violation.sealed-move-explainable",
    ),
    ("recording-omissions", "xq.violation.recording-omissions"),
    ("after-game-conduct", "xq.violation.after-game-conduct"),
    ("minor-conduct", "xq.violation.minor-conduct"),
];

const DRAUGHTS_VIOLATIONS: &[(&str, &str)] = &[("warning", "d64.penalty.two-warnings-lose")];

impl Policy {
    /// The policy of a game.
    pub fn of(game: Game) -> Policy {
        if game.is_draughts() {
            Policy {
                game,
                illegal: IllegalHandling::OpponentChooses,
                violation_kinds: DRAUGHTS_VIOLATIONS,
                violation_limit: 2,
                violation_limit_clause: "d64.penalty.two-warnings-lose",
            }
        } else {
            Policy {
                game,
                illegal: IllegalHandling::TakenBack,
                violation_kinds: XIANGQI_VIOLATIONS,
                violation_limit: 3,
                violation_limit_clause: "xq.result.third-violation",
            }
        }
    }
}

/// A breach recorded by the session, counted or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    /// Who committed it.
    pub side: Side,
    /// Its slug (`exposing-general`, `repeated-draw-offer`, `too-few-removed`,
    /// `touch-off-move`, `warning`, …).
    pub kind: String,
    /// The catalog clause.
    pub clause: &'static str,
    /// Whether it counts towards the losing limit.
    pub counted: bool,
}

/// How the game ended, by the session's events or by the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionOutcome {
    /// The winner (`None`: a draw, for later).
    pub winner: Option<Side>,
    /// Why, as a slug: `third-violation` (xiangqi), `second-warning` (draughts),
    /// `resignation`, a forfeit reason, or the position's reason (`checkmate`,
    /// `no-legal-move`, …).
    pub reason: String,
}

/// A pending draughts irregularity, awaiting the opponent's choice.
#[derive(Debug, Clone, PartialEq)]
pub struct Pending {
    /// The irregular move.
    pub irregular: IrregularMove,
    /// The position before it.
    pub before: Board,
    /// The touches pending before it.
    pub touches: Vec<Touch>,
}

/// A game as the arbiter follows it. See the [module documentation](self).
#[derive(Debug, Clone)]
pub struct Session {
    policy: Policy,
    board: Board,
    touches: Vec<Touch>,
    pending: Option<Pending>,
    breaches: Vec<Breach>,
    counts: PerSide<u32>,
    /// A violation for an illegal move just made: not counted if its author resigns at
    /// once (第三章 第六节 三 (一)).
    fresh_illegal: Option<Side>,
    verdict: Option<SessionOutcome>,
    plies: usize,
}

impl Session {
    /// A game from `fen` (the start position when `None`) under a ruleset.
    pub fn new(ruleset: &Ruleset, fen: Option<&str>) -> Result<Session, ProcedureError> {
        Ok(Session {
            policy: Policy::of(ruleset.game),
            board: Board::new(ruleset, fen)?,
            touches: Vec::new(),
            pending: None,
            breaches: Vec::new(),
            counts: PerSide::default(),
            fresh_illegal: None,
            verdict: None,
            plies: 0,
        })
    }

    /// The rules' differences in force.
    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The position on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Its canonical FEN.
    pub fn fen(&self) -> String {
        self.board.fen()
    }

    /// The side to move.
    pub fn turn(&self) -> Side {
        self.board.turn()
    }

    /// The touches that bind the side to move, in order.
    pub fn pending_touches(&self) -> &[Touch] {
        &self.touches
    }

    /// The draughts irregularity awaiting the opponent's choice.
    pub fn pending_irregularity(&self) -> Option<&Pending> {
        self.pending.as_ref()
    }

    /// The moves the side to move may make now, and the step that decided them.
    pub fn permitted(&self) -> Ruling {
        resolve_touches(&self.board, &self.touches)
    }

    /// The counted violations (xiangqi 违例, draughts warnings) of a side.
    pub fn violations(&self, side: Side) -> u32 {
        self.counts.get(side)
    }

    /// Every breach recorded, in order.
    pub fn breaches(&self) -> &[Breach] {
        &self.breaches
    }

    /// How the game ended: a verdict of the session (violations, resignation, forfeit) or
    /// else the position (mate, stalemate, no pieces, no move); `None` while it goes on.
    pub fn outcome(&self) -> Option<SessionOutcome> {
        self.verdict.clone().or_else(|| {
            self.board.status().map(|(winner, reason)| SessionOutcome {
                winner: Some(winner),
                reason: reason.to_owned(),
            })
        })
    }

    /// The state as JSON (for the CLI and reports).
    pub fn state(&self) -> Value {
        let game = self.policy.game;
        let ruling = self.permitted();
        let name = |s: Side| s.name(game);
        json!({
            "fen": self.fen(),
            "turn": name(self.turn()),
            "permitted": ruling.permitted.iter().map(|m| m.text.clone()).collect::<Vec<_>>(),
            "step": ruling.step_id(game),
            "clause": ruling.clause(game),
            "touches": self.touches.iter().map(|t| t.squares.iter().map(|s| self.board.square_name(*s)).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "violations": { name(Side::First): self.violations(Side::First), name(Side::Second): self.violations(Side::Second) },
            "breaches": self.breaches.iter().map(|b| json!({"side": name(b.side), "kind": b.kind, "clause": b.clause, "counted": b.counted})).collect::<Vec<_>>(),
            "pending": self.pending.as_ref().map(|p| json!({"move": p.irregular.text, "kind": p.irregular.kind.slug(), "by": name(p.irregular.offender)})),
            "outcome": self.outcome().map(|o| json!({"winner": o.winner.map(name), "reason": o.reason})),
        })
    }

    /// Applies one event. On error the session is unchanged.
    pub fn apply(&mut self, event: Event) -> Result<(), ProcedureError> {
        if let Some(o) = &self.verdict {
            return Err(ProcedureError::GameOver(describe(o, self.policy.game)));
        }
        let fresh = self.fresh_illegal.take();
        let mut next = self.clone();
        next.step(event, fresh)?;
        *self = next;
        Ok(())
    }

    fn step(&mut self, event: Event, fresh: Option<Side>) -> Result<(), ProcedureError> {
        if self.pending.is_some() {
            match event {
                Event::Accept
                | Event::Correct
                | Event::Resign(_)
                | Event::Violation { .. }
                | Event::Forfeit { .. } => {}
                // Art. 7.7: going on with the game (touching or moving) without demanding
                // correction accepts the position.
                Event::Move(_) | Event::Touch { side: None, .. } => self.pending = None,
                Event::Touch { side: Some(s), .. } if s == self.turn() => self.pending = None,
                _ => return Err(ProcedureError::Pending),
            }
        }
        match event {
            Event::Move(text) => self.play(&text),
            Event::Touch { squares, side } => {
                let refs: Vec<&str> = squares.iter().map(String::as_str).collect();
                let touch = Touch::at(&self.board, &refs)?;
                let by = side.unwrap_or(self.turn());
                if by == self.turn() {
                    self.touches.push(touch);
                } else if self.policy.game.is_draughts() {
                    self.breach(
                        by,
                        "touch-off-move",
                        "d64.touch-move.no-touch-off-move",
                        false,
                    );
                }
                Ok(())
            }
            Event::Accidental(square) => {
                Touch::at(&self.board, &[square.as_str()])?;
                Ok(())
            }
            Event::Adjust { square, announced } => {
                let touch = Touch::at(&self.board, &[square.as_str()])?;
                if !announced {
                    self.touches.push(touch);
                }
                Ok(())
            }
            Event::Illegal {
                text,
                side,
                fen,
                removed,
            } => self.illegal(&text, side, fen.as_deref(), removed.as_deref()),
            Event::Accept => {
                self.pending.take().ok_or(ProcedureError::NothingPending)?;
                Ok(())
            }
            Event::Correct => {
                let p = self.pending.take().ok_or(ProcedureError::NothingPending)?;
                self.board = p.before;
                self.touches = p.touches;
                if let Some(spot) = p.irregular.moved {
                    if p.irregular.offender == self.turn() {
                        self.touches.push(Touch {
                            squares: vec![spot],
                            origin: TouchOrigin::IllegalMove,
                        });
                    }
                }
                Ok(())
            }
            Event::Violation { side, kind } => {
                let clause = self
                    .policy
                    .violation_kinds
                    .iter()
                    .find(|(k, _)| *k == kind)
                    .map(|(_, c)| *c)
                    .ok_or_else(|| ProcedureError::ViolationKind {
                        kind: kind.clone(),
                        expected: self
                            .policy
                            .violation_kinds
                            .iter()
                            .map(|(k, _)| *k)
                            .collect::<Vec<_>>()
                            .join(", "),
                    })?;
                self.count(side, &kind, clause);
                Ok(())
            }
            Event::Resign(side) => {
                if fresh == Some(side) {
                    // 第三章 第六节 三 (一): resigning at once, the illegal move is not counted.
                    if let Some(b) = self
                        .breaches
                        .iter_mut()
                        .rev()
                        .find(|b| b.side == side && b.counted)
                    {
                        b.counted = false;
                        *self.counts.slot(side) -= 1;
                    }
                }
                self.verdict = Some(SessionOutcome {
                    winner: Some(side.other()),
                    reason: "resignation".to_owned(),
                });
                Ok(())
            }
            Event::Forfeit { side, reason } => {
                self.verdict = Some(SessionOutcome {
                    winner: Some(side.other()),
                    reason,
                });
                Ok(())
            }
        }
    }

    fn breach(&mut self, side: Side, kind: &str, clause: &'static str, counted: bool) {
        self.breaches.push(Breach {
            side,
            kind: kind.to_owned(),
            clause,
            counted,
        });
    }

    /// Counts a violation; reaching the limit loses.
    fn count(&mut self, side: Side, kind: &str, clause: &'static str) {
        self.breach(side, kind, clause, true);
        let n = self.counts.slot(side);
        *n += 1;
        if *n >= self.policy.violation_limit {
            let reason = if self.policy.game.is_draughts() {
                "second-warning"
            } else {
                "third-violation"
            };
            self.verdict = Some(SessionOutcome {
                winner: Some(side.other()),
                reason: reason.to_owned(),
            });
        }
    }

    fn play(&mut self, text: &str) -> Result<(), ProcedureError> {
        if self.board.status().is_some() {
            return Err(ProcedureError::GameOver(
                "the position is decided".to_owned(),
            ));
        }
        let m = self.board.read_move(text)?;
        let ruling = self.permitted();
        if !ruling.permits(&m.key) {
            if self.policy.illegal == IllegalHandling::OpponentChooses {
                return self.irregular_legal_move(m);
            }
            return Err(ProcedureError::NotPermitted {
                text: text.to_owned(),
                permitted: ruling
                    .permitted
                    .iter()
                    .map(|m| m.text.clone())
                    .collect::<Vec<_>>()
                    .join(" "),
                clause: ruling.clause(self.policy.game).unwrap_or(""),
            });
        }
        self.board = self.board.play(&m);
        self.touches.clear();
        self.plies += 1;
        Ok(())
    }

    /// Draughts art. 7.4.3: a legal move of another piece than the touched one.
    fn irregular_legal_move(&mut self, m: Candidate) -> Result<(), ProcedureError> {
        let before = self.board.clone();
        let irregular = IrregularMove {
            offender: self.turn(),
            text: m.text.clone(),
            kind: Irregularity::TouchedOneMovedAnother,
            moved: Some(m.from),
            after: before.play(&m),
        };
        self.open(irregular, before);
        Ok(())
    }

    fn open(&mut self, irregular: IrregularMove, before: Board) {
        self.breach(
            irregular.offender,
            irregular.kind.slug(),
            irregular.kind.clause(),
            false,
        );
        self.board = irregular.after.clone();
        let touches = std::mem::take(&mut self.touches);
        self.pending = Some(Pending {
            irregular,
            before,
            touches,
        });
    }

    fn illegal(
        &mut self,
        text: &str,
        side: Option<Side>,
        fen: Option<&str>,
        removed: Option<&[String]>,
    ) -> Result<(), ProcedureError> {
        match self.policy.illegal {
            IllegalHandling::TakenBack => {
                if side.is_some_and(|s| s != self.turn()) || fen.is_some() || removed.is_some() {
                    return Err(ProcedureError::WrongGame(
                        "`side`, `fen` and `removed` of an illegal move (draughts only)",
                    ));
                }
                let irregular = xiangqi_illegal(&self.board, text)?;
                let kind = irregular.kind;
                self.count(irregular.offender, kind.slug(), kind.clause());
                self.fresh_illegal = Some(irregular.offender);
                // 第四章 第一节 三 (三) 1: replay under (一) with the moved piece touched.
                self.touches = irregular
                    .moved
                    .map(|spot: Spot| Touch {
                        squares: vec![spot],
                        origin: TouchOrigin::IllegalMove,
                    })
                    .into_iter()
                    .collect();
                Ok(())
            }
            IllegalHandling::OpponentChooses => {
                let offender = side.unwrap_or(self.turn());
                let irregular = draughts_irregular(&self.board, offender, text, fen, removed)?;
                let before = self.board.clone();
                self.open(irregular, before);
                Ok(())
            }
        }
    }
}

fn describe(o: &SessionOutcome, game: Game) -> String {
    match o.winner {
        Some(w) => format!("{} won ({})", w.name(game), o.reason),
        None => format!("drawn ({})", o.reason),
    }
}
