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
    refuse(
        &["man", "nope"],
        expect![[r#"
            error: no subcommand `nope`: its page would be one of battle, sweep, sweep-paths, roster, damage, types, minions, check, sides, mass-battle, tohit, evasion-damage, evasion-table, appraise, design-check, encounter, serve, playground, schema, completions, man, help
        "#]],
    );
}
