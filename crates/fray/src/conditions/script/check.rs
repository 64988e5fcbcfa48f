//! What a script asks of the encounter: expectations judged and queries answered
//! against the encounter as it stands. It owns the reading of the state for a script;
//! it may not change the encounter's state (a query only adds its answer to the log).

use super::player::{Runner, SCRIPT, Unmet, cover};
use super::*;

impl Runner {
    pub(super) fn check(&self, check: &Check) -> Result<(), Unmet> {
        let e = &self.e;
        let expect = |ok: bool, what: String| if ok { Ok(()) } else { Err(Unmet(what)) };
        match check {
            Check::Condition {
                creature,
                condition,
                present,
                count,
                source,
                effect,
            } => {
                let c = self.id(creature);
                let s = source.as_ref().map(|s| self.id(s));
                let n = e
                    .instances_of(c, *condition)
                    .filter(|i| s.is_none() || i.source == s)
                    .filter(|i| effect.is_none() || i.effect == *effect)
                    .count();
                let has = if s.is_some() || effect.is_some() || count.is_some() {
                    n > 0
                } else {
                    e.has(c, *condition)
                };
                expect(
                    has == *present,
                    format!(
                        "{} should {}be {condition}{}",
                        creature,
                        if *present { "" } else { "not " },
                        source
                            .as_ref()
                            .or(effect.as_ref())
                            .map(|s| format!(" by {}", s))
                            .unwrap_or_default()
                    ),
                )?;
                match count {
                    Some(k) => expect(
                        n == *k,
                        format!(
                            "{} should have {k} instance(s) of {condition}, has {n}",
                            creature
                        ),
                    ),
                    None => Ok(()),
                }
            }
            Check::Hp { creature, value } => {
                let hp = e.creatures()[self.id(creature)].hp;
                expect(
                    hp == *value,
                    format!("{} should have {value} hp, has {hp}", creature),
                )
            }
            Check::Position { creature, at } => {
                let p = e.creatures()[self.id(creature)].position;
                let show =
                    |s: Option<Square>| s.map_or("off the grid".to_string(), |s| s.to_string());
                expect(
                    p == *at,
                    format!("{creature} should be at {}, is at {}", show(*at), show(p)),
                )
            }
            Check::CombatAdvantage {
                attacker,
                target,
                value,
            } => {
                let why = e.combat_advantage(self.id(attacker), self.id(target));
                expect(
                    why.is_empty() != *value,
                    format!(
                        "combat advantage of {} against {} should be {value} ({why:?})",
                        attacker, target
                    ),
                )
            }
            Check::AttackModifier {
                attacker,
                target,
                total,
                cover: cv,
                concealment,
                violates_mark,
                suppressed,
            } => {
                let b = e.attack_modifiers(
                    self.id(attacker),
                    self.id(target),
                    Situation {
                        cover: cover(cv),
                        concealment: cover(concealment),
                    },
                    *violates_mark,
                );
                expect(
                    b.total == *total,
                    format!(
                        "attack modifier should be {total:+}, is {:+} ({:?})",
                        b.total, b.counted
                    ),
                )?;
                match suppressed {
                    Some(s) => expect(
                        b.suppressed.iter().any(|x| x.modifier.source == *s),
                        format!("`{s}` should be suppressed; suppressed: {:?}", b.suppressed),
                    ),
                    None => Ok(()),
                }
            }
            Check::ViolatesMark {
                attacker,
                targets,
                earlier,
                initially,
                marked_during,
                forced_by,
                value,
            } => {
                let o = self.mark_options(earlier, initially, marked_during, forced_by);
                let v = e.violated_marks(self.id(attacker), &self.ids(targets), &o);
                expect(
                    v.is_empty() != *value,
                    format!(
                        "the attack should {}violate a mark",
                        if *value { "" } else { "not " }
                    ),
                )
            }
            Check::Can {
                creature,
                action,
                value,
            } => {
                let c = self.id(creature);
                let r = match action.as_str() {
                    "standard" => e.can_take(c, ActionType::Standard),
                    "move" => e.can_take(c, ActionType::Move),
                    "minor" => e.can_take(c, ActionType::Minor),
                    "free" => e.can_take(c, ActionType::Free),
                    "opportunity" => e.can_take(c, ActionType::Opportunity),
                    "immediate" => e.can_take(c, ActionType::Immediate),
                    "attack" => e.can_attack(c),
                    "walk" => e.can_move(c),
                    "flank" => e.can_flank(c),
                    other => {
                        return Err(Unmet(format!(
                            "unknown action `{other}`: expected standard, move, minor, free, opportunity, immediate, attack, walk or flank"
                        )));
                    }
                };
                expect(
                    r.is_ok() == *value,
                    format!(
                        "{} {} {action}{}",
                        creature,
                        if *value {
                            "should be able to"
                        } else {
                            "should not be able to"
                        },
                        r.err().map(|r| format!(" ({r})")).unwrap_or_default()
                    ),
                )
            }
            Check::MovementCost {
                creature,
                squares,
                value,
            } => {
                let got = e.movement_cost(self.id(creature), *squares).ok();
                expect(
                    got == *value,
                    format!("moving {squares} square(s) should cost {value:?}, costs {got:?}"),
                )
            }
            Check::LineOfSight { from, to, value } => {
                let r = e.line_of_sight(self.id(from), self.id(to));
                expect(
                    r.is_ok() == *value,
                    format!("line of sight from {} to {} should be {value}", from, to),
                )
            }
            Check::LineOfEffect { from, to, value } => {
                let r = e.line_of_effect(self.id(from), self.id(to));
                expect(
                    r.is_ok() == *value,
                    format!("line of effect from {} to {} should be {value}", from, to),
                )
            }
            Check::OccupiesSpace { creature, value } => expect(
                e.occupies_space(self.id(creature)) == *value,
                format!(
                    "{} should {}occupy a space",
                    creature,
                    if *value { "" } else { "not " }
                ),
            ),
            Check::Refused { contains } => match &self.last_refusal {
                Some(r) if r.contains(contains.as_str()) => Ok(()),
                Some(r) => Err(Unmet(format!(
                    "the last action was refused with `{r}`, which does not mention `{contains}`"
                ))),
                None => Err(Unmet(format!(
                    "the last action was not refused (expected a refusal mentioning `{contains}`)"
                ))),
            },
            Check::Log { contains, present } => expect(
                e.log.iter().any(|s| s.text.contains(contains.as_str())) == *present,
                format!(
                    "the log should {}mention `{contains}`",
                    if *present { "" } else { "not " }
                ),
            ),
            Check::Defense {
                creature,
                defense,
                value,
            } => {
                let c = self.id(creature);
                let v =
                    e.creatures()[c].defense(*defense) + e.defense_modifiers_of(c, *defense).total;
                expect(
                    v == *value,
                    format!("{}'s {defense:?} should be {value}, is {v}", creature),
                )
            }
            Check::Perception { creature, modifier } => {
                let m = e.perception_modifiers(self.id(creature)).total;
                expect(
                    m == *modifier,
                    format!(
                        "{}'s Perception modifier should be {modifier:+}, is {m:+}",
                        creature
                    ),
                )
            }
            Check::Perceives {
                creature,
                target,
                dc,
                value,
            } => {
                let t = target.as_ref().map(|t| self.id(t));
                let r = e.perception_result(self.id(creature), t, None, *dc);
                expect(
                    r.success == *value,
                    format!(
                        "{creature}'s passive Perception should {}meet DC {dc}: {}",
                        if *value { "" } else { "not " },
                        r.explanation
                    ),
                )
            }
            Check::Initiative { order } => {
                let want = self.ids(order);
                expect(
                    e.initiative_order() == want.as_slice(),
                    format!("initiative order should be {:?}", order),
                )
            }
        }
    }

    pub(super) fn query(
        &mut self,
        what: Query,
        creature: &Option<Name>,
        target: &Option<Name>,
        situation: Situation,
    ) {
        let c = creature.as_ref().map(|n| self.id(n)).unwrap_or(0);
        let t = target.as_ref().map(|n| self.id(n)).unwrap_or(0);
        let (cn, tn) = (
            self.e.creatures()[c].name.clone(),
            self.e.creatures()[t].name.clone(),
        );
        let text = match what {
            Query::AttackModifiers => {
                let b = self.e.attack_modifiers(
                    c,
                    t,
                    situation,
                    !self
                        .e
                        .violated_marks(c, &[t], &AttackOptions::default())
                        .is_empty(),
                );
                let counted: Vec<String> = b
                    .counted
                    .iter()
                    .map(|m| format!("{} {:+} ({})", m.source, m.value, m.kind))
                    .collect();
                let suppressed: Vec<String> = b
                    .suppressed
                    .iter()
                    .map(|s| format!("{} {:+}: {}", s.modifier.source, s.modifier.value, s.reason))
                    .collect();
                format!(
                    "attack modifiers of {cn} against {tn}: total {:+}; counted: [{}]; suppressed: [{}]",
                    b.total,
                    counted.join(", "),
                    suppressed.join("; ")
                )
            }
            Query::CombatAdvantage => {
                let why = self.e.combat_advantage(c, t);
                if why.is_empty() {
                    format!("{cn} has no combat advantage against {tn}")
                } else {
                    format!("{cn} has combat advantage against {tn}: {}", why.join("; "))
                }
            }
            Query::Actions => {
                let answers: Vec<String> = [
                    ActionType::Standard,
                    ActionType::Move,
                    ActionType::Minor,
                    ActionType::Opportunity,
                    ActionType::Immediate,
                ]
                .into_iter()
                .map(|a| match self.e.can_take(c, a) {
                    Ok(()) => format!("{a:?}: yes"),
                    Err(r) => format!("{a:?}: no ({r})"),
                })
                .collect();
                format!("{cn} may take: {}", answers.join("; ")).to_lowercase()
            }
            Query::Conditions => {
                let list: Vec<String> = self
                    .e
                    .instances()
                    .iter()
                    .filter(|(o, _)| *o == c)
                    .map(|(_, i)| {
                        format!(
                            "{} #{}{}{}",
                            i.condition,
                            i.id,
                            i.source
                                .map(|s| format!(" from {}", self.e.creatures()[s].name))
                                .or_else(|| i.effect.as_ref().map(|e| format!(" from `{e}`")))
                                .unwrap_or_default(),
                            if i.duration == InstanceDuration::WhileInAura {
                                " (defender aura)"
                            } else {
                                ""
                            }
                        )
                    })
                    .collect();
                format!("{cn}'s conditions: [{}]", list.join(", "))
            }
        };
        self.e
            .log
            .push(LogStep::new(SCRIPT, format!("query: {text}")));
    }
}
