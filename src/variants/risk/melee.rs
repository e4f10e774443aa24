//! Melee: rounds of Risk dice between the two players in a hex (R11–R17), stopping and
//! retreating.

use super::armies::{Force, UnitKind};
use super::battle::{self, Die};
use super::{Battle, Event, RiskGame, Stage};
use crate::engine::{RuleError, Seat, refuse};
use crate::rules::entry::{Act, Verdict};
use crate::topology::HexId;

impl RiskGame {
    /// Tells who won a battle if one side has left the hex.
    pub(super) fn battle_end(&mut self, hex: HexId, a: Seat, d: Seat, ev: &mut Vec<Event>) -> bool {
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
    pub(super) fn round(
        &mut self,
        hex: HexId,
        a: Seat,
        d: Seat,
        dice: (u32, u32),
        ev: &mut Vec<Event>,
    ) {
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
                    self.base.table.map.hex_name(b.hex)
                ));
            }
            return Ok((b.defender, self.check_dice(seat, hex, dice)?));
        }
        self.need_play(seat, "attack")?;
        self.base.need_main(seat, "attack")?;
        if !self.base.table.map.is_land(hex) {
            return refuse("there is no fighting at sea");
        }
        if self.armies.force(hex, seat).is_empty() {
            return refuse(format!(
                "you have no units in {}: move in first",
                self.base.table.map.hex_name(hex)
            ));
        }
        let Some(d) = self.armies.owners(hex).into_iter().find(|s| *s != seat) else {
            return refuse(format!(
                "there is no enemy in {}",
                self.base.table.map.hex_name(hex)
            ));
        };
        Ok((d, self.check_dice(seat, hex, dice)?))
    }

    pub(super) fn attack(
        &mut self,
        cx: &mut Act<Event>,
        hex: HexId,
        dice: Option<(u32, u32)>,
    ) -> Verdict {
        let (d, dice) = self.check_attack(cx.seat, hex, dice)?;
        let (entered, rounds) = match &self.stage {
            Stage::Battle(b) => (b.entered, b.rounds),
            _ => (false, 0),
        };
        self.marched = true;
        self.round(hex, cx.seat, d, dice, cx.ev);
        self.cannons_alone(cx.ev);
        if self.battle_end(hex, cx.seat, d, cx.ev) {
            self.stage = Stage::Play;
        } else {
            self.stage = Stage::Battle(Battle {
                hex,
                attacker: cx.seat,
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
                self.base.table.map.hex_name(b.hex)
            ));
        }
        Ok(())
    }

    pub(super) fn stop(&mut self, cx: &mut Act<Event>) -> Verdict {
        self.may_stop(cx.seat)?;
        let Stage::Battle(b) = std::mem::replace(&mut self.stage, Stage::Play) else {
            unreachable!("checked")
        };
        cx.ev.push(Event::Stopped {
            seat: cx.seat,
            hex: b.hex,
        });
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
                    self.base.table.map.hex_name(*x)
                ));
            }
        }
        Ok(plan)
    }

    pub(super) fn retreat(&mut self, cx: &mut Act<Event>) -> Verdict {
        let plan = self.retreat_plan(cx.seat)?;
        let Stage::Battle(b) = std::mem::replace(&mut self.stage, Stage::Play) else {
            unreachable!("checked")
        };
        let units = self.armies.units_mut(b.hex);
        let mut back: Vec<super::armies::Unit> = Vec::new();
        let mut i = 0;
        while i < units.len() {
            if units[i].owner == cx.seat && units[i].came_from.is_some() {
                back.push(units.remove(i));
            } else {
                i += 1;
            }
        }
        for mut u in back {
            let x = u.came_from.take().expect("filtered");
            self.armies.put(x, vec![u]);
        }
        cx.ev.push(Event::Retreated {
            seat: cx.seat,
            from: b.hex,
            to: plan,
        });
        Ok(())
    }
}
