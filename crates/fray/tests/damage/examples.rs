//! Every worked example of the damage text.

use fray::damage::{DamageType, Hit, examples::EXAMPLES};

use super::{explained, final_damage, in_area, types, with_advantage};

const THREE_RESISTANCES: &str = "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All";

#[test]
fn choosing_among_resistances_without_advantage_uses_the_highest_limit() {
    let e = explained(&Hit::new(27, types(&["fire"])), THREE_RESISTANCES);
    assert_eq!(e.outcome.mitigated, 10);
    assert_eq!(e.outcome.final_damage, 17);
    let discarded = e
        .trace
        .of("choose")
        .filter(|s| s.text.contains("discarded"))
        .count();
    assert_eq!(discarded, 1, "only Resist Fire (Advantage) is discarded");
}

#[test]
fn choosing_among_resistances_with_advantage_uses_the_limitless_one() {
    let e = explained(
        &with_advantage(Hit::new(27, types(&["fire"]))),
        THREE_RESISTANCES,
    );
    assert_eq!(e.outcome.mitigated, 13, "half of 27, rounded down");
    assert_eq!(e.outcome.final_damage, 14);
}

#[test]
fn resistance_and_vulnerability_both_use_the_original_damage() {
    let e = explained(
        &Hit::new(17, types(&["fire"])),
        "Resist Fire; Vulnerable 5 Fire",
    );
    assert_eq!(
        (e.outcome.mitigated, e.outcome.added, e.outcome.final_damage),
        (8, 5, 14)
    );
}

#[test]
fn multiple_types_example_1_averages_the_two_largest() {
    let e = explained(
        &Hit::new(17, types(&["fire", "cold"])),
        "Resist Fire; Vulnerable 5 Cold",
    );
    assert_eq!(
        (e.outcome.mitigated, e.outcome.added, e.outcome.final_damage),
        (4, 2, 15)
    );
    let texts: Vec<&str> = e.trace.steps.iter().map(|s| s.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("fire: Resist Fire mitigates 8")),
        "{texts:#?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.starts_with("cold: Vulnerable Cold 5 adds 5")),
        "{texts:#?}"
    );
    assert!(
        texts.iter().any(|t| t.ends_with("(8 + 0) / 2 = 4")),
        "{texts:#?}"
    );
    assert!(
        texts.iter().any(|t| t.ends_with("(5 + 0) / 2 = 2")),
        "{texts:#?}"
    );
}

#[test]
fn multiple_types_example_2_counts_immunity_as_full_mitigation() {
    let e = explained(
        &Hit::new(17, types(&["fire", "cold", "acid"])),
        "Damage Immune: Fire; Vulnerable 5 Cold; Vulnerable Acid",
    );
    assert_eq!(
        (e.outcome.mitigated, e.outcome.added, e.outcome.final_damage),
        (8, 6, 15)
    );
}

#[test]
fn multiple_types_example_3_uses_resist_all_for_the_second_type() {
    let e = explained(
        &Hit::new(17, types(&["fire", "cold"])),
        "Resist Fire; Resist All 5",
    );
    assert_eq!(e.outcome.mitigated, 6, "(8 + 5) / 2, rounded down");
    assert_eq!(e.outcome.final_damage, 11);
}

#[test]
fn insubstantial_table() {
    let physical = Hit::new(20, []);
    let fire = Hit::new(20, [DamageType::Fire]);
    assert_eq!(
        final_damage(&physical, "Insubstantial"),
        10,
        "physical, no advantage: halved"
    );
    assert_eq!(
        final_damage(&fire, "Insubstantial"),
        10,
        "non-physical, no advantage: halved"
    );
    assert_eq!(
        final_damage(&with_advantage(physical), "Insubstantial"),
        20,
        "physical, advantage: normal"
    );
    assert_eq!(
        final_damage(&with_advantage(fire), "Insubstantial"),
        30,
        "non-physical, advantage: +half"
    );
}

#[test]
fn swarm_table() {
    let fire = Hit::new(20, [DamageType::Fire]);
    let poison = Hit::new(20, [DamageType::Poison]);
    assert_eq!(
        final_damage(&fire, "Swarm"),
        10,
        "non-poison, not an area: halved"
    );
    assert_eq!(
        final_damage(&poison, "Swarm"),
        20,
        "poison, not an area: normal"
    );
    for hit in [fire, poison, Hit::new(20, [])] {
        assert_eq!(
            final_damage(&in_area(hit), "Swarm"),
            30,
            "any type in a burst or blast: +half"
        );
    }
}

#[test]
fn regiment_is_a_swarm_weak_to_psychic() {
    let psychic = Hit::new(20, [DamageType::Psychic]);
    let poison = Hit::new(20, [DamageType::Poison]);
    assert_eq!(final_damage(&psychic, "Regiment"), 20);
    assert_eq!(final_damage(&poison, "Regiment"), 10);
    assert_eq!(final_damage(&in_area(poison), "Regiment"), 30);
}

#[test]
fn every_built_in_example_names_a_distinct_valid_case() {
    let mut names: Vec<&str> = EXAMPLES.iter().map(|e| e.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), EXAMPLES.len());
    for e in EXAMPLES {
        fray::damage::parse_traits(e.traits).unwrap_or_else(|err| panic!("{}: {err}", e.name));
        e.amount.parse::<fray::dice::DiceExpr>().unwrap();
    }
}
