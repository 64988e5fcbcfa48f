//! The design check: each redesign set beside the rules it replaces, measured against
//! its own stated goals (`fray design-check`).
//!
//! The evasion text lists eight primary goals and the damage text seven aims
//! (evasion, Primary goals of the new system; damage, introduction). For each, the
//! check computes one figure on a standard population ([`population`]) under the
//! baseline ([`fray::baseline`]: NetHack 3.6, D&D 4E) and under the new rules, exactly
//! (closed forms and whole-number enumeration, no sampling), with the data of a chart,
//! the way the text wants the figure to move and whether the new rules move it so
//! ([`verdict`], judged on the figures as shown), and a plain sentence that states the
//! numbers and the verdict. A goal no number can measure says so, and what was
//! measured instead.
//!
//! ```
//! use fray_lab::design::{check, Text};
//! let report = check(Text::Evasion);
//! let separate = report.goals.iter().find(|g| g.id == "evasion.separate-defenses").unwrap();
//! // NetHack's AC lowers damage too; the new rules' EV leaves damage alone.
//! assert!(separate.baseline.unwrap() > 30.0);
//! assert_eq!(separate.new, Some(0.0));
//! ```

mod damage;
mod evasion;
pub mod population;
pub mod report;
pub mod verdict;

use fray::request::Refusal;
use serde::Serialize;

pub use verdict::{Verdict, Wanted};

/// Which rules text to check.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    Serialize,
    serde::Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Text {
    /// The evasion text against NetHack 3.6.
    Evasion,
    /// The damage text against D&D 4E.
    Damage,
    /// Both (the default).
    #[default]
    All,
}

/// What `fray design-check` takes, for every front end: the command line, a JSON body
/// (`{"text": "evasion"}`, `{}` for both) or a Python dict. The check has no other
/// input, so nothing else can be refused.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, serde::Deserialize, schemars::JsonSchema,
)]
#[serde(default, deny_unknown_fields)]
pub struct Request {
    /// The text to check.
    pub text: Text,
}

impl Request {
    /// Runs the check: the same data as [`check`].
    ///
    /// ```
    /// let request: fray_lab::design::Request = serde_json::from_str(r#"{"text": "damage"}"#).unwrap();
    /// assert_eq!(request.run().goals.len(), 7);
    /// ```
    pub fn run(&self) -> DesignCheck {
        check(self.text)
    }
}

impl std::str::FromStr for Text {
    type Err = Refusal;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "evasion" => Ok(Self::Evasion),
            "damage" => Ok(Self::Damage),
            "all" | "" => Ok(Self::All),
            other => Err(Refusal::new(format!(
                "unknown rules text `{}`: expected evasion, damage or all",
                fray::text::escape_controls(other)
            ))),
        }
    }
}

/// How a goal's chart reads.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Chart {
    /// Both rule sets as lines over a numeric x.
    Lines {
        /// What x is.
        x: String,
        /// What y is.
        y: String,
        /// y is a probability in [0, 1] (else a plain number from 0).
        percent: bool,
        /// (x, baseline, new).
        points: Vec<(f64, f64, f64)>,
    },
    /// Both rule sets as bars, a pair a row.
    Bars {
        /// What the bars measure.
        y: String,
        /// Values are probabilities in [0, 1] (else plain numbers from 0).
        percent: bool,
        /// (label, baseline, new).
        rows: Vec<(String, f64, f64)>,
    },
    /// No chart: nothing was measured.
    None,
}

/// One stated goal, measured under both rule sets.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Goal {
    /// A stable id: `evasion.luck`, `damage.multi-type` …
    pub id: &'static str,
    /// The rules text the goal is stated in (`evasion` or `damage`).
    pub text: &'static str,
    /// Where the text states it (the section and the goal's number).
    pub source: &'static str,
    /// The goal, in our words.
    pub goal: &'static str,
    /// What the figure is, on which population.
    pub measured: String,
    /// The figure under the baseline (`None` when not measurable).
    pub baseline: Option<f64>,
    /// The figure under the new rules (`None` when not measurable).
    pub new: Option<f64>,
    /// The figures' unit.
    pub unit: &'static str,
    /// The digits after the point the figures are shown with: two, or more where two
    /// would round a figure to 0 or 100 that it is not.
    pub decimals: usize,
    /// New minus baseline, worked out from the figures as shown (each rounded to
    /// `decimals` digits), so that it agrees with them (`None` when not measured).
    pub difference: Option<f64>,
    /// The difference's unit: percentage points between two percentages.
    pub difference_unit: &'static str,
    /// The way the goal's text wants the figure to move under the new rules (`None`
    /// when not measured).
    pub wanted: Option<Wanted>,
    /// Whether it does, judged on the figures as shown: `met`, `not met`, or `no figure`
    /// for a goal no number measures.
    pub verdict: Verdict,
    /// A plain sentence of what the numbers show, then the verdict stated from them.
    pub summary: String,
    /// `exact` (closed forms and enumeration) or `not measured`.
    pub basis: &'static str,
    /// The chart's data.
    pub chart: Chart,
}

impl Goal {
    /// A goal measured exactly, its figures still to come ([`Goal::figures`]); its text
    /// is the id's first word.
    fn exact(
        id: &'static str,
        source: &'static str,
        goal: &'static str,
        measured: &str,
        unit: &'static str,
        chart: Chart,
    ) -> Goal {
        Goal {
            id,
            text: id.split_once('.').map_or(id, |(text, _)| text),
            source,
            goal,
            measured: measured.to_string(),
            baseline: None,
            new: None,
            unit,
            decimals: verdict::DECIMALS,
            difference: None,
            difference_unit: verdict::difference_unit(unit),
            wanted: None,
            verdict: Verdict::NoFigure,
            summary: String::new(),
            basis: "exact",
            chart,
        }
    }

    /// A goal no number measures: its sentence says why, its chart what was measured
    /// instead.
    fn unmeasured(
        id: &'static str,
        source: &'static str,
        goal: &'static str,
        measured: &str,
        summary: String,
        chart: Chart,
    ) -> Goal {
        Goal {
            unit: "not measured",
            difference_unit: "not measured",
            summary,
            basis: "not measured",
            ..Goal::exact(id, source, goal, measured, "not measured", chart)
        }
    }

    /// The goal with both figures, the sentence comparing them (`what` names the
    /// figure, `unit` is its short unit in the sentence) and the verdict.
    fn figures(self, baseline: f64, new: f64, what: &str, unit: &str, wanted: Wanted) -> Goal {
        let d = verdict::decimals(&[baseline, new]);
        let goal = Goal {
            baseline: Some(baseline),
            new: Some(new),
            ..self
        };
        let summary = compared(what, baseline, new, unit, d, goal.difference_unit);
        goal.judged(summary, wanted, unit)
    }

    /// The goal with its figures' difference and verdict, the verdict's sentence, stated
    /// from the figures as shown (`unit` their short unit), after `summary`.
    fn judged(self, summary: String, wanted: Wanted, unit: &str) -> Goal {
        let (Some(b), Some(n)) = (self.baseline, self.new) else {
            return self;
        };
        let d = verdict::decimals(&[b, n]);
        let (difference, verdict) = verdict::judge(b, n, d, wanted);
        let against = match wanted {
            Wanted::BelowZero => "zero".to_string(),
            _ => format!("the baseline's {}", shown_with(b, unit, d)),
        };
        let said = format!(
            "{summary} The text wants the figure {}: {}, as the new rules' {} {} {against}.",
            wanted.phrase(),
            verdict.word(),
            shown_with(n, unit, d),
            wanted.relation(verdict),
        );
        Goal {
            decimals: d,
            difference: Some(difference),
            wanted: Some(wanted),
            verdict,
            summary: said,
            ..self
        }
    }

    /// A figure of this goal as shown: its digits and its unit.
    pub fn shown(&self, value: Option<f64>) -> String {
        match value {
            Some(v) => shown_with(v, self.unit, self.decimals),
            None => "not measured".into(),
        }
    }

    /// The difference as shown, signed, with its unit (`None` when not measured).
    pub fn shown_difference(&self) -> Option<String> {
        self.difference.map(|d| {
            let text = verdict::figure(d, self.decimals);
            let sign = if text.starts_with('-') || text.trim_matches(['0', '.']).is_empty() {
                ""
            } else {
                "+"
            };
            format!("{sign}{text} {}", self.difference_unit)
        })
    }
}

/// A figure with `d` digits after the point and its unit.
fn shown_with(v: f64, unit: &str, d: usize) -> String {
    format!("{} {unit}", verdict::figure(v, d))
}

/// The mean of some values (0 for none).
fn mean(values: impl IntoIterator<Item = f64>) -> f64 {
    let (sum, n) = values
        .into_iter()
        .fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 { 0.0 } else { sum / n as f64 }
}

/// The range (highest minus lowest) of some probabilities, in percentage points.
fn range_points(values: impl IntoIterator<Item = f64>) -> f64 {
    let (lo, hi) = values
        .into_iter()
        .fold((1.0, 0.0), |(lo, hi): (f64, f64), v| (lo.min(v), hi.max(v)));
    100.0 * (hi - lo).max(0.0)
}

/// The design check of one or both texts.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct DesignCheck {
    /// The baselines compared, by text.
    pub baselines: Vec<(&'static str, &'static str)>,
    /// One entry a stated goal.
    pub goals: Vec<Goal>,
}

/// The design check of `text`: every goal's figures, exact.
pub fn check(text: Text) -> DesignCheck {
    let mut out = DesignCheck {
        baselines: Vec::new(),
        goals: Vec::new(),
    };
    if matches!(text, Text::Evasion | Text::All) {
        out.baselines
            .push(("evasion", "NetHack 3.6 to-hit and armor class"));
        out.goals.extend(evasion::goals());
    }
    if matches!(text, Text::Damage | Text::All) {
        out.baselines
            .push(("damage", "D&D 4E resistances and vulnerabilities"));
        out.goals.extend(damage::goals());
    }
    out
}

/// The plain sentence of a measured goal: both figures as shown (`d` digits) and how
/// far apart they are, in `difference_unit`, worked out from the shown figures (`what`
/// starts lower-case and names the figure).
fn compared(
    what: &str,
    baseline: f64,
    new: f64,
    unit: &str,
    d: usize,
    difference_unit: &str,
) -> String {
    let (difference, _) = verdict::judge(baseline, new, d, Wanted::Lower);
    let how = if difference == 0.0 {
        "the same as shown".to_string()
    } else {
        format!(
            "{} {difference_unit} {} under the new rules",
            verdict::figure(difference.abs(), d),
            if difference < 0.0 { "lower" } else { "higher" }
        )
    };
    format!(
        "The {what} is {} under the baseline and {} under the new rules: {how}.",
        shown_with(baseline, unit, d),
        shown_with(new, unit, d),
    )
}

/// The text report: one block a goal, its figures with their unit, their difference and
/// the verdict.
pub fn text(c: &DesignCheck) -> String {
    let mut out = String::new();
    for (text, baseline) in &c.baselines {
        out.push_str(&format!("{text}: the new rules against {baseline}\n"));
    }
    for g in &c.goals {
        out.push_str(&format!(
            "\n[{}] {} ({})\n  measured: {}\n  baseline: {}\n  new:      {}\n",
            g.id,
            g.goal,
            g.source,
            g.measured,
            g.shown(g.baseline),
            g.shown(g.new),
        ));
        if let Some(d) = g.shown_difference() {
            out.push_str(&format!("  change:   {d}\n"));
        }
        match g.wanted {
            Some(w) => out.push_str(&format!(
                "  verdict:  {} (the text wants the figure {})\n",
                g.verdict.word(),
                w.phrase()
            )),
            None => out.push_str(&format!("  verdict:  {}\n", g.verdict.word())),
        }
        out.push_str(&format!("  {}\n", g.summary));
    }
    out
}
