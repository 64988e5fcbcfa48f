//! Issue 15 in the duel: the planned sampler draws what the one-attack-at-a-time
//! sampler drew (same seed, same duels), and the exact duel keeps its old answers.

use fray::dist::Distribution;
use fray::evasion::{
    Armor, ArmorPiece, Attacker, DamageKind, Defender, Kind, Launcher, Options, Projectile, Ranged,
    Rounding, Thrown, ToHitModel, Weapon, damage_odds, roll_attack,
};
use fray::rng::{Rolls, SeededRolls};
use fray_lab::duel::{
    DuelPlan, DuelResult, MAX_EXACT_WORK, exact_duel, exact_work, with_luckstone_drawn,
};
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

/// The exact duel as it was solved before (every state summing over both attacks'
/// damages, |X| · |Y| steps each): the reference for the faster chain's answers.
fn reference_exact(duel: &Duel) -> (f64, f64, f64, f64) {
    let by_hp = |att: &Duelist, def: &Duelist, max_hp: i64| -> Vec<Distribution> {
        (0..=max_hp)
            .map(|hp| {
                let mut d = def.defense.clone();
                d.hp = hp.max(1) as u32;
                let odds = damage_odds(&att.damage, att.kind, &att.attack, &d, &duel.options);
                if hp == 0 {
                    Distribution::point(0)
                } else {
                    odds.unwrap().per_attack
                }
            })
            .collect()
    };
    let (first, second) = if duel.b_first {
        (&duel.b, &duel.a)
    } else {
        (&duel.a, &duel.b)
    };
    let (hf, hs) = (i64::from(first.defense.hp), i64::from(second.defense.hp));
    let (hits_second, hits_first) = (by_hp(first, second, hs), by_hp(second, first, hf));
    let width = hs as usize + 1;
    let cells = (hf as usize + 1) * width;
    let (mut win, mut lose, mut rounds) = (vec![0.0; cells], vec![0.0; cells], vec![0.0; cells]);
    let mut endless = vec![false; cells];
    for f in 1..=hf {
        for s in 1..=hs {
            let (dx, dy) = (&hits_second[s as usize], &hits_first[f as usize]);
            let here = f as usize * width + s as usize;
            let stay = 1.0 - dx.p(0) * dy.p(0);
            if stay <= 0.0 {
                endless[here] = true;
                continue;
            }
            let (mut w, mut l, mut r, mut forever) = (0.0, 0.0, 1.0, false);
            for x in dx.iter() {
                if s - x.value <= 0 {
                    w += x.p;
                    continue;
                }
                for y in dy.iter() {
                    if f - y.value <= 0 {
                        l += x.p * y.p;
                        continue;
                    }
                    if x.value == 0 && y.value == 0 {
                        continue;
                    }
                    let at = (f - y.value) as usize * width + (s - x.value) as usize;
                    w += x.p * y.p * win[at];
                    l += x.p * y.p * lose[at];
                    r += x.p * y.p * rounds[at];
                    forever |= endless[at];
                }
            }
            win[here] = w / stay;
            lose[here] = l / stay;
            rounds[here] = r / stay;
            endless[here] = forever;
        }
    }
    let start = hf as usize * width + hs as usize;
    let (p_first, p_second, draw, mean) = if endless[start] {
        let (w, l) = (win[start], lose[start]);
        (w, l, (1.0f64 - w - l).max(0.0), f64::INFINITY)
    } else {
        (win[start], 1.0 - win[start], 0.0, rounds[start])
    };
    if duel.b_first {
        (p_second, p_first, draw, mean)
    } else {
        (p_first, p_second, draw, mean)
    }
}

/// A duel where the second striker's hits can never land past a point: a gem thrown at
/// a unicorn is caught, so once b's own attack is a caught throw only a can win.
fn lopsided() -> Duel {
    let mut d = duels().remove(2);
    d.b.attack.ranged = Some(Ranged {
        projectile: Projectile::Missile,
        launcher: Launcher::NoLauncher,
        thrown: Some(Thrown::Gem),
        ..Ranged::default()
    });
    d.a.defense.unicorn = true;
    d
}

#[test]
fn the_exact_chain_gives_the_old_answers() {
    let mut cases: Vec<Duel> = duels()
        .into_iter()
        .map(|mut d| {
            // The old solver drew no luckstones: fix them, as exact_duel does per draw.
            d.a = with_luckstone_drawn(&d.a, 2);
            d.b = with_luckstone_drawn(&d.b, 3);
            d
        })
        .collect();
    cases.push(lopsided());
    let mut stuck = lopsided();
    stuck.a = stuck.b.clone();
    stuck.b.defense.unicorn = true;
    stuck.a.defense.unicorn = true;
    cases.push(stuck);
    for (i, duel) in cases.iter().enumerate() {
        let e = exact_duel(duel).unwrap();
        let (pa, pb, draw, mean) = reference_exact(duel);
        let close = |x: f64, y: f64| (x - y).abs() <= 1e-12 * x.abs().max(1.0) || x == y;
        let pairs = [
            ("a wins", e.p_a_wins, pa),
            ("b wins", e.p_b_wins, pb),
            ("draw", e.p_draw, draw),
            ("rounds", e.expected_rounds, mean),
        ];
        for (what, new, old) in pairs {
            assert!(close(new, old), "duel {i}: {what} {new} vs {old}");
        }
    }
    // The cases are not all alike: a sure draw, a certain winner, and open fights.
    assert_eq!(exact_duel(&cases[4]).unwrap().p_draw, 1.0);
    assert!(exact_duel(&cases[3]).unwrap().p_a_wins > 1.0 - 1e-12);
    assert!(cases[..3].iter().all(|d| {
        let e = exact_duel(d).unwrap();
        e.p_a_wins > 0.005 && e.p_b_wins > 0.005
    }));
}

#[test]
fn an_exact_duel_past_its_work_bound_is_refused_before_it_starts() {
    let mut d = duels().remove(2);
    d.a.defense.hp = 2_000;
    d.b.defense.hp = 2_000;
    d.a.damage = "20d100".parse().unwrap();
    assert!(exact_work(&d) > MAX_EXACT_WORK);
    let err = exact_duel(&d).unwrap_err().message;
    assert!(
        err.contains("steps") && err.contains(&MAX_EXACT_WORK.to_string()),
        "{err}"
    );
    d.a.defense.hp = 2_001;
    assert!(
        exact_duel(&d)
            .unwrap_err()
            .message
            .contains("at most 2000 hit points")
    );
    // The bound's reason is told: the time grows with the pairs of hit points.
    (d.a.defense.hp, d.b.defense.hp) = (10_000, 10_000);
    let err = exact_duel(&d).unwrap_err().message;
    assert!(
        err.contains("a state for every pair of hit points")
            && err.contains("(here 10000 and 10000)"),
        "{err}"
    );
    // A thousand hit points a side is within the bound.
    d.a.damage = "2d6".parse().unwrap();
    d.a.defense.hp = 1_000;
    d.b.defense.hp = 1_000;
    assert!(exact_work(&d) <= MAX_EXACT_WORK);
}

#[test]
fn a_duel_past_the_exact_bounds_is_sampled_and_the_report_says_why() {
    let mut s = crate::scenario("duel", 256);
    if let fray_lab::scenario::BattleKind::Evasion(d) = &mut s.battle {
        d.b.defense.hp = 2_001;
    }
    let r = fray_lab::report::report(&s, &fray_lab::run::play_on(&s, 1, &|_| {}).unwrap());
    assert_eq!(r.sides[0].win.basis, fray_lab::report::Basis::Sampled);
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("no exact answer") && n.contains("2000 hit points")),
        "{:?}",
        r.notes
    );
}
