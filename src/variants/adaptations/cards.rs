//! Climate-change cards: the draw and discard piles, the seasons and the capacities they set
//! (A13), drawing up (A16), and the game clock that counts full sets in the discard pile
//! (A31).

use super::event::Event;
use super::{AdaptGame, GAME_END};
use crate::engine::Seat;
use crate::geometry::Hex;
use crate::rules::resources::{Resource, ResourceSet, Terrain};

/// A land's capacity with no season (section 1): desert 1, mountains 2, hills 3, pasture and
/// fields 4, forest 5.
pub const fn base_capacity(t: Terrain) -> u32 {
    match t {
        Terrain::Desert => 1,
        Terrain::Mountains => 2,
        Terrain::Hills => 3,
        Terrain::Pasture | Terrain::Fields => 4,
        Terrain::Forest => 5,
    }
}

/// The land a card stands for.
pub const fn land_of(r: Resource) -> Terrain {
    r.terrain()
}

impl AdaptGame {
    /// A land type's capacity under the current seasons (A13): +1 for the High Season card's
    /// type, −1 for the Low Season's; the desert never changes.
    pub fn capacity_of(&self, t: Terrain) -> u32 {
        let base = base_capacity(t);
        if t == Terrain::Desert {
            return base;
        }
        let card = t.resource();
        if card.is_some() && self.high == card {
            base + 1
        } else if card.is_some() && self.low == card {
            base - 1
        } else {
            base
        }
    }

    /// The capacity of the land tile at a position, if it is land.
    pub fn capacity(&self, h: Hex) -> Option<u32> {
        self.land(h).map(|t| self.capacity_of(t))
    }

    /// Draws one card; an empty draw pile is refilled by shuffling the discard pile (A16).
    pub(crate) fn draw_card(&mut self, events: &mut Vec<Event>) -> Option<Resource> {
        if self.draw.is_empty() {
            let n = self.discard.total();
            if n == 0 {
                return None;
            }
            let mut pile: Vec<Resource> = self
                .discard
                .iter()
                .flat_map(|(r, k)| std::iter::repeat_n(r, k as usize))
                .collect();
            self.rng.shuffle(&mut pile);
            self.draw = pile;
            self.discard = ResourceSet::EMPTY;
            events.push(Event::Reshuffled { cards: n });
        }
        self.draw.pop()
    }

    /// Draws up to `n` cards into a hand; tells the seat (only) what it got.
    pub(crate) fn draw_into(&mut self, seat: Seat, n: u32, events: &mut Vec<Event>) {
        let mut got = ResourceSet::EMPTY;
        for _ in 0..n {
            match self.draw_card(events) {
                Some(c) => got[c] += 1,
                None => break,
            }
        }
        self.hands[seat as usize].add(&got);
        if !got.is_empty() {
            events.push(Event::Drew { seat, cards: got });
        }
    }

    /// After phase 1, everyone draws up to their hand size, from the active player clockwise.
    pub(crate) fn draw_up(&mut self, events: &mut Vec<Event>) {
        for s in self.clockwise(self.active).collect::<Vec<_>>() {
            let have = self.hands[s as usize].total();
            let want = self.hand_size(s);
            if have < want {
                self.draw_into(s, want - have, events);
            }
        }
    }

    /// Puts cards on the discard pile and runs the game clock (A31): each full set of the
    /// five types leaves, one card of it going to the Game End pile; the 15th ends the game.
    pub(crate) fn put_on_discard(&mut self, cards: &ResourceSet, events: &mut Vec<Event>) {
        self.discard.add(cards);
        while !self.is_over() && Resource::ALL.iter().all(|r| self.discard[*r] > 0) {
            self.discard.sub(&ResourceSet::uniform(1));
            self.game_end += 1;
            self.out += 4;
            events.push(Event::GameEndCard {
                count: self.game_end,
            });
            if self.game_end >= GAME_END {
                self.finish(events);
            }
        }
    }

    /// Puts a card on a season pile; the card it covers goes to discard (A12, A14).
    pub(crate) fn set_season(
        &mut self,
        pile: super::Pile,
        card: Resource,
        events: &mut Vec<Event>,
    ) {
        let old = match pile {
            super::Pile::High => self.high.replace(card),
            super::Pile::Low => self.low.replace(card),
        };
        if let Some(o) = old {
            self.put_on_discard(&ResourceSet::one(o, 1), events);
        }
    }
}
