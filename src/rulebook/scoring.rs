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
    let swap = |list: &mut Vec<Tiebreak>, a: Criterion, b: Criterion| {
        let i = list.iter().position(|t| t.criterion == a);
        let j = list.iter().position(|t| t.criterion == b);
        if let (Some(i), Some(j)) = (i, j) {
            list.swap(i, j);
        }
    };
    let replace = |list: &mut Vec<Tiebreak>, a: Criterion, b: Criterion| {
        for t in list.iter_mut().filter(|t| t.criterion == a) {
            t.criterion = b;
        }
    };
    let kind = c.kind;
    let t = &mut c.tiebreaks;
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
    match kind {
        Kind::RoundRobin => {
            if is(M::RoundRobinBuchholz) {
                replace(t, Criterion::Sonneborn, Criterion::Buchholz);
            }
            if is(M::RoundRobinViolationsIgnored) {
                t.retain(|x| x.criterion != Criterion::Violations);
            }
        }
        Kind::RoundRobinMatches => {
            if is(M::MatchesRankedByGamePoints) {
                c.score = RankedBy::GamePoints;
            }
            if is(M::MatchesViolationsBeforeGamePoints) {
                swap(t, Criterion::GamePoints, Criterion::Violations);
            }
            if is(M::MatchesBuchholz) {
                replace(t, Criterion::Sonneborn, Criterion::Buchholz);
            }
            if is(M::MatchesViolationsIgnored) {
                t.retain(|x| x.criterion != Criterion::Violations);
            }
        }
        Kind::Swiss => {
            if is(M::SwissSonneborn) {
                replace(t, Criterion::Buchholz, Criterion::Sonneborn);
            }
        }
        Kind::TeamRoundRobin => {
            if is(M::TeamRoundRobinViolationsFirst) {
                swap(t, Criterion::GamePoints, Criterion::Violations);
            }
        }
        Kind::TeamSwiss => {
            if is(M::TeamSwissGamePointsFirst) {
                swap(t, Criterion::Buchholz, Criterion::GamePoints);
            }
            if is(M::TeamSwissStopsAtBuchholz) {
                t.retain(|x| x.criterion != Criterion::GamePoints);
            }
            if is(M::TeamSwissViolationsIgnored) {
                t.retain(|x| x.criterion != Criterion::Violations);
            }
        }
        Kind::TeamTotal => {
            if is(M::TeamTotalViolationsIgnored) {
                t.retain(|x| x.criterion != Criterion::Violations);
            }
        }
    }
    if is(M::PenaltyIgnored) {
        t.retain(|x| x.criterion != Criterion::Penalty);
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
