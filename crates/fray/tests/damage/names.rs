//! Damage type names (built-in, custom, malformed) and the bundled examples' names.

use fray::damage::{DamageType, TypeNameError, examples, parse_stat_block};

#[test]
fn custom_type_names_are_one_word_of_letters_digits_dashes_and_underscores() {
    for name in ["acid-rain", "holy_fire", "void9", "x"] {
        assert_eq!(
            name.parse::<DamageType>(),
            Ok(DamageType::Custom(name.into())),
            "{name}"
        );
    }
    for name in [
        "9lives",
        "-acid",
        "_x",
        "fire ball",
        "fire!",
        "",
        &"a".repeat(41),
    ] {
        assert!(
            matches!(name.parse::<DamageType>(), Err(TypeNameError::Malformed(_))),
            "{name:?} is not a type name"
        );
    }
}

#[test]
fn built_in_types_draw_no_typo_warning_but_a_near_miss_does() {
    let block = parse_stat_block("Resist 5 Fire; Vulnerable 2 Cold; Damage Immune: Poison");
    assert!(
        block.errors.is_empty() && block.warnings.is_empty(),
        "{block:?}"
    );
    assert!(DamageType::Fire.is_built_in());
    assert!(!DamageType::Custom("firre".into()).is_built_in());
    let block = parse_stat_block("Resist 5 Firre");
    assert_eq!(block.warnings.len(), 1, "{block:?}");
    assert!(
        block.warnings[0]
            .to_string()
            .contains("did you mean `fire`")
    );
}

#[test]
fn bundled_examples_are_found_by_name_in_any_case() {
    for example in examples::EXAMPLES {
        let found = examples::find(&example.name.to_uppercase()).unwrap();
        assert_eq!(found.name, example.name);
    }
    assert!(examples::find("no-such-example").is_none());
}

#[test]
fn a_hits_types_are_kept_once_each_and_never_empty() {
    let types =
        fray::damage::DamageTypes::new([DamageType::Fire, DamageType::Cold, DamageType::Fire]);
    assert_eq!(types.len(), 2);
    assert!(types.contains(&DamageType::Cold));
    assert!(!types.contains(&DamageType::Radiant));
    assert!(!types.is_empty());
    let none = fray::damage::DamageTypes::new([]);
    assert_eq!(
        (none.len(), none.contains(&DamageType::Physical)),
        (1, true)
    );
}

#[test]
fn modifications_gain_and_become_a_type_in_either_verb_form() {
    use fray::damage::Modification;
    for text in ["gain fire", "Gains fire"] {
        assert_eq!(
            text.parse::<Modification>(),
            Ok(Modification::Gain(DamageType::Fire)),
            "{text}"
        );
    }
    for text in ["become cold", "becomes cold"] {
        assert_eq!(
            text.parse::<Modification>(),
            Ok(Modification::Become(DamageType::Cold)),
            "{text}"
        );
    }
}
