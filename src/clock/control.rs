//! Time controls as data: `spec/controls/<name>.yaml`, described by
//! `spec/schema/controls.schema.json` and `docs/clock.md`.
//!
//! A control says how much time each side has and when: sudden death (包干制, art. 8 item
//! 1.1), Fischer increment (菲舍尔制, art. 8 item 1.2), periods with move quotas (时间总计制,
//! 第四章 第二节 一 (一)), or a limit per move with an extension bank (时间分计制, 第四章 第二节
//! 二). The shipped files are compiled into the library; a federation adds its own controls
//! with a directory of files ([`Controls::with_dir`], `--controls` / `ARBITER_CONTROLS` on the
//! command line) — no code.
//!
//! ```
//! use arbiter::clock::{controls, Span, Timing};
//! use arbiter::Game;
//!
//! let national = controls().get(Game::Xiangqi, "national").unwrap();
//! let Timing::Periods(periods) = &national.timing else { panic!() };
//! assert_eq!((periods[0].moves, periods[0].time), (Some(40), Span::from_minutes(90)));
//! assert!(periods[0].carries_surplus());
//! assert!(periods[2].repeat);
//! ```

use super::Span;
use crate::yaml::{add_dir_files, find_id_line, Installed, LoadError, LoadErrors};
use crate::Game;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The shipped control files, every `*.yaml` of `spec/controls/` (embedded by `build.rs`):
/// (path relative to the repository, text).
pub const BUILTIN_FILES: &[(&str, &str)] = data_files::CONTROL_FILES;

mod data_files {
    include!(concat!(env!("OUT_DIR"), "/control_files.rs"));
}

/// A time control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawControl", into = "RawControl")]
pub struct Control {
    /// Slug id, unique within its games (`national`, `sudden-death-60m`).
    pub id: String,
    /// A title for people.
    pub title: String,
    /// Where it comes from (the seed's article, or an event regulation).
    pub source: String,
    /// The catalog clause that defines it.
    pub clause: String,
    /// The catalog clause that decides a flag under it (the loss on time).
    pub flag_clause: String,
    /// Free text.
    pub note: Option<String>,
    /// How the time is given.
    pub timing: Timing,
    /// When a side is in time trouble; `None`: the control does not say.
    pub time_trouble: Option<TimeTrouble>,
    /// The lateness rule of the event, when the control carries one.
    pub lateness: Option<Lateness>,
}

/// How a control gives time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Timing {
    /// One fixed time for the whole game (包干制, art. 8 item 1.1).
    SuddenDeath {
        /// The time of each side.
        time: Span,
    },
    /// A base time and an increment for every move made (菲舍尔制, art. 8 item 1.2).
    Fischer {
        /// The starting time of each side.
        base: Span,
        /// Added after every move made.
        increment: Span,
    },
    /// Periods, each with a move quota to meet before its time runs out (时间总计制).
    Periods(Vec<Period>),
    /// A limit for each move and a bank of extension time for the game (时间分计制).
    PerMove {
        /// The time one move may take.
        per_move: Span,
        /// The extension bank of each side, spent by moves over `per_move`.
        extension: Span,
    },
}

/// One period of a period control.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// The moves to make before its time runs out; `None`: the rest of the game (the last
    /// period only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u32>,
    /// Its time.
    pub time: Span,
    /// What happens to moves made beyond the quota: `lost` (default) or `next` (they count
    /// towards the next period's quota, 第四章 第二节 一 (一): 多余的着数转入第二个单元).
    #[serde(default, skip_serializing_if = "Surplus::is_lost")]
    pub surplus: Surplus,
    /// The period repeats until the game ends (the last period only).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
}

impl Period {
    /// Whether its surplus moves count in the next period.
    pub fn carries_surplus(&self) -> bool {
        self.surplus == Surplus::Next
    }
}

/// What becomes of the moves made in a period beyond its quota.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Surplus {
    /// They count for nothing.
    #[default]
    Lost,
    /// They count towards the next period's quota.
    Next,
}

impl Surplus {
    fn is_lost(&self) -> bool {
        *self == Surplus::Lost
    }
}

/// When a side is in time trouble (short of time).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeTrouble {
    /// In time trouble with less than this left before the flag; `None`: never (Fischer,
    /// art. 10 item 5.1.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under: Option<Span>,
    /// Also in time trouble with less than this per move still to make in the period.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_move: Option<Span>,
    /// The clause that decides it.
    pub clause: String,
}

/// The lateness rule of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lateness {
    /// A player who has not arrived this long after the scheduled start forfeits.
    pub limit: Span,
    /// The clause that sets it.
    pub clause: String,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawControl {
    id: String,
    title: String,
    source: String,
    clause: String,
    flag_clause: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    note: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sudden_death: Option<RawSuddenDeath>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fischer: Option<RawFischer>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    periods: Option<Vec<Period>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    per_move: Option<RawPerMove>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_trouble: Option<TimeTrouble>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    lateness: Option<Lateness>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSuddenDeath {
    time: Span,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFischer {
    base: Span,
    increment: Span,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPerMove {
    #[serde(rename = "move")]
    per_move: Span,
    extension: Span,
}

impl RawControl {
    /// The timings given, each with its key, in the order of the keys in the file format: a
    /// control gives exactly one.
    fn timings(&self) -> Vec<(&'static str, Timing)> {
        let sudden_death = |s: &RawSuddenDeath| Timing::SuddenDeath { time: s.time };
        let fischer = |f: &RawFischer| Timing::Fischer {
            base: f.base,
            increment: f.increment,
        };
        let per_move = |p: &RawPerMove| Timing::PerMove {
            per_move: p.per_move,
            extension: p.extension,
        };
        [
            ("sudden_death", self.sudden_death.as_ref().map(sudden_death)),
            ("fischer", self.fischer.as_ref().map(fischer)),
            ("periods", self.periods.clone().map(Timing::Periods)),
            ("per_move", self.per_move.as_ref().map(per_move)),
        ]
        .into_iter()
        .filter_map(|(key, timing)| Some((key, timing?)))
        .collect()
    }
}

/// Whether `id` is a control id: `[a-z0-9]+(-[a-z0-9]+)*`.
pub fn is_control_id(id: &str) -> bool {
    !id.is_empty()
        && id.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

impl TryFrom<RawControl> for Control {
    type Error = String;

    fn try_from(raw: RawControl) -> Result<Control, String> {
        let id = &raw.id;
        if !is_control_id(id) {
            return Err(format!(
                "id: '{id}' is not a control id (expected lowercase words joined by '-', like \
                 'sudden-death-60m')"
            ));
        }
        let positive = |what: &str, s: Span| {
            if s == Span::ZERO {
                Err(format!("control {id}: {what} must be more than 0"))
            } else {
                Ok(())
            }
        };
        let mut given = raw.timings();
        let timing = match given.len() {
            0 => {
                return Err(format!(
                    "control {id}: needs one of sudden_death, fischer, periods, per_move"
                ))
            }
            1 => given.remove(0).1,
            _ => {
                let keys: Vec<&str> = given.iter().map(|(key, _)| *key).collect();
                return Err(format!(
                    "control {id}: has {}; a control has exactly one of sudden_death, fischer, \
                     periods, per_move",
                    keys.join(" and ")
                ));
            }
        };
        match &timing {
            Timing::SuddenDeath { time } => positive("sudden_death.time", *time)?,
            Timing::Fischer { base, .. } => positive("fischer.base", *base)?,
            Timing::Periods(periods) => check_periods(id, periods)?,
            Timing::PerMove { per_move, .. } => positive("per_move.move", *per_move)?,
        }
        if let Some(l) = &raw.lateness {
            positive("lateness.limit", l.limit)?;
        }
        Ok(Control {
            id: raw.id,
            title: raw.title,
            source: raw.source,
            clause: raw.clause,
            flag_clause: raw.flag_clause,
            note: raw.note,
            timing,
            time_trouble: raw.time_trouble,
            lateness: raw.lateness,
        })
    }
}

fn check_periods(id: &str, periods: &[Period]) -> Result<(), String> {
    if periods.is_empty() {
        return Err(format!(
            "control {id}: periods: expected at least one period"
        ));
    }
    let last = periods.len() - 1;
    for (i, p) in periods.iter().enumerate() {
        let at = format!("control {id}: periods[{i}]");
        if p.time == Span::ZERO {
            return Err(format!("{at}.time must be more than 0"));
        }
        if p.moves == Some(0) {
            return Err(format!(
                "{at}.moves must be 1 or more (leave it out for the rest of the game)"
            ));
        }
        if i < last && p.repeat {
            return Err(format!("{at}.repeat: only the last period can repeat"));
        }
        if i < last && p.moves.is_none() {
            return Err(format!(
                "{at}.moves: only the last period can be the rest of the game (without moves)"
            ));
        }
        if i == last && p.moves.is_some() && !p.repeat {
            return Err(format!(
                "{at}: the last period needs `repeat: true`, or no `moves` (the rest of the game)"
            ));
        }
        if p.moves.is_none() && (p.repeat || p.carries_surplus()) {
            return Err(format!(
                "{at}: a period for the rest of the game has no `repeat` and no `surplus`"
            ));
        }
    }
    Ok(())
}

impl From<Control> for RawControl {
    fn from(c: Control) -> RawControl {
        let mut raw = RawControl {
            id: c.id,
            title: c.title,
            source: c.source,
            clause: c.clause,
            flag_clause: c.flag_clause,
            note: c.note,
            sudden_death: None,
            fischer: None,
            periods: None,
            per_move: None,
            time_trouble: c.time_trouble,
            lateness: c.lateness,
        };
        match c.timing {
            Timing::SuddenDeath { time } => raw.sudden_death = Some(RawSuddenDeath { time }),
            Timing::Fischer { base, increment } => {
                raw.fischer = Some(RawFischer { base, increment })
            }
            Timing::Periods(p) => raw.periods = Some(p),
            Timing::PerMove {
                per_move,
                extension,
            } => {
                raw.per_move = Some(RawPerMove {
                    per_move,
                    extension,
                })
            }
        }
        raw
    }
}

impl Control {
    /// The catalog clauses the control names.
    pub fn clause_ids(&self) -> Vec<&str> {
        let mut ids = vec![self.clause.as_str(), self.flag_clause.as_str()];
        ids.extend(self.time_trouble.iter().map(|t| t.clause.as_str()));
        ids.extend(self.lateness.iter().map(|l| l.clause.as_str()));
        ids
    }

    /// One line for people: `40 moves in 1:30:00, then 20 in 0:30:00 (surplus of period 1
    /// carried), then 10 per 0:15:00`.
    pub fn summary(&self) -> String {
        match &self.timing {
            Timing::SuddenDeath { time } => format!("{time} for the game (sudden death)"),
            Timing::Fischer { base, increment } => {
                format!("{base} plus {increment} per move (Fischer)")
            }
            Timing::PerMove {
                per_move,
                extension,
            } => format!("{per_move} per move, plus an extension bank of {extension}"),
            Timing::Periods(periods) => periods
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let mut s = match (p.moves, p.repeat) {
                        (Some(m), true) => format!("{m} moves per {}", p.time),
                        (Some(m), false) => format!("{m} moves in {}", p.time),
                        (None, _) => format!("the rest of the game in {}", p.time),
                    };
                    if p.carries_surplus() {
                        s.push_str(&format!(
                            " (moves beyond the quota count in period {})",
                            i + 2
                        ));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(", then "),
        }
    }
}

/// A file of controls.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ControlFile {
    #[serde(deserialize_with = "game_names")]
    games: Vec<Game>,
    controls: Vec<Control>,
}

fn game_names<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Game>, D::Error> {
    Vec::<String>::deserialize(d)?
        .iter()
        .map(|s| s.parse().map_err(serde::de::Error::custom))
        .collect()
}

/// A control with the games it serves and the file it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedControl {
    /// The games it applies to.
    pub games: Vec<Game>,
    /// The file.
    pub path: PathBuf,
    /// The control.
    pub control: Control,
}

/// Every known time control.
#[derive(Debug, Clone, Default)]
pub struct Controls {
    controls: Vec<LoadedControl>,
}

impl Controls {
    /// The shipped controls.
    pub fn builtin() -> Result<Controls, LoadErrors> {
        let mut all = Controls::default();
        let errors: Vec<LoadError> = BUILTIN_FILES
            .iter()
            .filter_map(|(path, text)| all.add_text(Path::new(path), text).err())
            .collect();
        if errors.is_empty() {
            Ok(all)
        } else {
            Err(LoadErrors(errors))
        }
    }

    /// These controls with those of every `*.yaml` file of `dir` added; a control with the id
    /// of a known one for the same game replaces it.
    pub fn with_dir(mut self, dir: &Path) -> Result<Controls, LoadErrors> {
        let errors = add_dir_files(dir, |path, text| self.add_text(path, text))?;
        if errors.is_empty() {
            Ok(self)
        } else {
            Err(LoadErrors(errors))
        }
    }

    /// Adds the controls of one file's text. Every problem names the file, the line and the
    /// field.
    ///
    /// ```
    /// use arbiter::clock::Controls;
    /// use std::path::Path;
    ///
    /// let mut controls = Controls::default();
    /// let text = "games: [xiangqi]\ncontrols:\n  - id: blitz\n    title: t\n    source: s\n    \
    ///             clause: c\n    flag_clause: f\n    sudden_death: {time: 5 minutes}\n";
    /// let err = controls.add_text(Path::new("club.yaml"), text).unwrap_err().to_string();
    /// assert!(err.starts_with("club.yaml:8:"), "{err}");
    /// assert!(err.contains("'5 minutes' is not a time"), "{err}");
    /// ```
    pub fn add_text(&mut self, path: &Path, text: &str) -> Result<(), LoadError> {
        let file: ControlFile =
            serde_yaml::from_str(text).map_err(|e| LoadError::yaml(path, &e))?;
        if file.games.is_empty() {
            return Err(LoadError::file(path, "games: expected at least one game"));
        }
        for (i, c) in file.controls.iter().enumerate() {
            if file.controls[..i].iter().any(|o| o.id == c.id) {
                return Err(LoadError {
                    path: path.to_owned(),
                    line: find_id_line(text, &c.id),
                    column: None,
                    message: format!("controls[{i}].id: control '{}' is listed twice", c.id),
                });
            }
        }
        for control in file.controls {
            let games = file.games.clone();
            self.controls.retain(|o| {
                !(o.control.id == control.id && o.games.iter().any(|g| games.contains(g)))
            });
            self.controls.push(LoadedControl {
                games,
                path: path.to_owned(),
                control,
            });
        }
        Ok(())
    }

    /// The control `id` of a game.
    pub fn get(&self, game: Game, id: &str) -> Option<&Control> {
        self.controls
            .iter()
            .find(|c| c.control.id == id && c.games.contains(&game))
            .map(|c| &c.control)
    }

    /// The controls of a game, in file order.
    pub fn of_game(&self, game: Game) -> impl Iterator<Item = &Control> {
        self.controls
            .iter()
            .filter(move |c| c.games.contains(&game))
            .map(|c| &c.control)
    }

    /// Every control with its games and file.
    pub fn all(&self) -> &[LoadedControl] {
        &self.controls
    }

    /// The control `id` of a game, or an error listing the game's controls.
    pub fn require(&self, game: Game, id: &str) -> Result<&Control, String> {
        self.get(game, id).ok_or_else(|| {
            let known: Vec<&str> = self.of_game(game).map(|c| c.id.as_str()).collect();
            format!(
                "unknown time control '{id}' for {game} (known: {})",
                if known.is_empty() {
                    "none".to_owned()
                } else {
                    known.join(", ")
                }
            )
        })
    }
}

static CONTROLS: Installed<Controls> = Installed::new(
    Controls::builtin,
    Controls::with_dir,
    "the shipped control files are invalid",
    "the time controls are already in use; extra controls must be installed first",
);

/// The installed controls: the shipped ones, unless [`install_dir`] put others first.
///
/// # Panics
///
/// If the embedded control files are broken (a build defect the crate's tests catch).
pub fn controls() -> &'static Controls {
    CONTROLS.get()
}

/// Installs the shipped controls plus those of `dir`. Must come before the first use of
/// [`controls`].
pub fn install_dir(dir: &Path) -> Result<(), LoadErrors> {
    CONTROLS.install_dir(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Controls, String> {
        let mut c = Controls::default();
        c.add_text(Path::new("t.yaml"), text)
            .map(|()| c)
            .map_err(|e| e.to_string())
    }

    const HEAD: &str = "games: [xiangqi]\ncontrols:\n  - id: x\n    title: t\n    source: s\n    clause: c\n    flag_clause: f\n";

    #[test]
    fn the_shipped_controls_load_with_the_seed_figures() {
        let all = Controls::builtin().unwrap();
        let national = all.get(Game::Xiangqi, "national").unwrap();
        let Timing::Periods(p) = &national.timing else {
            panic!()
        };
        let figures: Vec<(Option<u32>, u64, bool, bool)> = p
            .iter()
            .map(|p| {
                (
                    p.moves,
                    p.time.millis() / 60_000,
                    p.carries_surplus(),
                    p.repeat,
                )
            })
            .collect();
        assert_eq!(
            figures,
            [
                (Some(40), 90, true, false),
                (Some(20), 30, false, false),
                (Some(10), 15, false, true)
            ]
        );
        let provincial = all.get(Game::Xiangqi, "provincial").unwrap();
        assert_eq!(
            provincial.summary(),
            "30 moves in 1:00:00, then 10 moves per 0:10:00"
        );
        let playoff = all.get(Game::Xiangqi, "playoff").unwrap();
        assert_eq!(
            playoff.summary(),
            "30 moves in 0:30:00, then 10 moves per 0:10:00"
        );
        let per_move = all.get(Game::Xiangqi, "per-move").unwrap();
        assert_eq!(
            per_move.timing,
            Timing::PerMove {
                per_move: Span::from_minutes(2),
                extension: Span::from_minutes(30)
            }
        );
        for game in [Game::Brazilian, Game::Russian] {
            assert!(all.of_game(game).count() >= 2, "{game}");
        }
        assert!(all.get(Game::Russian, "national").is_none());
    }

    #[test]
    fn errors_name_the_line_and_field() {
        let e = load(&format!("{HEAD}    periods: [{{moves: 40, time: 90m}}]\n")).unwrap_err();
        assert!(e.contains("needs `repeat: true`"), "{e}");
        assert!(e.starts_with("t.yaml:3:"), "{e}");
        let e = load(&format!(
            "{HEAD}    fischer: {{base: 5m, increment: 2s}}\n    sudden_death: {{time: 5m}}\n"
        ))
        .unwrap_err();
        assert!(
            e.contains("control x: has sudden_death and fischer; a control has exactly one of"),
            "{e}"
        );
        let e = load(HEAD).unwrap_err();
        assert!(
            e.ends_with("control x: needs one of sudden_death, fischer, periods, per_move"),
            "{e}"
        );
        let e = load(&format!("{HEAD}    per_move: {{move: 0, extension: 5m}}\n")).unwrap_err();
        assert!(
            e.ends_with("control x: per_move.move must be more than 0"),
            "{e}"
        );
        let e = load(&format!("{HEAD}    sudden_death: {{time: 5m, extra: 1}}\n")).unwrap_err();
        assert!(
            e.contains("unknown field `extra`") && e.starts_with("t.yaml:8:"),
            "{e}"
        );
        let e = load(&format!(
            "{HEAD}    periods: [{{moves: 40, time: 90m, repeat: true}}, {{time: 30m}}]\n"
        ))
        .unwrap_err();
        assert!(e.contains("only the last period can repeat"), "{e}");
        let e = load(&format!("{HEAD}    sudden_death: {{time: 0}}\n")).unwrap_err();
        assert!(e.contains("more than 0"), "{e}");
        let e = load("games: [chess]\ncontrols: []\n").unwrap_err();
        assert!(e.contains("chess"), "{e}");
    }

    #[test]
    fn a_file_adds_or_replaces_controls_by_id() {
        let mut all = Controls::builtin().unwrap();
        let text = "games: [xiangqi]\ncontrols:\n  - id: national\n    title: club\n    source: club rules\n    clause: xq.timing.national-control\n    flag_clause: xq.timing.move-quota-loss\n    sudden_death: {time: 45m}\n  - id: rapid\n    title: rapid\n    source: club\n    clause: c\n    flag_clause: f\n    fischer: {base: 15m, increment: 10s}\n";
        all.add_text(Path::new("club.yaml"), text).unwrap();
        assert_eq!(
            all.get(Game::Xiangqi, "national").unwrap().timing,
            Timing::SuddenDeath {
                time: Span::from_minutes(45)
            }
        );
        assert!(all.get(Game::Xiangqi, "rapid").is_some());
        assert!(all
            .require(Game::Russian, "rapid")
            .unwrap_err()
            .contains("known:"));
    }

    #[test]
    fn controls_round_trip_through_json() {
        for c in Controls::builtin().unwrap().all() {
            let json = serde_json::to_value(&c.control).unwrap();
            let back: Control = serde_json::from_value(json.clone()).unwrap();
            assert_eq!(back, c.control, "{json}");
        }
    }
}
