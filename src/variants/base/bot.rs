//! The heuristic bot for base Catan: a planner that saves up for its next build.
//!
//! Each decision starts from what the seat may see: the board and every piece on it, public
//! counts (cards and development cards in each hand, knights played, road lengths, the bank,
//! the deck's size), its own hand and development cards. It never looks into another seat's
//! hand or at the deck's order.
//!
//! - Setup: settlements on the corners with the most pips, weighted by how scarce each
//!   resource is on the board, with a bonus for resources it does not produce yet and for
//!   harbours that fit its production; the road points at the best spot two steps away.
//! - Its turn: it picks a goal (a city, a settlement on a connected spot, roads toward a good
//!   free spot, a development card, the Longest Road) by value over the time it needs to
//!   afford it, keeps the cards the goal needs and trades the rest: with the bank when that
//!   completes the build, with the players by one occasional one-for-one offer. It plays
//!   development cards where they help (a knight when the robber sits on its hex or for the
//!   Largest Army, road building toward its goal, year of plenty and monopoly for what it
//!   lacks), and ends the turn when nothing is worth doing.
//! - Others' turns: it accepts offers that bring it closer to its goal without costing more
//!   cards than it gets, unless the proposer is close to winning; it declines the rest.
//! - The robber goes where it hurts the leader most and steals from the strongest victim;
//!   discards keep the cards the goal needs.
//!
//! This file holds the bot's memory, what it reads of the table (`Ctx`) and its entry points;
//! its parts are `plan` (goals, plans, the turn), `offers` (bank trades, offers, answers),
//! `cards` (development cards), `robber` (robber, steal, discard), `setup` (placements, free
//! roads) and `value` (the hard bot's position value and its weights).

use crate::board::Map;
use crate::board::spec::{HarborKind, Tile};
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::costs;
use crate::rules::devcards::DevCard;
use crate::rules::offers::TradeCommand;
use crate::rules::pieces::{BuildingKind, Pieces, RouteKind, Stock};
use crate::rules::production;
use crate::rules::resources::{Resource, ResourceSet, pips};
use crate::rules::trade::{self, Offer};
use crate::ruleset::{BotPlay, Ruleset};
use crate::topology::{CornerId, EdgeId, HexId};
use crate::variants::base::{BaseGame, Command, Kind, Phase};
use std::cell::RefCell;

mod cards;
mod plan;
mod robber;
mod setup;
mod offers;
mod tuning;
pub(crate) mod value;

/// What the bot remembers between its own commands within a turn.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// The turn the counters below belong to.
    turn: u32,
    /// Offers proposed this turn (kept to one so the table is not flooded).
    offers: u32,
    /// Bank trades made this turn.
    bank_trades: u32,
    /// Cards bought from the bank this turn: never sold again the same turn, so trades
    /// cannot go round in circles.
    bank_got: ResourceSet,
    /// The goals of the last planning this turn, kept while the board they were valued on
    /// stays the same (a bank trade or an answer changes only the hand, which is rescored).
    plans: Option<PlanCache>,
}

/// Goals valued on one state of the board: re-planning from scratch on every command was a
/// third of a search playout's time. Only the part that does not depend on the hand is kept
/// (each goal's value and cost, in the order they were found); the wait for the cards, and so
/// the ranking, is recomputed from the hand every time, so the picks are exactly those of a
/// fresh planning. Kept across turns while the board stays the same.
#[derive(Clone, Debug, Default)]
struct PlanCache {
    key: PlanKey,
    goals: Vec<(Goal, f32, ResourceSet)>,
}

/// Everything a goal's value and cost depend on besides the hand: the game (its seed and
/// tiles, in case a bot is moved to another game), the seat, every seat's pieces (where they
/// stand and what is left in stock), the robber, whether the deck has cards, the knights and
/// the two awards, and the seat's public points.
#[derive(Clone, Debug, Default, PartialEq)]
struct PlanKey {
    seed: u64,
    tiles: Vec<Tile>,
    me: Seat,
    robber: Option<HexId>,
    deck: bool,
    largest_army: Option<Seat>,
    longest_road: Option<Seat>,
    public_vp: u32,
    seats: Vec<SeatKey>,
}

#[derive(Clone, Debug, PartialEq)]
struct SeatKey {
    stock: Stock,
    out: bool,
    knights: u32,
    buildings: Vec<CornerId>,
    routes: Vec<EdgeId>,
}

impl Default for SeatKey {
    fn default() -> SeatKey {
        SeatKey {
            stock: Stock {
                settlements: 0,
                cities: 0,
                roads: 0,
                ships: 0,
            },
            out: false,
            knights: 0,
            buildings: Vec::new(),
            routes: Vec::new(),
        }
    }
}

impl PlanKey {
    /// Whether this key still describes `g` for `me`.
    fn matches(&self, g: &BaseGame, me: Seat) -> bool {
        let pieces = g.pieces();
        let map = g.map();
        self.me == me
            && self.robber == Some(g.robber())
            && self.deck == (g.deck_len() > 0)
            && self.largest_army == g.largest_army()
            && self.longest_road == g.longest_road()
            && self.public_vp == g.public_vp(me)
            && self.seed == g.config().seed
            && self.seats.len() == g.seats()
            && self.seats.iter().enumerate().all(|(s, k)| {
                let s = s as Seat;
                k.stock == pieces.stock(s)
                    && k.out == g.is_out(s)
                    && k.knights == g.dev_hand(s).knights_played
                    && k.buildings == pieces.buildings_of(s)
                    && k.routes == pieces.routes_of(s)
            })
            && self.tiles.len() == map.land_count()
            && map
                .land_hexes()
                .zip(&self.tiles)
                .all(|(h, t)| map.tile(h) == *t)
    }

    /// Makes this key describe `g` for `me`, reusing its buffers.
    fn set(&mut self, g: &BaseGame, me: Seat) {
        let pieces = g.pieces();
        let map = g.map();
        self.seed = g.config().seed;
        self.tiles.clear();
        self.tiles.extend(map.land_hexes().map(|h| map.tile(h)));
        self.me = me;
        self.robber = Some(g.robber());
        self.deck = g.deck_len() > 0;
        self.largest_army = g.largest_army();
        self.longest_road = g.longest_road();
        self.public_vp = g.public_vp(me);
        self.seats.resize_with(g.seats(), SeatKey::default);
        for (s, k) in self.seats.iter_mut().enumerate() {
            let s = s as Seat;
            k.stock = pieces.stock(s);
            k.out = g.is_out(s);
            k.knights = g.dev_hand(s).knights_played;
            k.buildings.clear();
            k.buildings.extend_from_slice(pieces.buildings_of(s));
            k.routes.clear();
            k.routes.extend_from_slice(pieces.routes_of(s));
        }
    }
}

impl Memory {
    /// Starts a new turn's counters (the plans stay: they are keyed by the board).
    fn for_turn(&mut self, turn: u32) {
        if self.turn != turn {
            *self = Memory {
                turn,
                plans: self.plans.take(),
                ..Memory::default()
            };
        }
    }
}

/// Turns a goal's value and the time it needs into a score: value per expected wait.
const WAIT_WEIGHT: f32 = 2.0;
/// How much a pip of production is worth next to a victory point.
const PIP_VALUE: f32 = 0.045;
/// A development card's value, in victory points.
const DEV_VALUE: f32 = 0.42;
/// At most this many bank trades a turn.
const MAX_BANK_TRADES: u32 = 6;
/// Farthest free spot (in roads) the bot plans toward.
const MAX_ROAD_PLAN: u8 = 3;

/// The heuristic's command for `me`, or `None` when it has nothing to do.
pub fn choose(g: &BaseGame, me: Seat, rng: &mut GameRng, mem: &mut Memory) -> Option<Command> {
    mem.for_turn(g.turn());
    let mut ctx = Ctx::new(g, me);
    ctx.cache = RefCell::new(mem.plans.take());
    let pick = choose_in(&ctx, rng, mem);
    mem.plans = ctx.cache.into_inner();
    pick
}

fn choose_in(ctx: &Ctx, rng: &mut GameRng, mem: &mut Memory) -> Option<Command> {
    let g = ctx.g;
    let me = ctx.me;
    match g.phase() {
        Phase::Over { .. } => None,
        Phase::Setup { step, settlement } => {
            if g.setup_seat(*step) != me {
                return None;
            }
            let legal = g.legal(me);
            let pick = match settlement {
                None => ctx.setup_settlement(&legal),
                Some(c) => ctx.setup_road(*c, &legal),
            };
            pick.or_else(|| random_pick(&legal, rng))
        }
        Phase::Discard { owed } => {
            let n = owed.iter().find(|(s, _)| *s == me)?.1;
            Some(Command::Discard(ctx.discard(n)))
        }
        Phase::Roll => {
            if g.current() != me {
                return None;
            }
            if !g.dev_played() && ctx.knight_before_roll() {
                let cmd = Command::PlayKnight;
                if g.legal(me).contains(&cmd) {
                    return Some(cmd);
                }
            }
            Some(Command::Roll)
        }
        Phase::Robber { .. } => {
            if g.current() != me {
                return None;
            }
            let legal = g.legal(me);
            ctx.robber(&legal).or_else(|| random_pick(&legal, rng))
        }
        Phase::RoadBuilding { .. } => {
            if g.current() != me {
                return None;
            }
            let legal = g.legal(me);
            ctx.free_road(&legal).or_else(|| random_pick(&legal, rng))
        }
        Phase::SpecialBuild { builder } => {
            if *builder != me {
                return None;
            }
            let legal = g.legal(me);
            Some(ctx.special_build(&legal))
        }
        Phase::Main => {
            let legal = g.legal(me);
            if legal.is_empty() {
                return None;
            }
            let pick = if g.current() == me {
                ctx.main_turn(&legal, mem)
            } else {
                ctx.answer_offers(&legal)
            };
            match pick {
                Some(cmd) if legal.contains(&cmd) => Some(cmd),
                Some(_) => {
                    // A plan the rules do not allow (a bug): end the turn rather than stall.
                    #[cfg(test)]
                    tests::REFUSED.with(|n| n.set(n.get() + 1));
                    (g.current() == me).then_some(Command::End)
                }
                None => (g.current() == me).then_some(Command::End),
            }
        }
    }
}

fn random_pick(legal: &[Command], rng: &mut GameRng) -> Option<Command> {
    (!legal.is_empty()).then(|| legal[rng.below(legal.len())])
}

fn times(cost: &ResourceSet, n: u32) -> ResourceSet {
    let mut s = ResourceSet::EMPTY;
    for r in Resource::ALL {
        s[r] = cost[r] * n;
    }
    s
}

fn plus(a: &ResourceSet, b: &ResourceSet) -> ResourceSet {
    let mut s = *a;
    s.add(b);
    s
}

/// What the bot is saving for.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Goal {
    City(CornerId),
    Settle(CornerId),
    /// Roads toward a free spot: `first` is the next road, `dist` the roads needed.
    RoadTo {
        first: EdgeId,
        spot: CornerId,
        dist: u8,
    },
    /// A road that takes the Longest Road.
    LongestRoad(EdgeId),
    Dev,
}

#[derive(Clone, Copy, Debug)]
struct Plan {
    goal: Goal,
    /// Everything the goal still costs, roads on the way included.
    cost: ResourceSet,
    score: f32,
}

impl Plan {
    /// The command that makes progress now, if the hand pays for it.
    fn step(&self, hand: &ResourceSet) -> Option<Command> {
        let (cmd, price) = match self.goal {
            Goal::City(c) => (Command::City(c), costs::CITY),
            Goal::Settle(c) => (Command::Settle(c), costs::SETTLEMENT),
            Goal::RoadTo { first, .. } => (Command::Road(first), costs::ROAD),
            Goal::LongestRoad(e) => (Command::Road(e), costs::ROAD),
            Goal::Dev => (Command::BuyDev, costs::DEV_CARD),
        };
        hand.contains(&price).then_some(cmd)
    }
}

/// Free spots reachable by new roads: distance in roads and the first road of a shortest way.
struct Reach {
    dist: Vec<u8>,
    first: Vec<Option<EdgeId>>,
}

/// One decision's view of the game for one seat.
struct Ctx<'a> {
    g: &'a BaseGame,
    map: &'a Map,
    pieces: &'a Pieces,
    me: Seat,
    /// Scarcity of each resource on this board (rarer is worth more).
    weight: [f32; 5],
    /// The seat's production in pips per resource (cities count twice).
    prod: [f32; 5],
    rates: [u32; 5],
    hand: ResourceSet,
    target: u32,
    /// The bot's goals from an earlier command on the same board ([`PlanCache`]).
    cache: RefCell<Option<PlanCache>>,
}

impl<'a> Ctx<'a> {
    fn new(g: &'a BaseGame, me: Seat) -> Ctx<'a> {
        let map = g.map();
        let pieces = g.pieces();
        let mut total = [0f32; 5];
        for h in map.land_hexes() {
            if let Some((r, p)) = hex_yield(map, h) {
                total[r as usize] += p;
            }
        }
        let mean = total.iter().sum::<f32>() / 5.0;
        let mut weight = [1.0f32; 5];
        let (low, high) = tuning::SCARCITY_RANGE;
        for i in 0..5 {
            weight[i] = tuning::RESOURCE_TASTE[i] * (mean / total[i].max(1.0)).clamp(low, high);
        }
        Ctx {
            g,
            map,
            pieces,
            me,
            weight,
            prod: production(map, pieces, me),
            rates: trade::maritime_rates(map, pieces, me),
            hand: *g.hand(me),
            target: g.config().vp_target,
            cache: RefCell::new(None),
        }
    }

    fn opponents(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.g.seats() as Seat).filter(move |s| *s != self.me && !self.g.is_out(*s))
    }

    /// Cards in a seat's hand: a public count.
    fn cards_of(&self, s: Seat) -> u32 {
        self.g.hand(s).total()
    }

    /// How dangerous a seat looks: public points plus a little for hidden cards.
    fn threat(&self, s: Seat) -> f32 {
        self.g.public_vp(s) as f32
            + tuning::HIDDEN_CARD_THREAT * self.g.dev_hand(s).cards.len() as f32
    }

    /// Whether a seat is close enough to winning that nobody should help it.
    fn close_to_winning(&self, s: Seat) -> bool {
        self.g.public_vp(s) + 2 >= self.target
    }

    // ---- valuing places ----------------------------------------------------------------

    /// Production a settlement at `c` adds, in weighted pips, for this seat.
    fn spot_value(&self, c: CornerId) -> f32 {
        let mut v = 0.0;
        let mut spot = [0f32; 5];
        for h in self.map.topology.corner_hexes(c).iter().flatten() {
            if let Some((r, p)) = hex_yield(self.map, *h) {
                let fresh = self.prod[r as usize] == 0.0 && spot[r as usize] == 0.0;
                let robbed = if *h == self.g.robber() {
                    tuning::ROBBED_SPOT_SHARE
                } else {
                    1.0
                };
                let fresh = if fresh {
                    tuning::NEW_RESOURCE_BONUS
                } else {
                    1.0
                };
                v += p * self.weight[r as usize] * fresh * robbed;
                spot[r as usize] += p;
            }
        }
        match self.map.corner_harbor(c) {
            Some(HarborKind::Special(r)) => {
                let i = r as usize;
                if self.rates[i] > 2 {
                    v += tuning::OWN_HARBOR_SHARE * (self.prod[i] + spot[i]);
                }
            }
            Some(HarborKind::Generic) if self.rates.iter().all(|r| *r > 3) => {
                v += tuning::GENERIC_HARBOR_BASE
                    + tuning::GENERIC_HARBOR_PER_PIP
                        * (self.prod.iter().sum::<f32>() + spot.iter().sum::<f32>());
            }
            _ => {}
        }
        v
    }

    /// Production a city at `c` adds (the settlement's own yield again).
    fn city_value(&self, c: CornerId) -> f32 {
        self.map
            .topology
            .corner_hexes(c)
            .iter()
            .flatten()
            .filter_map(|h| {
                let (r, p) = hex_yield(self.map, *h)?;
                let robbed = if *h == self.g.robber() {
                    tuning::ROBBED_CITY_SHARE
                } else {
                    1.0
                };
                Some(p * self.weight[r as usize] * robbed)
            })
            .sum()
    }
}

/// The `k` best of `legal`'s setup settlements by the heuristic's own measure (spot value),
/// best first; other commands are not ranked. A search bot looks deeper at these few instead
/// of at every corner.
pub fn ranked(g: &BaseGame, me: Seat, legal: &[Command], k: usize) -> Vec<Command> {
    let ctx = Ctx::new(g, me);
    let mut scored: Vec<(f32, Command)> = legal
        .iter()
        .filter_map(|c| match c {
            Command::Settle(at) => Some((ctx.spot_value(*at), *c)),
            _ => None,
        })
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    scored.into_iter().take(k).map(|(_, c)| c).collect()
}

/// A seat's production in pips, cities counting twice: public, from the board alone.
pub fn pips_of(map: &Map, pieces: &Pieces, seat: Seat) -> f32 {
    production(map, pieces, seat).iter().sum()
}

/// A hex's resource and pips, if it produces.
fn hex_yield(map: &Map, h: HexId) -> Option<(Resource, f32)> {
    let t = map.tile(h);
    let r = t.terrain()?.resource()?;
    let n = t.number()?;
    Some((r, pips(n) as f32))
}

/// A seat's production in pips per resource (public: everyone sees the buildings).
fn production(map: &Map, pieces: &Pieces, seat: Seat) -> [f32; 5] {
    production::pips_per_resource(map, pieces, seat, |_| true).map(|p| p as f32)
}

/// Setup spots the search considers, best first by the heuristic's measure.
const RANKED: usize = 6;
/// Victory points one pip of production is worth at a search playout's end.
const PIP_WEIGHT: f64 = 0.08;

/// Whether a command is part of trading (setup's playout search never compares trades; the
/// value search compares the bank trades, and the others as [`value::candidates`] says).
pub(crate) fn trade_kind(c: &Command) -> bool {
    matches!(
        c.kind(),
        Kind::Offer | Kind::Counter | Kind::Accept | Kind::Decline | Kind::Cancel | Kind::Bank
    )
}

/// Setup's candidates for whole-game playouts: the best settlement spots by the heuristic's
/// measure, or every way the road beside the settlement just placed may point (two or three).
/// After setup the value search lists its own ([`value::candidates`]).
pub(crate) fn setup_candidates(g: &BaseGame, me: Seat) -> Vec<Command> {
    match g.phase() {
        Phase::Setup { step, settlement } if g.setup_seat(*step) == me => {
            let legal = g.legal(me);
            match settlement {
                None => ranked(g, me, &legal, RANKED),
                Some(_) => legal,
            }
        }
        _ => Vec::new(),
    }
}

/// A position's worth to `me` when a search playout stops: points and production against
/// the strongest opponent, 0 to 1 (a ruleset built on base judges its base game the same way).
pub(crate) fn search_score(base: &BaseGame, me: Seat) -> f64 {
    let value = |s: Seat| -> f64 {
        let dev = base.dev_hand(s);
        base.total_vp(s) as f64
            + PIP_WEIGHT * pips_of(base.map(), base.pieces(), s) as f64
            + tuning::DEV_CARD_POINTS * dev.cards.len() as f64
            + tuning::HAND_CARD_POINTS * base.hand(s).total().min(tuning::HAND_CARDS_COUNTED) as f64
    };
    let mine = value(me);
    let best_other = (0..base.seats() as Seat)
        .filter(|s| *s != me && !base.is_out(*s))
        .map(value)
        .fold(f64::MIN, f64::max);
    let diff = if best_other == f64::MIN {
        0.0
    } else {
        mine - best_other
    };
    let (low, high) = tuning::SCORE_RANGE;
    (0.5 + tuning::SCORE_PER_POINT * diff).clamp(low, high)
}

/// The builds and cards that can win on the spot (a settlement, a city, a road that takes the
/// Longest Road, a knight that takes the Largest Army): none of them draws a hidden card.
const WINNING_KINDS: [Kind; 4] = [Kind::Settle, Kind::City, Kind::Road, Kind::PlayKnight];

/// A command that wins the game for `seat` now, if there is one: on the seat's own turn,
/// within two points of the target (a knight before the roll counts too); `wins` tries one.
pub(crate) fn winning_move(
    g: &BaseGame,
    seat: Seat,
    wins: impl Fn(&Command) -> bool,
) -> Option<Command> {
    if g.current() != seat
        || !matches!(g.phase(), Phase::Main | Phase::Roll)
        || g.total_vp(seat) + 2 < g.config().vp_target
    {
        return None;
    }
    let mut legal = Vec::new();
    for k in WINNING_KINDS {
        g.legal_of_kind_into(seat, k, &mut legal);
    }
    legal.into_iter().find(|c| wins(c))
}

/// Whether `seat` answers rather than plays: a discard, or an offer on someone else's turn.
pub(crate) fn answering(g: &BaseGame, seat: Seat) -> bool {
    match g.phase() {
        Phase::Discard { .. } => true,
        Phase::Main => g.current() != seat,
        _ => false,
    }
}

/// What the base game's bots remember: the heuristic's memory, and the random bot's
/// working space (kept so it is not reallocated each move).
#[derive(Clone, Debug, Default)]
pub struct BotMemory {
    pub heuristic: Memory,
    scratch: Vec<Command>,
}

impl BotPlay for BaseGame {
    type Memory = BotMemory;

    fn random_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut BotMemory,
    ) -> Option<Command> {
        self.random_legal(seat, rng, &mut memory.scratch)
    }

    fn heuristic_command(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        memory: &mut BotMemory,
    ) -> Option<Command> {
        choose(self, seat, rng, &mut memory.heuristic)
    }

    fn winning_move(&self, seat: Seat) -> Option<Command> {
        winning_move(self, seat, |c| {
            let mut t = self.clone();
            t.apply(seat, c, 0).is_ok() && t.winner() == Some(seat)
        })
    }

    fn answering(&self, seat: Seat) -> bool {
        answering(self, seat)
    }

    fn trade(&self, cmd: &Command) -> Option<TradeCommand> {
        cmd.trade()
    }

    fn end_turn(&self, seat: Seat) -> Option<Command> {
        self.legal_kinds(seat)
            .contains(Kind::End)
            .then_some(Command::End)
    }

    fn searches(&self) -> bool {
        true
    }

    /// Setup: the best spots by the heuristic's measure and each way the road may point,
    /// played out to the end ([`setup_candidates`]). Later: every move of the value search
    /// ([`value::candidates`]).
    fn search_candidates(&self, me: Seat, medium: &Command, out: &mut Vec<Command>) {
        if matches!(self.phase(), Phase::Setup { .. }) {
            out.extend(setup_candidates(self, me));
        } else {
            value::candidates(self, me, medium, out);
        }
    }

    fn search_score(&self, me: Seat) -> f64 {
        search_score(self, me)
    }

    /// After setup, hard scores positions with the value function ([`value`]).
    fn search_value(&self, me: Seat) -> Option<f64> {
        (!matches!(self.phase(), Phase::Setup { .. })).then(|| value::value(self, me))
    }

    /// A base game played to its end by four medium bots costs about a millisecond, so
    /// the value's pick can be checked by a few hundred of them.
    fn search_checks_by_games(&self) -> bool {
        true
    }

    fn search_chance(&self, cmd: &Command) -> bool {
        value::chance(cmd)
    }

    fn search_replies(&self, me: Seat, out: &mut Vec<Command>) {
        value::own_moves(self, me, out);
    }

    /// An offer hard makes is answered in each deal as the heuristic would answer it.
    fn search_answers(&mut self, me: Seat) {
        value::answer_as_medium(self, me);
    }

    /// Setup shapes the whole game: its playouts run to the end.
    fn search_rounds(&self) -> Option<u32> {
        if matches!(self.phase(), Phase::Setup { .. }) {
            None
        } else {
            Some(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bots::BotKind;
    use crate::sim::{SimConfig, play_game};
    use std::cell::Cell;

    thread_local! {
        /// Heuristic picks the legal list did not contain.
        pub(super) static REFUSED: Cell<u32> = const { Cell::new(0) };
    }

    /// Every pick of the heuristic is on the legal list, in games with all seat counts and
    /// against itself and the random bot.
    #[test]
    fn picks_are_legal() {
        use BotKind::{Heuristic as H, Random as R};
        let lineups = [
            vec![H, H],
            vec![H, R, H],
            vec![H, H, H, H],
            vec![R, H, R, H],
        ];
        for (k, bots) in lineups.into_iter().enumerate() {
            let cfg = SimConfig::base(6, 40 + k as u64, bots);
            for i in 0..cfg.games {
                REFUSED.with(|n| n.set(0));
                let p = play_game(&cfg, i, false).expect("bots play legal commands");
                assert!(
                    p.result.winner.is_some(),
                    "game {i} of lineup {k} did not finish"
                );
                assert_eq!(REFUSED.with(|n| n.get()), 0, "game {i} of lineup {k}");
            }
        }
    }

    /// Plans kept from an earlier command ([`PlanCache`]) give exactly the picks of a
    /// planning from scratch: in whole four-seat games, every command of every seat is
    /// checked against the same bot with its plans forgotten. And the cache is used.
    #[test]
    fn kept_plans_pick_as_fresh_planning() {
        use crate::ruleset::Ruleset;
        let mut hits = 0;
        for seed in 1..=3u64 {
            let mut g = BaseGame::new(crate::variants::base::BaseConfig::new(4, seed))
                .expect("a base game");
            let mut mems: Vec<Memory> = vec![Memory::default(); 4];
            let mut rngs: Vec<GameRng> = (0..4).map(|s| GameRng::new(seed * 10 + s)).collect();
            let mut steps = 0;
            while g.outcome().is_none() && steps < 5000 {
                steps += 1;
                let mut acted = false;
                for seat in g.actors() {
                    let i = seat as usize;
                    let mut fresh_mem = mems[i].clone();
                    fresh_mem.plans = None;
                    let mut fresh_rng = rngs[i].clone();
                    let had = mems[i]
                        .plans
                        .as_ref()
                        .is_some_and(|c| c.key.matches(&g, seat));
                    let kept = choose(&g, seat, &mut rngs[i], &mut mems[i]);
                    let fresh = choose(&g, seat, &mut fresh_rng, &mut fresh_mem);
                    assert_eq!(kept, fresh, "seed {seed}, step {steps}, seat {seat}");
                    if had {
                        hits += 1;
                    }
                    if let Some(cmd) = kept {
                        g.apply(seat, &cmd, 0).expect("a legal pick");
                        acted = true;
                        break;
                    }
                }
                assert!(acted, "seed {seed}: nobody acted at step {steps}");
            }
            assert!(g.outcome().is_some(), "seed {seed}: the game ends");
        }
        assert!(hits > 100, "the kept plans were used {hits} times");
    }

    /// The heuristic's discard returns exactly what is owed, from its own hand, and keeps
    /// the cards of its goal.
    #[test]
    fn discards_keep_the_goal() {
        // Stopped just after setup: two settlements each, so a city is a goal.
        let mut cfg = SimConfig::base(1, 3, vec![BotKind::Heuristic, BotKind::Heuristic]);
        cfg.move_cap = 8;
        let Game::Base(mut g) = play_game(&cfg, 0, false).unwrap().game else {
            panic!("a base game")
        };
        let me = 0;
        g.table.hands[me as usize] = ResourceSet::new(4, 0, 3, 2, 3);
        let ctx = Ctx::new(&g, me);
        let out = ctx.discard(5);
        assert_eq!(out.total(), 5);
        assert!(g.hand(me).contains(&out));
        let mut kept = *g.hand(me);
        kept.sub(&out);
        // Spare lumber and wool go first; the ore and grain of a city stay.
        assert!(kept.contains(&costs::CITY), "kept {kept}");
    }

    /// Setup shapes the whole game, so the search plays its playouts to the end; later
    /// decisions look two rounds ahead.
    #[test]
    fn setup_is_searched_with_whole_games() {
        let g = four_bots_after(3);
        assert!(matches!(g.phase(), Phase::Setup { .. }));
        assert_eq!(g.search_rounds(), None);
        assert_eq!(past_setup().search_rounds(), Some(2));
    }

    /// A setup settlement gets the count budget's whole games at their own rate (480 at the
    /// default 240, `GAMES_PER_PLAYOUT`), spread over the six best spots by successive
    /// halving: four times what it had, the budget the value search leaves unused.
    #[test]
    fn setup_settlements_get_many_whole_games() {
        use crate::bots::search::{Budget, DEFAULT_PLAYOUTS, GAMES_PER_PLAYOUT};
        let g = four_bots_after(2);
        assert!(matches!(
            g.phase(),
            Phase::Setup {
                settlement: None,
                ..
            }
        ));
        let me = g.current();
        let mut bot: crate::bots::Bot<BaseGame> =
            crate::bots::Bot::new(BotKind::Hard, 9).with_budget(Budget::Playouts(DEFAULT_PLAYOUTS));
        let pick = bot.choose(&g, me).expect("a settlement");
        assert!(matches!(pick, Command::Settle(_)), "{pick:?}");
        assert_eq!(bot.stats.searched, 1);
        let games = (DEFAULT_PLAYOUTS * GAMES_PER_PLAYOUT) as u64;
        assert_eq!(games, 480);
        // Six spots over three phases (6, 3, 2), each phase a third of the games.
        assert!(
            (games - 10..=games).contains(&bot.stats.playouts),
            "{}",
            bot.stats.playouts
        );
    }

    /// The road beside a setup settlement is searched too, by whole games: every way it
    /// may point is a candidate (the heuristic's first), and the pick is one of them.
    #[test]
    fn setup_roads_are_searched_with_whole_games() {
        use crate::bots::search::{Budget, DEFAULT_PLAYOUTS};
        let g = four_bots_after(1);
        assert!(matches!(
            g.phase(),
            Phase::Setup {
                settlement: Some(_),
                ..
            }
        ));
        let me = g.current();
        let legal = g.legal(me);
        assert!(legal.len() >= 2, "{legal:?}");
        let mut rng = GameRng::new(3);
        let mut mem = Memory::default();
        let medium = choose(&g, me, &mut rng, &mut mem).expect("a road");
        let mut out = Vec::new();
        g.search_candidates(me, &medium, &mut out);
        assert_eq!(out.len(), legal.len());
        assert!(legal.iter().all(|c| out.contains(c)));
        let mut bot: crate::bots::Bot<BaseGame> =
            crate::bots::Bot::new(BotKind::Hard, 9).with_budget(Budget::Playouts(DEFAULT_PLAYOUTS));
        let pick = bot.choose(&g, me).expect("a road");
        assert!(legal.contains(&pick), "{pick:?}");
        assert_eq!(bot.stats.searched, 1);
        assert!(bot.stats.playouts >= 400, "{}", bot.stats.playouts);
    }

    /// The base game (seed 5) that four medium bots have played for `moves` commands: the
    /// bot tests' common start, in setup or just past it.
    pub(super) fn four_bots_after(moves: u64) -> BaseGame {
        let mut cfg = SimConfig::base(1, 5, vec![BotKind::Heuristic; 4]);
        cfg.move_cap = moves;
        let Game::Base(g) = play_game(&cfg, 0, false).unwrap().game else {
            panic!("a base game")
        };
        g
    }

    /// A game just past setup (two settlements and roads each), in seat 0's main phase, no
    /// offer open and every hand empty (its cards back in the bank). The offers' tests have
    /// seat 0 play the person making offers, the others bots.
    pub(super) fn past_setup() -> BaseGame {
        let mut g = four_bots_after(16);
        assert!(matches!(g.phase(), Phase::Roll), "setup is over");
        g.phase = Phase::Main;
        g.current = 0;
        g.table.offers.clear();
        for s in 0..4 {
            let hand = g.table.hands[s];
            g.table.bank.add(&hand);
            g.table.hands[s] = ResourceSet::EMPTY;
        }
        g
    }

    pub(super) fn deal(g: &mut BaseGame, seat: Seat, cards: ResourceSet) {
        assert!(g.table.bank.contains(&cards), "the bank has {cards}");
        g.table.bank.sub(&cards);
        g.table.hands[seat as usize].add(&cards);
    }

    /// Seat 0 offers `give` for `get`; what the bot at seat 1 answers, at every level.
    fn answers(g: &BaseGame, give: ResourceSet, get: ResourceSet) -> Vec<(BotKind, Command)> {
        let mut g = g.clone();
        deal(&mut g, 0, give);
        let offer = Command::Trade(TradeCommand::Offer {
            give,
            get,
            to: None,
        });
        g.apply(0, &offer, 0).expect("seat 0's offer is posted");
        let id = g.offers()[0].id;
        BotKind::LEVELS
            .iter()
            .map(|k| {
                let mut bot: crate::bots::Bot<BaseGame> = crate::bots::Bot::new(*k, 3)
                    .with_budget(crate::bots::search::Budget::Playouts(8));
                let cmd = bot.choose(&g, 1).expect("an offer to answer");
                match cmd {
                    Command::Trade(TradeCommand::Accept(i) | TradeCommand::Decline(i)) => {
                        assert_eq!(i, id, "{k:?} answers the offer made")
                    }
                    other => panic!("{k:?} answers an offer with {other:?}"),
                }
                (*k, cmd)
            })
            .collect()
    }

    /// A person's offer is answered by what it is worth to the bot, at every level: it takes
    /// the card that completes its next build for one it has no use for, and refuses a trade
    /// that takes a card its build needs, or one from a seat about to win.
    #[test]
    fn bots_answer_a_persons_offer_by_its_worth_to_them() {
        let mut g = past_setup();
        // Seat 1 is one grain short of a city, with a spare lumber.
        deal(&mut g, 1, ResourceSet::new(1, 0, 0, 1, 3));
        let plan = Ctx::new(&g, 1).best_plan().expect("seat 1 has a goal");
        assert!(
            matches!(plan.goal, Goal::City(_)),
            "the goal is {:?}",
            plan.goal
        );
        let need = g.hand(1).shortfall(&plan.cost);
        assert_eq!(need, ResourceSet::new(0, 0, 0, 1, 0), "one grain short");

        // 1 grain for 1 lumber completes the city: every level accepts.
        let grain = ResourceSet::new(0, 0, 0, 1, 0);
        let lumber = ResourceSet::new(1, 0, 0, 0, 0);
        for (k, cmd) in answers(&g, grain, lumber) {
            assert!(
                matches!(cmd, Command::Trade(TradeCommand::Accept(_))),
                "{k:?} refuses the grain that completes its city: {cmd:?}"
            );
        }
        // 1 wool for 1 ore takes an ore the city needs: every level refuses.
        let wool = ResourceSet::new(0, 0, 1, 0, 0);
        let ore = ResourceSet::new(0, 0, 0, 0, 1);
        for (k, cmd) in answers(&g, wool, ore) {
            assert!(
                matches!(cmd, Command::Trade(TradeCommand::Decline(_))),
                "{k:?} gives away an ore its city needs: {cmd:?}"
            );
        }
        // The same good trade from a seat two points from winning: every level refuses.
        let mut leader = g.clone();
        for c in leader.table.pieces.buildings_of(0).to_vec() {
            leader.table.pieces.place_city(0, c);
        }
        leader.table.longest = Some(0);
        leader.table.largest = Some(0);
        assert!(leader.public_vp(0) + 2 >= leader.config().vp_target);
        for (k, cmd) in answers(&leader, grain, lumber) {
            assert!(
                matches!(cmd, Command::Trade(TradeCommand::Decline(_))),
                "{k:?} feeds the leader: {cmd:?}"
            );
        }
    }

    use crate::variants::Game;
}
