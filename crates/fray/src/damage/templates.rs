//! The Insubstantial, Swarm and Regiment templates, as the traits they grant
//! (damage text, sections "Insubstantial", "Swarm", "Regiment").

use super::model::{DamageType, Limit, Template, TypeSelector};
use super::predicate::{Fact, Predicate};
use super::traits::{ConditionImmunity, ImmunityTarget, Resistance, Trait, Vulnerability};

/// The traits a template grants, each marked with the template as its origin.
pub fn expand(template: Template) -> Vec<Trait> {
    let resist = |types, condition| {
        Trait::Resist(Resistance {
            types,
            limit: None::<Limit>,
            condition,
            origin: Some(template),
        })
    };
    let vulnerable = |types, condition| {
        Trait::Vulnerable(Vulnerability {
            types,
            limit: None,
            condition,
            origin: Some(template),
        })
    };
    let immune_to_forced_movement = || {
        Trait::ConditionImmune(ConditionImmunity {
            target: ImmunityTarget::ForcedMovement,
            condition: Some(Predicate::not(Fact::Area)),
            origin: Some(template),
        })
    };
    let crowd = |weakness: DamageType| {
        vec![
            resist(TypeSelector::All, Some(Predicate::not(Fact::Area))),
            vulnerable(TypeSelector::All, Some(Predicate::is(Fact::Area))),
            vulnerable(TypeSelector::Only(weakness), None),
            immune_to_forced_movement(),
        ]
    };
    match template {
        Template::Insubstantial => vec![
            resist(TypeSelector::Only(DamageType::Physical), None),
            resist(
                TypeSelector::NonPhysical,
                Some(Predicate::not(Fact::Advantage)),
            ),
            vulnerable(TypeSelector::All, Some(Predicate::is(Fact::Advantage))),
        ],
        Template::Swarm => crowd(DamageType::Poison),
        Template::Regiment => crowd(DamageType::Psychic),
    }
}
