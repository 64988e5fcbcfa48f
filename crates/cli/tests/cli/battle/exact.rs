//! What `fray battle` computes exactly and what it samples: the evasion duel's Markov
//! chain, a duel nobody can win, and `--precision`, which stops sampling early.

use crate::common::*;

/// Two gem throwers against each other's unicorn defense: neither can ever hit.
fn stuck_duel() -> String {
    let side = |s: &str| {
        format!(
            "[evasion.{s}]\nname = \"{s} gems\"\ndamage = \"1d4\"\n[evasion.{s}.attack.ranged]\nprojectile = \"missile\"\nlauncher = \"none\"\nthrown = \"gem\"\n[evasion.{s}.defense]\nunicorn = true\n"
        )
    };
    write(
        &scratch("battle-stuck-duel"),
        "stuck.toml",
        format!(
            "system = \"evasion\"\ntrials = 300\nmax_rounds = 10\n{}{}",
            side("a"),
            side("b")
        ),
    )
}

#[test]
fn an_exact_duel_nobody_can_win_is_a_draw_with_a_note() {
    let file = stuck_duel();
    let run = check(
        &["battle", &file],
        expect![[r#"
            evasion battle (evasion system), 300 battles
              a gems won: 0% (exact)
              b gems won: 0% (exact)
              draw, no one left standing: 0% (exact)
              draw, undecided after 10 rounds: 100% (exact)
            rounds: mean 10.00 [10.00, 10.00], 10% 10, median 10, 90% 10, max 10
            survivors (sampled):
              a a gems                 standing    100%   hp left   10.00 / 10
              b b gems                 standing    100%   hp left   10.00 / 10
            damage per battle (sampled), physical: 0.00
            note: sampled: 300 battles, seed 1; intervals are 95% Wilson intervals
            note: exact: the duel can reach a point where neither duelist can ever deal damage (certain misses, caught throws); it never ends there, so 100.00% of duels are a draw and the expected number of rounds is infinite
            note: exact: each side's win, the draws from a Markov chain over both hit points, with no round limit; sampled: the spread of rounds, survivors, hit points left and damage
        "#]],
    );
    assert!(!run.stdout.contains("NaN"), "{}", run.stdout);
    let v = json(&["battle", &file, "--json", "--quiet"]);
    assert_eq!(v["draw"]["p"], 1.0);
    assert_eq!(v["draw"]["basis"], "exact");
    assert_eq!(v["sides"][0]["win"]["p"], 0.0);
    assert_eq!(v["sides"][0]["win"]["basis"], "exact");
    assert_eq!(v["rounds"]["mean_basis"], "sampled", "infinite: not exact");
}

/// `fray battle --example duel` gives the chain's answers for the wins, draws and mean
/// rounds (marked exact, no interval), and marks what it sampled.
#[test]
fn the_duel_reports_exact_figures_and_says_what_is_sampled() {
    let v = json(&["battle", "--example", "duel", "--trials", "300", "--json"]);
    for side in 0..2 {
        let win = &v["sides"][side]["win"];
        assert_eq!(win["basis"], "exact", "{win}");
        assert_eq!(win["low"], win["p"], "no interval on an exact figure");
    }
    let (a, b) = (
        v["sides"][0]["win"]["p"].as_f64().unwrap(),
        v["sides"][1]["win"]["p"].as_f64().unwrap(),
    );
    assert!(
        (a + b - 1.0).abs() < 1e-12 && a > 0.7 && a < 0.85,
        "{a} {b}"
    );
    assert_eq!(v["draw"]["basis"], "exact");
    assert_eq!(v["rounds"]["mean_basis"], "exact");
    assert_eq!(v["rounds"]["basis"], "sampled");
    assert_eq!(v["survivors_basis"], "sampled");
    assert!(
        v["survivors"][0]["survival_low"].as_f64().unwrap()
            < v["survivors"][0]["survival_high"].as_f64().unwrap()
    );
    // Another seed samples other battles but the same exact answer.
    let other = json(&[
        "battle",
        "--example",
        "duel",
        "--trials",
        "300",
        "--json",
        "--seed",
        "99",
    ]);
    assert_eq!(other["sides"][0]["win"], v["sides"][0]["win"]);
    assert_ne!(other["rounds"]["histogram"], v["rounds"]["histogram"]);
    check(
        &["battle", "--example", "duel", "--trials", "300", "--quiet"],
        expect![[r#"
            Valkyrie against troll (evasion system), 300 battles
              Valkyrie won: 77.43% (exact)
              Troll won: 22.57% (exact)
              draw, no one left standing: 0% (exact)
              draw, undecided after 500 rounds: 0% (exact)
            rounds: mean 15.754 (exact); sampled: 10% 12, median 16, 90% 20, max 27
            survivors (sampled):
              a Valkyrie               standing  80.33%   hp left   13.22 / 45
              b Troll                  standing  19.67%   hp left    2.00 / 60
            damage per battle (sampled), physical: 91.68
            note: sampled: 300 battles, seed 3; intervals are 95% Wilson intervals
            note: exact: each side's win, the draws and the mean rounds, from a Markov chain over both hit points, with no round limit; sampled: the spread of rounds, survivors, hit points left and damage
        "#]],
    );
}

#[test]
fn precision_gives_the_same_json_on_one_thread_and_two_and_stops_early() {
    let run = |threads: &str| {
        json(&[
            "battle",
            "--example",
            "pikes",
            "--precision",
            "0.01",
            "--json",
            "--quiet",
            "--threads",
            threads,
        ])
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(one["precision"]["target"], 0.01);
    assert_eq!(one["precision"]["reached"], true);
    assert_eq!(one["precision"]["cap"], 10_000_000);
    let trials = one["trials"].as_u64().unwrap();
    assert!(trials < 20_000, "a loose target stops early: {trials}");
    assert_eq!(one["complete"], true);
}

#[test]
fn precision_stops_at_the_cap_and_says_so() {
    let args = [
        "battle",
        "--example",
        "pikes",
        "--precision",
        "0.0005",
        "--trials",
        "3000",
        "--json",
        "--quiet",
    ];
    let v = json(&args);
    assert_eq!(v["trials"], 3000);
    assert_eq!(v["precision"]["reached"], false);
    let err = &ok(&args).stderr;
    assert!(
        err.contains("not reached") && err.contains("cap of 3,000"),
        "{err}"
    );
    refuse(
        &["battle", "--precision", "0"],
        expect![[r#"
            error: --precision: expected a number from 0.0001 to 0.5, got 0
        "#]],
    );
    refuse(
        &["battle", "--precision", "lots"],
        expect![[r#"
            error: invalid value 'lots' for '--precision <HALF_WIDTH>': invalid float literal

            For more information, try '--help'.
        "#]],
    );
}
