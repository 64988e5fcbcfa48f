//! The evasion commands as requests: `fray tohit` ([`ToHitRequest`]), `fray
//! evasion-damage` ([`EvasionDamageRequest`]), `fray evasion-table` ([`TableRequest`])
//! and `fray appraise` ([`AppraiseRequest`]). Each is plain serde data, checked by one
//! `validate` (the model, bonus and luck ranges, the profiles' located checks, table
//! ranges) and run on the validated value; serialized, the answer is the command's
//! `--json`. Field names are the command's long flags with `_` for `-`; profiles are
//! their TOML text; the to-hit model shared by all four is the nested `model`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{
    Appraisal, Attacker, Breakdown, Caught, DamageKind, Defender, HighDamage, Kind, LuckDice,
    Options, Rounding, SkillLevel, Term, ToHit, ToHitModel, appraise, damage_odds, hit_chance_with,
    profile,
};
use crate::damage::request::DamageP;
use crate::dice::DiceExpr;
use crate::request::{Refusal, about_field, full, within};

/// The largest bonus accepted either way (it only keeps the numbers sane).
pub const MAX_BONUS: f64 = 1000.0;
/// The largest Luck either way.
pub const MAX_LUCK: i32 = 13;

/// The to-hit model and readings, shared by every evasion request. Without `sigma` or
/// `uniform_sum`, the normal model with σ = 5.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ModelRequest {
    /// The normal model's standard deviation, above 0.
    pub sigma: Option<f64>,
    /// The integer model instead: `[K, R]`, K uniform integers in −R..=R (as a scenario's
    /// `uniform_sum` writes it).
    pub uniform_sum: Option<[u32; 2]>,
    /// Count a monster's level / 4 as a fraction instead of rounding it down.
    pub fractional_level: bool,
    /// Ammo from the wrong kind of launcher still gets the launcher's bonuses.
    pub wrong_launcher_counts: bool,
}

impl ModelRequest {
    /// The options these choices make, with `rounding`, and the model prepared; or the
    /// refusal of a bad model.
    pub fn options(&self, rounding: Rounding) -> Result<(Options, ToHit), Refusal> {
        let model = match (self.sigma, &self.uniform_sum) {
            (Some(_), Some(_)) => {
                return Err(Refusal::about(
                    "model.uniform_sum",
                    "give `sigma` or `uniform_sum`, not both",
                ));
            }
            (Some(sigma), None) => ToHitModel::Normal { sigma },
            (None, Some([k, r])) => ToHitModel::UniformSum { k: *k, r: *r },
            (None, None) => ToHitModel::NORMAL,
        };
        let field = match model {
            ToHitModel::Normal { .. } if self.sigma.is_some() => "model.sigma",
            ToHitModel::UniformSum { .. } => "model.uniform_sum",
            ToHitModel::Normal { .. } => "model",
        };
        let to_hit = ToHit::new(model).map_err(|e| about_field(field, &e))?;
        let options = Options {
            model,
            rounding,
            fractional_level_bonus: self.fractional_level,
            wrong_launcher_counts: self.wrong_launcher_counts,
        };
        Ok((options, to_hit))
    }
}

/// A profile's text read, or its refusal located in `source` (the field's name unless a
/// front end read a file).
fn read_profile<T>(
    text: &str,
    source: Option<&str>,
    field: &str,
    parse: fn(&str) -> Result<T, crate::scenario::ScenarioError>,
) -> Result<T, Refusal> {
    parse(text).map_err(|e| Refusal::located(source.unwrap_or(field), &e))
}

/// A bonus within ±[`MAX_BONUS`], or the refusal naming it.
fn bonus(x: f64, field: &str) -> Result<f64, Refusal> {
    if x.is_finite() && x.abs() <= MAX_BONUS {
        Ok(x)
    } else {
        Err(Refusal::about(
            field,
            format!(
                "must be a number from -1000 to 1000, got {}",
                crate::text::quoted_number(x)
            ),
        ))
    }
}

/// Everything `fray tohit` takes: two total bonuses (with Luck), or two profiles.
///
/// ```
/// use fray::evasion::request::ToHitRequest;
/// let request: ToHitRequest = serde_json::from_str(
///     r#"{"attacker_bonus": 5, "defender_bonus": 2, "model": {"sigma": 4}}"#,
/// ).unwrap();
/// let answer = request.validate().unwrap().run();
/// assert!(answer.p_hit() > 0.5);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct ToHitRequest {
    /// The attacker's total bonus.
    pub attacker_bonus: Option<f64>,
    /// The defender's total bonus.
    pub defender_bonus: Option<f64>,
    /// The attacker's Luck, ±[`MAX_LUCK`].
    pub attacker_luck: i32,
    /// The defender's Luck.
    pub defender_luck: i32,
    /// An attacker profile (TOML text) instead of a bonus.
    pub attacker: Option<String>,
    /// A defender profile (TOML text).
    pub defender: Option<String>,
    /// Where the attacker profile came from, for messages.
    #[serde(skip)]
    pub attacker_source: Option<String>,
    /// Where the defender profile came from, for messages.
    #[serde(skip)]
    pub defender_source: Option<String>,
    /// The to-hit model.
    pub model: ModelRequest,
}

/// A to-hit request that passed every rule.
#[derive(Debug, Clone)]
pub enum ValidToHit {
    /// Two total bonuses with their Luck.
    Bonuses {
        /// The model and readings.
        options: Options,
        /// The model, prepared.
        to_hit: ToHit,
        /// Attacker's bonus and Luck dice.
        attacker: (f64, LuckDice),
        /// Defender's bonus and Luck dice.
        defender: (f64, LuckDice),
    },
    /// Two profiles.
    Profiles {
        /// The model and readings.
        options: Options,
        /// The model, prepared.
        to_hit: ToHit,
        /// The attacker.
        attacker: Box<Attacker>,
        /// The defender.
        defender: Box<Defender>,
    },
}

/// The chance to hit; serialized, the `--json` of `fray tohit`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum ToHitAnswer {
    /// From two total bonuses.
    Bonuses {
        /// P(hit).
        p_hit: f64,
        /// The model.
        model: ToHitModel,
        /// The attacker's bonus.
        attacker_bonus: f64,
        /// The defender's bonus.
        defender_bonus: f64,
        /// The attacker's Luck dice.
        attacker_luck: LuckDice,
        /// The defender's Luck dice.
        defender_luck: LuckDice,
    },
    /// From two profiles, with both breakdowns.
    Profiles {
        /// P(hit).
        p_hit: f64,
        /// The model.
        model: ToHitModel,
        /// A throw caught instead of hitting, if it is.
        caught: Option<Caught>,
        /// The attacker's bonus, term by term.
        attacker: BreakdownAnswer,
        /// The defender's bonus, term by term.
        defender: BreakdownAnswer,
    },
}

/// The text `fray tohit` prints: both breakdowns term by term (or both bonuses), then
/// the chance.
impl std::fmt::Display for ToHitAnswer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ToHitAnswer::Bonuses {
                p_hit,
                model,
                attacker_bonus: a,
                defender_bonus: d,
                attacker_luck: la,
                defender_luck: ld,
            } => writeln!(
                f,
                "attacker {a:+} (luck {}) against defender {d:+} (luck {}), {model}: P(hit) = {:.4}%",
                la.describe(),
                ld.describe(),
                p_hit * 100.0
            ),
            ToHitAnswer::Profiles {
                p_hit,
                model,
                caught,
                attacker,
                defender,
            } => {
                for (who, b) in [("attacker", attacker), ("defender", defender)] {
                    writeln!(
                        f,
                        "{who} bonus: {:+} fixed, luck {}",
                        b.fixed,
                        b.luck.describe()
                    )?;
                    for t in &b.terms {
                        writeln!(f, "  {:>+7.2}  {}", t.value, t.source)?;
                    }
                }
                if let Some(c) = caught {
                    writeln!(
                        f,
                        "the throw is caught ({c}): taken, so no hit and no damage"
                    )?;
                }
                writeln!(f, "{model}: P(hit) = {:.4}%", p_hit * 100.0)
            }
        }
    }
}

impl ToHitAnswer {
    /// P(hit), whichever way it was asked.
    pub fn p_hit(&self) -> f64 {
        match self {
            Self::Bonuses { p_hit, .. } | Self::Profiles { p_hit, .. } => *p_hit,
        }
    }
}

/// A bonus, term by term.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct BreakdownAnswer {
    /// Each term and where it comes from.
    pub terms: Vec<Term>,
    /// Their sum.
    pub fixed: f64,
    /// The Luck dice.
    pub luck: LuckDice,
    /// The Luck dice's mean.
    pub luck_mean: f64,
}

impl From<&Breakdown> for BreakdownAnswer {
    fn from(b: &Breakdown) -> Self {
        Self {
            terms: b.terms.clone(),
            fixed: b.fixed(),
            luck: b.luck,
            luck_mean: b.luck.distribution().mean(),
        }
    }
}

impl ToHitRequest {
    /// Applies every input rule and returns the request ready to compute, or the
    /// refusal the command line prints.
    pub fn validate(&self) -> Result<ValidToHit, Refusal> {
        let (options, to_hit) = self.model.options(Rounding::default())?;
        let given = self.attacker_bonus.is_some() || self.defender_bonus.is_some();
        if let (Some(a), Some(d), false) = (&self.attacker, &self.defender, given) {
            return Ok(ValidToHit::Profiles {
                options,
                to_hit,
                attacker: Box::new(read_profile(
                    a,
                    self.attacker_source.as_deref(),
                    "attacker",
                    profile::parse_attacker,
                )?),
                defender: Box::new(read_profile(
                    d,
                    self.defender_source.as_deref(),
                    "defender",
                    profile::parse_defender,
                )?),
            });
        }
        let (Some(a), Some(d), None, None) = (
            self.attacker_bonus,
            self.defender_bonus,
            &self.attacker,
            &self.defender,
        ) else {
            return Err(Refusal::new(
                "give both bonuses (`attacker_bonus` and `defender_bonus`) or both profiles (`attacker` and `defender`)",
            ));
        };
        let (a, d) = (bonus(a, "attacker_bonus")?, bonus(d, "defender_bonus")?);
        let luck = |l: i32, name: &str| {
            within(l, -MAX_LUCK, MAX_LUCK, name).map(|l| LuckDice::of(Kind::Player, l, false))
        };
        Ok(ValidToHit::Bonuses {
            options,
            to_hit,
            attacker: (a, luck(self.attacker_luck, "attacker_luck")?),
            defender: (d, luck(self.defender_luck, "defender_luck")?),
        })
    }
}

impl ValidToHit {
    /// The exact chance to hit.
    pub fn run(&self) -> ToHitAnswer {
        match self {
            Self::Bonuses {
                options,
                to_hit,
                attacker: (a, la),
                defender: (d, ld),
            } => ToHitAnswer::Bonuses {
                p_hit: to_hit.p_hit_with_luck(*a, *la, *d, *ld),
                model: options.model,
                attacker_bonus: *a,
                defender_bonus: *d,
                attacker_luck: *la,
                defender_luck: *ld,
            },
            Self::Profiles {
                options,
                to_hit,
                attacker,
                defender,
            } => {
                let h = hit_chance_with(to_hit, attacker, defender, options);
                ToHitAnswer::Profiles {
                    p_hit: h.p_hit,
                    model: options.model,
                    caught: h.caught,
                    attacker: (&h.attacker).into(),
                    defender: (&h.defender).into(),
                }
            }
        }
    }
}

/// Everything `fray evasion-damage` takes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct EvasionDamageRequest {
    /// The attacker profile (TOML text).
    pub attacker: String,
    /// The defender profile (TOML text).
    pub defender: String,
    /// Where the attacker profile came from, for messages.
    #[serde(skip)]
    pub attacker_source: Option<String>,
    /// Where the defender profile came from, for messages.
    #[serde(skip)]
    pub defender_source: Option<String>,
    /// The damage dice of one hit, e.g. `d8+2`.
    pub damage: String,
    /// The kind of damage: only physical damage is reduced by DR.
    pub kind: DamageKind,
    /// How damage × 0.9^DR (and the high-damage cuts) become whole numbers.
    pub rounding: Rounding,
    /// The to-hit model.
    pub model: ModelRequest,
}

/// An evasion damage request that passed every rule.
#[derive(Debug, Clone)]
pub struct ValidEvasionDamage {
    /// The model and readings.
    pub options: Options,
    /// The damage dice.
    pub dice: DiceExpr,
    /// The kind of damage.
    pub kind: DamageKind,
    /// The attacker.
    pub attacker: Attacker,
    /// The defender.
    pub defender: Defender,
}

/// The exact damage of one attack; serialized, the `--json` of `fray evasion-damage`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EvasionDamageAnswer {
    /// P(hit) (0 for a caught throw).
    pub p_hit: f64,
    /// A throw caught instead of hitting, if it is.
    pub caught: Option<Caught>,
    /// Mean damage of a hit.
    pub mean_per_hit: f64,
    /// Mean damage of an attack (0 on a miss).
    pub mean_per_attack: f64,
    /// Damage dealt by a hit.
    pub per_hit: Vec<DamageP>,
    /// Damage dealt by an attack.
    pub per_attack: Vec<DamageP>,
    /// The chance of each high-damage effect.
    pub high_damage_effects: Vec<EffectP>,
    /// The defender's hit points, for the text.
    #[serde(skip)]
    pub defender_hp: u32,
}

/// A high-damage effect's chance.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EffectP {
    /// The effect.
    pub effect: HighDamage,
    /// P(effect | hit).
    pub p_per_hit: f64,
    /// P(effect) per attack.
    pub p_per_attack: f64,
}

impl EvasionDamageRequest {
    /// Applies every input rule (model, dice, both profiles' located checks).
    pub fn validate(&self) -> Result<ValidEvasionDamage, Refusal> {
        let (options, _) = self.model.options(self.rounding)?;
        let dice: DiceExpr = self
            .damage
            .parse()
            .map_err(|e| Refusal::about("damage", format!("`{}`: {}", self.damage, full(&e))))?;
        Ok(ValidEvasionDamage {
            options,
            dice,
            kind: self.kind,
            attacker: read_profile(
                &self.attacker,
                self.attacker_source.as_deref(),
                "attacker",
                profile::parse_attacker,
            )?,
            defender: read_profile(
                &self.defender,
                self.defender_source.as_deref(),
                "defender",
                profile::parse_defender,
            )?,
        })
    }
}

impl ValidEvasionDamage {
    /// The exact damage distribution; refused when the damage after DR is too large to
    /// compute exactly.
    pub fn run(&self) -> Result<EvasionDamageAnswer, Refusal> {
        let (a, d) = (&self.attacker, &self.defender);
        let odds = damage_odds(&self.dice, self.kind, a, d, &self.options)
            .map_err(|e| Refusal::new(full(&e)))?;
        let rows = |dist: &crate::dist::Distribution| {
            dist.iter()
                .map(|m| DamageP {
                    damage: m.value,
                    p: m.p,
                })
                .collect()
        };
        Ok(EvasionDamageAnswer {
            p_hit: odds.p_hit,
            caught: super::resolve::caught(a, d),
            mean_per_hit: odds.per_hit.mean(),
            mean_per_attack: odds.per_attack.mean(),
            per_hit: rows(&odds.per_hit),
            per_attack: rows(&odds.per_attack),
            high_damage_effects: odds
                .effects
                .iter()
                .map(|(e, p)| EffectP {
                    effect: *e,
                    p_per_hit: *p,
                    p_per_attack: p * odds.p_hit,
                })
                .collect(),
            defender_hp: d.hp,
        })
    }
}

/// What a table's rows are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum RowsBy {
    /// Monster attackers by level.
    #[default]
    Level,
    /// Player attackers (Dex 10) by skill.
    Skill,
}

/// Everything `fray evasion-table` takes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct TableRequest {
    /// Rows: monster level, or player skill.
    pub by: RowsBy,
    /// Monster levels, `[FROM, TO]` (both included), within 0..100.
    pub levels: [i64; 2],
    /// The step between levels, 1 to 100.
    pub step: u32,
    /// Defender evasiveness values, `[FROM, TO]` (both included), within -50..50.
    pub evs: [i64; 2],
    /// The to-hit model.
    pub model: ModelRequest,
}

impl Default for TableRequest {
    fn default() -> Self {
        Self {
            by: RowsBy::Level,
            levels: [0, 30],
            step: 3,
            evs: [0, 10],
            model: ModelRequest::default(),
        }
    }
}

/// A table request that passed every rule: its rows and columns.
#[derive(Debug, Clone)]
pub struct ValidTable {
    options: Options,
    to_hit: ToHit,
    rows: Vec<(String, Attacker)>,
    evs: Vec<i64>,
}

/// Hit chances by attacker and defender EV; serialized, the `--json` of
/// `fray evasion-table`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TableAnswer {
    /// The model.
    pub model: ToHitModel,
    /// The columns: defender EVs.
    pub defender_ev: Vec<i64>,
    /// One row per attacker.
    pub rows: Vec<TableRow>,
}

/// One attacker's hit chances across the EVs.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct TableRow {
    /// The attacker, in words (`level 3`, `expert`).
    pub attacker: String,
    /// P(hit) for each EV.
    pub p_hit: Vec<f64>,
}

/// `[FROM, TO]` within `lo..=hi`, FROM not above TO, or the refusal of the field `field`.
fn range([a, b]: [i64; 2], field: &str, lo: i64, hi: i64) -> Result<(i64, i64), Refusal> {
    if a > b || a < lo || b > hi {
        return Err(Refusal::about(
            field,
            format!(
                "[{a}, {b}]: expected [FROM, TO], whole numbers from {lo} to {hi} with FROM not above TO"
            ),
        ));
    }
    Ok((a, b))
}

impl TableRequest {
    /// Applies every input rule (model, the EV and level ranges, the step).
    pub fn validate(&self) -> Result<ValidTable, Refusal> {
        let (options, to_hit) = self.model.options(Rounding::default())?;
        let step = within(self.step, 1, 100, "step")?;
        let (ev_lo, ev_hi) = range(self.evs, "evs", -50, 50)?;
        let rows = match self.by {
            RowsBy::Level => {
                let (lo, hi) = range(self.levels, "levels", 0, 100)?;
                (lo..=hi)
                    .step_by(step as usize)
                    .map(|l| {
                        let level = u32::try_from(l).unwrap_or_default();
                        (
                            format!("level {l}"),
                            Attacker {
                                level,
                                ..Attacker::default()
                            },
                        )
                    })
                    .collect()
            }
            RowsBy::Skill => [
                SkillLevel::Restricted,
                SkillLevel::Unskilled,
                SkillLevel::Basic,
                SkillLevel::Skilled,
                SkillLevel::Expert,
            ]
            .into_iter()
            .map(|skill| {
                (
                    skill.to_string(),
                    Attacker {
                        kind: Kind::Player,
                        dex: 10,
                        skill,
                        ..Attacker::default()
                    },
                )
            })
            .collect(),
        };
        Ok(ValidTable {
            options,
            to_hit,
            rows,
            evs: (ev_lo..=ev_hi).collect(),
        })
    }
}

impl ValidTable {
    /// Every cell's exact hit chance (the model prepared once for the whole table).
    pub fn run(&self) -> TableAnswer {
        let rows = self
            .rows
            .iter()
            .map(|(name, a)| TableRow {
                attacker: name.clone(),
                p_hit: self
                    .evs
                    .iter()
                    .map(|ev| {
                        let d = Defender {
                            ev: *ev as f64,
                            ..Defender::default()
                        };
                        hit_chance_with(&self.to_hit, a, &d, &self.options).p_hit
                    })
                    .collect(),
            })
            .collect();
        TableAnswer {
            model: self.options.model,
            defender_ev: self.evs.clone(),
            rows,
        }
    }
}

/// Everything `fray appraise` takes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct AppraiseRequest {
    /// The defender profile (TOML text).
    pub defender: String,
    /// Where the defender profile came from, for messages.
    #[serde(skip)]
    pub defender_source: Option<String>,
    /// The total bonus of the reference attacker.
    pub reference_bonus: f64,
    /// The to-hit model.
    pub model: ModelRequest,
}

/// An appraisal request that passed every rule.
#[derive(Debug, Clone)]
pub struct ValidAppraise {
    options: Options,
    defender: Defender,
    reference_bonus: f64,
}

impl AppraiseRequest {
    /// Applies every input rule (model, the profile's located checks, the bonus range).
    pub fn validate(&self) -> Result<ValidAppraise, Refusal> {
        let (options, _) = self.model.options(Rounding::default())?;
        let defender = read_profile(
            &self.defender,
            self.defender_source.as_deref(),
            "defender",
            profile::parse_defender,
        )?;
        Ok(ValidAppraise {
            options,
            defender,
            reference_bonus: bonus(self.reference_bonus, "reference_bonus")?,
        })
    }
}

impl ValidAppraise {
    /// The defender's appraisal; serialized, the `--json` of `fray appraise`.
    pub fn run(&self) -> Result<Appraisal, Refusal> {
        appraise(&self.defender, self.reference_bonus, &self.options)
            .map_err(|e| Refusal::new(full(&e)))
    }
}
