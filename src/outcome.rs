//! The game-neutral outcome of a game given its history: result, reason, the draw claims
//! valid now, and the counters the draw rules depend on; rulings on claims and draw offers.
//!
//! [`Rules::outcome`](crate::Rules::outcome), [`Rules::claim`](crate::Rules::claim) and
//! [`Rules::draw_offer`](crate::Rules::draw_offer) produce these; `arbiter status` prints
//! them (docs/cli.md), case expectations check them (docs/cases.md).
//!
//! Counters are in plies (half-moves), except the repetition counters (`threefold`,
//! `repetition`), which count the occurrences of the current position. A rule whose count is
//! "15 moves" (one move by each side each) has a limit of 30 plies.
//!
//! ```
//! use arbiter::{rules_for, Ruleset};
//!
//! let rules = rules_for(&"russian".parse::<Ruleset>().unwrap());
//! let moves: Vec<String> = ["c1-d2", "h8-g7"].iter().map(|s| s.to_string()).collect();
//! let outcome = rules.outcome("W:WKc1:BKh8", &moves).unwrap();
//! assert_eq!(outcome.result, "ongoing");
//! assert_eq!(outcome.counters["kings-only"], 2);
//! ```

use crate::edition::{DrawKind, DrawOfferRule, DrawRule, Mode, Reoffer};
use serde::Serialize;
use std::collections::BTreeMap;

/// The state of a game after a history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameOutcome {
    /// `white`, `black`, `red`, `draw` or `ongoing`.
    pub result: String,
    /// Why, as a stable slug (`no-pieces`, `no-legal-move`, `checkmate`, `stalemate`, or the
    /// draw rule: `threefold`, `kings-only`, `small-ending`, …); empty while ongoing.
    pub reason: String,
    /// The catalog clause behind the reason, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// The claim kinds a player may make now with success, in the edition's order.
    pub claims: Vec<String>,
    /// The counters of the edition's draw rules whose condition holds now, by rule slug:
    /// plies, or occurrences for repetition rules.
    pub counters: BTreeMap<String, u32>,
    /// The limit of each counter shown, in the same unit.
    pub limits: BTreeMap<String, u32>,
    /// Whether the side to move is in check (always false in draughts).
    pub in_check: bool,
    /// Xiangqi: the repetition verdict (棋例) on the cycle the history ends in, as the JSON
    /// of `arbiter::xiangqi::repetition::Verdict` (docs/repetition.md); `None` when the
    /// history does not end in a judged cycle, and in draughts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repetition: Option<serde_json::Value>,
}

impl GameOutcome {
    /// A game that goes on, with no counter.
    pub fn ongoing() -> GameOutcome {
        GameOutcome {
            result: "ongoing".to_owned(),
            reason: String::new(),
            clause: None,
            claims: Vec::new(),
            counters: BTreeMap::new(),
            limits: BTreeMap::new(),
            in_check: false,
            repetition: None,
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result != "ongoing"
    }
}

/// Time added to a player's clock (a false 60-move claim in xiangqi costs 5 minutes).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockPenalty {
    /// The penalised side (`red`, `black`, `white`).
    pub side: String,
    /// Seconds added to the time the side has used.
    pub seconds: u32,
}

/// The arbiter's ruling on a draw claim.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimRuling {
    /// The claim kind (`sixty-move`, `repetition`, `threefold`, `kings-only`, …).
    pub kind: String,
    /// The claiming side.
    pub by: String,
    /// Whether the claim is upheld (the game is then drawn).
    pub upheld: bool,
    /// Why, in words (the counter and its limit, or what is missing).
    pub reason: String,
    /// The clause that decides it, when the edition has the rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// A penalty for a false claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penalty: Option<ClockPenalty>,
    /// The state of the game after the ruling: drawn if upheld, else as before.
    pub outcome: GameOutcome,
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

/// An earlier draw offer of the game.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct OfferRecord {
    /// The offering side (`white`, `black`, `red`).
    pub by: String,
    /// How many moves of the history had been played when it was made (it was made right
    /// after move number `after_move`; 0 = before any move of the history).
    pub after_move: usize,
    /// The answer; an offer still `pending` when the opponent has moved since counts as
    /// refused.
    #[serde(default = "pending")]
    pub answer: OfferAnswer,
}

fn pending() -> OfferAnswer {
    OfferAnswer::Pending
}

/// Whether a player may offer a draw now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OfferRuling {
    /// The side that would offer.
    pub by: String,
    /// Whether the offer is allowed.
    pub allowed: bool,
    /// Why not (or `allowed`).
    pub reason: String,
    /// The clause that decides it.
    pub clause: String,
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

/// A decided game: winner slug, reason slug, clause.
pub(crate) struct Decided {
    pub winner: &'static str,
    pub reason: &'static str,
    pub clause: &'static str,
}

/// Assembles the outcome: a decided game first, then automatic draws, then claims.
pub(crate) fn assemble(
    decided: Option<Decided>,
    states: &[RuleState],
    in_check: bool,
) -> GameOutcome {
    let mut out = GameOutcome::ongoing();
    out.in_check = in_check;
    for s in states {
        if let Some(v) = s.value {
            let name = s.rule.rule.name().to_owned();
            out.counters.insert(name.clone(), v);
            out.limits.insert(name, s.limit);
        }
    }
    if let Some(d) = decided {
        out.result = d.winner.to_owned();
        out.reason = d.reason.to_owned();
        out.clause = Some(d.clause.to_owned());
        return out;
    }
    if let Some(s) = states
        .iter()
        .find(|s| s.met && s.rule.mode == Mode::Automatic)
    {
        out.result = "draw".to_owned();
        out.reason = s.rule.rule.name().to_owned();
        out.clause = Some(s.rule.clause.clone());
        return out;
    }
    for s in states
        .iter()
        .filter(|s| s.met && s.rule.mode == Mode::Claim)
    {
        let name = s.rule.rule.name().to_owned();
        if !out.claims.contains(&name) {
            out.claims.push(name);
        }
    }
    out
}

/// The ruling on a claim of `kind` by `by`, given the outcome and rule states.
pub(crate) fn rule_on_claim(
    ruleset: &crate::Ruleset,
    outcome: &GameOutcome,
    states: &[RuleState],
    kind: DrawKind,
    by: &str,
) -> ClaimRuling {
    let mut ruling = ClaimRuling {
        kind: kind.name().to_owned(),
        by: by.to_owned(),
        upheld: false,
        reason: String::new(),
        clause: None,
        penalty: None,
        outcome: outcome.clone(),
    };
    let of_kind: Vec<&RuleState> = states.iter().filter(|s| s.rule.rule == kind).collect();
    let Some(first) = of_kind.first() else {
        ruling.reason = format!("{ruleset} has no {kind} rule");
        return ruling;
    };
    // The rule that decides: a fulfilled one, else one whose condition holds, else the first.
    let decisive = of_kind
        .iter()
        .find(|s| s.met)
        .or_else(|| of_kind.iter().find(|s| s.value.is_some()))
        .unwrap_or(first);
    ruling.clause = Some(
        decisive
            .clause
            .clone()
            .unwrap_or_else(|| decisive.rule.clause.clone()),
    );
    if outcome.is_over() {
        ruling.reason = format!(
            "the game is already over: {} ({})",
            outcome.result, outcome.reason
        );
        return ruling;
    }
    // The arbiter verifies the claim (a mutant of the reference may not: `crate::mutant`).
    let unverified = !crate::mutant::draws::claims_verified(ruleset.game);
    if outcome.claims.iter().any(|c| c == kind.name()) || (unverified && decisive.value.is_some()) {
        ruling.upheld = true;
        ruling.reason = decisive
            .fulfilled
            .clone()
            .unwrap_or_else(|| describe_count(decisive, "reached"));
        let mut after = outcome.clone();
        after.result = "draw".to_owned();
        after.reason = kind.name().to_owned();
        after.clause = ruling.clause.clone();
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
        ruling.penalty = Some(ClockPenalty {
            side: by.to_owned(),
            seconds,
        });
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

/// The clauses a draw-offer ruling may cite, per game.
pub(crate) struct OfferClauses {
    /// Offer only right after one's own move.
    pub timing: &'static str,
    /// An offer stands until answered.
    pub pending: &'static str,
    /// Agreed draw ends the game.
    pub agreed: &'static str,
}

/// Whether `by` may offer a draw now.
///
/// `last_mover` is the side that made the last move of the history (`None` for an empty
/// history), `own_moves` how many history moves `by` made, `moves_played` the history length.
pub(crate) fn rule_on_offer(
    rule: &DrawOfferRule,
    clauses: &OfferClauses,
    by: &str,
    last_mover: Option<&str>,
    own_moves: usize,
    moves_played: usize,
    earlier: &[OfferRecord],
) -> OfferRuling {
    let refuse = |reason: String, clause: &str| OfferRuling {
        by: by.to_owned(),
        allowed: false,
        reason,
        clause: clause.to_owned(),
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
                o.by, o.after_move
            ),
            clauses.agreed,
        );
    }
    if let Some(o) = earlier.iter().find(|o| answer(o) == OfferAnswer::Pending) {
        return refuse(
            format!(
                "{}'s offer after move {} has not been answered yet",
                o.by, o.after_move
            ),
            clauses.pending,
        );
    }
    if last_mover != Some(by) {
        return refuse(
            format!("{by} may offer a draw only right after making a move"),
            clauses.timing,
        );
    }
    if (own_moves as u64) < u64::from(rule.min_own_moves) {
        return refuse(
            format!(
                "{by} has made {own_moves} move(s); a draw may be offered after {}",
                rule.min_own_moves
            ),
            &rule.clause,
        );
    }
    let refused = |side: &str| {
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
                            "{by}'s offer after move {} was refused and the opponent has not offered since",
                            earlier[i].after_move
                        ),
                        &rule.clause,
                    );
                }
            }
        }
        Reoffer::EqualCounts => {
            let own = refused(by);
            let theirs = earlier
                .iter()
                .filter(|o| o.by != by && answer(o) == OfferAnswer::Refused)
                .count();
            if own > theirs {
                return refuse(
                    format!(
                        "{by} has had {own} offer(s) refused and the opponent {theirs}: {by} must wait for the opponent's offer"
                    ),
                    &rule.clause,
                );
            }
        }
    }
    OfferRuling {
        by: by.to_owned(),
        allowed: true,
        reason: "allowed".to_owned(),
        clause: rule.clause.clone(),
    }
}
