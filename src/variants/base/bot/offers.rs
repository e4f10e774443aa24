//! The base bot's trading: bank trades toward its plan, its one-for-one offers, and its
//! answers to others' offers.

use super::*;

impl<'a> Ctx<'a> {
    /// A bank trade of spare cards (beyond what `keep` needs) for one `cost` lacks: only when
    /// it completes the build, or when `partial` (a big hand) and it gets closer.
    pub(super) fn bank_toward(
        &self,
        cost: &ResourceSet,
        keep: &ResourceSet,
        legal: &[Command],
        mem: &mut Memory,
        partial: bool,
    ) -> Option<Command> {
        if mem.bank_trades >= MAX_BANK_TRADES {
            return None;
        }
        let bank = self.g.bank();
        let need = self.hand.shortfall(cost);
        if need.is_empty() {
            return None;
        }
        let mut spare = self.hand.surplus(keep);
        for r in Resource::ALL {
            spare[r] = spare[r].saturating_sub(mem.bank_got[r]);
        }
        let lots: u32 = Resource::ALL
            .iter()
            .map(|r| spare[*r] / self.rates[*r as usize])
            .sum();
        let gettable = Resource::ALL.iter().all(|r| bank[*r] >= need[*r]);
        if !partial && (lots < need.total() || !gettable) {
            return None;
        }
        // Give the resource with the most lots to spare, at the best rate.
        let give = Resource::ALL
            .iter()
            .copied()
            .filter(|r| spare[*r] >= self.rates[*r as usize])
            .max_by(|a, b| {
                let ka = (
                    spare[*a] / self.rates[*a as usize],
                    std::cmp::Reverse(self.rates[*a as usize]),
                );
                let kb = (
                    spare[*b] / self.rates[*b as usize],
                    std::cmp::Reverse(self.rates[*b as usize]),
                );
                ka.cmp(&kb)
                    .then(self.weight[*b as usize].total_cmp(&self.weight[*a as usize]))
            })?;
        let get = Resource::ALL
            .iter()
            .copied()
            .filter(|r| need[*r] > 0 && bank[*r] > 0)
            .max_by(|a, b| need[*a].cmp(&need[*b]))?;
        let cmd = Command::Trade(TradeCommand::Bank {
            give: ResourceSet::one(give, self.rates[give as usize]),
            get: ResourceSet::one(get, 1),
        });
        // With trade-then-build, trading closes once something is built.
        if !legal.contains(&cmd) {
            return None;
        }
        mem.bank_trades += 1;
        mem.bank_got[get] += 1;
        Some(cmd)
    }

    /// One one-for-one offer a turn: a card beyond what `keep` needs for one `cost` lacks.
    pub(super) fn propose(
        &self,
        cost: &ResourceSet,
        keep: &ResourceSet,
        legal: &[Command],
        mem: &mut Memory,
    ) -> Option<Command> {
        if mem.offers > 0 {
            return None;
        }
        let need = self.hand.shortfall(cost);
        if need.is_empty() || need.total() > 2 {
            return None;
        }
        let spare = self.hand.surplus(keep);
        let give = Resource::ALL
            .iter()
            .copied()
            .filter(|r| spare[*r] > 0)
            .max_by(|a, b| {
                spare[*a]
                    .cmp(&spare[*b])
                    .then(self.weight[*b as usize].total_cmp(&self.weight[*a as usize]))
            })?;
        let get = Resource::ALL
            .iter()
            .copied()
            .filter(|r| need[*r] > 0)
            .max_by(|a, b| need[*a].cmp(&need[*b]))?;
        // An offer goes to every opponent: none when one of them is close to winning.
        if self.opponents().any(|s| self.close_to_winning(s))
            || self.opponents().all(|s| self.cards_of(s) == 0)
        {
            return None;
        }
        let cmd = Command::Trade(TradeCommand::Offer {
            give: ResourceSet::one(give, 1),
            get: ResourceSet::one(get, 1),
            to: None,
        });
        if !legal.contains(&cmd) {
            return None;
        }
        mem.offers += 1;
        Some(cmd)
    }

    // ---- development cards ------------------------------------------------------------

    /// Accepts a good offer addressed to us, or declines one.
    pub(super) fn answer_offers(&self, legal: &[Command]) -> Option<Command> {
        let open: Vec<&Offer> = self
            .g
            .offers()
            .iter()
            .filter(|o| legal.contains(&Command::Trade(TradeCommand::Decline(o.id))))
            .collect();
        if open.is_empty() {
            return None;
        }
        let plan = self.best_plan();
        for o in &open {
            if legal.contains(&Command::Trade(TradeCommand::Accept(o.id)))
                && self.good_offer(o, plan.as_ref())
            {
                return Some(Command::Trade(TradeCommand::Accept(o.id)));
            }
        }
        Some(Command::Trade(TradeCommand::Decline(open[0].id)))
    }

    /// An offer we should take: we give no more cards than we get, the proposer is not close
    /// to winning, and it brings our goal nearer.
    pub(super) fn good_offer(&self, o: &Offer, plan: Option<&Plan>) -> bool {
        if self.close_to_winning(o.from) || o.get.total() > o.give.total() {
            return false;
        }
        let Some(plan) = plan else {
            return false;
        };
        let mut after = self.hand;
        after.sub(&o.get);
        after.add(&o.give);
        let before = self.hand.shortfall(&plan.cost).total();
        let now = after.shortfall(&plan.cost).total();
        now < before
    }

    // ---- the robber ---------------------------------------------------------------------
}
