//! A read record replayed through the arbiter and checked: [`check_game`] gives a
//! [`GameReport`] — every move accepted (`clean`), the first illegal move with the
//! position and the legal moves there, a recorded result the final position contradicts,
//! or why the game could not be read; and the findings that are not errors (a forbidden
//! repetition cycle and who would have had to change).
//!
//! The game is identified by its tags ([`ruleset_of`]); the replay runs a
//! [`Session`] under [`RepetitionEnforcement::Refereed`] unless told otherwise: a game
//! record shows the moves, not whether the referee required a change, so a forbidden
//! cycle is a finding and the game goes on — unless the record ends there with the loss of
//! the side that had to change, which is the arbiter's ruling written down.
//!
//! A game that no rule ended (most real games: resignation, agreement, time, the
//! arbiter's decision) keeps its recorded result; a `Termination` tag that names an ending
//! of the position (checkmate, stalemate, no legal move, no pieces) must match the final
//! position, and arbiter's own `Clause` tag, when present, the rules' clause.
//!
//! ```
//! use arbiter::records::{check_game, read_games, CheckOptions, Status};
//!
//! let text = "[Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n\
//!             [Game \"Chinese Chess\"]\n1. h2e2 h9g7 2. h2h9 1-0\n";
//! let games = read_games(text);
//! let first = check_game(games[0].as_ref().unwrap(), &CheckOptions::default());
//! assert_eq!((first.status, first.plies), (Status::Clean, 4));
//! let second = check_game(games[1].as_ref().unwrap(), &CheckOptions::default());
//! assert_eq!((second.status, second.ply), (Status::Illegal, Some(3)));
//! assert!(second.illegal.as_ref().unwrap().legal.contains(&"h0g2".to_owned()));
//! ```

use super::reader::{Item, ReadRecord};
use crate::clause;
use crate::clock::{Clock, ClockRules, ClockStart, Span};
use crate::outcome::{AdjudicationKind, ForfeitReason};
use crate::play::record::{score_adjudicated, Decision};
use crate::play::token_score;
use crate::procedure::{
    Event, EventTime, ProcedureError, RepetitionEnforcement, Session, ViolationKind,
};
use crate::rules::claim_kind;
use crate::xiangqi::repetition::{CycleDecision, RepetitionRules};
use crate::{Game, Outcome, Reason, Ruleset, Score, Side};
use serde::Serialize;

/// How a record is checked.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// The ruleset of games whose tags name none (`--ruleset`); it gives the edition of
    /// the games whose tags name only the game.
    pub ruleset: Option<Ruleset>,
    /// How a forbidden repetition is enforced; records are checked as refereed games
    /// (the default here), not adjudicated.
    pub enforcement: Enforcement,
}

/// [`RepetitionEnforcement`] with the records' default: refereed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Enforcement(pub RepetitionEnforcement);

impl Default for Enforcement {
    fn default() -> Enforcement {
        Enforcement(RepetitionEnforcement::Refereed)
    }
}

/// The verdict on a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every move accepted, the result consistent with the final position.
    Clean,
    /// A move the rules refuse.
    Illegal,
    /// The recorded result contradicts the final position (a recorded draw ending in
    /// mate).
    ResultDiffers,
    /// The game could not be read.
    Unreadable,
}

impl Status {
    /// The slug: `clean`, `illegal`, `result-differs`, `unreadable`.
    pub fn slug(self) -> &'static str {
        match self {
            Status::Clean => "clean",
            Status::Illegal => "illegal",
            Status::ResultDiffers => "result-differs",
            Status::Unreadable => "unreadable",
        }
    }
}

/// The first illegal move of a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IllegalMove {
    /// The ply (1-based, the moves of the record).
    pub ply: usize,
    /// The move as written.
    pub text: String,
    /// The position before it (FEN).
    pub fen: String,
    /// Why the rules refuse it.
    pub why: String,
    /// The legal moves there, in canonical notation.
    pub legal: Vec<String>,
}

/// Something the replay noticed that is not an error of the record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The ply it concerns.
    pub ply: usize,
    /// A slug: `must-change` (a forbidden cycle: a side must change), `unchanged` (it
    /// went on after the verdict), `ruled` (the record ends with the loss the verdict
    /// gives), `no-result` (the record gives none).
    pub kind: &'static str,
    /// The side concerned, if one.
    pub side: Option<String>,
    /// What, with the reasoning and clause.
    pub message: String,
}

/// The check of one game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameReport {
    /// The game's number in its file (1-based).
    pub index: usize,
    /// The line the game starts on.
    pub line: usize,
    /// The ruleset it was replayed under.
    #[serde(serialize_with = "ruleset_text")]
    pub ruleset: Option<Ruleset>,
    /// The moves read and accepted.
    pub plies: usize,
    /// The verdict.
    pub status: Status,
    /// The ply of the first problem.
    pub ply: Option<usize>,
    /// The first problem, in words.
    pub message: Option<String>,
    /// The first illegal move, with the position and the legal moves.
    pub illegal: Option<IllegalMove>,
    /// The result as recorded (canonical token), if any.
    pub recorded: Option<String>,
    /// The result the rules give at the end, if they end the game.
    pub replayed: Option<String>,
    /// The findings that are not errors.
    pub findings: Vec<Finding>,
}

fn ruleset_text<S: serde::Serializer>(r: &Option<Ruleset>, s: S) -> Result<S::Ok, S::Error> {
    match r {
        Some(r) => s.serialize_str(&r.to_string()),
        None => s.serialize_none(),
    }
}

impl GameReport {
    /// An unreadable game.
    pub fn unreadable(index: usize, line: usize, message: String) -> GameReport {
        GameReport {
            index,
            line,
            ruleset: None,
            plies: 0,
            status: Status::Unreadable,
            ply: None,
            message: Some(message),
            illegal: None,
            recorded: None,
            replayed: None,
            findings: Vec::new(),
        }
    }
}

/// The ruleset of a record: its `Ruleset` tag; else the game its `Variant`, `Game` or
/// PDN `GameType` tag names (GameType 25 Russian, 26 Brazilian; `Chinese Chess`,
/// `xiangqi`), in `default`'s edition when `default` is of that game, else the game's
/// default edition; else `default` (`--ruleset`). A tag naming a game `default`
/// contradicts, or a game arbiter does not know, is an error; so is a record that names
/// no game when there is no `default`.
///
/// ```
/// use arbiter::records::{read_games, ruleset_of};
///
/// let r = |t: &str| read_games(t).remove(0).unwrap();
/// assert_eq!(ruleset_of(&r("[GameType \"25\"]\n*"), None).unwrap().to_string(), "russian@fmjd64");
/// assert_eq!(ruleset_of(&r("[Game \"Chinese Chess\"]\n*"), None).unwrap().game, arbiter::Game::Xiangqi);
/// assert!(ruleset_of(&r("[GameType \"20\"]\n*"), None).unwrap_err().contains("international"));
/// assert!(ruleset_of(&r("1. h2e2 *"), None).unwrap_err().contains("--ruleset"));
/// ```
pub fn ruleset_of(record: &ReadRecord, default: Option<&Ruleset>) -> Result<Ruleset, String> {
    if let Some(r) = record.tag("Ruleset") {
        return r.parse().map_err(|e| format!("tag Ruleset: {e}"));
    }
    let named = named_game(record)?;
    match (named, default) {
        (Some((game, _)), Some(d)) if d.game == game => Ok(d.clone()),
        (Some((game, tag)), Some(d)) => Err(format!(
            "the record is a {} game ({tag}), --ruleset says {d}",
            game.name()
        )),
        (Some((game, _)), None) => Ok(Ruleset::default_for(game)),
        (None, Some(d)) => Ok(d.clone()),
        (None, None) => Err(
            "no tag names the game (Ruleset, Variant, Game, GameType): give --ruleset".to_owned(),
        ),
    }
}

/// The game a record's tags name, with the tag that names it.
fn named_game(record: &ReadRecord) -> Result<Option<(Game, String)>, String> {
    if let Some(t) = record.tag_any_case("GameType") {
        let number = t.split(',').next().unwrap_or("").trim();
        let game = match number {
            "25" => Game::Russian,
            "26" => Game::Brazilian,
            _ => {
                let known = match number {
                    "0" => " (chess)",
                    "20" => " (international draughts)",
                    "21" => " (English draughts)",
                    "22" => " (Italian draughts)",
                    "30" => " (Turkish draughts)",
                    _ => "",
                };
                return Err(format!(
                    "GameType \"{t}\"{known} is not a game arbiter plays (25 Russian, 26 Brazilian draughts)"
                ));
            }
        };
        return Ok(Some((game, format!("GameType \"{t}\""))));
    }
    for tag in ["Variant", "Game"] {
        let Some(v) = record.tag_any_case(tag) else {
            continue;
        };
        let key: String = v
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric())
            .collect();
        let game = match key.as_str() {
            "xiangqi" | "chinesechess" | "象棋" | "中国象棋" | "中國象棋" | "cchess" => {
                Game::Xiangqi
            }
            "russian" | "russiandraughts" | "russiancheckers" | "shashki" => Game::Russian,
            "brazilian" | "braziliandraughts" | "braziliancheckers" => Game::Brazilian,
            // Chess's own `[Variant "Standard"]` / an empty value say nothing of ours.
            "" => continue,
            _ => {
                return Err(format!(
                    "{tag} \"{v}\" is not a game arbiter plays (xiangqi, russian, brazilian)"
                ))
            }
        };
        return Ok(Some((game, format!("{tag} \"{v}\""))));
    }
    Ok(None)
}

/// The result a record gives: its result token, else its `Result` tag; `None` for `*`
/// or none. A token and a tag that disagree are an error.
pub fn recorded_result(record: &ReadRecord) -> Result<Option<Score>, String> {
    let token = (!record.result.is_empty() && record.result != "*").then_some(&record.result);
    let tag = match record.tag("Result") {
        Some(t) => match super::reader::read_result_token(t.trim()) {
            Some(Ok("*")) | None if t.trim().is_empty() || t.trim() == "*" => None,
            Some(Ok(canonical)) => Some(canonical.to_owned()),
            Some(Err(e)) => return Err(format!("tag Result: {e}")),
            None => return Err(format!("tag Result: '{t}' is not a result")),
        },
        None => None,
    };
    let score = |t: &str| token_score(t);
    match (token, tag) {
        (Some(t), Some(g)) if score(t) != score(&g) => Err(format!(
            "the result token {t} and the Result tag {g} disagree"
        )),
        (Some(t), _) => Ok(score(t)),
        (None, Some(g)) => Ok(score(&g)),
        (None, None) => Ok(None),
    }
}

/// How the replay stopped early.
enum Stop {
    /// A move the rules refuse.
    Illegal(IllegalMove),
    /// The simulator's adjudication tag ended the game.
    Adjudicated(Outcome),
    /// Arbiter's own tag disagrees with the replay.
    Inconsistent { ply: usize, message: String },
}

/// The replay of a record's items through the session.
struct Replayed {
    session: Session,
    plies: usize,
    findings: Vec<Finding>,
    stop: Option<Stop>,
}

/// The value after `[name ` up to `]` in a comment.
fn field<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let start = comment.find(&format!("[{name} "))? + name.len() + 2;
    let end = comment[start..].find(']')? + start;
    Some(comment[start..end].trim())
}

/// Notes the repetition verdict after a move: once when a side must change, once when it
/// goes on after the verdict (refereed, the verdict stays *must change*).
fn note_repetition(
    session: &Session,
    cycles_for_verdict: usize,
    ply: usize,
    seen: &mut Option<(Side, &'static str)>,
    findings: &mut Vec<Finding>,
) {
    let game = session.policy().game;
    let verdict = session
        .ending()
        .repetition
        .as_ref()
        .filter(|v| matches!(v.ruling, CycleDecision::MustChange | CycleDecision::Loss));
    let Some((v, color)) = verdict.and_then(|v| v.side.map(|c| (v, c))) else {
        *seen = None;
        return;
    };
    let side = color;
    let len = v.cycle.len().max(1);
    let from = v.cycle.first().map_or(ply, |c| {
        c.ply.saturating_sub((v.repetitions.max(1) - 1) * len)
    });
    let kind = if v.repetitions > cycles_for_verdict || v.ruling == CycleDecision::Loss {
        "unchanged"
    } else {
        "must-change"
    };
    if *seen == Some((side, kind)) {
        return;
    }
    *seen = Some((side, kind));
    let name = side.name(game);
    let message = match kind {
        "must-change" => format!(
            "a forbidden cycle from ply {from}, played {} times: {name} must change \
             (xq.result.forbidden-repetition-unchanged); {}",
            v.repetitions, v.reason
        ),
        _ => format!(
            "{name} went on with the forbidden cycle from ply {from} after the verdict \
             ({} times): computer adjudication would end the game here with {name}'s loss \
             (xq.result.forbidden-repetition-unchanged); the record does not show whether \
             the referee required the change, so the game goes on",
            v.repetitions
        ),
    };
    findings.push(Finding {
        ply,
        kind,
        side: Some(name.to_owned()),
        message,
    });
}

/// Replays a record's items.
fn replay_items(
    record: &ReadRecord,
    ruleset: &Ruleset,
    enforcement: RepetitionEnforcement,
) -> Result<Replayed, String> {
    let game = ruleset.game;
    let fen = record.tag("FEN").filter(|f| !f.trim().is_empty());
    let session = Session::new(ruleset, fen)
        .map_err(|e| format!("tag FEN: {e}"))?
        .with_repetition(enforcement);
    let control = match record
        .tag("TimeControl")
        .filter(|_| record.tag("Ruleset").is_some())
    {
        Some(id) => {
            Some(crate::play::control_for(game, id).map_err(|e| format!("tag TimeControl: {e}"))?)
        }
        None => None,
    };
    let opening: usize = match record.tag("OpeningPlies") {
        Some(n) => n
            .parse()
            .map_err(|_| format!("tag OpeningPlies: '{n}' is not a number"))?,
        None => 0,
    };
    let mut r = Replayed {
        session,
        plies: 0,
        findings: Vec::new(),
        stop: None,
    };
    let mut clock_set = false;
    let mut seen = None;
    let cycles_for_verdict =
        RepetitionRules::for_ruleset(ruleset).map_or(usize::MAX, |r| r.cycles_for_verdict);
    let side_of = |text: &str| Side::parse(text, game).map_err(|e| e.to_string());
    let span_of = |text: &str| {
        text.parse::<f64>()
            .ok()
            .and_then(Span::from_secs_f64)
            .ok_or_else(|| format!("'{text}' is not a time in seconds"))
    };
    let timed =
        |session: &Session, event: Event, spent: Option<Span>| match (session.clock(), spent) {
            (Some(_), Some(s)) => Event::Timed {
                event: Box::new(event),
                time: EventTime {
                    elapsed: Some(s),
                    ..EventTime::default()
                },
            },
            _ => event,
        };
    let mut items = record.items.iter().peekable();
    let inconsistent = |ply: usize, message: String| Some(Stop::Inconsistent { ply, message });
    while let Some(item) = items.next() {
        if !clock_set && r.plies >= opening {
            if let Some(c) = &control {
                let start = ClockStart {
                    running: Some(r.session.turn()),
                    ..ClockStart::default()
                };
                let clock = Clock::new(c.clone(), ClockRules::of(game), start)
                    .map_err(|e| format!("clock: {}", e.0))?;
                r.session = r.session.clone().with_clock(clock);
            }
            clock_set = true;
        }
        match item {
            Item::Move(text) => {
                let ply = r.plies + 1;
                let mut spent = None;
                let mut left = None;
                if let Some(Item::Comment(c)) = items.peek() {
                    if c.starts_with("[%emt") {
                        spent = Some(span_of(field(c, "%emt").unwrap_or(""))?);
                        left = field(c, "%clk").map(str::to_owned);
                        items.next();
                    }
                }
                let mover = r.session.turn();
                let fen = r.session.fen();
                let event = timed(&r.session, Event::Move(text.clone()), spent);
                if let Err(e) = r.session.apply(event) {
                    let why = match e {
                        ProcedureError::Move { reason, .. } => reason,
                        other => other.to_string(),
                    };
                    let legal = if r.session.outcome().is_some() {
                        Vec::new()
                    } else {
                        r.session.legal_moves().iter().map(|c| c.text()).collect()
                    };
                    r.stop = Some(Stop::Illegal(IllegalMove {
                        ply,
                        text: text.clone(),
                        fen,
                        why,
                        legal,
                    }));
                    return Ok(r);
                }
                r.plies = ply;
                if let (Some(l), Some(c)) = (left, r.session.clock()) {
                    let shown = c.report(mover).remaining.clk();
                    if shown != l {
                        r.stop = inconsistent(
                            ply,
                            format!(
                            "move {ply} '{text}': the record shows {l} left, the replay {shown}"
                        ),
                        );
                        return Ok(r);
                    }
                }
                if game == Game::Xiangqi {
                    note_repetition(
                        &r.session,
                        cycles_for_verdict,
                        ply,
                        &mut seen,
                        &mut r.findings,
                    );
                }
            }
            Item::Comment(c) => {
                let Some(tag) = field(c, "%arbiter") else {
                    continue;
                };
                let words: Vec<&str> = tag.split_whitespace().collect();
                let at = format!("[%arbiter {tag}]");
                let ply = r.plies;
                let applied = |session: &mut Session, event: Event| {
                    session.apply(event).map_err(|e| format!("{at}: {e}"))
                };
                let outcome: Result<(), String> = match words.as_slice() {
                    ["illegal", side, text, rest @ ..] => (|| {
                        side_of(side)?;
                        let spent = rest.first().map(|t| span_of(t)).transpose()?;
                        let event =
                            if game.is_draughts() && r.session.board().read_move(text).is_ok() {
                                Event::Move((*text).to_owned())
                            } else {
                                Event::Illegal {
                                    text: (*text).to_owned(),
                                    side: None,
                                    fen: None,
                                    removed: None,
                                }
                            };
                        let event = timed(&r.session, event, spent);
                        applied(&mut r.session, event)
                    })(),
                    ["correct", _] => applied(&mut r.session, Event::Correct),
                    ["warning", side, _] => side_of(side).and_then(|side| {
                        applied(
                            &mut r.session,
                            Event::Violation {
                                side,
                                kind: ViolationKind::Warning,
                            },
                        )
                    }),
                    ["refused", ..] => Ok(()),
                    ["claim", side, kind, _] => side_of(side).and_then(|side| {
                        let kind = claim_kind(kind, game).map_err(|e| format!("{at}: {e}"))?;
                        applied(
                            &mut r.session,
                            Event::Claim {
                                kind,
                                by: Some(side),
                            },
                        )
                    }),
                    ["must-change", side] => {
                        let ordered = r.session.ending().repetition.as_ref().and_then(|v| {
                            matches!(v.ruling, CycleDecision::MustChange | CycleDecision::Loss)
                                .then_some(v.side)
                                .flatten()
                        });
                        if ordered.map(|c| c.xiangqi_name()) == Some(*side) {
                            Ok(())
                        } else {
                            Err(format!(
                                "{at}: the rules give no must-change verdict for {side} here"
                            ))
                        }
                    }
                    ["flag", _, spent] => {
                        span_of(spent).and_then(|s| applied(&mut r.session, Event::Elapse(s)))
                    }
                    ["forfeit", side, reason] => side_of(side).and_then(|side| {
                        let reason = ForfeitReason::from_name(reason).ok_or_else(|| {
                            let all = ForfeitReason::ALL.map(ForfeitReason::name);
                            format!(
                                "{at}: unknown forfeit reason '{reason}' (expected one of: {})",
                                all.join(", ")
                            )
                        })?;
                        applied(&mut r.session, Event::Forfeit { side, reason })
                    }),
                    ["adjudicated", _] | ["adjudicated-draw"] | ["adjudicated-resign", _] => {
                        if r.session.outcome().is_some() {
                            Err(format!("{at}: the game was already over"))
                        } else {
                            let o = match words.as_slice() {
                                ["adjudicated", _] => Ok(Outcome::draw(
                                    Reason::Adjudicated(AdjudicationKind::MaxPlies),
                                    None,
                                )),
                                _ => words.get(1).map(|s| side_of(s)).transpose().map(|loser| {
                                    score_adjudicated(&Decision::ScoreAdjudicated {
                                        loser,
                                        rule: String::new(),
                                    })
                                }),
                            };
                            match o {
                                Ok(o) => {
                                    r.stop = Some(Stop::Adjudicated(o));
                                    return Ok(r);
                                }
                                Err(e) => Err(e),
                            }
                        }
                    }
                    _ => Err(format!("{at}: unknown arbiter tag")),
                };
                if let Err(message) = outcome {
                    r.stop = inconsistent(ply, message);
                    return Ok(r);
                }
            }
        }
    }
    Ok(r)
}

/// The reasons a `Termination` tag may give that only the final position decides.
fn position_reason(termination: &str) -> Option<&'static str> {
    let t = termination.trim().to_lowercase();
    match t.as_str() {
        "checkmate" | "mate" | "将死" | "將死" => Some("checkmate"),
        "stalemate" | "困毙" | "困斃" => Some("stalemate"),
        "no-legal-move" => Some("no-legal-move"),
        "no-pieces" => Some("no-pieces"),
        _ => None,
    }
}

/// A `Termination` that only the rules or the arbiter's recorded decisions give, and so
/// the replay must reproduce: the position's endings, the draw rules, the violations'
/// losses, the ruled repetition, the simulator's adjudications. Resignation, agreement,
/// time and the arbiter's other decisions are not written as moves and stand as recorded.
fn ruled_reason(termination: &str) -> Option<String> {
    if let Some(r) = position_reason(termination) {
        return Some(r.to_owned());
    }
    let reason: Reason = termination.trim().parse().ok()?;
    matches!(
        reason,
        Reason::ThirdViolation
            | Reason::SecondWarning
            | Reason::RefusedCorrection
            | Reason::Draw(_)
            | Reason::ForbiddenRepetition
            | Reason::Adjudicated(_)
    )
    .then(|| reason.slug().to_owned())
}

/// Replays a read record through the arbiter and checks it (see the module docs).
pub fn check_game(record: &ReadRecord, options: &CheckOptions) -> GameReport {
    let mut report = GameReport::unreadable(0, record.line, String::new());
    report.message = None;
    let fail = |mut report: GameReport, status: Status, ply: Option<usize>, message: String| {
        report.status = status;
        report.ply = ply;
        report.message = Some(message);
        report
    };
    let ruleset = match ruleset_of(record, options.ruleset.as_ref()) {
        Ok(r) => r,
        Err(e) => return fail(report, Status::Unreadable, None, e),
    };
    report.ruleset = Some(ruleset.clone());
    let game = ruleset.game;
    let recorded = match recorded_result(record) {
        Ok(r) => r,
        Err(e) => return fail(report, Status::Unreadable, None, e),
    };
    report.recorded = recorded.map(|s| crate::play::result_token(s, game).to_owned());
    let replayed = match replay_items(record, &ruleset, options.enforcement.0) {
        Ok(r) => r,
        Err(e) => return fail(report, Status::Unreadable, None, e),
    };
    report.plies = replayed.plies;
    report.findings = replayed.findings;
    let line_of_ply = |ply: usize| {
        record
            .items
            .iter()
            .zip(&record.lines)
            .filter(|(i, _)| matches!(i, Item::Move(_)))
            .nth(ply.saturating_sub(1))
            .map(|(_, l)| *l)
    };
    let outcome = match replayed.stop {
        Some(Stop::Illegal(m)) => {
            let line = line_of_ply(m.ply).map_or_else(String::new, |l| format!(" (line {l})"));
            let message = format!("ply {}{line}: '{}' is refused: {}", m.ply, m.text, m.why);
            let ply = m.ply;
            report.illegal = Some(m);
            return fail(report, Status::Illegal, Some(ply), message);
        }
        Some(Stop::Inconsistent { ply, message }) => {
            return fail(report, Status::ResultDiffers, Some(ply), message)
        }
        Some(Stop::Adjudicated(o)) => Some(o),
        None => replayed.session.outcome().cloned(),
    };
    let last = replayed.plies;
    // The arbiter's ruling written down: the record ends on a cycle the side must change
    // (or went on with), with that side's loss.
    let outcome = outcome.or_else(|| {
        let v = replayed.session.ending().repetition.as_ref()?;
        let loser = v.side?;
        let ruled = matches!(v.ruling, CycleDecision::Loss | CycleDecision::MustChange)
            && recorded == Some(Score::Win(loser.other()));
        ruled.then(|| {
            report.findings.push(Finding {
                ply: last,
                kind: "ruled",
                side: Some(loser.name(game).to_owned()),
                message: format!(
                    "the record ends on the forbidden cycle with {}'s loss: the arbiter's ruling \
                     (xq.result.forbidden-repetition-unchanged)",
                    loser.name(game)
                ),
            });
            Outcome::win(
                loser.other(),
                Reason::ForbiddenRepetition,
                Some(clause::XQ_RESULT_FORBIDDEN_REPETITION_UNCHANGED.into()),
            )
        })
    });
    report.replayed = outcome
        .as_ref()
        .map(|o| crate::play::result_token(o.result, game).to_owned());
    let termination = record.tag("Termination");
    match (&outcome, recorded) {
        (Some(o), Some(score)) if o.result != score => {
            let message = format!(
                "the record gives {}, the replay ends in {} ({}{})",
                crate::play::result_token(score, game),
                crate::play::result_token(o.result, game),
                o.reason,
                o.clause_str()
                    .map_or_else(String::new, |c| format!(", {c}"))
            );
            return fail(report, Status::ResultDiffers, Some(last), message);
        }
        (Some(o), _) => {
            if let Some(t) = termination {
                let named = position_reason(t)
                    .map(str::to_owned)
                    .or_else(|| t.parse::<Reason>().ok().map(|r| r.slug().to_owned()));
                if let Some(named) = named {
                    if named != o.reason.slug() {
                        let message = format!(
                            "the record's termination is {t}, the replay ends in {}",
                            o.reason
                        );
                        return fail(report, Status::ResultDiffers, Some(last), message);
                    }
                }
            }
            if let Some(c) = record.tag("Clause") {
                if Some(c) != o.clause_str() {
                    let message = format!(
                        "the record's clause is {c}, the replay gives {}",
                        o.clause_str().unwrap_or("none")
                    );
                    return fail(report, Status::ResultDiffers, Some(last), message);
                }
            }
        }
        (None, _) => {
            if let Some(reason) = termination.and_then(ruled_reason) {
                let message = format!(
                    "the record's termination is {reason}, but the replayed game is not over: \
                     no rule ends it there"
                );
                return fail(report, Status::ResultDiffers, Some(last), message);
            }
        }
    }
    if recorded.is_none() {
        let message = match &outcome {
            Some(o) => format!(
                "the record gives no result; the replay ends in {} ({})",
                crate::play::result_token(o.result, game),
                o.reason
            ),
            None => "the record gives no result, and no rule ended the game".to_owned(),
        };
        report.findings.push(Finding {
            ply: last,
            kind: "no-result",
            side: None,
            message,
        });
    }
    report.status = Status::Clean;
    report
}

/// The outcome a checked record stands for: the rules' (mate, a draw rule, the ruled
/// repetition, a procedure decision) or, when no rule ended the game, the recorded
/// result with the reason its `Termination` tag names (`resignation`, `agreement`,
/// `time-forfeit`, … as arbiter writes them); `Err` when the record is not clean or says
/// neither.
pub fn game_outcome(record: &ReadRecord, options: &CheckOptions) -> Result<Outcome, String> {
    let report = check_game(record, options);
    if report.status != Status::Clean {
        return Err(report.message.unwrap_or_default());
    }
    let ruleset = report.ruleset.clone().ok_or("no ruleset")?;
    let recorded = recorded_result(record)?;
    if let Some(token) = &report.replayed {
        // The rules ended it: replay once more for the outcome itself.
        let replayed = replay_items(record, &ruleset, options.enforcement.0)?;
        if let Some(Stop::Adjudicated(o)) = replayed.stop {
            return Ok(o);
        }
        if let Some(o) = replayed.session.outcome() {
            return Ok(o.clone());
        }
        let score = token_score(token).ok_or("no result")?;
        if let Score::Win(w) = score {
            return Ok(Outcome::win(
                w,
                Reason::ForbiddenRepetition,
                Some(clause::XQ_RESULT_FORBIDDEN_REPETITION_UNCHANGED.into()),
            ));
        }
    }
    let score = recorded.ok_or("the record gives no result and no rule ended the game")?;
    let reason: Reason = record
        .tag("Termination")
        .and_then(|t| t.parse().ok())
        .ok_or_else(|| {
            format!(
                "no rule ended the game and no Termination tag says how its result {} came about",
                crate::play::result_token(score, ruleset.game)
            )
        })?;
    Ok(match score {
        Score::Win(w) => Outcome::win(w, reason, None),
        _ => Outcome::draw(reason, None),
    })
}
