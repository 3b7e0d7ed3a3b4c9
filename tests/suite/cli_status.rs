//! `arbiter status`: the outcome with history, claims and rulings, in text and JSON.

use crate::common::temp_dir;

fn status(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["status"];
    all.extend_from_slice(args);
    crate::common::run(&all)
}

#[test]
fn json_has_the_documented_keys() {
    let (code, out, _) = status(&[
        "-r",
        "xiangqi",
        "-p",
        "3k5/9/9/9/9/9/4P4/9/9/R3K4 w - - 118 60",
        "-m",
        "a0b0 d9d8",
        "--claim",
        "sixty-move",
        "--by",
        "black",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "ongoing");
    assert_eq!(v["reason"], "");
    assert_eq!(v["claims"], serde_json::json!(["sixty-move"]));
    assert_eq!(v["counters"]["sixty-move"], 120);
    assert_eq!(v["claim"]["upheld"], true);
    assert_eq!(v["claim"]["by"], "black");
    assert_eq!(v["claim"]["outcome"]["result"], "draw");
}

#[test]
fn a_false_sixty_move_claim_reports_the_penalty() {
    let (code, out, _) = status(&[
        "-r",
        "xiangqi",
        "-m",
        "h2e2 h9g7",
        "--claim",
        "sixty-move",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["claim"]["upheld"], false);
    assert_eq!(
        v["claim"]["penalty"],
        serde_json::json!({"side": "red", "seconds": 300})
    );
}

#[test]
fn text_shows_an_automatic_draw_and_bad_input_is_an_error() {
    let (code, out, _) = status(&[
        "-r",
        "russian",
        "-p",
        "W:WK32:BK1",
        "-m",
        "32-27 1-5 27-32 5-1 32-27 1-5 27-32 5-1",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.contains("result    draw (threefold, d64.draw.russian-threefold)"),
        "{out}"
    );
    let (code, _, err) = status(&["-r", "russian", "--claim", "sixty-move"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown claim kind 'sixty-move' for russian"),
        "{err}"
    );
    let (code, _, err) = status(&["-r", "russian@club"]);
    assert_eq!(code, 2);
    assert!(err.contains("unknown edition 'club'"), "{err}");
}

/// The `repetition` object: the verdict's JSON, `null` without a verdict; the text shows one
/// line per move of the cycle (ply, move, side, nature, sub-kind, chased pieces).
#[test]
fn the_repetition_verdict_in_json_and_text() {
    let chase = "2bakab2/R8/2c6/4p4/9/9/4P4/9/9/2BAKAB2 w - - 0 1";
    let moves = "a8a7 c7c8 a7a8 c8c7 a8a7 c7c8 a7a8 c8c7 a8a7 c7c8 a7a8 c8c7";
    let (code, out, _) = status(&[
        "-r", "xiangqi", "-p", chase, "-m", moves, "--format", "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["repetition"]["verdict"], "must-change");
    assert_eq!(v["repetition"]["side"], "red");
    assert_eq!(v["repetition"]["repetitions"], 3);
    assert_eq!(v["repetition"]["cycle"][0]["ply"], 9);
    assert_eq!(v["repetition"]["cycle"][0]["nature"], "chase");
    assert_eq!(
        v["repetition"]["cycle"][0]["chased"],
        serde_json::json!([{"square": "c7", "piece": "cannon"}])
    );

    let (code, out, _) = status(&["-r", "xiangqi", "-m", "h2e2", "--format", "json"]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(v.as_object().unwrap().contains_key("repetition"));
    assert_eq!(v["repetition"], serde_json::Value::Null);

    let (code, out, _) = status(&["-r", "xiangqi", "-p", chase, "-m", moves]);
    assert_eq!(code, 0);
    assert!(
        out.contains("repetition must-change for red: cycle of 4 plies played 3 times"),
        "{out}"
    );
    assert!(
        out.contains("ply 9    a8a7  red    chase  chases cannon c7"),
        "{out}"
    );
    assert!(out.contains("ply 10   c7c8  black  idle"), "{out}");

    // A loss by forbidden repetition ends the game.
    let lost = format!("{moves} a8a7 c7c8 a7a8 c8c7");
    let (code, out, _) = status(&["-r", "xiangqi", "-p", chase, "-m", &lost]);
    assert_eq!(code, 0);
    assert!(
        out.contains(
            "result    black (forbidden-repetition, xq.result.forbidden-repetition-unchanged)"
        ),
        "{out}"
    );
}

/// Each repetition reading is a parameter of the edition's data: an edition that takes the
/// AXF rules but reads a checking move as a check only (`readings: {check_can_chase:
/// false}`) no longer sees red's check-and-chase as perpetual chasing (Fairy-Stockfish's
/// fixture 5), so red need not change.
#[test]
fn a_repetition_reading_is_set_in_the_edition_data() {
    let dir = temp_dir("cli-status-readings");
    std::fs::write(
        dir.join("xiangqi-check-only.yaml"),
        "game: xiangqi\neditions:\n  - id: axfcheckonly\n    title: AXF, a check is a check only\n    source: test\n    draws:\n      - {rule: repetition, clause: xq.draw.repetition-claim, mode: claim}\n    draw_offer: {clause: xq.draw-offer.alternation, min_own_moves: 0, reoffer: equal-counts}\n    repetition: {rules: axf, readings: {check_can_chase: false}}\n",
    )
    .unwrap();
    let verdict = |ruleset: &str| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
            .env("ARBITER_EDITIONS", &dir)
            .args([
                "status",
                "--ruleset",
                ruleset,
                "--position",
                "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1",
                "--moves",
                "f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5 f4d4 f5d5 d4f4 d5f5",
                "--format",
                "json",
            ])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["repetition"]["verdict"]
            .as_str()
            .unwrap_or("none")
            .to_owned()
    };
    assert_eq!(verdict("xiangqi@axf"), "must-change");
    assert_eq!(verdict("xiangqi@axfcheckonly"), "draw");
    let _ = std::fs::remove_dir_all(&dir);
}
