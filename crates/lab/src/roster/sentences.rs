//! One plain sentence per finding of a pricing, for the table and the report.

use super::answer::{ArmyScore, ArmySearch, Metagame, RosterAnswer};
use fray::math;

/// Said of an exact roster whose solve did not settle.
pub const UNSETTLED: &str = "The exact solve did not settle (the units in turn went round without settling, and Newton's steps on every cost at once did not bring each to even): the costs are not exact crossings, only within the intervals shown.";

/// A cost as people read it: three significant figures.
pub fn cost(c: f64) -> String {
    cost_to(c, 3)
}

/// A cost to `significant` digits (at most 6 after the point).
fn cost_to(c: f64, significant: i32) -> String {
    if !(c.is_finite() && c > 0.0) {
        return crate::sweep::output::number(c);
    }
    let digits =
        (significant - 1 - math::log10(c).floor().clamp(-10.0, 10.0) as i32).clamp(0, 6) as usize;
    format!("{c:.digits$}")
}

/// A cost's interval with the digits that tell its ends from the cost (3 significant
/// digits, up to 5 for a narrow one): "10.77 to 10.83", not "10.8 to 10.8".
///
/// ```
/// use fray_lab::roster::sentences::interval;
/// assert_eq!(interval(10.77, 10.8, 10.83), "10.77 to 10.83");
/// assert_eq!(interval(8.1, 9.2, 10.4), "8.10 to 10.4");
/// ```
pub fn interval(low: f64, fitted: f64, high: f64) -> String {
    let apart = |d| cost_to(low, d) != cost_to(fitted, d) && cost_to(high, d) != cost_to(fitted, d);
    let d = (3..=5).find(|&d| apart(d)).unwrap_or(5);
    format!("{} to {}", cost_to(low, d), cost_to(high, d))
}

/// The findings, most important first: units no price makes even, dominated units,
/// cycles, what is left uneven at the fitted costs, and whether the precision was met.
pub fn findings(a: &RosterAnswer) -> Vec<String> {
    let mut out = Vec::new();
    for u in &a.units {
        if let Some(why) = &u.uneven {
            out.push(format!(
                "{} {why} in the range searched ({} times its starting cost either way): no price makes it even.",
                u.name,
                super::price::SEARCH
            ));
        }
    }
    for d in &a.dominated {
        out.push(format!(
            "At the starting costs no one would buy {}: {} does at least as well against every unit, and better against some.",
            d.unit, d.by
        ));
    }
    for c in &a.cycles {
        out.push(format!(
            "A counter cycle remains at the fitted costs: {} beats {}, {} beats {}, {} beats {}.",
            c[0], c[1], c[1], c[2], c[2], c[0]
        ));
    }
    if let Some(line) = a.armies.as_ref().and_then(strongest) {
        out.push(line);
    }
    for (at, m) in [("starting", &a.metagame), ("fitted", &a.fitted_metagame)] {
        if let Some(line) = bought(at, m) {
            out.push(line);
        }
    }
    for row in &a.fitted_matrix.rows {
        if (row.mean - 0.5).abs() >= 0.05 {
            out.push(format!(
                "At the fitted costs {} still scores {:.0}% on average against the rest.",
                row.unit,
                row.mean * 100.0
            ));
        }
    }
    for (u, fitted) in a.units.iter().map(|u| (u, u.fitted)) {
        if u.uneven.is_none() && u.name != a.reference && (fitted / u.cost - 1.0).abs() >= 0.1 {
            let way = if fitted > u.cost { "up" } else { "down" };
            out.push(format!(
                "{} should cost {} rather than {} ({way} {:.0}%).",
                u.name,
                cost(fitted),
                cost(u.cost),
                (fitted / u.cost - 1.0).abs() * 100.0
            ));
        }
    }
    if !a.complete {
        out.push("The pricing was stopped before its end: the costs shown are the last finished round's.".into());
    } else if a.exact && !a.reached {
        out.push(UNSETTLED.into());
    } else if !a.exact && !a.reached {
        out.push(format!(
            "The battle cap came before every cost was known to {:.0}%: raise max_battles for closer prices.",
            a.precision * 100.0
        ));
    }
    out
}

/// What rational players buy at one set of costs, in a sentence: the units of the
/// equilibrium mix, most bought first, and those it leaves out (sampled: those bought in
/// fewer than one resampled matrix in twenty).
fn bought(at: &str, m: &Metagame) -> Option<String> {
    if m.shares.is_empty() {
        return None;
    }
    let mut buy: Vec<_> = m.shares.iter().filter(|s| s.share >= 0.005).collect();
    buy.sort_by(|x, y| y.share.total_cmp(&x.share));
    let never: Vec<&str> = m
        .shares
        .iter()
        .filter(|s| s.bought < 0.05)
        .map(|s| s.unit.as_str())
        .collect();
    let mix = match buy.as_slice() {
        [only] if only.share > 0.995 => format!("only {}", only.unit),
        _ => buy
            .iter()
            .map(|s| format!("{} {:.0}%", s.unit, s.share * 100.0))
            .collect::<Vec<_>>()
            .join(", "),
    };
    let mut line = format!("At the {at} costs rational players buy {mix}");
    if !never.is_empty() && !matches!(buy.as_slice(), [only] if only.share > 0.995) {
        line.push_str(&format!(", and never {}", never.join(" or ")));
    }
    line.push_str(if m.exact {
        " (the matchup game's most even equilibrium)."
    } else {
        " (the matchup game's most even equilibrium; sampled, so each share has the range shown in the table)."
    });
    Some(line)
}

/// An army as people read it: "7 × Skirmisher and 3 × Archer".
pub fn army(a: &ArmyScore) -> String {
    let parts: Vec<String> = a
        .units
        .iter()
        .map(|u| format!("{} × {}", u.count, u.unit))
        .collect();
    match parts.as_slice() {
        [] => "no one".into(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// A score with its interval, in percent ("78% [76%, 80%]", or "78% (exact)").
fn scored(score: f64, low: f64, high: f64, exact: bool) -> String {
    if exact {
        format!("{:.0}% (exact)", score * 100.0)
    } else {
        format!(
            "{:.0}% [{:.0}%, {:.0}%]",
            score * 100.0,
            low * 100.0,
            high * 100.0
        )
    }
}

/// How far the strongest army found is from even against the field, in a sentence, and
/// the unit it leans on (the one it spends most on).
fn strongest(s: &ArmySearch) -> Option<String> {
    let best = s.armies.first()?;
    let shown = scored(best.score, best.low, best.high, s.exact);
    let beats = if s.exact {
        best.score > 0.5 + 1e-9
    } else {
        best.low > 0.5
    };
    if !beats {
        return Some(format!(
            "No army beats the field by more than its interval: the strongest found, {}, {} points, scores {shown} against the single-unit armies.",
            army(best),
            cost(best.cost)
        ));
    }
    let spent = |u: &super::answer::InArmy| {
        let i = s.units.iter().position(|n| *n == u.unit).unwrap_or(0);
        f64::from(u.count) * s.costs.get(i).copied().unwrap_or(0.0)
    };
    let leans = best
        .units
        .iter()
        .max_by(|x, y| spent(x).total_cmp(&spent(y)))?;
    let how = if best.units.len() > 1 {
        format!("the {} is underpriced in company", leans.unit)
    } else {
        format!("the {} is underpriced", leans.unit)
    };
    Some(format!(
        "{}, {} points, scores {shown} against the field: {how}.",
        army(best),
        cost(best.cost)
    ))
}

/// An army's score to a tenth of a percent with its 95% interval ("58.3% [57.8%,
/// 58.9%]"), or "88.0% (exact)" when exact.
pub fn army_score(a: &ArmyScore, exact: bool) -> String {
    if exact {
        format!("{:.1}% (exact)", a.score * 100.0)
    } else {
        format!(
            "{:.1}% [{:.1}%, {:.1}%]",
            a.score * 100.0,
            a.low * 100.0,
            a.high * 100.0
        )
    }
}
