//! The `arbiter` command line.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    restore_default_sigpipe();
    // Extra editions must be installed before any ruleset is parsed (by the arguments).
    if let Some(dir) = std::env::var_os("ARBITER_EDITIONS") {
        if let Err(err) = arbiter::edition::install_dir(std::path::Path::new(&dir)) {
            eprintln!("error: ARBITER_EDITIONS: {err}");
            return ExitCode::from(2);
        }
    }
    // So must extra time controls, before any is looked up.
    if let Some(dir) = std::env::var_os("ARBITER_CONTROLS") {
        if let Err(err) = arbiter::clock::control::install_dir(std::path::Path::new(&dir)) {
            eprintln!("error: ARBITER_CONTROLS: {err}");
            return ExitCode::from(2);
        }
    }
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}

/// Lets the process end quietly when its output is closed early (`arbiter perft … | head`),
/// as Unix tools do, instead of panicking on a failed write: Rust ignores SIGPIPE by default.
#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: called once at start-up, before any other thread exists; SIG_DFL is a valid
    // disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_default_sigpipe() {}
