//! The game's random numbers: a ChaCha8 stream seeded once and stored in the state, so a seed
//! plus the command log replays a game exactly. It never leaves the host.

use rand::rngs::ChaCha8Rng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Seeded randomness living in the game state.
#[derive(Debug, PartialEq)]
pub struct GameRng {
    seed: u64,
    rng: ChaCha8Rng,
}

impl Clone for GameRng {
    fn clone(&self) -> GameRng {
        GameRng {
            seed: self.seed,
            rng: ChaCha8Rng::deserialize_state(&self.rng.serialize_state()),
        }
    }
}

impl GameRng {
    pub fn new(seed: u64) -> GameRng {
        GameRng {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: u32, hi: u32) -> u32 {
        self.rng.random_range(lo..=hi)
    }

    /// One six-sided die.
    pub fn die(&mut self) -> u8 {
        self.range(1, 6) as u8
    }

    /// Two dice.
    pub fn dice(&mut self) -> (u8, u8) {
        (self.die(), self.die())
    }

    /// An index below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        self.rng.random_range(0..n)
    }

    /// An index below `n` (`0 < n < 2^32`) for bots: Lemire's multiply-and-reject on 32-bit
    /// words, exactly uniform and cheaper than [`GameRng::below`], whose stream the engine's
    /// saved games depend on (so that one stays as it is).
    pub fn pick(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        let Ok(n) = u32::try_from(n) else {
            return self.below(n);
        };
        let mut m = u64::from(rand::Rng::next_u32(&mut self.rng)) * u64::from(n);
        if (m as u32) < n {
            // Rejects the few low words that would favour some results.
            let floor = n.wrapping_neg() % n;
            while (m as u32) < floor {
                m = u64::from(rand::Rng::next_u32(&mut self.rng)) * u64::from(n);
            }
        }
        (m >> 32) as usize
    }

    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        v.shuffle(&mut self.rng);
    }

    /// A fresh seed drawn from this stream (for boards built from a game's seed).
    pub fn next_seed(&mut self) -> u64 {
        self.rng.random()
    }
}

/// Saved as the seed and the stream position, so a stored state resumes the same stream.
#[derive(Serialize, Deserialize)]
struct Stored {
    seed: u64,
    word_pos: u128,
}

impl Serialize for GameRng {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Stored {
            seed: self.seed,
            word_pos: self.rng.get_word_pos(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for GameRng {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameRng, D::Error> {
        let st = Stored::deserialize(d)?;
        let mut g = GameRng::new(st.seed);
        g.rng.set_word_pos(st.word_pos);
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pins the first rolls of a seed: a change of RNG or of how dice are drawn would break
    /// every saved game, so it must be deliberate.
    #[test]
    fn first_rolls_of_seed_1_are_pinned() {
        let mut r = GameRng::new(1);
        let rolls: Vec<(u8, u8)> = (0..6).map(|_| r.dice()).collect();
        assert_eq!(rolls, PINNED);
    }

    const PINNED: [(u8, u8); 6] = [(4, 3), (6, 1), (2, 4), (3, 2), (5, 2), (6, 5)];

    /// The bots' draw stays below its bound and hits every value about equally often.
    #[test]
    fn pick_is_uniform_below_the_bound() {
        let mut r = GameRng::new(9);
        for n in [1usize, 2, 3, 7, 20, 1000] {
            let mut counts = vec![0u32; n];
            let draws = 3000 * n as u32;
            for _ in 0..draws {
                counts[r.pick(n)] += 1;
            }
            for c in counts {
                assert!((c as f64 - 3000.0).abs() < 300.0, "n {n}: {c} of 3000");
            }
        }
    }

    #[test]
    fn serde_resumes_the_stream() {
        let mut a = GameRng::new(42);
        a.dice();
        let bytes = serde_json::to_string(&a).unwrap();
        let mut b: GameRng = serde_json::from_str(&bytes).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.dice(), b.dice());
    }
}
