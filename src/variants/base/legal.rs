//! The legal-command generator. It must agree exactly with `apply`: every listed command is
//! accepted and every accepted command is listed, except free-form trade offers (only the
//! one-for-one offers are listed). Property tests check both directions.
//!
//! One walk ([`BaseGame::visit_legal`]) produces every listing: the whole list (`legal`), the
//! kinds present (`legal_kinds`, stopping at the first command of each kind) and one kind's
//! commands (`legal_of_kind_into`). So the random bot's kind-first draw and `legal` cannot
//! disagree, and the bot never builds the whole list.

use super::command::{Kind, Kinds};
use super::{BaseGame, Command, MAX_OPEN_OFFERS, Phase};
use crate::engine::Seat;
use crate::engine::rng::GameRng;
use crate::rules::devcards::DevCard;
use crate::rules::offers::TradeCommand;
use crate::rules::pieces::RouteKind;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::trade::{self, Offer};
use crate::rules::{commands, costs, spots};
use crate::topology::{CornerId, EdgeId, HexId, IdBits};

/// Receives listed commands; the callback answers whether it wants more of that kind, and a
/// kind it does not want is skipped from then on (so presence checks stop at the first).
struct Sink<'a, F: FnMut(Command) -> bool> {
    want: Kinds,
    f: &'a mut F,
}

impl<F: FnMut(Command) -> bool> Sink<'_, F> {
    #[inline]
    fn wants(&self, k: Kind) -> bool {
        self.want.contains(k)
    }

    #[inline]
    fn emit(&mut self, cmd: Command) {
        let k = cmd.kind();
        if self.want.contains(k) && !(self.f)(cmd) {
            self.want.remove(k);
        }
    }
}

impl BaseGame {
    /// Appends every command `seat` may send now.
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Command>) {
        self.visit_legal(seat, Kinds::ALL, &mut |c| {
            out.push(c);
            true
        });
    }

    /// The kinds of command `seat` may send now: exactly the kinds `legal` lists. Decided by
    /// a test per kind rather than by walking the listing (it runs before every random move);
    /// the property tests hold it to the listing.
    pub fn legal_kinds(&self, seat: Seat) -> Kinds {
        let mut kinds = Kinds::NONE;
        if seat as usize >= self.cfg.seats || self.out[seat as usize] {
            return kinds;
        }
        match &self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { step, settlement } => {
                if self.setup_seat(*step) != seat {
                    return kinds;
                }
                let any = match settlement {
                    None => self.table.map.land_corners().iter().any(|c| {
                        self.table
                            .pieces
                            .check_settlement_spot(&self.table.map, *c)
                            .is_ok()
                    }),
                    Some(c) => self
                        .table
                        .map
                        .topology
                        .corner_edges(*c)
                        .iter()
                        .flatten()
                        .any(|e| {
                            self.table
                                .pieces
                                .check_route(&self.table.map, seat, *e, RouteKind::Road, Some(*c))
                                .is_ok()
                        }),
                };
                if any {
                    kinds.insert(if settlement.is_none() {
                        Kind::Settle
                    } else {
                        Kind::Road
                    });
                }
            }
            Phase::Roll => {
                if seat == self.current {
                    kinds.insert(Kind::Roll);
                    self.dev_play_kinds(seat, &mut kinds);
                }
            }
            Phase::Discard { owed } => {
                // Some way to return `n` cards exists exactly when the hand holds `n`.
                if owed
                    .iter()
                    .any(|(o, n)| *o == seat && self.table.hands[seat as usize].total() >= *n)
                {
                    kinds.insert(Kind::Discard);
                }
            }
            // There is always a target: some land hex, else the desert or where it stands.
            Phase::Robber { .. } => {
                if seat == self.current {
                    kinds.insert(Kind::Robber);
                }
            }
            Phase::RoadBuilding { .. } => {
                if seat == self.current && self.can_place_road(seat) {
                    kinds.insert(Kind::Road);
                }
            }
            Phase::Main => self.main_kinds(seat, &mut kinds),
            Phase::SpecialBuild { builder } => {
                if seat == *builder {
                    kinds.insert(Kind::End);
                    self.build_kinds(seat, &mut kinds);
                }
            }
        }
        kinds
    }

    /// [`BaseGame::legal_kinds`] in the main phase: `legal_main`'s kinds, each by its test.
    fn main_kinds(&self, seat: Seat, kinds: &mut Kinds) {
        let hand = &self.table.hands[seat as usize];
        let trading = self.trading_open();
        if seat == self.current {
            kinds.insert(Kind::End);
            self.build_kinds(seat, kinds);
            self.dev_play_kinds(seat, kinds);
            if trading && self.bank_trade_exists(seat) {
                kinds.insert(Kind::Bank);
            }
        }
        if !trading {
            return;
        }
        let mut open = 0;
        for o in &self.table.offers {
            if o.from == seat {
                open += 1;
                kinds.insert(Kind::Cancel);
            } else if self.addressed_to(o, seat) && !o.declined_by(seat) {
                if hand.contains(&o.get) && self.table.hands[o.from as usize].contains(&o.give) {
                    kinds.insert(Kind::Accept);
                }
                kinds.insert(Kind::Decline);
            }
        }
        let cap = if seat == self.current {
            MAX_OPEN_OFFERS
        } else {
            1
        };
        if open < cap && !hand.is_empty() {
            kinds.insert(Kind::Offer);
        }
    }

    /// The building kinds (road, settlement, city, development card) `seat` can afford and
    /// has room for: the main phase's and the special build's.
    fn build_kinds(&self, seat: Seat, kinds: &mut Kinds) {
        let hand = &self.table.hands[seat as usize];
        let stock = self.table.pieces.stock(seat);
        if hand.contains(&costs::ROAD) && self.can_place_road(seat) {
            kinds.insert(Kind::Road);
        }
        if stock.settlements > 0 && hand.contains(&costs::SETTLEMENT) {
            let mut any = false;
            self.each_settlement_spot(seat, |_| {
                any = true;
                false
            });
            if any {
                kinds.insert(Kind::Settle);
            }
        }
        if stock.cities > 0
            && hand.contains(&costs::CITY)
            && self.table.pieces.settlements_of(seat).next().is_some()
        {
            kinds.insert(Kind::City);
        }
        if !self.table.deck.is_empty() && hand.contains(&costs::DEV_CARD) {
            kinds.insert(Kind::BuyDev);
        }
    }

    /// Whether the current player has some bank trade: a lot of one resource at its rate,
    /// and another resource the bank still holds.
    fn bank_trade_exists(&self, seat: Seat) -> bool {
        let hand = &self.table.hands[seat as usize];
        let bank_has_other = |give: Resource| {
            Resource::ALL
                .into_iter()
                .any(|get| get != give && self.table.bank[get] > 0)
        };
        // Every seat trades 4:1; harbours (2:1 and 3:1) matter only for pairs and triples.
        if Resource::ALL
            .into_iter()
            .any(|give| hand[give] >= 4 && bank_has_other(give))
        {
            return true;
        }
        if hand.0.iter().all(|n| *n < 2) {
            return false;
        }
        let rates = trade::maritime_rates(&self.table.map, &self.table.pieces, seat);
        Resource::ALL
            .into_iter()
            .any(|give| hand[give] >= rates[give as usize] && bank_has_other(give))
    }

    /// The development-card kinds `legal_dev_plays` lists, each by its test.
    fn dev_play_kinds(&self, seat: Seat, kinds: &mut Kinds) {
        let hand = &self.table.dev[seat as usize];
        if self.dev_played || hand.cards.is_empty() {
            return;
        }
        let playable = hand.playable_set(self.turn);
        if playable.contains(DevCard::Knight) {
            kinds.insert(Kind::PlayKnight);
        }
        if playable.contains(DevCard::RoadBuilding) && self.can_place_road(seat) {
            kinds.insert(Kind::PlayRoadBuilding);
        }
        // Two cards the bank holds: a pair of one resource or one each of two.
        if playable.contains(DevCard::YearOfPlenty)
            && (self.table.bank.0.iter().any(|n| *n >= 2)
                || self.table.bank.0.iter().filter(|n| **n > 0).count() >= 2)
        {
            kinds.insert(Kind::PlayYearOfPlenty);
        }
        if playable.contains(DevCard::Monopoly) {
            kinds.insert(Kind::PlayMonopoly);
        }
    }

    /// Appends the commands of one kind that `seat` may send now (those `legal` lists).
    pub fn legal_of_kind_into(&self, seat: Seat, kind: Kind, out: &mut Vec<Command>) {
        self.visit_legal(seat, Kinds::one(kind), &mut |c| {
            out.push(c);
            true
        });
    }

    /// A random legal command: a kind drawn uniformly among the kinds `seat` may send, then a
    /// command drawn uniformly among that kind's (no draw is spent on a choice of one).
    /// `scratch` is working space, kept by the caller so that nothing is allocated per move.
    pub fn random_legal(
        &self,
        seat: Seat,
        rng: &mut GameRng,
        scratch: &mut Vec<Command>,
    ) -> Option<Command> {
        let kinds = self.legal_kinds(seat);
        let kind = match kinds.len() {
            0 => return None,
            1 => kinds.nth(0)?,
            n => kinds.nth(rng.pick(n))?,
        };
        // Kinds without arguments list exactly one command: no second walk, no draw.
        match kind {
            Kind::End => return Some(Command::End),
            Kind::Roll => return Some(Command::Roll),
            Kind::BuyDev => return Some(Command::BuyDev),
            Kind::PlayKnight => return Some(Command::PlayKnight),
            Kind::PlayRoadBuilding => return Some(Command::PlayRoadBuilding),
            _ => {}
        }
        if kind == Kind::Discard
            && let Phase::Discard { owed } = &self.phase
            && let Some((_, n)) = owed.iter().find(|(o, _)| *o == seat)
        {
            // Discards can number thousands: draw the index, then build that one.
            let hand = &self.table.hands[seat as usize];
            let ways = discard_ways(hand, *n);
            let i = match ways[*n as usize][0] {
                0 => return None,
                1 => 0,
                total => rng.pick(total as usize) as u64,
            };
            return nth_discard(&ways, hand, *n, i).map(Command::Discard);
        }
        if kind == Kind::Offer {
            // The one-for-one offers, in the listing's order: each resource held, for each
            // other resource. Drawn by index rather than listed (it is the commonest draw).
            let hand = &self.table.hands[seat as usize];
            // Without a branch per resource: which ones the hand holds is random.
            let mut held = [Resource::Lumber; 5];
            let mut n = 0;
            for r in Resource::ALL {
                held[n] = r;
                n += usize::from(hand[r] > 0);
            }
            if n == 0 {
                return None;
            }
            let i = rng.pick(n * 4);
            let give = held[i / 4];
            // The (i % 4)-th resource other than `give`.
            let j = i % 4;
            let get = Resource::ALL[j + usize::from(j >= give as usize)];
            return Some(Command::Trade(TradeCommand::Offer {
                give: ResourceSet::one(give, 1),
                get: ResourceSet::one(get, 1),
                to: (seat != self.current).then_some(self.current),
            }));
        }
        if kind == Kind::Robber
            && let Some(cmd) = self.random_robber(rng)
        {
            return Some(cmd);
        }
        scratch.clear();
        let mut push = |c| {
            scratch.push(c);
            true
        };
        let main = matches!(self.phase, Phase::Main);
        let building = main || matches!(self.phase, Phase::SpecialBuild { .. });
        if main && kind == Kind::Bank {
            self.each_bank_trade(seat, &mut push);
        } else if building && kind == Kind::Road {
            self.each_road_spot(seat, |e| push(Command::Road(e)));
        } else if building && kind == Kind::Settle {
            self.each_settlement_spot(seat, |c| push(Command::Settle(c)));
        } else if matches!(kind, Kind::Accept | Kind::Decline | Kind::Cancel) {
            // Present only in the main phase with trading open (legal_kinds said so): the
            // answers alone, without walking the current player's building commands again.
            self.visit_answers(
                seat,
                &mut Sink {
                    want: Kinds::one(kind),
                    f: &mut |c| {
                        scratch.push(c);
                        true
                    },
                },
            );
        } else {
            self.legal_of_kind_into(seat, kind, scratch);
        }
        match scratch.len() {
            0 => None,
            1 => Some(scratch[0]),
            n => Some(scratch[rng.pick(n)]),
        }
    }

    /// A robber command drawn as `random_legal` draws from the listing (same order, same
    /// draw), from each target hex's victims kept on the stack; `None` when there are too
    /// many target hexes for the stack (the caller then lists them).
    fn random_robber(&self, rng: &mut GameRng) -> Option<Command> {
        const MAX: usize = 64;
        let robbable = self.robbable();
        let mut targets = [(HexId(0), 0u32); MAX];
        let (mut n, mut total, mut overflow) = (0, 0, false);
        self.each_robber_target(|h| {
            if n == MAX {
                overflow = true;
                return false;
            }
            let victims = self.owners_at(h) & robbable;
            targets[n] = (h, victims);
            n += 1;
            // No victim: one command without a steal; else one per victim.
            total += victims.count_ones().max(1) as usize;
            true
        });
        if overflow || total == 0 {
            return None;
        }
        let mut i = if total == 1 { 0 } else { rng.pick(total) };
        for &(hex, victims) in &targets[..n] {
            if victims == 0 {
                if i == 0 {
                    return Some(Command::Robber { hex, steal: None });
                }
                i -= 1;
                continue;
            }
            let k = victims.count_ones() as usize;
            if i < k {
                let mut bits = victims;
                for _ in 0..i {
                    bits &= bits - 1;
                }
                return Some(Command::Robber {
                    hex,
                    steal: Some(bits.trailing_zeros() as Seat),
                });
            }
            i -= k;
        }
        None
    }

    /// Walks the legal commands of the kinds in `kinds`, in `legal`'s order, handing each to
    /// `f`; a kind `f` answers `false` to is skipped from then on.
    pub fn visit_legal(&self, seat: Seat, kinds: Kinds, f: &mut impl FnMut(Command) -> bool) {
        if seat as usize >= self.cfg.seats || self.out[seat as usize] {
            return;
        }
        let mut s = Sink { want: kinds, f };
        match &self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { step, settlement } => {
                if self.setup_seat(*step) != seat {
                    return;
                }
                let kind = if settlement.is_none() {
                    Kind::Settle
                } else {
                    Kind::Road
                };
                if s.wants(kind) {
                    let (map, pieces) = (&self.table.map, &self.table.pieces);
                    commands::each_setup_placement(map, pieces, seat, *settlement, |c| {
                        s.emit(c.into());
                        s.wants(kind)
                    });
                }
            }
            Phase::Roll => {
                if seat == self.current {
                    s.emit(Command::Roll);
                    self.legal_dev_plays(seat, &mut s);
                }
            }
            Phase::Discard { owed } => {
                if s.wants(Kind::Discard)
                    && let Some((_, n)) = owed.iter().find(|(o, _)| *o == seat)
                {
                    discard_choices(&self.table.hands[seat as usize], *n, &mut s);
                }
            }
            Phase::Robber { .. } => {
                if seat == self.current && s.wants(Kind::Robber) {
                    let seats = self.cfg.seats as Seat;
                    let robbable = self.robbable();
                    self.each_robber_target(|h| {
                        let victims = self.owners_at(h) & robbable;
                        if victims == 0 {
                            s.emit(Command::Robber {
                                hex: h,
                                steal: None,
                            });
                        }
                        for v in (0..seats).filter(|v| victims & (1 << v) != 0) {
                            s.emit(Command::Robber {
                                hex: h,
                                steal: Some(v),
                            });
                        }
                        s.wants(Kind::Robber)
                    });
                }
            }
            Phase::RoadBuilding { .. } => {
                if seat == self.current && s.wants(Kind::Road) {
                    self.each_road_spot(seat, |e| {
                        s.emit(Command::Road(e));
                        s.wants(Kind::Road)
                    });
                }
            }
            Phase::Main => self.legal_main(seat, &mut s),
            Phase::SpecialBuild { builder } => {
                if seat == *builder {
                    s.emit(Command::End);
                    self.legal_builds(seat, &mut s);
                }
            }
        }
    }

    /// Calls `f` on each edge where the seat may build a road now, cost aside, until `f`
    /// answers `false`.
    pub(crate) fn each_road_spot(&self, seat: Seat, mut f: impl FnMut(EdgeId) -> bool) {
        if self.table.pieces.stock(seat).roads == 0 {
            return;
        }
        let topo = &self.table.map.topology;
        let mut seen = IdBits::new(topo.edge_count());
        let mut visited = IdBits::new(topo.corner_count());
        // The ends of the seat's routes, then its buildings; each corner once. A corner with
        // the seat's building, or with its road and no building, joins any free land edge
        // there; elsewhere the full check decides (the far end may join).
        let from_routes = self.table.pieces.routes_of(seat).iter().flat_map(|e| {
            let by_road = self
                .table
                .pieces
                .route(*e)
                .is_some_and(|r| r.kind == RouteKind::Road);
            topo.edge_corners(*e).map(move |c| (c, by_road))
        });
        let from_buildings = self
            .table
            .pieces
            .buildings_of(seat)
            .iter()
            .map(|c| (*c, true));
        for (c, by_road) in from_routes.chain(from_buildings) {
            if !visited.first(c.index()) {
                continue;
            }
            let joins = match self.table.pieces.building(c) {
                Some(b) => b.owner == seat,
                None => {
                    by_road
                        || topo.corner_edges(c).iter().flatten().any(|e| {
                            self.table
                                .pieces
                                .route(*e)
                                .is_some_and(|r| r.owner == seat && r.kind == RouteKind::Road)
                        })
                }
            };
            for e in topo.corner_edges(c).iter().flatten() {
                if self.table.pieces.route(*e).is_none()
                    && seen.first(e.index())
                    && if joins {
                        self.table.map.edge_is_road_spot(*e)
                    } else {
                        self.table
                            .pieces
                            .check_route(&self.table.map, seat, *e, RouteKind::Road, None)
                            .is_ok()
                    }
                    && !f(*e)
                {
                    return;
                }
            }
        }
    }

    /// The builds and purchases `seat` may make now, in `legal`'s order: roads, settlements,
    /// cities, a development card. The main phase's and the special build's.
    fn legal_builds<F: FnMut(Command) -> bool>(&self, seat: Seat, s: &mut Sink<'_, F>) {
        let hand = &self.table.hands[seat as usize];
        if s.wants(Kind::Road) && hand.contains(&costs::ROAD) {
            self.each_road_spot(seat, |e| {
                s.emit(Command::Road(e));
                s.wants(Kind::Road)
            });
        }
        if s.wants(Kind::Settle)
            && hand.contains(&costs::SETTLEMENT)
            && self.table.pieces.stock(seat).settlements > 0
        {
            self.each_settlement_spot(seat, |c| {
                s.emit(Command::Settle(c));
                s.wants(Kind::Settle)
            });
        }
        if s.wants(Kind::City)
            && hand.contains(&costs::CITY)
            && self.table.pieces.stock(seat).cities > 0
        {
            for c in self.table.pieces.settlements_of(seat) {
                s.emit(Command::City(c));
                if !s.wants(Kind::City) {
                    break;
                }
            }
        }
        if !self.table.deck.is_empty() && hand.contains(&costs::DEV_CARD) {
            s.emit(Command::BuyDev);
        }
    }

    fn legal_main<F: FnMut(Command) -> bool>(&self, seat: Seat, s: &mut Sink<'_, F>) {
        let hand = &self.table.hands[seat as usize];
        if seat == self.current {
            s.emit(Command::End);
            self.legal_builds(seat, s);
            self.legal_dev_plays(seat, s);
            if s.wants(Kind::Bank) && self.trading_open() {
                self.each_bank_trade(seat, |c| {
                    s.emit(c);
                    s.wants(Kind::Bank)
                });
            }
        }
        if !self.trading_open() {
            return;
        }
        self.visit_answers(seat, s);
        // One-for-one offers.
        if !s.wants(Kind::Offer) {
            return;
        }
        let open = self.table.offers.iter().filter(|o| o.from == seat).count();
        let (cap, to) = if seat == self.current {
            (MAX_OPEN_OFFERS, None)
        } else {
            (1, Some(self.current))
        };
        if open < cap {
            for give in Resource::ALL {
                if hand[give] == 0 {
                    continue;
                }
                if !s.wants(Kind::Offer) {
                    return;
                }
                for get in Resource::ALL {
                    if get != give {
                        s.emit(Command::Trade(TradeCommand::Offer {
                            give: ResourceSet::one(give, 1),
                            get: ResourceSet::one(get, 1),
                            to,
                        }));
                    }
                }
            }
        }
    }

    /// Calls `f` on each bank trade the seat's hand allows at its rates (one lot for one
    /// card the bank holds), until `f` answers `false`; trading must be open.
    fn each_bank_trade(&self, seat: Seat, mut f: impl FnMut(Command) -> bool) {
        let hand = &self.table.hands[seat as usize];
        // The best rate is 2, so a hand without a pair has no bank trade.
        if hand.0.iter().all(|n| *n < 2) {
            return;
        }
        let rates = trade::maritime_rates(&self.table.map, &self.table.pieces, seat);
        trade::each_bank_trade(hand, &self.table.bank, &rates, |give, get| {
            f(Command::Trade(TradeCommand::Bank { give, get }))
        });
    }

    /// The answers to open offers `seat` may send (trading being open): accepting or
    /// declining offers made to it, cancelling its own. Part of `legal_main`'s walk, and
    /// walked alone by the random bot once it has drawn one of these kinds.
    fn visit_answers<F: FnMut(Command) -> bool>(&self, seat: Seat, s: &mut Sink<'_, F>) {
        let hand = &self.table.hands[seat as usize];
        for o in &self.table.offers {
            if o.from == seat {
                s.emit(Command::Trade(TradeCommand::Cancel(o.id)));
            } else if self.addressed_to(o, seat) && !o.declined_by(seat) {
                if hand.contains(&o.get) && self.table.hands[o.from as usize].contains(&o.give) {
                    s.emit(Command::Trade(TradeCommand::Accept(o.id)));
                }
                s.emit(Command::Trade(TradeCommand::Decline(o.id)));
            }
        }
    }

    /// Calls `f` on each corner where the seat may build a settlement now (cost aside; it
    /// must have one left), until `f` answers `false`.
    fn each_settlement_spot(&self, seat: Seat, mut f: impl FnMut(CornerId) -> bool) {
        let topo = &self.table.map.topology;
        let mut seen = IdBits::new(topo.corner_count());
        // Most corners fail the distance rule: that cheap test first, then the full check.
        let free = |c: CornerId| {
            self.table.pieces.building(c).is_none()
                && topo
                    .corner_corners(c)
                    .iter()
                    .flatten()
                    .all(|n| self.table.pieces.building(*n).is_none())
        };
        for e in self.table.pieces.routes_of(seat) {
            for c in topo.edge_corners(*e) {
                if free(c)
                    && seen.first(c.index())
                    && self
                        .table
                        .pieces
                        .check_settlement(&self.table.map, seat, c)
                        .is_ok()
                    && !f(c)
                {
                    return;
                }
            }
        }
    }

    /// Whether `seat` is one of the seats an offer is made to (its proposer never is).
    pub(crate) fn addressed_to(&self, o: &Offer, seat: Seat) -> bool {
        match o.to {
            Some(t) => t == seat,
            None => seat != o.from && (seat as usize) < self.cfg.seats && !self.out[seat as usize],
        }
    }

    fn legal_dev_plays<F: FnMut(Command) -> bool>(&self, seat: Seat, s: &mut Sink<'_, F>) {
        let hand = &self.table.dev[seat as usize];
        if self.dev_played || hand.cards.is_empty() {
            return;
        }
        if !(s.wants(Kind::PlayKnight)
            || s.wants(Kind::PlayRoadBuilding)
            || s.wants(Kind::PlayYearOfPlenty)
            || s.wants(Kind::PlayMonopoly))
        {
            return;
        }
        if hand.playable(DevCard::Knight, self.turn) {
            s.emit(Command::PlayKnight);
        }
        if s.wants(Kind::PlayRoadBuilding)
            && hand.playable(DevCard::RoadBuilding, self.turn)
            && self.can_place_road(seat)
        {
            s.emit(Command::PlayRoadBuilding);
        }
        if s.wants(Kind::PlayYearOfPlenty) && hand.playable(DevCard::YearOfPlenty, self.turn) {
            for (i, a) in Resource::ALL.iter().enumerate() {
                if !s.wants(Kind::PlayYearOfPlenty) {
                    break;
                }
                for b in &Resource::ALL[i..] {
                    let mut set = ResourceSet::one(*a, 1);
                    set[*b] += 1;
                    if self.table.bank.contains(&set) {
                        s.emit(Command::PlayYearOfPlenty(set));
                    }
                }
            }
        }
        if s.wants(Kind::PlayMonopoly) && hand.playable(DevCard::Monopoly, self.turn) {
            for r in Resource::ALL {
                s.emit(Command::PlayMonopoly(r));
                if !s.wants(Kind::PlayMonopoly) {
                    break;
                }
            }
        }
    }
}

/// Every way to return `n` cards from a hand, while the sink still wants discards.
fn discard_choices<F: FnMut(Command) -> bool>(hand: &ResourceSet, n: u32, s: &mut Sink<'_, F>) {
    spots::each_choice(hand, n, &mut |set| {
        s.emit(Command::Discard(set));
        s.wants(Kind::Discard)
    });
}

/// Ways to return `n` cards from `hand` using resources `i..` only, for every `i` and `n`:
/// `ways[left][i]`. Each entry sums a window of the column to its right (take `0..=have` of
/// this resource), kept as a running sum.
fn discard_ways(hand: &ResourceSet, n: u32) -> Vec<[u64; 6]> {
    let mut ways = vec![[0u64; 6]; n as usize + 1];
    ways[0][5] = 1;
    for i in (0..5).rev() {
        let have = hand[Resource::ALL[i]] as usize;
        let mut window = 0u64;
        for left in 0..ways.len() {
            window += ways[left][i + 1];
            if left > have {
                window -= ways[left - have - 1][i + 1];
            }
            ways[left][i] = window;
        }
    }
    ways
}

/// The `index`-th discard in `discard_choices`' order, without listing the others (`ways`
/// from [`discard_ways`] for the same hand and count).
fn nth_discard(
    ways: &[[u64; 6]],
    hand: &ResourceSet,
    n: u32,
    mut index: u64,
) -> Option<ResourceSet> {
    let mut left = n as usize;
    let mut out = ResourceSet::EMPTY;
    for (i, r) in Resource::ALL.iter().enumerate() {
        let have = hand[*r] as usize;
        // The listing takes the fewest cards of each resource first.
        let lo = left.saturating_sub(
            Resource::ALL[i + 1..]
                .iter()
                .map(|x| hand[*x] as usize)
                .sum(),
        );
        let mut chosen = None;
        for k in lo..=have.min(left) {
            let w = ways[left - k][i + 1];
            if index < w {
                chosen = Some(k);
                break;
            }
            index -= w;
        }
        let k = chosen?;
        out[*r] = k as u32;
        left -= k;
    }
    (left == 0).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drawing the i-th discard agrees with the listing for every i, on hands of all shapes.
    #[test]
    fn nth_discard_walks_the_listing() {
        let hands = [
            ResourceSet::new(8, 0, 0, 0, 0),
            ResourceSet::new(2, 3, 1, 4, 0),
            ResourceSet::new(5, 5, 5, 5, 5),
            ResourceSet::new(0, 1, 0, 0, 9),
            ResourceSet::new(3, 0, 7, 0, 2),
        ];
        for hand in hands {
            for n in [0, 1, hand.total() / 2, hand.total()] {
                let mut listed = Vec::new();
                let mut sink = Sink {
                    want: Kinds::ALL,
                    f: &mut |c| {
                        listed.push(c);
                        true
                    },
                };
                discard_choices(&hand, n, &mut sink);
                let ways = discard_ways(&hand, n);
                assert_eq!(ways[n as usize][0], listed.len() as u64, "{hand} {n}");
                for (i, c) in listed.iter().enumerate() {
                    let nth = nth_discard(&ways, &hand, n, i as u64);
                    assert_eq!(nth.map(Command::Discard), Some(*c));
                }
                assert_eq!(nth_discard(&ways, &hand, n, listed.len() as u64), None);
            }
        }
    }
}
