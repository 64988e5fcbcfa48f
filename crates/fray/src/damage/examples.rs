//! The worked examples of the damage text, as ready-made hits and stat blocks.
//!
//! `fray damage --example NAME` plays them; the tests check their numbers against the
//! text.

/// A built-in example: the request that reproduces it.
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
    /// The facts of the hit beyond its amount and types.
    pub facts: Facts,
}

/// The facts of an example's hit, as the request's fields of the same names hold them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// The attacker has combat advantage.
    pub advantage: bool,
    /// A burst or blast.
    pub area: bool,
    /// Environmental damage (no attacker).
    pub environmental: bool,
    /// Non-damage effects of the hit.
    pub effect: &'static [&'static str],
    /// The attacker's resistance reductions, `TYPE:VALUE`.
    pub reduce: &'static [&'static str],
}

impl Facts {
    /// A plain hit: no fact beyond its amount and types.
    pub const NONE: Self = Self {
        advantage: false,
        area: false,
        environmental: false,
        effect: &[],
        reduce: &[],
    };
}

/// Every built-in example; the first is the default.
pub const EXAMPLES: &[Example] = &[
    Example {
        name: "multi-type",
        about: "Multiple damage types, example 1: 17 fire and cold against Resist Fire and Vulnerable 5 Cold",
        amount: "17",
        types: &["fire", "cold"],
        traits: "Resist Fire; Vulnerable 5 Cold",
        facts: Facts::NONE,
    },
    Example {
        name: "choose-resistance",
        about: "Choosing among resistances: 27 fire without advantage against three resistances",
        amount: "27",
        types: &["fire"],
        traits: "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All",
        facts: Facts::NONE,
    },
    Example {
        name: "choose-resistance-advantage",
        about: "The same 27 fire, with combat advantage: the limitless resistance applies",
        amount: "27",
        types: &["fire"],
        traits: "Resist Fire (Advantage); Resist 10 Fire; Resist 5 All",
        facts: Facts {
            advantage: true,
            ..Facts::NONE
        },
    },
    Example {
        name: "resist-and-vulnerable",
        about: "A resistance and a vulnerability together: 17 fire against Resist Fire and Vulnerable 5 Fire",
        amount: "17",
        types: &["fire"],
        traits: "Resist Fire; Vulnerable 5 Fire",
        facts: Facts::NONE,
    },
    Example {
        name: "multi-type-immune",
        about: "Multiple damage types, example 2: immunity counts as mitigating the whole damage",
        amount: "17",
        types: &["fire", "cold", "acid"],
        traits: "Damage Immune: Fire; Vulnerable 5 Cold; Vulnerable Acid",
        facts: Facts::NONE,
    },
    Example {
        name: "multi-type-resist-all",
        about: "Multiple damage types, example 3: Resist Fire and Resist All 5",
        amount: "17",
        types: &["fire", "cold"],
        traits: "Resist Fire; Resist All 5",
        facts: Facts::NONE,
    },
    Example {
        name: "insubstantial",
        about: "Insubstantial against non-physical damage with combat advantage: increased by half",
        amount: "20",
        types: &["necrotic"],
        traits: "Insubstantial",
        facts: Facts {
            advantage: true,
            ..Facts::NONE
        },
    },
    Example {
        name: "swarm-burst",
        about: "A swarm caught in a burst: increased by half, and pushed anyway",
        amount: "20",
        types: &["fire"],
        traits: "Swarm",
        facts: Facts {
            area: true,
            effect: &["push"],
            ..Facts::NONE
        },
    },
    Example {
        name: "environmental",
        about: "A fire hazard (not an attack) against a fire-resistant creature: negated",
        amount: "12",
        types: &["fire"],
        traits: "Resist Fire; Damage Trigger Fire: its flames flare",
        facts: Facts {
            environmental: true,
            ..Facts::NONE
        },
    },
    Example {
        name: "resistance-reduction",
        about: "Resistance reduction 5 against Resist 10 Fire: the resistance still applies, plus a Vulnerable 5 Fire",
        amount: "20",
        types: &["fire"],
        traits: "Resist 10 Fire",
        facts: Facts {
            reduce: &["fire:5"],
            ..Facts::NONE
        },
    },
    Example {
        name: "dice",
        about: "Rolled damage: the exact distribution of 2d6+3 fire and cold against Resist Fire and Vulnerable 5 Cold",
        amount: "2d6+3",
        types: &["fire", "cold"],
        traits: "Resist Fire; Vulnerable 5 Cold",
        facts: Facts::NONE,
    },
];

/// Every example's name, in order.
pub fn names() -> Vec<&'static str> {
    EXAMPLES.iter().map(|e| e.name).collect()
}

/// The example of that name.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name.eq_ignore_ascii_case(name))
}
