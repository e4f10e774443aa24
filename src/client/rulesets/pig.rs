//! Pig's plain part of a client: its pieces, scores and `state` line.

use super::PlainUi;
use crate::board::render::{CornerPiece, Overlay};
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::pig::PigView;
use serde_json::{Value, json};

/// Pig settlers' view, shown.
pub struct Pig<'a>(pub &'a PigView);
impl<'a> PlainUi<'a> for Pig<'a> {

    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        let mut o = Overlay {
            letters: (0..seats.len().max(4))
                .map(|i| crate::client::overlay::seat_letter(seats, i))
                .collect(),
            ..Overlay::default()
        };
        for (c, s) in &self.0.settlements {
            o.corners.insert(*c, CornerPiece::Settlement(*s));
        }
        o
    }

    fn board_key(&self) -> String {
        "Pieces: a settlement is its owner's letter on a corner.".into()
    }

    fn public_scores(&self) -> Vec<(Seat, u32)> {
        self.0
            .settled
            .iter()
            .enumerate()
            .map(|(s, n)| (s as Seat, *n))
            .collect()
    }

    fn state_json(&self, st: &ClientState, u: &Update, deadline: Option<f64>) -> Value {
        let v = self.0;
        let players: Vec<Value> = v
            .settled
            .iter()
            .enumerate()
            .map(|(i, n)| {
                json!({
                    "seat": i + 1,
                    "name": u.seats.get(i).map(|s| s.name.clone()),
                    "settlements": n,
                })
            })
            .collect();
        json!({
            "variant": st.game.as_ref().map(|g| g.variant.clone()),
            "seat": st.seat.map(|s| s + 1),
            "phase": if v.over { "over" } else { "play" },
            "current": v.current + 1,
            "pool": v.pool,
            "turn": v.turn,
            "goal": v.goal,
            "hand": {},
            "deadline_secs": deadline,
            "players": players,
        })
    }
}
