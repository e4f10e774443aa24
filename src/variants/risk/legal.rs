//! The commands a seat may send now. Every command listed is accepted: army commands are
//! listed by running the same checks `apply` runs. Moves, purchases and redeploys list the
//! usual amounts (one unit, all units of a type, everything that may go); other amounts are
//! accepted too when the rules allow them.

use super::armies::{Force, UnitKind};
use super::{Command, RiskGame, Stage};
use crate::engine::Seat;
use crate::rules::resources::Resource;
use crate::ruleset::Ruleset;
use crate::topology::HexId;
use crate::variants::base::{self, Phase};

/// Amounts worth listing out of what is available: one of each type, all of each type, all.
fn amounts(have: Force) -> Vec<Force> {
    let mut v = Vec::new();
    for k in UnitKind::ALL {
        let n = have.get(k);
        if n > 0 {
            v.push(Force::of(k, 1));
            if n > 1 {
                v.push(Force::of(k, n));
            }
        }
    }
    if have.total() > 0 && !v.contains(&have) {
        v.push(have);
    }
    // A cannon goes with one foot soldier.
    if have.cannon > 0 && have.foot > 0 {
        let f = Force {
            foot: 1,
            cavalry: 0,
            cannon: have.cannon,
        };
        if !v.contains(&f) {
            v.push(f);
        }
    }
    v
}

impl RiskGame {
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Command>) {
        if self.base.winner().is_some()
            || seat as usize >= self.base.cfg.seats
            || self.base.out[seat as usize]
        {
            return;
        }
        match &self.stage {
            Stage::StartUnit {
                seat: s,
                settlement,
            } => {
                if *s == seat {
                    let all_taken = self
                        .corner_land(*settlement)
                        .iter()
                        .all(|x| !self.armies.is_empty(*x));
                    for h in self.start_unit_spots(seat, *settlement) {
                        out.push(Command::Place(Some(h)));
                    }
                    if all_taken {
                        out.push(Command::Place(None));
                    }
                }
            }
            Stage::Claim { seat: s } => {
                if *s == seat {
                    for h in self.base.table.map.land_hexes() {
                        if self.armies.is_empty(h) {
                            out.push(Command::Place(Some(h)));
                        }
                    }
                }
            }
            Stage::Battle(b) => {
                if b.attacker == seat {
                    let f = self.armies.force(b.hex, seat);
                    out.push(Command::Attack {
                        hex: b.hex,
                        dice: None,
                    });
                    for d in 1..=f.fighters().min(3) {
                        for c in 0..=d.min(f.cavalry) {
                            if d - c <= f.foot {
                                out.push(Command::Attack {
                                    hex: b.hex,
                                    dice: Some((d, c)),
                                });
                            }
                        }
                    }
                    if self.may_stop(seat).is_ok() {
                        out.push(Command::Stop);
                    }
                    if self.retreat_plan(seat).is_ok() {
                        out.push(Command::Retreat);
                    }
                } else {
                    self.base_legal(seat, out);
                }
            }
            Stage::Play => {
                self.base_legal(seat, out);
                if seat == self.base.current && self.base.phase == Phase::Main {
                    self.army_legal(seat, out);
                }
            }
        }
        self.passage_legal(seat, out);
        if self.live {
            out.push(Command::Resign);
        }
    }

    /// Base commands the army layer lets through.
    fn base_legal(&self, seat: Seat, out: &mut Vec<Command>) {
        for c in self.base.legal(seat) {
            if self.check_base(seat, &c).is_ok() {
                out.push(Command::Base(c));
            }
        }
    }

    fn passage_legal(&self, seat: Seat, out: &mut Vec<Command>) {
        for t in 0..self.base.cfg.seats as Seat {
            if t != seat && !self.base.out[t as usize] {
                out.push(Command::Passage {
                    to: t,
                    grant: !self.grants(seat, t),
                });
            }
        }
    }

    /// Buys, moves, attacks, barrages and redeploys of the current player.
    fn army_legal(&self, seat: Seat, out: &mut Vec<Command>) {
        let map = &self.base.table.map;
        let land: Vec<HexId> = map.land_hexes().collect();
        // Purchases.
        let left = self.base.public_vp(seat).saturating_sub(self.bought);
        if left > 0 {
            let pays: Vec<Resource> = match self.declared {
                Some(r) => vec![r],
                None => Resource::ALL.to_vec(),
            };
            for &at in &land {
                for &pay in &pays {
                    let have = self.base.table.hands[seat as usize][pay];
                    for kind in UnitKind::ALL {
                        let max = left.min(have / kind.cost());
                        let mut ns = vec![];
                        if max >= 1 {
                            ns.push(1);
                        }
                        if max > 1 {
                            ns.push(max);
                        }
                        for n in ns {
                            if self.check_buy(seat, kind, n, pay, at).is_ok() {
                                out.push(Command::Buy { kind, n, pay, at });
                            }
                        }
                    }
                }
            }
        }
        for &from in &land {
            let all = self.armies.force(from, seat);
            if all.is_empty() {
                continue;
            }
            // Moves.
            let free = self.armies.unmoved(from, seat);
            if !free.is_empty() {
                for z in map.topology.hex_neighbors(from).iter().flatten() {
                    for f in amounts(free) {
                        if self.check_move(seat, f, from, *z, None).is_ok() {
                            out.push(Command::Move {
                                force: f,
                                from,
                                to: *z,
                                via: None,
                            });
                        }
                    }
                    if free.cavalry > 0 {
                        for to in map.topology.hex_neighbors(*z).iter().flatten() {
                            if map.topology.hex_neighbors(from).contains(&Some(*to)) || *to == from
                            {
                                continue;
                            }
                            for n in [1, free.cavalry] {
                                let f = Force::of(UnitKind::Cavalry, n);
                                let cmd = Command::Move {
                                    force: f,
                                    from,
                                    to: *to,
                                    via: Some(*z),
                                };
                                if !out.contains(&cmd)
                                    && self.check_move(seat, f, from, *to, Some(*z)).is_ok()
                                {
                                    out.push(cmd);
                                }
                            }
                        }
                    }
                }
            }
            // Melee in a contested hex.
            if all.fighters() > 0 && self.check_attack(seat, from, None).is_ok() {
                out.push(Command::Attack {
                    hex: from,
                    dice: None,
                });
            }
            // Barrages.
            if all.cannon > 0 {
                for &target in &land {
                    let foes = self.armies.enemies(target, seat);
                    let victims: Vec<Option<Seat>> = match foes.len() {
                        0 => vec![],
                        1 => vec![None],
                        _ => foes.into_iter().map(Some).collect(),
                    };
                    for victim in victims {
                        if self.check_barrage(seat, from, target, victim).is_ok() {
                            out.push(Command::Barrage {
                                from,
                                target,
                                victim,
                            });
                        }
                    }
                }
            }
        }
        // Redeploys: everything from one hex to another, along the supply lines.
        let net = self.supply_net(seat);
        for &from in &land {
            let all = self.armies.force(from, seat);
            if all.is_empty() || self.armies.has_enemy(from, seat) {
                continue;
            }
            let lf = self.hex_labels(&net, from);
            if lf.is_empty() {
                continue;
            }
            for &to in &land {
                if to == from || self.armies.has_enemy(to, seat) {
                    continue;
                }
                let lt = self.hex_labels(&net, to);
                if !lf.iter().any(|l| lt.contains(l)) {
                    continue;
                }
                if self.check_redeploy(seat, all, from, to).is_ok() {
                    out.push(Command::Redeploy {
                        force: all,
                        from,
                        to,
                    });
                }
            }
        }
    }

    /// Whether any listed command is a base `End` (bots use it to tell a turn they can end).
    pub fn can_end(&self, seat: Seat) -> bool {
        self.base.current == seat
            && self.stage == Stage::Play
            && self.base.phase == Phase::Main
            && self.check_base(seat, &base::Command::End).is_ok()
    }
}
