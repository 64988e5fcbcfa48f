//! The balance-point search: bisection on one field for the value at which a side's
//! win probability reaches a target. On the exact answer where the lab has one (an
//! evasion duel's Markov chain, a minions battle's one run), else on sampled answers,
//! whose 95% intervals give the uncertainty of the value found.

use std::sync::atomic::{AtomicBool, Ordering};

use fray::character::Side;
use fray::request::Refusal;
use fray::scenario::ScenarioError;
use serde::Serialize;

use super::apply::{self, Field};
use super::{FindSpec, Number, Sweep, side_of, values_of};
use crate::report::exact_duel_of;

/// Halvings of a float field's bracket on exact answers (to a millionth of it and past).
const EXACT_HALVINGS: u32 = 40;
/// Halvings of a float field's bracket on sampled answers: past this, the sampling
/// noise outweighs the step.
const SAMPLED_HALVINGS: u32 = 12;

/// A search, checked.
#[derive(Debug, Clone)]
pub struct Find {
    field: Field,
    /// The field's canonical path.
    pub path: String,
    /// The bracket: the smallest and largest values of the range asked.
    pub from: Number,
    /// Its upper end.
    pub to: Number,
    /// The win probability sought.
    pub target: f64,
    /// The side whose win probability is meant.
    pub side: Side,
    origin: String,
}

/// One value tried by the search.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Evaluation {
    /// The field's value.
    pub value: Number,
    /// The seed it was played with (a sweep point of this value alone has the same).
    pub seed: u64,
    /// The side's win probability.
    pub p: f64,
    /// The 95% interval (the value itself when exact).
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Whether `p` is exact.
    pub exact: bool,
}

/// The balance point found.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Found {
    /// The field searched.
    pub path: String,
    /// The side whose win probability is meant (its name).
    pub side: String,
    /// The win probability sought.
    pub target: f64,
    /// The value at which the win probability reaches the target, interpolated between
    /// the two nearest values tried on either side of it.
    pub value: f64,
    /// The smallest value the crossing may lie at: for exact answers the last value
    /// tried below it; for sampled ones, the largest whose interval lies wholly on the
    /// near side of the target.
    pub low: f64,
    /// The largest value the crossing may lie at.
    pub high: f64,
    /// Whether the answers searched were exact.
    pub exact: bool,
    /// Whether the search ran to its end (false after a cancel).
    pub complete: bool,
    /// Every value tried, in ascending order of value.
    pub evaluations: Vec<Evaluation>,
}

impl Find {
    /// Checks a search: a numeric field, a bracket of two different values, a target
    /// between 0 and 1, a side a or b.
    pub(super) fn check(
        sweep: &Sweep,
        fields: &[Field],
        spec: &FindSpec,
    ) -> Result<Self, ScenarioError> {
        let origin = if spec.origin.is_empty() {
            format!("find {}", spec.path)
        } else {
            spec.origin.clone()
        };
        let fail = |e: Refusal| ScenarioError::whole(format!("{origin}: {e}"));
        let field = apply::find(fields, &spec.path).map_err(fail)?;
        let values = values_of(&spec.values, field.integer).map_err(fail)?;
        let by = |a: &&Number, b: &&Number| a.as_f64().total_cmp(&b.as_f64());
        let (Some(from), Some(to)) = (values.iter().min_by(by), values.iter().max_by(by)) else {
            return Err(fail("no values to search between".into()));
        };
        if from == to {
            return Err(fail(
                format!("the range searched is the one value {from}: give FROM..TO").into(),
            ));
        }
        if !(0.0..=1.0).contains(&spec.target) {
            return Err(fail(
                format!(
                    "the target is {}: expected a probability from 0 to 1",
                    fray::text::quoted_number(spec.target)
                )
                .into(),
            ));
        }
        let side = side_of(spec.side.as_deref()).map_err(fail)?;
        let find = Find {
            path: field.path(),
            field: field.clone(),
            from: *from,
            to: *to,
            target: spec.target,
            side,
            origin,
        };
        // Both ends must load: a bad bracket is said now, not after half the search.
        find.scenario(sweep, *from)?;
        find.scenario(sweep, *to)?;
        Ok(find)
    }

    fn scenario(&self, sweep: &Sweep, v: Number) -> Result<crate::Scenario, ScenarioError> {
        sweep
            .scenario_at(&[(&self.field, v)], &[(self.path.clone(), v)])
            .map_err(|e| ScenarioError {
                message: format!("{} (value {v}): {}", self.origin, e.message),
                ..e
            })
    }

    /// The side's win probability at `v`: exact where the lab solves the battle, else
    /// sampled with the point's seed.
    fn evaluate(
        &self,
        sweep: &Sweep,
        v: Number,
        cancel: &AtomicBool,
    ) -> Result<Option<Evaluation>, ScenarioError> {
        let s = self.scenario(sweep, v)?;
        let i = usize::from(self.side == Side::B);
        let at = |p: f64, low: f64, high: f64, exact: bool| Evaluation {
            value: v,
            seed: s.seed,
            p,
            low,
            high,
            exact,
        };
        if let Some(e) = exact_duel_of(&s) {
            let p = [e.p_a_wins, e.p_b_wins][i];
            return Ok(Some(at(p, p, p, true)));
        }
        let Some(r) = super::run::play_point(&s, sweep.precision, cancel) else {
            return Ok(None);
        };
        let w = r.sides[i].win;
        Ok(Some(at(w.p, w.low, w.high, w.exact)))
    }

    /// Where the search was asked for (`--find PATH=RANGE`, `find PATH`).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The most battles the search may play: each value it tries is a whole run of the
    /// base scenario's trials (none where the lab solves the battle exactly), and it
    /// tries the two ends and at most one value a halving.
    pub fn planned_battles(&self, base: &crate::Scenario) -> u64 {
        if exact_duel_of(base).is_some() {
            return 0;
        }
        let halvings = match (self.from, self.to) {
            (Number::Int(a), Number::Int(b)) => {
                u64::from(u64::BITS - b.abs_diff(a).leading_zeros())
            }
            _ => u64::from(SAMPLED_HALVINGS),
        };
        (2 + halvings).saturating_mul(crate::run::planned_trials(base))
    }

    /// Runs the search on the current rayon pool (each sampled value's trials run in
    /// parallel). The target must lie between the answers at the two ends.
    pub fn search(&self, sweep: &Sweep, cancel: &AtomicBool) -> Result<Found, ScenarioError> {
        let mut tried = Vec::new();
        let (Some(lo), Some(hi)) = (
            self.evaluate(sweep, self.from, cancel)?,
            self.evaluate(sweep, self.to, cancel)?,
        ) else {
            return Ok(self.found(&sweep.base, tried, None, false));
        };
        let below = |e: &Evaluation| e.p < self.target;
        if below(&lo) == below(&hi) && lo.p != self.target && hi.p != self.target {
            return Err(ScenarioError::whole(format!(
                "{}: {}'s win probability is {:.4} at {} and {:.4} at {}: it does not cross {} in this range",
                self.origin,
                sweep.base.sides[usize::from(self.side == Side::B)],
                lo.p,
                self.from,
                hi.p,
                self.to,
                self.target
            )));
        }
        let exact = lo.exact && hi.exact;
        let (mut lo, mut hi) = (lo, hi);
        tried.push(lo.clone());
        tried.push(hi.clone());
        let mut halvings = 0;
        let mut complete = true;
        loop {
            let mid = match (lo.value, hi.value) {
                (Number::Int(a), Number::Int(b)) if b - a > 1 => Number::Int(a + (b - a) / 2),
                (Number::Float(a), Number::Float(b))
                    if halvings
                        < if exact {
                            EXACT_HALVINGS
                        } else {
                            SAMPLED_HALVINGS
                        } =>
                {
                    Number::Float((a + b) / 2.0)
                }
                _ => break,
            };
            halvings += 1;
            let Some(m) = self.evaluate(sweep, mid, cancel)? else {
                complete = false;
                break;
            };
            tried.push(m.clone());
            if below(&m) == below(&lo) && m.p != self.target {
                lo = m;
            } else {
                hi = m;
            }
            if cancel.load(Ordering::Relaxed) {
                complete = false;
                break;
            }
        }
        Ok(self.found(&sweep.base, tried, Some((lo, hi)), complete))
    }

    /// The value found between the last bracket, with its uncertainty.
    fn found(
        &self,
        base: &crate::Scenario,
        mut tried: Vec<Evaluation>,
        bracket: Option<(Evaluation, Evaluation)>,
        complete: bool,
    ) -> Found {
        tried.sort_by(|a, b| a.value.as_f64().total_cmp(&b.value.as_f64()));
        let exact = !tried.is_empty() && tried.iter().all(|e| e.exact);
        let (mut value, mut low, mut high) = (f64::NAN, self.from.as_f64(), self.to.as_f64());
        if let Some((l, h)) = bracket {
            let (x0, x1) = (l.value.as_f64(), h.value.as_f64());
            value = if (h.p - l.p).abs() > 0.0 {
                x0 + (self.target - l.p) / (h.p - l.p) * (x1 - x0)
            } else {
                x0
            };
            let (near, far) = (x0.min(x1), x0.max(x1));
            if exact {
                (low, high) = (near, far);
            } else {
                // The value's own side of the target, as the answer at the near end.
                let rising = tried.last().map_or(0.0, |e| e.p) >= tried[0].p;
                let under = |e: &Evaluation| e.high < self.target;
                let over = |e: &Evaluation| e.low > self.target;
                let left = |e: &Evaluation| if rising { under(e) } else { over(e) };
                let right = |e: &Evaluation| if rising { over(e) } else { under(e) };
                low = tried
                    .iter()
                    .filter(|e| e.value.as_f64() <= value && left(e))
                    .map(|e| e.value.as_f64())
                    .fold(self.from.as_f64(), f64::max);
                high = tried
                    .iter()
                    .filter(|e| e.value.as_f64() >= value && right(e))
                    .map(|e| e.value.as_f64())
                    .fold(self.to.as_f64(), f64::min);
            }
        }
        Found {
            path: self.path.clone(),
            side: base.sides[usize::from(self.side == Side::B)].clone(),
            target: self.target,
            value,
            low,
            high,
            exact,
            complete,
            evaluations: tried,
        }
    }
}
