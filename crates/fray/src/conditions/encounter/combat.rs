//! Combat, a part of [`Encounter`]. Owns attacks: attack rolls with their stacked
//! modifiers, marks violated and what they trigger, forced attacks, bursts and blasts
//! inside a swallower, the effects of a hit. Damage and healing are `harm`'s. May not
//! build modifiers (`modifiers`) or move creatures by itself (`movement`): it asks them.

use super::*;

impl Encounter {
    /// An attack with a power against targets, with d20 rolls and damage from `rolls`.
    pub fn attack(
        &mut self,
        attacker: usize,
        power: &str,
        targets: &[usize],
        o: &AttackOptions,
        rolls: &mut impl Rolls,
    ) -> Outcome {
        let i = self.powers[attacker]
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(power))
            .ok_or_else(|| {
                Refused::said(format!(
                    "{} has no power named `{power}`",
                    self.name(attacker)
                ))
            })?;
        self.attack_with(attacker, i, targets, o, rolls)
    }

    /// An attack as [`Encounter::attack`], with the attacker's power at index `power` of
    /// its powers: for a caller that chose the power by position (the skirmish policy),
    /// with no name to look up.
    pub fn attack_with(
        &mut self,
        attacker: usize,
        power: usize,
        targets: &[usize],
        o: &AttackOptions,
        rolls: &mut impl Rolls,
    ) -> Outcome {
        // The power is read from the encounter's shared copy of the attacker's powers:
        // no clone of it per attack.
        let powers = std::sync::Arc::clone(&self.powers[attacker]);
        let p = powers.get(power).ok_or_else(|| {
            Refused::said(format!(
                "{} has no power number {power}",
                self.name(attacker)
            ))
        })?;
        self.check_attacker(attacker, p, targets, o)?;
        let targets = self.with_swallowed(attacker, targets, p);
        let violated = self.violated_marks(attacker, &targets, o);
        if !violated.is_empty() {
            let names: Vec<&str> = violated.iter().map(|&m| self.name(m)).collect();
            note!(
                self,
                rules::MARKS,
                format_args!(
                    "the attack targets an enemy but not its marker(s) {}: it violates the mark (−2)",
                    names.join(", ")
                )
            );
        } else if o.forced_by.is_some() && self.has(attacker, C::Marked) {
            note!(
                self,
                rules::FORCED_ATTACK,
                "a forced attack ignores marks: it counts as not marked",
            );
        }
        // Only written in the log: nothing is played for the provoked attacks.
        if self.keep_log && p.provokes() && o.forced_by.is_none() {
            for e in (0..self.creatures.len())
                .filter(|&e| {
                    self.enemies(attacker, e)
                        && self.adjacent(attacker, e)
                        && self.can_take(e, ActionType::Opportunity).is_ok()
                })
                .collect::<Vec<_>>()
            {
                note!(
                    self,
                    rules::OPPORTUNITY,
                    format_args!(
                        "{} uses a ranged or area power next to {}: it provokes an opportunity attack",
                        self.name(attacker),
                        self.name(e)
                    )
                );
            }
        }
        for &t in targets.iter() {
            self.one_attack(attacker, (power, p), t, o, !violated.is_empty(), rolls);
        }
        for m in violated {
            self.mark_violated(m, attacker, rolls);
        }
        Ok(())
    }

    /// Powers of the marker that trigger when its mark is violated, used at once
    /// against the violator if the marker can take their action and reach it.
    pub(super) fn mark_violated(&mut self, marker: usize, violator: usize, rolls: &mut impl Rolls) {
        let powers = std::sync::Arc::clone(&self.powers[marker]);
        let triggered = (powers.iter().enumerate())
            .filter(|(_, p)| p.trigger == Some(crate::conditions::model::Trigger::MarkViolated));
        for (i, p) in triggered {
            let usable = self
                .can_take(marker, p.action)
                .and_then(|()| self.can_attack(marker))
                .and_then(|()| self.line_of_effect(marker, violator));
            if let Err(why) = usable {
                note!(
                    self,
                    rules::MARKS,
                    format_args!(
                        "{} violated {}'s mark, but `{}` cannot trigger: {}",
                        self.name(violator),
                        self.name(marker),
                        p.name,
                        why
                    ),
                );
                continue;
            }
            note!(
                self,
                rules::MARKS,
                format_args!(
                    "{} violated {}'s mark: `{}` triggers against it",
                    self.name(violator),
                    self.name(marker),
                    p.name
                ),
            );
            let o = AttackOptions::default();
            let violates = !self.violated_marks(marker, &[violator], &o).is_empty();
            self.one_attack(marker, (i, p), violator, &o, violates, rolls);
        }
    }

    pub(super) fn check_attacker(
        &mut self,
        attacker: usize,
        p: &Power,
        targets: &[usize],
        o: &AttackOptions,
    ) -> Outcome {
        match o.forced_by {
            Some(f) => {
                if !self.sources(attacker, C::Dominated).any(|s| s == f) {
                    return refuse(format!(
                        "{} cannot force {} to attack: it does not dominate it",
                        self.name(f),
                        self.name(attacker)
                    ));
                }
                if p.usage != Usage::AtWill {
                    return refuse(format!(
                        "a dominator forces only at-will attacks; `{}` is not at-will",
                        p.name
                    ));
                }
                if targets.contains(&attacker) {
                    return refuse(format!(
                        "{} cannot target itself with a forced attack",
                        self.name(attacker)
                    ));
                }
                self.can_take(f, ActionType::Standard)?;
                self.spend(f, ActionType::Standard);
                note!(
                    self,
                    rules::FORCED_ATTACK,
                    format_args!(
                        "{} forces {} to attack with `{}`, choosing its targets; the attack provokes no opportunity attacks",
                        self.name(f),
                        self.name(attacker),
                        p.name
                    )
                );
            }
            None => {
                self.can_take(attacker, p.action)?;
                self.can_attack(attacker)?;
                self.spend(attacker, p.action);
            }
        }
        for &t in targets {
            self.line_of_effect(attacker, t)?;
        }
        if o.coup_de_grace {
            for &t in targets {
                if !(self.has(t, C::Helpless) || self.has(t, C::Unconscious)) {
                    return refuse(format!(
                        "a coup de grace needs a helpless or unconscious target; {} is neither",
                        self.name(t)
                    ));
                }
            }
        }
        Ok(())
    }

    /// A burst or blast used by a swallowed creature includes its swallower and every
    /// other creature swallowed by it (Swallowed), whatever targets were named; the user
    /// itself is not included (reading). From outside, nothing reaches the swallowed.
    /// The targets as given (borrowed) unless a swallowed creature's area power adds some.
    pub(super) fn with_swallowed<'t>(
        &mut self,
        attacker: usize,
        targets: &'t [usize],
        p: &Power,
    ) -> std::borrow::Cow<'t, [usize]> {
        let swallower = self.sources(attacker, C::Swallowed).next();
        let Some(s) = swallower.filter(|_| p.is_area()) else {
            return std::borrow::Cow::Borrowed(targets);
        };
        let mut all = targets.to_vec();
        let inside = std::iter::once(s).chain(
            self.instances
                .iter()
                .filter(|(c, i)| {
                    i.condition == C::Swallowed && i.source == Some(s) && *c != attacker
                })
                .map(|(c, _)| *c),
        );
        let mut added = Vec::new();
        for c in inside {
            if !all.contains(&c) {
                all.push(c);
                added.push(c);
            }
        }
        for c in added {
            note!(
                self,
                rules::rule_of(C::Swallowed),
                format_args!(
                    "{}'s burst or blast inside {} includes {}",
                    self.creatures[attacker].name, self.creatures[s].name, self.creatures[c].name
                ),
            );
        }
        std::borrow::Cow::Owned(all)
    }

    /// The hit of a power before its amount and the attack's facts: its damage types and
    /// keywords, built once per power when the encounter is.
    pub(super) fn hit_of(p: &Power) -> Hit {
        let mut hit = Hit::new(0, p.types.iter().cloned());
        hit.keywords = p.keywords.iter().map(|k| damage::Keyword::new(k)).collect();
        hit
    }

    /// One attack roll of the power (its index and itself) against one target, and its hit.
    pub(super) fn one_attack(
        &mut self,
        attacker: usize,
        (i, p): (usize, &Power),
        target: usize,
        o: &AttackOptions,
        violates: bool,
        rolls: &mut impl Rolls,
    ) {
        if let Some(why) = self.deaf_to(target, Some(p), None) {
            note!(self, rules::rule_of(C::Deafened), why);
            return;
        }
        // The reasons are written out only for the log.
        let ca = if self.keep_log {
            self.combat_advantage(attacker, target)
        } else {
            Vec::new()
        };
        let advantage = if self.keep_log {
            !ca.is_empty()
        } else {
            self.has_combat_advantage(attacker, target)
        };
        // What counted and why only for the log; the totals are the same either way.
        let (mods, defense_mods) = if self.keep_log {
            let mods = self.attack_modifiers(attacker, target, o.situation, violates);
            for s in &mods.suppressed {
                note!(
                    self,
                    rules::STACKING,
                    format_args!(
                        "{} ({:+}) does not count: {}",
                        s.modifier.source, s.modifier.value, s.reason
                    ),
                );
            }
            (mods.total, self.defense_modifiers_of(target, p.vs).total)
        } else {
            (
                self.attack_total(attacker, target, o.situation, violates),
                self.defense_total(target, p.vs),
            )
        };
        let defense = self.creatures[target].defense(p.vs) + defense_mods;
        let roll = rolls.die(20);
        let total = i64::from(roll) + i64::from(p.attack) + i64::from(mods);
        let critical = roll == 20 || o.coup_de_grace;
        let hits = critical || total >= i64::from(defense);
        note!(self, rules::ATTACK, {
            let why_ca = if ca.is_empty() {
                String::new()
            } else {
                format!("; combat advantage: {}", ca.join(", "))
            };
            format!(
                "{} attacks {} with `{}`: d20 {roll} + {} {:+} = {total} vs {} {defense}: {}{why_ca}",
                self.name(attacker),
                self.name(target),
                p.name,
                p.attack,
                mods,
                p.vs,
                if critical {
                    "critical hit"
                } else if hits {
                    "hit"
                } else {
                    "miss"
                }
            )
        });
        if !hits {
            return;
        }
        let facts = AttackFacts {
            advantage,
            critical,
            area: p.is_area(),
            attacker_level: Some(self.creatures[attacker].level),
            ..AttackFacts::default()
        };
        // The power's kept hit, taken out while it is dealt and put back after.
        let kept = self.hits[attacker].get_mut(i).and_then(Option::take);
        let mut hit = kept.unwrap_or_else(|| Self::hit_of(p)).by(facts);
        hit.amount = 0;
        if let Some(dice) = &p.damage {
            let rolled = if critical {
                dice.max()
            } else {
                dice.roll(rolls)
            }
            .max(0);
            let amount = if self.damage_dealt_halved(attacker) {
                note!(
                    self,
                    rules::rule_of(C::Weakened),
                    format_args!(
                        "{} is weakened: its {rolled} damage is halved to {} before the target's traits",
                        self.name(attacker),
                        rolled / 2
                    )
                );
                rolled / 2
            } else {
                rolled
            };
            hit.amount = u32::try_from(amount).unwrap_or(u32::MAX);
            self.take_damage_choosing(target, &hit, !o.decline_dominated_save, rolls);
        }
        self.hit_effects(attacker, p, target, &hit, o);
        if let Some(slot) = self.hits[attacker].get_mut(i) {
            *slot = Some(hit);
        }
    }

    pub(super) fn hit_effects(
        &mut self,
        attacker: usize,
        p: &Power,
        target: usize,
        hit: &Hit,
        o: &AttackOptions,
    ) {
        for e in &p.effects {
            let _ = self.apply(target, e.condition, Some(attacker), &e.duration, Some(hit));
        }
        if p.ongoing > 0 {
            let id = self.next_id;
            self.next_id += 1;
            self.ongoing.push((
                target,
                Ongoing {
                    id,
                    amount: p.ongoing,
                    types: p.types.clone(),
                    source: Some(attacker),
                },
            ));
            note!(
                self,
                rules::ONGOING,
                format_args!(
                    "{} takes ongoing {} damage (save ends)",
                    self.name(target),
                    p.ongoing
                ),
            );
        }
        if let (Some((kind, distance)), Some(path)) = (p.forced, o.forced_paths.get(&target)) {
            if path.len() as u32 > distance {
                note!(
                    self,
                    rules::MOVEMENT,
                    format!("the {kind:?} moves at most {distance} squares; the path is cut")
                        .to_lowercase(),
                );
            }
            let path: Vec<Square> = path.iter().take(distance as usize).copied().collect();
            let _ = self.force_move(target, kind, &path, attacker, &HashMap::new(), Some(hit));
        }
    }

    /// Whether an attack violates a mark ("Sidebar: Violating marks"): the markers it
    /// violates, empty if none.
    pub fn violated_marks(
        &self,
        attacker: usize,
        targets: &[usize],
        o: &AttackOptions,
    ) -> Vec<usize> {
        if o.forced_by.is_some() {
            return Vec::new();
        }
        let markers: Vec<usize> = self
            .markers(attacker)
            .into_iter()
            .filter(|m| !o.marked_during.contains(m))
            .collect();
        let hits_enemy = targets.iter().any(|&t| self.enemies(attacker, t));
        // Marked by several: no mark is violated while the attack includes any marker.
        let includes_a_marker = self
            .markers(attacker)
            .iter()
            .any(|m| targets.contains(m) || o.earlier.contains(m) || o.initially.contains(m));
        if !hits_enemy || includes_a_marker {
            return Vec::new();
        }
        markers
    }

    /// Whether the creature's damage dealt is halved (weakened).
    pub fn damage_dealt_halved(&self, c: usize) -> bool {
        self.has(c, C::Weakened)
    }
}
