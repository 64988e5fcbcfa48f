//! Encounter scripts: creatures and a list of steps (actions, queries, expectations) in
//! TOML. A script is checked before anything runs; then each step acts on the
//! encounter and logs every rule applied. Expectations that fail are reported with the
//! line and column of their step. Every number has a range
//! ([`super::bounds`], listed in `docs/rules/conditions.md`), checked as it is read.
//!
//! ```toml
//! seed = 1                          # rolls not fixed in the script come from here
//!
//! [readings]                        # optional: the other readings of the text
//! mark_penalty = "power"            # untyped (default) | power
//! stunned_may_escape = false        # default true
//!
//! [[creature]]
//! name = "Fighter"
//! side = "a"                        # a | b
//! hp = 30                           # optional: level 1, defenses 10, speed 6, skills 0
//! ac = 18
//! position = [0, 0]
//! traits = "Resist 5 Fire"          # damage-system notation
//! aura = 1                          # a defender aura marking enemies within 1 square
//! [[creature.power]]
//! name = "Grab"
//! action = "standard"               # standard | move | minor | free | opportunity | immediate
//! usage = "at-will"                 # at-will | encounter
//! keywords = ["melee"]
//! attack = 5
//! vs = "reflex"                     # ac | fortitude | reflex | will
//! damage = "1d6"
//! effects = [{ condition = "grabbed", duration = "until-ended" }]
//! trigger = "mark-violated"         # optional: used at once when its mark is violated
//!
//! [[object]]                        # not a creature: no turns, actions, sides
//! name = "Idol"
//! position = [6, 5]
//! hp = 5                            # optional: 1; ac, fortitude, reflex 10
//!
//! [[terrain]]                       # squares that are not solid ground
//! name = "chasm"
//! squares = [[3, 0], [3, 1]]
//! fall = 6                          # optional: damage of a fall (0)
//!
//! [[step]]
//! do = "attack"                     # apply, end, next-turn, end-encounter, move, stand-up,
//! attacker = "Fighter"              # attack, push, pull, slide, dominator-moves, escape,
//! power = "Grab"                    # save, total-defense, heal, damage, modifier,
//! targets = ["Goblin"]              # end-modifier, perception, query, expect
//! rolls = [15, 4]                   # d20 then damage dice; the seed supplies the rest
//! dominated_save = true             # (attack, damage) dominated targets make their save
//!
//! [[step]]
//! do = "apply"                      # (end takes source or effect too, and reappear)
//! creature = "Goblin"
//! condition = "restrained"
//! effect = "Web trap"               # a source that is no creature (or source = "Name")
//! requires_hearing = false          # deafened creatures are unaffected when true
//!
//! [[step]]
//! do = "escape"
//! creature = "Goblin"
//! from = "Fighter"
//! condition = "grabbed"             # optional: grabbed, else swallowed
//! skill = "athletics"               # optional: acrobatics | athletics (default: better)
//! reappear = [2, 0]                 # optional: the square chosen, out of a swallower
//!
//! [[step]]
//! do = "modifier"                   # a bonus or penalty from an effect
//! creature = "Goblin"
//! to = "attack"                     # attack | defenses | ac | fortitude | reflex | will |
//! type = "untyped"                  # perception; cover | concealment | power | untyped
//! value = -2
//! source = "Curse"                  # end-modifier ends it by this name
//!
//! [[step]]
//! do = "perception"                 # a check (d20) or passive = true; target optional
//! creature = "Fighter"
//! target = "Goblin"
//! dc = 15
//!
//! [[step]]
//! do = "expect"
//! check = "condition"               # condition, hp, position, combat-advantage,
//! creature = "Goblin"               # attack-modifier, violates-mark, can, movement-cost,
//! condition = "grabbed"             # line-of-sight, line-of-effect, occupies-space,
//! source = "Fighter"                # refused, log, defense, perception, perceives,
//!                                   # initiative
//! ```
//!
//! The format and the player are apart, so a front end can check a script without
//! playing it:
//!
//! - `format`: the serde mirror of the file, and the checked [`Script`];
//! - `expect`: the queries and expectations a script may state;
//! - this file: reading and checking a script, with located errors ([`parse_script`]);
//! - `names`: the creature names a step mentions, with where they are;
//! - `player`: playing a checked script against an `Encounter` ([`run_script`]);
//! - `check`: expectations judged and queries answered against the encounter.

use std::collections::{HashMap, HashSet, VecDeque};

use serde::{Deserialize, Serialize};
use toml::Spanned;

use super::bounds;
use super::encounter::{
    AttackOptions, Encounter, EscapeChoice, Refused, Situation, Target, Terrain,
};
use super::model::{
    ActionType, CharacterCondition, Creature, Defense, Duration, Forced, InstanceDuration, Power,
    Side, Skill, Square,
};
use super::readings::Readings;
use super::stacking::{Modifier, ModifierType};
use crate::damage::{DamageType, Hit, parse_traits};
use crate::rng::{Rolls, SeededRolls};
use crate::scenario::{Checker, ScenarioError, read};
use crate::trace::{Rule, Step as LogStep};

mod check;
mod expect;
mod format;
mod names;
mod player;
pub use expect::{Check, Query};
pub use format::{CreatureFile, ForcedStep, MAX_CREATURES, MAX_STEPS, Script, ScriptError, Step};
use format::{Name, RawScript, yes};
use names::step_names;
pub use player::{Failure, Report, run_script, run_script_until};

/// Reads and checks a script.
///
/// ```
/// use fray::conditions::{parse_script, run_script};
/// let script = parse_script(r#"
/// [[creature]]
/// name = "Hero"
/// side = "a"
/// hp = 20
/// [[step]]
/// do = "apply"
/// creature = "Hero"
/// condition = "stunned"
/// [[step]]
/// do = "expect"
/// check = "can"
/// creature = "Hero"
/// action = "attack"
/// value = false
/// "#).unwrap();
/// let report = run_script(&script, None);
/// assert_eq!((report.expectations_met, report.failures.len()), (1, 0));
/// ```
pub fn parse_script(text: &str) -> Result<Script, ScriptError> {
    let (raw, c): (RawScript, Checker) = read(text).map_err(|e| bounds::refine(text, e))?;
    let (creature_count, step_count) = (raw.creatures.len() + raw.objects.len(), raw.steps.len());
    if creature_count > MAX_CREATURES || step_count > MAX_STEPS {
        return Err(ScenarioError::whole(format!(
            "the script has {creature_count} creatures and objects and {step_count} steps: \
             a script holds at most {MAX_CREATURES} creatures and objects and {MAX_STEPS} steps"
        )));
    }
    let mut names = HashSet::new();
    let mut creatures = Vec::new();
    for rc in raw.creatures {
        creatures.push(check_creature(&c, rc, &mut names)?);
    }
    for o in &raw.objects {
        let name = c.name(&o.name, "object")?;
        if !names.insert(name.clone()) {
            return Err(c.at(
                &o.name,
                format!("a creature or object named `{name}` already exists"),
            ));
        }
        let hp = o.hp.unwrap_or(1);
        creatures.push(Creature {
            name,
            side: Side::B,
            level: 1,
            max_hp: i64::from(hp),
            hp: i64::from(hp),
            ac: o.ac,
            fortitude: o.fortitude,
            reflex: o.reflex,
            will: 10,
            speed: 0,
            crawl: 0,
            acrobatics: 0,
            athletics: 0,
            perception: 0,
            initiative: 0,
            position: o.position,
            traits: Vec::new(),
            powers: Vec::new(),
            aura: None,
            object: true,
        });
    }
    let mut steps = Vec::new();
    for (i, spanned) in raw.steps.into_iter().enumerate() {
        let step = spanned.get_ref();
        let index = i.to_string();
        for (field, name) in step_names(step) {
            if !names.contains(name.as_str()) {
                let path: Vec<&str> = ["step", index.as_str()]
                    .into_iter()
                    .chain(field.iter().map(String::as_str))
                    .collect();
                return Err(c.at_path(&path, format!("no creature is named `{name}`")));
            }
        }
        check_step_values(&c, step, &index)?;
        if let Step::Attack {
            attacker, power, ..
        } = step
            && let Some(cr) = creatures.iter().find(|cr: &&Creature| cr.name == *attacker)
            && !cr.powers.iter().any(|p| p.name.eq_ignore_ascii_case(power))
        {
            return Err(c.at_path(
                &["step", index.as_str(), "power"],
                format!("`{attacker}` has no power named `{power}`"),
            ));
        }
        let at = c
            .at(&spanned, "")
            .location
            .map_or((0, 0), |l| (l.line, l.column));
        steps.push((spanned.into_inner(), at.0, at.1));
    }
    let mut terrain = HashMap::new();
    for t in &raw.terrain {
        let name = c.name(&t.name, "terrain")?;
        if t.squares.get_ref().is_empty() {
            return Err(c.at(&t.squares, "expected at least one square, as [[x, y], ...]"));
        }
        let fall = t.fall.unwrap_or(0);
        for &sq in t.squares.get_ref() {
            let tile = Terrain {
                name: name.clone(),
                fall,
            };
            if terrain.insert(sq, tile).is_some() {
                return Err(c.at(&t.squares, format!("{sq} is given terrain twice")));
            }
        }
    }
    if creature_count == 0 {
        return Err(ScenarioError::whole(
            "nothing to play: the script declares no creature or object \
             (expected [[creature]] tables, then [[step]] tables)",
        ));
    }
    Ok(Script {
        seed: raw.seed,
        readings: raw.readings,
        terrain,
        creatures,
        steps,
    })
}

/// Checks the values of a step's new fields, located at their key.
fn check_step_values(c: &Checker, step: &Step, index: &str) -> Result<(), ScriptError> {
    let at = |field: &str, message: &str| c.at_path(&["step", index, field], message);
    match step {
        Step::Apply {
            source: Some(_),
            effect: Some(_),
            ..
        }
        | Step::End {
            source: Some(_),
            effect: Some(_),
            ..
        } => Err(at(
            "effect",
            "expected either `source` (a creature) or `effect` (a name), not both",
        )),
        Step::Apply {
            effect: Some(e), ..
        }
        | Step::End {
            effect: Some(e), ..
        } if e.trim().is_empty() => Err(at("effect", "expected the name of an effect")),
        Step::Modifier {
            value,
            source,
            duration,
            ..
        } => {
            if *value == 0 {
                return Err(at(
                    "value",
                    "expected a bonus or penalty from -20 to 20, not 0",
                ));
            }
            if source.trim().is_empty() {
                return Err(at("source", "expected the name of the effect"));
            }
            if *duration == Duration::SaveEnds {
                return Err(at(
                    "duration",
                    "expected until-ended, end-of-encounter or end-of-next-turn (no saves against a modifier)",
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// Checks a creature read from a file; `names` collects the names seen so far.
pub fn check_creature(
    c: &Checker,
    rc: CreatureFile,
    names: &mut HashSet<String>,
) -> Result<Creature, ScriptError> {
    let name = c.name(&rc.name, "creature")?;
    if !names.insert(name.clone()) {
        return Err(c.at(
            &rc.name,
            format!("a creature named `{name}` already exists"),
        ));
    }
    let hp = rc.hp;
    let traits = match &rc.traits {
        None => Vec::new(),
        Some(t) => parse_traits(t.get_ref()).map_err(|e| {
            c.at(
                t,
                format!(
                    "the traits could not be read: {}",
                    e.0.first().map_or(String::new(), |e| e.message.clone())
                ),
            )
        })?,
    };
    Ok(Creature {
        name,
        side: rc.side,
        level: rc.level,
        max_hp: i64::from(hp),
        hp: i64::from(hp),
        ac: rc.ac,
        fortitude: rc.fortitude,
        reflex: rc.reflex,
        will: rc.will,
        speed: rc.speed,
        crawl: rc.crawl,
        acrobatics: rc.acrobatics,
        athletics: rc.athletics,
        perception: rc.perception,
        initiative: rc.initiative,
        position: rc.position,
        traits,
        powers: rc.powers,
        aura: rc.aura,
        object: false,
    })
}
