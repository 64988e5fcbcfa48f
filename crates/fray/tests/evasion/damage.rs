use fray::dice::DiceExpr;
use fray::evasion::{
    Armor, ArmorPiece, Attacker, DamageKind, Defender, HighDamage, Options, Rounding, Slot, Weapon,
    appraise, damage_odds, roll_attack, roll_damage,
};
use fray::rng::{ScriptedRolls, SeededRolls};

fn dice(s: &str) -> DiceExpr {
    s.parse().unwrap()
}

fn armored() -> Defender {
    let piece = |dr, enchantment| {
        Some(ArmorPiece {
            dr,
            enchantment,
            ..ArmorPiece::default()
        })
    };
    Defender {
        hp: 100,
        armor: Armor {
            torso: piece(3.0, 2),
            head: piece(1.0, 0),
            shield: piece(2.0, 0),
            ..Armor::default()
        },
        ..Defender::default()
    }
}

/// Slot rolls (d100): torso 1–40, head 41–60, shield 61–75, gloves 76–85, boots 86–95,
/// cloak 96–100.
const TORSO: u32 = 1;
const HEAD: u32 = 50;
const SHIELD: u32 = 70;
const GLOVES: u32 = 80;
const BOOTS: u32 = 90;
const CLOAK: u32 = 100;

fn hit(
    d: &Defender,
    a: &Attacker,
    kind: DamageKind,
    rounding: Rounding,
    rolls: &[u32],
) -> fray::evasion::DamageRoll {
    let o = Options {
        rounding,
        ..Options::default()
    };
    let mut script = ScriptedRolls::dice(rolls.iter().copied());
    let r = roll_damage(a, d, &dice("1d20"), kind, &o, &mut script);
    assert_eq!(script.remaining(), 0, "every scripted roll used");
    r
}

#[test]
fn only_the_armor_in_the_slot_hit_counts_with_its_enchantment() {
    let a = Attacker::default();
    let torso = hit(
        &armored(),
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[20, TORSO],
    );
    assert_eq!(
        (torso.slot, torso.dr, torso.damage),
        (Slot::Torso, Some(5.0), 12),
        "20 × 0.9^5 = 11.8"
    );
    let head = hit(
        &armored(),
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[20, HEAD],
    );
    assert_eq!((head.slot, head.damage), (Slot::Head, 18));
    let gloves = hit(
        &armored(),
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[20, GLOVES],
    );
    assert_eq!(
        (gloves.slot, gloves.dr, gloves.damage),
        (Slot::Gloves, None, 20),
        "no armor there"
    );
    let boots = hit(
        &armored(),
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[20, BOOTS],
    );
    assert_eq!(boots.slot, Slot::Boots);
    let cloak = hit(
        &armored(),
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[20, CLOAK],
    );
    assert_eq!(cloak.slot, Slot::Cloak);
}

#[test]
fn intrinsic_dr_counts_as_the_greater_of_the_two() {
    let d = Defender {
        intrinsic_dr: 4.0,
        ..armored()
    };
    let a = Attacker::default();
    assert_eq!(
        hit(
            &d,
            &a,
            DamageKind::Physical,
            Rounding::Nearest,
            &[20, TORSO]
        )
        .dr,
        Some(5.0)
    );
    assert_eq!(
        hit(&d, &a, DamageKind::Physical, Rounding::Nearest, &[20, HEAD]).dr,
        Some(4.0)
    );
    assert_eq!(
        hit(
            &d,
            &a,
            DamageKind::Physical,
            Rounding::Nearest,
            &[20, GLOVES]
        )
        .dr,
        Some(4.0)
    );
}

#[test]
fn elemental_and_spell_damage_are_not_reduced() {
    let a = Attacker::default();
    for kind in [DamageKind::Elemental, DamageKind::Spell] {
        let r = hit(&armored(), &a, kind, Rounding::Nearest, &[20, TORSO]);
        assert_eq!((r.dr, r.damage), (None, 20), "{kind:?}");
    }
}

#[test]
fn rounding_of_the_product_is_a_choice() {
    let a = Attacker::default();
    // 13 × 0.9^5 = 7.676...
    assert_eq!(
        hit(
            &armored(),
            &a,
            DamageKind::Physical,
            Rounding::Nearest,
            &[13, TORSO]
        )
        .damage,
        8
    );
    assert_eq!(
        hit(
            &armored(),
            &a,
            DamageKind::Physical,
            Rounding::Down,
            &[13, TORSO]
        )
        .damage,
        7
    );
    assert_eq!(
        hit(
            &armored(),
            &a,
            DamageKind::Physical,
            Rounding::Up,
            &[13, TORSO]
        )
        .damage,
        8
    );
    let o = Options {
        rounding: Rounding::Stochastic,
        ..Options::default()
    };
    let mut script = ScriptedRolls::dice([13, TORSO]).with_units([0.9]);
    assert_eq!(
        roll_damage(
            &a,
            &armored(),
            &dice("1d20"),
            DamageKind::Physical,
            &o,
            &mut script
        )
        .damage,
        7,
        "0.9 ≥ 0.676: down"
    );
}

#[test]
fn erosion_comes_first() {
    let a = Attacker {
        weapon: Some(Weapon {
            erosion: 3,
            ..Weapon::default()
        }),
        ..Attacker::default()
    };
    let r = hit(
        &Defender {
            hp: 100,
            ..Defender::default()
        },
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[10, 3, TORSO],
    );
    assert_eq!((r.after_erosion, r.damage), (8, 8), "1d3 − 1 = 2");
    let r = hit(
        &Defender {
            hp: 100,
            ..Defender::default()
        },
        &a,
        DamageKind::Physical,
        Rounding::Nearest,
        &[10, 1, TORSO],
    );
    assert_eq!(r.damage, 10, "a 1 on the erosion die costs nothing");
}

#[test]
fn high_damage_effects_by_slot() {
    let d = Defender {
        hp: 20,
        ..Defender::default()
    };
    let a = Attacker::default();
    let cases = [
        (TORSO, None, 12, vec![]),
        (HEAD, Some(HighDamage::Stunned), 9, vec![2, 1, 2]),
        (SHIELD, Some(HighDamage::Staggered), 6, vec![]),
        (GLOVES, Some(HighDamage::WoundedArms), 6, vec![1, 1, 1]),
        (BOOTS, Some(HighDamage::WoundedLegs), 6, vec![2, 2, 2]),
        (CLOAK, Some(HighDamage::CloakTorn), 9, vec![]),
    ];
    for (slot_roll, effect, damage, turn_rolls) in cases {
        let rolls: Vec<u32> = [12, slot_roll]
            .into_iter()
            .chain(turn_rolls.iter().copied())
            .collect();
        let r = hit(&d, &a, DamageKind::Physical, Rounding::Nearest, &rolls);
        assert_eq!(r.effect.map(|e| e.0), effect, "slot roll {slot_roll}");
        assert_eq!(r.damage, damage, "slot roll {slot_roll}");
        if let Some((e, turns)) = r.effect {
            assert_eq!(turns.is_some(), e.lasts_3d2());
            assert_eq!(turns.unwrap_or(0), turn_rolls.iter().sum::<u32>());
        }
    }
    let r = hit(&d, &a, DamageKind::Physical, Rounding::Nearest, &[10, HEAD]);
    assert_eq!(
        (r.effect, r.damage),
        (None, 10),
        "exactly half is not over half"
    );
}

#[test]
fn every_hit_deals_at_least_1_and_half_damage_is_a_die() {
    let heavy = Defender {
        hp: 100,
        intrinsic_dr: 40.0,
        ..Defender::default()
    };
    assert_eq!(
        hit(
            &heavy,
            &Attacker::default(),
            DamageKind::Physical,
            Rounding::Down,
            &[3, TORSO]
        )
        .damage,
        1
    );
    let half = Defender {
        hp: 100,
        half_physical: true,
        half_spell: true,
        ..Defender::default()
    };
    assert_eq!(
        hit(
            &half,
            &Attacker::default(),
            DamageKind::Physical,
            Rounding::Nearest,
            &[20, TORSO, 4]
        )
        .damage,
        16,
        "20 − 1d10"
    );
    assert_eq!(
        hit(
            &half,
            &Attacker::default(),
            DamageKind::Spell,
            Rounding::Nearest,
            &[20, TORSO, 10]
        )
        .damage,
        10
    );
    assert_eq!(
        hit(
            &half,
            &Attacker::default(),
            DamageKind::Elemental,
            Rounding::Nearest,
            &[20, TORSO]
        )
        .damage,
        20
    );
    assert_eq!(
        hit(
            &half,
            &Attacker::default(),
            DamageKind::Physical,
            Rounding::Nearest,
            &[1, TORSO]
        )
        .damage,
        1,
        "no die below 2"
    );
}

#[test]
fn exact_damage_is_a_distribution_that_sampling_agrees_with() {
    let a = Attacker {
        weapon: Some(Weapon {
            erosion: 2,
            ..Weapon::default()
        }),
        level: 8,
        ..Attacker::default()
    };
    let d = Defender {
        hp: 14,
        half_physical: true,
        ev: 1.0,
        ..armored()
    };
    for rounding in [Rounding::Nearest, Rounding::Stochastic] {
        let o = Options {
            rounding,
            ..Options::default()
        };
        let odds = damage_odds(&dice("2d6+2"), DamageKind::Physical, &a, &d, &o).unwrap();
        assert!((odds.per_hit.total() - 1.0).abs() < 1e-12);
        assert!((odds.per_attack.total() - 1.0).abs() < 1e-12);
        assert!(odds.per_hit.min() >= 1, "at least 1 per hit");
        assert!((odds.per_attack.p(0) - (1.0 - odds.p_hit)).abs() < 1e-12);
        let n = 60_000;
        let mut rolls = SeededRolls::new(4);
        let (mut hits, mut total, mut stunned) = (0u32, 0i64, 0u32);
        for _ in 0..n {
            let r = roll_attack(&a, &d, &dice("2d6+2"), DamageKind::Physical, &o, &mut rolls);
            if let Some(dmg) = r.damage {
                hits += 1;
                total += dmg.damage;
                stunned += u32::from(matches!(dmg.effect, Some((HighDamage::Stunned, _))));
            }
        }
        let p = odds.p_hit;
        let freq = f64::from(hits) / f64::from(n);
        assert!(
            (freq - p).abs() < 4.5 * (p * (1.0 - p) / f64::from(n)).sqrt(),
            "{rounding:?} hits {freq} vs {p}"
        );
        let mean = total as f64 / f64::from(hits);
        let sd = odds.per_hit.variance().sqrt();
        assert!(
            (mean - odds.per_hit.mean()).abs() < 4.5 * sd / f64::from(hits).sqrt(),
            "{rounding:?} mean {mean} vs {}",
            odds.per_hit.mean()
        );
        let p_stun = odds
            .effects
            .iter()
            .find(|e| e.0 == HighDamage::Stunned)
            .map_or(0.0, |e| e.1);
        let f_stun = f64::from(stunned) / f64::from(hits);
        assert!(
            (f_stun - p_stun).abs() < 4.5 * (p_stun * (1.0 - p_stun) / f64::from(hits)).sqrt(),
            "stun {f_stun} vs {p_stun}"
        );
    }
}

#[test]
fn appraisal_shows_ev_expected_dr_and_a_reference_hit_chance() {
    let d = Defender {
        ev: 2.0,
        ..armored()
    };
    let a = appraise(&d, 0.0, &Options::default()).unwrap();
    assert_eq!(a.ev_total, 2.0);
    assert!((a.expected_dr - (0.4 * 5.0 + 0.2 * 1.0 + 0.15 * 2.0)).abs() < 1e-12);
    assert!(a.reference_hit_chance < 0.5 && a.reference_hit_chance > 0.3);
}

#[test]
fn absurd_damage_is_refused_for_exact_answers() {
    assert!(
        damage_odds(
            &dice("1000d10"),
            DamageKind::Physical,
            &Attacker::default(),
            &Defender::default(),
            &Options::default()
        )
        .is_err()
    );
}

#[test]
fn exact_damage_odds_reach_their_bound_and_no_further() {
    use fray::evasion::EvasionError;
    use fray::evasion::exact::MAX_EXACT_DAMAGE;
    let odds = |amount: i64| {
        damage_odds(
            &dice(&amount.to_string()),
            DamageKind::Physical,
            &Attacker::default(),
            &Defender::default(),
            &Options::default(),
        )
    };
    // The largest fixed amount accepted; one more would go past the bound by exactly 1.
    let largest = (0..=MAX_EXACT_DAMAGE)
        .rev()
        .find(|&m| odds(m).is_ok())
        .unwrap();
    match odds(largest + 1) {
        Err(EvasionError::TooMuchDamage(most)) => assert_eq!(most, MAX_EXACT_DAMAGE + 1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_bound_after_damage_reduction_allows_one_for_rounding_up() {
    use fray::evasion::exact::most_after_dr;
    assert_eq!(
        most_after_dr(10, DamageKind::Physical, &Defender::default()),
        11.0
    );
    assert_eq!(
        most_after_dr(-3, DamageKind::Physical, &Defender::default()),
        1.0
    );
}

#[test]
fn an_attack_that_cannot_hit_deals_nothing_and_only_nothing() {
    use fray::evasion::ToHitModel;
    let o = Options {
        model: ToHitModel::UniformSum { k: 1, r: 1 },
        ..Options::default()
    };
    let d = Defender {
        ev: 50.0,
        ..Defender::default()
    };
    let odds = damage_odds(
        &dice("2d6"),
        DamageKind::Physical,
        &Attacker::default(),
        &d,
        &o,
    )
    .unwrap();
    assert_eq!(odds.p_hit, 0.0);
    assert_eq!(
        (
            odds.per_attack.min(),
            odds.per_attack.max(),
            odds.per_attack.p(0)
        ),
        (0, 0, 1.0)
    );
}

#[test]
fn damage_without_reduction_keeps_the_dice_range() {
    let odds = damage_odds(
        &dice("2d6"),
        DamageKind::Physical,
        &Attacker::default(),
        &Defender::default(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!((odds.per_hit.min(), odds.per_hit.max()), (2, 12));
}

#[test]
fn exact_damage_lists_only_values_that_can_happen() {
    // A frail defender, so high damage cuts in, under each rounding.
    for rounding in [
        Rounding::Nearest,
        Rounding::Down,
        Rounding::Up,
        Rounding::Stochastic,
    ] {
        let o = Options {
            rounding,
            ..Options::default()
        };
        for d in [
            armored(),
            Defender {
                hp: 12,
                ..armored()
            },
            Defender::default(),
        ] {
            let odds = damage_odds(
                &dice("4d6+3"),
                DamageKind::Physical,
                &Attacker::default(),
                &d,
                &o,
            )
            .unwrap();
            for m in odds.per_hit.iter() {
                assert!(m.p > 0.0, "{rounding:?}: {} listed with p {}", m.value, m.p);
            }
        }
    }
}

#[test]
fn skill_levels_print_as_profile_files_spell_them() {
    use fray::evasion::SkillLevel;
    for level in [
        SkillLevel::Restricted,
        SkillLevel::Unskilled,
        SkillLevel::Basic,
        SkillLevel::Skilled,
        SkillLevel::Expert,
    ] {
        assert_eq!(serde_json::to_value(level).unwrap(), level.to_string());
    }
}

#[test]
fn only_a_monsters_luckstone_waits_to_be_drawn() {
    use fray::evasion::Kind;
    let with = |kind, luckstone| Defender {
        kind,
        luckstone,
        ..Defender::default()
    };
    assert!(with(Kind::Monster, true).undrawn_luckstone());
    assert!(!with(Kind::Player, true).undrawn_luckstone());
    assert!(!with(Kind::Monster, false).undrawn_luckstone());
}

#[test]
fn damage_kinds_print_as_the_rules_text_names_them() {
    let names: Vec<String> = [
        DamageKind::Physical,
        DamageKind::Elemental,
        DamageKind::Spell,
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    assert_eq!(names, ["physical", "elemental", "spell"]);
}

/// High-damage effects and caught throws print in the text's words, never a Rust name.
#[test]
fn effects_and_catches_print_in_words() {
    use fray::evasion::{Caught, HighDamage};
    let effects = [
        (HighDamage::Stunned, "stunned"),
        (HighDamage::Staggered, "staggered"),
        (HighDamage::WoundedArms, "wounded arms"),
        (HighDamage::WoundedLegs, "wounded legs"),
        (HighDamage::CloakTorn, "cloak torn"),
    ];
    for (effect, words) in effects {
        assert_eq!(effect.to_string(), words);
    }
    assert_eq!(
        Caught::GemByUnicorn.to_string(),
        "a gem thrown at a unicorn"
    );
    assert_eq!(
        Caught::QuestArtifactByLeader.to_string(),
        "a quest artifact thrown at its quest leader"
    );
}

/// Stochastic rounding never moves a whole number, whatever the draw: 10 × 0.9^1 is 9
/// even on a draw of 0.
#[test]
fn stochastic_rounding_leaves_a_whole_number_alone() {
    let o = Options {
        rounding: Rounding::Stochastic,
        ..Options::default()
    };
    let d = Defender {
        hp: 100,
        intrinsic_dr: 1.0,
        ..Defender::default()
    };
    let mut script = ScriptedRolls::dice([10, TORSO]).with_units([0.0]);
    let r = roll_damage(
        &Attacker::default(),
        &d,
        &dice("1d20"),
        DamageKind::Physical,
        &o,
        &mut script,
    );
    assert_eq!(r.damage, 9);
    assert_eq!(script.remaining(), 0, "the draw was made");
}

/// A monster's luckstone Luck is 3 + 1d3: its draw is the d3.
#[test]
fn a_luckstone_draw_is_a_d3() {
    for d3 in 1..=3 {
        let mut rolls = ScriptedRolls::dice([d3]);
        assert_eq!(fray::evasion::draw_luckstone(&mut rolls), d3);
    }
}
