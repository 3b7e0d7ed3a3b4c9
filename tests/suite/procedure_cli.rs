//! `arbiter touch`: permitted moves and the deciding step; bad squares are named.

use std::process::Command;

fn touch(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("touch")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn own_then_opponent_in_order_and_at_once() {
    let (ok, out, _) = touch(&["-r", "xiangqi", "--touch", "h2", "--touch", "h9"]);
    assert!(ok);
    assert_eq!(
        out,
        "permitted (1): h2h9\nby: xq.touch-move.own-then-opponent-capture (step xq.touch.own-then-opponent.1)\n"
    );
    let (ok, out, _) = touch(&["-r", "xiangqi", "--together", "h2,h9", "--format", "json"]);
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["step"], "xq.touch.simultaneous.1");
    assert_eq!(v["permitted"], serde_json::json!(["h2h9"]));
}

#[test]
fn draughts_touch_with_compulsory_capture() {
    let (ok, out, _) = touch(&["-r", "russian", "-p", "W:W22,27:B18", "-t", "27"]);
    assert!(ok);
    assert!(out.starts_with("permitted (1): 22x15\n"), "{out}");
}

#[test]
fn errors_name_the_square() {
    let (ok, _, err) = touch(&["-r", "xiangqi", "--touch", "h2", "--touch", "j9"]);
    assert!(!ok);
    assert!(err.contains("touch 2 ('j9'): invalid square 'j9'"), "{err}");
    let (ok, _, err) = touch(&["-r", "brazilian", "--touch", "15"]);
    assert!(!ok);
    assert!(err.contains("no piece on 15"), "{err}");
}
