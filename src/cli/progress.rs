//! Progress of long runs (`run`, `mutants`, `fuzz`, `play`) on standard error: a bar when
//! standard error is a terminal, otherwise a plain line every few seconds, so a run in CI or
//! with its output redirected still says it is alive and how far it got.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a plain progress line is printed when standard error is not a terminal.
const PLAIN_EVERY: Duration = Duration::from_secs(5);

/// The environment variable that sets another interval for the plain lines, in seconds
/// (`0` prints one line per step).
pub const PLAIN_EVERY_VAR: &str = "ARBITER_PROGRESS_SECONDS";

/// The progress of one run: `inc` per unit of work done, `set_message` for the detail,
/// `println` for a line that must not be overwritten by the bar.
pub struct Progress {
    shown: Shown,
    done: AtomicU64,
}

enum Shown {
    Bar(ProgressBar),
    Plain(Plain),
    Nothing,
}

/// The plain-line state: what is counted, the total if known, the detail, when the last line
/// was printed.
struct Plain {
    what: &'static str,
    total: Option<u64>,
    every: Duration,
    started: Instant,
    state: Mutex<(Instant, String)>,
}

impl Progress {
    /// The progress of `total` units (`None`: open-ended) of `what` (`"case runs"`,
    /// `"games"`), with the bar's indicatif `template` on a terminal. `quiet` shows nothing.
    pub fn new(what: &'static str, total: Option<u64>, template: &str, quiet: bool) -> Progress {
        let shown = if quiet {
            Shown::Nothing
        } else if std::io::stderr().is_terminal() {
            let bar = match total {
                Some(n) => ProgressBar::new(n),
                None => ProgressBar::new_spinner(),
            };
            if let Ok(style) = ProgressStyle::with_template(template) {
                bar.set_style(style);
            }
            Shown::Bar(bar)
        } else {
            let every = std::env::var(PLAIN_EVERY_VAR)
                .ok()
                .and_then(|s| s.trim().parse::<f64>().ok())
                .filter(|s| s.is_finite() && *s >= 0.0)
                .map_or(PLAIN_EVERY, Duration::from_secs_f64);
            let started = Instant::now();
            Shown::Plain(Plain {
                what,
                total,
                every,
                started,
                state: Mutex::new((started, String::new())),
            })
        };
        Progress {
            shown,
            done: AtomicU64::new(0),
        }
    }

    /// `n` more units done; on a non-terminal, a line if the interval has passed.
    pub fn inc(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        match &self.shown {
            Shown::Bar(bar) => bar.inc(n),
            Shown::Plain(plain) => plain.tick(done),
            Shown::Nothing => {}
        }
    }

    /// The detail shown after the count (failures so far, the score).
    pub fn set_message(&self, message: String) {
        match &self.shown {
            Shown::Bar(bar) => bar.set_message(message),
            Shown::Plain(plain) => {
                if let Ok(mut state) = plain.state.lock() {
                    state.1 = message;
                }
            }
            Shown::Nothing => {}
        }
    }

    /// Prints a line on standard error above the bar (or plainly).
    pub fn println(&self, line: impl AsRef<str>) {
        match &self.shown {
            Shown::Bar(bar) => bar.println(line.as_ref()),
            _ => eprintln!("{}", line.as_ref()),
        }
    }

    /// Prints a line on standard output, above the bar if there is one.
    pub fn stdout_line(&self, line: impl AsRef<str>) {
        match &self.shown {
            Shown::Bar(bar) => bar.suspend(|| println!("{}", line.as_ref())),
            _ => println!("{}", line.as_ref()),
        }
    }

    /// Removes the bar (the plain lines stay).
    pub fn finish(&self) {
        if let Shown::Bar(bar) = &self.shown {
            bar.finish_and_clear();
        }
    }
}

impl Plain {
    fn tick(&self, done: u64) {
        let Ok(mut state) = self.state.lock() else {
            return;
        };
        let now = Instant::now();
        if now.duration_since(state.0) < self.every {
            return;
        }
        state.0 = now;
        let count = match self.total {
            Some(total) => format!("{done}/{total}"),
            None => done.to_string(),
        };
        let detail = if state.1.is_empty() {
            String::new()
        } else {
            format!(" · {}", state.1)
        };
        eprintln!(
            "progress: {count} {} in {:.0} s{detail}",
            self.what,
            now.duration_since(self.started).as_secs_f64()
        );
    }
}
