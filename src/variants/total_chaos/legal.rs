//! The legal-command generator. It agrees exactly with `apply`: every listed command is
//! accepted and every accepted command is listed, except free-form trade offers (only the
//! one-for-one offers to everyone are listed). The property tests check both directions.

use super::{ChaosGame, Command, Phase};
use crate::engine::Seat;
use crate::rules::costs;
use crate::rules::devcards::DevCard;
use crate::rules::offers::TradeCommand;
use crate::rules::pieces::RouteKind;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::{commands, offers, spots, trade};

impl ChaosGame {
    /// Appends every command `seat` may send now.
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Command>) {
        if seat as usize >= self.cfg.seats {
            return;
        }
        let me = seat as usize;
        match &self.phase {
            Phase::Over { .. } => return,
            Phase::Setup { step, settlement } => {
                if self.setup_seat(*step) != seat {
                    return;
                }
                let (map, pieces) = (&self.table.map, &self.table.pieces);
                commands::each_setup_placement(map, pieces, seat, *settlement, |c| {
                    out.push(c.into());
                    true
                });
                return;
            }
            Phase::Resource { owed } => {
                let o = owed[me];
                if Resource::ALL
                    .iter()
                    .any(|r| o[*r] > 0 && self.table.bank[*r] > 0)
                {
                    out.push(Command::Claim);
                }
            }
            Phase::Discard { owed } => {
                if let Some((_, n)) = owed.iter().find(|(s, _)| *s == seat) {
                    out.extend(
                        spots::choices(&self.table.hands[me], *n)
                            .into_iter()
                            .map(Command::Discard),
                    );
                }
            }
            Phase::Robber {
                moved,
                steals_left,
                ask,
            } => {
                if self.robber_holder == Some(seat) {
                    if !moved {
                        for h in self.table.map.land_hexes() {
                            if h != self.table.robber {
                                out.push(Command::Robber(h));
                            }
                        }
                    } else if *steals_left > 0 {
                        for v in self.victims(self.table.robber, seat) {
                            out.push(Command::Steal {
                                victim: v,
                                card: None,
                            });
                            for r in Resource::ALL {
                                out.push(Command::Steal {
                                    victim: v,
                                    card: Some(r),
                                });
                            }
                        }
                    }
                }
                if let Some(a) = ask
                    && a.victim == seat
                {
                    if self.table.hands[me][a.card] > 0 {
                        out.push(Command::Agree);
                    }
                    out.push(Command::Refuse);
                }
            }
            Phase::Build => self.legal_build(seat, out),
            Phase::Cooldown => {}
        }
        // Ready votes, in every timed phase.
        let owes_discard =
            matches!(&self.phase, Phase::Discard { owed } if owed.iter().any(|(s, _)| *s == seat));
        if self.ready[me] {
            out.push(Command::Unready);
        } else if !owes_discard {
            out.push(Command::Ready);
        }
    }

    fn legal_build(&self, seat: Seat, out: &mut Vec<Command>) {
        let hand = &self.table.hands[seat as usize];
        if hand.contains(&costs::ROAD) {
            out.extend(
                spots::road_spots(&self.table.map, &self.table.pieces, seat)
                    .into_iter()
                    .map(Command::Road),
            );
        }
        if hand.contains(&costs::SETTLEMENT) {
            out.extend(
                spots::settlement_spots(&self.table.map, &self.table.pieces, seat)
                    .into_iter()
                    .map(Command::Settle),
            );
        }
        if hand.contains(&costs::CITY) && self.table.pieces.stock(seat).cities > 0 {
            out.extend(self.table.pieces.settlements_of(seat).map(Command::City));
        }
        if !self.table.deck.is_empty() && hand.contains(&costs::DEV_CARD) {
            out.push(Command::BuyDev);
        }
        self.legal_dev_plays(seat, out);
        // Bank trades.
        let rates = trade::maritime_rates(&self.table.map, &self.table.pieces, seat);
        trade::each_bank_trade(hand, &self.table.bank, &rates, |give, get| {
            out.push(Command::Trade(TradeCommand::Bank { give, get }));
            true
        });
        // Answers to offers, and cancelling one's own.
        offers::each_answer(self, seat, |_| true, |a| out.push(a.into()));
        commands::each_listed_offer(self, seat, |o| out.push(o.into()));
    }

    fn legal_dev_plays(&self, seat: Seat, out: &mut Vec<Command>) {
        if self.dev_played[seat as usize] {
            return;
        }
        let hand = &self.table.dev[seat as usize];
        if hand.playable(DevCard::Knight, self.round) {
            for h in self.table.map.land_hexes() {
                if h == self.table.robber {
                    continue;
                }
                let victims = self.victims(h, seat);
                if victims.is_empty() {
                    out.push(Command::PlayKnight {
                        hex: h,
                        steal: None,
                    });
                }
                for v in victims {
                    out.push(Command::PlayKnight {
                        hex: h,
                        steal: Some(v),
                    });
                }
            }
        }
        if hand.playable(DevCard::RoadBuilding, self.round) {
            for a in spots::road_spots(&self.table.map, &self.table.pieces, seat) {
                out.push(Command::PlayRoadBuilding(a, None));
                let mut probe = self.table.pieces.clone();
                probe.place_route(seat, a, RouteKind::Road);
                for b in spots::road_spots(&self.table.map, &probe, seat) {
                    out.push(Command::PlayRoadBuilding(a, Some(b)));
                }
            }
        }
        if hand.playable(DevCard::YearOfPlenty, self.round) {
            for (i, a) in Resource::ALL.iter().enumerate() {
                for b in &Resource::ALL[i..] {
                    let mut set = ResourceSet::one(*a, 1);
                    set[*b] += 1;
                    if self.table.bank.contains(&set) {
                        out.push(Command::PlayYearOfPlenty(set));
                    }
                }
            }
        }
        if hand.playable(DevCard::Monopoly, self.round) {
            out.extend(Resource::ALL.map(Command::PlayMonopoly));
        }
    }
}
