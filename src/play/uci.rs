//! [`UciPlayer`]: a UCI or UCCI xiangqi engine (Fairy-Stockfish, Pikafish, Sjaak II) as a
//! player.
//!
//! The player starts the engine, greets it (`uci`, `setoption name UCI_Variant value
//! xiangqi` when the engine offers the option, `isready`; or `ucci`, `setoption usemillisec
//! true` when offered), learns how it numbers the ranks from its own move on the start
//! position (`go depth 1`, standard in both protocols), and asks for each move with
//! `position … moves …` and `go`. UCI: `go movetime <ms>` when a fixed time per move is
//! set, else `go wtime … btime …` (with `winc`/`binc` and `movestogo` when the control has
//! them) from the arbiter's clock. UCCI: `go time <t> [movestogo n] [increment <i>]
//! opptime <t> [oppincrement <i>]` (a fixed time per move is `go time <t> movestogo 1`).
//!
//! UCCI's times are in seconds unless the engine takes `setoption usemillisec true`; engines
//! do not all keep to that, so a UCCI engine's reading is probed at start ([`UcciTimes`]):
//! an engine offering the `usemillisec` option is set to milliseconds (Sjaak II, Fairy-
//! Stockfish since late 2021); any other is given `go time 100 opptime 100` — an engine
//! reading milliseconds answers within a second, one reading seconds (100 s) still thinks
//! and is stopped (`stop`) — so Debian's Fairy-Stockfish 11.1, which reads milliseconds
//! without offering the option, is not told its time a thousand times too short. Then `go
//! time <4 s> increment 0 opptime <4 s>`: an engine still thinking after a second (a
//! quarter of all its time on one move) misreads `increment` (Sjaak II 1.4.1 reads an
//! unset value there and thinks it has seconds more per move than it has), and is never
//! sent `increment`/`oppincrement`: it then plays as if without one, which is safe.
//! Only the permitted moves are searched (`searchmoves`) when the arbiter restricts them
//! (after an illegal move taken back). The answer is read from `bestmove`; a crash, or no
//! answer within the time left plus a grace period, is a [`PlayerError`].

use super::player::{
    unreadable, Choice, EngineProcess, HistoryTexts, MoveRequest, Player, PlayerError, Said,
};
use crate::engine::{Dialect, UciRanks};
use crate::procedure::{Board, Candidate};
use crate::Ruleset;
use std::time::{Duration, Instant};

/// How long the engine may take to greet, and the grace period after its time.
const GRACE: Duration = Duration::from_secs(10);

/// How a UCCI engine reads the times of `go`, as probed at start (see the [module
/// documentation](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UcciTimes {
    /// `time`, `opptime`, `increment` in milliseconds; `false`: in seconds (UCCI's own unit).
    pub millis: bool,
    /// Why: `usemillisec` offered and set, or the timing probe's finding.
    pub why: &'static str,
    /// Whether `increment` and `oppincrement` are sent: `false` for an engine that misreads
    /// them (it thought past a quarter of its time with `increment 0`).
    pub increment: bool,
}

/// The moves (ICCS) from the start to the position of the timing probes: edge soldiers
/// pushed, a position no opening book plays, so that no book move answers at once.
const PROBE_MOVES: [&str; 4] = ["a3a4", "a6a5", "i3i4", "i6i5"];

/// A UCI engine playing one side. See the [module documentation](self).
pub struct UciPlayer {
    name: String,
    process: EngineProcess,
    ranks: UciRanks,
    dialect: Dialect,
    /// How a UCCI engine reads `go`'s times (probed at start; UCI: milliseconds).
    times: UcciTimes,
    movetime: Option<Duration>,
    /// The score of the last search, in centipawns for the side that moved.
    score: Option<i32>,
    /// The game's moves as the engine reads them, sent with each `position`.
    history: HistoryTexts,
}

impl UciPlayer {
    /// Starts `command` (split like a shell would; a leading `uci:` or `ucci:` names the
    /// protocol, UCI without one). With `movetime`, every move is asked with a fixed time;
    /// without, with the clock times.
    pub fn start(command: &str, movetime: Option<Duration>) -> Result<UciPlayer, PlayerError> {
        let (dialect, line) = match command.trim().strip_prefix("ucci:") {
            Some(rest) => (Dialect::Ucci, rest.trim()),
            None => (
                Dialect::Uci,
                command.strip_prefix("uci:").unwrap_or(command).trim(),
            ),
        };
        let prefix = dialect.prefix();
        let fail = |message: String| PlayerError {
            player: format!("{prefix}{line}"),
            message,
        };
        let process = EngineProcess::spawn(line, format!("{prefix}{line}"))?;
        let mut player = UciPlayer {
            name: process.program.clone(),
            process,
            ranks: UciRanks::FromZero,
            dialect,
            times: UcciTimes {
                millis: true,
                why: "UCI's unit",
                increment: true,
            },
            movetime,
            score: None,
            history: HistoryTexts::default(),
        };
        let (greet, ok) = match dialect {
            Dialect::Uci => ("uci", "uciok"),
            Dialect::Ucci => ("ucci", "ucciok"),
        };
        player.send(greet)?;
        let mut has_variant = false;
        let mut usemillisec = false;
        let greeting = player.until(ok, GRACE)?;
        for l in &greeting {
            if let Some(id) = l.strip_prefix("id name ") {
                player.name = id.trim().to_owned();
            }
            let words: Vec<&str> = l.split_whitespace().collect();
            if words.first() == Some(&"option") {
                has_variant |= words.contains(&"UCI_Variant");
                usemillisec |= words.get(1) == Some(&"usemillisec");
            }
        }
        if has_variant && dialect == Dialect::Uci {
            player.send("setoption name UCI_Variant value xiangqi")?;
        }
        if usemillisec && dialect == Dialect::Ucci {
            player.send("setoption usemillisec true")?;
        }
        player.send("isready")?;
        player.until("readyok", GRACE)?;
        // The engine's own move on the start position tells how it numbers the ranks.
        player.send("position startpos")?;
        player.send("go depth 1")?;
        let (_, last) = player.until_match(
            |l| {
                let t = l.trim();
                t.starts_with("bestmove") || t.starts_with("nobestmove")
            },
            "bestmove",
            GRACE,
        )?;
        let first = last.split_whitespace().nth(1).unwrap_or("");
        player.ranks = UciRanks::of_start_move(first).ok_or_else(|| {
            fail(format!(
                "cannot tell how it numbers the ranks: its move `{first}` on the start position \
                 (`go depth 1`) is legal neither with ranks 0-9 nor with ranks 1-10, or both"
            ))
        })?;
        if dialect == Dialect::Ucci {
            player.times = player.probe_times(usemillisec)?;
        }
        Ok(player)
    }

    /// How a UCCI engine reads `go`'s times (the module documentation says how it is told).
    fn probe_times(&mut self, usemillisec: bool) -> Result<UcciTimes, PlayerError> {
        let mut times = UcciTimes {
            millis: true,
            why: "it offers `usemillisec`, set to true",
            increment: true,
        };
        if !usemillisec {
            let quick = self.timed_go("go time 100 opptime 100", Duration::from_secs(1))?;
            times.millis = quick;
            times.why = if quick {
                "without `usemillisec` it answered `go time 100` within 1 s: milliseconds"
            } else {
                "without `usemillisec` it thought past 1 s on `go time 100`: seconds"
            };
        }
        let four = if times.millis { 4000 } else { 4 };
        let go = format!("go time {four} increment 0 opptime {four}");
        times.increment = self.timed_go(&go, Duration::from_secs(1))?;
        Ok(times)
    }

    /// Sends `go` on the probe position: `true` when `bestmove` comes within `within`,
    /// `false` when the engine is still thinking then (it is stopped, and its move read).
    fn timed_go(&mut self, go: &str, within: Duration) -> Result<bool, PlayerError> {
        let moves = PROBE_MOVES
            .iter()
            .map(|m| self.ranks.to_engine(m).unwrap_or_default())
            .collect::<Vec<_>>();
        self.send(&format!("position startpos moves {}", moves.join(" ")))?;
        self.send(go)?;
        let is_move = |l: &str| {
            let t = l.trim();
            t.starts_with("bestmove") || t.starts_with("nobestmove")
        };
        let waiting = format!("`bestmove` after `{go}` (the probe of its time unit)");
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.process.next(left) {
                Said::Line(line) if is_move(&line) => return Ok(true),
                Said::Line(_) => {}
                Said::Nothing => break,
                Said::Ended => {
                    return Err(self.error(
                        self.process
                            .with_stderr(format!("it ended while arbiter waited for {waiting}")),
                    ))
                }
                Said::Bad(why) => return Err(self.error(unreadable(&why, &waiting))),
            }
        }
        self.send("stop")?;
        self.until_match(is_move, &format!("bestmove` after `{go}` and `stop"), GRACE)?;
        Ok(false)
    }

    /// How it reads UCCI's times, as probed at start (UCI: milliseconds).
    pub fn times(&self) -> UcciTimes {
        self.times
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.process.command
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        self.process
            .send(line)
            .map_err(|e| self.error(format!("cannot send `{line}`: {e}")))
    }

    /// The lines up to one equal to `last` (excluded).
    fn until(&mut self, last: &str, within: Duration) -> Result<Vec<String>, PlayerError> {
        self.until_match(|l| l.trim() == last, last, within)
            .map(|(mut lines, _)| {
                lines.pop();
                lines
            })
    }

    fn until_match(
        &mut self,
        done: impl Fn(&str) -> bool,
        what: &str,
        within: Duration,
    ) -> Result<(Vec<String>, String), PlayerError> {
        let deadline = Instant::now() + within;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.process.next(left) {
                Said::Line(line) => {
                    let end = done(&line);
                    lines.push(line.clone());
                    if end {
                        return Ok((lines, line));
                    }
                }
                Said::Nothing => {
                    return Err(
                        self.error(format!("no `{what}` within {:.1} s", within.as_secs_f64()))
                    )
                }
                Said::Ended => {
                    return Err(self.error(
                        self.process
                            .with_stderr(format!("it ended while arbiter waited for `{what}`")),
                    ))
                }
                Said::Bad(why) => return Err(self.error(unreadable(&why, &format!("`{what}`")))),
            }
        }
    }
}

impl UciPlayer {
    /// UCCI's `go`: `time`, `movestogo`, `increment`, `opptime`, `oppincrement`, in the
    /// unit the engine reads ([`UcciTimes`]). Seconds are rounded down (a time is never
    /// told longer than it is), but a time left is at least 1 (`time 0` reads as no limit).
    fn ucci_go(&self, request: &MoveRequest<'_>) -> (String, Duration) {
        let millis = self.times.millis;
        let unit = |ms: u64| if millis { ms } else { (ms / 1000).max(1) };
        if let Some(t) = self.movetime {
            let ms = t.as_millis() as u64;
            return (format!("go time {} movestogo 1", unit(ms)), t);
        }
        let Some(times) = request.remaining else {
            return (
                format!("go time {} movestogo 1", unit(100)),
                Duration::from_millis(100),
            );
        };
        let i = usize::from(request.side == crate::Side::Second);
        let (mine, theirs) = (times[i].millis(), times[1 - i].millis());
        let mut go = format!("go time {}", unit(mine));
        if let Some(Some(q)) = request.quota.map(|q| q[i]) {
            if q > 0 {
                go.push_str(&format!(" movestogo {q}"));
            }
        }
        let inc = match request.increment {
            Some(s) if self.times.increment && millis => s.millis(),
            Some(s) if self.times.increment => s.millis() / 1000,
            _ => 0,
        };
        if inc > 0 {
            go.push_str(&format!(" increment {inc}"));
        }
        go.push_str(&format!(" opptime {}", unit(theirs)));
        if inc > 0 {
            go.push_str(&format!(" oppincrement {inc}"));
        }
        (go, Duration::from_millis(mine))
    }
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _ruleset: &Ruleset, _start: &Board) -> Result<(), PlayerError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.until("readyok", GRACE).map(|_| ())
    }

    fn score(&self) -> Option<i32> {
        self.score
    }

    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError> {
        let (ranks, name) = (self.ranks, self.name.clone());
        let to_engine = |m: &Candidate| {
            let m = m.text();
            ranks.to_engine(&m).ok_or_else(|| PlayerError {
                player: name.clone(),
                message: format!("`{m}` is not an ICCS move"),
            })
        };
        let moves = self.history.try_texts(request, to_engine)?;
        let start = request.start.fen();
        let mut position = if start == xiangqi_start() {
            "position startpos".to_owned()
        } else {
            format!("position fen {start}")
        };
        if !moves.is_empty() {
            position = format!("{position} moves {}", moves.join(" "));
        }
        self.send(&position)?;
        let legal_count = request.board.legal_moves().len();
        let search = if request.permitted.len() < legal_count {
            let list = request
                .permitted
                .iter()
                .map(to_engine)
                .collect::<Result<Vec<_>, _>>()?;
            format!(" searchmoves {}", list.join(" "))
        } else {
            String::new()
        };
        let (go, budget) = if self.dialect == Dialect::Ucci {
            self.ucci_go(request)
        } else {
            match (self.movetime, request.remaining) {
                (Some(t), _) => (format!("go movetime {}", t.as_millis()), t),
                (None, Some([w, b])) => {
                    let inc = request.increment.map_or(0, |i| i.millis());
                    let mut go = format!("go wtime {} btime {}", w.millis(), b.millis());
                    if inc > 0 {
                        go.push_str(&format!(" winc {inc} binc {inc}"));
                    }
                    let i = usize::from(request.side == crate::Side::Second);
                    if let Some(Some(q)) = request.quota.map(|q| q[i]) {
                        if q > 0 {
                            go.push_str(&format!(" movestogo {q}"));
                        }
                    }
                    let mine = if i == 0 { w } else { b };
                    (go, Duration::from_millis(mine.millis()))
                }
                (None, None) => ("go movetime 100".to_owned(), Duration::from_millis(100)),
            }
        };
        self.send(&format!("{go}{search}"))?;
        let (lines, last) = self.until_match(
            |l| {
                let t = l.trim();
                t.starts_with("bestmove") || t.starts_with("nobestmove")
            },
            "bestmove",
            budget + GRACE,
        )?;
        self.score = lines.iter().rev().find_map(|l| info_score(l));
        let text = if last.trim().starts_with("nobestmove") {
            "(none)".to_owned()
        } else {
            last.split_whitespace().nth(1).unwrap_or("").to_owned()
        };
        let iccs = self.ranks.to_iccs(&text).unwrap_or(text);
        Ok(Choice::timed_by_arbiter(iccs))
    }
}

/// The score of an `info` line, in centipawns for the side to move: `score cp N`, or
/// `score mate N` as ±(100,000 − N) (a mate in N for, or against, the side to move).
///
/// ```
/// use arbiter::play::uci::info_score;
///
/// assert_eq!(info_score("info depth 9 score cp -35 nodes 1200 pv h2e2"), Some(-35));
/// assert_eq!(info_score("info depth 12 score mate 3 pv a0a9"), Some(99_997));
/// assert_eq!(info_score("info depth 12 score mate -2"), Some(-99_998));
/// assert_eq!(info_score("info string hello"), None);
/// ```
pub fn info_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    if words.next() != Some("info") {
        return None;
    }
    while let Some(w) = words.next() {
        if w == "score" {
            let kind = words.next()?;
            let n: i32 = words.next()?.parse().ok()?;
            return match kind {
                "cp" => Some(n),
                "mate" if n >= 0 => Some(100_000 - n),
                "mate" => Some(-100_000 - n),
                _ => None,
            };
        }
    }
    None
}

fn xiangqi_start() -> String {
    crate::xiangqi::Position::start().fen()
}
