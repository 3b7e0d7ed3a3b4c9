//! [`ClockRules`]: what the rulebooks of a game say about clocks, beyond the time control —
//! who is charged, what a player stopping the clock costs, how lateness and clock faults are
//! settled — each rule with the catalog clause that decides it.
//!
//! | | draughts (CXA seed) | xiangqi (CXA seed) |
//! | --- | --- | --- |
//! | the arbiter rules on a claim | the claimant's clock runs (art. 8 item 2.7) | the clocks are stopped (第一章 第四节 二 (四): 裁判员可停钟审查记录) |
//! | the arbiter corrects an irregularity | his time is charged to the offender (art. 8 item 2.8) | — |
//! | a player stops the clocks | loses (art. 9 item 2) | a counted violation (第三章 第六节 三 (四)) |
//! | both players absent at the start | the first to arrive has the elapsed time split equally over both clocks (art. 9 item 3) | each is charged his own lateness (第四章 第二节 四 (二)) |
//! | the lateness limit is measured on | the game time (art. 8 item 3.2: 迟到超过赛场规定时间) | the lateness as charged: the absent player's own clock (第四章 第二节 四 (二): 若棋钟有一方超过了…时限) |
//! | a fallen flag, with flags that fall unnoticed | ends the game when reported, by either player or the arbiter (art. 8 item 4) | ends the game when reported: the fall of the indicator decides (第四章 第二节 一 (三)) |
//! | both flags down, the order unknown | the game goes on (chess laws art. 12.8) | the game goes on; the next move is the first of the next period (art. 12.8) |
//! | repeated forcing moves to make up the quota | — | at most four valid (第四章 第二节 一 (五)) |
//! | time left from the previous game of a match | not carried (art. 8 item 2.10) | — |
//! | an error corrected by taking moves back | the chess laws' reallocation, not below 5 min or 1 min a move (art. 12.6) | proportional, not within the last two rounds (第四章 第二节 一 (四)) |

use super::{ForcingRules, Span};
use crate::clause;
use crate::Game;

/// How the time the arbiter takes to rule on a draw claim is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClaimClock {
    /// The claimant's clock keeps running; a flag during the ruling is ignored if the claim
    /// is upheld and loses otherwise (draughts art. 8 item 2.7).
    Runs,
    /// The arbiter stops the clocks to examine the claim (xiangqi 第一章 第四节 二 (四)).
    Stopped,
}

/// What a player stopping the clocks without the arbiter costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayerStop {
    /// The game is lost (draughts art. 9 item 2; only the arbiter stops the clocks, art. 15
    /// item 2.9).
    Loses,
    /// A counted violation (xiangqi 违例 `stopping-clock`).
    Violation,
}

/// How the clocks are settled when both players were absent at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BothAbsent {
    /// When the first arrives, the time elapsed is divided equally between both clocks and
    /// the first player's clock restarted (draughts art. 9 item 3).
    SplitAtFirstArrival,
    /// Each player is charged his own lateness (xiangqi 第四章 第二节 四 (二)).
    OwnLateness,
}

/// What the lateness limit is measured on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LatenessMeasure {
    /// The game time since the scheduled start, whatever clock runs (draughts art. 8 item
    /// 3.2: 迟到超过赛场规定时间).
    GameTime,
    /// The lateness as it is charged to the absent player: the time his own clock has run
    /// while he is away, or, both being absent at the start, the time since the start that
    /// each is charged (xiangqi 第四章 第二节 四 (二): 若棋钟有一方超过了…时限，即应判负).
    Charged,
}

/// How the time left at the end of a game of a match counts in the next game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchTime {
    /// Each game is timed separately: nothing is carried (draughts art. 8 item 2.10).
    Separate,
    /// The time left is added to the side's time in the next game (no seed's rule; the
    /// wrong reading the case checks against).
    Carried,
}

/// How used times are rescaled when moves are taken back to correct an error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// An error in the last this-many rounds leaves the times as they are (xiangqi: 2).
    pub recent_rounds: Option<u32>,
    /// The reallocation is not applied if it would leave a side less than this before the
    /// time control (chess laws art. 12.6: 5 minutes).
    pub minimum: Option<Span>,
    /// … or less than this per move still to make before the control (art. 12.6: 1 minute).
    pub minimum_per_move: Option<Span>,
    /// The clause of the rescaling.
    pub clause: &'static str,
    /// The clause of the recent-error exception.
    pub recent_clause: Option<&'static str>,
    /// The clause of the minimum.
    pub minimum_clause: Option<&'static str>,
}

/// A game's clock rules, each with its deciding clause. Built by [`ClockRules::of`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClockRules {
    /// The game.
    pub game: Game,
    /// The clause of the result of a flag: the side loses.
    pub time_forfeit_clause: &'static str,
    /// The clause of a flag after a move made but not pressed, when the game has one.
    pub unpressed_clause: Option<&'static str>,
    /// The clause of an illegal move that is no move towards the quota, when the game has one.
    pub illegal_move_clause: Option<&'static str>,
    /// The clause of pressing the clock after the move (the other clock starts).
    pub press_clause: &'static str,
    /// The clause of the arbiter stopping both clocks.
    pub arbiter_stop_clause: &'static str,
    /// How a claim's ruling is timed, with its clause.
    pub claim_clock: (ClaimClock, &'static str),
    /// The clause charging the arbiter's correction of an irregularity to the offender, when
    /// the game has the rule.
    pub correction_charged_clause: Option<&'static str>,
    /// What a player stopping the clocks costs, with its clause.
    pub player_stop: (PlayerStop, &'static str),
    /// How both absent players are charged, with its clause.
    pub both_absent: (BothAbsent, &'static str),
    /// What the lateness limit is measured on.
    pub lateness_measure: LatenessMeasure,
    /// The clause of a lateness deducted from the clock.
    pub lateness_deducted_clause: &'static str,
    /// The clause of the loss of a player later than the limit.
    pub late_forfeit_clause: &'static str,
    /// The clause of both players losing for lateness.
    pub both_late_clause: &'static str,
    /// The clause of the clock running for an absent player.
    pub absent_clock_clause: &'static str,
    /// The clause of a faulty clock replaced with one dial known wrong.
    pub fault_one_clause: &'static str,
    /// The clause of a faulty clock replaced with both dials wrong.
    pub fault_both_clause: &'static str,
    /// The rescaling of used times when moves are taken back.
    pub correction: Correction,
    /// The clause of a false claim's time penalty and its flag.
    pub penalty_clause: Option<&'static str>,
    /// The clause of a fallen flag reported to the arbiter (by either player or by the
    /// arbiter himself), under a clock whose flags fall unnoticed.
    pub flag_report_clause: &'static str,
    /// The clause of both flags found down, the order unknown: the game goes on (chess laws
    /// art. 12.8).
    pub both_flags_clause: &'static str,
    /// Where the clock must show which player overstepped first, the clause that makes that
    /// player lose when both flags are found down (draughts, 000 art. 3 item 1.5 with art. 8
    /// item 1: 先到达时限的选手判负); `None` where the order may be unknown (xiangqi: chess
    /// laws art. 12.8, the game goes on).
    pub first_flag_shown_clause: Option<&'static str>,
    /// The clause making the next move the first of the next period after both flags
    /// (art. 12.8), for a game whose controls have move quotas.
    pub both_flags_next_control_clause: Option<&'static str>,
    /// The clause keeping a resignation or an agreed draw after a flag found down
    /// afterwards (art. 12.7).
    pub result_stands_clause: &'static str,
    /// How repeated forcing moves count, when the game has the rule.
    pub forcing: Option<ForcingRules>,
    /// How the time left at the end of one game of a match counts in the next, with its
    /// clause, when the game has a rule.
    pub match_games: Option<(MatchTime, &'static str)>,
    /// Whether a resignation or an agreed draw stands after a flag found down afterwards
    /// (art. 12.7; `false`: the flag overrides it).
    pub result_stands_after_flag: bool,
    /// Whether a player's report of his own fallen flag is heard like any other.
    pub own_flag_report_heard: bool,
    /// Whether, with both flags down, the one that fell first loses as if the order were
    /// known (no rule says so: a mutant of the reference).
    pub both_flags_first_loses: bool,
}

impl ClockRules {
    /// The clock rules of a game.
    ///
    /// ```
    /// use arbiter::clock::{ClaimClock, ClockRules};
    /// use arbiter::Game;
    ///
    /// assert_eq!(ClockRules::of(Game::Russian).claim_clock.0, ClaimClock::Runs);
    /// assert_eq!(ClockRules::of(Game::Xiangqi).correction.recent_rounds, Some(2));
    /// ```
    pub fn of(game: Game) -> ClockRules {
        ClockRules::unaltered(game)
    }

    fn unaltered(game: Game) -> ClockRules {
        if game.is_draughts() {
            ClockRules {
                game,
                time_forfeit_clause: clause::D64_TIMING_FLAG_FALL_LOSES,
                unpressed_clause: None,
                illegal_move_clause: None,
                press_clause: clause::D64_TIMING_PRESS_AFTER_MOVE,
                arbiter_stop_clause: clause::D64_ARBITER_ONLY_ARBITER_STOPS_CLOCKS,
                claim_clock: (ClaimClock::Runs, clause::D64_TIMING_FLAG_DURING_DRAW_CLAIM),
                correction_charged_clause: Some(clause::D64_TIMING_IRREGULARITY_TIME_CHARGED),
                player_stop: (PlayerStop::Loses, clause::D64_START_NO_STOPPING_CLOCKS),
                both_absent: (
                    BothAbsent::SplitAtFirstArrival,
                    clause::D64_START_FIRST_ARRIVAL_SPLITS_TIME,
                ),
                lateness_measure: LatenessMeasure::GameTime,
                lateness_deducted_clause: clause::D64_TIMING_LATENESS_DEDUCTED,
                late_forfeit_clause: clause::D64_TIMING_LATE_FORFEIT,
                both_late_clause: clause::D64_TIMING_BOTH_LATE_FORFEIT,
                absent_clock_clause: clause::D64_START_ABSENT_BLACK_CLOCK_RUNS,
                fault_one_clause: clause::D64_TIMING_CLOCK_MALFUNCTION,
                fault_both_clause: clause::D64_TIMING_CLOCK_MALFUNCTION,
                correction: Correction {
                    recent_rounds: None,
                    minimum: Some(Span::from_minutes(5)),
                    minimum_per_move: Some(Span::from_minutes(1)),
                    clause: clause::CHESS_IRREGULARITY_TIME_REALLOCATION,
                    recent_clause: None,
                    minimum_clause: Some(clause::CHESS_IRREGULARITY_TIME_REALLOCATION_MINIMUM),
                },
                penalty_clause: None,
                flag_report_clause: clause::D64_TIMING_FLAG_CLAIM,
                both_flags_clause: clause::CHESS_CLOCK_BOTH_FLAGS_GAME_CONTINUES,
                first_flag_shown_clause: Some(clause::D64_TIMING_FIRST_FLAG_SHOWN),
                both_flags_next_control_clause: None,
                result_stands_clause: clause::CHESS_CLOCK_RESULT_STANDS_AFTER_FLAG_FALL,
                forcing: None,
                match_games: Some((MatchTime::Separate, clause::D64_TIMING_MATCH_GAMES_SEPARATE)),
                result_stands_after_flag: true,
                own_flag_report_heard: true,
                both_flags_first_loses: false,
            }
        } else {
            ClockRules {
                game,
                time_forfeit_clause: clause::XQ_RESULT_TIME_FORFEIT,
                unpressed_clause: Some(clause::XQ_TIMING_CLOCK_NOT_PRESSED),
                illegal_move_clause: Some(clause::XQ_TIMING_ILLEGAL_LAST_MOVE),
                press_clause: clause::XQ_CLOCK_PRESS_AFTER_MOVE,
                arbiter_stop_clause: clause::XQ_CLOCK_ARBITER_STOP,
                claim_clock: (ClaimClock::Stopped, clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM),
                correction_charged_clause: None,
                player_stop: (PlayerStop::Violation, clause::XQ_VIOLATION_STOPPING_CLOCK),
                both_absent: (BothAbsent::OwnLateness, clause::XQ_LATENESS_BOTH_LATE),
                lateness_measure: LatenessMeasure::Charged,
                lateness_deducted_clause: clause::XQ_LATENESS_ONE_SIDE_ARRIVES,
                late_forfeit_clause: clause::XQ_LATENESS_ONE_SIDE_ABSENT,
                both_late_clause: clause::XQ_LATENESS_BOTH_LATE,
                absent_clock_clause: clause::XQ_LATENESS_ONE_SIDE_ABSENT,
                fault_one_clause: clause::XQ_CLOCK_FAULTY_ONE_DIAL,
                fault_both_clause: clause::XQ_CLOCK_FAULTY_BOTH_DIALS,
                correction: Correction {
                    recent_rounds: Some(2),
                    minimum: None,
                    minimum_per_move: None,
                    clause: clause::XQ_TIMING_PROPORTIONAL_CORRECTION,
                    recent_clause: Some(clause::XQ_TIMING_RECENT_ERROR_NO_ADJUSTMENT),
                    minimum_clause: None,
                },
                penalty_clause: Some(clause::XQ_DRAW_SIXTY_MOVE_FALSE_CLAIM),
                flag_report_clause: clause::XQ_CLOCK_FLAG_DECIDES,
                both_flags_clause: clause::CHESS_CLOCK_BOTH_FLAGS_GAME_CONTINUES,
                first_flag_shown_clause: None,
                both_flags_next_control_clause: Some(clause::CHESS_CLOCK_BOTH_FLAGS_NEXT_CONTROL),
                result_stands_clause: clause::CHESS_CLOCK_RESULT_STANDS_AFTER_FLAG_FALL,
                forcing: Some(ForcingRules::xiangqi()),
                match_games: None,
                result_stands_after_flag: true,
                own_flag_report_heard: true,
                both_flags_first_loses: false,
            }
        }
    }
}
