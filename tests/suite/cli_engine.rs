//! `arbiter run --engine`, `arbiter engine` and `arbiter moves --batch`, run as a user would.

use crate::common::{arbiter_with_input as arbiter, temp_dir, text};

fn faulty(fault: &str) -> String {
    format!(
        "env ARBITER_BIN={} python3 tests/fixtures/engines/faulty.py {fault}",
        env!("CARGO_BIN_EXE_arbiter")
    )
}

#[test]
fn an_engine_that_dies_on_start_is_exit_code_2_with_its_stderr() {
    let out = arbiter(&["run", "--engine", &faulty("die-on-start")], "");
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("exited with status 7"), "{err}");
    assert!(err.contains("cannot load my opening book"), "{err}");
}

#[test]
fn a_lying_engine_is_exit_code_1_and_an_honest_one_0() {
    let out = arbiter(
        &[
            "run",
            "--engine",
            &faulty("lie"),
            "--filter",
            "russian.capture.*",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let out = arbiter(
        &[
            "run",
            "--engine",
            &faulty("honest"),
            "--filter",
            "russian.capture.*",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn a_crash_mid_run_loses_no_result() {
    let dir = temp_dir("cli-engine-crash");
    let report = dir.join("report.jsonl");
    let marker = dir.join("crashed-once");
    let out = arbiter(
        &[
            "run",
            "--engine",
            &faulty(&format!("crash-once 3 {}", marker.display())),
            "--ruleset",
            "russian",
            "--report",
            report.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = std::fs::read_to_string(&report)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let results: Vec<_> = lines.iter().filter(|l| l["type"] == "result").collect();
    assert_eq!(lines.last().unwrap()["type"], "footer");
    let errored: Vec<_> = results
        .iter()
        .filter(|r| r["status"] == "errored")
        .collect();
    // The crash is one errored case; the restarted engine answers the rest.
    assert_eq!(errored.len(), 1, "{errored:?}");
    assert!(errored[0]["message"]
        .as_str()
        .unwrap()
        .contains("engine crashed"));
    assert!(results.iter().filter(|r| r["status"] == "passed").count() > 20);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_reference_serves_the_protocol() {
    let input = [
        r#"{"cmd":"start","protocol":1}"#,
        r#"{"cmd":"run","seq":1,"query":"legal","ruleset":"russian","position":"W:W9:B6,7","moves":[]}"#,
        r#"{"cmd":"run","seq":2,"query":"play","ruleset":"russian","position":null,"moves":["22-18","11-15","18-14"]}"#,
        r#"{"cmd":"run","seq":3,"query":"repetition","ruleset":"russian","position":null,"moves":[]}"#,
        "not json",
        r#"{"cmd":"stop"}"#,
        r#"{"cmd":"run","seq":4,"query":"legal","ruleset":"russian","position":null,"moves":[]}"#,
    ]
    .join("\n");
    let out = arbiter(&["engine"], &input);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "nothing is answered after stop: {lines:?}");
    assert_eq!(lines[0]["protocol"], 1);
    assert_eq!(lines[1]["moves"].as_array().unwrap().len(), 3);
    assert_eq!(lines[2]["rejected"]["stage"], "move");
    assert_eq!(lines[2]["rejected"]["index"], 3);
    assert_eq!(lines[3]["skipped"], true);
    assert_eq!(lines[4]["errored"], true);
    assert!(lines[4]["message"].as_str().unwrap().contains("not JSON"));
}

#[test]
fn another_protocol_version_is_refused_by_the_server() {
    let out = arbiter(&["engine"], "{\"cmd\":\"start\",\"protocol\":2}\n");
    let reply: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(reply["errored"], true);
    assert!(reply["message"]
        .as_str()
        .unwrap()
        .contains("protocol version 2 is not spoken here"));
}

#[test]
fn moves_batch_reads_fen_lines() {
    let input = "W:W9:B6,7\nstartpos moves 22-18 11-15\nW:W99\n\n# a comment\nstartpos\n";
    let out = arbiter(&["moves", "--ruleset", "russian", "--batch"], input);
    assert_eq!(out.status.code(), Some(1), "one line has an error");
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["moves"].as_array().unwrap().len(), 3);
    assert_eq!(lines[1]["moves"], serde_json::json!(["18x11"]));
    assert_eq!(lines[2]["line"], 3);
    assert!(
        lines[2]["error"].as_str().unwrap().contains("99"),
        "{}",
        lines[2]
    );
    assert_eq!(lines[3]["line"], 6);
    assert_eq!(lines[3]["moves"].as_array().unwrap().len(), 7);
}
