//! A program speaking the engine protocol over JSON lines, supervised: a per-request
//! timeout, restarts after a crash, a hang or nonsense, a restart limit, and its stderr kept
//! and attached to the requests that went wrong (`docs/protocol.md`, "Supervision").

use super::{Engine, Usage};
use crate::protocol::wire::{parse_reply, parse_start_reply, request_json, start_json, stop_json};
use crate::protocol::{EngineFailure, EngineInfo, FailureKind, Reply, Request};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
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

/// What the stdout reader thread passes on.
enum Line {
    Text(String),
    /// Not UTF-8, or a read error.
    Bad(String),
    Eof,
}

/// The lines an engine wrote on stderr, the last ones kept.
#[derive(Default)]
struct StderrLog {
    lines: VecDeque<String>,
    /// How many lines were ever written.
    total: usize,
}

const STDERR_KEPT: usize = 200;
const STDERR_SHOWN: usize = 40;

impl StderrLog {
    fn push(&mut self, line: String) {
        self.lines.push_back(line);
        self.total += 1;
        if self.lines.len() > STDERR_KEPT {
            self.lines.pop_front();
        }
    }

    /// The lines written since line number `mark`, at most the last [`STDERR_SHOWN`].
    fn since(&self, mark: usize) -> Option<String> {
        let new = self.total.saturating_sub(mark).min(self.lines.len());
        if new == 0 {
            return None;
        }
        let skip = self.lines.len() - new.min(STDERR_SHOWN);
        let text: Vec<&str> = self.lines.iter().skip(skip).map(String::as_str).collect();
        Some(text.join("\n"))
    }
}

/// A running engine process.
struct Running {
    child: Child,
    stdin: ChildStdin,
    stdout: Receiver<Line>,
    stderr: Arc<Mutex<StderrLog>>,
}

impl Running {
    fn spawn(argv: &[String]) -> Result<Running, String> {
        let (program, args) = argv.split_first().ok_or("the command is empty")?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start '{program}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin pipe")?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let stderr_pipe = child.stderr.take().ok_or("no stderr pipe")?;
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut buf = Vec::new();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) => {
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                    Ok(_) => {
                        while buf.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
                            buf.pop();
                        }
                        let line = match String::from_utf8(buf) {
                            Ok(s) => Line::Text(s),
                            Err(e) => Line::Bad(format!("a line that is not UTF-8: {e}")),
                        };
                        if tx.send(line).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = tx.send(Line::Bad(format!("reading stdout: {e}")));
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                }
            }
        });
        let stderr = Arc::new(Mutex::new(StderrLog::default()));
        let log = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut reader = BufReader::new(stderr_pipe);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.by_ref().read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf).trim_end().to_owned();
                        if let Ok(mut log) = log.lock() {
                            log.push(text);
                        }
                    }
                }
            }
        });
        Ok(Running {
            child,
            stdin,
            stdout: rx,
            stderr,
        })
    }

    fn stderr_mark(&self) -> usize {
        self.stderr.lock().map_or(0, |l| l.total)
    }

    /// The stderr written since `mark`, after giving the reader a moment to catch up.
    fn stderr_since(&self, mark: usize) -> Option<String> {
        thread::sleep(Duration::from_millis(20));
        self.stderr.lock().ok().and_then(|l| l.since(mark))
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.stdin.write_all(line.as_bytes())?;
        self.stdin.write_all(b"\n")?;
        self.stdin.flush()
    }

    /// How the process ended, waiting a moment for it.
    fn exit_status(&mut self) -> String {
        for _ in 0..50 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return describe_status(status);
            }
            thread::sleep(Duration::from_millis(10));
        }
        "it closed its output but is still running".to_owned()
    }

    fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends `stop`, closes stdin, waits up to two seconds, then kills.
    fn stop(mut self) {
        let _ = self.send(&stop_json().to_string());
        drop(self.stdin);
        for _ in 0..200 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn describe_status(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "exited".to_owned(),
    }
}

/// The supervised state behind the engine's lock.
struct State {
    running: Option<Running>,
    seq: u64,
    restarts: u32,
    given_up: Option<String>,
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
                running: Some(running),
                seq: 0,
                restarts: 0,
                given_up: None,
                usage: Usage::default(),
            }),
        })
    }

    /// How many times the engine was restarted so far.
    pub fn restarts(&self) -> u32 {
        self.state.lock().map_or(0, |s| s.restarts)
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

fn shorten(line: &str) -> String {
    if line.chars().count() > 200 {
        format!("{}…", line.chars().take(200).collect::<String>())
    } else {
        line.to_owned()
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
        let Ok(mut state) = self.state.lock() else {
            return Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                "the engine's lock was poisoned",
            ));
        };
        state.seq += 1;
        let seq = state.seq;
        if let Some(why) = &state.given_up {
            return Reply::Failed(EngineFailure::new(FailureKind::GivenUp, why.clone()));
        }
        if state.running.is_none() {
            if state.restarts >= self.options.restarts {
                let why = format!(
                    "the engine was given up after {} restart(s)",
                    state.restarts
                );
                state.given_up = Some(why.clone());
                return Reply::Failed(EngineFailure::new(FailureKind::GivenUp, why));
            }
            state.restarts += 1;
            match handshake(&self.argv, self.options.start_timeout) {
                Ok((running, _)) => state.running = Some(running),
                Err((message, stderr)) => {
                    let why = format!("the engine could not be restarted: {message}");
                    state.given_up = Some(why.clone());
                    return Reply::Failed(EngineFailure {
                        kind: FailureKind::GivenUp,
                        message: why,
                        stderr,
                    });
                }
            }
        }
        let Some(mut running) = state.running.take() else {
            return Reply::Failed(EngineFailure::new(FailureKind::GivenUp, "no engine"));
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
        let line = running.stdout.recv_timeout(self.options.timeout);
        state.usage.requests += 1;
        state.usage.waiting += sent.elapsed();
        match line {
            Ok(Line::Text(line)) => match parse_reply(&line, seq, kind) {
                Ok(reply) => {
                    state.running = Some(running);
                    match reply {
                        Reply::Failed(mut f) => {
                            if let Some(running) = &state.running {
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
                    self.options.timeout.as_secs_f64()
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
        let stderr = running.stderr_since(mark);
        running.kill();
        state.running = None;
        Reply::Failed(EngineFailure {
            kind,
            message,
            stderr,
        })
    }
}

impl Drop for ProcessEngine {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(running) = state.running.take() {
                running.stop();
            }
        }
    }
}
