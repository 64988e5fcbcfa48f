//! The pool rules as pure functions: judging a check, building an attack roll.

use serde::{Deserialize, Serialize};

use super::model::{Check, Ladder, PoolError, Rung};
use super::rules;
use crate::trace::{Step, Tracer};

/// A check judged from its hits, before the exploding die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Judgement {
    /// Success or failure.
    pub success: bool,
    /// Hits on a success, misses on a failure.
    pub degree: u32,
    /// All hits or all misses: the exploding die is rolled.
    pub explodes: bool,
}

/// The text's rule: with penalty dice, any miss fails; without, only all misses fail.
/// The degree counts hits on a success and misses on a failure; all hits or all misses
/// (so every single-die roll) explode.
///
/// Written without branches (`&`, `|` and a multiplication instead of `if`): a mass
/// battle judges every attack, and random outcomes defeat branch prediction.
#[inline]
pub fn judge(hits: u32, dice: u32, penalty: bool) -> Judgement {
    let success = (penalty & (hits == dice)) | (!penalty & (hits > 0));
    let misses = dice.wrapping_sub(hits);
    let to_hits = u32::from(success).wrapping_mul(hits.wrapping_sub(misses));
    Judgement {
        success,
        degree: misses.wrapping_add(to_hits),
        explodes: (hits == dice) | (hits == 0),
    }
}

/// How well a defender dodges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dodge {
    /// No modifier.
    #[default]
    Normal,
    /// Cannot dodge effectively: +1 TN for the attacker.
    CannotDodge,
    /// Dodges unusually well: −1 TN.
    DodgesWell,
}

/// How the defender's armor meets the attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ArmorMatch {
    /// No modifier.
    #[default]
    Normal,
    /// The attack penetrates the armor with ease: +1 TN.
    Penetrates,
    /// The armor is particularly effective against the attack: −1 TN.
    Resists,
}

/// Which side, if either, has form superiority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormEdge {
    /// Neither.
    #[default]
    Neither,
    /// The attacker's fighting style is superior: +1 TN.
    Attacker,
    /// The defender's is: −1 TN.
    Defender,
}

/// Everything that shapes one attack roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct AttackFactors {
    /// Form superiority.
    pub form: FormEdge,
    /// The defender is so small or so large that it is hard to hit at all: −1 TN.
    pub hard_to_hit: bool,
    /// The defender's dodging.
    pub dodge: Dodge,
    /// The attack against the armor.
    pub armor: ArmorMatch,
    /// Degrees of magic armor: −1 TN each.
    pub magic_armor: u32,
    /// Attack bonus, magic weapon and situational advantages: bonus dice.
    pub bonus: u32,
}

/// The attack roll as a check: 3/6, moved by the sum of the modifiers (one rung each,
/// clamped once at the ladder's ends), with the attack bonus as bonus dice. Penalty
/// dice are never used: the other side gets bonus dice instead.
///
/// ```
/// use fray::pool::{attack_check, ArmorMatch, AttackFactors, Ladder};
/// use fray::trace::NoTrace;
/// let factors = AttackFactors { armor: ArmorMatch::Penetrates, magic_armor: 2, bonus: 1, ..Default::default() };
/// let check = attack_check(&Ladder::standard(), &factors, &mut NoTrace).unwrap();
/// assert_eq!(check.to_string(), "2/6+1b");
/// ```
pub fn attack_check(
    ladder: &Ladder,
    f: &AttackFactors,
    tracer: &mut impl Tracer,
) -> Result<Check, PoolError> {
    let start = Rung { tn: 3, die: 6 };
    ladder.position(start)?;
    tracer.record(|| Step::new(rules::ATTACK, "the attack roll starts at 3/6"));
    let modifiers: [(i64, &str); 5] = [
        match f.form {
            FormEdge::Neither => (0, ""),
            FormEdge::Attacker => (1, "the attacker has form superiority"),
            FormEdge::Defender => (-1, "the defender has form superiority"),
        },
        if f.hard_to_hit {
            (-1, "the defender is hard to hit for its size")
        } else {
            (0, "")
        },
        match f.dodge {
            Dodge::Normal => (0, ""),
            Dodge::CannotDodge => (1, "the defender cannot dodge effectively"),
            Dodge::DodgesWell => (-1, "the defender dodges unusually well"),
        },
        match f.armor {
            ArmorMatch::Normal => (0, ""),
            ArmorMatch::Penetrates => (1, "the attack penetrates the armor with ease"),
            ArmorMatch::Resists => (-1, "the armor is particularly effective against the attack"),
        },
        (
            -i64::from(f.magic_armor),
            "magic armor: one rung per degree",
        ),
    ];
    // The modifiers add up first and the ladder is climbed once: a step lost at an end
    // is lost from the total, not from whichever modifier happened to come last.
    let mut total = 0i64;
    for (steps, why) in modifiers.into_iter().filter(|(s, _)| *s != 0) {
        total += steps;
        tracer.record(|| {
            Step::new(rules::ATTACK, format!("{why}: {steps:+} rung(s)")).num("steps", steps)
        });
    }
    let wanted = ladder.position(start)? as i64 + total;
    let clamped = !(0..ladder.rungs().len() as i64).contains(&wanted);
    let rung = ladder.step(start, total)?;
    tracer.record(|| {
        let end = if clamped {
            " (stopped at the end of the ladder)"
        } else {
            ""
        };
        Step::new(
            rules::ATTACK,
            format!("{total:+} rung(s) in all: {start} → {rung}{end}"),
        )
        .num("total", total)
    });
    let check = Check::new(rung, f.bonus, 0)?;
    tracer.record(|| {
        Step::new(
            rules::ATTACK,
            format!("{} bonus dice: the attack roll is {check}", f.bonus),
        )
        .num("bonus", f.bonus)
    });
    Ok(check)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judge_without_branches_reads_the_rule_as_written() {
        for dice in 1..=40 {
            for hits in 0..=dice {
                for penalty in [false, true] {
                    let success = if penalty { hits == dice } else { hits > 0 };
                    let expected = Judgement {
                        success,
                        degree: if success { hits } else { dice - hits },
                        explodes: hits == dice || hits == 0,
                    };
                    assert_eq!(
                        judge(hits, dice, penalty),
                        expected,
                        "{hits}/{dice} {penalty}"
                    );
                }
            }
        }
    }
}
