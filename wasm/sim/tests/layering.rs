//! Layering inside the sim crate: the top-level modules of src/ (one per
//! `mod` line of lib.rs) must not depend on each other in a cycle
//! (docs/architecture.md gives the allowed order). A module depends on another
//! when its library code names it by path: `crate::other::…` or a `super::`
//! chain that climbs to the crate root and then names `other`. Test code
//! (`#[cfg(test)]` modules, inline or in their own file) is left out: a test
//! may drive its module through a higher layer (a whole run, say) without
//! making the library itself circular.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// module → module it depends on → where ("file:line").
type Graph = BTreeMap<String, BTreeMap<String, String>>;

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The top-level modules declared in lib.rs.
fn top_level_modules(src: &Path) -> Vec<String> {
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("src/lib.rs");
    lib.lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("mod "))?;
            Some(rest.strip_suffix(';')?.trim().to_string())
        })
        .collect()
}

/// Every .rs file of a top-level module, with its depth below the crate root
/// (src/m.rs and src/m/mod.rs are 1, src/m/a.rs is 2, …).
fn module_files(src: &Path, module: &str) -> Vec<(PathBuf, usize)> {
    let file = src.join(format!("{module}.rs"));
    let mut out = Vec::new();
    if file.is_file() {
        out.push((file, 1));
    }
    let dir = src.join(module);
    if dir.is_dir() {
        walk(&dir, 1, &mut out);
    }
    out
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<(PathBuf, usize)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("readable source directory")
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, depth + 1, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let d = if p.file_name().is_some_and(|n| n == "mod.rs") {
                depth
            } else {
                depth + 1
            };
            out.push((p, d));
        }
    }
}

/// The files that `#[cfg(test)] mod name;` lines of `file` pull in.
fn test_files_declared_in(file: &Path, text: &str) -> Vec<PathBuf> {
    let dir = file.parent().expect("a file has a directory");
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    // `mod x;` in a/b.rs is a/b/x.rs; in a/mod.rs or a top-level file, a/x.rs.
    let own_dir = if stem == "mod" || stem == "lib" {
        dir.to_path_buf()
    } else {
        dir.join(stem)
    };
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if *l != "#[cfg(test)]" {
            continue;
        }
        let mut path_attr = None;
        for next in &lines[i + 1..] {
            if let Some(p) = next.strip_prefix("#[path = \"") {
                path_attr = p.strip_suffix("\"]").map(str::to_string);
            } else if next.starts_with("#[") {
                continue;
            } else {
                let name = next
                    .strip_prefix("pub mod ")
                    .or_else(|| next.strip_prefix("mod "))
                    .and_then(|r| r.strip_suffix(';'));
                if let Some(name) = name {
                    out.push(match &path_attr {
                        Some(p) => dir.join(p),
                        None if own_dir.join(format!("{name}.rs")).is_file() => {
                            own_dir.join(format!("{name}.rs"))
                        }
                        None => own_dir.join(name).join("mod.rs"),
                    });
                }
                break;
            }
        }
    }
    out
}

/// The top-level modules a file's library code names, each with its first line.
/// Skips comments and `#[cfg(test)]` items (an inline test module ends at the
/// closing brace rustfmt puts at the `mod` line's indentation).
fn dependencies(text: &str, depth: usize, modules: &BTreeSet<String>) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    while let Some((n, line)) = lines.next() {
        let t = line.trim_start();
        if t.starts_with("//") {
            continue;
        }
        if t == "#[cfg(test)]" {
            // Skip the attributes and the item they guard.
            for (_, next) in lines.by_ref() {
                let nt = next.trim_start();
                if nt.starts_with("#[") {
                    continue;
                }
                if nt.ends_with('{') {
                    let indent = &next[..next.len() - nt.len()];
                    let close = format!("{indent}}}");
                    for (_, inner) in lines.by_ref() {
                        if inner.trim_end() == close {
                            break;
                        }
                    }
                }
                break;
            }
            continue;
        }
        let code = t.split("//").next().unwrap_or("");
        for m in named_modules(code, depth) {
            if modules.contains(&m) {
                out.push((m, n + 1));
            }
        }
    }
    out
}

/// Top-level module names in one line of code: `crate::m` and `super::…::m`
/// where the `super`s climb from `depth` to the crate root.
fn named_modules(code: &str, depth: usize) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let boundary = |i: usize| {
        i == 0
            || !(bytes[i - 1].is_ascii_alphanumeric()
                || bytes[i - 1] == b'_'
                || bytes[i - 1] == b':')
    };
    for (i, _) in code.match_indices("crate::") {
        if boundary(i) {
            out.push(ident(&code[i + 7..]));
        }
    }
    for (i, _) in code.match_indices("super::") {
        if !boundary(i) {
            continue;
        }
        let mut rest = &code[i..];
        let mut ups = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            ups += 1;
            rest = r;
        }
        if ups >= depth {
            out.push(ident(rest));
        }
    }
    out
}

fn module_graph() -> Graph {
    let src = src_dir();
    let modules: BTreeSet<String> = top_level_modules(&src).into_iter().collect();
    let mut graph = Graph::new();
    for m in &modules {
        let files = module_files(&src, m);
        assert!(!files.is_empty(), "no source for module {m}");
        let texts: Vec<(PathBuf, usize, String)> = files
            .into_iter()
            .map(|(p, d)| {
                let t = std::fs::read_to_string(&p).expect("readable source");
                (p, d, t)
            })
            .collect();
        let tests: BTreeSet<PathBuf> = texts
            .iter()
            .flat_map(|(p, _, t)| test_files_declared_in(p, t))
            .collect();
        let edges = graph.entry(m.clone()).or_default();
        for (p, d, t) in &texts {
            if tests.contains(p) {
                continue;
            }
            for (dep, line) in dependencies(t, *d, &modules) {
                if dep != *m {
                    let at = p.strip_prefix(&src).unwrap_or(p).display().to_string();
                    edges.entry(dep).or_insert(format!("src/{at}:{line}"));
                }
            }
        }
    }
    graph
}

/// The strongly connected components with more than one module (Tarjan).
fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    struct State<'a> {
        graph: &'a Graph,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let i = s.index.len();
        s.index.insert(v, i);
        s.low.insert(v, i);
        s.stack.push(v);
        s.on_stack.insert(v);
        let graph = s.graph;
        for w in graph.get(v).into_iter().flat_map(|e| e.keys()) {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(lw);
            } else if s.on_stack.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).expect("visited");
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

#[test]
fn the_top_level_modules_of_sim_form_no_cycle() {
    let graph = module_graph();
    // The parser found the crate's real structure (a vacuous graph passes nothing).
    assert!(graph.len() >= 10, "{graph:?}");
    assert!(graph["world"].contains_key("tcp"), "{graph:?}");
    assert!(graph["estimate"].contains_key("world"), "{graph:?}");
    let found = cycles(&graph);
    let explain: Vec<String> = found
        .iter()
        .map(|c| {
            let edges: Vec<String> = c
                .iter()
                .flat_map(|a| {
                    graph[a]
                        .iter()
                        .filter(|(b, _)| c.contains(b))
                        .map(move |(b, at)| format!("{a} -> {b} ({at})"))
                })
                .collect();
            edges.join("; ")
        })
        .collect();
    assert!(
        found.is_empty(),
        "dependency cycles between top-level modules (docs/architecture.md, Layering): {explain:#?}"
    );
}

/// Edges that would put a component under the scenario it is part of: a
/// queue discipline, a loss model, a traffic source, a congestion
/// controller, the JSON reader and the error type hold their own parameters
/// and checks, and `scenario` composes them.
const FORBIDDEN: &[(&str, &str)] = &[
    ("queue", "scenario"),
    ("loss", "scenario"),
    ("loss", "net"),
    ("app", "scenario"),
    ("app", "net"),
    ("cc", "scenario"),
    ("json", "scenario"),
    ("error", "scenario"),
];

#[test]
fn components_do_not_depend_on_the_scenario() {
    let graph = module_graph();
    assert!(graph["scenario"].contains_key("queue"), "{graph:?}");
    assert!(graph["scenario"].contains_key("app"), "{graph:?}");
    for (from, to) in FORBIDDEN {
        assert!(graph.contains_key(*from), "no module {from}");
        if let Some(at) = graph[*from].get(*to) {
            panic!("{from} depends on {to} ({at}): the parameters and checks belong to {from}");
        }
    }
}

fn graph_of(edges: &[(&str, &str)]) -> Graph {
    let mut g = Graph::new();
    for (a, b) in edges {
        g.entry(a.to_string())
            .or_default()
            .insert(b.to_string(), String::new());
        g.entry(b.to_string()).or_default();
    }
    g
}

#[test]
fn the_cycle_finder_finds_a_cycle_and_only_the_cycle() {
    let g = graph_of(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "d")]);
    assert_eq!(cycles(&g), vec![vec!["a", "b", "c"]]);
    let two = graph_of(&[("net", "queue"), ("queue", "net"), ("world", "net")]);
    assert_eq!(cycles(&two), vec![vec!["net", "queue"]]);
    let layered = graph_of(&[("a", "b"), ("b", "c"), ("a", "c")]);
    assert!(cycles(&layered).is_empty());
}

#[test]
fn paths_are_read_from_crate_and_climbing_super() {
    assert_eq!(
        named_modules("use crate::net::{Packet}; crate::host::X", 2),
        vec!["net", "host"]
    );
    // From depth 2 (src/m/a.rs) two `super`s reach the root; one does not.
    assert_eq!(
        named_modules("super::super::net::routing::f()", 2),
        vec!["net"]
    );
    assert!(named_modules("use super::common::x;", 2).is_empty());
    assert!(named_modules("tcplab_crate::net", 1).is_empty());
    let modules: BTreeSet<String> = ["net", "world"].iter().map(|s| s.to_string()).collect();
    let text = "use crate::net::A;\n// crate::world in a comment\n#[cfg(test)]\nmod tests {\n    use crate::world::W;\n}\nfn f() { crate::world::g() }\n";
    assert_eq!(
        dependencies(text, 1, &modules),
        vec![("net".to_string(), 1), ("world".to_string(), 7)]
    );
}
