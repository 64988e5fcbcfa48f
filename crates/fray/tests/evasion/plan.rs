//! Issue 15: an `AttackPlan` rolls what the attack-at-a-time code rolled. The code as it
//! was before plans (both breakdowns built for every attack, 0.9^DR raised each time) is
//! kept here as the reference, and both roll random profiles from the same seed.

use fray::dice::DiceExpr;
use fray::evasion::exact::erosion;
use fray::evasion::resolve::{caught, halves, high_damage, reduced, slot_dr};
use fray::evasion::sample::{roll_hit, roll_luck};
use fray::evasion::{
    Armor, ArmorPiece, AttackPlan, Attacker, DamageKind, Defender, Kind, Options, Rounding, Slot,
    ToHitModel, Weapon, attacker_breakdown, defender_breakdown,
};
use fray::rng::{Rolls, SeededRolls};
use proptest::prelude::*;

use crate::properties::rounding;

fn round(x: f64, rounding: Rounding, rolls: &mut impl Rolls) -> i64 {
    match rounding {
        Rounding::Nearest => (x + 0.5).floor() as i64,
        Rounding::Down => x.floor() as i64,
        Rounding::Up => x.ceil() as i64,
        Rounding::Stochastic => {
            let floor = x.floor();
            floor as i64 + i64::from(rolls.unit() < x - floor)
        }
    }
}

/// The damage an attack dealt, rolled as before plans (None on a miss).
fn reference_attack(
    a: &Attacker,
    d: &Defender,
    dice: &DiceExpr,
    kind: DamageKind,
    o: &Options,
    rolls: &mut impl Rolls,
) -> Option<i64> {
    let hit = caught(a, d).is_none() && {
        let (ab, db) = (attacker_breakdown(a, d, o), defender_breakdown(d, o));
        let attacker = ab.fixed() + roll_luck(ab.luck, rolls) as f64;
        let defender = db.fixed() + roll_luck(db.luck, rolls) as f64;
        roll_hit(o.model, defender - attacker, rolls)
    };
    if !hit {
        return None;
    }
    let rolled = dice.roll(rolls).max(0);
    let e = erosion(a, kind);
    let after_erosion = if e > 0 {
        (rolled - i64::from(rolls.die(e)) + 1).max(0)
    } else {
        rolled
    };
    let mut roll = rolls.die(100);
    let mut slot = Slot::Cloak;
    for (s, percent) in Slot::TABLE {
        if roll <= percent {
            slot = s;
            break;
        }
        roll -= percent;
    }
    let mut v = match slot_dr(d, slot, kind) {
        Some(dr) => round(reduced(after_erosion, dr), o.rounding, rolls),
        None => after_erosion,
    };
    if halves(d, kind) && v / 2 >= 1 {
        v -= i64::from(rolls.die((v / 2) as u32));
    }
    if let Some(e) = high_damage(slot, kind, v, d.hp) {
        v = round(v as f64 * e.kept(), o.rounding, rolls);
        if e.lasts_3d2() {
            for _ in 0..3 {
                rolls.die(2);
            }
        }
    }
    Some(v.max(1))
}

fn kind() -> impl Strategy<Value = DamageKind> {
    prop_oneof![
        Just(DamageKind::Physical),
        Just(DamageKind::Elemental),
        Just(DamageKind::Spell),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_plan_rolls_what_each_attack_rolled_before(
        (level, luck, erosion_level, player) in (0u32..30, -13i32..14, 0u32..4, any::<bool>()),
        (d_luck, ev, dr, enchantment, intrinsic) in (-13i32..14, -5.0f64..10.0, -3.0f64..8.0, -3i32..4, -2.0f64..5.0),
        (hp, half, luckstone, r, k) in (1u32..80, any::<bool>(), any::<bool>(), rounding(), kind()),
        (sigma, dice, seed) in (0.5f64..12.0, "[1-4]d(4|6|8|12)(\\+[0-9])?", any::<u64>()),
    ) {
        let a = Attacker {
            kind: if player { Kind::Player } else { Kind::Monster },
            level,
            dex: 14,
            luck,
            luckstone,
            weapon: Some(Weapon { erosion: erosion_level, ..Weapon::default() }),
            ..Attacker::default()
        };
        let piece = Some(ArmorPiece { dr, enchantment, ..ArmorPiece::default() });
        let d = Defender {
            ev,
            luck: d_luck,
            hp,
            half_physical: half,
            half_spell: half,
            intrinsic_dr: intrinsic,
            armor: Armor { torso: piece.clone(), head: piece.clone(), gloves: piece, ..Armor::default() },
            ..Defender::default()
        };
        let dice: DiceExpr = dice.parse().unwrap();
        let o = Options { model: ToHitModel::Normal { sigma }, rounding: r, ..Options::default() };
        let plan = AttackPlan::new(&a, &d, &dice, k, &o);
        let (mut old, mut new) = (SeededRolls::new(seed), SeededRolls::new(seed));
        for n in 0..50 {
            let want = reference_attack(&a, &d, &dice, k, &o, &mut old);
            prop_assert_eq!(plan.roll(d.hp, &mut new), want, "attack {}", n);
        }
        prop_assert_eq!(old.unit(), new.unit(), "the same numbers were drawn");
    }
}

/// The integer model draws its terms as dice: the plan does too.
#[test]
fn a_plan_rolls_the_integer_model_as_before() {
    let o = Options {
        model: ToHitModel::UniformSum { k: 3, r: 5 },
        rounding: Rounding::Stochastic,
        ..Options::default()
    };
    let a = Attacker {
        level: 6,
        luck: 5,
        ..Attacker::default()
    };
    let d = Defender {
        hp: 9,
        ev: 2.0,
        ..Defender::default()
    };
    let dice: DiceExpr = "2d6+1".parse().unwrap();
    let plan = AttackPlan::new(&a, &d, &dice, DamageKind::Physical, &o);
    let (mut old, mut new) = (SeededRolls::new(3), SeededRolls::new(3));
    let mut hits = 0;
    for _ in 0..500 {
        let want = reference_attack(&a, &d, &dice, DamageKind::Physical, &o, &mut old);
        assert_eq!(plan.roll(9, &mut new), want);
        hits += usize::from(want.is_some());
    }
    assert!(hits > 50 && hits < 450, "both hits and misses: {hits}");
}
