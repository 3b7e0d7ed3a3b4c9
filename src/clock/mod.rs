//! Clocks: time controls as data, and a game clock driven by events.
//!
//! - [`control`]: time controls (`spec/controls/*.yaml`): sudden death, Fischer, periods
//!   with move quotas, a limit per move with an extension bank. [`controls()`] is the
//!   installed set.
//! - [`rules`]: what each game's rulebook says about clocks beyond the control
//!   ([`ClockRules`]).
//! - [`state`]: the [`Clock`], which the game [`Session`](crate::procedure::Session) drives
//!   with its events (moves with their times, presses, stops, penalties, arrivals, a clock
//!   replaced, times rescaled after an error).
//! - [`forcing`]: valid and invalid move counts of repeated forcing moves.
//! - [`span`]: [`Span`], a length of clock time.
//! - a timed game replayed move by move (`arbiter clock`) is a procedure:
//!   [`procedure::replay`](crate::procedure::replay).
//!
//! ```
//! use arbiter::clock::{controls, Clock, ClockRules, ClockStart, Span};
//! use arbiter::Side;
//! use arbiter::Game;
//!
//! // 时间分计制: 2 minutes a move, and 30 minutes of extension for the game.
//! let control = controls().get(Game::Xiangqi, "per-move").unwrap().clone();
//! let start = ClockStart { running: Some(Side::First), ..ClockStart::default() };
//! let mut clock = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap();
//! clock.elapse(Span::from_minutes(5)).unwrap(); // 3 minutes over: taken from the bank
//! clock.move_made(Side::First);
//! clock.press(Side::First);
//! assert_eq!(clock.report(Side::First).bank, Some(Span::from_minutes(27)));
//! ```

pub mod control;
pub mod forcing;
pub mod rules;
pub mod span;
pub mod state;

pub use control::{controls, Control, Controls, Lateness, Period, Surplus, TimeTrouble, Timing};
pub use forcing::{ForcingRules, ForcingRun};
pub use rules::{
    BothAbsent, ClaimClock, ClockRules, Correction, LatenessMeasure, MatchTime, PlayerStop,
};
pub use span::{Span, SpanError};
pub use state::{
    Clock, ClockError, ClockStart, Flag, FlagFinding, FlagNotice, InvalidMove, LateForfeit, Note,
    Rescaling, SideReport,
};
