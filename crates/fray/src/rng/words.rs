//! ChaCha8's words, read ahead a whole buffer at a time. The generator hands out a word
//! through its own block buffer at some 20 instructions a word, checks and a call
//! included; a battle of the lab draws a few words a round, so its words are read here
//! from an array, 256 bytes (the generator's four blocks) at a time: the same words in
//! the same order, each pair of the stream's 32-bit words low half first, as
//! `next_u64` gives them.

use chacha20::ChaCha8Rng;
use rand::Rng;

/// Words read ahead: the generator's own four-block buffer.
const AHEAD: usize = 32;

/// The generator with its next words read ahead.
#[derive(Debug)]
pub(super) struct Words {
    rng: ChaCha8Rng,
    ahead: [u64; AHEAD],
    /// The next word of `ahead` (AHEAD when all are used).
    next: usize,
}

impl Words {
    /// `rng`'s words, from where it stands.
    pub(super) fn new(rng: ChaCha8Rng) -> Self {
        Self {
            rng,
            ahead: [0; AHEAD],
            next: AHEAD,
        }
    }

    /// The next word: what `next_u64` of the generator would give.
    #[inline(always)]
    pub(super) fn next(&mut self) -> u64 {
        match self.ahead.get(self.next) {
            Some(&word) => {
                self.next += 1;
                word
            }
            None => self.read_ahead(),
        }
    }

    /// The next buffer's words read, and its first handed out.
    #[cold]
    #[inline(never)]
    fn read_ahead(&mut self) -> u64 {
        let mut bytes = [0u8; 8 * AHEAD];
        self.rng.fill_bytes(&mut bytes);
        for (word, b) in self.ahead.iter_mut().zip(bytes.chunks_exact(8)) {
            *word = u64::from_le_bytes(b.try_into().unwrap_or_default());
        }
        self.next = 1;
        self.ahead[0]
    }

    /// The generator's key.
    pub(super) fn seed(&self) -> [u8; 32] {
        self.rng.get_seed()
    }

    /// The generator's stream.
    pub(super) fn stream(&self) -> u64 {
        self.rng.get_stream()
    }

    /// Where the stream stands in 32-bit words, counting only the words handed out
    /// (those read ahead and not yet used are not drawn).
    pub(super) fn word_pos(&self) -> u128 {
        self.rng.get_word_pos() - 2 * (AHEAD - self.next) as u128
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// The words are the generator's own, in order, across buffers, from any start.
    #[test]
    fn the_words_are_the_generators() {
        for start in [0u128, 1, 63, 64, 65, 1000] {
            let at = || {
                let mut rng = ChaCha8Rng::seed_from_u64(9);
                rng.set_stream(4);
                rng.set_word_pos(start);
                rng
            };
            let (mut plain, mut words) = (at(), Words::new(at()));
            for i in 0..200 {
                assert_eq!(words.next(), plain.next_u64(), "word {i} from {start}");
                assert_eq!(words.word_pos(), plain.get_word_pos());
            }
        }
    }
}
