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
//! ([`Rules::outcome`]): mates, automatic draws and whatever else the
//! endings decide end the session like its own verdicts. Draw offers, their answers and
//! draw claims are events too, ruled by [`Rules::draw_offer`]
//! and [`Rules::claim`]:
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

use super::adjourn::{
    AdjournRules, Adjournment, EarlySeal, Envelope, Objection, Phase, SealStop, SealedError,
    SealedMove,
};
use super::board::{Board, Candidate, OnBoard, PerSide, Spot};
use super::irregular::{draughts_irregular, xiangqi_illegal, IrregularMove, Irregularity};
use super::touch::{check_permitted, resolve_touches_among, Ruling, Touch, TouchOrigin};
use super::ProcedureError;
use crate::clause;
use crate::clock::{ClaimClock, Clock, PlayerStop, Span};
use crate::mutant::DrawMutant as D;
use crate::mutant::{self, ClockMutant};
use crate::outcome::{ClauseId, OfferAnswer, OfferRecord, Outcome, Reason, Score};
use crate::rules::{ClaimRuling, GameOutcome};
pub use crate::xiangqi::endings::RepetitionEnforcement;
use crate::Side;
use crate::{Game, Judge, Rules, Ruleset};
use serde_json::{json, Value};
use std::sync::Arc;

mod correct;
pub use correct::{Correction, ErrorKind, ErrorMove};

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
    /// Draughts: the author of an irregular move refuses the correction just demanded
    /// (art. 7.8, 14.3.1). Allowed only as the event right after [`Event::Correct`], by the
    /// side whose irregular move was corrected: the irregular position stays on the board
    /// and that side loses the game (art. 14.4; reason `refused-correction`).
    RefuseCorrection(Side),
    /// A violation (违例) or, in draughts, an oral warning, by kind slug.
    Violation {
        /// Who committed it.
        side: Side,
        /// The kind (see [`Policy::violation_kinds`]).
        kind: String,
    },
    /// The arbiter finds `moves` moves (both sides' together) missing from a side's score
    /// sheet (xiangqi 第四章 第三节): more than the limit — three, or six when the arbiter
    /// judges the time severely short (`time_pressure`) — earns that side a reminder the
    /// first time and a counted violation every later time ([`Policy::omissions`]).
    Unrecorded {
        /// Whose score sheet.
        side: Side,
        /// How many moves it lacks.
        moves: u32,
        /// Whether the arbiter judges that side to be in severe time pressure.
        time_pressure: bool,
    },
    /// A player resigns.
    Resign(Side),
    /// A draw offer by a side (draughts art. 12.4, xiangqi 第一章 第四节 二 (二)), allowed or not
    /// by [`Rules::draw_offer`] given the earlier offers of the
    /// session. An allowed offer stands until answered or until the opponent moves; a
    /// disallowed one is recorded as a breach (see [`Session`]).
    Offer(Side),
    /// The answer to the pending draw offer, by its opponent: accepting draws the game
    /// (reason `agreement`), refusing lets it go on.
    Answer {
        /// Whether the offer is accepted.
        accept: bool,
    },
    /// A draw claim (`sixty-move`, `threefold`, `kings-only`, …) ruled by
    /// [`Rules::claim`]: upheld, the game is drawn; refused, it goes
    /// on and the ruling's penalty (a false 60-move claim: 300 s) is recorded.
    Claim {
        /// The claim kind.
        kind: String,
        /// The claiming side; `None`: the side to move.
        by: Option<Side>,
    },
    /// Time passes on the running clock (a clock is needed: [`Session::with_clock`]).
    Elapse(Span),
    /// A side presses its clock after a move made without pressing it.
    Press(Side),
    /// The clocks are stopped: by the arbiter (`None`), or by a player — in draughts the
    /// player loses (art. 9 item 2), in xiangqi it is a counted violation (第三章 第六节 三
    /// (四)), not counted when the stopper resigns or a draw is agreed at once (自动认输或同意
    /// 作和不受此限). After a resignation or an agreed draw a player's stop costs nothing.
    StopClocks(Option<Side>),
    /// The arbiter starts a side's clock.
    StartClocks(Side),
    /// A player absent at the start arrives.
    Arrive(Side),
    /// A faulty clock is replaced: the dials' readings, and the side whose dial is known
    /// wrong (`None`: both are) (xiangqi 第四章 第二节 一 (三)).
    ReplaceClock {
        /// The readings, first player first.
        shown: [Option<Span>; 2],
        /// The faulty dial; `None`: both.
        faulty: Option<Side>,
    },
    /// An error (an illegal move, a displaced piece) found now that was made at move
    /// `number` of `side`: play resumes from that move, the later moves are cancelled, and
    /// the times are rescaled (xiangqi 第四章 第一节 三 (三)–(四), 第二节 一 (四); chess laws
    /// art. 12.6).
    CorrectError {
        /// The move number of the erroneous move.
        number: u32,
        /// Who made it.
        side: Side,
    },
    /// An error of the set-up, the colours, a move or a piece's place is found now and
    /// put right (xiangqi 第四章 第一节 三; see [`ErrorKind`] and the `correct` module).
    Correction {
        /// The error.
        error: ErrorKind,
        /// The move number and side of the error, for the kinds that name it
        /// ([`ErrorKind::error_move`]).
        at: Option<(u32, Side)>,
    },
    /// The arbiter sets a side's clock to a time used (at resumption, after a dispute).
    SetClock {
        /// Whose clock.
        side: Side,
        /// The time used it shows.
        used: Span,
    },
    /// An event with its timing: the time it took, a move made without pressing the clock,
    /// the arbiter's time ruling on it.
    Timed {
        /// The event.
        event: Box<Event>,
        /// When and how.
        time: EventTime,
    },
    /// The arbiter declares a loss for a reason decided elsewhere — the hook for the
    /// repetition verdict (xiangqi 第一章 第四节 一 (七): a forbidden repetition not changed
    /// after the verdict loses). `reason` is a slug such as `forbidden-repetition`.
    Forfeit {
        /// The side that loses.
        side: Side,
        /// Why, as a slug.
        reason: String,
    },
    /// The session ends with the game unfinished: the adjournment is announced and the side
    /// to move must seal (see [`adjourn`](super::adjourn)). A clock is needed. With the
    /// arbiter's time ([`EventTime::arbiter`]) the clocks are stopped while he records the
    /// position (draughts art. 11 item 3.1).
    Adjourn,
    /// The sealer writes his sealed move (again, to change it, where the rules allow).
    Seal {
        /// The text on the score sheet.
        text: String,
        /// The legal move he explains an unreadable or illegal text as.
        explained: Option<String>,
        /// Sealed this long before the scheduled end of the session: charged to his clock
        /// (chess laws art. 13.1(2)).
        before_end: Option<Span>,
    },
    /// Resumption: position and clocks set from the envelope, the envelope opened if the
    /// replier is present.
    Resume {
        /// The times used the arbiter sets on the clock, first player first (`None`: the
        /// envelope's); a wrong setting can be objected to ([`Event::ClockObjection`]).
        set: [Option<Span>; 2],
        /// The players absent at resumption.
        absent: Vec<Side>,
        /// The sealer's score sheet is not in the (intact) envelope.
        sheet_missing: bool,
    },
    /// With the sealer absent, the replier seals his reply instead of playing it: his clock
    /// is stopped and the sealer's started; the reply is played when the sealer arrives.
    SealReply(String),
    /// The envelope is lost (chess laws art. 14.5, xiangqi 第四章 第四节 二). `restored`: the
    /// players agree on the position and times at adjournment; the game resumes from them
    /// and the sealer makes on the board the move he states he sealed (`stated`, required).
    /// Not restored: the game is void and played again from the start (全盘对局应作废重下).
    EnvelopeLost {
        /// The move the sealer states he sealed.
        stated: Option<String>,
        /// Whether the position and times at adjournment can be restored.
        restored: bool,
    },
    /// A player leaves the playing hall while the move is being sealed: the sealer, once
    /// gone, can no longer take the envelope back to change his sealed move (xiangqi 第四章
    /// 第四节 一: 仅限于未离开过赛场者).
    LeaveHall(Side),
    /// The players agree a draw during the adjournment and report it to the arbiter.
    AgreeDraw,
    /// A player points out that the clock was set wrongly at resumption.
    ClockObjection(Side),
    /// A side's flag is reported to the arbiter, by a player or (`None`) the arbiter himself,
    /// under a clock whose flags fall unnoticed ([`FlagNotice::Reported`]). After a
    /// resignation or an agreed draw the result stands (chess laws art. 12.7).
    ///
    /// [`FlagNotice::Reported`]: crate::clock::FlagNotice::Reported
    FlagReport {
        /// Whose flag.
        side: Side,
        /// Who reports it; `None`: the arbiter.
        by: Option<Side>,
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

/// The timing of an event ([`Event::Timed`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EventTime {
    /// The time that passes on the running clock before the event (for a move: the time it
    /// took).
    pub elapsed: Option<Span>,
    /// Or the game time at which it happens (a timestamp since the clocks were set up).
    pub at: Option<Span>,
    /// For a move: whether the mover presses his clock after it (default yes).
    pub pressed: Option<bool>,
    /// For a claim or a correction: the time the arbiter takes over it.
    pub arbiter: Option<Span>,
    /// For a move: the arbiter rules it a repeated forbidden forcing move played to make up
    /// the quota (xiangqi 第四章 第二节 一 (五)); beyond the valid ones it does not count.
    pub forcing: bool,
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
    /// The clause of a draw by agreement.
    pub agreement_clause: &'static str,
    /// The clause of a draw offer repeated against the re-offer rule.
    pub reoffer_clause: &'static str,
    /// Whether such an offer is a counted violation (xiangqi 违例, 第三章 第六节 三 (三)) or
    /// only a recorded breach (draughts).
    pub reoffer_counted: bool,
    /// Whether the own piece of an illegal move taken back (xiangqi 第四章 第一节 三 (三) 1)
    /// or of a corrected irregular move (draughts art. 7.4, 5.8) counts as touched.
    pub retaken_piece_touched: bool,
    /// Whether adjusting a piece without announcing it counts as touching it (xiangqi
    /// 第四章 第一节 一, draughts art. 5.10).
    pub unannounced_adjust_touches: bool,
    /// Whether the violation of an illegal move is not counted when its author resigns at
    /// once (xiangqi 第三章 第六节 三 (一)).
    pub resigning_at_once_uncounts: bool,
    /// Whether refusing a demanded correction loses (draughts art. 14.4).
    pub refused_correction_loses: bool,
    /// The reason of the loss at the violation limit (`third-violation`,
    /// `second-warning`).
    pub violation_limit_reason: Reason,
    /// The clause of a loss by resignation.
    pub resignation_clause: &'static str,
    /// The clause breached by a draw offer made after pressing the clock (on the
    /// opponent's time).
    pub offer_after_press_clause: &'static str,
    /// Whether such an offer stands.
    pub offer_after_press: OfferAfterPress,
    /// The clause breached by touching a piece when not on move (draughts art. 5.11: a
    /// `touch-off-move` breach, no obligation); `None`: such a touch is not regulated and
    /// is ignored (xiangqi).
    pub touch_off_move_clause: Option<&'static str>,
    /// How many moves a score sheet may lack, when the game limits it (xiangqi).
    pub omissions: Option<OmissionLimits>,
    /// Whether the rulebook names the errors the arbiter corrects (set-up, colours,
    /// displaced pieces: xiangqi 第四章 第一节 三); the draughts seed names none.
    pub error_corrections: bool,
    /// Who enforces a forbidden repetition (xiangqi): the automatic loss of a computer
    /// tournament (the default), or a referee whose ruling a move record does not show
    /// ([`RepetitionEnforcement`]; [`Session::with_repetition`]).
    ///
    /// ```
    /// use arbiter::procedure::{RepetitionEnforcement, Session};
    ///
    /// let s = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
    /// assert_eq!(s.policy().repetition, RepetitionEnforcement::Automatic);
    /// let s = s.with_repetition(RepetitionEnforcement::Refereed);
    /// assert_eq!(s.policy().repetition, RepetitionEnforcement::Refereed);
    /// ```
    pub repetition: RepetitionEnforcement,
}

/// How many moves (both sides' together) a score sheet may lack before the arbiter acts,
/// and what he does then (xiangqi 第四章 第三节).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OmissionLimits {
    /// The limit without time pressure (three).
    pub calm: u32,
    /// The limit in severe time pressure, as the arbiter judges it (six).
    pub pressed: u32,
    /// Whether a side's first excess earns only a reminder (later ones count violations).
    pub first_is_reminder: bool,
    /// The clause of the reminder and of the violations.
    pub penalty_clause: &'static str,
}

const XIANGQI_OMISSIONS: OmissionLimits = OmissionLimits {
    calm: 3,
    pressed: 6,
    first_is_reminder: true,
    penalty_clause: clause::XQ_RECORDING_OMISSION_PENALTY,
};

const XIANGQI_VIOLATIONS: &[(&str, &str)] = &[
    ("illegal-move", clause::XQ_VIOLATION_ILLEGAL_MOVE),
    ("exposing-general", clause::XQ_IRREGULARITY_EXPOSING_GENERAL),
    (
        "question-opponent-time",
        clause::XQ_VIOLATION_QUESTION_OPPONENT_TIME,
    ),
    (
        "repeated-draw-offer",
        clause::XQ_VIOLATION_REPEATED_DRAW_OFFER,
    ),
    ("stopping-clock", clause::XQ_VIOLATION_STOPPING_CLOCK),
    (
        "sealed-move-explainable",
        clause::XQ_VIOLATION_SEALED_MOVE_EXPLAINABLE,
    ),
    (
        "recording-omissions",
        clause::XQ_VIOLATION_RECORDING_OMISSIONS,
    ),
    (
        "after-game-conduct",
        clause::XQ_VIOLATION_AFTER_GAME_CONDUCT,
    ),
    ("minor-conduct", clause::XQ_VIOLATION_MINOR_CONDUCT),
];

const DRAUGHTS_VIOLATIONS: &[(&str, &str)] = &[("warning", clause::D64_PENALTY_TWO_WARNINGS_LOSE)];

impl Policy {
    /// The policy of a game (under the active mutant of the reference, if one alters it:
    /// `crate::mutant`).
    pub fn of(game: Game) -> Policy {
        Policy::rules_of(game).in_force()
    }

    /// This policy as the reference applies it: unchanged, unless the active mutant of the
    /// reference ([`crate::mutant`]) alters it.
    fn in_force(mut self) -> Policy {
        // A mutant alters only the games it names.
        let active = crate::mutant::active_draw().filter(|d| d.games().contains(&self.game));
        match active {
            Some(D::ThirdViolationGoesOn | D::SecondWarningGoesOn) => self.violation_limit += 1,
            Some(D::RepeatedOfferNotCounted) => self.reoffer_counted = false,
            Some(D::IllegalMovePieceNotTouched | D::CorrectedPieceNotTouched) => {
                self.retaken_piece_touched = false
            }
            Some(D::UnannouncedAdjustNoTouch) => self.unannounced_adjust_touches = false,
            Some(D::IllegalCountedOnResignation) => self.resigning_at_once_uncounts = false,
            Some(D::RefusedCorrectionGoesOn) => self.refused_correction_loses = false,
            Some(D::OmissionsOwnMovesOnly) => {
                if let Some(o) = &mut self.omissions {
                    o.calm *= 2;
                    o.pressed *= 2;
                }
            }
            Some(D::OmissionPressureIgnored) => {
                if let Some(o) = &mut self.omissions {
                    o.pressed = o.calm;
                }
            }
            Some(D::OmissionNoReminder) => {
                if let Some(o) = &mut self.omissions {
                    o.first_is_reminder = false;
                }
            }
            _ => {}
        }
        if crate::mutant::clock_is(ClockMutant::OfferAfterPressStands)
            && ClockMutant::OfferAfterPressStands
                .games()
                .contains(&self.game)
        {
            self.offer_after_press = OfferAfterPress::Stands;
        }
        self
    }

    /// The policy of a game by its rules: the game's table ([`DRAUGHTS_POLICY`],
    /// [`XIANGQI_POLICY`]).
    fn rules_of(game: Game) -> Policy {
        let table = match game {
            Game::Brazilian | Game::Russian => DRAUGHTS_POLICY,
            Game::Xiangqi => XIANGQI_POLICY,
        };
        Policy { game, ..table }
    }
}

/// The procedures of 64-square draughts (Brazilian and Russian alike): the FMJD rules'
/// articles cited in the module docs.
const DRAUGHTS_POLICY: Policy = Policy {
    // Replaced by the game the table is used for (`Policy::rules_of`).
    game: Game::Russian,
    illegal: IllegalHandling::OpponentChooses,
    violation_kinds: DRAUGHTS_VIOLATIONS,
    violation_limit: 2,
    violation_limit_clause: clause::D64_PENALTY_TWO_WARNINGS_LOSE,
    violation_limit_reason: Reason::SecondWarning,
    agreement_clause: clause::D64_END_AGREED_DRAW,
    reoffer_clause: clause::D64_DRAW_OFFER_NO_REPEAT_AFTER_DECLINE,
    reoffer_counted: false,
    retaken_piece_touched: true,
    unannounced_adjust_touches: true,
    resigning_at_once_uncounts: true,
    refused_correction_loses: true,
    resignation_clause: clause::D64_END_RESIGNATION,
    offer_after_press_clause: clause::D64_DRAW_OFFER_THEN_START_CLOCK,
    offer_after_press: OfferAfterPress::Void,
    touch_off_move_clause: Some(clause::D64_TOUCH_MOVE_NO_TOUCH_OFF_MOVE),
    omissions: None,
    error_corrections: false,
    repetition: RepetitionEnforcement::Automatic,
};

/// The procedures of xiangqi (CXA competition rules, both editions): the sections cited in
/// the module docs.
const XIANGQI_POLICY: Policy = Policy {
    game: Game::Xiangqi,
    illegal: IllegalHandling::TakenBack,
    violation_kinds: XIANGQI_VIOLATIONS,
    violation_limit: 3,
    violation_limit_clause: clause::XQ_RESULT_THIRD_VIOLATION,
    violation_limit_reason: Reason::ThirdViolation,
    agreement_clause: clause::XQ_DRAW_OFFER_AGREEMENT,
    reoffer_clause: clause::XQ_VIOLATION_REPEATED_DRAW_OFFER,
    reoffer_counted: true,
    retaken_piece_touched: true,
    unannounced_adjust_touches: true,
    resigning_at_once_uncounts: true,
    refused_correction_loses: true,
    resignation_clause: clause::XQ_RESULT_RESIGNATION,
    offer_after_press_clause: clause::XQ_DRAW_OFFER_BEFORE_CLOCK,
    offer_after_press: OfferAfterPress::Stands,
    touch_off_move_clause: None,
    omissions: Some(XIANGQI_OMISSIONS),
    error_corrections: true,
    repetition: RepetitionEnforcement::Automatic,
};

/// What becomes of a draw offer made after pressing the clock, on the opponent's time (the
/// breach `offer-after-press` is recorded either way).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferAfterPress {
    /// The offer stands: the rules bind the press to the offer, not the offer to the press
    /// (xiangqi 第一章 第四节 二 (二): 只能在提和后，方可按动对方的计时钟).
    Stands,
    /// It is no offer: the rules make the order part of the offer (draughts art. 12.4:
    /// 必须用自己棋钟上的时间，并严格执行下面三个程序来完成提和请求 — a. move, b. offer, c. the
    /// opponent's clock).
    Void,
}

/// A breach recorded by the session, counted or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    /// Who committed it.
    pub side: Side,
    /// Its slug (`exposing-general`, `repeated-draw-offer`, `too-few-removed`,
    /// `touch-off-move`, `warning`, `early-draw-offer`, …).
    pub kind: String,
    /// The catalog clause.
    pub clause: String,
    /// Whether it counts towards the losing limit.
    pub counted: bool,
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
    ruleset: Arc<Ruleset>,
    /// The position on the board, with its legal moves listed once: the permitted moves a
    /// player is given, the reading of the move it answers and the judge all use them.
    board: OnBoard,
    /// Where the history starts (canonical FEN). Shared, not copied, by the state an event
    /// is applied to ([`Session::apply`]); so are the ruleset and the rules' judgement.
    start_fen: Arc<str>,
    /// The moves of the history, canonical text.
    moves: Vec<String>,
    /// What the rules say about the history.
    ending: Arc<GameOutcome>,
    /// The rules' judge of the history, with the start it judges from: extended by one
    /// move per move played ([`Judge`]); `None` until the next change of the history
    /// rebuilds it.
    judge: Option<(String, Box<dyn Judge>)>,
    /// While an event is applied: the length of the history before it.
    mark: usize,
    /// While an event is applied: the history before it, once something other than a move
    /// played changed it (a restart, cancelled moves), to put back if the event fails.
    undo: Option<Vec<String>>,
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

impl Session {
    /// A game from `fen` (the start position when `None`) under a ruleset.
    pub fn new(ruleset: &Ruleset, fen: Option<&str>) -> Result<Session, ProcedureError> {
        let board = Board::new(ruleset, fen)?;
        let start_fen = board.fen();
        let judge = crate::rules_for(ruleset)
            .judge(&start_fen, &[])
            .map_err(|e| ProcedureError::Rules(e.to_string()))?;
        let ending = judge.outcome();
        let judged_from = start_fen.clone();
        Ok(Session {
            policy: Arc::new(Policy::of(ruleset.game)),
            ruleset: Arc::new(ruleset.clone()),
            board: OnBoard::new(board),
            start_fen: start_fen.into(),
            moves: Vec::new(),
            ending: Arc::new(ending),
            judge: Some((judged_from, judge)),
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
            adjourn_rules: Arc::new(AdjournRules::of(ruleset.game)),
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
        if let Ok(judge) = self.rules().judge(&self.start_fen, &self.moves) {
            self.ending = Arc::new(judge.outcome());
            self.judge = Some((self.start_fen.to_string(), judge));
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
        &self.ruleset
    }

    /// Where the history the rules judge starts (canonical FEN): the session's start
    /// position, or the position of an accepted irregular move no legal move leads to.
    pub fn start_fen(&self) -> &str {
        &self.start_fen
    }

    /// The moves of that history, in canonical text.
    pub fn moves(&self) -> &[String] {
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

    /// What [`Rules::outcome`] says about the history: result,
    /// claims valid now, draw counters.
    pub fn ending(&self) -> &GameOutcome {
        &self.ending
    }

    /// The side whose draw offer awaits an answer.
    pub fn pending_offer(&self) -> Option<Side> {
        self.offers
            .iter()
            .find(|o| o.answer == OfferAnswer::Pending)
            .and_then(|o| Side::parse(&o.by, self.policy.game).ok())
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
    pub fn permitted(&self) -> Ruling {
        resolve_touches_among(&self.board, Arc::clone(self.legal_moves()), &self.touches)
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
    /// ([`Rules::outcome`]: mate, stalemate, no pieces, no move,
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
            "breaches": self.breaches.iter().map(|b| json!({"side": name(b.side), "kind": b.kind, "clause": b.clause, "counted": b.counted})).collect::<Vec<_>>(),
            "pending": self.pending.as_ref().map(|p| json!({"move": p.irregular.text, "kind": p.irregular.kind.slug(), "by": name(p.irregular.offender)})),
            "history": {"start": &*self.start_fen, "moves": self.moves},
            "offer_pending": self.pending_offer().map(name),
            "offers": self.offers,
            "claims": self.claims.iter().map(|c| json!({"kind": c.kind, "by": c.by, "upheld": c.upheld, "reason": c.reason, "clause": c.clause, "penalty": c.penalty})).collect::<Vec<_>>(),
            "penalties": { name(Side::First): self.penalty_seconds(Side::First), name(Side::Second): self.penalty_seconds(Side::Second) },
            "claims_valid": self.ending.claims.iter().map(|k| k.name()).collect::<Vec<_>>(),
            "counters": self.ending.counters.map(false),
            "outcome": self.outcome().map(|o| json!({"winner": o.winner().map(name), "reason": o.reason, "clause": o.clause})),
            "corrections": self.corrections().iter().map(|c| json!({"error": c.error.slug(), "clause": c.clause, "applied": c.applied})).collect::<Vec<_>>(),
            "colours_exchanged": self.colours_exchanged(),
        })
    }

    /// Applies one event. On error the session is unchanged.
    pub fn apply(&mut self, event: Event) -> Result<(), ProcedureError> {
        if let Some(o) = self.outcome().cloned() {
            // A flag found down after a resignation or an agreed draw: the result stands
            // (chess laws art. 12.7).
            if let (Event::FlagReport { side, .. }, Some(c)) = (&event, &mut self.clock) {
                if !c.decided() && c.found_after_result(*side).is_some() {
                    if mutant::clock_is(ClockMutant::FlagFoundAfterResultOverrides) {
                        self.verdict = Some(Outcome::new(
                            Score::Win(side.other()),
                            Reason::TimeForfeit,
                            None,
                        ));
                    }
                    return Ok(());
                }
            }
            // Stopping the clocks once the game is resigned or drawn by agreement is no
            // violation (第三章 第六节 三 (四): 自动认输或同意作和不受此限); they stand already.
            let inner = match &event {
                Event::Timed { event, .. } => &**event,
                e => e,
            };
            if matches!(inner, Event::StopClocks(Some(_)))
                && matches!(o.reason, Reason::Resignation | Reason::Agreement)
            {
                return Ok(());
            }
            // An error found after the end: the result stands (第四章 第一节 三 (二), (三)).
            let stands = match &event {
                Event::Correction { error, at } => Some(self.correction_after_end(*error, *at)?),
                _ => None,
            };
            match stands {
                Some(true) => return Ok(()),
                Some(false) => {}
                None => return Err(ProcedureError::GameOver(o.describe(self.policy.game))),
            }
        }
        let fresh = self.fresh_illegal.take();
        // The history is moved into the next state, not copied (a copy per event would make
        // a game of n moves cost O(n²)); if the event fails it is put back as it was.
        let moves = std::mem::take(&mut self.moves);
        let judge = self.judge.take();
        let mut next = self.clone();
        next.mark = moves.len();
        next.moves = moves;
        next.judge = judge;
        next.undo = None;
        let demanded = next.demanded.take();
        if let Err(e) = next.step_timed(event, fresh, demanded) {
            let (mark, mut moves) = (next.mark, next.moves);
            match next.undo {
                Some(before) => moves = before,
                None => moves.truncate(mark),
            }
            // A judge that judged a move of the failed event is dropped (and rebuilt by the
            // next change of the history).
            self.judge = next
                .judge
                .filter(|(start, j)| **start == *self.start_fen && j.plies() == moves.len());
            self.moves = moves;
            self.fresh_illegal = fresh;
            return Err(e);
        }
        next.undo = None;
        next.check_clock();
        if next.outcome().is_some() {
            if let Some(c) = &mut next.clock {
                c.stop();
            }
        }
        *self = next;
        Ok(())
    }

    /// The clock, or the error naming what needed it.
    fn clock_mut(&mut self, what: &'static str) -> Result<&mut Clock, ProcedureError> {
        self.clock
            .as_deref_mut()
            .ok_or(ProcedureError::NoClock(what))
    }

    /// The time of an event passes first; a flag that falls meanwhile ends the game before
    /// the event happens.
    fn step_timed(
        &mut self,
        event: Event,
        fresh: Option<Side>,
        demanded: Option<Box<Pending>>,
    ) -> Result<(), ProcedureError> {
        let (event, time) = match event {
            Event::Timed { event, time } => (*event, time),
            other => (other, EventTime::default()),
        };
        if matches!(event, Event::Timed { .. }) {
            return Err(ProcedureError::Clock(
                "an event has one timing, not a timed event inside another".to_owned(),
            ));
        }
        if time.forcing && !matches!(event, Event::Move(_)) {
            return Err(ProcedureError::Clock(
                "`forcing` goes with a move only".to_owned(),
            ));
        }
        if time.pressed.is_some() && !matches!(event, Event::Move(_) | Event::Illegal { .. }) {
            return Err(ProcedureError::Clock(
                "`pressed` goes with a move (or an illegal move) only".to_owned(),
            ));
        }
        if time.arbiter.is_some()
            && !matches!(event, Event::Claim { .. } | Event::Correct | Event::Adjourn)
        {
            return Err(ProcedureError::Clock(
                "the arbiter's time goes with a claim, a correction or an adjournment only"
                    .to_owned(),
            ));
        }
        if time.elapsed.is_some() && time.at.is_some() {
            return Err(ProcedureError::Clock(
                "give the time an event took or the time it happened at, not both".to_owned(),
            ));
        }
        if time != EventTime::default() {
            let clock = self.clock_mut("timing an event")?;
            if let Some(d) = time.elapsed {
                clock.elapse(d)?;
            } else if let Some(at) = time.at {
                clock.elapse_until(at)?;
            }
            if clock.decided() {
                return Ok(());
            }
        }
        self.step(event, fresh, demanded, &time)
    }

    /// A flag or a lateness forfeit on the clock ends the game.
    fn check_clock(&mut self) {
        if self.verdict.is_some() {
            return;
        }
        let Some(clock) = &self.clock else {
            return;
        };
        if let Some(f) = clock.flag() {
            self.verdict = Some(Outcome::new(
                Score::Win(f.side.other()),
                Reason::TimeForfeit,
                Some(f.clause.clone().into()),
            ));
        } else if let Some(l) = clock.late_forfeit() {
            self.verdict = Some(match l.sides.as_slice() {
                [one] => Outcome::new(
                    Score::Win(one.other()),
                    Reason::LateForfeit,
                    Some(l.clause.clone().into()),
                ),
                _ => Outcome::new(
                    Score::BothLost,
                    Reason::BothLate,
                    Some(l.clause.clone().into()),
                ),
            });
        }
    }

    /// The clock after a move by `mover` on the board.
    fn clock_moved(&mut self, mover: Side, pressed: bool) {
        if let Some(c) = &mut self.clock {
            c.move_made(mover);
            if pressed {
                c.press(mover);
            }
        }
    }

    /// The forcing-move count of the move just played by `mover` (xiangqi 第四章 第二节 一
    /// (五)): a forcing move goes on its piece's run, any other move ends the run.
    fn clock_forcing(&mut self, mover: Side, forcing: bool) -> Result<(), ProcedureError> {
        let Some(c) = &mut self.clock else {
            return match forcing {
                true => Err(ProcedureError::NoClock("a forcing move")),
                false => Ok(()),
            };
        };
        if !forcing {
            c.plain_move(mover);
            return Ok(());
        }
        let played = self.moves.last().map_or("", String::as_str);
        let (from, to) = played.split_at(played.len().min(2));
        c.forcing_move(mover, from, to)?;
        Ok(())
    }

    /// Time that passes with the clocks stopped (the arbiter at work), then restarted.
    fn clocks_stopped_for(&mut self, span: Span) -> Result<(), ProcedureError> {
        if let Some(c) = &mut self.clock {
            let running = c.running();
            c.stop();
            c.elapse(span)?;
            if let Some(side) = running {
                c.start(side);
            }
        }
        Ok(())
    }

    fn step(
        &mut self,
        event: Event,
        fresh: Option<Side>,
        demanded: Option<Box<Pending>>,
        time: &EventTime,
    ) -> Result<(), ProcedureError> {
        let Some(event) = self.adjourn_step(event, time)? else {
            return Ok(());
        };
        let mover = self.turn();
        let moving = matches!(event, Event::Move(_) | Event::Illegal { .. });
        self.board_step(event, fresh, demanded, time)?;
        if moving {
            if let Some(Adjournment {
                phase: Phase::Resumed { moved, .. },
                ..
            }) = self.adjournment.as_deref_mut()
            {
                moved[usize::from(mover == Side::Second)] = true;
            }
        }
        Ok(())
    }

    fn board_step(
        &mut self,
        event: Event,
        fresh: Option<Side>,
        demanded: Option<Box<Pending>>,
        time: &EventTime,
    ) -> Result<(), ProcedureError> {
        if self.pending.is_some() {
            match event {
                Event::Accept
                | Event::Correct
                | Event::RefuseCorrection(_)
                | Event::Resign(_)
                | Event::Violation { .. }
                | Event::Forfeit { .. } => {}
                // Art. 7.7: going on with the game (touching or moving) without demanding
                // correction accepts the position.
                Event::Move(_) | Event::Touch { side: None, .. } => self.settle()?,
                Event::Touch { side: Some(s), .. } if s == self.turn() => self.settle()?,
                _ => return Err(ProcedureError::Pending),
            }
        }
        // A stop of the clocks is fresh for this event only (a draw offer passes it on).
        let stopped = self.fresh_stop.take();
        match event {
            Event::Move(text) => {
                let mover = self.turn();
                self.play(text)?;
                self.clock_forcing(mover, time.forcing)?;
                self.clock_moved(mover, time.pressed.unwrap_or(true));
                Ok(())
            }
            Event::FlagReport { side, by } => {
                self.clock_mut("a flag report")?.report_flag(side, by)?;
                Ok(())
            }
            Event::Elapse(span) => Ok(self.clock_mut("elapse")?.elapse(span)?),
            Event::Press(side) => {
                self.clock_mut("press")?.press(side);
                Ok(())
            }
            Event::StopClocks(by) => {
                let (rule, clause) = self.clock_mut("stopping the clocks")?.rules().player_stop;
                self.clock_mut("stopping the clocks")?.stop();
                match by {
                    None => {}
                    Some(side) if rule == PlayerStop::Loses => {
                        self.breach(side, "stopped-clock", clause, false);
                        self.verdict = Some(Outcome::new(
                            Score::Win(side.other()),
                            Reason::StoppedClock,
                            Some(ClauseId::from(clause)),
                        ));
                    }
                    Some(side) => {
                        self.count(side, "stopping-clock", clause);
                        self.fresh_stop = Some(side);
                    }
                }
                Ok(())
            }
            Event::StartClocks(side) => {
                self.clock_mut("starting the clocks")?.start(side);
                Ok(())
            }
            Event::Arrive(side) => Ok(self.clock_mut("an arrival")?.arrive(side)?),
            Event::ReplaceClock { shown, faulty } => Ok(self
                .clock_mut("replacing the clock")?
                .replace(shown, faulty)?),
            Event::SetClock { side, used } => {
                Ok(self.clock_mut("setting the clock")?.set_used(side, used)?)
            }
            Event::CorrectError { number, side } => self.correct_error(number, side),
            Event::Correction { error, at } => self.correct(error, at),
            Event::Timed { .. } => Err(ProcedureError::Clock(
                "an event has one timing, not a timed event inside another".to_owned(),
            )),
            Event::Touch { squares, side } => {
                let refs: Vec<&str> = squares.iter().map(String::as_str).collect();
                let touch = Touch::at(&self.board, &refs)?;
                let by = side.unwrap_or(self.turn());
                if by == self.turn() {
                    self.touches.push(touch);
                } else if let Some(clause) = self.policy.touch_off_move_clause {
                    self.breach(by, "touch-off-move", clause, false);
                }
                Ok(())
            }
            Event::Accidental(square) => {
                Touch::at(&self.board, &[square.as_str()])?;
                Ok(())
            }
            Event::Adjust { square, announced } => {
                let touch = Touch::at(&self.board, &[square.as_str()])?;
                if !announced && self.policy.unannounced_adjust_touches {
                    self.touches.push(touch);
                }
                Ok(())
            }
            Event::Illegal {
                text,
                side,
                fen,
                removed,
            } => {
                let offender = side.unwrap_or(self.turn());
                self.illegal(&text, side, fen.as_deref(), removed.as_deref())?;
                match self.policy.illegal {
                    // Taken back at once: no move towards the quota, the time not given back.
                    IllegalHandling::TakenBack => {
                        if let Some(c) = &mut self.clock {
                            c.move_taken_back(offender);
                        }
                    }
                    IllegalHandling::OpponentChooses => {
                        self.clock_moved(offender, time.pressed.unwrap_or(true))
                    }
                }
                Ok(())
            }
            Event::Accept => {
                if self.pending.is_none() {
                    return Err(ProcedureError::NothingPending);
                }
                self.settle()
            }
            Event::Correct => {
                let p = self.pending.take().ok_or(ProcedureError::NothingPending)?;
                let offender = p.irregular.offender;
                if let Some(c) = &mut self.clock {
                    c.undo_move(offender);
                }
                if let Some(span) = time.arbiter {
                    // Art. 8 item 2.8: the arbiter's time is charged to the offender.
                    self.clocks_stopped_for(span)?;
                    if let Some(c) = &mut self.clock {
                        if let Some(clause) = c.rules().correction_charged_clause {
                            c.charge(offender, span, clause)?;
                        }
                    }
                }
                self.demanded = Some(p.clone());
                self.set_board(p.before);
                self.touches = p.touches;
                if let Some(spot) = p.irregular.moved {
                    if p.irregular.offender == self.turn() && self.policy.retaken_piece_touched {
                        self.touches.push(Touch {
                            squares: vec![spot],
                            origin: TouchOrigin::IllegalMove,
                        });
                    }
                }
                Ok(())
            }
            Event::RefuseCorrection(side) => {
                // Only an irregular move left for the opponent to correct can be refused.
                if self.policy.illegal != IllegalHandling::OpponentChooses {
                    return Err(ProcedureError::WrongGame("refusing a correction"));
                }
                let p = demanded
                    .filter(|p| p.irregular.offender == side)
                    .ok_or_else(|| ProcedureError::NoCorrectionDemanded {
                        side: side.name(self.policy.game).to_owned(),
                    })?;
                // Art. 7.8, 14.3.1: the correction is not made, the irregular position
                // stays; art. 14.4: the offender loses the game.
                self.set_board(p.irregular.after);
                self.touches.clear();
                self.breach(side, REFUSED_CORRECTION, REFUSED_CORRECTION_CLAUSE, false);
                if self.policy.refused_correction_loses {
                    self.verdict = Some(Outcome::new(
                        Score::Win(side.other()),
                        Reason::RefusedCorrection,
                        Some(ClauseId::from(REFUSED_CORRECTION_CLAUSE)),
                    ));
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
            Event::Unrecorded {
                side,
                moves,
                time_pressure,
            } => self.unrecorded(side, moves, time_pressure),
            Event::Offer(side) => {
                // Draughts art. 12.4 (a)–(c), xiangqi 第一章 第四节 二 (二): the offer is made on
                // one's own time, after the move and before pressing the clock.
                if let Some(c) = &self.clock {
                    if c.running().is_some() && c.running() != Some(side) {
                        let clause = self.policy.offer_after_press_clause;
                        self.breach(side, "offer-after-press", clause, false);
                        if self.policy.offer_after_press == OfferAfterPress::Void {
                            return Ok(());
                        }
                    }
                }
                self.fresh_stop = stopped;
                self.offer(side)
            }
            Event::Answer { accept } => {
                let offer = self
                    .offers
                    .iter_mut()
                    .rfind(|o| o.answer == OfferAnswer::Pending)
                    .ok_or(ProcedureError::NoOffer)?;
                if accept {
                    offer.answer = OfferAnswer::Accepted;
                    if let Some(stopper) = stopped {
                        self.uncount_stop(stopper);
                    }
                    self.verdict = Some(Outcome::new(
                        Score::Draw,
                        Reason::Agreement,
                        Some(ClauseId::from(self.policy.agreement_clause)),
                    ));
                } else {
                    offer.answer = OfferAnswer::Refused;
                }
                Ok(())
            }
            Event::Claim { kind, by } => {
                let game = self.policy.game;
                let claimant = by.unwrap_or(self.turn());
                let mut ruling_clock = None;
                if let (Some(span), Some(c)) = (time.arbiter, &mut self.clock) {
                    let (mode, clause) = c.rules().claim_clock;
                    match mode {
                        ClaimClock::Runs => {
                            c.elapse_through(span)?;
                            ruling_clock = Some(clause);
                        }
                        ClaimClock::Stopped => self.clocks_stopped_for(span)?,
                    }
                }
                // The judge of the history rules on it where it stands; without one (it is
                // rebuilt by the next change of the history) the rules replay the history.
                let by_name = by.map(|s| s.name(game));
                let ruling = match &self.judge {
                    Some((start, judge))
                        if **start == *self.start_fen && judge.plies() == self.moves.len() =>
                    {
                        judge.claim(&kind, by_name)
                    }
                    _ => self
                        .rules()
                        .claim(&self.start_fen, &self.moves, &kind, by_name),
                }
                .map_err(|e| ProcedureError::Rules(e.to_string()))?;
                let flagged = self.clock.as_ref().and_then(|c| c.flag()).map(|f| f.side);
                if let (Some(clause), Some(c)) = (ruling_clock, &mut self.clock) {
                    // Art. 8 item 2.7: a flag while the arbiter rules on the claim is ignored
                    // when the claim is upheld; refused, the claimant loses.
                    if ruling.upheld && flagged == Some(claimant) {
                        c.forgive_flag(clause);
                    } else if c.flag().is_some() {
                        c.reclause_flag(clause);
                    }
                }
                if ruling.upheld {
                    self.verdict = ruling.outcome.outcome.clone();
                } else if let Some(p) = &ruling.penalty {
                    let side = Side::parse(&p.side, game)?;
                    *self.penalties.slot(side) += p.seconds;
                    if let Some(c) = &mut self.clock {
                        if !c.decided() {
                            let clause = c.rules().penalty_clause.unwrap_or(
                                ruling
                                    .clause
                                    .as_deref()
                                    .unwrap_or(clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM),
                            );
                            let clause = clause.to_owned();
                            c.charge(side, Span::from_secs(u64::from(p.seconds)), &clause)?;
                        }
                    }
                }
                self.claims.push(ruling);
                Ok(())
            }
            Event::Resign(side) => {
                if stopped == Some(side) {
                    self.uncount_stop(side);
                }
                if fresh == Some(side) && self.policy.resigning_at_once_uncounts {
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
                self.verdict = Some(Outcome::new(
                    Score::Win(side.other()),
                    Reason::Resignation,
                    Some(ClauseId::from(self.policy.resignation_clause)),
                ));
                Ok(())
            }
            Event::Forfeit { side, reason } => {
                self.verdict = Some(Outcome::new(
                    Score::Win(side.other()),
                    Reason::Forfeit(reason),
                    None,
                ));
                Ok(())
            }
            Event::Adjourn
            | Event::Seal { .. }
            | Event::Resume { .. }
            | Event::SealReply(_)
            | Event::EnvelopeLost { .. }
            | Event::LeaveHall(_)
            | Event::AgreeDraw
            | Event::ClockObjection(_) => Err(ProcedureError::Adjournment(
                "this event belongs to an adjournment".to_owned(),
            )),
        }
    }

    /// The adjournment's part of an event: `None` when the adjournment handled it, the
    /// event back when the board and the clock take it as usual.
    fn adjourn_step(
        &mut self,
        event: Event,
        time: &EventTime,
    ) -> Result<Option<Event>, ProcedureError> {
        let err = |m: String| Err(ProcedureError::Adjournment(m));
        let game = self.policy.game;
        let phase = self.adjournment.as_deref().map(|a| a.phase.clone());
        match (phase, event) {
            (None | Some(Phase::Resumed { .. }), Event::Adjourn) => {
                if let Some(Phase::Resumed { opened, reply, .. }) =
                    self.adjournment.as_deref().map(|a| &a.phase)
                {
                    if !opened || reply.is_some() {
                        return err("the resumption is not complete: the game cannot be adjourned again yet".to_owned());
                    }
                }
                if self.pending.is_some() {
                    return Err(ProcedureError::Pending);
                }
                if let Some(span) = time.arbiter {
                    // Draughts art. 11 item 3.1: recording the position is charged to nobody.
                    self.clocks_stopped_for(span)?;
                }
                let clock = self.clock_mut("an adjournment")?;
                let announced_used = Side::BOTH.map(|s| clock.report(s).used);
                let sealer = match mutant::clock_is(ClockMutant::SealerLastMover) {
                    true => self.turn().other(),
                    false => self.turn(),
                };
                self.adjournment = Some(Box::new(Adjournment {
                    phase: Phase::Sealing {
                        sealer,
                        sealed: None,
                        announced_used,
                        left: false,
                    },
                    envelope: None,
                    lost: false,
                    stated: None,
                    objections: Vec::new(),
                }));
                Ok(None)
            }
            (Some(Phase::Sealing { sealer, .. }), Event::LeaveHall(side)) => {
                if side == sealer {
                    if let Some(Adjournment { phase: Phase::Sealing { left, .. }, .. }) = self.adjournment.as_deref_mut() {
                        *left = true;
                    }
                }
                Ok(None)
            }
            (Some(Phase::Sealing { sealer, sealed, left, .. }), ev @ (Event::Seal { .. } | Event::Move(_))) => {
                if let Some(prev) = &sealed {
                    if left && matches!(ev, Event::Seal { .. }) && !mutant::clock_is(ClockMutant::ChangeAfterLeavingHall) {
                        return err(format!(
                            "{} has left the playing hall since sealing {}: the sealed move can no longer be changed (仅限于未离开过赛场者, xq.adjournment.change-sealed-move)",
                            sealer.name(game), prev.text
                        ));
                    }
                    if prev.on_board {
                        return err(format!(
                            "{} played {} on the board after the adjournment: it is his sealed move and cannot be changed (chess.adjournment.move-on-board-is-sealed-move, xq.adjournment.move-played-on-board)",
                            sealer.name(game), prev.text
                        ));
                    }
                    if self.adjourn_rules.change_clause.is_none() {
                        return err(format!(
                            "{} has sealed {}: these rules make no provision for changing a sealed move",
                            sealer.name(game), prev.text
                        ));
                    }
                }
                let new = match ev {
                    Event::Seal { text, explained, before_end } => {
                        if let Some(span) = before_end {
                            match self.adjourn_rules.early_seal {
                                EarlySeal::Charged(clause) => {
                                    self.clock_mut("sealing early")?.charge(sealer, span, clause)?;
                                }
                                EarlySeal::Refused(clause) => {
                                    return err(format!(
                                        "{} cannot seal {span} before the session's end: these rules adjourn a game only at the end of the session or when play must be interrupted ({clause})",
                                        sealer.name(game)
                                    ));
                                }
                            }
                        }
                        SealedMove { text, explained, on_board: false }
                    }
                    Event::Move(text) => {
                        // The move must be legal on the board; it becomes the sealed move.
                        let m = self.board.read_move(&text)?;
                        SealedMove { text: m.text(), explained: None, on_board: true }
                    }
                    _ => unreachable!("matched above"),
                };
                if let Some(Adjournment { phase: Phase::Sealing { sealed, .. }, .. }) = self.adjournment.as_deref_mut() {
                    *sealed = Some(new);
                }
                Ok(None)
            }
            (Some(Phase::Sealing { sealer, sealed, announced_used, .. }), Event::StopClocks(by)) => {
                let proper = match (self.adjourn_rules.stop, by) {
                    (_, None) => true,
                    (SealStop::Sealer, Some(s)) => s == sealer,
                    (SealStop::Arbiter, Some(_)) => false,
                };
                if !proper {
                    // A player stopping the clocks as in any game (draughts: he loses).
                    return Ok(Some(Event::StopClocks(by)));
                }
                let Some(sealed) = sealed else {
                    return err(format!(
                        "{} has not sealed a move yet: the clocks are stopped only after the sealing ({})",
                        sealer.name(game),
                        self.adjourn_rules.stop_clause
                    ));
                };
                let fen = self.board.fen();
                let clock = self.clock_mut("an adjournment")?;
                clock.stop();
                let mut used = Side::BOTH.map(|s| clock.report(s).used);
                if mutant::clock_is(ClockMutant::EnvelopeTimesAtAnnouncement) {
                    used = announced_used;
                }
                let moves = Side::BOTH.map(|s| clock.moves_made(s));
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.phase = Phase::Adjourned;
                    a.envelope = Some(Envelope { fen, sealer, sealed, used, moves });
                }
                Ok(None)
            }
            (
                Some(Phase::Sealing { .. }),
                ev @ (Event::Elapse(_)
                | Event::Resign(_)
                | Event::Forfeit { .. }
                | Event::Violation { .. }
                | Event::StartClocks(_)
                | Event::Offer(_)
                | Event::Answer { .. }),
            ) => Ok(Some(ev)),
            (Some(Phase::Sealing { sealer, .. }), ev) => err(format!(
                "the game is being adjourned: {} seals his move (`seal`) and the clocks are stopped; `{}` is not possible now",
                sealer.name(game),
                event_name(&ev)
            )),
            (Some(Phase::Adjourned), Event::Resume { set, absent, sheet_missing }) => {
                self.resume(set, absent, sheet_missing).map(|()| None)
            }
            (Some(Phase::Adjourned), Event::EnvelopeLost { restored: false, .. }) => {
                self.void_and_replay().map(|()| None)
            }
            (Some(Phase::Adjourned), Event::EnvelopeLost { stated, restored: true }) => {
                let (sealer, used) = {
                    let e = self.envelope()?;
                    (e.sealer, e.used)
                };
                let Some(stated) = stated else {
                    return err(format!(
                        "the envelope is lost: {} must state the move he sealed, which he then makes on the board (chess.adjournment.lost-envelope-stated-move)",
                        sealer.name(game)
                    ));
                };
                let stated = self.board.read_move(&stated)?.text();
                let clock = self.clock_mut("a resumption")?;
                for s in Side::BOTH {
                    clock.set_used(s, used[usize::from(s == Side::Second)])?;
                }
                match mutant::clock_is(ClockMutant::LostEnvelopeReplierClock) {
                    true => clock.start(sealer.other()),
                    false => clock.start(sealer),
                }
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.lost = true;
                    a.stated = (!mutant::clock_is(ClockMutant::LostEnvelopeStatedMoveFree))
                        .then_some(stated);
                    a.phase = Phase::Resumed {
                        opened: true,
                        absent: Vec::new(),
                        reply: None,
                        set: used,
                        moved: [false; 2],
                    };
                }
                Ok(None)
            }
            (Some(Phase::Adjourned | Phase::Resumed { opened: false, .. }), Event::AgreeDraw) => {
                // The agreement stands whatever the sealed move (chess laws art. 14.2(1),
                // xiangqi 第四章 第四节 二): the envelope is never judged.
                self.verdict = Some(Outcome::new(Score::Draw, Reason::Agreement, Some(clause::CHESS_ADJOURNMENT_AGREED_RESULT_DURING_ADJOURNMENT.into())));
                Ok(None)
            }
            (
                Some(Phase::Adjourned),
                ev @ (Event::Elapse(_) | Event::Resign(_) | Event::Forfeit { .. }),
            ) => Ok(Some(ev)),
            (Some(Phase::Adjourned), ev) => err(format!(
                "the game is adjourned: `{}` is not possible before it resumes (`resume`, or `envelope_lost`)",
                event_name(&ev)
            )),
            (Some(Phase::Resumed { absent, reply, opened, .. }), Event::Arrive(side))
                if absent.contains(&side) =>
            {
                let sealer = self.envelope()?.sealer;
                if let Some(Adjournment { phase: Phase::Resumed { absent, .. }, .. }) = self.adjournment.as_deref_mut() {
                    absent.retain(|s| *s != side);
                }
                if side != sealer && !opened {
                    self.open_envelope(false)?;
                } else if side == sealer {
                    if let Some(text) = reply {
                        let replier = sealer.other();
                        self.play(text)?;
                        if let Some(c) = &mut self.clock {
                            c.move_made(replier);
                            c.press(replier);
                        }
                        if let Some(Adjournment { phase: Phase::Resumed { reply, moved, .. }, .. }) = self.adjournment.as_deref_mut() {
                            *reply = None;
                            moved[usize::from(replier == Side::Second)] = true;
                        }
                    }
                }
                Ok(None)
            }
            (Some(Phase::Resumed { opened: false, .. }), ev @ (Event::Move(_) | Event::Illegal { .. } | Event::Touch { .. } | Event::Claim { .. } | Event::Offer(_))) => err(format!(
                "the envelope is still closed (the replier is absent): `{}` is not possible before the sealed move is played",
                event_name(&ev)
            )),
            (Some(Phase::Resumed { absent, reply, opened: true, .. }), Event::SealReply(text)) => {
                let sealer = self.envelope()?.sealer;
                if !absent.contains(&sealer) {
                    return err(format!(
                        "{} is present: the reply is played on the board (a reply is sealed only while the sealer is absent)",
                        sealer.name(game)
                    ));
                }
                if reply.is_some() || self.turn() == sealer {
                    return err("the reply has been made already".to_owned());
                }
                if mutant::clock_is(ClockMutant::SealedReplyPlayedAtOnce) {
                    return Ok(Some(Event::Move(text)));
                }
                let m = self.board.read_move(&text)?;
                self.clock_mut("sealing a reply")?.start(sealer);
                if let Some(Adjournment { phase: Phase::Resumed { reply, .. }, .. }) = self.adjournment.as_deref_mut() {
                    *reply = Some(m.text());
                }
                Ok(None)
            }
            (Some(Phase::Resumed { reply: Some(_), .. }), ev @ (Event::Move(_) | Event::Illegal { .. } | Event::Touch { .. })) => err(format!(
                "the reply is sealed until the sealer arrives: `{}` is not possible now",
                event_name(&ev)
            )),
            (Some(Phase::Resumed { set, moved, .. }), Event::ClockObjection(by)) => {
                let clause = self.adjourn_rules.objection_clause;
                let upheld = !moved[usize::from(by == Side::Second)]
                    || mutant::clock_is(ClockMutant::EveryObjectionUpheld);
                if upheld {
                    let envelope = self.envelope()?.used;
                    let clock = self.clock_mut("a clock objection")?;
                    for s in Side::BOTH {
                        let i = usize::from(s == Side::Second);
                        let mut since = clock.report(s).used.minus(set[i]);
                        if mutant::clock_is(ClockMutant::ObjectionDropsTimeSinceResumption) {
                            since = Span::ZERO;
                        }
                        clock.set_used(s, envelope[i].plus(since))?;
                    }
                    if let Some(Adjournment { phase: Phase::Resumed { set, .. }, .. }) = self.adjournment.as_deref_mut() {
                        *set = envelope;
                    }
                }
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.objections.push(Objection { by, upheld, clause });
                }
                Ok(None)
            }
            (Some(Phase::Resumed { .. }), Event::Move(text))
                if self.adjournment.as_deref().is_some_and(|a| a.stated.is_some()) =>
            {
                let stated = self.adjournment.as_deref().and_then(|a| a.stated.clone()).unwrap_or_default();
                let m = self.board.read_move(&text)?;
                if m.text() != stated {
                    return err(format!(
                        "the envelope was lost and {} stated he sealed {stated}: he makes that move on the board, not {} (chess.adjournment.lost-envelope-stated-move)",
                        self.turn().name(game),
                        m.text()
                    ));
                }
                if let Some(a) = self.adjournment.as_deref_mut() {
                    a.stated = None;
                }
                Ok(Some(Event::Move(text)))
            }
            (
                _,
                ev @ (Event::Seal { .. }
                | Event::Resume { .. }
                | Event::SealReply(_)
                | Event::EnvelopeLost { .. }
                | Event::LeaveHall(_)
                | Event::AgreeDraw
                | Event::ClockObjection(_)),
            ) => err(format!(
                "`{}` is not possible {}",
                event_name(&ev),
                match self.adjournment.as_deref().map(|a| a.phase.slug()) {
                    None => "without an adjournment (`adjourn` first)".to_owned(),
                    Some(p) => format!("while the adjournment is {p}"),
                }
            )),
            (_, ev) => Ok(Some(ev)),
        }
    }

    /// A lost envelope whose position and times cannot be restored (chess laws art. 14.5(2),
    /// xiangqi 第四章 第四节 二: 全盘对局应作废重下): the game is void and played again from the
    /// session's start position, each clock back to zero and the first player's running.
    /// The conduct (violations, offers) stands, as after a restart for a set-up error.
    fn void_and_replay(&mut self) -> Result<(), ProcedureError> {
        let board = Board::new(&self.ruleset, Some(&self.start_fen))?;
        let first = board.turn();
        let keep_moves = mutant::clock_is(ClockMutant::LostEnvelopeVoidResumes);
        if !keep_moves {
            self.set_board(board);
            self.save_history();
            self.moves.clear();
            self.touches.clear();
            self.pending = None;
            self.refresh()?;
        }
        if keep_moves {
            let sealer = self.envelope()?.sealer;
            self.clock_mut("a void game")?.start(sealer);
        } else {
            self.clock_mut("a void game")?.restart(first)?;
        }
        if let Some(a) = self.adjournment.as_deref_mut() {
            a.lost = true;
            a.phase = Phase::Resumed {
                opened: true,
                absent: Vec::new(),
                reply: None,
                set: [Span::ZERO; 2],
                moved: [false; 2],
            };
        }
        Ok(())
    }

    /// The envelope of the adjournment.
    fn envelope(&self) -> Result<&Envelope, ProcedureError> {
        self.adjournment
            .as_deref()
            .and_then(|a| a.envelope.as_ref())
            .ok_or_else(|| ProcedureError::Adjournment("there is no envelope".to_owned()))
    }

    /// Resumption (chess laws art. 14, draughts art. 11 item 4, xiangqi 第四章 第四节 二):
    /// position and clocks set from the envelope; the envelope opened when the replier is
    /// present, else his clock runs with it closed.
    fn resume(
        &mut self,
        set: [Option<Span>; 2],
        absent: Vec<Side>,
        sheet_missing: bool,
    ) -> Result<(), ProcedureError> {
        let (sealer, used, fen) = {
            let e = self.envelope()?;
            (e.sealer, e.used, e.fen.clone())
        };
        if self.board.fen() != fen {
            return Err(ProcedureError::Adjournment(format!(
                "the board ({}) is not the envelope's position ({fen})",
                self.board.fen()
            )));
        }
        let set = [0, 1].map(|i| set[i].unwrap_or(used[i]));
        let clock = self.clock_mut("a resumption")?;
        clock.stop();
        for s in Side::BOTH {
            clock.set_used(s, set[usize::from(s == Side::Second)])?;
        }
        let replier = sealer.other();
        let replier_absent = absent.contains(&replier);
        if let Some(a) = self.adjournment.as_deref_mut() {
            a.phase = Phase::Resumed {
                opened: false,
                absent,
                reply: None,
                set,
                moved: [false; 2],
            };
        }
        if sheet_missing {
            let Some(clause) = self.adjourn_rules.sheet_missing_clause else {
                return Err(ProcedureError::Adjournment(
                    "these rules make no provision for a sealed score sheet missing from the envelope".to_owned(),
                ));
            };
            self.verdict = Some(Outcome::new(
                Score::Win(replier),
                Reason::SealedSheetMissing,
                Some(ClauseId::from(clause)),
            ));
            return Ok(());
        }
        if replier_absent && !mutant::clock_is(ClockMutant::EnvelopeOpenedReplierAbsent) {
            // Chess laws art. 14.3, xiangqi: the replier's clock runs, the envelope stays
            // closed until he arrives.
            self.clock_mut("a resumption")?.start(replier);
            return Ok(());
        }
        self.open_envelope(true)
    }

    /// Opens the envelope and plays the sealed move (or rules on its error); then the
    /// replier's clock runs (`start`: it is started now; else it runs already).
    fn open_envelope(&mut self, start: bool) -> Result<(), ProcedureError> {
        let (sealer, sealed) = {
            let e = self.envelope()?;
            (e.sealer, e.sealed.clone())
        };
        if let Some(Adjournment {
            phase: Phase::Resumed { opened, .. },
            ..
        }) = self.adjournment.as_deref_mut()
        {
            *opened = true;
        }
        let rules = self.adjourn_rules.clone();
        let text = if self.board.read_move(&sealed.text).is_ok() {
            Some(sealed.text.clone())
        } else {
            match (rules.sealed_error, &sealed.explained) {
                (SealedError::ExplainedIsViolation, Some(e)) if self.board.read_move(e).is_ok() => {
                    self.count(
                        sealer,
                        "sealed-move-explainable",
                        clause::XQ_VIOLATION_SEALED_MOVE_EXPLAINABLE,
                    );
                    Some(e.clone())
                }
                _ => None,
            }
        };
        let Some(text) = text else {
            self.verdict = Some(Outcome::new(
                Score::Win(sealer.other()),
                Reason::SealedMoveError,
                Some(ClauseId::from(rules.sealed_error_clause)),
            ));
            return Ok(());
        };
        if self.verdict.is_some() {
            return Ok(()); // the violation was the sealer's last
        }
        let m = self.board.read_move(&text)?;
        self.set_board(self.board.play(&m));
        self.touches.clear();
        self.moves.push(m.text());
        self.moved(sealer);
        self.refresh()?;
        if let Some(c) = &mut self.clock {
            c.move_made(sealer);
            c.press(sealer);
            if start {
                match mutant::clock_is(ClockMutant::SealerClockAfterSealedMove) {
                    true => c.start(sealer),
                    false => c.start(sealer.other()),
                }
            }
        }
        Ok(())
    }

    fn breach(&mut self, side: Side, kind: &str, clause: &str, counted: bool) {
        self.breaches.push(Breach {
            side,
            kind: kind.to_owned(),
            clause: clause.to_owned(),
            counted,
        });
    }

    fn rules(&self) -> Box<dyn Rules> {
        crate::rules::rules_enforcing(&self.ruleset, self.policy.repetition)
    }

    /// Judges the history again after it changed: the judge takes the move just played, or,
    /// after any other change (a restart, cancelled moves), judges the history anew.
    fn refresh(&mut self) -> Result<(), ProcedureError> {
        self.judge_history(Played::Read)
    }

    /// [`Session::refresh`], saying how the last move of the history was found legal.
    fn judge_history(&mut self, played: Played) -> Result<(), ProcedureError> {
        let rules_error = |e: crate::RulesError| ProcedureError::Rules(e.to_string());
        let n = self.moves.len();
        match &mut self.judge {
            Some((start, judge)) if **start == *self.start_fen && judge.plies() + 1 == n => {
                let last = &self.moves[n - 1];
                match played {
                    Played::Listed => judge.push_legal(last),
                    Played::Read => judge.push(last),
                }
                .map_err(rules_error)?;
            }
            _ => {
                let judge = self
                    .rules()
                    .judge(&self.start_fen, &self.moves)
                    .map_err(rules_error)?;
                self.judge = Some((self.start_fen.to_string(), judge));
            }
        }
        // A move found among the listed legal moves leads to the position on the board,
        // whose legal moves the next player is given: listed now, they tell the judge
        // whether the game ended there.
        let has_legal_move = match played {
            Played::Listed => Some(!self.legal_moves().is_empty()),
            Played::Read => None,
        };
        if let Some((_, judge)) = &self.judge {
            let ending = match has_legal_move {
                Some(has) => judge.outcome_knowing(has),
                None => judge.outcome(),
            };
            self.ending = Arc::new(ending);
        }
        Ok(())
    }

    /// Keeps the history as it was before the event, before something other than playing
    /// a move changes it (only moves were appended to it since).
    fn save_history(&mut self) {
        if self.undo.is_none() {
            let before = self.moves[..self.mark.min(self.moves.len())].to_vec();
            self.undo = Some(before);
        }
    }

    /// A move by `mover` refuses the opponent's pending draw offer (art. 12.4; 第一章 第四节
    /// 二 (二)).
    fn moved(&mut self, mover: Side) {
        let game = self.policy.game;
        for o in &mut self.offers {
            if o.answer == OfferAnswer::Pending && o.by != mover.name(game) {
                o.answer = OfferAnswer::Refused;
            }
        }
    }

    /// The pending draughts irregularity is accepted: the position on the board stands and
    /// joins the history.
    fn settle(&mut self) -> Result<(), ProcedureError> {
        let Some(p) = self.pending.take() else {
            return Ok(());
        };
        let as_move = p
            .before
            .read_move(&p.irregular.text)
            .ok()
            .filter(|m| p.before.play(m).fen() == self.board.fen());
        match as_move {
            Some(m) => self.moves.push(m.text()),
            None => {
                // No legal move leads here: the history restarts at this position.
                self.save_history();
                self.start_fen = self.board.fen().into();
                self.moves.clear();
                for o in &mut self.offers {
                    o.after_move = 0;
                }
            }
        }
        self.moved(p.irregular.offender);
        self.refresh()
    }

    /// The move number and side of each move of the history, counted from the start FEN's
    /// move number (its sixth field), or from 1 when it has none (a draughts FEN).
    fn move_numbers(&self) -> Vec<(u32, Side)> {
        let mut number: u32 = self
            .start_fen
            .split_whitespace()
            .nth(5)
            .and_then(|n| n.parse().ok())
            .unwrap_or(1);
        let mut turn = Board::new(&self.ruleset, Some(&self.start_fen))
            .map(|b| b.turn())
            .unwrap_or(Side::First);
        self.moves
            .iter()
            .map(|_| {
                let here = (number, turn);
                if turn == Side::Second {
                    number += 1;
                }
                turn = turn.other();
                here
            })
            .collect()
    }

    /// An error found now, made at move `number` of `side`: that move and every later one
    /// are cancelled (xiangqi 第四章 第一节 三 (三): 由发生错误的那一着起重新下棋), and the clock
    /// rescales the times (三 (四), 第二节 一 (四)).
    fn correct_error(&mut self, number: u32, side: Side) -> Result<(), ProcedureError> {
        self.cancel_moves(number, side, number)
    }

    /// Cancels move `number` of `side` and every later one; the clock rescales the times
    /// by `at_error` (the moves played at the error, 已走着数) over the current move.
    fn cancel_moves(
        &mut self,
        number: u32,
        side: Side,
        at_error: u32,
    ) -> Result<(), ProcedureError> {
        let numbers = self.move_numbers();
        let game = self.policy.game;
        let Some(at) = numbers.iter().position(|p| *p == (number, side)) else {
            return Err(ProcedureError::Move {
                text: format!("{number} ({})", side.name(game)),
                reason: format!(
                    "no move {number} of {} in the history ({})",
                    side.name(game),
                    match (numbers.first(), numbers.last()) {
                        (Some(a), Some(b)) => format!(
                            "it has move {} of {} to move {} of {}",
                            a.0,
                            a.1.name(game),
                            b.0,
                            b.1.name(game)
                        ),
                        _ => "it has no moves".to_owned(),
                    }
                ),
            });
        };
        let current = numbers.last().map_or(number, |p| p.0);
        let mut removed = [0u32; 2];
        for (_, s) in &numbers[at..] {
            removed[usize::from(*s == Side::Second)] += 1;
        }
        let kept = self.moves[..at].to_vec();
        let mut board = Board::new(&self.ruleset, Some(&self.start_fen))?;
        for text in &kept {
            let m = board.read_move(text)?;
            board = board.play(&m);
        }
        self.set_board(board);
        self.save_history();
        self.moves = kept;
        self.touches.clear();
        self.pending = None;
        self.refresh()?;
        if let Some(c) = &mut self.clock {
            let made = [
                c.moves_made(Side::First).saturating_sub(removed[0]),
                c.moves_made(Side::Second).saturating_sub(removed[1]),
            ];
            c.rescale(at_error, current, made)?;
            if c.running().is_some() {
                c.start(side);
            }
        }
        Ok(())
    }

    /// A draw offer, ruled by [`Rules::draw_offer`] with the session's earlier offers.
    fn offer(&mut self, side: Side) -> Result<(), ProcedureError> {
        let by = side.name(self.policy.game);
        let rules = self.rules();
        let err = |e: crate::RulesError| ProcedureError::Rules(e.to_string());
        let ruling = rules
            .draw_offer(&self.start_fen, &self.moves, by, &self.offers)
            .map_err(err)?;
        if ruling.allowed {
            self.offers.push(OfferRecord {
                by: by.to_owned(),
                after_move: self.moves.len(),
                answer: OfferAnswer::Pending,
            });
            return Ok(());
        }
        // Which rule forbids it: judged again without the earlier offers, a refusal that
        // remains is about the moment (too early, not right after one's move); one that
        // goes away is about the earlier offers (one pending, or the re-offer rule).
        let alone = rules
            .draw_offer(&self.start_fen, &self.moves, by, &[])
            .map_err(err)?;
        let rule_clause = &self.ruleset.edition().draw_offer.clause;
        if !alone.allowed {
            let kind = if alone.clause == *rule_clause {
                "early-draw-offer"
            } else {
                "draw-offer-out-of-turn"
            };
            self.breach(side, kind, &alone.clause, false);
        } else if ruling.clause == *rule_clause {
            if self.policy.reoffer_counted {
                self.count(side, "repeated-draw-offer", self.policy.reoffer_clause);
            } else {
                self.breach(
                    side,
                    "repeated-draw-offer",
                    self.policy.reoffer_clause,
                    false,
                );
            }
        } else {
            self.breach(side, "draw-offer-pending", &ruling.clause, false);
        }
        Ok(())
    }

    /// Counts a violation; reaching the limit loses.
    /// A score sheet found lacking `moves` moves (第四章 第三节): within the limit nothing
    /// happens; beyond it the side's first time is a reminder (an uncounted breach
    /// `omission-reminder`) and every later time a counted `recording-omissions` violation.
    fn unrecorded(
        &mut self,
        side: Side,
        moves: u32,
        time_pressure: bool,
    ) -> Result<(), ProcedureError> {
        let limits = self
            .policy
            .omissions
            .ok_or(ProcedureError::WrongGame("unrecorded"))?;
        let limit = if time_pressure {
            limits.pressed
        } else {
            limits.calm
        };
        if moves <= limit {
            return Ok(());
        }
        let reminded = self.reminded.slot(side);
        if limits.first_is_reminder && !*reminded {
            *reminded = true;
            self.breach(side, "omission-reminder", limits.penalty_clause, false);
        } else {
            self.count(side, "recording-omissions", limits.penalty_clause);
        }
        Ok(())
    }

    /// A side's stop of the clocks just before it resigned or agreed a draw: not a violation
    /// after all (第三章 第六节 三 (四): 自动认输或同意作和不受此限).
    fn uncount_stop(&mut self, side: Side) {
        if let Some(b) = self
            .breaches
            .iter_mut()
            .rev()
            .find(|b| b.side == side && b.counted && b.kind == "stopping-clock")
        {
            b.counted = false;
            *self.counts.slot(side) -= 1;
        }
    }

    fn count(&mut self, side: Side, kind: &str, clause: &str) {
        self.breach(side, kind, clause, true);
        let n = self.counts.slot(side);
        *n += 1;
        if *n >= self.policy.violation_limit {
            self.verdict = Some(Outcome::new(
                Score::Win(side.other()),
                self.policy.violation_limit_reason.clone(),
                Some(ClauseId::from(self.policy.violation_limit_clause)),
            ));
        }
    }

    fn play(&mut self, text: String) -> Result<(), ProcedureError> {
        let legal = Arc::clone(self.legal_moves());
        let m = self.board.read_listed(&text, &legal)?;
        if let Err(ruling) = check_permitted(&self.board, &legal, &self.touches, &m) {
            if self.policy.illegal == IllegalHandling::OpponentChooses {
                return self.irregular_legal_move(m);
            }
            return Err(ProcedureError::NotPermitted {
                text,
                permitted: ruling
                    .permitted
                    .iter()
                    .map(|m| m.text())
                    .collect::<Vec<_>>()
                    .join(" "),
                clause: ruling.clause(self.policy.game).unwrap_or(""),
            });
        }
        let mover = self.turn();
        self.set_board(self.board.play(&m));
        self.touches.clear();
        self.moves.push(m.text_reusing(text));
        self.moved(mover);
        self.judge_history(Played::Listed)
    }

    /// Draughts art. 7.4.3: a legal move of another piece than the touched one.
    fn irregular_legal_move(&mut self, m: Candidate) -> Result<(), ProcedureError> {
        let before = Board::clone(&self.board);
        let irregular = IrregularMove {
            offender: self.turn(),
            text: m.text(),
            kind: Irregularity::TouchedOneMovedAnother,
            moved: Some(m.from()),
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
        self.set_board(irregular.after.clone());
        let touches = std::mem::take(&mut self.touches);
        self.pending = Some(Box::new(Pending {
            irregular,
            before,
            touches,
        }));
    }

    /// The position before the last move of the history, replayed from its start; `None`
    /// when the history has no move (at the start, or right after an accepted irregular
    /// position restarted it).
    fn before_last_move(&self) -> Option<Board> {
        let (_, earlier) = self.moves.split_last()?;
        let mut board = Board::new(&self.ruleset, Some(&self.start_fen)).ok()?;
        for text in earlier {
            let m = board.read_move(text).ok()?;
            board = board.play(&m);
        }
        Some(board)
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
                    .filter(|_| self.policy.retaken_piece_touched)
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
                let mut irregular = draughts_irregular(&self.board, offender, text, fen, removed)?;
                // Art. 7.4.4: a second act of the side that just moved which puts the
                // pieces back as they were before its move takes that move back.
                if irregular.kind == Irregularity::TwoMovesInARow
                    && self
                        .before_last_move()
                        .is_some_and(|b| irregular.restores(&b))
                {
                    irregular.kind = Irregularity::TakeBack;
                }
                let before = Board::clone(&self.board);
                self.open(irregular, before);
                Ok(())
            }
        }
    }
}

/// How the last move of the history came to be there, for its judge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Played {
    /// Found among the legal moves the session listed for the position before it, and
    /// played on the board: the judge need not test its legality again
    /// ([`Judge::push_legal`]), and the board's legal moves tell it whether the game ended
    /// ([`Judge::outcome_knowing`]).
    Listed,
    /// Anything else (read by the board, restored, replayed): the judge reads it.
    Read,
}

/// The reason slug of a loss by refusing to correct an irregular move (art. 14.4).
const REFUSED_CORRECTION: &str = "refused-correction";
/// Its catalog clause.
const REFUSED_CORRECTION_CLAUSE: &str = clause::D64_PENALTY_REFUSED_TECHNICAL_CORRECTION_LOSES;

/// An event's step name, for messages.
fn event_name(e: &Event) -> &'static str {
    match e {
        Event::Move(_) => "move",
        Event::Touch { .. } => "touch",
        Event::Accidental(_) => "accidental",
        Event::Adjust { .. } => "adjust",
        Event::Illegal { .. } => "illegal",
        Event::Accept => "accept",
        Event::Correct => "correct",
        Event::RefuseCorrection(_) => "refuse_correction",
        Event::Violation { .. } => "violation",
        Event::Unrecorded { .. } => "unrecorded",
        Event::Resign(_) => "resign",
        Event::Offer(_) => "offer",
        Event::Answer { .. } => "answer",
        Event::Claim { .. } => "claim",
        Event::Elapse(_) => "elapse",
        Event::Press(_) => "press",
        Event::StopClocks(_) => "stop_clocks",
        Event::StartClocks(_) => "start_clocks",
        Event::Arrive(_) => "arrive",
        Event::ReplaceClock { .. } => "replace_clock",
        Event::CorrectError { .. } | Event::Correction { .. } => "correct_error",
        Event::SetClock { .. } => "set_clock",
        Event::Timed { .. } => "timed",
        Event::Forfeit { .. } => "forfeit",
        Event::Adjourn => "adjourn",
        Event::Seal { .. } => "seal",
        Event::Resume { .. } => "resume",
        Event::SealReply(_) => "seal_reply",
        Event::EnvelopeLost { .. } => "envelope_lost",
        Event::LeaveHall(_) => "leave_hall",
        Event::AgreeDraw => "agree_draw",
        Event::ClockObjection(_) => "clock_objection",
        Event::FlagReport { .. } => "flag",
    }
}
