//! The events of a game session: what happens at the board ([`Event`]), with its timing
//! ([`EventTime`]).

use super::{ErrorKind, Side};
use crate::clock::Span;
use crate::edition::DrawKind;
use crate::outcome::ForfeitReason;

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
    Adjust(Adjustment),
    /// A move the rules do not allow (see [`irregular`](crate::procedure::irregular)).
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
    /// A violation (违例) or, in draughts, an oral warning.
    Violation {
        /// Who committed it.
        side: Side,
        /// The kind: one of the game's
        /// ([`Policy::violation_kinds`](super::Policy::violation_kinds)).
        kind: ViolationKind,
    },
    /// The arbiter finds `moves` moves (both sides' together) missing from a side's score
    /// sheet (xiangqi 第四章 第三节): more than the limit — three, or six when the arbiter
    /// judges the time severely short (`time_pressure`) — earns that side a reminder the
    /// first time and a counted violation every later time
    /// ([`Policy::omissions`](super::Policy::omissions)).
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
    /// by [`Rules::draw_offer`](crate::Rules::draw_offer) given the earlier offers of the
    /// session. An allowed offer stands until answered or until the opponent moves; a
    /// disallowed one is recorded as a breach (see [`Session`](super::Session)).
    Offer(Side),
    /// The answer to the pending draw offer, by its opponent: accepting draws the game
    /// (reason `agreement`), refusing lets it go on.
    Answer {
        /// Whether the offer is accepted.
        accept: bool,
    },
    /// A draw claim (`sixty-move`, `threefold`, `kings-only`, …: a draw rule's kind) ruled by
    /// [`Rules::claim`](crate::Rules::claim): upheld, the game is drawn; refused, it goes
    /// on and the ruling's penalty (a false 60-move claim: 300 s) is recorded.
    Claim {
        /// The claim kind.
        kind: DrawKind,
        /// The claiming side; `None`: the side to move.
        by: Option<Side>,
    },
    /// Time passes on the running clock (a clock is needed:
    /// [`Session::with_clock`](super::Session::with_clock)).
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
    /// after the verdict loses) and for the simulator's forfeits.
    Forfeit {
        /// The side that loses.
        side: Side,
        /// Why.
        reason: ForfeitReason,
    },
    /// The session ends with the game unfinished: the adjournment is announced and the side
    /// to move must seal (see [`adjourn`](crate::procedure::adjourn)). A clock is needed. With the
    /// arbiter's time ([`EventTime::arbiter`]) the clocks are stopped while he records the
    /// position (draughts art. 11 item 3.1).
    Adjourn,
    /// The sealer writes his sealed move (again, to change it, where the rules allow).
    Seal(Seal),
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

/// Adjusting a piece ([`Event::Adjust`]; a case's and the protocol's `adjust` step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjustment {
    /// The square.
    pub square: String,
    /// Whether it was announced beforehand.
    pub announced: bool,
}

/// A sealed move as the sealer writes it ([`Event::Seal`]; a case's and the protocol's
/// `seal` step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seal {
    /// The text on the score sheet.
    pub text: String,
    /// The legal move he explains an unreadable or illegal text as.
    pub explained: Option<String>,
    /// Sealed this long before the scheduled end of the session: charged to his clock
    /// (chess laws art. 13.1(2)).
    pub before_end: Option<Span>,
}

/// The kind of a violation the arbiter declares ([`Event::Violation`]): a counted 违例 of
/// xiangqi (第三章 第六节 三, 第四章 第三节, 第四节) or a draughts oral warning (art. 14.2).
/// Each game has its own ([`Policy::violation_kinds`](super::Policy::violation_kinds),
/// with their clauses); the slug is the text form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    /// Xiangqi: an illegal move (`illegal-move`).
    IllegalMove,
    /// Xiangqi: a move exposing one's general (`exposing-general`).
    ExposingGeneral,
    /// Xiangqi: asking the opponent's time (`question-opponent-time`).
    QuestionOpponentTime,
    /// Xiangqi: a draw offer repeated against the re-offer rule (`repeated-draw-offer`).
    RepeatedDrawOffer,
    /// Xiangqi: stopping the clocks (`stopping-clock`).
    StoppingClock,
    /// Xiangqi: a sealed move that needed explaining (`sealed-move-explainable`).
    SealedMoveExplainable,
    /// Xiangqi: moves missing from the score sheet again (`recording-omissions`).
    RecordingOmissions,
    /// Xiangqi: misconduct after the game (`after-game-conduct`).
    AfterGameConduct,
    /// Xiangqi: other minor misconduct (`minor-conduct`).
    MinorConduct,
    /// Draughts: an oral warning (`warning`).
    Warning,
}

impl ViolationKind {
    /// Every kind, of both games.
    pub const ALL: [ViolationKind; 10] = [
        ViolationKind::IllegalMove,
        ViolationKind::ExposingGeneral,
        ViolationKind::QuestionOpponentTime,
        ViolationKind::RepeatedDrawOffer,
        ViolationKind::StoppingClock,
        ViolationKind::SealedMoveExplainable,
        ViolationKind::RecordingOmissions,
        ViolationKind::AfterGameConduct,
        ViolationKind::MinorConduct,
        ViolationKind::Warning,
    ];

    /// The slug a case writes (`violation: {side: red, kind: minor-conduct}`).
    pub fn name(self) -> &'static str {
        match self {
            ViolationKind::IllegalMove => "illegal-move",
            ViolationKind::ExposingGeneral => "exposing-general",
            ViolationKind::QuestionOpponentTime => "question-opponent-time",
            ViolationKind::RepeatedDrawOffer => "repeated-draw-offer",
            ViolationKind::StoppingClock => "stopping-clock",
            ViolationKind::SealedMoveExplainable => "sealed-move-explainable",
            ViolationKind::RecordingOmissions => "recording-omissions",
            ViolationKind::AfterGameConduct => "after-game-conduct",
            ViolationKind::MinorConduct => "minor-conduct",
            ViolationKind::Warning => "warning",
        }
    }
}

named!(ViolationKind);

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

/// An event's step name, for messages (`timed` for a timed event).
pub(super) fn event_name(e: &Event) -> &'static str {
    match e {
        Event::Timed { .. } => "timed",
        e => e.key().name(),
    }
}

impl Event {
    /// The event's key ([`EventKey`]); a timed event's is its event's.
    pub fn key(&self) -> EventKey {
        match self {
            Event::Move(_) => EventKey::Move,
            Event::Touch { .. } => EventKey::Touch,
            Event::Accidental(_) => EventKey::Accidental,
            Event::Adjust(_) => EventKey::Adjust,
            Event::Illegal { .. } => EventKey::Illegal,
            Event::Accept => EventKey::Accept,
            Event::Correct => EventKey::Correct,
            Event::RefuseCorrection(_) => EventKey::RefuseCorrection,
            Event::Violation { .. } => EventKey::Violation,
            Event::Unrecorded { .. } => EventKey::Unrecorded,
            Event::Resign(_) => EventKey::Resign,
            Event::Offer(_) => EventKey::Offer,
            Event::Answer { .. } => EventKey::Answer,
            Event::Claim { .. } => EventKey::Claim,
            Event::Elapse(_) => EventKey::Elapse,
            Event::Press(_) => EventKey::Press,
            Event::StopClocks(_) => EventKey::StopClocks,
            Event::StartClocks(_) => EventKey::StartClocks,
            Event::Arrive(_) => EventKey::Arrive,
            Event::ReplaceClock { .. } => EventKey::ReplaceClock,
            Event::CorrectError { .. } | Event::Correction { .. } => EventKey::CorrectError,
            Event::SetClock { .. } => EventKey::SetClock,
            Event::Timed { event, .. } => event.key(),
            Event::Forfeit { .. } => EventKey::Forfeit,
            Event::Adjourn => EventKey::Adjourn,
            Event::Seal(_) => EventKey::Seal,
            Event::Resume { .. } => EventKey::Resume,
            Event::SealReply(_) => EventKey::SealReply,
            Event::EnvelopeLost { .. } => EventKey::EnvelopeLost,
            Event::LeaveHall(_) => EventKey::LeaveHall,
            Event::AgreeDraw => EventKey::AgreeDraw,
            Event::ClockObjection(_) => EventKey::ClockObjection,
            Event::FlagReport { .. } => EventKey::Flag,
        }
    }
}

/// The key of an event: the word a case and the engine protocol's `session` request write
/// for it (`move`, `seal`), one vocabulary for the session's [`Event`]s and the protocol's
/// steps. A step has exactly one; the keys come in three groups ([`EventGroup`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventKey {
    /// `move`: [`Event::Move`].
    Move,
    /// `touch`: [`Event::Touch`].
    Touch,
    /// `accidental`: [`Event::Accidental`].
    Accidental,
    /// `adjust`: [`Event::Adjust`].
    Adjust,
    /// `illegal`: [`Event::Illegal`].
    Illegal,
    /// `accept`: [`Event::Accept`].
    Accept,
    /// `correct`: [`Event::Correct`].
    Correct,
    /// `refuse_correction`: [`Event::RefuseCorrection`].
    RefuseCorrection,
    /// `violation`: [`Event::Violation`].
    Violation,
    /// `unrecorded`: [`Event::Unrecorded`].
    Unrecorded,
    /// `resign`: [`Event::Resign`].
    Resign,
    /// `forfeit`: [`Event::Forfeit`].
    Forfeit,
    /// `offer`: [`Event::Offer`].
    Offer,
    /// `answer`: [`Event::Answer`].
    Answer,
    /// `claim`: [`Event::Claim`].
    Claim,
    /// `elapse`: [`Event::Elapse`].
    Elapse,
    /// `press`: [`Event::Press`].
    Press,
    /// `stop_clocks`: [`Event::StopClocks`].
    StopClocks,
    /// `start_clocks`: [`Event::StartClocks`].
    StartClocks,
    /// `arrive`: [`Event::Arrive`].
    Arrive,
    /// `replace_clock`: [`Event::ReplaceClock`].
    ReplaceClock,
    /// `correct_error`: [`Event::CorrectError`] and [`Event::Correction`].
    CorrectError,
    /// `set_clock`: [`Event::SetClock`].
    SetClock,
    /// `flag`: [`Event::FlagReport`].
    Flag,
    /// `adjourn`: [`Event::Adjourn`].
    Adjourn,
    /// `seal`: [`Event::Seal`].
    Seal,
    /// `leave_hall`: [`Event::LeaveHall`].
    LeaveHall,
    /// `resume`: [`Event::Resume`].
    Resume,
    /// `seal_reply`: [`Event::SealReply`].
    SealReply,
    /// `envelope_lost`: [`Event::EnvelopeLost`].
    EnvelopeLost,
    /// `agree_draw`: [`Event::AgreeDraw`].
    AgreeDraw,
    /// `clock_objection`: [`Event::ClockObjection`].
    ClockObjection,
}

/// The group of an event key: what the event is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventGroup {
    /// The board's events: moves, touches, irregularities, conduct, offers, claims.
    Board,
    /// The clock's events: time passing, presses, stops, settings, corrections, flags.
    Clock,
    /// The adjournment's events: adjourning, sealing, resuming.
    Adjournment,
}

impl EventKey {
    /// Every key: the board's, then the clock's, then the adjournment's.
    pub const ALL: [EventKey; 32] = [
        EventKey::Move,
        EventKey::Touch,
        EventKey::Accidental,
        EventKey::Adjust,
        EventKey::Illegal,
        EventKey::Accept,
        EventKey::Correct,
        EventKey::RefuseCorrection,
        EventKey::Violation,
        EventKey::Unrecorded,
        EventKey::Resign,
        EventKey::Forfeit,
        EventKey::Offer,
        EventKey::Answer,
        EventKey::Claim,
        EventKey::Elapse,
        EventKey::Press,
        EventKey::StopClocks,
        EventKey::StartClocks,
        EventKey::Arrive,
        EventKey::ReplaceClock,
        EventKey::CorrectError,
        EventKey::SetClock,
        EventKey::Flag,
        EventKey::Adjourn,
        EventKey::Seal,
        EventKey::LeaveHall,
        EventKey::Resume,
        EventKey::SealReply,
        EventKey::EnvelopeLost,
        EventKey::AgreeDraw,
        EventKey::ClockObjection,
    ];

    /// The key as written (`refuse_correction`).
    pub fn name(self) -> &'static str {
        match self {
            EventKey::Move => "move",
            EventKey::Touch => "touch",
            EventKey::Accidental => "accidental",
            EventKey::Adjust => "adjust",
            EventKey::Illegal => "illegal",
            EventKey::Accept => "accept",
            EventKey::Correct => "correct",
            EventKey::RefuseCorrection => "refuse_correction",
            EventKey::Violation => "violation",
            EventKey::Unrecorded => "unrecorded",
            EventKey::Resign => "resign",
            EventKey::Forfeit => "forfeit",
            EventKey::Offer => "offer",
            EventKey::Answer => "answer",
            EventKey::Claim => "claim",
            EventKey::Elapse => "elapse",
            EventKey::Press => "press",
            EventKey::StopClocks => "stop_clocks",
            EventKey::StartClocks => "start_clocks",
            EventKey::Arrive => "arrive",
            EventKey::ReplaceClock => "replace_clock",
            EventKey::CorrectError => "correct_error",
            EventKey::SetClock => "set_clock",
            EventKey::Flag => "flag",
            EventKey::Adjourn => "adjourn",
            EventKey::Seal => "seal",
            EventKey::LeaveHall => "leave_hall",
            EventKey::Resume => "resume",
            EventKey::SealReply => "seal_reply",
            EventKey::EnvelopeLost => "envelope_lost",
            EventKey::AgreeDraw => "agree_draw",
            EventKey::ClockObjection => "clock_objection",
        }
    }

    /// The key's group.
    pub fn group(self) -> EventGroup {
        use EventKey::*;
        match self {
            Move | Touch | Accidental | Adjust | Illegal | Accept | Correct | RefuseCorrection
            | Violation | Unrecorded | Resign | Forfeit | Offer | Answer | Claim => {
                EventGroup::Board
            }
            Elapse | Press | StopClocks | StartClocks | Arrive | ReplaceClock | CorrectError
            | SetClock | Flag => EventGroup::Clock,
            Adjourn | Seal | LeaveHall | Resume | SealReply | EnvelopeLost | AgreeDraw
            | ClockObjection => EventGroup::Adjournment,
        }
    }
}

named!(from_name EventKey);
