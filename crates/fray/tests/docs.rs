//! The documentation names only files and folders that exist, so it cannot drift from
//! the tree: every path in `README.md`, `ARCHITECTURE.md` and `docs/**/*.md` must be
//! found in the repository. It reads them as text with `std::fs`; nothing is built.
//!
//! **What is a path.** A code span (text between backticks, outside fenced blocks) is a
//! path when it has no whitespace, holds only ASCII letters, digits and `_ - . / < >` (so
//! no URL, glob, brace list, `…` or Rust path), does not start with `--`, and either ends
//! in one of the [`EXTENSIONS`], ends in `/` (a folder), or has a `/` and starts with a
//! name at the top of the repository (`crates/fray/src`, `.ci/run`): `3/6`, `burst/blast`
//! and `application/x-ndjson` are prose. Every entry of the map in `ARCHITECTURE.md` (the
//! fenced block under `## Map`: the first word of each line indented by less than
//! [`MAP_TEXT_COLUMN`], and any word after it joined by ` / ` or `, `) is a path too.
//!
//! **What is skipped** (see [`skipped`]): a path that leaves the repository (starting
//! with `/` or `../`: a URL's path, the rules texts kept beside the project); what
//! commands write and git ignores ([`WRITTEN`], checked against the `.gitignore` files);
//! and a placeholder in capitals, a part such as `NAME`, `DIR`, `FILE` or `N`.
//!
//! **Where a path is looked for.** A part `<name>` stands for any name with the same text
//! around it (`docs/rules/<system>.md` holds if some file fits). A path is found if it
//! exists relative to the repository's root, to the document's folder, or to a folder the
//! same document names (the folder that a path found is or is in: a page that names
//! `crates/fray/src` may then say `pool/exact.rs`, and then `exact.rs`). A map entry is
//! relative to any entry it is indented under, or to the root; a word after ` / ` or `, `
//! is beside the first entry of its line (`examples/minions/, pool/` names
//! `examples/pool/`).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// The endings that make a code span a file's path even without a `/`.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "toml", "py", "sh", "json", "html", "txt", "ipynb", "c", "h",
];

/// What commands write, never committed: a path under one of these folders, or a file
/// of this name (`--report DIR` writes `report.html`, `fray playground --out DIR`
/// writes `fray.html`), is skipped. Each folder must be
/// ignored by git (`written_folders_are_ignored_by_git`).
const WRITTEN: &[&str] = &[
    "out/",
    "target/",
    "fuzz/corpus/",
    "fuzz/artifacts/",
    "report.html",
    "fray.html",
];

/// In the map, a line indented this far or more continues the text of the entry above.
const MAP_TEXT_COLUMN: usize = 10;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the workspace root")
}

/// The documents checked, relative to the root: `README.md`, `ARCHITECTURE.md` and every
/// `.md` file below `docs/`, sorted.
fn documents(root: &Path) -> Vec<String> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<PathBuf> = fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|x| x == "md") {
                let rel = path.strip_prefix(root).expect("below the root");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut docs = vec!["README.md".to_string(), "ARCHITECTURE.md".to_string()];
    walk(&root.join("docs"), root, &mut docs);
    docs
}

/// The names at the top of the repository (`crates`, `docs`, `.ci`, ...).
fn top_names(root: &Path) -> BTreeSet<String> {
    fs::read_dir(root)
        .expect("the root is readable")
        .map(|e| e.expect("a directory entry").file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect()
}

/// Whether `pattern`, relative to `root`, exists: a part `<name>` (with any text around
/// it) matches any name of that shape, and a pattern ending in `/` must be a folder.
fn exists(root: &Path, pattern: &str) -> bool {
    let mut here = vec![root.to_path_buf()];
    for part in pattern.split('/').filter(|p| !p.is_empty()) {
        let shape = part
            .split_once('<')
            .and_then(|(before, rest)| Some((before, rest.split_once('>')?.1)));
        let mut next = Vec::new();
        for dir in &here {
            match shape {
                None => next.push(dir.join(part)),
                Some((before, after)) => {
                    let Ok(entries) = fs::read_dir(dir) else {
                        continue;
                    };
                    for entry in entries.flatten() {
                        let name = entry.file_name().to_string_lossy().into_owned();
                        if name.len() > before.len() + after.len()
                            && name.starts_with(before)
                            && name.ends_with(after)
                        {
                            next.push(entry.path());
                        }
                    }
                }
            }
        }
        here = next;
    }
    here.iter()
        .any(|p| p.exists() && (!pattern.ends_with('/') || p.is_dir()))
}

/// The code spans of a Markdown text outside its fenced blocks, each with the line its
/// opening backticks are on. A span may not cross a blank line; backticks with no
/// closing run of the same length are plain text.
fn code_spans(text: &str) -> Vec<(usize, String)> {
    let mut spans = Vec::new();
    let mut paragraph: Vec<(usize, &str)> = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~");
        if fence || fenced || line.trim().is_empty() {
            spans.extend(spans_of(&paragraph));
            paragraph.clear();
            fenced ^= fence;
            continue;
        }
        paragraph.push((i + 1, line));
    }
    spans.extend(spans_of(&paragraph));
    spans
}

/// The code spans of one paragraph, given as numbered lines.
fn spans_of(lines: &[(usize, &str)]) -> Vec<(usize, String)> {
    let mut chars: Vec<(usize, char)> = Vec::new();
    for (n, line) in lines {
        chars.extend(line.chars().map(|c| (*n, c)));
        chars.push((*n, '\n'));
    }
    let run_at = |i: usize| chars[i..].iter().take_while(|(_, c)| *c == '`').count();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let open = run_at(i);
        if open == 0 {
            i += 1;
            continue;
        }
        let mut j = i + open;
        let close = loop {
            if j >= chars.len() {
                break None;
            }
            match run_at(j) {
                0 => j += 1,
                n if n == open => break Some(j),
                n => j += n,
            }
        };
        match close {
            Some(j) => {
                let inner: String = chars[i + open..j].iter().map(|(_, c)| *c).collect();
                let inner = match inner.strip_prefix(' ').and_then(|s| s.strip_suffix(' ')) {
                    Some(trimmed) if !trimmed.trim().is_empty() => trimmed.to_string(),
                    _ => inner,
                };
                spans.push((chars[i].0, inner));
                i = j + open;
            }
            None => i += open,
        }
    }
    spans
}

/// Whether a code span is written as a path (see the module's doc): `top` holds the
/// names at the top of the repository.
fn is_path(span: &str, top: &BTreeSet<String>) -> bool {
    let plain = span
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-./<>".contains(c));
    if span.is_empty() || !plain || span.starts_with("--") {
        return false;
    }
    let extension = span
        .rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext));
    let first = span.split('/').next().unwrap_or_default();
    extension || span.ends_with('/') || (span.contains('/') && top.contains(first))
}

/// Whether a path is left unchecked: outside the repository, written by a command, or
/// a placeholder in capitals.
fn skipped(path: &str) -> bool {
    let outside = path.starts_with('/') || path.starts_with("../");
    let written = WRITTEN.iter().any(|w| match w.strip_suffix('/') {
        Some(folder) => path == folder || path.starts_with(w),
        None => path == *w || path.ends_with(&format!("/{w}")),
    });
    let placeholder = path
        .split('/')
        .any(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_uppercase() || c == '_'));
    outside || written || placeholder
}

/// A path a document names: its line, the path as written, and the paths relative to
/// the root it may stand for (found if any exists).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Named {
    line: usize,
    written: String,
    candidates: Vec<String>,
}

/// The folder a found path names: itself if it ends in `/` or has no extension, else
/// the folder it is in (with its `/`, or "" for the root).
fn folder_of(path: &str) -> String {
    let file = path.rsplit('/').next().unwrap_or_default();
    if path.ends_with('/') {
        path.to_string()
    } else if file.contains('.') && !file.starts_with('.') {
        path[..path.len() - file.len()].to_string()
    } else {
        format!("{path}/")
    }
}

/// The paths a document names in its code spans, each with the places it may be: the
/// root, the document's folder, and every folder the document names that `exists`
/// finds from those or from one found before.
fn spans_named(
    doc: &str,
    text: &str,
    top: &BTreeSet<String>,
    exists: &dyn Fn(&str) -> bool,
) -> Vec<Named> {
    let own = doc.rsplit_once('/').map_or("", |(d, _)| d);
    let own = if own.is_empty() {
        String::new()
    } else {
        format!("{own}/")
    };
    let paths: Vec<(usize, String)> = code_spans(text)
        .into_iter()
        .filter(|(_, s)| is_path(s, top) && !skipped(s))
        .collect();
    // The folders found so far; each round looks for the paths beside those of the last.
    let mut bases = vec![String::new(), own];
    let mut from = 0;
    while from < bases.len() {
        let newest = bases[from..].to_vec();
        from = bases.len();
        for (_, path) in &paths {
            for base in &newest {
                let folder = format!("{base}{}", folder_of(path));
                if exists(&format!("{base}{path}")) && !bases.contains(&folder) {
                    bases.push(folder);
                }
            }
        }
    }
    paths
        .into_iter()
        .map(|(line, written)| Named {
            line,
            candidates: bases.iter().map(|b| format!("{b}{written}")).collect(),
            written,
        })
        .collect()
}

/// The entries of the map (the fenced block after a `## Map` heading), each with the
/// paths it may stand for: relative to any entry it is indented under, or to the root.
fn map_entries(text: &str) -> Vec<Named> {
    let lines: Vec<&str> = text.lines().collect();
    let Some(heading) = lines.iter().position(|l| l.trim() == "## Map") else {
        return Vec::new();
    };
    let Some(open) = (heading..lines.len()).find(|&i| lines[i].starts_with("```")) else {
        return Vec::new();
    };
    let mut named = Vec::new();
    // The entries the current line may be indented under: (indent, path from the root).
    let mut above: Vec<(usize, String)> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(open + 1) {
        if line.starts_with("```") {
            break;
        }
        let indent = line.len() - line.trim_start().len();
        if line.trim().is_empty() || indent >= MAP_TEXT_COLUMN {
            continue;
        }
        while above.last().is_some_and(|(at, _)| *at >= indent) {
            above.pop();
        }
        let mut bases: Vec<String> = above.iter().rev().map(|(_, p)| p.clone()).collect();
        bases.push(String::new());
        let words: Vec<&str> = line.split_whitespace().collect();
        let first = words[0].trim_end_matches(',');
        // Each entry as written, and its path relative to the entry it is indented under.
        let mut entries = vec![(first.to_string(), first.to_string())];
        let beside = &first[..first.trim_end_matches('/').rfind('/').map_or(0, |k| k + 1)];
        let mut k = 0;
        while k + 1 < words.len() {
            let next = if words[k + 1] == "/" {
                k += 2;
                words.get(k)
            } else if words[k].ends_with(',') {
                k += 1;
                words.get(k)
            } else {
                None
            };
            let Some(word) = next else { break };
            let word = word.trim_end_matches(',');
            entries.push((word.to_string(), format!("{beside}{word}")));
        }
        for (written, entry) in entries {
            named.push(Named {
                line: i + 1,
                written,
                candidates: bases.iter().map(|b| format!("{b}{entry}")).collect(),
            });
        }
        above.push((indent, format!("{}{first}", bases[0])));
    }
    named
}

#[test]
fn every_path_the_docs_name_exists() {
    let root = root();
    let top = top_names(&root);
    let found = |p: &str| exists(&root, p);
    let mut missing = Vec::new();
    let (mut spans, mut entries) = (0, 0);
    for doc in documents(&root) {
        let text = fs::read_to_string(root.join(&doc)).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let named = spans_named(&doc, &text, &top, &found);
        let map = map_entries(&text);
        spans += named.len();
        entries += map.len();
        for n in named.iter().chain(&map) {
            if !n.candidates.iter().any(|c| found(c)) {
                missing.push(format!("{doc}:{}: `{}`", n.line, n.written));
            }
        }
    }
    assert!(
        spans >= 150 && entries >= 100,
        "the check sees too little: {spans} paths in code spans, {entries} map entries"
    );
    assert!(
        missing.is_empty(),
        "{} path(s) named in the docs do not exist (rules: crates/fray/tests/docs.rs):\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn written_folders_are_ignored_by_git() {
    let root = root();
    for written in WRITTEN.iter().filter(|w| w.ends_with('/')) {
        let folder = written.trim_end_matches('/');
        let (parent, name) = folder.rsplit_once('/').unwrap_or(("", folder));
        let ignored = [
            (String::new(), written.to_string()),
            (format!("{parent}/"), format!("{name}/")),
        ]
        .iter()
        .any(|(dir, line)| {
            fs::read_to_string(root.join(dir).join(".gitignore"))
                .is_ok_and(|t| t.lines().any(|l| l.trim() == line))
        });
        assert!(
            ignored,
            "{written} is skipped as written by commands, but git does not ignore it"
        );
    }
}

/// The extraction sees what it should, on literal examples.
#[test]
fn the_extraction_sees_paths_and_only_paths() {
    let text = "A `b.rs`, ``c `d` e`` and `two\n\
                lines`, `crates/x.rs`.\n\
                An odd ` here\n\
                \n\
                ```sh\n\
                `in/fence.rs`\n\
                ```\n\
                `after/`\n";
    let spans = code_spans(text);
    let spans: Vec<(usize, &str)> = spans.iter().map(|(n, s)| (*n, s.as_str())).collect();
    assert_eq!(
        spans,
        [
            (1, "b.rs"),
            (1, "c `d` e"),
            (1, "two\nlines"),
            (2, "crates/x.rs"),
            (8, "after/")
        ]
    );

    let top: BTreeSet<String> = ["crates", "docs", ".ci", "target"].map(String::from).into();
    for path in [
        "rng.rs",
        "crates/fray/src",
        "crates/fray/src/rng.rs",
        "conditions/",
        ".ci/run",
        "docs/rules/<system>.md",
        "python/fray/__init__.py",
        "target/mutants-wt",
        "NAME/x.rs",
    ] {
        assert!(is_path(path, &top), "{path} is a path");
    }
    for prose in [
        "3/6",
        "0/d",
        "burst/blast",
        "application/x-ndjson",
        "fray battle",
        "--report",
        "https://example.com/a.rs",
        "src/*.rs",
        "tests/{a,b}.rs",
        "examples/…",
        "mass::battle/N",
        "//!",
        ".rs",
        "Rolls",
    ] {
        assert!(!is_path(prose, &top), "{prose} is not a path");
    }
    for path in [
        "/api/damage",
        "../shared/rules/004.txt",
        "out/win.svg",
        "target/mutants-wt",
        "fuzz/artifacts/x.log",
        "report.html",
        "out/report.html",
        "crates/NAME/x.rs",
        "battle/N",
    ] {
        assert!(skipped(path), "{path} is skipped");
    }
    for path in [
        "outline.md",
        "docs/out/x.md",
        "README.md",
        "fuzz/src/entries.rs",
    ] {
        assert!(!skipped(path), "{path} is checked");
    }
}

/// Relative paths are looked for beside the folders a page names, and map entries under
/// the entries they are indented under.
#[test]
fn relative_paths_are_looked_for_where_the_page_says() {
    let files = ["crates/fray/src/pool/exact.rs", "docs/rules/pool.md"];
    let exists = |p: &str| files.iter().any(|f| f.starts_with(p.trim_end_matches('/')));
    let top: BTreeSet<String> = ["crates", "docs"].map(String::from).into();
    let text = "See `crates/fray/src` and `pool.md`, then `pool/exact.rs`, `exact.rs`\n\
                and `nowhere/exact.rs`.\n";
    let named = spans_named("docs/rules/x.md", text, &top, &exists);
    let found = |w: &str| {
        let n = named.iter().find(|n| n.written == w).unwrap();
        n.candidates.iter().find(|c| exists(c)).cloned()
    };
    assert_eq!(found("pool.md").as_deref(), Some("docs/rules/pool.md"));
    assert_eq!(
        found("pool/exact.rs").as_deref(),
        Some("crates/fray/src/pool/exact.rs")
    );
    assert_eq!(
        found("exact.rs").as_deref(),
        Some("crates/fray/src/pool/exact.rs")
    );
    assert_eq!(found("nowhere/exact.rs"), None);

    let map = "## Map\n\n```\n\
               Cargo.toml                 the workspace\n\
               crates/fray/               the library\n  \
                 src/damage/              the damage system\n    \
                   exact.rs / sample.rs   dice, with `a/b.rs` in the text\n                           \
                                          more/text.rs continued\n  \
                 tests/                   its tests\n\
               examples/minions/, pool/   battle files\n\
               ```\n\
               `after/the/map.rs`\n";
    let entries: Vec<(usize, String, Vec<String>)> = map_entries(map)
        .into_iter()
        .map(|n| (n.line, n.written, n.candidates))
        .collect();
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(
        entries,
        [
            (4, "Cargo.toml".into(), v(&["Cargo.toml"])),
            (5, "crates/fray/".into(), v(&["crates/fray/"])),
            (
                6,
                "src/damage/".into(),
                v(&["crates/fray/src/damage/", "src/damage/"])
            ),
            (
                7,
                "exact.rs".into(),
                v(&[
                    "crates/fray/src/damage/exact.rs",
                    "crates/fray/exact.rs",
                    "exact.rs"
                ])
            ),
            (
                7,
                "sample.rs".into(),
                v(&[
                    "crates/fray/src/damage/sample.rs",
                    "crates/fray/sample.rs",
                    "sample.rs"
                ])
            ),
            (9, "tests/".into(), v(&["crates/fray/tests/", "tests/"])),
            (10, "examples/minions/".into(), v(&["examples/minions/"])),
            (10, "pool/".into(), v(&["examples/pool/"])),
        ]
    );
}
