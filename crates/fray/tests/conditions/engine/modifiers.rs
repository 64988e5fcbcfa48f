//! Modifiers and durations: how they read, whom they are given to, what they add to the
//! defenses, and when they end.

use fray::conditions::{
    AttackOptions, Defense, Duration, Encounter, Modifier, ModifierType, Target, parse_script,
};
use fray::rng::{ScriptedRolls, SeededRolls};

use super::{AURA, hero_turn};

#[test]
fn durations_read_as_a_powers_text_gives_them() {
    let cases = [
        (
            Duration::EndOfNextTurn("Orc".into()),
            "until the end of Orc's next turn",
        ),
        (Duration::SaveEnds, "save ends"),
        (Duration::UntilEnded, "until ended"),
        (Duration::EndOfEncounter, "until the end of the encounter"),
    ];
    for (duration, text) in cases {
        assert_eq!(duration.to_string(), text);
    }
}

#[test]
fn ending_a_sources_modifiers_ends_them_on_that_creature_only() {
    let creatures = parse_script(AURA).unwrap().creatures;
    let mut e = Encounter::new(creatures);
    let bless = || Modifier::new(ModifierType::Power, 1, "Bless");
    for c in [0, 4] {
        e.add_modifier(c, Target::Defenses, bless(), &Duration::EndOfEncounter)
            .unwrap();
    }
    e.end_modifier(0, "Bless").unwrap();
    let ac = |e: &Encounter, c| e.defense_modifiers_of(c, Defense::Ac).total;
    assert_eq!((ac(&e, 0), ac(&e, 4)), (0, 1));
    assert!(e.end_modifier(0, "Bless").is_err(), "nothing left to end");
}

#[test]
fn modifier_targets_read_in_words() {
    let words = [
        (Target::Attack, "attack rolls"),
        (Target::Defenses, "all defenses"),
        (Target::Ac, "AC"),
        (Target::Fortitude, "Fortitude"),
        (Target::Reflex, "Reflex"),
        (Target::Will, "Will"),
        (Target::Perception, "Perception"),
    ];
    for (target, text) in words {
        assert_eq!(target.to_string(), text);
    }
}

#[test]
fn a_modifier_until_the_end_of_a_creatures_next_turn_outlasts_the_current_one() {
    let creatures = parse_script(AURA).unwrap().creatures;
    let mut e = Encounter::new(creatures);
    let mut rolls = SeededRolls::new(1);
    let ac = |e: &Encounter| e.defense_modifiers_of(0, Defense::Ac).total;
    e.start_turn(1, &mut rolls);
    let until = Duration::EndOfNextTurn("Near".into());
    e.add_modifier(
        0,
        Target::Defenses,
        Modifier::new(ModifierType::Power, 2, "Shield"),
        &until,
    )
    .unwrap();
    e.end_turn(1, &mut rolls);
    assert_eq!(
        ac(&e),
        2,
        "the turn it was given in is not Near's next turn"
    );
    e.start_turn(0, &mut rolls);
    e.end_turn(0, &mut rolls);
    assert_eq!(ac(&e), 2, "another creature's turn");
    e.start_turn(1, &mut rolls);
    e.end_turn(1, &mut rolls);
    assert_eq!(ac(&e), 0, "ended with Near's next turn");
}

#[test]
fn an_attack_without_a_log_counts_the_targets_defense_modifiers() {
    for (keep_log, shield) in [(true, 0), (false, 0), (false, 11), (true, 11)] {
        let mut e = hero_turn();
        e.keep_log = keep_log;
        if shield > 0 {
            let m = Modifier::new(ModifierType::Power, shield, "Shield");
            e.add_modifier(1, Target::Ac, m, &Duration::EndOfEncounter)
                .unwrap();
        }
        // 19 + 1 reaches the Orc's AC 10, not 21.
        e.attack_with(
            0,
            0,
            &[1],
            &AttackOptions::default(),
            &mut ScriptedRolls::dice([19]),
        )
        .unwrap();
        let hit = e.creatures()[1].hp < 100;
        assert_eq!(hit, shield == 0, "log kept: {keep_log}, shield {shield}");
    }
}

#[test]
fn a_modifier_until_the_end_of_the_encounter_ends_with_it() {
    let mut e = Encounter::new(parse_script(AURA).unwrap().creatures);
    let shield = Modifier::new(ModifierType::Power, 2, "Shield");
    e.add_modifier(0, Target::Defenses, shield, &Duration::EndOfEncounter)
        .unwrap();
    let mut rolls = SeededRolls::new(1);
    e.start_turn(0, &mut rolls);
    e.end_turn(0, &mut rolls);
    assert_eq!(
        e.defense_modifiers_of(0, Defense::Ac).total,
        2,
        "a turn's end leaves it"
    );
    e.end_encounter();
    assert_eq!(e.defense_modifiers_of(0, Defense::Ac).total, 0);
}

#[test]
fn total_defense_adds_4_to_every_defense() {
    let mut e = hero_turn();
    assert_eq!(e.defense_modifiers(0).total, 0);
    e.total_defense(0).unwrap();
    assert_eq!(e.defense_modifiers(0).total, 4);
    assert_eq!(e.defense_modifiers_of(0, Defense::Will).total, 4);
}
