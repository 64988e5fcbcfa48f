//! The evasion commands as requests (`fray tohit`, `evasion-damage`, `evasion-table`,
//! `appraise`): each input rule refuses what it should and nothing else, and each answer
//! carries the library's own numbers.

use fray::evasion::profile::{parse_attacker, parse_defender};
use fray::evasion::request::{
    AppraiseRequest, EvasionDamageRequest, ModelRequest, RowsBy, TableRequest, ToHitAnswer,
    ToHitRequest,
};
use fray::evasion::{
    Attacker, Caught, DamageKind, Defender, Kind, LuckDice, Options, Rounding, SkillLevel, ToHit,
    ToHitModel, appraise, damage_odds, hit_chance_with,
};

const KNIGHT: &str = include_str!("../../../../examples/evasion/knight.toml");
const VALKYRIE: &str = include_str!("../../../../examples/evasion/valkyrie.toml");
const TROLL: &str = include_str!("../../../../examples/evasion/troll.toml");
const UNICORN: &str = include_str!("../../../../examples/evasion/unicorn.toml");
const GEM_THROWER: &str = include_str!("../../../../examples/evasion/gem-thrower.toml");

fn bonuses(a: f64, d: f64) -> ToHitRequest {
    ToHitRequest {
        attacker_bonus: Some(a),
        defender_bonus: Some(d),
        ..ToHitRequest::default()
    }
}

fn refusal<T: std::fmt::Debug>(r: Result<T, fray::request::Refusal>) -> String {
    r.expect_err("should be refused").to_string()
}

#[test]
fn the_model_is_normal_sigma_5_unless_asked() {
    let (options, to_hit) = ModelRequest::default().options(Rounding::Up).unwrap();
    assert_eq!(options.model, ToHitModel::Normal { sigma: 5.0 });
    assert_eq!(options.rounding, Rounding::Up);
    assert!(!options.fractional_level_bonus && !options.wrong_launcher_counts);
    assert_eq!(to_hit.model(), options.model);

    let asked = ModelRequest {
        sigma: Some(2.5),
        fractional_level: true,
        wrong_launcher_counts: true,
        ..ModelRequest::default()
    };
    let (options, _) = asked.options(Rounding::Down).unwrap();
    assert_eq!(options.model, ToHitModel::Normal { sigma: 2.5 });
    assert!(options.fractional_level_bonus && options.wrong_launcher_counts);

    let integer = ModelRequest {
        uniform_sum: Some([4, 17]),
        ..ModelRequest::default()
    };
    let (options, to_hit) = integer.options(Rounding::default()).unwrap();
    assert_eq!(options.model, ToHitModel::UniformSum { k: 4, r: 17 });
    assert_eq!(to_hit.model(), options.model);
}

#[test]
fn a_bad_model_is_refused_by_name() {
    let both = ModelRequest {
        sigma: Some(5.0),
        uniform_sum: Some([4, 17]),
        ..ModelRequest::default()
    };
    assert!(refusal(both.options(Rounding::default())).contains("not both"));
    for pair in [[0, 17], [65, 17], [4, 0], [4, 1001]] {
        let m = ModelRequest {
            uniform_sum: Some(pair),
            ..ModelRequest::default()
        };
        let e = m.options(Rounding::default()).expect_err("out of range");
        assert_eq!(
            e.field.as_deref(),
            Some("model.uniform_sum"),
            "{pair:?}: {e}"
        );
    }
    for sigma in [0.0, -1.0, f64::NAN, 1e9] {
        let m = ModelRequest {
            sigma: Some(sigma),
            ..ModelRequest::default()
        };
        assert!(m.options(Rounding::default()).is_err(), "sigma {sigma}");
    }
}

#[test]
fn two_bonuses_give_the_models_chance_with_luck() {
    let request = ToHitRequest {
        attacker_luck: 5,
        defender_luck: -4,
        ..bonuses(7.0, 3.0)
    };
    let answer = request.validate().unwrap().run();
    let to_hit = ToHit::new(ToHitModel::NORMAL).unwrap();
    let (la, ld) = (
        LuckDice::of(Kind::Player, 5, false),
        LuckDice::of(Kind::Player, -4, false),
    );
    let want = to_hit.p_hit_with_luck(7.0, la, 3.0, ld);
    assert_eq!(answer.p_hit(), want);
    let ToHitAnswer::Bonuses {
        attacker_bonus,
        defender_bonus,
        attacker_luck,
        defender_luck,
        model,
        ..
    } = answer
    else {
        panic!("bonuses answer with bonuses");
    };
    assert_eq!((attacker_bonus, defender_bonus), (7.0, 3.0));
    assert_eq!((attacker_luck, defender_luck), (la, ld));
    assert_eq!(model, ToHitModel::NORMAL);
    // A higher attacker bonus hits more often.
    let better = bonuses(9.0, 3.0).validate().unwrap().run().p_hit();
    let plain = bonuses(7.0, 3.0).validate().unwrap().run().p_hit();
    assert!(better > plain && plain > 0.5, "{better} {plain}");
}

#[test]
fn bonuses_and_luck_keep_to_their_ranges() {
    for (a, d) in [(1000.0, -1000.0), (-1000.0, 1000.0), (0.0, 0.0)] {
        assert!(bonuses(a, d).validate().is_ok(), "{a} {d}");
    }
    for (a, d, name) in [
        (1000.5, 0.0, "`attacker_bonus`"),
        (0.0, -1000.5, "`defender_bonus`"),
        (f64::NAN, 0.0, "`attacker_bonus`"),
        (0.0, f64::INFINITY, "`defender_bonus`"),
        (f64::NEG_INFINITY, 0.0, "`attacker_bonus`"),
    ] {
        let message = refusal(bonuses(a, d).validate());
        assert!(
            message.contains(name) && message.contains("-1000 to 1000"),
            "{message}"
        );
    }
    for luck in [-13, 13] {
        let r = ToHitRequest {
            attacker_luck: luck,
            defender_luck: luck,
            ..bonuses(0.0, 0.0)
        };
        assert!(r.validate().is_ok());
    }
    for (a, d, name) in [(14, 0, "`attacker_luck`"), (0, -14, "`defender_luck`")] {
        let r = ToHitRequest {
            attacker_luck: a,
            defender_luck: d,
            ..bonuses(0.0, 0.0)
        };
        assert!(refusal(r.validate()).contains(name));
    }
}

#[test]
fn bonuses_and_profiles_do_not_mix() {
    let missing = [
        ToHitRequest {
            attacker_bonus: Some(1.0),
            ..ToHitRequest::default()
        },
        ToHitRequest {
            defender_bonus: Some(1.0),
            ..ToHitRequest::default()
        },
        ToHitRequest::default(),
        ToHitRequest {
            attacker: Some(VALKYRIE.into()),
            ..ToHitRequest::default()
        },
        ToHitRequest {
            attacker: Some(VALKYRIE.into()),
            defender: Some(KNIGHT.into()),
            ..bonuses(1.0, 1.0)
        },
        ToHitRequest {
            attacker: Some(VALKYRIE.into()),
            defender: Some(KNIGHT.into()),
            attacker_bonus: Some(1.0),
            ..ToHitRequest::default()
        },
        ToHitRequest {
            defender: Some(KNIGHT.into()),
            ..bonuses(1.0, 1.0)
        },
    ];
    for r in missing {
        assert!(
            refusal(r.validate()).contains("`attacker_bonus` and `defender_bonus`"),
            "{r:?}"
        );
    }
}

#[test]
fn two_profiles_give_the_libraries_hit_chance_and_both_breakdowns() {
    let request = ToHitRequest {
        attacker: Some(VALKYRIE.into()),
        defender: Some(KNIGHT.into()),
        model: ModelRequest {
            uniform_sum: Some([4, 17]),
            ..ModelRequest::default()
        },
        ..ToHitRequest::default()
    };
    let answer = request.validate().unwrap().run();
    let (a, d) = (
        parse_attacker(VALKYRIE).unwrap(),
        parse_defender(KNIGHT).unwrap(),
    );
    let model = ToHitModel::UniformSum { k: 4, r: 17 };
    let options = Options {
        model,
        ..Options::default()
    };
    let want = hit_chance_with(&ToHit::new(model).unwrap(), &a, &d, &options);
    assert_eq!(answer.p_hit(), want.p_hit);
    assert!(answer.p_hit() > 0.0 && answer.p_hit() < 1.0);
    let ToHitAnswer::Profiles {
        attacker,
        defender,
        caught,
        model: answered,
        ..
    } = answer
    else {
        panic!("profiles answer with profiles");
    };
    assert_eq!(answered, model);
    assert_eq!(caught, None);
    assert_eq!(attacker.fixed, want.attacker.fixed());
    assert_eq!(defender.fixed, want.defender.fixed());
    assert_eq!(attacker.terms, want.attacker.terms);
    assert_eq!(attacker.luck, want.attacker.luck);
    assert_eq!(attacker.luck_mean, want.attacker.luck.distribution().mean());
    assert!(attacker.luck_mean > 0.0);
}

#[test]
fn a_caught_throw_never_hits() {
    let request = ToHitRequest {
        attacker: Some(GEM_THROWER.into()),
        defender: Some(UNICORN.into()),
        ..ToHitRequest::default()
    };
    let answer = request.validate().unwrap().run();
    assert_eq!(answer.p_hit(), 0.0);
    let ToHitAnswer::Profiles { caught, .. } = answer else {
        panic!("profiles answer with profiles");
    };
    assert_eq!(caught, Some(Caught::GemByUnicorn));
}

#[test]
fn a_bad_profile_is_refused_where_it_came_from() {
    let request = ToHitRequest {
        attacker: Some("dex = \"high\"\n".into()),
        defender: Some(KNIGHT.into()),
        ..ToHitRequest::default()
    };
    let message = refusal(request.validate());
    assert!(message.starts_with("attacker, "), "{message}");
    let request = ToHitRequest {
        attacker: Some(VALKYRIE.into()),
        defender: Some("hp = -3\n".into()),
        defender_source: Some("knight.toml".into()),
        ..ToHitRequest::default()
    };
    let message = refusal(request.validate());
    assert!(message.starts_with("knight.toml, "), "{message}");
}

fn damage_request(damage: &str, kind: DamageKind, rounding: Rounding) -> EvasionDamageRequest {
    EvasionDamageRequest {
        attacker: VALKYRIE.into(),
        defender: TROLL.into(),
        damage: damage.into(),
        kind,
        rounding,
        ..EvasionDamageRequest::default()
    }
}

#[test]
fn an_attacks_damage_is_the_librarys_exact_odds() {
    for (dice, kind, rounding) in [
        ("d8+2", DamageKind::Physical, Rounding::Stochastic),
        ("4d6", DamageKind::Physical, Rounding::Down),
        ("2d10+20", DamageKind::Physical, Rounding::Nearest),
        ("3d4", DamageKind::Elemental, Rounding::Up),
    ] {
        let answer = damage_request(dice, kind, rounding)
            .validate()
            .unwrap()
            .run()
            .unwrap();
        let (a, d) = (
            parse_attacker(VALKYRIE).unwrap(),
            parse_defender(TROLL).unwrap(),
        );
        let options = Options {
            rounding,
            ..Options::default()
        };
        let odds = damage_odds(&dice.parse().unwrap(), kind, &a, &d, &options).unwrap();
        assert_eq!(answer.p_hit, odds.p_hit);
        assert!(answer.p_hit > 0.0 && answer.p_hit < 1.0);
        assert_eq!(answer.caught, None);
        assert_eq!(answer.mean_per_hit, odds.per_hit.mean());
        assert_eq!(answer.mean_per_attack, odds.per_attack.mean());
        assert!((answer.mean_per_attack - answer.p_hit * answer.mean_per_hit).abs() < 1e-12);
        let rows = |d: &fray::dist::Distribution| -> Vec<(i64, f64)> {
            d.iter().map(|m| (m.value, m.p)).collect()
        };
        let listed = |rows: &[fray::damage::request::DamageP]| -> Vec<(i64, f64)> {
            rows.iter().map(|r| (r.damage, r.p)).collect()
        };
        assert_eq!(listed(&answer.per_hit), rows(&odds.per_hit), "{dice}");
        assert_eq!(listed(&answer.per_attack), rows(&odds.per_attack), "{dice}");
        assert_eq!(answer.defender_hp, 30);
        assert_eq!(answer.high_damage_effects.len(), odds.effects.len());
        for (e, (effect, p)) in answer.high_damage_effects.iter().zip(&odds.effects) {
            assert_eq!(e.effect, *effect);
            assert_eq!(e.p_per_hit, *p);
            assert_eq!(e.p_per_attack, p * odds.p_hit);
        }
    }
    // 2d10+20 against 30 hit points: high-damage effects can happen.
    let big = damage_request("2d10+20", DamageKind::Physical, Rounding::Nearest)
        .validate()
        .unwrap()
        .run()
        .unwrap();
    assert!(big.high_damage_effects.iter().any(|e| e.p_per_hit > 0.0));
}

#[test]
fn a_caught_throws_damage_is_nothing() {
    let request = EvasionDamageRequest {
        attacker: GEM_THROWER.into(),
        defender: UNICORN.into(),
        damage: "d6".into(),
        ..EvasionDamageRequest::default()
    };
    let answer = request.validate().unwrap().run().unwrap();
    assert_eq!(answer.p_hit, 0.0);
    assert_eq!(answer.caught, Some(Caught::GemByUnicorn));
    assert_eq!(answer.mean_per_attack, 0.0);
    assert_eq!(answer.defender_hp, parse_defender(UNICORN).unwrap().hp);
}

#[test]
fn a_damage_request_names_what_is_wrong() {
    let message = refusal(damage_request("d", DamageKind::Physical, Rounding::Down).validate());
    assert!(message.starts_with("`damage`: `d`: "), "{message}");
    let mut r = damage_request("d6", DamageKind::Physical, Rounding::Down);
    r.attacker = "luck = 99\n".into();
    assert!(refusal(r.validate()).starts_with("attacker, "));
    let mut r = damage_request("d6", DamageKind::Physical, Rounding::Down);
    r.defender_source = Some("troll.toml".into());
    r.defender = "ev = \"x\"\n".into();
    assert!(refusal(r.validate()).starts_with("troll.toml, "));
    let mut r = damage_request("d6", DamageKind::Physical, Rounding::Down);
    r.model.sigma = Some(-1.0);
    assert!(r.validate().is_err());
}

#[test]
fn a_table_by_level_has_one_row_per_step_and_one_column_per_ev() {
    let request = TableRequest {
        levels: [2, 9],
        step: 3,
        evs: [-2, 1],
        ..TableRequest::default()
    };
    let answer = request.validate().unwrap().run();
    assert_eq!(answer.defender_ev, vec![-2, -1, 0, 1]);
    assert_eq!(answer.model, ToHitModel::NORMAL);
    let names: Vec<&str> = answer.rows.iter().map(|r| r.attacker.as_str()).collect();
    assert_eq!(names, ["level 2", "level 5", "level 8"]);
    let to_hit = ToHit::new(ToHitModel::NORMAL).unwrap();
    for (row, level) in answer.rows.iter().zip([2, 5, 8]) {
        let a = Attacker {
            level,
            ..Attacker::default()
        };
        let want: Vec<f64> = [-2.0, -1.0, 0.0, 1.0]
            .iter()
            .map(|&ev| {
                let d = Defender {
                    ev,
                    ..Defender::default()
                };
                hit_chance_with(&to_hit, &a, &d, &Options::default()).p_hit
            })
            .collect();
        assert_eq!(row.p_hit, want, "{}", row.attacker);
    }
    // More EV, fewer hits; higher level, more hits.
    assert!(answer.rows[0].p_hit[0] > answer.rows[0].p_hit[3]);
    assert!(answer.rows[2].p_hit[0] > answer.rows[0].p_hit[0]);
}

#[test]
fn a_table_by_skill_has_the_five_skills() {
    let request = TableRequest {
        by: RowsBy::Skill,
        evs: [0, 0],
        ..TableRequest::default()
    };
    let answer = request.validate().unwrap().run();
    let to_hit = ToHit::new(ToHitModel::NORMAL).unwrap();
    let skills = [
        SkillLevel::Restricted,
        SkillLevel::Unskilled,
        SkillLevel::Basic,
        SkillLevel::Skilled,
        SkillLevel::Expert,
    ];
    assert_eq!(answer.rows.len(), 5);
    for (row, skill) in answer.rows.iter().zip(skills) {
        assert_eq!(row.attacker, skill.to_string());
        let a = Attacker {
            kind: Kind::Player,
            dex: 10,
            skill,
            ..Attacker::default()
        };
        let p = hit_chance_with(&to_hit, &a, &Defender::default(), &Options::default()).p_hit;
        assert_eq!(row.p_hit, vec![p]);
    }
    assert!(answer.rows[4].p_hit[0] > answer.rows[0].p_hit[0]);
}

#[test]
fn a_tables_ranges_and_step_are_bounded() {
    let ok = |levels: [i64; 2], evs: [i64; 2], step: u32| TableRequest {
        levels,
        evs,
        step,
        ..TableRequest::default()
    };
    for r in [
        ok([0, 100], [-50, 50], 1),
        ok([100, 100], [50, 50], 100),
        ok([0, 0], [-50, -50], 1),
    ] {
        assert!(r.validate().is_ok(), "{r:?}");
    }
    for (r, name) in [
        (ok([0, 10], [0, 10], 0), "`step`"),
        (ok([0, 10], [0, 10], 101), "`step`"),
        (ok([-1, 10], [0, 10], 1), "`levels`"),
        (ok([0, 101], [0, 10], 1), "`levels`"),
        (ok([5, 4], [0, 10], 1), "`levels`"),
        (ok([0, 10], [-51, 10], 1), "`evs`"),
        (ok([0, 10], [0, 51], 1), "`evs`"),
        (ok([0, 10], [3, 2], 1), "`evs`"),
    ] {
        let message = refusal(r.validate());
        assert!(message.contains(name), "{name}: {message}");
    }
    let message = refusal(ok([0, 10], [0, 51], 1).validate());
    assert!(message.contains("from -50 to 50"), "{message}");
}

#[test]
fn an_appraisal_is_the_librarys() {
    let request = AppraiseRequest {
        defender: KNIGHT.into(),
        reference_bonus: 4.0,
        model: ModelRequest {
            sigma: Some(3.0),
            ..ModelRequest::default()
        },
        ..AppraiseRequest::default()
    };
    let got = request.validate().unwrap().run().unwrap();
    let options = Options {
        model: ToHitModel::Normal { sigma: 3.0 },
        ..Options::default()
    };
    let want = appraise(&parse_defender(KNIGHT).unwrap(), 4.0, &options).unwrap();
    assert_eq!(got, want);
    let far = AppraiseRequest {
        reference_bonus: 1000.5,
        ..request.clone()
    };
    assert!(refusal(far.validate()).contains("`reference_bonus`"));
    let bad = AppraiseRequest {
        defender: "hp = \"lots\"\n".into(),
        defender_source: Some("k.toml".into()),
        ..request
    };
    assert!(refusal(bad.validate()).starts_with("k.toml, "));
}
