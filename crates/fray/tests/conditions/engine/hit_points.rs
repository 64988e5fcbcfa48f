//! Hit points and saving throws: healing, damage by type, falling unconscious and
//! waking, falls, and the saves that end a condition, ongoing damage or domination.

use fray::conditions::{AttackOptions, CharacterCondition, Duration, Encounter, parse_script};
use fray::damage::{DamageType, Hit};
use fray::rng::{ScriptedRolls, SeededRolls};

use super::{AURA, FLANK, hero_turn};

#[test]
fn healing_is_halved_for_the_weakened_and_stops_at_full_hit_points() {
    let mut e = hero_turn();
    e.keep_log = true;
    e.set_hp(2, 2);
    e.heal(2, 5);
    assert_eq!(e.creatures()[2].hp, 7);
    e.heal(2, 50);
    assert_eq!(e.creatures()[2].hp, 10, "no more than its maximum");
    assert!(!e.log.iter().any(|s| s.text.contains("halved")));
    e.set_hp(2, 2);
    e.apply(
        2,
        CharacterCondition::Weakened,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    e.heal(2, 5);
    assert_eq!(e.creatures()[2].hp, 4, "5 halved, rounded down");
    assert!(
        e.log.last().is_some_and(|s| s
            .text
            .contains("heals 2 (weakened: healing halved), to 4 hp")),
        "{:?}",
        e.log.last()
    );
}

#[test]
fn damage_is_counted_under_its_types_and_a_reset_starts_again() {
    let creatures = parse_script(AURA).unwrap().creatures;
    let mut e = Encounter::new(creatures.clone());
    let mut rolls = SeededRolls::new(1);
    e.take_damage(1, &Hit::new(3, [DamageType::Fire]), &mut rolls);
    e.take_damage(1, &Hit::new(4, [DamageType::Cold]), &mut rolls);
    e.take_damage(2, &Hit::new(2, [DamageType::Fire]), &mut rolls);
    let counted: Vec<(&str, u64)> = e
        .stats
        .damage_by_type
        .iter()
        .map(|(k, n)| (k.as_str(), *n))
        .collect();
    assert_eq!(counted, [("cold", 4), ("fire", 5)]);
    e.apply(
        1,
        CharacterCondition::Dazed,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    e.reset(&creatures);
    assert_eq!(e.creatures()[1].hp, 10);
    assert!(!e.has(1, CharacterCondition::Dazed));
    assert!(e.stats.damage_by_type.values().all(|n| *n == 0));
    e.take_damage(1, &Hit::new(1, [DamageType::Fire]), &mut rolls);
    assert_eq!(
        e.stats.damage_by_type["fire"], 1,
        "counted from zero after a reset"
    );
}

#[test]
fn damage_wakes_an_unconscious_creature_only_if_it_keeps_a_hit_point() {
    let creatures = parse_script(AURA).unwrap().creatures;
    let mut e = Encounter::new(creatures);
    e.keep_log = true;
    let mut rolls = SeededRolls::new(1);
    for (hp, damage, still_unconscious) in [(10, 3, false), (10, 12, true)] {
        e.set_hp(1, hp);
        e.apply(
            1,
            CharacterCondition::Unconscious,
            None,
            &Duration::UntilEnded,
            None,
        )
        .unwrap();
        e.log.clear();
        e.take_damage(1, &Hit::new(damage, [DamageType::Fire]), &mut rolls);
        assert_eq!(
            e.has(1, CharacterCondition::Unconscious),
            still_unconscious,
            "{hp} hp, {damage} damage"
        );
        let woke = e.log.iter().any(|s| s.text.contains("unconscious ends"));
        assert_eq!(
            woke, !still_unconscious,
            "{hp} hp, {damage} damage: {:#?}",
            e.log
        );
    }
}

#[test]
fn falling_unconscious_knocks_prone_once() {
    let creatures = parse_script(AURA).unwrap().creatures;
    for already_prone in [false, true] {
        let mut e = Encounter::new(creatures.clone());
        if already_prone {
            e.apply(
                3,
                CharacterCondition::Prone,
                None,
                &Duration::UntilEnded,
                None,
            )
            .unwrap();
        }
        e.apply(
            3,
            CharacterCondition::Unconscious,
            None,
            &Duration::UntilEnded,
            None,
        )
        .unwrap();
        assert_eq!(
            e.instances_of(3, CharacterCondition::Prone).count(),
            1,
            "{already_prone}"
        );
    }
}

#[test]
fn a_save_at_the_end_of_a_turn_ends_one_instance_on_10_or_more() {
    let mut e = Encounter::new(parse_script(FLANK).unwrap().creatures);
    for (c, condition) in [
        (1, CharacterCondition::Dazed),
        (1, CharacterCondition::Slowed),
        (0, CharacterCondition::Dazed),
    ] {
        e.apply(c, condition, None, &Duration::SaveEnds, None)
            .unwrap();
    }
    let mut rolls = ScriptedRolls::dice([9, 10]);
    e.end_turn(1, &mut rolls);
    assert_eq!(
        rolls.remaining(),
        0,
        "one save for each of the Orc's two instances"
    );
    assert!(e.has(1, CharacterCondition::Dazed), "9 fails");
    assert!(!e.has(1, CharacterCondition::Slowed), "10 saves");
    assert!(
        e.has(0, CharacterCondition::Dazed),
        "another creature's save is not rolled"
    );
}

#[test]
fn a_save_against_ongoing_damage_ends_that_damage_only() {
    let text = FLANK.replace(
        "name = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n",
        "name = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n[[creature.power]]\nname = \"Burn\"\nkeywords = [\"melee\"]\nattack = 5\ntypes = [\"fire\"]\nongoing = 3\n",
    )
    .replace(
        "name = \"Ally\"\nside = \"a\"\nhp = 30\nposition = [2, 0]\n",
        "name = \"Ally\"\nside = \"a\"\nhp = 30\nposition = [2, 0]\n[[creature.power]]\nname = \"Chill\"\nkeywords = [\"melee\"]\nattack = 5\ntypes = [\"cold\"]\nongoing = 5\n",
    );
    for (saves, lost) in [([10, 9], 5), ([9, 10], 3), ([10, 10], 0)] {
        let mut e = Encounter::new(parse_script(&text).unwrap().creatures);
        for attacker in [0, 2] {
            e.start_turn(attacker, &mut ScriptedRolls::dice([]));
            e.attack_with(
                attacker,
                0,
                &[1],
                &AttackOptions::default(),
                &mut ScriptedRolls::dice([19]),
            )
            .unwrap();
        }
        let mut rolls = ScriptedRolls::dice(saves);
        e.end_turn(1, &mut rolls);
        assert_eq!(rolls.remaining(), 0);
        e.start_turn(1, &mut ScriptedRolls::dice([]));
        assert_eq!(30 - e.creatures()[1].hp, lost, "saves {saves:?}");
    }
}

#[test]
fn a_dominated_creature_that_is_damaged_saves_unless_it_declines() {
    for decline in [false, true] {
        let mut e = hero_turn();
        e.apply(
            1,
            CharacterCondition::Dominated,
            Some(2),
            &Duration::SaveEnds,
            None,
        )
        .unwrap();
        let o = AttackOptions {
            decline_dominated_save: decline,
            ..AttackOptions::default()
        };
        let mut rolls = ScriptedRolls::dice(if decline { vec![19] } else { vec![19, 10] });
        e.attack_with(0, 0, &[1], &o, &mut rolls).unwrap();
        assert_eq!(rolls.remaining(), 0);
        assert_eq!(
            e.has(1, CharacterCondition::Dominated),
            decline,
            "declined: {decline}"
        );
    }
}

#[test]
fn knocked_prone_onto_a_chasm_without_falling_damage_takes_none() {
    let text = "[[terrain]]\nname = \"shallow pit\"\nsquares = [[0, 0]]\n\
                [[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
                [[step]]\ndo = \"apply\"\ncreature = \"Hero\"\ncondition = \"prone\"\n";
    let report = fray::conditions::run_script(&parse_script(text).unwrap(), None);
    let said = |words: &str| report.log.iter().any(|s| s.text.contains(words));
    assert!(said("it falls"), "{:#?}", report.log);
    assert!(!said("damage"), "{:#?}", report.log);
}

#[test]
fn a_dominated_creature_that_falls_rolls_no_save_and_says_so() {
    let text = "[[terrain]]\nname = \"chasm\"\nsquares = [[0, 0]]\nfall = 4\n\
                [[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
                [[creature]]\nname = \"Witch\"\nside = \"b\"\nhp = 30\nposition = [5, 5]\n\
                [[step]]\ndo = \"apply\"\ncreature = \"Hero\"\ncondition = \"dominated\"\nsource = \"Witch\"\nduration = \"save-ends\"\n\
                [[step]]\ndo = \"apply\"\ncreature = \"Hero\"\ncondition = \"prone\"\n";
    let report = fray::conditions::run_script(&parse_script(text).unwrap(), None);
    let said = |words: &str| report.log.iter().any(|s| s.text.contains(words));
    assert!(
        said("a fall rolls nothing: no saving throw this time"),
        "{:#?}",
        report.log
    );
}
