//! A UCI xiangqi engine (Fairy-Stockfish, Pikafish) behind the built-in adapter, for
//! `arbiter run --engine 'uci:<command line>' --ruleset xiangqi` (`docs/protocol.md`,
//! "UCI engines").
//!
//! Everything the adapter answers is the engine's own word: the legal moves are its
//! `go perft 1` divide, a history move is legal when the engine lists it in the position
//! before it, the position reached and check come from its `d` output. arbiter's rules are
//! not asked; only the move notation is translated, once the engine's rank convention
//! ([`UciRanks`]) is detected from its own moves.
//!
//! The process is supervised like a protocol engine ([`super::ProcessEngine`]): a
//! per-request timeout, restarts after a crash, a hang or nonsense, a restart limit, and its
//! stderr attached to the failures.
//!
//! ```
//! use arbiter::engine::UciRanks;
//!
//! assert_eq!(UciRanks::FromOne.to_engine("h2e2").as_deref(), Some("h3e3"));
//! assert_eq!(UciRanks::FromOne.to_iccs("b3b10").as_deref(), Some("b2b9"));
//! assert_eq!(UciRanks::FromZero.to_iccs("b2b9").as_deref(), Some("b2b9"));
//! assert_eq!(UciRanks::FromOne.to_iccs("b2b0"), None);
//! ```

use super::child::{shorten, Line, Running, Supervised};
use super::{Engine, ProcessOptions, StartError, Usage};
use crate::protocol::{
    Answer, EngineFailure, EngineInfo, FailureKind, Query, QueryKind, Reply, Request, Stage,
};
use crate::xiangqi::iccs::{parse_iccs_coords, write_uci10};
use crate::xiangqi::{Move, Square};
use crate::Game;
use std::sync::mpsc::{RecvTimeoutError, TryRecvError};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How a UCI engine numbers the ranks in its moves, counted from red's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciRanks {
    /// Ranks 0–9, as ICCS (`h2e2`): Pikafish.
    FromZero,
    /// Ranks 1–10 (`h3e3`, `b3b10`): Fairy-Stockfish.
    FromOne,
}

impl UciRanks {
    /// The ranks as written in reports: `0-9` or `1-10`.
    pub fn name(self) -> &'static str {
        match self {
            UciRanks::FromZero => "0-9",
            UciRanks::FromOne => "1-10",
        }
    }

    /// The engine's text of an ICCS move (`h2e2`, also `H2-E2`); `None` when `iccs` is not
    /// an ICCS move. Only the notation is translated: the move is not checked.
    pub fn to_engine(self, iccs: &str) -> Option<String> {
        let m = parse_iccs_coords(iccs).ok()?;
        Some(match self {
            UciRanks::FromZero => m.to_string(),
            UciRanks::FromOne => write_uci10(m),
        })
    }

    /// The ICCS text of a move the engine wrote; `None` when `text` is not a move in this
    /// convention (lowercase files a–i, then the ranks).
    pub fn to_iccs(self, text: &str) -> Option<String> {
        let (from, rest) = self.square(text)?;
        let (to, rest) = self.square(rest)?;
        rest.is_empty().then(|| Move { from, to }.to_string())
    }

    /// Reads one square at the start of `text`; returns it with the rest of the text.
    fn square(self, text: &str) -> Option<(Square, &str)> {
        let file = *text.as_bytes().first()?;
        if !(b'a'..=b'i').contains(&file) {
            return None;
        }
        let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
        let rank_text = &text[1..1 + digits];
        let rank: u8 = rank_text.parse().ok()?;
        let rank = match self {
            UciRanks::FromZero if digits == 1 => rank,
            UciRanks::FromOne if (1..=10).contains(&rank) && !rank_text.starts_with('0') => {
                rank - 1
            }
            _ => return None,
        };
        Some((Square::new(file - b'a', rank)?, &text[1 + digits..]))
    }
}

/// The ranks named in a move text (`b3b10` → 3 and 10), read without a convention.
fn ranks_named(text: &str) -> Vec<u32> {
    let mut ranks = Vec::new();
    let mut digits = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
        } else if !digits.is_empty() {
            ranks.extend(digits.parse::<u32>().ok());
            digits.clear();
        }
    }
    ranks
}

/// Why a conversation with the engine broke off: the kind of failure and what happened.
struct Trouble {
    kind: FailureKind,
    message: String,
}

impl Trouble {
    fn nonsense(message: impl Into<String>) -> Trouble {
        Trouble {
            kind: FailureKind::Nonsense,
            message: message.into(),
        }
    }
}

/// The moves of a `go perft` divide, as the engine wrote them, and its node count.
struct Divide {
    moves: Vec<(String, u64)>,
    nodes: u64,
}

/// What the engine's `d` output shows.
struct Display {
    /// The text after `Fen:`.
    fen: Option<String>,
    /// The text after `Checkers:`.
    checkers: Option<String>,
}

/// One exchange of commands and answers with a running engine, against a deadline.
struct Talk<'a> {
    running: &'a mut Running,
    deadline: Instant,
    timeout: Duration,
}

impl<'a> Talk<'a> {
    fn new(running: &'a mut Running, timeout: Duration) -> Talk<'a> {
        Talk {
            running,
            deadline: Instant::now() + timeout,
            timeout,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), Trouble> {
        self.running.send(line).map_err(|e| Trouble {
            kind: FailureKind::Crashed,
            message: format!(
                "cannot send `{}` ({e}); {}",
                shorten(line),
                self.running.exit_status()
            ),
        })
    }

    /// The next line; `waiting` says what for (`` `uciok` after `uci` ``).
    fn line(&mut self, waiting: &str) -> Result<String, Trouble> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        match self.running.stdout.recv_timeout(left) {
            Ok(Line::Text(text)) => Ok(text),
            Ok(Line::Bad(msg)) => Err(Trouble::nonsense(format!("{msg}, waiting for {waiting}"))),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => Err(Trouble {
                kind: FailureKind::Crashed,
                message: format!(
                    "it ended while arbiter waited for {waiting} ({})",
                    self.running.exit_status()
                ),
            }),
            Err(RecvTimeoutError::Timeout) => Err(Trouble {
                kind: FailureKind::Hung,
                message: format!("no {waiting} within {} s", self.timeout.as_secs_f64()),
            }),
        }
    }

    /// `isready`, then every line up to `readyok`.
    fn ready(&mut self, after: &str) -> Result<Vec<String>, Trouble> {
        self.send("isready")?;
        let waiting = format!("`readyok` after {after}`isready`");
        let mut lines = Vec::new();
        loop {
            let line = self.line(&waiting)?;
            if line.trim() == "readyok" {
                return Ok(lines);
            }
            lines.push(line);
        }
    }

    /// `go perft <depth>` in the position set before, read up to `Nodes searched`.
    fn perft(&mut self, depth: u32) -> Result<Divide, Trouble> {
        let command = format!("go perft {depth}");
        self.send(&command)?;
        let waiting = format!("`Nodes searched: <n>` after `{command}`");
        let mut moves = Vec::new();
        loop {
            let line = self.line(&waiting)?;
            let text = line.trim();
            if text.is_empty() || text == "info" || text.starts_with("info ") {
                continue;
            }
            if let Some(n) = text.strip_prefix("Nodes searched:") {
                let nodes = n.trim().parse().map_err(|_| {
                    Trouble::nonsense(format!(
                        "expected a node count after `Nodes searched:`, got `{}`",
                        shorten(text)
                    ))
                })?;
                return Ok(Divide { moves, nodes });
            }
            let divide = text.split_once(':').and_then(|(m, n)| {
                let m = m.trim();
                let n = n.trim().parse::<u64>().ok()?;
                (!m.is_empty() && m.bytes().all(|b| b.is_ascii_alphanumeric()))
                    .then(|| (m.to_owned(), n))
            });
            match divide {
                Some(entry) => moves.push(entry),
                None => {
                    return Err(Trouble::nonsense(format!(
                        "expected `<move>: <count>` or `Nodes searched: <n>` after `{command}`, got `{}`",
                        shorten(text)
                    )))
                }
            }
        }
    }

    /// The legal moves of the position set before (`go perft 1`), as (engine text, ICCS).
    fn legal(&mut self, ranks: UciRanks) -> Result<Vec<(String, String)>, Trouble> {
        let divide = self.perft(1)?;
        check_divide(&divide, 1)?;
        divide
            .moves
            .into_iter()
            .map(|(text, _)| match ranks.to_iccs(&text) {
                Some(iccs) => Ok((text, iccs)),
                None => Err(unreadable(&text, ranks)),
            })
            .collect()
    }

    /// `d`, read up to the `readyok` of an `isready` sent after it.
    fn display(&mut self) -> Result<Display, Trouble> {
        self.send("d")?;
        let lines = self.ready("`d` and ")?;
        let field = |name: &str| {
            lines.iter().find_map(|l| {
                l.trim_start()
                    .strip_prefix(name)
                    .map(|rest| rest.trim().to_owned())
            })
        };
        Ok(Display {
            fen: field("Fen:"),
            checkers: field("Checkers:"),
        })
    }
}

/// A divide whose counts do not add up to its `Nodes searched` is nonsense; at depth 1
/// every count is 1.
fn check_divide(divide: &Divide, depth: u32) -> Result<(), Trouble> {
    let sum: u64 = divide.moves.iter().map(|(_, n)| n).sum();
    if sum != divide.nodes {
        return Err(Trouble::nonsense(format!(
            "`go perft {depth}` listed {} moves counting {sum} nodes, but wrote `Nodes searched: {}`",
            divide.moves.len(),
            divide.nodes
        )));
    }
    if depth == 1 {
        if let Some((m, n)) = divide.moves.iter().find(|(_, n)| *n != 1) {
            return Err(Trouble::nonsense(format!(
                "`go perft 1` counted {n} nodes for `{m}`, expected 1"
            )));
        }
    }
    Ok(())
}

fn unreadable(text: &str, ranks: UciRanks) -> Trouble {
    Trouble::nonsense(format!(
        "the engine listed `{}`, which is not a move with files a-i and ranks {}",
        shorten(text),
        ranks.name()
    ))
}

/// What the engine says in answer to `uci`.
#[derive(Default)]
struct Hello {
    /// The text after `id name`.
    name: Option<String>,
    /// The `var`s of its `UCI_Variant` option, when it has one.
    variants: Option<Vec<String>>,
}

/// Reads an `option` line: its name and, for `UCI_Variant`, its `var` values.
fn variant_option(line: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let name_at = words.iter().position(|w| *w == "name")?;
    let type_at = words
        .iter()
        .position(|w| *w == "type")
        .unwrap_or(words.len());
    let name = words.get(name_at + 1..type_at)?.join(" ");
    if name != "UCI_Variant" {
        return None;
    }
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_owned())
            .collect(),
    )
}

/// `uci` up to `uciok`, `setoption name UCI_Variant value xiangqi` when the engine has the
/// option, then `isready` up to `readyok`.
fn hello(talk: &mut Talk) -> Result<Hello, Trouble> {
    talk.send("uci")?;
    let mut hello = Hello::default();
    loop {
        let line = talk.line("`uciok` after `uci`")?;
        let text = line.trim();
        if text == "uciok" {
            break;
        }
        if let Some(name) = text.strip_prefix("id name ") {
            hello.name = Some(name.trim().to_owned());
        } else if text.starts_with("option ") {
            if let Some(vars) = variant_option(text) {
                hello.variants = Some(vars);
            }
        }
    }
    if let Some(vars) = &hello.variants {
        if !vars.iter().any(|v| v == "xiangqi") {
            return Err(Trouble::nonsense(
                "it does not play xiangqi: its `UCI_Variant` option has no `var xiangqi`",
            ));
        }
        talk.send("setoption name UCI_Variant value xiangqi")?;
    }
    talk.ready("")?;
    Ok(hello)
}

/// What the engine shows at start-up on the start position.
struct Probe {
    ranks: UciRanks,
    shows_fen: bool,
    shows_checkers: bool,
}

/// Detects the rank convention from the engine's `go perft 1` on the start position, and
/// whether its `d` output has `Fen:` and `Checkers:` lines.
fn probe(talk: &mut Talk) -> Result<Probe, Trouble> {
    talk.send("position startpos")?;
    let divide = talk.perft(1)?;
    check_divide(&divide, 1)?;
    let named: Vec<u32> = divide
        .moves
        .iter()
        .flat_map(|(m, _)| ranks_named(m))
        .collect();
    let ranks = match (named.contains(&0), named.contains(&10)) {
        (true, false) => UciRanks::FromZero,
        (false, true) => UciRanks::FromOne,
        (zero, _) => {
            return Err(Trouble::nonsense(format!(
                "cannot tell how it numbers the ranks: its {} moves from the start position \
                 (`go perft 1`) name {}",
                divide.moves.len(),
                if zero {
                    "both a rank 0 and a rank 10"
                } else {
                    "neither a rank 0 nor a rank 10"
                }
            )))
        }
    };
    if let Some((m, _)) = divide
        .moves
        .iter()
        .find(|(m, _)| ranks.to_iccs(m).is_none())
    {
        return Err(unreadable(m, ranks));
    }
    let display = talk.display()?;
    Ok(Probe {
        ranks,
        shows_fen: display.fen.is_some(),
        shows_checkers: display.checkers.is_some(),
    })
}

/// A freshly started engine, greeted (and probed, the first time).
struct Started {
    running: Running,
    hello: Hello,
    probe: Option<Probe>,
}

/// Spawns the engine and greets it, probing it too when `first`; `Err` carries the
/// message and its stderr.
fn handshake(
    argv: &[String],
    timeout: Duration,
    first: bool,
) -> Result<Started, (String, Option<String>)> {
    let mut running = Running::spawn(argv).map_err(|m| (m, None))?;
    let mut talk = Talk::new(&mut running, timeout);
    let greeted = hello(&mut talk).and_then(|h| {
        let probe = if first { Some(probe(&mut talk)?) } else { None };
        Ok((h, probe))
    });
    match greeted {
        Ok((hello, probe)) => Ok(Started {
            running,
            hello,
            probe,
        }),
        Err(trouble) => {
            let stderr = running.stderr_since(0);
            running.kill();
            Err((trouble.message, stderr))
        }
    }
}

/// Splits `id name` into the name and the version: the version starts at the first word
/// that starts with a digit, `v<digit>` or `dev` (`Fairy-Stockfish 11.1 LB 64`).
fn name_and_version(id: &str) -> (String, String) {
    let words: Vec<&str> = id.split_whitespace().collect();
    let versioned = |w: &&str| {
        let b = w.as_bytes();
        b.first().is_some_and(u8::is_ascii_digit)
            || (b.first() == Some(&b'v') && b.get(1).is_some_and(u8::is_ascii_digit))
            || w.starts_with("dev")
    };
    match words.iter().skip(1).position(versioned) {
        Some(i) => (words[..=i].join(" "), words[i + 1..].join(" ")),
        None => (words.join(" "), String::new()),
    }
}

/// Whether the FEN the engine shows is the FEN it was given: every field the given FEN
/// has is the same.
fn same_fen(given: &str, shown: &str) -> bool {
    let given: Vec<&str> = given.split_whitespace().collect();
    let shown: Vec<&str> = shown.split_whitespace().collect();
    shown.len() >= given.len() && given.iter().zip(&shown).all(|(g, s)| g == s)
}

/// The supervised state behind the engine's lock.
struct State {
    process: Supervised,
    usage: Usage,
}

/// A UCI xiangqi engine behind the built-in adapter.
///
/// [`UciEngine::start`] starts the engine, greets it (`uci`, `UCI_Variant`, `isready`) and
/// detects its rank convention; each [`Engine::run`] sets up the request's position with
/// `position`, checks each history move against the engine's own `go perft 1` list, and
/// answers from `go perft` and `d`. The lock makes the engine usable from several threads,
/// one request at a time.
pub struct UciEngine {
    command: String,
    argv: Vec<String>,
    options: ProcessOptions,
    info: EngineInfo,
    ranks: UciRanks,
    shows_fen: bool,
    shows_checkers: bool,
    state: Mutex<State>,
}

impl UciEngine {
    /// Starts the command line (without the `uci:` prefix, which is ignored if present;
    /// split like a shell would), greets the engine and detects its rank convention, all
    /// within `options.start_timeout`.
    pub fn start(command: &str, options: ProcessOptions) -> Result<UciEngine, StartError> {
        let line = command.strip_prefix("uci:").unwrap_or(command);
        let full = format!("uci:{line}");
        let fail = |message: String, stderr: Option<String>| StartError {
            command: full.clone(),
            message,
            stderr,
        };
        let argv = shell_words::split(line)
            .map_err(|e| fail(format!("cannot split the command line: {e}"), None))?;
        if argv.is_empty() {
            return Err(fail("the command is empty".to_owned(), None));
        }
        let Started {
            running,
            hello,
            probe,
        } = handshake(&argv, options.start_timeout, true).map_err(|(m, s)| fail(m, s))?;
        let Some(probe) = probe else {
            return Err(fail("the engine was not probed".to_owned(), None));
        };
        let (name, version) = match &hello.name {
            Some(id) => name_and_version(id),
            None => (argv[0].clone(), String::new()),
        };
        let mut queries = vec![QueryKind::Legal, QueryKind::Perft];
        if probe.shows_fen {
            queries.push(QueryKind::Play);
        }
        if probe.shows_checkers {
            queries.push(QueryKind::Check);
        }
        Ok(UciEngine {
            command: full,
            argv,
            options,
            info: EngineInfo {
                name,
                version,
                rulesets: vec!["xiangqi".to_owned()],
                queries,
                features: Vec::new(),
                arbiter_messages: false,
            },
            ranks: probe.ranks,
            shows_fen: probe.shows_fen,
            shows_checkers: probe.shows_checkers,
            state: Mutex::new(State {
                process: Supervised {
                    running: Some(running),
                    ..Supervised::default()
                },
                usage: Usage::default(),
            }),
        })
    }

    /// How the engine numbers the ranks, as detected at start-up.
    pub fn ranks(&self) -> UciRanks {
        self.ranks
    }

    /// How many times the engine was restarted so far.
    pub fn restarts(&self) -> u32 {
        self.state.lock().map_or(0, |s| s.process.restarts)
    }

    /// Why the request is not put to the engine at all, if it is not.
    fn not_asked(&self, request: &Request) -> Option<String> {
        if request.ruleset.game != Game::Xiangqi {
            return Some(format!(
                "a UCI engine is checked on xiangqi only, not {}",
                request.ruleset.game.name()
            ));
        }
        match &request.query {
            Query::Legal => None,
            Query::Perft { depth: 0, .. } => {
                Some("a UCI engine is not asked `go perft 0`".to_owned())
            }
            Query::Perft { .. } => None,
            Query::Play if !self.shows_fen => {
                Some("the engine's `d` output shows no `Fen:` line".to_owned())
            }
            Query::Check if !self.shows_checkers => {
                Some("the engine's `d` output shows no `Checkers:` line".to_owned())
            }
            Query::Play | Query::Check => None,
            other => Some(format!(
                "a UCI engine does not answer `{}` queries",
                other.kind()
            )),
        }
    }

    /// Puts the request to the running engine.
    fn answer(&self, talk: &mut Talk, request: &Request) -> Result<Reply, Trouble> {
        let base = match &request.position {
            Some(fen) => format!("position fen {}", fen.replace(['\n', '\r'], " ")),
            None => "position startpos".to_owned(),
        };
        if let (Some(fen), true) = (&request.position, self.shows_fen) {
            talk.send(&base)?;
            match talk.display()?.fen {
                Some(shown) if same_fen(fen, &shown) => {}
                Some(shown) => {
                    return Err(Trouble::nonsense(format!(
                        "after `{}` its `d` shows `Fen: {}`",
                        shorten(&base),
                        shorten(&shown)
                    )))
                }
                None => {
                    return Err(Trouble::nonsense(format!(
                        "after `{}` its `d` shows no `Fen:` line",
                        shorten(&base)
                    )))
                }
            }
        }
        let set = |played: &[String]| {
            if played.is_empty() {
                base.clone()
            } else {
                format!("{base} moves {}", played.join(" "))
            }
        };
        let mut played: Vec<String> = Vec::with_capacity(request.moves.len());
        for (i, text) in request.moves.iter().enumerate() {
            let Some(engine_text) = self.ranks.to_engine(text) else {
                return Ok(Reply::Skipped(format!(
                    "history move {} `{}` is not an ICCS move, so it cannot be put to a UCI engine",
                    i + 1,
                    shorten(text)
                )));
            };
            talk.send(&set(&played))?;
            let legal = talk.legal(self.ranks)?;
            if !legal.iter().any(|(m, _)| *m == engine_text) {
                return Ok(Reply::Rejected {
                    stage: Stage::Move(i + 1),
                    message: format!(
                        "`{text}` (`{engine_text}` to the engine) is not among the {} moves the engine lists with `go perft 1`",
                        legal.len()
                    ),
                });
            }
            played.push(engine_text);
        }
        talk.send(&set(&played))?;
        let answer = match &request.query {
            Query::Legal => Answer::Moves(
                talk.legal(self.ranks)?
                    .into_iter()
                    .map(|(_, iccs)| iccs)
                    .collect(),
            ),
            Query::Perft { depth, .. } => {
                let divide = talk.perft(*depth)?;
                check_divide(&divide, *depth)?;
                if let Some((m, _)) = divide
                    .moves
                    .iter()
                    .find(|(m, _)| self.ranks.to_iccs(m).is_none())
                {
                    return Err(unreadable(m, self.ranks));
                }
                Answer::Nodes(divide.nodes)
            }
            Query::Play => match talk.display()?.fen {
                Some(fen) => Answer::Position(fen),
                None => return Err(Trouble::nonsense("its `d` shows no `Fen:` line")),
            },
            Query::Check => match talk.display()?.checkers {
                Some(checkers) => Answer::Check(!checkers.is_empty()),
                None => return Err(Trouble::nonsense("its `d` shows no `Checkers:` line")),
            },
            other => {
                return Ok(Reply::Skipped(format!(
                    "a UCI engine does not answer `{}` queries",
                    other.kind()
                )))
            }
        };
        Ok(Reply::Answer(answer))
    }

    /// The engine failed the request: keep its stderr, kill it; the next request restarts it.
    fn lost(state: &mut State, running: Running, mark: usize, trouble: Trouble) -> Reply {
        state
            .process
            .lose(running, mark, trouble.kind, trouble.message)
    }
}

/// A line left over from an earlier answer: blank lines and `info` lines are harmless,
/// anything else answers nothing that was asked.
fn leftover(running: &mut Running) -> Result<(), Trouble> {
    loop {
        match running.stdout.try_recv() {
            Ok(Line::Text(line)) => {
                let text = line.trim();
                if !(text.is_empty() || text == "info" || text.starts_with("info ")) {
                    return Err(Trouble::nonsense(format!(
                        "before the request was sent, the engine wrote an extra line: {}",
                        shorten(text)
                    )));
                }
            }
            Ok(Line::Bad(msg)) => {
                return Err(Trouble::nonsense(format!(
                    "before the request was sent: {msg}"
                )))
            }
            Ok(Line::Eof) | Err(TryRecvError::Disconnected) => {
                return Err(Trouble {
                    kind: FailureKind::Crashed,
                    message: running.exit_status(),
                })
            }
            Err(TryRecvError::Empty) => return Ok(()),
        }
    }
}

impl Engine for UciEngine {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }

    fn command(&self) -> Option<String> {
        Some(self.command.clone())
    }

    fn usage(&self) -> Option<Usage> {
        self.state.lock().ok().map(|s| s.usage)
    }

    fn run(&self, request: &Request) -> Reply {
        if let Some(why) = self.not_asked(request) {
            return Reply::Skipped(why);
        }
        let Ok(mut state) = self.state.lock() else {
            return Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                "the engine's lock was poisoned",
            ));
        };
        let restart = || {
            handshake(&self.argv, self.options.start_timeout, false).map(|started| started.running)
        };
        let mut running = match state.process.checkout(self.options.restarts, restart) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let mark = running.stderr_mark();
        if let Err(trouble) = leftover(&mut running) {
            return UciEngine::lost(&mut state, running, mark, trouble);
        }
        let mut talk = Talk::new(&mut running, self.options.timeout);
        let sent = std::time::Instant::now();
        let answered = self.answer(&mut talk, request);
        state.usage.requests += 1;
        state.usage.waiting += sent.elapsed();
        match answered {
            Ok(reply) => {
                state.process.running = Some(running);
                reply
            }
            Err(trouble) => UciEngine::lost(&mut state, running, mark, trouble),
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(running) = state.process.running.take() {
                running.stop("quit");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_translate_both_ways() {
        assert_eq!(UciRanks::FromOne.to_engine("h2e2").as_deref(), Some("h3e3"));
        assert_eq!(
            UciRanks::FromOne.to_engine("b2b9").as_deref(),
            Some("b3b10")
        );
        assert_eq!(
            UciRanks::FromZero.to_engine("H2-E2").as_deref(),
            Some("h2e2")
        );
        assert_eq!(UciRanks::FromOne.to_engine("h3h10"), None);
        assert_eq!(UciRanks::FromOne.to_iccs("b10b3").as_deref(), Some("b9b2"));
        assert_eq!(UciRanks::FromOne.to_iccs("a1a2").as_deref(), Some("a0a1"));
        assert_eq!(UciRanks::FromOne.to_iccs("a0a1"), None);
        assert_eq!(UciRanks::FromOne.to_iccs("a11a1"), None);
        assert_eq!(UciRanks::FromOne.to_iccs("a01a2"), None);
        assert_eq!(UciRanks::FromZero.to_iccs("a0a1").as_deref(), Some("a0a1"));
        assert_eq!(UciRanks::FromZero.to_iccs("b2b10"), None);
        assert_eq!(UciRanks::FromZero.to_iccs("j0a1"), None);
        assert_eq!(UciRanks::FromZero.to_iccs("a0a1q"), None);
    }

    #[test]
    fn names_and_versions() {
        let split = |s: &str| name_and_version(s);
        assert_eq!(
            split("Fairy-Stockfish 11.1 LB 64"),
            ("Fairy-Stockfish".into(), "11.1 LB 64".into())
        );
        assert_eq!(
            split("Pikafish dev-20230601-abc"),
            ("Pikafish".into(), "dev-20230601-abc".into())
        );
        assert_eq!(split("Some Engine"), ("Some Engine".into(), String::new()));
        assert_eq!(split("Engine v2"), ("Engine".into(), "v2".into()));
    }

    #[test]
    fn variant_options() {
        let line = "option name UCI_Variant type combo default chess var chess var xiangqi";
        assert_eq!(
            variant_option(line),
            Some(vec!["chess".into(), "xiangqi".into()])
        );
        assert_eq!(
            variant_option("option name Hash type spin default 16"),
            None
        );
    }

    #[test]
    fn fens_compare_on_the_given_fields() {
        let start = crate::xiangqi::START_FEN;
        assert!(same_fen(start, start));
        assert!(same_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            start
        ));
        assert!(!same_fen(
            start,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
        ));
        assert!(!same_fen(
            start,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        ));
    }

    #[test]
    fn ranks_named_in_moves() {
        assert_eq!(ranks_named("b3b10"), vec![3, 10]);
        assert_eq!(ranks_named("a0a1"), vec![0, 1]);
    }
}
