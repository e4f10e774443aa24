//! The state-based rules, run after every accepted command: unprotected cannons (R19),
//! control and the production filter (R5–R9), annexation (R33, R35), elimination and leaving
//! (R39–R41), the win (R42), and the army layer's per-turn reset.

use super::control::Hold;
use super::event::Piece;
use super::{Event, RiskGame, Stage};
use crate::engine::{Millis, Seat};
use crate::rules::devcards::DevCard;
use crate::rules::resources::ResourceSet;
use crate::ruleset::Ruleset;
use crate::topology::{CornerId, EdgeId, HexId};
use crate::variants::base::{self, Phase};

impl RiskGame {
    /// Every hex's hold, to tell what an action changed.
    pub(crate) fn holds(&self) -> Vec<Hold> {
        self.base
            .table
            .map
            .topology
            .hex_ids()
            .map(|h| {
                if self.base.table.map.is_land(h) {
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
        let mut holds = Vec::new();
        for (i, (was, now_h)) in before.iter().zip(after.iter()).enumerate() {
            // Control and contests are news; a unit arriving on or leaving an empty hex is not.
            let news = |h: &Hold| matches!(h, Hold::Controlled(_) | Hold::Contested(..));
            if was != now_h && (news(was) || news(now_h)) {
                let hex = HexId(i as u32);
                holds.push(Event::Hold {
                    hex,
                    was: *was,
                    now: *now_h,
                });
                if let Hold::Contested(a, b) = now_h
                    && !matches!(was, Hold::Contested(..))
                {
                    holds.push(Event::Contest { hex, a: *a, b: *b });
                }
            }
        }
        // The last claim's control is told before the first turn it opened.
        let at = ev
            .iter()
            .position(|e| matches!(e, Event::ClaimsDone))
            .unwrap_or(ev.len());
        ev.splice(at..at, holds);
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
                self.base.table.offers.clear();
                self.stage = Stage::Play;
                ev.push(Event::Base(base::Event::Won {
                    seat: s,
                    vp: self.base.total_vp(s),
                    vp_cards: self.base.table.dev[s as usize].vp_cards(),
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
    pub(super) fn end_blocked_road_building(&mut self) {
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
    pub(super) fn cannons_alone(&mut self, ev: &mut Vec<Event>) {
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
    pub(super) fn annex(&mut self, ev: &mut Vec<Event>) -> Vec<Option<Seat>> {
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
            .table
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
                self.base.table.pieces.set_building_owner(c, q);
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
            .table
            .pieces
            .all_routes()
            .map(|(e, r)| (e, r.owner))
            .collect();
        for (e, holder) in routes {
            let hexes = self.edge_land(e);
            if let Some(q) = sole(self, &hexes)
                && q != holder
            {
                self.base.table.pieces.set_route_owner(e, q);
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
    pub(super) fn eliminate(
        &mut self,
        annexers: &[Option<Seat>],
        now: Millis,
        ev: &mut Vec<Event>,
    ) {
        for s in 0..self.base.cfg.seats as Seat {
            if self.base.out[s as usize]
                || !self.base.table.pieces.buildings_of(s).is_empty()
                || self.base.winner().is_some()
            {
                continue;
            }
            let by = annexers[s as usize];
            if let Some(q) = by {
                let roads: Vec<EdgeId> = self.base.table.pieces.routes_of(s).to_vec();
                for e in roads {
                    self.base.table.pieces.set_route_owner(e, q);
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
            // The annexer's network grew by the roads it took over; its stored length is what
            // the next road it builds extends.
            if let Some(q) = by {
                let mut bev = Vec::new();
                self.base.update_longest_road_of(1 << q, &mut bev);
                ev.extend(bev.into_iter().map(Event::Base));
            }
        }
    }

    /// What elimination and resignation share: cards to the bank, development cards (played
    /// knights too) shuffled into the deck, passage gone, the seat out of the turn order.
    pub(super) fn leave(&mut self, s: Seat, now: Millis, ev: &mut Vec<Event>) {
        let hand = std::mem::replace(&mut self.base.table.hands[s as usize], ResourceSet::EMPTY);
        self.base.table.bank.add(&hand);
        let dev = std::mem::take(&mut self.base.table.dev[s as usize]);
        for h in &dev.cards {
            self.base.table.deck.push(h.card);
        }
        for _ in 0..dev.knights_played {
            self.base.table.deck.push(DevCard::Knight);
        }
        let mut deck = std::mem::take(&mut self.base.table.deck);
        self.base.rng.shuffle(&mut deck);
        self.base.table.deck = deck;
        if self.base.table.largest == Some(s) {
            let knights: Vec<u32> = self
                .base
                .table
                .dev
                .iter()
                .map(|d| d.knights_played)
                .collect();
            self.base.table.largest = crate::rules::awards::largest_army(None, &knights);
            ev.push(Event::LargestArmy {
                holder: self.base.table.largest,
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
}
