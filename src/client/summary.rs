//! The plain mode's `state`: a seat's view as one line of JSON, with the same fields for every
//! variant (`variant`, `seat`, `phase`, `current`, `hand`, `deadline_secs`, `players`) and each
//! variant's own additions. Seats are numbered from 1, as in commands.

use super::state::ClientState;
use crate::engine::Seat;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::trade::Offer;
use crate::variants::GameView;
use serde_json::{Map, Value, json};
use std::time::Instant;

/// A seat's own development cards, each with whether it may be played now.
fn dev_cards_json(cards: &[crate::variants::base::view::OwnCard]) -> Value {
    cards
        .iter()
        .map(|c| json!({"card": c.card.word(), "playable": c.playable}))
        .collect()
}

fn hand_json(h: &ResourceSet) -> Value {
    let mut m = Map::new();
    for r in Resource::ALL {
        m.insert(r.name().into(), json!(h[r]));
    }
    Value::Object(m)
}

/// Open trade offers as the state line shows them (seats from 1).
fn offers_json(offers: &[Offer]) -> Value {
    json!(
        offers
            .iter()
            .map(|o| json!({"id": o.id, "from": o.from + 1, "to": o.to.map(|t| t + 1), "give": o.give.to_string(), "get": o.get.to_string()}))
            .collect::<Vec<_>>()
    )
}

/// One player of the state line: what the table knows of the seat (name, colour, bot,
/// connection) and the variant's own fields (`own`, an object).
fn player_json(u: &crate::proto::Update, seat: Seat, own: Value) -> Value {
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

/// The state line.
pub fn state_json(st: &ClientState, now: Instant) -> Value {
    let variant = st.game.as_ref().map(|g| g.variant.clone());
    let Some(u) = &st.update else {
        return json!({
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
        });
    };
    let deadline = st.deadline_secs(now).map(|s| (s * 10.0).round() / 10.0);
    let mut out = match &u.view {
        GameView::Base(v) => base_json(st, u, v, &variant, deadline),
        GameView::Risk(rv) => {
            let mut out = base_json(st, u, &rv.base, &variant, deadline);
            if let Some(o) = out.as_object_mut() {
                o.extend(risk_json(st, rv));
            }
            out
        }
        GameView::TotalChaos(v) => json!({
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
        }),
        GameView::BigGame(v) => {
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
        GameView::Adaptations(v) => adaptations_json(v, st, u, deadline),
    };
    if let Some(o) = out.as_object_mut() {
        o.insert("legal_count".into(), json!(u.legal.len()));
    }
    out
}

/// The base game's fields of the state line (base games, and Risk under its armies).
fn base_json(
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

/// Risk's additions to the state line: every land hex with its armies (seat, foot, cavalry,
/// cannon), who holds it and the units it needs; the battle; sieges; annexed pieces.
fn risk_json(st: &ClientState, v: &crate::variants::risk::RiskView) -> Map<String, Value> {
    use crate::variants::risk::control::Hold;
    let hex = |h: crate::topology::HexId| st.map.as_ref().map(|m| m.hex_name(h).to_string());
    let corner = |c: crate::topology::CornerId| st.map.as_ref().map(|m| m.corner_name(c));
    let edge = |e: crate::topology::EdgeId| st.map.as_ref().map(|m| m.edge_name(e));
    let hold = |h: &Hold| match h {
        Hold::Empty => json!({"state": "empty"}),
        Hold::Occupied(s) => json!({"state": "occupied", "seat": s + 1}),
        Hold::Controlled(s) => json!({"state": "controlled", "seat": s + 1}),
        Hold::Contested(a, b) => json!({"state": "contested", "seats": [a + 1, b + 1]}),
    };
    let mut m = Map::new();
    m.insert(
        "armies".into(),
        Value::Array(
            v.hexes
                .iter()
                .map(|h| {
                    json!({
                        "hex": hex(h.hex),
                        "pips": h.pips,
                        "hold": hold(&h.hold),
                        "units": h.armies.iter().map(|a| json!({"seat": a.seat + 1, "foot": a.foot, "cavalry": a.cavalry, "cannon": a.cannon})).collect::<Vec<_>>(),
                    })
                })
                .collect(),
        ),
    );
    m.insert(
        "battle".into(),
        v.battle
            .as_ref()
            .map(|b| json!({"hex": hex(b.hex), "attacker": b.attacker + 1, "defender": b.defender + 1, "rounds": b.rounds}))
            .unwrap_or(Value::Null),
    );
    m.insert(
        "sieges".into(),
        json!(v.sieges.iter().map(|c| corner(*c)).collect::<Vec<_>>()),
    );
    m.insert(
        "annexed".into(),
        json!(
            v.annexed_buildings
                .iter()
                .map(|(c, b)| json!({"corner": corner(*c), "builder": b + 1}))
                .chain(
                    v.annexed_roads
                        .iter()
                        .map(|(e, b)| json!({"edge": edge(*e), "builder": b + 1}))
                )
                .collect::<Vec<_>>()
        ),
    );
    m.insert(
        "passage".into(),
        json!(
            v.passage
                .iter()
                .map(|(a, b)| json!([a + 1, b + 1]))
                .collect::<Vec<_>>()
        ),
    );
    m.insert(
        "neutral".into(),
        json!(v.neutral.iter().map(|s| s + 1).collect::<Vec<_>>()),
    );
    m.insert("units_bought".into(), json!(v.bought));
    m.insert("units_paid_in".into(), json!(v.declared.map(|r| r.name())));
    m
}

/// The `state` JSON of an Adaptations game: the board with herds per hex, seasons, piles,
/// each player's adaptations and AP.
fn adaptations_json(
    v: &crate::variants::adaptations::AdaptView,
    st: &ClientState,
    u: &crate::proto::Update,
    deadline: Option<f64>,
) -> Value {
    use crate::variants::adaptations::drift::name;
    use crate::variants::adaptations::{Adaptation, Piece};
    let variant = st.game.as_ref().map(|g| g.variant.clone());
    let land = |h| match v.tiles.iter().find(|(p, _)| *p == h) {
        Some((_, Piece::Land(t))) => t.name(),
        Some((_, Piece::Sea)) => "sea",
        None => "open water",
    };
    json!({
        "variant": variant,
        "seat": st.seat.map(|s| s + 1),
        "phase": v.phase,
        "current": v.prompted.first().map(|s| s + 1),
        "active": v.active + 1,
        "turn": v.turn,
        "max_turns": v.max_turns,
        "hand": v.hand.as_ref().map(hand_json).unwrap_or(json!({})),
        "deadline_secs": deadline,
        "high_season": v.high.map(|r| r.name()),
        "low_season": v.low.map(|r| r.name()),
        "discard": v.discard.to_string(),
        "draw": v.draw,
        "game_end": v.game_end,
        "retreat_from": v.retreat_from.map(name),
        "tiles": v.tiles.iter().map(|(h, p)| json!({"hex": name(*h), "tile": match p { Piece::Land(t) => t.name(), Piece::Sea => "sea" }})).collect::<Vec<_>>(),
        "herds": v.herds.iter().map(|(h, c)| json!({
            "hex": name(*h),
            "land": land(*h),
            "capacity": v.capacity.iter().find(|(p, _)| p == h).map(|c| c.1),
            "herds": c,
        })).collect::<Vec<_>>(),
        "winners": v.winners.iter().map(|s| s + 1).collect::<Vec<_>>(),
        "winner": v.winners.first().map(|s| s + 1),
        "scores": v.scores.iter().enumerate().map(|(s, sc)| json!({"seat": s + 1, "total": sc.total, "land": sc.land, "conflict": sc.conflict, "adaptations": sc.adaptations})).collect::<Vec<_>>(),
        "players": v.players.iter().map(|p| player_json(u, p.seat, json!({
            "cards": p.cards,
            "ap": p.ap,
            "marker": p.marker,
            "conflict_vp": p.conflict_vp,
            "on_board": p.on_board,
            "adaptations": Adaptation::ALL.iter().filter(|a| p.adaptations[a.index()] > 0).map(|a| json!({"name": a.name(), "count": p.adaptations[a.index()]})).collect::<Vec<_>>(),
        }))).collect::<Vec<_>>(),
    })
}
