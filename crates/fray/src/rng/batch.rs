//! Dice drawn in batches from 64-bit words, each exactly uniform: the batched form of
//! Lemire's method (Brackett-Rozinsky and Lemire, *Batched Ranged Random Integer
//! Generation*, 2024). A batch of k dice of `sides` sides is one draw below `sides^k`:
//! die i is the high half of the word times `sides` after i such multiplications, the
//! low half the word for the next, and the word is redrawn when its last low half
//! (the word times `sides^k`, wrapping) falls in the uneven remainder.

/// A batch of dice of one size is at most this many outcomes (2^56): a batch of k dice
/// is one draw below `sides^k`, and is redrawn (about one time in 256 at worst, usually
/// far less) when the word falls in the uneven remainder, so every die stays exactly
/// uniform.
pub(super) const BATCH_OUTCOMES: u64 = 1 << 56;

/// Dice per batch and `sides^per` for dice of `sides` sides (at least 2): the most
/// whose outcomes fit in [`BATCH_OUTCOMES`].
const fn per_batch(sides: u64) -> (u32, u64) {
    let (mut per, mut outcomes) = (1, sides);
    while outcomes <= BATCH_OUTCOMES / sides {
        (per, outcomes) = (per + 1, outcomes * sides);
    }
    (per, outcomes)
}

/// [`per_batch`] worked out ahead for the common dice (up to a d256), so a die size
/// met once costs no search (a d3 holds 35 to a batch).
const PER_BATCH: [u8; 257] = {
    let mut table = [0; 257];
    let mut sides = 2;
    while sides < table.len() {
        table[sides] = per_batch(sides as u64).0 as u8;
        sides += 1;
    }
    table
};

/// Dice of one size, drawn together from one word (the batched form of Lemire's method:
/// Brackett-Rozinsky and Lemire, *Batched Ranged Random Integer Generation*, 2024).
/// Each die is the high half of `word × sides`; the low half is the word for the next.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Batch {
    /// The die size (0: the slot is empty).
    pub(super) sides: u64,
    /// Dice per batch: the most with `sides^per ≤ BATCH_OUTCOMES`.
    pub(super) per: u32,
    /// Dice left in the current batch.
    pub(super) left: u32,
    /// `sides^per`.
    outcomes: u64,
    /// What the next die is read from.
    word: u64,
}

impl Batch {
    /// The batch as five words, for a saved state: sides, dice per batch, dice left,
    /// outcomes, and the word the next die is read from.
    pub(super) fn words(&self) -> [u64; 5] {
        [
            self.sides,
            u64::from(self.per),
            u64::from(self.left),
            self.outcomes,
            self.word,
        ]
    }

    /// A batch from [`Batch::words`], if they are a batch's: an empty slot, or a die
    /// size's own per-batch count and outcomes with no more dice left than a batch holds.
    pub(super) fn from_words([sides, per, left, outcomes, word]: [u64; 5]) -> Option<Self> {
        if sides == 0 {
            return ([per, left, outcomes, word] == [0; 4]).then(Self::default);
        }
        if sides < 2 || sides > u64::from(u32::MAX) {
            return None;
        }
        let fresh = Self::for_sides(sides);
        (u64::from(fresh.per) == per && fresh.outcomes == outcomes && left <= per).then_some(Self {
            left: left as u32,
            word,
            ..fresh
        })
    }

    /// An empty batch of dice of `sides` sides (at least 2).
    pub(super) fn for_sides(sides: u64) -> Self {
        let (per, outcomes) = match PER_BATCH.get(sides as usize) {
            Some(&per) => (u32::from(per), sides.pow(u32::from(per))),
            None => per_batch(sides),
        };
        Self {
            sides,
            per,
            left: 0,
            outcomes,
            word: 0,
        }
    }

    /// The next die, `0..sides`, with at least one left.
    #[inline(always)]
    pub(super) fn take(&mut self) -> u32 {
        let (die, word) = split::<64>(self.word, self.sides);
        (self.word, self.left) = (word, self.left - 1);
        die as u32
    }

    /// How many of the next `dice` dice (at most those left) are below `tn`.
    #[inline(always)]
    pub(super) fn hits(&mut self, dice: u32, tn: u32) -> u32 {
        let (mut word, mut hits) = (self.word, 0);
        for _ in 0..dice {
            let (die, low) = split::<64>(word, self.sides);
            word = low;
            hits += u32::from(die < u64::from(tn));
        }
        (self.word, self.left) = (word, self.left - dice);
        hits
    }

    /// `sides^0` to `sides^per`, into `powers`: what [`Batch::read`] reads a word's
    /// dice with.
    pub(super) fn powers(&self, powers: &mut Vec<u64>) {
        powers.clear();
        powers.push(1);
        for i in 0..self.per as usize {
            powers.push(powers[i] * self.sides);
        }
    }

    /// The next `out.len()` dice (at most those left), each read apart from the
    /// others, plus one: what as many [`Batch::take`]s give, and the batch left as
    /// they leave it. Die i is the high half of `word × sides^(i+1)` less `sides` times
    /// the high half of `word × sides^i` (the digits of the word as a fraction, in
    /// base `sides`), so no die waits on the one before. `powers` is
    /// [`Batch::powers`].
    #[inline]
    pub(super) fn read(&mut self, powers: &[u64], out: &mut [u32]) {
        let (word, mut below) = (self.word, 0u64);
        for (d, &p) in out.iter_mut().zip(&powers[1..]) {
            let high = ((u128::from(word) * u128::from(p)) >> 64) as u64;
            *d = (high - self.sides * below) as u32 + 1;
            below = high;
        }
        self.word = word.wrapping_mul(powers[out.len()]);
        self.left -= out.len() as u32;
    }

    /// A new batch from `next` words: one is kept unless its last low half (the word
    /// times `sides^per`, wrapping) is below `2^64 mod sides^per`, the uneven remainder.
    pub(super) fn refill(&mut self, mut next: impl FnMut() -> u64) {
        self.word = accepted::<64>(self.outcomes, &mut next);
        self.left = self.per;
    }
}

/// `x × sides` split into its high part (the die, below `sides`) and its low `BITS`
/// bits (the word for the next die). `BITS` is 64 for the generator; the tests run the
/// same arithmetic on short words, where every word can be counted.
#[inline(always)]
fn split<const BITS: u32>(x: u64, sides: u64) -> (u64, u64) {
    let m = u128::from(x) * u128::from(sides);
    let mask = if BITS == 64 {
        u64::MAX
    } else {
        (1 << BITS) - 1
    };
    ((m >> BITS) as u64, m as u64 & mask)
}

/// The first of `next`'s `BITS`-bit words whose batch of `outcomes` is kept: its low part
/// after every die (`x × outcomes` mod 2^BITS) is at least `2^BITS mod outcomes`.
fn accepted<const BITS: u32>(outcomes: u64, next: &mut impl FnMut() -> u64) -> u64 {
    loop {
        let x = next();
        let low = split::<BITS>(x, outcomes).1;
        // The remainder is worked out only when the low part is that small (rarely).
        if low >= outcomes || low >= ((1u128 << BITS) % u128::from(outcomes)) as u64 {
            return x;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `BITS`-bit word, batched as the generator batches 64-bit ones: each kept
    /// word gives one tuple of dice, and every tuple comes from as many words.
    fn tuples_per_kept_word<const BITS: u32>(sides: u64, per: u32) -> Vec<u64> {
        let outcomes = sides.pow(per);
        let mut count = vec![0u64; outcomes as usize];
        for x in 0..1u64 << BITS {
            let mut words = std::iter::once(x);
            let mut next = || words.next().unwrap_or(u64::MAX);
            if accepted::<BITS>(outcomes, &mut next) != x {
                continue;
            }
            let (mut word, mut tuple) = (x, 0);
            for _ in 0..per {
                let (die, low) = split::<BITS>(word, sides);
                assert!(die < sides);
                (word, tuple) = (low, tuple * sides + die);
            }
            count[tuple as usize] += 1;
        }
        count
    }

    #[test]
    fn a_batch_of_dice_is_exactly_uniform() {
        for (sides, per) in [
            (2, 11),
            (3, 5),
            (5, 4),
            (6, 3),
            (6, 4),
            (7, 2),
            (10, 3),
            (20, 2),
            (36, 2),
        ] {
            let count = tuples_per_kept_word::<12>(sides, per);
            let first = count[0];
            assert!(first > 0, "d{sides} ×{per}: some tuple is drawn");
            assert!(
                count.iter().all(|c| *c == first),
                "d{sides} ×{per}: every tuple as often as the first ({first})"
            );
        }
    }

    #[test]
    fn the_table_of_batch_sizes_is_the_search() {
        for sides in 2..PER_BATCH.len() as u64 {
            let batch = Batch::for_sides(sides);
            assert_eq!((batch.per, batch.outcomes), per_batch(sides), "d{sides}");
            assert!(batch.outcomes <= BATCH_OUTCOMES);
            assert!(
                batch
                    .outcomes
                    .checked_mul(sides)
                    .is_none_or(|m| m > BATCH_OUTCOMES)
            );
        }
    }

    #[test]
    fn batches_hold_as_many_dice_as_fit() {
        assert_eq!(Batch::for_sides(6).per, 21);
        assert_eq!(Batch::for_sides(20).per, 12);
        assert_eq!(Batch::for_sides(2).per, 56);
        assert_eq!(Batch::for_sides(u64::from(u32::MAX)).per, 1);
    }
}
