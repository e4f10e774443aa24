//! The base bot's development cards: when to play a knight, road building, year of plenty
//! and monopoly, and what a monopoly would bring.

use super::*;

impl<'a> Ctx<'a> {
    /// Whether a knight now takes the Largest Army.
    pub(super) fn knight_takes_army(&self) -> bool {
        let holder = self.g.largest_army();
        if holder == Some(self.me) {
            return false;
        }
        let mine = self.g.dev_hand(self.me).knights_played + 1;
        let need = holder.map_or(3, |h| self.g.dev_hand(h).knights_played + 1);
        mine >= need
    }

    pub(super) fn has_playable(&self, card: DevCard) -> bool {
        self.g.dev_hand(self.me).playable(card, self.g.turn())
    }

    pub(super) fn knight_before_roll(&self) -> bool {
        self.has_playable(DevCard::Knight)
            && (self.robber_hurt() >= tuning::KNIGHT_HURT_PIPS || self.knight_takes_army())
    }

    /// A development card worth playing now.
    pub(super) fn dev_play(&self, plan: Option<&Plan>, legal: &[Command]) -> Option<Command> {
        // Monopoly on what the others most likely hold.
        if legal.iter().any(|c| matches!(c, Command::PlayMonopoly(_))) {
            let need = plan.map_or(ResourceSet::EMPTY, |p| self.hand.shortfall(&p.cost));
            let est = self.monopoly_estimate();
            let best = Resource::ALL
                .iter()
                .copied()
                .map(|r| {
                    let bonus = if need[r] > 0 {
                        tuning::MONOPOLY_NEEDED_BONUS
                    } else {
                        1.0
                    };
                    (r, est[r as usize] * bonus * self.weight[r as usize])
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((r, v)) = best
                && v >= tuning::MONOPOLY_MIN_CARDS
            {
                return Some(Command::PlayMonopoly(r));
            }
        }
        // Year of plenty: the two cards the goal lacks most.
        if let Some(plan) = plan
            && legal
                .iter()
                .any(|c| matches!(c, Command::PlayYearOfPlenty(_)))
        {
            let mut need = self.hand.shortfall(&plan.cost);
            let mut take = ResourceSet::EMPTY;
            for _ in 0..2 {
                let r = Resource::ALL
                    .iter()
                    .copied()
                    .filter(|r| need[*r] > 0)
                    .max_by(|a, b| {
                        need[*a]
                            .cmp(&need[*b])
                            .then(self.weight[*a as usize].total_cmp(&self.weight[*b as usize]))
                    })
                    .or_else(|| {
                        Resource::ALL.iter().copied().max_by(|a, b| {
                            self.weight[*a as usize].total_cmp(&self.weight[*b as usize])
                        })
                    });
                if let Some(r) = r {
                    take[r] += 1;
                    need[r] = need[r].saturating_sub(1);
                }
            }
            let cmd = Command::PlayYearOfPlenty(take);
            if !self.hand.shortfall(&plan.cost).is_empty() && legal.contains(&cmd) {
                return Some(cmd);
            }
        }
        // Road building toward the goal, or for the Longest Road.
        if legal.contains(&Command::PlayRoadBuilding)
            && plan.is_some_and(|p| matches!(p.goal, Goal::RoadTo { .. } | Goal::LongestRoad(_)))
        {
            return Some(Command::PlayRoadBuilding);
        }
        // A knight when the robber hurts us, or toward the Largest Army (every knight counts
        // until the army is ours by a safe margin; then it is kept for when the robber comes).
        if legal.contains(&Command::PlayKnight) && (self.robber_hurt() > 0.0 || !self.army_safe()) {
            return Some(Command::PlayKnight);
        }
        None
    }

    /// Whether we hold the Largest Army two knights ahead of everyone.
    pub(super) fn army_safe(&self) -> bool {
        let mine = self.g.dev_hand(self.me).knights_played;
        self.g.largest_army() == Some(self.me)
            && self
                .opponents()
                .all(|s| self.g.dev_hand(s).knights_played + 2 <= mine)
    }

    /// Expected cards of each resource in the opponents' hands, from their hand sizes and
    /// what their buildings produce.
    pub(super) fn monopoly_estimate(&self) -> [f32; 5] {
        let mut est = [0f32; 5];
        for s in self.opponents() {
            let n = self.cards_of(s) as f32;
            if n == 0.0 {
                continue;
            }
            let p = production(self.map, self.pieces, s);
            let sum: f32 = p.iter().sum();
            for i in 0..5 {
                est[i] += n * if sum > 0.0 {
                    p[i] / sum
                } else {
                    tuning::UNKNOWN_HAND_SHARE
                };
            }
        }
        est
    }

    // ---- answering offers ------------------------------------------------------------
}
