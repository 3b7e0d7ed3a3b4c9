//! The state of a game after a history, as the text boundary gives it: a game's
//! [`Ending`] with what is game-specific (the xiangqi repetition verdict), and the rulings
//! on draw claims. Serialised to the JSON of `arbiter status --format json` (docs/cli.md),
//! the one place its slugs are made.

use crate::edition::DrawKind;
use crate::outcome::{ClockPenalty, Counters, Ending, Outcome, Reason, RuleState};
use crate::xiangqi::repetition::CycleRuling;
use crate::ClauseId;
use crate::{Game, Side};
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// The state of a game after a history: how it ended (if it did), the draw claims valid
/// now, the counters, check, and the xiangqi repetition verdict.
///
/// ```
/// use arbiter::edition::DrawKind;
/// use arbiter::outcome::{Reason, Score};
/// use arbiter::{rules_for, Ruleset, Side};
///
/// let rules = rules_for(&"xiangqi".parse::<Ruleset>().unwrap());
/// let start = "3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1";
/// let moves: Vec<String> = ["g8g9", "d9d8", "g9g8", "d8d9"].iter().cycle().take(16).map(|m| m.to_string()).collect();
/// let o = rules.outcome(start, &moves).unwrap();
/// let end = o.outcome.as_ref().unwrap();
/// assert_eq!((end.result, &end.reason), (Score::Win(Side::Second), &Reason::ForbiddenRepetition));
/// assert_eq!(o.counters.value(DrawKind::Repetition), Some(5));
/// let json = serde_json::to_value(&o).unwrap();
/// assert_eq!((json["result"].as_str(), json["repetition"]["verdict"].as_str()), (Some("black"), Some("loss")));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// The game, which names the sides in the result slug.
    pub game: Game,
    /// How the game ended; `None` while it goes on.
    pub outcome: Option<Outcome>,
    /// The claim kinds a player may make now with success, in the edition's order.
    pub claims: Vec<DrawKind>,
    /// The counters of the edition's draw rules whose condition holds now: plies, or
    /// occurrences for repetition rules, each with its limit.
    pub counters: Counters,
    /// Whether the side to move is in check (always false in draughts).
    pub in_check: bool,
    /// Xiangqi: the repetition verdict (棋例) on the cycle the history ends in
    /// (docs/repetition.md); `None` when the history does not end in a judged cycle, and in
    /// draughts.
    pub repetition: Option<CycleRuling>,
}

impl GameState {
    /// A game's ending, with the repetition verdict of the same history.
    pub fn new(game: Game, ending: Ending, repetition: Option<CycleRuling>) -> GameState {
        GameState {
            game,
            outcome: ending.outcome,
            claims: ending.claims,
            counters: ending.counters,
            in_check: ending.in_check,
            repetition,
        }
    }

    /// A game that goes on, with no counter.
    pub fn ongoing(game: Game) -> GameState {
        GameState::new(game, Ending::default(), None)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The result slug: the winner's side name, `draw`, `both-lost`, or `ongoing`.
    pub fn result_slug(&self) -> &'static str {
        match &self.outcome {
            Some(o) => o.result.slug(self.game),
            None => "ongoing",
        }
    }

    /// The reason slug; empty while the game goes on.
    pub fn reason_slug(&self) -> &str {
        self.outcome.as_ref().map_or("", |o| o.reason.slug())
    }
}

/// The JSON keys of `arbiter status --format json`: `result`, `reason`, `clause` (when
/// there is one), `claims`, `counters`, `limits`, `in_check`, `repetition` (when there is
/// one).
impl Serialize for GameState {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("GameState", 8)?;
        st.serialize_field("result", self.result_slug())?;
        st.serialize_field("reason", self.reason_slug())?;
        match self.outcome.as_ref().and_then(|o| o.clause.as_ref()) {
            Some(c) => st.serialize_field("clause", c)?,
            None => st.skip_field("clause")?,
        }
        let claims: Vec<&str> = self.claims.iter().map(|k| k.name()).collect();
        st.serialize_field("claims", &claims)?;
        st.serialize_field("counters", &self.counters.map(false))?;
        st.serialize_field("limits", &self.counters.map(true))?;
        st.serialize_field("in_check", &self.in_check)?;
        match &self.repetition {
            Some(v) => st.serialize_field("repetition", v)?,
            None => st.skip_field("repetition")?,
        }
        st.end()
    }
}

/// The arbiter's ruling on a draw claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimRuling {
    /// The claim kind.
    pub kind: DrawKind,
    /// The claiming side.
    pub by: Side,
    /// Whether the claim is upheld (the game is then drawn).
    pub upheld: bool,
    /// Why, in words (the counter and its limit, or what is missing).
    pub reason: String,
    /// The clause that decides it, when the edition has the rule.
    pub clause: Option<ClauseId>,
    /// A penalty for a false claim.
    pub penalty: Option<ClockPenalty>,
    /// The state of the game after the ruling: drawn if upheld, else as before.
    pub outcome: GameState,
}

/// The JSON keys of the `claim` of `arbiter status --format json`: `kind`, `by` (the side's
/// name in the ruled game), `upheld`, `reason`, `clause` and `penalty` (when there are
/// ones), `outcome`.
impl Serialize for ClaimRuling {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("ClaimRuling", 7)?;
        st.serialize_field("kind", self.kind.name())?;
        st.serialize_field("by", self.by.name(self.outcome.game))?;
        st.serialize_field("upheld", &self.upheld)?;
        st.serialize_field("reason", &self.reason)?;
        match &self.clause {
            Some(c) => st.serialize_field("clause", c)?,
            None => st.skip_field("clause")?,
        }
        /// A penalty as written: the side by its name in the game.
        #[derive(Serialize)]
        struct Penalty<'a> {
            side: &'a str,
            seconds: u32,
        }
        match &self.penalty {
            Some(p) => st.serialize_field(
                "penalty",
                &Penalty {
                    side: p.side.name(self.outcome.game),
                    seconds: p.seconds,
                },
            )?,
            None => st.skip_field("penalty")?,
        }
        st.serialize_field("outcome", &self.outcome)?;
        st.end()
    }
}

/// The ruling on a claim of `kind` by `by`, given the outcome and rule states.
pub(crate) fn rule_on_claim(
    play: &super::PlayRules,
    outcome: &GameState,
    states: &[RuleState],
    kind: DrawKind,
    by: Side,
) -> ClaimRuling {
    let mut ruling = ClaimRuling {
        kind,
        by,
        upheld: false,
        reason: String::new(),
        clause: None,
        penalty: None,
        outcome: outcome.clone(),
    };
    let of_kind: Vec<&RuleState> = states.iter().filter(|s| s.rule.rule == kind).collect();
    let Some(first) = of_kind.first() else {
        ruling.reason = format!("{} has no {kind} rule", play.ruleset);
        return ruling;
    };
    // The rule that decides: a fulfilled one, else one whose condition holds, else the first.
    let decisive = of_kind
        .iter()
        .find(|s| s.met)
        .or_else(|| of_kind.iter().find(|s| s.value.is_some()))
        .unwrap_or(first);
    ruling.clause = Some(ClauseId::from(
        decisive
            .clause
            .clone()
            .unwrap_or_else(|| decisive.rule.clause.clone()),
    ));
    if outcome.is_over() {
        ruling.reason = format!(
            "the game is already over: {} ({})",
            outcome.result_slug(),
            outcome.reason_slug()
        );
        return ruling;
    }
    // The arbiter verifies the claim, unless the rules say otherwise (a mutant of the
    // reference).
    let unverified = !play.claims_verified;
    if outcome.claims.contains(&kind) || (unverified && decisive.value.is_some()) {
        ruling.upheld = true;
        ruling.reason = decisive
            .fulfilled
            .clone()
            .unwrap_or_else(|| describe_count(decisive, "reached"));
        let mut after = outcome.clone();
        after.outcome = Some(Outcome::draw(Reason::Draw(kind), ruling.clause.clone()));
        after.claims.clear();
        ruling.outcome = after;
        return ruling;
    }
    ruling.reason = match (&decisive.blocked, decisive.value) {
        (Some(why), _) => why.clone(),
        (None, None) => format!("the {kind} condition does not hold in this position"),
        (None, Some(_)) => describe_count(decisive, "not reached"),
    };
    if let Some(seconds) = decisive.rule.false_claim_penalty_seconds {
        ruling.penalty = Some(ClockPenalty { side: by, seconds });
    }
    ruling
}

fn describe_count(s: &RuleState, verdict: &str) -> String {
    let value = s.value.unwrap_or(0);
    let limit = s.limit;
    if s.rule.rule.counts_occurrences() {
        format!("the position has occurred {value} time(s); {limit} needed: {verdict}")
    } else {
        format!(
            "{} count is {value} plies, the limit is {limit} ({} moves by each side): {verdict}",
            s.rule.rule,
            s.rule.moves.unwrap_or(0)
        )
    }
}
