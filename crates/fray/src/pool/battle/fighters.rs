//! A side of the kernel's battle: its living as targets in order, with their hit
//! points, and their part of the memos' slot numbers, kept as they fall, so that a
//! round needs no census (they are counted by kind, profile and form only when a
//! round asks).

/// One side's fighters: as defenders, in the order the other side targets them; as
/// attackers, counted by profile.
#[derive(Debug, Clone)]
pub(super) struct Fighters {
    /// Each fighter's profile as an attacker and as a defender (as its side's and the
    /// other side's [`RollCache`](super::cache::RollCache) number them), and its form
    /// number, in list order.
    pub(super) attacker: Vec<usize>,
    pub(super) defender: Vec<usize>,
    pub(super) form: Vec<usize>,
    /// Each fighter's kind (its three numbers together), and each kind's numbers.
    pub(super) kind: Vec<u32>,
    pub(super) kinds: Vec<[usize; 3]>,
    /// The living in targeting order, the first `len` of `units`, and the same at
    /// the start of a battle (all `size` of them). Both are padded to a multiple of
    /// [`BLOCK`], so that a reset copies a few whole blocks inline ([`copy_units`]).
    pub(super) units: Vec<Unit>,
    pub(super) len: usize,
    pub(super) first_units: Vec<Unit>,
    /// How many fighters the side has.
    pub(super) size: usize,
    /// Whether each stands, in list order, when `listed` (worked out from `units`).
    pub(super) standing: Vec<bool>,
    /// How many of each kind stand, when `counted`.
    pub(super) by_kind: Vec<u32>,
    /// The living counted by kind, then by profile and form, when `counted`: worked
    /// out from the targets only when a round asks (a round not remembered, a side
    /// that reorders), not at every fall.
    pub(super) living: Counts,
    counted: bool,
    /// The living in list order, when `listed`.
    pub(super) alive: Vec<usize>,
    pub(super) listed: bool,
    /// Whether someone fell since the last round began.
    pub(super) fell: bool,
    /// Each kind's part of the two memos' slot numbers ([`Memo`](super::memo::Memo)):
    /// as an attacker in its own side's, as a defender in the other side's; 0 where
    /// that side keeps no memo.
    pub(super) kind_key: Vec<[usize; 2]>,
    /// Each fighter's kind's parts, in list order, the second in the high half
    /// ([`pack`]), then a 0: step 2 sums the fallen's without a branch, reading the
    /// 0 for the standing.
    pub(super) part: Vec<u64>,
    /// The living's parts of those slot numbers, kept as each one falls, so a round
    /// reads its slot without counting; and the same at the start of a battle.
    pub(super) key: [usize; 2],
    pub(super) first_key: [usize; 2],
    /// Whether either memo numbers this side's living (else the parts stay 0).
    pub(super) keyed: bool,
}

/// A living fighter as a target: its hit points and its number in list order, side by
/// side so that step 2 reads and writes them together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Unit {
    pub(super) hp: u32,
    pub(super) id: u32,
}

/// The living of a side, counted by profile and form (how many stand is the
/// targets' length, [`Fighters::len`]).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct Counts {
    pub(super) by_attacker: Vec<u32>,
    pub(super) by_defender: Vec<u32>,
    pub(super) by_form: Vec<u64>,
    /// Attacker and defender profiles with someone standing.
    pub(super) attackers: usize,
    pub(super) defenders: usize,
}

impl Fighters {
    /// A side of fighters with these hit points, profiles and forms, and
    /// `[attacker profiles, defender profiles, forms]`; not yet in targeting order.
    pub(super) fn new(
        start: Vec<u32>,
        attacker: Vec<usize>,
        defender: Vec<usize>,
        form: Vec<usize>,
        [attackers, defenders, forms]: [usize; 3],
    ) -> Self {
        let n = attacker.len();
        let mut kinds: Vec<[usize; 3]> = Vec::new();
        let mut by_kind = Vec::new();
        let kind = (0..n)
            .map(|i| {
                let k = [attacker[i], defender[i], form[i]];
                let at = kinds.iter().position(|x| *x == k).unwrap_or_else(|| {
                    kinds.push(k);
                    by_kind.push(0);
                    kinds.len() - 1
                });
                by_kind[at] += 1;
                at as u32
            })
            .collect();
        let empty = Counts {
            by_attacker: vec![0; attackers],
            by_defender: vec![0; defenders],
            by_form: vec![0; forms],
            attackers: 0,
            defenders: 0,
        };
        let mut units: Vec<Unit> = (start.iter().enumerate())
            .map(|(i, &hp)| Unit { hp, id: i as u32 })
            .collect();
        units.resize(n.next_multiple_of(BLOCK), Unit::default());
        let mut f = Self {
            units,
            len: n,
            first_units: Vec::new(),
            size: n,
            standing: vec![true; n],
            by_kind,
            kind,
            kinds,
            living: empty,
            counted: false,
            alive: (0..n).collect(),
            listed: true,
            fell: false,
            kind_key: Vec::new(),
            part: Vec::new(),
            key: [0; 2],
            first_key: [0; 2],
            keyed: false,
            attacker,
            defender,
            form,
        };
        f.count();
        f.key_by(&[], &[]);
        f
    }

    /// The memos' slot numbers made of these strides: by attacker profile in its own
    /// side's memo, by defender profile in the other side's (empty: no memo).
    pub(super) fn key_by(&mut self, as_attacker: &[usize], as_defender: &[usize]) {
        let stride = |strides: &[usize], p: usize| strides.get(p).copied().unwrap_or(0);
        self.kind_key = (self.kinds.iter())
            .map(|&[a, d, _]| [stride(as_attacker, a), stride(as_defender, d)])
            .collect();
        self.keyed = self.kind_key.iter().flatten().any(|&part| part > 0);
        self.part = (self.kind.iter())
            .map(|&k| pack(self.kind_key[k as usize]))
            .chain([0])
            .collect();
        // At the start every fighter stands: the slot numbers sum all their parts.
        self.key = unpack(self.part.iter().sum());
        self.first_key = self.key;
    }

    /// `n` fell, whose parts of the memos' slot numbers sum to `gone` ([`pack`]ed;
    /// a side of one kind need not sum them): taken off the slot numbers.
    #[inline(always)]
    pub(super) fn count_out(&mut self, n: usize, gone: u64) {
        if self.keyed {
            self.key = match self.kind_key[..] {
                // One kind: n of its parts.
                [[att, def]] => [self.key[0] - n * att, self.key[1] - n * def],
                _ => {
                    let [att, def] = unpack(gone);
                    [self.key[0] - att, self.key[1] - def]
                }
            };
        }
        self.fell = true;
        self.listed = false;
        self.counted = false;
    }

    /// The living counted by profile and form ([`Fighters::living`]), if not yet
    /// since the last fall.
    pub(super) fn count(&mut self) {
        if !self.counted {
            self.count_kinds();
            self.living.census(&self.by_kind, &self.kinds);
            self.counted = true;
        }
    }

    /// The living counted by kind, from the targets.
    fn count_kinds(&mut self) {
        if let [n] = &mut self.by_kind[..] {
            *n = self.len as u32;
            return;
        }
        for n in &mut self.by_kind {
            *n = 0;
        }
        for u in &self.units[..self.len] {
            self.by_kind[self.kind[u.id as usize] as usize] += 1;
        }
    }

    /// Back to the living at the start of a battle (the targets apart).
    pub(super) fn reset_counts(&mut self) {
        self.key = self.first_key;
        self.counted = false;
    }

    /// The living counted afresh (allocating): for a check of what is kept.
    #[cfg(test)]
    pub(super) fn counted(&self) -> Counts {
        let mut by_kind = vec![0; self.kinds.len()];
        for u in self.targets() {
            by_kind[self.kind[u.id as usize] as usize] += 1;
        }
        let mut c = self.living.clone();
        c.census(&by_kind, &self.kinds);
        c
    }

    /// The living, in targeting order.
    pub(super) fn targets(&self) -> &[Unit] {
        &self.units[..self.len]
    }

    /// Back to the targets at the start of a battle.
    pub(super) fn reset_targets(&mut self) {
        copy_units(&mut self.units, &self.first_units);
        self.len = self.size;
    }

    /// Who stands, and the living in list order, worked out from the targets if not
    /// yet since the last fall.
    pub(super) fn list(&mut self) {
        if !self.listed {
            self.standing.clear();
            self.standing.resize(self.size, false);
            for u in &self.units[..self.len] {
                self.standing[u.id as usize] = true;
            }
            self.alive.clear();
            self.alive.resize(self.size, 0);
            let mut len = 0;
            for (i, &up) in self.standing.iter().enumerate() {
                self.alive[len] = i;
                len += usize::from(up);
            }
            self.alive.truncate(len);
            self.listed = true;
        }
    }
}

impl Counts {
    /// These counts worked out from the living by kind (`kinds` their numbers).
    fn census(&mut self, by_kind: &[u32], kinds: &[[usize; 3]]) {
        let c = self;
        if let ([n], [[a, d, f]]) = (by_kind, kinds) {
            // One kind: every count is the side's.
            (c.by_attacker[*a], c.by_defender[*d], c.by_form[*f]) = (*n, *n, u64::from(*n));
            c.attackers = usize::from(*n > 0);
            c.defenders = c.attackers;
            return;
        }
        // Zeroed one by one: a few numbers, where a call to fill them would cost more.
        for x in &mut c.by_attacker {
            *x = 0;
        }
        for x in &mut c.by_defender {
            *x = 0;
        }
        for x in &mut c.by_form {
            *x = 0;
        }
        for (&n, &[a, d, f]) in by_kind.iter().zip(kinds) {
            c.by_attacker[a] += n;
            c.by_defender[d] += n;
            c.by_form[f] += u64::from(n);
        }
        c.attackers = c.by_attacker.iter().filter(|n| **n > 0).count();
        c.defenders = c.by_defender.iter().filter(|n| **n > 0).count();
    }
}

/// The targets are kept in blocks of this many (64 bytes): a side of up to four
/// blocks copies its targets back at a reset inline, without a call.
const BLOCK: usize = 8;

/// `from` into `to`, both of the same length, a multiple of [`BLOCK`]: up to four
/// blocks in copies of at most two (a larger copy the compiler makes a call).
fn copy_units(to: &mut [Unit], from: &[Unit]) {
    if to.len() > 4 * BLOCK || to.len() != from.len() {
        to.copy_from_slice(from);
        return;
    }
    let cut = to.len().min(2 * BLOCK);
    let ((to, to_rest), (from, from_rest)) = (to.split_at_mut(cut), from.split_at(cut));
    for (to, from) in [(to, from), (to_rest, from_rest)] {
        if !(from.is_empty()
            || copy_fixed::<Unit, BLOCK>(to, from)
            || copy_fixed::<Unit, { 2 * BLOCK }>(to, from))
        {
            to.copy_from_slice(from);
        }
    }
}

/// `from` into `to` when both are `N` long, in one copy of a size known here.
#[inline(always)]
fn copy_fixed<T: Copy, const N: usize>(to: &mut [T], from: &[T]) -> bool {
    match (<&mut [T; N]>::try_from(to), <&[T; N]>::try_from(from)) {
        (Ok(to), Ok(from)) => {
            *to = *from;
            true
        }
        _ => false,
    }
}

/// A kind's two parts of the memos' slot numbers in one word, the second in the high
/// half: each is below a memo's most slots, so sums of them never carry across.
fn pack([att, def]: [usize; 2]) -> u64 {
    att as u64 | (def as u64) << 32
}

/// The two parts of a [`pack`]ed word.
fn unpack(word: u64) -> [usize; 2] {
    [(word & u64::from(u32::MAX)) as usize, (word >> 32) as usize]
}
