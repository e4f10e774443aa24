//! Free units: each setup settlement's starting unit with its possible battle (R1, R2), the
//! claim loop (R3), and the start of play once every land hex holds a unit (S4).

use super::armies::{Force, UnitKind};
use super::{Event, RiskGame, Stage};
use crate::engine::{Millis, Seat, refuse};
use crate::rules::entry::{Act, Verdict};
use crate::topology::{CornerId, HexId};
use crate::variants::base::{self, Phase};

impl RiskGame {
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

    pub(super) fn place(&mut self, cx: &mut Act<Event>, h: Option<HexId>) -> Verdict {
        match self.stage.clone() {
            Stage::StartUnit {
                seat: s,
                settlement,
            } => {
                if cx.seat != s {
                    return refuse(format!("seat {} places a starting unit now", s + 1));
                }
                let spots = self.start_unit_spots(cx.seat, settlement);
                let all_taken = self
                    .corner_land(settlement)
                    .iter()
                    .all(|x| !self.armies.is_empty(*x));
                match h {
                    None if all_taken => cx.ev.push(Event::Declined { seat: cx.seat }),
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
                        self.recruited[cx.seat as usize] += 1;
                        let owners = self.armies.owners(x);
                        if owners.is_empty() || owners == [cx.seat] {
                            self.armies.add(x, cx.seat, Force::of(UnitKind::Foot, 1));
                            cx.ev.push(Event::Placed {
                                seat: cx.seat,
                                hex: x,
                            });
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
                                self.armies.add(x, cx.seat, Force::of(UnitKind::Foot, 1));
                            }
                            cx.ev.push(Event::SetupBattle {
                                seat: cx.seat,
                                defender,
                                hex: x,
                                attacker_die: a,
                                defender_die: d,
                                attacker_won: won,
                            });
                        }
                    }
                }
                self.after_start_unit(cx.now, cx.ev);
                Ok(())
            }
            Stage::Claim { seat: s } => {
                if cx.seat != s {
                    return refuse(format!("seat {} claims a hex now", s + 1));
                }
                let Some(x) = h else {
                    return refuse("claim an empty land hex, e.g. `place C`");
                };
                if !self.base.table.map.is_land(x) {
                    return refuse("armies never stand on the sea");
                }
                if !self.armies.is_empty(x) {
                    return refuse(format!(
                        "{} is occupied: claim an empty land hex",
                        self.base.table.map.hex_name(x)
                    ));
                }
                self.recruited[cx.seat as usize] += 1;
                self.armies.add(x, cx.seat, Force::of(UnitKind::Foot, 1));
                self.claims += 1;
                cx.ev.push(Event::Placed {
                    seat: cx.seat,
                    hex: x,
                });
                if self.all_occupied() {
                    self.start_play(cx.now, cx.ev);
                } else {
                    self.stage = Stage::Claim {
                        seat: self.base.next_seat(cx.seat),
                    };
                    self.stage_deadline = self.base.cfg.turn_ms.map(|t| cx.now + t);
                }
                Ok(())
            }
            _ => refuse(
                "there is no free unit to place now; buy units with `buy armies 1 foot with wool at C`",
            ),
        }
    }

    pub(super) fn names(&self, hexes: &[HexId]) -> Option<String> {
        if hexes.is_empty() {
            return None;
        }
        Some(
            hexes
                .iter()
                .map(|h| self.base.table.map.hex_name(*h).to_string())
                .collect::<Vec<_>>()
                .join(", "),
        )
    }

    /// Whether every land hex holds a unit.
    pub(crate) fn all_occupied(&self) -> bool {
        self.base
            .table
            .map
            .land_hexes()
            .all(|h| !self.armies.is_empty(h))
    }

    pub(super) fn after_start_unit(&mut self, now: Millis, ev: &mut Vec<Event>) {
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
    pub(super) fn start_play(&mut self, now: Millis, ev: &mut Vec<Event>) {
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
}
