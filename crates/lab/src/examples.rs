//! The bundled scenarios (files in `examples/battles/`), built into the lab so that
//! `fray battle` runs with nothing else.

/// A bundled scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// The name `fray battle --example NAME` takes.
    pub name: &'static str,
    /// One line on what it shows, for `--list-examples`.
    pub about: &'static str,
    /// The scenario file's text, parsed with [`crate::parse_scenario`].
    pub text: &'static str,
}

/// Every bundled scenario; the first is the default.
pub const EXAMPLES: &[Example] = &[
    Example {
        name: "pikes",
        about: "pool mass battle: a pike square on a hill against light cavalry",
        text: include_str!("../../../examples/battles/pikes.toml"),
    },
    Example {
        name: "duel",
        about: "evasion duel: a Valkyrie against a troll, exact and sampled",
        text: include_str!("../../../examples/battles/duel.toml"),
    },
    Example {
        name: "minions",
        about: "minions: recruits against orcs, over three turns (exact)",
        text: include_str!("../../../examples/battles/minions.toml"),
    },
    Example {
        name: "skirmish",
        about: "conditions skirmish: a fighter and a cleric against goblins, by the built-in policy",
        text: include_str!("../../../examples/battles/skirmish.toml"),
    },
];

/// The bundled scenario of that name.
pub fn find(name: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.name.eq_ignore_ascii_case(name))
}
