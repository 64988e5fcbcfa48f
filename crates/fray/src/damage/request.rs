//! `fray damage` as a request: what the command takes, as plain serde data, checked by
//! one [`DamageRequest::validate`] and run by [`ValidDamage::run`]. The command line,
//! the web API and the Python bindings all build this struct, so every input rule
//! (ranges, refusals, the work bound of exact distributions) lives here once.
//!
//! Field names are the command's long flags with `_` for `-` (`attacker_level`,
//! `reduce`, `modify`...), so a refusal that names a flag names the field too.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use super::answer::{DamageP, DamageResult, DistributionResult, Resolved};
use super::examples::{self, Example};
use super::{
    AttackFacts, BUILT_IN_TYPES, DamageType, Defender, Effect, Explained, Hit, HitSource, Keyword,
    Modification, ModifyError, Readings, Trait, TypeSelector, Vocabulary,
};
use crate::dice::DiceExpr;
use crate::request::{Effort, Place, Refusal, about_field, chain, full, push_capped};
use crate::rng::SeededRolls;
use crate::trace::{NoTrace, Trace};

/// The highest attacker level accepted (Epic starts at 21; this only keeps the number
/// sane).
pub const MAX_ATTACKER_LEVEL: u32 = 1000;

/// The bytes one total of a damage distribution takes in the pretty JSON answer
/// (`{"damage": 123, "p": 0.0123...}` with its indentation), rounded up.
const BYTES_PER_TOTAL: u64 = 80;

/// The damage amount: a whole number (`17`) or dice (`"2d6+3"`), as JSON or text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Amount {
    /// A fixed amount, written as a JSON number.
    Fixed(i64),
    /// A number or dice, written as text.
    Text(String),
}

impl Amount {
    /// The amount as the user wrote it, for parsing and for messages.
    pub fn text(&self) -> String {
        match self {
            Self::Fixed(n) => n.to_string(),
            Self::Text(t) => t.clone(),
        }
    }
}

/// A reading of the damage text other than fray's default (docs/rules/damage.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ReadingSwitch {
    /// Resistance reduction also works against resistances whose condition is unmet.
    ReductionIgnoresConditions,
    /// Nondamage immunity shields only against attacks, not environmental effects.
    NondamageAttacksOnly,
}

/// Everything `fray damage` takes. Defaults are the command's: no amount plays the
/// first built-in example, no types is physical, no traits is a defender without any.
///
/// ```
/// use fray::damage::request::{DamageRequest, DamageResult};
/// let request: DamageRequest = serde_json::from_str(
///     r#"{"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold"}"#,
/// ).unwrap();
/// let result = request.validate().unwrap().run();
/// let DamageResult::Resolved(r) = &result else { panic!("a fixed amount resolves") };
/// assert_eq!(r.explained.outcome.final_damage, 15);
/// assert_eq!(serde_json::to_value(&result).unwrap()["final"], 15);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct DamageRequest {
    /// The damage amount; none plays the first built-in example.
    pub amount: Option<Amount>,
    /// Damage types (physical when none); any other word is a custom type.
    pub types: Vec<String>,
    /// The defender's traits in stat-block notation, separated by `;` or new lines.
    pub vs: Option<String>,
    /// Where `vs` came from, for messages (`--vs` unless a front end read a file).
    #[serde(skip)]
    pub vs_source: Option<String>,
    /// The attacker has combat advantage.
    pub advantage: bool,
    /// A critical hit.
    pub critical: bool,
    /// Ongoing damage.
    pub ongoing: bool,
    /// A silvered weapon or implement.
    pub silvered: bool,
    /// A burst or blast.
    pub area: bool,
    /// The attacker's level, 0 to [`MAX_ATTACKER_LEVEL`].
    pub attacker_level: Option<u32>,
    /// Attack keywords: known ones, damage types, or declared conditions.
    pub keyword: Vec<String>,
    /// Conditions of the designer's own, as a `Conditions: NAME` line declares them.
    pub declare: Vec<String>,
    /// Declared conditions this hit meets.
    pub met: Vec<String>,
    /// Environmental damage (a hazard, not an attack): no attacker facts allowed.
    pub environmental: bool,
    /// The attacker's resistance reductions, `TYPE:VALUE`.
    pub reduce: Vec<String>,
    /// Changes to the attack before it lands, in order: `gain TYPE`, `become TYPE`,
    /// `extra AMOUNT [TYPE...]`.
    pub modify: Vec<String>,
    /// Non-damage effects of the hit: a character condition, or push, pull, slide.
    pub effect: Vec<String>,
    /// With dice: roll once (needs `seed`) instead of the exact distribution.
    pub roll: bool,
    /// The seed of the roll: the same seed gives the same roll.
    pub seed: Option<u64>,
    /// Readings switched from fray's defaults.
    pub reading: Vec<ReadingSwitch>,
    /// A built-in example by name, instead of `amount`, `types`, `vs` and the facts.
    pub example: Option<String>,
}

/// A damage amount as `fray damage` reads it: a fixed amount (from 0 to
/// [`crate::dice::MAX_MODIFIER`]) or dice (which may roll below 0, dealing 0); or its
/// refusal.
///
/// ```
/// use fray::damage::request::read_amount;
/// assert_eq!(read_amount("2d6+3").unwrap().max(), 15);
/// assert!(read_amount("-5").unwrap_err().message.contains("from 0 to"));
/// ```
pub fn read_amount(amount: &str) -> Result<DiceExpr, Refusal> {
    let dice: DiceExpr = amount
        .parse()
        .map_err(|e| chain(format_args!("the damage amount `{amount}`"), &e))?;
    if dice.is_constant() && dice.modifier() < 0 {
        return Err(Refusal::new(format!(
            "the damage amount `{amount}` comes to {}: a fixed amount is a whole number from 0 to {} (dice may roll below 0, which deals 0)",
            dice.modifier(),
            crate::dice::MAX_MODIFIER
        )));
    }
    Ok(dice)
}

/// A fixed damage amount given as a number, within the bound [`read_amount`] keeps; or
/// its refusal.
pub fn check_fixed_amount(amount: u64) -> Result<u32, Refusal> {
    u32::try_from(amount)
        .ok()
        .filter(|a| i64::from(*a) <= crate::dice::MAX_MODIFIER)
        .ok_or_else(|| {
            Refusal::new(format!(
                "the damage amount `{amount}`: a fixed amount is a whole number from 0 to {}",
                crate::dice::MAX_MODIFIER
            ))
        })
}

/// A request that passed every rule: ready to resolve, and unable to fail.
#[derive(Debug, Clone)]
pub struct ValidDamage {
    dice: DiceExpr,
    /// The hit as it lands: every change applied (its amount is the extra damage only).
    hit: Hit,
    /// The hit before any change, to replay the changes in the explanation.
    unmodified: Hit,
    modifications: Vec<Modification>,
    defender: Defender,
    traits: Vec<Trait>,
    vocabulary: Vocabulary,
    readings: Readings,
    example: Option<&'static Example>,
    seed: Option<u64>,
    /// Doubts found while checking (probable typos), for the front end to show.
    pub warnings: Vec<String>,
}

impl DamageRequest {
    /// The request a built-in example stands for, as `example: NAME` plays it: the
    /// example's amount, types, traits and facts.
    pub fn from_example(e: &Example) -> Self {
        let texts = |t: &[&str]| t.iter().map(ToString::to_string).collect();
        Self {
            amount: Some(Amount::Text(e.amount.to_string())),
            types: texts(e.types),
            vs: Some(e.traits.to_string()),
            advantage: e.facts.advantage,
            area: e.facts.area,
            environmental: e.facts.environmental,
            effect: texts(e.facts.effect),
            reduce: texts(e.facts.reduce),
            ..Self::default()
        }
    }

    /// Applies every input rule and returns the request ready to run, or the refusal
    /// the command line prints (the warnings found so far ride along).
    pub fn validate(&self) -> Result<ValidDamage, Refusal> {
        let example = match (&self.example, &self.amount) {
            (Some(_), Some(_)) => {
                return Err(Refusal::new("give an amount or an example, not both"));
            }
            (Some(name), None) => Some(examples::find(name).ok_or_else(|| {
                Refusal::about(
                    "example",
                    format!(
                        "no built-in example is named `{name}`; the examples: {}",
                        examples::names().join(", ")
                    ),
                )
            })?),
            (None, None) => examples::EXAMPLES.first(),
            (None, Some(_)) => None,
        };
        match example {
            // The example's own request, with only the roll asked here.
            Some(e) => Self {
                roll: self.roll,
                seed: self.seed,
                ..Self::from_example(e)
            }
            .build(Some(e)),
            None => self.build(None),
        }
    }

    fn build(&self, example: Option<&'static Example>) -> Result<ValidDamage, Refusal> {
        let mut warnings = Vec::new();
        self.build_warned(example, &mut warnings)
            .map_err(|e| e.with_warnings(warnings.clone()))
            .map(|mut v| {
                v.warnings = warnings;
                v
            })
    }

    fn build_warned(
        &self,
        example: Option<&'static Example>,
        warnings: &mut Vec<String>,
    ) -> Result<ValidDamage, Refusal> {
        let amount = self.amount.as_ref().map_or("0".to_string(), Amount::text);
        let dice = read_amount(&amount)?;
        if self.seed.is_some() && !self.roll {
            return Err(Refusal::new("a seed applies only to a roll"));
        }
        if self.roll && self.seed.is_none() && !dice.is_constant() {
            return Err(Refusal::new(
                "a roll needs a seed (the command line takes one from the clock)",
            ));
        }
        let (traits, vocabulary) = self.read_traits(warnings)?;
        let defender = Defender::new(traits.clone());
        let mut hit = self.base_hit(&vocabulary, warnings)?;
        let unmodified = hit.clone();
        let mut modifications = Vec::new();
        for text in &self.modify {
            let m: Modification = text.parse().map_err(|e| about_field("modify", &e))?;
            match &m {
                Modification::Gain(t) | Modification::Become(t) => {
                    warn_if_typo(t, "`modify`: ", warnings);
                }
                Modification::Extra { types, .. } => {
                    for t in types {
                        warn_if_typo(t, "`modify`: ", warnings);
                    }
                }
            }
            m.apply(&mut hit, &mut NoTrace)
                .map_err(|e| about_field("modify", &e))?;
            modifications.push(m);
        }
        // The extra damage was added to 0 above; with the amount or the dice's highest
        // roll it must stay within the same bound (damage, Adding extra damage to an attack).
        if i64::from(hit.amount) + dice.max().max(0) > i64::from(super::modify::MAX_AMOUNT) {
            return Err(about_field("modify", &ModifyError::TooMuch));
        }
        if !dice.is_constant() && !self.roll {
            // Bounded before computing: an exact distribution of 1000d10000 takes minutes.
            dice.check_exact().map_err(|e| Refusal::new(full(&e)))?;
        }
        Ok(ValidDamage {
            dice,
            hit,
            unmodified,
            modifications,
            defender,
            traits,
            vocabulary,
            readings: self.readings(),
            example,
            seed: self.seed,
            warnings: Vec::new(),
        })
    }

    fn readings(&self) -> Readings {
        let mut r = Readings::default();
        for s in &self.reading {
            match s {
                ReadingSwitch::ReductionIgnoresConditions => {
                    r.reduction_needs_met_condition = false;
                }
                ReadingSwitch::NondamageAttacksOnly => {
                    r.nondamage_immunity_covers_environment = false;
                }
            }
        }
        r
    }

    /// The defender this request's `vs` (and `declare`) describes: its traits, every
    /// declared condition, and the stat block's warnings; refused as `fray damage`
    /// refuses it. A caller that resolves many hits against one defender (a game, fray's
    /// C interface) reads it once.
    ///
    /// ```
    /// use fray::damage::request::DamageRequest;
    /// let r = DamageRequest { vs: Some("Resist 5 fire".into()), ..DamageRequest::default() };
    /// let (traits, _, warnings) = r.stat_block().unwrap();
    /// assert_eq!((traits.len(), warnings.len()), (1, 0));
    /// ```
    pub fn stat_block(&self) -> Result<(Vec<Trait>, Vocabulary, Vec<String>), Refusal> {
        let mut warnings = Vec::new();
        let (traits, vocabulary) = self.read_traits(&mut warnings)?;
        Ok((traits, vocabulary, warnings))
    }

    /// The hit this request describes, with no amount yet: its types, attack facts,
    /// keywords, met conditions and effects, against a defender whose declared conditions
    /// are `vocabulary`; with its warnings. Give it an amount and [`super::explain`] it,
    /// or roll dice onto it with [`super::sample::roll`], as `fray damage` does.
    pub fn hit(&self, vocabulary: &Vocabulary) -> Result<(Hit, Vec<String>), Refusal> {
        let mut warnings = Vec::new();
        let hit = self.base_hit(vocabulary, &mut warnings)?;
        Ok((hit, warnings))
    }

    /// The stat block's traits and every declared condition (`declare` and the block's
    /// `Conditions:` lines); its warnings are kept, its errors refuse the request.
    fn read_traits(&self, warnings: &mut Vec<String>) -> Result<(Vec<Trait>, Vocabulary), Refusal> {
        let mut vocabulary = Vocabulary::default();
        for name in &self.declare {
            vocabulary
                .declare(name)
                .map_err(|why| Refusal::about("declare", why.to_string()))?;
        }
        let source = self.vs_source.as_deref().unwrap_or("the stat block");
        let block = super::parse_stat_block_with(self.vs.as_deref().unwrap_or(""), &vocabulary);
        push_capped(warnings, &block.warnings, &format!("{source}, "));
        if !block.errors.is_empty() {
            let max = crate::request::MAX_SHOWN;
            let mut shown: Vec<String> = block
                .errors
                .iter()
                .take(max)
                .map(|e| format!("{source}, {e}"))
                .collect();
            if block.errors.len() > max {
                shown.push(format!("... and {} more errors", block.errors.len() - max));
            }
            let first = &block.errors[0];
            return Err(Refusal::new(format!(
                "the defender's traits could not be read:\n{}",
                shown.join("\n")
            ))
            .at(Place {
                source: Some(source.to_string()),
                line: first.line,
                column: first.column,
                width: first.len.max(1),
            }));
        }
        for name in &block.declared {
            vocabulary
                .declare(name.as_str())
                .map_err(|why| Refusal::new(format!("{source}: {why}")))?;
        }
        Ok((block.traits, vocabulary))
    }

    fn base_hit(
        &self,
        vocabulary: &Vocabulary,
        warnings: &mut Vec<String>,
    ) -> Result<Hit, Refusal> {
        let types = self
            .types
            .iter()
            .map(|t| {
                t.parse::<DamageType>()
                    .map_err(|e| chain(format_args!("damage type `{t}`"), &e))
            })
            .collect::<Result<Vec<_>, _>>()?;
        for t in &types {
            warn_if_typo(t, "", warnings);
        }
        let mut hit = Hit::new(0, types);
        hit.source = if self.environmental {
            self.refuse_attacker_facts()?;
            HitSource::Environmental
        } else {
            HitSource::Attack(self.attack_facts(warnings)?)
        };
        hit.ongoing = self.ongoing;
        hit.keywords = self
            .keyword
            .iter()
            .map(|k| {
                // A keyword nothing knows would match no trait: refuse it, as stat blocks do.
                if super::is_known_keyword(k) || vocabulary.is_declared(k) {
                    Ok(Keyword::new(k))
                } else {
                    Err(Refusal::about("keyword", vocabulary.unknown_keyword(k)))
                }
            })
            .collect::<Result<_, _>>()?;
        hit.met = self
            .met
            .iter()
            .map(|name| met_condition(name, vocabulary))
            .collect::<Result<_, _>>()?;
        hit.effects = self
            .effect
            .iter()
            .map(|e| {
                e.parse::<Effect>()
                    .map_err(|why| Refusal::about("effect", why.to_string()))
            })
            .collect::<Result<_, _>>()?;
        Ok(hit)
    }

    fn refuse_attacker_facts(&self) -> Result<(), Refusal> {
        let attacker_fields = [
            (self.advantage, "advantage"),
            (self.critical, "critical"),
            (self.silvered, "silvered"),
            (self.area, "area"),
            (self.attacker_level.is_some(), "attacker_level"),
            (!self.reduce.is_empty(), "reduce"),
        ];
        match attacker_fields.iter().find(|(set, _)| *set) {
            Some((_, field)) => Err(Refusal::about(
                *field,
                "describes an attacker, and environmental damage has none",
            )),
            None => Ok(()),
        }
    }

    fn attack_facts(&self, warnings: &mut Vec<String>) -> Result<AttackFacts, Refusal> {
        if let Some(level) = self.attacker_level
            && level > MAX_ATTACKER_LEVEL
        {
            return Err(Refusal::about(
                "attacker_level",
                format!("expected a whole number from 0 to {MAX_ATTACKER_LEVEL}, got {level}"),
            ));
        }
        let mut facts = AttackFacts {
            advantage: self.advantage,
            critical: self.critical,
            silvered: self.silvered,
            area: self.area,
            attacker_level: self.attacker_level,
            reductions: Vec::new(),
        };
        for text in &self.reduce {
            let (types, value) = text.split_once(':').ok_or_else(|| {
                Refusal::about(
                    "reduce",
                    format!("`{text}`: expected TYPE:VALUE, e.g. fire:5"),
                )
            })?;
            let types: TypeSelector = types
                .parse()
                .map_err(|e| Refusal::about("reduce", format!("`{text}`: {}", full(&e))))?;
            if let TypeSelector::Only(t) = &types {
                warn_if_typo(t, "`reduce`: ", warnings);
            }
            let max = super::notation::MAX_LIMIT;
            let value: u32 = value
                .trim()
                .parse()
                .ok()
                .filter(|v| *v <= max)
                .ok_or_else(|| {
                    Refusal::about(
                        "reduce",
                        format!("`{text}`: the value must be a whole number from 0 to {max}"),
                    )
                })?;
            facts = facts.with_reduction(types, value);
        }
        Ok(facts)
    }
}

/// A `met` name: only a declared condition can be met this way; built-in facts and
/// keywords have their own fields.
fn met_condition(name: &str, vocabulary: &Vocabulary) -> Result<Keyword, Refusal> {
    if vocabulary.is_declared(name) {
        return Ok(Keyword::new(name));
    }
    let declared: Vec<&str> = vocabulary.declared().iter().map(|k| k.as_str()).collect();
    let hint = crate::text::closest(name, declared.iter().copied())
        .map(|c| format!(" (did you mean `{c}`?)"))
        .unwrap_or_default();
    let listed = if declared.is_empty() {
        "none".to_string()
    } else {
        declared.join(", ")
    };
    Err(Refusal::about(
        "met",
        format!(
            "`{name}` is not a declared condition{hint}: declared: {listed}; declare one in `declare` or with a `Conditions: NAME` line (built-in facts and keywords have their own fields: `advantage`, `keyword`...)"
        ),
    ))
}

/// Warns when a custom damage type looks like a misspelt built-in one (a custom type is
/// allowed, so this is not an error).
fn warn_if_typo(t: &DamageType, prefix: &str, warnings: &mut Vec<String>) {
    if t.is_built_in() {
        return;
    }
    if let Some(near) = crate::text::closest(t.name(), BUILT_IN_TYPES.iter().map(DamageType::name))
    {
        warnings.push(format!(
            "{prefix}`{}` is read as a custom damage type; did you mean `{near}`?",
            t.name()
        ));
    }
}

impl ValidDamage {
    /// The built-in example this request plays, if any.
    pub fn example(&self) -> Option<&'static Example> {
        self.example
    }

    /// The conditions declared by the request and its stat block.
    pub fn declared(&self) -> Vec<Keyword> {
        self.vocabulary.declared().to_vec()
    }

    /// The defender's traits, in the notation.
    pub fn traits(&self) -> Vec<String> {
        self.traits.iter().map(Trait::to_string).collect()
    }

    /// The dice (a fixed amount is dice without any).
    pub fn dice(&self) -> &DiceExpr {
        &self.dice
    }

    /// What [`ValidDamage::run`] will cost: a fixed amount or one roll is small; a
    /// distribution takes its dice's steps twice, resolves each total (a step for each
    /// type against each trait, some 10 ns) and answers a line for each total.
    pub fn effort(&self) -> Effort {
        if self.dice.is_constant() || self.seed.is_some() {
            return Effort::small();
        }
        let totals = u64::try_from(self.dice.max() - self.dice.min())
            .unwrap_or(u64::MAX)
            .saturating_add(1);
        let traits = self.defender.trait_count() as u64;
        let per_total = (self.hit.types.len() as u64 + 1).saturating_mul(traits + 1);
        Effort {
            steps: self
                .dice
                .exact_work()
                .saturating_mul(2)
                .saturating_add(totals.saturating_mul(per_total)),
            answer_bytes: totals
                .saturating_mul(BYTES_PER_TOTAL)
                .saturating_add(Effort::SMALL_ANSWER),
        }
    }

    /// Resolves the request: a fixed amount or a roll explained, or the exact
    /// distribution of dice.
    pub fn run(&self) -> DamageResult {
        self.answer(&|| false)
    }

    /// [`Self::run`], abandoned (`None`) once `stop` says so: a distribution checks it
    /// every few hundred totals, so a server stops soon after its client leaves.
    pub fn run_until(&self, stop: &dyn Fn() -> bool) -> Option<DamageResult> {
        let answer = self.answer(stop);
        (!stop()).then_some(answer)
    }

    /// The answer; once `stop` says so, the distribution's remaining totals are left
    /// unresolved (and the answer is thrown away by [`Self::run_until`]).
    fn answer(&self, stop: &dyn Fn() -> bool) -> DamageResult {
        if self.dice.is_constant() || self.seed.is_some() {
            DamageResult::Resolved(Box::new(self.resolved()))
        } else {
            DamageResult::Distribution(Box::new(self.distribution(stop)))
        }
    }

    fn resolved(&self) -> Resolved {
        let (rolled, mut explained) = match self.seed {
            Some(seed) if !self.dice.is_constant() => {
                let (total, e) = super::sample::roll(
                    &self.dice,
                    &self.hit,
                    &self.defender,
                    &self.readings,
                    &mut SeededRolls::new(seed),
                );
                (Some((seed, total)), e)
            }
            _ => {
                let mut hit = self.hit.clone();
                let fixed = u32::try_from(self.dice.modifier().max(0)).unwrap_or(u32::MAX);
                hit.amount = hit.amount.saturating_add(fixed);
                (None, super::explain(&hit, &self.defender, &self.readings))
            }
        };
        self.open_with_changes(&mut explained);
        let original = u32::try_from(explained.outcome.original).unwrap_or(u32::MAX);
        Resolved {
            traits: self.traits(),
            declared: self.declared(),
            hit: Hit {
                amount: original,
                ..self.hit.clone()
            },
            example: self.example.map(|e| e.name),
            dice: (!self.dice.is_constant()).then(|| self.dice.to_string()),
            seed: rolled.map(|r| r.0),
            rolled: rolled.map(|r| r.1),
            explained,
        }
    }

    /// The changes to the attack take place before it lands (damage, Changing the
    /// damage type of an attack; Adding extra damage to an attack), so their steps open
    /// the explanation, replayed on the amount given or rolled.
    fn open_with_changes(&self, explained: &mut Explained) {
        if self.modifications.is_empty() {
            return;
        }
        let mut hit = self.unmodified.clone();
        hit.amount = u32::try_from(explained.outcome.original)
            .unwrap_or(u32::MAX)
            .saturating_sub(self.hit.amount);
        let mut changes = Trace::default();
        for m in &self.modifications {
            // Each was applied once in `validate` on a smaller amount; a failure here
            // would only shorten the replay, never change the result.
            if m.apply(&mut hit, &mut changes).is_err() {
                break;
            }
        }
        changes.steps.append(&mut explained.trace.steps);
        explained.trace.steps = changes.steps;
    }

    fn distribution(&self, stop: &dyn Fn() -> bool) -> DistributionResult {
        let finals = super::exact::final_damage_until(
            &self.dice,
            &self.hit,
            &self.defender,
            &self.readings,
            stop,
        );
        let originals = super::exact::original_damage(&self.dice, &self.hit);
        let declared = self.declared();
        DistributionResult {
            dice: self.dice.to_string(),
            types: self.hit.types.clone(),
            traits: self.traits(),
            declared: (!declared.is_empty()).then_some(declared),
            example: self.example.map(|e| e.name),
            exact: true,
            mean_original: originals.mean(),
            mean_final: finals.mean(),
            min: finals.min(),
            max: finals.max(),
            distribution: finals
                .iter()
                .map(|m| DamageP {
                    damage: m.value,
                    p: m.p,
                })
                .collect(),
            hit: self.hit.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopped_distribution_is_abandoned_and_an_unstopped_one_is_whole() {
        let r = DamageRequest {
            amount: Some(Amount::Text("20d20".into())),
            ..DamageRequest::default()
        };
        let valid = r.validate().unwrap();
        assert!(valid.run_until(&|| true).is_none());
        let whole = serde_json::to_string(&valid.run_until(&|| false).unwrap()).unwrap();
        assert_eq!(whole, serde_json::to_string(&valid.run()).unwrap());
    }

    #[test]
    fn every_example_converts_to_a_valid_request() {
        for e in examples::EXAMPLES {
            let r = DamageRequest {
                example: Some(e.name.to_string()),
                ..DamageRequest::default()
            };
            assert!(r.validate().is_ok(), "{}", e.name);
        }
    }

    #[test]
    fn unknown_fields_and_ranges_are_refused() {
        let e =
            serde_json::from_str::<DamageRequest>(r#"{"amount": 1, "colour": "red"}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `colour`"), "{e}");
        let r: DamageRequest =
            serde_json::from_str(r#"{"amount": 10, "attacker_level": 1001}"#).unwrap();
        let e = r.validate().unwrap_err();
        assert_eq!(e.field.as_deref(), Some("attacker_level"));
        assert_eq!(
            e.message,
            "expected a whole number from 0 to 1000, got 1001"
        );
    }
}
