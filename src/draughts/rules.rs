//! [`DraughtsRules`]: the [`Rules`](crate::Rules) view of Brazilian and Russian draughts.
//!
//! Canonical move text is numeric with the full path of a capture. When several paths have
//! the same identity, the lexicographically smallest path (comparing square numbers in
//! order) is written. [`MoveInfo::key`] is [`Move::key`]: equal exactly for equal identities.

use super::notation::{self, Notation};
use super::perft::{perft, perft_divide};
use super::{Move, Position, Variant};
use crate::{MoveInfo, Perft, PerftCount, Rules, RulesError, Ruleset, Status};

/// The reference rules of one draughts ruleset.
///
/// ```
/// use arbiter::{Rules, Ruleset};
/// use arbiter::draughts::DraughtsRules;
///
/// let rules = DraughtsRules::new("brazilian".parse::<Ruleset>().unwrap());
/// let moves = rules.legal_moves(&rules.start_fen(), Some("algebraic")).unwrap();
/// assert_eq!(moves[0].text, "a3-b4"); // sorted by numeric path: 21-17 first
/// ```
#[derive(Debug, Clone)]
pub struct DraughtsRules {
    ruleset: Ruleset,
    variant: Variant,
}

impl DraughtsRules {
    /// The rules of a draughts ruleset.
    ///
    /// # Panics
    ///
    /// If the ruleset's game is not Brazilian or Russian draughts.
    pub fn new(ruleset: Ruleset) -> DraughtsRules {
        let variant = Variant::from_game(ruleset.game)
            .unwrap_or_else(|| panic!("{} is not a draughts ruleset", ruleset));
        DraughtsRules { ruleset, variant }
    }

    /// The variant these rules play.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    fn position(&self, fen: &str) -> Result<Position, RulesError> {
        Position::from_fen(fen, self.variant).map_err(|e| RulesError::Position(e.to_string()))
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
        }
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
        &self.ruleset
    }

    fn start_fen(&self) -> String {
        Position::start(self.variant).to_fen()
    }

    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError> {
        Ok(self.position(fen)?.to_fen())
    }

    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError> {
        let mut pos = self.position(fen)?;
        for (i, text) in moves.iter().enumerate() {
            pos = pos.play_text(text).map_err(|e| RulesError::Move {
                number: i + 1,
                text: text.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(pos.to_fen())
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
        if divide {
            let rows = perft_divide(&pos, depth, count);
            let nodes = if depth == 0 {
                1
            } else {
                rows.iter().map(|(_, n)| n).sum()
            };
            Ok(Perft {
                nodes,
                divide: rows.into_iter().map(|(m, n)| (m.to_string(), n)).collect(),
            })
        } else {
            Ok(Perft {
                nodes: perft(&pos, depth, count),
                divide: Vec::new(),
            })
        }
    }

    fn status(&self, fen: &str) -> Result<Status, RulesError> {
        let pos = self.position(fen)?;
        Ok(match pos.outcome() {
            Some(outcome) => Status {
                result: outcome.winner().name().to_owned(),
                reason: outcome.reason().to_owned(),
                in_check: false,
            },
            None => Status {
                result: "ongoing".to_owned(),
                reason: String::new(),
                in_check: false,
            },
        })
    }

    fn render(&self, fen: &str, _chinese: bool) -> Result<String, RulesError> {
        Ok(self.position(fen)?.render())
    }
}
