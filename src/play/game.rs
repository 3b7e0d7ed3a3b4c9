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
//!   simulator, no clause of the rulebooks); an engine's resignation (XBoard's `resign`,
//!   [`Player::resigned`]) loses too (`resignation`);
//! - xiangqi repetition: the verdict `must-change` is announced to the side that must
//!   change (`xq.result.forbidden-repetition-unchanged`), and the rules end the game when it
//!   does not;
//! - draw claims: the players claim what the edition lets them ([`Player::claim`]); the
//!   ruling (upheld or refused, with penalty) is recorded.
//!
//! Adjudication by game length (`max_plies`) and by the engines' scores ([`Adjudication`],
//! cutechess's `-draw` and `-resign`) is off by default; when it ends a game the record
//! says so (`adjudicated`, `Adjudicated` tag), as no rulebook rule.

use super::player::{Choice, MoveRequest, Player, PlayerError};
use super::record::{score_adjudicated, Decision, Entry, GameRecord};
use crate::clock::{Clock, ClockRules, ClockStart, Control, Span};
use crate::outcome::{AdjudicationKind, ClauseId, ForfeitReason};
use crate::procedure::{Event, EventTime, ProcedureError, Session, ViolationKind};
use crate::xiangqi::repetition::CycleDecision;
use crate::Side;
use crate::{Outcome, Reason, Ruleset};
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

/// Adjudication by the scores the players report with their moves ([`Player::score`]),
/// like cutechess's `-draw` and `-resign`; off unless set. Not a rule of the rulebooks: an
/// adjudicated game says so in its record (`[%arbiter adjudicated-draw …]`,
/// `[%arbiter adjudicated-resign …]`, tag `Adjudicated`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Adjudicate a draw.
    pub draw: Option<DrawAdjudication>,
    /// Adjudicate a loss.
    pub resign: Option<ResignAdjudication>,
}

/// A draw when both players' scores have stayed within `score` centipawns of zero for
/// `move_count` consecutive moves each, once `move_number` full moves have been played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// Full moves played first.
    pub move_number: u32,
    /// Consecutive moves of each player.
    pub move_count: u32,
    /// Centipawns either side of zero.
    pub score: i32,
}

/// A loss for a player whose score has been at least `score` centipawns below zero for
/// `move_count` consecutive moves of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// Consecutive moves of the player.
    pub move_count: u32,
    /// Centipawns below zero.
    pub score: i32,
}

impl DrawAdjudication {
    /// The rule as cutechess writes it: `movenumber=40 movecount=8 score=10`.
    pub fn text(&self) -> String {
        format!(
            "movenumber={} movecount={} score={}",
            self.move_number, self.move_count, self.score
        )
    }
}

impl ResignAdjudication {
    /// The rule as cutechess writes it: `movecount=3 score=900`.
    pub fn text(&self) -> String {
        format!("movecount={} score={}", self.move_count, self.score)
    }
}

/// Reads `key=value` pairs (`movenumber=40 movecount=8 score=10`, separated by spaces or
/// commas) into the values of `keys`, in order; every key is required.
fn read_pairs(text: &str, keys: &[&str]) -> Result<Vec<i64>, String> {
    let mut values = vec![None; keys.len()];
    for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| format!("'{pair}': expected key=value"))?;
        let i = keys
            .iter()
            .position(|key| *key == k)
            .ok_or_else(|| format!("'{k}': unknown key (expected {})", keys.join(", ")))?;
        values[i] = Some(
            v.parse::<i64>()
                .map_err(|_| format!("'{pair}': {v} is not a whole number"))?,
        );
    }
    keys.iter()
        .zip(values)
        .map(|(k, v)| v.ok_or_else(|| format!("'{k}=' is missing")))
        .collect()
}

impl std::str::FromStr for DrawAdjudication {
    type Err = String;

    /// `movenumber=N movecount=M score=S`.
    ///
    /// ```
    /// use arbiter::play::DrawAdjudication;
    ///
    /// let d: DrawAdjudication = "movenumber=40 movecount=8 score=10".parse().unwrap();
    /// assert_eq!((d.move_number, d.move_count, d.score), (40, 8, 10));
    /// assert!("movecount=8".parse::<DrawAdjudication>().unwrap_err().contains("movenumber"));
    /// ```
    fn from_str(text: &str) -> Result<Self, String> {
        let v = read_pairs(text, &["movenumber", "movecount", "score"])
            .map_err(|e| format!("draw adjudication: {e}"))?;
        let num = |x: i64| {
            u32::try_from(x).map_err(|_| format!("draw adjudication: {x} is out of range"))
        };
        Ok(DrawAdjudication {
            move_number: num(v[0])?,
            move_count: num(v[1])?.max(1),
            score: i32::try_from(v[2].abs())
                .map_err(|_| "draw adjudication: score is out of range".to_owned())?,
        })
    }
}

impl std::str::FromStr for ResignAdjudication {
    type Err = String;

    /// `movecount=M score=S`.
    ///
    /// ```
    /// use arbiter::play::ResignAdjudication;
    ///
    /// let r: ResignAdjudication = "movecount=3 score=900".parse().unwrap();
    /// assert_eq!((r.move_count, r.score), (3, 900));
    /// ```
    fn from_str(text: &str) -> Result<Self, String> {
        let v = read_pairs(text, &["movecount", "score"])
            .map_err(|e| format!("resign adjudication: {e}"))?;
        Ok(ResignAdjudication {
            move_count: u32::try_from(v[0])
                .map_err(|_| format!("resign adjudication: {} is out of range", v[0]))?
                .max(1),
            score: i32::try_from(v[1].abs())
                .map_err(|_| "resign adjudication: score is out of range".to_owned())?,
        })
    }
}

/// The runs of scores the adjudication follows during a game.
#[derive(Debug, Default)]
struct ScoreRuns {
    /// Consecutive moves (either side) whose mover's score was near zero.
    near_zero: u32,
    /// Consecutive own moves of each side with a losing score.
    losing: [u32; 2],
}

impl ScoreRuns {
    /// Takes the score of a move of side `idx` and returns the decision it leads to.
    fn after_move(
        &mut self,
        adjudication: &Adjudication,
        idx: usize,
        score: Option<i32>,
        plies: u32,
    ) -> Option<Decision> {
        if let Some(r) = &adjudication.resign {
            match score {
                Some(s) if s <= -r.score => self.losing[idx] += 1,
                _ => self.losing[idx] = 0,
            }
            if self.losing[idx] >= r.move_count {
                return Some(Decision::ScoreAdjudicated {
                    loser: Some(Side::BOTH[idx]),
                    rule: format!("resign {}", r.text()),
                });
            }
        }
        if let Some(d) = &adjudication.draw {
            match score {
                Some(s) if s.abs() <= d.score => self.near_zero += 1,
                _ => self.near_zero = 0,
            }
            if self.near_zero >= 2 * d.move_count && plies / 2 >= d.move_number {
                return Some(Decision::ScoreAdjudicated {
                    loser: None,
                    rule: format!("draw {}", d.text()),
                });
            }
        }
        None
    }
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
/// assert!(record.result.is_some());
/// ```
pub fn play_game(
    players: &mut [&mut dyn Player; 2],
    opening: &Opening,
    options: &GameOptions,
) -> Result<GameRecord, GameError> {
    play_game_adjudicated(players, opening, options, &Adjudication::default())
}

/// [`play_game`] with adjudication by the players' scores.
pub fn play_game_adjudicated(
    players: &mut [&mut dyn Player; 2],
    opening: &Opening,
    options: &GameOptions,
    adjudication: &Adjudication,
) -> Result<GameRecord, GameError> {
    let game = options.ruleset.game;
    let mut runs = ScoreRuns::default();
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
        result: None,
    };
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(e) = p.new_game(&options.ruleset, session.start()) {
            let side = Side::BOTH[i];
            forfeit(
                &mut session,
                &mut record,
                side,
                ForfeitReason::EngineFailure,
                &e,
            )?;
        }
    }
    let mut refusals = 0u32;
    let mut irregular = [0u32; 2];
    let mut announced: Option<(Side, usize)> = None;
    // The ply at which a claim was last made: a refused claim is not made again there.
    let mut claimed_at: Option<usize> = None;
    while session.outcome().is_none() {
        let ply = session.moves().len() as u32;
        if options.max_plies.is_some_and(|max| ply >= max) {
            record
                .entries
                .push(Entry::Decision(Decision::Adjudicated { plies: ply }));
            record.result = Some(Outcome::draw(
                Reason::Adjudicated(AdjudicationKind::MaxPlies),
                None,
            ));
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
                    kind,
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
                if !flag_fell(&mut session, &mut record, side, started.elapsed())? {
                    let reason = if players[idx].resigned() {
                        ForfeitReason::Resignation
                    } else {
                        ForfeitReason::EngineFailure
                    };
                    forfeit(&mut session, &mut record, side, reason, &e)?;
                }
                break;
            }
        };
        let spent = choice.spent.unwrap_or_else(|| {
            Span::from_millis(u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX))
        });
        let clocked = session.clock().is_some();
        let timed = |event: Event| match clocked {
            true => Event::Timed {
                event: Box::new(event),
                time: EventTime {
                    elapsed: Some(spent),
                    ..EventTime::default()
                },
            },
            false => event,
        };
        let Choice { text, .. } = choice;
        // The session reads the move (in any notation the game reads) and rules on it; a
        // text that is no legal move leaves the session unchanged and is then put on the
        // board as an illegal move.
        let before = session.moves().len();
        match session.apply(timed(Event::Move(text.clone()))) {
            Ok(()) => {
                refusals = 0;
                let played = match session.moves().get(before) {
                    Some(m) if session.moves().len() == before + 1 => Some(m.text()),
                    _ => session
                        .pending_irregularity()
                        .map(|p| p.irregular.text.clone()),
                };
                if let Some(played) = played {
                    let left = session.clock().map(|k| k.report(side).remaining);
                    record.entries.push(Entry::Move {
                        text: played,
                        spent: session.clock().map(|_| spent),
                        left,
                    });
                    let plies = session.moves().len() as u32;
                    let score = players[idx].score();
                    if session.outcome().is_none() {
                        if let Some(d) = runs.after_move(adjudication, idx, score, plies) {
                            record.result = Some(score_adjudicated(&d));
                            record.entries.push(Entry::Decision(d));
                            return Ok(record);
                        }
                    }
                } else {
                    // The time ran out before the move was made.
                    record.entries.push(flag(&session, side, spent));
                }
            }
            Err(ProcedureError::NotPermitted { clause, .. }) => {
                refusals += 1;
                let canonical = session
                    .board()
                    .read_move(&text)
                    .map_or_else(|_| text.clone(), |c| c.text());
                record.entries.push(Entry::Decision(Decision::Refused {
                    side,
                    text: canonical,
                    clause: ClauseId::from(clause.to_owned()),
                }));
                if refusals >= MAX_REFUSALS {
                    let e = players[idx].error(format!("{MAX_REFUSALS} moves refused in a row"));
                    forfeit(
                        &mut session,
                        &mut record,
                        side,
                        ForfeitReason::NoPermittedMove,
                        &e,
                    )?;
                }
                continue;
            }
            Err(ProcedureError::Move { .. }) => {
                let event = timed(Event::Illegal {
                    text: text.clone(),
                    side: None,
                    fen: None,
                    removed: None,
                });
                let breaches = session.breaches().len();
                if let Err(e) = session.apply(event) {
                    let e = players[idx]
                        .error(format!("its move '{text}' cannot be put on the board: {e}"));
                    forfeit(
                        &mut session,
                        &mut record,
                        side,
                        ForfeitReason::UnreadableMove,
                        &e,
                    )?;
                    break;
                }
                if session
                    .outcome()
                    .is_some_and(|o| o.reason == Reason::TimeForfeit)
                    && session.breaches().len() == breaches
                    && session.pending_irregularity().is_none()
                {
                    record.entries.push(flag(&session, side, spent));
                    break;
                }
                if !game.is_draughts() {
                    let b = session.breaches().last().cloned();
                    record.entries.push(Entry::Decision(Decision::Illegal {
                        side,
                        text: text.clone(),
                        spent: session.clock().map(|_| spent),
                        kind: b.as_ref().map(|b| b.kind),
                        clause: b.map(|b| b.clause),
                        count: session.violations(side),
                    }));
                }
            }
            Err(e) => return Err(e.into()),
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
                kind: Some(p.irregular.kind.into()),
                clause: Some(p.irregular.kind.clause().into()),
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
                    kind: ViolationKind::Warning,
                })?;
                record.entries.push(Entry::Decision(Decision::Warning {
                    side,
                    count: session.violations(side),
                }));
            }
        }
        // Xiangqi: the repetition verdict orders a side to change.
        if let Some(v) = &session.ending().repetition {
            if let (CycleDecision::MustChange, Some(who)) = (v.ruling, v.side) {
                let order = (who, v.repetitions);
                if announced != Some(order) {
                    record
                        .entries
                        .push(Entry::Decision(Decision::MustChange { side: order.0 }));
                    announced = Some(order);
                }
            }
        }
    }
    record.result = session.outcome().cloned();
    Ok(record)
}

/// A player that gave no move (a hang, a crash) after its time ran out: the flag fell
/// first, and the control's flag clause decides (the time it waited is put on its clock,
/// as the record replays it). Whether it fell.
fn flag_fell(
    session: &mut Session,
    record: &mut GameRecord,
    side: Side,
    waited: std::time::Duration,
) -> Result<bool, GameError> {
    let Some(left) = session.clock().map(|c| c.report(side).remaining) else {
        return Ok(false);
    };
    let spent = Span::from_millis(u64::try_from(waited.as_millis()).unwrap_or(u64::MAX));
    if spent <= left {
        return Ok(false);
    }
    session.apply(Event::Elapse(spent))?;
    if session.outcome().is_none() {
        return Ok(false);
    }
    record.entries.push(flag(session, side, spent));
    Ok(true)
}

/// The player loses for a failure of its own (no clause of the rulebooks).
/// The flag that ended the game: whose, the time it thought, and the clause that decided
/// it (the control's flag clause).
fn flag(session: &Session, side: Side, spent: Span) -> Entry {
    Entry::Decision(Decision::Flag {
        side,
        spent,
        clause: session.outcome().and_then(|o| o.clause.clone()),
    })
}

fn forfeit(
    session: &mut Session,
    record: &mut GameRecord,
    side: Side,
    reason: ForfeitReason,
    error: &PlayerError,
) -> Result<(), GameError> {
    if session.outcome().is_some() {
        return Ok(());
    }
    session.apply(Event::Forfeit { side, reason })?;
    record.entries.push(Entry::Decision(Decision::Forfeit {
        side,
        reason,
        detail: error.to_string(),
    }));
    Ok(())
}
