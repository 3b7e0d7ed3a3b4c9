//! The command line ends quietly when its reader goes away (`arbiter … | head`), like other
//! Unix tools, instead of panicking on a failed write.

#[cfg(unix)]
#[test]
fn closed_output_ends_quietly_without_a_panic() {
    // `true` exits at once without reading; perft takes long enough that the pipe is closed
    // by the time the count is printed.
    let script = format!(
        "'{}' perft --ruleset russian --depth 9 | true",
        env!("CARGO_BIN_EXE_arbiter")
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("sh runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

/// Issue 27: SIGPIPE is no longer left to kill the process (a dead engine's closed stdin
/// raised it too), so a closed stdout must still end a command quietly, exit code 0: by
/// `println!` (`moves`), by a write returning the error (`moves --batch`, `engine`).
#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_quietly_with_exit_code_0() {
    let bin = env!("CARGO_BIN_EXE_arbiter");
    let start = r#"{"cmd":"start","protocol":1}"#;
    let legal =
        r#"{"cmd":"run","seq":1,"query":"legal","ruleset":"xiangqi","position":null,"moves":[]}"#;
    for script in [
        format!("'{bin}' moves --ruleset xiangqi | head -c 1 >/dev/null; echo \"status ${{PIPESTATUS[0]}}\""),
        format!("yes startpos | head -n 200000 | '{bin}' moves --batch --ruleset xiangqi | head -c 1 >/dev/null; echo \"status ${{PIPESTATUS[2]}}\""),
        format!("(echo '{start}'; yes '{legal}' | head -n 20000) | '{bin}' engine | head -c 1 >/dev/null; echo \"status ${{PIPESTATUS[1]}}\""),
    ] {
        let out = std::process::Command::new("bash")
            .args(["-c", &script])
            .output()
            .expect("bash runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "{script}: {stderr}");
        assert_eq!(stdout.trim(), "status 0", "{script}");
    }
}
