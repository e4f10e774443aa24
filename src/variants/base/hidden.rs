//! What a seat cannot see, resampled: the one place a search bot gets a game to think on.
//!
//! A seat sees the board, the bank, every hand's size, when each development card was bought,
//! what was played, its own cards. It does not see which resources the others hold, which
//! development cards they hold, the deck's order, or what the dice will roll. The multiset of
//! unseen resources (all cards less the bank and its own hand) and of unseen development cards
//! (the deck and the others' hands together) is public knowledge, so a fresh deal of those
//! multisets, drawn only from the caller's random stream, gives a game the seat cannot tell
//! from the real one, and one that depends on nothing the seat could not know.

use super::BaseGame;
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::resources::{Resource, ResourceSet};

impl BaseGame {
    /// Deals every hidden thing `seat` cannot see afresh from `rng`: the others' resource
    /// cards (each keeps its size), the others' development cards (each keeps its purchase
    /// turns) together with the deck's order, and the dice to come. Two games that look the
    /// same from `seat` come out the same for the same `rng`.
    pub fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) {
        let n = self.cfg.seats;
        let others = (0..n).filter(|s| *s != seat as usize);
        // Resources: the others' cards pooled (their union is public), then dealt again.
        let mut pool = ResourceSet::EMPTY;
        for s in others.clone() {
            pool.add(&self.table.hands[s]);
        }
        for s in others.clone() {
            let size = self.table.hands[s].total();
            let mut hand = ResourceSet::EMPTY;
            for _ in 0..size {
                let Some(r) = pool.nth_card(rng.below(pool.total() as usize) as u32) else {
                    break;
                };
                pool[r] -= 1;
                hand[r] += 1;
            }
            self.table.hands[s] = hand;
        }
        debug_assert!(Resource::ALL.iter().all(|r| pool[*r] == 0));
        // Development cards: deck and the others' hands pooled in a canonical order (so the
        // true order leaks nothing), shuffled, and dealt back in the same shapes.
        let mut cards: Vec<_> = self.table.deck.clone();
        for s in others.clone() {
            cards.extend(self.table.dev[s].cards.iter().map(|h| h.card));
        }
        cards.sort_unstable();
        rng.shuffle(&mut cards);
        for s in others {
            for held in &mut self.table.dev[s].cards {
                if let Some(c) = cards.pop() {
                    held.card = c;
                }
            }
        }
        self.table.deck = cards;
        // The dice: a stream the seat draws, not the game's.
        self.rng = GameRng::new(rng.next_seed());
    }
}
