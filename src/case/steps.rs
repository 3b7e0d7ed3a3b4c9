//! The expectations about a case's `steps:` (`permitted`, `violations`, `offer`). The steps
//! themselves are [`crate::protocol::Step`]. See `docs/cases.md`, "Steps".

use super::sides::Sided;
use crate::procedure::BreachKind;
use serde::Deserialize;

/// `expect.permitted`: the moves permitted after the steps, as a list or with the deciding
/// clause and step.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(from = "RawPermitted")]
pub struct PermittedExpect {
    /// The exact set of permitted moves, compared by identity.
    pub moves: Vec<String>,
    /// The catalog clause of the deciding step (not compared when absent).
    pub by: Option<String>,
    /// The step id (`xq.touch.own-then-opponent.2`; not compared when absent).
    pub step: Option<String>,
}

#[derive(Deserialize)]
#[serde(
    untagged,
    expecting = "a list of moves, or {moves: [...], by: <clause id>, step: <step id>}"
)]
enum RawPermitted {
    List(Vec<String>),
    Full(FullPermitted),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FullPermitted {
    moves: Vec<String>,
    #[serde(default)]
    by: Option<String>,
    #[serde(default)]
    step: Option<String>,
}

impl From<RawPermitted> for PermittedExpect {
    fn from(r: RawPermitted) -> PermittedExpect {
        match r {
            RawPermitted::List(moves) => PermittedExpect {
                moves,
                by: None,
                step: None,
            },
            RawPermitted::Full(f) => PermittedExpect {
                moves: f.moves,
                by: f.by,
                step: f.step,
            },
        }
    }
}

/// `expect.violations`: counted violations per side, and optionally every breach recorded
/// (`{red: 1, kinds: [exposing-general]}`).
pub type ViolationsExpect = Sided<u32, BreachesExpect>;

/// The keys of `expect.violations` beside the sides' counts.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(deny_unknown_fields, rename = "ViolationsExpect")]
pub struct BreachesExpect {
    /// The kinds of every breach recorded, counted or not, in order
    /// (`[exposing-general, too-few-removed]`).
    #[serde(default)]
    pub kinds: Option<Vec<BreachKind>>,
}

/// `expect.offer`: the draw offer awaiting an answer after the steps.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferExpect {
    /// The side whose offer is pending (`red`, `white`, `black`), or `none`.
    pub pending: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::procedure::Adjustment;
    use crate::protocol::Step;

    fn step(s: &str) -> Result<Step, String> {
        serde_yaml::from_str::<Step>(s).map_err(|e| e.to_string())
    }

    #[test]
    fn every_step_kind_reads() {
        let some = |s: &str| Some(s.to_owned());
        for (text, want) in [
            ("{move: h2e2}", Step::Move("h2e2".into())),
            (
                "{touch: [h2, h9]}",
                Step::Touch {
                    squares: vec!["h2".into(), "h9".into()],
                    side: None,
                },
            ),
            (
                "{touch: 22, side: black}",
                Step::Touch {
                    squares: vec!["22".into()],
                    side: some("black"),
                },
            ),
            (
                "{adjust: e0, announced: false}",
                Step::Adjust(Adjustment {
                    square: "e0".into(),
                    announced: false,
                }),
            ),
            ("{accept: true}", Step::Accept),
            ("{correct: true}", Step::Correct),
            (
                "{refuse_correction: white}",
                Step::RefuseCorrection("white".into()),
            ),
            ("{offer: red}", Step::Offer("red".into())),
            ("{answer: accept}", Step::Answer(true)),
            ("{answer: refuse}", Step::Answer(false)),
            (
                "{claim: sixty-move, by: black}",
                Step::Claim {
                    kind: crate::edition::DrawKind::SixtyMove,
                    by: some("black"),
                },
            ),
            (
                "{claim: threefold}",
                Step::Claim {
                    kind: crate::edition::DrawKind::Threefold,
                    by: None,
                },
            ),
        ] {
            assert_eq!(step(text).unwrap(), want, "{text}");
        }
        assert!(matches!(
            step("{illegal: 22x13, removed: [17]}").unwrap(),
            Step::Illegal { removed: Some(r), .. } if r == ["17"]
        ));
        assert!(matches!(
            step("{violation: {side: red, kind: stopping-clock}}").unwrap(),
            Step::Violation { .. }
        ));
    }

    #[test]
    fn breach_kinds_read_from_their_slugs() {
        use crate::procedure::{Irregularity, ViolationKind};
        let read = |s: &str| serde_yaml::from_str::<ViolationsExpect>(s).map_err(|e| e.to_string());
        assert_eq!(
            read("{red: 1, kinds: [exposing-general, too-few-removed, touch-off-move]}")
                .unwrap()
                .own
                .kinds,
            Some(vec![
                BreachKind::Violation(ViolationKind::ExposingGeneral),
                BreachKind::Irregularity(Irregularity::TooFewRemoved),
                BreachKind::TouchOffMove,
            ])
        );
        let err = read("{kinds: [stopping-clocks]}").unwrap_err();
        assert!(
            err.contains("unknown breach kind `stopping-clocks`: expected one of illegal-move,"),
            "{err}"
        );
    }

    #[test]
    fn malformed_steps_say_what_is_wrong() {
        for (text, needle) in [
            ("{touch: h2, move: h2e2}", "found move and touch"),
            ("{announced: true}", "needs one event key"),
            ("{adjust: e0}", "needs `announced"),
            ("{move: h2e2, side: red}", "`side` does not go with `move`"),
            ("{accept: false}", "write `accept: true`"),
            ("{touch: []}", "at least one square"),
            ("{tuch: h2}", "unknown field"),
            ("{answer: yes}", "expected `accept` or `refuse`"),
            ("{offer: red, by: red}", "`by` does not go with `offer`"),
            (
                "{refuse_correction: white, side: white}",
                "`side` does not go with `refuse_correction`",
            ),
            (
                "{correct: true, refuse_correction: white}",
                "found correct and refuse_correction",
            ),
            (
                "{claim: sixty-move, side: red}",
                "`side` does not go with `claim`",
            ),
        ] {
            let err = step(text).unwrap_err();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn correct_error_names_its_error_and_the_move_it_needs() {
        assert_eq!(
            step("{correct_error: {error: displaced-piece, move: 3, side: black}}").unwrap(),
            Step::CorrectError {
                number: Some(3),
                side: Some("black".into()),
                error: Some(crate::procedure::ErrorKind::DisplacedPiece),
            }
        );
        let s = step("{correct_error: {error: colours-only}}").unwrap();
        assert_eq!(s.to_string(), "correct_error: {error: colours-only}");
        assert_eq!(
            serde_json::from_value::<Step>(serde_json::json!(s)).unwrap(),
            s
        );
        assert!(!s.needs_clock());
        assert!(step("{correct_error: {move: 20}}").unwrap().needs_clock());
        assert!(step("{correct_error: {error: displaced-unknown}}").is_ok());
        for (text, needle) in [
            (
                "{correct_error: {error: wrong-board}}",
                "expected one of wrong-initial-setup",
            ),
            ("{correct_error: {error: illegal-move}}", "needs `move`"),
            (
                "{correct_error: {error: colours-only, move: 4}}",
                "names no move",
            ),
            (
                "{correct_error: {side: red}}",
                "`correct_error.side` goes with `move`",
            ),
            ("{correct_error: {}}", "needs `move`, or `error`"),
        ] {
            let err = step(text).unwrap_err();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    #[test]
    fn permitted_is_a_list_or_a_map() {
        let p: PermittedExpect = serde_yaml::from_str("[h2h9]").unwrap();
        assert_eq!(p.moves, ["h2h9"]);
        let p: PermittedExpect =
            serde_yaml::from_str("{moves: [h2h9], by: xq.touch-move.own-piece}").unwrap();
        assert_eq!(p.by.as_deref(), Some("xq.touch-move.own-piece"));
        assert!(serde_yaml::from_str::<PermittedExpect>("{moves: [], bye: x}").is_err());
    }
}
