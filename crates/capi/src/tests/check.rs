//! `fray_check_odds`: `fray check`'s numbers, and its refusals.

use super::*;
use crate::*;

fn odds(rung: &str, bonus: i32, penalty: u32) -> (FrayStatus, FrayCheckOdds) {
    let mut odds = FrayCheckOdds::default();
    // SAFETY: this test's own string and output.
    let s = unsafe { fray_check_odds(c(rung).as_ptr(), bonus, penalty, &mut odds) };
    (s, odds)
}

#[test]
fn the_odds_are_fray_checks() {
    for (rung, bonus, penalty) in [("3/6", 0, 0), ("7/8", 2, 0), ("2/6", -1, 1), ("9/10", 0, 3)] {
        let (status, got) = odds(rung, bonus, penalty);
        assert_eq!(status, FrayStatus::Ok, "{rung}: {:?}", last_error());
        let answer = command(
            "check",
            &serde_json::json!({"rung": rung, "bonus": bonus, "penalty": penalty}),
        );
        assert_eq!(
            got.p_success,
            answer["p_success"].as_f64().unwrap(),
            "{rung}"
        );
        assert_eq!(
            got.mean_degree,
            answer["mean_degree"].as_f64().unwrap(),
            "{rung}"
        );
        assert_eq!(
            u64::from(got.dice),
            answer["dice"].as_u64().unwrap(),
            "{rung}"
        );
    }
}

#[test]
fn a_bad_check_is_refused_with_the_reason() {
    let (status, _) = odds("3/7", 0, 0);
    assert_eq!(status, FrayStatus::Refused);
    assert!(last_error().unwrap().contains("3/7"), "{:?}", last_error());
    let (status, _) = odds("3/6", 1000, 0);
    assert_eq!(status, FrayStatus::Refused);
    assert!(
        last_error().unwrap().contains("too many dice"),
        "{:?}",
        last_error()
    );
}
