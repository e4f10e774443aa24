//! What one seat may see of a base game. Hidden information is filtered here, in one place:
//! a seat sees its own hand and development cards; of the others, only counts.

use super::{BaseGame, Phase};
use crate::engine::{Millis, Seat};
use crate::rules::pieces::{Building, Route};
use crate::rules::resources::ResourceSet;
use crate::rules::trade::Offer;
use crate::topology::{CornerId, EdgeId, HexId};
use serde::{Deserialize, Serialize};

pub use crate::rules::view::{OwnCard, PlayerPublic, PrivateView};

/// One seat's view of a base game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BaseView {
    /// Whose view this is; `None` for a spectator.
    pub seat: Option<Seat>,
    /// `setup`, `roll`, `discard`, `robber`, `main`, `road-building`, `special-build` (then
    /// `current` is the builder), `over`.
    pub phase: String,
    /// The seat the game waits for (the placing seat in setup), if one.
    pub current: Option<Seat>,
    pub turn: u32,
    pub robber: HexId,
    pub buildings: Vec<(CornerId, Building)>,
    pub routes: Vec<(EdgeId, Route)>,
    pub players: Vec<PlayerPublic>,
    pub you: Option<PrivateView>,
    pub bank: ResourceSet,
    pub deck: u32,
    pub last_roll: Option<(u8, u8)>,
    pub offers: Vec<Offer>,
    pub deadline: Option<Millis>,
    pub winner: Option<Seat>,
    pub vp_target: u32,
    /// How often each sum was rolled (2..=12).
    pub dice: [u32; 13],
    /// Cards each seat got from production (public: everyone sees production).
    pub produced: Vec<ResourceSet>,
    /// In setup, the settlement whose road comes next.
    pub setup_settlement: Option<CornerId>,
    pub free_roads: u8,
}

impl BaseView {
    pub fn of(g: &BaseGame, seat: Option<Seat>) -> BaseView {
        let owed = match &g.phase {
            Phase::Discard { owed } => owed.clone(),
            _ => Vec::new(),
        };
        let players = (0..g.cfg.seats as Seat)
            .map(|s| {
                // Once the game is over the hidden victory point cards are shown.
                let vp = if matches!(g.phase, Phase::Over { .. }) {
                    g.total_vp(s)
                } else {
                    g.public_vp(s)
                };
                let public = g.table.public_of(s, vp);
                PlayerPublic {
                    out: g.out[s as usize],
                    ..public.owing(&owed)
                }
            })
            .collect();
        let you = seat
            .filter(|s| (*s as usize) < g.cfg.seats)
            .map(|s| g.table.private_of(s, g.turn));
        let (phase, current, setup_settlement, free_roads) = match &g.phase {
            Phase::Setup { step, settlement } => {
                ("setup", Some(g.setup_seat(*step)), *settlement, 0)
            }
            Phase::Roll => ("roll", Some(g.current), None, 0),
            Phase::Discard { .. } => ("discard", None, None, 0),
            Phase::Robber { .. } => ("robber", Some(g.current), None, 0),
            Phase::Main => ("main", Some(g.current), None, 0),
            Phase::RoadBuilding { left, .. } => ("road-building", Some(g.current), None, *left),
            Phase::SpecialBuild { builder } => ("special-build", Some(*builder), None, 0),
            Phase::Over { .. } => ("over", None, None, 0),
        };
        BaseView {
            seat,
            phase: phase.into(),
            current,
            turn: g.turn,
            robber: g.table.robber,
            buildings: g.table.pieces.all_buildings().collect(),
            routes: g.table.pieces.all_routes().collect(),
            players,
            you,
            bank: g.table.bank,
            deck: g.table.deck.len() as u32,
            last_roll: g.last_roll,
            offers: g.table.offers.clone(),
            deadline: crate::ruleset::Ruleset::deadline(g),
            winner: g.winner(),
            vp_target: g.cfg.vp_target,
            dice: g.stats.dice,
            produced: g.stats.produced.clone(),
            setup_settlement,
            free_roads,
        }
    }
}
