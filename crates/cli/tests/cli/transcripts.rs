//! Every output block of README.md and docs/ is what `fray` prints: each ```text block
//! follows a marker naming the command that prints it, `<!-- output of: fray ARGS -->`,
//! and the command is run (from the repository's root) and its standard output compared
//! whole, so no block can drift from the binary. A ```text block without a marker fails:
//! an output block no test checks. `UPDATE_DOCS=1 cargo test -p fray-cli --test cli
//! transcripts` rewrites the blocks from the binary.

use std::path::{Path, PathBuf};

use crate::common::*;

const MARKER: &str = "<!-- output of: fray ";

/// README.md and every Markdown file under docs/.
fn documents() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut docs = vec![PathBuf::from(root("README.md"))];
    walk(Path::new(&root("docs")), &mut docs);
    docs.sort();
    docs
}

/// A marker's arguments, split as a shell would (double or single quotes group words).
fn words(line: &str) -> Vec<String> {
    let (mut out, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '"' | '\'') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (_, c) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// `fray ARGS` run from the repository's root: its standard output.
fn printed(args: &[String]) -> String {
    let out = std::process::Command::new(bin())
        .args(args)
        .current_dir(root(""))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "fray {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn every_output_block_in_the_docs_is_what_fray_prints() {
    let update = std::env::var_os("UPDATE_DOCS").is_some();
    let mut checked = 0;
    let mut wrong = Vec::new();
    for doc in documents() {
        let text = std::fs::read_to_string(&doc).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let mut rewritten: Vec<String> = Vec::new();
        let mut i = 0;
        while i < lines.len() {
            rewritten.push(lines[i].to_string());
            if lines[i].trim_end() != "```text" {
                i += 1;
                continue;
            }
            let name = format!("{}:{}", doc.display(), i + 1);
            let marker = lines[..i]
                .iter()
                .rev()
                .find(|l| !l.trim().is_empty())
                .and_then(|l| l.trim().strip_prefix(MARKER))
                .and_then(|l| l.strip_suffix("-->"));
            let Some(args) = marker else {
                wrong.push(format!(
                    "{name}: an output block with no `{MARKER}ARGS -->` before it"
                ));
                i += 1;
                continue;
            };
            let end = i
                + 1
                + lines[i + 1..]
                    .iter()
                    .position(|l| l.trim_end() == "```")
                    .unwrap_or_else(|| panic!("{name}: the block never closes"));
            let shown = lines[i + 1..end].join("\n");
            let fresh = printed(&words(args));
            let fresh = fresh.trim_end_matches('\n');
            if shown != fresh {
                wrong.push(format!("{name}: `fray {}` prints\n{fresh}\n", args.trim()));
            }
            rewritten.extend(fresh.lines().map(str::to_string));
            rewritten.push("```".to_string());
            checked += 1;
            i = end + 1;
        }
        if update {
            let mut out = rewritten.join("\n");
            out.push('\n');
            std::fs::write(&doc, out).unwrap();
        }
    }
    assert!(checked >= 3, "only {checked} output blocks found");
    if !update {
        assert!(
            wrong.is_empty(),
            "{} output block(s) differ from what fray prints (UPDATE_DOCS=1 rewrites them):\n{}",
            wrong.len(),
            wrong.join("\n")
        );
    }
}

#[test]
fn a_marker_is_split_as_a_shell_splits_it() {
    assert_eq!(
        words(r#"damage 17 fire --vs "Resist Fire; Vulnerable 5 Cold" "#),
        [
            "damage",
            "17",
            "fire",
            "--vs",
            "Resist Fire; Vulnerable 5 Cold"
        ]
    );
    assert_eq!(words("roster --example ''"), ["roster", "--example", ""]);
}
