//! Risk of Catan: base Catan with armies on the hexes. Occupation, control and contest of
//! hexes, battles with Risk dice, cannons' barrages, annexing buildings and roads, and
//! elimination (rules/risk-of-catan.md with the rulings in rules/risk-of-catan-rulings.md and
//! docs/rules/risk.md).
//!
//! The game composes a [`BaseGame`]: base commands (building, trading, the robber,
//! development cards, rolling) go to it unchanged, through three small hooks it offers for this
//! variant (a production filter, a change of holder for annexed pieces, seats that are out).
//! This module adds the army layer on top and runs the state-based rules (control, annexing,
//! elimination, the win) after every action.

mod apply;
pub mod armies;
pub mod battle;
pub mod bot;
mod clock;
pub mod command;
pub mod control;
pub mod event;
mod legal;
mod moves;
mod melee;
mod movement;
pub mod settings;
mod setup;
#[cfg(test)]
mod tests;
mod upkeep;
pub mod view;

pub use armies::{Force, UnitKind};
pub use command::Command;
pub use event::Event;
pub use settings::RiskSettings;
pub use view::RiskView;

use crate::board::{BoardSpec, Map, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, Seat};
use crate::rules::facts::Fact;
use crate::rules::pieces::BuildingKind;
use crate::rules::points::{PointSource, SeatPoints};
use crate::rules::resources::Resource;
use crate::ruleset::{AuditError, Ruleset};
use crate::topology::{CornerId, HexId};
use crate::variants::base::{BaseConfig, BaseGame};
use armies::Armies;
use serde::{Deserialize, Serialize};

/// The summary's point source for buildings a seat holds because it annexed them (they
/// stand between cities and the longest road).
pub const ANNEXED: PointSource = PointSource::own(20, "annexed", "annx");

/// How a Risk game is set up: the base game's settings (board, VP target, timer, options).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RiskConfig {
    pub base: BaseConfig,
}

impl RiskConfig {
    pub fn new(seats: usize, seed: u64) -> RiskConfig {
        RiskConfig {
            base: BaseConfig::new(seats, seed),
        }
    }
}

/// What the army layer waits for, on top of the base game's phase.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// The base game drives (setup placements, turns).
    Play,
    /// A setup settlement's free starting unit (R1, R2).
    StartUnit { seat: Seat, settlement: CornerId },
    /// The claim loop (R3): `seat` places one free foot soldier on an empty land hex.
    Claim { seat: Seat },
    /// A melee between rounds: the attacker continues, stops or retreats (R15).
    Battle(Battle),
}

/// A melee in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battle {
    pub hex: HexId,
    pub attacker: Seat,
    pub defender: Seat,
    /// Started by moving into a hex the defender controlled: stopping while it still has
    /// enough units to control it forces a retreat (R15).
    pub entered: bool,
    pub rounds: u32,
}

/// A Risk of Catan game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RiskGame {
    pub(crate) base: BaseGame,
    pub(crate) armies: Armies,
    pub(crate) stage: Stage,
    /// Who built each building (by corner) and road (by edge); the holder is the base
    /// pieces' owner. They differ only after an annexation; piece supplies follow the
    /// builder (R34).
    pub(crate) built_by_corner: Vec<Option<Seat>>,
    pub(crate) built_by_edge: Vec<Option<Seat>>,
    /// Passage grants: bit `g` of `passage[s]` says `s` lets `g` move through its network.
    pub(crate) passage: Vec<u32>,
    /// Seats that resigned: their pieces stay as neutral (R40).
    pub(crate) neutral: Vec<bool>,
    /// Units each seat ever got (bought or free): none can have more on the board.
    pub(crate) recruited: Vec<u32>,
    /// This turn's declared resource type for units (R22) and units bought (R24).
    pub(crate) declared: Option<Resource>,
    pub(crate) bought: u32,
    /// With trade-then-build: the current player has moved or fought, so building is over.
    pub(crate) marched: bool,
    /// The turn the army layer last reset its per-turn state for.
    pub(crate) turn_seen: u32,
    /// Placements of the claim loop so far.
    pub(crate) claims: u32,
    /// Setup over (S4 ran): annexation and elimination are live.
    pub(crate) live: bool,
    /// Deadline of a placement or battle decision when the game has a turn timer.
    pub(crate) stage_deadline: Option<Millis>,
}

impl RiskGame {
    pub fn new(cfg: RiskConfig) -> Result<RiskGame, String> {
        if !(2..=4).contains(&cfg.base.seats) {
            return Err(format!(
                "Risk of Catan is for 2 to 4 players, not {}",
                cfg.base.seats
            ));
        }
        let base = BaseGame::new(cfg.base)?;
        let topo = &base.table.map.topology;
        let (h, c, e) = (topo.hex_count(), topo.corner_count(), topo.edge_count());
        let n = base.cfg.seats;
        Ok(RiskGame {
            armies: Armies::new(h),
            stage: Stage::Play,
            built_by_corner: vec![None; c],
            built_by_edge: vec![None; e],
            passage: vec![0; n],
            neutral: vec![false; n],
            recruited: vec![0; n],
            declared: None,
            bought: 0,
            marched: false,
            turn_seen: 0,
            claims: 0,
            live: false,
            stage_deadline: None,
            base,
        })
    }

    /// The base game underneath (board, hands, pieces, turn).
    pub fn base(&self) -> &BaseGame {
        &self.base
    }
    pub fn map(&self) -> &Map {
        self.base.map()
    }
    pub fn board_spec(&self) -> &BoardSpec {
        self.base.board_spec()
    }
    pub fn config(&self) -> &BaseConfig {
        self.base.config()
    }
    pub fn armies(&self) -> &Armies {
        &self.armies
    }
    pub fn stage(&self) -> &Stage {
        &self.stage
    }
    pub fn current(&self) -> Seat {
        self.base.current()
    }
    pub fn turn(&self) -> u32 {
        self.base.turn()
    }
    pub fn seats(&self) -> usize {
        self.base.seats()
    }
    /// Units bought this turn and the type they are paid in.
    pub fn bought_this_turn(&self) -> (u32, Option<Resource>) {
        (self.bought, self.declared)
    }
    /// Units a seat ever got.
    pub fn recruited(&self, seat: Seat) -> u32 {
        self.recruited[seat as usize]
    }
    /// Whether `grantor` lets `grantee` move through its network.
    pub fn grants(&self, grantor: Seat, grantee: Seat) -> bool {
        self.passage[grantor as usize] & (1 << grantee) != 0
    }
    /// Who built the building on a corner.
    pub fn builder_of_corner(&self, c: CornerId) -> Option<Seat> {
        self.built_by_corner[c.index()]
    }
    /// Who built the road on an edge.
    pub fn builder_of_edge(&self, e: crate::topology::EdgeId) -> Option<Seat> {
        self.built_by_edge[e.index()]
    }
    pub fn winner(&self) -> Option<Seat> {
        self.base.winner()
    }
    pub fn public_vp(&self, seat: Seat) -> u32 {
        self.base.public_vp(seat)
    }
    pub fn total_vp(&self, seat: Seat) -> u32 {
        self.base.total_vp(seat)
    }
    /// Deals what `seat` cannot see afresh (see [`BaseGame::redeterminize`]): armies,
    /// control and battles are public, so the hidden parts are the base game's.
    pub fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) {
        self.base.redeterminize(seat, rng);
    }
}

crate::ruleset::turn_order!(RiskGame, turns);

impl Ruleset for RiskGame {
    crate::ruleset::ruleset_glue!(name: "risk", view: RiskView, settings: RiskSettings;
        map_words, from_config, own_apply, own_legal);

    fn move_of(&self, cmd: &Command) -> crate::proto::moves::Move {
        moves::move_of(cmd)
    }
    fn event_kind(&self, ev: &Event) -> crate::proto::moves::EventKind {
        moves::event_kind(ev).unwrap_or_else(|| crate::ruleset::kind_from_facts(self, ev))
    }

    /// Base's first rows: the rest of base's settings do not change how Risk reads.
    fn settings_text(&self) -> Vec<(String, String)> {
        self.base.settings_rows(self.name()).rows()
    }

    fn map_recipe(&self) -> MapRecipe {
        self.base.map_recipe()
    }

    fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) -> bool {
        RiskGame::redeterminize(self, seat, rng);
        true
    }

    fn reseed_future(&mut self, seed: u64) -> bool {
        self.base.reseed_future(seed)
    }

    fn deadline(&self) -> Option<Millis> {
        if self.base.winner().is_some() {
            return None;
        }
        match self.stage {
            Stage::Play => self.base.deadline(),
            _ => self.stage_deadline,
        }
    }
    fn actors_into(&self, out: &mut Vec<Seat>) {
        match &self.stage {
            _ if self.base.winner().is_some() => out.clear(),
            Stage::Play => self.base.actors_into(out),
            Stage::StartUnit { seat, .. } | Stage::Claim { seat } => {
                out.clear();
                out.push(*seat);
            }
            Stage::Battle(b) => {
                out.clear();
                out.push(b.attacker);
            }
        }
    }
    /// In play, base's answer; a stage of Risk's own waits for the one seat it names, its
    /// only actor.
    fn waits_for(&self, seat: Seat) -> bool {
        match &self.stage {
            Stage::Play => self.base.is_waited_for(seat),
            _ => self.is_actor(seat),
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        self.base.outcome()
    }
    /// Base's points, with the buildings a seat holds by annexing them counted apart.
    fn points_by_source(&self) -> Vec<SeatPoints> {
        let mut all = self.base.points_by_source();
        for (s, points) in all.iter_mut().enumerate() {
            self.split_annexed(s as Seat, points);
        }
        all
    }
    fn recap_facts(&self, ev: &Event, out: &mut Vec<Fact>) {
        if let Event::Base(e) = ev {
            self.base.recap_facts(e, out);
        }
    }
    fn reveal(&self, ev: &Event, names: &[String]) -> Option<String> {
        match ev {
            Event::Base(e) => crate::variants::base::reveal(e, names),
            _ => None,
        }
    }

    fn audit(&self) -> Result<(), AuditError> {
        Ok(RiskGame::audit(self)?)
    }
}

impl RiskGame {
    /// Moves the points of the buildings `seat` holds but did not build (it annexed them)
    /// from settlements and cities to their own source, after cities.
    fn split_annexed(&self, seat: Seat, points: &mut SeatPoints) {
        let pieces = &self.base.table.pieces;
        let mut annexed = 0;
        for c in pieces.buildings_of(seat) {
            let Some(b) = pieces.building(*c) else {
                continue;
            };
            if self.builder_of_corner(*c) == Some(seat) {
                continue;
            }
            let source = match b.kind {
                BuildingKind::Settlement => PointSource::Settlements,
                BuildingKind::City => PointSource::Cities,
            };
            let weight = i64::from(b.weight());
            annexed += weight;
            if let Some(p) = points.iter_mut().find(|(k, _)| *k == source) {
                p.1 -= weight;
            }
        }
        let at = points
            .iter()
            .position(|(k, _)| *k == PointSource::Cities)
            .map_or(points.len(), |i| i + 1);
        points.insert(at, (ANNEXED, annexed));
    }
}

impl RiskGame {
    /// Everything that must hold between two steps, in words when it does not (fuzzing and
    /// property tests): cards conserved, pieces in supplies by builder, public VP from the
    /// pieces held and the awards, road lengths current, armies only on land, at most two players a hex, no seat
    /// with more units than it ever got, and a legal command for every seat asked to act.
    pub fn audit(&self) -> Result<(), String> {
        use crate::rules::resources::ResourceSet;
        let g = &self.base;
        let seats = g.cfg.seats;
        let mut total = g.table.bank;
        for h in &g.table.hands {
            total.add(h);
        }
        if total != ResourceSet::uniform(19) {
            return Err(format!("cards not conserved: bank + hands = {total:?}"));
        }
        let mut dev = g.table.deck.len();
        for s in 0..seats as Seat {
            let stock = g.table.pieces.stock(s);
            let (mut built_s, mut built_c, mut held_s, mut held_c) = (0u32, 0u32, 0u32, 0u32);
            for (c, b) in g.table.pieces.all_buildings() {
                let builder = self.built_by_corner[c.index()];
                let (bs, bc) = match b.kind {
                    BuildingKind::Settlement => (1, 0),
                    BuildingKind::City => (0, 1),
                };
                if builder == Some(s) {
                    built_s += bs;
                    built_c += bc;
                }
                if b.owner == s {
                    held_s += bs;
                    held_c += bc;
                }
            }
            let roads = g
                .table
                .pieces
                .all_routes()
                .filter(|(e, _)| self.built_by_edge[e.index()] == Some(s))
                .count() as u32;
            if built_s + stock.settlements as u32 != 5
                || built_c + stock.cities as u32 != 4
                || roads + stock.roads as u32 != 15
            {
                return Err(format!(
                    "pieces not conserved for seat {}: built {built_s} settlements, {built_c} cities, {roads} roads, stock {stock:?}",
                    s + 1
                ));
            }
            let awards =
                2 * (g.table.longest == Some(s)) as u32 + 2 * (g.table.largest == Some(s)) as u32;
            if g.public_vp(s) != held_s + 2 * held_c + awards {
                return Err(format!(
                    "seat {}: public VP {} but the pieces held and awards give {}",
                    s + 1,
                    g.public_vp(s),
                    held_s + 2 * held_c + awards
                ));
            }
            let len = if g.out[s as usize] {
                0
            } else {
                g.table.pieces.longest_route(&g.table.map, s)
            };
            if g.table.road_len[s as usize] != len {
                return Err(format!(
                    "seat {} has road length {} but its longest route is {len}",
                    s + 1,
                    g.table.road_len[s as usize]
                ));
            }
            let units = self.armies.count_of(s);
            if units > self.recruited[s as usize] {
                return Err(format!(
                    "seat {} has {units} units but got only {}",
                    s + 1,
                    self.recruited[s as usize]
                ));
            }
            if g.out[s as usize] && !self.neutral[s as usize] && units > 0 {
                return Err(format!("eliminated seat {} still has units", s + 1));
            }
            dev += g.table.dev[s as usize].cards.len()
                + g.table.dev[s as usize].knights_played as usize;
        }
        if dev > 25 {
            return Err(format!("{dev} development cards, more than 25"));
        }
        for h in self.armies.occupied() {
            if !g.table.map.is_land(h) {
                return Err(format!("units on the sea at {}", g.table.map.hex_name(h)));
            }
            if self.armies.owners(h).len() > 2 {
                return Err(format!(
                    "more than two players in {}",
                    g.table.map.hex_name(h)
                ));
            }
        }
        for s in self.actors() {
            if self.legal(s).is_empty() {
                return Err(format!("seat {} is asked to act with nothing legal", s + 1));
            }
        }
        Ok(())
    }
}
