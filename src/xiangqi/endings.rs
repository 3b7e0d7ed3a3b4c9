//! Endings of a xiangqi game with its history (第一章 第四节): checkmate and stalemate lose;
//! the 60-move rule (六十回合规则) and the repetition draw are claims.
//!
//! Counters, in plies unless said otherwise:
//!
//! - `sixty-move`: plies since the last capture, starting from the FEN's halfmove clock;
//!   only a capture resets it (checks and soldier moves do not). The limit is 120 plies
//!   (60 rounds, 回合, of one move by each side).
//! - `repetition`: occurrences of the current position (pieces and side to move; the move
//!   counters of the FEN are not part of it) since the history began.
//!
//! The repetition claim frame: a claim is possible when the current position occurs for the
//! third time with the same side to move. Whether the moves of the cycle are allowed is the
//! repetition verdict (棋例), which plugs in at [`repetition_verdict`]. Until it exists the
//! claim is upheld only when no move of the cycle gives check (a cycle of idle moves and
//! chases); a cycle with a check is undecided and the claim is not upheld.
//!
//! ```
//! use arbiter::xiangqi::endings::XiangqiEndings;
//! use arbiter::xiangqi::Position;
//! use arbiter::Ruleset;
//!
//! let ruleset: Ruleset = "xiangqi".parse().unwrap();
//! let mut game = XiangqiEndings::new(&ruleset, Position::start());
//! for m in ["h2e2", "h9g7", "e2h2", "g7h9"] {
//!     game.push_text(m).unwrap();
//! }
//! assert_eq!(game.occurrences(), 2); // the start position, twice
//! assert_eq!(game.sixty_move_plies(), 4);
//! ```

use super::notation::{parse_move, NotationError};
use super::position::{Move, Position};
use crate::edition::{edition_of, DrawKind, Edition};
use crate::outcome::{assemble, Decided, GameOutcome, RuleState};
use crate::Ruleset;

/// A repeated stretch of a game: the positions from the first occurrence of the repeated
/// position to its latest occurrence, and the moves between them.
#[derive(Debug, Clone, Copy)]
pub struct RepetitionCycle<'a> {
    /// The ruleset (editions judge cycles differently).
    pub ruleset: &'a Ruleset,
    /// Positions, first and last being the repeated position.
    pub positions: &'a [Position],
    /// The moves; `moves[i]` leads from `positions[i]` to `positions[i + 1]`.
    pub moves: &'a [Move],
}

/// What the repetition verdict says about a cycle, as far as a draw claim is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CycleVerdict {
    /// Both sides' moves are allowed (or both forbidden): the draw may be claimed.
    Draw,
    /// The verdict cannot be given here; the claim is not upheld. Says why.
    Undecided(String),
    /// One side's moves are forbidden: it must change; no draw. Names the side.
    MustChange(String),
}

/// **The hook for the repetition verdict (棋例).** The claim frame calls this with the
/// repeated stretch once the position has occurred the edition's number of times; the
/// repetition adjudication replaces the interim rule here.
///
/// Interim rule: a cycle in which no move gives check is a draw (its moves can only be idle
/// moves or chases, and a chase cannot be told here); a cycle with a check is undecided,
/// because perpetual check may have to change or lose.
pub fn repetition_verdict(cycle: &RepetitionCycle<'_>) -> CycleVerdict {
    let checking = cycle.positions.iter().skip(1).position(|p| p.is_check());
    match checking {
        None => CycleVerdict::Draw,
        Some(i) => CycleVerdict::Undecided(format!(
            "move {} of the repeated stretch ({}) gives check; the repetition verdict (棋例) \
             is needed to rule on a cycle with checks",
            i + 1,
            cycle
                .moves
                .get(i)
                .map(|m| m.to_string())
                .unwrap_or_default()
        )),
    }
}

/// A xiangqi game from a starting position, with its positions and moves.
#[derive(Debug, Clone)]
pub struct XiangqiEndings {
    ruleset: Ruleset,
    edition: &'static Edition,
    positions: Vec<Position>,
    keys: Vec<String>,
    moves: Vec<Move>,
}

/// The repetition identity of a position: the pieces and the side to move.
fn key(pos: &Position) -> String {
    let fen = pos.fen();
    let mut fields = fen.split_whitespace();
    format!(
        "{} {}",
        fields.next().unwrap_or(""),
        fields.next().unwrap_or("")
    )
}

impl XiangqiEndings {
    /// A game starting at `start` under the edition of `ruleset`.
    pub fn new(ruleset: &Ruleset, start: Position) -> XiangqiEndings {
        XiangqiEndings {
            ruleset: ruleset.clone(),
            edition: edition_of(ruleset),
            keys: vec![key(&start)],
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| unreachable!())
    }

    /// Plays a legal move.
    pub fn push(&mut self, m: Move) {
        let mut next = *self.position();
        if let Ok(p) = next.play(m) {
            next = p;
        }
        self.keys.push(key(&next));
        self.positions.push(next);
        self.moves.push(m);
    }

    /// Reads a move in any notation and plays it.
    pub fn push_text(&mut self, text: &str) -> Result<(), NotationError> {
        let m = parse_move(self.position(), text)?;
        self.push(m);
        Ok(())
    }

    /// Plies without a capture (the FEN's halfmove clock plus the history).
    pub fn sixty_move_plies(&self) -> u32 {
        self.position().halfmoves()
    }

    /// How many times the current position has occurred with the same side to move.
    pub fn occurrences(&self) -> u32 {
        let now = self.keys.last();
        self.keys.iter().filter(|k| Some(*k) == now).count() as u32
    }

    /// The stretch from the first occurrence of the current position to now.
    pub fn cycle(&self) -> RepetitionCycle<'_> {
        let now = self.keys.last();
        let first = self
            .keys
            .iter()
            .position(|k| Some(k) == now)
            .unwrap_or(self.keys.len() - 1);
        RepetitionCycle {
            ruleset: &self.ruleset,
            positions: &self.positions[first..],
            moves: &self.moves[first..],
        }
    }

    /// The state of each draw rule of the edition now.
    pub(crate) fn rule_states(&self) -> Vec<RuleState<'static>> {
        let mut states = Vec::new();
        for rule in &self.edition.draws {
            let state = match rule.rule {
                DrawKind::SixtyMove => RuleState::counted(rule, Some(self.sixty_move_plies())),
                DrawKind::Repetition => {
                    let mut s = RuleState::counted(rule, Some(self.occurrences()));
                    if s.met {
                        match repetition_verdict(&self.cycle()) {
                            CycleVerdict::Draw => {}
                            CycleVerdict::Undecided(why) => {
                                s.met = false;
                                s.blocked = Some(why);
                            }
                            CycleVerdict::MustChange(side) => {
                                s.met = false;
                                s.blocked = Some(format!(
                                    "the repetition verdict says {side} must change its moves"
                                ));
                            }
                        }
                    }
                    s
                }
                _ => continue,
            };
            states.push(state);
        }
        states
    }

    /// The outcome now: checkmate or stalemate, or the claims valid now; with the counters.
    pub fn outcome(&self) -> GameOutcome {
        let pos = self.position();
        let decided = pos.outcome().map(|o| Decided {
            winner: o.winner.name(),
            reason: o.reason.slug(),
            clause: match o.reason.slug() {
                "checkmate" => "xq.result.checkmate-loses",
                _ => "xq.result.stalemate-loses",
            },
        });
        assemble(decided, &self.rule_states(), pos.is_check())
    }
}
