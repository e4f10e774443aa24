//! What comes in the box: the bank's cards and the development deck, as data. The 5–6 player
//! extension adds cards to both (24 of each resource; 34 development cards), so a ruleset asks
//! [`Supply::for_seats`] rather than writing the counts out.

use crate::rules::devcards::DevCard;
use crate::rules::resources::ResourceSet;

/// How many of each development card a deck holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeckMix {
    pub knights: usize,
    pub victory_points: usize,
    pub road_building: usize,
    pub year_of_plenty: usize,
    pub monopoly: usize,
}

impl DeckMix {
    /// The base game's 25 cards.
    pub const STANDARD: DeckMix = DeckMix {
        knights: 14,
        victory_points: 5,
        road_building: 2,
        year_of_plenty: 2,
        monopoly: 2,
    };

    /// The 5–6 player extension's 34 cards: 6 more knights and one more of each progress card.
    pub const FIVE_SIX: DeckMix = DeckMix {
        knights: 20,
        victory_points: 5,
        road_building: 3,
        year_of_plenty: 3,
        monopoly: 3,
    };

    /// Cards in the deck.
    pub const fn len(&self) -> usize {
        self.knights
            + self.victory_points
            + self.road_building
            + self.year_of_plenty
            + self.monopoly
    }

    /// Whether the deck has no cards at all.
    pub const fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many of one card.
    pub const fn count(&self, card: DevCard) -> usize {
        match card {
            DevCard::Knight => self.knights,
            DevCard::VictoryPoint => self.victory_points,
            DevCard::RoadBuilding => self.road_building,
            DevCard::YearOfPlenty => self.year_of_plenty,
            DevCard::Monopoly => self.monopoly,
        }
    }

    /// The cards unshuffled, in the order of [`DevCard::ALL`] (the order games shuffle from,
    /// so a seed always deals the same deck).
    pub fn cards(&self) -> Vec<DevCard> {
        let mut d = Vec::with_capacity(self.len());
        for card in DevCard::ALL {
            d.extend(std::iter::repeat_n(card, self.count(card)));
        }
        d
    }
}

/// The bank and the deck a game starts with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Supply {
    /// Cards of each resource in the bank.
    pub bank_each: u32,
    pub deck: DeckMix,
}

impl Supply {
    /// The base game: 19 of each resource, 25 development cards.
    pub const STANDARD: Supply = Supply {
        bank_each: 19,
        deck: DeckMix::STANDARD,
    };

    /// The 5–6 player extension: 24 of each resource, 34 development cards.
    pub const FIVE_SIX: Supply = Supply {
        bank_each: 24,
        deck: DeckMix::FIVE_SIX,
    };

    /// The box a table of `seats` plays from: the extension's from five seats up.
    pub const fn for_seats(seats: usize) -> Supply {
        if seats >= 5 {
            Supply::FIVE_SIX
        } else {
            Supply::STANDARD
        }
    }

    /// The full bank.
    pub const fn bank(&self) -> ResourceSet {
        ResourceSet::uniform(self.bank_each)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::devcards::standard_deck;

    #[test]
    fn the_standard_box_is_the_base_game() {
        assert_eq!(Supply::for_seats(4), Supply::STANDARD);
        assert_eq!(Supply::STANDARD.bank(), ResourceSet::uniform(19));
        // Same cards in the same order as the deck games have always shuffled.
        assert_eq!(DeckMix::STANDARD.cards(), standard_deck(true));
    }

    #[test]
    fn the_five_six_box_has_the_extension_cards() {
        let s = Supply::for_seats(5);
        assert_eq!(s, Supply::for_seats(6));
        assert_eq!(s.bank(), ResourceSet::uniform(24));
        let d = s.deck.cards();
        assert_eq!(d.len(), 34);
        let n = |c| d.iter().filter(|x| **x == c).count();
        assert_eq!(n(DevCard::Knight), 20);
        assert_eq!(n(DevCard::VictoryPoint), 5);
        assert_eq!(n(DevCard::Monopoly), 3);
        assert_eq!(n(DevCard::YearOfPlenty), 3);
        assert_eq!(n(DevCard::RoadBuilding), 3);
    }
}
