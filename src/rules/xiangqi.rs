//! The xiangqi reference rules behind the game-neutral [`Rules`] trait.

use super::{Candidate, GameState};
use super::{Ended, Judged, PlayRules};
use crate::clause;
use crate::outcome::{OfferClauses, RuleState};
use crate::xiangqi::endings::{position_outcome, RepetitionEnforcement, XiangqiEndings};
use crate::xiangqi::notation::{parse_move, Notation};
use crate::xiangqi::perft::{perft, perft_divide};
use crate::xiangqi::repetition::{CycleDecision, RepetitionRules};
use crate::xiangqi::Square;
use crate::xiangqi::START_FEN;
use crate::xiangqi::{Move, MoveRules, Position};
use crate::{Game, Judge, MoveInfo, Perft, PerftCount, Rules, RulesError, Ruleset, Side, Status};

/// The reference rules of a xiangqi ruleset (both editions share the rules of play; they
/// differ in the repetition verdict, which decides the repetition claim and the loss by
/// forbidden repetition in [`Rules::outcome`], [`Rules::claim`] and [`Rules::play`]).
#[derive(Debug, Clone)]
pub struct XiangqiRules {
    play: PlayRules,
    enforcement: RepetitionEnforcement,
    move_rules: MoveRules,
}

impl XiangqiRules {
    /// The rules of a ruleset as written.
    pub fn new(ruleset: Ruleset) -> XiangqiRules {
        XiangqiRules::with_play(PlayRules::of(&ruleset))
    }

    /// The rules of play `play` of a xiangqi ruleset: its move rules, draw rules and
    /// counting, repetition readings and the scores of the endings the position decides.
    pub fn with_play(play: PlayRules) -> XiangqiRules {
        let move_rules = match play.moves {
            super::MoveRules::Xiangqi(rules) => rules,
            super::MoveRules::Draughts(_) => MoveRules::STANDARD,
        };
        XiangqiRules {
            play,
            enforcement: RepetitionEnforcement::Automatic,
            move_rules,
        }
    }

    /// The same rules with other move rules: every position they read obeys `rules`.
    pub fn with_move_rules(mut self, rules: MoveRules) -> XiangqiRules {
        self.move_rules = rules;
        self.play.moves = super::MoveRules::Xiangqi(rules);
        self
    }

    /// The rules with the forbidden repetition enforced as `enforcement` says: refereed,
    /// a loss by forbidden repetition is never given and no move after it is refused.
    pub fn with_enforcement(mut self, enforcement: RepetitionEnforcement) -> XiangqiRules {
        self.enforcement = enforcement;
        self
    }
}

impl XiangqiRules {
    /// The position of a FEN, under these rules' move rules.
    fn position(&self, fen: &str) -> Result<Position, RulesError> {
        Position::from_fen(fen)
            .map(|p| p.with_move_rules(self.move_rules))
            .map_err(|e| RulesError::Position(e.to_string()))
    }

    /// Replays a history, keeping the positions for the draw rules. A move after checkmate
    /// or stalemate is refused (it is illegal), and so is a move after a loss by forbidden
    /// repetition (走棋违犯禁例，应当变着而不变: the game is over).
    pub fn replay(&self, fen: &str, moves: &[String]) -> Result<XiangqiEndings, RulesError> {
        let p = &self.play;
        let repetition = p.repetition.unwrap_or(RepetitionRules::CXA);
        let mut game = XiangqiEndings::under(
            p.edition.clone(),
            p.sixty_move,
            p.endings,
            repetition,
            self.position(fen)?,
        )
        .with_enforcement(self.enforcement);
        for text in moves {
            push_checked(&mut game, text)?;
        }
        Ok(game)
    }
}

/// Plays the next move of a history, read from `text`, refused as [`XiangqiRules::replay`]
/// refuses it.
fn push_checked(game: &mut XiangqiEndings, text: &str) -> Result<(), RulesError> {
    refuse_after_end(game, || text.to_owned())?;
    let m = parse_move(game.position(), text).map_err(|e| refusal(game, text.to_owned(), e))?;
    game.push_read(m);
    Ok(())
}

/// Plays the next move of a history, found among the legal moves ([`Judge::push_listed`]):
/// as it stands, refused only after a loss by forbidden repetition.
fn push_listed(game: &mut XiangqiEndings, c: &Candidate) -> Result<(), RulesError> {
    refuse_after_end(game, || c.text())?;
    let m = (c.xiangqi_move()).ok_or_else(|| refusal(game, c.text(), "not a xiangqi move"))?;
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
        return Err(refusal(game, text(), reason));
    }
    Ok(())
}

/// The error refusing the next move of a history, `text`, for `reason`.
fn refusal(game: &XiangqiEndings, text: String, reason: impl ToString) -> RulesError {
    RulesError::Move {
        number: game.moves().len() + 1,
        text,
        reason: reason.to_string(),
    }
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

/// Perft of `pos`, split by root move with `divide` (run on a stack deep enough: see
/// [`super::perft_stack`]).
fn perft_of(pos: &Position, depth: u32, divide: bool) -> Perft {
    if divide {
        let mut rows: Vec<(String, u64)> = perft_divide(pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        rows.sort();
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
            nodes: perft(pos, depth),
            divide: Vec::new(),
        }
    }
}

/// The text, key and JSON description of a legal move.
pub fn move_info(pos: &Position, m: Move, notation: Notation) -> MoveInfo {
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

fn notation(name: Option<&str>) -> Result<Notation, RulesError> {
    match name {
        None => Ok(Notation::Iccs),
        Some(n) => Notation::from_name(n).ok_or_else(|| {
            RulesError::Unsupported(format!(
                "unknown xiangqi notation '{n}' (expected one of: iccs, uci10, chinese, wxf)"
            ))
        }),
    }
}

/// Draws a position as a board: ranks 9 (top) to 0, files a–i, FEN letters or Chinese
/// piece names, the river between ranks 5 and 4, and the side to move.
pub fn render(pos: &Position, chinese: bool) -> String {
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

impl Rules for XiangqiRules {
    fn ruleset(&self) -> &Ruleset {
        &self.play.ruleset
    }

    fn start_fen(&self) -> String {
        START_FEN.to_owned()
    }

    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError> {
        Ok(self.position(fen)?.fen())
    }

    /// Plays the history; like [`XiangqiRules::replay`], a move after the game was lost by
    /// forbidden repetition is refused.
    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError> {
        Ok(self.replay(fen, moves)?.position().fen())
    }

    fn legal_moves(&self, fen: &str, name: Option<&str>) -> Result<Vec<MoveInfo>, RulesError> {
        let n = notation(name)?;
        let pos = self.position(fen)?;
        Ok(pos
            .legal_moves()
            .iter()
            .map(|m| move_info(&pos, *m, n))
            .collect())
    }

    fn resolve_move(&self, fen: &str, text: &str) -> Result<MoveInfo, RulesError> {
        let pos = self.position(fen)?;
        let m = parse_move(&pos, text).map_err(|e| RulesError::Move {
            number: 1,
            text: text.to_owned(),
            reason: e.to_string(),
        })?;
        Ok(move_info(&pos, m, Notation::Iccs))
    }

    fn perft(
        &self,
        fen: &str,
        depth: u32,
        _count: PerftCount,
        divide: bool,
    ) -> Result<Perft, RulesError> {
        let pos = self.position(fen)?;
        super::perft_stack::with_stack_for(depth, || perft_of(&pos, depth, divide))
    }

    fn status(&self, fen: &str) -> Result<Status, RulesError> {
        let pos = self.position(fen)?;
        Ok(Status {
            outcome: position_outcome(&pos, &self.play.endings),
            in_check: pos.is_check(),
        })
    }

    fn render(&self, fen: &str, chinese: bool) -> Result<String, RulesError> {
        Ok(render(&self.position(fen)?, chinese))
    }

    fn outcome(&self, fen: &str, moves: &[String]) -> Result<GameState, RulesError> {
        Ok(game_state(&self.replay(fen, moves)?))
    }

    fn judge(&self, fen: &str, moves: &[String]) -> Result<Box<dyn Judge>, RulesError> {
        Ok(Box::new(Judged::new(self.replay(fen, moves)?, &self.play)))
    }
}

/// The clauses a refused draw offer cites in xiangqi.
const OFFER_CLAUSES: OfferClauses = OfferClauses {
    timing: clause::XQ_DRAW_OFFER_AGREEMENT,
    pending: clause::XQ_DRAW_OFFER_NO_WITHDRAWAL,
    agreed: clause::XQ_DRAW_OFFER_AGREEMENT,
};

/// A xiangqi history for the [`Judge`]: the endings extended move by move, the outcome
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
