//! Refusals in the request's words: a front end whose users write fields (the web API,
//! Python) sees the field a flag stands for.

use fray::request::{Place, Refusal};
use fray_commands::call::{Origin, Style, call};
use fray_commands::damage::Damage;
use fray_commands::lab::Sweep;
use fray_commands::{Context, naming};

#[test]
fn a_commands_refusal_names_its_own_fields() {
    let r = Refusal::new("--vs: line 1: bad trait").at(Place {
        source: Some("--vs".into()),
        line: 1,
        column: 1,
        width: 1,
    });
    let r = naming::in_fields::<Damage>(r);
    assert_eq!(r.message, "`vs`: line 1: bad trait");
    assert_eq!(r.at.unwrap().source.as_deref(), Some("`vs`"));
    // `--vs` is no field of a sweep's request.
    let r = naming::in_fields::<Sweep>(Refusal::new("--vs and --trials 0"));
    assert_eq!(r.message, "--vs and `trials` 0");
}

#[test]
fn a_call_by_name_is_refused_in_the_fields_words() {
    let refused = |name: &str, json: &str| {
        call(
            name,
            json.as_bytes(),
            Origin::Built,
            &[],
            Style::Compact,
            &Context::quiet(),
        )
        .unwrap_err()
        .message
    };
    let e = refused("battle", r#"{"trials": 0}"#);
    assert!(e.starts_with("`trials` 0"), "{e}");
    assert!(!e.contains("--"), "{e}");
    // Warnings too: a probable typo in the defender's traits.
    let a = call(
        "damage",
        br#"{"amount": "3", "vs": "Resist Fyre"}"#,
        Origin::Built,
        &[],
        Style::Compact,
        &Context::quiet(),
    )
    .unwrap();
    assert!(
        a.warnings[0].starts_with("`vs`, line 1"),
        "{:?}",
        a.warnings
    );
    // The command line's own wording is the library's.
    let direct = fray_lab::request::BattleRequest {
        trials: Some(0),
        ..Default::default()
    }
    .validate()
    .unwrap_err();
    assert!(
        direct.message.starts_with("--trials 0"),
        "{}",
        direct.message
    );
}
