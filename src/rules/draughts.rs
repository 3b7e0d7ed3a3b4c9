//! [`DraughtsRules`]: the [`Rules`](crate::Rules) view of Brazilian and Russian draughts, the
//! text adapter ([`GameRules`]) over what draughts supplies of its own ([`DraughtsText`]).
//!
//! Canonical move text is numeric with the full path of a capture. When several paths have
//! the same identity, the lexicographically smallest path (comparing square numbers in
//! order) is written. [`MoveInfo::key`] is [`Move::key`]: equal exactly for equal identities.

use super::adapter::{GameRules, TextGame};
use super::{Candidate, GameState};
use super::{Ended, PlayRules};
use crate::clause;
use crate::draughts::endings::{position_outcome, DraughtsEndings};
use crate::draughts::notation::{self, MoveError, Notation};
use crate::draughts::{perft, perft_divide};
use crate::draughts::{Move, MoveRules, Position, PositionError, Variant};
use crate::outcome::{Ending, EndingScores, OfferClauses, RuleState};
use crate::{MoveInfo, PerftCount, RulesError, Side, Status};

/// The reference rules of one draughts ruleset.
///
/// ```
/// use arbiter::{Rules, Ruleset};
/// use arbiter::rules::DraughtsRules;
///
/// let rules = DraughtsRules::new("brazilian".parse::<Ruleset>().unwrap());
/// let moves = rules.legal_moves(&rules.start_fen(), Some("algebraic")).unwrap();
/// assert_eq!(moves[0].text, "a3-b4"); // sorted by numeric path: 21-17 first
/// ```
pub type DraughtsRules = GameRules<DraughtsText>;

/// What the draughts rules apply to every position they read: the variant and its move
/// rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DraughtsText {
    variant: Variant,
    moves: MoveRules,
}

impl DraughtsRules {
    /// The variant these rules play.
    pub fn variant(&self) -> Variant {
        self.game.variant
    }

    /// Replays a history, tracking the draw counters. A move after the game has ended (a
    /// loss, or an automatic draw of the edition) is refused.
    pub fn replay(&self, fen: &str, moves: &[String]) -> Result<DraughtsEndings, RulesError> {
        Ok(super::adapter::replay(self, fen, moves)?.game)
    }
}

impl TextGame for DraughtsText {
    type Position = Position;
    type Move = Move;
    type Notation = Notation;
    type History = DraughtsHistory;
    type FenError = PositionError;
    type MoveError = MoveError;

    const CANONICAL: Notation = Notation::Numeric;

    /// # Panics
    ///
    /// If the ruleset's game is not Brazilian or Russian draughts.
    fn of(play: &PlayRules) -> DraughtsText {
        let variant = Variant::from_game(play.ruleset.game)
            .unwrap_or_else(|| panic!("{} is not a draughts ruleset", play.ruleset));
        let moves = match play.moves {
            super::MoveRules::Draughts(rules) => rules,
            super::MoveRules::Xiangqi(_) => MoveRules::of(variant),
        };
        DraughtsText { variant, moves }
    }

    fn start_fen(&self) -> String {
        Position::start(self.variant).to_fen()
    }

    fn read_position(&self, fen: &str) -> Result<Position, PositionError> {
        Position::from_fen(fen, self.variant).map(|p| p.with_move_rules(self.moves))
    }

    fn fen(pos: &Position) -> String {
        pos.to_fen()
    }

    fn read_notation(name: &str) -> Result<Notation, String> {
        name.parse()
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves()
    }

    fn read_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
        pos.parse_move(text)
    }

    fn info(pos: &Position, mv: &Move, notation: Notation) -> MoveInfo {
        let paths = pos.paths_of(mv);
        let smallest = paths.first().copied().unwrap_or(*mv);
        let text = notation::write(&smallest, notation);
        let nums = |m: &Move| m.path().iter().map(|s| s.number()).collect::<Vec<u8>>();
        let json = serde_json::json!({
            "text": text,
            "from": mv.from().number(),
            "to": mv.to().number(),
            "captures": mv.captured().into_iter().map(|s| s.number()).collect::<Vec<u8>>(),
            "promotes": mv.promotes(),
            "path": nums(&smallest),
            "paths": paths.iter().map(nums).collect::<Vec<_>>(),
        });
        MoveInfo {
            text,
            key: mv.key(),
            json,
            route: mv.path().iter().map(|s| s.number().to_string()).collect(),
        }
    }

    fn perft(pos: &Position, depth: u32, count: PerftCount) -> u64 {
        perft(pos, depth, count)
    }

    fn divide(pos: &Position, depth: u32, count: PerftCount) -> Vec<(String, u64)> {
        let rows = perft_divide(pos, depth, count);
        rows.into_iter().map(|(m, n)| (m.to_string(), n)).collect()
    }

    fn status(pos: &Position, scores: &EndingScores) -> Status {
        Status {
            outcome: position_outcome(pos, scores),
            in_check: false,
        }
    }

    fn render(pos: &Position, _chinese: bool) -> String {
        pos.render()
    }

    fn begin(&self, play: &PlayRules, start: Position) -> DraughtsHistory {
        let game = DraughtsEndings::under(play.edition.clone(), play.counting, play.endings, start);
        DraughtsHistory {
            outcome: game.outcome(),
            game,
        }
    }

    fn reached(history: &DraughtsHistory) -> &Position {
        history.game.position()
    }
}

/// A draughts history for the [`Judge`](crate::Judge): the endings ([`DraughtsEndings`])
/// extended move by move, with the outcome after the last move (a move after the game has
/// ended is refused).
#[derive(Debug, Clone)]
pub struct DraughtsHistory {
    game: DraughtsEndings,
    outcome: Ending,
}

impl DraughtsHistory {
    /// Plays the next move, `m`, and judges the longer history.
    fn push(&mut self, m: &Move) {
        self.game.push(m);
        self.outcome = self.game.outcome();
    }

    /// Refuses the next move (written by `text` if refused) when the history so far has
    /// ended the game.
    fn refuse_after_end(&self, text: impl FnOnce() -> String) -> Result<(), RulesError> {
        let i = self.game.plies();
        if i > 0 {
            if let Some(before) = &self.outcome.outcome {
                let reason = format!(
                    "the game is already over after move {i}: {} ({})",
                    before.result.slug(self.game.game()),
                    before.reason
                );
                return Err(self.refusal(text(), reason));
            }
        }
        Ok(())
    }
}

/// The clauses a refused draw offer cites in draughts.
const OFFER_CLAUSES: OfferClauses = OfferClauses {
    timing: clause::D64_DRAW_OFFER_MOVE_FIRST,
    pending: clause::D64_DRAW_OFFER_VALID_UNTIL_ANSWERED,
    agreed: clause::D64_END_AGREED_DRAW,
};

impl Ended for DraughtsHistory {
    const OFFER_CLAUSES: OfferClauses = OFFER_CLAUSES;

    fn to_move(&self) -> Side {
        self.game.position().turn()
    }

    fn plies(&self) -> usize {
        self.game.plies()
    }

    fn state(&self) -> GameState {
        GameState::new(self.game.game(), self.outcome.clone(), None)
    }

    fn rule_states(&self) -> Vec<RuleState<'_>> {
        self.game.rule_states()
    }

    fn play_text(&mut self, text: &str) -> Result<(), RulesError> {
        self.refuse_after_end(|| text.to_owned())?;
        let mv = (self.game.position().parse_move(text))
            .map_err(|e| self.refusal(text.to_owned(), e))?;
        self.push(&mv);
        Ok(())
    }

    fn play_listed(&mut self, m: &Candidate) -> Result<(), RulesError> {
        self.refuse_after_end(|| m.text())?;
        let mv =
            (m.draughts_move()).ok_or_else(|| self.refusal(m.text(), "not a draughts move"))?;
        self.push(&mv);
        Ok(())
    }
}
