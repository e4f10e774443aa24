//! The plain mode's `state`: a seat's view as one line of JSON, with the same fields for every
//! variant (`variant`, `seat`, `phase`, `current`, `hand`, `deadline_secs`, `players`) and each
//! variant's own additions. Seats are numbered from 1, as in commands.

use super::state::ClientState;
use crate::engine::Seat;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::trade::Offer;
use serde_json::{Map, Value, json};

/// A seat's own development cards, each with whether it may be played now.
pub fn dev_cards_json(cards: &[crate::variants::base::view::OwnCard]) -> Value {
    cards
        .iter()
        .map(|c| json!({"card": c.card.word(), "playable": c.playable}))
        .collect()
}

/// A hand as an object of counts by resource name.
pub fn hand_json(h: &ResourceSet) -> Value {
    let mut m = Map::new();
    for r in Resource::ALL {
        m.insert(r.name().into(), json!(h[r]));
    }
    Value::Object(m)
}

/// Open trade offers as the state line shows them (seats from 1).
pub fn offers_json(offers: &[Offer]) -> Value {
    json!(
        offers
            .iter()
            .map(|o| json!({"id": o.id, "from": o.from + 1, "to": o.to.map(|t| t + 1), "give": o.give.to_string(), "get": o.get.to_string()}))
            .collect::<Vec<_>>()
    )
}

/// One player of the state line: what the table knows of the seat (name, colour, bot,
/// connection) and the variant's own fields (`own`, an object).
pub fn player_json(u: &crate::proto::Update, seat: Seat, own: Value) -> Value {
    let info = u.seats.get(seat as usize);
    let mut player = json!({
        "seat": seat + 1,
        "name": info.map(|i| i.name.clone()),
        "color": info.map(|i| i.color.clone()),
        "bot": info.map(|i| i.bot),
        "connected": info.map(|i| i.connected),
        "away": info.map(|i| i.away),
    });
    if let (Some(p), Value::Object(own)) = (player.as_object_mut(), own) {
        p.extend(own);
    }
    player
}

/// The state line before the game starts: the lobby's seats.
pub fn lobby_json(st: &ClientState) -> Value {
    let variant = st.game.as_ref().map(|g| g.variant.clone());
    json!({
        "variant": variant,
        "seat": st.seat.map(|s| s + 1),
        "phase": "lobby",
        "current": null,
        "hand": {},
        "deadline_secs": null,
        "players": st.lobby.as_ref().map(|l| l.seats.iter().enumerate().filter_map(|(i, s)| s.as_ref().map(|s| json!({
            "seat": i + 1, "name": s.name, "bot": s.bot, "connected": s.connected, "ready": s.ready, "color": s.color,
            "vp": 0, "cards": 0, "dev_cards": 0,
        }))).collect::<Vec<_>>()).unwrap_or_default(),
    })
}
