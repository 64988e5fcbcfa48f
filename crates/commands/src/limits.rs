//! Every size limit a front end enforces, named once. The refusal that enforces one
//! quotes its number from here (`fray battle` on a larger file, a web body over the cap).

/// A kind of text a command takes from a file, and the most bytes of it a front end
/// reads: anything larger is surely not one, and is refused before it is read whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextFile {
    /// The request's field that holds the text (`battle`, `scenario`, `vs`).
    pub field: &'static str,
    /// What the text is, for messages ("a battle file").
    pub what: &'static str,
    /// The most bytes a front end reads.
    pub max_bytes: u64,
}

/// A battle lab scenario (`fray battle FILE`, `fray sweep FILE`).
pub const SCENARIO: TextFile = TextFile {
    field: "scenario",
    what: "a scenario",
    max_bytes: 8 << 20,
};

/// A minions or pool mass battle file.
pub const BATTLE_FILE: TextFile = TextFile {
    field: "battle",
    what: "a battle file",
    max_bytes: 4 << 20,
};

/// A roster of units to price (`fray roster`).
pub const ROSTER: TextFile = TextFile {
    field: "roster",
    what: "a roster",
    max_bytes: 1 << 20,
};

/// An encounter script of the conditions system.
pub const SCRIPT: TextFile = TextFile {
    field: "script",
    what: "a script",
    max_bytes: 4 << 20,
};

/// An evasion attacker profile.
pub const ATTACKER: TextFile = TextFile {
    field: "attacker",
    what: "a profile",
    max_bytes: 1 << 20,
};

/// An evasion defender profile.
pub const DEFENDER: TextFile = TextFile {
    field: "defender",
    what: "a profile",
    max_bytes: 1 << 20,
};

/// A damage defender's stat block (`--vs-file`).
pub const STAT_BLOCK: TextFile = TextFile {
    field: "vs",
    what: "a stat block file",
    max_bytes: 1 << 20,
};

/// The largest text file any command reads: what a front end that does not know the
/// field (Python's file reader) allows.
pub const MAX_FILE_BYTES: u64 = SCENARIO.max_bytes;

/// The largest request body `fray serve` accepts by default.
pub const DEFAULT_MAX_BODY: usize = 1 << 20;

/// The largest body cap `fray serve --max-body` may set.
pub const MAX_BODY: usize = 64 << 20;

/// The most battles one request to `fray serve` may play by default.
pub const DEFAULT_MAX_TRIALS: u64 = 2_000_000;

/// The most points one sweep sent to `fray serve` may hold by default.
pub const DEFAULT_MAX_POINTS: usize = 400;

/// The most steps one request to `fray serve` may take by default (a distribution's
/// steps, a fighter in each round a battle may last): about a second of a distribution's work.
pub const DEFAULT_MAX_STEPS: u64 = 100_000_000;

/// The largest answer the command line prints, in bytes of JSON as estimated before the
/// work (the server has its own, smaller, `--max-answer`): `fray damage 315d9984+1d814
/// --json`, within the exact work's bound, printed 208 MB and held 2.6 GB to print it.
pub const MAX_PRINTED_ANSWER: u64 = 128 << 20;

/// The largest answer `fray serve` gives by default, in bytes of JSON.
pub const DEFAULT_MAX_ANSWER: u64 = 16 << 20;
