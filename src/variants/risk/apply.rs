//! Applying commands. Each command runs on a copy of the game that replaces it only when the
//! command is accepted, so a refused command leaves the state exactly as it was; the
//! state-based rules (`upkeep.rs`) run after every accepted one. Here: dispatch, base commands
//! with the army layer's checks (R36, the order of a turn), buying units and sorties
//! (R22–R25), barrages (R20), passage (R31) and resigning (R40). Placements are in `setup.rs`,
//! moves and redeploys in `movement.rs`, melee in `melee.rs`, the clock in `clock.rs`.

use super::armies::{Force, UnitKind};
use super::battle;
use super::{Command, Event, RiskGame, Stage};
use crate::engine::{RuleError, Seat, refuse};
use crate::rules::entry::{self, Act, Verdict};
use crate::rules::resources::{Resource, ResourceSet};
use crate::ruleset::append_owned;
use crate::topology::{CornerId, HexId};
use crate::variants::base::{self, Phase};

/// A purchase that passed every check.
pub(crate) struct BuyPlan {
    pub sortie: Option<Seat>,
}

impl RiskGame {
    /// `Ruleset::apply_into` of a Risk of Catan game: the command runs on a copy that
    /// replaces the game only when it is accepted, so a refusal leaves the state and the
    /// act's list as they were.
    pub(crate) fn apply_command_into(&mut self, cx: &mut Act<Event>, cmd: &Command) -> Verdict {
        let over = self.base.winner().is_some();
        entry::admit_playing(cx.seat, over, &self.base.out)?;
        let mut next = self.clone();
        let mut out = Vec::new();
        let mut inner = Act {
            seat: cx.seat,
            now: cx.now,
            ev: &mut out,
        };
        next.apply_inner(&mut inner, cmd)?;
        *self = next;
        append_owned(cx.ev, out);
        Ok(())
    }

    /// Applies an accepted-or-refused command to this copy of the game (see
    /// [`RiskGame::apply_command_into`]): the caller keeps the copy only when it is accepted.
    fn apply_inner(&mut self, cx: &mut Act<Event>, cmd: &Command) -> Verdict {
        let before = self.holds();
        match *cmd {
            Command::Base(c) => self.base_command(cx, c)?,
            Command::Place(h) => self.place(cx, h)?,
            Command::Buy { kind, n, pay, at } => self.buy(cx, kind, n, pay, at)?,
            Command::Move {
                force,
                from,
                to,
                via,
            } => self.march(cx, force, from, to, via)?,
            Command::Attack { hex, dice } => self.attack(cx, hex, dice)?,
            Command::Stop => self.stop(cx)?,
            Command::Retreat => self.retreat(cx)?,
            Command::Barrage {
                from,
                target,
                victim,
            } => self.barrage(cx, from, target, victim)?,
            Command::Redeploy { force, from, to } => self.redeploy(cx, force, from, to)?,
            Command::Passage { to, grant } => self.set_passage(cx, to, grant)?,
            Command::Resign => self.resign(cx)?,
        }
        self.after_action(&before, cx.now, cx.ev);
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
                "the land is being claimed: place your unit (`place HEX`) before anyone can {what}"
            )),
            Stage::Claim { seat: s } => refuse(format!(
                "the land is being claimed: seat {} places a unit (`place HEX`) before anyone can {what}",
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

    fn base_command(&mut self, cx: &mut Act<Event>, c: base::Command) -> Verdict {
        self.check_base(cx.seat, &c)?;
        let setup_settlement = match (&self.base.phase, c) {
            (Phase::Setup { settlement, .. }, base::Command::Road(_)) => *settlement,
            _ => None,
        };
        let annexed_city = match c {
            base::Command::City(k) => self.built_by_corner[k.index()].filter(|b| *b != cx.seat),
            _ => None,
        };
        let mut bev = self.base.apply_command(cx.seat, &c, cx.now)?;
        match c {
            base::Command::Settle(k) => self.built_by_corner[k.index()] = Some(cx.seat),
            base::Command::Road(e) => self.built_by_edge[e.index()] = Some(cx.seat),
            base::Command::City(k) => {
                // R34: the city comes from the holder's supply; the settlement piece goes back
                // to its builder's.
                if let Some(b) = annexed_city {
                    self.base.table.pieces.stock_mut(cx.seat).settlements -= 1;
                    self.base.table.pieces.stock_mut(b).settlements += 1;
                    self.built_by_corner[k.index()] = Some(cx.seat);
                }
            }
            _ => {}
        }
        if let Some(k) = setup_settlement {
            // The first turn waits for the starting units and the claim loop.
            bev.retain(|e| !matches!(e, base::Event::TurnStarted { .. }));
            self.stage = Stage::StartUnit {
                seat: cx.seat,
                settlement: k,
            };
            self.stage_deadline = self.base.cfg.turn_ms.map(|t| cx.now + t);
        }
        cx.ev.extend(bev.into_iter().map(Event::Base));
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
        cx: &mut Act<Event>,
        kind: UnitKind,
        n: u32,
        pay: Resource,
        at: HexId,
    ) -> Verdict {
        let plan = self.check_buy(cx.seat, kind, n, pay, at)?;
        let cost = ResourceSet::one(pay, n * kind.cost());
        self.base.table.hands[cx.seat as usize].sub(&cost);
        self.base.table.bank.add(&cost);
        self.bought += n;
        self.declared = Some(pay);
        self.recruited[cx.seat as usize] += n;
        let mut bev = Vec::new();
        self.base.mark_built(&mut bev);
        cx.ev.extend(bev.into_iter().map(Event::Base));
        self.armies.add(at, cx.seat, Force::of(kind, n));
        cx.ev.push(Event::Bought {
            seat: cx.seat,
            kind,
            n,
            pay,
            at,
        });
        if let Some(defender) = plan.sortie {
            // R17: a sortie fights to the end.
            cx.ev.push(Event::Sortie {
                seat: cx.seat,
                hex: at,
            });
            self.cannons_alone(cx.ev);
            for _ in 0..10_000 {
                let a = self.armies.force(at, cx.seat);
                let d = self.armies.force(at, defender);
                if a.fighters() == 0 || d.fighters() == 0 {
                    break;
                }
                self.round(at, cx.seat, defender, battle::default_dice(&a), cx.ev);
                self.cannons_alone(cx.ev);
            }
            self.battle_end(at, cx.seat, defender, cx.ev);
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
        cx: &mut Act<Event>,
        from: HexId,
        target: HexId,
        victim: Option<Seat>,
    ) -> Verdict {
        let victim = self.check_barrage(cx.seat, from, target, victim)?;
        let first = self.base.rng.die();
        let second = (first >= 4).then(|| self.base.rng.die());
        let kills = battle::barrage_kills(first, second.unwrap_or(0));
        let lost = battle::barrage_losses(&self.armies.force(target, victim), kills);
        self.armies.take(target, victim, lost, false);
        if let Some(u) = self
            .armies
            .units_mut(from)
            .iter_mut()
            .find(|u| u.owner == cx.seat && u.kind == UnitKind::Cannon && !u.fired)
        {
            u.fired = true;
        }
        self.marched = true;
        cx.ev.push(Event::Barrage {
            seat: cx.seat,
            from,
            target,
            victim,
            rolls: (first, second),
            killed: lost,
        });
        Ok(())
    }

    fn set_passage(&mut self, cx: &mut Act<Event>, to: Seat, grant: bool) -> Verdict {
        if to == cx.seat {
            return refuse("your network is always open to you");
        }
        if to as usize >= self.base.cfg.seats || self.base.out[to as usize] {
            return refuse(format!("seat {} is not in the game", to + 1));
        }
        if self.grants(cx.seat, to) == grant {
            return refuse(if grant {
                "you grant that seat passage already"
            } else {
                "that seat has no passage to revoke"
            });
        }
        if grant {
            self.passage[cx.seat as usize] |= 1 << to;
        } else {
            self.passage[cx.seat as usize] &= !(1 << to);
        }
        cx.ev.push(Event::Passage {
            from: cx.seat,
            to,
            grant,
        });
        Ok(())
    }

    fn resign(&mut self, cx: &mut Act<Event>) -> Verdict {
        if !self.live {
            return refuse("you may resign once the first turn has begun");
        }
        self.neutral[cx.seat as usize] = true;
        cx.ev.push(Event::Resigned { seat: cx.seat });
        cx.ev.push(Event::Eliminated {
            seat: cx.seat,
            by: None,
        });
        self.leave(cx.seat, cx.now, cx.ev);
        Ok(())
    }
}
