//! NetHack 3.6 figures worked by hand from the source, and properties over whole ranges.

use fray::baseline::nethack::{
    MonsterAttack, Player, Skill, Target, Weapon, abon, ac_reduced, dbon, monster_hit_odds,
    player_to_hit, str18,
};
use fray::dist::Distribution;

/// The issue's worked example: level 1, Str 16, Dex 13, Luck 0, unburdened, an
/// uncursed +0 long sword at Basic, an AC 10 monster awake and not fleeing:
/// 1 + 0 + 1 + 10 + 0 + 1 = 13, so 1d20 ≤ 12 hits, 12/20.
#[test]
fn the_issues_worked_example() {
    let p = Player {
        level: 1,
        strength: 16,
        dexterity: 13,
        luck: 0,
        weapon: Some(Weapon {
            enchantment: 0,
            hit_bonus: 0,
            skill: Skill::Basic,
            blessed: false,
        }),
        ..Player::default()
    };
    let roll = player_to_hit(&p, &Target::default());
    assert_eq!(roll.total, 13);
    assert_eq!(roll.needs_at_most(), 12);
    let odds = roll.odds();
    assert_eq!((odds.hits, odds.out_of), (12, 20));
    let abon_term = roll.terms.iter().find(|t| t.name == "abon").unwrap();
    assert_eq!(abon_term.value, 1, "the +1 below experience level 3");
}

/// At level 3 the kludge is gone but the level adds one: 1 + 0 + 10 + 3 = 14, 13/20.
#[test]
fn level_three_loses_the_kludge_and_gains_a_level() {
    let p = Player {
        level: 3,
        ..Player::default()
    };
    assert_eq!(player_to_hit(&p, &Target::default()).needs_at_most(), 13);
}

/// A level-1 fighter with Str 18/50 (sbon 1, +1 low level) and Dex 16 (+2), a +1 long
/// sword at Skilled (+2), against AC 4: 1 + 4 + 4 + 1 + 1 + 2 = 13 → 12/20; fleeing
/// and asleep add 2 each; burdened takes 1 and stressed 3.
#[test]
fn a_fighter_worked_by_hand() {
    let p = Player {
        level: 1,
        strength: str18(50),
        dexterity: 16,
        weapon: Some(Weapon {
            enchantment: 1,
            skill: Skill::Skilled,
            ..Weapon::default()
        }),
        ..Player::default()
    };
    assert_eq!(abon(str18(50), 16, 1), 4);
    let t = Target {
        ac: 4,
        ..Target::default()
    };
    assert_eq!(player_to_hit(&p, &t).total, 13);
    let asleep = Target {
        fleeing: true,
        sleeping: true,
        ..t
    };
    assert_eq!(player_to_hit(&p, &asleep).total, 17);
    let burdened = Player {
        encumbrance: 1,
        ..p
    };
    assert_eq!(player_to_hit(&burdened, &t).total, 12);
    let stressed = Player {
        encumbrance: 2,
        ..p
    };
    assert_eq!(player_to_hit(&stressed, &t).total, 10);
}

/// Luck is added whole: Luck 13 moves a 12/20 to 20/20 (the roll is capped).
#[test]
fn luck_adds_whole_points() {
    let lucky = Player {
        luck: 13,
        ..Player::default()
    };
    assert_eq!(player_to_hit(&lucky, &Target::default()).total, 26);
    assert_eq!(player_to_hit(&lucky, &Target::default()).odds().p(), 1.0);
    let t = Target {
        ac: -10,
        ..Target::default()
    };
    // 1 + 1 − 10 + 1 = −7: nothing hits; with Luck 13, 6 → 5/20.
    assert_eq!(player_to_hit(&Player::default(), &t).odds().hits, 0);
    assert_eq!(player_to_hit(&lucky, &t).odds().hits, 5);
}

/// weapon.c's bare-handed table: unskilled +1, basic +1, skilled +2, expert +2,
/// master +3, grand master +3; with martial arts +3, +4, +5, +6, +7 from basic.
#[test]
fn bare_handed_and_martial_arts_bonuses() {
    use Skill::*;
    let plain: Vec<i32> = [Unskilled, Basic, Skilled, Expert, Master, GrandMaster]
        .iter()
        .map(|s| s.bare_handed_hit_bonus(false))
        .collect();
    assert_eq!(plain, [1, 1, 2, 2, 3, 3]);
    let martial: Vec<i32> = [Basic, Skilled, Expert, Master, GrandMaster]
        .iter()
        .map(|s| s.bare_handed_hit_bonus(true))
        .collect();
    assert_eq!(martial, [3, 4, 5, 6, 7]);
    assert_eq!(
        [Restricted, Unskilled, Basic, Skilled, Expert].map(Skill::weapon_hit_bonus),
        [-4, -4, 0, 2, 3]
    );
    assert_eq!(
        [Restricted, Unskilled, Basic, Skilled, Expert].map(Skill::weapon_damage_bonus),
        [-2, -2, 0, 1, 2]
    );
}

/// A level-12 Monk, unarmored and bare-handed at Grand Master martial arts, Str 18
/// (sbon 1), Dex 18 (+4): 1 + 5 + 10 + 12 + (12/3 + 2) + 7 = 41 against AC 10.
#[test]
fn an_unarmored_monk() {
    let monk = Player {
        level: 12,
        strength: 18,
        dexterity: 18,
        weapon: None,
        bare_handed: Skill::GrandMaster,
        martial_arts: true,
        monk_unarmored: true,
        ..Player::default()
    };
    assert_eq!(player_to_hit(&monk, &Target::default()).total, 41);
}

#[test]
fn abon_and_dbon_tables() {
    // Dexterity steps at 4, 6, 8 and 14; Strength at 6, 8, 17, 18/51, 18/100.
    let by_dex: Vec<i32> = [3, 4, 6, 8, 13, 14, 15, 25]
        .iter()
        .map(|&d| abon(10, d, 5))
        .collect();
    assert_eq!(by_dex, [-3, -2, -1, 0, 0, 0, 1, 11]);
    let by_str: Vec<i32> = [5, 6, 8, 17, str18(50), str18(51), str18(99), str18(100)]
        .iter()
        .map(|&s| abon(s, 10, 5))
        .collect();
    assert_eq!(by_str, [-2, -1, 0, 1, 1, 2, 2, 3]);
    let dbons: Vec<i32> = [5, 6, 16, 18, str18(75), str18(90), str18(99), str18(100)]
        .iter()
        .map(|&s| dbon(s))
        .collect();
    assert_eq!(dbons, [-1, 0, 1, 2, 3, 4, 5, 6]);
}

/// mhitu.c: a level-5 monster's first attack on AC 0: tmp 15, 14/20; its third attack
/// rolls 1d22: 14/22.
#[test]
fn monster_attacks_worked_by_hand() {
    let first = MonsterAttack {
        level: 5,
        ..MonsterAttack::default()
    };
    let o = monster_hit_odds(&first, 0);
    assert_eq!((o.hits, o.out_of), (14, 20));
    let third = MonsterAttack { index: 2, ..first };
    let o = monster_hit_odds(&third, 0);
    assert_eq!((o.hits, o.out_of), (14, 22));
    // Helpless hero +4; the monster cannot see −2; a +2 weapon after the minimum.
    let o = monster_hit_odds(
        &MonsterAttack {
            hero_helpless: true,
            cannot_see: true,
            weapon_hit: 2,
            ..first
        },
        0,
    );
    assert_eq!(o.hits, 18);
}

/// Level 0 against AC −20: tmp = 10 − 1d20, at least 1; rolls 1..9 leave 9..1, which
/// hit on 8, 7, …, 0 faces of the d20: 36 of 400.
#[test]
fn a_negative_ac_is_a_die() {
    let o = monster_hit_odds(&MonsterAttack::default(), -20);
    assert_eq!((o.hits, o.out_of), (36, 400));
    // The minimum of 1 comes before a weapon's hitval: +3 makes every tmp of 1 a 4.
    let armed = MonsterAttack {
        weapon_hit: 3,
        ..MonsterAttack::default()
    };
    // tmp 9..1 then 1 eleven times, each + 3: faces 11..3 (sum 63) and 3 × 11 = 33.
    assert_eq!(monster_hit_odds(&armed, -20).hits, 96);
}

/// hitmu: 1d8 against AC −3 loses 1d3, at least 1: the 24 outcomes sum to 70.
#[test]
fn negative_ac_reduces_damage() {
    let hit = ac_reduced(&Distribution::uniform(1, 8), -3);
    assert!((hit.mean() - 70.0 / 24.0).abs() < 1e-12);
    assert_eq!(hit.min(), 1);
    // Zero damage stays zero; AC 0 or more changes nothing.
    assert_eq!(ac_reduced(&Distribution::point(0), -5).mean(), 0.0);
    assert_eq!(
        ac_reduced(&Distribution::uniform(1, 8), 3),
        Distribution::uniform(1, 8)
    );
}

/// Every chance is in [0, 1], rises with the target's AC and the attacker's level.
#[test]
fn chances_are_bounded_and_monotone() {
    for level in 0..=49 {
        for index in 0..=5 {
            let a = MonsterAttack {
                level,
                index,
                ..MonsterAttack::default()
            };
            let mut last = -1.0;
            for ac in -40..=20 {
                let p = monster_hit_odds(&a, ac).p();
                assert!((0.0..=1.0).contains(&p), "level {level} AC {ac}: {p}");
                assert!(
                    p >= last,
                    "level {level} index {index}: AC {ac} lowers the chance"
                );
                last = p;
            }
        }
    }
    for level in 1..=30 {
        let p = Player {
            level,
            ..Player::default()
        };
        let mut last = -1.0;
        for ac in -40..=20 {
            let chance = player_to_hit(
                &p,
                &Target {
                    ac,
                    ..Target::default()
                },
            )
            .odds()
            .p();
            assert!((0.0..=1.0).contains(&chance));
            assert!(chance >= last);
            last = chance;
        }
    }
}

/// Inputs far outside NetHack's ranges are clamped, never overflow.
#[test]
fn extreme_inputs_do_not_overflow() {
    let wild = Player {
        level: u32::MAX,
        strength: i32::MAX,
        dexterity: i32::MIN,
        luck: i32::MAX,
        hit_increment: i32::MIN,
        encumbrance: u32::MAX,
        weapon: Some(Weapon {
            enchantment: i32::MAX,
            hit_bonus: i32::MAX,
            ..Weapon::default()
        }),
        ..Player::default()
    };
    let t = Target {
        ac: i32::MIN,
        paralyzed: true,
        ..Target::default()
    };
    let p = player_to_hit(&wild, &t).odds().p();
    assert!((0.0..=1.0).contains(&p));
    let a = MonsterAttack {
        level: u32::MAX,
        index: u32::MAX,
        weapon_hit: i32::MAX,
        ..MonsterAttack::default()
    };
    assert!((0.0..=1.0).contains(&monster_hit_odds(&a, i32::MIN).p()));
    assert_eq!(ac_reduced(&Distribution::point(3), i32::MIN).min(), 1);
}

/// Strength 18/xx in NetHack's encoding: 18 + xx, from 18/00 (18) to 25 (125); a
/// percentile outside 0..=107 means nothing more.
#[test]
fn str18_encodes_exceptional_strength() {
    for (percentile, encoded) in [
        (0, 18),
        (1, 19),
        (50, 68),
        (100, 118),
        (107, 125),
        (-1, 18),
        (-40, 18),
        (108, 125),
        (500, 125),
        (i32::MIN, 18),
        (i32::MAX, 125),
    ] {
        assert_eq!(str18(percentile), encoded, "18/{percentile}");
    }
}

/// A weapon's `hitval`: enchantment plus the object's bonus, each within ±127, plus 2
/// for a blessed weapon against a demon or undead only.
#[test]
fn a_weapons_hitval() {
    let weapon = |enchantment, hit_bonus, blessed| Weapon {
        enchantment,
        hit_bonus,
        skill: Skill::Basic,
        blessed,
    };
    let demon = Target {
        demon_or_undead: true,
        ..Target::default()
    };
    let plain = Target::default();
    assert_eq!(weapon(2, 1, false).hitval(&plain), 3);
    assert_eq!(weapon(2, 1, true).hitval(&plain), 3);
    assert_eq!(weapon(2, 1, false).hitval(&demon), 3);
    assert_eq!(weapon(2, 1, true).hitval(&demon), 5);
    assert_eq!(weapon(-3, 0, true).hitval(&demon), -1);
    assert_eq!(weapon(0, -2, false).hitval(&plain), -2);
    assert_eq!(weapon(i32::MAX, i32::MIN, false).hitval(&plain), 0);
    assert_eq!(weapon(500, 200, true).hitval(&demon), 256);
}

/// Odds as a ratio: hits over all outcomes.
#[test]
fn odds_are_hits_over_outcomes() {
    use fray::baseline::nethack::Odds;
    assert_eq!(Odds { hits: 3, out_of: 4 }.p(), 0.75);
    assert_eq!(
        Odds {
            hits: 0,
            out_of: 20
        }
        .p(),
        0.0
    );
    assert_eq!(
        Odds {
            hits: 20,
            out_of: 20
        }
        .p(),
        1.0
    );
}

/// The target's state adds +2 for each of stunned, fleeing and asleep and +4 when it
/// cannot move; the Monk's bonus (level / 3 + 2) needs no body armor and no weapon.
#[test]
fn the_targets_state_and_the_monks_bonus() {
    let total = |p: &Player, t: &Target| player_to_hit(p, t).total;
    let base = total(&Player::default(), &Target::default());
    let with = |f: fn(&mut Target)| {
        let mut t = Target::default();
        f(&mut t);
        total(&Player::default(), &t) - base
    };
    assert_eq!(with(|t| t.paralyzed = true), 4);
    assert_eq!(with(|t| t.stunned = true), 2);
    assert_eq!(
        with(|t| {
            t.paralyzed = true;
            t.sleeping = true;
            t.fleeing = true;
        }),
        8
    );
    let t = Target::default();
    let bare = Player {
        level: 9,
        weapon: None,
        ..Player::default()
    };
    let monk = Player {
        monk_unarmored: true,
        ..bare
    };
    assert_eq!(total(&monk, &t) - total(&bare, &t), 9 / 3 + 2);
    let armed = Player {
        level: 9,
        ..Player::default()
    };
    assert!(armed.weapon.is_some());
    let armed_monk = Player {
        monk_unarmored: true,
        ..armed
    };
    assert_eq!(total(&armed_monk, &t), total(&armed, &t));
}

/// Experience levels outside 1 to 30 count as the nearest end.
#[test]
fn levels_outside_nethacks_range_are_clamped() {
    let t = Target::default();
    let at = |level| {
        player_to_hit(
            &Player {
                level,
                ..Player::default()
            },
            &t,
        )
        .total
    };
    assert_eq!(at(0), at(1));
    assert_eq!(at(99), at(30));
    assert_eq!(at(u32::MAX), at(30));
    assert_eq!(at(30) - at(29), 1);
}

/// A monster's situational terms add to `tmp` as levels do: +4 against a helpless hero,
/// −2 when it cannot see the hero, −2 when it is trapped.
#[test]
fn a_monsters_situation_counts_as_levels() {
    let at = |level, hero_helpless, cannot_see, trapped| {
        monster_hit_odds(
            &MonsterAttack {
                level,
                hero_helpless,
                cannot_see,
                trapped,
                ..MonsterAttack::default()
            },
            -8,
        )
    };
    assert_eq!(at(10, false, false, true), at(8, false, false, false));
    assert_eq!(at(10, false, true, false), at(8, false, false, false));
    assert_eq!(at(10, false, true, true), at(6, false, false, false));
    assert_eq!(at(10, true, false, false), at(14, false, false, false));
    assert_eq!(at(10, true, true, true), at(10, false, false, false));
    assert_ne!(at(10, false, false, false), at(8, false, false, false));
}
