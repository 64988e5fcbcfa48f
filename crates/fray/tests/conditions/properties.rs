//! Property tests of the conditions system (issue 12): ending a condition type ends
//! every instance of it and nothing else; of typed modifiers of one type and sign only
//! the largest counts; different types stack; untyped ones all stack (Penalty types and
//! stacking; Multiple instances of a condition).

use fray::conditions::{
    CharacterCondition as C, Duration, Encounter, Modifier, ModifierType, Situation, Target,
    parse_script, stack,
};
use proptest::prelude::*;

/// Conditions whose instances simply accumulate (no movement, no leaving the grid).
const SIMPLE: [C; 7] = [
    C::Dazed,
    C::Slowed,
    C::Weakened,
    C::Blinded,
    C::Deafened,
    C::Immobilized,
    C::Marked,
];

const KINDS: [ModifierType; 4] = [
    ModifierType::Cover,
    ModifierType::Concealment,
    ModifierType::Power,
    ModifierType::Untyped,
];

fn encounter() -> Encounter {
    let s = parse_script(
        r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature]]
name = "Ogre"
side = "b"
hp = 30
position = [1, 0]
[[creature]]
name = "Witch"
side = "b"
hp = 30
position = [0, 1]
[[creature]]
name = "Ally"
side = "a"
hp = 30
position = [9, 9]
"#,
    )
    .unwrap();
    Encounter::new(s.creatures)
}

/// What the rules say the modifiers add up to, computed independently of `stack`.
fn expected_total(mods: &[(ModifierType, i32)]) -> i32 {
    let mut total = 0;
    for kind in KINDS {
        let of_kind = mods.iter().filter(|(k, _)| *k == kind).map(|(_, v)| *v);
        if kind == ModifierType::Untyped {
            total += of_kind.sum::<i32>();
        } else {
            let vals: Vec<i32> = of_kind.collect();
            total += vals.iter().copied().filter(|v| *v > 0).max().unwrap_or(0);
            total += vals.iter().copied().filter(|v| *v < 0).min().unwrap_or(0);
        }
    }
    total
}

fn modifiers() -> impl Strategy<Value = Vec<(ModifierType, i32)>> {
    prop::collection::vec(
        (prop::sample::select(KINDS.to_vec()), -20..=20i32).prop_filter("not 0", |(_, v)| *v != 0),
        0..12,
    )
}

proptest! {
    #[test]
    fn ending_a_condition_type_ends_every_instance_and_only_those(
        applied in prop::collection::vec(
            (prop::sample::select(SIMPLE.to_vec()), prop::option::of(1usize..4)),
            1..16,
        ),
        which in prop::sample::select(SIMPLE.to_vec()),
    ) {
        let mut e = encounter();
        for (cond, source) in &applied {
            let _ = e.apply(0, *cond, *source, &Duration::UntilEnded, None);
        }
        let others: Vec<(C, usize)> = SIMPLE
            .iter()
            .filter(|c| **c != which)
            .map(|c| (*c, e.instances_of(0, *c).count()))
            .collect();
        let had = e.instances_of(0, which).count();
        let ended = e.end_all(0, which);
        prop_assert_eq!(ended, had);
        prop_assert!(!e.has(0, which));
        prop_assert_eq!(e.instances_of(0, which).count(), 0);
        for (c, n) in others {
            prop_assert_eq!(e.instances_of(0, c).count(), n, "{} was touched", c);
        }
    }

    #[test]
    fn same_type_keeps_the_largest_different_types_and_untyped_stack(mods in modifiers()) {
        let b = stack(
            mods.iter()
                .enumerate()
                .map(|(i, (k, v))| Modifier::new(*k, *v, format!("m{i}")))
                .collect(),
        );
        prop_assert_eq!(b.total, expected_total(&mods));
        prop_assert_eq!(b.counted.len() + b.suppressed.len(), mods.len());
        // Every untyped modifier counts.
        let untyped = mods.iter().filter(|(k, _)| *k == ModifierType::Untyped).count();
        prop_assert_eq!(
            b.counted.iter().filter(|m| m.kind == ModifierType::Untyped).count(),
            untyped
        );
        // At most one bonus and one penalty of each type counts.
        for kind in KINDS.into_iter().filter(|k| *k != ModifierType::Untyped) {
            for sign in [-1, 1] {
                let n = b.counted.iter().filter(|m| m.kind == kind && m.value.signum() == sign).count();
                prop_assert!(n <= 1, "{:?} {} counted {} times", kind, sign, n);
            }
        }
    }

    #[test]
    fn penalties_on_a_creature_stack_by_the_same_rules(mods in modifiers()) {
        let mut e = encounter();
        for (i, (k, v)) in mods.iter().enumerate() {
            e.add_modifier(0, Target::Attack, Modifier::new(*k, *v, format!("m{i}")), &Duration::UntilEnded)
                .unwrap();
        }
        // The hero attacks the witch: nothing else modifies the roll.
        let b = e.attack_modifiers(0, 2, Situation::default(), false);
        prop_assert_eq!(b.total, expected_total(&mods));
    }
}
