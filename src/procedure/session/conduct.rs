//! The players' conduct: breaches recorded, counted violations and their limit, incomplete
//! score sheets.

use super::{Session, Side, ViolationKind};
use crate::outcome::{ClauseId, Outcome, Score};
use crate::procedure::{Irregularity, ProcedureError};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A breach recorded by the session, counted or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breach {
    /// Who committed it.
    pub side: Side,
    /// What kind of breach it is.
    pub kind: BreachKind,
    /// The catalog clause.
    pub clause: ClauseId,
    /// Whether it counts towards the losing limit.
    pub counted: bool,
}

/// The kind of a breach the session records: a violation (declared by the arbiter or found
/// by the session, counted or not), a draughts irregular move, or a breach of procedure
/// recorded without being counted. Its slug is its text form, written only at the edges
/// (the session's state, the protocol's `breaches`, the records) and read from a case's
/// `expect.violations.kinds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BreachKind {
    /// A violation ([`ViolationKind`]). A xiangqi illegal move is the violation it counts
    /// as (`illegal-move`, `exposing-general`: see the `From<Irregularity>` conversion).
    Violation(ViolationKind),
    /// A draughts irregular move (art. 7.4), recorded while the opponent decides.
    Irregularity(Irregularity),
    /// A draw offer before the offering side's 20th move (draughts art. 12.4):
    /// `early-draw-offer`.
    EarlyDrawOffer,
    /// A draw offer not made right after one's own move: `draw-offer-out-of-turn`.
    DrawOfferOutOfTurn,
    /// A draw offer while an earlier one is unanswered: `draw-offer-pending`.
    DrawOfferPending,
    /// A draw offer made after pressing the clock: `offer-after-press`.
    OfferAfterPress,
    /// A touch by the side not to move (draughts art. 5.11): `touch-off-move`.
    TouchOffMove,
    /// Stopping the clocks where that loses the game: `stopped-clock`.
    StoppedClock,
    /// The offender's refusal to correct his irregular move (draughts art. 14.3.1):
    /// `refused-correction`.
    RefusedCorrection,
    /// Moves missing from a score sheet beyond the limit, the first time (xiangqi 第四章
    /// 第三节): `omission-reminder`.
    OmissionReminder,
}

impl BreachKind {
    /// The breaches of procedure, neither a violation nor an irregular move.
    const PROCEDURE: [BreachKind; 8] = [
        BreachKind::EarlyDrawOffer,
        BreachKind::DrawOfferOutOfTurn,
        BreachKind::DrawOfferPending,
        BreachKind::OfferAfterPress,
        BreachKind::TouchOffMove,
        BreachKind::StoppedClock,
        BreachKind::RefusedCorrection,
        BreachKind::OmissionReminder,
    ];

    /// The slug (`exposing-general`, `too-few-removed`, `touch-off-move`, …).
    pub fn slug(self) -> &'static str {
        match self {
            BreachKind::Violation(k) => k.name(),
            BreachKind::Irregularity(k) => k.slug(),
            BreachKind::EarlyDrawOffer => "early-draw-offer",
            BreachKind::DrawOfferOutOfTurn => "draw-offer-out-of-turn",
            BreachKind::DrawOfferPending => "draw-offer-pending",
            BreachKind::OfferAfterPress => "offer-after-press",
            BreachKind::TouchOffMove => "touch-off-move",
            BreachKind::StoppedClock => "stopped-clock",
            BreachKind::RefusedCorrection => "refused-correction",
            BreachKind::OmissionReminder => "omission-reminder",
        }
    }

    /// Every kind the session records: each has its own slug.
    fn all() -> impl Iterator<Item = BreachKind> {
        let violations = ViolationKind::ALL.into_iter().map(BreachKind::Violation);
        let irregularities = Irregularity::ALL.into_iter().map(BreachKind::from);
        violations
            .chain(irregularities)
            .chain(BreachKind::PROCEDURE)
    }

    /// The kind of a slug (`None` for any other text): the inverse of
    /// [`slug`](BreachKind::slug).
    pub fn from_slug(slug: &str) -> Option<BreachKind> {
        BreachKind::all().find(|k| k.slug() == slug)
    }

    /// The slugs, comma separated (for messages).
    pub fn slugs() -> String {
        BreachKind::all()
            .map(BreachKind::slug)
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Written as its slug.
impl Serialize for BreachKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.slug())
    }
}

/// Read from its slug; any other text is an error naming the slugs expected.
impl<'de> Deserialize<'de> for BreachKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<BreachKind, D::Error> {
        let slug = String::deserialize(d)?;
        BreachKind::from_slug(&slug).ok_or_else(|| {
            D::Error::custom(format!(
                "unknown breach kind `{slug}`: expected one of {}",
                BreachKind::slugs()
            ))
        })
    }
}

impl From<ViolationKind> for BreachKind {
    fn from(kind: ViolationKind) -> BreachKind {
        BreachKind::Violation(kind)
    }
}

/// The breach an illegal or irregular move is: a draughts irregularity, or in xiangqi the
/// violation it counts as (第三章 第六节 三 (一), under the same clause).
impl From<Irregularity> for BreachKind {
    fn from(kind: Irregularity) -> BreachKind {
        match kind {
            Irregularity::ExposesGeneral => BreachKind::Violation(ViolationKind::ExposingGeneral),
            Irregularity::BreaksMovementRules => BreachKind::Violation(ViolationKind::IllegalMove),
            k => BreachKind::Irregularity(k),
        }
    }
}

impl std::fmt::Display for BreachKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.slug())
    }
}

impl Session {
    pub(super) fn breach(
        &mut self,
        side: Side,
        kind: impl Into<BreachKind>,
        clause: &str,
        counted: bool,
    ) {
        self.breaches.push(Breach {
            side,
            kind: kind.into(),
            clause: ClauseId::from(clause.to_owned()),
            counted,
        });
    }

    /// A score sheet found lacking `moves` moves (第四章 第三节): within the limit nothing
    /// happens; beyond it the side's first time is a reminder (an uncounted breach
    /// `omission-reminder`) and every later time a counted `recording-omissions` violation.
    pub(super) fn unrecorded(
        &mut self,
        side: Side,
        moves: u32,
        time_pressure: bool,
    ) -> Result<(), ProcedureError> {
        let limits = self
            .policy
            .omissions
            .ok_or(ProcedureError::WrongGame("unrecorded"))?;
        let limit = if time_pressure {
            limits.pressed
        } else {
            limits.calm
        };
        if moves <= limit {
            return Ok(());
        }
        let reminded = self.reminded.slot(side);
        if limits.first_is_reminder && !*reminded {
            *reminded = true;
            self.breach(
                side,
                BreachKind::OmissionReminder,
                limits.penalty_clause,
                false,
            );
        } else {
            self.count(
                side,
                ViolationKind::RecordingOmissions,
                limits.penalty_clause,
            );
        }
        Ok(())
    }

    /// A side's stop of the clocks just before it resigned or agreed a draw: not a violation
    /// after all (第三章 第六节 三 (四): 自动认输或同意作和不受此限).
    pub(super) fn uncount_stop(&mut self, side: Side) {
        if let Some(b) = self.breaches.iter_mut().rev().find(|b| {
            b.side == side
                && b.counted
                && b.kind == BreachKind::Violation(ViolationKind::StoppingClock)
        }) {
            b.counted = false;
            *self.counts.slot(side) -= 1;
        }
    }

    /// Counts a violation; reaching the limit loses.
    pub(super) fn count(&mut self, side: Side, kind: impl Into<BreachKind>, clause: &str) {
        self.breach(side, kind, clause, true);
        let n = self.counts.slot(side);
        *n += 1;
        if *n >= self.policy.violation_limit {
            self.verdict = Some(Outcome::new(
                Score::Win(side.other()),
                self.policy.violation_limit_reason.clone(),
                Some(ClauseId::from(self.policy.violation_limit_clause)),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each kind has its own slug, read back to the same kind.
    #[test]
    fn every_breach_kind_reads_back_from_its_slug() {
        for kind in BreachKind::all() {
            assert_eq!(BreachKind::from_slug(kind.slug()), Some(kind), "{kind}");
        }
        assert_eq!(BreachKind::from_slug("stopping-clocks"), None);
    }

    /// An illegal or irregular move is recorded under its own slug: a xiangqi one as the
    /// violation of the same slug and clause.
    #[test]
    fn an_irregular_move_is_recorded_under_its_slug() {
        let policy = crate::procedure::Policy::of(crate::Game::Xiangqi);
        for irregular in Irregularity::ALL {
            let kind = BreachKind::from(irregular);
            assert_eq!(kind.slug(), irregular.slug());
            if let BreachKind::Violation(v) = kind {
                assert!(policy.violation_kinds.contains(&(v, irregular.clause())));
            }
        }
    }
}
