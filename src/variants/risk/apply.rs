//! Applying commands. Each command runs on a copy of the game that replaces it only when the
//! command is accepted, so a refused command leaves the state exactly as it was. After every
//! accepted command the state-based rules run: unprotected cannons (R19), control and the
//! production filter (R5–R9), annexation (R33, R35), elimination (R39, R41) and the win (R42).

use super::armies::{Force, UnitKind};
use super::battle::{self, Die};
use super::control::Hold;
use super::event::Piece;
use super::{Battle, Command, Event, RiskGame, Stage};
use crate::engine::{Millis, RuleError, Ruleset, Seat, refuse};
use crate::rules::devcards::DevCard;
use crate::rules::resources::{Resource, ResourceSet};
use crate::topology::{CornerId, EdgeId, HexId};
use crate::variants::base::{self, Phase};

/// A purchase that passed every check.
pub(crate) struct BuyPlan {
    pub sortie: Option<Seat>,
}

impl RiskGame {
    pub(crate) fn apply_command(
        &mut self,
        seat: Seat,
        cmd: &Command,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.base.winner().is_some() {
            return refuse("the game is over");
        }
        if seat as usize >= self.base.cfg.seats {
            return refuse(format!("there is no seat {}", seat + 1));
        }
        if self.base.out[seat as usize] {
            return refuse("you are out of the game");
        }
        let mut next = self.clone();
        let mut out = Vec::new();
        next.apply_inner(seat, cmd, now, &mut out)?;
        *self = next;
        ev.append(&mut out);
        Ok(())
    }

    fn apply_inner(
        &mut self,
        seat: Seat,
        cmd: &Command,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let before = self.holds();
        match *cmd {
            Command::Base(c) => self.base_command(seat, c, now, ev)?,
            Command::Place(h) => self.place(seat, h, now, ev)?,
            Command::Buy { kind, n, pay, at } => self.buy(seat, kind, n, pay, at, ev)?,
            Command::Move {
                force,
                from,
                to,
                via,
            } => self.march(seat, force, from, to, via, now, ev)?,
            Command::Attack { hex, dice } => self.attack(seat, hex, dice, now, ev)?,
            Command::Stop => self.stop(seat, ev)?,
            Command::Retreat => self.retreat(seat, ev)?,
            Command::Barrage {
                from,
                target,
                victim,
            } => self.barrage(seat, from, target, victim, ev)?,
            Command::Redeploy { force, from, to } => {
                self.redeploy(seat, force, from, to, now, ev)?
            }
            Command::Passage { to, grant } => self.set_passage(seat, to, grant, ev)?,
            Command::Resign => self.resign(seat, now, ev)?,
        }
        self.after_action(&before, now, ev);
        Ok(())
    }

    /// Every hex's hold, to tell what an action changed.
    pub(crate) fn holds(&self) -> Vec<Hold> {
        self.base
            .map
            .topology
            .hex_ids()
            .map(|h| {
                if self.base.map.is_land(h) {
                    self.hold(h)
                } else {
                    Hold::Empty
                }
            })
            .collect()
    }

    /// The state-based rules, after every action.
    pub(crate) fn after_action(&mut self, before: &[Hold], now: Millis, ev: &mut Vec<Event>) {
        self.cannons_alone(ev);
        let after = self.holds();
        for (i, (was, now_h)) in before.iter().zip(after.iter()).enumerate() {
            // Control and contests are news; a unit arriving on or leaving an empty hex is not.
            let news = |h: &Hold| matches!(h, Hold::Controlled(_) | Hold::Contested(..));
            if was != now_h && (news(was) || news(now_h)) {
                let hex = HexId(i as u32);
                ev.push(Event::Hold {
                    hex,
                    was: *was,
                    now: *now_h,
                });
                if let Hold::Contested(a, b) = now_h
                    && !matches!(was, Hold::Contested(..))
                {
                    ev.push(Event::Contest { hex, a: *a, b: *b });
                }
            }
        }
        self.update_production_filter();
        self.end_blocked_road_building();
        if self.live {
            let annexers = self.annex(ev);
            self.eliminate(&annexers, now, ev);
            let left: Vec<Seat> = (0..self.base.cfg.seats as Seat)
                .filter(|s| !self.base.out[*s as usize])
                .collect();
            if left.len() == 1 && self.base.winner().is_none() {
                let s = left[0];
                self.base.phase = Phase::Over { winner: s };
                self.base.offers.clear();
                self.stage = Stage::Play;
                ev.push(Event::Base(base::Event::Won {
                    seat: s,
                    vp: self.base.total_vp(s),
                    vp_cards: self.base.dev[s as usize].vp_cards(),
                }));
            }
            if self.base.winner().is_none() {
                let mut bev = Vec::new();
                self.base.check_win(&mut bev);
                ev.extend(bev.into_iter().map(Event::Base));
            }
            if self.base.winner().is_some() {
                self.stage = Stage::Play;
            }
        }
        self.new_turn_if_needed();
    }

    /// Free roads of Road Building end early when R36 leaves none of them a place (as base
    /// ends them when no edge is free).
    fn end_blocked_road_building(&mut self) {
        let Phase::RoadBuilding { resume, .. } = self.base.phase else {
            return;
        };
        let seat = self.base.current;
        let any = self
            .base
            .legal(seat)
            .iter()
            .any(|c| matches!(c, base::Command::Road(_)) && self.check_base(seat, c).is_ok());
        if !any {
            self.base.phase = match resume {
                base::Resume::Roll => Phase::Roll,
                base::Resume::Main => Phase::Main,
            };
        }
    }

    /// Resets what the army layer counts per turn when a new turn has begun.
    pub(crate) fn new_turn_if_needed(&mut self) {
        if self.base.turn != self.turn_seen {
            self.turn_seen = self.base.turn;
            self.declared = None;
            self.bought = 0;
            self.marched = false;
            self.armies.new_turn();
        }
    }

    /// R19: in a hex holding two players, a side made only of cannons is destroyed.
    fn cannons_alone(&mut self, ev: &mut Vec<Event>) {
        let hexes: Vec<HexId> = self.armies.occupied().collect();
        for h in hexes {
            let owners = self.armies.owners(h);
            if owners.len() < 2 {
                continue;
            }
            for s in owners {
                let f = self.armies.force(h, s);
                if f.fighters() == 0 && f.cannon > 0 {
                    self.armies.remove_all(h, s);
                    ev.push(Event::CannonsLost {
                        seat: s,
                        hex: h,
                        n: f.cannon,
                    });
                }
            }
        }
    }

    /// R33, R35: buildings and roads whose land hexes one player controls change holder.
    /// Returns, per seat, who annexed its last lost building (for R39).
    fn annex(&mut self, ev: &mut Vec<Event>) -> Vec<Option<Seat>> {
        let mut last = vec![None; self.base.cfg.seats];
        let sole = |g: &RiskGame, hexes: &[HexId]| -> Option<Seat> {
            let mut q = None;
            for h in hexes {
                let c = g.controller(*h)?;
                if q.is_some_and(|q| q != c) {
                    return None;
                }
                q = Some(c);
            }
            q.filter(|q| !g.neutral[*q as usize] && !g.base.out[*q as usize])
        };
        let buildings: Vec<(CornerId, Seat)> = self
            .base
            .pieces
            .all_buildings()
            .map(|(c, b)| (c, b.owner))
            .collect();
        let mut changed = false;
        for (c, holder) in buildings {
            let hexes = self.corner_land(c);
            if let Some(q) = sole(self, &hexes)
                && q != holder
            {
                self.base.pieces.set_building_owner(c, q);
                last[holder as usize] = Some(q);
                changed = true;
                ev.push(Event::Annexed {
                    seat: q,
                    from: holder,
                    piece: Piece::Building(c),
                });
            }
        }
        let routes: Vec<(EdgeId, Seat)> = self
            .base
            .pieces
            .all_routes()
            .map(|(e, r)| (e, r.owner))
            .collect();
        for (e, holder) in routes {
            let hexes: Vec<HexId> = self
                .base
                .map
                .topology
                .edge_hexes(e)
                .into_iter()
                .flatten()
                .filter(|h| self.base.map.is_land(*h))
                .collect();
            if let Some(q) = sole(self, &hexes)
                && q != holder
            {
                self.base.pieces.set_route_owner(e, q);
                changed = true;
                ev.push(Event::Annexed {
                    seat: q,
                    from: holder,
                    piece: Piece::Road(e),
                });
            }
        }
        if changed {
            let mut bev = Vec::new();
            self.base.update_longest_road_of(u32::MAX, &mut bev);
            ev.extend(bev.into_iter().map(Event::Base));
        }
        last
    }

    /// R39: a seat holding no settlement and no city is eliminated.
    fn eliminate(&mut self, annexers: &[Option<Seat>], now: Millis, ev: &mut Vec<Event>) {
        for s in 0..self.base.cfg.seats as Seat {
            if self.base.out[s as usize]
                || !self.base.pieces.buildings_of(s).is_empty()
                || self.base.winner().is_some()
            {
                continue;
            }
            let by = annexers[s as usize];
            if let Some(q) = by {
                let roads: Vec<EdgeId> = self.base.pieces.routes_of(s).to_vec();
                for e in roads {
                    self.base.pieces.set_route_owner(e, q);
                    ev.push(Event::Annexed {
                        seat: q,
                        from: s,
                        piece: Piece::Road(e),
                    });
                }
            }
            self.armies.remove_seat(s);
            ev.push(Event::Eliminated { seat: s, by });
            self.leave(s, now, ev);
        }
    }

    /// What elimination and resignation share: cards to the bank, development cards (played
    /// knights too) shuffled into the deck, passage gone, the seat out of the turn order.
    fn leave(&mut self, s: Seat, now: Millis, ev: &mut Vec<Event>) {
        let hand = std::mem::replace(&mut self.base.hands[s as usize], ResourceSet::EMPTY);
        self.base.bank.add(&hand);
        let dev = std::mem::take(&mut self.base.dev[s as usize]);
        for h in &dev.cards {
            self.base.deck.push(h.card);
        }
        for _ in 0..dev.knights_played {
            self.base.deck.push(DevCard::Knight);
        }
        let mut deck = std::mem::take(&mut self.base.deck);
        self.base.rng.shuffle(&mut deck);
        self.base.deck = deck;
        if self.base.largest == Some(s) {
            let knights: Vec<u32> = self.base.dev.iter().map(|d| d.knights_played).collect();
            self.base.largest = crate::rules::awards::largest_army(None, &knights);
            ev.push(Event::LargestArmy {
                holder: self.base.largest,
            });
        }
        self.passage[s as usize] = 0;
        for p in &mut self.passage {
            *p &= !(1 << s);
        }
        if let Stage::Battle(b) = &self.stage
            && (b.attacker == s || (b.defender == s && !self.neutral[s as usize]))
        {
            self.stage = Stage::Play;
        }
        let mut bev = Vec::new();
        self.base.drop_seat(s, now, &mut bev);
        ev.extend(bev.into_iter().map(Event::Base));
    }

    /// The stage's command, refusing what the army layer does not wait for.
    fn need_play(&self, seat: Seat, what: &str) -> Result<(), RuleError> {
        match &self.stage {
            Stage::Play => Ok(()),
            Stage::StartUnit { seat: s, .. } => refuse(format!(
                "seat {} places a starting unit first (`place HEX`) before anyone can {what}",
                s + 1
            )),
            Stage::Claim { seat: s } => refuse(format!(
                "the claim loop is on: seat {} places a unit (`place HEX`) before anyone can {what}",
                s + 1
            )),
            Stage::Battle(b) if b.attacker == seat => refuse(format!(
                "finish the battle for {} first: `attack {}`, `stop` or `retreat`",
                self.base.map.hex_name(b.hex),
                self.base.map.hex_name(b.hex)
            )),
            Stage::Battle(_) => refuse(format!("a battle is being fought; you cannot {what} now")),
        }
    }

    /// Checks of the army layer on a base command (R36 and the order of a turn), before it
    /// goes to the base game.
    pub(crate) fn check_base(&self, seat: Seat, c: &base::Command) -> Result<(), RuleError> {
        match &self.stage {
            Stage::Battle(b) if b.attacker != seat => {}
            _ => self.need_play(seat, "do that")?,
        }
        let building = matches!(
            c,
            base::Command::Settle(_)
                | base::Command::Road(_)
                | base::Command::City(_)
                | base::Command::BuyDev
        );
        if building
            && self.marched
            && !self.base.cfg.any_order
            && !matches!(self.base.phase, Phase::Setup { .. })
        {
            return refuse(
                "you have moved or fought this turn: with the trade-then-build rule, building is over",
            );
        }
        if !matches!(self.base.phase, Phase::Setup { .. }) {
            let enemy_land = |hexes: Vec<HexId>| -> Option<Seat> {
                let mut q = None;
                for h in hexes {
                    let c = self.controller(h)?;
                    if c == seat || q.is_some_and(|q| q != c) {
                        return None;
                    }
                    q = Some(c);
                }
                q
            };
            match *c {
                base::Command::Settle(k) => {
                    if let Some(q) = enemy_land(self.corner_land(k)) {
                        return refuse(format!(
                            "seat {} controls every hex around {}: a settlement there would be annexed at once",
                            q + 1,
                            self.base.map.corner_name(k)
                        ));
                    }
                }
                base::Command::Road(e) => {
                    let hexes = self
                        .base
                        .map
                        .topology
                        .edge_hexes(e)
                        .into_iter()
                        .flatten()
                        .filter(|h| self.base.map.is_land(*h))
                        .collect();
                    if let Some(q) = enemy_land(hexes) {
                        return refuse(format!(
                            "seat {} controls the land on both sides of {}: a road there would be annexed at once",
                            q + 1,
                            self.base.map.edge_name(e)
                        ));
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn base_command(
        &mut self,
        seat: Seat,
        c: base::Command,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_base(seat, &c)?;
        let setup_settlement = match (&self.base.phase, c) {
            (Phase::Setup { settlement, .. }, base::Command::Road(_)) => *settlement,
            _ => None,
        };
        let annexed_city = match c {
            base::Command::City(k) => self.built_by_corner[k.index()].filter(|b| *b != seat),
            _ => None,
        };
        let mut bev = Vec::new();
        self.base.apply_command_into(seat, &c, now, &mut bev)?;
        match c {
            base::Command::Settle(k) => self.built_by_corner[k.index()] = Some(seat),
            base::Command::Road(e) => self.built_by_edge[e.index()] = Some(seat),
            base::Command::City(k) => {
                // R34: the city comes from the holder's supply; the settlement piece goes back
                // to its builder's.
                if let Some(b) = annexed_city {
                    self.base.pieces.stock_mut(seat).settlements -= 1;
                    self.base.pieces.stock_mut(b).settlements += 1;
                    self.built_by_corner[k.index()] = Some(seat);
                }
            }
            _ => {}
        }
        if let Some(k) = setup_settlement {
            // The first turn waits for the starting units and the claim loop.
            bev.retain(|e| !matches!(e, base::Event::TurnStarted { .. }));
            self.stage = Stage::StartUnit {
                seat,
                settlement: k,
            };
            self.stage_deadline = self.base.cfg.turn_ms.map(|t| now + t);
        }
        ev.extend(bev.into_iter().map(Event::Base));
        Ok(())
    }

    /// Hexes where a setup settlement's unit may go, and whether that placement is a battle
    /// (R1, R2).
    pub(crate) fn start_unit_spots(&self, seat: Seat, settlement: CornerId) -> Vec<HexId> {
        let touching = self.corner_land(settlement);
        let empty: Vec<HexId> = touching
            .iter()
            .copied()
            .filter(|h| self.armies.is_empty(*h))
            .collect();
        if !empty.is_empty() {
            return empty;
        }
        touching
            .into_iter()
            .filter(|h| {
                let owners = self.armies.owners(*h);
                owners.len() == 1 || owners == [seat]
            })
            .collect()
    }

    fn place(
        &mut self,
        seat: Seat,
        h: Option<HexId>,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        match self.stage.clone() {
            Stage::StartUnit {
                seat: s,
                settlement,
            } => {
                if seat != s {
                    return refuse(format!("seat {} places a starting unit now", s + 1));
                }
                let spots = self.start_unit_spots(seat, settlement);
                let all_taken = self
                    .corner_land(settlement)
                    .iter()
                    .all(|x| !self.armies.is_empty(*x));
                match h {
                    None if all_taken => ev.push(Event::Declined { seat }),
                    None => {
                        return refuse(
                            "a hex next to your settlement is free: place your unit there",
                        );
                    }
                    Some(x) if !spots.contains(&x) => {
                        return refuse(format!(
                            "place the unit on {}",
                            self.names(&spots).unwrap_or("no hex (`place none`)".into())
                        ));
                    }
                    Some(x) => {
                        self.recruited[seat as usize] += 1;
                        let owners = self.armies.owners(x);
                        if owners.is_empty() || owners == [seat] {
                            self.armies.add(x, seat, Force::of(UnitKind::Foot, 1));
                            ev.push(Event::Placed { seat, hex: x });
                        } else {
                            let defender = owners[0];
                            let a = self.base.rng.die();
                            let d = self.base.rng.die();
                            let won = a > d;
                            if won {
                                let f = self.armies.force(x, defender);
                                let kind = if f.foot > 0 {
                                    UnitKind::Foot
                                } else if f.cavalry > 0 {
                                    UnitKind::Cavalry
                                } else {
                                    UnitKind::Cannon
                                };
                                self.armies.kill_one(x, defender, kind);
                                self.armies.add(x, seat, Force::of(UnitKind::Foot, 1));
                            }
                            ev.push(Event::SetupBattle {
                                seat,
                                defender,
                                hex: x,
                                attacker_die: a,
                                defender_die: d,
                                attacker_won: won,
                            });
                        }
                    }
                }
                self.after_start_unit(now, ev);
                Ok(())
            }
            Stage::Claim { seat: s } => {
                if seat != s {
                    return refuse(format!("seat {} claims a hex now", s + 1));
                }
                let Some(x) = h else {
                    return refuse("claim an empty land hex, e.g. `place C`");
                };
                if !self.base.map.is_land(x) {
                    return refuse("armies never stand on the sea");
                }
                if !self.armies.is_empty(x) {
                    return refuse(format!(
                        "{} is occupied: the claim loop fills empty hexes",
                        self.base.map.hex_name(x)
                    ));
                }
                self.recruited[seat as usize] += 1;
                self.armies.add(x, seat, Force::of(UnitKind::Foot, 1));
                self.claims += 1;
                ev.push(Event::Placed { seat, hex: x });
                if self.all_occupied() {
                    self.start_play(now, ev);
                } else {
                    self.stage = Stage::Claim {
                        seat: self.base.next_seat(seat),
                    };
                    self.stage_deadline = self.base.cfg.turn_ms.map(|t| now + t);
                }
                Ok(())
            }
            _ => refuse(
                "there is no free unit to place now; buy units with `buy armies 1 foot with wool at C`",
            ),
        }
    }

    fn names(&self, hexes: &[HexId]) -> Option<String> {
        if hexes.is_empty() {
            return None;
        }
        Some(
            hexes
                .iter()
                .map(|h| self.base.map.hex_name(*h).to_string())
                .collect::<Vec<_>>()
                .join(", "),
        )
    }

    /// Whether every land hex holds a unit.
    pub(crate) fn all_occupied(&self) -> bool {
        self.base.map.land_hexes().all(|h| !self.armies.is_empty(h))
    }

    fn after_start_unit(&mut self, now: Millis, ev: &mut Vec<Event>) {
        if matches!(self.base.phase, Phase::Setup { .. }) {
            self.stage = Stage::Play;
            self.stage_deadline = None;
            return;
        }
        if self.all_occupied() {
            self.start_play(now, ev);
        } else {
            // R3: the loop starts with the second player.
            let first = self.base.first;
            self.stage = Stage::Claim {
                seat: self.base.next_seat(first),
            };
            self.stage_deadline = self.base.cfg.turn_ms.map(|t| now + t);
        }
    }

    /// S4: setup is over; the state-based rules go live and turn 1 begins.
    fn start_play(&mut self, now: Millis, ev: &mut Vec<Event>) {
        self.stage = Stage::Play;
        self.stage_deadline = None;
        self.live = true;
        self.base.turn_deadline = self.base.cfg.turn_ms.map(|t| now + t);
        ev.push(Event::ClaimsDone);
        ev.push(Event::Base(base::Event::TurnStarted {
            seat: self.base.current,
            turn: self.base.turn,
        }));
    }

    /// Everything R22–R25 ask of a purchase.
    pub(crate) fn check_buy(
        &self,
        seat: Seat,
        kind: UnitKind,
        n: u32,
        pay: Resource,
        at: HexId,
    ) -> Result<BuyPlan, RuleError> {
        self.need_play(seat, "buy armies")?;
        self.base.need_main(seat, "buy armies")?;
        if self.marched && !self.base.cfg.any_order {
            return refuse(
                "you have moved or fought this turn: with the trade-then-build rule, buying is over",
            );
        }
        if n == 0 {
            return refuse("buy at least one unit");
        }
        if let Some(d) = self.declared
            && d != pay
        {
            return refuse(format!(
                "you declared {d} for units this turn: every unit this turn is paid in {d}"
            ));
        }
        let vp = self.base.public_vp(seat);
        if self.bought + n > vp {
            return refuse(format!(
                "you may buy one unit per public victory point a turn: {} more this turn",
                vp.saturating_sub(self.bought)
            ));
        }
        let cost = n * kind.cost();
        if self.base.hands[seat as usize][pay] < cost {
            return refuse(format!(
                "{n} {} cost {cost} {pay}; you have {}",
                kind.word(),
                self.base.hands[seat as usize][pay]
            ));
        }
        if !self.base.map.is_land(at) {
            return refuse("armies never stand on the sea");
        }
        let mine: Vec<CornerId> = self
            .base
            .map
            .topology
            .hex_corners(at)
            .iter()
            .copied()
            .filter(|c| {
                self.base
                    .pieces
                    .building(*c)
                    .is_some_and(|b| b.owner == seat)
            })
            .collect();
        if mine.is_empty() {
            return refuse(format!(
                "units are placed next to a settlement or city you hold; {} touches none",
                self.base.map.hex_name(at)
            ));
        }
        let owners = self.armies.owners(at);
        if owners.is_empty() || owners.contains(&seat) {
            return Ok(BuyPlan { sortie: None });
        }
        if owners.len() == 1 && mine.iter().any(|c| self.besieged(*c)) {
            return Ok(BuyPlan {
                sortie: Some(owners[0]),
            });
        }
        refuse(format!(
            "{} holds enemy units: you may place there only to break a siege of your building",
            self.base.map.hex_name(at)
        ))
    }

    fn buy(
        &mut self,
        seat: Seat,
        kind: UnitKind,
        n: u32,
        pay: Resource,
        at: HexId,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let plan = self.check_buy(seat, kind, n, pay, at)?;
        let cost = ResourceSet::one(pay, n * kind.cost());
        self.base.hands[seat as usize].sub(&cost);
        self.base.bank.add(&cost);
        self.bought += n;
        self.declared = Some(pay);
        self.recruited[seat as usize] += n;
        let mut bev = Vec::new();
        self.base.mark_built(&mut bev);
        ev.extend(bev.into_iter().map(Event::Base));
        self.armies.add(at, seat, Force::of(kind, n));
        ev.push(Event::Bought {
            seat,
            kind,
            n,
            pay,
            at,
        });
        if let Some(defender) = plan.sortie {
            // R17: a sortie fights to the end.
            ev.push(Event::Sortie { seat, hex: at });
            self.cannons_alone(ev);
            for _ in 0..10_000 {
                let a = self.armies.force(at, seat);
                let d = self.armies.force(at, defender);
                if a.fighters() == 0 || d.fighters() == 0 {
                    break;
                }
                self.round(at, seat, defender, battle::default_dice(&a), ev);
                self.cannons_alone(ev);
            }
            self.battle_end(at, seat, defender, ev);
        }
        Ok(())
    }

    /// Tells who won a battle if one side has left the hex.
    fn battle_end(&mut self, hex: HexId, a: Seat, d: Seat, ev: &mut Vec<Event>) -> bool {
        let fa = self.armies.force(hex, a).total();
        let fd = self.armies.force(hex, d).total();
        if fa == 0 || fd == 0 {
            let (winner, loser) = if fa == 0 { (d, a) } else { (a, d) };
            ev.push(Event::BattleWon { hex, winner, loser });
            true
        } else {
            false
        }
    }

    /// One melee round in `hex` with the attacker's chosen dice.
    fn round(&mut self, hex: HexId, a: Seat, d: Seat, dice: (u32, u32), ev: &mut Vec<Event>) {
        let df = self.armies.force(hex, d);
        let mut att = Vec::new();
        for unit in battle::attacker_units(dice.0, dice.1) {
            att.push(Die {
                face: self.base.rng.die(),
                unit,
            });
        }
        let mut def = Vec::new();
        for unit in battle::defender_units(&df) {
            def.push(Die {
                face: self.base.rng.die(),
                unit,
            });
        }
        let r = battle::resolve(att, def);
        for k in UnitKind::ALL {
            for _ in 0..r.attacker_lost.get(k) {
                self.armies.kill_one(hex, a, k);
            }
            for _ in 0..r.defender_lost.get(k) {
                self.armies.kill_one(hex, d, k);
            }
        }
        ev.push(Event::Melee {
            hex,
            attacker: a,
            defender: d,
            round: r,
        });
    }

    /// Everything R26–R29 and R21 ask of a move; returns the enemy in the destination.
    pub(crate) fn check_move(
        &self,
        seat: Seat,
        force: Force,
        from: HexId,
        to: HexId,
        via: Option<HexId>,
    ) -> Result<Option<Seat>, RuleError> {
        self.need_play(seat, "move armies")?;
        self.base.need_main(seat, "move armies")?;
        let map = &self.base.map;
        if force.is_empty() {
            return refuse("move at least one unit");
        }
        if !map.is_land(from) || !map.is_land(to) {
            return refuse("armies never stand on the sea");
        }
        if from == to {
            return refuse("the units are there already");
        }
        let free = self.armies.unmoved(from, seat);
        if !force.within(&free) {
            return refuse(format!(
                "you have {} in {} that may still move this turn",
                free.words(),
                map.hex_name(from)
            ));
        }
        let adjacent = |a: HexId, b: HexId| map.topology.hex_neighbors(a).contains(&Some(b));
        let from_contested = self.armies.has_enemy(from, seat);
        match via {
            None => {
                if !adjacent(from, to) {
                    return refuse(format!(
                        "{} is not next to {}: units move one hex (cavalry two, `via` the hex between)",
                        map.hex_name(to),
                        map.hex_name(from)
                    ));
                }
            }
            Some(z) => {
                if force.foot > 0 || force.cannon > 0 {
                    return refuse("only cavalry moves two hexes in a turn");
                }
                if from_contested {
                    return refuse("units in a contested hex may only withdraw one step");
                }
                if z == from || z == to || !map.is_land(z) || !adjacent(from, z) || !adjacent(z, to)
                {
                    return refuse(format!(
                        "{} is not a hex between {} and {}",
                        map.hex_name(z),
                        map.hex_name(from),
                        map.hex_name(to)
                    ));
                }
                if self.armies.has_enemy(z, seat) {
                    return refuse(format!(
                        "{} holds enemy units: you cannot pass through it",
                        map.hex_name(z)
                    ));
                }
                if !self.may_step_into(seat, z) {
                    return refuse(format!(
                        "{} touches none of your roads, settlements or cities (or a network you have passage through)",
                        map.hex_name(z)
                    ));
                }
            }
        }
        if !self.may_step_into(seat, to) {
            return refuse(format!(
                "{} touches none of your roads, settlements or cities (or a network you have passage through)",
                map.hex_name(to)
            ));
        }
        let enemies: Vec<Seat> = self
            .armies
            .owners(to)
            .into_iter()
            .filter(|s| *s != seat)
            .collect();
        if from_contested && !enemies.is_empty() {
            return refuse("units in a contested hex may only withdraw to a hex without enemies");
        }
        if enemies.len() > 1 {
            return refuse(format!(
                "{} already holds two players' units",
                map.hex_name(to)
            ));
        }
        if force.cannon > 0 {
            if !enemies.is_empty() {
                return refuse("cannons never enter a hex with enemy units");
            }
            if force.foot + self.armies.force(to, seat).foot == 0 {
                return refuse(
                    "a cannon moves only into a hex with your foot soldier (move one with it)",
                );
            }
        }
        Ok(enemies.first().copied())
    }

    #[allow(clippy::too_many_arguments)]
    fn march(
        &mut self,
        seat: Seat,
        force: Force,
        from: HexId,
        to: HexId,
        via: Option<HexId>,
        _now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let enemy = self.check_move(seat, force, from, to, via)?;
        let was = self.hold(to);
        let was_in = !self.armies.force(to, seat).is_empty();
        let mut units = self.armies.take(from, seat, force, true);
        for u in &mut units {
            u.moved = true;
            u.came_from = Some(from);
        }
        self.armies.put(to, units);
        self.marched = true;
        ev.push(Event::Moved {
            seat,
            force,
            from,
            to,
        });
        if let Some(e) = enemy {
            let ef = self.armies.force(to, e);
            if ef.fighters() == 0 {
                // R12, R19: unprotected cannons fall without a fight.
                self.cannons_alone(ev);
            } else if !was_in && matches!(was, Hold::Controlled(c) if c == e) {
                // R12: entering a controlled hex starts a melee at once.
                let mine = self.armies.force(to, seat);
                self.round(to, seat, e, battle::default_dice(&mine), ev);
                self.cannons_alone(ev);
                if !self.battle_end(to, seat, e, ev) {
                    self.stage = Stage::Battle(Battle {
                        hex: to,
                        attacker: seat,
                        defender: e,
                        entered: true,
                        rounds: 1,
                    });
                }
            }
        }
        Ok(())
    }

    /// The dice an attacker may roll in a hex: checks and fills in R13's choice.
    pub(crate) fn check_dice(
        &self,
        seat: Seat,
        hex: HexId,
        dice: Option<(u32, u32)>,
    ) -> Result<(u32, u32), RuleError> {
        let f = self.armies.force(hex, seat);
        let (d, c) = dice.unwrap_or_else(|| battle::default_dice(&f));
        if d == 0 || d > 3 {
            return refuse("roll 1 to 3 dice");
        }
        if d > f.fighters() {
            return refuse(format!(
                "you have {} there: at most {} dice (cannons roll none)",
                f.words(),
                f.fighters().min(3)
            ));
        }
        if c > d || c > f.cavalry || d - c > f.foot {
            return refuse(format!(
                "with {} the dice are rolled by foot and cavalry you have there",
                f.words()
            ));
        }
        Ok((d, c))
    }

    /// The defender of a melee `seat` may start in `hex` now (R16), checked.
    pub(crate) fn check_attack(
        &self,
        seat: Seat,
        hex: HexId,
        dice: Option<(u32, u32)>,
    ) -> Result<(Seat, (u32, u32)), RuleError> {
        if let Stage::Battle(b) = &self.stage
            && b.attacker == seat
        {
            if hex != b.hex {
                return refuse(format!(
                    "finish the battle for {} first",
                    self.base.map.hex_name(b.hex)
                ));
            }
            return Ok((b.defender, self.check_dice(seat, hex, dice)?));
        }
        self.need_play(seat, "attack")?;
        self.base.need_main(seat, "attack")?;
        if !self.base.map.is_land(hex) {
            return refuse("there is no fighting at sea");
        }
        if self.armies.force(hex, seat).is_empty() {
            return refuse(format!(
                "you have no units in {}: move in first",
                self.base.map.hex_name(hex)
            ));
        }
        let Some(d) = self.armies.owners(hex).into_iter().find(|s| *s != seat) else {
            return refuse(format!(
                "there is no enemy in {}",
                self.base.map.hex_name(hex)
            ));
        };
        Ok((d, self.check_dice(seat, hex, dice)?))
    }

    fn attack(
        &mut self,
        seat: Seat,
        hex: HexId,
        dice: Option<(u32, u32)>,
        _now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let (d, dice) = self.check_attack(seat, hex, dice)?;
        let (entered, rounds) = match &self.stage {
            Stage::Battle(b) => (b.entered, b.rounds),
            _ => (false, 0),
        };
        self.marched = true;
        self.round(hex, seat, d, dice, ev);
        self.cannons_alone(ev);
        if self.battle_end(hex, seat, d, ev) {
            self.stage = Stage::Play;
        } else {
            self.stage = Stage::Battle(Battle {
                hex,
                attacker: seat,
                defender: d,
                entered,
                rounds: rounds + 1,
            });
        }
        Ok(())
    }

    /// Whether the attacker may stop now (R15): not while the defender would control a hex
    /// the attacker entered.
    pub(crate) fn may_stop(&self, seat: Seat) -> Result<(), RuleError> {
        let Stage::Battle(b) = &self.stage else {
            return refuse("there is no battle to stop");
        };
        if b.attacker != seat {
            return refuse("only the attacker stops a battle");
        }
        if b.entered && self.armies.force(b.hex, b.defender).total() >= self.pips(b.hex) {
            return refuse(format!(
                "the defender still controls {}: you may not stay, `retreat` or `attack` again",
                self.base.map.hex_name(b.hex)
            ));
        }
        Ok(())
    }

    fn stop(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        self.may_stop(seat)?;
        let Stage::Battle(b) = std::mem::replace(&mut self.stage, Stage::Play) else {
            unreachable!("checked")
        };
        ev.push(Event::Stopped { seat, hex: b.hex });
        Ok(())
    }

    /// Where the units that entered the battle's hex this turn would go back to.
    pub(crate) fn retreat_plan(&self, seat: Seat) -> Result<Vec<(HexId, Force)>, RuleError> {
        let Stage::Battle(b) = &self.stage else {
            return refuse("there is no battle to retreat from");
        };
        if b.attacker != seat {
            return refuse("only the attacker retreats");
        }
        let mut plan: Vec<(HexId, Force)> = Vec::new();
        for u in self.armies.units(b.hex) {
            if u.owner == seat
                && let Some(x) = u.came_from
            {
                match plan.iter_mut().find(|(h, _)| *h == x) {
                    Some((_, f)) => *f.get_mut(u.kind) += 1,
                    None => plan.push((x, Force::of(u.kind, 1))),
                }
            }
        }
        if plan.is_empty() {
            return refuse("none of your units there came in this turn: `stop` ends the attack");
        }
        for (x, _) in &plan {
            let others = self.armies.owner_bits(*x) & !(1 << seat) & !(1 << b.defender);
            if others != 0 {
                return refuse(format!(
                    "{} now holds another player's units",
                    self.base.map.hex_name(*x)
                ));
            }
        }
        Ok(plan)
    }

    fn retreat(&mut self, seat: Seat, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        let plan = self.retreat_plan(seat)?;
        let Stage::Battle(b) = std::mem::replace(&mut self.stage, Stage::Play) else {
            unreachable!("checked")
        };
        let units = self.armies.units_mut(b.hex);
        let mut back: Vec<super::armies::Unit> = Vec::new();
        let mut i = 0;
        while i < units.len() {
            if units[i].owner == seat && units[i].came_from.is_some() {
                back.push(units.remove(i));
            } else {
                i += 1;
            }
        }
        for mut u in back {
            let x = u.came_from.take().expect("filtered");
            self.armies.put(x, vec![u]);
        }
        ev.push(Event::Retreated {
            seat,
            from: b.hex,
            to: plan,
        });
        Ok(())
    }

    /// Everything R20 asks of a barrage; returns the victim.
    pub(crate) fn check_barrage(
        &self,
        seat: Seat,
        from: HexId,
        target: HexId,
        victim: Option<Seat>,
    ) -> Result<Seat, RuleError> {
        self.need_play(seat, "fire a cannon")?;
        self.base.need_main(seat, "fire a cannon")?;
        let map = &self.base.map;
        if !map.is_land(from) || !map.is_land(target) {
            return refuse("cannons stand and fire on land");
        }
        if !self
            .armies
            .units(from)
            .iter()
            .any(|u| u.owner == seat && u.kind == UnitKind::Cannon && !u.fired)
        {
            return refuse(format!(
                "you have no cannon in {} that has not fired this turn",
                map.hex_name(from)
            ));
        }
        if self.armies.has_enemy(from, seat) {
            return refuse(format!(
                "{} is under attack: a cannon fires only with no enemy in its hex",
                map.hex_name(from)
            ));
        }
        let dist = map.topology.distance(from, target);
        if !(1..=2).contains(&dist) {
            return refuse("a cannon fires at a hex one or two steps away");
        }
        let foes: Vec<Seat> = self
            .armies
            .owners(target)
            .into_iter()
            .filter(|s| *s != seat)
            .collect();
        match (victim, foes.as_slice()) {
            (_, []) => refuse(format!("there is no enemy in {}", map.hex_name(target))),
            (None, [one]) => Ok(*one),
            (None, _) => refuse("two players are there: name one, e.g. `... seat 2`"),
            (Some(v), _) if foes.contains(&v) => Ok(v),
            (Some(v), _) => refuse(format!(
                "seat {} has no units in {}",
                v + 1,
                map.hex_name(target)
            )),
        }
    }

    fn barrage(
        &mut self,
        seat: Seat,
        from: HexId,
        target: HexId,
        victim: Option<Seat>,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let victim = self.check_barrage(seat, from, target, victim)?;
        let first = self.base.rng.die();
        let second = (first >= 4).then(|| self.base.rng.die());
        let kills = battle::barrage_kills(first, second.unwrap_or(0));
        let lost = battle::barrage_losses(&self.armies.force(target, victim), kills);
        self.armies.take(target, victim, lost, false);
        if let Some(u) = self
            .armies
            .units_mut(from)
            .iter_mut()
            .find(|u| u.owner == seat && u.kind == UnitKind::Cannon && !u.fired)
        {
            u.fired = true;
        }
        self.marched = true;
        ev.push(Event::Barrage {
            seat,
            from,
            target,
            victim,
            rolls: (first, second),
            killed: lost,
        });
        Ok(())
    }

    /// Everything R32 asks of a redeploy.
    pub(crate) fn check_redeploy(
        &self,
        seat: Seat,
        force: Force,
        from: HexId,
        to: HexId,
    ) -> Result<(), RuleError> {
        self.need_play(seat, "redeploy")?;
        self.base.need_main(seat, "redeploy")?;
        let map = &self.base.map;
        if force.is_empty() {
            return refuse("redeploy at least one unit");
        }
        if !map.is_land(from) || !map.is_land(to) {
            return refuse("armies never stand on the sea");
        }
        if from == to {
            return refuse("redeploy to another hex");
        }
        let have = self.armies.force(from, seat);
        if !force.within(&have) {
            return refuse(format!(
                "you have {} in {}",
                have.words(),
                map.hex_name(from)
            ));
        }
        if self.armies.has_enemy(from, seat) {
            return refuse(format!(
                "{} is contested: units pinned in a contest cannot redeploy",
                map.hex_name(from)
            ));
        }
        if self.armies.has_enemy(to, seat) {
            return refuse(format!("{} holds enemy units", map.hex_name(to)));
        }
        if force.cannon > 0 && force.foot + self.armies.force(to, seat).foot == 0 {
            return refuse("cannons go only where one of your foot soldiers will be");
        }
        if !self.supply_linked(seat, from, to) {
            return refuse(format!(
                "no supply line joins {} and {}: both must touch one connected piece of your network",
                map.hex_name(from),
                map.hex_name(to)
            ));
        }
        Ok(())
    }

    fn redeploy(
        &mut self,
        seat: Seat,
        force: Force,
        from: HexId,
        to: HexId,
        now: Millis,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_redeploy(seat, force, from, to)?;
        let units = self.armies.take(from, seat, force, false);
        self.armies.put(to, units);
        ev.push(Event::Redeployed {
            seat,
            force,
            from,
            to,
        });
        let mut bev = Vec::new();
        self.base
            .apply_command_into(seat, &base::Command::End, now, &mut bev)?;
        ev.extend(bev.into_iter().map(Event::Base));
        Ok(())
    }

    fn set_passage(
        &mut self,
        seat: Seat,
        to: Seat,
        grant: bool,
        ev: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if to == seat {
            return refuse("your network is always open to you");
        }
        if to as usize >= self.base.cfg.seats || self.base.out[to as usize] {
            return refuse(format!("seat {} is not in the game", to + 1));
        }
        if self.grants(seat, to) == grant {
            return refuse(if grant {
                "you grant that seat passage already"
            } else {
                "that seat has no passage to revoke"
            });
        }
        if grant {
            self.passage[seat as usize] |= 1 << to;
        } else {
            self.passage[seat as usize] &= !(1 << to);
        }
        ev.push(Event::Passage {
            from: seat,
            to,
            grant,
        });
        Ok(())
    }

    fn resign(&mut self, seat: Seat, now: Millis, ev: &mut Vec<Event>) -> Result<(), RuleError> {
        if !self.live {
            return refuse("you may resign once the first turn has begun");
        }
        self.neutral[seat as usize] = true;
        ev.push(Event::Resigned { seat });
        ev.push(Event::Eliminated { seat, by: None });
        self.leave(seat, now, ev);
        Ok(())
    }

    /// Acts on expired deadlines: the host places, stops a battle or plays the base clock.
    pub(crate) fn run_clock(&mut self, now: Millis) -> Vec<Event> {
        let mut ev = Vec::new();
        for _ in 0..64 {
            let Some(d) = crate::engine::Ruleset::deadline(self) else {
                break;
            };
            if d > now {
                break;
            }
            self.force_step(now, &mut ev);
        }
        ev
    }

    fn force_step(&mut self, now: Millis, ev: &mut Vec<Event>) {
        let (seat, cmd, what) = match &self.stage {
            Stage::StartUnit { seat, settlement } => {
                let spots = self.start_unit_spots(*seat, *settlement);
                let all_taken = self
                    .corner_land(*settlement)
                    .iter()
                    .all(|x| !self.armies.is_empty(*x));
                let h = if all_taken {
                    None
                } else {
                    spots.first().copied()
                };
                (
                    *seat,
                    Command::Place(h),
                    "the host placed the starting unit",
                )
            }
            Stage::Claim { seat } => {
                let h = self
                    .base
                    .map
                    .land_hexes()
                    .find(|h| self.armies.is_empty(*h));
                (*seat, Command::Place(h), "the host claimed a hex")
            }
            Stage::Battle(b) => {
                let cmd = if self.may_stop(b.attacker).is_ok() {
                    Command::Stop
                } else if self.retreat_plan(b.attacker).is_ok() {
                    Command::Retreat
                } else {
                    Command::Attack {
                        hex: b.hex,
                        dice: None,
                    }
                };
                (b.attacker, cmd, "the host ended the attack")
            }
            Stage::Play => {
                if let Phase::Setup { step, settlement } = self.base.phase {
                    let s = self.base.setup_seat(step);
                    let cmd = match settlement {
                        None => base::Command::Settle(self.base.best_free_spot()),
                        Some(_) => match self
                            .base
                            .legal(s)
                            .into_iter()
                            .find(|c| matches!(c, base::Command::Road(_)))
                        {
                            Some(c) => c,
                            None => {
                                self.base.turn_deadline = None;
                                return;
                            }
                        },
                    };
                    (s, Command::Base(cmd), "the host placed a piece")
                } else {
                    let before = self.holds();
                    let bev = self.base.run_clock(now);
                    ev.extend(bev.into_iter().map(Event::Base));
                    self.after_action(&before, now, ev);
                    return;
                }
            }
        };
        match self.apply_command(seat, &cmd, now, ev) {
            Ok(()) => ev.push(Event::TimedOut {
                seat,
                what: what.into(),
            }),
            Err(_) => {
                self.stage_deadline = None;
                self.base.turn_deadline = None;
            }
        }
    }
}
