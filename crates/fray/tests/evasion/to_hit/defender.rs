//! The defender's total: every term a defender can bring, what a breakdown lists, and
//! the throws a defender catches instead of being hit.

use fray::evasion::{
    ArmorPiece, Attacker, Caught, Defender, Encumbrance, Kind, MartialArts, Options, Projectile,
    Ranged, Thrown, attacker_breakdown, defender_breakdown, hit_chance,
};

use super::player;

fn d_total(d: &Defender) -> f64 {
    defender_breakdown(d, &Options::default()).fixed()
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
