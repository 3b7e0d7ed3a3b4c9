//! Game records as they exist: PGN (xiangqi) and PDN (draughts) files from tournament
//! software and public databases, read leniently and checked against the rules
//! (docs/records.md).
//!
//! - [`decode`] (`encoding.rs`): the file's encoding — UTF-8 with or without a byte-order
//!   mark, GB18030, Big5 — told from its bytes or forced.
//! - [`read_games`] (`reader.rs`): the tolerant PGN/PDN reader; each game read, or why
//!   not, with its game number and line; games are never merged.
//! - [`check_game`] (`check.rs`): a game replayed through the arbiter: clean, the first
//!   illegal move, a result the final position contradicts, and the findings that are not
//!   errors (a forbidden repetition cycle and who would have had to change).
//!
//! `arbiter records`, `arbiter play --replay` and `arbiter standings` read files through
//! [`read_file`].
//!
//! ```
//! use arbiter::records::{check_game, read_games, CheckOptions, Status};
//!
//! // Traditional characters, full-width digits, a black first-move number, ½–½.
//! let text = "[Game \"Chinese Chess\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 ½–½\n";
//! let game = read_games(text).remove(0).unwrap();
//! let report = check_game(&game, &CheckOptions::default());
//! assert_eq!((report.status, report.plies), (Status::Clean, 3));
//! ```

mod check;
mod encoding;
mod entry;
mod reader;

pub use check::{
    check_game, game_outcome, recorded_result, ruleset_of, CheckOptions, Enforcement, Finding,
    GameReport, IllegalMove, Status,
};
pub use encoding::{decode, DecodeError, TextEncoding};
pub use reader::{
    ascii_forms, games, read_games, read_result_token, Games, Item, ReadRecord, RecordError,
};

use crate::Outcome;
use std::path::{Path, PathBuf};

/// The games of one file, read.
#[derive(Debug, Clone)]
pub struct FileGames {
    /// The file.
    pub path: PathBuf,
    /// The encoding it was read in.
    pub encoding: TextEncoding,
    /// Each game, or why it could not be read.
    pub games: Vec<Result<ReadRecord, RecordError>>,
}

/// Reads a record file: decodes it ([`decode`]) and reads its games ([`read_games`]).
/// `Err` when the file cannot be read or decoded (with the path).
pub fn read_file(path: &Path, encoding: Option<TextEncoding>) -> Result<FileGames, String> {
    let (text, encoding) = read_text(path, encoding)?;
    Ok(FileGames {
        path: path.to_owned(),
        encoding,
        games: read_games(&text),
    })
}

/// A record file's text, decoded ([`decode`]), with its encoding; read its games one at a
/// time with [`games`]. `Err` when the file cannot be read or decoded (with the path).
pub fn read_text(
    path: &Path,
    encoding: Option<TextEncoding>,
) -> Result<(String, TextEncoding), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    decode(&bytes, encoding).map_err(|e| format!("{}: {e}", path.display()))
}

/// The record files named: files as given, directories searched recursively for `.pgn`
/// and `.pdn` files (any case), in path order.
pub fn record_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            found.sort();
            out.extend(found);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("pdn"))
        {
            out.push(path);
        }
    }
    Ok(())
}

/// Reads every game of a PGN/PDN text ([`read_games`]); the first game that cannot be read
/// is the error. Callers that go on past a bad game use `read_games` itself.
pub fn parse_records(text: &str) -> Result<Vec<ReadRecord>, RecordError> {
    read_games(text).into_iter().collect()
}

/// Replays a read record through the session and returns the outcome it stands for
/// ([`game_outcome`]): the rules' — mate, a draw rule, a procedure decision, checked
/// against every `[%clk]` time and `must-change` order of arbiter's own records on the
/// way — or, when no rule ended the game, the recorded result with the reason of its
/// `Termination` tag. A forbidden repetition is refereed
/// ([`crate::procedure::RepetitionEnforcement`]): the loss stands when the record ends
/// with it.
pub fn replay(record: &ReadRecord) -> Result<Outcome, String> {
    game_outcome(record, &CheckOptions::default())
}

/// Checks a read record: replays it ([`check_game`]) and compares the result with its
/// `Result`, `Termination` and (when present) `Clause` tags; the outcome when the record is
/// clean ([`replay`]).
pub fn verify(record: &ReadRecord) -> Result<Outcome, String> {
    replay(record)
}
