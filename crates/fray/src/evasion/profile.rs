//! Attacker and defender profiles from TOML: every bonus of the text as a named field,
//! armor by slot. Unknown fields, out-of-range values and combinations the rules cannot
//! play (a field that would be silently ignored, or two that contradict each other) are
//! refused with the key path, line and column of the bad value.
//!
//! ```toml
//! # attacker.toml
//! kind = "player"          # player | monster
//! dex = 16
//! skill = "skilled"        # restricted | unskilled | basic | skilled | expert
//! luck = 10
//! [weapon]
//! kind = "spear"           # melee | spear | trident | pick-axe | mattock | launcher | ammo | boomerang
//! to_hit = 0
//! blessed = true
//! erosion = 1              # 0 to 3
//! # a ranged attack instead: [weapon] kind = "ammo", and
//! # [ranged] distance = 3, projectile = "ammo", launcher = "matching",
//! #          launcher_enchantment = 2, launcher_artifact_bonus = 0
//! ```
//!
//! ```toml
//! # defender.toml
//! kind = "monster"
//! ev = 4
//! size = 3                 # 0 tiny, 1 small, 2 medium, 3 large, 4 huge, 7 gigantic
//! hp = 30
//! intrinsic_dr = 2
//! rings_of_evasiveness = 0  # rings of evasiveness or defense: total enchantment
//! [armor.torso]
//! name = "ring mail"
//! ev = 1
//! dr = 3
//! enchantment = 1
//! ```

use super::model::{
    Attacker, Defender, Encumbrance, Kind, Launcher, Projectile, SkillLevel, Slot, Thrown,
    WeaponKind,
};
use crate::scenario::{Checker, ScenarioError, read};

/// Reads an attacker profile.
///
/// ```
/// let a = fray::evasion::profile::parse_attacker("kind = \"monster\"\nlevel = 12").unwrap();
/// assert_eq!(a.level, 12);
/// assert!(fray::evasion::profile::parse_attacker("dex = 99").unwrap_err().to_string().contains("line 1"));
/// ```
pub fn parse_attacker(text: &str) -> Result<Attacker, ScenarioError> {
    let (a, c): (Attacker, Checker) = read(text).map_err(|e| name_the_key(text, e))?;
    check_attacker(&c, &a, &[])?;
    Ok(a)
}

/// Checks an attacker profile's ranges; `at` is the key path of the profile in its file.
pub fn check_attacker(c: &Checker, a: &Attacker, at: &[&str]) -> Result<(), ScenarioError> {
    let checks: [(bool, &[&str], &str); 10] = [
        (a.level <= 100, &["level"], "expected a level from 0 to 100"),
        (
            (3..=25).contains(&a.dex),
            &["dex"],
            "expected Dexterity from 3 to 25",
        ),
        (
            (-13..=13).contains(&a.luck),
            &["luck"],
            "expected Luck from -13 to 13",
        ),
        (
            (-50..=50).contains(&a.rings_of_accuracy),
            &["rings_of_accuracy"],
            "expected a whole number from -50 to 50",
        ),
        (
            small(a.flanking),
            &["flanking"],
            "expected a number from -100 to 100",
        ),
        (
            a.weapon.as_ref().is_none_or(|w| w.erosion <= 3),
            &["weapon", "erosion"],
            "expected erosion from 0 to 3",
        ),
        (
            a.weapon.as_ref().is_none_or(|w| small(w.to_hit)),
            &["weapon", "to_hit"],
            "expected a number from -100 to 100",
        ),
        (
            a.weapon.as_ref().is_none_or(|w| small(w.artifact_bonus)),
            &["weapon", "artifact_bonus"],
            "expected a number from -100 to 100",
        ),
        (
            a.ranged.as_ref().is_none_or(|r| r.distance <= 100),
            &["ranged", "distance"],
            "expected a distance from 0 to 100",
        ),
        (
            a.ranged
                .as_ref()
                .is_none_or(|r| (-50..=50).contains(&r.launcher_enchantment)),
            &["ranged", "launcher_enchantment"],
            "expected a whole number from -50 to 50",
        ),
    ];
    first_failure(c, at, &checks)?;
    first_failure(c, at, &attacker_combinations(a))
}

/// Attacker fields that cannot go together, or that the rules would silently ignore.
fn attacker_combinations(a: &Attacker) -> Vec<(bool, &'static [&'static str], &'static str)> {
    let monster = a.kind == Kind::Monster;
    let r = a.ranged.as_ref();
    let projectile = r.map(|r| r.projectile);
    let fired =
        r.is_some_and(|r| r.projectile == Projectile::Ammo && r.launcher == Launcher::Matching);
    // From a launcher at all, right or wrong: its terms may count (under an option).
    let launched = r.is_some_and(|r| {
        r.projectile == Projectile::Ammo
            && matches!(r.launcher, Launcher::Matching | Launcher::Wrong)
    });
    let weapon = a.weapon.as_ref().map(|w| w.kind);
    vec![
        (
            !(monster && r.is_none() && weapon.is_some_and(|k| !k.is_melee())),
            &["weapon", "kind"],
            "a monster never swings a launcher, ammo or boomerang in melee (evasion, Changes to other mechanics): give it a melee weapon, no weapon, or a [ranged] attack",
        ),
        (
            !(monster && a.dex != 10),
            &["dex"],
            "only players have Dexterity (evasion, Attacker bonus): leave dex out for a monster",
        ),
        (
            !(monster && a.skill != SkillLevel::Basic),
            &["skill"],
            "only players have skills (evasion, Attacker bonus): leave skill out for a monster",
        ),
        (
            !(monster && a.two_weapon.is_some()),
            &["two_weapon"],
            "only players have skills, two-weapon included (evasion, Attacker bonus): leave two_weapon out for a monster",
        ),
        (
            !(monster && a.encumbrance != Encumbrance::Unencumbered),
            &["encumbrance"],
            "monsters are never encumbered (evasion, Attacker bonus): leave encumbrance out for a monster",
        ),
        (
            monster || a.level == 0,
            &["level"],
            "the level / 4 term is for monsters only (evasion, Attacker bonus): leave level out for a player",
        ),
        (
            !(monster && a.luckstone && a.luck != 0),
            &["luck"],
            "a monster's luckstone gives it Luck 3 + 1d3 (evasion, Changes to other mechanics): give luck or luckstone, not both",
        ),
        (
            r.is_none_or(|r| r.launcher_enchantment == 0 || launched),
            &["ranged", "launcher_enchantment"],
            "a launcher's enchantment counts only for ammo fired from a launcher (projectile = \"ammo\", launcher = \"matching\", or \"wrong\" with the wrong-launcher option)",
        ),
        (
            r.is_none_or(|r| r.launcher_artifact_bonus == 0.0 || launched),
            &["ranged", "launcher_artifact_bonus"],
            "an artifact launcher's bonus counts only for ammo fired from it (projectile = \"ammo\", launcher = \"matching\", or \"wrong\" with the wrong-launcher option)",
        ),
        (
            r.is_none_or(|r| small(r.launcher_artifact_bonus)),
            &["ranged", "launcher_artifact_bonus"],
            "expected a number from -100 to 100",
        ),
        (
            !(launched && r.is_some_and(|r| r.kicked)),
            &["ranged", "kicked"],
            "a kicked object is not fired from a launcher: kicked ammo has launcher = \"none\"",
        ),
        (
            !(projectile == Some(Projectile::Spell) && r.is_some_and(|r| r.kicked)),
            &["ranged", "kicked"],
            "a spell or wand is not kicked",
        ),
        (
            r.is_none_or(|r| !r.ya_from_yumi || (fired && !r.kicked)),
            &["ranged", "ya_from_yumi"],
            "ya from a yumi are ammo fired from their own launcher (projectile = \"ammo\", launcher = \"matching\")",
        ),
        (
            !(matches!(projectile, Some(Projectile::Spell | Projectile::Boulder))
                && r.is_some_and(|r| r.thrown.is_some())),
            &["ranged", "thrown"],
            "a spell or a boulder is not a gem or a quest artifact",
        ),
        (
            !(monster && r.is_some_and(|r| r.thrown == Some(Thrown::QuestArtifact))),
            &["ranged", "thrown"],
            "only the player has a quest artifact to throw at a quest leader (evasion, Overriding special cases)",
        ),
        (
            !(matches!(projectile, Some(Projectile::Spell | Projectile::Boulder))
                && weapon.is_some()),
            &["weapon"],
            "a spell, wand or boulder is not made with a weapon: leave [weapon] out, or it would add its to-hit",
        ),
        (
            !(r.is_some()
                && weapon.is_some()
                && (projectile == Some(Projectile::Ammo)) != (weapon == Some(WeaponKind::Ammo))),
            &["weapon", "kind"],
            "what flies is the weapon: ammo (projectile = \"ammo\") needs kind = \"ammo\", and kind = \"ammo\" needs projectile = \"ammo\"",
        ),
    ]
}

/// Reads a defender profile.
///
/// ```
/// let d = fray::evasion::profile::parse_defender("ev = 3\n[armor.head]\ndr = 2").unwrap();
/// assert_eq!(d.armor.head.unwrap().dr, 2.0);
/// ```
pub fn parse_defender(text: &str) -> Result<Defender, ScenarioError> {
    let (d, c): (Defender, Checker) = read(text).map_err(|e| name_the_key(text, e))?;
    check_defender(&c, &d, &[])?;
    Ok(d)
}

/// Checks a defender profile's ranges; `at` is the key path of the profile in its file.
pub fn check_defender(c: &Checker, d: &Defender, at: &[&str]) -> Result<(), ScenarioError> {
    let checks: [(bool, &[&str], &str); 7] = [
        (
            d.ev.is_finite() && d.ev.abs() <= 1000.0,
            &["ev"],
            "expected a number from -1000 to 1000",
        ),
        (
            (0..=7).contains(&d.size),
            &["size"],
            "expected a size from 0 (tiny) to 7 (gigantic)",
        ),
        (
            (-13..=13).contains(&d.luck),
            &["luck"],
            "expected Luck from -13 to 13",
        ),
        (
            (1..=1_000_000).contains(&d.hp),
            &["hp"],
            "expected hit points from 1 to 1000000",
        ),
        (
            small(d.intrinsic_dr),
            &["intrinsic_dr"],
            "expected a number from -100 to 100",
        ),
        (
            d.divine_protection <= 100,
            &["divine_protection"],
            "expected a whole number from 0 to 100",
        ),
        (
            d.spell_protection <= 100,
            &["spell_protection"],
            "expected a whole number from 0 to 100",
        ),
    ];
    first_failure(c, at, &checks)?;
    let monster = d.kind == Kind::Monster;
    let combinations: [(bool, &[&str], &str); 4] = [
        (
            (-50..=50).contains(&d.rings_of_evasiveness),
            &["rings_of_evasiveness"],
            "expected a whole number from -50 to 50",
        ),
        (
            monster || !d.fleeing,
            &["fleeing"],
            "only a fleeing monster loses evasiveness (evasion, Defender bonus): leave fleeing out for a player",
        ),
        (
            !(monster && d.encumbrance != Encumbrance::Unencumbered),
            &["encumbrance"],
            "monsters are never encumbered (evasion, Defender bonus): leave encumbrance out for a monster",
        ),
        (
            !(monster && d.luckstone && d.luck != 0),
            &["luck"],
            "a monster's luckstone gives it Luck 3 + 1d3 (evasion, Changes to other mechanics): give luck or luckstone, not both",
        ),
    ];
    first_failure(c, at, &combinations)?;
    for (slot, piece) in d.armor.pieces() {
        if piece.shirt && slot != Slot::Torso {
            let path: Vec<&str> = at
                .iter()
                .copied()
                .chain(["armor", slot.name(), "shirt"])
                .collect();
            return Err(c.at_path(&path, "only the torso slot holds a shirt"));
        }
        let fields = [
            ("ev", small(piece.ev), "expected a number from -100 to 100"),
            ("dr", small(piece.dr), "expected a number from -100 to 100"),
            (
                "enchantment",
                (-50..=50).contains(&piece.enchantment),
                "expected a whole number from -50 to 50",
            ),
        ];
        if let Some((field, _, message)) = fields.iter().find(|f| !f.1) {
            let path: Vec<&str> = at
                .iter()
                .copied()
                .chain(["armor", slot.name(), field])
                .collect();
            return Err(c.at_path(&path, *message));
        }
    }
    Ok(())
}

/// Puts the key path in front of an out-of-range value's message (`armor.torso.enchantment:
/// invalid value ... expected a whole number from -50 to 50`), as the checks after
/// reading do: the range is checked while reading, where the key is not known. Files
/// that embed profiles (the lab's duels) pass their read errors through it too.
pub fn name_the_key(text: &str, mut e: ScenarioError) -> ScenarioError {
    let Some(l) = &e.location else { return e };
    if !e.message.starts_with("invalid value") && !e.message.starts_with("must be ") {
        return e;
    }
    let lines: Vec<&str> = text.lines().take(l.line).collect();
    let Some((key, _)) = lines.last().and_then(|line| line.split_once('=')) else {
        return e;
    };
    let key = key.trim();
    let table = lines
        .iter()
        .rev()
        .map(|line| line.trim())
        .find(|line| line.starts_with('[') && !line.starts_with("[["))
        .map(|line| line.trim_matches(|c| c == '[' || c == ']').trim());
    let simple = |k: &str| {
        !k.is_empty()
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
    };
    if simple(key) {
        let path = match table.filter(|t| simple(t)) {
            Some(t) => format!("{t}.{key}"),
            None => key.to_string(),
        };
        e.message = format!("{path}: {}", e.message);
    }
    e
}

fn small(x: f64) -> bool {
    x.is_finite() && x.abs() <= 100.0
}

fn first_failure(
    c: &Checker,
    at: &[&str],
    checks: &[(bool, &[&str], &str)],
) -> Result<(), ScenarioError> {
    match checks.iter().find(|(ok, _, _)| !ok) {
        Some((_, path, message)) => {
            let full: Vec<&str> = at.iter().chain(path.iter()).copied().collect();
            Err(c.at_path(&full, *message))
        }
        None => Ok(()),
    }
}
