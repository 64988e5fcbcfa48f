//! The attacker's total: the skill, martial-arts and encumbrance tables, level and
//! Dexterity, every term an attacker can bring, and the bonuses against particular
//! defenders.

use fray::evasion::{
    Attacker, Defender, Encumbrance, Launcher, MartialArts, Options, Projectile, Ranged,
    SkillLevel, Weapon, WeaponKind, attacker_breakdown,
};

use super::player;

fn a_total(a: &Attacker, d: &Defender) -> f64 {
    attacker_breakdown(a, d, &Options::default()).fixed()
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
