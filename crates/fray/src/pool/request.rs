//! The pool commands as requests: `fray check` ([`CheckRequest`]), `fray sides`
//! ([`SidesRequest`]) and `fray mass-battle` ([`MassBattleRequest`]). Each is plain
//! serde data, checked by one `validate` (ladder, rung steps, dice counts, the sides'
//! work bound, the battle file's checks) and run on the validated value; serialized,
//! the result is the command's `--json`. Field names are the command's long flags.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::battle::Side;
use super::exact::{EXPLODE_P, MAX_SIDE_WORK};
use super::model::MAX_EXTRA_DICE;
use super::{
    Check, CheckOdds, Comparison, DefenseCount, FormVote, Ladder, MassBattle, MassEvent, MassState,
    Rung, SideHits, compare, parse_mass_battle, parse_side,
};
use crate::dist::Distribution;
use crate::request::{Effort, Refusal, about_field, full, within};
use crate::rng::SeededRolls;

/// The ladder the commands use when none is given.
pub const STANDARD_LADDER: &str = "6:8,10,12,20";
/// The most rungs a check may be moved either way.
pub const MAX_STEPS: i64 = 1000;
/// Rows less likely than this are left out of JSON listings.
pub const LISTED: f64 = 1e-12;
/// Said wherever an outcome too unlikely for a 64-bit float shows as 0.
pub const UNDERFLOW: &str = "some outcomes are less likely than 1e-308 and show as probability 0 (their conditional means are still exact)";

fn standard_ladder() -> String {
    STANDARD_LADDER.to_string()
}

/// The ladder's text, read, or the refusal of the field `ladder`.
fn ladder(text: &str) -> Result<Ladder, Refusal> {
    text.parse().map_err(|e| about_field("ladder", &e))
}

/// Everything `fray check` takes.
///
/// ```
/// use fray::pool::request::CheckRequest;
/// let request: CheckRequest = serde_json::from_str(r#"{"rung": "3/6", "bonus": 2}"#).unwrap();
/// let odds = request.validate().unwrap().run();
/// assert!(odds.p_success > 0.5);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct CheckRequest {
    /// The difficulty, TN/D on the ladder (e.g. `3/6`).
    pub rung: String,
    /// Bonus dice; below 0, that many penalty dice (added to `penalty`).
    pub bonus: i64,
    /// Penalty dice.
    pub penalty: u32,
    /// The ladder's dice, `BASE:LARGER,...`.
    pub ladder: String,
    /// Rungs to move the difficulty (positive: easier), at most [`MAX_STEPS`] either way.
    pub steps: i64,
}

impl Default for CheckRequest {
    fn default() -> Self {
        Self {
            rung: String::new(),
            bonus: 0,
            penalty: 0,
            ladder: standard_ladder(),
            steps: 0,
        }
    }
}

/// A check that passed every rule: its rung moved, its dice counted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidCheck {
    /// The rung as asked, before any steps.
    pub asked: Rung,
    /// The rung moved by `steps`.
    pub steps: i64,
    /// The check to compute.
    pub check: Check,
}

/// The exact odds of a check; serialized, the `--json` of `fray check`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CheckAnswer {
    /// The check, as written (`3/6+2b`).
    pub check: String,
    /// Its rung.
    pub rung: Rung,
    /// Dice rolled.
    pub dice: u32,
    /// Whether penalty dice are left (then any miss fails).
    pub penalty_dice: bool,
    /// P(success).
    pub p_success: f64,
    /// Mean degree of success, failures counting 0.
    pub mean_degree: f64,
    /// Mean degree of a success.
    pub mean_degree_given_success: f64,
    /// Mean degree of a failure.
    pub mean_degree_given_failure: f64,
    /// Every outcome at least [`LISTED`] likely.
    pub distribution: Vec<DegreeP>,
    /// The exploding tails: from a degree on, each further one 1/6 as likely.
    pub explosion_tails: Vec<Tail>,
    /// Caveats on the numbers ([`UNDERFLOW`]).
    pub warnings: Vec<&'static str>,
    /// The odds themselves, for printing.
    #[serde(skip)]
    pub odds: CheckOdds,
}

/// One outcome of a check.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct DegreeP {
    /// Success or failure.
    pub success: bool,
    /// Its degree.
    pub degree: u32,
    /// Its probability.
    pub p: f64,
}

/// An exploding tail of a check's outcomes.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct Tail {
    /// Success or failure.
    pub success: bool,
    /// The first degree of the tail.
    pub from_degree: u32,
    /// P(that degree).
    pub p_from: f64,
    /// How much less likely each further degree is.
    pub ratio: f64,
}

impl CheckRequest {
    /// Applies every input rule (ladder, rung, steps, dice counts) and returns the check
    /// ready to compute, or the refusal the command line prints.
    pub fn validate(&self) -> Result<ValidCheck, Refusal> {
        let ladder = ladder(&self.ladder)?;
        within(self.steps, -MAX_STEPS, MAX_STEPS, "steps")?;
        let err = |e: super::PoolError| Refusal::new(full(&e));
        let asked = ladder.parse(&self.rung).map_err(err)?;
        let rung = ladder.step(asked, self.steps).map_err(err)?;
        // A negative bonus is penalty dice: the same dice a designer would write as penalty.
        if self.bonus.unsigned_abs() > u64::from(MAX_EXTRA_DICE) {
            return Err(Refusal::about(
                "bonus",
                format!(
                    "{}: too many dice; at most {MAX_EXTRA_DICE} bonus dice, or as many penalty dice below 0",
                    self.bonus
                ),
            ));
        }
        let bonus = u32::try_from(self.bonus.max(0)).unwrap_or(u32::MAX);
        let extra_penalty = u32::try_from(self.bonus.min(0).unsigned_abs()).unwrap_or(u32::MAX);
        let penalty = self.penalty.saturating_add(extra_penalty);
        let check = Check::new(rung, bonus, penalty).map_err(err)?;
        Ok(ValidCheck {
            asked,
            steps: self.steps,
            check,
        })
    }
}

impl ValidCheck {
    /// The exact odds of the check.
    pub fn run(&self) -> CheckAnswer {
        let odds = CheckOdds::new(self.check);
        CheckAnswer {
            check: odds.check.to_string(),
            rung: odds.check.rung,
            dice: odds.dice,
            penalty_dice: odds.check.has_penalty(),
            p_success: odds.p_success(),
            mean_degree: odds.mean_degree(),
            mean_degree_given_success: odds.mean_degree_given(true),
            mean_degree_given_failure: odds.mean_degree_given(false),
            distribution: odds
                .listing(LISTED)
                .into_iter()
                .map(|(r, p)| DegreeP {
                    success: r.success,
                    degree: r.degree,
                    p,
                })
                .collect(),
            explosion_tails: odds
                .outcomes
                .iter()
                .filter(|o| o.explodes)
                .map(|o| Tail {
                    success: o.success,
                    from_degree: o.degree,
                    p_from: odds.p(o.success, o.degree),
                    ratio: EXPLODE_P,
                })
                .collect(),
            warnings: odds.underflows().then_some(UNDERFLOW).into_iter().collect(),
            odds,
        }
    }
}

/// Everything `fray sides` takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SidesRequest {
    /// Side A: comma-separated checks `[COUNTx]RUNG[+Nb][+Np]`, e.g. `5x3/6+3b`.
    pub a: String,
    /// Side B, written the same way.
    pub b: String,
    /// The ladder's dice, `BASE:LARGER,...`.
    pub ladder: String,
}

impl Default for SidesRequest {
    fn default() -> Self {
        Self {
            a: String::new(),
            b: String::new(),
            ladder: standard_ladder(),
        }
    }
}

/// Two sides that passed every rule, their work bounded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidSides {
    /// Side A's checks, with how many of each.
    pub a: Vec<(u64, Check)>,
    /// Side B's checks.
    pub b: Vec<(u64, Check)>,
}

/// Each side's total hits and who deals more; serialized, the `--json` of `fray sides`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SidesAnswer {
    /// P(A deals more hits).
    pub p_a_more: f64,
    /// P(a tie).
    pub p_tie: f64,
    /// P(B deals more hits).
    pub p_b_more: f64,
    /// A's mean total.
    pub a_mean_total: f64,
    /// B's mean total.
    pub b_mean_total: f64,
    /// A's standard deviation.
    pub a_sd_total: f64,
    /// B's standard deviation.
    pub b_sd_total: f64,
    /// The probability trimmed from both sides, in total.
    pub error_bound: f64,
    /// Which of the three probabilities are no larger than the bound.
    pub below_error_bound: Vec<&'static str>,
    /// Caveats on precision.
    pub warnings: Vec<String>,
    /// A's totals at least [`LISTED`] likely.
    pub a_distribution: Vec<HitsP>,
    /// B's totals.
    pub b_distribution: Vec<HitsP>,
    /// A's whole distribution, for printing.
    #[serde(skip)]
    pub a: Distribution,
    /// B's whole distribution, for printing.
    #[serde(skip)]
    pub b: Distribution,
}

/// One total of a side's hits.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct HitsP {
    /// Total hits.
    pub hits: i64,
    /// Its probability.
    pub p: f64,
}

impl SidesRequest {
    /// Applies every input rule (ladder, each side's checks, the work bound of exact
    /// side totals) and returns the sides ready to compute.
    pub fn validate(&self) -> Result<ValidSides, Refusal> {
        let ladder = ladder(&self.ladder)?;
        let side = |field: &str, spec: &str| {
            parse_side(spec, &ladder)
                .and_then(|groups| {
                    // Over the bound, `try_new` refuses at once (with its message) before
                    // any work; within it, the work is left for `run`.
                    if SideHits::work(&groups) > MAX_SIDE_WORK {
                        SideHits::try_new(&groups)?;
                    }
                    Ok(groups)
                })
                .map_err(|e| about_field(field, &e))
        };
        Ok(ValidSides {
            a: side("a", &self.a)?,
            b: side("b", &self.b)?,
        })
    }
}

impl ValidSides {
    /// What [`ValidSides::run`] will cost: each side's multiply-adds, and a line of the
    /// answer for each total listed (a side's support is at most the square root of its
    /// work, which counts its squarings).
    pub fn effort(&self) -> Effort {
        let side = |groups: &[(u64, Check)]| {
            let work = SideHits::work(groups).max(1.0);
            Effort {
                steps: work as u64,
                answer_bytes: (work.sqrt() as u64).saturating_mul(60),
            }
        };
        side(&self.a).plus(side(&self.b)).plus(Effort::small())
    }

    /// Each side's exact total hits and who deals more.
    pub fn run(&self) -> SidesAnswer {
        // Bounded in `validate`.
        let (a, b) = (SideHits::new(&self.a), SideHits::new(&self.b));
        let c = compare(&a.distribution, &b.distribution);
        let bound = a.error_bound + b.error_bound;
        let mut warnings: Vec<String> = [("A", &a), ("B", &b)]
            .iter()
            .filter_map(|(name, s)| s.precision_warning().map(|w| format!("side {name}: {w}")))
            .collect();
        // A probability no larger than the trimmed mass is known only to be that small.
        let below: Vec<&str> = [
            ("p_a_more", c.p_a_more),
            ("p_tie", c.p_tie),
            ("p_b_more", c.p_b_more),
        ]
        .into_iter()
        .filter(|(_, p)| *p <= bound && bound > 0.0)
        .map(|(name, _)| name)
        .collect();
        if !below.is_empty() {
            warnings.push(format!(
                "{} no larger than the error bound {bound:.1e}: known only to be at most {:.1e}",
                below.join(", "),
                2.0 * bound
            ));
        }
        let list = |d: &Distribution| {
            d.iter()
                .filter(|m| m.p >= LISTED)
                .map(|m| HitsP {
                    hits: m.value,
                    p: m.p,
                })
                .collect()
        };
        SidesAnswer {
            p_a_more: c.p_a_more,
            p_tie: c.p_tie,
            p_b_more: c.p_b_more,
            a_mean_total: a.distribution.mean(),
            b_mean_total: b.distribution.mean(),
            a_sd_total: a.distribution.variance().sqrt(),
            b_sd_total: b.distribution.variance().sqrt(),
            error_bound: bound,
            below_error_bound: below,
            warnings,
            a_distribution: list(&a.distribution),
            b_distribution: list(&b.distribution),
            a: a.distribution,
            b: b.distribution,
        }
    }
}

/// Everything `fray mass-battle` takes.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct MassBattleRequest {
    /// The battle, as the TOML text of a battle file.
    pub battle: String,
    /// Where `battle` came from, for messages (a front end that read a file sets it).
    #[serde(skip)]
    pub battle_source: Option<String>,
    /// The seed (over the file's; default 1): the same seed replays the same battle.
    pub seed: Option<u64>,
    /// When form makes a target inferior, over the file's choice.
    pub form_vote: Option<FormVote>,
    /// Which defenses order the targets, over the file's choice.
    pub defenses: Option<DefenseCount>,
    /// Only the result: no round-by-round log.
    pub quiet: bool,
}

/// A mass battle that passed every rule, its overrides applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidMassBattle {
    /// The battle to play.
    pub battle: MassBattle,
    /// Its seed.
    pub seed: u64,
    /// Whether to keep the log.
    pub quiet: bool,
}

/// A mass battle played; serialized, the `--json` of `fray mass-battle`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MassBattleAnswer {
    /// The seed played.
    pub seed: u64,
    /// The two sides' names.
    pub sides: SideNames,
    /// Each round's exact odds and events (empty when quiet).
    pub rounds: Vec<MassRound>,
    /// Who won, when, and who is left.
    pub result: MassResult,
}

/// The names of sides `a` and `b`.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SideNames {
    /// Side A's name.
    pub a: String,
    /// Side B's name.
    pub b: String,
}

/// One round of a mass battle.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MassRound {
    /// The exact odds of this round's hits.
    pub odds: Comparison,
    /// What happened, in order.
    pub events: Vec<Logged<MassEvent>>,
}

/// An event with its text, as front ends show it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Logged<E> {
    /// The event.
    #[serde(flatten)]
    pub event: E,
    /// The event in words.
    pub text: String,
}

/// The end of a mass battle.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct MassResult {
    /// The side still standing, if only one is.
    pub winner: Option<Side>,
    /// Rounds played.
    pub rounds: u32,
    /// Side A's living combatants.
    pub a_survivors: Vec<Survivor>,
    /// Side B's living combatants.
    pub b_survivors: Vec<Survivor>,
}

/// A combatant left standing.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Survivor {
    /// Its name.
    pub name: String,
    /// Hit points left.
    pub hp: u32,
    /// Hit points at the start.
    pub max_hp: u32,
}

impl MassBattleRequest {
    /// Applies every input rule (the battle file's checks, located at line and column)
    /// and returns the battle ready to play, or the refusal the command line prints.
    pub fn validate(&self) -> Result<ValidMassBattle, Refusal> {
        let source = self.battle_source.as_deref().unwrap_or("the battle");
        let scenario = parse_mass_battle(&self.battle).map_err(|e| Refusal::located(source, &e))?;
        let mut battle = scenario.battle;
        if let Some(vote) = self.form_vote {
            battle.targeting.form = vote;
        }
        if let Some(defenses) = self.defenses {
            battle.targeting.defenses = defenses;
        }
        let valid = ValidMassBattle {
            battle,
            seed: self.seed.or(scenario.seed).unwrap_or(1),
            quiet: self.quiet,
        };
        let odds = valid.round_odds_work()?;
        if odds > MAX_SIDE_WORK {
            return Err(Refusal::new(format!(
                "each round's exact odds would take about {odds:.1e} steps, more than {MAX_SIDE_WORK:.0e}: use fewer combatants or fewer different attack rolls"
            )));
        }
        let log = valid.log_bytes();
        if log > MAX_LOG_BYTES {
            return Err(Refusal::new(format!(
                "the round-by-round log could take about {} MiB ({} combatants × max_rounds {} × {LOGGED_BYTES} bytes an attack): at most {} MiB; ask for the result alone (quiet) or lower max_rounds",
                log >> 20,
                valid.fighters(),
                valid.battle.max_rounds,
                MAX_LOG_BYTES >> 20
            )));
        }
        Ok(valid)
    }
}

/// The most bytes a mass battle's round-by-round log may take, counted before the
/// battle is played from its combatants and rounds: a log is kept whole until it is
/// written, so a longer one is refused rather than left to grow.
pub const MAX_LOG_BYTES: u64 = 256 << 20;

/// The bytes a combatant's attack adds to the log, at most (its event and its text).
const LOGGED_BYTES: u64 = 200;

/// The bytes a combatant left standing adds to the answer.
const SURVIVOR_BYTES: u64 = 96;

impl ValidMassBattle {
    /// Both sides' combatants.
    fn fighters(&self) -> u64 {
        (self.battle.a.combatants.len() + self.battle.b.combatants.len()) as u64
    }

    /// The most bytes the log can take: an event for every combatant in every round.
    fn log_bytes(&self) -> u64 {
        if self.quiet {
            return 0;
        }
        let per_round = self.fighters().saturating_mul(LOGGED_BYTES) + Effort::SMALL_ANSWER / 16;
        per_round.saturating_mul(u64::from(self.battle.max_rounds))
    }

    /// The steps of the first round's exact odds (every later round has no more
    /// combatants, so it costs about as much or less).
    fn round_odds_work(&self) -> Result<f64, Refusal> {
        MassState::new(&self.battle)
            .round_odds_work()
            .map_err(|e| Refusal::new(full(&e)))
    }

    /// What playing it costs, before any of it: each round's attacks and exact odds,
    /// for as many rounds as it may last; the answer's survivors and its log.
    pub fn effort(&self) -> Effort {
        let odds = self.round_odds_work().unwrap_or(f64::MAX);
        let per_round = self
            .fighters()
            .saturating_add(odds.min(u64::MAX as f64) as u64);
        Effort {
            steps: per_round.saturating_mul(u64::from(self.battle.max_rounds)),
            answer_bytes: (self.fighters().saturating_mul(SURVIVOR_BYTES))
                .saturating_add(self.log_bytes())
                .saturating_add(Effort::SMALL_ANSWER),
        }
    }

    /// Plays the battle to its end with its seed, round by round.
    pub fn run(&self) -> Result<MassBattleAnswer, Refusal> {
        self.run_until(&|| false)
    }

    /// Like [`ValidMassBattle::run`], asking `stop` before each round: once it says
    /// yes, the battle is refused as stopped (its caller, a client, has gone).
    pub fn run_until(&self, stop: &dyn Fn() -> bool) -> Result<MassBattleAnswer, Refusal> {
        let battle = &self.battle;
        let mut state = MassState::new(battle);
        let mut rolls = SeededRolls::new(self.seed);
        let mut rounds = Vec::new();
        let err = |e: super::PoolError| Refusal::new(full(&e));
        while !state.over() {
            if stop() {
                return Err(Refusal::new(format!(
                    "stopped before round {}",
                    state.round + 1
                )));
            }
            let odds = state.round_odds().map_err(err)?;
            let mut log = Vec::new();
            state.play_round(&mut rolls, &mut log).map_err(err)?;
            if !self.quiet {
                let events = log
                    .into_iter()
                    .map(|e: MassEvent| Logged {
                        text: e.to_string(),
                        event: e,
                    })
                    .collect();
                rounds.push(MassRound { odds, events });
            }
        }
        let survivors = |side| {
            let army = if side == Side::A {
                &battle.a
            } else {
                &battle.b
            };
            state
                .living(side)
                .into_iter()
                .map(|i| Survivor {
                    name: army.combatants[i].name.clone(),
                    hp: state.hp[side as usize][i],
                    max_hp: army.combatants[i].hp,
                })
                .collect()
        };
        Ok(MassBattleAnswer {
            seed: self.seed,
            sides: SideNames {
                a: battle.a.name.clone(),
                b: battle.b.name.clone(),
            },
            rounds,
            result: MassResult {
                winner: state.winner(),
                rounds: state.round,
                a_survivors: survivors(Side::A),
                b_survivors: survivors(Side::B),
            },
        })
    }
}
