//! The JSON Schemas of the engine protocol in `spec/schema/protocol/` describe the messages
//! as the Rust wire form writes them (`arbiter::protocol::wire`) and as the reference engine
//! (`arbiter engine`) speaks them: every request arbiter sends validates against `run.json`,
//! every reply of a real conversation with the built binary validates against
//! `run-reply.json`, and replies the protocol forbids are refused by the schema too.

use crate::common::root;
use arbiter::case::{Case, Stage};
use arbiter::clock::controls;
use arbiter::engine::{Engine, ReferenceEngine};
use arbiter::procedure::Adjustment;
use arbiter::protocol::offer::OfferText;
use arbiter::protocol::wire::{
    parse_reply, parse_start_reply, request_json, start_json, start_reply_json, stop_json,
};
use arbiter::protocol::{
    ClockRequest, EngineInfo, FailureKind, GoRequest, GoTimes, Query, QueryKind, Reply, Request,
    Step,
};
use arbiter::standings::Tournament;
use arbiter::{Game, OfferAnswer, PerftCount, Ruleset};
use jsonschema::Validator;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

const SCHEMAS: [&str; 5] = [
    "start.json",
    "start-reply.json",
    "run.json",
    "run-reply.json",
    "stop.json",
];

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn schema(name: &str) -> Value {
    read_json(&root().join("spec/schema/protocol").join(name))
}

fn validator(name: &str) -> Validator {
    jsonschema::validator_for(&schema(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn problems(validator: &Validator, instance: &Value) -> Vec<String> {
    validator
        .iter_errors(instance)
        .map(|e| format!("{e} at `{}`", e.instance_path))
        .collect()
}

#[track_caller]
fn assert_valid(validator: &Validator, instance: &Value, schema: &str) {
    let problems = problems(validator, instance);
    assert!(
        problems.is_empty(),
        "{instance} does not validate against {schema}:\n{}",
        problems.join("\n")
    );
}

#[track_caller]
fn assert_invalid(validator: &Validator, instance: &Value, schema: &str) {
    assert!(
        !validator.is_valid(instance),
        "{instance} validates against {schema} but must not"
    );
}

fn ruleset(text: &str) -> Ruleset {
    text.parse().unwrap()
}

/// Every case of the suite (`cases/`), loaded as `arbiter run` loads them (shared
/// histories resolved).
fn suite() -> Vec<Case> {
    let suite =
        arbiter::case::load_cases(&[root().join("cases")]).unwrap_or_else(|e| panic!("{e:?}"));
    suite.cases().map(|(_, c)| c.clone()).collect()
}

fn case<'a>(suite: &'a [Case], id: &str) -> &'a Case {
    suite
        .iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no case {id}"))
}

/// A request about the position and history of a case.
fn about(case: &Case, ruleset: Ruleset, query: Query) -> Request {
    Request {
        ruleset,
        position: case.position.clone(),
        moves: case.moves.clone(),
        query,
    }
}

/// The event key of a step as sent (`touch`, `claim`, …).
fn event_key(step: &Value, events: &BTreeSet<String>) -> String {
    let keys: Vec<&String> = step
        .as_object()
        .unwrap()
        .keys()
        .filter(|k| events.contains(*k))
        .collect();
    assert_eq!(keys.len(), 1, "{step}");
    keys[0].clone()
}

/// The event keys of the step schema: the required key of each `oneOf` branch.
fn schema_event_keys() -> BTreeSet<String> {
    schema("run.json")["$defs"]["step"]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|branch| branch["required"][0].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn schemas_are_valid_draft_2020_12() {
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join("spec/schema/protocol"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut named = SCHEMAS.map(str::to_owned).to_vec();
    named.sort();
    assert_eq!(on_disk, named, "every protocol schema is checked here");
    for name in SCHEMAS {
        let s = schema(name);
        assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
        assert_eq!(
            s["$id"],
            format!("https://arbiter.invalid/spec/schema/protocol/{name}")
        );
        assert!(jsonschema::draft202012::meta::is_valid(&s), "{name}");
        validator(name);
    }
}

#[test]
fn session_steps_are_the_steps_of_a_case() {
    let cases = read_json(&root().join("spec/schema/cases.schema.json"));
    assert_eq!(
        schema("run.json")["$defs"]["step"],
        cases["$defs"]["step"],
        "a session request sends the steps as a case writes them (docs/protocol.md)"
    );
}

/// One step of every kind, as a case would write them.
fn every_step() -> Vec<Step> {
    let side = |s: &str| Some(s.to_owned());
    vec![
        Step::Touch {
            squares: vec!["h2".into(), "h9".into()],
            side: None,
        },
        Step::Touch {
            squares: vec!["e3".into()],
            side: side("black"),
        },
        Step::Move("h2h9".into()),
        Step::Accidental("e3".into()),
        Step::Adjust(Adjustment {
            square: "e0".into(),
            announced: true,
        }),
        Step::Illegal {
            text: "e1e2".into(),
            side: None,
            fen: None,
            removed: None,
        },
        Step::Illegal {
            text: "22x15x6".into(),
            side: side("white"),
            fen: Some("B:W6:B10".into()),
            removed: Some(vec!["18".into()]),
        },
        Step::Accept,
        Step::Correct,
        Step::RefuseCorrection("white".into()),
        Step::Violation {
            side: "red".into(),
            kind: arbiter::procedure::ViolationKind::RepeatedDrawOffer,
        },
        Step::Unrecorded {
            side: "red".into(),
            moves: 4,
            time_pressure: true,
        },
        Step::Resign("red".into()),
        Step::Forfeit {
            side: "red".into(),
            reason: arbiter::outcome::ForfeitReason::ForbiddenRepetition,
        },
        Step::Offer("red".into()),
        Step::Answer(true),
        Step::Answer(false),
        Step::Claim {
            kind: arbiter::edition::DrawKind::SixtyMove,
            by: side("red"),
        },
        Step::Claim {
            kind: arbiter::edition::DrawKind::Threefold,
            by: None,
        },
        Step::CorrectError {
            number: Some(3),
            side: side("black"),
            error: Some(arbiter::procedure::ErrorKind::DisplacedPiece),
        },
        Step::CorrectError {
            number: None,
            side: None,
            error: Some(arbiter::procedure::ErrorKind::ColoursOnly),
        },
    ]
}

/// A request of every query kind, with every optional field both given and left out.
fn every_query() -> Vec<Query> {
    vec![
        Query::Legal,
        Query::Perft {
            depth: 3,
            count: PerftCount::Paths,
        },
        Query::Perft {
            depth: 0,
            count: PerftCount::Moves,
        },
        Query::Play,
        Query::Check,
        Query::Outcome,
        Query::Claim {
            kind: "sixty-move".into(),
            by: Some("red".into()),
        },
        Query::Claim {
            kind: "kings-only".into(),
            by: None,
        },
        Query::DrawOffer {
            by: "black".into(),
            earlier: vec![],
        },
        Query::DrawOffer {
            by: "white".into(),
            earlier: [
                OfferAnswer::Pending,
                OfferAnswer::Refused,
                OfferAnswer::Accepted,
            ]
            .into_iter()
            .enumerate()
            .map(|(i, answer)| OfferText {
                by: "white".into(),
                after_move: i * 2,
                answer,
            })
            .collect(),
        },
        Query::Repetition,
        Query::Standings {
            tournament: Box::new(Tournament::default()),
        },
        Query::Standings {
            tournament: Box::new(
                serde_yaml::from_str(
                    "{kind: team-total, individual: swiss, teams: {X: [a, b], Y: [c, d]}, \
                     games_per_match: 2, rounds: 3, withdrawn: [d], penalties: {a: warning}, \
                     games: [{round: 1, board: 1, red: a, black: c, result: unfinished, \
                     violations: {red: 1}}, {round: 1, white: d, black: b, absent: both}], \
                     team_forfeits: [{round: 2, present: X, absent: Y}], \
                     pairings: [{round: 3, first: X, second: Y}]}",
                )
                .unwrap(),
            ),
        },
        Query::Session { steps: vec![] },
        Query::Session {
            steps: every_step(),
        },
        clock_query(Game::Xiangqi, "national", vec![]),
        clock_query(Game::Russian, "sudden-death-60m", every_step()),
        Query::Go(Box::default()),
        Query::Go(Box::new(GoRequest {
            times: Some(GoTimes {
                remaining: [("red".to_owned(), 0.25), ("black".to_owned(), 5400.0)].into(),
                increment: Some(10.0),
                quota: Some([("red".to_owned(), 1), ("black".to_owned(), 40)].into()),
            }),
            permitted: Some(vec!["h2e2".to_owned()]),
            seed: Some(u64::MAX),
        })),
    ]
}

/// A `clock` query under the built-in control `control`, set up as the clock starts.
fn clock_query(game: Game, control: &str, steps: Vec<Step>) -> Query {
    Query::Clock {
        clock: Box::new(ClockRequest {
            control: controls().get(game, control).unwrap().clone(),
            start: Default::default(),
        }),
        steps,
    }
}

/// The `clock` query of a clock case (its control and set-up, its steps).
fn clock_of(case: &Case, ruleset: &Ruleset) -> Request {
    let clock = case.clock.as_ref().expect("a clock case");
    about(
        case,
        ruleset.clone(),
        Query::Clock {
            clock: Box::new(ClockRequest {
                control: controls()
                    .get(ruleset.game, &clock.control)
                    .unwrap()
                    .clone(),
                start: clock.start.clone(),
            }),
            steps: case.steps.clone().unwrap_or_default(),
        },
    )
}

#[test]
fn every_request_validates_against_its_schema() {
    let run = validator("run.json");
    let events = schema_event_keys();
    let mut kinds = BTreeSet::new();
    let mut steps = BTreeSet::new();
    for ruleset in ["russian", "brazilian@cxa", "xiangqi", "xiangqi@axf"].map(ruleset) {
        for query in every_query() {
            kinds.insert(query.kind());
            for (position, moves) in [
                (None, vec![]),
                (Some("W:W22,27:B18".to_owned()), vec!["27-23".to_owned()]),
            ] {
                let request = Request {
                    ruleset: ruleset.clone(),
                    position,
                    moves,
                    query: query.clone(),
                };
                let line = request_json(17, &request);
                assert_valid(&run, &line, "run.json");
                for step in line["steps"].as_array().into_iter().flatten() {
                    steps.insert(event_key(step, &events));
                }
            }
        }
    }
    assert_eq!(
        kinds,
        QueryKind::ALL.into_iter().collect(),
        "every query kind"
    );
    assert_eq!(steps, events, "every kind of step");
    assert_valid(&validator("start.json"), &start_json(), "start.json");
    assert_valid(&validator("stop.json"), &stop_json(), "stop.json");
}

#[test]
fn requests_arbiter_does_not_send_are_refused() {
    let run = validator("run.json");
    let legal = request_json(1, &Request::new(ruleset("xiangqi"), Query::Legal));
    let perft = request_json(
        1,
        &Request::new(
            ruleset("russian"),
            Query::Perft {
                depth: 2,
                count: PerftCount::Paths,
            },
        ),
    );
    let session = request_json(
        1,
        &Request::new(ruleset("xiangqi"), Query::Session { steps: vec![] }),
    );
    let with = |base: &Value, key: &str, value: Value| {
        let mut v = base.clone();
        v[key] = value;
        v
    };
    let without = |base: &Value, key: &str| {
        let mut v = base.clone();
        v.as_object_mut().unwrap().remove(key);
        v
    };
    let broken = [
        ("a field of another query", with(&legal, "depth", json!(2))),
        ("an unknown field", with(&legal, "zz_unknown", json!(1))),
        ("an unknown query", with(&legal, "query", json!("evaluate"))),
        (
            "a ruleset without edition",
            with(&legal, "ruleset", json!("xiangqi")),
        ),
        ("moves not a list", with(&legal, "moves", json!("h2e2"))),
        ("seq missing", without(&legal, "seq")),
        ("perft without depth", without(&perft, "depth")),
        (
            "perft counting nodes",
            with(&perft, "count", json!("nodes")),
        ),
        ("session without steps", without(&session, "steps")),
        (
            "a step with two events",
            with(&session, "steps", json!([{"move": "h2e2", "offer": "red"}])),
        ),
        (
            "a step with no event",
            with(&session, "steps", json!([{"side": "red"}])),
        ),
    ];
    assert_valid(&run, &legal, "run.json");
    assert_valid(&run, &perft, "run.json");
    assert_valid(&run, &session, "run.json");
    for (what, request) in broken {
        assert!(!run.is_valid(&request), "{what}: {request} validates");
    }
    assert_invalid(
        &validator("start.json"),
        &json!({"cmd": "start", "protocol": 2}),
        "start.json",
    );
    assert_invalid(
        &validator("stop.json"),
        &json!({"cmd": "start"}),
        "stop.json",
    );
}

#[test]
fn the_reference_start_reply_validates() {
    let start_reply = validator("start-reply.json");
    let info = ReferenceEngine::new().info();
    assert_valid(&start_reply, &start_reply_json(&info), "start-reply.json");
    let plain = EngineInfo {
        name: "plain".into(),
        version: "0.1".into(),
        rulesets: vec!["russian@fmjd64".into(), "xiangqi".into()],
        queries: vec![QueryKind::Legal, QueryKind::DrawOffer],
        features: Vec::new(),
        arbiter_messages: false,
    };
    let plain = start_reply_json(&plain);
    assert!(plain.get("messages").is_none());
    assert_valid(&start_reply, &plain, "start-reply.json");
    // What arbiter refuses in a start reply, the schema refuses too.
    let with = |key: &str, value: Value| {
        let mut v = plain.clone();
        v[key] = value;
        v
    };
    for broken in [
        with("protocol", json!(2)),
        with("queries", json!(["legal", "evaluate"])),
        with("rulesets", json!(["chess"])),
        with("name", json!(7)),
    ] {
        assert!(parse_start_reply(&broken.to_string()).is_err(), "{broken}");
        assert_invalid(&start_reply, &broken, "start-reply.json");
    }
}

/// The built `arbiter engine`, spoken to over its stdin and stdout.
struct Conversation {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Conversation {
    fn start() -> Conversation {
        let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .arg("engine")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("arbiter engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Conversation {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &Value) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Sends a request and reads its reply line.
    fn ask(&mut self, line: &Value) -> String {
        self.send(line);
        let mut reply = String::new();
        let n = self.stdout.read_line(&mut reply).unwrap();
        assert!(n > 0, "the engine closed its output after {line}");
        reply
    }

    /// Sends `stop` and waits for the engine to exit.
    fn stop(mut self) {
        self.send(&stop_json());
        let status = self.child.wait().unwrap();
        assert!(status.success(), "{status}");
        let mut rest = String::new();
        self.stdout.read_line(&mut rest).unwrap();
        assert_eq!(rest, "", "no reply to stop");
    }
}

/// The reply a request must get.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Want {
    Answer(QueryKind),
    Rejected(&'static str),
    Skipped,
    Errored,
}

fn stage_name(stage: Stage) -> &'static str {
    match stage {
        Stage::Setup => "setup",
        Stage::Move(_) => "move",
        Stage::Step(_) => "step",
    }
}

/// What the reply is, read as arbiter reads it for the query asked.
fn got(line: &str, seq: u64, kind: QueryKind) -> Want {
    match parse_reply(line, seq, kind).unwrap_or_else(|e| panic!("{line}: {e}")) {
        Reply::Answer(a) => Want::Answer(a.kind()),
        Reply::Rejected { stage, .. } => Want::Rejected(stage_name(stage)),
        Reply::Skipped(_) => Want::Skipped,
        Reply::Failed(f) => {
            assert_eq!(f.kind, FailureKind::Errored, "{line}");
            Want::Errored
        }
    }
}

/// The hand-picked conversation: every query on both games, and every kind of reply that
/// is not an answer.
fn conversation(suite: &[Case]) -> Vec<(Game, Value, Want)> {
    use QueryKind as K;
    let russian = ruleset("russian");
    let brazilian = ruleset("brazilian");
    let xiangqi = ruleset("xiangqi");
    let axf = ruleset("xiangqi@axf");
    let plain = |r: &Ruleset, query: Query, moves: &[&str]| Request {
        moves: moves.iter().map(|m| m.to_string()).collect(),
        ..Request::new(r.clone(), query)
    };
    let at = |r: &Ruleset, fen: &str, query: Query| Request {
        position: Some(fen.to_owned()),
        ..Request::new(r.clone(), query)
    };
    let steps_of = |id: &str| case(suite, id).steps.clone().unwrap();
    let session_of = |id: &str, r: &Ruleset| {
        let c = case(suite, id);
        about(
            c,
            r.clone(),
            Query::Session {
                steps: steps_of(id),
            },
        )
    };
    let claim = |kind: &str, by: Option<&str>| Query::Claim {
        kind: kind.into(),
        by: by.map(str::to_owned),
    };
    let perft = |depth, count| Query::Perft { depth, count };
    let kings_29 = case(suite, "brazilian.draw.kings-only-29-plies");
    let kings_30 = case(suite, "brazilian.draw.kings-only-30-plies");
    let sixty_119 = case(suite, "xiangqi.draw.sixty-move-119-plies");
    let sixty_120 = case(suite, "xiangqi.draw.sixty-move-120-plies");
    let must_change = case(suite, "xiangqi.repetition.perpetual-check-one-chariot");
    let loss = case(suite, "xiangqi.repetition.perpetual-check-unchanged-loses");
    let standings_of = |id: &str, r: &Ruleset| {
        let c = case(suite, id);
        Request::new(
            r.clone(),
            Query::Standings {
                tournament: Box::new(c.tournament.clone().unwrap()),
            },
        )
    };
    let refused_tournament = |r: &Ruleset| {
        Request::new(
            r.clone(),
            Query::Standings {
                tournament: Box::new(
                    serde_yaml::from_str(
                        "{players: [A], games: [{red: A, black: Z, result: draw}]}",
                    )
                    .unwrap(),
                ),
            },
        )
    };
    let go = |times: Option<GoTimes>, permitted: Option<Vec<&str>>, seed: Option<u64>| {
        Query::Go(Box::new(GoRequest {
            times,
            permitted: permitted.map(|p| p.into_iter().map(str::to_owned).collect()),
            seed,
        }))
    };
    let times = |first: &str, quota: bool| GoTimes {
        remaining: [(first.to_owned(), 60.5), ("black".to_owned(), 30.0)].into(),
        increment: (!quota).then_some(2.0),
        quota: quota.then(|| [(first.to_owned(), 12), ("black".to_owned(), 13)].into()),
    };
    let draughts = vec![
        (
            standings_of("draughts.scoring.win-two-draw-one-loss-zero", &russian),
            Want::Answer(K::Standings),
        ),
        (
            plain(&russian, go(None, None, None), &[]),
            Want::Answer(K::Go),
        ),
        (
            plain(
                &brazilian,
                go(Some(times("white", false)), Some(vec!["18x11"]), Some(5)),
                &["22-18", "11-15"],
            ),
            Want::Answer(K::Go),
        ),
        (
            plain(&russian, go(None, None, None), &["22-18", "11-15", "18-14"]),
            Want::Rejected("move"),
        ),
        (refused_tournament(&russian), Want::Rejected("setup")),
        (
            clock_of(
                case(
                    suite,
                    "draughts.clock.pressing-stops-ones-clock-and-starts-the-others",
                ),
                &russian,
            ),
            Want::Answer(K::Clock),
        ),
        (plain(&russian, Query::Legal, &[]), Want::Answer(K::Legal)),
        (
            plain(&russian, perft(3, PerftCount::Paths), &[]),
            Want::Answer(K::Perft),
        ),
        (
            plain(&brazilian, perft(2, PerftCount::Moves), &["22-18"]),
            Want::Answer(K::Perft),
        ),
        (
            plain(&russian, Query::Play, &["22-18", "11-15"]),
            Want::Answer(K::Play),
        ),
        (plain(&russian, Query::Check, &[]), Want::Answer(K::Check)),
        (
            about(kings_30, brazilian.clone(), Query::Outcome),
            Want::Answer(K::Outcome),
        ),
        (
            plain(&russian, Query::Outcome, &["22-18"]),
            Want::Answer(K::Outcome),
        ),
        (
            about(
                kings_30,
                brazilian.clone(),
                claim("kings-only", Some("white")),
            ),
            Want::Answer(K::Claim),
        ),
        (
            about(kings_29, brazilian.clone(), claim("kings-only", None)),
            Want::Answer(K::Claim),
        ),
        (
            plain(
                &russian,
                Query::DrawOffer {
                    by: "white".into(),
                    earlier: vec![OfferText {
                        by: "black".into(),
                        after_move: 1,
                        answer: OfferAnswer::Refused,
                    }],
                },
                &["22-18", "11-15"],
            ),
            Want::Answer(K::DrawOffer),
        ),
        (plain(&russian, Query::Repetition, &[]), Want::Skipped),
        (
            session_of(
                "draughts.irregularity.capture-not-taken-corrected",
                &russian,
            ),
            Want::Answer(K::Session),
        ),
        (
            session_of("brazilian.session.threefold-claim-upheld", &brazilian),
            Want::Answer(K::Session),
        ),
        (
            session_of("brazilian.session.offer-pending-until-answered", &brazilian),
            Want::Answer(K::Session),
        ),
        (
            plain(&russian, Query::Play, &["22-18", "11-15", "18-14"]),
            Want::Rejected("move"),
        ),
        (
            at(&russian, "W:W99:B1", Query::Legal),
            Want::Rejected("setup"),
        ),
        (
            plain(
                &russian,
                Query::Session {
                    steps: vec![Step::Answer(true)],
                },
                &[],
            ),
            Want::Rejected("step"),
        ),
    ];
    let xiangqi_requests = vec![
        (
            plain(
                &xiangqi,
                go(Some(times("red", true)), None, Some(1)),
                &["h2e2"],
            ),
            Want::Answer(K::Go),
        ),
        (
            plain(&axf, go(None, Some(vec!["h0g2", "b0c2"]), None), &[]),
            Want::Answer(K::Go),
        ),
        (
            at(
                &xiangqi,
                "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
                go(None, Some(vec!["e0e2"]), None),
            ),
            Want::Errored,
        ),
        (
            standings_of(
                "xiangqi.withdrawal.half-played-results-stand-and-rest-forfeited",
                &xiangqi,
            ),
            Want::Answer(K::Standings),
        ),
        (
            standings_of(
                "xiangqi.scoring.players-total-ranked-by-sum-of-places",
                &xiangqi,
            ),
            Want::Answer(K::Standings),
        ),
        (
            standings_of(
                "xiangqi.colours.team-two-game-match-swaps-every-board",
                &xiangqi,
            ),
            Want::Answer(K::Standings),
        ),
        (refused_tournament(&xiangqi), Want::Rejected("setup")),
        (plain(&xiangqi, Query::Legal, &[]), Want::Answer(K::Legal)),
        (
            plain(&xiangqi, perft(2, PerftCount::Paths), &["h2e2"]),
            Want::Answer(K::Perft),
        ),
        (
            plain(&xiangqi, Query::Play, &["h2e2", "h9g7"]),
            Want::Answer(K::Play),
        ),
        (
            plain(&xiangqi, Query::Check, &["h2e2", "h9g7", "e2e6"]),
            Want::Answer(K::Check),
        ),
        (
            about(must_change, xiangqi.clone(), Query::Check),
            Want::Answer(K::Check),
        ),
        (
            about(sixty_120, xiangqi.clone(), Query::Outcome),
            Want::Answer(K::Outcome),
        ),
        (
            about(loss, axf.clone(), Query::Outcome),
            Want::Answer(K::Outcome),
        ),
        (
            about(sixty_119, xiangqi.clone(), claim("sixty-move", Some("red"))),
            Want::Answer(K::Claim),
        ),
        (
            about(sixty_120, axf.clone(), claim("sixty-move", None)),
            Want::Answer(K::Claim),
        ),
        (
            about(must_change, xiangqi.clone(), claim("repetition", None)),
            Want::Answer(K::Claim),
        ),
        (
            plain(
                &xiangqi,
                Query::DrawOffer {
                    by: "red".into(),
                    earlier: vec![],
                },
                &["h2e2"],
            ),
            Want::Answer(K::DrawOffer),
        ),
        (
            about(must_change, xiangqi.clone(), Query::Repetition),
            Want::Answer(K::Repetition),
        ),
        (
            about(loss, axf.clone(), Query::Repetition),
            Want::Answer(K::Repetition),
        ),
        (
            plain(&xiangqi, Query::Repetition, &["h2e2"]),
            Want::Answer(K::Repetition),
        ),
        (
            clock_of(
                case(
                    suite,
                    "xiangqi.clock.national-period-one-surplus-carried-into-period-two",
                ),
                &xiangqi,
            ),
            Want::Answer(K::Clock),
        ),
        (
            session_of("xiangqi.session.false-sixty-move-claim-penalised", &xiangqi),
            Want::Answer(K::Session),
        ),
        (
            session_of("xiangqi.session.reoffer-after-refusal-is-a-violation", &axf),
            Want::Answer(K::Session),
        ),
        (
            session_of("xiangqi.violation.third-violation-loses", &xiangqi),
            Want::Answer(K::Session),
        ),
        (
            plain(&xiangqi, Query::Play, &["h2e2", "e0e2"]),
            Want::Rejected("move"),
        ),
        (
            at(&xiangqi, "9/9/9 w - - 0 1", Query::Legal),
            Want::Rejected("setup"),
        ),
        (
            plain(
                &xiangqi,
                Query::Session {
                    steps: vec![
                        Step::Move("h2e2".into()),
                        Step::Touch {
                            squares: vec!["e5".into()],
                            side: None,
                        },
                    ],
                },
                &[],
            ),
            Want::Rejected("step"),
        ),
    ];
    let mut all: Vec<(Game, Value, Want)> = Vec::new();
    for (game, requests) in [(Game::Russian, draughts), (Game::Xiangqi, xiangqi_requests)] {
        for (request, want) in requests {
            all.push((game, request_json(0, &request), want));
        }
        // A query arbiter does not know: the engine answers `errored` for that seq.
        let mut unknown = request_json(0, &plain(&ruleset(game.name()), Query::Legal, &[]));
        unknown["query"] = json!("evaluate");
        all.push((game, unknown, Want::Errored));
    }
    all
}

/// Asks every request with increasing seq; returns the reply lines.
fn ask_all(talk: &mut Conversation, requests: &mut [Value]) -> Vec<String> {
    requests
        .iter_mut()
        .enumerate()
        .map(|(i, request)| {
            request["seq"] = json!(i + 1);
            talk.ask(request)
        })
        .collect()
}

#[test]
fn a_conversation_with_the_engine_validates() {
    let suite = suite();
    let start_reply = validator("start-reply.json");
    let run = validator("run.json");
    let run_reply = validator("run-reply.json");
    let mut talk = Conversation::start();
    let hello = talk.ask(&start_json());
    assert_valid(
        &start_reply,
        &serde_json::from_str(&hello).unwrap(),
        "start-reply.json",
    );

    let planned = conversation(&suite);
    let mut requests: Vec<Value> = planned.iter().map(|(_, r, _)| r.clone()).collect();
    let replies = ask_all(&mut talk, &mut requests);
    let mut seen: BTreeSet<(&str, Want)> = BTreeSet::new();
    for (((game, _, want), request), line) in planned.iter().zip(&requests).zip(&replies) {
        let seq = request["seq"].as_u64().unwrap();
        let kind = request["query"]
            .as_str()
            .and_then(QueryKind::from_name)
            .unwrap_or(QueryKind::Legal);
        if *want != Want::Errored {
            assert_valid(&run, request, "run.json");
        }
        let reply: Value = serde_json::from_str(line).unwrap();
        assert_valid(&run_reply, &reply, "run-reply.json");
        assert_eq!(got(line, seq, kind), *want, "{request}\n→ {line}");
        let family = if *game == Game::Xiangqi {
            "xiangqi"
        } else {
            "draughts"
        };
        seen.insert((family, *want));

        // The same reply with an unknown field, or without its seq, is refused.
        let mut extra = reply.clone();
        extra["zz_unknown"] = json!(1);
        assert_invalid(&run_reply, &extra, "run-reply.json");
        let mut no_seq = reply.clone();
        no_seq.as_object_mut().unwrap().remove("seq");
        assert_invalid(&run_reply, &no_seq, "run-reply.json");
    }
    talk.stop();

    for family in ["draughts", "xiangqi"] {
        for kind in QueryKind::ALL {
            let want = if family == "draughts" && kind == QueryKind::Repetition {
                Want::Skipped
            } else {
                Want::Answer(kind)
            };
            assert!(seen.contains(&(family, want)), "{family}: no {want:?}");
        }
        for want in [
            Want::Rejected("setup"),
            Want::Rejected("move"),
            Want::Rejected("step"),
            Want::Errored,
        ] {
            assert!(seen.contains(&(family, want)), "{family}: no {want:?}");
        }
    }
}

#[test]
fn the_suite_asked_over_the_protocol_gets_valid_replies() {
    // Every case of the suite under each of its rulesets, asked as the runner would ask its
    // kind: the sessions of the cases with steps, the outcome (with counters and claims) and,
    // in xiangqi, the repetition verdict of the others. Real values of every enumeration the
    // schema names (claim kinds, counters, reasons, natures, chased squares) go through it.
    let suite = suite();
    let run_reply = validator("run-reply.json");
    let mut requests = Vec::new();
    for c in &suite {
        for r in &c.rulesets {
            if let Some(t) = &c.tournament {
                requests.push(about(
                    c,
                    r.clone(),
                    Query::Standings {
                        tournament: Box::new(t.clone()),
                    },
                ));
                continue;
            }
            match &c.steps {
                Some(steps) => requests.push(about(
                    c,
                    r.clone(),
                    Query::Session {
                        steps: steps.clone(),
                    },
                )),
                None => {
                    requests.push(about(c, r.clone(), Query::Outcome));
                    if r.game == Game::Xiangqi {
                        requests.push(about(c, r.clone(), Query::Repetition));
                    }
                }
            }
        }
    }
    let mut lines: Vec<Value> = requests.iter().map(|r| request_json(0, r)).collect();
    let mut talk = Conversation::start();
    talk.ask(&start_json());
    let replies = ask_all(&mut talk, &mut lines);
    talk.stop();
    let mut shapes = BTreeSet::new();
    let mut problems_seen = Vec::new();
    for ((request, line), r) in lines.iter().zip(&replies).zip(&requests) {
        let reply: Value = serde_json::from_str(line).unwrap();
        let p = problems(&run_reply, &reply);
        if !p.is_empty() {
            problems_seen.push(format!("{request}\n→ {line}{}", p.join("\n")));
        }
        shapes.insert(got(line, request["seq"].as_u64().unwrap(), r.query.kind()));
    }
    assert!(
        problems_seen.is_empty(),
        "{} replies do not validate:\n{}",
        problems_seen.len(),
        problems_seen.join("\n\n")
    );
    for want in [
        Want::Answer(QueryKind::Outcome),
        Want::Answer(QueryKind::Repetition),
        Want::Answer(QueryKind::Session),
        Want::Answer(QueryKind::Standings),
        Want::Rejected("setup"),
        Want::Rejected("move"),
        Want::Rejected("step"),
    ] {
        assert!(shapes.contains(&want), "the suite gave no {want:?}");
    }
}

#[test]
fn a_start_in_another_version_is_refused_in_a_valid_reply() {
    let mut talk = Conversation::start();
    let line = talk.ask(&json!({"cmd": "start", "protocol": 2}));
    let reply: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(reply["errored"], true, "{line}");
    assert_valid(&validator("start-reply.json"), &reply, "start-reply.json");
    let status = talk.child.wait().unwrap();
    assert!(status.success(), "{status}");
}

#[test]
fn replies_the_protocol_forbids_are_refused() {
    use QueryKind as K;
    let run_reply = validator("run-reply.json");
    // (what, the reply, the query it answers, whether `parse_reply` refuses it too)
    let cases = [
        // The four the protocol names first.
        (
            "an extra field",
            json!({"seq": 9, "moves": [], "extra": 1}),
            K::Legal,
            true,
        ),
        (
            "a wrong rejected.stage",
            json!({"seq": 9, "rejected": {"stage": "history", "index": 1}, "message": "no"}),
            K::Play,
            true,
        ),
        ("seq missing", json!({"moves": ["h2e2"]}), K::Legal, true),
        (
            "moves not a list",
            json!({"seq": 9, "moves": "h2e2"}),
            K::Legal,
            true,
        ),
        // More of the same kind.
        (
            "a move rejection without index",
            json!({"seq": 9, "rejected": {"stage": "move"}, "message": "no"}),
            K::Play,
            true,
        ),
        (
            "a rejection at index 0",
            json!({"seq": 9, "rejected": {"stage": "step", "index": 0}, "message": "no"}),
            K::Session,
            true,
        ),
        (
            "two answers in one",
            json!({"seq": 9, "moves": [], "nodes": 3}),
            K::Legal,
            true,
        ),
        (
            "a negative perft count",
            json!({"seq": 9, "nodes": -1}),
            K::Perft,
            true,
        ),
        (
            "a session answer without permitted",
            json!({"seq": 9, "fen": "x", "violations": {}, "breaches": [], "offer": null,
                   "claim": null, "claims": [], "outcome": {"result": "ongoing", "reason": ""}}),
            K::Session,
            true,
        ),
        // The schema keeps to the documented form; `parse_reply` reads some of these
        // leniently (docs/protocol.md says which).
        (
            "an answer and a rejection",
            json!({"seq": 9, "fen": "x", "rejected": {"stage": "setup"}, "message": "no"}),
            K::Play,
            true,
        ),
        (
            "a rejection without message",
            json!({"seq": 9, "rejected": {"stage": "setup"}}),
            K::Play,
            false,
        ),
        (
            "an unknown outcome result",
            json!({"seq": 9, "result": "green", "reason": ""}),
            K::Outcome,
            false,
        ),
        (
            "an outcome without reason",
            json!({"seq": 9, "result": "ongoing"}),
            K::Outcome,
            false,
        ),
    ];
    for (what, reply, kind, rust_refuses) in cases {
        assert!(!run_reply.is_valid(&reply), "{what}: {reply} validates");
        assert_eq!(
            parse_reply(&reply.to_string(), 9, kind).is_err(),
            rust_refuses,
            "{what}: {reply}: parse_reply"
        );
    }
    // The documented shapes themselves are accepted.
    for reply in [
        json!({"seq": 9, "moves": []}),
        json!({"seq": 9, "rejected": {"stage": "setup"}, "message": "bad FEN"}),
        json!({"seq": 9, "rejected": {"stage": "move", "index": 3}, "message": "illegal"}),
        json!({"seq": 9, "rejected": {"stage": "step", "index": 1}, "message": "refused"}),
        json!({"seq": 9, "skipped": true, "message": "no sessions"}),
        json!({"seq": 9, "errored": true, "message": "out of memory"}),
        json!({"seq": 9, "upheld": false, "reason": "no", "penalty_seconds": null}),
        json!({"seq": 9, "verdict": "none", "side": null, "reason": "no cycle"}),
    ] {
        assert_valid(&run_reply, &reply, "run-reply.json");
    }
}

/// The examples of docs/protocol.md: the conversation and the session steps.
#[test]
fn the_examples_of_the_protocol_doc_validate() {
    let doc = std::fs::read_to_string(root().join("docs/protocol.md")).unwrap();
    let block_after = |heading: &str| -> Vec<String> {
        let rest = &doc[doc.find(heading).unwrap_or_else(|| panic!("{heading}"))..];
        let rest = &rest[rest.find("```").unwrap()..];
        let body = &rest[rest.find('\n').unwrap() + 1..];
        let body = &body[..body.find("```").unwrap()];
        body.lines().map(str::to_owned).collect()
    };
    // The conversation: `→` requests and `←` replies; a reply may go on over indented lines.
    let mut messages: Vec<(char, String)> = Vec::new();
    for line in block_after("## Conversation") {
        let trimmed = line.trim_start();
        if let Some(m) = trimmed.strip_prefix("→ ") {
            messages.push(('→', m.to_owned()));
        } else if let Some(m) = trimmed.strip_prefix("← ") {
            messages.push(('←', m.to_owned()));
        } else if !trimmed.starts_with('(') && !trimmed.is_empty() {
            messages.last_mut().unwrap().1.push_str(trimmed);
        }
    }
    assert!(messages.len() >= 6, "{messages:?}");
    let mut replies = 0;
    for (direction, text) in &messages {
        let v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let name = match (direction, v["cmd"].as_str()) {
            ('→', Some(cmd)) => format!("{cmd}.json"),
            (_, _) if replies == 0 => "start-reply.json".to_owned(),
            _ => "run-reply.json".to_owned(),
        };
        if *direction == '←' {
            replies += 1;
        }
        assert_valid(&validator(&name), &v, &name);
    }
    // The standings query: its request and the reference's reply.
    let mut standings: Vec<(char, String)> = Vec::new();
    for line in block_after("#### The `standings` query") {
        let trimmed = line.trim_start();
        match (trimmed.strip_prefix("→ "), trimmed.strip_prefix("← ")) {
            (Some(m), _) => standings.push(('→', m.to_owned())),
            (_, Some(m)) => standings.push(('←', m.to_owned())),
            _ => standings.last_mut().unwrap().1.push_str(trimmed),
        }
    }
    assert_eq!(standings.len(), 2, "{standings:?}");
    let request: Value = serde_json::from_str(&standings[0].1).unwrap();
    let reply: Value = serde_json::from_str(&standings[1].1).unwrap();
    assert_valid(&validator("run.json"), &request, "run.json");
    assert_valid(&validator("run-reply.json"), &reply, "run-reply.json");
    let (seq, parsed) = arbiter::protocol::wire::parse_request(&request.to_string()).unwrap();
    let answered = arbiter::protocol::wire::reply_json(seq, &ReferenceEngine::new().run(&parsed));
    assert_eq!(answered, reply, "the doc's reply is the reference's");
    // The go query: its request and the reference's reply.
    let mut go: Vec<String> = Vec::new();
    for line in block_after("#### The `go` query") {
        let trimmed = line.trim_start();
        if trimmed.starts_with("→ ") || trimmed.starts_with("← ") {
            go.push(trimmed[trimmed.find(' ').unwrap() + 1..].to_owned());
        } else {
            go.last_mut().unwrap().push_str(trimmed);
        }
    }
    assert_eq!(go.len(), 2, "{go:?}");
    let request: Value = serde_json::from_str(&go[0]).unwrap();
    let reply: Value = serde_json::from_str(&go[1]).unwrap();
    assert_valid(&validator("run.json"), &request, "run.json");
    assert_valid(&validator("run-reply.json"), &reply, "run-reply.json");
    let (seq, parsed) = arbiter::protocol::wire::parse_request(&request.to_string()).unwrap();
    let answered = arbiter::protocol::wire::reply_json(seq, &ReferenceEngine::new().run(&parsed));
    assert_eq!(answered, reply, "the doc's go reply is the reference's");
    // The session steps.
    let steps: Value = serde_json::from_str(&block_after("#### Session steps").join("\n")).unwrap();
    let mut request = request_json(
        1,
        &Request::new(ruleset("xiangqi"), Query::Session { steps: vec![] }),
    );
    request["steps"] = steps.clone();
    assert_valid(&validator("run.json"), &request, "run.json");
    let events = schema_event_keys();
    let used: BTreeSet<String> = steps
        .as_array()
        .unwrap()
        .iter()
        .map(|s| event_key(s, &events))
        .collect();
    assert_eq!(used, events, "the doc's example shows every kind of step");
}
