//! The damage rules, one case at a time, beyond the text's worked examples.

use fray::character::CharacterCondition;
use fray::damage::{
    AttackFacts, ChoiceRule, DamageType, Effect, ForcedMovement, Hit, Modification, ModifyError,
    Readings, TypeSelector, choosable, choose_type, explain,
};
use fray::trace::{NoTrace, Trace};

use super::{defender, explained, final_damage, in_area, types, with_advantage};

fn fire(amount: u32) -> Hit {
    Hit::new(amount, [DamageType::Fire])
}

#[test]
fn damage_without_a_type_is_physical() {
    assert_eq!(Hit::new(9, []).types.as_slice(), [DamageType::Physical]);
    assert_eq!(final_damage(&Hit::new(9, []), "Resist Physical"), 5);
}

#[test]
fn a_limit_caps_a_resistance_below_half() {
    assert_eq!(final_damage(&fire(30), "Resist Fire 5"), 25);
    assert_eq!(
        final_damage(&fire(6), "Resist Fire 5"),
        3,
        "half of 6 is below the limit"
    );
    assert_eq!(
        final_damage(&fire(1), "Resist Fire"),
        1,
        "half of 1 rounds down to 0"
    );
}

#[test]
fn environmental_damage_is_reduced_by_the_limit_or_negated() {
    assert_eq!(final_damage(&fire(12).environmental(), "Resist Fire 5"), 7);
    assert_eq!(final_damage(&fire(12).environmental(), "Resist Fire 20"), 0);
    assert_eq!(final_damage(&fire(12).environmental(), "Resist Fire"), 0);
    assert_eq!(
        final_damage(&fire(12).environmental(), "Vulnerable Fire"),
        18,
        "vulnerability as usual"
    );
    assert_eq!(
        final_damage(&fire(12).environmental(), "Vulnerable Fire 4"),
        16
    );
}

#[test]
fn attacker_conditions_are_false_for_environmental_damage() {
    let hazard = fire(12).environmental();
    assert_eq!(final_damage(&hazard, "Resist All 5 (Advantage)"), 12);
    assert_eq!(final_damage(&hazard, "Resist All 5 (No Advantage)"), 7);
    assert_eq!(final_damage(&hazard, "Resist All 5 (Not Silvered)"), 7);
    assert_eq!(final_damage(&hazard, "Resist All 5 (Not Epic)"), 7);
    assert_eq!(final_damage(&hazard, "Vulnerable All 5 (Critical)"), 12);
}

#[test]
fn paragon_and_epic_follow_the_attacker_level() {
    let at = |level| fire(20).by(AttackFacts::default().with_level(level));
    assert_eq!(final_damage(&at(10), "Vulnerable Fire (Paragon)"), 20);
    assert_eq!(final_damage(&at(11), "Vulnerable Fire (Paragon)"), 30);
    assert_eq!(final_damage(&at(20), "Resist Fire (Not Epic)"), 10);
    assert_eq!(final_damage(&at(21), "Resist Fire (Not Epic)"), 20);
    assert_eq!(
        final_damage(&at(21), "Vulnerable Fire (Paragon)"),
        30,
        "epic attackers are paragon too"
    );
}

#[test]
fn critical_ongoing_silvered_and_keyword_conditions() {
    let crit = fire(20).by(AttackFacts::default().with_critical());
    assert_eq!(final_damage(&crit, "Vulnerable All 5 (Critical)"), 25);
    assert_eq!(
        final_damage(&fire(20).ongoing(), "Resist Fire (Ongoing)"),
        10
    );
    assert_eq!(final_damage(&fire(20), "Resist Fire (Ongoing)"), 20);
    let silver = Hit::new(20, []).by(AttackFacts::default().with_silvered());
    assert_eq!(final_damage(&silver, "Resist All 5 (Not Silvered)"), 20);
    assert_eq!(
        final_damage(&fire(20).keyword("Fear"), "Resist All (fear)"),
        10
    );
    assert_eq!(
        final_damage(&fire(20), "Resist All (Not Fire)"),
        20,
        "damage types count as keywords"
    );
    assert_eq!(final_damage(&fire(20), "Resist All (Critical or Fire)"), 10);
    assert_eq!(
        final_damage(
            &with_advantage(fire(20)),
            "Resist All (Fire and No Advantage)"
        ),
        20
    );
}

#[test]
fn immunity_prevails_over_vulnerability() {
    assert_eq!(
        final_damage(&fire(17), "Damage Immune: Fire; Vulnerable Fire"),
        0
    );
    let e = explained(
        &Hit::new(20, types(&["fire", "cold"])),
        "Damage Immune: Fire; Vulnerable Fire",
    );
    assert_eq!(
        e.outcome.added, 0,
        "the immune type's vulnerability adds nothing"
    );
    assert_eq!(e.outcome.mitigated, 10);
}

#[test]
fn several_types_take_the_two_largest_of_three() {
    let hit = Hit::new(20, types(&["fire", "cold", "acid"]));
    let e = explained(
        &hit,
        "Resist Fire 2; Resist Cold 6; Resist Acid 4; Vulnerable Fire 3; Vulnerable Acid",
    );
    assert_eq!(e.outcome.mitigated, 5, "(6 + 4) / 2");
    assert_eq!(e.outcome.added, 6, "(10 + 3) / 2");
    assert_eq!(e.outcome.final_damage, 21);
}

#[test]
fn a_single_type_listed_twice_is_one_type() {
    let hit = Hit::new(17, types(&["fire", "fire"]));
    assert_eq!(hit.types.len(), 1);
    assert_eq!(final_damage(&hit, "Resist Fire"), 9);
}

#[test]
fn resistance_reduction_turns_into_vulnerability_only_against_a_resistance() {
    let reduce = |hit: Hit, value| {
        hit.by(AttackFacts::default().with_reduction(TypeSelector::Only(DamageType::Fire), value))
    };
    assert_eq!(
        final_damage(&reduce(fire(20), 5), ""),
        20,
        "no resistance: nothing happens"
    );
    assert_eq!(
        final_damage(&reduce(fire(20), 5), "Resist Fire"),
        15,
        "limitless: Vulnerable 5"
    );
    assert_eq!(
        final_damage(&reduce(fire(20), 10), "Resist Fire 3"),
        20,
        "limit 3 < value: Vulnerable 3"
    );
    assert_eq!(
        final_damage(&reduce(fire(20), 4), "Resist All 10"),
        14,
        "Resist All covers fire"
    );
    assert_eq!(
        final_damage(&reduce(fire(20), 5), "Resist Fire; Vulnerable Fire 8"),
        18,
        "the higher vulnerability wins"
    );
    assert_eq!(
        final_damage(&reduce(Hit::new(20, []), 5), "Resist Physical"),
        10,
        "fire reduction ignores physical"
    );
}

#[test]
fn resistance_reduction_reading_about_unmet_conditions() {
    let hit = fire(20).by(AttackFacts::default().with_reduction(TypeSelector::All, 5));
    let d = defender("Resist Fire (Advantage)");
    let default = explain(&hit, &d, &Readings::default());
    assert_eq!(default.outcome.final_damage, 20);
    let other = Readings {
        reduction_needs_met_condition: false,
        ..Readings::default()
    };
    assert_eq!(explain(&hit, &d, &other).outcome.final_damage, 25);
}

/// Issue 11 (damage, Damage Trigger): a trigger waits until the hit is fully resolved, so
/// it comes after the hit's non-damage effects and the immunities that stop them, in the
/// trace and in the result.
#[test]
fn damage_triggers_come_after_the_hits_own_effects() {
    let hit = Hit::new(10, [DamageType::Cold])
        .keyword("charm")
        .effect(Effect::Condition(CharacterCondition::Dazed))
        .effect(Effect::Forced(ForcedMovement::Push));
    let e = explained(
        &hit,
        "Damage Trigger Cold: slowed; Condition Immune: Forced Movement",
    );
    let ids: Vec<&str> = e.trace.steps.iter().map(|s| s.rule.id).collect();
    let trigger = ids
        .iter()
        .position(|id| *id == "damage-trigger")
        .expect("the trigger is traced");
    let effects: Vec<usize> = ids
        .iter()
        .enumerate()
        .filter(|(_, id)| **id == "condition-immunity" || **id == "nondamage-immunity")
        .map(|(i, _)| i)
        .collect();
    assert_eq!(effects.len(), 2, "{ids:?}");
    assert!(
        effects.iter().all(|i| *i < trigger),
        "effects before the trigger: {ids:?}"
    );
    assert_eq!(
        trigger,
        ids.len() - 1,
        "the trigger is the last step: {ids:?}"
    );
    let json = serde_json::to_string(&e).unwrap();
    let at = |key: &str| json.find(&format!("\"{key}\":")).unwrap();
    assert!(
        at("effects") < at("triggers"),
        "the result lists effects before triggers: {json}"
    );
}

#[test]
fn damage_triggers_fire_after_damage_of_their_type() {
    let traits = "Damage Trigger Cold: slowed until the end of its next turn";
    let cold = Hit::new(10, [DamageType::Cold]);
    let e = explained(&cold, traits);
    assert_eq!(e.triggers.len(), 1);
    assert_eq!(
        e.triggers[0].effect,
        "slowed until the end of its next turn"
    );
    assert!(
        explained(&fire(10), traits).triggers.is_empty(),
        "wrong type"
    );
    let immune = format!("{traits}; Damage Immune: Cold");
    assert!(
        explained(&cold, &immune).triggers.is_empty(),
        "immune to the type"
    );
    let hazard = Hit::new(10, [DamageType::Cold]).environmental();
    assert!(
        explained(&hazard, &format!("{traits}; Resist Cold"))
            .triggers
            .is_empty(),
        "no damage taken"
    );
    let mixed = Hit::new(10, types(&["cold", "fire"]));
    assert_eq!(
        explained(&mixed, &immune).triggers.len(),
        0,
        "the cold part was ignored"
    );
}

#[test]
fn condition_immunity_ignores_its_condition_only() {
    let hit = fire(10)
        .effect(Effect::Condition(CharacterCondition::Stunned))
        .effect(Effect::Condition(CharacterCondition::Dazed));
    let e = explained(&hit, "Condition Immune: Stunned");
    assert!(!e.effects[0].applies);
    assert!(e.effects[1].applies);
    assert_eq!(e.outcome.final_damage, 10);
}

#[test]
fn forced_movement_immunity_covers_push_pull_and_slide_with_its_condition() {
    for m in [
        ForcedMovement::Push,
        ForcedMovement::Pull,
        ForcedMovement::Slide,
    ] {
        let hit = fire(10).effect(Effect::Forced(m));
        assert!(
            !explained(&hit, "Swarm").effects[0].applies,
            "{m:?} outside an area"
        );
        assert!(
            explained(&in_area(hit), "Swarm").effects[0].applies,
            "{m:?} in a burst"
        );
    }
}

#[test]
fn nondamage_immunity_ignores_effects_but_not_damage() {
    let charm = fire(10)
        .keyword("charm")
        .effect(Effect::Condition(CharacterCondition::Dominated));
    let e = explained(
        &charm,
        "Nondamage Immune: Charm; Condition Immune: Dominated",
    );
    assert!(!e.effects[0].applies);
    assert_eq!(
        e.effects[0].stopped_by,
        Some(fray::damage::Shield::Nondamage),
        "checked first"
    );
    assert_eq!(e.trace.of("nondamage-immunity").count(), 1);
    assert_eq!(e.outcome.final_damage, 10);
    let poison =
        Hit::new(10, [DamageType::Poison]).effect(Effect::Condition(CharacterCondition::Weakened));
    assert!(
        !explained(&poison, "Nondamage Immune: Poison").effects[0].applies,
        "damage types are keywords"
    );
    let hazard = charm.clone().environmental();
    assert!(!explained(&hazard, "Nondamage Immune: Charm").effects[0].applies);
    let attacks_only = Readings {
        nondamage_immunity_covers_environment: false,
        ..Readings::default()
    };
    assert!(
        explain(&hazard, &defender("Nondamage Immune: Charm"), &attacks_only).effects[0].applies
    );
}

#[test]
fn gaining_a_type_keeps_physical_and_becoming_replaces() {
    let mut sword = Hit::new(10, []);
    let mut trace = Trace::default();
    Modification::Gain(DamageType::Fire)
        .apply(&mut sword, &mut trace)
        .unwrap();
    assert_eq!(
        sword.types.as_slice(),
        [DamageType::Physical, DamageType::Fire]
    );
    assert!(trace.steps[0].text.contains("keeps"));
    let mut bolt = fire(10);
    Modification::Gain(DamageType::Cold)
        .apply(&mut bolt, &mut NoTrace)
        .unwrap();
    assert_eq!(bolt.types.as_slice(), [DamageType::Fire, DamageType::Cold]);
    Modification::Become(DamageType::Acid)
        .apply(&mut bolt, &mut NoTrace)
        .unwrap();
    assert_eq!(bolt.types.as_slice(), [DamageType::Acid]);
}

#[test]
fn extra_damage_adds_its_amount_and_only_its_own_types() {
    let mut hit = fire(10);
    "extra 4"
        .parse::<Modification>()
        .unwrap()
        .apply(&mut hit, &mut NoTrace)
        .unwrap();
    assert_eq!((hit.amount, hit.types.as_slice().len()), (14, 1));
    "extra 3 cold, radiant"
        .parse::<Modification>()
        .unwrap()
        .apply(&mut hit, &mut NoTrace)
        .unwrap();
    assert_eq!(hit.amount, 17);
    assert_eq!(hit.types.as_slice(), types(&["fire", "cold", "radiant"]));
    let mut huge = Hit::new(999_999_999, []);
    assert_eq!(
        Modification::Extra {
            amount: 999_999_999,
            types: vec![]
        }
        .apply(&mut huge, &mut NoTrace),
        Err(ModifyError::TooMuch)
    );
    assert!("extra lots".parse::<Modification>().is_err());
    assert!("gain all".parse::<Modification>().is_err());
}

#[test]
fn physical_is_chosen_only_when_the_effect_says_so() {
    assert!(choosable(ChoiceRule::ExcludingPhysical).all(|t| t != DamageType::Physical));
    assert!(choosable(ChoiceRule::IncludingPhysical).any(|t| t == DamageType::Physical));
    assert_eq!(choosable(ChoiceRule::ExcludingPhysical).count(), 10);
    assert_eq!(
        choose_type(DamageType::Fire, ChoiceRule::ExcludingPhysical),
        Ok(DamageType::Fire)
    );
    assert_eq!(
        choose_type(DamageType::Physical, ChoiceRule::ExcludingPhysical),
        Err(ModifyError::PhysicalNotChoosable)
    );
}

#[test]
fn custom_types_work_like_the_others() {
    let shadow = Hit::new(20, types(&["shadow"]));
    assert_eq!(final_damage(&shadow, "Resist Shadow 5"), 15);
    assert_eq!(final_damage(&shadow, "Resist Non-physical"), 10);
}

#[test]
fn hits_and_defenders_round_trip_through_json() {
    let hit = with_advantage(Hit::new(17, types(&["fire", "cold"])))
        .keyword("fear")
        .effect(Effect::Forced(ForcedMovement::Push));
    let back: Hit = serde_json::from_str(&serde_json::to_string(&hit).unwrap()).unwrap();
    assert_eq!(back, hit);
    let d = defender(
        "Swarm; Resist 10 Fire (Not Silvered); Damage Trigger Cold: slowed; Nondamage Immune: Charm",
    );
    let back: fray::damage::Defender =
        serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(back, d);
}

/// Among several resistances to one type, no limit beats any limit and a higher limit
/// beats a lower one, wherever each is listed.
#[test]
fn the_best_of_several_resistances_applies_wherever_it_is_listed() {
    let hit = fire(30);
    let alone = |traits: &str| final_damage(&hit, traits);
    assert_ne!(alone("Resist 5 Fire"), alone("Resist 10 Fire"));
    assert_ne!(alone("Resist 10 Fire"), alone("Resist Fire"));
    assert_eq!(
        alone("Resist 5 Fire; Resist 10 Fire"),
        alone("Resist 10 Fire")
    );
    assert_eq!(
        alone("Resist 10 Fire; Resist 5 Fire"),
        alone("Resist 10 Fire")
    );
    assert_eq!(alone("Resist 10 Fire; Resist Fire"), alone("Resist Fire"));
}

/// The trace says why one of several resistances was chosen.
#[test]
fn the_trace_says_why_a_resistance_was_chosen() {
    let says = |traits: &str, why: &str| {
        let e = explained(&fire(30), traits);
        assert!(
            e.trace.steps.iter().any(|s| s.text.contains(why)),
            "{traits}: {:#?}",
            e.trace.steps
        );
    };
    says("Resist 5 Fire; Resist 10 Fire", "it has the highest limit");
    says("Resist 5 Fire; Resist Fire", "it has no limit");
}

#[test]
fn a_vulnerability_adds_half_when_its_limit_is_higher() {
    assert_eq!(final_damage(&fire(12), "Vulnerable Fire 10"), 18);
    assert_eq!(final_damage(&fire(12), "Vulnerable Fire 4"), 16);
}

#[test]
fn the_trace_names_discarded_vulnerabilities_and_applied_reductions() {
    let discarded = |hit: &Hit| {
        explained(hit, "Vulnerable Fire (Advantage)")
            .trace
            .steps
            .iter()
            .any(|s| s.text.contains("discarded: its condition is not met"))
    };
    assert!(discarded(&fire(10)));
    assert!(!discarded(&with_advantage(fire(10))));
    let reduced = fire(10).by(fray::damage::AttackFacts::default().with_reduction(
        fray::damage::TypeSelector::Only(fray::damage::DamageType::Fire),
        5,
    ));
    let e = explained(&reduced, "Resist 10 Fire");
    assert!(
        e.trace.steps.iter().any(|s| s
            .text
            .contains("Resistance reduction Fire 5 against Resist Fire 10")),
        "{:#?}",
        e.trace.steps
    );
}

#[test]
fn several_types_name_the_two_largest_first_of_equals_and_count_what_they_mitigate() {
    let hit = Hit::new(20, types(&["fire", "cold", "acid"]));
    let e = explained(&hit, "Resist 10 Fire; Resist 6 Cold; Resist 6 Acid");
    let step = e
        .trace
        .steps
        .iter()
        .find(|s| s.text.contains("the two largest are"))
        .unwrap_or_else(|| panic!("{:#?}", e.trace.steps));
    assert!(step.text.contains("fire 10 and cold 6"), "{}", step.text);
    assert!(
        step.numbers.iter().any(|(name, _)| *name == "mitigated"),
        "{step:?}"
    );
    assert!(
        !step.numbers.iter().any(|(name, _)| *name == "added"),
        "{step:?}"
    );
}

#[test]
fn a_single_resistance_is_not_said_to_be_chosen() {
    let e = explained(&fire(30), "Resist 5 Fire");
    assert!(
        !e.trace
            .steps
            .iter()
            .any(|s| s.text.contains("chosen among"))
    );
}

#[test]
fn the_types_listing_says_whether_physical_may_be_chosen() {
    use fray::damage::types_listing;
    assert!(types_listing(ChoiceRule::IncludingPhysical).including_physical);
    assert!(!types_listing(ChoiceRule::ExcludingPhysical).including_physical);
}
