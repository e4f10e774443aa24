//! Development cards: the deck, cards in hand, when a card may be played, and the purchase
//! and plays every Catan ruleset shares, with their events and how those read. What differs
//! between rulesets (when one may buy or play, which bank and deck serve a seat, what a
//! purchase means for the turn) is a [`DevTable`]: each game implements it on itself, as it
//! does [`crate::rules::offers::Market`] for trading.

use crate::engine::{RuleError, Seat, refuse};
use crate::rules::awards::{self, AwardEvent};
use crate::rules::banks::Banks;
use crate::rules::costs;
use crate::rules::entry::{Act, Verdict};
use crate::rules::facts::{self as recap, Fact, Gain};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::words::who;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
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
/// of plenty, 2 monopoly. `monopoly: false` leaves the monopolies out (for a ruleset without them).
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

/// What buying and playing development cards do, in every ruleset alike. A ruleset's event
/// enum carries them in one variant (`Event::Dev`), so their summary facts and their words
/// live here once (a ruleset words a play its own way where its rules differ).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DevEvent {
    /// `card` is known only to the buyer.
    Bought {
        seat: Seat,
        card: DevCard,
    },
    PlayedKnight {
        seat: Seat,
    },
    PlayedRoadBuilding {
        seat: Seat,
    },
    PlayedYearOfPlenty {
        seat: Seat,
        got: ResourceSet,
    },
    /// Who gave how many, in seat order.
    PlayedMonopoly {
        seat: Seat,
        resource: Resource,
        took: Vec<(Seat, u32)>,
    },
}

impl DevEvent {
    /// The kind's name, as the words test counts the kinds it has rendered.
    pub fn kind(&self) -> &'static str {
        match self {
            DevEvent::Bought { .. } => "BoughtDev",
            DevEvent::PlayedKnight { .. } => "PlayedKnight",
            DevEvent::PlayedRoadBuilding { .. } => "PlayedRoadBuilding",
            DevEvent::PlayedYearOfPlenty { .. } => "PlayedYearOfPlenty",
            DevEvent::PlayedMonopoly { .. } => "PlayedMonopoly",
        }
    }

    /// The seat that bought or played.
    pub fn seat(&self) -> Seat {
        match self {
            DevEvent::Bought { seat, .. }
            | DevEvent::PlayedKnight { seat }
            | DevEvent::PlayedRoadBuilding { seat }
            | DevEvent::PlayedYearOfPlenty { seat, .. }
            | DevEvent::PlayedMonopoly { seat, .. } => *seat,
        }
    }

    /// The event in words for one viewer, as the base game says it: the bought card is named
    /// to its buyer only.
    pub fn describe(&self, viewer: Option<Seat>, names: &[String]) -> String {
        let w = |s: Seat| who(names, s, viewer);
        match self {
            DevEvent::Bought { seat, card } => {
                if viewer == Some(*seat) {
                    format!("You bought a development card: {card}.")
                } else {
                    format!("{} bought a development card.", w(*seat).cap())
                }
            }
            DevEvent::PlayedKnight { seat } => format!("{} played a Knight.", w(*seat).cap()),
            DevEvent::PlayedRoadBuilding { seat } => {
                format!("{} played Road Building: 2 free roads.", w(*seat).cap())
            }
            DevEvent::PlayedYearOfPlenty { seat, got } => {
                format!("{} played Year of Plenty and took {got}.", w(*seat).cap())
            }
            DevEvent::PlayedMonopoly {
                seat,
                resource,
                took,
            } => {
                let total: u32 = took.iter().map(|(_, n)| n).sum();
                format!(
                    "{} played Monopoly on {resource} and took {total}.",
                    w(*seat).cap()
                )
            }
        }
    }

    /// The event once the game is over, the bought card named to everyone
    /// ([`crate::ruleset::Ruleset::reveal`]); `None` where nothing was hidden.
    pub fn revealed(&self, names: &[String]) -> Option<String> {
        match self {
            DevEvent::Bought { seat, card } => Some(format!(
                "{} bought a development card ({card}).",
                who(names, *seat, None).cap()
            )),
            _ => None,
        }
    }

    /// What the event means for the end-of-game summary.
    pub fn recap_facts(&self, out: &mut Vec<Fact>) {
        match self {
            DevEvent::PlayedYearOfPlenty { seat, got } => {
                out.push(Fact::gained(*seat, Gain::Cards, *got))
            }
            DevEvent::PlayedMonopoly {
                seat,
                resource,
                took,
            } => recap::monopoly_facts(*seat, *resource, took, out),
            _ => {}
        }
    }
}

/// A game's development-card state, borrowed at once for one seat's purchase or play.
pub struct Cards<'a> {
    pub hands: &'a mut [ResourceSet],
    /// The bank that serves the seat ([`Banks::bank_of`]).
    pub bank: &'a mut ResourceSet,
    /// The deck the seat buys from.
    pub deck: &'a mut Vec<DevCard>,
    pub dev: &'a mut [DevHand],
    /// Who holds Largest Army.
    pub largest: &'a mut Option<Seat>,
}

/// What a ruleset decides about development cards. The cards' rules (a purchase pays the
/// bank and takes the deck's top card; one card a turn, never one bought in the same turn;
/// what Year of Plenty and Monopoly do; Largest Army after a Knight) are the same everywhere;
/// these are not.
pub trait DevTable: Banks {
    /// The ruleset's event, which carries the cards' and the awards' events.
    type Event: From<DevEvent> + From<AwardEvent>;
    /// Refuses a purchase now (the phase, whose turn it is), saying why.
    fn may_buy(&self, seat: Seat) -> Result<(), RuleError>;
    /// Refuses any card while the game is not under way (its setup, or once it is over),
    /// saying so: [`DevTable::check_card`] asks this first, since then it is the reason
    /// whatever the seat holds.
    fn in_play(&self, seat: Seat) -> Result<(), RuleError>;
    /// Refuses a card played now (the phase, whose turn it is), before the one-card rule.
    fn may_play(&self, seat: Seat) -> Result<(), RuleError>;
    /// The turn (or round) that dates a purchase: the card is playable in a later one.
    fn card_turn(&self) -> u32;
    /// Whether the seat has played a card in this turn (or building phase) already.
    fn has_played(&self, seat: Seat) -> bool;
    /// Notes that the seat played a card (one a turn).
    fn note_played(&mut self, seat: Seat);
    /// The refusal of a second card in one turn.
    const PLAYED_ALREADY: &'static str;
    /// When a card bought now becomes playable, as the refusal ends: "a Knight bought …".
    const WAIT: &'static str;
    /// The state one seat's purchase or play touches.
    fn cards(&mut self, seat: Seat) -> Cards<'_>;
    fn dev_hand(&self, seat: Seat) -> &DevHand;
    /// The name of the deck the seat buys from, in a refusal.
    fn deck_name(&self, _seat: Seat) -> Cow<'static, str> {
        Cow::Borrowed("the development deck")
    }
    /// What a purchase means for the turn, before its event (trade-then-build, a tally).
    fn bought(&mut self, _seat: Seat, _ev: &mut Vec<Self::Event>) {}

    /// Buys a development card (`buy`).
    fn buy_dev(&mut self, cx: &mut Act<Self::Event>) -> Verdict {
        let (seat, ev) = (cx.seat, &mut *cx.ev);
        self.may_buy(seat)?;
        let (turn, deck_name) = (self.card_turn(), self.deck_name(seat));
        let c = self.cards(seat);
        let s = seat as usize;
        let card = buy(
            &mut c.hands[s],
            c.bank,
            c.deck,
            &mut c.dev[s],
            turn,
            &deck_name,
        )?;
        self.bought(seat, ev);
        ev.push(DevEvent::Bought { seat, card }.into());
        Ok(())
    }

    /// Refuses a card the seat may not play now, the most telling reason first: the game not
    /// under way, then a card the seat does not hold (no timing would let it play one), then
    /// the ruleset's timing gate, one card a turn, and one held since an earlier turn.
    fn check_card(&self, seat: Seat, card: DevCard) -> Result<(), RuleError> {
        self.in_play(seat)?;
        if !self.dev_hand(seat).holds(card) {
            return refuse(format!("you have no {card} card"));
        }
        self.may_play(seat)?;
        if self.has_played(seat) {
            return refuse(Self::PLAYED_ALREADY);
        }
        check_playable(self.dev_hand(seat), card, self.card_turn(), Self::WAIT)
    }

    /// Takes a checked card from the hand (a Knight goes face up) and notes the play.
    fn spend_card(&mut self, seat: Seat, card: DevCard) {
        let turn = self.card_turn();
        let hand = &mut self.cards(seat).dev[seat as usize];
        hand.take(card, turn);
        if card == DevCard::Knight {
            hand.knights_played += 1;
        }
        self.note_played(seat);
    }

    /// Gives Largest Army after `seat` played a Knight, telling a change.
    fn award_largest_army(&mut self, seat: Seat, ev: &mut Vec<Self::Event>) {
        let c = self.cards(seat);
        let knights: Vec<u32> = c.dev.iter().map(|d| d.knights_played).collect();
        awards::award_largest_army(c.largest, &knights, ev);
    }

    /// Year of Plenty: two cards of one's choice from the bank.
    fn play_plenty(&mut self, cx: &mut Act<Self::Event>, cards: ResourceSet) -> Verdict {
        let (seat, ev) = (cx.seat, &mut *cx.ev);
        self.check_card(seat, DevCard::YearOfPlenty)?;
        check_plenty(&cards, self.bank_of(seat), &self.bank_name(seat))?;
        self.spend_card(seat, DevCard::YearOfPlenty);
        let c = self.cards(seat);
        c.bank.sub(&cards);
        c.hands[seat as usize].add(&cards);
        ev.push(DevEvent::PlayedYearOfPlenty { seat, got: cards }.into());
        Ok(())
    }

    /// Monopoly: every other seat's cards of one resource.
    fn play_monopoly(&mut self, cx: &mut Act<Self::Event>, r: Resource) -> Verdict {
        let (seat, ev) = (cx.seat, &mut *cx.ev);
        self.check_card(seat, DevCard::Monopoly)?;
        self.spend_card(seat, DevCard::Monopoly);
        let took = monopoly(self.cards(seat).hands, seat, r);
        ev.push(
            DevEvent::PlayedMonopoly {
                seat,
                resource: r,
                took,
            }
            .into(),
        );
        Ok(())
    }
}

/// The [`DevTable`] methods that only lend the cards' state, for a game with one bank and one
/// deck in its [`crate::rules::table::CatanTable`], a field named `table` (the one-board games).
macro_rules! cards_in_fields {
    () => {
        fn cards(&mut self, _seat: $crate::engine::Seat) -> $crate::rules::devcards::Cards<'_> {
            $crate::rules::devcards::Cards {
                hands: &mut self.table.hands,
                bank: &mut self.table.bank,
                deck: &mut self.table.deck,
                dev: &mut self.table.dev,
                largest: &mut self.table.largest,
            }
        }
        fn dev_hand(&self, seat: $crate::engine::Seat) -> &$crate::rules::devcards::DevHand {
            &self.table.dev[seat as usize]
        }
    };
}
pub(crate) use cards_in_fields;

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
    fn the_shared_card_events_read_as_base_words_them() {
        let names = vec!["Ann".to_string(), "Bob".to_string()];
        let bought = DevEvent::Bought {
            seat: 0,
            card: DevCard::Monopoly,
        };
        assert_eq!(
            bought.describe(Some(0), &names),
            "You bought a development card: Monopoly."
        );
        assert_eq!(
            bought.describe(Some(1), &names),
            "Ann bought a development card."
        );
        let mono = DevEvent::PlayedMonopoly {
            seat: 1,
            resource: Resource::Wool,
            took: vec![(0, 2)],
        };
        assert_eq!(
            mono.describe(None, &names),
            "Bob played Monopoly on wool and took 2."
        );
        assert_eq!(mono.seat(), 1);
        assert_eq!(mono.kind(), "PlayedMonopoly");
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
