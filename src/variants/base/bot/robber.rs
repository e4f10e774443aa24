//! The base bot's robber: where it hurts the leader most, whom to steal from, and which
//! cards to discard on a 7.

use super::*;

impl<'a> Ctx<'a> {
    /// How much the robber where it stands costs this seat, in pips.
    pub(super) fn robber_hurt(&self) -> f32 {
        let h = self.g.robber();
        let Some((_, p)) = hex_yield(self.map, h) else {
            return 0.0;
        };
        self.map
            .topology
            .hex_corners(h)
            .iter()
            .filter_map(|c| self.pieces.building(*c))
            .filter(|b| b.owner == self.me)
            .map(|b| p * b.weight() as f32)
            .sum()
    }

    pub(super) fn robber(&self, legal: &[Command]) -> Option<Command> {
        let mut best: Option<(f32, Command)> = None;
        for cmd in legal {
            let Some(score) = self.robber_score(cmd) else {
                continue;
            };
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, *cmd));
            }
        }
        best.map(|(_, c)| c)
    }

    /// How good a robber move looks (`None` for other commands): hurt the leader, spare
    /// ourselves, steal from the strongest.
    pub(super) fn robber_score(&self, cmd: &Command) -> Option<f32> {
        let Command::Robber { hex, steal } = *cmd else {
            return None;
        };
        let lead = self
            .opponents()
            .map(|s| self.threat(s))
            .fold(0.0f32, f32::max)
            .max(1.0);
        let p = hex_yield(self.map, hex).map_or(0.0, |(r, p)| p * self.weight[r as usize]);
        let mut score = 0.0;
        for c in self.map.topology.hex_corners(hex) {
            if let Some(b) = self.pieces.building(*c) {
                let w = p * b.weight() as f32;
                if b.owner == self.me {
                    score -= tuning::OWN_HEX_PENALTY * w;
                } else {
                    let t = self.threat(b.owner) / lead;
                    score += w * (tuning::RIVAL_HEX_BASE + t * t);
                }
            }
        }
        if let Some(v) = steal {
            let t = self.threat(v) / lead;
            score += tuning::STEAL_BASE
                + tuning::STEAL_PER_THREAT * t
                + tuning::STEAL_PER_CARD * self.cards_of(v).min(tuning::STEAL_CARDS_COUNTED) as f32;
        }
        Some(score)
    }

    // ---- discards ---------------------------------------------------------------------

    /// `n` cards to give back, keeping what the best goal (and then a second) needs.
    pub(super) fn discard(&self, n: u32) -> ResourceSet {
        let plans = self.plans();
        let mut keep = ResourceSet::EMPTY;
        for p in plans.iter().take(2) {
            for r in Resource::ALL {
                keep[r] = keep[r].max(p.cost[r]);
            }
        }
        let mut hand = self.hand;
        let mut out = ResourceSet::EMPTY;
        for _ in 0..n.min(hand.total()) {
            let r = Resource::ALL
                .iter()
                .copied()
                .filter(|r| hand[*r] > 0)
                .max_by(|a, b| {
                    let ea = hand[*a] as i32 - keep[*a] as i32;
                    let eb = hand[*b] as i32 - keep[*b] as i32;
                    ea.cmp(&eb)
                        .then(self.weight[*b as usize].total_cmp(&self.weight[*a as usize]))
                })
                .expect("cards left in hand");
            hand[r] -= 1;
            out[r] += 1;
        }
        out
    }

    // ---- setup and free roads ---------------------------------------------------------
}
