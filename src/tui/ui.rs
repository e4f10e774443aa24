//! Drawing: the screen as a pure function of the [`App`]. `impl Widget for &App` draws the
//! whole frame, so snapshot tests render into ratatui's `TestBackend` and compare text, and
//! style tests compare buffers.
//!
//! The layout, wide (150 columns and more):
//! ```text
//!  CATAN  title bar: phase, whose turn, last roll, countdown
//! ┌ Board ─────────┐┌ Players ────────┐┌ Log ───────────┐
//! │                ││ Your hand       ││                │
//! │                ││ Actions         │├ Chat ──────────┤
//! └────────────────┘└─────────────────┘└────────────────┘
//!  status: what to do now, errors, the command line
//!  keys
//! ```
//! Narrower terminals put the log under the actions; below 80×24 a message asks for more room.

use super::app::{App, FlashKind, action_lines, base_view};
use super::board;
use super::layout::{self, Areas, MIN_H, MIN_W};
use super::lines::fmt_secs;
use super::lines::res_name;
use super::ruleset::{Keys, PanelPlace};
use super::theme::Theme;
use super::widgets::{centered, panel, scrolling_panel};
use crate::client::state::Line as LogLine;
use crate::engine::Seat;
use crate::rules::resources::{Resource, ResourceSet};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = &self.theme;
        let Some(a) = self.layout(area) else {
            too_small(t, area, buf);
            return;
        };
        if self.pass_to {
            pass_screen(self, area, buf);
        } else if self.st().update.is_none() {
            top_bar(self, a.top, buf);
            waiting_screen(
                self,
                Rect::new(area.x, a.board.y, area.width, a.board.height),
                buf,
            );
            status_line(self, a.status, buf);
            footer(self, a.footer, buf);
        } else {
            top_bar(self, a.top, buf);
            board_pane(self, a.board, buf);
            // A variant's panel takes the whole side column, from the players down.
            let bottom = a.dice.unwrap_or(a.actions);
            let side = Rect::new(
                a.players.x,
                a.players.y,
                a.players.width,
                (bottom.y + bottom.height).saturating_sub(a.players.y),
            );
            if let Some(r) = self.ruleset() {
                let cx = self.ctx();
                match r.panel_place() {
                    PanelPlace::Side => r.panel(&cx, side, buf),
                    place => {
                        players_pane(self, a.players, buf);
                        you_pane(self, a.you, buf);
                        if place == PanelPlace::Actions {
                            r.panel(&cx, a.actions, buf);
                        } else {
                            actions_pane(self, a.actions, buf);
                        }
                    }
                }
            }
            if a.log.height >= 3 {
                log_pane(self, a.log, a.chat.is_none(), buf);
            }
            if let Some(c) = a.chat {
                chat_pane(self, c, buf);
            }
            if let Some(d) = a.dice
                && self.view().is_some()
            {
                dice_pane(self, d, buf);
            }
            status_line(self, a.status, buf);
            footer(self, a.footer, buf);
            if self.editing {
                completions_popup(self, a, buf);
            }
            let body = Rect::new(area.x, a.board.y, area.width, a.board.height);
            if let Some(d) = &self.dialog {
                d.render(body, buf, t);
            }
            if self.results {
                match &self.st().summary {
                    // The host's summary covers every ruleset; before it arrives (or from
                    // an older host) the view's own results.
                    // It takes everything between the top bar and the status line.
                    Some(s) => super::recap::screen(
                        self,
                        s,
                        Rect::new(
                            area.x,
                            a.board.y,
                            area.width,
                            a.status.y.saturating_sub(a.board.y),
                        ),
                        buf,
                    ),
                    None => results_screen(self, body, buf),
                }
            }
        }
        let body = Rect::new(
            area.x,
            area.y + 1,
            area.width,
            area.height.saturating_sub(3),
        );
        if self.help.is_some() {
            help_screen(self, body, buf);
        }
        if self.confirm_quit {
            confirm_quit(self, body, buf);
        }
    }
}

fn too_small(t: &Theme, area: Rect, buf: &mut Buffer) {
    let text = vec![
        Line::from(Span::styled(
            "The terminal is too small for catan.",
            t.warn(),
        )),
        Line::raw(""),
        Line::raw(format!(
            "It is {}×{}; the game needs at least {MIN_W}×{MIN_H}.",
            area.width, area.height
        )),
        Line::raw("Enlarge the window (or make the font smaller)."),
        Line::raw(""),
        Line::from(vec![
            Span::styled("q", t.key()),
            Span::raw(" then "),
            Span::styled("y", t.key()),
            Span::raw(" quits, Ctrl-C at once."),
        ]),
    ];
    let h = (text.len() as u16).min(area.height);
    let y = area.y + area.height.saturating_sub(h) / 2;
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .alignment(ratatui::layout::Alignment::Center)
        .render(
            Rect::new(area.x, y, area.width, area.height - (y - area.y)),
            buf,
        );
}

fn top_bar(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let st = app.st();
    // Narrow terminals leave out the game's name and keep the countdown up front.
    let compact = area.width < 130;
    let mut left = vec![Span::styled(" CATAN ", t.banner()), Span::raw(" ")];
    let timer = st.deadline_secs(app.now).map(|secs| {
        Span::styled(
            fmt_secs(secs),
            if secs < 10.0 { t.error() } else { t.warn() },
        )
    });
    if compact && let Some(tm) = &timer {
        left.push(Span::styled("time ", t.dim()));
        left.push(tm.clone());
        left.push(Span::raw(" "));
    }
    if let Some(g) = &st.game
        && !compact
    {
        left.push(Span::styled(g.name.clone(), t.title()));
        left.push(Span::styled(format!(" · {}", g.variant), t.dim()));
    }
    let people = app.people();
    let ruleset = app.ruleset();
    if let Some(r) = &ruleset {
        let text = r.phase_text(&app.ctx());
        if let Some(v) = r.classic() {
            if v.turn > 0 && !compact {
                left.push(Span::styled(format!(" · turn {}", v.turn), t.dim()));
            }
            left.push(Span::raw("  "));
            left.push(Span::styled(
                text,
                if app.my_turn() { t.good() } else { t.title() },
            ));
            if let Some((a, b)) = v.last_roll {
                left.push(Span::styled(
                    if compact {
                        "  rolled "
                    } else {
                        "   last roll "
                    },
                    t.dim(),
                ));
                let sum = a + b;
                left.push(Span::styled(
                    format!("{sum}"),
                    if sum == 7 { t.error() } else { t.title() },
                ));
                if !compact {
                    left.push(Span::styled(format!(" ({a}+{b})"), t.dim()));
                }
            }
        } else {
            left.push(Span::raw("  "));
            left.push(Span::styled(text, t.title()));
        }
    } else if st.lobby.is_some() {
        left.push(Span::styled(" lobby: waiting for players", t.title()));
    }
    if !compact && let Some(tm) = timer {
        left.push(Span::styled("   time left ", t.dim()));
        left.push(tm);
    }
    let mut right: Vec<Span> = Vec::new();
    match app.me() {
        Some(me) if ruleset.as_ref().is_some_and(|r| r.shows_you()) => {
            right.push(Span::styled("you: ", t.dim()));
            right.extend(people.label(me, t));
            if let Some(vp) = ruleset.as_ref().and_then(|r| r.vp_total()) {
                right.push(Span::styled(format!("  {vp} VP"), t.title()));
            }
        }
        None if st.game.is_some() => right.push(Span::styled("watching", t.warn())),
        _ => {}
    }
    right.push(Span::raw(" "));
    let right = Line::from(right);
    let rw = right.width() as u16;
    let left = Line::from(left);
    if rw + 20 <= area.width {
        left.render(Rect::new(area.x, area.y, area.width - rw - 1, 1), buf);
        right.render(Rect::new(area.x + area.width - rw, area.y, rw, 1), buf);
    } else {
        left.render(area, buf);
    }
}

fn board_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let inner_full = Block::default().borders(Borders::ALL).inner(area);
    let inner = app.board_inner(area);
    let vp = app.viewport(inner);
    let mut title = vec![Span::styled(" Board ", t.title())];
    if let Some(a) = app.effective_action() {
        title.push(Span::styled(format!("· placing {} ", a.what()), t.good()));
    }
    let scrolls = vp.more_left || vp.more_right || vp.more_up || vp.more_down;
    let mut block = panel(t, Line::from(title), app.effective_action().is_some());
    if scrolls {
        block = block.title_bottom(Line::from(Span::styled(
            " more: Shift+arrows or H J K L ",
            t.warn(),
        )));
    }
    block.render(area, buf);
    let colors: Vec<&str> = app
        .st()
        .update
        .as_ref()
        .map(|u| u.seats.iter().map(|s| s.color.as_str()).collect())
        .unwrap_or_default();
    board::paint(
        &app.pic,
        &vp,
        inner,
        buf,
        t,
        &colors,
        app.map().map(|m| m.as_ref()),
    );
    // Arrows on the frame where the picture goes on.
    let mark = |buf: &mut Buffer, x: u16, y: u16, s: &str| {
        if let Some(c) = buf.cell_mut((x, y)) {
            c.set_symbol(s);
            c.set_style(t.warn());
        }
    };
    let right_x = area.x + area.width.saturating_sub(3);
    let mid_y = inner.y + inner.height / 2;
    if vp.more_up {
        mark(buf, right_x, area.y, "▲");
    }
    if vp.more_down {
        mark(buf, right_x, area.y + area.height - 1, "▼");
    }
    if vp.more_left {
        mark(buf, area.x, mid_y, "◀");
    }
    if vp.more_right {
        mark(buf, area.x + area.width - 1, mid_y, "▶");
    }
    // Below the board: the cursor's place, and a key.
    let below = layout::board_footer_lines(app.pic.height() as u16, inner_full);
    let y0 = inner.y + inner.height;
    let mut lines = cursor_info(app);
    lines.truncate(below.min(2) as usize);
    if below >= 4 {
        let mut key = vec![
            Span::styled(" r", t.title()),
            Span::styled(" settlement ", t.dim()),
            Span::styled("R", t.title()),
            Span::styled(" city ", t.dim()),
            Span::styled("rr", t.title()),
            Span::styled(" road ", t.dim()),
        ];
        // Only the Big Game has ships: its key names their mark.
        if app.ruleset().is_some_and(|r| r.ships()) {
            key.push(Span::styled(
                crate::board::render::SHIP.to_string(),
                t.title(),
            ));
            key.push(Span::styled(" ship ", t.dim()));
        }
        key.push(Span::styled("@@", t.title()));
        key.push(Span::styled(" robber", t.dim()));
        lines.push(Line::from(key));
        lines.push(Line::from(vec![
            Span::styled(" F", t.title()),
            Span::styled(" lumber ", t.dim()),
            Span::styled("B", t.title()),
            Span::styled(" brick ", t.dim()),
            Span::styled("S", t.title()),
            Span::styled(" wool ", t.dim()),
            Span::styled("W", t.title()),
            Span::styled(" grain ", t.dim()),
            Span::styled("O", t.title()),
            Span::styled(" ore", t.dim()),
        ]));
    }
    Paragraph::new(lines).render(Rect::new(inner.x, y0, inner.width, below), buf);
}

/// The place under the cursor in words: its name and what Enter does there, then what it
/// touches (hexes, pips, a harbour) and what stands on it.
fn cursor_info(app: &App) -> Vec<Line<'static>> {
    use crate::board::render::Target;
    use crate::rules::resources::pips;
    let t = &app.theme;
    let (Some(c), Some(map), Some(v)) = (app.cursor, app.map(), app.view()) else {
        return vec![Line::from(Span::styled(" arrows move the cursor", t.dim()))];
    };
    let people = app.people();
    let mut first = vec![Span::styled(" ▸ ", t.key())];
    let mut second = vec![Span::raw("   ")];
    match c {
        Target::Corner(id) => {
            first.push(Span::styled(
                format!("corner {}", map.corner_name(id)),
                t.title(),
            ));
            let around: Vec<crate::topology::HexId> = map
                .topology
                .corner_hexes(id)
                .iter()
                .flatten()
                .copied()
                .filter(|h| map.is_land(*h))
                .collect();
            let total: u32 = around
                .iter()
                .filter_map(|h| map.tile(*h).number())
                .map(|n| pips(n) as u32)
                .sum();
            let labels: Vec<String> = around.iter().map(|h| map.tile(*h).label()).collect();
            second.push(Span::styled(
                format!("{} · {total} pips", labels.join(" ")),
                t.dim(),
            ));
            if let Some(h) = map.corner_harbor(id) {
                second.push(Span::styled(format!(" · harbour {h}"), t.notice()));
            }
            if let Some((_, b)) = v.buildings.iter().find(|(x, _)| *x == id) {
                first.push(Span::raw(" "));
                first.extend(people.label(b.owner, t));
            }
        }
        Target::Edge(id) => {
            first.push(Span::styled(
                format!("edge {}", map.edge_name(id)),
                t.title(),
            ));
            let sides: Vec<String> = map
                .topology
                .edge_hexes(id)
                .iter()
                .flatten()
                .map(|h| map.tile(*h).label())
                .collect();
            second.push(Span::styled(
                format!("between {}", sides.join(" and ")),
                t.dim(),
            ));
            if let Some((_, r)) = v.routes.iter().find(|(x, _)| *x == id) {
                first.push(Span::raw(" "));
                first.extend(people.label(r.owner, t));
            }
        }
        Target::Hex(id) => {
            let tile = map.tile(id);
            first.push(Span::styled(
                format!("hex {} · {}", map.hex_name(id), tile.label()),
                t.title(),
            ));
            let what = match tile.terrain().and_then(|x| x.resource()) {
                Some(r) => format!("{r} on {}", tile.number().unwrap_or(0)),
                None => "nothing".into(),
            };
            second.push(Span::styled(
                format!(
                    "produces {what} · {} pips",
                    tile.number().map(pips).unwrap_or(0)
                ),
                t.dim(),
            ));
            if v.robber == id {
                second.push(Span::styled(" · robber", t.warn()));
            }
        }
    }
    if let Some(a) = app.effective_action() {
        let ok = app.legal.command_at(a, c).is_some()
            || matches!(c, Target::Hex(h) if !app.legal.robber_moves(h).is_empty());
        first.push(if ok {
            Span::styled("  ✓ Enter", t.good())
        } else {
            Span::styled("  ✗ not here", t.dim())
        });
    }
    vec![Line::from(first), Line::from(second)]
}

fn players_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let Some(v) = app.view() else { return };
    let people = app.people();
    let seats = app
        .st()
        .update
        .as_ref()
        .map(|u| u.seats.clone())
        .unwrap_or_default();
    let me = app.me();
    let inner_w = area.width.saturating_sub(2) as usize;
    // Room for the numbers (28) and a tag or two (6); the name takes what is left.
    let name_w = inner_w.saturating_sub(34).clamp(8, 16);
    let mut lines = vec![Line::from(Span::styled(
        format!(
            "   {:<nw$}{:>3}{:>6}{:>5}{:>4}{:>6}",
            "player",
            "VP",
            "cards",
            "dev",
            "kn",
            "road",
            nw = name_w + 2
        ),
        t.dim(),
    ))];
    for p in &v.players {
        let s = p.seat;
        let info = seats.get(s as usize);
        let acting = match v.phase.as_str() {
            "discard" => p.must_discard.is_some(),
            "over" => v.winner == Some(s),
            _ => v.current == Some(s),
        };
        let mut name = people.name(s).to_string();
        if Some(s) == me && name_w >= 12 {
            name.push_str(" (you)");
        }
        let name: String = name.chars().take(name_w).collect();
        let st = t.player(people.colors.get(s as usize).map_or("", |c| c.as_str()));
        let mut spans = vec![
            Span::styled(if acting { "▶ " } else { "  " }, t.key()),
            Span::styled(
                people
                    .letters
                    .get(s as usize)
                    .copied()
                    .unwrap_or('?')
                    .to_string(),
                st,
            ),
            Span::raw(" "),
            Span::styled(format!("{name:<name_w$}"), st),
            Span::styled(format!("{:>3}", p.vp), t.title()),
            Span::raw(format!(
                "{:>6}{:>5}{:>4}{:>6}",
                p.cards, p.dev_cards, p.knights, p.road_length
            )),
        ];
        let mut tags = Vec::new();
        if p.longest_road {
            tags.push(Span::styled(" LR", t.good()));
        }
        if p.largest_army {
            tags.push(Span::styled(" LA", t.good()));
        }
        if let Some(n) = p.must_discard {
            tags.push(Span::styled(format!(" discards {n}"), t.warn()));
        }
        match info {
            Some(i) if i.bot => tags.push(Span::styled(" bot", t.dim())),
            Some(i) if i.away => tags.push(Span::styled(" away (bot plays)", t.warn())),
            Some(i) if !i.connected => tags.push(Span::styled(" offline", t.error())),
            _ => {}
        }
        if p.out {
            tags.push(Span::styled(" out", t.dim()));
        }
        spans.extend(tags);
        lines.push(Line::from(spans));
    }
    if area.height as usize >= v.players.len() + 4 {
        lines.push(bank_line(t, &v.bank, v.deck, inner_w));
    }
    let title = Line::from(vec![
        Span::styled(" Players ", t.title()),
        Span::styled(format!("· {} VP to win ", v.vp_target), t.dim()),
    ]);
    Paragraph::new(lines)
        .block(panel(t, title, false))
        .render(area, buf);
}

fn bank_line(t: &Theme, bank: &ResourceSet, deck: u32, width: usize) -> Line<'static> {
    let long = 5
        + Resource::ALL
            .iter()
            .map(|r| r.name().len() + 4)
            .sum::<usize>()
        + 10;
    let mut spans = vec![Span::styled(" Bank", t.dim())];
    for r in Resource::ALL {
        let name = if width >= long {
            r.name().to_string()
        } else {
            r.name()[..2].to_string()
        };
        spans.push(Span::styled(format!(" {name}"), t.resource(r)));
        spans.push(Span::raw(format!(" {}", bank[r])));
    }
    spans.push(Span::styled(format!("  deck {deck}"), t.dim()));
    Line::from(spans)
}

fn hand_spans(t: &Theme, hand: &ResourceSet, short: bool) -> Vec<Span<'static>> {
    let mut spans = vec![Span::raw(" ")];
    for r in Resource::ALL {
        let n = hand[r];
        spans.push(Span::styled(
            res_name(r, short).to_string(),
            if n > 0 { t.resource(r) } else { t.dim() },
        ));
        spans.push(Span::styled(
            format!(" {n}  "),
            if n > 0 { t.title() } else { t.dim() },
        ));
    }
    spans.push(Span::styled(format!("= {}", hand.total()), t.dim()));
    spans
}

fn you_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let Some(v) = app.view() else { return };
    let Some(y) = &v.you else {
        Paragraph::new(vec![
            Line::raw(" You are watching: hands stay hidden."),
            Line::from(Span::styled(
                " Everything public shows: pieces, counts, the log.",
                t.dim(),
            )),
        ])
        .block(panel(t, Span::styled(" Spectator ", t.title()), false))
        .render(area, buf);
        return;
    };
    let short = area.width < 50;
    let mut lines = vec![Line::from(hand_spans(t, &y.hand, short))];
    let mut dev: Vec<Span> = vec![Span::styled(" cards: ", t.dim())];
    if y.dev_cards.is_empty() {
        dev.push(Span::styled("none", t.dim()));
    }
    let mut seen = Vec::new();
    for c in &y.dev_cards {
        if seen.contains(&c.card) {
            continue;
        }
        seen.push(c.card);
        let all: Vec<_> = y.dev_cards.iter().filter(|x| x.card == c.card).collect();
        let ready = all.iter().filter(|x| x.playable).count();
        let n = all.len();
        if dev.len() > 1 {
            dev.push(Span::styled(" · ", t.dim()));
        }
        let label = if n > 1 {
            format!("{} ×{n}", c.card)
        } else {
            c.card.to_string()
        };
        dev.push(Span::styled(
            label,
            if ready > 0 { t.title() } else { t.dim() },
        ));
        if ready < n && c.card != crate::rules::devcards::DevCard::VictoryPoint {
            dev.push(Span::styled(
                if ready == 0 { " (new)" } else { " (1 new)" },
                t.dim(),
            ));
        }
    }
    lines.push(Line::from(dev));
    let mut rates = vec![Span::styled(" bank trades: ", t.dim())];
    let generic = y.bank_rates.iter().copied().max().unwrap_or(4);
    rates.push(Span::raw(format!("{generic}:1")));
    for r in Resource::ALL {
        let rate = y.bank_rates[r as usize];
        if rate < generic {
            rates.push(Span::raw(format!(" · {} {rate}:1", r.name())));
        }
    }
    if area.height >= 6 {
        lines.push(Line::from(rates));
    }
    let hidden = y.vp_total.saturating_sub(
        v.players
            .get(app.me().unwrap_or(0) as usize)
            .map_or(0, |p| p.vp),
    );
    let title = Line::from(vec![
        Span::styled(" Your hand ", t.title()),
        Span::styled(
            format!(
                "· {} VP{} ",
                y.vp_total,
                if hidden > 0 {
                    format!(" ({hidden} hidden)")
                } else {
                    String::new()
                }
            ),
            t.dim(),
        ),
    ]);
    Paragraph::new(lines)
        .block(panel(t, title, false))
        .render(area, buf);
}

fn actions_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let lines: Vec<Line> = action_lines(app, area.width < 52)
        .into_iter()
        .map(|(_, l)| l)
        .collect();
    let title = if app.my_turn() {
        Line::from(vec![
            Span::styled(" Actions ", t.title()),
            Span::styled("· your move ", t.good()),
        ])
    } else {
        Line::from(Span::styled(" Actions ", t.title()))
    };
    Paragraph::new(lines)
        .block(panel(t, title, app.my_turn()))
        .render(area, buf);
}

fn dice_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let Some(v) = app.view() else { return };
    let total: u32 = v.dice[2..=12].iter().sum();
    let max = v.dice[2..=12].iter().copied().max().unwrap_or(0).max(1);
    let bar_w = area.width.saturating_sub(16) as u32;
    let last = v.last_roll.map(|(a, b)| (a + b) as usize);
    let lines: Vec<Line> = (2..=12usize)
        .map(|n| {
            let c = v.dice[n];
            let len = if c == 0 { 0 } else { (c * bar_w).div_ceil(max) } as usize;
            let hot = n == 6 || n == 8;
            let mut spans = vec![
                Span::styled(
                    format!(" {n:>2} "),
                    if n == 7 { t.error() } else { t.dim() },
                ),
                Span::styled(
                    "█".repeat(len),
                    if n == 7 {
                        t.error()
                    } else if hot {
                        t.warn()
                    } else {
                        t.notice()
                    },
                ),
                Span::raw(format!(" {c}")),
            ];
            if last == Some(n) {
                spans.push(Span::styled(" ◀ last", t.key()));
            }
            Line::from(spans)
        })
        .collect();
    let title = Line::from(vec![
        Span::styled(" Dice ", t.title()),
        Span::styled(
            format!("· {total} roll{} ", if total == 1 { "" } else { "s" }),
            t.dim(),
        ),
    ]);
    Paragraph::new(lines)
        .block(panel(t, title, false))
        .render(area, buf);
}

/// Wraps text to a width at spaces (long words are cut).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    let mut cur = String::new();
    for word in text.split(' ') {
        let wl = word.chars().count();
        let cl = cur.chars().count();
        if cl > 0 && cl + 1 + wl > width {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push(' ');
        }
        cur.push_str(word);
        while cur.chars().count() > width {
            let head: String = cur.chars().take(width).collect();
            let tail: String = cur.chars().skip(width).collect();
            out.push(head);
            cur = tail;
        }
    }
    if !cur.is_empty() || out.is_empty() {
        out.push(cur);
    }
    out
}

fn log_style(t: &Theme, l: &LogLine) -> Style {
    match l {
        LogLine::Error(_) => t.error(),
        LogLine::Notice(_) => t.notice(),
        LogLine::Chat { .. } => t.title(),
        LogLine::Event(s) if s.starts_with("Turn ") => t.title(),
        LogLine::Event(s) if s.contains(" win") => t.good(),
        LogLine::Event(_) => Style::new(),
    }
}

fn log_text(l: &LogLine) -> String {
    match l {
        LogLine::Event(s) => s.clone(),
        LogLine::Error(s) => format!("✗ {s}"),
        LogLine::Notice(s) => format!("· {s}"),
        LogLine::Chat { from, text } => format!("{from}: {text}"),
    }
}

fn log_pane(app: &App, area: Rect, with_chat: bool, buf: &mut Buffer) {
    let t = &app.theme;
    let inner_w = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    // Only the newest lines that can show are wrapped: a long game's log costs nothing.
    let need = inner_h + app.log_scroll;
    let mut rows: Vec<(String, Style)> = Vec::new();
    for l in app.st().log.iter().rev() {
        if !with_chat && matches!(l, LogLine::Chat { .. }) {
            continue;
        }
        let st = log_style(t, l);
        let parts = wrap(&log_text(l), inner_w.saturating_sub(2));
        for (i, part) in parts.into_iter().enumerate().rev() {
            rows.push((format!("{}{part}", if i == 0 { " " } else { "   " }), st));
        }
        if rows.len() >= need {
            break;
        }
    }
    rows.reverse();
    let scroll = app.log_scroll.min(rows.len().saturating_sub(inner_h));
    let end = rows.len() - scroll;
    let start = end.saturating_sub(inner_h);
    let lines: Vec<Line> = rows[start..end]
        .iter()
        .map(|(s, st)| Line::from(Span::styled(s.clone(), *st)))
        .collect();
    let mut title = vec![Span::styled(" Log ", t.title())];
    if scroll > 0 {
        title.push(Span::styled(
            format!("· {scroll} lines back, End returns "),
            t.warn(),
        ));
    } else {
        title.push(Span::styled("· PgUp/PgDn scroll ", t.dim()));
    }
    Paragraph::new(lines)
        .block(panel(t, Line::from(title), false))
        .render(area, buf);
}

fn chat_pane(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let inner_w = area.width.saturating_sub(2) as usize;
    let inner_h = area.height.saturating_sub(2) as usize;
    let people = app.people();
    let mut rows: Vec<Line> = Vec::new();
    for l in &app.st().log {
        if let LogLine::Chat { from, text } = l {
            let color = people
                .names
                .iter()
                .position(|n| n == from)
                .and_then(|i| people.colors.get(i))
                .map_or(t.title(), |c| t.player(c));
            for (i, part) in wrap(text, inner_w.saturating_sub(from.len() + 3))
                .into_iter()
                .enumerate()
            {
                rows.push(Line::from(vec![
                    Span::styled(
                        if i == 0 {
                            format!(" {from}: ")
                        } else {
                            " ".repeat(from.len() + 3)
                        },
                        color,
                    ),
                    Span::raw(part),
                ]));
            }
        }
    }
    if rows.is_empty() {
        rows.push(Line::from(Span::styled(
            " No messages yet: m to chat.",
            t.dim(),
        )));
    }
    let start = rows.len().saturating_sub(inner_h);
    let title = Line::from(vec![
        Span::styled(" Chat ", t.title()),
        Span::styled("· m to write ", t.dim()),
    ]);
    Paragraph::new(rows[start..].to_vec())
        .block(panel(t, title, false))
        .render(area, buf);
}

/// What to do now, in words, for the status line.
pub fn prompt(app: &App) -> (String, Style) {
    let t = &app.theme;
    let st = app.st();
    if let Some(c) = &st.closed {
        return (format!("Disconnected: {c}. Press q to leave."), t.error());
    }
    if let Some(r) = app.ruleset() {
        return r.prompt(&app.ctx());
    }
    match &st.lobby {
            Some(l) if l.is_host && app.opts.local => (
                "Game setup. Enter (or s) starts, c changes colour, + / - bots, l a bot's level, k kicks."
                    .into(),
                t.title(),
            ),
            Some(l) if l.is_host => (
                "Waiting for players. s starts now (bots fill empty seats), + / - bots, l a bot's level, k kicks, r ready."
                    .into(),
                t.title(),
            ),
            Some(_) => (
                "Waiting for the host to start. r toggles ready, c changes colour, m chats.".into(),
                t.title(),
            ),
            None => ("Connecting to the host…".into(), t.dim()),
    }
}

fn status_line(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    if app.editing {
        let text: String = app.editor.text.iter().collect();
        let mut spans = vec![Span::styled(":", t.key())];
        let pos = app.editor.pos;
        let before: String = app.editor.text[..pos].iter().collect();
        let at: String = app
            .editor
            .text
            .get(pos)
            .map_or(" ".into(), |c| c.to_string());
        let after: String = app
            .editor
            .text
            .get(pos + 1..)
            .map_or(String::new(), |s| s.iter().collect());
        spans.push(Span::raw(before));
        spans.push(Span::styled(
            at,
            Style::new().add_modifier(Modifier::REVERSED),
        ));
        spans.push(Span::raw(after));
        let _ = text;
        Line::from(spans).render(area, buf);
        return;
    }
    let (text, style) = match &app.flash {
        Some(f) => (
            f.text.clone(),
            match f.kind {
                FlashKind::Error => t.error(),
                FlashKind::Good => t.good(),
                FlashKind::Info => t.title(),
            },
        ),
        None => prompt(app),
    };
    Line::from(vec![Span::raw(" "), Span::styled(text, style)]).render(area, buf);
}

fn footer(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let keys: Vec<(&str, &str)> = if app.editing {
        vec![
            ("Enter", "run"),
            ("Tab", "complete"),
            ("↑↓", "history"),
            ("Esc", "cancel"),
            ("say TEXT", "chat"),
        ]
    } else if app.st().update.is_none() {
        let host = app.st().lobby.as_ref().is_some_and(|l| l.is_host);
        let mut v = vec![("r", "ready"), ("c", "colour"), ("m", "chat")];
        if host {
            v.extend([
                ("s", "start"),
                ("+/-", "bots"),
                ("l", "level"),
                ("k", "kick"),
            ]);
        }
        v.extend([("?", "help"), ("q", "quit")]);
        v
    } else if app.watching() {
        vec![
            ("←↓↑→ hjkl", "look around"),
            ("n", "names"),
            ("m", "chat"),
            ("PgUp/Dn", "log"),
            ("?", "help"),
            ("q", "quit"),
        ]
    } else if app.ruleset().is_some_and(|r| r.keys() == Keys::CommandLine) {
        // Played from the command line: the board's spot keys do not apply.
        let mut v = vec![
            ("←↓↑→ hjkl", "look around"),
            (":", "command (:legal lists them)"),
            ("m", "chat"),
            ("n", "names"),
            ("PgUp/Dn", "log"),
        ];
        if app.hotseat() {
            v.push(("w", "next person"));
        }
        v.extend([("?", "help"), ("q", "quit")]);
        v
    } else {
        let mut v = vec![
            ("←↓↑→ hjkl", "move"),
            ("Tab", "next spot"),
            ("Enter", "place"),
            ("Esc", "cancel"),
            (":", "command"),
            ("m", "chat"),
            ("n", "names"),
            ("PgUp/Dn", "log"),
        ];
        if app.hotseat() {
            v.push(("w", "next person"));
        }
        v.extend([("?", "help"), ("q", "quit")]);
        v
    };
    let mut spans = Vec::new();
    let mut width = 0usize;
    for (k, label) in keys {
        let w = k.chars().count() + label.chars().count() + 3;
        if width + w > area.width as usize {
            break;
        }
        width += w;
        spans.push(Span::styled(format!(" {k}"), t.key()));
        spans.push(Span::styled(format!(" {label} "), t.dim()));
    }
    Line::from(spans).render(area, buf);
}

fn completions_popup(app: &App, a: Areas, buf: &mut Buffer) {
    let t = &app.theme;
    let typed = app.editor.line().to_ascii_lowercase();
    let (list, shown): (Vec<String>, Option<usize>) = match app.editor.completions() {
        Some((l, s)) => (l.to_vec(), s),
        None => (
            app.completions()
                .into_iter()
                .filter(|c| c.to_ascii_lowercase().starts_with(&typed))
                .collect(),
            None,
        ),
    };
    if list.is_empty() || typed.is_empty() && app.editor.completions().is_none() {
        return;
    }
    let w = a.status.width.min(100);
    let inner_w = w.saturating_sub(2) as usize;
    let mut lines: Vec<Line> = Vec::new();
    let mut cur: Vec<Span> = Vec::new();
    let mut used = 0usize;
    for (i, c) in list.iter().enumerate() {
        let len = c.chars().count() + 2;
        if used + len > inner_w {
            lines.push(Line::from(std::mem::take(&mut cur)));
            used = 0;
            if lines.len() >= 4 {
                break;
            }
        }
        used += len;
        cur.push(Span::styled(
            format!(" {c} "),
            if shown == Some(i) {
                t.selected()
            } else {
                Style::new()
            },
        ));
    }
    if !cur.is_empty() && lines.len() < 4 {
        lines.push(Line::from(cur));
    }
    let h = lines.len() as u16 + 2;
    let rect = Rect::new(a.status.x, a.status.y.saturating_sub(h), w, h);
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(panel(
            t,
            Span::styled(format!(" {} matches · Tab ", list.len()), t.title()),
            true,
        ))
        .render(rect, buf);
}

fn waiting_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let st = app.st();
    let mut lines = Vec::new();
    match (&st.game, &st.lobby) {
        (None, _) => {
            lines.push(Line::from(Span::styled(
                st.closed
                    .clone()
                    .map_or("Connecting to the host…".into(), |c| {
                        format!("Could not join: {c}")
                    }),
                t.title(),
            )));
        }
        (Some(g), lobby) => {
            lines.push(Line::from(Span::styled(format!(" {}", g.name), t.title())));
            lines.push(Line::from(Span::styled(
                format!(" {} · waiting for the game to start", g.variant),
                t.dim(),
            )));
            lines.push(Line::raw(""));
            if let Some(l) = lobby {
                for (i, s) in l.seats.iter().enumerate() {
                    let mut spans = vec![Span::styled(format!(" seat {} ", i + 1), t.dim())];
                    match s {
                        Some(s) => {
                            let st = t.player(&s.color);
                            spans.push(Span::styled(
                                s.color.chars().next().unwrap_or('?').to_string(),
                                st,
                            ));
                            spans.push(Span::raw(" "));
                            spans.push(Span::styled(format!("{:<18}", s.name), st));
                            spans.push(Span::styled(format!("{:<8}", s.color), t.dim()));
                            spans.push(if s.bot {
                                Span::styled(
                                    match &s.level {
                                        Some(level) => format!("bot · {level}"),
                                        None => "bot".into(),
                                    },
                                    t.dim(),
                                )
                            } else if s.ready {
                                Span::styled("ready", t.good())
                            } else {
                                Span::styled("not ready", t.warn())
                            });
                            if Some(i as Seat) == l.you {
                                spans.push(Span::styled("  ← you", t.key()));
                            }
                        }
                        None => spans.push(Span::styled("(empty)", t.dim())),
                    }
                    lines.push(Line::from(spans));
                }
                lines.push(Line::raw(""));
            }
            if !app.opts.notes.is_empty() {
                lines.push(Line::from(Span::styled(" Players join with:", t.title())));
                for n in &app.opts.notes {
                    lines.push(Line::from(Span::styled(format!("     {n}"), t.key())));
                }
                lines.push(Line::raw(""));
            }
            if let Some(k) = &app.opts.host_key {
                for (i, l) in k.lines().enumerate() {
                    let label = if i == 0 { "Host key" } else { "" };
                    let style = if i == 0 { t.key() } else { t.dim() };
                    lines.push(Line::from(vec![
                        Span::styled(format!(" {label:<22}"), t.dim()),
                        Span::styled(l.to_string(), style),
                    ]));
                }
                lines.push(Line::raw(""));
            }
            for (k, v) in &g.settings {
                lines.push(Line::from(vec![
                    Span::styled(format!(" {k:<22}"), t.dim()),
                    Span::raw(v.clone()),
                ]));
            }
        }
    }
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = centered(area, 78, h);
    Paragraph::new(lines)
        .block(panel(t, Span::styled(" Lobby ", t.title()), true))
        .render(rect, buf);
}

fn pass_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    Clear.render(area, buf);
    let s = &app.sessions[app.active];
    let people = app.people();
    let mut name = vec![Span::styled("Pass the keyboard to ", t.title())];
    match s.st.seat {
        Some(seat) => name.extend(people.label(seat, t)),
        None => name.push(Span::styled(s.name.clone(), t.title())),
    }
    let why = app
        .ruleset()
        .map(|r| r.pass_text(&app.ctx()))
        .unwrap_or_default();
    let lines = vec![
        Line::raw(""),
        Line::from(name),
        Line::raw(""),
        Line::from(Span::styled(why, t.dim())),
        Line::raw(""),
        Line::from(Span::styled(
            "Hands stay hidden until the right person is at the keys.",
            t.dim(),
        )),
        Line::raw(""),
        Line::from(vec![
            Span::raw("Press "),
            Span::styled("Enter", t.key()),
            Span::raw(format!(" when {} is at the keyboard.", s.name)),
        ]),
        Line::raw(""),
    ];
    let rect = centered(area, 64, lines.len() as u16 + 2);
    Paragraph::new(lines)
        .alignment(ratatui::layout::Alignment::Center)
        .block(panel(t, Span::styled(" Hot seat ", t.title()), true))
        .render(rect, buf);
}

fn confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let alone = app.hotseat() || app.opts.local || app.sessions[app.active].is_host;
    let mut lines = vec![
        Line::raw(""),
        Line::from(Span::styled("  Quit catan?", t.title())),
        Line::raw(""),
    ];
    if app.opts.hosting || app.sessions[app.active].is_host {
        lines.push(Line::from(Span::styled(
            "  You host this game: it ends for everyone.",
            t.warn(),
        )));
    } else if alone {
        lines.push(Line::from(Span::styled(
            "  The game at this terminal ends with it.",
            t.dim(),
        )));
    } else if !app.watching() && app.view().is_some_and(|v| v.phase != "over") {
        lines.push(Line::from(Span::styled(
            "  A bot plays your seat until you come back.",
            t.dim(),
        )));
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![
        Span::raw("  "),
        Span::styled("y", t.key()),
        Span::raw(" quit    "),
        Span::styled("n", t.key()),
        Span::raw(" / Esc stay"),
    ]));
    let rect = centered(area, 50, lines.len() as u16 + 2);
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(panel(t, Span::styled(" Quit ", t.title()), true))
        .render(rect, buf);
}

/// The keys every ruleset shares, for the help screen; the ruleset adds its action keys
/// ([`crate::tui::ruleset::RulesetUi::action_keys`]).
pub const KEYS: &[(&str, &str)] = &[
    (
        "← ↓ ↑ → / h j k l",
        "move the cursor between corners, edges and hexes",
    ),
    (
        "Shift+arrows / H J K L",
        "pan the board when it is larger than its pane",
    ),
    (
        "[ / ]",
        "Big Game: bring the previous / next board into view",
    ),
    ("Tab / Shift+Tab", "jump to the next / previous legal spot"),
    ("Enter / Space", "do the chosen action at the cursor"),
    (
        "mouse click",
        "put the cursor there; click again to confirm",
    ),
    ("Esc / x", "drop the chosen action"),
    (
        ":",
        "command line: the commands below; Tab completes, ↑↓ history",
    ),
    ("m", "chat with the table"),
    ("n", "hex names on the board on / off"),
    ("PgUp / PgDn / End", "scroll the log"),
    ("w", "hot seat: hand the keyboard to the next person"),
    ("g", "results, once the game is over"),
    ("?", "this help"),
    ("q then y", "quit; Ctrl-C quits at once"),
    ("lobby: r / Enter", "ready or not"),
    ("lobby: c", "take the next free colour"),
    (
        "lobby: s, + / -",
        "host only: start now (bots fill the seats), add or remove a bot",
    ),
    ("lobby: k", "host only: kick a seat (`kick 3`)"),
    (
        "lobby: l",
        "host only: a bot seat's next level, easy → medium → hard (`level 3`)",
    ),
    ("hot-seat setup: Enter", "start the game"),
];

/// The action keys of the rulesets played by turns with a roll (base, Big Game, Risk).
pub const BASE_ACTION_KEYS: &[(&str, &str)] = &[
    ("r", "roll the dice"),
    (
        "o / s / c",
        "build a road / settlement / city: highlights the spots",
    ),
    ("b", "buy a development card"),
    ("p", "play a development card"),
    ("t", "trade with players or the bank"),
    ("a", "answer offers (accept, decline, counter, withdraw)"),
    ("d", "discard after a 7 (opens by itself)"),
    ("e", "end your turn"),
];

fn help_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let mut lines = vec![Line::from(Span::styled(" Keys", t.title()))];
    let actions = app.ruleset().map_or(BASE_ACTION_KEYS, |r| r.action_keys());
    for (k, what) in KEYS.iter().chain(actions) {
        lines.push(Line::from(vec![
            Span::styled(format!("  {k:<24}"), t.key()),
            Span::raw(*what),
        ]));
    }
    // The game's own language, once the host has said which game it is: no ruleset's
    // words stand in for another's.
    if let Some(g) = app.st().game.as_ref() {
        lines.push(Line::raw(""));
        lines.push(Line::from(Span::styled(
            " The command line (:) speaks the game's language",
            t.title(),
        )));
        for l in g.help.lines() {
            lines.push(Line::raw(format!("  {l}")));
        }
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(" Client words", t.title())));
    lines.push(Line::raw(
        "  say TEXT (chat) · names · legal · ready / unready · color NAME · help · quit · host: start · addbot · removebot · kick SEAT · level SEAT",
    ));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(" The board", t.title())));
    lines.push(Line::raw(
        "  A settlement is its owner's letter in lower case on a corner, a city the upper case;",
    ));
    lines.push(Line::raw(format!(
        "  a road is the letter on an edge, a ship (Big Game) {} on an edge in its owner's colour.",
        crate::board::render::SHIP
    )));
    lines.push(Line::raw("  @@ is the robber; 3:1 and 2:1 mark harbours."));
    lines.push(Line::raw(
        "  Hex names (A, B, …) sit above the labels; corners are HEX.CORNER (C.nw), edges HEX.SIDE (C.n).",
    ));
    let w = area.width.min(110);
    let h = area.height;
    let rect = centered(area, w, h);
    let inner_h = h.saturating_sub(2) as usize;
    let max = lines.len().saturating_sub(inner_h) as u16;
    let scroll = app.help.unwrap_or(0).min(max);
    Clear.render(rect, buf);
    let mut block = panel(
        t,
        Span::styled(" Help · ↑↓ PgUp PgDn scroll · Esc closes ", t.title()),
        true,
    );
    if max > 0 {
        block = block.title_bottom(Line::from(Span::styled(
            format!(" {}/{} ", scroll, max),
            t.dim(),
        )));
    }
    Paragraph::new(lines)
        .scroll((scroll, 0))
        .block(block)
        .render(rect, buf);
}

fn results_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let Some(v) = base_view(app.st()) else { return };
    let people = app.people();
    let mut lines = Vec::new();
    let mut head = vec![Span::raw("  ")];
    match v.winner {
        Some(w) => {
            head.extend(people.label(w, t));
            head.push(Span::styled(
                if Some(w) == app.me() {
                    " — you win!"
                } else {
                    " wins!"
                },
                t.good(),
            ));
        }
        None => head.push(Span::styled("The game is over.", t.title())),
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(head));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(
        "  Standings        VP  knights  road  produced",
        t.dim(),
    )));
    let mut order: Vec<&crate::variants::base::view::PlayerPublic> = v.players.iter().collect();
    order.sort_by_key(|p| {
        (
            std::cmp::Reverse(v.winner == Some(p.seat)),
            std::cmp::Reverse(p.vp),
        )
    });
    for (rank, p) in order.iter().enumerate() {
        let produced = v.produced.get(p.seat as usize).map_or(0, |s| s.total());
        let mut spans = vec![Span::styled(format!("  {}. ", rank + 1), t.dim())];
        let label = people.label(p.seat, t);
        let len: usize = label.iter().map(|s| s.content.chars().count()).sum();
        spans.extend(label);
        spans.push(Span::raw(" ".repeat(14usize.saturating_sub(len))));
        spans.push(Span::styled(format!("{:>3}", p.vp), t.title()));
        let mut tags = String::new();
        if p.longest_road {
            tags.push_str(" LR");
        }
        if p.largest_army {
            tags.push_str(" LA");
        }
        spans.push(Span::raw(format!(
            "{:>9}{:>6}{:>10}{tags}",
            p.knights, p.road_length, produced
        )));
        lines.push(Line::from(spans));
    }
    lines.push(Line::from(Span::styled(
        "  (VP shows what the table can see; the winner's hidden cards are revealed in the log.)",
        t.dim(),
    )));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled("  Dice rolled", t.title())));
    let max = v.dice[2..=12].iter().copied().max().unwrap_or(0).max(1);
    let total: u32 = v.dice[2..=12].iter().sum();
    for n in 2..=12usize {
        let c = v.dice[n];
        let bar = (c * 40).div_ceil(max) as usize;
        lines.push(Line::from(vec![
            Span::styled(
                format!("  {n:>2} "),
                if n == 7 { t.error() } else { t.dim() },
            ),
            Span::styled(
                "█".repeat(bar),
                if n == 6 || n == 8 {
                    t.error()
                } else {
                    t.notice()
                },
            ),
            Span::raw(format!(" {c}")),
        ]));
    }
    lines.push(Line::from(Span::styled(
        format!("     {total} rolls"),
        t.dim(),
    )));
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(
        "  Resources produced   lumber brick  wool grain   ore",
        t.title(),
    )));
    for p in &v.players {
        let s = v.produced.get(p.seat as usize).copied().unwrap_or_default();
        let mut spans = vec![Span::raw("  ")];
        let label = people.label(p.seat, t);
        let len: usize = label.iter().map(|s| s.content.chars().count()).sum();
        spans.extend(label);
        spans.push(Span::raw(" ".repeat(19usize.saturating_sub(len))));
        spans.push(Span::raw(format!(
            "{:>6}{:>6}{:>6}{:>6}{:>6}",
            s.0[0], s.0[1], s.0[2], s.0[3], s.0[4]
        )));
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![
        Span::raw("  "),
        Span::styled("Esc", t.key()),
        Span::raw(" look at the board   "),
        Span::styled("g", t.key()),
        Span::raw(" these results again   "),
        Span::styled("q", t.key()),
        Span::raw(" quit"),
    ]));
    let h = (lines.len() as u16 + 2).min(area.height);
    let rect = centered(area, 90, h);
    scrolling_panel(
        t,
        Span::styled(" Game over ", t.title()),
        lines,
        app.results_scroll,
        rect,
        buf,
    );
}
