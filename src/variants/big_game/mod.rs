//! The Big Game: many boards in a ring, two seats per board (Sun west of the dividing line,
//! Moon east of it), groups taking turns in timed rounds, one roll for every board, ships,
//! trade and building across neighbouring boards, a bonus for settling in another player's
//! starting territory, and two robbers per board that move only by dice.
//!
//! Rules text: `rules/big-game.md`; rulings: `docs/rules/big-game.md`. Seat `2k` is the Sun
//! player of board `k` (0-based), seat `2k + 1` its Moon player; a seat's starting territory
//! has the same index as the seat, so territory `t` lies on board `t / 2`, on the west side
//! when `t` is even.
//!
//! State keeps game data (banks, hands, pieces, decks, robbers) apart from turn bookkeeping
//! (one [`Phase`], the round, the per-seat [`TurnState`]). Commands are checked completely
//! before anything changes, so a refused command leaves the state as it was.

mod apply;
mod audit;
mod boards;
pub mod bot;
pub mod command;
pub mod event;
mod hall;
mod legal;
mod moves;
pub mod settings;
#[cfg(test)]
mod tests;
pub mod view;

pub use command::{Command, KnightUse};
pub use event::Event;
pub use settings::BigSettings;
pub use view::BigView;

use crate::board::spec::Territory;
use crate::board::{BoardSpec, Map, MapRecipe};
use crate::engine::rng::GameRng;
use crate::engine::{Millis, Outcome, RuleError, Seat};
use crate::rules::devcards::standard_deck;
use crate::rules::facts::Fact;
use crate::rules::pieces::{RouteKind, Stock};
use crate::rules::points::{PointSource, SeatPoints, catan_points_by_seat};
use crate::rules::resources::{Resource, ResourceSet, Terrain};
use crate::rules::table::RingTable;
use crate::ruleset::{AuditError, CreateError, Ruleset, SettingsRows};
use crate::topology::{CornerId, EdgeId, HexId};
use serde::{Deserialize, Serialize};

/// The round length when the host does not say (the text's 45 seconds).
pub const DEFAULT_ROUND_MS: Millis = 45_000;
/// Turns of a seat during which the robbers of its board stay put.
pub const ROBBER_GRACE_TURNS: u32 = 15;
/// A hand of this many cards or more loses half on a 7 (the text: "8 or more").
pub const DISCARD_AT: u32 = 8;
/// Victory points of the foreign-territory bonus.
pub const TERRITORY_BONUS: u32 = 2;
/// The summary's point source for the foreign-territory bonus.
pub const TERRITORY_POINTS: PointSource = PointSource::own(60, "territory bonus", "terr");
/// Most open offers one seat may have at once.
pub const MAX_OPEN_OFFERS: usize = 3;
/// Most boards in one ring: a hall of twenty thousand players (a seat number is 16 bits; the
/// host's memory, about 40 KB a player, is what limits a real hall first: docs/scale.md).
pub const MAX_BOARDS: usize = 10_000;
/// Rings of more boards than this are played as a hall: a seat's view carries its own
/// neighbourhood (its board and both neighbours) and the top of the standings taken at the
/// round's start, not everyone, so what each player is sent does not grow with the hall.
pub const HALL_BOARDS: usize = 16;
/// Places of the standings a seat sees in a hall.
pub const HALL_TOP: usize = 10;

/// The two groups that take turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Group {
    Sun,
    Moon,
}

impl Group {
    /// The group of a seat: even seats (west of the line) are Sun.
    pub fn of(seat: Seat) -> Group {
        if seat.is_multiple_of(2) {
            Group::Sun
        } else {
            Group::Moon
        }
    }
    /// The group playing round `round` (1-based): Sun first.
    pub fn of_round(round: u32) -> Group {
        if round % 2 == 1 {
            Group::Sun
        } else {
            Group::Moon
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Group::Sun => "Sun",
            Group::Moon => "Moon",
        }
    }
}

/// How a Big Game is set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BigConfig {
    pub seed: u64,
    /// Board names in ring order, one per board (`A`, `B`, `C` or a file's board name).
    pub layout: Vec<String>,
    /// Length of a round (and of the setup choices).
    pub round_ms: Millis,
    /// Victory points that end the game at once; `None` plays to the round limit.
    pub vp_target: Option<u32>,
    /// The game ends after this round; `None` plays to the VP target.
    pub max_rounds: Option<u32>,
}

impl BigConfig {
    /// `boards` boards in the rotation A, B, C, A, ...; 10 VP, 45 s rounds, no round limit.
    pub fn new(boards: usize, seed: u64) -> BigConfig {
        BigConfig {
            seed,
            layout: rotation(&["A", "B", "C"], boards),
            round_ms: DEFAULT_ROUND_MS,
            vp_target: Some(10),
            max_rounds: None,
        }
    }

    /// `boards` boards from a comma-separated list, repeated in rotation (`A,C,B`).
    pub fn with_layout(boards: usize, layout: &str, seed: u64) -> Result<BigConfig, String> {
        let names: Vec<&str> = layout
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if names.is_empty() {
            return Err("the layout names no board, e.g. `--layout A,C,B`".into());
        }
        Ok(BigConfig {
            layout: rotation(&names, boards),
            ..BigConfig::new(boards, seed)
        })
    }

    pub fn boards(&self) -> usize {
        self.layout.len()
    }
    pub fn seats(&self) -> usize {
        2 * self.layout.len()
    }
}

fn rotation(names: &[&str], n: usize) -> Vec<String> {
    (0..n).map(|i| names[i % names.len()].to_string()).collect()
}

/// Where a seat is in the setup choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetupStep {
    /// Choose the starting settlement to take resources from.
    Collect,
    /// Choose the starting settlement to turn into a city.
    City,
    Done,
}

/// What the game waits for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Every seat makes its two setup choices, all at once.
    Setup,
    /// A round of `group`: the roll is done; its seats trade and build until the clock ends it.
    Round {
        group: Group,
    },
    Over {
        winners: Vec<Seat>,
        by_limit: bool,
    },
}

/// One seat's bookkeeping for the current round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub dev_played: bool,
    pub moved_ship: bool,
    /// Said `end`: done for this round.
    pub ended: bool,
    /// Free roads or ships left from Road Building.
    pub free_routes: u8,
    /// Ships built this round (they may not move until the next turn).
    pub new_ships: Vec<EdgeId>,
    /// Cards owed after a 7.
    pub must_discard: u32,
}

/// A Big Game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BigGame {
    /// The ring, its banks, decks and robbers, the hands, pieces, offers and awards.
    pub(crate) table: RingTable,
    pub(crate) cfg: BigConfig,
    pub(crate) rng: GameRng,
    /// Each territory's desert, where its robber starts and returns.
    pub(crate) homes: Vec<HexId>,
    pub(crate) phase: Phase,
    pub(crate) setup: Vec<SetupStep>,
    /// 0 during setup, then 1, 2, ...
    pub(crate) round: u32,
    /// Turns each seat has begun (since it was taken over, for the robbers' grace).
    pub(crate) turns: Vec<u32>,
    pub(crate) turn: Vec<TurnState>,
    pub(crate) last_roll: Option<(u8, u8)>,
    /// The robbers' roll after the last 7, if they moved.
    pub(crate) robber_roll: Option<(u8, u8)>,
    /// The settlement that earned each seat its foreign-territory bonus.
    pub(crate) bonus: Vec<Option<CornerId>>,
    pub(crate) deadline: Option<Millis>,
    /// Development cards played so far (they leave the game).
    pub(crate) dev_spent: u32,
    /// The standings as the current round started (public points): a hall shows these, so
    /// that a move does not recount thousands of seats.
    pub(crate) snapshot: Snapshot,
}

/// The standings taken at a round's start.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The best [`HALL_TOP`] seats by public points, best first (ties by seat number).
    pub top: Vec<(Seat, u32)>,
    /// Each seat's place (1 = first): one more than the seats with more points.
    pub ranks: Vec<u32>,
}

impl BigGame {
    /// Builds the ring, places every seat's starting pieces, shuffles the decks and opens the
    /// setup choices with the clock starting at `0`.
    pub fn new(cfg: BigConfig) -> Result<BigGame, String> {
        let k = cfg.boards();
        if !(1..=MAX_BOARDS).contains(&k) {
            return Err(format!("a Big Game has 1 to {MAX_BOARDS} boards, not {k}"));
        }
        if cfg.round_ms == 0 {
            return Err("a round must last some time".into());
        }
        let specs: Vec<BoardSpec> = cfg
            .layout
            .iter()
            .map(|n| crate::variants::boards::load(n).map_err(|e| format!("board `{n}`: {e}")))
            .collect::<Result<_, _>>()?;
        for (s, n) in specs.iter().zip(&cfg.layout) {
            if s.dividing_line.is_none() || s.starts.len() != 2 {
                return Err(format!(
                    "board `{n}` is not a Big Game board (it needs a dividing line and west and east starts)"
                ));
            }
        }
        let refs: Vec<&BoardSpec> = specs.iter().collect();
        let map = Map::ring(&refs);
        let n = cfg.seats();
        // Each territory's first desert, in one pass over the land.
        let mut deserts: Vec<Option<HexId>> = vec![None; n];
        for h in map.land_hexes() {
            if map.tile(h).terrain() == Some(Terrain::Desert)
                && let Some(t) = territory_of_hex(&map, h)
                && deserts[t].is_none()
            {
                deserts[t] = Some(h);
            }
        }
        let mut homes = Vec::with_capacity(n);
        for (t, desert) in deserts.into_iter().enumerate() {
            let home = desert.ok_or_else(|| {
                format!(
                    "board {} has no desert on its {} side",
                    t / 2 + 1,
                    if t % 2 == 0 { "west" } else { "east" }
                )
            })?;
            homes.push(home);
        }
        let mut rng = GameRng::new(cfg.seed);
        let decks = (0..k)
            .map(|_| {
                let mut d = standard_deck(false);
                rng.shuffle(&mut d);
                d
            })
            .collect();
        let banks = vec![ResourceSet::uniform(19); k];
        let mut table = RingTable::open(
            map,
            specs,
            n,
            Stock::SEAFARERS,
            (banks, decks, homes.clone()),
        );
        for (b, placed) in table.map.boards().iter().enumerate() {
            for (name, ids) in &placed.starts {
                let seat = (2 * b + usize::from(name == "east")) as Seat;
                for c in &ids.settlements {
                    table.pieces.place_settlement(seat, *c);
                }
                for e in &ids.roads {
                    table.pieces.place_route(seat, *e, RouteKind::Road);
                }
                for e in &ids.ships {
                    table.pieces.place_route(seat, *e, RouteKind::Ship);
                }
            }
        }
        let mut g = BigGame {
            table,
            rng,
            homes,
            phase: Phase::Setup,
            setup: vec![SetupStep::Collect; n],
            round: 0,
            turns: vec![0; n],
            turn: vec![TurnState::default(); n],
            last_roll: None,
            robber_roll: None,
            bonus: vec![None; n],
            deadline: Some(cfg.round_ms),
            dev_spent: 0,
            snapshot: Snapshot::default(),
            cfg,
        };
        g.take_snapshot();
        g.table.road_len = (0..n as Seat)
            .map(|s| g.table.pieces.longest_route(&g.table.map, s))
            .collect();
        Ok(g)
    }

    crate::rules::table::table_getters!(RingTable);
    /// The boards in ring order, as files give them (clients rebuild the map from them).
    pub fn board_specs(&self) -> &[BoardSpec] {
        &self.table.spec
    }
    pub fn config(&self) -> &BigConfig {
        &self.cfg
    }
    pub fn phase(&self) -> &Phase {
        &self.phase
    }
    pub fn round(&self) -> u32 {
        self.round
    }
    pub fn boards(&self) -> usize {
        self.cfg.boards()
    }
    pub fn bank(&self, board: usize) -> &ResourceSet {
        &self.table.bank[board]
    }
    /// The robber of each starting territory (indexed like seats).
    pub fn robbers(&self) -> &[HexId] {
        &self.table.robber
    }
    pub fn turns_of(&self, seat: Seat) -> u32 {
        self.turns[seat as usize]
    }
    pub fn setup_step(&self, seat: Seat) -> SetupStep {
        self.setup[seat as usize]
    }
    pub fn turn_state(&self, seat: Seat) -> &TurnState {
        &self.turn[seat as usize]
    }
    pub fn last_roll(&self) -> Option<(u8, u8)> {
        self.last_roll
    }

    /// The group whose round it is.
    pub fn active_group(&self) -> Option<Group> {
        match self.phase {
            Phase::Round { group } => Some(group),
            _ => None,
        }
    }

    /// Whether the seat's group is playing this round.
    pub fn is_active(&self, seat: Seat) -> bool {
        self.active_group() == Some(Group::of(seat))
    }

    /// The board a seat sits at.
    pub fn board_of(seat: Seat) -> usize {
        seat as usize / 2
    }

    /// The boards a seat builds on: its own and both neighbours in the ring.
    pub fn reach(&self, seat: Seat) -> Vec<usize> {
        let k = self.boards();
        let b = Self::board_of(seat);
        let mut v = vec![b, (b + k - 1) % k, (b + 1) % k];
        v.dedup();
        v.sort_unstable();
        v.dedup();
        v
    }

    fn in_reach(&self, seat: Seat, board: usize) -> bool {
        let k = self.boards();
        let b = Self::board_of(seat);
        board == b || board == (b + 1) % k || (board + 1) % k == b
    }

    /// Whether a corner lies on a board the seat may build on.
    pub fn corner_in_reach(&self, seat: Seat, c: CornerId) -> bool {
        self.table
            .map
            .board_of_corner(c)
            .is_some_and(|b| self.in_reach(seat, b))
    }

    /// Whether an edge lies on the boards (or the sea between them) the seat may build on:
    /// every position beside it belongs to one of them.
    pub fn edge_in_reach(&self, seat: Seat, e: EdgeId) -> bool {
        self.table
            .map
            .topology
            .edge_hexes(e)
            .iter()
            .flatten()
            .all(|h| self.in_reach(seat, self.table.map.board_of_hex(*h)))
    }

    /// The seats a seat may trade with now: an active seat, the seat across and both seats of
    /// each neighbouring board; an inactive seat, the active seats of its own board and both
    /// neighbours. Nobody outside a round.
    pub fn partners(&self, seat: Seat) -> Vec<Seat> {
        let Some(group) = self.active_group() else {
            return Vec::new();
        };
        let k = self.boards();
        let b = Self::board_of(seat);
        let mut v: Vec<Seat> = Vec::new();
        for d in [k - 1, 0, 1] {
            let nb = (b + d) % k;
            for s in [2 * nb, 2 * nb + 1].map(|s| s as Seat) {
                if s == seat || v.contains(&s) {
                    continue;
                }
                let ok = if Group::of(seat) == group {
                    nb != b || s == seat ^ 1
                } else {
                    Group::of(s) == group
                };
                if ok {
                    v.push(s);
                }
            }
        }
        v.sort_unstable();
        v
    }

    /// The starting territory (a seat index) a corner lies in.
    pub fn territory_of_corner(&self, c: CornerId) -> Option<usize> {
        let b = self.table.map.board_of_corner(c)?;
        let side = self.table.map.corner_territory(c)?;
        Some(2 * b + usize::from(side == Territory::East))
    }

    /// Whether the seat's board still keeps its robbers still: either seat of the board is in
    /// its first [`ROBBER_GRACE_TURNS`] turns (an inactive seat whose 15th turn is over is
    /// past them).
    pub fn board_in_grace(&self, board: usize) -> bool {
        [2 * board, 2 * board + 1].into_iter().any(|s| {
            let t = self.turns[s];
            t < ROBBER_GRACE_TURNS || (t == ROBBER_GRACE_TURNS && self.is_active(s as Seat))
        })
    }

    /// Victory points everyone can see: buildings, the awards and the territory bonus.
    pub fn public_vp(&self, seat: Seat) -> u32 {
        self.table.public_vp(seat)
            + if self.bonus[seat as usize].is_some() {
                TERRITORY_BONUS
            } else {
                0
            }
    }

    /// All victory points, hidden cards included.
    pub fn total_vp(&self, seat: Seat) -> u32 {
        self.public_vp(seat) + self.table.dev[seat as usize].vp_cards()
    }

    /// Every seat by total victory points, best first (ties by seat number).
    pub fn standings(&self) -> Vec<(Seat, i64)> {
        let mut v: Vec<(Seat, i64)> = (0..self.cfg.seats() as Seat)
            .map(|s| (s, self.total_vp(s) as i64))
            .collect();
        v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        v
    }

    /// Whether the ring is played as a hall (more than [`HALL_BOARDS`] boards).
    pub fn is_hall(&self) -> bool {
        self.boards() > HALL_BOARDS
    }

    /// The seats whose public facts a seat's view shows: in a hall, the seats of the boards it
    /// reaches; otherwise everyone.
    pub fn near_seats(&self, seat: Seat) -> Vec<Seat> {
        if !self.is_hall() {
            return (0..self.cfg.seats() as Seat).collect();
        }
        self.reach(seat)
            .into_iter()
            .flat_map(|b| [2 * b as Seat, 2 * b as Seat + 1])
            .collect()
    }

    /// Whether a seat is on a board next to (or at) the viewer's.
    pub fn is_near(&self, viewer: Seat, seat: Seat) -> bool {
        !self.is_hall() || self.in_reach(viewer, Self::board_of(seat))
    }

    /// Takes the standings by public points (O(seats), once per round).
    pub(crate) fn take_snapshot(&mut self) {
        let n = self.cfg.seats();
        let vps: Vec<u32> = (0..n as Seat).map(|s| self.public_vp(s)).collect();
        let max = vps.iter().copied().max().unwrap_or(0) as usize;
        // Seats with more points than v: a count per value, summed from the top.
        let mut count = vec![0u32; max + 2];
        for &v in &vps {
            count[v as usize] += 1;
        }
        let mut above = vec![0u32; max + 2];
        for v in (0..=max).rev() {
            above[v] = above[v + 1] + count[v + 1];
        }
        let ranks = vps.iter().map(|&v| 1 + above[v as usize]).collect();
        let mut order: Vec<(Seat, u32)> = vps
            .iter()
            .enumerate()
            .map(|(s, &v)| (s as Seat, v))
            .collect();
        let cmp = |a: &(Seat, u32), b: &(Seat, u32)| b.1.cmp(&a.1).then(a.0.cmp(&b.0));
        if order.len() > HALL_TOP {
            order.select_nth_unstable_by(HALL_TOP, cmp);
            order.truncate(HALL_TOP);
        }
        order.sort_by(cmp);
        self.snapshot = Snapshot { top: order, ranks };
    }

    /// A person takes over a bot's seat, hand and all: the robbers' grace for this seat counts
    /// again from its next turn (the text: "for each new player this begins with their first
    /// 15 turns").
    pub fn take_over(&mut self, seat: Seat) -> Result<Vec<Event>, RuleError> {
        let over = matches!(self.phase, Phase::Over { .. });
        crate::rules::entry::admit(seat, self.cfg.seats(), over)?;
        // A seat taken over during its own round has this turn as its first.
        self.turns[seat as usize] = u32::from(self.is_active(seat));
        Ok(vec![Event::TakenOver { seat }])
    }

    /// Resources a hex produces.
    pub(crate) fn resource_of(&self, h: HexId) -> Option<Resource> {
        self.table.map.tile(h).terrain().and_then(|t| t.resource())
    }
}

/// The starting territory (a seat index) of a land hex on a ring map.
pub fn territory_of_hex(map: &Map, h: HexId) -> Option<usize> {
    let side = map.hex_territory(h)?;
    Some(2 * map.board_of_hex(h) + usize::from(side == Territory::East))
}

crate::ruleset::turn_order!(BigGame, rounds);

impl Ruleset for BigGame {
    crate::ruleset::ruleset_glue!(name: "big-game", view: BigView, settings: BigSettings;
        map_words, own_apply, own_legal, own_actors);

    fn reseed_future(&mut self, seed: u64) -> bool {
        let mut rng = GameRng::new(seed);
        for deck in &mut self.table.deck {
            rng.shuffle(deck);
        }
        self.rng = GameRng::new(rng.next_seed());
        true
    }

    fn move_of(&self, cmd: &Command) -> crate::proto::moves::Move {
        moves::move_of(cmd)
    }
    fn event_kind(&self, ev: &Event) -> crate::proto::moves::EventKind {
        moves::event_kind(ev).unwrap_or_else(|| crate::ruleset::kind_from_facts(self, ev))
    }

    fn create(settings: &BigSettings, seats: usize, seed: u64) -> Result<BigGame, CreateError> {
        if seats != settings.seats() {
            return Err(CreateError::Refused(format!(
                "a Big Game of {} boards has {} seats (two per board), not {seats}",
                settings.boards(),
                settings.seats()
            )));
        }
        if settings.vp_target.is_none() && settings.max_rounds.is_none() {
            return Err(CreateError::Refused(
                "a Big Game needs an end: give a VP target (--vp) or a round limit (--max-rounds)"
                    .into(),
            ));
        }
        Ok(BigGame::new(settings.config(seed))?)
    }

    fn settings_text(&self) -> Vec<(String, String)> {
        let c = self.config();
        // A hall's thousands of boards repeat a few: the start says enough.
        let shown: Vec<&str> = c.layout.iter().take(12).map(String::as_str).collect();
        let more = if c.layout.len() > shown.len() {
            ",…"
        } else {
            ""
        };
        let or_none = |n: Option<u32>| n.map_or("none".into(), |n| n.to_string());
        SettingsRows::new(self.name())
            .number("boards", c.boards())
            .row("layout", format!("{}{more}", shown.join(",")))
            .seconds("round", c.round_ms)
            .row("victory points", or_none(c.vp_target))
            .row("round limit", or_none(c.max_rounds))
            .rows()
    }

    fn map_recipe(&self) -> MapRecipe {
        let mut boards: Vec<BoardSpec> = Vec::new();
        let mut order = Vec::new();
        for spec in self.board_specs() {
            let i = match boards.iter().position(|b| b == spec) {
                Some(i) => i,
                None => {
                    boards.push(spec.clone());
                    boards.len() - 1
                }
            };
            order.push(i as u16);
        }
        MapRecipe::Ring { boards, order }
    }

    fn simultaneous(&self) -> bool {
        true
    }

    fn is_hall(&self) -> bool {
        BigGame::is_hall(self)
    }

    fn audience(&self, actor: Option<Seat>, evs: &[Event]) -> Option<Vec<Seat>> {
        let own: Vec<&Event> = evs.iter().collect();
        BigGame::audience(self, actor, &own)
    }

    fn keep_view_pieces(view: &mut BigView, earlier: &BigView) {
        view.keep_pieces(earlier);
    }

    fn view_rounds(view: &BigView) -> Option<crate::ruleset::RoundsAt> {
        use crate::ruleset::RoundsAt;
        Some(match view.phase.as_str() {
            "setup" => RoundsAt::Setup,
            "over" => RoundsAt::Over,
            _ => RoundsAt::Round {
                round: view.round,
                active: view.active,
            },
        })
    }

    fn view_hand(view: &BigView) -> Option<crate::rules::resources::ResourceSet> {
        view.you.as_ref().map(|y| y.hand)
    }

    fn event_seat(&self, ev: &Event) -> Option<Seat> {
        BigGame::event_seat(self, ev)
    }

    fn shown_seats(&self, seat: Seat) -> Option<Vec<Seat>> {
        BigGame::shown_seats(self, seat)
    }

    /// Only a hall leaves pieces out: a small ring's views are few and whole.
    fn pieces_mark(&self, seat: Seat) -> Option<u64> {
        (self.is_hall() && (seat as usize) < self.cfg.seats())
            .then(|| view::pieces_mark(self, seat))
    }

    fn view_without_pieces(&self, seat: Seat) -> BigView {
        BigView::without_pieces(self, seat)
    }

    /// Only a hall leaves the offers off: a small ring's lists are few.
    fn legal_for_hall(&self, seat: Seat) -> (Vec<Command>, bool) {
        let mut cmds = Vec::new();
        let offers = !self.is_hall();
        let listed = self.legal_parts(seat, &mut cmds, offers);
        (cmds, listed && !offers)
    }

    fn is_actor(&self, seat: Seat) -> bool {
        self.is_prompted(seat)
    }
    fn waits_for(&self, seat: Seat) -> bool {
        self.is_waited_for(seat)
    }

    fn seat_taken_over(&mut self, seat: Seat) -> Vec<Event> {
        self.take_over(seat).unwrap_or_default()
    }

    fn deadline(&self) -> Option<Millis> {
        match self.phase {
            Phase::Over { .. } => None,
            _ => self.deadline,
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winners, .. } = &self.phase else {
            return None;
        };
        Some(Outcome {
            winners: winners.clone(),
            standings: self.standings(),
        })
    }
    /// Catan's points and the territory bonus.
    fn points_by_source(&self) -> Vec<SeatPoints> {
        let mut all = catan_points_by_seat(
            &self.table.pieces,
            self.table.longest,
            self.table.largest,
            &self.table.dev,
        );
        for (points, bonus) in all.iter_mut().zip(&self.bonus) {
            if bonus.is_some() {
                points.push((TERRITORY_POINTS, TERRITORY_BONUS as i64));
            }
        }
        all
    }
    fn reveal(&self, ev: &Event, names: &[String]) -> Option<String> {
        match ev {
            Event::Dev(d) => d.revealed(names),
            _ => None,
        }
    }
    fn recap_facts(&self, ev: &Event, out: &mut Vec<Fact>) {
        use crate::rules::facts::{Gain, Loss};
        match ev {
            Event::Collected { seat, got, .. } => out.push(Fact::gained(*seat, Gain::Start, *got)),
            Event::Rolled { dice } => out.push(Fact::Dice(dice.0 + dice.1)),
            Event::Produced { gains, .. } => out.extend(
                gains
                    .iter()
                    .map(|(seat, got)| Fact::gained(*seat, Gain::Production, *got)),
            ),
            Event::Discarded { seat, cards, .. } => {
                out.push(Fact::lost(*seat, Loss::Discards, *cards))
            }
            // The Big Game's knight takes its card from the bank.
            Event::PlayedKnight {
                seat, got: Some(r), ..
            } => out.push(Fact::Gained {
                seat: *seat,
                from: Gain::Cards,
                cards: ResourceSet::one(*r, 1),
            }),
            Event::Dev(d) => d.recap_facts(out),
            Event::Trade(t) => t.recap_facts(out),
            Event::RoundStarted { .. } => out.push(Fact::Round),
            _ => {}
        }
    }

    fn audit(&self) -> Result<(), AuditError> {
        Ok(audit::check(self)?)
    }
}
