//! `arbiter spec lint`: one test per lint rule, on the fixture catalog and cases that break
//! each rule once (`tests/fixtures/lint/`).

use arbiter::audit::{lint, Coverage, Problem};
use arbiter::case::load_cases;
use arbiter::spec::load_catalogs;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn fixture(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(p)
}

fn problems() -> &'static [Problem] {
    static P: OnceLock<Vec<Problem>> = OnceLock::new();
    P.get_or_init(|| {
        let spec = load_catalogs(&fixture("lint/spec")).unwrap();
        let suite = load_cases(&[fixture("lint/cases")]).unwrap();
        lint(&spec, &suite)
    })
}

/// The one problem whose message contains `part`, with its file name and line.
#[track_caller]
fn problem(part: &str) -> (String, Option<usize>) {
    let found: Vec<&Problem> = problems()
        .iter()
        .filter(|p| p.message.contains(part))
        .collect();
    assert_eq!(found.len(), 1, "'{part}' in {:#?}", problems());
    let p = found[0];
    (
        p.path.file_name().unwrap().to_string_lossy().into_owned(),
        p.line,
    )
}

#[test]
fn the_good_fixtures_are_clean() {
    let spec = load_catalogs(&fixture("spec")).unwrap();
    let suite = load_cases(&[fixture("cases")]).unwrap();
    assert_eq!(lint(&spec, &suite), vec![]);
}

#[test]
fn clause_ids_are_unique_across_documents() {
    assert_eq!(
        problem("clause id 'xq.move.horse-leg' is already defined"),
        ("xiangqi.yaml".into(), Some(20))
    );
}

#[test]
fn clause_ids_are_well_formed_and_fit_their_document() {
    assert_eq!(
        problem("clause id 'xq.Bad_Id' is malformed"),
        ("xiangqi.yaml".into(), Some(26))
    );
    problem("'d64.in.wrong-document' does not start with 'xq.'");
}

#[test]
fn clauses_name_rulesets() {
    problem("clause 'xq.Bad_Id' has no rulesets");
}

#[test]
fn see_also_targets_exist() {
    problem("see_also 'xq.nowhere.to-be-found', which is no clause");
}

#[test]
fn case_ids_are_unique_and_well_formed() {
    // The second use is reported, pointing at the first.
    let (file, line) = problem("case id 'lint.ok' is already used at");
    assert_eq!((file.as_str(), line), ("problems.yaml", Some(5)));
    problem("case id 'Lint.Bad_Id' is malformed");
}

#[test]
fn cited_clauses_exist() {
    assert_eq!(
        problem("cites clause 'd64.no.such-clause', which is not in the catalog"),
        ("problems.yaml".into(), Some(13))
    );
}

#[test]
fn cited_clauses_are_executable() {
    problem("cites clause 'd64.equipment.board-size', which is not executable");
}

#[test]
fn a_case_runs_only_under_rulesets_its_clauses_apply_to() {
    // [xiangqi@cxa] does not cover xiangqi@axf, but covers plain `xiangqi` (= @cxa).
    // A case under several rulesets needs, under each, one cited clause that applies there.
    problem("runs under xiangqi@axf, but none of its clauses applies to xiangqi@axf");
    assert!(!problems()
        .iter()
        .any(|p| p.message.contains("runs under xiangqi@cxa")));
    problem(
        "runs under [russian@fmjd64], but clause 'xq.move.horse-leg' applies only to [xiangqi]",
    );
    problem("case 'lint.wrong-game' runs under russian@fmjd64, but none of its clauses applies");
}

#[test]
fn a_case_expects_something_and_rejected_stands_alone() {
    problem("case 'lint.expects-nothing' expects nothing");
    problem("case 'lint.rejected-and-more' combines `rejected`");
    problem("case 'lint.rejected-step-missing' expects step 2 to be refused, but has 1 step(s)");
}

#[test]
fn clause_aliases_resolve_for_cases() {
    assert!(!problems()
        .iter()
        .any(|p| p.message.contains("lint.by-alias")));
}

#[test]
fn problems_print_as_file_line_message() {
    let shown = problems()
        .iter()
        .find(|p| p.message.contains("d64.no.such-clause"))
        .unwrap()
        .to_string();
    assert!(shown.ends_with("lint/cases/problems.yaml:13: case 'lint.unknown-clause' cites clause 'd64.no.such-clause', which is not in the catalog"), "{shown}");
    assert_eq!(problems().len(), 15, "{:#?}", problems());
}

#[test]
fn coverage_counts_executable_clauses_with_cases() {
    let spec = load_catalogs(&fixture("spec")).unwrap();
    let suite = load_cases(&[fixture("cases/pass")]).unwrap();
    let c = Coverage::compute(&spec, &suite);
    assert_eq!(
        (c.total.executable, c.total.covered, c.total.not_executable),
        (4, 3, 1)
    );
    assert_eq!(c.uncovered, ["d64.capture.compulsory"]);
    let d64 = &c.documents[0];
    assert_eq!(
        (d64.name.as_str(), d64.executable, d64.covered),
        ("draughts64", 2, 1)
    );
    let capture = c.kinds.iter().find(|k| k.name == "capture").unwrap();
    assert_eq!((capture.executable, capture.covered), (1, 0));
    assert!(c.to_text().contains("d64.capture.compulsory"));
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["uncovered"][0], "d64.capture.compulsory");
}
