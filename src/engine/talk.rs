//! One conversation in a text protocol (UCI, UCCI, XBoard) with a running engine: lines
//! sent and read against a deadline, and why a conversation broke off.

use super::child::{shorten, Line, Running};
use crate::protocol::FailureKind;
use std::sync::mpsc::{RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

/// Why a conversation with the engine broke off: the kind of failure and what happened.
#[derive(Debug)]
pub(super) struct Trouble {
    pub(super) kind: FailureKind,
    pub(super) message: String,
}

impl Trouble {
    pub(super) fn nonsense(message: impl Into<String>) -> Trouble {
        Trouble {
            kind: FailureKind::Nonsense,
            message: message.into(),
        }
    }
}

/// One exchange of commands and answers with a running engine, against a deadline.
pub(super) struct Talk<'a> {
    pub(super) running: &'a mut Running,
    deadline: Instant,
    timeout: Duration,
}

impl<'a> Talk<'a> {
    pub(super) fn new(running: &'a mut Running, timeout: Duration) -> Talk<'a> {
        Talk {
            running,
            deadline: Instant::now() + timeout,
            timeout,
        }
    }

    /// The same engine with a new deadline, `timeout` from now (a probe's short one).
    pub(super) fn within(&mut self, timeout: Duration) -> Talk<'_> {
        Talk::new(self.running, timeout)
    }

    pub(super) fn send(&mut self, line: &str) -> Result<(), Trouble> {
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
    pub(super) fn line(&mut self, waiting: &str) -> Result<String, Trouble> {
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

    /// The next line, or `None` when none comes before the deadline (a probe's silence,
    /// which is an answer there, not a hang).
    pub(super) fn line_or_silence(&mut self, waiting: &str) -> Result<Option<String>, Trouble> {
        match self.line(waiting) {
            Ok(line) => Ok(Some(line)),
            Err(t) if t.kind == FailureKind::Hung => Ok(None),
            Err(t) => Err(t),
        }
    }

    /// `isready`, then every line up to `readyok`.
    pub(super) fn ready(&mut self, after: &str) -> Result<Vec<String>, Trouble> {
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
}

/// Lines left over from an earlier answer: those `harmless` says are are skipped, anything
/// else answers nothing that was asked.
pub(super) fn leftover(running: &mut Running, harmless: fn(&str) -> bool) -> Result<(), Trouble> {
    loop {
        match running.stdout.try_recv() {
            Ok(Line::Text(line)) => {
                let text = line.trim();
                if !harmless(text) {
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

/// A FEN with its horses and elephants lettered for the engine: `n`/`b` (the FEN most
/// xiangqi programs write) or `h`/`e` (WXF's letters, which Sjaak II wants); only the board
/// field changes.
pub(crate) fn lettered(fen: &str, wxf: bool) -> String {
    if !wxf {
        return fen.to_owned();
    }
    let (board, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let board: String = board
        .chars()
        .map(|c| match c {
            'n' => 'h',
            'N' => 'H',
            'b' => 'e',
            'B' => 'E',
            other => other,
        })
        .collect();
    if rest.is_empty() {
        board
    } else {
        format!("{board} {rest}")
    }
}

#[cfg(test)]
mod tests {
    use super::lettered;

    #[test]
    fn wxf_letters_change_only_the_board() {
        assert_eq!(
            lettered("rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR b - - 0 1", true),
            "rheakaehr/9/9/9/9/9/9/9/9/RHEAKAEHR b - - 0 1"
        );
        assert_eq!(lettered("4k4/9 b", false), "4k4/9 b");
    }
}
