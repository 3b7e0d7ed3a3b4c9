//! Draw offers: allowed or recorded as a breach, and refused by the opponent's move.

use super::{BreachKind, Session, Side, ViolationKind};
use crate::outcome::{OfferAnswer, OfferRecord};
use crate::procedure::ProcedureError;

impl Session {
    /// A draw offer, ruled by [`Rules::draw_offer`](crate::Rules::draw_offer) with the session's
    /// earlier offers.
    pub(super) fn offer(&mut self, side: Side) -> Result<(), ProcedureError> {
        let rules = self.rules();
        let err = |e: crate::RulesError| ProcedureError::Rules(e.to_string());
        let (fen, moves) = self.history_text();
        let ruling = rules
            .draw_offer(&fen, &moves, side, &self.offers)
            .map_err(err)?;
        if ruling.allowed {
            self.offers.push(OfferRecord {
                by: side,
                after_move: self.moves.len(),
                answer: OfferAnswer::Pending,
            });
            return Ok(());
        }
        // Which rule forbids it: judged again without the earlier offers, a refusal that
        // remains is about the moment (too early, not right after one's move); one that
        // goes away is about the earlier offers (one pending, or the re-offer rule).
        let alone = rules.draw_offer(&fen, &moves, side, &[]).map_err(err)?;
        let rule_clause = &self.play.ruleset.edition().draw_offer.clause;
        if !alone.allowed {
            let kind = if alone.clause.as_str() == rule_clause {
                BreachKind::EarlyDrawOffer
            } else {
                BreachKind::DrawOfferOutOfTurn
            };
            self.breach(side, kind, alone.clause.as_str(), false);
        } else if ruling.clause.as_str() == rule_clause {
            if self.policy.reoffer_counted {
                self.count(
                    side,
                    ViolationKind::RepeatedDrawOffer,
                    self.policy.reoffer_clause,
                );
            } else {
                self.breach(
                    side,
                    ViolationKind::RepeatedDrawOffer,
                    self.policy.reoffer_clause,
                    false,
                );
            }
        } else {
            self.breach(
                side,
                BreachKind::DrawOfferPending,
                ruling.clause.as_str(),
                false,
            );
        }
        Ok(())
    }

    /// A move by `mover` refuses the opponent's pending draw offer (art. 12.4; 第一章 第四节
    /// 二 (二)).
    pub(super) fn moved(&mut self, mover: Side) {
        for o in &mut self.offers {
            if o.answer == OfferAnswer::Pending && o.by != mover {
                o.answer = OfferAnswer::Refused;
            }
        }
    }
}
