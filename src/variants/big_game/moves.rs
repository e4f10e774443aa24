//! The Big Game's commands and events in the typed form a client offers and styles them by
//! ([`crate::proto::moves`]).

use super::command::Command;
use super::event::Event;
use crate::proto::moves::{EventKind, Move};

/// What a command does, for the client.
pub fn move_of(cmd: &Command) -> Move {
    match cmd {
        Command::Settle(c) => Move::Settle(*c),
        Command::City(c) => Move::City(*c),
        Command::Road(e) => Move::Road(*e),
        Command::Ship(e) => Move::Ship(*e),
        Command::BuyDev => Move::BuyDev,
        Command::End => Move::End,
        Command::Discard(cards) => Move::Discard(*cards),
        Command::PlayKnight(_) => Move::Knight,
        Command::PlayRoadBuilding => Move::RoadBuilding,
        Command::PlayYearOfPlenty(cards) => Move::Plenty(*cards),
        Command::Trade(t) => t.into(),
        Command::Collect(c) => Move::Collect(*c),
        Command::MoveShip { .. } => Move::own("move", None),
    }
}

/// The event's kind where its facts do not tell it: the game's end.
pub fn event_kind(ev: &Event) -> Option<EventKind> {
    matches!(ev, Event::Over { .. }).then_some(EventKind::Won)
}
