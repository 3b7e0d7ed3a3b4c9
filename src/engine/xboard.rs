//! An XBoard (CECP) xiangqi engine behind the built-in adapter, for `arbiter run --engine
//! 'xboard:<command line>'` (`docs/protocol.md`, "UCI, UCCI and XBoard engines").
//!
//! At start: `xboard`, `protover 2` (its `feature`s up to `done=1`, within a short probe
//! timeout; `usermove=1` is accepted), `new`, `variant xiangqi`, `force`; then probes, each
//! closed by `ping`/`pong`: the FEN letters it reads in `setboard` (`n`/`b`, else WXF's
//! `h`/`e`), how it numbers the ranks (which of `h2e2` and `h3e3` it takes on the start
//! position), and whether it announces a result (`1-0 {…}`) after a mating move.
//!
//! Each request sets the position once (`setboard`, then the history moves, each followed
//! by `ping`): a move answered by `Illegal move …` (or `Error … <move>`) is refused. Then
//! each candidate move ([`super::candidate_moves`]) is sent and, when taken, taken back
//! with `undo`: the legal moves. The outcome is what the engine does with `go` after the
//! history: a result it announces (`1-0`, `0-1`, `1/2-1/2`; its mate, stalemate and
//! repetition adjudication), or a move (`move …`: the game goes on); asked only of an
//! engine that announced a result at start. Nothing else can be asked.

use super::candidates::{candidate_moves, moved};
use super::child::{shorten, Running, Supervised};
use super::talk::{leftover, lettered, Talk, Trouble};
use super::{Engine, ProcessOptions, StartError, UciRanks, Usage};
use crate::protocol::{
    Answer, EngineFailure, EngineInfo, FailureKind, OutcomeAnswer, Query, QueryKind, Reply,
    Request, Stage,
};
use crate::xiangqi::fen::parse_fen;
use crate::xiangqi::iccs::parse_iccs_coords;
use crate::xiangqi::{Move, START_FEN};
use crate::Game;
use crate::Side;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::time::Duration;

/// How long `protover 2` may take to end its features with `done=1`.
const FEATURE_WAIT: Duration = Duration::from_secs(3);

/// A position where black, to move, has no move (a loss): the result announcement probe.
const NO_MOVE: &str = "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1";

/// `go` (at depth 1, set once with `sd 1`): the engine moves (`move …`: the game goes on)
/// or announces a result; then `force` and a `ping`.
fn go_outcome(talk: &mut Talk, pinger: &mut Pinger) -> Result<Option<(String, String)>, Trouble> {
    talk.send("go")?;
    let mut result = None;
    loop {
        let line = talk.line("`move …` or a result after `go`")?;
        let text = line.trim();
        if text.starts_with("move ") {
            break;
        }
        if let Some(r) = announcement(text) {
            result = Some(r);
            break;
        }
    }
    talk.send("force")?;
    pinger.sync(talk, "`go` and `force`", None)?;
    Ok(result)
}

/// What the start-up probes found.
#[derive(Debug, Clone)]
struct Caps {
    ranks: UciRanks,
    wxf_letters: bool,
    usermove: bool,
    announces: bool,
    name: Option<String>,
}

impl Caps {
    fn asked(&self) -> Vec<String> {
        vec![
            format!(
                "XBoard: ranks {} (the start move it takes), FEN letters {}, moves sent {}",
                self.ranks.name(),
                if self.wxf_letters { "h/e" } else { "n/b" },
                if self.usermove { "as `usermove <m>`" } else { "bare" }
            ),
            "legal moves and history moves: `setboard`, then each move with `ping`; `Illegal move` (or `Error … <move>`) before `pong` refuses it, a taken candidate is taken back with `undo`".to_owned(),
            if self.announces {
                "outcome: `go` (depth 1, `sd 1`) after the history: the result it announces (`1-0 {…}`, `0-1 {…}`, `1/2-1/2 {…}`), or a move (`move …`): the game goes on".to_owned()
            } else {
                "outcome: not asked (it announced no result to `go` where the side to move has no move)".to_owned()
            },
            "position reached, check, perft: not asked (XBoard has no way to ask them)".to_owned(),
        ]
    }

    fn move_line(&self, text: &str) -> String {
        if self.usermove {
            format!("usermove {text}")
        } else {
            text.to_owned()
        }
    }
}

/// What the engine wrote between a command and the `pong` closing it.
#[derive(Default)]
struct Heard {
    /// A refusal: `Illegal move …`, or `Error …` naming the move.
    refused: Option<String>,
    /// A result announcement: `1-0`, `0-1` or `1/2-1/2`, with its comment.
    result: Option<(String, String)>,
    /// Other error lines (a FEN it could not read).
    errors: Vec<String>,
}

/// A result announcement line: the score and the comment.
fn announcement(text: &str) -> Option<(String, String)> {
    let (score, rest) = text.split_once(' ').unwrap_or((text, ""));
    ["1-0", "0-1", "1/2-1/2"]
        .contains(&score)
        .then(|| (score.to_owned(), rest.trim().to_owned()))
}

struct Pinger {
    next: u64,
}

impl Pinger {
    /// Sends `ping n` and reads up to `pong n`, sorting what came before.
    fn sync(
        &mut self,
        talk: &mut Talk,
        after: &str,
        move_text: Option<&str>,
    ) -> Result<Heard, Trouble> {
        self.next += 1;
        let n = self.next;
        talk.send(&format!("ping {n}"))?;
        let waiting = format!("`pong {n}` after {after}");
        let mut heard = Heard::default();
        loop {
            let line = talk.line(&waiting)?;
            let text = line.trim();
            if let Some(rest) = text.strip_prefix("pong") {
                if rest.trim() == n.to_string() {
                    return Ok(heard);
                }
                continue;
            }
            if text.starts_with("Illegal move") {
                heard.refused = Some(text.to_owned());
            } else if text.starts_with("Error") || text.starts_with("tellusererror") {
                match move_text {
                    Some(m) if text.contains(m) => heard.refused = Some(text.to_owned()),
                    _ => heard.errors.push(text.to_owned()),
                }
            } else if let Some(result) = announcement(text) {
                heard.result = Some(result);
            }
        }
    }
}

fn hash_text(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

/// `xboard`, `protover 2` and its features, `new`, `variant xiangqi`, `force`.
fn greet(talk: &mut Talk) -> Result<(bool, Option<String>), Trouble> {
    talk.send("xboard")?;
    talk.send("protover 2")?;
    let mut usermove = false;
    let mut name = None;
    let mut variants: Option<String> = None;
    {
        let mut quiet = talk.within(FEATURE_WAIT);
        while let Some(line) = quiet.line_or_silence("`feature done=1` after `protover 2`")? {
            let text = line.trim();
            if !text.starts_with("feature ") {
                continue;
            }
            if text.contains("usermove=1") {
                usermove = true;
            }
            if let Some(i) = text.find("myname=") {
                // Quoted (`myname="Sjaak II 1.4.1"`) or one word (`myname=Fairy-Stockfish`).
                let value = &text[i + 7..];
                name = match value.strip_prefix('"') {
                    Some(quoted) => quoted.split('"').next(),
                    None => value.split_whitespace().next(),
                }
                .map(str::to_owned);
            }
            if let Some(i) = text.find("variants=\"") {
                variants = text[i + 10..].split('"').next().map(str::to_owned);
            }
            if text.contains("done=1") {
                break;
            }
        }
    }
    if let Some(list) = &variants {
        if !list.split(',').any(|v| v.trim() == "xiangqi") {
            return Err(Trouble::nonsense(format!(
                "it does not play xiangqi: its `feature variants` is \"{}\"",
                shorten(list)
            )));
        }
    }
    if usermove {
        talk.send("accepted usermove")?;
    }
    talk.send("new")?;
    talk.send("variant xiangqi")?;
    talk.send("force")?;
    talk.send("sd 1")?;
    Ok((usermove, name))
}

fn probe(
    talk: &mut Talk,
    pinger: &mut Pinger,
    usermove: bool,
    name: Option<String>,
) -> Result<Caps, Trouble> {
    let mut letters = None;
    for wxf in [false, true] {
        talk.send(&format!("setboard {}", lettered(START_FEN, wxf)))?;
        let heard = pinger.sync(talk, "`setboard <start>`", None)?;
        if heard.errors.is_empty() {
            letters = Some(wxf);
            break;
        }
    }
    let Some(wxf_letters) = letters else {
        return Err(Trouble::nonsense(
            "it reads no start-position FEN in `setboard`, with the horses and elephants written n/b or h/e",
        ));
    };
    let mut caps = Caps {
        ranks: UciRanks::FromZero,
        wxf_letters,
        usermove,
        announces: false,
        name,
    };
    let mut takes = Vec::new();
    for ranks in [UciRanks::FromZero, UciRanks::FromOne] {
        caps.ranks = ranks;
        let text = ranks.to_engine("h2e2").unwrap_or_default();
        talk.send(&format!("setboard {}", lettered(START_FEN, wxf_letters)))?;
        talk.send(&caps.move_line(&text))?;
        let heard = pinger.sync(talk, &format!("the start move `{text}`"), Some(&text))?;
        takes.push(heard.refused.is_none());
    }
    caps.ranks = match takes[..] {
        [true, false] => UciRanks::FromZero,
        [false, true] => UciRanks::FromOne,
        _ => {
            return Err(Trouble::nonsense(format!(
                "cannot tell how it numbers the ranks: on the start position it {} `h2e2` and {} `h3e3`",
                if takes[0] { "takes" } else { "refuses" },
                if takes[1] { "takes" } else { "refuses" }
            )))
        }
    };
    talk.send("sd 1")?;
    talk.send(&format!("setboard {}", lettered(NO_MOVE, wxf_letters)))?;
    pinger.sync(talk, "`sd 1` and `setboard`", None)?;
    caps.announces = go_outcome(talk, pinger)?.is_some();
    Ok(caps)
}

struct Started {
    running: Running,
    caps: Option<Caps>,
}

fn handshake(
    argv: &[String],
    timeout: Duration,
    first: bool,
) -> Result<Started, (String, Option<String>)> {
    let mut running = Running::spawn(argv).map_err(|m| (m, None))?;
    let mut talk = Talk::new(&mut running, timeout);
    let mut pinger = Pinger { next: 0 };
    let done = greet(&mut talk).and_then(|(usermove, name)| {
        if first {
            probe(&mut talk, &mut pinger, usermove, name).map(Some)
        } else {
            Ok(None)
        }
    });
    match done {
        Ok(caps) => Ok(Started { running, caps }),
        Err(trouble) => {
            let stderr = running.stderr_since(0);
            running.kill();
            Err((trouble.message, stderr))
        }
    }
}

struct State {
    process: Supervised,
    usage: Usage,
    pinger: Pinger,
    /// Verdicts already given: (position key, move) hashed → taken.
    verdicts: HashMap<u64, bool>,
}

/// An XBoard xiangqi engine behind the built-in adapter (`src/engine/xboard.rs`; how each
/// question is put: docs/protocol.md).
pub struct XboardEngine {
    command: String,
    argv: Vec<String>,
    options: ProcessOptions,
    info: EngineInfo,
    caps: Caps,
    state: Mutex<State>,
}

impl XboardEngine {
    /// Starts the command line (a leading `xboard:` is ignored; split like a shell would),
    /// greets the engine and probes it.
    pub fn start(command: &str, options: ProcessOptions) -> Result<XboardEngine, StartError> {
        let line = command.strip_prefix("xboard:").unwrap_or(command);
        let full = format!("xboard:{line}");
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
        let started = handshake(&argv, options.start_timeout, true).map_err(|(m, s)| fail(m, s))?;
        let Some(caps) = started.caps else {
            return Err(fail("the engine was not probed".to_owned(), None));
        };
        let (name, version) = match &caps.name {
            Some(n) => super::uci::name_and_version(n),
            None => (argv[0].clone(), String::new()),
        };
        let mut queries = vec![QueryKind::Legal];
        if caps.announces {
            queries.push(QueryKind::Outcome);
        }
        Ok(XboardEngine {
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
            caps,
            state: Mutex::new(State {
                process: Supervised {
                    running: Some(started.running),
                    ..Supervised::default()
                },
                usage: Usage::default(),
                pinger: Pinger { next: 1000 },
                verdicts: HashMap::new(),
            }),
        })
    }

    /// How the engine numbers the ranks, as probed at start.
    pub fn ranks(&self) -> UciRanks {
        self.caps.ranks
    }

    fn not_asked(&self, request: &Request) -> Option<String> {
        if request.ruleset.game != Game::Xiangqi {
            return Some(format!(
                "an XBoard engine is checked on xiangqi only, not {}",
                request.ruleset.game.name()
            ));
        }
        match &request.query {
            Query::Legal => None,
            Query::Outcome if self.caps.announces => None,
            Query::Outcome => Some(
                "the XBoard engine announced no result to `go` where the side to move has no move (probed at start)".to_owned(),
            ),
            other => Some(format!(
                "XBoard cannot answer `{}` queries (no way to ask the position, check or perft)",
                other.kind()
            )),
        }
    }

    fn answer(
        &self,
        talk: &mut Talk,
        state: &mut State,
        request: &Request,
    ) -> Result<Reply, Trouble> {
        let caps = &self.caps;
        let start_fen = match &request.position {
            Some(fen) => fen.replace(['\n', '\r'], " ").trim().to_owned(),
            None => START_FEN.to_owned(),
        };
        let Ok(mut setup) = parse_fen(&start_fen) else {
            return Ok(Reply::Skipped(
                "arbiter cannot read the FEN, so it has no board to draw the candidate moves from that an XBoard engine is asked about one by one".to_owned(),
            ));
        };
        let board = format!("setboard {}", lettered(&start_fen, caps.wxf_letters));
        talk.send(&board)?;
        let heard = state.pinger.sync(talk, "`setboard`", None)?;
        if let Some(error) = heard.errors.first() {
            return Ok(Reply::Rejected {
                stage: Stage::Setup,
                message: format!(
                    "the engine answered `{}`: {}",
                    shorten(&board),
                    shorten(error)
                ),
            });
        }
        let mut key = hash_text(&board);
        for (i, text) in request.moves.iter().enumerate() {
            let (Some(engine_text), Ok(m)) = (caps.ranks.to_engine(text), parse_iccs_coords(text))
            else {
                return Ok(Reply::Skipped(format!(
                    "history move {} `{}` is not an ICCS move, so it cannot be put to an XBoard engine",
                    i + 1,
                    shorten(text)
                )));
            };
            talk.send(&caps.move_line(&engine_text))?;
            let heard = state
                .pinger
                .sync(talk, &format!("`{engine_text}`"), Some(&engine_text))?;
            if let Some(refusal) = heard.refused {
                return Ok(Reply::Rejected {
                    stage: Stage::Move(i + 1),
                    message: format!(
                        "`{text}` (`{engine_text}` to the engine): {}",
                        shorten(&refusal)
                    ),
                });
            }
            let Some(next) = moved(&setup, m) else {
                return Ok(Reply::Skipped(format!(
                    "the engine took history move {} `{text}`, which moves no piece of the side to move, so arbiter cannot follow its board",
                    i + 1
                )));
            };
            setup = next;
            let mut h = DefaultHasher::new();
            key.hash(&mut h);
            engine_text.hash(&mut h);
            key = h.finish();
        }
        let answer = match &request.query {
            Query::Legal => {
                let mut legal = Vec::new();
                for c in candidate_moves(&setup) {
                    if self.takes(talk, state, key, c)? {
                        legal.push(c.to_string());
                    }
                }
                Answer::Moves(legal)
            }
            Query::Outcome => {
                let result = match go_outcome(talk, &mut state.pinger)? {
                    None => "ongoing",
                    Some((score, _)) => match score.as_str() {
                        "1-0" => Side::First.xiangqi_name(),
                        "0-1" => Side::Second.xiangqi_name(),
                        _ => "draw",
                    },
                };
                Answer::Outcome(OutcomeAnswer {
                    result: result.to_owned(),
                    reason: None,
                    claims: None,
                    counters: None,
                })
            }
            other => {
                return Ok(Reply::Skipped(format!(
                    "XBoard cannot answer `{}` queries",
                    other.kind()
                )))
            }
        };
        Ok(Reply::Answer(answer))
    }

    /// Whether the engine takes `m` in the position set (taking it back when it does).
    fn takes(
        &self,
        talk: &mut Talk,
        state: &mut State,
        key: u64,
        m: Move,
    ) -> Result<bool, Trouble> {
        let text = self
            .caps
            .ranks
            .to_engine(&m.to_string())
            .unwrap_or_default();
        let mut h = DefaultHasher::new();
        key.hash(&mut h);
        text.hash(&mut h);
        let verdict_key = h.finish();
        if let Some(&known) = state.verdicts.get(&verdict_key) {
            return Ok(known);
        }
        talk.send(&self.caps.move_line(&text))?;
        let heard = state.pinger.sync(talk, &format!("`{text}`"), Some(&text))?;
        let taken = heard.refused.is_none();
        if taken {
            talk.send("undo")?;
        }
        if state.verdicts.len() > 200_000 {
            state.verdicts.clear();
        }
        state.verdicts.insert(verdict_key, taken);
        Ok(taken)
    }
}

fn harmless(text: &str) -> bool {
    text.is_empty()
        || text.starts_with('#')
        || text.starts_with("feature ")
        || text.starts_with("telluser")
        || text.starts_with("pong")
        || announcement(text).is_some()
}

impl Engine for XboardEngine {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }

    fn command(&self) -> Option<String> {
        Some(self.command.clone())
    }

    fn asked(&self) -> Vec<String> {
        self.caps.asked()
    }

    fn usage(&self) -> Option<Usage> {
        self.state.lock().ok().map(|s| s.usage)
    }

    fn run(&self, request: &Request) -> Reply {
        if let Some(why) = self.not_asked(request) {
            return Reply::Skipped(why);
        }
        let Ok(mut guard) = self.state.lock() else {
            return Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                "the engine's lock was poisoned",
            ));
        };
        let state = &mut *guard;
        let restart =
            || handshake(&self.argv, self.options.start_timeout, false).map(|s| s.running);
        let mut running = match state.process.checkout(self.options.restarts, restart) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let mark = running.stderr_mark();
        if let Err(trouble) = leftover(&mut running, harmless) {
            return state
                .process
                .lose(running, mark, trouble.kind, trouble.message);
        }
        let mut talk = Talk::new(&mut running, self.options.timeout);
        let sent = std::time::Instant::now();
        let answered = self.answer(&mut talk, state, request);
        state.usage.requests += 1;
        state.usage.waiting += sent.elapsed();
        match answered {
            Ok(reply) => {
                state.process.running = Some(running);
                reply
            }
            Err(trouble) => state
                .process
                .lose(running, mark, trouble.kind, trouble.message),
        }
    }
}

impl Drop for XboardEngine {
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
    use super::announcement;

    #[test]
    fn result_announcements() {
        assert_eq!(
            announcement("1-0 {White mates}"),
            Some(("1-0".into(), "{White mates}".into()))
        );
        assert_eq!(
            announcement("1/2-1/2 {Draw by repetition}").map(|a| a.0),
            Some("1/2-1/2".into())
        );
        assert_eq!(announcement("1-0x"), None);
    }
}
