//! Steps: events at the board after a history (touches, moves, illegal moves and their
//! correction, violations, offers, claims), as a case writes them in YAML and as the engine
//! protocol sends them in a `session` request. See `docs/cases.md`, "Steps", and
//! `docs/protocol.md`.

use crate::clock::Span;
use crate::edition::DrawKind;
use crate::outcome::ForfeitReason;
use crate::procedure::{Adjustment, ErrorKind, EventGroup, EventKey, Seal, ViolationKind};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One event of a case's `steps:` list, as written (sides and squares as text; they are
/// read with the rules of each ruleset the case runs under).
///
/// Its wire form, in a case file and in a `session` request, is one serde definition (a
/// map with one event key and the keys that go with it), read and written both ways:
///
/// ```
/// use arbiter::protocol::Step;
///
/// let step: Step = serde_json::from_str(r#"{"touch": "h2", "side": "black"}"#).unwrap();
/// assert_eq!(serde_json::to_string(&step).unwrap(), r#"{"touch":["h2"],"side":"black"}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "StepWire", into = "StepWire")]
pub enum Step {
    /// `{move: h2e2}`: a legal move.
    Move(String),
    /// `{touch: h2}` or `{touch: [h2, h9]}` (touched at the same moment), optionally
    /// `side: black` (touched by the side not to move).
    Touch {
        /// The squares.
        squares: Vec<String>,
        /// Who touched, when not the side to move.
        side: Option<String>,
    },
    /// `{accidental: e3}`: an accidental brush, not a touch.
    Accidental(String),
    /// `{adjust: e0, announced: true}`: adjusting a piece.
    Adjust(Adjustment),
    /// `{illegal: e1e2}`, draughts optionally with `side`, `fen`, `removed`.
    Illegal {
        /// The move text.
        text: String,
        /// Who made it, when not the side to move.
        side: Option<String>,
        /// The position left on the board.
        fen: Option<String>,
        /// The squares whose pieces were taken off.
        removed: Option<Vec<String>>,
    },
    /// `{accept: true}`: the opponent accepts the irregular move.
    Accept,
    /// `{correct: true}`: the opponent demands its correction.
    Correct,
    /// `{refuse_correction: white}`: right after `correct`, the author of the irregular
    /// move refuses to correct it and loses (art. 14.4).
    RefuseCorrection(String),
    /// `{violation: {side: red, kind: repeated-draw-offer}}`.
    Violation {
        /// Who.
        side: String,
        /// The kind.
        kind: ViolationKind,
    },
    /// `{unrecorded: {side: red, moves: 4, time_pressure: false}}`: the arbiter finds moves
    /// missing from a side's score sheet (xiangqi 第四章 第三节).
    Unrecorded {
        /// Whose score sheet.
        side: String,
        /// How many moves (both sides' together) it lacks.
        moves: u32,
        /// Whether the arbiter judges that side in severe time pressure.
        time_pressure: bool,
    },
    /// `{resign: red}`.
    Resign(String),
    /// `{forfeit: {side: red, reason: forbidden-repetition}}`: a loss declared elsewhere.
    Forfeit {
        /// Who loses.
        side: String,
        /// Why.
        reason: ForfeitReason,
    },
    /// `{offer: red}`: a draw offer.
    Offer(String),
    /// `{answer: accept}` or `{answer: refuse}`: the answer to the pending draw offer;
    /// `true` accepts.
    Answer(bool),
    /// `{claim: sixty-move, by: red}`: a draw claim (`by` defaults to the side to move).
    Claim {
        /// The claim kind: a draw rule's.
        kind: DrawKind,
        /// The claiming side.
        by: Option<String>,
    },
    /// `{elapse: 30}`: time passes on the running clock (clock steps need a `clock` query).
    Elapse(Span),
    /// `{press: red}`: a side presses its clock (after a move made with `pressed: false`).
    Press(String),
    /// `{stop_clocks: arbiter}`, or a player stopping them: `{stop_clocks: red}`.
    StopClocks(String),
    /// `{start_clocks: red}`: the arbiter starts a side's clock.
    StartClocks(String),
    /// `{arrive: black}`: a player absent at the start arrives.
    Arrive(String),
    /// `{replace_clock: {red: 50m, black: 40m, faulty: red}}`: a faulty clock is replaced;
    /// the readings of the dials and the faulty one (`both`: both are).
    ReplaceClock {
        /// The readings, by side name.
        readings: Vec<(String, Span)>,
        /// The faulty dial's side, or `both`.
        faulty: String,
    },
    /// `{correct_error: {move: 20, side: red}}`: an error made at that move is found now
    /// (`side` defaults to the first player): the moves from it are cancelled and the times
    /// rescaled. With `error:` the error is named and corrected as xiangqi 第四章 第一节 三
    /// says ([`ErrorKind`](crate::procedure::ErrorKind): `illegal-move`, `displaced-piece`,
    /// `displaced-unknown` with or without `move`, and without `move`
    /// `wrong-initial-setup`, `wrong-resumption-setup`, `colours-and-order`,
    /// `colours-only`).
    CorrectError {
        /// The move number (absent for the errors that name none).
        number: Option<u32>,
        /// Who made the move.
        side: Option<String>,
        /// The error; absent: an error of unsaid kind, timing only.
        error: Option<ErrorKind>,
    },
    /// `{set_clock: {side: red, used: 1:20:00}}`: the arbiter sets a clock.
    SetClock {
        /// Whose clock.
        side: String,
        /// The time used it shows.
        used: Span,
    },
    /// `{adjourn: true}`: the session ends with the game unfinished; the side to move seals.
    Adjourn,
    /// `{seal: h2e2}`, optionally `explained: h2e2` (the legal move an unreadable or illegal
    /// text is explained as) and `before_end: 10m` (sealed that long before the session's
    /// scheduled end).
    Seal(Seal),
    /// `{resume: true}` or `{resume: {red: 1:20:00, absent: [black], sheet_missing: true}}`:
    /// resumption; the times the arbiter sets (default the envelope's), the absent players,
    /// the sealer's score sheet missing from the envelope.
    Resume {
        /// The times used set on the clock, by side name.
        readings: Vec<(String, Span)>,
        /// The players absent.
        absent: Vec<String>,
        /// The sealed score sheet is missing.
        sheet_missing: bool,
    },
    /// `{seal_reply: h9g7}`: the replier seals his reply while the sealer is absent.
    SealReply(String),
    /// `{envelope_lost: {stated: h9g7}}`: the envelope is lost; the players agree on the
    /// position and times at adjournment and the sealer states the move he sealed, which he
    /// then makes on the board. `{envelope_lost: {restored: false}}`: the position and times
    /// cannot be restored; the game is void and played again.
    EnvelopeLost {
        /// The move the sealer states he sealed (when restored).
        stated: Option<String>,
        /// Whether the position and times at adjournment can be restored.
        restored: bool,
    },
    /// `{leave_hall: black}`: a player leaves the playing hall while the move is being
    /// sealed (the sealer can then no longer change his sealed move).
    LeaveHall(String),
    /// `{agree_draw: true}`: a draw agreed during the adjournment, reported to the arbiter.
    AgreeDraw,
    /// `{clock_objection: red}`: a player points out a wrongly set clock at resumption.
    ClockObjection(String),
    /// `{flag: black}` or `{flag: black, by: white}`: a side's flag is reported to the
    /// arbiter (by either player, or by the arbiter himself: the default) under a clock whose
    /// flags fall unnoticed (`flags: reported`).
    Flag {
        /// Whose flag.
        side: String,
        /// Who reports it: a side, or `arbiter` (the default).
        by: Option<String>,
    },
    /// A step with its timing (`took`, `at`, `pressed`, `arbiter_time`): `{move: h2e2,
    /// took: 35}`.
    Timed {
        /// The step.
        step: Box<Step>,
        /// Its timing.
        time: StepTime,
    },
}

/// The timing keys of a step: `took` (the time it took on the running clock) or `at` (the
/// game time it happened at), `pressed: false` (a move made without pressing the clock),
/// `arbiter_time` (the arbiter's time over a claim or a correction).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct StepTime {
    /// The time that passes before the event (a move's thinking time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub took: Option<Span>,
    /// The game time of the event, since the clocks were set up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<Span>,
    /// Whether the mover pressed the clock after his move (default: yes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pressed: Option<bool>,
    /// The arbiter's time ruling on a claim or carrying out a correction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arbiter_time: Option<Span>,
    /// For a move: the arbiter rules it one of the repeated forbidden forcing moves played
    /// only to make up the move quota (xiangqi 第四章 第二节 一 (五)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forcing: Option<bool>,
}

impl StepTime {
    fn is_empty(&self) -> bool {
        *self == StepTime::default()
    }
}

/// A square as written: `h2`, `c3` or a number (`22`); written back as text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct SquareText(pub String);

impl<'de> Deserialize<'de> for SquareText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SquareText, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = SquareText;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a square (`h2`, `c3` or a draughts square number)")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<SquareText, E> {
                Ok(SquareText(s.to_owned()))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<SquareText, E> {
                Ok(SquareText(n.to_string()))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<SquareText, E> {
                Ok(SquareText(n.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// One square or a list of squares.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(
    untagged,
    expecting = "a square or a list of squares touched at the same moment"
)]
enum Squares {
    One(SquareText),
    Many(Vec<SquareText>),
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct SideKind {
    side: String,
    kind: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawUnrecorded {
    side: String,
    moves: u32,
    #[serde(default)]
    time_pressure: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct SideReason {
    side: String,
    reason: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawReplace {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    red: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<Span>,
    faulty: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawCorrectError {
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    number: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    side: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawSetClock {
    side: String,
    used: Span,
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(
    untagged,
    expecting = "`true`, or a map of the times set (red, white, black), absent, sheet_missing"
)]
enum RawResume {
    Plain(bool),
    Full(RawResumeFull),
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawEnvelopeLost {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stated: Option<String>,
    #[serde(default = "restored_by_default", skip_serializing_if = "is_true")]
    restored: bool,
}

fn restored_by_default() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_false(b: &bool) -> bool {
    !*b
}

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct RawResumeFull {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    red: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black: Option<Span>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    absent: Vec<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    sheet_missing: bool,
}

/// The wire form of a [`Step`]: every key a step may have, one of them its event (an
/// [`EventKey`]). A step is read through it ([`TryFrom`], which checks the keys go together)
/// and written through it ([`From`]).
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct StepWire {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    adjourn: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seal: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    explained: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    before_end: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resume: Option<RawResume>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    seal_reply: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    envelope_lost: Option<RawEnvelopeLost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    leave_hall: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    agree_draw: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock_objection: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    flag: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forcing: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    elapse: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    press: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stop_clocks: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start_clocks: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    arrive: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    replace_clock: Option<RawReplace>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    correct_error: Option<RawCorrectError>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    set_clock: Option<RawSetClock>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    took: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    at: Option<Span>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pressed: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    arbiter_time: Option<Span>,
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    mv: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    touch: Option<Squares>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    side: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    accidental: Option<SquareText>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    adjust: Option<SquareText>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    announced: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    illegal: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fen: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    removed: Option<Vec<SquareText>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    accept: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    correct: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    refuse_correction: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    violation: Option<SideKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    unrecorded: Option<RawUnrecorded>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resign: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forfeit: Option<SideReason>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    offer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    answer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    claim: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    by: Option<String>,
}

/// The keys that qualify an event; each goes with some events only.
const QUALIFIERS: [&str; 7] = [
    "side",
    "announced",
    "fen",
    "removed",
    "by",
    "explained",
    "before_end",
];

impl StepWire {
    /// The keys the step has, as written (the ones serde writes back).
    fn keys(&self) -> Vec<String> {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::Object(map)) => map.into_iter().map(|(k, _)| k).collect(),
            _ => Vec::new(),
        }
    }

    /// The event keys among `keys`, in the order of [`EventKey::ALL`]: one, in a step.
    fn events(keys: &[String]) -> Vec<EventKey> {
        EventKey::ALL
            .into_iter()
            .filter(|k| keys.iter().any(|key| key == k.name()))
            .collect()
    }
}

/// The names of the event keys of `group`, for a message.
fn group_names(group: EventGroup) -> String {
    let names: Vec<&str> = EventKey::ALL
        .into_iter()
        .filter(|k| k.group() == group)
        .map(EventKey::name)
        .collect();
    names.join(", ")
}

impl TryFrom<StepWire> for Step {
    type Error = String;

    fn try_from(r: StepWire) -> Result<Step, String> {
        let keys = r.keys();
        let has = |key: &str| keys.iter().any(|k| k == key);
        let event = match StepWire::events(&keys).as_slice() {
            [one] => *one,
            [] => {
                return Err(format!(
                    "a step needs one event key ({}, and the clock's {}, and the adjournment's {})",
                    group_names(EventGroup::Board),
                    group_names(EventGroup::Clock),
                    group_names(EventGroup::Adjournment)
                ))
            }
            many => {
                let names: Vec<&str> = many.iter().map(|k| k.name()).collect();
                return Err(format!(
                    "a step has one event key, found {}",
                    names.join(" and ")
                ));
            }
        };
        let allowed: &[&str] = match event {
            EventKey::Touch => &["side"],
            EventKey::Adjust => &["announced"],
            EventKey::Illegal => &["side", "fen", "removed"],
            EventKey::Claim | EventKey::Flag => &["by"],
            EventKey::Seal => &["explained", "before_end"],
            _ => &[],
        };
        if r.took.is_some() && r.at.is_some() {
            return Err("a step has `took` or `at`, not both".to_owned());
        }
        if r.pressed.is_some() && !matches!(event, EventKey::Move | EventKey::Illegal) {
            return Err(format!(
                "`pressed` does not go with `{event}` (only with a move)"
            ));
        }
        if r.forcing.is_some() && event != EventKey::Move {
            return Err(format!(
                "`forcing` does not go with `{event}` (only with a move)"
            ));
        }
        if r.arbiter_time.is_some()
            && !matches!(
                event,
                EventKey::Claim | EventKey::Correct | EventKey::Adjourn
            )
        {
            return Err(format!(
                "`arbiter_time` does not go with `{event}` (only with claim, correct or adjourn)"
            ));
        }
        let time = StepTime {
            took: r.took,
            at: r.at,
            pressed: r.pressed,
            arbiter_time: r.arbiter_time,
            forcing: r.forcing,
        };
        let yes = |key: &str, v: Option<bool>| match v {
            Some(true) => Ok(()),
            _ => Err(format!(
                "write `{key}: true` (the other choice is a step of its own)"
            )),
        };
        if let Some(key) = QUALIFIERS.iter().find(|k| has(k) && !allowed.contains(k)) {
            return Err(format!("`{key}` does not go with `{event}`"));
        }
        let step = match event {
            EventKey::Move => Step::Move(r.mv.unwrap_or_default()),
            EventKey::Touch => {
                let squares = match r.touch {
                    Some(Squares::One(s)) => vec![s.0],
                    Some(Squares::Many(list)) if !list.is_empty() => {
                        list.into_iter().map(|s| s.0).collect()
                    }
                    _ => return Err("`touch` needs at least one square".to_owned()),
                };
                Step::Touch {
                    squares,
                    side: r.side,
                }
            }
            EventKey::Accidental => Step::Accidental(r.accidental.map(|s| s.0).unwrap_or_default()),
            EventKey::Adjust => {
                let announced = r
                    .announced
                    .ok_or("`adjust` needs `announced: true` or `announced: false`")?;
                Step::Adjust(Adjustment {
                    square: r.adjust.map(|s| s.0).unwrap_or_default(),
                    announced,
                })
            }
            EventKey::Illegal => Step::Illegal {
                text: r.illegal.unwrap_or_default(),
                side: r.side,
                fen: r.fen,
                removed: r.removed.map(|l| l.into_iter().map(|s| s.0).collect()),
            },
            EventKey::Accept => {
                yes("accept", r.accept)?;
                Step::Accept
            }
            EventKey::Correct => {
                yes("correct", r.correct)?;
                Step::Correct
            }
            EventKey::RefuseCorrection => {
                Step::RefuseCorrection(r.refuse_correction.unwrap_or_default())
            }
            EventKey::Violation => {
                let v = r.violation.ok_or("`violation` needs side and kind")?;
                Step::Violation {
                    side: v.side,
                    kind: slug_of(
                        "violation.kind",
                        &v.kind,
                        &ViolationKind::ALL,
                        ViolationKind::name,
                    )?,
                }
            }
            EventKey::Unrecorded => {
                let u = r.unrecorded.ok_or("`unrecorded` needs side and moves")?;
                Step::Unrecorded {
                    side: u.side,
                    moves: u.moves,
                    time_pressure: u.time_pressure,
                }
            }
            EventKey::Resign => Step::Resign(r.resign.unwrap_or_default()),
            EventKey::Forfeit => {
                let f = r.forfeit.ok_or("`forfeit` needs side and reason")?;
                Step::Forfeit {
                    side: f.side,
                    reason: slug_of(
                        "forfeit.reason",
                        &f.reason,
                        &ForfeitReason::ALL,
                        ForfeitReason::name,
                    )?,
                }
            }
            EventKey::Offer => Step::Offer(r.offer.unwrap_or_default()),
            EventKey::Answer => match r.answer.as_deref() {
                Some("accept") => Step::Answer(true),
                Some("refuse") => Step::Answer(false),
                other => {
                    return Err(format!(
                        "`answer: {}`: expected `accept` or `refuse`",
                        other.unwrap_or("")
                    ))
                }
            },
            EventKey::Claim => Step::Claim {
                kind: slug_of(
                    "claim",
                    &r.claim.unwrap_or_default(),
                    &DrawKind::ALL,
                    DrawKind::name,
                )?,
                by: r.by,
            },
            EventKey::Elapse => Step::Elapse(r.elapse.unwrap_or_default()),
            EventKey::Press => Step::Press(r.press.unwrap_or_default()),
            EventKey::StopClocks => Step::StopClocks(r.stop_clocks.unwrap_or_default()),
            EventKey::StartClocks => Step::StartClocks(r.start_clocks.unwrap_or_default()),
            EventKey::Arrive => Step::Arrive(r.arrive.unwrap_or_default()),
            EventKey::ReplaceClock => {
                let raw = r
                    .replace_clock
                    .ok_or("`replace_clock` needs the readings")?;
                let readings = [("red", raw.red), ("white", raw.white), ("black", raw.black)]
                    .into_iter()
                    .filter_map(|(side, v)| v.map(|v| (side.to_owned(), v)))
                    .collect();
                Step::ReplaceClock {
                    readings,
                    faulty: raw.faulty,
                }
            }
            EventKey::CorrectError => {
                let raw = r.correct_error.ok_or("`correct_error` needs `move`")?;
                correct_error(raw)?
            }
            EventKey::Adjourn => {
                yes("adjourn", r.adjourn)?;
                Step::Adjourn
            }
            EventKey::Seal => Step::Seal(Seal {
                text: r.seal.unwrap_or_default(),
                explained: r.explained,
                before_end: r.before_end,
            }),
            EventKey::Resume => match r.resume {
                Some(RawResume::Full(f)) => Step::Resume {
                    readings: [("red", f.red), ("white", f.white), ("black", f.black)]
                        .into_iter()
                        .filter_map(|(side, v)| v.map(|v| (side.to_owned(), v)))
                        .collect(),
                    absent: f.absent,
                    sheet_missing: f.sheet_missing,
                },
                Some(RawResume::Plain(true)) => Step::Resume {
                    readings: Vec::new(),
                    absent: Vec::new(),
                    sheet_missing: false,
                },
                _ => return Err("write `resume: true` or `resume: {…}`".to_owned()),
            },
            EventKey::SealReply => Step::SealReply(r.seal_reply.unwrap_or_default()),
            EventKey::EnvelopeLost => {
                let raw = r
                    .envelope_lost
                    .ok_or("`envelope_lost` needs `stated` or `restored`")?;
                match (raw.restored, raw.stated) {
                    (true, None) => {
                        return Err("`envelope_lost` with the position and times restored needs                                     `stated`: the move the sealer states he sealed (or write                                     `restored: false`)"
                            .to_owned())
                    }
                    (false, Some(_)) => {
                        return Err("`envelope_lost: {restored: false}` voids the game: no                                     `stated` move is played"
                            .to_owned())
                    }
                    (restored, stated) => Step::EnvelopeLost { stated, restored },
                }
            }
            EventKey::LeaveHall => Step::LeaveHall(r.leave_hall.unwrap_or_default()),
            EventKey::AgreeDraw => {
                yes("agree_draw", r.agree_draw)?;
                Step::AgreeDraw
            }
            EventKey::ClockObjection => Step::ClockObjection(r.clock_objection.unwrap_or_default()),
            EventKey::Flag => Step::Flag {
                side: r.flag.unwrap_or_default(),
                by: r.by,
            },
            EventKey::SetClock => {
                let raw = r.set_clock.ok_or("`set_clock` needs side and used")?;
                Step::SetClock {
                    side: raw.side,
                    used: raw.used,
                }
            }
        };
        Ok(if time.is_empty() {
            step
        } else {
            Step::Timed {
                step: Box::new(step),
                time,
            }
        })
    }
}

/// Reads the slug `text` of the key `field` as the value of `all` whose `slug` it is, or
/// says which were expected.
fn slug_of<T: Copy>(
    field: &str,
    text: &str,
    all: &[T],
    slug: fn(T) -> &'static str,
) -> Result<T, String> {
    all.iter()
        .copied()
        .find(|k| slug(*k) == text)
        .ok_or_else(|| {
            let expected: Vec<&str> = all.iter().map(|k| slug(*k)).collect();
            format!("`{field}: {text}`: expected one of {}", expected.join(", "))
        })
}

/// Reads `correct_error`: without `error`, `move` is needed; with it, `move` goes with the
/// errors that name one.
fn correct_error(raw: RawCorrectError) -> Result<Step, String> {
    use crate::procedure::ErrorMove;
    if raw.number == Some(0) {
        return Err("`correct_error.move` counts from 1".to_owned());
    }
    if raw.number.is_none() && raw.side.is_some() {
        return Err("`correct_error.side` goes with `move`".to_owned());
    }
    let error = match raw.error.as_deref() {
        None if raw.number.is_none() => {
            return Err(format!(
                "`correct_error` needs `move`, or `error` ({})",
                ErrorKind::slugs()
            ))
        }
        None => None,
        Some(slug) => {
            let kind = slug_of(
                "correct_error.error",
                slug,
                &ErrorKind::ALL,
                ErrorKind::slug,
            )?;
            match (kind.error_move(), raw.number) {
                (ErrorMove::Required, None) => {
                    return Err(format!(
                        "`correct_error.error: {slug}` needs `move` (and `side`): the move of the error"
                    ))
                }
                (ErrorMove::None, Some(_)) => {
                    return Err(format!(
                        "`correct_error.error: {slug}` names no move: leave out `move` and `side`"
                    ))
                }
                _ => Some(kind),
            }
        }
    };
    Ok(Step::CorrectError {
        number: raw.number,
        side: raw.side,
        error,
    })
}

impl From<Step> for StepWire {
    /// The keys a case writes for the step (`{"touch":["h2","h9"]}`), as a `session` request
    /// of the engine protocol sends it; reading them back gives the same step.
    fn from(step: Step) -> StepWire {
        let sides = |readings: Vec<(String, Span)>| {
            let at = |side: &str| readings.iter().find(|(s, _)| s == side).map(|(_, v)| *v);
            (at("red"), at("white"), at("black"))
        };
        let squares = |list: Vec<String>| list.into_iter().map(SquareText).collect();
        let mut w = StepWire::default();
        match step {
            Step::Move(m) => w.mv = Some(m),
            Step::Touch {
                squares: list,
                side,
            } => {
                w.touch = Some(Squares::Many(squares(list)));
                w.side = side;
            }
            Step::Accidental(s) => w.accidental = Some(SquareText(s)),
            Step::Adjust(adjustment) => {
                w.adjust = Some(SquareText(adjustment.square));
                w.announced = Some(adjustment.announced);
            }
            Step::Illegal {
                text,
                side,
                fen,
                removed,
            } => {
                w.illegal = Some(text);
                w.side = side;
                w.fen = fen;
                w.removed = removed.map(squares);
            }
            Step::Accept => w.accept = Some(true),
            Step::Correct => w.correct = Some(true),
            Step::RefuseCorrection(s) => w.refuse_correction = Some(s),
            Step::Violation { side, kind } => {
                w.violation = Some(SideKind {
                    side,
                    kind: kind.name().to_owned(),
                })
            }
            Step::Unrecorded {
                side,
                moves,
                time_pressure,
            } => {
                w.unrecorded = Some(RawUnrecorded {
                    side,
                    moves,
                    time_pressure,
                })
            }
            Step::Resign(s) => w.resign = Some(s),
            Step::Forfeit { side, reason } => {
                w.forfeit = Some(SideReason {
                    side,
                    reason: reason.name().to_owned(),
                })
            }
            Step::Offer(s) => w.offer = Some(s),
            Step::Answer(accept) => {
                w.answer = Some(if accept { "accept" } else { "refuse" }.to_owned())
            }
            Step::Claim { kind, by } => {
                w.claim = Some(kind.name().to_owned());
                w.by = by;
            }
            Step::Elapse(span) => w.elapse = Some(span),
            Step::Press(s) => w.press = Some(s),
            Step::StopClocks(by) => w.stop_clocks = Some(by),
            Step::StartClocks(s) => w.start_clocks = Some(s),
            Step::Arrive(s) => w.arrive = Some(s),
            Step::ReplaceClock { readings, faulty } => {
                let (red, white, black) = sides(readings);
                w.replace_clock = Some(RawReplace {
                    red,
                    white,
                    black,
                    faulty,
                });
            }
            Step::CorrectError {
                number,
                side,
                error,
            } => {
                w.correct_error = Some(RawCorrectError {
                    number,
                    side,
                    error: error.map(|e| e.slug().to_owned()),
                })
            }
            Step::SetClock { side, used } => w.set_clock = Some(RawSetClock { side, used }),
            Step::Adjourn => w.adjourn = Some(true),
            Step::Seal(seal) => {
                w.seal = Some(seal.text);
                w.explained = seal.explained;
                w.before_end = seal.before_end;
            }
            Step::Resume {
                readings,
                absent,
                sheet_missing,
            } => {
                let (red, white, black) = sides(readings);
                w.resume = Some(RawResume::Full(RawResumeFull {
                    red,
                    white,
                    black,
                    absent,
                    sheet_missing,
                }));
            }
            Step::SealReply(m) => w.seal_reply = Some(m),
            Step::EnvelopeLost { stated, restored } => {
                w.envelope_lost = Some(RawEnvelopeLost { stated, restored })
            }
            Step::LeaveHall(s) => w.leave_hall = Some(s),
            Step::AgreeDraw => w.agree_draw = Some(true),
            Step::ClockObjection(s) => w.clock_objection = Some(s),
            Step::Flag { side, by } => {
                w.flag = Some(side);
                w.by = by;
            }
            Step::Timed { step, time } => {
                w = StepWire::from(*step);
                w.took = time.took;
                w.at = time.at;
                w.pressed = time.pressed;
                w.arbiter_time = time.arbiter_time;
                w.forcing = time.forcing;
            }
        }
        w
    }
}

impl fmt::Display for Step {
    /// The step as it would be written in a case (`touch: [h2, h9]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Move(m) => write!(f, "move: {m}"),
            Step::Touch { squares, side } => {
                write!(f, "touch: [{}]", squares.join(", "))?;
                side.iter().try_for_each(|s| write!(f, ", side: {s}"))
            }
            Step::Accidental(s) => write!(f, "accidental: {s}"),
            Step::Adjust(Adjustment { square, announced }) => {
                write!(f, "adjust: {square}, announced: {announced}")
            }
            Step::Illegal { text, .. } => write!(f, "illegal: {text}"),
            Step::Accept => f.write_str("accept: true"),
            Step::Correct => f.write_str("correct: true"),
            Step::RefuseCorrection(s) => write!(f, "refuse_correction: {s}"),
            Step::Violation { side, kind } => {
                write!(f, "violation: {{side: {side}, kind: {kind}}}")
            }
            Step::Unrecorded {
                side,
                moves,
                time_pressure,
            } => write!(
                f,
                "unrecorded: {{side: {side}, moves: {moves}, time_pressure: {time_pressure}}}"
            ),
            Step::Resign(s) => write!(f, "resign: {s}"),
            Step::Forfeit { side, reason } => {
                write!(f, "forfeit: {{side: {side}, reason: {reason}}}")
            }
            Step::Offer(side) => write!(f, "offer: {side}"),
            Step::Answer(true) => f.write_str("answer: accept"),
            Step::Answer(false) => f.write_str("answer: refuse"),
            Step::Claim { kind, by } => {
                write!(f, "claim: {kind}")?;
                by.iter().try_for_each(|s| write!(f, ", by: {s}"))
            }
            Step::Elapse(span) => write!(f, "elapse: {span}"),
            Step::Press(s) => write!(f, "press: {s}"),
            Step::StopClocks(by) => write!(f, "stop_clocks: {by}"),
            Step::StartClocks(s) => write!(f, "start_clocks: {s}"),
            Step::Arrive(s) => write!(f, "arrive: {s}"),
            Step::ReplaceClock { readings, faulty } => {
                f.write_str("replace_clock: {")?;
                for (side, v) in readings {
                    write!(f, "{side}: {v}, ")?;
                }
                write!(f, "faulty: {faulty}}}")
            }
            Step::CorrectError {
                number,
                side,
                error,
            } => {
                let parts: Vec<String> = [
                    error.map(|e| format!("error: {}", e.slug())),
                    number.map(|n| format!("move: {n}")),
                    side.as_ref().map(|s| format!("side: {s}")),
                ]
                .into_iter()
                .flatten()
                .collect();
                write!(f, "correct_error: {{{}}}", parts.join(", "))
            }
            Step::SetClock { side, used } => {
                write!(f, "set_clock: {{side: {side}, used: {used}}}")
            }
            Step::Adjourn => f.write_str("adjourn: true"),
            Step::Seal(Seal {
                text,
                explained,
                before_end,
            }) => {
                write!(f, "seal: {text}")?;
                explained
                    .iter()
                    .try_for_each(|e| write!(f, ", explained: {e}"))?;
                before_end
                    .iter()
                    .try_for_each(|t| write!(f, ", before_end: {t}"))
            }
            Step::Resume {
                readings,
                absent,
                sheet_missing,
            } => {
                f.write_str("resume: {")?;
                let mut parts: Vec<String> =
                    readings.iter().map(|(s, v)| format!("{s}: {v}")).collect();
                if !absent.is_empty() {
                    parts.push(format!("absent: [{}]", absent.join(", ")));
                }
                if *sheet_missing {
                    parts.push("sheet_missing: true".to_owned());
                }
                write!(f, "{}}}", parts.join(", "))
            }
            Step::SealReply(m) => write!(f, "seal_reply: {m}"),
            Step::EnvelopeLost { stated, restored } => match stated {
                Some(m) => write!(f, "envelope_lost: {{stated: {m}}}"),
                None => write!(f, "envelope_lost: {{restored: {restored}}}"),
            },
            Step::LeaveHall(s) => write!(f, "leave_hall: {s}"),
            Step::AgreeDraw => f.write_str("agree_draw: true"),
            Step::ClockObjection(s) => write!(f, "clock_objection: {s}"),
            Step::Flag { side, by } => {
                write!(f, "flag: {side}")?;
                by.iter().try_for_each(|s| write!(f, ", by: {s}"))
            }
            Step::Timed { step, time } => {
                write!(f, "{step}")?;
                time.took
                    .iter()
                    .try_for_each(|t| write!(f, ", took: {t}"))?;
                time.at.iter().try_for_each(|t| write!(f, ", at: {t}"))?;
                time.pressed
                    .iter()
                    .try_for_each(|p| write!(f, ", pressed: {p}"))?;
                time.arbiter_time
                    .iter()
                    .try_for_each(|t| write!(f, ", arbiter_time: {t}"))?;
                time.forcing
                    .iter()
                    .try_for_each(|t| write!(f, ", forcing: {t}"))
            }
        }
    }
}

impl Step {
    /// Whether the step needs a clock: a clock event, or a step with timing keys.
    /// The clock's and the adjournment's events need one, the board's do not; a correction
    /// of a named error does not, one of unsaid kind (timing only) does.
    pub fn needs_clock(&self) -> bool {
        match self {
            Step::Timed { .. } => true,
            Step::CorrectError { error, .. } => error.is_none(),
            step => step.key().group() != EventGroup::Board,
        }
    }

    /// The step's event key: the one event key of its wire form (a timed step's is its
    /// event's).
    pub fn key(&self) -> EventKey {
        let keys = StepWire::from(self.clone()).keys();
        StepWire::events(&keys)
            .first()
            .copied()
            .expect("a step is written with its event key")
    }

    /// The step without its timing keys.
    pub fn untimed(&self) -> &Step {
        match self {
            Step::Timed { step, .. } => step,
            other => other,
        }
    }

    /// The protocol feature an engine must list to be asked this step ([`Feature`]), if
    /// any: the adjournment steps, a flag report, a forcing move.
    ///
    /// [`Feature`]: super::Feature
    pub fn feature(&self) -> Option<super::Feature> {
        use super::Feature;
        match self {
            Step::Flag { .. } => Some(Feature::FlagReports),
            Step::CorrectError { error: Some(_), .. } => Some(Feature::Corrections),
            Step::Timed { time, .. } if time.forcing.is_some() => Some(Feature::ForcingMoves),
            Step::Timed { step, .. } => step.feature(),
            step if step.key().group() == EventGroup::Adjournment => Some(Feature::Adjournment),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each step kind as a case writes it, and its wire form in a `session` request.
    const STEPS: &[(&str, &str)] = &[
        ("{move: h2e2}", r#"{"move":"h2e2"}"#),
        (
            "{touch: h2, side: black}",
            r#"{"side":"black","touch":["h2"]}"#,
        ),
        ("{touch: [h2, 22]}", r#"{"touch":["h2","22"]}"#),
        ("{accidental: e3}", r#"{"accidental":"e3"}"#),
        (
            "{adjust: e0, announced: false}",
            r#"{"adjust":"e0","announced":false}"#,
        ),
        (
            "{illegal: 22-18, side: white, removed: [9]}",
            r#"{"illegal":"22-18","removed":["9"],"side":"white"}"#,
        ),
        ("{accept: true}", r#"{"accept":true}"#),
        (
            "{correct: true, arbiter_time: 30}",
            r#"{"arbiter_time":30,"correct":true}"#,
        ),
        (
            "{refuse_correction: white}",
            r#"{"refuse_correction":"white"}"#,
        ),
        (
            "{violation: {side: red, kind: repeated-draw-offer}}",
            r#"{"violation":{"kind":"repeated-draw-offer","side":"red"}}"#,
        ),
        (
            "{unrecorded: {side: red, moves: 4}}",
            r#"{"unrecorded":{"moves":4,"side":"red","time_pressure":false}}"#,
        ),
        ("{resign: red}", r#"{"resign":"red"}"#),
        (
            "{forfeit: {side: red, reason: engine-failure}}",
            r#"{"forfeit":{"reason":"engine-failure","side":"red"}}"#,
        ),
        ("{offer: red}", r#"{"offer":"red"}"#),
        ("{answer: refuse}", r#"{"answer":"refuse"}"#),
        (
            "{claim: sixty-move, by: red}",
            r#"{"by":"red","claim":"sixty-move"}"#,
        ),
        ("{elapse: 30}", r#"{"elapse":30}"#),
        (
            "{move: h2e2, took: 35, pressed: false}",
            r#"{"move":"h2e2","pressed":false,"took":35}"#,
        ),
        ("{press: red}", r#"{"press":"red"}"#),
        ("{stop_clocks: arbiter}", r#"{"stop_clocks":"arbiter"}"#),
        ("{start_clocks: red}", r#"{"start_clocks":"red"}"#),
        ("{arrive: black}", r#"{"arrive":"black"}"#),
        (
            "{replace_clock: {black: 40, faulty: red}}",
            r#"{"replace_clock":{"black":40,"faulty":"red"}}"#,
        ),
        (
            "{correct_error: {move: 20}}",
            r#"{"correct_error":{"move":20}}"#,
        ),
        (
            "{set_clock: {side: red, used: 80}}",
            r#"{"set_clock":{"side":"red","used":80}}"#,
        ),
        ("{adjourn: true}", r#"{"adjourn":true}"#),
        (
            "{seal: h2e2, before_end: 600}",
            r#"{"before_end":600,"seal":"h2e2"}"#,
        ),
        ("{resume: true}", r#"{"resume":{}}"#),
        (
            "{resume: {red: 60, absent: [black], sheet_missing: true}}",
            r#"{"resume":{"absent":["black"],"red":60,"sheet_missing":true}}"#,
        ),
        ("{seal_reply: h9g7}", r#"{"seal_reply":"h9g7"}"#),
        (
            "{envelope_lost: {stated: h9g7}}",
            r#"{"envelope_lost":{"stated":"h9g7"}}"#,
        ),
        (
            "{envelope_lost: {restored: false}}",
            r#"{"envelope_lost":{"restored":false}}"#,
        ),
        ("{leave_hall: black}", r#"{"leave_hall":"black"}"#),
        ("{agree_draw: true}", r#"{"agree_draw":true}"#),
        ("{clock_objection: red}", r#"{"clock_objection":"red"}"#),
        (
            "{flag: black, by: white}",
            r#"{"by":"white","flag":"black"}"#,
        ),
    ];

    #[test]
    fn a_step_is_written_as_a_case_writes_it_and_reads_back_the_same() {
        for (yaml, json) in STEPS {
            let step: Step = serde_yaml::from_str(yaml).expect(yaml);
            let wire = serde_json::to_value(&step).unwrap();
            assert_eq!(wire.to_string(), *json, "{yaml}");
            assert_eq!(
                serde_json::from_value::<Step>(wire).unwrap(),
                step,
                "{yaml}"
            );
        }
    }

    #[test]
    fn every_event_key_is_the_key_of_a_step_written_with_it() {
        let keys: Vec<EventKey> = STEPS
            .iter()
            .map(|(yaml, json)| {
                let step: Step = serde_yaml::from_str(yaml).expect(yaml);
                let wire: serde_json::Value = serde_json::from_str(json).unwrap();
                assert!(wire.get(step.key().name()).is_some(), "{yaml}");
                step.key()
            })
            .collect();
        for key in EventKey::ALL {
            assert!(keys.contains(&key), "{key}");
            assert_eq!(EventKey::from_name(key.name()), Some(key));
        }
    }

    #[test]
    fn the_clock_and_adjournment_steps_need_a_clock_and_the_adjournment_ones_a_feature() {
        use super::super::Feature;
        let step = |yaml: &str| serde_yaml::from_str::<Step>(yaml).expect(yaml);
        assert!(!step("{move: h2e2}").needs_clock());
        assert!(step("{move: h2e2, took: 3}").needs_clock());
        assert!(step("{press: red}").needs_clock());
        assert!(step("{leave_hall: black}").needs_clock());
        assert!(!step("{correct_error: {error: colours-only}}").needs_clock());
        assert!(step("{correct_error: {move: 3}}").needs_clock());
        assert_eq!(
            step("{seal_reply: h9g7}").feature(),
            Some(Feature::Adjournment)
        );
        assert_eq!(
            step("{seal: h2e2, took: 5}").feature(),
            Some(Feature::Adjournment)
        );
        assert_eq!(step("{flag: black}").feature(), Some(Feature::FlagReports));
        assert_eq!(step("{elapse: 30}").feature(), None);
    }

    #[test]
    fn a_step_names_every_event_key_it_lacks_or_doubles() {
        let err = |yaml: &str| serde_yaml::from_str::<Step>(yaml).unwrap_err().to_string();
        assert!(err("{side: red}").starts_with(
            "a step needs one event key (move, touch, accidental, adjust, illegal, accept, \
             correct, refuse_correction, violation, unrecorded, resign, forfeit, offer, answer, \
             claim, and the clock's elapse, press, stop_clocks, start_clocks, arrive, \
             replace_clock, correct_error, set_clock, flag, and the adjournment's adjourn, seal, \
             leave_hall, resume, seal_reply, envelope_lost, agree_draw, clock_objection)"
        ));
        assert!(err("{move: h2e2, offer: red}")
            .starts_with("a step has one event key, found move and offer"));
        assert!(err("{move: h2e2, side: red}").starts_with("`side` does not go with `move`"));
    }

    #[test]
    fn an_unknown_kind_or_reason_names_its_key_and_the_slugs_expected() {
        let err = |yaml: &str| serde_yaml::from_str::<Step>(yaml).unwrap_err().to_string();
        assert!(err("{claim: fifty-move}").starts_with(
            "`claim: fifty-move`: expected one of threefold, kings-only, small-ending, \
             three-kings-vs-king, equal-balance, three-vs-king, long-diagonal, sixty-move, \
             repetition"
        ));
        assert!(err("{violation: {side: red, kind: shouting}}").starts_with(
            "`violation.kind: shouting`: expected one of illegal-move, exposing-general, \
             question-opponent-time, repeated-draw-offer, stopping-clock, \
             sealed-move-explainable, recording-omissions, after-game-conduct, minor-conduct, \
             warning"
        ));
        assert!(err("{forfeit: {side: red, reason: late}}").starts_with(
            "`forfeit.reason: late`: expected one of forbidden-repetition, resignation, \
             engine-failure, unreadable-move, no-permitted-move"
        ));
    }
}
