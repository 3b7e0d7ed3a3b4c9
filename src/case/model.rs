//! The types of a case file.

use super::adjourn::AdjournmentExpect;
use super::clock::{CaseClock, ClockExpect};
use super::standings::{ColourExpect, RowExpect};
use super::steps::{OfferExpect, PermittedExpect, ViolationsExpect};
use crate::edition::DrawKind;
use crate::protocol::offer::OfferText;
use crate::protocol::{Stage, Step};
use crate::{PerftCount, Ruleset};
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
use std::collections::BTreeMap;
use std::fmt;

/// One scenario: a ruleset, a starting position, optional history and expectations.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Unique slug id (`russian.capture.promotes-mid-capture`).
    pub id: String,
    /// The clause ids it exercises.
    pub clauses: Vec<String>,
    /// The rulesets it runs under, each once (a string or a list in the file).
    #[serde(rename = "ruleset", deserialize_with = "one_or_many_rulesets")]
    pub rulesets: Vec<Ruleset>,
    /// The starting position as FEN; the start position when absent.
    #[serde(default)]
    pub position: Option<String>,
    /// Moves played from the position before the expectations are checked: a list of
    /// texts, or numbered rounds in one string ([`read_rounds`](crate::case::read_rounds)).
    /// After loading, a shared history's moves come first.
    #[serde(default, deserialize_with = "super::rounds::list_or_rounds")]
    pub moves: Vec<String>,
    /// The name of a history shared with other cases (`histories.yaml` beside the case
    /// file): the case starts from its position and plays its moves before `moves`.
    #[serde(default)]
    pub history: Option<String>,
    /// Why the case exists.
    #[serde(default)]
    pub note: Option<String>,
    /// Events at the board after the history: touches, moves, illegal moves and their
    /// correction or acceptance, violations, resignation, and with a clock, timed moves and
    /// clock events (see [`Step`]).
    #[serde(default)]
    pub steps: Option<Vec<Step>>,
    /// The game clock: the time control and how it is set up after the history. A case
    /// with a clock is asked as one `clock` query.
    #[serde(default)]
    pub clock: Option<CaseClock>,
    /// A tournament to score (docs/standings.md): the case is asked as one `standings`
    /// query and may expect `standings`, `colours` or `rejected: {stage: setup}`.
    #[serde(default)]
    pub tournament: Option<crate::standings::Tournament>,
    /// What must hold.
    pub expect: Expect,
}

/// The expectations of a case. Every one given is checked.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The exact set of legal moves, compared by move identity.
    #[serde(default)]
    pub legal: Option<Vec<String>>,
    /// Moves that must each be legal.
    #[serde(default)]
    pub legal_includes: Option<Vec<String>>,
    /// Move texts that must each name no legal move.
    #[serde(default)]
    pub illegal: Option<Vec<String>>,
    /// The number of legal moves (identities).
    #[serde(default)]
    pub legal_count: Option<usize>,
    /// Perft node counts.
    #[serde(default)]
    pub perft: Option<Vec<PerftExpect>>,
    /// The canonical FEN of the position reached.
    #[serde(default)]
    pub fen: Option<String>,
    /// Whether and how the game is over in the position reached.
    #[serde(default)]
    pub outcome: Option<OutcomeExpect>,
    /// Whether the side to move is in check.
    #[serde(default)]
    pub check: Option<bool>,
    /// The position, a history move or a step must be refused.
    #[serde(default)]
    pub rejected: Option<Rejected>,
    /// The exact set of draw claims valid now (claim kinds).
    #[serde(default)]
    pub claims: Option<Vec<DrawKind>>,
    /// The ruling on a draw claim made now; with `steps`, the ruling on the last `claim`
    /// step.
    #[serde(default)]
    pub claim: Option<ClaimExpect>,
    /// With `steps`: the last correction of a named error (`correct_error` with `error`,
    /// xiangqi 第四章 第一节 三).
    #[serde(default)]
    pub correction: Option<CorrectionExpect>,
    /// Counters of the draw rules, by rule slug (plies, or occurrences for repetition
    /// rules); `null` expects the counter to be absent (its condition does not hold).
    #[serde(default)]
    pub counters: Option<BTreeMap<String, Option<u32>>>,
    /// Whether a side may offer a draw now.
    #[serde(default)]
    pub draw_offer: Option<DrawOfferExpect>,
    /// The repetition verdict on the cycle the history ends in (xiangqi).
    #[serde(default)]
    pub repetition: Option<RepetitionExpect>,
    /// The moves permitted after the steps (touches), and the deciding clause.
    #[serde(default)]
    pub permitted: Option<PermittedExpect>,
    /// Counted violations per side after the steps.
    #[serde(default)]
    pub violations: Option<ViolationsExpect>,
    /// The draw offer pending after the steps.
    #[serde(default)]
    pub offer: Option<OfferExpect>,
    /// The clock after the steps (needs the case's `clock:` key).
    #[serde(default)]
    pub clock: Option<ClockExpect>,
    /// The adjournment after the steps (needs the case's `clock:` key).
    #[serde(default)]
    pub adjournment: Option<AdjournmentExpect>,
    /// The table of the case's tournament: every row, by name (needs `tournament:`).
    #[serde(default)]
    pub standings: Option<Vec<RowExpect>>,
    /// The colours of the tournament's pairings: the exact set of games (needs
    /// `tournament:`).
    #[serde(default)]
    pub colours: Option<Vec<ColourExpect>>,
}

impl Expect {
    /// Whether no expectation at all is given.
    pub fn is_empty(&self) -> bool {
        *self == Expect::default()
    }

    /// Whether any expectation other than `rejected` is given.
    pub fn has_position_expectations(&self) -> bool {
        Expect {
            rejected: None,
            ..self.clone()
        } != Expect::default()
    }
}

impl Case {
    /// The expectations this case gives without the machinery to check them: `clock`
    /// without the case's `clock:` key (no time control to run a clock under).
    pub fn reserved_keys(&self) -> Vec<&'static str> {
        let e = &self.expect;
        [
            ("clock", e.clock.is_some() && self.clock.is_none()),
            (
                "adjournment",
                e.adjournment.is_some() && self.clock.is_none(),
            ),
        ]
        .into_iter()
        .filter(|(_, used)| *used)
        .map(|(key, _)| key)
        .collect()
    }

    /// Why the case is skipped without running: it expects clock state without a `clock:`
    /// key naming the time control.
    pub fn skip_reason(&self) -> Option<String> {
        let keys = self.reserved_keys();
        (!keys.is_empty()).then(|| {
            format!(
                "uses {} without a `clock:` key naming the time control, so there is no clock \
                 to check",
                keys.join(", ")
            )
        })
    }
}

/// The expected repetition verdict: `none` (the history does not end in a judged cycle),
/// or a verdict with optional details.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RepetitionExpect {
    /// No verdict.
    None,
    /// A verdict.
    Verdict(RepetitionVerdict),
}

/// An expected verdict: `{verdict: must-change, side: red, natures: {red: [check, check],
/// black: [idle, block]}, chased: [d6]}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "RawRepetitionVerdict")]
pub struct RepetitionVerdict {
    /// `draw`, `must-change` or `loss`.
    pub verdict: String,
    /// The side that must change or has lost (required for those, absent for a draw).
    pub side: Option<String>,
    /// Per side, the nature of each of its moves in the cycle, in order: a nature (`check`,
    /// `mate-threat`, `chase`, `idle`) or an idle sub-kind (`exchange-offer`, …), which
    /// implies `idle`. Not compared when absent.
    pub natures: Option<SideNatures>,
    /// The squares of every piece chased in the cycle (as a set). Not compared when absent.
    pub chased: Option<Vec<String>>,
}

/// Each side's expected move natures.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideNatures {
    /// Red's moves.
    pub red: Vec<String>,
    /// Black's moves.
    pub black: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRepetitionVerdict {
    verdict: String,
    #[serde(default)]
    side: Option<String>,
    #[serde(default)]
    natures: Option<SideNatures>,
    #[serde(default)]
    chased: Option<Vec<String>>,
}

impl TryFrom<RawRepetitionVerdict> for RepetitionVerdict {
    type Error = String;

    fn try_from(raw: RawRepetitionVerdict) -> Result<RepetitionVerdict, String> {
        use crate::xiangqi::repetition::{Nature, SubKind};
        match (raw.verdict.as_str(), raw.side.as_deref()) {
            ("draw", None) => {}
            ("draw", Some(_)) => {
                return Err("repetition: a draw has no `side`".into());
            }
            ("must-change" | "loss", Some("red" | "black")) => {}
            ("must-change" | "loss", Some(other)) => {
                return Err(format!(
                    "repetition: side '{other}' (expected red or black)"
                ));
            }
            ("must-change" | "loss", None) => {
                return Err(format!(
                    "repetition: verdict {} needs `side: red` or `side: black`",
                    raw.verdict
                ));
            }
            (other, _) => {
                return Err(format!(
                    "repetition: unknown verdict '{other}' (expected draw, must-change or loss)"
                ));
            }
        }
        for word in raw
            .natures
            .iter()
            .flat_map(|n| n.red.iter().chain(&n.black))
        {
            if Nature::from_slug(word).is_none() && SubKind::from_slug(word).is_none() {
                return Err(format!(
                    "repetition: unknown move nature '{word}' (expected check, mate-threat, \
                     chase, idle, or an idle kind: {})",
                    SubKind::ALL.map(|k| k.slug()).join(", ")
                ));
            }
        }
        for sq in raw.chased.iter().flatten() {
            if sq.parse::<crate::xiangqi::Square>().is_err() {
                return Err(format!(
                    "repetition: chased square '{sq}' (expected a square like e7)"
                ));
            }
        }
        Ok(RepetitionVerdict {
            verdict: raw.verdict,
            side: raw.side,
            natures: raw.natures,
            chased: raw.chased,
        })
    }
}

impl<'de> Deserialize<'de> for RepetitionExpect {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RepetitionExpect;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("`none` or a map with `verdict`")
            }

            fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
                if s == "none" {
                    Ok(RepetitionExpect::None)
                } else {
                    Err(E::custom(format!(
                        "repetition: '{s}' (expected `none` or a map with `verdict`)"
                    )))
                }
            }

            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                RepetitionVerdict::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(RepetitionExpect::Verdict)
            }
        }
        d.deserialize_any(V)
    }
}

/// A perft expectation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerftExpect {
    /// Depth in plies.
    pub depth: u32,
    /// Expected leaf nodes.
    pub nodes: u64,
    /// Counting convention (`paths`, the default, or `moves`).
    #[serde(default)]
    pub count: CountConvention,
}

/// The perft counting convention as written in cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CountConvention {
    /// Every distinct capture path.
    #[default]
    Paths,
    /// Distinct move identities.
    Moves,
}

impl From<CountConvention> for PerftCount {
    fn from(c: CountConvention) -> PerftCount {
        match c {
            CountConvention::Paths => PerftCount::Paths,
            CountConvention::Moves => PerftCount::Moves,
        }
    }
}

/// The expected outcome of the position reached.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeExpect {
    /// Who won, a draw, or the game goes on.
    pub result: GameResult,
    /// Why, as the slug of [`Reason::slug`](crate::Reason::slug); not compared when
    /// absent.
    #[serde(default)]
    pub reason: Option<String>,
}

/// The expected ruling on a draw claim.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimExpect {
    /// The claim kind.
    pub kind: DrawKind,
    /// The claiming side (`white`, `black`, `red`); the side to move when absent.
    #[serde(default)]
    pub by: Option<String>,
    /// Whether the claim is upheld.
    pub upheld: bool,
    /// Seconds of clock penalty for the claimant; absent means no penalty.
    #[serde(default)]
    pub penalty_seconds: Option<u32>,
}

/// The expected last correction of an error (`expect.correction`).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorrectionExpect {
    /// The error's slug.
    pub error: String,
    /// The deciding clause (not compared when absent).
    #[serde(default)]
    pub by: Option<String>,
    /// Whether the game was corrected (`false`: it had ended and the result stands).
    #[serde(default)]
    pub applied: Option<bool>,
    /// Whether the players now hold the other colours than at the start.
    #[serde(default)]
    pub exchanged: Option<bool>,
}

/// The expected ruling on a draw offer made now.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrawOfferExpect {
    /// The offering side.
    pub by: String,
    /// Whether the offer is allowed.
    pub allowed: bool,
    /// The earlier offers of the game, in order.
    #[serde(default)]
    pub earlier: Vec<OfferText>,
}

/// A game result slug.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameResult {
    /// White won (draughts).
    White,
    /// Black won.
    Black,
    /// Red won (xiangqi).
    Red,
    /// Drawn.
    Draw,
    /// The game goes on.
    Ongoing,
    /// Both sides lost (both forfeited for lateness).
    #[serde(rename = "both-lost")]
    BothLost,
}

impl GameResult {
    /// The slug, as in [`Score::slug`](crate::Score::slug).
    pub fn name(self) -> &'static str {
        match self {
            GameResult::White => "white",
            GameResult::Black => "black",
            GameResult::Red => "red",
            GameResult::Draw => "draw",
            GameResult::Ongoing => "ongoing",
            GameResult::BothLost => "both-lost",
        }
    }
}

/// Where a case expects to be refused.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "RawRejected")]
pub struct Rejected {
    /// The setup, or which history move.
    pub stage: Stage,
    /// Text the error message must contain.
    pub contains: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRejected {
    stage: RawStage,
    #[serde(default, rename = "move")]
    number: Option<usize>,
    #[serde(default)]
    step: Option<usize>,
    #[serde(default)]
    contains: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "lowercase")]
enum RawStage {
    Setup,
    Move,
    Step,
}

impl TryFrom<RawRejected> for Rejected {
    type Error = String;

    fn try_from(raw: RawRejected) -> Result<Rejected, String> {
        if raw.step.is_some() && !matches!(raw.stage, RawStage::Step) {
            return Err("rejected: `step` is only allowed with `stage: step`".into());
        }
        let stage = match (raw.stage, raw.number) {
            (RawStage::Setup, None) => Stage::Setup,
            (RawStage::Setup | RawStage::Step, Some(_)) => {
                return Err("rejected: `move` is only allowed with `stage: move`".into())
            }
            (RawStage::Move, Some(0)) => {
                return Err("rejected: `move` counts from 1 (the first history move)".into())
            }
            (RawStage::Move, Some(n)) => Stage::Move(n),
            (RawStage::Move, None) => {
                return Err("rejected: `stage: move` needs `move: <number>`".into())
            }
            (RawStage::Step, None) => match raw.step {
                Some(0) => return Err("rejected: `step` counts from 1 (the first step)".into()),
                Some(n) => Stage::Step(n),
                None => return Err("rejected: `stage: step` needs `step: <number>`".into()),
            },
        };
        Ok(Rejected {
            stage,
            contains: raw.contains,
        })
    }
}

fn one_or_many_rulesets<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Ruleset>, D::Error> {
    struct V;
    impl<'de> Visitor<'de> for V {
        type Value = Vec<Ruleset>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a ruleset (`russian`, `xiangqi@axf`) or a list of rulesets")
        }

        fn visit_str<E: de::Error>(self, s: &str) -> Result<Self::Value, E> {
            Ok(vec![s.parse().map_err(E::custom)?])
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut out: Vec<Ruleset> = Vec::new();
            while let Some(s) = seq.next_element::<String>()? {
                let r: Ruleset = s.parse().map_err(de::Error::custom)?;
                if out.contains(&r) {
                    return Err(de::Error::custom(format!("ruleset {r} listed twice")));
                }
                out.push(r);
            }
            if out.is_empty() {
                return Err(de::Error::custom("expected at least one ruleset"));
            }
            Ok(out)
        }
    }
    d.deserialize_any(V)
}

/// Whether `id` is a well-formed case id: `^[a-z0-9]+(\.[a-z0-9]+(-[a-z0-9]+)*)+$`.
pub fn is_case_id(id: &str) -> bool {
    let mut parts = id.split('.');
    let first_ok = parts.next().is_some_and(|s| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
    });
    let rest: Vec<&str> = parts.collect();
    first_ok && !rest.is_empty() && rest.iter().all(|s| crate::yaml::is_slug_segment(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_ids_follow_the_documented_pattern() {
        assert!(is_case_id("russian.capture.promotes-mid-capture"));
        assert!(is_case_id("xq.a"));
        for bad in [
            "russian",
            "rus-sian.capture",
            "Russian.x",
            "a..b",
            "a.b-",
            "a.b_c",
        ] {
            assert!(!is_case_id(bad), "{bad}");
        }
    }

    #[test]
    fn moves_are_a_list_or_numbered_rounds() {
        let case = |moves: &str| {
            serde_yaml::from_str::<Case>(&format!(
                "{{id: a.b, clauses: [x], ruleset: russian, moves: {moves}, expect: {{}}}}"
            ))
        };
        let list = case("[22-18, 11-15, 18x11]").unwrap();
        let rounds = case("\"1. 22-18 11-15 2. 18x11\"").unwrap();
        assert_eq!(list.moves, rounds.moves);
        let err = case("\"1. 22-18 11-15 3. 18x11\"").unwrap_err().to_string();
        assert!(
            err.contains("round number '3.' where 2. was expected"),
            "{err}"
        );
        assert!(case("{a: b}").is_err());
    }

    #[test]
    fn ruleset_is_a_string_or_a_list() {
        let one: Case =
            serde_yaml::from_str("{id: a.b, clauses: [x], ruleset: russian, expect: {}}").unwrap();
        assert_eq!(one.rulesets, vec!["russian@fmjd64".parse().unwrap()]);
        let two: Case = serde_yaml::from_str(
            "{id: a.b, clauses: [x], ruleset: [xiangqi, xiangqi@axf], expect: {}}",
        )
        .unwrap();
        assert_eq!(two.rulesets.len(), 2);
        for bad in ["[]", "[russian, russian@fmjd64]", "checkers", "3"] {
            let text = format!("{{id: a.b, clauses: [x], ruleset: {bad}, expect: {{}}}}");
            assert!(serde_yaml::from_str::<Case>(&text).is_err(), "{bad}");
        }
    }

    #[test]
    fn rejected_move_needs_a_number_and_setup_none() {
        let parse = |s: &str| serde_yaml::from_str::<Rejected>(s);
        assert_eq!(parse("{stage: setup}").unwrap().stage, Stage::Setup);
        assert_eq!(
            parse("{stage: move, move: 2}").unwrap().stage,
            Stage::Move(2)
        );
        let err = parse("{stage: move}").unwrap_err().to_string();
        assert!(err.contains("needs `move"), "{err}");
        assert!(parse("{stage: setup, move: 1}").is_err());
        assert!(parse("{stage: move, move: 0}").is_err());
        assert!(parse("{stage: later}").is_err());
        assert_eq!(
            parse("{stage: step, step: 3}").unwrap().stage,
            Stage::Step(3)
        );
        for (bad, needle) in [
            ("{stage: step}", "needs `step"),
            ("{stage: step, step: 0}", "counts from 1"),
            (
                "{stage: move, move: 1, step: 1}",
                "only allowed with `stage: step`",
            ),
            ("{stage: step, move: 1}", "only allowed with `stage: move`"),
        ] {
            let err = parse(bad).unwrap_err().to_string();
            assert!(err.contains(needle), "{bad}: {err}");
        }
    }

    #[test]
    fn reserved_keys_make_a_skip_reason() {
        let case: Case = serde_yaml::from_str(
            "{id: a.b, clauses: [x], ruleset: xiangqi, steps: [{touch: h2}], expect: {permitted: [h2h9], clock: {red: 1}}}",
        )
        .unwrap();
        assert!(
            case.skip_reason()
                .is_some_and(|r| r.starts_with("uses clock without a `clock:` key")),
            "{:?}",
            case.skip_reason()
        );
    }
}
