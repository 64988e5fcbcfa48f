//! Property tests (issue 12): dice and distributions against brute force, and the
//! pool's odds against the rules' own monotony and symmetry.

use fray::dice::DiceExpr;
use fray::dist::Distribution;
use fray::pool::{Check, CheckOdds, Ladder, SideHits, compare};
use proptest::prelude::*;

/// Every roll of `groups` ((count, sides) pairs), counted by total.
fn brute_dice(groups: &[(u32, u32)], modifier: i64) -> Vec<(i64, f64)> {
    let dice: Vec<u32> = groups
        .iter()
        .flat_map(|&(n, s)| std::iter::repeat_n(s, n as usize))
        .collect();
    let outcomes: u64 = dice.iter().map(|&s| u64::from(s)).product();
    let mut counts = std::collections::BTreeMap::new();
    for code in 0..outcomes {
        let mut rest = code;
        let mut total = modifier;
        for &s in &dice {
            total += (rest % u64::from(s)) as i64 + 1;
            rest /= u64::from(s);
        }
        *counts.entry(total).or_insert(0u64) += 1;
    }
    counts
        .into_iter()
        .map(|(v, c)| (v, c as f64 / outcomes as f64))
        .collect()
}

fn small_distribution() -> impl Strategy<Value = Distribution> {
    (-5i64..5, prop::collection::vec(0.0f64..1.0, 1..8)).prop_filter_map(
        "some mass",
        |(min, weights)| {
            let sum: f64 = weights.iter().sum();
            (sum > 1e-3).then(|| {
                Distribution::from_masses(
                    weights
                        .iter()
                        .enumerate()
                        .map(|(i, w)| (min + i as i64, w / sum)),
                )
            })
        },
    )
}

fn rung_on(ladder: &Ladder) -> impl Strategy<Value = fray::pool::Rung> + use<> {
    let rungs = ladder.rungs().to_vec();
    (0..rungs.len()).prop_map(move |i| rungs[i])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn dice_distributions_sum_to_one_and_match_brute_force(
        groups in prop::collection::vec((1u32..3, 1u32..7), 1..3),
        modifier in -5i64..5,
    ) {
        let text: Vec<String> = groups.iter().map(|(n, s)| format!("{n}d{s}")).collect();
        let text = format!("{}{modifier:+}", text.join("+"));
        let e: DiceExpr = text.parse().unwrap();
        let d = e.distribution();
        prop_assert!((d.total() - 1.0).abs() < 1e-12);
        prop_assert_eq!((d.min(), d.max()), (e.min(), e.max()));
        for (v, p) in brute_dice(&groups, modifier) {
            prop_assert!((d.p(v) - p).abs() < 1e-14, "{} at {}: {} vs {}", text, v, d.p(v), p);
        }
        prop_assert!(e.exact_work() > 0);
    }

    #[test]
    fn convolution_and_powers_keep_mass_and_add_means(
        a in small_distribution(),
        b in small_distribution(),
        n in 1u64..12,
    ) {
        let c = a.convolve(&b);
        prop_assert!((c.total() - 1.0).abs() < 1e-12);
        prop_assert!((c.mean() - a.mean() - b.mean()).abs() < 1e-9);
        prop_assert!((c.variance() - a.variance() - b.variance()).abs() < 1e-9);
        let (fast, dropped, rounding) = a.power_bounded(n, 0.0);
        prop_assert_eq!(dropped, 0.0);
        let mut slow = Distribution::point(0);
        for _ in 0..n {
            slow = slow.convolve(&a);
        }
        let diff: f64 = (slow.min()..=slow.max()).map(|v| (slow.p(v) - fast.p(v)).abs()).sum();
        prop_assert!(diff <= rounding + 1e-15, "{} > {}", diff, rounding);
        // A uniform die added by window sums is the convolution with the die.
        let lo = b.min();
        let hi = lo + 4;
        let windowed = a.add_uniform(lo, hi);
        let direct = a.convolve(&Distribution::uniform(lo, hi));
        prop_assert_eq!((windowed.min(), windowed.max()), (direct.min(), direct.max()));
        for v in direct.min()..=direct.max() {
            prop_assert!((windowed.p(v) - direct.p(v)).abs() < 1e-15);
        }
    }

    #[test]
    fn trimming_reports_exactly_what_it_drops(a in small_distribution(), eps in 0.0f64..0.3) {
        let mut t = a.clone();
        let dropped = t.trim(eps);
        prop_assert!((t.total() + dropped - a.total()).abs() < 1e-15);
        for v in t.min()..=t.max() {
            prop_assert_eq!(t.p(v), a.p(v));
        }
    }

    #[test]
    fn more_bonus_dice_never_lower_the_chance_and_penalty_dice_never_raise_it(
        i in 0usize..13,
        bonus in 0u32..12,
        penalty in 0u32..12,
    ) {
        let rung = Ladder::standard().rungs()[i];
        let p = |b, q| CheckOdds::new(Check::new(rung, b, q).unwrap()).p_success();
        let here = p(bonus, penalty);
        prop_assert!(p(bonus + 1, penalty) >= here - 1e-15);
        prop_assert!(p(bonus, penalty + 1) <= here + 1e-15);
        prop_assert!((0.0..=1.0 + 1e-15).contains(&here));
        let odds = CheckOdds::new(Check::new(rung, bonus, penalty).unwrap());
        let listed: f64 = odds.listing(1e-300).iter().map(|r| r.1).sum();
        prop_assert!((listed - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_ladder_is_monotone_on_any_dice(
        base in 2u32..30,
        larger in prop::collection::btree_set(2u32..200, 0..6),
        bonus in 0u32..5,
        penalty in 0u32..5,
    ) {
        let larger: Vec<u32> = larger.into_iter().filter(|d| *d > base).collect();
        let ladder = Ladder::new(base, &larger).unwrap();
        let rungs = ladder.rungs();
        prop_assert_eq!(rungs.len(), base as usize - 1 + 2 * larger.len());
        for w in rungs.windows(2) {
            prop_assert!(w[0].p_hit() < w[1].p_hit(), "{} then {}", w[0], w[1]);
            let p = |r| CheckOdds::new(Check::new(r, bonus, penalty).unwrap()).p_success();
            prop_assert!(p(w[0]) <= p(w[1]) + 1e-15);
            prop_assert_eq!(ladder.step(w[0], 1).unwrap(), w[1]);
            prop_assert_eq!(ladder.step(w[1], -1).unwrap(), w[0]);
        }
    }

    #[test]
    fn side_odds_sum_to_one_and_swap_symmetrically(
        a in prop::collection::vec((1u64..30, 0usize..13, 0u32..4, 0u32..3), 1..3),
        b in prop::collection::vec((1u64..30, 0usize..13, 0u32..4, 0u32..3), 1..3),
    ) {
        let ladder = Ladder::standard();
        let side = |spec: &[(u64, usize, u32, u32)]| {
            let groups: Vec<(u64, Check)> = spec
                .iter()
                .map(|&(n, i, bonus, penalty)| (n, Check::new(ladder.rungs()[i], bonus, penalty).unwrap()))
                .collect();
            SideHits::new(&groups)
        };
        let (sa, sb) = (side(&a), side(&b));
        let bound = sa.error_bound + sb.error_bound;
        let ab = compare(&sa.distribution, &sb.distribution);
        let ba = compare(&sb.distribution, &sa.distribution);
        prop_assert!((ab.p_a_more + ab.p_tie + ab.p_b_more - 1.0).abs() <= bound + 1e-12);
        // Each is a chance: never past 1 or below 0, however the sums round.
        for p in [ab.p_a_more, ab.p_tie, ab.p_b_more] {
            prop_assert!((0.0..=1.0).contains(&p), "{p}");
        }
        // Swapping the sides sums the same terms in another order: equal up to rounding.
        let rounding = 1e-13;
        prop_assert!((ab.p_a_more - ba.p_b_more).abs() <= rounding);
        prop_assert!((ab.p_b_more - ba.p_a_more).abs() <= rounding);
        prop_assert!((ab.p_tie - ba.p_tie).abs() <= rounding);
        // A side against itself is even.
        let aa = compare(&sa.distribution, &sa.distribution);
        prop_assert!((aa.p_a_more - aa.p_b_more).abs() <= rounding);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn any_side_spec_or_ladder_text_is_read_without_panic(text in "\\PC{0,24}") {
        let ladder = Ladder::standard();
        let _ = fray::pool::parse_side(&text, &ladder);
        let _ = text.parse::<Ladder>();
        let _ = text.parse::<fray::pool::Rung>();
        let _ = text.parse::<DiceExpr>();
    }

    #[test]
    fn rung_on_a_ladder_is_found(i in rung_on(&Ladder::standard())) {
        prop_assert!(Ladder::standard().position(i).is_ok());
    }
}
