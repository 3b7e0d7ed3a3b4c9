//! A program speaking the engine protocol over JSON lines, supervised: a per-request
//! timeout, restarts after a crash, a hang or nonsense, a restart limit, and its stderr kept
//! and attached to the requests that went wrong (`docs/protocol.md`, "Supervision").

use super::child::{shorten, Line, Running, Supervised};
use super::{Engine, Usage};
use crate::protocol::wire::{parse_reply, parse_start_reply, request_json, start_json, stop_json};
use crate::protocol::{EngineFailure, EngineInfo, FailureKind, Reply, Request};
use std::sync::mpsc::RecvTimeoutError;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How an engine is supervised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessOptions {
    /// How long one request may take.
    pub timeout: Duration,
    /// How long the `start` handshake may take.
    pub start_timeout: Duration,
    /// How many times the engine is restarted before it is given up.
    pub restarts: u32,
}

impl Default for ProcessOptions {
    fn default() -> Self {
        ProcessOptions {
            timeout: Duration::from_secs(10),
            start_timeout: Duration::from_secs(30),
            restarts: 5,
        }
    }
}

/// Why an engine could not be started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("engine `{command}`: {message}{}", stderr_suffix(.stderr))]
pub struct StartError {
    /// The command line.
    pub command: String,
    /// What went wrong.
    pub message: String,
    /// What the engine wrote on stderr.
    pub stderr: Option<String>,
}

fn stderr_suffix(stderr: &Option<String>) -> String {
    match stderr {
        Some(s) if !s.trim().is_empty() => format!("\nits stderr:\n{}", s.trim_end()),
        _ => String::new(),
    }
}

/// The supervised state behind the engine's lock.
struct State {
    process: Supervised,
    seq: u64,
    usage: Usage,
}

/// A program speaking protocol v1, started from a command line.
///
/// The engine is started (and its `start` reply read) by [`ProcessEngine::start`]; each
/// [`Engine::run`] sends one request and waits for its reply. The lock makes the engine
/// usable from several threads, one request at a time.
pub struct ProcessEngine {
    command: String,
    argv: Vec<String>,
    options: ProcessOptions,
    info: EngineInfo,
    state: Mutex<State>,
}

impl ProcessEngine {
    /// Starts the command (split like a shell would: quotes and backslashes, no variables
    /// or globs) and reads its `start` reply.
    pub fn start(command: &str, options: ProcessOptions) -> Result<ProcessEngine, StartError> {
        let fail = |message: String, stderr: Option<String>| StartError {
            command: command.to_owned(),
            message,
            stderr,
        };
        let argv = shell_words::split(command)
            .map_err(|e| fail(format!("cannot split the command line: {e}"), None))?;
        if argv.is_empty() {
            return Err(fail("the command is empty".to_owned(), None));
        }
        let (running, info) =
            handshake(&argv, options.start_timeout).map_err(|(m, s)| fail(m, s))?;
        Ok(ProcessEngine {
            command: command.to_owned(),
            argv,
            options,
            info,
            state: Mutex::new(State {
                process: Supervised {
                    running: Some(running),
                    ..Supervised::default()
                },
                seq: 0,
                usage: Usage::default(),
            }),
        })
    }

    /// How many times the engine was restarted so far.
    pub fn restarts(&self) -> u32 {
        self.state.lock().map_or(0, |s| s.process.restarts)
    }
}

/// Spawns the engine and reads its `start` reply.
fn handshake(
    argv: &[String],
    timeout: Duration,
) -> Result<(Running, EngineInfo), (String, Option<String>)> {
    let mut running = Running::spawn(argv).map_err(|m| (m, None))?;
    if let Err(e) = running.send(&start_json().to_string()) {
        let status = running.exit_status();
        let stderr = running.stderr_since(0);
        running.kill();
        return Err((format!("cannot send `start` ({e}); {status}"), stderr));
    }
    let reply = match running.stdout.recv_timeout(timeout) {
        Ok(Line::Text(line)) => parse_start_reply(&line)
            .map_err(|e| format!("bad `start` reply: {e}: {}", shorten(&line))),
        Ok(Line::Bad(msg)) => Err(format!("bad `start` reply: {msg}")),
        Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => Err(format!(
            "it ended before answering `start` ({})",
            running.exit_status()
        )),
        Err(RecvTimeoutError::Timeout) => Err(format!(
            "no answer to `start` within {} s",
            timeout.as_secs_f64()
        )),
    };
    match reply {
        Ok(info) => Ok((running, info)),
        Err(message) => {
            let stderr = running.stderr_since(0);
            running.kill();
            Err((message, stderr))
        }
    }
}

impl Engine for ProcessEngine {
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
        self.run_within(request, self.options.timeout)
    }

    fn run_within(&self, request: &Request, timeout: Duration) -> Reply {
        let Ok(mut state) = self.state.lock() else {
            return Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                "the engine's lock was poisoned",
            ));
        };
        state.seq += 1;
        let seq = state.seq;
        let restart = || handshake(&self.argv, self.options.start_timeout).map(|(r, _)| r);
        let mut running = match state.process.checkout(self.options.restarts, restart) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let mark = running.stderr_mark();
        let kind = request.query.kind();
        // A line waiting before the request is sent answers nothing that was asked.
        let early = match running.stdout.try_recv() {
            Ok(Line::Text(line)) => Some(format!(
                "before request seq {seq} was sent, the engine wrote an extra line: {}",
                shorten(&line)
            )),
            Ok(Line::Bad(msg)) => Some(format!("before request seq {seq}: {msg}")),
            Ok(Line::Eof) => {
                let status = running.exit_status();
                return self.lost(&mut state, running, mark, FailureKind::Crashed, status);
            }
            Err(_) => None,
        };
        if let Some(msg) = early {
            return self.lost(&mut state, running, mark, FailureKind::Nonsense, msg);
        }
        if let Err(e) = running.send(&request_json(seq, request).to_string()) {
            let status = running.exit_status();
            let msg = format!("cannot send the request ({e}); {status}");
            return self.lost(&mut state, running, mark, FailureKind::Crashed, msg);
        }
        let sent = Instant::now();
        let line = running.stdout.recv_timeout(timeout);
        state.usage.requests += 1;
        state.usage.waiting += sent.elapsed();
        match line {
            Ok(Line::Text(line)) => match parse_reply(&line, seq, kind) {
                Ok(reply) => {
                    state.process.running = Some(running);
                    match reply {
                        Reply::Failed(mut f) => {
                            if let Some(running) = &state.process.running {
                                f.stderr = running.stderr_since(mark);
                            }
                            Reply::Failed(f)
                        }
                        other => other,
                    }
                }
                Err(e) => {
                    let msg = format!("{e}: {}", shorten(&line));
                    self.lost(&mut state, running, mark, FailureKind::Nonsense, msg)
                }
            },
            Ok(Line::Bad(msg)) => self.lost(&mut state, running, mark, FailureKind::Nonsense, msg),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = running.exit_status();
                self.lost(&mut state, running, mark, FailureKind::Crashed, status)
            }
            Err(RecvTimeoutError::Timeout) => {
                let msg = format!(
                    "no reply to seq {seq} ({kind}) within {} s",
                    timeout.as_secs_f64()
                );
                self.lost(&mut state, running, mark, FailureKind::Hung, msg)
            }
        }
    }
}

impl ProcessEngine {
    /// The engine failed the request: keep its stderr, kill it; the next request restarts it.
    fn lost(
        &self,
        state: &mut State,
        running: Running,
        mark: usize,
        kind: FailureKind,
        message: String,
    ) -> Reply {
        state.process.lose(running, mark, kind, message)
    }
}

impl Drop for ProcessEngine {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(running) = state.process.running.take() {
                running.stop(&stop_json().to_string());
            }
        }
    }
}
