use fray::evasion::{
    ArmorPiece, Attacker, Caught, Defender, Encumbrance, Kind, Launcher, LuckDice, MartialArts,
    Options, Projectile, Ranged, SkillLevel, Thrown, ToHit, ToHitModel, Weapon, WeaponKind,
    attacker_breakdown, defender_breakdown, hit_chance, roll_hit,
};
use fray::rng::{ScriptedRolls, SeededRolls};

fn player() -> Attacker {
    Attacker {
        kind: Kind::Player,
        dex: 10,
        ..Attacker::default()
    }
}

fn a_total(a: &Attacker, d: &Defender) -> f64 {
    attacker_breakdown(a, d, &Options::default()).fixed()
}

fn d_total(d: &Defender) -> f64 {
    defender_breakdown(d, &Options::default()).fixed()
}

#[test]
fn bonus_tables() {
    use SkillLevel::*;
    assert_eq!(
        [Restricted, Unskilled, Basic, Skilled, Expert].map(|s| s.skill_bonus()),
        [-4, -2, 0, 2, 4]
    );
    assert_eq!(
        [Unskilled, Basic, Skilled, Expert].map(|s| s.two_weapon_penalty()),
        [-6, -4, -2, 0]
    );
    assert_eq!(
        [Unskilled, Basic, Skilled, Expert].map(|s| s.riding_penalty()),
        [-4, -2, 0, 0]
    );
    use MartialArts as M;
    assert_eq!(
        [M::Basic, M::Skilled, M::Expert, M::Master, M::GrandMaster].map(|m| m.defense_bonus()),
        [0, 1, 2, 3, 4]
    );
    use Encumbrance as E;
    assert_eq!(
        [E::Unencumbered, E::Burdened, E::Stressed, E::Strained].map(|e| e.penalty()),
        [0, -1, -3, -5]
    );
}

#[test]
fn monster_level_and_dexterity_with_a_true_floor() {
    let d = Defender::default();
    let monster = |level| Attacker {
        level,
        ..Attacker::default()
    };
    assert_eq!(a_total(&monster(7), &d), 1.0, "7 / 4 rounded down");
    let fractional = Options {
        fractional_level_bonus: true,
        ..Options::default()
    };
    assert_eq!(
        attacker_breakdown(&monster(7), &d, &fractional).fixed(),
        1.75
    );
    for (dex, bonus) in [
        (3, -2.0),
        (6, -1.0),
        (9, -1.0),
        (10, 0.0),
        (13, 0.0),
        (14, 1.0),
        (18, 2.0),
        (25, 3.0),
    ] {
        assert_eq!(
            a_total(&Attacker { dex, ..player() }, &d),
            bonus,
            "Dex {dex}"
        );
    }
}

#[test]
fn every_attacker_term() {
    let d = Defender::default();
    let base = a_total(&player(), &d);
    let ranged = |r: Ranged| Attacker {
        ranged: Some(r),
        ..player()
    };
    let cases: Vec<(&str, Attacker, f64)> = vec![
        (
            "skill",
            Attacker {
                skill: SkillLevel::Expert,
                ..player()
            },
            4.0,
        ),
        (
            "two-weapon",
            Attacker {
                two_weapon: Some(SkillLevel::Basic),
                ..player()
            },
            -4.0,
        ),
        (
            "weapon to-hit",
            Attacker {
                weapon: Some(Weapon {
                    to_hit: 2.0,
                    ..Weapon::default()
                }),
                ..player()
            },
            2.0,
        ),
        (
            "artifact",
            Attacker {
                weapon: Some(Weapon {
                    artifact_bonus: 5.0,
                    ..Weapon::default()
                }),
                ..player()
            },
            5.0,
        ),
        (
            "launcher enchantment",
            ranged(Ranged {
                launcher_enchantment: 3,
                ..Ranged::default()
            }),
            3.0,
        ),
        (
            "rings",
            Attacker {
                rings_of_accuracy: 4,
                ..player()
            },
            4.0,
        ),
        (
            "Monk in body armor",
            Attacker {
                monk_in_body_armor: true,
                ..player()
            },
            -20.0,
        ),
        (
            "riding",
            Attacker {
                riding: Some(SkillLevel::Unskilled),
                ..player()
            },
            -4.0,
        ),
        (
            "engulfed",
            Attacker {
                engulfed: true,
                ..player()
            },
            30.0,
        ),
        (
            "non-projectile",
            ranged(Ranged {
                projectile: Projectile::NonProjectile,
                ..Ranged::default()
            }),
            -4.0,
        ),
        (
            "boulder",
            ranged(Ranged {
                projectile: Projectile::Boulder,
                ..Ranged::default()
            }),
            4.0,
        ),
        (
            "kicked",
            ranged(Ranged {
                projectile: Projectile::Missile,
                kicked: true,
                ..Ranged::default()
            }),
            -3.0,
        ),
        (
            "distance",
            ranged(Ranged {
                distance: 3,
                ..Ranged::default()
            }),
            -3.0,
        ),
        (
            "Ranger",
            Attacker {
                ranger: true,
                ranged: Some(Ranged::default()),
                ..player()
            },
            1.0,
        ),
        (
            "ya from a yumi",
            ranged(Ranged {
                ya_from_yumi: true,
                ..Ranged::default()
            }),
            1.0,
        ),
        (
            "wrong launcher",
            ranged(Ranged {
                launcher: Launcher::WrongOrNone,
                launcher_enchantment: 3,
                ..Ranged::default()
            }),
            -6.0,
        ),
        (
            "non-melee weapon in melee",
            Attacker {
                weapon: Some(Weapon {
                    kind: WeaponKind::Launcher,
                    ..Weapon::default()
                }),
                ..player()
            },
            -2.0,
        ),
        (
            "unseen attacker",
            Attacker {
                unseen: true,
                ..player()
            },
            1.0,
        ),
        (
            "fumbling",
            Attacker {
                fumbling: true,
                slippery_fingers: true,
                ..player()
            },
            -4.0,
        ),
        (
            "slippery fingers",
            Attacker {
                slippery_fingers: true,
                ..player()
            },
            -2.0,
        ),
        (
            "stunned",
            Attacker {
                stunned: true,
                ..player()
            },
            -2.0,
        ),
        (
            "blinded",
            Attacker {
                blinded: true,
                ..player()
            },
            -1.0,
        ),
        (
            "confused",
            Attacker {
                confused: true,
                ..player()
            },
            -1.0,
        ),
        (
            "trapped",
            Attacker {
                trapped: true,
                ..player()
            },
            -1.0,
        ),
        (
            "stressed",
            Attacker {
                encumbrance: Encumbrance::Stressed,
                ..player()
            },
            -3.0,
        ),
        (
            "flanking",
            Attacker {
                flanking: 2.0,
                ..player()
            },
            2.0,
        ),
    ];
    for (what, a, delta) in cases {
        assert_eq!(a_total(&a, &d) - base, delta, "{what}");
    }
    let monster = Attacker {
        encumbrance: Encumbrance::Strained,
        ..Attacker::default()
    };
    assert_eq!(a_total(&monster, &d), 0.0, "monsters are never encumbered");
}

#[test]
fn other_modifications() {
    let with = |kind, blessed| Attacker {
        weapon: Some(Weapon {
            kind,
            blessed,
            ..Weapon::default()
        }),
        ..player()
    };
    let cases = [
        (
            with(WeaponKind::Melee, true),
            Defender {
                demon_or_undead: true,
                ..Defender::default()
            },
        ),
        (
            with(WeaponKind::Spear, false),
            Defender {
                kebabable: true,
                ..Defender::default()
            },
        ),
        (
            with(WeaponKind::Trident, false),
            Defender {
                in_water: true,
                ..Defender::default()
            },
        ),
        (
            with(WeaponKind::PickAxe, false),
            Defender {
                xorn_or_earth_elemental: true,
                ..Defender::default()
            },
        ),
        (
            with(WeaponKind::Mattock, false),
            Defender {
                xorn_or_earth_elemental: true,
                ..Defender::default()
            },
        ),
    ];
    for (a, d) in cases {
        assert_eq!(
            a_total(&a, &d) - a_total(&a, &Defender::default()),
            1.0,
            "{:?}",
            a.weapon
        );
    }
}

#[test]
fn every_defender_term() {
    let base = d_total(&Defender::default());
    assert_eq!(base, 0.0);
    let piece = |ev| {
        Some(ArmorPiece {
            ev,
            dr: 2.0,
            enchantment: 3,
            ..ArmorPiece::default()
        })
    };
    let monk = |m| Defender {
        monk_martial_arts: Some(m),
        ..Defender::default()
    };
    let cases: Vec<(&str, Defender, f64)> = vec![
        (
            "evasiveness",
            Defender {
                ev: 3.5,
                ..Defender::default()
            },
            3.5,
        ),
        (
            "divine protection capped at 6",
            Defender {
                divine_protection: 9,
                ..Defender::default()
            },
            6.0,
        ),
        (
            "spell protection if greater",
            Defender {
                divine_protection: 2,
                spell_protection: 4,
                ..Defender::default()
            },
            4.0,
        ),
        (
            "tiny",
            Defender {
                size: 0,
                ..Defender::default()
            },
            2.0,
        ),
        (
            "gigantic",
            Defender {
                size: 7,
                ..Defender::default()
            },
            -5.0,
        ),
        (
            "armor EV, not enchantment",
            Defender {
                armor: fray::evasion::Armor {
                    torso: piece(1.0),
                    shield: piece(2.0),
                    ..Default::default()
                },
                ..Defender::default()
            },
            3.0,
        ),
        ("Monk unarmored", monk(MartialArts::GrandMaster), 4.0),
        (
            "Monk wielding a weapon",
            Defender {
                wielding_weapon: true,
                ..monk(MartialArts::GrandMaster)
            },
            0.0,
        ),
        (
            "Monk in a shirt",
            Defender {
                armor: fray::evasion::Armor {
                    torso: Some(ArmorPiece {
                        shirt: true,
                        ..ArmorPiece::default()
                    }),
                    ..Default::default()
                },
                ..monk(MartialArts::Expert)
            },
            2.0,
        ),
        (
            "unseen defender",
            Defender {
                unseen: true,
                ..Defender::default()
            },
            2.0,
        ),
        (
            "confused",
            Defender {
                confused: true,
                ..Defender::default()
            },
            -1.0,
        ),
        (
            "fleeing monster",
            Defender {
                fleeing: true,
                ..Defender::default()
            },
            -2.0,
        ),
        (
            "fleeing player",
            Defender {
                fleeing: true,
                kind: Kind::Player,
                ..Defender::default()
            },
            0.0,
        ),
        (
            "stunned",
            Defender {
                stunned: true,
                ..Defender::default()
            },
            -2.0,
        ),
        (
            "blinded",
            Defender {
                blinded: true,
                ..Defender::default()
            },
            -2.0,
        ),
        (
            "trapped",
            Defender {
                trapped: true,
                ..Defender::default()
            },
            -4.0,
        ),
        (
            "sleeping",
            Defender {
                sleeping: true,
                ..Defender::default()
            },
            -4.0,
        ),
        (
            "paralyzed",
            Defender {
                paralyzed: true,
                ..Defender::default()
            },
            -4.0,
        ),
        (
            "burdened player",
            Defender {
                kind: Kind::Player,
                encumbrance: Encumbrance::Burdened,
                ..Defender::default()
            },
            -1.0,
        ),
    ];
    for (what, d, delta) in cases {
        assert_eq!(d_total(&d) - base, delta, "{what}");
    }
}

#[test]
fn luck_dice() {
    assert_eq!(LuckDice::of(Kind::Player, 1, false), LuckDice::None);
    assert_eq!(LuckDice::of(Kind::Player, -1, false), LuckDice::None);
    assert_eq!(
        LuckDice::of(Kind::Player, 5, false),
        LuckDice::Die {
            negative: false,
            sides: 2
        }
    );
    assert_eq!(
        LuckDice::of(Kind::Player, -7, false),
        LuckDice::Die {
            negative: true,
            sides: 3
        }
    );
    assert_eq!(
        LuckDice::of(Kind::Player, 13, false),
        LuckDice::Die {
            negative: false,
            sides: 6
        }
    );
    let stone = LuckDice::of(Kind::Monster, 0, true).distribution();
    assert!((stone.p(1) - 4.0 / 9.0).abs() < 1e-15 && (stone.p(3) - 1.0 / 9.0).abs() < 1e-15);
    assert!((stone.total() - 1.0).abs() < 1e-15);
    assert_eq!(
        LuckDice::Die {
            negative: true,
            sides: 3
        }
        .distribution()
        .max(),
        -1
    );
}

#[test]
fn the_normal_model_at_known_points() {
    let t = ToHit::new(ToHitModel::Normal { sigma: 5.0 }).unwrap();
    assert_eq!(t.p_hit(0.0), 0.5, "equal totals give one half");
    assert!(
        (t.p_hit(5.0) - 0.158_655_253_931_457).abs() < 1e-13,
        "one sigma"
    );
    assert!(
        (t.p_hit(-10.0) - 0.977_249_868_051_821).abs() < 1e-13,
        "two sigma for the attacker"
    );
    // Never certain: the chance to miss at −12σ is the tail at +12σ, about 1.8e-33,
    // too small to subtract from 1 in f64 but not zero.
    assert!(
        t.p_hit(60.0) > 0.0 && t.p_hit(60.0) < 1e-30,
        "a chance to hit"
    );
    assert!(
        (t.p_hit(-3.0) + t.p_hit(3.0) - 1.0).abs() < 1e-15,
        "symmetric, so a chance to miss too"
    );
    assert!(ToHit::new(ToHitModel::Normal { sigma: 0.0 }).is_err());
    assert!(ToHit::new(ToHitModel::Normal { sigma: f64::NAN }).is_err());
}

/// Brute force: every tuple of K integers in −R..=R.
fn brute(k: u32, r: i64, margin: f64) -> f64 {
    let side = 2 * r + 1;
    let total = side.pow(k);
    let hits = (0..total)
        .filter(|code| {
            let mut rest = *code;
            let mut sum = 0;
            for _ in 0..k {
                sum += rest % side - r;
                rest /= side;
            }
            sum as f64 > f64::from(k) * margin
        })
        .count();
    hits as f64 / total as f64
}

#[test]
fn the_integer_model_matches_brute_force_and_sums_to_one() {
    for (k, r) in [(1, 3), (2, 2), (3, 3), (4, 2)] {
        let t = ToHit::new(ToHitModel::UniformSum { k, r: r as u32 }).unwrap();
        for margin in [-4.0, -1.5, -1.0, -0.25, 0.0, 0.3, 1.0, 2.0, 3.5] {
            assert!(
                (t.p_hit(margin) - brute(k, r, margin)).abs() < 1e-12,
                "k {k} r {r} margin {margin}"
            );
        }
        assert_eq!(t.p_hit(-1000.0), 1.0);
        assert_eq!(t.p_hit(1000.0), 0.0);
        // P(S > x) over consecutive integers x telescopes: the masses sum to one.
        let lo = -(i64::from(k) * r) - 1;
        let masses: f64 = (lo..=i64::from(k) * r)
            .map(|x| t.p_hit(x as f64 / f64::from(k)) - t.p_hit((x + 1) as f64 / f64::from(k)))
            .sum();
        assert!((masses - 1.0).abs() < 1e-12);
    }
    let default = ToHit::new(ToHitModel::UNIFORM_SUM).unwrap();
    assert!(
        (default.p_hit(0.0) - 0.5).abs() < 0.02,
        "close to one half at equal totals"
    );
}

#[test]
fn luck_is_averaged_exactly() {
    let t = ToHit::new(ToHitModel::NORMAL).unwrap();
    let with_luck = t.p_hit_with_luck(
        1.0,
        LuckDice::Die {
            negative: false,
            sides: 2,
        },
        2.0,
        LuckDice::None,
    );
    let by_hand = 0.5 * t.p_hit(2.0 - 2.0) + 0.5 * t.p_hit(2.0 - 3.0);
    assert!((with_luck - by_hand).abs() < 1e-15);
}

#[test]
fn special_cases_are_caught() {
    let gem = Attacker {
        ranged: Some(Ranged {
            thrown: Some(Thrown::Gem),
            distance: 20,
            ..Ranged::default()
        }),
        ..player()
    };
    let unicorn = Defender {
        unicorn: true,
        ev: 50.0,
        ..Defender::default()
    };
    let caught = hit_chance(&gem, &unicorn, &Options::default()).unwrap();
    assert_eq!(
        (caught.p_hit, caught.caught),
        (0.0, Some(Caught::GemByUnicorn)),
        "caught: taken, so no hit"
    );
    assert!(
        hit_chance(
            &gem,
            &Defender {
                ev: 50.0,
                ..Defender::default()
            },
            &Options::default()
        )
        .unwrap()
        .p_hit
            < 0.01
    );
    let artifact = Attacker {
        ranged: Some(Ranged {
            thrown: Some(Thrown::QuestArtifact),
            ..Ranged::default()
        }),
        ..player()
    };
    let leader = Defender {
        quest_leader: true,
        ev: 50.0,
        ..Defender::default()
    };
    let caught = hit_chance(&artifact, &leader, &Options::default()).unwrap();
    assert_eq!(
        (caught.p_hit, caught.caught),
        (0.0, Some(Caught::QuestArtifactByLeader))
    );
    for asleep in [
        Defender {
            hostile: true,
            ..leader.clone()
        },
        Defender {
            sleeping: true,
            ..leader.clone()
        },
        Defender {
            paralyzed: true,
            ..leader
        },
    ] {
        assert!(
            hit_chance(&artifact, &asleep, &Options::default())
                .unwrap()
                .caught
                .is_none()
        );
    }
}

#[test]
fn sampled_hits_agree_with_exact_chances() {
    let n = 40_000;
    for model in [
        ToHitModel::NORMAL,
        ToHitModel::UNIFORM_SUM,
        ToHitModel::UniformSum { k: 2, r: 3 },
    ] {
        let t = ToHit::new(model).unwrap();
        for margin in [-6.0, 0.0, 2.5] {
            let p = t.p_hit(margin);
            let mut rolls = SeededRolls::new(17);
            let hits = (0..n)
                .filter(|_| roll_hit(model, margin, &mut rolls))
                .count();
            let freq = hits as f64 / f64::from(n);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-9);
            assert!(
                (freq - p).abs() < 4.5 * sigma,
                "{model:?} {margin}: {freq} vs {p}"
            );
        }
    }
}

#[test]
fn a_to_hit_keeps_its_model() {
    let model = fray::evasion::ToHitModel::UniformSum { k: 3, r: 4 };
    assert_eq!(fray::evasion::ToHit::new(model).unwrap().model(), model);
}

#[test]
fn luck_on_either_side_shifts_the_margin_its_way() {
    use fray::evasion::{LuckDice, ToHit, ToHitModel};
    let to_hit = ToHit::new(ToHitModel::Normal { sigma: 3.0 }).unwrap();
    let plus_d2 = LuckDice::Die {
        negative: false,
        sides: 2,
    };
    // The defender's +1d2 (1 or 2) raises its total: the margin grows by 1 or 2.
    let with_luck = to_hit.p_hit_with_luck(10.0, LuckDice::None, 12.0, plus_d2);
    let by_hand = (to_hit.p_hit(3.0) + to_hit.p_hit(4.0)) / 2.0;
    assert!(
        (with_luck - by_hand).abs() < 1e-15,
        "{with_luck} against {by_hand}"
    );
    // The attacker's own +1d2 lowers it by as much.
    let attacker_luck = to_hit.p_hit_with_luck(10.0, plus_d2, 12.0, LuckDice::None);
    let by_hand = (to_hit.p_hit(1.0) + to_hit.p_hit(0.0)) / 2.0;
    assert!(
        (attacker_luck - by_hand).abs() < 1e-15,
        "{attacker_luck} against {by_hand}"
    );
}

/// A breakdown lists only the terms that apply: no "distance 0" for a throw at an
/// adjacent target, no protection without any, no encumbrance term for an unencumbered
/// player.
#[test]
fn a_breakdown_lists_no_term_that_does_not_apply() {
    let thrower = Attacker {
        ranged: Some(Ranged {
            distance: 0,
            projectile: Projectile::Missile,
            ..Ranged::default()
        }),
        ..player()
    };
    let o = Options::default();
    let d = Defender {
        kind: Kind::Player,
        ..Defender::default()
    };
    let sources = |terms: &[fray::evasion::Term]| -> Vec<String> {
        terms.iter().map(|t| t.source.clone()).collect()
    };
    let a = sources(&attacker_breakdown(&thrower, &d, &o).terms);
    assert!(!a.iter().any(|s| s.starts_with("distance")), "{a:?}");
    let far = Attacker {
        ranged: Some(Ranged {
            distance: 3,
            projectile: Projectile::Missile,
            ..Ranged::default()
        }),
        ..player()
    };
    let b = attacker_breakdown(&far, &d, &o);
    assert!(
        b.terms
            .iter()
            .any(|t| t.source == "distance 3" && t.value == -3.0)
    );
    for defender in [d.clone(), Defender::default()] {
        let terms = sources(&defender_breakdown(&defender, &o).terms);
        assert!(
            !terms.iter().any(|s| s.starts_with("protection")),
            "{terms:?}"
        );
        assert!(!terms.iter().any(|s| s == "unencumbered"), "{terms:?}");
    }
    let burdened = Defender {
        encumbrance: Encumbrance::Burdened,
        divine_protection: 2,
        ..d
    };
    let terms = sources(&defender_breakdown(&burdened, &o).terms);
    assert!(terms.iter().any(|s| s == "burdened"), "{terms:?}");
    assert!(
        terms.iter().any(|s| s.starts_with("protection")),
        "{terms:?}"
    );
}

/// The normal model's sampler skips the logarithm and the cosine where their sign
/// settles the comparison; on every pair of draws, near the cosine's zeros included,
/// and for any sign of sigma and the margin, it answers as Box–Muller written out does.
#[test]
fn the_normal_samplers_shortcuts_answer_as_box_muller_does() {
    let near = [0.25, 0.75];
    let mut u2s: Vec<f64> = vec![0.0, 0.1, 0.3, 0.5, 0.6, 0.9, 0.999];
    for z in near {
        for d in [-2e-6, -1e-6, -5e-7, -1e-9, 0.0, 1e-9, 5e-7, 1e-6, 2e-6] {
            u2s.push(z + d);
        }
    }
    let margins = [-3.0, -1e-3, -1e-6, -1e-9, 0.0, 1e-9, 1e-6, 1e-3, 3.0];
    for sigma in [2.0, 1.0, 0.0, -1.0] {
        for &u2 in &u2s {
            for unit in [0.0, 0.3, 0.5, 0.9, 0.999_999] {
                for margin in margins {
                    let u1: f64 = 1.0 - unit;
                    let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
                    let want = sigma * z > margin;
                    let mut rolls = ScriptedRolls::dice([]).with_units([unit, u2]);
                    let got = roll_hit(ToHitModel::Normal { sigma }, margin, &mut rolls);
                    assert_eq!(
                        got, want,
                        "sigma {sigma} u1 {u1} u2 {u2} margin {margin}: z {z}"
                    );
                }
            }
        }
    }
}

/// A luckstone's Luck term, rolled: Luck 3 + 1d3, then 1d(Luck / 2).
#[test]
fn a_luckstones_term_rolls_luck_then_its_die() {
    // (the 1d3, the term's die) → the term.
    for (d3, die, term) in [(1, 2, 2), (2, 1, 1), (3, 3, 3), (3, 1, 1)] {
        let mut rolls = ScriptedRolls::dice([d3, die]);
        assert_eq!(
            fray::evasion::sample::roll_luck(LuckDice::Luckstone, &mut rolls),
            term
        );
        assert_eq!(rolls.remaining(), 0);
    }
}
