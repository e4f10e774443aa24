//! Moving units one step (cavalry two) along the networks (R26–R31), and the end-of-turn
//! redeploy along supply lines (R32).

use super::armies::Force;
use super::battle;
use super::control::Hold;
use super::{Battle, Event, RiskGame, Stage};
use crate::engine::{RuleError, Seat, refuse};
use crate::rules::entry::{Act, Verdict};
use crate::topology::HexId;
use crate::variants::base;

impl RiskGame {
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
        let map = &self.base.table.map;
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
        let enemies = self.armies.enemies(to, seat);
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
    pub(super) fn march(
        &mut self,
        cx: &mut Act<Event>,
        force: Force,
        from: HexId,
        to: HexId,
        via: Option<HexId>,
    ) -> Verdict {
        let enemy = self.check_move(cx.seat, force, from, to, via)?;
        let was = self.hold(to);
        let was_in = !self.armies.force(to, cx.seat).is_empty();
        let mut units = self.armies.take(from, cx.seat, force, true);
        for u in &mut units {
            u.moved = true;
            u.came_from = Some(from);
        }
        self.armies.put(to, units);
        self.marched = true;
        cx.ev.push(Event::Moved {
            seat: cx.seat,
            force,
            from,
            to,
        });
        if let Some(e) = enemy {
            let ef = self.armies.force(to, e);
            if ef.fighters() == 0 {
                // R12, R19: unprotected cannons fall without a fight.
                self.cannons_alone(cx.ev);
            } else if !was_in && matches!(was, Hold::Controlled(c) if c == e) {
                // R12: entering a controlled hex starts a melee at once.
                let mine = self.armies.force(to, cx.seat);
                self.round(to, cx.seat, e, battle::default_dice(&mine), cx.ev);
                self.cannons_alone(cx.ev);
                if !self.battle_end(to, cx.seat, e, cx.ev) {
                    self.stage = Stage::Battle(Battle {
                        hex: to,
                        attacker: cx.seat,
                        defender: e,
                        entered: true,
                        rounds: 1,
                    });
                }
            }
        }
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
        let map = &self.base.table.map;
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

    pub(super) fn redeploy(
        &mut self,
        cx: &mut Act<Event>,
        force: Force,
        from: HexId,
        to: HexId,
    ) -> Verdict {
        self.check_redeploy(cx.seat, force, from, to)?;
        let units = self.armies.take(from, cx.seat, force, false);
        self.armies.put(to, units);
        cx.ev.push(Event::Redeployed {
            seat: cx.seat,
            force,
            from,
            to,
        });
        let bev = self
            .base
            .apply_command(cx.seat, &base::Command::End, cx.now)?;
        cx.ev.extend(bev.into_iter().map(Event::Base));
        Ok(())
    }
}
