//! The request type `fray damage` (and the web and Python front ends) send to the library:
//! examples, rolls and the amount's own rules.

use fray::damage::examples::EXAMPLES;
use fray::damage::request::{Amount, DamageRequest, DamageResult};

#[test]
fn an_example_stands_for_its_amount_types_and_traits() {
    for e in EXAMPLES {
        let r = DamageRequest::from_example(e).unwrap();
        assert_eq!(r.amount, Some(Amount::Text(e.amount.into())), "{}", e.name);
        assert_eq!(r.types, e.types, "{}", e.name);
        assert_eq!(r.vs.as_deref(), Some(e.traits), "{}", e.name);
        let valid = DamageRequest {
            example: Some(e.name.to_uppercase()),
            ..DamageRequest::default()
        }
        .validate()
        .unwrap();
        assert_eq!(valid.example().map(|x| x.name), Some(e.name));
    }
}

#[test]
fn an_example_is_rolled_with_the_seed_asked() {
    let request = DamageRequest {
        example: Some("dice".into()),
        roll: true,
        seed: Some(7),
        ..DamageRequest::default()
    };
    match request.validate().unwrap().run() {
        DamageResult::Resolved(r) => {
            assert_eq!(r.seed, Some(7));
            let rolled = r.rolled.unwrap();
            assert!((5..=15).contains(&rolled), "2d6+3 rolled {rolled}");
        }
        DamageResult::Distribution(_) => panic!("a seeded roll is resolved, not a distribution"),
    }
}

#[test]
fn an_amount_reads_as_written() {
    assert_eq!(Amount::Fixed(5).text(), "5");
    assert_eq!(Amount::Text("2d6+1".into()).text(), "2d6+1");
}

#[test]
fn a_fixed_amount_is_never_negative_but_dice_may_roll_below_zero() {
    let with = |amount: &str| DamageRequest {
        amount: Some(Amount::Text(amount.into())),
        types: vec!["fire".into()],
        ..DamageRequest::default()
    };
    assert!(with("0").validate().is_ok());
    assert!(with("1d4-3").validate().is_ok());
    let e = with("-3").validate().unwrap_err().to_string();
    assert!(e.contains("comes to -3"), "{e}");
}

#[test]
fn a_seed_goes_with_a_roll_and_a_roll_of_dice_with_a_seed() {
    let request = |amount: &str, roll: bool, seed: Option<u64>| DamageRequest {
        amount: Some(Amount::Text(amount.into())),
        roll,
        seed,
        ..DamageRequest::default()
    };
    let e = request("2d6", false, Some(3))
        .validate()
        .unwrap_err()
        .to_string();
    assert!(e.contains("a seed applies only to a roll"), "{e}");
    let e = request("2d6", true, None)
        .validate()
        .unwrap_err()
        .to_string();
    assert!(e.contains("a roll needs a seed"), "{e}");
    assert!(
        request("7", true, None).validate().is_ok(),
        "a fixed amount needs no seed"
    );
    assert!(request("2d6", true, Some(3)).validate().is_ok());
    assert!(request("2d6", false, None).validate().is_ok());
}
