//! `fray appraise --defender PROFILE`: a defender's EV and expected DR, and the
//! library's request beside the command.

use crate::common::*;

#[test]
fn a_knight_is_appraised() {
    let v = json(&[
        "appraise",
        "--defender",
        &example("evasion/knight.toml"),
        "--json",
    ]);
    assert!((v["expected_dr"].as_f64().unwrap() - 3.7).abs() < 1e-9);
    assert!(v["reference_hit_chance"].is_f64());
}

/// The ring of evasiveness is in the EV total; negative DR shows in the appraisal.
#[test]
fn rings_count_in_the_ev_and_cursed_armor_gives_negative_dr() {
    let v = json(&[
        "appraise",
        "--defender",
        &example("evasion/cursed-fighter.toml"),
        "--json",
    ]);
    assert_eq!(v["ev_total"], 2.0, "ring mail EV 1 + ring 1: {v}");
    assert!(
        (v["expected_dr"].as_f64().unwrap() + 1.2).abs() < 1e-12,
        "{v}"
    );
}

#[test]
fn unknown_fields_are_refused() {
    let bad = write(
        &scratch("appraise-unknown-field"),
        "bad.toml",
        "ev = 2\nspeed = 12\n",
    );
    refuse(
        &["appraise", "--defender", &bad],
        expect![[r#"
            error: $TMP/appraise-unknown-field/bad.toml, line 2, column 1: unknown field `speed`, expected one of `kind`, `ev`, `divine_protection`, `spell_protection`, `size`, `armor`, `rings_of_evasiveness`, `monk_martial_arts`, `wielding_weapon`, `luck`, `luckstone`, `unseen`, `confused`, `fleeing`, `stunned`, `blinded`, `trapped`, `sleeping`, `paralyzed`, `encumbrance`, `hp`, `intrinsic_dr`, `half_physical`, `half_spell`, `demon_or_undead`, `kebabable`, `in_water`, `xorn_or_earth_elemental`, `unicorn`, `quest_leader`, `hostile`
              | speed = 12
              | ^^^^^
        "#]],
    );
}

#[test]
fn requests_answer_as_the_command() {
    use fray::evasion::request::AppraiseRequest;
    let knight = example("evasion/knight.toml");
    let text = std::fs::read_to_string(&knight).unwrap();
    let appraise = |json: &str| request_of(json, |r: AppraiseRequest| r.validate()?.run());
    for (bonus, flag) in [(4.0, "4"), (4000.0, "4000")] {
        let json = json!({"defender": text, "reference_bonus": bonus});
        same_as_cli(
            appraise(&json.to_string()),
            &[
                "appraise",
                "--defender",
                &knight,
                "--reference-bonus",
                flag,
                "--json",
            ],
        );
    }
    refusal(
        appraise(r#"{"defender": "", "model": {"sigmaa": 3}}"#),
        "unknown field `sigmaa`",
    );
}
