//! The evasion system: a bell-curve to-hit roll against evasiveness (EV), armor slots
//! and damage reduction (DR), high-damage effects.
//!
//! Its rules text is cited as "evasion" with the heading, e.g. "(evasion, Damage
//! formula)"; `docs/rules/evasion.md` describes the text in our words, with the readings
//! chosen where it is ambiguous.
//!
//! - [`model`]: attackers, defenders, armor by slot, the to-hit models, options;
//! - [`resolve`](mod@resolve): both to-hit breakdowns, Luck dice, the damage steps;
//! - [`exact`]: hit chances averaged exactly over Luck, damage distributions, appraisal;
//! - [`sample`]: the same attack rolled through [`crate::rng::Rolls`];
//! - [`profile`]: attacker and defender profiles from TOML files.

pub mod exact;
pub mod model;
pub mod profile;
pub mod request;
pub mod resolve;
pub mod sample;

pub use exact::{
    Appraisal, DamageOdds, EvasionError, HitChance, ToHit, appraise, damage_odds, hit_chance,
    hit_chance_with,
};
pub use model::{
    Armor, ArmorPiece, Attacker, DamageKind, Defender, Encumbrance, Kind, Launcher, MartialArts,
    Options, Projectile, Ranged, Rounding, SkillLevel, Slot, Thrown, ToHitModel, Weapon,
    WeaponKind,
};
pub use resolve::{
    Breakdown, Caught, HighDamage, LuckDice, Term, attacker_breakdown, defender_breakdown,
};
pub use sample::{AttackRoll, DamageRoll, draw_luckstone, roll_attack, roll_damage, roll_hit};
