//! The turn clock: what the host does for a seat whose placement, battle or turn ran out.

use super::{Command, Event, RiskGame, Stage};
use crate::engine::Millis;
use crate::ruleset::Ruleset;
use crate::variants::base::{self, Phase};

impl RiskGame {
    /// Acts on expired deadlines: the host places, stops a battle or plays the base clock.
    pub(crate) fn run_clock(&mut self, now: Millis) -> Vec<Event> {
        crate::ruleset::run_deadlines(self, now, |g, ev| g.force_step(now, ev))
    }

    pub(super) fn force_step(&mut self, now: Millis, ev: &mut Vec<Event>) {
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
                    .table
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
        match self.apply_into(seat, &cmd, now, ev) {
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
