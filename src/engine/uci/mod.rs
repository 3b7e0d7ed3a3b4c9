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

use super::child::{shorten, Running};
use super::program::{adapted_info, split_command, start_error, Adapter, Program};
use super::talk::{Talk, Trouble};
use super::{ProcessOptions, StartError};
use crate::protocol::{Query, QueryKind, Reply, Request};
use crate::xiangqi::iccs::{parse_iccs_coords, write_uci10};
use crate::xiangqi::{Move, Square};

mod asked;
mod probe;
mod replies;

use asked::Memo;
use probe::{handshake, ranks_of_start_move, Started};
use replies::{best_move, check_divide, divide_line, harmless, Display};

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

fn unreadable(text: &str, ranks: UciRanks) -> Trouble {
    Trouble::nonsense(format!(
        "the engine wrote `{}`, which is not a move with files a-i and ranks {}",
        shorten(text),
        ranks.name()
    ))
}

/// A UCI or UCCI xiangqi engine behind the built-in adapter (`src/engine/uci/`; how each
/// question is put: docs/protocol.md).
///
/// [`UciEngine::start`] starts the engine, greets it and probes what it answers; each
/// [`super::Engine::run`] puts the request's position and history to it and answers from
/// what it says. The lock makes the engine usable from several threads, one request at a
/// time.
pub struct UciEngine {
    program: Program<Memo>,
    dialect: Dialect,
    caps: Caps,
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
        let fail = start_error(&full);
        let argv = split_command(&full, line)?;
        let Started {
            running,
            hello,
            caps,
        } = handshake(&argv, dialect, options.start_timeout, true).map_err(|(m, s)| fail(m, s))?;
        let Some(caps) = caps else {
            return Err(fail("the engine was not probed".to_owned(), None));
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
        let info = adapted_info(hello.name.as_deref(), &argv, queries);
        Ok(UciEngine {
            program: Program::new(
                full.clone(),
                argv,
                options,
                info,
                running,
                Memo::default(),
                "quit".to_owned(),
            ),
            dialect,
            caps,
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
        self.program.restarts()
    }
}

impl Adapter for UciEngine {
    type Kept = Memo;

    fn program(&self) -> &Program<Memo> {
        &self.program
    }

    fn called(&self) -> String {
        format!("a {} engine", self.dialect.name())
    }

    fn not_asked(&self, request: &Request) -> Option<String> {
        let name = self.dialect.name();
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

    fn restart(&self) -> Result<Running, (String, Option<String>)> {
        let program = &self.program;
        handshake(
            &program.argv,
            self.dialect,
            program.options.start_timeout,
            false,
        )
        .map(|started| started.running)
    }

    fn harmless(text: &str) -> bool {
        harmless(text)
    }

    fn answer(
        &self,
        talk: &mut Talk,
        memo: &mut Memo,
        request: &Request,
    ) -> Result<Reply, Trouble> {
        self.ask(talk, memo, request)
    }

    fn asked(&self) -> Vec<String> {
        self.caps.asked(self.dialect)
    }

    fn forget(memo: &mut Memo) {
        memo.last = None;
    }
}

#[cfg(test)]
mod tests;
