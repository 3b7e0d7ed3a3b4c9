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
//! | refusing a demanded correction | — | loses (art. 7.8, 14.4) |
//! | counted violations | 违例, the third loses (第一章 第四节 一 (八)) | oral warnings, the second loses (art. 14.2.4) |
//!
//! ```
//! use arbiter::procedure::{Event, Session};
//! use arbiter::Side;
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
//! assert!(ruling.permitted.iter().all(|m| m.text().starts_with("e1e")));
//! assert_eq!(ruling.clause(game.board().game()), Some("xq.irregularity.illegal-move-touched"));
//! game.apply(Event::Move("e1e8".into())).unwrap();
//! assert_eq!(game.turn(), Side::Second);
//! ```
//!
//! The game's history (start position and moves played) is judged by the edition's rules
//! ([`Rules::outcome`](crate::Rules::outcome)): mates, automatic draws and whatever else the
//! endings decide end the session like its own verdicts. Draw offers, their answers and
//! draw claims are events too, ruled by [`Rules::draw_offer`](crate::Rules::draw_offer)
//! and [`Rules::claim`](crate::Rules::claim):
//!
//! ```
//! use arbiter::procedure::{Event, Session};
//! use arbiter::{Reason, Score, Side};
//!
//! let mut game = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
//! game.apply(Event::Move("h2e2".into())).unwrap();
//! game.apply(Event::Offer(Side::First)).unwrap();
//! assert_eq!(game.pending_offer(), Some(Side::First));
//! game.apply(Event::Answer { accept: true }).unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.result, &outcome.reason), (Score::Draw, &Reason::Agreement));
//! assert!(game.apply(Event::Move("h9g7".into())).is_err()); // the game is over
//! ```

use super::adjourn::{AdjournRules, Adjournment};
use super::board::{Board, Candidate, OnBoard, PerSide};
use super::irregular::IrregularMove;
use super::touch::{resolve_touches_among, Touch, TouchRules, TouchRuling};
use super::ProcedureError;
use crate::clock::Clock;
use crate::outcome::{OfferAnswer, OfferRecord, Outcome};
use crate::rules::{ClaimRuling, GameState, PlayRules};
pub use crate::xiangqi::endings::RepetitionEnforcement;
use crate::Side;
use crate::{Judge, Ruleset};
use serde_json::{json, Value};
use std::sync::Arc;

mod adjourning;
mod clocked;
mod conduct;
mod correct;
mod event;
mod history;
mod moves;
mod offers;
mod policy;
mod rules;
mod steps;

pub use conduct::{Breach, BreachKind};
pub use correct::{Correction, CorrectionRules, ErrorKind, ErrorMove};
use event::event_name;
pub use event::{Adjustment, Event, EventGroup, EventKey, EventTime, Seal, ViolationKind};
pub use policy::{IllegalHandling, OfferAfterPress, OmissionLimits, Policy};
pub use rules::SessionRules;

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
///
/// The session keeps the game's history as the rules see it: a start position and the
/// moves played from it. Every move played is appended; a draughts irregular move joins it
/// when it is accepted (a legal move that the touches forbade is appended; a position no
/// legal move leads to restarts the history there, so the draw counts and the move count
/// of the draw-offer rule restart with it). A corrected irregular move never joins it.
///
/// Draw offers: an allowed offer is pending until answered or until the opponent moves
/// (which refuses it). A disallowed offer does not stand and is recorded as a breach of
/// kind `early-draw-offer` (draughts: before the offering side's 20th move, art. 12.4),
/// `draw-offer-out-of-turn` (not right after one's own move), `draw-offer-pending` (an
/// offer is still unanswered) or `repeated-draw-offer` (against the re-offer rule): in
/// xiangqi the last is the counted 违例 of 第三章 第六节 三 (三), in draughts it is recorded only.
#[derive(Debug, Clone)]
pub struct Session {
    /// The game's procedure rules (shared: they do not change during a game, and the state
    /// an event is applied to is a copy of the session).
    policy: Arc<Policy>,
    /// Touch-move.
    touch_rules: TouchRules,
    /// How errors are corrected.
    correction_rules: CorrectionRules,
    /// The rules of play: the board's move rules and the judge's.
    play: Arc<PlayRules>,
    /// The position on the board, with its legal moves listed once: the permitted moves a
    /// player is given, the reading of the move it answers and the judge all use them.
    board: OnBoard,
    /// Where the history starts. Shared, not copied, by the state an event is applied to
    /// ([`Session::apply`]); so are the ruleset and the rules' judgement.
    start: Arc<Board>,
    /// The moves of the history as played, each read against the position it was played on.
    moves: Vec<Candidate>,
    /// What the rules say about the history.
    ending: Arc<GameState>,
    /// The rules' judge of the history, with the start it judges from: extended by one
    /// move per move played ([`Judge`]); `None` until the next change of the history
    /// rebuilds it.
    judge: Option<(Arc<Board>, Box<dyn Judge>)>,
    /// While an event is applied: the length of the history before it.
    mark: usize,
    /// While an event is applied: the history before it, once something other than a move
    /// played changed it (a restart, cancelled moves), to put back if the event fails.
    undo: Option<Vec<Candidate>>,
    offers: Vec<OfferRecord>,
    claims: Vec<ClaimRuling>,
    penalties: PerSide<u32>,
    touches: Vec<Touch>,
    pending: Option<Box<Pending>>,
    breaches: Vec<Breach>,
    counts: PerSide<u32>,
    /// Whether a side has had its reminder for an incomplete score sheet (第四章 第三节).
    reminded: PerSide<bool>,
    /// A violation for an illegal move just made: not counted if its author resigns at
    /// once (第三章 第六节 三 (一)).
    fresh_illegal: Option<Side>,
    /// Xiangqi: a side that has just stopped the clocks itself (a counted violation). Not
    /// counted if the game ends at once by its resignation or an agreed draw (第三章 第六节
    /// 三 (四): 自动认输或同意作和不受此限); a draw offer in between keeps it fresh.
    fresh_stop: Option<Side>,
    /// Draughts: the irregular move whose correction the last event demanded; its author
    /// may refuse at once ([`Event::RefuseCorrection`]).
    demanded: Option<Box<Pending>>,
    verdict: Option<Outcome>,
    /// The game clock, when the session keeps one.
    clock: Option<Box<Clock>>,
    /// How the game is adjourned and resumed (shared, as the policy).
    adjourn_rules: Arc<AdjournRules>,
    /// The adjournment, once announced.
    adjournment: Option<Box<Adjournment>>,
    /// The errors corrected (第四章 第一节 三).
    corrections: correct::Corrections,
}

/// How the last move of the history came to be there, for its judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Played {
    /// Found among the legal moves the session listed for the position before it, and
    /// played on the board: the judge plays it as it stands ([`Judge::push_listed`]), and
    /// the board's legal moves tell it whether the game ended ([`Judge::outcome_knowing`]).
    Listed,
    /// Anything else (read by the board, restored, replayed): the judge reads it.
    Read,
}

impl Session {
    /// A game from `fen` (the start position when `None`) under a ruleset, its rules as
    /// written.
    pub fn new(ruleset: &Ruleset, fen: Option<&str>) -> Result<Session, ProcedureError> {
        Session::with_rules(PlayRules::of(ruleset), SessionRules::of(ruleset.game), fen)
    }

    /// A game from `fen` (the start position when `None`) under the rules of play `play`
    /// (the board's and the judge's) and the procedure rules `procedure`: the rules of a
    /// rule book, as a mutant of the reference may have altered them.
    ///
    /// ```
    /// use arbiter::procedure::{Event, Session, SessionRules, ViolationKind};
    /// use arbiter::rules::PlayRules;
    /// use arbiter::Side;
    ///
    /// let ruleset: arbiter::Ruleset = "xiangqi".parse().unwrap();
    /// let mut rules = SessionRules::of(ruleset.game);
    /// rules.policy.violation_limit = 4;
    /// let mut game = Session::with_rules(PlayRules::of(&ruleset), rules, None).unwrap();
    /// for _ in 0..3 {
    ///     game.apply(Event::Violation { side: Side::First, kind: ViolationKind::MinorConduct }).unwrap();
    /// }
    /// assert_eq!(game.violations(Side::First), 3);
    /// assert!(game.outcome().is_none()); // the third no longer loses
    /// ```
    pub fn with_rules(
        play: PlayRules,
        procedure: SessionRules,
        fen: Option<&str>,
    ) -> Result<Session, ProcedureError> {
        let board = Board::of(&play, fen)?;
        let start = Arc::new(board.clone());
        let judge = history::judge_of(&*crate::rules_of(&play), &start, &[])
            .map_err(|e| ProcedureError::Rules(e.to_string()))?;
        let ending = judge.outcome();
        Ok(Session {
            policy: Arc::new(procedure.policy),
            touch_rules: procedure.touch,
            correction_rules: procedure.corrections,
            play: Arc::new(play),
            board: OnBoard::new(board),
            judge: Some((Arc::clone(&start), judge)),
            start,
            moves: Vec::new(),
            ending: Arc::new(ending),
            mark: 0,
            undo: None,
            offers: Vec::new(),
            claims: Vec::new(),
            penalties: PerSide::default(),
            touches: Vec::new(),
            pending: None,
            breaches: Vec::new(),
            counts: PerSide::default(),
            reminded: PerSide::default(),
            fresh_illegal: None,
            fresh_stop: None,
            demanded: None,
            verdict: None,
            clock: None,
            adjourn_rules: Arc::new(procedure.adjourn),
            adjournment: None,
            corrections: correct::Corrections::default(),
        })
    }

    /// The session with the forbidden repetition enforced as `enforcement` says (a
    /// [`Policy`] value): [`RepetitionEnforcement::Refereed`] to replay a game record.
    pub fn with_repetition(mut self, enforcement: RepetitionEnforcement) -> Session {
        Arc::make_mut(&mut self.policy).repetition = enforcement;
        // The judge is rebuilt under the new enforcement on the next refresh.
        self.judge = None;
        if let Ok(judge) = history::judge_of(&*self.rules(), &self.start, &self.moves) {
            self.ending = Arc::new(judge.outcome());
            self.judge = Some((Arc::clone(&self.start), judge));
        }
        self
    }

    /// The session with a game clock from now on: moves then take time, a flag or a
    /// lateness forfeit ends the game, and a false claim's penalty lands on the clock.
    pub fn with_clock(mut self, clock: Clock) -> Session {
        self.clock = Some(Box::new(clock));
        self
    }

    /// The session under other adjournment rules (a variant of the reference).
    pub fn with_adjourn_rules(mut self, rules: AdjournRules) -> Session {
        self.adjourn_rules = Arc::new(rules);
        self
    }

    /// The adjournment, once announced ([`Event::Adjourn`]).
    pub fn adjournment(&self) -> Option<&Adjournment> {
        self.adjournment.as_deref()
    }

    /// The game clock, when there is one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_deref()
    }

    /// The ruleset played.
    pub fn ruleset(&self) -> &Ruleset {
        &self.play.ruleset
    }

    /// The rules of play: the board's move rules and the judge's.
    pub fn play_rules(&self) -> &PlayRules {
        &self.play
    }

    /// Where the history the rules judge starts: the session's start position, or the
    /// position of an accepted irregular move no legal move leads to.
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The moves of that history as played ([`Candidate::text`] writes one's canonical
    /// text).
    ///
    /// ```
    /// use arbiter::procedure::{Candidate, Event, Session};
    ///
    /// let mut game = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
    /// game.apply(Event::Move("C2=5".into())).unwrap();
    /// assert_eq!(game.moves().iter().map(Candidate::text).collect::<Vec<_>>(), ["h2e2"]);
    /// ```
    pub fn moves(&self) -> &[Candidate] {
        &self.moves
    }

    /// The moves of the history made by each side, first player first.
    pub fn moves_per_side(&self) -> [u32; 2] {
        let mut counts = [0u32; 2];
        for (_, side) in self.move_numbers() {
            counts[usize::from(side == Side::Second)] += 1;
        }
        counts
    }

    /// What [`Rules::outcome`](crate::Rules::outcome) says about the history: result,
    /// claims valid now, draw counters.
    pub fn ending(&self) -> &GameState {
        &self.ending
    }

    /// The side whose draw offer awaits an answer.
    pub fn pending_offer(&self) -> Option<Side> {
        self.offers
            .iter()
            .find(|o| o.answer == OfferAnswer::Pending)
            .map(|o| o.by)
    }

    /// The draw offers that stood (were allowed), with their answers, in order.
    pub fn offers(&self) -> &[OfferRecord] {
        &self.offers
    }

    /// The rulings on the draw claims made, in order.
    pub fn claim_rulings(&self) -> &[ClaimRuling] {
        &self.claims
    }

    /// The clock penalties (seconds added to the time used) a side has incurred by false
    /// claims, for a clock model to apply.
    pub fn penalty_seconds(&self, side: Side) -> u32 {
        self.penalties.get(side)
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
        self.pending.as_deref()
    }

    /// The moves the side to move may make now, and the step that decided them.
    pub fn permitted(&self) -> TouchRuling {
        resolve_touches_among(
            &self.touch_rules,
            &self.board,
            Arc::clone(self.legal_moves()),
            &self.touches,
        )
    }

    /// The legal moves of the position on the board, in canonical order (listed once per
    /// position, and shared with [`Session::permitted`]).
    ///
    /// ```
    /// use arbiter::procedure::{Event, Session};
    ///
    /// let mut game = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
    /// assert_eq!(game.legal_moves().len(), 44);
    /// game.apply(Event::Move("h2e2".into())).unwrap();
    /// assert!(game.legal_moves().iter().all(|m| game.board().owner(m.from()) == Some(game.turn())));
    /// ```
    pub fn legal_moves(&self) -> &Arc<[Candidate]> {
        self.board.moves()
    }

    /// Puts a position on the board (and forgets the legal moves of the one before).
    fn set_board(&mut self, board: Board) {
        self.board.set(board);
    }

    /// The counted violations (xiangqi 违例, draughts warnings) of a side.
    pub fn violations(&self, side: Side) -> u32 {
        self.counts.get(side)
    }

    /// Every breach recorded, in order.
    pub fn breaches(&self) -> &[Breach] {
        &self.breaches
    }

    /// How the game ended: a verdict of the session (violations, resignation, forfeit,
    /// agreement, upheld claim) or else the rules' judgement of the history
    /// ([`Rules::outcome`](crate::Rules::outcome): mate, stalemate, no pieces, no move,
    /// automatic draws, …); `None` while it goes on.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.verdict.as_ref().or(self.ending.outcome.as_ref())
    }

    /// The state as JSON (for the CLI and reports).
    pub fn state(&self) -> Value {
        let game = self.policy.game;
        let ruling = self.permitted();
        let name = |s: Side| s.name(game);
        json!({
            "fen": self.fen(),
            "turn": name(self.turn()),
            "permitted": ruling.permitted.iter().map(Candidate::text).collect::<Vec<_>>(),
            "step": ruling.step_id(game),
            "clause": ruling.clause(game),
            "touches": self.touches.iter().map(|t| t.squares.iter().map(|s| self.board.square_name(*s)).collect::<Vec<_>>()).collect::<Vec<_>>(),
            "violations": { name(Side::First): self.violations(Side::First), name(Side::Second): self.violations(Side::Second) },
            "breaches": self.breaches.iter().map(|b| json!({"side": name(b.side), "kind": b.kind.slug(), "clause": b.clause, "counted": b.counted})).collect::<Vec<_>>(),
            "pending": self.pending.as_ref().map(|p| json!({"move": p.irregular.text, "kind": p.irregular.kind.slug(), "by": name(p.irregular.offender)})),
            "history": {"start": self.start.fen(), "moves": self.moves.iter().map(Candidate::text).collect::<Vec<_>>()},
            "offer_pending": self.pending_offer().map(name),
            "offers": self.offers.iter().map(|o| json!({"by": name(o.by), "after_move": o.after_move, "answer": o.answer})).collect::<Vec<_>>(),
            "claims": self.claims.iter().map(|c| json!({"kind": c.kind.name(), "by": name(c.by), "upheld": c.upheld, "reason": c.reason, "clause": c.clause, "penalty": c.penalty.map(|p| json!({"side": name(p.side), "seconds": p.seconds}))})).collect::<Vec<_>>(),
            "penalties": { name(Side::First): self.penalty_seconds(Side::First), name(Side::Second): self.penalty_seconds(Side::Second) },
            "claims_valid": self.ending.claims.iter().map(|k| k.name()).collect::<Vec<_>>(),
            "counters": self.ending.counters.map(false),
            "outcome": self.outcome().map(|o| json!({"winner": o.winner().map(name), "reason": o.reason, "clause": o.clause})),
            "corrections": self.corrections().iter().map(|c| json!({"error": c.error.slug(), "clause": c.clause, "applied": c.applied})).collect::<Vec<_>>(),
            "colours_exchanged": self.colours_exchanged(),
        })
    }
}
