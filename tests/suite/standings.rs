//! Standings (docs/standings.md): the competition tables name real clauses, every scoring
//! mutant is killed by a tournament case citing its clause, records become games of the
//! same model, bad tournaments are refused with what is wrong, and `arbiter standings`
//! prints the table of records and tournament files.

use crate::common::{arbiter, root, text};
use arbiter::case::{capture_panics, load_cases, planned_runs, Case, Runner, Selection, Verdict};
use arbiter::engine::ReferenceEngine;
use arbiter::mutant::{Mutant, ScoringMutant};
use arbiter::play::{play_game, GameOptions, Opening, Player, RandomPlayer};
use arbiter::records::parse_records;
use arbiter::rules_for;
use arbiter::spec::load_catalogs;
use arbiter::standings::{compute, Competition, GameEntry, Kind, Tournament};
use arbiter::{Game, Ruleset};
use std::sync::Arc;

fn tournament(yaml: &str) -> Tournament {
    serde_yaml::from_str(yaml).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_table_entry_names_an_executable_clause_of_its_game() {
    let spec = load_catalogs(&root().join("spec")).unwrap_or_else(|e| panic!("{e:?}"));
    for game in [Game::Xiangqi, Game::Russian] {
        for kind in Kind::ALL {
            let Ok(c) = Competition::of(game, kind) else {
                assert!(game.is_draughts(), "{kind} under xiangqi");
                continue;
            };
            let ids = std::iter::once(c.score_clause)
                .chain(c.tiebreaks.iter().map(|t| t.clause))
                .chain(c.shared_clause);
            for id in ids {
                let clause = spec
                    .clauses()
                    .map(|(_, c)| c)
                    .find(|c| c.id == id)
                    .unwrap_or_else(|| panic!("{kind}: clause {id} is in no catalog"));
                assert!(clause.executable, "{id} is not executable");
                let ruleset = Ruleset::default_for(game);
                assert!(
                    clause.applies_to(&ruleset),
                    "{id} does not apply to {ruleset}"
                );
            }
        }
    }
}

#[test]
fn every_scoring_mutant_is_killed_by_a_case_citing_its_clause() {
    // The runs a scoring mutant can change: the tournament cases (and the start position's
    // side to move, which no scoring mutant alters and so kills none).
    capture_panics();
    let suite = load_cases(&[root().join("cases")]).unwrap_or_else(|e| panic!("{e}"));
    let runs: Vec<_> = planned_runs(&suite, &Selection::default())
        .into_iter()
        .filter(|r| r.case.tournament.is_some())
        .collect();
    assert!(runs.len() > 30, "{} tournament runs", runs.len());
    let reference = Runner::reference();
    for r in &runs {
        let result = reference.run(r.case, r.ruleset);
        assert_eq!(
            result.verdict,
            Verdict::Passed,
            "{}: {}",
            r.name(),
            result.message
        );
    }
    let mut survivors = Vec::new();
    for &m in ScoringMutant::ALL {
        let runner = Runner::new(
            Box::new(ReferenceEngine::mutant(Mutant::Scoring(m))),
            Arc::new(rules_for),
        );
        let killers: Vec<&Case> = runs
            .iter()
            .filter(|r| m.games().contains(&r.ruleset.game))
            .filter(|r| r.case.clauses.iter().any(|c| c == m.clause()))
            .filter(|r| runner.run(r.case, r.ruleset).verdict == Verdict::Failed)
            .map(|r| r.case)
            .collect();
        if killers.is_empty() {
            survivors.push(m.name());
        }
    }
    assert!(
        survivors.is_empty(),
        "not killed by a case citing their clause: {survivors:?}"
    );
}

#[test]
fn bad_tournaments_are_refused_saying_what_is_wrong() {
    for (yaml, game, needle) in [
        (
            "{players: [A, B], games: [{red: A, black: Z, result: red}]}",
            Game::Xiangqi,
            "games[0]: 'Z' is not an entry of the event",
        ),
        (
            "{players: [A, B], games: [{white: A, black: B, result: white}]}",
            Game::Xiangqi,
            "games[0]: a xiangqi game names its players `red` and `black`",
        ),
        (
            "{players: [A, B], games: [{red: A, black: B, result: red, absent: black}]}",
            Game::Xiangqi,
            "`result` and `absent` together",
        ),
        (
            "{players: [A, B], games: [{red: A, black: B, result: win}]}",
            Game::Xiangqi,
            "games[0].result: 'win' (expected red, black, draw, both-lost or unfinished)",
        ),
        (
            "{players: [A, B], games: [{red: A, black: B, result: unfinished}]}",
            Game::Xiangqi,
            "exactly one of its players withdrew",
        ),
        (
            "{kind: team-round-robin, teams: {X: [a, b]}, games: [{round: 1, red: a, black: b, result: red}]}",
            Game::Xiangqi,
            "games[0]: both players play for 'X'",
        ),
        (
            "{kind: team-round-robin, teams: {X: [a], Y: [b]}, games: [{red: a, black: b, result: red}]}",
            Game::Xiangqi,
            "need their `round`",
        ),
        (
            "{kind: swiss, players: [A, B], withdrawn: [A], games: [{round: 1, red: A, black: B, result: red}]}",
            Game::Xiangqi,
            "without `rounds`",
        ),
        (
            "{kind: team-swiss, teams: {X: [a], Y: [b]}}",
            Game::Russian,
            "the draughts rules (art. 12.6) score games only",
        ),
        (
            "{kind: swiss, players: [A, B], pairings: [{round: 1, first: A, second: B}]}",
            Game::Xiangqi,
            "appendix 2",
        ),
    ] {
        let err = compute(game, &tournament(yaml)).unwrap_err().to_string();
        assert!(err.contains(needle), "{yaml}: {err}");
    }
    // Unknown keys are refused when the tournament is read.
    let err = serde_yaml::from_str::<Tournament>("{players: [A], playrs: [B]}").unwrap_err();
    assert!(err.to_string().contains("unknown field `playrs`"), "{err}");
}

#[test]
fn recorded_violations_count_and_break_a_tie() {
    // xq.scoring.rr-single-violations, read from a record: red plays two illegal general
    // moves, then moves; the game is adjudicated a draw, so only the violations differ.
    struct TwoIllegal(u32);
    impl Player for TwoIllegal {
        fn name(&self) -> String {
            "careless".to_owned()
        }
        fn choose(
            &mut self,
            r: &arbiter::play::MoveRequest,
        ) -> Result<arbiter::play::Choice, arbiter::play::PlayerError> {
            self.0 += 1;
            let text = if self.0 <= 2 {
                "e0e2".to_owned()
            } else {
                r.permitted[0].text()
            };
            Ok(arbiter::play::Choice { text, spent: None })
        }
    }
    let mut red = TwoIllegal(0);
    let mut black = RandomPlayer::new(4);
    let mut players: [&mut dyn Player; 2] = [&mut red, &mut black];
    let options = GameOptions {
        ruleset: "xiangqi".parse().unwrap(),
        control: None,
        max_plies: Some(6),
        round: 1,
    };
    let record = play_game(&mut players, &Opening::default(), &options).unwrap();
    assert!(record.result.as_ref().unwrap().reason.is_adjudication());
    let read = parse_records(&record.to_text()).unwrap();
    let (game, entry) = GameEntry::from_record(&read[0]).unwrap();
    assert_eq!(game, Game::Xiangqi);
    assert_eq!(entry.violations.get("red"), Some(&2));
    assert_eq!(entry.result.as_deref(), Some("draw"));
    let t = Tournament {
        games: vec![entry],
        ..Tournament::default()
    };
    let table = compute(game, &t).unwrap();
    // Ignoring violations (the plausible wrong) would share 1st-2nd.
    assert_eq!(table.rows[0].name, "random");
    assert_eq!(table.rows[0].place, Some((1, 1)));
    assert_eq!(
        (table.rows[1].name.as_str(), table.rows[1].violations),
        ("careless", 2)
    );
}

#[test]
fn the_cli_prints_a_tournament_files_table_as_text_and_json() {
    let dir = std::env::temp_dir().join(format!("arbiter-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.yaml");
    std::fs::write(
        &file,
        "kind: team-round-robin\nteams: {X: [x1, x2], Y: [y1, y2]}\n\
         games:\n  - {round: 1, red: x1, black: y1, result: red}\n  - {round: 1, red: y2, black: x2, result: draw}\n\
         pairings: [{round: 2, first: Y, second: X}]\n",
    )
    .unwrap();
    let path = file.to_str().unwrap();
    let out = arbiter(&["standings", "--tournament", path, "--ruleset", "xiangqi"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("xq.scoring.team-rr-rank"), "{stdout}");
    assert!(
        stdout.contains("round 2 game 1 board 2: x2 red – y2 black"),
        "{stdout}"
    );
    let out = arbiter(&[
        "standings",
        "--tournament",
        path,
        "--ruleset",
        "xiangqi",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "team-round-robin");
    assert_eq!(v["rows"][0]["name"], "X");
    assert_eq!(v["rows"][0]["match_points"], 2.0);
    assert_eq!(v["rows"][1]["game_points"], 0.5);
    assert_eq!(v["colours"][0]["red"], "y1");
    // Without a game named anywhere the command says what to give.
    let out = arbiter(&["standings", "--tournament", path]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("give --ruleset"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_cli_scores_records_under_the_kind_asked() {
    let dir = std::env::temp_dir().join(format!("arbiter-standings-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let out = arbiter(&[
        "play",
        "--red",
        "random",
        "--black",
        "greedy",
        "--ruleset",
        "xiangqi",
        "--games",
        "4",
        "--seed",
        "3",
        "--max-plies",
        "60",
        "--quiet",
        "--record",
        pgn.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for kind in ["round-robin-matches", "swiss"] {
        let out = arbiter(&[
            "standings",
            pgn.to_str().unwrap(),
            "--kind",
            kind,
            "--verify",
            "--format",
            "json",
        ]);
        assert!(out.status.success(), "{kind}: {}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["kind"], kind);
        let rows = v["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        let games: u64 = rows.iter().map(|r| r["games"].as_u64().unwrap()).sum();
        assert_eq!(games, 8, "each of 4 games counted for both players");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// An engine that does not list the `standings` query gets every tournament case skipped,
/// never passed; one that answers wrongly gets it failed.
#[test]
fn an_engine_without_the_standings_query_skips_tournament_cases() {
    use arbiter::engine::Engine;
    use arbiter::protocol::{Answer, EngineInfo, QueryKind, Reply, Request};
    struct NoStandings(ReferenceEngine);
    impl Engine for NoStandings {
        fn info(&self) -> EngineInfo {
            let mut info = self.0.info();
            info.queries.retain(|q| *q != QueryKind::Standings);
            info
        }
        fn run(&self, request: &Request) -> Reply {
            self.0.run(request)
        }
    }
    /// Answers every table upside down.
    struct Reversed(ReferenceEngine);
    impl Engine for Reversed {
        fn info(&self) -> EngineInfo {
            self.0.info()
        }
        fn run(&self, request: &Request) -> Reply {
            match self.0.run(request) {
                Reply::Answer(Answer::Standings(mut a)) => {
                    let places: Vec<_> = a.rows.iter().map(|r| r.place.clone()).collect();
                    for (r, p) in a.rows.iter_mut().zip(places.into_iter().rev()) {
                        r.place = p;
                    }
                    Reply::Answer(Answer::Standings(a))
                }
                other => other,
            }
        }
    }
    let suite = load_cases(&[root().join("cases/xiangqi/scoring.yaml")]).unwrap();
    let skipping = Runner::new(
        Box::new(NoStandings(ReferenceEngine::new())),
        Arc::new(rules_for),
    );
    let reversed = Runner::new(
        Box::new(Reversed(ReferenceEngine::new())),
        Arc::new(rules_for),
    );
    let id = "xiangqi.scoring.round-robin-tie-broken-by-sonneborn";
    let (_, case) = suite.cases().find(|(_, c)| c.id == id).unwrap();
    let ruleset = &case.rulesets[0];
    let r = skipping.run(case, ruleset);
    assert_eq!(r.verdict, Verdict::Skipped, "{}", r.message);
    assert!(
        r.message.contains("does not answer `standings`"),
        "{}",
        r.message
    );
    let r = reversed.run(case, ruleset);
    assert_eq!(r.verdict, Verdict::Failed, "{}", r.message);
    assert!(
        r.message.contains("B: place expected 1, got 4"),
        "{}",
        r.message
    );
}
