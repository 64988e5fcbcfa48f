//! No import circle anywhere in the workspace, at any depth: inside every folder of every
//! crate, the modules beside each other import one way. (`architecture.rs` orders the
//! top modules of each system and crate into layers; this sees circles that run through
//! a folder's inner modules, such as a request that imports the findings that import
//! the request back.)
//!
//! A file's imports are the paths it names from `crate::`, `super::` or `self::` (in a
//! `use`, grouped or not, or inline), before its `#[cfg(test)]` module and outside
//! comments. Each resolves to the deepest module that exists; an import of an item that a
//! folder's `mod.rs` re-exports counts as the folder, which imports nothing.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "support/modules.rs"]
mod modules;
use modules::{cycle, group_items, root, rust_files};

type Module = Vec<String>;

/// Every crate's `src` folder: each folder of `crates/`, and `python/`.
fn source_roots() -> Vec<PathBuf> {
    let mut roots: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/ is readable")
        .map(|e| e.expect("a directory entry").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    roots.push(root().join("python/src"));
    roots.sort();
    roots
}

/// A file's module path in its crate: `roster/request.rs` → [roster, request],
/// `roster/mod.rs` → [roster], `lib.rs` and `main.rs` → [].
fn module_of(rel: &Path) -> Module {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().expect("a file name");
    if !matches!(file.as_str(), "mod.rs" | "lib.rs" | "main.rs") {
        parts.push(file.trim_end_matches(".rs").to_string());
    }
    parts
}

/// The code of a file that counts: before its tests module, without line comments or
/// the one item or statement after any other `#[cfg(test)]` (a test build's hook).
fn code(text: &str) -> String {
    let mut kept = Vec::new();
    let mut lines = text.lines();
    while let Some(l) = lines.next() {
        if l.trim() == "#[cfg(test)]" {
            match lines.next() {
                Some(next) if next.trim_start().starts_with("mod ") => break,
                _ => continue,
            }
        }
        kept.push(match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        });
    }
    kept.join("\n")
}

/// The paths of a use tree that starts at `text` (after `crate::`, `super::` or
/// `self::`): `a::b::{c, d::{e, f}}` gives a::b::c, a::b::d::e and a::b::d::f.
fn tree(text: &str) -> Vec<Vec<String>> {
    let mut path = Vec::new();
    let mut rest = text.trim_start();
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            return group_items(group)
                .iter()
                .flat_map(|i| tree(i))
                .map(|tail| path.iter().cloned().chain(tail).collect())
                .collect();
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            return vec![path];
        }
        rest = &rest[name.len()..];
        if name != "self" {
            path.push(name);
        }
        match rest.trim_start().strip_prefix("::") {
            Some(r) => rest = r.trim_start(),
            None => return vec![path],
        }
    }
}

/// Every absolute path a file in `module` names through `crate::`, `super::` or
/// `self::`.
fn imports(module: &[String], code: &str) -> Vec<Module> {
    // A folder's `mod.rs` is the folder, so its `super` is the folder's parent; a
    // file's `super` is its folder.
    let here: Module = module.to_vec();
    let parent: Module = module[..module.len().saturating_sub(1)].to_vec();
    let mut found = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < code.len() {
        let rest = &code[at..];
        let next = ["crate::", "super::", "self::"]
            .iter()
            .filter_map(|k| rest.find(k).map(|i| (i, *k)))
            .min();
        let Some((i, keyword)) = next else { break };
        let start = at + i;
        at = start + keyword.len();
        // Only a path's own start: not `fray::crate_x` or `my_self::`.
        if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
            continue;
        }
        let mut base = match keyword {
            "crate::" => Vec::new(),
            "self::" => here.clone(),
            _ => parent.clone(),
        };
        let mut tail = &code[at..];
        if keyword == "super::" {
            while let Some(t) = tail.strip_prefix("super::") {
                base.pop();
                tail = t;
            }
        }
        for path in tree(tail) {
            found.push(base.iter().cloned().chain(path).collect());
        }
    }
    found
}

/// The deepest module of `modules` that `path` names (the crate's root at worst).
fn resolve(path: &[String], modules: &BTreeSet<Module>) -> Module {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|m| modules.contains(m))
        .unwrap_or_default()
}

/// For every folder of a crate, the imports among the modules directly inside it: an
/// import from anywhere inside `a` of anything inside `b`, both in folder `p`, is the
/// edge a → b of `p`'s graph.
fn folder_graphs(src: &Path) -> BTreeMap<Module, BTreeMap<String, BTreeSet<String>>> {
    let files: Vec<(Module, String)> = rust_files(src)
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(src).expect("inside the crate");
            let text = fs::read_to_string(&path).expect("a readable source file");
            (module_of(rel), code(&text))
        })
        .collect();
    let modules: BTreeSet<Module> = files.iter().map(|f| f.0.clone()).collect();
    let mut graphs: BTreeMap<Module, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (module, code) in &files {
        for path in imports(module, code) {
            let target = resolve(&path, &modules);
            let common = module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            // Both strictly inside the folder they share, and in different modules of it.
            if common < module.len() && common < target.len() {
                graphs
                    .entry(module[..common].to_vec())
                    .or_default()
                    .entry(module[common].clone())
                    .or_default()
                    .insert(target[common].clone());
            }
        }
    }
    graphs
}

/// Every circle in the crate whose sources are `src`, one line each.
fn circles(src: &Path) -> Vec<String> {
    let name = src
        .strip_prefix(root())
        .unwrap_or(src)
        .display()
        .to_string();
    folder_graphs(src)
        .into_iter()
        .filter_map(|(folder, graph)| {
            cycle(&graph).map(|c| {
                let at = if folder.is_empty() {
                    name.clone()
                } else {
                    format!("{name}/{}", folder.join("/"))
                };
                format!("{at}: import circle {}", c.join(" → "))
            })
        })
        .collect()
}

#[test]
fn no_crate_has_an_import_circle_at_any_depth() {
    let roots = source_roots();
    assert!(
        roots.iter().any(|r| r.ends_with("capi/src")),
        "every crate is looked at, the C interface's too"
    );
    let problems: Vec<String> = roots.iter().flat_map(|r| circles(r)).collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_sees_grouped_nested_and_inline_paths() {
    let here = vec!["roster".to_string(), "request".to_string()];
    let found = imports(
        &here,
        "use super::{findings::Finding, matrix::{self, Matrix}};\nfn f() { crate::stats::wilson(); self::g(); }\nuse fray::crate_like::x;",
    );
    let paths: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        [
            "roster::findings::Finding",
            "roster::matrix",
            "roster::matrix::Matrix",
            "stats::wilson",
            "roster::request::g",
        ]
    );
    let up = imports(&here, "use super::super::report::x;");
    let hooked = code(
        "use a;\n#[cfg(test)]\ncrate::tests::hook();\nuse b;\n#[cfg(test)]\nmod tests;\nuse c;",
    );
    assert_eq!(hooked, "use a;\nuse b;");
    assert_eq!(up[0].join("::"), "report::x");
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&graph).unwrap(), ["a", "b", "a"]);
    graph.insert("b".to_string(), BTreeSet::new());
    assert!(cycle(&graph).is_none());
}
