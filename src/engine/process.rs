//! A program speaking the engine protocol over JSON lines, supervised: a per-request
//! timeout, restarts after a crash, a hang or nonsense, a restart limit, and its stderr kept
//! and attached to the requests that went wrong (`docs/protocol.md`, "Supervision").

use super::child::{shorten, Line, Running};
use super::program::{split_command, start_error, Program};
use super::{Engine, Usage};
use crate::protocol::wire::{parse_reply, parse_start_reply, request_json, start_json, stop_json};
use crate::protocol::{EngineInfo, FailureKind, Reply, Request};
use std::sync::mpsc::RecvTimeoutError;
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

/// A program speaking protocol v1, started from a command line.
///
/// The engine is started (and its `start` reply read) by [`ProcessEngine::start`]; each
/// [`Engine::run`] sends one request and waits for its reply. The lock makes the engine
/// usable from several threads, one request at a time.
pub struct ProcessEngine {
    /// The program; what it keeps between requests is the last request's `seq`.
    program: Program<u64>,
}

impl ProcessEngine {
    /// Starts the command (split like a shell would: quotes and backslashes, no variables
    /// or globs) and reads its `start` reply.
    pub fn start(command: &str, options: ProcessOptions) -> Result<ProcessEngine, StartError> {
        let argv = split_command(command, command)?;
        let (running, info) =
            handshake(&argv, options.start_timeout).map_err(|(m, s)| start_error(command)(m, s))?;
        Ok(ProcessEngine {
            program: Program::new(
                command.to_owned(),
                argv,
                options,
                info,
                running,
                0,
                stop_json().to_string(),
            ),
        })
    }

    /// How many times the engine was restarted so far.
    pub fn restarts(&self) -> u32 {
        self.program.restarts()
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
        self.program.info.clone()
    }

    fn command(&self) -> Option<String> {
        Some(self.program.command.clone())
    }

    fn usage(&self) -> Option<Usage> {
        self.program.usage()
    }

    fn run(&self, request: &Request) -> Reply {
        self.run_within(request, self.program.options.timeout)
    }

    fn run_within(&self, request: &Request, timeout: Duration) -> Reply {
        let program = &self.program;
        let mut state = match program.lock() {
            Ok(state) => state,
            Err(reply) => return reply,
        };
        state.kept += 1;
        let seq = state.kept;
        let restart = || handshake(&program.argv, program.options.start_timeout).map(|(r, _)| r);
        let mut running = match state.process.checkout(program.options.restarts, restart) {
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
                return state
                    .process
                    .lose(running, mark, FailureKind::Crashed, status);
            }
            Err(_) => None,
        };
        if let Some(msg) = early {
            return state
                .process
                .lose(running, mark, FailureKind::Nonsense, msg);
        }
        if let Err(e) = running.send(&request_json(seq, request).to_string()) {
            let status = running.exit_status();
            let msg = format!("cannot send the request ({e}); {status}");
            return state.process.lose(running, mark, FailureKind::Crashed, msg);
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
                    state
                        .process
                        .lose(running, mark, FailureKind::Nonsense, msg)
                }
            },
            Ok(Line::Bad(msg)) => state
                .process
                .lose(running, mark, FailureKind::Nonsense, msg),
            Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                let status = running.exit_status();
                state
                    .process
                    .lose(running, mark, FailureKind::Crashed, status)
            }
            Err(RecvTimeoutError::Timeout) => {
                let msg = format!(
                    "no reply to seq {seq} ({kind}) within {} s",
                    timeout.as_secs_f64()
                );
                state.process.lose(running, mark, FailureKind::Hung, msg)
            }
        }
    }
}
