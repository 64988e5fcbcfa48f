//! `fray damage` with conditions, keywords and effects: what must be known or declared,
//! and the hint when it is not.

use super::damage;
use crate::common::*;

/// (damage, Resistance: Condition): an unknown condition is refused, in --vs and in files.
#[test]
fn unknown_conditions_are_refused_with_their_place() {
    refuse(
        &["damage", "20", "fire", "--vs", "Resist Fire (Sometimes)"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 14: in the condition: `Sometimes` is not a condition or keyword fray knows: expected a fact (Advantage, Critical, Ongoing, Silvered, Epic, Paragon, burst/blast, Attack, environmental), a damage type (physical, acid, cold, fire, force, lightning, necrotic, poison, psychic, radiant, thunder), a known attack keyword (fear, charm, gaze, arcane, aura, beast, close, conjuration, divine, healing, illusion, implement, invigorating, martial, melee, polymorph, primal, psionic, ranged, rattling, reliable, shadow, sleep, stance, summoning, teleportation, weapon, zone), or a declared condition (declared: none; declare one with a `Conditions: NAME` line)
              | Resist Fire (Sometimes)
              |              ^^^^^^^^^
        "#]],
    );
    refuse(
        &["damage", "20", "--vs", "Resist All (Not Silverd)"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 17: in the condition: `Silverd` is not a condition or keyword fray knows (did you mean `silvered`?): expected a fact (Advantage, Critical, Ongoing, Silvered, Epic, Paragon, burst/blast, Attack, environmental), a damage type (physical, acid, cold, fire, force, lightning, necrotic, poison, psychic, radiant, thunder), a known attack keyword (fear, charm, gaze, arcane, aura, beast, close, conjuration, divine, healing, illusion, implement, invigorating, martial, melee, polymorph, primal, psionic, ranged, rattling, reliable, shadow, sleep, stance, summoning, teleportation, weapon, zone), or a declared condition (declared: none; declare one with a `Conditions: NAME` line)
              | Resist All (Not Silverd)
              |                 ^^^^^^^
        "#]],
    );
    let dir = scratch("damage-conditions");
    let bad = write(
        &dir,
        "sometimes.txt",
        "Resist Cold\nResist Fire (Sometimes)\n",
    );
    refuse(
        &["damage", "20", "--vs-file", &bad],
        expect![[r#"
            error: the defender's traits could not be read:
            $TMP/damage-conditions/sometimes.txt, line 2, column 14: in the condition: `Sometimes` is not a condition or keyword fray knows: expected a fact (Advantage, Critical, Ongoing, Silvered, Epic, Paragon, burst/blast, Attack, environmental), a damage type (physical, acid, cold, fire, force, lightning, necrotic, poison, psychic, radiant, thunder), a known attack keyword (fear, charm, gaze, arcane, aura, beast, close, conjuration, divine, healing, illusion, implement, invigorating, martial, melee, polymorph, primal, psionic, ranged, rattling, reliable, shadow, sleep, stance, summoning, teleportation, weapon, zone), or a declared condition (declared: none; declare one with a `Conditions: NAME` line)
              | Resist Fire (Sometimes)
              |              ^^^^^^^^^
        "#]],
    );
    let good = write(
        &dir,
        "declared.txt",
        "Resist Fire (Sometimes)\nConditions: Sometimes\n",
    );
    assert_eq!(damage(&["20", "fire", "--vs-file", &good])["final"], 20);
    let v = damage(&["20", "fire", "--vs-file", &good, "--met", "sometimes"]);
    assert_eq!(v["final"], 10);
    assert_eq!(v["declared"], json!(["sometimes"]));
    assert_eq!(v["hit"]["met"], json!(["sometimes"]));
}

/// `--declare NAME` declares a condition; `--met NAME` says the hit meets it.
#[test]
fn declared_conditions_from_the_command_line() {
    let base = ["20", "fire", "--vs", "Resist Fire (Not Underwater)"];
    let declared = [&base[..], &["--declare", "Underwater"]].concat();
    assert_eq!(damage(&declared)["final"], 10);
    let met = [&declared[..], &["--met", "underwater"]].concat();
    assert_eq!(damage(&met)["final"], 20);
    check(
        &[
            "damage",
            "20",
            "fire",
            "--vs",
            "Resist Fire (Wet)",
            "--declare",
            "wet",
        ],
        expect![[r#"
            20 fire damage against Conditions: Wet; Resist Fire (Wet)
               1. [choose] Resist Fire (Wet) discarded: its condition is not met
               2. [resistance] fire: no resistance applies
               3. [vulnerability] fire: no vulnerability applies
               4. [final] 20 − 0 + 0 = 20
            final damage: 20 (20 − 0 + 0)
        "#]],
    );
    refuse(
        &["damage", "20", "--declare", "wet", "--met", "wte"],
        expect![[r#"
            error: --met: `wte` is not a declared condition (did you mean `wet`?): declared: wet; declare one in `declare` or with a `Conditions: NAME` line (built-in facts and keywords have their own fields: `advantage`, `keyword`...)
        "#]],
    );
    refuse(
        &["damage", "20", "--met", "advantage"],
        expect![[r#"
            error: --met: `advantage` is not a declared condition: declared: none; declare one in `declare` or with a `Conditions: NAME` line (built-in facts and keywords have their own fields: `advantage`, `keyword`...)
        "#]],
    );
    refuse(
        &["damage", "20", "--declare", "Fear"],
        expect![[r#"
            error: --declare: `Fear` is already known to fray (a fact, a damage type or a known keyword): no need to declare it
        "#]],
    );
    refuse(
        &["damage", "20", "--vs", "Conditions: Fear"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 13: `Fear` is already known to fray (a fact, a damage type or a known keyword): no need to declare it
              | Conditions: Fear
              |             ^^^^
        "#]],
    );
}

/// Keywords and effect names must be known (or, for keywords, declared).
#[test]
fn unknown_keywords_and_effects_are_refused_with_a_hint() {
    refuse(
        &["damage", "20", "--keyword", "feer"],
        expect![[r#"
            error: --keyword: `feer` is not a keyword fray knows (did you mean `fear`?): expected a known attack keyword (fear, charm, gaze, arcane, aura, beast, close, conjuration, divine, healing, illusion, implement, invigorating, martial, melee, polymorph, primal, psionic, ranged, rattling, reliable, shadow, sleep, stance, summoning, teleportation, weapon, zone), a damage type (physical, acid, cold, fire, force, lightning, necrotic, poison, psychic, radiant, thunder), or a declared condition (declared: none; declare one with a `Conditions: NAME` line)
        "#]],
    );
    assert_eq!(
        damage(&[
            "20",
            "--vs",
            "Resist All (Wet)",
            "--declare",
            "wet",
            "--keyword",
            "wet"
        ])["final"],
        10
    );
    refuse(
        &["damage", "20", "--vs", "Nondamage Immune: Charn"],
        expect![[r#"
            error: the defender's traits could not be read:
            --vs, line 1, column 19: `Charn` is not a keyword fray knows (did you mean `charm`?): expected a known attack keyword (fear, charm, gaze, arcane, aura, beast, close, conjuration, divine, healing, illusion, implement, invigorating, martial, melee, polymorph, primal, psionic, ranged, rattling, reliable, shadow, sleep, stance, summoning, teleportation, weapon, zone), a damage type (physical, acid, cold, fire, force, lightning, necrotic, poison, psychic, radiant, thunder), or a declared condition (declared: none; declare one with a `Conditions: NAME` line)
              | Nondamage Immune: Charn
              |                   ^^^^^
        "#]],
    );
    refuse(
        &["damage", "20", "--effect", "stuned"],
        expect![[r#"
            error: --effect: `stuned` is not an effect fray knows (did you mean `stunned`?): expected a condition or forced movement: blinded, dazed, deafened, dominated, exiled, grabbed, helpless, immobilized, marked, petrified, prone, restrained, slowed, stunned, swallowed, unconscious, weakened, push, pull, slide
        "#]],
    );
    refuse(
        &["damage", "20", "--effect", "on fire"],
        expect![[r#"
            error: --effect: `on fire` is not an effect fray knows: expected a condition or forced movement: blinded, dazed, deafened, dominated, exiled, grabbed, helpless, immobilized, marked, petrified, prone, restrained, slowed, stunned, swallowed, unconscious, weakened, push, pull, slide
        "#]],
    );
}
