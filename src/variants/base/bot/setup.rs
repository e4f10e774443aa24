//! The base bot's setup: its settlements and roads, and where a free road goes.

use super::*;

impl<'a> Ctx<'a> {
    pub(super) fn setup_settlement(&self, legal: &[Command]) -> Option<Command> {
        legal
            .iter()
            .filter_map(|c| match c {
                Command::Settle(at) => Some((self.spot_value(*at), *c)),
                _ => None,
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c)| c)
    }

    /// The setup road pointing at the best spot two steps from the new settlement.
    pub(super) fn setup_road(&self, at: CornerId, legal: &[Command]) -> Option<Command> {
        let topo = &self.map.topology;
        legal
            .iter()
            .filter_map(|cmd| {
                let Command::Road(e) = cmd else {
                    return None;
                };
                let far = topo.other_end(*e, at);
                let v = topo
                    .corner_edges(far)
                    .iter()
                    .flatten()
                    .filter(|e2| *e2 != e && self.pieces.route(**e2).is_none())
                    .map(|e2| topo.other_end(*e2, far))
                    .filter(|c| self.pieces.check_settlement_spot(self.map, *c).is_ok())
                    .map(|c| self.spot_value(c))
                    .fold(0.0f32, f32::max);
                Some((v, *cmd))
            })
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .map(|(_, c)| c)
    }

    /// A free road: toward the best planned spot, else the one that lengthens our road most.
    pub(super) fn free_road(&self, legal: &[Command]) -> Option<Command> {
        if let Some(p) = self
            .plans()
            .into_iter()
            .find(|p| matches!(p.goal, Goal::RoadTo { .. } | Goal::LongestRoad(_)))
        {
            let e = match p.goal {
                Goal::RoadTo { first, .. } => first,
                Goal::LongestRoad(e) => e,
                _ => unreachable!("filtered above"),
            };
            let cmd = Command::Road(e);
            if legal.contains(&cmd) {
                return Some(cmd);
            }
        }
        legal
            .iter()
            .filter_map(|cmd| {
                let Command::Road(e) = cmd else {
                    return None;
                };
                let mut p = self.pieces.clone();
                p.place_route(self.me, *e, RouteKind::Road);
                Some((p.longest_route(self.map, self.me), *cmd))
            })
            .max_by_key(|(len, _)| *len)
            .map(|(_, c)| c)
    }
}
