//! The chance to hit under each model: the normal model at known points, the integer
//! model against brute force, sampled hits against exact chances, and the normal
//! sampler against Box–Muller written out.

use fray::evasion::{ToHit, ToHitModel, roll_hit};
use fray::math;
use fray::rng::{ScriptedRolls, SeededRolls};

#[test]
fn the_normal_model_at_known_points() {
    let t = ToHit::new(ToHitModel::Normal { sigma: 5.0 }).unwrap();
    assert_eq!(t.p_hit(0.0), 0.5, "equal totals give one half");
    assert!(
        (t.p_hit(5.0) - 0.158_655_253_931_457).abs() < 1e-13,
        "one sigma"
    );
    assert!(
        (t.p_hit(-10.0) - 0.977_249_868_051_821).abs() < 1e-13,
        "two sigma for the attacker"
    );
    // Never certain: the chance to miss at −12σ is the tail at +12σ, about 1.8e-33,
    // too small to subtract from 1 in f64 but not zero.
    assert!(
        t.p_hit(60.0) > 0.0 && t.p_hit(60.0) < 1e-30,
        "a chance to hit"
    );
    assert!(
        (t.p_hit(-3.0) + t.p_hit(3.0) - 1.0).abs() < 1e-15,
        "symmetric, so a chance to miss too"
    );
    assert!(ToHit::new(ToHitModel::Normal { sigma: 0.0 }).is_err());
    assert!(ToHit::new(ToHitModel::Normal { sigma: f64::NAN }).is_err());
}

/// Brute force: every tuple of K integers in −R..=R.
fn brute(k: u32, r: i64, margin: f64) -> f64 {
    let side = 2 * r + 1;
    let total = side.pow(k);
    let hits = (0..total)
        .filter(|code| {
            let mut rest = *code;
            let mut sum = 0;
            for _ in 0..k {
                sum += rest % side - r;
                rest /= side;
            }
            sum as f64 > f64::from(k) * margin
        })
        .count();
    hits as f64 / total as f64
}

#[test]
fn the_integer_model_matches_brute_force_and_sums_to_one() {
    for (k, r) in [(1, 3), (2, 2), (3, 3), (4, 2)] {
        let t = ToHit::new(ToHitModel::UniformSum { k, r: r as u32 }).unwrap();
        for margin in [-4.0, -1.5, -1.0, -0.25, 0.0, 0.3, 1.0, 2.0, 3.5] {
            assert!(
                (t.p_hit(margin) - brute(k, r, margin)).abs() < 1e-12,
                "k {k} r {r} margin {margin}"
            );
        }
        assert_eq!(t.p_hit(-1000.0), 1.0);
        assert_eq!(t.p_hit(1000.0), 0.0);
        // P(S > x) over consecutive integers x telescopes: the masses sum to one.
        let lo = -(i64::from(k) * r) - 1;
        let masses: f64 = (lo..=i64::from(k) * r)
            .map(|x| t.p_hit(x as f64 / f64::from(k)) - t.p_hit((x + 1) as f64 / f64::from(k)))
            .sum();
        assert!((masses - 1.0).abs() < 1e-12);
    }
    let default = ToHit::new(ToHitModel::UNIFORM_SUM).unwrap();
    assert!(
        (default.p_hit(0.0) - 0.5).abs() < 0.02,
        "close to one half at equal totals"
    );
}

#[test]
fn sampled_hits_agree_with_exact_chances() {
    let n = 40_000;
    for model in [
        ToHitModel::NORMAL,
        ToHitModel::UNIFORM_SUM,
        ToHitModel::UniformSum { k: 2, r: 3 },
    ] {
        let t = ToHit::new(model).unwrap();
        for margin in [-6.0, 0.0, 2.5] {
            let p = t.p_hit(margin);
            let mut rolls = SeededRolls::new(17);
            let hits = (0..n)
                .filter(|_| roll_hit(model, margin, &mut rolls))
                .count();
            let freq = hits as f64 / f64::from(n);
            let sigma = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-9);
            assert!(
                (freq - p).abs() < 4.5 * sigma,
                "{model:?} {margin}: {freq} vs {p}"
            );
        }
    }
}

#[test]
fn a_to_hit_keeps_its_model() {
    let model = fray::evasion::ToHitModel::UniformSum { k: 3, r: 4 };
    assert_eq!(fray::evasion::ToHit::new(model).unwrap().model(), model);
}

/// The normal model's sampler skips the logarithm and the cosine where their sign
/// settles the comparison; on every pair of draws, near the cosine's zeros included,
/// and for any sign of sigma and the margin, it answers as Box–Muller written out does.
#[test]
fn the_normal_samplers_shortcuts_answer_as_box_muller_does() {
    let near = [0.25, 0.75];
    let mut u2s: Vec<f64> = vec![0.0, 0.1, 0.3, 0.5, 0.6, 0.9, 0.999];
    for z in near {
        for d in [-2e-6, -1e-6, -5e-7, -1e-9, 0.0, 1e-9, 5e-7, 1e-6, 2e-6] {
            u2s.push(z + d);
        }
    }
    let margins = [-3.0, -1e-3, -1e-6, -1e-9, 0.0, 1e-9, 1e-6, 1e-3, 3.0];
    for sigma in [2.0, 1.0, 0.0, -1.0] {
        for &u2 in &u2s {
            for unit in [0.0, 0.3, 0.5, 0.9, 0.999_999] {
                for margin in margins {
                    let u1: f64 = 1.0 - unit;
                    let z = (-2.0 * math::ln(u1)).sqrt() * math::cos(std::f64::consts::TAU * u2);
                    let want = sigma * z > margin;
                    let mut rolls = ScriptedRolls::dice([]).with_units([unit, u2]);
                    let got = roll_hit(ToHitModel::Normal { sigma }, margin, &mut rolls);
                    assert_eq!(
                        got, want,
                        "sigma {sigma} u1 {u1} u2 {u2} margin {margin}: z {z}"
                    );
                }
            }
        }
    }
}
