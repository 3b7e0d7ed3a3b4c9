//! Game records: [`GameRecord`], written as PDN (draughts) or a PGN-style xiangqi record
//! with ICCS moves.
//!
//! Every decision of the arbiter is a comment holding a machine-readable tag and the
//! clause, for example `{[%arbiter illegal red e1d1 0.012] exposing-general, violation 1
//! (xq.irregularity.exposing-general)}`; each move made on a clock carries the time it took
//! and the time left: `{[%emt 0.012] [%clk 1:29:59.988]}`. The tags:
//!
//! | tag | meaning | replayed as |
//! | --- | --- | --- |
//! | `illegal <side> <move> [<secs>]` | an illegal (xiangqi) or irregular (draughts) move | the same event, timed |
//! | `correct <side>` | draughts: the opponent demands the correction | `Correct` |
//! | `warning <side> <n>` | draughts: an oral warning | a `warning` violation |
//! | `refused <side> <move>` | xiangqi: a move the touches forbid, refused | nothing (the arbiter refused it) |
//! | `claim <side> <kind> upheld\|refused` | a draw claim and its ruling | the claim |
//! | `must-change <side>` | the repetition verdict orders a side to change | checked against the rules' verdict |
//! | `flag <side> <secs>` | the time ran out while the side thought | time passing on its clock |
//! | `forfeit <side> <reason>` | a loss the simulator decides (engine failure, unreadable move) | a forfeit |
//! | `adjudicated <plies>` | adjudication by game length (not a rule) | the end of the replay |
//! | `adjudicated-draw` | a draw adjudicated by the engines' scores (not a rule) | the end of the replay |
//! | `adjudicated-resign <side>` | a loss adjudicated by the engine's score (not a rule) | the end of the replay |
//!
//! Records are read back by [`crate::records`] (`parse_records`, `replay`), which replays
//! them through the session to reproduce the result:
//!
//! ```
//! use arbiter::play::{play_game, GameOptions, Opening, Player, RandomPlayer};
//! use arbiter::records::{parse_records, replay};
//!
//! let options = GameOptions { ruleset: "xiangqi".parse().unwrap(), control: None, max_plies: Some(40), round: 1 };
//! let (mut red, mut black) = (RandomPlayer::new(5), RandomPlayer::new(6));
//! let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
//! let record = play_game(&mut players, &Opening::default(), &options).unwrap();
//! let text = record.to_text();
//! let read = parse_records(&text).unwrap();
//! assert_eq!(Some(replay(&read[0]).unwrap()), record.result);
//! ```

use crate::clock::Span;
use crate::edition::DrawKind;
use crate::outcome::{AdjudicationKind, ClauseId, ForfeitReason};
use crate::procedure::BreachKind;
use crate::{Game, Outcome, Reason, Ruleset, Score, Side};
use std::fmt::Write as _;

/// The result token of a score: `1-0`, `0-1`, `1/2-1/2`, `0-0` (xiangqi); `2-0`, `0-2`,
/// `1-1`, `0-0` (draughts, PDN).
///
/// ```
/// use arbiter::play::{result_token, token_score};
/// use arbiter::{Game, Score, Side};
///
/// assert_eq!(result_token(Score::Win(Side::Second), Game::Russian), "0-2");
/// assert_eq!(token_score("1/2-1/2"), Some(Score::Draw));
/// assert_eq!(token_score("*"), None);
/// ```
pub fn result_token(score: Score, game: Game) -> &'static str {
    match (score, game.is_draughts()) {
        (Score::Win(Side::First), false) => "1-0",
        (Score::Win(Side::Second), false) => "0-1",
        (Score::Draw, false) => "1/2-1/2",
        (Score::Win(Side::First), true) => "2-0",
        (Score::Win(Side::Second), true) => "0-2",
        (Score::Draw, true) => "1-1",
        (Score::BothLost, _) => "0-0",
    }
}

/// Reads a result token of either game; `None` for anything else (`*`, an unfinished game).
pub fn token_score(token: &str) -> Option<Score> {
    match token {
        "1-0" | "2-0" => Some(Score::Win(Side::First)),
        "0-1" | "0-2" => Some(Score::Win(Side::Second)),
        "1/2-1/2" | "1-1" => Some(Score::Draw),
        "0-0" => Some(Score::BothLost),
        _ => None,
    }
}

/// A decision of the arbiter during a game (see the [module documentation](self)).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    /// An illegal (xiangqi) or irregular (draughts) move.
    Illegal {
        /// Who made it.
        side: Side,
        /// The move as the player gave it.
        text: String,
        /// The time it took, on a clock.
        spent: Option<Span>,
        /// The breach (`None`: the session recorded none).
        kind: Option<BreachKind>,
        /// Its clause.
        clause: Option<ClauseId>,
        /// The side's counted violations (warnings) after it.
        count: u32,
    },
    /// Draughts: the opponent demands the correction.
    Correct {
        /// The side demanding it.
        by: Side,
    },
    /// Draughts: an oral warning for a repeated irregular move.
    Warning {
        /// Who is warned.
        side: Side,
        /// The side's warnings after it.
        count: u32,
    },
    /// Xiangqi: a legal move the touches forbid, refused.
    Refused {
        /// Who tried it.
        side: Side,
        /// The move.
        text: String,
        /// The touch-move step's clause.
        clause: ClauseId,
    },
    /// A draw claim and its ruling.
    Claim {
        /// Who claimed.
        side: Side,
        /// The claim kind.
        kind: DrawKind,
        /// Whether it was upheld.
        upheld: bool,
        /// The deciding clause.
        clause: Option<ClauseId>,
    },
    /// The repetition verdict orders a side to change.
    MustChange {
        /// The side that must change.
        side: Side,
    },
    /// The flag fell while the side thought.
    Flag {
        /// Whose flag.
        side: Side,
        /// The time it thought.
        spent: Span,
        /// The control's flag clause.
        clause: Option<ClauseId>,
    },
    /// A loss decided by the simulator (a player failed).
    Forfeit {
        /// Who loses.
        side: Side,
        /// Why (`engine-failure`, `unreadable-move`, `no-permitted-move`, `resignation`).
        reason: ForfeitReason,
        /// What happened.
        detail: String,
    },
    /// Adjudicated a draw by game length.
    Adjudicated {
        /// The plies played.
        plies: u32,
    },
    /// Adjudicated by the players' scores ([`super::game::Adjudication`]): a draw, or a
    /// loss.
    ScoreAdjudicated {
        /// Who loses; `None`: a draw.
        loser: Option<Side>,
        /// The rule applied, as given: `draw movenumber=40 movecount=8 score=10`,
        /// `resign movecount=3 score=900`.
        rule: String,
    },
}

/// The outcome of a game ended by a score adjudication.
pub fn score_adjudicated(d: &Decision) -> Outcome {
    match d {
        Decision::ScoreAdjudicated {
            loser: Some(loser), ..
        } => Outcome::win(
            loser.other(),
            Reason::Adjudicated(AdjudicationKind::ScoreResign),
            None,
        ),
        _ => Outcome::draw(Reason::Adjudicated(AdjudicationKind::ScoreDraw), None),
    }
}

/// One item of a game: a move made, or a decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A move of the side to move, in canonical text.
    Move {
        /// The move.
        text: String,
        /// The time it took (on a clock).
        spent: Option<Span>,
        /// The mover's time left after it (on a clock).
        left: Option<Span>,
    },
    /// A decision of the arbiter.
    Decision(Decision),
}

/// A game played under the arbiter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// The ruleset.
    pub ruleset: Ruleset,
    /// The players, first player (red, white) first.
    pub players: [String; 2],
    /// The round (game number of the match).
    pub round: u32,
    /// The position the game starts from (before the opening moves).
    pub start_fen: String,
    /// The time control's id, when the game had a clock.
    pub control: Option<String>,
    /// The moves and decisions in order (the opening's moves first, untimed).
    pub entries: Vec<Entry>,
    /// How the game ended; `None` for a game not finished (its record ends in `*`). A
    /// record [`super::play_game`] returns is finished.
    pub result: Option<Outcome>,
}

fn secs(span: Span) -> String {
    format!("{:.3}", span.secs_f64())
}

fn clause_text(clause: &Option<ClauseId>) -> String {
    clause
        .as_ref()
        .map_or_else(String::new, |c| format!(" ({c})"))
}

impl Decision {
    /// The comment written into the record: the machine-readable tag, then words and clause.
    pub fn comment(&self, game: Game) -> String {
        let n = |s: &Side| s.name(game);
        match self {
            Decision::Illegal {
                side,
                text,
                spent,
                kind,
                clause,
                count,
            } => {
                let t = spent.map_or_else(String::new, |s| format!(" {}", secs(s)));
                let kind = kind.map_or("", BreachKind::slug);
                let what = if game.is_draughts() {
                    format!("irregular move {kind}")
                } else {
                    format!("illegal move {kind}, taken back, violation {count}")
                };
                format!(
                    "[%arbiter illegal {} {text}{t}] {what}{}",
                    n(side),
                    clause_text(clause)
                )
            }
            Decision::Correct { by } => format!(
                "[%arbiter correct {}] {} demands the correction (d64.irregularity.opponent-chooses)",
                n(by),
                n(by)
            ),
            Decision::Warning { side, count } => format!(
                "[%arbiter warning {} {count}] oral warning {count} for a repeated irregular move (d64.penalty.two-warnings-lose)",
                n(side)
            ),
            Decision::Refused { side, text, clause } => format!(
                "[%arbiter refused {} {text}] not permitted after the touch ({clause})",
                n(side)
            ),
            Decision::Claim {
                side,
                kind,
                upheld,
                clause,
            } => format!(
                "[%arbiter claim {} {kind} {}] {} claim{}",
                n(side),
                if *upheld { "upheld" } else { "refused" },
                kind,
                clause_text(clause)
            ),
            Decision::MustChange { side } => format!(
                "[%arbiter must-change {}] forbidden repetition: {} must change (xq.result.forbidden-repetition-unchanged)",
                n(side),
                n(side)
            ),
            Decision::Flag {
                side,
                spent,
                clause,
            } => format!(
                "[%arbiter flag {} {}] the flag fell{}",
                n(side),
                secs(*spent),
                clause_text(clause)
            ),
            Decision::Forfeit {
                side,
                reason,
                detail,
            } => format!(
                "[%arbiter forfeit {} {reason}] {} (a ruling of the simulator, not of the rulebook)",
                n(side),
                detail.replace(['{', '}'], "")
            ),
            Decision::Adjudicated { plies } => format!(
                "[%arbiter adjudicated {plies}] adjudicated a draw after {plies} plies (max-plies; not a rule)"
            ),
            Decision::ScoreAdjudicated { loser: None, rule } => format!(
                "[%arbiter adjudicated-draw] adjudicated a draw by the engines' scores ({rule}; not a rule)"
            ),
            Decision::ScoreAdjudicated {
                loser: Some(side),
                rule,
            } => format!(
                "[%arbiter adjudicated-resign {}] adjudicated a loss by the engine's score ({rule}; not a rule)",
                n(side)
            ),
        }
    }
}

/// The notation of the moves of a written record: the canonical one (ICCS in xiangqi,
/// numeric in draughts), or, for xiangqi, the Chinese record of the CXA rules (`炮二平五`,
/// `马8进7`) or WXF (`C2=5`). Records in any of them are read back alike (xiangqi moves are
/// read by [`crate::xiangqi::parse_move`], whichever notation they are in). The `[%arbiter]`
/// tags keep the texts as the players gave them, and the record gets a `Notation` tag.
///
/// ```
/// use arbiter::play::RecordNotation;
///
/// assert_eq!("chinese".parse::<RecordNotation>(), Ok(RecordNotation::Chinese));
/// assert_eq!("iccs".parse::<RecordNotation>(), Ok(RecordNotation::Canonical));
/// assert!("uci10".parse::<RecordNotation>().unwrap_err().contains("canonical, chinese, wxf"));
/// assert!(RecordNotation::Chinese.check(arbiter::Game::Russian).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RecordNotation {
    /// ICCS (xiangqi), numeric (draughts).
    #[default]
    Canonical,
    /// The Chinese move record (xiangqi).
    Chinese,
    /// WXF (xiangqi).
    Wxf,
}

impl RecordNotation {
    /// The name on the command line: `canonical`, `chinese`, `wxf`.
    pub fn name(self) -> &'static str {
        match self {
            RecordNotation::Canonical => "canonical",
            RecordNotation::Chinese => "chinese",
            RecordNotation::Wxf => "wxf",
        }
    }

    /// Whether records of `game` can be written in it (Chinese and WXF are xiangqi's).
    pub fn check(self, game: Game) -> Result<(), String> {
        if self != RecordNotation::Canonical && game.is_draughts() {
            return Err(format!(
                "the {} notation is for xiangqi records; draughts records are written in \
                 numeric notation (give canonical, or leave the option out)",
                self.name()
            ));
        }
        Ok(())
    }

    fn xiangqi(self) -> Option<crate::xiangqi::Notation> {
        match self {
            RecordNotation::Canonical => None,
            RecordNotation::Chinese => Some(crate::xiangqi::Notation::Chinese),
            RecordNotation::Wxf => Some(crate::xiangqi::Notation::Wxf),
        }
    }
}

impl std::str::FromStr for RecordNotation {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "canonical" | "iccs" | "numeric" => Ok(RecordNotation::Canonical),
            "chinese" => Ok(RecordNotation::Chinese),
            "wxf" => Ok(RecordNotation::Wxf),
            other => Err(format!(
                "record notation '{other}': expected canonical, chinese, wxf (iccs and \
                 numeric name canonical)"
            )),
        }
    }
}

impl GameRecord {
    /// The record as PDN (draughts) or a PGN-style xiangqi record, moves in the canonical
    /// notation.
    pub fn to_text(&self) -> String {
        self.to_text_in(RecordNotation::Canonical)
    }

    /// The texts of the record's moves in `notation`, in order (a move that cannot be
    /// written in it, which a record of the arbiter's never has, keeps its canonical text).
    fn move_texts(&self, notation: RecordNotation) -> Vec<String> {
        let moves = self.entries.iter().filter_map(|e| match e {
            Entry::Move { text, .. } => Some(text.clone()),
            Entry::Decision(_) => None,
        });
        let (Some(n), Game::Xiangqi) = (notation.xiangqi(), self.ruleset.game) else {
            return moves.collect();
        };
        let mut pos = crate::xiangqi::Position::from_fen(&self.start_fen).ok();
        moves
            .map(|text| {
                let Some(p) = pos else { return text };
                match crate::xiangqi::Notation::Iccs.parse(&p, &text) {
                    Ok(m) => {
                        pos = p.play(m).ok();
                        n.write(&p, m)
                    }
                    Err(_) => {
                        pos = None;
                        text
                    }
                }
            })
            .collect()
    }

    /// The record with xiangqi moves in `notation` (draughts records are always numeric).
    pub fn to_text_in(&self, notation: RecordNotation) -> String {
        let game = self.ruleset.game;
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let _ = writeln!(out, "[{name} \"{}\"]", value.replace('"', "'"));
        };
        tag("Event", "arbiter play");
        tag("Site", "arbiter");
        tag("Round", &self.round.to_string());
        let (first, second) = if game.is_draughts() {
            ("White", "Black")
        } else {
            ("Red", "Black")
        };
        tag(first, &self.players[0]);
        tag(second, &self.players[1]);
        let token = self
            .result
            .as_ref()
            .map_or("*", |o| result_token(o.result, game));
        tag("Result", token);
        match game {
            Game::Xiangqi => tag("Variant", "xiangqi"),
            Game::Russian => tag("GameType", "25"),
            Game::Brazilian => tag("GameType", "26"),
        }
        tag("Ruleset", &self.ruleset.to_string());
        tag("FEN", &self.start_fen);
        let notation = if game.is_draughts() {
            RecordNotation::Canonical
        } else {
            notation
        };
        if notation != RecordNotation::Canonical {
            tag("Notation", notation.name());
        }
        let mut texts = self.move_texts(notation).into_iter();
        let opening = self
            .entries
            .iter()
            .take_while(|e| {
                matches!(
                    e,
                    Entry::Move {
                        spent: None,
                        left: None,
                        ..
                    }
                )
            })
            .count();
        if let Some(c) = &self.control {
            tag("TimeControl", c);
            tag("OpeningPlies", &opening.to_string());
        }
        if let Some(o) = &self.result {
            tag("Termination", o.reason.slug());
        }
        if let Some(c) = self.result.as_ref().and_then(|o| o.clause_str()) {
            tag("Clause", c);
        }
        if self
            .result
            .as_ref()
            .is_some_and(|o| o.reason.is_adjudication())
        {
            let rule = self.entries.iter().rev().find_map(|e| match e {
                Entry::Decision(Decision::ScoreAdjudicated { rule, .. }) => Some(rule.as_str()),
                _ => None,
            });
            tag("Adjudicated", rule.unwrap_or("max-plies"));
        }
        out.push('\n');
        let mut body = String::new();
        let mut turn = crate::procedure::Board::new(&self.ruleset, Some(&self.start_fen))
            .map(|b| b.turn())
            .unwrap_or(Side::First);
        let mut number = 1;
        let mut need_number = true;
        for e in &self.entries {
            match e {
                Entry::Move { text, spent, left } => {
                    if turn == Side::First {
                        let _ = write!(body, "{number}. ");
                    } else if need_number {
                        let _ = write!(body, "{number}... ");
                    }
                    body.push_str(&texts.next().unwrap_or_else(|| text.clone()));
                    body.push(' ');
                    if let Some(s) = spent {
                        let _ = write!(body, "{{[%emt {}]", secs(*s));
                        if let Some(l) = left {
                            let _ = write!(body, " [%clk {}]", l.clk());
                        }
                        body.push_str("} ");
                    }
                    need_number = false;
                    if turn == Side::Second {
                        number += 1;
                    }
                    turn = turn.other();
                }
                Entry::Decision(d) => {
                    let _ = write!(body, "{{{}}} ", d.comment(game));
                    need_number = true;
                    if let Decision::Correct { .. } = d {
                        // The corrected move is taken back: the offender moves again.
                    }
                }
            }
        }
        if let Some(o) = &self.result {
            let _ = write!(body, "{{{}{}}} ", o.reason, clause_text(&o.clause));
        }
        body.push_str(token);
        out.push_str(&wrap(&body, 79));
        out.push_str("\n\n");
        out
    }
}

/// Wraps text at spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line > 0 && line + 1 + word.chars().count() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.chars().count();
    }
    out
}
