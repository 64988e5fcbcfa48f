//! Condition instances (Condition source; Multiple instances of a condition), a part of
//! [`Encounter`]. Owns applying and ending them and what happens as they begin and end
//! (reappearing, being pulled, falling unconscious). May not run turns or saves (`turns`)
//! or move creatures (`movement`, which settles grabs and auras after any change).

use super::*;

impl Encounter {
    pub(super) fn bind(&self, d: &Duration) -> Outcome<InstanceDuration> {
        Ok(match d {
            Duration::EndOfNextTurn(name) => {
                let c = self
                    .creatures
                    .iter()
                    .position(|c| c.name == *name)
                    .ok_or_else(|| Refused::said(format!("no creature named `{name}`")))?;
                InstanceDuration::EndOfNextTurn {
                    creature: c,
                    turns_begun_then: self.turns_begun[c],
                }
            }
            Duration::SaveEnds => InstanceDuration::SaveEnds,
            Duration::UntilEnded => InstanceDuration::UntilEnded,
            Duration::EndOfEncounter => InstanceDuration::EndOfEncounter,
        })
    }

    pub(super) fn damage_defender(&self, c: usize) -> std::borrow::Cow<'_, Defender> {
        // Lowered once, when the encounter was built: the traits do not change in play.
        let plain = &self.defenders[c];
        if !self.has(c, C::Petrified) {
            return std::borrow::Cow::Borrowed(plain);
        }
        let mut d = plain.clone();
        d.resistances.push(Resistance {
            types: TypeSelector::All,
            limit: None,
            condition: None,
            origin: None,
        });
        std::borrow::Cow::Owned(d)
    }

    /// Imposes a condition, adding an instance. `hit` gives the facts that condition
    /// immunities and nondamage immunities are judged on.
    pub fn apply(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
        duration: &Duration,
        hit: Option<&Hit>,
    ) -> Outcome {
        self.apply_inner(target, condition, source, None, duration, hit)
    }

    pub(super) fn apply_inner(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
        effect: Option<&str>,
        duration: &Duration,
        hit: Option<&Hit>,
    ) -> Outcome {
        if let Some(why) = self.deaf_to(target, None, hit) {
            note!(self, rules::rule_of(C::Deafened), why.clone());
            return refuse(why);
        }
        let facts = hit.unwrap_or(&self.no_hit);
        let outcome = damage::resolve::effect_outcome(
            facts,
            &self.damage_defender(target),
            &Effect::Condition(condition),
            &Readings::default(),
        );
        if let Some(why) = outcome.ignored_because {
            note!(
                self,
                rules::IMMUNITY,
                format_args!("{} ignores {condition}: {why}", self.name(target)),
            );
            return refuse(format!("{} is immune: {why}", self.name(target)));
        }
        if condition == C::Swallowed
            && self
                .sources(target, C::Swallowed)
                .any(|s| Some(s) != source)
        {
            return refuse(format!(
                "{} is already swallowed by another swallower",
                self.name(target)
            ));
        }
        let said = duration;
        let duration = self.bind(duration)?;
        let again = self.has(target, condition);
        let id = self.add_instance(target, condition, source, duration);
        if let Some(e) = effect {
            self.instances.name_newest_effect(e);
        }
        let extra = if again {
            " (another instance: effects do not stack)"
        } else {
            ""
        };
        note!(self, rules::INSTANCES, {
            let from = match (source, effect) {
                (Some(s), _) => format!(" by {}", self.name(s)),
                (None, Some(e)) => format!(" by the effect `{e}`"),
                (None, None) => String::new(),
            };
            format!(
                "{} is {condition}{from} (instance {id}, {said}){extra}",
                self.name(target)
            )
        });
        self.on_applied(target, condition, source)
    }

    /// Whether the creature ignores a condition imposed without a hit (asked after every
    /// move for aura marks: the reason is not written out).
    pub(super) fn immune_to(&self, c: usize, condition: C) -> bool {
        damage::resolve::effect_outcome(
            &self.no_hit,
            &self.damage_defender(c),
            &Effect::Condition(condition),
            &Readings::default(),
        )
        .ignored_because
        .is_some()
    }

    pub(super) fn add_instance(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
        duration: InstanceDuration,
    ) -> u32 {
        let id = self.next_id;
        self.next_id += 1;
        self.instances.push(
            target,
            ConditionInstance {
                id,
                condition,
                source,
                effect: None,
                duration,
            },
        );
        Stats::bump(&mut self.stats.conditions, condition.name(), 1);
        id
    }

    pub(super) fn on_applied(
        &mut self,
        target: usize,
        condition: C,
        source: Option<usize>,
    ) -> Outcome {
        match condition {
            C::Grabbed => {
                if let Some(g) = source
                    && !self.adjacent(target, g)
                    && let Some(square) = self.free_square_near(g, target)
                {
                    self.set_position(target, Some(square));
                    note!(
                        self,
                        rules::rule_of(C::Grabbed),
                        format_args!(
                            "{} is pulled adjacent to {}, to {square}",
                            self.name(target),
                            self.name(g)
                        ),
                    );
                    self.settle();
                }
            }
            C::Unconscious if !self.has(target, C::Prone) => {
                note!(
                    self,
                    rules::rule_of(C::Unconscious),
                    format_args!(
                        "{} falls unconscious and is knocked prone",
                        self.name(target)
                    ),
                );
                self.apply(target, C::Prone, None, &Duration::UntilEnded, None)?;
            }
            C::Prone => self.fall_if_not_on_ground(target),
            C::Exiled | C::Swallowed => {
                if let Some(at) = self.creatures[target].position {
                    self.set_position(target, None);
                    self.exiled_from[target] = Some(at);
                }
                note!(
                    self,
                    rules::rule_of(condition),
                    format_args!(
                        "{} disappears from the grid and occupies no space",
                        self.name(target)
                    ),
                );
                // Occupying no space, it is adjacent to nobody: grabs on it and by it end.
                self.settle();
            }
            _ => {}
        }
        Ok(())
    }

    /// The free square nearest to `near` (adjacent first) for `who` to stand on.
    pub(super) fn free_square_near(&self, near: usize, who: usize) -> Option<Square> {
        let centre = self.creatures[near].position?;
        (1..=20).find_map(|r: i32| {
            let mut ring: Vec<Square> = (-r..=r)
                .flat_map(|dx| (-r..=r).filter_map(move |dy| centre.offset(dx, dy)))
                .filter(|s| s.distance(centre) == r as u32 && self.free(*s, who))
                .collect();
            let from = self.creatures[who]
                .position
                .or(self.exiled_from[who])
                .unwrap_or(centre);
            ring.sort_by_key(|s| (s.distance(from), s.squared_distance(from), s.x, s.y));
            ring.first().copied()
        })
    }

    /// Imposes a condition whose source is no creature but an effect, zone or trap,
    /// named (Condition source: the source is "typically" a character, not always).
    pub fn apply_from_effect(
        &mut self,
        target: usize,
        condition: C,
        effect: &str,
        duration: &Duration,
        hit: Option<&Hit>,
    ) -> Outcome {
        self.apply_inner(target, condition, None, Some(effect), duration, hit)
    }

    /// Ends one instance of a condition imposed by the named effect.
    pub fn end_one_from_effect(&mut self, c: usize, condition: C, effect: &str) -> Outcome {
        let missing = |e: &Self| {
            Refused::said(format!(
                "{} has no instance of {condition} from the effect `{effect}`",
                e.name(c)
            ))
        };
        self.end_first(
            c,
            condition,
            |i| i.effect.as_deref() == Some(effect),
            missing,
        )
    }

    /// Ends one instance of a condition (an effect that ends "a condition"): the one
    /// from `source` if given, else the oldest.
    pub fn end_one(&mut self, c: usize, condition: C, source: Option<usize>) -> Outcome {
        let missing = |e: &Self| Reason::NoInstance(e.who(c), condition).into();
        self.end_first(
            c,
            condition,
            |i| source.is_none() || i.source == source,
            missing,
        )
    }

    /// Ends the oldest instance of `condition` on `c` that `matches`, or refuses with
    /// `missing` (made only when refused).
    fn end_first(
        &mut self,
        c: usize,
        condition: C,
        matches: impl Fn(&ConditionInstance) -> bool,
        missing: impl FnOnce(&Self) -> Refused,
    ) -> Outcome {
        let at = self
            .instances
            .iter()
            .position(|(o, i)| *o == c && i.condition == condition && matches(i));
        match at {
            Some(at) => {
                let (_, inst) = self.instances.remove(at);
                self.ended(c, &inst, "one instance ends");
                Ok(())
            }
            None => Err(missing(self)),
        }
    }

    /// Ends every instance of a condition (an effect that ends the condition type).
    pub fn end_all(&mut self, c: usize, condition: C) -> usize {
        let ended = self.instances.remove_all(c, condition);
        for inst in &ended {
            self.ended(c, inst, "the condition type ends: all instances");
        }
        ended.len()
    }

    pub(super) fn ended(&mut self, c: usize, inst: &ConditionInstance, why: &str) {
        let still = self.has(c, inst.condition);
        note!(self, rules::INSTANCES, {
            let tail = if still {
                format!(
                    " ({} instance(s) remain, so still {})",
                    self.instances_of(c, inst.condition).count(),
                    inst.condition
                )
            } else {
                String::new()
            };
            format!(
                "{}: {} instance {} ends ({why}){tail}",
                self.name(c),
                inst.condition,
                inst.id
            )
        });
        if still {
            return;
        }
        match inst.condition {
            C::Exiled => {
                let back = self.exiled_from[c].take();
                let square = match back.filter(|s| self.free(*s, c)) {
                    Some(home) => {
                        self.reappear[c] = None;
                        Some(home)
                    }
                    None => {
                        let nearest = back.and_then(|b| self.nearest_free_to_square(b, c));
                        self.chosen_square(c, nearest, back, true)
                    }
                };
                self.set_position(c, square);
                note!(
                    self,
                    rules::rule_of(C::Exiled),
                    format_args!(
                        "{} reappears at {}",
                        self.name(c),
                        square.map_or("nowhere".into(), |s| s.to_string())
                    ),
                );
            }
            C::Swallowed => {
                if let Some(s) = inst.source {
                    let nearest = self.free_square_near(s, c);
                    let square = self.chosen_square(c, nearest, self.creatures[s].position, false);
                    self.set_position(c, square);
                    self.exiled_from[c] = None;
                    note!(
                        self,
                        rules::rule_of(C::Swallowed),
                        format_args!(
                            "{} reappears as close as possible to {}, at {}",
                            self.name(c),
                            self.name(s),
                            square.map_or("nowhere".into(), |s| s.to_string())
                        ),
                    );
                }
            }
            _ => return,
        }
        self.settle();
    }

    /// The square a reappearing creature chose (`choose_reappearance`), if it is free and
    /// as close to `centre` as `nearest`, the closest free square; else `nearest`.
    pub(super) fn chosen_square(
        &mut self,
        c: usize,
        nearest: Option<Square>,
        centre: Option<Square>,
        ground: bool,
    ) -> Option<Square> {
        let Some(choice) = self.reappear[c].take() else {
            return nearest;
        };
        let ok = match (nearest, centre) {
            (Some(n), Some(at)) => {
                self.free(choice, c)
                    && choice.distance(at) == n.distance(at)
                    && (!ground || self.solid_ground(choice))
            }
            _ => false,
        };
        if ok {
            note!(
                self,
                rules::INSTANCES,
                format_args!("{} chooses to reappear at {choice}", self.name(c)),
            );
            Some(choice)
        } else {
            note!(
                self,
                rules::INSTANCES,
                format_args!(
                    "{} cannot reappear at {choice}: not a free square among the closest{}",
                    self.name(c),
                    if ground { " on solid ground" } else { "" }
                ),
            );
            nearest
        }
    }

    /// The square the creature chooses to reappear in when its exile or swallowing ends
    /// and it has a choice (Exiled, Swallowed): it must be a free square among the
    /// closest ones; otherwise fray's pick stands. `None` leaves the pick to fray.
    pub fn choose_reappearance(&mut self, c: usize, square: Option<Square>) {
        self.reappear[c] = square;
    }

    pub(super) fn nearest_free_to_square(&self, at: Square, who: usize) -> Option<Square> {
        (1..=20).find_map(|r: i32| {
            (-r..=r)
                .flat_map(|dx| (-r..=r).filter_map(move |dy| at.offset(dx, dy)))
                .filter(|s| s.distance(at) == r as u32)
                .find(|s| self.free(*s, who) && self.solid_ground(*s))
        })
    }
}
