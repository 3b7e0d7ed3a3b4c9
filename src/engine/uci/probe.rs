//! Start-up: the greeting (`uci`, `ucci`), the probes of what the engine answers, and the
//! handshake that spawns, greets and (the first time) probes it.

use super::{best_move, divide_line, harmless, unreadable, Caps, Dialect, UciRanks};
use crate::engine::candidates::candidate_moves;
use crate::engine::child::{shorten, Running};
use crate::engine::talk::{lettered, Talk, Trouble};
use crate::xiangqi::fen::parse_fen;
use crate::xiangqi::iccs::parse_iccs_coords;
use crate::xiangqi::{Position, START_FEN};
use std::time::Duration;

/// How long a start-up probe waits for an answer that may not come (a `bestmove` to an
/// extension the engine ignores, a FEN it cannot read).
const PROBE_SILENCE: Duration = Duration::from_millis(1500);

/// What the engine says in answer to `uci` (`ucci`).
#[derive(Default)]
pub(super) struct Hello {
    /// The text after `id name`.
    pub(super) name: Option<String>,
    /// The `var`s of its `UCI_Variant` option, when it has one.
    variants: Option<Vec<String>>,
}

/// Reads an `option` line (`option name UCI_Variant …`, UCCI's `option UCI_Variant …`):
/// for `UCI_Variant`, its `var` values.
pub(super) fn variant_option(line: &str) -> Option<Vec<String>> {
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
pub(super) fn ranks_of_start_move(text: &str) -> Result<UciRanks, Trouble> {
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

/// Probes what the engine answers (see the [module documentation](super)).
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
pub(super) struct Started {
    pub(super) running: Running,
    pub(super) hello: Hello,
    pub(super) caps: Option<Caps>,
}

/// Spawns the engine and greets it, probing it too when `first`; `Err` carries the
/// message and its stderr.
pub(super) fn handshake(
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
