//! The grid: squares, flanking and combat advantage, escaping a grab, moving a thrall,
//! provoking by leaving, forced movement, pulls, and a crowd that pushes a creature out.

use std::collections::HashMap;

use fray::conditions::{
    AttackOptions, CharacterCondition, Duration, Encounter, EscapeChoice, Square, parse_script,
};
use fray::rng::{ScriptedRolls, SeededRolls};

use super::{FLANK, sized_script};

#[test]
fn squares_convert_to_coordinate_pairs() {
    let pair: [i32; 2] = Square { x: 3, y: -7 }.into();
    assert_eq!(pair, [3, -7]);
}

#[test]
fn flanking_needs_an_adjacent_attacker_and_a_living_ally_opposite() {
    let creatures = parse_script(FLANK).unwrap().creatures;
    let mut e = Encounter::new(creatures.clone());
    assert_eq!(e.flanking_ally(0, 1), Some(2));
    e.set_hp(2, 0);
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
    assert_eq!(e.creatures()[2].position, Some(Square { x: 3, y: 4 }));
}

#[test]
fn leaving_a_living_enemys_side_provokes() {
    for (orc_hp, provokes) in [(30, true), (0, false)] {
        let mut e = Encounter::new(parse_script(GRAB).unwrap().creatures);
        e.keep_log = true;
        e.set_hp(1, orc_hp);
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
    e.place(0, Some(Square { x: -2, y: 0 }));
    e.start_turn(0, &mut SeededRolls::new(1));
    e.walk(0, &[Square { x: -3, y: 0 }]).unwrap();
    assert!(!e.log.iter().any(|s| s.text.contains("provokes")));
}

#[test]
fn only_a_placed_creature_on_the_grid_occupies_space() {
    let mut e = Encounter::new(parse_script(&sized_script(2, 0)).unwrap().creatures);
    assert!(!e.occupies_space(0), "not placed");
    e.place(1, Some(Square { x: 0, y: 0 }));
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
            e.creatures()[1].position,
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
        assert_eq!(e.creatures()[0].position, Some(to), "blocked: {blocked}");
    }
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
    assert_eq!(e.creatures()[1].position, Some(Square { x: 20, y: 0 }));
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
    e.place(1, Some(Square { x: 0, y: 0 }));
    e.end_all(0, CharacterCondition::Exiled);
    let back = e.creatures()[0].position.expect("it reappears");
    assert_eq!(back.distance(Square { x: 0, y: 0 }), 20, "{back}");
}
