//! Who a change concerns in a hall (a ring of more than [`super::HALL_BOARDS`] boards), so the
//! host sends an update only to the seats whose view it changed and each seat reads only the
//! events near it. A move touches the boards its seat reaches, which the seats up to two boards
//! away see; a round's start, the dice and the awards concern everyone.

use super::{BigGame, Event};
use crate::engine::Seat;
use crate::rules::offers::TradeEvent;

impl BigGame {
    /// The seat an event is about, if only the seats near it need to read it; `None` for an
    /// event about everyone (or any event outside a hall).
    pub fn event_seat(&self, ev: &Event) -> Option<Seat> {
        if !self.is_hall() {
            return None;
        }
        match ev {
            Event::Collected { seat, .. }
            | Event::Discarded { seat, .. }
            | Event::Settled { seat, .. }
            | Event::Citied { seat, .. }
            | Event::Roaded { seat, .. }
            | Event::Shipped { seat, .. }
            | Event::ShipMoved { seat, .. }
            | Event::PlayedKnight { seat, .. }
            | Event::Ended { seat }
            | Event::TimedOut { seat, .. }
            | Event::TakenOver { seat } => Some(*seat),
            Event::Dev(d) => Some(d.seat()),
            Event::Trade(t) => Some(t.actor()),
            Event::RoundStarted { .. }
            | Event::Rolled { .. }
            | Event::Produced { .. }
            | Event::MustDiscard { .. }
            | Event::Robbers { .. }
            | Event::Award(_)
            | Event::RoundEnded { .. }
            | Event::Over { .. } => None,
        }
    }

    /// The seats whose view `evs` (caused by `actor`, if a seat) may have changed; `None` for
    /// everyone. A seat's public facts (hand size, done, an offer) show in the views of the
    /// seats one board away; pieces (which a seat places up to one board away) in the views
    /// of seats two boards away. With no events (a seat changed hands) the seats one board
    /// away.
    pub fn audience(&self, actor: Option<Seat>, evs: &[&Event]) -> Option<Vec<Seat>> {
        if !self.is_hall() {
            return None;
        }
        let actor = actor?;
        let mut radius = 1;
        let mut other = None;
        for e in evs {
            match e {
                Event::Settled { .. }
                | Event::Citied { .. }
                | Event::Roaded { .. }
                | Event::Shipped { .. }
                | Event::ShipMoved { .. }
                | Event::PlayedKnight { .. } => radius = 2,
                Event::Trade(TradeEvent::Traded { from, with, .. }) => {
                    other = Some(if *from == actor { *with } else { *from });
                }
                _ if self.event_seat(e).is_none() => return None,
                _ => {}
            }
        }
        let k = self.boards();
        let mut boards: Vec<usize> = Vec::new();
        for s in std::iter::once(actor).chain(other) {
            let b = Self::board_of(s);
            boards.extend((0..=2 * radius).map(|d| (b + k + d - radius) % k));
        }
        boards.sort_unstable();
        boards.dedup();
        Some(
            boards
                .into_iter()
                .flat_map(|nb| [2 * nb as Seat, 2 * nb as Seat + 1])
                .collect(),
        )
    }

    /// The seats a seat's view names: its neighbourhood and the top of the standings; `None`
    /// outside a hall (everyone).
    pub fn shown_seats(&self, seat: Seat) -> Option<Vec<Seat>> {
        if !self.is_hall() {
            return None;
        }
        let mut v = self.near_seats(seat);
        v.extend(self.snapshot.top.iter().map(|(s, _)| *s));
        v.sort_unstable();
        v.dedup();
        Some(v)
    }
}
