//! Adaptations' commands and events in the typed form a client offers and styles them by
//! ([`crate::proto::moves`]). Its commands move herds and tiles by frame position, not by the
//! map's corners and edges: they are all its own, by their word.

use super::command::Command;
use super::event::Event;
use crate::proto::moves::{EventKind, Move};

/// What a command does, for the client: its word.
pub fn move_of(cmd: &Command) -> Move {
    let verb = match cmd {
        Command::Place(..) => "place",
        Command::Drift { .. } => "drift",
        Command::Water { .. } => "water",
        Command::Season { .. } => "season",
        Command::TripleDrift { .. } | Command::TripleSeason { .. } => "triple",
        Command::Discard(_) => "discard",
        Command::Done => "done",
        Command::Clear(_) => "clear",
        Command::Buy(_) => "buy",
        Command::TradeIn(_) => "trade",
        Command::Migrate(_) => "migrate",
        Command::Swim(_) => "swim",
        Command::Reproduce(_) => "reproduce",
        Command::Conflict(_) => "conflict",
        Command::Retreat(_) => "retreat",
        Command::Stay => "stay",
    };
    Move::own(verb, None)
}

/// The event's kind where its facts do not tell it: the game's end.
pub fn event_kind(ev: &Event) -> Option<EventKind> {
    matches!(ev, Event::GameOver { .. }).then_some(EventKind::Won)
}
