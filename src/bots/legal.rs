//! The bot every ruleset has without writing one: it plays a uniformly random command among
//! those [`Ruleset::legal`] lists, from its own seeded stream. It is what a new ruleset's
//! games are played with in `catan sim`'s loop ([`crate::sim::drive`]) before it brings a
//! heuristic of its own.

use super::{REALTIME_THINK_MS, SeatBot};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Seat};
use crate::ruleset::Ruleset;

/// A random player over `legal`, for any ruleset.
#[derive(Clone, Debug)]
pub struct LegalBot {
    rng: GameRng,
}

impl LegalBot {
    /// A bot whose draws follow from `seed` alone.
    pub fn new(seed: u64) -> LegalBot {
        LegalBot {
            rng: GameRng::new(seed),
        }
    }
}

impl<R: Ruleset> SeatBot<R> for LegalBot {
    fn choose(&mut self, game: &R, seat: Seat) -> Option<R::Command> {
        let mut legal = game.legal(seat);
        if legal.is_empty() {
            return None;
        }
        let i = self.rng.below(legal.len());
        Some(legal.swap_remove(i))
    }

    fn think_ms(&mut self) -> Millis {
        self.rng.range(REALTIME_THINK_MS.0, REALTIME_THINK_MS.1) as Millis
    }

    fn name(&self) -> &'static str {
        "legal"
    }
}
