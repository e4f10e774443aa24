//! Base Catan's plain part of a client: its pieces, scores and `state` line.

use super::PlainUi;
use crate::board::render::Overlay;
use crate::client::overlay::{blank, pieces_into};
use crate::client::state::ClientState;
use crate::client::summary::{dev_cards_json, hand_json, offers_json, player_json};
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::base::BaseView;
use serde_json::{Value, json};

/// A base game's view in a client.
pub struct Base<'a>(pub &'a BaseView);

/// The base game's fields of the state line (base games, and Risk under its armies).
pub fn state_json(
    st: &ClientState,
    u: &crate::proto::Update,
    v: &crate::variants::base::BaseView,
    variant: &Option<String>,
    deadline: Option<f64>,
) -> Value {
    json!({
        "variant": variant,
        "seat": st.seat.map(|s| s + 1),
        "phase": v.phase,
        "current": v.current.map(|s| s + 1),
        "turn": v.turn,
        "hand": v.you.as_ref().map(|y| hand_json(&y.hand)).unwrap_or(json!({})),
        "dev_cards": v.you.as_ref().map(|y| dev_cards_json(&y.dev_cards)),
        "vp_total": v.you.as_ref().map(|y| y.vp_total),
        "deadline_secs": deadline,
        "last_roll": v.last_roll.map(|(a, b)| a + b),
        "robber": st.map.as_ref().map(|m| m.hex_name(v.robber).to_string()),
        "winner": v.winner.map(|s| s + 1),
        "offers": offers_json(&v.offers),
        "players": v.players.iter().map(|p| player_json(u, p.seat, json!({
            "vp": p.vp,
            "cards": p.cards,
            "dev_cards": p.dev_cards,
            "knights": p.knights,
            "longest_road": p.longest_road,
            "largest_army": p.largest_army,
        }))).collect::<Vec<_>>(),
    })
}
impl<'a> PlainUi<'a> for Base<'a> {

    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        let mut o = blank(seats);
        pieces_into(&mut o, &self.0.buildings, &self.0.routes);
        o.robbers.push(self.0.robber);
        o
    }

    fn board_key(&self) -> String {
        super::pieces_key()
    }

    fn public_scores(&self) -> Vec<(Seat, u32)> {
        self.0.players.iter().map(|p| (p.seat, p.vp)).collect()
    }

    fn state_json(&self, st: &ClientState, u: &Update, deadline: Option<f64>) -> Value {
        let variant = st.game.as_ref().map(|g| g.variant.clone());
        state_json(st, u, self.0, &variant, deadline)
    }
}
