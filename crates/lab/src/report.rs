//! What a battle lab run reports: win probabilities with 95% confidence intervals,
//! draws, rounds, survivors and their hit points, damage by type, conditions inflicted,
//! and which numbers are exact. As data, as text, and as an HTML page with SVG charts.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use fray::character::Side;
use fray::request::Refusal;
use serde::{Deserialize, Serialize};

use crate::run::{Precision, Tally, deterministic};
use crate::scenario::Scenario;
pub use crate::stats::wilson;
use crate::systems::evasion::duel::ExactDuel;

/// How a figure was found: worked out exactly, or sampled from the trials (then with a
/// 95% interval beside it). Every figure or block of a report says which.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Basis {
    /// Exact (a battle with no dice, or a closed form such as the duel's Markov chain).
    Exact,
    /// Counted over the sampled battles.
    Sampled,
}

/// A probability: sampled with its 95% interval, or exact.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Estimate {
    /// The estimate (the exact value when `exact`).
    pub p: f64,
    /// The 95% interval (Wilson score interval; the value itself when exact).
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Whether `p` is exact (`basis` is "exact").
    pub exact: bool,
    /// "exact" or "sampled".
    pub basis: Basis,
}

impl Estimate {
    /// An exact probability: its interval is the value itself.
    pub fn exact(p: f64) -> Self {
        Self {
            p,
            low: p,
            high: p,
            exact: true,
            basis: Basis::Exact,
        }
    }

    /// Half the width of the 95% interval: 0 for an exact figure.
    pub fn half_width(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

/// A count with thousands separators (2,000 battles), as a person reads it.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `n` and the noun, singular for exactly one (1 round, 3 rounds).
pub fn count(n: u64, noun: &str) -> String {
    format!("{} {noun}{}", grouped(n), if n == 1 { "" } else { "s" })
}

/// A probability as a percentage with two decimals, but never rounded to a certainty
/// or an impossibility it is not: a chance under 0.005% reads "<0.01%", not "0.00%".
pub fn percent(p: f64) -> String {
    if p <= 0.0 {
        "0%".into()
    } else if p >= 1.0 {
        "100%".into()
    } else if p < 0.000_05 {
        "<0.01%".into()
    } else if p > 0.999_95 {
        ">99.99%".into()
    } else {
        format!("{:.2}%", p * 100.0)
    }
}

/// One side's result.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct SideReport {
    /// The side's name, as the scenario gives it.
    pub name: String,
    /// Its chance of winning one battle.
    pub win: Estimate,
}

/// The rounds battles lasted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Rounds {
    /// The mean: exact when `mean_basis` says so (a duel's expected rounds), else the
    /// sampled battles' mean.
    pub mean: f64,
    /// "exact" or "sampled".
    pub mean_basis: Basis,
    /// The mean's 95% interval, lower end (normal approximation; the mean itself when
    /// exact).
    pub mean_low: f64,
    /// The mean's 95% interval, upper end.
    pub mean_high: f64,
    /// How the spread below (percentiles, maximum, histogram) was found: sampled, or
    /// exact for a battle with no dice.
    pub basis: Basis,
    /// 10th percentile: a tenth of battles ended by this round.
    pub p10: u32,
    /// Median rounds.
    pub median: u32,
    /// 90th percentile: nine tenths of battles ended by this round.
    pub p90: u32,
    /// The longest battle seen.
    pub max: u32,
    /// (rounds, battles).
    pub histogram: Vec<(u32, u64)>,
}

/// One combatant at the end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Survivor {
    /// The combatant's name (numbered when a file gives a count).
    pub name: String,
    /// Its side.
    pub side: Side,
    /// Its hit points at the start, the ceiling of `mean_hp_left`.
    pub max_hp: i64,
    /// P(standing at the end).
    pub survival: f64,
    /// Its 95% interval, lower end (Wilson; the value itself when exact).
    pub survival_low: f64,
    /// Its 95% interval, upper end.
    pub survival_high: f64,
    /// Mean hit points left (0 for the fallen).
    pub mean_hp_left: f64,
}

/// The whole report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Report {
    /// The scenario's name.
    pub name: String,
    /// The rule system played: pool, minions, evasion or skirmish.
    pub system: String,
    /// Battles played (or finished, when interrupted).
    pub trials: u64,
    /// The seed: the same seed gives the same report on any thread count.
    pub seed: u64,
    /// The stopping rule: rounds after which a battle is a draw.
    pub max_rounds: u32,
    /// False when one run is the exact outcome (no dice).
    pub sampled: bool,
    /// Side a, then side b.
    pub sides: [SideReport; 2],
    /// How the survivors' figures (standing, hit points left) were found.
    pub survivors_basis: Basis,
    /// How the damage and conditions per battle were found.
    pub damage_basis: Basis,
    /// Every battle without a winner: both sides destroyed, or stopped by the limit.
    pub draw: Estimate,
    /// Draws in which both sides were destroyed (mutual destruction).
    pub mutual_destruction: Estimate,
    /// Draws still undecided when the limit stopped them.
    pub undecided: Estimate,
    /// The stopping rule in words: "40 rounds", or for minions "3 turns (each combat
    /// at most 3 rounds)", since a minions battle's limit counts turns.
    pub limit: String,
    /// What `rounds` counts: "rounds", or "combat rounds over all turns" for minions.
    pub rounds_counted: String,
    /// How long battles lasted.
    pub rounds: Rounds,
    /// Every combatant's survival and hit points left, in scenario order.
    pub survivors: Vec<Survivor>,
    /// Mean damage dealt per battle, by type.
    pub damage_per_battle: BTreeMap<String, f64>,
    /// Mean conditions inflicted per battle, by condition.
    pub conditions_per_battle: BTreeMap<String, f64>,
    /// Which numbers are exact, and how.
    pub notes: Vec<String>,
    /// False when the run was interrupted: the numbers are those of the `trials` that
    /// finished, out of `planned_trials`.
    pub complete: bool,
    /// The trials the run was to play (for a run to a precision, the cap).
    pub planned_trials: u64,
    /// For a run to a precision (`--precision`): the target, the cap, and whether it
    /// was reached; `trials` holds the trials actually played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<Precision>,
}

fn estimate(k: u64, n: u64, exact: bool) -> Estimate {
    let (p, low, high) = wilson(k, n);
    if exact {
        Estimate::exact(p)
    } else {
        Estimate {
            p,
            low,
            high,
            exact,
            basis: Basis::Sampled,
        }
    }
}

fn basis(exact: bool) -> Basis {
    if exact { Basis::Exact } else { Basis::Sampled }
}

/// The mean rounds of the tally with a 95% interval (normal approximation).
fn mean_rounds(t: &Tally, n: u64) -> (f64, f64, f64) {
    let n = n as f64;
    let (sum, squares) = t.rounds.iter().fold((0.0, 0.0), |(s, q), (r, c)| {
        let (r, c) = (f64::from(*r), *c as f64);
        (s + r * c, q + r * r * c)
    });
    let mean = sum / n;
    let variance = (squares / n - mean * mean).max(0.0);
    let half = 1.959_963_984_540_054 * (variance / n).sqrt();
    (mean, (mean - half).max(0.0), mean + half)
}

fn percentile(hist: &BTreeMap<u32, u64>, n: u64, q: f64) -> u32 {
    let target = ((n as f64) * q).ceil().max(1.0) as u64;
    let mut seen = 0;
    for (r, c) in hist {
        seen += c;
        if seen >= target {
            return *r;
        }
    }
    hist.keys().last().copied().unwrap_or(0)
}

/// Builds the report of a run.
pub fn report(s: &Scenario, t: &Tally) -> Report {
    report_with(s, t, None)
}

/// Builds the report of a run, played to a precision when `precision` is given: the run
/// is then complete when the precision was reached or the cap played.
pub fn report_with(s: &Scenario, t: &Tally, precision: Option<&Precision>) -> Report {
    let exact = deterministic(s);
    let n = t.trials.max(1);
    let (names, combatants) = roster(s);
    let mut sides = [
        SideReport {
            name: names[0].clone(),
            win: estimate(t.wins[0], n, exact),
        },
        SideReport {
            name: names[1].clone(),
            win: estimate(t.wins[1], n, exact),
        },
    ];
    let mut notes = Vec::new();
    let planned_trials = crate::run::planned_trials(s);
    let complete = t.trials >= planned_trials || precision.is_some_and(|p| p.reached);
    if !complete {
        notes.push(format!(
            "INCOMPLETE: the run was interrupted after {} of {planned_trials} battles; every number is for the battles that finished",
            t.trials
        ));
    }
    let (mean, mean_low, mean_high) = mean_rounds(t, n);
    let mut rounds = Rounds {
        mean,
        mean_basis: basis(exact),
        mean_low: if exact { mean } else { mean_low },
        mean_high: if exact { mean } else { mean_high },
        basis: basis(exact),
        p10: percentile(&t.rounds, n, 0.1),
        median: percentile(&t.rounds, n, 0.5),
        p90: percentile(&t.rounds, n, 0.9),
        max: t.rounds.keys().last().copied().unwrap_or(0),
        histogram: t.rounds.iter().map(|(r, c)| (*r, *c)).collect(),
    };
    if exact {
        notes.push("minions battles have no dice: this one run is the exact outcome".into());
    } else {
        notes.push(format!(
            "sampled: {} battles, seed {}; intervals are 95% Wilson intervals",
            t.trials, s.seed
        ));
    }
    if let Some(p) = precision {
        notes.push(if p.reached {
            format!(
                "precision: every win probability's 95% interval is within ±{} after {} (batches of {} battles, at most {})",
                p.target,
                count(t.trials, "battle"),
                grouped(crate::run::BATCH_CHUNKS * crate::run::CHUNK),
                grouped(p.cap)
            )
        } else {
            format!(
                "precision ±{} not reached: stopped at the cap of {} battles with a half-width of {:.5}",
                p.target,
                grouped(p.cap),
                p.half_width
            )
        });
    }
    let mut draw = estimate(t.draws, n, exact);
    let mut mutual_destruction = estimate(t.mutual, n, exact);
    let mut undecided = estimate(t.draws - t.mutual, n, exact);
    let solved = match exact_duel_result(s) {
        Some(Err(why)) => {
            notes.push(format!("no exact answer ({why}): every figure is sampled"));
            None
        }
        Some(Ok(e)) => Some(e),
        None => None,
    };
    if let Some(e) = solved {
        // The chain's answers replace the counts: nothing of these is sampled.
        sides[0].win = Estimate::exact(e.p_a_wins);
        sides[1].win = Estimate::exact(e.p_b_wins);
        draw = Estimate::exact(e.p_draw);
        // One duelist strikes at a time: both can never fall together.
        mutual_destruction = Estimate::exact(0.0);
        undecided = Estimate::exact(e.p_draw);
        if e.p_draw > 0.0 {
            notes.push(format!(
                "exact: the duel can reach a point where neither duelist can ever deal damage (certain misses, caught throws); it never ends there, so {:.2}% of duels are a draw and the expected number of rounds is infinite",
                e.p_draw * 100.0
            ));
        } else {
            rounds.mean = e.expected_rounds;
            rounds.mean_low = e.expected_rounds;
            rounds.mean_high = e.expected_rounds;
            rounds.mean_basis = Basis::Exact;
        }
        notes.push(format!(
            "exact: each side's win, the draws{} from a Markov chain over both hit points, with no round limit; sampled: the spread of rounds, survivors, hit points left and damage",
            if e.p_draw > 0.0 { "" } else { " and the mean rounds," }
        ));
        let cut = t.draws - t.mutual;
        if e.p_draw == 0.0 && cut > 0 {
            notes.push(format!(
                "{} of the sampled battles reached the limit of {}: the exact figures, which take none, do not count that cut",
                grouped(cut),
                count(u64::from(s.max_rounds), "round")
            ));
        }
    }
    let (limit, rounds_counted) = match s.battle.turns() {
        Some(turns) => (
            format!(
                "{} (each combat at most {})",
                count(u64::from(turns), "turn"),
                count(u64::from(s.max_rounds), "round")
            ),
            "combat rounds over all turns".to_string(),
        ),
        None => (count(u64::from(s.max_rounds), "round"), "rounds".into()),
    };
    let survivors = combatants
        .into_iter()
        .enumerate()
        .map(|(i, (name, side, max_hp))| {
            let standing = estimate(t.alive.get(i).copied().unwrap_or(0), n, exact);
            Survivor {
                name,
                side,
                max_hp,
                survival: standing.p,
                survival_low: standing.low,
                survival_high: standing.high,
                mean_hp_left: t.hp_sum.get(i).copied().unwrap_or(0) as f64 / n as f64,
            }
        })
        .collect();
    Report {
        name: s.name.clone(),
        system: system_name(s).into(),
        trials: t.trials,
        seed: s.seed,
        max_rounds: s.max_rounds,
        sampled: !exact,
        sides,
        survivors_basis: basis(exact),
        damage_basis: basis(exact),
        draw,
        mutual_destruction,
        undecided,
        limit,
        rounds_counted,
        rounds,
        survivors,
        damage_per_battle: t
            .damage
            .iter()
            .map(|(k, v)| (k.clone(), *v as f64 / n as f64))
            .collect(),
        conditions_per_battle: t
            .conditions
            .iter()
            .map(|(k, v)| (k.clone(), *v as f64 / n as f64))
            .collect(),
        notes,
        complete,
        planned_trials,
        precision: precision.copied(),
    }
}

/// The exact duel, when the scenario is a duel small enough.
pub fn exact_duel_of(s: &Scenario) -> Option<ExactDuel> {
    exact_duel_result(s)?.ok()
}

/// The exact answer of the scenario's battle (None for a system without one), or why
/// it has none: its hit points or work are past the bounds checked before solving.
pub fn exact_duel_result(s: &Scenario) -> Option<Result<ExactDuel, Refusal>> {
    s.battle.exact()
}

/// The scenario's system as files spell it (`pool`, `minions`, ...).
pub fn system_name(s: &Scenario) -> &'static str {
    s.battle.name()
}

type Roster = ([String; 2], Vec<(String, Side, i64)>);

fn roster(s: &Scenario) -> Roster {
    (s.sides.clone(), s.battle.roster())
}

fn pct(e: &Estimate) -> String {
    if e.exact {
        format!("{} (exact)", percent(e.p))
    } else {
        format!("{} [{}, {}]", percent(e.p), percent(e.low), percent(e.high))
    }
}

/// A block's basis as a heading's tail: nothing for exact runs' exact blocks.
fn said(b: Basis, r: &Report) -> &'static str {
    match (b, r.sampled) {
        (Basis::Sampled, true) => " (sampled)",
        _ => "",
    }
}

/// The report as text.
pub fn text(r: &Report) -> String {
    let mut s = String::new();
    if !r.complete {
        let _ = writeln!(
            s,
            "INCOMPLETE: interrupted after {} of {} battles",
            r.trials, r.planned_trials
        );
    }
    let _ = writeln!(
        s,
        "{} ({} system), {}",
        r.name,
        r.system,
        count(r.trials, "battle")
    );
    for side in &r.sides {
        let _ = writeln!(s, "  {} won: {}", side.name, pct(&side.win));
    }
    let _ = writeln!(
        s,
        "  draw, no one left standing: {}",
        pct(&r.mutual_destruction)
    );
    let _ = writeln!(
        s,
        "  draw, undecided after {}: {}",
        r.limit,
        pct(&r.undecided)
    );
    let mean = match (r.rounds.mean_basis, r.sampled) {
        (Basis::Exact, true) => format!("{:.3} (exact)", r.rounds.mean),
        (Basis::Exact, false) => format!("{:.2}", r.rounds.mean),
        (Basis::Sampled, _) => format!(
            "{:.2} [{:.2}, {:.2}]",
            r.rounds.mean, r.rounds.mean_low, r.rounds.mean_high
        ),
    };
    let spread = if r.rounds.mean_basis != r.rounds.basis {
        "; sampled:"
    } else {
        ","
    };
    let _ = writeln!(
        s,
        "{}: mean {mean}{spread} 10% {}, median {}, 90% {}, max {}",
        r.rounds_counted, r.rounds.p10, r.rounds.median, r.rounds.p90, r.rounds.max
    );
    let _ = writeln!(s, "survivors{}:", said(r.survivors_basis, r));
    for c in &r.survivors {
        let _ = writeln!(
            s,
            "  {} {:<22} standing {:>7}   hp left {:>7.2} / {}",
            c.side.letter(),
            c.name,
            percent(c.survival),
            c.mean_hp_left,
            c.max_hp
        );
    }
    let sampled = said(r.damage_basis, r);
    for (k, v) in &r.damage_per_battle {
        let _ = writeln!(s, "damage per battle{sampled}, {k}: {v:.2}");
    }
    for (k, v) in &r.conditions_per_battle {
        let _ = writeln!(s, "conditions per battle{sampled}, {k}: {v:.2}");
    }
    for n in &r.notes {
        let _ = writeln!(s, "note: {n}");
    }
    s
}

mod html;
pub(crate) use html::escape;
pub use html::html;
