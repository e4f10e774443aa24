//! The legal-command generator. It must agree exactly with `apply`: every listed command is
//! accepted and every accepted command is listed, except free-form trade offers (only the
//! one-for-one offers are listed). Property tests check both directions.

use super::{BaseGame, Command, MAX_OPEN_OFFERS, Phase};
use crate::engine::Seat;
use crate::rules::costs;
use crate::rules::devcards::DevCard;
use crate::rules::pieces::{BuildingKind, RouteKind};
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::trade;

impl BaseGame {
    /// Appends every command `seat` may send now.
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Command>) {
        if seat as usize >= self.cfg.seats || self.out[seat as usize] {
            return;
        }
        match &self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { step, settlement } => {
                if self.setup_seat(*step) != seat {
                    return;
                }
                match settlement {
                    None => {
                        for c in self.map.land_corners() {
                            if self.pieces.check_settlement_spot(&self.map, *c).is_ok() {
                                out.push(Command::Settle(*c));
                            }
                        }
                    }
                    Some(c) => {
                        for e in self.map.topology.corner_edges(*c).iter().flatten() {
                            if self
                                .pieces
                                .check_route(&self.map, seat, *e, RouteKind::Road, Some(*c))
                                .is_ok()
                            {
                                out.push(Command::Road(*e));
                            }
                        }
                    }
                }
            }
            Phase::Roll => {
                if seat == self.current {
                    out.push(Command::Roll);
                    self.legal_dev_plays(seat, out);
                }
            }
            Phase::Discard { owed } => {
                if let Some((_, n)) = owed.iter().find(|(s, _)| *s == seat) {
                    discard_choices(&self.hands[seat as usize], *n, out);
                }
            }
            Phase::Robber { .. } => {
                if seat == self.current {
                    for h in self.robber_targets() {
                        let victims = self.victims(h);
                        if victims.is_empty() {
                            out.push(Command::Robber {
                                hex: h,
                                steal: None,
                            });
                        }
                        for v in victims {
                            out.push(Command::Robber {
                                hex: h,
                                steal: Some(v),
                            });
                        }
                    }
                }
            }
            Phase::RoadBuilding { .. } => {
                if seat == self.current {
                    out.extend(self.road_spots(seat).map(Command::Road));
                }
            }
            Phase::Main => self.legal_main(seat, out),
        }
    }

    fn legal_main(&self, seat: Seat, out: &mut Vec<Command>) {
        let hand = &self.hands[seat as usize];
        if seat == self.current {
            out.push(Command::End);
            if hand.contains(&costs::ROAD) {
                out.extend(self.road_spots(seat).map(Command::Road));
            }
            if hand.contains(&costs::SETTLEMENT) && self.pieces.stock(seat).settlements > 0 {
                let start = out.len();
                for e in self.pieces.routes_of(seat) {
                    for c in self.map.topology.edge_corners(*e) {
                        let cmd = Command::Settle(c);
                        if !out[start..].contains(&cmd)
                            && self.pieces.check_settlement(&self.map, seat, c).is_ok()
                        {
                            out.push(cmd);
                        }
                    }
                }
            }
            if hand.contains(&costs::CITY) && self.pieces.stock(seat).cities > 0 {
                for c in self.pieces.buildings_of(seat) {
                    if self
                        .pieces
                        .building(*c)
                        .is_some_and(|b| b.kind == BuildingKind::Settlement)
                    {
                        out.push(Command::City(*c));
                    }
                }
            }
            if !self.deck.is_empty() && hand.contains(&costs::DEV_CARD) {
                out.push(Command::BuyDev);
            }
            self.legal_dev_plays(seat, out);
            if self.trading_open() {
                let rates = trade::maritime_rates(&self.map, &self.pieces, seat);
                for give in Resource::ALL {
                    let rate = rates[give as usize];
                    if hand[give] < rate {
                        continue;
                    }
                    for get in Resource::ALL {
                        if get != give && self.bank[get] > 0 {
                            out.push(Command::Bank {
                                give: ResourceSet::one(give, rate),
                                get: ResourceSet::one(get, 1),
                            });
                        }
                    }
                }
            }
        }
        if !self.trading_open() {
            return;
        }
        // Answers to offers addressed to this seat, and cancelling its own.
        for o in &self.offers {
            if o.from == seat {
                out.push(Command::Cancel(o.id));
            } else if self.addressees(o).contains(&seat) && !o.declined.contains(&seat) {
                if hand.contains(&o.get) && self.hands[o.from as usize].contains(&o.give) {
                    out.push(Command::Accept(o.id));
                }
                out.push(Command::Decline(o.id));
            }
        }
        // One-for-one offers.
        let open = self.offers.iter().filter(|o| o.from == seat).count();
        let (cap, to) = if seat == self.current {
            (MAX_OPEN_OFFERS, None)
        } else {
            (1, Some(self.current))
        };
        if open < cap {
            for give in Resource::ALL {
                if hand[give] == 0 {
                    continue;
                }
                for get in Resource::ALL {
                    if get != give {
                        out.push(Command::Offer {
                            give: ResourceSet::one(give, 1),
                            get: ResourceSet::one(get, 1),
                            to,
                        });
                    }
                }
            }
        }
    }

    fn legal_dev_plays(&self, seat: Seat, out: &mut Vec<Command>) {
        if self.dev_played {
            return;
        }
        let hand = &self.dev[seat as usize];
        if hand.playable(DevCard::Knight, self.turn) {
            out.push(Command::PlayKnight);
        }
        if hand.playable(DevCard::RoadBuilding, self.turn) && self.can_place_road(seat) {
            out.push(Command::PlayRoadBuilding);
        }
        if hand.playable(DevCard::YearOfPlenty, self.turn) {
            for (i, a) in Resource::ALL.iter().enumerate() {
                for b in &Resource::ALL[i..] {
                    let mut set = ResourceSet::one(*a, 1);
                    set[*b] += 1;
                    if self.bank.contains(&set) {
                        out.push(Command::PlayYearOfPlenty(set));
                    }
                }
            }
        }
        if hand.playable(DevCard::Monopoly, self.turn) {
            out.extend(Resource::ALL.map(Command::PlayMonopoly));
        }
    }
}

/// Every way to return `n` cards from a hand.
fn discard_choices(hand: &ResourceSet, n: u32, out: &mut Vec<Command>) {
    fn go(hand: &ResourceSet, i: usize, left: u32, cur: &mut ResourceSet, out: &mut Vec<Command>) {
        if i == 5 {
            if left == 0 {
                out.push(Command::Discard(*cur));
            }
            return;
        }
        let r = Resource::ALL[i];
        // What the remaining resources can still cover.
        let rest: u32 = Resource::ALL[i + 1..].iter().map(|x| hand[*x]).sum();
        let lo = left.saturating_sub(rest);
        let hi = hand[r].min(left);
        for k in lo..=hi {
            cur[r] = k;
            go(hand, i + 1, left - k, cur, out);
        }
        cur[r] = 0;
    }
    let mut cur = ResourceSet::EMPTY;
    go(hand, 0, n, &mut cur, out);
}
