//! The game-neutral vocabulary of how a game ends — [`Outcome`]: its [`Score`] (a side
//! wins, a draw, both lost), its typed [`Reason`] and the [`ClauseId`] behind it — and what a
//! game's endings judge after a history ([`Ending`]: the outcome, the draw claims valid now,
//! the [`Counters`] the draw rules depend on); rulings on draw offers.
//!
//! The text boundary ([`crate::rules`]) adds what is game-specific to an [`Ending`] (the
//! xiangqi repetition verdict) as [`crate::GameState`]; `arbiter status` prints it
//! (docs/cli.md), case expectations check it (docs/cases.md). Slugs are made by
//! [`Score::slug`] and [`Reason::slug`], and read back by [`Score::parse`] and `Reason`'s
//! `FromStr`, only at the edges (JSON, protocol answers, records).
//!
//! Counters are in plies (half-moves), except the repetition counters (`threefold`,
//! `repetition`), which count the occurrences of the current position. A rule whose count is
//! "15 moves" (one move by each side each) has a limit of 30 plies.
//!
//! ```
//! use arbiter::edition::DrawKind;
//! use arbiter::{rules_for, Ruleset};
//!
//! let rules = rules_for(&"russian".parse::<Ruleset>().unwrap());
//! let moves: Vec<String> = ["c1-d2", "h8-g7"].iter().map(|s| s.to_string()).collect();
//! let outcome = rules.outcome("W:WKc1:BKh8", &moves).unwrap();
//! assert_eq!(outcome.outcome, None); // the game goes on
//! assert_eq!(outcome.counters.value(DrawKind::KingsOnly), Some(2));
//! ```

use crate::edition::{DrawKind, DrawOfferRule, DrawRule, Mode, Reoffer};
use crate::{Game, Side};
use serde::{Serialize, Serializer};
use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

/// How an ending the position decides is scored for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndScore {
    /// It loses (the rules, for every such ending).
    Loss,
    /// It draws.
    Draw,
    /// The game goes on.
    Ongoing,
}

impl EndScore {
    /// The score of the game when the side to move scores `self` and `winner` is its
    /// opponent (`None`: the game goes on).
    pub fn result(self, winner: Side) -> Option<Score> {
        match self {
            EndScore::Loss => Some(Score::Win(winner)),
            EndScore::Draw => Some(Score::Draw),
            EndScore::Ongoing => None,
        }
    }
}

/// How each ending the position decides is scored for the side to move: a loss, by the
/// rules ([`EndingScores::RULES`]); a side with no pieces left always loses.
///
/// ```
/// use arbiter::outcome::{EndScore, EndingScores, Reason};
///
/// assert_eq!(EndingScores::RULES.score(&Reason::Stalemate), EndScore::Loss);
/// let drawn = EndingScores { stalemate: EndScore::Draw, ..EndingScores::RULES };
/// assert_eq!(drawn.score(&Reason::Stalemate), EndScore::Draw);
/// assert_eq!(drawn.score(&Reason::Checkmate), EndScore::Loss);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EndingScores {
    /// A xiangqi side checkmated (`xq.result.checkmate-loses`).
    pub checkmate: EndScore,
    /// A xiangqi side with no legal move, not in check (`xq.result.stalemate-loses`).
    pub stalemate: EndScore,
    /// A draughts side that cannot move (`d64.end.no-legal-move`).
    pub no_legal_move: EndScore,
}

impl EndingScores {
    /// The rules': every such ending loses.
    pub const RULES: EndingScores = EndingScores {
        checkmate: EndScore::Loss,
        stalemate: EndScore::Loss,
        no_legal_move: EndScore::Loss,
    };

    /// How an ending of the position for `reason` is scored for the side to move (a
    /// reason the position does not decide alone, as a side with no pieces, loses).
    pub fn score(&self, reason: &Reason) -> EndScore {
        match reason {
            Reason::Checkmate => self.checkmate,
            Reason::Stalemate => self.stalemate,
            Reason::NoLegalMove => self.no_legal_move,
            _ => EndScore::Loss,
        }
    }

    /// The end the position decides, `end` (the side to move loses, as the rules score
    /// it: [`EndingScores::RULES`]), as these scores score it: the same reason and clause
    /// with the score for the side to move; `None` when the game goes on.
    ///
    /// ```
    /// use arbiter::outcome::{EndScore, EndingScores, Outcome, Reason, Score};
    /// use arbiter::Side;
    ///
    /// let end = Outcome::win(Side::First, Reason::Stalemate, None);
    /// assert_eq!(EndingScores::RULES.rescore(end.clone()), Some(end.clone()));
    /// let drawn = EndingScores { stalemate: EndScore::Draw, ..EndingScores::RULES };
    /// assert_eq!(drawn.rescore(end.clone()).map(|o| o.result), Some(Score::Draw));
    /// let on = EndingScores { stalemate: EndScore::Ongoing, ..EndingScores::RULES };
    /// assert_eq!(on.rescore(end), None);
    /// ```
    pub fn rescore(&self, end: Outcome) -> Option<Outcome> {
        let Score::Win(winner) = end.result else {
            return Some(end);
        };
        let result = self.score(&end.reason).result(winner)?;
        Some(Outcome { result, ..end })
    }
}

/// Who takes the points of a finished game.
///
/// ```
/// use arbiter::outcome::Score;
/// use arbiter::{Game, Side};
///
/// assert_eq!(Score::Win(Side::First).slug(Game::Xiangqi), "red");
/// assert_eq!(Score::parse("both-lost", Game::Russian), Ok(Score::BothLost));
/// assert!(Score::parse("red", Game::Russian).is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Score {
    /// The side wins.
    Win(Side),
    /// Drawn.
    Draw,
    /// Both sides lose (both forfeited for lateness: 0 points each).
    BothLost,
}

/// A result slug that is not one of the game's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown result '{text}' (expected {expected})")]
pub struct ScoreError {
    /// The text given.
    pub text: String,
    /// The slugs of the game (`red, black, draw or both-lost`).
    pub expected: String,
}

impl Score {
    /// The result slug: the winner's side name (`red`, `white`, `black`), `draw` or
    /// `both-lost`.
    pub const fn slug(self, game: Game) -> &'static str {
        match self {
            Score::Win(side) => side.name(game),
            Score::Draw => "draw",
            Score::BothLost => "both-lost",
        }
    }

    /// Reads a result slug of the game (what [`Score::slug`] writes).
    pub fn parse(text: &str, game: Game) -> Result<Score, ScoreError> {
        let all = [
            Score::Win(Side::First),
            Score::Win(Side::Second),
            Score::Draw,
            Score::BothLost,
        ];
        all.into_iter()
            .find(|s| s.slug(game) == text)
            .ok_or_else(|| ScoreError {
                text: text.to_owned(),
                expected: format!(
                    "{}, {}, draw or both-lost",
                    Side::First.name(game),
                    Side::Second.name(game)
                ),
            })
    }

    /// The winner, if a side won.
    pub const fn winner(self) -> Option<Side> {
        match self {
            Score::Win(side) => Some(side),
            Score::Draw | Score::BothLost => None,
        }
    }

    /// The points of the first player's side in 1/½/0 (halves): 2, 1 or 0.
    pub const fn first_halves(self) -> u32 {
        match self {
            Score::Win(Side::First) => 2,
            Score::Win(Side::Second) | Score::BothLost => 0,
            Score::Draw => 1,
        }
    }
}

/// How the simulator (`arbiter play`) adjudicated a game, by no rule of the rulebooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AdjudicationKind {
    /// The game reached the maximum length: drawn (`adjudicated-max-plies`).
    MaxPlies,
    /// Both engines' scores stayed near zero: drawn (`adjudicated-draw`).
    ScoreDraw,
    /// An engine's score stayed lost: it loses (`adjudicated-resign`).
    ScoreResign,
}

/// Why a game ended: a closed set of reasons, with one open variant for the forfeits a
/// session event names.
///
/// ```
/// use arbiter::edition::DrawKind;
/// use arbiter::outcome::Reason;
///
/// assert_eq!(Reason::Draw(DrawKind::SixtyMove).slug(), "sixty-move");
/// assert_eq!("time-forfeit".parse::<Reason>(), Ok(Reason::TimeForfeit));
/// assert_eq!("threefold".parse::<Reason>(), Ok(Reason::Draw(DrawKind::Threefold)));
/// assert!("mate".parse::<Reason>().is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Reason {
    /// Xiangqi: the side to move is in check and has no legal move (将死).
    Checkmate,
    /// Xiangqi: the side to move is not in check but has no legal move (困毙).
    Stalemate,
    /// Draughts: the side to move has pieces but none can move.
    NoLegalMove,
    /// Draughts: the side to move has no pieces left.
    NoPieces,
    /// Xiangqi: a side did not change a forbidden repetition after the verdict.
    ForbiddenRepetition,
    /// A draw rule of the edition: an automatic draw or an upheld claim.
    Draw(DrawKind),
    /// Xiangqi: the third counted violation loses.
    ThirdViolation,
    /// Draughts: a violation after the second warning loses.
    SecondWarning,
    /// Draughts: the offender refused the correction of an irregular move.
    RefusedCorrection,
    /// A side resigned.
    Resignation,
    /// The players agreed a draw.
    Agreement,
    /// The flag fell.
    TimeForfeit,
    /// A player arrived too late.
    LateForfeit,
    /// Both players arrived too late.
    BothLate,
    /// A player stopped the clock where the rules make that a loss.
    StoppedClock,
    /// Adjournment: the sealed move's sheet is missing.
    SealedSheetMissing,
    /// Adjournment: the sealed move is ambiguous or illegal.
    SealedMoveError,
    /// The simulator adjudicated the game (no rule of the rulebooks).
    Adjudicated(AdjudicationKind),
    /// A forfeit named by the event that decided it (a simulator's `engine-failure`, a
    /// case's `forfeit` step); the slug is the forfeit reason's.
    Forfeit(ForfeitReason),
}

/// Why a forfeit event ends a game: a loss decided outside the session's own rules (the
/// repetition verdict's hook, or the simulator's ruling on a failing player). The slug is
/// its text form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ForfeitReason {
    /// Xiangqi: a forbidden repetition not changed after the verdict (`forbidden-repetition`).
    ForbiddenRepetition,
    /// The simulator: a player resigned instead of moving (`resignation`).
    Resignation,
    /// The simulator: a player failed to answer (`engine-failure`).
    EngineFailure,
    /// The simulator: a player's move cannot be put on the board (`unreadable-move`).
    UnreadableMove,
    /// The simulator: a player has no permitted move to make (`no-permitted-move`).
    NoPermittedMove,
}

impl ForfeitReason {
    /// Every reason.
    pub const ALL: [ForfeitReason; 5] = [
        ForfeitReason::ForbiddenRepetition,
        ForfeitReason::Resignation,
        ForfeitReason::EngineFailure,
        ForfeitReason::UnreadableMove,
        ForfeitReason::NoPermittedMove,
    ];

    /// The slug (`forbidden-repetition`, `engine-failure`, …).
    pub fn name(self) -> &'static str {
        match self {
            ForfeitReason::ForbiddenRepetition => "forbidden-repetition",
            ForfeitReason::Resignation => "resignation",
            ForfeitReason::EngineFailure => "engine-failure",
            ForfeitReason::UnreadableMove => "unreadable-move",
            ForfeitReason::NoPermittedMove => "no-permitted-move",
        }
    }
}

named!(from_name ForfeitReason);

/// Every reason of the closed set, for the parser.
const CLOSED_REASONS: [Reason; 16] = [
    Reason::Checkmate,
    Reason::Stalemate,
    Reason::NoLegalMove,
    Reason::NoPieces,
    Reason::ForbiddenRepetition,
    Reason::ThirdViolation,
    Reason::SecondWarning,
    Reason::RefusedCorrection,
    Reason::Resignation,
    Reason::Agreement,
    Reason::TimeForfeit,
    Reason::LateForfeit,
    Reason::BothLate,
    Reason::StoppedClock,
    Reason::SealedSheetMissing,
    Reason::SealedMoveError,
];

impl Reason {
    /// The stable slug (`checkmate`, `no-legal-move`, `threefold`, `time-forfeit`,
    /// `adjudicated-max-plies`, …; a forfeit's own).
    pub fn slug(&self) -> &str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::NoLegalMove => "no-legal-move",
            Reason::NoPieces => "no-pieces",
            Reason::ForbiddenRepetition => "forbidden-repetition",
            Reason::Draw(kind) => kind.name(),
            Reason::ThirdViolation => "third-violation",
            Reason::SecondWarning => "second-warning",
            Reason::RefusedCorrection => "refused-correction",
            Reason::Resignation => "resignation",
            Reason::Agreement => "agreement",
            Reason::TimeForfeit => "time-forfeit",
            Reason::LateForfeit => "late-forfeit",
            Reason::BothLate => "both-late",
            Reason::StoppedClock => "stopped-clock",
            Reason::SealedSheetMissing => "sealed-sheet-missing",
            Reason::SealedMoveError => "sealed-move-error",
            Reason::Adjudicated(AdjudicationKind::MaxPlies) => "adjudicated-max-plies",
            Reason::Adjudicated(AdjudicationKind::ScoreDraw) => "adjudicated-draw",
            Reason::Adjudicated(AdjudicationKind::ScoreResign) => "adjudicated-resign",
            Reason::Forfeit(reason) => reason.name(),
        }
    }

    /// Whether the simulator decided it, not a rule.
    pub fn is_adjudication(&self) -> bool {
        matches!(self, Reason::Adjudicated(_))
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.slug())
    }
}

impl Serialize for Reason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}

/// A reason slug that is none of the closed set (a forfeit's reason is read as
/// [`Reason::Forfeit`] by the event that carries it, not by this parser).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown reason '{0}'")]
pub struct ReasonError(pub String);

impl FromStr for Reason {
    type Err = ReasonError;

    fn from_str(text: &str) -> Result<Reason, ReasonError> {
        let adjudications = [
            AdjudicationKind::MaxPlies,
            AdjudicationKind::ScoreDraw,
            AdjudicationKind::ScoreResign,
        ];
        CLOSED_REASONS
            .into_iter()
            .chain(DrawKind::ALL.map(Reason::Draw))
            .chain(adjudications.map(Reason::Adjudicated))
            .find(|r| r.slug() == text)
            .ok_or_else(|| ReasonError(text.to_owned()))
    }
}

/// The id of a catalog clause (`xq.result.checkmate-loses`): static for the clauses the
/// code cites, owned for those an edition file gives.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClauseId(Cow<'static, str>);

impl ClauseId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&'static str> for ClauseId {
    fn from(id: &'static str) -> ClauseId {
        ClauseId(Cow::Borrowed(id))
    }
}

impl From<String> for ClauseId {
    fn from(id: String) -> ClauseId {
        ClauseId(Cow::Owned(id))
    }
}

impl fmt::Display for ClauseId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for ClauseId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

/// How a game ended: who scores, why, and the clause that decides it.
///
/// ```
/// use arbiter::outcome::{Outcome, Reason, Score};
/// use arbiter::{Game, Side};
///
/// let o = Outcome::new(Score::Win(Side::Second), Reason::Checkmate, Some("xq.result.checkmate-loses".into()));
/// assert_eq!(o.winner(), Some(Side::Second));
/// assert_eq!(o.describe(Game::Xiangqi), "black won (checkmate)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who takes the points.
    pub result: Score,
    /// Why.
    pub reason: Reason,
    /// The catalog clause behind the reason, when a rule decided it.
    pub clause: Option<ClauseId>,
}

impl Outcome {
    /// An outcome.
    pub fn new(result: Score, reason: Reason, clause: Option<ClauseId>) -> Outcome {
        Outcome {
            result,
            reason,
            clause,
        }
    }

    /// `side` wins.
    pub fn win(side: Side, reason: Reason, clause: Option<ClauseId>) -> Outcome {
        Outcome::new(Score::Win(side), reason, clause)
    }

    /// A draw.
    pub fn draw(reason: Reason, clause: Option<ClauseId>) -> Outcome {
        Outcome::new(Score::Draw, reason, clause)
    }

    /// The winner; `None`: a draw, or both lost.
    pub fn winner(&self) -> Option<Side> {
        self.result.winner()
    }

    /// Whether both sides lost.
    pub fn both_lost(&self) -> bool {
        self.result == Score::BothLost
    }

    /// The clause as text.
    pub fn clause_str(&self) -> Option<&str> {
        self.clause.as_ref().map(ClauseId::as_str)
    }

    /// In words: `red won (checkmate)`, `both lost (both-late)`, `drawn (agreement)`.
    pub fn describe(&self, game: Game) -> String {
        match self.result {
            Score::Win(w) => format!("{} won ({})", w.name(game), self.reason),
            Score::BothLost => format!("both lost ({})", self.reason),
            Score::Draw => format!("drawn ({})", self.reason),
        }
    }
}

/// A draw rule's counter and its limit, in the counter's unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Count {
    /// Plies, or occurrences for the repetition rules.
    pub value: u32,
    /// The limit shown with it.
    pub limit: u32,
}

/// The counters of the draw rules whose condition holds now, one slot per [`DrawKind`]:
/// no heap, copied as a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Counters {
    slots: [Option<Count>; DrawKind::ALL.len()],
}

impl Counters {
    /// The counter of a kind, with its limit.
    pub fn get(&self, kind: DrawKind) -> Option<Count> {
        self.slots[kind.index()]
    }

    /// The counter's value of a kind.
    pub fn value(&self, kind: DrawKind) -> Option<u32> {
        self.get(kind).map(|c| c.value)
    }

    /// Sets the counter of a kind.
    pub fn set(&mut self, kind: DrawKind, count: Count) {
        self.slots[kind.index()] = Some(count);
    }

    /// Whether no counter is shown.
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(Option::is_none)
    }

    /// The counters shown, in the order of their slugs (as JSON maps list them).
    pub fn iter(&self) -> impl Iterator<Item = (DrawKind, Count)> + '_ {
        let mut kinds = DrawKind::ALL;
        kinds.sort_unstable_by_key(|k| k.name());
        kinds
            .into_iter()
            .filter_map(|k| self.get(k).map(|c| (k, c)))
    }

    /// The values as a JSON-shaped map `{slug: value}` (`limits`: the limits instead).
    pub fn map(&self, limits: bool) -> CounterMap<'_> {
        CounterMap {
            counters: self,
            limits,
        }
    }
}

/// The value of a kind's counter; panics when the counter is not shown (as a map does for
/// a missing key).
impl std::ops::Index<DrawKind> for Counters {
    type Output = u32;

    fn index(&self, kind: DrawKind) -> &u32 {
        match &self.slots[kind.index()] {
            Some(c) => &c.value,
            None => panic!("no {kind} counter"),
        }
    }
}

/// [`Counters`] serialised as a map from slug to value or limit.
#[derive(Debug, Clone, Copy)]
pub struct CounterMap<'a> {
    counters: &'a Counters,
    limits: bool,
}

impl Serialize for CounterMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(
            self.counters
                .iter()
                .map(|(k, c)| (k.name(), if self.limits { c.limit } else { c.value })),
        )
    }
}

/// What a game's endings judge after a history: the outcome if the game is over, the
/// claims valid now and the counters.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ending {
    /// How the game ended; `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// The claim kinds a player may make now with success, in the edition's order.
    pub claims: Vec<DrawKind>,
    /// The counters of the edition's draw rules whose condition holds now.
    pub counters: Counters,
    /// Whether the side to move is in check (always false in draughts).
    pub in_check: bool,
}

impl Ending {
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}

/// Time added to a player's clock (a false 60-move claim in xiangqi costs 5 minutes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockPenalty {
    /// The penalised side.
    pub side: Side,
    /// Seconds added to the time the side has used.
    pub seconds: u32,
}

/// How a draw offer was answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferAnswer {
    /// Not answered (yet); an offer the opponent answered by moving is refused.
    Pending,
    /// Refused (by saying so or by moving).
    Refused,
    /// Accepted: the game is drawn.
    Accepted,
}

/// An earlier draw offer of the game (its wire form, with the side by name, is
/// `protocol::offer::OfferText`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OfferRecord {
    /// The offering side.
    pub by: Side,
    /// How many moves of the history had been played when it was made (it was made right
    /// after move number `after_move`; 0 = before any move of the history).
    pub after_move: usize,
    /// The answer; an offer still `pending` when the opponent has moved since counts as
    /// refused.
    pub answer: OfferAnswer,
}

/// Whether a player may offer a draw now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferRuling {
    /// The side that would offer.
    pub by: Side,
    /// Whether the offer is allowed.
    pub allowed: bool,
    /// Why not (or `allowed`), the sides named as the game names them.
    pub reason: String,
    /// The clause that decides it.
    pub clause: ClauseId,
}

/// The state of one draw rule of the edition after a history (computed by a game module).
#[derive(Debug, Clone)]
pub(crate) struct RuleState<'a> {
    /// The rule.
    pub rule: &'a DrawRule,
    /// Its counter, when its condition (material, position) holds now.
    pub value: Option<u32>,
    /// The limit shown with the counter, in the counter's unit.
    pub limit: u32,
    /// Whether the rule is fulfilled now (counter at its limit and not suspended, or the
    /// repetition verdict is a draw).
    pub met: bool,
    /// Why it is not fulfilled (suspended, no repetition verdict, a side must change), for
    /// claim rulings.
    pub blocked: Option<String>,
    /// Why it is fulfilled, when the counter does not say it (the repetition verdict).
    pub fulfilled: Option<String>,
    /// The clause that decides a claim now, when it is not the rule's own.
    pub clause: Option<String>,
}

impl RuleState<'_> {
    /// The usual case: fulfilled when the counter reaches the limit.
    pub fn counted(rule: &DrawRule, value: Option<u32>) -> RuleState<'_> {
        RuleState {
            rule,
            value,
            limit: rule.limit(),
            met: value.is_some_and(|v| v >= rule.limit()),
            blocked: None,
            fulfilled: None,
            clause: None,
        }
    }
}

/// Assembles the ending: a decided game first, then automatic draws, then claims.
pub(crate) fn assemble(decided: Option<Outcome>, states: &[RuleState], in_check: bool) -> Ending {
    let mut out = Ending {
        in_check,
        ..Ending::default()
    };
    for s in states {
        if let Some(value) = s.value {
            out.counters.set(
                s.rule.rule,
                Count {
                    value,
                    limit: s.limit,
                },
            );
        }
    }
    if decided.is_some() {
        out.outcome = decided;
        return out;
    }
    if let Some(s) = states
        .iter()
        .find(|s| s.met && s.rule.mode == Mode::Automatic)
    {
        out.outcome = Some(Outcome::draw(
            Reason::Draw(s.rule.rule),
            Some(s.rule.clause.clone().into()),
        ));
        return out;
    }
    for s in states
        .iter()
        .filter(|s| s.met && s.rule.mode == Mode::Claim)
    {
        if !out.claims.contains(&s.rule.rule) {
            out.claims.push(s.rule.rule);
        }
    }
    out
}

/// The clauses a draw-offer ruling may cite, per game.
pub(crate) struct OfferClauses {
    /// Offer only right after one's own move.
    pub timing: &'static str,
    /// An offer stands until answered.
    pub pending: &'static str,
    /// Agreed draw ends the game.
    pub agreed: &'static str,
}

/// Whether `by` may offer a draw now, `moves_played` moves into the history with `to_move`
/// to move, given the `earlier` offers; the reasons name the sides as `game` does.
pub(crate) fn rule_on_offer(
    rule: &DrawOfferRule,
    clauses: &OfferClauses,
    game: Game,
    by: Side,
    to_move: Side,
    moves_played: usize,
    earlier: &[OfferRecord],
) -> OfferRuling {
    let last_mover = (moves_played > 0).then(|| to_move.other());
    // Moves made by `by` in the history: the side to move at the start moved first.
    let start_turn = if moves_played % 2 == 0 {
        to_move
    } else {
        to_move.other()
    };
    let own_moves = if start_turn == by {
        moves_played.div_ceil(2)
    } else {
        moves_played / 2
    };
    let name = |side: Side| side.name(game);
    let refuse = |reason: String, clause: &str| OfferRuling {
        by,
        allowed: false,
        reason,
        clause: ClauseId::from(clause.to_owned()),
    };
    // An offer still pending when the opponent has moved since was refused by that move.
    let answer = |o: &OfferRecord| match o.answer {
        OfferAnswer::Pending if moves_played > o.after_move => OfferAnswer::Refused,
        a => a,
    };
    if let Some(o) = earlier.iter().find(|o| o.answer == OfferAnswer::Accepted) {
        return refuse(
            format!(
                "the game is already drawn: {}'s offer after move {} was accepted",
                name(o.by),
                o.after_move
            ),
            clauses.agreed,
        );
    }
    if let Some(o) = earlier.iter().find(|o| answer(o) == OfferAnswer::Pending) {
        return refuse(
            format!(
                "{}'s offer after move {} has not been answered yet",
                name(o.by),
                o.after_move
            ),
            clauses.pending,
        );
    }
    let by_name = name(by);
    if last_mover != Some(by) {
        return refuse(
            format!("{by_name} may offer a draw only right after making a move"),
            clauses.timing,
        );
    }
    if (own_moves as u64) < u64::from(rule.min_own_moves) {
        return refuse(
            format!(
                "{by_name} has made {own_moves} move(s); a draw may be offered after {}",
                rule.min_own_moves
            ),
            &rule.clause,
        );
    }
    let refused = |side: Side| {
        earlier
            .iter()
            .filter(|o| o.by == side && answer(o) == OfferAnswer::Refused)
            .count()
    };
    match rule.reoffer {
        Reoffer::AfterOpponentOffer => {
            let last_own_refused = earlier
                .iter()
                .rposition(|o| o.by == by && answer(o) == OfferAnswer::Refused);
            if let Some(i) = last_own_refused {
                if !earlier[i + 1..].iter().any(|o| o.by != by) {
                    return refuse(
                        format!(
                            "{by_name}'s offer after move {} was refused and the opponent has not offered since",
                            earlier[i].after_move
                        ),
                        &rule.clause,
                    );
                }
            }
        }
        Reoffer::EqualCounts => {
            let own = refused(by);
            let theirs = refused(by.other());
            if own > theirs {
                return refuse(
                    format!(
                        "{by_name} has had {own} offer(s) refused and the opponent {theirs}: {by_name} must wait for the opponent's offer"
                    ),
                    &rule.clause,
                );
            }
        }
    }
    OfferRuling {
        by,
        allowed: true,
        reason: "allowed".to_owned(),
        clause: ClauseId::from(rule.clause.clone()),
    }
}
