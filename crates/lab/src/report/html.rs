//! The report as a self-contained HTML page: its SVG charts (drawn by
//! [`crate::charts`]) and the text report beneath them.

use std::collections::BTreeMap;

use fray::character::Side;

use super::{Basis, Estimate, Report, count, percent, text};
use crate::charts;

/// Markup characters become entities, and control characters (which HTML does not
/// allow and a terminal showing the file would act on) become visible `\u{..}` escapes.
pub(crate) fn escape(text: &str) -> String {
    fray::text::escape_controls(text)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A side's colour in the charts: side A the first series, side B the second.
fn side_series(side: Side) -> usize {
    if side == Side::A { 0 } else { 1 }
}

/// The outcomes: each side's win, mutual destruction and undecided, with intervals
/// and, where known, the exact answer beside the sampled one.
fn outcome_chart(r: &Report) -> String {
    let bar = |label: String, e: &Estimate, series: usize| {
        let mut b = charts::Bar::new(label, e.p, percent(e.p), series);
        if !e.exact {
            b.interval = Some((e.low, e.high));
        }
        b
    };
    let mut rows: Vec<charts::Bar> = r
        .sides
        .iter()
        .enumerate()
        .map(|(i, s)| bar(format!("{} won", s.name), &s.win, i))
        .collect();
    rows.push(bar(
        "draw: no one standing".into(),
        &r.mutual_destruction,
        2,
    ));
    rows.push(bar("draw: undecided".into(), &r.undecided, 2));
    let mut series: Vec<String> = r.sides.iter().map(|s| s.name.clone()).collect();
    series.push("draw".into());
    let exact = rows.iter().all(|b| b.interval.is_none());
    charts::bars(&charts::BarChart {
        title: if exact {
            "Outcome (exact)".into()
        } else {
            "Outcome probability (95% interval)".into()
        },
        value_desc: "probability".into(),
        axis: charts::Axis::Percent,
        series,
        bars: rows,
    })
}

/// The rounds battles lasted, with the sampled mean and the exact one where known.
fn rounds_chart(r: &Report) -> String {
    let name = match (r.rounds.mean_basis, r.sampled) {
        (Basis::Exact, true) => format!("exact mean {:.3}", r.rounds.mean),
        _ => format!("mean {:.2}", r.rounds.mean),
    };
    let marks = vec![charts::Mark {
        name,
        at: r.rounds.mean,
    }];
    charts::histogram(
        &format!("Battles by {}", r.rounds_counted),
        &r.rounds_counted,
        "battles",
        &r.rounds.histogram,
        &marks,
    )
}

/// Each combatant's chance of standing at the end, coloured by side.
fn survival_chart(r: &Report) -> String {
    charts::bars(&charts::BarChart {
        title: "Survival by combatant".into(),
        axis: charts::Axis::Percent,
        value_desc: "battles it ended standing".into(),
        series: r.sides.iter().map(|s| s.name.clone()).collect(),
        bars: r
            .survivors
            .iter()
            .map(|c| {
                charts::Bar::new(
                    &c.name,
                    c.survival,
                    percent(c.survival),
                    side_series(c.side),
                )
            })
            .collect(),
    })
}

/// Mean hit points left against the maximum (the outline), values written.
fn hit_points_chart(r: &Report) -> String {
    charts::bars(&charts::BarChart {
        title: "Hit points remaining (mean)".into(),
        axis: charts::Axis::Number,
        value_desc: "hit points left (mean)".into(),
        series: r.sides.iter().map(|s| s.name.clone()).collect(),
        bars: r
            .survivors
            .iter()
            .map(|c| {
                let mut b = charts::Bar::new(
                    &c.name,
                    c.mean_hp_left,
                    format!("{:.2} / {}", c.mean_hp_left, c.max_hp),
                    side_series(c.side),
                );
                b.outline = Some(c.max_hp as f64);
                b
            })
            .collect(),
    })
}

/// Mean amounts per battle by name (damage by type, conditions), or a sentence when
/// there are none.
fn per_battle_chart(title: &str, what: &str, values: &BTreeMap<String, f64>) -> String {
    if values.is_empty() {
        return format!("<p>No {what} in these battles.</p>");
    }
    charts::bars(&charts::BarChart {
        title: title.into(),
        axis: charts::Axis::Number,
        value_desc: format!("{what} per battle (mean)"),
        series: vec![format!("{what} per battle (mean)")],
        bars: values
            .iter()
            .map(|(k, v)| charts::Bar::new(k, *v, format!("{v:.2}"), 0))
            .collect(),
    })
}

/// A heading from a phrase: its first letter upper case.
fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The report as a self-contained HTML page (inline SVG, no scripts, viewable offline).
pub fn html(r: &Report) -> String {
    let notes: String = r
        .notes
        .iter()
        .map(|n| format!("<li>{}</li>", escape(n)))
        .collect();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}} h2{{margin-top:1.6em}}</style></head>
<body><h1>{title}</h1>{incomplete}
<p>{system} system, {trials}, seed {seed}, at most {limit}.</p>
<h2>Outcomes</h2>{wins}
<h2>{counted}</h2><p>mean {mean:.2}, median {median}, 90% {p90}</p>{rounds}
<h2>Survival by combatant</h2>{survival}
<h2>Hit points remaining (mean)</h2>{hp}
<h2>Damage per battle by type</h2>{damage}
<h2>Conditions per battle</h2>{conditions}
<h2>Notes</h2><ul>{notes}</ul>
<pre>{text}</pre>
</body></html>
"#,
        title = escape(&r.name),
        incomplete = if r.complete {
            String::new()
        } else {
            format!(
                "\n<p><strong>Incomplete: interrupted after {} of {} battles.</strong> Every number is for the battles that finished.</p>",
                r.trials, r.planned_trials
            )
        },
        system = r.system,
        trials = count(r.trials, "battle"),
        seed = r.seed,
        limit = escape(&r.limit),
        counted = capitalized(&r.rounds_counted),
        wins = outcome_chart(r),
        mean = r.rounds.mean,
        median = r.rounds.median,
        p90 = r.rounds.p90,
        rounds = rounds_chart(r),
        survival = survival_chart(r),
        hp = hit_points_chart(r),
        damage = per_battle_chart("Damage per battle by type", "damage", &r.damage_per_battle),
        conditions = per_battle_chart(
            "Conditions per battle",
            "conditions",
            &r.conditions_per_battle
        ),
        text = escape(&text(r)),
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn html_escapes_markup_and_control_characters() {
        let shown = super::escape("<b>\"Orc\" & \u{1b}]0;pwned\u{7}</b>\nnext");
        assert_eq!(
            shown,
            "&lt;b&gt;&quot;Orc&quot; &amp; \\u{1b}]0;pwned\\u{7}&lt;/b&gt;\nnext"
        );
    }
}
