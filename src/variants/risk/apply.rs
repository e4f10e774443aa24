//! Applying commands. Each command runs on a copy of the game that replaces it only when the
//! command is accepted, so a refused command leaves the state exactly as it was; the
//! state-based rules (`upkeep.rs`) run after every accepted one. Here: dispatch, base commands
//! with the army layer's checks (R36, the order of a turn), buying units and sorties
//! (R22–R25), barrages (R20), passage (R31) and resigning (R40). Placements are in `setup.rs`,
//! moves and redeploys in `movement.rs`, melee in `melee.rs`, the clock in `clock.rs`.

use super::armies::{Force, UnitKind};
use super::battle;
use super::{Command, Event, RiskGame, Stage};
use crate::engine::{Millis, RuleError, Seat, refuse};
use crate::rules::resources::{Resource, ResourceSet};
use crate::topology::{CornerId, HexId};
use crate::variants::base::{self, Phase};

/// A purchase that passed every check.
pub(crate) struct BuyPlan {
    pub sortie: Option<Seat>,
}

impl RiskGame {
    /// Applies an accepted-or-refused command to this copy of the game (see
    /// [`Ruleset::apply_into`]): the caller keeps the copy only when it is accepted.
    pub(super) fn apply_inner(
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

    /// The stage's command, refusing what the army layer does not wait for.
    pub(super) fn need_play(&self, seat: Seat, what: &str) -> Result<(), RuleError> {
        match &self.stage {
            Stage::Play => Ok(()),
            Stage::StartUnit { seat: s, .. } if *s == seat => refuse(format!(
                "place your starting unit first (`place HEX`): nobody can {what} before it"
            )),
            Stage::StartUnit { seat: s, .. } => refuse(format!(
                "seat {} places a starting unit first (`place HEX`) before anyone can {what}",
                s + 1
            )),
            Stage::Claim { seat: s } if *s == seat => refuse(format!(
                "the claim loop is on: place your unit (`place HEX`) before anyone can {what}"
            )),
            Stage::Claim { seat: s } => refuse(format!(
                "the claim loop is on: seat {} places a unit (`place HEX`) before anyone can {what}",
                s + 1
            )),
            Stage::Battle(b) if b.attacker == seat => refuse(format!(
                "finish the battle for {} first: `attack {}`, `stop` or `retreat`",
                self.base.table.map.hex_name(b.hex),
                self.base.table.map.hex_name(b.hex)
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
                            self.base.table.map.corner_name(k)
                        ));
                    }
                }
                base::Command::Road(e) => {
                    if let Some(q) = enemy_land(self.edge_land(e)) {
                        return refuse(format!(
                            "seat {} controls the land on both sides of {}: a road there would be annexed at once",
                            q + 1,
                            self.base.table.map.edge_name(e)
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
                    self.base.table.pieces.stock_mut(seat).settlements -= 1;
                    self.base.table.pieces.stock_mut(b).settlements += 1;
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
        if self.base.table.hands[seat as usize][pay] < cost {
            return refuse(format!(
                "{n} {} cost {cost} {pay}; you have {}",
                kind.word(),
                self.base.table.hands[seat as usize][pay]
            ));
        }
        if !self.base.table.map.is_land(at) {
            return refuse("armies never stand on the sea");
        }
        let mine: Vec<CornerId> = self
            .base
            .table
            .map
            .topology
            .hex_corners(at)
            .iter()
            .copied()
            .filter(|c| {
                self.base
                    .table
                    .pieces
                    .building(*c)
                    .is_some_and(|b| b.owner == seat)
            })
            .collect();
        if mine.is_empty() {
            return refuse(format!(
                "units are placed next to a settlement or city you hold; {} touches none",
                self.base.table.map.hex_name(at)
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
            self.base.table.map.hex_name(at)
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
        self.base.table.hands[seat as usize].sub(&cost);
        self.base.table.bank.add(&cost);
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
        let map = &self.base.table.map;
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
        let foes = self.armies.enemies(target, seat);
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
}
