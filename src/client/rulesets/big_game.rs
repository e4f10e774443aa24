//! The Big Game's plain part of a client: its pieces, standings and `state` line.

use super::PlainUi;
use crate::board::render::Overlay;
use crate::client::overlay::{blank, pieces_into};
use crate::client::state::ClientState;
use crate::client::summary::{dev_cards_json, hand_json, offers_json, player_json};
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::big_game::BigView;
use serde_json::{Value, json};

/// A Big Game's view in a client.
pub struct BigGame<'a>(pub &'a BigView);
impl<'a> PlainUi<'a> for BigGame<'a> {

    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        let mut o = blank(seats);
        pieces_into(&mut o, &self.0.buildings, &self.0.routes);
        o.robbers.extend(self.0.robbers.iter().copied());
        o
    }

    fn board_key(&self) -> String {
        super::pieces_key()
    }

    /// The standings the view carries (a hall's seat sees the top of them).
    fn public_scores(&self) -> Vec<(Seat, u32)> {
        self.0.standings.clone()
    }

    fn state_json(&self, st: &ClientState, u: &Update, deadline: Option<f64>) -> Value {
        let v = self.0;
        let variant = st.game.as_ref().map(|g| g.variant.clone());
        {
            let group = |g: crate::variants::big_game::Group| g.name().to_lowercase();
            let hex =
                |h: crate::topology::HexId| st.map.as_ref().map(|m| m.hex_name(h).to_string());
            let mut first = json!({
                "variant": variant,
                "seat": st.seat.map(|s| s + 1),
                "phase": v.phase,
                "current": null,
                "round": v.round,
                "group": v.group.map(group),
                "your_group": v.seat.map(|s| group(crate::variants::big_game::Group::of(s))),
                "active": v.active,
                "board": v.seat.map(|s| s as usize / 2 + 1),
                "boards": v.boards,
                "reach": v.you.as_ref().map(|y| y.reach.clone()),
                "partners": v.you.as_ref().map(|y| y.partners.iter().map(|s| s + 1).collect::<Vec<_>>()),
                "setup": v.you.as_ref().map(|y| y.setup.clone()),
                "hand": v.you.as_ref().map(|y| hand_json(&y.hand)).unwrap_or(json!({})),
                "dev_cards": v.you.as_ref().map(|y| dev_cards_json(&y.dev_cards)),
                "vp_total": v.you.as_ref().map(|y| y.vp_total),
                "rank": v.you.as_ref().map(|y| y.rank),
                "bank_rates": v.you.as_ref().map(|y| y.bank_rates),
                "free_routes": v.you.as_ref().map(|y| y.free_routes),
                "deadline_secs": deadline,
            });
            let more = json!({
                "dice": v.last_roll.map(|d| json!([d.0, d.1])),
                "roll": v.last_roll.map(|d| d.0 + d.1),
                "robber_roll": v.robber_roll.map(|d| d.0 + d.1),
                "robbers": v.robbers.iter().map(|h| hex(*h)).collect::<Vec<_>>(),
                "banks": v.banks.iter().map(|(b, r)| json!({"board": b + 1, "bank": r.to_string()})).collect::<Vec<_>>(),
                "vp_target": v.vp_target,
                "max_rounds": v.max_rounds,
                "winners": v.winners.iter().map(|s| s + 1).collect::<Vec<_>>(),
                "winner": v.winners.first().map(|s| s + 1),
                "standings": v.standings.iter().map(|(s, vp)| json!({"seat": s + 1, "vp": vp})).collect::<Vec<_>>(),
                "offers": offers_json(&v.offers),
                "players": v.players.iter().map(|p| player_json(u, p.seat, json!({
                    "board": p.board,
                    "group": group(p.group),
                    "vp": p.vp,
                    "cards": p.cards,
                    "dev_cards": p.dev_cards,
                    "knights": p.knights,
                    "road_length": p.road_length,
                    "longest_road": p.longest_road,
                    "largest_army": p.largest_army,
                    "territory_bonus": p.territory_bonus,
                    "must_discard": p.must_discard,
                    "ended": p.ended,
                    "turns": p.turns,
                }))).collect::<Vec<_>>(),
            });
            if let (Some(a), Value::Object(b)) = (first.as_object_mut(), more) {
                a.extend(b);
            }
            first
        }
    }
}
