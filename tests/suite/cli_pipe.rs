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
