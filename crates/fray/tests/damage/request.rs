//! The request type `fray damage` (and the web and Python front ends) send to the library:
//! examples, rolls and the amount's own rules.

use fray::damage::examples::EXAMPLES;
use fray::damage::request::{Amount, DamageRequest, DamageResult};

#[test]
fn an_example_stands_for_its_amount_types_and_traits() {
    for e in EXAMPLES {
        let r = DamageRequest::from_example(e);
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

/// The hit a fixed-amount request resolves.
fn hit_of(request: DamageRequest) -> fray::damage::Hit {
    match request.validate().unwrap().run() {
        DamageResult::Resolved(r) => r.hit,
        DamageResult::Distribution(_) => panic!("a fixed amount is resolved"),
    }
}

#[test]
fn every_attack_field_reaches_the_hit() {
    use fray::damage::{AttackFacts, DamageType, Effect, Hit, HitSource, Keyword, TypeSelector};
    let request = DamageRequest {
        amount: Some(Amount::Fixed(10)),
        types: vec!["fire".into()],
        advantage: true,
        critical: true,
        silvered: true,
        area: true,
        ongoing: true,
        attacker_level: Some(12),
        keyword: vec!["fear".into(), "bloodied".into()],
        declare: vec!["bloodied".into(), "shaken".into()],
        met: vec!["shaken".into()],
        reduce: vec!["fire:5".into()],
        effect: vec!["dazed".into()],
        ..DamageRequest::default()
    };
    let mut expected = Hit::new(10, [DamageType::Fire]);
    expected.source = HitSource::Attack(
        AttackFacts {
            advantage: true,
            critical: true,
            silvered: true,
            area: true,
            attacker_level: Some(12),
            ..AttackFacts::default()
        }
        .with_reduction(TypeSelector::Only(DamageType::Fire), 5),
    );
    expected.ongoing = true;
    expected.keywords = vec![Keyword::new("fear"), Keyword::new("bloodied")];
    expected.met = vec![Keyword::new("shaken")];
    expected.effects = vec!["dazed".parse::<Effect>().unwrap()];
    assert_eq!(hit_of(request), expected);
}

#[test]
fn environmental_damage_takes_no_attacker_facts() {
    let environmental = || DamageRequest {
        amount: Some(Amount::Fixed(10)),
        types: vec!["fire".into()],
        environmental: true,
        ..DamageRequest::default()
    };
    let hit = hit_of(environmental());
    assert_eq!(hit.source, fray::damage::HitSource::Environmental);
    for (request, flag) in [
        (
            DamageRequest {
                advantage: true,
                ..environmental()
            },
            "`advantage`",
        ),
        (
            DamageRequest {
                reduce: vec!["fire:5".into()],
                ..environmental()
            },
            "`reduce`",
        ),
        (
            DamageRequest {
                attacker_level: Some(3),
                ..environmental()
            },
            "`attacker_level`",
        ),
    ] {
        let e = request.validate().unwrap_err().to_string();
        assert!(e.contains(&format!("{flag}: describes an attacker")), "{e}");
    }
}

#[test]
fn extra_damage_may_bring_the_amount_to_its_bound_and_no_further() {
    use fray::damage::modify::MAX_AMOUNT;
    use fray::dice::MAX_MODIFIER;
    let amount = MAX_MODIFIER as u32;
    let with = |extra: u32| DamageRequest {
        amount: Some(Amount::Fixed(MAX_MODIFIER)),
        modify: vec![format!("extra {extra} fire")],
        ..DamageRequest::default()
    };
    assert!(
        with(MAX_AMOUNT - amount).validate().is_ok(),
        "exactly the bound"
    );
    let e = with(MAX_AMOUNT - amount + 1)
        .validate()
        .unwrap_err()
        .to_string();
    assert!(e.contains("would bring the hit above"), "{e}");
}

#[test]
fn a_distribution_too_costly_to_compute_is_refused_but_may_be_rolled() {
    let dice = |roll: bool| DamageRequest {
        amount: Some(Amount::Text("1000d10000".into())),
        roll,
        seed: roll.then_some(1),
        ..DamageRequest::default()
    };
    assert!(dice(false).validate().is_err());
    assert!(dice(true).validate().is_ok());
}

#[test]
fn a_stat_block_with_many_errors_shows_the_first_twenty() {
    let bad = |n: usize| DamageRequest {
        amount: Some(Amount::Fixed(1)),
        vs: Some(vec!["Resist"; n].join("; ")),
        ..DamageRequest::default()
    };
    let e = bad(20).validate().unwrap_err().to_string();
    assert!(!e.contains("more errors"), "{e}");
    let e = bad(25).validate().unwrap_err().to_string();
    assert!(e.contains("... and 5 more errors"), "{e}");
    assert_eq!(e.matches("needs a damage type").count(), 20);
}

fn resolved(request: DamageRequest) -> fray::damage::request::Resolved {
    match request.validate().unwrap().run() {
        DamageResult::Resolved(r) => *r,
        DamageResult::Distribution(_) => panic!("expected a resolved hit"),
    }
}

const VS: &str = "Conditions: shaken; Resist 5 Fire; Vulnerable Cold (shaken)";

#[test]
fn a_fixed_amount_is_explained_as_the_library_explains_it() {
    use fray::damage::{DamageType, Defender, Hit, Keyword, Readings, explain, parse_traits};
    let r = resolved(DamageRequest {
        amount: Some(Amount::Fixed(12)),
        types: vec!["fire".into(), "cold".into()],
        vs: Some(VS.into()),
        met: vec!["shaken".into()],
        ..DamageRequest::default()
    });
    let traits = parse_traits(VS).unwrap();
    assert_eq!(
        r.traits,
        traits.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    assert_eq!(r.declared, [Keyword::new("shaken")]);
    let mut hit = Hit::new(12, [DamageType::Fire, DamageType::Cold]);
    hit.met = vec![Keyword::new("shaken")];
    let library = explain(&hit, &Defender::new(traits), &Readings::default());
    assert_eq!(r.explained.outcome, library.outcome);
    assert_eq!(r.hit.amount, 12);
    assert_eq!(
        (r.dice, r.seed, r.rolled, r.example),
        (None, None, None, None)
    );
}

#[test]
fn a_seeded_roll_is_the_librarys_roll_with_that_seed() {
    use fray::damage::{DamageType, Defender, Hit, Readings, parse_traits, sample};
    use fray::rng::SeededRolls;
    let r = resolved(DamageRequest {
        amount: Some(Amount::Text("3d6+2".into())),
        types: vec!["fire".into()],
        vs: Some("Resist 5 Fire".into()),
        roll: true,
        seed: Some(11),
        ..DamageRequest::default()
    });
    let (total, library) = sample::roll(
        &"3d6+2".parse().unwrap(),
        &Hit::new(0, [DamageType::Fire]),
        &Defender::new(parse_traits("Resist 5 Fire").unwrap()),
        &Readings::default(),
        &mut SeededRolls::new(11),
    );
    assert_eq!(
        (r.dice.as_deref(), r.seed, r.rolled),
        (Some("3d6+2"), Some(11), Some(total))
    );
    assert_eq!(r.explained.outcome, library.outcome);
    assert_eq!(i64::from(r.hit.amount), total);
}

#[test]
fn dice_without_a_roll_give_the_exact_distribution() {
    use fray::damage::{DamageType, Defender, Hit, Readings, exact, parse_traits};
    let request = |declare: bool| DamageRequest {
        amount: Some(Amount::Text("2d6+3".into())),
        types: vec!["fire".into()],
        vs: Some("Resist 5 Fire".into()),
        declare: if declare {
            vec!["shaken".into()]
        } else {
            Vec::new()
        },
        ..DamageRequest::default()
    };
    let DamageResult::Distribution(d) = request(false).validate().unwrap().run() else {
        panic!("dice without a roll are a distribution");
    };
    let dice = "2d6+3".parse().unwrap();
    let hit = Hit::new(0, [DamageType::Fire]);
    let defender = Defender::new(parse_traits("Resist 5 Fire").unwrap());
    let finals = exact::final_damage(&dice, &hit, &defender, &Readings::default());
    let originals = exact::original_damage(&dice, &hit);
    assert_eq!((d.dice.as_str(), d.exact), ("2d6+3", true));
    assert_eq!(
        (d.mean_original, d.mean_final),
        (originals.mean(), finals.mean())
    );
    assert_eq!((d.min, d.max), (finals.min(), finals.max()));
    let listed: Vec<(i64, f64)> = d.distribution.iter().map(|x| (x.damage, x.p)).collect();
    let library: Vec<(i64, f64)> = finals.iter().map(|m| (m.value, m.p)).collect();
    assert_eq!(listed, library);
    assert_eq!(d.traits, ["Resist Fire 5"]);
    assert_eq!(d.declared, None);
    let DamageResult::Distribution(d) = request(true).validate().unwrap().run() else {
        panic!("a distribution");
    };
    assert_eq!(d.declared.map(|k| k.len()), Some(1));
}

#[test]
fn changes_to_the_attack_open_its_explanation() {
    let r = resolved(DamageRequest {
        amount: Some(Amount::Fixed(10)),
        types: vec!["fire".into()],
        modify: vec!["become cold".into(), "extra 4 fire".into()],
        vs: Some("Resist 5 Cold".into()),
        ..DamageRequest::default()
    });
    assert_eq!(r.hit.amount, 14, "10 and the extra 4");
    assert_eq!(r.explained.outcome.original, 14);
    let first: Vec<_> = r
        .explained
        .trace
        .steps
        .iter()
        .take(2)
        .map(|s| s.rule)
        .collect();
    assert_eq!(
        first,
        [
            fray::damage::rules::CHANGE_TYPE,
            fray::damage::rules::EXTRA_DAMAGE
        ],
        "{:#?}",
        r.explained.trace.steps
    );
}

#[test]
fn probable_typos_of_built_in_types_are_warned_wherever_a_type_is_named() {
    let valid = DamageRequest {
        amount: Some(Amount::Fixed(10)),
        types: vec!["fier".into()],
        reduce: vec!["colde:2".into()],
        modify: vec!["gain acdi".into()],
        ..DamageRequest::default()
    }
    .validate()
    .unwrap();
    let w = valid.warnings.join("\n");
    assert!(
        w.contains("`fier` is read as a custom damage type; did you mean `fire`?"),
        "{w}"
    );
    assert!(w.contains("`reduce`: `colde`"), "{w}");
    assert!(w.contains("`modify`: `acdi`"), "{w}");
    let clean = DamageRequest {
        amount: Some(Amount::Fixed(10)),
        types: vec!["fire".into()],
        ..DamageRequest::default()
    };
    assert!(clean.validate().unwrap().warnings.is_empty());
}

#[test]
fn attacker_level_and_reductions_have_their_ranges() {
    use fray::damage::notation::MAX_LIMIT;
    use fray::damage::request::MAX_ATTACKER_LEVEL;
    let with = |level: u32, reduce: u32| DamageRequest {
        amount: Some(Amount::Fixed(10)),
        attacker_level: Some(level),
        reduce: vec![format!("fire:{reduce}")],
        ..DamageRequest::default()
    };
    assert!(with(MAX_ATTACKER_LEVEL, MAX_LIMIT).validate().is_ok());
    let e = with(MAX_ATTACKER_LEVEL + 1, 1)
        .validate()
        .unwrap_err()
        .to_string();
    assert!(e.contains("`attacker_level`"), "{e}");
    let e = with(1, MAX_LIMIT + 1).validate().unwrap_err().to_string();
    assert!(e.contains("`reduce`"), "{e}");
}

#[test]
fn a_reading_switch_changes_the_reading_it_names() {
    use fray::damage::request::ReadingSwitch;
    let with = |reading: Vec<ReadingSwitch>| {
        resolved(DamageRequest {
            amount: Some(Amount::Fixed(10)),
            types: vec!["fire".into()],
            vs: Some("Resist 10 Fire (Advantage)".into()),
            reduce: vec!["fire:5".into()],
            reading,
            ..DamageRequest::default()
        })
        .explained
        .outcome
        .final_damage
    };
    // By default a reduction looks only at resistances whose condition the hit meets:
    // none here, so the 10 stands. Switched, it reduces the unmet one all the same.
    assert_eq!(with(Vec::new()), 10);
    assert_ne!(with(vec![ReadingSwitch::ReductionIgnoresConditions]), 10);
}

#[test]
fn a_fixed_amount_asked_to_roll_is_not_rolled() {
    let r = resolved(DamageRequest {
        amount: Some(Amount::Fixed(7)),
        roll: true,
        seed: Some(3),
        ..DamageRequest::default()
    });
    assert_eq!((r.rolled, r.seed, r.dice), (None, None, None));
    assert_eq!(r.explained.outcome.final_damage, 7);
}
