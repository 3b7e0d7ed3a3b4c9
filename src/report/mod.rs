//! Reports: one stream of [`Event`]s (a header, one result per case run, a footer) and the
//! views derived from it: the terminal [`Summary`], the [`JsonLines`] report, [`Junit`] XML
//! the markdown summary ([`to_markdown`]) and the HTML page with boards ([`to_html`]).
//!
//! A report is read back with [`read_report`]; a [`Baseline`] lists an engine's known
//! failures, and [`gate`] judges a run against it.
//!
//! ```
//! use arbiter::report::{Event, Footer, Summary, View};
//!
//! let mut summary = Summary::default();
//! summary.event(&Event::Footer(Footer { passed: 0, failed: 0, skipped: 0, errored: 0, seconds: 0.0 })).unwrap();
//! assert!(summary.render().contains("0 passed, 0 failed"));
//! ```

mod baseline;
mod error;
mod event;
mod html;
mod jsonl;
mod junit;
mod markdown;
mod read;
mod summary;
mod time;

pub use baseline::{gate, Baseline, BaselineEntry, Gate};
pub use error::ReportError;
pub use event::{
    shell_quote, BaselineMark, EngineRecord, Event, Failure, Footer, Header, ResultEvent, Totals,
};
pub use html::to_html;
pub use jsonl::JsonLines;
pub use junit::Junit;
pub use markdown::{clause_group, to_markdown};
pub use read::{read_report, Report};
pub use summary::Summary;
pub use time::rfc3339_utc;

use std::path::Path;
use std::process::Command;

/// Something that consumes the event stream.
pub trait View {
    /// Takes the next event.
    fn event(&mut self, event: &Event) -> std::io::Result<()>;
    /// Ends the stream: files are completed and put in place.
    fn finish(self: Box<Self>) -> std::io::Result<()>;
}

/// The git commit checked out in `dir` (`git rev-parse HEAD`), if git is there and `dir` is
/// in a repository.
pub fn suite_commit(dir: &Path) -> Option<String> {
    let out = Command::new("git")
        .arg("-C")
        .arg(dir)
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    let commit = text.trim();
    (out.status.success() && !commit.is_empty()).then(|| commit.to_owned())
}

/// Writes `contents` to `path` through a temporary file in the same directory
/// (`<path>.partial`), renamed into place, so a reader never sees a half-written file.
pub fn write_atomically(path: &Path, contents: &[u8]) -> std::io::Result<()> {
    let tmp = partial_path(path);
    std::fs::write(&tmp, contents)?;
    std::fs::rename(&tmp, path)
}

/// Writes the failures among `results` by kind, each kind as a list (see [`write_list`])
/// under its title: `titles` are those of the disagreements with the rules and of the
/// engine failures, `heading` makes a heading of a title and a count.
fn write_failures<'a>(
    out: &mut String,
    results: impl IntoIterator<Item = &'a ResultEvent> + Clone,
    titles: [&str; 2],
    heading: impl Fn(&str, usize) -> String,
    mut item: impl FnMut(&mut String, &ResultEvent),
) {
    for (kind, title) in [Failure::Rules, Failure::Engine].into_iter().zip(titles) {
        let of_kind: Vec<&ResultEvent> = results
            .clone()
            .into_iter()
            .filter(|r| r.failure_kind() == Some(kind))
            .collect();
        write_list(
            out,
            &of_kind,
            |n| heading(title, n),
            |out, r| item(out, r),
            "",
        );
    }
}

/// Writes a list under a heading that counts it, or nothing when `items` is empty: the
/// line `heading(count)`, each item as `item` writes it, then `end`.
fn write_list<T>(
    out: &mut String,
    items: &[T],
    heading: impl FnOnce(usize) -> String,
    mut item: impl FnMut(&mut String, &T),
    end: &str,
) {
    if items.is_empty() {
        return;
    }
    out.push_str(&heading(items.len()));
    out.push('\n');
    for i in items {
        item(out, i);
    }
    out.push_str(end);
}

/// `<path>.partial`: where a report is written until it is complete.
pub fn partial_path(path: &Path) -> std::path::PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".partial");
    path.with_file_name(name)
}
