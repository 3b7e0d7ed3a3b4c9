//! The library's modules form layers, and every `use` points down: the picture in
//! docs/design.md ("Layers") is the rule, read from the file, and this test checks the code
//! against it. Inside a module, no two submodules import each other, directly or through
//! others (no import loops at any depth).
//!
//! The scan reads `crate::…` and `super::…` paths (use trees with braces included) outside
//! comments, string literals and `#[cfg(test)]` modules, and resolves each to the deepest
//! module file that exists; names re-exported at the crate root (`crate::Game`) resolve to
//! the module they come from.

use crate::common::root;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

type Module = Vec<String>;

/// Every module file of `src/` (the binary's `main.rs` and `cli/` excluded) by module path.
fn module_files(src: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<Module, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for path in entries {
            let rel = path.strip_prefix(src).unwrap();
            if rel == Path::new("main.rs") || rel == Path::new("cli") {
                continue;
            }
            if path.is_dir() {
                walk(&path, src, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let mut parts: Module = rel
                    .with_extension("")
                    .iter()
                    .map(|p| p.to_string_lossy().into_owned())
                    .collect();
                if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
                    parts.pop();
                }
                out.insert(parts, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The code of a file without its test module, comments, and the contents of string and
/// character literals.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push_str("\"\"");
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The module paths a use tree names, `prefix` being the path before it:
/// `{a::b, c::{d, e}, self}` under `x` is `x::a::b`, `x::c::d`, `x::c::e` and `x`.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Module>) {
    let tree = tree.trim();
    if let Some(inner) = tree.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(prefix, &inner[start..], out);
        return;
    }
    if tree.is_empty() {
        return;
    }
    let (head, rest) = match tree.split_once("::") {
        Some((h, r)) => (h.trim(), Some(r)),
        None => (tree.split_whitespace().next().unwrap_or(""), None),
    };
    if head == "self" || head == "*" {
        out.push(prefix.to_vec());
        return;
    }
    let mut path = prefix.to_vec();
    path.push(head.to_owned());
    match rest {
        Some(rest) => expand(&path, rest, out),
        None => out.push(path),
    }
}

/// The paths (`crate::a::b`, `super::c`, with their use trees) a module's code names,
/// made absolute.
fn named_paths(module: &Module, code: &str) -> Vec<Module> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for keyword in ["crate::", "super::"] {
        let mut from = 0;
        while let Some(found) = code[from..].find(keyword) {
            let at = from + found;
            from = at + keyword.len();
            let boundary = at == 0
                || !(bytes[at - 1].is_ascii_alphanumeric()
                    || bytes[at - 1] == b'_'
                    || bytes[at - 1] == b':');
            if !boundary {
                continue;
            }
            let mut base: Module = if keyword == "crate::" {
                Vec::new()
            } else {
                module[..module.len().saturating_sub(1)].to_vec()
            };
            // The path runs to the end of its identifiers and `::`, or through a brace group.
            let mut rest = &code[from..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            let mut end = 0;
            let mut depth = 0;
            for (i, c) in rest.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth > 0 => {
                        depth -= 1;
                        if depth == 0 {
                            end = i + 1;
                            break;
                        }
                    }
                    c if depth > 0 || c.is_alphanumeric() || c == '_' || c == ':' || c == '*' => {}
                    _ => {
                        end = i;
                        break;
                    }
                }
                end = i + c.len_utf8();
            }
            let tree = rest[..end].trim_end_matches(':');
            expand(&base, tree, &mut out);
        }
    }
    out
}

/// The names the crate root re-exports (`pub use game::{Game, UnknownGame};`) and the
/// module each comes from.
fn root_exports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in code_of(lib).split(';') {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        for name in names
            .split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .filter(|n| !n.is_empty())
        {
            out.insert(name.to_owned(), module.trim().to_owned());
        }
    }
    out
}

/// Module -> the modules it imports (by the deepest module file each path reaches).
fn import_graph(files: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let exports = root_exports(&files[&Vec::new()]);
    let mut graph: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, text) in files {
        for mut path in named_paths(module, &code_of(text)) {
            if path.len() == 1 {
                if let Some(m) = exports.get(&path[0]) {
                    path = vec![m.clone()];
                }
            }
            let target = (1..=path.len())
                .rev()
                .map(|k| path[..k].to_vec())
                .find(|p| files.contains_key(p));
            if let Some(target) = target {
                if &target != module {
                    graph.entry(module.clone()).or_default().insert(target);
                }
            }
        }
    }
    graph
}

/// The layers of docs/design.md, top first: the lines of the fenced block under
/// "## Layers", each naming the modules of one layer separated by `·`.
fn layers() -> Vec<Vec<String>> {
    let design = std::fs::read_to_string(root().join("docs/design.md")).unwrap();
    let section = design
        .split("\n## Layers")
        .nth(1)
        .expect("docs/design.md has a '## Layers' section");
    let block = section
        .split("```")
        .nth(1)
        .expect("the Layers section of docs/design.md has a fenced block");
    block
        .lines()
        .skip(1)
        .map(|line| line.split('(').next().unwrap_or(""))
        .filter(|line| !line.trim().is_empty())
        .map(|line| line.split('·').map(|m| m.trim().to_owned()).collect())
        .collect()
}

fn name(m: &Module) -> String {
    if m.is_empty() {
        "crate".to_owned()
    } else {
        m.join("::")
    }
}

#[test]
fn every_import_points_down_the_layers_of_docs_design_md() {
    let files = module_files(&root().join("src"));
    let graph = import_graph(&files);
    let layers = layers();
    let height: BTreeMap<&str, usize> = layers
        .iter()
        .rev()
        .enumerate()
        .flat_map(|(h, layer)| layer.iter().map(move |m| (m.as_str(), h)))
        .collect();
    let mut problems = Vec::new();
    let tops: BTreeSet<&str> = files
        .keys()
        .filter(|m| m.len() == 1)
        .map(|m| m[0].as_str())
        .collect();
    for top in &tops {
        if !height.contains_key(top) {
            problems.push(format!(
                "src/{top} is in no layer of docs/design.md (## Layers): add it"
            ));
        }
    }
    let mut edges = 0;
    for (from, targets) in &graph {
        for to in targets {
            let (Some(a), Some(b)) = (from.first(), to.first()) else {
                continue;
            };
            if a == b {
                continue;
            }
            edges += 1;
            if let (Some(ha), Some(hb)) = (height.get(a.as_str()), height.get(b.as_str())) {
                if ha <= hb {
                    problems.push(format!(
                        "{} uses {}, but {a} is not above {b} in docs/design.md (## Layers)",
                        name(from),
                        name(to)
                    ));
                }
            }
        }
    }
    assert!(
        edges > 50,
        "only {edges} imports between modules: is the scan broken?"
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn no_module_has_import_loops_among_its_submodules() {
    let files = module_files(&root().join("src"));
    let graph = import_graph(&files);
    // Each import seen at the level where the two paths part: `a::b::c -> a::d` is the
    // edge `a::b -> a::d` among the children of `a`.
    let mut level: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (from, targets) in &graph {
        for to in targets {
            let common = from.iter().zip(to).take_while(|(x, y)| x == y).count();
            if common < from.len() && common < to.len() {
                level
                    .entry(from[..=common].to_vec())
                    .or_default()
                    .insert(to[..=common].to_vec());
            }
        }
    }
    // A loop is a node that reaches itself.
    let mut loops = BTreeSet::new();
    for start in level.keys() {
        let mut stack: Vec<(Module, Vec<Module>)> = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((node, path)) = stack.pop() {
            for next in level.get(&node).into_iter().flatten() {
                if next == start {
                    let mut cycle: Vec<String> = path.iter().map(name).collect();
                    let min = cycle.iter().min().unwrap().clone();
                    let i = cycle.iter().position(|c| *c == min).unwrap();
                    cycle.rotate_left(i);
                    cycle.push(cycle[0].clone());
                    loops.insert(cycle.join(" -> "));
                } else if seen.insert(next.clone()) {
                    let mut p = path.clone();
                    p.push(next.clone());
                    stack.push((next.clone(), p));
                }
            }
        }
    }
    assert!(
        loops.is_empty(),
        "import loops:\n{}",
        loops.into_iter().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_scan_reads_use_trees_and_skips_comments_strings_and_tests() {
    let module: Module = vec!["draughts".into(), "movegen".into()];
    let code = code_of(
        "use super::{mv::Move, position::{self, Position}};\nuse crate::{edition::Edition, Game};\n// use crate::case;\nlet s = \"crate::report\";\n#[cfg(test)]\nmod tests { use crate::fuzz; }\n",
    );
    let names: BTreeSet<String> = named_paths(&module, &code).iter().map(name).collect();
    let expected: BTreeSet<String> = [
        "draughts::mv::Move",
        "draughts::position",
        "draughts::position::Position",
        "edition::Edition",
        "Game",
    ]
    .into_iter()
    .map(String::from)
    .collect();
    assert_eq!(names, expected);
    let exports = root_exports("pub use game::{Game, UnknownGame};\npub use side::Side;\n");
    assert_eq!(exports["Game"], "game");
    assert_eq!(exports["Side"], "side");
}

/// Issue 28, "one event vocabulary": the report's views show what the runner found (a
/// failure's move difference carries each move's squares), so nothing in `src/report/`
/// reads a move or a position again: it names neither the text boundary (`rules`) nor a
/// game.
#[test]
fn the_report_uses_no_rules_and_no_game() {
    let files = module_files(&root().join("src"));
    let graph = import_graph(&files);
    let mut found = Vec::new();
    for (module, imports) in &graph {
        if module.first().map(String::as_str) != Some("report") {
            continue;
        }
        for target in imports {
            if matches!(
                target.first().map(String::as_str),
                Some("rules" | "draughts" | "xiangqi")
            ) {
                found.push(format!("{} uses {}", name(module), name(target)));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
