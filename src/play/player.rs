//! Players: whatever chooses the moves of one side in a game under the arbiter.
//!
//! A [`Player`] is asked for a move with a [`MoveRequest`] (the position, the history, the
//! moves the arbiter permits now, the clock times) and answers a [`Choice`] — any text,
//! legal or not: the arbiter rules on it. Built in: [`RandomPlayer`] (a uniformly random
//! permitted move from a seeded generator) and [`GreedyPlayer`] (the permitted move that
//! leaves the best material balance, deterministic). UCI and UCCI engines are in
//! [`super::uci`], XBoard engines in [`super::xboard`].
//!
//! ```
//! use arbiter::play::{GreedyPlayer, MoveRequest, Player};
//! use arbiter::procedure::Session;
//!
//! // Red's chariot on a0 can take black's chariot on a9: greedy takes it.
//! let fen = "r2k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
//! let session = Session::new(&"xiangqi".parse().unwrap(), Some(fen)).unwrap();
//! let mut greedy = GreedyPlayer;
//! let choice = greedy.choose(&MoveRequest::of(&session)).unwrap();
//! assert_eq!(choice.text, "a0a9");
//! ```

use crate::clock::Span;
use crate::edition::DrawKind;
use crate::engine::best_by_material;
use crate::engine::child::{command_words, Line, Running};
pub use crate::engine::material;
use crate::fuzz::Rng;
use crate::procedure::{Board, Candidate, Session};
use crate::{Ruleset, Side};
use std::sync::Arc;

/// What a player is asked: everything it needs to choose its move (the session's history
/// and board borrowed, not copied: a copy per move would make a game of n moves cost
/// O(n²)).
#[derive(Debug, Clone)]
pub struct MoveRequest<'a> {
    /// The ruleset played.
    pub ruleset: &'a Ruleset,
    /// Where the history starts.
    pub start: &'a Board,
    /// The moves of the history as played ([`Candidate::text`] writes one's canonical
    /// text; a player that sends the history as text keeps what it wrote,
    /// as [`HistoryTexts`] does).
    pub moves: &'a [Candidate],
    /// The position on the board.
    pub board: &'a Board,
    /// The side to move.
    pub side: Side,
    /// The moves the arbiter permits now (all legal moves, or fewer after a touch or an
    /// illegal move taken back), typed: [`Candidate::text`] writes one's canonical text
    /// (a player that picks one move writes only that one). Shared with the session, which
    /// lists them once per position.
    pub permitted: Arc<[Candidate]>,
    /// The clock times left, first player first, when the game has a clock.
    pub remaining: Option<[Span; 2]>,
    /// The increment per move, when the control has one.
    pub increment: Option<Span>,
    /// The moves left to make in the current period (period controls), per side.
    pub quota: Option<[Option<u32>; 2]>,
}

impl MoveRequest<'_> {
    /// The request for the side to move in a session.
    pub fn of(session: &Session) -> MoveRequest<'_> {
        let clock = session.clock();
        let increment = clock.and_then(|c| match c.control().timing {
            crate::clock::Timing::Fischer { increment, .. } => Some(increment),
            _ => None,
        });
        MoveRequest {
            ruleset: session.ruleset(),
            start: session.start(),
            moves: session.moves(),
            board: session.board(),
            side: session.turn(),
            permitted: session.permitted().permitted,
            remaining: clock.map(|c| Side::BOTH.map(|s| c.report(s).remaining)),
            increment,
            quota: clock.map(|c| Side::BOTH.map(|s| c.report(s).quota)),
        }
    }
}

/// The texts of a game's history at a player's edge (a protocol that sends the whole
/// history with each request), each move written once: a request's history is compared
/// (typed) with the one held, and only the moves not held yet are written.
///
/// ```
/// use arbiter::play::{HistoryTexts, MoveRequest};
/// use arbiter::procedure::{Event, Session};
///
/// let mut session = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
/// let mut texts = HistoryTexts::default();
/// let mut written = 0;
/// for m in ["C2=5", "h9g7", "h0g2"] {
///     session.apply(Event::Move(m.into())).unwrap();
///     let request = MoveRequest::of(&session);
///     let held = texts.try_texts(&request, |m| -> Result<String, ()> {
///         written += 1;
///         Ok(m.text().to_uppercase())
///     });
///     assert_eq!(held.unwrap().len(), session.moves().len());
/// }
/// assert_eq!(written, 3); // each move written once
/// assert_eq!(texts.try_texts(&MoveRequest::of(&session), |_| Err(())).unwrap(), ["H2E2", "H9G7", "H0G2"]);
///
/// // Another history: the moves it shares with the one held are kept.
/// let mut other = Session::new(&"xiangqi".parse().unwrap(), None).unwrap();
/// other.apply(Event::Move("h2e2".into())).unwrap();
/// other.apply(Event::Move("h7e7".into())).unwrap();
/// assert_eq!(texts.texts(&MoveRequest::of(&other)), ["H2E2", "h7e7"]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct HistoryTexts {
    /// The start of the history held.
    start: Option<Board>,
    /// Its moves.
    moves: Vec<Candidate>,
    /// Their texts.
    texts: Vec<String>,
}

impl HistoryTexts {
    /// The canonical texts of the request's moves ([`Candidate::text`]).
    pub fn texts(&mut self, request: &MoveRequest<'_>) -> &[String] {
        match self.try_texts(request, |m| Ok::<_, std::convert::Infallible>(m.text())) {
            Ok(texts) => texts,
            Err(never) => match never {},
        }
    }

    /// The texts of the request's moves, the moves not held yet written by `write` (its
    /// first error is returned; the moves before that one stay held).
    pub fn try_texts<E>(
        &mut self,
        request: &MoveRequest<'_>,
        mut write: impl FnMut(&Candidate) -> Result<String, E>,
    ) -> Result<&[String], E> {
        let held = match &self.start {
            Some(start) if start == request.start => self
                .moves
                .iter()
                .zip(request.moves)
                .take_while(|(a, b)| a == b)
                .count(),
            _ => {
                self.start = Some(request.start.clone());
                0
            }
        };
        self.moves.truncate(held);
        self.texts.truncate(held);
        for m in &request.moves[held..] {
            self.texts.push(write(m)?);
            self.moves.push(m.clone());
        }
        Ok(&self.texts)
    }
}

/// A player's answer: a move text, and, for a simulated player, the time it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The move, in a notation the game reads (ICCS, numeric draughts notation), or any
    /// text: the arbiter rules on it.
    pub text: String,
    /// The thinking time the player reports for itself (built-in and planted players);
    /// `None`: the arbiter measures the wall time it took.
    pub spent: Option<Span>,
}

impl Choice {
    /// A move whose time the arbiter measures.
    pub fn timed_by_arbiter(text: impl Into<String>) -> Choice {
        Choice {
            text: text.into(),
            spent: None,
        }
    }
}

/// Why a player gave no move at all (a crash, a hang, nonsense on its output).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{player}: {message}")]
pub struct PlayerError {
    /// The player's name.
    pub player: String,
    /// What happened.
    pub message: String,
}

/// Something that chooses the moves of one side.
pub trait Player: Send {
    /// A name for records and tables.
    fn name(&self) -> String;
    /// The error `message` from this player, under its name.
    fn error(&self, message: String) -> PlayerError {
        PlayerError {
            player: self.name(),
            message,
        }
    }
    /// Why the player cannot play `ruleset` at all (an engine that does not list it), so
    /// that a match is refused before it starts; `None`: it can.
    fn refuses(&self, ruleset: &Ruleset) -> Option<String> {
        let _ = ruleset;
        None
    }
    /// A new game begins (from `start`).
    fn new_game(&mut self, ruleset: &Ruleset, start: &Board) -> Result<(), PlayerError> {
        let _ = (ruleset, start);
        Ok(())
    }
    /// The move for the side to move.
    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError>;
    /// The score the player gave its last move, in centipawns for its own side (engines
    /// that report one: UCI `info … score`); `None`: it reports none. Read by the score
    /// adjudication ([`super::game::Adjudication`]).
    fn score(&self) -> Option<i32> {
        None
    }
    /// Whether the error [`Player::choose`] just returned is the player's resignation (an
    /// XBoard engine's `resign`): the game is then lost by resignation, not by an engine
    /// failure. `false` unless a player can resign.
    fn resigned(&self) -> bool {
        false
    }
    /// A new seed for the player's choices, given before each game of a match (game `i`
    /// gets the same seed whatever the number of games played in parallel). Players without
    /// chance ignore it.
    fn reseed(&mut self, seed: u64) {
        let _ = seed;
    }
    /// Which of the draw claims valid now (the edition's slugs, in order) the player makes,
    /// if any. The default claims the first valid one, as cutechess adjudicates rule draws.
    fn claim(&mut self, valid: &[DrawKind]) -> Option<DrawKind> {
        valid.first().copied()
    }
}

/// Plays a uniformly random permitted move, from a seeded generator: the same seed gives
/// the same games. Its thinking time is reported as zero.
#[derive(Debug, Clone)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player seeded with `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError> {
        if request.permitted.is_empty() {
            return Err(PlayerError {
                player: self.name(),
                message: "no permitted move to choose from".to_owned(),
            });
        }
        let i = self.rng.below(request.permitted.len());
        Ok(Choice {
            text: request.permitted[i].text(),
            spent: Some(Span::ZERO),
        })
    }
}

/// Plays the permitted move that leaves its side the best material balance (one ply, no
/// search; [`material`]); ties go to the first such move in canonical order. Deterministic,
/// and its thinking time is reported as zero. It is the reference engine's answer to the
/// protocol's `go` without a seed ([`crate::engine::best_by_material`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct GreedyPlayer;

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError> {
        match best_by_material(request.board, request.side, &request.permitted, None) {
            Some(best) => Ok(Choice {
                text: best.text,
                spent: Some(Span::ZERO),
            }),
            None => Err(PlayerError {
                player: self.name(),
                message: "no permitted move to choose from".to_owned(),
            }),
        }
    }
}

/// How long an engine told `quit` when its player is dropped has to end before it is
/// killed.
const QUIT_GRACE: std::time::Duration = std::time::Duration::from_millis(500);

/// An engine started for a match: its command line, its program's name, and the running
/// process ([`Running`]: its output read on a thread of its own, a bounded line at a time,
/// a few lines ahead). The UCI/UCCI and XBoard players both start their engines so;
/// dropping it stops the engine (`quit`, half a second to end, then killed).
pub(crate) struct EngineProcess {
    /// The command line it was started with, as the player is named in errors
    /// (`uci:<line>`).
    pub command: String,
    /// The program, the command line's first word (the player's name until the engine
    /// gives its own).
    pub program: String,
    /// The running engine.
    pub running: Running,
}

/// What an engine said next ([`EngineProcess::next`]).
pub(crate) enum Said {
    /// A line, without its line break.
    Line(String),
    /// Nothing within the time given.
    Nothing,
    /// Its output ended.
    Ended,
    /// Output that is no line of text: why (a line too long, not UTF-8, a read error).
    Bad(String),
}

/// The end of what an engine wrote on stderr, in one line: its last three lines that are
/// not blank, joined by ` | `, the last 300 characters of them (a record's comment and a
/// report line have no room for more); `None` when it wrote nothing but blanks.
pub(crate) fn stderr_tail(stderr: &str) -> Option<String> {
    let lines: Vec<&str> = stderr
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    if lines.is_empty() {
        return None;
    }
    let tail = lines[lines.len().saturating_sub(3)..].join(" | ");
    let count = tail.chars().count();
    Some(if count > 300 {
        format!("…{}", tail.chars().skip(count - 300).collect::<String>())
    } else {
        tail
    })
}

/// The error message of output that is no line of text (`why`, [`Said::Bad`]), read
/// while the arbiter waited for `waiting`.
pub(crate) fn unreadable(why: &str, waiting: &str) -> String {
    format!("its output: {why}, while arbiter waited for {waiting}")
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.running.stop("quit", QUIT_GRACE);
    }
}

impl EngineProcess {
    /// Sends one line (and flushes).
    pub(crate) fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.running.send(line)
    }

    /// The end of what the engine wrote on stderr so far ([`stderr_tail`]), to go with the
    /// message of its failure.
    pub(crate) fn stderr_tail(&self) -> Option<String> {
        self.running
            .stderr_since(0)
            .as_deref()
            .and_then(stderr_tail)
    }

    /// `message` with the end of the engine's stderr, if it wrote any: `<message> (its
    /// stderr: …)`.
    pub(crate) fn with_stderr(&self, message: String) -> String {
        match self.stderr_tail() {
            Some(tail) => format!("{message} (its stderr: {tail})"),
            None => message,
        }
    }

    /// The engine's next line, waited for `within` at most.
    pub(crate) fn next(&self, within: std::time::Duration) -> Said {
        use std::sync::mpsc::RecvTimeoutError;
        match self.running.stdout.recv_timeout(within) {
            Ok(Line::Text(line)) => Said::Line(line),
            Ok(Line::Bad(why)) => Said::Bad(why),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => Said::Ended,
            Err(RecvTimeoutError::Timeout) => Said::Nothing,
        }
    }

    /// Starts `line` (split like a shell would); `player`, the command line as given, names
    /// it in errors.
    pub(crate) fn spawn(line: &str, player: String) -> Result<EngineProcess, PlayerError> {
        let fail = |message: String| PlayerError {
            player: player.clone(),
            message,
        };
        let argv = command_words(line).map_err(fail)?;
        let running = Running::spawn(&argv).map_err(fail)?;
        Ok(EngineProcess {
            command: player,
            program: argv[0].clone(),
            running,
        })
    }
}
