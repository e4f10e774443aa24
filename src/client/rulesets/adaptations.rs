//! Adaptations' plain part of a client: its herds, conflict points and `state` line.

use super::PlainUi;
use crate::board::render::Overlay;
use crate::client::overlay::blank;
use crate::client::state::ClientState;
use crate::client::summary::{hand_json, player_json};
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::adaptations::AdaptView;
use serde_json::{Value, json};

/// An Adaptations game's view in a client.
pub struct Adaptations<'a>(pub &'a AdaptView);

/// The `state` JSON of an Adaptations game: the board with herds per hex, seasons, piles,
/// each player's adaptations and AP.
fn state_json(
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
impl<'a> PlainUi<'a> for Adaptations<'a> {

    /// The tiles drift: the map comes with every view.
    fn carried_map(&self) -> Option<crate::board::Map> {
        Some(self.0.map())
    }

    /// The water and open positions carry names and swimmers.
    fn production_dice(&self) -> bool {
        false
    }

    fn shows_sea(&self) -> bool {
        true
    }

    /// A herd move that overcrowds a hex is said before it goes.
    fn warn_before(&self, line: &str) -> Option<String> {
        overcrowding(self.0, line)
    }

    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        let mut o = blank(seats);
        let map = self.0.map();
        o.notes = self.0.notes(&map, &o.letters);
        o
    }

    fn board_key(&self) -> String {
        "Hexes: name and capacity on the top line, herds beside the terrain letter between the hex's own corners (<F a2b1>: a2b1, or one digit per seat), ~ a sea tile."
            .into()
    }

    /// The points of conflicts won (the Game End pile scores at the end).
    fn public_scores(&self) -> Vec<(Seat, u32)> {
        self.0
            .players
            .iter()
            .map(|p| (p.seat, p.conflict_vp))
            .collect()
    }

    fn state_json(&self, st: &ClientState, u: &Update, deadline: Option<f64>) -> Value {
        state_json(self.0, st, u, deadline)
    }
}

/// What a herd command would leave over a hex's capacity, said before it is sent so the
/// player is not surprised by the conflict phase (A23): one sentence per overcrowded hex, or
/// `None` when the command moves no herds or every hex stays within its capacity. Places,
/// migrations, swims and reproductions count; hexes the command does not touch are left out.
pub fn overcrowding(v: &AdaptView, line: &str) -> Option<String> {
    use crate::variants::adaptations::command::{Command, parse};
    use crate::variants::adaptations::{Phase, drift::name};
    let cmd = parse(&Phase::Over, line).ok()?;
    let mut change: Vec<(crate::geometry::Hex, i64)> = Vec::new();
    let mut add = |h, n: i64| match change.iter_mut().find(|(p, _)| *p == h) {
        Some(c) => c.1 += n,
        None => change.push((h, n)),
    };
    match &cmd {
        Command::Place(a, b) => {
            add(*a, 1);
            add(*b, 1);
        }
        Command::Migrate(steps) | Command::Swim(steps) => {
            for s in steps {
                add(s.from, -i64::from(s.n));
                add(s.to, i64::from(s.n));
            }
        }
        Command::Reproduce(hexes) => hexes.iter().for_each(|h| add(*h, 1)),
        _ => return None,
    }
    let said: Vec<String> = change
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .filter_map(|(h, n)| {
            let now: i64 = v
                .herds
                .iter()
                .find(|(p, _)| *p == h)
                .map_or(0, |(_, c)| c.iter().map(|x| i64::from(*x)).sum());
            let cap = v
                .capacity
                .iter()
                .find(|(p, _)| *p == h)
                .map_or(0, |c| i64::from(c.1));
            let after = now + n;
            (after > cap).then(|| {
                format!(
                    "{} holds {cap} herd{}: this leaves {after} there; the conflict phase will remove {}.",
                    name(h),
                    if cap == 1 { "" } else { "s" },
                    after - cap
                )
            })
        })
        .collect();
    (!said.is_empty()).then(|| said.join(" "))
}
