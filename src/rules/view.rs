//! What a seat sees of the economy every Catan ruleset shares: the public facts of each seat,
//! its own development cards and hand. The one-board games send these as they are; a ring
//! of boards adds to them.

use crate::board::Map;
use crate::engine::Seat;
use crate::rules::devcards::{DevCard, DevHand};
use crate::rules::pieces::{Pieces, Stock};
use crate::rules::resources::ResourceSet;
use serde::{Deserialize, Serialize};

/// Public facts about one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerPublic {
    pub seat: Seat,
    /// Victory points everyone can see (hidden VP cards not included).
    pub vp: u32,
    pub cards: u32,
    pub dev_cards: u32,
    pub knights: u32,
    pub road_length: u32,
    pub longest_road: bool,
    pub largest_army: bool,
    pub settlements_left: u8,
    pub cities_left: u8,
    pub roads_left: u8,
    /// Owes this many cards in a discard.
    pub must_discard: Option<u32>,
    pub out: bool,
}

/// A development card as its holder sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwnCard {
    pub card: DevCard,
    /// Bought before this turn (VP cards are never played).
    pub playable: bool,
}

/// What only the seat itself sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrivateView {
    pub hand: ResourceSet,
    pub dev_cards: Vec<OwnCard>,
    /// All victory points, hidden cards included.
    pub vp_total: u32,
    /// Cards given to the bank for one, per resource.
    pub bank_rates: [u32; 5],
}

impl PlayerPublic {
    /// The facts every Catan ruleset shows of a seat: `vp` as the ruleset counts public
    /// points, `longest` and `largest` the holders of the two awards. No discard is owed and
    /// the seat is in the game; a ruleset with discards or eliminations says otherwise.
    pub fn of(
        seat: Seat,
        vp: u32,
        hand: &ResourceSet,
        dev: &DevHand,
        road_length: u32,
        (longest, largest): (Option<Seat>, Option<Seat>),
        stock: Stock,
    ) -> PlayerPublic {
        PlayerPublic {
            seat,
            vp,
            cards: hand.total(),
            dev_cards: dev.cards.len() as u32,
            knights: dev.knights_played,
            road_length,
            longest_road: longest == Some(seat),
            largest_army: largest == Some(seat),
            settlements_left: stock.settlements,
            cities_left: stock.cities,
            roads_left: stock.roads,
            must_discard: None,
            out: false,
        }
    }
}

impl PlayerPublic {
    /// These facts with the discard `owed` lists for this seat, if any (in a discard phase).
    pub fn owing(self, owed: &[(Seat, u32)]) -> PlayerPublic {
        PlayerPublic {
            must_discard: owed.iter().find(|(o, _)| *o == self.seat).map(|(_, n)| *n),
            ..self
        }
    }
}

impl PrivateView {
    /// What `seat` alone sees: its cards, its development cards as playable on `turn`, all its
    /// points (`vp_total`) and its bank rates from the harbors it builds on.
    pub fn of(
        seat: Seat,
        hand: ResourceSet,
        dev: &DevHand,
        turn: u32,
        vp_total: u32,
        map: &Map,
        pieces: &Pieces,
    ) -> PrivateView {
        PrivateView {
            hand,
            dev_cards: OwnCard::hand(dev, turn),
            vp_total,
            bank_rates: crate::rules::trade::maritime_rates(map, pieces, seat),
        }
    }
}

impl OwnCard {
    /// A hand of development cards as its holder sees it on `turn` (a card bought on it waits
    /// for the next; victory points are never played).
    pub fn hand(dev: &DevHand, turn: u32) -> Vec<OwnCard> {
        dev.cards
            .iter()
            .map(|h| OwnCard {
                card: h.card,
                playable: h.card != DevCard::VictoryPoint && h.bought_turn < turn,
            })
            .collect()
    }
}
