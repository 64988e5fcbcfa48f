//! A pricing as the command line prints it: the costs, the matrices, the findings.

use std::fmt::Write as _;

use super::answer::{Matrix, Metagame, RosterAnswer};
use super::sentences::{cost, interval};

/// The table of costs, both matrices and the findings.
pub fn text(a: &RosterAnswer) -> String {
    let mut s = String::new();
    let basis = match (a.exact, a.reached) {
        (true, true) => "exact",
        (true, false) => "exact odds, but the solve did not settle: each cost within its interval",
        (false, _) => "sampled, 95% intervals",
    };
    let _ = writeln!(
        s,
        "{} ({}): armies of budget {}, fair = {}, {} keeps its cost ({basis})",
        a.name,
        a.system,
        cost(a.budget),
        a.fair,
        a.reference
    );
    let width = a
        .units
        .iter()
        .map(|u| u.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    // A matrix row is labelled `#n NAME`.
    let label = width + 1 + a.units.len().to_string().len() + 1;
    let _ = writeln!(
        s,
        "\n{:<width$}  {:>9}  {:>9}  interval",
        "unit", "cost", "fair cost"
    );
    for u in &a.units {
        let interval = if u.name == a.reference {
            "keeps its cost".to_string()
        } else if u.low == u.high && a.reached {
            "exact".to_string()
        } else {
            interval(u.low, u.fitted, u.high)
        };
        let note = u
            .uneven
            .as_deref()
            .map(|w| format!("  ({w})"))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "{:<width$}  {:>9}  {:>9}  {interval}{note}",
            u.name,
            cost(u.cost),
            cost(u.fitted)
        );
    }
    matrix(&mut s, "at the starting costs", &a.matrix, label);
    matrix(&mut s, "at the fair costs", &a.fitted_matrix, label);
    metagame(&mut s, a, width);
    armies(&mut s, a);
    armies_fair(&mut s, a, width);
    if !a.findings.is_empty() {
        let _ = writeln!(s, "\nfindings:");
        for f in &a.findings {
            let _ = writeln!(s, "- {f}");
        }
    }
    if a.exact {
        let _ = writeln!(
            s,
            "\n{} battles (exact: the solve plays each whole-count battle once){}",
            a.battles,
            if a.reached { "" } else { "; not settled" }
        );
    } else {
        let _ = writeln!(
            s,
            "\n{} battles, {} round{} of fitting",
            a.battles,
            a.rounds,
            if a.rounds == 1 { "" } else { "s" }
        );
    }
    s
}

/// A matrix: each row's score (wins, draws counting half) against each column, in
/// percent, with the half-width of its 95% interval when sampled; then the pairs that
/// drew.
fn matrix(s: &mut String, title: &str, m: &Matrix, width: usize) {
    if m.rows.is_empty() {
        return;
    }
    let sampled = m
        .rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten())
        .any(|c| c.high > c.low);
    let what = if sampled {
        "percent, ± the 95% interval's half-width"
    } else {
        "percent, exact"
    };
    let _ = writeln!(s, "\nrow's score against column, {title} ({what}):");
    let cell = if sampled { 6 } else { 4 };
    let _ = write!(s, "{:<width$}", "");
    for (i, _) in m.rows.iter().enumerate() {
        let _ = write!(s, "  {:>cell$}", format!("#{}", i + 1));
    }
    let _ = writeln!(s, "  {:>4}", "mean");
    for (i, row) in m.rows.iter().enumerate() {
        let _ = write!(s, "{:<width$}", format!("#{} {}", i + 1, row.unit));
        for c in &row.cells {
            let shown = match c {
                Some(c) if sampled => {
                    let half = (c.high - c.low) / 2.0 * 100.0;
                    format!("{:.0}±{:.0}", c.score * 100.0, half)
                }
                Some(c) => format!("{:.0}", c.score * 100.0),
                None => "-".to_string(),
            };
            let _ = write!(s, "  {shown:>cell$}");
        }
        let _ = writeln!(s, "  {:>4.0}", row.mean * 100.0);
    }
    // Each pair once (the row before the column), where a draw is at least 1%.
    let pairs = || {
        m.rows.iter().enumerate().flat_map(|(i, row)| {
            row.cells
                .iter()
                .enumerate()
                .skip(i + 1)
                .filter_map(move |(j, c)| c.map(|c| (i, j, c.draw)))
        })
    };
    let draws: Vec<String> = pairs()
        .filter(|&(.., d)| d >= 0.01)
        .map(|(i, j, d)| format!("#{} and #{} {:.0}%", i + 1, j + 1, d * 100.0))
        .collect();
    let line = if !draws.is_empty() {
        draws.join(", ")
    } else if pairs().any(|(.., d)| d > 0.0) {
        "under 1% in every pair".to_string()
    } else {
        "none".to_string()
    };
    let _ = writeln!(s, "draws: {line}");
}

/// What rational players buy, at both sets of costs: each unit's share of the
/// equilibrium mix, with its 95% range and how often it is bought when sampled.
fn metagame(s: &mut String, a: &RosterAnswer, width: usize) {
    if a.metagame.shares.is_empty() && a.fitted_metagame.shares.is_empty() {
        return;
    }
    let what = if a.metagame.exact {
        "exact".to_string()
    } else {
        format!(
            "95% range and how often bought, over {} resampled matrices",
            a.metagame.resamples
        )
    };
    let _ = writeln!(
        s,
        "\nwhat rational players buy, the matchup game's most even equilibrium ({what}):"
    );
    let shown = |m: &Metagame, u: usize| match m.shares.get(u) {
        None => "-".to_string(),
        Some(x) if m.exact => format!("{:.0}%", x.share * 100.0),
        Some(x) => format!(
            "{:.0}% [{:.0}%, {:.0}%] bought {:.0}%",
            x.share * 100.0,
            x.low * 100.0,
            x.high * 100.0,
            x.bought * 100.0
        ),
    };
    let column = (0..a.units.len())
        .map(|u| shown(&a.metagame, u).chars().count())
        .max()
        .unwrap_or(0)
        .max("starting costs".len());
    let _ = writeln!(
        s,
        "{:<width$}  {:<column$}  fair costs",
        "unit", "starting costs"
    );
    for (u, unit) in a.units.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:<width$}  {:<column$}  {}",
            unit.name,
            shown(&a.metagame, u),
            shown(&a.fitted_metagame, u)
        );
    }
}

/// The strongest mixed armies against the field, best first: each with its cost, its
/// score with its interval, and the field armies it beats and loses to.
fn armies(s: &mut String, a: &RosterAnswer) {
    let Some(search) = &a.armies else {
        return;
    };
    let how = if search.exact {
        "exact: every battle played once each way".to_string()
    } else {
        "successive halving on common random numbers, 95% intervals".to_string()
    };
    let field = match search.kind.as_str() {
        "named" => format!("the roster's armies: {}", search.field.join(", ")),
        "equilibrium" => format!(
            "each unit's army alone, budget {}, weighted as rational players buy: {}",
            cost(a.budget),
            search
                .field
                .iter()
                .zip(&search.weights)
                .map(|(f, w)| format!("{f} {:.0}%", w * 100.0))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => format!("each unit's army alone, budget {}", cost(a.budget)),
    };
    let _ = writeln!(
        s,
        "\nstrongest armies against the field ({field}), of {} armies ({how}):",
        search.candidates
    );
    for (i, army) in search.armies.iter().enumerate() {
        let score = super::sentences::army_score(army, search.exact);
        let side = |better: bool| {
            army.versus
                .iter()
                .filter(|v| {
                    if search.exact {
                        (v.score > 0.5 + 1e-9) == better && (v.score - 0.5).abs() > 1e-9
                    } else if better {
                        v.low > 0.5
                    } else {
                        v.high < 0.5
                    }
                })
                .map(|v| v.against.as_str())
                .collect::<Vec<_>>()
        };
        let (beats, loses) = (side(true), side(false));
        let list = |l: &[&str]| {
            if l.is_empty() {
                "none".to_string()
            } else {
                l.join(", ")
            }
        };
        let _ = writeln!(
            s,
            "#{} {}: {} points, score {score}; beats {}; loses to {}",
            i + 1,
            super::sentences::army(army),
            cost(army.cost),
            list(&beats),
            list(&loses)
        );
    }
}

/// Prices that survive the army search: each unit's cost fair for single-unit armies and
/// after the rounds, and the best army found before and after.
fn armies_fair(s: &mut String, a: &RosterAnswer, width: usize) {
    let Some(f) = &a.armies_fair else {
        return;
    };
    let _ = writeln!(
        s,
        "\nprices that survive mixed armies ({} rounds{}):",
        f.rounds.len(),
        if f.reached {
            ""
        } else {
            ", not within 2 points of even"
        }
    );
    let _ = writeln!(s, "{:<width$}  {:>9}  {:>9}", "unit", "fair", "armies");
    for (u, unit) in a.units.iter().enumerate() {
        let _ = writeln!(
            s,
            "{:<width$}  {:>9}  {:>9}",
            unit.name,
            cost(unit.fitted),
            cost(f.costs[u])
        );
    }
    let shown = |b: &super::answer::ArmyScore| {
        format!(
            "{}, {}",
            super::sentences::army(b),
            super::sentences::army_score(b, a.exact)
        )
    };
    if let Some(first) = f.rounds.first() {
        let _ = writeln!(
            s,
            "best army at the single-unit fair costs: {}",
            shown(&first.best)
        );
    }
    let _ = writeln!(
        s,
        "best army at these prices (a fresh search): {}",
        shown(&f.after)
    );
}
