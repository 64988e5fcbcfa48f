//! Senses, a part of [`Encounter`]. Owns sight, line of effect and occupying space, and
//! Perception and hearing (Blinded, Deafened): Perception checks and passive Perception
//! with the −5 and −2 concealment penalties, the deafened creature's automatic failure
//! against what it cannot see, and its immunity to effects that require hearing (the
//! `hearing` keyword). May not change the state, apart from logging a check.

use super::*;

/// The keyword of powers and effects that require hearing.
pub const HEARING: &str = "hearing";

/// The result of a Perception check, with its explanation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerceptionResult {
    /// Whether the check met the DC.
    pub success: bool,
    /// How the total was reached, for the log and the user.
    pub explanation: String,
}

impl Encounter {
    /// A Perception check of `c` against `dc`, to notice `target` (a creature or an
    /// object of the encounter, or nothing in particular): with `roll` a check, without
    /// it passive Perception (10 + Perception). Deafened, it fails automatically against
    /// a target outside its line of sight.
    pub fn perception_check(
        &mut self,
        c: usize,
        target: Option<usize>,
        roll: Option<u32>,
        dc: i32,
    ) -> PerceptionResult {
        let r = self.perception_result(c, target, roll, dc);
        note!(
            self,
            rules::rule_of(if target.is_some() && self.has(c, C::Deafened) {
                C::Deafened
            } else {
                C::Blinded
            }),
            r.explanation.clone(),
        );
        r
    }

    /// The result of a Perception check (see `perception_check`), without logging it.
    pub fn perception_result(
        &self,
        c: usize,
        target: Option<usize>,
        roll: Option<u32>,
        dc: i32,
    ) -> PerceptionResult {
        let what = target.map_or_else(String::new, |t| format!(" to notice {}", self.name(t)));
        let kind = if roll.is_some() {
            "Perception check"
        } else {
            "passive Perception"
        };
        match target.and_then(|t| self.perception_auto_fails(c, t)) {
            Some(why) => PerceptionResult {
                success: false,
                explanation: format!("{}'s {kind}{what} fails automatically: {why}", self.name(c)),
            },
            None => {
                let mods = self.perception_modifiers(c);
                let base = roll.map_or(10, i64::from);
                let total = base + i64::from(self.creatures[c].perception) + i64::from(mods.total);
                let success = total >= i64::from(dc);
                PerceptionResult {
                    success,
                    explanation: format!(
                        "{}'s {kind}{what}: {} {base} + {} {:+} = {total} vs DC {dc}: {}",
                        self.name(c),
                        if roll.is_some() { "d20" } else { "base" },
                        self.creatures[c].perception,
                        mods.total,
                        if success { "success" } else { "failure" }
                    ),
                }
            }
        }
    }

    /// Why `c` is not affected by a power or effect, if it requires hearing and `c` is
    /// deafened (Deafened).
    pub fn deaf_to(&self, c: usize, power: Option<&Power>, hit: Option<&Hit>) -> Option<String> {
        let needs = power.is_some_and(|p| p.has(HEARING))
            || hit.is_some_and(|h| h.keywords.iter().any(|k| k.as_str() == HEARING));
        (needs && self.has(c, C::Deafened)).then(|| {
            format!(
                "{} is deafened: not affected by effects requiring hearing",
                self.name(c)
            )
        })
    }

    /// Whether `a` can see `b`, or why not.
    pub fn line_of_sight(&self, a: usize, b: usize) -> Outcome {
        if self.has(a, C::Blinded) {
            return refuse(format!(
                "{} is blinded: no line of sight to anything",
                self.name(a)
            ));
        }
        if self.has(a, C::Unconscious) {
            return refuse(format!("{} is unconscious and cannot see", self.name(a)));
        }
        self.line_of_effect(a, b)
            .map_err(|r| Refused::said(r.to_string().replace("line of effect", "line of sight")))
    }

    /// Whether `a` has line of effect to `b`, or why not.
    pub fn line_of_effect(&self, a: usize, b: usize) -> Outcome {
        for (x, y) in [(a, b), (b, a)] {
            if self.has(x, C::Exiled) {
                return refuse_for(Reason::Exiled(self.who(x)));
            }
            if let Some(s) = self.sources(x, C::Swallowed).next() {
                let inside = y == s || self.sources(y, C::Swallowed).any(|o| o == s);
                if !inside {
                    return refuse_for(Reason::Swallowed(self.who(x), self.who(s)));
                }
            }
        }
        Ok(())
    }

    /// Whether the creature occupies a space.
    pub fn occupies_space(&self, c: usize) -> bool {
        self.creatures[c].position.is_some()
            && !self.has(c, C::Exiled)
            && !self.has(c, C::Swallowed)
    }

    /// Whether a Perception check against `target` fails automatically.
    pub fn perception_auto_fails(&self, c: usize, target: usize) -> Option<String> {
        (self.has(c, C::Deafened) && self.line_of_sight(c, target).is_err()).then(|| {
            format!(
                "{} is deafened and {} is outside its line of sight",
                self.name(c),
                self.name(target)
            )
        })
    }
}
