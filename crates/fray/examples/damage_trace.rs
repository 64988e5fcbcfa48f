//! A tabletop tool resolving one hit against a monster's stat block with fray's damage
//! system, and printing the trace: every rule applied, with the numbers it used, so a
//! player can see why 17 fire and cold damage became 15.
//!
//! Run it with `cargo run -p fray --example damage_trace`.

use std::fmt::Write as _;

use fray::character::CharacterCondition;
use fray::damage::{AttackFacts, DamageType, Defender, Effect, Hit, Readings, explain};

/// The monster's traits, written as a stat block writes them: one per line or `;`.
const STAT_BLOCK: &str = "\
Resist Fire
Vulnerable 5 Cold
Condition Immune: Stunned
Damage Trigger Cold: slowed until the end of its next turn";

fn main() {
    print!("{}", run());
}

/// Resolves 17 fire and cold damage (which also stuns and knocks prone) against the stat
/// block above, and returns the explanation.
pub fn run() -> String {
    let mut out = String::new();
    // A bad line would be refused with its line and column; a tool would show that.
    let traits = match fray::damage::parse_traits(STAT_BLOCK) {
        Ok(traits) => traits,
        Err(errors) => return format!("the stat block does not read: {errors}\n"),
    };
    let monster = Defender::new(traits);

    // The hit: its amount, its types, the facts of the attack and its other effects.
    let mut hit = Hit::new(17, [DamageType::Fire, DamageType::Cold]).by(AttackFacts::default());
    hit.effects = vec![
        Effect::Condition(CharacterCondition::Stunned),
        Effect::Condition(CharacterCondition::Prone),
    ];

    // `explain` keeps the trace; `fray::damage::resolve` is the same rules without one,
    // for simulations that resolve millions of hits.
    let explained = explain(&hit, &monster, &Readings::default());
    let _ = writeln!(out, "17 fire and cold damage against:");
    for line in STAT_BLOCK.lines() {
        let _ = writeln!(out, "  {line}");
    }
    for (n, step) in explained.trace.steps.iter().enumerate() {
        // Each step names its rule by id and by the rules text's section heading.
        let _ = writeln!(out, "{:>3}. {step}  ({})", n + 1, step.rule.heading);
    }
    let o = &explained.outcome;
    let _ = writeln!(
        out,
        "final damage: {} ({} - {} + {})",
        o.final_damage, o.original, o.mitigated, o.added
    );
    for e in &explained.effects {
        let fate = match &e.ignored_because {
            Some(why) if !e.applies => format!("is stopped by {why}"),
            _ if e.applies => "takes hold".to_string(),
            _ => "does not take hold".to_string(),
        };
        let _ = writeln!(out, "effect {}: {fate}", e.effect);
    }
    // Triggers come last: they wait until the hit is fully resolved.
    for t in &explained.triggers {
        let _ = writeln!(out, "trigger ({}): {}", t.damage_type, t.effect);
    }
    out
}
