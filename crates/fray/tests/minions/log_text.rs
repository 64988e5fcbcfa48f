//! The log's sentences: each event says what happened with its own numbers, in the
//! words `fray minions` prints (their mutants survived when only outcomes were tested).

use fray::minions::{AttackReport, CombatEnd, Event, Side};

fn spell(levels: i32, armor_penalty: u32, damage: u32, hp_left: u32) -> String {
    Event::Spell {
        turn: 2,
        minion: "Orc".into(),
        levels,
        level_from: 3,
        level_to: (3 + levels) as u8,
        armor_penalty,
        max_armor: 4,
        damage,
        hp_left,
    }
    .to_string()
}

#[test]
fn a_spell_names_only_what_it_changed() {
    assert_eq!(spell(0, 0, 0, 5), "a spell of turn 2 falls on Orc:");
    assert_eq!(
        spell(1, 0, 0, 5),
        "a spell of turn 2 falls on Orc: +1 level (level 3 → 4)"
    );
    assert_eq!(
        spell(-2, 0, 0, 5),
        "a spell of turn 2 falls on Orc: -2 levels (level 3 → 1)"
    );
    assert_eq!(
        spell(0, 2, 0, 5),
        "a spell of turn 2 falls on Orc: armor −2 (maximum now 4)"
    );
    assert_eq!(
        spell(0, 0, 3, 5),
        "a spell of turn 2 falls on Orc: 3 damage, no armor against it (5 hp left)"
    );
    assert_eq!(
        spell(0, 0, 3, 0),
        "a spell of turn 2 falls on Orc: 3 damage, no armor against it (0 hp left): slain, and no one earns a level by it"
    );
}

#[test]
fn a_combat_end_names_the_side_left_standing() {
    let end = |end, rounds| {
        Event::CombatEnd {
            turn: 1,
            rounds,
            end,
        }
        .to_string()
    };
    assert_eq!(
        end(CombatEnd::Eliminated { winner: Side::A }, 1),
        "combat of turn 1 ends after 1 round: group a is left standing"
    );
    assert_eq!(
        end(CombatEnd::Eliminated { winner: Side::B }, 3),
        "combat of turn 1 ends after 3 rounds: group b is left standing"
    );
    assert_eq!(
        end(CombatEnd::BothEliminated, 2),
        "combat of turn 1 ends after 2 rounds: both groups fell"
    );
}

fn attack(attack: u32, levels_below: u8, misses_before: u32, hit: bool) -> String {
    Event::Attack(AttackReport {
        attacker: "Imp".into(),
        victim: "Orc".into(),
        attack,
        levels_below,
        misses_before,
        hit,
        damage: 5,
        soaked: 2,
        wounds: 3,
        armor_left: 0,
        hp_left: 4,
    })
    .to_string()
}

#[test]
fn an_attack_says_why_it_hit_or_missed() {
    const HIT: &str = ": 5 damage, armor soaks 2, 3 to hit points (0 armor, 4 hp left)";
    assert_eq!(
        attack(1, 2, 0, true),
        format!("Imp hits Orc (attack 1: its first attack this combat always hits){HIT}")
    );
    assert_eq!(
        attack(2, 0, 0, true),
        format!("Imp hits Orc (attack 2: not below its victim's level, every attack hits){HIT}")
    );
    assert_eq!(
        attack(3, 1, 1, true),
        format!("Imp hits Orc (attack 3: 1 level below its victim, it hits after 1 miss){HIT}")
    );
    assert_eq!(
        attack(4, 2, 2, true),
        format!("Imp hits Orc (attack 4: 2 levels below its victim, it hits after 2 misses){HIT}")
    );
    assert_eq!(
        attack(5, 3, 1, false),
        "Imp misses Orc (attack 5: 3 levels below its victim, miss 2 of 3)"
    );
}
