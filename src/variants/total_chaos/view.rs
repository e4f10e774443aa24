//! What one seat may see of a Total Chaos game. Hidden information is filtered here, in one
//! place: a seat sees its own hand and development cards; of the others, only counts. The
//! arbiter's state is public: the phase and its clock, everyone's dice, what the dice owe,
//! who holds the robber, the ready votes.

use super::{ChaosGame, Phase, RoundTally, StealAsk};
use crate::engine::{Millis, Seat};
use crate::rules::pieces::{Building, Route};
use crate::rules::resources::ResourceSet;
use crate::rules::trade::Offer;
use crate::rules::view::{PlayerPublic, PrivateView};
use crate::topology::{CornerId, EdgeId, HexId};
use serde::{Deserialize, Serialize};

/// One seat's view of a Total Chaos game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChaosView {
    /// Whose view this is; `None` for a spectator.
    pub seat: Option<Seat>,
    /// `setup`, `resource`, `robber-discard`, `robber-steal`, `build`, `cooldown`, `over`.
    pub phase: String,
    pub round: u32,
    /// When the phase (or, in setup, the placement) runs out, in game time.
    pub deadline: Option<Millis>,
    /// The phase's full length, for a countdown bar.
    pub phase_ms: Option<Millis>,
    /// In setup: the random order, the seat placing now and its new settlement.
    pub order: Vec<Seat>,
    pub placing: Option<Seat>,
    pub setup_settlement: Option<CornerId>,
    /// This round's dice, one pair per seat.
    pub dice: Vec<(u8, u8)>,
    /// What the dice owe each seat and has not been claimed (resource phase).
    pub owed: Vec<ResourceSet>,
    pub robber: HexId,
    /// Who controls the robber this round, if a 7 was rolled.
    pub robber_holder: Option<Seat>,
    pub robber_moved: bool,
    pub steals_left: u8,
    pub steal_ask: Option<StealAsk>,
    /// Ready votes by seat.
    pub ready: Vec<bool>,
    pub buildings: Vec<(CornerId, Building)>,
    pub routes: Vec<(EdgeId, Route)>,
    pub players: Vec<PlayerPublic>,
    pub you: Option<PrivateView>,
    /// Whether you may still play a development card in this building phase.
    pub dev_play_left: bool,
    pub bank: ResourceSet,
    pub deck: u32,
    pub offers: Vec<Offer>,
    pub winner: Option<Seat>,
    pub vp_target: u32,
    /// The round so far (the cooldown's summary).
    pub tally: Vec<RoundTally>,
}

impl ChaosView {
    pub fn of(g: &ChaosGame, seat: Option<Seat>) -> ChaosView {
        let owed_discard = match &g.phase {
            Phase::Discard { owed } => owed.clone(),
            _ => Vec::new(),
        };
        let players = (0..g.cfg.seats as Seat)
            .map(|s| g.table.public_of(s, g.public_vp(s)).owing(&owed_discard))
            .collect();
        let mine = seat.filter(|s| (*s as usize) < g.cfg.seats);
        let you = mine.map(|s| g.table.private_of(s, g.round));
        let (placing, setup_settlement) = match &g.phase {
            Phase::Setup { step, settlement } => (Some(g.setup_seat(*step)), *settlement),
            _ => (None, None),
        };
        let (robber_moved, steals_left, steal_ask) = match &g.phase {
            Phase::Robber {
                moved,
                steals_left,
                ask,
            } => (*moved, *steals_left, *ask),
            _ => (false, 0, None),
        };
        ChaosView {
            seat,
            phase: g.phase.name().into(),
            round: g.round,
            deadline: crate::ruleset::Ruleset::deadline(g),
            phase_ms: g.phase_length(),
            order: g.order.clone(),
            placing,
            setup_settlement,
            dice: g.dice.clone(),
            owed: match &g.phase {
                Phase::Resource { owed } => owed.clone(),
                _ => vec![ResourceSet::EMPTY; g.cfg.seats],
            },
            robber: g.table.robber,
            robber_holder: g.robber_holder,
            robber_moved,
            steals_left,
            steal_ask,
            ready: g.ready.clone(),
            buildings: g.table.pieces.all_buildings().collect(),
            routes: g.table.pieces.all_routes().collect(),
            players,
            you,
            dev_play_left: mine.is_some_and(|s| !g.dev_played[s as usize]),
            bank: g.table.bank,
            deck: g.table.deck.len() as u32,
            offers: g.table.offers.clone(),
            winner: g.winner(),
            vp_target: g.cfg.vp_target,
            tally: g.tally.clone(),
        }
    }
}
