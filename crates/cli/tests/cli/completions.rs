//! `fray completions SHELL` and `fray man`: what a shell and `man` get.

use crate::common::*;

#[test]
fn completions_know_every_command_and_flag() {
    for shell in ["bash", "zsh", "fish"] {
        let out = &ok(&["completions", shell]).stdout;
        for word in ["evasion-table", "mass-battle", "list-examples"] {
            assert!(out.contains(word), "{shell}: {word}");
        }
    }
    let bash = &ok(&["completions", "bash"]).stdout;
    assert!(bash.contains("complete -F _fray"), "{bash}");
    let zsh = &ok(&["completions", "zsh"]).stdout;
    assert!(zsh.starts_with("#compdef fray"), "{zsh}");
    let fish = &ok(&["completions", "fish"]).stdout;
    assert!(fish.contains("complete -c fray"), "{fish}");
    refuse(
        &["completions", "tcsh"],
        expect![[r#"
            error: invalid value 'tcsh' for '<SHELL>'
              [possible values: bash, elvish, fish, powershell, zsh]

              tip: a similar value exists: 'zsh'

            For more information, try '--help'.
        "#]],
    );
}

#[test]
fn the_man_page_names_the_command() {
    let man = &ok(&["man"]).stdout;
    assert!(man.contains(".TH fray 1"), "{man}");
    assert!(man.contains("combat\\-rules engine"), "{man}");
}

/// On a terminal the page is shown as a page (man renders it), not as roff's source;
/// piped, it stays the source (the test above). A terminal is made with `script`.
#[test]
fn on_a_terminal_the_man_page_is_rendered() {
    let shown = std::process::Command::new("script")
        .args([
            "-qec",
            &format!("{} man battle", bin().display()),
            "/dev/null",
        ])
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
        .expect("script (util-linux) makes the terminal");
    let text = String::from_utf8_lossy(&shown.stdout);
    assert!(shown.status.success(), "{text}");
    let has_man = std::process::Command::new("sh")
        .args(["-c", "command -v man"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_man {
        // Without `man`, the source is printed, and said so.
        assert!(
            text.contains("`man` is not installed") && text.contains(".TH"),
            "{text}"
        );
        return;
    }
    assert!(!text.contains(".TH"), "roff's source on a terminal: {text}");
    // Headings come overstruck for bold (N\x08N...): the page's header line is plain.
    assert!(
        text.contains("fray-battle(1)") && text.contains("General Commands Manual"),
        "{text}"
    );
}

#[test]
fn every_page_the_man_page_refers_to_can_be_printed() {
    let man = &ok(&["man"]).stdout;
    // SEE ALSO (and the subcommand list) name pages as fray\-NAME(1).
    let pages: Vec<String> = man
        .split("fray\\-")
        .skip(1)
        .filter_map(|rest| {
            rest.split_once("(1)")
                .map(|(name, _)| name.replace("\\-", "-"))
        })
        .collect();
    assert!(pages.len() >= 15, "{pages:?}");
    for page in &pages {
        let sub = &ok(&["man", page]).stdout;
        assert!(sub.contains(&format!(".TH fray-{page} 1")), "{page}: {sub}");
    }
    // Refused naming every page there is: each listed above among them.
    let refused = fray(&["man", "nope"]);
    assert_eq!(refused.code, 2);
    let words = refused.stderr.trim_end();
    let listed = words
        .strip_prefix("error: no subcommand `nope`: its page would be one of ")
        .unwrap_or_else(|| panic!("{words}"));
    let listed: Vec<&str> = listed.split(", ").collect();
    assert!(
        pages.iter().all(|p| listed.contains(&p.as_str())),
        "{listed:?}"
    );
}
