//! The sweep's HTML page and its charts: for one axis, curves of both sides' win
//! probability (with the 95% interval as a band), of rounds and of survivors; for two,
//! a heat map of side a's win probability with the 50% contour marked; for a search,
//! the curve of the values tried. Self-contained (inline SVG, no scripts): it opens
//! offline.

use fray::character::Side;

use super::odds::OddsOutcome;
use super::output::{best, found_text, odds_rows, rows, standing};
use super::paths::in_words;
use super::{Found, Number, Outcome, PointResult};
use crate::charts::{self, Axis, HeatMap, Line, LineChart};
use crate::report::{escape, percent};

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
                    title: format!("Win probability by {}", in_words(&axis.path)),
                    x_desc: in_words(&axis.path),
                    y_desc: "win probability".into(),
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
                    title: format!("Rounds by {}", in_words(&axis.path)),
                    x_desc: in_words(&axis.path),
                    y_desc: "rounds (mean)".into(),
                    axis: Axis::Number,
                    lines: vec![plain("mean rounds", &|p| p.report.rounds.mean)],
                }),
            ));
            out.push((
                "survivors".into(),
                charts::lines(&LineChart {
                    title: format!("Combatants standing by {}", in_words(&axis.path)),
                    x_desc: in_words(&axis.path),
                    y_desc: "combatants standing (mean)".into(),
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
            let values = grid(&first.values, &second.values, |a, b| {
                o.points
                    .iter()
                    .find(|p| p.values[0].1 == a && p.values[1].1 == b)
                    .map(|p| best(&p.report.sides[0].win).0)
            });
            let side = o
                .points
                .first()
                .map_or("side a".to_string(), |p| p.report.sides[0].name.clone());
            out.push((
                "heat".into(),
                charts::heat_map(&HeatMap {
                    title: format!("{side}'s win probability"),
                    x_desc: in_words(&first.path),
                    y_desc: in_words(&second.path),
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

/// `values[column][row]` of a heat map: `at(x, y)` for every pair, NaN where no point
/// finished.
fn grid(xs: &[Number], ys: &[Number], at: impl Fn(Number, Number) -> Option<f64>) -> Vec<Vec<f64>> {
    xs.iter()
        .map(|a| ys.iter().map(|b| at(*a, *b).unwrap_or(f64::NAN)).collect())
        .collect()
}

/// Every chart of an odds sweep as (file stem, SVG): for one axis, a curve of each
/// outcome; for two, a heat map of each probability with its 50% contour.
pub fn odds_charts(o: &OddsOutcome) -> Vec<(String, String)> {
    let kinds = o.system.outcomes();
    let mut out = Vec::new();
    for (k, (name, prob)) in kinds.iter().enumerate() {
        match o.axes.as_slice() {
            [axis] => out.push((
                (*name).to_string(),
                charts::lines(&LineChart {
                    title: format!("{} by {}", in_words(name), in_words(&axis.path)),
                    x_desc: in_words(&axis.path),
                    y_desc: in_words(name),
                    axis: if *prob { Axis::Percent } else { Axis::Number },
                    lines: vec![Line {
                        name: (*name).into(),
                        points: o
                            .points
                            .iter()
                            .map(|p| (p.values[0].1.as_f64(), p.outcomes[k], None))
                            .collect(),
                    }],
                }),
            )),
            [first, second] if *prob => out.push((
                format!("{name}_heat"),
                charts::heat_map(&HeatMap {
                    title: format!("{} ({} odds)", in_words(name), o.system),
                    x_desc: in_words(&first.path),
                    y_desc: in_words(&second.path),
                    xs: first.values.iter().map(ToString::to_string).collect(),
                    ys: second.values.iter().map(ToString::to_string).collect(),
                    values: grid(&first.values, &second.values, |a, b| {
                        o.points
                            .iter()
                            .find(|p| p.values[0].1 == a && p.values[1].1 == b)
                            .map(|p| p.outcomes[k])
                    }),
                    contour: 0.5,
                }),
            )),
            _ => {}
        }
    }
    out
}

/// The pages' style: a column for reading, charts that shrink with the window, and
/// the Points table wrapping its cells to fit (scrolling in its own box if it still
/// cannot), so no column is cut off at the column's edge; and the balance point's
/// table of the whole values around it.
const STYLE: &str = "body{font-family:sans-serif;max-width:760px;margin:2em auto;padding:0 0.5em;color:#222} \
    figure{margin:1.2em 0} svg{max-width:100%;height:auto} \
    .points{overflow-x:auto;max-width:100%} .points table{border-collapse:collapse;font-size:14px} \
    .points th,.points td{padding:0.25em 0.6em;text-align:right;border-bottom:1px solid #ddd} \
    .points th{vertical-align:bottom} \
    table.whole{border-collapse:collapse;margin:.5em 0} table.whole td,table.whole th{padding:.2em .8em;text-align:left}";

/// The points as an HTML table (the first row its headings) in a box of its own; a
/// heading that is a long path may break after each dot.
fn points(rows: &[Vec<String>]) -> String {
    let Some((head, body)) = rows.split_first() else {
        return "<p>No point finished.</p>".into();
    };
    let cells = |row: &[String], tag: &str| -> String {
        row.iter()
            .map(|c| {
                let text = escape(c);
                let text = if tag == "th" {
                    text.replace('.', ".<wbr>")
                } else {
                    text
                };
                format!("<{tag}>{text}</{tag}>")
            })
            .collect()
    };
    let body: String = body
        .iter()
        .map(|r| format!("<tr>{}</tr>\n", cells(r, "td")))
        .collect();
    format!(
        "<div class=\"points\"><table>\n<thead><tr>{}</tr></thead>\n<tbody>\n{body}</tbody></table></div>",
        cells(head, "th")
    )
}

/// An odds sweep as a self-contained HTML page.
pub fn odds_html(o: &OddsOutcome) -> String {
    let figures: String = odds_charts(o)
        .into_iter()
        .map(|(_, svg)| format!("<figure>{svg}</figure>\n"))
        .collect();
    let axes: Vec<String> = o
        .axes
        .iter()
        .map(|a| format!("{} ({} values)", escape(&a.path), a.values.len()))
        .collect();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Odds sweep: {system}</title>
<style>{STYLE}</style></head>
<body><h1>Odds sweep: {system}</h1>
<p>Exact odds (closed forms, no sampling); varied: {axes}. Each point's full answer is in the JSON output.</p>
{figures}<h2>Points</h2>
{points}
</body></html>
"#,
        system = o.system,
        axes = axes.join(", "),
        points = points(&odds_rows(o)),
    )
}

/// The values the search tried and the side's win probability at each.
fn search_chart(f: &Found) -> String {
    charts::lines(&LineChart {
        title: format!("Search: {} wins by {}", f.side, in_words(&f.path)),
        x_desc: in_words(&f.path),
        y_desc: format!("{} wins", f.side),
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

/// The balance point as the page shows it: its sentences, and on a whole-number field a
/// table of the two whole values around it with their win probabilities and intervals.
fn found_html(f: &Found) -> String {
    let mut out: String = found_text(f)
        .lines()
        .filter(|l| !l.trim_start().starts_with("whole values:"))
        .map(|l| format!("<p>{}</p>\n", escape(l.trim())))
        .collect();
    if let Some(whole) = &f.whole_values {
        let rows: String = whole
            .iter()
            .map(|e| {
                let interval = if e.exact {
                    "exact".to_string()
                } else {
                    format!("{} to {}", percent(e.low), percent(e.high))
                };
                format!(
                    "<tr><td>{}</td><td>{}</td><td>{interval}</td></tr>",
                    e.value,
                    percent(e.p)
                )
            })
            .collect();
        out += &format!(
            "<table class=\"whole\"><caption>The whole values around the balance point</caption><tr><th>{}</th><th>{} wins</th><th>95% interval</th></tr>{rows}</table>\n",
            escape(&f.path),
            escape(&f.side)
        );
    }
    out
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
    let found = o.find.as_ref().map(found_html).unwrap_or_default();
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Sweep: {title}</title>
<style>{STYLE}</style></head>
<body><h1>Sweep: {title}</h1>{incomplete}
<p>{system} system, {trials} trials a point, sweep seed {seed}; varied: {axes}. Each point is a whole battle run with its own seed (in the JSON output); win probabilities are exact where the lab solves the battle, else sampled with a 95% band.</p>
{found}{figures}<h2>Points</h2>
{points}
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
        points = points(&rows(o)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_a_table_in_a_box_of_their_own() {
        let rows = vec![
            vec!["hp".to_string(), "<a> wins".to_string()],
            vec!["20".to_string(), "99.77% exact".to_string()],
        ];
        let html = points(&rows);
        assert!(html.starts_with("<div class=\"points\"><table>"), "{html}");
        assert!(
            html.contains("<th>hp</th><th>&lt;a&gt; wins</th>"),
            "{html}"
        );
        let path = points(&[vec!["a.hp".to_string()]]);
        assert!(path.contains("<th>a.<wbr>hp</th>"), "{path}");
        assert!(
            html.contains("<tr><td>20</td><td>99.77% exact</td></tr>"),
            "{html}"
        );
        assert_eq!(points(&[]), "<p>No point finished.</p>");
        assert!(STYLE.contains(".points{overflow-x:auto"));
    }
}
