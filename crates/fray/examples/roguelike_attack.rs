//! A roguelike's melee attack, resolved by fray's evasion system.
//!
//! The game keeps its own creatures; when one swings at another it describes both to
//! fray as an `Attacker` and a `Defender` (every bonus of the rules text is a named
//! field), asks for the exact chance to hit, then rolls the attack through a seeded
//! generator so that a replay of the same game rolls the same numbers.
//!
//! Run it with `cargo run -p fray --example roguelike_attack`.

use std::fmt::Write as _;

use fray::evasion::{
    ArmorPiece, Attacker, Breakdown, DamageKind, Defender, Kind, Options, SkillLevel, Weapon,
    hit_chance, roll_attack,
};
use fray::rng::SeededRolls;

/// The game's seed for this fight: the same seed gives the same rolls on every machine.
const SEED: u64 = 2024;

fn main() {
    print!("{}", run());
}

/// Plays up to three swings of a Valkyrie at a troll and returns what the game would log.
pub fn run() -> String {
    let mut out = String::new();

    // The player: Dex 16 and a skilled long sword; Luck 10 adds a d5 to every roll.
    let valkyrie = Attacker {
        kind: Kind::Player,
        dex: 16,
        skill: SkillLevel::Skilled,
        luck: 10,
        weapon: Some(Weapon {
            to_hit: 1.0,
            ..Weapon::default()
        }),
        ..Attacker::default()
    };
    // The monster: large (size 3), some natural evasion, a tough hide (DR 2) and a
    // helmet (DR 3: where a hit lands on a piece, the greater DR counts). Its 30 hit
    // points matter for the high-damage effects of the text.
    let mut troll = Defender {
        kind: Kind::Monster,
        ev: 2.0,
        size: 3,
        hp: 30,
        intrinsic_dr: 2.0,
        ..Defender::default()
    };
    troll.armor.head = Some(ArmorPiece {
        name: "dwarvish iron helm".into(),
        ev: 1.0,
        dr: 3.0,
        ..ArmorPiece::default()
    });
    // The readings of the text the game chose: the defaults (normal model, σ = 5).
    let options = Options::default();
    let sword = "d8+1".parse().expect("a valid dice expression");

    // Exact first: the game can show the odds before the player commits.
    let chance = hit_chance(&valkyrie, &troll, &options).expect("the default model is valid");
    let _ = writeln!(out, "Valkyrie attacks the troll with a long sword (d8+1)");
    write_terms(&mut out, "attacker", &chance.attacker);
    write_terms(&mut out, "defender", &chance.defender);
    let _ = writeln!(out, "chance to hit: {:.1}%", chance.p_hit * 100.0);

    // Then the rolls: one generator for the whole fight, passed to each attack.
    let mut rolls = SeededRolls::new(SEED);
    for swing in 1..=3 {
        let attack = roll_attack(
            &valkyrie,
            &troll,
            &sword,
            DamageKind::Physical,
            &options,
            &mut rolls,
        );
        match attack.damage {
            None => {
                let _ = writeln!(out, "swing {swing}: miss");
            }
            Some(d) => {
                // Every step of the damage formula is kept, so the log can explain it.
                let dr = d.dr.map_or("no armor".to_string(), |dr| format!("DR {dr}"));
                let _ = write!(
                    out,
                    "swing {swing}: hit the {} ({dr}): rolled {}, {} after DR",
                    d.slot.name(),
                    d.rolled,
                    d.before_effect
                );
                if let Some((effect, turns)) = d.effect {
                    let _ = write!(out, ", {effect}");
                    if let Some(turns) = turns {
                        let _ = write!(out, " for {turns} turns");
                    }
                }
                let _ = writeln!(out, " => {} damage", d.damage);
                // The game keeps the hit points: the next swing's high-damage effects
                // look at what is left.
                match u32::try_from(d.damage) {
                    Ok(dealt) if dealt < troll.hp => troll.hp -= dealt,
                    _ => {
                        let _ = writeln!(out, "the troll dies");
                        break;
                    }
                }
            }
        }
    }
    out
}

/// One side's to-hit total, term by term, as the rules text names each term.
fn write_terms(out: &mut String, who: &str, b: &Breakdown) {
    let terms: Vec<String> = b
        .terms
        .iter()
        .map(|t| format!("{} {:+}", t.source, t.value))
        .collect();
    let _ = writeln!(
        out,
        "{who}: {} = {:+}, Luck {}",
        terms.join(", "),
        b.fixed(),
        b.luck.describe()
    );
}
