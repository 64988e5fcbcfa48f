//! What trials leave behind: one battle's result, and the integer totals of many,
//! merged by addition so that any split of the trials gives the same totals.

use std::collections::BTreeMap;

use fray::character::Side;

/// One battle's result.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Trial {
    /// The side left standing; `None` for a draw.
    pub winner: Option<Side>,
    /// Rounds played (for minions, combat rounds over all turns).
    pub rounds: u32,
    /// Final hit points of every combatant, in scenario order.
    pub hp: Vec<i64>,
    /// Damage dealt, by type.
    pub damage: Vec<(String, u64)>,
    /// Conditions inflicted, by condition.
    pub conditions: Vec<(String, u64)>,
}

/// Totals over many trials: integers only, so merging is exact and order-free.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Tally {
    /// Trials counted.
    pub trials: u64,
    /// Wins of side a and of side b.
    pub wins: [u64; 2],
    /// Trials without a winner (mutual destruction or the round limit).
    pub draws: u64,
    /// Draws in which no combatant of either side is standing: mutual destruction,
    /// rather than a battle the round limit cut short.
    pub mutual: u64,
    /// Trials by rounds played.
    pub rounds: BTreeMap<u32, u64>,
    /// Per combatant: trials it ended standing.
    pub alive: Vec<u64>,
    /// Per combatant: the sum of its final hit points (0 for the fallen).
    pub hp_sum: Vec<i64>,
    /// Damage dealt over all trials, by type.
    pub damage: BTreeMap<String, u64>,
    /// Conditions inflicted over all trials, by condition.
    pub conditions: BTreeMap<String, u64>,
}

impl Tally {
    /// Counts one trial.
    pub fn add<'a>(&mut self, t: &'a Trial) {
        let pairs = |v: &'a [(String, u64)]| v.iter().map(|(k, n)| (k.as_str(), *n));
        self.record(
            t.winner,
            t.rounds,
            &t.hp,
            pairs(&t.damage),
            pairs(&t.conditions),
        );
    }

    /// Counts one trial from its parts: what [`Tally::add`] does with a [`Trial`], for
    /// a system whose trial needs no vectors of its own (a duel), so that counting it
    /// allocates nothing once every name is in the maps.
    pub fn record<'a>(
        &mut self,
        winner: Option<Side>,
        rounds: u32,
        hp: &[i64],
        damage: impl IntoIterator<Item = (&'a str, u64)>,
        conditions: impl IntoIterator<Item = (&'a str, u64)>,
    ) {
        self.trials += 1;
        match winner {
            Some(Side::A) => self.wins[0] += 1,
            Some(Side::B) => self.wins[1] += 1,
            None => {
                self.draws += 1;
                self.mutual += u64::from(hp.iter().all(|hp| *hp <= 0));
            }
        }
        *self.rounds.entry(rounds).or_default() += 1;
        if self.alive.len() < hp.len() {
            self.alive.resize(hp.len(), 0);
            self.hp_sum.resize(hp.len(), 0);
        }
        for (i, hp) in hp.iter().enumerate() {
            self.alive[i] += u64::from(*hp > 0);
            self.hp_sum[i] += (*hp).max(0);
        }
        for (k, v) in damage {
            bump(&mut self.damage, k, v);
        }
        for (k, v) in conditions {
            bump(&mut self.conditions, k, v);
        }
    }

    /// Adds another tally: tallies of disjoint sets of chunks merge into the tally of
    /// their union, whatever the split.
    pub fn merge(mut self, other: Self) -> Self {
        self.trials += other.trials;
        self.wins[0] += other.wins[0];
        self.wins[1] += other.wins[1];
        self.draws += other.draws;
        self.mutual += other.mutual;
        for (k, v) in other.rounds {
            *self.rounds.entry(k).or_default() += v;
        }
        if self.alive.len() < other.alive.len() {
            self.alive.resize(other.alive.len(), 0);
            self.hp_sum.resize(other.alive.len(), 0);
        }
        for (i, (a, h)) in other.alive.iter().zip(&other.hp_sum).enumerate() {
            self.alive[i] += a;
            self.hp_sum[i] += h;
        }
        for (k, v) in other.damage {
            *self.damage.entry(k).or_default() += v;
        }
        for (k, v) in other.conditions {
            *self.conditions.entry(k).or_default() += v;
        }
        self
    }
}

/// Adds `v` under `key`, copying the key only the first time it is met.
fn bump(map: &mut BTreeMap<String, u64>, key: &str, v: u64) {
    match map.get_mut(key) {
        Some(n) => *n += v,
        None => {
            map.insert(key.to_owned(), v);
        }
    }
}

/// A map's counts by name, borrowed. A reset skirmish keeps names met earlier in the
/// chunk at zero: counting a zero adds nothing to a tally that already holds the name.
pub fn named_counts(m: &BTreeMap<String, u64>) -> impl Iterator<Item = (&str, u64)> {
    m.iter().map(|(k, n)| (k.as_str(), *n))
}
