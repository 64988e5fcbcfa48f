//! The encounter's queries and a script's outer limits, checked directly (the example
//! scripts reach them only through their expectations).

use std::collections::HashMap;

use fray::conditions::script::{MAX_CREATURES, MAX_STEPS};
use fray::conditions::{
    ActionType, AttackOptions, CharacterCondition, Defense, Duration, Encounter, EscapeChoice,
    Forced, Modifier, ModifierType, Square, Target, parse_script,
};
use fray::damage::{DamageType, Hit};
use fray::rng::{ScriptedRolls, SeededRolls};

/// A fighter with a defender aura of 2 and enemies at distances 1, 2 and 3.
const AURA: &str = r#"
[[creature]]
name = "Fighter"
side = "a"
hp = 30
position = [0, 0]
aura = 2
[[creature]]
name = "Near"
side = "b"
hp = 10
position = [1, 1]
[[creature]]
name = "Edge"
side = "b"
hp = 10
position = [2, 0]
[[creature]]
name = "Far"
side = "b"
hp = 10
position = [3, 0]
[[creature]]
name = "Friend"
side = "a"
hp = 10
position = [0, 1]
"#;

#[test]
fn a_defender_aura_covers_enemies_up_to_its_size_while_its_owner_is_up() {
    let creatures = parse_script(AURA).unwrap().creatures;
    let mut e = Encounter::new(creatures);
    let marked = |e: &Encounter| (0..5).map(|c| e.aura_markers(c)).collect::<Vec<_>>();
    assert_eq!(
        marked(&e),
        [vec![], vec![0], vec![0], vec![], vec![]],
        "Near and Edge (distance 2) are covered; Far, the Fighter's friend and the Fighter are not"
    );
    e.creatures[0].hp = 0;
    assert_eq!(
        marked(&e),
        vec![Vec::<usize>::new(); 5],
        "a fallen defender's aura covers no one"
    );
}

#[test]
fn squares_convert_to_coordinate_pairs() {
    let pair: [i32; 2] = Square { x: 3, y: -7 }.into();
    assert_eq!(pair, [3, -7]);
}

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
fn area_and_ranged_powers_provoke_and_melee_powers_do_not() {
    let text = |keywords: &str| {
        format!(
            "[[creature]]\nname = \"C\"\nside = \"a\"\nhp = 5\nposition = [0, 0]\n\
             [[creature.power]]\nname = \"P\"\nkeywords = [{keywords}]\nattack = 1\n"
        )
    };
    for (keywords, area, provokes) in [
        ("\"melee\"", false, false),
        ("\"ranged\"", false, true),
        ("\"burst\"", true, true),
        ("\"blast\"", true, true),
        ("\"area\"", true, true),
    ] {
        let script = parse_script(&text(keywords)).unwrap();
        let power = &script.creatures[0].powers[0];
        assert_eq!(
            (power.is_area(), power.provokes()),
            (area, provokes),
            "{keywords}"
        );
    }
}

/// A script of `creatures` creatures and `steps` steps.
fn sized_script(creatures: usize, steps: usize) -> String {
    let mut s = String::new();
    for i in 0..creatures {
        s += &format!("[[creature]]\nname = \"C{i}\"\nside = \"a\"\nhp = 5\n");
    }
    for _ in 0..steps {
        s += "[[step]]\ndo = \"next-turn\"\n";
    }
    s
}

#[test]
fn a_script_at_its_size_limits_is_read_and_one_more_is_refused() {
    assert!(parse_script(&sized_script(MAX_CREATURES, 1)).is_ok());
    assert!(parse_script(&sized_script(1, MAX_STEPS)).is_ok());
    for (creatures, steps) in [(MAX_CREATURES + 1, 1), (1, MAX_STEPS + 1)] {
        let e = parse_script(&sized_script(creatures, steps))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!("at most {MAX_CREATURES} creatures")),
            "{e}"
        );
    }
}

#[test]
fn an_effect_named_by_blanks_is_refused() {
    let text = format!(
        "{}[[step]]\ndo = \"apply\"\ncreature = \"C0\"\ncondition = \"dazed\"\neffect = \"  \"\nduration = \"save-ends\"\n",
        sized_script(1, 0)
    );
    let e = parse_script(&text).unwrap_err().to_string();
    assert!(e.contains("expected the name of an effect"), "{e}");
}

/// The Hero (a minor-action jab of 1 damage) beside an Orc, and a Bystander, on the Hero's turn.
fn hero_turn() -> Encounter {
    let text = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature.power]]
name = "Jab"
action = "minor"
keywords = ["melee"]
attack = 1
damage = "1"
[[creature.power]]
name = "Taunt"
action = "free"
keywords = ["melee"]
attack = 1
[[creature]]
name = "Orc"
side = "b"
hp = 100
position = [1, 0]
[[creature]]
name = "Bystander"
side = "a"
hp = 10
position = [0, 5]
"#;
    let mut e = Encounter::new(parse_script(text).unwrap().creatures);
    e.start_turn(0, &mut SeededRolls::new(1));
    e
}

/// Which of standard, move and minor the Hero may still take.
fn left(e: &Encounter) -> [bool; 3] {
    [ActionType::Standard, ActionType::Move, ActionType::Minor].map(|a| e.can_take(0, a).is_ok())
}

fn jab(e: &mut Encounter) {
    e.attack_with(
        0,
        0,
        &[1],
        &AttackOptions::default(),
        &mut SeededRolls::new(2),
    )
    .unwrap();
}

fn step(e: &mut Encounter, x: i32) {
    e.walk(0, &[Square { x, y: 1 }]).unwrap();
}

#[test]
fn a_turns_actions_trade_down_standard_to_move_to_minor() {
    let mut e = hero_turn();
    assert_eq!(left(&e), [true, true, true]);
    e.total_defense(0).unwrap();
    assert_eq!(left(&e), [false, true, true], "the move and minor are left");
    jab(&mut e);
    assert_eq!(
        left(&e),
        [false, true, true],
        "the move can serve as a minor"
    );
    step(&mut e, 0);
    assert_eq!(left(&e), [false, false, false], "all three spent");

    let mut e = hero_turn();
    step(&mut e, 0);
    step(&mut e, 1);
    assert_eq!(
        left(&e),
        [false, false, true],
        "two moves spend the standard; the minor is left"
    );

    let mut e = hero_turn();
    jab(&mut e);
    step(&mut e, 0);
    assert_eq!(
        left(&e),
        [true, true, true],
        "the standard can still serve as a move or a minor"
    );
}

#[test]
fn a_dazed_creature_has_one_main_action_and_one_minor() {
    let mut e = hero_turn();
    e.apply(
        0,
        CharacterCondition::Dazed,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    jab(&mut e);
    assert_eq!(left(&e), [true, true, false]);
    step(&mut e, 0);
    assert_eq!(left(&e), [false, false, false]);
}

#[test]
fn a_stunned_creature_takes_one_action_and_no_reactions() {
    let mut e = hero_turn();
    e.apply(
        0,
        CharacterCondition::Stunned,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    assert_eq!(left(&e), [true, true, true]);
    e.total_defense(0).unwrap();
    assert_eq!(left(&e), [false, false, false]);
    assert!(
        e.can_take(0, ActionType::Free).is_ok(),
        "a free action is not counted"
    );
    assert!(e.can_take(0, ActionType::Opportunity).is_err());
}

#[test]
fn only_free_actions_and_reactions_are_taken_out_of_turn() {
    let e = hero_turn();
    for action in [ActionType::Standard, ActionType::Move, ActionType::Minor] {
        assert!(
            e.can_take(2, action).is_err(),
            "{action:?} on the Hero's turn"
        );
    }
    for action in [
        ActionType::Free,
        ActionType::Opportunity,
        ActionType::Immediate,
    ] {
        assert!(
            e.can_take(2, action).is_ok(),
            "{action:?} on the Hero's turn"
        );
    }
}

#[test]
fn a_free_action_is_not_counted_against_a_one_action_turn() {
    for condition in [CharacterCondition::Swallowed, CharacterCondition::Dazed] {
        let mut e = hero_turn();
        e.apply(0, condition, Some(1), &Duration::SaveEnds, None)
            .unwrap();
        e.attack_with(
            0,
            1,
            &[1],
            &AttackOptions::default(),
            &mut SeededRolls::new(3),
        )
        .unwrap();
        assert!(e.can_take(0, ActionType::Standard).is_ok(), "{condition:?}");
    }
}

#[test]
fn only_a_forced_attack_is_logged_as_ignoring_marks() {
    let mut e = hero_turn();
    e.keep_log = true;
    e.apply(
        0,
        CharacterCondition::Marked,
        Some(1),
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    jab(&mut e);
    assert!(
        e.log.iter().any(|s| s.text.contains("Jab")),
        "the attack is logged"
    );
    assert!(
        !e.log.iter().any(|s| s.text.contains("forced attack")),
        "{:#?}",
        e.log
    );
}

/// An out-of-range value that TOML locates at its whole `[[step]]` table is pointed at
/// itself, not at the same digits inside another number of the line.
#[test]
fn an_out_of_range_roll_is_located_at_itself() {
    for (rolls, column) in [("[10, 0]", 14), ("[1_0, 0]", 15), ("[0x10, 0]", 16)] {
        let text = format!(
            "{}[[step]]\ndo = \"next-turn\"\nrolls = {rolls}\n",
            sized_script(1, 0)
        );
        let e = parse_script(&text).unwrap_err().to_string();
        assert!(
            e.contains(&format!("line 7, column {column}")),
            "{rolls}: {e}"
        );
    }
}

#[test]
fn a_powers_forced_movement_is_read() {
    let text = format!(
        "{}[[creature.power]]\nname = \"Shove\"\nkeywords = [\"melee\"]\nattack = 2\nforced = [\"push\", 2]\n",
        sized_script(1, 0)
    );
    let script = parse_script(&text).unwrap();
    assert_eq!(
        script.creatures[0].powers[0].forced,
        Some((Forced::Push, 2))
    );
}

#[test]
fn healing_is_halved_for_the_weakened_and_stops_at_full_hit_points() {
    let mut e = hero_turn();
    e.keep_log = true;
    e.creatures[2].hp = 2;
    e.heal(2, 5);
    assert_eq!(e.creatures[2].hp, 7);
    e.heal(2, 50);
    assert_eq!(e.creatures[2].hp, 10, "no more than its maximum");
    assert!(!e.log.iter().any(|s| s.text.contains("halved")));
    e.creatures[2].hp = 2;
    e.apply(
        2,
        CharacterCondition::Weakened,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    e.heal(2, 5);
    assert_eq!(e.creatures[2].hp, 4, "5 halved, rounded down");
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
    assert_eq!(e.creatures[1].hp, 10);
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
        e.creatures[1].hp = hp;
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
fn an_aura_does_not_mark_a_creature_immune_to_marks() {
    let text = AURA.replacen(
        "name = \"Near\"\nside = \"b\"\nhp = 10\n",
        "name = \"Near\"\nside = \"b\"\nhp = 10\ntraits = \"Condition Immune: Marked\"\n",
        1,
    );
    let e = Encounter::new(parse_script(&text).unwrap().creatures);
    assert_eq!(e.aura_markers(1), [0], "inside the aura");
    assert!(!e.has(1, CharacterCondition::Marked), "but immune");
    assert!(e.has(2, CharacterCondition::Marked));
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

/// The Hero beside an Orc, and an Ally on the Orc's far side.
const FLANK: &str = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature]]
name = "Orc"
side = "b"
hp = 30
position = [1, 0]
[[creature]]
name = "Ally"
side = "a"
hp = 30
position = [2, 0]
"#;

#[test]
fn flanking_needs_an_adjacent_attacker_and_a_living_ally_opposite() {
    let creatures = parse_script(FLANK).unwrap().creatures;
    let mut e = Encounter::new(creatures.clone());
    assert_eq!(e.flanking_ally(0, 1), Some(2));
    e.creatures[2].hp = 0;
    assert_eq!(e.flanking_ally(0, 1), None, "a fallen ally flanks no one");
    let mut far = creatures;
    far[0].position = Some(Square { x: -1, y: 0 });
    far[2].position = Some(Square { x: 3, y: 0 });
    let e = Encounter::new(far);
    assert_eq!(
        e.flanking_ally(0, 1),
        None,
        "two squares away on both sides"
    );
}

#[test]
fn every_reason_for_combat_advantage_is_given() {
    let mut e = Encounter::new(parse_script(FLANK).unwrap().creatures);
    e.apply(
        1,
        CharacterCondition::Prone,
        None,
        &Duration::UntilEnded,
        None,
    )
    .unwrap();
    let why = e.combat_advantage(0, 1);
    assert_eq!(
        why,
        [
            "Orc is prone and the attacker is adjacent",
            "Hero flanks with Ally"
        ]
    );
    assert!(e.has_combat_advantage(0, 1));
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
        let hit = e.creatures[1].hp < 100;
        assert_eq!(hit, shield == 0, "log kept: {keep_log}, shield {shield}");
    }
}

/// A Hero (Acrobatics +5, Athletics +4) grabbed by an Orc (Reflex 17, Fortitude 10) that dominates a
/// Thrall, on the Hero's turn.
const GRAB: &str = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
acrobatics = 5
athletics = 4
position = [0, 0]
[[creature]]
name = "Orc"
side = "b"
hp = 30
reflex = 17
fortitude = 10
position = [1, 0]
[[creature]]
name = "Thrall"
side = "a"
hp = 30
speed = 3
position = [0, 4]
"#;

#[test]
fn an_escape_uses_the_skill_with_the_better_margin() {
    let mut e = Encounter::new(parse_script(GRAB).unwrap().creatures);
    e.apply(
        0,
        CharacterCondition::Grabbed,
        Some(1),
        &Duration::UntilEnded,
        None,
    )
    .unwrap();
    e.start_turn(0, &mut SeededRolls::new(1));
    // Acrobatics: 10 + 5 against Reflex 17 fails (margin −2); Athletics: 10 + 4 against
    // Fortitude 10 escapes (margin +4).
    let choice = EscapeChoice {
        roll: 10,
        skill: None,
    };
    assert_eq!(
        e.escape(0, 1, Some(CharacterCondition::Grabbed), choice),
        Ok(true)
    );
    assert!(!e.has(0, CharacterCondition::Grabbed));
}

#[test]
fn a_dominator_moves_its_thrall_up_to_the_thralls_speed() {
    let mut e = Encounter::new(parse_script(GRAB).unwrap().creatures);
    e.apply(
        2,
        CharacterCondition::Dominated,
        Some(1),
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    let path = |n: i32| (1..=n).map(|x| Square { x, y: 4 }).collect::<Vec<_>>();
    e.start_turn(1, &mut SeededRolls::new(1));
    assert!(
        e.dominator_moves(1, 2, &path(4), &HashMap::new()).is_err(),
        "past its speed"
    );
    assert!(
        e.dominator_moves(1, 2, &path(3), &HashMap::new()).is_ok(),
        "its speed, 3"
    );
    assert_eq!(e.creatures[2].position, Some(Square { x: 3, y: 4 }));
}

#[test]
fn leaving_a_living_enemys_side_provokes() {
    for (orc_hp, provokes) in [(30, true), (0, false)] {
        let mut e = Encounter::new(parse_script(GRAB).unwrap().creatures);
        e.keep_log = true;
        e.creatures[1].hp = orc_hp;
        e.start_turn(0, &mut SeededRolls::new(1));
        e.walk(0, &[Square { x: -1, y: 0 }]).unwrap();
        let said = e
            .log
            .iter()
            .any(|s| s.text.contains("provokes an opportunity attack"));
        assert_eq!(said, provokes, "Orc at {orc_hp} hp");
    }
    // Walking along the Orc's side, from a square not next to it, provokes nothing.
    let mut e = Encounter::new(parse_script(GRAB).unwrap().creatures);
    e.keep_log = true;
    e.creatures[0].position = Some(Square { x: -2, y: 0 });
    e.start_turn(0, &mut SeededRolls::new(1));
    e.walk(0, &[Square { x: -3, y: 0 }]).unwrap();
    assert!(!e.log.iter().any(|s| s.text.contains("provokes")));
}

#[test]
fn only_a_placed_creature_on_the_grid_occupies_space() {
    let mut e = Encounter::new(parse_script(&sized_script(2, 0)).unwrap().creatures);
    assert!(!e.occupies_space(0), "not placed");
    e.creatures[1].position = Some(Square { x: 0, y: 0 });
    assert!(e.occupies_space(1));
    e.apply(
        1,
        CharacterCondition::Exiled,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    assert!(!e.occupies_space(1), "exiled");
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
        assert_eq!(30 - e.creatures[1].hp, lost, "saves {saves:?}");
    }
}

#[test]
fn an_expectation_naming_an_effect_counts_only_that_effects_instances() {
    let text = format!(
        "{}[[step]]\ndo = \"apply\"\ncreature = \"C0\"\ncondition = \"restrained\"\neffect = \"Web\"\nduration = \"until-ended\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"condition\"\ncreature = \"C0\"\ncondition = \"restrained\"\neffect = \"Net\"\npresent = false\n\
         [[step]]\ndo = \"expect\"\ncheck = \"condition\"\ncreature = \"C0\"\ncondition = \"restrained\"\neffect = \"Web\"\n",
        sized_script(1, 0)
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    assert_eq!(
        (report.expectations_met, report.failures.len()),
        (2, 0),
        "{:?}",
        report.failures
    );
}

#[test]
fn an_expected_refusal_must_mention_its_words() {
    let text = format!(
        "{}[[step]]\ndo = \"end\"\ncreature = \"C0\"\ncondition = \"restrained\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"refused\"\ncontains = \"C0\"\n\
         [[step]]\ndo = \"expect\"\ncheck = \"refused\"\ncontains = \"a word it does not say\"\n",
        sized_script(1, 0)
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    assert_eq!(
        (report.expectations_met, report.failures.len()),
        (1, 1),
        "{:?}",
        report.failures
    );
}

#[test]
fn every_name_in_an_expectation_must_be_known() {
    for (field, line) in [
        ("creature = \"Nobody\"\ncondition = \"dazed\"\n", 8),
        (
            "creature = \"C0\"\ncondition = \"dazed\"\nsource = \"Nobody\"\n",
            10,
        ),
    ] {
        let text = format!(
            "{}[[step]]\ndo = \"expect\"\ncheck = \"condition\"\n{field}",
            sized_script(1, 0)
        );
        let e = parse_script(&text).unwrap_err().to_string();
        assert!(
            e.contains("Nobody") && e.contains(&format!("line {line}")),
            "{e}"
        );
    }
}

#[test]
fn steps_without_fixed_rolls_draw_from_the_seed() {
    let text = FLANK.replace(
        "name = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n",
        "name = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n[[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"1d12\"\n",
    ) + "[[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\n";
    let script = parse_script(&text).unwrap();
    let logs: std::collections::HashSet<Vec<String>> = (0..8)
        .map(|seed| {
            let report = fray::conditions::run_script(&script, Some(seed));
            report.log.iter().map(|s| s.text.clone()).collect()
        })
        .collect();
    assert!(logs.len() > 1, "eight seeds played one way");
}

#[test]
fn fixed_rolls_a_step_does_not_use_are_reported() {
    let text = format!(
        "{}[[step]]\ndo = \"next-turn\"\nrolls = [3, 4]\n",
        sized_script(1, 0)
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    assert_eq!(report.failures.len(), 1, "{:?}", report.failures);
    assert!(
        report.failures[0]
            .message
            .contains("2 fixed roll(s) were not used"),
        "{:?}",
        report.failures
    );
    let plain = format!("{}[[step]]\ndo = \"next-turn\"\n", sized_script(1, 0));
    assert!(
        fray::conditions::run_script(&parse_script(&plain).unwrap(), None)
            .failures
            .is_empty()
    );
}

#[test]
fn minor_actions_spend_the_minor_then_the_move_then_the_standard() {
    let mut e = hero_turn();
    let mut after = Vec::new();
    for _ in 0..3 {
        jab(&mut e);
        after.push(left(&e));
    }
    assert_eq!(
        after,
        [
            [true, true, true],
            [true, true, true],
            [false, false, false]
        ],
        "a second minor takes the move, a third the standard"
    );
    let mut e = hero_turn();
    jab(&mut e);
    jab(&mut e);
    e.total_defense(0).unwrap();
    assert_eq!(
        left(&e),
        [false, false, false],
        "the second minor took the move"
    );
}

/// Whether the Fighter's triggered strike hits the Orc that violated its mark, on a d20
/// of 11 against AC 10 (no flanking: the Hero is not opposite), when the Fighter is
/// `marked` by the Goblin itself.
fn triggered_strike_hits(marked: bool) -> bool {
    let text = r#"
[[creature]]
name = "Fighter"
side = "a"
hp = 30
position = [0, 0]
[[creature.power]]
name = "Challenge"
action = "immediate"
keywords = ["melee"]
attack = 0
damage = "1"
trigger = "mark-violated"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [2, 1]
[[creature]]
name = "Orc"
side = "b"
hp = 30
ac = 10
position = [1, 0]
[[creature.power]]
name = "Club"
keywords = ["melee"]
attack = 5
[[creature]]
name = "Goblin"
side = "b"
hp = 30
position = [0, 5]
"#;
    let mut e = Encounter::new(parse_script(text).unwrap().creatures);
    e.apply(
        2,
        CharacterCondition::Marked,
        Some(0),
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    if marked {
        e.apply(
            0,
            CharacterCondition::Marked,
            Some(3),
            &Duration::SaveEnds,
            None,
        )
        .unwrap();
    }
    e.start_turn(2, &mut ScriptedRolls::dice([]));
    // The Orc attacks the Hero, not its marker: the Fighter's Challenge triggers.
    e.attack_with(
        2,
        0,
        &[1],
        &AttackOptions::default(),
        &mut ScriptedRolls::dice([15, 11]),
    )
    .unwrap();
    e.creatures[2].hp < 30
}

#[test]
fn a_triggered_attack_that_violates_its_owners_own_mark_takes_the_penalty() {
    assert!(triggered_strike_hits(false), "11 reaches AC 10");
    assert!(!triggered_strike_hits(true), "11 − 2 does not");
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
fn a_forced_path_longer_than_the_power_allows_is_cut_and_said_so() {
    let text = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature.power]]
name = "Shove"
keywords = ["melee"]
attack = 5
forced = ["push", 1]
[[creature]]
name = "Orc"
side = "b"
hp = 30
position = [1, 0]
"#;
    for (squares, cut) in [(1, false), (2, true)] {
        let mut e = Encounter::new(parse_script(text).unwrap().creatures);
        e.keep_log = true;
        e.start_turn(0, &mut ScriptedRolls::dice([]));
        let path: Vec<Square> = (2..2 + squares).map(|x| Square { x, y: 0 }).collect();
        let o = AttackOptions {
            forced_paths: HashMap::from([(1, path)]),
            ..AttackOptions::default()
        };
        e.attack_with(0, 0, &[1], &o, &mut ScriptedRolls::dice([19]))
            .unwrap();
        assert_eq!(
            e.creatures[1].position,
            Some(Square { x: 2, y: 0 }),
            "{squares} squares asked"
        );
        let said = e.log.iter().any(|s| s.text.contains("the path is cut"));
        assert_eq!(said, cut, "{squares} squares asked");
    }
}

#[test]
fn a_grab_from_afar_pulls_the_target_to_the_nearest_free_square_beside_the_grabber() {
    let text = |blocked: bool| {
        let mut t = String::from(
            "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
             [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 30\nposition = [5, 0]\n",
        );
        if blocked {
            t += "[[object]]\nname = \"Crate\"\nhp = 5\nposition = [4, 0]\n";
        }
        t
    };
    for (blocked, to) in [
        (false, Square { x: 4, y: 0 }),
        (true, Square { x: 4, y: -1 }),
    ] {
        let mut e = Encounter::new(parse_script(&text(blocked)).unwrap().creatures);
        e.apply(
            0,
            CharacterCondition::Grabbed,
            Some(1),
            &Duration::UntilEnded,
            None,
        )
        .unwrap();
        assert_eq!(e.creatures[0].position, Some(to), "blocked: {blocked}");
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

/// The Fighter's aura marks from it on `c`, by duration kind.
fn aura_and_other_marks(e: &Encounter, c: usize) -> (usize, usize) {
    let from_fighter: Vec<_> = e
        .instances_of(c, CharacterCondition::Marked)
        .filter(|i| i.source == Some(0))
        .collect();
    let aura = from_fighter
        .iter()
        .filter(|i| i.duration == fray::conditions::InstanceDuration::WhileInAura)
        .count();
    (aura, from_fighter.len() - aura)
}

#[test]
fn an_aura_marks_each_creature_in_it_once_beside_other_marks_from_its_owner() {
    let mut e = Encounter::new(parse_script(AURA).unwrap().creatures);
    assert_eq!(
        [1, 2, 3].map(|c| aura_and_other_marks(&e, c)),
        [(1, 0), (1, 0), (0, 0)]
    );
    e.apply(
        1,
        CharacterCondition::Marked,
        Some(0),
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    e.start_turn(1, &mut SeededRolls::new(1));
    e.walk(1, &[Square { x: 1, y: 0 }]).unwrap();
    assert_eq!(
        aura_and_other_marks(&e, 1),
        (1, 1),
        "still one aura mark, and the other"
    );
    assert_eq!(aura_and_other_marks(&e, 2), (1, 0));
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
fn a_step_refused_for_a_bad_fixed_roll_draws_nothing_from_the_seed() {
    let base = "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
                [[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"2d6\"\n\
                [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 40\nposition = [1, 0]\n";
    let attack =
        "[[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\n";
    // A d20 of 15, then a 9 on the first d6: refused, the second d6 still to come.
    let refused = format!("{attack}rolls = [15, 9]\n");
    let plays = |text: &str, seed: u64| -> Vec<String> {
        let report = fray::conditions::run_script(&parse_script(text).unwrap(), Some(seed));
        report
            .log
            .iter()
            .map(|s| s.text.clone())
            .filter(|t| !t.contains("refused") && !t.contains("FAILED"))
            .collect()
    };
    for seed in 0..6 {
        assert_eq!(
            plays(&format!("{base}{refused}{attack}"), seed),
            plays(&format!("{base}{attack}"), seed),
            "seed {seed}"
        );
    }
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

/// A crowd of objects on every square within 19 of the origin but the origin itself.
fn crowd_around_origin() -> Vec<fray::conditions::Creature> {
    let crate_ = parse_script("[[object]]\nname = \"Crate\"\nhp = 5\nposition = [1, 0]\n")
        .unwrap()
        .creatures
        .remove(0);
    let mut crowd = Vec::new();
    for x in -19..=19 {
        for y in -19..=19 {
            if (x, y) != (0, 0) {
                let mut c = crate_.clone();
                c.name = format!("Crate {x},{y}");
                c.position = Some(Square { x, y });
                crowd.push(c);
            }
        }
    }
    crowd
}

#[test]
fn a_crowd_pushes_a_pull_or_a_return_out_to_the_first_free_ring() {
    let two = parse_script(
        "[[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 30\nposition = [0, 0]\n\
         [[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [50, 0]\n",
    )
    .unwrap()
    .creatures;
    let mut creatures = two.clone();
    creatures.extend(crowd_around_origin());
    // Grabbed from afar: pulled to the nearest free square around the Orc, 20 away.
    let mut e = Encounter::new(creatures.clone());
    e.apply(
        1,
        CharacterCondition::Grabbed,
        Some(0),
        &Duration::UntilEnded,
        None,
    )
    .unwrap();
    assert_eq!(e.creatures[1].position, Some(Square { x: 20, y: 0 }));
    // Exiled from the origin, which the Orc then takes: it returns 20 squares away.
    creatures.swap(0, 1);
    creatures[0].position = Some(Square { x: 0, y: 0 });
    creatures[1].position = Some(Square { x: 50, y: 50 });
    let mut e = Encounter::new(creatures);
    e.apply(
        0,
        CharacterCondition::Exiled,
        None,
        &Duration::SaveEnds,
        None,
    )
    .unwrap();
    e.creatures[1].position = Some(Square { x: 0, y: 0 });
    e.end_all(0, CharacterCondition::Exiled);
    let back = e.creatures[0].position.expect("it reappears");
    assert_eq!(back.distance(Square { x: 0, y: 0 }), 20, "{back}");
}

/// The script of one attack by the Hero (+5) on an Orc (AC 10) with a d20 of `roll`, and
/// `extra` fields on the attack step; then whether the Orc lost hit points.
fn scripted_hit(roll: u32, extra: &str, setup: &str) -> bool {
    let text = format!(
        "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
         [[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"3\"\n\
         [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 40\nac = 10\nposition = [1, 0]\n\
         [[creature]]\nname = \"Witch\"\nside = \"a\"\nhp = 40\nposition = [5, 5]\n\
         {setup}\
         [[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\nrolls = [{roll}]\n{extra}\
         [[step]]\ndo = \"expect\"\ncheck = \"hp\"\ncreature = \"Orc\"\nvalue = 37\n"
    );
    let report = fray::conditions::run_script(&parse_script(&text).unwrap(), None);
    report.failures.is_empty()
}

#[test]
fn an_attack_steps_cover_and_concealment_count() {
    // 6 + 5 = 11 reaches AC 10, but not AC 10 with cover (+2) or concealment (−2).
    assert!(scripted_hit(6, "", ""));
    assert!(!scripted_hit(6, "cover = \"cover\"\n", ""));
    assert!(!scripted_hit(6, "concealment = \"concealment\"\n", ""));
}

#[test]
fn an_attack_step_may_decline_a_dominated_targets_save() {
    let dominated = "[[step]]\ndo = \"apply\"\ncreature = \"Orc\"\ncondition = \"dominated\"\nsource = \"Witch\"\nduration = \"save-ends\"\n";
    let still = |extra: &str, rolls: &str| {
        let text = format!(
            "[[creature]]\nname = \"Hero\"\nside = \"a\"\nhp = 30\nposition = [0, 0]\n\
             [[creature.power]]\nname = \"Axe\"\nkeywords = [\"melee\"]\nattack = 5\ndamage = \"3\"\n\
             [[creature]]\nname = \"Orc\"\nside = \"b\"\nhp = 40\nposition = [1, 0]\n\
             [[creature]]\nname = \"Witch\"\nside = \"a\"\nhp = 40\nposition = [5, 5]\n\
             {dominated}\
             [[step]]\ndo = \"attack\"\nattacker = \"Hero\"\npower = \"Axe\"\ntargets = [\"Orc\"]\nrolls = {rolls}\n{extra}\
             [[step]]\ndo = \"expect\"\ncheck = \"condition\"\ncreature = \"Orc\"\ncondition = \"dominated\"\n"
        );
        fray::conditions::run_script(&parse_script(&text).unwrap(), None)
            .failures
            .is_empty()
    };
    assert!(!still("", "[15, 12]"), "saves on 12 and is free");
    assert!(
        still("dominated_save = false\n", "[15]"),
        "declined: still dominated"
    );
}
