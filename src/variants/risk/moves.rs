//! Risk of Catan's commands and events in the typed form a client offers and styles them by
//! ([`crate::proto::moves`]): its base commands as base's, its armies' by the hex they act on.

use super::command::Command;
use super::event::Event;
use crate::proto::moves::{EventKind, Move};
use crate::variants::base;

/// What a command does, for the client.
pub fn move_of(cmd: &Command) -> Move {
    match cmd {
        Command::Base(c) => base::moves::move_of(c),
        Command::Place(Some(at)) => Move::Place(*at),
        Command::Place(None) => Move::own("place", None),
        Command::Buy { at, .. } => Move::own("buy", Some(*at)),
        Command::Move { to, .. } => Move::own("move", Some(*to)),
        Command::Redeploy { to, .. } => Move::own("redeploy", Some(*to)),
        Command::Attack { hex, .. } => Move::own("attack", Some(*hex)),
        Command::Barrage { target, .. } => Move::own("barrage", Some(*target)),
        Command::Stop => Move::own("stop", None),
        Command::Retreat => Move::own("retreat", None),
        Command::Passage { .. } => Move::own("passage", None),
        Command::Resign => Move::own("resign", None),
    }
}

/// The event's kind where its facts do not tell it: the win.
pub fn event_kind(ev: &Event) -> Option<EventKind> {
    match ev {
        Event::Base(e) => base::moves::event_kind(e),
        _ => None,
    }
}
