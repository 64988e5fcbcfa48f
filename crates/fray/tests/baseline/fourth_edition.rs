//! 4E's resistances and vulnerabilities, worked by hand from the Rules Compendium.

use fray::baseline::fourth_edition::{Defender, Flat, Options, VulnerabilityRule, resolve};
use fray::damage::DamageType::{Cold, Fire, Lightning, Physical, Radiant, Thunder};

fn taken(amount: u32, types: &[fray::damage::DamageType], d: &Defender) -> u32 {
    resolve(amount, types, d, &Options::default()).final_damage
}

/// Rules Compendium p. 224: resist 10 lightning and resist 5 thunder against 15
/// lightning and thunder damage: 10 taken; with only resist 10 lightning, all 15.
#[test]
fn several_types_need_every_type_resisted_and_take_the_weakest() {
    let both = Defender {
        resist: vec![Flat::of(Lightning, 10), Flat::of(Thunder, 5)],
        ..Defender::default()
    };
    assert_eq!(taken(15, &[Lightning, Thunder], &both), 10);
    let one = Defender {
        resist: vec![Flat::of(Lightning, 10)],
        ..Defender::default()
    };
    assert_eq!(taken(15, &[Lightning, Thunder], &one), 15);
    assert_eq!(taken(15, &[Lightning], &one), 5);
}

/// Not cumulative: resist 5 cold and resist 2 all is resist 5 cold; resist 5 fire and
/// vulnerable 10 fire is vulnerable 5 fire; resistance never goes below 0.
#[test]
fn only_the_highest_resistance_and_both_kinds_apply() {
    let d = Defender {
        resist: vec![Flat::of(Cold, 5), Flat::all(2)],
        ..Defender::default()
    };
    assert_eq!(taken(12, &[Cold], &d), 7);
    assert_eq!(taken(12, &[Fire], &d), 10);
    assert_eq!(taken(3, &[Cold], &d), 0);
    let net = Defender {
        resist: vec![Flat::of(Fire, 5)],
        vulnerable: vec![Flat::of(Fire, 10)],
        ..Defender::default()
    };
    assert_eq!(taken(12, &[Fire], &net), 17);
    assert_eq!(taken(2, &[Fire], &net), 7);
}

/// The named option: vulnerable 5 thunder and 2 lightning against a thunder and
/// lightning attack add 7 (each) or 5 (the highest); vulnerable 5 all adds 5 once.
#[test]
fn vulnerabilities_by_the_named_rule() {
    let d = Defender {
        vulnerable: vec![Flat::of(Thunder, 5), Flat::of(Lightning, 2)],
        ..Defender::default()
    };
    let each = resolve(10, &[Thunder, Lightning], &d, &Options::default());
    assert_eq!(each.added, 7);
    let highest = Options {
        vulnerability: VulnerabilityRule::Highest,
    };
    assert_eq!(resolve(10, &[Thunder, Lightning], &d, &highest).added, 5);
    let all = Defender {
        vulnerable: vec![Flat::all(5)],
        ..Defender::default()
    };
    assert_eq!(taken(10, &[Fire, Radiant], &all), 15);
}

/// Physical (untyped) damage meets no 4E trait; immunity to every type stops all;
/// immunity to one type counts as a resistance to it; insubstantial halves.
#[test]
fn physical_immunity_and_insubstantial() {
    let d = Defender {
        resist: vec![Flat::all(10), Flat::of(Cold, 3)],
        vulnerable: vec![Flat::all(5)],
        immune: vec![Fire],
        ..Defender::default()
    };
    assert_eq!(taken(8, &[Physical], &d), 8);
    assert_eq!(taken(8, &[], &d), 8);
    assert_eq!(taken(20, &[Fire], &d), 0);
    // Fire (immune) and cold (resist 10 all beats 3): the weakest is 10; +5 vulnerable.
    assert_eq!(taken(20, &[Fire, Cold], &d), 15);
    // Fire and physical: physical is never resisted, so nothing is.
    assert_eq!(taken(20, &[Fire, Physical], &d), 20);
    let ghost = Defender {
        insubstantial: true,
        ..Defender::default()
    };
    assert_eq!(taken(9, &[Physical], &ghost), 4);
}

/// Taken damage never exceeds original plus what vulnerabilities add, never goes
/// negative, and falls as a resistance grows.
#[test]
fn resistance_is_monotone() {
    for amount in 0..=40 {
        let mut last = u32::MAX;
        for value in 0..=20 {
            let d = Defender {
                resist: vec![Flat::of(Fire, value), Flat::of(Cold, 20)],
                ..Defender::default()
            };
            let t = taken(amount, &[Fire, Cold], &d);
            assert!(
                t <= amount && t <= last,
                "amount {amount} resist {value}: {t}"
            );
            last = t;
        }
    }
}
