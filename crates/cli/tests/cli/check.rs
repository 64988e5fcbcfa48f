//! `fray check RUNG`: the exact odds of one pool check, on the default ladder or a
//! designer's, and the library's request beside the command.

use crate::common::*;

#[test]
fn check_prints_exact_odds() {
    let v = json(&["check", "3/6", "--bonus", "2", "--json"]);
    assert!((v["p_success"].as_f64().unwrap() - 0.875).abs() < 1e-12);
    assert!(v["mean_degree"].is_f64());
    let rows = v["distribution"].as_array().unwrap();
    let total: f64 = rows.iter().map(|r| r["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(
        rows.iter()
            .all(|r| r["success"].is_boolean() && r["degree"].is_u64())
    );
    let v = json(&[
        "check", "9/10", "--ladder", "10:12,20", "--steps", "1", "--json",
    ]);
    assert_eq!(v["check"], "11/12", "a designer's d10 ladder");
    refuse(
        &["check", "3/6", "--ladder", "10:12,20"],
        expect![[r#"
            error: 3/6 is not on the ladder: its rungs are 1/20 1/12 1/10 2/10 3/10 4/10 5/10 6/10 7/10 8/10 9/10 11/12 19/20
        "#]],
    );
    let v = json(&["check", "7/8", "--steps", "-1", "--json"]);
    assert_eq!(v["check"], "5/6");
    check(
        &["check", "3/6", "--penalty", "1"],
        expect![[r#"
            check 3/6+1p: 2 dice (penalty dice left: any miss fails)
            P(success) = 25.0000%   mean degree of success (failures count 0) = 0.5500
              success   2    20.8333%  #################
              success   3     3.4722%  ###
              success   4     0.5787%  
              success   5     0.0965%  
              success   6     0.0161%  
              success   7     0.0027%  
              failure   1    50.0000%  ########################################
              failure   2    20.8333%  #################
              failure   3     3.4722%  ###
              failure   4     0.5787%  
              failure   5     0.0965%  
              failure   6     0.0161%  
              failure   7     0.0027%  
            (all hits: the success of degree 2 explodes: each further degree is 1/6 as likely, without end)
            (all misses: the failure of degree 2 explodes: each further degree is 1/6 as likely, without end)
        "#]],
    );
}

#[test]
fn bad_checks_are_refused() {
    refuse(
        &["check", "3/8"],
        expect![[r#"
            error: 3/8 is not on the ladder: its rungs are 1/20 1/12 1/10 1/8 1/6 2/6 3/6 4/6 5/6 7/8 9/10 11/12 19/20
        "#]],
    );
    refuse(
        &["check", "three"],
        expect![[r#"
            error: `three` is not a difficulty: expected TN/D, such as 3/6
        "#]],
    );
    refuse(
        &["check", "3/6", "--bonus", "500"],
        expect![[r#"
            error: --bonus: 500: too many dice; at most 100 bonus dice, or as many penalty dice below 0
        "#]],
    );
}

/// A penalty is a negative bonus; the help names the default ladder once.
#[test]
fn help_defaults_and_negative_bonuses() {
    let out = &ok(&["check", "--help"]).stdout;
    assert_eq!(out.matches("6:8,10,12,20").count(), 1, "{out}");
    let penalty = json(&["check", "3/6", "--penalty", "1", "--json"]);
    let negative = json(&["check", "3/6", "--bonus", "-1", "--json"]);
    assert_eq!(penalty, negative);
    assert_ne!(negative, json(&["check", "3/6", "--json"]));
    refuse(
        &["check", "3/6", "--bonus", "-101"],
        expect![[r#"
            error: --bonus: -101: too many dice; at most 100 bonus dice, or as many penalty dice below 0
        "#]],
    );
}

#[test]
fn huge_ladders_are_refused_quickly_with_a_short_message() {
    for run in [
        refuse(
            &["check", "3/6", "--ladder", "4000000000"],
            expect![[r#"
                error: --ladder: a ladder needs a base die from 2 to 1000 sides and at most 64 larger dice in increasing order, each at most 1000000: got base d4000000000
            "#]],
        ),
        refuse(
            &["check", "3/6", "--ladder", "1000000"],
            expect![[r#"
                error: --ladder: a ladder needs a base die from 2 to 1000 sides and at most 64 larger dice in increasing order, each at most 1000000: got base d1000000
            "#]],
        ),
        refuse(
            &["check", "3/7", "--ladder", "1000"],
            expect![[r#"
                error: 3/7 is not on the ladder: its rungs are 1/1000 2/1000 3/1000 4/1000 5/1000 … 995/1000 996/1000 997/1000 998/1000 999/1000 (999 rungs)
            "#]],
        ),
    ] {
        assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
    }
}

#[test]
fn a_near_certain_check_prints_near_certainty() {
    let args = [
        "check",
        "9999/10000",
        "--ladder",
        "6:10000",
        "--bonus",
        "100",
    ];
    check(
        &args,
        expect![[r#"
            check 9999/10000+100b: 101 dice (no penalty dice: only all misses fail)
            P(success) = 100.0000%   mean degree of success (failures count 0) = 101.1879
            note: some outcomes are less likely than 1e-308 and show as probability 0 (their conditional means are still exact)
              success  99     0.0050%  
              success 100     0.9999%  
              success 101    82.4959%  ########################################
              success 102    13.7493%  #######
              success 103     2.2916%  #
              success 104     0.3819%  
              success 105     0.0637%  
              success 106     0.0106%  
              success 107     0.0018%  
            (all hits: the success of degree 101 explodes: each further degree is 1/6 as likely, without end)
            (all misses: the failure of degree 101 explodes: each further degree is 1/6 as likely, without end)
        "#]],
    );
    let v = json(&[&args[..], &["--json"]].concat());
    assert!((v["p_success"].as_f64().unwrap() - 1.0).abs() < 1e-12);
    assert!(!v["distribution"].as_array().unwrap().is_empty());
    assert!((v["mean_degree_given_failure"].as_f64().unwrap() - 101.2).abs() < 1e-9);
    assert_eq!(v["warnings"].as_array().unwrap().len(), 1);
}

#[test]
fn requests_answer_as_the_command() {
    use fray::pool::request::CheckRequest;
    let check = |json: &str| request_of(json, |r: CheckRequest| Ok(r.validate()?.run()));
    let cases: &[(&str, &[&str])] = &[
        (r#"{"rung": "3/6"}"#, &["check", "3/6"]),
        (
            r#"{"rung": "9/10", "ladder": "10:12,20", "steps": 1, "bonus": -2, "penalty": 1}"#,
            &[
                "check",
                "9/10",
                "--ladder",
                "10:12,20",
                "--steps",
                "1",
                "--bonus",
                "-2",
                "--penalty",
                "1",
            ],
        ),
        (
            r#"{"rung": "3/6", "bonus": -101}"#,
            &["check", "3/6", "--bonus", "-101"],
        ),
        (
            r#"{"rung": "3/6", "steps": 1001}"#,
            &["check", "3/6", "--steps", "1001"],
        ),
        (
            r#"{"rung": "3/6", "ladder": "1:2"}"#,
            &["check", "3/6", "--ladder", "1:2"],
        ),
        (r#"{"rung": "99/6"}"#, &["check", "99/6"]),
    ];
    each_same_as_cli(cases, check);
}
