//! A designer tuning a monster with the battle lab: the same evasion duel with the troll
//! given more and more hit points, to find where the fight is fair. The lab solves a duel's
//! outcome exactly (a Markov chain over both sides' hit points) and samples, with a fixed
//! seed, only what has no exact form, such as the spread of rounds.
//!
//! Run it with `cargo run -p fray-lab --example balance_sweep`.

use std::fmt::Write as _;

use fray_lab::{parse_scenario, report, run};

/// The duel, with `{HP}` standing for the troll's hit points. The format is the one of
/// `fray battle` scenario files (`fray_lab::scenario`).
const DUEL: &str = r#"
system = "evasion"
trials = 400
seed = 11
max_rounds = 500

[evasion.a]
name = "Valkyrie"
damage = "d8+2"
[evasion.a.attack]
kind = "player"
dex = 16
skill = "skilled"
[evasion.a.defense]
kind = "player"
hp = 45
[evasion.a.defense.armor.torso]
name = "mithril coat"
ev = 1
dr = 4

[evasion.b]
name = "Troll"
damage = "2d6+2"
[evasion.b.attack]
kind = "monster"
level = 9
[evasion.b.defense]
kind = "monster"
ev = 2
size = 3
hp = {HP}
"#;

fn main() {
    print!("{}", run());
}

/// The Valkyrie's chance against trolls of 30 to 90 hit points (exact), the mean rounds
/// (exact) and the median rounds (sampled).
pub fn run() -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "troll hp | P(Valkyrie wins) | mean rounds | median rounds (sampled)"
    );
    for hp in [30, 50, 70, 90] {
        // A bad scenario would be refused with its line and column.
        let scenario = match parse_scenario(&DUEL.replace("{HP}", &hp.to_string())) {
            Ok(s) => s,
            Err(e) => return format!("the scenario does not read: {e}\n"),
        };
        // One thread here; the same seed gives the same tally on any thread count,
        // because each chunk of trials has its own stream.
        let tally = match run::play_on(&scenario, 1, &|_| {}) {
            Ok(t) => t,
            Err(e) => return format!("the lab could not run: {e}\n"),
        };
        let r = report::report(&scenario, &tally);
        let win = &r.sides[0].win;
        let _ = writeln!(
            out,
            "{hp:>8} | {:>16} | {:>11.2} | {:>23}",
            format!("{} {:?}", report::percent(win.p), win.basis),
            r.rounds.mean,
            r.rounds.median
        );
    }
    out
}
