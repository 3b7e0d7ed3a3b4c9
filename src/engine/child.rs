//! The plumbing shared by the subprocess engines ([`super::ProcessEngine`] and
//! [`super::UciEngine`]): a child process with its stdout read line by line on a thread,
//! its stderr kept (the last lines) to attach to failures, and a polite stop.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// What the stdout reader thread passes on.
pub(super) enum Line {
    /// A line, without its line break.
    Text(String),
    /// Not UTF-8, or a read error.
    Bad(String),
    /// The end of its output.
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
pub(super) struct Running {
    child: Child,
    stdin: ChildStdin,
    /// Its stdout, line by line.
    pub(super) stdout: Receiver<Line>,
    stderr: Arc<Mutex<StderrLog>>,
}

impl Running {
    pub(super) fn spawn(argv: &[String]) -> Result<Running, String> {
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

    pub(super) fn stderr_mark(&self) -> usize {
        self.stderr.lock().map_or(0, |l| l.total)
    }

    /// The stderr written since `mark`, after giving the reader a moment to catch up.
    pub(super) fn stderr_since(&self, mark: usize) -> Option<String> {
        thread::sleep(Duration::from_millis(20));
        self.stderr.lock().ok().and_then(|l| l.since(mark))
    }

    pub(super) fn send(&mut self, line: &str) -> std::io::Result<()> {
        self.stdin.write_all(line.as_bytes())?;
        self.stdin.write_all(b"\n")?;
        self.stdin.flush()
    }

    /// How the process ended, waiting a moment for it.
    pub(super) fn exit_status(&mut self) -> String {
        for _ in 0..50 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return describe_status(status);
            }
            thread::sleep(Duration::from_millis(10));
        }
        "it closed its output but is still running".to_owned()
    }

    pub(super) fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends `goodbye` (the protocol's `stop`, UCI's `quit`), closes stdin, waits up to two
    /// seconds, then kills.
    pub(super) fn stop(mut self, goodbye: &str) {
        let _ = self.send(goodbye);
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

pub(super) fn describe_status(status: std::process::ExitStatus) -> String {
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

/// A line cut to 200 characters, for messages.
pub(super) fn shorten(line: &str) -> String {
    if line.chars().count() > 200 {
        format!("{}…", line.chars().take(200).collect::<String>())
    } else {
        line.to_owned()
    }
}

/// The supervised part of an engine's state that every kind of engine process shares: the
/// running process (none after a failure, until the next request restarts it), the restarts
/// so far, and why it was given up.
#[derive(Default)]
pub(super) struct Supervised {
    pub(super) running: Option<Running>,
    pub(super) restarts: u32,
    pub(super) given_up: Option<String>,
}

impl Supervised {
    /// The running engine for the next request: the one kept, or a new one started with
    /// `restart` while the restart limit allows; otherwise the failure to reply with.
    pub(super) fn checkout(
        &mut self,
        limit: u32,
        restart: impl FnOnce() -> Result<Running, (String, Option<String>)>,
    ) -> Result<Running, crate::protocol::Reply> {
        use crate::protocol::{EngineFailure, FailureKind, Reply};
        if let Some(why) = &self.given_up {
            return Err(Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                why.clone(),
            )));
        }
        if let Some(running) = self.running.take() {
            return Ok(running);
        }
        if self.restarts >= limit {
            let why = format!("the engine was given up after {} restart(s)", self.restarts);
            self.given_up = Some(why.clone());
            return Err(Reply::Failed(EngineFailure::new(FailureKind::GivenUp, why)));
        }
        self.restarts += 1;
        restart().map_err(|(message, stderr)| {
            let why = format!("the engine could not be restarted: {message}");
            self.given_up = Some(why.clone());
            Reply::Failed(EngineFailure {
                kind: FailureKind::GivenUp,
                message: why,
                stderr,
            })
        })
    }

    /// The engine failed a request: its stderr since `mark` goes with the failure, the
    /// process is killed, and the next request starts a new one.
    pub(super) fn lose(
        &mut self,
        running: Running,
        mark: usize,
        kind: crate::protocol::FailureKind,
        message: String,
    ) -> crate::protocol::Reply {
        let stderr = running.stderr_since(mark);
        running.kill();
        self.running = None;
        crate::protocol::Reply::Failed(crate::protocol::EngineFailure {
            kind,
            message,
            stderr,
        })
    }
}
