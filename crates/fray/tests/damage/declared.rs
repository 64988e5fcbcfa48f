//! Issue 11: conditions, keywords and effect names must be known to fray or declared
//! (damage, Resistance / Vulnerability: Condition; Nondamage Immunity: Keyword).

use fray::character::CharacterCondition;
use fray::damage::{
    Defender, Effect, ForcedMovement, Hit, KNOWN_KEYWORDS, Keyword, Vocabulary, parse_stat_block,
    parse_stat_block_with, parse_traits,
};

use super::{defender, explained, final_damage, types};

fn fire(amount: u32) -> Hit {
    Hit::new(amount, types(&["fire"]))
}

#[test]
fn an_unknown_condition_is_refused_with_its_place_and_what_is_known() {
    let block = parse_stat_block("Resist Fire\nVulnerable Cold (Not Sometimes)");
    assert!(block.traits.len() == 1, "the good item is kept");
    assert_eq!(block.errors.len(), 1, "{:?}", block.errors);
    let e = &block.errors[0];
    assert_eq!((e.line, e.column, e.len), (2, 22, 9), "{e}");
    for known in [
        "`Sometimes`",
        "Advantage",
        "burst/blast",
        "fire",
        "fear",
        "charm",
        "gaze",
    ] {
        assert!(e.message.contains(known), "{known}: {}", e.message);
    }
    assert!(e.message.contains("Conditions:"), "says how to declare");
    let typo = parse_stat_block("Resist All (Not Silverd)");
    assert!(typo.errors[0].message.contains("did you mean `silvered`"));
}

#[test]
fn every_known_keyword_and_damage_type_is_a_condition() {
    for k in KNOWN_KEYWORDS
        .iter()
        .chain(&["Fire", "psychic", "Physical"])
    {
        let text = format!("Resist All ({k})");
        let d = defender(&text);
        assert_eq!(final_damage(&Hit::new(20, []).keyword(k), &text), 10, "{k}");
        assert_eq!(
            fray::damage::resolve(&Hit::new(20, types(&["acid"])), &d).final_damage,
            20,
            "{k} is not carried by a plain acid hit"
        );
    }
}

#[test]
fn a_declared_condition_is_met_only_when_the_caller_says_so() {
    // The declaration may stand after the traits that use it.
    let text = "Resist Fire (Sometimes); Vulnerable All 5 (Not Underwater)\nConditions: Sometimes, underwater";
    let block = parse_stat_block(text);
    assert!(block.errors.is_empty(), "{:?}", block.errors);
    assert_eq!(
        block.declared,
        [Keyword::new("sometimes"), Keyword::new("underwater")]
    );
    assert_eq!(final_damage(&fire(20), text), 25, "neither met: +5 only");
    assert_eq!(final_damage(&fire(20).meeting("Sometimes"), text), 15);
    assert_eq!(
        final_damage(&fire(20).meeting("sometimes").meeting("underwater"), text),
        10
    );
}

#[test]
fn the_library_may_declare_conditions_before_reading() {
    let mut vocabulary = Vocabulary::default();
    vocabulary.declare("Sometimes").unwrap();
    assert!(parse_stat_block("Resist Fire (Sometimes)").errors.len() == 1);
    let block = parse_stat_block_with("Resist Fire (Sometimes)", &vocabulary);
    assert!(block.errors.is_empty(), "{:?}", block.errors);
    assert_eq!(block.declared, [Keyword::new("sometimes")]);
    assert!(vocabulary.declare("fear").is_err(), "already known");
    assert!(vocabulary.declare("Advantage").is_err(), "a built-in fact");
    assert!(vocabulary.declare("two words").is_err());
}

#[test]
fn bad_declarations_are_located() {
    let cases: &[(&str, usize, &str)] = &[
        ("Conditions: Fear", 13, "already known"),
        ("Conditions:", 12, "needs what it applies to"),
        ("Conditions: Wet, $$", 18, "one word"),
        ("Conditions: Wet Dry", 17, "expected a condition name"),
        ("Conditons: Wet", 1, "did you mean `conditions`"),
    ];
    for (text, column, phrase) in cases {
        let block = parse_stat_block(text);
        assert_eq!(block.errors.len(), 1, "{text}: {:?}", block.errors);
        let e = &block.errors[0];
        assert_eq!((e.line, e.column), (1, *column), "{text}: {e}");
        assert!(e.message.contains(phrase), "{text}: {}", e.message);
    }
}

#[test]
fn a_declared_condition_also_holds_for_a_hit_carrying_it() {
    let text = "Conditions: Ooze; Resist All (Ooze)";
    assert_eq!(final_damage(&Hit::new(20, types(&["ooze"])), text), 10);
    assert_eq!(final_damage(&Hit::new(20, []).keyword("ooze"), text), 10);
    assert_eq!(final_damage(&Hit::new(20, []), text), 20);
}

#[test]
fn nondamage_immunity_keywords_must_be_known_or_declared() {
    let block = parse_stat_block("Nondamage Immune: Charm, Charn");
    assert_eq!(block.errors.len(), 1);
    let e = &block.errors[0];
    assert_eq!(e.column, 26, "{e}");
    assert!(e.message.contains("did you mean `charm`"), "{}", e.message);
    let text = "Conditions: Hypnotic; Nondamage Immune: Hypnotic";
    let dazing = Hit::new(5, []).effect(Effect::Condition(CharacterCondition::Dazed));
    assert!(explained(&dazing, text).effects[0].applies);
    assert!(!explained(&dazing.clone().meeting("hypnotic"), text).effects[0].applies);
}

#[test]
fn effect_names_must_be_known() {
    for name in Effect::known_names() {
        assert!(name.parse::<Effect>().is_ok(), "{name}");
    }
    assert_eq!(
        "PUSH".parse::<Effect>().unwrap(),
        Effect::Forced(ForcedMovement::Push)
    );
    assert_eq!(
        "Stunned".parse::<Effect>().unwrap(),
        Effect::Condition(CharacterCondition::Stunned)
    );
    let e = "stuned".parse::<Effect>().unwrap_err();
    assert!(e.message.contains("did you mean `stunned`"), "{e}");
    assert!(e.message.contains("slide") && e.message.contains("weakened"));
    assert!("knocked into lava".parse::<Effect>().is_err());
}

#[test]
fn defenders_with_declared_conditions_round_trip_through_json() {
    let d: Defender =
        Defender::new(parse_traits("Conditions: Wet; Resist Cold (Not Wet)").unwrap());
    let back: Defender = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(back, d);
    let hit = fire(4).meeting("wet");
    let back: Hit = serde_json::from_str(&serde_json::to_string(&hit).unwrap()).unwrap();
    assert_eq!(back, hit);
}
