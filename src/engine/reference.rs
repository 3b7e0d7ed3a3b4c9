//! The reference rules as an engine: every query answered in-process by [`Rules`], the
//! repetition adjudicator and the game [`Session`].

use super::{Engine, RulesFactory};
use crate::clock::ClockRules;
use crate::mutant::Mutant;
use crate::procedure::{Candidate, Event, EventTime, Session};
use crate::protocol::{
    AdjournmentReport, Answer, ClaimAnswer, ClaimRulingAnswer, ClockAnswer, ClockReport,
    ClockRequest, CycleMoveAnswer, DrawOfferAnswer, EngineFailure, EngineInfo, FailureKind,
    Feature, GoAnswer, GoRequest, OutcomeAnswer, PermittedAnswer, Query, QueryKind,
    RepetitionAnswer, Reply, Request, ResultAnswer, SessionAnswer, SessionClaim, SessionCorrection,
    Stage, StandingsAnswer, Step,
};
use crate::rulebook::RuleBook;
use crate::rules::PlayRules;
use crate::Side;
use crate::{rules_of, Game, Rules, RulesError};
use std::sync::Arc;

/// The reference rules as an engine.
///
/// ```
/// use arbiter::engine::{Engine, ReferenceEngine};
/// use arbiter::protocol::{Answer, Query, Reply, Request};
///
/// let engine = ReferenceEngine::new();
/// let reply = engine.run(&Request::new("russian".parse().unwrap(), Query::Legal));
/// let Reply::Answer(Answer::Moves(moves)) = reply else { panic!("{reply:?}") };
/// assert_eq!(moves.len(), 7);
/// ```
#[derive(Clone)]
pub struct ReferenceEngine {
    /// Other rules than the book's ([`crate::rules_of`]), if any.
    rules_for: Option<RulesFactory>,
    /// Other clock rules than the book's, if any.
    clock_rules: Option<ClockRulesFactory>,
    name: String,
    mutant: Option<Mutant>,
}

/// Makes a game's clock rules (the reference [`ClockRules::of`], or a variant).
pub type ClockRulesFactory = Arc<dyn Fn(Game) -> ClockRules + Send + Sync>;

impl ReferenceEngine {
    /// The engine over the crate's reference rules (the adapter of each ruleset's rule
    /// book, [`crate::rules_of`]).
    pub fn new() -> ReferenceEngine {
        ReferenceEngine {
            rules_for: None,
            clock_rules: None,
            name: "arbiter reference".to_owned(),
            mutant: None,
        }
    }

    /// The engine over other rules (a test double, a variant of the reference).
    pub fn with_rules(rules_for: RulesFactory) -> ReferenceEngine {
        ReferenceEngine {
            rules_for: Some(rules_for),
            clock_rules: None,
            name: "arbiter reference".to_owned(),
            mutant: None,
        }
    }

    /// The reference rules with one clause altered ([`crate::mutant`]), named
    /// `arbiter reference (mutant <name>)`: every request is answered under the rule book
    /// the mutant alters ([`RuleBook::mutated`]).
    ///
    /// ```
    /// use arbiter::engine::{Engine, ReferenceEngine};
    /// use arbiter::mutant::Mutant;
    /// use arbiter::protocol::{Answer, Query, Reply, Request};
    ///
    /// let engine = ReferenceEngine::mutant("kings-not-flying".parse::<Mutant>().unwrap());
    /// assert_eq!(engine.info().name, "arbiter reference (mutant kings-not-flying)");
    /// let mut request = Request::new("russian".parse().unwrap(), Query::Legal);
    /// request.position = Some("W:WK29:B4".to_owned());
    /// let Reply::Answer(Answer::Moves(moves)) = engine.run(&request) else { panic!() };
    /// assert_eq!(moves, ["29-25"]); // the reference says 29-25 and 29-22 to 29-8
    /// ```
    pub fn mutant(m: Mutant) -> ReferenceEngine {
        ReferenceEngine {
            rules_for: None,
            clock_rules: None,
            name: format!("arbiter reference (mutant {m})"),
            mutant: Some(m),
        }
    }

    /// The mutant this engine runs, if any.
    pub fn active_mutant(&self) -> Option<Mutant> {
        self.mutant
    }

    /// The same engine with other clock rules (a variant of the reference's clock).
    pub fn with_clock_rules(mut self, clock_rules: ClockRulesFactory) -> ReferenceEngine {
        self.clock_rules = Some(clock_rules);
        self
    }

    /// The same engine under another name (for a variant of the reference).
    pub fn named(mut self, name: impl Into<String>) -> ReferenceEngine {
        self.name = name.into();
        self
    }
}

impl Default for ReferenceEngine {
    fn default() -> Self {
        ReferenceEngine::new()
    }
}

/// A stop on the way to an answer.
enum Stop {
    Rejected(Stage, String),
    Failed(RulesError),
    /// The request cannot be answered (a `go` with no move to play).
    Errored(String),
}

impl From<RulesError> for Stop {
    fn from(e: RulesError) -> Stop {
        Stop::Failed(e)
    }
}

impl Engine for ReferenceEngine {
    fn info(&self) -> EngineInfo {
        EngineInfo {
            name: self.name.clone(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            rulesets: Game::ALL.iter().map(|g| g.name().to_owned()).collect(),
            queries: QueryKind::ALL.to_vec(),
            features: Feature::ALL.to_vec(),
            arbiter_messages: true,
        }
    }

    fn run(&self, request: &Request) -> Reply {
        self.answer(request)
    }
}

impl ReferenceEngine {
    /// The rules this engine applies under a ruleset: the reference's, altered by its
    /// mutant.
    fn book(&self, ruleset: &crate::Ruleset) -> RuleBook {
        let book = RuleBook::of(ruleset);
        match self.mutant {
            Some(m) => book.mutated(m),
            None => book,
        }
    }

    /// Answers a request with the engine's rule book.
    fn answer(&self, request: &Request) -> Reply {
        let book = self.book(&request.ruleset);
        let rules = match &self.rules_for {
            Some(other) => other(&request.ruleset),
            None => rules_of(&book.play),
        };
        let answer = match &request.query {
            Query::Session { steps } => session(&book, request, steps, None),
            Query::Clock { clock, steps } => {
                let rules = match &self.clock_rules {
                    Some(other) => other(request.ruleset.game),
                    None => book.clock.clone(),
                };
                session(&book, request, steps, Some((clock, rules)))
            }
            Query::Standings { tournament } => {
                let game = request.ruleset.game;
                book.scoring
                    .compute(tournament)
                    .map(|table| Answer::Standings(Box::new(StandingsAnswer::of(&table, game))))
                    .map_err(|e| Stop::Rejected(Stage::Setup, e.to_string()))
            }
            _ => answer(rules.as_ref(), request, &book.play),
        };
        match answer {
            Ok(a) => Reply::Answer(a),
            Err(Stop::Rejected(stage, message)) => Reply::Rejected { stage, message },
            Err(Stop::Failed(RulesError::Unsupported(msg))) => Reply::Skipped(msg),
            Err(Stop::Failed(e)) => {
                Reply::Failed(EngineFailure::new(FailureKind::Errored, e.to_string()))
            }
            Err(Stop::Errored(message)) => {
                Reply::Failed(EngineFailure::new(FailureKind::Errored, message))
            }
        }
    }
}

/// The canonical starting position of a request, or its rejection.
fn start(rules: &dyn Rules, request: &Request) -> Result<String, Stop> {
    rules
        .position_or_start(request.position.as_deref())
        .map_err(|e| Stop::Rejected(Stage::Setup, e.to_string()))
}

/// What the reference answers; `play`: the rules of play the positions it makes obey.
fn answer(rules: &dyn Rules, request: &Request, play: &PlayRules) -> Result<Answer, Stop> {
    let start = start(rules, request)?;
    let reached = if request.moves.is_empty() {
        start.clone()
    } else {
        match rules.play(&start, &request.moves) {
            Ok(fen) => fen,
            Err(e @ RulesError::Move { number, .. }) => {
                return Err(Stop::Rejected(Stage::Move(number), e.to_string()))
            }
            Err(e) => return Err(e.into()),
        }
    };
    let moves = &request.moves;
    Ok(match &request.query {
        Query::Legal => Answer::Moves(
            rules
                .legal_moves(&reached, None)?
                .into_iter()
                .map(|m| m.text)
                .collect(),
        ),
        Query::Perft { depth, count } => {
            Answer::Nodes(rules.perft(&reached, *depth, *count, false)?.nodes)
        }
        Query::Play => Answer::Position(reached),
        Query::Check => Answer::Check(rules.status(&reached)?.in_check),
        Query::Outcome => {
            let o = rules.outcome(&start, moves)?;
            // Every draw rule of the game: its count, or null while its condition does not
            // hold (or the edition does not have the rule).
            let counters = crate::edition::DrawKind::of_game(request.ruleset.game)
                .into_iter()
                .map(|k| (k.name().to_owned(), o.counters.value(k)))
                .collect();
            Answer::Outcome(OutcomeAnswer {
                result: o.result_slug().to_owned(),
                reason: Some(o.reason_slug().to_owned()),
                claims: Some(o.claims.iter().map(|k| k.name().to_owned()).collect()),
                counters: Some(counters),
            })
        }
        Query::Claim { kind, by } => {
            let c = rules.claim(&start, moves, kind, by.as_deref())?;
            Answer::Claim(ClaimAnswer {
                ruling: ClaimRulingAnswer::of(&c),
                result: Some(c.outcome.result_slug().to_owned()),
            })
        }
        Query::DrawOffer { by, earlier } => {
            // The sides are read by the game's names, the offering side first.
            let game = request.ruleset.game;
            let by = Side::parse(by, game).map_err(RulesError::from)?;
            let earlier = earlier
                .iter()
                .map(|o| o.read(game))
                .collect::<Result<Vec<_>, _>>()
                .map_err(RulesError::from)?;
            let r = rules.draw_offer(&start, moves, by, &earlier)?;
            Answer::DrawOffer(DrawOfferAnswer {
                allowed: r.allowed,
                reason: r.reason,
            })
        }
        Query::Repetition => Answer::Repetition(repetition(request, &start, play)?),
        Query::Go(go) => Answer::Move(go_move(&reached, go, play)?),
        Query::Session { .. } | Query::Clock { .. } | Query::Standings { .. } => {
            unreachable!("sessions and standings are answered by their own functions")
        }
    })
}

/// The reference's move as a player ([`super::best_by_material`]): the permitted move
/// leaving the best material balance, ties broken by the request's seed; its score is that
/// balance in centipawns (a soldier, a man: 100).
fn go_move(reached: &str, go: &GoRequest, play: &PlayRules) -> Result<GoAnswer, Stop> {
    let board = crate::procedure::Board::of(play, Some(reached))
        .map_err(|e| RulesError::Position(e.to_string()))?;
    let legal = board.legal_moves();
    let permitted = match &go.permitted {
        Some(p) => p.iter().filter_map(|t| board.read_move(t).ok()).collect(),
        None => legal.clone(),
    };
    match super::best_by_material(&board, board.turn(), &permitted, go.seed) {
        Some(c) => Ok(GoAnswer {
            text: c.text,
            score: Some(c.score.saturating_mul(10)),
        }),
        None if legal.is_empty() => Err(Stop::Errored(
            "no move to play: the side to move has no legal move".to_owned(),
        )),
        None => Err(Stop::Errored(format!(
            "no move to play: none of the permitted moves ({}) is legal",
            go.permitted.as_deref().unwrap_or_default().join(" ")
        ))),
    }
}

/// The repetition verdict of the reference adjudicator.
fn repetition(request: &Request, start: &str, play: &PlayRules) -> Result<RepetitionAnswer, Stop> {
    use crate::xiangqi::repetition::{adjudicate, history};
    use crate::xiangqi::Position;
    let Some(rules) = play.repetition else {
        return Err(RulesError::Unsupported(format!(
            "repetition verdicts are a xiangqi rule, not one of {}",
            request.ruleset
        ))
        .into());
    };
    let mut position =
        Position::from_fen(start).map_err(|e| Stop::Rejected(Stage::Setup, e.to_string()))?;
    if let crate::rules::MoveRules::Xiangqi(moves) = play.moves {
        position = position.with_move_rules(moves);
    }
    let verdict = history(&position, &request.moves)
        .and_then(|moves| adjudicate(&position, &moves, &rules))
        .map_err(|e| RulesError::Position(format!("repetition: {e}")))?;
    Ok(match verdict {
        None => RepetitionAnswer {
            verdict: "none".to_owned(),
            side: None,
            reason: "the history does not end in a judged cycle".to_owned(),
            cycle: None,
        },
        Some(v) => RepetitionAnswer {
            verdict: v.ruling.slug().to_owned(),
            side: v.side.map(|c| c.xiangqi_name().to_owned()),
            reason: v.reason.clone(),
            cycle: Some(
                v.cycle
                    .iter()
                    .map(|c| CycleMoveAnswer {
                        side: c.side.xiangqi_name().to_owned(),
                        nature: c.nature.slug().to_owned(),
                        sub_kind: c.sub_kind.map(|k| k.slug().to_owned()),
                        chased: c.chased.iter().map(|p| p.square.to_string()).collect(),
                    })
                    .collect(),
            ),
        },
    })
}

/// Reads a side name of the game.
fn side(text: &str, game: Game) -> Result<Side, String> {
    Side::parse(text, game).map_err(|e| e.to_string())
}

/// The session event of a step (as a case or a request writes it) under a game: sides and
/// squares are read with the game's names.
///
/// ```
/// use arbiter::engine::step_event;
/// use arbiter::procedure::Event;
/// use arbiter::protocol::Step;
/// use arbiter::Game;
///
/// let event = step_event(&Step::Resign("red".into()), Game::Xiangqi).unwrap();
/// assert!(matches!(event, Event::Resign(_)));
/// assert!(step_event(&Step::Resign("white".into()), Game::Xiangqi).is_err());
/// ```
pub fn step_event(step: &Step, game: Game) -> Result<Event, String> {
    event(step, game)
}

/// The session event of a step under a game.
fn event(step: &Step, game: Game) -> Result<Event, String> {
    let opt_side = |s: &Option<String>| s.as_deref().map(|t| side(t, game)).transpose();
    Ok(match step {
        Step::Move(m) => Event::Move(m.clone()),
        Step::Touch { squares, side: s } => Event::Touch {
            squares: squares.clone(),
            side: opt_side(s)?,
        },
        Step::Accidental(s) => Event::Accidental(s.clone()),
        Step::Adjust(adjustment) => Event::Adjust(adjustment.clone()),
        Step::Illegal {
            text,
            side: s,
            fen,
            removed,
        } => Event::Illegal {
            text: text.clone(),
            side: opt_side(s)?,
            fen: fen.clone(),
            removed: removed.clone(),
        },
        Step::Accept => Event::Accept,
        Step::Correct => Event::Correct,
        Step::RefuseCorrection(s) => Event::RefuseCorrection(side(s, game)?),
        Step::Violation { side: s, kind } => Event::Violation {
            side: side(s, game)?,
            kind: *kind,
        },
        Step::Unrecorded {
            side: s,
            moves,
            time_pressure,
        } => Event::Unrecorded {
            side: side(s, game)?,
            moves: *moves,
            time_pressure: *time_pressure,
        },
        Step::Resign(s) => Event::Resign(side(s, game)?),
        Step::Forfeit { side: s, reason } => Event::Forfeit {
            side: side(s, game)?,
            reason: *reason,
        },
        Step::Offer(s) => Event::Offer(side(s, game)?),
        Step::Answer(accept) => Event::Answer { accept: *accept },
        Step::Claim { kind, by } => Event::Claim {
            kind: *kind,
            by: opt_side(by)?,
        },
        Step::Elapse(span) => Event::Elapse(*span),
        Step::Press(s) => Event::Press(side(s, game)?),
        Step::StopClocks(by) if by == "arbiter" => Event::StopClocks(None),
        Step::StopClocks(by) => Event::StopClocks(Some(
            side(by, game).map_err(|e| format!("{e} (or `arbiter`)"))?,
        )),
        Step::StartClocks(s) => Event::StartClocks(side(s, game)?),
        Step::Arrive(s) => Event::Arrive(side(s, game)?),
        Step::ReplaceClock { readings, faulty } => {
            let mut shown = [None, None];
            for (name, value) in readings {
                let s = side(name, game)?;
                shown[usize::from(s == Side::Second)] = Some(*value);
            }
            let faulty = if faulty == "both" {
                None
            } else {
                Some(side(faulty, game).map_err(|e| format!("{e} (or `both`)"))?)
            };
            Event::ReplaceClock { shown, faulty }
        }
        Step::CorrectError {
            number,
            side: s,
            error: None,
        } => Event::CorrectError {
            number: number.ok_or("`correct_error` needs `move`")?,
            side: opt_side(s)?.unwrap_or(Side::First),
        },
        Step::CorrectError {
            number,
            side: s,
            error: Some(error),
        } => {
            let by = opt_side(s)?.unwrap_or(Side::First);
            Event::Correction {
                error: *error,
                at: number.map(|n| (n, by)),
            }
        }
        Step::SetClock { side: s, used } => Event::SetClock {
            side: side(s, game)?,
            used: *used,
        },
        Step::Adjourn => Event::Adjourn,
        Step::Seal(seal) => Event::Seal(seal.clone()),
        Step::Resume {
            readings,
            absent,
            sheet_missing,
        } => {
            let mut set = [None, None];
            for (name, value) in readings {
                let s = side(name, game)?;
                set[usize::from(s == Side::Second)] = Some(*value);
            }
            Event::Resume {
                set,
                absent: absent
                    .iter()
                    .map(|a| side(a, game))
                    .collect::<Result<_, _>>()?,
                sheet_missing: *sheet_missing,
            }
        }
        Step::SealReply(m) => Event::SealReply(m.clone()),
        Step::EnvelopeLost { stated, restored } => Event::EnvelopeLost {
            stated: stated.clone(),
            restored: *restored,
        },
        Step::LeaveHall(s) => Event::LeaveHall(side(s, game)?),
        Step::AgreeDraw => Event::AgreeDraw,
        Step::ClockObjection(s) => Event::ClockObjection(side(s, game)?),
        Step::Flag { side: whose, by } => Event::FlagReport {
            side: side(whose, game)?,
            by: match by.as_deref() {
                None | Some("arbiter") => None,
                Some(b) => Some(side(b, game).map_err(|e| format!("{e} (or arbiter)"))?),
            },
        },
        Step::Timed { step, time } => Event::Timed {
            event: Box::new(event(step, game)?),
            time: EventTime {
                elapsed: time.took,
                at: time.at,
                pressed: time.pressed,
                arbiter: time.arbiter_time,
                forcing: time.forcing.unwrap_or(false),
            },
        },
    })
}

/// A game session of the reference procedures: the history, then the steps; with a clock
/// for a `clock` query.
fn session(
    book: &RuleBook,
    request: &Request,
    steps: &[Step],
    clock: Option<(&ClockRequest, ClockRules)>,
) -> Result<Answer, Stop> {
    let game = request.ruleset.game;
    let mut session = Session::with_rules(
        book.play.clone(),
        book.procedure.clone(),
        request.position.as_deref(),
    )
    .map_err(|e| Stop::Rejected(Stage::Setup, e.to_string()))?;
    for (i, m) in request.moves.iter().enumerate() {
        session
            .apply(Event::Move(m.clone()))
            .map_err(|e| Stop::Rejected(Stage::Move(i + 1), e.to_string()))?;
    }
    if let Some((c, rules)) = clock {
        let clock = c
            .clock_with_rules(&session, rules)
            .map_err(|e| Stop::Rejected(Stage::Setup, e))?;
        session = session.with_clock(clock);
    }
    for (i, step) in steps.iter().enumerate() {
        event(step, game)
            .and_then(|ev| session.apply(ev).map_err(|e| e.to_string()))
            .map_err(|e| Stop::Rejected(Stage::Step(i + 1), e))?;
    }
    let ruling = session.permitted();
    let permitted = PermittedAnswer {
        moves: ruling.permitted.iter().map(Candidate::text).collect(),
        clause: ruling.clause(game).map(str::to_owned),
        step: Some(ruling.step_id(game)),
    };
    let violations = [Side::First, Side::Second]
        .into_iter()
        .map(|s| (s.name(game).to_owned(), session.violations(s)))
        .collect();
    let claim = session.claim_rulings().last().map(|c| SessionClaim {
        kind: c.kind.name().to_owned(),
        by: c.by.name(game).to_owned(),
        ruling: ClaimRulingAnswer::of(c),
    });
    let outcome = match session.outcome() {
        Some(out) => ResultAnswer {
            result: out.result.slug(game).to_owned(),
            reason: out.reason.slug().to_owned(),
        },
        None => ResultAnswer {
            result: "ongoing".to_owned(),
            reason: String::new(),
        },
    };
    let state = SessionAnswer {
        fen: session.fen(),
        permitted,
        violations,
        breaches: session
            .breaches()
            .iter()
            .map(|b| b.kind.slug().to_owned())
            .collect(),
        offer: session.pending_offer().map(|s| s.name(game).to_owned()),
        claim,
        claims: session
            .ending()
            .claims
            .iter()
            .map(|k| k.name().to_owned())
            .collect(),
        outcome,
        correction: session.corrections().last().map(|c| SessionCorrection {
            error: c.error.slug().to_owned(),
            clause: Some(c.clause.to_owned()),
            applied: c.applied,
            exchanged: session.colours_exchanged(),
        }),
    };
    Ok(match session.clock() {
        Some(c) => Answer::Clock(Box::new(ClockAnswer {
            session: state,
            clock: ClockReport::of(c, game),
            adjournment: session
                .adjournment()
                .map(|a| AdjournmentReport::of(a, game)),
        })),
        None => Answer::Session(Box::new(state)),
    })
}
