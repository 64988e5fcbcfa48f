//! A pricing as a page and as CSV: the matrix at the fair costs as a heat map, units
//! ordered by fair cost; the fair costs as bars with their intervals; one sentence per
//! finding; and the units as CSV rows.

use super::answer::{ArmyScore, Matrix, Metagame, RosterAnswer, UnitPrice};
use super::sentences::cost;
use crate::charts::{self, Axis, Bar, BarChart, HeatMap};
use crate::report::escape;
use crate::sweep::output::number;

/// The units in the order of their fair costs, cheapest first.
fn by_cost(a: &RosterAnswer) -> Vec<usize> {
    let mut order: Vec<usize> = (0..a.units.len()).collect();
    order.sort_by(|&x, &y| a.units[x].fitted.total_cmp(&a.units[y].fitted));
    order
}

/// The matrix as a heat map: each cell the row's score against the column (a unit
/// against itself even), units ordered by `order`.
fn heat(a: &RosterAnswer, m: &Matrix, title: &str, order: &[usize]) -> String {
    let names: Vec<String> = order.iter().map(|&u| a.units[u].name.clone()).collect();
    let values = order
        .iter()
        .map(|&col| {
            order
                .iter()
                .map(|&row| {
                    m.rows
                        .get(row)
                        .and_then(|r| r.cells[col])
                        .map_or(0.5, |c| c.score)
                })
                .collect()
        })
        .collect();
    charts::heat_map(&HeatMap {
        title: title.to_string(),
        x_desc: "against (ordered by fair cost)".into(),
        y_desc: "score of".into(),
        xs: names.clone(),
        ys: names,
        values,
        contour: 0.5,
    })
}

/// The fair costs as bars, their intervals as whiskers, the starting costs in the text.
fn costs(a: &RosterAnswer, order: &[usize]) -> String {
    charts::bars(&BarChart {
        title: format!("Fair costs ({} keeps its cost)", a.reference),
        axis: Axis::Number,
        value_desc: "cost".into(),
        series: vec!["fair cost".into()],
        bars: order
            .iter()
            .map(|&u| {
                let unit = &a.units[u];
                Bar {
                    interval: (unit.low < unit.high).then_some((unit.low, unit.high)),
                    ..Bar::new(
                        &unit.name,
                        unit.fitted,
                        format!("{} (was {})", cost(unit.fitted), cost(unit.cost)),
                        0,
                    )
                }
            })
            .collect(),
    })
}

/// What rational players buy: each unit's share of the equilibrium mix at the starting
/// and at the fair costs, side by side, with its 95% range when sampled.
fn bought(a: &RosterAnswer, order: &[usize]) -> String {
    let mut bars = Vec::new();
    for &u in order {
        for (series, (m, at)) in [(&a.metagame, "starting"), (&a.fitted_metagame, "fair")]
            .into_iter()
            .enumerate()
        {
            if let Some(x) = m.shares.get(u) {
                bars.push(Bar {
                    interval: (x.low < x.high).then_some((x.low, x.high)),
                    ..Bar::new(
                        format!("{} ({at})", a.units[u].name),
                        x.share,
                        format!("{:.0}%", x.share * 100.0),
                        series,
                    )
                });
            }
        }
    }
    charts::bars(&BarChart {
        title: "What rational players buy (the equilibrium mix)".into(),
        axis: Axis::Percent,
        value_desc: "share of the equilibrium mix".into(),
        series: vec!["at the starting costs".into(), "at the fair costs".into()],
        bars,
    })
}

/// An army's score as a bar: its score against the field, with its 95% interval when
/// sampled, labelled `#N` (the table beside it names the army).
fn score_bar(label: String, army: &ArmyScore, exact: bool) -> Bar {
    Bar {
        interval: (!exact && army.low < army.high).then_some((army.low, army.high)),
        ..Bar::new(
            label,
            army.score,
            super::sentences::army_score(army, exact),
            0,
        )
    }
}

/// The strongest mixed armies found: what each spends its points on (stacked by unit,
/// each unit a colour), its score against the field with its interval, and a table.
fn armies(a: &RosterAnswer) -> String {
    let Some(s) = &a.armies else {
        return String::new();
    };
    let unit = |name: &str| s.units.iter().position(|u| u == name).unwrap_or(0);
    let composition = charts::bars(&BarChart {
        title: "What the strongest armies spend their points on".into(),
        axis: Axis::Percent,
        value_desc: "share of the army's cost".into(),
        series: s.units.clone(),
        bars: s
            .armies
            .iter()
            .enumerate()
            .map(|(i, army)| {
                let parts = army
                    .units
                    .iter()
                    .map(|u| {
                        let at = unit(&u.unit);
                        let spent = s.costs.get(at).copied().unwrap_or(0.0) * f64::from(u.count);
                        (
                            at,
                            if army.cost > 0.0 {
                                spent / army.cost
                            } else {
                                0.0
                            },
                        )
                    })
                    .collect();
                Bar {
                    parts,
                    ..Bar::new(
                        format!("#{}", i + 1),
                        1.0,
                        format!("{} points", cost(army.cost)),
                        0,
                    )
                }
            })
            .collect(),
    });
    let scores = charts::bars(&BarChart {
        title: "Their scores against the field (50% is even)".into(),
        axis: Axis::Percent,
        value_desc: "mean score against the field".into(),
        series: vec!["score".into()],
        bars: s
            .armies
            .iter()
            .enumerate()
            .map(|(i, army)| score_bar(format!("#{}", i + 1), army, s.exact))
            .collect(),
    });
    let rows: String = s
        .armies
        .iter()
        .enumerate()
        .map(|(i, army)| {
            let score = super::sentences::army_score(army, s.exact);
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{score}</td></tr>\n",
                i + 1,
                escape(&super::sentences::army(army)),
                cost(army.cost)
            )
        })
        .collect();
    format!(
        "<h2>Strongest armies against the field</h2>\n<p>Of {} full armies, each scored against every unit's army alone at the same budget ({} battles).</p>\n<figure>{composition}</figure>\n<figure>{scores}</figure>\n<table>\n<tr><th>#</th><th>army</th><th>cost</th><th>score</th></tr>\n{rows}</table>\n",
        s.candidates, s.battles,
    )
}

/// Prices against mixed armies (`fair = "armies"`), before and after: the best army a
/// search found at each round's costs (the first round's are fair for single-unit
/// armies), and the best a fresh search finds at the final costs.
fn fair_armies(a: &RosterAnswer) -> String {
    let Some(f) = &a.armies_fair else {
        return String::new();
    };
    let mut bars: Vec<Bar> = f
        .rounds
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let label = if i == 0 {
                "before (single-unit fair)".to_string()
            } else {
                format!("round {}", i + 1)
            };
            score_bar(label, &r.best, a.exact)
        })
        .collect();
    bars.push(Bar {
        series: 1,
        ..score_bar("after (a fresh search)".into(), &f.after, a.exact)
    });
    let chart = charts::bars(&BarChart {
        title: "The strongest army, before and after pricing against armies".into(),
        axis: Axis::Percent,
        value_desc: "best army's score against the field".into(),
        series: vec!["while pricing".into(), "at the final costs".into()],
        bars,
    });
    format!("<h2>Prices against mixed armies</h2>\n<figure>{chart}</figure>\n")
}

const STYLE: &str = "body{font-family:sans-serif;max-width:760px;margin:2em auto;padding:0 0.5em;color:#222} \
    figure{margin:1.2em 0} svg{max-width:100%;height:auto} li{margin:.3em 0}";

/// The report page, self-contained (SVG charts, no script, nothing fetched).
pub fn html(a: &RosterAnswer) -> String {
    let order = by_cost(a);
    let basis = if a.exact && a.reached {
        "Every matchup is exact (minions battles have no dice).".to_string()
    } else if a.exact {
        format!(
            "Every matchup is exact (minions battles have no dice), but the solve did not settle: the costs are within their intervals, not exact crossings. {} battles.",
            a.battles
        )
    } else {
        format!(
            "Sampled: {} battles in {} rounds of fitting; costs to {}% (95% intervals){}.",
            a.battles,
            a.rounds,
            a.precision * 100.0,
            if a.reached { "" } else { ", not reached" }
        )
    };
    let findings: String = a
        .findings
        .iter()
        .map(|f| format!("<li>{}</li>\n", escape(f)))
        .collect();
    let incomplete = if a.complete {
        ""
    } else {
        "<p><strong>Stopped before its end: incomplete.</strong></p>\n"
    };
    format!(
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Roster: {name}</title>
<style>{STYLE}</style></head>
<body><h1>Roster: {name}</h1>
<p>{system} armies of budget {budget}, fair = {fair}. {basis}</p>
{incomplete}<figure>{costs}</figure>
<figure>{fitted}</figure>
<figure>{starting}</figure>
<figure>{bought}</figure>
{armies}{fair_armies}<h2>Findings</h2>
<ul>
{findings}</ul>
</body></html>
"#,
        name = escape(&a.name),
        system = a.system,
        budget = cost(a.budget),
        fair = escape(&a.fair),
        costs = costs(a, &order),
        fitted = heat(a, &a.fitted_matrix, "Scores at the fair costs", &order),
        starting = heat(a, &a.matrix, "Scores at the starting costs", &order),
        bought = bought(a, &order),
        armies = armies(a),
        fair_armies = fair_armies(a),
    )
}

/// One CSV line a unit: its costs and interval, its mean score and its share of the
/// equilibrium mix at the starting and the fair costs, and how its cost is known, six
/// significant digits (the JSON keeps every digit).
pub fn csv(a: &RosterAnswer) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = String::from(
        "unit,cost,fitted,low,high,uneven,mean_score_at_cost,mean_score_at_fitted,share_at_cost,share_at_fitted,basis\n",
    );
    for (u, unit) in a.units.iter().enumerate() {
        let mean = |m: &Matrix| m.rows.get(u).map_or(String::new(), |r| number(r.mean));
        let share = |m: &Metagame| m.shares.get(u).map_or(String::new(), |x| number(x.share));
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{}\n",
            quote(&unit.name),
            number(unit.cost),
            number(unit.fitted),
            number(unit.low),
            number(unit.high),
            unit.uneven.as_deref().map(quote).unwrap_or_default(),
            mean(&a.matrix),
            mean(&a.fitted_matrix),
            share(&a.metagame),
            share(&a.fitted_metagame),
            basis(a, unit)
        ));
    }
    out
}

/// How a unit's cost is known, for the CSV: `kept` (the reference), `exact`, `unsettled`
/// (an exact roster whose solve did not settle) or `sampled`.
fn basis(a: &RosterAnswer, unit: &UnitPrice) -> &'static str {
    match (unit.name == a.reference, a.exact, a.reached) {
        (true, ..) => "kept",
        (false, true, true) => "exact",
        (false, true, false) => "unsettled",
        (false, false, _) => "sampled",
    }
}
