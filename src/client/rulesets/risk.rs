//! Risk of Catan's plain part of a client: its base game's pieces with the armies, the
//! armies listed under a drawn position, and its `state` line.

use super::PlainUi;
use super::base::Base;
use crate::board::render::Overlay;
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::variants::risk::RiskView;
use crate::variants::risk::control::Hold;
use serde_json::Map;
use serde_json::{Value, json};

/// A Risk of Catan game's view in a client: its base game under the armies, which the
/// players, hand and actions panes show, with the armies panel in place of the actions.
pub struct Risk<'a>(pub &'a RiskView);

impl<'a> Risk<'a> {
    /// The base game under the armies.
    pub fn base(&self) -> Base<'a> {
        Base(&self.0.base)
    }
}

/// Risk of Catan: each hex's armies under its label: the holder's letter, then `✓` and its
/// units when they control the hex (`b✓5`), `×` when they only occupy it (`b×2`). The letter
/// stays lower case, so it never reads as a city or a terrain label (`W4` is grain on 4, `B`
/// brick); two players (`b3r2`) contest it, marked `!!` above the label. Counts per unit type
/// (foot/cavalry/cannon) are in the armies panel and the `state` line.
fn army_notes(o: &mut Overlay, v: &RiskView) {
    use crate::board::render::{HexNote, Ink};
    use crate::variants::risk::control::Hold;
    for h in &v.hexes {
        let letter = |s: crate::engine::Seat| o.letters.get(s as usize).copied().unwrap_or('?');
        let total = |s: crate::engine::Seat| {
            h.armies
                .iter()
                .find(|a| a.seat == s)
                .map_or(0, |a| a.foot + a.cavalry + a.cannon)
        };
        let note = match h.hold {
            Hold::Empty => continue,
            Hold::Occupied(s) => HexNote {
                top: None,
                bottom: Some((format!("{}×{}", letter(s), total(s)), Ink::Player(s))),
                beside: None,
            },
            Hold::Controlled(s) => HexNote {
                top: None,
                bottom: Some((format!("{}✓{}", letter(s), total(s)), Ink::Player(s))),
                beside: None,
            },
            Hold::Contested(a, b) => HexNote {
                top: Some(("!!".into(), Ink::Robber)),
                bottom: Some((
                    format!("{}{}{}{}", letter(a), total(a), letter(b), total(b)),
                    Ink::Note,
                )),
                beside: None,
            },
        };
        o.notes.insert(h.hex, note);
    }
}

/// Risk's additions to the state line: every land hex with its armies (seat, foot, cavalry,
/// cannon), who holds it and the units it needs; the battle; sieges; annexed pieces.
fn risk_json(st: &ClientState, v: &crate::variants::risk::RiskView) -> Map<String, Value> {
    use crate::variants::risk::control::Hold;
    let hex = |h: crate::topology::HexId| st.map.as_ref().map(|m| m.hex_name(h).to_string());
    let corner = |c: crate::topology::CornerId| st.map.as_ref().map(|m| m.corner_name(c));
    let edge = |e: crate::topology::EdgeId| st.map.as_ref().map(|m| m.edge_name(e));
    let hold = |h: &Hold| match h {
        Hold::Empty => json!({"state": "empty"}),
        Hold::Occupied(s) => json!({"state": "occupied", "seat": s + 1}),
        Hold::Controlled(s) => json!({"state": "controlled", "seat": s + 1}),
        Hold::Contested(a, b) => json!({"state": "contested", "seats": [a + 1, b + 1]}),
    };
    let mut m = Map::new();
    m.insert(
        "armies".into(),
        Value::Array(
            v.hexes
                .iter()
                .map(|h| {
                    json!({
                        "hex": hex(h.hex),
                        "pips": h.pips,
                        "hold": hold(&h.hold),
                        "units": h.armies.iter().map(|a| json!({"seat": a.seat + 1, "foot": a.foot, "cavalry": a.cavalry, "cannon": a.cannon})).collect::<Vec<_>>(),
                    })
                })
                .collect(),
        ),
    );
    m.insert(
        "battle".into(),
        v.battle
            .as_ref()
            .map(|b| json!({"hex": hex(b.hex), "attacker": b.attacker + 1, "defender": b.defender + 1, "rounds": b.rounds}))
            .unwrap_or(Value::Null),
    );
    m.insert(
        "sieges".into(),
        json!(v.sieges.iter().map(|c| corner(*c)).collect::<Vec<_>>()),
    );
    m.insert(
        "annexed".into(),
        json!(
            v.annexed_buildings
                .iter()
                .map(|(c, b)| json!({"corner": corner(*c), "builder": b + 1}))
                .chain(
                    v.annexed_roads
                        .iter()
                        .map(|(e, b)| json!({"edge": edge(*e), "builder": b + 1}))
                )
                .collect::<Vec<_>>()
        ),
    );
    m.insert(
        "passage".into(),
        json!(
            v.passage
                .iter()
                .map(|(a, b)| json!([a + 1, b + 1]))
                .collect::<Vec<_>>()
        ),
    );
    m.insert(
        "neutral".into(),
        json!(v.neutral.iter().map(|s| s + 1).collect::<Vec<_>>()),
    );
    m.insert("units_bought".into(), json!(v.bought));
    m.insert("units_paid_in".into(), json!(v.declared.map(|r| r.name())));
    m
}
impl<'a> PlainUi<'a> for Risk<'a> {

    /// The base game's pieces, with each hex's armies under its label.
    fn overlay(&self, seats: &[SeatInfo]) -> Overlay {
        let mut o = self.base().overlay(seats);
        army_notes(&mut o, self.0);
        o
    }

    fn board_key(&self) -> String {
        self.base().board_key()
    }

    /// Every hex with armies: whose, how many of each kind, and who holds it.
    fn position_notes(&self, map: &crate::board::Map, letters: &[char]) -> Vec<String> {
        let mut lines = vec![
            "Armies (seat letter, foot/cavalry/cannon; on the board r×3 under a hex, r✓3 when r controls it):"
                .to_string(),
        ];
        for h in self.0.hexes.iter().filter(|h| !h.armies.is_empty()) {
            let armies: Vec<String> = h
                .armies
                .iter()
                .map(|a| {
                    format!(
                        "{} {}/{}/{}",
                        letters.get(a.seat as usize).copied().unwrap_or('?'),
                        a.foot,
                        a.cavalry,
                        a.cannon
                    )
                })
                .collect();
            let hold = match h.hold {
                Hold::Controlled(_) => "controlled",
                Hold::Contested(..) => "contested",
                _ => "occupied",
            };
            lines.push(format!(
                "  {:<3} needs {}: {} ({hold})",
                map.hex_name(h.hex),
                h.pips,
                armies.join(", ")
            ));
        }
        lines
    }

    fn public_scores(&self) -> Vec<(Seat, u32)> {
        self.base().public_scores()
    }

    /// The base game's fields, then the armies'.
    fn state_json(&self, st: &ClientState, u: &Update, deadline: Option<f64>) -> Value {
        let mut out = self.base().state_json(st, u, deadline);
        if let Some(o) = out.as_object_mut() {
            o.extend(risk_json(st, self.0));
        }
        out
    }
}
