//! [`Tournament`]: a tournament as the standings read it — the kind of competition, the
//! entries (players, or teams with their board order), the games with their colours,
//! results and violations, team forfeits, withdrawals, penalties, and pairings to allocate
//! colours to. The same form is a case's `tournament:` key (docs/cases.md) and the
//! `tournament` field of a `standings` request (docs/protocol.md).
//!
//! Parsing is lenient where nothing is lost (every list may be left out); names are checked
//! when the table is computed ([`crate::standings::compute`]), with errors naming the
//! game, the field and the name.
//!
//! ```
//! use arbiter::standings::{Kind, Tournament};
//!
//! let t: Tournament = serde_yaml::from_str(r#"
//! kind: round-robin
//! players: [A, B]
//! games:
//!   - {round: 1, red: A, black: B, result: draw, violations: {red: 1}}
//! "#).unwrap();
//! assert_eq!(t.kind, Kind::RoundRobin);
//! assert_eq!(t.games[0].violations["red"], 1);
//! ```

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The kind of competition, which decides what is scored and the order of the tie-breaks
/// ([`crate::standings::Competition`]).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// Individual round robin (or group round robin) of one game per pairing (一局制).
    #[default]
    RoundRobin,
    /// Individual round robin of matches of two or more games per pairing (两局或多局制).
    RoundRobinMatches,
    /// Individual Swiss system (积分编排制).
    Swiss,
    /// Team round robin (or group round robin).
    TeamRoundRobin,
    /// Team Swiss system.
    TeamSwiss,
    /// Players' total (队员总分制): teams ranked by their players' game points in an
    /// individual competition.
    TeamTotal,
}

impl Kind {
    /// Every kind.
    pub const ALL: [Kind; 6] = [
        Kind::RoundRobin,
        Kind::RoundRobinMatches,
        Kind::Swiss,
        Kind::TeamRoundRobin,
        Kind::TeamSwiss,
        Kind::TeamTotal,
    ];

    /// The slug (`round-robin`, `team-swiss`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::RoundRobin => "round-robin",
            Kind::RoundRobinMatches => "round-robin-matches",
            Kind::Swiss => "swiss",
            Kind::TeamRoundRobin => "team-round-robin",
            Kind::TeamSwiss => "team-swiss",
            Kind::TeamTotal => "team-total",
        }
    }

    /// Whether teams are ranked (and the entries are `teams`).
    pub fn is_team(self) -> bool {
        matches!(
            self,
            Kind::TeamRoundRobin | Kind::TeamSwiss | Kind::TeamTotal
        )
    }

    /// Whether it is a round robin (every entry meets every other).
    pub fn is_round_robin(self) -> bool {
        matches!(
            self,
            Kind::RoundRobin | Kind::RoundRobinMatches | Kind::TeamRoundRobin
        )
    }

    /// Whether encounters are matches of several games (scored by match points).
    pub fn scores_matches(self) -> bool {
        matches!(
            self,
            Kind::RoundRobinMatches | Kind::TeamRoundRobin | Kind::TeamSwiss
        )
    }
}

named!(from_str Kind, String, |s| format!(
    "unknown competition kind '{s}' (expected {})",
    Kind::ALL.map(Kind::name).join(", ")
));

/// A disciplinary penalty that ranks a player last among those on equal scores
/// (`xq.discipline.ranking`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Penalty {
    /// 警告.
    Warning,
    /// 取消当场比赛资格: disqualified from a game.
    Disqualification,
}

/// A tournament: its kind, entries, games and the events that change its table.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    /// The kind of competition.
    #[serde(default)]
    pub kind: Kind,
    /// Individual events: the entries, in the order of their entry numbers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub players: Vec<String>,
    /// Team events: each team's players in board order (board 1 first).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub teams: BTreeMap<String, Vec<String>>,
    /// Games each pairing (of players, or of teams on each board) plays in one match:
    /// 1 in a one-game event; default 2 for `round-robin-matches`, else 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games_per_match: Option<u32>,
    /// Swiss events: the rounds scheduled (a withdrawn player loses those he does not play).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Team total: the kind of the individual competition whose game points and places
    /// are summed (default `round-robin`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub individual: Option<Kind>,
    /// The games, played or forfeited.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub games: Vec<GameEntry>,
    /// Team matches a team did not turn up for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub team_forfeits: Vec<TeamForfeit>,
    /// Entries (players, or teams in team events) that withdrew.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub withdrawn: Vec<String>,
    /// Players given a disciplinary penalty.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub penalties: BTreeMap<String, Penalty>,
    /// Pairings to allocate colours to (`colours` of the answer).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairings: Vec<Pairing>,
}

/// One game: the players by colour, and its result or who was absent.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameEntry {
    /// The round (required in team events: a team match is the games of one round between
    /// the players of two teams).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The board, in team events (for the record only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<u32>,
    /// The red player (xiangqi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub red: Option<String>,
    /// The white player (draughts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<String>,
    /// The black player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<String>,
    /// `red`/`white`, `black`, `draw`, `both-lost`, or `unfinished` (a game a withdrawing
    /// player left unfinished). Left out when `absent` is given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The side that did not play (`red`/`white`, `black`, or `both`): the game is decided
    /// by absence, marked `+` and `−`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub absent: Option<String>,
    /// Counted violations (违例; draughts: oral warnings) by side.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub violations: BTreeMap<String, u32>,
}

/// A team match one team did not turn up for: `+` (2 match points) for the team present,
/// `−` for the absent one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamForfeit {
    /// The round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// The team that was there.
    pub present: String,
    /// The team that was not.
    pub absent: String,
}

/// A pairing to allocate colours to: `first` is the entry listed first in the round-robin
/// order table, or the one with the move in a Swiss or knockout pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    /// The round.
    pub round: u32,
    /// The player or team listed first (or with the move).
    pub first: String,
    /// The other.
    pub second: String,
}
