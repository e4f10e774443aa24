//! Applying commands and the clock. Every handler checks everything first and only then
//! changes the state, so a refused command leaves it untouched.

use super::command::{Kind, Kinds};
use super::{BaseGame, Command, DISCARD_LIMIT, Event, MAX_OPEN_OFFERS, Phase, Resume, Shortages};
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
use crate::rules::resources::ResourceSet;
use crate::rules::robber;
use crate::rules::spots;
use crate::rules::trade::Offer;
use crate::topology::{CornerId, EdgeId, HexId};

impl BaseGame {
    pub(crate) fn apply_command(
        &mut self,
        seat: Seat,
        cmd: &Command,
        now: Millis,
    ) -> Result<Vec<Event>, RuleError> {
        let mut ev = Vec::new();
        let mut cx = Act {
            seat,
            now,
            ev: &mut ev,
        };
        self.apply_command_into(&mut cx, cmd)?;
        Ok(ev)
    }

    /// [`BaseGame::apply_command`] appending the events to the act's list; on a refusal
    /// neither the state nor the list changes.
    pub(crate) fn apply_command_into(&mut self, cx: &mut Act<Event>, cmd: &Command) -> Verdict {
        let seat = cx.seat;
        entry::admit_playing(seat, matches!(self.phase, Phase::Over { .. }), &self.out)?;
        if let Phase::SpecialBuild { builder } = self.phase {
            self.special_build_allows(seat, builder, cmd)?;
        }
        let from = cx.ev.len();
        let done = match *cmd {
            Command::Settle(c) => self.settle(cx, c),
            Command::Road(e) => self.road(cx, e),
            Command::City(c) => self.city(cx, c),
            Command::BuyDev => self.buy_dev(cx),
            Command::Roll => self.roll(cx),
            Command::End => self.end_turn(cx),
            Command::Discard(cards) => self.discard(cx, cards),
            Command::Robber { hex, steal } => self.move_robber(cx, hex, steal),
            Command::PlayKnight => self.play_knight(cx),
            Command::PlayRoadBuilding => self.play_road_building(cx),
            Command::PlayYearOfPlenty(cards) => self.play_plenty(cx, cards),
            Command::PlayMonopoly(r) => self.play_monopoly(cx, r),
            Command::Trade(t) => offers::apply(self, cx, t),
        };
        entry::all_or_nothing(cx.ev, from, done)?;
        // Only these can raise the current player's points (a turn's start, and so `End`,
        // checks by itself).
        if matches!(
            cmd,
            Command::Settle(_)
                | Command::Road(_)
                | Command::City(_)
                | Command::BuyDev
                | Command::PlayKnight
        ) {
            self.check_win(cx.ev);
        }
        Ok(())
    }

    /// What the special build phase allows: the builder builds, buys development cards or
    /// passes (`end`); nobody trades, plays a card, rolls or moves the robber.
    fn special_build_allows(
        &self,
        seat: Seat,
        builder: Seat,
        cmd: &Command,
    ) -> Result<(), RuleError> {
        match cmd {
            Command::Settle(_)
            | Command::Road(_)
            | Command::City(_)
            | Command::BuyDev
            | Command::End => {
                if seat == builder {
                    Ok(())
                } else {
                    refuse(format!(
                        "it is seat {}'s special build now; each seat gets one in turn order after every turn",
                        builder + 1
                    ))
                }
            }
            Command::Roll => refuse(format!(
                "no dice in the special build phase: seat {} rolls once the special builds are over",
                self.next_seat(self.current) + 1
            )),
            Command::Trade(_) => refuse(
                "no trading in the special build phase: only building and buying development cards",
            ),
            Command::PlayKnight
            | Command::PlayRoadBuilding
            | Command::PlayYearOfPlenty(_)
            | Command::PlayMonopoly(_) => refuse(
                "development cards cannot be played in the special build phase (buy them now, play them in your turn)",
            ),
            Command::Discard(_) => refuse("there is nothing to discard now (discards follow a 7)"),
            Command::Robber { .. } => refuse("the robber moves only after a 7 or a Knight"),
        }
    }

    /// Ends the game if the current player has enough points (hidden cards included). Nobody
    /// wins in the special build phase: points gained there win at the start of one's turn.
    pub(crate) fn check_win(&mut self, ev: &mut Vec<Event>) {
        if matches!(
            self.phase,
            Phase::Over { .. } | Phase::Setup { .. } | Phase::SpecialBuild { .. }
        ) {
            return;
        }
        let s = self.current;
        let vp = self.total_vp(s);
        if vp >= self.cfg.vp_target {
            self.phase = Phase::Over { winner: s };
            self.table.offers.clear();
            ev.push(Event::Won {
                seat: s,
                vp,
                vp_cards: self.table.dev[s as usize].vp_cards(),
            });
        }
    }

    fn not_your_turn(&self, seat: Seat) -> Result<(), RuleError> {
        if seat != self.current {
            return refuse(format!(
                "it is not your turn (seat {} is playing)",
                self.current + 1
            ));
        }
        Ok(())
    }

    /// Refuses a command that needs the main phase, saying what the game waits for instead.
    pub(crate) fn need_main(&self, seat: Seat, what: &str) -> Result<(), RuleError> {
        self.not_your_turn(seat)?;
        match &self.phase {
            Phase::Main => Ok(()),
            Phase::Roll => refuse(format!("roll the dice first, then you can {what}")),
            Phase::Discard { .. } => refuse(format!(
                "wait for the discards after the 7 before you {what}"
            )),
            Phase::Robber { .. } => refuse(format!(
                "move the robber first (`robber HEX`), then you can {what}"
            )),
            Phase::RoadBuilding { .. } => refuse("place your free roads first (`road EDGE`)"),
            Phase::Setup { .. } => Err(self.setup_refusal(seat)),
            Phase::SpecialBuild { builder } => refuse(format!(
                "it is seat {}'s special build: only building and buying development cards",
                builder + 1
            )),
            Phase::Over { .. } => refuse("the game is over"),
        }
    }

    /// Refuses a command of the game proper during the setup. The game has begun (its first
    /// notice says so), so the refusal says that setup comes first and what the seat places
    /// now, or who is placing when it is another seat.
    fn setup_refusal(&self, seat: Seat) -> RuleError {
        RuleError::new(match self.phase {
            Phase::Setup { step, .. } if self.setup_seat(step) != seat => format!(
                "not during setup: seat {} is placing their starting pieces now",
                self.setup_seat(step) + 1
            ),
            Phase::Setup {
                settlement: Some(_),
                ..
            } => "not during setup: place your starting road first, next to your new settlement (`road EDGE`)".into(),
            _ => "not during setup: place your starting settlement first (`settle CORNER`)".into(),
        })
    }

    /// Refuses a build or purchase unless it is the seat's main phase or its special build.
    fn need_build(&self, seat: Seat, what: &str) -> Result<(), RuleError> {
        match self.phase {
            // `special_build_allows` has refused everyone but the builder already.
            Phase::SpecialBuild { builder } if builder == seat => Ok(()),
            _ => self.need_main(seat, what),
        }
    }

    fn settle(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        if let Phase::Setup { step, settlement } = self.phase {
            let who = self.setup_seat(step);
            if cx.seat != who {
                return refuse(format!("seat {} is placing now", who + 1));
            }
            if settlement.is_some() {
                return refuse("place the road next to your new settlement first");
            }
            self.table
                .pieces
                .check_settlement_spot(&self.table.map, c)
                .map_err(|r| r.explain(&self.table.map))?;
            self.table.settle_setup(cx.seat, c, step, cx.ev);
            self.phase = Phase::Setup {
                step,
                settlement: Some(c),
            };
            return Ok(());
        }
        self.need_build(cx.seat, "build")?;
        let purse = (
            &mut self.table.hands[cx.seat as usize],
            &mut self.table.bank,
        );
        // A settlement can cut an opponent's road (and join its owner's roads and ships).
        let changed =
            costs::build_settlement(&self.table.map, &mut self.table.pieces, purse, cx.seat, c)?;
        self.mark_built(cx.ev);
        cx.ev.push(Event::Table(TableEvent::Settled {
            seat: cx.seat,
            at: c,
        }));
        self.update_longest_road_of(changed.map_or(0, |s| 1 << s), cx.ev);
        Ok(())
    }

    fn road(&mut self, cx: &mut Act<Event>, e: EdgeId) -> Verdict {
        match self.phase {
            Phase::Setup { step, settlement } => {
                let who = self.setup_seat(step);
                if cx.seat != who {
                    return refuse(format!("seat {} is placing now", who + 1));
                }
                let Some(c) = settlement else {
                    return refuse("place a settlement first, then a road next to it");
                };
                // Keeps the public road lengths right from the start (no award is possible).
                self.free_road(cx, e, Some(c))?;
                self.advance_setup(step, cx.now, cx.ev);
                Ok(())
            }
            Phase::RoadBuilding { left, resume } => {
                self.not_your_turn(cx.seat)?;
                self.free_road(cx, e, None)?;
                let left = left - 1;
                self.phase = if left > 0 && self.can_place_road(cx.seat) {
                    Phase::RoadBuilding { left, resume }
                } else {
                    resume_phase(resume)
                };
                Ok(())
            }
            _ => {
                self.need_build(cx.seat, "build")?;
                self.table
                    .pieces
                    .check_route(&self.table.map, cx.seat, e, RouteKind::Road, None)
                    .map_err(|r| r.explain(&self.table.map))?;
                self.charge(cx.seat, &costs::ROAD, "a road")?;
                self.table.pieces.place_route(cx.seat, e, RouteKind::Road);
                self.mark_built(cx.ev);
                cx.ev.push(Event::Table(TableEvent::Roaded {
                    seat: cx.seat,
                    at: e,
                    free: false,
                }));
                self.road_built(cx.seat, e, cx.ev);
                Ok(())
            }
        }
    }

    /// Places a free road, checked first: a starting one next to the new settlement
    /// `next_to`, or one of Road Building's.
    fn free_road(&mut self, cx: &mut Act<Event>, e: EdgeId, next_to: Option<CornerId>) -> Verdict {
        self.table
            .pieces
            .check_route(&self.table.map, cx.seat, e, RouteKind::Road, next_to)
            .map_err(|r| r.explain(&self.table.map))?;
        self.table.pieces.place_route(cx.seat, e, RouteKind::Road);
        cx.ev.push(Event::Table(TableEvent::Roaded {
            seat: cx.seat,
            at: e,
            free: true,
        }));
        self.road_built(cx.seat, e, cx.ev);
        Ok(())
    }

    /// Whether any road could go somewhere now (free placement, ignoring cost): a free land
    /// edge at a corner with the seat's building, or at an end of one of its roads that no
    /// rival building cuts. The newest roads are tried first, since the network's tips are
    /// the likeliest to have room (this runs before most of the current player's moves).
    pub(crate) fn can_place_road(&self, seat: Seat) -> bool {
        if self.table.pieces.stock(seat).roads == 0 {
            return false;
        }
        let topo = &self.table.map.topology;
        let free_edge_at = |c: CornerId| {
            topo.corner_edges(c).iter().flatten().any(|e| {
                self.table.pieces.route(*e).is_none() && self.table.map.edge_is_road_spot(*e)
            })
        };
        for e in self.table.pieces.routes_of(seat).iter().rev() {
            let is_road = self
                .table
                .pieces
                .route(*e)
                .is_some_and(|r| r.kind == RouteKind::Road);
            for c in topo.edge_corners(*e) {
                let open = match self.table.pieces.building(c) {
                    Some(b) => b.owner == seat,
                    // A ship's end joins a road only at a building: the full check decides.
                    None => is_road || self.road_joins_ship_end(seat, c),
                };
                if open && free_edge_at(c) {
                    return true;
                }
            }
        }
        self.table
            .pieces
            .buildings_of(seat)
            .iter()
            .any(|c| free_edge_at(*c))
    }

    /// Whether some free edge at `c` takes a road by the full rules (a corner reached by a
    /// ship, with no building).
    fn road_joins_ship_end(&self, seat: Seat, c: CornerId) -> bool {
        self.table
            .map
            .topology
            .corner_edges(c)
            .iter()
            .flatten()
            .any(|e| {
                self.table
                    .pieces
                    .check_route(&self.table.map, seat, *e, RouteKind::Road, None)
                    .is_ok()
            })
    }

    /// Edges where the seat may build a road now, cost aside.
    #[cfg(test)]
    pub(crate) fn road_spots(&self, seat: Seat) -> impl Iterator<Item = EdgeId> + use<> {
        let mut spots = Vec::new();
        self.each_road_spot(seat, |e| {
            spots.push(e);
            true
        });
        spots.into_iter()
    }

    fn advance_setup(&mut self, step: u8, now: Millis, ev: &mut Vec<Event>) {
        let total = 2 * self.cfg.seats as u8;
        if step + 1 < total {
            self.phase = Phase::Setup {
                step: step + 1,
                settlement: None,
            };
            self.current = self.setup_seat(step + 1);
            self.turn_deadline = self.cfg.turn_ms.map(|t| now + t);
        } else {
            self.current = self.first;
            self.start_turn(now, ev);
        }
    }

    fn start_turn(&mut self, now: Millis, ev: &mut Vec<Event>) {
        self.turn += 1;
        self.phase = Phase::Roll;
        self.dev_played = false;
        self.built = false;
        self.last_roll = None;
        self.table.offers.clear();
        self.turn_deadline = self.cfg.turn_ms.map(|t| now + t);
        ev.push(Event::TurnStarted {
            seat: self.current,
            turn: self.turn,
        });
        // Points gained on another's turn win at the start of your own.
        self.check_win(ev);
    }

    fn city(&mut self, cx: &mut Act<Event>, c: CornerId) -> Verdict {
        self.need_build(cx.seat, "build")?;
        let purse = (
            &mut self.table.hands[cx.seat as usize],
            &mut self.table.bank,
        );
        costs::build_city(&self.table.map, &mut self.table.pieces, purse, cx.seat, c)?;
        self.mark_built(cx.ev);
        cx.ev.push(Event::Table(TableEvent::Citied {
            seat: cx.seat,
            at: c,
        }));
        Ok(())
    }

    fn roll(&mut self, cx: &mut Act<Event>) -> Verdict {
        self.not_your_turn(cx.seat)?;
        if self.phase != Phase::Roll {
            return Err(match self.phase {
                Phase::Setup { .. } => self.setup_refusal(cx.seat),
                _ => RuleError::new("you have already rolled this turn"),
            });
        }
        let dice = self.rng.dice();
        let sum = dice.0 + dice.1;
        self.last_roll = Some(dice);
        self.stats.dice[sum as usize] += 1;
        cx.ev.push(Event::Rolled {
            seat: cx.seat,
            dice,
        });
        if sum == 7 {
            let owed: Vec<(Seat, u32)> = (0..self.cfg.seats as Seat)
                .filter(|s| !self.out[*s as usize])
                .filter_map(|s| {
                    let n = self.table.hands[s as usize].total();
                    (n > DISCARD_LIMIT).then_some((s, n / 2))
                })
                .collect();
            if owed.is_empty() {
                self.phase = Phase::Robber {
                    resume: Resume::Main,
                };
            } else {
                cx.ev.push(Event::MustDiscard { owed: owed.clone() });
                self.phase = Phase::Discard { owed };
                self.discard_deadline = self.cfg.turn_ms.map(|t| cx.now + t);
            }
            return Ok(());
        }
        // Seats are at most 8: the per-seat sums live on the stack.
        let n = self.cfg.seats;
        let mut paid = [ResourceSet::EMPTY; 8];
        let paid = &mut paid[..n];
        production::owed_into(
            &self.table.map,
            &self.table.pieces,
            sum,
            &[self.table.robber],
            |h, s| self.may_collect(h, s),
            paid,
        );
        let mut short = Shortages::new();
        production::pay(
            &mut self.table.bank,
            &mut self.table.hands,
            paid,
            &mut short,
        );
        for (total, p) in self.stats.produced.iter_mut().zip(paid.iter()) {
            total.add(p);
        }
        let blocked = (self.table.map.tile(self.table.robber).number() == Some(sum))
            .then_some(self.table.robber);
        cx.ev.push(Event::Produced {
            number: sum,
            gains: paid
                .iter()
                .enumerate()
                .map(|(s, p)| (s as Seat, *p))
                .collect(),
            short,
            blocked,
        });
        self.phase = Phase::Main;
        Ok(())
    }

    fn discard(&mut self, cx: &mut Act<Event>, cards: ResourceSet) -> Verdict {
        let Phase::Discard { owed } = &self.phase else {
            return refuse("there is nothing to discard now (discards follow a 7)");
        };
        let Some(i) = owed.iter().position(|(s, _)| *s == cx.seat) else {
            return refuse("you do not need to discard (only hands over 7 cards do, once)");
        };
        robber::check_discard(&self.table.hands[cx.seat as usize], &cards, owed[i].1)?;
        self.table.hands[cx.seat as usize].sub(&cards);
        self.table.bank.add(&cards);
        let mut owed = owed.clone();
        owed.remove(i);
        cx.ev.push(Event::Table(TableEvent::Discarded {
            seat: cx.seat,
            cards,
        }));
        self.phase = if owed.is_empty() {
            // The turn's clock stood still while others discarded: the time they took is
            // given back, so the roller still has the time left at the 7 for the robber.
            if let (Some(t), Some(d), Some(td)) =
                (self.cfg.turn_ms, self.discard_deadline, self.turn_deadline)
            {
                let rolled = d.saturating_sub(t);
                self.turn_deadline = Some(td + cx.now.saturating_sub(rolled));
            }
            self.discard_deadline = None;
            Phase::Robber {
                resume: Resume::Main,
            }
        } else {
            Phase::Discard { owed }
        };
        Ok(())
    }

    /// Hexes the robber may go to now.
    pub(crate) fn robber_targets(&self) -> Vec<HexId> {
        let mut v = Vec::new();
        self.each_robber_target(|h| {
            v.push(h);
            true
        });
        v
    }

    /// Whether `hex` is one of [`BaseGame::robber_targets`].
    fn robber_may_go(&self, hex: HexId) -> bool {
        let mut found = false;
        self.each_robber_target(|h| {
            found = h == hex;
            !found
        });
        found
    }

    /// Calls `f` on each hex the robber may go to now, until `f` answers `false`.
    pub(crate) fn each_robber_target(&self, mut f: impl FnMut(HexId) -> bool) {
        let mut any = false;
        for h in self.table.map.land_hexes() {
            if h != self.table.robber
                && (!self.cfg.three_vp_robber || !self.protected_by_three_vp(h))
            {
                any = true;
                if !f(h) {
                    return;
                }
            }
        }
        if !any {
            // Nowhere allowed: the robber stays in (or goes back to) the desert; on a board
            // without one, it stays where it is.
            f(self.table.map.desert().unwrap_or(self.table.robber));
        }
    }

    /// The three-VP rule: a hex touching a building of a player with under 3 public points.
    fn protected_by_three_vp(&self, h: HexId) -> bool {
        self.table
            .map
            .topology
            .hex_corners(h)
            .iter()
            .filter_map(|c| self.table.pieces.building(*c))
            .any(|b| self.public_vp(b.owner) < 3)
    }

    /// Seats the current player may rob at a hex.
    pub(crate) fn victims(&self, h: HexId) -> Vec<Seat> {
        let bits = self.victim_bits(h);
        (0..self.cfg.seats as Seat)
            .filter(|s| bits & (1 << s) != 0)
            .collect()
    }

    /// [`BaseGame::victims`] as bits, a bit per seat.
    pub(crate) fn victim_bits(&self, h: HexId) -> u32 {
        self.owners_at(h) & self.robbable()
    }

    /// Seats with a building on a corner of the hex, a bit each.
    pub(crate) fn owners_at(&self, h: HexId) -> u32 {
        self.table
            .map
            .topology
            .hex_corners(h)
            .iter()
            .fold(0, |bits, c| {
                bits | self.table.pieces.building(*c).map_or(0, |b| 1 << b.owner)
            })
    }

    /// Seats the current player could rob somewhere: in the game, holding cards, not
    /// themselves (a bit each).
    pub(crate) fn robbable(&self) -> u32 {
        let mut bits = 0;
        for s in 0..self.cfg.seats {
            if s != self.current as usize && !self.out[s] && self.table.hands[s].total() > 0 {
                bits |= 1 << s;
            }
        }
        bits
    }

    fn move_robber(&mut self, cx: &mut Act<Event>, hex: HexId, steal: Option<Seat>) -> Verdict {
        self.not_your_turn(cx.seat)?;
        let Phase::Robber { resume } = self.phase else {
            return refuse(match self.phase {
                Phase::Discard { .. } => "wait until everyone has discarded, then move the robber",
                _ => "the robber moves only after a 7 or a Knight",
            });
        };
        robber::check_land(&self.table.map, hex)?;
        if !self.robber_may_go(hex) {
            if hex == self.table.robber {
                return Err(robber::must_move(&self.table.map, hex));
            }
            return refuse(format!(
                "the three-victory-point rule protects {}: a player with under 3 points has a building there",
                self.table.map.hex_name(hex)
            ));
        }
        let victims = self.victim_bits(hex);
        match steal {
            None if victims != 0 => {
                let list = self.victims(hex);
                return Err(robber::choose_victim(&self.table.map, hex, &list, "robber"));
            }
            Some(v) if v >= 32 || victims & (1 << v) == 0 => {
                return Err(robber::victim_refusal(
                    &self.table.map,
                    &self.table.pieces,
                    cx.seat,
                    hex,
                    v,
                ));
            }
            _ => {}
        }
        self.table.robber = hex;
        cx.ev
            .push(Event::Table(TableEvent::RobberMoved { seat: cx.seat, hex }));
        if let Some(v) = steal {
            let total = self.table.hands[v as usize].total();
            let i = self.rng.below(total as usize) as u32;
            let card = self.table.hands[v as usize]
                .nth_card(i)
                .expect("index within hand");
            self.table.hands[v as usize][card] -= 1;
            self.table.hands[cx.seat as usize][card] += 1;
            cx.ev.push(Event::Table(TableEvent::Stole {
                thief: cx.seat,
                victim: v,
                card,
                asked: false,
            }));
        }
        self.phase = resume_phase(resume);
        Ok(())
    }

    /// Where play goes on after a card (checked by [`DevTable::check_card`]): before the roll
    /// or after it.
    fn card_resume(&self) -> Resume {
        if self.phase == Phase::Roll {
            Resume::Roll
        } else {
            Resume::Main
        }
    }

    fn play_knight(&mut self, cx: &mut Act<Event>) -> Verdict {
        self.check_card(cx.seat, DevCard::Knight)?;
        let resume = self.card_resume();
        self.spend_card(cx.seat, DevCard::Knight);
        cx.ev.push(DevEvent::PlayedKnight { seat: cx.seat }.into());
        self.award_largest_army(cx.seat, cx.ev);
        self.phase = Phase::Robber { resume };
        Ok(())
    }

    fn play_road_building(&mut self, cx: &mut Act<Event>) -> Verdict {
        self.check_card(cx.seat, DevCard::RoadBuilding)?;
        let resume = self.card_resume();
        if !self.can_place_road(cx.seat) {
            return refuse("there is nowhere you could place a road (or you have none left)");
        }
        self.spend_card(cx.seat, DevCard::RoadBuilding);
        cx.ev
            .push(DevEvent::PlayedRoadBuilding { seat: cx.seat }.into());
        self.phase = Phase::RoadBuilding { left: 2, resume };
        Ok(())
    }

    /// Notes that the current player built or bought. With the trade-then-build rule that ends
    /// trading for the turn, so the open offers close: nobody is left waiting on them.
    pub(crate) fn mark_built(&mut self, ev: &mut Vec<Event>) {
        self.built = true;
        if !self.cfg.any_order {
            offers::close_all(self, ev);
        }
    }
}

/// The base game's trading: with the player whose turn it is only, in the main phase (until
/// the first build under the trade-then-build rule); the current player keeps up to
/// [`MAX_OPEN_OFFERS`] offers open, the others one each.
impl Market for BaseGame {
    fn may_trade(&self, seat: Seat) -> Result<(), RuleError> {
        self.trade_allowed(seat)
    }
    fn address(&self, seat: Seat, to: Option<Seat>) -> Result<Option<Seat>, RuleError> {
        if seat == self.current {
            match to {
                Some(t) if t == seat => refuse("you cannot trade with yourself"),
                Some(t) if t as usize >= self.cfg.seats || self.out[t as usize] => {
                    refuse(format!("seat {} is not in the game", t + 1))
                }
                t => Ok(t),
            }
        } else {
            match to {
                Some(t) if t != self.current => refuse(format!(
                    "you may only trade with the player whose turn it is (seat {})",
                    self.current + 1
                )),
                _ => Ok(Some(self.current)),
            }
        }
    }
    fn open_cap(&self, seat: Seat) -> usize {
        if seat == self.current {
            MAX_OPEN_OFFERS
        } else {
            1
        }
    }
    fn made_to(&self, o: &Offer) -> u32 {
        self.made_to_among(o, self.playing_bits())
    }
    #[inline]
    fn addressed_to(&self, o: &Offer, seat: Seat) -> bool {
        BaseGame::addressed_to(self, o, seat)
    }
    fn may_bank_trade(&self, seat: Seat) -> Result<(), RuleError> {
        self.not_your_turn(seat)?;
        self.trade_allowed(seat)
    }
    offers::book_in_fields!();
}

banks::one_bank!(BaseGame);

/// The base game's development cards: bought in one's main phase (or special build), played
/// one a turn by the player whose turn it is, before the roll or after what it asked; buying
/// counts as building for the trade-then-build rule.
impl DevTable for BaseGame {
    type Event = Event;
    fn may_buy(&self, seat: Seat) -> Result<(), RuleError> {
        self.need_build(seat, "buy a development card")
    }
    fn in_play(&self, seat: Seat) -> Result<(), RuleError> {
        match self.phase {
            Phase::Setup { .. } => Err(self.setup_refusal(seat)),
            Phase::Over { .. } => refuse("the game is over"),
            _ => Ok(()),
        }
    }
    fn may_play(&self, seat: Seat) -> Result<(), RuleError> {
        self.not_your_turn(seat)?;
        match self.phase {
            Phase::Roll | Phase::Main => Ok(()),
            _ => refuse(
                "play development cards before you roll or after you have finished what the roll asked",
            ),
        }
    }
    fn card_turn(&self) -> u32 {
        self.turn
    }
    fn has_played(&self, _seat: Seat) -> bool {
        self.dev_played
    }
    fn note_played(&mut self, _seat: Seat) {
        self.dev_played = true;
    }
    const PLAYED_ALREADY: &'static str = "you have already played a development card this turn";
    const WAIT: &'static str = "this turn can be played from your next turn";
    devcards::cards_in_fields!();
    fn bought(&mut self, _seat: Seat, ev: &mut Vec<Event>) {
        self.mark_built(ev);
    }
}

impl BaseGame {
    fn trade_allowed(&self, seat: Seat) -> Result<(), RuleError> {
        match self.phase {
            Phase::Main => {}
            Phase::Roll => return refuse("trading starts after the roll"),
            _ => return refuse("you cannot trade now"),
        }
        if !self.cfg.any_order && self.built {
            return refuse(if seat == self.current {
                "you have built this turn: with the trade-then-build rule, trading is over"
            } else {
                "the current player has built: with the trade-then-build rule, trading is over"
            });
        }
        Ok(())
    }

    /// Seats that may accept an offer.
    pub fn addressees(&self, o: &Offer) -> Vec<Seat> {
        offers::addressees(self, o)
    }

    /// Takes a seat out of a running game (elimination and resignation in a ruleset built on
    /// base; base games never call it): it owes no discard, its offers and offers waiting only
    /// on it close, its road length stops counting, and if it was playing, the turn passes.
    pub(crate) fn drop_seat(&mut self, seat: Seat, now: Millis, ev: &mut Vec<Event>) {
        if self.out[seat as usize] || matches!(self.phase, Phase::Over { .. }) {
            return;
        }
        self.out[seat as usize] = true;
        offers::close_if(self, ev, |g, o| {
            o.from == seat || o.to == Some(seat) || offers::waiting_on(g, o) == 0
        });
        if let Phase::Discard { owed } = &mut self.phase {
            owed.retain(|(s, _)| *s != seat);
            if owed.is_empty() {
                self.discard_deadline = None;
                self.phase = Phase::Robber {
                    resume: Resume::Main,
                };
            }
        }
        self.update_longest_road_of(1 << seat, ev);
        if seat == self.current && !matches!(self.phase, Phase::Setup { .. }) {
            self.current = self.next_seat(self.current);
            self.start_turn(now, ev);
        }
    }

    fn end_turn(&mut self, cx: &mut Act<Event>) -> Verdict {
        if let Phase::SpecialBuild { builder } = self.phase {
            // Only the builder gets here (`special_build_allows`): it passes on.
            self.next_special_build(builder, cx.now, cx.ev);
            return Ok(());
        }
        self.need_main(cx.seat, "end your turn")?;
        if self.cfg.special_build {
            // The turn's trading is over: its open offers close before anyone builds.
            offers::close_all(self, cx.ev);
            self.next_special_build(self.current, cx.now, cx.ev);
        } else {
            self.current = self.next_seat(self.current);
            self.start_turn(cx.now, cx.ev);
        }
        Ok(())
    }

    /// Gives the special build to the seat after `after` in turn order, skipping seats that
    /// could do nothing in it (their `end` is all the rules allow); once it is back round to
    /// the player whose turn ended, the next turn starts.
    fn next_special_build(&mut self, after: Seat, now: Millis, ev: &mut Vec<Event>) {
        let mut b = self.next_seat(after);
        while b != self.current {
            self.phase = Phase::SpecialBuild { builder: b };
            if self.legal_kinds(b) != Kinds::one(Kind::End) {
                self.turn_deadline = self.cfg.turn_ms.map(|t| now + t);
                ev.push(Event::SpecialBuild { seat: b });
                return;
            }
            b = self.next_seat(b);
        }
        self.current = self.next_seat(self.current);
        self.start_turn(now, ev);
    }

    /// Recomputes every seat's road length and the Longest Road.
    #[cfg(test)]
    pub(crate) fn update_longest_road(&mut self, ev: &mut Vec<Event>) {
        self.update_longest_road_of(u32::MAX, ev);
    }

    /// Recomputes the road lengths of the seats in `seats` (a bit per seat: the only ones a
    /// change can have touched) and then the Longest Road.
    pub(crate) fn update_longest_road_of(&mut self, seats: u32, ev: &mut Vec<Event>) {
        for s in 0..self.cfg.seats {
            if seats & (1 << s) != 0 {
                self.table.road_len[s] = if self.out[s] {
                    0
                } else {
                    self.table.pieces.longest_route(&self.table.map, s as Seat)
                };
            }
        }
        self.award_longest_road(ev);
    }

    /// [`BaseGame::update_longest_road_of`] for the seat that just built the road at `e`: its
    /// stored length is exact, so only trails through `e` need searching.
    fn road_built(&mut self, seat: Seat, e: EdgeId, ev: &mut Vec<Event>) {
        let s = seat as usize;
        if !self.out[s] {
            self.table.road_len[s] = self.table.pieces.longest_route_after_placing(
                &self.table.map,
                seat,
                e,
                self.table.road_len[s],
            );
        }
        self.award_longest_road(ev);
    }

    /// Moves the Longest Road to whoever the stored road lengths give it.
    fn award_longest_road(&mut self, ev: &mut Vec<Event>) {
        awards::award_longest_road(&mut self.table.longest, &self.table.road_len, ev);
    }

    /// Seats still in the game, a bit each.
    fn playing_bits(&self) -> u32 {
        let mut bits = 0u32;
        for (s, out) in self.out[..self.cfg.seats].iter().enumerate() {
            if !out {
                bits |= 1 << s;
            }
        }
        bits
    }

    /// The seats an offer is made to, a bit each, given the seats still playing.
    fn made_to_among(&self, o: &Offer, playing: u32) -> u32 {
        match o.to {
            Some(t) if (t as usize) < self.cfg.seats => 1u32 << t,
            Some(_) => 0,
            None => playing & !(1u32 << (o.from as u32 & 31)),
        }
    }

    /// Seats the game waits for or invites to act, appended to `v`: the current player, seats
    /// owing a discard, seats with an offer to answer.
    pub(crate) fn prompted_into(&self, v: &mut Vec<Seat>) {
        match &self.phase {
            Phase::Over { .. } => {}
            Phase::Setup { step, .. } => v.push(self.setup_seat(*step)),
            Phase::Discard { owed } => v.extend(owed.iter().map(|(s, _)| *s)),
            Phase::SpecialBuild { builder } => v.push(*builder),
            Phase::Main => {
                let mut listed = 1u32 << self.current;
                v.push(self.current);
                if self.table.offers.is_empty() {
                    return;
                }
                let playing = self.playing_bits();
                for o in &self.table.offers {
                    // Seats the offer waits for, less those listed.
                    let mut ask =
                        offers::less_declined(self.made_to_among(o, playing), o) & !listed;
                    listed |= ask;
                    while ask != 0 {
                        v.push(ask.trailing_zeros() as Seat);
                        ask &= ask - 1;
                    }
                }
            }
            _ => v.push(self.current),
        }
    }

    /// Whether the game waits for `s`: one of [`BaseGame::prompted_into`] but the seats an
    /// offer only invites (the current player goes on without their answers).
    pub(crate) fn is_waited_for(&self, s: Seat) -> bool {
        match &self.phase {
            Phase::Over { .. } => false,
            Phase::Setup { step, .. } => self.setup_seat(*step) == s,
            Phase::Discard { owed } => owed.iter().any(|(o, _)| *o == s),
            Phase::SpecialBuild { builder } => *builder == s,
            _ => self.current == s,
        }
    }

    /// Acts on expired deadlines: places, rolls, discards, moves the robber or ends the turn
    /// for whoever ran out of time.
    pub(crate) fn run_clock(&mut self, now: Millis) -> Vec<Event> {
        crate::ruleset::run_deadlines(self, now, |g, ev| g.force_step(now, ev))
    }

    fn force_step(&mut self, now: Millis, ev: &mut Vec<Event>) {
        let seat = self.current;
        let forced = |g: &mut BaseGame, s: Seat, cmd: Command, ev: &mut Vec<Event>, what: &str| {
            match g.apply_command(s, &cmd, now) {
                Ok(mut more) => {
                    ev.push(Event::TimedOut {
                        seat: s,
                        what: what.to_string(),
                    });
                    ev.append(&mut more);
                }
                Err(_) => {
                    // Nothing sensible to force: drop the deadline rather than loop.
                    g.turn_deadline = None;
                    g.discard_deadline = None;
                }
            }
        };
        match self.phase.clone() {
            Phase::Over { .. } => {}
            Phase::Setup { step, settlement } => {
                let s = self.setup_seat(step);
                match settlement {
                    None => {
                        let best = self.best_free_spot();
                        forced(
                            self,
                            s,
                            Command::Settle(best),
                            ev,
                            "the host placed a settlement",
                        );
                    }
                    Some(c) => match spots::setup_road(&self.table.map, &self.table.pieces, s, c) {
                        Some(e) => forced(self, s, Command::Road(e), ev, "the host placed a road"),
                        None => self.advance_setup(step, now, ev),
                    },
                }
            }
            Phase::Roll => forced(self, seat, Command::Roll, ev, "the host rolled"),
            Phase::Discard { owed } => {
                for (s, n) in owed {
                    let cards =
                        spots::random_cards(&mut self.rng, &self.table.hands[s as usize], n);
                    forced(
                        self,
                        s,
                        Command::Discard(cards),
                        ev,
                        "the host discarded at random",
                    );
                }
            }
            Phase::Robber { .. } => {
                let targets = self.robber_targets();
                let hex = targets[self.rng.below(targets.len())];
                let victims = self.victims(hex);
                let steal = (!victims.is_empty()).then(|| victims[self.rng.below(victims.len())]);
                forced(
                    self,
                    seat,
                    Command::Robber { hex, steal },
                    ev,
                    "the host moved the robber",
                );
            }
            Phase::RoadBuilding { resume, .. } => {
                self.phase = resume_phase(resume);
            }
            Phase::Main => {
                self.table.offers.clear();
                forced(self, seat, Command::End, ev, "the turn ended");
            }
            Phase::SpecialBuild { builder } => {
                forced(self, builder, Command::End, ev, "the special build ended");
            }
        }
    }

    /// The free corner with the most pips around it (the host's pick for a player who ran out
    /// of time in setup).
    pub(crate) fn best_free_spot(&self) -> CornerId {
        spots::best_free_spot(&self.table.map, &self.table.pieces)
            .unwrap_or(self.table.map.land_corners()[0])
    }
}

fn resume_phase(r: Resume) -> Phase {
    match r {
        Resume::Roll => Phase::Roll,
        Resume::Main => Phase::Main,
    }
}
