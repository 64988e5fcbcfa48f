//! The shape of the source tree, checked so that it cannot drift back: the workspace's
//! crates depend on each other one way only; within each rule system and within each
//! crate above the library, modules import only from their own layer or the layers
//! below it (so each can be read after the ones it uses, and no two import each other);
//! and files stay small enough to hold in mind. It reads the source as text with
//! `std::fs`; nothing is built.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

#[path = "support/modules.rs"]
mod modules;
use modules::{cycle, group_items, root, rust_files};

/// Each rule system's modules, lowest layer first. A module may import from its own
/// layer and the layers below; `rules` is the inline module of the system's `mod.rs`
/// that names the rules text's sections. Every file or folder of a system must be listed,
/// so a new module has to be given its place. A system's `request` (what its commands
/// take, issue 14) sits on top of everything else.
const LAYERS: &[(&str, &[&[&str]])] = &[
    ("baseline", &[&["nethack", "fourth_edition"]]),
    (
        "damage",
        &[
            &["rules", "model"],
            &["predicate"],
            &["traits"],
            &["templates"],
            &["defender"],
            &["print"],
            &["notation"],
            &["resolve"],
            &["modify", "exact"],
            &["sample"],
            &["examples", "answer"],
            &["request"],
        ],
    ),
    (
        "evasion",
        &[
            &["model"],
            &["resolve"],
            &["exact"],
            &["sample"],
            &["profile"],
            &["request"],
        ],
    ),
    (
        "pool",
        &[
            &["rules", "model"],
            &["resolve"],
            &["exact", "sample"],
            &["battle"],
            &["scenario"],
            &["request"],
        ],
    ),
    (
        "minions",
        &[
            &["rules", "model"],
            &["events"],
            // The standing a battle keeps for choosing victims, below the battle.
            &["living"],
            &["resolve"],
            &["scenario"],
            &["request"],
        ],
    ),
    (
        "conditions",
        &[
            &["bounds", "readings"],
            &["rules", "model"],
            &["stacking"],
            &["encounter"],
            &["script", "policy"],
            &["request"],
        ],
    ),
];

/// The library's top modules (the shared foundations below the rule systems) and the
/// crates above the library, each with its modules' layers, lowest first: its
/// folder (from the workspace's root) and its layers. The crate root (`lib.rs`,
/// `main.rs`) is the facade over every layer. Every file or folder must be listed.
const CRATE_LAYERS: &[(&str, &[&[&str]])] = &[
    (
        "crates/fray/src",
        &[
            &["character", "dist", "math", "rng", "text", "trace"],
            &["dice", "scenario"],
            &["request"],
            &["damage", "minions", "pool"],
            &["evasion", "conditions", "baseline"],
        ],
    ),
    (
        "crates/lab/src",
        &[
            &["stats", "examples", "charts", "answer"],
            &["tally"],
            &["systems"],
            &["scenario"],
            &["schema", "run"],
            &["report"],
            &["request"],
            &["sweep", "design", "roster"],
        ],
    ),
    (
        "crates/commands/src",
        &[
            &["limits", "schema", "strict"],
            &["command"],
            &["positional"],
            &["json"],
            // The commands: every module not named in another layer (a new command's
            // file joins them without an edit here).
            &[
                "damage",
                "pool",
                "evasion",
                "minions",
                "conditions",
                "lab",
                "*",
            ],
            &["table"],
            &["call"],
            &["envelope", "chunks"],
        ],
    ),
    (
        "crates/web/src",
        &[
            &["error", "playground", "stall"],
            &["io", "guard", "page", "caps"],
            &["quick", "runs"],
        ],
    ),
    (
        "crates/cli/src",
        &[
            &["output", "progress", "choice"],
            &["table", "playground"],
            &["generic"],
            &["battle"],
            &[
                "sweep",
                "damage",
                "minions",
                "pool",
                "evasion",
                "encounter",
                "design",
                "roster",
                "serve",
            ],
        ],
    ),
    (
        "crates/capi/src",
        &[
            &["version", "boundary"],
            &["rng"],
            &["check", "damage", "evasion", "minions", "json"],
            &["tests"],
        ],
    ),
    (
        "python/src",
        &[
            &["error", "dict", "interrupt"],
            &["commands"],
            &["sweep", "roster"],
        ],
    ),
];

/// Each crate of the workspace (by its folder) and the workspace crates it may depend
/// on: the library at the bottom, the front ends at the top.
const CRATE_DEPENDENCIES: &[(&str, &str, &[&str])] = &[
    ("crates/fray", "fray", &[]),
    ("crates/lab", "fray-lab", &["fray"]),
    ("crates/commands", "fray-commands", &["fray", "fray-lab"]),
    (
        "crates/web",
        "fray-web",
        &["fray", "fray-lab", "fray-commands"],
    ),
    (
        "crates/cli",
        "fray-cli",
        &["fray", "fray-lab", "fray-commands", "fray-web"],
    ),
    (
        "python",
        "fray-python",
        &["fray", "fray-lab", "fray-commands"],
    ),
    ("crates/wasm", "fray-wasm", &["fray-commands"]),
    ("crates/capi", "fray-capi", &["fray", "fray-commands"]),
];

/// The longest a Rust file of the workspace may be (source, test, bench or example), and
/// the longest a part of the encounter may be.
const MAX_LINES: usize = 800;
const MAX_ENCOUNTER_LINES: usize = 500;

/// The folders of a crate that hold Rust files.
const SOURCE_FOLDERS: &[&str] = &["src", "tests", "benches", "examples"];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module path of a file inside its system: `encounter/combat.rs` → [encounter,
/// combat], `encounter/mod.rs` → [encounter].
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().expect("a file name");
    if file != "mod.rs" {
        parts.push(file.trim_end_matches(".rs").to_string());
    }
    parts
}

/// The names at the top of a path that follows `super::` or `crate::system::`: `model`
/// from `model::Hit`, `a` and `b` from `{a::X, b}`, `*` from `*`.
fn heads(rest: &str) -> Vec<String> {
    let rest = rest.trim_start();
    if let Some(group) = rest.strip_prefix('{') {
        return group_items(group)
            .iter()
            .filter_map(|n| heads(n).into_iter().next())
            .collect();
    }
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '*')
        .collect();
    if name.is_empty() { vec![] } else { vec![name] }
}

/// The system-level modules a file uses, each with the line it is used on; `*` for a glob
/// over everything the system's `mod.rs` re-exports. Paths inside the file's own top
/// module, tests, and comments do not count.
fn imports(system: &str, module: &[String], text: &str) -> Vec<(String, usize)> {
    imports_under(&format!("crate::{system}::"), module, text)
}

/// [`imports`] of the modules under the path `own` (`crate::damage::`, or `crate::` for
/// a crate's top modules).
fn imports_under(own: &str, module: &[String], text: &str) -> Vec<(String, usize)> {
    let mut found = Vec::new();
    // Later lines may continue a `use` group, so the text after a match is read whole.
    let code: String = text
        .lines()
        .take_while(|l| l.trim() != "#[cfg(test)]")
        .map(|l| {
            if l.trim_start().starts_with("//") {
                ""
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut at = 0;
    while let Some(i) = [code[at..].find("super::"), code[at..].find(own)]
        .into_iter()
        .flatten()
        .min()
    {
        let start = at + i;
        let line = code[..start].matches('\n').count() + 1;
        let (parent_len, rest) = if code[start..].starts_with(own) {
            (0, &code[start + own.len()..])
        } else {
            let mut ups = 0;
            let mut rest = &code[start..];
            while let Some(r) = rest.strip_prefix("super::") {
                ups += 1;
                rest = r;
            }
            // A path from the system's own `mod.rs` cannot go up.
            (module.len().saturating_sub(ups), rest)
        };
        at = code.len() - rest.len();
        if parent_len == 0 {
            for name in heads(rest) {
                found.push((name, line));
            }
        }
    }
    found
}

/// The layer of every module of a system.
fn layer_of(layers: &[&[&str]]) -> BTreeMap<String, usize> {
    let mut map = BTreeMap::new();
    for (i, layer) in layers.iter().enumerate() {
        for m in *layer {
            map.insert(m.to_string(), i);
        }
    }
    map
}

/// Every breach of the layer order in one system.
fn layer_breaches(system: &str, layers: &[&[&str]]) -> Vec<String> {
    breaches(
        &src().join(system),
        system,
        &format!("crate::{system}::"),
        layers,
    )
}

/// Every breach of the layer order among the modules of `dir` (named `system` in
/// messages), whose own paths start with `prefix`.
fn breaches(dir: &Path, system: &str, prefix: &str, layers: &[&[&str]]) -> Vec<String> {
    let named = layer_of(layers);
    // The modules of the folder; one named in no layer takes the layer of `*`, if any.
    let modules: BTreeSet<String> = rust_files(dir)
        .iter()
        .filter_map(|p| module_path(p.strip_prefix(dir).ok()?).first().cloned())
        .collect();
    let layer: BTreeMap<String, usize> = modules
        .iter()
        .filter_map(|m| Some((m.clone(), *named.get(m).or_else(|| named.get("*"))?)))
        .chain(named.clone())
        .collect();
    let mut problems = Vec::new();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for path in rust_files(dir) {
        let rel = path.strip_prefix(dir).expect("inside the system");
        if rel == Path::new("lib.rs") || rel == Path::new("main.rs") {
            continue; // a crate's root: the facade over every layer
        }
        let module = module_path(rel);
        let Some(top) = module.first() else {
            continue; // the system's mod.rs: the facade over every layer
        };
        let Some(&own) = layer.get(top) else {
            problems.push(format!(
                "{system}/{}: module `{top}` has no layer in tests/architecture.rs",
                rel.display()
            ));
            continue;
        };
        let text = fs::read_to_string(&path).expect("a readable source file");
        for (name, line) in imports_under(prefix, &module, &text) {
            // At the top layer every layer is below: a glob hides nothing.
            if name == "*" && own + 1 < layers.len() {
                problems.push(format!(
                    "{system}/{}:{line}: a glob over the system's re-exports hides which layer is used",
                    rel.display()
                ));
                continue;
            }
            // Items the system's mod.rs re-exports are not modules.
            let Some(&theirs) = layer.get(&name) else {
                continue;
            };
            if name == *top {
                continue;
            }
            graph.entry(top.clone()).or_default().insert(name.clone());
            if theirs > own {
                problems.push(format!(
                    "{system}/{}:{line}: `{top}` (layer {own}) imports `{name}` (layer {theirs}) above it",
                    rel.display()
                ));
            }
        }
    }
    if let Some(c) = cycle(&graph) {
        problems.push(format!("{system}: import cycle {}", c.join(" → ")));
    }
    problems
}

#[test]
fn each_system_imports_only_its_own_layer_or_below() {
    let problems: Vec<String> = LAYERS
        .iter()
        .flat_map(|(system, layers)| layer_breaches(system, layers))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn each_crate_imports_only_its_own_layer_or_below() {
    let problems: Vec<String> = CRATE_LAYERS
        .iter()
        .flat_map(|(dir, layers)| breaches(&root().join(dir), dir, "crate::", layers))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The workspace crates a manifest's `[dependencies]` name (not its dev-dependencies).
fn workspace_dependencies(manifest: &str) -> BTreeSet<String> {
    let mut in_deps = false;
    let mut found = BTreeSet::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_deps = line == "[dependencies]";
            continue;
        }
        let name = line.split(['.', ' ', '=']).next().unwrap_or("");
        if in_deps && (name == "fray" || name.starts_with("fray-")) {
            found.insert(name.to_string());
        }
    }
    found
}

#[test]
fn crates_depend_on_each_other_one_way() {
    let mut members = BTreeSet::new();
    let workspace = fs::read_to_string(root().join("Cargo.toml")).expect("the workspace");
    for (dir, name, allowed) in CRATE_DEPENDENCIES {
        assert!(
            workspace.contains(&format!("\"{dir}\"")),
            "{dir} is no member"
        );
        members.insert(*dir);
        let manifest = fs::read_to_string(root().join(dir).join("Cargo.toml")).expect("a manifest");
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "{dir} is not {name}"
        );
        for dep in workspace_dependencies(&manifest) {
            assert!(
                allowed.contains(&dep.as_str()),
                "{name} depends on {dep}, against the direction in ARCHITECTURE.md"
            );
        }
    }
    let listed = workspace
        .split("members = [")
        .nth(1)
        .and_then(|m| m.split(']').next())
        .expect("the workspace's members");
    for member in listed.split(',').map(|m| m.trim().trim_matches('"')) {
        assert!(
            member.is_empty() || members.contains(member),
            "{member} has no place in CRATE_DEPENDENCIES"
        );
    }
}

/// Every Rust file of the workspace, sorted, each with the folder of its crate it is in:
/// for every folder of `crates/` and for `python/`, the files of whichever of
/// [`SOURCE_FOLDERS`] it has, and any beside its manifest (a `build.rs`, under "").
fn workspace_rust_files() -> Vec<(&'static str, PathBuf)> {
    let mut crates: Vec<PathBuf> = fs::read_dir(root().join("crates"))
        .expect("crates/ is readable")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.is_dir())
        .collect();
    crates.push(root().join("python"));
    crates.sort();
    let mut files = Vec::new();
    for dir in crates {
        let mut beside: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "rs"))
            .collect();
        beside.sort();
        files.extend(beside.into_iter().map(|p| ("", p)));
        for folder in SOURCE_FOLDERS {
            let under = dir.join(folder);
            if under.is_dir() {
                files.extend(rust_files(&under).into_iter().map(|p| (*folder, p)));
            }
        }
    }
    files
}

#[test]
fn source_files_stay_small() {
    let root = root();
    let encounter = root.join("crates/fray/src/conditions/encounter");
    assert!(
        encounter.is_dir(),
        "the encounter is a folder of parts: {}",
        encounter.display()
    );
    let files = workspace_rust_files();
    for folder in SOURCE_FOLDERS {
        assert!(
            files.iter().any(|(f, _)| f == folder),
            "no Rust file found in any crate's {folder}/: the check would see none"
        );
    }
    let mut problems = Vec::new();
    for (_, path) in &files {
        let lines = fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .lines()
            .count();
        let most = if path.starts_with(&encounter) {
            MAX_ENCOUNTER_LINES
        } else {
            MAX_LINES
        };
        if lines > most {
            let name = path.strip_prefix(&root).unwrap_or(path);
            problems.push(format!(
                "{}: {lines} lines, more than {most}",
                name.display()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The checks themselves catch what they are for.
#[test]
fn the_checks_see_upward_imports_cycles_and_groups() {
    let module = vec!["model".to_string()];
    let text = "use super::{predicate::Fact, resolve};\nfn f() { crate::damage::notation::x(); }\n// use super::sample;\n";
    let names: Vec<String> = imports("damage", &module, text)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, ["predicate", "resolve", "notation"]);
    let inner = vec!["encounter".to_string(), "combat".to_string()];
    assert!(imports("conditions", &inner, "use super::*;").is_empty());
    assert_eq!(
        imports("conditions", &inner, "use super::super::model::Square;")[0].0,
        "model"
    );
    let top = vec!["request".to_string()];
    let names: Vec<String> = imports_under("crate::", &top, "use crate::{Scenario, run::x};")
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert_eq!(names, ["Scenario", "run"]);
    let deps = workspace_dependencies(
        "[dependencies]\nfray.workspace = true\nfray-lab = { path = \"x\" }\nserde = \"1\"\n[dev-dependencies]\nfray-web.workspace = true\n",
    );
    assert_eq!(
        deps,
        BTreeSet::from(["fray".to_string(), "fray-lab".to_string()])
    );
    let mut graph = BTreeMap::new();
    graph.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    graph.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert_eq!(cycle(&graph).expect("a cycle"), ["a", "b", "a"]);
    graph.remove("b");
    assert!(cycle(&graph).is_none());
}
