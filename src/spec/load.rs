//! Reading catalog files, with every error located by file, line and column
//! ([`crate::yaml`]).

use super::Catalog;
use crate::yaml::{is_slug_segment, parse_file, parse_text, yaml_files, LoadErrors};
use std::path::{Path, PathBuf};

/// A catalog together with the file it came from.
#[derive(Debug, Clone)]
pub struct LoadedCatalog {
    /// The file.
    pub path: PathBuf,
    /// Its text (to find the lines of clauses for messages).
    pub text: String,
    /// The parsed catalog.
    pub catalog: Catalog,
}

/// Every catalog of a `spec/` directory.
#[derive(Debug, Clone, Default)]
pub struct Spec {
    /// The catalogs, ordered by file name.
    pub catalogs: Vec<LoadedCatalog>,
}

impl Spec {
    /// Every clause with the catalog it belongs to.
    pub fn clauses(&self) -> impl Iterator<Item = (&LoadedCatalog, &super::Clause)> {
        self.catalogs
            .iter()
            .flat_map(|c| c.catalog.clauses.iter().map(move |cl| (c, cl)))
    }

    /// The clause with this id, or the clause that has it as an alias.
    pub fn clause(&self, id: &str) -> Option<&super::Clause> {
        self.clauses()
            .map(|(_, c)| c)
            .find(|c| c.id == id)
            .or_else(|| {
                self.clauses()
                    .map(|(_, c)| c)
                    .find(|c| c.aliases.iter().any(|a| a == id))
            })
    }
}

/// Loads every catalog file (`*.yaml`) of a directory (not its subdirectories, which hold
/// the schemas). All malformed files are reported, not just the first.
pub fn load_catalogs(dir: &Path) -> Result<Spec, LoadErrors> {
    let files = yaml_files(dir, false).map_err(|e| LoadErrors(vec![e]))?;
    collect_catalogs(files.into_iter().map(|path| {
        let parsed = parse_file::<Catalog>(&path);
        (path, parsed)
    }))
}

/// The catalogs shipped inside the binary ([`crate::shipped::CATALOG_FILES`]), each named
/// by its path in the repository (`spec/xiangqi.yaml`), as errors name it.
///
/// ```
/// let spec = arbiter::spec::shipped_catalogs().unwrap();
/// assert!(spec.clause("xq.move.horse-leg").is_some());
/// assert!(spec.catalogs.iter().all(|c| c.path.starts_with("spec")));
/// ```
pub fn shipped_catalogs() -> Result<Spec, LoadErrors> {
    catalogs_from_texts(crate::shipped::CATALOG_FILES)
}

/// Catalogs from texts, each named by a path (`spec/xiangqi.yaml`) that errors name with
/// their line and column.
pub fn catalogs_from_texts(files: &[(&str, &str)]) -> Result<Spec, LoadErrors> {
    collect_catalogs(files.iter().map(|(path, text)| {
        let path = PathBuf::from(path);
        let parsed = parse_text::<Catalog>(&path, text).map(|c| ((*text).to_owned(), c));
        (path, parsed)
    }))
}

fn collect_catalogs(
    files: impl Iterator<Item = (PathBuf, Result<(String, Catalog), crate::yaml::LoadError>)>,
) -> Result<Spec, LoadErrors> {
    let mut spec = Spec::default();
    let mut errors = Vec::new();
    for (path, parsed) in files {
        match parsed {
            Ok((text, catalog)) => spec.catalogs.push(LoadedCatalog {
                path,
                text,
                catalog,
            }),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(spec)
    } else {
        Err(LoadErrors(errors))
    }
}

/// Whether `id` is a well-formed clause id:
/// `^(d64|xq|chess)(\.[a-z0-9]+(-[a-z0-9]+)*){2,}$`.
pub fn is_clause_id(id: &str) -> bool {
    let mut parts = id.split('.');
    let prefix_ok = matches!(parts.next(), Some("d64" | "xq" | "chess"));
    let rest: Vec<&str> = parts.collect();
    prefix_ok && rest.len() >= 2 && rest.iter().all(|s| is_slug_segment(s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_embedded_catalog_error_names_its_repository_path_and_line() {
        let bad = "document: {id: x, title: X, source: seeds/x.txt, language: zh}\nclauses:\n  - id: xq.a.b\n    kind: nonsense\n";
        let errors = catalogs_from_texts(&[("spec/x.yaml", bad)]).unwrap_err();
        let text = errors.to_string();
        assert!(text.starts_with("spec/x.yaml:4:"), "{text}");
        assert!(text.contains("kind"), "{text}");
    }

    #[test]
    fn the_shipped_catalogs_are_the_files_of_spec() {
        let shipped = shipped_catalogs().unwrap();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let on_disk = load_catalogs(&root.join("spec")).unwrap();
        fn texts(spec: &Spec) -> Vec<(&Path, &str)> {
            spec.catalogs
                .iter()
                .map(|c| (c.path.as_path(), c.text.as_str()))
                .collect()
        }
        crate::shipped::assert_shipped_as_on_disk(&texts(&shipped), &texts(&on_disk));
    }

    #[test]
    fn clause_ids_follow_the_documented_pattern() {
        for ok in [
            "d64.capture.compulsory",
            "xq.move.horse-leg",
            "chess.clock.stop-both.x2",
        ] {
            assert!(is_clause_id(ok), "{ok}");
        }
        for bad in [
            "d64.capture",      // the topic and at least one more segment
            "dr.capture.x",     // unknown prefix
            "d64.Capture.x",    // uppercase
            "d64.capture.-x",   // hyphen at the start of a segment
            "d64.capture.x--y", // empty hyphen group
            "d64..capture",     // empty segment
            "d64.capture.x_y",  // underscore
        ] {
            assert!(!is_clause_id(bad), "{bad}");
        }
    }
}
