//! The documentation around the command: `fray --help`, the README, and the library's
//! module docs that the command's explanations cite.

use crate::common::*;

#[test]
fn the_help_says_what_fray_is() {
    let out = &ok(&["--help"]).stdout;
    assert!(
        out.contains("A combat-rules engine and balance lab"),
        "{out}"
    );
    assert!(!out.contains("The fray command line"), "{out}");
}

/// The README's `--report out/` writes where git ignores it.
#[test]
fn the_readme_reports_into_an_ignored_directory() {
    let ignore = std::fs::read_to_string(root(".gitignore")).unwrap();
    let readme = std::fs::read_to_string(root("README.md")).unwrap();
    assert!(readme.contains("--report out/"));
    assert!(ignore.lines().any(|l| l.trim() == "out/"), "{ignore}");
}

#[test]
fn module_docs_cite_texts_by_short_name() {
    for system in ["damage", "evasion", "pool", "minions", "conditions"] {
        let doc =
            std::fs::read_to_string(root(&format!("crates/fray/src/{system}/mod.rs"))).unwrap();
        let head: String = doc.lines().take_while(|l| l.starts_with("//!")).collect();
        assert!(
            head.contains(&format!("docs/rules/{system}.md")),
            "{system}"
        );
        assert!(head.contains(&format!("\"{system}\"")), "{system}");
        let hashed = head
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .any(|w| {
                w.len() == 20
                    && w.as_bytes()[3] == b'_'
                    && w[..3].bytes().all(|b| b.is_ascii_digit())
            });
        assert!(!hashed, "{system}: {head}");
        assert!(!head.contains(".txt"), "{system}: {head}");
    }
}
