use fray::dist::Distribution;
use fray::pool::{Check, CheckOdds, Ladder, SideHits, compare, parse_side};

fn check(r: &str, bonus: u32, penalty: u32) -> Check {
    Check::new(r.parse().unwrap(), bonus, penalty).unwrap()
}

#[test]
fn a_side_of_one_is_its_check() {
    let c = check("3/6", 1, 0);
    let side = SideHits::new(&[(1, c)]);
    let odds = CheckOdds::new(c);
    let p_zero = 1.0 - odds.p_success();
    assert!((side.distribution.p(0) - p_zero).abs() < 1e-15);
    for degree in 1..10 {
        assert!((side.distribution.p(i64::from(degree)) - odds.p(true, degree)).abs() < 1e-15);
    }
}

#[test]
fn side_totals_equal_direct_convolution() {
    let groups = [
        (3, check("3/6", 2, 0)),
        (2, check("1/8", 0, 1)),
        (1, check("9/10", 0, 0)),
    ];
    let side = SideHits::new(&groups);
    let mut direct = Distribution::point(0);
    for (count, c) in groups {
        let (one, _) = CheckOdds::new(c).contribution(1e-30);
        for _ in 0..count {
            direct = direct.convolve(&one);
        }
    }
    for v in 0..40 {
        assert!((side.distribution.p(v) - direct.p(v)).abs() < 1e-14, "{v}");
    }
    let mean: f64 = groups
        .iter()
        .map(|(n, c)| *n as f64 * CheckOdds::new(*c).mean_degree())
        .sum();
    assert!((side.distribution.mean() - mean).abs() < 1e-9);
}

#[test]
fn big_sides_stay_exact_to_their_stated_bound() {
    let side = SideHits::new(&[(10_000, check("3/6", 3, 0))]);
    assert!(side.error_bound < 1e-9, "{}", side.error_bound);
    assert!((side.distribution.total() + side.error_bound - 1.0).abs() < 1e-9);
    let mean = 10_000.0 * CheckOdds::new(check("3/6", 3, 0)).mean_degree();
    assert!((side.distribution.mean() - mean).abs() < 1e-6 * mean);
}

#[test]
fn comparison_of_sides() {
    let a = SideHits::new(&[(5, check("3/6", 3, 0))]).distribution;
    let same = compare(&a, &a);
    assert!((same.p_a_more - same.p_b_more).abs() < 1e-12);
    assert!((same.p_a_more + same.p_tie + same.p_b_more - 1.0).abs() < 1e-12);
    let weak = SideHits::new(&[(5, check("1/8", 0, 0))]).distribution;
    let c = compare(&a, &weak);
    assert!(c.p_a_more > 0.99);
    // Against a point mass the comparison is a tail sum.
    let two = Distribution::point(2);
    let c = compare(&a, &two);
    assert!((c.p_tie - a.p(2)).abs() < 1e-15);
    assert!((c.p_b_more - (a.p(0) + a.p(1))).abs() < 1e-15);
}

#[test]
fn side_specs_parse_and_refuse_clearly() {
    let ladder = Ladder::standard();
    let side = parse_side("5x3/6+3b", &ladder).unwrap();
    assert_eq!(side, vec![(5, check("3/6", 3, 0))]);
    let side = parse_side("7x4/6+1b,2x1/8+2p,9/10", &ladder).unwrap();
    assert_eq!(
        side,
        vec![
            (7, check("4/6", 1, 0)),
            (2, check("1/8", 0, 2)),
            (1, check("9/10", 0, 0))
        ]
    );
    for bad in [
        "",
        "5x",
        "ax3/6",
        "3/8",
        "3/6+2q",
        "0x3/6",
        "3/6,,4/6",
        "20000000x3/6",
        "3/6+200b",
    ] {
        assert!(parse_side(bad, &ladder).is_err(), "{bad}");
    }
}
