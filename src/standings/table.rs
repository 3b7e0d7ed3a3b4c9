//! [`compute`]: the table of a [`Tournament`] under a game's rules, by its
//! [`Competition`]'s table: points per game, matches, withdrawals, forfeits, the score and
//! the tie-breaks in order, shared places.

use super::competition::{Competition, Criterion, RankedBy, Scoring, WithdrawalRule};
use super::tournament::{GameEntry, Kind, Penalty, Tournament};
use crate::Game;
use crate::Side;
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// A tournament the rules cannot score, with what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StandingsError(pub String);

fn bad<T>(msg: impl Into<String>) -> Result<T, StandingsError> {
    Err(StandingsError(msg.into()))
}

/// What a withdrawal did to an entry's results.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Withdrawn {
    /// The results stand (unplayed games are forfeits).
    ResultsStand,
    /// The results are cancelled: shown, not ranked.
    ResultsCancelled,
}

impl Withdrawn {
    /// `results-stand` or `results-cancelled`.
    pub fn name(self) -> &'static str {
        match self {
            Withdrawn::ResultsStand => "results-stand",
            Withdrawn::ResultsCancelled => "results-cancelled",
        }
    }
}

/// A row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The place, or the shared range (first, last); `None`: results cancelled.
    pub place: Option<(usize, usize)>,
    /// The player or team.
    pub name: String,
    /// Games played at the board (forfeits not counted).
    pub games: u32,
    /// The score that ranks first: game points, or match points in events of matches.
    pub points: f64,
    /// Game points (局分).
    pub game_points: f64,
    /// Match points (场分), in events of matches.
    pub match_points: Option<f64>,
    /// The tie-breaks of the competition, in order, with their values.
    pub tiebreaks: Vec<(Criterion, f64)>,
    /// Counted violations over the event.
    pub violations: u32,
    /// Wins by the opponent's absence (`+`).
    pub plus: u32,
    /// Losses by one's own absence (`−`).
    pub minus: u32,
    /// What a withdrawal did, if the entry withdrew.
    pub withdrawn: Option<Withdrawn>,
    /// A disciplinary penalty.
    pub penalty: Option<Penalty>,
}

impl Row {
    /// The place as written: `3`, `2-3`, or `-` when the results were cancelled.
    pub fn place_text(&self) -> String {
        match self.place {
            None => "-".to_owned(),
            Some((a, b)) if a == b => a.to_string(),
            Some((a, b)) => format!("{a}-{b}"),
        }
    }
}

/// A game's colours allocated to a pairing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colour {
    /// The round.
    pub round: u32,
    /// The game of the match (1, or 2 in a two-game match).
    pub game: u32,
    /// The board, in team events.
    pub board: Option<u32>,
    /// The player with red (white in draughts): moves first.
    pub first: String,
    /// The player with black.
    pub second: String,
}

/// The table of a tournament.
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    /// The competition that scored it.
    pub competition: Competition,
    /// The rows in order of place; cancelled entries last.
    pub rows: Vec<Row>,
    /// Team total: the table of the individual competition.
    pub individual: Option<Vec<Row>>,
    /// The colours of the pairings.
    pub colours: Vec<Colour>,
}

impl fmt::Display for Standings {
    /// The table as text, one row a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = self
            .rows
            .iter()
            .map(|r| r.name.chars().count())
            .max()
            .unwrap_or(4)
            .max(6);
        write!(
            f,
            "{:<6} {:<width$} {:>5} {:>7}",
            "place", "entry", "games", "points"
        )?;
        for t in &self.competition.tiebreaks {
            write!(f, " {:>11}", t.criterion.name())?;
        }
        writeln!(f, " {:>4}", "+/−")?;
        for r in &self.rows {
            write!(
                f,
                "{:<6} {:<width$} {:>5} {:>7}",
                r.place_text(),
                r.name,
                r.games,
                r.points
            )?;
            for (_, v) in &r.tiebreaks {
                write!(f, " {v:>11}")?;
            }
            write!(f, " {:>4}", format!("+{}-{}", r.plus, r.minus))?;
            if let Some(w) = r.withdrawn {
                write!(f, "  withdrew: {}", w.name())?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// A game's result as seen from one player's seat (a game's result itself is an
/// [`crate::Outcome`]; this is what a table scores for each of its two players).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SeatResult {
    Win,
    Draw,
    Loss,
}

/// A game as scored.
#[derive(Debug, Clone)]
struct G {
    players: [usize; 2],
    outcome: [SeatResult; 2],
    /// `+` / `−` by side (decided by absence).
    absent: [bool; 2],
    played: bool,
    /// Begun at the board: a game decided by absence was not, a withdrawing player's
    /// unfinished game was (it counts as met for the half rule, though scored as a forfeit).
    started: bool,
    violations: [u32; 2],
    round: Option<u32>,
    cancelled: bool,
}

impl G {
    fn points(&self, c: &Competition) -> [f64; 2] {
        [0, 1].map(|i| match (self.outcome[i], self.played) {
            (SeatResult::Win, false) => c.points.plus,
            (SeatResult::Win, true) => c.points.win,
            (SeatResult::Draw, _) => c.points.draw,
            (SeatResult::Loss, _) => 0.0,
        })
    }
}

/// An encounter of two ranked entries: a game, or a match.
#[derive(Debug, Clone)]
struct Enc {
    units: [usize; 2],
    score: [f64; 2],
    outcome: [SeatResult; 2],
    played: bool,
    /// Team forfeits: marks at the level of the entries.
    absent: [bool; 2],
}

fn compare(a: f64, b: f64) -> [SeatResult; 2] {
    match a.partial_cmp(&b) {
        Some(Ordering::Greater) => [SeatResult::Win, SeatResult::Loss],
        Some(Ordering::Less) => [SeatResult::Loss, SeatResult::Win],
        _ => [SeatResult::Draw, SeatResult::Draw],
    }
}

/// The table of `tournament` under `game`'s rules.
///
/// ```
/// use arbiter::standings::{compute, Tournament};
/// use arbiter::Game;
///
/// // A beats B and draws C; C beats B: A and C have 1.5 points, and their 小分 is equal
/// // (A: B's 0 + half C's 1.5; C: B's 0 + half A's 1.5), so they share 1st-2nd.
/// let t: Tournament = serde_yaml::from_str(r#"
/// players: [A, B, C]
/// games:
///   - {red: A, black: B, result: red}
///   - {red: C, black: A, result: draw}
///   - {red: B, black: C, result: black}
/// "#).unwrap();
/// let table = compute(Game::Xiangqi, &t).unwrap();
/// assert_eq!(table.rows[0].place, Some((1, 2)));
/// assert_eq!(table.rows[2].name, "B");
/// assert_eq!(table.rows[2].place_text(), "3");
/// ```
pub fn compute(game: Game, t: &Tournament) -> Result<Standings, StandingsError> {
    Scoring::of(game).compute(t)
}

impl Scoring {
    /// The table of `tournament` under these scoring rules ([`compute`] under the
    /// reference's).
    pub fn compute(&self, t: &Tournament) -> Result<Standings, StandingsError> {
        table(self, t)
    }
}

fn table(scoring: &Scoring, t: &Tournament) -> Result<Standings, StandingsError> {
    let game = scoring.game;
    let comp = scoring.competition(t.kind).map_err(StandingsError)?;
    let mut standings = if t.kind.is_team() {
        team_table(scoring, t, &comp)?
    } else {
        if !t.teams.is_empty() {
            return bad(format!(
                "`teams` is for team events; a {} event lists `players`",
                t.kind
            ));
        }
        let (rows, _) = individual_table(game, t, &comp, &players_of(t)?)?;
        Standings {
            competition: comp.clone(),
            rows,
            individual: None,
            colours: Vec::new(),
        }
    };
    standings.colours = colours(game, t, &comp)?;
    Ok(standings)
}

/// The players of an individual event: `players`, else everyone named in the games.
fn players_of(t: &Tournament) -> Result<Vec<String>, StandingsError> {
    let mut seen = BTreeSet::new();
    for p in &t.players {
        if !seen.insert(p.as_str()) {
            return bad(format!("players: '{p}' is listed twice"));
        }
    }
    if !t.players.is_empty() {
        return Ok(t.players.clone());
    }
    let mut out: Vec<String> = Vec::new();
    for g in &t.games {
        for p in [&g.red, &g.white, &g.black].into_iter().flatten() {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
    }
    Ok(out)
}

fn side_name(game: Game, s: Side) -> &'static str {
    s.name(game)
}

/// Reads the games: players by index into `players`, outcomes, absences.
fn read_games(
    game: Game,
    t: &Tournament,
    comp: &Competition,
    players: &[String],
) -> Result<Vec<G>, StandingsError> {
    let index = |name: &str, at: &str| -> Result<usize, StandingsError> {
        players
            .iter()
            .position(|p| p == name)
            .ok_or_else(|| StandingsError(format!("{at}: '{name}' is not an entry of the event")))
    };
    let first = side_name(game, Side::First);
    let mut out = Vec::with_capacity(t.games.len());
    for (i, g) in t.games.iter().enumerate() {
        let at = format!("games[{i}]");
        let (own, other) = if game.is_draughts() {
            (&g.white, &g.red)
        } else {
            (&g.red, &g.white)
        };
        if other.is_some() {
            return bad(format!(
                "{at}: a {} game names its players `{first}` and `black`",
                game.name()
            ));
        }
        let (Some(a), Some(b)) = (own, &g.black) else {
            return bad(format!("{at}: needs `{first}` and `black`"));
        };
        let players = [index(a, &at)?, index(b, &at)?];
        if players[0] == players[1] {
            return bad(format!("{at}: '{a}' cannot play himself"));
        }
        let withdrew = [a, b].map(|n| t.withdrawn.iter().any(|w| w == n));
        let (outcome, mut absent, mut played) = read_result(game, g, &at, withdrew)?;
        if !comp.absence_marked {
            absent = [false; 2];
            played = true;
        }
        let mut violations = [0u32; 2];
        for (side, n) in &g.violations {
            let s = Side::parse(side, game)
                .map_err(|e| StandingsError(format!("{at}.violations: {e}")))?;
            violations[usize::from(s == Side::Second)] = *n;
        }
        let started = played || g.result.as_deref() == Some("unfinished");
        out.push(G {
            players,
            outcome,
            absent,
            played,
            started,
            violations,
            round: g.round,
            cancelled: false,
        });
    }
    Ok(out)
}

/// A game's outcome for each side, who was absent, and whether it was played at the board.
fn read_result(
    game: Game,
    g: &GameEntry,
    at: &str,
    withdrew: [bool; 2],
) -> Result<([SeatResult; 2], [bool; 2], bool), StandingsError> {
    use SeatResult::*;
    let first = side_name(game, Side::First);
    match (&g.result, &g.absent) {
        (Some(_), Some(_)) => bad(format!(
            "{at}: `result` and `absent` together (a game decided by absence has no result)"
        )),
        (None, None) => bad(format!("{at}: needs `result` or `absent`")),
        (None, Some(a)) => match a.as_str() {
            "both" => Ok(([Loss, Loss], [true, true], false)),
            s if s == first => Ok(([Loss, Win], [true, false], false)),
            "black" => Ok(([Win, Loss], [false, true], false)),
            other => bad(format!(
                "{at}.absent: '{other}' (expected {first}, black or both)"
            )),
        },
        (Some(r), None) => match r.as_str() {
            s if s == first => Ok(([Win, Loss], [false; 2], true)),
            "black" => Ok(([Loss, Win], [false; 2], true)),
            "draw" => Ok(([Draw, Draw], [false; 2], true)),
            "both-lost" => Ok(([Loss, Loss], [false; 2], true)),
            // 第三章 第五节 二 (二): a withdrawing player's unfinished game is scored as if he
            // had forfeited it (当做他已弃权，都按负局计算): his `−`, the opponent's `+`.
            "unfinished" => match withdrew {
                [true, false] => Ok(([Loss, Win], [true, false], false)),
                [false, true] => Ok(([Win, Loss], [false, true], false)),
                _ => bad(format!(
                    "{at}: an unfinished game is scored only when exactly one of its players \
                     withdrew (he loses it)"
                )),
            },
            other => bad(format!(
                "{at}.result: '{other}' (expected {first}, black, draw, both-lost or unfinished)"
            )),
        },
    }
}

/// What a withdrawal did, by entry index.
type Withdrawals = BTreeMap<usize, Withdrawn>;

/// Applies the withdrawals of an individual event to its games: cancels the games of a
/// player who played fewer than half his opponents, or adds the forfeits of the games he
/// did not play; a Swiss withdrawal adds a `−` for each round not played. Returns the
/// effects and the lone `−` per player (Swiss rounds without an opponent).
fn withdraw_players(
    t: &Tournament,
    comp: &Competition,
    players: &[String],
    games: &mut Vec<G>,
) -> Result<(Withdrawals, BTreeMap<usize, u32>), StandingsError> {
    let mut effects = Withdrawals::new();
    let mut lone = BTreeMap::new();
    for name in &t.withdrawn {
        let Some(w) = players.iter().position(|p| p == name) else {
            return bad(format!("withdrawn: '{name}' is not a player of the event"));
        };
        let mine = |g: &G| g.players.contains(&w);
        match comp.withdrawal {
            WithdrawalRule::Undefined => {
                return bad(
                    "the draughts rules define no withdrawal rule (art. 12.6 scores games only)",
                )
            }
            WithdrawalRule::HalfOfOpponents => {
                let met: BTreeSet<usize> = games
                    .iter()
                    .filter(|g| mine(g) && g.started)
                    .map(|g| g.players[usize::from(g.players[0] == w)])
                    .collect();
                let scheduled = players.len() - 1;
                let stands = comp.withdrawal_threshold.stands(met.len(), scheduled);
                if stands {
                    let per = games_per_match(t);
                    for o in (0..players.len()).filter(|&o| o != w) {
                        let have = games
                            .iter()
                            .filter(|g| g.players.contains(&w) && g.players.contains(&o))
                            .count() as u32;
                        for _ in have..per {
                            games.push(G {
                                players: [o, w],
                                outcome: [SeatResult::Win, SeatResult::Loss],
                                absent: [false, true],
                                played: false,
                                started: false,
                                violations: [0, 0],
                                round: None,
                                cancelled: false,
                            });
                        }
                    }
                    effects.insert(w, Withdrawn::ResultsStand);
                } else {
                    for g in games.iter_mut().filter(|g| g.players.contains(&w)) {
                        g.cancelled = true;
                    }
                    effects.insert(w, Withdrawn::ResultsCancelled);
                }
            }
            WithdrawalRule::ResultsStand => {
                let Some(rounds) = t.rounds else {
                    return bad(format!(
                        "withdrawn: '{name}' withdrew from a Swiss event without `rounds` (the \
                         rounds scheduled, each one not played is lost)"
                    ));
                };
                let mut played = BTreeSet::new();
                for g in games.iter().filter(|g| mine(g)) {
                    let Some(r) = g.round else {
                        return bad(format!(
                            "withdrawn: '{name}' withdrew from a Swiss event; each of his games \
                             needs its `round`"
                        ));
                    };
                    played.insert(r);
                }
                let missing = (1..=rounds).filter(|r| !played.contains(r)).count() as u32;
                lone.insert(w, missing);
                effects.insert(w, Withdrawn::ResultsStand);
            }
        }
    }
    Ok((effects, lone))
}

fn games_per_match(t: &Tournament) -> u32 {
    t.games_per_match.unwrap_or(match t.kind {
        Kind::RoundRobinMatches => 2,
        _ => 1,
    })
}

/// Totals of one entry.
#[derive(Debug, Clone, Default)]
struct Tally {
    games: u32,
    game_points: f64,
    violations: u32,
    plus: u32,
    minus: u32,
}

/// The table of an individual competition: rows, and the games as scored.
fn individual_table(
    game: Game,
    t: &Tournament,
    comp: &Competition,
    players: &[String],
) -> Result<(Vec<Row>, Vec<G>), StandingsError> {
    check_penalties(t, players)?;
    let mut games = read_games(game, t, comp, players)?;
    let (effects, lone) = withdraw_players(t, comp, players, &mut games)?;
    // The tallies count the games that stand; a cancelled player's own tally counts his
    // cancelled games (his score is kept on the table).
    let mut tally = vec![Tally::default(); players.len()];
    for g in &games {
        for (i, pts) in g.points(comp).into_iter().enumerate() {
            let p = g.players[i];
            if g.cancelled && effects.get(&p) != Some(&Withdrawn::ResultsCancelled) {
                continue;
            }
            let t = &mut tally[p];
            t.games += u32::from(g.played);
            t.game_points += pts;
            t.violations += g.violations[i];
            t.plus += u32::from(g.absent[1 - i] && !g.absent[i]);
            t.minus += u32::from(g.absent[i]);
        }
    }
    for (&p, &n) in &lone {
        tally[p].minus += n;
    }
    let encounters: Vec<Enc> = match comp.score {
        RankedBy::GamePoints | RankedBy::PlayersGamePoints => games
            .iter()
            .map(|g| Enc {
                units: g.players,
                score: g.points(comp),
                outcome: g.outcome,
                played: g.played,
                absent: [false; 2],
            })
            .collect(),
        RankedBy::MatchPoints => {
            // A match: every game of one pairing.
            let mut matches: BTreeMap<(usize, usize), ([f64; 2], bool)> = BTreeMap::new();
            for g in &games {
                let (a, b) = (
                    g.players[0].min(g.players[1]),
                    g.players[0].max(g.players[1]),
                );
                let pts = g.points(comp);
                let flip = g.players[0] != a;
                let e = matches.entry((a, b)).or_insert(([0.0; 2], false));
                e.0[0] += pts[usize::from(flip)];
                e.0[1] += pts[usize::from(!flip)];
                e.1 |= g.played;
            }
            matches
                .into_iter()
                .map(|((a, b), (gp, played))| match_encounter([a, b], gp, played, comp))
                .collect()
        }
    };
    let penalties: Vec<Option<Penalty>> = players
        .iter()
        .map(|p| t.penalties.get(p).copied())
        .collect();
    let rows = rank(
        comp,
        players,
        &tally,
        &encounters,
        &effects,
        &penalties,
        &vec![0.0; players.len()],
    );
    Ok((rows, games))
}

fn match_encounter(units: [usize; 2], gp: [f64; 2], played: bool, comp: &Competition) -> Enc {
    let outcome = compare(gp[0], gp[1]);
    let score = outcome.map(|o| match o {
        SeatResult::Win => comp.points.match_win,
        SeatResult::Draw => comp.points.match_draw,
        SeatResult::Loss => 0.0,
    });
    Enc {
        units,
        score,
        outcome,
        played,
        absent: [false; 2],
    }
}

fn check_penalties(t: &Tournament, players: &[String]) -> Result<(), StandingsError> {
    for name in t.penalties.keys() {
        if !players.contains(name) {
            return bad(format!("penalties: '{name}' is not a player of the event"));
        }
    }
    Ok(())
}

/// Ranks the entries: the score, then the tie-breaks of the competition in order; still
/// tied, shared places. `all` holds every encounter; those of an entry whose results are
/// cancelled count only for its own row, which comes last, unranked.
fn rank(
    comp: &Competition,
    names: &[String],
    tally: &[Tally],
    all: &[Enc],
    effects: &Withdrawals,
    penalties: &[Option<Penalty>],
    place_sums: &[f64],
) -> Vec<Row> {
    let n = names.len();
    let cancelled = |u: usize| effects.get(&u) == Some(&Withdrawn::ResultsCancelled);
    let standing: Vec<&Enc> = all
        .iter()
        .filter(|e| !e.units.iter().any(|&u| cancelled(u)))
        .collect();
    let sum = |encounters: &[&Enc], u: usize| -> f64 {
        match comp.score {
            RankedBy::PlayersGamePoints => tally[u].game_points,
            RankedBy::GamePoints | RankedBy::MatchPoints => encounters
                .iter()
                .filter_map(|e| e.units.iter().position(|&x| x == u).map(|i| e.score[i]))
                .sum(),
        }
    };
    let score: Vec<f64> = (0..n).map(|u| sum(&standing, u)).collect();
    let all_refs: Vec<&Enc> = all.iter().collect();
    let mut plus: Vec<u32> = tally.iter().map(|t| t.plus).collect();
    let mut minus: Vec<u32> = tally.iter().map(|t| t.minus).collect();
    for e in all
        .iter()
        .filter(|e| !e.units.iter().any(|&u| cancelled(u)))
    {
        for i in 0..2 {
            plus[e.units[i]] += u32::from(e.absent[1 - i] && !e.absent[i]);
            minus[e.units[i]] += u32::from(e.absent[i]);
        }
    }
    let value = |u: usize, c: Criterion| -> f64 {
        let mine = standing
            .iter()
            .filter_map(|e| e.units.iter().position(|&x| x == u).map(|i| (e, i)));
        match c {
            Criterion::Penalty => f64::from(u8::from(penalties[u].is_some())),
            Criterion::Sonneborn => mine
                .map(|(e, i)| match e.outcome[i] {
                    SeatResult::Win => score[e.units[1 - i]],
                    SeatResult::Draw => score[e.units[1 - i]] / 2.0,
                    SeatResult::Loss => 0.0,
                })
                .sum(),
            Criterion::Buchholz => mine
                .filter(|(e, _)| e.played)
                .map(|(e, i)| score[e.units[1 - i]])
                .sum(),
            Criterion::GamePoints => tally[u].game_points,
            Criterion::Violations => f64::from(tally[u].violations),
            Criterion::PlaceSum => place_sums[u],
        }
    };
    let rows = (0..n).map(|u| {
        let points = if cancelled(u) {
            sum(&all_refs, u)
        } else {
            score[u]
        };
        Row {
            place: None,
            name: names[u].clone(),
            games: tally[u].games,
            points,
            game_points: tally[u].game_points,
            match_points: (comp.score == RankedBy::MatchPoints).then_some(points),
            tiebreaks: comp
                .tiebreaks
                .iter()
                .map(|t| (t.criterion, value(u, t.criterion)))
                .collect(),
            violations: tally[u].violations,
            plus: plus[u],
            minus: minus[u],
            withdrawn: effects.get(&u).copied(),
            penalty: penalties[u],
        }
    });
    let (ranked, mut out): (Vec<Row>, Vec<Row>) =
        rows.partition(|r| r.withdrawn != Some(Withdrawn::ResultsCancelled));
    let mut ranked = places(comp, ranked);
    out.sort_by(|a, b| a.name.cmp(&b.name));
    ranked.extend(out);
    ranked
}

/// Sorts rows by points and tie-breaks and gives the places, shared when every one of
/// them is equal.
fn places(comp: &Competition, mut rows: Vec<Row>) -> Vec<Row> {
    let lower_place_sum = comp.place_sum_lower_first;
    let order = |a: &Row, b: &Row| -> Ordering {
        let mut o = b.points.total_cmp(&a.points);
        for ((c, x), (_, y)) in a.tiebreaks.iter().zip(&b.tiebreaks) {
            if o != Ordering::Equal {
                break;
            }
            let lower = if *c == Criterion::PlaceSum {
                lower_place_sum
            } else {
                c.lower_first()
            };
            o = if lower {
                x.total_cmp(y)
            } else {
                y.total_cmp(x)
            };
        }
        o
    };
    rows.sort_by(|a, b| order(a, b).then_with(|| a.name.cmp(&b.name)));
    let shared = comp.ties_shared;
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        while shared && j + 1 < rows.len() && order(&rows[i], &rows[j + 1]) == Ordering::Equal {
            j += 1;
        }
        for r in &mut rows[i..=j] {
            r.place = Some((i + 1, j + 1));
        }
        i = j + 1;
    }
    rows
}

/// The teams of an event in name order, their players, and the team of each player.
struct Rosters {
    teams: Vec<String>,
    players: Vec<String>,
    team_of: Vec<usize>,
}

/// The rosters of a team event.
fn rosters(t: &Tournament) -> Result<Rosters, StandingsError> {
    if t.teams.is_empty() {
        return bad(format!(
            "a {} event needs `teams` (each team's players in board order)",
            t.kind
        ));
    }
    if !t.players.is_empty() {
        return bad("a team event lists its players under `teams`, not `players`");
    }
    let teams: Vec<String> = t.teams.keys().cloned().collect();
    let mut players = Vec::new();
    let mut team_of = Vec::new();
    for (ti, (team, members)) in t.teams.iter().enumerate() {
        for m in members {
            if players.contains(m) {
                return bad(format!(
                    "teams: '{m}' plays for two teams (or twice for '{team}')"
                ));
            }
            players.push(m.clone());
            team_of.push(ti);
        }
    }
    Ok(Rosters {
        teams,
        players,
        team_of,
    })
}

/// The table of a team event.
fn team_table(
    scoring: &Scoring,
    t: &Tournament,
    comp: &Competition,
) -> Result<Standings, StandingsError> {
    let game = scoring.game;
    let Rosters {
        teams,
        players,
        team_of,
    } = rosters(t)?;
    if t.kind == Kind::TeamTotal {
        return team_total(scoring, t, comp, &teams, &players, &team_of);
    }
    if !t.penalties.is_empty() {
        return bad("penalties rank players; a team event's table ranks teams (the seed ranks penalised players in individual events)");
    }
    let games = read_games(game, t, comp, &players)?;
    let team_index = |name: &str, at: &str| {
        teams
            .iter()
            .position(|x| x == name)
            .ok_or_else(|| StandingsError(format!("{at}: '{name}' is not a team of the event")))
    };
    let mut tally = vec![Tally::default(); teams.len()];
    // Team matches: the games of one round between two teams.
    let mut matches: BTreeMap<(u32, usize, usize), ([f64; 2], bool)> = BTreeMap::new();
    let mut game_team: Vec<[usize; 2]> = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let tm = g.players.map(|p| team_of[p]);
        if tm[0] == tm[1] {
            return bad(format!(
                "games[{i}]: both players play for '{}'",
                teams[tm[0]]
            ));
        }
        let Some(round) = g.round else {
            return bad(format!(
                "games[{i}]: a team event's games need their `round`"
            ));
        };
        game_team.push(tm);
        let pts = g.points(comp);
        let (a, b) = (tm[0].min(tm[1]), tm[0].max(tm[1]));
        let flip = tm[0] != a;
        let e = matches.entry((round, a, b)).or_insert(([0.0; 2], false));
        e.0[0] += pts[usize::from(flip)];
        e.0[1] += pts[usize::from(!flip)];
        e.1 |= g.played;
    }
    let mut encounters: Vec<(Option<u32>, Enc)> = matches
        .into_iter()
        .map(|((r, a, b), (gp, played))| (Some(r), match_encounter([a, b], gp, played, comp)))
        .collect();
    for (i, f) in t.team_forfeits.iter().enumerate() {
        let at = format!("team_forfeits[{i}]");
        let units = [team_index(&f.present, &at)?, team_index(&f.absent, &at)?];
        encounters.push((f.round, forfeit(units, comp)));
    }
    // Withdrawals of teams.
    let mut effects = Withdrawals::new();
    let mut lone: BTreeMap<usize, u32> = BTreeMap::new();
    for name in &t.withdrawn {
        let w = team_index(name, "withdrawn")?;
        match comp.withdrawal {
            WithdrawalRule::HalfOfOpponents => {
                let met: BTreeSet<usize> = encounters
                    .iter()
                    .filter(|(_, e)| e.played && e.units.contains(&w))
                    .map(|(_, e)| e.units[usize::from(e.units[0] == w)])
                    .collect();
                let stands = comp.withdrawal_threshold.stands(met.len(), teams.len() - 1);
                if stands {
                    for o in (0..teams.len()).filter(|&o| o != w) {
                        if !encounters
                            .iter()
                            .any(|(_, e)| e.units.contains(&w) && e.units.contains(&o))
                        {
                            encounters.push((None, forfeit([o, w], comp)));
                        }
                    }
                    effects.insert(w, Withdrawn::ResultsStand);
                } else {
                    effects.insert(w, Withdrawn::ResultsCancelled);
                }
            }
            WithdrawalRule::ResultsStand => {
                let Some(rounds) = t.rounds else {
                    return bad(format!(
                        "withdrawn: '{name}' withdrew from a Swiss event without `rounds`"
                    ));
                };
                let met: BTreeSet<u32> = encounters
                    .iter()
                    .filter(|(_, e)| e.units.contains(&w))
                    .filter_map(|(r, _)| *r)
                    .collect();
                lone.insert(w, (1..=rounds).filter(|r| !met.contains(r)).count() as u32);
                effects.insert(w, Withdrawn::ResultsStand);
            }
            WithdrawalRule::Undefined => return bad("the rules define no withdrawal here"),
        }
    }
    let is_cancelled = |u: usize| effects.get(&u) == Some(&Withdrawn::ResultsCancelled);
    for (g, tm) in games.iter().zip(&game_team) {
        let pts = g.points(comp);
        for i in 0..2 {
            let u = tm[i];
            if is_cancelled(tm[1 - i]) && !is_cancelled(u) {
                continue;
            }
            tally[u].games += u32::from(g.played);
            tally[u].game_points += pts[i];
            tally[u].violations += g.violations[i];
        }
    }
    for (&u, &n) in &lone {
        tally[u].minus += n;
    }
    let all: Vec<Enc> = encounters.into_iter().map(|(_, e)| e).collect();
    let rows = rank(
        comp,
        &teams,
        &tally,
        &all,
        &effects,
        &vec![None; teams.len()],
        &vec![0.0; teams.len()],
    );
    Ok(Standings {
        competition: comp.clone(),
        rows,
        individual: None,
        colours: Vec::new(),
    })
}

/// A team match decided by a team's absence: `+` for `units[0]`, `−` for `units[1]`.
fn forfeit(units: [usize; 2], comp: &Competition) -> Enc {
    Enc {
        units,
        score: [comp.points.plus, 0.0],
        outcome: [SeatResult::Win, SeatResult::Loss],
        played: false,
        absent: [false, true],
    }
}

/// 队员总分制: the individual competition's table, then the teams by their players' game
/// points, the sum of their places, their violations.
fn team_total(
    scoring: &Scoring,
    t: &Tournament,
    comp: &Competition,
    teams: &[String],
    players: &[String],
    team_of: &[usize],
) -> Result<Standings, StandingsError> {
    let kind = t.individual.unwrap_or(Kind::RoundRobin);
    if kind.is_team() {
        return bad(format!(
            "individual: '{kind}' is a team competition (expected round-robin, round-robin-matches or swiss)"
        ));
    }
    if !t.team_forfeits.is_empty() {
        return bad("team_forfeits: under the players' total teams do not play matches");
    }
    let inner = scoring.competition(kind).map_err(StandingsError)?;
    let individual = Tournament {
        kind,
        players: players.to_vec(),
        teams: BTreeMap::new(),
        pairings: Vec::new(),
        ..t.clone()
    };
    let (rows, _) = individual_table(scoring.game, &individual, &inner, players)?;
    let mut tally = vec![Tally::default(); teams.len()];
    let mut place_sums = vec![0.0; teams.len()];
    for r in &rows {
        let p = players.iter().position(|x| *x == r.name).unwrap_or(0);
        let u = team_of[p];
        let Some((place, _)) = r.place else {
            return bad(format!(
                "'{}' withdrew with fewer than half his games played, so his results are \
                 cancelled and he has no place; the seed does not say what he adds to his \
                 team's sum of places",
                r.name
            ));
        };
        tally[u].games += r.games;
        tally[u].game_points += r.game_points;
        tally[u].violations += r.violations;
        tally[u].plus += r.plus;
        tally[u].minus += r.minus;
        place_sums[u] += place as f64;
    }
    // The team score is its players' game points: no encounters of its own.
    let team_rows = rank(
        comp,
        teams,
        &tally,
        &[],
        &Withdrawals::new(),
        &vec![None; teams.len()],
        &place_sums,
    );
    Ok(Standings {
        competition: comp.clone(),
        rows: team_rows,
        individual: Some(rows),
        colours: Vec::new(),
    })
}

/// The colours of the pairings (第三章 第三节): the first entry of a pairing has red in
/// the first game; in team events only on the odd boards (the other team on the even
/// ones); in a two-game match the colours swap in the second game.
fn colours(game: Game, t: &Tournament, comp: &Competition) -> Result<Vec<Colour>, StandingsError> {
    if t.pairings.is_empty() {
        return Ok(Vec::new());
    }
    if game.is_draughts() {
        return bad("pairings: the draughts rules define no colour allocation");
    }
    match t.kind {
        Kind::Swiss => {
            return bad(
                "pairings: individual Swiss colours follow appendix 2 of the rules, which the \
                 seed does not include",
            )
        }
        Kind::TeamTotal => {
            return bad("pairings: under the players' total the individual competition's colours apply; give its kind")
        }
        _ => {}
    }
    let per = games_per_match(t);
    let mut out = Vec::new();
    for (i, p) in t.pairings.iter().enumerate() {
        let at = format!("pairings[{i}]");
        let lineups: Vec<(Option<u32>, String, String)> = if t.kind.is_team() {
            let team = |name: &String| {
                t.teams.get(name).ok_or_else(|| {
                    StandingsError(format!("{at}: '{name}' is not a team of the event"))
                })
            };
            let (a, b) = (team(&p.first)?, team(&p.second)?);
            a.iter()
                .zip(b)
                .enumerate()
                .map(|(k, (x, y))| (Some(k as u32 + 1), x.clone(), y.clone()))
                .collect()
        } else {
            let players = players_of(t)?;
            for n in [&p.first, &p.second] {
                if !players.contains(n) {
                    return bad(format!("{at}: '{n}' is not a player of the event"));
                }
            }
            vec![(None, p.first.clone(), p.second.clone())]
        };
        for g in 1..=per {
            for (board, x, y) in &lineups {
                let odd_board = board.is_none_or(|b| b % 2 == 1 || !comp.alternate_boards);
                let swapped = g % 2 == 0 && comp.swap_second_game;
                let first_has_red = odd_board != swapped;
                let (first, second) = if first_has_red { (x, y) } else { (y, x) };
                out.push(Colour {
                    round: p.round,
                    game: g,
                    board: *board,
                    first: first.clone(),
                    second: second.clone(),
                });
            }
        }
    }
    Ok(out)
}
