//! The worked examples of the damage text, as ready-made hits and stat blocks.
//!
//! `fray damage --example NAME` plays them; the tests check their numbers against the
//! text.

/// A built-in example: the command-line arguments that reproduce it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// Short name, for `--example`.
    pub name: &'static str,
    /// Where it comes from and what it shows.
    pub about: &'static str,
    /// The damage amount (a number or dice).
    pub amount: &'static str,
    /// The damage types.
    pub types: &'static [&'static str],
    /// The defender's stat block.
    pub traits: &'static str,
    /// Hit facts as command-line flags (`--advantage`, `--area`...).
    pub flags: &'static [&'static str],
}

/// Every built-in example; the first is the default.
pub const EXAMPLES: &[Example] = &[
    Example {
        name: "multi-type",
        about: "Multiple damage types, example 1: 17 fire and cold against Resist Fire and Vulnerable 5 Cold",
        amount: "17",
        types: &["fire", "cold"],
        traits: "Resist Fire; Vulnerable 5 Cold",
        flags: &[],
    },
    Example {
        name: "choose-resistance",
        about: "Choosing among resistances: 27 fire without advantage against three resistances",
        amount: "27",
        types: &["fire"],
        traits: "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All",
        flags: &[],
    },
    Example {
        name: "choose-resistance-advantage",
        about: "The same 27 fire, with combat advantage: the limitless resistance applies",
        amount: "27",
        types: &["fire"],
        traits: "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All",
        flags: &["--advantage"],
    },
    Example {
        name: "resist-and-vulnerable",
        about: "A resistance and a vulnerability together: 17 fire against Resist Fire and Vulnerable 5 Fire",
        amount: "17",
        types: &["fire"],
        traits: "Resist Fire; Vulnerable 5 Fire",
        flags: &[],
    },
    Example {
        name: "multi-type-immune",
        about: "Multiple damage types, example 2: immunity counts as mitigating the whole damage",
        amount: "17",
        types: &["fire", "cold", "acid"],
        traits: "Damage Immune: Fire; Vulnerable 5 Cold; Vulnerable Acid",
        flags: &[],
    },
    Example {
        name: "multi-type-resist-all",
        about: "Multiple damage types, example 3: Resist Fire and Resist All 5",
        amount: "17",
        types: &["fire", "cold"],
        traits: "Resist Fire; Resist All 5",
        flags: &[],
    },
    Example {
        name: "insubstantial",
        about: "Insubstantial against non-physical damage with combat advantage: increased by half",
        amount: "20",
        types: &["necrotic"],
        traits: "Insubstantial",
        flags: &["--advantage"],
    },
    Example {
        name: "swarm-burst",
        about: "A swarm caught in a burst: increased by half, and pushed anyway",
        amount: "20",
        types: &["fire"],
        traits: "Swarm",
        flags: &["--area", "--effect", "push"],
    },
    Example {
        name: "environmental",
        about: "A fire hazard (not an attack) against a fire-resistant creature: negated",
        amount: "12",
        types: &["fire"],
        traits: "Resist Fire; Damage Trigger Fire: its flames flare",
        flags: &["--environmental"],
    },
    Example {
        name: "resistance-reduction",
        about: "Resistance reduction 5 against Resist 10 Fire: the resistance still applies, plus a Vulnerable 5 Fire",
        amount: "20",
        types: &["fire"],
        traits: "Resist 10 Fire",
        flags: &["--reduce", "fire:5"],
    },
    Example {
        name: "dice",
        about: "Rolled damage: the exact distribution of 2d6+3 fire and cold against Resist Fire and Vulnerable 5 Cold",
        amount: "2d6+3",
        types: &["fire", "cold"],
        traits: "Resist Fire; Vulnerable 5 Cold",
        flags: &[],
    },
];

/// The example of that name.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name.eq_ignore_ascii_case(name))
}
