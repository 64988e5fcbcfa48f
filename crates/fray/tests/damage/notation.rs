//! The stat-block notation: every example of the issue and text parses; bad lines fail
//! clearly, all at once, with line and column.

use fray::character::CharacterCondition;
use fray::damage::{
    DamageType, Fact, ImmunityTarget, Limit, Predicate, Template, Trait, TypeSelector,
    parse_stat_block, parse_traits,
};

fn one(text: &str) -> Trait {
    let mut traits = parse_traits(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(traits.len(), 1, "{text}");
    traits.remove(0)
}

fn resist(types: TypeSelector, limit: Option<u32>, condition: Option<Predicate>) -> Trait {
    Trait::Resist(fray::damage::Resistance {
        types,
        limit: limit.map(Limit),
        condition,
        origin: None,
    })
}

fn vulnerable(types: TypeSelector, limit: Option<u32>, condition: Option<Predicate>) -> Trait {
    Trait::Vulnerable(fray::damage::Vulnerability {
        types,
        limit: limit.map(Limit),
        condition,
        origin: None,
    })
}

const FIRE: TypeSelector = TypeSelector::Only(DamageType::Fire);

#[test]
fn every_notation_example_parses_to_its_trait() {
    use TypeSelector::{All, Only};
    let cases = [
        ("Resist Fire", resist(FIRE, None, None)),
        (
            "Resist Poison 5",
            resist(Only(DamageType::Poison), Some(5), None),
        ),
        ("Resist 10 Fire", resist(FIRE, Some(10), None)),
        (
            "Resist All 5 (Not Silvered)",
            resist(All, Some(5), Some(Predicate::not(Fact::Silvered))),
        ),
        (
            "Resist Physical (No Advantage)",
            resist(
                Only(DamageType::Physical),
                None,
                Some(Predicate::not(Fact::Advantage)),
            ),
        ),
        (
            "Vulnerable Cold (Advantage)",
            vulnerable(
                Only(DamageType::Cold),
                None,
                Some(Predicate::is(Fact::Advantage)),
            ),
        ),
        (
            "Vulnerable All 5 (Critical)",
            vulnerable(All, Some(5), Some(Predicate::is(Fact::Critical))),
        ),
        ("Vulnerable Fire", vulnerable(FIRE, None, None)),
        (
            "Vulnerable Poison 5",
            vulnerable(Only(DamageType::Poison), Some(5), None),
        ),
        (
            "resist fire (5) (paragon)",
            resist(FIRE, Some(5), Some(Predicate::is(Fact::Paragon))),
        ),
        (
            "RESIST NON-PHYSICAL (NO ADVANTAGE)",
            resist(
                TypeSelector::NonPhysical,
                None,
                Some(Predicate::not(Fact::Advantage)),
            ),
        ),
        (
            "Damage Immune: Poison",
            Trait::DamageImmune(fray::damage::DamageImmunity {
                damage_type: DamageType::Poison,
            }),
        ),
        (
            "Insubstantial",
            Trait::Template {
                template: Template::Insubstantial,
            },
        ),
        (
            "Swarm",
            Trait::Template {
                template: Template::Swarm,
            },
        ),
        (
            "regiment",
            Trait::Template {
                template: Template::Regiment,
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(one(text), expected, "{text}");
    }
}

#[test]
fn immunities_and_triggers_parse() {
    let Trait::ConditionImmune(c) = one("Condition Immune: Stunned") else {
        panic!()
    };
    assert_eq!(
        (c.target, c.condition),
        (ImmunityTarget::Condition(CharacterCondition::Stunned), None)
    );
    let Trait::ConditionImmune(c) = one("Condition Immune: Forced Movement (no burst/blast)")
    else {
        panic!()
    };
    assert_eq!(c.target, ImmunityTarget::ForcedMovement);
    assert_eq!(c.condition, Some(Predicate::not(Fact::Area)));
    let Trait::NondamageImmune(n) = one("Nondamage Immune: Charm") else {
        panic!()
    };
    assert_eq!(n.keyword.as_str(), "charm");
    let Trait::DamageTrigger(t) = one("Damage Trigger Cold: slowed until the end of its next turn")
    else {
        panic!()
    };
    assert_eq!(
        (t.types, t.effect.as_str()),
        (
            TypeSelector::Only(DamageType::Cold),
            "slowed until the end of its next turn"
        )
    );
    assert_eq!(
        parse_traits("Damage Immune: Poison, Fire").unwrap().len(),
        2
    );
    assert_eq!(
        parse_traits("Condition Immune: Dazed, Stunned (Not Epic)")
            .unwrap()
            .len(),
        2
    );
}

#[test]
fn items_split_on_semicolons_and_new_lines() {
    let traits =
        parse_traits("Resist Fire; Vulnerable 5 Cold\n\n  Swarm ;\nDamage Immune: Acid").unwrap();
    assert_eq!(traits.len(), 4);
}

#[test]
fn printing_reads_back() {
    let text = "Resist All 5 (Not Silvered); Vulnerable Cold (Advantage); Damage Immune: Poison; Condition Immune: Forced Movement (no burst/blast); Nondamage Immune: Charm; Damage Trigger Cold: slowed; Swarm; Resist Fire (burst or blast or Critical and Not Epic)";
    let traits = parse_traits(text).unwrap();
    let printed: Vec<String> = traits.iter().map(ToString::to_string).collect();
    assert_eq!(parse_traits(&printed.join("; ")).unwrap(), traits);
}

/// (input, expected line, expected column, a phrase the message must contain)
const MALFORMED: &[(&str, usize, usize, &str)] = &[
    (
        "Damage Immune: All",
        1,
        16,
        "not valid for a damage immunity",
    ),
    (
        "Damage Immune: Non-physical",
        1,
        16,
        "not valid for a damage immunity",
    ),
    ("Resist", 1, 7, "needs a damage type"),
    (
        "Resist Fire 5 10",
        1,
        15,
        "expected a limit or a (condition)",
    ),
    ("Resist Fire (Advantage", 1, 13, "never closed"),
    ("Resist Fire Advantage)", 1, 22, "without a matching"),
    (
        "Resist Fire (Not)",
        1,
        14,
        "expected a fact after the negation",
    ),
    (
        "Resist Fire (Advantage and)",
        1,
        24,
        "expected a fact after this",
    ),
    (
        "Resist Fire (Advantage Critical)",
        1,
        24,
        "expected `and`, `or`",
    ),
    ("Resist Fire ()", 1, 13, "empty condition"),
    ("Resist Fire 99999999999", 1, 13, "too large"),
    (
        "Resist Fire (Advantage) (Critical)",
        1,
        25,
        "expected the end of the trait",
    ),
    ("Resistt Fire", 1, 1, "did you mean `resist`"),
    ("Fire 5", 1, 1, "does not start a trait"),
    (
        "Condition Immune: Sleepy",
        1,
        19,
        "not a character condition",
    ),
    ("Condition Immune:", 1, 18, "needs what it applies to"),
    ("Damage Trigger Cold", 1, 20, "expected `:`"),
    ("Damage Trigger Cold:", 1, 20, "expected the effect"),
    ("Swarm 5", 1, 7, "stands alone"),
    (
        "Resist Fire\nVulnerable (Critical)",
        2,
        12,
        "expected a damage type",
    ),
    ("Resist Fire; Resist $$$", 1, 21, "not a damage type name"),
];

#[test]
fn malformed_lines_are_located_and_explained() {
    for (text, line, column, phrase) in MALFORMED {
        let block = parse_stat_block(text);
        assert_eq!(block.errors.len(), 1, "{text}: {:?}", block.errors);
        let e = &block.errors[0];
        assert_eq!((e.line, e.column), (*line, *column), "{text}: {e}");
        assert!(e.message.contains(phrase), "{text}: {}", e.message);
        let shown = e.to_string();
        assert!(
            shown.contains(&e.line_text),
            "the error quotes the line: {shown}"
        );
        assert!(
            shown.contains('^'),
            "the error points at the column: {shown}"
        );
    }
}

#[test]
fn every_bad_item_is_reported_at_once_and_good_ones_kept() {
    let block = parse_stat_block("Resist Fire; Damage Immune: All; Vulnerable; Swarm");
    assert_eq!(block.errors.len(), 2);
    assert_eq!(block.traits.len(), 2);
    assert!(parse_traits("Resist Fire; Damage Immune: All").is_err());
}

#[test]
fn probable_typos_are_warnings_not_errors() {
    // A damage type may be a game's own, so a probable typo is only a warning. A typo in a
    // condition is an error since issue 11 (see `declared.rs`).
    let block = parse_stat_block("Resist Fier 5; Vulnerable Cold (Advantage)");
    assert!(block.errors.is_empty());
    assert_eq!(block.warnings.len(), 1);
    assert!(block.warnings[0].message.contains("did you mean `fire`"));
    let block = parse_stat_block("Resist Fier 5; Vulnerable Cold (Advantge)");
    assert_eq!(block.errors.len(), 1);
    assert!(block.errors[0].message.contains("did you mean `advantage`"));
}

#[test]
fn immune_is_short_for_damage_immune() {
    assert_eq!(
        parse_traits("Immune Poison").unwrap(),
        parse_traits("Damage Immune: Poison").unwrap()
    );
}

#[test]
fn a_resistance_without_a_type_is_located_just_after_its_word() {
    for (text, column) in [
        ("Swarm; Resist", 14),
        ("Resist; Swarm", 7),
        ("Resist 25; Swarm", 10),
        ("Swarm;  Vulnerable; Swarm", 19),
    ] {
        let e = parse_traits(text).unwrap_err().to_string();
        assert!(
            e.contains("needs a damage type") && e.contains(&format!("column {column}")),
            "{text}: {e}"
        );
    }
}

#[test]
fn a_list_after_a_colon_may_be_joined_by_and() {
    assert_eq!(
        parse_traits("Damage Immune: Poison and Fire").unwrap(),
        parse_traits("Damage Immune: Poison, Fire").unwrap()
    );
}

#[test]
fn an_immunity_without_its_colon_is_read_or_refused_without_a_crash() {
    for text in [
        "Damage Immune Poison",
        "Condition Immune Stunned",
        "Damage Immune",
    ] {
        let block = parse_stat_block(text);
        assert!(
            !block.traits.is_empty() || !block.errors.is_empty(),
            "{text}"
        );
    }
}

#[test]
fn a_list_cut_short_is_located_after_its_last_token() {
    let e = parse_traits("Damage Immune: Poison,")
        .unwrap_err()
        .to_string();
    assert!(e.contains("column 23") && e.contains("after this"), "{e}");
}

#[test]
fn forced_alone_is_not_forced_movement() {
    assert!(parse_traits("Condition Immune: Forced Movement").is_ok());
    assert!(parse_traits("Condition Immune: Forced").is_err());
}

#[test]
fn an_unfinished_damage_trigger_is_located_where_the_missing_part_goes() {
    for (text, column) in [
        ("Damage Trigger", 15),
        ("Damage Trigger; Swarm", 15),
        ("Damage Trigger Cold", 20),
        ("Damage Trigger Cold slowed", 21),
    ] {
        let e = parse_traits(text).unwrap_err().to_string();
        assert!(e.contains(&format!("column {column}")), "{text}: {e}");
    }
}

#[test]
fn a_near_miss_of_a_fact_is_named_and_only_then() {
    use fray::damage::predicate::near_miss;
    assert_eq!(near_miss("Critcal"), Some("critical"));
    assert_eq!(near_miss("paragn"), Some("paragon"));
    assert_eq!(near_miss("critical"), None, "the fact itself is no miss");
    assert_eq!(near_miss("fear"), None, "a keyword far from every fact");
    // A word that names nothing is refused, with the near fact as its hint.
    let e = parse_traits("Resist Fire (Critcal)")
        .unwrap_err()
        .to_string();
    assert!(e.contains("did you mean `critical`"), "{e}");
}

#[test]
fn a_condition_lists_its_literals() {
    let p: fray::damage::Predicate = "Advantage and Not Critical or Fear".parse().unwrap();
    let literals: Vec<String> = p.literals().map(|l| format!("{l:?}")).collect();
    assert_eq!(literals.len(), 3, "{literals:?}");
}

#[test]
fn long_phrases_of_facts_read_as_their_short_forms() {
    for (long, short) in [
        ("Combat Advantage", "Advantage"),
        ("Critical Hit", "Critical"),
        ("Ongoing Damage", "Ongoing"),
        ("Burst or Blast", "Area"),
        ("Blast or Burst", "Area"),
        ("Environmental", "Not Attack"),
        ("Not Environmental", "Attack"),
    ] {
        assert_eq!(
            parse_traits(&format!("Resist 5 Fire ({long})")).unwrap(),
            parse_traits(&format!("Resist 5 Fire ({short})")).unwrap(),
            "{long}"
        );
    }
}

#[test]
fn declared_conditions_may_hold_dashes_and_underscores() {
    let block =
        parse_stat_block("Conditions: on-fire, half_dead; Resist 5 Fire (on-fire or half_dead)");
    assert!(block.errors.is_empty(), "{block:?}");
    assert_eq!(block.declared.len(), 2);
}

#[test]
fn every_trait_a_template_grants_prints_as_a_stat_block_reads_it() {
    use fray::damage::{Template, expand_template};
    for template in [Template::Insubstantial, Template::Swarm, Template::Regiment] {
        for granted in expand_template(template) {
            let text = granted.to_string();
            let read = parse_traits(&text).unwrap_or_else(|e| panic!("{template:?}: {text}: {e}"));
            assert_eq!(read.len(), 1, "{text}");
        }
    }
}

#[test]
fn several_errors_print_one_a_line() {
    let e = parse_traits("Resist; Vulnerable").unwrap_err();
    assert_eq!(e.0.len(), 2);
    let text = e.to_string();
    assert_eq!(
        text.lines()
            .filter(|l| l.contains("needs a damage type"))
            .count(),
        2,
        "{text}"
    );
    assert!(
        !text.starts_with('\n') && text.contains(&format!("{}\n{}", e.0[0], e.0[1])),
        "{text}"
    );
}

#[test]
fn a_group_too_many_is_underlined_whole() {
    let e = parse_traits("Resist Fire (Advantage) (Critical)").unwrap_err();
    assert_eq!((e.0[0].column, e.0[0].len), (25, "(Critical)".len()), "{e}");
}

#[test]
fn a_resistance_names_its_types_once() {
    let e = parse_traits("Resist Fire Cold").unwrap_err().to_string();
    assert!(e.contains("unexpected `Cold`"), "{e}");
}

#[test]
fn condition_immunities_may_be_joined_by_and() {
    assert_eq!(
        parse_traits("Condition Immune: Dazed and Stunned").unwrap(),
        parse_traits("Condition Immune: Dazed, Stunned").unwrap()
    );
}

#[test]
fn a_condition_immunity_of_a_condition_alone_is_refused_as_unexpected() {
    let e = parse_traits("Condition Immune: (Area)")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("unexpected `(Area)`: expected a condition name or a (condition)"),
        "{e}"
    );
    assert!(parse_traits("Condition Immune: Dazed (Area)").is_ok());
}
