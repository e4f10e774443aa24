//! The Risk of Catan armies panel, in place of the actions pane: the battle being fought,
//! then every hex with units (owner letter in the owner's colour, foot/cavalry/cannon counts,
//! units needed to control it) marked controlled, occupied or contested, and the sieges. The
//! board itself shows each hex's holders and totals; the log tells every battle in words.

use super::base::Base;
use crate::board::render::Overlay;
use crate::client::state::ClientState;
use crate::engine::Seat;
use crate::proto::{SeatInfo, Update};
use crate::rules::resources::ResourceSet;
use crate::tui::log_pane::wrap;
use crate::tui::ruleset::{Ctx, PanelPlace, RulesetUi};
use crate::tui::widgets::{flow, side_panel};
use crate::variants::base::BaseView;
use crate::variants::risk::RiskView;
use crate::variants::risk::control::Hold;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use serde_json::Map;
use serde_json::{Value, json};

/// What the army layer waits for, for the title bar (`None` when the base game drives).
pub fn phase_text(v: &RiskView, cx: &Ctx) -> Option<String> {
    let people = &cx.people;
    let who = |s| {
        if Some(s) == cx.me {
            "you".to_string()
        } else {
            people.name(s).to_string()
        }
    };
    match v.base.phase.as_str() {
        "start-unit" => Some(format!(
            "Risk · {} place{} a starting unit (Tab, Enter)",
            who(v.base.current?),
            if v.base.current == cx.me { "" } else { "s" }
        )),
        "claim" => Some(format!(
            "Risk · claim loop: {} (Tab, Enter)",
            who(v.base.current?)
        )),
        "battle" => v.battle.as_ref().map(|b| {
            format!(
                "Risk · battle: {} attacks {} (:attack, :stop, :retreat)",
                who(b.attacker),
                who(b.defender)
            )
        }),
        _ => None,
    }
}

/// What to do now while the army layer waits (placements and battles), for the status line;
/// `None` leaves it to the base game's prompt.
pub fn prompt(cx: &Ctx, v: &RiskView) -> Option<(String, ratatui::style::Style)> {
    let t = cx.theme;
    let mine = v.base.current.is_some() && v.base.current == cx.me;
    let text = match v.base.phase.as_str() {
        "start-unit" if mine => {
            "Place your free foot soldier next to your new settlement: Tab to a hex, Enter (or :place HEX)."
        }
        "claim" if mine => "Claim an empty land hex with a free foot soldier: Tab to it, Enter (or :place HEX).",
        "battle" if mine => {
            "Your battle: :attack HEX for another round, :stop to stay and contest, :retreat to go back."
        }
        "start-unit" | "claim" => "Waiting for the armies to be placed.",
        "battle" => "A battle is being fought.",
        "main" if mine => {
            "Build, trade, and armies: :buy armies 1 foot with wool at C, :move, :attack, :barrage, :redeploy, e ends."
        }
        _ => return None,
    };
    Some((text.into(), if mine { t.good() } else { t.title() }))
}

/// Draws the panel into `area`.
pub fn panel(cx: &Ctx, v: &RiskView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let people = &cx.people;
    let map = cx.st.map.as_ref();
    let name = |h| map.map_or("?".to_string(), |m| m.hex_name(h).to_string());
    let style = |s: Seat| t.player(people.colors.get(s as usize).map_or("", |c| c.as_str()));
    let letter = |s: Seat| people.letters.get(s as usize).copied().unwrap_or('?');
    let mut lines: Vec<Line> = Vec::new();
    if let Some(b) = &v.battle {
        lines.push(Line::from(vec![
            Span::styled(format!(" Battle for {}: ", name(b.hex)), t.error()),
            Span::styled(letter(b.attacker).to_string(), style(b.attacker)),
            Span::styled(" attacks ", t.dim()),
            Span::styled(letter(b.defender).to_string(), style(b.defender)),
            Span::styled(format!(", round {}", b.rounds), t.dim()),
        ]));
    }
    if v.bought > 0 {
        lines.push(Line::from(Span::styled(
            format!(
                " Bought {} unit(s) this turn, paid in {}",
                v.bought,
                v.declared.map_or("-", |r| r.name())
            ),
            t.dim(),
        )));
    }
    let width = area.width.saturating_sub(3) as usize;
    lines.push(Line::from(Span::styled(
        " hex pips · seat foot/cavalry/cannon",
        t.dim(),
    )));
    let entries = v
        .hexes
        .iter()
        .filter(|h| !h.armies.is_empty())
        .map(|h| {
            let (mark, mark_style) = match h.hold {
                Hold::Controlled(_) => (" held", t.good()),
                Hold::Contested(..) => (" CONTEST", t.error()),
                Hold::Occupied(_) | Hold::Empty => ("", t.dim()),
            };
            let mut spans = vec![Span::styled(
                format!("{} {}", name(h.hex), h.pips),
                t.dim(),
            )];
            for a in &h.armies {
                spans.push(Span::raw(" "));
                spans.push(Span::styled(letter(a.seat).to_string(), style(a.seat)));
                spans.push(Span::styled(
                    format!("{}/{}/{}", a.foot, a.cavalry, a.cannon),
                    t.title(),
                ));
            }
            spans.push(Span::styled(mark.to_string(), mark_style));
            spans
        })
        .collect();
    for l in flow(entries, width, 3) {
        let mut spans = vec![Span::raw(" ")];
        spans.extend(l.spans);
        lines.push(Line::from(spans));
    }
    if !v.sieges.is_empty() {
        let list: Vec<String> = v
            .sieges
            .iter()
            .map(|c| map.map_or("?".into(), |m| m.corner_name(*c)))
            .collect();
        for part in wrap(&format!("Besieged: {}", list.join(" ")), width) {
            lines.push(Line::from(Span::styled(format!(" {part}"), t.warn())));
        }
    }
    let annexed = v.annexed_buildings.len() + v.annexed_roads.len();
    if annexed > 0 {
        lines.push(Line::from(Span::styled(
            format!(" Annexed pieces: {annexed}"),
            t.warn(),
        )));
    }
    side_panel(
        t,
        Span::styled(" Armies ", t.title()),
        lines,
        cx.panel_scroll,
        area,
        buf,
    );
}

/// A Risk of Catan game's view in a client: its base game under the armies, which the
/// players, hand and actions panes show, with the armies panel in place of the actions.
pub struct Risk<'a>(pub &'a RiskView);

impl<'a> Risk<'a> {
    fn base(&self) -> Base<'a> {
        Base(&self.0.base)
    }
}

impl<'a> RulesetUi<'a> for Risk<'a> {
    fn classic(&self) -> Option<&'a BaseView> {
        Some(&self.0.base)
    }

    /// The army layer's wait when it has one, else the base game's phase.
    fn phase_text(&self, cx: &Ctx) -> String {
        phase_text(self.0, cx).unwrap_or_else(|| self.base().phase_text(cx))
    }

    fn pass_text(&self, cx: &Ctx) -> String {
        self.base().pass_text(cx)
    }

    /// The army layer's prompt when it waits, else the base game's.
    fn prompt(&self, cx: &Ctx) -> (String, Style) {
        prompt(cx, self.0).unwrap_or_else(|| self.base().prompt(cx))
    }

    fn panel_place(&self) -> PanelPlace {
        PanelPlace::Actions
    }

    fn panel(&self, cx: &Ctx, area: Rect, buf: &mut Buffer) {
        panel(cx, self.0, area, buf)
    }

    fn vp_total(&self) -> Option<u32> {
        self.base().vp_total()
    }

    fn dialog_hand(&self) -> Option<ResourceSet> {
        self.base().dialog_hand()
    }

    fn owed_discard(&self, seat: Seat) -> u32 {
        self.base().owed_discard(seat)
    }

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
            "Armies (seat letter, foot/cavalry/cannon; on the board r×3 under a hex, upper case = controls the hex):"
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

/// Risk of Catan: each hex's armies under its label. A holder's letter and unit count, upper
/// case when the units control the hex (`B5`), lower case when they only occupy it (`b2`);
/// two players (`b3r2`) contest it, marked `!!` above the label. Single-type counts per unit
/// (foot/cavalry/cannon) are in the armies panel and the `state` line.
/// Armies under each hex's label: the seat's letter, `×`, its units (`w×3`; upper case when
/// the seat controls the hex), so a seat's letter never reads as a terrain label (`W4` is
/// grain on 4, `W×4` white's four units); a contested hex shows both sides under `!!`.
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
            },
            Hold::Controlled(s) => HexNote {
                top: None,
                bottom: Some((
                    format!("{}×{}", letter(s).to_ascii_uppercase(), total(s)),
                    Ink::Player(s),
                )),
            },
            Hold::Contested(a, b) => HexNote {
                top: Some(("!!".into(), Ink::Robber)),
                bottom: Some((
                    format!("{}{}{}{}", letter(a), total(a), letter(b), total(b)),
                    Ink::Note,
                )),
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
