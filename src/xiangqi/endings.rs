//! Endings of a xiangqi game with its history (第一章 第四节): checkmate and stalemate lose;
//! a side that had to change a forbidden repetition and did not loses (一 (七)); the 60-move
//! rule (六十回合规则) and the repetition draw are claims (二 (三)(四)(五)).
//!
//! Counters, in plies unless said otherwise:
//!
//! - `sixty-move`: plies since the last capture, starting from the FEN's halfmove clock;
//!   only a capture resets it (checks and soldier moves do not). The limit is 120 plies
//!   (60 rounds, 回合, of one move by each side).
//! - `repetition`: occurrences of the current position (pieces and side to move; the move
//!   counters of the FEN are not part of it) since the history began. Its limit is the
//!   edition's cycles + 1 (4): when a cycle through the current position has been played
//!   three times, the position stands there for the fourth time. The counter only informs;
//!   it decides nothing.
//!
//! **Repetition.** One mechanism decides both the claim and the loss: the repetition verdict
//! ([`crate::xiangqi::repetition::adjudicate`]) under the edition's
//! [`RepetitionRules`]. A repetition claim is
//! upheld exactly when the verdict is `draw` (both sides' moves allowed, or both forbidden:
//! 不变作和); it is refused when there is no verdict (the cycle has not been played three
//! times in a row) or the verdict is `must-change`. A verdict `loss` ends the game: the other
//! side wins, reason `forbidden-repetition` (走棋违犯禁例，应当变着而不变).
//!
//! ```
//! use arbiter::outcome::{Reason, Score};
//! use arbiter::xiangqi::endings::XiangqiEndings;
//! use arbiter::xiangqi::Position;
//! use arbiter::{Ruleset, Side};
//!
//! let ruleset: Ruleset = "xiangqi".parse().unwrap();
//! let start = Position::from_fen("3k5/6R2/9/9/9/9/9/9/9/4K4 w - - 0 1").unwrap();
//! let mut game = XiangqiEndings::new(&ruleset, start);
//! // The red chariot checks from g9 and g8 for ever, four times round: red had to change.
//! for m in ["g8g9", "d9d8", "g9g8", "d8d9"].iter().cycle().take(16) {
//!     game.push_text(m).unwrap();
//! }
//! assert_eq!(game.occurrences(), 5);
//! let outcome = game.outcome().outcome.unwrap();
//! assert_eq!((outcome.result, outcome.reason), (Score::Win(Side::Second), Reason::ForbiddenRepetition));
//! ```

use super::notation::{parse_move, NotationError};
use super::position::{IllegalMove, Move, Position};
use super::repetition::{
    adjudicate_played_after, CycleDecision, CycleRuling, Judgement, RepetitionRules, Run,
};
use super::Role;
use crate::clause;
use crate::edition::{DrawKind, DrawRule, Edition};
use crate::outcome::{assemble, Ending, EndingScores, Outcome, Reason, RuleState};
use crate::Ruleset;
use crate::Side;
use std::borrow::Cow;
use std::cell::{Cell, OnceCell};
use std::collections::HashMap;

/// What resets the 60-move count (自然限着): a capture only. [`XiangqiCounting::RULES`] is
/// the rule's; a mutant of the reference alters it in the rules of play it is given
/// (`crate::rules::PlayRules`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct XiangqiCounting {
    /// A soldier move resets the count (as a pawn move does in chess).
    pub soldier_move_resets_sixty_move: bool,
    /// A checking move resets the count.
    pub check_resets_sixty_move: bool,
}

impl XiangqiCounting {
    /// The rule's counting (第一章 第四节 二 (四)).
    pub const RULES: XiangqiCounting = XiangqiCounting {
        soldier_move_resets_sixty_move: false,
        check_resets_sixty_move: false,
    };
}

/// A xiangqi game from a starting position, with its positions and moves.
#[derive(Debug, Clone)]
pub struct XiangqiEndings {
    edition: Cow<'static, Edition>,
    counting: XiangqiCounting,
    scores: EndingScores,
    repetition: RepetitionRules,
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// The index in `positions` of the first one with the current material: no earlier
    /// position can be the same as a later one (a capture is never undone).
    material_since: usize,
    /// How many times the current position has occurred (counted once per move played).
    occurrences: u32,
    /// How many times each placement has occurred since `material_since`: counting the
    /// occurrences of each new position is one look-up, not a scan of the history (which
    /// made a long history quadratic).
    seen: HashMap<([u8; 91], Side), u32>,
    /// Whether an illegal move was recorded (the history then has no repetition verdict).
    illegal: bool,
    /// Who enforces a forbidden repetition: under [`RepetitionEnforcement::Refereed`] the
    /// verdict is never a loss.
    enforcement: RepetitionEnforcement,
    verdict: OnceCell<Option<CycleRuling>>,
    /// The repeated stretch the last verdict was found on, so that the next one (a move
    /// later) need not search for its start again.
    run: Cell<Option<Run>>,
}

/// Who enforces the loss of a side that goes on repeating a forbidden cycle (第一章 第四节
/// 一 (七): the loss is for a side that does not change *when required*, 应当变着而不变).
///
/// - [`Automatic`](Self::Automatic): the arbiter adjudicates as a computer tournament does:
///   the verdict of loss ends the game at once (`arbiter play` between engines, the cases).
/// - [`Refereed`](Self::Refereed): a referee's practice, as a game record shows it: the
///   verdict stays *must change* however long the side goes on, and the game goes on,
///   because a move record does not show whether the referee required the change
///   (`arbiter records`, `arbiter play --replay`). The record's result tells whether the
///   referee ruled the loss.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum RepetitionEnforcement {
    /// The verdict's loss ends the game (computer adjudication).
    #[default]
    Automatic,
    /// The verdict is a finding; the game goes on (referee practice, game records).
    Refereed,
}

impl XiangqiEndings {
    /// A game starting at `start` under the edition of `ruleset`, as written.
    pub fn new(ruleset: &Ruleset, start: Position) -> XiangqiEndings {
        let edition = Cow::Borrowed(ruleset.edition());
        let repetition = RepetitionRules::for_ruleset(ruleset).unwrap_or(RepetitionRules::CXA);
        let (counting, scores) = (XiangqiCounting::RULES, EndingScores::RULES);
        XiangqiEndings::under(edition, counting, scores, repetition, start)
    }

    /// A game starting at `start` under the given draw rules (`edition`: its draw rules),
    /// `counting`, `scores` of the endings the position decides and `repetition` readings.
    pub fn under(
        edition: Cow<'static, Edition>,
        counting: XiangqiCounting,
        scores: EndingScores,
        repetition: RepetitionRules,
        start: Position,
    ) -> XiangqiEndings {
        XiangqiEndings {
            edition,
            counting,
            scores,
            repetition,
            positions: vec![start],
            moves: Vec::new(),
            material_since: 0,
            occurrences: 1,
            seen: HashMap::from([(start.placement_key(), 1)]),
            illegal: false,
            enforcement: RepetitionEnforcement::Automatic,
            verdict: OnceCell::new(),
            run: Cell::new(None),
        }
    }

    /// The game with the forbidden repetition enforced as `enforcement` says.
    pub fn with_enforcement(mut self, enforcement: RepetitionEnforcement) -> XiangqiEndings {
        self.enforcement = enforcement;
        self.verdict = OnceCell::new();
        self
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!())
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The repetition rules of the edition.
    pub fn repetition_rules(&self) -> &RepetitionRules {
        &self.repetition
    }

    /// Plays a legal move (an illegal one is recorded without changing the position, and the
    /// history then has no repetition verdict).
    pub fn push(&mut self, m: Move) {
        if self.try_push(m).is_err() {
            self.illegal = true;
            self.extend(*self.position(), m);
        }
    }

    /// Plays a move if it is legal; an illegal move is refused and the game is unchanged.
    ///
    /// ```
    /// use arbiter::xiangqi::endings::XiangqiEndings;
    /// use arbiter::xiangqi::iccs::parse_iccs_coords;
    /// use arbiter::xiangqi::Position;
    ///
    /// let mut game = XiangqiEndings::new(&"xiangqi".parse().unwrap(), Position::start());
    /// let jump = parse_iccs_coords("a0a5").unwrap(); // the chariot cannot jump its soldier
    /// assert!(game.try_push(jump).is_err());
    /// assert!(game.try_push(parse_iccs_coords("h2e2").unwrap()).is_ok());
    /// assert_eq!(game.moves().len(), 1);
    /// ```
    pub fn try_push(&mut self, m: Move) -> Result<(), IllegalMove> {
        let next = self.position().play(m)?;
        self.extend(next, m);
        Ok(())
    }

    /// Plays a move that [`parse_move`] has read, and so has checked as legal, without
    /// checking it again.
    pub(crate) fn push_read(&mut self, m: Move) {
        let mut next = *self.position();
        next.make(m);
        self.extend(next, m);
    }

    /// Adds a move and the position it leads to.
    fn extend(&mut self, next: Position, m: Move) {
        if next.captured_from(self.position()) {
            self.material_since = self.positions.len();
            self.seen.clear();
        }
        self.positions.push(next);
        self.moves.push(m);
        let count = self.seen.entry(next.placement_key()).or_insert(0);
        *count += 1;
        self.occurrences = *count;
        debug_assert_eq!(self.occurrences, self.count_occurrences());
        self.verdict = OnceCell::new();
    }

    /// Reads a move in any notation and plays it.
    pub fn push_text(&mut self, text: &str) -> Result<(), NotationError> {
        let m = parse_move(self.position(), text)?;
        self.push(m);
        Ok(())
    }

    /// Plies without a capture (the FEN's halfmove clock plus the history).
    pub fn sixty_move_plies(&self) -> u32 {
        let clock = self.position().halfmoves();
        let c = self.counting;
        if !c.soldier_move_resets_sixty_move && !c.check_resets_sixty_move {
            return clock;
        }
        let resets = |i: usize| {
            let (m, before, after) = (self.moves[i], &self.positions[i], &self.positions[i + 1]);
            (c.soldier_move_resets_sixty_move
                && before
                    .piece_at(m.from)
                    .is_some_and(|p| p.role == Role::Soldier))
                || (c.check_resets_sixty_move && after.is_check())
        };
        let n = self.moves.len();
        (0..n)
            .rposition(resets)
            .map_or(clock, |i| clock.min((n - i - 1) as u32))
    }

    /// How many times the current position has occurred with the same side to move.
    pub fn occurrences(&self) -> u32 {
        self.occurrences
    }

    /// [`Self::occurrences`], counted in the positions of the history (the check of `seen`).
    fn count_occurrences(&self) -> u32 {
        // The repetition identity of a position: the pieces and the side to move.
        let now = self.position();
        self.positions[self.material_since..]
            .iter()
            .filter(|p| p.same_placement(now))
            .count() as u32
    }

    /// The occurrences of the current position at which a cycle through it has been played
    /// the edition's number of times (cycles + 1).
    fn occurrences_for_verdict(&self) -> u32 {
        self.repetition.cycles_for_verdict as u32 + 1
    }

    /// The repetition verdict (棋例) on the cycle the history ends in, under the edition's
    /// rules; `None` when the history does not end in a cycle played the edition's number of
    /// times in a row. Computed once per history.
    pub fn verdict(&self) -> Option<&CycleRuling> {
        self.verdict
            .get_or_init(|| {
                // A cycle played `cycles` times through the current position puts it there
                // `cycles + 1` times: fewer occurrences cannot give a verdict (a shortcut,
                // not a second rule).
                if self.illegal || self.occurrences() < self.occurrences_for_verdict() {
                    return None;
                }
                let found = adjudicate_played_after(
                    &self.positions,
                    &self.moves,
                    &self.repetition,
                    self.run.get(),
                );
                let (verdict, run) = found.unwrap_or((None, None));
                self.run.set(run);
                match (self.enforcement, verdict) {
                    (RepetitionEnforcement::Refereed, Some(mut v))
                        if v.ruling == CycleDecision::Loss =>
                    {
                        v.ruling = CycleDecision::MustChange;
                        v.reason.push_str(
                            "; refereed: the loss is the referee's to rule, the game goes on",
                        );
                        Some(v)
                    }
                    (_, v) => v,
                }
            })
            .as_ref()
    }

    /// The state of each draw rule of the edition now.
    pub(crate) fn rule_states(&self) -> Vec<RuleState<'_>> {
        self.states(true)
    }

    /// The rule states; with `explain`, the messages a claim ruling gives (the outcome of
    /// every ply needs only the counts, and writes none).
    fn states(&self, explain: bool) -> Vec<RuleState<'_>> {
        let mut states = Vec::new();
        for rule in &self.edition.draws {
            let state = match rule.rule {
                DrawKind::SixtyMove => RuleState::counted(rule, Some(self.sixty_move_plies())),
                DrawKind::Repetition => self.repetition_state(rule, explain),
                _ => continue,
            };
            states.push(state);
        }
        states
    }

    /// The repetition claim: upheld exactly when the verdict is a draw.
    fn repetition_state<'a>(&'a self, rule: &'a DrawRule, explain: bool) -> RuleState<'a> {
        let occurrences = self.occurrences();
        let mut s = RuleState::counted(rule, Some(occurrences));
        s.limit = self.occurrences_for_verdict();
        s.met = false;
        let cycles = self.repetition.cycles_for_verdict;
        match self.verdict() {
            Some(v) if !explain => s.met = v.ruling == CycleDecision::Draw,
            None if !explain => {}
            None => {
                s.blocked = Some(format!(
                    "no repetition verdict: the history does not end in a cycle played {cycles} \
                     times in a row (循环反复已达三次), so the cycle has not been repeated enough \
                     (the current position has occurred {occurrences} time(s))"
                ));
            }
            Some(v) => match (v.ruling, v.side) {
                (CycleDecision::Draw, _) => {
                    s.met = true;
                    s.fulfilled = Some(format!("the repetition verdict is draw: {}", v.reason));
                    if v.judgement.red == Judgement::Forbidden {
                        // Both sides forbidden: 不变作和 (第一章 第四节 二 (五)).
                        s.clause = Some(clause::XQ_DRAW_REPETITION_UNCHANGED.to_owned());
                    }
                }
                (CycleDecision::MustChange, Some(side)) => {
                    s.blocked = Some(format!(
                        "the repetition verdict is must-change: {side} must change its moves \
                         ({})",
                        v.reason,
                        side = side.xiangqi_name()
                    ));
                }
                (ruling, _) => {
                    s.blocked = Some(format!(
                        "the repetition verdict is {}: {}",
                        ruling.slug(),
                        v.reason
                    ));
                }
            },
        }
        s
    }

    /// The side that lost by not changing a forbidden repetition, if any.
    fn repetition_loser(&self) -> Option<Side> {
        self.verdict()
            .filter(|v| v.ruling == CycleDecision::Loss)
            .and_then(|v| v.side)
    }

    /// The ending now: checkmate, stalemate or a loss by forbidden repetition, or the
    /// claims valid now; with the counters. The repetition verdict is [`Self::verdict`].
    pub fn outcome(&self) -> Ending {
        self.outcome_knowing(None)
    }

    /// [`Self::outcome`], told whether the side to move has a legal move when the caller
    /// has listed them (`None`: it is searched for).
    pub(crate) fn outcome_knowing(&self, has_legal_move: Option<bool>) -> Ending {
        let (ended, in_check) = self.position().outcome_and_check(has_legal_move);
        let decided = ended.and_then(|end| self.scores.rescore(end)).or_else(|| {
            self.repetition_loser().map(|loser| {
                Outcome::win(
                    loser.other(),
                    Reason::ForbiddenRepetition,
                    Some(clause::XQ_RESULT_FORBIDDEN_REPETITION_UNCHANGED.into()),
                )
            })
        });
        assemble(decided, &self.states(false), in_check)
    }
}

/// The ending the position alone decides: checkmate and stalemate lose (第一章 第四节 一
/// (一), (二)), unless `scores` score them otherwise.
pub fn position_outcome(pos: &Position, scores: &EndingScores) -> Option<Outcome> {
    scores.rescore(pos.outcome()?)
}
