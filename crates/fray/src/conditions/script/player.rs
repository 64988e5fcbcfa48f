//! Playing a checked script: rolls fixed by steps then seeded, each step acted on the
//! encounter, refusals and failed expectations recorded with their line and column.

use super::*;
use schemars::JsonSchema;

/// An expectation that did not hold (or a step that could not run as written).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Failure {
    /// The line of the step, 1-based, so the user can find it.
    pub line: usize,
    /// The column of the step, 1-based.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

/// What running a script produced.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Report {
    /// Every rule applied, and every query's answer, in order.
    pub log: Vec<LogStep>,
    /// Expectations met.
    pub expectations_met: usize,
    /// Expectations not met.
    pub failures: Vec<Failure>,
}

/// Rolls fixed by a step, then the seeded generator.
struct StepRolls<'a> {
    fixed: VecDeque<u32>,
    seeded: &'a mut SeededRolls,
    problem: Option<String>,
}

impl Rolls for StepRolls<'_> {
    fn die(&mut self, sides: u32) -> u32 {
        match self.fixed.pop_front() {
            Some(v) if (1..=sides).contains(&v) => v,
            Some(v) => {
                self.problem
                    .get_or_insert(format!("the fixed roll {v} cannot come from a d{sides}"));
                v.clamp(1, sides.max(1))
            }
            // A step refused for a bad fixed roll draws nothing from the seed: the fixed
            // rolls come first, so the seeded stream is untouched when the step is undone.
            None if self.problem.is_some() => 1,
            None => self.seeded.die(sides),
        }
    }
    fn unit(&mut self) -> f64 {
        if self.problem.is_some() {
            return 0.5;
        }
        self.seeded.unit()
    }
}

pub(super) const SCRIPT: Rule = Rule {
    id: "script",
    heading: "encounter script",
};

/// Runs a checked script with `seed` (the script's own seed when `None`, else 1).
pub fn run_script(script: &Script, seed: Option<u64>) -> Report {
    run_script_until(script, seed, &|| false)
}

/// [`run_script`], which stops before the next step once `stop` says so (the report
/// then holds the steps played so far).
pub fn run_script_until(script: &Script, seed: Option<u64>, stop: &dyn Fn() -> bool) -> Report {
    let mut e = Encounter::new(script.creatures.clone());
    e.readings = script.readings;
    e.terrain = script.terrain.clone();
    let mut runner = Runner {
        e,
        seeded: SeededRolls::new(seed.or(script.seed).unwrap_or(1)),
        last_refusal: None,
        met: 0,
        failures: Vec::new(),
    };
    for (step, line, column) in &script.steps {
        if stop() {
            break;
        }
        runner.step(step, *line, *column);
    }
    Report {
        log: runner.e.log,
        expectations_met: runner.met,
        failures: runner.failures,
    }
}

/// An expectation the encounter does not meet, in words for the script's author: not an
/// error of the script, which was checked before it was played.
pub(super) struct Unmet(pub(super) String);

pub(super) struct Runner {
    pub(super) e: Encounter,
    seeded: SeededRolls,
    pub(super) last_refusal: Option<String>,
    met: usize,
    failures: Vec<Failure>,
}

pub(super) fn cover(text: &Option<String>) -> i32 {
    match text.as_deref() {
        Some("superior") | Some("superior-cover") | Some("total") => 5,
        Some(_) => 2,
        None => 0,
    }
}

impl Runner {
    pub(super) fn id(&self, name: &Name) -> usize {
        self.e
            .creatures()
            .iter()
            .position(|c| c.name == *name)
            .unwrap_or(0)
    }

    /// The options that decide whether an attack violates a mark, as a step names them.
    pub(super) fn mark_options(
        &self,
        earlier: &[Name],
        initially: &[Name],
        marked_during: &[Name],
        forced_by: &Option<Name>,
    ) -> AttackOptions {
        AttackOptions {
            earlier: self.ids(earlier),
            initially: self.ids(initially),
            marked_during: self.ids(marked_during),
            forced_by: forced_by.as_ref().map(|f| self.id(f)),
            ..AttackOptions::default()
        }
    }

    pub(super) fn ids(&self, names: &[Name]) -> Vec<usize> {
        names.iter().map(|n| self.id(n)).collect()
    }

    fn fail(&mut self, line: usize, column: usize, message: String) {
        self.e.log.push(LogStep::new(
            SCRIPT,
            format!("FAILED (line {line}): {message}"),
        ));
        self.failures.push(Failure {
            line,
            column,
            message,
        });
    }

    /// Plays `f` with the step's fixed rolls, then the seed. A fixed roll that cannot
    /// come from its die refuses the whole step: the encounter is put back as it was
    /// before it (and the seed was not drawn from), so a refused step changes nothing
    /// but the log, which says why; `None` is returned.
    fn with_rolls<T>(
        &mut self,
        fixed: &[u32],
        line: usize,
        column: usize,
        f: impl FnOnce(&mut Encounter, &mut StepRolls) -> T,
    ) -> Option<T> {
        // Only a step with fixed rolls can be refused for them; the log is kept aside
        // (not copied) and cut back to its length.
        let before = (!fixed.is_empty()).then(|| {
            let log = std::mem::take(&mut self.e.log);
            let state = self.e.clone();
            self.e.log = log;
            (state, self.e.log.len())
        });
        let mut rolls = StepRolls {
            fixed: fixed.iter().copied().collect(),
            seeded: &mut self.seeded,
            problem: None,
        };
        let out = f(&mut self.e, &mut rolls);
        let (left, problem) = (rolls.fixed.len(), rolls.problem);
        if let (Some(p), Some((state, len))) = (problem, before) {
            let mut log = std::mem::take(&mut self.e.log);
            log.truncate(len);
            self.e = state;
            self.e.log = log;
            let why = format!("{p}: the step is refused and changes nothing");
            self.e
                .log
                .push(LogStep::new(SCRIPT, format!("refused: {why}")));
            self.last_refusal = Some(why.clone());
            self.fail(line, column, why);
            return None;
        }
        if left > 0 {
            self.fail(
                line,
                column,
                format!("{left} fixed roll(s) were not used by this step"),
            );
        }
        Some(out)
    }

    /// An action with the step's fixed rolls, logged as acted or refused; nothing is
    /// logged for it when its fixed rolls were refused.
    fn act_with_rolls(
        &mut self,
        what: &str,
        fixed: &[u32],
        (line, column): (usize, usize),
        f: impl FnOnce(&mut Encounter, &mut StepRolls) -> Result<(), Refused>,
    ) {
        if let Some(r) = self.with_rolls(fixed, line, column, f) {
            self.acted(what, r);
        }
    }

    fn acted(&mut self, what: &str, result: Result<(), Refused>) {
        match result {
            Ok(()) => self.last_refusal = None,
            Err(r) => {
                self.e
                    .log
                    .push(LogStep::new(SCRIPT, format!("refused: {what}: {r}")));
                self.last_refusal = Some(r.to_string());
            }
        }
    }

    fn step(&mut self, step: &Step, line: usize, column: usize) {
        match step {
            Step::Apply {
                creature,
                condition,
                source,
                effect,
                duration,
                area,
                requires_hearing,
            } => {
                let mut hit = area
                    .then(|| Hit::new(0, []).by(crate::damage::AttackFacts::default().with_area()));
                if *requires_hearing {
                    let h = hit.get_or_insert_with(|| Hit::new(0, []));
                    h.keywords.push(crate::damage::Keyword::new(
                        crate::conditions::encounter::HEARING,
                    ));
                }
                let (t, s) = (self.id(creature), source.as_ref().map(|s| self.id(s)));
                let r = match effect {
                    Some(name) => {
                        self.e
                            .apply_from_effect(t, *condition, name, duration, hit.as_ref())
                    }
                    None => self.e.apply(t, *condition, s, duration, hit.as_ref()),
                };
                self.acted("apply", r);
            }
            Step::Modifier {
                creature,
                to,
                kind,
                value,
                source,
                duration,
            } => {
                let m = Modifier::new(*kind, *value, source.clone());
                let r = self.e.add_modifier(self.id(creature), *to, m, duration);
                self.acted("modifier", r);
            }
            Step::Perception {
                creature,
                target,
                dc,
                passive,
                rolls,
            } => {
                let c = self.id(creature);
                let t = target.as_ref().map(|t| self.id(t));
                let _ = self.with_rolls(rolls, line, column, |e, r| {
                    let roll = (!passive).then(|| r.die(20));
                    e.perception_check(c, t, roll, *dc);
                });
            }
            Step::EndModifier { creature, source } => {
                let r = self.e.end_modifier(self.id(creature), source);
                self.acted("end modifier", r);
            }
            Step::End {
                creature,
                condition,
                source,
                effect,
                reappear,
                all,
            } => {
                let t = self.id(creature);
                self.e.choose_reappearance(t, *reappear);
                let r = if *all {
                    self.e.end_all(t, *condition);
                    Ok(())
                } else if let Some(name) = effect {
                    self.e.end_one_from_effect(t, *condition, name)
                } else {
                    let s = source.as_ref().map(|s| self.id(s));
                    self.e.end_one(t, *condition, s)
                };
                self.e.choose_reappearance(t, None);
                self.acted("end", r);
            }
            Step::NextTurn { rolls } => {
                let _ = self.with_rolls(rolls, line, column, |e, r| e.next_turn(r));
            }
            Step::EndEncounter => self.e.end_encounter(),
            Step::Move { creature, path } => {
                let r = self.e.walk(self.id(creature), path);
                self.acted("move", r);
            }
            Step::StandUp { creature, then } => {
                let r = self.e.stand_up(self.id(creature), *then);
                self.acted("stand up", r);
            }
            Step::Attack {
                attacker,
                power,
                targets,
                rolls,
                cover: cv,
                concealment,
                forced_by,
                earlier,
                initially,
                marked_during,
                coup_de_grace,
                forced_path,
                dominated_save,
            } => {
                let targets = self.ids(targets);
                let mut o = AttackOptions {
                    situation: Situation {
                        cover: cover(cv),
                        concealment: cover(concealment),
                    },
                    coup_de_grace: *coup_de_grace,
                    decline_dominated_save: !*dominated_save,
                    ..self.mark_options(earlier, initially, marked_during, forced_by)
                };
                if let Some(&first) = targets.first() {
                    o.forced_paths.insert(first, forced_path.clone());
                }
                let a = self.id(attacker);
                for &m in &o.marked_during {
                    let _ = self.e.apply(
                        a,
                        CharacterCondition::Marked,
                        Some(m),
                        &Duration::EndOfNextTurn(self.e.creatures()[m].name.clone()),
                        None,
                    );
                }
                self.act_with_rolls("attack", rolls, (line, column), |e, rolls| {
                    e.attack(a, power, &targets, &o, rolls)
                });
            }
            Step::Push(f) => self.forced(Forced::Push, f),
            Step::Pull(f) => self.forced(Forced::Pull, f),
            Step::Slide(f) => self.forced(Forced::Slide, f),
            Step::DominatorMoves {
                dominator,
                creature,
                path,
            } => {
                let r = self.e.dominator_moves(
                    self.id(dominator),
                    self.id(creature),
                    path,
                    &HashMap::new(),
                );
                self.acted("dominator moves", r);
            }
            Step::Escape {
                creature,
                from,
                rolls,
                condition,
                skill,
                reappear,
            } => {
                let (c, f) = (self.id(creature), self.id(from));
                self.act_with_rolls("escape", rolls, (line, column), |e, r| {
                    e.choose_reappearance(c, *reappear);
                    let roll = r.die(20);
                    let choice = EscapeChoice {
                        roll,
                        skill: *skill,
                    };
                    e.escape(c, f, *condition, choice).map(|_| ())
                });
                self.e.choose_reappearance(c, None);
            }
            Step::Save {
                creature,
                condition,
                rolls,
            } => {
                let c = self.id(creature);
                self.act_with_rolls("save", rolls, (line, column), |e, r| {
                    let roll = r.die(20);
                    e.saving_throw(c, *condition, roll).map(|_| ())
                });
            }
            Step::TotalDefense { creature } => {
                let r = self.e.total_defense(self.id(creature));
                self.acted("total defense", r);
            }
            Step::Heal { creature, amount } => self.e.heal(self.id(creature), *amount),
            Step::Damage {
                creature,
                amount,
                types,
                rolls,
                dominated_save,
            } => {
                let c = self.id(creature);
                let hit = Hit::new(*amount, types.clone());
                let _ = self.with_rolls(rolls, line, column, |e, r| {
                    e.take_damage_choosing(c, &hit, *dominated_save, r)
                });
            }
            Step::Query {
                what,
                creature,
                target,
                cover: cv,
                concealment,
            } => self.query(
                *what,
                creature,
                target,
                Situation {
                    cover: cover(cv),
                    concealment: cover(concealment),
                },
            ),
            Step::Expect(check) => match self.check(check) {
                Ok(()) => self.met += 1,
                Err(Unmet(message)) => self.fail(line, column, message),
            },
        }
    }

    fn forced(&mut self, kind: Forced, f: &ForcedStep) {
        let t = self.id(&f.creature);
        let grabbers: Vec<usize> = self
            .e
            .instances_of(t, CharacterCondition::Grabbed)
            .filter_map(|i| i.source)
            .collect();
        let rolls: HashMap<usize, EscapeChoice> = grabbers
            .into_iter()
            .zip(f.escape.iter().map(|&roll| EscapeChoice {
                roll,
                skill: f.escape_skill,
            }))
            .collect();
        let hit = f
            .area
            .then(|| Hit::new(0, []).by(crate::damage::AttackFacts::default().with_area()));
        let r = self
            .e
            .force_move(t, kind, &f.path, self.id(&f.by), &rolls, hit.as_ref());
        self.acted("forced movement", r);
    }
}
