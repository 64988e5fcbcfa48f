//! An encounter of the conditions system played from a script held in a string: a game
//! or a test harness can describe a scene in TOML, let fray play it, and read back every
//! rule applied and whether its expectations held.
//!
//! Run it with `cargo run -p fray --example encounter`.

use std::fmt::Write as _;

use fray::conditions::{parse_script, run_script};

/// An ogre grabs the hero; the hero cannot walk away, so it makes an escape check
/// (conditions, Sidebar: Escape Check) with a roll fixed by the script, then walks off.
/// Rolls the script does not fix are drawn from the seed.
const SCRIPT: &str = r#"
seed = 7

[[creature]]
name = "Hero"
side = "a"
hp = 30
acrobatics = 5
position = [0, 0]

[[creature]]
name = "Ogre"
side = "b"
hp = 40
reflex = 12
position = [1, 0]

[[step]]
do = "apply"
creature = "Hero"
condition = "grabbed"
source = "Ogre"

[[step]]
do = "move"
creature = "Hero"
path = [[-1, 0]]

[[step]]
do = "expect"
check = "refused"
contains = "grabbed"

# Acrobatics: 10 rolled + 5 = 15 against the ogre's Reflex 12.
[[step]]
do = "escape"
creature = "Hero"
from = "Ogre"
rolls = [10]

[[step]]
do = "expect"
check = "condition"
creature = "Hero"
condition = "grabbed"
present = false

[[step]]
do = "move"
creature = "Hero"
path = [[-1, 0]]

[[step]]
do = "expect"
check = "position"
creature = "Hero"
at = [-1, 0]
"#;

fn main() {
    print!("{}", run());
}

/// Checks and plays the script, and returns its log and the expectations' results.
pub fn run() -> String {
    // A malformed script is refused whole, with the line and column of each problem,
    // before anything is played.
    let script = match parse_script(SCRIPT) {
        Ok(script) => script,
        Err(e) => return format!("the script does not read: {e}\n"),
    };
    // `None` keeps the script's own seed; a game would pass its own.
    let report = run_script(&script, None);
    let mut out = String::new();
    for step in &report.log {
        let _ = writeln!(out, "{step}");
    }
    let _ = writeln!(
        out,
        "{} expectation(s) met, {} failed",
        report.expectations_met,
        report.failures.len()
    );
    for f in &report.failures {
        let _ = writeln!(out, "line {}, column {}: {}", f.line, f.column, f.message);
    }
    out
}
