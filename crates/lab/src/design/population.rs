//! The standard populations the design check measures, written once for each rule set
//! so that every figure compares the same creatures. They are choices of this check,
//! not rules; `docs/design-check.md` lists and explains them.
//!
//! - The standard hero at experience level 1 to 30: a melee fighter with Str 18, Dex
//!   14, a long sword (Basic to level 5, Skilled to 13, Expert from 14; +0 to level 9,
//!   +2 to 19, +4 from 20), Luck 0, and armor that takes NetHack's AC from 6 at level
//!   1 to −20 at level 30 in even steps.
//! - Under the new rules the same armor is split: each point of armor (10 − AC) gives
//!   ¼ EV (on the body armor) and ⅓ DR on every slot.
//! - Monsters of level 0 to 30 with AC from 8 down to −8 in even steps (new rules: EV
//!   (10 − AC) / 2) and one claw attack of (1 + level / 4)d6 physical damage.

use fray::baseline::nethack::{self, Skill, str18};
use fray::evasion::{self, Armor, ArmorPiece, Kind, SkillLevel};

/// Experience levels of the standard hero.
pub const HERO_LEVELS: std::ops::RangeInclusive<u32> = 1..=30;
/// Levels of the monsters.
pub const MONSTER_LEVELS: std::ops::RangeInclusive<u32> = 0..=30;
/// Hit points of a defender whose damage per hit is measured: large, so that the
/// evasion text's high-damage effects (more than half the current hit points) stay out.
const HP: u32 = 10_000;

/// The standard hero's NetHack armor class at `level`: 6 at 1, −20 at 30.
pub fn hero_ac(level: u32) -> i32 {
    6 - ((level.clamp(1, 30) - 1) * 26 / 29) as i32
}

/// A monster's NetHack armor class at `level`: 8 at 0, −8 at 30.
pub fn monster_ac(level: u32) -> i32 {
    8 - (level.min(30) * 16 / 30) as i32
}

/// A monster's claw: (1 + level / 4)d6.
pub fn monster_damage(level: u32) -> fray::dice::DiceExpr {
    format!("{}d6", 1 + level.min(30) / 4)
        .parse()
        .expect("a well-formed dice expression")
}

/// The hero's weapon skill at `level`.
fn skill(level: u32) -> Skill {
    match level {
        0..=5 => Skill::Basic,
        6..=13 => Skill::Skilled,
        _ => Skill::Expert,
    }
}

/// The same skill in the new rules' table.
pub fn evasion_skill(s: Skill) -> SkillLevel {
    match s {
        Skill::Restricted => SkillLevel::Restricted,
        Skill::Unskilled => SkillLevel::Unskilled,
        Skill::Basic => SkillLevel::Basic,
        Skill::Skilled => SkillLevel::Skilled,
        Skill::Expert | Skill::Master | Skill::GrandMaster => SkillLevel::Expert,
    }
}

/// The long sword's enchantment at `level`.
fn enchantment(level: u32) -> i32 {
    match level {
        0..=9 => 0,
        10..=19 => 2,
        _ => 4,
    }
}

/// The standard hero attacking, under NetHack 3.6.
pub fn nethack_hero(level: u32) -> nethack::Player {
    nethack::Player {
        level: level.clamp(1, 30),
        strength: str18(0),
        dexterity: 14,
        weapon: Some(nethack::Weapon {
            enchantment: enchantment(level),
            skill: skill(level),
            ..nethack::Weapon::default()
        }),
        ..nethack::Player::default()
    }
}

/// The standard hero attacking, under the new rules (enchantment no longer adds to
/// hit; the long sword's natural to-hit bonus is 0).
pub fn evasion_hero(level: u32) -> evasion::Attacker {
    evasion::Attacker {
        kind: Kind::Player,
        level: level.clamp(1, 30),
        dex: 14,
        skill: evasion_skill(skill(level)),
        weapon: Some(evasion::Weapon::default()),
        ..evasion::Attacker::default()
    }
}

/// A defender wearing `points` of armor (10 − AC) under the new rules.
pub fn armored(kind: Kind, points: f64) -> evasion::Defender {
    let piece = |ev: f64| {
        Some(ArmorPiece {
            ev,
            dr: points / 3.0,
            ..ArmorPiece::default()
        })
    };
    evasion::Defender {
        kind,
        hp: HP,
        armor: Armor {
            torso: piece(points / 4.0),
            head: piece(0.0),
            shield: piece(0.0),
            gloves: piece(0.0),
            boots: piece(0.0),
            cloak: piece(0.0),
        },
        ..evasion::Defender::default()
    }
}

/// The standard hero defending under the new rules.
pub fn evasion_hero_defender(level: u32) -> evasion::Defender {
    armored(Kind::Player, f64::from(10 - hero_ac(level)))
}

/// A monster attacking under the new rules.
pub fn evasion_monster(level: u32) -> evasion::Attacker {
    evasion::Attacker {
        kind: Kind::Monster,
        level,
        ..evasion::Attacker::default()
    }
}

/// A monster defending under the new rules: EV (10 − AC) / 2, no armor.
pub fn evasion_monster_defender(level: u32) -> evasion::Defender {
    evasion::Defender {
        kind: Kind::Monster,
        ev: f64::from(10 - monster_ac(level)) / 2.0,
        hp: HP,
        ..evasion::Defender::default()
    }
}

/// A monster defending under NetHack.
pub fn nethack_monster(level: u32) -> nethack::Target {
    nethack::Target {
        ac: monster_ac(level),
        ..nethack::Target::default()
    }
}

/// A monster's first attack under NetHack.
pub fn nethack_monster_attack(level: u32) -> nethack::MonsterAttack {
    nethack::MonsterAttack {
        level,
        ..nethack::MonsterAttack::default()
    }
}

/// A role of the role-variety goal: how it fights at level 15 under both rule sets.
pub struct Role {
    /// Its name.
    pub name: &'static str,
    /// The NetHack hero.
    pub nethack: nethack::Player,
    /// The new rules' attacker.
    pub evasion: evasion::Attacker,
}

/// Six roles at level 15, each with its signature weapon and skill: Valkyrie (long
/// sword, Expert, Str 18/100, Dex 14), Samurai (katana +1 to hit, Expert, Str 18/50,
/// Dex 15), Archeologist (pick-axe, Expert, Str 16, Dex 15), Healer (scalpel +2 to hit,
/// Basic, Str 10, Dex 12), Wizard (quarterstaff, Basic, Str 10, Dex 14) and Monk (martial
/// arts, Grand Master, unarmored, Str 18, Dex 18).
pub fn roles() -> Vec<Role> {
    let weapon = |hit_bonus: i32, skill: Skill| nethack::Weapon {
        hit_bonus,
        skill,
        ..nethack::Weapon::default()
    };
    let table: [(&str, i32, i32, Option<nethack::Weapon>); 6] = [
        ("Valkyrie", str18(100), 14, Some(weapon(0, Skill::Expert))),
        ("Samurai", str18(50), 15, Some(weapon(1, Skill::Expert))),
        ("Archeologist", 16, 15, Some(weapon(0, Skill::Expert))),
        ("Healer", 10, 12, Some(weapon(2, Skill::Basic))),
        ("Wizard", 10, 14, Some(weapon(0, Skill::Basic))),
        ("Monk", 18, 18, None),
    ];
    table
        .into_iter()
        .map(|(name, strength, dexterity, w)| {
            let nethack = nethack::Player {
                level: 15,
                strength,
                dexterity,
                weapon: w,
                bare_handed: Skill::GrandMaster,
                martial_arts: w.is_none(),
                monk_unarmored: w.is_none(),
                ..nethack::Player::default()
            };
            let skill = w.map_or(Skill::GrandMaster, |w| w.skill);
            let evasion = evasion::Attacker {
                kind: Kind::Player,
                level: 15,
                dex: dexterity,
                skill: evasion_skill(skill),
                weapon: w.map(|w| evasion::Weapon {
                    to_hit: f64::from(w.hit_bonus),
                    ..evasion::Weapon::default()
                }),
                ..evasion::Attacker::default()
            };
            Role {
                name,
                nethack,
                evasion,
            }
        })
        .collect()
}
