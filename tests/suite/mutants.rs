//! Mutants of the reference (`src/mutant/`) and `arbiter mutants`: every mutant names a real
//! clause, each move-generation mutant changes the legal moves of a position in the way its
//! description says, a mutant stays on its thread, the fuzzer finds every move-generation
//! mutant, and the command's options and exit codes.

use crate::common::{arbiter, root, text};
use arbiter::audit::mutants as scoring;
use arbiter::engine::{Engine, ReferenceEngine};
use arbiter::mutant::{MoveMutant, Mutant};
use arbiter::protocol::{Answer, Query, Reply, Request};
use arbiter::rulebook::moves;
use arbiter::spec::{load_catalogs, Clause, Spec};
use arbiter::Ruleset;
use std::collections::BTreeSet;

fn legal(engine: &ReferenceEngine, ruleset: &str, fen: &str) -> Vec<String> {
    let mut request = Request::new(ruleset.parse().unwrap(), Query::Legal);
    request.position = Some(fen.to_owned());
    match engine.run(&request) {
        Reply::Answer(Answer::Moves(moves)) => moves,
        other => panic!("{} on {fen}: {other:?}", engine.info().name),
    }
}

/// The clause of the catalogs `spec` with the id `id` that the mutant `name` cites.
fn clause_of<'s>(spec: &'s Spec, name: &str, id: &str) -> &'s Clause {
    spec.clauses()
        .map(|(_, c)| c)
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("{name}: clause {id} is in no catalog"))
}

#[test]
fn names_are_unique_kebab_case_and_read_back() {
    let mut names = BTreeSet::new();
    for &m in Mutant::ALL {
        assert!(names.insert(m.name()), "two mutants are named {}", m.name());
        assert!(
            m.name()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{}",
            m.name()
        );
        assert_eq!(m.name().parse::<Mutant>(), Ok(m));
        assert!(!m.about().is_empty() && !m.games().is_empty(), "{m}");
    }
    assert!(MoveMutant::ALL.len() >= 20);
    assert_eq!(
        Mutant::ALL.iter().filter(|m| m.is_movegen()).count(),
        MoveMutant::ALL.len()
    );
    let err = "no-such-rule".parse::<Mutant>().unwrap_err().to_string();
    assert!(err.contains("'no-such-rule'") && err.contains("arbiter mutants --list"));
}

/// The clause of each move-generation mutant exists, is executable and applies to every
/// game the mutant alters. (The outcome and draw mutants are checked the same way once they
/// name their clauses.)
#[test]
fn every_move_generation_mutant_breaks_a_real_clause_of_its_games() {
    let spec = load_catalogs(&root().join("spec")).unwrap_or_else(|e| panic!("{e:?}"));
    for &m in MoveMutant::ALL {
        let clause = clause_of(&spec, m.name(), m.clause());
        assert!(
            clause.executable,
            "{}: {} is not executable",
            m.name(),
            m.clause()
        );
        for &game in m.games() {
            assert!(
                clause.applies_to(&Ruleset::default_for(game)),
                "{}: {} does not apply to {}",
                m.name(),
                m.clause(),
                game.name()
            );
        }
    }
}

/// The clause of every mutant applies to a ruleset (an edition) of a game the mutant alters.
/// (build.rs checks that the id is in a catalog; that it fits the games is this test's, as
/// `clause_ids_in_code.rs` checks the constants of the code. Not of each game: a mutant of
/// both draughts games may cite the clause of one, `kings-only-not-reset-by-man-move` the
/// Brazilian kings-only count.)
#[test]
fn every_mutant_breaks_a_clause_of_a_game_it_alters() {
    let spec = load_catalogs(&root().join("spec")).unwrap_or_else(|e| panic!("{e:?}"));
    let mut problems = Vec::new();
    for &m in Mutant::ALL {
        let clause = clause_of(&spec, m.name(), m.clause());
        let applies = m.games().iter().any(|&game| {
            game.editions().iter().any(|edition| {
                clause.applies_to(&Ruleset {
                    game,
                    edition: (*edition).to_owned(),
                })
            })
        });
        if !applies {
            problems.push(format!(
                "{}: {} applies to none of its games",
                m.name(),
                m.clause()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// One position per move-generation mutant and a move that it and the reference disagree
/// on: legal under the reference (`true`) and not under the mutant, or the reverse. Each was
/// checked by hand against the rule the mutant breaks.
const WITNESSES: &[(MoveMutant, &str, &str, &str, bool)] = &[
    // c3 may take b4 (one piece) or d4 and f6 (two): Brazilian majority.
    (
        MoveMutant::NoMajorityRule,
        "brazilian",
        "W:W22:B11,17,18",
        "22x13",
        false,
    ),
    (
        MoveMutant::RussianMajorityRule,
        "russian",
        "W:W22:B11,17,18",
        "22x13",
        true,
    ),
    // Taking the king on b2 or the man on f2 is one piece each: both allowed.
    (
        MoveMutant::MajorityCountsKingsDouble,
        "brazilian",
        "W:W29,32:BK25,27",
        "32x23",
        true,
    ),
    // The man f6 takes e7 to d8, then c7: as a man it must land on b6.
    (
        MoveMutant::PromotionInPassing,
        "brazilian",
        "W:W11:B6,7,28",
        "11x2x13",
        false,
    ),
    // Russian: crowned on d8, it takes c7 as a king and may land on a5.
    (
        MoveMutant::RussianNoPromotionInPassing,
        "russian",
        "W:W11:B6,7,28",
        "11x2x13",
        true,
    ),
    (
        MoveMutant::CrownedGoesOnAsMan,
        "russian",
        "W:W11:B6,7,28",
        "11x2x13",
        true,
    ),
    // The king c3 takes b2 or g7; the piece taken first blocks the way back.
    (
        MoveMutant::CapturedRemovedAtOnce,
        "russian",
        "W:WK22:B8,25",
        "22x29",
        true,
    ),
    // Crowned on d8, the king may not jump e7 a second time to g5.
    (
        MoveMutant::PieceJumpedTwice,
        "russian",
        "W:W11:B6,7,28",
        "11x2x16",
        false,
    ),
    // The man c3 takes d2 backward.
    (
        MoveMutant::MenCaptureForwardOnly,
        "russian",
        "W:W22,30:B10,18,26",
        "22x31",
        true,
    ),
    // The king a1 moves to c3 over the empty b2.
    (
        MoveMutant::KingsNotFlying,
        "brazilian",
        "W:W18,K29:B1",
        "29-22",
        true,
    ),
    // The king c3 takes g7 from three squares away.
    (
        MoveMutant::KingsCaptureAdjacentOnly,
        "brazilian",
        "W:WK22:B8,25",
        "22x4",
        true,
    ),
    // The king a1 takes d4, lands on e5 and turns to take d6, landing on b8, two squares
    // behind it.
    (
        MoveMutant::KingLandsRightBehind,
        "brazilian",
        "W:WK29:B10,18",
        "29x15x1",
        true,
    ),
    // The man b6 must take: a7 is not a move.
    (
        MoveMutant::CaptureNotCompulsory,
        "brazilian",
        "W:W9:B6,7,8,28",
        "9-5",
        false,
    ),
    // From e5 the king goes on (d6); stopping on h8 instead is not allowed.
    (
        MoveMutant::KingFreeStop,
        "russian",
        "W:WK29:B10,18",
        "29x4",
        false,
    ),
    // The man f6 takes e7 and, crowned, must go on taking c7.
    (
        MoveMutant::ManMayStopMidCapture,
        "russian",
        "W:W11:B6,7,28",
        "11x2",
        false,
    ),
    // The king may not stop on e5, from where it can go on.
    (
        MoveMutant::KingMayStopMidCapture,
        "russian",
        "W:WK29:B10,18",
        "29x15",
        false,
    ),
    // A black man on a7 does not move back to b8.
    (
        MoveMutant::MenMoveBackward,
        "brazilian",
        "B:W32:B5",
        "5-1",
        false,
    ),
    // The man goes round c3-e5-c7-a5 and ends on its own start square.
    (
        MoveMutant::StartSquareStaysOccupied,
        "russian",
        "W:W22:B9,10,17,18",
        "22x13x6x15x22",
        true,
    ),
    // The king takes a5 (turning), c7, b6 (turning) and d2.
    (
        MoveMutant::KingCannotTurn,
        "brazilian",
        "W:WK31:B7,9,17,25",
        "31x13x2x11x29",
        true,
    ),
    // Red in check by the horse c1: the chariot blocks its leg on d1.
    (
        MoveMutant::HorseLegNotBlocking,
        "xiangqi",
        "5k3/9/9/9/3R5/9/9/9/2n5r/3AKA3 w - - 0 1",
        "d5d1",
        true,
    ),
    // The general on f1 blocks the elephant's way from e2 to g0.
    (
        MoveMutant::ElephantEyeNotBlocking,
        "xiangqi",
        "3k5/9/9/9/9/9/3p5/4B4/5K3/9 w - - 0 1",
        "e2g0",
        false,
    ),
    (
        MoveMutant::ElephantCrossesRiver,
        "xiangqi",
        "5k3/9/9/9/9/2B6/9/9/9/3K5 w - - 0 1",
        "c4a6",
        false,
    ),
    // A soldier on c4 has not crossed the river.
    (
        MoveMutant::SoldierSidewaysBeforeRiver,
        "xiangqi",
        "5k3/9/4n4/9/9/2P1R4/9/9/9/3K5 w - - 0 1",
        "c4b4",
        false,
    ),
    // A soldier on the last rank moves sideways.
    (
        MoveMutant::SoldierNotSidewaysAfterRiver,
        "xiangqi",
        "P4k3/9/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "a9b9",
        true,
    ),
    (
        MoveMutant::GeneralLeavesPalace,
        "xiangqi",
        "3k5/9/9/9/9/9/3p5/4B4/5K3/9 w - - 0 1",
        "f1g1",
        false,
    ),
    (
        MoveMutant::AdvisorLeavesPalace,
        "xiangqi",
        "5k3/9/9/9/3R5/9/9/9/2n5r/3AKA3 w - - 0 1",
        "d0c1",
        false,
    ),
    // In check by the cannon e7 over the soldier e4, the advisor d0 screens on e1.
    (
        MoveMutant::AdvisorMovesStraight,
        "xiangqi",
        "5k3/9/4c4/9/9/4p4/9/R8/9/3AKA3 w - - 0 1",
        "d0e1",
        true,
    ),
    // d0 faces the black general on the open d file.
    (
        MoveMutant::GeneralsMayFace,
        "xiangqi",
        "3k5/4c4/9/9/4n4/9/9/4N4/9/4K4 w - - 0 1",
        "e0d0",
        false,
    ),
    // d1 is on the cannon's line over the soldier d4.
    (
        MoveMutant::SelfCheckAllowed,
        "xiangqi",
        "3k5/9/3c5/9/9/3p5/9/9/4K4/9 w - - 0 1",
        "e1d1",
        false,
    ),
    // In check by the cannon e7 over e1, d0 is no answer (it faces the general d9).
    (
        MoveMutant::CheckNeedNotBeAnswered,
        "xiangqi",
        "3k5/9/4c4/9/9/9/9/9/4A4/4K4 w - - 0 1",
        "e0d0",
        false,
    ),
    // The advisor may leave e1: the cannon e7 then has no screen.
    (
        MoveMutant::CannonCapturesWithoutScreen,
        "xiangqi",
        "3k5/9/4c4/9/9/9/9/9/4A4/4K4 w - - 0 1",
        "e1d0",
        true,
    ),
    (
        MoveMutant::CannonJumpsToEmpty,
        "xiangqi",
        "5k3/4n4/9/9/4p4/9/9/4C4/9/3K5 w - - 0 1",
        "e2e6",
        false,
    ),
    (
        MoveMutant::ChariotJumps,
        "xiangqi",
        "5k3/9/4n4/9/9/2P1R4/9/9/9/3K5 w - - 0 1",
        "e4a4",
        false,
    ),
];

#[test]
fn each_move_generation_mutant_changes_the_legal_moves_as_it_says() {
    let reference = ReferenceEngine::new();
    let mut covered = BTreeSet::new();
    for &(m, ruleset, fen, mv, in_reference) in WITNESSES {
        covered.insert(m);
        let mutant = ReferenceEngine::mutant(Mutant::Moves(m));
        let (with, without) = if in_reference {
            (&reference, &mutant)
        } else {
            (&mutant, &reference)
        };
        let listed = legal(with, ruleset, fen);
        assert!(
            listed.iter().any(|t| t == mv),
            "{}: {mv} should be legal for {} in {fen}: {listed:?}",
            m.name(),
            with.info().name
        );
        let listed = legal(without, ruleset, fen);
        assert!(
            !listed.iter().any(|t| t == mv),
            "{}: {mv} should not be legal for {} in {fen}: {listed:?}",
            m.name(),
            without.info().name
        );
    }
    let missing: Vec<&str> = MoveMutant::ALL
        .iter()
        .filter(|m| !covered.contains(m))
        .map(|m| m.name())
        .collect();
    assert!(missing.is_empty(), "no witness for {missing:?}");
}

#[test]
fn move_rules_are_a_value_each_position_carries() {
    use arbiter::draughts::{Position, Variant};
    let pos = Position::from_fen("W:WK29:B4", Variant::Russian).unwrap();
    assert_eq!(pos.legal_moves().len(), 6);
    let slow = pos.with_move_rules(moves::draughts(
        pos.move_rules(),
        MoveMutant::KingsNotFlying,
    ));
    assert_eq!(slow.legal_moves().len(), 1);
    // The rules go with the position, to another thread and to the positions after a move.
    let elsewhere = std::thread::spawn(move || slow.legal_moves().len()).join();
    assert_eq!(elsewhere.unwrap(), 1);
    let after = slow.play_text("29-25").unwrap().play_text("4-8").unwrap();
    assert_eq!(after.move_rules(), slow.move_rules());
    assert_eq!(pos.legal_moves().len(), 6);
}

#[test]
fn a_mutant_of_one_game_leaves_the_other_alone() {
    // The start-position perft of every game is the reference's under a mutant of another
    // game; under one of its own it is not.
    use arbiter::draughts::{perft as dperft, Position as DPos, Variant};
    use arbiter::xiangqi::{perft as xperft, Position as XPos};
    use arbiter::PerftCount;
    let russian = |m: Option<MoveMutant>| {
        let start = DPos::start(Variant::Russian);
        let rules = m.map_or(start.move_rules(), |m| {
            moves::draughts(start.move_rules(), m)
        });
        dperft(&start.with_move_rules(rules), 6, PerftCount::Paths)
    };
    let xiangqi = |m: Option<MoveMutant>| {
        let start = XPos::start();
        let rules = m.map_or(start.move_rules(), |m| {
            moves::xiangqi(start.move_rules(), m)
        });
        xperft(&start.with_move_rules(rules), 3)
    };
    let (r, x) = (russian(None), xiangqi(None));
    let horse = Some(MoveMutant::HorseLegNotBlocking);
    assert_eq!(russian(horse), r);
    assert_ne!(xiangqi(horse), x);
    let men = Some(MoveMutant::MenCaptureForwardOnly);
    assert_ne!(russian(men), r);
    assert_eq!(xiangqi(men), x);
    // A Brazilian-only mutant leaves the Russian rules alone.
    assert_eq!(russian(Some(MoveMutant::NoMajorityRule)), r);
}

#[test]
fn the_fuzzer_finds_every_move_generation_mutant_in_each_of_its_games() {
    // The same bound as `.ci/run` (`arbiter mutants --fuzz 1000`).
    for &m in MoveMutant::ALL {
        for found in scoring::fuzz(m, 1, 1000).unwrap() {
            assert!(
                found.positions.is_some(),
                "{} not found under {} in 1000 positions",
                m.name(),
                found.ruleset
            );
            let finding = found.finding.unwrap();
            assert!(finding.engine.contains(m.name()), "{}", finding.engine);
        }
    }
}

#[test]
fn list_names_every_mutant() {
    let out = arbiter(&["mutants", "--list"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), Mutant::ALL.len(), "{stdout}");
    for m in Mutant::ALL {
        assert!(
            stdout.contains(m.name()) && stdout.contains(m.clause()),
            "{m}"
        );
    }
    let out = arbiter(&["mutants", "--list", "--format", "json"]);
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(list.as_array().unwrap().len(), Mutant::ALL.len());
    assert_eq!(list[0]["name"], Mutant::ALL[0].name());
}

#[test]
fn a_killed_mutant_exits_0_a_surviving_one_1() {
    let out = arbiter(&["mutants", "--only", "kings-not-flying", "cases/draughts"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("KILLED   kings-not-flying (d64.move.king-flies) by "),
        "{stdout}"
    );
    assert!(
        stdout.contains("mutation score: 1/1 mutants killed (100.0%)"),
        "{stdout}"
    );

    // The xiangqi cases cannot kill a draughts mutant.
    let out = arbiter(&[
        "mutants",
        "--only",
        "kings-not-flying,horse-leg-not-blocking",
        "cases/xiangqi",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["summary"]["killed"], 1);
    assert_eq!(doc["summary"]["survived"][0], "kings-not-flying");
    assert_eq!(doc["mutants"][1]["name"], "horse-leg-not-blocking");
    assert!(!doc["mutants"][1]["failed"].as_array().unwrap().is_empty());
}

#[test]
fn fuzz_reports_the_positions_needed() {
    let out = arbiter(&[
        "mutants",
        "--only",
        "men-move-backward",
        "--fuzz",
        "100",
        "cases/draughts/movement.yaml",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("fuzzer: brazilian@cxa after "), "{stdout}");
    assert!(
        stdout.contains("1/1 move-generation mutants found"),
        "{stdout}"
    );
}

#[test]
fn bad_input_exits_2_with_a_clear_message() {
    let out = arbiter(&["mutants", "--only", "no-such-rule"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("unknown mutant 'no-such-rule'") && stderr.contains("--list"),
        "{stderr}"
    );
    let out = arbiter(&["mutants", "--fuzz", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--fuzz 0"));
    let out = arbiter(&["mutants", "cases/no-such-dir"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_mutant_is_an_engine_for_run_and_fuzz() {
    let out = arbiter(&[
        "run",
        "--engine",
        "mutant:kings-not-flying",
        "cases/draughts/movement.yaml",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = arbiter(&["run", "--engine", "mutant:no-such-rule"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("arbiter mutants --list"));
    let emit = std::env::temp_dir().join(format!("arbiter-mutants-{}", std::process::id()));
    let out = arbiter(&[
        "fuzz",
        "--engine",
        "mutant:men-move-backward",
        "--ruleset",
        "russian",
        "--positions",
        "20",
        "--queries",
        "legal",
        "--emit",
        emit.to_str().unwrap(),
    ]);
    let _ = std::fs::remove_dir_all(&emit);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("against arbiter reference (mutant men-move-backward)"));
}

/// A move mutant reaches every position the reference makes for a request: the text rules'
/// (legal moves, perft, play, outcome), the board of a `go` and of a session, and the
/// positions of the repetition adjudicator.
#[test]
fn a_move_mutant_reaches_every_position_the_reference_makes() {
    use arbiter::protocol::{GoRequest, Step};
    use arbiter::PerftCount;
    let ask = |engine: &ReferenceEngine, ruleset: &str, fen: &str, moves: &[&str], q: &Query| {
        let mut request = Request::new(ruleset.parse().unwrap(), q.clone());
        request.position = Some(fen.to_owned());
        request.moves = moves.iter().map(|m| m.to_string()).collect();
        format!("{:?}", engine.run(&request))
    };
    let reference = ReferenceEngine::new();
    let go = |permitted: &str| {
        Query::Go(Box::new(GoRequest {
            times: None,
            permitted: Some(vec![permitted.to_owned()]),
            seed: None,
        }))
    };
    let session = |m: &str| Query::Session {
        steps: vec![Step::Move(m.to_owned())],
    };
    // A flying king on a1: the mutant lets it step to b2 only.
    let slow = ReferenceEngine::mutant(Mutant::Moves(MoveMutant::KingsNotFlying));
    let king = "W:WK29:B4";
    let perft = Query::Perft {
        depth: 2,
        count: PerftCount::Paths,
    };
    for (moves, query) in [
        (&[][..], &Query::Legal),
        (&[], &perft),
        (&["29-8"], &Query::Play),
        (&["29-8"], &Query::Outcome),
        (&[], &go("29-22")),
        (&[], &session("29-22")),
    ] {
        let (want, got) = (
            ask(&reference, "russian", king, moves, query),
            ask(&slow, "russian", king, moves, query),
        );
        assert_ne!(want, got, "{query:?} {moves:?}");
    }
    // A horse on b0 whose leg b1 is taken: the mutant lets it jump to c2.
    let free = ReferenceEngine::mutant(Mutant::Moves(MoveMutant::HorseLegNotBlocking));
    let horse = "3k5/9/9/9/9/9/9/9/1C7/1N2K4 w - - 0 1";
    for query in [&Query::Repetition, &Query::Play, &session("b0c2")] {
        let (want, got) = (
            ask(&reference, "xiangqi", horse, &["b0c2"], query),
            ask(&free, "xiangqi", horse, &["b0c2"], query),
        );
        assert_ne!(want, got, "{query:?}");
    }
}
