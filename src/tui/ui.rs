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

use super::app::{App, FlashKind};
use super::layout::{Areas, MIN_H, MIN_W};
use super::lines::fmt_secs;
use super::ruleset::{Keys, PanelPlace};
use super::theme::Theme;
use super::widgets::{fit_line, panel};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget, Wrap};

use super::log_pane::{chat_pane, log_pane, wrap};
use super::panes::{actions_pane, board_pane};
use super::screens::{
    confirm_quit, help_body, help_screen, join_screen, pass_screen, results_screen, waiting_screen,
};

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
            status_and_footer(self, a.status, a.footer, buf);
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
                        r.players_pane(&cx, a.players, buf);
                        r.hand_pane(&cx, a.you, buf);
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
            if let (Some(d), Some(r)) = (a.dice, self.ruleset()) {
                r.dice_pane(&self.ctx(), d, buf);
            }
            status_and_footer(self, a.status, a.footer, buf);
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
        let body = help_body(area);
        if self.help.is_some() {
            help_screen(self, body, buf);
        }
        if self.join_info {
            join_screen(self, body, buf);
        }
        if self.confirm_quit {
            confirm_quit(self, body, buf);
        }
    }
}

pub(super) fn too_small(t: &Theme, area: Rect, buf: &mut Buffer) {
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

pub(super) fn top_bar(app: &App, area: Rect, buf: &mut Buffer) {
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
    let people = app.people();
    let ruleset = app.ruleset();
    if let Some(g) = &st.game
        && !compact
    {
        left.push(Span::styled(g.name.clone(), t.title()));
        // The ruleset's name, unless what it says of the game names it already.
        let title = crate::variants::title_of(&g.variant);
        let named = ruleset
            .as_ref()
            .is_some_and(|r| r.phase_text(&app.ctx()).starts_with(title));
        if !named {
            left.push(Span::styled(format!(" · {title}"), t.dim()));
        }
    }
    if let Some(r) = &ruleset {
        let text = r.phase_text(&app.ctx());
        if let Some(turn) = r.turn() {
            if turn > 0 && !compact {
                left.push(Span::styled(format!(" · turn {turn}"), t.dim()));
            }
            left.push(Span::raw("  "));
            left.push(Span::styled(
                text,
                if app.my_turn() { t.good() } else { t.title() },
            ));
            if let Some((a, b)) = r.last_roll() {
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
        left.push(Span::styled("  lobby: waiting for players", t.title()));
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
        let room = area.width - rw - 1;
        fit_line(left, room as usize).render(Rect::new(area.x, area.y, room, 1), buf);
        right.render(Rect::new(area.x + area.width - rw, area.y, rw, 1), buf);
    } else {
        left.render(area, buf);
    }
}

/// What to do now, in words, for the status line.
pub fn prompt(app: &App) -> (String, Style) {
    let t = &app.theme;
    let st = app.st();
    if let Some(c) = &st.closed {
        return (format!("Disconnected: {c}. Press q to leave."), t.error());
    }
    if st.reconnecting {
        let held = if app.watching() {
            ""
        } else {
            " Your seat is held."
        };
        let what = if st.host_stopped {
            "The host stopped the game; waiting for it to resume…"
        } else {
            "Connection to the host lost; reconnecting…"
        };
        return (format!("{what}{held}"), t.warn());
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

pub(super) fn status_line(app: &App, area: Rect, buf: &mut Buffer) {
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
    let (text, style) = status_text(app);
    Line::from(vec![Span::raw(" "), Span::styled(text, style)]).render(area, buf);
}

/// What the status line says now: the message shown (a refusal, a confirmation) or what to
/// do next.
fn status_text(app: &App) -> (String, Style) {
    let t = &app.theme;
    match &app.flash {
        Some(f) => {
            let text = match f.kind {
                // The prompt stays: it says what the turn asks for (and whose it is, if it
                // begins so).
                FlashKind::YourTurn => {
                    let (ask, _) = prompt(app);
                    if ask.starts_with("Your ") {
                        ask
                    } else {
                        format!("{} {ask}", f.text)
                    }
                }
                _ => f.text.clone(),
            };
            let style = match f.kind {
                FlashKind::Error => t.error(),
                FlashKind::Good | FlashKind::YourTurn => t.good(),
                FlashKind::Info | FlashKind::Sent => t.title(),
            };
            (text, style)
        }
        None => prompt(app),
    }
}

/// The status line and the keys under it. A status longer than the line (a refusal that
/// explains a rule, a long hint) wraps onto the keys' row instead of being cut: what the
/// game says matters more than the list of keys, which returns with the next message.
fn status_and_footer(app: &App, status: Rect, keys: Rect, buf: &mut Buffer) {
    if !app.editing {
        let (text, style) = status_text(app);
        let width = status.width.saturating_sub(2) as usize;
        let mut parts = wrap(&text, width);
        if parts.len() > 1 && keys.height > 0 && keys.y == status.y + 1 {
            if parts.len() > 2 {
                let mut second = parts[1].clone();
                while second.chars().count() + 2 > width {
                    match second.rfind(' ') {
                        Some(i) => second.truncate(i),
                        None => break,
                    }
                }
                parts[1] = format!("{second} …");
            }
            for (row, part) in parts.iter().take(2).enumerate() {
                Line::from(vec![Span::raw(" "), Span::styled(part.clone(), style)]).render(
                    Rect::new(status.x, status.y + row as u16, status.width, 1),
                    buf,
                );
            }
            return;
        }
    }
    status_line(app, status, buf);
    footer(app, keys, buf);
}

pub(super) fn footer(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    if app.editing
        && let Some(f) = app.flash.as_ref().filter(|f| f.kind == FlashKind::Error)
    {
        // A warning that held a typed command back ("… Enter again sends it") shows under
        // the line it holds, in place of the editing keys.
        Line::from(vec![
            Span::raw(" "),
            Span::styled(f.text.clone(), t.error()),
        ])
        .render(area, buf);
        return;
    }
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
        // Played by the game's own keys and the command line: the board's spot keys do
        // not apply.
        let mut v = vec![("←↓↑→ hjkl", "move")];
        v.extend(app.ruleset().and_then(|r| r.own_keys_hint()));
        v.extend([
            (":", "command (:legal lists them)"),
            ("m", "chat"),
            ("n", "names"),
            ("PgUp/Dn", "log"),
        ]);
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
    // Help, quit and the join panel are always named; the other keys as room allows, in
    // their order.
    let mut keys = keys;
    if app.has_join_info() && !app.editing {
        keys.insert(keys.len().saturating_sub(2), ("i", "join"));
    }
    let always = |k: &str| matches!(k, "?" | "q" | "i");
    let cost = |k: &str, label: &str| k.chars().count() + label.chars().count() + 3;
    let mut room = (area.width as usize).saturating_sub(
        keys.iter()
            .filter(|(k, _)| always(k))
            .map(|(k, l)| cost(k, l))
            .sum(),
    );
    let mut spans = Vec::new();
    for (k, label) in keys {
        if !always(k) {
            let w = cost(k, label);
            if w > room {
                continue;
            }
            room -= w;
        }
        spans.push(Span::styled(format!(" {k}"), t.key()));
        spans.push(Span::styled(format!(" {label} "), t.dim()));
    }
    Line::from(spans).render(area, buf);
}

pub(super) fn completions_popup(app: &App, a: Areas, buf: &mut Buffer) {
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
