//! The sweep's HTML page and its charts: for one axis, curves of both sides' win
//! probability (with the 95% interval as a band), of rounds and of survivors; for two,
//! a heat map of side a's win probability with the 50% contour marked; for a search,
//! the curve of the values tried. Self-contained (inline SVG, no scripts): it opens
//! offline.

use fray::character::Side;

use super::output::{best, found_text, standing, text};
use super::{Found, Outcome, PointResult};
use crate::charts::{self, Axis, HeatMap, Line, LineChart};
use crate::report::escape;

/// Every chart of the sweep as (file stem, SVG), in the page's order.
pub fn charts(o: &Outcome) -> Vec<(String, String)> {
    let mut out = Vec::new();
    match o.axes.as_slice() {
        [axis] => {
            let x = |p: &PointResult| p.values[0].1.as_f64();
            let names = o
                .points
                .first()
                .map(|p| p.report.sides.clone().map(|s| s.name));
            let names = names.unwrap_or_else(|| ["side a".into(), "side b".into()]);
            let win = |i: usize| Line {
                name: format!("{} wins", names[i]),
                points: o
                    .points
                    .iter()
                    .map(|p| {
                        let (v, low, high, exact) = best(&p.report.sides[i].win);
                        (x(p), v, (!exact).then_some((low, high)))
                    })
                    .collect(),
            };
            out.push((
                "win".into(),
                charts::lines(&LineChart {
                    title: format!("Win probability by {}", axis.path),
                    x_desc: axis.path.clone(),
                    axis: Axis::Percent,
                    lines: vec![win(0), win(1)],
                }),
            ));
            let plain = |name: &str, f: &dyn Fn(&PointResult) -> f64| Line {
                name: name.into(),
                points: o.points.iter().map(|p| (x(p), f(p), None)).collect(),
            };
            out.push((
                "rounds".into(),
                charts::lines(&LineChart {
                    title: format!("Rounds by {}", axis.path),
                    x_desc: axis.path.clone(),
                    axis: Axis::Number,
                    lines: vec![plain("mean rounds", &|p| p.report.rounds.mean)],
                }),
            ));
            out.push((
                "survivors".into(),
                charts::lines(&LineChart {
                    title: format!("Combatants standing by {}", axis.path),
                    x_desc: axis.path.clone(),
                    axis: Axis::Number,
                    lines: vec![
                        plain(&format!("{} standing (mean)", names[0]), &|p| {
                            standing(&p.report, Side::A)
                        }),
                        plain(&format!("{} standing (mean)", names[1]), &|p| {
                            standing(&p.report, Side::B)
                        }),
                    ],
                }),
            ));
        }
        [first, second] => {
            let values: Vec<Vec<f64>> = first
                .values
                .iter()
                .map(|a| {
                    second
                        .values
                        .iter()
                        .map(|b| {
                            o.points
                                .iter()
                                .find(|p| p.values[0].1 == *a && p.values[1].1 == *b)
                                .map_or(f64::NAN, |p| best(&p.report.sides[0].win).0)
                        })
                        .collect()
                })
                .collect();
            let side = o
                .points
                .first()
                .map_or("side a".to_string(), |p| p.report.sides[0].name.clone());
            out.push((
                "heat".into(),
                charts::heat_map(&HeatMap {
                    title: format!("{side}'s win probability"),
                    x_desc: first.path.clone(),
                    y_desc: second.path.clone(),
                    xs: first.values.iter().map(ToString::to_string).collect(),
                    ys: second.values.iter().map(ToString::to_string).collect(),
                    values,
                    contour: 0.5,
                }),
            ));
        }
        _ => {}
    }
    if let Some(f) = &o.find {
        out.push(("find".into(), search_chart(f)));
    }
    out
}

/// The values the search tried and the side's win probability at each.
fn search_chart(f: &Found) -> String {
    charts::lines(&LineChart {
        title: format!("Search: {} wins by {}", f.side, f.path),
        x_desc: f.path.clone(),
        axis: Axis::Percent,
        lines: vec![
            Line {
                name: format!("{} wins", f.side),
                points: f
                    .evaluations
                    .iter()
                    .map(|e| (e.value.as_f64(), e.p, (!e.exact).then_some((e.low, e.high))))
                    .collect(),
            },
            Line {
                name: format!("target {:.0}%", f.target * 100.0),
                points: [f.low, f.high]
                    .into_iter()
                    .map(|x| (x, f.target, None))
                    .collect(),
            },
        ],
    })
}

/// The sweep as a self-contained HTML page.
pub fn html(o: &Outcome) -> String {
    let figures: String = charts(o)
        .into_iter()
        .map(|(_, svg)| format!("<figure>{svg}</figure>\n"))
        .collect();
    let incomplete = if o.complete {
        String::new()
    } else {
        format!(
            "<p><strong>Incomplete: interrupted after {} of {} points.</strong> Only the points that finished are shown.</p>",
            o.points.len(),
            o.planned_points
        )
    };
    let axes: Vec<String> = o
        .axes
        .iter()
        .map(|a| format!("{} ({} values)", escape(&a.path), a.values.len()))
        .collect();
    let found = o
        .find
        .as_ref()
        .map(|f| format!("<p>{}</p>", escape(&found_text(f))))
        .unwrap_or_default();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sweep: {title}</title>
<style>body{{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}} figure{{margin:1.2em 0}} pre{{overflow-x:auto}}</style></head>
<body><h1>Sweep: {title}</h1>{incomplete}
<p>{system} system, {trials} trials a point, sweep seed {seed}; varied: {axes}. Each point is a whole battle run with its own seed (in the JSON output); win probabilities are exact where the lab solves the battle, else sampled with a 95% band.</p>
{found}{figures}<h2>Points</h2>
<pre>{text}</pre>
</body></html>
"#,
        title = escape(&o.name),
        system = escape(&o.system),
        trials = o.trials,
        seed = o.seed,
        axes = if axes.is_empty() {
            "nothing (a search only)".into()
        } else {
            axes.join(", ")
        },
        text = escape(&text(o)),
    )
}
