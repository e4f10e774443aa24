//! The base bot's planning on its turn: what it can reach, how long a build takes to afford,
//! its goals and plans, and the turn's command from them.

use super::*;

impl<'a> Ctx<'a> {
    /// Free spots within reach of new roads.
    pub(super) fn reach(&self) -> Reach {
        let topo = &self.map.topology;
        let n = topo.corner_count();
        let mut dist = vec![u8::MAX; n];
        let mut first: Vec<Option<EdgeId>> = vec![None; n];
        let mut queue: Vec<CornerId> = Vec::new();
        let mine = |c: CornerId| self.pieces.building(c).is_none_or(|b| b.owner == self.me);
        for e in self.pieces.routes_of(self.me) {
            for c in topo.edge_corners(*e) {
                if mine(c) && dist[c.index()] != 0 {
                    dist[c.index()] = 0;
                    queue.push(c);
                }
            }
        }
        for c in self.pieces.buildings_of(self.me) {
            if dist[c.index()] != 0 {
                dist[c.index()] = 0;
                queue.push(*c);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let u = queue[head];
            head += 1;
            let d = dist[u.index()];
            if d >= MAX_ROAD_PLAN {
                continue;
            }
            // A road may leave u only if u is ours or empty (checked when u was queued).
            for e in topo.corner_edges(u).iter().flatten() {
                if self.pieces.route(*e).is_some() || !self.map.edge_is_road_spot(*e) {
                    continue;
                }
                let v = topo.other_end(*e, u);
                if dist[v.index()] != u8::MAX || self.pieces.building(v).is_some() {
                    continue;
                }
                dist[v.index()] = d + 1;
                first[v.index()] = if d == 0 { Some(*e) } else { first[u.index()] };
                queue.push(v);
            }
        }
        Reach { dist, first }
    }

    // ---- planning ----------------------------------------------------------------------

    /// Expected rolls until the hand covers `cost`, counting bank trades of spare cards.
    pub(super) fn wait(&self, cost: &ResourceSet) -> f32 {
        let need = self.hand.shortfall(cost);
        if need.is_empty() {
            return 0.0;
        }
        let spare = self.hand.surplus(cost);
        let mut lots: u32 = Resource::ALL
            .iter()
            .map(|r| spare[*r] / self.rates[*r as usize])
            .sum();
        let total_prod: f32 = self.prod.iter().sum();
        let mut rolls = 0.0;
        for r in Resource::ALL {
            let mut n = need[r];
            let covered = n.min(lots);
            lots -= covered;
            n -= covered;
            if n == 0 {
                continue;
            }
            let best_rate = *self.rates.iter().min().unwrap_or(&4) as f32;
            let per_roll = (self.prod[r as usize]
                + total_prod / best_rate * tuning::TRADED_PRODUCTION_SHARE)
                .max(tuning::MIN_PIPS_PER_ROLL)
                / 36.0;
            rolls += n as f32 / per_roll;
        }
        rolls
    }

    /// Every goal worth considering, best first: the goals of this board (kept from an
    /// earlier command while the board is the same), ranked by value over the wait the hand
    /// leaves.
    pub(super) fn plans(&self) -> Vec<Plan> {
        let mut guard = self.cache.borrow_mut();
        let cache = guard.get_or_insert_with(PlanCache::default);
        if !cache.key.matches(self.g, self.me) {
            cache.key.set(self.g, self.me);
            cache.goals = self.goals();
        }
        let seats = self.g.seats() as f32;
        // Many goals cost the same (a settlement two roads away, a city): each cost's wait
        // is worked out once.
        let mut waits: Vec<(ResourceSet, f32)> = Vec::with_capacity(8);
        let mut out: Vec<Plan> = cache
            .goals
            .iter()
            .map(|&(goal, value, cost)| {
                let wait = match waits.iter().find(|(c, _)| *c == cost) {
                    Some((_, w)) => *w,
                    None => {
                        let w = self.wait(&cost);
                        waits.push((cost, w));
                        w
                    }
                };
                let turns = wait / seats;
                Plan {
                    goal,
                    cost,
                    score: value / (1.0 + WAIT_WEIGHT * turns),
                }
            })
            .collect();
        out.sort_by(|a, b| b.score.total_cmp(&a.score));
        out
    }

    /// Every goal worth considering on this board, with its value and cost (what does not
    /// depend on the hand), in the order [`Ctx::plans`] ranks them from.
    pub(super) fn goals(&self) -> Vec<(Goal, f32, ResourceSet)> {
        let g = self.g;
        let stock = self.pieces.stock(self.me);
        let mut out = Vec::new();
        let plan = |goal: Goal, value: f32, cost: ResourceSet| (goal, value, cost);
        let late = g.public_vp(self.me) as f32 / self.target as f32;
        if stock.cities > 0 {
            for c in self.pieces.buildings_of(self.me) {
                if self
                    .pieces
                    .building(*c)
                    .is_some_and(|b| b.kind == BuildingKind::Settlement)
                {
                    let v = 1.0
                        + PIP_VALUE
                            * self.city_value(*c)
                            * (1.0 - tuning::LATE_PRODUCTION_DISCOUNT * late);
                    out.push(plan(Goal::City(*c), v, costs::CITY));
                }
            }
        }
        if stock.settlements > 0 {
            let reach = self.reach();
            for c in self.map.land_corners() {
                let d = reach.dist[c.index()];
                if d == u8::MAX || self.pieces.check_settlement_spot(self.map, *c).is_err() {
                    continue;
                }
                let v = (1.0
                    + PIP_VALUE
                        * self.spot_value(*c)
                        * (1.0 - tuning::LATE_PRODUCTION_DISCOUNT * late))
                    * tuning::ROAD_STEP_DISCOUNT.powi(d as i32);
                if d == 0 {
                    out.push(plan(Goal::Settle(*c), v, costs::SETTLEMENT));
                } else if d <= stock.roads
                    && let Some(first) = reach.first[c.index()]
                {
                    let cost = plus(&costs::SETTLEMENT, &times(&costs::ROAD, d as u32));
                    out.push(plan(
                        Goal::RoadTo {
                            first,
                            spot: *c,
                            dist: d,
                        },
                        v,
                        cost,
                    ));
                }
            }
        }
        if g.deck_len() > 0 {
            out.push(plan(
                Goal::Dev,
                DEV_VALUE + self.army_bonus(),
                costs::DEV_CARD,
            ));
        }
        // The Longest Road: one road away, or, when nothing else can be built (the board is
        // full, the deck empty), as many roads as it takes.
        let stuck = out.is_empty();
        if stock.roads > 0
            && let Some((e, n)) = self.longest_road_edge(if stuck { 15 } else { 1 })
        {
            out.push(plan(
                Goal::LongestRoad(e),
                tuning::LONGEST_ROAD_VALUE * tuning::LONGEST_ROAD_STEP.powi(n as i32 - 1),
                times(&costs::ROAD, n),
            ));
        }
        out
    }

    /// Extra worth of a knight when the Largest Army is in reach.
    pub(super) fn army_bonus(&self) -> f32 {
        let mine = self.g.dev_hand(self.me).knights_played;
        let best_other = self
            .opponents()
            .map(|s| self.g.dev_hand(s).knights_played)
            .max()
            .unwrap_or(0);
        if self.g.largest_army() != Some(self.me) && mine + 2 >= best_other.max(2) {
            tuning::ARMY_CHASE_BONUS
        } else {
            0.0
        }
    }

    /// A road toward the Longest Road and how many roads it takes: one road when that is
    /// enough, or up to `reach` roads (the road that lengthens ours most comes first).
    pub(super) fn longest_road_edge(&self, reach: u32) -> Option<(EdgeId, u32)> {
        let holder = self.g.longest_road();
        if holder == Some(self.me) {
            return None;
        }
        let mine = self.g.road_length(self.me);
        let need = holder.map_or(5, |h| self.g.road_length(h) + 1);
        let gap = need.saturating_sub(mine).max(1);
        if gap > reach || gap > self.pieces.stock(self.me).roads as u32 {
            return None;
        }
        let mut best: Option<(u32, EdgeId)> = None;
        for e in self.road_spots() {
            let mut p = self.pieces.clone();
            p.place_route(self.me, e, RouteKind::Road);
            let len = p.longest_route(self.map, self.me);
            if len > mine && best.is_none_or(|(l, _)| len > l) {
                best = Some((len, e));
            }
        }
        let (len, e) = best?;
        (gap > 1 || len >= need).then_some((e, gap))
    }

    /// Edges where a road of this seat may go now.
    pub(super) fn road_spots(&self) -> Vec<EdgeId> {
        let topo = &self.map.topology;
        let mut v: Vec<EdgeId> = Vec::new();
        let corners = self
            .pieces
            .routes_of(self.me)
            .iter()
            .flat_map(|e| topo.edge_corners(*e))
            .chain(self.pieces.buildings_of(self.me).iter().copied());
        for c in corners {
            for e in topo.corner_edges(c).iter().flatten() {
                if !v.contains(e)
                    && self
                        .pieces
                        .check_route(self.map, self.me, *e, RouteKind::Road, None)
                        .is_ok()
                {
                    v.push(*e);
                }
            }
        }
        v
    }

    /// The best goal's cards: what the bot keeps.
    pub(super) fn best_plan(&self) -> Option<Plan> {
        self.plans().into_iter().next()
    }

    // ---- the current player's turn ----------------------------------------------------

    pub(super) fn main_turn(&self, legal: &[Command], mem: &mut Memory) -> Option<Command> {
        let g = self.g;
        // Offers to us first: a yes or a no, so nobody waits.
        if let Some(cmd) = self.answer_offers(legal) {
            return Some(cmd);
        }
        // Our own offer from earlier that nobody took: withdraw it.
        if let Some(o) = g.offers().iter().find(|o| o.from == self.me) {
            return Some(Command::Trade(TradeCommand::Cancel(o.id)));
        }
        let plans = self.plans();
        let plan = plans.first().copied();
        if !g.dev_played()
            && let Some(cmd) = self.dev_play(plan.as_ref(), legal)
        {
            return Some(cmd);
        }
        let Some(plan) = plan else {
            return Some(Command::End);
        };
        if let Some(cmd) = plan.step(&self.hand)
            && legal.contains(&cmd)
        {
            return Some(cmd);
        }
        // Cards for the goal's next step (the first road, or the whole build).
        let step_cost = match plan.goal {
            Goal::RoadTo { .. } | Goal::LongestRoad(_) => costs::ROAD,
            _ => plan.cost,
        };
        if let Some(cmd) = self.bank_toward(&step_cost, &plan.cost, legal, mem, false) {
            return Some(cmd);
        }
        if let Some(cmd) = self.propose(&step_cost, &plan.cost, legal, mem) {
            return Some(cmd);
        }
        // Spare cards: a development card if the goal does not need them.
        let spare = self.hand.surplus(&plan.cost);
        if spare.contains(&costs::DEV_CARD) && legal.contains(&Command::BuyDev) {
            return Some(Command::BuyDev);
        }
        // Over seven cards: spend or trade rather than lose half to a 7.
        if self.hand.total() > 7 {
            for p in &plans[1..] {
                if let Some(cmd) = p.step(&self.hand)
                    && legal.contains(&cmd)
                    && !matches!(p.goal, Goal::RoadTo { dist, .. } if dist > 2)
                {
                    return Some(cmd);
                }
            }
            if let Some(cmd) = self.bank_toward(&plan.cost, &plan.cost, legal, mem, true) {
                return Some(cmd);
            }
        }
        Some(Command::End)
    }

    /// The special build (5–6 players): the plan's next build if the hand pays for it, else a
    /// development card from cards the plan does not need, else another plan's build when the
    /// hand is big enough to fear a 7; then pass.
    pub(super) fn special_build(&self, legal: &[Command]) -> Command {
        let plans = self.plans();
        if let Some(plan) = plans.first() {
            if let Some(cmd) = plan.step(&self.hand)
                && legal.contains(&cmd)
            {
                return cmd;
            }
            if self.hand.surplus(&plan.cost).contains(&costs::DEV_CARD)
                && legal.contains(&Command::BuyDev)
            {
                return Command::BuyDev;
            }
        }
        if self.hand.total() > 7 {
            for p in plans.iter().skip(1) {
                if let Some(cmd) = p.step(&self.hand)
                    && legal.contains(&cmd)
                {
                    return cmd;
                }
            }
        }
        Command::End
    }
}
