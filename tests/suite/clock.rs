//! Clocks: the suite's clock cases can fail (each is failed by a plausible wrong clock), the
//! `clock` query and its steps match the protocol schemas over the wire, an engine without
//! the query gets clock cases skipped, a federation's control works without code, and
//! `arbiter clock` replays timed games.

use crate::common::root;
use arbiter::case::{load_cases, Case, Runner, Verdict};
use arbiter::clock::{
    controls, BothAbsent, ClaimClock, Clock, ClockRules, ClockStart, Controls, LatenessMeasure,
    MatchTime, PlayerStop, Span, Surplus, Timing,
};
use arbiter::engine::{Engine, ProcessEngine, ProcessOptions, ReferenceEngine};
use arbiter::protocol::wire::{parse_reply, reply_json, request_json};
use arbiter::protocol::{
    ClockRequest, ClockStartText, EngineInfo, Feature, Query, QueryKind, Reply, Request, SideStart,
    Step, StepTime,
};
use arbiter::Side;
use arbiter::{rules_for, Game, Ruleset};
use jsonschema::Validator;
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;

/// Every case of the suite with a `clock:` key.
fn clock_cases() -> Vec<Case> {
    let suite = load_cases(&[root().join("cases")]).unwrap_or_else(|e| panic!("{e}"));
    suite
        .cases()
        .map(|(_, c)| c.clone())
        .filter(|c| c.clock.is_some())
        .collect()
}

// ---------------------------------------------------------------- wrong clocks

/// The reference with one thing about clocks done wrong: other clock rules, or the request
/// altered the way a wrong implementation would read it.
struct WrongClock {
    name: &'static str,
    inner: ReferenceEngine,
    alter: fn(&mut Request),
}

impl Engine for WrongClock {
    fn info(&self) -> EngineInfo {
        self.inner.info()
    }

    fn run(&self, request: &Request) -> Reply {
        let mut request = request.clone();
        (self.alter)(&mut request);
        self.inner.run(&request)
    }
}

fn keep(_: &mut Request) {}

fn with_clock(request: &mut Request, f: impl FnOnce(&mut ClockRequest, &mut Vec<Step>)) {
    if let Query::Clock { clock, steps } = &mut request.query {
        f(clock, steps);
    }
}

fn each_step(steps: &mut Vec<Step>, f: &dyn Fn(Step) -> Vec<Step>) {
    *steps = std::mem::take(steps).into_iter().flat_map(f).collect();
}

fn untimed(step: &Step) -> (&Step, Option<&StepTime>) {
    match step {
        Step::Timed { step, time } => (step, Some(time)),
        other => (other, None),
    }
}

fn rules(f: fn(&mut ClockRules)) -> ReferenceEngine {
    ReferenceEngine::new().with_clock_rules(Arc::new(move |game| {
        let mut r = ClockRules::of(game);
        f(&mut r);
        r
    }))
}

fn wrong_clocks() -> Vec<WrongClock> {
    let by_request = |name: &'static str, alter: fn(&mut Request)| WrongClock {
        name,
        inner: ReferenceEngine::new(),
        alter,
    };
    let by_rules = |name: &'static str, f: fn(&mut ClockRules)| WrongClock {
        name,
        inner: rules(f),
        alter: keep,
    };
    vec![
        by_request("surplus never carried", |r| {
            with_clock(r, |c, _| {
                if let Timing::Periods(p) = &mut c.control.timing {
                    p.iter_mut().for_each(|p| p.surplus = Surplus::Lost);
                }
            })
        }),
        by_request("surplus always carried", |r| {
            with_clock(r, |c, _| {
                if let Timing::Periods(p) = &mut c.control.timing {
                    let last = p.len() - 1;
                    p[..last].iter_mut().for_each(|p| p.surplus = Surplus::Next);
                }
            })
        }),
        by_request(
            "the flag falls when the time is reached, not exceeded",
            |r| {
                with_clock(r, |c, _| match &mut c.control.timing {
                    Timing::SuddenDeath { time } => *time = time.minus(Span(1)),
                    Timing::Fischer { base, .. } => *base = base.minus(Span(1)),
                    Timing::Periods(p) => p[0].time = p[0].time.minus(Span(1)),
                    Timing::PerMove { per_move, .. } => *per_move = per_move.minus(Span(1)),
                })
            },
        ),
        by_request("periods 10 minutes too long", |r| {
            with_clock(r, |c, _| {
                if let Timing::Periods(p) = &mut c.control.timing {
                    p.iter_mut()
                        .for_each(|p| p.time = p.time.plus(Span::from_minutes(10)));
                }
            })
        }),
        by_request("no Fischer increment", |r| {
            with_clock(r, |c, _| {
                if let Timing::Fischer { increment, .. } = &mut c.control.timing {
                    *increment = Span::ZERO;
                }
            })
        }),
        by_request("no extension bank", |r| {
            with_clock(r, |c, _| {
                if let Timing::PerMove { extension, .. } = &mut c.control.timing {
                    *extension = Span::ZERO;
                }
            })
        }),
        by_request("time trouble under 5 minutes under every control", |r| {
            with_clock(r, |c, _| {
                if let Some(t) = &mut c.control.time_trouble {
                    t.under = Some(Span::from_minutes(5));
                }
            })
        }),
        by_request("time trouble at 5 minutes or less", |r| {
            with_clock(r, |c, _| {
                if let Some(t) = &mut c.control.time_trouble {
                    t.under = t.under.map(|u| u.plus(Span(1)));
                }
            })
        }),
        by_request("the clock is always pressed", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match s {
                    Step::Timed { step, mut time } => {
                        time.pressed = None;
                        vec![Step::Timed { step, time }]
                    }
                    Step::Press(_) => vec![],
                    other => vec![other],
                })
            })
        }),
        by_request("the arbiter's time is not counted", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match s {
                    Step::Timed { step, mut time } => {
                        time.arbiter_time = None;
                        vec![Step::Timed { step, time }]
                    }
                    other => vec![other],
                })
            })
        }),
        by_request("the arbiter cannot stop the clocks", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match untimed(&s) {
                    (Step::StopClocks(by), _) if by == "arbiter" => vec![],
                    (Step::StartClocks(_), _) => vec![],
                    _ => vec![s],
                })
            })
        }),
        by_request("claims cost no time", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match untimed(&s) {
                    (Step::Claim { .. }, _) => vec![],
                    _ => vec![s],
                })
            })
        }),
        by_request("the clocks start stopped", |r| {
            with_clock(r, |c, _| {
                c.start.running.get_or_insert_with(|| "none".to_owned());
            })
        }),
        by_request("absent players are taken as present", |r| {
            with_clock(r, |c, _| c.start.absent.clear())
        }),
        by_request("a faulty clock's readings are kept", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match untimed(&s) {
                    (Step::ReplaceClock { readings, .. }, _) => readings
                        .iter()
                        .map(|(side, used)| Step::SetClock {
                            side: side.clone(),
                            used: *used,
                        })
                        .collect(),
                    _ => vec![s],
                })
            })
        }),
        by_request("an illegal move counts towards the quota", |r| {
            let illegal = match &r.query {
                Query::Clock { steps, .. } => steps
                    .iter()
                    .any(|s| matches!(untimed(s).0, Step::Illegal { .. })),
                _ => false,
            };
            if illegal {
                with_clock(r, |c, _| {
                    for side in [&mut c.start.red, &mut c.start.white] {
                        if let Some(SideStart { moves: Some(m), .. }) = side {
                            *m += 1;
                        }
                    }
                })
            }
        }),
        by_rules("a claim's ruling stops the clocks in draughts too", |r| {
            r.claim_clock.0 = ClaimClock::Stopped
        }),
        by_rules("the arbiter's correction time is charged to no one", |r| {
            r.correction_charged_clause = None
        }),
        by_rules("stopping the clocks is the other game's offence", |r| {
            r.player_stop.0 = match r.player_stop.0 {
                PlayerStop::Loses => PlayerStop::Violation,
                PlayerStop::Violation => PlayerStop::Loses,
            }
        }),
        by_rules("both absent settled by the other game's rule", |r| {
            r.both_absent.0 = match r.both_absent.0 {
                BothAbsent::SplitAtFirstArrival => BothAbsent::OwnLateness,
                BothAbsent::OwnLateness => BothAbsent::SplitAtFirstArrival,
            }
        }),
        by_rules("lateness measured by the other game's rule", |r| {
            r.lateness_measure = match r.lateness_measure {
                LatenessMeasure::GameTime => LatenessMeasure::Charged,
                LatenessMeasure::Charged => LatenessMeasure::GameTime,
            }
        }),
        by_rules("times rescaled even for a recent error", |r| {
            r.correction.recent_rounds = None
        }),
        by_rules("times never rescaled", |r| {
            r.correction.recent_rounds = Some(1000)
        }),
        by_rules("reallocation without a minimum", |r| {
            r.correction.minimum = None;
            r.correction.minimum_per_move = None;
        }),
        by_rules("a flag after a move not pressed is an ordinary flag", |r| {
            r.unpressed_clause = None
        }),
        by_request("flags are noticed as they fall, reported or not", |r| {
            with_clock(r, |c, _| c.start.flags = None)
        }),
        by_request("a player's report of his own flag is ignored", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match untimed(&s) {
                    (Step::Flag { side, by: Some(by) }, _) if side == by => vec![],
                    _ => vec![s],
                })
            })
        }),
        by_request("the arbiter cannot establish a flag himself", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match untimed(&s) {
                    (Step::Flag { by: None, .. }, _) => vec![],
                    _ => vec![s],
                })
            })
        }),
        by_request("a flag report is taken at its word", |r| {
            with_clock(r, |_, steps| {
                each_step(steps, &|s| match untimed(&s) {
                    (Step::Flag { side, .. }, _) => vec![Step::Resign(side.clone())],
                    _ => vec![s],
                })
            })
        }),
        by_rules(
            "both flags down: the next move is not the next period's first",
            |r| r.both_flags_next_control_clause = None,
        ),
        by_rules("time left in a match game is carried into the next", |r| {
            if let Some((rule, _)) = &mut r.match_games {
                *rule = MatchTime::Carried;
            }
        }),
        by_rules("a correction never adjusts the times", |r| {
            r.correction.recent_rounds = Some(u32::MAX);
        }),
        by_rules("five valid forcing moves", |r| {
            if let Some(f) = &mut r.forcing {
                f.valid = 5;
            }
        }),
        by_rules(
            "invalid forcing moves decided by the general clause only",
            |r| {
                if let Some(f) = &mut r.forcing {
                    f.forms.clear();
                }
            },
        ),
        by_rules("forcing moves counted whether consecutive or not", |r| {
            if let Some(f) = &mut r.forcing {
                f.consecutive = false;
            }
        }),
        by_request(
            "the defender's replies to forcing moves are limited too",
            |r| {
                with_clock(r, |_, steps| {
                    let mut after_forcing = false;
                    for s in steps.iter_mut() {
                        let forcing =
                            matches!(s, Step::Timed { time, .. } if time.forcing == Some(true));
                        if after_forcing && !forcing {
                            if let Step::Timed { step, time } = s {
                                if matches!(**step, Step::Move(_)) {
                                    time.forcing = Some(true);
                                }
                            }
                        }
                        after_forcing = forcing;
                    }
                })
            },
        ),
    ]
}

/// Every clock case passes with the reference and fails with at least one wrong clock: no
/// clock case is passed by an implementation that gets its rule wrong.
#[test]
fn every_clock_case_is_failed_by_a_wrong_clock() {
    let cases = clock_cases();
    assert!(cases.len() >= 40, "only {} clock cases", cases.len());
    let reference = Runner::reference();
    let wrong: Vec<(&str, Runner)> = wrong_clocks()
        .into_iter()
        .map(|w| (w.name, Runner::new(Box::new(w), Arc::new(rules_for))))
        .collect();
    let runs: Vec<(&Case, &Ruleset)> = cases
        .iter()
        .flat_map(|c| c.rulesets.iter().map(move |r| (c, r)))
        .collect();
    let fails = |w: usize, (case, ruleset): (&Case, &Ruleset)| {
        wrong[w].1.run(case, ruleset).verdict == Verdict::Failed
    };
    let mut caught = vec![false; wrong.len()];
    let mut uncaught = Vec::new();
    for &(case, ruleset) in &runs {
        let r = reference.run(case, ruleset);
        assert_eq!(
            r.verdict,
            Verdict::Passed,
            "{}@{ruleset}: {}",
            case.id,
            r.message
        );
        // The adjournment cases test the session's adjournment machine (sealing, the
        // envelope, resumption), not the clock's arithmetic: a wrong clock need not fail
        // them. They were checked against wrong adjournment rules instead (docs/clock.md).
        // So do the corrections of named errors (xiangqi 第四章 第一节 三): checked against
        // the corrections' mutants (`arbiter mutants`, docs/mutants-draws.md).
        let adjournment = case.id.contains(".adjournment.")
            || case.id.contains(".resumption.")
            || case.id.contains(".correction.");
        match (0..wrong.len()).find(|&w| fails(w, (case, ruleset))) {
            Some(w) => caught[w] = true,
            None if adjournment => {}
            None => uncaught.push(format!("{}@{ruleset}", case.id)),
        }
    }
    assert!(
        uncaught.is_empty(),
        "clock cases no wrong clock fails: {uncaught:#?}"
    );
    // Each wrong clock is caught by some case (else it is no test of anything).
    for (w, (name, _)) in wrong.iter().enumerate() {
        assert!(
            caught[w] || runs.iter().any(|&run| fails(w, run)),
            "no case catches the wrong clock '{name}'"
        );
    }
}

/// An engine that does not list the `clock` query gets every clock case skipped, never
/// passed.
#[test]
fn an_engine_without_the_clock_query_skips_clock_cases() {
    struct NoClock(ReferenceEngine);
    impl Engine for NoClock {
        fn info(&self) -> EngineInfo {
            let mut info = self.0.info();
            info.queries.retain(|q| *q != QueryKind::Clock);
            info
        }
        fn run(&self, request: &Request) -> Reply {
            self.0.run(request)
        }
    }
    let runner = Runner::new(
        Box::new(NoClock(ReferenceEngine::new())),
        Arc::new(rules_for),
    );
    for case in clock_cases() {
        for ruleset in &case.rulesets {
            let r = runner.run(&case, ruleset);
            assert_eq!(r.verdict, Verdict::Skipped, "{}: {}", case.id, r.message);
            assert!(r.message.contains("`clock` queries"), "{}", r.message);
        }
    }
}

/// An engine (a protocol process) that answers `clock` queries but does not list the
/// `adjournment` feature gets every case with an adjournment step or `expect.adjournment`
/// skipped with the reason, never passed and never asked (it would answer `errored`); its
/// other clock cases are run as usual.
#[test]
fn an_engine_without_the_adjournment_feature_skips_adjournment_cases() {
    let command = format!(
        "env ARBITER_BIN={} python3 {} no-adjournment",
        env!("CARGO_BIN_EXE_arbiter"),
        root().join("tests/fixtures/engines/faulty.py").display()
    );
    let engine =
        ProcessEngine::start(&command, ProcessOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert!(!engine.info().supports(Feature::Adjournment));
    assert!(engine.info().supports(Feature::FlagReports));
    let runner = Runner::new(Box::new(engine), Arc::new(rules_for));
    let (mut skipped, mut passed) = (0, 0);
    for case in clock_cases() {
        let adjourns = case.expect.adjournment.is_some()
            || case
                .steps
                .iter()
                .flatten()
                .any(|s| s.feature() == Some(Feature::Adjournment));
        for ruleset in &case.rulesets {
            let r = runner.run(&case, ruleset);
            if adjourns {
                assert_eq!(r.verdict, Verdict::Skipped, "{}: {}", case.id, r.message);
                assert!(
                    r.message
                        .contains("does not list the `adjournment` feature"),
                    "{}: {}",
                    case.id,
                    r.message
                );
                skipped += 1;
            } else {
                assert_eq!(r.verdict, Verdict::Passed, "{}: {}", case.id, r.message);
                passed += 1;
            }
        }
    }
    assert!(skipped >= 30, "only {skipped} adjournment runs skipped");
    assert!(passed >= 40, "only {passed} other clock runs passed");
}

// ---------------------------------------------------------------- the protocol

fn schema(name: &str) -> Validator {
    let path = root().join("spec/schema/protocol").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

fn problems(v: &Validator, instance: &Value) -> Vec<String> {
    v.iter_errors(instance)
        .map(|e| format!("{e} at `{}`", e.instance_path))
        .collect()
}

/// Steps of every clock kind, with every timing key.
fn every_clock_step() -> Vec<Step> {
    let timed = |step: Step, time: StepTime| Step::Timed {
        step: Box::new(step),
        time,
    };
    vec![
        timed(
            Step::Move("h2e2".into()),
            StepTime {
                took: Some(Span::from_secs(35)),
                pressed: Some(false),
                ..StepTime::default()
            },
        ),
        Step::Press("red".into()),
        timed(
            Step::Claim {
                kind: arbiter::edition::DrawKind::SixtyMove,
                by: Some("black".into()),
            },
            StepTime {
                at: Some(Span::from_minutes(3)),
                arbiter_time: Some(Span(1500)),
                ..StepTime::default()
            },
        ),
        Step::Elapse(Span::from_secs(30)),
        Step::StopClocks("arbiter".into()),
        Step::StopClocks("black".into()),
        Step::StartClocks("red".into()),
        Step::Arrive("black".into()),
        Step::ReplaceClock {
            readings: vec![("red".into(), Span::from_minutes(50))],
            faulty: "black".into(),
        },
        Step::CorrectError {
            number: Some(20),
            side: Some("red".into()),
            error: None,
        },
        Step::CorrectError {
            number: Some(3),
            side: None,
            error: None,
        },
        Step::CorrectError {
            number: Some(4),
            side: Some("black".into()),
            error: Some(arbiter::procedure::ErrorKind::DisplacedPiece),
        },
        Step::CorrectError {
            number: None,
            side: None,
            error: Some(arbiter::procedure::ErrorKind::ColoursOnly),
        },
        Step::SetClock {
            side: "red".into(),
            used: Span::from_minutes(80),
        },
        timed(
            Step::Move("h0g2".into()),
            StepTime {
                took: Some(Span::from_secs(20)),
                forcing: Some(true),
                ..StepTime::default()
            },
        ),
        Step::Flag {
            side: "black".into(),
            by: Some("red".into()),
        },
        Step::Flag {
            side: "red".into(),
            by: None,
        },
    ]
}

fn clock_request(control: &str, steps: Vec<Step>) -> Request {
    Request::new(
        "xiangqi".parse().unwrap(),
        Query::Clock {
            clock: Box::new(ClockRequest {
                control: controls().get(Game::Xiangqi, control).unwrap().clone(),
                start: ClockStartText {
                    red: Some(SideStart {
                        used: Span::from_minutes(85),
                        moves: Some(43),
                        quota: None,
                    }),
                    running: Some("red".into()),
                    absent: vec!["black".into()],
                    lateness_limit: Some(Span::from_minutes(30)),
                    flags: Some("reported".into()),
                    ..ClockStartText::default()
                },
            }),
            steps,
        },
    )
}

#[test]
fn clock_requests_round_trip_and_validate() {
    let run = schema("run.json");
    for control in ["national", "per-move", "provincial"] {
        let request = clock_request(control, every_clock_step());
        let line = request_json(3, &request);
        let p = problems(&run, &line);
        assert!(p.is_empty(), "{line}\n{}", p.join("\n"));
        let back = arbiter::protocol::wire::parse_request(&line.to_string()).unwrap();
        assert_eq!(back, (3, request));
    }
    for control in arbiter::clock::controls().all() {
        let json = serde_json::to_value(&control.control).unwrap();
        let mut request = request_json(1, &clock_request("national", vec![]));
        request["clock"]["control"] = json;
        let p = problems(&run, &request);
        assert!(p.is_empty(), "{}: {}", control.control.id, p.join("\n"));
    }
    // What the schema refuses, arbiter refuses too.
    let good = request_json(1, &clock_request("national", vec![]));
    let mut no_control = good.clone();
    no_control["clock"]
        .as_object_mut()
        .unwrap()
        .remove("control");
    let mut bad_step = good.clone();
    bad_step["steps"] = serde_json::json!([{"elapse": 5, "press": "red"}]);
    let mut took_and_at = good.clone();
    took_and_at["steps"] = serde_json::json!([{"move": "h2e2", "took": 5, "at": 9}]);
    for broken in [no_control, bad_step, took_and_at] {
        assert!(!run.is_valid(&broken), "{broken}");
        assert!(
            arbiter::protocol::wire::parse_request(&broken.to_string()).is_err(),
            "{broken}"
        );
    }
}

#[test]
fn the_reference_answers_clock_queries_over_the_wire() {
    let run = schema("run.json");
    let reply_schema = schema("run-reply.json");
    let mut child = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |line: &Value| {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let mut reply = String::new();
        stdout.read_line(&mut reply).unwrap();
        reply
    };
    let hello: Value =
        serde_json::from_str(&ask(&serde_json::json!({"cmd":"start","protocol":1}))).unwrap();
    assert!(hello["queries"]
        .as_array()
        .unwrap()
        .contains(&"clock".into()));
    let mut shapes = Vec::new();
    let mut seq = 0;
    for case in clock_cases() {
        for ruleset in &case.rulesets {
            seq += 1;
            let request = Request {
                ruleset: ruleset.clone(),
                position: case.position.clone(),
                moves: case.moves.clone(),
                query: Query::Clock {
                    clock: Box::new(ClockRequest {
                        control: controls()
                            .get(ruleset.game, &case.clock.as_ref().unwrap().control)
                            .unwrap()
                            .clone(),
                        start: case.clock.as_ref().unwrap().start.clone(),
                    }),
                    steps: case.steps.clone().unwrap_or_default(),
                },
            };
            let line = request_json(seq, &request);
            let p = problems(&run, &line);
            assert!(p.is_empty(), "{}: {line}\n{}", case.id, p.join("\n"));
            let reply_line = ask(&line);
            let reply: Value = serde_json::from_str(&reply_line).unwrap();
            let p = problems(&reply_schema, &reply);
            assert!(p.is_empty(), "{}: {reply_line}\n{}", case.id, p.join("\n"));
            let parsed = parse_reply(&reply_line, seq, QueryKind::Clock).unwrap();
            // The wire form reads back as what the in-process reference answers.
            assert_eq!(parsed, ReferenceEngine::new().run(&request), "{}", case.id);
            assert_eq!(reply_json(seq, &parsed), reply, "{}", case.id);
            shapes.push(reply["clock"]["flag"].is_null());
        }
    }
    writeln!(stdin, "{}", serde_json::json!({"cmd":"stop"})).unwrap();
    assert!(child.wait().unwrap().success());
    assert!(
        shapes.contains(&true) && shapes.contains(&false),
        "flags and none"
    );
    // A clock step in a plain session is refused at that step.
    let session = Request::new(
        "xiangqi".parse().unwrap(),
        Query::Session {
            steps: vec![Step::Move("h2e2".into()), Step::Elapse(Span::from_secs(3))],
        },
    );
    match ReferenceEngine::new().run(&session) {
        Reply::Rejected { message, .. } => assert!(message.contains("needs a clock"), "{message}"),
        other => panic!("{other:?}"),
    }
}

// ---------------------------------------------------------------- controls as data

#[test]
fn a_federation_adds_a_control_without_code() {
    let dir = std::env::temp_dir().join(format!("arbiter-clock-controls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("club.yaml"),
        "games: [xiangqi]\ncontrols:\n  - id: club-40-90-then-30\n    title: 40 moves in 90 minutes, then 30 minutes for the rest\n    source: club regulation\n    clause: xq.timing.national-control\n    flag_clause: xq.result.time-forfeit\n    periods:\n      - {moves: 40, time: 90m}\n      - {time: 30m}\n",
    )
    .unwrap();
    let all = Controls::builtin().unwrap().with_dir(&dir).unwrap();
    let control = all
        .get(Game::Xiangqi, "club-40-90-then-30")
        .unwrap()
        .clone();
    let start = ClockStart {
        used: [Span::from_minutes(89), Span::ZERO],
        moves: [39, 39],
        running: Some(Side::First),
        ..ClockStart::default()
    };
    let mut clock = Clock::new(control, ClockRules::of(Game::Xiangqi), start).unwrap();
    clock.elapse(Span::from_secs(30)).unwrap();
    clock.move_made(Side::First);
    clock.press(Side::First);
    clock.press(Side::Second);
    clock.elapse(Span::from_minutes(31)).unwrap();
    let f = clock.flag().expect("the rest of the game is 30 minutes");
    assert_eq!(
        f.at,
        Span::from_secs(30)
            .plus(Span::from_minutes(30))
            .plus(Span::from_secs(30))
    );
    assert_eq!(f.clause, "xq.result.time-forfeit");
    // Over the command line, with ARBITER_CONTROLS.
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .env("ARBITER_CONTROLS", &dir)
        .args(["clock", "-r", "xiangqi", "--list"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("club-40-90-then-30"));
    // A broken file names the file, the line and the field.
    std::fs::write(
        dir.join("club.yaml"),
        "games: [xiangqi]\ncontrols:\n  - id: x\n    title: t\n    source: s\n    clause: c\n    flag_clause: f\n    periods: [{moves: 40, time: ninety}]\n",
    )
    .unwrap();
    let err = Controls::builtin()
        .unwrap()
        .with_dir(&dir)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("club.yaml:8:") && err.contains("'ninety' is not a time"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .env("ARBITER_CONTROLS", &dir)
        .args(["clock", "-r", "xiangqi", "--list"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("ARBITER_CONTROLS"));
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------- arbiter clock

fn arbiter(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn arbiter_clock_prints_each_move_and_the_deciding_clause() {
    let (code, out, err) = arbiter(&[
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "national",
        "--setup",
        "{red: {used: '1:25:00', moves: 43}, black: {used: '1:00:00', moves: 43}}",
        "--moves",
        "h2e2@2:00 h9g7@30 h0g2@4:00",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("red 1:31:00 used, 0:29:00 left, period 2, 15 to make"),
        "{out}"
    );
    assert!(out.contains("(xq.timing.national-control)"), "{out}");
    let (code, out, err) = arbiter(&[
        "clock",
        "-r",
        "russian",
        "-c",
        "sudden-death-60m",
        "--format",
        "json",
        "--moves",
        "22-18@30 11-15@59m 18x11@1 8x15@2m",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 4);
    assert_eq!(v["outcome"]["result"], "white");
    assert_eq!(v["outcome"]["clause"], "d64.timing.flag-fall-loses");
    assert_eq!(v["rows"][3]["sides"]["black"]["used"], 3600);
    // Timestamps instead of durations give the same game.
    let (_, stamped, _) = arbiter(&[
        "clock",
        "-r",
        "russian",
        "-c",
        "sudden-death-60m",
        "--format",
        "json",
        "--timestamps",
        "--moves",
        "22-18@30 11-15@59:30 18x11@59:31 8x15@1:01:31",
    ]);
    let mut s: Value = serde_json::from_str(&stamped).unwrap();
    let mut v = v;
    for rows in [&mut s["rows"], &mut v["rows"]] {
        for row in rows.as_array_mut().unwrap() {
            row.as_object_mut().unwrap().remove("event");
        }
    }
    assert_eq!(s["rows"], v["rows"]);
}

#[test]
fn arbiter_clock_reads_a_file_of_steps_and_refuses_bad_input() {
    let path =
        std::env::temp_dir().join(format!("arbiter-clock-steps-{}.yaml", std::process::id()));
    std::fs::write(
        &path,
        "- {move: a0d0, took: 30}\n- {claim: sixty-move, by: black}\n- {move: d9e9, took: 5}\n",
    )
    .unwrap();
    let (code, out, err) = arbiter(&[
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "national",
        "-p",
        "3k5/9/9/9/9/9/4P4/9/9/R3K4 w - - 118 60",
        "--setup",
        "{red: {used: '1:40:00', moves: 59}, black: {used: '1:56:00', moves: 59}}",
        "--file",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("game over: red (time-forfeit, xq.draw.sixty-move-false-claim)"),
        "{out}"
    );
    assert!(!out.contains("d9e9"), "the game ended before: {out}");
    std::fs::remove_file(&path).unwrap();
    let (code, _, err) = arbiter(&[
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "nationals",
        "--moves",
        "h2e2@3",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown time control 'nationals'") && err.contains("national"),
        "{err}"
    );
    let (code, _, err) = arbiter(&[
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "national",
        "--moves",
        "h2e2@3 h9g7@soon",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("move 2 ('h9g7@soon')") && err.contains("not a time"),
        "{err}"
    );
    let (code, out, _) = arbiter(&[
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "national",
        "--moves",
        "h2e2@3 h2e3@4",
    ]);
    assert_eq!(code, 2);
    assert!(out.contains("stopped: event 2 ('h2e3@4')"), "{out}");
}

#[test]
fn every_shipped_control_replays() {
    for game in Game::ALL {
        let ruleset = Ruleset::default_for(game);
        let moves = if game.is_draughts() {
            "22-18@10 11-15@20"
        } else {
            "h2e2@10 h9g7@20"
        };
        for control in controls().of_game(game) {
            let (code, out, err) = arbiter(&[
                "clock",
                "-r",
                &ruleset.to_string(),
                "-c",
                &control.id,
                "--moves",
                moves,
            ]);
            assert_eq!(code, 0, "{}: {err}", control.id);
            assert!(out.contains(&control.clause), "{}: {out}", control.id);
        }
    }
}

// ---------------------------------------------------------------- corrections of errors

/// The reference without the `error-corrections` feature, counting the requests that would
/// need it.
struct NoCorrections(ReferenceEngine, Arc<std::sync::atomic::AtomicUsize>);

impl Engine for NoCorrections {
    fn info(&self) -> EngineInfo {
        let mut info = self.0.info();
        info.features.retain(|f| *f != Feature::Corrections);
        info
    }

    fn run(&self, request: &Request) -> Reply {
        let steps = match &request.query {
            Query::Session { steps } | Query::Clock { steps, .. } => steps.as_slice(),
            _ => &[],
        };
        if steps
            .iter()
            .any(|s| s.feature() == Some(Feature::Corrections))
        {
            self.1.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        }
        self.0.run(request)
    }
}

/// An engine that does not list `error-corrections` gets every case with a named
/// `correct_error` or `expect.correction` skipped with the reason, in `session` and `clock`
/// cases alike, and is never asked one; the reference passes them.
#[test]
fn an_engine_without_the_corrections_feature_skips_correction_cases() {
    let suite = load_cases(&[root().join("cases/xiangqi/corrections.yaml")])
        .unwrap_or_else(|e| panic!("{e}"));
    let cases: Vec<Case> = suite.cases().map(|(_, c)| c.clone()).collect();
    assert!(cases.len() >= 15, "only {} correction cases", cases.len());
    let asked = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let engine = NoCorrections(ReferenceEngine::new(), asked.clone());
    let runner = Runner::new(Box::new(engine), Arc::new(rules_for));
    let reference = Runner::reference();
    let (mut skipped, mut with_clock) = (0, 0);
    for case in &cases {
        for ruleset in &case.rulesets {
            assert_eq!(
                reference.run(case, ruleset).verdict,
                Verdict::Passed,
                "{}",
                case.id
            );
            let r = runner.run(case, ruleset);
            assert_eq!(r.verdict, Verdict::Skipped, "{}: {}", case.id, r.message);
            assert!(
                r.message.contains("`error-corrections` feature"),
                "{}: {}",
                case.id,
                r.message
            );
            skipped += 1;
            with_clock += usize::from(case.clock.is_some());
        }
    }
    assert!(skipped >= 15 && with_clock >= 3, "{skipped} {with_clock}");
    assert_eq!(
        asked.load(std::sync::atomic::Ordering::SeqCst),
        0,
        "asked a correction"
    );
}

/// A `session` answer carrying a correction is what the protocol schema describes, and reads
/// back as written.
#[test]
fn a_session_answer_with_a_correction_matches_the_schema() {
    let reply_schema = schema("run-reply.json");
    let run = schema("run.json");
    for (steps, error, exchanged) in [
        (
            vec![
                Step::Move("h7e7".into()),
                Step::Move("h2e2".into()),
                Step::CorrectError {
                    number: None,
                    side: None,
                    error: Some(arbiter::procedure::ErrorKind::ColoursOnly),
                },
            ],
            "colours-only",
            true,
        ),
        (
            vec![
                Step::Move("h7e7".into()),
                Step::Resign("red".into()),
                Step::CorrectError {
                    number: Some(1),
                    side: Some("black".into()),
                    error: Some(arbiter::procedure::ErrorKind::IllegalMove),
                },
            ],
            "illegal-move",
            false,
        ),
    ] {
        let mut request = Request::new("xiangqi".parse().unwrap(), Query::Session { steps });
        request.position =
            Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1".into());
        let line = request_json(7, &request);
        let p = problems(&run, &line);
        assert!(p.is_empty(), "{line}\n{}", p.join("\n"));
        let reply = ReferenceEngine::new().run(&request);
        let wire = reply_json(7, &reply);
        let p = problems(&reply_schema, &wire);
        assert!(p.is_empty(), "{wire}\n{}", p.join("\n"));
        assert_eq!(wire["correction"]["error"], error, "{wire}");
        assert_eq!(wire["correction"]["exchanged"], exchanged, "{wire}");
        assert_eq!(wire["correction"]["applied"], exchanged, "{wire}");
        let back = parse_reply(&wire.to_string(), 7, QueryKind::Session).unwrap();
        assert_eq!(back, reply);
    }
    // A reply whose correction names an unknown error is not the protocol.
    let mut bad = reply_json(
        1,
        &ReferenceEngine::new().run(&Request::new(
            "xiangqi".parse().unwrap(),
            Query::Session {
                steps: vec![Step::CorrectError {
                    number: None,
                    side: None,
                    error: Some(arbiter::procedure::ErrorKind::InitialSetup),
                }],
            },
        )),
    );
    assert_eq!(bad["correction"]["applied"], true, "{bad}");
    bad["correction"]["error"] = "wrong-board".into();
    assert!(!reply_schema.is_valid(&bad), "{bad}");
}

#[test]
fn arbiter_clock_counts_invalid_forcing_moves_and_reads_flag_reports() {
    let forcing = [
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "national",
        "-p",
        "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1",
        "--setup",
        "{red: {used: '1:20:00', moves: 35}, black: {used: '1:00:00', moves: 35}}",
        "--moves",
        "a8a9!@60 e9e8@10 a9a8!@60 e8e9@10 a8a9!@60 e9e8@10 a9a8!@60 e8e9@10 a8a9!@60 e9e8@10",
    ];
    let (code, out, err) = arbiter(&forcing);
    assert_eq!(code, 0, "{err}");
    // The fifth forcing move is the rook's third arrival on a9: invalid, by the two-point rule.
    assert!(
        out.contains("1 to make, 1 invalid") && out.contains("(xq.timing.forcing-two-points)"),
        "{out}"
    );
    let before: Vec<&str> = out.lines().take_while(|l| !l.contains("  9. ")).collect();
    assert!(!before.iter().any(|l| l.contains("invalid")), "{out}");
    let mut json = forcing.to_vec();
    json.extend(["--format", "json"]);
    let (code, out, err) = arbiter(&json);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["invalid_moves"]["red"], 1, "{v}");
    assert_eq!(v["invalid_moves"]["black"], 0, "{v}");
    assert_eq!(v["invalid_moves"]["moves"][0]["event"], 9, "{v}");
    assert_eq!(
        v["invalid_moves"]["moves"][0]["clause"],
        "xq.timing.forcing-two-points"
    );
    assert_eq!(v["rows"][9]["sides"]["red"]["invalid"], 1);
    assert_eq!(v["rows"][9]["sides"]["red"]["moves"], 39);
    // Without `!` the same moves are plain moves: none is invalid.
    let plain = forcing[10].replace('!', "");
    let mut unforced = forcing.to_vec();
    unforced[10] = &plain;
    let (_, out, _) = arbiter(&unforced);
    assert!(!out.contains("invalid"), "{out}");
    // A flag falling unnoticed is shown down until a report ends the game, with its clause.
    let (code, out, err) = arbiter(&[
        "clock",
        "-r",
        "russian",
        "-c",
        "sudden-death-60m",
        "--setup",
        "{flags: reported, black: {used: '59:00'}}",
        "--moves",
        "22-18@30 11-15@2m 18x11@1 flag:black:white",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    let flagged = lines
        .iter()
        .position(|l| l.contains("flag down"))
        .expect(&out);
    assert!(lines[flagged].contains("2. 11-15@2m"), "{out}");
    assert!(
        out.contains("white reports black's flag: he loses on time (d64.timing.flag-claim)")
            && out.contains("game over: white (time-forfeit, d64.timing.flag-fall-loses)"),
        "{out}"
    );
    // A flag report names a side of the game.
    let (code, _, err) = arbiter(&[
        "clock",
        "-r",
        "xiangqi",
        "-c",
        "national",
        "--moves",
        "h2e2@3 flag:white",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("event 2 ('flag:white')"), "{err}");
}

/// Sealing early is a value of the adjournment rules (`AdjournRules::early_seal`): rules that
/// have it (the chess laws' art. 13.1(2)) charge the sealer the time left until the session's
/// end; the xiangqi and draughts rules refuse the seal (the cases
/// `…adjournment.no-sealing-before-the-session-end`).
#[test]
fn adjournment_rules_with_early_sealing_charge_the_rest_of_the_session() {
    use arbiter::procedure::{AdjournRules, EarlySeal, Event, Phase, Seal, Session};
    let seal = || {
        Event::Seal(Seal {
            text: "h9g7".into(),
            explained: None,
            before_end: Some(Span::from_minutes(10)),
        })
    };
    let game = |rules: Option<AdjournRules>| {
        let ruleset: Ruleset = "xiangqi".parse().unwrap();
        let control = controls().get(Game::Xiangqi, "national").unwrap().clone();
        let clock = Clock::new(
            control,
            ClockRules::of(Game::Xiangqi),
            ClockStart::default(),
        )
        .unwrap();
        let mut s = Session::new(&ruleset, None).unwrap().with_clock(clock);
        if let Some(r) = rules {
            s = s.with_adjourn_rules(r);
        }
        s.apply(Event::Move("h2e2".into())).unwrap();
        s.apply(Event::Adjourn).unwrap();
        s
    };
    let chess = AdjournRules {
        early_seal: EarlySeal::Charged("chess.adjournment.early-seal-charged-to-session-end"),
        ..AdjournRules::of(Game::Xiangqi)
    };
    let mut early = game(Some(chess));
    early.apply(seal()).unwrap();
    early.apply(Event::StopClocks(Some(Side::Second))).unwrap();
    let envelope = early.adjournment().unwrap().envelope.clone().unwrap();
    assert!(matches!(
        early.adjournment().unwrap().phase,
        Phase::Adjourned
    ));
    assert_eq!(envelope.used[1], Span::from_minutes(10));

    let mut xiangqi = game(None);
    let refused = xiangqi.apply(seal()).unwrap_err().to_string();
    assert!(refused.contains("xq.adjournment.announce"), "{refused}");
    assert_eq!(
        AdjournRules::of(Game::Brazilian).early_seal,
        EarlySeal::Refused("d64.adjournment.forced-interruption")
    );
}
