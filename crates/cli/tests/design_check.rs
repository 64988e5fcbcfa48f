//! `fray design-check` as a user runs it (issue 19): the JSON has one entry a goal with
//! its figures, the report has one section a goal with its chart, and a bad text name
//! is refused.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn fray() -> Command {
    Command::cargo_bin("fray").expect("the fray binary is built")
}

fn json(args: &[&str]) -> Value {
    let out = fray()
        .arg("design-check")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn json_has_every_goal_with_its_figures() {
    let all = json(&[]);
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
    assert_eq!(json(&["evasion"])["goals"].as_array().unwrap().len(), 8);
    let damage = json(&["damage"]);
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
    let dir = std::env::temp_dir().join(format!("fray-design-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    fray()
        .args(["design-check", "evasion", "--report"])
        .arg(&dir)
        .assert()
        .success()
        .stdout(predicate::str::contains("[evasion.luck]"))
        .stderr(predicate::str::contains("report written to"));
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
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unknown_text_is_refused() {
    fray()
        .args(["design-check", "pool"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("expected evasion, damage or all"));
}
