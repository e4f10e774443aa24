//! Total Chaos Catan: no turns. After a snake placement in a random order, every round runs
//! through timed phases in which all players act at once, with the host as the arbiter:
//! resource (one pair of dice per player, production claimed first come, first served),
//! robber part 1 (discards) and part 2 (move and steal) after a 7, building and trading, and a
//! cooldown with the round's summary. A phase ends when its clock runs out or when every
//! player has voted `ready`. Conflicting commands are settled by their order of arrival: the
//! host applies commands one by one, so the second gets a clear refusal.
//!
//! The state keeps game data (bank, hands, pieces, deck) apart from the round's bookkeeping;
//! one [`Phase`] enum says what the game is doing. Rulings are in `docs/rules/total-chaos.md`.

mod apply;
pub mod bot;
pub mod command;
pub mod event;
mod legal;
mod moves;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod view;

pub use command::Command;
pub use event::Event;
pub use settings::ChaosSettings;
pub use view::ChaosView;

use crate::board::{BoardSpec, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Seat};
use crate::rules::facts::Fact;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::table::{CatanTable, Opening};
use crate::ruleset::{Ruleset, SettingsRows};
use crate::topology::CornerId;
use serde::{Deserialize, Serialize};

/// How a Total Chaos game is set up. Phase lengths default to the rule text's recommendations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChaosConfig {
    pub seats: usize,
    pub seed: u64,
    /// The board; `None` generates a random fair board from the seed.
    pub board: Option<BoardSpec>,
    /// Victory points that win (10).
    pub vp_target: u32,
    /// Resource phase (20 s).
    pub resource_ms: Millis,
    /// Robber part 1, the discards (20 s).
    pub robber1_ms: Millis,
    /// Robber part 2, move and steal (20 s).
    pub robber2_ms: Millis,
    /// Building and trading (60 s).
    pub build_ms: Millis,
    /// Cooldown (20 s).
    pub cooldown_ms: Millis,
    /// Time for each initial placement (a settlement and its road); no limit when `None`.
    pub placement_ms: Option<Millis>,
}

impl ChaosConfig {
    pub fn new(seats: usize, seed: u64) -> ChaosConfig {
        ChaosConfig {
            seats,
            seed,
            board: None,
            vp_target: 10,
            resource_ms: 20_000,
            robber1_ms: 20_000,
            robber2_ms: 20_000,
            build_ms: 60_000,
            cooldown_ms: 20_000,
            placement_ms: None,
        }
    }
}

/// A resource the robber's controller asks a victim for; taken only if the victim agrees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StealAsk {
    pub victim: Seat,
    pub card: Resource,
}

/// What the game is doing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Snake placement in a random order: step `i` of `2 * seats`, a settlement then a road.
    Setup {
        step: u8,
        settlement: Option<CornerId>,
    },
    /// The dice are rolled; what each seat is owed and has not yet claimed.
    Resource {
        owed: Vec<ResourceSet>,
    },
    /// Robber part 1 (only after a 7): seats with 8 or more cards discard half.
    Discard {
        owed: Vec<(Seat, u32)>,
    },
    /// Robber part 2: the controller moves the robber and steals.
    Robber {
        moved: bool,
        steals_left: u8,
        ask: Option<StealAsk>,
    },
    /// Everyone builds, trades and plays development cards.
    Build,
    /// The round's summary while the next round is prepared.
    Cooldown,
    Over {
        winner: Seat,
    },
}

impl Phase {
    /// The phase's name as views and the `state` JSON give it.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Setup { .. } => "setup",
            Phase::Resource { .. } => "resource",
            Phase::Discard { .. } => "robber-discard",
            Phase::Robber { .. } => "robber-steal",
            Phase::Build => "build",
            Phase::Cooldown => "cooldown",
            Phase::Over { .. } => "over",
        }
    }
}

/// What one seat got and built in a round: the cooldown's summary.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTally {
    /// Production claimed or served.
    pub produced: ResourceSet,
    /// Cards stolen by this seat (as robber controller or with a knight).
    pub stole: u32,
    /// Cards lost to the robber and to discards.
    pub lost: u32,
    pub roads: u32,
    pub settlements: u32,
    pub cities: u32,
    pub dev_cards: u32,
}

/// A Total Chaos game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChaosGame {
    /// The board, bank, deck, hands, pieces, robber, offers and awards.
    pub(crate) table: CatanTable,
    pub(crate) cfg: ChaosConfig,
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    /// The random placement order (the snake goes forward then back through it).
    pub(crate) order: Vec<Seat>,
    /// 0 during setup, then one per round.
    pub(crate) round: u32,
    /// This round's dice, one pair per seat.
    pub(crate) dice: Vec<(u8, u8)>,
    /// Who controls the robber this round (drawn at random when a 7 is rolled).
    pub(crate) robber_holder: Option<Seat>,
    /// Ready votes in the current phase.
    pub(crate) ready: Vec<bool>,
    /// When the current phase (or placement) runs out.
    pub(crate) phase_deadline: Option<Millis>,
    /// Development card played in this building phase, per seat.
    pub(crate) dev_played: Vec<bool>,
    /// This round so far, per seat.
    pub(crate) tally: Vec<RoundTally>,
    /// How often each sum was rolled (index 2..=12).
    pub(crate) dice_stats: [u32; 13],
}

/// Most open offers one seat may have at once.
pub const MAX_OPEN_OFFERS: usize = 3;
/// Cards a hand may hold after a 7 without discarding.
pub const DISCARD_LIMIT: u32 = 7;

impl ChaosGame {
    /// Sets up a game: board, shuffled deck, full bank, random placement order.
    pub fn new(cfg: ChaosConfig) -> Result<ChaosGame, String> {
        if !(2..=8).contains(&cfg.seats) {
            return Err(format!(
                "a Total Chaos game has 2 to 8 seats, not {}",
                cfg.seats
            ));
        }
        for (name, ms) in [
            ("resource", cfg.resource_ms),
            ("robber part 1", cfg.robber1_ms),
            ("robber part 2", cfg.robber2_ms),
            ("building", cfg.build_ms),
            ("cooldown", cfg.cooldown_ms),
        ] {
            if ms == 0 {
                return Err(format!("the {name} phase needs a time limit above 0 s"));
            }
        }
        let mut rng = GameRng::new(cfg.seed);
        // Five and six seats play from the 5–6 player extension's box.
        let opening = Opening::deal(cfg.board.as_ref(), cfg.seats, &mut rng)?;
        let n = cfg.seats;
        let mut order: Vec<Seat> = (0..n as Seat).collect();
        rng.shuffle(&mut order);
        Ok(ChaosGame {
            table: CatanTable::new(opening, n),
            rng,
            phase: Phase::Setup {
                step: 0,
                settlement: None,
            },
            order,
            round: 0,
            dice: Vec::new(),
            robber_holder: None,
            ready: vec![false; n],
            phase_deadline: cfg.placement_ms,
            dev_played: vec![false; n],
            tally: vec![RoundTally::default(); n],
            dice_stats: [0; 13],
            cfg,
        })
    }

    crate::rules::table::one_board_getters!();
    pub fn config(&self) -> &ChaosConfig {
        &self.cfg
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn robber_holder(&self) -> Option<Seat> {
        self.robber_holder
    }
    pub fn dice(&self) -> &[(u8, u8)] {
        &self.dice
    }
    pub fn ready_votes(&self) -> &[bool] {
        &self.ready
    }
    pub fn placement_order(&self) -> &[Seat] {
        &self.order
    }
    pub fn dev_played(&self, seat: Seat) -> bool {
        self.dev_played[seat as usize]
    }
    pub fn tally(&self, seat: Seat) -> &RoundTally {
        &self.tally[seat as usize]
    }
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }

    /// Who places at a setup step: forward through the random order, then back.
    pub fn setup_seat(&self, step: u8) -> Seat {
        self.order[crate::rules::table::snake(step, self.cfg.seats)]
    }

    /// The time limit of the phase now running.
    pub fn phase_length(&self) -> Option<Millis> {
        match self.phase {
            Phase::Setup { .. } => self.cfg.placement_ms,
            Phase::Resource { .. } => Some(self.cfg.resource_ms),
            Phase::Discard { .. } => Some(self.cfg.robber1_ms),
            Phase::Robber { .. } => Some(self.cfg.robber2_ms),
            Phase::Build => Some(self.cfg.build_ms),
            Phase::Cooldown => Some(self.cfg.cooldown_ms),
            Phase::Over { .. } => None,
        }
    }
}

crate::ruleset::turn_order!(ChaosGame, rounds);

impl Ruleset for ChaosGame {
    crate::ruleset::ruleset_glue!(name: "total-chaos", view: ChaosView, settings: ChaosSettings;
        map_words, from_config, own_apply, own_legal, own_actors, classic_box);

    fn waits_for(&self, seat: Seat) -> bool {
        self.is_waited_for(seat)
    }
    fn reseed_future(&mut self, seed: u64) -> bool {
        let mut rng = GameRng::new(seed);
        rng.shuffle(&mut self.table.deck);
        self.rng = GameRng::new(rng.next_seed());
        true
    }

    fn move_of(&self, cmd: &Command) -> crate::proto::moves::Move {
        moves::move_of(cmd)
    }
    fn event_kind(&self, ev: &Event) -> crate::proto::moves::EventKind {
        moves::event_kind(ev).unwrap_or_else(|| crate::ruleset::kind_from_facts(self, ev))
    }

    fn settings_text(&self) -> Vec<(String, String)> {
        let c = self.config();
        SettingsRows::new(self.name())
            .row("board", self.table.spec.name.clone())
            .number("victory points", c.vp_target)
            .seconds("resource phase", c.resource_ms)
            .seconds("robber part 1", c.robber1_ms)
            .seconds("robber part 2", c.robber2_ms)
            .seconds("building and trading", c.build_ms)
            .seconds("cooldown", c.cooldown_ms)
            .timer("placement timer", c.placement_ms)
            .rows()
    }

    fn map_recipe(&self) -> MapRecipe {
        MapRecipe::Single((*self.table.spec).clone())
    }

    fn simultaneous(&self) -> bool {
        true
    }

    fn deadline(&self) -> Option<Millis> {
        match self.phase {
            Phase::Over { .. } => None,
            _ => self.phase_deadline,
        }
    }
    fn reveal(&self, ev: &Event, names: &[String]) -> Option<String> {
        match ev {
            Event::Dev(d) => d.revealed(names),
            Event::Table(t) => t.revealed(names),
            _ => None,
        }
    }
    fn recap_facts(&self, ev: &Event, out: &mut Vec<Fact>) {
        use crate::rules::facts::Gain;
        match ev {
            // Every seat rolls its own pair; each pair is a production roll.
            Event::Rolled { dice } => out.extend(dice.iter().map(|d| Fact::Dice(d.0 + d.1))),
            Event::Claimed { seat, got, .. } | Event::Served { seat, got, .. } => {
                out.push(Fact::gained(*seat, Gain::Production, *got))
            }
            Event::Table(t) => t.recap_facts(out),
            Event::Dev(d) => d.recap_facts(out),
            Event::Trade(t) => t.recap_facts(out),
            Event::PhaseStarted {
                phase: "resource", ..
            } => out.push(Fact::Round),
            _ => {}
        }
    }
}

crate::rules::audit::impl_classic_box!(ChaosGame);
