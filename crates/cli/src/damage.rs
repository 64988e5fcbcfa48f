//! `fray damage` and `fray types`.

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Context, Result, anyhow, bail};
use clap::{Args, ValueEnum};
use fray::damage::{
    self, AttackFacts, BUILT_IN_TYPES, ChoiceRule, DamageType, Defender, Effect, Explained, Hit,
    Modification, Readings, Trait, TypeSelector, Vocabulary, examples::Example,
};
use fray::dice::DiceExpr;
use fray::rng::SeededRolls;
use fray::trace::Trace;
use serde_json::json;

use crate::output;

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
    #[arg(long = "reading", value_enum, value_name = "READING")]
    readings: Vec<ReadingSwitch>,
    /// Play a built-in example by name (see --list-examples).
    #[arg(long, value_name = "NAME", conflicts_with = "amount")]
    example: Option<String>,
    /// List the built-in examples.
    #[arg(long)]
    list_examples: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The highest `--attacker-level` accepted (Epic starts at 21; this only keeps the number
/// sane).
const MAX_ATTACKER_LEVEL: u32 = 1000;

/// `--attacker-level`: a whole number from 0 to [`MAX_ATTACKER_LEVEL`], stated as such
/// when refused (also for `-1`, which clap would otherwise take for a flag).
fn attacker_level(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .ok()
        .filter(|v| *v <= MAX_ATTACKER_LEVEL)
        .ok_or_else(|| format!("expected a whole number from 0 to {MAX_ATTACKER_LEVEL}"))
}

/// `--seed`: any 64-bit unsigned number, stated as such when refused.
fn seed(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .ok()
        .ok_or_else(|| format!("expected a whole number from 0 to {}", u64::MAX))
}

/// The non-default readings a designer may switch on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum ReadingSwitch {
    /// Resistance reduction also works against resistances whose condition is unmet.
    ReductionIgnoresConditions,
    /// Nondamage immunity shields only against attacks, not environmental effects.
    NondamageAttacksOnly,
}

#[derive(Debug, Args)]
pub struct TypesArgs {
    /// Show what "choose a damage type, including physical" may pick.
    #[arg(long)]
    including_physical: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

/// The request after validation: everything needed to resolve.
struct Request {
    dice: DiceExpr,
    /// The hit as it lands: every --modify applied (its amount is the extra damage only).
    hit: Hit,
    /// The hit before any --modify, to replay the changes in the explanation.
    unmodified: Hit,
    /// The --modify changes, in order.
    modifications: Vec<Modification>,
    defender: Defender,
    traits: Vec<Trait>,
    /// Conditions declared by --declare and the stat block's `Conditions:` lines.
    vocabulary: Vocabulary,
    readings: Readings,
    example: Option<&'static Example>,
}

pub fn run(args: &DamageArgs) -> Result<String> {
    if args.list_examples {
        return list_examples(args.json);
    }
    let example = match (&args.example, &args.amount) {
        (Some(name), _) => Some(damage::examples::find(name).ok_or_else(|| {
            anyhow!(
                "no built-in example is named `{name}`; `fray damage --list-examples` lists them"
            )
        })?),
        (None, None) => damage::examples::EXAMPLES.first(),
        (None, Some(_)) => None,
    };
    let request = match example {
        Some(e) => example_request(e, args)?,
        None => build(args, None)?,
    };
    if request.dice.is_constant() {
        resolved(&request, args, None)
    } else if args.roll {
        let seed = args.seed.unwrap_or_else(clock_seed);
        resolved(&request, args, Some(seed))
    } else {
        // Bounded before computing: an exact distribution of 1000d10000 takes minutes.
        request.dice.check_exact()?;
        distribution(&request, args.json)
    }
}

/// An example is replayed through the same argument parsing a user would type.
fn example_request(e: &'static Example, args: &DamageArgs) -> Result<Request> {
    let mut argv = vec!["fray-damage", e.amount];
    argv.extend(e.types);
    argv.extend(["--vs", e.traits]);
    argv.extend(e.flags);
    let mut example_args = <ExampleParser as clap::Parser>::try_parse_from(argv)?.args;
    example_args.json = args.json;
    example_args.roll = args.roll;
    example_args.seed = args.seed;
    build(&example_args, Some(e))
}

#[derive(clap::Parser)]
struct ExampleParser {
    #[command(flatten)]
    args: DamageArgs,
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn build(args: &DamageArgs, example: Option<&'static Example>) -> Result<Request> {
    let amount = args.amount.as_deref().unwrap_or("0");
    let dice: DiceExpr = amount
        .parse()
        .with_context(|| format!("the damage amount `{amount}`"))?;
    if dice.is_constant() && dice.modifier() < 0 {
        bail!(
            "the damage amount `{amount}` comes to {}: a fixed amount is a whole number from 0 to {} (dice may roll below 0, which deals 0)",
            dice.modifier(),
            fray::dice::MAX_MODIFIER
        );
    }
    let (traits, vocabulary) = read_traits(args)?;
    let defender = Defender::new(traits.clone());
    let mut hit = base_hit(args, &vocabulary)?;
    let unmodified = hit.clone();
    let mut modifications = Vec::new();
    for text in &args.modifications {
        let m: Modification = text.parse().context("--modify")?;
        match &m {
            Modification::Gain(t) | Modification::Become(t) => warn_if_typo(t, "--modify: "),
            Modification::Extra { types, .. } => {
                for t in types {
                    warn_if_typo(t, "--modify: ");
                }
            }
        }
        m.apply(&mut hit, &mut fray::trace::NoTrace)
            .context("--modify")?;
        modifications.push(m);
    }
    // The extra damage was added to 0 above; with the amount or the dice's highest roll
    // it must stay within the same bound (damage, Adding extra damage to an attack).
    if i64::from(hit.amount) + dice.max().max(0) > i64::from(damage::modify::MAX_AMOUNT) {
        return Err(anyhow!(damage::ModifyError::TooMuch)).context("--modify");
    }
    Ok(Request {
        dice,
        hit,
        unmodified,
        modifications,
        defender,
        traits,
        vocabulary,
        readings: readings(&args.readings),
        example,
    })
}

fn readings(switches: &[ReadingSwitch]) -> Readings {
    let mut r = Readings::default();
    for s in switches {
        match s {
            ReadingSwitch::ReductionIgnoresConditions => r.reduction_needs_met_condition = false,
            ReadingSwitch::NondamageAttacksOnly => r.nondamage_immunity_covers_environment = false,
        }
    }
    r
}

/// Reads the stat block from `--vs` or `--vs-file`, printing warnings and refusing errors.
/// Returns its traits and every declared condition (`--declare` and `Conditions:` lines).
fn read_traits(args: &DamageArgs) -> Result<(Vec<Trait>, Vocabulary)> {
    let mut vocabulary = Vocabulary::default();
    for name in &args.declared {
        vocabulary
            .declare(name)
            .map_err(|why| anyhow!("--declare: {why}"))?;
    }
    let (text, source) = match (&args.vs, &args.vs_file) {
        (Some(text), _) => (text.clone(), "--vs".to_string()),
        (None, Some(path)) => (read_stat_block_file(path)?, path.display().to_string()),
        (None, None) => (String::new(), "--vs".to_string()),
    };
    let block = damage::parse_stat_block_with(&text, &vocabulary);
    output::warn_all(&block.warnings, &format!("{source}, "));
    if !block.errors.is_empty() {
        let mut shown: Vec<String> = block
            .errors
            .iter()
            .take(MAX_SHOWN_ERRORS)
            .map(|e| format!("{source}, {e}"))
            .collect();
        if block.errors.len() > MAX_SHOWN_ERRORS {
            shown.push(format!(
                "... and {} more errors",
                block.errors.len() - MAX_SHOWN_ERRORS
            ));
        }
        bail!(
            "the defender's traits could not be read:\n{}",
            shown.join("\n")
        );
    }
    for name in &block.declared {
        vocabulary
            .declare(name.as_str())
            .map_err(|why| anyhow!("{source}: {why}"))?;
    }
    Ok((block.traits, vocabulary))
}

/// More errors than this are counted, not printed.
const MAX_SHOWN_ERRORS: usize = output::MAX_SHOWN;
/// A stat block is a few lines; a file larger than this is surely not one.
const MAX_STAT_BLOCK_BYTES: u64 = 1 << 20;

fn read_stat_block_file(path: &std::path::Path) -> Result<String> {
    output::read_text(path, MAX_STAT_BLOCK_BYTES, "a stat block file")
}

fn base_hit(args: &DamageArgs, vocabulary: &Vocabulary) -> Result<Hit> {
    let types = args
        .types
        .iter()
        .map(|t| {
            t.parse::<DamageType>()
                .with_context(|| format!("damage type `{t}`"))
        })
        .collect::<Result<Vec<_>>>()?;
    for t in &types {
        warn_if_typo(t, "");
    }
    let mut hit = Hit::new(0, types);
    hit.source = if args.environmental {
        refuse_attacker_flags(args)?;
        damage::HitSource::Environmental
    } else {
        damage::HitSource::Attack(attack_facts(args)?)
    };
    hit.ongoing = args.ongoing;
    hit.keywords = args
        .keywords
        .iter()
        .map(|k| {
            // A keyword nothing knows would match no trait: refuse it, as stat blocks do.
            if damage::is_known_keyword(k) || vocabulary.is_declared(k) {
                Ok(damage::Keyword::new(k))
            } else {
                Err(anyhow!("--keyword: {}", vocabulary.unknown_keyword(k)))
            }
        })
        .collect::<Result<_>>()?;
    hit.met = args
        .met
        .iter()
        .map(|name| met_condition(name, vocabulary))
        .collect::<Result<_>>()?;
    hit.effects = args
        .effects
        .iter()
        .map(|e| {
            e.parse::<Effect>()
                .map_err(|why| anyhow!("--effect: {why}"))
        })
        .collect::<Result<_>>()?;
    Ok(hit)
}

/// A `--met` name: only a declared condition can be met this way; built-in facts and
/// keywords have their own flags.
fn met_condition(name: &str, vocabulary: &Vocabulary) -> Result<damage::Keyword> {
    if vocabulary.is_declared(name) {
        return Ok(damage::Keyword::new(name));
    }
    let declared: Vec<&str> = vocabulary.declared().iter().map(|k| k.as_str()).collect();
    let hint = fray::text::closest(name, declared.iter().copied())
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
    let listed = if declared.is_empty() {
        "none".to_string()
    } else {
        declared.join(", ")
    };
    bail!(
        "--met `{name}` is not a declared condition{hint}: declared: {listed}; declare one with --declare NAME or a `Conditions: NAME` line (built-in facts and keywords have their own flags: --advantage, --keyword K...)"
    )
}

/// Warns when a custom damage type looks like a misspelt built-in one, for every flag
/// that names types (a custom type is allowed, so this is not an error).
fn warn_if_typo(t: &DamageType, flag: &str) {
    if t.is_built_in() {
        return;
    }
    if let Some(near) = fray::text::closest(t.name(), BUILT_IN_TYPES.iter().map(DamageType::name)) {
        output::warn(&format!(
            "{flag}`{}` is read as a custom damage type; did you mean `{near}`?",
            t.name()
        ));
    }
}

fn refuse_attacker_flags(args: &DamageArgs) -> Result<()> {
    let attacker_flags = [
        (args.advantage, "--advantage"),
        (args.critical, "--critical"),
        (args.silvered, "--silvered"),
        (args.area, "--area"),
        (args.attacker_level.is_some(), "--attacker-level"),
        (!args.reductions.is_empty(), "--reduce"),
    ];
    if let Some((_, flag)) = attacker_flags.iter().find(|(set, _)| *set) {
        bail!("{flag} describes an attacker, and --environmental damage has none");
    }
    Ok(())
}

fn attack_facts(args: &DamageArgs) -> Result<AttackFacts> {
    let mut facts = AttackFacts {
        advantage: args.advantage,
        critical: args.critical,
        silvered: args.silvered,
        area: args.area,
        attacker_level: args.attacker_level,
        reductions: Vec::new(),
    };
    for text in &args.reductions {
        let (types, value) = text
            .split_once(':')
            .ok_or_else(|| anyhow!("--reduce `{text}`: expected TYPE:VALUE, e.g. fire:5"))?;
        let types: TypeSelector = types
            .parse()
            .with_context(|| format!("--reduce `{text}`"))?;
        if let TypeSelector::Only(t) = &types {
            warn_if_typo(t, "--reduce: ");
        }
        let value: u32 = value
            .trim()
            .parse()
            .ok()
            .filter(|v| *v <= damage::notation::MAX_LIMIT)
            .ok_or_else(|| {
                anyhow!(
                    "--reduce `{text}`: the value must be a whole number from 0 to {}",
                    damage::notation::MAX_LIMIT
                )
            })?;
        facts = facts.with_reduction(types, value);
    }
    Ok(facts)
}

fn heading(request: &Request, amount: &str) -> String {
    let declared = request.vocabulary.declared();
    let traits: Vec<String> = (!declared.is_empty())
        .then(|| {
            let names: Vec<String> = declared.iter().map(ToString::to_string).collect();
            format!("Conditions: {}", names.join(", "))
        })
        .into_iter()
        .chain(request.traits.iter().map(Trait::to_string))
        .collect();
    let against = if traits.is_empty() {
        "no traits".to_string()
    } else {
        traits.join("; ")
    };
    let mut s = String::new();
    if let Some(e) = request.example {
        let _ = writeln!(s, "example `{}`: {}", e.name, e.about);
    }
    let kind = if request.hit.is_attack() {
        ""
    } else {
        " environmental"
    };
    let _ = writeln!(
        s,
        "{amount} {}{kind} damage against {against}",
        request.hit.types
    );
    s
}

/// One resolution: a fixed amount, or dice rolled with `seed`.
fn resolved(request: &Request, args: &DamageArgs, seed: Option<u64>) -> Result<String> {
    let (rolled, mut explained) = match seed {
        Some(seed) => {
            let (total, e) = damage::sample::roll(
                &request.dice,
                &request.hit,
                &request.defender,
                &request.readings,
                &mut SeededRolls::new(seed),
            );
            (Some((seed, total)), e)
        }
        None => {
            let mut hit = request.hit.clone();
            hit.amount = hit
                .amount
                .saturating_add(u32::try_from(request.dice.modifier().max(0)).unwrap_or(u32::MAX));
            (
                None,
                damage::explain(&hit, &request.defender, &request.readings),
            )
        }
    };
    open_with_changes(request, &mut explained);
    if args.json {
        return resolved_json(request, &explained, rolled);
    }
    let mut s = heading(request, &explained.outcome.original.to_string());
    if let Some((seed, total)) = rolled {
        let _ = writeln!(s, "rolled {} = {total} (seed {seed})", request.dice);
    }
    write_trace(&mut s, &explained.trace);
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
        let _ = writeln!(s, "trigger ({}): {}", t.damage_type, t.effect);
    }
    Ok(s)
}

/// The changes to the attack (--modify) take place before it lands (damage, Changing the
/// damage type of an attack; Adding extra damage to an attack), so their steps open the
/// explanation, replayed on the amount given or rolled.
fn open_with_changes(request: &Request, explained: &mut Explained) {
    if request.modifications.is_empty() {
        return;
    }
    let mut hit = request.unmodified.clone();
    hit.amount = u32::try_from(explained.outcome.original)
        .unwrap_or(u32::MAX)
        .saturating_sub(request.hit.amount);
    let mut changes = Trace::default();
    for m in &request.modifications {
        // Each was applied once in `build` on a smaller amount; a failure here would only
        // shorten the replay, never change the result.
        if m.apply(&mut hit, &mut changes).is_err() {
            break;
        }
    }
    changes.steps.append(&mut explained.trace.steps);
    explained.trace.steps = changes.steps;
}

fn write_trace(s: &mut String, trace: &Trace) {
    for (i, step) in trace.steps.iter().enumerate() {
        let _ = writeln!(s, "  {:>2}. {step}", i + 1);
    }
}

fn resolved_json(
    request: &Request,
    explained: &Explained,
    rolled: Option<(u64, i64)>,
) -> Result<String> {
    let mut value = serde_json::to_value(explained)?;
    let extra = json!({
        "traits": request.traits.iter().map(Trait::to_string).collect::<Vec<_>>(),
        "declared": declared_json(&request.vocabulary),
        "hit": Hit { amount: u32::try_from(explained.outcome.original).unwrap_or(u32::MAX), ..request.hit.clone() },
        "example": request.example.map(|e| e.name),
        "dice": (!request.dice.is_constant()).then(|| request.dice.to_string()),
        "seed": rolled.map(|r| r.0),
        "rolled": rolled.map(|r| r.1),
    });
    if let (Some(obj), serde_json::Value::Object(more)) = (value.as_object_mut(), extra) {
        obj.extend(more.into_iter().filter(|(_, v)| !v.is_null()));
    }
    output::json(&value)
}

/// The declared conditions, or null (left out) when there are none.
fn declared_json(vocabulary: &Vocabulary) -> serde_json::Value {
    let names: Vec<&str> = vocabulary.declared().iter().map(|k| k.as_str()).collect();
    if names.is_empty() {
        serde_json::Value::Null
    } else {
        json!(names)
    }
}

/// The exact distribution of final damage for a dice amount.
fn distribution(request: &Request, as_json: bool) -> Result<String> {
    let finals = damage::exact::final_damage(
        &request.dice,
        &request.hit,
        &request.defender,
        &request.readings,
    );
    let originals = damage::exact::original_damage(&request.dice, &request.hit);
    let rows: Vec<_> = finals
        .iter()
        .map(|m| json!({"damage": m.value, "p": m.p}))
        .collect();
    if as_json {
        return output::json(&json!({
            "dice": request.dice.to_string(),
            "types": request.hit.types,
            "traits": request.traits.iter().map(Trait::to_string).collect::<Vec<_>>(),
            "declared": declared_json(&request.vocabulary),
            "example": request.example.map(|e| e.name),
            "exact": true,
            "mean_original": originals.mean(),
            "mean_final": finals.mean(),
            "min": finals.min(),
            "max": finals.max(),
            "distribution": rows,
        }));
    }
    let amount = if request.hit.amount > 0 {
        format!("{}+{}", request.dice, request.hit.amount)
    } else {
        request.dice.to_string()
    };
    let mut s = heading(request, &amount);
    let _ = writeln!(
        s,
        "exact distribution of final damage (mean {:.3}; before traits {:.3}):",
        finals.mean(),
        originals.mean()
    );
    let peak = finals.iter().map(|m| m.p).fold(0.0, f64::max);
    for m in finals.iter() {
        let _ = writeln!(
            s,
            "  {:>6}  {:>7.3}%  {}",
            m.value,
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
        let list: Vec<_> = examples
            .iter()
            .map(|e| json!({"name": e.name, "about": e.about}))
            .collect();
        return output::json(&list);
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
    let rule = if args.including_physical {
        ChoiceRule::IncludingPhysical
    } else {
        ChoiceRule::ExcludingPhysical
    };
    let choosable: Vec<String> = damage::choosable(rule).map(|t| t.to_string()).collect();
    let built_in: Vec<&str> = BUILT_IN_TYPES.iter().map(DamageType::name).collect();
    if args.json {
        return output::json(&json!({
            "built_in": built_in,
            "selectors": ["all", "non-physical"],
            "choosable": choosable,
            "including_physical": args.including_physical,
        }));
    }
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
