//! What one seat may see of a Risk game: the base view (hands stay secret) and the armies,
//! which are public (R43), with control, contests, sieges, passage and who built what.

use super::control::Hold;
use super::{Battle, RiskGame, Stage};
use crate::engine::Seat;
use crate::rules::resources::Resource;
use crate::topology::{CornerId, EdgeId, HexId};
use crate::variants::base::BaseView;
use serde::{Deserialize, Serialize};

/// One player's units in one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyView {
    pub seat: Seat,
    pub foot: u32,
    pub cavalry: u32,
    pub cannon: u32,
}

/// A land hex's armies and who holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexView {
    pub hex: HexId,
    /// Units needed to control it.
    pub pips: u32,
    pub hold: Hold,
    pub armies: Vec<ArmyView>,
}

/// One seat's view of a Risk game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RiskView {
    /// The base game as this seat sees it (the phase says `start-unit`, `claim` or `battle`
    /// while the army layer waits).
    pub base: BaseView,
    /// Every land hex, armies or not.
    pub hexes: Vec<HexView>,
    pub battle: Option<Battle>,
    /// Corners of besieged buildings.
    pub sieges: Vec<CornerId>,
    /// Annexed buildings and roads with their builders.
    pub annexed_buildings: Vec<(CornerId, Seat)>,
    pub annexed_roads: Vec<(EdgeId, Seat)>,
    /// (grantor, grantee) passage grants.
    pub passage: Vec<(Seat, Seat)>,
    /// Seats whose pieces stand as neutral.
    pub neutral: Vec<Seat>,
    /// Units the current player bought this turn, and the declared type.
    pub bought: u32,
    pub declared: Option<Resource>,
}

impl RiskView {
    pub fn of(g: &RiskGame, seat: Option<Seat>) -> RiskView {
        let mut base = BaseView::of(&g.base, seat);
        match &g.stage {
            Stage::Play => {}
            Stage::StartUnit { seat, .. } => {
                base.phase = "start-unit".into();
                base.current = Some(*seat);
            }
            Stage::Claim { seat } => {
                base.phase = "claim".into();
                base.current = Some(*seat);
            }
            Stage::Battle(b) => {
                base.phase = "battle".into();
                base.current = Some(b.attacker);
            }
        }
        if g.stage != Stage::Play || g.base.winner().is_some() {
            base.deadline = crate::ruleset::Ruleset::deadline(g);
        }
        let hexes = g
            .base
            .table
            .map
            .land_hexes()
            .map(|h| HexView {
                hex: h,
                pips: g.pips(h),
                hold: g.hold(h),
                armies: g
                    .armies
                    .owners(h)
                    .into_iter()
                    .map(|s| {
                        let f = g.armies.force(h, s);
                        ArmyView {
                            seat: s,
                            foot: f.foot,
                            cavalry: f.cavalry,
                            cannon: f.cannon,
                        }
                    })
                    .collect(),
            })
            .collect();
        let n = g.base.cfg.seats as Seat;
        RiskView {
            base,
            hexes,
            battle: match &g.stage {
                Stage::Battle(b) => Some(b.clone()),
                _ => None,
            },
            sieges: g.sieges(),
            annexed_buildings: g
                .base
                .table
                .pieces
                .all_buildings()
                .filter_map(|(c, b)| {
                    g.built_by_corner[c.index()]
                        .filter(|w| *w != b.owner)
                        .map(|w| (c, w))
                })
                .collect(),
            annexed_roads: g
                .base
                .table
                .pieces
                .all_routes()
                .filter_map(|(e, r)| {
                    g.built_by_edge[e.index()]
                        .filter(|w| *w != r.owner)
                        .map(|w| (e, w))
                })
                .collect(),
            passage: (0..n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .filter(|(a, b)| g.grants(*a, *b))
                .collect(),
            neutral: (0..n).filter(|s| g.neutral[*s as usize]).collect(),
            bought: g.bought,
            declared: g.declared,
        }
    }
}
