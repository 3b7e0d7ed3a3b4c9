//! A timed game replayed event by event through a [`Session`] with a [`Clock`](crate::clock::Clock): after
//! each event, both sides' times, periods and quotas, and what the clock decided with its
//! clause. `arbiter clock` prints it.
//!
//! Moves are written `<move>@<time>`: `h2e2@35` is a move that took 35 seconds (`1:30`,
//! `2m`, … as [`Span`] reads them); with timestamps, `h2e2@1:02:05` is a move made at that
//! game time. A move without `@` takes no time. A `!` after the move marks a repeated
//! forbidden forcing move (xiangqi 第四章 第二节 一 (五)): `h0g2!@20`. `flag:black` reports
//! black's flag (by the arbiter), `flag:black:red` by red (flags that fall unnoticed).
//!
//! ```
//! use arbiter::procedure::replay::{parse_timed_moves, replay};
//! use arbiter::clock::{controls, Clock, ClockRules, ClockStart};
//! use arbiter::procedure::Session;
//! use arbiter::Side;
//! use arbiter::Game;
//!
//! let ruleset = "xiangqi".parse().unwrap();
//! let control = controls().get(Game::Xiangqi, "per-move").unwrap().clone();
//! let start = ClockStart { running: Some(Side::First), ..ClockStart::default() };
//! let clock = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap();
//! let session = Session::new(&ruleset, None).unwrap().with_clock(clock);
//! let moves = parse_timed_moves("h2e2@2:30 h9g7@10", false, Game::Xiangqi).unwrap();
//! let rows = replay(session, moves).unwrap();
//! assert_eq!(rows[0].sides[0].bank.unwrap().to_string(), "0:29:30");
//! ```

use super::{Event, EventTime, ProcedureError, Session};
use crate::clock::{Note, SideReport, Span};
use crate::Outcome;
use crate::{Game, Side};

/// One event of a replay with its label (`h2e2@35`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timed {
    /// How the event was written.
    pub label: String,
    /// The event.
    pub event: Event,
}

/// Reads `h2e2@35 h9g7@1:10 …`: each token a move and, after `@`, the time it took (or,
/// with `timestamps`, the game time it was made at); `!` after a move marks it a forcing
/// move (`h0g2!@20`); `flag:<side>` or `flag:<side>:<reporter>` reports a flag.
///
/// ```
/// use arbiter::procedure::replay::parse_timed_moves;
/// use arbiter::procedure::{Event, EventTime};
/// use arbiter::Side;
/// use arbiter::Game;
///
/// let moves = parse_timed_moves("h2e2@35\nh9g7 h0g2!@20 flag:black:red", false, Game::Xiangqi).unwrap();
/// assert_eq!(moves.len(), 4);
/// assert!(matches!(&moves[2].event, Event::Timed { time: EventTime { forcing: true, .. }, .. }));
/// assert_eq!(moves[3].event, Event::FlagReport { side: Side::Second, by: Some(Side::First) });
/// let err = parse_timed_moves("h2e2@soon", false, Game::Xiangqi).unwrap_err();
/// assert!(err.contains("move 1 ('h2e2@soon')"), "{err}");
/// let err = parse_timed_moves("flag:white", false, Game::Xiangqi).unwrap_err();
/// assert!(err.contains("event 1 ('flag:white')"), "{err}");
/// ```
pub fn parse_timed_moves(text: &str, timestamps: bool, game: Game) -> Result<Vec<Timed>, String> {
    text.lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .enumerate()
        .map(|(i, token)| {
            if let Some(rest) = token.strip_prefix("flag:") {
                let side = |name: &str| {
                    Side::parse(name, game).map_err(|e| format!("event {} ('{token}'): {e}", i + 1))
                };
                let (whose, by) = match rest.split_once(':') {
                    Some((w, b)) => (side(w)?, Some(side(b)?)),
                    None => (side(rest)?, None),
                };
                return Ok(Timed {
                    label: token.to_owned(),
                    event: Event::FlagReport { side: whose, by },
                });
            }
            let (mv, time) = match token.split_once('@') {
                Some((mv, t)) => {
                    let span: Span = t
                        .parse()
                        .map_err(|e| format!("move {} ('{token}'): {e}", i + 1))?;
                    (mv, Some(span))
                }
                None => (token, None),
            };
            let (mv, forcing) = match mv.strip_suffix('!') {
                Some(m) => (m, true),
                None => (mv, false),
            };
            if mv.is_empty() {
                return Err(format!("move {} ('{token}'): no move before '@'", i + 1));
            }
            let time = EventTime {
                elapsed: time.filter(|_| !timestamps),
                at: time.filter(|_| timestamps),
                forcing,
                ..EventTime::default()
            };
            let event = Event::Move(mv.to_owned());
            Ok(Timed {
                label: token.to_owned(),
                event: if time == EventTime::default() {
                    event
                } else {
                    Event::Timed {
                        event: Box::new(event),
                        time,
                    }
                },
            })
        })
        .collect()
}

/// The state after one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// 1-based.
    pub number: usize,
    /// The event as written.
    pub label: String,
    /// The side to move before it.
    pub side: Side,
    /// The game time after it.
    pub at: Span,
    /// Each side's time, first player first.
    pub sides: [SideReport; 2],
    /// The clock running after it.
    pub running: Option<Side>,
    /// What the clock decided during it, with the clauses.
    pub notes: Vec<Note>,
    /// The outcome, once the game is over.
    pub outcome: Option<Outcome>,
}

/// Why a replay stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("event {number} ('{label}'): {error}")]
pub struct ReplayError {
    /// 1-based.
    pub number: usize,
    /// The event as written.
    pub label: String,
    /// What went wrong.
    pub error: ProcedureError,
    /// The rows before it.
    pub rows: Vec<Row>,
}

/// Applies the events in order; stops at the end of the game (later events are not
/// applied) or at the first event refused.
pub fn replay(mut session: Session, events: Vec<Timed>) -> Result<Vec<Row>, Box<ReplayError>> {
    let mut rows = Vec::new();
    for (i, timed) in events.into_iter().enumerate() {
        if session.outcome().is_some() {
            break;
        }
        let side = session.turn();
        let seen = session.clock().map_or(0, |c| c.notes().len());
        if let Err(error) = session.apply(timed.event) {
            return Err(Box::new(ReplayError {
                number: i + 1,
                label: timed.label,
                error,
                rows,
            }));
        }
        let Some(clock) = session.clock() else {
            return Err(Box::new(ReplayError {
                number: i + 1,
                label: timed.label,
                error: ProcedureError::NoClock("a timed replay"),
                rows,
            }));
        };
        rows.push(Row {
            number: i + 1,
            label: timed.label,
            side,
            at: clock.now(),
            sides: [clock.report(Side::First), clock.report(Side::Second)],
            running: clock.running(),
            notes: clock.notes()[seen..].to_vec(),
            outcome: session.outcome().cloned(),
        });
    }
    Ok(rows)
}
