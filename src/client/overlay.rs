//! What stands on the board: the building blocks of the renderer's overlay that every
//! ruleset's client part (`crate::client::rulesets`) draws its pieces with.

use crate::board::render::{CornerPiece, EdgePiece, Overlay};
use crate::proto::SeatInfo;
use crate::rules::pieces::{BuildingKind, RouteKind};

/// A seat's board letter: the initial of its colour, or its seat number's letter.
pub fn seat_letter(seats: &[SeatInfo], seat: usize) -> char {
    seats
        .get(seat)
        .and_then(|s| s.color.chars().next())
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_ascii_lowercase())
        .unwrap_or((b'a' + seat as u8) as char)
}

/// An overlay with nothing on the board yet: every seat's letter (at least eight, for the
/// pieces of seats a view does not list). Each ruleset adds its pieces and marks
/// (`crate::client::rulesets::overlay`).
pub fn blank(seats: &[SeatInfo]) -> Overlay {
    Overlay {
        letters: (0..seats.len().max(8))
            .map(|i| seat_letter(seats, i))
            .collect(),
        ..Overlay::default()
    }
}

/// Buildings and routes into the overlay.
pub fn pieces_into(
    o: &mut Overlay,
    buildings: &[(crate::topology::CornerId, crate::rules::pieces::Building)],
    routes: &[(crate::topology::EdgeId, crate::rules::pieces::Route)],
) {
    for (c, b) in buildings {
        o.corners.insert(
            *c,
            match b.kind {
                BuildingKind::Settlement => CornerPiece::Settlement(b.owner),
                BuildingKind::City => CornerPiece::City(b.owner),
            },
        );
    }
    for (e, r) in routes {
        o.edges.insert(
            *e,
            match r.kind {
                RouteKind::Road => EdgePiece::Road(r.owner),
                RouteKind::Ship => EdgePiece::Ship(r.owner),
            },
        );
    }
}
