//! The draw mutants as transforms of the rules of play ([`PlayRules`]): each one alters the
//! field of the clause it names — a count, mode or reading of the edition's draw rules or
//! its draw-offer rule, the draw counting, the score of an ending the position decides,
//! claim verification, a repetition reading or the judging of the verdict. The draw
//! mutants of the session's procedure (violations, corrections, touch-move) alter no rule
//! of play (`procedure::is_procedure`).
//!
//! ```
//! use arbiter::mutant::{DrawMutant, Mutant};
//! use arbiter::rulebook::RuleBook;
//! use arbiter::rules::rules_of;
//! use arbiter::{Score, Side};
//!
//! // Stalemated black: under CXA the side with no legal move loses.
//! let book = RuleBook::of(&"xiangqi".parse().unwrap());
//! let fen = "3k5/2P6/9/9/9/9/9/9/9/4K4 b - - 0 1";
//! let judge = |book: &RuleBook| rules_of(&book.play).outcome(fen, &[]).unwrap().outcome.map(|o| o.result);
//! assert_eq!(judge(&book), Some(Score::Win(Side::First)));
//! let mutated = book.mutated(Mutant::Draws(DrawMutant::StalemateIsDraw));
//! assert_eq!(judge(&mutated), Some(Score::Draw));
//! ```

use crate::edition::{DiagonalCount, DrawKind, Edition, Mode, Reoffer};
use crate::mutant::DrawMutant as D;
use crate::outcome::EndScore;
use crate::rules::PlayRules;
use crate::xiangqi::Role;
use crate::Game;
use std::borrow::Cow;

/// Alters the rules of play as `d` says (unchanged for a mutant of another game's rules or
/// of the session's procedure).
pub(super) fn alter(play: &mut PlayRules, d: D) {
    let mut edition = play.edition.as_ref().clone();
    if alter_edition(d, &mut edition) {
        play.edition = Cow::Owned(edition);
    }
    let game = play.ruleset.game;
    let c = &mut play.counting;
    let x = &mut play.sixty_move;
    let e = &mut play.endings;
    match d {
        D::KingsOnlyNotResetByManMove => c.man_move_resets_kings_only = false,
        D::KingsOnlyNotResetByCapture => c.capture_resets_kings_only = false,
        D::BalanceNotResetByPromotion => c.promotion_resets_balance = false,
        D::BalanceResetByManMove => c.man_move_resets_balance = true,
        D::DiagonalNotResetOnLeaving => c.leaving_diagonal_resets = false,
        D::FmjdDiagonalNotChecked => c.diagonal_checked_at_limit = false,
        D::ThreefoldIgnoresSideToMove => c.side_to_move_in_identity = false,
        D::SixtyMoveResetBySoldier => x.soldier_move_resets_sixty_move = true,
        D::SixtyMoveResetByCheck => x.check_resets_sixty_move = true,
        D::StalemateIsDraw => e.stalemate = EndScore::Draw,
        D::CheckmateGoesOn => e.checkmate = EndScore::Ongoing,
        D::BlockedSideDraws => e.no_legal_move = EndScore::Draw,
        D::ClaimUnverified if game.is_draughts() => play.claims_verified = false,
        _ => {}
    }
    if let Some(r) = &mut play.repetition {
        let cxa = r.edition == "cxa";
        match d {
            D::CheckAndChaseAllowed if cxa => r.mixed_attacks_forbidden = false,
            D::AxfCheckAndChaseForbidden if !cxa => r.mixed_attacks_forbidden = true,
            D::MateThreatNotAttack if cxa => r.mate_threat_is_attack = false,
            D::GeneralChaseForbidden => r.free_chasers = &[Role::Soldier],
            D::SoldierChaseForbidden => r.free_chasers = &[Role::General],
            D::PerpetualCheckNotAlwaysLosing => r.perpetual_check_always_loses = false,
            D::CxaAlternateChaseAllowed if cxa => r.alternate_targets_forbidden = false,
            D::AxfAlternateChaseForbidden if !cxa => r.alternate_targets_forbidden = true,
            D::AxfImmobilisedAttackerChases if !cxa => r.immobilised_attacker_chases = true,
            D::AxfRenewedChaseIgnored if !cxa => r.renewed_by_new_attacker = false,
            D::AxfCheckNeverChases if !cxa => r.check_can_chase = false,
            D::CxaChaseByCheckIgnored if cxa => r.chases_by_checks = false,
            D::StandingMateIsThreat => r.mate_threat_must_be_new = false,
            D::JointChaseIgnored => r.joint_chase_by_mover = false,
            D::VerdictAfterFourCycles => r.cycles_for_verdict += 1,
            D::VerdictAfterTwoCycles => r.cycles_for_verdict -= 1,
            D::UnchangedRepetitionNeverLoses => r.judging.cycles_before_loss = None,
            D::ForbiddenRepetitionLosesAtOnce => r.judging.cycles_before_loss = Some(0),
            D::IdleMoveDoesNotAllow => r.judging.idle_move_allows = false,
            D::ProtectedPieceChased => r.protection_counts = false,
            _ => {}
        }
    }
}

/// The count `d` sets (in moves, or occurrences for repetition) on the draw rule of the
/// clause it breaks, for the count mutants.
fn count(d: D) -> Option<u32> {
    Some(match d {
        D::BrazilianKingsOnly16 | D::RussianThreeKings16 => 16,
        D::RussianKingsOnly14 => 14,
        D::FmjdKingsOnly24 => 24,
        D::CbdKingsOnly21 => 21,
        D::BrazilianSmallEnding6 | D::FmjdTwoVsOne6 | D::RussianLongDiagonal6 => 6,
        D::RussianTwoVsOne4 | D::FmjdLongDiagonal4 => 4,
        D::RussianEqualBalance29 => 29,
        D::RussianEqualBalance61 => 61,
        D::FmjdThreeVsKing15 => 15,
        D::ThreefoldNeedsFour | D::RussianThreefoldNeedsFour => 4,
        _ => return None,
    })
}

/// Alters an edition's draw rules and draw-offer rule as `d` says; whether anything
/// changed.
fn alter_edition(d: D, e: &mut Edition) -> bool {
    let clause = d.clause();
    let mut changed = false;
    if let Some(n) = count(d) {
        for rule in e.draws.iter_mut().filter(|r| r.clause == clause) {
            if rule.rule.counts_occurrences() {
                rule.occurrences = Some(n);
            } else {
                rule.moves = Some(n);
            }
            changed = true;
        }
        return changed;
    }
    let game = e.game;
    let offer = &mut e.draw_offer;
    for rule in &mut e.draws {
        let of_clause = rule.clause == clause;
        let sixty = rule.rule == DrawKind::SixtyMove;
        match d {
            D::RussianKingsOnlyNotSuspended if of_clause => rule.suspended_in.clear(),
            D::RussianEqualBalanceUpTo6 if of_clause => {
                rule.pieces = rule.pieces.map(|[lo, hi]| [lo, hi + 1])
            }
            D::RussianDiagonalFromBalance if of_clause => {
                rule.count_from = Some(DiagonalCount::Balance)
            }
            D::CxaDrawsAutomatic if game == Game::Brazilian && e.id == "cxa" => {
                rule.mode = Mode::Automatic
            }
            // 60 rounds of one move by each side read as 60 plies (30 rounds).
            D::SixtyMoveInPlies if sixty => rule.moves = rule.moves.map(|m| m / 2),
            D::SixtyMoveAutomatic if sixty => rule.mode = Mode::Automatic,
            D::FalseClaimNotPenalised if sixty => rule.false_claim_penalty_seconds = None,
            _ => continue,
        }
        changed = true;
    }
    match d {
        D::DrawOfferAfter19 if offer.clause == clause => {
            offer.min_own_moves = offer.min_own_moves.saturating_sub(1);
            changed = true;
        }
        D::DraughtsReofferEqualCounts if game.is_draughts() => {
            offer.reoffer = Reoffer::EqualCounts;
            changed = true;
        }
        D::XiangqiReofferAfterOpponent if game == Game::Xiangqi => {
            offer.reoffer = Reoffer::AfterOpponentOffer;
            changed = true;
        }
        _ => {}
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutant::Mutant;
    use crate::outcome::EndingScores;
    use crate::rulebook::RuleBook;
    use crate::rules::rules_of;
    use crate::xiangqi::repetition::material::threats;
    use crate::Ruleset;

    /// The rules of play of `ruleset` as written, and as `d` alters them.
    fn books(ruleset: &str, d: D) -> (PlayRules, PlayRules) {
        let book = RuleBook::of(&ruleset.parse().unwrap());
        let mutated = book.clone().mutated(Mutant::Draws(d));
        (book.play, mutated.play)
    }

    fn moves(list: &[&str]) -> Vec<String> {
        list.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn every_count_mutant_alters_a_rule_of_its_games() {
        for &d in D::ALL.iter().filter(|&&d| count(d).is_some()) {
            let altered = d.games().iter().any(|&g| {
                g.editions().iter().any(|e| {
                    let ruleset = Ruleset {
                        game: g,
                        edition: (*e).to_owned(),
                    };
                    let book = RuleBook::of(&ruleset).mutated(Mutant::Draws(d));
                    matches!(book.play.edition, Cow::Owned(_))
                })
            });
            assert!(altered, "{} alters no edition", d.name());
        }
    }

    #[test]
    fn a_session_mutant_alters_no_rule_of_play() {
        for &d in D::ALL
            .iter()
            .filter(|&&d| super::super::procedure::is_procedure(d))
        {
            for &g in d.games() {
                let (written, mutated) = books(g.name(), d);
                assert_eq!(written, mutated, "{}", d.name());
            }
        }
        let (written, mutated) = books("xiangqi", D::StalemateIsDraw);
        assert_ne!(written, mutated);
    }

    #[test]
    fn a_count_of_the_edition_shortens_the_kings_only_count() {
        let (written, mutated) = books("russian", D::RussianKingsOnly14);
        let limit = |p: &PlayRules| p.edition.rule(DrawKind::KingsOnly).map(|r| r.limit_plies());
        assert_eq!((limit(&written), limit(&mutated)), (Some(30), Some(28)));
        assert!(matches!(written.edition, Cow::Borrowed(_)));
        let claim = |p: &PlayRules| rules_of(p).claim("W:WKc1:BKh8", &[], "kings-only", None);
        assert!(claim(&written).unwrap().reason.contains("the limit is 30"));
        assert!(claim(&mutated).unwrap().reason.contains("the limit is 28"));
    }

    #[test]
    fn the_score_of_a_blocked_side_is_a_draw() {
        let (written, mutated) = books("russian", D::BlockedSideDraws);
        assert_eq!(written.endings, EndingScores::RULES);
        assert_eq!(mutated.endings.no_legal_move, EndScore::Draw);
        assert_eq!(mutated.endings.checkmate, EndScore::Loss);
        // White's man on h2 is blocked by black's men on g3 and f4.
        let fen = "W:Wh2:Bg3,f4";
        let result = |p: &PlayRules| rules_of(p).outcome(fen, &[]).unwrap().result_slug();
        assert_eq!((result(&written), result(&mutated)), ("black", "draw"));
    }

    #[test]
    fn a_man_move_no_longer_resets_the_kings_only_count() {
        let (written, mutated) = books("russian", D::KingsOnlyNotResetByManMove);
        assert!(written.counting.man_move_resets_kings_only);
        assert!(!mutated.counting.man_move_resets_kings_only);
        let played = moves(&["c1-d2", "h8-g7", "a3-b4", "g7-h6"]);
        let count = |p: &PlayRules| {
            let o = rules_of(p).outcome("W:WKc1,a3:BKh8", &played).unwrap();
            o.counters.value(DrawKind::KingsOnly)
        };
        assert_ne!(count(&written), count(&mutated));
    }

    #[test]
    fn a_check_resets_the_sixty_move_count() {
        let (written, mutated) = books("xiangqi", D::SixtyMoveResetByCheck);
        assert!(!written.sixty_move.check_resets_sixty_move);
        assert!(mutated.sixty_move.check_resets_sixty_move);
        // The red chariot gives check on the e-file.
        let fen = "4k4/9/9/9/9/R8/9/9/9/3K5 w - - 0 1";
        let count = |p: &PlayRules| {
            let o = rules_of(p).outcome(fen, &moves(&["a4e4"])).unwrap();
            o.counters.value(DrawKind::SixtyMove)
        };
        assert_eq!((count(&written), count(&mutated)), (Some(1), Some(0)));
    }

    #[test]
    fn an_unverified_claim_is_upheld_before_its_count() {
        let (written, mutated) = books("russian", D::ClaimUnverified);
        assert!(written.claims_verified && !mutated.claims_verified);
        let upheld = |p: &PlayRules| {
            let r = rules_of(p).claim("W:WKc1:BKh8", &[], "kings-only", None);
            r.unwrap().upheld
        };
        assert_eq!((upheld(&written), upheld(&mutated)), (false, true));
        // A xiangqi claim stays verified.
        assert!(books("xiangqi", D::ClaimUnverified).1.claims_verified);
    }

    #[test]
    fn a_repetition_reading_and_the_judging_are_altered_in_the_readings() {
        let (written, mutated) = books("xiangqi", D::VerdictAfterFourCycles);
        let cycles = |p: &PlayRules| p.repetition.map(|r| r.cycles_for_verdict);
        assert_eq!((cycles(&written), cycles(&mutated)), (Some(3), Some(4)));
        let (written, mutated) = books("xiangqi", D::UnchangedRepetitionNeverLoses);
        let judging = |p: &PlayRules| p.repetition.map(|r| r.judging.cycles_before_loss);
        assert_eq!(
            (judging(&written), judging(&mutated)),
            (Some(Some(1)), Some(None))
        );
        // A reading of the other edition is left alone.
        let (written, mutated) = books("xiangqi@axf", D::CheckAndChaseAllowed);
        assert_eq!(written, mutated);
    }

    #[test]
    fn a_protected_piece_is_chased() {
        let (written, mutated) = books("xiangqi", D::ProtectedPieceChased);
        let rules = |p: &PlayRules| p.repetition.expect("xiangqi has repetition readings");
        assert!(rules(&written).protection_counts && !rules(&mutated).protection_counts);
        // The red chariot attacks the black horse on a6, which the black chariot protects.
        let pos =
            crate::xiangqi::Position::from_fen("5k3/9/r8/9/n8/9/9/9/9/R2K5 w - - 0 1").unwrap();
        let targets = |p: &PlayRules| threats(&pos, &rules(p)).len();
        assert_eq!((targets(&written), targets(&mutated)), (0, 1));
    }
}
