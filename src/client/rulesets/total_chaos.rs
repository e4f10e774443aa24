//! Total Chaos's plain part of a client: its pieces, scores and `state` line.

use super::PlainUi;
use crate::board::render::Overlay;
use crate::client::overlay::{blank, pieces_into};
use crate::client::state::ClientState;
use crate::client::summary::{dev_cards_json, hand_json, offers_json, player_json};
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::total_chaos::ChaosView;
use serde_json::{Value, json};

/// A Total Chaos game's view in a client.
pub struct TotalChaos<'a>(pub &'a ChaosView);
impl<'a> PlainUi<'a> for TotalChaos<'a> {

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
        let v = self.0;
        let variant = st.game.as_ref().map(|g| g.variant.clone());
        json!({
            "variant": variant,
            "seat": st.seat.map(|s| s + 1),
            "phase": v.phase,
            "current": v.placing.map(|s| s + 1),
            "round": v.round,
            "hand": v.you.as_ref().map(|y| hand_json(&y.hand)).unwrap_or(json!({})),
            "dev_cards": v.you.as_ref().map(|y| dev_cards_json(&y.dev_cards)),
            "vp_total": v.you.as_ref().map(|y| y.vp_total),
            "deadline_secs": deadline,
            "phase_secs": v.phase_ms.map(|ms| ms as f64 / 1000.0),
            "dice": v.dice.iter().enumerate().map(|(s, d)| json!({"seat": s + 1, "dice": [d.0, d.1], "sum": d.0 + d.1})).collect::<Vec<_>>(),
            "owed": v.owed.iter().enumerate().filter(|(_, o)| !o.is_empty()).map(|(s, o)| json!({"seat": s + 1, "cards": o.to_string()})).collect::<Vec<_>>(),
            "robber": st.map.as_ref().map(|m| m.hex_name(v.robber).to_string()),
            "robber_holder": v.robber_holder.map(|s| s + 1),
            "robber_moved": v.robber_moved,
            "steals_left": v.steals_left,
            "steal_ask": v.steal_ask.map(|a| json!({"victim": a.victim + 1, "card": a.card.name()})),
            "ready": v.ready.iter().enumerate().filter(|(_, r)| **r).map(|(s, _)| s + 1).collect::<Vec<_>>(),
            "winner": v.winner.map(|s| s + 1),
            "offers": offers_json(&v.offers),
            "players": v.players.iter().map(|p| player_json(u, p.seat, json!({
                "vp": p.vp,
                "cards": p.cards,
                "dev_cards": p.dev_cards,
                "knights": p.knights,
                "longest_road": p.longest_road,
                "largest_army": p.largest_army,
                "must_discard": p.must_discard,
                "ready": v.ready.get(p.seat as usize).copied().unwrap_or(false),
            }))).collect::<Vec<_>>(),
        })
    }
}
