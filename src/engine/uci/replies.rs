//! The engine's replies read: `bestmove`, `go perft` divides and `d` output, and the
//! exchanges (`go`, `go perft`, `d`) that send a command and read its answer.

use crate::engine::child::shorten;
use crate::engine::talk::{Talk, Trouble};

/// The moves of a `go perft` divide, as the engine wrote them, and its node count.
pub(super) struct Divide {
    pub(super) moves: Vec<(String, u64)>,
    pub(super) nodes: u64,
}

/// What the engine's `d` output shows.
#[derive(Default, Clone)]
pub(super) struct Display {
    /// The text after `Fen:`.
    pub(super) fen: Option<String>,
    /// The text after `Checkers:`.
    pub(super) checkers: Option<String>,
}

impl Display {
    /// Takes a line of `d` output; `false` when it is none of its fields.
    fn take(&mut self, line: &str) -> bool {
        let text = line.trim_start();
        if let Some(rest) = text.strip_prefix("Fen:") {
            self.fen = Some(rest.trim().to_owned());
        } else if let Some(rest) = text.strip_prefix("Checkers:") {
            self.checkers = Some(rest.trim().to_owned());
        } else {
            return ["Key:", "Sfen:", "Chased:"]
                .iter()
                .any(|p| text.starts_with(p));
        }
        true
    }
}

/// A `go perft` divide line: `<move>: <count>`.
pub(super) fn divide_line(text: &str) -> Option<(String, u64)> {
    let (m, n) = text.split_once(':')?;
    let m = m.trim();
    let n = n.trim().parse::<u64>().ok()?;
    (!m.is_empty() && m.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| (m.to_owned(), n))
}

/// A `bestmove` (UCI) or `nobestmove` (UCCI) line: `Some(None)` when it says there is no
/// move (`(none)`, `0000`, `none`, `nobestmove`), `Some(Some(text))` for a move.
pub(super) fn best_move(text: &str) -> Option<Option<String>> {
    if text == "nobestmove" || text.starts_with("nobestmove ") {
        return Some(None);
    }
    let rest = text.strip_prefix("bestmove")?;
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    match rest.split_whitespace().next() {
        None | Some("(none)" | "0000" | "none" | "null") => Some(None),
        Some(m) => Some(Some(m.to_owned())),
    }
}

/// A line of the board `d` draws (` +---+`, ` | r | n |`, file letters).
fn board_drawing(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('+')
        || t.starts_with('|')
        || t.chars().all(|c| c == ' ' || ('a'..='i').contains(&c))
}

pub(super) fn harmless(text: &str) -> bool {
    text.is_empty() || text == "info" || text.starts_with("info ") || text.starts_with('#')
}

impl Talk<'_> {
    /// `go perft <depth>` (with `extra` words) in the position set before, read up to
    /// `Nodes searched`; lines of a `d` sent just before it go to `display`.
    pub(super) fn perft_with(
        &mut self,
        depth: u32,
        extra: &str,
        mut display: Option<&mut Display>,
    ) -> Result<Divide, Trouble> {
        let command = format!("go perft {depth}{extra}");
        self.send(&command)?;
        let waiting = format!("`Nodes searched: <n>` after `{command}`");
        let mut moves = Vec::new();
        loop {
            let line = self.line(&waiting)?;
            let text = line.trim();
            if harmless(text) {
                continue;
            }
            if let Some(n) = text.strip_prefix("Nodes searched:") {
                let nodes = n.trim().parse().map_err(|_| {
                    Trouble::nonsense(format!(
                        "expected a node count after `Nodes searched:`, got `{}`",
                        shorten(text)
                    ))
                })?;
                return Ok(Divide { moves, nodes });
            }
            if moves.is_empty() {
                if let Some(d) = display.as_deref_mut() {
                    if d.take(text) || board_drawing(text) {
                        continue;
                    }
                }
            }
            match divide_line(text) {
                Some(entry) => moves.push(entry),
                None => {
                    return Err(Trouble::nonsense(format!(
                        "expected `<move>: <count>` or `Nodes searched: <n>` after `{command}`, got `{}`",
                        shorten(text)
                    )))
                }
            }
        }
    }

    /// The moves of a `go perft 1` divide in the position set before, checked.
    pub(super) fn perft_list(
        &mut self,
        display: Option<&mut Display>,
    ) -> Result<Vec<String>, Trouble> {
        let divide = self.perft_with(1, "", display)?;
        check_divide(&divide, 1)?;
        Ok(divide.moves.into_iter().map(|(m, _)| m).collect())
    }

    /// `d`, read up to the `readyok` of an `isready` sent after it.
    pub(super) fn display(&mut self) -> Result<Display, Trouble> {
        self.send("d")?;
        let lines = self.ready("`d` and ")?;
        let mut display = Display::default();
        for line in &lines {
            display.take(line);
        }
        Ok(display)
    }

    /// Sends `go …` and reads the engine's move: `None` when it has none. An engine that
    /// searches before reading on (`synchronous`) is sent `isready` too, and no `bestmove`
    /// before its `readyok` is no move; another must answer `bestmove`.
    pub(super) fn go(
        &mut self,
        command: &str,
        synchronous: bool,
    ) -> Result<Option<String>, Trouble> {
        self.go_scored(command, synchronous).map(|(best, _)| best)
    }

    /// [`Talk::go`], with whether the engine wrote `score mate 0` (it is mated, or has no
    /// move and counts that as lost) before saying it has no move.
    pub(super) fn go_scored(
        &mut self,
        command: &str,
        synchronous: bool,
    ) -> Result<(Option<String>, bool), Trouble> {
        self.send(command)?;
        if synchronous {
            self.send("isready")?;
        }
        let waiting = if synchronous {
            format!("`bestmove` or `readyok` after `{command}` and `isready`")
        } else {
            format!("`bestmove` after `{command}`")
        };
        let mut mate_zero = false;
        loop {
            let line = self.line(&waiting)?;
            let text = line.trim();
            if let Some(best) = best_move(text) {
                if synchronous {
                    self.until_readyok(&waiting)?;
                }
                return match best {
                    Some(m) if mate_zero => Err(Trouble::nonsense(format!(
                        "it wrote `score mate 0` (no move) but then `bestmove {m}`"
                    ))),
                    other => Ok((other, mate_zero)),
                };
            }
            if synchronous && text == "readyok" {
                return Ok((None, mate_zero));
            }
            if text.starts_with("info ") && text.contains("score mate 0") {
                let words: Vec<&str> = text.split_whitespace().collect();
                mate_zero |= words.windows(3).any(|w| w == ["score", "mate", "0"]);
            }
        }
    }

    fn until_readyok(&mut self, waiting: &str) -> Result<(), Trouble> {
        loop {
            let line = self.line(waiting)?;
            let text = line.trim();
            if text == "readyok" {
                return Ok(());
            }
            if best_move(text).is_some() {
                return Err(Trouble::nonsense(format!(
                    "a second `{}` to one `go`",
                    shorten(text)
                )));
            }
        }
    }
}

/// A divide whose counts do not add up to its `Nodes searched` is nonsense; at depth 1
/// every count is 1.
pub(super) fn check_divide(divide: &Divide, depth: u32) -> Result<(), Trouble> {
    let sum: u64 = divide.moves.iter().map(|(_, n)| n).sum();
    if sum != divide.nodes {
        return Err(Trouble::nonsense(format!(
            "`go perft {depth}` listed {} moves counting {sum} nodes, but wrote `Nodes searched: {}`",
            divide.moves.len(),
            divide.nodes
        )));
    }
    if depth == 1 {
        if let Some((m, n)) = divide.moves.iter().find(|(_, n)| *n != 1) {
            return Err(Trouble::nonsense(format!(
                "`go perft 1` counted {n} nodes for `{m}`, expected 1"
            )));
        }
    }
    Ok(())
}
