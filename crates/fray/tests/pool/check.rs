use fray::pool::{
    ArmorMatch, AttackFactors, Check, CheckOdds, Dodge, FormEdge, Ladder, PoolError, Rung,
    attack_check, judge, roll_check,
};
use fray::rng::{ScriptedRolls, SeededRolls};
use fray::trace::{NoTrace, Trace};

fn rung(s: &str) -> Rung {
    s.parse().unwrap()
}

fn check(r: &str, bonus: u32, penalty: u32) -> Check {
    Check::new(rung(r), bonus, penalty).unwrap()
}

#[test]
fn every_rung_and_its_neighbours() {
    let ladder = Ladder::standard();
    let names = [
        "1/20", "1/12", "1/10", "1/8", "1/6", "2/6", "3/6", "4/6", "5/6", "7/8", "9/10", "11/12",
        "19/20",
    ];
    assert_eq!(
        ladder
            .rungs()
            .iter()
            .map(Rung::to_string)
            .collect::<Vec<_>>(),
        names
    );
    for (i, name) in names.iter().enumerate() {
        let r = rung(name);
        let easier = names[(i + 1).min(names.len() - 1)];
        let harder = names[i.saturating_sub(1)];
        assert_eq!(
            ladder.step(r, 1).unwrap().to_string(),
            easier,
            "{name} one step easier"
        );
        assert_eq!(
            ladder.step(r, -1).unwrap().to_string(),
            harder,
            "{name} one step harder"
        );
        assert_eq!(ladder.step(r, 0).unwrap(), r);
    }
    assert_eq!(
        ladder.step(rung("7/8"), -1).unwrap().to_string(),
        "5/6",
        "the text's example"
    );
    assert_eq!(
        ladder.step(rung("3/6"), 100).unwrap().to_string(),
        "19/20",
        "clamped"
    );
    assert_eq!(
        ladder.step(rung("3/6"), -100).unwrap().to_string(),
        "1/20",
        "clamped"
    );
}

#[test]
fn rungs_off_the_ladder_and_bad_ladders_are_refused() {
    let ladder = Ladder::standard();
    assert!(matches!(
        ladder.parse("3/8"),
        Err(PoolError::OffLadder { .. })
    ));
    for bad in ["3", "6/6", "0/6", "x/6", "3/0", "7/6"] {
        assert!(
            matches!(bad.parse::<Rung>(), Err(PoolError::Syntax(_))),
            "{bad}"
        );
    }
    assert!(Ladder::new(1, &[8]).is_err());
    assert!(Ladder::new(6, &[10, 8]).is_err());
    assert!(Ladder::new(6, &[6, 8]).is_err());
    assert_eq!("6:8,10,12,20".parse::<Ladder>().unwrap(), ladder);
    assert!("6:10,8".parse::<Ladder>().is_err());
    assert!("six".parse::<Ladder>().is_err());
    let d10 = Ladder::new(10, &[12, 20]).unwrap();
    assert_eq!(
        d10.to_string(),
        "1/20 1/12 1/10 2/10 3/10 4/10 5/10 6/10 7/10 8/10 9/10 11/12 19/20"
    );
}

#[test]
fn bonus_and_penalty_dice_cancel_one_for_one() {
    assert_eq!(
        (check("3/6", 3, 1).dice(), check("3/6", 3, 1).has_penalty()),
        (3, false)
    );
    assert_eq!(
        (check("3/6", 1, 3).dice(), check("3/6", 1, 3).has_penalty()),
        (3, true)
    );
    assert_eq!(
        (check("3/6", 2, 2).dice(), check("3/6", 2, 2).has_penalty()),
        (1, false)
    );
    assert_eq!(
        CheckOdds::new(check("3/6", 2, 2)),
        CheckOdds {
            check: check("3/6", 2, 2),
            ..CheckOdds::new(check("3/6", 0, 0))
        }
    );
    assert!(matches!(
        Check::new(rung("3/6"), 101, 0),
        Err(PoolError::TooManyDice(101))
    ));
}

#[test]
fn the_success_rule_with_and_without_penalty_dice() {
    // Without penalty dice only all misses fail; the degree counts hits or misses.
    assert_eq!(
        (judge(1, 3, false).success, judge(1, 3, false).degree),
        (true, 1)
    );
    assert_eq!(
        (judge(0, 3, false).success, judge(0, 3, false).degree),
        (false, 3)
    );
    // With penalty dice any miss fails.
    assert_eq!(
        (judge(2, 3, true).success, judge(2, 3, true).degree),
        (false, 1)
    );
    assert_eq!(
        (judge(3, 3, true).success, judge(3, 3, true).degree),
        (true, 3)
    );
    // All hits or all misses explode; mixed rolls do not.
    assert!(judge(3, 3, false).explodes && judge(0, 3, true).explodes);
    assert!(!judge(2, 3, false).explodes);
    assert!(
        judge(1, 1, false).explodes && judge(0, 1, false).explodes,
        "every single-die roll"
    );
}

#[test]
fn the_exploding_tail_is_geometric_and_complete() {
    let odds = CheckOdds::new(check("3/6", 0, 0));
    for k in 0..30 {
        let expected = 0.5 * (5.0 / 6.0) * (1.0f64 / 6.0).powi(k);
        assert!(
            (odds.p(true, 1 + k as u32) - expected).abs() <= 1e-15 * expected.max(1e-300),
            "{k}"
        );
        assert!(
            (odds.p(false, 1 + k as u32) - expected).abs() <= 1e-15 * expected.max(1e-300),
            "{k}"
        );
    }
    let listed: f64 = odds.listing(1e-18).iter().map(|(_, p)| p).sum();
    assert!((listed - 1.0).abs() < 1e-15);
    assert!(
        (odds.mean_degree() - 0.5 * 1.2).abs() < 1e-15,
        "degree 1 plus 1/5 on average"
    );
}

/// Brute force: every face of every die, then the explosion enumerated to a depth
/// where the rest is below 1e-16.
fn brute_force(c: Check, success: bool, degree: u32) -> f64 {
    let dice = c.dice();
    let faces = c.rung.die;
    let mut total = 0.0;
    let count = faces.pow(dice);
    for code in 0..count {
        let mut hits = 0;
        let mut rest = code;
        for _ in 0..dice {
            if rest % faces < c.rung.tn {
                hits += 1;
            }
            rest /= faces;
        }
        let j = judge(hits, dice, c.has_penalty());
        let p_roll = 1.0 / f64::from(count);
        if j.success != success {
            continue;
        }
        if !j.explodes {
            total += if j.degree == degree { p_roll } else { 0.0 };
            continue;
        }
        // Explosion depth k: k ones then a non-one.
        let mut p_path = 1.0;
        for k in 0..40 {
            if j.degree + k == degree {
                total += p_roll * p_path * 5.0 / 6.0;
            }
            p_path /= 6.0;
        }
    }
    total
}

#[test]
fn exact_odds_equal_brute_force_for_small_pools() {
    for r in ["1/8", "2/6", "3/6", "5/6", "7/8"] {
        for (bonus, penalty) in [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2), (3, 1)] {
            let c = check(r, bonus, penalty);
            let odds = CheckOdds::new(c);
            for success in [true, false] {
                for degree in 0..8 {
                    let (exact, brute) = (odds.p(success, degree), brute_force(c, success, degree));
                    assert!(
                        (exact - brute).abs() < 1e-13,
                        "{c} {success} {degree}: {exact} vs {brute}"
                    );
                }
            }
        }
    }
}

#[test]
fn sampled_frequencies_agree_with_exact_odds() {
    let n = 40_000;
    for c in [check("3/6", 2, 0), check("5/6", 0, 2), check("1/8", 0, 0)] {
        let odds = CheckOdds::new(c);
        let mut rolls = SeededRolls::new(2026);
        let mut counts = std::collections::HashMap::new();
        let mut degree_sum = 0.0;
        for _ in 0..n {
            let r = roll_check(c, &mut rolls).result;
            *counts.entry((r.success, r.degree)).or_insert(0u32) += 1;
            degree_sum += if r.success { f64::from(r.degree) } else { 0.0 };
        }
        for ((success, degree), p) in odds
            .listing(0.005)
            .into_iter()
            .map(|(r, p)| ((r.success, r.degree), p))
        {
            let freq = f64::from(*counts.get(&(success, degree)).unwrap_or(&0)) / f64::from(n);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt();
            assert!(
                (freq - p).abs() < 4.5 * sigma,
                "{c} ({success}, {degree}): {freq} vs {p}"
            );
        }
        let mean = degree_sum / f64::from(n);
        assert!(
            (mean - odds.mean_degree()).abs() < 0.03,
            "{c}: {mean} vs {}",
            odds.mean_degree()
        );
    }
}

#[test]
fn rolling_reads_the_dice_as_the_text_says() {
    // 2/6 with one penalty die: 1 and 5 → one miss with a penalty die: failure, degree 1.
    let r = roll_check(check("2/6", 0, 1), &mut ScriptedRolls::dice([1, 5]));
    assert_eq!(
        (r.result.success, r.result.degree, r.explosions),
        (false, 1, 0)
    );
    // 2/6 with two bonus dice: 6, 6, 5 → all misses: failure of degree 3, then 1, 2: +1.
    let r = roll_check(
        check("2/6", 2, 0),
        &mut ScriptedRolls::dice([6, 6, 5, 1, 2]),
    );
    assert_eq!(
        (r.result.success, r.result.degree, r.explosions),
        (false, 4, 1)
    );
}

#[test]
fn the_attack_roll_moves_from_3_6() {
    let ladder = Ladder::standard();
    let roll = |f: AttackFactors| attack_check(&ladder, &f, &mut NoTrace).unwrap().to_string();
    assert_eq!(roll(AttackFactors::default()), "3/6");
    assert_eq!(
        roll(AttackFactors {
            form: FormEdge::Attacker,
            ..Default::default()
        }),
        "4/6"
    );
    assert_eq!(
        roll(AttackFactors {
            form: FormEdge::Defender,
            ..Default::default()
        }),
        "2/6"
    );
    assert_eq!(
        roll(AttackFactors {
            hard_to_hit: true,
            ..Default::default()
        }),
        "2/6"
    );
    assert_eq!(
        roll(AttackFactors {
            dodge: Dodge::CannotDodge,
            ..Default::default()
        }),
        "4/6"
    );
    assert_eq!(
        roll(AttackFactors {
            dodge: Dodge::DodgesWell,
            ..Default::default()
        }),
        "2/6"
    );
    assert_eq!(
        roll(AttackFactors {
            armor: ArmorMatch::Penetrates,
            ..Default::default()
        }),
        "4/6"
    );
    assert_eq!(
        roll(AttackFactors {
            armor: ArmorMatch::Resists,
            ..Default::default()
        }),
        "2/6"
    );
    assert_eq!(
        roll(AttackFactors {
            magic_armor: 5,
            ..Default::default()
        }),
        "1/12",
        "a +5 shield: five rungs down"
    );
    assert_eq!(
        roll(AttackFactors {
            bonus: 3,
            form: FormEdge::Attacker,
            dodge: Dodge::CannotDodge,
            armor: ArmorMatch::Penetrates,
            ..Default::default()
        }),
        "7/8+3b"
    );
    let mut trace = Trace::default();
    attack_check(
        &ladder,
        &AttackFactors {
            magic_armor: 9,
            ..Default::default()
        },
        &mut trace,
    )
    .unwrap();
    assert!(
        trace
            .steps
            .iter()
            .any(|s| s.text.contains("stopped at the end of the ladder"))
    );
}

/// The listing holds exactly the (success, degree) pairs whose probability reaches `eps`,
/// far down the explosion tails included: a single die's all-hits and all-misses explode
/// from degree 1.
#[test]
fn the_listing_holds_every_outcome_that_reaches_eps() {
    for (c, eps) in [
        (check("3/6", 0, 0), 1e-6),
        (check("1/6", 0, 0), 1e-9),
        (check("5/6", 1, 0), 1e-4),
        (check("2/6", 0, 2), 1e-12),
        // Far past 6^-60: the tails are listed as far as they reach 1e-300.
        (check("3/6", 0, 0), 1e-300),
        (check("4/6", 2, 0), 1e-250),
    ] {
        let odds = CheckOdds::new(c);
        let listed: Vec<(bool, u32)> = odds
            .listing(eps)
            .iter()
            .map(|(r, _)| (r.success, r.degree))
            .collect();
        let mut wanted = Vec::new();
        for success in [true, false] {
            for degree in 0..500 {
                if odds.p(success, degree) >= eps {
                    wanted.push((success, degree));
                }
            }
        }
        assert_eq!(listed, wanted, "{c} at {eps}");
    }
}

/// The trace says the ladder's end stopped the roll only when it did: six rungs down
/// from 3/6 is 1/20, the last rung; seven is past it.
#[test]
fn the_ladders_end_is_named_only_when_reached() {
    let ladder = Ladder::standard();
    let stopped = |f: AttackFactors| {
        let mut trace = Trace::default();
        let check = attack_check(&ladder, &f, &mut trace).unwrap();
        let said = trace
            .steps
            .iter()
            .any(|s| s.text.contains("stopped at the end of the ladder"));
        (check.rung.to_string(), said)
    };
    let easier = AttackFactors {
        form: FormEdge::Attacker,
        dodge: Dodge::CannotDodge,
        armor: ArmorMatch::Penetrates,
        ..Default::default()
    };
    assert_eq!(stopped(easier), ("7/8".to_string(), false));
    for (magic_armor, rung, said) in [(6, "1/20", false), (7, "1/20", true), (1, "2/6", false)] {
        let f = AttackFactors {
            magic_armor,
            ..Default::default()
        };
        assert_eq!(stopped(f), (rung.to_string(), said), "+{magic_armor}");
    }
}

/// An explosion chain stops at the sampler's cap of 1,000 however many 1s are rolled.
#[test]
fn a_rolled_explosion_chain_stops_at_its_cap() {
    // One die hits (all hits: it explodes), then 1,500 ones on the d6.
    let script = std::iter::once(1).chain(std::iter::repeat_n(1, 1_500));
    let r = roll_check(check("3/6", 0, 0), &mut ScriptedRolls::dice(script));
    assert_eq!(r.explosions, 1_000);
    assert_eq!(r.result.degree, 1_001);
    // Below the cap, the chain ends at the first roll that is not a 1.
    let script = [1, 1, 1, 4];
    let r = roll_check(check("3/6", 0, 0), &mut ScriptedRolls::dice(script));
    assert_eq!((r.explosions, r.result.degree), (2, 3));
}
