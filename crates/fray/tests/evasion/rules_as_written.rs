//! Rules as written: negative DR, physical-only reduction, monsters'
//! launchers, luckstones drawn once, caught gems, the missing bonuses, and profile
//! combinations the rules cannot play.

use fray::dice::DiceExpr;
use fray::evasion::profile::{parse_attacker, parse_defender};
use fray::evasion::resolve::slot_dr;
use fray::evasion::{
    Armor, ArmorPiece, Attacker, Caught, DamageKind, Defender, HighDamage, Kind, Launcher,
    LuckDice, Options, Projectile, Ranged, Slot, Thrown, Weapon, WeaponKind, attacker_breakdown,
    damage_odds, defender_breakdown, hit_chance, roll_attack, roll_damage,
};
use fray::rng::{ScriptedRolls, SeededRolls};

fn dice(s: &str) -> DiceExpr {
    s.parse().unwrap()
}

fn piece(dr: f64, enchantment: i32) -> Option<ArmorPiece> {
    Some(ArmorPiece {
        dr,
        enchantment,
        ..ArmorPiece::default()
    })
}

/// The same piece in every slot, so the slot drawn does not matter.
fn everywhere(dr: f64, enchantment: i32, hp: u32) -> Defender {
    Defender {
        hp,
        armor: Armor {
            torso: piece(dr, enchantment),
            head: piece(dr, enchantment),
            shield: piece(dr, enchantment),
            gloves: piece(dr, enchantment),
            boots: piece(dr, enchantment),
            cloak: piece(dr, enchantment),
        },
        ..Defender::default()
    }
}

// ---- 1. negative DR raises the damage (Primary goals 2, Damage formula) ----

#[test]
fn negative_armor_dr_is_not_clamped() {
    let cursed = everywhere(0.0, -2, 1000);
    assert_eq!(
        slot_dr(&cursed, Slot::Torso, DamageKind::Physical),
        Some(-2.0)
    );
    // 10 × 0.9^-2 = 12.345...: rounds to 12.
    let mut script = ScriptedRolls::dice([10, 1]);
    let r = roll_damage(
        &Attacker::default(),
        &cursed,
        &dice("1d20"),
        DamageKind::Physical,
        &Options::default(),
        &mut script,
    );
    assert_eq!((r.dr, r.damage), (Some(-2.0), 12));
    let odds = damage_odds(
        &dice("10"),
        DamageKind::Physical,
        &Attacker::default(),
        &cursed,
        &Options::default(),
    )
    .unwrap();
    assert_eq!(odds.per_hit.p(12), 1.0, "{:?}", odds.per_hit);
    assert_eq!(odds.most_before_effects, 12);
    // A polymorph form's DR still counts when greater, and a negative one alone counts.
    let form = Defender {
        intrinsic_dr: 1.0,
        ..cursed.clone()
    };
    assert_eq!(slot_dr(&form, Slot::Head, DamageKind::Physical), Some(1.0));
    let frail = Defender {
        intrinsic_dr: -1.0,
        ..Defender::default()
    };
    assert_eq!(
        slot_dr(&frail, Slot::Boots, DamageKind::Physical),
        Some(-1.0)
    );
}

#[test]
fn exact_damage_bounds_count_the_raise_of_negative_dr() {
    // 1900 is under the limit of 2000, but 0.9^-10 makes it about 4900.
    let cursed = everywhere(0.0, -10, 1_000_000);
    assert!(
        damage_odds(
            &dice("1900"),
            DamageKind::Physical,
            &Attacker::default(),
            &cursed,
            &Options::default()
        )
        .is_err()
    );
    assert!(
        damage_odds(
            &dice("1900"),
            DamageKind::Elemental,
            &Attacker::default(),
            &cursed,
            &Options::default()
        )
        .is_ok(),
        "elemental damage is not raised"
    );
}

#[test]
fn sampled_damage_with_negative_dr_agrees_with_the_exact_distribution() {
    let d = everywhere(1.0, -4, 30);
    let a = Attacker {
        engulfed: true,
        ..Attacker::default()
    };
    let o = Options::default();
    let odds = damage_odds(&dice("2d6"), DamageKind::Physical, &a, &d, &o).unwrap();
    assert!(odds.per_hit.max() > 12, "raised above the dice's maximum");
    let mut rolls = SeededRolls::new(9);
    let n = 40_000;
    let mut total = 0i64;
    let mut hits = 0u32;
    for _ in 0..n {
        if let Some(r) =
            roll_attack(&a, &d, &dice("2d6"), DamageKind::Physical, &o, &mut rolls).damage
        {
            hits += 1;
            total += r.damage;
        }
    }
    let mean = total as f64 / f64::from(hits);
    let sd = odds.per_hit.variance().sqrt();
    assert!(
        (mean - odds.per_hit.mean()).abs() < 4.5 * sd / f64::from(hits).sqrt(),
        "{mean} vs {}",
        odds.per_hit.mean()
    );
}

// ---- 2. only physical damage meets DR and the slot effects (Damage formula) ----

#[test]
fn elemental_and_spell_damage_have_no_high_damage_effect() {
    let d = Defender {
        hp: 4,
        ..everywhere(3.0, 0, 4)
    };
    for kind in [DamageKind::Elemental, DamageKind::Spell] {
        let odds = damage_odds(
            &dice("10"),
            kind,
            &Attacker::default(),
            &d,
            &Options::default(),
        )
        .unwrap();
        assert_eq!(odds.per_hit.p(10), 1.0, "{kind:?}: untouched");
        assert!(odds.effects.is_empty(), "{kind:?}: {:?}", odds.effects);
        // On the head, over half of 4 hp: no stun, no cut.
        let mut script = ScriptedRolls::dice([10, 50]);
        let r = roll_damage(
            &Attacker::default(),
            &d,
            &dice("1d20"),
            kind,
            &Options::default(),
            &mut script,
        );
        assert_eq!((r.dr, r.effect, r.damage), (None, None, 10), "{kind:?}");
        assert_eq!(script.remaining(), 0);
    }
    let physical = damage_odds(
        &dice("10"),
        DamageKind::Physical,
        &Attacker::default(),
        &d,
        &Options::default(),
    )
    .unwrap();
    assert!(
        physical.effects.iter().any(|e| e.0 == HighDamage::Stunned),
        "physical damage keeps its effects"
    );
}

// ---- 3. monsters never swing non-melee weapons (Changes to other mechanics) ----

#[test]
fn a_monster_puts_its_launcher_away_in_melee() {
    let bow = Weapon {
        kind: WeaponKind::Launcher,
        to_hit: 2.0,
        erosion: 3,
        ..Weapon::default()
    };
    let monster = Attacker {
        weapon: Some(bow.clone()),
        ..Attacker::default()
    };
    let b = attacker_breakdown(&monster, &Defender::default(), &Options::default());
    assert_eq!(b.fixed(), 0.0, "{:?}", b.terms);
    assert!(
        !b.terms.iter().any(|t| t.source.contains("weapon")),
        "no weapon term at all: {:?}",
        b.terms
    );
    let player = Attacker {
        kind: Kind::Player,
        weapon: Some(bow),
        ..Attacker::default()
    };
    let b = attacker_breakdown(&player, &Defender::default(), &Options::default());
    assert_eq!(b.fixed(), 0.0, "+2 to-hit, −2 non-melee weapon in melee");
    assert!(
        b.terms
            .iter()
            .any(|t| t.source == "non-melee weapon in melee")
    );
    // Nor does the unwielded launcher's erosion cut the monster's damage.
    let d = Defender {
        hp: 1000,
        ..Defender::default()
    };
    let odds = damage_odds(
        &dice("10"),
        DamageKind::Physical,
        &monster,
        &d,
        &Options::default(),
    )
    .unwrap();
    assert_eq!(odds.per_hit.p(10), 1.0);
    let e = parse_attacker("kind = \"monster\"\nlevel = 3\n[weapon]\nkind = \"launcher\"\n")
        .unwrap_err();
    assert!(e.message.starts_with("weapon.kind:"), "{e}");
    assert_eq!(e.location.unwrap().line, 4);
    assert!(parse_attacker("kind = \"player\"\n[weapon]\nkind = \"launcher\"\n").is_ok());
    assert!(
        parse_attacker("kind = \"monster\"\n[weapon]\nkind = \"ammo\"\n[ranged]\ndistance = 3\n")
            .is_ok(),
        "firing is fine"
    );
}

// ---- 4. a monster's luckstone is one draw (Changes to other mechanics) ----

#[test]
fn a_drawn_luckstone_is_fixed_for_the_monster() {
    let stone = Attacker {
        luckstone: true,
        ..Attacker::default()
    };
    assert!(stone.undrawn_luckstone());
    for (d3, luck, sides) in [(1, 4, 2), (2, 5, 2), (3, 6, 3)] {
        let drawn = stone.with_luckstone_drawn(d3);
        assert_eq!((drawn.luck, drawn.luckstone), (luck, false));
        let b = attacker_breakdown(&drawn, &Defender::default(), &Options::default());
        assert_eq!(
            b.luck,
            LuckDice::Die {
                negative: false,
                sides
            }
        );
    }
    let player = Attacker {
        kind: Kind::Player,
        luck: 2,
        luckstone: true,
        ..Attacker::default()
    };
    assert_eq!(
        player.with_luckstone_drawn(3),
        player,
        "a player's Luck is its own"
    );
    let d = Defender {
        luckstone: true,
        ..Defender::default()
    }
    .with_luckstone_drawn(2);
    assert_eq!((d.luck, d.luckstone), (5, false));
    // One attack by a monster met once: the per-attack mixture is the average of the
    // three drawn monsters.
    let target = Defender {
        ev: 3.0,
        ..Defender::default()
    };
    let mixed = hit_chance(&stone, &target, &Options::default())
        .unwrap()
        .p_hit;
    let average: f64 = (1..=3)
        .map(|d3| {
            hit_chance(
                &stone.with_luckstone_drawn(d3),
                &target,
                &Options::default(),
            )
            .unwrap()
            .p_hit
        })
        .sum::<f64>()
        / 3.0;
    assert!((mixed - average).abs() < 1e-15);
}

// ---- 5. a caught gem is taken: no hit, no damage (Overriding special cases) ----

#[test]
fn a_caught_gem_deals_no_damage_on_any_path() {
    let gem = Attacker {
        kind: Kind::Player,
        ranged: Some(Ranged {
            projectile: Projectile::Missile,
            thrown: Some(Thrown::Gem),
            distance: 1,
            ..Ranged::default()
        }),
        engulfed: true,
        ..Attacker::default()
    };
    let unicorn = Defender {
        unicorn: true,
        hp: 20,
        ..Defender::default()
    };
    let o = Options::default();
    let h = hit_chance(&gem, &unicorn, &o).unwrap();
    assert_eq!((h.p_hit, h.caught), (0.0, Some(Caught::GemByUnicorn)));
    let odds = damage_odds(&dice("2d4"), DamageKind::Physical, &gem, &unicorn, &o).unwrap();
    assert_eq!(odds.p_hit, 0.0);
    assert_eq!(odds.per_attack.p(0), 1.0);
    assert_eq!(odds.per_attack.mean(), 0.0);
    let mut rolls = ScriptedRolls::dice([]);
    let r = roll_attack(
        &gem,
        &unicorn,
        &dice("2d4"),
        DamageKind::Physical,
        &o,
        &mut rolls,
    );
    assert_eq!(
        (r.hit, r.caught, r.damage),
        (false, Some(Caught::GemByUnicorn), None)
    );
    // The same gem at another defender is an ordinary, near-certain hit.
    let horse = Defender {
        hp: 20,
        ..Defender::default()
    };
    assert!(hit_chance(&gem, &horse, &o).unwrap().p_hit > 0.99);
}

// ---- 6. bonuses the text lists that the model lacked ----

#[test]
fn rings_of_evasiveness_and_artifact_launchers() {
    let d = Defender {
        rings_of_evasiveness: 3,
        ..Defender::default()
    };
    let b = defender_breakdown(&d, &Options::default());
    assert_eq!(b.fixed(), 3.0);
    assert!(
        b.terms
            .iter()
            .any(|t| t.source.contains("rings of evasiveness"))
    );
    assert_eq!(
        parse_defender("rings_of_evasiveness = 2")
            .unwrap()
            .rings_of_evasiveness,
        2
    );
    let fired = |launcher| Attacker {
        kind: Kind::Player,
        weapon: Some(Weapon {
            kind: WeaponKind::Ammo,
            ..Weapon::default()
        }),
        ranged: Some(Ranged {
            launcher,
            launcher_artifact_bonus: 5.0,
            ..Ranged::default()
        }),
        ..Attacker::default()
    };
    let a = attacker_breakdown(
        &fired(Launcher::Matching),
        &Defender::default(),
        &Options::default(),
    );
    assert_eq!(a.fixed(), 5.0, "{:?}", a.terms);
    let a = attacker_breakdown(
        &fired(Launcher::WrongOrNone),
        &Defender::default(),
        &Options::default(),
    );
    assert_eq!(
        a.fixed(),
        -6.0,
        "no launcher, no launcher bonus: {:?}",
        a.terms
    );
}

#[test]
fn a_wrong_launcher_is_told_from_none_and_its_terms_are_an_option() {
    let from = |launcher| Attacker {
        kind: Kind::Player,
        weapon: Some(Weapon {
            kind: WeaponKind::Ammo,
            ..Weapon::default()
        }),
        ranged: Some(Ranged {
            launcher,
            launcher_enchantment: 2,
            launcher_artifact_bonus: 1.0,
            ..Ranged::default()
        }),
        ..Attacker::default()
    };
    let literal = Options {
        wrong_launcher_counts: true,
        ..Options::default()
    };
    let total = |l, o: &Options| attacker_breakdown(&from(l), &Defender::default(), o).fixed();
    assert_eq!(total(Launcher::Matching, &Options::default()), 3.0);
    assert_eq!(total(Launcher::Wrong, &Options::default()), -6.0);
    assert_eq!(total(Launcher::Wrong, &literal), -3.0, "−6 + 2 + 1");
    assert_eq!(
        total(Launcher::NoLauncher, &literal),
        -6.0,
        "no launcher, no terms"
    );
    assert_eq!(total(Launcher::WrongOrNone, &literal), -6.0, "read as none");
    let wrong = "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nlauncher = \"wrong\"\nlauncher_enchantment = 2\n";
    assert_eq!(
        parse_attacker(wrong).unwrap().ranged.unwrap().launcher,
        Launcher::Wrong
    );
    let none = wrong.replace("\"wrong\"", "\"none\"");
    let e = parse_attacker(&none).unwrap_err();
    assert!(e.message.starts_with("ranged.launcher_enchantment:"), "{e}");
}

// ---- 7. combinations the rules cannot play are refused where they are written ----

#[test]
fn nonsense_attackers_are_refused_at_the_key() {
    let cases = [
        (
            "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nprojectile = \"ammo\"\nlauncher = \"wrong-or-none\"\nlauncher_enchantment = 2\n",
            "ranged.launcher_enchantment",
            7,
        ),
        (
            "kind = \"player\"\n[ranged]\nprojectile = \"missile\"\nlauncher_artifact_bonus = 1\n",
            "ranged.launcher_artifact_bonus",
            4,
        ),
        (
            "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nprojectile = \"ammo\"\nkicked = true\n",
            "ranged.kicked",
            6,
        ),
        (
            "kind = \"player\"\n[ranged]\nprojectile = \"spell\"\nkicked = true\n",
            "ranged.kicked",
            4,
        ),
        (
            "kind = \"player\"\n[ranged]\nprojectile = \"missile\"\nya_from_yumi = true\n",
            "ranged.ya_from_yumi",
            4,
        ),
        (
            "kind = \"monster\"\n[ranged]\nprojectile = \"missile\"\nthrown = \"quest-artifact\"\n",
            "ranged.thrown",
            4,
        ),
        (
            "kind = \"player\"\n[ranged]\nprojectile = \"spell\"\nthrown = \"gem\"\n",
            "ranged.thrown",
            4,
        ),
        (
            "kind = \"player\"\n[weapon]\nkind = \"melee\"\nto_hit = 1\n[ranged]\nprojectile = \"spell\"\ndistance = 2\n",
            "weapon",
            2,
        ),
        (
            "kind = \"player\"\n[weapon]\nkind = \"spear\"\n[ranged]\nprojectile = \"ammo\"\n",
            "weapon.kind",
            3,
        ),
        ("kind = \"monster\"\ndex = 16\n", "dex", 2),
        ("kind = \"monster\"\nskill = \"expert\"\n", "skill", 2),
        (
            "kind = \"monster\"\ntwo_weapon = \"basic\"\n",
            "two_weapon",
            2,
        ),
        (
            "kind = \"monster\"\nencumbrance = \"burdened\"\n",
            "encumbrance",
            2,
        ),
        ("kind = \"player\"\nlevel = 9\n", "level", 2),
        (
            "kind = \"monster\"\nluckstone = true\nluck = 3\n",
            "luck",
            3,
        ),
    ];
    for (text, path, line) in cases {
        let e = parse_attacker(text).expect_err(path);
        assert!(e.message.starts_with(&format!("{path}:")), "{path}: {e}");
        assert_eq!(
            e.location.as_ref().map(|l| l.line),
            Some(line),
            "{path}: {e}"
        );
    }
}

#[test]
fn nonsense_defenders_are_refused_at_the_key() {
    let cases = [
        ("kind = \"player\"\nfleeing = true\n", "fleeing", 2),
        (
            "kind = \"monster\"\nencumbrance = \"stressed\"\n",
            "encumbrance",
            2,
        ),
        ("luckstone = true\nluck = 5\n", "luck", 2),
        ("rings_of_evasiveness = 99\n", "rings_of_evasiveness", 1),
        ("[armor.head]\nshirt = true\n", "armor.head.shirt", 2),
    ];
    for (text, path, line) in cases {
        let e = parse_defender(text).expect_err(path);
        assert!(e.message.starts_with(&format!("{path}:")), "{path}: {e}");
        assert_eq!(
            e.location.as_ref().map(|l| l.line),
            Some(line),
            "{path}: {e}"
        );
    }
    assert!(parse_defender("kind = \"player\"\nencumbrance = \"stressed\"\n").is_ok());
    assert!(parse_defender("kind = \"monster\"\nfleeing = true\n").is_ok());
}

#[test]
fn the_bundled_profiles_still_load() {
    for name in [
        "archer",
        "knight",
        "soldier-ant",
        "troll",
        "valkyrie",
        "cursed-fighter",
        "unicorn",
        "gem-thrower",
    ] {
        let path = format!(
            "{}/../../examples/evasion/{name}.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let ok = parse_attacker(&text).is_ok() || parse_defender(&text).is_ok();
        assert!(ok, "{name}");
    }
}

// ---- 8. the same kind of departure: weapon terms on attacks not made with the weapon ----

#[test]
fn a_spell_or_boulder_takes_no_weapon_terms() {
    for projectile in [Projectile::Spell, Projectile::Boulder] {
        let caster = Attacker {
            kind: Kind::Player,
            weapon: Some(Weapon {
                to_hit: 3.0,
                blessed: true,
                erosion: 3,
                ..Weapon::default()
            }),
            ranged: Some(Ranged {
                projectile,
                ..Ranged::default()
            }),
            ..Attacker::default()
        };
        let undead = Defender {
            demon_or_undead: true,
            hp: 1000,
            ..Defender::default()
        };
        let b = attacker_breakdown(&caster, &undead, &Options::default());
        assert!(
            !b.terms.iter().any(|t| t.source.contains("weapon")),
            "{projectile:?}: {:?}",
            b.terms
        );
        let odds = damage_odds(
            &dice("10"),
            DamageKind::Physical,
            &caster,
            &undead,
            &Options::default(),
        )
        .unwrap();
        assert_eq!(odds.per_hit.p(10), 1.0, "{projectile:?}: no erosion");
    }
}
