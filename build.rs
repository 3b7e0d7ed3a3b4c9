//! Embeds the shipped data files in the library, so that the installed binary carries the
//! whole suite and works from any directory (docs/ci.md):
//!
//! - every `*.yaml` of `spec/editions/` and of `spec/controls/` (adding an edition or a time
//!   control is adding a file);
//! - the clause catalogs, every `*.yaml` directly in `spec/`;
//! - the cases, every `*.yaml` and `*.yml` under `cases/` but those under a `staging/`
//!   directory (cases not yet reviewed, which `arbiter run` skips unless named);
//! - the commit the data was built from, when the package is a git checkout whose `spec/`
//!   and `cases/` are those of the commit (`ARBITER_SUITE_COMMIT`).
//!
//! Each table is `&[(path in the repository, text)]`, sorted by path, written to `OUT_DIR`
//! and included by the module that reads it.
//!
//! It also writes the clause vocabulary: one `&str` constant per clause id of the catalogs
//! (`d64.draw.russian-two-vs-one-5` is `D64_DRAW_RUSSIAN_TWO_VS_ONE_5`), included by
//! `src/clause.rs`, so that a mistyped id in code fails to compile. Two ids with one
//! constant name stop the build.
//!
//! And it writes the mutants' enums from `src/mutant/mutants.yaml` (`Mutant`, one enum a
//! family, with `ALL`, `name`, `clause`, `about` and `games`), included by
//! `src/mutant/mod.rs`: a malformed entry, a clause id that is in no catalog of `spec/`, an
//! unknown game, a name or variant used twice stop the build with the file, the entry and
//! the field.

use std::collections::{BTreeMap, BTreeSet};
use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A table of embedded files.
struct Table {
    /// The constant's name.
    name: &'static str,
    /// The directory, relative to the package root.
    dir: &'static str,
    /// Whether subdirectories are searched too.
    recursive: bool,
    /// The file written to `OUT_DIR`.
    file_name: &'static str,
}

const TABLES: [Table; 4] = [
    Table {
        name: "EDITION_FILES",
        dir: "spec/editions",
        recursive: false,
        file_name: "edition_files.rs",
    },
    Table {
        name: "CONTROL_FILES",
        dir: "spec/controls",
        recursive: false,
        file_name: "control_files.rs",
    },
    Table {
        name: "CATALOG_FILES",
        dir: "spec",
        recursive: false,
        file_name: "catalog_files.rs",
    },
    Table {
        name: "CASE_FILES",
        dir: "cases",
        recursive: true,
        file_name: "case_files.rs",
    },
];

fn main() {
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    for table in &TABLES {
        println!("cargo:rerun-if-changed={}", table.dir);
        let mut files = Vec::new();
        collect(&root, Path::new(table.dir), table.recursive, &mut files);
        files.sort();
        let mut out = String::from("// Written by build.rs: the shipped data files.\n");
        let _ = writeln!(
            out,
            "/// The shipped `*.yaml` files of `{}/`: (path in the repository, text).",
            table.dir
        );
        let _ = writeln!(out, "pub const {}: &[(&str, &str)] = &[", table.name);
        for file in files {
            let _ = writeln!(
                out,
                "    ({:?}, include_str!({:?})),",
                file,
                root.join(&file).display().to_string()
            );
        }
        out.push_str("];\n");
        let dest = out_dir.join(table.file_name);
        fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    }
    let ids = clause_ids(&root, &out_dir);
    mutants(&root, &out_dir, &ids);
    if let Some(commit) = suite_commit(&root) {
        println!("cargo:rustc-env=ARBITER_SUITE_COMMIT={commit}");
    }
}

/// The data files (`*.yaml`, `*.yml`) of `dir` (relative to `root`), as `/`-separated
/// paths relative to `root`; with `recursive`, those of its subdirectories too, except
/// `staging/` ones.
fn collect(root: &Path, dir: &Path, recursive: bool, files: &mut Vec<String>) {
    let entries = fs::read_dir(root.join(dir))
        .unwrap_or_else(|e| panic!("{}: cannot read directory: {e}", dir.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = dir.join(&name);
        let kind = entry
            .file_type()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if kind.is_dir() {
            if recursive && name != "staging" {
                collect(root, &path, recursive, files);
            }
        } else if name.ends_with(".yaml") || name.ends_with(".yml") {
            let parts: Vec<String> = path
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect();
            files.push(parts.join("/"));
        }
    }
}

/// Writes `clause_ids.rs`: a constant per clause id of the catalogs (`spec/*.yaml`), named
/// by [`constant_name`] and documented with the clause's statement, in catalog order.
/// Returns the ids.
fn clause_ids(root: &Path, out_dir: &Path) -> BTreeSet<String> {
    let mut catalogs = Vec::new();
    collect(root, Path::new("spec"), false, &mut catalogs);
    catalogs.sort();
    // Constant name -> (id, catalog file), to refuse two ids with one name.
    let mut names: BTreeMap<String, (String, String)> = BTreeMap::new();
    let mut out = String::from(
        "// Written by build.rs: a constant per clause id of the catalogs of spec/.\n",
    );
    for file in &catalogs {
        println!("cargo:rerun-if-changed={file}");
        let path = root.join(file);
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let yaml: serde_yaml::Value =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let clauses = yaml
            .get("clauses")
            .and_then(|c| c.as_sequence())
            .unwrap_or_else(|| panic!("{file}: no list of clauses"));
        for clause in clauses {
            let field = |key: &str| {
                clause
                    .get(key)
                    .and_then(|v| v.as_str())
                    .unwrap_or_else(|| panic!("{file}: a clause without {key}: {clause:?}"))
            };
            let id = field("id");
            let statement = field("statement");
            let name = constant_name(id).unwrap_or_else(|| {
                panic!("{file}: clause id '{id}' is not lowercase letters, digits, '.' and '-'")
            });
            if let Some((other, other_file)) = names.get(&name) {
                panic!(
                    "{file}: clause id '{id}' and clause id '{other}' ({other_file}) both make \
                     the constant {name}: rename one of them"
                );
            }
            names.insert(name.clone(), (id.to_owned(), file.clone()));
            let doc = format!("`{id}` ({file}): {}", markdown_text(statement));
            let _ = writeln!(out, "#[doc = {doc:?}]");
            let _ = writeln!(out, "pub const {name}: &str = {id:?};");
        }
    }
    let dest = out_dir.join("clause_ids.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
    names.into_values().map(|(id, _)| id).collect()
}

/// The catalog of the mutants, relative to the package root.
const MUTANTS: &str = "src/mutant/mutants.yaml";

/// The games a mutant may alter: the name in the catalog and the variant of `Game`.
const GAMES: [(&str, &str); 3] = [
    ("brazilian", "Brazilian"),
    ("russian", "Russian"),
    ("xiangqi", "Xiangqi"),
];

/// A family of the catalog: an enum of mutants and the variant of `Mutant` that holds it.
struct Family {
    /// The enum's name (`MoveMutant`).
    family: String,
    /// The variant of `Mutant` holding it (`Moves`).
    mutant: String,
    /// The documentation of that variant.
    mutant_doc: String,
    /// The enum's documentation.
    doc: String,
    /// Its mutants, in catalog order.
    mutants: Vec<Entry>,
}

/// A mutant of the catalog.
struct Entry {
    /// Its variant of the family's enum.
    variant: String,
    /// Its name, in kebab case.
    name: String,
    /// The id of the clause it breaks.
    clause: String,
    /// The variants of `Game` it alters.
    games: Vec<&'static str>,
    /// What it does, in one line.
    about: String,
}

/// A mapping of the catalog of mutants, read field by field: a missing or malformed field,
/// or a field it does not have, stops the build naming the file, the entry (`at`) and the
/// field.
struct Fields<'a> {
    map: &'a serde_yaml::Mapping,
    at: String,
}

impl<'a> Fields<'a> {
    /// `value` as a mapping with only the fields `keys`.
    fn new(value: &'a serde_yaml::Value, at: String, keys: &[&str]) -> Fields<'a> {
        let Some(map) = value.as_mapping() else {
            fail(&at, "is not a mapping of fields");
        };
        for key in map.keys() {
            let key = key.as_str().unwrap_or_default();
            if !keys.contains(&key) {
                let known = keys.join(", ");
                fail(&at, &format!("unknown field '{key}' (the fields: {known})"));
            }
        }
        Fields { map, at }
    }

    /// A field that must be there.
    fn get(&self, key: &str) -> &'a serde_yaml::Value {
        self.map
            .get(key)
            .unwrap_or_else(|| self.fail(key, "is missing"))
    }

    /// A field of text, not empty, on one line.
    fn text(&self, key: &str) -> String {
        let text = self
            .get(key)
            .as_str()
            .unwrap_or_else(|| self.fail(key, "is not text"));
        if text.trim().is_empty() || text.contains('\n') {
            self.fail(key, "must be one line of text, not empty");
        }
        text.to_owned()
    }

    /// A field that is a Rust type or variant name (`KingsNotFlying`).
    fn camel_case(&self, key: &str) -> String {
        let text = self.text(key);
        let valid = text.starts_with(|c: char| c.is_ascii_uppercase())
            && text.chars().all(|c| c.is_ascii_alphanumeric());
        if !valid {
            self.fail(key, &format!("'{text}' is not a CamelCase name"));
        }
        text
    }

    /// A list field, not empty.
    fn list(&self, key: &str) -> &'a [serde_yaml::Value] {
        match self.get(key).as_sequence() {
            Some(list) if !list.is_empty() => list,
            _ => self.fail(key, "is not a list with at least one item"),
        }
    }

    fn fail(&self, key: &str, problem: &str) -> ! {
        fail(&self.at, &format!("field '{key}' {problem}"))
    }
}

/// Stops the build: a problem of the catalog of mutants at `at`.
fn fail(at: &str, problem: &str) -> ! {
    panic!("{MUTANTS}: {at}: {problem}")
}

/// Reads the catalog of mutants, checking every clause id against `ids`.
fn read_mutants(text: &str, ids: &BTreeSet<String>) -> Vec<Family> {
    let yaml: serde_yaml::Value =
        serde_yaml::from_str(text).unwrap_or_else(|e| panic!("{MUTANTS}: {e}"));
    let top = Fields::new(&yaml, "the file".to_owned(), &["families"]);
    let mut names = BTreeSet::new();
    let mut families: Vec<Family> = Vec::new();
    for (i, value) in top.list("families").iter().enumerate() {
        let fields = Fields::new(
            value,
            format!("family {}", i + 1),
            &["family", "mutant", "mutant_doc", "doc", "mutants"],
        );
        let family = Family {
            family: fields.camel_case("family"),
            mutant: fields.camel_case("mutant"),
            mutant_doc: fields.text("mutant_doc"),
            doc: fields.text("doc"),
            mutants: Vec::new(),
        };
        if families.iter().any(|other| other.family == family.family) {
            fields.fail("family", "is that of an earlier family");
        }
        if families.iter().any(|other| other.mutant == family.mutant) {
            fields.fail("mutant", "is that of an earlier family");
        }
        let mut variants = BTreeSet::new();
        let mut mutants = Vec::new();
        for (j, value) in fields.list("mutants").iter().enumerate() {
            // The entry's place: its family, number and name (when it has one).
            let mut at = format!("family {}, mutant {}", family.family, j + 1);
            if let Some(name) = value.get("name").and_then(|n| n.as_str()) {
                let _ = write!(at, " ({name})");
            }
            let entry = read_entry(value, at.clone(), ids);
            if !names.insert(entry.name.clone()) {
                fail(&at, "field 'name' is that of an earlier mutant");
            }
            if !variants.insert(entry.variant.clone()) {
                fail(
                    &at,
                    "field 'variant' is that of an earlier mutant of the family",
                );
            }
            mutants.push(entry);
        }
        families.push(Family { mutants, ..family });
    }
    families
}

/// Reads one mutant of the catalog.
fn read_entry(value: &serde_yaml::Value, at: String, ids: &BTreeSet<String>) -> Entry {
    let fields = Fields::new(value, at, &["variant", "name", "clause", "games", "about"]);
    let name = fields.text("name");
    let kebab = name.starts_with(|c: char| c.is_ascii_lowercase())
        && !name.ends_with('-')
        && !name.contains("--")
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if !kebab {
        fields.fail("name", &format!("'{name}' is not in kebab case"));
    }
    let clause = fields.text("clause");
    if !ids.contains(&clause) {
        fields.fail(
            "clause",
            &format!("'{clause}' is no clause of the catalogs of spec/"),
        );
    }
    let mut games = Vec::new();
    for game in fields.list("games") {
        let game = game
            .as_str()
            .unwrap_or_else(|| fields.fail("games", "is not a list of names"));
        let variant = GAMES
            .iter()
            .find(|(name, _)| *name == game)
            .map(|(_, variant)| *variant)
            .unwrap_or_else(|| {
                let known: Vec<&str> = GAMES.iter().map(|(name, _)| *name).collect();
                fields.fail(
                    "games",
                    &format!("names '{game}', no game ({})", known.join(", ")),
                )
            });
        if games.contains(&variant) {
            fields.fail("games", &format!("names '{game}' twice"));
        }
        games.push(variant);
    }
    Entry {
        variant: fields.camel_case("variant"),
        name,
        clause,
        games,
        about: fields.text("about"),
    }
}

/// A method of `Mutant` and of each family, one `match` over its variants.
#[derive(Clone, Copy)]
enum Method {
    Name,
    Clause,
    About,
    Games,
}

impl Method {
    const ALL: [Method; 4] = [Method::Name, Method::Clause, Method::About, Method::Games];

    /// The method's name and return type.
    fn signature(self) -> (&'static str, &'static str) {
        match self {
            Method::Name => ("name", "&'static str"),
            Method::Clause => ("clause", "&'static str"),
            Method::About => ("about", "&'static str"),
            Method::Games => ("games", "&'static [crate::Game]"),
        }
    }

    /// The documentation of `Mutant`'s method and of a family's.
    fn docs(self) -> (&'static str, &'static str) {
        match self {
            Method::Name => (
                "The mutant's name, in kebab case (`kings-not-flying`).",
                "The name, in kebab case.",
            ),
            Method::Clause => (
                "The catalog id of the clause the mutant breaks.",
                "The catalog id of the clause broken.",
            ),
            Method::About => (
                "What the mutant does, in one line.",
                "What it does, in one line.",
            ),
            Method::Games => (
                "The games whose rules the mutant alters.",
                "The games it alters.",
            ),
        }
    }

    /// The method's value for a mutant of the catalog, as Rust code (a clause is named by
    /// its constant of `crate::clause`).
    fn value(self, m: &Entry) -> String {
        match self {
            Method::Name => format!("{:?}", m.name),
            Method::Clause => {
                let constant = constant_name(&m.clause).expect("a clause id of the catalogs");
                format!("crate::clause::{constant}")
            }
            Method::About => format!("{:?}", m.about),
            Method::Games => {
                let games: Vec<String> = m
                    .games
                    .iter()
                    .map(|g| format!("crate::Game::{g}"))
                    .collect();
                format!("&[{}]", games.join(", "))
            }
        }
    }
}

/// Writes `mutants.rs` from the catalog of mutants: `Mutant` (a variant a family), its
/// `ALL` (every mutant in catalog order) and methods (each asks the family), and each
/// family's enum with its `ALL` and methods (read from the catalog).
fn mutants(root: &Path, out_dir: &Path, ids: &BTreeSet<String>) {
    println!("cargo:rerun-if-changed={MUTANTS}");
    let text = fs::read_to_string(root.join(MUTANTS)).unwrap_or_else(|e| panic!("{MUTANTS}: {e}"));
    let families = read_mutants(&text, ids);
    let mut out = format!("// Written by build.rs from {MUTANTS}: the mutants' enums.\n");
    let variants: Vec<(&str, String)> = families
        .iter()
        .map(|f| (f.mutant_doc.as_str(), format!("{}({})", f.mutant, f.family)))
        .collect();
    write_enum(
        &mut out,
        "One altered clause of the reference.",
        "Mutant",
        &variants,
    );
    let all: Vec<String> = families
        .iter()
        .flat_map(|f| {
            f.mutants
                .iter()
                .map(|m| format!("Mutant::{}({}::{})", f.mutant, f.family, m.variant))
        })
        .collect();
    write_all(
        &mut out,
        "Every mutant, in catalog order (move generation first).",
        "Mutant",
        &all,
    );
    for method in Method::ALL {
        let (name, _) = method.signature();
        let arms: Vec<(String, String)> = families
            .iter()
            .map(|f| (format!("Mutant::{}(m)", f.mutant), format!("m.{name}()")))
            .collect();
        write_method(&mut out, method, method.docs().0, &arms);
    }
    out.push_str("}\n");
    for f in &families {
        let variants: Vec<(&str, String)> = f
            .mutants
            .iter()
            .map(|m| (m.about.as_str(), m.variant.clone()))
            .collect();
        write_enum(&mut out, &f.doc, &f.family, &variants);
        let all: Vec<String> = f
            .mutants
            .iter()
            .map(|m| format!("{}::{}", f.family, m.variant))
            .collect();
        write_all(
            &mut out,
            "Every such mutant, in catalog order.",
            &f.family,
            &all,
        );
        for method in Method::ALL {
            let arms: Vec<(String, String)> = f
                .mutants
                .iter()
                .map(|m| (format!("{}::{}", f.family, m.variant), method.value(m)))
                .collect();
            write_method(&mut out, method, method.docs().1, &arms);
        }
        out.push_str("}\n");
    }
    let dest = out_dir.join("mutants.rs");
    fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}

/// Writes an enum of mutants: its documentation, name and variants (documentation, text).
fn write_enum(out: &mut String, doc: &str, name: &str, variants: &[(&str, String)]) {
    let _ = writeln!(out, "\n#[doc = {doc:?}]");
    out.push_str("#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]\n");
    let _ = writeln!(out, "pub enum {name} {{");
    for (doc, variant) in variants {
        let _ = writeln!(out, "    #[doc = {doc:?}]\n    {variant},");
    }
    out.push_str("}\n");
}

/// Opens the `impl` of an enum of mutants with its `ALL`.
fn write_all(out: &mut String, doc: &str, name: &str, all: &[String]) {
    let _ = writeln!(
        out,
        "\nimpl {name} {{\n    /// {doc}\n    pub const ALL: &'static [{name}] = &["
    );
    for item in all {
        let _ = writeln!(out, "        {item},");
    }
    out.push_str("    ];\n");
}

/// Writes a method of an enum of mutants: a `match` with the arms (pattern, value).
fn write_method(out: &mut String, method: Method, doc: &str, arms: &[(String, String)]) {
    let (name, ty) = method.signature();
    let _ = writeln!(
        out,
        "\n    /// {doc}\n    pub fn {name}(self) -> {ty} {{\n        match self {{"
    );
    for (pattern, value) in arms {
        let _ = writeln!(out, "            {pattern} => {value},");
    }
    out.push_str("        }\n    }\n");
}

/// The constant's name for a clause id: upper case, `.` and `-` as `_`
/// (`xq.result.checkmate-loses` is `XQ_RESULT_CHECKMATE_LOSES`); `None` for an id that is
/// not lowercase ASCII letters, digits, `.` and `-` starting with a letter.
/// `scripts/clause_ids.py` and `tests/suite/clause_ids_in_code.rs` use the same rule.
fn constant_name(id: &str) -> Option<String> {
    let valid = id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-');
    valid.then(|| id.to_ascii_uppercase().replace(['.', '-'], "_"))
}

/// A statement as documentation text: Markdown's special characters escaped, so that the
/// text reads as written and rustdoc finds no link or HTML in it.
fn markdown_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
    {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The commit of the checkout the package is, when its `spec/` and `cases/` have no change
/// against it; `None` outside a git checkout of this package (a packaged crate).
fn suite_commit(root: &Path) -> Option<String> {
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
    };
    // The package must be the top of the checkout, not a directory inside another one
    // (`cargo package` builds in target/package/).
    let top = PathBuf::from(git(&["rev-parse", "--show-toplevel"])?);
    if fs::canonicalize(&top).ok()? != fs::canonicalize(root).ok()? {
        return None;
    }
    let changed = git(&["status", "--porcelain", "--", "spec", "cases"])?;
    if !changed.is_empty() {
        return None;
    }
    let commit = git(&["rev-parse", "HEAD"])?;
    (!commit.is_empty()).then_some(commit)
}
