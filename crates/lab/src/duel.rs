//! One-on-one evasion duels: the exact outcome as a Markov chain over both duelists' hit
//! points, and single sampled duels with the same rules.
//!
//! A round: the first striker attacks; if the other still stands, it strikes back. The
//! damage of an attack depends on the defender's current hit points (high-damage effects
//! look at half of them), so each attack's damage distribution is computed for every hit
//! point total it can meet.

use fray::dist::Distribution;
use fray::evasion::{AttackPlan, damage_odds, draw_luckstone};
use fray::rng::Rolls;
use serde::Serialize;

use crate::scenario::{Duel, Duelist};

/// The largest hit points an exact duel accepts (the state space is their product).
pub const MAX_EXACT_HP: i64 = 2_000;

/// The exact outcome of a duel with no round limit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ExactDuel {
    /// P(the first-listed duelist, a, wins).
    pub p_a_wins: f64,
    /// P(b wins).
    pub p_b_wins: f64,
    /// P(the duel reaches a state where neither duelist can ever deal damage): it never
    /// ends there, and counts as a draw (0 for a duel that always ends).
    pub p_draw: f64,
    /// Expected rounds: infinite (null in JSON) when the duel may never end.
    pub expected_rounds: f64,
}

/// Per-attack damage of `att` against `def` when `def` has `hp` left, for every hp.
fn damage_by_hp(
    att: &Duelist,
    def: &Duelist,
    duel: &Duel,
    max_hp: i64,
) -> Result<Vec<Distribution>, String> {
    // Above twice the largest hit, no high-damage effect can trigger: one distribution
    // serves every larger hp. The largest hit is the real one after DR (negative DR
    // raises it above the dice's maximum), taken from a defender too healthy for any cut.
    let mut healthy = def.defense.clone();
    healthy.hp = u32::MAX;
    let most = damage_odds(&att.damage, att.kind, &att.attack, &healthy, &duel.options)
        .map_err(|e| e.to_string())?
        .most_before_effects;
    let limit = (2 * most.max(0) + 1).min(max_hp);
    let mut by_hp = Vec::with_capacity(max_hp as usize + 1);
    by_hp.push(Distribution::point(0));
    for hp in 1..=limit {
        let mut d = def.defense.clone();
        d.hp = hp as u32;
        let odds = damage_odds(&att.damage, att.kind, &att.attack, &d, &duel.options)
            .map_err(|e| e.to_string())?;
        by_hp.push(odds.per_attack);
    }
    let last = by_hp[limit as usize].clone();
    by_hp.resize(max_hp as usize + 1, last);
    Ok(by_hp)
}

/// Solves the duel exactly (no round limit). A duel that can reach a state where
/// neither side can deal damage (certain misses, caught throws) never ends there: that
/// share of duels is a draw (`p_draw`), and the expected rounds are infinite.
///
/// ```
/// use fray_lab::duel::exact_duel;
/// # use fray_lab::scenario::{Duel, Duelist};
/// # use fray::evasion::{Attacker, Defender, DamageKind, Options};
/// let one = |name: &str| Duelist { name: name.into(), damage: "1d6".parse().unwrap(), kind: DamageKind::Physical, attack: Attacker::default(), defense: Defender { hp: 10, ..Defender::default() } };
/// let duel = Duel { a: one("A"), b: one("B"), options: Options::default(), b_first: false };
/// let e = exact_duel(&duel).unwrap();
/// assert!(e.p_a_wins > 0.5, "striking first is an edge between equals");
/// assert!((e.p_a_wins + e.p_b_wins - 1.0).abs() < 1e-9);
/// ```
pub fn exact_duel(duel: &Duel) -> Result<ExactDuel, String> {
    // A monster's luckstone is drawn once for the whole duel: solve the duel for each
    // draw and weigh the answers, rather than mixing the draw into every attack.
    let mut mixed = ExactDuel {
        p_a_wins: 0.0,
        p_b_wins: 0.0,
        p_draw: 0.0,
        expected_rounds: 0.0,
    };
    for (a, pa) in luckstone_draws(&duel.a) {
        for (b, pb) in luckstone_draws(&duel.b) {
            let e = exact_fixed(&Duel {
                a: a.clone(),
                b,
                ..duel.clone()
            })?;
            let w = pa * pb;
            mixed.p_a_wins += w * e.p_a_wins;
            mixed.p_b_wins += w * e.p_b_wins;
            mixed.p_draw += w * e.p_draw;
            mixed.expected_rounds += w * e.expected_rounds;
        }
    }
    Ok(mixed)
}

/// A duelist with its luckstone drawn: one draw for the monster, shared by its attack
/// and defense profiles (those that carry the luckstone).
pub fn with_luckstone_drawn(d: &Duelist, d3: u32) -> Duelist {
    Duelist {
        attack: d.attack.with_luckstone_drawn(d3),
        defense: d.defense.with_luckstone_drawn(d3),
        ..d.clone()
    }
}

/// Every way a duelist's luckstone may be drawn, with its chance (just the duelist when
/// it has none to draw).
fn luckstone_draws(d: &Duelist) -> Vec<(Duelist, f64)> {
    if d.attack.undrawn_luckstone() || d.defense.undrawn_luckstone() {
        (1..=3)
            .map(|d3| (with_luckstone_drawn(d, d3), 1.0 / 3.0))
            .collect()
    } else {
        vec![(d.clone(), 1.0)]
    }
}

/// The exact duel once every luckstone is drawn.
fn exact_fixed(duel: &Duel) -> Result<ExactDuel, String> {
    let (first, second) = if duel.b_first {
        (&duel.b, &duel.a)
    } else {
        (&duel.a, &duel.b)
    };
    let (hf, hs) = (i64::from(first.defense.hp), i64::from(second.defense.hp));
    if hf > MAX_EXACT_HP || hs > MAX_EXACT_HP {
        return Err(format!(
            "exact duels take at most {MAX_EXACT_HP} hit points a side"
        ));
    }
    let hits_second = damage_by_hp(first, second, duel, hs)?; // indexed by the second's hp
    let hits_first = damage_by_hp(second, first, duel, hf)?; // indexed by the first's hp
    let width = hs as usize + 1;
    let cells = (hf as usize + 1) * width;
    // P(first wins), P(second wins), expected rounds, and whether a state where neither
    // can deal damage is reachable (then the duel may never end).
    let mut win = vec![0.0; cells];
    let mut lose = vec![0.0; cells];
    let mut rounds = vec![0.0; cells];
    let mut endless = vec![false; cells];
    for f in 1..=hf {
        for s in 1..=hs {
            let (dx, dy) = (&hits_second[s as usize], &hits_first[f as usize]);
            let (p_miss_x, p_miss_y) = (dx.p(0), dy.p(0));
            let here = f as usize * width + s as usize;
            let stay = 1.0 - p_miss_x * p_miss_y;
            if stay <= 0.0 {
                // Neither can deal damage: the duel stays here for ever, a draw.
                endless[here] = true;
                continue;
            }
            let (mut w, mut l, mut r, mut forever) = (0.0, 0.0, 1.0, false);
            for x in dx.iter() {
                if s - x.value <= 0 {
                    w += x.p;
                    continue;
                }
                for y in dy.iter() {
                    if f - y.value <= 0 {
                        l += x.p * y.p;
                        continue;
                    }
                    if x.value == 0 && y.value == 0 {
                        continue;
                    }
                    let at = (f - y.value) as usize * width + (s - x.value) as usize;
                    w += x.p * y.p * win[at];
                    l += x.p * y.p * lose[at];
                    r += x.p * y.p * rounds[at];
                    forever |= endless[at] && x.p * y.p > 0.0;
                }
            }
            win[here] = w / stay;
            lose[here] = l / stay;
            rounds[here] = r / stay;
            endless[here] = forever;
        }
    }
    let start = hf as usize * width + hs as usize;
    let p_first = win[start];
    // A duel that always ends keeps P(second) = 1 − P(first), as before draws existed.
    let (p_second, p_draw, expected_rounds) = if endless[start] {
        let l = lose[start];
        (l, (1.0 - p_first - l).max(0.0), f64::INFINITY)
    } else {
        (1.0 - p_first, 0.0, rounds[start])
    };
    let (p_a_wins, p_b_wins) = if duel.b_first {
        (p_second, p_first)
    } else {
        (p_first, p_second)
    };
    Ok(ExactDuel {
        p_a_wins,
        p_b_wins,
        p_draw,
        expected_rounds,
    })
}

/// A duel's fixed part, worked out once and kept for every sampled duel: an attack plan
/// for each direction and each way the luckstones may fall, both starting hit points
/// and the order of strikes. Sampling a duel through it builds no breakdown, formats
/// no string and allocates nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct DuelPlan {
    /// Whether each duelist draws a luckstone before the first round.
    draws: [bool; 2],
    /// Indexed by [`DuelPlan::index`]: attacker, a's draw, b's draw.
    plans: Vec<AttackPlan>,
    hp: [i64; 2],
    order: [usize; 2],
}

impl DuelPlan {
    /// Plans the duel: every attack plan it may need, for each luckstone draw.
    pub fn new(duel: &Duel) -> Self {
        let undrawn = |d: &Duelist| d.attack.undrawn_luckstone() || d.defense.undrawn_luckstone();
        let draws = [undrawn(&duel.a), undrawn(&duel.b)];
        // A duelist with no luckstone to draw has one way to be: itself.
        let ways = |d: &Duelist, draws: bool| -> Vec<Duelist> {
            if draws {
                (1..=3).map(|d3| with_luckstone_drawn(d, d3)).collect()
            } else {
                vec![d.clone()]
            }
        };
        let (aa, bb) = (ways(&duel.a, draws[0]), ways(&duel.b, draws[1]));
        let mut plans = Vec::with_capacity(2 * aa.len() * bb.len());
        for who in 0..2 {
            for a in &aa {
                for b in &bb {
                    let (att, def) = if who == 0 { (a, b) } else { (b, a) };
                    plans.push(AttackPlan::new(
                        &att.attack,
                        &def.defense,
                        &att.damage,
                        att.kind,
                        &duel.options,
                    ));
                }
            }
        }
        Self {
            draws,
            plans,
            hp: [i64::from(duel.a.defense.hp), i64::from(duel.b.defense.hp)],
            order: if duel.b_first { [1, 0] } else { [0, 1] },
        }
    }

    /// Where the plan of `who` attacking lies, for a's draw `ia` and b's draw `ib`.
    fn index(&self, who: usize, ia: usize, ib: usize) -> usize {
        let ways = |drawn: bool| if drawn { 3 } else { 1 };
        let (na, nb) = (ways(self.draws[0]), ways(self.draws[1]));
        (who * na + ia) * nb + ib
    }

    /// One sampled duel, as [`sample_duel`] plays it (the same draws in the same order).
    pub fn sample(&self, max_rounds: u32, rolls: &mut impl Rolls) -> DuelResult {
        // a's luckstone is drawn before b's, each once for the whole duel.
        let mut draw = |drawn: bool| {
            if drawn {
                draw_luckstone(rolls) as usize - 1
            } else {
                0
            }
        };
        let ia = draw(self.draws[0]);
        let ib = draw(self.draws[1]);
        let plans = [
            &self.plans[self.index(0, ia, ib)],
            &self.plans[self.index(1, ia, ib)],
        ];
        let mut hp = self.hp;
        let mut dealt = [0u64; 2];
        for round in 1..=max_rounds {
            for &who in &self.order {
                let target = 1 - who;
                if let Some(d) = plans[who].roll(hp[target].max(1) as u32, rolls) {
                    hp[target] -= d;
                    dealt[who] += d as u64;
                }
                if hp[target] <= 0 {
                    return (Some(who == 0), round, hp, dealt);
                }
            }
        }
        (None, max_rounds, hp, dealt)
    }
}

/// A sampled duel: the winner (a: `Some(true)`, b: `Some(false)`, undecided at the
/// round limit: None), the rounds played, both duelists' final hit points and the
/// damage each dealt.
pub type DuelResult = (Option<bool>, u32, [i64; 2], [u64; 2]);

/// One sampled duel: (winner is a, winner is b, or undecided at the round limit),
/// rounds played, and both duelists' final hit points.
///
/// Each monster's luckstone is drawn once, before the first round, and kept. This plans
/// the duel for one call: to sample many, build a [`DuelPlan`] once.
pub fn sample_duel(duel: &Duel, max_rounds: u32, rolls: &mut impl Rolls) -> DuelResult {
    DuelPlan::new(duel).sample(max_rounds, rolls)
}
