//! Legal commands and log lines in typed form, as they cross the wire beside their text.
//!
//! The text of a command is what `--plain`, records and the command line speak; a screen that
//! offers the command on the board or in a menu needs to know what it does and where, and
//! must not read that back out of the words (each ruleset words its commands its own way).
//! So the host sends, for each legal command, a [`Move`] built by the ruleset from its typed
//! command ([`crate::ruleset::Ruleset::move_of`]), and for each log line an [`EventKind`]
//! ([`crate::ruleset::Ruleset::event_kind`]) the screen styles it by.

use crate::engine::Seat;
use crate::rules::offers::TradeCommand;
use crate::rules::resources::{Resource, ResourceSet};
use crate::topology::{CornerId, EdgeId, HexId};
use serde::{Deserialize, Serialize};

/// What one legal command does, in the terms the client offers it in: the board moves with
/// their target, the moves every Catan shares, and the ruleset's own (offered by their text).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// A settlement on a corner (placed in setup, or built).
    Settle(CornerId),
    /// A city on a corner.
    City(CornerId),
    /// A road on an edge.
    Road(EdgeId),
    /// A ship on an edge.
    Ship(EdgeId),
    /// The robber to a hex, robbing a seat (or nobody).
    Robber {
        hex: HexId,
        steal: Option<Seat>,
    },
    /// Roll the dice.
    Roll,
    /// End the turn, or say one is done for the round.
    End,
    /// Buy a development card.
    BuyDev,
    /// Return these cards.
    Discard(ResourceSet),
    /// Play a knight (where the robber goes is asked next, or is part of the command).
    Knight,
    /// Play Road Building.
    RoadBuilding,
    /// Play Year of Plenty for these two cards.
    Plenty(ResourceSet),
    /// Play Monopoly on a resource.
    Monopoly(Resource),
    /// A trade with the bank or a harbour.
    Bank {
        give: ResourceSet,
        get: ResourceSet,
    },
    /// Propose a trade (to one seat, or to everyone).
    Offer {
        to: Option<Seat>,
    },
    /// Answer an offer with another.
    Counter(u32),
    /// Take, turn down or withdraw an offer (by its number).
    Accept(u32),
    Decline(u32),
    Cancel(u32),
    /// Take the resources around a starting settlement (a setup that collects).
    Collect(CornerId),
    /// A starting unit on a hex (a setup that claims hexes).
    Place(HexId),
    /// A command of the ruleset's own: its word (`claim`, `attack`, `drift`), and the hex it
    /// acts on when it acts on one on the client's map. The ruleset's client module offers
    /// it, by its word and its text.
    Own {
        verb: String,
        at: Option<HexId>,
    },
}

impl Move {
    /// The typed form of an offer the client writes itself (a hall leaves the one-for-one
    /// offers to everyone off the list: [`crate::proto::Update::legal_offers_left_off`]).
    pub const OFFER_TO_ALL: Move = Move::Offer { to: None };

    /// A ruleset's own command by its word, on a hex or none.
    pub fn own(verb: &str, at: Option<HexId>) -> Move {
        Move::Own {
            verb: verb.to_string(),
            at,
        }
    }

    /// Whether this is the ruleset's own command `verb`.
    pub fn is_own(&self, verb: &str) -> bool {
        matches!(self, Move::Own { verb: v, .. } if v == verb)
    }
}

impl From<&TradeCommand> for Move {
    /// The trades every ruleset shares.
    fn from(t: &TradeCommand) -> Move {
        match *t {
            TradeCommand::Bank { give, get } => Move::Bank { give, get },
            TradeCommand::Offer { to, .. } => Move::Offer { to },
            TradeCommand::Counter { id, .. } => Move::Counter(id),
            TradeCommand::Accept(id) => Move::Accept(id),
            TradeCommand::Decline(id) => Move::Decline(id),
            TradeCommand::Cancel(id) => Move::Cancel(id),
        }
    }
}

/// What kind of thing a log line tells, for its style.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventKind {
    /// A new turn or round begins.
    Turn,
    /// Production dice.
    Dice,
    /// The robber moved, or a card was stolen.
    Robber,
    /// A trade was made.
    Trade,
    /// Someone won: the game is over.
    Won,
    /// Anything else.
    #[default]
    Other,
}

impl EventKind {
    /// The kind of an event from what it means for the summary
    /// ([`crate::ruleset::Ruleset::recap_facts`]): the default of
    /// [`crate::ruleset::Ruleset::event_kind`], which a ruleset refines for its winning event.
    pub fn of_facts(facts: &[crate::rules::facts::Fact]) -> EventKind {
        use crate::rules::facts::{Fact, Gain, Loss};
        let mut kind = EventKind::Other;
        for f in facts {
            let k = match f {
                Fact::Turn | Fact::Round => EventKind::Turn,
                Fact::Dice(_) => EventKind::Dice,
                Fact::Gained {
                    from: Gain::Robber, ..
                }
                | Fact::Lost {
                    to: Loss::Robber, ..
                } => EventKind::Robber,
                Fact::Gained {
                    from: Gain::Trades | Gain::Bank,
                    ..
                }
                | Fact::Lost {
                    to: Loss::Trades | Loss::Bank,
                    ..
                } => EventKind::Trade,
                _ => continue,
            };
            // A turn's start outranks what else the event says.
            if kind == EventKind::Other || k == EventKind::Turn {
                kind = k;
            }
        }
        kind
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::facts::{Fact, Gain};

    #[test]
    fn an_event_kind_comes_from_its_facts() {
        assert_eq!(EventKind::of_facts(&[]), EventKind::Other);
        assert_eq!(EventKind::of_facts(&[Fact::Dice(8)]), EventKind::Dice);
        let stolen = Fact::gained(0, Gain::Robber, ResourceSet::new(1, 0, 0, 0, 0));
        assert_eq!(EventKind::of_facts(&[stolen]), EventKind::Robber);
        assert_eq!(
            EventKind::of_facts(&[Fact::Dice(8), Fact::Round]),
            EventKind::Turn
        );
    }
}
