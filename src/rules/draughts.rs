//! [`DraughtsRules`]: the [`Rules`](crate::Rules) view of Brazilian and Russian draughts.
//!
//! Canonical move text is numeric with the full path of a capture. When several paths have
//! the same identity, the lexicographically smallest path (comparing square numbers in
//! order) is written. [`MoveInfo::key`] is [`Move::key`]: equal exactly for equal identities.

use super::{Candidate, GameState};
use super::{Ended, Judged, PlayRules};
use crate::clause;
use crate::draughts::endings::{position_outcome, DraughtsEndings};
use crate::draughts::notation::{self, Notation};
use crate::draughts::{perft, perft_divide};
use crate::draughts::{Move, MoveRules, Position, Variant};
use crate::outcome::{Ending, OfferClauses, RuleState};
use crate::{Judge, MoveInfo, Perft, PerftCount, Rules, RulesError, Ruleset, Side, Status};

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
#[derive(Debug, Clone)]
pub struct DraughtsRules {
    play: PlayRules,
    variant: Variant,
    move_rules: MoveRules,
}

impl DraughtsRules {
    /// The rules of a draughts ruleset as written.
    ///
    /// # Panics
    ///
    /// If the ruleset's game is not Brazilian or Russian draughts.
    pub fn new(ruleset: Ruleset) -> DraughtsRules {
        DraughtsRules::with_play(PlayRules::of(&ruleset))
    }

    /// The rules of play `play` of a draughts ruleset: its move rules, draw rules and
    /// counting, the scores of the endings the position decides, claim verification.
    ///
    /// # Panics
    ///
    /// If the ruleset's game is not Brazilian or Russian draughts.
    pub fn with_play(play: PlayRules) -> DraughtsRules {
        let variant = Variant::from_game(play.ruleset.game)
            .unwrap_or_else(|| panic!("{} is not a draughts ruleset", play.ruleset));
        let move_rules = match play.moves {
            super::MoveRules::Draughts(rules) => rules,
            super::MoveRules::Xiangqi(_) => MoveRules::of(variant),
        };
        DraughtsRules {
            play,
            variant,
            move_rules,
        }
    }

    /// The same rules with other move rules: every position they read obeys `rules`.
    pub fn with_move_rules(mut self, rules: MoveRules) -> DraughtsRules {
        self.move_rules = rules;
        self.play.moves = super::MoveRules::Draughts(rules);
        self
    }

    /// The variant these rules play.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Replays a history, tracking the draw counters. A move after the game has ended (a
    /// loss, or an automatic draw of the edition) is refused.
    pub fn replay(&self, fen: &str, moves: &[String]) -> Result<DraughtsEndings, RulesError> {
        let mut game = DraughtsHistory {
            outcome: Ending::default(),
            game: self.endings(self.position(fen)?),
        };
        for text in moves {
            game.push_checked(text, false)?;
        }
        Ok(game.game)
    }

    /// A game from `start` under these rules' draw rules.
    fn endings(&self, start: Position) -> DraughtsEndings {
        let p = &self.play;
        DraughtsEndings::under(p.edition.clone(), p.counting, p.endings, start)
    }

    fn position(&self, fen: &str) -> Result<Position, RulesError> {
        Position::from_fen(fen, self.variant)
            .map(|p| p.with_move_rules(self.move_rules))
            .map_err(|e| RulesError::Position(e.to_string()))
    }

    /// The text, key and JSON of a legal move.
    fn info(&self, pos: &Position, mv: &Move, notation: Notation) -> MoveInfo {
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
}

/// A draughts history for the [`Judge`]: the endings ([`DraughtsEndings`]) extended move
/// by move, with the outcome after the last move (a move after the game has ended is
/// refused, as [`DraughtsRules::replay`] refuses it).
#[derive(Debug, Clone)]
struct DraughtsHistory {
    game: DraughtsEndings,
    outcome: Ending,
}

impl DraughtsHistory {
    /// Plays the next move, read from `text`; `judged` says whether `outcome` holds the
    /// judgement of the history so far (the replay judges only when it needs to).
    fn push_checked(&mut self, text: &str, judged: bool) -> Result<(), RulesError> {
        self.refuse_after_end(judged, || text.to_owned())?;
        let mv = (self.game.position().parse_move(text))
            .map_err(|e| self.refusal(text.to_owned(), e.to_string()))?;
        self.game.push(&mv);
        Ok(())
    }

    /// Refuses the next move (written by `text` if refused) when the history so far has
    /// ended the game; `judged` as in [`DraughtsHistory::push_checked`].
    fn refuse_after_end(
        &mut self,
        judged: bool,
        text: impl FnOnce() -> String,
    ) -> Result<(), RulesError> {
        let i = self.game.plies();
        if i > 0 {
            if !judged {
                self.outcome = self.game.outcome();
            }
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

    /// The error refusing the next move, `text`, for `reason`.
    fn refusal(&self, text: String, reason: String) -> RulesError {
        RulesError::Move {
            number: self.game.plies() + 1,
            text,
            reason,
        }
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
        self.push_checked(text, true)?;
        self.outcome = self.game.outcome();
        Ok(())
    }

    fn play_listed(&mut self, m: &Candidate) -> Result<(), RulesError> {
        self.refuse_after_end(true, || m.text())?;
        let mv = (m.draughts_move())
            .ok_or_else(|| self.refusal(m.text(), "not a draughts move".to_owned()))?;
        self.game.push(&mv);
        self.outcome = self.game.outcome();
        Ok(())
    }
}

fn parse_notation(notation: Option<&str>) -> Result<Notation, RulesError> {
    match notation {
        None => Ok(Notation::Numeric),
        Some(name) => name.parse().map_err(RulesError::Unsupported),
    }
}

impl Rules for DraughtsRules {
    fn ruleset(&self) -> &Ruleset {
        &self.play.ruleset
    }

    fn start_fen(&self) -> String {
        Position::start(self.variant).to_fen()
    }

    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError> {
        Ok(self.position(fen)?.to_fen())
    }

    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError> {
        // Played through the endings, so a move after the game ended (an automatic draw,
        // say) is refused here too, as in xiangqi.
        Ok(self.replay(fen, moves)?.position().to_fen())
    }

    fn legal_moves(&self, fen: &str, notation: Option<&str>) -> Result<Vec<MoveInfo>, RulesError> {
        let notation = parse_notation(notation)?;
        let pos = self.position(fen)?;
        Ok(pos
            .legal_moves()
            .iter()
            .map(|m| self.info(&pos, m, notation))
            .collect())
    }

    fn resolve_move(&self, fen: &str, text: &str) -> Result<MoveInfo, RulesError> {
        let pos = self.position(fen)?;
        let mv = pos.parse_move(text).map_err(|e| RulesError::Move {
            number: 1,
            text: text.to_owned(),
            reason: e.to_string(),
        })?;
        Ok(self.info(&pos, &mv, Notation::Numeric))
    }

    fn perft(
        &self,
        fen: &str,
        depth: u32,
        count: PerftCount,
        divide: bool,
    ) -> Result<Perft, RulesError> {
        let pos = self.position(fen)?;
        super::perft_stack::with_stack_for(depth, || perft_of(&pos, depth, count, divide))
    }

    fn status(&self, fen: &str) -> Result<Status, RulesError> {
        Ok(Status {
            outcome: position_outcome(&self.position(fen)?, &self.play.endings),
            in_check: false,
        })
    }

    fn render(&self, fen: &str, _chinese: bool) -> Result<String, RulesError> {
        Ok(self.position(fen)?.render())
    }

    fn outcome(&self, fen: &str, moves: &[String]) -> Result<GameState, RulesError> {
        let game = self.replay(fen, moves)?;
        Ok(GameState::new(self.play.ruleset.game, game.outcome(), None))
    }

    fn judge(&self, fen: &str, moves: &[String]) -> Result<Box<dyn Judge>, RulesError> {
        let game = self.replay(fen, moves)?;
        let history = DraughtsHistory {
            outcome: game.outcome(),
            game,
        };
        Ok(Box::new(Judged::new(history, &self.play)))
    }
}

/// Perft of `pos`, split by root move with `divide` (run on a stack deep enough: see
/// [`super::perft_stack`]).
fn perft_of(pos: &Position, depth: u32, count: PerftCount, divide: bool) -> Perft {
    if divide {
        let rows = perft_divide(pos, depth, count);
        let nodes = if depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        };
        Perft {
            nodes,
            divide: rows.into_iter().map(|(m, n)| (m.to_string(), n)).collect(),
        }
    } else {
        Perft {
            nodes: perft(pos, depth, count),
            divide: Vec::new(),
        }
    }
}
