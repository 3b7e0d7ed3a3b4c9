//! The match simulator: players play whole games under the arbiter, who applies every rule
//! of the rulebook as it happens (illegal moves, claims, repetition verdicts, clocks).
//!
//! - [`player`]: the [`Player`] trait, and the built-in [`RandomPlayer`] and
//!   [`GreedyPlayer`].
//! - [`uci`]: [`UciPlayer`], a UCI or UCCI xiangqi engine (Fairy-Stockfish, Sjaak II) as a
//!   player.
//! - [`xboard`]: [`XboardPlayer`], an XBoard/CECP xiangqi engine as a player.
//! - [`protocol`]: [`ProtocolPlayer`], an engine speaking arbiter's protocol (the `go`
//!   query) as a player.
//! - [`game`]: [`play_game`], one game, and the arbiter's rulings in it.
//! - [`record`]: [`GameRecord`]: PDN and PGN-style xiangqi records, read back and replayed.
//! - [`score`]: the match score; [`elo`]: the Elo difference, its 95% interval, the
//!   likelihood of superiority.
//!
//! [`run_match`] plays a match: colours alternate every game; with `repeat` each opening
//! is played twice, once with each colour (cutechess's `-repeat`), without it each game
//! takes the next opening. Games run on `concurrency` threads, each with its own players;
//! the random players get a seed per game, so the games do not depend on the number of
//! threads.
//!
//! ```
//! use arbiter::play::{run_match, MatchOptions, GameOptions, PlayerSpec};
//!
//! let game = GameOptions { ruleset: "xiangqi".parse().unwrap(), control: None, max_plies: Some(60), round: 0 };
//! let mut options = MatchOptions::new(game, 4);
//! let specs = [PlayerSpec::parse("greedy").unwrap(), PlayerSpec::parse("random").unwrap()];
//! let played = run_match(&specs, &options, |_| {}).unwrap();
//! assert_eq!(played.records.len(), 4);
//! assert_eq!(played.score.games(), 4);
//! // The same games on two threads.
//! options.concurrency = 2;
//! let again = run_match(&specs, &options, |_| {}).unwrap();
//! assert_eq!(again.records, played.records);
//! ```

pub mod elo;
pub mod game;
pub mod player;
pub mod protocol;
pub mod record;
pub mod score;
pub mod uci;
pub mod xboard;

use crate::clause;
pub use game::{
    play_game, play_game_adjudicated, Adjudication, DrawAdjudication, GameError, GameOptions,
    Opening, ResignAdjudication, MAX_REFUSALS,
};
pub use player::{
    Choice, GreedyPlayer, HistoryTexts, MoveRequest, Player, PlayerError, RandomPlayer,
};
pub use protocol::ProtocolPlayer;
pub use record::{result_token, token_score, Decision, Entry, GameRecord, RecordNotation};
pub use score::MatchScore;
pub use uci::{UcciTimes, UciPlayer};
pub use xboard::XboardPlayer;

use std::time::Duration;

/// Which player to start: `random`, `greedy`, `uci:<command line>`, `ucci:<command
/// line>` or `xboard:<command line>` (with an optional fixed time per move,
/// `@movetime=<ms>`), or a protocol engine: `proto:<command line>`, `reference`,
/// `mutant:<name>`, or any other text, read as the command line of a program speaking the
/// protocol (as `arbiter run --engine` reads it).
///
/// ```
/// use arbiter::play::PlayerSpec;
///
/// assert_eq!(PlayerSpec::parse("greedy").unwrap(), PlayerSpec::Greedy);
/// let PlayerSpec::Protocol { command, .. } = PlayerSpec::parse("arbiter engine").unwrap() else { panic!() };
/// assert_eq!(command, "arbiter engine");
/// let PlayerSpec::Xboard { command, movetime } = PlayerSpec::parse("xboard:/usr/games/sjaakii@movetime=50").unwrap() else { panic!() };
/// assert_eq!((command.as_str(), movetime.unwrap().as_millis()), ("xboard:/usr/games/sjaakii", 50));
/// let PlayerSpec::Protocol { command, .. } = PlayerSpec::parse("proto:random").unwrap() else { panic!() };
/// assert_eq!(command, "random"); // a program called `random`, not the built-in player
/// assert!(PlayerSpec::parse("proto: ").unwrap_err().contains("proto:<command line>"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayerSpec {
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
    /// [`UciPlayer`]: the command line, and `go movetime` when set.
    Uci {
        /// The command line.
        command: String,
        /// A fixed time per move.
        movetime: Option<Duration>,
    },
    /// [`XboardPlayer`]: the command line (`xboard:…`), and a fixed time per move when set.
    Xboard {
        /// The command line.
        command: String,
        /// A fixed time per move.
        movetime: Option<Duration>,
    },
    /// [`ProtocolPlayer`]: the engine as [`crate::engine::open`] names it.
    Protocol {
        /// The command line (or `reference`, `mutant:<name>`).
        command: String,
        /// How long a move may take in a game without a clock (10 s unless set).
        timeout: Duration,
        /// How long it may take to start, and to restart after a failure (30 s unless set).
        start_timeout: Duration,
    },
}

/// How long a protocol engine's move may take in a game without a clock, unless set.
pub const DEFAULT_MOVE_TIMEOUT: Duration = Duration::from_secs(10);

impl PlayerSpec {
    /// Reads `random`, `greedy`, `uci:<command>`, `ucci:<command>`, `xboard:<command>`
    /// (each may end in `@movetime=<ms>`),
    /// `proto:<command>`, or any other text as a protocol engine's command line.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        match text.trim() {
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "" => Err(
                "a player is empty (expected random, greedy, uci:<command line>, \
                       ucci:<command line>, xboard:<command line>, proto:<command line> or a \
                       protocol engine's command line)"
                    .to_owned(),
            ),
            t if t.starts_with("uci:") || t.starts_with("ucci:") || t.starts_with("xboard:") => {
                let (command, movetime) = match t.rsplit_once("@movetime=") {
                    Some((c, ms)) => (
                        c,
                        Some(Duration::from_millis(ms.parse().map_err(|_| {
                            format!("player '{t}': movetime '{ms}' is not a number of milliseconds")
                        })?)),
                    ),
                    None => (t, None),
                };
                let command = command.to_owned();
                Ok(if t.starts_with("xboard:") {
                    PlayerSpec::Xboard { command, movetime }
                } else {
                    PlayerSpec::Uci { command, movetime }
                })
            }
            t => {
                let command = t.strip_prefix("proto:").unwrap_or(t).trim();
                if command.is_empty() {
                    return Err(format!(
                        "player '{t}': expected proto:<command line>, the command is empty"
                    ));
                }
                Ok(PlayerSpec::Protocol {
                    command: command.to_owned(),
                    timeout: DEFAULT_MOVE_TIMEOUT,
                    start_timeout: crate::engine::ProcessOptions::default().start_timeout,
                })
            }
        }
    }

    /// The same player with another move timeout for a protocol engine (others have none).
    pub fn with_timeout(self, timeout: Duration) -> PlayerSpec {
        match self {
            PlayerSpec::Protocol {
                command,
                start_timeout,
                ..
            } => PlayerSpec::Protocol {
                command,
                timeout,
                start_timeout,
            },
            other => other,
        }
    }

    /// The same player with another start timeout for a protocol engine (others have none).
    pub fn with_start_timeout(self, start_timeout: Duration) -> PlayerSpec {
        match self {
            PlayerSpec::Protocol {
                command, timeout, ..
            } => PlayerSpec::Protocol {
                command,
                timeout,
                start_timeout,
            },
            other => other,
        }
    }

    /// Starts the player; `seed` seeds a random player.
    pub fn start(&self, seed: u64) -> Result<Box<dyn Player>, PlayerError> {
        Ok(match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer),
            PlayerSpec::Uci { command, movetime } => {
                Box::new(UciPlayer::start(command, *movetime)?)
            }
            PlayerSpec::Xboard { command, movetime } => {
                Box::new(XboardPlayer::start(command, *movetime)?)
            }
            PlayerSpec::Protocol {
                command,
                timeout,
                start_timeout,
            } => {
                let options = crate::engine::ProcessOptions {
                    timeout: *timeout,
                    start_timeout: *start_timeout,
                    ..crate::engine::ProcessOptions::default()
                };
                Box::new(ProtocolPlayer::start(command, options)?)
            }
        })
    }
}

/// How a match is played.
#[derive(Debug, Clone)]
pub struct MatchOptions {
    /// How each game is played (`round` is set per game).
    pub game: GameOptions,
    /// The number of games.
    pub games: u32,
    /// The openings, used in turn; none: every game from the start position.
    pub openings: Vec<Opening>,
    /// Each opening played twice, colours swapped (games 2k+1 and 2k+2 from opening k);
    /// otherwise game k takes opening k. Colours alternate every game either way.
    pub repeat: bool,
    /// The seed of the random players: game `i` (from 0) gives the first player given the
    /// seed of item `2i` of it, the second player that of item `2i+1`.
    pub seed: u64,
    /// Games played at the same time, each thread with its own players (at least 1).
    pub concurrency: usize,
    /// Adjudication by the engines' scores (off by default).
    pub adjudication: Adjudication,
}

impl MatchOptions {
    /// `games` games as `game` says: no openings, `repeat` on, seed 1, one thread, no
    /// score adjudication.
    pub fn new(game: GameOptions, games: u32) -> MatchOptions {
        MatchOptions {
            game,
            games,
            openings: Vec::new(),
            repeat: true,
            seed: 1,
            concurrency: 1,
            adjudication: Adjudication::default(),
        }
    }

    /// The opening and the colours of game `i` (from 0): whether the second player given
    /// plays first.
    pub fn schedule(&self, i: u32) -> (Opening, bool) {
        let k = if self.repeat { i / 2 } else { i } as usize;
        let opening = if self.openings.is_empty() {
            Opening::default()
        } else {
            self.openings[k % self.openings.len()].clone()
        };
        (opening, i % 2 == 1)
    }
}

/// A match played: the records, and the score of the first player given.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// The games' records, in order.
    pub records: Vec<GameRecord>,
    /// The score of the first player given (`--red`/`--white`) against the second.
    pub score: MatchScore,
    /// The players' names, as given first and second.
    pub names: [String; 2],
}

/// A match played with [`stream_match`]: its running totals, the records having gone to
/// the caller one by one.
#[derive(Debug, Clone)]
pub struct MatchTotals {
    /// The games played.
    pub games: u32,
    /// The score of the first player given (`--red`/`--white`) against the second.
    pub score: MatchScore,
    /// The players' names, as given first and second.
    pub names: [String; 2],
}

/// How far a match has got, after each game, in the order of the games.
#[derive(Debug, Clone, Copy)]
pub struct Progress<'a> {
    /// Games finished.
    pub done: u32,
    /// Games in the match.
    pub total: u32,
    /// The score so far of the first player given.
    pub score: MatchScore,
    /// The players' names, as given first and second.
    pub names: &'a [String; 2],
    /// The game just finished (its `round` says which: `done`).
    pub last: &'a GameRecord,
}

/// Why a match stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// A player could not be started.
    #[error("{0}")]
    Start(#[from] PlayerError),
    /// A game could not be played.
    #[error("game {round}: {error}")]
    Game {
        /// The game.
        round: u32,
        /// Why.
        error: GameError,
    },
    /// The caller could not take a game's record (it could not write it).
    #[error("game {round}: {message}")]
    Output {
        /// The game.
        round: u32,
        /// Why.
        message: String,
    },
}

/// The points (halves) of the first player given in a game, and whether both lost;
/// `None` for a game not finished, which scores nothing.
fn first_player_halves(record: &GameRecord, swapped: bool) -> Option<(u32, bool)> {
    let outcome = record.result.as_ref()?;
    let both_lost = outcome.both_lost();
    let first = outcome.result.first_halves();
    let halves = if swapped { 2 - first } else { first };
    Some((if both_lost { 0 } else { halves }, both_lost))
}

/// Plays a match between `specs[0]` and `specs[1]` (see [`MatchOptions`]) and keeps every
/// record: [`stream_match`] collecting the records, for a match small enough to hold.
/// `progress` is called after each game, in the order of the games.
pub fn run_match(
    specs: &[PlayerSpec; 2],
    options: &MatchOptions,
    mut progress: impl FnMut(&Progress<'_>),
) -> Result<MatchResult, MatchError> {
    let mut records = Vec::with_capacity(options.games.min(1 << 16) as usize);
    let totals = stream_match(specs, options, |p| {
        progress(p);
        records.push(p.last.clone());
        Ok(())
    })?;
    Ok(MatchResult {
        records,
        score: totals.score,
        names: totals.names,
    })
}

/// Games played ahead of the first one not finished, per thread: how many finished records
/// wait for an earlier game at most.
const AHEAD_PER_THREAD: u32 = 4;

/// Plays a match between `specs[0]` and `specs[1]` (see [`MatchOptions`]): game `i`
/// (from 0) has `specs[0]` as first player when `i` is even. Each game's record is given to
/// `each` as soon as it and every game before it are finished, in the order of the games
/// whatever the number of threads, then dropped: the memory of a match does not grow with
/// its number of games (a thread starts a game at most 4 × threads
/// games past the first one not finished). An error from `each` (a record that cannot be
/// written) stops the match.
///
/// ```
/// use arbiter::play::{stream_match, GameOptions, MatchOptions, PlayerSpec};
///
/// let game = GameOptions { ruleset: "russian".parse().unwrap(), control: None, max_plies: Some(30), round: 0 };
/// let mut options = MatchOptions::new(game, 6);
/// options.concurrency = 3;
/// let specs = [PlayerSpec::parse("random").unwrap(), PlayerSpec::parse("greedy").unwrap()];
/// let mut rounds = Vec::new();
/// let totals = stream_match(&specs, &options, |p| {
///     rounds.push(p.last.round);
///     Ok(())
/// }).unwrap();
/// assert_eq!(rounds, [1, 2, 3, 4, 5, 6]);
/// assert_eq!(totals.games, 6);
/// ```
pub fn stream_match(
    specs: &[PlayerSpec; 2],
    options: &MatchOptions,
    mut each: impl FnMut(&Progress<'_>) -> Result<(), String>,
) -> Result<MatchTotals, MatchError> {
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::sync::{mpsc, Condvar, Mutex};
    let threads = options.concurrency.clamp(1, options.games.max(1) as usize);
    let window = AHEAD_PER_THREAD * threads as u32;
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    // Games given to `each` so far: a thread waits before starting a game `window` or more
    // games past it.
    let released = (Mutex::new(0u32), Condvar::new());
    let (sender, receiver) = mpsc::channel::<Result<(u32, GameRecord), MatchError>>();
    let mut names: Option<[String; 2]> = None;
    let mut waiting: BTreeMap<u32, GameRecord> = BTreeMap::new();
    let mut done = 0u32;
    let mut score = MatchScore::default();
    let mut failure: Option<MatchError> = None;
    std::thread::scope(|scope| {
        let (name_sender, name_receiver) = mpsc::channel::<[String; 2]>();
        for _ in 0..threads {
            let sender = sender.clone();
            let name_sender = name_sender.clone();
            let (next, stop, released) = (&next, &stop, &released);
            scope.spawn(move || {
                let started = specs[0]
                    .start(options.seed)
                    .and_then(|a| Ok((a, specs[1].start(options.seed)?)));
                let started = started.and_then(|(a, b)| {
                    let ruleset = &options.game.ruleset;
                    let refusal = [&a, &b].into_iter().find_map(|p| {
                        p.refuses(ruleset).map(|message| PlayerError {
                            player: p.name(),
                            message,
                        })
                    });
                    match refusal {
                        Some(e) => Err(e),
                        None => Ok((a, b)),
                    }
                });
                let (mut a, mut b) = match started {
                    Ok(p) => p,
                    Err(e) => {
                        stop.store(true, Ordering::SeqCst);
                        let _ = sender.send(Err(e.into()));
                        return;
                    }
                };
                let _ = name_sender.send([a.name(), b.name()]);
                while !stop.load(Ordering::SeqCst) {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= options.games {
                        break;
                    }
                    {
                        let (count, turn) = released;
                        let mut given = count.lock().unwrap_or_else(|e| e.into_inner());
                        while i >= *given + window && !stop.load(Ordering::SeqCst) {
                            given = turn
                                .wait_timeout(given, std::time::Duration::from_millis(100))
                                .unwrap_or_else(|e| e.into_inner())
                                .0;
                        }
                    }
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let (opening, swapped) = options.schedule(i);
                    a.reseed(crate::fuzz::Rng::for_item(options.seed, 2 * u64::from(i)).next_u64());
                    b.reseed(
                        crate::fuzz::Rng::for_item(options.seed, 2 * u64::from(i) + 1).next_u64(),
                    );
                    let mut game = options.game.clone();
                    game.round = i + 1;
                    let mut players: [&mut dyn Player; 2] = if swapped {
                        [b.as_mut(), a.as_mut()]
                    } else {
                        [a.as_mut(), b.as_mut()]
                    };
                    let played =
                        play_game_adjudicated(&mut players, &opening, &game, &options.adjudication)
                            .map(|r| (i, r))
                            .map_err(|error| MatchError::Game {
                                round: i + 1,
                                error,
                            });
                    if played.is_err() {
                        stop.store(true, Ordering::SeqCst);
                    }
                    if sender.send(played).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        drop(name_sender);
        for message in receiver {
            match message {
                Ok((i, record)) => {
                    if failure.is_some() {
                        continue;
                    }
                    waiting.insert(i, record);
                    // Give every record whose turn has come, in the order of the games.
                    while let Some(record) = waiting.remove(&done) {
                        if names.is_none() {
                            names = name_receiver.try_recv().ok();
                        }
                        if let Some((halves, both_lost)) =
                            first_player_halves(&record, done % 2 == 1)
                        {
                            score.add(halves, both_lost);
                        }
                        done += 1;
                        let shown = names.clone().unwrap_or_else(|| record.players.clone());
                        let taken = each(&Progress {
                            done,
                            total: options.games,
                            score,
                            names: &shown,
                            last: &record,
                        });
                        if let Err(message) = taken {
                            failure = Some(MatchError::Output {
                                round: done,
                                message,
                            });
                            stop.store(true, Ordering::SeqCst);
                            waiting.clear();
                            break;
                        }
                    }
                    let (count, turn) = &released;
                    *count.lock().unwrap_or_else(|e| e.into_inner()) = done;
                    turn.notify_all();
                }
                Err(e) => {
                    failure.get_or_insert(e);
                    waiting.clear();
                    stop.store(true, Ordering::SeqCst);
                    released.1.notify_all();
                }
            }
        }
        if names.is_none() {
            names = name_receiver.try_recv().ok();
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let names = match names {
        Some(n) => n,
        None => [
            specs[0].start(options.seed)?.name(),
            specs[1].start(options.seed)?.name(),
        ],
    };
    Ok(MatchTotals {
        games: done,
        score,
        names,
    })
}

/// The time control a `--control` argument names: an installed control's id
/// (`spec/controls/`, e.g. `national`, `fischer-30m-10s`), or `<base>+<increment>` (times
/// as [`Span`](crate::clock::Span) reads them: `5m+2s`, `10+0.1`) for a Fischer control
/// of the event's own (its flag decided by the game's flag clause: `d64.timing.flag-fall-loses`,
/// `xq.result.time-forfeit`).
///
/// ```
/// use arbiter::play::control_for;
/// use arbiter::Game;
///
/// assert_eq!(control_for(Game::Xiangqi, "national").unwrap().id, "national");
/// assert_eq!(control_for(Game::Russian, "1m+1s").unwrap().id, "1m+1s");
/// assert!(control_for(Game::Xiangqi, "fast").unwrap_err().contains("national"));
/// ```
pub fn control_for(game: crate::Game, text: &str) -> Result<crate::clock::Control, String> {
    use crate::clock::{Control, Span, Timing};
    let text = text.trim();
    if let Some((base, inc)) = text.split_once('+') {
        let span = |t: &str| {
            t.parse::<Span>()
                .map_err(|e| format!("control '{text}': {e}"))
        };
        let (base, increment) = (span(base)?, span(inc)?);
        if base == Span::ZERO {
            return Err(format!(
                "control '{text}': the base time must be more than 0"
            ));
        }
        let (clause, flag_clause) = if game.is_draughts() {
            (
                clause::D64_TIMING_FISCHER,
                clause::D64_TIMING_FLAG_FALL_LOSES,
            )
        } else {
            (
                clause::XQ_RESULT_TIME_FORFEIT,
                clause::XQ_RESULT_TIME_FORFEIT,
            )
        };
        return Ok(Control {
            id: text.to_owned(),
            title: format!("{base} plus {increment} per move (the event's own control)"),
            source: "the command line".to_owned(),
            clause: clause.to_owned(),
            flag_clause: flag_clause.to_owned(),
            note: None,
            timing: Timing::Fischer { base, increment },
            time_trouble: None,
            lateness: None,
        });
    }
    crate::clock::controls()
        .require(game, text)
        .cloned()
        .map_err(|e| format!("{e} (or give <base>+<increment>, like 5m+2s)"))
}
