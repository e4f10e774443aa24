//! The Adaptations panel beside the board: the turn and phase, the seasons and what each land
//! holds under them, the piles and the Game End count, the caps used this turn, every
//! player's AP, herds, adaptations and conflict VP, and your hand. The board itself shows
//! each position's name and capacity above its label and the herds beside the terrain; the
//! log tells drifts, drownings and conflicts. The game's own keys offer its moves on the hex
//! under the cursor; every move is also a command (`:`).

use crate::engine::Seat;
use crate::rules::resources::Terrain;
use crate::tui::lines::{hand_line, list_lines};
use crate::client::rulesets::adaptations::Adaptations;
use crate::tui::ruleset::{Ctx, Keys, OwnKey, PanelPlace, RulesetUi};
use crate::tui::widgets::People;
use crate::board::Map;
use crate::geometry::Hex;
use crate::topology::HexId;
use crate::variants::adaptations::drift::{self, name as pos_name};
use crate::variants::adaptations::Piece;
use crate::variants::adaptations::{
    AdaptView, Adaptation, DRIFT_CAP, MARKER_CAP, SEASON_CAP, WATER_CAP,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use crate::tui::widgets::side_panel;

fn name(people: &People, s: Seat, me: Option<Seat>) -> String {
    if Some(s) == me {
        "you".into()
    } else {
        people.name(s).to_string()
    }
}

fn phase_words(p: &str) -> &'static str {
    match p {
        "placement" => "placement",
        "climate" => "1 climate change",
        "evolution" => "2 evolution",
        "territorial" => "3 conflict (Territorial)",
        "retreat" => "3 conflict (Retreat)",
        _ => "game over",
    }
}

/// The phase in words for the title bar.
pub fn phase_text(v: &AdaptView, people: &People, me: Option<Seat>) -> String {
    match v.phase.as_str() {
        "over" => "Adaptations · game over".into(),
        "placement" => format!(
            "Adaptations · placement · {}",
            v.prompted
                .first()
                .map_or(String::new(), |s| name(people, *s, me))
        ),
        p => format!(
            "Adaptations · turn {}/{} · phase {} · {}",
            v.turn,
            v.max_turns,
            phase_words(p),
            v.prompted
                .first()
                .map_or(String::new(), |s| name(people, *s, me))
        ),
    }
}

/// What to do now, for the status line.
pub fn prompt(cx: &Ctx, v: &AdaptView) -> (String, Style) {
    let t = cx.theme;
    let me = cx.me;
    if v.phase == "over" {
        return ("The game is over: q quits.".into(), t.good());
    }
    let mine = me.is_some() && v.prompted.first().copied() == me;
    if !mine {
        let who = v
            .prompted
            .first()
            .map_or("nobody".into(), |s| cx.people.name(*s).to_string());
        return (format!("Waiting for {who}. ? shows the keys."), t.dim());
    }
    let text = match v.phase.as_str() {
        "placement" => "Place two herds on land: cursor on a hex, p (or :place AB AC)",
        "climate" => "Climate change: d drifts the tile under the cursor, s the seasons, e done",
        "evolution" => {
            "Evolution: on a hex, v moves herds, p reproduces, d drifts; b adaptations; e done"
        }
        "territorial" => "Territorial: c on a hex starts a conflict there, or e when done",
        "retreat" => "A herd of yours is removed: c to retreat it (or stay)",
        _ => "",
    };
    (text.into(), t.title())
}

fn short(a: Adaptation) -> &'static str {
    match a {
        Adaptation::Litters => "Lit",
        Adaptation::Intelligence => "Int",
        Adaptation::Swimming => "Swim",
        Adaptation::Skill => "Skill",
        Adaptation::Foresight => "Fore",
        Adaptation::Speed => "Spd",
        Adaptation::Territorial => "Terr",
        Adaptation::Retreat => "Retr",
        Adaptation::Aggressive => "Agg",
    }
}

/// Draws the panel into `area`.
pub fn panel(cx: &Ctx, v: &AdaptView, area: Rect, buf: &mut Buffer) {
    let t = cx.theme;
    let people = &cx.people;
    let me = cx.me;
    let mut lines: Vec<Line> = Vec::new();
    let mut head = vec![Span::styled(
        format!(
            " Turn {}/{} · {} ",
            v.turn,
            v.max_turns,
            phase_words(&v.phase)
        ),
        t.title(),
    )];
    if let Some(s) = cx.st.deadline_secs(cx.now) {
        head.push(Span::styled(format!("{s:.0}s"), t.warn()));
    }
    lines.push(Line::from(head));
    if let Some(s) = v.prompted.first() {
        lines.push(Line::from(Span::styled(
            format!(" Playing: {}", name(people, *s, me)),
            t.good(),
        )));
    }
    // Seasons and capacities.
    // The terrain beside each season's resource where the panel has room for it.
    let roomy = area.width >= 44;
    let season = |r: Option<crate::rules::resources::Resource>| {
        r.map_or("—".to_string(), |r| {
            if roomy {
                format!("{r} ({})", r.terrain().name())
            } else {
                r.to_string()
            }
        })
    };
    lines.push(Line::from(vec![
        Span::styled(" High ", t.dim()),
        Span::styled(season(v.high), t.good()),
        Span::styled("  Low ", t.dim()),
        Span::styled(season(v.low), t.error()),
    ]));
    let mut caps = vec![Span::styled(" capacity ", t.dim())];
    for terrain in Terrain::ALL {
        let base = crate::variants::adaptations::cards::base_capacity(terrain);
        let cap = if terrain == Terrain::Desert {
            base
        } else if v.high.map(|r| r.terrain()) == Some(terrain) {
            base + 1
        } else if v.low.map(|r| r.terrain()) == Some(terrain) {
            base - 1
        } else {
            base
        };
        caps.push(Span::styled(
            format!("{}{cap} ", terrain.letter()),
            if cap > base {
                t.good()
            } else if cap < base {
                t.error()
            } else {
                t.title()
            },
        ));
    }
    lines.push(Line::from(caps));
    // Piles.
    lines.push(Line::from(vec![
        Span::styled(" Game End ", t.dim()),
        Span::styled(format!("{}/15", v.game_end), t.warn()),
        Span::styled(format!("  draw {}", v.draw), t.dim()),
    ]));
    lines.push(hand_line(t, "discard ", &v.discard, area.width.saturating_sub(3) as usize));
    let caps: Vec<String> = ["drifts", "water", "season", "markers"]
        .iter()
        .zip(v.caps_used)
        .zip([DRIFT_CAP, WATER_CAP, SEASON_CAP, MARKER_CAP])
        .map(|((what, used), cap)| format!("{what} {used}/{cap}"))
        .collect();
    lines.extend(list_lines(
        t,
        "this turn:",
        &caps,
        "",
        t.dim(),
        area.width.saturating_sub(3) as usize,
    ));
    if let Some(h) = v.retreat_from {
        lines.push(Line::from(Span::styled(
            format!(" A herd is removed at {}: retreat or stay", pos_name(h)),
            t.warn(),
        )));
    }
    // Players.
    lines.push(Line::from(Span::styled(
        format!(
            " {:<11}{:>2}  {:>5} {:>3} {:>5} {}",
            "player", "AP", "herds", "VP", "cards", "adapt"
        ),
        t.dim(),
    )));
    for p in &v.players {
        let s = p.seat;
        let mut spans = vec![Span::raw(if v.prompted.first() == Some(&s) {
            "▶"
        } else {
            " "
        })];
        let mut label = people.label(s, t);
        let label_w: usize = label.iter().map(|x| x.width()).sum();
        spans.append(&mut label);
        spans.push(Span::raw(" ".repeat(11usize.saturating_sub(label_w))));
        let score = v
            .scores
            .get(s as usize)
            .map_or(p.conflict_vp, |sc| sc.total);
        spans.push(Span::styled(
            format!(
                "{:>2}{} {:>5} {:>3} {:>5} ",
                p.ap,
                if p.marker { "*" } else { " " },
                p.on_board,
                score,
                p.cards
            ),
            t.title(),
        ));
        let held: Vec<String> = Adaptation::ALL
            .iter()
            .filter(|a| p.adaptations[a.index()] > 0)
            .map(|a| match p.adaptations[a.index()] {
                1 => short(*a).to_string(),
                k => format!("{}×{k}", short(*a)),
            })
            .collect();
        spans.push(Span::styled(held.join(" "), t.good()));
        lines.push(Line::from(spans));
    }
    if v.players.iter().any(|p| p.marker) {
        let words: Vec<String> = "a bonus marker: +1 AP in evolution"
            .split(' ')
            .map(String::from)
            .collect();
        lines.extend(list_lines(
            t,
            "AP *",
            &words,
            "",
            t.dim(),
            area.width.saturating_sub(3) as usize,
        ));
    }
    if let Some(hand) = &v.hand {
        lines.push(hand_line(t, "hand", hand, area.width.saturating_sub(3) as usize));
    }
    if !v.winners.is_empty() {
        let w: Vec<String> = v.winners.iter().map(|s| name(people, *s, me)).collect();
        lines.push(Line::from(Span::styled(
            format!(" Winner: {}", w.join(", ")),
            t.good(),
        )));
        for (s, sc) in v.scores.iter().enumerate() {
            lines.push(Line::from(Span::styled(
                format!(
                    " {}: {} (land {}, conflict {}, adaptations {})",
                    name(people, s as Seat, me),
                    sc.total,
                    sc.land,
                    sc.conflict,
                    sc.adaptations
                ),
                t.title(),
            )));
        }
    }
    let key: Vec<String> =
        "name+capacity above, herds beside the terrain (a2b1, or a digit per seat); ~ sea"
            .split(' ')
            .map(String::from)
            .collect();
    lines.extend(list_lines(
        t,
        "board:",
        &key,
        "",
        t.dim(),
        area.width.saturating_sub(3) as usize,
    ));
    // The subtitle where the frame has room for it and a corner of border.
    let mut title = vec![Span::styled(" Adaptations ", t.title())];
    let subtitle = "· herds on drifting tiles ";
    if " Adaptations ".len() + subtitle.len() + 4 <= area.width as usize {
        title.push(Span::styled(subtitle, t.dim()));
    }
    let title = Line::from(title);
    side_panel(t, title, lines, cx.panel_scroll, area, buf);
}

impl<'a> RulesetUi<'a> for Adaptations<'a> {
    fn board_words(&self) -> Option<&'static [&'static str]> {
        Some(BOARD_WORDS)
    }

    fn phase_text(&self, cx: &Ctx) -> String {
        phase_text(self.0, &cx.people, cx.me)
    }

    fn prompt(&self, cx: &Ctx) -> (String, Style) {
        prompt(cx, self.0)
    }

    fn panel_place(&self) -> PanelPlace {
        PanelPlace::Side
    }

    fn panel(&self, cx: &Ctx, area: Rect, buf: &mut Buffer) {
        panel(cx, self.0, area, buf)
    }

    /// The panel lists every player with their points; the title bar names nobody.
    fn shows_you(&self) -> bool {
        false
    }

    /// Herds and tiles move by the game's own keys over the hex under the cursor (and the
    /// command line); the board's spot keys (Tab, Enter) are base Catan's.
    fn keys(&self) -> Keys {
        Keys::CommandLine
    }

    /// Its frames, herds and drifts are all on hexes.
    fn corners_and_edges(&self) -> bool {
        false
    }

    fn own_keys(&self) -> &'static [OwnKey] {
        OWN_KEYS
    }

    fn hex_info(&self, cx: &Ctx, map: &Map, h: HexId) -> Option<(String, String)> {
        Some(hex_info(cx, self.0, map.topology.hex(h)))
    }

    fn hex_name(&self, map: &Map, h: HexId) -> String {
        drift::name(map.topology.hex(h))
    }

    /// A placement names two hexes in either order (`place AY BL` is `place BL AY`): it is
    /// found from both.
    fn own_hexes(&self, map: &Map, at: Option<HexId>, text: &str) -> Vec<HexId> {
        match placement(text) {
            Some((a, b)) => [a, b]
                .into_iter()
                .filter_map(|h| map.topology.hex_id(h))
                .collect(),
            None => at.into_iter().collect(),
        }
    }

    /// A placement is offered with the hex under the cursor first (`place BL AY` on BL).
    fn offered_from(&self, map: &Map, h: HexId, text: &str) -> String {
        let here = map.topology.hex(h);
        match placement(text) {
            Some((a, b)) if b == here && a != here => format!("place {} {}", pos_name(b), pos_name(a)),
            _ => text.to_string(),
        }
    }

    /// An adaptation with its cost, points and effect; a season choice with which card is
    /// High; a season card's clearing with its cost and the card it takes away.
    fn own_item(&self, text: &str) -> String {
        match own_words(self.0, text) {
            Some(more) => format!("{text} · {more}"),
            None => text.to_string(),
        }
    }

    fn own_keys_hint(&self) -> Option<(&'static str, &'static str)> {
        Some(("p d s v b c e", "moves (? lists)"))
    }

    /// None of Catan's own: its keys are all its own ([`OWN_KEYS`]).
    fn action_keys(&self) -> Vec<(&'static str, &'static str)> {
        Vec::new()
    }

    /// No dice and no resource income here: the game-over panel tells each player's conflict
    /// points, herds on the board and adaptations.
    fn recap_lines(&self, people: &People) -> Option<Vec<String>> {
        Some(recap_lines(self.0, people))
    }
}

/// What an adaptation does, in a few words (Intelligence only scores).
fn effect(a: Adaptation) -> &'static str {
    match a {
        Adaptation::Litters => "2 herds a reproduce",
        Adaptation::Intelligence => "",
        Adaptation::Swimming => "herds swim",
        Adaptation::Skill => "+1 AP a turn",
        Adaptation::Foresight => "hand of 6 cards",
        Adaptation::Speed => "8 herds a migrate",
        Adaptation::Territorial => "start conflicts",
        Adaptation::Retreat => "retreat in conflicts",
        Adaptation::Aggressive => "lose herds last",
    }
}

/// What a command of the `b` and `s` lists costs and does, for its line (`None`: the
/// command says it all).
fn own_words(v: &AdaptView, text: &str) -> Option<String> {
    let w: Vec<&str> = text.split_whitespace().collect();
    match w.as_slice() {
        ["buy", a] => {
            let a = Adaptation::parse(a)?;
            let does = match effect(a) {
                "" => String::new(),
                e => format!(": {e}"),
            };
            Some(format!("{} AP, {} VP{does}", a.cost(), a.vp()))
        }
        ["trade", a] => {
            let a = Adaptation::parse(a)?;
            Some(format!("{} AP back, {} VP less", a.refund(), a.vp()))
        }
        ["season", high, low] => Some(format!("{high} high, {low} low")),
        ["clear", pile] => {
            let card = match *pile {
                "high" => v.high,
                "low" => v.low,
                _ => None,
            }?;
            Some(format!("3 AP: {card} leaves the {pile} season"))
        }
        ["triple", card, pile @ ("high" | "low")] => Some(format!("{card} becomes {pile}")),
        _ => None,
    }
}

/// The two hexes of a placement's text (`place AY BL`), in the order written.
fn placement(text: &str) -> Option<(Hex, Hex)> {
    let mut w = text.split_whitespace();
    if w.next()? != "place" {
        return None;
    }
    let a = drift::parse_pos(w.next()?)?;
    let b = w.next().map_or(Some(a), drift::parse_pos)?;
    Some((a, b))
}

/// Each player's conflict VP, herds on the board and adaptations held, for the game-over
/// summary.
fn recap_lines(v: &AdaptView, people: &People) -> Vec<String> {
    let mut out = vec![format!(
        " {:<14}{:>9}{:>7}  adaptations",
        "player", "conflict", "herds"
    )];
    for p in &v.players {
        let held: Vec<String> = Adaptation::ALL
            .iter()
            .filter(|a| p.adaptations[a.index()] > 0)
            .map(|a| match p.adaptations[a.index()] {
                1 => a.name().to_string(),
                n => format!("{}×{n}", a.name()),
            })
            .collect();
        out.push(format!(
            " {:<14}{:>9}{:>7}  {}",
            people.name(p.seat).chars().take(13).collect::<String>(),
            p.conflict_vp,
            p.on_board,
            if held.is_empty() {
                "none".to_string()
            } else {
                held.join(", ")
            }
        ));
    }
    out
}

/// How the board reads, for the help: positions, tiles and herds, no Catan pieces.
const BOARD_WORDS: &[&str] = &[
    "Positions are named by two letters (AB), fixed in the frame whatever tile lies there. Above a tile's label: its position and its capacity (AB 3), or ~ for a sea tile; open water shows the name alone.",
    "Herds stand beside the terrain letter, between the hex's own corners: a seat's letter and its count when one or two players are there (a3b2), else a digit per seat. ~~ is sea.",
];

/// A position in words for the cursor: its name and tile with the room it has, then the
/// herds on it and its neighbours (the positions a herd or a tile may step to).
fn hex_info(cx: &Ctx, v: &AdaptView, h: Hex) -> (String, String) {
    let tile = v.tiles.iter().find(|(p, _)| *p == h).map(|t| t.1);
    let herds: u32 = v
        .herds
        .iter()
        .find(|(p, _)| *p == h)
        .map_or(0, |(_, n)| n.iter().sum());
    let head = match tile {
        Some(Piece::Land(t)) => {
            let cap = v.capacity.iter().find(|(p, _)| *p == h).map_or(0, |c| c.1);
            let room = if herds > cap {
                format!(" · OVERCROWDED {herds}/{cap}")
            } else {
                format!(" · {herds}/{cap} herds")
            };
            format!("{} · {}{room}", drift::name(h), t.name())
        }
        Some(Piece::Sea) => format!("{} · sea tile", drift::name(h)),
        None => format!("{} · open water", drift::name(h)),
    };
    let mut on: Vec<String> = Vec::new();
    if let Some((_, n)) = v.herds.iter().find(|(p, _)| *p == h) {
        for (seat, count) in n.iter().enumerate().filter(|(_, c)| **c > 0) {
            on.push(format!("{}{count}", cx.people.letters.get(seat).copied().unwrap_or('?')));
        }
    }
    let near: Vec<String> = h
        .neighbors()
        .into_iter()
        .filter(|n| drift::in_frame(*n))
        .map(drift::name)
        .collect();
    let near = format!("next to {}", near.join(" "));
    if on.is_empty() {
        (head, near)
    } else {
        (head, format!("{} · {near}", on.join(" ")))
    }
}

/// The game's moves on keys: those that start from a hex act on the hex under the cursor.
const OWN_KEYS: &[OwnKey] = &[
    OwnKey {
        key: 'p',
        verbs: &["place", "reproduce"],
        what: "place or reproduce herds",
        help: "place herds (setup), or reproduce on the hex under the cursor",
    },
    OwnKey {
        key: 'd',
        verbs: &["drift", "water", "triple"],
        what: "drift a tile",
        help: "drift the tile under the cursor (land, sea, or with three cards)",
    },
    OwnKey {
        key: 's',
        verbs: &["season", "clear"],
        what: "the seasons",
        help: "the seasons: choose High and Low, or clear a season card",
    },
    OwnKey {
        key: 'v',
        verbs: &["migrate", "swim"],
        what: "move herds",
        help: "move herds from the hex under the cursor (migrate, swim)",
    },
    OwnKey {
        key: 'b',
        verbs: &["buy", "trade"],
        what: "buy or trade in an adaptation",
        help: "buy or trade in an adaptation",
    },
    OwnKey {
        key: 'c',
        verbs: &["conflict", "retreat", "stay"],
        what: "conflict",
        help: "start a conflict on the hex under the cursor; retreat or stay",
    },
    OwnKey {
        key: 'e',
        verbs: &["done", "discard"],
        what: "end your part",
        help: "done with your part, or discard to end it",
    },
];

#[cfg(any(test, feature = "bench-sample"))]
impl crate::tui::sample::Sample {
    /// An Adaptations game with "Ann" in seat 1 and bots in the others.
    pub fn adaptations(seed: u64, seats: usize, level: crate::tui::theme::ColorLevel) -> Self {
        let cfg = crate::variants::adaptations::AdaptConfig::new(seats, seed);
        let game = crate::variants::Game::Adaptations(
            crate::variants::adaptations::AdaptGame::new(cfg).expect("a valid game"),
        );
        Self::with_game(game, seed, &["Ann"], seats, level)
    }
}
