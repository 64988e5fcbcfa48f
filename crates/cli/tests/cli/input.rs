//! How every command reads its input files: a bounded reader (no endless `/dev/zero` or
//! pipe), bytes that are not UTF-8 located, and located errors that quote a short
//! excerpt with a caret, the same way in every command.

use crate::common::*;

#[cfg(unix)]
#[test]
fn dev_zero_is_read_only_up_to_the_limit() {
    refuse(
        &["damage", "5", "--vs-file", "/dev/zero"],
        expect![[r#"
            error: /dev/zero is larger than 1048576 bytes: a stat block file may hold at most 1048576
        "#]],
    );
    refuse(
        &["minions", "/dev/zero"],
        expect![[r#"
            error: /dev/zero is larger than 4194304 bytes: a battle file may hold at most 4194304
        "#]],
    );
    refuse(
        &["appraise", "--defender", "/dev/zero"],
        expect![[r#"
            error: /dev/zero is larger than 1048576 bytes: a profile may hold at most 1048576
        "#]],
    );
}

#[cfg(unix)]
#[test]
fn a_fifo_is_read_only_up_to_the_limit() {
    let fifo = scratch("input-fifo").join("pipe");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo here: /dev/zero above covers the same reader
    }
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            use std::io::Write;
            let mut w = std::fs::OpenOptions::new().write(true).open(fifo).unwrap();
            let chunk = vec![b'#'; 1 << 16];
            // Writes until the reader hangs up (a broken pipe ends the loop).
            while w.write_all(&chunk).is_ok() {}
        })
    };
    refuse(
        &["damage", "5", "--vs-file", fifo.to_str().unwrap()],
        expect![[r#"
            error: $TMP/input-fifo/pipe is larger than 1048576 bytes: a stat block file may hold at most 1048576
        "#]],
    );
    writer.join().unwrap();
}

#[test]
fn text_that_is_not_utf8_is_located() {
    let dir = scratch("input-utf8");
    let block = write(&dir, "block.txt", b"Resist Fire\nResist \xE9t\xFF Cold\n");
    refuse(
        &["damage", "5", "--vs-file", &block],
        expect![[r#"
            error: $TMP/input-utf8/block.txt, line 2, column 8: the byte 0xE9 is not UTF-8 text: a stat block file must be UTF-8
        "#]],
    );
    let battle = write(&dir, "battle.toml", b"[a]\nname = \"Orcs\xC3\"\n");
    refuse(
        &["minions", &battle],
        expect![[r#"
            error: $TMP/input-utf8/battle.toml, line 2, column 13: the byte 0xC3 is not UTF-8 text: a battle file must be UTF-8
        "#]],
    );
}

#[test]
fn a_deep_nesting_error_quotes_a_short_excerpt() {
    let dir = scratch("input-nesting");
    let deep = format!("x = {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let file = write(&dir, "deep.toml", deep);
    let stderr = &refuse(&["minions", &file], expect![[r#"
        error: $TMP/input-nesting/deep.toml, line 1, column 85: arrays or tables are nested too deeply here (at most 80 levels): cannot recurse further; max recursion depth met
          | …[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[…
          |                            ^
    "#]]).stderr;
    assert!(stderr.len() < 600, "{} bytes: {stderr}", stderr.len());
    // The caret stands under a `[` of the excerpt, at the column's place in it.
    let lines: Vec<&str> = stderr.lines().collect();
    let at = lines[2].find('^').unwrap();
    assert_eq!(lines[1].chars().nth(at), Some('['), "{stderr}");
    // A long stat-block line is quoted the same way.
    let text = format!(
        "{}Resist Fier 99999999999999999999",
        "Swarm; ".repeat(30_000)
    );
    let long = write(&dir, "long.txt", text);
    let stderr = &refuse(&["damage", "5", "--vs-file", &long], expect![[r#"
        warning: $TMP/input-nesting/long.txt, line 1, column 210008: `fier` is not a built-in damage type and is read as a custom type; did you mean `fire`?
          | …arm; Swarm; Swarm; Resist Fier 99999999999999999999
          |                            ^^^^
        error: the defender's traits could not be read:
        $TMP/input-nesting/long.txt, line 1, column 210013: limit `99999999999999999999` is too large: expected a whole number from 0 to 1000000000
          | …Swarm; Swarm; Resist Fier 99999999999999999999
          |                            ^^^^^^^^^^^^^^^^^^^^
    "#]]).stderr;
    assert!(stderr.len() < 800, "{} bytes: {stderr}", stderr.len());
}

#[test]
fn located_errors_look_the_same_everywhere() {
    let scenario = write(
        &scratch("input-carets"),
        "bad.toml",
        "system = \"pool\"\nmax_rounds = 0\n",
    );
    refuse(
        &["battle", &scenario],
        expect![[r#"
            error: $TMP/input-carets/bad.toml, line 2, column 14: max_rounds is 0: expected from 1 to 100000 (a whole number)
              | max_rounds = 0
              |              ^
        "#]],
    );
    refuse(
        &["damage", "10", "fire", "--vs", "Resist Fire x"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 13: unexpected `x`: expected a limit or a (condition)
              | Resist Fire x
              |             ^
        "#]],
    );
}
