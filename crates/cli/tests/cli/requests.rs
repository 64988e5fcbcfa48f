//! The library's requests, one a command, behind the web API and the Python bindings:
//! each command's own file checks that its request answers as the command does; here,
//! what holds for all of them.

/// A request serialized and read back is the same request, so a front end may store,
/// send or vary one as JSON (sweeps, links, Python dicts).
#[test]
fn requests_survive_a_json_round_trip() {
    fn round_trip<R>(request: R)
    where
        R: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
    {
        let json = serde_json::to_string(&request).unwrap();
        let back: R = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{json}: {e}"));
        assert_eq!(back, request, "{json}");
    }
    let damage: fray::damage::request::DamageRequest = serde_json::from_str(
        r#"{"amount": "2d6+1", "types": ["fire"], "reduce": ["fire:2"], "roll": true, "seed": 3,
            "reading": ["nondamage-attacks-only"], "attacker_level": 7}"#,
    )
    .unwrap();
    round_trip(damage);
    round_trip(fray_lab::request::BattleRequest {
        example: Some("duel".into()),
        trials: Some(10),
        ..Default::default()
    });
    let paths: fray_lab::sweep::paths::PathsRequest =
        serde_json::from_str(r#"{"example": "pikes"}"#).unwrap();
    round_trip(paths);
    round_trip(fray_lab::sweep::paths::PathsRequest {
        odds: Some(fray_lab::sweep::odds::OddsSystem::Pool),
        ..Default::default()
    });
    round_trip(fray::pool::request::CheckRequest {
        rung: "3/6".into(),
        bonus: -2,
        ..Default::default()
    });
    round_trip(fray::pool::request::SidesRequest::default());
    let mass: fray::pool::request::MassBattleRequest =
        serde_json::from_str(r#"{"battle": "x", "form_vote": "balance", "defenses": "armor"}"#)
            .unwrap();
    round_trip(mass);
    let minions: fray::minions::request::MinionsRequest =
        serde_json::from_str(r#"{"battle": "x", "order": "interleaved", "turns": 2}"#).unwrap();
    round_trip(minions);
    round_trip(fray::conditions::request::EncounterRequest::default());
    let table: fray::evasion::request::TableRequest =
        serde_json::from_str(r#"{"by": "skill", "model": {"uniform_sum": [4, 17]}}"#).unwrap();
    assert_eq!((table.step, table.levels), (3, [0, 30]), "defaults kept");
    round_trip(table);
    round_trip(fray::evasion::request::ToHitRequest::default());
    round_trip(fray::evasion::request::EvasionDamageRequest::default());
    round_trip(fray::evasion::request::AppraiseRequest::default());
}
