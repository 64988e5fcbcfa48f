//! The library and the lab word their refusals, warnings and notes in the request's
//! fields, never in the command line's flags: a refusal holds its field's path
//! (`Refusal::field`) and each front end names it its own way (`--trials`, `trials`,
//! the page's label). A `--flag` written in a message of `crates/fray` or `crates/lab`
//! would reach the web, Python and C users, who have no such flag. It reads the source
//! as text; nothing is built.

use std::fs;
use std::path::Path;

// The shared source-walking helpers; this check needs two of them.
#[allow(dead_code)]
#[path = "support/modules.rs"]
mod modules;
use modules::{root, rust_files};

/// The string literals of `line` (between double quotes, escapes skipped), as written.
fn literals(line: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut start = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match (start, c) {
            (Some(_), _) if escaped => escaped = false,
            (Some(_), '\\') => escaped = true,
            (Some(s), '"') => {
                found.push(&line[s..i]);
                start = None;
            }
            (None, '"') => start = Some(i + 1),
            _ => {}
        }
    }
    found
}

/// Whether `text` names a flag: `--` then a lower-case letter, at its start or after a
/// space, quote or bracket.
fn names_a_flag(text: &str) -> bool {
    text.match_indices("--").any(|(i, _)| {
        let before = text[..i].chars().last();
        let after = text[i + 2..].chars().next();
        before.is_none_or(|c| c.is_whitespace() || "([{`'".contains(c))
            && after.is_some_and(|c| c.is_ascii_lowercase())
    })
}

/// Each `--flag` in a string literal of the source under `dir`, outside comments and
/// the files' test modules, as `file:line: literal`.
fn flags_in(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for path in rust_files(dir) {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (n, line) in text.lines().enumerate() {
            // A file's unit tests come last: what they assert is no message.
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            if line.trim_start().starts_with("//") {
                continue;
            }
            for literal in literals(line).into_iter().filter(|l| names_a_flag(l)) {
                let name = path.strip_prefix(root()).unwrap_or(&path);
                found.push(format!("{}:{}: \"{literal}\"", name.display(), n + 1));
            }
        }
    }
    found
}

#[test]
fn library_messages_name_fields_not_flags() {
    let mut found = Vec::new();
    for dir in ["crates/fray/src", "crates/lab/src"] {
        let dir = root().join(dir);
        assert!(dir.is_dir(), "{}", dir.display());
        found.extend(flags_in(&dir));
    }
    assert!(
        found.is_empty(),
        "name the request's field (`Refusal::about(\"trials\", ...)`, or `trials` in \
         backquotes), not a flag:\n{}",
        found.join("\n")
    );
}

/// The check sees a flag where a message would show one, and nothing else.
#[test]
fn the_check_sees_flags_in_literals_only() {
    assert_eq!(
        literals(r#"f("a \"b\" --c", x); g("--trials 0")"#),
        [r#"a \"b\" --c"#, "--trials 0"]
    );
    assert!(names_a_flag("use --trials"));
    assert!(names_a_flag("--vary PATH=RANGE"));
    assert!(names_a_flag("(`--roll`)"));
    assert!(!names_a_flag("a -- b"));
    assert!(!names_a_flag("x--y"));
    assert!(!names_a_flag("---"));
}
