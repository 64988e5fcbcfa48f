//! `fray sweep` as a request: the scenario (or a bundled one), the axes and the search
//! as plain serde data, or an odds sweep's system and inputs, checked by one
//! [`SweepRequest::validate`]. The web API takes it as JSON; the command line builds
//! the same plan from its flags.

use std::sync::atomic::AtomicBool;

use fray::request::{Effort, Refusal, within};
use serde::{Deserialize, Serialize};

use super::odds::{self, OddsOutcome, OddsPlan, OddsSweep, OddsSystem};
use super::{AxisSpec, FindSpec, Outcome, Settings, Sweep, Values, report};
use crate::request::{BattleRequest, MAX_THREADS};
use crate::scenario::MAX_TRIALS;

/// Everything `fray sweep` takes. A battle sweep names a scenario (`scenario` as TOML
/// text, or `example`; the first bundled one by default), whose own `[sweep]` table
/// gives what `vary`, `find` and `precision` leave out; an odds sweep names `odds` and
/// takes `vary` and `set` only.
///
/// ```
/// use fray_lab::sweep::request::{SweepAnswer, SweepRequest};
/// let request: SweepRequest = serde_json::from_str(
///     r#"{"odds": "pool", "vary": [{"path": "bonus", "values": "0..2"}]}"#,
/// ).unwrap();
/// let valid = request.validate().unwrap();
/// assert_eq!(valid.planned_points(), 3);
/// let SweepAnswer::Odds(o) = valid.run_with(&|_| {}, &Default::default()).unwrap() else {
///     panic!("an odds sweep")
/// };
/// assert!(o.points[2].outcomes[0] > o.points[0].outcomes[0], "bonus dice help");
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct SweepRequest {
    /// The scenario, as the TOML text of a scenario file.
    pub scenario: Option<String>,
    /// Where `scenario` came from, for messages (a front end that read a file sets it).
    #[serde(skip)]
    pub scenario_source: Option<String>,
    /// A bundled scenario by name, instead of `scenario`.
    pub example: Option<String>,
    /// The axes (`{"path": "evasion.b.defense.hp", "values": "20..60:10"}`); they
    /// replace the scenario's `[sweep]` axes.
    pub vary: Vec<AxisSpec>,
    /// A balance point to search for, in place of the scenario's.
    pub find: Option<FindRequest>,
    /// Trials of every point (default: the scenario's); with `precision`, the cap.
    pub trials: Option<u64>,
    /// The sweep's seed (each point's is derived from it and the point's values).
    pub seed: Option<u64>,
    /// Play every sampled point to this 95% half-width.
    pub precision: Option<f64>,
    /// Threads to play on, 0 (every core) to [`MAX_THREADS`].
    pub threads: u64,
    /// An odds sweep of a single roll's rules instead of battles.
    #[schemars(with = "Option<String>", extend("enum" = ["evasion", "pool", "damage", null]))]
    pub odds: Option<OddsSystem>,
    /// An odds sweep's fixed inputs, `PATH=VALUE` as `--set` takes them.
    pub set: Vec<String>,
}

/// A balance-point search as a front end asks for it. Without `values`, the values of
/// the axis that varies the same path are searched, or, with no such axis, values
/// outward from the scenario's own value of the field ([`super::find::Span::Outward`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FindRequest {
    /// The field searched.
    pub path: String,
    /// The range searched; by default the values of the axis varying `path`, else
    /// outward from the scenario's value.
    #[serde(default)]
    pub values: Option<Values>,
    /// The win probability sought (0 to 1).
    #[serde(default = "half")]
    pub target: f64,
    /// The side whose win probability is meant: a (default) or b.
    #[serde(default)]
    pub side: Option<String>,
    /// Where the search was asked for, named in its errors (default `find PATH`).
    #[serde(skip)]
    pub origin: Option<String>,
}

fn half() -> f64 {
    0.5
}

impl FindRequest {
    /// The search with its values: from the request, from `vary`'s axis of its path, or
    /// none (outward from the scenario's value).
    fn spec(&self, vary: &[AxisSpec]) -> FindSpec {
        let values = self.values.clone().or_else(|| {
            vary.iter()
                .find(|a| a.path == self.path)
                .map(|a| a.values.clone())
        });
        FindSpec {
            path: self.path.clone(),
            values,
            target: self.target,
            side: self.side.clone(),
            origin: self
                .origin
                .clone()
                .unwrap_or_else(|| format!("find {}", fray::text::escape_controls(&self.path))),
        }
    }
}

/// A sweep that passed every rule, ready to run.
#[derive(Debug, Clone)]
pub enum ValidSweep {
    /// Battles at every point.
    Battles {
        /// The checked sweep.
        sweep: Box<Sweep>,
        /// Threads to play on (0: every core).
        threads: usize,
    },
    /// A single roll's exact odds at every point.
    Odds {
        /// The checked sweep.
        sweep: OddsSweep,
        /// Threads to work on (0: every core).
        threads: usize,
    },
}

/// What a sweep gives: `fray sweep --json` (or `--odds ... --json`).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum SweepAnswer {
    /// A battle sweep's points, each with its report.
    Battles(Box<Outcome>),
    /// An odds sweep's points.
    Odds(OddsOutcome),
}

impl SweepRequest {
    /// Applies every input rule (the lab's bounds on points and battles among them) and
    /// returns the sweep ready to run, or the refusal the command line would print.
    pub fn validate(&self) -> Result<ValidSweep, Refusal> {
        within(self.threads, 0, MAX_THREADS, "threads")?;
        let threads = usize::try_from(self.threads).unwrap_or(usize::MAX);
        if let Some(system) = self.odds {
            if self.scenario.is_some() || self.example.is_some() || self.find.is_some() {
                return Err(Refusal::new(
                    "an odds sweep takes no scenario, example or find: only vary and set",
                ));
            }
            if self.trials.is_some() || self.seed.is_some() || self.precision.is_some() {
                return Err(Refusal::new(
                    "an odds sweep is exact: it takes no trials, seed or precision",
                ));
            }
            let plan = OddsPlan {
                system,
                set: self.set.clone(),
                vary: self.vary.clone(),
            };
            let sweep =
                odds::check(&plan).map_err(|e| Refusal::about("odds", format!("{system}: {e}")))?;
            return Ok(ValidSweep::Odds { sweep, threads });
        }
        if !self.set.is_empty() {
            return Err(Refusal::new("set is for odds sweeps (give odds)"));
        }
        if let Some(trials) = self.trials {
            within(trials, 1, MAX_TRIALS, "trials")?;
        }
        let battle = BattleRequest {
            scenario: self.scenario.clone(),
            scenario_source: self.scenario_source.clone(),
            example: self.example.clone(),
            ..BattleRequest::default()
        };
        let (source, text) = battle.scenario_text()?;
        let mut plan =
            super::plan_of(text).map_err(|e| Refusal::located_with(&source, &e, "[sweep]: "))?;
        if !self.vary.is_empty() {
            plan.vary = self.vary.clone();
        }
        if let Some(find) = &self.find {
            plan.find = Some(find.spec(&plan.vary));
        }
        if plan.vary.is_empty() && plan.find.is_none() {
            return Err(Refusal::new(format!(
                "{source}, nothing to sweep: give `vary` (or `find`), or a [sweep] table in the scenario"
            )));
        }
        let settings = Settings {
            trials: self.trials,
            seed: self.seed,
            precision: self.precision,
        };
        let sweep =
            super::check(text, &plan, &settings).map_err(|e| Refusal::located(&source, &e))?;
        Ok(ValidSweep::Battles {
            sweep: Box::new(sweep),
            threads,
        })
    }
}

impl ValidSweep {
    /// The threads it asks for (0: every core).
    pub fn threads(&self) -> usize {
        match self {
            Self::Battles { threads, .. } | Self::Odds { threads, .. } => *threads,
        }
    }

    /// How many points the sweep holds.
    pub fn planned_points(&self) -> usize {
        match self {
            Self::Battles { sweep, .. } => sweep.points.len(),
            Self::Odds { sweep, .. } => sweep.points.len(),
        }
    }

    /// How many battles it may play in all (with a precision, each point's cap); 0 for
    /// an odds sweep, which plays none.
    pub fn planned_battles(&self) -> u64 {
        match self {
            Self::Battles { sweep, .. } => {
                let points: u64 = sweep
                    .points
                    .iter()
                    .map(|p| crate::run::planned_trials(&p.scenario))
                    .sum();
                // A search plays battles of its own, counted before any is played.
                let search = sweep
                    .find
                    .as_ref()
                    .map_or(0, |f| f.planned_battles(&sweep.base));
                points.saturating_add(search)
            }
            Self::Odds { .. } => 0,
        }
    }

    /// What the sweep costs, before any of it: every point's run (and a search's
    /// battles) for a battle sweep, every point's exact work for an odds sweep.
    pub fn effort(&self) -> Effort {
        match self {
            Self::Battles { sweep, .. } => {
                // A search's battles touch the base scenario's fighters, as a run's do.
                let search = sweep.find.as_ref().map_or(Effort::default(), |f| {
                    let fighters = sweep.base.battle.roster().len() as u64;
                    Effort {
                        steps: fighters.saturating_mul(f.planned_battles(&sweep.base)),
                        answer_bytes: Effort::SMALL_ANSWER,
                    }
                });
                sweep
                    .points
                    .iter()
                    .map(|p| crate::run::effort(&p.scenario))
                    .fold(search, Effort::plus)
            }
            Self::Odds { sweep, .. } => sweep.effort,
        }
    }

    /// Runs the sweep, calling `progress` with the points finished so far and stopping
    /// once `cancel` is set: a battle sweep's answer is then incomplete, and an odds
    /// sweep (exact, so a part of it is no answer) is refused as interrupted.
    pub fn run_with(
        &self,
        progress: &(dyn Fn(usize) + Sync),
        cancel: &AtomicBool,
    ) -> Result<SweepAnswer, Refusal> {
        match self {
            Self::Battles { sweep, threads } => super::run(sweep, *threads, progress, cancel)
                .map(|o| SweepAnswer::Battles(Box::new(o))),
            Self::Odds { sweep, threads } => {
                let o = odds::run_until(sweep, *threads, progress, cancel)?;
                Ok(SweepAnswer::Odds(o))
            }
        }
    }
}

impl SweepAnswer {
    /// The HTML report `--report DIR` writes as report.html.
    pub fn html(&self) -> String {
        match self {
            Self::Battles(o) => report::html(o),
            Self::Odds(o) => report::odds_html(o),
        }
    }

    /// Each chart of the report as `(name, SVG)`, as `--report DIR` writes them.
    pub fn charts(&self) -> Vec<(String, String)> {
        match self {
            Self::Battles(o) => report::charts(o),
            Self::Odds(o) => report::odds_charts(o),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(json: &str) -> String {
        let r: SweepRequest = serde_json::from_str(json).unwrap();
        r.validate().unwrap_err().message
    }

    #[test]
    fn a_battle_sweep_counts_its_battles_before_any_is_played() {
        let r: SweepRequest = serde_json::from_str(
            r#"{"example": "duel", "trials": 50, "vary": [{"path": "evasion.b.defense.hp", "values": [30, 40, 50]}]}"#,
        )
        .unwrap();
        let v = r.validate().unwrap();
        assert_eq!(v.planned_points(), 3);
        assert_eq!(v.planned_battles(), 150);
        let SweepAnswer::Battles(o) = v.run_with(&|_| {}, &AtomicBool::new(false)).unwrap() else {
            panic!("a battle sweep")
        };
        assert!(o.complete);
        assert_eq!(o.points.len(), 3);
        assert!(SweepAnswer::Battles(o).html().contains("<svg"));
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        assert!(refused(r#"{"odds": "pool", "example": "duel"}"#).contains("no scenario"));
        assert!(refused(r#"{"odds": "pool", "trials": 5, "vary": []}"#).contains("exact"));
        assert!(refused(r#"{"set": ["a=1"]}"#).contains("odds"));
        assert!(refused(r#"{"example": "duel"}"#).contains("nothing to sweep"));
        assert!(refused(r#"{"example": "nope", "vary": []}"#).contains("nope"));
        let e = refused(r#"{"scenario": "system = 3", "vary": [{"path": "a", "values": "1..2"}]}"#);
        assert!(e.starts_with("the scenario, "), "{e}");
        assert!(e.contains("line 1"), "{e}");
    }

    #[test]
    fn an_unknown_field_is_refused_when_read() {
        let e = serde_json::from_str::<SweepRequest>(r#"{"points": 3}"#).unwrap_err();
        assert!(e.to_string().contains("unknown field `points`"));
    }
}
