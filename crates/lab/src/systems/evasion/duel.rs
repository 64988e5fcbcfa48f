//! One-on-one evasion duels: the exact outcome as a Markov chain over both duelists' hit
//! points, and single sampled duels with the same rules.
//!
//! A round: the first striker attacks; if the other still stands, it strikes back. The
//! damage of an attack depends on the defender's current hit points (high-damage effects
//! look at half of them), so each attack's damage distribution is computed for every hit
//! point total it can meet.

use fray::dice::DiceExpr;
use fray::evasion::exact::most_after_dr;
use fray::evasion::{
    AttackPlan, Attacker, DamageKind, Defender, Options, damage_odds, draw_luckstone,
};
use fray::request::Refusal;
use fray::rng::Rolls;
use serde::Serialize;

/// One duelist, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Duelist {
    /// Its name in reports.
    pub name: String,
    /// The damage dice of one hit.
    pub damage: DiceExpr,
    /// Physical (reduced by DR), elemental or spell (evasion, Damage formula).
    pub kind: DamageKind,
    /// How it attacks (the `fray tohit --attacker` profile).
    pub attack: Attacker,
    /// How it defends, with its hit points (the `--defender` profile).
    pub defense: Defender,
}

/// An evasion duel, checked: `a` strikes first each round unless `b_first`.
#[derive(Debug, Clone, PartialEq)]
pub struct Duel {
    /// Side a's duelist.
    pub a: Duelist,
    /// Side b's duelist.
    pub b: Duelist,
    /// The readings of the evasion text in force (model, rounding, ...).
    pub options: Options,
    /// Whether b strikes first each round instead of a.
    pub b_first: bool,
}

/// The largest hit points an exact duel accepts: its time grows with the product of the
/// two sides' (a state per pair), some 20 ms at 1,000 a side and a hundred times that at
/// 10,000; its memory only with one side's, times the largest hit.
pub const MAX_EXACT_HP: i64 = 2_000;

/// The exact outcome of a duel with no round limit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
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

/// Per-attack damage of one duelist against the other, by the defender's hit points:
/// one row for each hit point total up to `limit`, and the row at `limit` for every
/// larger total (above twice the largest hit, no high-damage effect can trigger). A row
/// is P(no damage) and the damages of 1 and more with their chances, all in one vector.
struct DamageTable {
    /// Per row: P(0 damage: a miss), and where its damages lie in `hits`.
    rows: Vec<(f64, std::ops::Range<usize>)>,
    /// (damage ≥ 1, probability > 0), row after row, in increasing damage.
    hits: Vec<(usize, f64)>,
}

impl DamageTable {
    /// The table of `att` striking `def`, whose hit points run up to `max_hp`.
    fn new(att: &Duelist, def: &Duelist, duel: &Duel, max_hp: i64) -> Result<Self, Refusal> {
        // The largest hit is the real one after DR (negative DR raises it above the
        // dice's maximum), taken from a defender too healthy for any cut.
        let mut healthy = def.defense.clone();
        healthy.hp = u32::MAX;
        let most = damage_odds(&att.damage, att.kind, &att.attack, &healthy, &duel.options)
            .map_err(|e| Refusal::new(e.to_string()))?
            .most_before_effects;
        let limit = (2 * most.max(0) + 1).clamp(1, max_hp.max(1));
        let mut table = Self {
            rows: vec![(1.0, 0..0)],
            hits: Vec::new(),
        };
        let mut d = def.defense.clone();
        for hp in 1..=limit {
            d.hp = hp as u32;
            let odds = damage_odds(&att.damage, att.kind, &att.attack, &d, &duel.options)
                .map_err(|e| Refusal::new(e.to_string()))?;
            let start = table.hits.len();
            table.hits.extend(
                odds.per_attack
                    .iter()
                    .filter(|m| m.value > 0)
                    .map(|m| (m.value as usize, m.p)),
            );
            table
                .rows
                .push((odds.per_attack.p(0), start..table.hits.len()));
        }
        Ok(table)
    }

    /// P(no damage) and the damages against a defender with `hp` left.
    fn row(&self, hp: usize) -> (f64, &[(usize, f64)]) {
        let (miss, range) = &self.rows[hp.min(self.rows.len() - 1)];
        (*miss, &self.hits[range.clone()])
    }

    /// The largest damage of any row.
    fn largest(&self) -> usize {
        self.hits.iter().map(|h| h.0).max().unwrap_or(0)
    }
}

/// The most steps an exact duel may take (states times damage outcomes, summed over the
/// luckstone draws): about a second of work. 1,000 hit points a side with a dozen
/// damage outcomes each is some 25 million.
pub const MAX_EXACT_WORK: u64 = 300_000_000;

/// Solves the duel exactly (no round limit). A duel that can reach a state where
/// neither side can deal damage (certain misses, caught throws) never ends there: that
/// share of duels is a draw (`p_draw`), and the expected rounds are infinite.
///
/// ```
/// use fray_lab::duel::exact_duel;
/// # use fray_lab::duel::{Duel, Duelist};
/// # use fray::evasion::{Attacker, Defender, DamageKind, Options};
/// let one = |name: &str| Duelist { name: name.into(), damage: "1d6".parse().unwrap(), kind: DamageKind::Physical, attack: Attacker::default(), defense: Defender { hp: 10, ..Defender::default() } };
/// let duel = Duel { a: one("A"), b: one("B"), options: Options::default(), b_first: false };
/// let e = exact_duel(&duel).unwrap();
/// assert!(e.p_a_wins > 0.5, "striking first is an edge between equals");
/// assert!((e.p_a_wins + e.p_b_wins - 1.0).abs() < 1e-9);
/// ```
pub fn exact_duel(duel: &Duel) -> Result<ExactDuel, Refusal> {
    // Both bounds are checked before anything is built.
    if i64::from(duel.a.defense.hp.max(duel.b.defense.hp)) > MAX_EXACT_HP {
        let (a, b) = (duel.a.defense.hp, duel.b.defense.hp);
        return Err(Refusal::new(format!(
            "exact duels take at most {MAX_EXACT_HP} hit points a side (here {a} and {b}): the chain has a state for every pair of hit points, each worked once per damage outcome, so its time grows with their product"
        )));
    }
    let work = exact_work(duel);
    if work > MAX_EXACT_WORK {
        return Err(Refusal::new(format!(
            "the exact duel would take about {work} steps (hit points × hit points × damage outcomes × luckstone draws): at most {MAX_EXACT_WORK}"
        )));
    }
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

/// `p · v` where an impossible branch (p = 0) adds nothing even to infinite rounds.
fn times(p: f64, v: f64) -> f64 {
    if p == 0.0 { 0.0 } else { p * v }
}

/// The work of an exact duel, bounded from the profiles alone (nothing is allocated):
/// the states (hit points a × b) times the damage outcomes of both attacks (at most the
/// largest hit after DR, plus a miss), times the luckstone draws to solve.
pub fn exact_work(duel: &Duel) -> u64 {
    let outcomes = |att: &Duelist, def: &Duelist| {
        let most = most_after_dr(att.damage.max(), att.kind, &def.defense);
        // The largest hit above a defender's hit points counts once: as a kill.
        most.clamp(0.0, f64::from(def.defense.hp)) as u64 + 2
    };
    let draws = |d: &Duelist| {
        if d.attack.undrawn_luckstone() || d.defense.undrawn_luckstone() {
            3
        } else {
            1
        }
    };
    let states = u64::from(duel.a.defense.hp) * u64::from(duel.b.defense.hp);
    states
        .saturating_mul(outcomes(&duel.a, &duel.b) + outcomes(&duel.b, &duel.a))
        .saturating_mul(draws(&duel.a) * draws(&duel.b))
}

/// The exact duel once every luckstone is drawn: an absorbing Markov chain over the
/// pair of hit points (first striker f, second s). From (f, s) a round moves to
/// (f − y, s − x) or ends, so the states are solved in order of increasing hit points,
/// each from smaller ones; the one self-loop (both deal nothing) is divided out.
///
/// For each state the value V = (P(first wins), P(second wins), expected rounds) is
///   V(f, s) = T(s) + Σ_{x<s} P(X_s = x) · A_f(s − x),
///   A_f(s') = K_f + Σ_{y<f} P(Y_f = y) · V(f − y, s'),
/// with X_s the first's damage against s hit points, Y_f the second's against f,
/// T = (P(X_s ≥ s), 0, 1) and K = (0, P(Y_f ≥ f), 0). Keeping the row A_f makes a state
/// cost |X| + |Y| steps instead of |X| · |Y|, and only the last rows of V that a hit can
/// reach are kept. A state where neither can deal damage never ends: its expected
/// rounds are infinite, and so are those of every state that can reach it.
fn exact_fixed(duel: &Duel) -> Result<ExactDuel, Refusal> {
    let (first, second) = if duel.b_first {
        (&duel.b, &duel.a)
    } else {
        (&duel.a, &duel.b)
    };
    let (hf, hs) = (i64::from(first.defense.hp), i64::from(second.defense.hp));
    let hits_second = DamageTable::new(first, second, duel, hs)?; // by the second's hp
    let hits_first = DamageTable::new(second, first, duel, hf)?; // by the first's hp
    let (hf, hs) = (hf as usize, hs as usize);
    let width = hs + 1;
    // Rows f − y for every hit y < f: a ring of the last `keep` rows.
    let keep = hits_first.largest().min(hf) + 1;
    let mut ring = vec![[0.0f64; 3]; keep * width];
    let mut b = vec![[0.0f64; 3]; width];
    let mut a = vec![[0.0f64; 3]; width];
    for f in 1..=hf {
        let (miss_y, ys) = hits_first.row(f);
        let kill_first: f64 = ys.iter().filter(|h| h.0 >= f).map(|h| h.1).sum();
        // B(s) = Σ_{1 ≤ y < f} P(Y_f = y) · V(f − y, s), row by row.
        b.iter_mut().for_each(|v| *v = [0.0; 3]);
        for &(y, py) in ys.iter().take_while(|h| h.0 < f) {
            let row = &ring[((f - y) % keep) * width..][..width];
            for (acc, v) in b.iter_mut().zip(row) {
                for c in 0..3 {
                    acc[c] += py * v[c];
                }
            }
        }
        let k = [0.0, kill_first, 0.0];
        let here = (f % keep) * width;
        for s in 1..=hs {
            let (miss_x, xs) = hits_second.row(s);
            let stay = 1.0 - miss_x * miss_y;
            let v = if stay <= 0.0 {
                // Neither can deal damage: the duel stays here for ever.
                [0.0, 0.0, f64::INFINITY]
            } else {
                let mut v = [0.0, 0.0, 1.0];
                for &(x, px) in xs {
                    if x >= s {
                        v[0] += px;
                    } else {
                        let from = &a[s - x];
                        for c in 0..3 {
                            v[c] += px * from[c];
                        }
                    }
                }
                for c in 0..3 {
                    v[c] = (v[c] + times(miss_x, k[c] + b[s][c])) / stay;
                }
                v
            };
            ring[here + s] = v;
            for c in 0..3 {
                a[s][c] = k[c] + b[s][c] + times(miss_y, v[c]);
            }
        }
    }
    let [p_first, lose, rounds] = ring[(hf % keep) * width + hs];
    // A duel that always ends keeps P(second) = 1 − P(first), as before draws existed.
    let (p_second, p_draw, expected_rounds) = if rounds.is_infinite() {
        (lose, (1.0 - p_first - lose).max(0.0), f64::INFINITY)
    } else {
        (1.0 - p_first, 0.0, rounds)
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
