//! `arbiter book`: the static site of the catalogs.

use super::{outside_seed, seed_text};
use crate::audit::Coverage;
use crate::case::{load_cases, shipped_cases, Case, LoadedCaseFile, Suite};
use crate::edition::registry;
use crate::page::{
    escape, expectation_words, page, scene_html, touched_squares, ArrowKind, Route, Scene,
};
use crate::spec::{load_catalogs, shipped_catalogs, Clause, LoadedCatalog, Spec};
use crate::yaml::find_id_line;
use crate::{Game, Ruleset};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

/// Where the book is built from.
#[derive(Debug, Clone)]
pub struct Sources {
    /// The catalog directory (`spec/`); `None`: the catalogs inside the binary
    /// ([`crate::shipped`]).
    pub spec: Option<PathBuf>,
    /// Case files or directories (`cases/`); none: the cases inside the binary.
    pub cases: Vec<PathBuf>,
    /// The directory holding the seeds (the catalogs' `document.source` is
    /// `seeds/<file>` relative to its parent); `None` when not found.
    pub seeds: Option<PathBuf>,
}

/// The directory of the site holding the case files that are not on disk (those inside the
/// binary), for the cases' source links.
const SOURCE_DIR: &str = "source";

/// What was written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BookSummary {
    /// Pages written (the index and one per clause).
    pub pages: usize,
    /// Clause pages.
    pub clauses: usize,
    /// Cases drawn (a case citing several clauses counts on each page).
    pub cases_drawn: usize,
    /// Clauses from the seeds whose text was found.
    pub seed_found: usize,
    /// Clauses from the seeds whose text was not found.
    pub seed_missing: Vec<String>,
}

/// Why the book could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// The catalogs or cases could not be read.
    #[error("{0}")]
    Load(String),
    /// A page could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Builds the site into `out`: `index.html` and `clauses/<id>.html`.
pub fn build_book(sources: &Sources, out: &Path) -> Result<BookSummary, BookError> {
    let spec = match &sources.spec {
        Some(dir) => load_catalogs(dir),
        None => shipped_catalogs(),
    }
    .map_err(|e| BookError::Load(e.to_string()))?;
    let suite = if sources.cases.is_empty() {
        shipped_cases()
    } else {
        load_cases(&sources.cases)
    }
    .map_err(|e| BookError::Load(e.to_string()))?;
    let raw = raw_cases(&suite);
    let coverage = Coverage::compute(&spec, &suite);
    let clause_dir = out.join("clauses");
    std::fs::create_dir_all(&clause_dir).map_err(|source| BookError::Write {
        path: clause_dir.clone(),
        source,
    })?;
    let out_abs = absolute(out);
    // Case files read from inside the binary (not on disk here) are written beside the
    // pages, so that each case's source link leads somewhere in any directory.
    for file in &suite.files {
        if !file.path.is_file() {
            let copy = out_abs.join(SOURCE_DIR).join(&file.path);
            if let Some(dir) = copy.parent() {
                std::fs::create_dir_all(dir).map_err(|source| BookError::Write {
                    path: dir.to_owned(),
                    source,
                })?;
            }
            write(&copy, &file.text)?;
        }
    }
    let mut summary = BookSummary::default();
    let seeds: BTreeMap<String, Option<String>> = spec
        .catalogs
        .iter()
        .map(|c| {
            let text = sources.seeds.as_ref().and_then(|dir| {
                let name = c.catalog.document.source.trim_start_matches("seeds/");
                std::fs::read_to_string(dir.join(name)).ok()
            });
            (c.catalog.document.id.clone(), text)
        })
        .collect();
    let mut rows: Vec<IndexRow> = Vec::new();
    let drawn = std::cell::RefCell::new(BTreeMap::new());
    let mut cited_by: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (catalog, clause) in spec.clauses() {
        let cases: Vec<(&LoadedCaseFile, &Case)> = suite
            .cases()
            .filter(|(_, case)| {
                case.clauses
                    .iter()
                    .any(|id| spec.clause(id).is_some_and(|c| c.id == clause.id))
            })
            .collect();
        let seed = seeds
            .get(&catalog.catalog.document.id)
            .and_then(Option::as_ref);
        let words = seed.and_then(|s| seed_text(s, &clause.source));
        if !outside_seed(&clause.source) {
            if words.is_some() {
                summary.seed_found += 1;
            } else {
                summary.seed_missing.push(clause.id.clone());
            }
        }
        let status = if !cases.is_empty() {
            Coverage3::Cases
        } else if clause.executable {
            Coverage3::NoCases
        } else {
            Coverage3::NotExecutable
        };
        let html = clause_page(&ClausePage {
            spec: &spec,
            catalog,
            clause,
            cases: &cases,
            raw: &raw,
            seed_words: words.as_deref(),
            seed_available: seed.is_some(),
            status,
            out: &out_abs,
            drawn: &drawn,
        });
        for (_, case) in &cases {
            cited_by
                .entry(case.id.clone())
                .or_default()
                .push(clause.id.clone());
        }
        let path = clause_dir.join(format!("{}.html", clause.id));
        write(&path, &html)?;
        summary.pages += 1;
        summary.clauses += 1;
        summary.cases_drawn += cases.len();
        rows.push(IndexRow {
            document: catalog.catalog.document.id.clone(),
            group: group_of(&clause.source),
            id: clause.id.clone(),
            source: clause.source.clone(),
            kind: clause.kind.name(),
            statement: clause.statement.clone(),
            status,
            cases: cases.len(),
        });
    }
    write(
        &out.join("index.html"),
        &index_page(&spec, &rows, &coverage),
    )?;
    summary.pages += 1;
    // One page per case too (the same section, with links to the clauses it cites), to link
    // to and to look at alone.
    let case_dir = out.join("cases");
    std::fs::create_dir_all(&case_dir).map_err(|source| BookError::Write {
        path: case_dir.clone(),
        source,
    })?;
    for (id, section) in drawn.into_inner() {
        let clauses: Vec<String> = cited_by
            .get(&id)
            .into_iter()
            .flatten()
            .map(|c| {
                format!(
                    r#"<a href="../clauses/{0}.html"><code>{0}</code></a>"#,
                    escape(c)
                )
            })
            .collect();
        let body = format!(
            r#"<nav class="crumbs"><a href="../index.html">Index</a> › case</nav>{section}<p class="small">Cites {}.</p>"#,
            clauses.join(", ")
        );
        write(
            &case_dir.join(format!("{id}.html")),
            &page(&format!("{id} — arbiter book"), &body),
        )?;
        summary.pages += 1;
    }
    Ok(summary)
}

fn write(path: &Path, text: &str) -> Result<(), BookError> {
    std::fs::write(path, text).map_err(|source| BookError::Write {
        path: path.to_owned(),
        source,
    })
}

fn absolute(path: &Path) -> PathBuf {
    if path.is_absolute() {
        path.to_owned()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    }
}

/// The path from directory `from` to `to`, both absolute, with `/`.
fn relative(from: &Path, to: &Path) -> String {
    let norm = |p: &Path| -> Vec<String> {
        let mut parts: Vec<String> = Vec::new();
        for c in p.components() {
            match c {
                Component::ParentDir => {
                    parts.pop();
                }
                Component::Normal(s) => parts.push(s.to_string_lossy().into_owned()),
                _ => {}
            }
        }
        parts
    };
    let (a, b) = (norm(from), norm(to));
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); a.len() - common];
    parts.extend(b[common..].iter().cloned());
    parts.join("/")
}

/// Has cases / executable without cases / not executable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Coverage3 {
    Cases,
    NoCases,
    NotExecutable,
}

impl Coverage3 {
    fn badge(self, n: usize) -> String {
        match self {
            Coverage3::Cases => format!(
                r#"<span class="badge cases">{n} case{}</span>"#,
                if n == 1 { "" } else { "s" }
            ),
            Coverage3::NoCases => {
                r#"<span class="badge no-cases">executable, no case yet</span>"#.to_owned()
            }
            Coverage3::NotExecutable => {
                r#"<span class="badge not-executable">not executable</span>"#.to_owned()
            }
        }
    }
}

struct IndexRow {
    document: String,
    group: String,
    id: String,
    source: String,
    kind: &'static str,
    statement: String,
    status: Coverage3,
    cases: usize,
}

/// The chapter or article a source belongs to, for the index.
fn group_of(source: &str) -> String {
    if outside_seed(source) {
        return "From outside the seed".to_owned();
    }
    if let Some(rest) = source.strip_prefix("art. ") {
        let head = rest.split([',', '.', '(']).next().unwrap_or(rest);
        return format!("art. {}", head.trim());
    }
    let words: Vec<&str> = source.split_whitespace().take(2).collect();
    if words.len() == 2 && words[1].ends_with('节') {
        words.join(" ")
    } else {
        words.first().copied().unwrap_or(source).to_owned()
    }
}

/// Each case's own YAML mapping (steps, expect, moves, history) as JSON, by file and id.
fn raw_cases(suite: &Suite) -> BTreeMap<(PathBuf, String), Value> {
    let mut out = BTreeMap::new();
    for file in &suite.files {
        let Ok(serde_yaml::Value::Sequence(items)) =
            serde_yaml::from_str::<serde_yaml::Value>(&file.text)
        else {
            continue;
        };
        for item in items {
            let Ok(json) = serde_json::to_value(&item) else {
                continue;
            };
            if let Some(id) = json.get("id").and_then(Value::as_str) {
                out.insert((file.path.clone(), id.to_owned()), json);
            }
        }
    }
    out
}

struct ClausePage<'a> {
    spec: &'a Spec,
    catalog: &'a LoadedCatalog,
    clause: &'a Clause,
    cases: &'a [(&'a LoadedCaseFile, &'a Case)],
    raw: &'a BTreeMap<(PathBuf, String), Value>,
    seed_words: Option<&'a str>,
    seed_available: bool,
    status: Coverage3,
    out: &'a Path,
    /// Each case's section, drawn once, by id.
    drawn: &'a std::cell::RefCell<BTreeMap<String, String>>,
}

fn clause_page(p: &ClausePage<'_>) -> String {
    let c = p.clause;
    let doc = &p.catalog.catalog.document;
    let mut b = String::new();
    let _ = write!(
        b,
        r#"<nav class="crumbs"><a href="../index.html">Index</a> › {} › {}</nav><h1><code>{}</code></h1>"#,
        escape(&doc.id),
        escape(&group_of(&c.source)),
        escape(&c.id)
    );
    let _ = write!(
        b,
        r#"<p>{} · kind <b>{}</b> · source <b>{}</b> in <i>{}</i></p>"#,
        p.status.badge(p.cases.len()),
        escape(c.kind.name()),
        escape(&c.source),
        escape(&doc.title)
    );
    b.push_str("<h2>The seed's own words</h2>");
    match p.seed_words {
        Some(words) => {
            let _ = write!(
                b,
                r#"<blockquote class="seed" lang="{}">{}</blockquote><p class="muted small">Cut from <code>{}</code> by the reference “{}”; the seed is a copy from the web, garbled characters included{}.</p>"#,
                escape(&doc.language),
                escape(words),
                escape(&doc.source),
                escape(&c.source),
                if doc.note.is_some() {
                    " (the catalog's note below the title says how they are read)"
                } else {
                    ""
                }
            );
        }
        None if outside_seed(&c.source) => {
            let _ = write!(
                b,
                r#"<blockquote class="seed missing-seed">This clause is not in the seed: it comes from {}.</blockquote>"#,
                escape(&c.source)
            );
        }
        None if !p.seed_available => {
            let _ = write!(
                b,
                r#"<blockquote class="seed missing-seed">The seed <code>{}</code> was not found when this page was built (give <code>arbiter book --seeds DIR</code>), so its words cannot be shown.</blockquote>"#,
                escape(&doc.source)
            );
        }
        None => {
            let _ = write!(
                b,
                r#"<blockquote class="seed missing-seed">The text of “{}” cannot be found in the seed <code>{}</code> (the copy lacks it, or its numbering differs).</blockquote>"#,
                escape(&c.source),
                escape(&doc.source)
            );
        }
    }
    b.push_str("<h2>Reading</h2>");
    let _ = write!(b, "<p>{}</p>", escape(&c.statement));
    if let Some(note) = &c.note {
        let _ = write!(b, r#"<p class="muted"><b>Note.</b> {}</p>"#, escape(note));
    }
    if !c.see_also.is_empty() || !c.aliases.is_empty() {
        b.push_str("<p>");
        if !c.see_also.is_empty() {
            b.push_str("See also: ");
            let links: Vec<String> = c
                .see_also
                .iter()
                .map(|id| match p.spec.clause(id) {
                    Some(other) => format!(
                        r#"<a href="{0}.html"><code>{0}</code></a>"#,
                        escape(&other.id)
                    ),
                    None => format!("<code>{}</code>", escape(id)),
                })
                .collect();
            b.push_str(&links.join(", "));
        }
        if !c.aliases.is_empty() {
            let _ = write!(
                b,
                " · formerly <code>{}</code>",
                escape(&c.aliases.join(", "))
            );
        }
        b.push_str("</p>");
    }
    editions_html(&mut b, c);
    let _ = write!(b, "<h2>Cases ({})</h2>", p.cases.len());
    if p.cases.is_empty() {
        b.push_str(match p.status {
            Coverage3::NoCases => r#"<p class="muted">No case checks this clause yet, although a program could.</p>"#,
            _ => r#"<p class="muted">Not executable: no position, move or event shows it, so no case can check it.</p>"#,
        });
    }
    for (file, case) in p.cases {
        let section = p
            .drawn
            .borrow_mut()
            .entry(case.id.clone())
            .or_insert_with(|| {
                let mut one = String::new();
                case_html(&mut one, p, file, case);
                one
            })
            .clone();
        b.push_str(&section);
    }
    page(&format!("{} — arbiter book", c.id), &b)
}

/// The editions the clause applies to, and where an edition's draw rules cite it, what each
/// edition of the game says on that rule, side by side.
fn editions_html(b: &mut String, c: &Clause) {
    let reg = registry();
    let applies: Vec<String> = [Game::Brazilian, Game::Russian, Game::Xiangqi]
        .into_iter()
        .flat_map(|game| {
            reg.editions()
                .filter(move |e| e.game == game)
                .filter(|e| {
                    c.applies_to(&Ruleset {
                        game: e.game,
                        edition: e.id.clone(),
                    })
                })
                .map(|e| {
                    format!(
                        "{}@{}{}",
                        e.game,
                        e.id,
                        if e.default { " (default)" } else { "" }
                    )
                })
        })
        .collect();
    b.push_str("<h2>Editions</h2>");
    if applies.is_empty() {
        b.push_str(r#"<p class="muted">No installed edition.</p>"#);
    } else {
        let _ = write!(b, "<p>Applies under: {}.</p>", escape(&applies.join(", ")));
    }
    // Draw rules citing this clause: compare that rule across the game's editions.
    let mut kinds = Vec::new();
    for e in reg.editions() {
        for r in &e.draws {
            if r.clause == c.id && !kinds.contains(&(e.game, r.rule)) {
                kinds.push((e.game, r.rule));
            }
        }
        if e.draw_offer.clause == c.id && !kinds.iter().any(|(g, _)| *g == e.game) {
            // The draw-offer rule is compared below through its own row.
        }
    }
    for (game, kind) in kinds {
        let _ = write!(
            b,
            r#"<h3>The {} rule in each edition of {game}</h3><div class="editions">"#,
            escape(kind.name())
        );
        for e in reg.editions().filter(|e| e.game == game) {
            let rules: Vec<_> = e.rules(kind).collect();
            let cites = rules.iter().any(|r| r.clause == c.id);
            let _ = write!(
                b,
                r#"<div class="{}"><b>{}@{}</b><br><span class="small muted">{}</span><br>"#,
                if cites { "" } else { "differs" },
                escape(&game.to_string()),
                escape(&e.id),
                escape(&e.title)
            );
            if rules.is_empty() {
                b.push_str("no such rule");
            }
            for r in rules {
                let mut parts = vec![format!("{:?}", r.mode).to_lowercase()];
                if let Some(m) = r.moves {
                    parts.push(crate::page::plies_in_moves(u64::from(m) * 2, game));
                }
                if let Some(o) = r.occurrences {
                    parts.push(format!("{o} occurrences"));
                }
                if let Some([lo, hi]) = r.pieces {
                    parts.push(format!("{lo}–{hi} pieces"));
                }
                let _ = write!(
                    b,
                    r#"{} · <a href="{1}.html"><code>{1}</code></a>"#,
                    escape(&parts.join(", ")),
                    escape(&r.clause)
                );
                if let Some(note) = &r.note {
                    let _ = write!(b, r#"<br><span class="small">{}</span>"#, escape(note));
                }
                b.push_str("<br>");
            }
            b.push_str("</div>");
        }
        b.push_str("</div>");
    }
    let offers: Vec<_> = reg
        .editions()
        .filter(|e| e.draw_offer.clause == c.id)
        .collect();
    if !offers.is_empty() {
        b.push_str(r#"<h3>The draw-offer rule in each edition</h3><div class="editions">"#);
        for e in offers {
            let _ = write!(
                b,
                r#"<div><b>{}@{}</b><br>at least {} own moves before offering; after a refusal: {}</div>"#,
                escape(&e.game.to_string()),
                escape(&e.id),
                e.draw_offer.min_own_moves,
                escape(&format!("{:?}", e.draw_offer.reoffer))
            );
        }
        b.push_str("</div>");
    }
}

fn case_html(b: &mut String, p: &ClausePage<'_>, file: &LoadedCaseFile, case: &Case) {
    let raw = p.raw.get(&(file.path.clone(), case.id.clone()));
    let line = find_id_line(&file.text, &case.id);
    let page_dir = p.out.join("clauses");
    let target = if file.path.is_file() {
        absolute(&file.path)
    } else {
        p.out.join(SOURCE_DIR).join(&file.path)
    };
    let href = relative(&page_dir, &target);
    let shown = match line {
        Some(l) => format!("{}:{l}", file.path.display()),
        None => file.path.display().to_string(),
    };
    let anchor = line.map(|l| format!("#L{l}")).unwrap_or_default();
    let rulesets: Vec<String> = case.rulesets.iter().map(ToString::to_string).collect();
    let _ = write!(
        b,
        r#"<section class="case" id="{id}"><h3><a href="../cases/{id}.html"><code>{id}</code></a></h3><p class="small">under {rs} · source <a href="{href}{anchor}"><code>{shown}</code></a></p>"#,
        id = escape(&case.id),
        rs = escape(&rulesets.join(", ")),
        href = escape(&href),
        anchor = escape(&anchor),
        shown = escape(&shown)
    );
    if let Some(note) = &case.note {
        let _ = write!(b, r#"<p class="muted">{}</p>"#, escape(note));
    }
    let Some(ruleset) = case.rulesets.first() else {
        b.push_str("</section>");
        return;
    };
    let own_moves = raw
        .and_then(|r| r.get("moves"))
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let shared = case
        .history
        .as_deref()
        .map(|name| (name, case.moves.len().saturating_sub(own_moves)));
    let steps = raw.and_then(|r| r.get("steps")).and_then(Value::as_array);
    let touched = touched_squares(steps.into_iter().flatten());
    let expect = raw
        .and_then(|r| r.get("expect"))
        .cloned()
        .unwrap_or(Value::Null);
    let expected_moves: Vec<String> = ["legal", "legal_includes"]
        .iter()
        .filter_map(|k| expect.get(*k))
        .chain(expect.get("permitted").map(|p| p.get("moves").unwrap_or(p)))
        .flat_map(|v| v.as_array().cloned().unwrap_or_default())
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    let arrows = if expected_moves.len() <= 12 {
        expected_moves
            .into_iter()
            .map(|m| (ArrowKind::Expected, Route::Move(m)))
            .collect()
    } else {
        Vec::new()
    };
    b.push_str(&scene_html(
        ruleset,
        &Scene {
            position: case.position.as_deref(),
            moves: &case.moves,
            shared,
            fen: None,
            touched,
            arrows,
        },
    ));
    if let Some(steps) = steps {
        b.push_str(r#"<p><b>Steps at the board</b>:</p><ol class="steps">"#);
        for s in steps {
            let _ = write!(b, "<li><code>{}</code></li>", escape(&compact(s)));
        }
        b.push_str("</ol>");
    }
    b.push_str(r#"<p><b>Expected</b>:</p><ul class="expect">"#);
    for w in expectation_words(&expect, ruleset.game) {
        let _ = write!(b, "<li>{}</li>", escape(&w));
    }
    b.push_str("</ul></section>");
}

/// A JSON value as flow YAML-like text: `{touch: a0}`.
fn compact(v: &Value) -> String {
    match v {
        Value::Object(m) => format!(
            "{{{}}}",
            m.iter()
                .map(|(k, v)| format!("{k}: {}", compact(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Value::Array(a) => format!("[{}]", a.iter().map(compact).collect::<Vec<_>>().join(", ")),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

const SEARCH_SCRIPT: &str = r#"
const box = document.getElementById('search');
box.addEventListener('input', () => {
  const words = box.value.toLowerCase().split(/\s+/).filter(w => w);
  let shown = 0;
  document.querySelectorAll('tr[data-text]').forEach(row => {
    const ok = words.every(w => row.dataset.text.includes(w));
    row.hidden = !ok; if (ok) shown++;
  });
  document.getElementById('shown').textContent = words.length ? shown + ' clauses match' : '';
});
"#;

fn index_page(spec: &Spec, rows: &[IndexRow], coverage: &Coverage) -> String {
    let mut b = String::new();
    b.push_str("<h1>The rulebook: clauses, seeds and cases</h1>");
    b.push_str(r#"<p>The three catalogs of <code>spec/</code>, each clause with the seed's own words, the reading, its editions and its cases drawn as boards. Coverage: <span class="badge cases">has cases</span> <span class="badge no-cases">executable without cases</span> <span class="badge not-executable">not executable</span>.</p>"#);
    let _ = write!(
        b,
        r#"<p>{} clauses; {} of {} executable clauses have cases.</p>"#,
        coverage.total.executable + coverage.total.not_executable,
        coverage.total.covered,
        coverage.total.executable
    );
    b.push_str(r#"<p><input type="search" id="search" placeholder="Search ids, sources, statements (e.g. 长将, capture, kings-only)" aria-label="Search the clauses"> <span id="shown" class="muted small"></span></p>"#);
    for loaded in &spec.catalogs {
        let doc = &loaded.catalog.document;
        let row = coverage.documents.iter().find(|r| r.name == doc.id);
        let _ = write!(
            b,
            r#"<h2 id="{}">{}</h2>"#,
            escape(&doc.id),
            escape(&doc.title)
        );
        if let Some(r) = row {
            let _ = write!(
                b,
                r#"<p class="small">Seed <code>{}</code> · {} executable clauses, {} with cases ({:.0}%) · {} not executable</p>"#,
                escape(&doc.source),
                r.executable,
                r.covered,
                r.percent(),
                r.not_executable
            );
        }
        let mut group = String::new();
        b.push_str("<table><tr><th>clause</th><th>source</th><th>kind</th><th>coverage</th><th>statement</th></tr>");
        for r in rows.iter().filter(|r| r.document == doc.id) {
            if r.group != group {
                group = r.group.clone();
                let _ = write!(b, r#"<tr><th colspan="5">{}</th></tr>"#, escape(&group));
            }
            let text = format!("{} {} {} {}", r.id, r.source, r.kind, r.statement).to_lowercase();
            let _ = write!(
                b,
                r#"<tr data-text="{}"><td><a href="clauses/{id}.html"><code>{id}</code></a></td><td>{}</td><td>{}</td><td>{}</td><td class="small">{}</td></tr>"#,
                escape(&text),
                escape(&r.source),
                escape(r.kind),
                r.status.badge(r.cases),
                escape(&r.statement),
                id = escape(&r.id)
            );
        }
        b.push_str("</table>");
    }
    let _ = write!(b, "<script>{SEARCH_SCRIPT}</script>");
    page("arbiter book — the rulebook", &b)
}
