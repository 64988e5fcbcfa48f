//! The design check as a self-contained HTML page: one section a goal, with the goal in
//! our words, both figures, a chart drawn by [`crate::charts`] (inline SVG, no external
//! resource) and the plain sentence of what the numbers show.

use super::{Chart, DesignCheck, Goal};
use crate::charts::{self, Axis, Bar, BarChart, Line, LineChart};
use crate::report::{escape, percent};

/// The name of the baseline a goal's text is compared with, for legends.
fn baseline_name(g: &Goal) -> &'static str {
    if g.text == "evasion" {
        "NetHack 3.6"
    } else {
        "D&D 4E"
    }
}

/// A goal's chart as SVG, or `None` when nothing was measured.
pub fn chart(g: &Goal) -> Option<String> {
    let names = [baseline_name(g).to_string(), "new rules".to_string()];
    match &g.chart {
        Chart::None => None,
        Chart::Lines {
            x,
            y,
            percent,
            points,
        } => Some(charts::lines(&LineChart {
            title: y.clone(),
            x_desc: x.clone(),
            y_desc: y.clone(),
            axis: if *percent {
                Axis::Percent
            } else {
                Axis::Number
            },
            lines: names
                .iter()
                .enumerate()
                .map(|(i, name)| Line {
                    name: name.clone(),
                    points: points
                        .iter()
                        .map(|p| (p.0, if i == 0 { p.1 } else { p.2 }, None))
                        .collect(),
                })
                .collect(),
        })),
        Chart::Bars {
            y,
            percent: as_percent,
            rows,
        } => {
            let text = |v: f64| {
                if *as_percent {
                    percent(v)
                } else {
                    format!("{v:.2}")
                }
            };
            Some(charts::bars(&BarChart {
                title: y.clone(),
                value_desc: y.clone(),
                axis: if *as_percent {
                    Axis::Percent
                } else {
                    Axis::Number
                },
                series: names.to_vec(),
                bars: rows
                    .iter()
                    .flat_map(|(label, b, n)| {
                        [
                            Bar::new(label.clone(), b.max(0.0), text(*b), 0),
                            Bar::new(String::new(), n.max(0.0), text(*n), 1),
                        ]
                    })
                    .collect(),
            }))
        }
    }
}

/// Every chart, named by its goal's id (for the report's SVG files).
pub fn charts(c: &DesignCheck) -> Vec<(String, String)> {
    c.goals
        .iter()
        .filter_map(|g| chart(g).map(|svg| (g.id.replace('.', "-"), svg)))
        .collect()
}

/// One goal's section.
fn section(g: &Goal) -> String {
    let figure = chart(g)
        .map(|svg| format!("<figure>{svg}</figure>\n"))
        .unwrap_or_else(|| "<p><em>No chart: nothing was measured.</em></p>\n".into());
    format!(
        r#"<section class="goal" id="{id}">
<h2>{goal}</h2>
<p class="source">({source}) · <code>{id}</code> · {basis}</p>
<p><strong>Measured:</strong> {measured}</p>
<table><tr><th>{baseline_name}</th><td class="baseline">{baseline}</td></tr>
<tr><th>new rules</th><td class="new">{new}</td></tr>{change}
<tr><th>verdict</th><td class="verdict">{verdict}</td></tr></table>
{figure}<p class="summary">{summary}</p>
</section>
"#,
        id = escape(g.id),
        goal = escape(g.goal),
        source = escape(g.source),
        basis = escape(g.basis),
        measured = escape(&g.measured),
        baseline_name = escape(baseline_name(g)),
        baseline = escape(&g.shown(g.baseline)),
        new = escape(&g.shown(g.new)),
        change = g
            .shown_difference()
            .map(|d| format!(
                "\n<tr><th>change</th><td class=\"change\">{}</td></tr>",
                escape(&d)
            ))
            .unwrap_or_default(),
        verdict = escape(&match g.wanted {
            Some(w) => format!(
                "{} (the text wants the figure {})",
                g.verdict.word(),
                w.phrase()
            ),
            None => g.verdict.word().to_string(),
        }),
        summary = escape(&g.summary),
    )
}

/// The whole check as one HTML page that opens offline.
pub fn html(c: &DesignCheck) -> String {
    let compared: Vec<String> = c
        .baselines
        .iter()
        .map(|(text, b)| format!("the {} text against {}", escape(text), escape(b)))
        .collect();
    let sections: String = c.goals.iter().map(section).collect();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Design check</title>
<style>body{{font-family:sans-serif;max-width:780px;margin:2em auto;color:#222}} figure{{margin:1em 0}} section{{border-top:1px solid #ccc;padding-top:.5em}} .source{{color:#666;font-size:.9em}} table{{border-collapse:collapse}} th,td{{padding:.2em .8em;text-align:left}}</style></head>
<body><h1>Design check</h1>
<p>Each goal a rules text states, measured on the standard population (docs/design-check.md) under the rules it replaces and under the new rules: {compared}. Every figure is exact (closed forms and enumeration, no sampling).</p>
{sections}</body></html>
"#,
        compared = compared.join("; "),
    )
}
