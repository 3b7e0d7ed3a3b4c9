//! [`GameRules`]: the one text adapter, which implements [`Rules`] for every game over what
//! the game supplies of its own ([`TextGame`]).
//!
//! A request reads its position and moves through the game, asks the game's typed position
//! or its endings, and writes the answer through the game again; the order of those steps,
//! the errors and the judge are this adapter's, so both games answer every request the same
//! way. What differs between the games stays with them: their FEN and notations, the JSON of
//! a move, the board drawing, the check, perft, their endings and the clauses a refused draw
//! offer cites ([`Ended`]).

use super::{perft_stack, Ended, Judged, PlayRules};
use crate::outcome::EndingScores;
use crate::{Judge, MoveInfo, Perft, PerftCount, Rules, RulesError, Ruleset, Status};
use std::fmt::{Debug, Display};

/// What the text adapter ([`GameRules`]) needs of a game: reading and writing its positions
/// and moves, perft, the endings its position decides, and its history judged by its
/// endings. A value of it is what the adapter applies to every position it reads (the
/// variant and the move rules, say), taken from the rules of play.
pub trait TextGame: Clone + Debug + Send + Sync + 'static {
    /// A position of the game.
    type Position: Sync;
    /// A move of the game.
    type Move;
    /// A notation the game writes its moves in.
    type Notation: Copy;
    /// A history replayed by the game's endings, extended move by move (what its judge
    /// holds).
    type History;
    /// Why a position text could not be read.
    type FenError: Display;
    /// Why a move text names no legal move.
    type MoveError: Display;

    /// The canonical notation: the one legal moves are written in unless another is asked
    /// for, and a read move is written in.
    const CANONICAL: Self::Notation;

    /// What of `play` the game applies to every position it reads.
    fn of(play: &PlayRules) -> Self;
    /// The FEN of the initial position.
    fn start_fen(&self) -> String;
    /// Reads a position under these rules.
    fn read_position(&self, fen: &str) -> Result<Self::Position, Self::FenError>;
    /// The canonical FEN of a position.
    fn fen(pos: &Self::Position) -> String;
    /// Reads a notation name; the error is the whole message.
    fn read_notation(name: &str) -> Result<Self::Notation, String>;
    /// The legal moves of a position, one per move identity, in the game's order.
    fn legal_moves(pos: &Self::Position) -> Vec<Self::Move>;
    /// Reads a move text in a position.
    fn read_move(pos: &Self::Position, text: &str) -> Result<Self::Move, Self::MoveError>;
    /// The text, key and JSON of a legal move, written in `notation`.
    fn info(pos: &Self::Position, m: &Self::Move, notation: Self::Notation) -> MoveInfo;
    /// Counts the leaf nodes `depth` plies below `pos`.
    fn perft(pos: &Self::Position, depth: u32, count: PerftCount) -> u64;
    /// The node count below each root move of `pos`, by canonical move text, in the order
    /// perft divide prints them.
    fn divide(pos: &Self::Position, depth: u32, count: PerftCount) -> Vec<(String, u64)>;
    /// Whether the game is over in the position, its endings scored by `scores`, and
    /// whether the side to move is in check.
    fn status(pos: &Self::Position, scores: &EndingScores) -> Status;
    /// The position drawn as a board; `chinese` asks for Chinese piece names where the
    /// game has them.
    fn render(pos: &Self::Position, chinese: bool) -> String;
    /// A history starting at `start` under the rules of play `play`, judged.
    fn begin(&self, play: &PlayRules, start: Self::Position) -> Self::History;
    /// The position a history has reached.
    fn reached(history: &Self::History) -> &Self::Position;
}

/// The reference rules of one ruleset with text in and text out, for the game `G`
/// ([`DraughtsRules`](super::DraughtsRules), [`XiangqiRules`](super::XiangqiRules)).
#[derive(Debug, Clone)]
pub struct GameRules<G> {
    /// The rules of play.
    pub(super) play: PlayRules,
    /// What of them the game applies to every position read.
    pub(super) game: G,
}

impl<G: TextGame> GameRules<G> {
    /// The rules of a ruleset as written.
    ///
    /// # Panics
    ///
    /// Draughts rules ([`DraughtsRules`](super::DraughtsRules)) of a ruleset that is not
    /// of draughts.
    pub fn new(ruleset: Ruleset) -> GameRules<G> {
        GameRules::with_play(PlayRules::of(&ruleset))
    }

    /// The rules of play `play` of a ruleset: its move rules, draw rules and counting, the
    /// scores of the endings the position decides, repetition readings, claim
    /// verification.
    ///
    /// # Panics
    ///
    /// Draughts rules of rules of play that are not of draughts.
    pub fn with_play(play: PlayRules) -> GameRules<G> {
        let game = G::of(&play);
        GameRules { play, game }
    }
}

/// Replays a history through the game's endings under `rules`. A move after the game has
/// ended (a loss, an automatic draw of the edition, a loss by forbidden repetition) is
/// refused, as the judge refuses it.
pub(super) fn replay<G: TextGame>(
    rules: &GameRules<G>,
    fen: &str,
    moves: &[String],
) -> Result<G::History, RulesError>
where
    G::History: Ended,
{
    let mut history = rules.game.begin(&rules.play, position(rules, fen)?);
    for text in moves {
        history.play_text(text)?;
    }
    Ok(history)
}

/// The position of a FEN, under `rules`.
fn position<G: TextGame>(rules: &GameRules<G>, fen: &str) -> Result<G::Position, RulesError> {
    (rules.game.read_position(fen)).map_err(|e| RulesError::Position(e.to_string()))
}

/// The notation named, or the canonical one.
fn notation<G: TextGame>(name: Option<&str>) -> Result<G::Notation, RulesError> {
    match name {
        None => Ok(G::CANONICAL),
        Some(name) => G::read_notation(name).map_err(RulesError::Unsupported),
    }
}

/// Perft of `pos`, split by root move with `divide` (run on a stack deep enough: see
/// [`perft_stack`]).
fn perft_of<G: TextGame>(pos: &G::Position, depth: u32, count: PerftCount, divide: bool) -> Perft {
    if divide {
        let rows = G::divide(pos, depth, count);
        let nodes = if depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        };
        Perft {
            nodes,
            divide: rows,
        }
    } else {
        Perft {
            nodes: G::perft(pos, depth, count),
            divide: Vec::new(),
        }
    }
}

impl<G: TextGame> Rules for GameRules<G>
where
    G::History: Ended,
{
    fn ruleset(&self) -> &Ruleset {
        &self.play.ruleset
    }

    fn start_fen(&self) -> String {
        self.game.start_fen()
    }

    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError> {
        Ok(G::fen(&position(self, fen)?))
    }

    /// Plays the history through the game's endings, so a move after the game ended is
    /// refused here too.
    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError> {
        Ok(G::fen(G::reached(&replay(self, fen, moves)?)))
    }

    fn legal_moves(&self, fen: &str, name: Option<&str>) -> Result<Vec<MoveInfo>, RulesError> {
        let notation = notation::<G>(name)?;
        let pos = position(self, fen)?;
        let moves = G::legal_moves(&pos);
        Ok(moves.iter().map(|m| G::info(&pos, m, notation)).collect())
    }

    fn resolve_move(&self, fen: &str, text: &str) -> Result<MoveInfo, RulesError> {
        let pos = position(self, fen)?;
        let m = G::read_move(&pos, text).map_err(|e| RulesError::Move {
            number: 1,
            text: text.to_owned(),
            reason: e.to_string(),
        })?;
        Ok(G::info(&pos, &m, G::CANONICAL))
    }

    fn perft(
        &self,
        fen: &str,
        depth: u32,
        count: PerftCount,
        divide: bool,
    ) -> Result<Perft, RulesError> {
        let pos = position(self, fen)?;
        perft_stack::with_stack_for(depth, || perft_of::<G>(&pos, depth, count, divide))
    }

    fn status(&self, fen: &str) -> Result<Status, RulesError> {
        Ok(G::status(&position(self, fen)?, &self.play.endings))
    }

    fn render(&self, fen: &str, chinese: bool) -> Result<String, RulesError> {
        Ok(G::render(&position(self, fen)?, chinese))
    }

    fn outcome(&self, fen: &str, moves: &[String]) -> Result<crate::GameState, RulesError> {
        Ok(replay(self, fen, moves)?.state())
    }

    fn judge(&self, fen: &str, moves: &[String]) -> Result<Box<dyn Judge>, RulesError> {
        Ok(Box::new(Judged::new(replay(self, fen, moves)?, &self.play)))
    }
}

#[cfg(test)]
mod tests {
    use crate::{rules_for, MoveInfo, PerftCount, Rules, Ruleset};

    /// Each ruleset with notations its game writes and reads back, the canonical one first
    /// (not xiangqi's uci10: its ranks 1-10 read as ICCS ranks 0-9).
    const NOTATIONS: [(&str, &[&str]); 3] = [
        ("russian", &["numeric", "algebraic"]),
        ("brazilian", &["numeric", "algebraic"]),
        ("xiangqi", &["iccs", "chinese", "wxf"]),
    ];

    /// The start position of `rules` and the positions after its middle legal move is
    /// played, six times over.
    fn positions(rules: &dyn Rules) -> Vec<String> {
        let mut fens = vec![rules.start_fen()];
        for _ in 0..6 {
            let fen = fens.last().unwrap();
            let moves = rules.legal_moves(fen, None).unwrap();
            let middle = moves[moves.len() / 2].text.clone();
            fens.push(rules.play(fen, &[middle]).unwrap());
        }
        fens
    }

    fn keys(moves: &[MoveInfo]) -> Vec<&str> {
        moves.iter().map(|m| m.key.as_str()).collect()
    }

    #[test]
    fn a_move_read_in_any_notation_is_written_in_the_canonical_one() {
        for (name, notations) in NOTATIONS {
            let rules = rules_for(&name.parse::<Ruleset>().unwrap());
            for fen in positions(&*rules) {
                let canonical = rules.legal_moves(&fen, None).unwrap();
                for &notation in notations {
                    let written = rules.legal_moves(&fen, Some(notation)).unwrap();
                    assert_eq!(keys(&written), keys(&canonical), "{name} {notation}");
                    let differs = written
                        .iter()
                        .zip(&canonical)
                        .any(|(w, c)| w.text != c.text);
                    assert_eq!(differs, notation != notations[0], "{name} {notation} {fen}");
                    for (w, c) in written.iter().zip(&canonical) {
                        let read = rules.resolve_move(&fen, &w.text).unwrap();
                        assert_eq!(&read, c, "{name} {notation} {fen}: {}", w.text);
                    }
                }
            }
        }
    }

    #[test]
    fn perft_divided_counts_what_perft_counts() {
        use PerftCount::{Moves, Paths};
        let runs = [(0, Paths), (1, Paths), (2, Paths), (1, Moves), (2, Moves)];
        for (name, _) in NOTATIONS {
            let rules = rules_for(&name.parse::<Ruleset>().unwrap());
            for fen in positions(&*rules).iter().step_by(3) {
                for (depth, count) in runs {
                    let plain = rules.perft(fen, depth, count, false).unwrap();
                    let divided = rules.perft(fen, depth, count, true).unwrap();
                    assert!(plain.divide.is_empty(), "{name} {fen} {depth}");
                    assert_eq!(divided.nodes, plain.nodes, "{name} {fen} {depth}");
                    if depth > 0 {
                        let sum: u64 = divided.divide.iter().map(|(_, n)| n).sum();
                        assert_eq!(sum, plain.nodes, "{name} {fen} {depth}");
                    }
                }
            }
        }
    }
}
