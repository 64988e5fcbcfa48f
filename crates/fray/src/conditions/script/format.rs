//! The file format of encounter scripts: the serde mirror of the TOML (every number
//! checked against [`super::super::bounds`] as it is read) and the checked [`Script`].
//! It owns what a script may say; it may not run anything (that is `player`).

use super::*;

/// A script that could not be read.
pub type ScriptError = ScenarioError;

/// The most creatures and objects a script may hold.
pub const MAX_CREATURES: usize = 1_000;
/// The most steps a script may hold.
pub const MAX_STEPS: usize = 10_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScript {
    #[serde(
        default,
        deserialize_with = "bounds::optional::<_, { bounds::at::SEED }, _>"
    )]
    pub(super) seed: Option<u64>,
    #[serde(default)]
    pub(super) readings: Readings,
    #[serde(rename = "creature", default)]
    pub(super) creatures: Vec<CreatureFile>,
    #[serde(rename = "step", default)]
    pub(super) steps: Vec<Spanned<Step>>,
    #[serde(default)]
    pub(super) terrain: Vec<TerrainFile>,
    #[serde(rename = "object", default)]
    pub(super) objects: Vec<ObjectFile>,
}

/// An object (not a creature) as a script writes it: it can be seen, concealed,
/// attacked and swallowed, and takes no turns.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ObjectFile {
    pub(super) name: Spanned<String>,
    pub(super) position: Option<Square>,
    #[serde(
        default,
        deserialize_with = "bounds::optional::<_, { bounds::at::HP }, _>"
    )]
    pub(super) hp: Option<u32>,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) ac: i32,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) fortitude: i32,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) reflex: i32,
}

/// Squares that are not solid ground, as a script writes them.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainFile {
    pub(super) name: Spanned<String>,
    pub(super) squares: Spanned<Vec<Square>>,
    /// Falling damage (default 0).
    #[serde(
        default,
        deserialize_with = "bounds::optional::<_, { bounds::at::FALL }, _>"
    )]
    pub(super) fall: Option<u32>,
}

fn one() -> u32 {
    1
}
fn ten() -> i32 {
    10
}
fn six() -> u32 {
    6
}

/// A creature as a script (or a battle file) writes it, before its checks: check it
/// with [`check_creature`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureFile {
    pub(super) name: Spanned<String>,
    pub(super) side: Side,
    #[serde(default = "one", deserialize_with = "bounds::level")]
    pub(super) level: u32,
    #[serde(deserialize_with = "bounds::hp")]
    pub(super) hp: u32,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) ac: i32,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) fortitude: i32,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) reflex: i32,
    #[serde(default = "ten", deserialize_with = "bounds::defense")]
    pub(super) will: i32,
    #[serde(default = "six", deserialize_with = "bounds::speed")]
    pub(super) speed: u32,
    #[serde(default = "one", deserialize_with = "bounds::speed")]
    pub(super) crawl: u32,
    #[serde(default, deserialize_with = "bounds::skill")]
    pub(super) acrobatics: i32,
    #[serde(default, deserialize_with = "bounds::skill")]
    pub(super) athletics: i32,
    #[serde(default, deserialize_with = "bounds::skill")]
    pub(super) perception: i32,
    #[serde(default, deserialize_with = "bounds::initiative")]
    pub(super) initiative: i32,
    pub(super) position: Option<Square>,
    pub(super) traits: Option<Spanned<String>>,
    #[serde(rename = "power", default)]
    pub(super) powers: Vec<Power>,
    #[serde(
        default,
        deserialize_with = "bounds::optional::<_, { bounds::at::AURA }, _>"
    )]
    pub(super) aura: Option<u32>,
}

/// A name of a creature in a step.
pub(super) type Name = String;

fn until_ended() -> Duration {
    Duration::UntilEnded
}
pub(super) fn yes() -> bool {
    true
}

/// One step of a script.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "do", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Step {
    /// Applies an instance of a condition.
    Apply {
        /// The creature that gets the condition.
        creature: Name,
        /// The condition concerned.
        condition: CharacterCondition,
        /// The creature that is the source of the instance (Condition source), if any.
        source: Option<Name>,
        /// A source that is no creature: an effect, zone or trap, by name.
        effect: Option<String>,
        /// How long the instance lasts (until ended when not given).
        #[serde(default = "until_ended")]
        duration: Duration,
        /// The imposing effect is a burst or blast (for conditional immunities).
        #[serde(default)]
        area: bool,
        /// The imposing effect requires hearing (deafened creatures are unaffected).
        #[serde(default)]
        requires_hearing: bool,
    },
    /// Ends instances of a condition (one, by source or effect, or all).
    End {
        /// The creature whose instances end.
        creature: Name,
        /// The condition concerned.
        condition: CharacterCondition,
        /// The creature that is the source of the instance (Condition source), if any.
        source: Option<Name>,
        /// End the instance imposed by this effect (not a creature).
        effect: Option<String>,
        /// The square chosen to reappear in, when exile or swallowing ends.
        reappear: Option<Square>,
        /// End the condition type (every instance), not one instance.
        #[serde(default)]
        all: bool,
    },
    /// Ends the current turn and starts the next in initiative order.
    NextTurn {
        /// Rolls fixed in order before the seed is used, so a step can be replayed exactly.
        #[serde(
            default,
            deserialize_with = "bounds::list::<_, { bounds::at::ROLL }, _>"
        )]
        rolls: Vec<u32>,
    },
    /// Ends the encounter: durations that last until then end.
    EndEncounter,
    /// Walks a creature along a path with a move action.
    Move {
        /// The creature walking.
        creature: Name,
        /// The squares walked through, each adjacent to the last.
        path: Vec<Square>,
    },
    /// Stands a prone creature up with a move action.
    StandUp {
        /// The prone creature standing up.
        creature: Name,
        /// A square to shift to after standing, if any.
        then: Option<Square>,
    },
    /// An attack with one of the attacker's powers.
    Attack {
        /// The attacking creature.
        attacker: Name,
        /// The attacker's power used, by name.
        power: String,
        /// The creatures the attack targets, in order.
        targets: Vec<Name>,
        /// Rolls fixed in order before the seed is used, so a step can be replayed exactly.
        #[serde(
            default,
            deserialize_with = "bounds::list::<_, { bounds::at::ROLL }, _>"
        )]
        rolls: Vec<u32>,
        /// `cover` or `superior`.
        cover: Option<String>,
        /// `concealment` or `total`.
        concealment: Option<String>,
        /// A dominator forcing the attack (Sidebar: Forced attack): it violates no mark.
        forced_by: Option<Name>,
        /// Targets of earlier attacks of the same power: including a marker there keeps the
        /// mark unviolated.
        #[serde(default)]
        earlier: Vec<Name>,
        /// The targets first chosen, when an enemy's effect changed them (Sidebar:
        /// Violating marks).
        #[serde(default)]
        initially: Vec<Name>,
        /// Creatures that mark the attacker during this attack (an interrupt).
        #[serde(default)]
        marked_during: Vec<Name>,
        /// Whether it is a coup de grace against a helpless target.
        #[serde(default)]
        coup_de_grace: bool,
        /// The path of the power's forced movement, for its first target.
        #[serde(default)]
        forced_path: Vec<Square>,
        /// Whether dominated targets make the saving throw they can make when damaged.
        #[serde(default = "yes")]
        dominated_save: bool,
    },
    /// Forced movement: pushed, pulled or slid by a creature's power.
    Push(ForcedStep),
    /// Forced movement: pulled by a creature's power.
    Pull(ForcedStep),
    /// Forced movement: slid by a creature's power.
    Slide(ForcedStep),
    /// A dominator moves the creature it dominates.
    DominatorMoves {
        /// The creature dominating `creature`.
        dominator: Name,
        /// The dominated creature moved.
        creature: Name,
        /// The squares it is moved through, each adjacent to the last.
        path: Vec<Square>,
    },
    /// An escape check against a grabber or swallower.
    Escape {
        /// The creature escaping.
        creature: Name,
        /// The grabber or swallower it escapes from.
        from: Name,
        /// Rolls fixed in order before the seed is used, so a step can be replayed exactly.
        #[serde(
            default,
            deserialize_with = "bounds::list::<_, { bounds::at::ROLL }, _>"
        )]
        rolls: Vec<u32>,
        /// The condition escaped (default: grabbed if `from` grabs it, else swallowed).
        condition: Option<CharacterCondition>,
        /// The escaper's skill (default: the better one).
        skill: Option<Skill>,
        /// The square chosen to reappear in, when escaping a swallower.
        reappear: Option<Square>,
    },
    /// A saving throw against one condition.
    Save {
        /// The creature saving.
        creature: Name,
        /// The condition saved against (one instance ends on a success).
        condition: CharacterCondition,
        /// Rolls fixed in order before the seed is used, so a step can be replayed exactly.
        #[serde(
            default,
            deserialize_with = "bounds::list::<_, { bounds::at::ROLL }, _>"
        )]
        rolls: Vec<u32>,
    },
    /// Takes Total Defense.
    TotalDefense {
        /// The creature taking it.
        creature: Name,
    },
    /// Heals a creature (halved while weakened).
    Heal {
        /// The creature healed.
        creature: Name,
        /// Hit points restored before halving.
        #[serde(deserialize_with = "bounds::amount")]
        amount: u32,
    },
    /// Deals damage that comes from no attack, through the damage system.
    Damage {
        /// The creature damaged.
        creature: Name,
        /// Damage before resistances and vulnerabilities.
        #[serde(deserialize_with = "bounds::amount")]
        amount: u32,
        /// The damage types of the damage (none: untyped, that is physical).
        #[serde(default)]
        types: Vec<DamageType>,
        /// Rolls fixed in order before the seed is used, so a step can be replayed exactly.
        #[serde(
            default,
            deserialize_with = "bounds::list::<_, { bounds::at::ROLL }, _>"
        )]
        rolls: Vec<u32>,
        /// Whether a dominated creature makes the saving throw it can make (default yes).
        #[serde(default = "yes")]
        dominated_save: bool,
    },
    /// Asks a question whose answer is logged (not judged).
    Query {
        /// What is asked; the answer is logged, not judged.
        what: Query,
        /// The creature asked about (the first creature when none is named).
        creature: Option<Name>,
        /// The other creature of the question, if it has one.
        target: Option<Name>,
        /// `cover` or `superior`: situational cover of this attack.
        cover: Option<String>,
        /// `concealment` or `total`: situational concealment of this attack.
        concealment: Option<String>,
    },
    /// A typed or untyped bonus or penalty from an effect on attacks, defenses or
    /// Perception.
    Modifier {
        /// The creature that gets the bonus or penalty.
        creature: Name,
        /// What the modifier changes: a defense, attack rolls or Perception.
        to: Target,
        /// Its type, which decides how it stacks (Penalty types and stacking).
        #[serde(rename = "type")]
        kind: ModifierType,
        /// The bonus (above 0) or penalty (below 0); never 0, which would change nothing.
        #[serde(deserialize_with = "bounds::modifier")]
        value: i32,
        /// The effect's name; `end-modifier` ends it by this name.
        source: String,
        /// How long the bonus or penalty lasts (no saves against a modifier).
        #[serde(default = "until_ended")]
        duration: Duration,
    },
    /// Ends the bonuses and penalties of one effect on a creature.
    EndModifier {
        /// The creature whose bonuses and penalties from the effect end.
        creature: Name,
        /// The effect whose bonuses and penalties end, by name.
        source: String,
    },
    /// A Perception check (a d20 from `rolls` or the seed), or passive Perception.
    Perception {
        /// The creature whose Perception it is.
        creature: Name,
        /// What is to be noticed, if a creature or object of the encounter.
        target: Option<Name>,
        /// The DC of what is to be perceived.
        #[serde(deserialize_with = "bounds::dc")]
        dc: i32,
        /// Whether it is passive Perception (10 + modifiers), with no roll.
        #[serde(default)]
        passive: bool,
        /// Rolls fixed in order before the seed is used, so a step can be replayed exactly.
        #[serde(
            default,
            deserialize_with = "bounds::list::<_, { bounds::at::ROLL }, _>"
        )]
        rolls: Vec<u32>,
    },
    /// An expectation, judged against the encounter as it stands.
    Expect(Check),
}

/// A push, pull or slide as a script writes it: the three take the same fields.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedStep {
    /// The creature moved.
    pub creature: Name,
    /// The creature whose power moves it.
    pub by: Name,
    /// The squares it is moved through, each adjacent to the last.
    pub path: Vec<Square>,
    /// The skill of the escape checks (default: the better one).
    pub escape_skill: Option<Skill>,
    /// Escape checks (d20) against each grabber the movement would leave.
    #[serde(
        default,
        deserialize_with = "bounds::list::<_, { bounds::at::D20 }, _>"
    )]
    pub escape: Vec<u32>,
    /// Whether the movement comes from an area power.
    #[serde(default)]
    pub area: bool,
}

/// A checked script, ready to run.
#[derive(Debug, Clone)]
pub struct Script {
    /// The seed of the rolls the script does not fix (its `seed` key).
    pub seed: Option<u64>,
    /// The readings of the rules text the script plays under (its `[readings]` table).
    pub readings: Readings,
    /// Squares that are not solid ground (its `[[terrain]]` tables).
    pub terrain: HashMap<Square, Terrain>,
    /// The creatures and objects, in the order they were written.
    pub creatures: Vec<Creature>,
    /// Each step with its line and column.
    pub steps: Vec<(Step, usize, usize)>,
}
