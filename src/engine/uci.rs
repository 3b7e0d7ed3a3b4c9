//! A UCI or UCCI xiangqi engine behind the built-in adapter, for `arbiter run --engine
//! 'uci:<command line>'` or `'ucci:<command line>'` (`docs/protocol.md`, "UCI, UCCI and
//! XBoard engines").
//!
//! Everything the adapter answers is the engine's own word; arbiter's rules only translate
//! the notation and draw the candidate moves to put to it ([`super::candidate_moves`]). At
//! start the adapter probes what the engine answers, each within a short probe timeout:
//!
//! - `position fen <start>` then `go depth 1`: it plays a move, whose ranks tell how it
//!   numbers them ([`UciRanks`]); which FEN letters it reads (`n`/`b`, else WXF's `h`/`e`);
//! - `go depth 1` where the side to move has no move: `bestmove (none)` as the protocols want,
//!   or silence (Sjaak II searches before reading on and then writes nothing: it is sent
//!   `isready` after every `go`, and `readyok` without a `bestmove` is no move);
//! - `go perft 1` (a Stockfish extension): its divide lists its legal moves;
//! - `d` (a Stockfish extension): its `Fen:` and `Checkers:` lines;
//! - `go depth 1 searchmoves <m>` (UCI): whether it plays the one move it is told to, and
//!   none when told only an illegal one;
//! - `banmoves` (UCCI, without `go perft`): whether it plays another move with its first
//!   one banned, the one move left with every other candidate banned, and none with every
//!   candidate banned.
//!
//! The legal moves are then its `go perft 1` divide; else, for each candidate move, whether
//! it plays the move when told to search only it (`searchmoves`); else the moves it plays
//! with every move it played before banned, until it has none (`banmoves`); else whether it
//! takes the move in `position … moves <m>`, told by the side its `bestmove` moves for. `bestmove
//! (none)`, `bestmove 0000`, `nobestmove` (UCCI) and, from an engine that searches before
//! reading on, no `bestmove` before `readyok`, mean it has no move. A history move is legal
//! when the engine says so the same way; what it already said is not asked again. The
//! position reached and check come from `d` only, and are skipped without it.
//!
//! The process is supervised like a protocol engine ([`super::ProcessEngine`]): a
//! per-request timeout, restarts after a crash, a hang or nonsense, a restart limit, and its
//! stderr attached to the failures.
//!
//! ```
//! use arbiter::engine::UciRanks;
//!
//! assert_eq!(UciRanks::FromOne.to_engine("h2e2").as_deref(), Some("h3e3"));
//! assert_eq!(UciRanks::FromOne.to_iccs("b3b10").as_deref(), Some("b2b9"));
//! assert_eq!(UciRanks::FromZero.to_iccs("b2b9").as_deref(), Some("b2b9"));
//! assert_eq!(UciRanks::FromOne.to_iccs("b2b0"), None);
//! ```

use super::candidates::{candidate_moves, moved};
use super::child::{shorten, Running, Supervised};
use super::talk::{leftover, lettered, Talk, Trouble};
use super::{Engine, ProcessOptions, StartError, Usage};
use crate::protocol::{
    Answer, EngineFailure, EngineInfo, FailureKind, OutcomeAnswer, Query, QueryKind, Reply,
    Request, Stage,
};
use crate::xiangqi::fen::parse_fen;
use crate::xiangqi::iccs::{parse_iccs_coords, write_uci10};
use crate::xiangqi::{Move, Position, Setup, Square, START_FEN};
use crate::Game;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Mutex;
use std::time::Duration;

/// How a UCI engine numbers the ranks in its moves, counted from red's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UciRanks {
    /// Ranks 0–9, as ICCS (`h2e2`): Pikafish.
    FromZero,
    /// Ranks 1–10 (`h3e3`, `b3b10`): Fairy-Stockfish.
    FromOne,
}

impl UciRanks {
    /// The ranks as written in reports: `0-9` or `1-10`.
    pub fn name(self) -> &'static str {
        match self {
            UciRanks::FromZero => "0-9",
            UciRanks::FromOne => "1-10",
        }
    }

    /// The engine's text of an ICCS move (`h2e2`, also `H2-E2`); `None` when `iccs` is not
    /// an ICCS move. Only the notation is translated: the move is not checked.
    pub fn to_engine(self, iccs: &str) -> Option<String> {
        let m = parse_iccs_coords(iccs).ok()?;
        Some(match self {
            UciRanks::FromZero => m.to_string(),
            UciRanks::FromOne => write_uci10(m),
        })
    }

    /// The convention under which `text`, an engine's move on the start position, is legal
    /// (`None` when it is legal under neither or both): how an engine numbers the ranks,
    /// learned from its own move.
    ///
    /// ```
    /// use arbiter::engine::UciRanks;
    ///
    /// assert_eq!(UciRanks::of_start_move("h3e3"), Some(UciRanks::FromOne));
    /// assert_eq!(UciRanks::of_start_move("h2e2"), Some(UciRanks::FromZero));
    /// assert_eq!(UciRanks::of_start_move("e5e6"), None);
    /// ```
    pub fn of_start_move(text: &str) -> Option<UciRanks> {
        ranks_of_start_move(text).ok()
    }

    /// The ICCS text of a move the engine wrote; `None` when `text` is not a move in this
    /// convention (lowercase files a–i, then the ranks).
    pub fn to_iccs(self, text: &str) -> Option<String> {
        let (from, rest) = self.square(text)?;
        let (to, rest) = self.square(rest)?;
        rest.is_empty().then(|| Move { from, to }.to_string())
    }

    /// Reads one square at the start of `text`; returns it with the rest of the text.
    fn square(self, text: &str) -> Option<(Square, &str)> {
        let file = *text.as_bytes().first()?;
        if !(b'a'..=b'i').contains(&file) {
            return None;
        }
        let digits = text[1..].bytes().take_while(u8::is_ascii_digit).count();
        let rank_text = &text[1..1 + digits];
        let rank: u8 = rank_text.parse().ok()?;
        let rank = match self {
            UciRanks::FromZero if digits == 1 => rank,
            UciRanks::FromOne if (1..=10).contains(&rank) && !rank_text.starts_with('0') => {
                rank - 1
            }
            _ => return None,
        };
        Some((Square::new(file - b'a', rank)?, &text[1 + digits..]))
    }
}

/// Which of the two protocols the engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// UCI (`uci` … `uciok`), with `setoption name UCI_Variant value xiangqi`.
    Uci,
    /// UCCI, the Chinese engine protocol (`ucci` … `ucciok`, `nobestmove`).
    Ucci,
}

impl Dialect {
    /// The prefix naming it on the command line: `uci:` or `ucci:`.
    pub fn prefix(self) -> &'static str {
        match self {
            Dialect::Uci => "uci:",
            Dialect::Ucci => "ucci:",
        }
    }

    /// The protocol's name: `UCI` or `UCCI`.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Uci => "UCI",
            Dialect::Ucci => "UCCI",
        }
    }

    fn greeting(self) -> (&'static str, &'static str) {
        match self {
            Dialect::Uci => ("uci", "uciok"),
            Dialect::Ucci => ("ucci", "ucciok"),
        }
    }
}

/// How long a start-up probe waits for an answer that may not come (a `bestmove` to an
/// extension the engine ignores, a FEN it cannot read).
const PROBE_SILENCE: Duration = Duration::from_millis(1500);

/// The moves of a `go perft` divide, as the engine wrote them, and its node count.
struct Divide {
    moves: Vec<(String, u64)>,
    nodes: u64,
}

/// How the engine tells its legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lister {
    /// Its `go perft 1` divide.
    Perft,
    /// `go depth 1 searchmoves <m>`: it plays `m` when legal, none when not.
    SearchMoves,
    /// `banmoves` (UCCI) before `go depth 1`: the moves it plays with every move it played
    /// before banned, until it has none; a history move, whether it plays it with every
    /// other candidate move banned.
    BanMoves,
    /// `position … moves <m>` and `go depth 1`: the side its `bestmove` moves for.
    Reply,
}

/// What the start-up probes found.
#[derive(Debug, Clone)]
struct Caps {
    ranks: UciRanks,
    /// FENs are sent with WXF's `h`/`e` for horses and elephants.
    wxf_letters: bool,
    /// It writes nothing to `go` where it has no move: `isready` follows every `go`.
    synchronous: bool,
    perft: bool,
    shows_fen: bool,
    shows_checkers: bool,
    searchmoves: bool,
    /// It honours UCCI's `banmoves` (probed under UCCI when it has no `go perft`).
    banmoves: bool,
    /// Its move on the start position, as it wrote it.
    first_move: String,
}

impl Caps {
    fn lister(&self) -> Lister {
        if self.perft {
            Lister::Perft
        } else if self.searchmoves {
            Lister::SearchMoves
        } else if self.banmoves {
            Lister::BanMoves
        } else {
            Lister::Reply
        }
    }

    /// What is asked and how, for the report header and `docs/conformance.md`.
    fn asked(&self, dialect: Dialect) -> Vec<String> {
        let mut lines = vec![format!(
            "{}: ranks {} (from its `bestmove {}` on the start position), FEN letters {}, {}",
            dialect.name(),
            self.ranks.name(),
            self.first_move,
            if self.wxf_letters { "h/e" } else { "n/b" },
            if self.synchronous {
                "no move: silence (`isready` after each `go`; `readyok` without `bestmove`)"
            } else {
                "no move: `bestmove (none)`"
            }
        )];
        lines.push(match self.lister() {
            Lister::Perft => "legal moves and history moves: `go perft 1` (its divide)".to_owned(),
            Lister::SearchMoves => "legal moves and history moves: `go depth 1 searchmoves <m>` for each candidate move (no `go perft`)".to_owned(),
            Lister::BanMoves => "legal moves: `banmoves <the moves it played so far>` then `go depth 1`, until it has no move; history moves: `banmoves <every other candidate move>` then `go depth 1` (no `go perft`)".to_owned(),
            Lister::Reply => format!(
                "legal moves and history moves: `position … moves <m>` then `go depth 1` for each candidate move, the side of its `bestmove` telling whether it took <m> (no `go perft`, {} ignored)",
                match dialect {
                    Dialect::Uci => "`searchmoves`",
                    Dialect::Ucci => "`banmoves`",
                }
            ),
        });
        lines.push(if self.shows_fen {
            "position reached: `d` (Fen:)".to_owned()
        } else {
            "position reached: not asked (no `d` with a `Fen:` line)".to_owned()
        });
        lines.push(if self.shows_checkers {
            "check: `d` (Checkers:)".to_owned()
        } else {
            "check: not asked (no `d` with a `Checkers:` line)".to_owned()
        });
        lines.push(if self.perft {
            "perft: `go perft <n>`".to_owned()
        } else {
            "perft: not asked (no `go perft`)".to_owned()
        });
        lines
    }
}

/// What the engine's `d` output shows.
#[derive(Default, Clone)]
struct Display {
    /// The text after `Fen:`.
    fen: Option<String>,
    /// The text after `Checkers:`.
    checkers: Option<String>,
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
fn divide_line(text: &str) -> Option<(String, u64)> {
    let (m, n) = text.split_once(':')?;
    let m = m.trim();
    let n = n.trim().parse::<u64>().ok()?;
    (!m.is_empty() && m.bytes().all(|b| b.is_ascii_alphanumeric())).then(|| (m.to_owned(), n))
}

/// A `bestmove` (UCI) or `nobestmove` (UCCI) line: `Some(None)` when it says there is no
/// move (`(none)`, `0000`, `none`, `nobestmove`), `Some(Some(text))` for a move.
fn best_move(text: &str) -> Option<Option<String>> {
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

fn harmless(text: &str) -> bool {
    text.is_empty() || text == "info" || text.starts_with("info ") || text.starts_with('#')
}

impl Talk<'_> {
    /// `go perft <depth>` (with `extra` words) in the position set before, read up to
    /// `Nodes searched`; lines of a `d` sent just before it go to `display`.
    fn perft_with(
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
    fn perft_list(&mut self, display: Option<&mut Display>) -> Result<Vec<String>, Trouble> {
        let divide = self.perft_with(1, "", display)?;
        check_divide(&divide, 1)?;
        Ok(divide.moves.into_iter().map(|(m, _)| m).collect())
    }

    /// `d`, read up to the `readyok` of an `isready` sent after it.
    fn display(&mut self) -> Result<Display, Trouble> {
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
    fn go(&mut self, command: &str, synchronous: bool) -> Result<Option<String>, Trouble> {
        self.go_scored(command, synchronous).map(|(best, _)| best)
    }

    /// [`Talk::go`], with whether the engine wrote `score mate 0` (it is mated, or has no
    /// move and counts that as lost) before saying it has no move.
    fn go_scored(
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
fn check_divide(divide: &Divide, depth: u32) -> Result<(), Trouble> {
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

fn unreadable(text: &str, ranks: UciRanks) -> Trouble {
    Trouble::nonsense(format!(
        "the engine wrote `{}`, which is not a move with files a-i and ranks {}",
        shorten(text),
        ranks.name()
    ))
}

/// What the engine says in answer to `uci` (`ucci`).
#[derive(Default)]
struct Hello {
    /// The text after `id name`.
    name: Option<String>,
    /// The `var`s of its `UCI_Variant` option, when it has one.
    variants: Option<Vec<String>>,
}

/// Reads an `option` line (`option name UCI_Variant …`, UCCI's `option UCI_Variant …`):
/// for `UCI_Variant`, its `var` values.
fn variant_option(line: &str) -> Option<Vec<String>> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let name_at = match words.iter().position(|w| *w == "name") {
        Some(i) => i + 1,
        None => 1,
    };
    let type_at = words
        .iter()
        .position(|w| *w == "type")
        .unwrap_or(words.len());
    let name = words.get(name_at..type_at)?.join(" ");
    if name != "UCI_Variant" {
        return None;
    }
    Some(
        words
            .windows(2)
            .filter(|w| w[0] == "var")
            .map(|w| w[1].to_owned())
            .collect(),
    )
}

/// `uci` up to `uciok` (`ucci` up to `ucciok`), `setoption name UCI_Variant value xiangqi`
/// when a UCI engine has the option, then `isready` up to `readyok`.
fn hello(talk: &mut Talk, dialect: Dialect) -> Result<Hello, Trouble> {
    let (greet, ok) = dialect.greeting();
    talk.send(greet)?;
    let mut hello = Hello::default();
    let waiting = format!("`{ok}` after `{greet}`");
    loop {
        let line = talk.line(&waiting)?;
        let text = line.trim();
        if text == ok {
            break;
        }
        if let Some(name) = text.strip_prefix("id name ") {
            hello.name = Some(name.trim().to_owned());
        } else if text.starts_with("option ") {
            if let Some(vars) = variant_option(text) {
                hello.variants = Some(vars);
            }
        }
    }
    if let Some(vars) = &hello.variants {
        if !vars.iter().any(|v| v == "xiangqi") {
            return Err(Trouble::nonsense(
                "it does not play xiangqi: its `UCI_Variant` option has no `var xiangqi`",
            ));
        }
        if dialect == Dialect::Uci {
            talk.send("setoption name UCI_Variant value xiangqi")?;
        }
    }
    talk.ready("")?;
    Ok(hello)
}

/// The convention under which `text` is a legal move of the start position: the engine's
/// own move tells how it numbers the ranks.
fn ranks_of_start_move(text: &str) -> Result<UciRanks, Trouble> {
    let start = Position::start();
    let legal = |ranks: UciRanks| {
        ranks
            .to_iccs(text)
            .and_then(|iccs| parse_iccs_coords(&iccs).ok())
            .is_some_and(|m| start.is_legal(m))
    };
    match (legal(UciRanks::FromZero), legal(UciRanks::FromOne)) {
        (true, false) => Ok(UciRanks::FromZero),
        (false, true) => Ok(UciRanks::FromOne),
        (both, _) => Err(Trouble::nonsense(format!(
            "cannot tell how it numbers the ranks: its move `{}` on the start position is {} with ranks 0-9 and with ranks 1-10",
            shorten(text),
            if both { "legal both" } else { "legal neither" }
        ))),
    }
}

/// Reads the answer to a `go depth 1` followed by `isready`: the engine's move (`Some(None)`
/// when it says it has none), or `None` when no `bestmove` came by `readyok` and within the
/// probe's patience after it.
fn probe_move(talk: &mut Talk, waiting: &str) -> Result<Option<Option<String>>, Trouble> {
    let mut ready = false;
    let mut best = None;
    loop {
        let line = if ready {
            let mut quiet = talk.within(PROBE_SILENCE);
            match quiet.line_or_silence(waiting)? {
                Some(line) => line,
                None => return Ok(best),
            }
        } else {
            talk.line(waiting)?
        };
        let text = line.trim();
        if text == "readyok" {
            ready = true;
            if best.is_some() {
                return Ok(best);
            }
            continue;
        }
        if let Some(b) = best_move(text) {
            if ready {
                return Ok(Some(b));
            }
            best = Some(b);
        }
    }
}

/// Where the side to move (black) has no move: the engine must say so, or stay silent.
const NO_MOVE_FEN: &str = "3k5/4R4/4R4/9/9/9/9/9/9/4K4 b - - 0 1";

/// Probes what the engine answers (see the [module documentation](self)).
fn probe(talk: &mut Talk, dialect: Dialect) -> Result<Caps, Trouble> {
    let mut found = None;
    for wxf in [false, true] {
        talk.send(&format!("position fen {}", lettered(START_FEN, wxf)))?;
        talk.send("go depth 1")?;
        talk.send("isready")?;
        match probe_move(talk, "`bestmove` after `go depth 1` on the start position")? {
            Some(Some(m)) => {
                found = Some((wxf, m));
                break;
            }
            Some(None) => {
                return Err(Trouble::nonsense(
                    "it has no move on the start position (`go depth 1`)",
                ))
            }
            None => {}
        }
    }
    let Some((wxf_letters, first)) = found else {
        return Err(Trouble::nonsense(
            "it plays no move on the start position: no `bestmove` to `go depth 1` after \
             `position fen <start>`, with the horses and elephants written n/b or h/e",
        ));
    };
    let ranks = ranks_of_start_move(&first)?;
    // Where it has no move: `bestmove (none)` (or `0000`, `nobestmove`) as the protocols
    // want, or silence (Sjaak II searches before reading on and writes nothing): then
    // `isready` follows every `go`, and `readyok` without a `bestmove` is no move.
    talk.send(&format!(
        "position fen {}",
        lettered(NO_MOVE_FEN, wxf_letters)
    ))?;
    talk.send("go depth 1")?;
    talk.send("isready")?;
    let synchronous = probe_move(talk, "an answer to `go depth 1` where it has no move")?.is_none();
    let start = format!("position fen {}", lettered(START_FEN, wxf_letters));
    let mut caps = Caps {
        ranks,
        wxf_letters,
        synchronous,
        perft: false,
        shows_fen: false,
        shows_checkers: false,
        searchmoves: false,
        banmoves: false,
        first_move: first,
    };
    // `go perft 1`, with `depth 1` so that an engine without the extension searches one ply
    // and answers `bestmove` instead of thinking for long.
    talk.send(&start)?;
    talk.send("go depth 1 perft 1")?;
    loop {
        let line = talk.line("an answer to `go depth 1 perft 1`")?;
        let text = line.trim();
        if harmless(text) {
            continue;
        }
        if best_move(text).is_some() {
            if synchronous {
                talk.ready("`go depth 1 perft 1` and ")?;
            }
            break;
        }
        if let Some(n) = text.strip_prefix("Nodes searched:") {
            caps.perft = n.trim().parse::<u64>().is_ok();
            break;
        }
        match divide_line(text) {
            Some((m, _)) if ranks.to_iccs(&m).is_none() => return Err(unreadable(&m, ranks)),
            Some(_) => {}
            None => {
                return Err(Trouble::nonsense(format!(
                    "expected `bestmove`, or `<move>: <count>` lines, after `go depth 1 perft 1`, got `{}`",
                    shorten(text)
                )))
            }
        }
    }
    talk.send(&start)?;
    let display = talk.display()?;
    caps.shows_fen = display.fen.is_some();
    caps.shows_checkers = display.checkers.is_some();
    if dialect == Dialect::Uci {
        let told = |iccs: &str| ranks.to_engine(iccs).unwrap_or_default();
        talk.send(&start)?;
        let legal = told("a0a1");
        let plays_told = talk.go(&format!("go depth 1 searchmoves {legal}"), synchronous)?;
        talk.send(&start)?;
        let illegal = told("a0a5");
        let plays_illegal = talk.go(&format!("go depth 1 searchmoves {illegal}"), synchronous)?;
        caps.searchmoves = plays_told.as_deref() == Some(legal.as_str()) && plays_illegal.is_none();
    }
    if dialect == Dialect::Ucci && !caps.perft {
        caps.banmoves = honours_banmoves(talk, &caps, &start)?;
    }
    Ok(caps)
}

/// Whether the engine honours UCCI's `banmoves` on the start position: with its own first
/// move banned it plays another; with every candidate move but `a0a1` banned it plays
/// `a0a1`; with every candidate banned it has no move.
fn honours_banmoves(talk: &mut Talk, caps: &Caps, start: &str) -> Result<bool, Trouble> {
    let ranks = caps.ranks;
    let Ok(setup) = parse_fen(START_FEN) else {
        return Ok(false);
    };
    let candidates: Vec<String> = candidate_moves(&setup)
        .iter()
        .filter_map(|m| ranks.to_engine(&m.to_string()))
        .collect();
    let kept = ranks.to_engine("a0a1").unwrap_or_default();
    let mut ask = |banned: Vec<&str>| -> Result<Option<String>, Trouble> {
        talk.send(start)?;
        talk.send(&format!("banmoves {}", banned.join(" ")))?;
        talk.go("go depth 1", caps.synchronous)
    };
    let first = caps.first_move.as_str();
    let other = ask(vec![first])?;
    if other.is_none() || other.as_deref() == Some(first) {
        return Ok(false);
    }
    let all_but_one = candidates
        .iter()
        .map(String::as_str)
        .filter(|m| *m != kept)
        .collect();
    if ask(all_but_one)?.as_deref() != Some(kept.as_str()) {
        return Ok(false);
    }
    Ok(ask(candidates.iter().map(String::as_str).collect())?.is_none())
}

/// A freshly started engine, greeted (and probed, the first time).
struct Started {
    running: Running,
    hello: Hello,
    caps: Option<Caps>,
}

/// Spawns the engine and greets it, probing it too when `first`; `Err` carries the
/// message and its stderr.
fn handshake(
    argv: &[String],
    dialect: Dialect,
    timeout: Duration,
    first: bool,
) -> Result<Started, (String, Option<String>)> {
    let mut running = Running::spawn(argv).map_err(|m| (m, None))?;
    let mut talk = Talk::new(&mut running, timeout);
    let greeted = hello(&mut talk, dialect).and_then(|h| {
        let caps = if first {
            Some(probe(&mut talk, dialect)?)
        } else {
            None
        };
        Ok((h, caps))
    });
    match greeted {
        Ok((hello, caps)) => Ok(Started {
            running,
            hello,
            caps,
        }),
        Err(trouble) => {
            let stderr = running.stderr_since(0);
            running.kill();
            Err((trouble.message, stderr))
        }
    }
}

/// Splits `id name` into the name and the version: the version starts at the first word
/// that starts with a digit, `v<digit>` or `dev` (`Fairy-Stockfish 11.1 LB 64`).
pub(super) fn name_and_version(id: &str) -> (String, String) {
    let words: Vec<&str> = id.split_whitespace().collect();
    let versioned = |w: &&str| {
        let b = w.as_bytes();
        b.first().is_some_and(u8::is_ascii_digit)
            || (b.first() == Some(&b'v') && b.get(1).is_some_and(u8::is_ascii_digit))
            || w.starts_with("dev")
    };
    match words.iter().skip(1).position(versioned) {
        Some(i) => (words[..=i].join(" "), words[i + 1..].join(" ")),
        None => (words.join(" "), String::new()),
    }
}

/// Whether the FEN the engine shows is the FEN it was given: every field the given FEN
/// has is the same.
fn same_fen(given: &str, shown: &str) -> bool {
    let given: Vec<&str> = given.split_whitespace().collect();
    let shown: Vec<&str> = shown.split_whitespace().collect();
    shown.len() >= given.len() && given.iter().zip(&shown).all(|(g, s)| g == s)
}

/// The hash of a position: the `position fen …` text, then each history move.
fn hash_text(text: &str) -> u64 {
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    h.finish()
}

fn hash_step(key: u64, m: &str) -> u64 {
    let mut h = DefaultHasher::new();
    key.hash(&mut h);
    m.hash(&mut h);
    h.finish()
}

/// How many remembered answers are kept before the memory is cleared.
const MEMO_LIMIT: usize = 200_000;

/// What the engine already said, so that it is not asked again: the moves it listed in a
/// position, whether it took a move there, whether it had a move at all, and the last
/// position's full answer.
#[derive(Default)]
struct Memo {
    lists: HashMap<u64, Vec<String>>,
    verdicts: HashMap<u64, bool>,
    has_move: HashMap<u64, bool>,
    last: Option<(u64, Vec<String>, Display)>,
}

impl Memo {
    fn trim(&mut self) {
        if self.lists.len() + self.verdicts.len() + self.has_move.len() > MEMO_LIMIT {
            self.lists.clear();
            self.verdicts.clear();
            self.has_move.clear();
        }
    }
}

/// The supervised state behind the engine's lock.
struct State {
    process: Supervised,
    usage: Usage,
    memo: Memo,
}

/// One request put to the engine: its position as the engine is told it, and the history
/// in the engine's notation with the key of each prefix.
struct Asked<'r> {
    /// `position fen <fen>`, the FEN lettered for the engine.
    base: String,
    /// The history, as the engine writes it.
    moves: Vec<String>,
    /// `keys[i]`: the position after the first `i` history moves.
    keys: Vec<u64>,
    request: &'r Request,
}

impl Asked<'_> {
    /// The `position` command after the first `n` history moves, then `extra` if given.
    fn set(&self, n: usize, extra: Option<&str>) -> String {
        let mut line = self.base.clone();
        let played = self.moves[..n].iter().map(String::as_str).chain(extra);
        for (i, m) in played.enumerate() {
            line.push_str(if i == 0 { " moves " } else { " " });
            line.push_str(m);
        }
        line
    }
}

/// A UCI or UCCI xiangqi engine behind the built-in adapter (`src/engine/uci.rs`; how each
/// question is put: docs/protocol.md).
///
/// [`UciEngine::start`] starts the engine, greets it and probes what it answers; each
/// [`Engine::run`] puts the request's position and history to it and answers from what it
/// says. The lock makes the engine usable from several threads, one request at a time.
pub struct UciEngine {
    command: String,
    argv: Vec<String>,
    options: ProcessOptions,
    dialect: Dialect,
    info: EngineInfo,
    caps: Caps,
    state: Mutex<State>,
}

impl UciEngine {
    /// Starts the command line (a leading `uci:` or `ucci:` names the dialect, UCI when
    /// there is none; split like a shell would), greets the engine and probes it, all within
    /// `options.start_timeout`.
    pub fn start(command: &str, options: ProcessOptions) -> Result<UciEngine, StartError> {
        let (dialect, line) = match command.strip_prefix("ucci:") {
            Some(rest) => (Dialect::Ucci, rest),
            None => (
                Dialect::Uci,
                command.strip_prefix("uci:").unwrap_or(command),
            ),
        };
        let full = format!("{}{line}", dialect.prefix());
        let fail = |message: String, stderr: Option<String>| StartError {
            command: full.clone(),
            message,
            stderr,
        };
        let argv = shell_words::split(line)
            .map_err(|e| fail(format!("cannot split the command line: {e}"), None))?;
        if argv.is_empty() {
            return Err(fail("the command is empty".to_owned(), None));
        }
        let Started {
            running,
            hello,
            caps,
        } = handshake(&argv, dialect, options.start_timeout, true).map_err(|(m, s)| fail(m, s))?;
        let Some(caps) = caps else {
            return Err(fail("the engine was not probed".to_owned(), None));
        };
        let (name, version) = match &hello.name {
            Some(id) => name_and_version(id),
            None => (argv[0].clone(), String::new()),
        };
        let mut queries = vec![QueryKind::Legal, QueryKind::Outcome];
        if caps.perft {
            queries.push(QueryKind::Perft);
        }
        if caps.shows_fen {
            queries.push(QueryKind::Play);
        }
        if caps.shows_checkers {
            queries.push(QueryKind::Check);
        }
        Ok(UciEngine {
            command: full,
            argv,
            options,
            dialect,
            info: EngineInfo {
                name,
                version,
                rulesets: vec!["xiangqi".to_owned()],
                queries,
                features: Vec::new(),
                arbiter_messages: false,
            },
            caps,
            state: Mutex::new(State {
                process: Supervised {
                    running: Some(running),
                    ..Supervised::default()
                },
                usage: Usage::default(),
                memo: Memo::default(),
            }),
        })
    }

    /// How the engine numbers the ranks, as its first move showed.
    pub fn ranks(&self) -> UciRanks {
        self.caps.ranks
    }

    /// The protocol it speaks.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// How many times the engine was restarted so far.
    pub fn restarts(&self) -> u32 {
        self.state.lock().map_or(0, |s| s.process.restarts)
    }

    /// Why the request is not put to the engine at all, if it is not.
    fn not_asked(&self, request: &Request) -> Option<String> {
        let name = self.dialect.name();
        if request.ruleset.game != Game::Xiangqi {
            return Some(format!(
                "a {name} engine is checked on xiangqi only, not {}",
                request.ruleset.game.name()
            ));
        }
        match &request.query {
            Query::Legal => None,
            Query::Perft { .. } if !self.caps.perft => {
                Some(format!("the {name} engine has no `go perft` (probed at start)"))
            }
            Query::Perft { depth: 0, .. } => Some(format!("a {name} engine is not asked `go perft 0`")),
            Query::Perft { .. } => None,
            Query::Play if !self.caps.shows_fen => Some(format!(
                "standard {name} cannot tell the position reached, and the engine has no `d` showing a `Fen:` line"
            )),
            Query::Check if !self.caps.shows_checkers => Some(format!(
                "standard {name} cannot tell check, and the engine has no `d` showing a `Checkers:` line"
            )),
            Query::Play | Query::Check | Query::Outcome => None,
            other => Some(format!(
                "a {name} engine cannot answer `{}` queries",
                other.kind()
            )),
        }
    }

    /// Puts the request to the running engine.
    fn answer(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        request: &Request,
    ) -> Result<Reply, Trouble> {
        memo.trim();
        let start_fen = match &request.position {
            Some(fen) => fen.replace(['\n', '\r'], " ").trim().to_owned(),
            None => START_FEN.to_owned(),
        };
        let base = format!(
            "position fen {}",
            lettered(&start_fen, self.caps.wxf_letters)
        );
        let mut moves = Vec::with_capacity(request.moves.len());
        for (i, text) in request.moves.iter().enumerate() {
            let Some(engine_text) = self.caps.ranks.to_engine(text) else {
                return Ok(Reply::Skipped(format!(
                    "history move {} `{}` is not an ICCS move, so it cannot be put to a {} engine",
                    i + 1,
                    shorten(text),
                    self.dialect.name()
                )));
            };
            moves.push(engine_text);
        }
        let mut keys = Vec::with_capacity(moves.len() + 1);
        keys.push(hash_text(&base));
        for m in &moves {
            let last = keys[keys.len() - 1];
            keys.push(hash_step(last, m));
        }
        let asked = Asked {
            base,
            moves,
            keys,
            request,
        };
        match self.caps.lister() {
            Lister::Perft => self.answer_listing(talk, memo, &asked, &start_fen),
            Lister::SearchMoves | Lister::BanMoves | Lister::Reply => {
                self.answer_probing(talk, memo, &asked, &start_fen)
            }
        }
    }

    /// With `go perft 1`: one exchange (`position`, `d`, `go perft 1`) when the engine's
    /// `d` shows it reached the position arbiter's rules reach (so it took every history
    /// move); else each history move checked against its list in the position before.
    fn answer_listing(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        asked: &Asked,
        start_fen: &str,
    ) -> Result<Reply, Trouble> {
        let n = asked.moves.len();
        let key = asked.keys[n];
        let mut view = match &memo.last {
            Some((k, list, display)) if *k == key => Some((list.clone(), display.clone())),
            _ => None,
        };
        if view.is_none() && self.caps.shows_fen {
            talk.send(&asked.set(n, None))?;
            talk.send("d")?;
            let mut display = Display::default();
            let list = talk.perft_list(Some(&mut display))?;
            let reached = reference_reaches(start_fen, &asked.request.moves);
            if let (Some(reached), Some(shown)) = (reached, &display.fen) {
                if same_fen(&reached, shown) {
                    view = Some((list, display));
                }
            }
        }
        let (list, display) = match view {
            Some(v) => v,
            None => {
                if let (Some(fen), true) = (&asked.request.position, self.caps.shows_fen) {
                    talk.send(&asked.set(0, None))?;
                    match talk.display()?.fen {
                        Some(shown) if same_fen(fen, &shown) => {}
                        Some(shown) => {
                            return Err(Trouble::nonsense(format!(
                                "after `{}` its `d` shows `Fen: {}`",
                                shorten(&asked.base),
                                shorten(&shown)
                            )))
                        }
                        None => {
                            return Err(Trouble::nonsense(format!(
                                "after `{}` its `d` shows no `Fen:` line",
                                shorten(&asked.base)
                            )))
                        }
                    }
                }
                for i in 0..n {
                    let list = match memo.lists.get(&asked.keys[i]) {
                        Some(list) => list.clone(),
                        None => {
                            talk.send(&asked.set(i, None))?;
                            let list = talk.perft_list(None)?;
                            memo.lists.insert(asked.keys[i], list.clone());
                            list
                        }
                    };
                    let m = &asked.moves[i];
                    if !list.contains(m) {
                        return Ok(Reply::Rejected {
                            stage: Stage::Move(i + 1),
                            message: format!(
                                "`{}` (`{m}` to the engine) is not among the {} moves the engine lists with `go perft 1`",
                                asked.request.moves[i],
                                list.len()
                            ),
                        });
                    }
                }
                talk.send(&asked.set(n, None))?;
                let mut display = Display::default();
                if self.caps.shows_fen || self.caps.shows_checkers {
                    talk.send("d")?;
                }
                let list = talk.perft_list(Some(&mut display))?;
                (list, display)
            }
        };
        memo.lists.insert(key, list.clone());
        memo.last = Some((key, list.clone(), display.clone()));
        let ranks = self.caps.ranks;
        let answer = match &asked.request.query {
            Query::Legal => Answer::Moves(
                list.iter()
                    .map(|m| ranks.to_iccs(m).ok_or_else(|| unreadable(m, ranks)))
                    .collect::<Result<_, _>>()?,
            ),
            Query::Perft { depth: 1, .. } => {
                if let Some(m) = list.iter().find(|m| ranks.to_iccs(m).is_none()) {
                    return Err(unreadable(m, ranks));
                }
                Answer::Nodes(list.len() as u64)
            }
            Query::Perft { depth, .. } => {
                talk.send(&asked.set(n, None))?;
                let divide = talk.perft_with(*depth, "", None)?;
                check_divide(&divide, *depth)?;
                if let Some((m, _)) = divide
                    .moves
                    .iter()
                    .find(|(m, _)| ranks.to_iccs(m).is_none())
                {
                    return Err(unreadable(m, ranks));
                }
                Answer::Nodes(divide.nodes)
            }
            Query::Outcome => return self.outcome(talk, asked, start_fen),
            Query::Play => match display.fen {
                Some(fen) => Answer::Position(fen),
                None => return Err(Trouble::nonsense("its `d` shows no `Fen:` line")),
            },
            Query::Check => match display.checkers {
                Some(checkers) => Answer::Check(!checkers.is_empty()),
                None => return Err(Trouble::nonsense("its `d` shows no `Checkers:` line")),
            },
            other => {
                return Ok(Reply::Skipped(format!(
                    "a {} engine cannot answer `{}` queries",
                    self.dialect.name(),
                    other.kind()
                )))
            }
        };
        Ok(Reply::Answer(answer))
    }

    /// Without `go perft`: each history move, then each candidate move of the position
    /// reached, put to the engine one at a time (`searchmoves`, or the side of its reply).
    fn answer_probing(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        asked: &Asked,
        start_fen: &str,
    ) -> Result<Reply, Trouble> {
        let name = self.dialect.name();
        let setup = match parse_fen(start_fen) {
            Ok(setup) => setup,
            Err(e) => {
                return Ok(Reply::Skipped(format!(
                    "arbiter cannot read the FEN ({e}), so it has no board to draw the candidate moves from that a {name} engine without `go perft` is asked about one by one"
                )))
            }
        };
        let mut setups = vec![setup];
        for (i, text) in asked.request.moves.iter().enumerate() {
            let engine_text = &asked.moves[i];
            let Ok(m) = parse_iccs_coords(text) else {
                return Err(Trouble::nonsense(format!(
                    "history move `{text}` is not ICCS"
                )));
            };
            if !self.takes(talk, memo, asked, i, &setups[i], m)? {
                return Ok(Reply::Rejected {
                    stage: Stage::Move(i + 1),
                    message: format!(
                        "the engine does not take `{text}` (`{engine_text}` to it): {}",
                        self.how()
                    ),
                });
            }
            let Some(next) = moved(&setups[i], m) else {
                return Ok(Reply::Skipped(format!(
                    "the engine took history move {} `{text}`, which moves no piece of the side to move, so arbiter cannot follow its board",
                    i + 1
                )));
            };
            setups.push(next);
        }
        let n = asked.moves.len();
        let answer = match &asked.request.query {
            Query::Legal if self.caps.lister() == Lister::BanMoves => {
                let ranks = self.caps.ranks;
                Answer::Moves(
                    self.banned_list(talk, memo, asked, n)?
                        .iter()
                        .map(|m| ranks.to_iccs(m).ok_or_else(|| unreadable(m, ranks)))
                        .collect::<Result<_, _>>()?,
                )
            }
            Query::Legal => {
                let mut legal = Vec::new();
                if self.caps.lister() == Lister::SearchMoves
                    || self.has_move(talk, memo, asked, n)?
                {
                    for c in candidate_moves(&setups[n]) {
                        if self.takes(talk, memo, asked, n, &setups[n], c)? {
                            legal.push(c.to_string());
                        }
                    }
                }
                Answer::Moves(legal)
            }
            Query::Outcome => return self.outcome(talk, asked, start_fen),
            Query::Play | Query::Check => {
                talk.send(&asked.set(n, None))?;
                let display = talk.display()?;
                if asked.request.query == Query::Play {
                    match display.fen {
                        Some(fen) => Answer::Position(fen),
                        None => return Err(Trouble::nonsense("its `d` shows no `Fen:` line")),
                    }
                } else {
                    match display.checkers {
                        Some(c) => Answer::Check(!c.is_empty()),
                        None => return Err(Trouble::nonsense("its `d` shows no `Checkers:` line")),
                    }
                }
            }
            other => {
                return Ok(Reply::Skipped(format!(
                    "a {name} engine cannot answer `{}` queries",
                    other.kind()
                )))
            }
        };
        Ok(Reply::Answer(answer))
    }

    /// The outcome the engine sees after the history (which it took): `go depth 1` there; a
    /// move is a game going on, no move with `score mate 0` a loss for the side to move (the
    /// engine's own word: it is mated, or has no move and counts that as lost). The engine
    /// names no rule, claims or counters; no move without a score is skipped.
    fn outcome(&self, talk: &mut Talk, asked: &Asked, start_fen: &str) -> Result<Reply, Trouble> {
        let n = asked.moves.len();
        let Ok(setup) = parse_fen(start_fen) else {
            return Ok(Reply::Skipped(
                "arbiter cannot read the FEN, so it cannot name the side to move".to_owned(),
            ));
        };
        let to_move = if n % 2 == 0 {
            setup.turn
        } else {
            setup.turn.other()
        };
        talk.send(&asked.set(n, None))?;
        let (best, mate_zero) = talk.go_scored("go depth 1", self.caps.synchronous)?;
        let result = match (best, mate_zero) {
            (Some(b), _) => {
                if self.caps.ranks.to_iccs(&b).is_none() {
                    return Err(unreadable(&b, self.caps.ranks));
                }
                "ongoing".to_owned()
            }
            (None, true) => to_move.other().xiangqi_name().to_owned(),
            (None, false) => {
                return Ok(Reply::Skipped(format!(
                    "the {} engine has no move here but gives no score (`score mate 0`), so whether it sees a loss or a draw is unknown",
                    self.dialect.name()
                )))
            }
        };
        Ok(Reply::Answer(Answer::Outcome(OutcomeAnswer {
            result,
            reason: None,
            claims: None,
            counters: None,
        })))
    }

    /// How a move was put to the engine, for refusal messages.
    fn how(&self) -> &'static str {
        match self.caps.lister() {
            Lister::Perft => "it is not in its `go perft 1` divide",
            Lister::SearchMoves => {
                "told `go depth 1 searchmoves <move>`, it played no move"
            }
            Lister::BanMoves => {
                "told `banmoves` with every other candidate move, then `go depth 1`, it played no move"
            }
            Lister::Reply => {
                "after `position … moves <move>`, its `bestmove` was again a move of the side that played it"
            }
        }
    }

    /// The moves the engine plays after the first `n` history moves, as it writes them: it
    /// is told `banmoves` with every move it played before, then `go depth 1`, until it has
    /// no move. A move it plays although banned is nonsense (it ignores `banmoves` after
    /// all); it cannot go on forever, each move it plays being new.
    fn banned_list(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        asked: &Asked,
        n: usize,
    ) -> Result<Vec<String>, Trouble> {
        if let Some(list) = memo.lists.get(&asked.keys[n]) {
            return Ok(list.clone());
        }
        let ranks = self.caps.ranks;
        let mut played: Vec<String> = Vec::new();
        loop {
            talk.send(&asked.set(n, None))?;
            if !played.is_empty() {
                talk.send(&format!("banmoves {}", played.join(" ")))?;
            }
            let Some(m) = talk.go("go depth 1", self.caps.synchronous)? else {
                break;
            };
            if ranks.to_iccs(&m).is_none() {
                return Err(unreadable(&m, ranks));
            }
            if played.contains(&m) {
                return Err(Trouble::nonsense(format!(
                    "told `banmoves {}`, it played the banned `{}`",
                    shorten(&played.join(" ")),
                    shorten(&m)
                )));
            }
            played.push(m);
        }
        memo.lists.insert(asked.keys[n], played.clone());
        Ok(played)
    }

    /// Whether the engine plays `text` after the first `n` history moves (on `before`)
    /// when every other candidate move is banned. A move it plays that is not a candidate
    /// is banned as well and it is asked again; a banned move it plays is nonsense.
    fn plays_unbanned(
        &self,
        talk: &mut Talk,
        asked: &Asked,
        n: usize,
        before: &Setup,
        text: &str,
    ) -> Result<bool, Trouble> {
        let ranks = self.caps.ranks;
        let mut banned: Vec<String> = candidate_moves(before)
            .iter()
            .filter_map(|c| ranks.to_engine(&c.to_string()))
            .filter(|c| c != text)
            .collect();
        loop {
            talk.send(&asked.set(n, None))?;
            if !banned.is_empty() {
                talk.send(&format!("banmoves {}", banned.join(" ")))?;
            }
            match talk.go("go depth 1", self.caps.synchronous)? {
                None => return Ok(false),
                Some(b) if b == text => return Ok(true),
                Some(b) if banned.contains(&b) => {
                    return Err(Trouble::nonsense(format!(
                        "told `banmoves` with every candidate move but `{text}`, it played the banned `{}`",
                        shorten(&b)
                    )))
                }
                Some(b) if ranks.to_iccs(&b).is_none() => return Err(unreadable(&b, ranks)),
                Some(b) => banned.push(b),
            }
        }
    }

    /// Whether the engine has a move at all after the first `n` history moves.
    fn has_move(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        asked: &Asked,
        n: usize,
    ) -> Result<bool, Trouble> {
        if let Some(&known) = memo.has_move.get(&asked.keys[n]) {
            return Ok(known);
        }
        talk.send(&asked.set(n, None))?;
        let best = talk.go("go depth 1", self.caps.synchronous)?;
        if let Some(b) = &best {
            if self.caps.ranks.to_iccs(b).is_none() {
                return Err(unreadable(b, self.caps.ranks));
            }
        }
        memo.has_move.insert(asked.keys[n], best.is_some());
        Ok(best.is_some())
    }

    /// Whether the engine takes `m` after the first `n` history moves (on `before`).
    fn takes(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        asked: &Asked,
        n: usize,
        before: &Setup,
        m: Move,
    ) -> Result<bool, Trouble> {
        let ranks = self.caps.ranks;
        let Some(text) = ranks.to_engine(&m.to_string()) else {
            return Err(Trouble::nonsense(format!("`{m}` has no engine text")));
        };
        let key = hash_step(asked.keys[n], &text);
        if let Some(&known) = memo.verdicts.get(&key) {
            return Ok(known);
        }
        let verdict = match self.caps.lister() {
            Lister::Perft => {
                let list = match memo.lists.get(&asked.keys[n]) {
                    Some(list) => list.clone(),
                    None => {
                        talk.send(&asked.set(n, None))?;
                        let list = talk.perft_list(None)?;
                        memo.lists.insert(asked.keys[n], list.clone());
                        list
                    }
                };
                list.contains(&text)
            }
            Lister::SearchMoves => {
                talk.send(&asked.set(n, None))?;
                match talk.go(
                    &format!("go depth 1 searchmoves {text}"),
                    self.caps.synchronous,
                )? {
                    None => false,
                    Some(b) if b == text => true,
                    Some(b) => {
                        return Err(Trouble::nonsense(format!(
                            "told `go depth 1 searchmoves {text}`, it played `{}`",
                            shorten(&b)
                        )))
                    }
                }
            }
            Lister::BanMoves => match memo.lists.get(&asked.keys[n]) {
                Some(list) => list.contains(&text),
                None => self.plays_unbanned(talk, asked, n, before, &text)?,
            },
            Lister::Reply => {
                if !self.has_move(talk, memo, asked, n)? {
                    false
                } else {
                    talk.send(&asked.set(n, Some(&text)))?;
                    match talk.go("go depth 1", self.caps.synchronous)? {
                        None => true,
                        Some(b) => side_of_reply(before, m, &b, ranks)?,
                    }
                }
            }
        };
        memo.verdicts.insert(key, verdict);
        Ok(verdict)
    }
}

/// Whether the engine took `m` (played on `before`), told by its reply `best`: a move of
/// the side to move after `m` says it did, a move of the side that played `m` says its
/// board stayed before `m`.
fn side_of_reply(before: &Setup, m: Move, best: &str, ranks: UciRanks) -> Result<bool, Trouble> {
    let reply = ranks
        .to_iccs(best)
        .and_then(|t| parse_iccs_coords(&t).ok())
        .ok_or_else(|| unreadable(best, ranks))?;
    let after = moved(before, m)
        .ok_or_else(|| Trouble::nonsense(format!("`{m}` moves no piece of the side to move")))?;
    let own = |s: &Setup| s.piece_at(reply.from).is_some_and(|p| p.color == s.turn);
    if own(&after) {
        Ok(true)
    } else if own(before) {
        Ok(false)
    } else {
        Err(Trouble::nonsense(format!(
            "after `… moves {}` it played `{}`, which moves a piece of neither side to move",
            ranks.to_engine(&m.to_string()).unwrap_or_default(),
            shorten(best)
        )))
    }
}

/// The FEN arbiter's rules reach from `fen` through the ICCS `moves`, when they can.
fn reference_reaches(fen: &str, moves: &[String]) -> Option<String> {
    let mut position = Position::from_fen(fen).ok()?;
    for text in moves {
        let m = parse_iccs_coords(text).ok()?;
        position = position.play(m).ok()?;
    }
    Some(position.fen())
}

impl Engine for UciEngine {
    fn info(&self) -> EngineInfo {
        self.info.clone()
    }

    fn command(&self) -> Option<String> {
        Some(self.command.clone())
    }

    fn asked(&self) -> Vec<String> {
        self.caps.asked(self.dialect)
    }

    fn usage(&self) -> Option<Usage> {
        self.state.lock().ok().map(|s| s.usage)
    }

    fn run(&self, request: &Request) -> Reply {
        if let Some(why) = self.not_asked(request) {
            return Reply::Skipped(why);
        }
        let Ok(mut guard) = self.state.lock() else {
            return Reply::Failed(EngineFailure::new(
                FailureKind::GivenUp,
                "the engine's lock was poisoned",
            ));
        };
        let state = &mut *guard;
        let restart = || {
            handshake(&self.argv, self.dialect, self.options.start_timeout, false)
                .map(|started| started.running)
        };
        let mut running = match state.process.checkout(self.options.restarts, restart) {
            Ok(r) => r,
            Err(reply) => return reply,
        };
        let mark = running.stderr_mark();
        if let Err(trouble) = leftover(&mut running, harmless) {
            return state
                .process
                .lose(running, mark, trouble.kind, trouble.message);
        }
        let mut talk = Talk::new(&mut running, self.options.timeout);
        let sent = std::time::Instant::now();
        let answered = self.answer(&mut talk, &mut state.memo, request);
        state.usage.requests += 1;
        state.usage.waiting += sent.elapsed();
        match answered {
            Ok(reply) => {
                state.process.running = Some(running);
                reply
            }
            Err(trouble) => {
                state.memo.last = None;
                state
                    .process
                    .lose(running, mark, trouble.kind, trouble.message)
            }
        }
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        if let Ok(mut state) = self.state.lock() {
            if let Some(running) = state.process.running.take() {
                running.stop("quit");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_translate_both_ways() {
        assert_eq!(UciRanks::FromOne.to_engine("h2e2").as_deref(), Some("h3e3"));
        assert_eq!(
            UciRanks::FromOne.to_engine("b2b9").as_deref(),
            Some("b3b10")
        );
        assert_eq!(
            UciRanks::FromZero.to_engine("H2-E2").as_deref(),
            Some("h2e2")
        );
        assert_eq!(UciRanks::FromOne.to_engine("h3h10"), None);
        assert_eq!(UciRanks::FromOne.to_iccs("b10b3").as_deref(), Some("b9b2"));
        assert_eq!(UciRanks::FromOne.to_iccs("a1a2").as_deref(), Some("a0a1"));
        assert_eq!(UciRanks::FromOne.to_iccs("a0a1"), None);
        assert_eq!(UciRanks::FromOne.to_iccs("a11a1"), None);
        assert_eq!(UciRanks::FromOne.to_iccs("a01a2"), None);
        assert_eq!(UciRanks::FromZero.to_iccs("a0a1").as_deref(), Some("a0a1"));
        assert_eq!(UciRanks::FromZero.to_iccs("b2b10"), None);
        assert_eq!(UciRanks::FromZero.to_iccs("j0a1"), None);
        assert_eq!(UciRanks::FromZero.to_iccs("a0a1q"), None);
    }

    #[test]
    fn names_and_versions() {
        let split = |s: &str| name_and_version(s);
        assert_eq!(
            split("Fairy-Stockfish 11.1 LB 64"),
            ("Fairy-Stockfish".into(), "11.1 LB 64".into())
        );
        assert_eq!(
            split("Pikafish dev-20230601-abc"),
            ("Pikafish".into(), "dev-20230601-abc".into())
        );
        assert_eq!(split("Some Engine"), ("Some Engine".into(), String::new()));
        assert_eq!(split("Engine v2"), ("Engine".into(), "v2".into()));
    }

    #[test]
    fn variant_options() {
        let line = "option name UCI_Variant type combo default chess var chess var xiangqi";
        assert_eq!(
            variant_option(line),
            Some(vec!["chess".into(), "xiangqi".into()])
        );
        assert_eq!(
            variant_option("option name Hash type spin default 16"),
            None
        );
    }

    #[test]
    fn fens_compare_on_the_given_fields() {
        let start = crate::xiangqi::START_FEN;
        assert!(same_fen(start, start));
        assert!(same_fen(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            start
        ));
        assert!(!same_fen(
            start,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1"
        ));
        assert!(!same_fen(
            start,
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
        ));
    }

    #[test]
    fn bestmove_lines_and_no_move() {
        assert_eq!(
            best_move("bestmove h3e3 ponder h10g8"),
            Some(Some("h3e3".into()))
        );
        assert_eq!(best_move("bestmove (none)"), Some(None));
        assert_eq!(best_move("bestmove 0000"), Some(None));
        assert_eq!(best_move("nobestmove"), Some(None));
        assert_eq!(best_move("bestmoves"), None);
        assert_eq!(best_move("info depth 1"), None);
    }

    #[test]
    fn ucci_option_lines_name_the_variant_option_without_name() {
        let line = "option UCI_Variant type combo default xiangqi var chess var xiangqi";
        assert_eq!(
            variant_option(line),
            Some(vec!["chess".into(), "xiangqi".into()])
        );
    }

    #[test]
    fn the_ranks_come_from_the_engines_own_move() {
        assert_eq!(ranks_of_start_move("h3e3").ok(), Some(UciRanks::FromOne));
        assert_eq!(ranks_of_start_move("h2e2").ok(), Some(UciRanks::FromZero));
        assert!(ranks_of_start_move("e5e6").is_err());
    }

    #[test]
    fn the_side_of_the_reply_tells_whether_a_move_was_taken() {
        let setup = parse_fen(START_FEN).unwrap();
        let m = parse_iccs_coords("h2e2").unwrap();
        // A black reply: the move was taken; a red one: the board stayed before it.
        assert!(side_of_reply(&setup, m, "h10g8", UciRanks::FromOne).unwrap());
        assert!(!side_of_reply(&setup, m, "b1c3", UciRanks::FromOne).unwrap());
        assert!(side_of_reply(&setup, m, "e5e6", UciRanks::FromOne).is_err());
    }
}
