//! Issue 15 in the duel: the planned sampler draws what the one-attack-at-a-time
//! sampler drew (same seed, same duels), and the exact duel keeps its old answers.

use fray::evasion::{
    Armor, ArmorPiece, Attacker, DamageKind, Defender, Kind, Options, Rounding, ToHitModel, Weapon,
    roll_attack,
};
use fray::rng::{Rolls, SeededRolls};
use fray_lab::duel::{DuelPlan, DuelResult, with_luckstone_drawn};
use fray_lab::scenario::{Duel, Duelist};

/// The sampler as it was before plans: every attack rolled through `roll_attack`, which
/// rebuilds both breakdowns. Kept here as the reference the planned sampler must match.
fn reference_duel(duel: &Duel, max_rounds: u32, rolls: &mut impl Rolls) -> DuelResult {
    let undrawn = |d: &Duelist| d.attack.undrawn_luckstone() || d.defense.undrawn_luckstone();
    let mut draw = |d: &Duelist| {
        if undrawn(d) {
            with_luckstone_drawn(d, fray::evasion::draw_luckstone(rolls))
        } else {
            d.clone()
        }
    };
    let (a, b) = (draw(&duel.a), draw(&duel.b));
    let mut hp = [i64::from(a.defense.hp), i64::from(b.defense.hp)];
    let mut dealt = [0u64; 2];
    let mut defenders = [a.defense.clone(), b.defense.clone()];
    let order = if duel.b_first { [1, 0] } else { [0, 1] };
    let duelists = [&a, &b];
    for round in 1..=max_rounds {
        for &who in &order {
            let (att, target) = (duelists[who], 1 - who);
            defenders[target].hp = hp[target].max(1) as u32;
            let roll = roll_attack(
                &att.attack,
                &defenders[target],
                &att.damage,
                att.kind,
                &duel.options,
                rolls,
            );
            if let Some(d) = roll.damage {
                hp[target] -= d.damage;
                dealt[who] += d.damage as u64;
            }
            if hp[target] <= 0 {
                return (Some(who == 0), round, hp, dealt);
            }
        }
    }
    (None, max_rounds, hp, dealt)
}

fn fighter(name: &str, damage: &str, attack: Attacker, defense: Defender) -> Duelist {
    Duelist {
        name: name.into(),
        damage: damage.parse().unwrap(),
        kind: DamageKind::Physical,
        attack,
        defense,
    }
}

/// Duels that between them take every branch of an attack: Luck dice, luckstones drawn
/// per duel, erosion, DR with negative enchantment, half damage, high-damage effects
/// with their 3d2 turns, stochastic rounding, elemental damage, the integer model, b
/// striking first.
fn duels() -> Vec<Duel> {
    let armored = Defender {
        hp: 30,
        ev: 1.0,
        luck: -5,
        armor: Armor {
            torso: Some(ArmorPiece {
                dr: 3.0,
                ..ArmorPiece::default()
            }),
            head: Some(ArmorPiece {
                enchantment: -2,
                ..ArmorPiece::default()
            }),
            ..Armor::default()
        },
        half_physical: true,
        ..Defender::default()
    };
    let valkyrie = Attacker {
        kind: Kind::Player,
        dex: 17,
        luck: 7,
        weapon: Some(Weapon {
            erosion: 2,
            ..Weapon::default()
        }),
        ..Attacker::default()
    };
    let stone = Attacker {
        level: 6,
        luckstone: true,
        ..Attacker::default()
    };
    let stone_defense = Defender {
        hp: 25,
        luckstone: true,
        intrinsic_dr: 1.5,
        ..Defender::default()
    };
    let mut elemental = fighter(
        "Fire",
        "3d4",
        Attacker::default(),
        Defender {
            hp: 18,
            ..Defender::default()
        },
    );
    elemental.kind = DamageKind::Elemental;
    vec![
        Duel {
            a: fighter("Valkyrie", "d8+2", valkyrie.clone(), armored.clone()),
            b: fighter("Stone", "2d6", stone.clone(), stone_defense.clone()),
            options: Options {
                rounding: Rounding::Stochastic,
                ..Options::default()
            },
            b_first: false,
        },
        Duel {
            a: fighter("Stone", "1d10", stone, stone_defense),
            b: elemental,
            options: Options {
                model: ToHitModel::UniformSum { k: 3, r: 4 },
                ..Options::default()
            },
            b_first: true,
        },
        Duel {
            a: fighter("Valkyrie", "d8+2", valkyrie, armored.clone()),
            b: fighter("Brute", "4d6", Attacker::default(), armored),
            options: Options {
                rounding: Rounding::Up,
                ..Options::default()
            },
            b_first: false,
        },
    ]
}

#[test]
fn the_planned_sampler_plays_the_same_duels_as_one_attack_at_a_time() {
    for (i, duel) in duels().iter().enumerate() {
        let plan = DuelPlan::new(duel);
        for seed in 0..4 {
            let (mut slow, mut fast) = (SeededRolls::new(seed), SeededRolls::new(seed));
            for n in 0..300 {
                let want = reference_duel(duel, 40, &mut slow);
                assert_eq!(
                    plan.sample(40, &mut fast),
                    want,
                    "duel {i}, seed {seed}, duel {n}"
                );
            }
            // Both streams are at the same place: the same numbers were drawn.
            assert_eq!(slow.unit(), fast.unit(), "duel {i}, seed {seed}");
        }
    }
}
