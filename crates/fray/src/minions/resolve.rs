//! The minions rules as a deterministic state machine: turns, combats, rounds, attacks.
//!
//! There are no dice: given the battle and the options of play, one run is the exact
//! outcome. Every attack, soak, death and level is reported as an [`Event`] to a
//! [`Recorder`] (pass [`NoTrace`](crate::trace::NoTrace) to keep nothing).

use schemars::JsonSchema;
use serde::Serialize;

use super::events::{AttackReport, CombatEnd, Event};
use super::living::Living;
use super::model::{
    Battle, Experience, Level, LevelExcess, Minion, Order, Rules, Side, Spell, SpellTarget,
};
use crate::trace::Recorder;

/// A minion during play.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fighter {
    /// What the scenario declared.
    pub spec: Minion,
    /// Its group.
    pub side: Side,
    /// Current hit points; 0 is dead.
    pub hp: u32,
    /// Base level, raised by experience (spells are added on top).
    pub base_level: Level,
    /// Levels from spells now in effect: the declared `spell_levels` plus every level
    /// spell cast since (with [`LevelExcess::Lost`], trimmed so no excess is kept).
    pub spell_levels: i32,
    /// Armor penalty from spells now in effect: declared plus cast since.
    pub armor_penalty: u32,
    /// Armor gained during play (counts from the round after it was gained).
    pub gained_armor: u32,
    /// Armor left to soak damage this round.
    pub current_armor: u32,
    /// Experience state.
    pub experience: Experience,
    /// Consecutive misses since its last hit: the attacker's own, kept across victims.
    pub misses: u32,
    /// Attacks made in this combat (the first always hits).
    pub attacks_this_combat: u32,
    /// Its current victim (an index into the battle's fighters).
    pub victim: Option<usize>,
    /// Alive at the start of this round (for the simultaneous order).
    acted_alive: bool,
}

impl Fighter {
    fn new(spec: &Minion, side: Side, excess: LevelExcess) -> Self {
        let mut f = Self {
            spec: spec.clone(),
            side,
            hp: 0,
            base_level: spec.level,
            spell_levels: 0,
            armor_penalty: 0,
            gained_armor: 0,
            current_armor: 0,
            experience: Experience::CannotLearn,
            misses: 0,
            attacks_this_combat: 0,
            victim: None,
            acted_alive: false,
        };
        f.restart(excess);
        f
    }

    /// Back to what the scenario declared, before the first turn: the battle can be
    /// played again without building anything.
    fn restart(&mut self, excess: LevelExcess) {
        let spec = &self.spec;
        self.hp = spec.hp;
        self.base_level = spec.level;
        self.spell_levels = spec.spell_levels;
        self.armor_penalty = spec.armor_penalty;
        self.gained_armor = 0;
        self.current_armor = 0;
        self.experience = if spec.can_learn() {
            Experience::Eligible
        } else {
            Experience::CannotLearn
        };
        self.misses = 0;
        self.attacks_this_combat = 0;
        self.victim = None;
        self.acted_alive = false;
        self.trim_excess(excess);
    }

    /// With [`LevelExcess::Lost`], drops the part of the spell levels that lies past 0
    /// or 5, so a later change starts from the level actually used.
    fn trim_excess(&mut self, excess: LevelExcess) {
        if excess == LevelExcess::Lost {
            self.spell_levels = i32::from(self.level().get()) - i32::from(self.base_level.get());
        }
    }

    /// The level used in combat: base level plus spells, within 0 ..= 5.
    pub fn level(&self) -> Level {
        Level::clamped(i32::from(self.base_level.get()).saturating_add(self.spell_levels))
    }

    /// Maximum armor: declared plus gained, less spell penalties, never below 0. The
    /// penalty comes off the sum, so it also eats armor gained mid-round.
    pub fn max_armor(&self) -> u32 {
        self.spec
            .armor
            .saturating_add(self.gained_armor)
            .saturating_sub(self.armor_penalty)
    }

    /// Whether it still stands.
    pub fn alive(&self) -> bool {
        self.hp > 0
    }
}

/// A battle in progress.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattleState {
    /// The options of play (fixed once the state is built: who stands is kept for its
    /// targeting option). Read through [`BattleState::rules`].
    rules: Rules,
    /// Every minion of both groups: group A's first, each group in list order. Read
    /// through [`BattleState::fighters`]: who stands is kept beside them.
    fighters: Vec<Fighter>,
    /// Turns begun so far.
    pub turn: u32,
    /// Rounds fought in all combats so far.
    pub rounds: u32,
    /// Indices of the fighters in the order they act each round (fixed by the rules).
    order: Vec<usize>,
    /// The rounds played of the combat under way, for [`BattleState::play_next_round`];
    /// None between combats.
    combat_round: Option<u32>,
    /// Spells cast between combats.
    spells: Vec<Spell>,
    /// Who stands on each side, kept for choosing victims (fighters are read, not
    /// written, from outside: their hit points only fall through the rules).
    living: Living,
}

/// What [`BattleState::play_next_round`] played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, JsonSchema)]
pub struct RoundPlayed {
    /// The turn it belongs to (from 1).
    pub turn: u32,
    /// The round of that turn's combat (from 1; 0 when the combat ended before any
    /// round, as when the turn's spells leave a group with no minions).
    pub round: u32,
    /// Whether a round was fought (false only in that case, or with no rounds allowed).
    pub played: bool,
    /// How the combat ended, when it ended with this round.
    pub end: Option<CombatEnd>,
}

/// How a minion ended the battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct FinalMinion {
    /// Its name in the battle file.
    pub name: String,
    /// Its group.
    pub side: Side,
    /// Whether it is still standing (hp above 0).
    pub alive: bool,
    /// Hit points left.
    pub hp: u32,
    /// Hit points it started with.
    pub max_hp: u32,
    /// Maximum armor at the end.
    pub armor: u32,
    /// Level at the end (spells included).
    pub level: u8,
    /// Where it stands on its experience level.
    pub experience: Experience,
}

/// The result of a battle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, JsonSchema)]
pub struct Outcome {
    /// The group left standing, if exactly one is.
    pub winner: Option<Side>,
    /// Turns played.
    pub turns: u32,
    /// Combat rounds fought in all.
    pub rounds: u32,
    /// Every minion at the end.
    pub minions: Vec<FinalMinion>,
}

/// Plays a whole battle: up to `rules.turns` turns of one combat each, stopping when a
/// group has no minions left.
///
/// ```
/// use fray::minions::{play, Battle, Group, Kind, Minion, Rules, Side};
/// let a = Group { name: "Knights".into(), minions: vec![Minion::new("Knight", Kind::Veteran, 10, 3)] };
/// let b = Group { name: "Goblins".into(), minions: vec![Minion::new("Goblin", Kind::Monster, 4, 1)] };
/// let mut log = Vec::new();
/// let outcome = play(&Battle { rules: Rules::default(), a, b, spells: Vec::new() }, &mut log);
/// assert_eq!(outcome.winner, Some(Side::A));
/// ```
pub fn play(battle: &Battle, log: &mut impl Recorder<Event>) -> Outcome {
    let mut state = BattleState::new(battle);
    state.play_out(log);
    state.outcome()
}

impl BattleState {
    /// The battle before its first turn.
    pub fn new(battle: &Battle) -> Self {
        let excess = battle.rules.level_excess;
        let a = battle
            .a
            .minions
            .iter()
            .map(|m| Fighter::new(m, Side::A, excess));
        let b = battle
            .b
            .minions
            .iter()
            .map(|m| Fighter::new(m, Side::B, excess));
        let fighters: Vec<Fighter> = a.chain(b).collect();
        let order = acting_order(
            battle.rules.order,
            battle.a.minions.len(),
            battle.b.minions.len(),
        );
        Self {
            rules: battle.rules,
            living: Living::new(
                &fighters.iter().map(|f| (f.side, f.hp)).collect::<Vec<_>>(),
                battle.rules.targeting,
            ),
            fighters,
            turn: 0,
            rounds: 0,
            order,
            spells: battle.spells.clone(),
            combat_round: None,
        }
    }

    /// The options of play.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Every minion of both groups as it stands: group A's first, each group in list
    /// order.
    pub fn fighters(&self) -> &[Fighter] {
        &self.fighters
    }

    /// Back to the start of the battle: the cheap way to play it again, allocating
    /// nothing.
    pub fn reset(&mut self) {
        for f in &mut self.fighters {
            f.restart(self.rules.level_excess);
        }
        self.living.rebuild(self.fighters.iter().map(|f| f.hp));
        self.turn = 0;
        self.rounds = 0;
        self.combat_round = None;
    }

    /// Plays the remaining turns: up to `rules.turns` in all, stopping when a group has
    /// no minions left.
    pub fn play_out(&mut self, log: &mut impl Recorder<Event>) {
        while self.turn < self.rules.turns && !self.decided() {
            self.play_turn(log);
        }
    }

    /// The group left standing, if exactly one is (without building an [`Outcome`]).
    pub fn winner(&self) -> Option<Side> {
        match (self.standing(Side::A), self.standing(Side::B)) {
            (true, false) => Some(Side::A),
            (false, true) => Some(Side::B),
            _ => None,
        }
    }

    fn standing(&self, side: Side) -> bool {
        self.living.standing(side)
    }

    /// Whether the battle is over: no combat under way, and a group has no minions left
    /// or the turns are used up (what [`BattleState::play_next_round`] stops at).
    pub fn over(&self) -> bool {
        self.combat_round.is_none() && (self.turn >= self.rules.turns || self.decided())
    }

    /// Whether at most one group still stands.
    pub fn decided(&self) -> bool {
        !(self.standing(Side::A) && self.standing(Side::B))
    }

    /// One turn: recruits that qualified gain their level, the turn's spells are cast,
    /// then one combat.
    pub fn play_turn(&mut self, log: &mut impl Recorder<Event>) -> CombatEnd {
        self.play_turn_until(log, &|| false)
            .unwrap_or(CombatEnd::RoundLimit)
    }

    /// [`BattleState::play_turn`], looking at `stop` before each round: `None` when it
    /// stopped the combat part-way (the state is then mid-combat, for a caller that
    /// abandons the battle, such as a cancelled run).
    pub fn play_turn_until(
        &mut self,
        log: &mut impl Recorder<Event>,
        stop: &dyn Fn() -> bool,
    ) -> Option<CombatEnd> {
        self.begin_turn(log);
        self.play_combat_until(log, stop)
    }

    /// A turn's start: recruits that qualified gain their level, the turn's spells.
    fn begin_turn(&mut self, log: &mut impl Recorder<Event>) {
        self.turn += 1;
        let turn = self.turn;
        log.record(|| Event::TurnStart { turn });
        self.gain_experience(log);
        self.cast_spells(log);
    }

    /// Plays the battle one round at a time, as a game shows it: the next round of the
    /// combat under way, or, between combats, the next turn's start (experience, spells)
    /// and its first round. Returns None when the battle is over (a group has no minions
    /// left, or the turns are used up). Played to the end, it makes the same events and
    /// outcome as [`BattleState::play_out`].
    ///
    /// ```
    /// use fray::minions::{BattleState, Battle, Group, Kind, Minion, Rules, Side};
    /// let a = Group { name: "Knights".into(), minions: vec![Minion::new("Knight", Kind::Veteran, 10, 3)] };
    /// let b = Group { name: "Goblins".into(), minions: vec![Minion::new("Goblin", Kind::Monster, 4, 1)] };
    /// let mut state = BattleState::new(&Battle { rules: Rules::default(), a, b, spells: Vec::new() });
    /// let mut log = Vec::new();
    /// let first = state.play_next_round(&mut log).unwrap();
    /// assert_eq!((first.turn, first.round), (1, 1));
    /// while state.play_next_round(&mut log).is_some() {}
    /// assert_eq!(state.winner(), Some(Side::A));
    /// ```
    pub fn play_next_round(&mut self, log: &mut impl Recorder<Event>) -> Option<RoundPlayed> {
        let round = match self.combat_round {
            Some(round) => round,
            None => {
                if self.over() {
                    return None;
                }
                self.begin_turn(log);
                self.begin_combat();
                0
            }
        };
        let played = round < self.rules.max_rounds && !self.decided();
        let round = round + u32::from(played);
        if played {
            self.play_round(round, log);
        }
        let end =
            (round >= self.rules.max_rounds || self.decided()).then(|| self.end_combat(round, log));
        self.combat_round = if end.is_some() { None } else { Some(round) };
        Some(RoundPlayed {
            turn: self.turn,
            round,
            played,
            end,
        })
    }

    /// The spells of this turn, in the battle's order, each on every living minion it
    /// names.
    fn cast_spells(&mut self, log: &mut impl Recorder<Event>) {
        let turn = self.turn;
        let excess = self.rules.level_excess;
        for spell in self.spells.iter().filter(|s| s.turn == turn) {
            for (i, f) in self
                .fighters
                .iter_mut()
                .enumerate()
                .filter(|(_, f)| f.alive())
            {
                let falls_on = match &spell.target {
                    SpellTarget::Minion(name) => f.spec.name == *name,
                    SpellTarget::Group(side) => f.side == *side,
                };
                if !falls_on {
                    continue;
                }
                let level_from = f.level().get();
                f.spell_levels = f.spell_levels.saturating_add(spell.levels);
                f.trim_excess(excess);
                f.armor_penalty = f.armor_penalty.saturating_add(spell.armor_penalty);
                f.hp = f.hp.saturating_sub(spell.damage);
                if spell.damage > 0 {
                    self.living.wounded(i, f.hp, true);
                }
                log.record(|| Event::Spell {
                    turn,
                    minion: f.spec.name.clone(),
                    levels: spell.levels,
                    level_from,
                    level_to: f.level().get(),
                    armor_penalty: spell.armor_penalty,
                    max_armor: f.max_armor(),
                    damage: spell.damage,
                    hp_left: f.hp,
                });
            }
        }
    }

    /// Recruits that qualified gain their level now (experience, *Experience Level*): only
    /// those still alive, since a recruit slain before the turn begins never gets it.
    fn gain_experience(&mut self, log: &mut impl Recorder<Event>) {
        for f in self
            .fighters
            .iter_mut()
            .filter(|f| f.experience == Experience::Qualified && f.alive())
        {
            let from = f.level().get();
            f.base_level = Level::clamped(i32::from(f.base_level.get()) + 1);
            f.trim_excess(self.rules.level_excess);
            f.experience = Experience::Gained;
            let to = f.level().get();
            log.record(|| Event::LevelUp {
                minion: f.spec.name.clone(),
                from,
                to,
            });
        }
    }

    /// One combat: rounds until a group has no minions or the round limit.
    pub fn play_combat(&mut self, log: &mut impl Recorder<Event>) -> CombatEnd {
        self.play_combat_until(log, &|| false)
            .unwrap_or(CombatEnd::RoundLimit)
    }

    /// [`BattleState::play_combat`], looking at `stop` before each round: `None` when it
    /// stopped part-way.
    fn play_combat_until(
        &mut self,
        log: &mut impl Recorder<Event>,
        stop: &dyn Fn() -> bool,
    ) -> Option<CombatEnd> {
        self.begin_combat();
        let mut round = 0;
        while round < self.rules.max_rounds && !self.decided() {
            if stop() {
                return None;
            }
            round += 1;
            self.play_round(round, log);
        }
        Some(self.end_combat(round, log))
    }

    /// A combat's start: every minion's count of attacks, misses and victim forgotten.
    fn begin_combat(&mut self) {
        for f in &mut self.fighters {
            f.attacks_this_combat = 0;
            f.misses = 0;
            f.victim = None;
        }
    }

    /// A combat's end after `round` rounds: how it ended, recorded.
    fn end_combat(&mut self, round: u32, log: &mut impl Recorder<Event>) -> CombatEnd {
        self.rounds += round;
        let end = match (self.standing(Side::A), self.standing(Side::B)) {
            (true, false) => CombatEnd::Eliminated { winner: Side::A },
            (false, true) => CombatEnd::Eliminated { winner: Side::B },
            (false, false) => CombatEnd::BothEliminated,
            (true, true) => CombatEnd::RoundLimit,
        };
        let turn = self.turn;
        log.record(|| Event::CombatEnd {
            turn,
            rounds: round,
            end,
        });
        end
    }

    /// One combat round: armor resets, then every minion attacks in the order of play.
    pub fn play_round(&mut self, round: u32, log: &mut impl Recorder<Event>) {
        let turn = self.turn;
        log.record(|| Event::RoundStart { turn, round });
        for f in &mut self.fighters {
            f.current_armor = f.max_armor();
            f.acted_alive = f.alive();
        }
        for slot in 0..self.order.len() {
            let attacker = self.order[slot];
            let may_act = match self.rules.order {
                Order::Simultaneous => self.fighters[attacker].acted_alive,
                Order::Precedence | Order::Interleaved => self.fighters[attacker].alive(),
            };
            for _ in 0..self.fighters[attacker].spec.attacks {
                if !may_act || !self.attack(attacker, log) {
                    break;
                }
            }
        }
    }

    /// The attacker's victim: its current one while alive, else a new one by the
    /// targeting option. `None` when no enemy is left.
    fn victim(&mut self, attacker: usize) -> Option<usize> {
        let f = &self.fighters[attacker];
        if let Some(v) = f.victim.filter(|&v| self.fighters[v].alive()) {
            return Some(v);
        }
        let side = f.side;
        let fighters = &self.fighters;
        let chosen = self.living.victim(attacker, side, |i| fighters[i].alive());
        self.fighters[attacker].victim = chosen;
        chosen
    }

    /// One attack. Returns false when there was no one left to attack.
    fn attack(&mut self, attacker: usize, log: &mut impl Recorder<Event>) -> bool {
        let Some(victim) = self.victim(attacker) else {
            return false;
        };
        let levels_below = self.fighters[attacker]
            .level()
            .below(self.fighters[victim].level());
        let a = &mut self.fighters[attacker];
        a.attacks_this_combat += 1;
        let misses_before = a.misses;
        let hit = a.attacks_this_combat == 1 || a.misses >= u32::from(levels_below);
        a.misses = if hit { 0 } else { a.misses + 1 };
        let (attack, damage, gaze) = (a.attacks_this_combat, a.spec.damage, a.spec.gaze_armor);
        let v = &mut self.fighters[victim];
        let (soaked, wounds) = if hit { soak(v, damage) } else { (0, 0) };
        if wounds > 0 {
            // The victim stood when chosen: a victim is always a standing minion.
            self.living.wounded(victim, self.fighters[victim].hp, true);
        }
        log.record(|| {
            Event::Attack(AttackReport {
                attacker: self.fighters[attacker].spec.name.clone(),
                victim: self.fighters[victim].spec.name.clone(),
                attack,
                levels_below,
                misses_before,
                hit,
                damage: if hit { damage } else { 0 },
                soaked,
                wounds,
                armor_left: self.fighters[victim].current_armor,
                hp_left: self.fighters[victim].hp,
            })
        });
        if hit && gaze > 0 && self.fighters[victim].alive() {
            self.gain_armor(victim, gaze, attacker, log);
        }
        if hit && wounds > 0 && !self.fighters[victim].alive() {
            self.slain(victim, attacker, log);
        }
        true
    }

    /// A minion gains armor mid-round: the maximum rises at once; the current armor is
    /// untouched until the next round resets it.
    pub fn gain_armor(
        &mut self,
        minion: usize,
        amount: u32,
        source: usize,
        log: &mut impl Recorder<Event>,
    ) {
        let f = &mut self.fighters[minion];
        f.gained_armor = f.gained_armor.saturating_add(amount);
        log.record(|| Event::ArmorGained {
            minion: self.fighters[minion].spec.name.clone(),
            by: self.fighters[source].spec.name.clone(),
            amount,
            max_armor: self.fighters[minion].max_armor(),
            current_armor: self.fighters[minion].current_armor,
        });
    }

    fn slain(&mut self, victim: usize, killer: usize, log: &mut impl Recorder<Event>) {
        log.record(|| Event::Slain {
            minion: self.fighters[victim].spec.name.clone(),
            by: self.fighters[killer].spec.name.clone(),
        });
        let k = &mut self.fighters[killer];
        if k.experience == Experience::Eligible {
            k.experience = Experience::Qualified;
            log.record(|| Event::Qualified {
                minion: self.fighters[killer].spec.name.clone(),
            });
        }
    }

    /// The result so far.
    pub fn outcome(&self) -> Outcome {
        Outcome {
            winner: self.winner(),
            turns: self.turn,
            rounds: self.rounds,
            minions: self
                .fighters
                .iter()
                .map(|f| FinalMinion {
                    name: f.spec.name.clone(),
                    side: f.side,
                    alive: f.alive(),
                    hp: f.hp,
                    max_hp: f.spec.hp,
                    armor: f.max_armor(),
                    level: f.level().get(),
                    experience: f.experience,
                })
                .collect(),
        }
    }
}

/// The fighters' indices in the order they act: group A's are `0..a`, group B's `a..a+b`.
fn acting_order(order: Order, a: usize, b: usize) -> Vec<usize> {
    match order {
        Order::Precedence | Order::Simultaneous => (0..a + b).collect(),
        Order::Interleaved => (0..a.max(b))
            .flat_map(|i| [(i < a).then_some(i), (i < b).then_some(a + i)])
            .flatten()
            .collect(),
    }
}

/// Armor soaks damage point for point; the rest comes off hit points.
/// Returns (soaked, wounds).
fn soak(victim: &mut Fighter, damage: u32) -> (u32, u32) {
    let soaked = damage.min(victim.current_armor);
    victim.current_armor -= soaked;
    let wounds = damage - soaked;
    victim.hp = victim.hp.saturating_sub(wounds);
    (soaked, wounds)
}
