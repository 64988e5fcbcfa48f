//! Issue 11 in the exact and sampled duels: negative DR raises damage past the dice's
//! maximum, a monster's luckstone is drawn once per duel, and a caught gem deals nothing.

use fray::dice::DiceExpr;
use fray::evasion::{
    Armor, ArmorPiece, Attacker, DamageKind, Defender, Kind, Options, Projectile, Ranged, Thrown,
    ToHitModel, damage_odds,
};
use fray::rng::{ScriptedRolls, SeededRolls};
use fray_lab::duel::{exact_duel, sample_duel};
use fray_lab::scenario::{Duel, Duelist};

fn dice(s: &str) -> DiceExpr {
    s.parse().unwrap()
}

fn cursed(enchantment: i32, hp: u32) -> Defender {
    let p = Some(ArmorPiece {
        enchantment,
        ..ArmorPiece::default()
    });
    Defender {
        hp,
        armor: Armor {
            torso: p.clone(),
            head: p.clone(),
            shield: p.clone(),
            gloves: p.clone(),
            boots: p.clone(),
            cloak: p,
        },
        ..Defender::default()
    }
}

fn duelist(name: &str, damage: &str, attack: Attacker, defense: Defender) -> Duelist {
    Duelist {
        name: name.into(),
        damage: dice(damage),
        kind: DamageKind::Physical,
        attack,
        defense,
    }
}

/// Expected attacks for `att` to bring a defender from `hp` to 0, computed straight
/// from the library's per-attack damage at every hit point total.
fn attacks_to_kill(att: &Duelist, def: &Defender, hp: u32, o: &Options) -> f64 {
    let mut e = vec![0.0; hp as usize + 1];
    for h in 1..=hp as usize {
        let mut d = def.clone();
        d.hp = h as u32;
        let per = damage_odds(&att.damage, att.kind, &att.attack, &d, o)
            .unwrap()
            .per_attack;
        let rest: f64 = per
            .iter()
            .filter(|m| m.value > 0 && (m.value as usize) < h)
            .map(|m| m.p * e[h - m.value as usize])
            .sum();
        e[h] = (1.0 + rest) / (1.0 - per.p(0));
    }
    e[hp as usize]
}

#[test]
fn the_exact_duel_takes_the_real_damage_of_negative_dr() {
    // B never hits (a certain miss under the integer model); A's 1d10 against −7 DR
    // reaches 21, so high-damage cuts happen at hit points the dice alone never reach.
    let options = Options {
        model: ToHitModel::UniformSum { k: 4, r: 17 },
        ..Options::default()
    };
    let a = duelist(
        "A",
        "1d10",
        Attacker {
            level: 12,
            ..Attacker::default()
        },
        Defender {
            ev: 100.0,
            hp: 10,
            ..Defender::default()
        },
    );
    let b = duelist("B", "1", Attacker::default(), cursed(-7, 30));
    let duel = Duel {
        a: a.clone(),
        b: b.clone(),
        options,
        b_first: false,
    };
    let e = exact_duel(&duel).unwrap();
    let direct = attacks_to_kill(&a, &b.defense, 30, &options);
    assert!((e.p_a_wins - 1.0).abs() < 1e-12, "{e:?}");
    assert!(
        (e.expected_rounds - direct).abs() < 1e-9,
        "exact {} vs direct {direct}",
        e.expected_rounds
    );
}

#[test]
fn sampled_duels_with_negative_dr_agree_with_the_exact_duel() {
    let a = duelist(
        "A",
        "1d8",
        Attacker {
            level: 4,
            ..Attacker::default()
        },
        Defender {
            hp: 24,
            ..Defender::default()
        },
    );
    let b = duelist(
        "B",
        "1d8+1",
        Attacker {
            level: 4,
            ..Attacker::default()
        },
        cursed(-6, 26),
    );
    let duel = Duel {
        a,
        b,
        options: Options::default(),
        b_first: false,
    };
    let e = exact_duel(&duel).unwrap();
    let n = 20_000;
    let mut rolls = SeededRolls::new(11);
    let wins = (0..n)
        .filter(|_| sample_duel(&duel, 10_000, &mut rolls).0 == Some(true))
        .count();
    let freq = wins as f64 / f64::from(n);
    let sigma = (e.p_a_wins * (1.0 - e.p_a_wins) / f64::from(n)).sqrt();
    assert!(
        (freq - e.p_a_wins).abs() < 4.5 * sigma,
        "sampled {freq} vs exact {}",
        e.p_a_wins
    );
}

fn stone_monster() -> Duelist {
    duelist(
        "Stone",
        "1d6",
        Attacker {
            level: 4,
            luckstone: true,
            ..Attacker::default()
        },
        Defender {
            hp: 12,
            luckstone: true,
            ..Defender::default()
        },
    )
}

#[test]
fn the_exact_duel_mixes_whole_fights_over_the_luckstone_draw() {
    let foe = duelist(
        "Foe",
        "1d6",
        Attacker {
            level: 6,
            ..Attacker::default()
        },
        Defender {
            hp: 12,
            ev: 1.0,
            ..Defender::default()
        },
    );
    let duel = Duel {
        a: stone_monster(),
        b: foe,
        options: Options::default(),
        b_first: false,
    };
    let mixed = exact_duel(&duel).unwrap();
    let (mut p, mut rounds) = (0.0, 0.0);
    for luck in [4, 5, 6] {
        let mut fixed = duel.clone();
        fixed.a.attack.luck = luck;
        fixed.a.attack.luckstone = false;
        fixed.a.defense.luck = luck;
        fixed.a.defense.luckstone = false;
        let e = exact_duel(&fixed).unwrap();
        p += e.p_a_wins / 3.0;
        rounds += e.expected_rounds / 3.0;
    }
    assert!(
        (mixed.p_a_wins - p).abs() < 1e-12,
        "{} vs {p}",
        mixed.p_a_wins
    );
    assert!((mixed.expected_rounds - rounds).abs() < 1e-9);
    assert!((mixed.p_a_wins + mixed.p_b_wins - 1.0).abs() < 1e-9);
}

/// Under the integer model with K = 1, R = 1, each to-hit roll is one d3 (−1, 0, +1).
fn scripted_luckstone_duel() -> Duel {
    Duel {
        a: duelist(
            "Stone",
            "1",
            Attacker {
                luckstone: true,
                ..Attacker::default()
            },
            Defender {
                ev: 100.0,
                hp: 100,
                ..Defender::default()
            },
        ),
        b: duelist(
            "Target",
            "1",
            Attacker::default(),
            Defender {
                ev: 3.0,
                hp: 1,
                ..Defender::default()
            },
        ),
        options: Options {
            model: ToHitModel::UniformSum { k: 1, r: 1 },
            ..Options::default()
        },
        b_first: false,
    }
}

#[test]
fn a_sampled_duel_draws_each_luckstone_once() {
    let duel = scripted_luckstone_duel();
    // d3 = 3: Luck 6, a 1d3 Luck die every attack. Round 1: Luck 1, to-hit 0 against a
    // margin of 2, a miss; the target misses (d3 1). Round 2: Luck 3, to-hit +1 against
    // 0, a hit on the torso (d100 1) for 1.
    let mut rolls = ScriptedRolls::dice([3, 1, 2, 1, 3, 3, 1]);
    let r = sample_duel(&duel, 10, &mut rolls);
    assert_eq!(r, (Some(true), 2, [100, 0], [1, 0]));
    assert_eq!(rolls.remaining(), 0);
    // d3 = 1: Luck 4, so a 1d2 Luck die for the whole duel, which can never hit.
    let mut rolls = ScriptedRolls::dice([1, 2, 3, 1, 2, 3, 1]);
    let r = sample_duel(&duel, 2, &mut rolls);
    assert_eq!(r, (None, 2, [100, 1], [0, 0]));
    assert_eq!(rolls.remaining(), 0);
}

#[test]
fn a_caught_gem_never_wins_a_duel() {
    let thrower = |name: &str| {
        duelist(
            name,
            "1d4",
            Attacker {
                kind: Kind::Player,
                ranged: Some(Ranged {
                    projectile: Projectile::Missile,
                    thrown: Some(Thrown::Gem),
                    distance: 1,
                    ..Ranged::default()
                }),
                ..Attacker::default()
            },
            Defender {
                kind: Kind::Player,
                hp: 3,
                ..Defender::default()
            },
        )
    };
    let unicorn = duelist(
        "Unicorn",
        "1d2",
        Attacker {
            level: 4,
            ..Attacker::default()
        },
        Defender {
            unicorn: true,
            hp: 3,
            ..Defender::default()
        },
    );
    let duel = Duel {
        a: thrower("Thrower"),
        b: unicorn.clone(),
        options: Options::default(),
        b_first: false,
    };
    let e = exact_duel(&duel).unwrap();
    assert!(e.p_b_wins > 1.0 - 1e-12, "{e:?}");
    let mut rolls = SeededRolls::new(5);
    for _ in 0..200 {
        let (winner, _, hp, dealt) = sample_duel(&duel, 1000, &mut rolls);
        assert_eq!((winner, hp[1], dealt[0]), (Some(false), 3, 0));
    }
    // Two gem throwers at two unicorns: nobody can ever deal damage.
    let mut stuck = duel.clone();
    stuck.a.defense.unicorn = true;
    stuck.b = Duelist {
        attack: thrower("B").attack,
        ..unicorn
    };
    // Issue 12: not an error but a certain draw, with no end to expect.
    let e = exact_duel(&stuck).unwrap();
    assert_eq!((e.p_a_wins, e.p_b_wins, e.p_draw), (0.0, 0.0, 1.0));
    assert!(e.expected_rounds.is_infinite());
}

#[test]
fn a_duel_scenario_can_switch_the_wrong_launcher_reading() {
    let text = "system = \"evasion\"\n[evasion]\nwrong_launcher_counts = true\n[evasion.a]\nname = \"A\"\ndamage = \"d6\"\n[evasion.b]\nname = \"B\"\ndamage = \"d6\"\n";
    let s = fray_lab::parse_scenario(text).unwrap();
    let fray_lab::scenario::BattleKind::Evasion(d) = s.battle else {
        panic!("an evasion duel")
    };
    assert!(d.options.wrong_launcher_counts);
    // Profiles inside a duel are checked like profile files, at their full key path.
    let bad = text.replace(
        "[evasion.b]\n",
        "[evasion.a.attack]\nkind = \"monster\"\n[evasion.a.attack.weapon]\nkind = \"boomerang\"\n[evasion.b]\n",
    );
    let e = fray_lab::parse_scenario(&bad).unwrap_err();
    assert!(
        e.message.starts_with("evasion.a.attack.weapon.kind:"),
        "{e}"
    );
}
