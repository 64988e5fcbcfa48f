//! A pricing as the command line prints it: the costs, the matrices, the findings.

use std::fmt::Write as _;

use super::request::{Matrix, RosterAnswer};
use super::sentences::cost;

/// The table of costs, both matrices and the findings.
pub fn text(a: &RosterAnswer) -> String {
    let mut s = String::new();
    let basis = if a.exact {
        "exact"
    } else {
        "sampled, 95% intervals"
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
        } else if u.low == u.high {
            "exact".to_string()
        } else {
            format!("{} to {}", cost(u.low), cost(u.high))
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
    if !a.findings.is_empty() {
        let _ = writeln!(s, "\nfindings:");
        for f in &a.findings {
            let _ = writeln!(s, "- {f}");
        }
    }
    let _ = writeln!(
        s,
        "\n{} battles, {} round{} of fitting",
        a.battles,
        a.rounds,
        if a.rounds == 1 { "" } else { "s" }
    );
    s
}

/// A matrix: each row's score (wins, draws counting half) against each column.
fn matrix(s: &mut String, title: &str, m: &Matrix, width: usize) {
    if m.rows.is_empty() {
        return;
    }
    let _ = writeln!(s, "\nrow's score against column, {title}:");
    let _ = write!(s, "{:<width$}", "");
    for (i, _) in m.rows.iter().enumerate() {
        let _ = write!(s, "  {:>5}", format!("#{}", i + 1));
    }
    let _ = writeln!(s, "   mean");
    for (i, row) in m.rows.iter().enumerate() {
        let _ = write!(s, "{:<width$}", format!("#{} {}", i + 1, row.unit));
        for c in &row.cells {
            match c {
                Some(c) => {
                    let _ = write!(s, "  {:>4.0}%", c.score * 100.0);
                }
                None => {
                    let _ = write!(s, "  {:>5}", "-");
                }
            }
        }
        let _ = writeln!(s, "  {:>4.0}%", row.mean * 100.0);
    }
}
