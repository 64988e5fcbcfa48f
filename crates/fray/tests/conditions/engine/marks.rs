//! Defender auras and marks: whom an aura marks and how often, and the penalty for an
//! attack that violates a mark.

use fray::conditions::{
    AttackOptions, CharacterCondition, Duration, Encounter, Square, parse_script,
};
use fray::rng::{ScriptedRolls, SeededRolls};

use super::{AURA, hero_turn, jab};

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
    e.set_hp(0, 0);
    assert_eq!(
        marked(&e),
        vec![Vec::<usize>::new(); 5],
        "a fallen defender's aura covers no one"
    );
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
    e.creatures()[2].hp < 30
}

#[test]
fn a_triggered_attack_that_violates_its_owners_own_mark_takes_the_penalty() {
    assert!(triggered_strike_hits(false), "11 reaches AC 10");
    assert!(!triggered_strike_hits(true), "11 − 2 does not");
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
