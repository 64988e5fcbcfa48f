//! `fray damage` and `fray types`.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::Result;
use clap::Args;
use fray::damage::request::{self, DamageRequest, DamageResult, DistributionResult, Resolved};
use fray::damage::{self, Hit, Keyword};
use fray::dice::DiceExpr;

use fray_commands::damage::{Damage, Types, TypesRequest};
use fray_commands::limits;

use crate::table::{self, Ran};
use crate::{choice, output};

#[derive(Debug, Args)]
pub struct DamageArgs {
    /// Damage amount: a number (17) or dice (2d6+3). Omit it to play a built-in example.
    amount: Option<String>,
    /// Damage types (physical when none is given); custom types are any other word.
    #[arg(value_name = "TYPE")]
    types: Vec<String>,
    /// The defender's traits in stat-block notation, separated by `;` or new lines.
    #[arg(long, value_name = "TRAITS", conflicts_with = "vs_file")]
    vs: Option<String>,
    /// Read the defender's traits from a file.
    #[arg(long, value_name = "FILE")]
    vs_file: Option<PathBuf>,
    /// The attacker has combat advantage.
    #[arg(long)]
    advantage: bool,
    /// A critical hit.
    #[arg(long)]
    critical: bool,
    /// Ongoing damage.
    #[arg(long)]
    ongoing: bool,
    /// A silvered weapon or implement.
    #[arg(long)]
    silvered: bool,
    /// A burst or blast.
    #[arg(long)]
    area: bool,
    /// The attacker's level (Paragon from 11, Epic from 21).
    #[arg(long, value_name = "N", value_parser = attacker_level, allow_hyphen_values = true)]
    attacker_level: Option<u32>,
    /// An attack keyword (repeatable): a known one (fear, charm, gaze, melee...; see
    /// docs/rules/damage.md), a damage type, or a declared condition.
    #[arg(long = "keyword", value_name = "K")]
    keywords: Vec<String>,
    /// Declare a condition of your own (repeatable), as a `Conditions: NAME` line of the
    /// stat block does, so traits may name it in parentheses.
    #[arg(long = "declare", value_name = "NAME")]
    declared: Vec<String>,
    /// The hit meets this declared condition (repeatable); unmet otherwise.
    #[arg(long = "met", value_name = "NAME")]
    met: Vec<String>,
    /// Environmental damage (a hazard, not an attack).
    #[arg(long)]
    environmental: bool,
    /// The attacker's resistance reduction, TYPE:VALUE (repeatable).
    #[arg(long = "reduce", value_name = "TYPE:VALUE")]
    reductions: Vec<String>,
    /// Change the attack before it lands, in order (repeatable): `gain TYPE`,
    /// `become TYPE`, `extra AMOUNT [TYPE...]`.
    #[arg(long = "modify", value_name = "CHANGE")]
    modifications: Vec<String>,
    /// A non-damage effect of the hit (repeatable): one of the 17 character conditions
    /// (stunned...), or push, pull, slide. Other names are refused.
    #[arg(long = "effect", value_name = "EFFECT")]
    effects: Vec<String>,
    /// With dice: roll them once (seeded) instead of printing the exact distribution.
    #[arg(long)]
    roll: bool,
    /// The seed for --roll (the same seed gives the same roll). Default: from the clock,
    /// and printed.
    #[arg(long, requires = "roll", value_parser = seed, allow_hyphen_values = true)]
    seed: Option<u64>,
    /// Switch a reading of the rules text (repeatable); see docs/rules/damage.md.
    #[arg(long = "reading", value_parser = choice::of::<request::ReadingSwitch>(), value_name = "READING")]
    readings: Vec<request::ReadingSwitch>,
    /// Play a built-in example by name (see --list-examples).
    #[arg(long, value_name = "NAME", conflicts_with = "amount")]
    example: Option<String>,
    /// List the built-in examples.
    #[arg(long)]
    list_examples: bool,
}

/// `--attacker-level`: a whole number (its range is the request's rule), stated with
/// that range when it is not one (also for `-1`, which clap would take for a flag).
fn attacker_level(text: &str) -> Result<u32, String> {
    text.parse::<u32>().map_err(|_| {
        format!(
            "expected a whole number from 0 to {}",
            request::MAX_ATTACKER_LEVEL
        )
    })
}

/// `--seed`: any 64-bit unsigned number, stated as such when refused.
fn seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .ok_or_else(|| format!("expected a whole number from 0 to {}", u64::MAX))
}

#[derive(Debug, Args)]
pub struct TypesArgs {
    /// Show what "choose a damage type, including physical" may pick.
    #[arg(long)]
    including_physical: bool,
}

pub fn run(args: &DamageArgs) -> Result<String> {
    if args.list_examples {
        return list_examples(table::as_json());
    }
    let Ran { valid, answer } = table::run::<Damage>(DamageRequest::try_from(args)?)?;
    if table::as_json() {
        return table::json::<Damage>(&answer);
    }
    match answer {
        DamageResult::Resolved(r) => resolved(&r, valid.dice()),
        DamageResult::Distribution(d) => distribution(&d),
    }
}

/// The flags as a request; the stat block file is read here (the library does no I/O),
/// and a roll without a seed takes one from the clock.
impl TryFrom<&DamageArgs> for DamageRequest {
    type Error = anyhow::Error;

    fn try_from(args: &DamageArgs) -> Result<DamageRequest> {
        let (vs, vs_source) = match (&args.vs, &args.vs_file) {
            (None, Some(path)) => (
                Some(output::read_text(path, limits::STAT_BLOCK)?),
                Some(path.display().to_string()),
            ),
            // Text on the command line is named by its flag in messages.
            (vs, _) => (vs.clone(), vs.as_ref().map(|_| "--vs".to_string())),
        };
        let readings = args.readings.clone();
        Ok(DamageRequest {
            amount: args.amount.clone().map(request::Amount::Text),
            types: args.types.clone(),
            vs,
            vs_source,
            advantage: args.advantage,
            critical: args.critical,
            ongoing: args.ongoing,
            silvered: args.silvered,
            area: args.area,
            attacker_level: args.attacker_level,
            keyword: args.keywords.clone(),
            declare: args.declared.clone(),
            met: args.met.clone(),
            environmental: args.environmental,
            reduce: args.reductions.clone(),
            modify: args.modifications.clone(),
            effect: args.effects.clone(),
            roll: args.roll,
            seed: args.roll.then(|| args.seed.unwrap_or_else(clock_seed)),
            reading: readings,
            example: args.example.clone(),
        })
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// The first lines: the example played, then the amount, types and traits.
fn heading(
    example: Option<&str>,
    declared: &[Keyword],
    traits: &[String],
    hit: &Hit,
    amount: &str,
) -> String {
    let traits: Vec<String> = (!declared.is_empty())
        .then(|| {
            let names: Vec<String> = declared.iter().map(ToString::to_string).collect();
            format!("Conditions: {}", names.join(", "))
        })
        .into_iter()
        .chain(traits.iter().cloned())
        .collect();
    let against = if traits.is_empty() {
        "no traits".to_string()
    } else {
        traits.join("; ")
    };
    let mut s = String::new();
    if let Some(e) = example.and_then(damage::examples::find) {
        let _ = writeln!(s, "example `{}`: {}", e.name, e.about);
    }
    let kind = if hit.is_attack() {
        ""
    } else {
        " environmental"
    };
    let _ = writeln!(s, "{amount} {}{kind} damage against {against}", hit.types);
    s
}

/// One resolution: a fixed amount, or dice rolled once.
fn resolved(r: &Resolved, dice: &DiceExpr) -> Result<String> {
    let explained = &r.explained;
    let mut s = heading(
        r.example,
        &r.declared,
        &r.traits,
        &r.hit,
        &explained.outcome.original.to_string(),
    );
    if let (Some(seed), Some(total)) = (r.seed, r.rolled) {
        let _ = writeln!(s, "rolled {dice} = {total} (seed {seed})");
    }
    s.push_str(&explained.trace.to_string());
    let o = &explained.outcome;
    let _ = writeln!(
        s,
        "final damage: {} ({} − {} + {})",
        o.final_damage, o.original, o.mitigated, o.added
    );
    for e in &explained.effects {
        match &e.ignored_because {
            None => {
                let _ = writeln!(s, "effect {}: takes hold", e.effect);
            }
            Some(why) => {
                let _ = writeln!(s, "effect {}: ignored ({why})", e.effect);
            }
        }
    }
    // Triggers last: they wait until the hit, effects included, is resolved.
    for t in &explained.triggers {
        let _ = writeln!(s, "{t}");
    }
    Ok(s)
}

/// The exact distribution of final damage for a dice amount.
fn distribution(d: &DistributionResult) -> Result<String> {
    let amount = if d.hit.amount > 0 {
        format!("{}+{}", d.dice, d.hit.amount)
    } else {
        d.dice.clone()
    };
    let declared = d.declared.clone().unwrap_or_default();
    let mut s = heading(d.example, &declared, &d.traits, &d.hit, &amount);
    let _ = writeln!(
        s,
        "exact distribution of final damage (mean {:.3}; before traits {:.3}):",
        d.mean_final, d.mean_original
    );
    let peak = d.distribution.iter().map(|m| m.p).fold(0.0, f64::max);
    for m in &d.distribution {
        let _ = writeln!(
            s,
            "  {:>6}  {:>7.3}%  {}",
            m.damage,
            m.p * 100.0,
            output::bar(m.p, peak, 40)
        );
    }
    let _ = writeln!(s, "(`--roll --seed N` rolls once and explains it)");
    Ok(s)
}

fn list_examples(as_json: bool) -> Result<String> {
    let examples = damage::examples::EXAMPLES;
    if as_json {
        return output::json(&fray_lab::answer::damage_examples());
    }
    let mut s = String::from(
        "built-in examples (`fray damage --example NAME`; the first plays by default):\n",
    );
    for e in examples {
        let _ = writeln!(s, "  {:<28} {}", e.name, e.about);
    }
    Ok(s)
}

pub fn types(args: &TypesArgs) -> Result<String> {
    let request = TypesRequest {
        including_physical: args.including_physical,
    };
    let listing = table::run::<Types>(request)?.answer;
    if table::as_json() {
        return table::json::<Types>(&listing);
    }
    let (built_in, choosable) = (&listing.built_in, &listing.choosable);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "damage types: {} (physical when none is named; any other word is a custom type)",
        built_in.join(", ")
    );
    let _ = writeln!(
        s,
        "selectors in traits: all, non-physical (not valid in Damage Immune)"
    );
    let phrase = if args.including_physical {
        "choose a damage type, including physical"
    } else {
        "choose a damage type"
    };
    let _ = writeln!(
        s,
        "\"{phrase}\" may pick: {} (and a game's custom types)",
        choosable.join(", ")
    );
    Ok(s)
}
