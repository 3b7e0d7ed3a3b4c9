//! [`ProtocolPlayer`]: an engine speaking arbiter's own protocol (docs/protocol.md) as a
//! player, asked for each move with the `go` query.
//!
//! The engine is opened as `arbiter run --engine` opens it ([`crate::engine::open`]: the
//! command line of a program, `reference`, `mutant:<name>`) and must list `go` among its
//! queries, else it is refused before the match. Each move is one `go` request: the game's
//! start position and its history (canonical texts), both sides' clock times with the
//! increment and the moves left in the period when the control has them, the permitted
//! moves when the arbiter permits fewer than the legal ones, and a seed (the game's seed
//! and the ply). Its reply's `move` is the player's move, legal or not: the arbiter rules
//! on it. On a clock the engine is waited for as long as its time lasts (and half a second
//! more: a reply after that is late anyway); without one, for the request timeout
//! (`--timeout`). A crash, a hang, nonsense on its output (not JSON, another `seq`, no
//! `move`), or a reply that is not a move (`errored`, `skipped`, `rejected`) is a
//! [`PlayerError`] with the harness's words for it ("engine hung: …"); the arbiter then
//! rules: a flag when its time ran out meanwhile, else a loss by engine failure. After a
//! crash, a hang or nonsense the process is killed and started again for the next game.
//!
//! ```
//! use arbiter::engine::ProcessOptions;
//! use arbiter::play::{play_game, GameOptions, Opening, Player, ProtocolPlayer, RandomPlayer};
//!
//! // The reference, in-process, answering `go`.
//! let mut red = ProtocolPlayer::start("reference", ProcessOptions::default()).unwrap();
//! let mut black = RandomPlayer::new(1);
//! let options = GameOptions { ruleset: "xiangqi".parse().unwrap(), control: None, max_plies: Some(20), round: 1 };
//! let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
//! let record = play_game(&mut players, &Opening::default(), &options).unwrap();
//! assert_eq!(record.players[0], "arbiter reference");
//! ```

use super::player::{stderr_tail, Choice, HistoryTexts, MoveRequest, Player, PlayerError};
use crate::engine::{open, Engine, ProcessOptions};
use crate::procedure::{Board, Candidate};
use crate::protocol::{
    Answer, EngineInfo, GoRequest, GoTimes, Query, QueryKind, Reply, Request, Stage,
};
use crate::Ruleset;
use std::time::Duration;

/// How much longer than its clock time a `go` is waited for.
const LATE: Duration = Duration::from_millis(500);

/// A protocol engine playing one side. See the [module documentation](self).
pub struct ProtocolPlayer {
    engine: Box<dyn Engine>,
    info: EngineInfo,
    timeout: Duration,
    seed: u64,
    score: Option<i32>,
    /// The texts of the game's history, sent with each `go`.
    history: HistoryTexts,
}

impl ProtocolPlayer {
    /// Opens the engine `spec` names (a leading `proto:` is ignored) and checks that it
    /// answers `go`.
    pub fn start(spec: &str, options: ProcessOptions) -> Result<ProtocolPlayer, PlayerError> {
        let spec = spec.trim();
        let spec = spec.strip_prefix("proto:").unwrap_or(spec).trim();
        let engine = open(spec, options).map_err(|e| PlayerError {
            player: spec.to_owned(),
            message: format!(
                "cannot start the protocol engine (the built-in players are random and \
                 greedy; a UCI engine is uci:<command line>): {e}"
            ),
        })?;
        ProtocolPlayer::with_engine(engine, options.timeout)
    }

    /// A player over an engine already open; refused unless it lists `go`. `timeout`: how
    /// long a move may take in a game without a clock.
    pub fn with_engine(
        engine: Box<dyn Engine>,
        timeout: Duration,
    ) -> Result<ProtocolPlayer, PlayerError> {
        let info = engine.info();
        if !info.answers(QueryKind::Go) {
            return Err(PlayerError {
                player: info.name.clone(),
                message: format!(
                    "the engine cannot play: it does not list the `go` query (its queries: {}); \
                     see docs/protocol.md, \"The go query\"",
                    if info.queries.is_empty() {
                        "none".to_owned()
                    } else {
                        info.queries
                            .iter()
                            .map(|q| q.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    }
                ),
            });
        }
        Ok(ProtocolPlayer {
            engine,
            info,
            timeout,
            seed: 0,
            score: None,
            history: HistoryTexts::default(),
        })
    }

    /// What the engine said of itself.
    pub fn info(&self) -> &EngineInfo {
        &self.info
    }

    /// The `go` request for a move request, and how long to wait for it.
    fn request(&mut self, request: &MoveRequest<'_>) -> (Request, Duration) {
        let game = request.ruleset.game;
        let name = |i: usize| crate::Side::BOTH[i].name(game).to_owned();
        let times = request.remaining.map(|left| GoTimes {
            remaining: (0..2).map(|i| (name(i), left[i].secs_f64())).collect(),
            increment: request.increment.map(|s| s.secs_f64()),
            quota: request.quota.and_then(|q| {
                let both: Vec<(String, u32)> =
                    (0..2).filter_map(|i| q[i].map(|n| (name(i), n))).collect();
                (!both.is_empty()).then(|| both.into_iter().collect())
            }),
        });
        let legal = request.board.legal_moves().len();
        let permitted = (request.permitted.len() < legal)
            .then(|| request.permitted.iter().map(Candidate::text).collect());
        let ply = request.moves.len() as u64;
        let wait = match request.remaining {
            Some(left) => {
                let i = usize::from(request.side == crate::Side::Second);
                Duration::from_millis(left[i].millis()) + LATE
            }
            None => self.timeout,
        };
        let go = GoRequest {
            times,
            permitted,
            seed: Some(self.seed.wrapping_mul(0x100_0000_01B3).wrapping_add(ply)),
        };
        let r = Request {
            ruleset: request.ruleset.clone(),
            position: Some(request.start.fen()),
            moves: self.history.texts(request).to_vec(),
            query: Query::Go(Box::new(go)),
        };
        (r, wait)
    }
}

impl Player for ProtocolPlayer {
    fn name(&self) -> String {
        self.info.name.clone()
    }

    fn refuses(&self, ruleset: &Ruleset) -> Option<String> {
        (!self.info.plays(ruleset)).then(|| {
            format!(
                "the engine does not play {ruleset} (its rulesets: {})",
                self.info.rulesets.join(", ")
            )
        })
    }

    fn new_game(&mut self, ruleset: &Ruleset, _start: &Board) -> Result<(), PlayerError> {
        self.score = None;
        match self.refuses(ruleset) {
            None => Ok(()),
            Some(message) => Err(self.error(message)),
        }
    }

    fn score(&self) -> Option<i32> {
        self.score
    }

    fn reseed(&mut self, seed: u64) {
        self.seed = seed;
    }

    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError> {
        let (go, wait) = self.request(request);
        match self.engine.run_within(&go, wait) {
            Reply::Answer(Answer::Move(m)) => {
                self.score = m.score;
                Ok(Choice::timed_by_arbiter(m.text))
            }
            Reply::Answer(other) => {
                Err(self.error(format!("it answered `go` with a `{}` answer", other.kind())))
            }
            Reply::Rejected { stage, message } => {
                let what = match stage {
                    Stage::Setup => "the position".to_owned(),
                    Stage::Move(n) => format!(
                        "history move {n} '{}'",
                        go.moves.get(n - 1).map_or("?", String::as_str)
                    ),
                    Stage::Step(n) => format!("step {n}"),
                };
                Err(self.error(format!(
                    "it rejected {what} of the game the arbiter plays: {message}"
                )))
            }
            Reply::Skipped(message) => {
                Err(self.error(format!("it skipped `go`, so it gave no move: {message}")))
            }
            Reply::Failed(f) => Err(self.error(with_stderr(&f))),
        }
    }
}

/// A failure in one line, with the end of what the engine wrote on stderr around it (a
/// record's comment and a report line have no room for more).
fn with_stderr(failure: &crate::protocol::EngineFailure) -> String {
    match failure.stderr.as_deref().and_then(stderr_tail) {
        Some(tail) => format!("{failure} (its stderr: {tail})"),
        None => failure.to_string(),
    }
}
