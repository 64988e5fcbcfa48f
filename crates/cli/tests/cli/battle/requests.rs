//! The library's battle request, built from JSON as the web API and the Python bindings
//! build it, answers as `fray battle --json` does for the same input, and a bad request
//! is refused with the command's own message.

use crate::common::*;

/// A battle request from JSON, validated and run, as JSON or its refusal.
fn battle_request(json: &str) -> Result<Value, String> {
    use fray_lab::request::BattleRequest;
    let request: BattleRequest = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let valid = request.validate().map_err(as_cli)?;
    Ok(as_read(&valid.run().map_err(as_cli)?))
}

#[test]
fn requests_answer_as_the_command() {
    let duel = example("battles/duel.toml");
    let duel_text = std::fs::read_to_string(&duel).unwrap();
    let with_text = json!({"scenario": duel_text, "trials": 300, "seed": 9}).to_string();
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            r#"{"example": "duel", "trials": 300, "seed": 5, "threads": 1}"#.into(),
            vec![
                "battle",
                "--example",
                "duel",
                "--trials",
                "300",
                "--seed",
                "5",
                "--threads",
                "1",
            ],
        ),
        (
            r#"{"example": "pikes", "trials": 200}"#.into(),
            vec!["battle", "--example", "pikes", "--trials", "200"],
        ),
        (
            r#"{"example": "skirmish", "trials": 50, "seed": 2}"#.into(),
            vec![
                "battle",
                "--example",
                "skirmish",
                "--trials",
                "50",
                "--seed",
                "2",
            ],
        ),
        (
            r#"{"example": "minions"}"#.into(),
            vec!["battle", "--example", "minions"],
        ),
        (
            with_text,
            vec!["battle", &duel, "--trials", "300", "--seed", "9"],
        ),
        // Refusals: the same message.
        (r#"{"trials": 0}"#.into(), vec!["battle", "--trials", "0"]),
        (
            r#"{"trials": 100000001}"#.into(),
            vec!["battle", "--trials", "100000001"],
        ),
        (
            r#"{"threads": 1025}"#.into(),
            vec!["battle", "--threads", "1025"],
        ),
        (
            r#"{"example": "nope"}"#.into(),
            vec!["battle", "--example", "nope"],
        ),
    ];
    for (json, args) in &cases {
        let mut with_json = args.clone();
        with_json.extend(["--json", "--quiet"]);
        same_as_cli(battle_request(json), &with_json);
    }
    // A scenario's own errors keep their line and column; a request names it "the scenario".
    refusal(
        battle_request(r#"{"scenario": "system = \"pool\"\ntrials = 0\n"}"#),
        "the scenario, line 2",
    );
    refusal(
        battle_request(r#"{"example": "duel", "trails": 5}"#),
        "unknown field `trails`",
    );
    refusal(
        battle_request(r#"{"example": "duel", "scenario": ""}"#),
        "not both",
    );
}
