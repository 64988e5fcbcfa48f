//! Attacker and defender profiles from TOML: every bonus of the text as a named field,
//! armor by slot. Unknown fields and out-of-range values are refused with the line and
//! column of the bad value.
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
//! # [ranged] distance = 3, projectile = "ammo", launcher = "matching", launcher_enchantment = 2
//! ```
//!
//! ```toml
//! # defender.toml
//! kind = "monster"
//! ev = 4
//! size = 3                 # 0 tiny, 1 small, 2 medium, 3 large, 4 huge, 7 gigantic
//! hp = 30
//! intrinsic_dr = 2
//! [armor.torso]
//! name = "ring mail"
//! ev = 1
//! dr = 3
//! enchantment = 1
//! ```

use super::model::{Attacker, Defender};
use crate::scenario::{Checker, ScenarioError, read};

/// Reads an attacker profile.
///
/// ```
/// let a = fray::evasion::profile::parse_attacker("kind = \"monster\"\nlevel = 12").unwrap();
/// assert_eq!(a.level, 12);
/// assert!(fray::evasion::profile::parse_attacker("dex = 99").unwrap_err().to_string().contains("line 1"));
/// ```
pub fn parse_attacker(text: &str) -> Result<Attacker, ScenarioError> {
    let (a, c): (Attacker, Checker) = read(text)?;
    check_attacker(&c, &a, &[])?;
    Ok(a)
}

/// Checks an attacker profile's ranges; `at` is the key path of the profile in its file.
pub fn check_attacker(c: &Checker, a: &Attacker, at: &[&str]) -> Result<(), ScenarioError> {
    let checks: [(bool, &[&str], &str); 9] = [
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
            a.rings_of_accuracy.abs() <= 50,
            &["rings_of_accuracy"],
            "expected -50 to 50",
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
            a.weapon
                .as_ref()
                .is_none_or(|w| small(w.to_hit) && small(w.artifact_bonus)),
            &["weapon"],
            "to_hit and artifact_bonus must be from -100 to 100",
        ),
        (
            a.ranged.as_ref().is_none_or(|r| r.distance <= 100),
            &["ranged", "distance"],
            "expected a distance from 0 to 100",
        ),
        (
            a.ranged
                .as_ref()
                .is_none_or(|r| r.launcher_enchantment.abs() <= 50),
            &["ranged", "launcher_enchantment"],
            "expected -50 to 50",
        ),
    ];
    first_failure(c, at, &checks)
}

/// Reads a defender profile.
///
/// ```
/// let d = fray::evasion::profile::parse_defender("ev = 3\n[armor.head]\ndr = 2").unwrap();
/// assert_eq!(d.armor.head.unwrap().dr, 2.0);
/// ```
pub fn parse_defender(text: &str) -> Result<Defender, ScenarioError> {
    let (d, c): (Defender, Checker) = read(text)?;
    check_defender(&c, &d, &[])?;
    Ok(d)
}

/// Checks a defender profile's ranges; `at` is the key path of the profile in its file.
pub fn check_defender(c: &Checker, d: &Defender, at: &[&str]) -> Result<(), ScenarioError> {
    let checks: [(bool, &[&str], &str); 6] = [
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
            d.divine_protection <= 100 && d.spell_protection <= 100,
            &["divine_protection"],
            "protection must be from 0 to 100",
        ),
    ];
    first_failure(c, at, &checks)?;
    for (slot, piece) in d.armor.pieces() {
        if !(small(piece.ev) && small(piece.dr) && piece.enchantment.abs() <= 50) {
            let path: Vec<&str> = at.iter().copied().chain(["armor", slot.name()]).collect();
            return Err(c.at_path(
                &path,
                "ev and dr must be from -100 to 100 and enchantment from -50 to 50",
            ));
        }
    }
    Ok(())
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
