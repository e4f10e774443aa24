//! The legal-command generator. It agrees with `apply`: every listed command is accepted;
//! every accepted command is listed except free-form trade offers and discards (only
//! one-for-one offers are listed; discards are listed in full). The property test checks it.

use super::{BigGame, Command, KnightUse, Phase, SetupStep};
use crate::engine::Seat;
use crate::rules::costs;
use crate::rules::devcards::DevCard;
use crate::rules::offers::TradeCommand;
use crate::rules::pieces::RouteKind;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::trade::Offer;
use crate::rules::{commands, offers, spots, trade};

impl BigGame {
    /// Appends every command `seat` may send now.
    pub fn legal_into(&self, seat: Seat, out: &mut Vec<Command>) {
        self.legal_parts(seat, out, true);
    }

    /// [`BigGame::legal_into`], with the one-for-one offers left off the end unless
    /// `with_offers`; `true` if the full list ends with them (a hall's client writes them from
    /// its hand).
    pub fn legal_parts(&self, seat: Seat, out: &mut Vec<Command>, with_offers: bool) -> bool {
        if seat as usize >= self.cfg.seats() {
            return false;
        }
        match &self.phase {
            Phase::Over { .. } => false,
            Phase::Setup => {
                let step = self.setup[seat as usize];
                for c in self.table.pieces.buildings_of(seat) {
                    let settlement = self.table.pieces.is_settlement(*c);
                    match step {
                        SetupStep::Collect if settlement => out.push(Command::Collect(*c)),
                        SetupStep::City if settlement => out.push(Command::City(*c)),
                        _ => {}
                    }
                }
                false
            }
            Phase::Round { .. } => {
                let owed = self.turn[seat as usize].must_discard;
                if owed > 0 {
                    discard_choices(&self.table.hands[seat as usize], owed, out);
                    return false;
                }
                if self.need_active(seat, "").is_ok() {
                    self.legal_active(seat, out);
                }
                self.legal_trades(seat, out, with_offers)
            }
        }
    }

    fn legal_active(&self, seat: Seat, out: &mut Vec<Command>) {
        let hand = self.table.hands[seat as usize];
        let t = &self.turn[seat as usize];
        let free = t.free_routes > 0;
        out.push(Command::End);
        if free || hand.contains(&costs::ROAD) {
            out.extend(
                self.route_spots(seat, RouteKind::Road)
                    .into_iter()
                    .map(Command::Road),
            );
        }
        if free || hand.contains(&costs::SHIP) {
            out.extend(
                self.route_spots(seat, RouteKind::Ship)
                    .into_iter()
                    .map(Command::Ship),
            );
        }
        if hand.contains(&costs::SETTLEMENT) && self.table.pieces.stock(seat).settlements > 0 {
            let start = out.len();
            for e in self.table.pieces.routes_of(seat) {
                for c in self.table.map.topology.edge_corners(*e) {
                    let cmd = Command::Settle(c);
                    if !out[start..].contains(&cmd)
                        && self.corner_in_reach(seat, c)
                        && self
                            .table
                            .pieces
                            .check_settlement(&self.table.map, seat, c)
                            .is_ok()
                    {
                        out.push(cmd);
                    }
                }
            }
        }
        if hand.contains(&costs::CITY) && self.table.pieces.stock(seat).cities > 0 {
            out.extend(self.table.pieces.settlements_of(seat).map(Command::City));
        }
        if !t.moved_ship {
            for e in self.table.pieces.routes_of(seat) {
                if self.check_ship_from(seat, *e).is_ok() {
                    for to in self.ship_targets(seat, *e) {
                        out.push(Command::MoveShip { from: *e, to });
                    }
                }
            }
        }
        let b = seat as usize / 2;
        if !self.table.deck[b].is_empty() && hand.contains(&costs::DEV_CARD) {
            out.push(Command::BuyDev);
        }
        self.legal_dev_plays(seat, out);
        let rates = trade::maritime_rates(&self.table.map, &self.table.pieces, seat);
        trade::each_bank_trade(&hand, &self.table.bank[b], &rates, |give, get| {
            out.push(Command::Trade(TradeCommand::Bank { give, get }));
            true
        });
    }

    fn legal_dev_plays(&self, seat: Seat, out: &mut Vec<Command>) {
        if self.turn[seat as usize].dev_played {
            return;
        }
        let hand = &self.table.dev[seat as usize];
        let b = seat as usize / 2;
        if hand.playable(DevCard::Knight, self.round) {
            let targets = self.knight_targets(seat);
            if targets.is_empty() {
                for r in Resource::ALL {
                    if self.table.bank[b][r] > 0 {
                        out.push(Command::PlayKnight(KnightUse::Take(r)));
                    }
                }
            } else {
                out.extend(
                    targets
                        .into_iter()
                        .map(|h| Command::PlayKnight(KnightUse::Robber(h))),
                );
            }
        }
        if hand.playable(DevCard::RoadBuilding, self.round) && self.can_place_route(seat) {
            out.push(Command::PlayRoadBuilding);
        }
        if hand.playable(DevCard::YearOfPlenty, self.round) {
            for (i, a) in Resource::ALL.iter().enumerate() {
                for c in &Resource::ALL[i..] {
                    let mut set = ResourceSet::one(*a, 1);
                    set[*c] += 1;
                    if self.table.bank[b].contains(&set) {
                        out.push(Command::PlayYearOfPlenty(set));
                    }
                }
            }
        }
    }

    /// Answers, then the seat's own offers (only if `with_offers`); `true` if the full legal
    /// list names its offers.
    fn legal_trades(&self, seat: Seat, out: &mut Vec<Command>, with_offers: bool) -> bool {
        let trading = self.partners(seat);
        let ended = self.is_active(seat) && self.turn[seat as usize].ended;
        // Accepting needs this seat still trading, and the proposer too.
        let from_ok = |o: &Offer| {
            let from = &self.turn[o.from as usize];
            !(ended || (self.is_active(o.from) && from.ended)) && from.must_discard == 0
        };
        offers::each_answer(self, seat, from_ok, |a| out.push(a.into()));
        if ended || trading.is_empty() || !commands::lists_offers(self, seat) {
            return false;
        }
        if with_offers {
            commands::each_listed_offer(self, seat, |o| out.push(o.into()));
        }
        true
    }
}

/// Every way to return `n` cards from a hand.
fn discard_choices(hand: &ResourceSet, n: u32, out: &mut Vec<Command>) {
    spots::each_choice(hand, n, &mut |set| {
        out.push(Command::Discard(set));
        true
    });
}
