//! The match simulator: players play whole games under the arbiter, who applies every rule
//! of the rulebook as it happens (illegal moves, claims, repetition verdicts, clocks).
//!
//! - [`player`]: the [`Player`] trait, and the built-in [`RandomPlayer`] and
//!   [`GreedyPlayer`].
//! - [`uci`]: [`UciPlayer`], a UCI xiangqi engine (Fairy-Stockfish) as a player.
//! - [`game`]: [`play_game`], one game, and the arbiter's rulings in it.
//! - [`record`]: [`GameRecord`]: PDN and PGN-style xiangqi records, read back and replayed.
//! - [`score`]: the match score with an Elo difference and its 95% interval.
//!
//! [`run_match`] plays a match: colours alternate per game pair (each opening is played
//! once with each colour), openings come in turn from a list.
//!
//! ```
//! use arbiter::play::{run_match, MatchOptions, GameOptions, PlayerSpec};
//!
//! let options = MatchOptions {
//!     game: GameOptions { ruleset: "xiangqi".parse().unwrap(), control: None, max_plies: None, round: 0 },
//!     games: 2,
//!     openings: Vec::new(),
//!     seed: 1,
//! };
//! let specs = [PlayerSpec::parse("greedy").unwrap(), PlayerSpec::parse("random").unwrap()];
//! let played = run_match(&specs, &options, |_| {}).unwrap();
//! assert_eq!(played.records.len(), 2);
//! assert_eq!(played.score.games(), 2);
//! ```

mod entry;
pub mod game;
pub mod player;
pub mod record;
pub mod score;
pub mod uci;

pub use game::{play_game, GameError, GameOptions, Opening, MAX_REFUSALS};
pub use player::{Choice, GreedyPlayer, MoveRequest, Player, PlayerError, RandomPlayer};
pub use record::{
    parse_records, replay, verify, Decision, Entry, GameRecord, GameResult, Item, ReadRecord,
    RecordError,
};
pub use score::Score;
pub use uci::UciPlayer;

use std::time::Duration;

/// Which player to start: `random`, `greedy`, or `uci:<command line>` (with an optional
/// fixed time per move).
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
}

impl PlayerSpec {
    /// Reads `random`, `greedy`, `uci:<command>`; `uci:<command>` may end in
    /// `@movetime=<ms>`.
    pub fn parse(text: &str) -> Result<PlayerSpec, String> {
        match text.trim() {
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            t if t.starts_with("uci:") => {
                let (command, movetime) = match t.rsplit_once("@movetime=") {
                    Some((c, ms)) => (
                        c,
                        Some(Duration::from_millis(ms.parse().map_err(|_| {
                            format!("player '{t}': movetime '{ms}' is not a number of milliseconds")
                        })?)),
                    ),
                    None => (t, None),
                };
                Ok(PlayerSpec::Uci {
                    command: command.to_owned(),
                    movetime,
                })
            }
            t => Err(format!(
                "unknown player '{t}' (expected random, greedy or uci:<command line>[@movetime=<ms>])"
            )),
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
    /// The openings, used in turn, each for a pair of games with colours swapped; none:
    /// every game from the start position.
    pub openings: Vec<Opening>,
    /// The seed of the random players.
    pub seed: u64,
}

/// A match played: the records, and the score of the first player given.
#[derive(Debug, Clone)]
pub struct MatchResult {
    /// The games' records, in order.
    pub records: Vec<GameRecord>,
    /// The score of the first player given (`--red`/`--white`) against the second.
    pub score: Score,
    /// The players' names, as given first and second.
    pub names: [String; 2],
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
}

/// Plays a match between `specs[0]` and `specs[1]`. Game `2k` (counting from 0) has
/// `specs[0]` as first player, game `2k+1` the colours swapped, both from opening `k`
/// (modulo the list). `progress` is called after each game.
pub fn run_match(
    specs: &[PlayerSpec; 2],
    options: &MatchOptions,
    mut progress: impl FnMut(&MatchResult),
) -> Result<MatchResult, MatchError> {
    let mut a = specs[0].start(crate::fuzz::Rng::for_item(options.seed, 0).next_u64())?;
    let mut b = specs[1].start(crate::fuzz::Rng::for_item(options.seed, 1).next_u64())?;
    let mut result = MatchResult {
        records: Vec::new(),
        score: Score::default(),
        names: [a.name(), b.name()],
    };
    for i in 0..options.games {
        let opening = if options.openings.is_empty() {
            Opening::default()
        } else {
            options.openings[(i as usize / 2) % options.openings.len()].clone()
        };
        let swapped = i % 2 == 1;
        let mut game = options.game.clone();
        game.round = i + 1;
        let record = {
            let mut players: [&mut dyn Player; 2] = if swapped {
                [b.as_mut(), a.as_mut()]
            } else {
                [a.as_mut(), b.as_mut()]
            };
            play_game(&mut players, &opening, &game).map_err(|error| MatchError::Game {
                round: i + 1,
                error,
            })?
        };
        let first_halves = record.result.first_halves();
        let a_halves = if swapped {
            2 - first_halves
        } else {
            first_halves
        };
        let both_lost = record.result.both_lost;
        result
            .score
            .add(if both_lost { 0 } else { a_halves }, both_lost);
        result.records.push(record);
        progress(&result);
    }
    Ok(result)
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
            ("d64.timing.fischer", "d64.timing.flag-fall-loses")
        } else {
            ("xq.result.time-forfeit", "xq.result.time-forfeit")
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
