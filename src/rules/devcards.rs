//! Development cards: the deck, cards in hand, and when a card may be played.

use crate::engine::{RuleError, Seat, refuse};
use crate::rules::costs;
use crate::rules::resources::{Resource, ResourceSet};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum DevCard {
    Knight,
    VictoryPoint,
    RoadBuilding,
    YearOfPlenty,
    Monopoly,
}

impl DevCard {
    pub const ALL: [DevCard; 5] = [
        DevCard::Knight,
        DevCard::VictoryPoint,
        DevCard::RoadBuilding,
        DevCard::YearOfPlenty,
        DevCard::Monopoly,
    ];

    /// The word used in commands (`play knight`).
    pub const fn word(self) -> &'static str {
        match self {
            DevCard::Knight => "knight",
            DevCard::VictoryPoint => "vp",
            DevCard::RoadBuilding => "roads",
            DevCard::YearOfPlenty => "plenty",
            DevCard::Monopoly => "monopoly",
        }
    }

    pub fn parse(s: &str) -> Option<DevCard> {
        let s = s.to_ascii_lowercase();
        Some(match s.as_str() {
            "knight" | "soldier" | "k" => DevCard::Knight,
            "vp" | "victory" | "point" | "victory-point" => DevCard::VictoryPoint,
            "roads" | "road-building" | "roadbuilding" | "rb" | "road" => DevCard::RoadBuilding,
            "plenty" | "year-of-plenty" | "yearofplenty" | "yop" | "year" => DevCard::YearOfPlenty,
            "monopoly" | "mono" => DevCard::Monopoly,
            _ => return None,
        })
    }
}

impl fmt::Display for DevCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DevCard::Knight => "Knight",
            DevCard::VictoryPoint => "Victory Point",
            DevCard::RoadBuilding => "Road Building",
            DevCard::YearOfPlenty => "Year of Plenty",
            DevCard::Monopoly => "Monopoly",
        })
    }
}

/// The base game's 25 cards, unshuffled: 14 knights, 5 victory points, 2 road building, 2 year
/// of plenty, 2 monopoly. `monopoly: false` leaves the monopolies out (the Big Game).
pub fn standard_deck(monopoly: bool) -> Vec<DevCard> {
    let mut d = Vec::with_capacity(25);
    d.extend(std::iter::repeat_n(DevCard::Knight, 14));
    d.extend(std::iter::repeat_n(DevCard::VictoryPoint, 5));
    d.extend(std::iter::repeat_n(DevCard::RoadBuilding, 2));
    d.extend(std::iter::repeat_n(DevCard::YearOfPlenty, 2));
    if monopoly {
        d.extend(std::iter::repeat_n(DevCard::Monopoly, 2));
    }
    d
}

/// A card in a hand, with the turn it was bought (it may not be played that turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HeldCard {
    pub card: DevCard,
    pub bought_turn: u32,
}

/// A set of kinds of development card (one bit each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DevCardSet(u8);

impl DevCardSet {
    pub fn contains(self, card: DevCard) -> bool {
        self.0 & (1 << card as u8) != 0
    }
}

/// One player's development cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DevHand {
    pub cards: Vec<HeldCard>,
    /// Knights played, face up.
    pub knights_played: u32,
}

impl DevHand {
    /// Whether a card of this kind may be played on `turn` (bought before it).
    pub fn playable(&self, card: DevCard, turn: u32) -> bool {
        self.cards
            .iter()
            .any(|h| h.card == card && h.bought_turn < turn)
    }

    /// The kinds of card playable on `turn`, in one pass over the hand.
    pub fn playable_set(&self, turn: u32) -> DevCardSet {
        let mut set = DevCardSet::default();
        for h in &self.cards {
            set.0 |= u8::from(h.bought_turn < turn) << h.card as u8;
        }
        set
    }

    /// Whether the hand holds the card at all.
    pub fn holds(&self, card: DevCard) -> bool {
        self.cards.iter().any(|h| h.card == card)
    }

    /// Removes one playable card of the kind (the oldest).
    pub fn take(&mut self, card: DevCard, turn: u32) -> bool {
        match self
            .cards
            .iter()
            .position(|h| h.card == card && h.bought_turn < turn)
        {
            Some(i) => {
                self.cards.remove(i);
                true
            }
            None => false,
        }
    }

    /// Hidden victory point cards.
    pub fn vp_cards(&self) -> u32 {
        self.cards
            .iter()
            .filter(|h| h.card == DevCard::VictoryPoint)
            .count() as u32
    }
}

/// Buys the top card of `deck` for `hand`, paying `bank`, the card playable after `turn`.
/// `deck_name` names the deck in the refusal ("the development deck", "board 2's
/// development deck"). Every ruleset buys this way; what the purchase means for its turn
/// (trade-then-build, a tally) it adds itself.
pub fn buy(
    hand: &mut ResourceSet,
    bank: &mut ResourceSet,
    deck: &mut Vec<DevCard>,
    dev: &mut DevHand,
    turn: u32,
    deck_name: &str,
) -> Result<DevCard, RuleError> {
    let Some(&card) = deck.last() else {
        return refuse(format!("{deck_name} is empty"));
    };
    costs::check_afford(hand, &costs::DEV_CARD, "a development card")?;
    costs::pay(hand, bank, &costs::DEV_CARD);
    deck.pop();
    dev.cards.push(HeldCard {
        card,
        bought_turn: turn,
    });
    Ok(card)
}

/// Refuses a Year of Plenty that is not two cards `bank` holds (`bank_name` names it).
pub fn check_plenty(
    cards: &ResourceSet,
    bank: &ResourceSet,
    bank_name: &str,
) -> Result<(), RuleError> {
    if cards.total() != 2 {
        return refuse("Year of Plenty takes exactly two cards, e.g. `play plenty wool ore`");
    }
    if !bank.contains(cards) {
        return refuse(format!("{bank_name} does not have {cards}"));
    }
    Ok(())
}

/// Monopoly: every other seat's cards of `r` go to `seat`; who gave how many, in seat order.
pub fn monopoly(hands: &mut [ResourceSet], seat: Seat, r: Resource) -> Vec<(Seat, u32)> {
    let mut took = Vec::new();
    for s in 0..hands.len() {
        let n = hands[s][r];
        if s != seat as usize && n > 0 {
            hands[s][r] = 0;
            hands[seat as usize][r] += n;
            took.push((s as Seat, n));
        }
    }
    took
}

/// Refuses a card the hand cannot play on `turn`: bought too late (`wait` says when it
/// becomes playable) or not held.
pub fn check_playable(
    hand: &DevHand,
    card: DevCard,
    turn: u32,
    wait: &str,
) -> Result<(), RuleError> {
    if hand.playable(card, turn) {
        return Ok(());
    }
    refuse(if hand.holds(card) {
        format!("a {card} bought {wait}")
    } else {
        format!("you have no {card} card")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_has_the_standard_cards() {
        let d = standard_deck(true);
        assert_eq!(d.len(), 25);
        assert_eq!(d.iter().filter(|c| **c == DevCard::Knight).count(), 14);
        assert_eq!(standard_deck(false).len(), 23);
    }

    #[test]
    fn a_card_bought_this_turn_is_not_playable() {
        let mut h = DevHand::default();
        h.cards.push(HeldCard {
            card: DevCard::Knight,
            bought_turn: 3,
        });
        assert!(!h.playable(DevCard::Knight, 3));
        assert!(!h.take(DevCard::Knight, 3));
        assert!(h.playable(DevCard::Knight, 4));
        assert!(h.take(DevCard::Knight, 4));
        assert!(h.cards.is_empty());
    }
}
