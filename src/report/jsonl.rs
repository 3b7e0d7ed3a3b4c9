//! The JSON-lines report.

use super::{partial_path, Event, View};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes one JSON object per event and line. The file is written as `<path>.partial` and
/// renamed to `<path>` only after the footer, so a cut-short run never leaves a file that
/// looks whole.
pub struct JsonLines {
    path: PathBuf,
    partial: PathBuf,
    out: BufWriter<File>,
}

impl JsonLines {
    /// Starts the report at `path`.
    pub fn create(path: &Path) -> std::io::Result<JsonLines> {
        let partial = partial_path(path);
        let out = BufWriter::new(File::create(&partial)?);
        Ok(JsonLines {
            path: path.to_owned(),
            partial,
            out,
        })
    }
}

impl View for JsonLines {
    fn event(&mut self, event: &Event) -> std::io::Result<()> {
        serde_json::to_writer(&mut self.out, &event.to_json())?;
        self.out.write_all(b"\n")?;
        // Each line is on disk as soon as the result is known.
        self.out.flush()
    }

    fn finish(mut self: Box<Self>) -> std::io::Result<()> {
        self.out.flush()?;
        std::fs::rename(&self.partial, &self.path)
    }
}
