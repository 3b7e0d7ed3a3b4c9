//! What every engine in another process shares, whatever it speaks: its command line, how
//! it is supervised, what it says of itself, and the state behind its lock; and, for the
//! built-in adapters (UCI, UCCI, XBoard), one way to put a request to the engine
//! ([`Adapter`]), so that each adapter writes only its own conversation.

use super::child::{command_words, Running, Supervised};
use super::talk::{leftover, Talk, Trouble};
use super::{Engine, ProcessOptions, StartError, Usage};
use crate::protocol::{EngineFailure, EngineInfo, FailureKind, QueryKind, Reply, Request};
use crate::Game;
use std::sync::{Mutex, MutexGuard};

/// The state behind an engine's lock: the supervised process, what it was asked so far,
/// and what its kind of engine keeps between requests (`kept`).
pub(super) struct Held<K> {
    pub(super) process: Supervised,
    pub(super) usage: Usage,
    pub(super) kept: K,
}

/// An engine program, started: the command line as reported, its words, how it is
/// supervised, what it says of itself, and its state behind a lock (one request at a time
/// from several threads). Dropping it stops the process with `goodbye`.
pub(super) struct Program<K> {
    pub(super) command: String,
    pub(super) argv: Vec<String>,
    pub(super) options: ProcessOptions,
    pub(super) info: EngineInfo,
    goodbye: String,
    state: Mutex<Held<K>>,
}

/// The words of a command line split like a shell would (quotes and backslashes, no
/// variables or globs); `command` is the command line as reported in the error.
pub(super) fn split_command(command: &str, line: &str) -> Result<Vec<String>, StartError> {
    command_words(line).map_err(|message| start_error(command)(message, None))
}

/// The start error of `command`, from a message and the stderr that goes with it.
pub(super) fn start_error(command: &str) -> impl Fn(String, Option<String>) -> StartError + '_ {
    move |message, stderr| StartError {
        command: command.to_owned(),
        message,
        stderr,
    }
}

/// Splits `id name` into the name and the version: the version starts at the first word
/// that starts with a digit, `v<digit>` or `dev` (`Fairy-Stockfish 11.1 LB 64`).
pub(super) fn name_and_version(id: &str) -> (String, String) {
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

/// What an adapted xiangqi engine says of itself: the name it gave (split into the name and
/// the version), else its program's; the queries its probes found it answers.
pub(super) fn adapted_info(
    given: Option<&str>,
    argv: &[String],
    queries: Vec<QueryKind>,
) -> EngineInfo {
    let (name, version) = match given {
        Some(id) => name_and_version(id),
        None => (argv[0].clone(), String::new()),
    };
    EngineInfo {
        name,
        version,
        rulesets: vec!["xiangqi".to_owned()],
        queries,
        features: Vec::new(),
        arbiter_messages: false,
    }
}

impl<K> Program<K> {
    /// The program started: `running` is its process, `kept` what is kept between
    /// requests, `goodbye` the line that asks it to stop.
    pub(super) fn new(
        command: String,
        argv: Vec<String>,
        options: ProcessOptions,
        info: EngineInfo,
        running: Running,
        kept: K,
        goodbye: String,
    ) -> Program<K> {
        Program {
            command,
            argv,
            options,
            info,
            goodbye,
            state: Mutex::new(Held {
                process: Supervised {
                    running: Some(running),
                    ..Supervised::default()
                },
                usage: Usage::default(),
                kept,
            }),
        }
    }

    /// How many times the engine was restarted so far.
    pub(super) fn restarts(&self) -> u32 {
        self.state.lock().map_or(0, |s| s.process.restarts)
    }

    /// The requests sent so far and the time spent waiting for them.
    pub(super) fn usage(&self) -> Option<Usage> {
        self.state.lock().ok().map(|s| s.usage)
    }

    /// The state, or the failure to reply with when a panic poisoned the lock.
    pub(super) fn lock(&self) -> Result<MutexGuard<'_, Held<K>>, Reply> {
        self.state.lock().map_err(|_| {
            Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                "the engine's lock was poisoned",
            ))
        })
    }
}

/// How long an engine asked to stop has to end before it is killed.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

impl<K> Drop for Program<K> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(mut running) = state.process.running.take() {
                running.stop(&self.goodbye, STOP_GRACE);
            }
        }
    }
}

/// A built-in adapter: an engine speaking a text protocol (UCI, UCCI, XBoard), put each
/// request as one conversation. The adapter says what it does not ask and how it asks the
/// rest; the supervision (restarts, a line left over from the last request, the timeout,
/// the stderr with a failure) is the same for all, in its [`Engine`] implementation.
pub(super) trait Adapter: Send + Sync {
    /// What the adapter keeps between requests (what the engine already said).
    type Kept: Send;
    /// The program it talks to.
    fn program(&self) -> &Program<Self::Kept>;
    /// The engine as messages name it: `a UCI engine`.
    fn called(&self) -> String;
    /// Why a request on xiangqi is not put to the engine at all, if it is not.
    fn not_asked(&self, request: &Request) -> Option<String>;
    /// Starts the engine again after a failure (greeted, not probed).
    fn restart(&self) -> Result<Running, (String, Option<String>)>;
    /// Whether a line left over from the last request is harmless.
    fn harmless(text: &str) -> bool;
    /// Puts the request to the engine.
    fn answer(
        &self,
        talk: &mut Talk,
        kept: &mut Self::Kept,
        request: &Request,
    ) -> Result<Reply, Trouble>;
    /// What the probes found and how each question is put, for reports.
    fn asked(&self) -> Vec<String>;
    /// What is forgotten when a conversation breaks off.
    fn forget(kept: &mut Self::Kept) {
        let _ = kept;
    }
}

impl<A: Adapter> Engine for A {
    fn info(&self) -> EngineInfo {
        self.program().info.clone()
    }

    fn command(&self) -> Option<String> {
        Some(self.program().command.clone())
    }

    fn asked(&self) -> Vec<String> {
        Adapter::asked(self)
    }

    fn usage(&self) -> Option<Usage> {
        self.program().usage()
    }

    fn run(&self, request: &Request) -> Reply {
        if request.ruleset.game != Game::Xiangqi {
            return Reply::Skipped(format!(
                "{} is checked on xiangqi only, not {}",
                self.called(),
                request.ruleset.game.name()
            ));
        }
        if let Some(why) = self.not_asked(request) {
            return Reply::Skipped(why);
        }
        let program = self.program();
        let mut guard = match program.lock() {
            Ok(guard) => guard,
            Err(reply) => return reply,
        };
        let state = &mut *guard;
        let restart = || self.restart();
        let mut running = match state.process.checkout(program.options.restarts, restart) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let mark = running.stderr_mark();
        if let Err(trouble) = leftover(&mut running, A::harmless) {
            return state
                .process
                .lose(running, mark, trouble.kind, trouble.message);
        }
        let mut talk = Talk::new(&mut running, program.options.timeout);
        let sent = std::time::Instant::now();
        let answered = self.answer(&mut talk, &mut state.kept, request);
        state.usage.requests += 1;
        state.usage.waiting += sent.elapsed();
        match answered {
            Ok(reply) => {
                state.process.running = Some(running);
                reply
            }
            Err(trouble) => {
                A::forget(&mut state.kept);
                state
                    .process
                    .lose(running, mark, trouble.kind, trouble.message)
            }
        }
    }
}
