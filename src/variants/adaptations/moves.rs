//! Adaptations' commands and events in the typed form a client offers and styles them by
//! ([`crate::proto::moves`]). Its commands move herds and tiles by frame position, not by the
//! map's corners and edges: they are all its own, by their word and the hex they start from
//! on the map the client draws (the game's own [`super::AdaptGame::map`]).

use super::command::Command;
use super::event::Event;
use crate::board::Map;
use crate::geometry::Hex;
use crate::proto::moves::{EventKind, Move};

/// The position a command acts on first: the tile that drifts, the first herd that moves or
/// is placed, the hex of a conflict or a retreat.
fn acts_on(cmd: &Command) -> Option<Hex> {
    match cmd {
        Command::Place(a, _) => Some(*a),
        Command::Drift { from, .. }
        | Command::Water { from, .. }
        | Command::TripleDrift { from, .. } => Some(*from),
        Command::Migrate(steps) | Command::Swim(steps) => steps.first().map(|s| s.from),
        Command::Reproduce(hexes) => hexes.first().copied(),
        Command::Conflict(h) | Command::Retreat(h) => Some(*h),
        Command::Season { .. }
        | Command::TripleSeason { .. }
        | Command::Discard(_)
        | Command::Done
        | Command::Clear(_)
        | Command::Buy(_)
        | Command::TradeIn(_)
        | Command::Stay => None,
    }
}

/// What a command does, for the client: its word, and the hex it acts on in `map`.
pub fn move_of(map: &Map, cmd: &Command) -> Move {
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
    Move::own(verb, acts_on(cmd).and_then(|h| map.topology.hex_id(h)))
}

/// The event's kind where its facts do not tell it: the game's end.
pub fn event_kind(ev: &Event) -> Option<EventKind> {
    matches!(ev, Event::GameOver { .. }).then_some(EventKind::Won)
}
