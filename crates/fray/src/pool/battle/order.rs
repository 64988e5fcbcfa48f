//! The targeting order of step 1 (pool, *The roll, step 1*), prepared once per battle:
//! fighting styles as small integers with the pairs that beat each other, every
//! defender's defenses as a class, and each score a defender can have as a rank. A round
//! then orders the living with one counting sort: linear in the number of combatants.

use std::collections::HashMap;

use super::cache::profiles;
use super::{Army, Combatant, DefenseCount, FormVote, MassBattle};
use crate::pool::resolve::{Dodge, FormEdge};

/// The targeting order of both sides, and what it needs that never changes in a battle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Targeting {
    /// The form number of each combatant, by side (A, then B), in list order.
    form: [Vec<usize>; 2],
    /// How many form numbers there are ("no form" is one of them).
    forms: usize,
    /// Every (x, y) with form x superior to form y, sorted, once each; with whether y is
    /// superior to x as well.
    beats: Vec<(usize, usize, bool)>,
    /// The defenses of each side's combatants, ranked.
    ranking: [Ranking; 2],
    /// How the form vote is counted.
    vote: FormVote,
}

/// One side's combatants as defenders: their defenses, and every score's rank.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Ranking {
    /// The distinct defense totals, ascending.
    defenses: Vec<i64>,
    /// Each combatant's defense total, as an index into `defenses`.
    class: Vec<usize>,
    /// At `3 * class + term + 1`, for a form term from −1 to 1: the rank of that score
    /// among every score this side's combatants can have.
    rank: Vec<usize>,
    /// How many distinct scores there are.
    ranks: usize,
    /// The combatants by defense total, then list order: the targeting order whenever
    /// forms change nothing.
    by_defenses: Vec<usize>,
}

/// The buffers a side's ordering works in, kept from round to round so a round
/// allocates nothing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct Scratch {
    /// Attackers by form.
    count: Vec<u64>,
    /// By defender form: attackers it has the edge over, and attackers with the edge.
    superior: Vec<u64>,
    inferior: Vec<u64>,
    /// By defender form: its form term of the score (−1, 0 or 1).
    term: Vec<i64>,
    /// Counting-sort buckets, by rank.
    bucket: Vec<usize>,
}

/// Fills `out` with the living among `order`, keeping their order. Without a branch on
/// each one (which falls are random, so no predictor guesses them): every index is
/// written and the length moves on only past the living.
pub(super) fn compact(
    order: impl ExactSizeIterator<Item = usize>,
    hp: &[u32],
    out: &mut Vec<usize>,
) {
    out.clear();
    out.resize(order.len(), 0);
    let mut len = 0;
    for i in order {
        out[len] = i;
        len += usize::from(hp[i] > 0);
    }
    out.truncate(len);
}

impl Ranking {
    fn new(defenders: &Army, counted: DefenseCount) -> Self {
        let total = |c: &Combatant| {
            let mut defenses = c.armor as i64 + i64::from(c.magic_armor);
            if counted == DefenseCount::All {
                defenses += i64::from(c.hard_to_hit)
                    + match c.dodge {
                        Dodge::CannotDodge => -1,
                        Dodge::Normal => 0,
                        Dodge::DodgesWell => 1,
                    };
            }
            defenses
        };
        let totals: Vec<i64> = defenders.combatants.iter().map(total).collect();
        let mut defenses = totals.clone();
        defenses.sort_unstable();
        defenses.dedup();
        let find = |list: &[i64], x: i64| list.binary_search(&x).unwrap_or_default();
        let class = totals.iter().map(|&t| find(&defenses, t)).collect();
        let scores = || defenses.iter().flat_map(|&d| [d - 1, d, d + 1]);
        let mut all: Vec<i64> = scores().collect();
        all.sort_unstable();
        all.dedup();
        let rank = scores().map(|s| find(&all, s)).collect();
        let mut by_defenses: Vec<usize> = (0..totals.len()).collect();
        by_defenses.sort_by_key(|&d| totals[d]);
        Self {
            defenses,
            class,
            rank,
            ranks: all.len(),
            by_defenses,
        }
    }

    fn rank(&self, defender: usize, term: i64) -> usize {
        self.rank[3 * self.class[defender] + (term + 1) as usize]
    }
}

impl Targeting {
    /// Numbers the forms of both sides, finds which beat which, and ranks each side's
    /// defenses as `battle.targeting` reads them.
    pub(super) fn new(battle: &MassBattle) -> Self {
        let names: Vec<Option<&str>> = (battle.a.combatants.iter())
            .chain(&battle.b.combatants)
            .map(|c| c.form.as_deref())
            .collect();
        let (mut form_a, first) = profiles(&names, |name| *name);
        let number: HashMap<&str, usize> = (first.iter().enumerate())
            .filter_map(|(n, &i)| Some((names[i]?, n)))
            .collect();
        let mut pairs: Vec<(usize, usize)> = (battle.forms.iter())
            .filter_map(|r| Some((*number.get(&*r.superior)?, *number.get(&*r.inferior)?)))
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        let beats = (pairs.iter())
            .map(|&(x, y)| (x, y, pairs.binary_search(&(y, x)).is_ok()))
            .collect();
        let form_b = form_a.split_off(battle.a.combatants.len());
        let counted = battle.targeting.defenses;
        Self {
            form: [form_a, form_b],
            forms: first.len(),
            beats,
            ranking: [
                Ranking::new(&battle.a, counted),
                Ranking::new(&battle.b, counted),
            ],
            vote: battle.targeting.form,
        }
    }

    fn beats(&self, x: usize, y: usize) -> bool {
        (self.beats)
            .binary_search_by_key(&(x, y), |&(a, b, _)| (a, b))
            .is_ok()
    }

    /// Form superiority between an attacker of side `attacking` (0 for A) and a
    /// defender of the other side.
    pub(super) fn edge(&self, attacking: usize, attacker: usize, defender: usize) -> FormEdge {
        let (x, y) = (
            self.form[attacking][attacker],
            self.form[1 - attacking][defender],
        );
        if self.beats(x, y) {
            FormEdge::Attacker
        } else if self.beats(y, x) {
            FormEdge::Defender
        } else {
            FormEdge::Neither
        }
    }

    /// Each defender form's term of the score against `attackers` (into `s.term`): −1
    /// when the attackers have form superiority over it, +1 when it has it over them,
    /// counted as the [`FormVote`] says. Costs the forms and the pairs, not their product.
    fn terms(&self, attacking: usize, attackers: impl Iterator<Item = usize>, s: &mut Scratch) {
        s.count.clear();
        s.count.resize(self.forms, 0);
        for a in attackers {
            s.count[self.form[attacking][a]] += 1;
        }
        self.terms_of(&s.count, &mut s.superior, &mut s.inferior, &mut s.term);
    }

    /// [`Targeting::terms`] from the attackers counted by form (`count`), into `term`:
    /// what a caller that keeps those counts as fighters fall asks, without a pass over
    /// the attackers.
    pub(super) fn terms_of(
        &self,
        count: &[u64],
        superior: &mut Vec<u64>,
        inferior: &mut Vec<u64>,
        term: &mut Vec<i64>,
    ) {
        for buffer in [&mut *superior, &mut *inferior] {
            buffer.clear();
            buffer.resize(self.forms, 0);
        }
        let total: u64 = count.iter().sum();
        for &(x, y, mutual) in &self.beats {
            inferior[y] += count[x];
            if !mutual {
                superior[x] += count[y];
            }
        }
        let vote = self.vote;
        let terms = superior
            .iter()
            .zip(inferior.iter())
            .map(|(&sup, &inf)| match vote {
                FormVote::Most if 2 * inf > total => -1,
                FormVote::Most if 2 * sup > total => 1,
                FormVote::Most => 0,
                FormVote::Balance => (sup as i64 - inf as i64).signum(),
            });
        term.clear();
        term.extend(terms);
    }

    /// Fills `out` with the `living` defenders of side `defending` (in list order), lowest
    /// score first with each defender form's `term`, equal scores in list order: one
    /// counting sort over the ranks.
    pub(super) fn sort(
        &self,
        defending: usize,
        living: &[usize],
        term: &[i64],
        bucket: &mut Vec<usize>,
        out: &mut Vec<usize>,
    ) {
        let (r, form) = (&self.ranking[defending], &self.form[defending]);
        bucket.clear();
        bucket.resize(r.ranks + 1, 0);
        for &d in living {
            bucket[r.rank(d, term[form[d]]) + 1] += 1;
        }
        for i in 1..bucket.len() {
            bucket[i] += bucket[i - 1];
        }
        out.clear();
        out.resize(bucket[r.ranks], 0);
        for &d in living {
            let at = &mut bucket[r.rank(d, term[form[d]])];
            out[*at] = d;
            *at += 1;
        }
    }

    /// Whether any form beats another: without, the targeting order is the defenses'
    /// alone, the same every round.
    pub(super) fn forms_matter(&self) -> bool {
        !self.beats.is_empty()
    }

    /// How many form numbers there are, and each combatant's of `side`.
    pub(super) fn forms(&self) -> usize {
        self.forms
    }

    pub(super) fn form(&self, side: usize) -> &[usize] {
        &self.form[side]
    }

    /// The defense class of each combatant of `side`: equal classes, equal defenses.
    pub(super) fn classes(&self, side: usize) -> &[usize] {
        &self.ranking[side].class
    }

    /// Side `defending`'s combatants by defenses, then list order: its targeting order
    /// whenever forms change nothing.
    pub(super) fn by_defenses(&self, defending: usize) -> &[usize] {
        &self.ranking[defending].by_defenses
    }

    /// A defender's score against the given attackers (see `MassState::defense_score`).
    pub(super) fn score(&self, attacking: usize, attackers: &[usize], defender: usize) -> i64 {
        let mut s = Scratch::default();
        self.terms(attacking, attackers.iter().copied(), &mut s);
        let r = &self.ranking[1 - attacking];
        r.defenses[r.class[defender]] + s.term[self.form[1 - attacking][defender]]
    }

    /// Fills `out` with the living defenders that side `attacking` faces, lowest score
    /// first, equal scores in list order, scored against its living attackers: one
    /// counting sort over the ranks, or no sort at all when no form beats another.
    /// `alive` is each side's living, in list order (as [`compact`] leaves them).
    pub(super) fn order(
        &self,
        attacking: usize,
        hp: &[Vec<u32>; 2],
        alive: &[Vec<usize>; 2],
        s: &mut Scratch,
        out: &mut Vec<usize>,
    ) {
        let (defending, r) = (1 - attacking, &self.ranking[1 - attacking]);
        out.clear();
        if self.beats.is_empty() {
            compact(r.by_defenses.iter().copied(), &hp[defending], out);
            return;
        }
        self.terms(attacking, alive[attacking].iter().copied(), s);
        self.sort(defending, &alive[defending], &s.term, &mut s.bucket, out);
    }
}
