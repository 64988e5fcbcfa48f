//! Tests of the damage system: the rules text's worked examples, the rules case by case,
//! the notation, and property tests of the invariants the text states.

mod examples;
mod notation;
mod properties;
mod rules;

use fray::damage::{
    AttackFacts, DamageType, Defender, Explained, Hit, Readings, explain, parse_traits,
};

/// A defender from stat-block notation.
pub fn defender(traits: &str) -> Defender {
    Defender::new(parse_traits(traits).unwrap_or_else(|e| panic!("{e}")))
}

/// Final damage of `hit` against `traits`.
pub fn final_damage(hit: &Hit, traits: &str) -> u64 {
    explained(hit, traits).outcome.final_damage
}

/// The full explanation of `hit` against `traits`.
pub fn explained(hit: &Hit, traits: &str) -> Explained {
    explain(hit, &defender(traits), &Readings::default())
}

/// Damage types by name.
pub fn types(names: &[&str]) -> Vec<DamageType> {
    names.iter().map(|n| n.parse().unwrap()).collect()
}

/// An attack with combat advantage.
pub fn with_advantage(hit: Hit) -> Hit {
    hit.by(AttackFacts::default().with_advantage())
}

/// A burst or blast.
pub fn in_area(hit: Hit) -> Hit {
    hit.by(AttackFacts::default().with_area())
}
