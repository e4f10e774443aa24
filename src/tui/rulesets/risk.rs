//! The Risk of Catan armies panel, in place of the actions pane: the battle being fought,
//! then every hex with units (owner letter in the owner's colour, foot/cavalry/cannon counts,
//! units needed to control it) marked controlled, occupied or contested, and the sieges. The
//! board itself shows each hex's holders and totals; the log tells every battle in words.

use crate::engine::Seat;
use crate::tui::log_pane::wrap;
use crate::client::rulesets::risk::Risk;
use crate::tui::ruleset::{Ctx, OwnKey, PanelPlace, RulesetUi};
use crate::tui::widgets::{flow, side_panel};
use crate::variants::risk::RiskView;
use crate::variants::risk::control::Hold;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};

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
        // The keys are said only to the seat that places.
        "start-unit" if v.base.current == cx.me => {
            Some("Risk · you place a starting unit (Tab, Enter)".into())
        }
        "start-unit" => Some(format!(
            "Risk · {} places a starting unit",
            who(v.base.current?)
        )),
        "claim" if v.base.current == cx.me => {
            Some("Risk · claiming the land: your unit (Tab, Enter)".into())
        }
        "claim" => Some(format!(
            "Risk · claiming the land: {} places a unit",
            who(v.base.current?)
        )),
        // The key is said only to the attacker, whose `f` fights on.
        "battle" => v.battle.as_ref().map(|b| {
            let key = if Some(b.attacker) == cx.me { " (f)" } else { "" };
            format!(
                "Risk · battle: {} attacks {}{key}",
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
            "Place your free foot soldier next to your new settlement (on another's army it fights): Tab to a hex, Enter."
        }
        "claim" if mine => "Claim an empty land hex with a free foot soldier: Tab to it, Enter (or :place HEX).",
        "battle" if mine => {
            "Your battle: f to attack again, stop and contest, or retreat (:attack HEX, :stop, :retreat)."
        }
        "start-unit" | "claim" => "Waiting for the armies to be placed.",
        "battle" => "A battle is being fought.",
        "main" if mine => {
            "Build, trade, armies: on a hex, u buys units, v moves armies there, f attacks it; e ends."
        }
        _ => return None,
    };
    Some((text.into(), if mine { t.good() } else { t.title() }))
}

/// The armies' commands on keys, over the hex under the cursor: fight, buy units, move.
const OWN_KEYS: &[OwnKey] = &[
    OwnKey {
        key: 'f',
        verbs: &["attack", "barrage", "stop", "retreat"],
        what: "fight: attack, fire a barrage, stop or retreat",
        help: "fight: attack the hex under the cursor, barrage it; stop or retreat",
    },
    OwnKey {
        key: 'u',
        verbs: &["buy"],
        what: "buy units",
        help: "buy units for the hex under the cursor",
    },
    OwnKey {
        key: 'v',
        verbs: &["move", "redeploy"],
        what: "move armies",
        help: "move armies to the hex under the cursor",
    },
];

/// Why fighting, buying or moving armies (`f`, `u`, `v`) is not open now, as the whole
/// message: whose turn it is, what the phase waits for, else what the armies lack.
fn own_why_not(cx: &Ctx, v: &RiskView, key: char) -> Option<String> {
    let b = &v.base;
    let me = cx.me?;
    if b.current != Some(me) {
        return Some(match b.current {
            Some(s) => format!("It is {}'s turn.", cx.people.name(s)),
            None => "Others are discarding after the 7.".into(),
        });
    }
    let why = match (b.phase.as_str(), key) {
        ("start-unit" | "claim", _) => "First place your free foot soldier: Tab to a hex, Enter.".into(),
        ("battle", 'f') => return None,
        ("battle", _) => "Finish the battle first: f attacks again, stops or retreats.".into(),
        ("roll", _) => "Roll the dice first: r.".into(),
        ("robber", _) => "First move the robber: Tab to a hex, Enter.".into(),
        ("discard", _) => "Wait: players are discarding after the 7.".into(),
        (_, 'f') => "No army of yours shares a hex with an enemy's, and no cannon of yours has \
             a target in range: move in first (v), then f attacks."
            .into(),
        (_, 'u') => {
            let vp = b.players.iter().find(|p| p.seat == me).map_or(0, |p| p.vp);
            let hand = b.you.as_ref().map(|y| y.hand).unwrap_or_default();
            match v.declared {
                _ if v.bought >= vp => format!(
                    "You may buy one unit per public victory point a turn: {} bought.",
                    v.bought
                ),
                Some(d) if hand[d] == 0 => format!(
                    "Units this turn are paid in {d}, as you declared, and you hold no {d}."
                ),
                None if hand.is_empty() => "You have no cards to pay for units.".into(),
                _ => "No units can be bought now: buying ends once you move or fight.".into(),
            }
        }
        (_, 'v') => "None of your armies can move now.".into(),
        _ => return None,
    };
    Some(why)
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
                " Bought {} this turn, paid in {}",
                crate::rules::words::count(v.bought, "unit"),
                v.declared.map_or("-", |r| r.name())
            ),
            t.dim(),
        )));
    }
    let width = area.width.saturating_sub(3) as usize;
    // The board's marks under a hex, named where the row has room for them.
    let header = " hex need · seat foot/cavalry/cannon";
    let marks = " · r✓3 = held";
    lines.push(Line::from(Span::styled(
        if header.chars().count() + marks.chars().count() <= width + 1 {
            format!("{header}{marks}")
        } else {
            header.to_string()
        },
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

impl<'a> RulesetUi<'a> for Risk<'a> {
    fn own_keys(&self) -> &'static [OwnKey] {
        OWN_KEYS
    }

    fn own_why_not(&self, cx: &Ctx, key: char) -> Option<String> {
        own_why_not(cx, self.0, key)
    }

    super::base::through_base!();

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
}

#[cfg(any(test, feature = "bench-sample"))]
impl crate::tui::sample::Sample {
    /// A Risk of Catan game with "Ann" in seat 1 (placing first) and bots in the others.
    pub fn risk(seed: u64, seats: usize, level: crate::tui::theme::ColorLevel) -> Self {
        let mut cfg = crate::variants::risk::RiskConfig::new(seats, seed);
        cfg.base.first = Some(0);
        let game = crate::variants::Game::Risk(crate::variants::risk::RiskGame::new(cfg).expect("a valid game"));
        Self::with_game(game, seed, &["Ann"], seats, level)
    }
}
