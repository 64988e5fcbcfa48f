//! NetHack 3.6's melee to-hit and armor class: the rules the evasion text replaces
//! (evasion, Overview), kept as a baseline to measure the redesign against.
//!
//! Every formula is taken from the NetHack 3.6 source (the 3.6.3 branch) and names its
//! file and function; `docs/design-check.md` lists them. Only the terms a standard
//! melee fight needs are modelled: no polymorph, no two-weapon combat, no riding, no
//! artifacts, no racial bonus against orcs.
//!
//! Both directions are exact: a d20 (or d(20 + i)) roll against a whole number, with
//! a negative armor class drawn as a uniform die, so every chance is a ratio of whole
//! numbers ([`Odds`]).

use serde::{Deserialize, Serialize};

use crate::dist::Distribution;

/// NetHack's encoding of Strength 18/xx: `STR18(x)` is 18 + x, so 18/50 is 68, 18/**
/// is 118 and 19 to 25 are 119 to 125 (include/attrib.h).
pub const fn str18(percentile: i32) -> i32 {
    // 0 to 107 (18/00 to 25): nothing outside means anything, and the sum cannot overflow.
    18 + if percentile < 0 {
        0
    } else if percentile > 107 {
        107
    } else {
        percentile
    }
}

/// The highest attack index: a monster has six attack slots (`NATTK`, include/permonst.h).
pub const MAX_ATTACK_INDEX: u32 = 5;

/// A skill level, as weapon.c's `P_SKILL` values: martial arts and bare hands go up to
/// Grand Master.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Skill {
    /// Restricted: treated as unskilled.
    Restricted,
    /// Unskilled.
    Unskilled,
    /// Basic (the default).
    #[default]
    Basic,
    /// Skilled.
    Skilled,
    /// Expert.
    Expert,
    /// Master (bare-handed combat and martial arts only).
    Master,
    /// Grand Master (bare-handed combat and martial arts only).
    GrandMaster,
}

impl Skill {
    /// The `P_SKILL` number: restricted 0 up to Grand Master 6.
    fn level(self) -> i32 {
        self as i32
    }

    /// The to-hit bonus of a weapon skill (weapon.c, `weapon_hit_bonus`): −4 below
    /// Basic, 0, +2, +3; Master and Grand Master count as Expert for weapons.
    pub fn weapon_hit_bonus(self) -> i32 {
        match self {
            Self::Restricted | Self::Unskilled => -4,
            Self::Basic => 0,
            Self::Skilled => 2,
            Self::Expert | Self::Master | Self::GrandMaster => 3,
        }
    }

    /// The damage bonus of a weapon skill (weapon.c, `weapon_dam_bonus`): −2, 0, +1, +2.
    pub fn weapon_damage_bonus(self) -> i32 {
        match self {
            Self::Restricted | Self::Unskilled => -2,
            Self::Basic => 0,
            Self::Skilled => 1,
            Self::Expert | Self::Master | Self::GrandMaster => 2,
        }
    }

    /// The to-hit bonus of bare-handed combat, doubled for martial arts (weapon.c,
    /// `weapon_hit_bonus`, the `P_BARE_HANDED_COMBAT` branch):
    /// ((max(skill, unskilled) − 1) + 2) × (2 if martial arts else 1) / 2.
    pub fn bare_handed_hit_bonus(self, martial_arts: bool) -> i32 {
        let bonus = self.level().max(Self::Unskilled.level()) - 1;
        (bonus + 2) * if martial_arts { 2 } else { 1 } / 2
    }
}

/// Strength's and Dexterity's to-hit bonus (weapon.c, `abon`), with the game's
/// "kludge" of +1 below experience level 3. `strength` is in NetHack's encoding
/// ([`str18`]).
///
/// ```
/// use fray::baseline::nethack::abon;
/// assert_eq!(abon(16, 13, 1), 1); // only the low-level +1
/// assert_eq!(abon(16, 13, 3), 0);
/// ```
pub fn abon(strength: i32, dexterity: i32, level: u32) -> i32 {
    let dexterity = dexterity.clamp(3, 25);
    let sbon = if strength < 6 {
        -2
    } else if strength < 8 {
        -1
    } else if strength < 17 {
        0
    } else if strength <= str18(50) {
        1
    } else if strength < str18(100) {
        2
    } else {
        3
    } + i32::from(level < 3);
    if dexterity < 4 {
        sbon - 3
    } else if dexterity < 6 {
        sbon - 2
    } else if dexterity < 8 {
        sbon - 1
    } else if dexterity < 14 {
        sbon
    } else {
        sbon + dexterity - 14
    }
}

/// Strength's damage bonus (weapon.c, `dbon`), in NetHack's encoding ([`str18`]).
///
/// ```
/// use fray::baseline::nethack::{dbon, str18};
/// assert_eq!(dbon(16), 1);
/// assert_eq!(dbon(str18(100)), 6);
/// ```
pub fn dbon(strength: i32) -> i32 {
    if strength < 6 {
        -1
    } else if strength < 16 {
        0
    } else if strength < 18 {
        1
    } else if strength == 18 {
        2
    } else if strength <= str18(75) {
        3
    } else if strength <= str18(90) {
        4
    } else if strength < str18(100) {
        5
    } else {
        6
    }
}

/// A wielded weapon, as far as its to-hit goes (weapon.c, `hitval`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weapon {
    /// Its enchantment (`spe`), added to hit.
    pub enchantment: i32,
    /// Its object class's to-hit bonus (`oc_hitbon` in objects.c: 0 for a long sword).
    pub hit_bonus: i32,
    /// The player's skill in it.
    pub skill: Skill,
    /// Blessed: +2 against demons and undead.
    pub blessed: bool,
}

impl Weapon {
    /// `hitval` against a target: enchantment, the object's bonus, +2 when blessed
    /// against a demon or undead target (weapon.c, `hitval`).
    pub fn hitval(&self, target: &Target) -> i32 {
        self.enchantment.clamp(-127, 127)
            + self.hit_bonus.clamp(-127, 127)
            + if self.blessed && target.demon_or_undead {
                2
            } else {
                0
            }
    }
}

/// The hero attacking in melee (uhitm.c, `find_roll_to_hit`), not polymorphed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Player {
    /// Experience level, 1 to 30 (`u.ulevel`).
    pub level: u32,
    /// Strength in NetHack's encoding ([`str18`]), 3 to 125.
    pub strength: i32,
    /// Dexterity, 3 to 25.
    pub dexterity: i32,
    /// Luck, −13 to 13, added whole to the roll.
    pub luck: i32,
    /// `u.uhitinc`: rings of increase accuracy and the like.
    pub hit_increment: i32,
    /// The wielded weapon; `None` fights bare-handed.
    pub weapon: Option<Weapon>,
    /// The bare-handed or martial arts skill, used when `weapon` is `None`.
    pub bare_handed: Skill,
    /// Martial arts (Monks, Samurai): doubles the bare-handed bonus.
    pub martial_arts: bool,
    /// A Monk with no body armor, weapon or shield: + level / 3 + 2.
    pub monk_unarmored: bool,
    /// `near_capacity()`: 0 unencumbered, 1 burdened … 4 overtaxed.
    pub encumbrance: u32,
    /// Caught in a trap (`u.utrap`): −3.
    pub trapped: bool,
}

impl Default for Player {
    fn default() -> Self {
        Self {
            level: 1,
            strength: 16,
            dexterity: 13,
            luck: 0,
            hit_increment: 0,
            weapon: Some(Weapon::default()),
            bare_handed: Skill::Unskilled,
            martial_arts: false,
            monk_unarmored: false,
            encumbrance: 0,
            trapped: false,
        }
    }
}

/// The monster the hero attacks: its armor class and state (uhitm.c,
/// `find_roll_to_hit`, "adjust vs. monster state").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Target {
    /// Its armor class (`find_mac`), added whole: AC 10 is easy, AC −10 hard.
    pub ac: i32,
    /// Stunned: +2.
    pub stunned: bool,
    /// Fleeing: +2.
    pub fleeing: bool,
    /// Asleep: +2.
    pub sleeping: bool,
    /// Cannot move (paralysed): +4.
    pub paralyzed: bool,
    /// A demon or undead (for a blessed weapon's +2).
    pub demon_or_undead: bool,
}

impl Default for Target {
    fn default() -> Self {
        Self {
            ac: 10,
            stunned: false,
            fleeing: false,
            sleeping: false,
            paralyzed: false,
            demon_or_undead: false,
        }
    }
}

/// One term of a to-hit number, named as the source names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Term {
    /// The source's name for it (`abon`, `Luck`, `find_mac` …).
    pub name: &'static str,
    /// Its value.
    pub value: i32,
}

/// A chance as a ratio of whole numbers: `hits` of `out_of` equally likely outcomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Odds {
    /// Outcomes that hit.
    pub hits: u64,
    /// All outcomes.
    pub out_of: u64,
}

impl Odds {
    /// The chance as a number in [0, 1].
    pub fn p(self) -> f64 {
        self.hits as f64 / self.out_of as f64
    }
}

/// The hero's to-hit number against a target: every term, and the total `tmp` that a
/// d20 must stay under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlayerRoll {
    /// The terms, in the source's order.
    pub terms: Vec<Term>,
    /// Their sum: the attack hits when `tmp > rnd(20)` (uhitm.c, `hitum`).
    pub total: i32,
}

impl PlayerRoll {
    /// The highest d20 roll that hits (0: none does; 20: all do).
    pub fn needs_at_most(&self) -> i32 {
        (self.total - 1).clamp(0, 20)
    }

    /// The exact chance: rolls 1 to `total − 1` of 20 hit.
    pub fn odds(&self) -> Odds {
        Odds {
            hits: self.needs_at_most() as u64,
            out_of: 20,
        }
    }
}

/// The hero's to-hit number (uhitm.c, `find_roll_to_hit`): 1 + Luck + `abon` +
/// `find_mac` + `u.uhitinc` + level, the target's state, the Monk's bonus,
/// encumbrance (−(2n − 1)), a trap (−3), then `hitval` of the weapon and
/// `weapon_hit_bonus` of the skill. Inputs outside NetHack's ranges are clamped to them.
///
/// ```
/// use fray::baseline::nethack::{player_to_hit, Player, Target};
/// // The issue's worked example: level 1, Str 16, Dex 13, a +0 long sword at Basic, AC 10.
/// let roll = player_to_hit(&Player::default(), &Target::default());
/// assert_eq!(roll.total, 13);
/// assert_eq!(roll.needs_at_most(), 12); // hits on 1d20 ≤ 12: 12/20
/// ```
pub fn player_to_hit(p: &Player, t: &Target) -> PlayerRoll {
    // NetHack's own ranges (experience levels 1 to 30, Luck −13 to 13, `schar`
    // attributes), so no input can overflow the sum.
    let p = &Player {
        level: p.level.clamp(1, 30),
        strength: p.strength.clamp(3, 125),
        luck: p.luck.clamp(-13, 13),
        hit_increment: p.hit_increment.clamp(-127, 127),
        ..*p
    };
    let t = &Target {
        ac: t.ac.clamp(-128, 127),
        ..*t
    };
    let encumbrance = if p.encumbrance == 0 {
        0
    } else {
        -(2 * p.encumbrance.min(5) as i32 - 1)
    };
    let (hitval, skill) = match &p.weapon {
        Some(w) => (w.hitval(t), w.skill.weapon_hit_bonus()),
        None => (0, p.bare_handed.bare_handed_hit_bonus(p.martial_arts)),
    };
    let state = 2 * (i32::from(t.stunned) + i32::from(t.fleeing) + i32::from(t.sleeping))
        + 4 * i32::from(t.paralyzed);
    let monk = if p.monk_unarmored && p.weapon.is_none() {
        p.level as i32 / 3 + 2
    } else {
        0
    };
    let terms = vec![
        Term {
            name: "base",
            value: 1,
        },
        Term {
            name: "Luck",
            value: p.luck,
        },
        Term {
            name: "abon",
            value: abon(p.strength, p.dexterity, p.level),
        },
        Term {
            name: "find_mac",
            value: t.ac,
        },
        Term {
            name: "u.uhitinc",
            value: p.hit_increment,
        },
        Term {
            name: "u.ulevel",
            value: p.level as i32,
        },
        Term {
            name: "monster state",
            value: state,
        },
        Term {
            name: "monk",
            value: monk,
        },
        Term {
            name: "near_capacity",
            value: encumbrance,
        },
        Term {
            name: "u.utrap",
            value: if p.trapped { -3 } else { 0 },
        },
        Term {
            name: "hitval",
            value: hitval,
        },
        Term {
            name: "weapon_hit_bonus",
            value: skill,
        },
    ];
    let total = terms.iter().map(|t| t.value).sum();
    PlayerRoll { terms, total }
}

/// One melee attack of a monster on the hero (mhitu.c, `mattacku`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MonsterAttack {
    /// The monster's level (`m_lev`), 0 to 49.
    pub level: u32,
    /// Which of its attacks this is, 0 to 5: the roll is 1d(20 + index).
    pub index: u32,
    /// `hitval` of its wielded weapon, added after the minimum of 1 (weapon attacks).
    pub weapon_hit: i32,
    /// The hero cannot move (`multi < 0`): +4.
    pub hero_helpless: bool,
    /// The monster cannot see the hero (blind, or the hero invisible): −2.
    pub cannot_see: bool,
    /// The monster is trapped: −2.
    pub trapped: bool,
}

/// The value a hero's armor class counts as (include/hack.h, `AC_VALUE`): itself when
/// 0 or more, else minus 1d|AC|, as an exact distribution.
pub fn ac_value(ac: i32) -> Distribution {
    if ac >= 0 {
        Distribution::point(i64::from(ac))
    } else {
        Distribution::uniform(i64::from(ac), -1)
    }
}

/// The exact chance that a monster's attack hits a hero of armor class `ac` (mhitu.c,
/// `mattacku`): `tmp` = `AC_VALUE(ac)` + 10 + level (+4 if the hero is helpless, −2
/// if unseen, −2 if the monster is trapped), at least 1, plus the weapon's `hitval`;
/// the attack hits when `tmp > rnd(20 + index)`.
///
/// ```
/// use fray::baseline::nethack::{monster_hit_odds, MonsterAttack};
/// // A level-1 monster's first attack on an AC 10 hero: tmp 21 beats every d20.
/// assert_eq!(monster_hit_odds(&MonsterAttack { level: 1, ..Default::default() }, 10).p(), 1.0);
/// // Against AC −2: tmp is 11 − 1d2 (10 or 9), which hits on 9 or 8 faces of 20: 17/40.
/// let odds = monster_hit_odds(&MonsterAttack { level: 1, ..Default::default() }, -2);
/// assert_eq!((odds.hits, odds.out_of), (17, 40));
/// ```
pub fn monster_hit_odds(a: &MonsterAttack, ac: i32) -> Odds {
    let sides = 20 + i64::from(a.index.min(MAX_ATTACK_INDEX));
    let level = i64::from(a.level.min(49));
    let mods =
        4 * i64::from(a.hero_helpless) - 2 * i64::from(a.cannot_see) - 2 * i64::from(a.trapped);
    let ac = ac.clamp(-128, 127);
    let draws = ac_value(ac);
    let outcomes = if ac >= 0 {
        1
    } else {
        u64::from(ac.unsigned_abs())
    };
    let hits: u64 = draws
        .iter()
        .map(|m| {
            let tmp = (m.value + 10 + level + mods).max(1) + i64::from(a.weapon_hit);
            (tmp - 1).clamp(0, sides) as u64
        })
        .sum();
    Odds {
        hits,
        out_of: outcomes * sides as u64,
    }
}

/// Damage of a hit on a hero of armor class `ac` (mhitu.c, `hitmu`): a negative AC
/// takes away 1d|AC| from damage that is not 0, to a minimum of 1.
///
/// ```
/// use fray::baseline::nethack::ac_reduced;
/// use fray::dist::Distribution;
/// let hit = ac_reduced(&Distribution::point(5), -4); // 5 − 1d4, at least 1
/// assert!((hit.mean() - 2.5).abs() < 1e-12);
/// ```
pub fn ac_reduced(damage: &Distribution, ac: i32) -> Distribution {
    if ac >= 0 {
        return damage.clone();
    }
    let die = i64::from(ac.unsigned_abs().min(128));
    Distribution::from_masses(damage.iter().flat_map(|m| {
        let reduce = m.value != 0;
        (1..=die).map(move |r| {
            let v = if reduce {
                (m.value - r).max(1)
            } else {
                m.value
            };
            (v, m.p / die as f64)
        })
    }))
}
