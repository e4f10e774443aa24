//! The bot every ruleset has without writing one: it plays a uniformly random command among
//! those [`Ruleset::legal`] lists, from its own seeded stream. It is what a new ruleset's
//! games are played with in `catan sim`'s loop ([`crate::sim::drive`]) before it brings a
//! heuristic of its own. Rulesets whose random bot draws a kind of command first share that
//! draw here too ([`random_by_kind`]).

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

/// The random bot's draw in a ruleset with many commands of a few kinds: a kind uniformly
/// among the kinds `legal` holds (by `kind`, smallest first), then a command of that kind
/// uniformly, so a kind with many commands (where to move) is not played more often than one
/// with a single command (ending the turn). Two draws from `rng`, in that order; `None` when
/// `legal` is empty.
pub fn random_by_kind<C, K: Ord + Copy>(
    legal: Vec<C>,
    kind: impl Fn(&C) -> K,
    rng: &mut GameRng,
) -> Option<C> {
    let mut kinds: Vec<K> = legal.iter().map(&kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    if kinds.is_empty() {
        return None;
    }
    let k = kinds[rng.below(kinds.len())];
    let of_kind = legal.iter().filter(|c| kind(c) == k).count();
    let i = rng.below(of_kind);
    legal.into_iter().filter(|c| kind(c) == k).nth(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A kind with one command is drawn as often as a kind with many, and nothing outside
    /// the list is ever drawn.
    #[test]
    fn random_by_kind_draws_a_kind_first() {
        let legal = ["move 1", "move 2", "move 3", "end"];
        let mut rng = GameRng::new(7);
        let draws = 4000;
        let mut ends = 0;
        for _ in 0..draws {
            let c = random_by_kind(legal.to_vec(), |c| c.starts_with("end"), &mut rng);
            let c = c.expect("a command");
            assert!(legal.contains(&c));
            ends += (c == "end") as u32;
        }
        assert!((1800..2200).contains(&ends), "{ends} ends in {draws}");
        assert_eq!(random_by_kind(Vec::<u8>::new(), |c| *c, &mut rng), None);
    }
}
