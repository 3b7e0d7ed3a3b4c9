//! The `arbiter` command line.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Extra editions must be installed before any ruleset is parsed (by the arguments).
    if let Some(dir) = std::env::var_os("ARBITER_EDITIONS") {
        if let Err(err) = arbiter::edition::install_dir(std::path::Path::new(&dir)) {
            eprintln!("error: ARBITER_EDITIONS: {err}");
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
