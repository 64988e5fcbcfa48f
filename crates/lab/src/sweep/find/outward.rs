//! Bracketing the crossing outward from the scenario's own value, for a search given no
//! range: the value the file writes, then values a step, two, four, eight … steps
//! away on both sides (the step doubling each time, [`DOUBLINGS`] times at most), until
//! the win probability passes the target between two neighbouring values tried.
//!
//! The first step is an eighth of the value (at least 1 on a whole-number field; 1.0
//! from a float 0). Each direction keeps to the values the scenario accepts: where the
//! next value is refused (a count below 1, hit points past the system's bound), the
//! last value it accepts is found by bisection on loading alone (no battle is played),
//! tried, and the direction ends there. A battle the lab solves exactly is never sampled:
//! a value past the solver's bounds ends its direction too. When both directions
//! cross in the same round, the one above the value is taken.

use std::sync::atomic::{AtomicBool, Ordering};

use fray::scenario::ScenarioError;

use super::{Answer, Evaluation, Find, Number, Sweep};

/// The most doublings of the step in each direction: the farthest values tried are
/// 2^11 first steps away (2,048 on a count; 256 times a larger value).
pub const DOUBLINGS: u32 = 12;
/// Halvings of a float bracket when looking for the last value a scenario accepts.
const LOAD_HALVINGS: u32 = 60;

/// The first step outward from `start`: an eighth of it, at least 1 on a whole-number
/// field, 1.0 from a float 0.
pub(super) fn first_step(start: Number) -> Number {
    match start {
        Number::Int(n) => Number::Int((n.unsigned_abs() / 8).clamp(1, i64::MAX as u64) as i64),
        Number::Float(x) if x != 0.0 && x.is_finite() => Number::Float(x.abs() / 8.0),
        Number::Float(_) => Number::Float(1.0),
    }
}

/// The most values a search outward may try: the scenario's value, one value each way
/// a doubling, and `halvings` of the widest bracket the doublings can leave (between
/// the last two values of a direction, 2^(DOUBLINGS − 2) first steps apart).
pub(super) fn max_evaluations(step: Number, halvings_of: impl Fn(Number) -> u64) -> u64 {
    let widest = match step {
        Number::Int(s) => Number::Int(s.saturating_mul(1 << (DOUBLINGS - 2))),
        Number::Float(s) => Number::Float(s * f64::from(1u32 << (DOUBLINGS - 2))),
    };
    1 + 2 * u64::from(DOUBLINGS) + halvings_of(widest)
}

/// The value `k` doublings out from `start`, above it or below it: `None` past the
/// numbers a field holds.
fn nth(start: Number, step: Number, k: u32, up: bool) -> Option<Number> {
    match (start, step) {
        (Number::Int(a), Number::Int(s)) => s
            .checked_mul(1 << k)
            .and_then(|d| {
                if up {
                    a.checked_add(d)
                } else {
                    a.checked_sub(d)
                }
            })
            .map(Number::Int),
        _ => {
            let sign = if up { 1.0 } else { -1.0 };
            let v = start.as_f64() + sign * step.as_f64() * f64::from(1u32 << k);
            v.is_finite().then_some(Number::Float(v))
        }
    }
}

/// One direction of the search.
struct Direction {
    up: bool,
    /// The last value tried that way (the scenario's own at first).
    last: Evaluation,
    /// Why it ended, once it has.
    ended: Option<String>,
}

impl Find {
    /// Brackets the crossing outward from `start`: the two neighbouring values tried
    /// whose answers lie on either side of the target, in ascending order (`None` when
    /// cancelled), or why there is none.
    pub(super) fn bracket_outward(
        &self,
        sweep: &Sweep,
        start: Number,
        step: Number,
        tried: &mut Vec<Evaluation>,
        cancel: &AtomicBool,
    ) -> Result<Option<(Evaluation, Evaluation)>, ScenarioError> {
        let Some(first) = self.evaluate(sweep, start, cancel)? else {
            return Ok(None);
        };
        tried.push(first.clone());
        let mut ways = [true, false].map(|up| Direction {
            up,
            last: first.clone(),
            ended: None,
        });
        for k in 0..DOUBLINGS {
            let mut crossing = None;
            for way in ways.iter_mut().filter(|w| w.ended.is_none()) {
                let (value, scenario, edge) = match nth(start, step, k, way.up)
                    .and_then(|v| self.scenario(sweep, v).ok().map(|s| (v, s)))
                {
                    Some((v, s)) => (v, s, false),
                    None => match self.last_accepted(sweep, way, start, step, k) {
                        Some((v, s)) => (v, s, true),
                        None => {
                            way.ended = Some(format!(
                                "the scenario accepts no value {} {}",
                                if way.up { "above" } else { "below" },
                                way.last.value
                            ));
                            continue;
                        }
                    },
                };
                let e = match self.answer(sweep, &scenario, value, cancel) {
                    Answer::At(e) => e,
                    Answer::Cancelled => return Ok(None),
                    Answer::Unsolved(why) => {
                        way.ended = Some(format!("at {value}, {why}"));
                        continue;
                    }
                };
                tried.push(e.clone());
                if crossing.is_none() && self.crossed(&way.last, &e) {
                    crossing = Some((way.last.clone(), e.clone()));
                }
                way.last = e;
                if edge {
                    way.ended = Some(format!(
                        "{} is the {} value the scenario accepts",
                        way.last.value,
                        if way.up { "highest" } else { "lowest" }
                    ));
                }
                if cancel.load(Ordering::Relaxed) {
                    return Ok(None);
                }
            }
            if let Some((a, b)) = crossing {
                return Ok(Some(if a.value.as_f64() < b.value.as_f64() {
                    (a, b)
                } else {
                    (b, a)
                }));
            }
            if ways.iter().all(|w| w.ended.is_some()) {
                break;
            }
        }
        let why = |w: &Direction| {
            w.ended.clone().unwrap_or_else(|| {
                format!("{DOUBLINGS} doublings of the step reached {}", w.last.value)
            })
        };
        let [up, down] = &ways;
        Err(ScenarioError::whole(format!(
            "{}: searched outward from the scenario's value {start}: {}'s win probability is {:.4} at {}, {:.4} at {start} and {:.4} at {}: it does not cross {} ({}; {})",
            self.origin,
            self.side_name(sweep),
            down.last.p,
            down.last.value,
            first.p,
            up.last.p,
            up.last.value,
            self.target,
            why(down),
            why(up),
        )))
    }

    /// The farthest value the scenario accepts between the direction's last value and
    /// the `k`-th one out (refused, or past the numbers a field holds), by bisection on
    /// loading alone; `None` when it accepts nothing past the last value.
    fn last_accepted(
        &self,
        sweep: &Sweep,
        way: &Direction,
        start: Number,
        step: Number,
        k: u32,
    ) -> Option<(Number, crate::Scenario)> {
        let accepted = |v: Number| self.scenario(sweep, v).ok();
        let mut best = None;
        match (way.last.value, start) {
            (Number::Int(inner), Number::Int(_)) => {
                let outer = match nth(start, step, k, way.up) {
                    Some(Number::Int(o)) => i128::from(o),
                    _ if way.up => i128::from(i64::MAX) + 1,
                    _ => i128::from(i64::MIN) - 1,
                };
                // `good` is accepted, `bad` is not; they close in on each other.
                let (mut good, mut bad) = (i128::from(inner), outer);
                while (bad - good).abs() > 1 {
                    let mid = good + (bad - good) / 2;
                    let v = Number::Int(i64::try_from(mid).ok()?);
                    match accepted(v) {
                        Some(s) => {
                            good = mid;
                            best = Some((v, s));
                        }
                        None => bad = mid,
                    }
                }
            }
            (inner, _) => {
                let inner = inner.as_f64();
                let outer = nth(start, step, k, way.up)?.as_f64();
                let (mut good, mut bad) = (inner, outer);
                for _ in 0..LOAD_HALVINGS {
                    let mid = (good + bad) / 2.0;
                    if mid == good || mid == bad {
                        break;
                    }
                    match accepted(Number::Float(mid)) {
                        Some(s) => {
                            good = mid;
                            best = Some((Number::Float(mid), s));
                        }
                        None => bad = mid,
                    }
                }
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_start_at_an_eighth_and_double() {
        assert_eq!(first_step(Number::Int(60)), Number::Int(7));
        assert_eq!(first_step(Number::Int(3)), Number::Int(1));
        assert_eq!(first_step(Number::Int(-40)), Number::Int(5));
        assert_eq!(first_step(Number::Float(4.0)), Number::Float(0.5));
        assert_eq!(first_step(Number::Float(0.0)), Number::Float(1.0));
        let (start, step) = (Number::Int(10), Number::Int(1));
        let out: Vec<_> = (0..4).map(|k| nth(start, step, k, true)).collect();
        assert_eq!(out, [11, 12, 14, 18].map(|n| Some(Number::Int(n))));
        assert_eq!(nth(start, step, 3, false), Some(Number::Int(2)));
        // Past an i64, no value (the search then looks for the last one accepted).
        assert_eq!(nth(Number::Int(i64::MAX - 1), step, 1, true), None);
        assert_eq!(nth(Number::Int(0), Number::Int(i64::MAX), 11, false), None);
    }

    #[test]
    fn the_most_values_tried_counts_every_doubling_and_halving() {
        // 1 + 2 × 12 values, then the widest whole bracket, 1 × 2^10, takes 11 halvings.
        let bits = |w: Number| u64::from(64 - (w.as_f64() as u64).leading_zeros());
        assert_eq!(max_evaluations(Number::Int(1), bits), 25 + 11);
        assert_eq!(max_evaluations(Number::Int(7), bits), 25 + 13);
        assert_eq!(max_evaluations(Number::Float(0.5), |_| 12), 25 + 12);
    }
}
