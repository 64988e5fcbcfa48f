//! What the two tests of the workspace's modules share (`architecture.rs`, the layers;
//! `circles.rs`, circles at any depth): the workspace's files, a `use` group's items,
//! and a graph's first cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The workspace's root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root")
}

/// Every `.rs` file below `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
    out
}

/// The items of a `use` group, `group` the text after its `{`: split at its own commas
/// (not those of groups inside it), up to its closing brace.
pub fn group_items(group: &str) -> Vec<String> {
    let mut depth = 0;
    let mut item = String::new();
    let mut items = Vec::new();
    for ch in group.chars() {
        match ch {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(std::mem::take(&mut item));
                continue;
            }
            _ => {}
        }
        item.push(ch);
    }
    items.push(item);
    items
}

/// The first cycle found in a graph of modules, as a path from a module back to itself.
pub fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(i) = stack.iter().position(|n| n == node) {
            let mut c = stack[i..].to_vec();
            c.push(node.to_string());
            return Some(c);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, graph, stack, done) {
                return Some(c);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|n| visit(n, graph, &mut Vec::new(), &mut done))
}
