//! What stands on the board, from a view: the renderer's overlay. Shared by the TUI, the plain
//! mode's `board` and spectators.

use crate::board::render::{CornerPiece, EdgePiece, Overlay};
use crate::proto::SeatInfo;
use crate::rules::pieces::{BuildingKind, RouteKind};
use crate::variants::GameView;

/// A seat's board letter: the initial of its colour, or its seat number's letter.
pub fn seat_letter(seats: &[SeatInfo], seat: usize) -> char {
    seats
        .get(seat)
        .and_then(|s| s.color.chars().next())
        .filter(|c| c.is_ascii_alphabetic())
        .map(|c| c.to_ascii_lowercase())
        .unwrap_or((b'a' + seat as u8) as char)
}

/// The pieces, robbers and marks of a view.
pub fn overlay(view: &GameView, seats: &[SeatInfo]) -> Overlay {
    let mut o = Overlay {
        letters: (0..seats.len().max(8))
            .map(|i| seat_letter(seats, i))
            .collect(),
        ..Overlay::default()
    };
    match view {
        GameView::Base(v) => {
            for (c, b) in &v.buildings {
                o.corners.insert(
                    *c,
                    match b.kind {
                        BuildingKind::Settlement => CornerPiece::Settlement(b.owner),
                        BuildingKind::City => CornerPiece::City(b.owner),
                    },
                );
            }
            for (e, r) in &v.routes {
                o.edges.insert(
                    *e,
                    match r.kind {
                        RouteKind::Road => EdgePiece::Road(r.owner),
                        RouteKind::Ship => EdgePiece::Ship(r.owner),
                    },
                );
            }
            o.robbers.push(v.robber);
        }
        GameView::TotalChaos(v) => {
            pieces_into(&mut o, &v.buildings, &v.routes);
            o.robbers.push(v.robber);
        }
        GameView::BigGame(v) => {
            pieces_into(&mut o, &v.buildings, &v.routes);
            o.robbers.extend(v.robbers.iter().copied());
        }
        GameView::Adaptations(v) => {
            let map = v.map();
            o.notes = v.notes(&map, &o.letters);
        }
    }
    o
}

/// Buildings and routes into the overlay.
fn pieces_into(
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
