//! Mutants of tournament scoring, standings and colour allocation: each alters one entry of
//! a competition's table ([`crate::standings::Competition`]) — a point value, a tie-break or
//! its place in the order, the withdrawal rule, a colour rule.

use crate::clause;

super::mutant_family! {
    /// A mutant of scoring and standings.
    ScoringMutant;
    DraughtsChessScale = "draughts-chess-scale", clause::D64_SCORING_WIN_TWO, [Brazilian, Russian],
        "draughts games score 1/½/0 instead of 2/1/0";
    XiangqiGamesTwoOneZero = "xiangqi-games-two-one-zero", clause::XQ_SCORING_GAME_POINTS, [Xiangqi],
        "xiangqi games score 2/1/0 instead of 1/½/0";
    IndividualMatchTwoPoints = "individual-match-two-points",
        clause::XQ_SCORING_INDIVIDUAL_MATCH_POINTS, [Xiangqi],
        "an individual match won scores 2 match points (the team scale) instead of 1";
    RoundRobinBuchholz = "round-robin-buchholz", clause::XQ_SCORING_RR_SINGLE_SONNEBORN, [Xiangqi],
        "one-game round robins break ties by 对手分 (Buchholz) instead of 小分 (Sonneborn-Berger)";
    RoundRobinViolationsIgnored = "round-robin-violations-ignored",
        clause::XQ_SCORING_RR_SINGLE_VIOLATIONS, [Xiangqi],
        "one-game round robins do not break ties by violations";
    MatchesRankedByGamePoints = "matches-ranked-by-game-points", clause::XQ_SCORING_RR_MULTI_RANK,
        [Xiangqi],
        "round robins of matches rank by game points instead of match points";
    MatchesViolationsBeforeGamePoints = "matches-violations-before-game-points",
        clause::XQ_SCORING_RR_MULTI_GAME_POINTS, [Xiangqi],
        "round robins of matches compare violations before total game points";
    SwissSonneborn = "swiss-sonneborn", clause::XQ_SCORING_SWISS_INDIVIDUAL_RANK, [Xiangqi],
        "individual Swiss events break ties by 小分 (Sonneborn-Berger) instead of 对手分";
    TeamMatchWinOne = "team-match-win-one", clause::XQ_SCORING_TEAM_MATCH_POINTS, [Xiangqi],
        "a team match won scores 1 match point (½ drawn) instead of 2 (1)";
    TeamRoundRobinViolationsFirst = "team-round-robin-violations-first",
        clause::XQ_SCORING_TEAM_RR_RANK, [Xiangqi],
        "team round robins compare violations before total game points";
    TeamSwissGamePointsFirst = "team-swiss-game-points-first",
        clause::XQ_SCORING_TEAM_SWISS_OPPONENTS, [Xiangqi],
        "team Swiss events compare game points before team 对手分";
    PlaceSumHigherFirst = "place-sum-higher-first", clause::XQ_SCORING_TEAM_TOTAL_PLACE_SUM,
        [Xiangqi],
        "under the players' total the higher sum of individual places ranks first";
    WithdrawalResultsAlwaysStand = "withdrawal-results-always-stand",
        clause::XQ_WITHDRAWAL_UNDER_HALF, [Xiangqi],
        "a round-robin withdrawal keeps the results even when fewer than half the opponents were played";
    WithdrawalResultsAlwaysCancelled = "withdrawal-results-always-cancelled",
        clause::XQ_WITHDRAWAL_HALF_OR_MORE, [Xiangqi],
        "a round-robin withdrawal cancels the results even when half the opponents or more were played";
    SwissWithdrawalHalfRule = "swiss-withdrawal-half-rule", clause::XQ_WITHDRAWAL_SWISS, [Xiangqi],
        "a Swiss withdrawal is judged by the round robin's half-the-opponents rule";
    TeamForfeitOnePoint = "team-forfeit-one-point", clause::XQ_WITHDRAWAL_FORFEIT_MARKS, [Xiangqi],
        "a team's `+` is worth 1 point instead of 2";
    PenaltyIgnored = "penalty-ignored", clause::XQ_DISCIPLINE_RANKING, [Xiangqi],
        "penalised players are not placed last among equal scores";
    TwoGameNoSwap = "two-game-no-swap", clause::XQ_COLOURS_TWO_GAME_SWAP, [Xiangqi],
        "players keep their colours in the second game of a two-game match";
    TiesSplitByName = "ties-split-by-name", clause::XQ_SCORING_RR_SINGLE_SHARED, [Xiangqi],
        "entries equal on every criterion get separate places in name order instead of sharing";
    HalfNeedsMoreThanHalf = "withdrawal-half-needs-more-than-half", clause::XQ_WITHDRAWAL_HALF_OR_MORE,
        [Xiangqi],
        "a round-robin withdrawal keeps the results only when more than half the opponents were played";
    ForfeitCountsAsPlayed = "forfeit-counts-as-played", clause::XQ_WITHDRAWAL_FORFEIT_MARKS,
        [Xiangqi],
        "a game decided by absence counts as played: no + or − marks";
    MatchesBuchholz = "matches-buchholz", clause::XQ_SCORING_RR_MULTI_SONNEBORN, [Xiangqi],
        "round robins of matches break ties by 对手分 (Buchholz) instead of 小分";
    MatchesViolationsIgnored = "matches-violations-ignored", clause::XQ_SCORING_RR_MULTI_VIOLATIONS,
        [Xiangqi],
        "round robins of matches do not break ties by violations";
    TeamSwissStopsAtBuchholz = "team-swiss-stops-at-buchholz",
        clause::XQ_SCORING_TEAM_SWISS_GAME_POINTS, [Xiangqi],
        "team Swiss events do not break ties by game points after team 对手分";
    TeamSwissViolationsIgnored = "team-swiss-violations-ignored",
        clause::XQ_SCORING_TEAM_SWISS_VIOLATIONS, [Xiangqi],
        "team Swiss events do not break ties by violations";
    TeamTotalViolationsIgnored = "team-total-violations-ignored",
        clause::XQ_SCORING_TEAM_TOTAL_VIOLATIONS, [Xiangqi],
        "the players' total does not break ties by violations";
    TeamBoardsNotAlternated = "team-boards-not-alternated", clause::XQ_COLOURS_ROUND_ROBIN_TEAM,
        [Xiangqi],
        "the team listed first (or with the move) has red on every board, not only the odd ones";
}
