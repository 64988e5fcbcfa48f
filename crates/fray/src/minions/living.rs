//! Who still stands on each side, kept as the battle goes, so that choosing a victim
//! costs about the logarithm of a group's size instead of a count of the living: what
//! lets a battle of 10,000 a side cost per attack what one of 10 a side does.
//!
//! Hit points only fall during a battle, so a minion that falls stays down until the
//! battle is played again ([`Living::rebuild`]). Each targeting option keeps only what it
//! needs: `first` a cursor per side that only moves forward; `spread` a Fenwick tree of
//! the standing per side (the rank of an attacker among its own, the k-th enemy);
//! `weakest` a tree of the least (hit points, index) per side.

use super::model::{Side, Targeting};

/// The standing of both sides (see the module's docs).
#[derive(Debug, Clone)]
pub(crate) struct Living {
    targeting: Targeting,
    /// Where side B's fighters start: side A's are `0..split`.
    split: usize,
    /// Per side, how many stand.
    count: [usize; 2],
    /// Per side (`first`): no fighter before it stands.
    cursor: [usize; 2],
    /// Per side (`spread`): a Fenwick tree over standing flags, 1-based.
    fenwick: [Vec<u32>; 2],
    /// Per side (`weakest`): a segment tree of the least (hp, index) of those standing,
    /// leaves from `size`; a fallen minion's leaf is `DOWN`.
    least: [Vec<(u32, u32)>; 2],
    /// The segment trees' leaf count (a power of two).
    size: [usize; 2],
    /// Per side, how many fighters it has, standing or not.
    lens: [usize; 2],
}

/// Always equal: who stands is read from the fighters, which a battle's state compares
/// itself; the cursor of `first` only says how far a lookup has gone.
impl PartialEq for Living {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Living {}

const DOWN: (u32, u32) = (u32::MAX, u32::MAX);

fn side_index(side: Side) -> usize {
    match side {
        Side::A => 0,
        Side::B => 1,
    }
}

impl Living {
    /// The standing of the fighters, each given by its side and hit points (side A's
    /// first, then side B's), for `targeting`.
    pub fn new(fighters: &[(Side, u32)], targeting: Targeting) -> Self {
        let split = fighters.iter().take_while(|(s, _)| *s == Side::A).count();
        let lens = [split, fighters.len() - split];
        let spread = targeting == Targeting::Spread;
        let weakest = targeting == Targeting::Weakest;
        let size = lens.map(|n| if weakest { n.next_power_of_two() } else { 0 });
        let mut living = Self {
            targeting,
            split,
            count: [0; 2],
            cursor: [0; 2],
            fenwick: lens.map(|n| if spread { vec![0; n + 1] } else { Vec::new() }),
            least: size.map(|leaves| vec![DOWN; 2 * leaves]),
            size,
            lens,
        };
        living.rebuild(fighters.iter().map(|&(_, hp)| hp));
        living
    }

    /// Everyone's standing read again from their hit points, in the fighters' order (a
    /// battle played again), without allocating.
    pub fn rebuild(&mut self, hps: impl Iterator<Item = u32>) {
        self.count = [0; 2];
        self.cursor = [0; 2];
        for s in 0..2 {
            self.fenwick[s].iter_mut().for_each(|v| *v = 0);
            self.least[s].iter_mut().for_each(|v| *v = DOWN);
        }
        for (i, hp) in hps.enumerate() {
            let (s, k) = self.place(i);
            if hp > 0 {
                self.count[s] += 1;
                if self.targeting == Targeting::Spread {
                    self.fenwick_step(s, k, true);
                }
                if self.targeting == Targeting::Weakest {
                    self.least[s][self.size[s] + k] = (hp, i as u32);
                }
            }
        }
        if self.targeting == Targeting::Weakest {
            for s in 0..2 {
                for node in (1..self.size[s]).rev() {
                    self.least[s][node] = self.least[s][2 * node].min(self.least[s][2 * node + 1]);
                }
            }
        }
    }

    /// A fighter's side and its place within the side.
    fn place(&self, i: usize) -> (usize, usize) {
        if i < self.split {
            (0, i)
        } else {
            (1, i - self.split)
        }
    }

    /// Fighter `i`'s hit points fell to `hp` (`was_standing`: before the blow).
    pub fn wounded(&mut self, i: usize, hp: u32, was_standing: bool) {
        let (s, k) = self.place(i);
        let fell = was_standing && hp == 0;
        if fell {
            self.count[s] -= 1;
            if self.targeting == Targeting::Spread {
                self.fenwick_step(s, k, false);
            }
        }
        if self.targeting == Targeting::Weakest && was_standing {
            if hp == 0 {
                self.set_least(s, k, DOWN);
            } else {
                self.lower_least(s, k, (hp, i as u32));
            }
        }
    }

    /// Whether any of `side` stands.
    pub fn standing(&self, side: Side) -> bool {
        self.count[side_index(side)] > 0
    }

    /// The victim the targeting option gives `attacker` (of `side`) among the standing
    /// enemies, or None when none stands. `stands` says whether a fighter still stands.
    pub fn victim(
        &mut self,
        attacker: usize,
        side: Side,
        stands: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let own = side_index(side);
        let enemy = 1 - own;
        if self.count[enemy] == 0 {
            return None;
        }
        let offset = if enemy == 0 { 0 } else { self.split };
        match self.targeting {
            Targeting::First => {
                let end = offset + self.lens[enemy];
                let c = &mut self.cursor[enemy];
                while offset + *c < end && !stands(offset + *c) {
                    *c += 1;
                }
                (offset + *c < end).then_some(offset + *c)
            }
            Targeting::Weakest => {
                let (_, i) = self.least[enemy][1];
                (i != u32::MAX).then_some(i as usize)
            }
            Targeting::Spread => {
                // The attacker's rank among its own standing, before it in list order.
                let (_, k) = self.place(attacker);
                let rank = self.fenwick_prefix(own, k);
                let nth = rank % self.count[enemy];
                Some(offset + self.fenwick_select(enemy, nth))
            }
        }
    }

    /// Place `k` of side `s` stands up (`up`: counted in) or falls (counted out).
    fn fenwick_step(&mut self, s: usize, k: usize, up: bool) {
        let tree = &mut self.fenwick[s];
        let mut i = k + 1;
        while i < tree.len() {
            if up {
                tree[i] += 1;
            } else {
                tree[i] -= 1;
            }
            i += i & i.wrapping_neg();
        }
    }

    /// How many stand among places `0..k` of side `s`.
    fn fenwick_prefix(&self, s: usize, k: usize) -> usize {
        let tree = &self.fenwick[s];
        let (mut i, mut sum) = (k, 0usize);
        while i > 0 {
            sum += tree[i] as usize;
            i -= i & i.wrapping_neg();
        }
        sum
    }

    /// The place of the standing fighter with `nth` standing before it (0-based), on
    /// side `s`; `nth` is below the side's count.
    fn fenwick_select(&self, s: usize, nth: usize) -> usize {
        let tree = &self.fenwick[s];
        let n = tree.len() - 1;
        let (mut pos, mut left) = (0usize, nth);
        let mut step = n.next_power_of_two();
        while step > 0 {
            let next = pos + step;
            if next <= n && (tree[next] as usize) <= left {
                pos = next;
                left -= tree[next] as usize;
            }
            step >>= 1;
        }
        pos
    }

    /// A leaf lowered: each node above takes it while it is below the node's least, and
    /// the walk stops at the first node already lower (nothing above it changes). Most
    /// blows fall on the weakest, so most walks stop at once.
    fn lower_least(&mut self, s: usize, k: usize, leaf: (u32, u32)) {
        let tree = &mut self.least[s];
        let mut node = self.size[s] + k;
        tree[node] = leaf;
        while node > 1 {
            node /= 2;
            if tree[node] <= leaf {
                break;
            }
            tree[node] = leaf;
        }
    }

    fn set_least(&mut self, s: usize, k: usize, leaf: (u32, u32)) {
        let tree = &mut self.least[s];
        let mut node = self.size[s] + k;
        tree[node] = leaf;
        while node > 1 {
            node /= 2;
            tree[node] = tree[2 * node].min(tree[2 * node + 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A fighter as the tests see it: its side and hit points.
    struct Fighter {
        side: Side,
        hp: u32,
    }

    impl Fighter {
        fn alive(&self) -> bool {
            self.hp > 0
        }
    }

    /// The victim by counting the living, as the rules say it: the reference.
    fn counted(fighters: &[Fighter], targeting: Targeting, attacker: usize) -> Option<usize> {
        let side = fighters[attacker].side;
        let mut enemies =
            (0..fighters.len()).filter(|&i| fighters[i].side != side && fighters[i].alive());
        match targeting {
            Targeting::First => enemies.next(),
            Targeting::Weakest => enemies.min_by_key(|&i| fighters[i].hp),
            Targeting::Spread => {
                let rank = (0..attacker)
                    .filter(|&i| fighters[i].side == side && fighters[i].alive())
                    .count();
                let count = enemies.clone().count();
                (count > 0).then(|| enemies.nth(rank % count)).flatten()
            }
        }
    }

    proptest! {
        /// Through any run of blows, the kept standing picks the victim counting the
        /// living picks, for every targeting option and every attacker.
        #[test]
        fn kept_standing_picks_as_counting_does(
            hp in prop::collection::vec(0u32..6, 0..12),
            b_hp in prop::collection::vec(0u32..6, 0..12),
            blows in prop::collection::vec((0usize..24, 1u32..4), 0..40),
            targeting in prop_oneof![Just(Targeting::First), Just(Targeting::Spread), Just(Targeting::Weakest)],
        ) {
            let mut fighters: Vec<Fighter> = hp
                .iter()
                .map(|&hp| Fighter { side: Side::A, hp })
                .chain(b_hp.iter().map(|&hp| Fighter { side: Side::B, hp }))
                .collect();
            let start: Vec<(Side, u32)> = fighters.iter().map(|f| (f.side, f.hp)).collect();
            let mut living = Living::new(&start, targeting);
            for (at, wounds) in blows {
                for attacker in 0..fighters.len() {
                    let side = fighters[attacker].side;
                    prop_assert_eq!(
                        living.victim(attacker, side, |i| fighters[i].alive()),
                        counted(&fighters, targeting, attacker)
                    );
                }
                if fighters.is_empty() {
                    break;
                }
                let v = at % fighters.len();
                if fighters[v].alive() {
                    fighters[v].hp = fighters[v].hp.saturating_sub(wounds);
                    living.wounded(v, fighters[v].hp, true);
                }
                prop_assert_eq!(living.standing(Side::A), fighters.iter().any(|f| f.side == Side::A && f.alive()));
            }
            // Played again: as new, tree for tree.
            living.rebuild(start.iter().map(|&(_, hp)| hp));
            let new = Living::new(&start, targeting);
            prop_assert_eq!((&living.count, &living.fenwick, &living.least), (&new.count, &new.fenwick, &new.least));
        }
    }
}
