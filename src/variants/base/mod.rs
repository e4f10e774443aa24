//! Base Catan: the standard game with its two optional variants (the "three victory points"
//! robber rule, and trade and build in any order, on by default).
//!
//! The state keeps game data (bank, hands, pieces, deck) apart from turn bookkeeping (phase,
//! current seat, turn). One [`Phase`] enum says what the game waits for; there are no flags for
//! it. Commands are checked completely before anything changes, so a refused command leaves the
//! state exactly as it was.

mod apply;
pub mod bot;
pub mod command;
pub mod event;
mod hidden;
mod legal;
pub mod position;
pub mod moves;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod view;

pub use command::{Command, Kind, Kinds};
pub use event::{Event, Shortages};
pub use settings::BaseSettings;
pub use view::BaseView;

use crate::board::{BoardSpec, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Seat};
use crate::rules::facts::Fact;
use crate::rules::resources::ResourceSet;
use crate::rules::table::{CatanTable, Opening};
use crate::ruleset::{Ruleset, SettingsRows};
use crate::topology::{CornerId, HexId};
use serde::{Deserialize, Serialize};

/// How a base game is set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BaseConfig {
    pub seats: usize,
    pub seed: u64,
    /// The board; `None` generates a random fair board from the seed.
    pub board: Option<BoardSpec>,
    /// Victory points that win (10).
    pub vp_target: u32,
    /// The "three victory points" robber rule.
    pub three_vp_robber: bool,
    /// Trade and build in any order (the default); off means trades come before building.
    pub any_order: bool,
    /// Time each turn (and each setup placement and discard) may take.
    pub turn_ms: Option<Millis>,
    /// Who places first; random from the seed when `None`.
    pub first: Option<Seat>,
    /// The 5–6 player extension's special build phase after every turn (on from five seats).
    #[serde(default)]
    pub special_build: bool,
}

impl BaseConfig {
    pub fn new(seats: usize, seed: u64) -> BaseConfig {
        BaseConfig {
            seats,
            seed,
            board: None,
            vp_target: 10,
            three_vp_robber: false,
            any_order: true,
            turn_ms: None,
            first: None,
            special_build: seats >= 5,
        }
    }
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Snake placement: step `i` of `2 * seats`, a settlement and then a road touching it.
    Setup {
        step: u8,
        settlement: Option<CornerId>,
    },
    /// The current player rolls (or plays a card first).
    Roll,
    /// After a 7: seats with more than 7 cards return half, all at once.
    Discard {
        owed: Vec<(Seat, u32)>,
    },
    /// The current player moves the robber, then play goes on where it was.
    Robber {
        resume: Resume,
    },
    /// Trade, build, play cards, end the turn.
    Main,
    /// Road Building: free roads left to place.
    RoadBuilding {
        left: u8,
        resume: Resume,
    },
    /// The 5–6 player extension: after the current player's turn, `builder` (each other seat
    /// in turn order) may build and buy development cards, nothing else; `end` passes on.
    SpecialBuild {
        builder: Seat,
    },
    Over {
        winner: Seat,
    },
}

/// Where play goes on after the robber or road building.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resume {
    Roll,
    Main,
}

/// Running totals for the end-of-game screen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// How often each sum was rolled (index 2..=12).
    pub dice: [u32; 13],
    /// Cards each seat got from production.
    pub produced: Vec<ResourceSet>,
}

/// A base game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BaseGame {
    /// The board, bank, deck, hands, pieces, robber, offers and awards.
    pub(crate) table: CatanTable,
    pub(crate) cfg: BaseConfig,
    pub(crate) rng: GameRng,
    pub(crate) phase: Phase,
    pub(crate) first: Seat,
    pub(crate) current: Seat,
    /// 0 during setup, then 1, 2, ... one per turn.
    pub(crate) turn: u32,
    pub(crate) dev_played: bool,
    /// Built or bought this turn (with trade-then-build, trading is over).
    pub(crate) built: bool,
    pub(crate) last_roll: Option<(u8, u8)>,
    /// When the current turn (or setup placement) runs out.
    pub(crate) turn_deadline: Option<Millis>,
    /// When the discard phase runs out.
    pub(crate) discard_deadline: Option<Millis>,
    pub(crate) stats: Stats,
    /// Seats that may not collect from a hex, per hex (a bit per seat). Empty in base games;
    /// a ruleset built on base fills it (enemy control).
    pub(crate) collect_blocked: Vec<u32>,
    /// Seats out of the game (eliminated or resigned); they take no turns.
    pub(crate) out: Vec<bool>,
}

/// Most open offers one seat may have at once.
pub const MAX_OPEN_OFFERS: usize = 3;
/// Cards a hand may hold on a 7 without discarding.
pub const DISCARD_LIMIT: u32 = 7;

impl BaseGame {
    /// Sets up a game: board, shuffled deck, full bank, first player.
    pub fn new(cfg: BaseConfig) -> Result<BaseGame, String> {
        if !(2..=8).contains(&cfg.seats) {
            return Err(format!("a base game has 2 to 8 seats, not {}", cfg.seats));
        }
        let mut rng = GameRng::new(cfg.seed);
        let opening = Opening::deal(cfg.board.as_ref(), cfg.seats, &mut rng)?;
        let first = match cfg.first {
            Some(f) if (f as usize) < cfg.seats => f,
            Some(f) => return Err(format!("seat {} does not exist", f + 1)),
            None => rng.below(cfg.seats) as Seat,
        };
        let n = cfg.seats;
        let mut g = BaseGame {
            table: CatanTable::new(opening, n),
            rng,
            phase: Phase::Setup {
                step: 0,
                settlement: None,
            },
            first,
            current: first,
            turn: 0,
            dev_played: false,
            built: false,
            last_roll: None,
            turn_deadline: None,
            discard_deadline: None,
            stats: Stats {
                dice: [0; 13],
                produced: vec![ResourceSet::EMPTY; n],
            },
            collect_blocked: Vec::new(),
            out: vec![false; n],
            cfg,
        };
        g.turn_deadline = g.cfg.turn_ms;
        Ok(g)
    }

    crate::rules::table::one_board_getters!();
    pub fn config(&self) -> &BaseConfig {
        &self.cfg
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn current(&self) -> Seat {
        self.current
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn stats(&self) -> &Stats {
        &self.stats
    }
    pub fn winner(&self) -> Option<Seat> {
        match self.phase {
            Phase::Over { winner } => Some(winner),
            _ => None,
        }
    }
    pub fn is_out(&self, seat: Seat) -> bool {
        self.out[seat as usize]
    }
    /// Dev cards played this turn already.
    pub fn dev_played(&self) -> bool {
        self.dev_played
    }
    /// The seat whose special build it is, during the special build phase.
    pub fn special_builder(&self) -> Option<Seat> {
        match self.phase {
            Phase::SpecialBuild { builder } => Some(builder),
            _ => None,
        }
    }

    /// Setup order: each seat from the first, then back (snake).
    pub fn setup_seat(&self, step: u8) -> Seat {
        let i = crate::rules::table::snake(step, self.cfg.seats);
        ((self.first as usize + i) % self.cfg.seats) as Seat
    }

    /// The seat after `s` in turn order, skipping seats out of the game.
    pub fn next_seat(&self, s: Seat) -> Seat {
        let n = self.cfg.seats;
        let mut next = s;
        for _ in 0..n {
            next = ((next as usize + 1) % n) as Seat;
            if !self.out[next as usize] {
                return next;
            }
        }
        s
    }

    /// Whether a seat may collect from a hex (enemy control may block it).
    pub(crate) fn may_collect(&self, h: HexId, seat: Seat) -> bool {
        self.collect_blocked
            .get(h.index())
            .is_none_or(|bits| bits & (1 << seat) == 0)
    }

    /// The settings rows base shares with the rulesets that play on base's settings: the
    /// ruleset, the board, the victory points and the turn timer.
    pub(crate) fn settings_rows(&self, variant: &str) -> SettingsRows {
        SettingsRows::new(variant)
            .row("board", self.table.spec.name.clone())
            .number("victory points", self.cfg.vp_target)
            .timer("turn timer", self.cfg.turn_ms)
    }

    /// Whether trading is open for the current player now.
    pub(crate) fn trading_open(&self) -> bool {
        matches!(self.phase, Phase::Main) && (self.cfg.any_order || !self.built)
    }
}

crate::ruleset::turn_order!(BaseGame, turns);

impl Ruleset for BaseGame {
    crate::ruleset::ruleset_glue!(name: "base", view: BaseView, settings: BaseSettings;
        map_words, from_config, own_apply, own_legal, own_actors, classic_box);

    fn waits_for(&self, seat: Seat) -> bool {
        self.is_waited_for(seat)
    }
    fn move_of(&self, cmd: &Command) -> crate::proto::moves::Move {
        moves::move_of(cmd)
    }
    fn event_kind(&self, ev: &Event) -> crate::proto::moves::EventKind {
        moves::event_kind(ev).unwrap_or_else(|| crate::ruleset::kind_from_facts(self, ev))
    }

    fn settings_text(&self) -> Vec<(String, String)> {
        let c = self.config();
        let order = if c.any_order {
            "in any order"
        } else {
            "trade first, then build"
        };
        self.settings_rows(self.name())
            .on_off("three-VP robber rule", c.three_vp_robber)
            .row("trade and build", order)
            .rows()
    }

    fn map_recipe(&self) -> MapRecipe {
        MapRecipe::Single(
            self.cfg
                .board
                .clone()
                .unwrap_or_else(|| (*self.table.spec).clone()),
        )
    }

    fn redeterminize(&mut self, seat: Seat, rng: &mut GameRng) -> bool {
        BaseGame::redeterminize(self, seat, rng);
        true
    }

    fn reseed_future(&mut self, seed: u64) -> bool {
        let mut rng = GameRng::new(seed);
        rng.shuffle(&mut self.table.deck);
        self.rng = GameRng::new(rng.next_seed());
        true
    }

    fn deadline(&self) -> Option<Millis> {
        match self.phase {
            Phase::Over { .. } => None,
            Phase::Discard { .. } => self.discard_deadline,
            _ => self.turn_deadline,
        }
    }
    fn recap_facts(&self, ev: &Event, out: &mut Vec<Fact>) {
        recap_facts(ev, out);
    }
    fn reveal(&self, ev: &Event, names: &[String]) -> Option<String> {
        reveal(ev, names)
    }
}

/// A base event once the game is over, its hidden card named (also the base events of a
/// ruleset built on base): [`Ruleset::reveal`].
pub fn reveal(ev: &Event, names: &[String]) -> Option<String> {
    match ev {
        Event::Dev(d) => d.revealed(names),
        Event::Table(t) => t.revealed(names),
        _ => None,
    }
}

crate::rules::audit::impl_classic_box!(BaseGame);

/// What a base event means for the end-of-game summary (also the base events of a ruleset
/// built on base).
pub fn recap_facts(ev: &Event, out: &mut Vec<Fact>) {
    use crate::rules::facts::Gain;
    match ev {
        Event::Rolled { dice, .. } => out.push(Fact::Dice(dice.0 + dice.1)),
        Event::Produced { gains, .. } => out.extend(
            gains
                .iter()
                .map(|(seat, got)| Fact::gained(*seat, Gain::Production, *got)),
        ),
        Event::Table(t) => t.recap_facts(out),
        Event::Dev(d) => d.recap_facts(out),
        Event::Trade(t) => t.recap_facts(out),
        Event::TurnStarted { .. } => out.push(Fact::Turn),
        _ => {}
    }
}
