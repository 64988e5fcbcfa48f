//! Data types of the evasion system: attackers, defenders, armor by slot, and the
//! to-hit models. Every bonus of the text is a named field.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Whole-number fields of profiles are read through a range check, so a value outside
/// the field's range (the type's minimum, a huge number) is refused at its line and
/// column with the range stated, never stored and never negated.
mod bounded {
    use std::fmt;
    use std::marker::PhantomData;

    use serde::Deserializer;
    use serde::de::{Error, Unexpected, Visitor};

    struct Whole<T, const LO: i64, const HI: i64>(PhantomData<T>);

    impl<'de, T: TryFrom<i64>, const LO: i64, const HI: i64> Visitor<'de> for Whole<T, LO, HI> {
        type Value = T;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a whole number from {LO} to {HI}")
        }

        fn visit_i64<E: Error>(self, v: i64) -> Result<T, E> {
            if (LO..=HI).contains(&v) {
                T::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &self))
            } else {
                Err(E::invalid_value(Unexpected::Signed(v), &self))
            }
        }

        fn visit_u64<E: Error>(self, v: u64) -> Result<T, E> {
            match i64::try_from(v) {
                Ok(v) => self.visit_i64(v),
                Err(_) => Err(E::invalid_value(Unexpected::Unsigned(v), &self)),
            }
        }
    }

    /// A whole number in `LO..=HI`.
    pub fn whole<'de, D: Deserializer<'de>, T: TryFrom<i64>, const LO: i64, const HI: i64>(
        d: D,
    ) -> Result<T, D::Error> {
        d.deserialize_i64(Whole::<T, LO, HI>(PhantomData))
    }
}

/// Player or monster: some terms apply to only one of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    #[default]
    /// A monster: its level counts, never encumbered (evasion, Attacker bonus).
    Monster,
    /// A player: Dexterity, skill and encumbrance count (evasion, Attacker bonus).
    Player,
}

/// A weapon or riding skill level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkillLevel {
    /// Restricted: −4 to hit; counts as unskilled for two-weapon and riding.
    Restricted,
    /// Unskilled: −2 to hit.
    Unskilled,
    #[default]
    /// Basic: 0 to hit (the default).
    Basic,
    /// Skilled: +2 to hit.
    Skilled,
    /// Expert: +4 to hit, and no two-weapon penalty.
    Expert,
}

/// Printed as the skill table names the level (and as profile files spell it).
impl std::fmt::Display for SkillLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Restricted => "restricted",
            Self::Unskilled => "unskilled",
            Self::Basic => "basic",
            Self::Skilled => "skilled",
            Self::Expert => "expert",
        })
    }
}

impl SkillLevel {
    /// The skill bonus table.
    pub fn skill_bonus(self) -> i32 {
        match self {
            Self::Restricted => -4,
            Self::Unskilled => -2,
            Self::Basic => 0,
            Self::Skilled => 2,
            Self::Expert => 4,
        }
    }

    /// The two-weapon penalty table (restricted counts as unskilled).
    pub fn two_weapon_penalty(self) -> i32 {
        match self {
            Self::Restricted | Self::Unskilled => -6,
            Self::Basic => -4,
            Self::Skilled => -2,
            Self::Expert => 0,
        }
    }

    /// The riding penalty table (restricted counts as unskilled).
    pub fn riding_penalty(self) -> i32 {
        match self {
            Self::Restricted | Self::Unskilled => -4,
            Self::Basic => -2,
            Self::Skilled | Self::Expert => 0,
        }
    }
}

/// A Monk's martial arts skill, for the unarmored defense bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MartialArts {
    /// Basic: +0 defense.
    Basic,
    /// Skilled: +1 defense.
    Skilled,
    /// Expert: +2 defense.
    Expert,
    /// Master: +3 defense.
    Master,
    /// Grand master: +4 defense.
    GrandMaster,
}

impl MartialArts {
    /// The Monk martial arts defense table.
    pub fn defense_bonus(self) -> i32 {
        match self {
            Self::Basic => 0,
            Self::Skilled => 1,
            Self::Expert => 2,
            Self::Master => 3,
            Self::GrandMaster => 4,
        }
    }
}

/// How much a player carries (monsters are never encumbered).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encumbrance {
    #[default]
    /// No penalty (the default).
    Unencumbered,
    /// Burdened: −1.
    Burdened,
    /// Stressed: −3.
    Stressed,
    /// Strained: −5.
    Strained,
}

impl Encumbrance {
    /// The penalty, the same for attacking and defending.
    pub fn penalty(self) -> i32 {
        match self {
            Self::Unencumbered => 0,
            Self::Burdened => -1,
            Self::Stressed => -3,
            Self::Strained => -5,
        }
    }
}

/// What kind of weapon is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WeaponKind {
    /// Any ordinary melee weapon.
    #[default]
    Melee,
    /// A spear: +1 against a kebabable defender (evasion, Other modifications).
    Spear,
    /// A trident: +1 against a defender in water (evasion, Other modifications).
    Trident,
    /// A pick-axe: +1 against a xorn or earth elemental (evasion, Other modifications).
    PickAxe,
    /// A mattock: +1 against a xorn or earth elemental, like a pick-axe.
    Mattock,
    /// A bow, crossbow or sling: not a melee weapon.
    Launcher,
    /// Arrows, bolts and the like: not a melee weapon.
    Ammo,
    /// Not a melee weapon.
    Boomerang,
}

impl WeaponKind {
    /// Launchers, ammo and boomerangs are not melee weapons.
    pub fn is_melee(self) -> bool {
        !matches!(self, Self::Launcher | Self::Ammo | Self::Boomerang)
    }
}

/// The weapon an attack is made with.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weapon {
    /// Its kind: spears, tridents, pick-axes and mattocks get +1 against some defenders
    /// (evasion, Other modifications); launchers, ammo and boomerangs are not melee.
    pub kind: WeaponKind,
    /// Its natural to-hit bonus.
    pub to_hit: f64,
    /// An artifact's specific bonus against this defender.
    pub artifact_bonus: f64,
    /// Blessed (matters against demons and undead).
    pub blessed: bool,
    /// Its greatest erosion (0 to 3): damage loses 1d(erosion) − 1.
    #[serde(deserialize_with = "bounded::whole::<_, u32, 0, 3>")]
    pub erosion: u32,
}

/// What is thrown or fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Projectile {
    /// Ammunition (arrows, bolts, ya, sling stones).
    #[default]
    Ammo,
    /// A thrown missile (dagger, dart, shuriken, spear): a real projectile.
    Missile,
    /// Something that is not a projectile at all (a sword): −4.
    NonProjectile,
    /// A boulder: +4.
    Boulder,
    /// A spell or a wand: only the distance counts.
    Spell,
}

/// How ammunition is fired. The text tells a wrong launcher from none (both −6); the
/// launcher's own terms count for a wrong one only under
/// [`Options::wrong_launcher_counts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Launcher {
    /// From its own kind of launcher (its enchantment is added).
    #[default]
    Matching,
    /// From the wrong kind of launcher (arrows from a crossbow): −6.
    Wrong,
    /// Thrown by hand, with no launcher: −6.
    #[serde(rename = "none")]
    NoLauncher,
    /// A wrong launcher or none, not saying which: −6, read as none.
    WrongOrNone,
}

/// Objects that are caught rather than hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Thrown {
    /// A gem-class object (caught by unicorns).
    Gem,
    /// The thrower's quest artifact (caught by its quest leader).
    QuestArtifact,
}

/// A ranged attack.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ranged {
    /// Grid distance (diagonals count 1), 0 to 100.
    #[serde(deserialize_with = "bounded::whole::<_, u32, 0, 100>")]
    pub distance: u32,
    /// What is thrown or fired: decides a thrown object's −4 or +4, and whether the
    /// launcher's terms count.
    pub projectile: Projectile,
    /// For ammunition: the launcher.
    pub launcher: Launcher,
    /// The launcher's enchantment (counts for ammo fired from its own launcher), −50 to 50.
    #[serde(deserialize_with = "bounded::whole::<_, i32, { -50 }, 50>")]
    pub launcher_enchantment: i32,
    /// An artifact launcher's specific bonus against this defender: like a weapon's,
    /// it counts when ammo is fired from it (evasion, Attacker bonus).
    pub launcher_artifact_bonus: f64,
    /// Kicked rather than thrown: −3.
    pub kicked: bool,
    /// A Samurai firing ya from a yumi: +1.
    pub ya_from_yumi: bool,
    /// A special object that is caught.
    pub thrown: Option<Thrown>,
}

/// Everything about an attacker that the to-hit roll asks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Attacker {
    /// Player or monster: decides which of the terms below count.
    pub kind: Kind,
    /// A monster's level (adds level / 4), 0 to 100.
    #[serde(deserialize_with = "bounded::whole::<_, u32, 0, 100>")]
    pub level: u32,
    /// A player's Dexterity (adds floor((Dex − 10) / 4)), 3 to 25.
    #[serde(deserialize_with = "bounded::whole::<_, i32, 3, 25>")]
    pub dex: i32,
    /// A player's skill with the attack.
    pub skill: SkillLevel,
    /// A player's two-weapon skill, when fighting with two weapons.
    pub two_weapon: Option<SkillLevel>,
    /// Riding skill, when mounted.
    pub riding: Option<SkillLevel>,
    /// The weapon, if any: its terms count only when the attack is made with it
    /// ([`Attacker::weapon_used`]).
    pub weapon: Option<Weapon>,
    /// The ranged part of the attack, if it is ranged.
    pub ranged: Option<Ranged>,
    /// Total enchantment of rings of increase accuracy, −50 to 50.
    #[serde(deserialize_with = "bounded::whole::<_, i32, { -50 }, 50>")]
    pub rings_of_accuracy: i32,
    /// Luck (−13 to 13).
    #[serde(deserialize_with = "bounded::whole::<_, i32, { -13 }, 13>")]
    pub luck: i32,
    /// Carries a luckstone (a monster's Luck is then 3 + 1d3).
    pub luckstone: bool,
    /// A Monk wearing body armor: −20.
    pub monk_in_body_armor: bool,
    /// A Ranger (+1 on ranged attacks).
    pub ranger: bool,
    /// Engulfed: +30.
    pub engulfed: bool,
    /// The defender cannot see the attacker: +1.
    pub unseen: bool,
    /// Fumbling: −4 (slippery fingers then add nothing).
    pub fumbling: bool,
    /// Slippery fingers: −2, only when not also fumbling.
    pub slippery_fingers: bool,
    /// Stunned: −2 to hit.
    pub stunned: bool,
    /// Blinded: −1 to hit.
    pub blinded: bool,
    /// Confused: −1 to hit.
    pub confused: bool,
    /// Trapped: −1 to hit.
    pub trapped: bool,
    /// A player's burden: the same penalty attacking and defending; none for monsters.
    pub encumbrance: Encumbrance,
    /// A flanking bonus the game works out, added as it is (evasion, Attacker bonus).
    pub flanking: f64,
}

/// The Luck a monster's luckstone gives: 3 + 1d3, drawn once for that monster.
pub fn luckstone_luck(d3: u32) -> i32 {
    3 + d3.clamp(1, 3) as i32
}

impl Attacker {
    /// The weapon the attack is really made with. A monster never swings a launcher,
    /// ammo or a boomerang in melee: it puts it away and attacks without it (evasion,
    /// Changes to other mechanics), so none of that weapon's terms apply. A spell, wand
    /// or boulder is not made with a weapon either (evasion, Attacker bonus: the weapon
    /// terms are for an attacker using one). Profiles with such combinations are
    /// refused; this keeps the rules for attackers built in code.
    pub fn weapon_used(&self) -> Option<&Weapon> {
        let not_a_weapon = self
            .ranged
            .as_ref()
            .is_some_and(|r| matches!(r.projectile, Projectile::Spell | Projectile::Boulder));
        self.weapon.as_ref().filter(|w| {
            !not_a_weapon
                && (self.kind == Kind::Player || self.ranged.is_some() || w.kind.is_melee())
        })
    }

    /// Whether this is a monster whose luckstone Luck (3 + 1d3) has not been drawn yet.
    pub fn undrawn_luckstone(&self) -> bool {
        self.kind == Kind::Monster && self.luckstone
    }

    /// This attacker after its luckstone draw: a monster carrying one has Luck 3 + `d3`
    /// from now on. The draw belongs to the monster, not to an attack (evasion, Changes
    /// to other mechanics): make it once per fight and keep the result. Anyone else is
    /// unchanged.
    pub fn with_luckstone_drawn(&self, d3: u32) -> Self {
        let mut a = self.clone();
        if a.undrawn_luckstone() {
            a.luck = luckstone_luck(d3);
            a.luckstone = false;
        }
        a
    }
}

impl Default for Attacker {
    /// A level-0 monster; as a player, Dex 10 and Basic skill (every bonus 0).
    fn default() -> Self {
        Self {
            kind: Kind::Monster,
            level: 0,
            dex: 10,
            skill: SkillLevel::Basic,
            two_weapon: None,
            riding: None,
            weapon: None,
            ranged: None,
            rings_of_accuracy: 0,
            luck: 0,
            luckstone: false,
            monk_in_body_armor: false,
            ranger: false,
            engulfed: false,
            unseen: false,
            fumbling: false,
            slippery_fingers: false,
            stunned: false,
            blinded: false,
            confused: false,
            trapped: false,
            encumbrance: Encumbrance::Unencumbered,
            flanking: 0.0,
        }
    }
}

/// Armor slots, with the chance an attack lands on each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Slot {
    /// Body armor or a shirt: 40% of hits.
    Torso,
    /// Helmet: 20% of hits.
    Head,
    /// Shield: 15% of hits.
    Shield,
    /// Gloves: 10% of hits.
    Gloves,
    /// Boots: 10% of hits.
    Boots,
    /// Cloak: 5% of hits.
    Cloak,
}

impl Slot {
    /// Every slot with its chance in percent (they sum to 100).
    pub const TABLE: [(Slot, u32); 6] = [
        (Slot::Torso, 40),
        (Slot::Head, 20),
        (Slot::Shield, 15),
        (Slot::Gloves, 10),
        (Slot::Boots, 10),
        (Slot::Cloak, 5),
    ];

    /// The lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Torso => "torso",
            Self::Head => "head",
            Self::Shield => "shield",
            Self::Gloves => "gloves",
            Self::Boots => "boots",
            Self::Cloak => "cloak",
        }
    }
}

/// One piece of armor.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ArmorPiece {
    /// What it is, for reports.
    pub name: String,
    /// Evasiveness it adds (enchantment does not count here).
    pub ev: f64,
    /// Damage reduction where a hit lands on this piece: damage × 0.9^DR (evasion,
    /// Damage formula); the body's own DR counts instead when it is greater.
    pub dr: f64,
    /// Enchantment: +1 DR a point, −50 to 50.
    #[serde(deserialize_with = "bounded::whole::<_, i32, { -50 }, 50>")]
    pub enchantment: i32,
    /// A shirt alone in the torso slot is not body armor.
    pub shirt: bool,
}

/// Armor by slot: every piece adds its EV, and a hit lands on one slot (by
/// [`Slot::TABLE`]), where only that piece's DR counts.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Armor {
    /// Body armor or a shirt; none leaves 40% of hits unreduced by armor.
    pub torso: Option<ArmorPiece>,
    /// Helmet, if any.
    pub head: Option<ArmorPiece>,
    /// Shield, if any (it also stops a Monk's martial arts defense).
    pub shield: Option<ArmorPiece>,
    /// Gloves, if any.
    pub gloves: Option<ArmorPiece>,
    /// Boots, if any.
    pub boots: Option<ArmorPiece>,
    /// Cloak, if any.
    pub cloak: Option<ArmorPiece>,
}

impl Armor {
    /// The piece in a slot.
    pub fn get(&self, slot: Slot) -> Option<&ArmorPiece> {
        match slot {
            Slot::Torso => self.torso.as_ref(),
            Slot::Head => self.head.as_ref(),
            Slot::Shield => self.shield.as_ref(),
            Slot::Gloves => self.gloves.as_ref(),
            Slot::Boots => self.boots.as_ref(),
            Slot::Cloak => self.cloak.as_ref(),
        }
    }

    /// Every piece worn, with its slot.
    pub fn pieces(&self) -> impl Iterator<Item = (Slot, &ArmorPiece)> {
        Slot::TABLE
            .iter()
            .filter_map(|(s, _)| self.get(*s).map(|p| (*s, p)))
    }

    /// Whether body armor (not just a shirt) is worn.
    pub fn body_armor(&self) -> bool {
        self.torso.as_ref().is_some_and(|p| !p.shirt)
    }
}

/// Everything about a defender that the to-hit roll and damage ask.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Defender {
    /// Player or monster: fleeing counts for monsters, encumbrance for players.
    pub kind: Kind,
    /// The form's evasiveness.
    pub ev: f64,
    /// Divine protection (counts at most 6), 0 to 100.
    #[serde(deserialize_with = "bounded::whole::<_, u32, 0, 100>")]
    pub divine_protection: u32,
    /// Spell protection, 0 to 100.
    #[serde(deserialize_with = "bounded::whole::<_, u32, 0, 100>")]
    pub spell_protection: u32,
    /// Size: 0 tiny, 1 small, 2 medium, 3 large, 4 huge, 7 gigantic (adds 2 − size).
    #[serde(deserialize_with = "bounded::whole::<_, i32, 0, 7>")]
    pub size: i32,
    /// Armor by slot: EV from every piece, DR from the piece a hit lands on.
    pub armor: Armor,
    /// Total enchantment of rings of evasiveness (or defense): a flat defense bonus, the
    /// counterpart of rings of increase accuracy (evasion, Changes to other mechanics);
    /// −50 to 50.
    #[serde(deserialize_with = "bounded::whole::<_, i32, { -50 }, 50>")]
    pub rings_of_evasiveness: i32,
    /// A Monk's martial arts skill (counts without body armor, shield or weapon).
    pub monk_martial_arts: Option<MartialArts>,
    /// Wielding a weapon: a Monk's martial arts defense then does not count.
    pub wielding_weapon: bool,
    /// Luck (−13 to 13).
    #[serde(deserialize_with = "bounded::whole::<_, i32, { -13 }, 13>")]
    pub luck: i32,
    /// Carries a luckstone (a monster's Luck is then 3 + 1d3).
    pub luckstone: bool,
    /// The attacker cannot see the defender: +2.
    pub unseen: bool,
    /// Confused: −1 defense.
    pub confused: bool,
    /// A fleeing monster: −2.
    pub fleeing: bool,
    /// Stunned: −2 defense.
    pub stunned: bool,
    /// Blinded: −2 defense.
    pub blinded: bool,
    /// Trapped: −4 defense.
    pub trapped: bool,
    /// Sleeping: −4 defense; a sleeping quest leader does not catch its artifact.
    pub sleeping: bool,
    /// Paralyzed: −4 defense; a paralyzed quest leader does not catch its artifact.
    pub paralyzed: bool,
    /// A player's burden: the same penalty attacking and defending; none for monsters.
    pub encumbrance: Encumbrance,
    /// Current hit points (high-damage effects look at half of them), 1 to 1,000,000.
    #[serde(deserialize_with = "bounded::whole::<_, u32, 1, 1_000_000>")]
    pub hp: u32,
    /// The body's own damage reduction (a monster's, or a polymorph form's).
    pub intrinsic_dr: f64,
    /// Half physical damage: physical damage loses 1d(half) instead.
    pub half_physical: bool,
    /// Half spell damage: spell damage loses 1d(half) instead.
    pub half_spell: bool,
    /// A demon or undead: a blessed weapon gets +1 (evasion, Other modifications).
    pub demon_or_undead: bool,
    /// Can be skewered by a spear.
    pub kebabable: bool,
    /// Standing in water: a trident gets +1 (evasion, Other modifications).
    pub in_water: bool,
    /// A xorn or earth elemental: a pick-axe or mattock gets +1.
    pub xorn_or_earth_elemental: bool,
    /// A unicorn: catches a thrown gem (evasion, Overriding special cases).
    pub unicorn: bool,
    /// The attacker's quest leader.
    pub quest_leader: bool,
    /// Hostile (a hostile quest leader does not catch).
    pub hostile: bool,
}

impl Defender {
    /// Whether this is a monster whose luckstone Luck (3 + 1d3) has not been drawn yet.
    pub fn undrawn_luckstone(&self) -> bool {
        self.kind == Kind::Monster && self.luckstone
    }

    /// This defender after its luckstone draw (see [`Attacker::with_luckstone_drawn`]).
    pub fn with_luckstone_drawn(&self, d3: u32) -> Self {
        let mut d = self.clone();
        if d.undrawn_luckstone() {
            d.luck = luckstone_luck(d3);
            d.luckstone = false;
        }
        d
    }
}

impl Default for Defender {
    fn default() -> Self {
        Self {
            kind: Kind::Monster,
            ev: 0.0,
            divine_protection: 0,
            spell_protection: 0,
            size: 2,
            armor: Armor::default(),
            rings_of_evasiveness: 0,
            monk_martial_arts: None,
            wielding_weapon: false,
            luck: 0,
            luckstone: false,
            unseen: false,
            confused: false,
            fleeing: false,
            stunned: false,
            blinded: false,
            trapped: false,
            sleeping: false,
            paralyzed: false,
            encumbrance: Encumbrance::Unencumbered,
            hp: 10,
            intrinsic_dr: 0.0,
            half_physical: false,
            half_spell: false,
            demon_or_undead: false,
            kebabable: false,
            in_water: false,
            xorn_or_earth_elemental: false,
            unicorn: false,
            quest_leader: false,
            hostile: false,
        }
    }
}

/// How the bell-curve to-hit roll is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "model", rename_all = "kebab-case")]
pub enum ToHitModel {
    /// A normal variable with mean 0: a hit when it exceeds defender − attacker.
    Normal {
        /// Its standard deviation.
        sigma: f64,
    },
    /// The sum of `k` uniform integers in −r..=r: a hit when it exceeds
    /// k × (defender − attacker). Integer-only games get the same answers.
    UniformSum {
        /// How many integers are summed, 1 to 64 (more makes it closer to a bell).
        k: u32,
        /// Each integer's half-width, 1 to 1000: it is drawn from −r..=r.
        r: u32,
    },
}

/// Printed as reports name the model: "normal model σ = 5".
impl std::fmt::Display for ToHitModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Normal { sigma } => write!(f, "normal model σ = {sigma}"),
            Self::UniformSum { k, r } => write!(f, "sum of {k} uniform integers in −{r}..={r}"),
        }
    }
}

impl ToHitModel {
    /// fray's default normal model: σ = 5.
    pub const NORMAL: Self = Self::Normal { sigma: 5.0 };
    /// fray's default integer model: four uniform integers in −17..=17 (σ of their mean
    /// ≈ 5.05, matching the normal default).
    pub const UNIFORM_SUM: Self = Self::UniformSum { k: 4, r: 17 };
}

impl Default for ToHitModel {
    fn default() -> Self {
        Self::NORMAL
    }
}

/// How a product such as damage × 0.9^DR becomes whole damage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    /// To the nearest whole number, halves up (fray's default).
    #[default]
    Nearest,
    /// Down.
    Down,
    /// Up.
    Up,
    /// Up with a chance equal to the fraction: keeps the mean exact.
    Stochastic,
}

/// What kind of damage a hit deals: only physical damage is reduced by DR.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum DamageKind {
    #[default]
    /// Physical: the only kind that erosion, DR and high-damage effects touch.
    Physical,
    /// Elemental: skips erosion, DR and the high-damage effects.
    Elemental,
    /// Magical (spell) damage.
    Spell,
}

/// Printed as the rules text names the kind ("physical damage"), never as a Rust name.
impl std::fmt::Display for DamageKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Physical => "physical",
            Self::Elemental => "elemental",
            Self::Spell => "spell",
        })
    }
}

/// The readings a designer may switch (see docs/rules/evasion.md).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// The to-hit model: normal with σ = 5 by default, or a sum of uniform integers
    /// for games that roll only whole numbers.
    pub model: ToHitModel,
    /// Rounding of damage products.
    pub rounding: Rounding,
    /// A monster's level / 4 as a fraction (true) or rounded down (false, default).
    pub fractional_level_bonus: bool,
    /// Ammo fired from the wrong kind of launcher still gets that launcher's
    /// enchantment and artifact bonus (true), beside its −6; by default (false) only
    /// ammo fired from its own launcher does, since the text's example of a wrong
    /// launcher is filed with firing from none (evasion, Attacker bonus).
    pub wrong_launcher_counts: bool,
}
