//! Issue 27 (hardening), perft's depth: a depth deeper than perft's stack allows is refused
//! with the limit in the message (`--depth 20000` overflowed the stack, `--depth 4294967295`
//! on a draughts position asked for 103 GB), and the deepest allowed depth runs — its first
//! line really is that deep, since kings and chariots shuttle for ever — until interrupted.

use crate::common::{arbiter, code, root, stderr};
use arbiter::rules::perft_stack::MAX_DEPTH;
use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::Duration;

#[test]
fn a_depth_beyond_the_stack_is_refused_with_the_limit() {
    for ruleset in ["xiangqi", "russian", "brazilian"] {
        for depth in [MAX_DEPTH + 1, u32::MAX] {
            let out = arbiter(&["perft", "-r", ruleset, "--depth", &depth.to_string()]);
            assert_eq!(code(&out), 2, "{ruleset} {depth}: {}", stderr(&out));
            let err = stderr(&out);
            assert_eq!(err.lines().count(), 1, "{err}");
            assert!(
                err.contains(&format!(
                    "perft depth {depth} is too deep: at most {MAX_DEPTH} plies"
                )),
                "{err}"
            );
        }
    }
}

#[test]
fn a_too_deep_perft_asked_over_the_engine_protocol_is_an_error_reply() {
    let out = crate::common::arbiter_with_input(
        &["engine"],
        &format!(
            concat!(
                r#"{{"cmd":"run","seq":1,"ruleset":"russian@fmjd64","position":null,"#,
                r#""moves":[],"query":"perft","depth":{},"count":"paths"}}"#,
                "\n"
            ),
            u32::MAX
        ),
    );
    assert_eq!(code(&out), 0, "{}", stderr(&out));
    let reply = crate::common::stdout(&out);
    assert!(
        reply.contains(r#""errored":true"#) && reply.contains("too deep"),
        "{reply}"
    );
}

#[test]
fn the_deepest_allowed_perft_runs_until_interrupted() {
    let runs = [
        vec!["-r", "xiangqi"],
        vec!["-r", "xiangqi", "--divide"],
        vec!["-r", "russian"],
        vec!["-r", "brazilian", "--divide"],
    ];
    let children: Vec<_> = runs
        .iter()
        .map(|args| {
            Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .current_dir(root())
                .arg("perft")
                .args(args)
                .args(["--depth", &MAX_DEPTH.to_string()])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    // Deep in the first line within milliseconds; an overflow would have ended it.
    std::thread::sleep(Duration::from_millis(1500));
    for (args, mut child) in runs.iter().zip(children) {
        let early = child.try_wait().unwrap();
        // SAFETY: the pid is our child's, not yet waited for.
        unsafe {
            libc::kill(child.id() as libc::pid_t, libc::SIGINT);
        }
        let out = child.wait_with_output().unwrap();
        assert!(early.is_none(), "{args:?}: perft ended early: {out:?}");
        assert_eq!(out.status.signal(), Some(libc::SIGINT), "{args:?}: {out:?}");
    }
}
