//! Resolution: how much damage a hit does to a defender, and why.
//!
//! One pure core, [`resolve_with`], generic over a [`Tracer`]: [`resolve`] runs it with no
//! trace (no allocation, for hot loops), [`explain`] keeps every step and adds the fate
//! of each non-damage effect and then the triggers fired.

use schemars::JsonSchema;
use serde::Serialize;

use super::defender::Defender;
use super::model::{DamageType, Effect, Hit, Limit, ResistanceReduction, limit_rank};
use super::rules;
use super::traits::{
    ConditionImmunity, ImmunityTarget, NondamageImmunity, Resistance, Vulnerability,
};
use crate::trace::{NoTrace, Step, Trace, Tracer};

/// Readings of the text a designer may switch. The defaults are fray's choices,
/// explained in `docs/rules/damage.md`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Readings {
    /// Resistance reduction looks only at resistances whose condition the hit meets
    /// (default), or at any resistance covering the type.
    pub reduction_needs_met_condition: bool,
    /// Nondamage immunity also shields against environmental effects with the keyword
    /// (default), or only against attacks.
    pub nondamage_immunity_covers_environment: bool,
}

impl Default for Readings {
    fn default() -> Self {
        Self {
            reduction_needs_met_condition: true,
            nondamage_immunity_covers_environment: true,
        }
    }
}

/// The numbers of a resolved hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct DamageOutcome {
    /// The damage before traits.
    pub original: u64,
    /// Damage removed by resistances and immunities.
    pub mitigated: u64,
    /// Damage added by vulnerabilities.
    pub added: u64,
    /// What the defender takes: original − mitigated + added, never below 0.
    #[serde(rename = "final")]
    pub final_damage: u64,
}

/// What one damage type of a hit contributes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TypeShare {
    /// The defender ignores this type.
    pub immune: bool,
    /// Damage its resistance (or immunity) would remove.
    pub mitigated: u64,
    /// Damage its vulnerability would add.
    pub added: u64,
}

/// Resolves a hit with the default readings, keeping no trace.
///
/// ```
/// use fray::damage::{parse_traits, resolve, DamageType, Defender, Hit};
/// let defender = Defender::new(parse_traits("Resist Fire; Vulnerable 5 Cold").unwrap());
/// let hit = Hit::new(17, [DamageType::Fire, DamageType::Cold]);
/// assert_eq!(resolve(&hit, &defender).final_damage, 15);
/// ```
pub fn resolve(hit: &Hit, defender: &Defender) -> DamageOutcome {
    resolve_with(hit, defender, &Readings::default(), &mut NoTrace)
}

/// Resolves a hit, reporting every rule applied to `tracer`.
pub fn resolve_with(
    hit: &Hit,
    defender: &Defender,
    readings: &Readings,
    tracer: &mut impl Tracer,
) -> DamageOutcome {
    let original = u64::from(hit.amount);
    let types = hit.types.as_slice();
    let (mitigated, added) = if let [only] = types {
        let share = type_share(hit, defender, only, readings, tracer);
        (share.mitigated, share.added)
    } else {
        several_types(hit, defender, readings, tracer)
    };
    let final_damage = (original + added).saturating_sub(mitigated);
    tracer.record(|| {
        Step::new(
            rules::FINAL,
            format!("{original} − {mitigated} + {added} = {final_damage}"),
        )
        .num("original", original as i64)
        .num("mitigated", mitigated as i64)
        .num("added", added as i64)
        .num("final", final_damage as i64)
    });
    DamageOutcome {
        original,
        mitigated,
        added,
        final_damage,
    }
}

/// The running two largest values, with the index of the type each came from.
#[derive(Default)]
struct TopTwo {
    first: Option<(u64, usize)>,
    second: Option<(u64, usize)>,
}

impl TopTwo {
    fn push(&mut self, value: u64, index: usize) {
        match (self.first, self.second) {
            (Some((a, _)), _) if value <= a => {
                if self.second.is_none_or(|(b, _)| value > b) {
                    self.second = Some((value, index));
                }
            }
            _ => {
                self.second = self.first;
                self.first = Some((value, index));
            }
        }
    }

    fn values(&self) -> (u64, u64) {
        (
            self.first.map_or(0, |f| f.0),
            self.second.map_or(0, |s| s.0),
        )
    }
}

/// Several types: the two largest mitigations and the two largest additions, each pair
/// summed and halved (rounded down).
fn several_types(
    hit: &Hit,
    defender: &Defender,
    readings: &Readings,
    tracer: &mut impl Tracer,
) -> (u64, u64) {
    let types = hit.types.as_slice();
    tracer.record(|| {
        Step::new(
            rules::MULTI_TYPE,
            format!(
                "the hit deals {} at once: each type is weighed against the whole {}, then the two largest mitigations and the two largest additions are averaged",
                hit.types, hit.amount
            ),
        )
        .num("types", types.len() as i64)
        .num("damage", i64::from(hit.amount))
    });
    let mut mitigations = TopTwo::default();
    let mut additions = TopTwo::default();
    for (i, t) in types.iter().enumerate() {
        let share = type_share(hit, defender, t, readings, tracer);
        mitigations.push(share.mitigated, i);
        additions.push(share.added, i);
    }
    let mitigated = average_of_two(&mitigations, types, "mitigation", tracer);
    let added = average_of_two(&additions, types, "addition", tracer);
    (mitigated, added)
}

fn average_of_two(top: &TopTwo, types: &[DamageType], what: &str, tracer: &mut impl Tracer) -> u64 {
    let (a, b) = top.values();
    let average = (a + b) / 2;
    tracer.record(|| {
        let name = |slot: Option<(u64, usize)>| {
            slot.map_or("none".to_string(), |(_, i)| types[i].to_string())
        };
        Step::new(
            rules::MULTI_TYPE,
            format!(
                "{what}: the two largest are {} {a} and {} {b}: ({a} + {b}) / 2 = {average}",
                name(top.first),
                name(top.second)
            ),
        )
        .num("largest", a as i64)
        .num("second", b as i64)
        .num(
            if what == "mitigation" {
                "mitigated"
            } else {
                "added"
            },
            average as i64,
        )
    });
    average
}

/// Mitigation and addition for one damage type, each computed from the whole damage.
pub fn type_share(
    hit: &Hit,
    defender: &Defender,
    t: &DamageType,
    readings: &Readings,
    tracer: &mut impl Tracer,
) -> TypeShare {
    let damage = u64::from(hit.amount);
    if defender.is_immune(t) {
        tracer.record(|| {
            Step::new(
                rules::IMMUNITY,
                format!("Damage Immune: {t} ignores all {damage} {t} damage; immunity prevails over any vulnerability"),
            )
            .num("mitigated", damage as i64)
        });
        return TypeShare {
            immune: true,
            mitigated: damage,
            added: 0,
        };
    }
    let resistance = choose_resistance(hit, defender, t, tracer);
    let mitigated = resistance.map_or(0, |r| mitigation(hit, t, r, tracer));
    if resistance.is_none() {
        tracer.record(|| {
            Step::new(rules::RESISTANCE, format!("{t}: no resistance applies"))
                .num("mitigated", 0i64)
        });
    }
    let added = addition(hit, defender, t, resistance, readings, tracer);
    TypeShare {
        immune: false,
        mitigated,
        added,
    }
}

/// The text's choice among several: drop unmet conditions; no limit wins, else the
/// highest limit; the first listed among equals.
fn choose<'a, X: 'a>(
    candidates: impl Iterator<Item = &'a X>,
    limit: impl Fn(&X) -> Option<Limit>,
) -> Option<&'a X> {
    candidates.min_by_key(|x| std::cmp::Reverse(limit_rank(limit(x))))
}

fn choose_resistance<'d>(
    hit: &Hit,
    defender: &'d Defender,
    t: &DamageType,
    tracer: &mut impl Tracer,
) -> Option<&'d Resistance> {
    let covering = || defender.resistances.iter().filter(|r| r.types.covers(t));
    for r in covering().filter(|r| !condition_met(&r.condition, hit)) {
        tracer.record(|| {
            Step::new(
                rules::CHOICE,
                format!(
                    "{} discarded: its condition is not met",
                    describe_resistance(r)
                ),
            )
        });
    }
    let met = || covering().filter(|r| condition_met(&r.condition, hit));
    let chosen = choose(met(), |r| r.limit);
    if let Some(r) = chosen.filter(|_| met().count() > 1) {
        tracer.record(|| {
            Step::new(
                rules::CHOICE,
                format!(
                    "{} chosen among {} resistances to {t}: {}",
                    describe_resistance(r),
                    met().count(),
                    why_chosen(r.limit)
                ),
            )
        });
    }
    chosen
}

fn why_chosen(limit: Option<Limit>) -> &'static str {
    if limit.is_none() {
        "it has no limit"
    } else {
        "it has the highest limit"
    }
}

fn condition_met(condition: &Option<super::predicate::Predicate>, hit: &Hit) -> bool {
    condition.as_ref().is_none_or(|c| c.holds(hit))
}

/// What a resistance removes: against an attack, half the damage (rounded down) or the
/// limit if lower; against environmental damage, the limit, or everything without one.
pub fn resistance_amount(damage: u64, limit: Option<Limit>, attack: bool) -> u64 {
    let cap = if attack { damage / 2 } else { damage };
    limit.map_or(cap, |l| cap.min(u64::from(l.0)))
}

/// What a vulnerability adds: half the damage (rounded down) or the limit if lower.
pub fn vulnerability_amount(damage: u64, limit: Option<Limit>) -> u64 {
    limit.map_or(damage / 2, |l| (damage / 2).min(u64::from(l.0)))
}

fn mitigation(hit: &Hit, t: &DamageType, r: &Resistance, tracer: &mut impl Tracer) -> u64 {
    let damage = u64::from(hit.amount);
    let amount = resistance_amount(damage, r.limit, hit.is_attack());
    tracer.record(|| {
        let how = match (hit.is_attack(), r.limit) {
            (true, None) => format!("half of {damage}"),
            (true, Some(l)) => format!(
                "the lower of half of {damage} ({}) and its limit {}",
                damage / 2,
                l.0
            ),
            (false, None) => "all of it: environmental damage, and no limit".to_string(),
            (false, Some(l)) => format!(
                "its limit {} (environmental damage is reduced by the limit)",
                l.0
            ),
        };
        let step = Step::new(
            rules::RESISTANCE,
            format!("{t}: {} mitigates {amount}: {how}", describe_resistance(r)),
        )
        .num("damage", damage as i64)
        .num("mitigated", amount as i64);
        match r.limit {
            Some(l) => step.num("limit", l.0),
            None => step,
        }
    });
    amount
}

/// The vulnerability of a type: the defender's own, and any that the attacker's resistance
/// reduction creates, chosen like resistances. Immunity was handled before this.
fn addition(
    hit: &Hit,
    defender: &Defender,
    t: &DamageType,
    resistance: Option<&Resistance>,
    readings: &Readings,
    tracer: &mut impl Tracer,
) -> u64 {
    let covering = || {
        defender
            .vulnerabilities
            .iter()
            .filter(|v| v.types.covers(t))
    };
    for v in covering().filter(|v| !condition_met(&v.condition, hit)) {
        tracer.record(|| {
            Step::new(
                rules::CHOICE,
                format!(
                    "{} discarded: its condition is not met",
                    describe_vulnerability(v)
                ),
            )
        });
    }
    let own = choose(
        covering().filter(|v| condition_met(&v.condition, hit)),
        |v| v.limit,
    );
    let reduced = reduction_vulnerability(hit, defender, t, resistance, readings, tracer);
    let chosen = match (own, reduced) {
        (None, None) => {
            tracer.record(|| {
                Step::new(
                    rules::VULNERABILITY,
                    format!("{t}: no vulnerability applies"),
                )
                .num("added", 0i64)
            });
            return 0;
        }
        (Some(v), None) => ChosenVulnerability::Own(v),
        (None, Some(limit)) => ChosenVulnerability::FromReduction(limit),
        (Some(v), Some(limit)) => {
            let own_wins = limit_rank(v.limit) >= limit_rank(Some(limit));
            let (chosen, other) = if own_wins {
                (
                    ChosenVulnerability::Own(v),
                    ChosenVulnerability::FromReduction(limit),
                )
            } else {
                (
                    ChosenVulnerability::FromReduction(limit),
                    ChosenVulnerability::Own(v),
                )
            };
            tracer.record(|| {
                Step::new(
                    rules::CHOICE,
                    format!(
                        "{} chosen over {}: {}",
                        chosen.describe(t),
                        other.describe(t),
                        why_chosen(chosen.limit())
                    ),
                )
            });
            chosen
        }
    };
    let limit = chosen.limit();
    let damage = u64::from(hit.amount);
    let amount = vulnerability_amount(damage, limit);
    tracer.record(|| {
        let how = match limit {
            None => format!("half of {damage}"),
            Some(l) => format!(
                "the lower of half of {damage} ({}) and its limit {}",
                damage / 2,
                l.0
            ),
        };
        let step = Step::new(
            rules::VULNERABILITY,
            format!("{t}: {} adds {amount}: {how}", chosen.describe(t)),
        )
        .num("damage", damage as i64)
        .num("added", amount as i64);
        match limit {
            Some(l) => step.num("limit", l.0),
            None => step,
        }
    });
    amount
}

/// The vulnerability that applies to a type: the defender's own, or one created by the
/// attacker's resistance reduction. Described only when a trace asks, so the untraced
/// path allocates nothing.
enum ChosenVulnerability<'d> {
    Own(&'d Vulnerability),
    FromReduction(Limit),
}

impl ChosenVulnerability<'_> {
    fn limit(&self) -> Option<Limit> {
        match self {
            Self::Own(v) => v.limit,
            Self::FromReduction(limit) => Some(*limit),
        }
    }

    fn describe(&self, t: &DamageType) -> String {
        match self {
            Self::Own(v) => describe_vulnerability(v),
            Self::FromReduction(limit) => format!(
                "the reduction's Vulnerable {} {}",
                limit.0,
                super::model::capitalized(t.name())
            ),
        }
    }
}

/// The vulnerability that resistance reduction creates: only where the defender has a
/// resistance to the type; limited by the reduction's value and the resistance's limit.
fn reduction_vulnerability(
    hit: &Hit,
    defender: &Defender,
    t: &DamageType,
    met_resistance: Option<&Resistance>,
    readings: &Readings,
    tracer: &mut impl Tracer,
) -> Option<Limit> {
    let reduction = hit
        .attack()?
        .reductions
        .iter()
        .filter(|r| r.types.covers(t))
        .max_by_key(|r| r.value)?;
    let resistance = if readings.reduction_needs_met_condition {
        met_resistance
    } else {
        choose(
            defender.resistances.iter().filter(|r| r.types.covers(t)),
            |r| r.limit,
        )
    };
    let Some(resistance) = resistance else {
        tracer.record(|| {
            Step::new(
                rules::REDUCTION,
                format!(
                    "{}: the defender has no resistance to {t}, so it changes nothing",
                    describe_reduction(reduction)
                ),
            )
        });
        return None;
    };
    let limit = Limit(
        resistance
            .limit
            .map_or(reduction.value, |l| l.0.min(reduction.value)),
    );
    tracer.record(|| {
        Step::new(
            rules::REDUCTION,
            format!(
                "{} against {}: the defender also becomes Vulnerable {} {}; the resistance still applies",
                describe_reduction(reduction),
                describe_resistance(resistance),
                limit.0,
                super::model::capitalized(t.name())
            ),
        )
        .num("value", reduction.value)
        .num("limit", limit.0)
    });
    Some(limit)
}

fn describe_resistance(r: &Resistance) -> String {
    super::notation::show_resistance(r)
}

fn describe_vulnerability(v: &Vulnerability) -> String {
    super::notation::show_vulnerability(v)
}

fn describe_reduction(r: &ResistanceReduction) -> String {
    format!("Resistance reduction {} {}", r.types, r.value)
}

/// A damage trigger that fired, reported after the hit resolved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct TriggerFired {
    /// The type that set it off.
    pub damage_type: DamageType,
    /// What happens.
    pub effect: String,
}

/// Printed as the command line closes an explanation with it: `trigger (fire): ...`.
impl std::fmt::Display for TriggerFired {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "trigger ({}): {}", self.damage_type, self.effect)
    }
}

/// The fate of one non-damage effect of the hit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct EffectOutcome {
    /// The effect.
    pub effect: Effect,
    /// Whether it takes hold.
    pub applies: bool,
    /// The immunity that stops it, when one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<Shield>,
    /// Why not, when it does not: the stopping trait as a stat block writes it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ignored_because: Option<String>,
}

/// The kind of immunity that stops a non-damage effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Shield {
    /// A Nondamage Immunity to one of the hit's keywords.
    Nondamage,
    /// A Condition Immunity to the effect.
    Condition,
}

/// A fully explained resolution.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct Explained {
    /// The numbers.
    #[serde(flatten)]
    pub outcome: DamageOutcome,
    /// The hit's damage types.
    pub types: Vec<DamageType>,
    /// What became of each non-damage effect: part of resolving the hit.
    pub effects: Vec<EffectOutcome>,
    /// Damage triggers fired, in stat-block order. They follow the effects because a
    /// trigger takes place only once the hit is fully resolved (damage, Damage Trigger).
    pub triggers: Vec<TriggerFired>,
    /// Every rule step.
    pub trace: Trace,
}

/// Resolves a hit keeping every step, then the fate of each non-damage effect, and last
/// the damage triggers, which wait until the hit is fully resolved.
///
/// ```
/// use fray::damage::{explain, parse_traits, Defender, Hit, DamageType, Readings};
/// let defender = Defender::new(parse_traits("Resist Fire; Vulnerable 5 Fire").unwrap());
/// let e = explain(&Hit::new(17, [DamageType::Fire]), &defender, &Readings::default());
/// assert_eq!(e.outcome.final_damage, 14);
/// assert!(e.trace.steps.iter().any(|s| s.text.contains("mitigates 8")));
/// ```
pub fn explain(hit: &Hit, defender: &Defender, readings: &Readings) -> Explained {
    let mut trace = Trace::default();
    let outcome = resolve_with(hit, defender, readings, &mut trace);
    let effects = hit
        .effects
        .iter()
        .map(|e| effect_outcome(hit, defender, e, readings))
        .collect::<Vec<_>>();
    for e in &effects {
        trace.record(|| {
            let rule = match e.stopped_by {
                Some(Shield::Nondamage) => rules::NONDAMAGE_IMMUNITY,
                Some(Shield::Condition) | None => rules::CONDITION_IMMUNITY,
            };
            match &e.ignored_because {
                None => Step::new(rule, format!("effect {}: takes hold", e.effect)),
                Some(why) => Step::new(rule, format!("effect {}: ignored ({why})", e.effect)),
            }
        });
    }
    // (damage, Damage Trigger): a trigger waits until the hit is fully resolved, its
    // non-damage effects included, so its step comes last.
    let triggers = fired_triggers(hit, defender, &outcome);
    for fired in &triggers {
        trace.record(|| {
            Step::new(
                rules::TRIGGER,
                format!("Damage Trigger {}: {}", fired.damage_type, fired.effect),
            )
        });
    }
    Explained {
        outcome,
        types: hit.types.as_slice().to_vec(),
        effects,
        triggers,
        trace,
    }
}

/// Triggers fire after the hit when it included their type, the defender is not immune
/// to that type, and it took more than 0 damage.
pub fn fired_triggers(
    hit: &Hit,
    defender: &Defender,
    outcome: &DamageOutcome,
) -> Vec<TriggerFired> {
    if outcome.final_damage == 0 {
        return Vec::new();
    }
    defender
        .triggers
        .iter()
        .filter_map(|trigger| {
            let t = hit
                .types
                .as_slice()
                .iter()
                .find(|t| trigger.types.covers(t) && !defender.is_immune(t))?;
            Some(TriggerFired {
                damage_type: t.clone(),
                effect: trigger.effect.clone(),
            })
        })
        .collect()
}

/// Whether an effect of the hit takes hold, given the defender's immunities.
pub fn effect_outcome(
    hit: &Hit,
    defender: &Defender,
    effect: &Effect,
    readings: &Readings,
) -> EffectOutcome {
    let stop = nondamage_shield(hit, defender, readings)
        .map(|n| {
            (
                Shield::Nondamage,
                format!("Nondamage Immune: {}", n.keyword),
            )
        })
        .or_else(|| {
            condition_shield(hit, defender, effect).map(|c| {
                (
                    Shield::Condition,
                    super::notation::show_condition_immunity(c),
                )
            })
        });
    let (stopped_by, ignored_because) = stop.unzip();
    EffectOutcome {
        effect: effect.clone(),
        applies: stopped_by.is_none(),
        stopped_by,
        ignored_because,
    }
}

fn nondamage_shield<'d>(
    hit: &Hit,
    defender: &'d Defender,
    readings: &Readings,
) -> Option<&'d NondamageImmunity> {
    if !hit.is_attack() && !readings.nondamage_immunity_covers_environment {
        return None;
    }
    defender
        .nondamage_immunities
        .iter()
        .find(|n| hit.has_keyword(&n.keyword) || hit.met.contains(&n.keyword))
}

/// The condition immunity, if any, that stops `effect` from this hit.
pub fn condition_shield<'d>(
    hit: &Hit,
    defender: &'d Defender,
    effect: &Effect,
) -> Option<&'d ConditionImmunity> {
    defender.condition_immunities.iter().find(|c| {
        let covers = match (c.target, effect) {
            (ImmunityTarget::Condition(a), Effect::Condition(b)) => a == *b,
            (ImmunityTarget::ForcedMovement, Effect::Forced(_)) => true,
            _ => false,
        };
        covers && condition_met(&c.condition, hit)
    })
}
