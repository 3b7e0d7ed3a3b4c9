//! [`XiangqiRules`]: the [`Rules`](crate::Rules) view of xiangqi, the text adapter
//! ([`GameRules`]) over what xiangqi supplies of its own ([`XiangqiText`]).

use super::adapter::{GameRules, TextGame};
use super::{Candidate, GameState};
use super::{Ended, PlayRules};
use crate::clause;
use crate::outcome::{EndingScores, OfferClauses, RuleState};
use crate::xiangqi::endings::{position_outcome, RepetitionEnforcement, XiangqiEndings};
use crate::xiangqi::notation::{parse_move, Notation};
use crate::xiangqi::perft::{perft, perft_divide};
use crate::xiangqi::repetition::{CycleDecision, RepetitionRules};
use crate::xiangqi::Square;
use crate::xiangqi::START_FEN;
use crate::xiangqi::{Move, MoveRules, NotationError, ParseFenError, Position};
use crate::{Game, MoveInfo, PerftCount, RulesError, Side, Status};

/// The reference rules of a xiangqi ruleset (both editions share the rules of play; they
/// differ in the repetition verdict, which decides the repetition claim and the loss by
/// forbidden repetition in [`Rules::outcome`](crate::Rules::outcome),
/// [`Rules::claim`](crate::Rules::claim) and [`Rules::play`](crate::Rules::play)).
pub type XiangqiRules = GameRules<XiangqiText>;

/// What the xiangqi rules apply to every position they read and every history they replay:
/// the move rules, and how a forbidden repetition is enforced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XiangqiText {
    moves: MoveRules,
    enforcement: RepetitionEnforcement,
}

impl XiangqiRules {
    /// The rules with the forbidden repetition enforced as `enforcement` says: refereed,
    /// a loss by forbidden repetition is never given and no move after it is refused.
    pub fn with_enforcement(mut self, enforcement: RepetitionEnforcement) -> XiangqiRules {
        self.game.enforcement = enforcement;
        self
    }

    /// Replays a history, keeping the positions for the draw rules. A move after checkmate
    /// or stalemate is refused (it is illegal), and so is a move after a loss by forbidden
    /// repetition (走棋违犯禁例，应当变着而不变: the game is over).
    pub fn replay(&self, fen: &str, moves: &[String]) -> Result<XiangqiEndings, RulesError> {
        super::adapter::replay(self, fen, moves)
    }
}

impl TextGame for XiangqiText {
    type Position = Position;
    type Move = Move;
    type Notation = Notation;
    type History = XiangqiEndings;
    type FenError = ParseFenError;
    type MoveError = NotationError;

    const CANONICAL: Notation = Notation::Iccs;

    fn of(play: &PlayRules) -> XiangqiText {
        let moves = match play.moves {
            super::MoveRules::Xiangqi(rules) => rules,
            super::MoveRules::Draughts(_) => MoveRules::STANDARD,
        };
        XiangqiText {
            moves,
            enforcement: RepetitionEnforcement::Automatic,
        }
    }

    fn start_fen(&self) -> String {
        START_FEN.to_owned()
    }

    fn read_position(&self, fen: &str) -> Result<Position, ParseFenError> {
        Position::from_fen(fen).map(|p| p.with_move_rules(self.moves))
    }

    fn fen(pos: &Position) -> String {
        pos.fen()
    }

    fn read_notation(name: &str) -> Result<Notation, String> {
        Notation::from_name(name).ok_or_else(|| {
            format!(
                "unknown xiangqi notation '{name}' (expected one of: iccs, uci10, chinese, wxf)"
            )
        })
    }

    fn legal_moves(pos: &Position) -> Vec<Move> {
        pos.legal_moves().to_vec()
    }

    fn read_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
        parse_move(pos, text)
    }

    fn info(pos: &Position, m: &Move, notation: Notation) -> MoveInfo {
        move_info(pos, *m, notation)
    }

    fn perft(pos: &Position, depth: u32, _count: PerftCount) -> u64 {
        perft(pos, depth)
    }

    fn divide(pos: &Position, depth: u32, _count: PerftCount) -> Vec<(String, u64)> {
        let rows = perft_divide(pos, depth).into_iter();
        let mut rows: Vec<(String, u64)> = rows.map(|(m, n)| (m.to_string(), n)).collect();
        rows.sort();
        rows
    }

    fn status(pos: &Position, scores: &EndingScores) -> Status {
        Status {
            outcome: position_outcome(pos, scores),
            in_check: pos.is_check(),
        }
    }

    fn render(pos: &Position, chinese: bool) -> String {
        render(pos, chinese)
    }

    fn begin(&self, play: &PlayRules, start: Position) -> XiangqiEndings {
        let repetition = play.repetition.unwrap_or(RepetitionRules::CXA);
        XiangqiEndings::under(
            play.edition.clone(),
            play.sixty_move,
            play.endings,
            repetition,
            start,
        )
        .with_enforcement(self.enforcement)
    }

    fn reached(history: &XiangqiEndings) -> &Position {
        history.position()
    }
}

/// Plays the next move of a history, read from `text`, refused as [`XiangqiRules::replay`]
/// refuses it.
fn push_checked(game: &mut XiangqiEndings, text: &str) -> Result<(), RulesError> {
    refuse_after_end(game, || text.to_owned())?;
    let m = parse_move(game.position(), text).map_err(|e| game.refusal(text.to_owned(), e))?;
    game.push_read(m);
    Ok(())
}

/// Plays the next move of a history, found among the legal moves
/// ([`Judge::push_listed`](crate::Judge::push_listed)): as it stands, refused only after a
/// loss by forbidden repetition.
fn push_listed(game: &mut XiangqiEndings, c: &Candidate) -> Result<(), RulesError> {
    refuse_after_end(game, || c.text())?;
    let m = (c.xiangqi_move()).ok_or_else(|| game.refusal(c.text(), "not a xiangqi move"))?;
    game.push_read(m);
    Ok(())
}

/// Refuses the next move (written by `text` if refused) after a loss by forbidden
/// repetition (the game is over).
fn refuse_after_end(
    game: &XiangqiEndings,
    text: impl FnOnce() -> String,
) -> Result<(), RulesError> {
    if let Some((CycleDecision::Loss, Some(loser))) = game.verdict().map(|v| (v.ruling, v.side)) {
        let reason = format!(
            "the game is already over after move {}: {} (forbidden-repetition: \
             {} did not change a forbidden repetition)",
            game.moves().len(),
            loser.other().xiangqi_name(),
            loser.xiangqi_name()
        );
        return Err(game.refusal(text(), reason));
    }
    Ok(())
}

/// The endings' judgement with the repetition verdict of the same history.
fn game_state(game: &XiangqiEndings) -> GameState {
    judged(game, None)
}

/// [`game_state`], told whether the side to move has a legal move when the caller knows.
fn judged(game: &XiangqiEndings, has_legal_move: Option<bool>) -> GameState {
    let ending = game.outcome_knowing(has_legal_move);
    GameState::new(Game::Xiangqi, ending, game.verdict().cloned())
}

/// The text, key and JSON description of a legal move.
fn move_info(pos: &Position, m: Move, notation: Notation) -> MoveInfo {
    let text = notation.write(pos, m);
    let iccs = m.to_string();
    let piece = pos.piece_at(m.from).map(|p| p.char().to_string());
    let capture = pos.captured(m).map(|p| p.char().to_string());
    let json = serde_json::json!({
        "text": text,
        "iccs": iccs,
        "from": m.from.to_string(),
        "to": m.to.to_string(),
        "piece": piece,
        "capture": capture,
        "check": pos.gives_check(m),
    });
    MoveInfo {
        text,
        key: iccs,
        json,
        route: vec![m.from.to_string(), m.to.to_string()],
    }
}

/// Draws a position as a board: ranks 9 (top) to 0, files a–i, FEN letters or Chinese
/// piece names, the river between ranks 5 and 4, and the side to move.
fn render(pos: &Position, chinese: bool) -> String {
    let mut out = String::new();
    for rank in (0..10u8).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9u8 {
            let piece = Square::new(file, rank).and_then(|s| pos.piece_at(s));
            match (piece, chinese) {
                (Some(p), true) => out.push(p.chinese()),
                (Some(p), false) => out.push(p.char()),
                (None, true) => out.push('．'),
                (None, false) => out.push('.'),
            }
            if file < 8 && !chinese {
                out.push(' ');
            }
        }
        out.push('\n');
        if rank == 5 {
            out.push_str(if chinese {
                "  ～～楚河～汉界～～\n"
            } else {
                "  ~~~~~ river ~~~~~\n"
            });
        }
    }
    out.push_str(if chinese {
        "  ａｂｃｄｅｆｇｈｉ\n"
    } else {
        "  a b c d e f g h i\n"
    });
    let side = match pos.turn() {
        Side::First => "red",
        Side::Second => "black",
    };
    out.push_str(&format!(
        "{side} to move{}\n",
        if pos.is_check() { ", in check" } else { "" }
    ));
    out
}

/// The clauses a refused draw offer cites in xiangqi.
const OFFER_CLAUSES: OfferClauses = OfferClauses {
    timing: clause::XQ_DRAW_OFFER_AGREEMENT,
    pending: clause::XQ_DRAW_OFFER_NO_WITHDRAWAL,
    agreed: clause::XQ_DRAW_OFFER_AGREEMENT,
};

/// A xiangqi history for the [`Judge`](crate::Judge): the endings extended move by move, the outcome
/// judged when asked for.
impl Ended for XiangqiEndings {
    const OFFER_CLAUSES: OfferClauses = OFFER_CLAUSES;

    fn to_move(&self) -> Side {
        self.position().turn()
    }

    fn plies(&self) -> usize {
        self.moves().len()
    }

    fn state(&self) -> GameState {
        game_state(self)
    }

    fn state_knowing(&self, has_legal_move: bool) -> GameState {
        judged(self, Some(has_legal_move))
    }

    fn rule_states(&self) -> Vec<RuleState<'_>> {
        XiangqiEndings::rule_states(self)
    }

    fn play_text(&mut self, text: &str) -> Result<(), RulesError> {
        push_checked(self, text)
    }

    fn play_listed(&mut self, m: &Candidate) -> Result<(), RulesError> {
        push_listed(self, m)
    }
}
