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
        GameView::Risk(v) => {
            pieces_into(&mut o, &v.base.buildings, &v.base.routes);
            o.robbers.push(v.base.robber);
            army_notes(&mut o, v);
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

/// Risk of Catan: each hex's armies under its label. A holder's letter and unit count, upper
/// case when the units control the hex (`B5`), lower case when they only occupy it (`b2`);
/// two players (`b3r2`) contest it, marked `!!` above the label. Single-type counts per unit
/// (foot/cavalry/cannon) are in the armies panel and the `state` line.
fn army_notes(o: &mut Overlay, v: &crate::variants::risk::RiskView) {
    use crate::board::render::{HexNote, Ink};
    use crate::variants::risk::control::Hold;
    for h in &v.hexes {
        let letter = |s: crate::engine::Seat| o.letters.get(s as usize).copied().unwrap_or('?');
        let total = |s: crate::engine::Seat| {
            h.armies
                .iter()
                .find(|a| a.seat == s)
                .map_or(0, |a| a.foot + a.cavalry + a.cannon)
        };
        let note = match h.hold {
            Hold::Empty => continue,
            Hold::Occupied(s) => HexNote {
                top: None,
                bottom: Some((format!("{}{}", letter(s), total(s)), Ink::Player(s))),
            },
            Hold::Controlled(s) => HexNote {
                top: None,
                bottom: Some((
                    format!("{}{}", letter(s).to_ascii_uppercase(), total(s)),
                    Ink::Player(s),
                )),
            },
            Hold::Contested(a, b) => HexNote {
                top: Some(("!!".into(), Ink::Robber)),
                bottom: Some((
                    format!("{}{}{}{}", letter(a), total(a), letter(b), total(b)),
                    Ink::Note,
                )),
            },
        };
        o.notes.insert(h.hex, note);
    }
}
