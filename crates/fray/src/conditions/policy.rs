//! A simple built-in policy, so whole skirmishes run unattended: every creature stands
//! up when prone, tries to escape a grab, moves toward the nearest enemy, and uses the
//! best attack power it may use. Every action goes through the encounter, so every
//! condition is respected: a refused action is simply not taken.

use serde::Serialize;

use super::encounter::{AttackOptions, Encounter};
use super::model::{ActionType, CharacterCondition as C, Creature, Power, Side, Square, Usage};
use crate::rng::Rolls;

/// How a skirmish ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SkirmishOutcome {
    /// The side left standing, if only one is.
    pub winner: Option<Side>,
    /// Rounds played.
    pub rounds: u32,
    /// Each creature's hit points at the end (0 or less: down).
    pub hp: Vec<i64>,
    /// Damage by type and conditions inflicted.
    pub stats: super::encounter::Stats,
}

fn standing(e: &Encounter, c: usize) -> bool {
    !e.creatures[c].object && e.creatures[c].hp > 0 && !e.has(c, C::Unconscious)
}

fn side_standing(e: &Encounter, side: Side) -> bool {
    (0..e.creatures.len()).any(|c| e.creatures[c].side == side && standing(e, c))
}

/// Plays a skirmish until one side is down or `max_rounds` rounds have passed.
///
/// ```
/// use fray::conditions::policy::play_skirmish;
/// use fray::conditions::parse_script;
/// use fray::rng::SeededRolls;
/// let s = parse_script(r#"
/// [[creature]]
/// name = "Knight"
/// side = "a"
/// hp = 20
/// ac = 16
/// position = [0, 0]
/// [[creature.power]]
/// name = "Sword"
/// keywords = ["melee"]
/// attack = 6
/// damage = "1d8+3"
/// [[creature]]
/// name = "Goblin"
/// side = "b"
/// hp = 8
/// position = [4, 0]
/// [[creature.power]]
/// name = "Spear"
/// keywords = ["melee"]
/// attack = 3
/// damage = "1d6"
/// "#).unwrap();
/// let out = play_skirmish(&s.creatures, 20, &mut SeededRolls::new(1));
/// assert!(out.winner.is_some());
/// ```
pub fn play_skirmish(
    creatures: &[Creature],
    max_rounds: u32,
    rolls: &mut impl Rolls,
) -> SkirmishOutcome {
    // Only the outcome is returned: no log is kept, so a long skirmish played many
    // times (the lab's trials) uses memory for its creatures only.
    play(creatures, max_rounds, rolls, false).0
}

/// Like [`play_skirmish`], and also returns every rule applied, in order: for showing
/// one skirmish, not for playing many (the log grows with every step).
pub fn play_skirmish_logged(
    creatures: &[Creature],
    max_rounds: u32,
    rolls: &mut impl Rolls,
) -> (SkirmishOutcome, Vec<crate::trace::Step>) {
    play(creatures, max_rounds, rolls, true)
}

fn play(
    creatures: &[Creature],
    max_rounds: u32,
    rolls: &mut impl Rolls,
    keep_log: bool,
) -> (SkirmishOutcome, Vec<crate::trace::Step>) {
    let mut e = Encounter::new(creatures.to_vec());
    e.keep_log = keep_log;
    let mut used = vec![Vec::new(); creatures.len()];
    while side_standing(&e, Side::A) && side_standing(&e, Side::B) {
        e.next_turn(rolls);
        if e.round > max_rounds {
            break;
        }
        if let Some(c) = e.current.filter(|&c| standing(&e, c)) {
            act(&mut e, c, &mut used[c], rolls);
        }
    }
    let winner = match (side_standing(&e, Side::A), side_standing(&e, Side::B)) {
        (true, false) => Some(Side::A),
        (false, true) => Some(Side::B),
        _ => None,
    };
    let outcome = SkirmishOutcome {
        winner,
        rounds: e.round.min(max_rounds),
        hp: e.creatures.iter().map(|c| c.hp).collect(),
        stats: e.stats,
    };
    (outcome, e.log)
}

/// One creature's turn.
fn act(e: &mut Encounter, c: usize, used: &mut Vec<String>, rolls: &mut impl Rolls) {
    if e.has(c, C::Prone) {
        let _ = e.stand_up(c, None);
    }
    let grabbers: Vec<usize> = e
        .instances_of(c, C::Grabbed)
        .filter_map(|i| i.source)
        .collect();
    if let Some(&g) = grabbers.first() {
        let roll = rolls.die(20);
        let _ = e.escape(c, g, Some(C::Grabbed), roll.into());
    }
    let Some(target) = nearest_enemy(e, c) else {
        return;
    };
    if !in_reach(e, c, target) {
        approach(e, c, target);
    }
    if let Some((power, target)) = best_attack(e, c, used) {
        let o = AttackOptions::default();
        if e.attack(c, &power.name, &[target], &o, rolls).is_ok() && power.usage == Usage::Encounter
        {
            used.push(power.name.clone());
        }
    }
}

fn enemies(e: &Encounter, c: usize) -> impl Iterator<Item = usize> + '_ {
    let side = e.creatures[c].side;
    (0..e.creatures.len()).filter(move |&o| {
        e.creatures[o].side != side && standing(e, o) && e.creatures[o].position.is_some()
    })
}

fn nearest_enemy(e: &Encounter, c: usize) -> Option<usize> {
    let at = e.creatures[c].position?;
    enemies(e, c).min_by_key(|&o| e.creatures[o].position.map_or(u32::MAX, |p| p.distance(at)))
}

fn in_reach(e: &Encounter, c: usize, target: usize) -> bool {
    let (Some(a), Some(t)) = (e.creatures[c].position, e.creatures[target].position) else {
        return false;
    };
    a.adjacent(t)
        || e.creatures[c]
            .powers
            .iter()
            .any(|p| p.has("ranged") || p.is_area())
}

/// Walks toward the target, square by square, as far as the creature may.
fn approach(e: &mut Encounter, c: usize, target: usize) {
    if e.can_take(c, ActionType::Move).is_err() || e.can_move(c).is_err() {
        return;
    }
    let Some(goal) = e.creatures[target].position else {
        return;
    };
    let mut path: Vec<Square> = Vec::new();
    let mut at = match e.creatures[c].position {
        Some(p) => p,
        None => return,
    };
    while !at.adjacent(goal) && e.movement_cost(c, path.len() as u32 + 1).is_ok() {
        let next = (-1..=1)
            .flat_map(|dx| (-1..=1).filter_map(move |dy| at.offset(dx, dy)))
            .filter(|s| *s != at && !path.contains(s) && free(e, c, *s))
            .min_by_key(|s| (s.distance(goal), s.squared_distance(goal)));
        match next {
            Some(s) if s.distance(goal) < at.distance(goal) => {
                path.push(s);
                at = s;
            }
            _ => break,
        }
    }
    if !path.is_empty() {
        let _ = e.walk(c, &path);
    }
}

fn free(e: &Encounter, c: usize, s: Square) -> bool {
    !(0..e.creatures.len())
        .any(|o| o != c && e.creatures[o].position == Some(s) && e.occupies_space(o))
}

/// The attack with the most expected damage the creature may make now, and its target:
/// melee against the weakest adjacent enemy, ranged against the nearest one.
fn best_attack(e: &Encounter, c: usize, used: &[String]) -> Option<(Power, usize)> {
    if e.can_attack(c).is_err() {
        return None;
    }
    let at = e.creatures[c].position?;
    let adjacent: Vec<usize> = enemies(e, c)
        .filter(|&o| e.creatures[o].position.is_some_and(|p| p.adjacent(at)))
        .collect();
    let weakest_adjacent = adjacent.iter().copied().min_by_key(|&o| e.creatures[o].hp);
    let nearest = nearest_enemy(e, c);
    e.creatures[c]
        .powers
        .iter()
        .filter(|p| e.can_take(c, p.action).is_ok() && !used.contains(&p.name))
        .filter(|p| matches!(p.action, ActionType::Standard | ActionType::Minor))
        .filter_map(|p| {
            let target = if p.has("ranged") || p.is_area() {
                nearest
            } else {
                weakest_adjacent
            }?;
            e.line_of_effect(c, target).ok()?;
            Some((p.clone(), target))
        })
        .max_by(|(a, _), (b, _)| {
            let mean = |p: &Power| p.damage.as_ref().map_or(0.0, |d| d.distribution().mean());
            mean(a).total_cmp(&mean(b))
        })
}
