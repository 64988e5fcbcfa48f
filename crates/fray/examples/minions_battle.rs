//! A strategy game resolving a skirmish between two squads of minions with fray's minions
//! system, built in code rather than read from a file. The text has no dice, so one play
//! is the exact outcome: no seed, and the same log every time.
//!
//! Run it with `cargo run -p fray --example minions_battle`.

use std::fmt::Write as _;

use fray::minions::{Battle, Event, Group, Kind, Minion, Rules, play};

fn main() {
    print!("{}", run());
}

/// Three recruits against two level-2 orcs, over up to two turns of at most two rounds;
/// returns the log and how every minion ended.
pub fn run() -> String {
    // `Minion::new(name, kind, hit points, damage per attack)`, then optional settings.
    // A recruit starts at level 1 and gains one level after its first kill (minions,
    // Experience Level); a monster never learns.
    let recruit = |name: &str| Minion::new(name, Kind::Recruit, 8, 2).armor(1);
    let orc = |name: &str| Minion::new(name, Kind::Monster, 5, 2).level(2).armor(1);
    let battle = Battle {
        // What the text leaves open (attack order, targeting, limits) is chosen here;
        // docs/rules/minions.md names the readings.
        rules: Rules {
            max_rounds: 2,
            turns: 2,
            ..Rules::default()
        },
        a: Group {
            name: "Militia".into(),
            minions: vec![recruit("Ada"), recruit("Bram"), recruit("Cole")],
        },
        b: Group {
            name: "Orc band".into(),
            minions: vec![orc("Grub"), orc("Snag")],
        },
        spells: Vec::new(),
    };

    // A `Vec<Event>` keeps every event; `fray::trace::NoTrace` would keep none, for a
    // game that only wants the outcome.
    let mut log: Vec<Event> = Vec::new();
    let outcome = play(&battle, &mut log);

    let mut out = String::new();
    for event in &log {
        // Each event names the rule it applied, by the text's section heading.
        let _ = writeln!(out, "{event}  ({})", event.rule().heading);
    }
    let winner = match outcome.winner {
        Some(side) => format!("side {} wins", side.letter()),
        None => "no winner".to_string(),
    };
    let _ = writeln!(
        out,
        "{winner} after {} turn(s), {} round(s)",
        outcome.turns, outcome.rounds
    );
    for m in &outcome.minions {
        let _ = writeln!(
            out,
            "  {} ({}): {}/{} hp, level {}",
            m.name,
            m.side.letter(),
            m.hp,
            m.max_hp,
            m.level
        );
    }
    out
}
