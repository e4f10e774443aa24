//! Total Chaos's commands and events in the typed form a client offers and styles them by
//! ([`crate::proto::moves`]).

use super::command::Command;
use super::event::Event;
use crate::proto::moves::{EventKind, Move};

/// What a command does, for the client.
pub fn move_of(cmd: &Command) -> Move {
    match cmd {
        Command::Settle(c) => Move::Settle(*c),
        Command::Road(e) => Move::Road(*e),
        Command::City(c) => Move::City(*c),
        Command::BuyDev => Move::BuyDev,
        Command::Discard(cards) => Move::Discard(*cards),
        Command::Robber(hex) => Move::Robber {
            hex: *hex,
            steal: None,
        },
        Command::PlayKnight { .. } => Move::Knight,
        Command::PlayRoadBuilding(..) => Move::RoadBuilding,
        Command::PlayYearOfPlenty(cards) => Move::Plenty(*cards),
        Command::PlayMonopoly(r) => Move::Monopoly(*r),
        Command::Trade(t) => t.into(),
        Command::Claim => Move::own("claim", None),
        Command::Steal { .. } => Move::own("steal", None),
        Command::Agree => Move::own("agree", None),
        Command::Refuse => Move::own("refuse", None),
        Command::Ready => Move::own("ready", None),
        Command::Unready => Move::own("unready", None),
    }
}

/// The event's kind where its facts do not tell it: the win.
pub fn event_kind(ev: &Event) -> Option<EventKind> {
    matches!(ev, Event::Won { .. }).then_some(EventKind::Won)
}
