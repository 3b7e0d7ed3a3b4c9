//! [`XboardPlayer`]: an XBoard (CECP) xiangqi engine (Fairy-Stockfish, Sjaak II) as a
//! player, for `arbiter play --red 'xboard:<command line>'`.
//!
//! Start-up: `xboard`, `protover 2` and its `feature`s up to `done=1` (3 s at most;
//! `usermove=1` is accepted and moves are then sent as `usermove <m>`; an engine without
//! `ping=1`, with `san=1`, or whose `variants` lack `xiangqi` is refused), `new`, `variant
//! xiangqi`, `force`, `easy` (no pondering). Then two probes, each closed by `ping`/`pong`:
//! the FEN letters it reads in `setboard` (`n`/`b`, else WXF's `h`/`e`) and how it numbers
//! the ranks (which of `h2e2` and `h3e3` it takes on the start position).
//!
//! Each game starts with `new`, `variant xiangqi`, `force` (and `setboard <fen>` away from
//! the start position). For each move the engine is in force mode and is sent only the
//! moves it has not seen yet (the opponent's reply), then `ping`: an `Illegal move` (or an
//! `Error` naming the move) before `pong` means it refuses a move the arbiter took, and it
//! cannot go on (a loss by engine failure). A history it does not hold (its own move
//! refused by the arbiter) is sent again from `new`. The clock: `level <moves> <base>
//! <increment>` at a game's first move (the base in minutes:seconds, the increment in
//! seconds), then `time <centiseconds>` and `otim <centiseconds>` before every `go`
//! (CECP's times are centiseconds); a fixed time per move (`@movetime=<ms>`) is `level 1
//! 0:01 0` and `time` = that time, as is 100 ms in a game without a clock. After `go` the
//! engine's answer is read: `move <m>` is its move (the arbiter rules on it), `resign` a
//! resignation, a result (`1-0 {…}`, `0-1 {…}`, `1/2-1/2 {…}`) instead of a move a claim
//! the arbiter's rules do not back (the game is not over, or the engine would not have been
//! asked): the engine gave no move. Then `force`. Thinking output (`<ply> <score> <time>
//! <nodes> <pv>`) gives the score read by the score adjudication. A crash, or no answer
//! within the time left plus a grace period, is a [`PlayerError`].

use super::player::{unreadable, Choice, EngineProcess, MoveRequest, Player, PlayerError, Said};
use crate::engine::{lettered, UciRanks};
use crate::procedure::{Board, Candidate};
use crate::Ruleset;
use std::time::{Duration, Instant};

/// How long the engine may take to answer a command, and the grace period after its time.
const GRACE: Duration = Duration::from_secs(10);

/// How long `protover 2` may take to end its features with `done=1`.
const FEATURE_WAIT: Duration = Duration::from_secs(3);

/// The xiangqi start position.
const START: &str = crate::xiangqi::START_FEN;

/// An XBoard engine playing one side. See the [module documentation](self).
pub struct XboardPlayer {
    name: String,
    process: EngineProcess,
    ranks: UciRanks,
    wxf_letters: bool,
    usermove: bool,
    movetime: Option<Duration>,
    next_ping: u64,
    /// The game the engine's board holds: its start and the moves it was sent or played;
    /// `None` before a game's first move.
    board: Option<(Board, Vec<Candidate>)>,
    /// Whether `level` was sent in this game.
    level_sent: bool,
    score: Option<i32>,
    resigned: bool,
}

/// A result announcement line (`1-0 {Red mates}`): the score and the comment.
fn announcement(text: &str) -> Option<(&str, &str)> {
    let (score, rest) = text.split_once(' ').unwrap_or((text, ""));
    ["1-0", "0-1", "1/2-1/2"]
        .contains(&score)
        .then(|| (score, rest.trim()))
}

/// The score of a thinking-output line (`<ply> <score> <time> <nodes> <pv>`), in
/// centipawns for the side to move.
///
/// ```
/// use arbiter::play::xboard::thinking_score;
///
/// assert_eq!(thinking_score("9 -35 120 45210 h2e2 h9g7"), Some(-35));
/// assert_eq!(thinking_score("12. 41 300 1200000 b0c2"), Some(41));
/// assert_eq!(thinking_score("move h2e2"), None);
/// ```
pub fn thinking_score(line: &str) -> Option<i32> {
    let mut words = line.split_whitespace();
    let ply = words.next()?.trim_end_matches(['.', '&']);
    if ply.is_empty() || !ply.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let score = words.next()?.parse().ok()?;
    words.next()?.parse::<i64>().ok()?;
    Some(score)
}

/// A time for `level`: minutes, or minutes:seconds (whole seconds, at least one).
fn level_base(ms: u64) -> String {
    let secs = (ms / 1000).max(1);
    if secs % 60 == 0 {
        format!("{}", secs / 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// An increment for `level`, in seconds: whole when it is, else with its decimals.
fn level_increment(ms: u64) -> String {
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let text = format!("{:.3}", ms as f64 / 1000.0);
        text.trim_end_matches('0').to_owned()
    }
}

/// Everything the engine wrote between a command and the `pong` closing it, sorted.
#[derive(Default)]
struct Heard {
    /// `Illegal move …`, or `Error …` naming the move sent.
    refused: Option<String>,
    /// Other error lines (a FEN it could not read).
    errors: Vec<String>,
}

impl XboardPlayer {
    /// Starts `command` (split like a shell would; a leading `xboard:` is ignored), greets
    /// the engine and probes it. With `movetime`, every move is asked with a fixed time;
    /// without, with the clock times.
    pub fn start(command: &str, movetime: Option<Duration>) -> Result<XboardPlayer, PlayerError> {
        let line = command.trim();
        let line = line.strip_prefix("xboard:").unwrap_or(line).trim();
        let process = EngineProcess::spawn(line, format!("xboard:{line}"))?;
        let mut player = XboardPlayer {
            name: process.program.clone(),
            process,
            ranks: UciRanks::FromZero,
            wxf_letters: false,
            usermove: false,
            movetime,
            next_ping: 0,
            board: None,
            level_sent: false,
            score: None,
            resigned: false,
        };
        player.greet()?;
        player.probe()?;
        Ok(player)
    }

    /// The command line it was started with.
    pub fn command(&self) -> &str {
        &self.process.command
    }

    /// How the engine numbers the ranks, as probed at start.
    pub fn ranks(&self) -> UciRanks {
        self.ranks
    }

    /// How the process ended, when it has, and the end of what it wrote on stderr, if
    /// anything. (Its output closes a moment before it is gone: waited for half a second at
    /// most.)
    fn exit_status(&mut self) -> String {
        let status = match self.process.running.ended(Duration::from_millis(500)) {
            Some(status) => format!("it exited: {status}"),
            None => "its output closed, the process still runs".to_owned(),
        };
        match self.process.stderr_tail() {
            Some(tail) => format!("{status}; its stderr: {tail}"),
            None => status,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), PlayerError> {
        let sent = self.process.send(line);
        match sent {
            Ok(()) => Ok(()),
            Err(e) => {
                let status = self.exit_status();
                Err(self.error(format!("cannot send `{line}` ({e}; {status})")))
            }
        }
    }

    /// The next line within `deadline`; `Ok(None)` at the deadline.
    fn line_until(
        &mut self,
        deadline: Instant,
        waiting: &str,
    ) -> Result<Option<String>, PlayerError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.process.next(left) {
            Said::Line(line) => Ok(Some(line)),
            Said::Nothing => Ok(None),
            Said::Ended => {
                let status = self.exit_status();
                Err(self.error(format!(
                    "it ended while arbiter waited for {waiting} ({status})"
                )))
            }
            Said::Bad(why) => Err(self.error(unreadable(&why, waiting))),
        }
    }

    /// `xboard`, `protover 2` and its features, `new`, `variant xiangqi`, `force`, `easy`.
    fn greet(&mut self) -> Result<(), PlayerError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let deadline = Instant::now() + FEATURE_WAIT;
        let (mut ping, mut san, mut variants, mut done) = (false, false, None, false);
        while let Some(line) = self.line_until(deadline, "`feature done=1` after `protover 2`")? {
            let text = line.trim();
            if !text.starts_with("feature ") {
                continue;
            }
            self.usermove |= text.contains("usermove=1");
            ping |= text.contains("ping=1");
            san |= text.contains("san=1");
            if let Some(i) = text.find("myname=") {
                // Quoted (`myname="Sjaak II 1.4.1"`) or one word (`myname=Fairy-Stockfish`).
                let value = &text[i + 7..];
                let name = match value.strip_prefix('"') {
                    Some(quoted) => quoted.split('"').next(),
                    None => value.split_whitespace().next(),
                };
                if let Some(n) = name.filter(|n| !n.trim().is_empty()) {
                    self.name = n.trim().to_owned();
                }
            }
            if let Some(i) = text.find("variants=\"") {
                variants = text[i + 10..].split('"').next().map(str::to_owned);
            }
            if text.contains("done=1") {
                done = true;
                break;
            }
        }
        let refuse = |why: String| Err(why);
        let verdict = if !done {
            refuse(format!(
                "it sent no `feature done=1` within {} s of `protover 2`: not an XBoard \
                 protocol 2 engine (arbiter needs its `ping` to know when it has read a move)",
                FEATURE_WAIT.as_secs()
            ))
        } else if !ping {
            refuse(
                "it does not offer `ping` (`feature ping=1`), which arbiter needs to know when \
                 it has read a move"
                    .to_owned(),
            )
        } else if san {
            refuse(
                "it asks for SAN moves (`feature san=1`); arbiter writes xiangqi moves in \
                 coordinates only"
                    .to_owned(),
            )
        } else if variants
            .as_deref()
            .is_some_and(|v| !v.split(',').any(|v| v.trim() == "xiangqi"))
        {
            refuse("it does not play xiangqi: its `feature variants` lists no `xiangqi`".to_owned())
        } else {
            Ok(())
        };
        if let Err(why) = verdict {
            return Err(self.error(why));
        }
        if self.usermove {
            self.send("accepted usermove")?;
        }
        for line in ["new", "variant xiangqi", "force", "easy"] {
            self.send(line)?;
        }
        Ok(())
    }

    /// Sends `ping n` and reads up to `pong n`, sorting what came before; `move_text`: the
    /// move just sent, which an `Error` line naming it refuses.
    fn sync(&mut self, after: &str, move_text: Option<&str>) -> Result<Heard, PlayerError> {
        self.next_ping += 1;
        let n = self.next_ping;
        self.send(&format!("ping {n}"))?;
        let waiting = format!("`pong {n}` after {after}");
        let deadline = Instant::now() + GRACE;
        let mut heard = Heard::default();
        loop {
            let Some(line) = self.line_until(deadline, &waiting)? else {
                return Err(self.error(format!("no {waiting} within {} s", GRACE.as_secs())));
            };
            let text = line.trim();
            if let Some(rest) = text.strip_prefix("pong") {
                if rest.trim() == n.to_string() {
                    return Ok(heard);
                }
            } else if text.starts_with("Illegal move") {
                heard.refused = Some(text.to_owned());
            } else if text.starts_with("Error") || text.starts_with("tellusererror") {
                match move_text {
                    Some(m) if text.contains(m) => heard.refused = Some(text.to_owned()),
                    _ => heard.errors.push(text.to_owned()),
                }
            }
        }
    }

    fn move_line(&self, text: &str) -> String {
        if self.usermove {
            format!("usermove {text}")
        } else {
            text.to_owned()
        }
    }

    fn setboard(&self, fen: &str) -> String {
        if self.wxf_letters {
            format!("setboard {}", lettered(fen, true))
        } else {
            format!("setboard {fen}")
        }
    }

    /// The FEN letters it reads in `setboard`, and how it numbers the ranks.
    fn probe(&mut self) -> Result<(), PlayerError> {
        let mut letters = None;
        for wxf in [false, true] {
            self.wxf_letters = wxf;
            let board = self.setboard(START);
            self.send(&board)?;
            if self.sync("`setboard <start>`", None)?.errors.is_empty() {
                letters = Some(wxf);
                break;
            }
        }
        let Some(wxf) = letters else {
            return Err(self.error(
                "it reads no start-position FEN in `setboard`, with the horses and elephants \
                 written n/b or h/e"
                    .to_owned(),
            ));
        };
        self.wxf_letters = wxf;
        let mut takes = Vec::new();
        for ranks in [UciRanks::FromZero, UciRanks::FromOne] {
            let text = ranks.to_engine("h2e2").unwrap_or_default();
            let board = self.setboard(START);
            self.send(&board)?;
            let line = self.move_line(&text);
            self.send(&line)?;
            let heard = self.sync(&format!("the start move `{text}`"), Some(&text))?;
            takes.push(heard.refused.is_none());
        }
        self.ranks = match takes[..] {
            [true, false] => UciRanks::FromZero,
            [false, true] => UciRanks::FromOne,
            _ => {
                return Err(self.error(format!(
                    "cannot tell how it numbers the ranks: on the start position it {} `h2e2` \
                     and {} `h3e3`",
                    if takes[0] { "takes" } else { "refuses" },
                    if takes[1] { "takes" } else { "refuses" }
                )))
            }
        };
        Ok(())
    }

    /// Lines left over since the last answer (a result announced after its own move,
    /// chatter) are dropped; a closed output is a crash.
    fn drain(&mut self) -> Result<(), PlayerError> {
        loop {
            match self.process.next(Duration::ZERO) {
                Said::Line(_) => {}
                Said::Nothing => return Ok(()),
                Said::Ended => {
                    let status = self.exit_status();
                    return Err(self.error(format!("it ended between two moves ({status})")));
                }
                Said::Bad(why) => {
                    return Err(self.error(format!("its output: {why}, between two moves")))
                }
            }
        }
    }

    /// Brings the engine's board to the request's position: the moves it has not seen, or
    /// the whole game again from `new` when its board is not on the way to it.
    fn bring(&mut self, request: &MoveRequest<'_>) -> Result<(), PlayerError> {
        let on_the_way = matches!(&self.board, Some((start, moves))
            if start == request.start && request.moves.starts_with(moves));
        if !on_the_way {
            for line in ["new", "variant xiangqi", "force"] {
                self.send(line)?;
            }
            let start = request.start.fen();
            if start != START {
                let board = self.setboard(&start);
                self.send(&board)?;
                let heard = self.sync("`setboard`", None)?;
                if let Some(e) = heard.errors.first() {
                    let e = e.clone();
                    return Err(self.error(format!(
                        "it refuses the game's start position (`{board}`): {e}"
                    )));
                }
            }
            self.board = Some((request.start.clone(), Vec::new()));
            self.level_sent = false;
        }
        let known = self.board.as_ref().map_or(0, |(_, m)| m.len());
        for (i, played) in request.moves.iter().enumerate().skip(known) {
            let m = played.text();
            let Some(text) = self.ranks.to_engine(&m) else {
                return Err(self.error(format!("history move {} `{m}` is not an ICCS move", i + 1)));
            };
            let line = self.move_line(&text);
            self.send(&line)?;
            let heard = self.sync(&format!("`{line}`"), Some(&text))?;
            if let Some(refusal) = heard.refused {
                self.board = None;
                return Err(self.error(format!(
                    "it refuses move {} `{m}` (`{text}` to the engine) of the game, which the \
                     arbiter's rules take: {refusal}",
                    i + 1
                )));
            }
            if let Some((_, moves)) = &mut self.board {
                moves.push(played.clone());
            }
        }
        Ok(())
    }

    /// The clock commands before `go`, and how long its move may take.
    fn clock(&mut self, request: &MoveRequest<'_>) -> Result<Duration, PlayerError> {
        let fixed = match (self.movetime, request.remaining) {
            (Some(t), _) => Some(t),
            (None, None) => Some(Duration::from_millis(100)),
            (None, Some(_)) => None,
        };
        if let Some(t) = fixed {
            if !self.level_sent {
                self.send("level 1 0:01 0")?;
                self.level_sent = true;
            }
            let cs = (t.as_millis() / 10).max(1);
            self.send(&format!("time {cs}"))?;
            self.send(&format!("otim {cs}"))?;
            return Ok(t);
        }
        let Some(times) = request.remaining else {
            return Ok(Duration::from_millis(100));
        };
        let i = usize::from(request.side == crate::Side::Second);
        let (mine, theirs) = (times[i].millis(), times[1 - i].millis());
        if !self.level_sent {
            let moves = request.quota.and_then(|q| q[i]).unwrap_or(0);
            let inc = request.increment.map_or(0, |s| s.millis());
            let level = format!(
                "level {moves} {} {}",
                level_base(mine),
                level_increment(inc)
            );
            self.send(&level)?;
            self.level_sent = true;
        }
        // At least 1: some engines read `time 0` as no limit at all.
        self.send(&format!("time {}", (mine / 10).max(1)))?;
        self.send(&format!("otim {}", (theirs / 10).max(1)))?;
        Ok(Duration::from_millis(mine))
    }
}

impl Player for XboardPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn refuses(&self, ruleset: &Ruleset) -> Option<String> {
        (ruleset.game != crate::Game::Xiangqi)
            .then(|| format!("the XBoard player plays xiangqi only, not {ruleset}"))
    }

    fn new_game(&mut self, _ruleset: &Ruleset, _start: &Board) -> Result<(), PlayerError> {
        self.board = None;
        self.score = None;
        self.resigned = false;
        self.drain()
    }

    fn score(&self) -> Option<i32> {
        self.score
    }

    fn resigned(&self) -> bool {
        self.resigned
    }

    fn choose(&mut self, request: &MoveRequest<'_>) -> Result<Choice, PlayerError> {
        self.drain()?;
        self.bring(request)?;
        let budget = self.clock(request)?;
        self.send("go")?;
        let deadline = Instant::now() + budget + GRACE;
        let waiting = "`move …` after `go`";
        let answer = loop {
            let Some(line) = self.line_until(deadline, waiting)? else {
                return Err(self.error(format!(
                    "no `move …` after `go` within {:.1} s (its time and {} s more)",
                    (budget + GRACE).as_secs_f64(),
                    GRACE.as_secs()
                )));
            };
            let text = line.trim();
            if let Some(m) = text.strip_prefix("move ") {
                break Ok(m.trim().to_owned());
            }
            if text == "resign" || text.starts_with("resign ") {
                break Err(None);
            }
            if let Some((score, comment)) = announcement(text) {
                break Err(Some(format!("{score} {comment}").trim().to_owned()));
            }
            if let Some(s) = thinking_score(text) {
                self.score = Some(s);
            }
        };
        self.send("force")?;
        match answer {
            Ok(m) => {
                let iccs = self.ranks.to_iccs(&m).unwrap_or(m);
                // The engine's board holds its move: the game goes on from there if the
                // arbiter plays it. A text that is no legal move in canonical notation is
                // never played as written, so the engine's board is set up again.
                let played = request
                    .board
                    .read_move(&iccs)
                    .ok()
                    .filter(|c| c.text() == iccs);
                match (played, &mut self.board) {
                    (Some(c), Some((_, moves))) => moves.push(c),
                    _ => self.board = None,
                }
                Ok(Choice::timed_by_arbiter(iccs))
            }
            Err(None) => {
                self.resigned = true;
                Err(self.error("it resigned (`resign`)".to_owned()))
            }
            Err(Some(result)) => Err(self.error(format!(
                "it announced `{result}` instead of a move, where the arbiter's rules let the \
                 game go on: it gave no move"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{announcement, lettered, level_base, level_increment};

    #[test]
    fn level_writes_minutes_seconds_and_the_increment_in_seconds() {
        assert_eq!(level_base(60_000), "1");
        assert_eq!(level_base(5_000), "0:05");
        assert_eq!(level_base(90_500), "1:30");
        assert_eq!(level_base(200), "0:01");
        assert_eq!(level_increment(1_000), "1");
        assert_eq!(level_increment(100), "0.1");
        assert_eq!(level_increment(0), "0");
    }

    #[test]
    fn results_and_letters() {
        assert_eq!(
            announcement("1/2-1/2 {Draw by repetition}"),
            Some(("1/2-1/2", "{Draw by repetition}"))
        );
        assert_eq!(announcement("1-0x"), None);
        assert_eq!(
            lettered("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR w - - 0 1", true),
            "rheakaehr/9/9/9/9/9/9/9/9/RHEAKAEHR w - - 0 1"
        );
    }
}
