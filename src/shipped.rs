//! The suite inside the binary: the clause catalogs (`spec/*.yaml`) and the cases
//! (`cases/**/*.yaml`, without `staging/`), embedded at build time by `build.rs` like the
//! editions ([`crate::edition::BUILTIN_FILES`]) and time controls
//! ([`crate::clock::controls`]), so that an installed or copied `arbiter` runs the
//! suite from any directory. Each file keeps its path in the repository, which every
//! message about it names.
//!
//! [`shipped_catalogs`](crate::spec::shipped_catalogs) and
//! [`shipped_cases`](crate::case::shipped_cases) read these tables; `--spec` and case paths
//! on the command line read files on disk instead.
//!
//! ```
//! use arbiter::shipped::{CASE_FILES, CATALOG_FILES};
//!
//! assert!(CATALOG_FILES.iter().any(|(path, _)| *path == "spec/xiangqi.yaml"));
//! assert!(CASE_FILES.iter().all(|(path, _)| path.starts_with("cases/")));
//! assert!(!CASE_FILES.iter().any(|(path, _)| path.contains("/staging/")));
//! ```

mod catalog_files {
    include!(concat!(env!("OUT_DIR"), "/catalog_files.rs"));
}
mod case_files {
    include!(concat!(env!("OUT_DIR"), "/case_files.rs"));
}

/// The shipped clause catalogs, every `*.yaml` directly in `spec/`: (path in the
/// repository, text), sorted by path.
pub const CATALOG_FILES: &[(&str, &str)] = catalog_files::CATALOG_FILES;

/// The shipped case files, every `*.yaml` and `*.yml` under `cases/` but `staging/`: (path
/// in the repository, text), sorted by path.
pub const CASE_FILES: &[(&str, &str)] = case_files::CASE_FILES;

/// The commit the shipped catalogs and cases were built from, when the binary was built
/// from a git checkout whose `spec/` and `cases/` had no change against it; `None` otherwise
/// (a packaged crate, changed data).
pub const SUITE_COMMIT: Option<&str> = option_env!("ARBITER_SUITE_COMMIT");

/// For the tests that the files built into the binary are the files on disk: each shipped
/// file (its repository path and what was read from it) matches the one read from disk at
/// the same place in the order, by path (the disk's is absolute) and by what was read.
#[cfg(test)]
#[track_caller]
pub(crate) fn assert_shipped_as_on_disk<T: PartialEq + std::fmt::Debug>(
    shipped: &[(&std::path::Path, T)],
    on_disk: &[(&std::path::Path, T)],
) {
    assert_eq!(shipped.len(), on_disk.len());
    for ((a, read_a), (b, read_b)) in shipped.iter().zip(on_disk) {
        assert!(b.ends_with(a), "{} {}", a.display(), b.display());
        assert_eq!(read_a, read_b);
    }
}
