//! [`Competition`]: what each kind of competition scores and the order of its tie-breaks,
//! as typed tables from the seeds (xiangqi 第三章 第四节 成绩计算, 第五节 退出比赛, 第六节 二
//! 纪律处分; draughts art. 12.6), each entry with the clause that sets it. The computation
//! ([`crate::standings::compute`]) reads these tables and has no branch per kind: a
//! different competition is a different table.
//!
//! ```
//! use arbiter::standings::{Competition, Criterion, Kind};
//! use arbiter::Game;
//!
//! let rr = Competition::of(Game::Xiangqi, Kind::RoundRobin).unwrap();
//! let order: Vec<Criterion> = rr.tiebreaks.iter().map(|t| t.criterion).collect();
//! assert_eq!(order, [Criterion::Penalty, Criterion::Sonneborn, Criterion::Violations]);
//! // The draughts rules score 2/1/0 and define no tie-break: equal points share places.
//! let d = Competition::of(Game::Russian, Kind::RoundRobin).unwrap();
//! assert!(d.tiebreaks.is_empty());
//! assert_eq!(d.points.win, 2.0);
//! ```

use super::tournament::Kind;
use crate::clause;
use crate::Game;

/// What ranks the entries first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RankedBy {
    /// Game points (局分 / 积分).
    GamePoints,
    /// Match points (场分).
    MatchPoints,
    /// The sum of the team's players' game points in the individual competition.
    PlayersGamePoints,
}

/// A tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Criterion {
    /// Penalised players (warning, disqualification from a game) last among equal scores.
    Penalty,
    /// 小分: the final scores of the opponents beaten plus half those of the opponents
    /// drawn with (Sonneborn-Berger).
    Sonneborn,
    /// 对手分: the final scores of all opponents played (Buchholz).
    Buchholz,
    /// Total game points.
    GamePoints,
    /// Fewer violations.
    Violations,
    /// 个人名次总和: the sum of the players' individual places, lower first.
    PlaceSum,
}

impl Criterion {
    /// Every criterion.
    pub const ALL: [Criterion; 6] = [
        Criterion::Penalty,
        Criterion::Sonneborn,
        Criterion::Buchholz,
        Criterion::GamePoints,
        Criterion::Violations,
        Criterion::PlaceSum,
    ];

    /// The slug (`sonneborn`, `buchholz`, `game-points`, `violations`, `penalty`,
    /// `place-sum`).
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Penalty => "penalty",
            Criterion::Sonneborn => "sonneborn",
            Criterion::Buchholz => "buchholz",
            Criterion::GamePoints => "game-points",
            Criterion::Violations => "violations",
            Criterion::PlaceSum => "place-sum",
        }
    }

    /// Whether a lower value ranks first.
    pub fn lower_first(self) -> bool {
        matches!(
            self,
            Criterion::Penalty | Criterion::Violations | Criterion::PlaceSum
        )
    }
}

named!(from_name Criterion);

/// A tie-break in its place, with the clause that puts it there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tiebreak {
    /// The criterion.
    pub criterion: Criterion,
    /// The clause.
    pub clause: &'static str,
}

/// What a withdrawal does to an entry's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WithdrawalRule {
    /// Round robin: fewer than half the scheduled opponents played, every result is
    /// cancelled (kept on the table, unranked); half or more, the results stand and every
    /// game not played is a forfeit win (`+`) for the opponent.
    HalfOfOpponents,
    /// Swiss: the results stand, half played or not, and every round not played is lost.
    ResultsStand,
    /// The rules define none (draughts).
    Undefined,
}

/// Points per result, in the units the table shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Points {
    /// A game won.
    pub win: f64,
    /// A game drawn.
    pub draw: f64,
    /// A match won (more game points in it).
    pub match_win: f64,
    /// A match drawn (equal game points).
    pub match_draw: f64,
    /// A `+`: a win by the opponent's absence (an individual game, or a team match in
    /// team events).
    pub plus: f64,
}

/// A kind of competition under a game's rules: its score, tie-breaks and withdrawal rule.
#[derive(Debug, Clone, PartialEq)]
pub struct Competition {
    /// The kind.
    pub kind: Kind,
    /// What ranks first.
    pub score: RankedBy,
    /// The clause of the score.
    pub score_clause: &'static str,
    /// The tie-breaks in order; still tied, the places are shared.
    pub tiebreaks: Vec<Tiebreak>,
    /// The clause sharing the places of a complete tie, when the rules say so.
    pub shared_clause: Option<&'static str>,
    /// What a withdrawal does.
    pub withdrawal: WithdrawalRule,
    /// Points per result.
    pub points: Points,
    /// Colours: the first entry of a pairing has red on the odd boards (and the other on
    /// the even ones) — `false` gives it every board.
    pub alternate_boards: bool,
    /// Colours: the players swap colours in the second game of a two-game match (分先).
    pub swap_second_game: bool,
    /// Entries equal on every criterion share their places (`false` splits them by name).
    pub ties_shared: bool,
    /// A game decided by absence is marked `+`/`−` and not counted as played (`false`
    /// counts it as played).
    pub absence_marked: bool,
    /// Lower place sums rank first.
    pub place_sum_lower_first: bool,
    /// How many of the scheduled opponents a round-robin withdrawer must have met for his
    /// results to stand (`xq.withdrawal.half-or-more`).
    pub withdrawal_threshold: Threshold,
}

/// How many of the scheduled opponents a round-robin withdrawer must have met for his
/// results to stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threshold {
    /// Half or more (the rule).
    HalfOrMore,
    /// More than half.
    MoreThanHalf,
    /// The results always stand.
    Always,
    /// The results are always cancelled.
    Never,
}

impl Threshold {
    /// Whether the results of a withdrawer who met `met` of `scheduled` opponents stand.
    ///
    /// ```
    /// use arbiter::standings::Threshold;
    ///
    /// assert!(Threshold::HalfOrMore.stands(2, 4));
    /// assert!(!Threshold::MoreThanHalf.stands(2, 4));
    /// ```
    pub fn stands(self, met: usize, scheduled: usize) -> bool {
        match self {
            Threshold::HalfOrMore => 2 * met >= scheduled,
            Threshold::MoreThanHalf => 2 * met > scheduled,
            Threshold::Always => true,
            Threshold::Never => false,
        }
    }
}

/// How a game's competitions are scored: the competition of each kind (the tables of
/// [`Competition::of`]), as values a rule book may alter.
///
/// ```
/// use arbiter::standings::{Kind, Scoring};
/// use arbiter::Game;
///
/// let mut scoring = Scoring::of(Game::Xiangqi);
/// assert_eq!(scoring.competition(Kind::RoundRobin).unwrap().points.win, 1.0);
/// scoring.alter(|c| c.points.win = 2.0);
/// assert_eq!(scoring.competition(Kind::RoundRobin).unwrap().points.win, 2.0);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Scoring {
    /// The game.
    pub game: Game,
    /// The competition of each kind, or why the rules define none.
    competitions: Vec<(Kind, Result<Competition, String>)>,
}

impl Scoring {
    /// The scoring rules of a game, as written.
    pub fn of(game: Game) -> Scoring {
        Scoring {
            game,
            competitions: Kind::ALL
                .iter()
                .map(|&kind| (kind, Competition::of(game, kind)))
                .collect(),
        }
    }

    /// The competition of `kind` under these rules; an error when the rules define no
    /// such competition.
    pub fn competition(&self, kind: Kind) -> Result<Competition, String> {
        self.competitions
            .iter()
            .find(|(k, _)| *k == kind)
            .map(|(_, c)| c.clone())
            .unwrap_or_else(|| Competition::of(self.game, kind))
    }

    /// Alters every competition the rules define with `f`.
    pub fn alter(&mut self, mut f: impl FnMut(&mut Competition)) {
        for (_, c) in &mut self.competitions {
            if let Ok(c) = c {
                f(c);
            }
        }
    }
}

const fn tb(criterion: Criterion, clause: &'static str) -> Tiebreak {
    Tiebreak { criterion, clause }
}

impl Competition {
    /// The competition of `kind` under `game`'s rules as written; an error when the rules
    /// define no such competition.
    pub fn of(game: Game, kind: Kind) -> Result<Competition, String> {
        use Criterion as C;
        let c = if game.is_draughts() {
            // Art. 12.6: a win 2, a draw 1, a loss 0; nothing about tie-breaks, matches,
            // teams or withdrawals.
            if !matches!(kind, Kind::RoundRobin | Kind::Swiss) {
                return Err(format!(
                    "the draughts rules (art. 12.6) score games only; they define no {kind} \
                     competition (use round-robin or swiss)"
                ));
            }
            Competition {
                kind,
                score: RankedBy::GamePoints,
                score_clause: clause::D64_SCORING_WIN_TWO,
                tiebreaks: Vec::new(),
                shared_clause: None,
                withdrawal: WithdrawalRule::Undefined,
                points: Points {
                    win: 2.0,
                    draw: 1.0,
                    match_win: 2.0,
                    match_draw: 1.0,
                    plus: 2.0,
                },
                alternate_boards: false,
                swap_second_game: false,
                ties_shared: true,
                absence_marked: true,
                place_sum_lower_first: true,
                withdrawal_threshold: Threshold::HalfOrMore,
            }
        } else {
            let individual = Points {
                win: 1.0,
                draw: 0.5,
                match_win: 1.0,
                match_draw: 0.5,
                plus: 1.0,
            };
            let team = Points {
                match_win: 2.0,
                match_draw: 1.0,
                plus: 2.0,
                ..individual
            };
            let penalty = tb(C::Penalty, clause::XQ_DISCIPLINE_RANKING);
            let (score, score_clause, tiebreaks, shared, withdrawal, points) = match kind {
                Kind::RoundRobin => (
                    RankedBy::GamePoints,
                    clause::XQ_SCORING_RR_SINGLE_RANK,
                    vec![
                        penalty,
                        tb(C::Sonneborn, clause::XQ_SCORING_RR_SINGLE_SONNEBORN),
                        tb(C::Violations, clause::XQ_SCORING_RR_SINGLE_VIOLATIONS),
                    ],
                    clause::XQ_SCORING_RR_SINGLE_SHARED,
                    WithdrawalRule::HalfOfOpponents,
                    individual,
                ),
                Kind::RoundRobinMatches => (
                    RankedBy::MatchPoints,
                    clause::XQ_SCORING_RR_MULTI_RANK,
                    vec![
                        penalty,
                        tb(C::Sonneborn, clause::XQ_SCORING_RR_MULTI_SONNEBORN),
                        tb(C::GamePoints, clause::XQ_SCORING_RR_MULTI_GAME_POINTS),
                        tb(C::Violations, clause::XQ_SCORING_RR_MULTI_VIOLATIONS),
                    ],
                    clause::XQ_SCORING_RR_MULTI_SHARED,
                    WithdrawalRule::HalfOfOpponents,
                    individual,
                ),
                Kind::Swiss => (
                    RankedBy::GamePoints,
                    clause::XQ_SCORING_SWISS_INDIVIDUAL_RANK,
                    vec![
                        penalty,
                        tb(C::Buchholz, clause::XQ_SCORING_SWISS_INDIVIDUAL_RANK),
                    ],
                    clause::XQ_SCORING_SWISS_INDIVIDUAL_RANK,
                    WithdrawalRule::ResultsStand,
                    individual,
                ),
                Kind::TeamRoundRobin => (
                    RankedBy::MatchPoints,
                    clause::XQ_SCORING_TEAM_RR_RANK,
                    vec![
                        tb(C::GamePoints, clause::XQ_SCORING_TEAM_RR_RANK),
                        tb(C::Violations, clause::XQ_SCORING_TEAM_RR_RANK),
                    ],
                    clause::XQ_SCORING_TEAM_RR_RANK,
                    WithdrawalRule::HalfOfOpponents,
                    team,
                ),
                Kind::TeamSwiss => (
                    RankedBy::MatchPoints,
                    clause::XQ_SCORING_TEAM_SWISS_RANK,
                    vec![
                        tb(C::Buchholz, clause::XQ_SCORING_TEAM_SWISS_OPPONENTS),
                        tb(C::GamePoints, clause::XQ_SCORING_TEAM_SWISS_GAME_POINTS),
                        tb(C::Violations, clause::XQ_SCORING_TEAM_SWISS_VIOLATIONS),
                    ],
                    clause::XQ_SCORING_TEAM_SWISS_SHARED,
                    WithdrawalRule::ResultsStand,
                    team,
                ),
                Kind::TeamTotal => (
                    RankedBy::PlayersGamePoints,
                    clause::XQ_SCORING_TEAM_TOTAL_RANK,
                    vec![
                        tb(C::PlaceSum, clause::XQ_SCORING_TEAM_TOTAL_PLACE_SUM),
                        tb(C::Violations, clause::XQ_SCORING_TEAM_TOTAL_VIOLATIONS),
                    ],
                    clause::XQ_SCORING_TEAM_TOTAL_SHARED,
                    WithdrawalRule::HalfOfOpponents,
                    individual,
                ),
            };
            Competition {
                kind,
                score,
                score_clause,
                tiebreaks,
                shared_clause: Some(shared),
                withdrawal,
                points,
                alternate_boards: true,
                swap_second_game: true,
                ties_shared: true,
                absence_marked: true,
                place_sum_lower_first: true,
                withdrawal_threshold: Threshold::HalfOrMore,
            }
        };
        Ok(c)
    }
}
