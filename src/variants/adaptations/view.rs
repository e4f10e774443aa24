//! What one seat may see of an Adaptations game (A36): its own hand; of the others, hand
//! counts. The board (tiles, herds, capacities), adaptations, AP pools, season cards, discard
//! counts and the Game End count are public.

use super::drift::name;
use super::{AdaptGame, Phase, Piece, Score};
use crate::engine::{Millis, Seat};
use crate::geometry::Hex;
use crate::rules::resources::{Resource, ResourceSet};
use serde::{Deserialize, Serialize};

/// One player's public side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub cards: u32,
    /// Adaptations held, by [`super::Adaptation::index`].
    pub adaptations: [u8; 9],
    pub ap: u32,
    pub marker: bool,
    pub conflict_vp: u32,
    pub on_board: u32,
    pub in_supply: u32,
}

/// One seat's view of an Adaptations game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AdaptView {
    /// Whose view this is; `None` for a spectator.
    pub seat: Option<Seat>,
    /// `placement`, `climate`, `evolution`, `territorial`, `retreat`, `over`.
    pub phase: String,
    pub turn: u32,
    pub max_turns: u32,
    pub active: Seat,
    /// Who may act now.
    pub prompted: Vec<Seat>,
    pub deadline: Option<Millis>,
    pub phase_ms: Option<Millis>,
    pub tiles: Vec<(Hex, Piece)>,
    /// Herds per position, one count per seat.
    pub herds: Vec<(Hex, Vec<u32>)>,
    /// Each land tile's capacity under the current seasons.
    pub capacity: Vec<(Hex, u32)>,
    pub high: Option<Resource>,
    pub low: Option<Resource>,
    pub discard: ResourceSet,
    pub draw: u32,
    pub game_end: u32,
    pub supply: [u8; 9],
    pub players: Vec<PlayerView>,
    /// Your hand.
    pub hand: Option<ResourceSet>,
    /// Players who made each capped play this turn: single drift, water drift, season change,
    /// bonus marker.
    pub caps_used: [u8; 4],
    pub declared: Vec<(Seat, Hex)>,
    /// Where a removal awaits a Retreat answer.
    pub retreat_from: Option<Hex>,
    pub scores: Vec<Score>,
    pub winners: Vec<Seat>,
}

impl AdaptView {
    pub fn of(g: &AdaptGame, seat: Option<Seat>) -> AdaptView {
        let n = g.seats();
        AdaptView {
            seat,
            phase: g.phase.name().into(),
            turn: g.turn,
            max_turns: g.cfg.max_turns,
            active: g.active,
            prompted: g.prompted(),
            deadline: if g.phase == Phase::Over {
                None
            } else {
                g.deadline
            },
            phase_ms: g.cfg.phase_ms,
            tiles: g.tiles.iter().map(|(h, p)| (*h, *p)).collect(),
            herds: g.herds.iter().map(|(h, v)| (*h, v.clone())).collect(),
            capacity: g
                .tiles
                .keys()
                .filter_map(|h| g.capacity(*h).map(|c| (*h, c)))
                .collect(),
            high: g.high,
            low: g.low,
            discard: g.discard,
            draw: g.draw.len() as u32,
            game_end: g.game_end,
            supply: g.supply,
            players: (0..n as Seat)
                .map(|s| PlayerView {
                    seat: s,
                    cards: g.hands[s as usize].total(),
                    adaptations: g.held[s as usize],
                    ap: g.ap[s as usize],
                    marker: g.markers[s as usize],
                    conflict_vp: g.conflict_vp[s as usize],
                    on_board: g.on_board(s),
                    in_supply: g.in_supply(s),
                })
                .collect(),
            hand: seat.map(|s| g.hands[s as usize]),
            caps_used: [
                g.drifts_used,
                g.water_used,
                g.seasons_used,
                g.markers.iter().filter(|m| **m).count() as u8,
            ],
            declared: g.declared.clone(),
            retreat_from: g.pending_hex(),
            scores: g.scores.clone(),
            winners: g.winners.clone(),
        }
    }

    /// The herds at each position in words: `AB forest 3/5: 2 1 0 0`, for `state` and the
    /// plain client.
    pub fn herd_lines(&self) -> Vec<String> {
        self.herds
            .iter()
            .map(|(h, v)| {
                let what = match self.tiles.iter().find(|(p, _)| p == h) {
                    Some((_, Piece::Land(t))) => {
                        let cap = self
                            .capacity
                            .iter()
                            .find(|(p, _)| p == h)
                            .map_or(0, |c| c.1);
                        format!("{} {}/{}", t.name(), v.iter().sum::<u32>(), cap)
                    }
                    Some((_, Piece::Sea)) => "sea".into(),
                    None => "open water".into(),
                };
                format!(
                    "{} {what}: {}",
                    name(*h),
                    v.iter()
                        .map(|c| c.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            })
            .collect()
    }
}

impl AdaptView {
    /// The map the renderer draws: the same positions the engine derives (tiles, the open
    /// water beside them, swimmers).
    pub fn map(&self) -> crate::board::Map {
        let tiles = self.tiles.iter().copied().collect();
        let herds = self.herds.iter().cloned().collect();
        super::drift::render_map(&tiles, &herds)
    }

    /// What the renderer writes in each drawn position: the name and the capacity (`~` for a
    /// sea tile, nothing for open water) above the label, the herds beside the terrain on the
    /// label line, between the hex's own corners (`<F a3b2>`), so no herd reads as a
    /// neighbour's: seat letters and counts when at most two players are there (`a3b2`), else
    /// one digit per seat.
    pub fn notes(
        &self,
        map: &crate::board::Map,
        letters: &[char],
    ) -> std::collections::HashMap<crate::topology::HexId, crate::board::render::HexNote> {
        use crate::board::render::{HexNote, Ink};
        let mut out = std::collections::HashMap::new();
        for id in map.topology.hex_ids() {
            let h = map.topology.hex(id);
            if !super::drift::in_frame(h) {
                continue;
            }
            let tile = self.tiles.iter().find(|(p, _)| *p == h).map(|t| t.1);
            let top = match tile {
                Some(Piece::Land(_)) => {
                    let cap = self
                        .capacity
                        .iter()
                        .find(|(p, _)| *p == h)
                        .map_or(0, |c| c.1);
                    format!("{:<3}{cap}", name(h))
                }
                Some(Piece::Sea) => format!("{:<3}~", name(h)),
                None => name(h),
            };
            let herds = self.herds.iter().find(|(p, _)| *p == h).map(|(_, v)| {
                let present: Vec<(usize, u32)> = v
                    .iter()
                    .copied()
                    .enumerate()
                    .filter(|(_, c)| *c > 0)
                    .collect();
                let digit = |c: u32| {
                    if c > 9 {
                        '+'
                    } else {
                        char::from_digit(c, 10).unwrap_or('+')
                    }
                };
                if present.len() <= 2 {
                    present
                        .iter()
                        .flat_map(|(s, c)| [letters.get(*s).copied().unwrap_or('?'), digit(*c)])
                        .collect::<String>()
                } else {
                    v.iter()
                        .map(|c| if *c == 0 { '.' } else { digit(*c) })
                        .collect()
                }
            });
            let ink = if tile.is_some_and(|t| matches!(t, Piece::Land(_))) {
                Ink::Note
            } else {
                Ink::Sea
            };
            out.insert(
                id,
                HexNote {
                    top: Some((top, ink)),
                    bottom: None,
                    beside: herds.map(|b| {
                        let one = self.herds.iter().find(|(p, _)| *p == h).and_then(|(_, v)| {
                            let who: Vec<usize> = (0..v.len()).filter(|s| v[*s] > 0).collect();
                            (who.len() == 1).then(|| who[0] as Seat)
                        });
                        (b, one.map_or(Ink::Note, Ink::Player))
                    }),
                },
            );
        }
        out
    }
}
