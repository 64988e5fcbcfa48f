//! Properties of the evasion rules over random profiles (issue 12): damage is at least 1
//! after reduction, more DR or evasiveness never helps the attacker, and the Luck term
//! stays within its range.

use fray::dice::DiceExpr;
use fray::evasion::sample::roll_luck;
use fray::evasion::{
    Armor, ArmorPiece, Attacker, DamageKind, Defender, Kind, LuckDice, Options, Rounding,
    ToHitModel, damage_odds, hit_chance, roll_damage,
};
use fray::math;
use fray::rng::SeededRolls;
use proptest::prelude::*;

/// Every rounding of a fractional damage reduction (shared with `plan.rs`).
pub(crate) fn rounding() -> impl Strategy<Value = Rounding> {
    prop_oneof![
        Just(Rounding::Nearest),
        Just(Rounding::Down),
        Just(Rounding::Up),
        Just(Rounding::Stochastic),
    ]
}

fn model() -> impl Strategy<Value = ToHitModel> {
    prop_oneof![
        (0.5f64..20.0).prop_map(|sigma| ToHitModel::Normal { sigma }),
        (1u32..6, 1u32..20).prop_map(|(k, r)| ToHitModel::UniformSum { k, r }),
    ]
}

fn armored(dr: f64, enchantment: i32, intrinsic: f64, hp: u32, half: bool) -> Defender {
    let piece = ArmorPiece {
        dr,
        enchantment,
        ..ArmorPiece::default()
    };
    Defender {
        armor: Armor {
            torso: Some(piece.clone()),
            head: Some(piece.clone()),
            shield: Some(piece),
            ..Armor::default()
        },
        intrinsic_dr: intrinsic,
        hp,
        half_physical: half,
        ..Defender::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Whatever the DR, halving and high-damage cuts, a hit deals at least 1: exactly and
    /// when rolled.
    #[test]
    fn a_hit_deals_at_least_1_after_reduction(
        dr in -20.0f64..100.0,
        enchantment in -5i32..=50,
        intrinsic in -5.0f64..100.0,
        hp in 1u32..200,
        half in any::<bool>(),
        sides in 1u32..12,
        r in rounding(),
        seed in any::<u64>(),
    ) {
        let d = armored(dr, enchantment, intrinsic, hp, half);
        let dice: DiceExpr = format!("2d{sides}").parse().unwrap();
        let o = Options { rounding: r, ..Options::default() };
        let odds = damage_odds(&dice, DamageKind::Physical, &Attacker::default(), &d, &o).unwrap();
        prop_assert!(odds.per_hit.min() >= 1, "{:?}", odds.per_hit);
        let mut rolls = SeededRolls::new(seed);
        for _ in 0..20 {
            let roll = roll_damage(&Attacker::default(), &d, &dice, DamageKind::Physical, &o, &mut rolls);
            prop_assert!(roll.damage >= 1, "{roll:?}");
        }
    }

    /// More DR never raises the mean damage of a hit (against a defender too healthy for
    /// any high-damage cut, which lowers the damage of bigger hits).
    #[test]
    fn more_dr_never_helps_the_attacker(
        dr in -10.0f64..40.0,
        more in 0.0f64..20.0,
        half in any::<bool>(),
        sides in 1u32..20,
        r in rounding(),
    ) {
        let dice: DiceExpr = format!("3d{sides}+1").parse().unwrap();
        let o = Options { rounding: r, ..Options::default() };
        let mean = |dr: f64| {
            let d = armored(dr, 0, 0.0, 1_000_000, half);
            damage_odds(&dice, DamageKind::Physical, &Attacker::default(), &d, &o).unwrap().per_hit.mean()
        };
        prop_assert!(mean(dr + more) <= mean(dr) + 1e-9, "{} then {}", mean(dr), mean(dr + more));
    }

    /// More evasiveness (the form's, or an armor piece's) never raises the hit chance.
    #[test]
    fn more_evasiveness_never_helps_the_attacker(
        ev in -50.0f64..50.0,
        more in 0.0f64..30.0,
        piece in -10.0f64..10.0,
        level in 0u32..=100,
        luck in -13i32..=13,
        m in model(),
    ) {
        let a = Attacker { level, ..Attacker::default() };
        let o = Options { model: m, ..Options::default() };
        let p = |ev: f64, piece_ev: f64| {
            let d = Defender {
                ev,
                luck,
                armor: Armor { head: Some(ArmorPiece { ev: piece_ev, ..ArmorPiece::default() }), ..Armor::default() },
                ..Defender::default()
            };
            hit_chance(&a, &d, &o).unwrap().p_hit
        };
        prop_assert!(p(ev + more, piece) <= p(ev, piece) + 1e-12);
        prop_assert!(p(ev, piece + more) <= p(ev, piece) + 1e-12);
        prop_assert!((0.0..=1.0).contains(&p(ev, piece)));
    }

    /// The Luck term is sign(Luck) × 1d(trunc(|Luck| / 2)): within ±6, of Luck's sign,
    /// and at most trunc(|Luck| / 2) in size; a monster's luckstone gives 1 to 3.
    #[test]
    fn the_luck_term_stays_within_its_range(
        luck in -13i32..=13,
        player in any::<bool>(),
        luckstone in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let kind = if player { Kind::Player } else { Kind::Monster };
        let dice = LuckDice::of(kind, luck, luckstone);
        let (lo, hi) = if luckstone && !player {
            (1, 3)
        } else {
            let size = i64::from(luck.unsigned_abs() / 2);
            match luck.signum() {
                _ if size == 0 => (0, 0),
                1 => (1, size),
                _ => (-size, -1),
            }
        };
        let dist = dice.distribution();
        prop_assert!(dist.min() >= lo && dist.max() <= hi, "{luck}: {dist:?}");
        prop_assert!((dist.total() - 1.0).abs() < 1e-12);
        prop_assert!(hi.abs() <= 6 && lo.abs() <= 6);
        let mut rolls = SeededRolls::new(seed);
        for _ in 0..50 {
            let v = roll_luck(dice, &mut rolls);
            prop_assert!((lo..=hi).contains(&v), "{luck}: rolled {v}");
        }
    }
}

proptest! {
    /// The normal draw's shortcut (the cosine's sign alone, when it settles the comparison)
    /// answers as the whole Box–Muller transform would, from the same two units.
    #[test]
    fn a_normal_draw_answers_as_the_whole_transform(
        u1 in 0.0f64..1.0,
        u2 in prop_oneof![
            0.0f64..1.0,
            prop::sample::select(vec![0.0, 0.25, 0.75, 0.25 - 1e-6, 0.25 + 1e-6, 0.75 - 1e-6, 0.75 + 1e-6]),
            (0.25 - 2e-6..0.25 + 2e-6),
            (0.75 - 2e-6..0.75 + 2e-6),
        ],
        sigma in 0.5f64..20.0,
        margin in prop_oneof![-60.0f64..60.0, Just(0.0), Just(-0.0)],
    ) {
        let radius = (-2.0 * math::ln(1.0 - u1)).sqrt();
        let whole = sigma * (radius * math::cos(std::f64::consts::TAU * u2)) > margin;
        let mut rolls = fray::rng::ScriptedRolls::dice([]).with_units([u1, u2]);
        let drawn = fray::evasion::roll_hit(ToHitModel::Normal { sigma }, margin, &mut rolls);
        prop_assert_eq!(drawn, whole);
    }
}
