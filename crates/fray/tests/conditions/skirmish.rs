//! Whole skirmishes played by the built-in policy: logged and unlogged play agree, a
//! skirmish ends when a side is down or at its round limit, and the winner is the side
//! left standing.

use fray::character::Side;
use fray::conditions::policy::{Skirmish, play_skirmish, play_skirmish_logged};
use fray::conditions::{
    AttackOptions, CharacterCondition, Creature, Duration, Encounter, parse_script,
};
use fray::rng::{ScriptedRolls, SeededRolls};

/// Two knights, one with a marking strike and a shoving encounter power, a defender with
/// an aura and an archer, against a goblin that trips, a dazing shaman and an ogre.
const ROSTER: &str = r#"
[[creature]]
name = "Knight"
side = "a"
hp = 24
ac = 17
position = [0, 0]
[[creature.power]]
name = "Sword"
keywords = ["melee"]
attack = 6
damage = "1d8+3"
effects = [{ condition = "marked", duration = { end-of-next-turn = "Knight" } }]
[[creature.power]]
name = "Shove"
usage = "encounter"
keywords = ["melee"]
attack = 5
damage = "2d6+3"
forced = ["push", 1]
[[creature]]
name = "Warden"
side = "a"
hp = 22
position = [0, 2]
aura = 1
[[creature.power]]
name = "Mace"
keywords = ["melee"]
attack = 5
damage = "1d8+2"
[[creature]]
name = "Archer"
side = "a"
hp = 14
position = [-2, 1]
[[creature.power]]
name = "Bow"
keywords = ["ranged"]
attack = 5
damage = "1d8"
[[creature]]
name = "Goblin"
side = "b"
hp = 14
position = [5, 0]
[[creature.power]]
name = "Trip"
keywords = ["melee"]
attack = 5
damage = "1d6+1"
effects = [{ condition = "prone", duration = "until-ended" }]
[[creature]]
name = "Shaman"
side = "b"
hp = 12
position = [7, 3]
[[creature.power]]
name = "Hex"
keywords = ["ranged"]
attack = 4
vs = "will"
damage = "1d6"
effects = [{ condition = "dazed", duration = "save-ends" }]
[[creature]]
name = "Ogre"
side = "b"
hp = 30
position = [6, 1]
[[creature.power]]
name = "Club"
keywords = ["melee"]
attack = 6
damage = "2d8"
"#;

fn roster() -> Vec<Creature> {
    parse_script(ROSTER).unwrap().creatures
}

#[test]
fn logged_and_unlogged_play_agree() {
    let creatures = roster();
    let mut winners = [0; 3];
    for seed in 0..60 {
        let plain = play_skirmish(&creatures, 30, &mut SeededRolls::new(seed));
        let (logged, log) = play_skirmish_logged(&creatures, 30, &mut SeededRolls::new(seed));
        assert_eq!(plain, logged, "seed {seed}");
        assert!(!log.is_empty());
        winners[match plain.winner {
            Some(Side::A) => 0,
            Some(Side::B) => 1,
            None => 2,
        }] += 1;
    }
    assert!(
        winners[0] > 0 && winners[1] > 0,
        "both sides win sometimes: {winners:?}"
    );
}

#[test]
fn a_skirmish_ends_when_a_side_is_down_and_names_the_side_standing() {
    let creatures = roster();
    for seed in 0..30 {
        let out = play_skirmish(&creatures, 50, &mut SeededRolls::new(seed));
        assert!(out.rounds >= 2, "the sides start apart: seed {seed}");
        let standing = |side: Side| {
            creatures
                .iter()
                .zip(&out.hp)
                .any(|(c, hp)| c.side == side && *hp > 0)
        };
        match out.winner {
            Some(side) => {
                assert!(out.rounds < 50, "seed {seed}");
                let other = if side == Side::A { Side::B } else { Side::A };
                assert!(standing(side) && !standing(other), "seed {seed}: {out:?}");
            }
            None => assert_eq!(out.rounds, 50, "seed {seed}"),
        }
        let mut s = Skirmish::new(&creatures);
        s.play(50, &mut SeededRolls::new(seed));
        assert_eq!((s.winner(), s.rounds(50)), (out.winner, out.rounds));
    }
}

#[test]
fn a_round_limit_of_one_still_plays_the_first_round() {
    // Adjacent, and the goblin falls to any hit. It cannot fall unconscious, so only its
    // 0 hit points put it down.
    let text = r#"
[[creature]]
name = "Knight"
side = "a"
hp = 30
position = [0, 0]
initiative = 50
[[creature.power]]
name = "Sword"
keywords = ["melee"]
attack = 20
damage = "1"
[[creature]]
name = "Goblin"
side = "b"
hp = 1
position = [1, 0]
traits = "Condition Immune: Unconscious"
"#;
    let creatures = parse_script(text).unwrap().creatures;
    let out = play_skirmish(&creatures, 1, &mut SeededRolls::new(4));
    assert_eq!((out.winner, out.rounds, out.hp[1]), (Some(Side::A), 1, 0));
    let out = play_skirmish(&creatures, 100, &mut SeededRolls::new(4));
    assert_eq!(
        (out.winner, out.rounds),
        (Some(Side::A), 1),
        "over as soon as a side is down"
    );
}

#[test]
fn a_hit_counts_the_attackers_modifiers() {
    // The Orc is prone: the Hero has combat advantage (+2). A roll of 7 with attack 1
    // reaches AC 10 only with it.
    let text = r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
position = [0, 0]
[[creature.power]]
name = "Jab"
keywords = ["melee"]
attack = 1
damage = "1"
[[creature]]
name = "Orc"
side = "b"
hp = 100
ac = 10
position = [1, 0]
"#;
    for keep_log in [false, true] {
        let mut e = Encounter::new(parse_script(text).unwrap().creatures);
        e.keep_log = keep_log;
        e.start_turn(0, &mut ScriptedRolls::dice([]));
        e.apply(
            1,
            CharacterCondition::Prone,
            None,
            &Duration::UntilEnded,
            None,
        )
        .unwrap();
        let mut rolls = ScriptedRolls::dice([7]);
        e.attack_with(0, 0, &[1], &AttackOptions::default(), &mut rolls)
            .unwrap();
        assert_eq!(e.creatures()[1].hp, 99, "log kept: {keep_log}");
    }
}

/// Hit points the Orc loses to one hit of 10 fire damage, with `traits`; the Hero is of
/// `level`, its power has `keywords`, the Orc may be prone (combat advantage), and the
/// d20 shows `roll`.
fn lost_to_one_hit(traits: &str, level: u32, keywords: &str, prone: bool, roll: u32) -> i64 {
    let text = format!(
        r#"
[[creature]]
name = "Hero"
side = "a"
hp = 30
level = {level}
position = [0, 0]
[[creature.power]]
name = "Strike"
keywords = [{keywords}]
attack = 10
damage = "10"
types = ["fire"]
[[creature]]
name = "Orc"
side = "b"
hp = 100
position = [1, 0]
traits = "{traits}"
"#
    );
    let mut e = Encounter::new(parse_script(&text).unwrap().creatures);
    e.start_turn(0, &mut ScriptedRolls::dice([]));
    if prone {
        e.apply(
            1,
            CharacterCondition::Prone,
            None,
            &Duration::UntilEnded,
            None,
        )
        .unwrap();
    }
    e.attack_with(
        0,
        0,
        &[1],
        &AttackOptions::default(),
        &mut ScriptedRolls::dice([roll]),
    )
    .unwrap();
    100 - e.creatures()[1].hp
}

#[test]
fn a_hit_carries_its_facts_to_the_targets_traits() {
    let melee = "\"melee\"";
    let cases = [
        ("Vulnerable Fire (Advantage)", 1, melee, true, 10),
        ("Vulnerable Fire (Critical)", 1, melee, false, 20),
        ("Vulnerable Fire (Area)", 1, "\"burst\"", false, 10),
        ("Vulnerable Fire (Epic)", 21, melee, false, 10),
    ];
    for (traits, level, keywords, prone, roll) in cases {
        assert_eq!(
            lost_to_one_hit(traits, level, keywords, prone, roll),
            15,
            "{traits}"
        );
        assert_eq!(
            lost_to_one_hit(traits, 1, melee, false, 10),
            10,
            "{traits} without its fact"
        );
    }
}

#[test]
fn an_encounter_power_is_used_once_a_skirmish() {
    let creatures = roster();
    let mut used = 0;
    for seed in 0..20 {
        let (_, log) = play_skirmish_logged(&creatures, 30, &mut SeededRolls::new(seed));
        let shoves = log
            .iter()
            .filter(|s| s.text.contains("with `Shove`"))
            .count();
        assert!(shoves <= 1, "seed {seed}: {shoves} shoves");
        used += shoves;
    }
    assert!(
        used > 10,
        "the knight's best power is used in most skirmishes: {used}"
    );
}

/// Where the Knight (speed 6) stands after one round of walking toward a Goblin ten
/// squares east that cannot move, with objects on `walls`.
fn after_one_round(walls: &[[i32; 2]]) -> fray::conditions::Square {
    let mut text = String::from(
        r#"
[[creature]]
name = "Knight"
side = "a"
hp = 30
position = [0, 0]
[[creature.power]]
name = "Sword"
keywords = ["melee"]
attack = 5
damage = "1d8"
[[creature]]
name = "Goblin"
side = "b"
hp = 50
speed = 0
position = [10, 0]
"#,
    );
    for (i, [x, y]) in walls.iter().enumerate() {
        text += &format!("[[object]]\nname = \"Wall {i}\"\nhp = 10\nposition = [{x}, {y}]\n");
    }
    let mut s = Skirmish::new(&parse_script(&text).unwrap().creatures);
    s.play(1, &mut SeededRolls::new(1));
    s.encounter.creatures()[0].position.unwrap()
}

#[test]
fn a_creature_walks_its_speed_toward_the_nearest_enemy_around_what_is_in_the_way() {
    let goblin = fray::conditions::Square { x: 10, y: 0 };
    assert_eq!(
        after_one_round(&[]),
        fray::conditions::Square { x: 6, y: 0 }
    );
    let around = after_one_round(&[[1, 0]]);
    assert_eq!(
        around.distance(goblin),
        4,
        "six squares closer, around the wall: {around}"
    );
    // Walled in: no square brings it closer, so it stays rather than wander.
    let walled = after_one_round(&[[1, -1], [1, 0], [1, 1]]);
    assert_eq!(walled, fray::conditions::Square { x: 0, y: 0 });
}
