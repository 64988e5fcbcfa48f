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
fn each_goal_gives_its_figures_with_units_their_change_and_its_verdict() {
    let text = &ok(&["design-check", "evasion"]).stdout;
    let block = |id: &str| {
        let start = text.find(&format!("[{id}]")).unwrap();
        let end = text[start..]
            .find("\n\n")
            .map_or(text.len(), |e| start + e + 1);
        text[start..end].to_string()
    };
    expect![[r#"
        [evasion.luck] Luck, a player-only bonus, should move combat much less than it does. (evasion, Primary goals 6)
          measured: the gain in the standard hero's hit chance from Luck 0 to Luck 13, mean over hero levels 1 to 30 and monsters of level 0 to 30
          baseline: 18.73 percentage points
          new:      22.94 percentage points
          change:   +4.21 percentage points
          verdict:  not met (the text wants the figure lower than the baseline's)
          The hit chance gained from Luck 13 is 18.73 percentage points under the baseline and 22.94 percentage points under the new rules: 4.21 percentage points higher under the new rules. The text wants the figure lower than the baseline's: not met, as the new rules' 22.94 percentage points is not lower than the baseline's 18.73 percentage points.
    "#]]
    .assert_eq(&block("evasion.luck"));
    expect![[r#"
        [evasion.appraisal] The status bar should always show a good appraisal of the player's defence. (evasion, Primary goals 3)
          measured: not measurable: what the status bar shows is a matter of the interface, not of the rules' numbers. Measured instead (the chart): the chance that a monster of the hero's own level hits the standard hero, the figure an appraisal would sum up; under the new rules it is the reference hit chance of `fray appraise`
          baseline: not measured
          new:      not measured
          verdict:  no figure
          No figure: the goal is about the interface. For the chart, a monster of the hero's level hits the standard hero 80.00% to 99.75% of the time under the baseline and 40.13% to 50.00% under the new rules across levels 1 to 30.
    "#]]
    .assert_eq(&block("evasion.appraisal"));
    let all = json(&["design-check", "--json"]);
    for g in all["goals"].as_array().unwrap() {
        let measured = g["basis"] == "exact";
        let verdict = g["verdict"].as_str().unwrap();
        assert_eq!(verdict == "no figure", !measured, "{g}");
        assert_eq!(g["wanted"].is_string(), measured, "{g}");
        assert_eq!(g["difference"].is_number(), measured, "{g}");
    }
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
