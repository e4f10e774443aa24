//! Applying commands and the round clock. Every handler checks everything first and only then
//! changes the state, so a refused command leaves it untouched.

use super::{
    BigGame, Command, DISCARD_AT, Event, Group, KnightUse, MAX_OPEN_OFFERS, Phase, SetupStep,
    TurnState, territory_of_hex,
};
use crate::engine::{Millis, RuleError, Seat, refuse};
use crate::rules::awards;
use crate::rules::banks::Banks;
use crate::rules::costs;
use crate::rules::devcards::{Cards, DevCard, DevEvent, DevHand, DevTable};
use crate::rules::entry::{self, Act, Verdict};
use crate::rules::offers::{self, Market};
use crate::rules::pieces::{BuildingKind, RouteKind};
use crate::rules::production;
use crate::rules::resources::ResourceSet;
use crate::rules::robber;
use crate::rules::spots;
use crate::rules::trade::Offer;
use crate::topology::{CornerId, EdgeId, HexId};
use std::borrow::Cow;

impl BigGame {
    /// `Ruleset::apply_into` of a Big Game: after each command the round may be won or done
    /// (every active seat ended); a refusal leaves the state and the act's list as they
    /// were.
    pub(crate) fn apply_command_into(&mut self, cx: &mut Act<Event>, cmd: &Command) -> Verdict {
        let seat = cx.seat;
        entry::admit(
            seat,
            self.cfg.seats(),
            matches!(self.phase, Phase::Over { .. }),
        )?;
        let from = cx.ev.len();
        let done = match *cmd {
            Command::Collect(c) => self.collect(cx, c),
            Command::City(c) if self.phase == Phase::Setup => self.setup_city(cx, c),
            Command::City(c) => self.city(cx, c),
            Command::Settle(c) => self.settle(cx, c),
            Command::Road(e) => self.route(cx, e, RouteKind::Road),
            Command::Ship(e) => self.route(cx, e, RouteKind::Ship),
            Command::MoveShip { from, to } => self.move_ship(cx, from, to),
            Command::BuyDev => self.buy_dev(cx),
            Command::End => self.end(cx),
            Command::Discard(cards) => self.discard(cx, cards),
            Command::PlayKnight(u) => self.play_knight(cx, u),
            Command::PlayRoadBuilding => self.play_road_building(cx),
            Command::PlayYearOfPlenty(cards) => self.play_plenty(cx, cards),
            Command::Trade(t) => offers::apply(self, cx, t),
        };
        let (ev, now) = (&mut *cx.ev, cx.now);
        entry::all_or_nothing(ev, from, done)?;
        if matches!(self.phase, Phase::Round { .. }) {
            self.check_win(Some(seat), ev);
        }
        // Only an `end` or a discard brings the round nearer its end.
        if matches!(self.phase, Phase::Round { .. })
            && matches!(cmd, Command::End | Command::Discard(_))
            && self.round_done()
        {
            self.end_round(now, ev);
        }
        Ok(())
    }

    // ---- gates ----------------------------------------------------------------------------

    /// Refuses anything but setup's choices while the game is not under way: in its setup
    /// (which has begun, so the refusal says what setup asks first) or once it is over.
    fn under_way(&self) -> Result<(), RuleError> {
        match self.phase {
            Phase::Round { .. } => Ok(()),
            Phase::Setup => refuse(
                "not during setup: choose a settlement to collect from (`collect C`) first, then one to turn into a city (`city C`)",
            ),
            Phase::Over { .. } => refuse("the game is over"),
        }
    }

    /// Refuses unless a round is on and the seat owes no discard.
    fn need_round(&self, seat: Seat) -> Result<(), RuleError> {
        self.under_way()?;
        let owed = self.turn[seat as usize].must_discard;
        if owed > 0 {
            return refuse(format!(
                "discard {owed} cards first (a 7 was rolled): `discard ...`"
            ));
        }
        Ok(())
    }

    /// Refuses unless the seat's group plays this round and the seat has not ended it.
    pub(crate) fn need_active(&self, seat: Seat, what: &str) -> Result<(), RuleError> {
        self.need_round(seat)?;
        if let Some(g) = self.active_group()
            && g != Group::of(seat)
        {
            return refuse(format!(
                "it is the {} group's round: you {} only in your own group's rounds (now you may trade with its players)",
                g.name(),
                what
            ));
        }
        if self.turn[seat as usize].ended {
            return refuse("you ended your turn this round; wait for your group's next round");
        }
        Ok(())
    }

    /// Whether the seat may trade now: in a round, no discard owed, and not ended if active.
    fn can_trade(&self, seat: Seat) -> Result<(), RuleError> {
        self.need_round(seat)?;
        if self.is_active(seat) && self.turn[seat as usize].ended {
            return refuse("you ended your turn this round: trading is over for you");
        }
        Ok(())
    }

    fn home_bank(&mut self, seat: Seat) -> &mut ResourceSet {
        &mut self.table.bank[seat as usize / 2]
    }

    // ---- setup ----------------------------------------------------------------------------

    /// Refuses a setup choice out of turn: `step` is the one the command makes (collect, then
    /// the city).
    fn need_setup_step(&self, seat: Seat, step: SetupStep) -> Result<(), RuleError> {
        match self.setup[seat as usize] {
            s if s == step => Ok(()),
            SetupStep::Done => refuse("your setup is done; wait for the first round"),
            SetupStep::City => refuse(
                "you have collected already; now choose the settlement to turn into a city (`city C`)",
            ),
            SetupStep::Collect => refuse(
                "first choose the settlement to collect from (`collect C`), then the one to turn into a city",
            ),
        }
    }

    fn collect(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        if self.phase != Phase::Setup {
            return refuse(
                "collecting from a starting settlement is part of the setup, which is over",
            );
        }
        self.need_setup_step(cx.seat, SetupStep::Collect)?;
        if !self
            .table
            .pieces
            .building(c)
            .is_some_and(|b| b.owner == cx.seat && b.kind == BuildingKind::Settlement)
        {
            return refuse(format!(
                "{} is not one of your starting settlements",
                self.table.map.corner_name(c)
            ));
        }
        let mut got = ResourceSet::EMPTY;
        let bank = self.table.bank[cx.seat as usize / 2];
        for h in self.table.map.topology.corner_hexes(c).iter().flatten() {
            if let Some(r) = self.resource_of(*h)
                && bank[r] > got[r]
            {
                got[r] += 1;
            }
        }
        self.home_bank(cx.seat).sub(&got);
        self.table.hands[cx.seat as usize].add(&got);
        self.setup[cx.seat as usize] = SetupStep::City;
        cx.ev.push(Event::Collected {
            seat: cx.seat,
            at: c,
            got,
        });
        let _ = cx.now;
        Ok(())
    }

    fn setup_city(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        self.need_setup_step(cx.seat, SetupStep::City)?;
        self.table
            .pieces
            .check_city(cx.seat, c)
            .map_err(|r| r.explain(&self.table.map))?;
        self.table.pieces.place_city(cx.seat, c);
        self.setup[cx.seat as usize] = SetupStep::Done;
        cx.ev.push(Event::Citied {
            seat: cx.seat,
            at: c,
            free: true,
        });
        if self.setup.iter().all(|s| *s == SetupStep::Done) {
            self.start_round(cx.now, cx.ev);
        }
        Ok(())
    }

    /// The starting settlement with the most pips around it (the host's pick on a timeout).
    pub(crate) fn best_own_settlement(&self, seat: Seat) -> Option<CornerId> {
        self.table.pieces.settlements_of(seat).max_by_key(|c| {
            (
                spots::corner_pips(&self.table.map, *c),
                std::cmp::Reverse(*c),
            )
        })
    }

    // ---- rounds ---------------------------------------------------------------------------

    /// Opens the next round: announces the group, rolls once for every board, and produces
    /// (or, on a 7, asks for discards and moves the robbers).
    pub(crate) fn start_round(&mut self, now: Millis, ev: &mut Vec<Event>) {
        self.round += 1;
        let group = Group::of_round(self.round);
        self.phase = Phase::Round { group };
        for t in &mut self.turn {
            *t = TurnState::default();
        }
        for s in 0..self.cfg.seats() {
            if Group::of(s as Seat) == group {
                self.turns[s] += 1;
            }
        }
        let deadline = now + self.cfg.round_ms;
        self.deadline = Some(deadline);
        self.robber_roll = None;
        ev.push(Event::RoundStarted {
            round: self.round,
            group,
            deadline,
            length: self.cfg.round_ms,
        });
        let dice = self.rng.dice();
        self.last_roll = Some(dice);
        ev.push(Event::Rolled { dice });
        let sum = dice.0 + dice.1;
        if sum == 7 {
            self.seven(ev);
        } else {
            self.produce(sum, ev);
        }
        // Points that came on another group's round count at the start of one's own.
        self.check_win(None, ev);
        self.take_snapshot();
    }

    pub(crate) fn produce(&mut self, number: u8, ev: &mut Vec<Event>) {
        // What each seat is owed, paid in place below.
        let mut gains = production::owed(
            &self.table.map,
            &self.table.pieces,
            number,
            &self.table.robber,
            |_, _| true,
        );
        let mut short = Vec::new();
        let mut s = Vec::new();
        for b in 0..self.boards() {
            // Each seat is paid by its own board's bank.
            let seats = 2 * b..2 * b + 2;
            production::pay(
                &mut self.table.bank[b],
                &mut self.table.hands[seats.clone()],
                &mut gains[seats],
                &mut s,
            );
            short.extend(s.drain(..).map(|r| (b, r)));
        }
        let mut blocked: Vec<HexId> = self
            .table
            .robber
            .iter()
            .copied()
            .filter(|h| self.table.map.tile(*h).number() == Some(number))
            .collect();
        // By board, so that each of a hall's viewers finds its boards' by binary search.
        // Territory order already is (a robber stays in its own territory); the viewers' search
        // does not rest on that.
        blocked.sort_by_key(|h| self.table.map.board_of_hex(*h));
        ev.push(Event::Produced {
            number,
            gains: gains
                .into_iter()
                .enumerate()
                .map(|(s, g)| (s as Seat, g))
                .collect(),
            short,
            blocked,
        });
    }

    /// A 7: hands of 8 or more owe half; then the robbers of every board past its grace move
    /// by a second roll.
    pub(crate) fn seven(&mut self, ev: &mut Vec<Event>) {
        let owed: Vec<(Seat, u32)> = (0..self.cfg.seats())
            .filter_map(|s| {
                let n = self.table.hands[s].total();
                (n >= DISCARD_AT).then_some((s as Seat, n / 2))
            })
            .collect();
        for (s, n) in &owed {
            self.turn[*s as usize].must_discard = *n;
        }
        if !owed.is_empty() {
            ev.push(Event::MustDiscard { owed });
        }
        let (still, moving): (Vec<usize>, Vec<usize>) =
            (0..self.boards()).partition(|b| self.board_in_grace(*b));
        if moving.is_empty() {
            ev.push(Event::Robbers {
                still,
                dice: None,
                moved: Vec::new(),
            });
            return;
        }
        let dice = self.rng.dice();
        self.robber_roll = Some(dice);
        let moved = self.place_robbers(&moving, dice.0 + dice.1);
        ev.push(Event::Robbers {
            still,
            dice: Some(dice),
            moved,
        });
    }

    /// Each robber of the boards goes to the hex of its own territory with the number, or
    /// back to its desert if its territory has none (a 7, or the side without the 2 or 12).
    pub(crate) fn place_robbers(
        &mut self,
        boards: &[usize],
        number: u8,
    ) -> Vec<(usize, HexId, HexId)> {
        let mut moved = Vec::new();
        // Each territory's first hex with the number, in one pass over those hexes.
        let mut with_number: Vec<Option<HexId>> = vec![None; self.cfg.seats()];
        for &h in self.table.map.hexes_with_number(number) {
            if let Some(t) = territory_of_hex(&self.table.map, h)
                && with_number[t].is_none()
            {
                with_number[t] = Some(h);
            }
        }
        for &b in boards {
            for t in [2 * b, 2 * b + 1] {
                let target = with_number[t].unwrap_or(self.homes[t]);
                if self.table.robber[t] != target {
                    moved.push((t, self.table.robber[t], target));
                    self.table.robber[t] = target;
                }
            }
        }
        moved
    }

    /// Every active seat has ended and nobody owes a discard.
    fn round_done(&self) -> bool {
        (0..self.cfg.seats()).all(|s| {
            let t = &self.turn[s];
            t.must_discard == 0 && (!self.is_active(s as Seat) || t.ended)
        })
    }

    /// Closes the round: discards still owed are made at random, offers close; then the next
    /// round, or the end at the round limit.
    pub(crate) fn end_round(&mut self, now: Millis, ev: &mut Vec<Event>) {
        for s in 0..self.cfg.seats() {
            let n = self.turn[s].must_discard;
            if n > 0 {
                let cards = spots::random_cards(&mut self.rng, &self.table.hands[s], n);
                self.table.hands[s].sub(&cards);
                self.table.bank[s / 2].add(&cards);
                self.turn[s].must_discard = 0;
                ev.push(Event::Discarded {
                    seat: s as Seat,
                    cards,
                    forced: true,
                });
            }
        }
        offers::close_all(self, ev);
        ev.push(Event::RoundEnded { round: self.round });
        if self.cfg.max_rounds.is_some_and(|m| self.round >= m) {
            let best = self.standings().first().map_or(0, |s| s.1);
            let winners: Vec<Seat> = self
                .standings()
                .into_iter()
                .filter(|s| s.1 == best)
                .map(|s| s.0)
                .collect();
            self.finish(winners, best as u32, true, ev);
        } else {
            self.start_round(now, ev);
        }
    }

    fn finish(&mut self, winners: Vec<Seat>, vp: u32, by_limit: bool, ev: &mut Vec<Event>) {
        self.table.offers.clear();
        self.deadline = None;
        ev.push(Event::Over {
            winners: winners.clone(),
            vp,
            by_limit,
        });
        self.phase = Phase::Over { winners, by_limit };
    }

    /// Ends the game if a seat reached the VP target: the seat that just acted first, else the
    /// seat with the most points. After a command only the actor and the awards' holders can
    /// have gained points (the others were below the target before), so only they are looked
    /// at; at a round's start everyone is.
    fn check_win(&mut self, actor: Option<Seat>, ev: &mut Vec<Event>) {
        let Some(target) = self.cfg.vp_target else {
            return;
        };
        let best = |g: &BigGame, seats: &mut dyn Iterator<Item = Seat>| {
            seats
                .map(|s| (s, g.total_vp(s)))
                .filter(|(_, vp)| *vp >= target)
                .min_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)))
                .map(|(s, _)| s)
        };
        let winner = match actor {
            Some(a) if self.total_vp(a) >= target => Some(a),
            Some(_) => best(
                self,
                &mut self.table.longest.into_iter().chain(self.table.largest),
            ),
            None => best(self, &mut (0..self.cfg.seats() as Seat)),
        };
        if let Some(w) = winner {
            let vp = self.total_vp(w);
            self.finish(vec![w], vp, false, ev);
        }
    }

    /// Acts on the deadline: finishes the setup choices nobody made, or ends the round.
    pub(crate) fn run_clock(&mut self, now: Millis) -> Vec<Event> {
        // No deadline once the game is over, so `Over` is never stepped.
        crate::ruleset::run_deadlines(self, now, |g, ev| match g.phase {
            Phase::Over { .. } => {}
            Phase::Setup => g.force_setup(now, ev),
            Phase::Round { .. } => g.end_round(now, ev),
        })
    }

    fn force_setup(&mut self, now: Millis, ev: &mut Vec<Event>) {
        for s in 0..self.cfg.seats() as Seat {
            let cx = &mut Act {
                seat: s,
                now,
                ev: &mut *ev,
            };
            if self.setup[s as usize] == SetupStep::Collect
                && let Some(c) = self.best_own_settlement(s)
                && self.collect(cx, c).is_ok()
            {
                cx.ev.push(Event::TimedOut {
                    seat: s,
                    what: "the host chose the settlement to collect from".into(),
                });
            }
            if self.setup[s as usize] == SetupStep::City
                && let Some(c) = self.best_own_settlement(s)
            {
                cx.ev.push(Event::TimedOut {
                    seat: s,
                    what: "the host chose the settlement to turn into a city".into(),
                });
                if self.setup_city(cx, c).is_err() {
                    self.setup[s as usize] = SetupStep::Done;
                }
            }
            // Nothing to choose from (cannot happen with the built-in boards): move on.
            self.setup[s as usize] = SetupStep::Done;
        }
        if self.phase == Phase::Setup {
            self.start_round(now, ev);
        }
    }

    // ---- building ---------------------------------------------------------------------------

    fn reach_refusal(&self, seat: Seat, what: String) -> RuleError {
        let boards: Vec<String> = self
            .reach(seat)
            .iter()
            .map(|b| (b + 1).to_string())
            .collect();
        RuleError::new(format!(
            "{what} is out of your reach: you build on board {} and its neighbours ({})",
            Self::board_of(seat) + 1,
            boards.join(", ")
        ))
    }

    fn settle(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        self.need_active(cx.seat, "build")?;
        if !self.corner_in_reach(cx.seat, c) {
            return Err(self.reach_refusal(cx.seat, self.table.map.corner_name(c)));
        }
        let purse = (
            &mut self.table.hands[cx.seat as usize],
            &mut self.table.bank[Self::board_of(cx.seat)],
        );
        // A settlement can cut the roads of those whose routes meet at the corner.
        let changed =
            costs::build_settlement(&self.table.map, &mut self.table.pieces, purse, cx.seat, c)?;
        let foreign = self
            .territory_of_corner(c)
            .is_some_and(|t| t != cx.seat as usize);
        let bonus = foreign && self.bonus[cx.seat as usize].is_none();
        if bonus {
            self.bonus[cx.seat as usize] = Some(c);
        }
        cx.ev.push(Event::Settled {
            seat: cx.seat,
            at: c,
            bonus,
        });
        self.update_longest_road(changed.as_slice(), cx.ev);
        Ok(())
    }

    fn city(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        self.need_active(cx.seat, "build")?;
        let purse = (
            &mut self.table.hands[cx.seat as usize],
            &mut self.table.bank[Self::board_of(cx.seat)],
        );
        costs::build_city(&self.table.map, &mut self.table.pieces, purse, cx.seat, c)?;
        cx.ev.push(Event::Citied {
            seat: cx.seat,
            at: c,
            free: false,
        });
        Ok(())
    }

    /// Where a road or ship may go for the seat now, cost aside.
    pub(crate) fn check_route_here(
        &self,
        seat: Seat,
        e: EdgeId,
        kind: RouteKind,
    ) -> Result<(), RuleError> {
        if !self.edge_in_reach(seat, e) {
            return Err(self.reach_refusal(seat, self.table.map.edge_name(e)));
        }
        self.table
            .pieces
            .check_route(&self.table.map, seat, e, kind, None)
            .map_err(|r| r.explain(&self.table.map))
    }

    fn route(&mut self, cx: &mut Act<Event>, e: EdgeId, kind: RouteKind) -> Verdict {
        self.need_active(cx.seat, "build")?;
        self.check_route_here(cx.seat, e, kind)?;
        let free = self.turn[cx.seat as usize].free_routes > 0;
        let (cost, what) = match kind {
            RouteKind::Road => (costs::ROAD, "a road"),
            RouteKind::Ship => (costs::SHIP, "a ship"),
        };
        if !free {
            self.charge(cx.seat, &cost, what)?;
        }
        self.table.pieces.place_route(cx.seat, e, kind);
        let t = &mut self.turn[cx.seat as usize];
        if free {
            t.free_routes -= 1;
        }
        if kind == RouteKind::Ship {
            t.new_ships.push(e);
        }
        if self.turn[cx.seat as usize].free_routes > 0 && !self.can_place_route(cx.seat) {
            self.turn[cx.seat as usize].free_routes = 0;
        }
        cx.ev.push(match kind {
            RouteKind::Road => Event::Roaded {
                seat: cx.seat,
                at: e,
                free,
            },
            RouteKind::Ship => Event::Shipped {
                seat: cx.seat,
                at: e,
                free,
            },
        });
        // Only trails through the new route can be longer than the stored length.
        let s = cx.seat as usize;
        self.table.road_len[s] = self.table.pieces.longest_route_after_placing(
            &self.table.map,
            cx.seat,
            e,
            self.table.road_len[s],
        );
        self.update_longest_road(&[], cx.ev);
        Ok(())
    }

    /// Edges where the seat may place a route of this kind now, cost aside.
    pub(crate) fn route_spots(&self, seat: Seat, kind: RouteKind) -> Vec<EdgeId> {
        let topo = &self.table.map.topology;
        let left = match kind {
            RouteKind::Road => self.table.pieces.stock(seat).roads,
            RouteKind::Ship => self.table.pieces.stock(seat).ships,
        };
        if left == 0 {
            return Vec::new();
        }
        let mut seen: Vec<EdgeId> = Vec::new();
        let corners = self
            .table
            .pieces
            .routes_of(seat)
            .iter()
            .flat_map(|e| topo.edge_corners(*e))
            .chain(self.table.pieces.buildings_of(seat).iter().copied());
        for c in corners {
            for e in topo.corner_edges(c).iter().flatten() {
                if !seen.contains(e) && self.check_route_here(seat, *e, kind).is_ok() {
                    seen.push(*e);
                }
            }
        }
        seen
    }

    /// Whether a road or a ship could go anywhere now (cost aside).
    pub(crate) fn can_place_route(&self, seat: Seat) -> bool {
        !self.route_spots(seat, RouteKind::Road).is_empty()
            || !self.route_spots(seat, RouteKind::Ship).is_empty()
    }

    /// Whether the ship on `e` is at the open end of a shipping route: one of its ends has
    /// neither a building of its owner nor another of the owner's ships.
    pub(crate) fn ship_is_open(&self, seat: Seat, e: EdgeId) -> bool {
        let (topology, pieces) = (&self.table.map.topology, &self.table.pieces);
        topology.edge_corners(e).iter().any(|c| {
            let own_building = pieces.building(*c).is_some_and(|b| b.owner == seat);
            let more_ships = topology.corner_edges(*c).iter().flatten().any(|x| {
                *x != e
                    && pieces
                        .route(*x)
                        .is_some_and(|r| r.owner == seat && r.kind == RouteKind::Ship)
            });
            !own_building && !more_ships
        })
    }

    /// Why a ship may not be moved now, if it may not.
    pub(crate) fn check_ship_from(&self, seat: Seat, from: EdgeId) -> Result<(), RuleError> {
        if self.turn[seat as usize].moved_ship {
            return refuse("you have moved a ship this round already (one a round)");
        }
        match self.table.pieces.route(from) {
            Some(r) if r.owner == seat && r.kind == RouteKind::Ship => {}
            _ => {
                return refuse(format!(
                    "you have no ship at {}",
                    self.table.map.edge_name(from)
                ));
            }
        }
        if self.turn[seat as usize].new_ships.contains(&from) {
            return refuse("a ship built this turn cannot move until your next turn");
        }
        if !self.ship_is_open(seat, from) {
            return refuse(format!(
                "the ship at {} is not at the open end of a shipping route",
                self.table.map.edge_name(from)
            ));
        }
        Ok(())
    }

    /// Whether the ship may go from `from` to `to` (checked as if it had left `from`).
    fn check_ship_move(&self, seat: Seat, from: EdgeId, to: EdgeId) -> Result<(), RuleError> {
        if from == to {
            return refuse("move the ship to another edge");
        }
        if !self.edge_in_reach(seat, to) {
            return Err(self.reach_refusal(seat, self.table.map.edge_name(to)));
        }
        self.table
            .pieces
            .check_moved_route(&self.table.map, seat, from, to, RouteKind::Ship)
            .map_err(|r| r.explain(&self.table.map))
    }

    /// Edges the ship on `from` may move to.
    pub(crate) fn ship_targets(&self, seat: Seat, from: EdgeId) -> Vec<EdgeId> {
        let p = &self.table.pieces;
        let mut out = Vec::new();
        let topo = &self.table.map.topology;
        let corners: Vec<CornerId> = p
            .routes_of(seat)
            .iter()
            .filter(|e| **e != from)
            .flat_map(|e| topo.edge_corners(*e))
            .chain(p.buildings_of(seat).iter().copied())
            .collect();
        for c in corners {
            for e in topo.corner_edges(c).iter().flatten() {
                if *e != from
                    && !out.contains(e)
                    && self.edge_in_reach(seat, *e)
                    && p.check_moved_route(&self.table.map, seat, from, *e, RouteKind::Ship)
                        .is_ok()
                {
                    out.push(*e);
                }
            }
        }
        out
    }

    fn move_ship(&mut self, cx: &mut Act<Event>, from: EdgeId, to: EdgeId) -> Verdict {
        self.need_active(cx.seat, "move ships")?;
        self.check_ship_from(cx.seat, from)?;
        self.check_ship_move(cx.seat, from, to)?;
        self.table.pieces.remove_route(from);
        self.table.pieces.place_route(cx.seat, to, RouteKind::Ship);
        let t = &mut self.turn[cx.seat as usize];
        t.moved_ship = true;
        // The moved ship counts as placed this turn.
        t.new_ships.push(to);
        cx.ev.push(Event::ShipMoved {
            seat: cx.seat,
            from,
            to,
        });
        self.update_longest_road(&[cx.seat], cx.ev);
        Ok(())
    }

    fn end(&mut self, cx: &mut Act<Event>) -> Verdict {
        self.need_active(cx.seat, "end a turn")?;
        self.turn[cx.seat as usize].ended = true;
        self.turn[cx.seat as usize].free_routes = 0;
        cx.ev.push(Event::Ended { seat: cx.seat });
        // Offers from the seat or to it alone close: it trades no more this round.
        offers::close_if(self, cx.ev, |_, o| {
            o.from == cx.seat || o.to == Some(cx.seat)
        });
        Ok(())
    }

    fn discard(&mut self, cx: &mut Act<Event>, cards: ResourceSet) -> Verdict {
        if !matches!(self.phase, Phase::Round { .. }) {
            return refuse("there is nothing to discard now (discards follow a 7)");
        }
        let n = self.turn[cx.seat as usize].must_discard;
        if n == 0 {
            return refuse("you do not need to discard (only hands of 8 or more do, after a 7)");
        }
        robber::check_discard(&self.table.hands[cx.seat as usize], &cards, n)?;
        self.table.hands[cx.seat as usize].sub(&cards);
        self.home_bank(cx.seat).add(&cards);
        self.turn[cx.seat as usize].must_discard = 0;
        cx.ev.push(Event::Discarded {
            seat: cx.seat,
            cards,
            forced: false,
        });
        Ok(())
    }

    // ---- development cards ----------------------------------------------------------------

    /// Hexes with a robber away from its desert next to one of the seat's buildings: what a
    /// Knight may send home.
    pub fn knight_targets(&self, seat: Seat) -> Vec<HexId> {
        let mut v: Vec<HexId> = self
            .table
            .robber
            .iter()
            .zip(&self.homes)
            .filter(|(r, home)| r != home)
            .map(|(r, _)| *r)
            .filter(|h| {
                self.table.map.topology.hex_corners(*h).iter().any(|c| {
                    self.table
                        .pieces
                        .building(*c)
                        .is_some_and(|b| b.owner == seat)
                })
            })
            .collect();
        v.sort_unstable();
        v
    }

    fn play_knight(&mut self, cx: &mut Act<Event>, u: KnightUse) -> Verdict {
        self.check_card(cx.seat, DevCard::Knight)?;
        let targets = self.knight_targets(cx.seat);
        let b = cx.seat as usize / 2;
        let (robber, got) = match u {
            KnightUse::Robber(h) => {
                if !targets.contains(&h) {
                    return refuse(if !self.table.robber.contains(&h) {
                        format!("there is no robber on {}", self.table.map.hex_name(h))
                    } else if self.homes.contains(&h) {
                        format!(
                            "the robber on {} is in its desert already",
                            self.table.map.hex_name(h)
                        )
                    } else {
                        format!(
                            "the robber on {} is not next to a settlement or city of yours",
                            self.table.map.hex_name(h)
                        )
                    });
                }
                let t = self
                    .table
                    .robber
                    .iter()
                    .position(|r| *r == h)
                    .expect("a target has a robber");
                let got = self.resource_of(h).filter(|r| self.table.bank[b][*r] > 0);
                self.table.robber[t] = self.homes[t];
                (Some((h, self.homes[t])), got)
            }
            KnightUse::Take(r) => {
                if let Some(h) = targets.first() {
                    return refuse(format!(
                        "a robber stands next to you on {}: the Knight sends it home (`play knight {}`)",
                        self.table.map.hex_name(*h),
                        self.table.map.hex_name(*h)
                    ));
                }
                if self.table.bank[b][r] == 0 {
                    return refuse(format!("board {}'s bank has no {r} left", b + 1));
                }
                (None, Some(r))
            }
        };
        if let Some(r) = got {
            self.table.bank[b][r] -= 1;
            self.table.hands[cx.seat as usize][r] += 1;
        }
        self.spend_card(cx.seat, DevCard::Knight);
        cx.ev.push(Event::PlayedKnight {
            seat: cx.seat,
            robber,
            got,
        });
        self.award_largest_army(cx.seat, cx.ev);
        Ok(())
    }

    fn play_road_building(&mut self, cx: &mut Act<Event>) -> Verdict {
        self.check_card(cx.seat, DevCard::RoadBuilding)?;
        if !self.can_place_route(cx.seat) {
            return refuse(
                "there is nowhere you could place a road or a ship (or you have none left)",
            );
        }
        self.spend_card(cx.seat, DevCard::RoadBuilding);
        self.turn[cx.seat as usize].free_routes = 2;
        cx.ev
            .push(DevEvent::PlayedRoadBuilding { seat: cx.seat }.into());
        Ok(())
    }

    // ---- trade ------------------------------------------------------------------------------

    /// Seats that may accept an offer now.
    pub(crate) fn addressees(&self, o: &Offer) -> Vec<Seat> {
        match o.to {
            Some(t) => vec![t],
            None => self.partners(o.from),
        }
    }

    // ---- awards and prompts -----------------------------------------------------------------

    /// Longest Road over the whole ring (roads and ships, Seafarers style). Only the `touched`
    /// seats' routes changed, so only their lengths are searched again.
    pub(crate) fn update_longest_road(&mut self, touched: &[Seat], ev: &mut Vec<Event>) {
        for &s in touched {
            self.table.road_len[s as usize] = self.table.pieces.longest_route(&self.table.map, s);
        }
        awards::award_longest_road(&mut self.table.longest, &self.table.road_len, ev);
    }

    /// Seats the game waits for or invites: setup choices, the active seats still playing,
    /// discards owed, offers to answer; appended to `out`.
    pub(crate) fn prompted_into(&self, out: &mut Vec<Seat>) {
        out.extend((0..self.cfg.seats() as Seat).filter(|s| self.is_prompted(*s)));
    }

    /// Whether the game waits for `s`: its setup until done; in a round, a discard it owes
    /// and, active, its turn until it ends it. An offer holds no round up.
    pub(crate) fn is_waited_for(&self, s: Seat) -> bool {
        match &self.phase {
            Phase::Over { .. } => false,
            Phase::Setup => self.setup[s as usize] != SetupStep::Done,
            Phase::Round { .. } => {
                let t = &self.turn[s as usize];
                t.must_discard > 0 || (self.is_active(s) && !t.ended)
            }
        }
    }

    /// Whether the game waits for or invites this seat (one seat of
    /// [`BigGame::prompted_into`]): waited for, or able to answer an offer.
    pub(crate) fn is_prompted(&self, s: Seat) -> bool {
        self.is_waited_for(s)
            || (matches!(self.phase, Phase::Round { .. })
                && self.can_trade(s).is_ok()
                && self
                    .table
                    .offers
                    .iter()
                    .enumerate()
                    .any(|(i, o)| offers::answerable(self, s, i).is_ok() && o.from != s))
    }
}

/// The Big Game's trading: with one's partners this round (an active player with the five
/// players around it, an inactive one with the three active players across), by anyone not
/// done for the round; a seat that may no longer trade may still decline or cancel.
impl Market for BigGame {
    fn may_trade(&self, seat: Seat) -> Result<(), RuleError> {
        self.can_trade(seat)
    }
    fn may_answer(&self, _seat: Seat) -> Result<(), RuleError> {
        Ok(())
    }
    fn address(&self, seat: Seat, to: Option<Seat>) -> Result<Option<Seat>, RuleError> {
        let partners = self.partners(seat);
        if let Some(t) = to
            && !partners.contains(&t)
        {
            let list: Vec<String> = partners.iter().map(|s| (s + 1).to_string()).collect();
            return refuse(if t == seat {
                "you cannot trade with yourself".to_string()
            } else {
                format!(
                    "you may not trade with seat {} this round; your partners are seats {}",
                    t + 1,
                    list.join(", ")
                )
            });
        }
        if partners.is_empty() {
            return refuse("nobody may trade with you this round");
        }
        Ok(to)
    }
    fn may_bank_trade(&self, seat: Seat) -> Result<(), RuleError> {
        self.need_active(seat, "trade with the bank")
    }
    fn open_cap(&self, _seat: Seat) -> usize {
        MAX_OPEN_OFFERS
    }
    fn made_to(&self, o: &Offer) -> u32 {
        match o.to {
            Some(t) => 1 << t,
            None => self
                .partners(o.from)
                .iter()
                .fold(0, |bits, s| bits | 1 << s),
        }
    }
    offers::book_in_fields!();
}

/// Each board has its own bank: a seat deals with its home board's.
impl Banks for BigGame {
    fn bank_of(&self, seat: Seat) -> &ResourceSet {
        &self.table.bank[Self::board_of(seat)]
    }
    fn hand_and_bank(&mut self, seat: Seat) -> (&mut ResourceSet, &mut ResourceSet) {
        let b = Self::board_of(seat);
        (
            &mut self.table.hands[seat as usize],
            &mut self.table.bank[b],
        )
    }
    fn bank_name(&self, seat: Seat) -> Cow<'static, str> {
        Cow::Owned(format!("board {}'s bank", Self::board_of(seat) + 1))
    }
}

/// The Big Game's development cards: bought and played by the active seats in their round,
/// one card a turn, from and to the home board's deck and bank (no Monopoly in its deck).
impl DevTable for BigGame {
    type Event = Event;
    fn may_buy(&self, seat: Seat) -> Result<(), RuleError> {
        self.need_active(seat, "buy development cards")
    }
    fn in_play(&self, _seat: Seat) -> Result<(), RuleError> {
        self.under_way()
    }
    fn may_play(&self, seat: Seat) -> Result<(), RuleError> {
        self.need_active(seat, "play development cards")
    }
    fn card_turn(&self) -> u32 {
        self.round
    }
    fn has_played(&self, seat: Seat) -> bool {
        self.turn[seat as usize].dev_played
    }
    fn note_played(&mut self, seat: Seat) {
        self.turn[seat as usize].dev_played = true;
        self.dev_spent += 1;
    }
    const PLAYED_ALREADY: &'static str = "you have already played a development card this turn";
    const WAIT: &'static str = "this turn can be played from your next turn";
    fn cards(&mut self, seat: Seat) -> Cards<'_> {
        let b = Self::board_of(seat);
        Cards {
            hands: &mut self.table.hands,
            bank: &mut self.table.bank[b],
            deck: &mut self.table.deck[b],
            dev: &mut self.table.dev,
            largest: &mut self.table.largest,
        }
    }
    fn dev_hand(&self, seat: Seat) -> &DevHand {
        &self.table.dev[seat as usize]
    }
    fn deck_name(&self, seat: Seat) -> Cow<'static, str> {
        Cow::Owned(format!(
            "board {}'s development deck",
            Self::board_of(seat) + 1
        ))
    }
}
