//! Adaptations of Catan: an evolution game on Catan's tiles. Herds live on land hexes that
//! drift away from the desert, water tiles drown them, seasons change what each land can feed,
//! and adaptations (the base game's development cards in a new role) are bought with action
//! points. Nothing of base Catan's building, production, robber or trade is used.
//!
//! The rule text is `rules/adaptations.md`, the design rulings (A1–A36) are
//! `rules/adaptations-rulings.md`, and the rulings made here are in `docs/rules/adaptations.md`.
//!
//! Tiles move, so the game keeps its own layout (a position → [`Piece`] map over a fixed frame
//! of radius 6) rather than a fixed [`Map`]; a [`Map`] for the renderer and for
//! [`crate::variants::Game::map`] is derived from it after every drift. One concept per file:
//! [`cards`] (piles, seasons, the game clock), [`drift`] (the frame, position names, moving
//! tiles), [`herds`] (placement, migration, reproduction), [`conflict`] (phase 3), [`scoring`]
//! (land masses and totals), and the usual command, event, legal, view and apply files.

mod apply;
pub mod audit;
pub mod bot;
pub mod cards;
pub mod command;
pub mod conflict;
pub mod drift;
pub mod event;
pub mod herds;
mod legal;
mod moves;
pub mod scoring;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod view;

pub use command::Command;
pub use event::Event;
pub use settings::AdaptSettings;
pub use view::AdaptView;

use crate::board::{Map, MapRecipe, SharedMap};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, RuleError, Seat};
use crate::geometry::Hex;
use crate::rules::facts::Fact;
use crate::rules::points::{PointSource, SeatPoints};
use crate::rules::resources::{Resource, ResourceSet, Terrain};
use crate::ruleset::{AuditError, Ruleset, SettingsRows, append_owned, ranked_outcome};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The summary's point source for the most herds on each land mass.
pub const LAND_MASSES: PointSource = PointSource::own(70, "land masses", "land");
/// The summary's point source for points won in conflicts.
pub const CONFLICT: PointSource = PointSource::own(80, "conflict", "conf");
/// The summary's point source for the adaptations a seat holds.
pub const ADAPTATIONS: PointSource = PointSource::own(90, "adaptations", "adap");
/// Herds each player owns (A5).
pub const HERDS: u32 = 24;
/// Cards in the game: 19 of each of the five types.
pub const CARDS: u32 = 95;
/// Game End cards that end the game (A31).
pub const GAME_END: u32 = 15;
/// Action points every player receives each turn, before Skill and markers (A18).
pub const AP_PER_TURN: u32 = 4;
/// Players per turn who may make a single-card drift, a water drift, take a bonus marker
/// (two each), or change the seasons (one) (A8).
pub const DRIFT_CAP: u8 = 2;
pub const WATER_CAP: u8 = 2;
pub const SEASON_CAP: u8 = 1;
pub const MARKER_CAP: u8 = 2;

/// What lies on a position of the frame besides open water.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    Land(Terrain),
    /// One of the 18 sea tiles (A1).
    Sea,
}

/// The adaptations and the base development card each replaces (A4, section 1 table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Adaptation {
    Litters,
    Intelligence,
    Swimming,
    Skill,
    Foresight,
    Speed,
    Territorial,
    Retreat,
    Aggressive,
}

impl Adaptation {
    pub const ALL: [Adaptation; 9] = [
        Adaptation::Litters,
        Adaptation::Intelligence,
        Adaptation::Swimming,
        Adaptation::Skill,
        Adaptation::Foresight,
        Adaptation::Speed,
        Adaptation::Territorial,
        Adaptation::Retreat,
        Adaptation::Aggressive,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Adaptation::Litters => "litters",
            Adaptation::Intelligence => "intelligence",
            Adaptation::Swimming => "swimming",
            Adaptation::Skill => "skill",
            Adaptation::Foresight => "foresight",
            Adaptation::Speed => "speed",
            Adaptation::Territorial => "territorial",
            Adaptation::Retreat => "retreat",
            Adaptation::Aggressive => "aggressive",
        }
    }

    /// The base development card that stands for it.
    pub const fn card(self) -> &'static str {
        match self {
            Adaptation::Litters => "Market",
            Adaptation::Intelligence => "Chapel",
            Adaptation::Swimming => "Governor's House",
            Adaptation::Skill => "University of Catan",
            Adaptation::Foresight => "Library",
            Adaptation::Speed => "Road Building",
            Adaptation::Territorial => "Monopoly",
            Adaptation::Retreat => "Year of Plenty",
            Adaptation::Aggressive => "Soldier",
        }
    }

    /// Action points to buy it.
    pub const fn cost(self) -> u32 {
        match self {
            Adaptation::Litters
            | Adaptation::Intelligence
            | Adaptation::Swimming
            | Adaptation::Skill
            | Adaptation::Foresight => 12,
            Adaptation::Speed | Adaptation::Territorial | Adaptation::Retreat => 8,
            Adaptation::Aggressive => 2,
        }
    }

    /// Action points a trade-in returns: half the cost (A20).
    pub const fn refund(self) -> u32 {
        self.cost() / 2
    }

    /// Victory points it is worth while held.
    pub const fn vp(self) -> u32 {
        match self {
            Adaptation::Intelligence => 6,
            Adaptation::Litters
            | Adaptation::Swimming
            | Adaptation::Skill
            | Adaptation::Foresight => 3,
            Adaptation::Speed | Adaptation::Territorial | Adaptation::Retreat => 2,
            Adaptation::Aggressive => 1,
        }
    }

    /// Copies in the supply at the start.
    pub const fn copies(self) -> u8 {
        match self {
            Adaptation::Speed | Adaptation::Territorial | Adaptation::Retreat => 2,
            Adaptation::Aggressive => 14,
            _ => 1,
        }
    }

    /// By its name, a unique prefix of it, or its base card's name.
    pub fn parse(s: &str) -> Option<Adaptation> {
        let s = s.to_ascii_lowercase();
        if s.is_empty() {
            return None;
        }
        if let Some(a) = Adaptation::ALL
            .into_iter()
            .find(|a| a.name() == s || a.card().to_ascii_lowercase().replace([' ', '\''], "") == s)
        {
            return Some(a);
        }
        let mut hits = Adaptation::ALL
            .into_iter()
            .filter(|a| a.name().starts_with(&s));
        let first = hits.next()?;
        hits.next().is_none().then_some(first)
    }
}

/// Which season pile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pile {
    High,
    Low,
}

impl Pile {
    pub const fn name(self) -> &'static str {
        match self {
            Pile::High => "high",
            Pile::Low => "low",
        }
    }
}

/// How an Adaptations game is set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AdaptConfig {
    pub seats: usize,
    pub seed: u64,
    /// Turns after which the game ends if the Game End pile has not (A32; 60).
    pub max_turns: u32,
    /// Time for each sub-turn and prompt; its default is `done` / `stay` (A35). No limit
    /// when `None`.
    pub phase_ms: Option<Millis>,
}

impl AdaptConfig {
    pub fn new(seats: usize, seed: u64) -> AdaptConfig {
        AdaptConfig {
            seats,
            seed,
            max_turns: 60,
            phase_ms: None,
        }
    }
}

/// What the game is doing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Setup placement (A6), step `i` of `2 * seats`: reverse order, then player order.
    Placement {
        step: u8,
    },
    /// Phase 1, the sub-turn of `seat`, with what it has used of the capped plays (A8).
    Climate {
        seat: Seat,
        single: bool,
        water: bool,
        season: bool,
    },
    /// Phase 2, the sub-turn of `seat`.
    Evolution {
        seat: Seat,
    },
    /// Phase 3: a Territorial holder declares conflicts (A24, A26).
    Territorial {
        seat: Seat,
    },
    /// Phase 3: a removal fell on a Retreat holder, who may retreat the herd (A27).
    Retreat {
        seat: Seat,
    },
    Over,
}

impl Phase {
    /// The phase's name in views and the `state` JSON.
    pub fn name(&self) -> &'static str {
        match self {
            Phase::Placement { .. } => "placement",
            Phase::Climate { .. } => "climate",
            Phase::Evolution { .. } => "evolution",
            Phase::Territorial { .. } => "territorial",
            Phase::Retreat { .. } => "retreat",
            Phase::Over => "over",
        }
    }
}

/// One seat's final score (A33, A34).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Score {
    pub land: u32,
    pub conflict: u32,
    pub adaptations: u32,
    pub total: u32,
    /// Herds on land at the end: the first tie-break.
    pub herds_on_land: u32,
}

/// An Adaptations game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AdaptGame {
    /// Derived from `tiles` after every drift, for the renderer.
    #[serde(skip)]
    pub(crate) map: SharedMap,
    pub(crate) cfg: AdaptConfig,
    pub(crate) rng: GameRng,
    /// What lies on each position; positions not here are open water.
    pub(crate) tiles: BTreeMap<Hex, Piece>,
    /// Herds per position, one count per seat; positions without herds are absent.
    pub(crate) herds: BTreeMap<Hex, Vec<u32>>,
    /// Draw pile, face down; cards are drawn from the end.
    pub(crate) draw: Vec<Resource>,
    /// Discard pile, face up: only its counts matter.
    pub(crate) discard: ResourceSet,
    pub(crate) hands: Vec<ResourceSet>,
    pub(crate) high: Option<Resource>,
    pub(crate) low: Option<Resource>,
    pub(crate) game_end: u32,
    /// Cards that left the game with a full set (four per Game End card).
    pub(crate) out: u32,
    /// Adaptations held, per seat, by [`Adaptation::index`].
    pub(crate) held: Vec<[u8; 9]>,
    pub(crate) supply: [u8; 9],
    pub(crate) ap: Vec<u32>,
    /// Bonus markers taken this turn (A15).
    pub(crate) markers: Vec<bool>,
    pub(crate) conflict_vp: Vec<u32>,
    /// Players who used each capped play this turn (A8).
    pub(crate) drifts_used: u8,
    pub(crate) water_used: u8,
    pub(crate) seasons_used: u8,
    pub(crate) active: Seat,
    /// 1 from the first turn after placement.
    pub(crate) turn: u32,
    pub(crate) phase: Phase,
    /// Conflicts declared this phase 3, in declaring order.
    pub(crate) declared: Vec<(Seat, Hex)>,
    pub(crate) resolution: Option<conflict::Resolution>,
    pub(crate) deadline: Option<Millis>,
    /// Game time of the latest command or tick, from which timers are armed.
    pub(crate) now: Millis,
    /// Set when the game is over.
    pub(crate) scores: Vec<Score>,
    pub(crate) winners: Vec<Seat>,
}

impl AdaptGame {
    /// Sets up a game (A1, A3–A6): the board, the shuffled cards dealt 3 each, the supply,
    /// the starting player at random.
    pub fn new(cfg: AdaptConfig) -> Result<AdaptGame, String> {
        if !(2..=4).contains(&cfg.seats) {
            return Err(format!(
                "an Adaptations game has 2 to 4 players, not {}",
                cfg.seats
            ));
        }
        if cfg.max_turns == 0 {
            return Err("an Adaptations game needs at least one turn (--max-turns)".into());
        }
        if cfg.phase_ms == Some(0) {
            return Err("the Adaptations timer needs a time above 0 s".into());
        }
        let mut rng = GameRng::new(cfg.seed);
        let tiles = drift::starting_board(&mut rng);
        let mut draw: Vec<Resource> = Resource::ALL
            .iter()
            .flat_map(|r| std::iter::repeat_n(*r, (CARDS / 5) as usize))
            .collect();
        rng.shuffle(&mut draw);
        let n = cfg.seats;
        let mut hands = vec![ResourceSet::EMPTY; n];
        for h in hands.iter_mut() {
            for _ in 0..3 {
                let c = draw.pop().expect("95 cards");
                h[c] += 1;
            }
        }
        let active = rng.below(n) as Seat;
        let mut supply = [0u8; 9];
        for a in Adaptation::ALL {
            supply[a.index()] = a.copies();
        }
        let mut g = AdaptGame {
            map: SharedMap(Arc::new(drift::render_map(&tiles, &BTreeMap::new()))),
            rng,
            tiles,
            herds: BTreeMap::new(),
            draw,
            discard: ResourceSet::EMPTY,
            hands,
            high: None,
            low: None,
            game_end: 0,
            out: 0,
            held: vec![[0; 9]; n],
            supply,
            ap: vec![0; n],
            markers: vec![false; n],
            conflict_vp: vec![0; n],
            drifts_used: 0,
            water_used: 0,
            seasons_used: 0,
            active,
            turn: 0,
            phase: Phase::Placement { step: 0 },
            declared: Vec::new(),
            resolution: None,
            deadline: None,
            now: 0,
            scores: Vec::new(),
            winners: Vec::new(),
            cfg,
        };
        g.deadline = g.cfg.phase_ms;
        Ok(g)
    }

    pub fn config(&self) -> &AdaptConfig {
        &self.cfg
    }
    pub fn seats(&self) -> usize {
        self.cfg.seats
    }
    pub fn map(&self) -> &Map {
        &self.map
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn turn(&self) -> u32 {
        self.turn
    }
    pub fn active(&self) -> Seat {
        self.active
    }
    pub fn tiles(&self) -> &BTreeMap<Hex, Piece> {
        &self.tiles
    }
    pub fn herds(&self) -> &BTreeMap<Hex, Vec<u32>> {
        &self.herds
    }
    pub fn hand(&self, seat: Seat) -> &ResourceSet {
        &self.hands[seat as usize]
    }
    pub fn discard_pile(&self) -> &ResourceSet {
        &self.discard
    }
    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }
    pub fn seasons(&self) -> (Option<Resource>, Option<Resource>) {
        (self.high, self.low)
    }
    pub fn game_end_count(&self) -> u32 {
        self.game_end
    }
    pub fn cards_out(&self) -> u32 {
        self.out
    }
    pub fn ap(&self, seat: Seat) -> u32 {
        self.ap[seat as usize]
    }
    pub fn conflict_vp(&self, seat: Seat) -> u32 {
        self.conflict_vp[seat as usize]
    }
    pub fn supply(&self, a: Adaptation) -> u8 {
        self.supply[a.index()]
    }
    pub fn marker(&self, seat: Seat) -> bool {
        self.markers[seat as usize]
    }
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }
    pub fn is_over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Copies of an adaptation a seat holds.
    pub fn holds(&self, seat: Seat, a: Adaptation) -> u8 {
        self.held[seat as usize][a.index()]
    }
    pub fn has(&self, seat: Seat, a: Adaptation) -> bool {
        self.holds(seat, a) > 0
    }
    /// Aggressiveness: the Aggressive cards held (A23).
    pub fn aggressiveness(&self, seat: Seat) -> u32 {
        self.holds(seat, Adaptation::Aggressive) as u32
    }
    /// Hand size to draw up to (A16).
    pub fn hand_size(&self, seat: Seat) -> u32 {
        if self.has(seat, Adaptation::Foresight) {
            6
        } else {
            3
        }
    }
    /// VP of the adaptations a seat holds.
    pub fn adaptation_vp(&self, seat: Seat) -> u32 {
        Adaptation::ALL
            .iter()
            .map(|a| self.holds(seat, *a) as u32 * a.vp())
            .sum()
    }

    /// Herds of a seat at a position.
    pub fn herds_at(&self, h: Hex, seat: Seat) -> u32 {
        self.herds.get(&h).map_or(0, |v| v[seat as usize])
    }
    /// All herds at a position.
    pub fn total_at(&self, h: Hex) -> u32 {
        self.herds.get(&h).map_or(0, |v| v.iter().sum())
    }
    /// Herds a seat has on the board.
    pub fn on_board(&self, seat: Seat) -> u32 {
        self.herds.values().map(|v| v[seat as usize]).sum()
    }
    /// Herds a seat still has in its supply.
    pub fn in_supply(&self, seat: Seat) -> u32 {
        HERDS - self.on_board(seat)
    }
    /// The land type at a position, if a land tile lies there.
    pub fn land(&self, h: Hex) -> Option<Terrain> {
        match self.tiles.get(&h) {
            Some(Piece::Land(t)) => Some(*t),
            _ => None,
        }
    }
    pub fn is_land(&self, h: Hex) -> bool {
        self.land(h).is_some()
    }

    /// The seats in clockwise order starting from `from`.
    pub(crate) fn clockwise(&self, from: Seat) -> impl Iterator<Item = Seat> + use<> {
        let n = self.cfg.seats as Seat;
        (0..n).map(move |i| (from + i) % n)
    }

    /// The next seat clockwise.
    pub(crate) fn next_seat(&self, s: Seat) -> Seat {
        (s + 1) % self.cfg.seats as Seat
    }

    /// Adds or removes herds at a position, keeping absent positions absent.
    pub(crate) fn add_herds(&mut self, h: Hex, seat: Seat, n: u32) {
        let seats = self.cfg.seats;
        self.herds.entry(h).or_insert_with(|| vec![0; seats])[seat as usize] += n;
    }
    pub(crate) fn take_herds(&mut self, h: Hex, seat: Seat, n: u32) {
        if let Some(v) = self.herds.get_mut(&h) {
            v[seat as usize] -= n;
            if v.iter().all(|c| *c == 0) {
                self.herds.remove(&h);
            }
        }
    }

    /// Rebuilds the renderer's map after tiles or swimmers moved.
    pub(crate) fn refresh_map(&mut self) {
        let m = drift::render_map(&self.tiles, &self.herds);
        self.map = SharedMap(Arc::new(m));
    }

    /// Who may act now.
    pub fn prompted(&self) -> Vec<Seat> {
        match self.phase {
            Phase::Placement { step } => vec![self.placement_seat(step)],
            Phase::Climate { seat, .. }
            | Phase::Evolution { seat }
            | Phase::Territorial { seat }
            | Phase::Retreat { seat } => vec![seat],
            Phase::Over => Vec::new(),
        }
    }

    /// Whether a seat may act now (without building the list).
    pub fn is_prompted(&self, seat: Seat) -> bool {
        match self.phase {
            Phase::Placement { step } => self.placement_seat(step) == seat,
            Phase::Climate { seat: s, .. }
            | Phase::Evolution { seat: s }
            | Phase::Territorial { seat: s }
            | Phase::Retreat { seat: s } => s == seat,
            Phase::Over => false,
        }
    }

    /// Who places at a setup step (A6): counterclockwise from the right of the active player
    /// (the active player last), then clockwise from the active player.
    pub fn placement_seat(&self, step: u8) -> Seat {
        let n = self.cfg.seats as Seat;
        let step = Seat::from(step);
        if step < n {
            (self.active + n - 1 - step) % n
        } else {
            (self.active + step - n) % n
        }
    }

    /// Every card of the game, wherever it is: 95 while the game is consistent.
    pub fn cards_total(&self) -> u32 {
        self.draw.len() as u32
            + self.discard.total()
            + self.hands.iter().map(|h| h.total()).sum::<u32>()
            + self.high.is_some() as u32
            + self.low.is_some() as u32
            + self.game_end
            + self.out
    }
}

impl crate::ruleset::TurnOrder for AdaptGame {
    type Scratch = Vec<Event>;

    fn current_player(&self) -> Option<Seat> {
        self.prompted().first().copied()
    }
    fn turns(&self) -> u32 {
        self.turn()
    }
}

impl Ruleset for AdaptGame {
    crate::ruleset::ruleset_glue!(name: "adaptations", view: AdaptView, settings: AdaptSettings;
        from_config, own_apply);

    fn reseed_future(&mut self, seed: u64) -> bool {
        let mut rng = GameRng::new(seed);
        rng.shuffle(&mut self.draw);
        self.rng = GameRng::new(rng.next_seed());
        true
    }

    fn move_of(&self, cmd: &Command) -> crate::proto::moves::Move {
        moves::move_of(&self.map, cmd)
    }

    fn event_kind(&self, ev: &Event) -> crate::proto::moves::EventKind {
        moves::event_kind(ev).unwrap_or_else(|| crate::ruleset::kind_from_facts(self, ev))
    }

    fn settings_text(&self) -> Vec<(String, String)> {
        SettingsRows::new(self.name())
            .number("turn limit", self.cfg.max_turns)
            .timer("timer", self.cfg.phase_ms)
            .rows()
    }

    fn map_recipe(&self) -> MapRecipe {
        MapRecipe::FromView
    }

    fn deadline(&self) -> Option<Millis> {
        match self.phase {
            Phase::Over => None,
            _ => self.deadline,
        }
    }
    fn legal_into(&self, seat: Seat, out: &mut Vec<Command>) {
        append_owned(out, self.legal_commands(seat));
    }
    fn actors_into(&self, out: &mut Vec<Seat>) {
        out.clear();
        append_owned(out, self.prompted());
    }
    fn parse(&self, _seat: Seat, text: &str) -> Result<Command, RuleError> {
        command::parse(self.phase(), text)
    }
    fn format(&self, cmd: &Command) -> String {
        command::format(cmd)
    }
    fn describe(&self, ev: &Event, viewer: Option<Seat>, names: &[String]) -> Option<String> {
        event::describe(ev, viewer, names)
    }
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores = (0..self.cfg.seats).map(|s| self.scores[s].total as i64);
        Some(ranked_outcome(self.winners.clone(), scores))
    }
    fn points_by_source(&self) -> Vec<SeatPoints> {
        // The final scores once the game is over, the board's count before.
        let now;
        let scores = if self.is_over() {
            &self.scores
        } else {
            now = self.score_now();
            &now
        };
        scores
            .iter()
            .map(|s| {
                vec![
                    (LAND_MASSES, s.land as i64),
                    (CONFLICT, s.conflict as i64),
                    (ADAPTATIONS, s.adaptations as i64),
                ]
            })
            .collect()
    }
    fn recap_facts(&self, ev: &Event, out: &mut Vec<Fact>) {
        use crate::rules::facts::{Gain, Loss};
        match ev {
            // Drawing up to a full hand is this ruleset's income.
            Event::Drew { seat, cards } => out.push(Fact::gained(*seat, Gain::Production, *cards)),
            Event::Discarded { seat, cards, .. } => {
                out.push(Fact::lost(*seat, Loss::Discards, *cards))
            }
            Event::TurnStarted { .. } => out.push(Fact::Turn),
            _ => {}
        }
    }

    fn audit(&self) -> Result<(), AuditError> {
        Ok(AdaptGame::audit(self)?)
    }
}
