//! The transform of the scoring rules ([`Scoring`]): which parameter of a competition a
//! scoring mutant of the reference alters.

use crate::mutant::ScoringMutant as M;
use crate::standings::Threshold;
use crate::standings::{
    Competition, Criterion, Kind, Points, RankedBy, Scoring, Tiebreak, WithdrawalRule,
};
use crate::Game;

/// The scoring rules with the clause `m` breaks altered, in every competition they define.
pub(super) fn scored(mut scoring: Scoring, m: M) -> Scoring {
    let game = scoring.game;
    scoring.alter(|c| altered(c, game, m));
    scoring
}

/// The competition as the scoring mutant `m` alters it (one parameter each).
fn altered(c: &mut Competition, game: Game, m: M) {
    let is = |x: M| m == x;
    match m {
        M::TiesSplitByName => c.ties_shared = false,
        M::ForfeitCountsAsPlayed => c.absence_marked = false,
        M::PlaceSumHigherFirst => c.place_sum_lower_first = false,
        M::HalfNeedsMoreThanHalf => c.withdrawal_threshold = Threshold::MoreThanHalf,
        M::WithdrawalResultsAlwaysStand => c.withdrawal_threshold = Threshold::Always,
        M::WithdrawalResultsAlwaysCancelled => c.withdrawal_threshold = Threshold::Never,
        _ => {}
    }
    let kind = c.kind;
    if game.is_draughts() {
        if is(M::DraughtsChessScale) {
            c.points = Points {
                win: 1.0,
                draw: 0.5,
                match_win: 1.0,
                match_draw: 0.5,
                plus: 1.0,
            };
        }
        return;
    }
    if is(M::XiangqiGamesTwoOneZero) {
        c.points.win = 2.0;
        c.points.draw = 1.0;
    }
    if is(M::IndividualMatchTwoPoints) && !kind.is_team() {
        c.points.match_win = 2.0;
        c.points.match_draw = 1.0;
    }
    if is(M::TeamMatchWinOne) && kind.is_team() {
        c.points.match_win = 1.0;
        c.points.match_draw = 0.5;
    }
    if is(M::TeamForfeitOnePoint) && kind.is_team() {
        c.points.plus = 1.0;
    }
    if is(M::MatchesRankedByGamePoints) && kind == Kind::RoundRobinMatches {
        c.score = RankedBy::GamePoints;
    }
    if let Some((only, edit)) = tiebreak_edit(m) {
        if only.is_none_or(|k| k == kind) {
            edit.apply(&mut c.tiebreaks);
        }
    }
    if is(M::TwoGameNoSwap) {
        c.swap_second_game = false;
    }
    if is(M::TeamBoardsNotAlternated) {
        c.alternate_boards = false;
    }
    if is(M::SwissWithdrawalHalfRule) && c.withdrawal == WithdrawalRule::ResultsStand {
        c.withdrawal = WithdrawalRule::HalfOfOpponents;
    }
}

/// An alteration of a competition's order of tie-breaks.
#[derive(Debug, Clone, Copy)]
enum TiebreakEdit {
    /// The first criterion replaced by the second.
    Replace(Criterion, Criterion),
    /// The two criteria swapped in the order (when both are there).
    Swap(Criterion, Criterion),
    /// The criterion dropped.
    Drop(Criterion),
}

impl TiebreakEdit {
    fn apply(self, list: &mut Vec<Tiebreak>) {
        let at = |list: &[Tiebreak], c: Criterion| list.iter().position(|t| t.criterion == c);
        match self {
            TiebreakEdit::Replace(a, b) => {
                for t in list.iter_mut().filter(|t| t.criterion == a) {
                    t.criterion = b;
                }
            }
            TiebreakEdit::Swap(a, b) => {
                if let (Some(i), Some(j)) = (at(list, a), at(list, b)) {
                    list.swap(i, j);
                }
            }
            TiebreakEdit::Drop(a) => list.retain(|t| t.criterion != a),
        }
    }
}

/// The tie-breaks a scoring mutant alters: in which kind of competition (`None`: every
/// kind) and how; `None` for a mutant of no tie-break.
fn tiebreak_edit(m: M) -> Option<(Option<Kind>, TiebreakEdit)> {
    use Criterion as C;
    use TiebreakEdit as E;
    let (kind, edit) = match m {
        M::RoundRobinBuchholz => (Kind::RoundRobin, E::Replace(C::Sonneborn, C::Buchholz)),
        M::RoundRobinViolationsIgnored => (Kind::RoundRobin, E::Drop(C::Violations)),
        M::MatchesViolationsBeforeGamePoints => (
            Kind::RoundRobinMatches,
            E::Swap(C::GamePoints, C::Violations),
        ),
        M::MatchesBuchholz => (
            Kind::RoundRobinMatches,
            E::Replace(C::Sonneborn, C::Buchholz),
        ),
        M::MatchesViolationsIgnored => (Kind::RoundRobinMatches, E::Drop(C::Violations)),
        M::SwissSonneborn => (Kind::Swiss, E::Replace(C::Buchholz, C::Sonneborn)),
        M::TeamRoundRobinViolationsFirst => {
            (Kind::TeamRoundRobin, E::Swap(C::GamePoints, C::Violations))
        }
        M::TeamSwissGamePointsFirst => (Kind::TeamSwiss, E::Swap(C::Buchholz, C::GamePoints)),
        M::TeamSwissStopsAtBuchholz => (Kind::TeamSwiss, E::Drop(C::GamePoints)),
        M::TeamSwissViolationsIgnored => (Kind::TeamSwiss, E::Drop(C::Violations)),
        M::TeamTotalViolationsIgnored => (Kind::TeamTotal, E::Drop(C::Violations)),
        M::PenaltyIgnored => return Some((None, E::Drop(C::Penalty))),
        _ => return None,
    };
    Some((Some(kind), edit))
}
