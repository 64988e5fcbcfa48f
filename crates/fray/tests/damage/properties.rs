//! Property tests of the invariants the damage text states.

use fray::damage::{
    AttackFacts, DamageType, Defender, Fact, Hit, Limit, Predicate, Resistance, Trait,
    TypeSelector, Vulnerability, parse_stat_block, parse_traits, resolve,
};
use proptest::prelude::*;

fn damage_type() -> impl Strategy<Value = DamageType> {
    prop_oneof![
        Just(DamageType::Physical),
        Just(DamageType::Fire),
        Just(DamageType::Cold),
        Just(DamageType::Poison),
        Just(DamageType::Custom("shadow".into())),
    ]
}

fn selector() -> impl Strategy<Value = TypeSelector> {
    prop_oneof![
        1 => Just(TypeSelector::All),
        1 => Just(TypeSelector::NonPhysical),
        4 => damage_type().prop_map(TypeSelector::Only),
    ]
}

fn condition() -> impl Strategy<Value = Option<Predicate>> {
    let fact = prop_oneof![
        Just(Fact::Advantage),
        Just(Fact::Critical),
        Just(Fact::Area),
        Just(Fact::Epic),
        Just(Fact::Keyword(fray::damage::Keyword::new("fear"))),
    ];
    prop::option::weighted(
        0.4,
        (fact, any::<bool>()).prop_map(|(f, neg)| Predicate::literal(f, neg)),
    )
}

fn limit() -> impl Strategy<Value = Option<Limit>> {
    prop::option::of((0u32..40).prop_map(Limit))
}

fn resistance() -> impl Strategy<Value = Resistance> {
    (selector(), limit(), condition()).prop_map(|(types, limit, condition)| Resistance {
        types,
        limit,
        condition,
        origin: None,
    })
}

fn vulnerability() -> impl Strategy<Value = Vulnerability> {
    (selector(), limit(), condition()).prop_map(|(types, limit, condition)| Vulnerability {
        types,
        limit,
        condition,
        origin: None,
    })
}

fn defender() -> impl Strategy<Value = Defender> {
    (
        prop::collection::vec(resistance(), 0..4),
        prop::collection::vec(vulnerability(), 0..4),
        prop::collection::vec(damage_type(), 0..2),
    )
        .prop_map(|(rs, vs, immune)| {
            let mut traits: Vec<Trait> = rs.into_iter().map(Trait::Resist).collect();
            traits.extend(vs.into_iter().map(Trait::Vulnerable));
            traits.extend(immune.into_iter().map(|damage_type| {
                Trait::DamageImmune(fray::damage::DamageImmunity { damage_type })
            }));
            Defender::new(traits)
        })
}

/// A hit without resistance reduction.
fn hit() -> impl Strategy<Value = Hit> {
    (
        0u32..100_000,
        prop::collection::vec(damage_type(), 0..4),
        any::<[bool; 4]>(),
        prop::option::of(1u32..30),
        any::<bool>(),
    )
        .prop_map(
            |(amount, types, [advantage, critical, area, ongoing], level, environmental)| {
                let mut hit = Hit::new(amount, types).by(AttackFacts {
                    advantage,
                    critical,
                    area,
                    attacker_level: level,
                    ..AttackFacts::default()
                });
                hit.ongoing = ongoing;
                if environmental {
                    hit.environmental()
                } else {
                    hit
                }
            },
        )
}

proptest! {
    #[test]
    fn a_resistance_mitigates_at_most_half_of_an_attack_and_at_most_its_limit(
        amount in 0u32..1_000_000, r in resistance(), t in damage_type(),
    ) {
        let hit = Hit::new(amount, [t]);
        let out = resolve(&hit, &Defender::new([Trait::Resist(r.clone())]));
        prop_assert!(out.mitigated <= u64::from(amount) / 2);
        if let Some(Limit(l)) = r.limit {
            prop_assert!(out.mitigated <= u64::from(l));
        }
    }

    #[test]
    fn a_vulnerability_adds_at_most_half_and_at_most_its_limit(
        amount in 0u32..1_000_000, v in vulnerability(), t in damage_type(), environmental: bool,
    ) {
        let hit = Hit::new(amount, [t]);
        let hit = if environmental { hit.environmental() } else { hit };
        let out = resolve(&hit, &Defender::new([Trait::Vulnerable(v.clone())]));
        prop_assert!(out.added <= u64::from(amount) / 2);
        if let Some(Limit(l)) = v.limit {
            prop_assert!(out.added <= u64::from(l));
        }
    }

    #[test]
    fn no_defender_adds_more_than_half(h in hit(), d in defender()) {
        prop_assert!(resolve(&h, &d).added <= u64::from(h.amount) / 2);
    }

    #[test]
    fn equal_resistance_and_vulnerability_leave_damage_unchanged(
        amount in 0u32..1_000_000, t in damage_type(), limit in limit(), environmental: bool,
    ) {
        let types = TypeSelector::Only(t.clone());
        let d = Defender::new([
            Trait::Resist(Resistance { types: types.clone(), limit, condition: None, origin: None }),
            Trait::Vulnerable(Vulnerability { types, limit, condition: None, origin: None }),
        ]);
        // Against environmental damage a resistance works differently (by design), so the
        // text's note concerns attacks.
        prop_assume!(!environmental);
        prop_assert_eq!(resolve(&Hit::new(amount, [t]), &d).final_damage, u64::from(amount));
    }

    #[test]
    fn more_resistance_never_increases_damage(h in hit(), d in defender(), extra in resistance()) {
        let before = resolve(&h, &d).final_damage;
        let mut stronger = d.clone();
        stronger.add(Trait::Resist(extra));
        prop_assert!(resolve(&h, &stronger).final_damage <= before);
    }

    #[test]
    fn final_damage_is_original_minus_mitigated_plus_added_and_never_negative(h in hit(), d in defender()) {
        let out = resolve(&h, &d);
        prop_assert!(out.mitigated <= out.original);
        prop_assert_eq!(out.final_damage, out.original - out.mitigated + out.added);
        prop_assert!(out.final_damage <= out.original + out.original / 2);
    }

    #[test]
    fn printed_traits_parse_back(rs in prop::collection::vec(resistance(), 1..4), vs in prop::collection::vec(vulnerability(), 0..3)) {
        let traits: Vec<Trait> = rs.into_iter().map(Trait::Resist).chain(vs.into_iter().map(Trait::Vulnerable)).collect();
        let text = traits.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n");
        prop_assert_eq!(parse_traits(&text).unwrap(), traits);
    }

    #[test]
    fn the_parser_never_panics(text in "\\PC{0,60}") {
        let block = parse_stat_block(&text);
        for e in block.errors {
            prop_assert!(e.column >= 1 && e.line >= 1);
            let _ = e.to_string();
        }
    }

    #[test]
    fn the_parser_never_panics_on_trait_like_text(
        words in prop::collection::vec(prop_oneof![
            Just("Resist"), Just("Vulnerable"), Just("Damage"), Just("Immune:"), Just("Condition"),
            Just("("), Just(")"), Just("5"), Just("Fire"), Just("All"), Just("Not"), Just("or"), Just(";"),
            Just("Trigger"), Just(":"), Just("\n"), Just("Swarm"), Just("forced"), Just("movement"), Just(","),
        ], 0..12)
    ) {
        let text = words.join(" ");
        let _ = parse_stat_block(&text);
    }
}
