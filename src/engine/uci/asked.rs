//! One request put to the engine: its position and history as the engine is told them,
//! what the engine already said (so that it is not asked again), and each query answered.

use super::{check_divide, unreadable, Display, Lister, UciEngine, UciRanks};
use crate::engine::candidates::{candidate_moves, moved};
use crate::engine::child::{shorten, Supervised};
use crate::engine::talk::{lettered, Talk, Trouble};
use crate::engine::Usage;
use crate::protocol::{Answer, OutcomeAnswer, Query, Reply, Request, Stage};
use crate::xiangqi::fen::parse_fen;
use crate::xiangqi::iccs::parse_iccs_coords;
use crate::xiangqi::{Move, Position, Setup, START_FEN};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

/// Whether the FEN the engine shows is the FEN it was given: every field the given FEN
/// has is the same.
pub(super) fn same_fen(given: &str, shown: &str) -> bool {
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
pub(super) struct Memo {
    lists: HashMap<u64, Vec<String>>,
    verdicts: HashMap<u64, bool>,
    has_move: HashMap<u64, bool>,
    pub(super) last: Option<(u64, Vec<String>, Display)>,
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
pub(super) struct State {
    pub(super) process: Supervised,
    pub(super) usage: Usage,
    pub(super) memo: Memo,
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

impl UciEngine {
    /// Puts the request to the running engine.
    pub(super) fn answer(
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
pub(super) fn side_of_reply(
    before: &Setup,
    m: Move,
    best: &str,
    ranks: UciRanks,
) -> Result<bool, Trouble> {
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
