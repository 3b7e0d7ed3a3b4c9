//! The plumbing shared by the subprocess engines ([`super::ProcessEngine`] and
//! [`super::UciEngine`]) and the match simulator's engine players (`crate::play`): a child
//! process with its stdout read line by line on a thread (each line bounded, a few queued),
//! its stderr kept (the last lines) to attach to failures, and a polite stop.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// What the stdout reader thread passes on.
pub(crate) enum Line {
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
/// The bytes of one stderr line kept (the rest is cut).
const STDERR_LINE: usize = 4096;

/// The longest line of engine output read (1 MiB): a longer one is nonsense, and the engine
/// is stopped, so that an engine writing one endless line cannot fill memory.
pub(crate) const MAX_OUTPUT_LINE: usize = 1 << 20;

/// Lines of engine output read ahead of the harness at most.
const LINES_QUEUED: usize = 16;

/// What [`read_line_bounded`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineRead {
    /// The end of the input, nothing read.
    Eof,
    /// A line (without its line break; the last one may have none) in the buffer.
    Line,
    /// The first `limit + 1` bytes of a longer line are in the buffer; the rest is still
    /// to be read (or skipped with [`skip_rest_of_line`]).
    TooLong,
}

/// The reader's buffer, filled when empty (at the end of the input: empty), the read
/// retried when a signal interrupts it.
fn fill(reader: &mut impl BufRead) -> std::io::Result<&[u8]> {
    while let Err(e) = reader.fill_buf() {
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
    // Filled now, or at the end of the input: asking again reads nothing more.
    reader.fill_buf()
}

/// Reads one line of at most `limit` bytes (not counting its `\n` or `\r\n`) into `buf`,
/// keeping no more than `limit + 1` bytes of a longer one: memory bounded by the limit,
/// whatever the input.
pub(super) fn read_line_bounded(
    reader: &mut impl BufRead,
    limit: usize,
    buf: &mut Vec<u8>,
) -> std::io::Result<LineRead> {
    buf.clear();
    loop {
        let available = fill(reader)?;
        if available.is_empty() {
            // The last line, without a line break.
            return Ok(match buf.len() {
                0 => LineRead::Eof,
                n if n > limit => LineRead::TooLong,
                _ => LineRead::Line,
            });
        }
        let (chunk, ends) = match available.iter().position(|b| *b == b'\n') {
            Some(i) => (&available[..i], true),
            None => (available, false),
        };
        let room = limit + 1 - buf.len();
        if chunk.len() > room {
            buf.extend_from_slice(&chunk[..room]);
            reader.consume(room);
            return Ok(LineRead::TooLong);
        }
        buf.extend_from_slice(chunk);
        if !ends {
            let n = chunk.len();
            reader.consume(n);
            continue;
        }
        // The line ends here; a `\r` before its `\n` is part of the line break.
        let content = buf.len() - usize::from(buf.last() == Some(&b'\r'));
        if content > limit {
            // Its line break is left for `skip_rest_of_line`.
            let n = chunk.len();
            reader.consume(n);
            return Ok(LineRead::TooLong);
        }
        buf.truncate(content);
        let n = chunk.len() + 1;
        reader.consume(n);
        return Ok(LineRead::Line);
    }
}

/// Reads and drops the rest of a line [`read_line_bounded`] found too long, up to and with
/// its line break (or the end of the input); returns how many bytes it dropped.
pub(super) fn skip_rest_of_line(reader: &mut impl BufRead) -> std::io::Result<u64> {
    let mut dropped = 0u64;
    loop {
        let available = fill(reader)?;
        if available.is_empty() {
            return Ok(dropped);
        }
        match available.iter().position(|b| *b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(dropped + i as u64);
            }
            None => {
                let n = available.len();
                reader.consume(n);
                dropped += n as u64;
            }
        }
    }
}

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

/// The words of a command line split like a shell would (quotes and backslashes, no
/// variables or globs), at least one.
pub(crate) fn command_words(line: &str) -> Result<Vec<String>, String> {
    let argv =
        shell_words::split(line).map_err(|e| format!("cannot split the command line: {e}"))?;
    if argv.is_empty() {
        return Err("the command is empty".to_owned());
    }
    Ok(argv)
}

/// A running engine process.
pub(crate) struct Running {
    child: Child,
    /// Its stdin; `None` once [`Running::stop`] closed it.
    stdin: Option<ChildStdin>,
    /// Its stdout, line by line.
    pub(crate) stdout: Receiver<Line>,
    stderr: Arc<Mutex<StderrLog>>,
}

impl Running {
    /// Starts `argv` (the program, then its arguments).
    pub(crate) fn spawn(argv: &[String]) -> Result<Running, String> {
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
        // A bounded queue: an engine writing without end waits for the harness to read,
        // instead of filling memory.
        let (tx, rx) = mpsc::sync_channel(LINES_QUEUED);
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                let line = match read_line_bounded(&mut reader, MAX_OUTPUT_LINE, &mut buf) {
                    Ok(LineRead::Eof) => {
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                    Ok(LineRead::Line) => match String::from_utf8(std::mem::take(&mut buf)) {
                        Ok(s) => Line::Text(s),
                        Err(e) => {
                            Line::Bad(format!("a line that is not UTF-8: {}", e.utf8_error()))
                        }
                    },
                    Ok(LineRead::TooLong) => {
                        let start =
                            String::from_utf8_lossy(&buf[..buf.len().min(200)]).into_owned();
                        let line = Line::Bad(format!(
                            "a line longer than {MAX_OUTPUT_LINE} bytes (the limit of one line of \
                             engine output), starting: {start}…"
                        ));
                        if tx.send(line).is_err() || skip_rest_of_line(&mut reader).is_err() {
                            return;
                        }
                        continue;
                    }
                    Err(e) => {
                        let _ = tx.send(Line::Bad(format!("reading stdout: {e}")));
                        let _ = tx.send(Line::Eof);
                        return;
                    }
                };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stderr = Arc::new(Mutex::new(StderrLog::default()));
        let log = Arc::clone(&stderr);
        thread::spawn(move || {
            let mut reader = BufReader::new(stderr_pipe);
            let mut buf = Vec::new();
            loop {
                let text = match read_line_bounded(&mut reader, STDERR_LINE, &mut buf) {
                    Ok(LineRead::Eof) | Err(_) => return,
                    Ok(LineRead::Line) => String::from_utf8_lossy(&buf).trim_end().to_owned(),
                    Ok(LineRead::TooLong) => {
                        if skip_rest_of_line(&mut reader).is_err() {
                            return;
                        }
                        format!(
                            "{}… (cut at {STDERR_LINE} bytes)",
                            String::from_utf8_lossy(&buf)
                        )
                    }
                };
                if let Ok(mut log) = log.lock() {
                    log.push(text);
                }
            }
        });
        Ok(Running {
            child,
            stdin: Some(stdin),
            stdout: rx,
            stderr,
        })
    }

    pub(super) fn stderr_mark(&self) -> usize {
        self.stderr.lock().map_or(0, |l| l.total)
    }

    /// The stderr written since `mark`, after giving the reader a moment to catch up.
    pub(crate) fn stderr_since(&self, mark: usize) -> Option<String> {
        thread::sleep(Duration::from_millis(20));
        self.stderr.lock().ok().and_then(|l| l.since(mark))
    }

    /// Sends one line (and flushes).
    pub(crate) fn send(&mut self, line: &str) -> std::io::Result<()> {
        let stdin = self.stdin.as_mut().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::BrokenPipe, "its stdin is closed")
        })?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(b"\n")?;
        stdin.flush()
    }

    /// How the process ended, waited for `within` at most; `None`: it still runs.
    pub(crate) fn ended(&mut self, within: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + within;
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }

    /// How the process ended, waiting a moment for it.
    pub(super) fn exit_status(&mut self) -> String {
        self.ended(Duration::from_millis(500)).map_or_else(
            || "it closed its output but is still running".to_owned(),
            describe_status,
        )
    }

    pub(super) fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Sends `goodbye` (the protocol's `stop`, UCI's `quit`), closes stdin, waits up to
    /// `grace` for the process to end, then kills it.
    pub(crate) fn stop(&mut self, goodbye: &str, grace: Duration) {
        let _ = self.send(goodbye);
        self.stdin = None;
        if self.ended(grace).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

pub(super) fn describe_status(status: ExitStatus) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` read with `limit`: the text, or `None` for a line too long
    /// (whose rest is then skipped).
    fn lines(input: &[u8], limit: usize) -> Vec<Option<String>> {
        let mut reader = BufReader::with_capacity(4, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line_bounded(&mut reader, limit, &mut buf).unwrap() {
                LineRead::Eof => return out,
                LineRead::Line => out.push(Some(String::from_utf8(buf.clone()).unwrap())),
                LineRead::TooLong => {
                    assert_eq!(buf.len(), limit + 1);
                    skip_rest_of_line(&mut reader).unwrap();
                    out.push(None);
                }
            }
        }
    }

    #[test]
    fn lines_up_to_the_limit_are_read_longer_ones_cut_and_skipped() {
        let s = |t: &str| Some(t.to_owned());
        assert_eq!(
            lines(b"abc\nabcd\nabcde\nx\n", 4),
            [s("abc"), s("abcd"), None, s("x")]
        );
        // A `\r\n` line break is not part of the line, even right at the limit.
        assert_eq!(lines(b"abcd\r\nab\r\n", 4), [s("abcd"), s("ab")]);
        // The last line may have no line break; blank lines are lines.
        assert_eq!(lines(b"\n\nab", 4), [s(""), s(""), s("ab")]);
        assert_eq!(lines(b"abcdefgh", 4), [None]);
        assert_eq!(lines(b"abcde", 4), [None]);
        // Too long by the last byte before the line break: the next line is still read.
        assert_eq!(
            lines(b"abcde\nx\nabcde\r\ny", 4),
            [None, s("x"), None, s("y")]
        );
        assert_eq!(lines(b"", 4), Vec::<Option<String>>::new());
    }
}
