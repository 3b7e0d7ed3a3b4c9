//! The transform of the clock rules ([`ClockRules`]): which parameter a clock mutant of the
//! reference alters.

use crate::clock::{ClockRules, LatenessMeasure, MatchTime};
use crate::mutant::ClockMutant;

/// `rules` as the clock mutant `m` alters them; a mutant of another game's rules, or of no
/// parameter of the clock, leaves them as they are.
pub(super) fn clocked(mut rules: ClockRules, m: ClockMutant) -> ClockRules {
    match m {
        ClockMutant::OwnFlagReportIgnored => rules.own_flag_report_heard = false,
        ClockMutant::FlagFoundAfterResultOverrides => rules.result_stands_after_flag = false,
        ClockMutant::BothFlagsFirstLoses => rules.both_flags_first_loses = true,
        _ => {}
    }
    if !m.games().contains(&rules.game) {
        return rules;
    }
    match m {
        ClockMutant::BothFlagsNoNextControl => rules.both_flags_next_control_clause = None,
        ClockMutant::FirstFlagNotShown => rules.first_flag_shown_clause = None,
        ClockMutant::LatenessOnGameTime => rules.lateness_measure = LatenessMeasure::GameTime,
        ClockMutant::MatchTimeCarried => {
            if let Some((rule, _)) = &mut rules.match_games {
                *rule = MatchTime::Carried;
            }
        }
        _ => {}
    }
    if let Some(f) = &mut rules.forcing {
        match m {
            ClockMutant::FiveValidForcingMoves => f.valid = 5,
            ClockMutant::ForcingNotConsecutive => f.consecutive = false,
            ClockMutant::ForcingTwoPointsUnnamed => f.forms.retain(|(n, _)| *n != 2),
            ClockMutant::ForcingThreePointsAsTwo => f.forms.retain(|(n, _)| *n != 3),
            ClockMutant::ForcingFourPointsAsThree => f.forms.retain(|(n, _)| *n != 4),
            _ => {}
        }
    }
    rules
}
