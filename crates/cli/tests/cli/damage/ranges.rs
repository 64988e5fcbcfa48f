//! `fray damage`'s numbers at the ends of their ranges and just past them: accepted up
//! to the bound, refused with the range after it, never a wrapped integer.

use crate::common::*;

#[test]
fn numeric_flags_walk_their_range() {
    // (arguments after `damage`, Ok(final damage) or Err(phrase of the refusal))
    let cases: &[(&[&str], Result<i64, &str>)] = &[
        (&["0", "fire"], Ok(0)),
        (&["--", "-1", "fire"], Err("from 0 to 1000000")),
        (&["--", "2-3", "fire"], Err("comes to -1")),
        (&["1000000", "fire"], Ok(1_000_000)),
        (&["1000001", "fire"], Err("too large")),
        (&["4294967295", "fire"], Err("too large")),
        (&["99999999999999999999", "fire"], Err("too large")),
        (&["--", "-9223372036854775808", "fire"], Err("amount")),
        (&["1d0"], Err("no sides")),
        (&["--", "-1d6"], Err("not a dice expression")),
        (&["0d6", "--roll", "--seed", "1"], Ok(0)),
        (&["1000d1", "--roll", "--seed", "1"], Ok(1000)),
        (&["10", "--attacker-level", "0"], Ok(10)),
        (&["10", "--attacker-level", "1000"], Ok(10)),
        (
            &["10", "--attacker-level", "-1"],
            Err("expected a whole number from 0 to 1000"),
        ),
        (
            &["10", "--attacker-level", "1001"],
            Err("expected a whole number from 0 to 1000"),
        ),
        (
            &["10", "--attacker-level", "4294967295"],
            Err("from 0 to 1000"),
        ),
        (
            &["10", "--attacker-level", "99999999999999999999"],
            Err("from 0 to 1000"),
        ),
        (
            &["10", "fire", "--vs", "Resist Fire", "--reduce", "fire:0"],
            Ok(5),
        ),
        (
            &[
                "10",
                "fire",
                "--vs",
                "Resist Fire",
                "--reduce",
                "fire:1000000000",
            ],
            Ok(10),
        ),
        (&["10", "--reduce", "fire:-1"], Err("from 0 to 1000000000")),
        (
            &["10", "--reduce", "fire:1000000001"],
            Err("from 0 to 1000000000"),
        ),
        (
            &["10", "--reduce", "fire:4294967295"],
            Err("from 0 to 1000000000"),
        ),
        (
            &["10", "--reduce", "fire:99999999999999999999"],
            Err("from 0 to 1000000000"),
        ),
        (&["10", "--modify", "extra 0"], Ok(10)),
        (&["10", "--modify", "extra 999999990"], Ok(1_000_000_000)),
        (
            &["10", "--modify", "extra 999999991"],
            Err("above 1000000000"),
        ),
        (
            &["1d10", "--modify", "extra 999999991"],
            Err("above 1000000000"),
        ),
        (
            &[
                "1d10",
                "--modify",
                "extra 999999991",
                "--roll",
                "--seed",
                "1",
            ],
            Err("above"),
        ),
        (
            &["10", "--modify", "extra -1"],
            Err("extra amount `-1` is not a whole number from 0 to 1000000000"),
        ),
        (
            &["10", "--modify", "extra 4294967295"],
            Err("from 0 to 1000000000"),
        ),
        (
            &["10", "--modify", "extra 99999999999999999999"],
            Err("from 0 to 1000000000"),
        ),
        (&["1d6", "--roll", "--seed", "0"], Ok(-1)),
        (&["1d6", "--roll", "--seed", "18446744073709551615"], Ok(-1)),
        (
            &["1d6", "--roll", "--seed", "-1"],
            Err("expected a whole number from 0 to 18446744073709551615"),
        ),
        (
            &["1d6", "--roll", "--seed", "99999999999999999999"],
            Err("from 0 to 18446744073709551615"),
        ),
    ];
    for (args, expected) in cases {
        let run = fray(&[&["damage", "--json"], *args].concat());
        let (code, stderr) = (run.code, &run.stderr);
        match expected {
            Ok(final_damage) => {
                assert_eq!(code, 0, "{args:?}: {stderr}");
                let v: Value = serde_json::from_str(&run.stdout).unwrap();
                let got = v["final"].as_i64().unwrap();
                if *final_damage >= 0 {
                    assert_eq!(got, *final_damage, "{args:?}");
                } else {
                    assert!((1..=6).contains(&got), "{args:?}: {got}");
                }
            }
            Err(phrase) => {
                assert_eq!(code, 2, "{args:?}");
                assert!(stderr.starts_with("error: "), "{args:?}: {stderr}");
                assert!(stderr.contains(phrase), "{args:?}: {stderr}");
            }
        }
    }
}
