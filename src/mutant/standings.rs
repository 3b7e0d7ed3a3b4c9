//! Mutants of tournament scoring, standings and colour allocation: each alters one entry of
//! a competition's table ([`crate::standings::Competition`]) — a point value, a tie-break or
//! its place in the order, the withdrawal rule, a colour rule.

super::mutant_family! {
    /// A mutant of scoring and standings.
    ScoringMutant;
    DraughtsChessScale = "draughts-chess-scale", "d64.scoring.win-two", [Brazilian, Russian],
        "draughts games score 1/½/0 instead of 2/1/0";
    XiangqiGamesTwoOneZero = "xiangqi-games-two-one-zero", "xq.scoring.game-points", [Xiangqi],
        "xiangqi games score 2/1/0 instead of 1/½/0";
    IndividualMatchTwoPoints = "individual-match-two-points",
        "xq.scoring.individual-match-points", [Xiangqi],
        "an individual match won scores 2 match points (the team scale) instead of 1";
    RoundRobinBuchholz = "round-robin-buchholz", "xq.scoring.rr-single-sonneborn", [Xiangqi],
        "one-game round robins break ties by 对手分 (Buchholz) instead of 小分 (Sonneborn-Berger)";
    RoundRobinViolationsIgnored = "round-robin-violations-ignored",
        "xq.scoring.rr-single-violations", [Xiangqi],
        "one-game round robins do not break ties by violations";
    MatchesRankedByGamePoints = "matches-ranked-by-game-points", "xq.scoring.rr-multi-rank",
        [Xiangqi],
        "round robins of matches rank by game points instead of match points";
    MatchesViolationsBeforeGamePoints = "matches-violations-before-game-points",
        "xq.scoring.rr-multi-game-points", [Xiangqi],
        "round robins of matches compare violations before total game points";
    SwissSonneborn = "swiss-sonneborn", "xq.scoring.swiss-individual-rank", [Xiangqi],
        "individual Swiss events break ties by 小分 (Sonneborn-Berger) instead of 对手分";
    TeamMatchWinOne = "team-match-win-one", "xq.scoring.team-match-points", [Xiangqi],
        "a team match won scores 1 match point (½ drawn) instead of 2 (1)";
    TeamRoundRobinViolationsFirst = "team-round-robin-violations-first",
        "xq.scoring.team-rr-rank", [Xiangqi],
        "team round robins compare violations before total game points";
    TeamSwissGamePointsFirst = "team-swiss-game-points-first",
        "xq.scoring.team-swiss-opponents", [Xiangqi],
        "team Swiss events compare game points before team 对手分";
    PlaceSumHigherFirst = "place-sum-higher-first", "xq.scoring.team-total-place-sum",
        [Xiangqi],
        "under the players' total the higher sum of individual places ranks first";
    WithdrawalResultsAlwaysStand = "withdrawal-results-always-stand",
        "xq.withdrawal.under-half", [Xiangqi],
        "a round-robin withdrawal keeps the results even when fewer than half the opponents were played";
    WithdrawalResultsAlwaysCancelled = "withdrawal-results-always-cancelled",
        "xq.withdrawal.half-or-more", [Xiangqi],
        "a round-robin withdrawal cancels the results even when half the opponents or more were played";
    SwissWithdrawalHalfRule = "swiss-withdrawal-half-rule", "xq.withdrawal.swiss", [Xiangqi],
        "a Swiss withdrawal is judged by the round robin's half-the-opponents rule";
    TeamForfeitOnePoint = "team-forfeit-one-point", "xq.withdrawal.forfeit-marks", [Xiangqi],
        "a team's `+` is worth 1 point instead of 2";
    PenaltyIgnored = "penalty-ignored", "xq.discipline.ranking", [Xiangqi],
        "penalised players are not placed last among equal scores";
    TwoGameNoSwap = "two-game-no-swap", "xq.colours.two-game-swap", [Xiangqi],
        "players keep their colours in the second game of a two-game match";
    TiesSplitByName = "ties-split-by-name", "xq.scoring.rr-single-shared", [Xiangqi],
        "entries equal on every criterion get separate places in name order instead of sharing";
    HalfNeedsMoreThanHalf = "withdrawal-half-needs-more-than-half", "xq.withdrawal.half-or-more",
        [Xiangqi],
        "a round-robin withdrawal keeps the results only when more than half the opponents were played";
    ForfeitCountsAsPlayed = "forfeit-counts-as-played", "xq.withdrawal.forfeit-marks",
        [Xiangqi],
        "a game decided by absence counts as played: no + or − marks";
    MatchesBuchholz = "matches-buchholz", "xq.scoring.rr-multi-sonneborn", [Xiangqi],
        "round robins of matches break ties by 对手分 (Buchholz) instead of 小分";
    MatchesViolationsIgnored = "matches-violations-ignored", "xq.scoring.rr-multi-violations",
        [Xiangqi],
        "round robins of matches do not break ties by violations";
    TeamSwissStopsAtBuchholz = "team-swiss-stops-at-buchholz",
        "xq.scoring.team-swiss-game-points", [Xiangqi],
        "team Swiss events do not break ties by game points after team 对手分";
    TeamSwissViolationsIgnored = "team-swiss-violations-ignored",
        "xq.scoring.team-swiss-violations", [Xiangqi],
        "team Swiss events do not break ties by violations";
    TeamTotalViolationsIgnored = "team-total-violations-ignored",
        "xq.scoring.team-total-violations", [Xiangqi],
        "the players' total does not break ties by violations";
    TeamBoardsNotAlternated = "team-boards-not-alternated", "xq.colours.round-robin-team",
        [Xiangqi],
        "the team listed first (or with the move) has red on every board, not only the odd ones";
}
