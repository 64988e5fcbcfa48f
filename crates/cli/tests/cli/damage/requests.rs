//! The library's damage request, built from JSON as the web API and the Python bindings
//! build it, answers as `fray damage --json` does for the same input, and a bad request
//! is refused with the command's own message.

use crate::common::*;

/// A damage request from JSON, validated and run, as JSON or its refusal.
fn damage_request(json: &str) -> Result<Value, String> {
    use fray::damage::request::DamageRequest;
    let mut request: DamageRequest = serde_json::from_str(json).map_err(|e| e.to_string())?;
    // The command line names text given with `--vs` by its flag.
    request.vs_source = request.vs.as_ref().map(|_| "--vs".to_string());
    let valid = request.validate().map_err(as_cli)?;
    Ok(as_read(&valid.run()))
}

#[test]
fn requests_answer_as_the_command() {
    let cases: &[(&str, &[&str])] = &[
        (r#"{}"#, &["damage"]),
        (
            r#"{"amount": 17, "types": ["fire", "cold"], "vs": "Resist Fire; Vulnerable 5 Cold",
                "critical": true}"#,
            &[
                "damage",
                "17",
                "fire",
                "cold",
                "--critical",
                "--vs",
                "Resist Fire; Vulnerable 5 Cold",
            ],
        ),
        (
            r#"{"amount": "2d6+3", "types": ["fire"], "vs": "Resist 5 Fire"}"#,
            &["damage", "2d6+3", "fire", "--vs", "Resist 5 Fire"],
        ),
        (
            r#"{"amount": "2d6+3", "types": ["fire"], "roll": true, "seed": 4}"#,
            &["damage", "2d6+3", "fire", "--roll", "--seed", "4"],
        ),
        (
            r#"{"example": "environmental"}"#,
            &["damage", "--example", "environmental"],
        ),
        (
            r#"{"amount": "1d10", "types": ["fire"], "modify": ["gain cold", "extra 3 acid"],
                "vs": "Resist 5 Fire", "advantage": true, "attacker_level": 12}"#,
            &[
                "damage",
                "1d10",
                "fire",
                "--modify",
                "gain cold",
                "--modify",
                "extra 3 acid",
                "--vs",
                "Resist 5 Fire",
                "--advantage",
                "--attacker-level",
                "12",
            ],
        ),
        (
            r#"{"amount": 10, "types": ["fire"], "declare": ["wet"], "met": ["wet"],
                "vs": "Resist 5 Fire (wet)", "effect": ["stunned"], "keyword": ["fear"],
                "reduce": ["fire:2"], "reading": ["reduction-ignores-conditions"]}"#,
            &[
                "damage",
                "10",
                "fire",
                "--declare",
                "wet",
                "--met",
                "wet",
                "--vs",
                "Resist 5 Fire (wet)",
                "--effect",
                "stunned",
                "--keyword",
                "fear",
                "--reduce",
                "fire:2",
                "--reading",
                "reduction-ignores-conditions",
            ],
        ),
        // Refusals: the same message.
        (
            r#"{"amount": 10, "attacker_level": 1001}"#,
            &["damage", "10", "--attacker-level", "1001"],
        ),
        (
            r#"{"amount": 10, "vs": "Damage Immune: All"}"#,
            &["damage", "10", "--vs", "Damage Immune: All"],
        ),
        (
            r#"{"amount": 10, "environmental": true, "area": true}"#,
            &["damage", "10", "--environmental", "--area"],
        ),
        (r#"{"amount": "1000d10000"}"#, &["damage", "1000d10000"]),
        (r#"{"amount": -1}"#, &["damage", "--", "-1"]),
        (
            r#"{"amount": 10, "met": ["wet"], "declare": ["wett"]}"#,
            &["damage", "10", "--met", "wet", "--declare", "wett"],
        ),
        (r#"{"example": "nope"}"#, &["damage", "--example", "nope"]),
    ];
    each_same_as_cli(cases, damage_request);
}

#[test]
fn bad_requests_are_refused_before_any_work() {
    refusal(
        damage_request(r#"{"amount": 1, "colour": "red"}"#),
        "unknown field `colour`",
    );
    refusal(
        damage_request(r#"{"amount": 1, "attacker_level": -1}"#),
        "invalid value",
    );
    // A roll needs a seed in a request: the library takes none from a clock.
    refusal(
        damage_request(r#"{"amount": "1d6", "roll": true}"#),
        "needs a seed",
    );
    refusal(
        damage_request(r#"{"amount": 1, "example": "multi-type"}"#),
        "not both",
    );
}
