//! Applying commands and the arbiter's clock. Every handler checks everything first and only
//! then changes the state, so a refused command leaves it untouched. Commands are applied in
//! the order they reach the host: when two conflict, the second is refused with the reason.

use super::{
    ChaosGame, Command, DISCARD_LIMIT, Event, MAX_OPEN_OFFERS, Phase, RoundTally, StealAsk,
};
use crate::engine::{Millis, RuleError, Seat, refuse};
use crate::rules::awards;
use crate::rules::banks::{self, Banks};
use crate::rules::costs;
use crate::rules::devcards::{self, DevCard, DevEvent, DevTable};
use crate::rules::entry::{self, Act, Verdict};
use crate::rules::events::TableEvent;
use crate::rules::offers::{self, Market};
use crate::rules::pieces::RouteKind;
use crate::rules::production;
use crate::rules::resources::{Resource, ResourceSet};
use crate::rules::robber;
use crate::rules::spots;
use crate::rules::trade::Offer;
use crate::topology::{CornerId, EdgeId, HexId};

impl ChaosGame {
    /// `Ruleset::apply_into` of a Total Chaos game: commands come in the order they reach the
    /// host, from any seat at any time; a refusal leaves the state and the act's list as they
    /// were. The arms follow the command enum's order, the order of the phases that take them.
    pub(crate) fn apply_command_into(&mut self, cx: &mut Act<Event>, cmd: &Command) -> Verdict {
        let over = matches!(self.phase, Phase::Over { .. });
        entry::admit(cx.seat, self.cfg.seats, over)?;
        let from = cx.ev.len();
        let done = match *cmd {
            Command::Settle(c) => self.settle(cx, c),
            Command::Road(e) => self.road(cx, e),
            Command::Claim => self.claim(cx),
            Command::Discard(cards) => self.discard(cx, cards),
            Command::Robber(h) => self.move_robber(cx, h),
            Command::Steal { victim, card } => self.steal(cx, victim, card),
            Command::Agree => self.agree(cx),
            Command::Refuse => self.refuse_ask(cx),
            Command::City(c) => self.city(cx, c),
            Command::BuyDev => self.buy_dev(cx),
            Command::PlayKnight { hex, steal } => self.play_knight(cx, hex, steal),
            Command::PlayRoadBuilding(a, b) => self.play_roads(cx, a, b),
            Command::PlayYearOfPlenty(cards) => self.play_plenty(cx, cards),
            Command::PlayMonopoly(r) => self.play_monopoly(cx, r),
            Command::Trade(t) => offers::apply(self, cx, t),
            Command::Ready => self.vote_ready(cx),
            Command::Unready => self.unready(cx),
        };
        entry::all_or_nothing(cx.ev, from, done)?;
        self.check_win(cx.seat, cx.ev);
        Ok(())
    }

    /// The first to the target wins at once: the seat that just acted first, then by seat.
    fn check_win(&mut self, actor: Seat, ev: &mut Vec<Event>) {
        if matches!(self.phase, Phase::Over { .. } | Phase::Setup { .. }) {
            return;
        }
        let n = self.cfg.seats as Seat;
        let order = std::iter::once(actor).chain((0..n).filter(|s| *s != actor));
        for s in order {
            let vp = self.total_vp(s);
            if vp >= self.cfg.vp_target {
                self.phase = Phase::Over { winner: s };
                self.phase_deadline = None;
                self.table.offers.clear();
                ev.push(Event::Won {
                    seat: s,
                    vp,
                    vp_cards: self.table.dev[s as usize].vp_cards(),
                });
                return;
            }
        }
    }

    /// Refuses anything but setup's placements while the game is not under way: in its setup
    /// (which has begun, so the refusal says setup comes first) or once it is over.
    fn under_way(&self) -> Result<(), RuleError> {
        match &self.phase {
            Phase::Setup { .. } => refuse(
                "not during setup: every player places their starting settlements and roads first",
            ),
            Phase::Over { .. } => refuse("the game is over"),
            _ => Ok(()),
        }
    }

    /// Refuses a command that belongs to the building phase, saying what is on instead.
    pub(crate) fn need_build(&self, what: &str) -> Result<(), RuleError> {
        self.under_way()?;
        match &self.phase {
            Phase::Build => Ok(()),
            p => refuse(format!(
                "you can {what} only in the building and trading phase (now: the {})",
                super::event::phase_words(p.name())
            )),
        }
    }

    // ---- setup ---------------------------------------------------------------------------

    fn setup_turn(&self, seat: Seat) -> Result<(u8, Option<CornerId>), RuleError> {
        let Phase::Setup { step, settlement } = self.phase else {
            unreachable!("called in setup only")
        };
        let who = self.setup_seat(step);
        if seat != who {
            return refuse(format!(
                "seat {} is placing now (the order was drawn at random)",
                who + 1
            ));
        }
        Ok((step, settlement))
    }

    /// Explains a refused spot, naming who got there first when someone did.
    fn spot_refusal(&self, seat: Seat, r: crate::rules::pieces::Refusal) -> RuleError {
        use crate::rules::pieces::{Refusal, Spot};
        match r {
            Refusal::Occupied(Spot::Corner(c)) => match self.table.pieces.building(c) {
                Some(b) if b.owner != seat => RuleError::new(format!(
                    "too late: seat {} has already built at {}",
                    b.owner + 1,
                    self.table.map.corner_name(c)
                )),
                _ => r.explain(&self.table.map),
            },
            Refusal::Occupied(Spot::Edge(e)) => match self.table.pieces.route(e) {
                Some(x) if x.owner != seat => RuleError::new(format!(
                    "too late: seat {} has already built a road at {}",
                    x.owner + 1,
                    self.table.map.edge_name(e)
                )),
                _ => r.explain(&self.table.map),
            },
            _ => r.explain(&self.table.map),
        }
    }

    fn settle(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        if let Phase::Setup { .. } = self.phase {
            let (step, settlement) = self.setup_turn(cx.seat)?;
            if settlement.is_some() {
                return refuse("place the road next to your new settlement first");
            }
            self.table
                .pieces
                .check_settlement_spot(&self.table.map, c)
                .map_err(|r| self.spot_refusal(cx.seat, r))?;
            self.place_setup_settlement(cx.seat, step, c, cx.ev);
            return Ok(());
        }
        self.need_build("build")?;
        self.table
            .pieces
            .check_settlement(&self.table.map, cx.seat, c)
            .map_err(|r| self.spot_refusal(cx.seat, r))?;
        self.charge(cx.seat, &costs::SETTLEMENT, "a settlement")?;
        self.table.pieces.place_settlement(cx.seat, c);
        self.tally[cx.seat as usize].settlements += 1;
        cx.ev.push(Event::Table(TableEvent::Settled {
            seat: cx.seat,
            at: c,
        }));
        // A settlement can cut an opponent's road.
        self.update_longest_road(cx.ev);
        Ok(())
    }

    fn place_setup_settlement(&mut self, seat: Seat, step: u8, c: CornerId, ev: &mut Vec<Event>) {
        self.table.settle_setup(seat, c, step, ev);
        self.phase = Phase::Setup {
            step,
            settlement: Some(c),
        };
    }

    fn road(&mut self, cx: &mut Act<Event>, e: EdgeId) -> Verdict {
        if let Phase::Setup { .. } = self.phase {
            let (step, settlement) = self.setup_turn(cx.seat)?;
            let Some(c) = settlement else {
                return refuse("place a settlement first, then a road next to it");
            };
            self.table
                .pieces
                .check_route(&self.table.map, cx.seat, e, RouteKind::Road, Some(c))
                .map_err(|r| self.spot_refusal(cx.seat, r))?;
            self.place_setup_road(cx.seat, e, cx.ev);
            self.advance_setup(step, cx.now, cx.ev);
            return Ok(());
        }
        self.need_build("build")?;
        self.table
            .pieces
            .check_route(&self.table.map, cx.seat, e, RouteKind::Road, None)
            .map_err(|r| self.spot_refusal(cx.seat, r))?;
        self.charge(cx.seat, &costs::ROAD, "a road")?;
        self.table.pieces.place_route(cx.seat, e, RouteKind::Road);
        self.tally[cx.seat as usize].roads += 1;
        cx.ev.push(Event::Table(TableEvent::Roaded {
            seat: cx.seat,
            at: e,
            free: false,
        }));
        self.update_longest_road(cx.ev);
        Ok(())
    }

    /// Places a starting road (checked already).
    fn place_setup_road(&mut self, seat: Seat, e: EdgeId, ev: &mut Vec<Event>) {
        self.table.pieces.place_route(seat, e, RouteKind::Road);
        ev.push(Event::Table(TableEvent::Roaded {
            seat,
            at: e,
            free: true,
        }));
        self.update_longest_road(ev);
    }

    fn advance_setup(&mut self, step: u8, now: Millis, ev: &mut Vec<Event>) {
        if step + 1 < 2 * self.cfg.seats as u8 {
            self.phase = Phase::Setup {
                step: step + 1,
                settlement: None,
            };
            self.phase_deadline = self.cfg.placement_ms.map(|t| now + t);
        } else {
            self.start_round(now, ev);
        }
    }

    // ---- the phases ----------------------------------------------------------------------

    /// Enters a timed phase: votes cleared, the clock set.
    fn enter(&mut self, phase: Phase, now: Millis, ev: &mut Vec<Event>) {
        self.phase = phase;
        self.ready = vec![false; self.cfg.seats];
        self.phase_deadline = self.phase_length().map(|t| now + t);
        ev.push(Event::PhaseStarted {
            phase: self.phase.name(),
            round: self.round,
            ends_at: self.phase_deadline,
        });
    }

    /// A new round: one pair of dice per seat, production owed, the robber's controller.
    fn start_round(&mut self, now: Millis, ev: &mut Vec<Event>) {
        self.round += 1;
        self.tally = vec![RoundTally::default(); self.cfg.seats];
        self.dev_played = vec![false; self.cfg.seats];
        self.dice = (0..self.cfg.seats).map(|_| self.rng.dice()).collect();
        let mut owed = vec![ResourceSet::EMPTY; self.cfg.seats];
        let mut sevens = 0u8;
        let mut blocked = None;
        for &(a, b) in &self.dice {
            let sum = a + b;
            self.dice_stats[sum as usize] += 1;
            if sum == 7 {
                sevens += 1;
                continue;
            }
            if self.table.map.tile(self.table.robber).number() == Some(sum) {
                blocked = Some(self.table.robber);
            }
            let o = production::owed(
                &self.table.map,
                &self.table.pieces,
                sum,
                &[self.table.robber],
                |_, _| true,
            );
            for (total, x) in owed.iter_mut().zip(o.iter()) {
                total.add(x);
            }
        }
        self.robber_holder = (sevens > 0).then(|| self.rng.below(self.cfg.seats) as Seat);
        self.enter(Phase::Resource { owed: owed.clone() }, now, ev);
        ev.push(Event::Rolled {
            dice: self.dice.clone(),
        });
        ev.push(Event::Owed { owed, blocked });
        if let Some(h) = self.robber_holder {
            ev.push(Event::RobberHolder {
                seat: h,
                steals: sevens,
            });
        }
    }

    /// Sevens rolled this round.
    pub fn sevens(&self) -> u8 {
        self.dice.iter().filter(|(a, b)| a + b == 7).count() as u8
    }

    /// Ends the phase now running (its clock ran out, or everyone is ready) and starts the
    /// next.
    fn end_phase(&mut self, now: Millis, ev: &mut Vec<Event>) {
        match self.phase.clone() {
            Phase::Setup { .. } | Phase::Over { .. } => {}
            Phase::Resource { owed } => {
                self.serve_unclaimed(owed, ev);
                if self.robber_holder.is_some() {
                    let owed: Vec<(Seat, u32)> = (0..self.cfg.seats as Seat)
                        .filter_map(|s| {
                            let n = self.table.hands[s as usize].total();
                            (n > DISCARD_LIMIT).then_some((s, n / 2))
                        })
                        .collect();
                    self.enter(Phase::Discard { owed: owed.clone() }, now, ev);
                    ev.push(Event::MustDiscard { owed });
                } else {
                    self.enter(Phase::Build, now, ev);
                }
            }
            Phase::Discard { owed } => {
                for (s, n) in owed {
                    let cards =
                        spots::random_cards(&mut self.rng, &self.table.hands[s as usize], n);
                    self.take_discard(s, cards, ev);
                    ev.push(Event::TimedOut {
                        seat: s,
                        what: format!("the host discarded {cards} at random"),
                    });
                }
                let steals = self.sevens();
                self.enter(
                    Phase::Robber {
                        moved: false,
                        steals_left: steals,
                        ask: None,
                    },
                    now,
                    ev,
                );
            }
            Phase::Robber {
                moved, steals_left, ..
            } => {
                if let Some(holder) = self.robber_holder {
                    if !moved {
                        let targets = self.robber_targets();
                        let hex = targets[self.rng.below(targets.len())];
                        self.table.robber = hex;
                        ev.push(Event::TimedOut {
                            seat: holder,
                            what: "the host moved the robber at random".into(),
                        });
                        ev.push(Event::Table(TableEvent::RobberMoved { seat: holder, hex }));
                    }
                    if steals_left > 0 {
                        ev.push(Event::StealsLost {
                            seat: holder,
                            n: steals_left,
                        });
                    }
                }
                self.enter(Phase::Build, now, ev);
            }
            Phase::Build => {
                offers::close_all(self, ev);
                self.enter(Phase::Cooldown, now, ev);
                ev.push(Event::Summary {
                    round: self.round,
                    tally: self.tally.clone(),
                });
            }
            Phase::Cooldown => self.start_round(now, ev),
        }
    }

    /// Production nobody claimed, served in random order while the bank lasts.
    fn serve_unclaimed(&mut self, owed: Vec<ResourceSet>, ev: &mut Vec<Event>) {
        let mut order: Vec<Seat> = (0..self.cfg.seats as Seat).collect();
        self.rng.shuffle(&mut order);
        for s in order {
            let o = owed[s as usize];
            if o.is_empty() {
                continue;
            }
            let mut got = ResourceSet::EMPTY;
            for r in Resource::ALL {
                got[r] = o[r].min(self.table.bank[r]);
            }
            let mut lost = o;
            lost.sub(&got);
            self.table.bank.sub(&got);
            self.table.hands[s as usize].add(&got);
            self.tally[s as usize].produced.add(&got);
            ev.push(Event::Served { seat: s, got, lost });
        }
    }

    fn vote_ready(&mut self, cx: &mut Act<Event>) -> Verdict {
        match &self.phase {
            Phase::Setup { .. } => {
                return refuse("initial placement has no ready vote: place your pieces");
            }
            Phase::Discard { owed } => {
                if let Some((_, n)) = owed.iter().find(|(s, _)| *s == cx.seat) {
                    return refuse(format!("discard your {n} cards first, then vote ready"));
                }
            }
            _ => {}
        }
        if self.ready[cx.seat as usize] {
            return refuse("you have already voted ready (`unready` takes it back)");
        }
        self.ready[cx.seat as usize] = true;
        cx.ev.push(Event::Ready { seat: cx.seat });
        if self.ready.iter().all(|r| *r) {
            cx.ev.push(Event::AllReady {
                phase: self.phase.name(),
            });
            self.end_phase(cx.now, cx.ev);
        }
        Ok(())
    }

    fn unready(&mut self, cx: &mut Act<Event>) -> Verdict {
        if let Phase::Setup { .. } = self.phase {
            return refuse("initial placement has no ready vote");
        }
        if !self.ready[cx.seat as usize] {
            return refuse("you have not voted ready");
        }
        self.ready[cx.seat as usize] = false;
        cx.ev.push(Event::Unready { seat: cx.seat });
        Ok(())
    }

    // ---- resource phase ------------------------------------------------------------------

    fn claim(&mut self, cx: &mut Act<Event>) -> Verdict {
        let Phase::Resource { owed } = &mut self.phase else {
            return refuse("claims are made in the resource phase, right after the dice");
        };
        let o = owed[cx.seat as usize];
        if o.is_empty() {
            return refuse("the dice owe you nothing (more) this round");
        }
        let mut got = ResourceSet::EMPTY;
        for r in Resource::ALL {
            got[r] = o[r].min(self.table.bank[r]);
        }
        if got.is_empty() {
            return refuse(format!(
                "too late: the bank has none of the {o} you are owed left"
            ));
        }
        let mut short = o;
        short.sub(&got);
        owed[cx.seat as usize] = short;
        self.table.bank.sub(&got);
        self.table.hands[cx.seat as usize].add(&got);
        self.tally[cx.seat as usize].produced.add(&got);
        cx.ev.push(Event::Claimed {
            seat: cx.seat,
            got,
            short,
        });
        Ok(())
    }

    // ---- robber phases -------------------------------------------------------------------

    fn take_discard(&mut self, seat: Seat, cards: ResourceSet, ev: &mut Vec<Event>) {
        self.table.hands[seat as usize].sub(&cards);
        self.table.bank.add(&cards);
        self.tally[seat as usize].lost += cards.total();
        if let Phase::Discard { owed } = &mut self.phase {
            owed.retain(|(s, _)| *s != seat);
        }
        ev.push(Event::Table(TableEvent::Discarded { seat, cards }));
    }

    fn discard(&mut self, cx: &mut Act<Event>, cards: ResourceSet) -> Verdict {
        let Phase::Discard { owed } = &self.phase else {
            return refuse(
                "there is nothing to discard now (discards follow a 7, in robber part 1)",
            );
        };
        let Some((_, n)) = owed.iter().find(|(s, _)| *s == cx.seat) else {
            return refuse("you do not need to discard (only hands of 8 or more cards do, once)");
        };
        robber::check_discard(&self.table.hands[cx.seat as usize], &cards, *n)?;
        self.take_discard(cx.seat, cards, cx.ev);
        Ok(())
    }

    /// Hexes the robber may go to: any other land hex.
    pub(crate) fn robber_targets(&self) -> Vec<HexId> {
        let v: Vec<HexId> = self
            .table
            .map
            .land_hexes()
            .filter(|h| *h != self.table.robber)
            .collect();
        if v.is_empty() {
            vec![self.table.robber]
        } else {
            v
        }
    }

    /// Seats `thief` may rob at a hex: others with a building there and a card in hand.
    pub(crate) fn victims(&self, h: HexId, thief: Seat) -> Vec<Seat> {
        self.table
            .pieces
            .seats_at_hex(&self.table.map, h)
            .into_iter()
            .filter(|s| *s != thief && self.table.hands[*s as usize].total() > 0)
            .collect()
    }

    fn check_victim(&self, thief: Seat, h: HexId, v: Seat) -> Result<(), RuleError> {
        if self.victims(h, thief).contains(&v) {
            return Ok(());
        }
        Err(robber::victim_refusal(
            &self.table.map,
            &self.table.pieces,
            thief,
            h,
            v,
        ))
    }

    fn check_robber_hex(&self, hex: HexId) -> Result<(), RuleError> {
        robber::check_land(&self.table.map, hex)?;
        if hex == self.table.robber {
            return Err(robber::must_move(&self.table.map, hex));
        }
        Ok(())
    }

    fn robber_phase(&self, seat: Seat) -> Result<(bool, u8, Option<StealAsk>), RuleError> {
        let Phase::Robber {
            moved,
            steals_left,
            ask,
        } = self.phase
        else {
            return refuse(
                "the robber's controller moves it in robber part 2, after a 7 (a Knight moves it in the building phase)",
            );
        };
        match self.robber_holder {
            Some(h) if h == seat => Ok((moved, steals_left, ask)),
            Some(h) => refuse(format!("seat {} controls the robber this round", h + 1)),
            None => refuse("nobody controls the robber this round"),
        }
    }

    fn move_robber(&mut self, cx: &mut Act<Event>, hex: HexId) -> Verdict {
        let (moved, steals_left, ask) = self.robber_phase(cx.seat)?;
        if moved {
            return refuse("you have moved the robber already; now `steal SEAT`");
        }
        self.check_robber_hex(hex)?;
        self.table.robber = hex;
        self.phase = Phase::Robber {
            moved: true,
            steals_left,
            ask,
        };
        cx.ev
            .push(Event::Table(TableEvent::RobberMoved { seat: cx.seat, hex }));
        Ok(())
    }

    fn steal(&mut self, cx: &mut Act<Event>, victim: Seat, card: Option<Resource>) -> Verdict {
        let (moved, steals_left, _) = self.robber_phase(cx.seat)?;
        if !moved {
            return refuse("move the robber first (`robber H`), then steal");
        }
        if steals_left == 0 {
            return refuse("you have made all your steals (one per 7 rolled)");
        }
        self.check_victim(cx.seat, self.table.robber, victim)?;
        match card {
            Some(card) => {
                self.phase = Phase::Robber {
                    moved,
                    steals_left,
                    ask: Some(StealAsk { victim, card }),
                };
                cx.ev.push(Event::StealAsked {
                    thief: cx.seat,
                    victim,
                    card,
                });
            }
            None => {
                let hand = self.table.hands[victim as usize];
                let card = spots::random_cards(&mut self.rng, &hand, 1)
                    .iter()
                    .next()
                    .map(|(r, _)| r)
                    .expect("a victim has cards");
                self.transfer_steal(cx.seat, victim, card, false, cx.ev);
                self.phase = Phase::Robber {
                    moved,
                    steals_left: steals_left - 1,
                    ask: None,
                };
            }
        }
        Ok(())
    }

    fn transfer_steal(
        &mut self,
        thief: Seat,
        victim: Seat,
        card: Resource,
        asked: bool,
        ev: &mut Vec<Event>,
    ) {
        self.table.hands[victim as usize][card] -= 1;
        self.table.hands[thief as usize][card] += 1;
        self.tally[thief as usize].stole += 1;
        self.tally[victim as usize].lost += 1;
        ev.push(Event::Table(TableEvent::Stole {
            thief,
            victim,
            card,
            asked,
        }));
    }

    fn pending_ask(&self, seat: Seat) -> Result<(Seat, StealAsk, u8), RuleError> {
        if let Phase::Robber {
            steals_left,
            ask: Some(a),
            ..
        } = self.phase
            && a.victim == seat
            && let Some(thief) = self.robber_holder
        {
            return Ok((thief, a, steals_left));
        }
        refuse("nobody is asking you for a card")
    }

    fn agree(&mut self, cx: &mut Act<Event>) -> Verdict {
        let (thief, a, steals_left) = self.pending_ask(cx.seat)?;
        if self.table.hands[cx.seat as usize][a.card] == 0 {
            return refuse(format!("you have no {} to give (`refuse` instead)", a.card));
        }
        self.transfer_steal(thief, cx.seat, a.card, true, cx.ev);
        self.phase = Phase::Robber {
            moved: true,
            steals_left: steals_left - 1,
            ask: None,
        };
        Ok(())
    }

    fn refuse_ask(&mut self, cx: &mut Act<Event>) -> Verdict {
        let (thief, _, steals_left) = self.pending_ask(cx.seat)?;
        self.phase = Phase::Robber {
            moved: true,
            steals_left,
            ask: None,
        };
        cx.ev.push(Event::StealRefused {
            thief,
            victim: cx.seat,
        });
        Ok(())
    }

    // ---- building ------------------------------------------------------------------------

    fn city(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        self.need_build("build")?;
        let purse = (
            &mut self.table.hands[cx.seat as usize],
            &mut self.table.bank,
        );
        costs::build_city(&self.table.map, &mut self.table.pieces, purse, cx.seat, c)?;
        self.tally[cx.seat as usize].cities += 1;
        cx.ev.push(Event::Table(TableEvent::Citied {
            seat: cx.seat,
            at: c,
        }));
        Ok(())
    }

    fn play_knight(&mut self, cx: &mut Act<Event>, hex: HexId, steal: Option<Seat>) -> Verdict {
        self.check_card(cx.seat, DevCard::Knight)?;
        self.check_robber_hex(hex)?;
        let victims = self.victims(hex, cx.seat);
        match steal {
            None if !victims.is_empty() => {
                return Err(robber::choose_victim(
                    &self.table.map,
                    hex,
                    &victims,
                    "play knight",
                ));
            }
            Some(v) => self.check_victim(cx.seat, hex, v)?,
            None => {}
        }
        self.spend_card(cx.seat, DevCard::Knight);
        cx.ev.push(DevEvent::PlayedKnight { seat: cx.seat }.into());
        self.table.robber = hex;
        cx.ev
            .push(Event::Table(TableEvent::RobberMoved { seat: cx.seat, hex }));
        if let Some(v) = steal {
            let hand = self.table.hands[v as usize];
            let card = spots::random_cards(&mut self.rng, &hand, 1)
                .iter()
                .next()
                .map(|(r, _)| r)
                .expect("a victim has cards");
            self.transfer_steal(cx.seat, v, card, false, cx.ev);
        }
        self.award_largest_army(cx.seat, cx.ev);
        Ok(())
    }

    fn play_roads(&mut self, cx: &mut Act<Event>, a: EdgeId, b: Option<EdgeId>) -> Verdict {
        self.check_card(cx.seat, DevCard::RoadBuilding)?;
        self.table
            .pieces
            .check_route(&self.table.map, cx.seat, a, RouteKind::Road, None)
            .map_err(|r| self.spot_refusal(cx.seat, r))?;
        if let Some(b) = b {
            let mut probe = self.table.pieces.clone();
            probe.place_route(cx.seat, a, RouteKind::Road);
            probe
                .check_route(&self.table.map, cx.seat, b, RouteKind::Road, None)
                .map_err(|r| self.spot_refusal(cx.seat, r))?;
        }
        self.spend_card(cx.seat, DevCard::RoadBuilding);
        cx.ev
            .push(DevEvent::PlayedRoadBuilding { seat: cx.seat }.into());
        for e in std::iter::once(a).chain(b) {
            self.table.pieces.place_route(cx.seat, e, RouteKind::Road);
            self.tally[cx.seat as usize].roads += 1;
            cx.ev.push(Event::Table(TableEvent::Roaded {
                seat: cx.seat,
                at: e,
                free: true,
            }));
        }
        self.update_longest_road(cx.ev);
        Ok(())
    }

    // ---- trade ---------------------------------------------------------------------------

    /// Seats that may accept an offer: the one it names, or everyone else.
    pub(crate) fn addressees(&self, o: &Offer) -> Vec<Seat> {
        offers::addressees(self, o)
    }

    pub(crate) fn update_longest_road(&mut self, ev: &mut Vec<Event>) {
        let lengths: Vec<u32> = (0..self.cfg.seats as Seat)
            .map(|s| self.table.pieces.longest_route(&self.table.map, s))
            .collect();
        awards::award_longest_road(&mut self.table.longest, &lengths, ev);
        self.table.road_len = lengths;
    }

    // ---- who acts, and the clock ---------------------------------------------------------

    /// Seats the game waits for or invites: the placing seat in setup; later everyone who
    /// has not voted ready, and anyone with a question to answer (a steal ask, an offer).
    /// They are appended to `v`, which the caller has cleared.
    pub(crate) fn prompted_into(&self, v: &mut Vec<Seat>) {
        match &self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { step, .. } => v.push(self.setup_seat(*step)),
            phase => {
                v.extend((0..self.cfg.seats as Seat).filter(|s| !self.ready[*s as usize]));
                if let Phase::Robber { ask: Some(a), .. } = phase {
                    v.push(a.victim);
                }
                for o in &self.table.offers {
                    for s in self.addressees(o) {
                        if !o.declined.contains(&s) {
                            v.push(s);
                        }
                    }
                }
                v.sort_unstable();
                v.dedup();
            }
        }
    }

    /// Whether the game waits for `s`: one of [`ChaosGame::prompted_into`] but the seats an
    /// offer only invites (an offer holds no phase up): the placing seat in setup; then a
    /// seat not yet ready, and a seat asked for a card. Ready is ready for the robber's
    /// holder too: a robber it leaves unmoved is the host's to move when the phase ends.
    pub(crate) fn is_waited_for(&self, s: Seat) -> bool {
        match &self.phase {
            Phase::Over { .. } => false,
            Phase::Setup { step, .. } => self.setup_seat(*step) == s,
            Phase::Robber { ask, .. } => {
                !self.ready[s as usize] || ask.as_ref().is_some_and(|a| a.victim == s)
            }
            _ => !self.ready[s as usize],
        }
    }

    /// Acts on expired deadlines: the host places for a seat out of time in setup, and ends
    /// timed phases.
    pub(crate) fn run_clock(&mut self, now: Millis) -> Vec<Event> {
        crate::ruleset::run_deadlines(self, now, |g, ev| {
            if let Phase::Setup { step, settlement } = g.phase {
                g.force_placement(step, settlement, now, ev);
            } else {
                g.end_phase(now, ev);
            }
        })
    }

    /// Places for a seat whose placement time ran out: the best free spot, then a road.
    fn force_placement(
        &mut self,
        step: u8,
        settlement: Option<CornerId>,
        now: Millis,
        ev: &mut Vec<Event>,
    ) {
        let seat = self.setup_seat(step);
        let c = match settlement {
            Some(c) => c,
            None => {
                let Some(c) = spots::best_free_spot(&self.table.map, &self.table.pieces) else {
                    // Nowhere left to settle: the placement is skipped.
                    self.advance_setup(step, now, ev);
                    return;
                };
                ev.push(Event::TimedOut {
                    seat,
                    what: format!(
                        "the host placed a settlement at {}",
                        self.table.map.corner_name(c)
                    ),
                });
                self.place_setup_settlement(seat, step, c, ev);
                c
            }
        };
        if let Some(e) = spots::setup_road(&self.table.map, &self.table.pieces, seat, c) {
            ev.push(Event::TimedOut {
                seat,
                what: format!("the host placed a road at {}", self.table.map.edge_name(e)),
            });
            self.place_setup_road(seat, e, ev);
        }
        self.advance_setup(step, now, ev);
    }
}

/// Total Chaos trading: anyone with anyone, in the building and trading phase.
impl Market for ChaosGame {
    fn may_trade(&self, _seat: Seat) -> Result<(), RuleError> {
        self.need_build("trade")
    }
    fn address(&self, seat: Seat, to: Option<Seat>) -> Result<Option<Seat>, RuleError> {
        match to {
            Some(t) if t == seat => refuse("you cannot trade with yourself"),
            Some(t) if t as usize >= self.cfg.seats => {
                refuse(format!("seat {} is not in the game", t + 1))
            }
            _ => Ok(to),
        }
    }
    fn may_bank_trade(&self, _seat: Seat) -> Result<(), RuleError> {
        self.need_build("trade")
    }
    fn open_cap(&self, _seat: Seat) -> usize {
        MAX_OPEN_OFFERS
    }
    fn made_to(&self, o: &Offer) -> u32 {
        match o.to {
            Some(t) => 1 << t,
            None => ((1u32 << self.cfg.seats) - 1) & !(1 << o.from),
        }
    }
    offers::book_in_fields!();
}

banks::one_bank!(ChaosGame);

/// Total Chaos development cards: bought and played in the building phase by anyone, one card
/// a seat per building phase, a card bought in one round playable from the next.
impl DevTable for ChaosGame {
    type Event = Event;
    fn may_buy(&self, _seat: Seat) -> Result<(), RuleError> {
        self.need_build("buy a development card")
    }
    fn in_play(&self, _seat: Seat) -> Result<(), RuleError> {
        self.under_way()
    }
    fn may_play(&self, _seat: Seat) -> Result<(), RuleError> {
        self.need_build("play development cards")
    }
    fn card_turn(&self) -> u32 {
        self.round
    }
    fn has_played(&self, seat: Seat) -> bool {
        self.dev_played[seat as usize]
    }
    fn note_played(&mut self, seat: Seat) {
        self.dev_played[seat as usize] = true;
    }
    const PLAYED_ALREADY: &'static str =
        "you have already played a development card in this building phase";
    const WAIT: &'static str = "this round can be played from the next building phase";
    devcards::cards_in_fields!();
    fn bought(&mut self, seat: Seat, _ev: &mut Vec<Event>) {
        self.tally[seat as usize].dev_cards += 1;
    }
}
