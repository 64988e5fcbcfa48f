//! `fray roster` as a request: the roster file, what fairness to fit and how closely,
//! checked and run to its answer ([`super::answer`]).

use std::sync::atomic::AtomicBool;

use fray::request::{Refusal, within};
use serde::{Deserialize, Serialize};

pub use super::answer::{Cell, Dominated, Matrix, RosterAnswer, Row, UnitPrice};
use super::file::{Roster, parse_roster};
use super::findings::{cycles, dominated};
use super::play::{Counted, Local, Player};
use super::price::{Fair, Goal, MAX_BATTLES, Prices, Uneven, price};
use crate::request::MAX_THREADS;
use crate::run::on_threads;

/// The bundled rosters (`examples/rosters/`); the first is the default.
pub const EXAMPLES: &[(&str, &str, &str)] = &[
    (
        "pool",
        "pool: six field units, pikes, horse, swords, archers, heavy foot, skirmishers",
        include_str!("../../../../examples/rosters/pool.toml"),
    ),
    (
        "minions",
        "minions: recruits, veterans and monsters (exact)",
        include_str!("../../../../examples/rosters/minions.toml"),
    ),
];

/// A bundled roster, as a page offers it to start from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Its name (`example` in a request).
    pub name: &'static str,
    /// What it holds.
    pub about: &'static str,
    /// Its TOML text.
    pub text: &'static str,
}

/// The bundled rosters with their texts (`fray roster --list-examples --json`).
///
/// ```
/// let names: Vec<_> = fray_lab::roster::request::examples().iter().map(|e| e.name).collect();
/// assert_eq!(names, ["pool", "minions"]);
/// ```
pub fn examples() -> Vec<Example> {
    EXAMPLES
        .iter()
        .map(|&(name, about, text)| Example { name, about, text })
        .collect()
}

/// The finest and coarsest relative precision a pricing may ask for.
pub const PRECISION_RANGE: (f64, f64) = (0.001, 0.5);
/// The default relative precision of a fitted cost.
pub const DEFAULT_PRECISION: f64 = 0.02;
/// The battles a matrix plays for each matchup, by default.
pub const DEFAULT_MATRIX_BATTLES: u64 = 1_000;

/// Everything `fray roster` takes.
///
/// ```
/// use fray_lab::roster::RosterRequest;
/// let r: RosterRequest = serde_json::from_str(r#"{"example": "minions"}"#).unwrap();
/// let answer = r.validate().unwrap().run().unwrap();
/// assert!(answer.exact && answer.complete);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct RosterRequest {
    /// The roster, as the TOML text of a roster file.
    pub roster: Option<String>,
    /// Where `roster` came from, for messages.
    #[serde(skip)]
    pub roster_source: Option<String>,
    /// A bundled roster by name (`pool`, `minions`), instead of `roster`.
    pub example: Option<String>,
    /// What a fair cost balances: `mean` (each unit's mean score against the rest),
    /// `against` (each unit against the unit `against` names) or `armies` (the strongest
    /// mixed army the search finds).
    pub fair: String,
    /// The unit every other is balanced against, with `fair = "against"`.
    pub against: Option<String>,
    /// The unit that keeps its cost with `fair = "mean"` (default: the first).
    pub reference: Option<String>,
    /// How closely each fitted cost is known: the relative half-width of its 95%
    /// interval, within [`PRECISION_RANGE`].
    pub precision: f64,
    /// The most battles the fit may play (sampled rosters).
    pub max_battles: u64,
    /// Battles per matchup of each matrix (sampled rosters; default 1,000).
    pub trials: Option<u64>,
    /// The seed, instead of the roster's.
    pub seed: Option<u64>,
    /// Threads to play on, 0 (every core) to 1024.
    pub threads: u64,
    /// Also search for the strongest mixed armies against the field (every single-unit
    /// army at the same budget): see `roster::armies`.
    pub armies: bool,
    /// How many of the strongest armies to report (default 5; 1 to 50).
    pub top: Option<u64>,
    /// The costs the armies are bought at: `starting` (the default) or `fitted`.
    pub at: Option<String>,
    /// What the armies are scored against: `units` (every unit's army alone, equally;
    /// the default) or `equilibrium` (those armies weighted by what rational players buy
    /// at the same costs). A roster's named armies (`[[armies.field]]`) are the field
    /// when it has them.
    pub field: Option<String>,
}

/// The request's defaults, the one place they are written: the command line's help,
/// Python's keywords and the JSON Schema all show these.
impl Default for RosterRequest {
    fn default() -> Self {
        Self {
            roster: None,
            roster_source: None,
            example: None,
            fair: "mean".to_string(),
            against: None,
            reference: None,
            precision: DEFAULT_PRECISION,
            max_battles: MAX_BATTLES,
            trials: None,
            seed: None,
            threads: 0,
            armies: false,
            top: None,
            at: None,
            field: None,
        }
    }
}

/// What the army search was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArmiesAsked {
    /// How many armies to report.
    pub top: usize,
    /// Bought at the fitted costs, rather than the starting ones.
    pub fitted: bool,
    /// The full armies within the budget at the starting costs.
    pub candidates: usize,
    /// The single-unit armies weighted by the equilibrium mix.
    pub equilibrium: bool,
}

/// A roster request that passed every rule.
#[derive(Debug, Clone)]
pub struct ValidRoster {
    /// The roster, seed applied.
    pub roster: Roster,
    /// The fairness.
    pub fair: Fair,
    /// The unit that keeps its cost.
    pub reference: usize,
    /// The relative precision.
    pub precision: f64,
    /// The cap on the fit's battles.
    pub max_battles: u64,
    /// Battles per matchup of a matrix.
    pub trials: u64,
    /// Threads (0: every core).
    pub threads: usize,
    /// The army search, when asked for.
    pub armies: Option<ArmiesAsked>,
    /// Whether the prices are then moved until they survive the army search.
    pub armies_fair: bool,
}

impl RosterRequest {
    /// Applies every input rule.
    pub fn validate(&self) -> Result<ValidRoster, Refusal> {
        within(self.threads, 0, MAX_THREADS, "threads")?;
        let (source, text) = match (&self.roster, &self.example) {
            (Some(_), Some(_)) => {
                return Err(Refusal::new("give a roster or an example, not both"));
            }
            (Some(text), None) => (
                self.roster_source
                    .clone()
                    .unwrap_or_else(|| "the roster".into()),
                text.as_str(),
            ),
            (None, name) => {
                let name = name.as_deref().unwrap_or(EXAMPLES[0].0);
                let (n, _, text) = EXAMPLES.iter().find(|(n, ..)| n.eq_ignore_ascii_case(name)).ok_or_else(|| {
                    Refusal::new(format!("no bundled roster is named `{name}`; the bundled ones are pool and minions"))
                })?;
                (format!("built-in roster `{n}`"), *text)
            }
        };
        let mut roster = parse_roster(text).map_err(|e| Refusal::located(&source, &e))?;
        let unit = |name: &str, what: &str| {
            roster.unit(name).ok_or_else(|| {
                Refusal::new(format!(
                    "{what} `{name}` is not a unit of the roster; its units are {}",
                    roster.names.join(", ")
                ))
            })
        };
        let armies_fair = self.fair == "armies";
        let fair = match (self.fair.as_str(), &self.against) {
            ("mean" | "armies", None) => Fair::Mean,
            ("armies", Some(_)) => {
                return Err(Refusal::new(
                    "`against` names a unit for fair = \"against\", not \"armies\"",
                ));
            }
            ("mean", Some(_)) => {
                return Err(Refusal::new(
                    "`against` names a unit for fair = \"against\", not \"mean\"",
                ));
            }
            ("against", Some(name)) => Fair::Against(unit(name, "against")?),
            ("against", None) => {
                return Err(Refusal::new("fair = \"against\" needs the unit: `against`"));
            }
            (other, _) => {
                return Err(Refusal::new(format!(
                    "fair `{other}`: expected mean, against or armies"
                )));
            }
        };
        let reference = match (fair, &self.reference) {
            (Fair::Against(r), None) => r,
            (Fair::Against(_), Some(_)) => {
                return Err(Refusal::new(
                    "with fair = \"against\", the unit balanced against keeps its cost: no `reference`",
                ));
            }
            (Fair::Mean, Some(name)) => unit(name, "reference")?,
            (Fair::Mean, None) => 0,
        };
        let (lo, hi) = PRECISION_RANGE;
        let precision = self.precision;
        if !(lo..=hi).contains(&precision) {
            return Err(Refusal::about(
                "precision",
                format!(
                    "expected a relative half-width from {lo} to {hi}, got {}",
                    fray::text::quoted_number(precision)
                ),
            ));
        }
        let max_battles = within(self.max_battles, 1_000, 1_000_000_000, "max_battles")?;
        let first = super::price::first_round(&roster, fair);
        if !roster.exact() && max_battles < first {
            return Err(Refusal::new(format!(
                "max_battles {max_battles}: the first round of fitting alone plays {first} battles (256 a pair it needs)"
            )));
        }
        let most = super::matchup::max_army(&roster);
        for (name, c) in roster.names.iter().zip(&roster.costs) {
            let army = roster.budget / c;
            if army >= f64::from(most) {
                return Err(Refusal::new(format!(
                    "{name} at its starting cost {c} makes an army of {army:.1}: at most {most} a side; raise its cost or lower the budget"
                )));
            }
        }
        let trials = self.trials.unwrap_or(DEFAULT_MATRIX_BATTLES);
        within(trials, 100, 10_000_000, "trials")?;
        if let Some(seed) = self.seed {
            roster.seed = seed;
        }
        if !self.armies && (self.top.is_some() || self.at.is_some() || self.field.is_some()) {
            return Err(Refusal::new(
                "top, at and field are for the army search: ask for it with armies",
            ));
        }
        let armies = if self.armies {
            let top = self.top.unwrap_or(5);
            within(top, 1, 50, "top")?;
            let fitted = match self.at.as_deref() {
                None | Some("starting") => false,
                Some("fitted") => true,
                Some(other) => {
                    return Err(Refusal::new(format!(
                        "at `{}`: the costs the armies are bought at are `starting` or `fitted`",
                        fray::text::escape_controls(other)
                    )));
                }
            };
            let most = super::matchup::max_army(&roster);
            let candidates =
                super::armies::compositions(&roster.costs, roster.budget, most, &roster.armies)?
                    .len();
            let equilibrium = match self.field.as_deref() {
                None | Some("units") => false,
                Some("equilibrium") if !roster.armies.field.is_empty() => {
                    return Err(Refusal::new(
                        "field `equilibrium`: the roster names its own field ([[armies.field]])",
                    ));
                }
                Some("equilibrium") => true,
                Some(other) => {
                    return Err(Refusal::new(format!(
                        "field `{}`: the armies are scored against `units` (each alone) or `equilibrium` (weighted by what rational players buy)",
                        fray::text::escape_controls(other)
                    )));
                }
            };
            Some(ArmiesAsked {
                top: top as usize,
                fitted,
                candidates,
                equilibrium,
            })
        } else {
            None
        };
        Ok(ValidRoster {
            roster,
            fair,
            reference,
            precision,
            max_battles,
            trials,
            threads: usize::try_from(self.threads).unwrap_or(usize::MAX),
            armies,
            armies_fair,
        })
    }
}

impl ValidRoster {
    /// The most battles the pricing may play, before any of it: the fit's cap and the two
    /// matrices (sampled), or the exact plays' bound.
    pub fn planned_battles(&self) -> u64 {
        let n = self.roster.names.len() as u64;
        let pairs = n * (n - 1) / 2;
        let search = self.armies.map_or(0, |a| {
            // At the fitted costs the count is known only then: bounded by the most.
            let candidates = if a.fitted {
                super::armies::MAX_CANDIDATES
            } else {
                a.candidates
            };
            // The field: the roster's named armies, or each unit's army alone.
            let field = match self.roster.armies.field.len() {
                0 => n as usize,
                named => named,
            };
            super::armies::planned(candidates, field, a.top, self.roster.exact())
        });
        // Pricing against mixed armies: a search a round and one to judge, each over at
        // most every army a search accepts (the costs it meets are known only then).
        let minimax = if self.armies_fair {
            u64::from(super::minimax::MAX_ROUNDS + 1).saturating_mul(super::armies::planned(
                super::armies::MAX_CANDIDATES,
                n as usize,
                5,
                self.roster.exact(),
            ))
        } else {
            0
        };
        search
            .saturating_add(minimax)
            .saturating_add(self.priced_battles(pairs))
    }

    /// The pricing's own battles at most.
    fn priced_battles(&self, pairs: u64) -> u64 {
        if self.roster.exact() {
            // Two matrices, and the solve's bound.
            pairs * 16 + super::price::exact_bound(&self.roster, self.fair, self.reference)
        } else {
            self.max_battles + 2 * pairs * (self.trials + super::matchup::EXTRA_BATTLES)
        }
    }

    /// What the pricing costs, before any of it: each battle touches every fighter of
    /// both armies (the most a budget buys in the searched range), the metagames' linear
    /// programs, and an answer of two matrices (and the armies found).
    pub fn effort(&self) -> fray::request::Effort {
        let r = &self.roster;
        // The two largest armies the search can field, one a side.
        let mut largest: Vec<f64> = r
            .costs
            .iter()
            .map(|c| {
                (r.budget * super::price::SEARCH / c).min(f64::from(super::matchup::max_army(r)))
            })
            .collect();
        largest.sort_by(|a, b| b.total_cmp(a));
        let fighters = largest.iter().take(2).sum::<f64>().ceil();
        let n = r.names.len() as u64;
        // Two metagames (at the starting and the fitted costs), and with the search its
        // top armies, each with its score against every field army (and a round's best
        // army of every round when pricing against armies).
        let metagames = 2 * super::metagame::planned_steps(r.names.len(), r.exact());
        let field = match r.armies.field.len() {
            0 => n,
            named => named as u64,
        };
        let army_bytes = 200 + n * 60 + field * 120;
        let armies = self.armies.map_or(0, |a| a.top as u64 * army_bytes)
            + if self.armies_fair {
                u64::from(super::minimax::MAX_ROUNDS + 6) * (army_bytes + n * 30)
            } else {
                0
            };
        fray::request::Effort {
            steps: self
                .planned_battles()
                .saturating_mul(fighters as u64)
                .saturating_add(metagames),
            answer_bytes: (n * n * 2 * 160 + n * 400 + armies)
                .saturating_add(fray::request::Effort::SMALL_ANSWER),
        }
    }

    /// Prices the roster.
    pub fn run(&self) -> Result<RosterAnswer, Refusal> {
        self.run_with(&AtomicBool::new(false))
    }

    /// Prices the roster, stopping at the next battle chunk once `cancel` is set (the
    /// answer then says it is incomplete).
    pub fn run_with(&self, cancel: &AtomicBool) -> Result<RosterAnswer, Refusal> {
        self.run_on(&Local, &|_| {}, cancel)
    }

    /// Prices the roster with its matchups played by `player` (on the request's threads
    /// here), telling `progress` the battles played so far, and stopping at the next
    /// battle chunk once `cancel` is set (the answer then says it is incomplete).
    ///
    /// ```
    /// use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    /// use fray_lab::roster::{Local, RosterRequest};
    /// let r: RosterRequest = serde_json::from_str(r#"{"example": "minions"}"#).unwrap();
    /// let seen = AtomicU64::new(0);
    /// let answer = r.validate().unwrap()
    ///     .run_on(&Local, &|n| { seen.fetch_max(n, Ordering::Relaxed); }, &AtomicBool::new(false))
    ///     .unwrap();
    /// assert_eq!(seen.load(Ordering::Relaxed), answer.battles);
    /// ```
    pub fn run_on(
        &self,
        player: &dyn Player,
        progress: &(dyn Fn(u64) + Sync),
        cancel: &AtomicBool,
    ) -> Result<RosterAnswer, Refusal> {
        let player = Counted::new(player, progress);
        on_threads(self.threads, || self.answer(&player, cancel))?
    }

    fn answer(&self, player: &Counted, cancel: &AtomicBool) -> Result<RosterAnswer, Refusal> {
        let r = &self.roster;
        let matrix = super::matrix::play(r, &r.costs, self.trials, 1, player, cancel)?;
        let goal = Goal {
            fair: self.fair,
            reference: self.reference,
            precision: self.precision,
            max_battles: self.max_battles,
        };
        let prices: Prices = price(r, goal, player, cancel)?;
        // The same streams as the first matrix: each pair before and after is compared on
        // common random numbers.
        let fitted_matrix = super::matrix::play(r, &prices.costs, self.trials, 1, player, cancel)?;
        let complete = prices.complete && matrix.is_some() && fitted_matrix.is_some();
        let empty = |costs: &[f64]| Matrix {
            costs: costs.to_vec(),
            rows: Vec::new(),
            battles: 0,
        };
        let matrix = matrix.unwrap_or_else(|| empty(&r.costs));
        let fitted_matrix = fitted_matrix.unwrap_or_else(|| empty(&prices.costs));
        let units: Vec<UnitPrice> = (0..r.names.len())
            .map(|u| UnitPrice {
                name: r.names[u].clone(),
                cost: r.costs[u],
                fitted: prices.costs[u],
                low: prices.intervals[u].0,
                high: prices.intervals[u].1,
                uneven: prices.uneven[u].map(|w| match w {
                    Uneven::WinsAtAnyCost => "wins at any cost".to_string(),
                    Uneven::LosesAtAnyCost => "loses at any cost".to_string(),
                }),
            })
            .collect();
        let dominated: Vec<Dominated> = if matrix.rows.is_empty() {
            Vec::new()
        } else {
            dominated(&matrix)
                .into_iter()
                .map(|(u, b)| Dominated {
                    unit: r.names[u].clone(),
                    by: r.names[b].clone(),
                })
                .collect()
        };
        let cycles: Vec<Vec<String>> = if fitted_matrix.rows.is_empty() {
            Vec::new()
        } else {
            cycles(&fitted_matrix)
                .into_iter()
                .map(|c| c.iter().map(|&u| r.names[u].clone()).collect())
                .collect()
        };
        let fair = match self.fair {
            Fair::Mean if self.armies_fair => "armies".to_string(),
            Fair::Mean => "mean".to_string(),
            Fair::Against(u) => format!("against {}", r.names[u]),
        };
        let metagame = super::metagame::metagame(&matrix, &r.names, r.exact(), r.seed, cancel);
        let fitted_metagame =
            super::metagame::metagame(&fitted_matrix, &r.names, r.exact(), r.seed ^ 1, cancel);
        let mut answer = RosterAnswer {
            name: r.name.clone(),
            system: r.system().to_string(),
            budget: r.budget,
            fair,
            reference: r.names[self.reference].clone(),
            units,
            battles: prices.battles + matrix.battles + fitted_matrix.battles,
            matrix,
            fitted_matrix,
            metagame,
            fitted_metagame,
            armies: None,
            armies_fair: None,
            dominated,
            cycles,
            findings: Vec::new(),
            precision: self.precision,
            reached: prices.reached,
            rounds: prices.rounds,
            exact: r.exact(),
            complete,
        };
        if let Some(asked) = self.armies.filter(|_| answer.complete) {
            let costs = if asked.fitted {
                &answer.units.iter().map(|u| u.fitted).collect::<Vec<_>>()
            } else {
                &r.costs
            };
            let mix = if asked.fitted {
                &answer.fitted_metagame
            } else {
                &answer.metagame
            };
            let shares: Vec<f64> = mix.shares.iter().map(|s| s.share).collect();
            let weights = asked.equilibrium.then_some(shares.as_slice());
            match super::armies::search(r, costs, asked.top, weights, player, cancel)? {
                Some(found) => {
                    answer.battles += found.battles;
                    answer.armies = Some(found);
                }
                None => answer.complete = false,
            }
        }
        if self.armies_fair && answer.complete {
            let start: Vec<f64> = answer.units.iter().map(|u| u.fitted).collect();
            let fair = super::minimax::fair_armies(r, &start, self.reference, player, cancel)?;
            match fair {
                Some(f) => {
                    answer.battles += f.battles;
                    answer.armies_fair = Some(f);
                }
                None => answer.complete = false,
            }
        }
        answer.findings = super::sentences::findings(&answer);
        Ok(answer)
    }
}
