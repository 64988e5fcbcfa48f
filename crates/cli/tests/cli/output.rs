//! What every command writes to the terminal: no control character from an input file
//! reaches it (text escapes them, JSON writes valid escapes), and warnings are capped
//! like errors.

use crate::common::*;

/// No control character but new line and tab reaches the terminal.
fn assert_no_controls(text: &str, what: &str) {
    assert!(
        !text
            .chars()
            .any(|c| c.is_control() && c != '\n' && c != '\t'),
        "{what}: {text:?}"
    );
}

/// The bundled recruits-vs-orcs battle, with the orc's name replaced by `name` (TOML),
/// written in the scratch directory `dir`.
fn battle_with_orc_named(dir: &str, name: &str) -> String {
    let text = std::fs::read_to_string(example("minions/recruits-vs-orcs.toml"))
        .unwrap()
        .replacen("name = \"Orc\"", &format!("name = \"{name}\""), 1);
    write(&scratch(dir), "battle.toml", text)
}

#[test]
fn escape_sequences_in_a_battle_file_never_reach_the_terminal() {
    // A creature named with an escape sequence (a TOML escape).
    let battle = battle_with_orc_named("output-osc", "Orc\\u001b]0;pwned\\u0007");
    let out = &ok(&["minions", &battle]).stdout;
    assert_no_controls(out, "minions log");
    assert!(out.contains("hits Orc\\u{1b}]0;pwned\\u{7} 1"));
    let json = &ok(&["minions", &battle, "--json"]).stdout;
    assert_no_controls(json, "minions JSON");
    let _: Value = serde_json::from_str(json).unwrap();
}

/// C1 controls and bidirectional overrides, which serde_json writes raw: escaped in text,
/// and valid JSON escapes that read back as the same name.
#[test]
fn c1_controls_and_bidi_overrides_never_reach_the_terminal() {
    let battle = battle_with_orc_named("output-c1", "Orc\\u009b2J\\u202e");
    let out = &fray(&["minions", &battle]).stdout;
    assert_no_controls(out, "minions log, C1");
    assert!(out.contains("hits Orc\\u{9b}2J\\u{202e} 1"));
    let json = &fray(&["minions", &battle, "--json"]).stdout;
    assert!(!json.contains('\u{9b}') && !json.contains('\u{202e}'));
    assert!(json.contains("Orc\\u009b2J\\u202e 1"), "{json}");
    let v: Value = serde_json::from_str(json).unwrap();
    assert!(v.to_string().contains("Orc\u{9b}2J\u{202e} 1"));
}

/// A stat block: raw bytes in a trigger's effect, and in a line quoted by an error.
#[test]
fn escape_sequences_in_a_stat_block_never_reach_the_terminal() {
    let dir = scratch("output-stat-block");
    let block = write(
        &dir,
        "trigger.txt",
        "Damage Trigger Fire: \x1b[2J\x07glows\n",
    );
    let out = &ok(&["damage", "5", "fire", "--vs-file", &block]).stdout;
    assert_no_controls(out, "damage output");
    assert!(out.contains("trigger (fire): \\u{1b}[2J\\u{7}glows"));
    let block = write(
        &dir,
        "error.txt",
        "Damage Trigger Fire: x\x1b]0;pwned\x07\n",
    );
    let stderr = &refuse(&["damage", "5", "fire", "--vs-file", &block], expect![[r#"
        error: the defender's traits could not be read:
        $TMP/output-stat-block/error.txt, line 1, column 27: `pwned\u{7}` does not start a trait: expected Resist, Vulnerable, Damage Immune:, Condition Immune:, Nondamage Immune:, Damage Trigger, Insubstantial, Swarm, Regiment, or a Conditions: declaration
          | Damage Trigger Fire: x\u{1b}]0;pwned\u{7}
          |                                ^^^^^^^^^^
    "#]]).stderr;
    assert_no_controls(stderr, "damage error");
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[1].contains("`pwned\\u{7}` does not start a trait"),
        "{stderr}"
    );
    assert_eq!(lines[2], "  | Damage Trigger Fire: x\\u{1b}]0;pwned\\u{7}");
    assert_eq!(
        lines[3],
        format!("  | {}{}", " ".repeat(31), "^".repeat(10))
    );
}

/// A profile: a value with an escape sequence, and a raw one in a comment.
#[test]
fn escape_sequences_in_a_profile_never_reach_the_terminal() {
    let dir = scratch("output-profile");
    let profile = write(
        &dir,
        "value.toml",
        "kind = \"\\u001b]0;pwned\\u0007\"\nev = 2\n",
    );
    let stderr = &refuse(&["appraise", "--defender", &profile], expect![[r#"
        error: $TMP/output-profile/value.toml, line 1, column 8: unknown variant `\u{1b}]0;pwned\u{7}`, expected `monster` or `player`
          | kind = "\u001b]0;pwned\u0007"
          |        ^^^^^^^^^^^^^^^^^^^^^^
    "#]]).stderr;
    assert_no_controls(stderr, "profile error");
    let profile = write(
        &dir,
        "comment.toml",
        "kind = \"monster\" # \x1b]0;pwned\x07\n",
    );
    let stderr = &refuse(&["appraise", "--defender", &profile], expect![[r#"
        error: $TMP/output-profile/comment.toml, line 1, column 20: invalid comment character, expected printable characters
          | kind = "monster" # \u{1b}]0;pwned\u{7}
          |                    ^^^^^^
    "#]]).stderr;
    assert_no_controls(stderr, "profile comment");
}

#[test]
fn warnings_are_capped_like_errors() {
    let file = write(
        &scratch("output-warnings"),
        "typos.txt",
        "Resist fier\n".repeat(80_000),
    );
    let stderr = &ok(&["damage", "5", "fire", "--vs-file", &file]).stderr;
    assert!(stderr.len() < 10_000, "{} bytes of warnings", stderr.len());
    assert_eq!(stderr.matches("warning: ").count(), 21, "{stderr}");
    assert!(
        stderr.contains("typos.txt, line 20, column 8: `fier`"),
        "{stderr}"
    );
    assert!(stderr.contains("... and 79980 more warnings"), "{stderr}");
}
