//! One game under the arbiter: [`play_game`] asks the players for their moves and puts
//! each through the [`Session`], which applies the rules; every decision the arbiter takes
//! lands in the [`GameRecord`] with its clause.
//!
//! What the arbiter does with a player's answer:
//!
//! - a permitted move is played, with the time it took on the clock (a flag ends the game:
//!   the control's flag clause);
//! - xiangqi, a move the rules do not allow: taken back at once and counted as a violation
//!   (`xq.violation.illegal-move`, `xq.irregularity.exposing-general`); the moved piece
//!   counts as touched; the third violation loses (`xq.result.third-violation`);
//! - xiangqi, a legal move the touches forbid: refused (the touch-move step's clause); the
//!   player is asked again, and after [`MAX_REFUSALS`] refusals in a row he loses
//!   (`no-permitted-move`, a ruling of the simulator);
//! - draughts, an irregular move (art. 7.4): it stays until the opponent decides
//!   (`d64.irregularity.opponent-chooses`); the simulated opponent always demands the
//!   correction, and the arbiter sanctions the breach (`d64.penalty.arbiter-must-sanction`):
//!   a reminder the first time, an oral warning each later time, the second warning loses
//!   (`d64.penalty.two-warnings-lose`);
//! - an answer that names no move of the player's own pieces at all, or no answer (a crash,
//!   a hang): the player loses (`unreadable-move`, `engine-failure`: rulings of the
//!   simulator, no clause of the rulebooks);
//! - xiangqi repetition: the verdict `must-change` is announced to the side that must
//!   change (`xq.result.forbidden-repetition-unchanged`), and the rules end the game when it
//!   does not;
//! - draw claims: the players claim what the edition lets them ([`Player::claim`]); the
//!   ruling (upheld or refused, with penalty) is recorded.
//!
//! Adjudication by game length (`max_plies`) is off by default; when it ends a game the
//! record says so (`adjudicated`), as no rulebook rule.

use super::player::{Choice, MoveRequest, Player, PlayerError};
use super::record::{Decision, Entry, GameRecord, GameResult};
use crate::clock::{Clock, ClockRules, ClockStart, Control, Span};
use crate::procedure::{Event, EventTime, ProcedureError, Session, Side};
use crate::Ruleset;
use std::time::Instant;

/// Refused moves in a row after which a xiangqi player loses.
pub const MAX_REFUSALS: u32 = 3;

/// Where a game starts: a position and moves played from it before the players take over.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Opening {
    /// The position (`None`: the start position).
    pub fen: Option<String>,
    /// Moves played from it.
    pub moves: Vec<String>,
}

/// How a game is played.
#[derive(Debug, Clone)]
pub struct GameOptions {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The time control, if the game has a clock.
    pub control: Option<Control>,
    /// Adjudicate a draw after this many plies (off by default).
    pub max_plies: Option<u32>,
    /// The round number, for the record.
    pub round: u32,
}

/// Why a game could not be played (a bad opening, an event the session refused).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The opening could not be set up or played.
    #[error("opening: {0}")]
    Opening(String),
    /// The session refused an event of the arbiter's (a bug, reported rather than hidden).
    #[error("arbiter: {0}")]
    Session(#[from] ProcedureError),
    /// A clock could not be set up.
    #[error("clock: {0}")]
    Clock(String),
}

/// Plays one game between `players` (first player first: red or white) and returns its
/// record.
///
/// ```
/// use arbiter::play::{play_game, GameOptions, Opening, RandomPlayer, Player};
///
/// let options = GameOptions { ruleset: "russian".parse().unwrap(), control: None, max_plies: None, round: 1 };
/// let mut white = RandomPlayer::new(1);
/// let mut black = RandomPlayer::new(2);
/// let mut players: [&mut dyn Player; 2] = [&mut white, &mut black];
/// let record = play_game(&mut players, &Opening::default(), &options).unwrap();
/// assert!(!record.result.reason.is_empty());
/// ```
pub fn play_game(
    players: &mut [&mut dyn Player; 2],
    opening: &Opening,
    options: &GameOptions,
) -> Result<GameRecord, GameError> {
    let game = options.ruleset.game;
    let mut session = Session::new(&options.ruleset, opening.fen.as_deref())
        .map_err(|e| GameError::Opening(e.to_string()))?;
    let start_fen = session.fen();
    for m in &opening.moves {
        session
            .apply(Event::Move(m.clone()))
            .map_err(|e| GameError::Opening(format!("move '{m}': {e}")))?;
    }
    if let Some(control) = &options.control {
        let start = ClockStart {
            running: Some(session.turn()),
            ..ClockStart::default()
        };
        let clock = Clock::new(control.clone(), ClockRules::of(game), start)
            .map_err(|e| GameError::Clock(e.0))?;
        session = session.with_clock(clock);
    }
    let mut record = GameRecord {
        ruleset: options.ruleset.clone(),
        players: [players[0].name(), players[1].name()],
        round: options.round,
        start_fen: start_fen.clone(),
        control: options.control.as_ref().map(|c| c.id.clone()),
        entries: opening
            .moves
            .iter()
            .map(|m| Entry::Move {
                text: m.clone(),
                spent: None,
                left: None,
            })
            .collect(),
        result: GameResult::default(),
    };
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game(&options.ruleset, &start_fen) {
            let side = Side::BOTH[i];
            forfeit(&mut session, &mut record, side, "engine-failure", &e)?;
        }
    }
    let mut refusals = 0u32;
    let mut irregular = [0u32; 2];
    let mut announced: Option<String> = None;
    // The ply at which a claim was last made: a refused claim is not made again there.
    let mut claimed_at: Option<usize> = None;
    while session.outcome().is_none() {
        let ply = session.moves().len() as u32;
        if options.max_plies.is_some_and(|max| ply >= max) {
            record
                .entries
                .push(Entry::Decision(Decision::Adjudicated { plies: ply }));
            record.result = GameResult {
                winner: None,
                both_lost: false,
                reason: "adjudicated-max-plies".to_owned(),
                clause: None,
                adjudicated: true,
            };
            return Ok(record);
        }
        let side = session.turn();
        let idx = usize::from(side == Side::Second);
        // Claims first: a player claims what the edition lets it claim now.
        if refusals == 0
            && claimed_at != Some(session.moves().len())
            && !session.ending().claims.is_empty()
        {
            claimed_at = Some(session.moves().len());
            if let Some(kind) = players[idx].claim(&session.ending().claims) {
                session.apply(Event::Claim {
                    kind: kind.clone(),
                    by: Some(side),
                })?;
                let ruling = session.claim_rulings().last().cloned();
                record.entries.push(Entry::Decision(Decision::Claim {
                    side,
                    kind,
                    upheld: ruling.as_ref().is_some_and(|r| r.upheld),
                    clause: ruling.and_then(|r| r.clause),
                }));
                continue;
            }
        }
        let request = MoveRequest::of(&session);
        let started = Instant::now();
        let choice = players[idx].choose(&request);
        let choice = match choice {
            Ok(c) => c,
            Err(e) => {
                forfeit(&mut session, &mut record, side, "engine-failure", &e)?;
                break;
            }
        };
        let spent = choice.spent.unwrap_or_else(|| {
            Span::from_millis(u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX))
        });
        let timed = |event: Event| match session.clock() {
            Some(_) => Event::Timed {
                event: Box::new(event),
                time: EventTime {
                    elapsed: Some(spent),
                    ..EventTime::default()
                },
            },
            None => event,
        };
        let Choice { text, .. } = choice;
        let legal = session.board().read_move(&text).ok();
        let before = session.moves().len();
        match legal {
            Some(c) => match session.apply(timed(Event::Move(c.text.clone()))) {
                Ok(()) => {
                    refusals = 0;
                    if session.moves().len() > before || session.pending_irregularity().is_some() {
                        let left = session.clock().map(|k| k.report(side).remaining);
                        record.entries.push(Entry::Move {
                            text: c.text.clone(),
                            spent: session.clock().map(|_| spent),
                            left,
                        });
                    } else {
                        // The time ran out before the move was made.
                        record.entries.push(Entry::Decision(Decision::Flag {
                            side,
                            spent,
                            clause: session.outcome().and_then(|o| o.clause),
                        }));
                    }
                }
                Err(ProcedureError::NotPermitted { clause, .. }) => {
                    refusals += 1;
                    record.entries.push(Entry::Decision(Decision::Refused {
                        side,
                        text: c.text.clone(),
                        clause: clause.to_owned(),
                    }));
                    if refusals >= MAX_REFUSALS {
                        let e = PlayerError {
                            player: players[idx].name(),
                            message: format!("{MAX_REFUSALS} moves refused in a row"),
                        };
                        forfeit(&mut session, &mut record, side, "no-permitted-move", &e)?;
                    }
                    continue;
                }
                Err(e) => return Err(e.into()),
            },
            None => {
                let event = timed(Event::Illegal {
                    text: text.clone(),
                    side: None,
                    fen: None,
                    removed: None,
                });
                let breaches = session.breaches().len();
                if let Err(e) = session.apply(event) {
                    let e = PlayerError {
                        player: players[idx].name(),
                        message: format!("its move '{text}' cannot be put on the board: {e}"),
                    };
                    forfeit(&mut session, &mut record, side, "unreadable-move", &e)?;
                    break;
                }
                if session
                    .outcome()
                    .is_some_and(|o| o.reason == "time-forfeit")
                    && session.breaches().len() == breaches
                    && session.pending_irregularity().is_none()
                {
                    record.entries.push(Entry::Decision(Decision::Flag {
                        side,
                        spent,
                        clause: session.outcome().and_then(|o| o.clause),
                    }));
                    break;
                }
                if !game.is_draughts() {
                    let b = session.breaches().last().cloned();
                    record.entries.push(Entry::Decision(Decision::Illegal {
                        side,
                        text: text.clone(),
                        spent: session.clock().map(|_| spent),
                        kind: b.as_ref().map_or_else(String::new, |b| b.kind.clone()),
                        clause: b.map(|b| b.clause),
                        count: session.violations(side),
                    }));
                }
            }
        }
        // Draughts: an irregular move awaits the opponent's choice.
        if let Some(p) = session.pending_irregularity().cloned() {
            if let Some(Entry::Move { .. }) = record.entries.last() {
                record.entries.pop();
            }
            record.entries.push(Entry::Decision(Decision::Illegal {
                side,
                text: p.irregular.text.clone(),
                spent: session.clock().map(|_| spent),
                kind: p.irregular.kind.slug().to_owned(),
                clause: Some(p.irregular.kind.clause().to_owned()),
                count: session.violations(side),
            }));
            session.apply(Event::Correct)?;
            record
                .entries
                .push(Entry::Decision(Decision::Correct { by: side.other() }));
            irregular[idx] += 1;
            if irregular[idx] > 1 {
                session.apply(Event::Violation {
                    side,
                    kind: "warning".to_owned(),
                })?;
                record.entries.push(Entry::Decision(Decision::Warning {
                    side,
                    count: session.violations(side),
                }));
            }
        }
        // Xiangqi: the repetition verdict orders a side to change.
        if let Some(v) = &session.ending().repetition {
            if v["verdict"] == "must-change" {
                let who = v["side"].as_str().unwrap_or_default().to_owned();
                let key = format!("{who}/{}", v["repetitions"]);
                if announced.as_deref() != Some(&key) {
                    if let Ok(s) = Side::parse(&who, game) {
                        record
                            .entries
                            .push(Entry::Decision(Decision::MustChange { side: s }));
                    }
                    announced = Some(key);
                }
            }
        }
    }
    if let Some(o) = session.outcome() {
        record.result = GameResult {
            winner: o.winner,
            both_lost: o.both_lost,
            reason: o.reason,
            clause: o.clause,
            adjudicated: false,
        };
    }
    Ok(record)
}

/// The player loses for a failure of its own (no clause of the rulebooks).
fn forfeit(
    session: &mut Session,
    record: &mut GameRecord,
    side: Side,
    reason: &str,
    error: &PlayerError,
) -> Result<(), GameError> {
    if session.outcome().is_some() {
        return Ok(());
    }
    session.apply(Event::Forfeit {
        side,
        reason: reason.to_owned(),
    })?;
    record.entries.push(Entry::Decision(Decision::Forfeit {
        side,
        reason: reason.to_owned(),
        detail: error.to_string(),
    }));
    Ok(())
}
