//! [`UciPlayer`]: a UCI or UCCI xiangqi engine (Fairy-Stockfish, Pikafish, Sjaak II) as a
//! player.
//!
//! The player starts the engine, greets it (`uci`, `setoption name UCI_Variant value
//! xiangqi` when the engine offers the option, `isready`; or `ucci`, `setoption usemillisec
//! true` when offered), learns how it numbers the ranks from its own move on the start
//! position (`go depth 1`, standard in both protocols), and asks for each move with
//! `position … moves …` and `go`. UCI: `go movetime <ms>` when a fixed time per move is
//! set, else `go wtime … btime …` (with `winc`/`binc` and `movestogo` when the control has
//! them) from the arbiter's clock. UCCI: `go time <ms> [movestogo n] [increment <ms>]
//! opptime <ms> [oppincrement <ms>]` (a fixed time per move is `go time <ms> movestogo 1`).
//! Only the permitted moves are searched (`searchmoves`) when the arbiter restricts them
//! (after an illegal move taken back). The answer is read from `bestmove`; a crash, or no
//! answer within the time left plus a grace period, is a [`PlayerError`].

use super::player::{Choice, MoveRequest, Player, PlayerError};
use crate::engine::{Dialect, UciRanks};
use crate::Ruleset;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long the engine may take to greet, and the grace period after its time.
const GRACE: Duration = Duration::from_secs(10);

/// A UCI engine playing one side. See the [module documentation](self).
pub struct UciPlayer {
    command: String,
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    ranks: UciRanks,
    dialect: Dialect,
    /// UCCI times in milliseconds (`usemillisec`), else in seconds.
    millis: bool,
    movetime: Option<Duration>,
    /// The score of the last search, in centipawns for the side that moved.
    score: Option<i32>,
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
        let argv = shell_words::split(line)
            .map_err(|e| fail(format!("cannot split the command line: {e}")))?;
        let Some((program, args)) = argv.split_first() else {
            return Err(fail("the command is empty".to_owned()));
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| fail(format!("cannot start `{program}`: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(fail("no pipes to the engine".to_owned()));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut player = UciPlayer {
            command: format!("{prefix}{line}"),
            name: program.clone(),
            child,
            stdin,
            lines,
            ranks: UciRanks::FromZero,
            dialect,
            millis: false,
            movetime,
            score: None,
        };
        let (greet, ok) = match dialect {
            Dialect::Uci => ("uci", "uciok"),
            Dialect::Ucci => ("ucci", "ucciok"),
        };
        player.send(greet)?;
        let mut has_variant = false;
        let greeting = player.until(ok, GRACE)?;
        for l in &greeting {
            if let Some(id) = l.strip_prefix("id name ") {
                player.name = id.trim().to_owned();
            }
            let words: Vec<&str> = l.split_whitespace().collect();
            if words.first() == Some(&"option") {
                has_variant |= words.contains(&"UCI_Variant");
                player.millis |= words.get(1) == Some(&"usemillisec");
            }
        }
        if has_variant && dialect == Dialect::Uci {
            player.send("setoption name UCI_Variant value xiangqi")?;
        }
        if player.millis {
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
        Ok(player)
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.command
    }

    fn error(&self, message: String) -> PlayerError {
        PlayerError {
            player: self.name.clone(),
            message,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
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
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let end = done(&line);
                    lines.push(line.clone());
                    if end {
                        return Ok((lines, line));
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(
                        self.error(format!("no `{what}` within {:.1} s", within.as_secs_f64()))
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.error(format!("it ended while arbiter waited for `{what}`")))
                }
            }
        }
    }
}

impl UciPlayer {
    /// UCCI's `go`: `time`, `movestogo`, `increment`, `opptime`, `oppincrement`, in
    /// milliseconds when the engine took `usemillisec`, else in seconds.
    fn ucci_go(&self, request: &MoveRequest<'_>) -> (String, Duration) {
        let unit = |ms: u64| if self.millis { ms } else { ms.div_ceil(1000) };
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
        let inc = request.increment.map_or(0, |s| s.millis());
        if inc > 0 {
            go.push_str(&format!(" increment {}", unit(inc)));
        }
        go.push_str(&format!(" opptime {}", unit(theirs)));
        if inc > 0 {
            go.push_str(&format!(" oppincrement {}", unit(inc)));
        }
        (go, Duration::from_millis(mine))
    }
}

impl Player for UciPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _ruleset: &Ruleset, _start_fen: &str) -> Result<(), PlayerError> {
        self.send("ucinewgame")?;
        self.send("isready")?;
        self.until("readyok", GRACE).map(|_| ())
    }

    fn score(&self) -> Option<i32> {
        self.score
    }

    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError> {
        let (ranks, name) = (self.ranks, self.name.clone());
        let to_engine = |m: &String| {
            ranks.to_engine(m).ok_or_else(|| PlayerError {
                player: name.clone(),
                message: format!("`{m}` is not an ICCS move"),
            })
        };
        let moves = request
            .moves
            .iter()
            .map(to_engine)
            .collect::<Result<Vec<_>, _>>()?;
        let mut position = if request.start_fen == xiangqi_start() {
            "position startpos".to_owned()
        } else {
            format!("position fen {}", request.start_fen)
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
                .map(|c| to_engine(&c.text()))
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

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
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
