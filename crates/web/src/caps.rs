//! The server's caps on work, applied to a prepared request's [`Cost`] before any of its
//! work is done: a sweep's points, the battles of a run or of a sweep in all, the steps
//! of the work and the bytes of its answer. Each refusal (422) names its cap and the
//! flag of `fray serve` that sets it.

use fray_commands::Cost;

use crate::Limits;
use crate::error::ApiError;

/// The refusal of work over the server's caps, or nothing.
pub(crate) fn within(cost: &Cost, limits: &Limits) -> Result<(), ApiError> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
    if cost.threads > cores {
        return Err(ApiError::over_cap(format!(
            "threads is {}: this server has {cores} cores and plays on at most that many (0 asks for every core)",
            cost.threads
        )));
    }
    if cost.points > limits.max_points as u64 {
        return Err(ApiError::over_cap(format!(
            "{} points asked for: this server sweeps at most {} a request (fray serve --max-points)",
            cost.points, limits.max_points
        )));
    }
    if cost.battles > limits.max_trials {
        let (all, how) = if cost.points > 0 {
            (" in all", "; fewer trials or points".to_string())
        } else if let Some(field) = cost.cap {
            (
                "",
                format!(
                    "; `{field}` is the cap (the run stops sooner once precise enough): give it, at most that"
                ),
            )
        } else {
            ("", String::new())
        };
        return Err(ApiError::over_cap(format!(
            "{} battles asked for{all}: this server plays at most {} a request (fray serve --max-trials){how}",
            cost.battles, limits.max_trials
        )));
    }
    let effort = cost.effort;
    if effort.steps > limits.max_steps {
        let fewer = match cost.cap {
            Some(field) => format!("a smaller `{field}`"),
            None => "fewer trials".to_string(),
        };
        return Err(ApiError::over_cap(format!(
            "this request would take about {} steps (a distribution's steps, or a fighter in each round a battle may last): this server takes at most {} a request (fray serve --max-steps); use fewer or smaller dice, fewer points, or {fewer}",
            effort.steps, limits.max_steps
        )));
    }
    if effort.answer_bytes > limits.max_answer {
        return Err(ApiError::over_cap(format!(
            "the answer would be about {} bytes: this server answers at most {} (fray serve --max-answer); use fewer or smaller dice, fewer points, or fewer combatants",
            effort.answer_bytes, limits.max_answer
        )));
    }
    Ok(())
}

/// The refusal of an answer larger than the cap once written (the estimate before the
/// work is a guide; this is the guarantee), or nothing.
pub(crate) fn answer_within(text: &str, limits: &Limits) -> Result<(), ApiError> {
    if text.len() as u64 > limits.max_answer {
        return Err(ApiError::over_cap(format!(
            "the answer came to {} bytes: this server answers at most {} (fray serve --max-answer)",
            text.len(),
            limits.max_answer
        )));
    }
    Ok(())
}
