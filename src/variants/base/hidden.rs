//! What a seat cannot see, resampled: the one place a search bot gets a game to think on.
//!
//! A seat sees the board, the bank, every hand's size, when each development card was bought,
//! what was played, its own cards. It does not see which resources the others hold, which
//! development cards they hold, the deck's order, or what the dice will roll. The multiset of
//! unseen resources (all cards less the bank and its own hand) and of unseen development cards
//! (the deck and the others' hands together) is public knowledge, so a fresh deal of those
//! multisets, drawn only from the caller's random stream, gives a game the seat cannot tell
//! from the real one, and one that depends on nothing the seat could not know. An open
//! offer shows some of its proposer's cards (the rules refuse an offer its proposer cannot
//! pay), so a deal leaves the proposer of an offer the seat may answer what it offers, as far
//! as the cards allow.

use super::BaseGame;
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::resources::{Resource, ResourceSet};

impl BaseGame {
    /// Deals every hidden thing `seat` cannot see afresh from `rng`: the others' resource
    /// cards (each keeps its size, and what its open offers show it holds), the others'
    /// development cards (each keeps its purchase turns) together with the deck's order, and
    /// the dice to come. Two games that look the same from `seat` come out the same for the
    /// same `rng`.
    pub fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) {
        let n = self.cfg.seats;
        let others = (0..n).filter(|s| *s != seat as usize);
        // Resources: the others' cards pooled (their union is public), then dealt again.
        let mut pool = ResourceSet::EMPTY;
        for s in others.clone() {
            pool.add(&self.table.hands[s]);
        }
        let mut shown = self.shown_by_offers(seat);
        for s in others.clone() {
            // The cards its offers show first (as far as the pool and its size allow: a
            // proposer may have spent them since), the rest at random.
            let size = self.table.hands[s].total();
            let mut kept = ResourceSet::EMPTY;
            for r in Resource::ALL {
                let k = shown[s][r].min(pool[r]).min(size - kept.total());
                kept[r] = k;
                pool[r] -= k;
            }
            shown[s] = kept;
        }
        for s in others.clone() {
            let size = self.table.hands[s].total();
            let mut hand = shown[s];
            for _ in hand.total()..size {
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

    /// What the open offers `seat` may answer show of their proposers' hands: of each
    /// resource, the most one of a proposer's offers gives (its offers are alternatives, each
    /// paid from the same hand). Offers made to others are left out, so that one gone stale
    /// (its proposer has spent the cards since) cannot take from the pool the cards an offer
    /// to `seat` needs.
    fn shown_by_offers(&self, seat: Seat) -> Vec<ResourceSet> {
        let mut shown = vec![ResourceSet::EMPTY; self.cfg.seats];
        let offers = self.table.offers.iter();
        for o in offers.filter(|o| o.from != seat && o.to.is_none_or(|to| to == seat)) {
            let held = &mut shown[o.from as usize];
            for r in Resource::ALL {
                held[r] = held[r].max(o.give[r]);
            }
        }
        shown
    }
}
