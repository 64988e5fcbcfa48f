//! The balance-point search: the value of one field at which a side's win probability
//! reaches a target. The crossing is first bracketed, between the ends of the range
//! asked or, with no range, outward from the scenario's own value (`outward.rs`), then
//! narrowed by bisection. On the exact answer where the lab has one (an evasion duel's
//! Markov chain, a minions battle's one run), else on sampled answers, whose 95%
//! intervals give the uncertainty of the value found. On a whole-number field the
//! search ends on two neighbouring whole values, both reported.

mod outward;

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

/// Where a search looks for the crossing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Span {
    /// Between the smallest and largest values of the range asked.
    Range {
        /// The lower end.
        from: Number,
        /// The upper end.
        to: Number,
    },
    /// Outward from the scenario's own value, in both directions, the step doubling
    /// each time (`outward.rs`), within the values the scenario accepts.
    Outward {
        /// The value the scenario file writes.
        start: Number,
        /// The first step (an eighth of the value, at least 1 on a whole-number field).
        step: Number,
    },
}

/// A search, checked.
#[derive(Debug, Clone)]
pub struct Find {
    field: Field,
    /// The field's canonical path.
    pub path: String,
    /// Where the crossing is looked for.
    pub span: Span,
    /// The win probability sought.
    pub target: f64,
    /// The side whose win probability is meant.
    pub side: Side,
    origin: String,
    /// Whether the lab solves the scenario's battle exactly (an evasion duel): the
    /// search then plays no battle, and a value past the solver's bounds is not sampled.
    solved: bool,
    /// Whether its answers are exact (solved, or a battle without dice).
    exact: bool,
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
    /// On a whole-number field, the two neighbouring whole values the crossing lies
    /// between, each with the side's win probability and its 95% interval: the values
    /// a scenario can hold. Absent on a float field, and when the search stopped before
    /// its bracket narrowed to two neighbours (a cancel).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub whole_values: Option<[Evaluation; 2]>,
    /// The scenario's own value of the field, when no range was asked: the search
    /// stepped outward from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<Number>,
    /// The lowest value searched: the range's lower end, or the lowest value the search
    /// outward tried.
    pub from: Number,
    /// The highest value searched.
    pub to: Number,
    /// Whether the answers searched were exact.
    pub exact: bool,
    /// Whether the search ran to its end (false after a cancel).
    pub complete: bool,
    /// Every value tried, in ascending order of value.
    pub evaluations: Vec<Evaluation>,
}

/// The answer at one value.
enum Answer {
    /// The side's win probability there.
    At(Evaluation),
    /// The run was cancelled.
    Cancelled,
    /// The lab solves the scenario's battle exactly but not at this value (past the
    /// solver's bounds): not sampled, as the search's battles were counted as none.
    Unsolved(Refusal),
}

impl Find {
    /// Checks a search: a numeric field, a bracket of two different values (or none: the
    /// search then steps outward from the scenario's value), a target between 0 and 1,
    /// a side a or b.
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
        let span = match &spec.values {
            Some(values) => {
                let values = values_of(values, field.integer).map_err(fail)?;
                let by = |a: &&Number, b: &&Number| a.as_f64().total_cmp(&b.as_f64());
                let (Some(from), Some(to)) = (values.iter().min_by(by), values.iter().max_by(by))
                else {
                    return Err(fail("no values to search between".into()));
                };
                if from == to {
                    return Err(fail(
                        format!("the range searched is the one value {from}: give FROM..TO").into(),
                    ));
                }
                Span::Range {
                    from: *from,
                    to: *to,
                }
            }
            None => Span::Outward {
                start: field.value,
                step: outward::first_step(field.value),
            },
        };
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
        let solved = exact_duel_of(&sweep.base).is_some();
        let find = Find {
            path: field.path(),
            field: field.clone(),
            span,
            target: spec.target,
            side,
            origin,
            solved,
            exact: solved || crate::run::deterministic(&sweep.base),
        };
        // Both ends must load: a bad bracket is said now, not after half the search.
        if let Span::Range { from, to } = span {
            find.scenario(sweep, from)?;
            find.scenario(sweep, to)?;
        }
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

    /// The side's win probability in `s`, the scenario at `v`: exact where the lab
    /// solves the battle, else sampled with the point's seed.
    fn answer(&self, sweep: &Sweep, s: &crate::Scenario, v: Number, cancel: &AtomicBool) -> Answer {
        let i = usize::from(self.side == Side::B);
        let at = |p: f64, low: f64, high: f64, exact: bool| {
            Answer::At(Evaluation {
                value: v,
                seed: s.seed,
                p,
                low,
                high,
                exact,
            })
        };
        match crate::report::exact_duel_result(s) {
            Some(Ok(e)) => {
                let p = [e.p_a_wins, e.p_b_wins][i];
                return at(p, p, p, true);
            }
            Some(Err(why)) if self.solved => return Answer::Unsolved(why),
            _ => {}
        }
        let Some(r) = super::run::play_point(s, sweep.precision, cancel) else {
            return Answer::Cancelled;
        };
        let w = r.sides[i].win;
        at(w.p, w.low, w.high, w.exact)
    }

    /// The side's win probability at `v`, for a value the search must have (an end of
    /// the range asked): `None` when cancelled.
    fn evaluate(
        &self,
        sweep: &Sweep,
        v: Number,
        cancel: &AtomicBool,
    ) -> Result<Option<Evaluation>, ScenarioError> {
        let s = self.scenario(sweep, v)?;
        match self.answer(sweep, &s, v, cancel) {
            Answer::At(e) => Ok(Some(e)),
            Answer::Cancelled => Ok(None),
            Answer::Unsolved(why) => Err(ScenarioError::whole(format!(
                "{} (value {v}): {why}; the search plays no battle on a battle the lab solves, so give a range within the solver's bounds",
                self.origin
            ))),
        }
    }

    /// Where the search was asked for (`--find PATH=RANGE`, `find PATH`).
    pub fn origin(&self) -> &str {
        &self.origin
    }

    /// The name of the side whose win probability is meant.
    fn side_name<'s>(&self, sweep: &'s Sweep) -> &'s str {
        &sweep.base.sides[usize::from(self.side == Side::B)]
    }

    /// The most battles the search may play: each value it tries is a whole run of the
    /// base scenario's trials (none where the lab solves the battle exactly), and it
    /// tries at most [`Find::max_evaluations`] values.
    pub fn planned_battles(&self, base: &crate::Scenario) -> u64 {
        if self.solved {
            return 0;
        }
        self.max_evaluations()
            .saturating_mul(crate::run::planned_trials(base))
    }

    /// The most values the search may try: for a range, its two ends and one value a
    /// halving; outward, the scenario's value, one value each way a doubling, and the
    /// halvings of the widest bracket the doublings can end with.
    pub fn max_evaluations(&self) -> u64 {
        match self.span {
            Span::Range { from, to } => 2 + self.halvings(from, to),
            Span::Outward { step, .. } => outward::max_evaluations(step, |w| self.halvings_of(w)),
        }
    }

    /// The most halvings of a bracket from `a` to `b`.
    fn halvings(&self, a: Number, b: Number) -> u64 {
        match (a, b) {
            (Number::Int(a), Number::Int(b)) => {
                u64::from(u64::BITS - b.abs_diff(a).leading_zeros())
            }
            _ => self.float_halvings(),
        }
    }

    /// The most halvings of a bracket as wide as `width` (whole numbers) or of a float
    /// bracket.
    fn halvings_of(&self, width: Number) -> u64 {
        match width {
            Number::Int(w) => u64::from(u64::BITS - w.unsigned_abs().leading_zeros()),
            Number::Float(_) => self.float_halvings(),
        }
    }

    fn float_halvings(&self) -> u64 {
        u64::from(if self.exact {
            EXACT_HALVINGS
        } else {
            SAMPLED_HALVINGS
        })
    }

    /// Runs the search on the current rayon pool (each sampled value's trials run in
    /// parallel). A range's answers at its two ends must lie on either side of the
    /// target; outward, the search must meet the target within its doublings.
    pub fn search(&self, sweep: &Sweep, cancel: &AtomicBool) -> Result<Found, ScenarioError> {
        let mut tried = Vec::new();
        let bracket = match self.span {
            Span::Range { from, to } => self.bracket_range(sweep, from, to, &mut tried, cancel)?,
            Span::Outward { start, step } => {
                self.bracket_outward(sweep, start, step, &mut tried, cancel)?
            }
        };
        let Some((lo, hi)) = bracket else {
            return Ok(self.found(sweep, tried, None, false));
        };
        let (bracket, complete) = self.bisect(sweep, lo, hi, &mut tried, cancel)?;
        Ok(self.found(sweep, tried, Some(bracket), complete))
    }

    /// The answers at the range's two ends, which must lie on either side of the target
    /// (`None` when cancelled).
    fn bracket_range(
        &self,
        sweep: &Sweep,
        from: Number,
        to: Number,
        tried: &mut Vec<Evaluation>,
        cancel: &AtomicBool,
    ) -> Result<Option<(Evaluation, Evaluation)>, ScenarioError> {
        let (Some(lo), Some(hi)) = (
            self.evaluate(sweep, from, cancel)?,
            self.evaluate(sweep, to, cancel)?,
        ) else {
            return Ok(None);
        };
        if !self.crossed(&lo, &hi) {
            return Err(ScenarioError::whole(format!(
                "{}: {}'s win probability is {:.4} at {from} and {:.4} at {to}: it does not cross {} in this range",
                self.origin,
                self.side_name(sweep),
                lo.p,
                hi.p,
                self.target
            )));
        }
        tried.push(lo.clone());
        tried.push(hi.clone());
        Ok(Some((lo, hi)))
    }

    /// Whether the target lies between the answers at two values (either end included).
    fn crossed(&self, a: &Evaluation, b: &Evaluation) -> bool {
        (a.p < self.target) != (b.p < self.target) || a.p == self.target || b.p == self.target
    }

    /// Bisection of the bracket `lo`..`hi` (ascending values, the target between their
    /// answers) down to two neighbouring whole values, or for a float field a fixed
    /// number of halvings; the last bracket, and whether it ran to its end.
    fn bisect(
        &self,
        sweep: &Sweep,
        lo: Evaluation,
        hi: Evaluation,
        tried: &mut Vec<Evaluation>,
        cancel: &AtomicBool,
    ) -> Result<((Evaluation, Evaluation), bool), ScenarioError> {
        let below = |e: &Evaluation| e.p < self.target;
        let exact = lo.exact && hi.exact;
        let (mut lo, mut hi) = (lo, hi);
        let mut halvings = 0;
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
                _ => return Ok(((lo, hi), true)),
            };
            halvings += 1;
            let Some(m) = self.evaluate(sweep, mid, cancel)? else {
                return Ok(((lo, hi), false));
            };
            tried.push(m.clone());
            if below(&m) == below(&lo) && m.p != self.target {
                lo = m;
            } else {
                hi = m;
            }
            if cancel.load(Ordering::Relaxed) {
                return Ok(((lo, hi), false));
            }
        }
    }

    /// The value found in the last bracket, with its uncertainty and, on a whole-number
    /// field, the two whole values around it.
    fn found(
        &self,
        sweep: &Sweep,
        mut tried: Vec<Evaluation>,
        bracket: Option<(Evaluation, Evaluation)>,
        complete: bool,
    ) -> Found {
        tried.sort_by(|a, b| a.value.as_f64().total_cmp(&b.value.as_f64()));
        let (from, to, start) = match self.span {
            Span::Range { from, to } => (from, to, None),
            Span::Outward { start, .. } => (
                tried.first().map_or(start, |e| e.value),
                tried.last().map_or(start, |e| e.value),
                Some(start),
            ),
        };
        let exact = !tried.is_empty() && tried.iter().all(|e| e.exact);
        let (mut value, mut low, mut high) = (f64::NAN, from.as_f64(), to.as_f64());
        let mut whole_values = None;
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
                    .fold(from.as_f64(), f64::max);
                high = tried
                    .iter()
                    .filter(|e| e.value.as_f64() >= value && right(e))
                    .map(|e| e.value.as_f64())
                    .fold(to.as_f64(), f64::min);
            }
            if let (Number::Int(a), Number::Int(b)) = (l.value, h.value)
                && b - a == 1
            {
                whole_values = Some([l, h]);
            }
        }
        Found {
            path: self.path.clone(),
            side: self.side_name(sweep).to_string(),
            target: self.target,
            value,
            low,
            high,
            whole_values,
            start,
            from,
            to,
            exact,
            complete,
            evaluations: tried,
        }
    }
}
