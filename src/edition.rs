//! Editions as data: which draw rules each edition of a game applies, with their parameters.
//!
//! A ruleset is `game@edition`. The editions live in YAML (`spec/editions/<game>.yaml`, one
//! file per game, described by `spec/schema/editions.schema.json` and `docs/editions.md`).
//! The shipped files are embedded in the library, so it works without a checkout; more files
//! (new editions, or editions replacing shipped ones with the same id) can be loaded from a
//! directory with [`Registry::with_dir`] and installed with [`install`] before any ruleset
//! is parsed. The binary installs the directory named by the `ARBITER_EDITIONS` environment
//! variable.
//!
//! Counts are given in the files as moves, a move being one move by each side (2 plies);
//! [`DrawRule::limit_plies`] converts. The rules engine counts plies.
//!
//! ```
//! use arbiter::edition::{registry, DrawKind, Mode};
//! use arbiter::Game;
//!
//! let russian = registry().default_edition(Game::Russian);
//! assert_eq!(russian.id, "fmjd64");
//! let kings_only = russian.rule(DrawKind::KingsOnly).unwrap();
//! assert_eq!(kings_only.limit_plies(), 30); // 15 moves by each side
//! assert_eq!(kings_only.mode, Mode::Automatic);
//! ```

use crate::yaml::{add_dir_files, find_id_line, Installed, LoadError, LoadErrors};
use crate::Game;
use serde::{Deserialize, Deserializer, Serialize};
use std::path::{Path, PathBuf};

/// The shipped edition files, every `*.yaml` of `spec/editions/` (embedded by `build.rs`):
/// (path relative to the repository, text).
pub const BUILTIN_FILES: &[(&str, &str)] = data_files::EDITION_FILES;

mod data_files {
    include!(concat!(env!("OUT_DIR"), "/edition_files.rs"));
}

/// Whether a draw rule ends the game by itself or must be claimed by a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// The game is drawn as soon as the condition holds.
    Automatic,
    /// A player may claim the draw while the condition holds; the arbiter verifies it.
    Claim,
}

/// The kinds of draw rule. The slug (`kings-only`) is also the claim kind, the outcome
/// reason and the counter name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawKind {
    /// Draughts: the same position for the `occurrences`-th time with the same side to move.
    Threefold,
    /// Draughts: `moves` moves by each side in which only kings moved and nothing was
    /// captured.
    KingsOnly,
    /// Draughts: two kings, king + man, or a king against a lone king: `moves` moves.
    SmallEnding,
    /// Draughts: three or more kings against a lone king: `moves` moves from when that
    /// balance arose.
    ThreeKingsVsKing,
    /// Draughts: both sides have kings, `pieces` pieces in all, balance unchanged for
    /// `moves` moves.
    EqualBalance,
    /// Draughts: three pieces, at least one a king, against a lone king: `moves` moves.
    ThreeVsKing,
    /// Draughts: three pieces, at least one a king, against a lone king on the long diagonal
    /// a1–h8: `moves` moves, counted as `count_from` says.
    LongDiagonal,
    /// Xiangqi: `moves` moves by each side without a capture.
    SixtyMove,
    /// Xiangqi: the repetition verdict (棋例) on the cycle the history ends in is a draw;
    /// its parameters are the edition's [`Edition::repetition`].
    Repetition,
}

impl DrawKind {
    /// Every kind.
    pub const ALL: [DrawKind; 9] = [
        DrawKind::Threefold,
        DrawKind::KingsOnly,
        DrawKind::SmallEnding,
        DrawKind::ThreeKingsVsKing,
        DrawKind::EqualBalance,
        DrawKind::ThreeVsKing,
        DrawKind::LongDiagonal,
        DrawKind::SixtyMove,
        DrawKind::Repetition,
    ];

    /// The slug: `threefold`, `kings-only`, `small-ending`, `three-kings-vs-king`,
    /// `equal-balance`, `three-vs-king`, `long-diagonal`, `sixty-move`, `repetition`.
    pub fn name(self) -> &'static str {
        match self {
            DrawKind::Threefold => "threefold",
            DrawKind::KingsOnly => "kings-only",
            DrawKind::SmallEnding => "small-ending",
            DrawKind::ThreeKingsVsKing => "three-kings-vs-king",
            DrawKind::EqualBalance => "equal-balance",
            DrawKind::ThreeVsKing => "three-vs-king",
            DrawKind::LongDiagonal => "long-diagonal",
            DrawKind::SixtyMove => "sixty-move",
            DrawKind::Repetition => "repetition",
        }
    }

    /// The kind's place in [`DrawKind::ALL`]: the index of per-kind arrays.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the kind exists in a game.
    pub fn belongs_to(self, game: Game) -> bool {
        match self {
            DrawKind::SixtyMove | DrawKind::Repetition => game == Game::Xiangqi,
            _ => game.is_draughts(),
        }
    }

    /// The kinds of a game, in a fixed order.
    pub fn of_game(game: Game) -> Vec<DrawKind> {
        DrawKind::ALL
            .into_iter()
            .filter(|k| k.belongs_to(game))
            .collect()
    }

    /// Whether the rule counts occurrences of a position (not plies).
    pub fn counts_occurrences(self) -> bool {
        matches!(self, DrawKind::Threefold | DrawKind::Repetition)
    }
}

named!(from_str DrawKind, String, |s| format!(
    "unknown draw rule '{s}' (expected one of: {})",
    DrawKind::ALL.map(DrawKind::name).join(", ")
));

/// When the long-diagonal count starts (FMJD-64 art. 7.2.7 is read both ways).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DiagonalCount {
    /// The count runs from when the material balance arose; the draw needs the lone king on
    /// the long diagonal when the count reaches its limit.
    Balance,
    /// The count runs only while the lone king stands on the long diagonal; it restarts when
    /// the king leaves it.
    Diagonal,
}

/// Who may offer a draw again after a refused offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reoffer {
    /// Draughts art. 12.4: after a refusal, not until the opponent has offered.
    AfterOpponentOffer,
    /// Xiangqi 第一章 第四节 二 (二): not while one has more refused offers than the
    /// opponent; with equal counts either side may offer.
    EqualCounts,
}

/// One draw rule of an edition, as written in the file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DrawRule {
    /// The kind of rule.
    pub rule: DrawKind,
    /// The catalog clause it encodes.
    pub clause: String,
    /// Automatic or claimed.
    pub mode: Mode,
    /// The count, in moves by each side (count rules).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// How many times the position must occur (`threefold`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub occurrences: Option<u32>,
    /// The least and most pieces on the board, both sides together (`equal-balance`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pieces: Option<[u32; 2]>,
    /// When the count starts (`long-diagonal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_from: Option<DiagonalCount>,
    /// Rules whose condition suspends this one while it holds (`kings-only`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub suspended_in: Vec<DrawKind>,
    /// Seconds added to the clock of a player whose claim is false (`sixty-move`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub false_claim_penalty_seconds: Option<u32>,
    /// Free text: the choice made where the source is ambiguous.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl DrawRule {
    /// The count limit in plies (`moves` × 2); 0 for repetition rules.
    pub fn limit_plies(&self) -> u32 {
        self.moves.unwrap_or(0).saturating_mul(2)
    }

    /// The counter limit in the counter's own unit: plies, or occurrences for `threefold`.
    /// (The xiangqi `repetition` rule has no count of its own: the verdict decides, and the
    /// limit shown with its counter comes from [`RepetitionParams::cycles`].)
    pub fn limit(&self) -> u32 {
        if self.rule.counts_occurrences() {
            self.occurrences.unwrap_or(0)
        } else {
            self.limit_plies()
        }
    }

    /// The parameters each kind needs, checked at load time.
    fn check(&self, game: Game) -> Result<(), String> {
        let kind = self.rule;
        if !kind.belongs_to(game) {
            return Err(format!("rule '{kind}' is not a rule of {game}"));
        }
        let need = |present: bool, field: &str| {
            if present {
                Ok(())
            } else {
                Err(format!("rule '{kind}' needs `{field}`"))
            }
        };
        let forbid = |present: bool, field: &str| {
            if present {
                Err(format!("rule '{kind}' does not take `{field}`"))
            } else {
                Ok(())
            }
        };
        if kind == DrawKind::Repetition {
            if self.occurrences.is_some() || self.moves.is_some() {
                return Err(format!(
                    "rule '{kind}' takes no count (`occurrences`, `moves`): the repetition \
                     verdict decides, with the edition's `repetition` parameters"
                ));
            }
        } else if kind.counts_occurrences() {
            need(self.occurrences.is_some(), "occurrences")?;
            forbid(self.moves.is_some(), "moves")?;
            if self.occurrences.is_some_and(|n| n < 2) {
                return Err("`occurrences` must be at least 2".into());
            }
        } else {
            need(self.moves.is_some(), "moves")?;
            forbid(self.occurrences.is_some(), "occurrences")?;
            if self.moves == Some(0) {
                return Err("`moves` must be at least 1".into());
            }
        }
        if kind == DrawKind::EqualBalance {
            need(self.pieces.is_some(), "pieces")?;
            if let Some([lo, hi]) = self.pieces {
                if lo < 2 || lo > hi || hi > 24 {
                    return Err(format!(
                        "`pieces` [{lo}, {hi}] must be [least, most] with 2 <= least <= most <= 24"
                    ));
                }
            }
        } else {
            forbid(self.pieces.is_some(), "pieces")?;
        }
        if kind == DrawKind::LongDiagonal {
            need(self.count_from.is_some(), "count_from")?;
        } else {
            forbid(self.count_from.is_some(), "count_from")?;
        }
        if kind != DrawKind::KingsOnly {
            forbid(!self.suspended_in.is_empty(), "suspended_in")?;
        }
        if let Some(k) = self.suspended_in.iter().find(|k| !k.belongs_to(game)) {
            return Err(format!("`suspended_in` names '{k}', not a rule of {game}"));
        }
        if kind == DrawKind::SixtyMove {
            need(
                self.false_claim_penalty_seconds.is_some(),
                "false_claim_penalty_seconds",
            )?;
        } else {
            forbid(
                self.false_claim_penalty_seconds.is_some(),
                "false_claim_penalty_seconds",
            )?;
        }
        Ok(())
    }
}

/// When and how often a player may offer a draw.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct DrawOfferRule {
    /// The catalog clause it encodes.
    pub clause: String,
    /// The offering side must have made at least this many moves (0: no minimum).
    pub min_own_moves: u32,
    /// Who may offer again after a refusal.
    pub reoffer: Reoffer,
}

/// The xiangqi repetition rule sets (棋例) the adjudicator knows
/// (`arbiter::xiangqi::repetition::RepetitionRules`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RepetitionRuleSet {
    /// Chinese Xiangqi Association rules.
    Cxa,
    /// Asian Xiangqi Federation rules.
    Axf,
}

/// The parameters of the xiangqi repetition verdict of an edition (key `repetition`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionParams {
    /// Which 棋例 judge the natures of moves and the cycle.
    pub rules: RepetitionRuleSet,
    /// How many times in a row the cycle must have been played for a verdict (循环反复已达三次,
    /// 第一章 第四节 二 (三)): a draw may then be claimed, or the side with forbidden moves
    /// must change; one more cycle by that side loses.
    #[serde(default = "three_cycles")]
    pub cycles: u32,
    /// The readings of the rule set, each overridable on its own (docs/repetition.md quotes
    /// the rulebooks for each); absent: the rule set's own choice.
    #[serde(default)]
    pub readings: RepetitionReadings,
}

/// The reading choices of the repetition verdict, each a parameter an edition may set on
/// its own over its rule set (`repetition: {rules: axf, readings: {check_can_chase: false}}`).
/// Each is
/// explained with the rulebook's words in docs/repetition.md and on
/// [`crate::xiangqi::repetition::RepetitionRules`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RepetitionReadings {
    /// 杀 (a mate threat) is an attack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate_threat_is_attack: Option<bool>,
    /// A cycle of attacks of different natures (一将一捉) is forbidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mixed_attacks_forbidden: Option<bool>,
    /// A piece won by a check followed by a capture (抽将) is chased.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chases_by_checks: Option<bool>,
    /// One side's perpetual check must change even when the other side's moves are
    /// forbidden too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perpetual_check_always_loses: Option<bool>,
    /// Chasing different pieces in turn (never one same piece) is perpetual chasing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alternate_targets_forbidden: Option<bool>,
    /// A piece that cannot move except to capture the piece it attacks chases it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub immobilised_attacker_chases: Option<bool>,
    /// A threat is new when a piece that could not win the target before now can, although
    /// another already could.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renewed_by_new_attacker: Option<bool>,
    /// A checking move is also looked at as a chase.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_can_chase: Option<bool>,
    /// 杀 must be a new threat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate_threat_must_be_new: Option<bool>,
    /// A move that lets a general or soldier win a piece with its support is the moved
    /// piece's chase (联合捉).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joint_chase_by_mover: Option<bool>,
}

fn three_cycles() -> u32 {
    3
}

/// One edition of a game's rules.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Edition {
    /// The edition id (`cxa`, `fmjd64`): `[a-z0-9]+`.
    pub id: String,
    /// The game's default edition (exactly one per game).
    #[serde(default)]
    pub default: bool,
    /// A title.
    pub title: String,
    /// Where its rules come from.
    pub source: String,
    /// Free text: the choices made where the source is ambiguous.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The draw rules, in the order they are checked.
    pub draws: Vec<DrawRule>,
    /// The draw-offer rule.
    pub draw_offer: DrawOfferRule,
    /// Xiangqi: the parameters of the repetition verdict (棋例); when absent, the CXA rules
    /// with three cycles (`axf` for an edition with the id `axf`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repetition: Option<RepetitionParams>,
    /// The game (from the file).
    #[serde(skip, default = "placeholder_game")]
    pub game: Game,
    /// The file it was read from.
    #[serde(skip)]
    pub path: PathBuf,
}

fn placeholder_game() -> Game {
    Game::Brazilian
}

impl Edition {
    /// The first rule of a kind, if the edition has one.
    pub fn rule(&self, kind: DrawKind) -> Option<&DrawRule> {
        self.draws.iter().find(|r| r.rule == kind)
    }

    /// The rules of a kind (`equal-balance` may come twice, for different piece counts).
    pub fn rules(&self, kind: DrawKind) -> impl Iterator<Item = &DrawRule> {
        self.draws.iter().filter(move |r| r.rule == kind)
    }

    /// Every clause id the edition names.
    pub fn clause_ids(&self) -> Vec<&str> {
        self.draws
            .iter()
            .map(|r| r.clause.as_str())
            .chain(std::iter::once(self.draw_offer.clause.as_str()))
            .collect()
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EditionFile {
    #[serde(deserialize_with = "game_name")]
    game: Game,
    editions: Vec<Edition>,
}

fn game_name<'de, D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
    let s = String::deserialize(d)?;
    s.parse().map_err(serde::de::Error::custom)
}

/// A loaded edition file (for messages that point at lines).
#[derive(Debug, Clone)]
pub struct EditionFileText {
    /// The file.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

/// Every known edition.
#[derive(Debug, Clone, Default)]
pub struct Registry {
    editions: Vec<Edition>,
    files: Vec<EditionFileText>,
}

impl Registry {
    /// The shipped editions.
    pub fn builtin() -> Result<Registry, LoadErrors> {
        let mut registry = Registry::default();
        let mut errors = Vec::new();
        for (path, text) in BUILTIN_FILES {
            if let Err(e) = registry.add_text(Path::new(path), text) {
                errors.push(e);
            }
        }
        registry.finish(errors)
    }

    /// The editions with those of every `*.yaml` file of `dir` added; an edition with the
    /// id of a known one replaces it, and an edition marked `default` becomes its game's
    /// default.
    pub fn with_dir(mut self, dir: &Path) -> Result<Registry, LoadErrors> {
        let errors = add_dir_files(dir, |path, text| self.add_text(path, text))?;
        self.finish(errors)
    }

    /// Adds the editions of one file's text.
    pub fn add_text(&mut self, path: &Path, text: &str) -> Result<(), LoadError> {
        let file: EditionFile =
            serde_yaml::from_str(text).map_err(|e| LoadError::yaml(path, &e))?;
        let at = |id: &str, message: String| LoadError {
            path: path.to_owned(),
            line: find_id_line(text, id),
            column: None,
            message,
        };
        let mut defaults = 0;
        for (i, edition) in file.editions.iter().enumerate() {
            let id = &edition.id;
            if id.is_empty()
                || !id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
            {
                return Err(at(
                    id,
                    format!("editions[{i}].id: '{id}' is not an edition id (expected [a-z0-9]+)"),
                ));
            }
            if file.editions[..i].iter().any(|e| e.id == *id) {
                return Err(at(
                    id,
                    format!("editions[{i}].id: edition '{id}' is listed twice"),
                ));
            }
            if let Some(params) = &edition.repetition {
                if file.game != Game::Xiangqi {
                    return Err(at(
                        id,
                        format!(
                            "editions[{i}].repetition (edition {id}): the repetition verdict is a \
                             rule of xiangqi, not {}",
                            file.game
                        ),
                    ));
                }
                if !(2..=10).contains(&params.cycles) {
                    return Err(at(
                        id,
                        format!(
                            "editions[{i}].repetition.cycles (edition {id}): {} (expected 2 to 10)",
                            params.cycles
                        ),
                    ));
                }
            }
            for (j, rule) in edition.draws.iter().enumerate() {
                rule.check(file.game)
                    .map_err(|m| at(id, format!("editions[{i}].draws[{j}] (edition {id}): {m}")))?;
            }
            defaults += usize::from(edition.default);
        }
        if defaults > 1 {
            return Err(LoadError::file(
                path,
                format!(
                    "more than one edition of {} is marked `default: true`",
                    file.game
                ),
            ));
        }
        for mut edition in file.editions {
            edition.game = file.game;
            edition.path = path.to_owned();
            if edition.default {
                for e in self.editions.iter_mut().filter(|e| e.game == file.game) {
                    e.default = false;
                }
            }
            match self
                .editions
                .iter_mut()
                .find(|e| e.game == file.game && e.id == edition.id)
            {
                Some(old) => {
                    let keep_default = old.default && !edition.default;
                    *old = edition;
                    old.default |= keep_default;
                }
                None => self.editions.push(edition),
            }
        }
        self.files.push(EditionFileText {
            path: path.to_owned(),
            text: text.to_owned(),
        });
        Ok(())
    }

    fn finish(self, mut errors: Vec<LoadError>) -> Result<Registry, LoadErrors> {
        for game in Game::ALL {
            let of_game: Vec<&Edition> = self.editions.iter().filter(|e| e.game == game).collect();
            if of_game.is_empty() {
                errors.push(LoadError::file(
                    "spec/editions",
                    format!("no edition of {game} is defined"),
                ));
            } else if !of_game.iter().any(|e| e.default) {
                errors.push(LoadError::file(
                    "spec/editions",
                    format!("no edition of {game} is marked `default: true`"),
                ));
            }
        }
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        Ok(self)
    }

    /// Every edition, by game in file order.
    pub fn editions(&self) -> impl Iterator<Item = &Edition> {
        self.editions.iter()
    }

    /// The files the editions came from, with their text.
    pub fn files(&self) -> &[EditionFileText] {
        &self.files
    }

    /// An edition of a game.
    pub fn get(&self, game: Game, id: &str) -> Option<&Edition> {
        self.editions.iter().find(|e| e.game == game && e.id == id)
    }

    /// The game's default edition.
    ///
    /// # Panics
    ///
    /// Never for a registry built by [`Registry::builtin`] or [`Registry::with_dir`], which
    /// check that every game has one.
    pub fn default_edition(&self, game: Game) -> &Edition {
        self.editions
            .iter()
            .find(|e| e.game == game && e.default)
            .expect("a loaded registry has a default edition for every game")
    }

    /// The edition ids of a game, in file order.
    pub fn names(&self, game: Game) -> Vec<&str> {
        self.editions
            .iter()
            .filter(|e| e.game == game)
            .map(|e| e.id.as_str())
            .collect()
    }
}

static REGISTRY: Installed<Registry> = Installed::new(
    Registry::builtin,
    Registry::with_dir,
    "the shipped edition files are invalid",
    "the edition registry is already in use; extra editions must be installed first",
);

/// The installed registry: the shipped editions, unless [`install`] put another one first.
///
/// # Panics
///
/// If the embedded edition files are broken (a build defect the crate's tests catch).
pub fn registry() -> &'static Registry {
    REGISTRY.get()
}

/// Installs a registry (e.g. `Registry::builtin()?.with_dir(dir)?`). Must come before the
/// first use of [`registry`] (parsing any ruleset uses it); afterwards the registry is fixed
/// and the one given is returned as the error.
pub fn install(registry: Registry) -> Result<(), Box<Registry>> {
    REGISTRY.install(registry).map_err(Box::new)
}

/// Installs the shipped editions plus those of `dir`.
pub fn install_dir(dir: &Path) -> Result<(), LoadErrors> {
    REGISTRY.install_dir(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Registry, LoadError> {
        let mut r = Registry::default();
        r.add_text(Path::new("x.yaml"), text).map(|_| r)
    }

    #[test]
    fn shipped_editions_load_with_their_defaults() {
        let r = Registry::builtin().unwrap();
        assert_eq!(r.names(Game::Brazilian), ["cxa", "fmjd", "cbd"]);
        assert_eq!(r.names(Game::Russian), ["fmjd64"]);
        assert_eq!(r.names(Game::Xiangqi), ["cxa", "axf"]);
        assert_eq!(r.default_edition(Game::Brazilian).id, "cxa");
        assert_eq!(r.default_edition(Game::Xiangqi).id, "cxa");
    }

    #[test]
    fn edition_parameters_differ_where_the_sources_do() {
        let r = Registry::builtin().unwrap();
        let kings = |g, e| {
            r.get(g, e)
                .unwrap()
                .rule(DrawKind::KingsOnly)
                .unwrap()
                .limit_plies()
        };
        assert_eq!(kings(Game::Brazilian, "cxa"), 30);
        assert_eq!(kings(Game::Brazilian, "fmjd"), 50);
        assert_eq!(kings(Game::Brazilian, "cbd"), 40);
        assert_eq!(kings(Game::Russian, "fmjd64"), 30);
        let sixty = r.get(Game::Xiangqi, "axf").unwrap();
        assert_eq!(sixty.rule(DrawKind::SixtyMove).unwrap().limit_plies(), 120);
    }

    #[test]
    fn a_rule_missing_its_parameter_names_file_line_and_field() {
        let text = "game: russian\neditions:\n  - id: x\n    default: true\n    title: t\n    source: s\n    draws:\n      - {rule: kings-only, clause: d64.a.b, mode: claim}\n    draw_offer: {clause: d64.a.b, min_own_moves: 20, reoffer: equal-counts}\n";
        let err = load(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "x.yaml:3: editions[0].draws[0] (edition x): rule 'kings-only' needs `moves`"
        );
    }

    #[test]
    fn the_repetition_verdict_parameters_are_checked() {
        let r = Registry::builtin().unwrap();
        let params = |e| r.get(Game::Xiangqi, e).unwrap().repetition.unwrap();
        assert_eq!(params("cxa").rules, RepetitionRuleSet::Cxa);
        assert_eq!(params("axf").rules, RepetitionRuleSet::Axf);
        assert_eq!(params("axf").cycles, 3);
        let xq = |draw: &str, rep: &str| {
            format!("game: xiangqi\neditions:\n  - id: x\n    title: t\n    source: s\n    draws: [{draw}]\n    draw_offer: {{clause: xq.a.b, min_own_moves: 0, reoffer: equal-counts}}\n{rep}")
        };
        // Each wrong edition (its draw rules, its repetition parameters) and what the
        // error names.
        for (draw, rep, names) in [
            (
                "{rule: repetition, clause: xq.a.b, mode: claim, occurrences: 3}",
                "",
                "rule 'repetition' takes no count",
            ),
            (
                "",
                "    repetition: {rules: cxa, cycles: 1}\n",
                "repetition.cycles (edition x): 1",
            ),
            (
                "",
                "    repetition: {rules: axf, readings: {check_can_chases: false}}\n",
                "check_can_chases",
            ),
            ("", "    repetition: {rules: chinese}\n", "chinese"),
        ] {
            let err = load(&xq(draw, rep)).unwrap_err().to_string();
            assert!(err.contains(names), "{err}");
        }
        let ok = load(&xq(
            "",
            "    repetition: {rules: axf, readings: {check_can_chase: false}}\n",
        ))
        .unwrap();
        let edition = ok.get(Game::Xiangqi, "x").unwrap();
        let readings = edition.repetition.unwrap().readings;
        assert_eq!(readings.check_can_chase, Some(false));
        assert_eq!(readings.alternate_targets_forbidden, None);
        let draughts = "game: russian\neditions:\n  - id: x\n    title: t\n    source: s\n    draws: []\n    draw_offer: {clause: d64.a.b, min_own_moves: 20, reoffer: equal-counts}\n    repetition: {rules: cxa}\n";
        let err = load(draughts).unwrap_err().to_string();
        assert!(err.contains("a rule of xiangqi, not russian"), "{err}");
    }

    #[test]
    fn a_rule_of_another_game_is_refused() {
        let text = "game: xiangqi\neditions:\n  - id: x\n    title: t\n    source: s\n    draws:\n      - {rule: kings-only, clause: xq.a.b, mode: claim, moves: 3}\n    draw_offer: {clause: xq.a.b, min_own_moves: 0, reoffer: equal-counts}\n";
        let err = load(text).unwrap_err().to_string();
        assert!(
            err.contains("rule 'kings-only' is not a rule of xiangqi"),
            "{err}"
        );
    }

    #[test]
    fn unknown_fields_and_kinds_are_located() {
        let text = "game: russian\neditions:\n  - id: x\n    title: t\n    source: s\n    draws:\n      - {rule: kings-onyl, clause: d64.a.b, mode: claim, moves: 3}\n    draw_offer: {clause: d64.a.b, min_own_moves: 20, reoffer: equal-counts}\n";
        let err = load(text).unwrap_err();
        assert_eq!(err.line, Some(7));
        assert!(
            err.message.contains("editions[0].draws[0]"),
            "{}",
            err.message
        );
        assert!(err.message.contains("kings-onyl"), "{}", err.message);
        let text = "game: checkers\neditions: []\n";
        assert!(load(text).unwrap_err().message.contains("unknown game"));
    }

    #[test]
    fn a_directory_adds_and_overrides_editions() {
        let dir = std::env::temp_dir().join(format!("arbiter-editions-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("club.yaml"),
            "game: russian\neditions:\n  - id: club\n    default: true\n    title: t\n    source: s\n    draws:\n      - {rule: kings-only, clause: d64.draw.russian-kings-only-15, mode: claim, moves: 10}\n    draw_offer: {clause: d64.draw-offer.after-twenty-moves, min_own_moves: 5, reoffer: after-opponent-offer}\n",
        )
        .unwrap();
        let r = Registry::builtin().unwrap().with_dir(&dir).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(r.names(Game::Russian), ["fmjd64", "club"]);
        assert_eq!(r.default_edition(Game::Russian).id, "club");
        let club = r.get(Game::Russian, "club").unwrap();
        assert_eq!(club.rule(DrawKind::KingsOnly).unwrap().limit_plies(), 20);
    }
}
