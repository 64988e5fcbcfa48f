//! Issue 12: no crash, no unbounded work, no silent wrong answer, and tests that notice
//! a wrong rule.

use std::time::{Duration, Instant};

use fray::dice::{DiceError, DiceExpr, MAX_EXACT_WORK};
use fray::dist::Distribution;
use fray::pool::battle::Side;
use fray::pool::exact::TRIM;
use fray::pool::{
    Army, Check, CheckOdds, Combatant, Ladder, MassBattle, MassState, PoolError, SideHits, compare,
    parse_mass_battle, parse_side, play_mass_battle,
};
use fray::rng::SeededRolls;
use fray::trace::NoTrace;

fn check(r: &str, bonus: u32, penalty: u32) -> Check {
    Check::new(r.parse().unwrap(), bonus, penalty).unwrap()
}

#[test]
fn a_multibyte_character_in_a_side_is_refused_not_a_panic() {
    let ladder = Ladder::standard();
    // The input, verbatim: `fray sides --a "3/6+é" --b 3/6`.
    let e = parse_side("3/6+é", &ladder).unwrap_err().to_string();
    assert!(e.contains("+Nb"), "{e}");
    for bad in [
        "3/6+éb",
        "3/6+2é",
        "é",
        "éx3/6",
        "3/6+1b+日本",
        "3/é",
        "3é/6",
    ] {
        assert!(parse_side(bad, &ladder).is_err(), "{bad}");
    }
    assert!("é:8".parse::<Ladder>().is_err());
    assert!("6:8,é".parse::<Ladder>().is_err());
}

#[test]
fn huge_ladders_are_refused_at_once_and_errors_stay_short() {
    let start = Instant::now();
    // The inputs: `--ladder 4000000000` and `--ladder 1000000`.
    for text in [
        "4000000000",
        "1000000",
        "1001",
        "1",
        "0",
        "-1",
        "4294967295",
    ] {
        let e = text.parse::<Ladder>().unwrap_err().to_string();
        assert!(e.contains("2 to 1000"), "{text}: {e}");
        assert!(e.len() < 300, "{text}: {e}");
    }
    assert!(start.elapsed() < Duration::from_secs(1));
    let many: Vec<String> = (7..100).map(|d| d.to_string()).collect();
    let e = format!("6:{}", many.join(","))
        .parse::<Ladder>()
        .unwrap_err()
        .to_string();
    assert!(e.contains("at most 64"), "{e}");
    assert!(Ladder::new(6, &[8, 2_000_000]).is_err());
    // The largest base is accepted, and an error about it lists only its ends.
    let big: Ladder = "1000".parse().unwrap();
    assert_eq!(big.rungs().len(), 999);
    let e = big.parse("3/6").unwrap_err().to_string();
    assert!(e.len() < 200, "{e}");
    assert!(e.contains("1/1000") && e.contains("999/1000") && e.contains("999 rungs"));
    // A short ladder is still written out in full.
    let e = Ladder::standard().parse("3/8").unwrap_err().to_string();
    assert!(e.contains("1/20 1/12 1/10 1/8 1/6 2/6 3/6 4/6 5/6 7/8 9/10 11/12 19/20"));
    // A huge step cannot overflow.
    let r = "3/6".parse().unwrap();
    assert_eq!(
        Ladder::standard().step(r, i64::MAX).unwrap().to_string(),
        "19/20"
    );
    assert_eq!(
        Ladder::standard().step(r, i64::MIN).unwrap().to_string(),
        "1/20"
    );
}

#[test]
fn a_near_certain_check_with_many_bonus_dice_is_near_certain() {
    // The input: `fray check 9999/10000 --ladder 6:10000 --bonus 100`.
    let ladder: Ladder = "6:10000".parse().unwrap();
    let c = Check::new(ladder.parse("9999/10000").unwrap(), 100, 0).unwrap();
    let odds = CheckOdds::new(c);
    assert!(
        (odds.p_success() - 1.0).abs() < 1e-12,
        "{}",
        odds.p_success()
    );
    // All 101 dice hit with probability 0.9999^101.
    let all = 0.9999f64.powi(101);
    assert!((odds.p(true, 101) - all * 5.0 / 6.0).abs() < 1e-12);
    assert!((odds.p(true, 100) - 101.0 * 0.9999f64.powi(100) * 1e-4).abs() < 1e-12);
    let listed: f64 = odds.listing(1e-300).iter().map(|r| r.1).sum();
    assert!((listed - 1.0).abs() < 1e-12, "{listed}");
    // A failure is all 101 misses: below any f64, and said so; its conditional mean is
    // still exact (101 misses plus the explosion's 1/5).
    assert!(odds.underflows());
    assert!((odds.mean_degree_given(false) - 101.2).abs() < 1e-12);
    assert!(!CheckOdds::new(check("3/6", 3, 0)).underflows());
    // The same check as a side: a distribution with all its mass, a sane spread.
    let side = SideHits::new(&[(1, c)]);
    assert!(side.precision_warning().is_none());
    assert!((side.distribution.total() - 1.0).abs() < 1e-12);
    let sd = side.distribution.variance().sqrt();
    assert!(sd > 0.1 && sd.is_sign_positive(), "{sd}");
    let b = SideHits::new(&[(1, check("3/6", 0, 0))]);
    let cmp = compare(&side.distribution, &b.distribution);
    assert!(cmp.p_a_more > 0.99 && cmp.p_a_more < 1.0, "{cmp:?}");
    // With penalty dice the success is all hits, near 0.9999^101 = 0.99.
    let p = CheckOdds::new(Check::new(ladder.parse("9999/10000").unwrap(), 0, 100).unwrap());
    assert!((p.p_success() - all).abs() < 1e-12);
    // Huge degrees do not wrap: the tail is 0, not infinite.
    assert_eq!(odds.p(true, u32::MAX), 0.0);
    assert_eq!(odds.p(false, 3_000_000_000), 0.0);
}

/// The mirror of the check: 1/10000 with 100 bonus dice. All 101 hits is about
/// 1e-404 and the most likely count is 0; the odds still hold all their mass.
#[test]
fn a_near_hopeless_check_with_many_bonus_dice_keeps_its_mass() {
    let ladder: Ladder = "6:10000".parse().unwrap();
    let odds = CheckOdds::new(Check::new(ladder.parse("1/10000").unwrap(), 100, 0).unwrap());
    let total: f64 = odds.outcomes.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-12, "{total}");
    let none = 0.9999f64.powi(101);
    assert!((1.0 - odds.p_success() - none).abs() < 1e-12);
    assert!((odds.p(true, 1) - 101.0 * 1e-4 * 0.9999f64.powi(100)).abs() < 1e-12);
    assert!(odds.underflows());
    // Every count of hits is an outcome of its own, and together they hold all the
    // mass, with and without penalty dice.
    for c in [
        check("3/6", 0, 0),
        check("2/6", 4, 0),
        check("5/6", 0, 3),
        check("1/20", 2, 2),
        check("19/20", 7, 0),
    ] {
        let odds = CheckOdds::new(c);
        assert_eq!(odds.outcomes.len() as u32, odds.dice + 1, "{c}");
        let total: f64 = odds.outcomes.iter().map(|o| o.p).sum();
        assert!((total - 1.0).abs() < 1e-12, "{c}: {total}");
    }
}

/// Mass that was trimmed and counted in the error bound is not lost: only what neither
/// the distribution nor the bound holds is.
#[test]
fn trimmed_mass_counted_in_the_bound_is_not_a_precision_loss() {
    let trimmed = SideHits {
        distribution: Distribution::from_masses([(0, 0.25), (1, 0.74)]),
        error_bound: 0.01,
    };
    assert!(trimmed.precision_warning().is_none());
    let lost = SideHits {
        error_bound: 0.0,
        ..trimmed
    };
    assert!(lost.precision_warning().is_some());
}

#[test]
fn a_lost_mass_is_flagged_not_printed_as_an_answer() {
    let broken = SideHits {
        distribution: Distribution::from_masses([(0, 0.0)]),
        error_bound: 0.0,
    };
    assert!(broken.precision_warning().is_some());
    assert!(
        SideHits::new(&[(10, check("3/6", 1, 0))])
            .precision_warning()
            .is_none()
    );
    // An empty sum is +0, so a spread never prints as -0.000.
    let empty = Distribution::from_masses([(3, 0.0)]);
    assert!(empty.mean().is_sign_positive() && empty.variance().is_sign_positive());
}

/// Each probability of a comparison, by a plain double sum over both supports.
fn brute_compare(a: &Distribution, b: &Distribution) -> (f64, f64, f64) {
    let (mut more, mut tie, mut less) = (0.0, 0.0, 0.0);
    for x in a.iter() {
        for y in b.iter() {
            let p = x.p * y.p;
            match x.value.cmp(&y.value) {
                std::cmp::Ordering::Greater => more += p,
                std::cmp::Ordering::Equal => tie += p,
                std::cmp::Ordering::Less => less += p,
            }
        }
    }
    (more, tie, less)
}

#[test]
fn small_comparison_probabilities_keep_their_relative_precision() {
    // B far weaker than A: P(B deals more) is tiny; as a complement it was 0 or noise.
    let a = SideHits::new(&[(8, check("5/6", 3, 0))]).distribution;
    let b = SideHits::new(&[(8, check("1/8", 0, 0))]).distribution;
    let c = compare(&a, &b);
    let (more, tie, less) = brute_compare(&a, &b);
    assert!(less > 1e-14 && less < 1e-12, "{less}");
    assert!(
        (c.p_b_more - less).abs() <= 1e-12 * less,
        "{} vs {less}",
        c.p_b_more
    );
    assert!((c.p_tie - tie).abs() <= 1e-12 * tie, "{} vs {tie}", c.p_tie);
    assert!((c.p_a_more - more).abs() <= 1e-14);
    // Swapped, the roles swap exactly.
    let s = compare(&b, &a);
    assert!((s.p_a_more - c.p_b_more).abs() <= 1e-12 * less);
    assert!((s.p_tie - c.p_tie).abs() <= 1e-12 * tie);
}

#[test]
fn the_mean_degree_given_success_and_given_failure() {
    // 3/6 with one bonus die: two dice. Both hit (1/4): success 2, explodes (+1/5);
    // one hits (1/2): success 1; none (1/4): failure 2, explodes.
    let odds = CheckOdds::new(check("3/6", 1, 0));
    assert!((odds.mean_degree_given(true) - (0.25 * 2.2 + 0.5) / 0.75).abs() < 1e-15);
    assert!((odds.mean_degree_given(false) - 2.2).abs() < 1e-15);
    assert!((odds.mean_degree() - (0.25 * 2.2 + 0.5)).abs() < 1e-15);
    // With a penalty die any miss fails: success only on two hits.
    let odds = CheckOdds::new(check("3/6", 0, 1));
    assert!((odds.mean_degree_given(true) - 2.2).abs() < 1e-15);
    assert!((odds.mean_degree_given(false) - (0.5 + 0.25 * 2.2) / 0.75).abs() < 1e-15);
    // 2/6 with two penalty dice: three dice, p = 1/3 a die.
    let (p, q) = (1.0 / 3.0, 2.0 / 3.0);
    let odds = CheckOdds::new(check("2/6", 0, 2));
    let fail = [3.0 * p * p * q, 3.0 * p * q * q, q * q * q];
    let fail_mean = (fail[0] * 1.0 + fail[1] * 2.0 + fail[2] * 3.2) / fail.iter().sum::<f64>();
    assert!((odds.mean_degree_given(false) - fail_mean).abs() < 1e-14);
    assert!((odds.mean_degree_given(true) - 3.2).abs() < 1e-14);
    // Against the brute force of the listing.
    for c in [check("1/8", 2, 0), check("5/6", 0, 3), check("7/8", 4, 1)] {
        let odds = CheckOdds::new(c);
        for success in [true, false] {
            let rows: Vec<_> = odds
                .listing(1e-300)
                .into_iter()
                .filter(|r| r.0.success == success)
                .collect();
            let mass: f64 = rows.iter().map(|r| r.1).sum();
            let mean = rows
                .iter()
                .map(|r| f64::from(r.0.degree) * r.1)
                .sum::<f64>()
                / mass;
            assert!(
                (odds.mean_degree_given(success) - mean).abs() < 1e-12,
                "{c} {success}"
            );
        }
    }
}

#[test]
fn the_error_bound_of_side_odds_holds_and_is_tight() {
    for groups in [
        vec![(2_000, check("3/6", 3, 0))],
        vec![(300, check("1/8", 0, 0)), (700, check("5/6", 2, 1))],
        vec![(1, check("3/6", 0, 0))],
    ] {
        let side = SideHits::new(&groups);
        // Against the untrimmed distribution, summed value by value: the bound holds,
        // and is tight (within a factor of a few, where the old bound was 100 times
        // too small for 2,000 checks, and a wrong count would be far off).
        let mut direct = Distribution::point(0);
        for &(count, c) in &groups {
            let (one, _) = CheckOdds::new(c).contribution(1e-300);
            // Trimmed only below 1e-300: nothing the bound speaks of.
            let (all, dropped) = one.power(count, 1e-300);
            assert!(dropped < 1e-280);
            direct = direct.convolve(&all);
        }
        let diff: f64 = (direct.min()..=direct.max())
            .map(|v| (direct.p(v) - side.distribution.p(v)).abs())
            .sum();
        let missing = (1.0 - side.distribution.total()).abs();
        assert!(
            side.error_bound >= diff * (1.0 - 1e-9) && side.error_bound >= missing,
            "{groups:?}: bound {:e}, diff {diff:e}, missing {missing:e}",
            side.error_bound
        );
        assert!(
            side.error_bound <= 100.0 * diff.max(1e-16),
            "{groups:?}: bound {:e}, diff {diff:e}",
            side.error_bound
        );
    }
    // A check's own trimmed tail, by its closed form: each listed step leaves 1/6 of
    // the explosion's mass behind.
    let odds = CheckOdds::new(check("3/6", 0, 0));
    for eps in [1e-2, 1e-3, 1e-6, TRIM] {
        let (d, dropped) = odds.contribution(eps);
        let listed = d.max();
        let tail = 0.5 * (1.0f64 / 6.0).powi(listed as i32);
        // Up to the rounding of the listed values, which the bound also counts.
        assert!(
            (dropped - tail).abs() <= 1e-12 * tail + 4.0 * f64::EPSILON,
            "{eps}: {dropped:e} vs {tail:e}"
        );
        assert!(dropped >= tail);
    }
}

#[test]
fn exact_dice_work_is_bounded_and_says_what_to_do() {
    // The input: `fray damage 1000d10000 fire`.
    let start = Instant::now();
    let e: DiceExpr = "1000d10000".parse().unwrap();
    assert!(e.exact_work() > MAX_EXACT_WORK);
    let err = e.try_distribution().unwrap_err();
    assert!(matches!(err, DiceError::TooMuchWork { .. }));
    assert!(err.to_string().contains("`roll`"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(1));
    // Within the bound it is exact and quick: 300d100 against its normal mean.
    let e: DiceExpr = "300d100+7".parse().unwrap();
    assert!(e.exact_work() <= MAX_EXACT_WORK);
    let d = e.try_distribution().unwrap();
    assert!((d.total() - 1.0).abs() < 1e-12);
    assert!((d.mean() - (300.0 * 50.5 + 7.0)).abs() < 1e-6);
    assert!((d.variance() - 300.0 * (100.0 * 100.0 - 1.0) / 12.0).abs() < 1e-3);
    // The extreme tails keep their relative precision: P(all ones) = 100^-300 is
    // below an f64, but 30d100 all ones is 1e-60.
    let d = "30d100".parse::<DiceExpr>().unwrap().distribution();
    assert!((d.p(30) - 1e-60).abs() < 1e-72, "{:e}", d.p(30));
    assert!((d.p(3000) - 1e-60).abs() < 1e-72, "{:e}", d.p(3000));
    assert!((d.p(31) - 30e-60).abs() < 30e-72);
}

fn plain_army(name: &str, n: usize) -> Army {
    Army {
        name: name.into(),
        combatants: (0..n)
            .map(|i| Combatant::new(&format!("{name}{i}"), 3))
            .collect(),
        advantage: 0,
        disadvantage: 0,
    }
}

#[test]
fn ten_thousand_against_ten_thousand_keeps_memory_per_profile() {
    let battle = MassBattle {
        a: plain_army("a", 10_000),
        b: plain_army("b", 10_000),
        forms: Vec::new(),
        max_rounds: 2,
        first_hit_die: 6,
        ladder: Ladder::standard(),
        targeting: Default::default(),
    };
    let start = Instant::now();
    let mut state = MassState::new(&battle);
    // One profile a side: one roll to keep a side, where 2 × 10^8 were kept before.
    assert_eq!(state.cache_len(), 2);
    state
        .play_round(&mut SeededRolls::new(5), &mut NoTrace)
        .unwrap();
    assert!(state.hp[0].iter().chain(&state.hp[1]).any(|&h| h < 3));
    assert!(start.elapsed() < Duration::from_secs(20));
    let _ = Side::A;
}

#[test]
fn the_profile_cache_gives_the_rolls_of_each_pair() {
    // Mixed profiles: every attacker against every defender, cached and uncached agree.
    let s = parse_mass_battle(include_str!(
        "../../../../examples/pool/pikes-vs-riders.toml"
    ))
    .unwrap();
    let mut played = play_mass_battle(&s.battle, &mut SeededRolls::new(7), &mut NoTrace).unwrap();
    let fresh = MassState::new(&s.battle);
    assert!(played.cache_len() <= 2 * 4 * 4, "{}", played.cache_len());
    for side in [Side::A, Side::B] {
        let (na, nd) = match side {
            Side::A => (s.battle.a.combatants.len(), s.battle.b.combatants.len()),
            Side::B => (s.battle.b.combatants.len(), s.battle.a.combatants.len()),
        };
        for a in 0..na {
            for d in 0..nd {
                assert_eq!(
                    played.attack_roll(side, a, d).unwrap(),
                    fresh.attack_roll(side, a, d).unwrap()
                );
            }
        }
    }
    // A replay from the cached state is the same battle as a fresh one.
    let mut rolls = SeededRolls::new(9);
    fray::pool::replay_mass_battle(&mut played, &mut rolls, &mut NoTrace).unwrap();
    let again = play_mass_battle(&s.battle, &mut SeededRolls::new(9), &mut NoTrace).unwrap();
    assert_eq!((played.hp, played.round), (again.hp, again.round));
}

#[test]
fn too_many_bonus_dice_in_a_battle_are_refused_at_load() {
    let file = "[a]\nname = \"A\"\nadvantage = 50\n[[a.combatants]]\nname = \"x\"\nhp = 1\nbonus = 50\n[b]\nname = \"B\"\ndisadvantage = 1\n[[b.combatants]]\nname = \"y\"\nhp = 1\n";
    let e = parse_mass_battle(file).unwrap_err();
    let at = e.location.as_ref().expect("located");
    assert_eq!((at.line, at.column), (7, 9), "{e}");
    assert!(e.message.contains("101 bonus dice"), "{e}");
    assert!(e.message.contains("at most 100"), "{e}");
    // 50 + 50 is the most, and it plays.
    let ok = file.replace("disadvantage = 1", "disadvantage = 0");
    let s = parse_mass_battle(&ok).unwrap();
    play_mass_battle(&s.battle, &mut SeededRolls::new(1), &mut NoTrace).unwrap();
}

#[test]
fn side_work_is_bounded_before_computing() {
    let start = Instant::now();
    let huge = parse_side("10000000x3/6+100b", &Ladder::standard()).unwrap();
    assert!(matches!(
        SideHits::try_new(&huge),
        Err(PoolError::TooMuchWork(_))
    ));
    // Many different checks: refused as quickly.
    let many: Vec<(u64, Check)> = (0..=100)
        .flat_map(|b| [(99_000, check("3/6", b, 0)), (99_000, check("4/6", b, 0))])
        .collect();
    assert!(SideHits::try_new(&many).is_err());
    assert!(start.elapsed() < Duration::from_secs(2));
    assert!(SideHits::try_new(&[(10_000, check("3/6", 3, 0))]).is_ok());
}

/// A battle file with one number replaced.
fn battle_with(key: &str, value: &str) -> String {
    let mut lines = vec![
        "seed = 7".to_string(),
        "max_rounds = 5".to_string(),
        "first_hit_die = 6".to_string(),
        "ladder = \"6:8,10,12,20\"".to_string(),
        "[a]".to_string(),
        "name = \"A\"".to_string(),
        "advantage = 1".to_string(),
        "disadvantage = 0".to_string(),
        "[[a.combatants]]".to_string(),
        "name = \"x\"".to_string(),
        "hp = 6".to_string(),
        "count = 3".to_string(),
        "bonus = 1".to_string(),
        "magic_armor = 0".to_string(),
        "[b]".to_string(),
        "name = \"B\"".to_string(),
        "[[b.combatants]]".to_string(),
        "name = \"y\"".to_string(),
        "hp = 5".to_string(),
    ];
    let line = lines
        .iter()
        .position(|l| l.starts_with(&format!("{key} =")))
        .unwrap();
    lines[line] = format!("{key} = {value}");
    lines.join("\n")
}

#[test]
fn every_number_of_a_battle_file_at_its_edges() {
    // (key, line, lowest and highest accepted)
    let fields: [(&str, usize, i64, i64); 9] = [
        ("seed", 1, 0, i64::MAX),
        ("max_rounds", 2, 1, 10_000),
        ("first_hit_die", 3, 1, 1_000),
        ("advantage", 7, 0, 50),
        ("disadvantage", 8, 0, 50),
        ("hp", 11, 1, 1_000_000),
        ("count", 12, 1, 10_000),
        ("bonus", 13, 0, 50),
        ("magic_armor", 14, 0, 20),
    ];
    for (key, line, lo, hi) in fields {
        for value in [0, -1, i64::MIN, i64::MAX, 1 << 40, lo, hi] {
            let start = Instant::now();
            let text = battle_with(key, &value.to_string());
            let result = parse_mass_battle(&text);
            let accepted = (lo..=hi).contains(&value);
            match result {
                Ok(s) if accepted => {
                    // Sane: it plays, quickly.
                    let mut battle = s.battle;
                    battle.max_rounds = battle.max_rounds.min(5);
                    play_mass_battle(&battle, &mut SeededRolls::new(1), &mut NoTrace).unwrap();
                }
                Err(e) if !accepted => {
                    let at = e
                        .location
                        .as_ref()
                        .unwrap_or_else(|| panic!("{key} {value}: {e}"));
                    assert_eq!(at.line, line, "{key} = {value}: {e}");
                    assert_eq!(at.column, key.len() + 4, "{key} = {value}: {e}");
                    assert!(
                        e.message.contains(&format!("from {lo} to {hi}")),
                        "{key} = {value}: {e}"
                    );
                }
                other => panic!("{key} = {value}: {other:?}"),
            }
            assert!(start.elapsed() < Duration::from_secs(1), "{key} = {value}");
        }
    }
    // The ladder, at the same edges.
    for value in [
        "0",
        "-1",
        "4294967295",
        "4000000000",
        "1000000",
        "99999999999999999999",
    ] {
        let start = Instant::now();
        let e = parse_mass_battle(&battle_with("ladder", &format!("\"{value}\""))).unwrap_err();
        let at = e.location.as_ref().expect("located");
        assert_eq!((at.line, at.column), (4, 10), "{value}: {e}");
        assert!(e.message.len() < 300, "{value}: {e}");
        assert!(start.elapsed() < Duration::from_secs(1));
    }
    // A d1000 base is accepted as a ladder but has no 3/6, so a battle refuses it.
    let e = parse_mass_battle(&battle_with("ladder", "\"1000\"")).unwrap_err();
    assert!(e.message.contains("base die must be 6"), "{e}");
    let s = parse_mass_battle(&battle_with("ladder", "\"6:1000000\"")).unwrap();
    assert_eq!(s.battle.ladder.rungs().len(), 7);
    // The largest army and the longest battle together are refused with the bound.
    let e = parse_mass_battle(
        &battle_with("count", "10000").replace("max_rounds = 5", "max_rounds = 10000"),
    )
    .unwrap_err();
    assert!(e.message.contains("at most 50000000"), "{e}");
}

#[test]
fn every_number_of_a_side_spec_at_its_edges() {
    let ladder = Ladder::standard();
    for count in [
        "0",
        "-1",
        "18446744073709551615",
        "18446744073709551616",
        "10000001",
    ] {
        let e = parse_side(&format!("{count}x3/6"), &ladder)
            .unwrap_err()
            .to_string();
        assert!(e.len() < 200, "{e}");
    }
    assert!(parse_side("10000000x3/6", &ladder).is_ok());
    for dice in ["101b", "4294967295b", "4294967296b", "-1b", "101p"] {
        let e = parse_side(&format!("3/6+{dice}"), &ladder)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("at most 100") || e.contains("from 0 to 100"),
            "{dice}: {e}"
        );
    }
    assert_eq!(parse_side("3/6+100b+100p", &ladder).unwrap()[0].1.dice(), 1);
    for rung in [
        "0/6",
        "-1/6",
        "4294967295/4294967296",
        "1/4294967295",
        "6/6",
    ] {
        assert!(parse_side(rung, &ladder).is_err(), "{rung}");
    }
    let long = "3".repeat(100_000);
    let e = parse_side(&long, &ladder).unwrap_err().to_string();
    assert!(e.len() < 300, "{}", e.len());
}

#[test]
fn a_probability_of_zero_is_never_negative_zero() {
    let odds = CheckOdds::new(check("3/6", 1, 0));
    for success in [false, true] {
        for degree in 0..6 {
            let p = odds.p(success, degree);
            assert!(p.is_sign_positive(), "p({success}, {degree}) = {p}");
        }
    }
}

#[test]
fn the_longest_explosion_an_f64_can_hold_still_counts() {
    // One die: success at degree 1, then an explosion chain. 400 explosions more is
    // about 1e-311, a subnormal f64 but not 0; far beyond, 0, with no overflow in the
    // exponent.
    let odds = CheckOdds::new(check("3/6", 0, 0));
    assert!(odds.p(true, 401) > 0.0, "{}", odds.p(true, 401));
    assert_eq!(odds.p(true, 4_000_000_000), 0.0);
}

#[test]
fn a_checks_contribution_agrees_with_its_exact_odds() {
    let odds = CheckOdds::new(check("3/6", 1, 0));
    let (d, error) = odds.contribution(1e-12);
    assert!(error < 1e-9, "{error}");
    for degree in 1..8 {
        let exact = odds.p(true, degree);
        assert!(
            (d.p(i64::from(degree)) - exact).abs() < 1e-15,
            "degree {degree}"
        );
    }
    assert!((d.p(0) - (1.0 - odds.p_success())).abs() < 1e-15);
}

/// A check's contribution reports as its error exactly the mass it does not hold: the
/// explosion tail past the listing and the values trimmed below `eps`, both counted.
#[test]
fn a_checks_contribution_error_is_the_mass_it_leaves_out() {
    // 3/6 on one die at eps 0.08: success at degree 1 (5/12) is kept, degree 2 (5/72)
    // is trimmed, and the tail past it (1/72) is never listed: 1/12 left out.
    let (d, error) = CheckOdds::new(check("3/6", 0, 0)).contribution(0.08);
    assert_eq!(d.max(), 1);
    assert!((error - 1.0 / 12.0).abs() < 1e-15, "{error}");
    for (c, eps) in [
        (check("3/6", 0, 0), 0.08),
        (check("3/6", 2, 0), 0.01),
        (check("1/8", 3, 0), 1e-3),
        (check("5/6", 0, 2), 1e-6),
        (check("2/6", 4, 1), TRIM),
    ] {
        let (d, error) = CheckOdds::new(c).contribution(eps);
        let missing = 1.0 - d.total();
        assert!(
            (error - missing).abs() <= 1e-15 + 1e-12 * missing,
            "{c} at {eps}: {error:e} vs {missing:e}"
        );
    }
}

/// The work estimate that bounds `fray sides` follows the supports it multiplies: one
/// check whose contribution spans w values costs 2w² + w; a second group multiplies with
/// the first one's support; and for thousands of combatants the estimate is within a
/// small factor of the cost of the support the side's distribution truly has.
#[test]
fn the_work_estimate_follows_the_supports() {
    let width = |c: Check| {
        let (one, _) = CheckOdds::new(c).contribution(TRIM);
        (one.max() - one.min() + 1) as f64
    };
    let ladder: Ladder = "6:10000".parse().unwrap();
    // Its failure (all 101 dice miss, 1e-404) is trimmed: the values start above 0.
    let sure = Check::new(ladder.parse("9999/10000").unwrap(), 100, 0).unwrap();
    let (one, _) = CheckOdds::new(sure).contribution(TRIM);
    assert!(one.min() > 0);
    for c in [
        check("3/6", 0, 0),
        check("1/8", 3, 0),
        check("5/6", 2, 1),
        sure,
    ] {
        let w = width(c);
        assert_eq!(SideHits::work(&[(1, c)]), 2.0 * w * w + w, "{c}");
    }
    let (a, b) = (check("3/6", 0, 0), check("1/8", 3, 0));
    let (wa, wb) = (width(a), width(b));
    assert_eq!(
        SideHits::work(&[(1, a), (1, b)]),
        2.0 * wa * wa + wa + 2.0 * wb * wb + (1.0 + wa) * wb
    );
    for (n, c) in [(20_000, check("3/6", 3, 0)), (5_000, check("1/8", 0, 0))] {
        let side = SideHits::new(&[(n, c)]);
        let s = (side.distribution.max() - side.distribution.min() + 1) as f64;
        let ratio = SideHits::work(&[(n, c)]) / (2.0 * s * s + s);
        assert!((1.0..1.5).contains(&ratio), "{n}x{c}: {ratio}");
    }
}

/// A ladder's larger dice are counted before any list is built: 64 are a ladder, 65 are
/// refused by the count, quoting the spec cut short; a short bad spec is quoted whole.
#[test]
fn a_ladders_dice_are_counted_before_any_list_is_built() {
    let dice = |n: u32| {
        (7..7 + n)
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    assert!(format!("6:{}", dice(64)).parse::<Ladder>().is_ok());
    let e = format!("6:{}", dice(65))
        .parse::<Ladder>()
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("`6:7,8,9,") && e.contains("…`"), "{e}");
    assert!(e.ends_with("`: at most 64 larger dice"), "{e}");
    assert!(e.chars().count() < 100, "{e}");
    let e = "6:x".parse::<Ladder>().unwrap_err().to_string();
    assert!(e.starts_with("`6:x`: "), "{e}");
}

/// A battle may ask for up to 50 million attack rolls: its combatants, both sides
/// together, times its rounds.
#[test]
fn a_battle_at_the_work_bound_is_played_and_past_it_refused() {
    let file = |rounds: u32| {
        format!(
            "max_rounds = {rounds}\n[a]\nname = \"A\"\n[[a.combatants]]\nname = \"x\"\ncount = 4000\nhp = 1\n[b]\nname = \"B\"\n[[b.combatants]]\nname = \"y\"\ncount = 6000\nhp = 1\n"
        )
    };
    // 10,000 combatants × 5,000 rounds: exactly the bound.
    assert!(parse_mass_battle(&file(5_000)).is_ok());
    let e = parse_mass_battle(&file(5_001)).unwrap_err().to_string();
    assert!(
        e.contains("50010000 attack rolls (10000 combatants × max_rounds 5001)"),
        "{e}"
    );
}
