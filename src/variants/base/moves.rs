//! Base's commands and events in the typed form a client offers and styles them by
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
        Command::Roll => Move::Roll,
        Command::End => Move::End,
        Command::Discard(cards) => Move::Discard(*cards),
        Command::Robber { hex, steal } => Move::Robber {
            hex: *hex,
            steal: *steal,
        },
        Command::PlayKnight => Move::Knight,
        Command::PlayRoadBuilding => Move::RoadBuilding,
        Command::PlayYearOfPlenty(cards) => Move::Plenty(*cards),
        Command::PlayMonopoly(r) => Move::Monopoly(*r),
        Command::Trade(t) => t.into(),
    }
}

/// The event's kind where its facts do not tell it: the win.
pub fn event_kind(ev: &Event) -> Option<EventKind> {
    matches!(ev, Event::Won { .. }).then_some(EventKind::Won)
}
