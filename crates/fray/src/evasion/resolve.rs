//! The evasion rules as pure functions: both to-hit breakdowns, the Luck dice, the
//! special cases that always "hit", and the steps of the damage formula.

use schemars::JsonSchema;
use serde::Serialize;

use super::model::{
    Attacker, DamageKind, Defender, Kind, Launcher, Options, Projectile, Rounding, Slot, WeaponKind,
};
use crate::dist::Distribution;

/// One term of a to-hit total.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Term {
    /// Where it comes from (the text's wording, or the armor piece).
    pub source: String,
    /// Its value.
    pub value: f64,
}

/// The random Luck term: sign(Luck) × 1d(trunc(|Luck| / 2)), nothing below |Luck| 2;
/// a monster with a luckstone has Luck 3 + 1d3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case", tag = "luck")]
pub enum LuckDice {
    /// No Luck term.
    None,
    /// ± 1d`sides`.
    Die {
        /// Negative Luck: the die is subtracted.
        negative: bool,
        /// The die's size, trunc(|Luck| / 2): 1 to 6.
        sides: u32,
    },
    /// A monster's luckstone not yet drawn: Luck 4, 5 or 6, so +1d2, +1d2 or +1d3. The
    /// mixture is right for one attack by a monster met only once; a monster that
    /// attacks or is attacked again keeps one draw (`with_luckstone_drawn`), after which
    /// its term is a plain die.
    Luckstone,
}

impl LuckDice {
    /// The Luck term of a combatant.
    pub fn of(kind: Kind, luck: i32, luckstone: bool) -> Self {
        if luckstone && kind == Kind::Monster {
            return Self::Luckstone;
        }
        match luck.unsigned_abs() / 2 {
            0 => Self::None,
            sides => Self::Die {
                negative: luck < 0,
                sides,
            },
        }
    }

    /// The exact distribution of the term.
    pub fn distribution(self) -> Distribution {
        match self {
            Self::None => Distribution::point(0),
            Self::Die {
                negative: false,
                sides,
            } => Distribution::uniform(1, i64::from(sides)),
            Self::Die {
                negative: true,
                sides,
            } => Distribution::uniform(-i64::from(sides), -1),
            Self::Luckstone => {
                // Luck 4 or 5 (2/3): 1d2; Luck 6 (1/3): 1d3.
                Distribution::from_masses([
                    (1, 2.0 / 6.0 + 1.0 / 9.0),
                    (2, 2.0 / 6.0 + 1.0 / 9.0),
                    (3, 1.0 / 9.0),
                ])
            }
        }
    }

    /// How people write it.
    pub fn describe(self) -> String {
        match self {
            Self::None => "none".into(),
            // A one-sided die always rolls 1: say the number, not a die.
            Self::Die { negative, sides: 1 } => (if negative { "−1" } else { "+1" }).into(),
            Self::Die { negative, sides } => {
                format!("{}1d{sides}", if negative { "−" } else { "+" })
            }
            Self::Luckstone => "+1d(trunc((3 + 1d3) / 2)) (luckstone)".into(),
        }
    }
}

/// A to-hit total: fixed terms and a Luck term.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Breakdown {
    /// Every fixed term, in the text's order.
    pub terms: Vec<Term>,
    /// The Luck dice.
    pub luck: LuckDice,
}

impl Breakdown {
    /// The sum of the fixed terms.
    pub fn fixed(&self) -> f64 {
        self.terms.iter().map(|t| t.value).sum()
    }
}

/// Collects terms whose condition holds.
#[derive(Default)]
struct Terms(Vec<Term>);

impl Terms {
    fn add(&mut self, applies: bool, source: impl Into<String>, value: f64) {
        if applies {
            self.0.push(Term {
                source: source.into(),
                value,
            });
        }
    }
}

/// The attacker's total, term by term ("Attacker bonus" and "Other modifications").
///
/// ```
/// use fray::evasion::{attacker_breakdown, Attacker, Defender, Kind, Options, SkillLevel};
/// let valkyrie = Attacker { kind: Kind::Player, dex: 16, skill: SkillLevel::Skilled, luck: 10, ..Attacker::default() };
/// let b = attacker_breakdown(&valkyrie, &Defender::default(), &Options::default());
/// assert_eq!(b.fixed(), 3.0); // Dex +1, skill +2
/// assert_eq!(b.luck.describe(), "+1d5");
/// ```
pub fn attacker_breakdown(a: &Attacker, d: &Defender, o: &Options) -> Breakdown {
    let mut t = Terms::default();
    let player = a.kind == Kind::Player;
    let level = if o.fractional_level_bonus {
        f64::from(a.level) / 4.0
    } else {
        f64::from(a.level / 4)
    };
    t.add(!player, format!("monster level {} / 4", a.level), level);
    t.add(
        player,
        format!("Dexterity {}: floor((Dex − 10) / 4)", a.dex),
        (i64::from(a.dex) - 10).div_euclid(4) as f64,
    );
    t.add(
        player,
        format!("skill ({:?})", a.skill).to_lowercase(),
        f64::from(a.skill.skill_bonus()),
    );
    if let Some(s) = a.two_weapon.filter(|_| player) {
        t.add(
            true,
            format!("two-weapon penalty ({s:?})").to_lowercase(),
            f64::from(s.two_weapon_penalty()),
        );
    }
    weapon_terms(&mut t, a);
    ranged_terms(&mut t, a, o);
    t.add(
        a.rings_of_accuracy != 0,
        "rings of increase accuracy",
        f64::from(a.rings_of_accuracy),
    );
    t.add(a.monk_in_body_armor, "Monk wearing body armor", -20.0);
    if let Some(s) = a.riding {
        t.add(
            true,
            format!("riding penalty ({s:?})").to_lowercase(),
            f64::from(s.riding_penalty()),
        );
    }
    t.add(a.engulfed, "engulfed", 30.0);
    t.add(a.unseen, "the defender cannot see the attacker", 1.0);
    t.add(a.fumbling, "fumbling", -4.0);
    t.add(!a.fumbling && a.slippery_fingers, "slippery fingers", -2.0);
    t.add(a.stunned, "stunned", -2.0);
    t.add(a.blinded, "blinded", -1.0);
    t.add(a.confused, "confused", -1.0);
    t.add(a.trapped, "trapped", -1.0);
    t.add(
        player && a.encumbrance.penalty() != 0,
        format!("{:?}", a.encumbrance).to_lowercase(),
        f64::from(a.encumbrance.penalty()),
    );
    t.add(a.flanking != 0.0, "flanking", a.flanking);
    other_modifications(&mut t, a, d);
    Breakdown {
        terms: t.0,
        luck: LuckDice::of(a.kind, a.luck, a.luckstone),
    }
}

fn weapon_terms(t: &mut Terms, a: &Attacker) {
    let Some(w) = a.weapon_used() else { return };
    t.add(w.to_hit != 0.0, "weapon to-hit", w.to_hit);
    t.add(
        w.artifact_bonus != 0.0,
        "artifact bonus against the defender",
        w.artifact_bonus,
    );
    t.add(
        a.ranged.is_none() && !w.kind.is_melee(),
        "non-melee weapon in melee",
        -2.0,
    );
}

fn ranged_terms(t: &mut Terms, a: &Attacker, o: &Options) {
    let Some(r) = &a.ranged else { return };
    let ammo = r.projectile == Projectile::Ammo;
    let fired = ammo
        && (r.launcher == Launcher::Matching
            || (r.launcher == Launcher::Wrong && o.wrong_launcher_counts));
    t.add(
        fired && r.launcher_enchantment != 0,
        "launcher enchantment",
        f64::from(r.launcher_enchantment),
    );
    t.add(
        fired && r.launcher_artifact_bonus != 0.0,
        "artifact launcher's bonus against the defender",
        r.launcher_artifact_bonus,
    );
    t.add(
        r.projectile == Projectile::NonProjectile,
        "thrown object that is not a projectile",
        -4.0,
    );
    t.add(r.projectile == Projectile::Boulder, "boulder", 4.0);
    t.add(r.kicked, "kicked", -3.0);
    t.add(
        r.distance > 0,
        format!("distance {}", r.distance),
        -f64::from(r.distance),
    );
    t.add(a.ranger, "Ranger", 1.0);
    t.add(r.ya_from_yumi, "Samurai firing ya from a yumi", 1.0);
    t.add(
        ammo && r.launcher != Launcher::Matching,
        "ammo from the wrong launcher or none",
        -6.0,
    );
}

fn other_modifications(t: &mut Terms, a: &Attacker, d: &Defender) {
    let Some(w) = a.weapon_used() else { return };
    t.add(
        w.blessed && d.demon_or_undead,
        "blessed weapon against a demon or undead",
        1.0,
    );
    t.add(
        w.kind == WeaponKind::Spear && d.kebabable,
        "spear against a kebabable defender",
        1.0,
    );
    t.add(
        w.kind == WeaponKind::Trident && d.in_water,
        "trident against a defender in water",
        1.0,
    );
    let digger = matches!(w.kind, WeaponKind::PickAxe | WeaponKind::Mattock);
    t.add(
        digger && d.xorn_or_earth_elemental,
        "pick-axe or mattock against a xorn or earth elemental",
        1.0,
    );
}

/// The largest divine protection that counts.
pub const MAX_DIVINE_PROTECTION: u32 = 6;

/// The defender's total, term by term ("Defender bonus").
///
/// ```
/// use fray::evasion::{defender_breakdown, Defender, Options};
/// let troll = Defender { ev: 2.0, size: 3, sleeping: true, ..Defender::default() };
/// assert_eq!(defender_breakdown(&troll, &Options::default()).fixed(), 2.0 - 1.0 - 4.0);
/// ```
pub fn defender_breakdown(d: &Defender, _o: &Options) -> Breakdown {
    let mut t = Terms::default();
    let player = d.kind == Kind::Player;
    t.add(true, "form evasiveness", d.ev);
    let protection = d
        .divine_protection
        .min(MAX_DIVINE_PROTECTION)
        .max(d.spell_protection);
    t.add(
        protection > 0,
        "protection (divine, at most 6, or spell: the greater)",
        f64::from(protection),
    );
    t.add(
        d.size != 2,
        format!("size {}: 2 − size", d.size),
        (2 - i64::from(d.size)) as f64,
    );
    for (slot, piece) in d.armor.pieces().filter(|(_, p)| p.ev != 0.0) {
        let name = if piece.name.is_empty() {
            "armor"
        } else {
            &piece.name
        };
        t.add(true, format!("{name} ({}) EV", slot.name()), piece.ev);
    }
    t.add(
        d.rings_of_evasiveness != 0,
        "rings of evasiveness (or defense)",
        f64::from(d.rings_of_evasiveness),
    );
    if let Some(m) = d.monk_martial_arts {
        let free = !d.armor.body_armor() && d.armor.shield.is_none() && !d.wielding_weapon;
        t.add(
            free,
            format!("Monk martial arts ({m:?})").to_lowercase(),
            f64::from(m.defense_bonus()),
        );
    }
    t.add(d.unseen, "the attacker cannot see the defender", 2.0);
    t.add(d.confused, "confused", -1.0);
    t.add(!player && d.fleeing, "fleeing", -2.0);
    t.add(d.stunned, "stunned", -2.0);
    t.add(d.blinded, "blinded", -2.0);
    t.add(d.trapped, "trapped", -4.0);
    t.add(d.sleeping, "sleeping", -4.0);
    t.add(d.paralyzed, "paralyzed", -4.0);
    t.add(
        player && d.encumbrance.penalty() != 0,
        format!("{:?}", d.encumbrance).to_lowercase(),
        f64::from(d.encumbrance.penalty()),
    );
    Breakdown {
        terms: t.0,
        luck: LuckDice::of(d.kind, d.luck, d.luckstone),
    }
}

/// Throws that are caught rather than rolled ("Overriding special cases").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Caught {
    /// A gem thrown at a unicorn.
    GemByUnicorn,
    /// A quest artifact thrown at a quest leader who is not hostile, asleep or paralyzed.
    QuestArtifactByLeader,
}

/// Whether the attack is caught, and so always "hits".
pub fn caught(a: &Attacker, d: &Defender) -> Option<Caught> {
    match a.ranged.as_ref().and_then(|r| r.thrown)? {
        super::model::Thrown::Gem if d.unicorn => Some(Caught::GemByUnicorn),
        super::model::Thrown::QuestArtifact
            if d.quest_leader && !d.hostile && !d.sleeping && !d.paralyzed =>
        {
            Some(Caught::QuestArtifactByLeader)
        }
        _ => None,
    }
}

/// The damage reduction that counts when a hit lands on `slot`: the armor there (DR plus
/// enchantment), or the body's own DR if it has one and that is greater (evasion, Damage
/// formula). None for damage that DR does not reduce (elemental and spell damage) or
/// when there is nothing to count.
///
/// An intrinsic DR of 0 means the body has none: it does not lift a negative armor DR
/// (a negatively enchanted piece) to 0, so that piece raises the damage.
///
/// ```
/// use fray::evasion::{resolve::slot_dr, Armor, ArmorPiece, DamageKind, Defender, Slot};
/// let cursed = Defender { armor: Armor { torso: Some(ArmorPiece { enchantment: -2, ..Default::default() }), ..Default::default() }, ..Defender::default() };
/// assert_eq!(slot_dr(&cursed, Slot::Torso, DamageKind::Physical), Some(-2.0));
/// ```
pub fn slot_dr(d: &Defender, slot: Slot, kind: DamageKind) -> Option<f64> {
    if kind != DamageKind::Physical {
        return None;
    }
    let armor = d.armor.get(slot).map(|p| p.dr + f64::from(p.enchantment));
    let body = (d.intrinsic_dr != 0.0).then_some(d.intrinsic_dr);
    match (armor, body) {
        (Some(a), Some(b)) => Some(a.max(b)),
        (Some(a), None) => Some(a),
        (None, b) => b,
    }
}

/// Damage times 0.9 per point of DR.
pub fn reduced(damage: i64, dr: f64) -> f64 {
    damage as f64 * crate::math::powf(0.9, dr)
}

/// The whole numbers `x` may round to under `rounding`, with their chances.
pub fn round_branches(x: f64, rounding: Rounding) -> [(i64, f64); 2] {
    let floor = x.floor();
    let frac = x - floor;
    let whole = |v: f64| v as i64;
    match rounding {
        Rounding::Nearest => [(whole((x + 0.5).floor()), 1.0), (0, 0.0)],
        Rounding::Down => [(whole(floor), 1.0), (0, 0.0)],
        Rounding::Up => [(whole(x.ceil()), 1.0), (0, 0.0)],
        Rounding::Stochastic if frac == 0.0 => [(whole(floor), 1.0), (0, 0.0)],
        Rounding::Stochastic => [(whole(floor), 1.0 - frac), (whole(floor) + 1, frac)],
    }
}

/// The high-damage effect of a slot: the share of damage kept, and the condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HighDamage {
    /// Head: 75% kept, stunned for 3d2 turns.
    Stunned,
    /// Shield: 50% kept, staggered backwards.
    Staggered,
    /// Gloves: 50% kept, wounded arms for 3d2 turns.
    WoundedArms,
    /// Boots: 50% kept, wounded legs for 3d2 turns.
    WoundedLegs,
    /// Cloak: 75% kept.
    CloakTorn,
}

impl HighDamage {
    /// The effect of a slot; the torso has none.
    pub fn of(slot: Slot) -> Option<Self> {
        match slot {
            Slot::Torso => None,
            Slot::Head => Some(Self::Stunned),
            Slot::Shield => Some(Self::Staggered),
            Slot::Gloves => Some(Self::WoundedArms),
            Slot::Boots => Some(Self::WoundedLegs),
            Slot::Cloak => Some(Self::CloakTorn),
        }
    }

    /// The share of damage kept.
    pub fn kept(self) -> f64 {
        match self {
            Self::Stunned | Self::CloakTorn => 0.75,
            Self::Staggered | Self::WoundedArms | Self::WoundedLegs => 0.5,
        }
    }

    /// Whether the condition lasts 3d2 turns.
    pub fn lasts_3d2(self) -> bool {
        matches!(self, Self::Stunned | Self::WoundedArms | Self::WoundedLegs)
    }
}

/// Printed in the words of the damage steps (evasion, Damage formula), e.g. "wounded
/// arms", so that output never shows a Rust name.
impl std::fmt::Display for HighDamage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Stunned => "stunned",
            Self::Staggered => "staggered",
            Self::WoundedArms => "wounded arms",
            Self::WoundedLegs => "wounded legs",
            Self::CloakTorn => "cloak torn",
        })
    }
}

/// Printed as a reader would say why the throw is caught.
impl std::fmt::Display for Caught {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::GemByUnicorn => "a gem thrown at a unicorn",
            Self::QuestArtifactByLeader => "a quest artifact thrown at its quest leader",
        })
    }
}

/// A hit "would deal over half the defender's current hit points".
pub fn is_high(damage: i64, hp: u32) -> bool {
    2 * damage > i64::from(hp)
}

/// The high-damage effect a hit of `damage` on `slot` sets off, if any: only physical
/// damage, since the slot effects are part of the reduction mechanic that elemental and
/// spell damage skip (evasion, Damage formula).
pub fn high_damage(slot: Slot, kind: DamageKind, damage: i64, hp: u32) -> Option<HighDamage> {
    HighDamage::of(slot).filter(|_| kind == DamageKind::Physical && is_high(damage, hp))
}

/// Whether half physical (or half spell) damage applies to this kind of damage.
pub fn halves(d: &Defender, kind: DamageKind) -> bool {
    match kind {
        DamageKind::Physical => d.half_physical,
        DamageKind::Spell => d.half_spell,
        DamageKind::Elemental => false,
    }
}
