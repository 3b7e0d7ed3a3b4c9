//! The JSON Schemas in `spec/schema/` describe the same formats as the loader: every
//! fixture and every real catalog and case file validates, the broken fixtures do not, and
//! the set of keys at each level is the same in the schema and in the Rust model (so the two
//! cannot drift apart).

use crate::common::root;
use arbiter::case::Case;
use arbiter::spec::Catalog;
use arbiter::yaml::yaml_files;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn schema(name: &str) -> Value {
    let path = root().join("spec/schema").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn yaml_as_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap();
    serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn files(dir: &str, recursive: bool) -> Vec<PathBuf> {
    let dir = root().join(dir);
    if dir.exists() {
        yaml_files(&dir, recursive).unwrap()
    } else {
        Vec::new()
    }
}

fn errors(schema: &Value, path: &Path) -> Vec<String> {
    let validator = jsonschema::validator_for(schema).expect("the schema is valid");
    let instance = yaml_as_json(path);
    validator
        .iter_errors(&instance)
        .map(|e| format!("{}: {} at {}", path.display(), e, e.instance_path))
        .collect()
}

#[test]
fn schemas_are_valid_draft_2020_12() {
    for name in [
        "catalog.schema.json",
        "cases.schema.json",
        "editions.schema.json",
        "histories.schema.json",
    ] {
        let s = schema(name);
        assert_eq!(s["$schema"], "https://json-schema.org/draft/2020-12/schema");
        assert!(jsonschema::draft202012::meta::is_valid(&s), "{name}");
    }
}

#[test]
fn catalogs_validate_against_the_catalog_schema() {
    let schema = schema("catalog.schema.json");
    let mut all = files("spec", false);
    all.extend(files("tests/fixtures/spec", false));
    all.push(root().join("tests/fixtures/schema/every-key-catalog.yaml"));
    let problems: Vec<String> = all.iter().flat_map(|p| errors(&schema, p)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn is_histories(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n == arbiter::case::HISTORIES_FILE)
}

#[test]
fn case_files_validate_against_the_cases_schema() {
    let schema = schema("cases.schema.json");
    let mut all = files("cases", true);
    all.extend(files("tests/fixtures/cases", true));
    all.push(root().join("tests/fixtures/schema/every-key-cases.yaml"));
    all.retain(|p| !is_histories(p));
    let problems: Vec<String> = all.iter().flat_map(|p| errors(&schema, p)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn histories_files_validate_against_their_schema() {
    let histories = schema("histories.schema.json");
    let all: Vec<PathBuf> = files("cases", true)
        .into_iter()
        .filter(|p| is_histories(p))
        .collect();
    assert!(!all.is_empty(), "no histories.yaml under cases/");
    let problems: Vec<String> = all.iter().flat_map(|p| errors(&histories, p)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // A case with both `position` and `history` is refused by the cases schema.
    let both = serde_json::json!([{"id": "a.b", "clauses": ["d64.x.y"], "ruleset": "russian",
        "position": "W:W21:B1", "history": "h", "expect": {"legal_count": 1}}]);
    let validator = jsonschema::validator_for(&schema("cases.schema.json")).unwrap();
    assert!(!validator.is_valid(&both));
}

#[test]
fn broken_files_fail_the_schemas_too() {
    for (schema_name, dir) in [
        ("catalog.schema.json", "tests/fixtures/broken/spec"),
        ("cases.schema.json", "tests/fixtures/broken/cases"),
    ] {
        let schema = schema(schema_name);
        for path in files(dir, false) {
            if path.file_name().is_some_and(|n| n == "bad-yaml.yaml") {
                continue; // not YAML at all
            }
            assert!(
                !errors(&schema, &path).is_empty(),
                "{} passes the schema",
                path.display()
            );
        }
    }
}

#[test]
fn every_key_fixtures_load_with_the_rust_model() {
    let text = std::fs::read_to_string(root().join("tests/fixtures/schema/every-key-catalog.yaml"))
        .unwrap();
    Catalog::from_yaml(&text).unwrap();
    let text =
        std::fs::read_to_string(root().join("tests/fixtures/schema/every-key-cases.yaml")).unwrap();
    let cases: Vec<Case> = serde_yaml::from_str(&text).unwrap();
    assert_eq!(cases[0].reserved_keys().len(), 1); // only clock is reserved
}

/// The keys the Rust model accepts at one level, read from its unknown-field error.
fn rust_keys<T: serde::de::DeserializeOwned + std::fmt::Debug>(yaml: &str) -> BTreeSet<String> {
    let err = serde_yaml::from_str::<T>(yaml).unwrap_err().to_string();
    // serde writes "expected `a`", "expected `a` or `b`" or "expected one of `a`, `b`, …".
    let list = err
        .split(", expected ")
        .nth(1)
        .unwrap_or_else(|| panic!("no field list in: {err}"));
    let list = list.split(" at line").next().unwrap();
    let list = list.strip_prefix("one of ").unwrap_or(list);
    list.split(", ")
        .flat_map(|k| k.split(" or "))
        .map(|k| k.trim_matches('`').to_owned())
        .collect()
}

fn schema_keys(schema: &Value, pointer: &str) -> BTreeSet<String> {
    schema
        .pointer(pointer)
        .and_then(Value::as_object)
        .unwrap_or_else(|| panic!("no properties at {pointer}"))
        .keys()
        .cloned()
        .collect()
}

#[test]
fn schema_and_model_accept_the_same_keys() {
    let catalog = schema("catalog.schema.json");
    let cases = schema("cases.schema.json");
    let unknown = "zz_unknown: 1";
    let checks: Vec<(BTreeSet<String>, BTreeSet<String>, &str)> = vec![
        (
            rust_keys::<Catalog>(unknown),
            schema_keys(&catalog, "/properties"),
            "catalog",
        ),
        (
            rust_keys::<Catalog>(&format!("document: {{{unknown}}}")),
            schema_keys(&catalog, "/properties/document/properties"),
            "document",
        ),
        (
            rust_keys::<Catalog>(&format!(
                "document: {{id: a, title: b, source: c, language: d}}\nclauses: [{{{unknown}}}]"
            )),
            schema_keys(&catalog, "/$defs/clause/properties"),
            "clause",
        ),
        (
            rust_keys::<Case>(unknown),
            schema_keys(&cases, "/$defs/case/properties"),
            "case",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{{unknown}}}")),
            schema_keys(&cases, "/$defs/expect/properties"),
            "expect",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{perft: [{{{unknown}}}]}}")),
            schema_keys(&cases, "/$defs/expect/properties/perft/items/properties"),
            "perft",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{outcome: {{{unknown}}}}}")),
            schema_keys(&cases, "/$defs/expect/properties/outcome/properties"),
            "outcome",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{claim: {{{unknown}}}}}")),
            schema_keys(&cases, "/$defs/expect/properties/claim/properties"),
            "claim",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{draw_offer: {{{unknown}}}}}")),
            schema_keys(&cases, "/$defs/expect/properties/draw_offer/properties"),
            "draw_offer",
        ),
        (
            rust_keys::<Case>(&format!(
                "expect: {{draw_offer: {{by: red, allowed: true, earlier: [{{{unknown}}}]}}}}"
            )),
            schema_keys(
                &cases,
                "/$defs/expect/properties/draw_offer/properties/earlier/items/properties",
            ),
            "draw_offer.earlier",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{offer: {{{unknown}}}}}")),
            schema_keys(&cases, "/$defs/expect/properties/offer/properties"),
            "offer",
        ),
        (
            rust_keys::<Case>(&format!("tournament: {{{unknown}}}")),
            schema_keys(&cases, "/$defs/tournament/properties"),
            "tournament",
        ),
        (
            rust_keys::<Case>(&format!("tournament: {{games: [{{{unknown}}}]}}")),
            schema_keys(&cases, "/$defs/tournament_game/properties"),
            "tournament.games",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{standings: [{{{unknown}}}]}}")),
            schema_keys(&cases, "/$defs/row_expect/properties"),
            "standings",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{colours: [{{{unknown}}}]}}")),
            schema_keys(&cases, "/$defs/colour_expect/properties"),
            "colours",
        ),
        (
            rust_keys::<Case>(&format!("expect: {{rejected: {{{unknown}}}}}")),
            schema_keys(&cases, "/$defs/expect/properties/rejected/properties"),
            "rejected",
        ),
    ];
    for (rust, schema, level) in checks {
        assert_eq!(rust, schema, "keys of {level}: Rust model vs JSON Schema");
    }
}

#[test]
fn every_schema_key_is_used_by_the_every_key_fixtures() {
    fn keys(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::Object(m) => {
                for (k, v) in m {
                    out.insert(k.clone());
                    keys(v, out);
                }
            }
            Value::Array(a) => a.iter().for_each(|v| keys(v, out)),
            _ => {}
        }
    }
    fn schema_props(v: &Value, out: &mut BTreeSet<String>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::Object(props)) = m.get("properties") {
                    out.extend(props.keys().cloned());
                }
                m.values().for_each(|v| schema_props(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| schema_props(v, out)),
            _ => {}
        }
    }
    for (schema_name, fixture) in [
        ("catalog.schema.json", "every-key-catalog.yaml"),
        ("cases.schema.json", "every-key-cases.yaml"),
    ] {
        let mut wanted = BTreeSet::new();
        let mut s = schema(schema_name);
        // `if` / `then` repeat keys for conditions only.
        if let Some(r) = s.pointer_mut("/$defs/expect/properties/rejected") {
            r.as_object_mut().unwrap().remove("if");
        }
        schema_props(&s, &mut wanted);
        let mut used = BTreeSet::new();
        keys(
            &yaml_as_json(&root().join("tests/fixtures/schema").join(fixture)),
            &mut used,
        );
        let missing: Vec<_> = wanted.difference(&used).collect();
        assert!(missing.is_empty(), "{fixture} does not use {missing:?}");
    }
}

#[test]
fn edition_files_validate_against_the_editions_schema() {
    let schema = schema("editions.schema.json");
    let all = files("spec/editions", false);
    assert_eq!(all.len(), 3, "brazilian, russian and xiangqi");
    let problems: Vec<String> = all.iter().flat_map(|p| errors(&schema, p)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn editions_schema_and_model_accept_the_same_keys() {
    use arbiter::edition::Registry;
    let schema = schema("editions.schema.json");
    let keys = |yaml: &str| {
        let mut r = Registry::default();
        let err = r
            .add_text(Path::new("x.yaml"), yaml)
            .unwrap_err()
            .to_string();
        let list = err
            .split(", expected ")
            .nth(1)
            .unwrap_or_else(|| panic!("{err}"));
        let list = list.strip_prefix("one of ").unwrap_or(list);
        list.split(", ")
            .flat_map(|k| k.split(" or "))
            .map(|k| k.trim_matches('`').to_owned())
            .collect::<BTreeSet<String>>()
    };
    let edition = "id: x\n    title: t\n    source: s\n    draw_offer: {clause: a, min_own_moves: 0, reoffer: equal-counts}";
    let checks = [
        (keys("zz: 1"), schema_keys(&schema, "/properties"), "file"),
        (
            keys("game: russian\neditions: [{zz: 1}]"),
            schema_keys(&schema, "/$defs/edition/properties"),
            "edition",
        ),
        (
            keys(&format!("game: russian\neditions:\n  - {edition}\n    draws: [{{zz: 1}}]")),
            schema_keys(&schema, "/$defs/draw/properties"),
            "draw",
        ),
        (
            keys("game: russian\neditions:\n  - id: x\n    title: t\n    source: s\n    draws: []\n    draw_offer: {zz: 1}"),
            schema_keys(&schema, "/$defs/draw_offer/properties"),
            "draw_offer",
        ),
    ];
    for (rust, schema, level) in checks {
        assert_eq!(rust, schema, "keys of {level}: Rust model vs JSON Schema");
    }
}
