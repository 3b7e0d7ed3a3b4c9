//! The perft data files, `tests/data/draughts.perft` and `tests/data/xiangqi.perft`: their
//! reader and the check of the reference's counts against them.
//!
//! The format (each file repeats it in its header):
//!
//! ```text
//! # comment
//! position: <name>               starts a block; a name is used once per ruleset
//! ruleset: russian | brazilian | xiangqi
//! fen: <FEN>
//! source: published: <the table, named>
//! source: cross-checked against <implementation and version> on <YYYY-MM-DD>
//! perft <depth> <nodes> paths | moves    (draughts: the counting convention)
//! perft <depth> <nodes>                  (xiangqi: one convention)
//! ```
//!
//! A block has its `ruleset:` and `fen:` before its first count; a count vouched for by the
//! `source:` line above it in the same block. Digits may be grouped with `_`. A count written
//! `?` is a placeholder for `scripts/perft_crosscheck.py --fill`, and an error here.

use arbiter::{draughts, xiangqi, Game, PerftCount};
use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

/// One count of a data file.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Where it is written: `tests/data/draughts.perft:12`.
    pub at: String,
    /// The position's name.
    pub position: String,
    pub game: Game,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
    /// The convention (draughts); `None` for xiangqi.
    pub count: Option<PerftCount>,
    /// The `source:` line that vouches for the count.
    pub source: String,
}

impl Entry {
    /// The reference's count for this entry.
    pub fn reference_count(&self) -> u64 {
        match draughts::Variant::from_game(self.game) {
            Some(variant) => {
                let pos = draughts::Position::from_fen(&self.fen, variant)
                    .expect("checked by the reader");
                draughts::perft(&pos, self.depth, self.count.expect("checked by the reader"))
            }
            None => xiangqi::perft(
                &xiangqi::Position::from_fen(&self.fen).expect("checked by the reader"),
                self.depth,
            ),
        }
    }

    fn convention(&self) -> &'static str {
        match self.count {
            Some(PerftCount::Paths) => " paths",
            Some(PerftCount::Moves) => " moves",
            None => "",
        }
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} `{}` perft {}{}",
            self.at,
            self.game.name(),
            self.position,
            self.depth,
            self.convention()
        )
    }
}

/// Bad data, with the file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

/// The data file `tests/data/<name>`, read.
pub fn load(name: &str) -> Vec<Entry> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let shown = format!("tests/data/{name}");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{shown}: cannot read {}: {e}", path.display()));
    parse(&shown, &text).unwrap_or_else(|e| panic!("{e}"))
}

/// The block being read.
struct Block {
    line: usize,
    name: String,
    game: Option<Game>,
    fen: Option<String>,
    source: Option<String>,
    counts: usize,
}

const LINE_SHAPE: &str = "expected `position:`, `ruleset:`, `fen:`, `source:` or \
                          `perft <depth> <nodes> [paths|moves]`";

/// Reads a data file's text; `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Vec<Entry>, DataError> {
    let err = |line: usize, message: String| DataError {
        file: file.to_owned(),
        line,
        message,
    };
    let mut entries: Vec<Entry> = Vec::new();
    let mut names = BTreeSet::new();
    let mut seen = BTreeSet::new();
    let mut block: Option<Block> = None;
    let close = |block: &Option<Block>| match block {
        Some(b) if b.counts == 0 => Err(err(b.line, format!("position `{}` has no count", b.name))),
        _ => Ok(()),
    };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let text = raw.trim();
        if text.is_empty() || text.starts_with('#') {
            continue;
        }
        if let Some(rest) = text.strip_prefix("perft ") {
            let Some(b) = block.as_mut() else {
                return Err(err(line, "a count before any `position:`".into()));
            };
            let entry = count_line(rest, b).map_err(|m| err(line, m))?;
            let entry = Entry {
                at: format!("{file}:{line}"),
                ..entry
            };
            if !seen.insert((b.name.clone(), entry.game, entry.depth, entry.convention())) {
                return Err(err(
                    line,
                    format!(
                        "position `{}` has a second count for perft {}{}",
                        b.name,
                        entry.depth,
                        entry.convention()
                    ),
                ));
            }
            b.counts += 1;
            entries.push(entry);
            continue;
        }
        let Some((key, value)) = text.split_once(':') else {
            return Err(err(line, LINE_SHAPE.into()));
        };
        let value = value.trim();
        if value.is_empty() {
            return Err(err(line, format!("`{key}:` has no value")));
        }
        if key == "position" {
            close(&block)?;
            block = Some(Block {
                line,
                name: value.to_owned(),
                game: None,
                fen: None,
                source: None,
                counts: 0,
            });
            continue;
        }
        let Some(b) = block.as_mut() else {
            return Err(err(line, format!("`{key}:` before any `position:`")));
        };
        match key {
            "ruleset" => {
                if b.game.is_some() {
                    return Err(err(line, "a second `ruleset:` in the block".into()));
                }
                let game = value.parse::<Game>().map_err(|_| {
                    err(
                        line,
                        format!("ruleset `{value}`: expected russian, brazilian or xiangqi"),
                    )
                })?;
                if !names.insert((b.name.clone(), game)) {
                    return Err(err(
                        line,
                        format!("a second {value} position named `{}`", b.name),
                    ));
                }
                b.game = Some(game);
            }
            "fen" => {
                if b.fen.is_some() {
                    return Err(err(line, "a second `fen:` in the block".into()));
                }
                let Some(game) = b.game else {
                    return Err(err(line, "`fen:` before the block's `ruleset:`".into()));
                };
                check_fen(game, value).map_err(|m| err(line, format!("fen `{value}`: {m}")))?;
                b.fen = Some(value.to_owned());
            }
            "source" => {
                check_source(value).map_err(|m| err(line, m))?;
                b.source = Some(value.to_owned());
            }
            _ => return Err(err(line, format!("unknown key `{key}`: {LINE_SHAPE}"))),
        }
    }
    close(&block)?;
    Ok(entries)
}

/// `<depth> <nodes> [paths|moves]` in the block `b`.
fn count_line(rest: &str, b: &Block) -> Result<Entry, String> {
    let (Some(game), Some(fen)) = (b.game, b.fen.as_ref()) else {
        return Err(format!(
            "a count before the `ruleset:` and `fen:` of position `{}`",
            b.name
        ));
    };
    let Some(source) = b.source.as_ref() else {
        return Err(format!(
            "a count with no `source:` line above it in position `{}`",
            b.name
        ));
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let draughts = game != Game::Xiangqi;
    let (depth, nodes, convention) = match (fields.as_slice(), draughts) {
        ([d, n, c], true) => (*d, *n, Some(*c)),
        ([d, n], false) => (*d, *n, None),
        ([_, _], true) => {
            return Err("a draughts count needs its convention: `paths` or `moves`".into())
        }
        ([_, _, c], false) => {
            return Err(format!(
                "`{c}`: xiangqi has one counting convention, write none"
            ))
        }
        _ => {
            return Err(format!(
                "expected `perft <depth> <nodes>{}`",
                if draughts { " paths|moves" } else { "" }
            ))
        }
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth `{depth}`: expected a whole number"))?;
    if nodes == "?" {
        return Err("count `?` is not filled in: run scripts/perft_crosscheck.py --fill".into());
    }
    let digits: String = nodes.chars().filter(|&c| c != '_').collect();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "nodes `{nodes}`: expected a whole number (digits, `_` between groups)"
        ));
    }
    let nodes: u64 = digits
        .parse()
        .map_err(|_| format!("nodes `{nodes}`: too large"))?;
    let count = match convention {
        None => None,
        Some("paths") => Some(PerftCount::Paths),
        Some("moves") => Some(PerftCount::Moves),
        Some(other) => return Err(format!("convention `{other}`: expected paths or moves")),
    };
    Ok(Entry {
        at: String::new(),
        position: b.name.clone(),
        game,
        fen: fen.clone(),
        depth,
        nodes,
        count,
        source: source.clone(),
    })
}

fn check_fen(game: Game, fen: &str) -> Result<(), String> {
    match draughts::Variant::from_game(game) {
        Some(variant) => draughts::Position::from_fen(fen, variant)
            .map(|_| ())
            .map_err(|e| e.to_string()),
        None => xiangqi::Position::from_fen(fen)
            .map(|_| ())
            .map_err(|e| e.to_string()),
    }
}

/// `published: <name>` or `cross-checked against <implementation> on <YYYY-MM-DD>`.
fn check_source(value: &str) -> Result<(), String> {
    if let Some(name) = value.strip_prefix("published:") {
        return if name.trim().is_empty() {
            Err("`source: published:` must name the table".into())
        } else {
            Ok(())
        };
    }
    let shape = "expected `source: published: <the table>` or \
                 `source: cross-checked against <implementation> on <YYYY-MM-DD>`";
    let Some(rest) = value.strip_prefix("cross-checked against ") else {
        return Err(format!("source `{value}`: {shape}"));
    };
    let Some((what, date)) = rest.rsplit_once(" on ") else {
        return Err(format!("source `{value}`: {shape}"));
    };
    let date_ok = date.len() == 10
        && date.char_indices().all(|(i, c)| match i {
            4 | 7 => c == '-',
            _ => c.is_ascii_digit(),
        });
    if what.trim().is_empty() || !date_ok {
        return Err(format!("source `{value}`: {shape}"));
    }
    Ok(())
}

/// Checks the reference against every entry of `entries` that `pick` selects, and returns
/// the number checked; panics listing every disagreement.
pub fn check(entries: &[Entry], pick: impl Fn(&Entry) -> bool) -> usize {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for e in entries.iter().filter(|e| pick(e)) {
        checked += 1;
        let got = e.reference_count();
        if got != e.nodes {
            wrong.push(format!(
                "{e}: counted {got}, the file says {} ({})",
                e.nodes, e.source
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} counts disagree:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    checked
}

/// Entries up to this many nodes run in every `cargo test`; the rest only with `--ignored`.
pub const EVERYDAY_NODES: u64 = if cfg!(debug_assertions) {
    2_000_000
} else {
    25_000_000
};

/// The count of `position` under `game` at `depth` (and convention) in a file's entries.
pub fn expected(
    entries: &[Entry],
    position: &str,
    game: Game,
    depth: u32,
    count: Option<PerftCount>,
) -> u64 {
    entries
        .iter()
        .find(|e| e.position == position && e.game == game && e.depth == depth && e.count == count)
        .unwrap_or_else(|| panic!("no count for {game:?} `{position}` perft {depth} {count:?}"))
        .nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "position: start\nruleset: russian\n\
                        fen: W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\n\
                        source: published: a table\n";

    fn error(text: &str) -> String {
        parse("t.perft", text).unwrap_err().to_string()
    }

    #[test]
    fn reads_blocks_counts_and_sources() {
        let text = format!(
            "# header\n{HEAD}perft 1 7 paths\n\nsource: cross-checked against x 1.0 on 2026-12-01\n\
             perft 8 929_899 moves\nposition: xq\nruleset: xiangqi\n\
             fen: 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\nsource: published: b\nperft 2 9\n"
        );
        let entries = parse("t.perft", &text).unwrap();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].at, "t.perft:6");
        assert_eq!((entries[0].depth, entries[0].nodes), (1, 7));
        assert_eq!(entries[0].source, "published: a table");
        assert_eq!(entries[1].nodes, 929_899);
        assert_eq!(entries[1].count, Some(PerftCount::Moves));
        assert_eq!(
            entries[1].source,
            "cross-checked against x 1.0 on 2026-12-01"
        );
        assert_eq!((entries[2].game, entries[2].count), (Game::Xiangqi, None));
        assert_eq!(entries[2].to_string(), "t.perft:14: xiangqi `xq` perft 2");
    }

    #[test]
    fn bad_lines_are_named_by_file_and_line() {
        let cases: [(&str, &str); 16] = [
            (
                "perft 1 7 paths\n",
                "t.perft:1: a count before any `position:`",
            ),
            (
                "fen: W:W21:B1\n",
                "t.perft:1: `fen:` before any `position:`",
            ),
            ("hello\n", "t.perft:1: expected `position:`"),
            (
                "position: a\nruleset: chess\n",
                "t.perft:2: ruleset `chess`: expected",
            ),
            (
                "position: a\nfen: W:W21:B1\n",
                "t.perft:2: `fen:` before the block's `ruleset:`",
            ),
            (
                "position: a\nruleset: russian\nfen: W:W33:B1\n",
                "t.perft:3: fen `W:W33:B1`: ",
            ),
            (
                "position: a\nruleset: russian\nfen: W:W21:B1\nperft 1 1 paths\n",
                "t.perft:4: a count with no `source:`",
            ),
            (
                "position: a\nruleset: russian\nsource: published: x\nperft 1 1 paths\n",
                "t.perft:4: a count before the `ruleset:` and `fen:`",
            ),
            (
                "position: a\nsource: somebody\n",
                "t.perft:2: source `somebody`: expected",
            ),
            (
                "position: a\nsource: cross-checked against x on yesterday\n",
                "t.perft:2: source `cross-checked against x on yesterday`",
            ),
            ("position: a\nnote: x\n", "t.perft:2: unknown key `note`"),
            (
                &format!("{HEAD}perft 1 7\n"),
                "t.perft:5: a draughts count needs its convention",
            ),
            (
                &format!("{HEAD}perft 1 ? paths\n"),
                "t.perft:5: count `?` is not filled in",
            ),
            (
                &format!("{HEAD}perft 1 7x paths\n"),
                "t.perft:5: nodes `7x`: expected a whole number",
            ),
            (
                &format!("{HEAD}perft 1 7 routes\n"),
                "t.perft:5: convention `routes`: expected paths or moves",
            ),
            (
                &format!("{HEAD}perft 1 7 paths\nperft 1 7 paths\n"),
                "t.perft:6: position `start` has a second count for perft 1 paths",
            ),
        ];
        for (text, want) in cases {
            let got = error(text);
            assert!(
                got.starts_with(want),
                "{text:?}\n  gave {got}\n  want {want}…"
            );
        }
    }

    #[test]
    fn xiangqi_counts_have_no_convention_and_blocks_need_counts() {
        let xq = "position: x\nruleset: xiangqi\nfen: 4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\n\
                  source: published: t\n";
        assert!(error(&format!("{xq}perft 1 3 moves\n"))
            .starts_with("t.perft:5: `moves`: xiangqi has one counting convention"));
        assert_eq!(
            error(&format!("{HEAD}position: b\nruleset: russian\n")),
            "t.perft:1: position `start` has no count"
        );
        assert_eq!(
            error(&format!(
                "{HEAD}perft 1 7 paths\nposition: start\nruleset: russian\n"
            )),
            "t.perft:7: a second russian position named `start`"
        );
        let other = format!(
            "{HEAD}perft 1 7 paths\nposition: start\nruleset: brazilian\n\
             fen: W:W21:B1\nsource: published: t\nperft 1 1 paths\n"
        );
        assert_eq!(parse("t.perft", &other).unwrap().len(), 2);
    }
}
