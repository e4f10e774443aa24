//! Whole screens drawn over the game: waiting for the host, pass the device, quit?,
//! the help page and the built-in results.

use super::app::App;
use super::lines::list_lines;
use super::log_pane::wrap;
use super::ruleset::Phase;
use super::widgets::{centered, panel, scrolling_panel};
use crate::engine::Seat;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Widget};

pub(super) fn waiting_screen(app: &App, area: Rect, buf: &mut Buffer) {
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
                format!(
                    " {} · waiting for the game to start",
                    crate::variants::title_of(&g.variant)
                ),
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
            lines.extend(join_lines(app));
            for (k, v) in &g.settings {
                // The ruleset's row names it for people.
                let v = match k.as_str() {
                    "variant" => crate::variants::title_of(v).to_string(),
                    _ => v.clone(),
                };
                lines.push(Line::from(vec![
                    Span::styled(format!(" {k:<22}"), t.dim()),
                    Span::raw(v),
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

/// How others join this game (the host's `catan join` and `ssh` lines) and the host's key
/// with how it was checked, each block followed by a blank line; empty when this terminal
/// knows neither.
fn join_lines(app: &App) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut lines = Vec::new();
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
    lines
}

/// The join panel (`i`): how others join and the host's key, over the game, so a host whose
/// game started at once can still tell guests what to type.
pub(super) fn join_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let mut lines = join_lines(app);
    lines.pop();
    let width = lines.iter().map(|l| l.width()).max().unwrap_or(0) as u16 + 4;
    let rect = centered(area, width.max(40), lines.len() as u16 + 2);
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .wrap(ratatui::widgets::Wrap { trim: false })
        .block(panel(
            t,
            Span::styled(" How to join · Esc closes ", t.title()),
            true,
        ))
        .render(rect, buf);
}

pub(super) fn pass_screen(app: &App, area: Rect, buf: &mut Buffer) {
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

pub(super) fn confirm_quit(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let local = app.hotseat() || app.opts.local;
    let mut lines = vec![
        Line::raw(""),
        Line::from(Span::styled("  Quit catan?", t.title())),
        Line::raw(""),
    ];
    if !local && (app.opts.hosting || app.sessions[app.active].is_host) {
        lines.push(Line::from(Span::styled(
            "  You host this game: it stops for everyone.",
            t.warn(),
        )));
        if app.opts.saved && app.phase().is_some_and(|p| p != Phase::Over) {
            lines.push(Line::from(Span::styled(
                "  It is saved: `catan host --resume` brings",
                t.dim(),
            )));
            lines.push(Line::from(Span::styled(
                "  everyone back (the file is named on exit).",
                t.dim(),
            )));
        }
    } else if local {
        lines.push(Line::from(Span::styled(
            "  The game at this terminal ends with it.",
            t.dim(),
        )));
    } else if !app.watching() && app.phase().is_some_and(|p| p != Phase::Over) {
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

/// The cursor's keys, as the help lists them.
const ARROWS: &str = "← ↓ ↑ → / h j k l";

/// The keys every ruleset shares, for the help screen; the ruleset adds its action keys
/// ([`crate::tui::ruleset::RulesetUi::action_keys`]).
pub const KEYS: &[(&str, &str)] = &[
    (ARROWS, "move the cursor between corners, edges and hexes"),
    (
        "Shift+arrows / H J K L",
        "pan the board when it is larger than its pane",
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
    (
        "y",
        "hint: what the hard bot would play now, and why (if the host allows)",
    ),
    (
        "g",
        "results, once the game is over; Tab there shows the review",
    ),
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

/// The action keys every Catan with buildings, cards and trades shares.
pub const BUILD_TRADE_KEYS: &[(&str, &str)] = &[
    (
        "o / s / c",
        "build a road / settlement / city: highlights the spots",
    ),
    ("b", "buy a development card"),
    ("p", "play a development card"),
    ("t", "trade with players or the bank"),
    ("a", "answer offers (accept, decline, counter, withdraw)"),
    ("d", "discard after a 7 (opens by itself)"),
];

/// The action keys of a game played by turns with a roll.
pub fn turn_action_keys() -> Vec<(&'static str, &'static str)> {
    let mut v = vec![("r", "roll the dice")];
    v.extend_from_slice(BUILD_TRADE_KEYS);
    v.push(("e", "end your turn"));
    v
}

/// Where the help is drawn over `area` (the screen under the top bar).
pub(super) fn help_rect(area: Rect) -> Rect {
    centered(area, area.width.min(110), area.height)
}

/// `text` wrapped to `width` columns after `lead` (its first line) and under `indent` spaces
/// (the rest), so a long row keeps its column instead of running past the edge.
fn hanging_at(lead: Span<'static>, text: &str, width: usize, indent: usize) -> Vec<Line<'static>> {
    let first = lead.content.chars().count();
    let style = lead.style;
    wrap(text, width.saturating_sub(first.max(indent)).max(8))
        .into_iter()
        .enumerate()
        .map(|(i, part)| {
            let head = if i == 0 {
                lead.clone()
            } else {
                Span::styled(" ".repeat(indent), style)
            };
            Line::from(vec![head, Span::raw(part)])
        })
        .collect()
}

/// [`hanging_at`] under the lead's own width.
fn hanging(lead: Span<'static>, text: &str, width: usize) -> Vec<Line<'static>> {
    let indent = lead.content.chars().count();
    hanging_at(lead, text, width, indent)
}

/// One row of a ruleset's command help, read back from the text the line mode prints: that
/// text is broken to fit 80 columns, and the help screen wraps to its own width instead.
#[derive(Debug, PartialEq)]
enum HelpRow {
    /// Sentences at the left edge, joined across the line breaks of the source.
    Prose(String),
    /// A command, and what it does starting at column `at` (where two spaces end the
    /// command's own words), or nothing.
    Entry {
        indent: usize,
        head: String,
        at: usize,
        what: String,
    },
}

/// A deeper line with no command of its own goes on with the description above it.
const CONTINUATION_STEP: usize = 8;

fn help_rows(help: &str) -> Vec<HelpRow> {
    let mut rows: Vec<HelpRow> = Vec::new();
    for l in help.lines() {
        let indent = l.len() - l.trim_start().len();
        let body = l.trim();
        if body.is_empty() {
            continue;
        }
        let split = body.find("  ").map(|i| {
            let what = body[i..].trim_start();
            (i, indent + body.len() - what.len(), what)
        });
        match (rows.last_mut(), split) {
            // A sentence goes on across the break; a heading or a new sentence starts anew.
            (Some(HelpRow::Prose(p)), None) if indent == 0 && !p.ends_with([':', '.']) => {
                p.push(' ');
                p.push_str(body);
            }
            (
                Some(HelpRow::Entry {
                    indent: above,
                    at,
                    what,
                    ..
                }),
                None,
            ) if indent >= *above + CONTINUATION_STEP => {
                if what.is_empty() {
                    *at = indent;
                } else {
                    what.push(' ');
                }
                what.push_str(body);
            }
            (_, None) if indent == 0 => rows.push(HelpRow::Prose(body.to_string())),
            (_, None) => rows.push(HelpRow::Entry {
                indent,
                head: body.to_string(),
                at: 0,
                what: String::new(),
            }),
            (_, Some((i, at, what))) => rows.push(HelpRow::Entry {
                indent,
                head: body[..i].to_string(),
                at,
                what: what.to_string(),
            }),
        }
    }
    rows
}

/// The game's command help as screen lines `width` wide: prose wrapped at the margin, each
/// description under its column (or under the command when the screen is too narrow for
/// the column), a command too long for one row hanging under itself.
fn command_help_lines(help: &str, width: usize) -> Vec<Line<'static>> {
    let rows = help_rows(help);
    // The column most descriptions start at: every description goes there (a row of the
    // source that starts its own later, after a long command, is brought back to it).
    let mut starts: Vec<usize> = rows
        .iter()
        .filter_map(|r| match r {
            HelpRow::Entry { at, what, .. } if !what.is_empty() => Some(*at),
            _ => None,
        })
        .collect();
    starts.sort_unstable();
    let common = starts
        .chunk_by(|a, b| a == b)
        .max_by_key(|run| (run.len(), std::cmp::Reverse(run[0])))
        .map(|run| run[0]);
    let mut lines = Vec::new();
    for row in rows {
        match row {
            HelpRow::Prose(p) => lines.extend(hanging(Span::raw("  "), &p, width)),
            HelpRow::Entry {
                indent, head, what, ..
            } if what.is_empty() => {
                let lead = 2 + indent;
                lines.extend(hanging_at(
                    Span::raw(" ".repeat(lead)),
                    &head,
                    width,
                    lead + 2,
                ));
            }
            HelpRow::Entry {
                indent,
                head,
                at,
                what,
            } => {
                let lead = format!("{}{head}", " ".repeat(2 + indent));
                let column = 2 + common.unwrap_or(at);
                if column < lead.chars().count() + 2 && column <= width / 2 {
                    // The command is longer than the column: its description goes below.
                    lines.push(Line::raw(lead));
                    lines.extend(hanging(Span::raw(" ".repeat(column)), &what, width));
                } else if column <= width / 2 {
                    lines.extend(hanging(Span::raw(format!("{lead:<column$}")), &what, width));
                } else {
                    lines.extend(hanging_at(
                        Span::raw(" ".repeat(2 + indent)),
                        &head,
                        width,
                        4 + indent,
                    ));
                    lines.extend(hanging(Span::raw(" ".repeat(6 + indent)), &what, width));
                }
            }
        }
    }
    lines
}

/// The help's last scroll position and its page (rows inside the panel, less one kept from
/// the page before), on a screen of `size`.
pub(super) fn help_scroll(app: &App, size: Rect) -> (u16, u16) {
    let rect = help_rect(help_body(size));
    let lines = help_lines(app, rect.width.saturating_sub(3) as usize).len();
    let inner = rect.height.saturating_sub(2);
    (
        lines.saturating_sub(inner as usize) as u16,
        inner.saturating_sub(1).max(1),
    )
}

/// The screen under the top bar and above the status lines, where the help is drawn.
pub(super) fn help_body(area: Rect) -> Rect {
    Rect::new(
        area.x,
        area.y + 1,
        area.width,
        area.height.saturating_sub(3),
    )
}

pub(super) fn help_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let rect = help_rect(area);
    // A column of margin on the right, as on the left.
    let lines = help_lines(app, rect.width.saturating_sub(3) as usize);
    let h = rect.height;
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

/// The help's lines, `width` columns wide: the keys, the game's command language, the
/// client's own words and how to read the board.
pub(super) fn help_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let t = &app.theme;
    let mut lines = vec![Line::from(Span::styled(" Keys", t.title()))];
    // The game's action keys, then its own keys.
    let (actions, own) = match app.ruleset() {
        Some(r) => (r.action_keys(), r.own_keys()),
        None => (turn_action_keys(), &[][..]),
    };
    let hexes_only = app.ruleset().is_some_and(|r| !r.corners_and_edges());
    let mut rows: Vec<(String, String)> = KEYS
        .iter()
        .chain(&actions)
        .map(|(k, what)| match (*k, hexes_only) {
            (ARROWS, true) => (
                k.to_string(),
                "step to a neighbouring hex (↑↓ up and down the column, ←→ zigzag along the row)"
                    .to_string(),
            ),
            _ => (k.to_string(), what.to_string()),
        })
        .collect();
    // A key the ruleset gives a meaning of its own as well is one row, both meanings on it.
    for o in own {
        let key = o.key.to_string();
        match rows.iter_mut().find(|(k, _)| *k == key) {
            Some((_, what)) => *what = format!("{what}; {}", o.help),
            None => rows.push((key, o.help.to_string())),
        }
    }
    for (k, what) in &rows {
        lines.extend(hanging(
            Span::styled(format!("  {k:<24}"), t.key()),
            what,
            width,
        ));
    }
    // The game's own language, once the host has said which game it is: no ruleset's
    // words stand in for another's.
    if let Some(g) = app.st().game.as_ref() {
        lines.push(Line::raw(""));
        lines.push(Line::from(Span::styled(
            " The command line (:) speaks the game's language",
            t.title(),
        )));
        lines.extend(command_help_lines(&g.help, width));
    }
    let para = |lines: &mut Vec<Line<'static>>, text: &str| {
        lines.extend(hanging(Span::raw("  "), text, width));
    };
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(" Client words", t.title())));
    let words: Vec<String> = [
        "say TEXT (chat)",
        "names",
        "legal",
        "ready / unready",
        "color NAME",
        "help",
        "quit",
        "host: start",
        "addbot",
        "removebot",
        "kick SEAT",
        "level SEAT",
    ]
    .map(String::from)
    .to_vec();
    for l in list_lines(t, "", &words, " ·", Style::default(), width - 1) {
        let mut spans = vec![Span::raw(" ")];
        spans.extend(l.spans);
        lines.push(Line::from(spans));
    }
    lines.push(Line::raw(""));
    lines.push(Line::from(Span::styled(" The board", t.title())));
    if let Some(words) = app.ruleset().and_then(|r| r.board_words()) {
        for w in words {
            para(&mut lines, w);
        }
        return lines;
    }
    para(
        &mut lines,
        &format!(
            "A settlement is its owner's letter in lower case on a corner, a city the upper case; a road is the letter on an edge, a ship {} on an edge in its owner's colour (where ships sail). @@ is the robber; 3:1 and 2:1 mark harbours.",
            crate::board::render::SHIP
        ),
    );
    para(
        &mut lines,
        "Hex names (A, B, …) sit above the labels; corners are HEX.CORNER (C.nw), edges HEX.SIDE (C.n).",
    );
    lines
}

pub(super) fn results_screen(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let Some(mut lines) = app.ruleset().and_then(|r| r.results_lines(&app.ctx())) else {
        return;
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_description_starts_at_the_common_column() {
        let text = |lines: &[Line]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        let help = "Commands:\n  road C.n        build a road\n  end             you are done\n  offer 1 brick for 1 ore [to 2]   propose a trade\n";
        let rows = text(&command_help_lines(help, 80));
        assert_eq!(rows[1], "    road C.n        build a road");
        assert_eq!(rows[2], "    end             you are done");
        assert_eq!(rows[3], "    offer 1 brick for 1 ore [to 2]");
        assert_eq!(rows[4], "                    propose a trade", "{rows:#?}");
    }
}
