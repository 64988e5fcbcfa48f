//! Every numeric field of evasion profiles at its edges, the integer model's
//! cost, and rules that a mutant could break unnoticed.

use std::time::{Duration, Instant};

use fray::evasion::profile::{parse_attacker, parse_defender};
use fray::evasion::{
    Armor, ArmorPiece, Attacker, Defender, Kind, MartialArts, Options, ToHit, ToHitModel,
    attacker_breakdown, defender_breakdown, hit_chance,
};

/// The values every numeric field is tried at: 0, -1, the type's extremes, huge.
fn edges(ty: &str) -> Vec<String> {
    let mut v: Vec<String> = vec!["0".into(), "-1".into(), "99999999999999999999".into()];
    match ty {
        "i32" => v.extend([i32::MIN.to_string(), i32::MAX.to_string()]),
        "u32" => v.extend([u32::MIN.to_string(), u32::MAX.to_string()]),
        _ => v.extend([
            "-1.7976931348623157e308".into(),
            "1.7976931348623157e308".into(),
            "1e300".into(),
            "inf".into(),
            "-inf".into(),
            "nan".into(),
        ]),
    }
    v
}

/// (prefix of the file, key, type, accepted range) for every numeric field.
const ATTACKER_FIELDS: &[(&str, &str, &str, f64, f64)] = &[
    ("kind = \"monster\"\n", "level", "u32", 0.0, 100.0),
    ("kind = \"player\"\n", "dex", "i32", 3.0, 25.0),
    ("", "luck", "i32", -13.0, 13.0),
    ("", "rings_of_accuracy", "i32", -50.0, 50.0),
    ("", "flanking", "f64", -100.0, 100.0),
    ("[weapon]\n", "to_hit", "f64", -100.0, 100.0),
    ("[weapon]\n", "artifact_bonus", "f64", -100.0, 100.0),
    ("[weapon]\n", "erosion", "u32", 0.0, 3.0),
    ("[ranged]\n", "distance", "u32", 0.0, 100.0),
    ("[ranged]\n", "launcher_enchantment", "i32", -50.0, 50.0),
    (
        "[ranged]\n",
        "launcher_artifact_bonus",
        "f64",
        -100.0,
        100.0,
    ),
];

const DEFENDER_FIELDS: &[(&str, &str, &str, f64, f64)] = &[
    ("", "ev", "f64", -1000.0, 1000.0),
    ("", "divine_protection", "u32", 0.0, 100.0),
    ("", "spell_protection", "u32", 0.0, 100.0),
    ("", "size", "i32", 0.0, 7.0),
    ("", "rings_of_evasiveness", "i32", -50.0, 50.0),
    ("", "luck", "i32", -13.0, 13.0),
    ("", "hp", "u32", 1.0, 1_000_000.0),
    ("", "intrinsic_dr", "f64", -100.0, 100.0),
    ("[armor.torso]\n", "ev", "f64", -100.0, 100.0),
    ("[armor.torso]\n", "dr", "f64", -100.0, 100.0),
    ("[armor.torso]\n", "enchantment", "i32", -50.0, 50.0),
    ("[armor.head]\n", "enchantment", "i32", -50.0, 50.0),
];

fn in_range(value: &str, lo: f64, hi: f64) -> bool {
    value
        .parse::<f64>()
        .is_ok_and(|v| v.is_finite() && (lo..=hi).contains(&v))
}

/// Every value is accepted when in range (and the profile plays without overflow), or
/// refused at the value's line with its range stated, quickly.
fn walk(
    fields: &[(&str, &str, &str, f64, f64)],
    parse: impl Fn(&str) -> Result<(), String>,
    what: &str,
) {
    for (prefix, key, ty, lo, hi) in fields {
        for value in edges(ty) {
            let text = format!("{prefix}{key} = {value}\n");
            let line = text.lines().count();
            let start = Instant::now();
            let result = parse(&text);
            assert!(
                start.elapsed() < Duration::from_secs(1),
                "{what} {key} = {value} took {:?}",
                start.elapsed()
            );
            match result {
                Ok(()) => assert!(
                    in_range(&value, *lo, *hi),
                    "{what} {key} = {value} was accepted outside {lo} to {hi}"
                ),
                Err(e) => {
                    assert!(
                        !in_range(&value, *lo, *hi),
                        "{what} {key} = {value} was refused: {e}"
                    );
                    assert!(e.contains(&format!("line {line}")), "{key} = {value}: {e}");
                    // A huge integer is not TOML at all; anything else names the range.
                    if !value.starts_with("9999") {
                        let range = format!("{lo} to {hi}");
                        assert!(e.contains(&range), "{key} = {value}: `{e}` lacks `{range}`");
                        assert!(!e.contains("expected u32") && !e.contains("expected i32"));
                    }
                }
            }
        }
    }
}

#[test]
fn every_attacker_field_at_its_edges_is_accepted_and_sane_or_refused_with_its_range() {
    walk(
        ATTACKER_FIELDS,
        |text| {
            let a = parse_attacker(text).map_err(|e| e.to_string())?;
            let b = attacker_breakdown(&a, &Defender::default(), &Options::default());
            assert!(b.fixed().is_finite() && b.fixed().abs() <= 1000.0, "{text}");
            Ok(())
        },
        "attacker",
    );
}

#[test]
fn every_defender_field_at_its_edges_is_accepted_and_sane_or_refused_with_its_range() {
    walk(
        DEFENDER_FIELDS,
        |text| {
            let d = parse_defender(text).map_err(|e| e.to_string())?;
            let b = defender_breakdown(&d, &Options::default());
            assert!(b.fixed().is_finite() && b.fixed().abs() <= 2000.0, "{text}");
            let h = hit_chance(&Attacker::default(), &d, &Options::default()).unwrap();
            assert!((0.0..=1.0).contains(&h.p_hit));
            Ok(())
        },
        "defender",
    );
}

#[test]
fn enchantments_at_the_integer_minimum_are_refused_not_negated() {
    // The inputs: ring, launcher and armor enchantments at i32::MIN.
    let ring = parse_attacker("rings_of_accuracy = -2147483648").unwrap_err();
    assert!(ring.to_string().contains("-50 to 50"), "{ring}");
    let launcher =
        parse_attacker("[weapon]\nkind = \"ammo\"\n[ranged]\nlauncher_enchantment = -2147483648")
            .unwrap_err();
    assert!(launcher.to_string().contains("line 4"), "{launcher}");
    let armor = parse_defender("[armor.torso]\nenchantment = -2147483648").unwrap_err();
    assert!(armor.to_string().contains("line 2"), "{armor}");
    let rings = parse_defender("rings_of_evasiveness = -2147483648").unwrap_err();
    assert!(rings.to_string().contains("-50 to 50"), "{rings}");
}

#[test]
fn code_built_profiles_at_the_integer_extremes_do_not_overflow() {
    let a = Attacker {
        kind: Kind::Player,
        dex: i32::MIN,
        ..Attacker::default()
    };
    let fixed = attacker_breakdown(&a, &Defender::default(), &Options::default()).fixed();
    assert!(fixed < -500_000_000.0, "{fixed}");
    let d = Defender {
        size: i32::MIN,
        ..Defender::default()
    };
    assert!(defender_breakdown(&d, &Options::default()).fixed() > 2e9);
}

#[test]
fn the_largest_integer_model_is_prepared_in_well_under_a_second() {
    // The setting: `--uniform-sum 64,1000` took seconds per cell.
    let start = Instant::now();
    let to_hit = ToHit::new(ToHitModel::UniformSum { k: 64, r: 1000 }).unwrap();
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert!((to_hit.p_hit(0.0) - 0.5).abs() < 1e-3);
    assert!(to_hit.p_hit(-0.01) > 0.5 && to_hit.p_hit(0.01) < 0.5);
    assert_eq!(to_hit.p_hit(1001.0), 0.0);
    assert_eq!(to_hit.p_hit(-1001.0), 1.0);
}

#[test]
fn the_fast_integer_model_matches_repeated_convolution() {
    for (k, r) in [(1, 1), (2, 3), (4, 17), (7, 5), (12, 40)] {
        let one = fray::dist::Distribution::uniform(-i64::from(r), i64::from(r));
        let mut sum = fray::dist::Distribution::point(0);
        for _ in 0..k {
            sum = sum.convolve(&one);
        }
        let to_hit = ToHit::new(ToHitModel::UniformSum { k, r }).unwrap();
        for s in sum.min()..=sum.max() + 1 {
            // P(S > k·margin) with k·margin = s − ½: P(S ≥ s).
            let want: f64 = (s..=sum.max()).map(|v| sum.p(v)).sum();
            let got = to_hit.p_hit((s as f64 - 0.5) / f64::from(k));
            assert!(
                (got - want).abs() < 1e-13,
                "k {k} r {r} s {s}: {got} vs {want}"
            );
        }
    }
}

/// The top of the integer model's sum, every uniform at its highest, has probability
/// (2r + 1)^-k: the upper tail is as precise, relative to its size, as the lower one
/// (computed from prefix sums near 1, it would lose every digit).
#[test]
fn the_integer_models_upper_tail_keeps_its_relative_precision() {
    for (k, r) in [(12u32, 40u32), (64, 1000)] {
        let to_hit = ToHit::new(ToHitModel::UniformSum { k, r }).unwrap();
        let top = f64::from(2 * r + 1).powi(-(k as i32));
        // S > k·margin with k·margin = k·r − ½: P(S = k·r).
        let got = to_hit.p_hit(f64::from(r) - 0.5 / f64::from(k));
        assert!(
            (got - top).abs() <= top * 1e-12,
            "k {k} r {r}: {got:e} vs {top:e}"
        );
    }
}

/// A Monk in body armor: the attacker term is exactly −20, and the defender's
/// martial-arts term counts only free of body armor, shield and weapon.
#[test]
fn a_monk_in_body_armor_loses_the_martial_arts_bonus() {
    let monk = Attacker {
        kind: Kind::Player,
        monk_in_body_armor: true,
        ..Attacker::default()
    };
    let free = Attacker {
        kind: Kind::Player,
        ..Attacker::default()
    };
    let o = Options::default();
    let d = Defender::default();
    let b = attacker_breakdown(&monk, &d, &o);
    assert_eq!(b.fixed() - attacker_breakdown(&free, &d, &o).fixed(), -20.0);
    assert!(
        b.terms
            .iter()
            .any(|t| t.value == -20.0 && t.source.contains("Monk"))
    );

    let master = Defender {
        kind: Kind::Player,
        monk_martial_arts: Some(MartialArts::GrandMaster),
        ..Defender::default()
    };
    let bare = defender_breakdown(&master, &o).fixed();
    let plain = defender_breakdown(
        &Defender {
            monk_martial_arts: None,
            ..master.clone()
        },
        &o,
    )
    .fixed();
    assert_eq!(bare - plain, 4.0, "grand master: +4 unarmored");
    let mail = Some(ArmorPiece {
        name: "mail".into(),
        dr: 3.0,
        ..ArmorPiece::default()
    });
    let armored = Defender {
        armor: Armor {
            torso: mail.clone(),
            ..Armor::default()
        },
        ..master.clone()
    };
    assert_eq!(defender_breakdown(&armored, &o).fixed(), plain);
    let shirt = Defender {
        armor: Armor {
            torso: Some(ArmorPiece {
                shirt: true,
                ..ArmorPiece::default()
            }),
            ..Armor::default()
        },
        ..master.clone()
    };
    assert_eq!(
        defender_breakdown(&shirt, &o).fixed(),
        bare,
        "a shirt is no armor"
    );
    let shield = Defender {
        armor: Armor {
            shield: mail,
            ..Armor::default()
        },
        ..master.clone()
    };
    assert_eq!(defender_breakdown(&shield, &o).fixed(), plain);
    let armed = Defender {
        wielding_weapon: true,
        ..master
    };
    assert_eq!(defender_breakdown(&armed, &o).fixed(), plain);
}

/// A value out of its range is refused with the key's whole path, its table's name
/// included (`[armor.torso]` then `enchantment`), where both are bare TOML keys.
#[test]
fn a_value_out_of_range_is_named_by_its_path() {
    let cases = [
        ("dex = 99\n", Some("dex")),
        (
            "kind = \"player\"\n[weapon]\nerosion = 9\n",
            Some("weapon.erosion"),
        ),
        (
            "kind = \"player\"\n[ weapon ]\nerosion = 9\n",
            Some("weapon.erosion"),
        ),
        ("[ranged]\ndistance = -1\n", Some("ranged.distance")),
        // A quoted key is not rewritten: the location still says where.
        ("\"dex\" = 99\n", None),
        ("[\"weapon\"]\nerosion = 9\n", Some("erosion")),
    ];
    for (text, path) in cases {
        let e = parse_attacker(text).expect_err(text);
        match path {
            Some(path) => assert!(
                e.message.starts_with(&format!("{path}: must be")),
                "{text}: {}",
                e.message
            ),
            None => assert!(e.message.starts_with("must be"), "{text}: {}", e.message),
        }
        assert!(e.location.is_some(), "{text}");
    }
    let cases = [
        (
            "[armor.torso]\nenchantment = 99999999999\n",
            "armor.torso.enchantment",
        ),
        ("hp = -1\n", "hp"),
    ];
    for (text, path) in cases {
        let e = parse_defender(text).expect_err(text);
        assert!(
            e.message.starts_with(&format!("{path}: must be")),
            "{text}: {}",
            e.message
        );
    }
}

/// Ya count as fired from a yumi only from their own launcher.
#[test]
fn ya_from_a_yumi_need_their_own_launcher() {
    let ya = |launcher: &str| {
        format!(
            "kind = \"player\"\n[weapon]\nkind = \"ammo\"\n[ranged]\nprojectile = \"ammo\"\nlauncher = \"{launcher}\"\nya_from_yumi = true\n"
        )
    };
    assert!(parse_attacker(&ya("matching")).is_ok());
    for launcher in ["wrong", "none"] {
        let e = parse_attacker(&ya(launcher)).expect_err(launcher);
        assert!(e.message.starts_with("ranged.ya_from_yumi:"), "{e}");
    }
}
