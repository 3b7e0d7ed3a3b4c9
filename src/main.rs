//! The `arbiter` command line.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    end_quietly_when_output_closes();
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
        Err(err) if is_closed_output(err.as_ref()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(2)
        }
    }
}

/// Lets the process end quietly when its own output is closed early (`arbiter moves … | head`),
/// as Unix tools do, instead of panicking on a failed write or printing an error.
///
/// SIGPIPE stays ignored (Rust's default): with its default action restored, a write to an
/// engine that has exited would kill arbiter silently (exit 141) instead of being reported
/// as an engine failure. So a write to a closed pipe is an error (EPIPE) everywhere, and
/// only one on arbiter's own stdout or stderr ends the process, quietly, with exit code 0
/// (the reader has what it wanted): `println!` panics on it, and the panic hook ends the
/// process there; a command that writes with `?` returns the error, which [`main`] reads
/// the same way ([`is_closed_output`]).
fn end_quietly_when_output_closes() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        let own_output = message.starts_with("failed printing to stdout")
            || message.starts_with("failed printing to stderr");
        if own_output && message.contains(BROKEN_PIPE_TEXT.as_str()) {
            std::process::exit(0);
        }
        default(info);
    }));
}

/// How `std::io::Error` words a broken pipe (`Broken pipe (os error 32)` on Linux), as the
/// panic message of a failed `println!` ends with it.
static BROKEN_PIPE_TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    #[cfg(unix)]
    let error = std::io::Error::from_raw_os_error(libc::EPIPE);
    #[cfg(not(unix))]
    let error = std::io::Error::from(std::io::ErrorKind::BrokenPipe);
    error.to_string()
});

/// Whether a command failed because its own output was closed: an I/O error of kind
/// `BrokenPipe` anywhere in the error's chain.
fn is_closed_output(err: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(err);
    while let Some(e) = next {
        if e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
        {
            return true;
        }
        next = e.source();
    }
    false
}
