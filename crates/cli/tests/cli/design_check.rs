//! `fray design-check [evasion|damage|all]`: the JSON has one entry a goal with its
//! figures (the library's), the report has one section a goal with its chart, and a
//! bad text name is refused.

use crate::common::*;

#[test]
fn json_has_every_goal_with_its_figures() {
    let all = json(&["design-check", "--json"]);
    let goals = all["goals"].as_array().unwrap();
    assert_eq!(goals.len(), 15);
    for g in goals {
        for key in ["id", "goal", "unit", "summary"] {
            assert!(g[key].is_string(), "{key} in {g}");
        }
        let measured = g["basis"] == "exact";
        assert_eq!(g["baseline"].is_number(), measured, "{g}");
        assert_eq!(g["new"].is_number(), measured, "{g}");
    }
    // The same goals and figures as the library's (to the precision JSON text keeps).
    let lib = fray_lab_check();
    assert_eq!(goals.len(), lib.goals.len());
    for (g, l) in goals.iter().zip(&lib.goals) {
        assert_eq!(g["id"], l.id);
        assert_eq!(g["summary"], l.summary.as_str());
        for (shown, figure) in [(&g["baseline"], l.baseline), (&g["new"], l.new)] {
            match figure {
                Some(f) => assert!((shown.as_f64().unwrap() - f).abs() < 1e-9, "{}", l.id),
                None => assert!(shown.is_null()),
            }
        }
    }
    let evasion = json(&["design-check", "evasion", "--json"]);
    assert_eq!(evasion["goals"].as_array().unwrap().len(), 8);
    let damage = json(&["design-check", "damage", "--json"]);
    let ids: Vec<&str> = damage["goals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert!(ids.iter().all(|id| id.starts_with("damage.")), "{ids:?}");
    assert!(ids.contains(&"damage.multi-type"));
}

fn fray_lab_check() -> fray_lab::design::DesignCheck {
    fray_lab::design::check(fray_lab::design::Text::All)
}

#[test]
fn report_has_a_section_and_chart_per_goal() {
    let dir = scratch("design-check-report");
    let run = ok(&["design-check", "evasion", "--report", dir.to_str().unwrap()]);
    assert!(run.stdout.contains("[evasion.luck]"), "{}", run.stdout);
    assert!(run.stderr.contains("report written to"), "{}", run.stderr);
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    assert_eq!(html.matches(r#"<section class="goal""#).count(), 8);
    for id in [
        "evasion.separate-defenses",
        "evasion.luck",
        "evasion.role-variety",
    ] {
        assert!(html.contains(&format!(r#"id="{id}""#)), "{id}");
        assert!(
            dir.join(format!("{}.svg", id.replace('.', "-"))).exists(),
            "{id}"
        );
    }
    // Seven measured goals carry a chart in the page; the appraisal's chart is the
    // measured-instead one.
    assert_eq!(html.matches("<svg").count(), 8);
    assert!(!html.contains("<script") && !html.contains("src=\"http"));
}

#[test]
fn an_unknown_text_is_refused() {
    refuse(
        &["design-check", "pool"],
        expect![[r#"
            error: unknown rules text `pool`: expected evasion, damage or all
        "#]],
    );
}
