//! A sweep's results as a text table and as CSV (one row a point); JSON is the
//! [`Outcome`] serialized. Each point shows both sides' win probability with its 95%
//! interval (and the exact answer where there is one), draws, rounds and survivors.

use std::fmt::Write as _;

use fray::character::Side;

use super::odds::OddsOutcome;
use super::{Evaluation, Found, Outcome};
use crate::report::{Estimate, Report, count, percent};
use fray::math;

/// Combatants of `side` expected standing at the end (the sum of their survival).
pub fn standing(r: &Report, side: Side) -> f64 {
    r.survivors
        .iter()
        .filter(|s| s.side == side)
        .map(|s| s.survival)
        .sum()
}

/// The win estimate as the chart and the search read it: the exact answer where there
/// is one, else the sampled one with its interval.
pub fn best(e: &Estimate) -> (f64, f64, f64, bool) {
    (e.p, e.low, e.high, e.exact)
}

fn cell(e: &Estimate) -> String {
    let (p, low, high, exact) = best(e);
    if exact {
        format!("{} exact", percent(p))
    } else {
        format!("{} [{}, {}]", percent(p), percent(low), percent(high))
    }
}

/// The sweep as a table: a heading, then one line a point.
pub fn text(o: &Outcome) -> String {
    let mut s = String::new();
    if !o.complete {
        let _ = writeln!(
            s,
            "INCOMPLETE: interrupted after {} of {} points",
            o.points.len(),
            o.planned_points
        );
    }
    let per_point = match o.precision {
        Some(p) => format!("to ±{p} a point (at most {})", count(o.trials, "battle")),
        None => format!("{} a point", count(o.trials, "battle")),
    };
    let _ = writeln!(
        s,
        "{} ({} system), {per_point}, sweep seed {}",
        o.name, o.system, o.seed
    );
    s += &table(&rows(o));
    if let Some(f) = &o.find {
        s += &found_text(f);
    }
    s
}

/// The points as rows of cells, a header row first (none when no point finished): what
/// the table and the report's Points show.
pub fn rows(o: &Outcome) -> Vec<Vec<String>> {
    let Some(first) = o.points.first() else {
        return Vec::new();
    };
    let names = &first.report.sides;
    let mut rows = vec![
        o.axes
            .iter()
            .map(|a| a.path.clone())
            .chain([
                format!("{} wins", names[0].name),
                format!("{} wins", names[1].name),
                "draw".into(),
                "rounds".into(),
                "standing a".into(),
                "standing b".into(),
            ])
            .chain(o.precision.map(|_| "battles".into()))
            .collect::<Vec<_>>(),
    ];
    for p in &o.points {
        let r = &p.report;
        rows.push(
            p.values
                .iter()
                .map(|(_, v)| v.to_string())
                .chain([
                    cell(&r.sides[0].win),
                    cell(&r.sides[1].win),
                    percent(r.draw.p),
                    format!("{:.2}", r.rounds.mean),
                    format!("{:.2}", standing(r, Side::A)),
                    format!("{:.2}", standing(r, Side::B)),
                ])
                .chain(o.precision.map(|_| r.trials.to_string()))
                .collect(),
        );
    }
    rows
}

/// Rows as aligned columns, two spaces apart, control characters escaped.
fn table(rows: &[Vec<String>]) -> String {
    let mut s = String::new();
    let widths: Vec<usize> = (0..rows.first().map_or(0, Vec::len))
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        let _ = writeln!(
            s,
            "{}",
            fray::text::escape_controls(line.join("  ").trim_end())
        );
    }
    s
}

/// An odds sweep as a table: a heading, then one line a point (probabilities in
/// percent).
pub fn odds_text(o: &OddsOutcome) -> String {
    let mut s = format!("{} odds, exact\n", o.system);
    s += &table(&odds_rows(o));
    s
}

/// An odds sweep's points as rows of cells, a header row first (probabilities in
/// percent).
pub fn odds_rows(o: &OddsOutcome) -> Vec<Vec<String>> {
    let mut rows = vec![
        o.axes
            .iter()
            .map(|a| a.path.clone())
            .chain(o.outcomes.iter().cloned())
            .collect::<Vec<_>>(),
    ];
    let kinds = o.system.outcomes();
    for p in &o.points {
        rows.push(
            p.values
                .iter()
                .map(|(_, v)| v.to_string())
                .chain(p.outcomes.iter().zip(kinds).map(|(x, (_, prob))| {
                    if *prob {
                        percent(*x)
                    } else {
                        format!("{x:.3}")
                    }
                }))
                .collect(),
        );
    }
    rows
}

/// An odds sweep as CSV: one row a point, the varied values then the outcomes.
pub fn odds_csv(o: &OddsOutcome) -> String {
    let header: Vec<String> = o
        .axes
        .iter()
        .map(|a| field(&a.path))
        .chain(o.outcomes.iter().map(|n| field(n)))
        .collect();
    let mut s = header.join(",") + "\n";
    for p in &o.points {
        let row: Vec<String> = p
            .values
            .iter()
            .map(|(_, v)| v.to_string())
            .chain(p.outcomes.iter().map(|x| number(*x)))
            .collect();
        s += &(row.join(",") + "\n");
    }
    s
}

/// The balance point found, in words: the value, where it started (outward from the
/// scenario's value, when no range was given) and, on a whole-number field, the two
/// whole values around it with their win probabilities.
pub fn found_text(f: &Found) -> String {
    let how = if f.exact {
        "exact answers"
    } else {
        "sampled answers; the range is where the 95% intervals leave the crossing"
    };
    let side = fray::text::escape_controls(&f.side);
    let mut s = match &f.whole_values {
        // All-or-nothing exact answers on a whole-number field (a minions battle is won
        // or lost): the crossing is a step from one whole value to the next, and a value
        // interpolated between them (`armor = 1.990`) would mean nothing.
        Some([below, above])
            if f.exact && [below.p, above.p].iter().all(|&p| p == 0.0 || p == 1.0) =>
        {
            format!(
                "balance point: {side} wins {} between {} = {} and {}: the exact answers step across it from one whole value to the next ({} values tried)\n",
                percent(f.target),
                f.path,
                below.value,
                above.value,
                f.evaluations.len()
            )
        }
        _ => format!(
            "balance point: {side} wins {} at {} = {:.3}, between {} and {} ({how}; {} values tried)\n",
            percent(f.target),
            f.path,
            f.value,
            f.low,
            f.high,
            f.evaluations.len()
        ),
    };
    if let Some(start) = f.start {
        s += &format!(
            "  searched outward from the scenario's value {start}, over {} to {}\n",
            f.from, f.to
        );
    }
    if let Some([below, above]) = &f.whole_values {
        s += &format!(
            "  whole values: at {}, {side} wins {}; at {}, {}\n",
            below.value,
            chance(below),
            above.value,
            chance(above)
        );
    }
    if !f.complete {
        s += "INCOMPLETE: the search was interrupted; the range is where it stood\n";
    }
    s
}

/// A value's win probability tried by the search, with its basis or interval.
pub fn chance(e: &Evaluation) -> String {
    if e.exact {
        format!("{} (exact)", percent(e.p))
    } else {
        format!(
            "{} (95% interval {} to {})",
            percent(e.p),
            percent(e.low),
            percent(e.high)
        )
    }
}

/// A number of a CSV cell as people read it: six significant digits, no float noise
/// (9.0975, not 9.097499999999998; 0.00233003). The JSON keeps every digit.
pub fn number(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return if x.is_nan() {
            "NaN".into()
        } else if x == 0.0 {
            "0".into()
        } else {
            x.to_string()
        };
    }
    let decimals = (5 - math::log10(x.abs()).floor() as i32).clamp(0, 15) as usize;
    let text = format!("{x:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    if text == "-0" {
        "0".into()
    } else {
        text.to_string()
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The sweep as CSV: a header, then one row a point. Each win probability has its
/// interval's ends and its basis (`exact`, or `sampled`); numbers have six significant
/// digits (`--json` keeps every digit); `complete` is false on every row of an
/// interrupted sweep.
pub fn csv(o: &Outcome) -> String {
    let mut header: Vec<String> = o.axes.iter().map(|a| field(&a.path)).collect();
    header.extend(
        [
            "seed",
            "trials",
            "a_win",
            "a_low",
            "a_high",
            "a_basis",
            "b_win",
            "b_low",
            "b_high",
            "b_basis",
            "draw",
            "draw_low",
            "draw_high",
            "rounds_mean",
            "standing_a",
            "standing_b",
            "complete",
        ]
        .map(String::from),
    );
    let mut s = header.join(",") + "\n";
    for p in &o.points {
        let r = &p.report;
        let basis = |e: &Estimate| if e.exact { "exact" } else { "sampled" };
        let mut row: Vec<String> = p.values.iter().map(|(_, v)| v.to_string()).collect();
        row.push(p.seed.to_string());
        row.push(r.trials.to_string());
        for e in [&r.sides[0].win, &r.sides[1].win] {
            row.extend([e.p, e.low, e.high].map(number));
            row.push(basis(e).into());
        }
        row.extend([r.draw.p, r.draw.low, r.draw.high].map(number));
        row.push(number(r.rounds.mean));
        row.push(number(standing(r, Side::A)));
        row.push(number(standing(r, Side::B)));
        row.push(o.complete.to_string());
        s += &(row.join(",") + "\n");
    }
    s
}
