//! Whether the new rules move a goal's figure the way its text wants, judged on the
//! figures as shown: each is rounded to the digits it is printed with, and the
//! difference and the verdict are worked out from those rounded figures, so what a
//! reader subtracts is what the check says.

use serde::Serialize;

/// The fewest digits after the point a figure is shown with.
pub const DECIMALS: usize = 2;
/// The most: enough to tell any figure of the check from a bound it is not.
const MAX_DECIMALS: usize = 6;

/// The way a goal's text wants its figure to move under the new rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Wanted {
    /// Below the baseline's figure.
    Lower,
    /// Above the baseline's figure.
    Higher,
    /// At most the baseline's figure (kept, or lowered).
    NoHigher,
    /// At least the baseline's figure (kept, or raised).
    NoLower,
    /// Below zero, whatever the baseline's figure.
    BelowZero,
}

impl Wanted {
    /// The direction in words, after "the text wants the figure".
    pub fn phrase(self) -> &'static str {
        match self {
            Self::Lower => "lower than the baseline's",
            Self::Higher => "higher than the baseline's",
            Self::NoHigher => "no higher than the baseline's",
            Self::NoLower => "no lower than the baseline's",
            Self::BelowZero => "below zero",
        }
    }

    /// How the new figure stands to the baseline's (or to zero) under this verdict, the
    /// words between the two: "is lower than", "is not below" …
    pub fn relation(self, verdict: Verdict) -> &'static str {
        let met = verdict == Verdict::Met;
        match (self, met) {
            (Self::Lower, true) => "is lower than",
            (Self::Lower, false) => "is not lower than",
            (Self::Higher, true) => "is higher than",
            (Self::Higher, false) => "is not higher than",
            (Self::NoHigher, true) => "is no higher than",
            (Self::NoHigher, false) => "is higher than",
            (Self::NoLower, true) => "is no lower than",
            (Self::NoLower, false) => "is lower than",
            (Self::BelowZero, true) => "is below",
            (Self::BelowZero, false) => "is not below",
        }
    }

    /// Whether the new figure is where the text wants it, both figures as shown (in
    /// units of the last digit shown).
    fn met(self, baseline: i64, new: i64) -> bool {
        match self {
            Self::Lower => new < baseline,
            Self::Higher => new > baseline,
            Self::NoHigher => new <= baseline,
            Self::NoLower => new >= baseline,
            Self::BelowZero => new < 0,
        }
    }
}

/// Whether a goal is met, from its figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub enum Verdict {
    /// The new figure moved the way the text wants.
    #[serde(rename = "met")]
    Met,
    /// It did not.
    #[serde(rename = "not met")]
    NotMet,
    /// The goal has no figure to judge (an interface, how the rules read).
    #[serde(rename = "no figure")]
    NoFigure,
}

impl Verdict {
    /// The verdict as the text and the report print it.
    pub fn word(self) -> &'static str {
        match self {
            Self::Met => "met",
            Self::NotMet => "not met",
            Self::NoFigure => "no figure",
        }
    }
}

/// The digits after the point that show `values` for what they are: two, or more where
/// two would round one of them to 0 or ±100 that is not (99.997% is not 100%).
pub fn decimals(values: &[f64]) -> usize {
    let hides = |v: f64, d: usize| {
        let r = rounded(v, d) as f64 / 10f64.powi(d as i32);
        [0.0, 100.0, -100.0].iter().any(|b| r == *b && v != *b)
    };
    (DECIMALS..MAX_DECIMALS)
        .find(|d| values.iter().all(|v| !hides(*v, *d)))
        .unwrap_or(MAX_DECIMALS)
}

/// `v` in units of its last digit shown, `d` digits after the point.
fn rounded(v: f64, d: usize) -> i64 {
    (v * 10f64.powi(d as i32)).round() as i64
}

/// A figure as shown with `d` digits after the point (no "-0.00").
pub fn figure(v: f64, d: usize) -> String {
    let text = format!("{v:.d$}");
    if rounded(v, d) == 0 {
        text.trim_start_matches('-').to_string()
    } else {
        text
    }
}

/// The judgement of two figures shown with `d` digits: their difference (new −
/// baseline, from the rounded figures) and the verdict.
pub fn judge(baseline: f64, new: f64, d: usize, wanted: Wanted) -> (f64, Verdict) {
    let (b, n) = (rounded(baseline, d), rounded(new, d));
    let difference = (n - b) as f64 / 10f64.powi(d as i32);
    let verdict = if wanted.met(b, n) {
        Verdict::Met
    } else {
        Verdict::NotMet
    };
    (difference, verdict)
}

/// The unit of a difference of two figures in `unit`: percentage points between two
/// percentages, else the figures' own unit.
pub fn difference_unit(unit: &'static str) -> &'static str {
    if unit.starts_with('%') {
        "percentage points"
    } else {
        unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_never_round_to_a_bound_they_are_not() {
        assert_eq!(decimals(&[39.29, 0.0]), 2);
        assert_eq!(decimals(&[99.996, 80.0]), 3);
        assert_eq!(figure(99.996, decimals(&[99.996])), "99.996");
        assert_eq!(decimals(&[0.0004]), 4);
        assert_eq!(figure(-0.001, 2), "0.00");
        assert_eq!(figure(-4.77, 2), "-4.77");
    }

    #[test]
    fn differences_and_verdicts_come_from_the_figures_as_shown() {
        // 21.7985 and 7.6049 show as 21.80 and 7.60: 14.20 apart as shown, though
        // their exact difference, 14.1936, would show as 14.19.
        let (d, v) = judge(21.7985, 7.6049, 2, Wanted::Lower);
        assert!((d + 14.20).abs() < 1e-12, "{d}");
        assert_eq!(v, Verdict::Met);
        // 18.734 and 22.936 show as 18.73 and 22.94: 4.21, not 4.20.
        let (d, v) = judge(18.734, 22.936, 2, Wanted::Lower);
        assert!((d - 4.21).abs() < 1e-12, "{d}");
        assert_eq!(v, Verdict::NotMet);
        // Equal as shown: neither lower nor higher, but no higher.
        assert_eq!(judge(5.001, 4.999, 2, Wanted::Lower).1, Verdict::NotMet);
        assert_eq!(judge(5.001, 4.999, 2, Wanted::NoHigher).1, Verdict::Met);
        assert_eq!(judge(5.0, -4.77, 2, Wanted::BelowZero).1, Verdict::Met);
        assert_eq!(difference_unit("% of hits"), "percentage points");
        assert_eq!(
            difference_unit("percentage points per +1"),
            "percentage points per +1"
        );
    }
}
