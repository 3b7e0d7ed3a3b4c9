//! The game-neutral face of the reference rules.
//!
//! The CLI, the case runner and the engine harness talk to every game through [`Rules`],
//! with positions and moves as text (FEN and move notation), the same shape the engine
//! protocol uses. One adapter, [`GameRules`], implements it for every game on top of each
//! game's typed `Setup`, `Position` and `Move`, which know nothing of this boundary: a game
//! supplies only what is its own ([`TextGame`]: its FEN and notations, perft, its endings),
//! as [`DraughtsRules`] and [`XiangqiRules`]. Code that needs more than this view uses the
//! game module directly.
//!
//! ```
//! use arbiter::{rules_for, Ruleset};
//!
//! let rules = rules_for(&"russian".parse::<Ruleset>().unwrap());
//! let start = rules.start_fen();
//! assert_eq!(rules.legal_moves(&start, None).unwrap().len(), 7);
//! ```

mod adapter;
mod board;
mod draughts;
mod game_state;
mod move_rules;
pub mod perft_stack;
mod play_rules;
mod xiangqi;

pub use adapter::{GameRules, TextGame};
pub use board::{Board, BoardError, Candidate, Spot};
pub use draughts::{DraughtsRules, DraughtsText};
pub use game_state::{ClaimRuling, GameState};
pub use move_rules::MoveRules;
pub use play_rules::PlayRules;
pub use xiangqi::{XiangqiRules, XiangqiText};

pub use crate::draughts::PerftCount;
use crate::edition::DrawKind;
use crate::outcome::{
    rule_on_offer, Ending, OfferClauses, OfferRecord, OfferRuling, Outcome, RuleState,
};
use crate::xiangqi::endings::RepetitionEnforcement;
use crate::{Game, Ruleset, Side, SideError};
use game_state::rule_on_claim;

/// A legal move as text.
#[derive(Debug, Clone, PartialEq)]
pub struct MoveInfo {
    /// The move in the requested (or canonical) notation.
    pub text: String,
    /// A key equal for two texts exactly when they name the same move identity. Cases and
    /// engine replies are compared by key, never by text.
    pub key: String,
    /// A machine-readable description (identity, path, piece, …) for `--format json`.
    pub json: serde_json::Value,
    /// The squares the move passes, from where it starts to where it ends, as the game
    /// writes them (`22`, `15` in draughts; `h2`, `e2` in xiangqi): what a board needs to
    /// draw it as an arrow.
    pub route: Vec<String>,
}

/// The result of a perft run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Perft {
    /// Leaf nodes at the requested depth.
    pub nodes: u64,
    /// With divide: the node count below each root move, by canonical move text.
    pub divide: Vec<(String, u64)>,
}

/// Whether the game is over in a position, judged from the position alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Status {
    /// How the position ends the game (`no-pieces`, `no-legal-move`, `checkmate`,
    /// `stalemate`, with its clause); `None` while the game goes on.
    pub outcome: Option<Outcome>,
    /// Whether the side to move is in check (always false in draughts).
    pub in_check: bool,
}

/// Why a request to the rules failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The position text could not be parsed or describes an impossible setup.
    #[error("invalid position: {0}")]
    Position(String),
    /// A move of a sequence could not be played.
    #[error("move {number} '{text}': {reason}")]
    Move {
        /// 1-based number of the move in the sequence.
        number: usize,
        /// The move text as given.
        text: String,
        /// Why it was rejected (illegal, ambiguous, unreadable).
        reason: String,
    },
    /// A notation or option this game does not know.
    #[error("{0}")]
    Unsupported(String),
    /// A perft deeper than its stack allows ([`perft_stack::MAX_DEPTH`]).
    #[error(
        "perft depth {depth} is too deep: at most {max} plies (a ply takes up to {} bytes of \
         stack, and perft gets at most {} MiB)",
        perft_stack::STACK_PER_PLY,
        perft_stack::STACK_LIMIT >> 20
    )]
    TooDeep {
        /// The depth asked for.
        depth: u32,
        /// The deepest that runs.
        max: u32,
    },
}

/// A history judged move by move: what [`Rules::outcome`] says about a start position and
/// its moves, carried forward one move at a time instead of replaying the history through
/// the rules after each move (the game session keeps one; a game of n plies then costs
/// O(n) judging, not O(n²)).
///
/// After the same moves a judge gives exactly what [`Rules::outcome`] gives, and refuses
/// exactly the moves its replay refuses (an illegal move, a move after the game ended).
///
/// ```
/// use arbiter::{rules_for, Ruleset};
///
/// let rules = rules_for(&"xiangqi".parse::<Ruleset>().unwrap());
/// let start = rules.start_fen();
/// let mut judge = rules.judge(&start, &[]).unwrap();
/// for m in ["h2e2", "h9g7"] {
///     judge.push(m).unwrap();
/// }
/// let moves = ["h2e2".to_string(), "h9g7".to_string()];
/// assert_eq!(judge.outcome(), rules.outcome(&start, &moves).unwrap());
/// assert_eq!(judge.plies(), 2);
/// assert!(judge.push("a0a5").is_err()); // the chariot on a0 cannot jump its soldier
/// ```
pub trait Judge: Send + std::fmt::Debug {
    /// Plays one more move (any notation the game reads) and judges the longer history.
    /// On error the judge is unchanged.
    fn push(&mut self, text: &str) -> Result<(), RulesError>;
    /// [`Judge::push`] of a move the caller has found among the legal moves of the judged
    /// position ([`Board::legal_moves`] of the position the history reached: the session's
    /// board lists them): a judge plays it as it stands, without reading it or testing its
    /// legality again, and refuses it only as `push` refuses a move after the game ended.
    /// The default is `push` of its canonical text.
    fn push_listed(&mut self, m: &Candidate) -> Result<(), RulesError> {
        self.push(&m.text())
    }
    /// What [`Rules::outcome`] says about the history so far.
    fn outcome(&self) -> GameState;
    /// [`Judge::outcome`] when the caller has listed the legal moves of the position the
    /// history reached (`has_legal_move`: whether it found one), so that a judge need not
    /// search for one again to tell whether the game ended there. The default ignores it.
    fn outcome_knowing(&self, has_legal_move: bool) -> GameState {
        let _ = has_legal_move;
        self.outcome()
    }
    /// The number of moves judged.
    fn plies(&self) -> usize;
    /// The ruling on a draw claim of `kind` by `by` (`None`: the side to move) after the
    /// history so far: [`Rules::claim`] without replaying the history. A kind that is no
    /// draw rule of the game is an error.
    fn claim(&self, kind: DrawKind, by: Option<Side>) -> Result<ClaimRuling, RulesError>;
    /// Whether `by` may offer a draw after the history so far and the `earlier` offers of
    /// the game: [`Rules::draw_offer`] without replaying the history.
    fn draw_offer(&self, by: Side, earlier: &[OfferRecord]) -> Result<OfferRuling, RulesError>;
    /// A copy of this judge.
    fn boxed_clone(&self) -> Box<dyn Judge>;
}

impl Clone for Box<dyn Judge> {
    fn clone(&self) -> Self {
        self.boxed_clone()
    }
}

/// The judge of a game without one of its own: the history replayed through
/// [`Rules::outcome`] after each move.
#[derive(Debug, Clone)]
struct Replayed {
    ruleset: Ruleset,
    fen: String,
    moves: Vec<String>,
    outcome: GameState,
}

impl Judge for Replayed {
    fn push(&mut self, text: &str) -> Result<(), RulesError> {
        self.moves.push(text.to_owned());
        match rules_for(&self.ruleset).outcome(&self.fen, &self.moves) {
            Ok(o) => {
                self.outcome = o;
                Ok(())
            }
            Err(e) => {
                self.moves.pop();
                Err(e)
            }
        }
    }

    fn outcome(&self) -> GameState {
        self.outcome.clone()
    }

    fn plies(&self) -> usize {
        self.moves.len()
    }

    fn claim(&self, kind: DrawKind, by: Option<Side>) -> Result<ClaimRuling, RulesError> {
        let by = by.map(|s| s.name(self.ruleset.game));
        rules_for(&self.ruleset).claim(&self.fen, &self.moves, kind.name(), by)
    }

    fn draw_offer(&self, by: Side, earlier: &[OfferRecord]) -> Result<OfferRuling, RulesError> {
        rules_for(&self.ruleset).draw_offer(&self.fen, &self.moves, by, earlier)
    }

    fn boxed_clone(&self) -> Box<dyn Judge> {
        Box::new(self.clone())
    }
}

/// The judge of a game that has one of its own: its endings ([`Ended`]) extended move by
/// move under its rules of play. Each game supplies only its endings; the judging, the claim
/// and the draw-offer rulings are this one judge's.
#[derive(Debug, Clone)]
pub(crate) struct Judged<E> {
    ended: E,
    play: PlayRules,
}

impl<E: Ended> Judged<E> {
    /// The judge of the history `ended` under the rules of play `play`.
    pub(crate) fn new(ended: E, play: &PlayRules) -> Judged<E> {
        Judged {
            ended,
            play: play.clone(),
        }
    }
}

impl<E: Ended> Judge for Judged<E> {
    fn push(&mut self, text: &str) -> Result<(), RulesError> {
        self.ended.play_text(text)
    }

    fn push_listed(&mut self, m: &Candidate) -> Result<(), RulesError> {
        self.ended.play_listed(m)
    }

    fn outcome(&self) -> GameState {
        self.ended.state()
    }

    fn outcome_knowing(&self, has_legal_move: bool) -> GameState {
        self.ended.state_knowing(has_legal_move)
    }

    fn plies(&self) -> usize {
        self.ended.plies()
    }

    fn claim(&self, kind: DrawKind, by: Option<Side>) -> Result<ClaimRuling, RulesError> {
        rule_claim(&self.play, kind, by, &self.ended)
    }

    fn draw_offer(&self, by: Side, earlier: &[OfferRecord]) -> Result<OfferRuling, RulesError> {
        let clauses = &E::OFFER_CLAUSES;
        rule_offer(&self.play, clauses, self.plies(), by, earlier, &self.ended)
    }

    fn boxed_clone(&self) -> Box<dyn Judge> {
        Box::new(self.clone())
    }
}

/// The reference rules of one ruleset, with text in and text out.
pub trait Rules: Send + Sync {
    /// The ruleset these rules implement.
    fn ruleset(&self) -> &Ruleset;
    /// The FEN of the initial position.
    fn start_fen(&self) -> String;
    /// Parses and validates a position, returning its canonical FEN.
    fn canonical_fen(&self, fen: &str) -> Result<String, RulesError>;
    /// The canonical FEN of `fen`, or the start position when there is none: where a game,
    /// a case or a request without a position begins.
    ///
    /// ```
    /// use arbiter::{rules_for, Ruleset};
    ///
    /// let rules = rules_for(&"russian".parse::<Ruleset>().unwrap());
    /// assert_eq!(rules.position_or_start(None).unwrap(), rules.start_fen());
    /// assert!(rules.position_or_start(Some("W:W33")).is_err());
    /// ```
    fn position_or_start(&self, fen: Option<&str>) -> Result<String, RulesError> {
        match fen {
            Some(fen) => self.canonical_fen(fen),
            None => Ok(self.start_fen()),
        }
    }
    /// Plays `moves` (any notation the game reads) from `fen` and returns the canonical FEN
    /// reached.
    fn play(&self, fen: &str, moves: &[String]) -> Result<String, RulesError>;
    /// The legal moves of a position, one per move identity, written in `notation`
    /// (`None` for the canonical one).
    fn legal_moves(&self, fen: &str, notation: Option<&str>) -> Result<Vec<MoveInfo>, RulesError>;
    /// Reads one move text in a position; an error if it names no legal move or several.
    fn resolve_move(&self, fen: &str, text: &str) -> Result<MoveInfo, RulesError>;
    /// Counts leaf nodes `depth` plies below `fen`.
    fn perft(
        &self,
        fen: &str,
        depth: u32,
        count: PerftCount,
        divide: bool,
    ) -> Result<Perft, RulesError>;
    /// Whether the game is over in the position (history-independent endings only).
    fn status(&self, fen: &str) -> Result<Status, RulesError>;
    /// The position drawn as a board for a terminal. `chinese` asks for Chinese piece names
    /// where the game has them.
    fn render(&self, fen: &str, chinese: bool) -> Result<String, RulesError>;

    /// The state of the game after `moves` played from `fen`: result and reason (also the
    /// history-dependent draws of the edition), the claims valid now and the counters (see
    /// [`crate::outcome`]). The default judges the position reached alone, like
    /// [`Rules::status`].
    fn outcome(&self, fen: &str, moves: &[String]) -> Result<GameState, RulesError> {
        let reached = if moves.is_empty() {
            self.canonical_fen(fen)?
        } else {
            self.play(fen, moves)?
        };
        let status = self.status(&reached)?;
        let ending = Ending {
            outcome: status.outcome,
            in_check: status.in_check,
            ..Ending::default()
        };
        Ok(GameState::new(self.ruleset().game, ending, None))
    }

    /// A [`Judge`] of the history `moves` played from `fen`, to be extended move by move.
    /// The default replays the history through [`Rules::outcome`] after each move; the
    /// games carry their endings' state forward instead.
    fn judge(&self, fen: &str, moves: &[String]) -> Result<Box<dyn Judge>, RulesError> {
        let outcome = self.outcome(fen, moves)?;
        Ok(Box::new(Replayed {
            ruleset: self.ruleset().clone(),
            fen: fen.to_owned(),
            moves: moves.to_vec(),
            outcome,
        }))
    }

    /// The arbiter's ruling on a draw claim of `kind` (`sixty-move`, `repetition`,
    /// `threefold`, `kings-only`, …) made by `by` (`white`, `black`, `red`; `None`: the side
    /// to move) after `moves` played from `fen`: the kind is read, then the judge of the
    /// history ([`Rules::judge`]) rules on it ([`Judge::claim`]).
    fn claim(
        &self,
        fen: &str,
        moves: &[String],
        kind: &str,
        by: Option<&str>,
    ) -> Result<ClaimRuling, RulesError> {
        let game = self.ruleset().game;
        let kind = claim_kind(kind, game)?;
        let judge = self.judge(fen, moves)?;
        let by = by.map(|name| side(name, game)).transpose()?;
        judge.claim(kind, by)
    }

    /// Whether `by` may offer a draw now, after `moves` played from `fen` and the `earlier`
    /// offers of the game: the judge of the history ([`Rules::judge`]) rules on it
    /// ([`Judge::draw_offer`]).
    fn draw_offer(
        &self,
        fen: &str,
        moves: &[String],
        by: Side,
        earlier: &[OfferRecord],
    ) -> Result<OfferRuling, RulesError> {
        self.judge(fen, moves)?.draw_offer(by, earlier)
    }
}

/// The reference rules for a ruleset.
pub fn rules_for(ruleset: &Ruleset) -> Box<dyn Rules> {
    match ruleset.game {
        Game::Brazilian | Game::Russian => Box::new(DraughtsRules::new(ruleset.clone())),
        Game::Xiangqi => Box::new(XiangqiRules::new(ruleset.clone())),
    }
}

/// The rules adapter applying `play`: every position it reads obeys `play`'s move rules.
///
/// ```
/// use arbiter::rules::{rules_of, MoveRules, PlayRules};
///
/// let mut play = PlayRules::of(&"russian".parse().unwrap());
/// assert_eq!(rules_of(&play).legal_moves("W:WK29:B4", None).unwrap().len(), 6);
/// let MoveRules::Draughts(moves) = &mut play.moves else { panic!("russian is draughts") };
/// moves.kings_fly = false;
/// assert_eq!(rules_of(&play).legal_moves("W:WK29:B4", None).unwrap().len(), 1);
/// ```
pub fn rules_of(play: &PlayRules) -> Box<dyn Rules> {
    match play.moves {
        MoveRules::Draughts(_) => Box::new(DraughtsRules::with_play(play.clone())),
        MoveRules::Xiangqi(_) => Box::new(XiangqiRules::with_play(play.clone())),
    }
}

/// The rules adapter applying `play`, with a forbidden repetition (xiangqi) enforced as
/// `enforcement` says ([`RepetitionEnforcement`]); draughts has no such rule.
pub fn rules_enforcing(play: &PlayRules, enforcement: RepetitionEnforcement) -> Box<dyn Rules> {
    match play.moves {
        MoveRules::Xiangqi(_) => {
            Box::new(XiangqiRules::with_play(play.clone()).with_enforcement(enforcement))
        }
        MoveRules::Draughts(_) => rules_of(play),
    }
}

/// A history replayed by a game's endings and extended move by move: what the one judge
/// ([`Judged`]) needs of a game, and the history as the claim and draw-offer rulings read
/// it (the one mechanism of [`rule_claim`] and [`rule_offer`] serves every game through it).
pub(crate) trait Ended: Clone + std::fmt::Debug + Send + 'static {
    /// The clauses a refused draw offer cites in the game.
    const OFFER_CLAUSES: OfferClauses;
    /// The side to move after the history.
    fn to_move(&self) -> Side;
    /// The number of moves of the history.
    fn plies(&self) -> usize;
    /// What [`Rules::outcome`] says about the history.
    fn state(&self) -> GameState;
    /// [`Ended::state`] told whether the side to move has a legal move
    /// ([`Judge::outcome_knowing`]). The default ignores it.
    fn state_knowing(&self, has_legal_move: bool) -> GameState {
        let _ = has_legal_move;
        self.state()
    }
    /// The state of each draw rule of the edition after the history.
    fn rule_states(&self) -> Vec<RuleState<'_>>;
    /// Reads the next move in any notation the game reads and plays it ([`Judge::push`]).
    fn play_text(&mut self, text: &str) -> Result<(), RulesError>;
    /// Plays the next move as it stands, found among the legal moves
    /// ([`Judge::push_listed`]).
    fn play_listed(&mut self, m: &Candidate) -> Result<(), RulesError>;
    /// The error refusing the next move of the history, `text`, for `reason`.
    fn refusal(&self, text: String, reason: impl ToString) -> RulesError {
        RulesError::Move {
            number: self.plies() + 1,
            text,
            reason: reason.to_string(),
        }
    }
}

/// A side name that is not one of the game's, given to the rules.
impl From<SideError> for RulesError {
    fn from(e: SideError) -> RulesError {
        RulesError::Unsupported(format!(
            "unknown side '{}' (expected {})",
            e.text, e.expected
        ))
    }
}

/// Reads a side name of the game.
fn side(name: &str, game: Game) -> Result<Side, RulesError> {
    Ok(Side::parse(name, game)?)
}

/// [`Judge::claim`] for any game: the claim of `kind` (a draw rule of the game) by `by`
/// (`None`: the side to move) ruled on by the edition's draw rules after the history
/// `ended`.
pub(crate) fn rule_claim(
    play: &PlayRules,
    kind: DrawKind,
    by: Option<Side>,
    ended: &impl Ended,
) -> Result<ClaimRuling, RulesError> {
    let kind = claim_of_game(kind, play.ruleset.game)?;
    let by = by.unwrap_or_else(|| ended.to_move());
    Ok(rule_on_claim(
        play,
        &ended.state(),
        &ended.rule_states(),
        kind,
        by,
    ))
}

/// [`Judge::draw_offer`] for any game: whether `by` may offer a draw after the
/// `moves_played` moves of the history `ended` and the `earlier` offers, by the edition's
/// draw-offer rule; `clauses` are the game's clauses a refusal cites.
pub(crate) fn rule_offer(
    play: &PlayRules,
    clauses: &OfferClauses,
    moves_played: usize,
    by: Side,
    earlier: &[OfferRecord],
    ended: &impl Ended,
) -> Result<OfferRuling, RulesError> {
    Ok(rule_on_offer(
        &play.edition.draw_offer,
        clauses,
        play.ruleset.game,
        by,
        ended.to_move(),
        moves_played,
        earlier,
    ))
}

/// Reads a claim kind, which must be a draw rule of the game.
pub(crate) fn claim_kind(kind: &str, game: Game) -> Result<DrawKind, RulesError> {
    match kind.parse::<DrawKind>() {
        Ok(k) => claim_of_game(k, game),
        Err(_) => Err(unknown_claim(kind, game)),
    }
}

/// A claim kind, which must be a draw rule of the game.
fn claim_of_game(kind: DrawKind, game: Game) -> Result<DrawKind, RulesError> {
    if kind.belongs_to(game) {
        Ok(kind)
    } else {
        Err(unknown_claim(kind.name(), game))
    }
}

/// A claim kind that is no draw rule of the game.
fn unknown_claim(kind: &str, game: Game) -> RulesError {
    let expected: Vec<&str> = DrawKind::of_game(game).iter().map(|k| k.name()).collect();
    RulesError::Unsupported(format!(
        "unknown claim kind '{kind}' for {game} (expected one of: {})",
        expected.join(", ")
    ))
}
