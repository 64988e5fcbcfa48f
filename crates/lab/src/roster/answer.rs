//! What `fray roster` answers: each unit's prices, the matchup matrices at the starting
//! and the fitted costs, and what the designer should see. The bottom of the roster
//! module: every part that reads an answer imports it from here.

use serde::{Deserialize, Serialize};

/// One cell of a matrix: the row unit's army against the column unit's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Cell {
    /// P(the row's army wins).
    pub win: f64,
    /// P(neither wins).
    pub draw: f64,
    /// The row's score: its win chance, a draw counting half.
    pub score: f64,
    /// The score's 95% interval (the score itself when exact).
    pub low: f64,
    /// Its upper end.
    pub high: f64,
}

/// One row of a matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Row {
    /// The row's unit.
    pub unit: String,
    /// Its cell against each unit, in roster order (none against itself).
    pub cells: Vec<Option<Cell>>,
    /// Its mean score against the others.
    pub mean: f64,
}

/// The matchups of every pair at one set of costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Matrix {
    /// Each unit's cost, in roster order.
    pub costs: Vec<f64>,
    /// One row a unit.
    pub rows: Vec<Row>,
    /// Battles played for it.
    pub battles: u64,
}

/// A unit's prices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct UnitPrice {
    /// Its name.
    pub name: String,
    /// Its starting cost.
    pub cost: f64,
    /// Its fair cost.
    pub fitted: f64,
    /// The fair cost's 95% interval (both ends the cost when exact, or for the
    /// reference).
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// Set when no cost in the searched range makes it even: it `wins at any cost` or
    /// `loses at any cost` (the fitted cost is then the end of the range).
    pub uneven: Option<String>,
}

/// A unit no one would buy at the starting costs, and the unit that beats it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Dominated {
    /// The dominated unit.
    pub unit: String,
    /// The unit at least as good against everything, and better against something.
    pub by: String,
}

/// `fray roster`'s answer; serialized, its `--json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RosterAnswer {
    /// The roster's title.
    pub name: String,
    /// Its system.
    pub system: String,
    /// What each army spends.
    pub budget: f64,
    /// `mean`, or `against UNIT`.
    pub fair: String,
    /// The unit that kept its cost.
    pub reference: String,
    /// Every unit, starting and fitted costs.
    pub units: Vec<UnitPrice>,
    /// The matchups at the starting costs.
    pub matrix: Matrix,
    /// The matchups re-played at the fitted costs: what is left uneven.
    pub fitted_matrix: Matrix,
    /// What rational players buy at the starting costs: the equilibrium of the matrix.
    pub metagame: Metagame,
    /// What they buy at the fitted costs.
    pub fitted_metagame: Metagame,
    /// The strongest mixed armies against the field, when asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armies: Option<ArmySearch>,
    /// Prices that survive the army search, with `fair = "armies"`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armies_fair: Option<ArmiesFair>,
    /// Units dominated at the starting costs.
    pub dominated: Vec<Dominated>,
    /// Counter cycles at the fitted costs (each beats the next by 5 points or more,
    /// beyond its interval).
    pub cycles: Vec<Vec<String>>,
    /// One plain sentence per finding.
    pub findings: Vec<String>,
    /// The relative precision asked.
    pub precision: f64,
    /// Whether every fitted cost is known to it.
    pub reached: bool,
    /// Battles played in all (fit and matrices).
    pub battles: u64,
    /// Rounds of the fit.
    pub rounds: u32,
    /// Whether every matchup is exact (minions).
    pub exact: bool,
    /// False when cancelled part-way: what is shown was finished before.
    pub complete: bool,
}

/// One unit's place in the equilibrium mix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Share {
    /// The unit.
    pub unit: String,
    /// Its share of the most even equilibrium mix (0 to 1; see `roster::metagame`).
    pub share: f64,
    /// The 95% range of the share over the resampled matrices (the share itself when
    /// exact).
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// How often it is bought at all over the resampled matrices (1 or 0 when exact).
    pub bought: f64,
}

/// The equilibrium of one matrix.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Metagame {
    /// Each unit's share, in roster order (empty when the matrix was not played).
    pub shares: Vec<Share>,
    /// Whether the matrix is exact (no resampling).
    pub exact: bool,
    /// The matrices the shares' ranges come from (0 when exact).
    pub resamples: u32,
}

/// One unit's place in an army.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct InArmy {
    /// The unit.
    pub unit: String,
    /// How many of it.
    pub count: u32,
}

/// An army's score against one army of the field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Versus {
    /// The field army's unit (an army of it alone, as many as the budget buys).
    pub against: String,
    /// The score: wins, draws counting half.
    pub score: f64,
    /// Its 95% interval (the score when exact).
    pub low: f64,
    /// Its upper end.
    pub high: f64,
}

/// One army the search found, with its score against the field.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArmyScore {
    /// Its units and counts, in roster order.
    pub units: Vec<InArmy>,
    /// What it spends.
    pub cost: f64,
    /// Its mean score against the field's armies.
    pub score: f64,
    /// The score's 95% interval (the score when exact).
    pub low: f64,
    /// Its upper end.
    pub high: f64,
    /// Its score against each field army.
    pub versus: Vec<Versus>,
}

/// The search for the strongest mixed armies (`roster::armies`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArmySearch {
    /// The roster's units, in order.
    pub units: Vec<String>,
    /// The costs the armies were bought at, in roster order.
    pub costs: Vec<f64>,
    /// The field, by name: each unit's army alone at the same budget (named after its
    /// unit), or the roster's named armies (`[[armies.field]]`).
    pub field: Vec<String>,
    /// What the field is: `units` (each unit's army alone), `equilibrium` (those armies
    /// weighted by the equilibrium mix; an army it never buys is left out) or `named`
    /// (the roster's own armies).
    pub kind: String,
    /// Each field army's weight in the score (equal, or the equilibrium mix's shares).
    pub weights: Vec<f64>,
    /// The full armies within the budget, every one a candidate.
    pub candidates: u64,
    /// Battles played.
    pub battles: u64,
    /// The battles each army shown played against each field army (over every round).
    pub per_army: u64,
    /// Whether every battle is exact (minions).
    pub exact: bool,
    /// The strongest armies, best first.
    pub armies: Vec<ArmyScore>,
}

/// One round of pricing against mixed armies: the costs, and the best army found at them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FairRound {
    /// Each unit's cost, in roster order.
    pub costs: Vec<f64>,
    /// The strongest army a search found at them.
    pub best: ArmyScore,
}

/// Prices that survive the army search (`roster::minimax`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArmiesFair {
    /// The final costs, in roster order (the reference keeps its cost).
    pub costs: Vec<f64>,
    /// Whether a round's best army came within its interval and 2 points of even.
    pub reached: bool,
    /// Each round: the costs and the best army found at them (the first round's costs
    /// are the ones fair for single-unit armies).
    pub rounds: Vec<FairRound>,
    /// The best army a search with a seed no round used finds at the final costs.
    pub after: ArmyScore,
    /// Battles the rounds and the last search played.
    pub battles: u64,
}
