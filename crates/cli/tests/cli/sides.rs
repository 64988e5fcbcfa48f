//! `fray sides --a SIDE --b SIDE`: which of two sides of pool checks deals more hits,
//! exactly, and the library's request beside the command.

use crate::common::*;

#[test]
fn sides_compares_two_sides_exactly() {
    let v = json(&[
        "sides",
        "--a",
        "5x3/6+3b",
        "--b",
        "7x4/6+1b,2x1/8+2p",
        "--json",
    ]);
    let total = ["p_a_more", "p_tie", "p_b_more"]
        .iter()
        .map(|k| v[k].as_f64().unwrap())
        .sum::<f64>();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(v["a_mean_total"].as_f64().unwrap() > 9.0 && v["b_mean_total"].as_f64().unwrap() > 9.0);
    let same = json(&["sides", "--a", "3x3/6+1b", "--b", "3x3/6+1b", "--json"]);
    assert!(
        (same["p_a_more"].as_f64().unwrap() - same["p_b_more"].as_f64().unwrap()).abs() < 1e-12
    );
    let out = &ok(&["sides", "--a", "2000x3/6+2b", "--b", "2000x4/6"]).stdout;
    assert!(out.contains("who deals more hits"), "{out}");
}

#[test]
fn bad_sides_are_refused() {
    refuse(
        &["sides", "--a", "5x3/6+3q", "--b", "3/6"],
        expect![[r#"
            error: --a: `5x3/6+3q`: expected +Nb (bonus dice) or +Np (penalty dice) after the difficulty
        "#]],
    );
    refuse(
        &["sides", "--a", "3/6", "--b", "99999999x3/6"],
        expect![[r#"
            error: --b: `99999999x3/6`: a side holds from 1 to 10000000 combatants
        "#]],
    );
}

#[test]
fn sides_with_a_multibyte_character_are_refused() {
    refuse(
        &["sides", "--a", "3/6+é", "--b", "3/6"],
        expect![[r#"
            error: --a: `3/6+é`: expected +Nb (bonus dice) or +Np (penalty dice), N from 0 to 100, after the difficulty
        "#]],
    );
    refuse(
        &["sides", "--a", "3/6", "--b", "é"],
        expect![[r#"
            error: --b: `é` is not a difficulty: expected TN/D, such as 3/6
        "#]],
    );
}

#[test]
fn the_help_names_the_default_ladder_once() {
    let out = &ok(&["sides", "--help"]).stdout;
    assert_eq!(out.matches("6:8,10,12,20").count(), 1, "{out}");
}

#[test]
fn a_near_certain_side_is_near_certain() {
    let args = [
        "sides",
        "--a",
        "9999/10000+100b",
        "--b",
        "3/6",
        "--ladder",
        "6:10000",
    ];
    let v = json(&[&args[..], &["--json"]].concat());
    assert!(v["a_sd_total"].as_f64().unwrap() > 0.1, "{v}");
    assert!(v["p_a_more"].as_f64().unwrap() > 0.99);
    let text = &ok(&args).stdout;
    assert!(!text.contains("-0.000"), "{text}");
}

#[test]
fn small_side_odds_are_computed_directly_or_flagged() {
    let v = json(&["sides", "--a", "8x5/6+3b", "--b", "8x1/8", "--json"]);
    let b_more = v["p_b_more"].as_f64().unwrap();
    assert!(b_more > 1e-14 && b_more < 1e-12, "{b_more}");
    assert!(v["below_error_bound"].as_array().unwrap().is_empty());
    // Far apart, the tie is below what the trimming can tell: flagged, not a bare 0.
    let v = json(&["sides", "--a", "2000x3/6+2b", "--b", "2000x4/6", "--json"]);
    let below: Vec<&str> = v["below_error_bound"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(
        below.contains(&"p_tie") && below.contains(&"p_b_more"),
        "{v}"
    );
    let out = &ok(&["sides", "--a", "2000x3/6+2b", "--b", "2000x4/6"]).stdout;
    assert!(out.contains("warning: p_tie, p_b_more"), "{out}");
    refuse(
        &["sides", "--a", "10000000x3/6+100b", "--b", "3/6"],
        expect![[r#"
            error: --a: computing this side exactly would take about 1.6e11 steps, more than 1e10: use fewer combatants, fewer bonus dice or fewer different checks
        "#]],
    );
}

#[test]
fn requests_answer_as_the_command() {
    use fray::pool::request::SidesRequest;
    let sides = |json: &str| request_of(json, |r: SidesRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (
            r#"{"a": "5x3/6+3b", "b": "4x4/6"}"#,
            &["sides", "--a", "5x3/6+3b", "--b", "4x4/6"],
        ),
        (
            r#"{"a": "5x3/6", "b": "bogus"}"#,
            &["sides", "--a", "5x3/6", "--b", "bogus"],
        ),
        // Refused before any work, with the bound in the message.
        (
            r#"{"a": "10000000x3/6+100b", "b": "1x3/6"}"#,
            &["sides", "--a", "10000000x3/6+100b", "--b", "1x3/6"],
        ),
    ];
    each_same_as_cli(cases, sides);
}
