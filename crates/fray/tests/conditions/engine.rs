//! The encounter's queries and a script's outer limits, checked directly (the example
//! scripts reach them only through their expectations). A file for each part of the
//! encounter; the creatures and the turn that several of them use are here.

mod actions;
mod hit_points;
mod marks;
mod modifiers;
mod script;
mod space;

use fray::conditions::{AttackOptions, Encounter, parse_script};
use fray::rng::SeededRolls;

/// A fighter with a defender aura of 2 and enemies at distances 1, 2 and 3.
const AURA: &str = r#"
[[creature]]
name = "Fighter"
side = "a"
hp = 30
position = [0, 0]
aura = 2
[[creature]]
name = "Near"
side = "b"
hp = 10
position = [1, 1]
[[creature]]
name = "Edge"
side = "b"
hp = 10
position = [2, 0]
[[creature]]
name = "Far"
side = "b"
hp = 10
position = [3, 0]
[[creature]]
name = "Friend"
side = "a"
hp = 10
position = [0, 1]
"#;

/// A script of `creatures` creatures and `steps` steps.
fn sized_script(creatures: usize, steps: usize) -> String {
    let mut s = String::new();
    for i in 0..creatures {
        s += &format!("[[creature]]\nname = \"C{i}\"\nside = \"a\"\nhp = 5\n");
    }
    for _ in 0..steps {
        s += "[[step]]\ndo = \"next-turn\"\n";
    }
    s
}

/// The Hero (a minor-action jab of 1 damage) beside an Orc, and a Bystander, on the Hero's turn.
fn hero_turn() -> Encounter {
    let text = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature.power]]
name = "Jab"
action = "minor"
keywords = ["melee"]
attack = 1
damage = "1"
[[creature.power]]
name = "Taunt"
action = "free"
keywords = ["melee"]
attack = 1
[[creature]]
name = "Orc"
side = "b"
hp = 100
position = [1, 0]
[[creature]]
name = "Bystander"
side = "a"
hp = 10
position = [0, 5]
"#;
    let mut e = Encounter::new(parse_script(text).unwrap().creatures);
    e.start_turn(0, &mut SeededRolls::new(1));
    e
}

fn jab(e: &mut Encounter) {
    e.attack_with(
        0,
        0,
        &[1],
        &AttackOptions::default(),
        &mut SeededRolls::new(2),
    )
    .unwrap();
}

/// The Hero beside an Orc, and an Ally on the Orc's far side.
const FLANK: &str = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature]]
name = "Orc"
side = "b"
hp = 30
position = [1, 0]
[[creature]]
name = "Ally"
side = "a"
hp = 30
position = [2, 0]
"#;
