//! The evasion system: a bell-curve to-hit roll against evasiveness (EV), armor slots
//! and damage reduction (DR), high-damage effects.
//!
//! It implements the rules text "evasion" (file 001 of the rules texts), cited with the
//! heading, e.g. "(evasion, Damage formula)"; `docs/rules/evasion.md` describes the text
//! in our words, with the readings chosen where it is ambiguous.
//!
//! Its files, in layers: each imports only from the ones before it in this list
//! (`tests/architecture.rs` checks it).
//!
//! 1. [`model`]: attackers, defenders, armor by slot, the to-hit models, options;
//! 2. [`resolve`](mod@resolve): both to-hit breakdowns, Luck dice, the damage steps;
//! 3. [`exact`]: hit chances averaged exactly over Luck, damage distributions, appraisal;
//! 4. [`sample`]: the same attack rolled through [`crate::rng::Rolls`];
//! 5. [`profile`]: attacker and defender profiles from TOML files (the scenario layer).

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
pub use sample::{
    AttackPlan, AttackRoll, DamageRoll, draw_luckstone, roll_attack, roll_damage, roll_hit,
};
