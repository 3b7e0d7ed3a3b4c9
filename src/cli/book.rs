//! `arbiter book`: the catalogs as a static site.

use super::CliError;
use arbiter::book::{build_book, Sources};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `arbiter book`.
#[derive(Debug, Args)]
#[command(after_help = "Example:
  cargo run --release -- book --out target/book    # then open target/book/index.html

The seeds (the rulebooks' own text) are looked for in --seeds, else $ARBITER_SEEDS, else in
shared/seeds beside the current directory or one of its parents. Without them the pages say
that the seed's words could not be shown.

Exit codes:
  0  the site was written
  2  the catalogs or cases cannot be read, or a page cannot be written")]
pub struct BookArgs {
    /// The directory to write the site to (created if missing).
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// The clause catalog directory. Default: the catalogs inside the binary (those of
    /// spec/ when it was built).
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
    /// Case files or directories (searched recursively for *.yaml). Repeatable. Default:
    /// the cases inside the binary.
    #[arg(long)]
    cases: Vec<PathBuf>,
    /// The directory holding the seed files the catalogs name (`seeds/<file>`).
    #[arg(long)]
    seeds: Option<PathBuf>,
}

/// The seeds directory: the argument, `$ARBITER_SEEDS`, or `shared/seeds` beside the current
/// directory or one of its parents.
fn find_seeds(given: Option<&Path>) -> Option<PathBuf> {
    if let Some(dir) = given {
        return Some(dir.to_owned());
    }
    if let Some(dir) = std::env::var_os("ARBITER_SEEDS") {
        return Some(PathBuf::from(dir));
    }
    let cwd = std::env::current_dir().ok()?;
    cwd.ancestors()
        .map(|a| a.join("shared").join("seeds"))
        .find(|p| p.is_dir())
}

/// Builds the site and prints what was written.
pub fn book(args: BookArgs) -> Result<ExitCode, CliError> {
    let seeds = find_seeds(args.seeds.as_deref());
    if let Some(dir) = &seeds {
        if !dir.is_dir() {
            return Err(format!("--seeds {}: not a directory", dir.display()).into());
        }
    } else {
        eprintln!("note: no seeds directory found (give --seeds DIR); the pages will say the seed's words are missing");
    }
    if args.spec.is_none() {
        super::run::note_local_copy("spec", "catalogs", arbiter::shipped::CATALOG_FILES);
    }
    if args.cases.is_empty() {
        super::run::note_local_copy("cases", "cases", arbiter::shipped::CASE_FILES);
    }
    let summary = build_book(
        &Sources {
            spec: args.spec,
            cases: args.cases,
            seeds: seeds.clone(),
        },
        &args.out,
    )?;
    println!(
        "wrote {} pages to {}: {} clauses, {} case drawings; seed text found for {} clauses, not found for {}",
        summary.pages,
        args.out.display(),
        summary.clauses,
        summary.cases_drawn,
        summary.seed_found,
        summary.seed_missing.len()
    );
    if !summary.seed_missing.is_empty() {
        println!("  seed text not found: {}", summary.seed_missing.join(", "));
    }
    println!("open {}", args.out.join("index.html").display());
    Ok(ExitCode::SUCCESS)
}
